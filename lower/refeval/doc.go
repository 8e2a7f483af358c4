// Package refeval is sandjit's reference evaluator: a plain-Go interpreter
// of kernel graphs that serves as the oracle every compiled (Wasm) result is
// compared against, in the manner of wazero's interpreter-versus-compiler
// differential tests.
//
// It takes a verified-or-not *lower.Func and concrete argument tensors and
// gives fresh, contiguous result tensors. It shares no code with the
// compiler: it imports only lower (for the graph types) and memref. Every
// op is a simple loop over float64, int64, uint64 or bool values with
// explicit rounding (floats) or wraparound (integers) to the op's element
// type, so that each result can be checked by reading the code.
//
// # What it guarantees
//
//   - Arguments are checked against the signature (count, element type, rank,
//     static dims); errors name the argument: "arg[1] tensor<4x?xf32>: dim 1: got 0".
//   - Every op result is computed with concrete shapes by the evaluator's own
//     shape logic and checked against the op's declared result type (element
//     type, rank, static dims), and the returned values against the
//     function's result types.
//   - Errors about an op read "file:line:col: 'tf.X' op message" (a
//     *lower.Error); errors.Is matches lower.ErrInvalid (bad shapes, types,
//     attributes), lower.ErrUnsupported (ops outside the evaluator),
//     ErrArgument and ErrLimit.
//   - No result larger than the element limit (WithMaxElements, default
//     DefaultMaxElements) is allocated; ctx is checked between ops.
//   - Results are fresh tensors; an argument returned unchanged is returned
//     as the same *memref.Tensor.
//
// It is not fast, it does not fuse or specialize, and it is not a verifier
// of TensorFlow's op definitions: where TensorFlow's dtype list for an op
// omits a type whose meaning is unambiguous (Abs of an unsigned integer,
// Rint of an integer), the evaluator computes it anyway.
//
// # Semantics
//
// Ops follow TensorFlow, with these project decisions:
//
// Floating point. f64 is computed in float64. f32 and f16 are computed in
// float64 and rounded (to nearest even, once) to the element type at each
// op result; for +, -, *, /, sqrt that equals the exactly rounded f32/f16
// operation, and for transcendental ops (Exp, Log, Log1p, Tanh, Sigmoid,
// Sin, Cos, Erf, Pow, Rsqrt) it is Go's math on float64 rounded once, at
// least as accurate as TensorFlow. Where TensorFlow's definition rounds an
// intermediate to the element type (x/y in float FloorDiv, x-y in
// SquaredDifference) so does the evaluator. Composite ops (Sigmoid, Softmax,
// LogSoftmax, Mean) are computed entirely in float64 and rounded once.
//
// Integers. Add, Sub, Mul, Neg, Abs, Square, SquaredDifference, Pow and
// Sum/Prod wrap (two's complement): Abs and Neg of INT_MIN give INT_MIN.
// Div truncates toward zero, FloorDiv floors, FloorMod takes the divisor's
// sign. Division (Div, RealDiv, FloorDiv, FloorMod, Reciprocal) by zero
// gives 0; INT_MIN / -1 gives INT_MIN and INT_MIN % -1 gives 0. Pow with a
// negative exponent gives 0, except base 1 (1) and base -1 (±1 by the
// exponent's parity); 0**0 is 1.
//
// Float FloorDiv is floor(x / y) with x / y rounded to the element type
// first. Float FloorMod is r = fmod(x, y) (exact), then r += y when r != 0
// and r and y differ in sign.
//
// Maximum, Minimum and the Max/Min reductions propagate NaN. Relu is
// max(x, 0) (NaN stays NaN), Relu6 is min(max(x, 0), 6). Round and Rint
// round half to even and are the identity on integers. Sign gives -1, 0 or
// +1 (for ±0 it gives +0), NaN for NaN. Reciprocal of an integer is 1/x
// truncated (1/0 gives 0). Sigmoid is 1/(1+exp(-x)). Softmax is
// exp(x-max)/sum(exp(x-max)) and LogSoftmax is (x-max) - log(sum(exp(x-max))),
// both over the last axis. Comparisons are IEEE (NaN compares unequal to
// everything) and give i1 tensors.
//
// Cast takes its destination type from the result type (the Truncate
// attribute is ignored). Float to integer truncates toward zero and
// saturates to the target range, NaN gives 0; float to i1 is x != 0 (NaN
// gives true); integer to i1 is x != 0; i1 to a number is 0 or 1; integer
// to integer wraps; float to a narrower float and integer to float round
// to nearest even, once (f64 to f16 does not pass through f32).
//
// Reductions take their axes from an i32 or i64 operand of rank 0 or 1
// whose value the evaluator knows: a constant, the result of another op, or
// a function argument with a "value" constraint (an unconstrained argument
// is an error saying it needs one). Negative axes wrap, out-of-range axes
// are an error, duplicates are allowed, an empty list reduces nothing.
// keep_dims defaults to false. Float Sum, Prod and Mean accumulate in
// float64 and round once; Mean is sum/count, NaN for count 0. Integer Sum
// and Prod wrap; integer Mean is the wrapped sum divided (truncating) by the
// count, 0 for count 0. Empty reductions give: Sum 0, Prod 1, Max -Inf or
// the type's minimum, Min +Inf or the type's maximum, All true, Any false.
//
// Broadcasting (the binary ops, SelectV2) is numpy's; incompatible shapes
// are an error "'tf.AddV2' op Incompatible shapes: [2,3] vs. [4,3]".
// Select takes a condition of x's shape, a rank-1 condition of x's first
// dim (picking rows), or a scalar. BiasAdd adds a rank-1 bias along the
// last dim (data_format "NHWC", the default) or dim 1 ("NCHW") of an
// operand of rank at least 2.
package refeval
