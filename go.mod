module github.com/sandjit/sandjit

go 1.26.8

require (
	github.com/bytecodealliance/wasmtime-go/v39 v39.0.1
	github.com/tetratelabs/wazero v1.12.0
)

require (
	golang.org/x/sync v0.25.0 // indirect
	golang.org/x/sys v0.44.0 // indirect
)
