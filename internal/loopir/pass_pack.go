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
// Products whose B has no batch axes, is of the product's type and is
// contiguous in j are packed. With static i, k and j extents (a
// specialised kernel) the pass decides: N a multiple of w with at least
// two panels and at least packMinRows rows of A, or the product is left
// as it is. With run-time extents the run decides, by the same test
// (PanelGate, evaluated by the host with the buffers' shapes): the
// panels and the packed product are laid out with shapes Derived from
// the run's sizes, the general product follows them through a view of C
// whose rows are 0 when the test passes, and the panels have no elements
// when it fails; either way one of the two products runs no point. A
// static extent that already fails the test (N not a multiple of w, too
// few rows) leaves the product as it is.
func PackMatmul(p *Program) {
	for k := 0; k < len(p.Nests); k++ {
		pack, general := packMatmul(p, p.Nests[k])
		if pack == nil {
			continue
		}
		p.Nests = slices.Insert(p.Nests, k, pack)
		k++
		if general != nil {
			p.Nests = slices.Insert(p.Nests, k+1, general)
			k++
		}
	}
}

// packMatmul rewrites product nest n as PackMatmul says and returns the
// packing nest to run before it and, for run-time extents, the general
// product to run after it; or returns nils and leaves n alone.
func packMatmul(p *Program, n *Nest) (pack, general *Nest) {
	pr, ok := p.MatchProduct(n)
	if !ok {
		return nil, nil
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
	static := ok1 && ok2 && ok3
	if (ok1 && rows < packMinRows) || (ok2 && K < 1) || (ok3 && (N%w != 0 || N/w < 2)) {
		return nil, nil
	}
	bb, cb := p.Buffers[B.Acc.Buf], p.Buffers[C.Acc.Buf]
	if bb.DType != dt {
		return nil, nil
	}
	// B: k and j once each, as plain indices, every other axis 0
	// (MatchProduct has B contiguous in j and not using i).
	for _, x := range B.Acc.Idx {
		switch {
		case x.Loop < 0 && len(x.More) == 0:
			if x.Off != 0 || x.OffParam != 0 {
				return nil, nil
			}
		case x.Loop == kL || x.Loop == jL:
			if !x.Simple() || x.Bcast != BcastNone {
				return nil, nil
			}
		default:
			return nil, nil
		}
	}
	// C (its axes plain loops, j last, by MatchProduct): static dims, the
	// view's, unless the run decides.
	last := len(C.Acc.Idx) - 1
	if static {
		for _, d := range cb.Dims {
			if d == Dynamic {
				return nil, nil
			}
		}
		if cb.Dims[last] != N {
			return nil, nil
		}
	}

	packed := &Buffer{ID: len(p.Buffers), Name: bb.Name + ".panels", Kind: Temp, DType: dt,
		Dims: []int{N / w, K, w}, Value: NoValue}
	viewDims := append(slices.Clone(cb.Dims[:last]), N/w, w)
	view := &Buffer{ID: len(p.Buffers) + 1, Name: cb.Name + ".panels", Kind: View, DType: cb.DType,
		Dims: viewDims, Base: p.Root(C.Acc.Buf), Value: NoValue}
	for !static {
		// The test is known to pass when rows and columns are static
		// (they passed it above) and C's last axis is the j extent.
		var gate *PanelGate
		if !ok1 || !ok3 || cb.Dims[last] != N {
			gate = &PanelGate{Rows: n.Loops[iL].Extent, Cols: n.Loops[jL].Extent, Span: DimOf(C.Acc.Buf, last), Width: w, MinRows: packMinRows}
		}
		kDim := K
		if !ok2 {
			kDim = Dynamic
		}
		packed.Dims = []int{N / w, kDim, w}
		if gate != nil || !ok3 {
			packed.Dims[0] = Dynamic
		}
		packed.Derived = &Derived{Gate: gate, Dims: []DerivedDim{{Size: n.Loops[jL].Extent, Div: w},
			{Size: n.Loops[kL].Extent}, {Size: Static(w)}}}
		cDims := func() []DerivedDim {
			var out []DerivedDim
			for a, d := range cb.Dims {
				if d == Dynamic {
					out = append(out, DerivedDim{Size: DimOf(C.Acc.Buf, a)})
				} else {
					out = append(out, DerivedDim{Size: Static(d)})
				}
			}
			return out
		}
		view.Dims[last] = N / w
		if !ok3 {
			view.Dims[last] = Dynamic
		}
		view.Derived = &Derived{Dims: append(cDims()[:last], DerivedDim{Size: n.Loops[jL].Extent, Div: w}, DerivedDim{Size: Static(w)})}
		if gate == nil {
			p.Buffers = append(p.Buffers, packed, view)
			break
		}
		// The general product writes C through a view whose row axis is
		// 0 when the panels are used.
		rowAxis := slices.IndexFunc(C.Acc.Idx, func(x Index) bool { return x.Loop == iL })
		not := *gate
		not.Not = true
		cu := &Buffer{ID: len(p.Buffers) + 2, Name: cb.Name + ".general", Kind: View, DType: cb.DType,
			Dims: slices.Clone(cb.Dims), Base: p.Root(C.Acc.Buf), Value: NoValue, Derived: &Derived{Dims: cDims(), Gate: &not}}
		cu.Dims[rowAxis] = Dynamic
		general = &Nest{Name: n.Name, Part: n.Part, Src: slices.Clone(n.Src), Loops: slices.Clone(n.Loops)}
		general.Loops[iL].Extent = DimOf(cu.ID, rowAxis)
		for _, in := range n.Body {
			in = in.Clone()
			if in.Op == OpAccum {
				in.Acc.Buf = cu.ID
			}
			general.Body = append(general.Body, in)
		}
		p.Buffers = append(p.Buffers, packed, view, cu)
		break
	}
	if static {
		p.Buffers = append(p.Buffers, packed, view)
	}
	packExt := []Loop{{Extent: Static(N / w)}, {Extent: Static(K)}, {Extent: Static(w)}}
	if !static {
		packExt[0].Extent = DimOf(packed.ID, 0)
		if !ok2 {
			packExt[1].Extent = DimOf(packed.ID, 1)
		}
	}

	// The packing nest: Bp[jp, k, jj] = B[…, k, w·jp + jj].
	pack = &Nest{Name: "PackPanels", Part: 0, Src: slices.Clone(n.Src), Loops: packExt}
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
	loops = append(loops, Loop{Extent: packExt[0].Extent}, n.Loops[iL], n.Loops[kL], Loop{Extent: Static(w)})
	n.Loops = loops
	if n.Part >= nb {
		n.Part++
	}
	return pack, general
}
