package wasmgen

import (
	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/wasm"
	"github.com/sandjit/sandjit/memref"
)

// A specialised emitter for matrix products. The generic code generator
// runs lowerMatMul's nest
//
//	for batch…, i, k (reduce), j:  C[b,i,j] += A[b,i,k] · B[b,k,j]
//
// as a load-add-store of C per four outputs per k. matmulFunc instead
// keeps an MR×NR tile of C in v128 locals over a block of k, splats
// A[i+r, k] and loads B[k, j…j+NR) as vectors. The summation order of
// every output element is the generic path's (k ascending from the
// reducer's identity, one rounding per mul and per add), so results are
// bit-for-bit the same: only the order in which the outputs are computed
// changes.

// mmConfig is the shape of the matmul kernel: tiles of mr rows by nv
// vectors of columns; k unrolled ku times when A's k stride is static
// (touch: each unrolled group first touches its highest addresses, so
// that wazero checks bounds once per pointer per group; a B whose k
// stride comes from the descriptor is read through one pointer per
// unrolled k, each checked once); k blocked by kc
// (0: no blocking); rowsOuter runs a row tile across all columns before
// the next (the k block of B stays in L2), else a column panel down all
// rows. splat picks how A is broadcast: bit 0 multiplies b·a instead of
// a·b (wazero then clobbers a copy of B, not the splat, so the next splat
// does not wait on the multiply); bit 1 loads four k of an A row as one
// v128 and swizzles each lane out (contiguous f32 A rows only); bit 2
// splats every row of the tile before the products.
type mmConfig struct {
	mr, nv, ku, kc, splat int
	touch, rowsOuter      bool
}

// mmConfigs are the kernel shapes per backend: [0] for an unshared memory
// (wazero), [1] for a shared one (wasmtime: the engine compiles for it
// with Options.SharedMemory, the only hint Options carries). Tests and
// sweeps change them.
//
// Measured on K7 (512³ f32, interleaved, a noisy 2-vCPU host; each shape
// set in mmConfigs, then go test ./internal/wasmgen -run '^$' -bench
// Matmul, and sandjit bench --backend=wasmtime for the other row): under
// wazero 2×16 with b·a, splats first, k unrolled 8 with touches was
// fastest (4×8, 3×16, 1×16 and 1×32 15–35% slower, k blocking slower
// still). Under the engine's wasmtime (shared memory, epochs) 2×16 with
// b·a and k unrolled 4 without touches was best (14–17 GFLOP/s); no
// unrolling, 3×16, 4×16 and k blocks of 256 were 10–50% slower. A
// standalone wasmtime with an unshared memory preferred no unrolling (20–22
// GFLOP/s): the two memories compile differently.
var mmConfigs = [2]mmConfig{
	{mr: 2, nv: 4, ku: 8, splat: 5, touch: true},
	{mr: 2, nv: 4, ku: 4, splat: 1},
}

// matmulNest is a matched matrix-product nest.
type matmulNest struct {
	dt      memref.DType
	nb      int           // batch loops 0…nb-1; i = nb, k = nb+1, j = nb+2
	a, b, c *loopir.Instr // load A, load B, accum into C
	aFirst  bool          // the product is a·b (else b·a)
}

// matchMatmul is loopir.MatchProduct in the code generator's terms.
func matchMatmul(n *loopir.Nest, p *loopir.Program) (*matmulNest, bool) {
	pr, ok := p.MatchProduct(n)
	if !ok {
		return nil, false
	}
	return &matmulNest{dt: pr.DType, nb: pr.Batch, a: pr.A, b: pr.B, c: pr.C, aFirst: pr.AFirst}, true
}

// mmGen emits one matmul nest.
type mmGen struct {
	ng     *nestGen
	f      *wasm.Func
	mm     *matmulNest
	cfg    mmConfig
	es     int32 // element bytes
	w      int   // lanes per vector
	mr, nv int   // tile rows, tile vectors per row
	ku     int   // k unroll
	kc     int   // k block (0: none)

	sAi, sAk, sBk, sCi iv // byte strides

	splat, vmul, vadd, sload, sstore, smul, sadd wasm.Opcode
	vmadd                                        wasm.Opcode // relaxed_madd (Options.FusedMultiplyAdd), or 0
}

// matmulFunc emits nest_k's body for a matched matmul (after the ABI
// check): the status 0 is left on the stack.
func (g *gen) matmulFunc(f *wasm.Func, n *loopir.Nest, mm *matmulNest) error {
	ng := &nestGen{g: g, f: f, n: n, lo: 1, hi: 2, unroll: 1}
	if err := ng.prologue(); err != nil {
		return err
	}
	iL, kL := mm.nb, mm.nb+1
	A, B, C := ng.of[mm.a], ng.of[mm.b], ng.of[mm.c]
	cfg := mmConfigs[0]
	if g.m.Memory.Shared {
		cfg = mmConfigs[1]
	}
	e := &mmGen{ng: ng, f: f, mm: mm, cfg: cfg, es: int32(mm.dt.Size()), mr: cfg.mr, nv: cfg.nv, ku: max(cfg.ku, 1), kc: cfg.kc,
		sAi: A.bs[iL], sAk: A.bs[kL], sBk: B.bs[kL], sCi: C.bs[iL]}
	e.w = 16 / int(e.es)
	if mm.dt == memref.Float32 {
		e.splat, e.vmul, e.vadd = wasm.OpV128Load32Splat, wasm.OpF32x4Mul, wasm.OpF32x4Add
		e.sload, e.sstore, e.smul, e.sadd = wasm.OpF32Load, wasm.OpF32Store, wasm.OpF32Mul, wasm.OpF32Add
		e.vmadd = wasm.OpF32x4RelaxedMadd
	} else {
		e.splat, e.vmul, e.vadd = wasm.OpV128Load64Splat, wasm.OpF64x2Mul, wasm.OpF64x2Add
		e.sload, e.sstore, e.smul, e.sadd = wasm.OpF64Load, wasm.OpF64Store, wasm.OpF64Mul, wasm.OpF64Add
		e.vmadd = wasm.OpF64x2RelaxedMadd
	}
	if !g.opts.FusedMultiplyAdd {
		e.vmadd = 0
	}
	// A's k stride must be static to unroll k (the splats of a group are
	// offsets from one pointer); B's may come from the descriptor (a
	// dynamic shape): each unrolled k then loads its row of B from a
	// pointer of its own (tile).
	if !e.sAk.isConst {
		e.ku = 1
	}
	e.batch(0, [3]uint32{A.base, B.base, C.base})
	f.I32Const(0)
	return nil
}

// batch emits batch loop l (or the product at l == nb) over pointers to
// A, B and C positioned at the current batch element.
func (e *mmGen) batch(l int, ptr [3]uint32) {
	ng := e.ng
	if l == e.mm.nb {
		e.gemm(ptr)
		return
	}
	accs := []*access{ng.of[e.mm.a], ng.of[e.mm.b], ng.of[e.mm.c]}
	ng.batchLoop(l, accs, ptr[:], func(in []uint32) { e.batch(l+1, [3]uint32{in[0], in[1], in[2]}) })
}

// forUp emits `for x = from; end - x >= step; x += step { body }` on the
// i32 local x (unsigned: end >= x throughout).
func forUp(f *wasm.Func, x uint32, end iv, step int32, body func()) {
	f.Block(wasm.BlockEmpty)
	f.Loop(wasm.BlockEmpty)
	end.push(f)
	f.LocalGet(x)
	f.Op(wasm.OpI32Sub)
	f.I32Const(step)
	f.Op(wasm.OpI32LtU)
	f.BrIf(1)
	body()
	f.LocalGet(x)
	f.I32Const(step)
	f.Op(wasm.OpI32Add)
	f.LocalSet(x)
	f.Br(0)
	f.End()
	f.End()
}

// gemm emits the product of one batch element: C[i0:i1, :] over all k.
func (e *mmGen) gemm(ptr [3]uint32) {
	f, ng := e.f, e.ng
	iL, kL, jL := e.mm.nb, e.mm.nb+1, e.mm.nb+2
	i0, i1 := constIV(0), ng.ext[iL]
	if ng.n.Part == iL {
		i0, i1 = iv{local: ng.lo}, iv{local: ng.hi}
	}
	K, N := ng.ext[kL], ng.ext[jL]
	kb, kc := f.NewLocal(wasm.I32), f.NewLocal(wasm.I32)
	f.I32Const(0)
	f.LocalSet(kb)
	// do { kc = min(KC, K - kb); panels; kb += kc } while kb < K
	f.Loop(wasm.BlockEmpty)
	K.push(f)
	f.LocalGet(kb)
	f.Op(wasm.OpI32Sub)
	f.LocalSet(kc)
	if e.kc > 0 {
		f.I32Const(int32(e.kc))
		f.LocalGet(kc)
		f.I32Const(int32(e.kc))
		f.LocalGet(kc)
		f.Op(wasm.OpI32LtU)
		f.Op(wasm.OpSelect)
		f.LocalSet(kc)
	}
	// Pointers at k = kb.
	pa, pb := f.NewLocal(wasm.I32), f.NewLocal(wasm.I32)
	f.LocalGet(ptr[0])
	f.LocalGet(kb)
	e.sAk.push(f)
	f.Op(wasm.OpI32Mul)
	f.Op(wasm.OpI32Add)
	f.LocalSet(pa)
	f.LocalGet(ptr[1])
	f.LocalGet(kb)
	e.sBk.push(f)
	f.Op(wasm.OpI32Mul)
	f.Op(wasm.OpI32Add)
	f.LocalSet(pb)
	t := &mmTile{pa: pa, pb: pb, pc: ptr[2], kc: kc, first: f.NewLocal(wasm.I32)}
	f.LocalGet(kb)
	f.Op(wasm.OpI32Eqz)
	f.LocalSet(t.first)
	jb := f.NewLocal(wasm.I32)
	t.jb = jb
	nr := e.nv * e.w
	if e.cfg.rowsOuter {
		// Row tiles, each across every column: full NR panels, then
		// single vectors, then scalars.
		ii := f.NewLocal(wasm.I32)
		i0.push(f)
		f.LocalSet(ii)
		cols := func(mr int) {
			f.I32Const(0)
			f.LocalSet(jb)
			forUp(f, jb, N, int32(nr), func() { e.tile(t, ii, mr, e.nv) })
			if e.nv > 1 {
				forUp(f, jb, N, int32(e.w), func() { e.tile(t, ii, mr, 1) })
			}
			forUp(f, jb, N, 1, func() { e.tile(t, ii, mr, 0) })
		}
		if e.mr > 1 {
			forUp(f, ii, i1, int32(e.mr), func() { cols(e.mr) })
		}
		forUp(f, ii, i1, 1, func() { cols(1) })
	} else {
		// Column panels: full NR panels, then single vectors, then
		// scalars, each down every row.
		f.I32Const(0)
		f.LocalSet(jb)
		forUp(f, jb, N, int32(nr), func() { e.panel(t, i0, i1, e.nv) })
		if e.nv > 1 {
			forUp(f, jb, N, int32(e.w), func() { e.panel(t, i0, i1, 1) })
		}
		forUp(f, jb, N, 1, func() { e.panel(t, i0, i1, 0) })
	}
	// next k block
	f.LocalGet(kb)
	f.LocalGet(kc)
	f.Op(wasm.OpI32Add)
	f.LocalTee(kb)
	K.push(f)
	f.Op(wasm.OpI32LtU)
	f.BrIf(0)
	f.End()
}

// mmTile holds the locals of the current k block and column panel.
type mmTile struct {
	pa, pb, pc uint32 // A at k = kb (row 0), B at k = kb (column 0), C (row 0, column 0)
	kc, first  uint32 // k block length; 1 on the first k block
	jb         uint32 // first column of the panel
}

// panel emits the rows [i0, i1) of one column panel: tiles of mr rows,
// then single rows. nv vectors of columns, or one scalar column (nv 0).
func (e *mmGen) panel(t *mmTile, i0, i1 iv, nv int) {
	f := e.f
	ii := f.NewLocal(wasm.I32)
	i0.push(f)
	f.LocalSet(ii)
	if e.mr > 1 {
		forUp(f, ii, i1, int32(e.mr), func() { e.tile(t, ii, e.mr, nv) })
	}
	forUp(f, ii, i1, 1, func() { e.tile(t, ii, 1, nv) })
}

// tile emits one mr × nv tile at row ii, column jb over the k block.
func (e *mmGen) tile(t *mmTile, ii uint32, mr, nv int) {
	f := e.f
	scalar := nv == 0
	cols := nv
	if scalar {
		cols = 1
	}
	ves := e.es // bytes per column step
	if !scalar {
		ves = 16
	}
	// a: A at row ii, k = kb; b: B at k = kb, column jb; c: C at ii, jb.
	a, b, c := f.NewLocal(wasm.I32), f.NewLocal(wasm.I32), f.NewLocal(wasm.I32)
	f.LocalGet(t.pa)
	f.LocalGet(ii)
	e.sAi.push(f)
	f.Op(wasm.OpI32Mul)
	f.Op(wasm.OpI32Add)
	f.LocalSet(a)
	f.LocalGet(t.pb)
	f.LocalGet(t.jb)
	f.I32Const(e.es)
	f.Op(wasm.OpI32Mul)
	f.Op(wasm.OpI32Add)
	f.LocalSet(b)
	f.LocalGet(t.pc)
	f.LocalGet(ii)
	e.sCi.push(f)
	f.Op(wasm.OpI32Mul)
	f.Op(wasm.OpI32Add)
	f.LocalGet(t.jb)
	f.I32Const(e.es)
	f.Op(wasm.OpI32Mul)
	f.Op(wasm.OpI32Add)
	f.LocalSet(c)
	// Row addressing of A and C: constant offsets from one pointer when
	// the row stride is static, one pointer per row otherwise.
	aRow := make([]uint32, mr)
	aOff := make([]uint32, mr)
	for r := range mr {
		aRow[r] = a
		if r > 0 && !e.sAi.isConst {
			aRow[r] = f.NewLocal(wasm.I32)
			f.LocalGet(a)
			e.sAi.push(f)
			f.I32Const(int32(r))
			f.Op(wasm.OpI32Mul)
			f.Op(wasm.OpI32Add)
			f.LocalSet(aRow[r])
		} else if r > 0 {
			aOff[r] = uint32(int32(r) * e.sAi.c)
		}
	}
	cRow := make([]uint32, mr)
	cOff := make([]uint32, mr)
	for r := range mr {
		cRow[r] = c
		if r > 0 && !e.sCi.isConst {
			cRow[r] = f.NewLocal(wasm.I32)
			f.LocalGet(c)
			e.sCi.push(f)
			f.I32Const(int32(r))
			f.Op(wasm.OpI32Mul)
			f.Op(wasm.OpI32Add)
			f.LocalSet(cRow[r])
		} else if r > 0 {
			cOff[r] = uint32(int32(r) * e.sCi.c)
		}
	}
	// Accumulators: the identity (+0) on the first k block, C otherwise.
	vt := wasm.V128
	if scalar {
		vt = laneType(e.mm.dt)
	}
	acc := make([][]uint32, mr)
	for r := range mr {
		acc[r] = make([]uint32, cols)
		for v := range cols {
			acc[r][v] = f.NewLocal(vt)
		}
	}
	f.LocalGet(t.first)
	f.If(wasm.BlockEmpty)
	for r := range mr {
		for v := range cols {
			switch vt {
			case wasm.F32:
				f.F32Const(0)
			case wasm.F64:
				f.F64Const(0)
			default:
				f.V128Const([16]byte{})
			}
			f.LocalSet(acc[r][v])
		}
	}
	f.Else()
	for r := mr - 1; r >= 0; r-- {
		for v := cols - 1; v >= 0; v-- {
			f.LocalGet(cRow[r])
			if scalar {
				f.Mem(e.sload, cOff[r])
			} else {
				f.Mem(wasm.OpV128Load, cOff[r]+uint32(v)*16)
			}
			f.LocalSet(acc[r][v])
		}
	}
	f.End()
	// The k loop: kc steps, unrolled ku times when strides are static.
	bv := make([]uint32, cols)
	for v := range cols {
		bv[v] = f.NewLocal(vt)
	}
	av := f.NewLocal(vt)
	avRows := make([]uint32, mr)
	for r := range avRows {
		avRows[r] = f.NewLocal(vt)
	}
	var rowv []uint32 // A rows, four k each (splat mode 2)
	// B's k stride from the descriptor: row u > 0 of an unrolled group
	// is read through bRow = bRow + sBk (bRow = b at row 0), which wazero
	// checks once for the row (the loads below go from the highest offset
	// down), and the group steps b by bRow + sBk.
	dynB := !e.sBk.isConst && e.ku > 1
	var bRow uint32
	if dynB {
		bRow = f.NewLocal(wasm.I32)
	}
	step := func(u int) {
		if rowv != nil && u == 0 {
			for r := mr - 1; r >= 0; r-- {
				f.LocalGet(aRow[r])
				f.Mem(wasm.OpV128Load, aOff[r])
				f.LocalSet(rowv[r])
			}
		}
		var du, dbu uint32
		bp := b
		switch {
		case u > 0 && dynB:
			du, bp = uint32(int32(u)*e.sAk.c), bRow
			if u == 1 {
				f.LocalGet(b)
			} else {
				f.LocalGet(bRow)
			}
			e.sBk.push(f)
			f.Op(wasm.OpI32Add)
			f.LocalSet(bRow)
		case u > 0:
			du, dbu = uint32(int32(u)*e.sAk.c), uint32(int32(u)*e.sBk.c)
		}
		for v := cols - 1; v >= 0; v-- {
			f.LocalGet(bp)
			if scalar {
				f.Mem(e.sload, dbu)
			} else {
				f.Mem(wasm.OpV128Load, dbu+uint32(v)*uint32(ves))
			}
			f.LocalSet(bv[v])
		}
		avs := make([]uint32, mr)
		for r := mr - 1; r >= 0; r-- {
			avs[r] = av
			if e.cfg.splat&4 != 0 {
				avs[r] = avRows[r]
			}
			switch {
			case scalar:
				f.LocalGet(aRow[r])
				f.Mem(e.sload, aOff[r]+du)
			case rowv != nil:
				f.LocalGet(rowv[r])
				var idx [16]byte
				for q := range 16 {
					idx[q] = byte(4*u + q%4)
				}
				f.V128Const(idx)
				f.Op(wasm.OpI8x16Swizzle)
			default:
				f.LocalGet(aRow[r])
				f.Mem(e.splat, aOff[r]+du)
			}
			f.LocalSet(avs[r])
			if e.cfg.splat&4 != 0 {
				continue
			}
			e.rowFMA(acc[r], avs[r], bv, scalar)
		}
		if e.cfg.splat&4 != 0 {
			for r := mr - 1; r >= 0; r-- {
				e.rowFMA(acc[r], avs[r], bv, scalar)
			}
		}
	}
	_ = av
	advance := func(times int32) {
		for r, p := range aRow {
			if r > 0 && p == a {
				continue
			}
			f.LocalGet(p)
			if e.sAk.isConst {
				f.I32Const(times * e.sAk.c)
			} else {
				e.sAk.push(f)
			}
			f.Op(wasm.OpI32Add)
			f.LocalSet(p)
		}
		switch {
		case e.sBk.isConst:
			f.LocalGet(b)
			f.I32Const(times * e.sBk.c)
		case times > 1: // dynB: the group's last row plus one
			f.LocalGet(bRow)
			e.sBk.push(f)
		default:
			f.LocalGet(b)
			e.sBk.push(f)
		}
		f.Op(wasm.OpI32Add)
		f.LocalSet(b)
	}
	kk := f.NewLocal(wasm.I32)
	f.LocalGet(t.kc)
	f.LocalSet(kk)
	loopK := func(u int) {
		f.Block(wasm.BlockEmpty)
		f.Loop(wasm.BlockEmpty)
		f.LocalGet(kk)
		f.I32Const(int32(u))
		f.Op(wasm.OpI32LtU)
		f.BrIf(1)
		if e.cfg.touch && u > 1 {
			// Check the group's highest addresses first: wazero then
			// skips the checks of every lower offset in the group.
			// (B rows from the descriptor have a pointer each: nothing
			// to share.)
			if !dynB {
				hb := uint32(int32(u-1) * e.sBk.c)
				if !scalar {
					hb += uint32((cols - 1) * 16)
				}
				f.LocalGet(b)
				if scalar {
					f.Mem(e.sload, hb)
				} else {
					f.Mem(wasm.OpV128Load, hb)
				}
				f.Op(wasm.OpDrop)
			}
			for r := mr - 1; r >= 0; r-- {
				if r > 0 && aRow[r] == a {
					continue
				}
				f.LocalGet(aRow[r])
				off := aOff[r]
				if r == 0 {
					off = aOff[mr-1]
				}
				f.Mem(wasm.OpI32Load, off+uint32(int32(u-1)*e.sAk.c))
				f.Op(wasm.OpDrop)
			}
		}
		for x := range u {
			step(x)
		}
		advance(int32(u))
		f.LocalGet(kk)
		f.I32Const(int32(u))
		f.Op(wasm.OpI32Sub)
		f.LocalSet(kk)
		f.Br(0)
		f.End()
		f.End()
	}
	if e.ku > 1 {
		if e.cfg.splat&2 != 0 && e.ku == 4 && !scalar && e.es == 4 && e.sAk.isConst && e.sAk.c == 4 {
			rowv = make([]uint32, mr)
			for r := range rowv {
				rowv[r] = f.NewLocal(wasm.V128)
			}
		}
		loopK(e.ku)
		rowv = nil
	}
	loopK(1)
	// Store the tile.
	for r := mr - 1; r >= 0; r-- {
		for v := cols - 1; v >= 0; v-- {
			f.LocalGet(cRow[r])
			f.LocalGet(acc[r][v])
			if scalar {
				f.Mem(e.sstore, cOff[r])
			} else {
				f.Mem(wasm.OpV128Store, cOff[r]+uint32(v)*16)
			}
		}
	}
}

// rowFMA emits acc[v] += a·b[v] (or b[v]·a) for one row of a tile: a
// multiply and an add, or one relaxed_madd for vectors when the options
// ask for it.
func (e *mmGen) rowFMA(acc []uint32, a uint32, b []uint32, scalar bool) {
	f := e.f
	for v := range b {
		x, y := a, b[v]
		if !e.mm.aFirst != (e.cfg.splat&1 != 0) {
			x, y = y, x
		}
		if !scalar && e.vmadd != 0 {
			f.LocalGet(x)
			f.LocalGet(y)
			f.LocalGet(acc[v])
			f.Op(e.vmadd)
			f.LocalSet(acc[v])
			continue
		}
		f.LocalGet(acc[v])
		f.LocalGet(x)
		f.LocalGet(y)
		if scalar {
			f.Op(e.smul, e.sadd)
		} else {
			f.Op(e.vmul, e.vadd)
		}
		f.LocalSet(acc[v])
	}
}
