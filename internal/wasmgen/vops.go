package wasmgen

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/wasm"
	"github.com/sandjit/sandjit/internal/wasmmath"
	"math"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// vecOps is the table of single-instruction vector forms per lane shape:
// one row per loop IR op, one column per representation (0 where the
// operation needs more than one instruction; see op).
var vecOps = map[loopir.Op][4]wasm.Opcode{
	//               f32x4          f64x2          i32x4          i64x2
	loopir.OpAdd: {wasm.OpF32x4Add, wasm.OpF64x2Add, wasm.OpI32x4Add, wasm.OpI64x2Add},
	loopir.OpSub: {wasm.OpF32x4Sub, wasm.OpF64x2Sub, wasm.OpI32x4Sub, wasm.OpI64x2Sub},
	loopir.OpMul: {wasm.OpF32x4Mul, wasm.OpF64x2Mul, wasm.OpI32x4Mul, wasm.OpI64x2Mul},
	loopir.OpNeg: {wasm.OpF32x4Neg, wasm.OpF64x2Neg, wasm.OpI32x4Neg, wasm.OpI64x2Neg},
	loopir.OpAnd: {0, 0, wasm.OpV128And, wasm.OpV128And},
	loopir.OpOr:  {0, 0, wasm.OpV128Or, wasm.OpV128Or},
	loopir.OpXor: {0, 0, wasm.OpV128Xor, wasm.OpV128Xor},
}

func column(dt memref.DType) int {
	switch laneType(dt) {
	case wasm.F32:
		return 0
	case wasm.F64:
		return 1
	case wasm.I32:
		return 2
	}
	return 3
}

// mathFuncs maps the loop IR's functions to the math library's.
var mathFuncs = [...]wasmmath.MathFunc{
	loopir.MathExp: wasmmath.MathExp, loopir.MathLog: wasmmath.MathLog, loopir.MathLog1p: wasmmath.MathLog1p, loopir.MathTanh: wasmmath.MathTanh,
	loopir.MathLogistic: wasmmath.MathLogistic, loopir.MathSin: wasmmath.MathSin, loopir.MathCos: wasmmath.MathCos, loopir.MathErf: wasmmath.MathErf,
	loopir.MathErfc: wasmmath.MathErfc, loopir.MathExpm1: wasmmath.MathExpm1, loopir.MathTan: wasmmath.MathTan, loopir.MathAsin: wasmmath.MathAsin,
	loopir.MathAcos: wasmmath.MathAcos, loopir.MathAtan: wasmmath.MathAtan, loopir.MathSinh: wasmmath.MathSinh, loopir.MathCosh: wasmmath.MathCosh,
	loopir.MathAsinh: wasmmath.MathAsinh, loopir.MathAcosh: wasmmath.MathAcosh, loopir.MathAtanh: wasmmath.MathAtanh, loopir.MathAtan2: wasmmath.MathAtan2,
	loopir.MathExpNonPos: wasmmath.MathExpNonPos, loopir.MathLgamma: wasmmath.MathLgamma, loopir.MathDigamma: wasmmath.MathDigamma,
	loopir.MathErfinv: wasmmath.MathErfinv, loopir.MathNdtri: wasmmath.MathNdtri, loopir.MathBesselI0e: wasmmath.MathBesselI0e,
	loopir.MathBesselI1e: wasmmath.MathBesselI1e, loopir.MathZeta: wasmmath.MathZeta, loopir.MathPolygamma: wasmmath.MathPolygamma,
	loopir.MathIgamma: wasmmath.MathIgamma, loopir.MathIgammac: wasmmath.MathIgammac, loopir.MathBetainc: wasmmath.MathBetainc,
	loopir.MathExpNegScaled: wasmmath.MathExpNegScaled,
}

// fop picks the f32x4 or f64x2 form.
func fop(dt memref.DType, f32, f64 wasm.Opcode) wasm.Opcode {
	if dt == memref.Float64 {
		return f64
	}
	return f32
}

// op emits one non-memory instruction of the body.
func (ng *nestGen) op(in *loopir.Instr, args []val) val {
	dt := in.Type
	switch in.Op {
	case loopir.OpConst:
		return ng.splatConst(dt, in.Bits)
	case loopir.OpSize:
		return ng.sizeVal(dt, in.Size)
	case loopir.OpCast:
		return ng.cast(args[0], dt)
	case loopir.OpBitcast:
		return ng.bitcast(args[0], dt)
	case loopir.OpCompare:
		return ng.compare(in.Cmp, args[0], args[1])
	case loopir.OpSelect:
		return ng.selectVal(args[0], args[1], args[2])
	case loopir.OpMath, loopir.OpMath2, loopir.OpMath3:
		return ng.callMath(mathFuncs[in.Math], dt, args...)
	case loopir.OpIsNaN:
		x := args[0]
		return ng.toBool(ng.simple(x.dt, fop(x.dt, wasm.OpF32x4Ne, wasm.OpF64x2Ne), x, x))
	case loopir.OpIsInf:
		x := args[0]
		inf := ng.splatConst(x.dt, floatBits(x.dt, math.Inf(1)))
		a := ng.simple(x.dt, fop(x.dt, wasm.OpF32x4Abs, wasm.OpF64x2Abs), x)
		return ng.toBool(ng.simple(x.dt, fop(x.dt, wasm.OpF32x4Eq, wasm.OpF64x2Eq), a, inf))
	case loopir.OpNextAfter:
		return ng.nextAfter(dt, args[0], args[1])
	case loopir.OpRound:
		if !dt.IsFloat() {
			return args[0]
		}
		var op wasm.Opcode
		switch in.Round {
		case loopir.RoundFloor:
			op = fop(dt, wasm.OpF32x4Floor, wasm.OpF64x2Floor)
		case loopir.RoundCeil:
			op = fop(dt, wasm.OpF32x4Ceil, wasm.OpF64x2Ceil)
		case loopir.RoundTrunc:
			op = fop(dt, wasm.OpF32x4Trunc, wasm.OpF64x2Trunc)
		default:
			op = fop(dt, wasm.OpF32x4Nearest, wasm.OpF64x2Nearest)
		}
		return ng.simple(dt, op, args[0])
	case loopir.OpIsFinite:
		x := args[0]
		inf := ng.splatConst(x.dt, floatBits(x.dt, math.Inf(1)))
		a := ng.simple(x.dt, fop(x.dt, wasm.OpF32x4Abs, wasm.OpF64x2Abs), x)
		lt := ng.simple(x.dt, fop(x.dt, wasm.OpF32x4Lt, wasm.OpF64x2Lt), a, inf)
		return ng.toBool(lt)
	case loopir.OpSqrt:
		return ng.simple(dt, fop(dt, wasm.OpF32x4Sqrt, wasm.OpF64x2Sqrt), args[0])
	case loopir.OpRsqrt:
		s := ng.simple(dt, fop(dt, wasm.OpF32x4Sqrt, wasm.OpF64x2Sqrt), args[0])
		return ng.simple(dt, fop(dt, wasm.OpF32x4Div, wasm.OpF64x2Div), ng.splatConst(dt, floatBits(dt, 1)), s)
	case loopir.OpMax, loopir.OpMin:
		if v, ok := ng.minMaxConst(in, args); ok {
			return v
		}
	}
	return ng.arith(in.Op, dt, args)
}

// minMaxConst is max(x, c) or min(x, c) of floats for a constant c that is
// not NaN (rectifiers, clipping, …) in one pmax or pmin instead of the
// NaN- and zero-sign-exact max and min, which wazero lowers to about ten
// SSE instructions. pmax(x, c) = x < c ? c : x: a NaN x gives x, as max
// does, and the only lanes where it differs from max are x = -0 against c
// = +0 (max gives +0, pmax x): adding +0 turns that -0 into +0 and changes
// nothing else, since the result is then >= +0 or NaN. Likewise pmin(x,
// c) = c < x ? c : x differs from min only at x = +0 against c = -0,
// which keeps the exact form.
func (ng *nestGen) minMaxConst(in *loopir.Instr, args []val) (val, bool) {
	dt := in.Type
	if !dt.IsFloat() || dt.IsHalf() {
		return val{}, false
	}
	x, k := 0, 1
	if c := ng.n.Body[in.Args[0]]; c.Op == loopir.OpConst {
		x, k = 1, 0
	}
	c := ng.n.Body[in.Args[k]]
	if c.Op != loopir.OpConst {
		return val{}, false
	}
	cv := math.Float64frombits(c.Bits)
	if dt == memref.Float32 {
		cv = float64(math.Float32frombits(uint32(c.Bits)))
	}
	isMax := in.Op == loopir.OpMax
	switch {
	case math.IsNaN(cv):
		return val{}, false
	case isMax:
		r := ng.simple(dt, fop(dt, wasm.OpF32x4Pmax, wasm.OpF64x2Pmax), args[x], args[k])
		if cv == 0 && !math.Signbit(cv) {
			r = ng.simple(dt, fop(dt, wasm.OpF32x4Add, wasm.OpF64x2Add), r, ng.splatConst(dt, 0))
		}
		return r, true
	case cv == 0 && math.Signbit(cv):
		return val{}, false
	}
	return ng.simple(dt, fop(dt, wasm.OpF32x4Pmin, wasm.OpF64x2Pmin), args[x], args[k]), true
}

func floatBits(dt memref.DType, v float64) uint64 {
	if dt == memref.Float64 {
		return math.Float64bits(v)
	}
	return uint64(math.Float32bits(float32(v)))
}

// toBool turns a comparison result of type dt's lanes into the bool
// representation.
func (ng *nestGen) toBool(m val) val {
	if nregs(m.dt) == 2 {
		return ng.narrowMask(m.regs[0], m.regs[1])
	}
	return val{dt: memref.Bool, regs: m.regs}
}

func (ng *nestGen) callMath(fn wasmmath.MathFunc, dt memref.DType, args ...val) val {
	if ng.callsMath() {
		lib := ng.g.math.Func(fn, laneType(dt))
		return ng.perReg(dt, args, func(f *wasm.Func) { f.Call(lib) })
	}
	// Inline: no call in the loop body (wazero saves every live vector
	// register around a call, and cannot schedule across one).
	out := ng.newVal(dt)
	locals := make([]uint32, len(args))
	for r := 0; r < nregs(dt); r++ {
		for i, a := range args {
			locals[i] = a.regs[r]
		}
		ng.g.math.Inline(fn, laneType(dt), ng.f, locals)
		ng.f.LocalSet(out.regs[r])
	}
	return out
}

// binop is arith for two operands (used by reductions).
func (ng *nestGen) binop(op loopir.Op, dt memref.DType, a, b val) val {
	return ng.arith(op, dt, []val{a, b})
}

// arith emits the arithmetic and logical ops.
func (ng *nestGen) arith(op loopir.Op, dt memref.DType, args []val) val {
	if row, ok := vecOps[op]; ok && row[column(dt)] != 0 {
		v := ng.simple(dt, row[column(dt)], args...)
		if op == loopir.OpAdd || op == loopir.OpSub || op == loopir.OpMul || op == loopir.OpNeg {
			v = ng.normalize(v)
		}
		return v
	}
	switch op {
	case loopir.OpAbs:
		switch {
		case dt.IsFloat():
			return ng.simple(dt, fop(dt, wasm.OpF32x4Abs, wasm.OpF64x2Abs), args[0])
		case dt.IsUnsigned():
			return args[0]
		case nregs(dt) == 2:
			return ng.simple(dt, wasm.OpI64x2Abs, args[0])
		}
		return ng.normalize(ng.simple(dt, wasm.OpI32x4Abs, args[0]))
	case loopir.OpNot:
		return ng.normalize(ng.simple(dt, wasm.OpV128Not, args[0]))
	case loopir.OpSign:
		return ng.sign(dt, args[0])
	case loopir.OpRecip:
		if dt.IsFloat() {
			return ng.simple(dt, fop(dt, wasm.OpF32x4Div, wasm.OpF64x2Div), ng.splatConst(dt, floatBits(dt, 1)), args[0])
		}
		return ng.intRecip(dt, args[0])
	case loopir.OpDiv:
		if dt.IsFloat() {
			return ng.simple(dt, fop(dt, wasm.OpF32x4Div, wasm.OpF64x2Div), args...)
		}
		return ng.intHelper("div", dt, args)
	case loopir.OpFloorDiv:
		if dt.IsFloat() {
			q := ng.simple(dt, fop(dt, wasm.OpF32x4Div, wasm.OpF64x2Div), args...)
			return ng.simple(dt, fop(dt, wasm.OpF32x4Floor, wasm.OpF64x2Floor), q)
		}
		return ng.intHelper("floordiv", dt, args)
	case loopir.OpFloorMod:
		if dt.IsFloat() {
			return ng.floatFloorMod(dt, args[0], args[1])
		}
		return ng.intHelper("floormod", dt, args)
	case loopir.OpRem:
		if dt.IsFloat() {
			return ng.callMath(wasmmath.MathFmod, dt, args...)
		}
		return ng.intHelper("rem", dt, args)
	case loopir.OpPow:
		if dt.IsFloat() {
			return ng.callMath(wasmmath.MathPow, dt, args...)
		}
		return ng.intHelper("pow", dt, args)
	case loopir.OpMax, loopir.OpMin:
		return ng.minMax(op == loopir.OpMax, dt, args[0], args[1])
	case loopir.OpShl, loopir.OpShr:
		return ng.shift(op == loopir.OpShl, dt, args[0], args[1])
	case loopir.OpPopcnt:
		return ng.popcnt(dt, args[0])
	case loopir.OpAnd, loopir.OpOr, loopir.OpXor:
		o := map[loopir.Op]wasm.Opcode{loopir.OpAnd: wasm.OpV128And, loopir.OpOr: wasm.OpV128Or, loopir.OpXor: wasm.OpV128Xor}[op]
		return ng.simple(dt, o, args...)
	}
	panic(fmt.Sprintf("BUG: wasmgen: no code for %s on %s", op, dt))
}

// nextAfter is C nextafter(a, b): a stepped one ulp toward b; a if a == b
// (b's value, to keep the sign of zero as C does); NaN if either is NaN;
// from ±0 the smallest subnormal with b's sign.
func (ng *nestGen) nextAfter(dt memref.DType, a, b val) val {
	it := memref.Int32
	one := ng.splatConst(it, 1)
	if dt == memref.Float64 {
		it = memref.Int64
		one = ng.splatConst(it, 1)
	}
	ai := val{dt: it, regs: a.regs}
	zero := ng.splatConst(dt, 0)
	// Stepping away from zero adds one to the bits; toward zero subtracts.
	up := ng.simple(dt, fop(dt, wasm.OpF32x4Lt, wasm.OpF64x2Lt), a, b)     // want a larger value
	pos := ng.simple(dt, fop(dt, wasm.OpF32x4Gt, wasm.OpF64x2Gt), a, zero) // a > 0
	neg := ng.simple(dt, fop(dt, wasm.OpF32x4Lt, wasm.OpF64x2Lt), a, zero) // a < 0
	inc := ng.simple(dt, wasm.OpV128Or, ng.simple(dt, wasm.OpV128And, up, pos), ng.simple(dt, wasm.OpV128Andnot, neg, up))
	plus := ng.arith(loopir.OpAdd, it, []val{ai, one})
	minus := ng.arith(loopir.OpSub, it, []val{ai, one})
	stepped := ng.perReg(dt, []val{val{dt: dt, regs: plus.regs}, val{dt: dt, regs: minus.regs}, inc}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
	// From ±0: the smallest subnormal with b's sign.
	tiny := ng.splatConst(dt, 1)
	sign := ng.splatConst(dt, floatBits(dt, math.Copysign(0, -1)))
	tinyB := ng.simple(dt, wasm.OpV128Or, tiny, ng.simple(dt, wasm.OpV128And, b, sign))
	isZero := ng.simple(dt, fop(dt, wasm.OpF32x4Eq, wasm.OpF64x2Eq), a, zero)
	r := ng.perReg(dt, []val{tinyB, stepped, isZero}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
	eq := ng.simple(dt, fop(dt, wasm.OpF32x4Eq, wasm.OpF64x2Eq), a, b)
	r = ng.perReg(dt, []val{b, r, eq}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
	// NaN in either: a + b is NaN.
	nan := ng.simple(dt, wasm.OpV128Or, ng.simple(dt, fop(dt, wasm.OpF32x4Ne, wasm.OpF64x2Ne), a, a), ng.simple(dt, fop(dt, wasm.OpF32x4Ne, wasm.OpF64x2Ne), b, b))
	sum := ng.simple(dt, fop(dt, wasm.OpF32x4Add, wasm.OpF64x2Add), a, b)
	return ng.perReg(dt, []val{sum, r, nan}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
}

// sign is -1, 0 or 1; NaN stays NaN.
func (ng *nestGen) sign(dt memref.DType, x val) val {
	zero := ng.splatConst(dt, 0)
	switch {
	case dt.IsFloat():
		gt := ng.simple(dt, fop(dt, wasm.OpF32x4Gt, wasm.OpF64x2Gt), x, zero)
		lt := ng.simple(dt, fop(dt, wasm.OpF32x4Lt, wasm.OpF64x2Lt), x, zero)
		one := ng.splatConst(dt, floatBits(dt, 1))
		mone := ng.splatConst(dt, floatBits(dt, -1))
		// Neither: x + 0, which is +0 for ±0 (as TF and numpy) and NaN for NaN.
		z := ng.simple(dt, fop(dt, wasm.OpF32x4Add, wasm.OpF64x2Add), x, zero)
		r := ng.perReg(dt, []val{mone, z, lt}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
		return ng.perReg(dt, []val{one, r, gt}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
	case dt.IsUnsigned():
		ne := ng.simple(dt, map[bool]wasm.Opcode{false: wasm.OpI32x4Ne, true: wasm.OpI64x2Ne}[nregs(dt) == 2], x, zero)
		one := ng.splatConst(dt, 1)
		return ng.simple(dt, wasm.OpV128And, ne, one)
	case nregs(dt) == 2:
		lt := ng.simple(dt, wasm.OpI64x2LtS, x, zero)
		gt := ng.simple(dt, wasm.OpI64x2GtS, x, zero)
		return ng.simple(dt, wasm.OpI64x2Sub, lt, gt)
	}
	lt := ng.simple(dt, wasm.OpI32x4LtS, x, zero)
	gt := ng.simple(dt, wasm.OpI32x4GtS, x, zero)
	return ng.simple(dt, wasm.OpI32x4Sub, lt, gt)
}

// intRecip is 1/x on integers: 1 for 1, -1 for -1 (signed), all ones for 0
// (XLA's x/0), else 0.
func (ng *nestGen) intRecip(dt memref.DType, x val) val {
	eqOp := wasm.OpI32x4Eq
	if nregs(dt) == 2 {
		eqOp = wasm.OpI64x2Eq
	}
	one := ng.splatConst(dt, 1)
	zero := ng.splatConst(dt, 0)
	isOne := ng.simple(dt, eqOp, x, one)
	r := ng.perReg(dt, []val{one, zero, isOne}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
	mone := ng.splatConst(dt, ^uint64(0))
	if dt.IsSigned() {
		isMone := ng.simple(dt, eqOp, x, mone)
		r = ng.perReg(dt, []val{mone, r, isMone}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
	}
	// 1 / 0 is all ones, as OpDiv's x / 0 (normalize narrows it for ui8/ui16).
	isZero := ng.simple(dt, eqOp, x, zero)
	return ng.normalize(ng.perReg(dt, []val{mone, r, isZero}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) }))
}

// floatFloorMod is fmod(a, b) adjusted to the divisor's sign.
func (ng *nestGen) floatFloorMod(dt memref.DType, a, b val) val {
	r := ng.callMath(wasmmath.MathFmod, dt, a, b)
	zero := ng.splatConst(dt, 0)
	nz := ng.simple(dt, fop(dt, wasm.OpF32x4Ne, wasm.OpF64x2Ne), r, zero)
	rneg := ng.simple(dt, fop(dt, wasm.OpF32x4Lt, wasm.OpF64x2Lt), r, zero)
	bneg := ng.simple(dt, fop(dt, wasm.OpF32x4Lt, wasm.OpF64x2Lt), b, zero)
	diff := ng.simple(dt, wasm.OpV128Xor, rneg, bneg)
	adj := ng.simple(dt, wasm.OpV128And, nz, diff)
	sum := ng.simple(dt, fop(dt, wasm.OpF32x4Add, wasm.OpF64x2Add), r, b)
	return ng.perReg(dt, []val{sum, r, adj}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
}

// minMax is max or min; floats propagate NaN (the Wasm semantics).
func (ng *nestGen) minMax(isMax bool, dt memref.DType, a, b val) val {
	switch {
	case dt.IsFloat():
		if isMax {
			return ng.simple(dt, fop(dt, wasm.OpF32x4Max, wasm.OpF64x2Max), a, b)
		}
		return ng.simple(dt, fop(dt, wasm.OpF32x4Min, wasm.OpF64x2Min), a, b)
	case nregs(dt) == 1:
		var op wasm.Opcode
		switch {
		case dt == memref.Uint32 && isMax:
			op = wasm.OpI32x4MaxU
		case dt == memref.Uint32:
			op = wasm.OpI32x4MinU
		case isMax:
			op = wasm.OpI32x4MaxS
		default:
			op = wasm.OpI32x4MinS
		}
		return ng.simple(dt, op, a, b)
	}
	// 64-bit: compare and select (unsigned compares flip the sign bit).
	ca, cb := a, b
	if dt == memref.Uint64 {
		bias := ng.splatConst(dt, 1<<63)
		ca = ng.simple(dt, wasm.OpV128Xor, a, bias)
		cb = ng.simple(dt, wasm.OpV128Xor, b, bias)
	}
	gt := ng.simple(dt, wasm.OpI64x2GtS, ca, cb)
	if isMax {
		return ng.perReg(dt, []val{a, b, gt}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
	}
	return ng.perReg(dt, []val{b, a, gt}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
}

// compare emits a comparison and returns a bool mask.
func (ng *nestGen) compare(c loopir.Cmp, a, b val) val {
	dt := a.dt
	swap := false
	var op wasm.Opcode
	switch {
	case dt == memref.Float32 || dt == memref.Float64:
		op = [...][2]wasm.Opcode{
			loopir.CmpEq: {wasm.OpF32x4Eq, wasm.OpF64x2Eq}, loopir.CmpNe: {wasm.OpF32x4Ne, wasm.OpF64x2Ne},
			loopir.CmpLt: {wasm.OpF32x4Lt, wasm.OpF64x2Lt}, loopir.CmpLe: {wasm.OpF32x4Le, wasm.OpF64x2Le},
			loopir.CmpGt: {wasm.OpF32x4Gt, wasm.OpF64x2Gt}, loopir.CmpGe: {wasm.OpF32x4Ge, wasm.OpF64x2Ge},
		}[c][column(dt)]
	case nregs(dt) == 2:
		if dt == memref.Uint64 {
			bias := ng.splatConst(dt, 1<<63)
			a = ng.simple(dt, wasm.OpV128Xor, a, bias)
			b = ng.simple(dt, wasm.OpV128Xor, b, bias)
		}
		op = [...]wasm.Opcode{loopir.CmpEq: wasm.OpI64x2Eq, loopir.CmpNe: wasm.OpI64x2Ne, loopir.CmpLt: wasm.OpI64x2LtS,
			loopir.CmpLe: wasm.OpI64x2LeS, loopir.CmpGt: wasm.OpI64x2GtS, loopir.CmpGe: wasm.OpI64x2GeS}[c]
	case dt == memref.Uint32 || dt == memref.Bool:
		// Masks compare unsigned: true (all ones) is greater than false.
		op = [...]wasm.Opcode{loopir.CmpEq: wasm.OpI32x4Eq, loopir.CmpNe: wasm.OpI32x4Ne, loopir.CmpLt: wasm.OpI32x4LtU,
			loopir.CmpLe: wasm.OpI32x4LeU, loopir.CmpGt: wasm.OpI32x4GtU, loopir.CmpGe: wasm.OpI32x4GeU}[c]
	default:
		op = [...]wasm.Opcode{loopir.CmpEq: wasm.OpI32x4Eq, loopir.CmpNe: wasm.OpI32x4Ne, loopir.CmpLt: wasm.OpI32x4LtS,
			loopir.CmpLe: wasm.OpI32x4LeS, loopir.CmpGt: wasm.OpI32x4GtS, loopir.CmpGe: wasm.OpI32x4GeS}[c]
	}
	if swap {
		a, b = b, a
	}
	return ng.toBool(ng.simple(dt, op, a, b))
}

// sizeVal is a run-time size converted to dt in every lane.
func (ng *nestGen) sizeVal(dt memref.DType, s loopir.Size) val {
	f := ng.f
	x := ng.g.size(f, s)
	out := ng.newVal(dt)
	x.push(f)
	switch laneType(dt) {
	case wasm.F32:
		f.Op(wasm.OpF32ConvertI32U)
	case wasm.F64:
		f.Op(wasm.OpF64ConvertI32U)
	case wasm.I64:
		f.Op(wasm.OpI64ExtendI32U)
	}
	f.Op(splatOp(laneType(dt)))
	f.LocalSet(out.regs[0])
	if nregs(dt) == 2 {
		f.LocalGet(out.regs[0])
		f.LocalSet(out.regs[1])
	}
	return ng.normalize(out)
}

// intHelper applies a scalar helper function (div, floordiv, floormod,
// pow) lane by lane; narrow types compute in 32 bits and are normalised.
func (ng *nestGen) intHelper(name string, dt memref.DType, args []val) val {
	h := ng.g.intHelper(name, dt)
	return ng.normalize(ng.lanewise(dt, args, func(f *wasm.Func, a []uint32) {
		for _, l := range a {
			f.LocalGet(l)
		}
		f.Call(h)
	}))
}

// shift is a << b or a >> b (arithmetic for signed types) lane by lane,
// with XLA's total semantics: b read as unsigned, and b at least the
// element's width shifts every bit out (0, or -1 for a negative a shifted
// right). Narrow types shift their widened lanes (sign-extended for
// signed, zero-extended for unsigned), which normalize wraps back.
func (ng *nestGen) shift(left bool, dt memref.DType, a, b val) val {
	wide := laneType(dt) == wasm.I64
	shl, shr, lt, top := wasm.OpI32Shl, wasm.OpI32ShrU, wasm.OpI32LtU, int64(31)
	if wide {
		shl, shr, lt, top = wasm.OpI64Shl, wasm.OpI64ShrU, wasm.OpI64LtU, 63
	}
	if !left && dt.IsSigned() {
		shr = map[bool]wasm.Opcode{false: wasm.OpI32ShrS, true: wasm.OpI64ShrS}[wide]
	}
	cnst := func(f *wasm.Func, v int64) {
		if wide {
			f.I64Const(v)
		} else {
			f.I32Const(int32(v))
		}
	}
	return ng.normalize(ng.lanewise(dt, []val{a, b}, func(f *wasm.Func, l []uint32) {
		f.LocalGet(l[0])
		f.LocalGet(l[1])
		switch {
		case left:
			f.Op(shl)
			cnst(f, 0)
		case dt.IsSigned():
			f.Op(shr)
			f.LocalGet(l[0])
			cnst(f, top) // all sign bits: 0 or -1
			f.Op(shr)
		default:
			f.Op(shr)
			cnst(f, 0)
		}
		f.LocalGet(l[1])
		cnst(f, int64(dt.Bits()))
		f.Op(lt)
		f.Op(wasm.OpSelect)
	}))
}

// popcnt counts the one bits of each lane in the element's own width (a
// narrow signed lane is sign-extended, so its bits above the width are
// masked off first).
func (ng *nestGen) popcnt(dt memref.DType, a val) val {
	return ng.lanewise(dt, []val{a}, func(f *wasm.Func, l []uint32) {
		f.LocalGet(l[0])
		if laneType(dt) == wasm.I64 {
			f.Op(wasm.OpI64Popcnt)
			return
		}
		if dt.Bits() < 32 {
			f.I32Const(int32(uint32(1)<<dt.Bits() - 1))
			f.Op(wasm.OpI32And)
		}
		f.Op(wasm.OpI32Popcnt)
	})
}

// bitcast is a's bits read as dt, a type of a's width: the same registers,
// except that a narrow integer (held widened to 32 bits) is copied and
// widened again with dt's signedness.
func (ng *nestGen) bitcast(a val, dt memref.DType) val {
	if dt.Size() < 4 {
		v := ng.newVal(dt)
		ng.f.LocalGet(a.regs[0])
		ng.f.LocalSet(v.regs[0])
		return ng.normalize(v)
	}
	return val{dt: dt, regs: a.regs}
}
