// Package mlir is sandjit's front end: the lexer and parser of kernel text,
// the kernel graph they build (Module, Func, Op, Value, attributes and
// tensor types), source positions, diagnostics and the printer.
//
// # What it reads
//
// MLIR text in TensorFlow's dialect, as TensorFlow's tooling prints it: one
// module (or functions at top level) of one or more functions whose bodies
// are operations in MLIR's generic form,
//
//	func.func @test(%arg0: tensor<?xf32> {jitrt.constraint = "rank"}) -> tensor<?xf32> {
//	  %0 = "tf.Op"(%arg0) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
//	  return %0 : tensor<?xf32>
//	}
//
// with `loc(…)` trailers and location aliases (ignored: positions come from
// the text), comments, attribute and type aliases, regions (the region forms of
// conditionals and loops) of one block, properties `<{…}>`, and `arith.constant`
// and `return` in their custom forms. Function bodies may also be in graph
// form, a `tf_executor.graph` as tf-mlir-translate prints a GraphDef: its
// islands (`tf_executor.island wraps "tf.Op"(…)`, or a body ending in
// `tf_executor.yield`) are unwrapped in text order, `tf_executor.fetch`
// gives the graph's results, control tokens (`!tf_executor.control`) and
// tf.NoOp anchors are dropped (in plain bodies too), and a stateful op or a v1 control-flow op is
// a positioned error (see parse_executor.go). Tensors have the element types of
// memref (i1, i8…i64, ui8…ui64, f16, f32, f64, bf16, complex<f32>,
// complex<f64>); other complex types, TF's own types, index, memref and
// vector are reported as unsupported.
//
// # What it gives, and what it guarantees
//
// Parse builds the kernel graph (Module, Func, Op, Value) and checks what
// MLIR's own parser checks: the text's syntax; names defined once, in scope
// and before use; operand and result counts against each op's type; each
// use's type against its definition; dense literals against their types.
// Every value then has a type and a dense ID per function, every op and
// value a source position, every attribute a Go value (dense literals as
// memref tensors; a splat stays one element). Limits (ParseLimits) on text
// size, op count, nesting depth, rank, dimensions and dense element counts
// are checked before anything is allocated, so no input makes Parse panic,
// recurse without bound or allocate far beyond its size. Print writes the
// graph in its one deterministic text form, which Parse reads back to an
// equal graph.
//
// Every diagnostic is an *Error with a position and, where it concerns an
// op, the op's name, printed the MLIR way:
//
//	kernel.mlir:3:8: 'tf.Op' op expects rank-2 operands, got tensor<?xf32>
//
// Several are collected into an ErrorList, sorted by position; errors.Is
// matches their kind: ErrSyntax, ErrInvalid or ErrUnsupported.
//
// # What it is not
//
// It is not a general MLIR parser: ops in custom syntax other than
// `return` and `arith.constant`, successors and multi-block regions,
// function declarations, dense_resource blobs and most dialect types are
// rejected with a positioned error. It knows no op's semantics: package
// lower checks and lowers the graph.
package mlir
