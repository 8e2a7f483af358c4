package wasmgen

import (
	"github.com/sandjit/sandjit/internal/wasm"
	"math"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// Every loop IR value is four lanes (four consecutive iterations of the
// innermost loop) held in v128 locals. How a dtype's lanes live there is
// its representation:
//
//	f32                         one f32x4
//	f64                         two f64x2 (lanes 0–1, lanes 2–3)
//	i64, ui64                   two i64x2
//	i32, ui32                   one i32x4
//	i8, i16 / ui8, ui16         one i32x4, sign- / zero-extended (always normalised)
//	i1                          one i32x4 mask: -1 true, 0 false
//	f16                         one i32x4 of bit patterns (load, store and cast only)
//
// Keeping small integers widened to 32 bits lets one set of i32x4
// instructions serve every width; results that can leave the narrow range
// are normalised right away (normalize).

// val is a value in vector form: one or two v128 locals.
type val struct {
	dt   memref.DType
	regs [2]uint32
}

// nregs is the number of v128 registers a dtype's four lanes take.
func nregs(dt memref.DType) int {
	switch dt {
	case memref.Float64, memref.Int64, memref.Uint64:
		return 2
	}
	return 1
}

// laneType is the lane shape of a dtype's registers.
func laneType(dt memref.DType) wasm.ValType {
	switch dt {
	case memref.Float32:
		return wasm.F32
	case memref.Float64:
		return wasm.F64
	case memref.Int64, memref.Uint64:
		return wasm.I64
	}
	return wasm.I32
}

// lanesPerReg is 4 for 32-bit lanes and 2 for 64-bit lanes.
func lanesPerReg(dt memref.DType) int { return 4 / nregs(dt) }

func (ng *nestGen) newVal(dt memref.DType) val {
	v := val{dt: dt}
	for r := 0; r < nregs(dt); r++ {
		v.regs[r] = ng.f.NewLocal(wasm.V128)
	}
	return v
}

// setVal pops nregs(dt) registers (the last pushed is the highest).
func (ng *nestGen) setVal(v val) val {
	for r := nregs(v.dt) - 1; r >= 0; r-- {
		ng.f.LocalSet(v.regs[r])
	}
	return v
}

func (ng *nestGen) copyVal(dst, src val) {
	for r := 0; r < nregs(dst.dt); r++ {
		ng.f.LocalGet(src.regs[r])
		ng.f.LocalSet(dst.regs[r])
	}
}

// laneBits is the representation of one lane value given loop IR bits.
func laneBits(dt memref.DType, bits uint64) uint64 {
	switch dt {
	case memref.Bool:
		if bits&1 != 0 {
			return ^uint64(0)
		}
		return 0
	case memref.Int8:
		return uint64(int64(int8(bits)))
	case memref.Int16:
		return uint64(int64(int16(bits)))
	case memref.Uint8:
		return bits & 0xff
	case memref.Uint16, memref.Float16, memref.BFloat16:
		return bits & 0xffff
	}
	return bits
}

// constVal materialises a vector with the given per-lane loop IR bits.
func (ng *nestGen) constVal(dt memref.DType, lanes [4]uint64) val {
	f := ng.f
	v := ng.newVal(dt)
	for i := range lanes {
		lanes[i] = laneBits(dt, lanes[i])
	}
	if nregs(dt) == 2 {
		f.I64x2Const(lanes[0], lanes[1])
		f.LocalSet(v.regs[0])
		f.I64x2Const(lanes[2], lanes[3])
		f.LocalSet(v.regs[1])
		return v
	}
	f.I32x4Const(uint32(lanes[0]), uint32(lanes[1]), uint32(lanes[2]), uint32(lanes[3]))
	f.LocalSet(v.regs[0])
	return v
}

// splatConst is a vector with bits in every lane.
func (ng *nestGen) splatConst(dt memref.DType, bits uint64) val {
	return ng.constVal(dt, [4]uint64{bits, bits, bits, bits})
}

// identityBits is a reducer's identity as loop IR bits of type dt.
func identityBits(r loopir.Reducer, dt memref.DType) uint64 {
	switch r {
	case loopir.RedSum, loopir.RedAny:
		return 0
	case loopir.RedAll:
		return 1
	case loopir.RedProd:
		return floatOrInt(dt, 1)
	case loopir.RedMax:
		switch {
		case dt == memref.Float32:
			return uint64(math.Float32bits(float32(math.Inf(-1))))
		case dt == memref.Float64:
			return math.Float64bits(math.Inf(-1))
		case dt.IsUnsigned():
			return 0
		}
		return uint64(int64(-1) << (dt.Bits() - 1))
	case loopir.RedMin:
		switch {
		case dt == memref.Float32:
			return uint64(math.Float32bits(float32(math.Inf(1))))
		case dt == memref.Float64:
			return math.Float64bits(math.Inf(1))
		case dt.IsUnsigned():
			if dt.Bits() == 64 {
				return ^uint64(0)
			}
			return uint64(1)<<dt.Bits() - 1
		}
		return uint64(1)<<(dt.Bits()-1) - 1
	}
	return 0
}

func floatOrInt(dt memref.DType, v float64) uint64 {
	switch dt {
	case memref.Float32:
		return uint64(math.Float32bits(float32(v)))
	case memref.Float64:
		return math.Float64bits(v)
	}
	return uint64(int64(v))
}

// normalize re-establishes the representation of a narrow integer type
// after an operation that may have left its range (wrapping semantics).
func (ng *nestGen) normalize(v val) val {
	f := ng.f
	switch v.dt {
	case memref.Int8, memref.Int16:
		sh := int32(32 - v.dt.Bits())
		f.LocalGet(v.regs[0])
		f.I32Const(sh)
		f.Op(wasm.OpI32x4Shl)
		f.I32Const(sh)
		f.Op(wasm.OpI32x4ShrS)
		f.LocalSet(v.regs[0])
	case memref.Uint8, memref.Uint16:
		mask := uint32(1)<<v.dt.Bits() - 1
		f.LocalGet(v.regs[0])
		f.I32x4Const(mask, mask, mask, mask)
		f.Op(wasm.OpV128And)
		f.LocalSet(v.regs[0])
	}
	return v
}

// lanewise computes a result lane by lane with scalar code: for each lane
// it extracts the argument lanes into scalar locals and calls scalar,
// which must push one scalar of the result's lane type.
func (ng *nestGen) lanewise(res memref.DType, args []val, scalar func(f *wasm.Func, a []uint32)) val {
	f := ng.f
	out := ng.newVal(res)
	// Start from zero so the result is defined in every lane.
	for r := 0; r < nregs(res); r++ {
		f.V128Const([16]byte{})
		f.LocalSet(out.regs[r])
	}
	locals := make([]uint32, len(args))
	for i, a := range args {
		locals[i] = f.NewLocal(laneType(a.dt))
	}
	for lane := 0; lane < 4; lane++ {
		for i, a := range args {
			reg, l := lane/lanesPerReg(a.dt), lane%lanesPerReg(a.dt)
			f.LocalGet(a.regs[reg])
			f.Lane(extractOp(laneType(a.dt)), byte(l))
			f.LocalSet(locals[i])
		}
		reg, l := lane/lanesPerReg(res), lane%lanesPerReg(res)
		f.LocalGet(out.regs[reg])
		scalar(f, locals)
		f.Lane(replaceOp(laneType(res)), byte(l))
		f.LocalSet(out.regs[reg])
	}
	return out
}

func extractOp(t wasm.ValType) wasm.Opcode {
	switch t {
	case wasm.F32:
		return wasm.OpF32x4ExtractLane
	case wasm.F64:
		return wasm.OpF64x2ExtractLane
	case wasm.I64:
		return wasm.OpI64x2ExtractLane
	}
	return wasm.OpI32x4ExtractLane
}

func replaceOp(t wasm.ValType) wasm.Opcode {
	switch t {
	case wasm.F32:
		return wasm.OpF32x4ReplaceLane
	case wasm.F64:
		return wasm.OpF64x2ReplaceLane
	case wasm.I64:
		return wasm.OpI64x2ReplaceLane
	}
	return wasm.OpI32x4ReplaceLane
}

// perReg applies a v128 instruction sequence register by register: emit
// gets the registers of each argument for register r pushed in order.
func (ng *nestGen) perReg(res memref.DType, args []val, emit func(f *wasm.Func)) val {
	f := ng.f
	out := ng.newVal(res)
	for r := 0; r < nregs(res); r++ {
		for _, a := range args {
			f.LocalGet(a.regs[r])
		}
		emit(f)
		f.LocalSet(out.regs[r])
	}
	return out
}

// simple applies one v128 opcode register by register.
func (ng *nestGen) simple(res memref.DType, op wasm.Opcode, args ...val) val {
	return ng.perReg(res, args, func(f *wasm.Func) { f.Op(op) })
}

// maskOf turns a 64-bit-lane comparison result (two registers of i64
// masks) into the bool representation (one i32x4 mask).
func (ng *nestGen) narrowMask(lo, hi uint32) val {
	f := ng.f
	out := ng.newVal(memref.Bool)
	f.LocalGet(lo)
	f.LocalGet(hi)
	f.Shuffle([16]byte{0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27})
	f.LocalSet(out.regs[0])
	return out
}

// widenMask turns a bool mask into two i64x2 masks (for selecting 64-bit
// values).
func (ng *nestGen) widenMask(m val) [2]uint32 {
	f := ng.f
	var r [2]uint32
	for i, op := range []wasm.Opcode{wasm.OpI64x2ExtendLowI32x4S, wasm.OpI64x2ExtendHighI32x4S} {
		r[i] = f.NewLocal(wasm.V128)
		f.LocalGet(m.regs[0])
		f.Op(op)
		f.LocalSet(r[i])
	}
	return r
}

// selectVal is mask ? a : b, lane by lane.
func (ng *nestGen) selectVal(mask, a, b val) val {
	f := ng.f
	out := ng.newVal(a.dt)
	if nregs(a.dt) == 1 {
		f.LocalGet(a.regs[0])
		f.LocalGet(b.regs[0])
		f.LocalGet(mask.regs[0])
		f.Op(wasm.OpV128Bitselect)
		f.LocalSet(out.regs[0])
		return out
	}
	m := ng.widenMask(mask)
	for r := 0; r < 2; r++ {
		f.LocalGet(a.regs[r])
		f.LocalGet(b.regs[r])
		f.LocalGet(m[r])
		f.Op(wasm.OpV128Bitselect)
		f.LocalSet(out.regs[r])
	}
	return out
}

// horizontal combines the four lanes of v with op; lane 0 of the result
// holds the total (the other lanes are unspecified).
func (ng *nestGen) horizontal(op loopir.Op, dt memref.DType, v val) val {
	f := ng.f
	if nregs(dt) == 2 {
		// (lanes 0,1) op (lanes 2,3), then lane 0 op lane 1.
		lo := val{dt: dt, regs: [2]uint32{v.regs[0], v.regs[0]}}
		hi := val{dt: dt, regs: [2]uint32{v.regs[1], v.regs[1]}}
		t := ng.binop(op, dt, lo, hi)
		sw := ng.newVal(dt)
		f.LocalGet(t.regs[0])
		f.LocalGet(t.regs[0])
		f.Shuffle([16]byte{8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7})
		f.LocalTee(sw.regs[0])
		f.LocalSet(sw.regs[1])
		return ng.binop(op, dt, t, sw)
	}
	s1 := ng.newVal(dt)
	f.LocalGet(v.regs[0])
	f.LocalGet(v.regs[0])
	f.Shuffle([16]byte{8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7})
	f.LocalSet(s1.regs[0])
	t := ng.binop(op, dt, v, s1)
	s2 := ng.newVal(dt)
	f.LocalGet(t.regs[0])
	f.LocalGet(t.regs[0])
	f.Shuffle([16]byte{4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11})
	f.LocalSet(s2.regs[0])
	return ng.binop(op, dt, t, s2)
}
