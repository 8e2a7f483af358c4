// Package wasm encodes WebAssembly modules with 128-bit SIMD: the opcode
// table (core and SIMD; Opcode, NumOpcodes), a function builder (Func with
// one method per instruction shape), an encoder per section (Module.Encode,
// which checks that blocks balance) and a deterministic text form
// (Module.WAT, which wabt's wat2wasm reads back).
//
// It knows nothing of tensors or of sandjit's ABI: the modules it encodes
// import one memory ("env" "memory") and define and export functions; they
// have no tables, globals, data or start function, and the encoder has no
// API for them.
package wasm
