package lower

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/shape"
	"math"
	"slices"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// Neural-network ops of Tier 3: Conv2D (a reduction nest over the output
// and the filter window, reading a zero-padded copy of the input when the
// padding is not VALID), FusedBatchNorm/V2/V3 in inference (a per-channel
// scale and shift).

// setConv is the element types of TensorFlow's Conv2D (T: half, bfloat16,
// float, double, int32).
var setConv = setFloat | types(memref.Int32)

func nnOps() []*opDef {
	ops := []*opDef{
		{name: "tf.Conv2D", arity: 2, types: setConv, check: checkConv2D, dims: dimsConv2D, lower: lowerConv2D,
			notes: "NHWC input, HWIO filter (NCHW rejected, as TF's CPU kernel); SAME, VALID, EXPLICIT; strides, dilations; groups when the input depth is a multiple of the filter's", doc: "NHWC input * HWIO filter: strides, padding SAME/VALID/EXPLICIT, dilations, groups"},
		{name: "tf._FusedConv2D", arity: -1, types: setConv, check: checkFusedConv2D, dims: dimsFusedConv2D, lower: lowerConv2D,
			notes: "as the plain convolution; fused_ops BiasAdd or FusedBatchNorm (epsilon), optionally Add, optionally Relu, Relu6, Elu, LeakyRelu, Tanh, Sigmoid, GeluExact or GeluApproximate; each stage rounded", doc: "convolution + bias or batch norm (+ addend) and an activation: fused_ops"},
		{name: "tf.FusedBatchNorm", arity: 5, types: setFloat, results: 5, check: checkBatchNorm, dims: dimsBatchNorm, lower: lowerBatchNorm, more: moreBatchNorm,
			notes: "inference only (is_training = false); NHWC, NCHW, NDHWC, NCDHW; scale, offset, mean, variance f32 (or f64)", doc: "inference: (x - mean)·rsqrt(variance + ε)·scale + offset per channel"},
		{name: "tf.FusedBatchNormV2", arity: 5, types: setFloat, results: 5, check: checkBatchNorm, dims: dimsBatchNorm, lower: lowerBatchNorm, more: moreBatchNorm,
			notes: "inference only (is_training = false); NHWC, NCHW, NDHWC, NCDHW; scale, offset, mean, variance f32 (or f64)", doc: "as FusedBatchNorm"},
		{name: "tf.FusedBatchNormV3", arity: 5, types: setFloat, results: 6, check: checkBatchNorm, dims: dimsBatchNorm, lower: lowerBatchNorm, more: moreBatchNorm,
			notes: "inference only (is_training = false); NHWC, NCHW, NDHWC, NCDHW; scale, offset, mean, variance f32 (or f64)", doc: "as FusedBatchNorm, plus reserve_space_3"},
	}
	for _, d := range ops {
		d.tier, d.elem = 3, firstElem
	}
	return ops
}

// nnFacts are the resolved attributes of Conv2D and FusedBatchNorm.
type nnFacts struct {
	// Conv2D: strides, dilations and padding of height and width, and
	// the fused convolution's stages after it.
	win   *shape.Window
	fused *fusedFacts

	// FusedBatchNorm.
	channel int          // the channel axis of x
	eps     float64      // epsilon, rounded to f32 as TensorFlow's attribute is
	ct      memref.DType // the compute type: f32, or f64 when x or scale is f64

}

// --- Conv2D --------------------------------------------------------------------

func checkConv2D(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	x, w := in[0], in[1]
	if !setConv.has(x.Elem) {
		return fmt.Sprintf("operand #0 must be a tensor of %s values, but got %s", setConv, x)
	}
	if w.Elem != x.Elem {
		return fmt.Sprintf("requires the same element type for all operands, got %s and %s", x, w)
	}
	if x.Rank() != 4 {
		return fmt.Sprintf("input must be 4-dimensional, got %s", x)
	}
	if w.Rank() != 4 {
		return fmt.Sprintf("filter must be 4-dimensional, got %s", w)
	}
	format, m := opkit.AttrString(op, "data_format", "NHWC")
	if m != "" {
		return m
	}
	switch format {
	case "NHWC":
	case "NCHW":
		return "The Conv2D op currently only supports the NHWC tensor format on the CPU. The op was given the format: NCHW"
	default:
		return fmt.Sprintf("Invalid data format %q (NHWC or NCHW)", format)
	}
	strides, m := opkit.AttrInts(op, "strides")
	if m != "" {
		return m
	}
	var dil []int64
	if op.Attr("dilations") != nil {
		if dil, m = opkit.AttrInts(op, "dilations"); m != "" {
			return m
		}
	}
	padding, m := opkit.AttrString(op, "padding", "")
	if m != "" {
		return m
	}
	explicit, m := opkit.AttrInts(op, "explicit_paddings")
	if m != "" {
		return m
	}
	win, m := shape.WindowAttrs(4, "strides", strides, dil, padding, explicit, true)
	f.nn = &nnFacts{win: win}
	return m
}

func dimsConv2D(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	x, w := in[0], in[1]
	if _, m := shape.ConvGroups(x[3], w[2], w[3]); m != "" {
		return nil, m
	}
	out := []int{x[0], 0, 0, w[3]}
	for a := 0; a < 2; a++ {
		o, _, _, m := f.nn.win.Axis(a, x[1+a], w[a])
		if m != "" {
			return nil, m
		}
		out[1+a] = o
	}
	return out, ""
}

// shapedBuffer adds a buffer whose run-time shape is not a value's (a
// padded copy, or a view that splits an axis): shape computes it on the
// host. base is a view's buffer (any buffer; its root is used).
func (b *builder) shapedBuffer(name string, kind loopir.BufKind, base int, dt memref.DType, dims []int, value int, shape func(*HostState) []int) int {
	id := len(b.prog.Buffers)
	buf := &loopir.Buffer{ID: id, Name: name, Kind: kind, DType: dt, Dims: dims, Value: value}
	if kind == loopir.View {
		buf.Base = b.prog.Root(base)
	}
	b.prog.Buffers = append(b.prog.Buffers, buf)
	b.bufShapes[buf] = shape
	return id
}

// bufNest starts a nest whose loops run over the dims of buffer buf.
func (b *builder) bufNest(op *mlir.Op, buf int) *loopir.Nest {
	n := &loopir.Nest{Name: shortName(op.Name), Part: -1, Src: []string{fmt.Sprintf("'%s' at %s", op.Name, op.Pos)}}
	for a, d := range b.prog.Buffers[buf].Dims {
		e := loopir.DimOf(buf, a)
		if d != mlir.Dynamic {
			e = loopir.Static(d)
		}
		n.Loops = append(n.Loops, loopir.Loop{Extent: e})
	}
	if len(n.Loops) > 0 {
		n.Part = 0
	}
	b.prog.Nests = append(b.prog.Nests, n)
	return n
}

// loadBuf reads buffer buf (of dtype dt) in n, converting f16 and bf16 to f32.
func loadBuf(n *loopir.Nest, buf int, dt memref.DType, idx []loopir.Index) int {
	v := n.Load(dt, &loopir.Access{Buf: buf, Idx: idx})
	if dt.IsHalf() {
		v = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: memref.Float32, Args: []int{v}})
	}
	return v
}

// splitDims splits axis a of dims into (g, dims[a]/g): the groups of a
// grouped convolution's channels.
func splitDims(dims []int, a, g int) []int {
	inner := mlir.Dynamic
	if g != mlir.Dynamic && dims[a] != mlir.Dynamic && g > 0 {
		inner = dims[a] / g
	}
	out := append(slices.Clone(dims[:a]), g, inner)
	return append(out, dims[a+1:]...)
}

// lowerConv2D emits the convolution as one reduction nest
//
//	out[n, oh, ow, co] += in[n, oh·sh + kh·dh, ow·sw + kw·dw, ci] · filter[kh, kw, ci, co]
//
// over loops (n, oh, ow, kh, kw, ci, co) with kh, kw, ci reduced and co
// innermost, so that the filter and the accumulator are read contiguously.
// Unless the padding is (statically) none, the input is first copied into
// a zero-filled temporary padded by the run's padding before and after, so
// that every index of the nest is in range. When the input depth is not
// statically the filter's, the channels split into groups: the input, the
// filter and the result are seen through views that split their channel
// axis into (group, channel in group), with a group loop g before kh.
// f16 accumulates in f32 and is rounded once at the end; integers wrap.
func lowerConv2D(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	nn := f.nn
	x, w := b.value(op.Operands[0]), b.value(op.Operands[1])
	xt, wt, rt := b.typeOf(x), b.typeOf(w), b.typeOf(res)
	dt := rt.Elem
	ct := computeType(dt)
	xid, wid := x.ID, w.ID
	_, xSplat := b.splat[xid]
	_, wSplat := b.splat[wid]

	// The padding, statically where known.
	pads := opkit.Pads{Before: make([]int, 4), After: make([]int, 4), At: func(hs *HostState) (bf, af []int) {
		bf, af = make([]int, 4), make([]int, 4)
		for a := 0; a < 2; a++ {
			_, bf[1+a], af[1+a], _ = nn.win.Axis(a, hs.Shapes[xid][1+a], hs.Shapes[wid][a])
		}
		return bf, af
	}}
	for a := 0; a < 2; a++ {
		_, pads.Before[1+a], pads.After[1+a], _ = nn.win.Axis(a, xt.Dims[1+a], wt.Dims[a])
	}
	src := -1 // the buffer the nest reads the input from (-1: x itself)
	var srcShape func(*HostState) []int
	if pads.Padded() {
		src, srcShape = opkit.PaddedCopy(kitBuilder{b}, op, x, res.String()+".padded_input", 0, pads)
	} else if !xSplat {
		src = b.buf[xid]
		srcShape = func(hs *HostState) []int { return hs.Shapes[xid] }
	}

	// Groups: 1 when the depths are statically equal.
	groups, _ := shape.ConvGroups(xt.Dims[3], wt.Dims[2], wt.Dims[3])
	grouped := groups != 1
	groupsAt := func(hs *HostState) int { return hs.Shapes[xid][3] / hs.Shapes[wid][2] }
	splitShape := func(shape func(*HostState) []int) func(*HostState) []int {
		return func(hs *HostState) []int { return splitDims(shape(hs), 3, groupsAt(hs)) }
	}

	out := b.resultBuffer(res)
	acc := out
	if ct != dt || nn.fused != nil {
		acc = b.tempBuffer(res, ".acc", ct)
	}
	wbuf := -1
	if !wSplat {
		wbuf = b.buf[wid]
	}
	accView := acc
	rid := res.ID
	if grouped {
		if src >= 0 {
			src = b.shapedBuffer(res.String()+".input_groups", loopir.View, src, xt.Elem, splitDims(b.prog.Buffers[src].Dims, 3, groups), xid, splitShape(srcShape))
		}
		if wbuf >= 0 {
			wbuf = b.shapedBuffer(res.String()+".filter_groups", loopir.View, wbuf, wt.Elem, splitDims(wt.Dims, 3, groups), wid, splitShape(func(hs *HostState) []int { return hs.Shapes[wid] }))
		}
		accView = b.shapedBuffer(res.String()+".output_groups", loopir.View, acc, ct, splitDims(rt.Dims, 3, groups), rid, splitShape(func(hs *HostState) []int { return hs.Shapes[rid] }))
	}

	n := &loopir.Nest{Name: shortName(op.Name), Part: 1, Src: []string{fmt.Sprintf("'%s' at %s", op.Name, op.Pos)}}
	loop := func(e loopir.Size, k loopir.LoopKind) int {
		n.Loops = append(n.Loops, loopir.Loop{Extent: e, Kind: k})
		return len(n.Loops) - 1
	}
	viewExtent := func(a int) loopir.Size {
		if d := b.prog.Buffers[accView].Dims[a]; d != mlir.Dynamic {
			return loopir.Static(d)
		}
		return loopir.DimOf(accView, a)
	}
	ln := loop(b.extent(res, 0), loopir.Parallel)
	loh := loop(b.extent(res, 1), loopir.Parallel)
	low := loop(b.extent(res, 2), loopir.Parallel)
	lg := -1
	if grouped {
		lg = loop(viewExtent(3), loopir.Parallel)
	}
	lkh := loop(b.extent(w, 0), loopir.Reduce)
	lkw := loop(b.extent(w, 1), loopir.Reduce)
	lci := loop(b.extent(w, 2), loopir.Reduce)
	var lj int
	if grouped {
		lj = loop(viewExtent(4), loopir.Parallel)
	} else {
		lj = loop(b.extent(res, 3), loopir.Parallel)
	}
	b.prog.Nests = append(b.prog.Nests, n)

	window := func(a, lo, lk int) loopir.Index {
		return loopir.Index{Loop: lo, Step: nn.win.Strides[a], More: []loopir.Term{{Loop: lk, Coef: nn.win.Dilations[a]}}}
	}
	xi := []loopir.Index{{Loop: ln}, window(0, loh, lkh), window(1, low, lkw), {Loop: lci}}
	wi := []loopir.Index{{Loop: lkh}, {Loop: lkw}, {Loop: lci}, {Loop: lj}}
	ai := []loopir.Index{{Loop: ln}, {Loop: loh}, {Loop: low}, {Loop: lj}}
	if grouped {
		xi = slices.Insert(xi, 3, loopir.Index{Loop: lg})
		wi = slices.Insert(wi, 3, loopir.Index{Loop: lg})
		ai = slices.Insert(ai, 3, loopir.Index{Loop: lg})
	}
	var xv, wv int
	if src >= 0 {
		xv = loadBuf(n, src, xt.Elem, xi)
	} else {
		xv = b.load(n, x, xi) // a splat: the index is not used
	}
	if wbuf >= 0 {
		wv = loadBuf(n, wbuf, wt.Elem, wi)
	} else {
		wv = b.load(n, w, wi)
	}
	prod := n.Binary(loopir.OpMul, ct, xv, wv)
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: loopir.RedSum, Acc: &loopir.Access{Buf: accView, Idx: ai}, Args: []int{prod}})
	if acc == out {
		return
	}
	e := b.newNest(op, res, nil)
	v := e.Load(ct, &loopir.Access{Buf: acc, Idx: identity(4)})
	if nn.fused != nil {
		v = b.emitFused(e, op, nn.fused, v, dt, 4)
	}
	store(e, out, dt, identity(4), v)
}

// checkFusedConv2D checks the convolution of operands 0 and 1, then the
// fused stages on the rest.
func checkFusedConv2D(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if len(in) < 3 {
		return fmt.Sprintf("requires at least 3 operands, got %d", len(in))
	}
	if m := checkConv2D(c, op, f, in[:2]); m != "" {
		return m
	}
	var m string
	f.nn.fused, m = checkFused(op, in, 2, true)
	return m
}

func dimsFusedConv2D(op *mlir.Op, f *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	out, m := dimsConv2D(op, f, in[:2], vals[:2])
	if m != "" {
		return nil, m
	}
	return out, f.nn.fused.fusedDims(in, out)
}

// --- FusedBatchNorm, V2, V3 -----------------------------------------------------

var bnParams = [4]string{"scale", "offset", "mean", "variance"}

func checkBatchNorm(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	x := in[0]
	if !setFloat.has(x.Elem) {
		return fmt.Sprintf("operand #0 (x) must be a tensor of %s values, but got %s", setFloat, x)
	}
	u := in[1].Elem
	for j, t := range in[1:] {
		if t.Elem != u {
			return fmt.Sprintf("scale, offset, mean and variance must have one element type, got %s and %s", in[1], t)
		}
		if u != memref.Float32 && u != memref.Float64 {
			return fmt.Sprintf("operand #%d (%s) must be a tensor of f32 or f64 values, but got %s", j+1, bnParams[j], t)
		}
		if t.Rank() != 1 {
			return fmt.Sprintf("%s must be 1-dimensional, got %s", bnParams[j], t)
		}
	}
	for i, r := range op.Results[1:] {
		if r.Type.Elem != u {
			return fmt.Sprintf("result #%d must be a tensor of %s (the type of scale), got %s", i+1, u, r.Type)
		}
	}
	if x.Rank() != 4 && x.Rank() != 5 {
		return fmt.Sprintf("input must be 4 or 5-dimensional, got %s", x)
	}
	nn := &nnFacts{ct: memref.Float32}
	f.nn = nn
	if x.Elem == memref.Float64 || u == memref.Float64 {
		nn.ct = memref.Float64
	}
	format, m := opkit.AttrString(op, "data_format", "NHWC")
	if m != "" {
		return m
	}
	switch format {
	case "NHWC", "NDHWC":
		nn.channel = x.Rank() - 1
	case "NCHW", "NCDHW":
		nn.channel = 1
	default:
		return fmt.Sprintf("Invalid data format %q (NHWC, NCHW, NDHWC or NCDHW)", format)
	}
	training := true // TensorFlow's default
	switch a := op.Attr("is_training").(type) {
	case nil:
	case mlir.BoolAttr:
		training = bool(a)
	default:
		return fmt.Sprintf("attribute is_training must be a bool, got %s", a)
	}
	if training {
		return "is_training = true (batch statistics) is not supported: sandjit runs FusedBatchNorm in inference only (is_training = false)"
	}
	nn.eps = 1e-4
	switch a := op.Attr("epsilon").(type) {
	case nil:
	case mlir.FloatAttr:
		nn.eps = a.Value
	case mlir.IntAttr:
		nn.eps = float64(a.Value)
	default:
		return fmt.Sprintf("attribute epsilon must be a float, got %s", a)
	}
	nn.eps = float64(float32(nn.eps)) // an f32 attribute
	switch a := op.Attr("exponential_avg_factor").(type) {
	case nil, mlir.FloatAttr, mlir.IntAttr: // unused in inference
	default:
		return fmt.Sprintf("attribute exponential_avg_factor must be a float, got %s", a)
	}
	return ""
}

func dimsBatchNorm(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	x := in[0]
	ch := x[f.nn.channel]
	for j, p := range in[1:] {
		if d := p[0]; d != mlir.Dynamic && ch != mlir.Dynamic && d != ch {
			when := ""
			if j >= 2 {
				when = "When is_training=false, "
			}
			return nil, fmt.Sprintf("%s%s must have the same number of elements as the channels of x, got %d and %d", when, bnParams[j], d, ch)
		}
	}
	return x, ""
}

// moreBatchNorm gives the shapes of batch_mean, batch_variance,
// reserve_space_1/2 ([C]) and V3's reserve_space_3: TensorFlow's CPU
// placeholder, a scalar, or an empty vector when declared rank 1 (as the
// reference evaluator has it).
func moreBatchNorm(op *mlir.Op, f *opFacts, in [][]int) [][]int {
	ch := in[0][f.nn.channel]
	for _, p := range in[1:] {
		if ch == mlir.Dynamic {
			ch = p[0]
		}
	}
	out := [][]int{{ch}, {ch}, {ch}, {ch}}
	if len(op.Results) == 6 {
		if t := op.Results[5].Type; t.Ranked && t.Rank() == 1 {
			out = append(out, []int{0})
		} else {
			out = append(out, []int{})
		}
	}
	return out
}

// castTo converts computed value v of compute type from to type to.
func castTo(n *loopir.Nest, v int, from, to memref.DType) int {
	if from == to {
		return v
	}
	return n.Add(&loopir.Instr{Op: loopir.OpCast, Type: to, Args: []int{v}})
}

// lowerBatchNorm emits, as TensorFlow's CPU kernel computes it, a nest over
// the channels for factor = rsqrt(variance + ε)·scale and one over x for
// y = (x - mean)·factor + offset, in f32 (f64 when x or scale is f64);
// then batch_mean and reserve_space_1 as copies of mean, batch_variance and
// reserve_space_2 of variance (NaN when x is empty, as TensorFlow fills
// them), and reserve_space_3 as a zero placeholder.
func lowerBatchNorm(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	nn := f.nn
	x := b.value(op.Operands[0])
	xt := b.typeOf(x)
	rank, cd := len(xt.Dims), nn.channel
	dt, ct := xt.Elem, nn.ct
	u := b.typeOf(op.Operands[1]).Elem
	param := func(n *loopir.Nest, j int, idx []loopir.Index) int {
		return castTo(n, b.load(n, op.Operands[1+j], idx), u, ct)
	}
	r1 := op.Results[1]

	factor := b.tempBuffer(r1, ".bn_factor", ct)
	n := b.newNest(op, r1, nil)
	vr := param(n, 3, identity(1))
	sum := n.Binary(loopir.OpAdd, ct, vr, n.ConstBits(ct, constBits(ct, nn.eps)))
	k := n.Binary(loopir.OpMul, ct, n.Unary(loopir.OpRsqrt, ct, sum), param(n, 0, identity(1)))
	n.Store(ct, &loopir.Access{Buf: factor, Idx: identity(1)}, k)

	out := b.resultBuffer(res)
	n = b.newNest(op, res, nil)
	ch := []loopir.Index{{Loop: cd}}
	xv := castTo(n, b.load(n, x, identity(rank)), computeType(dt), ct)
	y := n.Binary(loopir.OpSub, ct, xv, param(n, 2, ch))
	y = n.Binary(loopir.OpMul, ct, y, n.Load(ct, &loopir.Access{Buf: factor, Idx: ch}))
	y = n.Binary(loopir.OpAdd, ct, y, param(n, 1, ch))
	store(n, out, dt, identity(rank), castTo(n, y, ct, computeType(dt)))

	// The statistics: NaN for an empty x.
	empty, known := 0, true // 1: always empty, 0: never
	for _, d := range xt.Dims {
		switch {
		case d == 0:
			empty = 1
		case d == mlir.Dynamic:
			known = false
		}
	}
	if empty == 1 {
		known = true
	}
	xid := x.ID
	for i, from := range []int{2, 3, 2, 3} {
		r := op.Results[1+i]
		buf := b.resultBuffer(r)
		n := b.newNest(op, r, nil)
		v := b.load(n, op.Operands[1+from], identity(1))
		nan := n.ConstBits(u, constBits(u, math.NaN()))
		switch {
		case known && empty == 1:
			v = nan
		case !known:
			p := b.paramFunc(fmt.Sprintf("%s.is_empty", x), func(hs *HostState) int {
				if slices.Contains(hs.Shapes[xid], 0) {
					return 1
				}
				return 0
			})
			e := n.Add(&loopir.Instr{Op: loopir.OpSize, Type: memref.Int32, Size: loopir.ParamSize(p)})
			isEmpty := n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpNe, Type: memref.Bool, Args: []int{e, n.ConstBits(memref.Int32, 0)}})
			v = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: u, Args: []int{isEmpty, nan, v}})
		}
		store(n, buf, u, identity(1), v)
	}
	if len(op.Results) == 6 {
		r := op.Results[5]
		buf := b.resultBuffer(r)
		n := b.newNest(op, r, nil)
		store(n, buf, u, identity(len(b.typeOf(r).Dims)), n.ConstBits(u, 0))
	}
}
