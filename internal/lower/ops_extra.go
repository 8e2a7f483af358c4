package lower

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// The rest of the elementwise ops that TensorFlow's CPU JIT clusters (issue
// 4, item 1), with the semantics of TF's CPU kernels at the edges. They are
// registered into opTable, one entry a line like the core table.

var (
	setModT      = types(memref.Int32, memref.Int64) | setFloat // Mod, TruncateMod
	setNextAfter = types(memref.Float32, memref.Float64)
)

// extraOps are the entries registered by init.
var extraOps = map[string]*opDef{
	"tf.Acos":             {arity: 1, types: setFloat, emit: mathFn(loopir.MathAcos)},                         // arccos x; NaN outside [-1, 1]
	"tf.Acosh":            {arity: 1, types: setFloat, emit: mathFn(loopir.MathAcosh)},                        // arcosh x; NaN below 1
	"tf.Asin":             {arity: 1, types: setFloat, emit: mathFn(loopir.MathAsin)},                         // arcsin x; NaN outside [-1, 1]
	"tf.Asinh":            {arity: 1, types: setFloat, emit: mathFn(loopir.MathAsinh)},                        // arsinh x
	"tf.Atan":             {arity: 1, types: setFloat, emit: mathFn(loopir.MathAtan)},                         // arctan x
	"tf.Atan2":            {arity: 2, types: setFloat, emit: emitAtan2},                                       // atan2(y, x), the angle of (x, y)
	"tf.Atanh":            {arity: 1, types: setFloat, emit: mathFn(loopir.MathAtanh)},                        // artanh x; ±Inf at ±1
	"tf.Cosh":             {arity: 1, types: setFloat, emit: mathFn(loopir.MathCosh)},                         // cosh x
	"tf.Sinh":             {arity: 1, types: setFloat, emit: mathFn(loopir.MathSinh)},                         // sinh x
	"tf.Tan":              {arity: 1, types: setFloat, emit: mathFn(loopir.MathTan)},                          // tan x
	"tf.Erfc":             {arity: 1, types: setFloat, emit: mathFn(loopir.MathErfc)},                         // 1 - erf x, accurate for large x
	"tf.Elu":              {arity: 1, types: setFloat, emit: emitElu},                                         // x < 0 ? expm1(x) : x
	"tf.Selu":             {arity: 1, types: setFloat, emit: emitSelu},                                        // x < 0 ? scale·alpha·expm1(x) : scale·x
	"tf.LeakyRelu":        {arity: 1, types: setFloat, emit: emitLeakyRelu},                                   // x > 0 ? x : alpha·x (attr alpha = 0.2)
	"tf.Softplus":         {arity: 1, types: setFloat, emit: emitSoftplus},                                    // log1p(exp(-|x|)) + max(x, 0)
	"tf.Softsign":         {arity: 1, types: setFloat, emit: emitSoftsign},                                    // x / (|x| + 1); NaN at ±Inf
	"tf.ClipByValue":      {arity: 3, types: setNum, emit: emitClipByValue},                                   // max(min(t, hi), lo) as std::min/max: NaN t stays, NaN bounds ignored
	"tf.DivNoNan":         {arity: 2, types: setFloat, emit: emitDivNoNan},                                    // y == 0 ? 0 : x / y
	"tf.MulNoNan":         {arity: 2, types: setFloat, emit: emitMulNoNan},                                    // y == 0 ? 0 : x · y, even for NaN or ±Inf x
	"tf.Xdivy":            {arity: 2, types: setFloat, emit: emitXdivy},                                       // x == 0 ? 0 : x / y
	"tf.Xlogy":            {arity: 2, types: setFloat, emit: emitXlogy},                                       // x == 0 ? 0 : x · log(y)
	"tf.Xlog1py":          {arity: 2, types: setFloat, emit: emitXlog1py},                                     // x == 0 ? 0 : x · log1p(y)
	"tf.Inv":              {arity: 1, types: setNum, emit: un(loopir.OpRecip)},                                // 1/x, as tf.Reciprocal
	"tf.Invert":           {arity: 1, types: setInt, emit: un(loopir.OpNot)},                                  // ^x, bitwise not
	"tf.IsInf":            {arity: 1, types: setFloat, bool: true, emit: emitIsInf},                           // x is ±Inf
	"tf.IsNan":            {arity: 1, types: setFloat, bool: true, emit: emitIsNaN},                           // x is NaN
	"tf.Mod":              {arity: 2, types: setModT, emit: bin(loopir.OpRem)},                                // truncated remainder (C %, fmod); ints: x % 0 = x
	"tf.TruncateMod":      {arity: 2, types: setModT, emit: bin(loopir.OpRem)},                                // truncated remainder (C %, fmod); ints: x % 0 = x
	"tf.TruncateDiv":      {arity: 2, types: setNum, emit: emitTruncateDiv},                                   // trunc(x / y); ints: x / 0 = -1
	"tf.ApproximateEqual": {arity: 2, types: setNum, bool: true, sameShape: true, emit: emitApproximateEqual}, // |x - y| < tolerance (attr, 1e-5); no broadcasting
	"tf.NextAfter":        {arity: 2, types: setNextAfter, emit: bin(loopir.OpNextAfter)},                     // next value after x toward y
	"tf.ZerosLike":        {arity: 1, types: setAll, emit: emitZeros},                                         // 0 (false) in x's shape
	"tf.OnesLike":         {arity: 1, types: setAll, emit: emitOnes},                                          // 1 (true) in x's shape
}

// floatAttrs names the float attribute of the ops above that have one.
var floatAttrs = map[string]string{
	"tf.LeakyRelu":        "alpha",
	"tf.ApproximateEqual": "tolerance",
}

func init() {
	for name, def := range extraOps {
		if opTable[name] != nil {
			panic("BUG: lower: op " + name + " registered twice")
		}
		opTable[name] = def
	}
}

// checkExtraAttrs checks the float attribute of an op above: absent (the
// default), a float or an integer. It returns "" when it is fine.
func checkExtraAttrs(op *mlir.Op) string {
	name, ok := floatAttrs[op.Name]
	if !ok {
		return ""
	}
	switch a := op.Attr(name).(type) {
	case nil, mlir.FloatAttr, mlir.IntAttr:
		return ""
	default:
		return fmt.Sprintf("attribute '%s' must be a float, got %s", name, a)
	}
}

// attrF32 reads a TF `float` attribute, whose value is an f32.
func (e *emitter) attrF32(name string, def float64) float64 {
	return float64(float32(e.attrFloat(name, def)))
}

// typedConst is v converted to the operands' element type as C++'s
// static_cast<T> does (f16 rounded; ints truncated and, where C++ leaves
// it undefined, saturated, NaN giving 0), as a value of the compute type.
func (e *emitter) typedConst(v float64) int {
	switch {
	case e.dt.IsInt():
		return e.n.ConstBits(e.dt, intBits(e.dt, v))
	case e.store == memref.Float16:
		v = float64(memref.F16ToF32(memref.F32ToF16(float32(v))))
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
