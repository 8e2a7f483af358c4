// Package loopir is sandjit's loop IR: what a kernel becomes after the TF
// graph is lowered and fused, and what the Wasm code generator consumes.
//
// It takes nothing: lower builds Programs and passes transform them. It
// gives a small, explicit model of the computation:
//
//   - Buffers: the memrefs of the argument block (inputs, outputs,
//     temporaries, constants), row-major, with static or run-time sizes.
//   - Params: run-time sizes the host computes and writes.
//   - Nests: perfect loop nests over an iteration space, each a straight-line
//     SSA body of element-wise instructions (load, arithmetic, store,
//     accumulation for reductions, and assert, which stops the run with a
//     fault code unless its operand holds: a numerics check), run one nest
//     after another. Loops are
//     parallel (the engine may split them across workers), reduce (they
//     accumulate), or seq (in order, and may read what earlier iterations
//     wrote: scans and scatters). A nest of parallel loops reads a buffer
//     it writes only in place: the element a store writes at the same point.
//
// Every op's semantics is total (integer division by zero, NaN, casts out
// of range are all defined in the op table), so the code generator and any
// interpreter agree. A Program has one text form (Write), printed
// deterministically, and a verifier (Verify) that passes and tests run after
// every transformation.
//
// It is not: MLIR (it knows no TF op names) nor Wasm (it knows no
// instructions); broadcasting is an access property (an axis whose size is
// 1 at run time is read at index 0), not an op.
package loopir
