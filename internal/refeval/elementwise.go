package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"

	"github.com/sandjit/sandjit/memref"
)

func errElemType(op *mlir.Op, dt memref.DType) error {
	return opError(op, mlir.ErrInvalid, "does not support element type %v", dt)
}

func (s unarySpec) takes(k kind) bool {
	switch k {
	case kComplex:
		return s.c != nil
	case kFloat:
		return s.f != nil || s.fd != nil || s.fBool != nil
	case kSigned:
		return s.s != nil
	case kUnsigned:
		return s.u != nil
	}
	return s.b != nil
}

func evalUnary(ev *evaluator, op *mlir.Op, spec unarySpec) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	dt := x.dt
	if !spec.takes(kindOf(dt)) {
		return nil, errElemType(op, dt)
	}
	rdt := dt
	if spec.fBool != nil {
		rdt = memref.Bool
	}
	out, err := ev.alloc(op, rdt, x.shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < x.len(); i++ {
		switch kindOf(dt) {
		case kFloat:
			switch {
			case spec.fBool != nil:
				out.b[i] = spec.fBool(x.f[i])
			case spec.fd != nil:
				out.f[i] = refmath.RoundTo(dt, spec.fd(dt, x.f[i]))
			default:
				out.f[i] = refmath.RoundTo(dt, spec.f(x.f[i]))
			}
		case kSigned:
			out.s[i] = refmath.WrapS(dt, spec.s(x.s[i]))
		case kUnsigned:
			out.u[i] = refmath.WrapU(dt, spec.u(x.u[i]))
		case kBool:
			out.b[i] = spec.b(x.b[i])
		case kComplex:
			out.c[i] = refmath.RoundC(dt, spec.c(x.c[i]))
		}
	}
	return out, nil
}

// sameElemType checks that the operands at idx share one element type.
func sameElemType(op *mlir.Op, in []*array, idx ...int) error {
	for _, i := range idx[1:] {
		if in[i].dt != in[idx[0]].dt {
			return opError(op, mlir.ErrInvalid, "operands %d and %d have different element types: %v vs. %v",
				idx[0], i, in[idx[0]].dt, in[i].dt)
		}
	}
	return nil
}

// broadcast is broadcastShape with TensorFlow's error.
func broadcast(op *mlir.Op, a, b []int) ([]int, error) {
	out, ok := nd.BroadcastShape(a, b)
	if !ok {
		return nil, opError(op, mlir.ErrInvalid, "Incompatible shapes: %s vs. %s", nd.Format(a), nd.Format(b))
	}
	return out, nil
}

func (s binarySpec) takes(k kind) bool {
	switch k {
	case kComplex:
		return s.c != nil
	case kFloat:
		return s.f != nil
	case kSigned:
		return s.s != nil
	case kUnsigned:
		return s.u != nil
	}
	return s.b != nil
}

func evalBinary(ev *evaluator, op *mlir.Op, spec binarySpec) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	if err := sameElemType(op, in, 0, 1); err != nil {
		return nil, err
	}
	x, y := in[0], in[1]
	dt := x.dt
	if !spec.takes(kindOf(dt)) {
		return nil, errElemType(op, dt)
	}
	shape, err := broadcast(op, x.shape, y.shape)
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, dt, shape)
	if err != nil {
		return nil, err
	}
	nd.ForEachBroadcast(shape, [][]int{x.shape, y.shape}, func(o int, i []int) {
		switch kindOf(dt) {
		case kFloat:
			out.f[o] = refmath.RoundTo(dt, spec.f(dt, x.f[i[0]], y.f[i[1]]))
		case kSigned:
			out.s[o] = refmath.WrapS(dt, spec.s(dt, x.s[i[0]], y.s[i[1]]))
		case kUnsigned:
			out.u[o] = refmath.WrapU(dt, spec.u(dt, x.u[i[0]], y.u[i[1]]))
		case kBool:
			out.b[o] = spec.b(x.b[i[0]], y.b[i[1]])
		case kComplex:
			out.c[o] = refmath.RoundC(dt, spec.c(x.c[i[0]], y.c[i[1]]))
		}
	})
	return out, nil
}

func (s compareSpec) takes(k kind) bool {
	switch k {
	case kComplex:
		return s.c != nil
	case kFloat:
		return s.f != nil
	case kSigned:
		return s.s != nil
	case kUnsigned:
		return s.u != nil
	}
	return s.b != nil
}

func evalCompare(ev *evaluator, op *mlir.Op, spec compareSpec) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	if err := sameElemType(op, in, 0, 1); err != nil {
		return nil, err
	}
	x, y := in[0], in[1]
	if !spec.takes(kindOf(x.dt)) {
		return nil, errElemType(op, x.dt)
	}
	shape, err := broadcast(op, x.shape, y.shape)
	if err != nil {
		if !scalarOnIncompatible(op) {
			return nil, err
		}
		// TF's CPU kernel (core/kernels/cwise_ops_common.cc BinaryOpState):
		// an invalid broadcast with incompatible_shape_error = false gives a
		// rank-0 `op == "NotEqual"`.
		out, err := ev.alloc(op, memref.Bool, []int{})
		if err != nil {
			return nil, err
		}
		out.b[0] = op.Name == "tf.NotEqual"
		return out, nil
	}
	out, err := ev.alloc(op, memref.Bool, shape)
	if err != nil {
		return nil, err
	}
	nd.ForEachBroadcast(shape, [][]int{x.shape, y.shape}, func(o int, i []int) {
		switch kindOf(x.dt) {
		case kFloat:
			out.b[o] = spec.f(x.f[i[0]], y.f[i[1]])
		case kSigned:
			out.b[o] = spec.s(x.s[i[0]], y.s[i[1]])
		case kUnsigned:
			out.b[o] = spec.u(x.u[i[0]], y.u[i[1]])
		case kBool:
			out.b[o] = spec.b(x.b[i[0]], y.b[i[1]])
		case kComplex:
			out.b[o] = spec.c(x.c[i[0]], y.c[i[1]])
		}
	})
	return out, nil
}

// scalarOnIncompatible reports whether op is tf.Equal or tf.NotEqual with
// incompatible_shape_error = false (default true).
func scalarOnIncompatible(op *mlir.Op) bool {
	if op.Name != "tf.Equal" && op.Name != "tf.NotEqual" {
		return false
	}
	b, ok := op.Attr("incompatible_shape_error").(mlir.BoolAttr)
	return ok && !bool(b)
}

func evalConst(ev *evaluator, op *mlir.Op) (*array, error) {
	if _, err := ev.operands(op, 0); err != nil {
		return nil, err
	}
	d, ok := op.Attr("value").(*mlir.DenseAttr)
	if !ok || d == nil || d.Value == nil {
		return nil, opError(op, mlir.ErrUnsupported, "needs a dense `value` attribute")
	}
	if !d.Type.IsStatic() {
		return nil, opError(op, mlir.ErrInvalid, "value type %s is not static", d.Type)
	}
	if err := d.Value.Validate(); err != nil {
		return nil, opError(op, mlir.ErrInvalid, "value: %v", err)
	}
	if d.Value.DType != d.Type.Elem {
		return nil, opError(op, mlir.ErrInvalid, "value holds %v elements but its type is %s", d.Value.DType, d.Type)
	}
	v := load(d.Value)
	switch {
	case d.Splat && v.len() != 1:
		return nil, opError(op, mlir.ErrInvalid, "splat value holds %d elements", v.len())
	case !d.Splat && !sameShape(v.shape, d.Type.Dims):
		return nil, opError(op, mlir.ErrInvalid, "value of shape %s for type %s", nd.Format(v.shape), d.Type)
	}
	out, err := ev.alloc(op, d.Type.Elem, d.Type.Dims)
	if err != nil {
		return nil, err
	}
	for i := 0; i < out.len(); i++ {
		if d.Splat {
			copyElem(out, i, v, 0)
		} else {
			copyElem(out, i, v, i)
		}
	}
	return out, nil
}

func evalIdentity(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	return in[0], nil
}

func evalIdentityN(ev *evaluator, op *mlir.Op) ([]*array, error) {
	return ev.allOperands(op)
}

// evalCheckNumerics is TensorFlow's CheckNumerics
// (core/kernels/check_numerics_op.cc): x unchanged, or an InvalidArgument
// error "<message> : Tensor had NaN values" ("Inf values", "Inf and NaN
// values") when elements of x are NaN or infinite.
func evalCheckNumerics(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if !x.dt.IsFloat() {
		return nil, opError(op, mlir.ErrInvalid, "operand must be a float tensor, got %s", memref.TypeString(x.dt, x.shape))
	}
	msg, _ := op.Attr("message").(mlir.StringAttr)
	nan, inf := false, false
	for _, v := range x.f {
		nan = nan || math.IsNaN(v)
		inf = inf || math.IsInf(v, 0)
	}
	what := ""
	switch {
	case nan && inf:
		what = "Inf and NaN"
	case nan:
		what = "NaN"
	case inf:
		what = "Inf"
	default:
		return x, nil
	}
	return nil, opError(op, mlir.ErrInvalid, "%s : Tensor had %s values", string(msg), what)
}

func evalCast(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x, dst := in[0], op.Results[0].Type.Elem
	if !dst.Valid() {
		return nil, opError(op, mlir.ErrInvalid, "result element type %v is not a number or i1", dst)
	}
	out, err := ev.alloc(op, dst, x.shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < x.len(); i++ {
		switch kindOf(x.dt) {
		case kFloat:
			castFloat(out, i, x.f[i])
		case kSigned:
			castSigned(out, i, x.s[i])
		case kUnsigned:
			castUnsigned(out, i, x.u[i])
		case kBool:
			if x.b[i] {
				castSigned(out, i, 1)
			} else {
				castSigned(out, i, 0)
			}
		case kComplex:
			castComplex(out, i, x.c[i])
		}
	}
	return out, nil
}

// castComplex stores complex z into out[i]: each part rounded to a complex
// type; to a real type, the real part converted as castFloat does (TF's
// static_cast of std::complex keeps the real part); z != 0 for i1.
func castComplex(out *array, i int, z complex128) {
	switch kindOf(out.dt) {
	case kComplex:
		out.c[i] = refmath.RoundC(out.dt, z)
	case kBool:
		out.b[i] = z != 0
	default:
		castFloat(out, i, real(z))
	}
}

// castFloat stores float v into out[i]: rounded to a float type; truncated
// and saturated to an integer type (NaN gives 0); v != 0 for i1.
func castFloat(out *array, i int, v float64) {
	dt := out.dt
	switch kindOf(dt) {
	case kComplex:
		out.c[i] = refmath.RoundC(dt, complex(v, 0))
	case kFloat:
		out.f[i] = refmath.FloatToFloat(dt, v)
	case kSigned:
		out.s[i] = refmath.FloatToSigned(dt, v)
	case kUnsigned:
		out.u[i] = refmath.FloatToUnsigned(dt, v)
	case kBool:
		out.b[i] = v != 0 // NaN != 0
	}
}

// castSigned stores integer v into out[i]: rounded once to a float type,
// wrapped to an integer type, v != 0 for i1.
func castSigned(out *array, i int, v int64) {
	dt := out.dt
	switch kindOf(dt) {
	case kComplex:
		out.c[i] = refmath.RoundC(dt, complex(float64(v), 0))
	case kFloat:
		out.f[i] = refmath.SignedToFloat(dt, v)
	case kSigned:
		out.s[i] = refmath.WrapS(dt, v)
	case kUnsigned:
		out.u[i] = refmath.WrapU(dt, uint64(v))
	case kBool:
		out.b[i] = v != 0
	}
}

// castUnsigned is castSigned for an unsigned v.
func castUnsigned(out *array, i int, v uint64) {
	dt := out.dt
	switch kindOf(dt) {
	case kComplex:
		out.c[i] = refmath.RoundC(dt, complex(float64(v), 0))
	case kFloat:
		out.f[i] = refmath.UnsignedToFloat(dt, v)
	case kSigned:
		out.s[i] = refmath.WrapS(dt, int64(v))
	case kUnsigned:
		out.u[i] = refmath.WrapU(dt, v)
	case kBool:
		out.b[i] = v != 0
	}
}

func evalBiasAdd(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	if err := sameElemType(op, in, 0, 1); err != nil {
		return nil, err
	}
	x, bias := in[0], in[1]
	dt := x.dt
	if kindOf(dt) == kBool {
		return nil, errElemType(op, dt)
	}
	format := "NHWC"
	if a := op.Attr("data_format"); a != nil {
		s, ok := a.(mlir.StringAttr)
		if !ok || (s != "NHWC" && s != "NCHW") {
			return nil, opError(op, mlir.ErrInvalid, "data_format must be \"NHWC\" or \"NCHW\", got %v", a)
		}
		format = string(s)
	}
	if len(x.shape) < 2 {
		return nil, opError(op, mlir.ErrInvalid, "Input tensor must be at least 2D: %s", nd.Format(x.shape))
	}
	c := len(x.shape) - 1
	if format == "NCHW" {
		c = 1
	}
	if len(bias.shape) != 1 || bias.shape[0] != x.shape[c] {
		return nil, opError(op, mlir.ErrInvalid, "Must provide as many biases as the channel dimension (dim %d) of the input tensor: %s vs. %s",
			c, nd.Format(bias.shape), nd.Format(x.shape))
	}
	out, err := ev.alloc(op, dt, x.shape)
	if err != nil {
		return nil, err
	}
	inner := nd.NumElements(x.shape[c+1:]) // elements per step of dim c
	for i := 0; i < x.len(); i++ {
		ch := (i / inner) % x.shape[c]
		switch kindOf(dt) {
		case kFloat:
			out.f[i] = refmath.RoundTo(dt, x.f[i]+bias.f[ch])
		case kSigned:
			out.s[i] = refmath.WrapS(dt, x.s[i]+bias.s[ch])
		case kUnsigned:
			out.u[i] = refmath.WrapU(dt, x.u[i]+bias.u[ch])
		case kComplex:
			out.c[i] = refmath.RoundC(dt, x.c[i]+bias.c[ch])
		}
	}
	return out, nil
}

func evalSelect(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 3)
	if err != nil {
		return nil, err
	}
	cond, x, y := in[0], in[1], in[2]
	if cond.dt != memref.Bool {
		return nil, opError(op, mlir.ErrInvalid, "condition must be i1, got %v", cond.dt)
	}
	if err := sameElemType(op, in, 1, 2); err != nil {
		return nil, err
	}
	if !sameShape(x.shape, y.shape) {
		return nil, opError(op, mlir.ErrInvalid, "'then' and 'else' must have the same shape: %s vs. %s",
			nd.Format(x.shape), nd.Format(y.shape))
	}
	var pick func(i int) bool
	switch {
	case sameShape(cond.shape, x.shape):
		pick = func(i int) bool { return cond.b[i] }
	case len(cond.shape) == 0:
		pick = func(int) bool { return cond.b[0] }
	case len(cond.shape) == 1 && len(x.shape) >= 1 && cond.shape[0] == x.shape[0]:
		row := nd.NumElements(x.shape[1:])
		pick = func(i int) bool { return cond.b[i/row] }
	default:
		return nil, opError(op, mlir.ErrInvalid, "condition %s must be a scalar, have the shape of 'then' %s, or be a vector of its first dim",
			nd.Format(cond.shape), nd.Format(x.shape))
	}
	out, err := ev.alloc(op, x.dt, x.shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < out.len(); i++ {
		if pick(i) {
			copyElem(out, i, x, i)
		} else {
			copyElem(out, i, y, i)
		}
	}
	return out, nil
}

func evalSelectV2(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 3)
	if err != nil {
		return nil, err
	}
	cond, x, y := in[0], in[1], in[2]
	if cond.dt != memref.Bool {
		return nil, opError(op, mlir.ErrInvalid, "condition must be i1, got %v", cond.dt)
	}
	if err := sameElemType(op, in, 1, 2); err != nil {
		return nil, err
	}
	xy, err := broadcast(op, x.shape, y.shape)
	if err != nil {
		return nil, err
	}
	shape, err := broadcast(op, cond.shape, xy)
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	nd.ForEachBroadcast(shape, [][]int{cond.shape, x.shape, y.shape}, func(o int, i []int) {
		if cond.b[i[0]] {
			copyElem(out, o, x, i[1])
		} else {
			copyElem(out, o, y, i[2])
		}
	})
	return out, nil
}

// evalLeakyRelu is x > 0 ? x : x·alpha. Like TensorFlow, alpha (an f32
// attribute, default 0.2) is converted to the element type first, so an
// f64 LeakyRelu multiplies by float32(0.2) and an f16 one by f16(0.2).
func evalLeakyRelu(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if kindOf(x.dt) != kFloat {
		return nil, errElemType(op, x.dt)
	}
	alpha, err := attrFloat(op, "alpha", 0.2)
	if err != nil {
		return nil, err
	}
	alpha = refmath.RoundTo(x.dt, float64(float32(alpha)))
	out, err := ev.alloc(op, x.dt, x.shape)
	if err != nil {
		return nil, err
	}
	for i, v := range x.f {
		out.f[i] = refmath.LeakyRelu(x.dt, v, alpha)
	}
	return out, nil
}

// evalClipByValue is TensorFlow's CPU kernel (core/kernels/cwise_op_clip.cc
// UnaryClipFunc: std::max(std::min(value, value_max), value_min); the
// same-shape path is Eigen's in0.cwiseMin(in2).cwiseMax(in1), whose scalar
// min/max are std::min/std::max) with numpy broadcasting of all three
// operands: m = hi < x ? hi : x, then m < lo ? lo : m. So a NaN x stays NaN,
// a NaN bound is ignored (its comparison is false), and lo > hi gives lo.
func evalClipByValue(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 3)
	if err != nil {
		return nil, err
	}
	if err := sameElemType(op, in, 0, 1, 2); err != nil {
		return nil, err
	}
	x, lo, hi := in[0], in[1], in[2]
	dt := x.dt
	if kindOf(dt) == kBool || kindOf(dt) == kComplex {
		return nil, errElemType(op, dt)
	}
	s, err := broadcast(op, x.shape, lo.shape)
	if err != nil {
		return nil, err
	}
	shape, err := broadcast(op, s, hi.shape)
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, dt, shape)
	if err != nil {
		return nil, err
	}
	nd.ForEachBroadcast(shape, [][]int{x.shape, lo.shape, hi.shape}, func(o int, i []int) {
		switch kindOf(dt) {
		case kFloat:
			out.f[o] = stdMax(stdMin(x.f[i[0]], hi.f[i[2]]), lo.f[i[1]])
		case kSigned:
			out.s[o] = stdMax(stdMin(x.s[i[0]], hi.s[i[2]]), lo.s[i[1]])
		case kUnsigned:
			out.u[o] = stdMax(stdMin(x.u[i[0]], hi.u[i[2]]), lo.u[i[1]])
		}
	})
	return out, nil
}

// stdMin is C++'s std::min(a, b): b < a ? b : a (a when either is NaN).
func stdMin[T float64 | int64 | uint64](a, b T) T {
	if b < a {
		return b
	}
	return a
}

// stdMax is C++'s std::max(a, b): a < b ? b : a (a when either is NaN).
func stdMax[T float64 | int64 | uint64](a, b T) T {
	if a < b {
		return b
	}
	return a
}

// evalApproximateEqual is |x - y| < tolerance for x and y of one shape (no
// broadcasting, as in TensorFlow). As in TensorFlow, x - y is computed in
// the element type (rounded, or wrapped for integers, whose |MIN| stays
// MIN) and the tolerance (an f32 attribute, default 1e-5) is converted to
// the element type first (truncated for integers, so the default makes
// every integer comparison false).
func evalApproximateEqual(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	if err := sameElemType(op, in, 0, 1); err != nil {
		return nil, err
	}
	x, y := in[0], in[1]
	dt := x.dt
	if kindOf(dt) == kBool || kindOf(dt) == kComplex {
		return nil, errElemType(op, dt)
	}
	if !sameShape(x.shape, y.shape) {
		return nil, opError(op, mlir.ErrInvalid, "x and y must be of the same shape: %s vs. %s",
			nd.Format(x.shape), nd.Format(y.shape))
	}
	tol, err := attrFloat(op, "tolerance", 1e-5)
	if err != nil {
		return nil, err
	}
	tolT := newArray(dt, []int{1})
	castFloat(tolT, 0, float64(float32(tol)))
	out, err := ev.alloc(op, memref.Bool, x.shape)
	if err != nil {
		return nil, err
	}
	for i := range out.b {
		switch kindOf(dt) {
		case kFloat:
			out.b[i] = math.Abs(refmath.RoundTo(dt, x.f[i]-y.f[i])) < tolT.f[0]
		case kSigned:
			out.b[i] = refmath.WrapS(dt, absS(refmath.WrapS(dt, x.s[i]-y.s[i]))) < tolT.s[0] // |MIN| wraps to MIN: true for tol > MIN
		case kUnsigned:
			out.b[i] = refmath.WrapU(dt, x.u[i]-y.u[i]) < tolT.u[0]
		}
	}
	return out, nil
}

// evalAddN sums N tensors of one type and shape in the order of TF's
// AddNOp (core/kernels/aggregate_ops.h): the first r = N mod 8 (8 when 0,
// 9 when 1 and N > 1) left to right, then each further 8 summed left to
// right and added to the total; every addition rounds to the type.
func evalAddN(ev *evaluator, op *mlir.Op) (*array, error) {
	if len(op.Operands) == 0 {
		return nil, opError(op, mlir.ErrInvalid, "expects at least 1 operand")
	}
	in, err := ev.allOperands(op)
	if err != nil {
		return nil, err
	}
	for i := range in[1:] {
		if err := sameElemType(op, in, 0, i+1); err != nil {
			return nil, err
		}
		if !sameShape(in[0].shape, in[i+1].shape) {
			return nil, opError(op, mlir.ErrInvalid, "Inputs must have the same size and shape. Input 0: %s != input %d: %s",
				nd.Format(in[0].shape), i+1, nd.Format(in[i+1].shape))
		}
	}
	dt := in[0].dt
	if kindOf(dt) == kBool {
		return nil, errElemType(op, dt)
	}
	out, err := ev.alloc(op, dt, in[0].shape)
	if err != nil {
		return nil, err
	}
	N := len(in)
	r := N % 8
	if r < 2 && N >= 8 {
		r += 8
	}
	for e := 0; e < out.len(); e++ {
		add := func(s *array, k int, x *array, i int) { // s[k] += x[i], rounded
			switch kindOf(dt) {
			case kFloat:
				s.f[k] = refmath.RoundTo(dt, s.f[k]+x.f[i])
			case kSigned:
				s.s[k] = refmath.WrapS(dt, s.s[k]+x.s[i])
			case kUnsigned:
				s.u[k] = refmath.WrapU(dt, s.u[k]+x.u[i])
			case kComplex:
				s.c[k] = refmath.RoundC(dt, s.c[k]+x.c[i])
			}
		}
		group := func(s *array, k, lo, hi int) { // s[k] = in[lo][e] + … + in[hi-1][e]
			copyElem(s, k, in[lo], e)
			for i := lo + 1; i < hi; i++ {
				add(s, k, in[i], e)
			}
		}
		group(out, e, 0, r)
		for g := r; g < N; g += 8 {
			tmp := newArray(dt, nil)
			group(tmp, 0, g, g+8)
			add(out, e, tmp, 0)
		}
	}
	return out, nil
}
