//go:build !race

package wasmgen

const raceEnabled = false
