// Package refeval is sandjit's reference evaluator: a plain-Go interpreter
// of kernel graphs that serves as the oracle every compiled (Wasm) result is
// compared against, in the manner of wazero's interpreter-versus-compiler
// differential tests.
//
// It takes a verified-or-not *mlir.Func and concrete argument tensors and
// gives fresh, contiguous result tensors. It shares no code with the
// compiler: it imports only mlir (for the graph types), memref and its own
// subpackages refmath (scalar numerics: rounding to element types, TF's
// rules for single elements, complex special values, special functions)
// and nd (row-major index arithmetic and the index plans of StridedSlice,
// Einsum and sliding windows). Every
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
//     *mlir.Error); errors.Is matches mlir.ErrInvalid (bad shapes, types,
//     attributes), mlir.ErrUnsupported (ops outside the evaluator),
//     ErrArgument and ErrLimit.
//   - No result larger than the element limit (WithMaxElements, default
//     DefaultMaxElements) is allocated; ctx is checked between ops and at
//     every loop iteration; while loops are bounded (WithMaxIterations).
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
// float64 and rounded (to nearest even, once) to the element type at each op
// result; for +, -, *, /, sqrt that equals the exactly rounded f32/f16
// operation (for f16 it equals computing in f32 and rounding to f16 after
// the op, the project's rule, since f32 has more than 2·11+2 bits), and for
// transcendental ops (Exp, Log, Log1p, Tanh, Sigmoid, Sin, Cos, Erf, Pow,
// Rsqrt, …) it is Go's math on float64 rounded once, at least as accurate as
// TensorFlow. Where TensorFlow's definition rounds an intermediate to the
// element type (x/y in float FloorDiv, x-y in SquaredDifference, trunc's
// quotient in float TruncateDiv, x-y in ApproximateEqual, each stage of
// _FusedMatMul) so does the evaluator. Composite ops (Sigmoid, Softmax,
// LogSoftmax, Mean, Elu, Selu, Softplus, Softsign, Xlogy, contractions,
// FusedBatchNorm) are computed entirely in float64 and rounded once.
// Subnormals are never flushed. Cumsum and TensorScatterAdd, whose sums
// TensorFlow and numpy keep in the element type step by step, round every
// step.
//
// Integers. Add, Sub, Mul, Neg, Abs, Square, SquaredDifference, Pow and
// Sum/Prod wrap (two's complement): Abs and Neg of INT_MIN give INT_MIN. Div
// truncates toward zero, FloorDiv floors, FloorMod takes the divisor's sign,
// Mod and TruncateMod the dividend's. Division by zero and overflow follow
// XLA, which TF's JIT lowers to (xla/service/elemental_ir_emitter.cc
// EmitIntegerDivide and EmitIntegerRemainder; mhlo's DivOp and RemOp in
// map_mhlo_to_scalar_op.h): Div, RealDiv, TruncateDiv, Reciprocal and Inv
// give x / 0 = -1 (all ones for unsigned types), Mod, TruncateMod and
// FloorMod give x % 0 = x; INT_MIN / -1 gives INT_MIN and INT_MIN % -1
// gives 0. FloorDiv is TF's correction of that division
// (tf2xla/kernels/binary_ops.cc FloorDivImpl: z = x / y, z - 1 when z·y !=
// x and x, y differ in sign), so a negative x / 0 gives -2, any other
// x / 0 gives -1 (unsigned FloorDiv is Div). DivNoNan gives 0. TF's CPU
// kernels fail the op instead. Pow
// with a negative exponent gives 0, except base 1 (1) and base -1 (±1 by the
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
// truncated (1/0 gives -1, as Div). Sigmoid is 1/(1+exp(-x)). Softmax is
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
// Reductions take their axes from an i32 or i64 operand of rank 0 or 1.
// Negative axes wrap, out-of-range axes are an error, duplicates are
// allowed, an empty list reduces nothing. keep_dims defaults to false.
// Float Sum, Prod and Mean accumulate in float64 and round once; Mean is
// sum/count, NaN for count 0. Integer Sum and Prod wrap; integer Mean is,
// as in TensorFlow's kernel, the sum in 64 bits divided (truncating) by the
// count and wrapped to the element type, 0 for count 0. Empty
// reductions give: Sum 0, Prod 1, Max -Inf or the type's minimum, Min +Inf
// or the type's maximum, All true, Any false.
//
// Broadcasting (the binary ops, SelectV2, ClipByValue, BatchMatMulV2's
// batch dims, Einsum's "...") is numpy's; incompatible shapes are an error
// "'tf.AddV2' op Incompatible shapes: [2,3] vs. [4,3]", except for Equal
// and NotEqual with incompatible_shape_error = false, which give a rank-0
// false (NotEqual: true), as TensorFlow's CPU kernel does
// (core/kernels/cwise_ops_common.cc, BinaryOpShared::BinaryOpState). Select takes a
// condition of x's shape, a rank-1 condition of x's first dim (picking
// rows), or a scalar. BiasAdd adds a rank-1 bias along the last dim
// (data_format "NHWC", the default) or dim 1 ("NCHW") of an operand of rank
// at least 2.
//
// # Shape operands
//
// Operands that determine a shape (reduction axes, perm, shape, dim, axis,
// begin/end/strides, size, multiples, paddings, dims, depth, …) are read
// from their runtime value, whatever produces it: a constant, tf.Shape and
// ops on its result, or a function argument. Unlike the compiler, the
// evaluator needs no "value" constraint on such arguments. Such operands may
// have any integer type.
//
// # More elementwise ops
//
// Acos, Acosh, Asin, Asinh, Atan, Atan2, Atanh, Cosh, Sinh, Tan, Erfc are
// Go's math on float64, rounded once (NaN outside the domain; Atanh(±1) is
// ±Inf). Elu is x < 0 ? e^x-1 : x and Selu x < 0 ? scale·alpha·(e^x-1) :
// scale·x with TensorFlow's constants (scale 1.0507009873554804934193349852946,
// scale·alpha 1.7580993408473768599402175208123); e^x-1 is computed with
// expm1 (exact), where TensorFlow's e^x - 1 in the element type loses digits
// near 0. Softplus is TensorFlow's thresholded form: with t = log(ε)+2 for
// the element type's epsilon (computed in the element type), x when x > -t,
// e^x when x < t, else log1p(e^x). Softsign is x/(1+|x|) (±Inf gives NaN, as
// in TensorFlow). LeakyRelu is x > 0 ? x : x·alpha (NaN stays NaN), alpha an
// f32 attribute (default 0.2) converted to the element type first, as
// TensorFlow does (so f64 multiplies by float32(0.2)).
//
// ClipByValue is TensorFlow's CPU kernel (core/kernels/cwise_op_clip.cc),
// std::max(std::min(x, hi), lo) with std::min(a, b) = b < a ? b : a, over
// three broadcast operands: a NaN x stays NaN, a NaN bound is ignored and
// lo > hi gives lo. DivNoNan is y == 0 ? 0 :
// x/y and MulNoNan y == 0 ? 0 : x·y (+0, even for x NaN or Inf; integers:
// 0, and Mul). Xdivy, Xlogy, Xlog1py give +0 when x == 0 (even for y NaN),
// else x/y, x·log(y), x·log1p(y). Inv is Reciprocal. Invert is bitwise not
// (integers). IsInf, IsNan give i1. Mod and TruncateMod are C's fmod (exact,
// the dividend's sign; fmod(x, 0) and fmod(±Inf, y) are NaN) and C's %
// (x % 0 = x, MIN % -1 = 0). TruncateDiv is Div for integers and
// trunc(x / y) for floats, x / y rounded to the element type first.
// ApproximateEqual is |x - y| < tolerance for operands of one shape (no
// broadcasting, as in TensorFlow), with x - y computed in the element type
// (integers wrap) and tolerance (f32 attribute, default 1e-5) converted to
// the element type first (truncated for integers, so the default makes
// every integer comparison false); TensorFlow's CPU kernel compares with
// <=, its documentation and XLA with <. NextAfter is C's nextafter in the
// element type (y when x == y, so nextafter(0, -0) is -0; NaN when either
// is NaN; subnormals are not flushed); f16 steps the f16 bit pattern
// (TensorFlow has only f32 and f64). ZerosLike and OnesLike take every
// type (i1: false, true).
//
// # Data movement
//
// Reshape follows TensorFlow's ReshapeOp: the shape is a vector (or a
// scalar, read as one dim) with at most one -1, inferred from the product
// of the other dims leaving zero dims out, so that [0,5] reshaped to
// [0,-1] is [0,5]. ExpandDims takes dim in [-rank-1, rank]. Squeeze removes
// squeeze_dims (each of size 1) or, without it, every size-1 dim.
// BroadcastTo must give exactly the requested shape. Shape gives i32 or i64
// (the result's element type, out_type). Fill fills dims with a scalar.
// Transpose takes a permutation. ConcatV2 takes its axis as the last
// operand, Pack (axis attribute in [-rank-1, rank]) stacks operands of one
// shape. Slice takes begin and size (-1: to the end), within the dims.
// StridedSlice follows TensorFlow's ValidateStridedSliceOp exactly: the
// five masks, an implied trailing ellipsis, begin/end made canonical
// (masked: the whole dim in the stride's direction; negative: from the end;
// clamped to [0, dim] for a positive stride, [-1, dim-1] for a negative
// one), a shrink entry taking element begin (which must be in range, with
// stride > 0; begin_mask ignored), new_axis winning over shrink on one
// entry. ReverseV2 reverses listed dims (each once). Tile repeats by
// non-negative multiples. Pad pads with 0 (false), PadV2 with a scalar;
// paddings are [rank, 2] and non-negative.
//
// # Indexing and scans
//
// ArgMax and ArgMin (axis a scalar, along a non-empty dim; i32 or i64
// result) give the first index of the largest (smallest) element, a NaN
// counting as both largest and smallest: the first NaN wins, consistent with
// the NaN-propagating Max and Min, numpy and XLA. (TensorFlow's CPU kernel,
// Eigen's arg reducer, skips NaN instead: [4, 5.5, NaN] gives 1 there, 2
// here.)
//
// Cumsum (axis scalar; exclusive, reverse) keeps its running sum in the
// element type, as TensorFlow's CPU kernel and numpy do: each float partial
// sum is rounded (f16 too), integers wrap. Range takes start, limit,
// delta of one type (scalars or one-element vectors), delta != 0 in the
// range's direction (TensorFlow's errors); its size is ceil(|limit-start| /
// |delta|) (exact for integers, float64 for floats) and element i is start
// + i·delta (float64, rounded once), as XLA, TensorFlow's GPU kernel and
// numpy define it. (TensorFlow's CPU kernel accumulates start, start+delta,
// … in the element type, and computes the size in it, so long float ranges
// drift there.)
//
// OneHot puts the new dim of size depth at axis (default -1, last); an
// index outside [0, depth) gives an all-off vector. Gather (axis 0) and GatherV2 (axis operand, batch_dims attribute,
// negative counting from the indices' rank) give params[b…, p…,
// indices[b…, i…], q…]; an index outside [0, dim) is an error naming its
// position, "indices[1,0] = 3 is not in [0, 3)", as on TensorFlow's CPU.
//
// TensorScatterUpdate and TensorScatterAdd write (add) updates at index
// vectors indices[…, :K] into a copy of the tensor, in row-major order of
// the index vectors: with repeated indices the last update wins and float
// additions are rounded one at a time; an index out of range is an error
// "indices[1] = [5] does not index into shape [4]".
//
// # Contractions
//
// MatMul (transpose_a/b), BatchMatMulV2 (adj_x/adj_y; batch dims broadcast),
// _FusedMatMul, Einsum and Conv2D sum exact float64 products and round each
// result once (integers wrap; i1 is refused). _FusedMatMul is MatMul, then
// BiasAdd of its third operand, then an optional activation (fused_ops
// ["BiasAdd"] or ["BiasAdd", act] with act Relu, Relu6, Elu, LeakyRelu
// (leakyrelu_alpha), Tanh or Sigmoid), each stage rounded as the separate
// ops would be. Einsum is numpy's einsum for any number of operands:
// letters, spaces ignored, a label repeated in one operand takes the
// diagonal, labels missing from the output are summed, "..." broadcasts
// (numpy's rules) and must appear in the output when it stands for any dims;
// without "->" the output is "..." then the labels used once, in
// alphabetical order. Conv2D is NHWC only (TensorFlow's CPU kernel has no
// other data_format): filter [FH,FW,C/G,O] with G groups, strides and
// dilations [1,h,w,1], padding SAME (TensorFlow's placement, the smaller
// half before), VALID or EXPLICIT (explicit_paddings
// [0,0,top,bottom,left,right,0,0]).
//
// FusedBatchNorm, V2 and V3 take x of rank 4 or 5 (NHWC, NCHW, NDHWC, NCDHW;
// f16, f32 or f64) and per-channel scale, offset, mean, variance (one float
// type). With is_training = false, y = (x - mean)·scale/√(variance+ε) +
// offset in float64, rounded once (ε the f32 epsilon attribute, default
// 1e-4); batch_mean and batch_variance are mean and variance unchanged,
// reserve_space_1/2 copies of them (TensorFlow's CPU kernel leaves those
// two uninitialized). With is_training (TensorFlow's default) y uses the
// batch mean and biased variance; batch_mean/batch_variance are the running
// statistics TensorFlow gives (the batch's, the variance with Bessel's
// correction, or blended by exponential_avg_factor); reserve_space_1/2 are
// the batch mean and biased variance. An empty x gives NaN statistics, as
// in TensorFlow. V3's reserve_space_3 is TensorFlow's CPU placeholder, a
// scalar 0, or an empty vector when the result is declared rank 1.
//
// # Control flow
//
// If (and StatelessIf) calls then_branch or else_branch, While (and
// StatelessWhile) calls cond then body until cond is false, and
// PartitionedCall/StatefulPartitionedCall/LegacyCall call f, all functions of the
// module given to Eval; IfRegion and WhileRegion run their regions, whose
// last op is a tf.Yield of the region's values (regions may use values from
// outside them). Attributes such as is_stateless, parallel_iterations and
// shape invariants are ignored; loop values may change shape. A condition
// is converted as TensorFlow does: a scalar is itself (i1) or != 0 (NaN is
// true); any other tensor is true when it has elements. Calls check their
// arguments and results against the callee's signature and nest at most 64
// deep (an error matching ErrLimit). A while loop checks ctx at every
// iteration and stops with an ErrLimit error after WithMaxIterations
// iterations (default DefaultMaxIterations).
//
// # Ops
//
// Tier 1: Abs, Add, AddV2, All, Any, BiasAdd, BitwiseAnd, BitwiseOr,
// BitwiseXor, Cast, Ceil, Const (and arith.constant), Cos, Div, Equal, Erf,
// Exp, Floor, FloorDiv, FloorMod, Greater, GreaterEqual, Identity, IsFinite,
// Less, LessEqual, Log, Log1p, LogSoftmax, LogicalAnd, LogicalNot,
// LogicalOr, Max, Maximum, Mean, Min, Minimum, Mul, Neg, NotEqual, Pow,
// Prod, RealDiv, Reciprocal, Relu, Relu6, Rint, Round, Rsqrt, Select,
// SelectV2, Sigmoid, Sign, Sin, Softmax, Sqrt, Square, SquaredDifference,
// StopGradient, Sub, Sum, Tanh.
//
// Elementwise: Acos, Acosh, ApproximateEqual, Asin, Asinh, Atan, Atan2,
// Atanh, ClipByValue, Cosh, DivNoNan, Elu, Erfc, Inv, Invert, IsInf, IsNan,
// LeakyRelu, Mod, MulNoNan, NextAfter, OnesLike, Selu, Sinh, Softplus,
// Softsign, Tan, TruncateDiv, TruncateMod, Xdivy, Xlog1py, Xlogy,
// ZerosLike.
//
// Tier 2: ArgMax, ArgMin, BatchMatMulV2, BroadcastTo, ConcatV2, Cumsum,
// ExpandDims, Fill, Gather, GatherV2, MatMul, OneHot, Pack, Pad, PadV2,
// Range, Reshape, ReverseV2, Shape, Slice, Squeeze, StridedSlice,
// TensorScatterAdd, TensorScatterUpdate, Tile, Transpose, _FusedMatMul.
//
// Tier 3: Conv2D, Einsum, FusedBatchNorm, FusedBatchNormV2,
// FusedBatchNormV3, If, IfRegion, LegacyCall, PartitionedCall,
// StatefulPartitionedCall, StatelessIf, StatelessWhile, While, WhileRegion.
//
// Forwarding (issue 12): CheckNumerics (an ErrInvalid error
// "<message> : Tensor had NaN values", "Inf values" or "Inf and NaN
// values" when elements are NaN or infinite, TensorFlow's InvalidArgument),
// IdentityN (result i is operand i), PreventGradient, Snapshot.
//
// Issue 14 (none of these compile yet; testdata/refops holds their numpy
// goldens): Angle, AvgPool, AvgPool3D, BatchMatMul, BatchMatMulV3, Bitcast,
// Complex, ComplexAbs, Conj, Conv3D, Cumprod, DepthwiseConv2dNative,
// EuclideanNorm, GatherNd, Imag, LeftShift, LinSpace, MatrixBandPart,
// MatrixDiag, MatrixDiagPart, MatrixDiagPartV2, MatrixDiagPartV3,
// MatrixDiagV2, MatrixDiagV3, MatrixSetDiag, MatrixSetDiagV2,
// MatrixSetDiagV3, MaxPool, MaxPool3D, MirrorPad, PopulationCount, Rank, Real, RightShift, ScatterNd,
// Size, Split, SplitV, TensorScatterMax, TensorScatterMin,
// TensorScatterSub, TopKV2, Unique, UniqueV2, UniqueWithCounts,
// UniqueWithCountsV2, Unpack, Where, _FusedConv2D; _FusedMatMul also
// takes the Add fusion and GeluExact/GeluApproximate.
//
// # Complex and bf16
//
// complex<f32> and complex<f64> are held in complex128, each part rounded
// to the part type at every op result (package refmath says where Go's complex
// arithmetic, which the evaluator uses, meets numpy's and C99's special
// values and where it differs). They take Neg, Square, Exp, Log, Sqrt,
// Rsqrt, Reciprocal, Conj, Add, AddV2, Sub, Mul, Div, RealDiv, DivNoNan,
// Pow, Equal, NotEqual, Sum, Prod, Mean, Cumsum, Cumprod, MatMul,
// BatchMatMul* (adj_x/adj_y conjugate), BiasAdd, Cast, ZerosLike, OnesLike,
// the data-movement ops, and Real, Imag, ComplexAbs, Angle (results of the
// part type). Cast from complex keeps the real part (TensorFlow's
// static_cast); to i1 it is z != 0. Ops that need an order refuse complex.
//
// bf16 is a float type like f16: values held in float64, each op result
// rounded once to nearest even. Cast to bf16 from f64 and from integers
// goes through f32 first, as Eigen's bfloat16 constructor (so TensorFlow)
// does; f16's casts round once.
package refeval
