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

// Data-movement and shape ops. Each entry has four parts besides its
// operands: check (operand types, attributes, and the operands that must
// be known at compile time, into opFacts), dims (the shape function, with
// the operands' host values), elem (the result's element type, when not
// the first operand's) and lower (the nests).

func dataOps() []*opDef {
	ops := []*opDef{
		{name: "tf.Transpose", arity: 2, types: setAll, check: checkTranspose, dims: dimsTranspose, lower: lowerTranspose, needs: "perm: " + known, doc: "x with its axes permuted by perm"},
		{name: "tf.Reshape", arity: 2, types: setAll, sizes: []int{1}, check: checkReshape, dims: dimsReshape, lower: lowerView, view: true, host: hostFirst, shapeArg: 2, needs: "shape: " + read,
			notes: "a view: no copy", doc: "x's elements in another shape (-1 inferred)"},
		{name: "tf.ExpandDims", arity: 2, types: setAll, sizes: []int{1}, check: checkExpandDims, dims: dimsExpandDims, lower: lowerView, view: true, host: hostFirst, needs: "dim: " + read,
			notes: "a view: no copy", doc: "x with a size-1 axis inserted at dim"},
		{name: "tf.Squeeze", arity: 1, types: setAll, check: checkSqueeze, dims: dimsSqueeze, lower: lowerView, view: true, host: hostFirst,
			notes: "a view: no copy; without squeeze_dims it needs to know which dims are 1 (static, or a shape specialization)", doc: "x without size-1 axes (squeeze_dims, or all)"},
		{name: "tf.BroadcastTo", arity: 2, types: setAll, sizes: []int{1}, check: checkBroadcastTo, dims: dimsBroadcastTo, lower: lowerBroadcastTo, shapeArg: 2, needs: "shape: " + read, notes: "numpy broadcasting", doc: "x broadcast to shape (numpy rules)"},
		{name: "tf.Shape", arity: 1, types: setAll, check: checkShape, dims: dimsShape, elem: shapeElem, lower: lowerHostValue, host: hostShape, hostShapes: true, doc: "x's shape (out_type i32 or i64)"},
		{name: "tf.Size", arity: 1, types: setAll, check: checkShape, dims: dimsRank, elem: shapeElem, lower: lowerHostValue, host: hostSize, hostShapes: true, doc: "the number of x's elements (out_type i32 or i64)"},
		{name: "tf.Rank", arity: 1, types: setAll, check: checkRank, dims: dimsRank, elem: rankElem, lower: lowerHostValue, host: hostRank, hostShapes: true, doc: "the number of x's dims (i32)"},
		{name: "tf.Fill", arity: 2, types: setAll, sizes: []int{0}, check: checkFill, dims: dimsFill, elem: lastElem, lower: lowerFill, shapeArg: 1, needs: "dims: " + read, doc: "a tensor of shape dims filled with value"},
		{name: "tf.Slice", arity: 3, types: setAll, sizes: []int{1, 2}, check: checkSlice, dims: dimsSlice, lower: lowerSlice, host: hostSlice, needs: "begin, size: " + read, doc: "x[begin : begin+size] (size -1: to the end)"},
		{name: "tf.StridedSlice", arity: 4, types: setAll, sizes: []int{1, 2, 3}, check: checkStridedSlice, dims: dimsStridedSlice, lower: lowerSlice, host: hostSlice, needs: "begin, end, strides: " + read, doc: "x[begin:end:strides] with TF's masks"},
		{name: "tf.ReverseV2", arity: 2, types: setAll, check: checkReverse, dims: dimsFirst, lower: lowerReverse, needs: "axis: " + known, doc: "x reversed along axis"},
		{name: "tf.ConcatV2", arity: -1, types: setAll, check: checkConcat, dims: dimsConcat, lower: lowerConcat, host: hostJoin, axisLast: true, needs: "axis: " + known, doc: "inputs joined along axis (the last operand)"},
		{name: "tf.Pack", arity: -1, types: setAll, check: checkPack, dims: dimsPack, lower: lowerConcat, host: hostJoin, doc: "inputs stacked along a new axis"},
		{name: "tf.Tile", arity: 2, types: setAll, sizes: []int{1}, check: checkTile, dims: dimsTile, lower: lowerTile, needs: "multiples: " + read, doc: "x repeated multiples times per axis"},
		{name: "tf.Pad", arity: 2, types: setAll, sizes: []int{1}, check: checkPad, dims: dimsPad, lower: lowerPad, needs: "paddings: " + read, doc: "x surrounded by zeros (paddings [rank, 2])"},
		{name: "tf.PadV2", arity: 3, types: setAll, sizes: []int{1}, check: checkPad, dims: dimsPad, lower: lowerPad, needs: "paddings: " + read, doc: "x surrounded by constant_values"},
	}
	for _, d := range ops {
		d.tier, d.types, d.partwise = 2, setMoved, true
		if d.elem == nil {
			d.elem = firstElem
		}
	}
	return ops
}

// constInts reads a compile-time integer operand (axis, perm).
func (c *checked) constInts(v *mlir.Value, what string) ([]int64, string) {
	if vals := c.vals[v.ID]; vals != nil {
		return vals, ""
	}
	if d := c.consts[v.ID]; d != nil {
		return nil, fmt.Sprintf("%s %s must be an integer constant, got %s", what, v, d.Type)
	}
	return nil, hostValueError(what, v)
}

// hostValueError explains an operand that must be a host value.
func hostValueError(what string, v *mlir.Value) string {
	if v.Def == nil {
		return fmt.Sprintf("%s %s must be known before the kernel runs; argument #%d needs a \"value\" constraint (jitrt.constraint = \"value\")", what, v, v.Index)
	}
	return fmt.Sprintf("%s %s must be known before the kernel runs: a constant, a tf.Shape, or integer ops on those; '%s' is not", what, v, v.Def.Name)
}

// needHost checks that an operand is a host value (known before the run).
func (c *checked) needHost(v *mlir.Value, what string) string {
	if c.hostRT[v.ID] || c.vals[v.ID] != nil {
		return ""
	}
	if t := c.types[v.ID]; !t.Elem.IsInt() {
		return fmt.Sprintf("%s %s must be an integer tensor, got %s", what, v, t)
	}
	return hostValueError(what, v)
}

// --- Transpose -------------------------------------------------------------

func checkTranspose(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if m := opkit.IntOperand(in[1], 1, "perm", 1); m != "" {
		return m
	}
	perm, m := c.constInts(op.Operands[1], "perm")
	if m != "" {
		return m
	}
	r := in[0].Rank()
	if len(perm) != r {
		return fmt.Sprintf("perm has %d entries for rank %d", len(perm), r)
	}
	seen := make([]bool, r)
	f.perm = make([]int, r)
	for i, p := range perm {
		a, m := shape.NormAxis(p, r)
		if m != "" || seen[a] {
			return fmt.Sprintf("perm %v is not a permutation of [0, %d)", perm, r)
		}
		seen[a] = true
		f.perm[i] = a
	}
	return ""
}

func dimsTranspose(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	out := make([]int, len(f.perm))
	for i, p := range f.perm {
		out[i] = in[0][p]
	}
	return out, ""
}

func lowerTranspose(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	idx := make([]loopir.Index, len(f.perm))
	for l, p := range f.perm {
		idx[p] = loopir.Index{Loop: l}
	}
	b.lowerCopy(op, res, op.Operands[0], idx)
}

// lowerCopy emits out[loops] = x[idx] over the result's dims.
func (b *builder) lowerCopy(op *mlir.Op, res, x *mlir.Value, idx []loopir.Index) {
	out := b.resultBuffer(res)
	n := b.newNest(op, res, nil)
	v := b.load(n, x, idx)
	dt := b.typeOf(res).Elem
	store(n, out, dt, identity(len(b.typeOf(res).Dims)), v)
}

// --- Reshape, ExpandDims, Squeeze -------------------------------------------

func checkReshape(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if m := opkit.IntOperand(in[1], 1, "shape", 1); m != "" {
		return m
	}
	if in[1].Rank() != 1 || in[1].Dims[0] == mlir.Dynamic {
		return fmt.Sprintf("shape must be a vector of static length, got %s", in[1])
	}
	return c.needHost(op.Operands[1], "shape")
}

func checkExpandDims(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	x := in[0]
	if m := opkit.IntOperand(in[1], 1, "dim", 1); m != "" {
		return m
	}
	d := c.vals[op.Operands[1].ID]
	if d == nil {
		// Known before each run only (an argument): the result's
		// dims are all run-time ones, and its memory is x's anyway.
		f.axis = -1
		if n := in[1].Dims; len(n) == 1 && n[0] != mlir.Dynamic && n[0] != 1 {
			return fmt.Sprintf("dim must be a scalar, got %s", in[1])
		}
		return c.needHost(op.Operands[1], "dim")
	}
	if len(d) != 1 {
		return fmt.Sprintf("dim must be a scalar, got %d values", len(d))
	}
	a, m := shape.NormAxis(d[0], x.Rank()+1)
	f.axis = a
	return m
}

func checkSqueeze(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	x := in[0]
	dims, m := opkit.AttrInts(op, "squeeze_dims")
	if m != "" {
		return m
	}
	f.axes = nil
	if len(dims) == 0 {
		for a, d := range x.Dims {
			if d == mlir.Dynamic {
				if c.notOne[c.syms[op.Operands[0].ID][a]] {
					continue // a shape specialization's symbolic dim: not 1
				}
				c.needShapes = true
				return fmt.Sprintf("without squeeze_dims the input's size-1 axes must be known; dim %d of %s is dynamic (run it with shape specialization enabled, or give the argument a \"shape\" constraint)", a, x)
			}
			if d == 1 {
				f.axes = append(f.axes, a)
			}
		}
		return ""
	}
	for _, d := range dims {
		a, m := shape.NormAxis(d, x.Rank())
		if m != "" {
			return m
		}
		if x.Dims[a] != mlir.Dynamic && x.Dims[a] != 1 {
			return fmt.Sprintf("cannot squeeze dim %d with size %d of %s", a, x.Dims[a], x)
		}
		if !slices.Contains(f.axes, a) {
			f.axes = append(f.axes, a)
		}
	}
	slices.Sort(f.axes)
	return ""
}

func dimsExpandDims(_ *mlir.Op, f *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	x := in[0]
	a := f.axis
	if a < 0 {
		d := vals[1]
		if d == nil {
			return shape.Unknown(len(x) + 1), ""
		}
		if len(d) != 1 {
			return nil, fmt.Sprintf("dim must be a scalar, got %d values", len(d))
		}
		var m string
		if a, m = shape.NormAxis(d[0], len(x)+1); m != "" {
			return nil, m
		}
	}
	return slices.Insert(slices.Clone(x), a, 1), ""
}

func dimsSqueeze(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	x := in[0]
	var out []int
	for a, d := range x {
		if slices.Contains(f.axes, a) {
			if d != mlir.Dynamic && d != 1 {
				return nil, fmt.Sprintf("Can not squeeze dim[%d], expected a dimension of 1, got %d", a, d)
			}
			continue
		}
		out = append(out, d)
	}
	if out == nil {
		out = []int{}
	}
	return out, ""
}

// lowerView makes the result a view of the operand's memory (all buffers
// are row-major and contiguous, so a reshape is free), or a splat when the
// operand is one. A result the function returns gets its own buffer.
func lowerView(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	x := b.value(op.Operands[0])
	if d, ok := b.splat[x.ID]; ok {
		b.splat[res.ID] = &mlir.DenseAttr{Type: b.typeOf(res), Splat: true, Value: d.Value}
		if b.results[res.ID] {
			b.lowerCopy(op, res, x, nil)
		}
		return
	}
	t := b.typeOf(res)
	base := b.prog.Root(b.buf[x.ID])
	id := len(b.prog.Buffers)
	view := &loopir.Buffer{ID: id, Name: res.String(), Kind: loopir.View, Base: base, DType: t.Elem,
		Dims: append([]int(nil), t.Dims...), Value: res.ID}
	b.prog.Buffers = append(b.prog.Buffers, view)
	b.buf[res.ID] = id
	// A returned view is its base's bytes in its own shape (builder.forwarded):
	// the base is an output, an input or a constant, and nothing is copied.
}

// --- BroadcastTo, Fill, Shape ---------------------------------------------------

func checkBroadcastTo(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if m := opkit.IntOperand(in[1], 1, "shape", 1); m != "" {
		return m
	}
	if in[1].Rank() != 1 || in[1].Dims[0] == mlir.Dynamic {
		return fmt.Sprintf("shape must be a vector of static length, got %s", in[1])
	}
	return c.needHost(op.Operands[1], "shape")
}

func lowerBroadcastTo(b *builder, op *mlir.Op, _ *opFacts, res *mlir.Value) {
	b.lowerCopy(op, res, op.Operands[0], b.bcastIndex(op.Operands[0], res))
}

func checkFill(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if m := opkit.IntOperand(in[0], 0, "dims", 1); m != "" {
		return m
	}
	if in[0].Rank() != 1 || in[0].Dims[0] == mlir.Dynamic {
		return fmt.Sprintf("dims must be a vector of static length, got %s", in[0])
	}
	if in[1].Rank() != 0 {
		return fmt.Sprintf("value must be a scalar, got %s", in[1])
	}
	return c.needHost(op.Operands[0], "dims")
}

func dimsFill(_ *mlir.Op, _ *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	return shape.Target(in[0][0], vals[0])
}

func lowerFill(b *builder, op *mlir.Op, _ *opFacts, res *mlir.Value) {
	b.lowerCopy(op, res, op.Operands[1], nil)
}

func checkShape(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if e := shapeElem(op, f, in); e != memref.Int32 && e != memref.Int64 {
		return fmt.Sprintf("out_type must be i32 or i64, got %s", e)
	}
	return ""
}

func shapeElem(op *mlir.Op, _ *opFacts, _ []mlir.TensorType) memref.DType {
	if t, ok := op.Attr("out_type").(mlir.TypeAttr); ok && t.Elem.Valid() {
		return t.Elem
	}
	if r := op.Results[0].Type.Elem; r.Valid() {
		return r
	}
	return memref.Int32
}

func dimsShape(_ *mlir.Op, _ *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	return []int{len(in[0])}, ""
}

// checkRank has nothing to check: any ranked x has a rank, and rankElem
// makes a result declared other than i32 an error.
func checkRank(*checked, *mlir.Op, *opFacts, []mlir.TensorType) string { return "" }

func rankElem(*mlir.Op, *opFacts, []mlir.TensorType) memref.DType { return memref.Int32 }

func dimsRank(*mlir.Op, *opFacts, [][]int, [][]int64) ([]int, string) { return []int{}, "" }

func hostRank(_ *mlir.Op, _ *opFacts, _ [][]int64, shapes [][]int, _ []int, _ memref.DType) ([]int64, bool) {
	return []int64{int64(len(shapes[0]))}, true
}

// hostSize is the element count; as TF, one that an i32 cannot hold is
// not computed (an error), never wrapped.
func hostSize(_ *mlir.Op, _ *opFacts, _ [][]int64, shapes [][]int, _ []int, elem memref.DType) ([]int64, bool) {
	n := int64(1)
	for _, d := range shapes[0] {
		n *= int64(d)
	}
	if elem == memref.Int32 && n > math.MaxInt32 {
		return nil, false
	}
	return []int64{n}, true
}

// lowerHostValue gives a value the host computes a Host buffer, which the
// host fills before every run.
func lowerHostValue(b *builder, op *mlir.Op, _ *opFacts, res *mlir.Value) {
	kind := loopir.Host
	id := b.newBuffer(res, kind)
	if b.results[res.ID] {
		out := b.newBuffer(res, loopir.Output)
		n := b.newNest(op, res, nil)
		t := b.typeOf(res)
		v := n.Load(t.Elem, &loopir.Access{Buf: id, Idx: identity(len(t.Dims))})
		n.Store(t.Elem, &loopir.Access{Buf: out, Idx: identity(len(t.Dims))}, v)
	}
}

// --- Slice, StridedSlice ------------------------------------------------------

func checkSlice(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	for i, what := range []string{"begin", "size"} {
		if m := opkit.IntOperand(in[i+1], i+1, what, 1); m != "" {
			return m
		}
		if in[i+1].Rank() != 1 || in[i+1].Dims[0] != in[0].Rank() {
			return fmt.Sprintf("%s must be a vector of length %d (the input's rank), got %s", what, in[0].Rank(), in[i+1])
		}
		if m := c.needHost(op.Operands[i+1], what); m != "" {
			return m
		}
	}
	// A static spec when the dims and values are known now.
	if b, n := c.vals[op.Operands[1].ID], c.vals[op.Operands[2].ID]; b != nil && n != nil && in[0].IsStatic() {
		s, m := shape.SliceOf(in[0].Dims, b, n)
		if m != "" {
			return m
		}
		f.slice = s
	}
	return ""
}

func dimsSlice(op *mlir.Op, f *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	if vals[1] == nil || vals[2] == nil || slices.Contains(in[0], mlir.Dynamic) {
		out := shape.Unknown(len(in[0]))
		if vals[2] != nil {
			for k, n := range vals[2] {
				if n >= 0 {
					out[k] = int(n)
				}
			}
		}
		return out, ""
	}
	s, m := shape.SliceOf(in[0], vals[1], vals[2])
	if m != "" {
		return nil, m
	}
	return s.Out, ""
}

func checkStridedSlice(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	sf := &shape.Strided{}
	for i, what := range []string{"begin", "end", "strides"} {
		if m := opkit.IntOperand(in[i+1], i+1, what, 1); m != "" {
			return m
		}
		if in[i+1].Rank() != 1 || in[i+1].Dims[0] == mlir.Dynamic {
			return fmt.Sprintf("%s must be a vector of static length, got %s", what, in[i+1])
		}
	}
	if in[1].Dims[0] != in[2].Dims[0] || in[1].Dims[0] != in[3].Dims[0] {
		return "begin, end and strides must have the same length"
	}
	strides := c.vals[op.Operands[3].ID]
	if strides == nil {
		if m := c.needHost(op.Operands[3], "strides"); m != "" {
			return m
		}
		strides = make([]int64, in[3].Dims[0])
		for i := range strides {
			strides[i] = 1
		}
		sf.RunTime = true
	}
	for i, s := range strides {
		if s == 0 {
			return fmt.Sprintf("strides[%d] must be non-zero", i)
		}
	}
	sf.Strides = strides
	for _, a := range []struct {
		name string
		into *int64
	}{{"begin_mask", &sf.BeginMask}, {"end_mask", &sf.EndMask}, {"ellipsis_mask", &sf.Ellipsis}, {"new_axis_mask", &sf.NewAxis}, {"shrink_axis_mask", &sf.Shrink}} {
		v, m := opkit.AttrInt(op, a.name, 0)
		if m != "" {
			return m
		}
		*a.into = v
	}
	if sf.Ellipsis&(sf.Ellipsis-1) != 0 {
		return "Multiple ellipses in slice spec not allowed"
	}
	f.strided = sf
	for _, i := range []int{1, 2} {
		if m := c.needHost(op.Operands[i], []string{"", "begin", "end"}[i]); m != "" {
			return m
		}
	}
	if b, e := c.vals[op.Operands[1].ID], c.vals[op.Operands[2].ID]; b != nil && e != nil && in[0].IsStatic() && !sf.RunTime {
		s, m := shape.StridedSliceOf(in[0].Dims, sf, b, e)
		if m != "" {
			return m
		}
		f.slice = s
	}
	return ""
}

func dimsStridedSlice(op *mlir.Op, f *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	sf := f.strided
	if sf.RunTime && vals[3] != nil {
		var m string
		if sf, m = sf.RunStrides(vals[3]); m != "" {
			return nil, m
		}
	}
	if vals[1] == nil || vals[2] == nil || (sf.RunTime && vals[3] == nil) || slices.Contains(in[0], mlir.Dynamic) {
		// Only the rank is known: count the result's axes.
		n := len(sf.Strides)
		named, hasEll := 0, false
		rank := 0
		for i := 0; i < n; i++ {
			switch {
			case sf.Ellipsis&(1<<uint(i)) != 0:
				hasEll = true
			case sf.NewAxis&(1<<uint(i)) != 0:
				rank++
			case sf.Shrink&(1<<uint(i)) != 0:
				named++
			default:
				named++
				rank++
			}
		}
		rank += len(in[0]) - named
		_ = hasEll
		if rank < 0 {
			return nil, fmt.Sprintf("the slice names %d axes of a rank-%d input", named, len(in[0]))
		}
		return shape.Unknown(rank), ""
	}
	s, m := shape.StridedSliceOf(in[0], sf, vals[1], vals[2])
	if m != "" {
		return nil, m
	}
	return s.Out, ""
}

// lowerSlice reads the input through the slice's affine indices; begins
// known at compile time are constants, others run-time params.
func lowerSlice(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	x := b.value(op.Operands[0])
	xt := b.typeOf(x)
	rank := len(xt.Dims)
	spec := func(hs *HostState) *shape.Slice {
		vals := make([][]int64, len(op.Operands))
		shapes := make([][]int, len(op.Operands))
		for i, v := range op.Operands {
			vals[i], shapes[i] = hs.Values[v.ID], hs.Shapes[v.ID]
		}
		var s *shape.Slice
		if f.strided != nil {
			sf, _ := f.strided.RunStrides(vals[3])
			s, _ = shape.StridedSliceOf(shapes[0], sf, vals[1], vals[2])
		} else {
			s, _ = shape.SliceOf(shapes[0], vals[1], vals[2])
		}
		return s
	}
	// The compile-time spec, when begins and dims are static.
	static := f.slice
	idx := make([]loopir.Index, rank)
	var st *shape.Slice
	if static != nil {
		st = static
	} else {
		// Strides and the axis mapping are static; take them from a spec
		// computed on dims of 1 with the constant begins replaced by zeros.
		st = b.sliceShapeSpec(op, f, rank)
	}
	if f.strided != nil && f.strided.RunTime {
		b.lowerRunStrided(op, res, x, st, spec)
		return
	}
	for k := 0; k < rank; k++ {
		ix := loopir.Index{Loop: st.AxisOf[k], Step: st.Step[k]}
		if ix.Step == 1 {
			ix.Step = 0
		}
		switch begins := b.c.vals[op.Operands[1].ID]; {
		case static != nil:
			ix.Off = static.Begin[k]
		case f.strided == nil && begins != nil:
			ix.Off = int(begins[k]) // a Slice's begins do not depend on dims
		default:
			kk := k
			ix.OffParam = 1 + b.paramFunc(fmt.Sprintf("%s.begin%d", res, k), func(hs *HostState) int { return spec(hs).Begin[kk] })
		}
		if ix.Loop < 0 {
			ix.Loop, ix.Step = -1, 0
		}
		idx[k] = ix
	}
	b.lowerCopy(op, res, x, idx)
}

// lowerRunStrided lowers a StridedSlice whose strides are known before
// the run only: input axis k reads begin[k] + i·step[k] with i the result
// loop, the product computed in the body (an access with dynamic indices;
// in range by construction: the host computed begin, step and size).
func (b *builder) lowerRunStrided(op *mlir.Op, res, x *mlir.Value, st *shape.Slice, spec func(*HostState) *shape.Slice) {
	out := b.resultBuffer(res)
	n := b.newNest(op, res, nil)
	rank := len(st.AxisOf)
	idx := make([]loopir.Index, rank)
	var dyn []int
	for k := 0; k < rank; k++ {
		kk := k
		ix := loopir.Index{Loop: -1}
		ix.OffParam = 1 + b.paramFunc(fmt.Sprintf("%s.begin%d", res, k), func(hs *HostState) int { return spec(hs).Begin[kk] })
		if l := st.AxisOf[k]; l >= 0 {
			p := b.paramFunc(fmt.Sprintf("%s.step%d", res, k), func(hs *HostState) int {
				s := spec(hs)
				if s.Size[kk] <= 1 {
					return 0 // one element: the step is never used (and may not fit 32 bits)
				}
				return s.Step[kk]
			})
			i := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: memref.Int32, Loop: l})
			step := n.Add(&loopir.Instr{Op: loopir.OpSize, Type: memref.Int32, Size: loopir.ParamSize(p)})
			dyn = append(dyn, n.Binary(loopir.OpMul, memref.Int32, i, step))
			ix.Dyn = len(dyn)
		}
		idx[k] = ix
	}
	v := b.loadChecked(n, x, idx, 0, dyn...)
	t := b.typeOf(res)
	store(n, out, t.Elem, identity(len(t.Dims)), v)
}

// sliceShapeSpec derives the static parts of a slice (which input axis
// feeds which result axis, and the steps) without concrete values.
func (b *builder) sliceShapeSpec(op *mlir.Op, f *opFacts, rank int) *shape.Slice {
	if f.strided == nil {
		s := &shape.Slice{}
		for k := 0; k < rank; k++ {
			s.Begin, s.Step, s.AxisOf = append(s.Begin, 0), append(s.Step, 1), append(s.AxisOf, k)
		}
		return s
	}
	// Big fake dims so that no clamping changes the structure.
	x := make([]int, rank)
	for i := range x {
		x[i] = 1 << 20
	}
	n := len(f.strided.Strides)
	zeros := make([]int64, n)
	s, _ := shape.StridedSliceOf(x, f.strided, zeros, zeros)
	return s
}

// --- ReverseV2 -------------------------------------------------------------

func checkReverse(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if m := opkit.IntOperand(in[1], 1, "axis", 1); m != "" {
		return m
	}
	ax, m := c.constInts(op.Operands[1], "axis")
	if m != "" {
		return m
	}
	f.axes = nil
	for _, a := range ax {
		k, m := shape.NormAxis(a, in[0].Rank())
		if m != "" {
			return m
		}
		if slices.Contains(f.axes, k) {
			return fmt.Sprintf("axis %d specified more than once", k)
		}
		f.axes = append(f.axes, k)
	}
	return ""
}

func lowerReverse(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	x := b.value(op.Operands[0])
	dims := b.typeOf(x).Dims
	idx := identity(len(dims))
	for _, k := range f.axes {
		idx[k].Step = -1
		if dims[k] != mlir.Dynamic {
			idx[k].Off = dims[k] - 1
		} else {
			kk, id := k, x.ID
			idx[k].OffParam = 1 + b.paramFunc(fmt.Sprintf("%s.d%d-1", x, k), func(hs *HostState) int { return hs.Shapes[id][kk] - 1 })
		}
	}
	b.lowerCopy(op, res, x, idx)
}

// --- ConcatV2, Pack --------------------------------------------------------------

func checkConcat(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	n := len(in) - 1
	if n < 1 {
		return "requires at least one input and an axis"
	}
	if m := opkit.IntOperand(in[n], n, "axis", 0); m != "" {
		return m
	}
	ax, m := c.constInts(op.Operands[n], "axis")
	if m != "" {
		return m
	}
	for i := 1; i < n; i++ {
		if in[i].Elem != in[0].Elem || in[i].Rank() != in[0].Rank() {
			return fmt.Sprintf("inputs must have the same element type and rank, got %s and %s", in[0], in[i])
		}
	}
	if in[0].Rank() == 0 {
		return "cannot concatenate scalars (use tf.Pack)"
	}
	f.axis, m = shape.NormAxis(ax[0], in[0].Rank())
	return m
}

func dimsConcat(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	ins := in[:len(in)-1]
	out := slices.Clone(ins[0])
	for i, s := range ins[1:] {
		for a, d := range s {
			if a == f.axis {
				if d == mlir.Dynamic || out[a] == mlir.Dynamic {
					out[a] = mlir.Dynamic
				} else {
					out[a] += d
				}
				continue
			}
			switch {
			case d == mlir.Dynamic:
			case out[a] == mlir.Dynamic:
				out[a] = d
			case out[a] != d:
				return nil, fmt.Sprintf("ConcatOp : Dimension %d in both shapes must be equal: shape[0] = %s vs. shape[%d] = %s", a, shape.List(ins[0]), i+1, shape.List(s))
			}
		}
	}
	return out, ""
}

func checkPack(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if len(in) < 1 {
		return "requires at least one input"
	}
	for i := 1; i < len(in); i++ {
		if in[i].Elem != in[0].Elem || in[i].Rank() != in[0].Rank() {
			return fmt.Sprintf("inputs must have the same element type and rank, got %s and %s", in[0], in[i])
		}
	}
	ax, m := opkit.AttrInt(op, "axis", 0)
	if m != "" {
		return m
	}
	f.axis, m = shape.NormAxis(ax, in[0].Rank()+1)
	return m
}

func dimsPack(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	out := slices.Clone(in[0])
	for i, s := range in[1:] {
		for a, d := range s {
			switch {
			case d == mlir.Dynamic:
			case out[a] == mlir.Dynamic:
				out[a] = d
			case out[a] != d:
				return nil, fmt.Sprintf("Shapes of all inputs must match: values[0].shape = %s != values[%d].shape = %s", shape.List(in[0]), i+1, shape.List(s))
			}
		}
	}
	return slices.Insert(out, f.axis, len(in)), ""
}

// lowerConcat copies each input into its slice of the result, one nest an
// input.
func lowerConcat(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	out := b.resultBuffer(res)
	dt := b.typeOf(res).Elem
	ins := op.Operands
	if f.def.axisLast {
		ins = ins[:len(ins)-1]
	}
	static, off := true, 0
	for i, x := range ins {
		x = b.value(x)
		xt := b.typeOf(x)
		n := b.newNest(op, x, nil)
		v := b.load(n, x, identity(len(xt.Dims)))
		idx := identity(len(xt.Dims))
		if !f.def.axisLast { // a stack: a new axis
			idx = slices.Insert(idx, f.axis, loopir.Index{Loop: -1, Off: i})
		} else if i > 0 {
			if static {
				idx[f.axis].Off = off
			} else {
				prev := make([]int, i)
				for j := range prev {
					prev[j] = b.value(ins[j]).ID
				}
				ax := f.axis
				idx[f.axis].OffParam = 1 + b.paramFunc(fmt.Sprintf("%s.off%d", res, i), func(hs *HostState) int {
					s := 0
					for _, id := range prev {
						s += hs.Shapes[id][ax]
					}
					return s
				})
			}
		}
		if f.def.axisLast {
			if d := xt.Dims[f.axis]; d == mlir.Dynamic {
				static = false
			} else {
				off += d
			}
		}
		store(n, out, dt, idx, v)
	}
}

// --- Tile ------------------------------------------------------------------------

func checkTile(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if m := opkit.IntOperand(in[1], 1, "multiples", 1); m != "" {
		return m
	}
	if in[1].Rank() != 1 || in[1].Dims[0] != in[0].Rank() {
		return fmt.Sprintf("multiples must be a vector of length %d (the input's rank), got %s", in[0].Rank(), in[1])
	}
	return c.needHost(op.Operands[1], "multiples")
}

// lowerTile writes the result through a view that splits each axis into
// (repetition, position): out[r, j] = x[j].
func lowerTile(b *builder, op *mlir.Op, _ *opFacts, res *mlir.Value) {
	x := b.value(op.Operands[0])
	xt := b.typeOf(x)
	rank := len(xt.Dims)
	out := b.resultBuffer(res)
	dt := b.typeOf(res).Elem
	dims := make([]int, 2*rank)
	mult := b.c.vals[op.Operands[1].ID]
	for k, d := range xt.Dims {
		dims[2*k], dims[2*k+1] = mlir.Dynamic, d
		if mult != nil {
			dims[2*k] = int(mult[k])
		}
	}
	view := &loopir.Buffer{ID: len(b.prog.Buffers), Name: res.String() + ".tiles", Kind: loopir.View, Base: out,
		DType: dt, Dims: dims, Value: res.ID}
	b.prog.Buffers = append(b.prog.Buffers, view)
	xid, mid := x.ID, op.Operands[1].ID
	b.bufShapes[view] = func(hs *HostState) []int {
		s := make([]int, 2*rank)
		for k := 0; k < rank; k++ {
			s[2*k], s[2*k+1] = int(hs.Values[mid][k]), hs.Shapes[xid][k]
		}
		return s
	}
	n := &loopir.Nest{Name: "Tile", Part: 0, Src: []string{fmt.Sprintf("'%s' at %s", op.Name, op.Pos)}}
	for k := 0; k < 2*rank; k++ {
		var e loopir.Size
		switch {
		case dims[k] != mlir.Dynamic:
			e = loopir.Static(dims[k])
		default:
			e = loopir.DimOf(view.ID, k)
		}
		n.Loops = append(n.Loops, loopir.Loop{Extent: e})
	}
	b.prog.Nests = append(b.prog.Nests, n)
	xi := make([]loopir.Index, rank)
	for k := range xi {
		xi[k] = loopir.Index{Loop: 2*k + 1}
	}
	v := b.load(n, x, xi)
	store(n, view.ID, dt, identity(2*rank), v)
}

// --- Pad, PadV2 ----------------------------------------------------------------

func checkPad(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if m := opkit.IntOperand(in[1], 1, "paddings", 2); m != "" {
		return m
	}
	if in[1].Rank() != 2 || in[1].Dims[0] != in[0].Rank() || in[1].Dims[1] != 2 {
		return fmt.Sprintf("paddings must have shape [%d, 2], got %s", in[0].Rank(), in[1])
	}
	if len(in) == 3 && (in[2].Rank() != 0 || in[2].Elem != in[0].Elem) {
		return fmt.Sprintf("constant_values must be a scalar of the input's type, got %s", in[2])
	}
	return c.needHost(op.Operands[1], "paddings")
}

// lowerPad fills the result with the padding value, then copies the input
// into its interior (two nests writing one buffer, in order).
func lowerPad(b *builder, op *mlir.Op, _ *opFacts, res *mlir.Value) {
	x := b.value(op.Operands[0])
	xt := b.typeOf(x)
	out := b.resultBuffer(res)
	dt := b.typeOf(res).Elem
	rank := len(xt.Dims)
	fill := b.newNest(op, res, nil)
	var pv int
	if len(op.Operands) == 3 {
		pv = b.load(fill, op.Operands[2], nil)
	} else {
		pv = fill.ConstBits(computeType(dt), 0)
	}
	store(fill, out, dt, identity(rank), pv)
	n := b.newNest(op, x, nil)
	v := b.load(n, x, identity(rank))
	idx := identity(rank)
	pads := b.c.vals[op.Operands[1].ID]
	pid := op.Operands[1].ID
	for k := range idx {
		if pads != nil {
			idx[k].Off = int(pads[2*k])
		} else {
			kk := k
			idx[k].OffParam = 1 + b.paramFunc(fmt.Sprintf("%s.before%d", res, k), func(hs *HostState) int { return int(hs.Values[pid][2*kk]) })
		}
	}
	store(n, out, dt, idx, v)
}

// The shape functions of the sizing ops are the shape library's; these
// adapt them to the registry's signature.

func dimsReshape(_ *mlir.Op, _ *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	n := len(in[1])
	if n == 1 && in[1][0] != mlir.Dynamic {
		n = in[1][0]
	}
	return shape.ReshapeDims(in[0], n, vals[1])
}

func dimsBroadcastTo(_ *mlir.Op, _ *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	return shape.BroadcastToDims(in[0], in[1][0], vals[1])
}

func dimsTile(_ *mlir.Op, _ *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	return shape.TileDims(in[0], vals[1])
}

func dimsPad(_ *mlir.Op, _ *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	return shape.PadDims(in[0], vals[1])
}
