//go:build race

package wasmgen

// raceEnabled shrinks the accuracy tests' sample counts under -race, where
// the Go-side references run several times slower.
const raceEnabled = true
