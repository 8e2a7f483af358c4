package wasmgen

import (
	"github.com/sandjit/sandjit/internal/wasm"
	"github.com/sandjit/sandjit/memref"
)

// cast converts v to dtype `to` with the loop IR's rules: float→int
// truncates toward zero and saturates (NaN → 0); anything→bool is != 0;
// bool→number is 0/1; int→int wraps; to float rounds to nearest even (f16
// included, with a single rounding from f32 and f64; bf16 from f32, and
// through f32 from everything else, as TensorFlow's bfloat16 constructor).
func (ng *nestGen) cast(v val, to memref.DType) val {
	from := v.dt
	switch {
	case from == to:
		return v
	case to == memref.Bool:
		return ng.toBoolCast(v)
	case from == memref.Bool:
		one := ng.splatConst(memref.Int32, 1)
		i := ng.simple(memref.Int32, wasm.OpV128And, val{dt: memref.Int32, regs: v.regs}, one)
		return ng.cast(i, to)
	case from == memref.Float16:
		return ng.cast(ng.f16ToF32(v), to)
	case from == memref.BFloat16:
		return ng.cast(ng.bf16ToF32(v), to)
	case to == memref.BFloat16:
		return ng.f32ToBF16(ng.cast(v, memref.Float32))
	case to == memref.Float16:
		switch {
		case from == memref.Float32:
			return ng.f32ToF16(v)
		case from == memref.Float64:
			return ng.f32ToF16(ng.f64ToF32Odd(v))
		}
		return ng.cast(ng.cast(v, memref.Float64), memref.Float16)
	case from.IsFloat() && to.IsFloat():
		if to == memref.Float64 {
			return ng.f32ToF64(v)
		}
		return ng.f64ToF32(v)
	case from.IsFloat():
		return ng.floatToInt(v, to)
	case to.IsFloat():
		return ng.intToFloat(v, to)
	}
	return ng.intToInt(v, to)
}

func (ng *nestGen) toBoolCast(v val) val {
	switch v.dt {
	case memref.Float32, memref.Float64:
		zero := ng.splatConst(v.dt, 0)
		return ng.toBool(ng.simple(v.dt, fop(v.dt, wasm.OpF32x4Ne, wasm.OpF64x2Ne), v, zero))
	case memref.Int64, memref.Uint64:
		zero := ng.splatConst(v.dt, 0)
		return ng.toBool(ng.simple(v.dt, wasm.OpI64x2Ne, v, zero))
	case memref.Float16, memref.BFloat16:
		// Any bits but the sign: nonzero (NaN included).
		m := ng.splatConst(memref.Int32, 0x7fff)
		a := ng.simple(memref.Int32, wasm.OpV128And, val{dt: memref.Int32, regs: v.regs}, m)
		return ng.toBool(ng.simple(memref.Int32, wasm.OpI32x4Ne, a, ng.splatConst(memref.Int32, 0)))
	}
	zero := ng.splatConst(memref.Int32, 0)
	return ng.toBool(ng.simple(memref.Int32, wasm.OpI32x4Ne, val{dt: memref.Int32, regs: v.regs}, zero))
}

// f32ToF64 promotes lanes 0–1 and 2–3.
func (ng *nestGen) f32ToF64(v val) val {
	f := ng.f
	out := ng.newVal(memref.Float64)
	f.LocalGet(v.regs[0])
	f.Op(wasm.OpF64x2PromoteLowF32x4)
	f.LocalSet(out.regs[0])
	f.LocalGet(v.regs[0])
	f.LocalGet(v.regs[0])
	f.Shuffle([16]byte{8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7})
	f.Op(wasm.OpF64x2PromoteLowF32x4)
	f.LocalSet(out.regs[1])
	return out
}

// joinLow builds one register from the low 8 bytes of two.
func (ng *nestGen) joinLow(dt memref.DType, a, b uint32) val {
	f := ng.f
	out := ng.newVal(dt)
	f.LocalGet(a)
	f.LocalGet(b)
	f.Shuffle([16]byte{0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23})
	f.LocalSet(out.regs[0])
	return out
}

// f64ToF32 demotes both registers (round to nearest even).
func (ng *nestGen) f64ToF32(v val) val {
	f := ng.f
	lo, hi := f.NewLocal(wasm.V128), f.NewLocal(wasm.V128)
	f.LocalGet(v.regs[0])
	f.Op(wasm.OpF32x4DemoteF64x2Zero)
	f.LocalSet(lo)
	f.LocalGet(v.regs[1])
	f.Op(wasm.OpF32x4DemoteF64x2Zero)
	f.LocalSet(hi)
	return ng.joinLow(memref.Float32, lo, hi)
}

// f64ToF32Odd demotes with round-to-odd (the inexact bit is OR-ed into the
// last mantissa bit), after clamping to ±65536: rounding that result to f16
// is then the correctly rounded f64→f16 conversion.
func (ng *nestGen) f64ToF32Odd(v val) val {
	f := ng.f
	lim := ng.splatConst(memref.Float64, floatBits(memref.Float64, 65536))
	nlim := ng.splatConst(memref.Float64, floatBits(memref.Float64, -65536))
	c := ng.simple(memref.Float64, wasm.OpF64x2Min, v, lim)
	c = ng.simple(memref.Float64, wasm.OpF64x2Max, c, nlim)
	r := ng.f64ToF32(c)
	back := ng.f32ToF64(r)
	ne := ng.simple(memref.Float64, wasm.OpF64x2Ne, back, c)
	inexact := ng.narrowMask(ne.regs[0], ne.regs[1])
	out := ng.newVal(memref.Float32)
	f.LocalGet(r.regs[0])
	f.LocalGet(inexact.regs[0])
	f.I32x4Const(1, 1, 1, 1)
	f.Op(wasm.OpV128And)
	f.Op(wasm.OpV128Or)
	f.LocalSet(out.regs[0])
	return out
}

// f16ToF32 converts f16 bit patterns (widened) to f32 exactly.
func (ng *nestGen) f16ToF32(v val) val {
	f := ng.f
	h := v.regs[0]
	em := f.NewLocal(wasm.V128)
	f.LocalGet(h)
	f.I32x4Const(0x7fff, 0x7fff, 0x7fff, 0x7fff)
	f.Op(wasm.OpV128And)
	f.I32Const(13)
	f.Op(wasm.OpI32x4Shl)
	f.LocalSet(em) // em << 13
	out := ng.newVal(memref.Float32)
	// bitselect(Inf/NaN bits, normal or subnormal value, em >= 0x7c00 << 13);
	// a normal or subnormal f16 is as-float(em << 13) * 2**112, exactly.
	f.LocalGet(em)
	f.I32x4Const(0x7f800000, 0x7f800000, 0x7f800000, 0x7f800000)
	f.Op(wasm.OpV128Or)
	f.LocalGet(em)
	f.I32x4Const(0x77800000, 0x77800000, 0x77800000, 0x77800000)
	f.Op(wasm.OpF32x4Mul)
	f.LocalGet(em)
	f.I32x4Const(0x7c00<<13, 0x7c00<<13, 0x7c00<<13, 0x7c00<<13)
	f.Op(wasm.OpI32x4GeS)
	f.Op(wasm.OpV128Bitselect)
	// sign
	f.LocalGet(h)
	f.I32x4Const(0x8000, 0x8000, 0x8000, 0x8000)
	f.Op(wasm.OpV128And)
	f.I32Const(16)
	f.Op(wasm.OpI32x4Shl)
	f.Op(wasm.OpV128Or)
	f.LocalSet(out.regs[0])
	return out
}

// f32ToF16 rounds f32 lanes to f16 bit patterns, nearest even; overflow
// gives ±Inf, NaN a quiet NaN.
func (ng *nestGen) f32ToF16(v val) val {
	f := ng.f
	k := func(c uint32) { f.I32x4Const(c, c, c, c) }
	x := v.regs[0]
	sign, a := f.NewLocal(wasm.V128), f.NewLocal(wasm.V128)
	f.LocalGet(x)
	k(0x80000000)
	f.Op(wasm.OpV128And)
	f.LocalSet(sign)
	f.LocalGet(x)
	f.LocalGet(sign)
	f.Op(wasm.OpV128Xor)
	f.LocalSet(a)
	// big: a >= 0x47800000 → NaN (a > 0x7f800000) ? 0x7e00 : 0x7c00
	big := f.NewLocal(wasm.V128)
	k(0x7e00)
	k(0x7c00)
	f.LocalGet(a)
	k(0x7f800000)
	f.Op(wasm.OpI32x4GtS)
	f.Op(wasm.OpV128Bitselect)
	f.LocalSet(big)
	// small: a < 0x38800000 → bits(as-float(a) + 0.5) - 0x3f000000
	small := f.NewLocal(wasm.V128)
	f.LocalGet(a)
	k(0x3f000000)
	f.Op(wasm.OpF32x4Add)
	k(0x3f000000)
	f.Op(wasm.OpI32x4Sub)
	f.LocalSet(small)
	// normal: (a + 0xc8000fff + ((a >> 13) & 1)) >> 13
	norm := f.NewLocal(wasm.V128)
	f.LocalGet(a)
	k(0xc8000fff)
	f.Op(wasm.OpI32x4Add)
	f.LocalGet(a)
	f.I32Const(13)
	f.Op(wasm.OpI32x4ShrU)
	k(1)
	f.Op(wasm.OpV128And)
	f.Op(wasm.OpI32x4Add)
	f.I32Const(13)
	f.Op(wasm.OpI32x4ShrU)
	f.LocalSet(norm)
	out := ng.newVal(memref.Float16)
	// select: big if a >= 0x47800000, else small if a < 0x38800000, else norm
	f.LocalGet(big)
	f.LocalGet(small)
	f.LocalGet(norm)
	f.LocalGet(a)
	k(0x38800000)
	f.Op(wasm.OpI32x4LtS)
	f.Op(wasm.OpV128Bitselect)
	f.LocalGet(a)
	k(0x47800000 - 1)
	f.Op(wasm.OpI32x4GtS)
	f.Op(wasm.OpV128Bitselect)
	f.LocalGet(sign)
	f.I32Const(16)
	f.Op(wasm.OpI32x4ShrU)
	f.Op(wasm.OpV128Or)
	f.LocalSet(out.regs[0])
	return out
}

// bf16ToF32 converts bf16 bit patterns (widened) to f32 exactly: they are
// the f32's top half.
func (ng *nestGen) bf16ToF32(v val) val {
	f := ng.f
	out := ng.newVal(memref.Float32)
	f.LocalGet(v.regs[0])
	f.I32Const(16)
	f.Op(wasm.OpI32x4Shl)
	f.LocalSet(out.regs[0])
	return out
}

// f32ToBF16 rounds f32 lanes to bf16 bit patterns, nearest even, as
// memref.F32ToBF16: (a + 0x7fff + ((a >> 16) & 1)) >> 16, whose carry
// takes the largest values to ±Inf; a NaN keeps its sign and the top of
// its payload, made quiet (| 0x40).
func (ng *nestGen) f32ToBF16(v val) val {
	f := ng.f
	k := func(c uint32) { f.I32x4Const(c, c, c, c) }
	x := v.regs[0]
	out := ng.newVal(memref.BFloat16)
	// NaN: (x >> 16) | 0x40
	f.LocalGet(x)
	f.I32Const(16)
	f.Op(wasm.OpI32x4ShrU)
	k(0x40)
	f.Op(wasm.OpV128Or)
	// rounded
	f.LocalGet(x)
	k(0x7fff)
	f.Op(wasm.OpI32x4Add)
	f.LocalGet(x)
	f.I32Const(16)
	f.Op(wasm.OpI32x4ShrU)
	k(1)
	f.Op(wasm.OpV128And)
	f.Op(wasm.OpI32x4Add)
	f.I32Const(16)
	f.Op(wasm.OpI32x4ShrU)
	// isNaN: (x & 0x7fffffff) > 0x7f800000
	f.LocalGet(x)
	k(0x7fffffff)
	f.Op(wasm.OpV128And)
	k(0x7f800000)
	f.Op(wasm.OpI32x4GtS)
	f.Op(wasm.OpV128Bitselect)
	f.LocalSet(out.regs[0])
	return out
}

// intRange is the value range of an integer type as floats.
func intRange(dt memref.DType) (lo, hi float64) {
	b := dt.Bits()
	if dt.IsUnsigned() {
		return 0, float64(uint64(1)<<b - 1)
	}
	return -float64(uint64(1) << (b - 1)), float64(uint64(1)<<(b-1) - 1)
}

// floatToInt truncates toward zero, saturating, NaN → 0.
func (ng *nestGen) floatToInt(v val, to memref.DType) val {
	from := v.dt
	if nregs(to) == 2 {
		var op wasm.Opcode
		switch {
		case from == memref.Float32 && to == memref.Int64:
			op = wasm.OpI64TruncSatF32S
		case from == memref.Float32:
			op = wasm.OpI64TruncSatF32U
		case to == memref.Int64:
			op = wasm.OpI64TruncSatF64S
		default:
			op = wasm.OpI64TruncSatF64U
		}
		return ng.lanewise(to, []val{v}, func(f *wasm.Func, a []uint32) {
			f.LocalGet(a[0])
			f.Op(op)
		})
	}
	x := v
	if to.Bits() < 32 {
		// Clamp first so the 32-bit saturation gives the narrow range.
		lo, hi := intRange(to)
		x = ng.simple(from, fop(from, wasm.OpF32x4Max, wasm.OpF64x2Max), x, ng.splatConst(from, floatBits(from, lo)))
		x = ng.simple(from, fop(from, wasm.OpF32x4Min, wasm.OpF64x2Min), x, ng.splatConst(from, floatBits(from, hi)))
	}
	unsigned := to == memref.Uint32
	if from == memref.Float32 {
		op := wasm.OpI32x4TruncSatF32x4S
		if unsigned {
			op = wasm.OpI32x4TruncSatF32x4U
		}
		r := ng.simple(memref.Int32, op, val{dt: memref.Float32, regs: x.regs})
		return val{dt: to, regs: r.regs}
	}
	op := wasm.OpI32x4TruncSatF64x2SZero
	if unsigned {
		op = wasm.OpI32x4TruncSatF64x2UZero
	}
	f := ng.f
	lo, hi := f.NewLocal(wasm.V128), f.NewLocal(wasm.V128)
	f.LocalGet(x.regs[0])
	f.Op(op)
	f.LocalSet(lo)
	f.LocalGet(x.regs[1])
	f.Op(op)
	f.LocalSet(hi)
	return ng.joinLow(to, lo, hi)
}

// intToFloat converts with rounding to nearest even.
func (ng *nestGen) intToFloat(v val, to memref.DType) val {
	from := v.dt
	f := ng.f
	if nregs(from) == 2 {
		var op wasm.Opcode
		switch {
		case to == memref.Float32 && from == memref.Int64:
			op = wasm.OpF32ConvertI64S
		case to == memref.Float32:
			op = wasm.OpF32ConvertI64U
		case from == memref.Int64:
			op = wasm.OpF64ConvertI64S
		default:
			op = wasm.OpF64ConvertI64U
		}
		return ng.lanewise(to, []val{v}, func(f *wasm.Func, a []uint32) {
			f.LocalGet(a[0])
			f.Op(op)
		})
	}
	unsigned := from == memref.Uint32
	if to == memref.Float32 {
		op := wasm.OpF32x4ConvertI32x4S
		if unsigned {
			op = wasm.OpF32x4ConvertI32x4U
		}
		return ng.simple(memref.Float32, op, v)
	}
	op := wasm.OpF64x2ConvertLowI32x4S
	if unsigned {
		op = wasm.OpF64x2ConvertLowI32x4U
	}
	out := ng.newVal(memref.Float64)
	f.LocalGet(v.regs[0])
	f.Op(op)
	f.LocalSet(out.regs[0])
	f.LocalGet(v.regs[0])
	f.LocalGet(v.regs[0])
	f.Shuffle([16]byte{8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7})
	f.Op(op)
	f.LocalSet(out.regs[1])
	return out
}

// intToInt wraps (two's complement).
func (ng *nestGen) intToInt(v val, to memref.DType) val {
	f := ng.f
	from := v.dt
	switch {
	case nregs(from) == 2 && nregs(to) == 2:
		return val{dt: to, regs: v.regs}
	case nregs(from) == 1 && nregs(to) == 2:
		lo, hi := wasm.OpI64x2ExtendLowI32x4S, wasm.OpI64x2ExtendHighI32x4S
		if from.IsUnsigned() {
			lo, hi = wasm.OpI64x2ExtendLowI32x4U, wasm.OpI64x2ExtendHighI32x4U
		}
		out := ng.newVal(to)
		f.LocalGet(v.regs[0])
		f.Op(lo)
		f.LocalSet(out.regs[0])
		f.LocalGet(v.regs[0])
		f.Op(hi)
		f.LocalSet(out.regs[1])
		return out
	case nregs(from) == 2:
		out := ng.newVal(to)
		f.LocalGet(v.regs[0])
		f.LocalGet(v.regs[1])
		f.Shuffle([16]byte{0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27})
		f.LocalSet(out.regs[0])
		return ng.normalize(out)
	}
	out := ng.newVal(to)
	f.LocalGet(v.regs[0])
	f.LocalSet(out.regs[0])
	return ng.normalize(out)
}
