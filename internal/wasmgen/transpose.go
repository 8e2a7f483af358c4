package wasmgen

import (
	"slices"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/wasm"
)

// A specialised emitter for transposes. The generic code generator runs
// `out[…, r, c] = in[…, c, r]` four iterations at a time lane by lane
// (the load is strided in the innermost loop): a bounds check, a scalar
// load and a lane insert per element. transposeFunc copies 8×8 blocks
// instead, element by element with plain scalar loads and stores (the copy
// is bitwise, any element type), each output row of a block written in
// full, every row of the block (input and output) through a pointer of its
// own, each row's highest address first so that wazero checks it once.
// Static strides would allow one pointer per operand with constant offsets
// and two bounds checks per block, but that form ran half as fast on a
// 2-core AMD EPYC (AVX-512) VM: best of 30 calls of 1024² f32 under wazero
// (go test ./internal/wasmgen -run '^$' -bench BenchmarkTranspose, best-ms, before
// and after the change), 0.98–1.04 ms with constant offsets against
// 0.45–0.54 ms with a pointer per row, which dynamic strides already had.
// The blocks go down the output's columns first (for
// each 8 input rows, every block along them): a block reads half of each
// of its 8 input cache lines, and the next block the other half while
// they are still in L1. wazero lowers i8x16.shuffle to two pshufb with
// constant masks each, so an in-register 4×4 transpose (eight shuffles)
// costs more than the sixteen scalar moves it replaces.

// trBlock is the block size (elements), in both directions.
//
// Measured under wazero on K8 (1024² f32, RunInArena, medians, three
// interleaved rounds on a 2-vCPU Zen 3 VM; trBlock and the order edited,
// then go test ./internal/wasmgen -run '^$' -bench BenchmarkTranspose): 8×8 blocks in the order above
// 1.45–2.10 ms against 3.04–3.78 ms for the earlier 8×8 blocks in 32×32
// tiles taken along the output's rows; 16×16 blocks 2.0–3.2 ms, and 8×8
// blocks grouped in tiles of 16 or 64 1.5–3.3 ms. With N = 1024 a column
// of the input is 4 KiB apart, so every line a tile's column touches maps
// to one L1 set (8 ways on Zen 3): more than 8 rows in flight evict each
// other. The C peer's best tiling (sandjit bench --native, K8) is 8×8
// written row by row in the same order.
const trBlock = 8

// transposeNest is a matched transpose nest.
type transposeNest struct {
	ld, st *loopir.Instr
	r, c   int   // the loops the load and the store are contiguous in
	batch  []int // the other loops, outermost first
	es     int   // element bytes
}

// matchTranspose recognises a pure copy whose load is contiguous in a
// loop r and whose store is contiguous in another loop c, the load moving
// with c and the store with r: `out[…, r, c] = in[…, c, r]` with any batch
// loops (any order and strides). The store writes every element once (each
// axis one loop or 0, every loop once) and shares no memory with the load;
// all loops are parallel.
func matchTranspose(n *loopir.Nest, p *loopir.Program) (*transposeNest, bool) {
	L := len(n.Loops)
	if len(n.Body) != 2 {
		return nil, false
	}
	for _, l := range n.Loops {
		if l.Kind != loopir.Parallel {
			return nil, false
		}
	}
	ld, st := n.Body[0], n.Body[1]
	if ld.Op != loopir.OpLoad || st.Op != loopir.OpStore || len(st.Args) != 1 || st.Args[0] != 0 || ld.Type != st.Type {
		return nil, false
	}
	for _, a := range []*loopir.Access{ld.Acc, st.Acc} {
		if a.Fault != 0 || a.DynArgs() != 0 {
			return nil, false
		}
	}
	es, lda, sta := ld.Type.Size(), ld.Acc, st.Acc
	if es == 8 && pairLoop(n, lda, sta) { // the two parts of a complex<f64> element: one 16-byte element
		L, es = L-1, 16
		lda = &loopir.Access{Buf: lda.Buf, Idx: lda.Idx[:len(lda.Idx)-1]}
		sta = &loopir.Access{Buf: sta.Buf, Idx: sta.Idx[:len(sta.Idx)-1]}
	}
	switch es {
	case 1, 2, 4, 8, 16:
	default:
		return nil, false
	}
	if L < 2 {
		return nil, false
	}
	r, c := -1, -1
	for l := range L {
		if lda.ContiguousIn(l) {
			if r >= 0 {
				return nil, false
			}
			r = l
		}
		if sta.ContiguousIn(l) {
			if c >= 0 {
				return nil, false
			}
			c = l
		}
	}
	if r < 0 || c < 0 || r == c || !lda.Uses(c) || !sta.Uses(r) {
		return nil, false
	}
	seen := make([]bool, L)
	for _, ix := range sta.Idx {
		if ix.Loop < 0 {
			if ix.Off != 0 || ix.OffParam != 0 || len(ix.More) != 0 {
				return nil, false
			}
			continue
		}
		if !ix.Simple() || ix.Bcast != loopir.BcastNone || seen[ix.Loop] {
			return nil, false
		}
		seen[ix.Loop] = true
	}
	tr := &transposeNest{ld: ld, st: st, r: r, c: c, es: es}
	for l := range L {
		if !seen[l] {
			return nil, false
		}
		if l != r && l != c {
			tr.batch = append(tr.batch, l)
		}
	}
	if p.Root(ld.Acc.Buf) == p.Root(st.Acc.Buf) {
		return nil, false
	}
	return tr, true
}

// pairLoop reports whether n's innermost loop runs over the two parts of
// complex elements (lower's complexify): extent 2, not split, the last
// index of both accesses and nothing else.
func pairLoop(n *loopir.Nest, accs ...*loopir.Access) bool {
	P := len(n.Loops) - 1
	if P < 1 || n.Part == P || n.Loops[P].Extent != loopir.Static(2) {
		return false
	}
	for _, a := range accs {
		if len(a.Idx) == 0 {
			return false
		}
		for k, ix := range a.Idx {
			if k == len(a.Idx)-1 {
				if ix.Loop != P || !ix.Simple() || ix.Bcast != loopir.BcastNone {
					return false
				}
			} else if slices.ContainsFunc(ix.Terms(), func(t loopir.Term) bool { return t.Loop == P }) {
				return false
			}
		}
	}
	return true
}

// trGen emits one transpose nest.
type trGen struct {
	ng       *nestGen
	f        *wasm.Func
	tr       *transposeNest
	in, out  *access
	sIc, sOr iv // byte strides: the input along c, the output along r
	load     wasm.Opcode
	store    wasm.Opcode
}

// transposeFunc emits nest_k's body for a matched transpose (after the
// ABI check): the status 0 is left on the stack.
func (g *gen) transposeFunc(f *wasm.Func, n *loopir.Nest, tr *transposeNest) error {
	ng := &nestGen{g: g, f: f, n: n, lo: 1, hi: 2, unroll: 1}
	if err := ng.prologue(); err != nil {
		return err
	}
	e := &trGen{ng: ng, f: f, tr: tr, in: ng.of[tr.ld], out: ng.of[tr.st]}
	e.sIc, e.sOr = e.in.bs[tr.c], e.out.bs[tr.r]
	switch tr.es {
	case 1:
		e.load, e.store = wasm.OpI32Load8U, wasm.OpI32Store8
	case 2:
		e.load, e.store = wasm.OpI32Load16U, wasm.OpI32Store16
	case 4:
		e.load, e.store = wasm.OpI32Load, wasm.OpI32Store
	case 8:
		e.load, e.store = wasm.OpI64Load, wasm.OpI64Store
	default:
		e.load, e.store = wasm.OpV128Load, wasm.OpV128Store
	}
	e.batch(0, e.in.base, e.out.base)
	f.I32Const(0)
	return nil
}

// batch emits the batch loops from the k-th on, then the 2-D transpose.
func (e *trGen) batch(k int, pin, pout uint32) {
	if k == len(e.tr.batch) {
		e.plane(pin, pout)
		return
	}
	l := e.tr.batch[k]
	e.ng.batchLoop(l, []*access{e.in, e.out}, []uint32{pin, pout}, func(in []uint32) { e.batch(k+1, in[0], in[1]) })
}

// addr sets dst = base + x·stride (+ y·es when y is a local).
func (e *trGen) addr(dst, base, x uint32, stride iv, y uint32, hasY bool) {
	f := e.f
	f.LocalGet(base)
	f.LocalGet(x)
	stride.push(f)
	f.Op(wasm.OpI32Mul)
	f.Op(wasm.OpI32Add)
	if hasY {
		f.LocalGet(y)
		f.I32Const(int32(e.tr.es))
		f.Op(wasm.OpI32Mul)
		f.Op(wasm.OpI32Add)
	}
	f.LocalSet(dst)
}

// plane emits out[r, c] = in[c, r] over the (r, c) ranges in trBlock ×
// trBlock blocks, output columns outside and output rows inside, so that
// consecutive blocks read the two halves of the same input lines; the
// columns and rows left at the edges go one at a time.
func (e *trGen) plane(pin, pout uint32) {
	f := e.f
	r0, r1 := e.ng.rangeOf(e.tr.r)
	c0, c1 := e.ng.rangeOf(e.tr.c)
	r, c := f.NewLocal(wasm.I32), f.NewLocal(wasm.I32)
	rows := func(nc int) { // every row at column c, nc columns wide
		r0.push(f)
		f.LocalSet(r)
		forUp(f, r, r1, int32(trBlock), func() { e.block(pin, pout, r, c, trBlock, nc) })
		forUp(f, r, r1, 1, func() { e.block(pin, pout, r, c, 1, nc) })
	}
	c0.push(f)
	f.LocalSet(c)
	forUp(f, c, c1, int32(trBlock), func() { rows(trBlock) })
	forUp(f, c, c1, 1, func() { rows(1) })
}

// block copies the nr × nc block at (r, c): out[r+p, c+q] = in[c+q, r+p],
// the highest addresses first, through one pointer per row of each
// operand, static strides too (see the file comment).
func (e *trGen) block(pin, pout, r, c uint32, nr, nc int) {
	f, es := e.f, uint32(e.tr.es)
	// in row q (c+q) at column r; out row p (r+p) at column c
	inBase, outBase := f.NewLocal(wasm.I32), f.NewLocal(wasm.I32)
	e.addr(inBase, pin, c, e.sIc, r, true)
	e.addr(outBase, pout, r, e.sOr, c, true)
	rows := func(base uint32, stride iv, n int) []uint32 {
		ptr := make([]uint32, n)
		ptr[0] = base
		for q := 1; q < n; q++ {
			ptr[q] = f.NewLocal(wasm.I32)
			f.LocalGet(ptr[q-1])
			stride.push(f)
			f.Op(wasm.OpI32Add)
			f.LocalSet(ptr[q])
		}
		return ptr
	}
	inPtr := rows(inBase, e.sIc, nc)
	outPtr := rows(outBase, e.sOr, nr)
	for p := nr - 1; p >= 0; p-- {
		for q := nc - 1; q >= 0; q-- {
			f.LocalGet(outPtr[p])
			f.LocalGet(inPtr[q])
			f.Mem(e.load, uint32(p)*es)
			f.Mem(e.store, uint32(q)*es)
		}
	}
}
