package wasmmath

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/wasm"
	"math"
)

// MathFunc names one function of the vectorized math library.
type MathFunc uint8

// The math library's functions. Each exists for f32x4 and f64x2 lanes; pow,
// fmod, atan2, zeta, polygamma, igamma and igammac take two vectors,
// betainc three, the others one (Arity). Semantics at special values
// follow Go's math package (C99 Annex F), and TF's for the special
// functions from MathLgamma on.
const (
	MathExp          MathFunc = iota // e**x
	MathLog                          // natural logarithm
	MathLog1p                        // log(1+x), accurate near 0
	MathTanh                         // hyperbolic tangent
	MathLogistic                     // 1/(1+exp(-x)), without overflow for large |x|
	MathErf                          // error function
	MathSin                          // sine (any finite argument)
	MathCos                          // cosine (any finite argument)
	MathPow                          // x**y (Go's math.Pow special cases)
	MathFmod                         // exact C fmod: x - trunc(x/y)*y, sign of x
	MathAcos                         // arc cosine
	MathAsin                         // arc sine
	MathAtan                         // arc tangent
	MathAtan2                        // atan2(y, x): the first argument is y
	MathSinh                         // hyperbolic sine
	MathCosh                         // hyperbolic cosine
	MathTan                          // tangent (any finite argument)
	MathAsinh                        // inverse hyperbolic sine
	MathAcosh                        // inverse hyperbolic cosine
	MathAtanh                        // inverse hyperbolic tangent
	MathExpm1                        // e**x - 1, accurate near 0
	MathErfc                         // complementary error function, 1 - erf(x)
	MathExpNonPos                    // e**min(x, 0): exp for arguments that cannot be positive
	MathLgamma                       // log|Γ(x)| (TF's log-gamma op: +Inf at the poles)
	MathDigamma                      // ψ(x) = Γ'(x)/Γ(x) (NaN at the poles)
	MathErfinv                       // inverse error function
	MathNdtri                        // inverse of the standard normal CDF
	MathBesselI0e                    // exp(-|x|)·I₀(x)
	MathBesselI1e                    // exp(-|x|)·I₁(x)
	MathZeta                         // Hurwitz ζ(x, q) = Σ (k+q)**-x
	MathPolygamma                    // ψ⁽ⁿ⁾(x): polygamma(n, x), n the first argument
	MathIgamma                       // regularized lower incomplete gamma P(a, x)
	MathIgammac                      // regularized upper incomplete gamma Q(a, x)
	MathBetainc                      // regularized incomplete beta I_x(a, b): betainc(a, b, x), three arguments
	MathExpNegScaled                 // 2**32·e**max(-|x|, -104): an f32 softmax's exponential, scaled
	numMathFuncs
)

// mathGen emits one library function's body for one lane type: it gets the
// parameters as vectors and returns the result vector.
type mathGen func(e *vemit, args []vr) vr

// mathFuncInfo is one row of the library's table.
type mathFuncInfo struct {
	name  string
	arity int
	f32x4 mathGen // emits the f32x4 body
	f64x2 mathGen // emits the f64x2 body
}

// mathTable lists the library, one function a row; the generators live in
// math_*.go, one file per family. It is filled in init to break the
// initialization cycle between the table and generators that call
// (*MathLib).Func for other rows.
var mathTable [numMathFuncs]mathFuncInfo

func init() {
	mathTable = [numMathFuncs]mathFuncInfo{
		MathExp:          {"exp", 1, genExp32, genExp64},
		MathLog:          {"log", 1, genLog32, genLog64},
		MathLog1p:        {"log1p", 1, genLog1p32, genLog1p64},
		MathTanh:         {"tanh", 1, genTanh32, genTanh64},
		MathLogistic:     {"logistic", 1, genLogistic32, genLogistic64},
		MathErf:          {"erf", 1, genErf32, genErf64},
		MathSin:          {"sin", 1, genSin32, genSin64},
		MathCos:          {"cos", 1, genCos32, genCos64},
		MathPow:          {"pow", 2, genPow32, genPow64},
		MathFmod:         {"fmod", 2, genFmod32, genFmod64},
		MathAcos:         {"acos", 1, via64(genAcos64), genAcos64},
		MathAsin:         {"asin", 1, via64(genAsin64), genAsin64},
		MathAtan:         {"atan", 1, via64(genAtan64), genAtan64},
		MathAtan2:        {"atan2", 2, via64(genAtan264), genAtan264},
		MathSinh:         {"sinh", 1, via64(genSinh64), genSinh64},
		MathCosh:         {"cosh", 1, via64(genCosh64), genCosh64},
		MathTan:          {"tan", 1, via64(genTan64), genTan64},
		MathAsinh:        {"asinh", 1, via64(genAsinh64), genAsinh64},
		MathAcosh:        {"acosh", 1, via64(genAcosh64), genAcosh64},
		MathAtanh:        {"atanh", 1, via64(genAtanh64), genAtanh64},
		MathExpm1:        {"expm1", 1, via64(genExpm164), genExpm164},
		MathErfc:         {"erfc", 1, via64(genErfc64), genErfc64},
		MathExpNonPos:    {"expnonpos", 1, genExpNonPos32, genExpNonPos64},
		MathLgamma:       {"lgamma", 1, via64(genLgamma64), genLgamma64},
		MathDigamma:      {"digamma", 1, via64(genDigamma64), genDigamma64},
		MathErfinv:       {"erfinv", 1, via64(genErfinv64), genErfinv64},
		MathNdtri:        {"ndtri", 1, via64(genNdtri64), genNdtri64},
		MathBesselI0e:    {"besseli0e", 1, via64(genI0e64), genI0e64},
		MathBesselI1e:    {"besseli1e", 1, via64(genI1e64), genI1e64},
		MathZeta:         {"zeta", 2, via64(genZeta64), genZeta64},
		MathPolygamma:    {"polygamma", 2, via64(genPolygamma64), genPolygamma64},
		MathIgamma:       {"igamma", 2, via64(genIgamma64), genIgamma64},
		MathIgammac:      {"igammac", 2, via64(genIgammac64), genIgammac64},
		MathBetainc:      {"betainc", 3, via64(genBetainc64), genBetainc64},
		MathExpNegScaled: {"expnegscaled", 1, genExpNegScaled32, genExpNegScaled64},
	}
}

// String is the function's name: "exp", "log1p", "atan2", ….
func (fn MathFunc) String() string {
	if fn < numMathFuncs {
		return mathTable[fn].name
	}
	return fmt.Sprintf("MathFunc(%d)", uint8(fn))
}

// Arity is the number of v128 arguments the function takes (1, 2, or 3
// for betainc).
func (fn MathFunc) Arity() int { return mathTable[fn].arity }

// MathFuncs returns every library function, in table order.
func MathFuncs() []MathFunc {
	fs := make([]MathFunc, numMathFuncs)
	for i := range fs {
		fs[i] = MathFunc(i)
	}
	return fs
}

type mathKey struct {
	fn    MathFunc
	lanes wasm.ValType
}

// MathLib emits the vectorized math library into one Module, each function
// (and each internal helper) at most once, on first use.
type MathLib struct {
	m       *wasm.Module
	funcs   map[mathKey]*wasm.Func
	helpers map[string]*wasm.Func
}

// NewMathLib returns a library that adds its functions to m.
func NewMathLib(m *wasm.Module) *MathLib {
	return &MathLib{m: m, funcs: map[mathKey]*wasm.Func{}, helpers: map[string]*wasm.Func{}}
}

// Func returns the function fn over lanes of type lanes (F32 for f32x4, F64
// for f64x2), emitting it on first use. The function has type
// (v128) -> v128, or takes Arity v128 arguments, and touches no memory. It panics on an unknown function or lane type: that is
// a bug in the caller.
func (l *MathLib) Func(fn MathFunc, lanes wasm.ValType) *wasm.Func {
	if fn >= numMathFuncs || (lanes != wasm.F32 && lanes != wasm.F64) {
		panic(fmt.Sprintf("BUG: wasmgen: no math function %v over %v lanes", fn, lanes))
	}
	k := mathKey{fn, lanes}
	if f := l.funcs[k]; f != nil {
		return f
	}
	info := mathTable[fn]
	params := make([]wasm.ValType, info.arity)
	for i := range params {
		params[i] = wasm.V128
	}
	f := l.m.NewFunc("math_"+info.name+"_"+laneShape(lanes), params, []wasm.ValType{wasm.V128})
	l.funcs[k] = f // before emitting, so that a body may call itself by index
	e := newVemit(l, f, lanes)
	args := make([]vr, info.arity)
	for i := range args {
		args[i] = vr{l: uint32(i)}
	}
	gen := info.f32x4
	if lanes == wasm.F64 {
		gen = info.f64x2
	}
	e.get(gen(e, args))
	return f
}

// Inline emits fn over lanes of type lanes into f, with its operands in
// the locals args (of f), leaving the result on the stack: the body of
// Func(fn, lanes) without the call, so that the caller's live vectors need
// not be saved around one and the code generator sees the whole loop
// body. Helpers the function uses stay functions.
func (l *MathLib) Inline(fn MathFunc, lanes wasm.ValType, f *wasm.Func, args []uint32) {
	if fn >= numMathFuncs || (lanes != wasm.F32 && lanes != wasm.F64) {
		panic(fmt.Sprintf("BUG: wasmgen: no math function %v over %v lanes", fn, lanes))
	}
	info := mathTable[fn]
	if len(args) != info.arity {
		panic(fmt.Sprintf("BUG: wasmgen: %s takes %d operands, got %d", info.name, info.arity, len(args)))
	}
	e := newVemit(l, f, lanes)
	vs := make([]vr, len(args))
	for i, a := range args {
		vs[i] = vr{l: a}
	}
	gen := info.f32x4
	if lanes == wasm.F64 {
		gen = info.f64x2
	}
	e.get(gen(e, vs))
}

func laneShape(t wasm.ValType) string {
	if t == wasm.F32 {
		return "f32x4"
	}
	return "f64x2"
}

// helper returns the internal function called name, building it with build
// on first use.
func (l *MathLib) helper(name string, params, results []wasm.ValType, build func(f *wasm.Func)) *wasm.Func {
	if f := l.helpers[name]; f != nil {
		return f
	}
	f := l.m.NewFunc(name, params, results)
	l.helpers[name] = f
	build(f)
	return f
}

// vr is a v128 operand: a local of the function being emitted, or a
// constant that is pushed with v128.const where it is used.
type vr struct {
	l     uint32
	isK   bool
	bytes [16]byte
}

// laneOps are the opcodes of one lane shape.
type laneOps struct {
	add, sub, mul, div, neg, abs, sqrt, pmin, pmax wasm.Opcode
	eq, ne, lt, le, gt, ge, nearest, trunc         wasm.Opcode
	iadd, isub, ishl, ishrS, ishrU, ieq, ineg      wasm.Opcode
	bits                                           int
}

var laneOpsF32 = laneOps{
	wasm.OpF32x4Add, wasm.OpF32x4Sub, wasm.OpF32x4Mul, wasm.OpF32x4Div, wasm.OpF32x4Neg, wasm.OpF32x4Abs, wasm.OpF32x4Sqrt, wasm.OpF32x4Pmin, wasm.OpF32x4Pmax,
	wasm.OpF32x4Eq, wasm.OpF32x4Ne, wasm.OpF32x4Lt, wasm.OpF32x4Le, wasm.OpF32x4Gt, wasm.OpF32x4Ge, wasm.OpF32x4Nearest, wasm.OpF32x4Trunc,
	wasm.OpI32x4Add, wasm.OpI32x4Sub, wasm.OpI32x4Shl, wasm.OpI32x4ShrS, wasm.OpI32x4ShrU, wasm.OpI32x4Eq, wasm.OpI32x4Neg, 32,
}

var laneOpsF64 = laneOps{
	wasm.OpF64x2Add, wasm.OpF64x2Sub, wasm.OpF64x2Mul, wasm.OpF64x2Div, wasm.OpF64x2Neg, wasm.OpF64x2Abs, wasm.OpF64x2Sqrt, wasm.OpF64x2Pmin, wasm.OpF64x2Pmax,
	wasm.OpF64x2Eq, wasm.OpF64x2Ne, wasm.OpF64x2Lt, wasm.OpF64x2Le, wasm.OpF64x2Gt, wasm.OpF64x2Ge, wasm.OpF64x2Nearest, wasm.OpF64x2Trunc,
	wasm.OpI64x2Add, wasm.OpI64x2Sub, wasm.OpI64x2Shl, wasm.OpI64x2ShrS, wasm.OpI64x2ShrU, wasm.OpI64x2Eq, wasm.OpI64x2Neg, 64,
}

// vemit emits straight-line SIMD code into f: every operation pops its
// operands from locals (or constants) and sets a fresh local. wazero's
// optimizing compiler turns locals into SSA values, so the locals cost
// nothing at run time; they keep the generators readable.
type vemit struct {
	lib *MathLib
	f   *wasm.Func
	t   wasm.ValType // F32 or F64
	o   *laneOps
}

func newVemit(l *MathLib, f *wasm.Func, t wasm.ValType) *vemit {
	e := &vemit{lib: l, f: f, t: t, o: &laneOpsF32}
	if t == wasm.F64 {
		e.o = &laneOpsF64
	}
	return e
}

// with returns an emitter for lanes of type t into the same function.
func (e *vemit) with(t wasm.ValType) *vemit { return newVemit(e.lib, e.f, t) }

func (e *vemit) get(vs ...vr) {
	for _, v := range vs {
		if v.isK {
			e.f.V128Const(v.bytes)
		} else {
			e.f.LocalGet(v.l)
		}
	}
}

// set pops the v128 on top of the stack into a fresh local.
func (e *vemit) set() vr {
	l := e.f.NewLocal(wasm.V128)
	e.f.LocalSet(l)
	return vr{l: l}
}

func (e *vemit) op(op wasm.Opcode, args ...vr) vr {
	e.get(args...)
	e.f.Op(op)
	return e.set()
}

// k is the constant c in every lane (rounded to float32 for f32 lanes).
func (e *vemit) k(c float64) vr {
	if e.t == wasm.F32 {
		return e.kbits(uint64(math.Float32bits(float32(c))))
	}
	return e.kbits(math.Float64bits(c))
}

// kbits is a constant with the given bits in every lane (the low 32 bits for
// 32-bit lanes).
func (e *vemit) kbits(b uint64) vr {
	var v vr
	v.isK = true
	if e.t == wasm.F32 {
		for i := 0; i < 4; i++ {
			for j := 0; j < 4; j++ {
				v.bytes[4*i+j] = byte(b >> (8 * j))
			}
		}
	} else {
		for i := 0; i < 2; i++ {
			for j := 0; j < 8; j++ {
				v.bytes[8*i+j] = byte(b >> (8 * j))
			}
		}
	}
	return v
}

// kint is the integer c in every integer lane of the lane width.
func (e *vemit) kint(c int64) vr { return e.kbits(uint64(c)) }

// Float lane arithmetic (hot path: one SIMD instruction each).
func (e *vemit) add(a, b vr) vr { return e.op(e.o.add, a, b) }
func (e *vemit) sub(a, b vr) vr { return e.op(e.o.sub, a, b) }
func (e *vemit) mul(a, b vr) vr { return e.op(e.o.mul, a, b) }
func (e *vemit) div(a, b vr) vr { return e.op(e.o.div, a, b) }
func (e *vemit) neg(a vr) vr    { return e.op(e.o.neg, a) }
func (e *vemit) abs(a vr) vr    { return e.op(e.o.abs, a) }
func (e *vemit) sqrt(a vr) vr   { return e.op(e.o.sqrt, a) }

// madd is a*b + c (two instructions: there is no SIMD FMA in wazero).
func (e *vemit) madd(a, b, c vr) vr { return e.add(e.mul(a, b), c) }

// minK is min(a, k) and maxK max(a, k) for a constant k, as pmin/pmax with a
// first, so that a NaN in a passes through (one minps/maxps each).
func (e *vemit) minK(a vr, k float64) vr { return e.op(e.o.pmin, a, e.k(k)) }
func (e *vemit) maxK(a vr, k float64) vr { return e.op(e.o.pmax, a, e.k(k)) }

// Comparisons give all-ones or all-zeros lanes.
func (e *vemit) eq(a, b vr) vr { return e.op(e.o.eq, a, b) }
func (e *vemit) ne(a, b vr) vr { return e.op(e.o.ne, a, b) }
func (e *vemit) lt(a, b vr) vr { return e.op(e.o.lt, a, b) }
func (e *vemit) le(a, b vr) vr { return e.op(e.o.le, a, b) }
func (e *vemit) gt(a, b vr) vr { return e.op(e.o.gt, a, b) }
func (e *vemit) ge(a, b vr) vr { return e.op(e.o.ge, a, b) }

// isnan is the mask of NaN lanes.
func (e *vemit) isnan(a vr) vr { return e.ne(a, a) }

// Rounding to an integral value.
func (e *vemit) nearest(a vr) vr { return e.op(e.o.nearest, a) }
func (e *vemit) trunc(a vr) vr   { return e.op(e.o.trunc, a) }

// Bitwise operations on the whole vector.
func (e *vemit) and(a, b vr) vr    { return e.op(wasm.OpV128And, a, b) }
func (e *vemit) or(a, b vr) vr     { return e.op(wasm.OpV128Or, a, b) }
func (e *vemit) xor(a, b vr) vr    { return e.op(wasm.OpV128Xor, a, b) }
func (e *vemit) andnot(a, b vr) vr { return e.op(wasm.OpV128Andnot, a, b) } // a &^ b

// sel is m ? a : b lane by lane, for a mask m of all-ones/all-zeros lanes.
func (e *vemit) sel(m, a, b vr) vr { return e.op(wasm.OpV128Bitselect, a, b, m) }

// Integer lane arithmetic of the lane width (i32x4 or i64x2).
func (e *vemit) iadd(a, b vr) vr { return e.op(e.o.iadd, a, b) }
func (e *vemit) isub(a, b vr) vr { return e.op(e.o.isub, a, b) }
func (e *vemit) ieq(a, b vr) vr  { return e.op(e.o.ieq, a, b) }
func (e *vemit) shift(op wasm.Opcode, a vr, n int) vr {
	e.get(a)
	e.f.I32Const(int32(n))
	e.f.Op(op)
	return e.set()
}
func (e *vemit) shl(a vr, n int) vr  { return e.shift(e.o.ishl, a, n) }
func (e *vemit) shrS(a vr, n int) vr { return e.shift(e.o.ishrS, a, n) }
func (e *vemit) shrU(a vr, n int) vr { return e.shift(e.o.ishrU, a, n) }

// signMask is the constant with only the sign bit of each lane set.
func (e *vemit) signMask() vr { return e.kbits(1 << (e.o.bits - 1)) }

// signbit is the sign bit of each lane of a (the rest zero).
func (e *vemit) signbit(a vr) vr { return e.and(a, e.signMask()) }

// copysign is |a| with the sign of s.
func (e *vemit) copysign(a, s vr) vr { return e.sel(e.signMask(), s, a) }

// poly is c[0] + x*(c[1] + x*(c[2] + …)) in Horner form (a mul and an add
// per coefficient).
func (e *vemit) poly(x vr, c ...float64) vr {
	n := len(c) - 1
	acc := e.k(c[n])
	for i := n - 1; i >= 0; i-- {
		acc = e.madd(acc, x, e.k(c[i]))
	}
	return acc
}

// polyv is poly with coefficients given as vectors (selected per lane).
func (e *vemit) polyv(x vr, c ...vr) vr {
	n := len(c) - 1
	acc := c[n]
	for i := n - 1; i >= 0; i-- {
		acc = e.madd(acc, x, c[i])
	}
	return acc
}

// selk is m ? a : b for constants a and b.
func (e *vemit) selk(m vr, a, b float64) vr { return e.sel(m, e.k(a), e.k(b)) }

// anyTrue pushes 1 when any lane of m is nonzero (for a rare slow path).
func (e *vemit) anyTrue(m vr) {
	e.get(m)
	e.f.Op(wasm.OpV128AnyTrue)
}

// toInt converts lanes holding integral floats (|k| < 2^31 for f32, 2^51
// for f64) to integer lanes of the same width. f64x2 has no conversion to
// i64x2, so it adds 1.5*2^52 and reads the low bits: two instructions.
func (e *vemit) toInt(k vr) vr {
	if e.t == wasm.F32 {
		return e.op(wasm.OpI32x4TruncSatF32x4S, k)
	}
	const magic = 0x1.8p52
	return e.isub(e.add(k, e.k(magic)), e.kbits(math.Float64bits(magic)))
}

// toFloat converts integer lanes (|i| < 2^31, or 2^51 for i64 lanes) to floats.
func (e *vemit) toFloat(i vr) vr {
	if e.t == wasm.F32 {
		return e.op(wasm.OpF32x4ConvertI32x4S, i)
	}
	const magic = 0x1.8p52
	return e.sub(e.iadd(i, e.kbits(math.Float64bits(magic))), e.k(magic))
}

// pow2 is 2**k for integer lanes k in the normal exponent range.
func (e *vemit) pow2(k vr) vr {
	if e.t == wasm.F32 {
		return e.shl(e.iadd(k, e.kint(127)), 23)
	}
	return e.shl(e.iadd(k, e.kint(1023)), 52)
}

// scale is y * 2**k for integer lanes k, in two steps so that results that
// overflow give ±Inf and results in the subnormal range are rounded once:
// k must lie in about [-2*emin, 2*emax].
func (e *vemit) scale(y, k vr) vr {
	k1 := e.shrS(k, 1)
	k2 := e.isub(k, k1)
	return e.mul(e.mul(y, e.pow2(k1)), e.pow2(k2))
}

// expField is the biased exponent field of each lane as an integer.
func (e *vemit) expField(a vr) vr {
	if e.t == wasm.F32 {
		return e.and(e.shrU(a, 23), e.kint(0xff))
	}
	return e.and(e.shrU(a, 52), e.kint(0x7ff))
}

// unbiasedExp is the exponent field minus the bias, as a float, for a
// nonzero finite normal a.
func (e *vemit) unbiasedExp(a vr) vr {
	if e.t == wasm.F32 {
		return e.toFloat(e.isub(e.expField(a), e.kint(127)))
	}
	// 2^52 + field, as a float, minus 2^52 + 1023.
	return e.sub(e.or(e.expField(a), e.kbits(0x4330000000000000)), e.k(0x1p52+1023))
}

// mantissa1 is a with its exponent replaced by 0: a value in [1, 2).
func (e *vemit) mantissa1(a vr) vr {
	if e.t == wasm.F32 {
		return e.or(e.and(a, e.kbits(0x007fffff)), e.kbits(0x3f800000))
	}
	return e.or(e.and(a, e.kbits(0x000fffffffffffff)), e.kbits(0x3ff0000000000000))
}

// lowZero clears the low half of each lane's significand (FreeBSD's
// SET_LOW_WORD(x, 0)): the result has 21 (f64) or 12 (f32) significant bits.
func (e *vemit) lowZero(a vr) vr {
	if e.t == wasm.F32 {
		return e.and(a, e.kbits(0xfffff000))
	}
	return e.and(a, e.kbits(0xffffffff00000000))
}

// inf and nan constants.
func (e *vemit) inf() vr { return e.k(math.Inf(1)) }
func (e *vemit) nan() vr { return e.k(math.NaN()) }

// twoSum returns s = a+b rounded and the exact error (a+b)-s (Knuth's
// TwoSum, six additions).
func (e *vemit) twoSum(a, b vr) (s, err vr) {
	s = e.add(a, b)
	bb := e.sub(s, a)
	ab := e.sub(s, bb)
	err = e.add(e.sub(a, ab), e.sub(b, bb))
	return s, err
}

// fastTwoSum is twoSum for |a| >= |b| (three additions).
func (e *vemit) fastTwoSum(a, b vr) (s, err vr) {
	s = e.add(a, b)
	err = e.sub(b, e.sub(s, a))
	return s, err
}

// halves splits an f32x4 vector into two f64x2 vectors (lanes 0,1 and 2,3),
// promoted exactly.
func (e *vemit) halves(a vr) (lo, hi vr) {
	lo = e.op(wasm.OpF64x2PromoteLowF32x4, a)
	e.get(a, a)
	e.f.Shuffle([16]byte{8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15})
	hi = e.op(wasm.OpF64x2PromoteLowF32x4, e.set())
	return lo, hi
}

// join demotes two f64x2 vectors (rounding once each) into one f32x4.
func (e *vemit) join(lo, hi vr) vr {
	l := e.op(wasm.OpF32x4DemoteF64x2Zero, lo)
	h := e.op(wasm.OpF32x4DemoteF64x2Zero, hi)
	e.get(l, h)
	e.f.Shuffle([16]byte{0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23})
	return e.set()
}

// viaF64 computes an f32x4 function by running the f64x2 body gen on each
// promoted half and demoting the results. The f64 body rounds once at the
// end, so the f32 result is within about 0.5 ULP; it costs two f64x2
// evaluations.
func (e *vemit) viaF64(args []vr, gen func(d *vemit, args []vr) vr) vr {
	d := e.with(wasm.F64)
	lo := make([]vr, len(args))
	hi := make([]vr, len(args))
	for i, a := range args {
		lo[i], hi[i] = e.halves(a)
	}
	return e.join(gen(d, lo), gen(d, hi))
}

// via64 makes an f32x4 generator from an f64x2 one (see viaF64).
func via64(gen mathGen) mathGen {
	return func(e *vemit, args []vr) vr { return e.viaF64(args, gen) }
}

// callF64 computes an f32x4 function by calling the library's f64x2
// function fn on each promoted half (for rare slow paths).
func (e *vemit) callF64(fn MathFunc, args []vr) vr {
	f := e.lib.Func(fn, wasm.F64)
	d := e.with(wasm.F64)
	return e.viaF64(args, func(_ *vemit, a []vr) vr {
		d.get(a...)
		d.f.Call(f)
		return d.set()
	})
}
