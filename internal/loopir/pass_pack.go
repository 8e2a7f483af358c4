package loopir

import "slices"

// NoValue is the Value of a buffer a pass made: its dims are all static,
// and they are its run-time shape.
const NoValue = -1

// packPanelBytes is the width of the column panels PackMatmul copies B
// into: one cache line, which is also the width of the code generator's
// matmul tile (wasmgen's mmConfigs: four vectors, 16 f32 or 8 f64).
const packPanelBytes = 64

// packMinRows is the fewest rows of A (the i loop's extent) a product
// needs to be packed. Packing reads and writes B once more, about one
// unit of work per element of B, which the product repays by reading
// each packed panel once per row pair: at 128 rows the copy is a few
// per cent of the product's work, about what packing gained on K7.
const packMinRows = 128

// PackMatmul gives each matrix product B in packed column panels: for the
// product nest
//
//	for batch…, i, k (reduce), j:  C[…, i, j] += A[…, i, k] · B[k, j]
//
// it adds, before it, a nest copying B into a temporary Bp[N/w, K, w] (w
// elements make packPanelBytes), Bp[jp, k, jj] = B[k, w·jp + jj], and
// rewrites the product as
//
//	for batch…, jp, i, k (reduce), jj:  Cv[…, i, jp, jj] += A[…, i, k] · Bp[jp, k, jj]
//
// where Cv is a view of C with its last axis split in panels. Each output
// element sums the same products in the same order (k ascending), so the
// results are bit for bit the same; only the layout of B changes. The
// matmul kernel walks a panel down the rows with k innermost, and a
// panel's k steps are now consecutive 64-byte lines instead of one line
// every row of B (2 KiB apart at N = 512, all in a few L1 sets). K7 (512³
// f32, wazero) measured 22.15 → 20.87 ms (medians of six alternated
// rounds, faster in each: go test ./internal/wasmgen -run '^$' -bench
// MatmulPacked -count 6): about 6%.
//
// Only products whose j, k and i extents are static (a specialised
// kernel), whose B has no batch axes, is of the product's type and is
// contiguous in j, whose N is a multiple of w (at least two panels) and
// whose A has at least packMinRows rows are packed; anything else is left
// as it is.
func PackMatmul(p *Program) {
	for k := 0; k < len(p.Nests); k++ {
		if pack := packMatmul(p, p.Nests[k]); pack != nil {
			p.Nests = slices.Insert(p.Nests, k, pack)
			k++
		}
	}
}

// packMatmul rewrites product nest n as PackMatmul says and returns the
// packing nest to run before it, or returns nil and leaves n alone.
func packMatmul(p *Program, n *Nest) *Nest {
	pr, ok := p.MatchProduct(n)
	if !ok {
		return nil
	}
	dt, nb, A, B, C := pr.DType, pr.Batch, pr.A, pr.B, pr.C
	iL, kL, jL := nb, nb+1, nb+2
	ext := func(l int) (int, bool) {
		e := n.Loops[l].Extent
		return e.N, e.Kind == SizeStatic
	}
	rows, ok1 := ext(iL)
	K, ok2 := ext(kL)
	N, ok3 := ext(jL)
	w := packPanelBytes / dt.Size()
	if !ok1 || !ok2 || !ok3 || rows < packMinRows || K < 1 || N%w != 0 || N/w < 2 {
		return nil
	}
	bb, cb := p.Buffers[B.Acc.Buf], p.Buffers[C.Acc.Buf]
	if bb.DType != dt {
		return nil
	}
	// B: k and j once each, as plain indices, every other axis 0
	// (MatchProduct has B contiguous in j and not using i).
	for _, x := range B.Acc.Idx {
		switch {
		case x.Loop < 0 && len(x.More) == 0:
			if x.Off != 0 || x.OffParam != 0 {
				return nil
			}
		case x.Loop == kL || x.Loop == jL:
			if !x.Simple() || x.Bcast != BcastNone {
				return nil
			}
		default:
			return nil
		}
	}
	// C (its axes plain loops, j last, by MatchProduct): static dims, the
	// view's.
	last := len(C.Acc.Idx) - 1
	for _, d := range cb.Dims {
		if d == Dynamic {
			return nil
		}
	}
	if cb.Dims[last] != N {
		return nil
	}

	packed := &Buffer{ID: len(p.Buffers), Name: bb.Name + ".panels", Kind: Temp, DType: dt,
		Dims: []int{N / w, K, w}, Value: NoValue}
	viewDims := append(slices.Clone(cb.Dims[:last]), N/w, w)
	view := &Buffer{ID: len(p.Buffers) + 1, Name: cb.Name + ".panels", Kind: View, DType: cb.DType,
		Dims: viewDims, Base: p.Root(C.Acc.Buf), Value: NoValue}
	p.Buffers = append(p.Buffers, packed, view)

	// The packing nest: Bp[jp, k, jj] = B[…, k, w·jp + jj].
	pack := &Nest{Name: "PackPanels", Part: 0, Src: slices.Clone(n.Src),
		Loops: []Loop{{Extent: Static(N / w)}, {Extent: Static(K)}, {Extent: Static(w)}}}
	src := &Access{Buf: B.Acc.Buf, Idx: slices.Clone(B.Acc.Idx)}
	for a, x := range src.Idx {
		switch x.Loop {
		case kL:
			src.Idx[a] = Index{Loop: 1}
		case jL:
			src.Idx[a] = Index{Loop: 2, More: []Term{{Loop: 0, Coef: w}}}
		}
	}
	v := pack.Load(dt, src)
	pack.Store(dt, &Access{Buf: packed.ID, Idx: []Index{{Loop: 0}, {Loop: 1}, {Loop: 2}}}, v)

	// The product over panels: loops batch…, jp, i, k, jj.
	remap := func(x Index) Index {
		if x.Loop >= nb {
			x.Loop++
		}
		if len(x.More) > 0 {
			x.More = slices.Clone(x.More)
			for t := range x.More {
				if x.More[t].Loop >= nb {
					x.More[t].Loop++
				}
			}
		}
		return x
	}
	aIdx := make([]Index, len(A.Acc.Idx))
	for a, x := range A.Acc.Idx {
		aIdx[a] = remap(x)
	}
	A.Acc = &Access{Buf: A.Acc.Buf, Idx: aIdx}
	B.Acc = &Access{Buf: packed.ID, Idx: []Index{{Loop: nb}, {Loop: kL + 1}, {Loop: jL + 1}}}
	cIdx := make([]Index, 0, last+2)
	for _, x := range C.Acc.Idx[:last] {
		cIdx = append(cIdx, remap(x))
	}
	C.Acc = &Access{Buf: view.ID, Idx: append(cIdx, Index{Loop: nb}, Index{Loop: jL + 1})}
	loops := slices.Clone(n.Loops[:nb])
	loops = append(loops, Loop{Extent: Static(N / w)}, n.Loops[iL], n.Loops[kL], Loop{Extent: Static(w)})
	n.Loops = loops
	if n.Part >= nb {
		n.Part++
	}
	return pack
}
