// Package lower checks a kernel graph (package mlir parses it from kernel
// text) and lowers it to the loop IR (package loopir): kernel graph →
// verified kernel graph → loop IR.
//
// mlir.Parse knows no op semantics. This package does: the op table
// (which tf ops exist, their operands, attributes and element types), the
// verifier and the host-side shape functions, specialization to concrete
// shapes and values, fusion into loop nests, and the lowering to the loop
// IR of package loopir.
//
// Shape operands need not be constants: an integer argument that only
// sizes results (SizeArgs: a reshape's shape, a fill's dims, a range's
// bounds, …, and integer ops on them) is read by the host before each run
// (Kernel.ReadArgs, Kernel.HostWith), so one kernel serves every value;
// operands that shape the code (a perm, an axis) must be known when
// compiling (a constant, or an argument with a "value" constraint).
//
// Its diagnostics are the front end's: *mlir.Error values with positions,
// collected in an mlir.ErrorList and matched with mlir.ErrSyntax,
// mlir.ErrInvalid or mlir.ErrUnsupported.
//
// # What it is not
//
// It does not parse (package mlir does), generate or run code (packages
// wasmgen and engine do).
package lower
