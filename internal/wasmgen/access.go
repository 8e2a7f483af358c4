package wasmgen

import "github.com/sandjit/sandjit/internal/wasm"
import "github.com/sandjit/sandjit/memref"

// scalarLoad is the scalar instruction loading one element of dt into its
// lane type; scalarStore stores one.
func scalarLoad(dt memref.DType) wasm.Opcode {
	switch dt {
	case memref.Float32:
		return wasm.OpF32Load
	case memref.Float64:
		return wasm.OpF64Load
	case memref.Int64, memref.Uint64:
		return wasm.OpI64Load
	case memref.Int32, memref.Uint32:
		return wasm.OpI32Load
	case memref.Int16:
		return wasm.OpI32Load16S
	case memref.Uint16, memref.Float16, memref.BFloat16:
		return wasm.OpI32Load16U
	case memref.Int8:
		return wasm.OpI32Load8S
	}
	return wasm.OpI32Load8U // ui8, i1
}

func scalarStore(dt memref.DType) wasm.Opcode {
	switch dt {
	case memref.Float32:
		return wasm.OpF32Store
	case memref.Float64:
		return wasm.OpF64Store
	case memref.Int64, memref.Uint64:
		return wasm.OpI64Store
	case memref.Int32, memref.Uint32:
		return wasm.OpI32Store
	case memref.Int16, memref.Uint16, memref.Float16, memref.BFloat16:
		return wasm.OpI32Store16
	}
	return wasm.OpI32Store8
}

func splatOp(t wasm.ValType) wasm.Opcode {
	switch t {
	case wasm.F32:
		return wasm.OpF32x4Splat
	case wasm.F64:
		return wasm.OpF64x2Splat
	case wasm.I64:
		return wasm.OpI64x2Splat
	}
	return wasm.OpI32x4Splat
}

// laneAddr pushes the address of lane `lane` of access i: ptr + lane*stride
// of the innermost loop (+ the dynamic indices' share). It returns the
// constant offset to use in the memory instruction (the stride folded in
// when it is a constant). Dynamic indices are bounds-checked first when
// the access asks for it.
func (ng *nestGen) laneAddr(i int, ptr []uint32, lane int) uint32 {
	f := ng.f
	a := ng.accs[i]
	if len(a.dynAxes) > 0 {
		ng.dynAddr(a, i, ptr, lane)
		return 0
	}
	f.LocalGet(ptr[i])
	if lane == 0 || len(ng.n.Loops) == 0 {
		return 0
	}
	bs := a.bs[len(ng.n.Loops)-1]
	if bs.isConst && bs.c >= 0 {
		return uint32(bs.c) * uint32(lane)
	}
	bs.push(f)
	if lane > 1 {
		f.I32Const(int32(lane))
		f.Op(wasm.OpI32Mul)
	}
	f.Op(wasm.OpI32Add)
	return 0
}

// dynAddr pushes ptr + lane*stride + Σ index·stride over the dynamic axes,
// checking each index against its axis first (a fault returns
// StatusIndexOutOfRange from the nest with the access's fault code).
func (ng *nestGen) dynAddr(a *access, i int, ptr []uint32, lane int) {
	f := ng.f
	addr := f.NewLocal(wasm.I32)
	f.LocalGet(ptr[i])
	if lane > 0 && len(ng.n.Loops) > 0 {
		a.bs[len(ng.n.Loops)-1].push(f)
		f.I32Const(int32(lane))
		f.Op(wasm.OpI32Mul)
		f.Op(wasm.OpI32Add)
	}
	f.LocalSet(addr)
	idx := f.NewLocal(wasm.I32)
	for _, d := range a.dynAxes {
		v := ng.dynVals[d.arg]
		reg, l := lane/lanesPerReg(v.dt), lane%lanesPerReg(v.dt)
		f.LocalGet(v.regs[reg])
		f.Lane(extractOp(laneType(v.dt)), byte(l))
		if nregs(v.dt) == 2 {
			// An i64 index: out of range if it does not fit an i32.
			if a.fault > 0 {
				t := f.NewLocal(wasm.I64)
				f.LocalTee(t)
				f.LocalGet(t)
				f.Op(wasm.OpI32WrapI64)
				f.Op(wasm.OpI64ExtendI32S)
				f.Op(wasm.OpI64Ne)
				ng.faultIf(a.fault)
				f.LocalGet(t)
			}
			f.Op(wasm.OpI32WrapI64)
		}
		f.LocalSet(idx)
		if a.fault > 0 {
			f.LocalGet(idx)
			d.size.push(f)
			f.Op(wasm.OpI32GeU) // also catches negative indices
			ng.faultIf(a.fault)
		}
		f.LocalGet(addr)
		f.LocalGet(idx)
		d.bstride.push(f)
		f.Op(wasm.OpI32Mul)
		f.Op(wasm.OpI32Add)
		f.LocalSet(addr)
	}
	f.LocalGet(addr)
}

// faultIf pops a condition; when it holds, the nest writes code into the
// fault word and returns StatusIndexOutOfRange.
func (ng *nestGen) faultIf(code int) { ng.stopIf(code, memref.StatusIndexOutOfRange) }

// stopIf pops a condition; when it holds, the nest writes code into the
// fault word and returns status st.
func (ng *nestGen) stopIf(code int, st memref.Status) {
	f := ng.f
	f.If(wasm.BlockEmpty)
	f.LocalGet(0)
	f.I32Const(int32(code))
	f.Mem(wasm.OpI32Store, memref.ArgFaultOffset)
	f.I32Const(int32(st))
	f.Op(wasm.OpReturn)
	f.End()
}

// assert stops the nest with StatusInvalidArgument and fault code when a
// lane of the mask v that this instance computes is false: lane 0 alone
// in modeLanes1 (the other lanes hold nothing), all four otherwise.
func (ng *nestGen) assert(code int, mode bodyMode, v val) {
	f := ng.f
	f.LocalGet(v.regs[0])
	if mode == modeLanes1 {
		f.Lane(wasm.OpI32x4ExtractLane, 0)
	} else {
		f.Op(wasm.OpI32x4AllTrue)
	}
	f.Op(wasm.OpI32Eqz)
	ng.stopIf(code, memref.StatusInvalidArgument)
}

// scalarToMask turns a loaded i1 byte into the mask representation.
func scalarToMask(f *wasm.Func) {
	// -(b != 0)
	f.I32Const(0)
	f.Op(wasm.OpI32Ne)
	t := f.NewLocal(wasm.I32)
	f.LocalSet(t)
	f.I32Const(0)
	f.LocalGet(t)
	f.Op(wasm.OpI32Sub)
}

// load reads the access's elements for one body instance.
func (ng *nestGen) load(dt memref.DType, i int, ptr []uint32, mode bodyMode) val {
	f := ng.f
	a := ng.accs[i]
	out := ng.newVal(dt)
	if mode == modeContig && a.inner == innerInvariant {
		f.LocalGet(ptr[i])
		f.Mem(scalarLoad(dt), 0)
		if dt == memref.Bool {
			scalarToMask(f)
		}
		f.Op(splatOp(laneType(dt)))
		f.LocalSet(out.regs[0])
		if nregs(dt) == 2 {
			f.LocalGet(out.regs[0])
			f.LocalSet(out.regs[1])
		}
		return out
	}
	if mode == modeContig {
		u := ng.unrollOffset(a)
		f.LocalGet(ptr[i])
		switch dt {
		case memref.Float32, memref.Int32, memref.Uint32:
			f.Mem(wasm.OpV128Load, u)
		case memref.Float64, memref.Int64, memref.Uint64:
			f.Mem(wasm.OpV128Load, u)
			f.LocalSet(out.regs[0])
			f.LocalGet(ptr[i])
			f.Mem(wasm.OpV128Load, u+16)
			f.LocalSet(out.regs[1])
			return out
		case memref.Int16:
			f.Mem(wasm.OpV128Load16x4S, u)
		case memref.Uint16, memref.Float16, memref.BFloat16:
			f.Mem(wasm.OpV128Load16x4U, u)
		case memref.Int8:
			f.Mem(wasm.OpV128Load32Zero, u)
			f.Op(wasm.OpI16x8ExtendLowI8x16S, wasm.OpI32x4ExtendLowI16x8S)
		case memref.Uint8:
			f.Mem(wasm.OpV128Load32Zero, u)
			f.Op(wasm.OpI16x8ExtendLowI8x16U, wasm.OpI32x4ExtendLowI16x8U)
		case memref.Bool:
			f.Mem(wasm.OpV128Load32Zero, u)
			f.Op(wasm.OpI16x8ExtendLowI8x16U, wasm.OpI32x4ExtendLowI16x8U)
			f.V128Const([16]byte{})
			f.Op(wasm.OpI32x4Ne)
		}
		f.LocalSet(out.regs[0])
		return out
	}
	lanes := 4
	if mode == modeLanes1 {
		lanes = 1
	}
	for r := 0; r < nregs(dt); r++ {
		f.V128Const([16]byte{})
		f.LocalSet(out.regs[r])
	}
	for lane := 0; lane < lanes; lane++ {
		reg, l := lane/lanesPerReg(dt), lane%lanesPerReg(dt)
		f.LocalGet(out.regs[reg])
		off := ng.laneAddr(i, ptr, lane)
		f.Mem(scalarLoad(dt), off)
		if dt == memref.Bool {
			scalarToMask(f)
		}
		f.Lane(replaceOp(laneType(dt)), byte(l))
		f.LocalSet(out.regs[reg])
	}
	return out
}

// store writes v's lanes to the access for one body instance.
func (ng *nestGen) store(dt memref.DType, i int, ptr []uint32, mode bodyMode, v val) {
	f := ng.f
	if dt == memref.Bool {
		// mask → 0/1
		b := ng.newVal(memref.Bool)
		f.LocalGet(v.regs[0])
		f.I32x4Const(1, 1, 1, 1)
		f.Op(wasm.OpV128And)
		f.LocalSet(b.regs[0])
		v = b
	}
	if mode == modeContig {
		u := ng.unrollOffset(ng.accs[i])
		switch dt {
		case memref.Float32, memref.Int32, memref.Uint32:
			f.LocalGet(ptr[i])
			f.LocalGet(v.regs[0])
			f.Mem(wasm.OpV128Store, u)
		case memref.Float64, memref.Int64, memref.Uint64:
			f.LocalGet(ptr[i])
			f.LocalGet(v.regs[0])
			f.Mem(wasm.OpV128Store, u)
			f.LocalGet(ptr[i])
			f.LocalGet(v.regs[1])
			f.Mem(wasm.OpV128Store, u+16)
		case memref.Int16, memref.Uint16, memref.Float16, memref.BFloat16:
			f.LocalGet(ptr[i])
			f.LocalGet(v.regs[0])
			f.LocalGet(v.regs[0])
			f.Shuffle([16]byte{0, 1, 4, 5, 8, 9, 12, 13, 0, 1, 4, 5, 8, 9, 12, 13})
			f.MemLane(wasm.OpV128Store64Lane, u, 0)
		default: // i8, ui8, i1
			f.LocalGet(ptr[i])
			f.LocalGet(v.regs[0])
			f.LocalGet(v.regs[0])
			f.Shuffle([16]byte{0, 4, 8, 12, 0, 4, 8, 12, 0, 4, 8, 12, 0, 4, 8, 12})
			f.MemLane(wasm.OpV128Store32Lane, u, 0)
		}
		return
	}
	lanes := 4
	if mode == modeLanes1 {
		lanes = 1
	}
	for lane := 0; lane < lanes; lane++ {
		reg, l := lane/lanesPerReg(dt), lane%lanesPerReg(dt)
		off := ng.laneAddr(i, ptr, lane)
		f.LocalGet(v.regs[reg])
		f.Lane(extractOp(laneType(dt)), byte(l))
		f.Mem(scalarStore(dt), off)
	}
}

// unrollOffset is the byte offset of the body instance being emitted from
// the access's pointer in a contiguous group: uoff elements ahead, unless
// the innermost loop does not move the access.
func (ng *nestGen) unrollOffset(a *access) uint32 {
	if a.inner == innerInvariant {
		return 0
	}
	return uint32(ng.uoff * a.esize)
}
