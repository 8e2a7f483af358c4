package loopir

import (
	"fmt"
	"slices"

	"github.com/sandjit/sandjit/memref"
)

// ComplexView names a way of seeing a complex buffer as real elements
// (one view buffer of each kind per complex buffer, made by the lowering).
type ComplexView int

// The complex views.
const (
	PartsView ComplexView = iota // the part type with a trailing axis of 2: element, part
	FlatView                     // the part type, the last axis twice as long: its pairs end to end
	UnitView                     // complex<f32> elements as 8-byte integers, the same dims
)

// ComplexBuilder is what Complexify asks of the lowering: buffers and
// parameters the loop IR cannot make itself.
type ComplexBuilder interface {
	// View is the view of kind k of complex buffer buf.
	View(buf int, k ComplexView) int
	// Twice is a loop extent twice s; TwiceParam a parameter twice
	// parameter p.
	Twice(s Size) Size
	TwiceParam(p int) int
}

// Complexify rewrites nest n, whose loads, stores, selects, additions,
// subtractions, negations and zero constants may be of complex type (a
// partwise op's lowering), into a nest of real instructions; a nest with
// no complex instruction is left alone, bit for bit. A nest that only
// loads, stores, selects and zeros complex<f32> moves each element as one
// 8-byte integer (UnitView). Otherwise the complex instructions take the
// part type (selects, sums, negations and zeros then compute part by
// part) and complex accesses go through views as parts: when every one
// indexes its last axis with the nest's innermost loop, unscaled, and
// nothing else moves with that loop, the loop runs twice as far over the
// parts laid end to end (FlatView, offsets on that axis doubled: one
// contiguous run, as a real copy); else the nest gains an innermost loop
// of extent 2 over the parts (PartsView), so an element's two parts move
// as one run. Any other complex instruction panics with BUG.
func Complexify(n *Nest, b ComplexBuilder) {
	var cx []*Instr
	moves := true
	for _, in := range n.Body {
		if !in.Type.IsComplex() {
			continue
		}
		switch in.Op {
		case OpLoad, OpStore, OpSelect:
		case OpAdd, OpSub, OpNeg:
			moves = false
		default:
			if in.Op != OpConst || in.Bits != 0 {
				panic(fmt.Sprintf("BUG: complexify: a complex %s in '%s'", in.Op, n.Name))
			}
		}
		moves = moves && in.Type == memref.Complex64
		cx = append(cx, in)
	}
	if len(cx) == 0 {
		return
	}
	view, l := PartsView, len(n.Loops)-1
	switch {
	case moves:
		view = UnitView
	case runs(n, l):
		view, n.Loops[l].Extent = FlatView, b.Twice(n.Loops[l].Extent)
	default:
		l++
		n.Loops = append(n.Loops, Loop{Extent: Static(2)})
	}
	for _, in := range cx {
		if in.Type = in.Type.ComplexPart(); view == UnitView {
			in.Type = memref.Int64
		}
		if in.Acc == nil {
			continue
		}
		a := *in.Acc
		a.Buf, a.Idx = b.View(a.Buf, view), slices.Clone(a.Idx)
		switch view {
		case PartsView:
			a.Idx = append(a.Idx, Index{Loop: l})
		case FlatView:
			x := &a.Idx[len(a.Idx)-1]
			if x.Off *= 2; x.OffParam > 0 {
				x.OffParam = 1 + b.TwiceParam(x.OffParam-1)
			}
		}
		in.Acc = &a
	}
}

// runs reports whether every complex access of n indexes its last axis
// with loop l plainly (unscaled, offsets at most) and nothing else in n
// moves with l.
func runs(n *Nest, l int) bool {
	for _, in := range n.Body {
		cx := in.Type.IsComplex() && in.Acc != nil
		if l < 0 || in.Op == OpIndex && in.Loop == l || cx && len(in.Acc.Idx) == 0 {
			return false
		}
		for k := 0; in.Acc != nil && k < len(in.Acc.Idx); k++ {
			x := in.Acc.Idx[k]
			if cx && k == len(in.Acc.Idx)-1 {
				if x.Loop != l || x.Coef() != 1 || len(x.More) != 0 || x.Dyn != 0 || x.Bcast != BcastNone {
					return false
				}
			} else if slices.ContainsFunc(x.Terms(), func(t Term) bool { return t.Loop == l && t.Coef != 0 }) {
				return false
			}
		}
	}
	return l >= 0
}
