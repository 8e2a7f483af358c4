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

// Max and average pooling (core/kernels/maxpooling_op.cc,
// avgpooling_op.cc, pooling_ops_3d.cc; XLA's reduce_window lowering):
// out[n, o…, c] is the max, or the mean, of x[n, o·stride + k…, c] over
// the window k… (ksize) in the input's bounds. SAME pads by TF's rule;
// the mean divides by the number of input elements the window covers,
// padding not counted. Under SAME and VALID every window covers at least
// one input element (the padding after is less than ksize). MaxPool also
// takes EXPLICIT padding, as TF's CPU kernel does; a window that covers
// padding alone is then -Inf (the type's minimum for integers), XLA's
// reduce_window identity, where TF's kernel, which starts each output at
// Eigen's lowest(), gives -FLT_MAX.

// The element types of TF's pooling ops (bfloat16 aside).
var (
	maxPoolTypes = opkit.Float | opkit.TypesOf(memref.Int8, memref.Int16, memref.Int32, memref.Int64, memref.Uint8, memref.Uint16)
	f16f32       = opkit.TypesOf(memref.Float16, memref.Float32)
)

func poolOps() []*opkit.Def {
	const notes = "NHWC (NCHW rejected, as TF's CPU kernel); SAME or VALID; ksize and strides [1, h, w, 1]"
	const maxNotes = "NHWC (NCHW rejected, as TF's CPU kernel); SAME, VALID or EXPLICIT (a window over padding alone: -Inf, as XLA); ksize and strides [1, h, w, 1]"
	const notes3 = "NDHWC (NCDHW rejected, as TF's CPU kernel); SAME or VALID; ksize and strides [1, d, h, w, 1]"
	return []*opkit.Def{
		{Name: "tf.MaxPool", Arity: 1, Types: maxPoolTypes, Tier: 3, Check: checkPool, Dims: dimsPool, Lower: lowerPool,
			Notes: maxNotes + "; NaN propagates", Doc: "the max over each ksize window (NHWC, strides, SAME/VALID/EXPLICIT)"},
		{Name: "tf.AvgPool", Arity: 1, Types: opkit.Float, Tier: 3, Check: checkPool, Dims: dimsPool, Lower: lowerPool,
			Notes: notes + "; the mean over the window's input elements, padding not counted", Doc: "the mean over each ksize window (NHWC, strides, SAME/VALID)"},
		{Name: "tf.MaxPool3D", Arity: 1, Types: f16f32, Tier: 3, Check: checkPool, Dims: dimsPool, Lower: lowerPool,
			Notes: notes3 + "; NaN propagates", Doc: "the max over each ksize window (NDHWC, strides, SAME/VALID)"},
		{Name: "tf.AvgPool3D", Arity: 1, Types: opkit.Float, Tier: 3, Check: checkPool, Dims: dimsPool, Lower: lowerPool,
			Notes: notes3 + "; the mean over the window's input elements, padding not counted", Doc: "the mean over each ksize window (NDHWC, strides, SAME/VALID)"},
	}
}

// poolKind tells the pools apart.
func poolKind(op *mlir.Op) (rank int, isMax bool) {
	switch op.Name {
	case "tf.MaxPool3D":
		return 5, true
	case "tf.AvgPool3D":
		return 5, false
	}
	return 4, op.Name == "tf.MaxPool"
}

func checkPool(_ opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	rank, isMax := poolKind(op)
	ts := opkit.Float
	switch {
	case op.Name == "tf.MaxPool":
		ts = maxPoolTypes
	case isMax:
		ts = f16f32
	}
	if m := operandTypes(in, ts); m != "" {
		return nil, m
	}
	x := in[0]
	if x.Rank() != rank {
		return nil, fmt.Sprintf("tensor_in must be %d-dimensional, got %s", rank, x)
	}
	var m string
	if rank == 4 {
		name := "AvgPoolingOp"
		if isMax {
			name = "MaxPoolingOp"
		}
		m = dataFormat(op, "NHWC", "NCHW", "Default "+name+" only supports NHWC on device type CPU")
	} else {
		m = dataFormat(op, "NDHWC", "NCDHW", "Default Pooling3DOp only supports NDHWC on device type CPU")
	}
	if m != "" {
		return nil, m
	}
	ksize, m := opkit.AttrInts(op, "ksize")
	if m != "" {
		return nil, m
	}
	if len(ksize) != rank {
		return nil, fmt.Sprintf("Sliding window ksize field must specify %d dimensions", rank)
	}
	stridesName := "stride"
	if rank == 5 {
		stridesName = "strides"
	}
	strides, m := opkit.AttrInts(op, "strides")
	if m != "" {
		return nil, m
	}
	if len(strides) != rank {
		return nil, fmt.Sprintf("Sliding window %s field must specify %d dimensions", stridesName, rank)
	}
	if ksize[0] != 1 || strides[0] != 1 {
		return nil, "Pooling is not yet supported on the batch dimension."
	}
	if ksize[rank-1] != 1 || strides[rank-1] != 1 {
		if rank == 4 && !isMax {
			return nil, "Non-spatial pooling is not yet supported. Volunteers? :)"
		}
		return nil, "Pooling is not yet supported on the depth dimension."
	}
	f := &window{}
	for i, k := range ksize {
		if k <= 0 {
			return nil, fmt.Sprintf("Sliding window ksize for dimension %d was zero.", i)
		}
		if k > memref.MaxElements {
			return nil, fmt.Sprintf("Sliding window ksize for dimension %d is too large: %d", i, k)
		}
		if i > 0 && i < rank-1 {
			f.k = append(f.k, int(k))
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
	// TF's CPU kernel takes EXPLICIT padding for the 2-D max pool only
	// (pooling_ops_common.h); the 3-D pools and AvgPool refuse it.
	f.w, m = shape.WindowAttrs(rank, stridesName, strides, nil, padding, explicit, op.Name == "tf.MaxPool")
	if m != "" {
		return nil, m
	}
	return f, ""
}

func dimsPool(_ *mlir.Op, f opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	x := in[0]
	return f.(*window).w.Out(x, f.(*window).k, x[len(x)-1])
}

// lowerPool is one reduction nest (n, o…, k…, c): max or sum of the
// (padded) input into an accumulator of the compute type; the sum's
// finishing nest divides it by the window's count of input elements, the
// product over the spatial axes of min(o·s - before + k, in) - max(o·s -
// before, 0) (ksize's product under VALID). f16 is computed in f32 and
// rounded once.
func lowerPool(b opkit.Builder, op *mlir.Op, facts opkit.Facts, res *mlir.Value) {
	f := facts.(*window)
	_, isMax := poolKind(op)
	x := op.Operands[0]
	rt := b.Type(res)
	rank := len(rt.Dims)
	sp := rank - 2
	dt := rt.Elem
	ct := opkit.ComputeType(dt)
	p := pads(b, f, x, nil)
	fill, red := uint64(0), loopir.RedSum
	if isMax {
		fill, red = lowest(ct), loopir.RedMax
	}
	read := input(b, op, x, res, p, fill)

	out := b.ResultBuffer(res)
	acc := out
	if ct != dt || !isMax {
		acc = b.TempBuffer(res, ".acc", ct)
	}
	var oe, ke []loopir.Size
	for a := 0; a < sp; a++ {
		oe = append(oe, b.Extent(res, 1+a))
		ke = append(ke, loopir.Static(f.k[a]))
	}
	n, lo, lk, li := windowNest(b, op, append([]loopir.Size{b.Extent(res, 0)}, oe...), ke, loopir.Loop{Extent: b.Extent(res, rank-1)})
	xi := []loopir.Index{{Loop: lo[0]}}
	ai := []loopir.Index{{Loop: lo[0]}}
	for a := 0; a < sp; a++ {
		xi = append(xi, f.tap(a, lo[1+a], lk[a]))
		ai = append(ai, loopir.Index{Loop: lo[1+a]})
	}
	xi = append(xi, loopir.Index{Loop: li[0]})
	ai = append(ai, loopir.Index{Loop: li[0]})
	v := read(n, xi)
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: red, Acc: &loopir.Access{Buf: acc, Idx: ai}, Args: []int{v}})
	if acc == out {
		return
	}
	e := b.NewNest(op, res, nil)
	r := b.LoadBuf(e, acc, ct, opkit.Identity(rank), 0)
	if !isMax {
		r = e.Binary(loopir.OpDiv, ct, r, count(b, e, f, x, res, p))
	}
	b.Store(e, out, dt, opkit.Identity(rank), r)
}

// count is the number of input elements under the window of the output
// element at e's loop indices, in e's compute type ct.
func count(b opkit.Builder, e *loopir.Nest, f *window, x, res *mlir.Value, p opkit.Pads) int {
	ct := opkit.ComputeType(b.Type(x).Elem)
	if f.w.Padding == "VALID" {
		c := 1.0
		for _, k := range f.k {
			c *= float64(k)
		}
		return floatConst(e, ct, c)
	}
	i64 := memref.Int64
	konst := func(v int) int { return e.ConstBits(i64, uint64(int64(v))) }
	cnt := -1
	for a, k := range f.k {
		// start = o·s - before; covered = min(start + k, in) - max(start, 0)
		var before int
		if p.Before[1+a] != mlir.Dynamic {
			before = konst(p.Before[1+a])
		} else {
			aa := a
			// The padded copy's parameter (opkit.PaddedCopy's name).
			pb := b.ParamFunc(fmt.Sprintf("%s.padded_input_before%d", res, 1+a), func(hs *shape.HostState) int {
				bf, _ := p.At(hs)
				return bf[1+aa]
			})
			before = e.Add(&loopir.Instr{Op: loopir.OpSize, Type: i64, Size: loopir.ParamSize(pb)})
		}
		o := e.Add(&loopir.Instr{Op: loopir.OpIndex, Type: i64, Loop: 1 + a})
		start := e.Binary(loopir.OpSub, i64, e.Binary(loopir.OpMul, i64, o, konst(f.w.Strides[a])), before)
		in := e.Add(&loopir.Instr{Op: loopir.OpSize, Type: i64, Size: b.Extent(x, 1+a)})
		hi := e.Binary(loopir.OpMin, i64, e.Binary(loopir.OpAdd, i64, start, konst(k)), in)
		lo := e.Binary(loopir.OpMax, i64, start, konst(0))
		c := e.Binary(loopir.OpSub, i64, hi, lo)
		if cnt < 0 {
			cnt = c
		} else {
			cnt = e.Binary(loopir.OpMul, i64, cnt, c)
		}
	}
	return e.Add(&loopir.Instr{Op: loopir.OpCast, Type: ct, Args: []int{cnt}})
}

// floatConst is the constant v in float type ct.
func floatConst(n *loopir.Nest, ct memref.DType, v float64) int {
	if ct == memref.Float32 {
		return n.ConstBits(ct, uint64(math.Float32bits(float32(v))))
	}
	return n.ConstBits(ct, math.Float64bits(v))
}
