package lower

import (
	"math"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/shape"
	"github.com/sandjit/sandjit/memref"
)

// The rest of the elementwise ops that TensorFlow's CPU JIT clusters, with
// the semantics of TF's CPU kernels at the edges, one entry a line like
// the core ones.

var (
	setModT      = types(memref.Int32, memref.Int64) | setFloat // Mod, TruncateMod
	setNextAfter = types(memref.Float32, memref.Float64)
)

func extraOps() []*opDef {
	return elementwise(
		&opDef{name: "tf.Acos", arity: 1, types: setFloat, emit: mathFn(loopir.MathAcos), doc: "arccos x; NaN outside [-1, 1]"},
		&opDef{name: "tf.Acosh", arity: 1, types: setFloat, emit: mathFn(loopir.MathAcosh), doc: "arcosh x; NaN below 1"},
		&opDef{name: "tf.Asin", arity: 1, types: setFloat, emit: mathFn(loopir.MathAsin), doc: "arcsin x; NaN outside [-1, 1]"},
		&opDef{name: "tf.Asinh", arity: 1, types: setFloat, emit: mathFn(loopir.MathAsinh), doc: "arsinh x"},
		&opDef{name: "tf.Atan", arity: 1, types: setFloat, emit: mathFn(loopir.MathAtan), doc: "arctan x"},
		&opDef{name: "tf.Atan2", arity: 2, types: setFloat, emit: emitAtan2, doc: "atan2(y, x), the angle of (x, y)"},
		&opDef{name: "tf.Atanh", arity: 1, types: setFloat, emit: mathFn(loopir.MathAtanh), doc: "artanh x; ±Inf at ±1"},
		&opDef{name: "tf.Cosh", arity: 1, types: setFloat, emit: mathFn(loopir.MathCosh), doc: "cosh x"},
		&opDef{name: "tf.Sinh", arity: 1, types: setFloat, emit: mathFn(loopir.MathSinh), doc: "sinh x"},
		&opDef{name: "tf.Tan", arity: 1, types: setFloat, emit: mathFn(loopir.MathTan), doc: "tan x"},
		&opDef{name: "tf.Expm1", arity: 1, types: setFloat, emit: mathFn(loopir.MathExpm1), doc: "e**x - 1, accurate near 0"},
		&opDef{name: "tf.Erfc", arity: 1, types: setFloat, emit: mathFn(loopir.MathErfc), doc: "1 - erf x, accurate for large x"},
		&opDef{name: "tf.Elu", arity: 1, types: setFloat, emit: emitElu, doc: "x < 0 ? expm1(x) : x"},
		&opDef{name: "tf.Selu", arity: 1, types: setFloat, emit: emitSelu, doc: "x < 0 ? scale·alpha·expm1(x) : scale·x"},
		&opDef{name: "tf.LeakyRelu", floatAttr: "alpha", arity: 1, types: setFloat, emit: emitLeakyRelu, doc: "x > 0 ? x : alpha·x (attr alpha = 0.2)"},
		&opDef{name: "tf.Softplus", arity: 1, types: setFloat, emit: emitSoftplus, doc: "log1p(exp(-|x|)) + max(x, 0)"},
		&opDef{name: "tf.Softsign", arity: 1, types: setFloat, emit: emitSoftsign, doc: "x / (|x| + 1); NaN at ±Inf"},
		&opDef{name: "tf.ClipByValue", arity: 3, types: setNum, emit: emitClipByValue, doc: "max(min(t, hi), lo) as std::min/max: NaN t stays, NaN bounds ignored"},
		&opDef{name: "tf.DivNoNan", arity: 2, types: setFloat, emit: emitDivNoNan, doc: "y == 0 ? 0 : x / y"},
		&opDef{name: "tf.MulNoNan", arity: 2, types: setFloat, emit: emitMulNoNan, doc: "y == 0 ? 0 : x · y, even for NaN or ±Inf x"},
		&opDef{name: "tf.Xdivy", arity: 2, types: setFloat, emit: emitXdivy, doc: "x == 0 ? 0 : x / y"},
		&opDef{name: "tf.Xlogy", arity: 2, types: setFloat, emit: emitXlogy, doc: "x == 0 ? 0 : x · log(y)"},
		&opDef{name: "tf.Xlog1py", arity: 2, types: setFloat, emit: emitXlog1py, doc: "x == 0 ? 0 : x · log1p(y)"},
		&opDef{name: "tf.Inv", arity: 1, types: setNum, emit: un(loopir.OpRecip), doc: "1/x, the reciprocal"},
		&opDef{name: "tf.Invert", arity: 1, types: setInt, emit: un(loopir.OpNot), doc: "^x, bitwise not"},
		&opDef{name: "tf.IsInf", arity: 1, types: setFloat, bool: true, emit: emitIsInf, doc: "x is ±Inf"},
		&opDef{name: "tf.IsNan", arity: 1, types: setFloat, bool: true, emit: emitIsNaN, doc: "x is NaN"},
		&opDef{name: "tf.Mod", arity: 2, types: setModT, emit: bin(loopir.OpRem), doc: "truncated remainder (C %, fmod); ints: x % 0 = x"},
		&opDef{name: "tf.TruncateMod", arity: 2, types: setModT, emit: bin(loopir.OpRem), doc: "truncated remainder (C %, fmod); ints: x % 0 = x"},
		&opDef{name: "tf.TruncateDiv", arity: 2, types: setNum, emit: emitTruncateDiv, doc: "trunc(x / y); ints: x / 0 = -1"},
		&opDef{name: "tf.ApproximateEqual", floatAttr: "tolerance", arity: 2, types: setNum, bool: true, sameShape: true, emit: emitApproximateEqual, doc: "|x - y| < tolerance (attr, 1e-5); no broadcasting"},
		&opDef{name: "tf.NextAfter", arity: 2, types: setNextAfter, emit: bin(loopir.OpNextAfter), doc: "next value after x toward y"},
		&opDef{name: "tf.ZerosLike", arity: 1, types: setMoved, emit: emitZeros, partwise: true, doc: "0 (false) in x's shape"},
		&opDef{name: "tf.OnesLike", arity: 1, types: setAll, emit: emitOnes, doc: "1 (true) in x's shape"},
	)
}

// attrF32 reads a TF `float` attribute, whose value is an f32.
func (e *emitter) attrF32(name string, def float64) float64 {
	return float64(float32(e.attrFloat(name, def)))
}

// typedConst is v converted to the operands' element type as C++'s
// static_cast<T> does (f16 rounded, bf16 through f32; ints truncated and,
// where C++ leaves it undefined, saturated, NaN giving 0), as a value of
// the compute type.
func (e *emitter) typedConst(v float64) int {
	switch {
	case e.dt.IsInt():
		return e.n.ConstBits(e.dt, intBits(e.dt, v))
	case e.store.IsHalf():
		v = shape.RoundTo(e.store, float64(float32(v)))
	}
	return e.constF(v)
}

// intBits is trunc(v) saturated to the range of integer type dt.
func intBits(dt memref.DType, v float64) uint64 {
	b := dt.Bits()
	if dt.IsUnsigned() {
		switch {
		case !(v > 0):
			return 0
		case v >= math.Ldexp(1, b):
			return ^uint64(0) >> (64 - b)
		}
		return uint64(v)
	}
	hi := int64(^uint64(0) >> (65 - b))
	switch {
	case v != v:
		return 0
	case v >= math.Ldexp(1, b-1):
		return uint64(hi)
	case v < -math.Ldexp(1, b-1):
		return uint64(-hi - 1)
	}
	return uint64(int64(v))
}

func (e *emitter) mathOf(fn loopir.MathFn, x int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpMath, Math: fn, Type: e.dt, Args: []int{x}})
}

func (e *emitter) compare(c loopir.Cmp, x, y int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: c, Type: memref.Bool, Args: []int{x, y}})
}

func (e *emitter) sel(c, x, y int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: e.dt, Args: []int{c, x, y}})
}

// zeroIf is c == 0 ? 0 : v, the shape of the *NoNan and X*y ops; the zero
// is +0 whatever the sign of c.
func (e *emitter) zeroIf(c, v int) int {
	zero := e.constF(0)
	return e.sel(e.compare(loopir.CmpEq, c, zero), zero, v)
}

func emitAtan2(e *emitter, a []int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpMath2, Math: loopir.MathAtan2, Type: e.dt, Args: []int{a[0], a[1]}})
}

func emitElu(e *emitter, a []int) int {
	return e.sel(e.compare(loopir.CmpLt, a[0], e.constF(0)), e.mathOf(loopir.MathExpm1, a[0]), a[0])
}

// emitSelu uses TF's constants: scale and scale·alpha, each rounded once to
// the element type.
func emitSelu(e *emitter, a []int) int {
	const scale, scaleAlpha = 1.0507009873554804934193349852946, 1.7580993408473768599402175208123
	neg := e.n.Binary(loopir.OpMul, e.dt, e.typedConst(scaleAlpha), e.mid(e.mathOf(loopir.MathExpm1, a[0])))
	pos := e.n.Binary(loopir.OpMul, e.dt, e.typedConst(scale), a[0])
	return e.sel(e.compare(loopir.CmpLt, a[0], e.constF(0)), neg, pos)
}

// emitLeakyRelu is TF's select(x > 0, x, x·alpha), right for any alpha
// (max(x, alpha·x) is only for alpha ≤ 1); NaN stays NaN.
func emitLeakyRelu(e *emitter, a []int) int {
	alpha := e.attrF32("alpha", 0.2)
	ax := e.n.Binary(loopir.OpMul, e.dt, a[0], e.typedConst(alpha))
	return e.sel(e.compare(loopir.CmpGt, a[0], e.constF(0)), a[0], ax)
}

// emitSoftplus never overflows: exp sees only -|x|.
func emitSoftplus(e *emitter, a []int) int {
	na := e.n.Unary(loopir.OpNeg, e.dt, e.n.Unary(loopir.OpAbs, e.dt, a[0]))
	l := e.mid(e.mathOf(loopir.MathLog1p, e.mid(e.mathOf(loopir.MathExpNonPos, na))))
	return e.n.Binary(loopir.OpAdd, e.dt, l, e.n.Binary(loopir.OpMax, e.dt, a[0], e.constF(0)))
}

func emitSoftsign(e *emitter, a []int) int {
	d := e.mid(e.n.Binary(loopir.OpAdd, e.dt, e.n.Unary(loopir.OpAbs, e.dt, a[0]), e.constF(1)))
	return e.n.Binary(loopir.OpDiv, e.dt, a[0], d)
}

// emitClipByValue is TF's CPU kernel (core/kernels/cwise_op_clip.cc:
// std::max(std::min(x, hi), lo), std::min(a, b) = b < a ? b : a): a NaN x
// stays NaN, a NaN bound is ignored (its comparison is false), lo > hi
// gives lo.
func emitClipByValue(e *emitter, a []int) int {
	x, lo, hi := a[0], a[1], a[2]
	m := e.sel(e.compare(loopir.CmpLt, hi, x), hi, x)
	return e.sel(e.compare(loopir.CmpLt, m, lo), lo, m)
}

func emitDivNoNan(e *emitter, a []int) int {
	return e.zeroIf(a[1], e.n.Binary(loopir.OpDiv, e.dt, a[0], a[1]))
}

func emitMulNoNan(e *emitter, a []int) int {
	return e.zeroIf(a[1], e.n.Binary(loopir.OpMul, e.dt, a[0], a[1]))
}

func emitXdivy(e *emitter, a []int) int {
	return e.zeroIf(a[0], e.n.Binary(loopir.OpDiv, e.dt, a[0], a[1]))
}

func emitXlogy(e *emitter, a []int) int {
	return e.zeroIf(a[0], e.n.Binary(loopir.OpMul, e.dt, a[0], e.mid(e.mathOf(loopir.MathLog, a[1]))))
}

func emitXlog1py(e *emitter, a []int) int {
	return e.zeroIf(a[0], e.n.Binary(loopir.OpMul, e.dt, a[0], e.mid(e.mathOf(loopir.MathLog1p, a[1]))))
}

func emitIsInf(e *emitter, a []int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpIsInf, Type: memref.Bool, Args: []int{a[0]}})
}

func emitIsNaN(e *emitter, a []int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpIsNaN, Type: memref.Bool, Args: []int{a[0]}})
}

// emitTruncateDiv truncates the quotient rounded to the element type (so
// f16 truncates its f16 quotient); ints divide as OpDiv.
func emitTruncateDiv(e *emitter, a []int) int {
	q := e.n.Binary(loopir.OpDiv, e.dt, a[0], a[1])
	if e.dt.IsInt() {
		return q
	}
	return e.n.Add(&loopir.Instr{Op: loopir.OpRound, Round: loopir.RoundTrunc, Type: e.dt, Args: []int{e.mid(q)}})
}

// emitApproximateEqual computes |x - y| in the element type (ints wrap) and
// compares it with the tolerance converted to that type, as TF's kernels
// do: with the default tolerance, integers are never approximately equal.
func emitApproximateEqual(e *emitter, a []int) int {
	tol := e.attrF32("tolerance", 1e-5)
	d := e.n.Unary(loopir.OpAbs, e.dt, e.mid(e.n.Binary(loopir.OpSub, e.dt, a[0], a[1])))
	return e.compare(loopir.CmpLt, d, e.typedConst(tol))
}

// emitZeros and emitOnes ignore the operand's values: only its shape counts.
func emitZeros(e *emitter, _ []int) int { return e.constF(0) }

func emitOnes(e *emitter, _ []int) int { return e.constF(1) }
