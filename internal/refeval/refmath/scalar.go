package refmath

import (
	"math"

	"github.com/sandjit/sandjit/memref"
)

// TensorFlow's rules for single elements where they are more than a Go
// operator: overflow-free cosh and sinh, Elu, Selu and Softplus, the sign
// and reciprocal of integers, the *NoNan and x·f(y) ops, integer division
// and remainder with XLA's results at zero and overflow, FloorDiv and
// FloorMod, Pow of integers, shifts with XLA's out-of-range amounts,
// NextAfter in every float type,
// and ln and atan2 without Go's subnormal and underflow slips. Binary rules
// take the element type dt first, as the evaluator's op tables call them;
// float results are rounded and integer results wrapped to dt by the
// caller.

// Cosh and Sinh are Go's, except for |x| > 21, where Go computes e^|x|/2,
// which overflows for |x| in (709.78, 710.48) though the result is finite:
// there they are ±(e^(|x|/2)/2)·e^(|x|/2) (e^-|x| is below half an ulp).
func Cosh(x float64) float64 {
	if a := math.Abs(x); a > 21 {
		h := math.Exp(a / 2)
		return h * 0.5 * h
	}
	return math.Cosh(x)
}

func Sinh(x float64) float64 {
	if a := math.Abs(x); a > 21 {
		h := math.Exp(a / 2)
		return math.Copysign(h*0.5*h, x)
	}
	return math.Sinh(x)
}

// SeluScale and SeluScaleAlpha are TensorFlow's Selu constants (scale and
// scale·alpha with alpha = 1.6732632423543772848170429916717).
const (
	SeluScale      = 1.0507009873554804934193349852946
	SeluScaleAlpha = 1.7580993408473768599402175208123
)

// Elu and Selu use expm1 for e^x - 1: the exact value, rounded once
// (TensorFlow's e^x - 1 in the element type loses digits near 0).
func Elu(x float64) float64 {
	if x < 0 {
		return math.Expm1(x)
	}
	return x
}

func Selu(x float64) float64 {
	if x < 0 {
		return SeluScaleAlpha * math.Expm1(x)
	}
	return SeluScale * x
}

// Softplus is TensorFlow's form: with t = log(ε) + 2 for the element
// type's machine epsilon ε (computed in the element type), x when x > -t,
// e^x when x < t, log1p(e^x) otherwise.
func Softplus(dt memref.DType, x float64) float64 {
	eps := 0x1p-52
	switch dt {
	case memref.Float32:
		eps = 0x1p-23
	case memref.Float16:
		eps = 0x1p-10
	case memref.BFloat16:
		eps = 0x1p-7
	}
	t := RoundTo(dt, RoundTo(dt, math.Log(eps))+2)
	switch {
	case x > -t:
		return x
	case x < t:
		return math.Exp(x)
	}
	return math.Log1p(math.Exp(x)) // NaN stays NaN
}

func SignF(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	case x == 0:
		return 0
	}
	return x // NaN
}

func SignS(x int64) int64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func ReciprocalS(x int64) int64 {
	if x == 0 {
		return -1 // XLA's 1 / 0
	}
	return 1 / x
}

func ReciprocalU(x uint64) uint64 {
	if x == 0 {
		return ^uint64(0) // all ones, wrapped to the element type
	}
	return 1 / x
}

func DivNoNan(_ memref.DType, x, y float64) float64 {
	if y == 0 {
		return 0
	}
	return x / y
}

func MulNoNan(_ memref.DType, x, y float64) float64 {
	if y == 0 {
		return 0
	}
	return x * y
}

func Xdivy(_ memref.DType, x, y float64) float64 {
	if x == 0 {
		return 0
	}
	return x / y
}

func Xlogy(_ memref.DType, x, y float64) float64 {
	if x == 0 {
		return 0
	}
	return x * Log(y)
}

func Xlog1py(_ memref.DType, x, y float64) float64 {
	if x == 0 {
		return 0
	}
	return x * math.Log1p(y)
}

// TruncModS is C's %: the dividend's sign; x % 0 gives x and MIN % -1
// gives 0 (XLA's remainder).
func TruncModS(_ memref.DType, x, y int64) int64 {
	switch y {
	case 0:
		return x
	case -1:
		return 0
	}
	return x % y // Go's % truncates, like C
}

// TruncDivF is trunc(x / y) with x / y rounded to the element type first.
func TruncDivF(dt memref.DType, x, y float64) float64 {
	return math.Trunc(RoundTo(dt, x/y))
}

// NextAfter is C's nextafter in the element type: y when x == y (so
// nextafter(0, -0) is -0), NaN when either is NaN.
func NextAfter(dt memref.DType, x, y float64) float64 {
	switch {
	case x != x || y != y:
		return math.NaN()
	case x == y:
		return y
	}
	switch dt {
	case memref.Float32:
		return float64(math.Nextafter32(float32(x), float32(y)))
	case memref.Float16:
		return nextAfterF16(x, y)
	case memref.BFloat16:
		return nextAfterBF16(x, y)
	}
	return math.Nextafter(x, y)
}

// nextAfterBF16 is nextAfterF16 for bf16 (x a bf16 value, x != y).
func nextAfterBF16(x, y float64) float64 {
	if x == 0 {
		return math.Copysign(0x1p-133, y)
	}
	h := memref.F32ToBF16(float32(x)) // exact
	if (y > x) == (x > 0) {
		h++
	} else {
		h--
	}
	return float64(memref.BF16ToF32(h))
}

// nextAfterF16 steps x (an f16 value, x != y, neither NaN) by one f16 ulp
// toward y, through the bit pattern: for a sign-magnitude format, the
// neighbour away from zero is bits+1 and toward zero bits-1.
func nextAfterF16(x, y float64) float64 {
	if x == 0 {
		return math.Copysign(0x1p-24, y)
	}
	h := memref.F32ToF16(float32(x)) // exact
	if (y > x) == (x > 0) {
		h++
	} else {
		h--
	}
	return float64(memref.F16ToF32(h))
}

// Integer division follows XLA (xla/service/elemental_ir_emitter.cc
// EmitIntegerDivide/EmitIntegerRemainder, and mhlo's map_mhlo_to_scalar_op.h
// for DivOp/RemOp): x / 0 = -1 (all ones for unsigned), x % 0 = x,
// MIN / -1 = MIN, MIN % -1 = 0. TF's JIT lowers Div, RealDiv, TruncateDiv
// to that division and Mod, TruncateMod to that remainder.
func DivS(dt memref.DType, x, y int64) int64 {
	switch {
	case y == 0:
		return -1
	case x == MinS(dt) && y == -1:
		return x
	}
	return x / y // Go truncates toward zero
}

func DivU(_ memref.DType, x, y uint64) uint64 {
	if y == 0 {
		return ^uint64(0) // all ones, wrapped to the element type
	}
	return x / y
}

func ModU(_ memref.DType, x, y uint64) uint64 {
	if y == 0 {
		return x
	}
	return x % y
}

// DivNoNanS and DivNoNanU are DivNoNan on integers (outside TF's dtype
// list): 0 where y == 0, else Div.
func DivNoNanS(dt memref.DType, x, y int64) int64 {
	if y == 0 {
		return 0
	}
	return DivS(dt, x, y)
}

func DivNoNanU(dt memref.DType, x, y uint64) uint64 {
	if y == 0 {
		return 0
	}
	return DivU(dt, x, y)
}

// FloorDivS is TF's integer FloorDiv as its XLA lowering writes it
// (tf2xla/kernels/binary_ops.cc FloorDivImpl, and the same pattern in
// tf2xla/transforms/legalize_tf_patterns.td): z = x / y (XLA's division),
// z - 1 when z·y != x and x, y differ in sign, else z. So x / 0 is -1, or
// -2 when x < 0 (z = -1, z·0 = 0 != x); MIN / -1 is MIN.
func FloorDivS(dt memref.DType, x, y int64) int64 {
	z := DivS(dt, x, y)
	if WrapS(dt, z*y) != x && (x < 0) != (y < 0) {
		z--
	}
	return z
}

// FloorModS is TF's FloorMod as its XLA lowering writes it
// (legalize_tf_patterns.td; tf2xla FloorModImpl): r = x % y (XLA's
// remainder), r + y when r != 0 and r, y differ in sign. So x % 0 is x
// (r = x, y = 0) and MIN % -1 is 0.
func FloorModS(dt memref.DType, x, y int64) int64 {
	switch {
	case y == 0:
		return x
	case x == MinS(dt) && y == -1:
		return 0
	}
	r := x % y // sign of x
	if r != 0 && (r < 0) != (y < 0) {
		r += y
	}
	return r
}

func FloorDivF(dt memref.DType, x, y float64) float64 {
	return math.Floor(RoundTo(dt, x/y))
}

func FloorModF(_ memref.DType, x, y float64) float64 {
	r := math.Mod(x, y) // exact, sign of x
	if r != 0 && (r < 0) != (y < 0) {
		r += y
	}
	return r
}

func SquaredDifferenceF(dt memref.DType, x, y float64) float64 {
	d := RoundTo(dt, x-y)
	return d * d
}

func SquaredDifferenceS(dt memref.DType, x, y int64) int64 {
	d := WrapS(dt, x-y)
	return d * d
}

func SquaredDifferenceU(dt memref.DType, x, y uint64) uint64 {
	d := WrapU(dt, x-y)
	return d * d
}

// PowS is x**y by repeated squaring, wrapping modulo 2^64 (the caller
// wraps to the element type, which is consistent with wrapping every step).
func PowS(_ memref.DType, x, y int64) int64 {
	if y < 0 {
		switch {
		case x == 1:
			return 1
		case x == -1 && y%2 == 0:
			return 1
		case x == -1:
			return -1
		}
		return 0
	}
	r := int64(1)
	for ; y > 0; y >>= 1 {
		if y&1 == 1 {
			r *= x
		}
		x *= x
	}
	return r
}

func PowU(_ memref.DType, x, y uint64) uint64 {
	r := uint64(1)
	for ; y > 0; y >>= 1 {
		if y&1 == 1 {
			r *= x
		}
		x *= x
	}
	return r
}

// Log is ln x. Go's math.Log (its amd64 assembly) is wrong for
// subnormal x (math.Log(5e-324) = -709.09 rather than -744.44), so those
// are scaled into the normal range first.
func Log(x float64) float64 {
	if x > 0 && x < 0x1p-1022 {
		return math.Log(x*0x1p54) - 54*math.Ln2
	}
	return math.Log(x)
}

// Atan2 is atan2(y, x). Go's math.Atan2 computes atan(y/x) and loses
// y's sign when y/x underflows to zero with x < 0 (atan2(-1e-300, -1e300)
// gives +π rather than -π).
func Atan2(y, x float64) float64 {
	r := math.Atan2(y, x)
	if x < 0 && !math.IsNaN(y) && math.Signbit(r) != math.Signbit(y) {
		r = -r
	}
	return r
}

// LeakyRelu is x > 0 ? x : x·alpha rounded to dt (NaN stays NaN), alpha
// already converted to dt by the caller.
func LeakyRelu(dt memref.DType, x, alpha float64) float64 {
	if x > 0 {
		return x
	}
	return RoundTo(dt, x*alpha) // NaN·alpha is NaN
}

// GeluApproximate is the tanh form 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))).
func GeluApproximate(x float64) float64 {
	return 0.5 * x * (1 + math.Tanh(math.Sqrt(2/math.Pi)*(x+0.044715*x*x*x)))
}

// Shifts follow XLA, which TF's JIT lowers LeftShift and RightShift to
// (tf2xla/kernels/binary_ops.cc: ShiftLeft; ShiftRightLogical for unsigned
// types, ShiftRightArithmetic for signed ones): the shift amount is read as
// unsigned, and an amount of at least the width (a negative one included)
// shifts every bit out: 0, or -1 for a negative x shifted right
// arithmetically. TF's CPU kernels clamp the amount to [0, width-1]
// instead.
func ShlS(dt memref.DType, x, y int64) int64 {
	if y < 0 || y >= int64(dt.Bits()) {
		return 0
	}
	return x << y // the caller wraps
}

func ShlU(dt memref.DType, x, y uint64) uint64 {
	if y >= uint64(dt.Bits()) {
		return 0
	}
	return x << y
}

func ShrS(dt memref.DType, x, y int64) int64 {
	if y < 0 || y >= int64(dt.Bits()) {
		if x < 0 {
			return -1
		}
		return 0
	}
	return x >> y // x is sign-extended: the arithmetic shift of the narrow value
}

func ShrU(dt memref.DType, x, y uint64) uint64 {
	if y >= uint64(dt.Bits()) {
		return 0
	}
	return x >> y
}
