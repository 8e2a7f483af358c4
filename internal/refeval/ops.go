package refeval

import (
	"cmp"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"
	"math/cmplx"

	"github.com/sandjit/sandjit/memref"
)

// handler computes the single result of op from the evaluator's values.
type handler func(ev *evaluator, op *mlir.Op) (*array, error)

// specialOps are the ops with their own shape rules.
var specialOps = map[string]handler{
	"tf.Const":           evalConst,         // the dense `value` attribute
	"arith.constant":     evalConst,         // the dense `value` attribute
	"tf.Identity":        evalIdentity,      // x
	"tf.StopGradient":    evalIdentity,      // x
	"tf.PreventGradient": evalIdentity,      // x
	"tf.Snapshot":        evalIdentity,      // x
	"tf.CheckNumerics":   evalCheckNumerics, // x; an error naming message if x has a NaN or Inf
	"tf.Cast":            evalCast,          // x converted to the result's element type
	"tf.BiasAdd":         evalBiasAdd,       // x + bias along the channel dim
	"tf.AddN":            evalAddN,          // x1 + … + xN, of one shape, in TF's order
	"tf.Select":          evalSelect,        // cond ? x : y, cond of x's shape, x's dim 0, or scalar
	"tf.SelectV2":        evalSelectV2,      // cond ? x : y, all three broadcast
	"tf.Softmax":         evalSoftmax,       // exp(x-max) / sum(exp(x-max)) over the last axis
	"tf.LogSoftmax":      evalSoftmax,       // (x-max) - log(sum(exp(x-max))) over the last axis

	"tf.LeakyRelu":        evalLeakyRelu,        // x > 0 ? x : alpha·x
	"tf.ClipByValue":      evalClipByValue,      // min(max(x, lo), hi), all three broadcast
	"tf.ApproximateEqual": evalApproximateEqual, // |x - y| < tolerance

	"tf.Reshape":      evalReshape,      // x in a shape from an operand (one -1 inferred)
	"tf.ExpandDims":   evalExpandDims,   // a size-1 dim inserted
	"tf.Squeeze":      evalSqueeze,      // size-1 dims removed
	"tf.BroadcastTo":  evalBroadcastTo,  // x broadcast to a shape
	"tf.Shape":        evalShape,        // the shape of x as i32 or i64
	"tf.Fill":         evalFill,         // a shape filled with a scalar
	"tf.Transpose":    evalTranspose,    // dims permuted
	"tf.ConcatV2":     evalConcat,       // N tensors joined along an axis (last operand)
	"tf.Pack":         evalPack,         // N tensors stacked along a new axis
	"tf.Slice":        evalSlice,        // begin, size (-1: to the end)
	"tf.StridedSlice": evalStridedSlice, // begin, end, strides with the five masks
	"tf.ReverseV2":    evalReverse,      // dims reversed
	"tf.Tile":         evalTile,         // x repeated along each dim
	"tf.Pad":          evalPad,          // zero padding
	"tf.PadV2":        evalPad,          // constant padding

	"tf.ArgMax":              evalArgMinMax,     // index of the first largest (the first NaN wins)
	"tf.ArgMin":              evalArgMinMax,     // index of the first smallest (the first NaN wins)
	"tf.Cumsum":              evalCumsum,        // running sum along an axis
	"tf.Range":               evalRange,         // start, start+delta, … below limit
	"tf.OneHot":              evalOneHot,        // indices as on/off vectors
	"tf.Gather":              evalGather,        // params[indices] along axis 0
	"tf.GatherV2":            evalGather,        // params[indices] along an axis, with batch dims
	"tf.TensorScatterAdd":    evalTensorScatter, // tensor with updates added at indices
	"tf.TensorScatterUpdate": evalTensorScatter, // tensor with updates written at indices

	"tf.MatMul":        evalMatMul,      // a·b, either transposed
	"tf.BatchMatMulV2": evalBatchMatMul, // batched a·b, batch dims broadcast
	"tf._FusedMatMul":  evalFusedMatMul, // activation(a·b + bias)
	"tf.Einsum":        evalEinsum,      // numpy's einsum
	"tf.Conv2D":        evalConv2D,      // NHWC convolution

	"tf.Complex":    evalComplex,     // re + im·i
	"tf.Real":       evalComplexPart, // re
	"tf.Imag":       evalComplexPart, // im
	"tf.ComplexAbs": evalComplexPart, // |z|
	"tf.Angle":      evalComplexPart, // atan2(im, re)

	"tf.Betainc":          evalBetainc,         // I_x(a, b); a, b, x of one shape or scalars
	"tf.PopulationCount":  evalPopulationCount, // set bits of each element, as ui8
	"tf.Size":             evalSizeRank,        // element count, as out_type (i32)
	"tf.Rank":             evalSizeRank,        // rank, as i32
	"tf.LinSpace":         evalLinSpace,        // num values from start to stop
	"tf.Cumprod":          evalCumprod,         // running product along an axis
	"tf.MatrixBandPart":   evalMatrixBandPart,  // the band of each innermost matrix, zeros elsewhere
	"tf.MirrorPad":        evalMirrorPad,       // REFLECT or SYMMETRIC padding
	"tf.GatherNd":         evalGatherNd,        // params[indices[…, :]]
	"tf.ScatterNd":        evalScatterNd,       // zeros of shape with updates added at indices
	"tf.Where":            evalWhere,           // coordinates of the true (nonzero) elements, i64
	"tf.BatchMatMul":      evalBatchMatMul,     // as BatchMatMulV2
	"tf.BatchMatMulV3":    evalBatchMatMul,     // as BatchMatMulV2 (Ta = Tb = Tout)
	"tf.TensorScatterSub": evalTensorScatter,   // tensor with updates subtracted at indices
	"tf.TensorScatterMax": evalTensorScatter,   // max(tensor, updates) at indices, NaN propagates
	"tf.TensorScatterMin": evalTensorScatter,   // min(tensor, updates) at indices, NaN propagates

	"tf.Conv3D":                evalConv3D,          // NDHWC convolution
	"tf.DepthwiseConv2dNative": evalDepthwiseConv2d, // per-channel NHWC convolution
	"tf.MaxPool":               evalPool,            // window max, NHWC
	"tf.AvgPool":               evalPool,            // window mean over the covered input, NHWC
	"tf.MaxPool3D":             evalPool,            // window max, NDHWC
	"tf.AvgPool3D":             evalPool,            // window mean, NDHWC
	"tf.MatrixDiag":            evalMatrixDiag,      // a square matrix with the last dim on its diagonal
	"tf.MatrixDiagV3":          evalMatrixDiag,      // matrices with a band of diagonals (k, num_rows, num_cols, padding, align)
	"tf.MatrixDiagPart":        evalMatrixDiagPart,  // the main diagonal of each innermost matrix
	"tf.MatrixDiagPartV3":      evalMatrixDiagPart,  // a band of diagonals (k, padding, align)
	"tf.MatrixDiagV2":          evalMatrixDiag,      // MatrixDiagV3 with every diagonal left-aligned
	"tf.MatrixDiagPartV2":      evalMatrixDiagPart,  // MatrixDiagPartV3 with every diagonal left-aligned
	"tf.MatrixSetDiag":         evalMatrixSetDiag,   // input with its main diagonal replaced
	"tf.MatrixSetDiagV2":       evalMatrixSetDiag,   // input with the band of diagonals k replaced, left-aligned
	"tf.MatrixSetDiagV3":       evalMatrixSetDiag,   // input with the band of diagonals k replaced (align)
	"tf.Bitcast":               evalBitcast,         // the same bytes as another element type
	"tf._FusedConv2D":          evalFusedConv2D,     // activation(Conv2D + bias or batch norm [+ addend])
}

// multiHandler computes every result of op.
type multiHandler func(ev *evaluator, op *mlir.Op) ([]*array, error)

// multiOps are the ops with several results (or with regions). It is a
// function because control flow refers back to the handler tables.
func multiOps() map[string]multiHandler {
	return map[string]multiHandler{
		"tf.If":                      evalIf, // a function chosen by a condition
		"tf.StatelessIf":             evalIf,
		"tf.StatelessWhile":          evalWhile,
		"tf.PartitionedCall":         evalCall, // the function f on the operands
		"tf.StatefulPartitionedCall": evalCall,
		"tf.LegacyCall":              evalCall,
		"tf.IfRegion":                evalIfRegion,       // a region chosen by a condition
		"tf.While":                   evalWhile,          // body function while cond function holds
		"tf.WhileRegion":             evalWhileRegion,    // body region while cond region holds
		"tf.FusedBatchNorm":          evalFusedBatchNorm, // (x - mean)·rsqrt(var + ε)·scale + offset
		"tf.FusedBatchNormV2":        evalFusedBatchNorm,
		"tf.FusedBatchNormV3":        evalFusedBatchNorm,
		"tf.IdentityN":               evalIdentityN, // result i is operand i
		"tf.TopKV2":                  evalTopK,      // the k largest along the last axis (values, i32 indices)
		"tf.Split":                   evalSplit,     // num_split equal parts along an axis (operand 0)
		"tf.SplitV":                  evalSplit,     // parts of size_splits along an axis (operand 2)
		"tf.Unpack":                  evalUnpack,    // the slices along an axis, that axis removed
		"tf.Unique":                  evalUnique,    // distinct elements in order of first occurrence, and their positions
		"tf.UniqueV2":                evalUnique,    // distinct slices along an axis (operand 1)
		"tf.UniqueWithCounts":        evalUnique,    // as tf.Unique, with how often each occurs
		"tf.UniqueWithCountsV2":      evalUnique,
	}
}

// handlers is every single-result op the evaluator supports, and
// multiHandlers every op with several results.
var (
	handlers      = buildHandlers()
	multiHandlers map[string]multiHandler
)

func init() { multiHandlers = multiOps() }

func buildHandlers() map[string]handler {
	h := map[string]handler{}
	for name, f := range specialOps {
		h[name] = f
	}
	for name, spec := range unaryOps {
		h[name] = func(ev *evaluator, op *mlir.Op) (*array, error) { return evalUnary(ev, op, spec) }
	}
	for name, spec := range binaryOps {
		h[name] = func(ev *evaluator, op *mlir.Op) (*array, error) { return evalBinary(ev, op, spec) }
	}
	for name, spec := range compareOps {
		h[name] = func(ev *evaluator, op *mlir.Op) (*array, error) { return evalCompare(ev, op, spec) }
	}
	for name, spec := range reduceOps {
		h[name] = func(ev *evaluator, op *mlir.Op) (*array, error) { return evalReduce(ev, op, spec) }
	}
	return h
}

// unarySpec gives an elementwise op per kind of element; a nil function
// means the op does not take that kind. Float results are rounded and
// integer results wrapped to the element type by the caller.
type unarySpec struct {
	f     func(x float64) float64
	s     func(x int64) int64
	u     func(x uint64) uint64
	b     func(x bool) bool
	fBool func(x float64) bool                     // float operand, i1 result
	fd    func(dt memref.DType, x float64) float64 // float op that depends on the element type (used instead of f)
	c     func(x complex128) complex128            // complex<f32>, complex<f64>: computed in complex128, each part rounded
}

var unaryOps = map[string]unarySpec{
	"tf.Abs":        {f: math.Abs, s: absS, u: ident[uint64]},                                                 // |x|; |INT_MIN| wraps to INT_MIN
	"tf.Neg":        {f: neg[float64], s: neg[int64], u: neg[uint64], c: refmath.NegC},                        // -x, wrapping
	"tf.Exp":        {f: math.Exp, c: cmplx.Exp},                                                              // e^x
	"tf.Log":        {f: refmath.Log, c: cmplx.Log},                                                           // ln x
	"tf.Log1p":      {f: math.Log1p},                                                                          // ln(1+x)
	"tf.Expm1":      {f: math.Expm1},                                                                          // e**x - 1, accurate near 0
	"tf.Sqrt":       {f: math.Sqrt, c: refmath.SqrtC},                                                         // √x
	"tf.Rsqrt":      {f: rsqrt, c: refmath.RsqrtC},                                                            // 1/√x
	"tf.Tanh":       {f: math.Tanh},                                                                           // tanh x
	"tf.Sigmoid":    {f: sigmoid},                                                                             // 1/(1+e^-x)
	"tf.Relu":       {f: relu[float64], s: relu[int64], u: relu[uint64]},                                      // max(x, 0), NaN stays NaN
	"tf.Relu6":      {f: relu6[float64], s: relu6[int64], u: relu6[uint64]},                                   // min(max(x, 0), 6)
	"tf.Square":     {f: square[float64], s: square[int64], u: square[uint64], c: refmath.SquareC},            // x*x, wrapping
	"tf.Floor":      {f: math.Floor},                                                                          // ⌊x⌋
	"tf.Ceil":       {f: math.Ceil},                                                                           // ⌈x⌉
	"tf.Round":      {f: math.RoundToEven, s: ident[int64], u: ident[uint64]},                                 // half to even
	"tf.Rint":       {f: math.RoundToEven, s: ident[int64], u: ident[uint64]},                                 // half to even
	"tf.Sign":       {f: refmath.SignF, s: refmath.SignS, u: signU},                                           // -1, 0, +1; NaN for NaN
	"tf.Reciprocal": {f: reciprocalF, s: refmath.ReciprocalS, u: refmath.ReciprocalU, c: refmath.ReciprocalC}, // 1/x; integers truncate, 1/0 = -1 (all ones)
	"tf.Conj":       {c: cmplx.Conj},                                                                          // re - im·i
	"tf.Sin":        {f: math.Sin},                                                                            // sin x
	"tf.Cos":        {f: math.Cos},                                                                            // cos x
	"tf.Erf":        {f: math.Erf},                                                                            // erf x
	"tf.IsFinite":   {fBool: isFinite},                                                                        // x is neither ±Inf nor NaN
	"tf.LogicalNot": {b: logicalNot},                                                                          // !x

	"tf.Acos":      {f: math.Acos},                                                                          // arccos x; NaN outside [-1, 1]
	"tf.Acosh":     {f: math.Acosh},                                                                         // arcosh x; NaN below 1
	"tf.Asin":      {f: math.Asin},                                                                          // arcsin x; NaN outside [-1, 1]
	"tf.Asinh":     {f: math.Asinh},                                                                         // arsinh x
	"tf.Atan":      {f: math.Atan},                                                                          // arctan x
	"tf.Atanh":     {f: math.Atanh},                                                                         // artanh x; ±Inf at ±1, NaN outside
	"tf.Cosh":      {f: refmath.Cosh},                                                                       // cosh x
	"tf.Sinh":      {f: refmath.Sinh},                                                                       // sinh x
	"tf.Tan":       {f: math.Tan},                                                                           // tan x
	"tf.Erfc":      {f: math.Erfc},                                                                          // 1 - erf x, without cancellation
	"tf.Lgamma":    {f: refmath.Lgamma},                                                                     // log|Γ(x)|; +Inf at 0, negative integers and ±Inf
	"tf.Digamma":   {f: refmath.Digamma},                                                                    // ψ(x); NaN at 0, negative integers and -Inf
	"tf.Erfinv":    {f: refmath.Erfinv},                                                                     // erf⁻¹(x); ±Inf at ±1, NaN outside [-1, 1]
	"tf.Ndtri":     {f: refmath.Ndtri},                                                                      // Φ⁻¹(p); -Inf at 0, +Inf at 1, NaN outside
	"tf.BesselI0e": {f: refmath.BesselI0e},                                                                  // e^-|x|·I0(x)
	"tf.BesselI1e": {f: refmath.BesselI1e},                                                                  // e^-|x|·I1(x)
	"tf.Elu":       {f: refmath.Elu},                                                                        // x < 0 ? e^x - 1 : x
	"tf.Selu":      {f: refmath.Selu},                                                                       // x < 0 ? scale·alpha·(e^x - 1) : scale·x
	"tf.Softplus":  {fd: refmath.Softplus},                                                                  // TF's thresholded log(1 + e^x)
	"tf.Softsign":  {f: softsign},                                                                           // x / (1 + |x|)
	"tf.Inv":       {f: reciprocalF, s: refmath.ReciprocalS, u: refmath.ReciprocalU},                        // = Reciprocal
	"tf.Invert":    {s: invert[int64], u: invert[uint64]},                                                   // ^x (bitwise not)
	"tf.IsInf":     {fBool: isInf},                                                                          // x is ±Inf
	"tf.IsNan":     {fBool: isNaN},                                                                          // x is NaN
	"tf.ZerosLike": {f: zero[float64], s: zero[int64], u: zero[uint64], b: zero[bool], c: zero[complex128]}, // 0 (+0, false)
	"tf.OnesLike":  {f: one[float64], s: one[int64], u: one[uint64], b: oneBool, c: one[complex128]},        // 1 (true)
}

func softsign(x float64) float64                               { return x / (1 + math.Abs(x)) } // ±Inf gives NaN, as in TensorFlow
func invert[T int64 | uint64](x T) T                           { return ^x }
func isInf(x float64) bool                                     { return math.IsInf(x, 0) }
func isNaN(x float64) bool                                     { return math.IsNaN(x) }
func zero[T int64 | uint64 | float64 | bool | complex128](T) T { var z T; return z }
func one[T int64 | uint64 | float64 | complex128](T) T         { return 1 }
func oneBool(bool) bool                                        { return true }

func ident[T any](x T) T                       { return x }
func neg[T int64 | uint64 | float64](x T) T    { return -x }
func square[T int64 | uint64 | float64](x T) T { return x * x }
func relu[T int64 | uint64 | float64](x T) T   { return max(x, 0) }
func relu6[T int64 | uint64 | float64](x T) T  { return min(max(x, 0), 6) }
func absS(x int64) int64                       { return max(x, -x) }
func rsqrt(x float64) float64                  { return 1 / math.Sqrt(x) }
func sigmoid(x float64) float64                { return 1 / (1 + math.Exp(-x)) }
func isFinite(x float64) bool                  { return !math.IsNaN(x) && !math.IsInf(x, 0) }
func logicalNot(x bool) bool                   { return !x }
func reciprocalF(x float64) float64            { return 1 / x }
func signU(x uint64) uint64                    { return min(x, 1) }

// binarySpec gives a broadcasting elementwise op per kind of element; a nil
// function means the op does not take that kind. dt is the element type;
// float results are rounded and integer results wrapped to it by the
// caller.
type binarySpec struct {
	f func(dt memref.DType, x, y float64) float64
	s func(dt memref.DType, x, y int64) int64
	u func(dt memref.DType, x, y uint64) uint64
	b func(x, y bool) bool
	c func(x, y complex128) complex128 // complex: computed in complex128, each part rounded
}

var binaryOps = map[string]binarySpec{
	"tf.Add":               {f: add[float64], s: add[int64], u: add[uint64], c: refmath.AddC},                             // x + y
	"tf.AddV2":             {f: add[float64], s: add[int64], u: add[uint64], c: refmath.AddC},                             // x + y
	"tf.Sub":               {f: sub[float64], s: sub[int64], u: sub[uint64], c: refmath.SubC},                             // x - y
	"tf.Mul":               {f: mul[float64], s: mul[int64], u: mul[uint64], c: refmath.MulC},                             // x * y
	"tf.Div":               {f: divF, s: refmath.DivS, u: refmath.DivU, c: refmath.DivC},                                  // x / y; integers truncate, /0 = -1 (all ones)
	"tf.RealDiv":           {f: divF, s: refmath.DivS, u: refmath.DivU, c: refmath.DivC},                                  // x / y; integers truncate, /0 = -1 (all ones)
	"tf.FloorDiv":          {f: refmath.FloorDivF, s: refmath.FloorDivS, u: refmath.DivU},                                 // ⌊x / y⌋; integer /0: -2 (x < 0) or -1
	"tf.FloorMod":          {f: refmath.FloorModF, s: refmath.FloorModS, u: refmath.ModU},                                 // x - ⌊x / y⌋·y, divisor's sign; integer %0 = x
	"tf.Maximum":           {f: maximum[float64], s: maximum[int64], u: maximum[uint64]},                                  // max(x, y), NaN propagates
	"tf.Minimum":           {f: minimum[float64], s: minimum[int64], u: minimum[uint64]},                                  // min(x, y), NaN propagates
	"tf.Pow":               {f: powF, s: refmath.PowS, u: refmath.PowU, c: refmath.PowC},                                  // x ** y
	"tf.SquaredDifference": {f: refmath.SquaredDifferenceF, s: refmath.SquaredDifferenceS, u: refmath.SquaredDifferenceU}, // (x-y)*(x-y)
	"tf.LogicalAnd":        {b: logicalAnd},                                                                               // x && y
	"tf.LogicalOr":         {b: logicalOr},                                                                                // x || y
	"tf.BitwiseAnd":        {s: bitAnd[int64], u: bitAnd[uint64]},                                                         // x & y
	"tf.BitwiseOr":         {s: bitOr[int64], u: bitOr[uint64]},                                                           // x | y
	"tf.BitwiseXor":        {s: bitXor[int64], u: bitXor[uint64]},                                                         // x ^ y

	"tf.Atan2":       {f: atan2},                                                                              // atan2(x, y): the angle of the point (y, x)
	"tf.DivNoNan":    {f: refmath.DivNoNan, s: refmath.DivNoNanS, u: refmath.DivNoNanU, c: refmath.DivNoNanC}, // y == 0 ? 0 : x / y
	"tf.MulNoNan":    {f: refmath.MulNoNan, s: mul[int64], u: mul[uint64]},                                    // y == 0 ? 0 : x * y (even for x NaN or Inf)
	"tf.Xdivy":       {f: refmath.Xdivy},                                                                      // x == 0 ? 0 : x / y
	"tf.Xlogy":       {f: refmath.Xlogy},                                                                      // x == 0 ? 0 : x·log(y)
	"tf.Xlog1py":     {f: refmath.Xlog1py},                                                                    // x == 0 ? 0 : x·log1p(y)
	"tf.Mod":         {f: truncModF, s: refmath.TruncModS, u: refmath.ModU},                                   // C fmod / %: the dividend's sign; integer %0 = x
	"tf.TruncateMod": {f: truncModF, s: refmath.TruncModS, u: refmath.ModU},                                   // = Mod
	"tf.TruncateDiv": {f: refmath.TruncDivF, s: refmath.DivS, u: refmath.DivU},                                // x / y toward zero; integer /0 = -1 (all ones)
	"tf.NextAfter":   {f: refmath.NextAfter},                                                                  // the next value after x toward y (C nextafter)
	"tf.Zeta":        {f: special2(refmath.Zeta)},                                                             // Hurwitz ζ(x, q)
	"tf.Polygamma":   {f: special2(refmath.Polygamma)},                                                        // ψ⁽ⁿ⁾(x); NaN unless n is a whole number ≥ 0
	"tf.Igamma":      {f: special2(refmath.Igamma)},                                                           // P(a, x)
	"tf.Igammac":     {f: special2(refmath.Igammac)},                                                          // Q(a, x)
	"tf.LeftShift":   {s: refmath.ShlS, u: refmath.ShlU},                                                      // x << y; y outside [0, width): 0 (XLA)
	"tf.RightShift":  {s: refmath.ShrS, u: refmath.ShrU},                                                      // x >> y, arithmetic for signed; y outside [0, width): 0 or -1 (XLA)
}

func atan2(_ memref.DType, y, x float64) float64     { return refmath.Atan2(y, x) }
func truncModF(_ memref.DType, x, y float64) float64 { return math.Mod(x, y) } // exact, C fmod

func add[T int64 | uint64 | float64](_ memref.DType, x, y T) T     { return x + y }
func sub[T int64 | uint64 | float64](_ memref.DType, x, y T) T     { return x - y }
func mul[T int64 | uint64 | float64](_ memref.DType, x, y T) T     { return x * y }
func maximum[T int64 | uint64 | float64](_ memref.DType, x, y T) T { return max(x, y) } // Go's max propagates NaN
func minimum[T int64 | uint64 | float64](_ memref.DType, x, y T) T { return min(x, y) }
func bitAnd[T int64 | uint64](_ memref.DType, x, y T) T            { return x & y }
func bitOr[T int64 | uint64](_ memref.DType, x, y T) T             { return x | y }
func bitXor[T int64 | uint64](_ memref.DType, x, y T) T            { return x ^ y }
func logicalAnd(x, y bool) bool                                    { return x && y }
func logicalOr(x, y bool) bool                                     { return x || y }
func divF(_ memref.DType, x, y float64) float64                    { return x / y }
func powF(_ memref.DType, x, y float64) float64                    { return math.Pow(x, y) }

// compareSpec gives a broadcasting comparison per kind of element; the
// result is i1.
type compareSpec struct {
	f func(x, y float64) bool
	s func(x, y int64) bool
	u func(x, y uint64) bool
	b func(x, y bool) bool
	c func(x, y complex128) bool
}

var compareOps = map[string]compareSpec{
	"tf.Equal":        {f: eq[float64], s: eq[int64], u: eq[uint64], b: eq[bool], c: eq[complex128]}, // x == y (IEEE, both parts)
	"tf.NotEqual":     {f: ne[float64], s: ne[int64], u: ne[uint64], b: ne[bool], c: ne[complex128]}, // x != y (IEEE)
	"tf.Less":         {f: lt[float64], s: lt[int64], u: lt[uint64]},                                 // x < y
	"tf.LessEqual":    {f: le[float64], s: le[int64], u: le[uint64]},                                 // x <= y
	"tf.Greater":      {f: gt[float64], s: gt[int64], u: gt[uint64]},                                 // x > y
	"tf.GreaterEqual": {f: ge[float64], s: ge[int64], u: ge[uint64]},                                 // x >= y
}

func eq[T comparable](x, y T) bool  { return x == y }
func ne[T comparable](x, y T) bool  { return x != y }
func lt[T cmp.Ordered](x, y T) bool { return x < y }
func le[T cmp.Ordered](x, y T) bool { return x <= y }
func gt[T cmp.Ordered](x, y T) bool { return x > y }
func ge[T cmp.Ordered](x, y T) bool { return x >= y }

// reduceSpec reduces one group of elements per kind; a nil function means
// the op does not take that kind. Float results are rounded and integer
// results wrapped to dt by the caller.
type reduceSpec struct {
	f func(dt memref.DType, xs []float64) float64
	s func(dt memref.DType, xs []int64) int64
	u func(dt memref.DType, xs []uint64) uint64
	b func(xs []bool) bool
	c func(dt memref.DType, xs []complex128) complex128
}

var reduceOps = map[string]reduceSpec{
	"tf.Sum":           {f: refmath.SumOf[float64], s: refmath.SumOf[int64], u: refmath.SumOf[uint64], c: refmath.SumOf[complex128]},     // Σ xs (float64, ints wrap); empty: 0
	"tf.Prod":          {f: refmath.ProdOf[float64], s: refmath.ProdOf[int64], u: refmath.ProdOf[uint64], c: refmath.ProdOf[complex128]}, // Π xs (float64, ints wrap); empty: 1
	"tf.Max":           {f: refmath.MaxF, s: refmath.MaxOfS, u: refmath.MaxOfU},                                                          // largest, NaN propagates; empty: -Inf / type min
	"tf.Min":           {f: refmath.MinF, s: refmath.MinOfS, u: refmath.MinOfU},                                                          // smallest, NaN propagates; empty: +Inf / type max
	"tf.Mean":          {f: refmath.MeanF, s: refmath.MeanS, u: refmath.MeanU, c: meanC},                                                 // Σ xs / len; empty: NaN / 0
	"tf.All":           {b: refmath.AllOf},                                                                                               // every x; empty: true
	"tf.EuclideanNorm": {f: refmath.EuclideanNorm},                                                                                       // √Σx² (float64, rounded once); empty: 0
	"tf.Any":           {b: refmath.AnyOf},                                                                                               // some x; empty: false
}

// Supports reports whether the evaluator implements op name.
func Supports(name string) bool {
	_, ok := handlers[name]
	_, multi := multiHandlers[name]
	return ok || multi
}
