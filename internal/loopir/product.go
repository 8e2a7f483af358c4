package loopir

import "github.com/sandjit/sandjit/memref"

// Product is a matched matrix-product nest (MatchProduct).
type Product struct {
	DType   memref.DType
	Batch   int    // batch loops 0…Batch-1; i = Batch, k = Batch+1, j = Batch+2
	A, B, C *Instr // load A, load B (the operand indexed by j), accumulation into C
	AFirst  bool   // the product is a·b (else b·a)
}

// MatchProduct recognises a matrix-product nest, as the lowering of
// the matrix products builds it: loops [parallel…, i
// parallel, k reduce, j parallel], body exactly load A (not indexed by j),
// load B (indexed by j contiguously, not by i), their product, and a sum
// accumulation into C indexed by every parallel loop once (j on its last
// axis), of f32 or f64; C shares no memory with A or B, and the split loop
// (if any) is a batch loop or i.
func (p *Program) MatchProduct(n *Nest) (Product, bool) {
	L := len(n.Loops)
	if L < 3 || len(n.Body) != 4 {
		return Product{}, false
	}
	nb := L - 3
	iL, kL, jL := nb, nb+1, nb+2
	for l, lp := range n.Loops {
		want := Parallel
		if l == kL {
			want = Reduce
		}
		if lp.Kind != want {
			return Product{}, false
		}
	}
	if n.Part >= kL {
		return Product{}, false
	}
	var loads []*Instr
	var mul, acc *Instr
	for _, in := range n.Body {
		switch in.Op {
		case OpLoad:
			loads = append(loads, in)
		case OpMul:
			if mul != nil {
				return Product{}, false
			}
			mul = in
		case OpAccum:
			if acc != nil {
				return Product{}, false
			}
			acc = in
		default:
			return Product{}, false
		}
	}
	if len(loads) != 2 || mul == nil || acc == nil {
		return Product{}, false
	}
	dt := acc.Type
	if dt != memref.Float32 && dt != memref.Float64 {
		return Product{}, false
	}
	for _, in := range n.Body {
		if in.Type != dt {
			return Product{}, false
		}
	}
	if acc.Red != RedSum || len(acc.Args) != 1 || n.Body[acc.Args[0]] != mul || len(mul.Args) != 2 {
		return Product{}, false
	}
	x, y := n.Body[mul.Args[0]], n.Body[mul.Args[1]]
	if x.Op != OpLoad || y.Op != OpLoad || x == y {
		return Product{}, false
	}
	// B is the operand indexed by j.
	aFirst := true
	if x.Acc.Uses(jL) {
		x, y, aFirst = y, x, false
	}
	A, B := x, y
	if A.Acc.Uses(jL) || B.Acc.Uses(iL) || !B.Acc.Uses(jL) {
		return Product{}, false
	}
	for _, a := range []*Access{A.Acc, B.Acc, acc.Acc} {
		if a.Fault != 0 {
			return Product{}, false
		}
		for _, ix := range a.Idx {
			if ix.Dyn != 0 {
				return Product{}, false
			}
		}
	}
	if !B.Acc.ContiguousIn(jL) || !acc.Acc.ContiguousIn(jL) {
		return Product{}, false
	}
	// C: each axis one parallel loop (or 0), every parallel loop once.
	seen := make([]bool, L)
	for _, ix := range acc.Acc.Idx {
		if ix.Loop < 0 {
			if ix.Off != 0 || ix.OffParam != 0 || len(ix.More) != 0 {
				return Product{}, false
			}
			continue
		}
		if !ix.Simple() || ix.Bcast != BcastNone || ix.Loop == kL || seen[ix.Loop] {
			return Product{}, false
		}
		seen[ix.Loop] = true
	}
	for l := range L {
		if l != kL && !seen[l] {
			return Product{}, false
		}
	}
	cb := p.Root(acc.Acc.Buf)
	if cb == p.Root(A.Acc.Buf) || cb == p.Root(B.Acc.Buf) {
		return Product{}, false
	}
	return Product{DType: dt, Batch: nb, A: A, B: B, C: acc, AFirst: aFirst}, true
}
