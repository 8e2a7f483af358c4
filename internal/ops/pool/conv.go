package pool

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/shape"
)

// The depthwise 2-D convolution (core/kernels/depthwise_conv_op.cc) and
// the 3-D convolution (conv_ops_3d.cc):
//
//	depthwise: out[n, oh, ow, c·M + m] = Σ x[n, oh·sh + kh·dh, ow·sw + kw·dw, c] · w[kh, kw, c, m]
//	Conv3D:    out[n, od, oh, ow, co] = Σ x[n, od·sd + kd·dd, …, ci] · w[kd, kh, kw, ci, co]
//
// with TF's padding placement (shape.Window). Products are summed in the
// compute type (f16 in f32, rounded once).

func convOps() []*opkit.Def {
	return []*opkit.Def{
		{Name: "tf.DepthwiseConv2dNative", Arity: 2, Types: opkit.Float, Tier: 3, Check: checkConv, Dims: dimsConv, Lower: lowerConv,
			Notes: "NHWC input, [h, w, in, multiplier] filter (NCHW rejected, as TF's CPU kernel); SAME, VALID, EXPLICIT; equal row and column strides; dilations",
			Doc:   "per-channel NHWC convolution: channel c·M + m is input channel c with filter[…, c, m]"},
		{Name: "tf.Conv3D", Arity: 2, Types: opkit.Float, Tier: 3, Check: checkConv, Dims: dimsConv, Lower: lowerConv,
			Notes: "NDHWC input, DHWIO filter (NCDHW rejected, as TF's CPU kernel); SAME or VALID; strides, dilations",
			Doc:   "NDHWC input * DHWIO filter: strides, padding SAME/VALID, dilations"},
	}
}

func isDepthwise(op *mlir.Op) bool { return op.Name == "tf.DepthwiseConv2dNative" }

func checkConv(_ opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	if m := operandTypes(in, opkit.Float); m != "" {
		return nil, m
	}
	rank := 5
	if isDepthwise(op) {
		rank = 4
	}
	if in[0].Rank() != rank {
		return nil, fmt.Sprintf("input must be %d-dimensional, got %s", rank, in[0])
	}
	if in[1].Rank() != rank {
		return nil, fmt.Sprintf("filter must be %d-dimensional, got %s", rank, in[1])
	}
	var m string
	if isDepthwise(op) {
		m = dataFormat(op, "NHWC", "NCHW", "Depthwise convolution on CPU is only supported for NHWC format")
	} else {
		m = dataFormat(op, "NDHWC", "NCDHW", "The Conv3D op currently only supports the NDHWC tensor format on the CPU. The op was given the format: NCDHW")
	}
	if m != "" {
		return nil, m
	}
	strides, m := opkit.AttrInts(op, "strides")
	if m != "" {
		return nil, m
	}
	var dil []int64
	if op.Attr("dilations") != nil {
		if dil, m = opkit.AttrInts(op, "dilations"); m != "" {
			return nil, m
		}
	}
	padding, m := opkit.AttrString(op, "padding", "")
	if m != "" {
		return nil, m
	}
	explicit, m := opkit.AttrInts(op, "explicit_paddings")
	if m != "" {
		return nil, m
	}
	w, m := shape.WindowAttrs(rank, "strides", strides, dil, padding, explicit, isDepthwise(op))
	if m != "" {
		return nil, m
	}
	if isDepthwise(op) && w.Strides[0] != w.Strides[1] {
		return nil, "Current implementation only supports equal length strides in the row and column dimensions."
	}
	return &window{w: w}, ""
}

func dimsConv(op *mlir.Op, f opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	x, w := in[0], in[1]
	r := len(x)
	if x[r-1] != mlir.Dynamic && w[r-2] != mlir.Dynamic && x[r-1] != w[r-2] {
		return nil, fmt.Sprintf("input and filter must have the same depth: %d vs %d", x[r-1], w[r-2])
	}
	c := w[r-1]
	if isDepthwise(op) {
		c = mlir.Dynamic
		if x[3] != mlir.Dynamic && w[3] != mlir.Dynamic {
			c = x[3] * w[3]
		}
	}
	return f.(*window).w.Out(x, w[:r-2], c)
}

// lowerConv is one reduction nest. Depthwise: loops (n, oh, ow, kh, kw,
// c, m), the result seen as [n, oh, ow, c, m] (no m loop when the
// multiplier is statically 1, so c is innermost). Conv3D: loops (n, od,
// oh, ow, kd, kh, kw, ci, co), co innermost.
func lowerConv(b opkit.Builder, op *mlir.Op, facts opkit.Facts, res *mlir.Value) {
	f := facts.(*window)
	x, w := op.Operands[0], op.Operands[1]
	rt, wt := b.Type(res), b.Type(w)
	rank := len(rt.Dims)
	sp := rank - 2
	dt := rt.Elem
	ct := opkit.ComputeType(dt)
	read := input(b, op, x, res, pads(b, f, x, w), 0)

	out := b.ResultBuffer(res)
	acc := out
	if ct != dt {
		acc = b.TempBuffer(res, ".acc", ct)
	}
	oe := []loopir.Size{b.Extent(res, 0)}
	var ke []loopir.Size
	for a := 0; a < sp; a++ {
		oe = append(oe, b.Extent(res, 1+a))
		ke = append(ke, b.Extent(w, a))
	}
	dw := isDepthwise(op)
	mult := !dw || wt.Dims[3] != 1 // a loop over the filter's last axis
	var inner []loopir.Loop
	if dw {
		inner = append(inner, loopir.Loop{Extent: b.Extent(x, 3)})
	} else {
		inner = append(inner, loopir.Loop{Extent: b.Extent(w, sp), Kind: loopir.Reduce})
	}
	if mult {
		inner = append(inner, loopir.Loop{Extent: b.Extent(w, sp+1)})
	}
	accView := acc
	if dw && mult {
		xt := b.Type(x)
		rid, xid, wid := b.ValueID(res), b.ValueID(x), b.ValueID(w)
		dims := []int{rt.Dims[0], rt.Dims[1], rt.Dims[2], xt.Dims[3], wt.Dims[3]}
		accView = b.ShapedBuffer(res.String()+".channels", acc, ct, dims, res, func(hs *shape.HostState) []int {
			r := hs.Shapes[rid]
			return []int{r[0], r[1], r[2], hs.Shapes[xid][3], hs.Shapes[wid][3]}
		})
	}
	n, lo, lk, li := windowNest(b, op, oe, ke, inner...)
	xi := []loopir.Index{{Loop: lo[0]}}
	ai := []loopir.Index{{Loop: lo[0]}}
	var wi []loopir.Index
	for a := 0; a < sp; a++ {
		xi = append(xi, f.tap(a, lo[1+a], lk[a]))
		ai = append(ai, loopir.Index{Loop: lo[1+a]})
		wi = append(wi, loopir.Index{Loop: lk[a]})
	}
	xi = append(xi, loopir.Index{Loop: li[0]})
	if dw {
		ai = append(ai, loopir.Index{Loop: li[0]})
	}
	wi = append(wi, loopir.Index{Loop: li[0]})
	if mult {
		ai = append(ai, loopir.Index{Loop: li[1]})
		wi = append(wi, loopir.Index{Loop: li[1]})
	} else {
		wi = append(wi, loopir.Index{Loop: -1})
	}
	var wv int
	if wbuf := b.ValueBuffer(w); !mult && wbuf >= 0 {
		// The filter seen as [kh, kw, c], so that c moves along its
		// last axis (contiguous: the nest vectorizes along it).
		wid := b.ValueID(w)
		view := b.ShapedBuffer(res.String()+".filter_channels", wbuf, wt.Elem, wt.Dims[:3], w, func(hs *shape.HostState) []int {
			return hs.Shapes[wid][:3]
		})
		wv = b.LoadBuf(n, view, wt.Elem, wi[:3], 0)
	} else {
		wv = b.Load(n, w, wi)
	}
	prod := n.Binary(loopir.OpMul, ct, read(n, xi), wv)
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: loopir.RedSum, Acc: &loopir.Access{Buf: accView, Idx: ai}, Args: []int{prod}})
	if acc == out {
		return
	}
	e := b.NewNest(op, res, nil)
	b.Store(e, out, dt, opkit.Identity(rank), b.LoadBuf(e, acc, ct, opkit.Identity(rank), 0))
}
