//go:build race

package wasmmath

// raceEnabled shrinks the accuracy tests' sample counts under -race, where
// the Go-side references run several times slower.
const raceEnabled = true
