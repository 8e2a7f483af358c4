package loopir

import "slices"

// WritesWhole reports whether the program stores every element of buffer
// b before anything reads it, so that the host may hand b memory holding
// stale bytes (of the same arena: see memref.Arena.AllocDirty). It is
// conservative: b is not a view and has none; the first nest that touches
// b (directly) does not read it and stores it at the identity index of
// its own loops — one loop per axis, in order, unscaled, without offsets,
// broadcasts or dynamic parts — whose extents are b's sizes (the same
// static size, b's own run-time size, or a parameter whose Dim is that
// axis of b's Value). Every point of a nest's
// iteration space runs exactly once, whatever its loops' kinds, so such a
// store writes all of b. A program with control flow runs its nests in
// segments the host chooses; the caller must ask only of straight-line
// programs.
func (p *Program) WritesWhole(b int) bool {
	buf := p.Buffers[b]
	if buf.Kind == View {
		return false
	}
	for _, o := range p.Buffers {
		if o.Kind == View && o.Base == b {
			return false
		}
	}
	for _, n := range p.Nests {
		touches, reads, covers := false, false, false
		for _, in := range n.Body {
			if in.Acc == nil || in.Acc.Buf != b {
				continue
			}
			touches = true
			switch in.Op {
			case OpLoad, OpAccum:
				reads = true
			case OpStore:
				covers = covers || p.storesWhole(n, in.Acc, buf, b)
			}
		}
		if touches {
			return covers && !reads
		}
	}
	return false
}

// storesWhole reports whether acc, in nest n, addresses every element of
// buf exactly as the nest's loops run.
func (p *Program) storesWhole(n *Nest, acc *Access, buf *Buffer, b int) bool {
	if len(acc.Idx) != buf.Rank() || len(n.Loops) != buf.Rank() || acc.Fault != 0 {
		return false
	}
	for k, x := range acc.Idx {
		if x.Loop != k || !x.Simple() || x.Bcast != BcastNone || x.Dyn != 0 {
			return false
		}
		e := n.Loops[k].Extent
		switch {
		case e.Kind == SizeStatic && buf.Dims[k] == e.N:
		case e.Kind == SizeDim && e.Buf == b && e.Axis == k:
		case e.Kind == SizeParam && p.paramIsDim(e.N, buf, k):
		default:
			return false
		}
	}
	return true
}

// paramIsDim reports whether parameter i is, by its Dim, the run-time size
// of axis k of buf.
func (p *Program) paramIsDim(i int, buf *Buffer, k int) bool {
	if i < 0 || i >= len(p.Params) || buf.Value == NoValue || slices.Contains(buf.Ones, k) {
		return false
	}
	d := p.Params[i].Dim
	return d != nil && d.Value == buf.Value && d.Axis == k
}
