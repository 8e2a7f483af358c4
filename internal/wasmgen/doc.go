// Package wasmgen turns sandjit's loop IR (package loopir) into a
// WebAssembly module with 128-bit SIMD, built with package wasm's encoder
// and calling package wasmmath's vectorized math library from its SIMD
// loops.
//
// Compile takes a verified loop IR program and gives a module exporting
// abi_version, main(args) (every nest in order) and nest_k(args, lo, hi)
// (nest k with its split loop restricted to [lo, hi), clipped to its
// extent). Each reads the argument block through memref's ArgLayout
// (params, then one descriptor per buffer) and returns a memref.Status;
// a wrong ABI version returns StatusBadABI before anything runs.
//
// Every value is four lanes — four consecutive iterations of the innermost
// loop — in v128 locals: 32-bit types in one register, 64-bit types in two,
// 8- and 16-bit integers widened to i32 lanes and kept sign- or
// zero-extended, i1 as -1/0 masks, f16 and bf16 as bit patterns (load,
// store and cast only; arithmetic happens in f32). The innermost loop runs in groups
// of four: with plain v128 loads and stores (widening and narrowing for
// narrow types) when every access moves by one element or not at all —
// checked at run time for axes that broadcast when their size is 1 — and
// lane by lane through the byte strides otherwise; the remainder runs one
// iteration at a time in lane 0. All three use the same arithmetic, so
// there is one implementation per op (vops.go, cast.go); ops without a
// SIMD form go lane by lane inside it (integer division and power through
// the trap-free helpers of helpers.go). Reductions whose trailing loops all
// reduce keep the running value in registers and reduce across lanes once
// per output; others accumulate in memory after initialising their chunk.
//
// Contiguous groups are unrolled up to thirty-two times (128 f32 elements
// a trip, fewer for heavier bodies: unrollFor), each trip first touching
// every moving pointer at its highest bytes so that wazero checks its
// bounds once per trip, then running its instances in address order;
// register reductions keep up to eight registers of accumulator sets
// (accSets), instance u adding into set u mod sets. The instances of heavy
// bodies are emitted four side by side, statement by statement, with the
// constants they share loaded once (interleave.go). Max and min of floats
// against a constant are one pmax/pmin (minMaxConst). Values the innermost loop does not change are computed
// before it (not in bodies that call: see RATIONALE.md). Two nest shapes
// have kernels of their own: a matmul nest (matmul.go: register-blocked
// tiles, k ascending so results equal the generic path bit for bit) and a
// pure transposing copy (transpose.go: 8×8 blocks, down the output's
// columns).
package wasmgen
