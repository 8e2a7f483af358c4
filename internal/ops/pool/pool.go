// Package pool defines the windowed ops of networks outside the compiler's
// core families: max and average pooling in 2-D (NHWC) and 3-D (NDHWC),
// the depthwise 2-D convolution and the 3-D convolution. Each is an
// opkit.Def; package lower adds Ops to its registry.
//
// All of them are one reduction nest over the output and the window,
// channels innermost (contiguous in the input, the filter and the result,
// so the nest vectorizes along them), reading a padded copy of the input
// when the padding is not statically none (opkit.PaddedCopy); the window
// arithmetic is shape.Window's, which lower's 2-D convolution shares.
package pool

import (
	"fmt"
	"math"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/shape"
	"github.com/sandjit/sandjit/memref"
)

// Ops returns the family's ops.
func Ops() []*opkit.Def {
	return append(poolOps(), convOps()...)
}

// window is a checked op's window: its strides, dilations and padding,
// and for pools the window's size per spatial axis.
type window struct {
	w *shape.Window
	k []int // pools: ksize of the spatial axes
}

// dataFormat reads data_format: def (channels last) is the only one a
// CPU kernel takes; first (channels first) is TF's refusal cpuMsg.
func dataFormat(op *mlir.Op, def, first, cpuMsg string) string {
	f, m := opkit.AttrString(op, "data_format", def)
	switch {
	case m != "":
		return m
	case f == def:
		return ""
	case f == first:
		return cpuMsg
	}
	return fmt.Sprintf("Invalid data format %q (%s or %s)", f, def, first)
}

// operandTypes checks that the operands share their element type, one
// of ts (the registry does not check a family's types).
func operandTypes(in []mlir.TensorType, ts opkit.Types) string {
	for i, t := range in {
		if !ts.Has(t.Elem) {
			return fmt.Sprintf("operand #%d must be a tensor of %s values, but got %s", i, typeNames(ts), t)
		}
		if t.Elem != in[0].Elem {
			return fmt.Sprintf("requires the same element type for all operands, got %s and %s", in[0], t)
		}
	}
	return ""
}

// typeNames lists the element types of ts.
func typeNames(ts opkit.Types) string {
	s := ""
	for dt := memref.DType(0); dt < 16; dt++ {
		if dt.Valid() && ts.Has(dt) {
			if s != "" {
				s += ", "
			}
			s += dt.String()
		}
	}
	return s
}

// pads is the padding of x's axes ([N, spatial…, C]) for window dims
// f.k, or (f.k nil) the leading axes of filter w.
func pads(b opkit.Builder, f *window, x, w *mlir.Value) opkit.Pads {
	xt := b.Type(x)
	rank := len(xt.Dims)
	sp := rank - 2
	xid, wid := b.ValueID(x), -1
	static := f.k
	if static == nil {
		wid, static = b.ValueID(w), b.Type(w).Dims[:sp]
	}
	p := opkit.Pads{Before: make([]int, rank), After: make([]int, rank)}
	for a := 0; a < sp; a++ {
		_, p.Before[1+a], p.After[1+a], _ = f.w.Axis(a, xt.Dims[1+a], static[a])
	}
	p.At = func(hs *shape.HostState) (bf, af []int) {
		bf, af = make([]int, rank), make([]int, rank)
		k := f.k
		if k == nil {
			k = hs.Shapes[wid][:sp]
		}
		for a := 0; a < sp; a++ {
			_, bf[1+a], af[1+a], _ = f.w.Axis(a, hs.Shapes[xid][1+a], k[a])
		}
		return bf, af
	}
	return p
}

// input is how a window nest reads x: from a padded copy whose padding
// holds fill (bits in the compute type), or from x itself when the
// padding is statically none. idx is in the padded coordinates.
func input(b opkit.Builder, op *mlir.Op, x *mlir.Value, res *mlir.Value, p opkit.Pads, fill uint64) func(n *loopir.Nest, idx []loopir.Index) int {
	if !p.Padded() {
		return func(n *loopir.Nest, idx []loopir.Index) int { return b.Load(n, x, idx) }
	}
	src, _ := opkit.PaddedCopy(b, op, x, res.String()+".padded_input", fill, p)
	dt := b.Type(x).Elem
	return func(n *loopir.Nest, idx []loopir.Index) int { return b.LoadBuf(n, src, dt, idx, 0) }
}

// lowest is the bits of -Inf (floats) or the type's minimum (ints) in
// compute type ct: what pads a max pool's input.
func lowest(ct memref.DType) uint64 {
	switch ct {
	case memref.Float32:
		return uint64(math.Float32bits(float32(math.Inf(-1))))
	case memref.Float64:
		return math.Float64bits(math.Inf(-1))
	}
	if ct.IsSigned() {
		return ^uint64(0) << (8*ct.Size() - 1) // the minimum, sign-extended
	}
	return 0
}

// windowNest starts a nest with loops n, the output's spatial axes
// (parallel), the window's spatial axes (reduce, extents k) and then
// inner, and returns it with the loop numbers of the output axes, the
// window axes and the inner loops. The engine splits it at the first
// spatial output loop.
func windowNest(b opkit.Builder, op *mlir.Op, out []loopir.Size, k []loopir.Size, inner ...loopir.Loop) (n *loopir.Nest, lo, lk, li []int) {
	var loops []loopir.Loop
	add := func(l loopir.Loop) int {
		loops = append(loops, l)
		return len(loops) - 1
	}
	for _, e := range out {
		lo = append(lo, add(loopir.Loop{Extent: e}))
	}
	for _, e := range k {
		lk = append(lk, add(loopir.Loop{Extent: e, Kind: loopir.Reduce}))
	}
	for _, l := range inner {
		li = append(li, add(l))
	}
	n = b.Nest(op)
	n.Loops, n.Part = loops, 1
	return n, lo, lk, li
}

// tap is the index of spatial axis a of the (padded) input at output
// loop lo and window loop lk: lo·stride + lk·dilation.
func (f *window) tap(a, lo, lk int) loopir.Index {
	return loopir.Index{Loop: lo, Step: f.w.Strides[a], More: []loopir.Term{{Loop: lk, Coef: f.w.Dilations[a]}}}
}
