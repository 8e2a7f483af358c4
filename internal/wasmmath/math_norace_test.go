//go:build !race

package wasmmath

const raceEnabled = false
