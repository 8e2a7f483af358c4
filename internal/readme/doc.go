// Package readme checks that the README stays true: its test extracts
// every Go snippet (a ```go block) and compiles it as an Example — run
// and compared when the snippet ends with an "// Output:" comment — and
// runs every command of a ```sh block written with "$ " prompts, comparing
// what it prints with the lines the README shows under it. A block whose
// fence says "norun" (```sh norun, ```go norun) is left alone.
//
// The package holds no code: the generated example is laid over it with
// go's -overlay flag, so nothing is written into the source tree.
package readme
