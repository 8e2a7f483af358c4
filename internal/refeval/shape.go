package refeval

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"math"
	"strings"

	"github.com/sandjit/sandjit/memref"
)

// Data-movement ops. Their shape operands (shape, perm, axis, begin, …) are
// read from the operand's runtime value, wherever it comes from.

// evalReshape follows TensorFlow's ReshapeOp: the new shape is a vector
// (or a scalar, read as one dim) with at most one -1. Zero dims of the
// new shape are left out of the product the -1 is inferred from, and so
// are the input's zero dims when the new shape has one, so that [0, 5]
// reshaped to [0, -1] gives [0, 5].
func evalReshape(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x, s := in[0], in[1]
	if len(s.shape) > 1 {
		return nil, opError(op, mlir.ErrInvalid, "sizes input must be 1-D, not %s", nd.Format(s.shape))
	}
	sizes, err := intValues(op, s, "shape")
	if err != nil {
		return nil, err
	}
	shape, err := nd.InferReshape(x.shape, sizes)
	if err != nil {
		return nil, opError(op, mlir.ErrInvalid, "%v", err)
	}
	out, err := validShape(op, shape, "shape")
	if err != nil {
		return nil, err
	}
	if nd.NumElements(out) != x.len() {
		return nil, opError(op, mlir.ErrInvalid, "Input to reshape is a tensor with %d values, but the requested shape has %d",
			x.len(), nd.NumElements(out))
	}
	return x.reshaped(out), nil
}

// evalExpandDims inserts a size-1 dim at dim (a one-element operand) in
// [-rank-1, rank]; a negative dim counts from the end (-1 appends).
func evalExpandDims(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x := in[0]
	dim, err := intScalar(op, in[1], "dim", true)
	if err != nil {
		return nil, err
	}
	r := int64(len(x.shape))
	if dim < -r-1 || dim > r {
		return nil, opError(op, mlir.ErrInvalid, "Tried to expand dim index %d for tensor with %d dimensions.", dim, r)
	}
	if dim < 0 {
		dim += r + 1
	}
	shape := append(append(append([]int{}, x.shape[:dim]...), 1), x.shape[dim:]...)
	if len(shape) > memref.MaxRank {
		return nil, opError(op, mlir.ErrInvalid, "result rank %d exceeds %d", len(shape), memref.MaxRank)
	}
	return x.reshaped(shape), nil
}

// evalSqueeze removes the dims listed in squeeze_dims (each must have
// size 1), or every size-1 dim when the list is empty or absent.
func evalSqueeze(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	dims, _, err := attrInts(op, "squeeze_dims")
	if err != nil {
		return nil, err
	}
	drop := make([]bool, len(x.shape))
	for _, d := range dims {
		k, err := wrapAxis(op, d, len(x.shape), "squeeze dim")
		if err != nil {
			return nil, err
		}
		if x.shape[k] != 1 {
			return nil, opError(op, mlir.ErrInvalid, "Can not squeeze dim[%d], expected a dimension of 1, got %d", k, x.shape[k])
		}
		drop[k] = true
	}
	shape := []int{}
	for k, d := range x.shape {
		if drop[k] || (len(dims) == 0 && d == 1) {
			continue
		}
		shape = append(shape, d)
	}
	return x.reshaped(shape), nil
}

// evalBroadcastTo broadcasts x (numpy's rules) to exactly the given shape.
func evalBroadcastTo(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x := in[0]
	sizes, err := intVector(op, in[1], "shape")
	if err != nil {
		return nil, err
	}
	shape, err := validShape(op, sizes, "shape")
	if err != nil {
		return nil, err
	}
	b, err := broadcast(op, x.shape, shape)
	if err != nil {
		return nil, err
	}
	if !sameShape(b, shape) {
		return nil, opError(op, mlir.ErrInvalid, "Unable to broadcast tensor of shape %s to tensor of shape %s",
			nd.Format(x.shape), nd.Format(shape))
	}
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	nd.ForEachBroadcast(shape, [][]int{x.shape}, func(o int, i []int) { copyElem(out, o, x, i[0]) })
	return out, nil
}

// evalShape gives x's shape in the result's element type (out_type), i32
// or i64.
func evalShape(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x, dt := in[0], op.Results[0].Type.Elem
	if dt != memref.Int32 && dt != memref.Int64 {
		return nil, opError(op, mlir.ErrInvalid, "out_type must be i32 or i64, got %v", dt)
	}
	out, err := ev.alloc(op, dt, []int{len(x.shape)})
	if err != nil {
		return nil, err
	}
	for k, d := range x.shape {
		if dt == memref.Int32 && d > math.MaxInt32 {
			return nil, opError(op, mlir.ErrInvalid, "Shape output type is 32-bit but dim %d is %d", k, d)
		}
		out.s[k] = int64(d)
	}
	return out, nil
}

// evalFill gives a tensor of shape dims (a vector) filled with value (a
// scalar).
func evalFill(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	dims, err := intVector(op, in[0], "dims")
	if err != nil {
		return nil, err
	}
	v := in[1]
	if len(v.shape) != 0 {
		return nil, opError(op, mlir.ErrInvalid, "value must be a scalar, got shape %s", nd.Format(v.shape))
	}
	shape, err := validShape(op, dims, "dims")
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, v.dt, shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < out.len(); i++ {
		copyElem(out, i, v, 0)
	}
	return out, nil
}

// evalTranspose permutes dims: result dim k is x's dim perm[k].
func evalTranspose(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x := in[0]
	perm, err := intVector(op, in[1], "perm")
	if err != nil {
		return nil, err
	}
	r := len(x.shape)
	if len(perm) != r {
		return nil, opError(op, mlir.ErrInvalid, "transpose expects a vector of size %d. But input(1) is a vector of size %d", r, len(perm))
	}
	seen := make([]bool, r)
	shape := make([]int, r)
	for k, p := range perm {
		if p < 0 || p >= int64(r) || seen[p] {
			return nil, opError(op, mlir.ErrInvalid, "perm %v is not a permutation of [0, %d)", perm, r)
		}
		seen[p] = true
		shape[k] = x.shape[p]
	}
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	xs := nd.Strides(x.shape)
	nd.ForEachCoord(shape, func(o int, c []int) {
		i := 0
		for k, p := range perm {
			i += c[k] * xs[p]
		}
		copyElem(out, o, x, i)
	})
	return out, nil
}

// evalConcat joins its operands but the last (the axis, in [-rank, rank))
// along the axis; all have one element type and rank, and equal dims
// elsewhere.
func evalConcat(ev *evaluator, op *mlir.Op) (*array, error) {
	if len(op.Operands) < 2 {
		return nil, opError(op, mlir.ErrInvalid, "expects at least 2 operands (values and axis), got %d", len(op.Operands))
	}
	in, err := ev.allOperands(op)
	if err != nil {
		return nil, err
	}
	vals := in[:len(in)-1]
	axis, err := intScalar(op, in[len(in)-1], "axis", false)
	if err != nil {
		return nil, err
	}
	first := vals[0]
	r := len(first.shape)
	if r == 0 {
		return nil, opError(op, mlir.ErrInvalid, "Can't concatenate scalars (use tf.stack instead)")
	}
	ax, err := wrapAxis(op, axis, r, "ConcatOp : Expected concatenating dimensions in the range")
	if err != nil {
		return nil, err
	}
	shape := append([]int{}, first.shape...)
	shape[ax] = 0
	for i, v := range vals {
		if v.dt != first.dt {
			return nil, opError(op, mlir.ErrInvalid, "operands 0 and %d have different element types: %v vs. %v", i, first.dt, v.dt)
		}
		if len(v.shape) != r {
			return nil, opError(op, mlir.ErrInvalid, "ConcatOp : Ranks of all input tensors should match: shape[0] = %s vs. shape[%d] = %s",
				nd.Format(first.shape), i, nd.Format(v.shape))
		}
		for k := range v.shape {
			if k != ax && v.shape[k] != first.shape[k] {
				return nil, opError(op, mlir.ErrInvalid, "ConcatOp : Dimension %d in both shapes must be equal: shape[0] = %s vs. shape[%d] = %s",
					k, nd.Format(first.shape), i, nd.Format(v.shape))
			}
		}
		shape[ax] += v.shape[ax]
	}
	out, err := ev.alloc(op, first.dt, shape)
	if err != nil {
		return nil, err
	}
	outer := nd.NumElements(shape[:ax])
	o := 0
	for j := 0; j < outer; j++ {
		for _, v := range vals {
			block := nd.NumElements(v.shape[ax:])
			for e := 0; e < block; e++ {
				copyElem(out, o, v, j*block+e)
				o++
			}
		}
	}
	return out, nil
}

// evalPack stacks N operands of one shape along a new dim at axis (an
// attribute in [-rank-1, rank], default 0).
func evalPack(ev *evaluator, op *mlir.Op) (*array, error) {
	if len(op.Operands) < 1 {
		return nil, opError(op, mlir.ErrInvalid, "expects at least 1 operand")
	}
	vals, err := ev.allOperands(op)
	if err != nil {
		return nil, err
	}
	axis, err := attrInt(op, "axis", 0)
	if err != nil {
		return nil, err
	}
	first := vals[0]
	r := int64(len(first.shape))
	if axis < -r-1 || axis > r {
		return nil, opError(op, mlir.ErrInvalid, "axis = %d not in [%d, %d]", axis, -r-1, r)
	}
	if axis < 0 {
		axis += r + 1
	}
	for i, v := range vals {
		if v.dt != first.dt {
			return nil, opError(op, mlir.ErrInvalid, "operands 0 and %d have different element types: %v vs. %v", i, first.dt, v.dt)
		}
		if !sameShape(v.shape, first.shape) {
			return nil, opError(op, mlir.ErrInvalid, "Shapes of all inputs must match: values[0].shape = %s != values[%d].shape = %s",
				nd.Format(first.shape), i, nd.Format(v.shape))
		}
	}
	shape := append(append(append([]int{}, first.shape[:axis]...), len(vals)), first.shape[axis:]...)
	if len(shape) > memref.MaxRank {
		return nil, opError(op, mlir.ErrInvalid, "result rank %d exceeds %d", len(shape), memref.MaxRank)
	}
	out, err := ev.alloc(op, first.dt, shape)
	if err != nil {
		return nil, err
	}
	outer, inner := nd.NumElements(first.shape[:axis]), nd.NumElements(first.shape[axis:])
	o := 0
	for j := 0; j < outer; j++ {
		for _, v := range vals {
			for e := 0; e < inner; e++ {
				copyElem(out, o, v, j*inner+e)
				o++
			}
		}
	}
	return out, nil
}

// evalSlice takes size[k] elements from begin[k] along each dim; size -1
// means "to the end of the dim".
func evalSlice(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 3)
	if err != nil {
		return nil, err
	}
	x := in[0]
	begin, err := intVector(op, in[1], "begin")
	if err != nil {
		return nil, err
	}
	size, err := intVector(op, in[2], "size")
	if err != nil {
		return nil, err
	}
	r := len(x.shape)
	if len(begin) != r || len(size) != r {
		return nil, opError(op, mlir.ErrInvalid, "Expected begin and size arguments to be 1-D tensors of size %d, but got shapes %s and %s instead.",
			r, nd.Format(in[1].shape), nd.Format(in[2].shape))
	}
	shape := make([]int, r)
	for k := range r {
		d := int64(x.shape[k])
		b, s := begin[k], size[k]
		if s == -1 {
			s = d - b
		}
		if b < 0 || b > d {
			return nil, opError(op, mlir.ErrInvalid, "Expected begin[%d] in [0, %d], but got %d", k, d, b)
		}
		if s < 0 || s > d-b {
			return nil, opError(op, mlir.ErrInvalid, "Expected size[%d] in [0, %d], but got %d", k, d-b, size[k])
		}
		shape[k] = int(s)
	}
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	xs := nd.Strides(x.shape)
	nd.ForEachCoord(shape, func(o int, c []int) {
		i := 0
		for k := range c {
			i += (c[k] + int(begin[k])) * xs[k]
		}
		copyElem(out, o, x, i)
	})
	return out, nil
}

// evalStridedSlice follows TensorFlow's ValidateStridedSliceOp: the sparse
// spec (begin, end, strides of one length below 32, and the masks) is made
// dense over x's dims (an ellipsis, explicit or implied at the end, covers
// the dims no other entry names; new_axis entries name none), begin and end
// are made canonical (masked: the whole dim in the stride's direction;
// negative: counted from the end; then clamped to [0, dim] for a positive
// stride, [-1, dim-1] for a negative one), a shrink entry takes exactly
// element begin (which must be in range, stride > 0), and each dim has
// ceil((end-begin)/stride) elements, 0 when the interval is empty or runs
// against the stride. The result drops shrunk dims and has a size-1 dim for
// each new axis.
func evalStridedSlice(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 4)
	if err != nil {
		return nil, err
	}
	x := in[0]
	var spec [3][]int64
	for j, name := range []string{"begin", "end", "strides"} {
		if len(in[j+1].shape) != 1 {
			return nil, opError(op, mlir.ErrInvalid, "Expected begin, end, and strides to be 1D equal size tensors, but got shapes %s, %s, and %s instead.",
				nd.Format(in[1].shape), nd.Format(in[2].shape), nd.Format(in[3].shape))
		}
		if spec[j], err = intValues(op, in[j+1], name); err != nil {
			return nil, err
		}
	}
	begin, end, strides := spec[0], spec[1], spec[2]
	n := len(strides)
	if len(begin) != n || len(end) != n || n >= 32 {
		return nil, opError(op, mlir.ErrInvalid, "Expected begin, end, and strides to be 1D equal size tensors, but got shapes %s, %s, and %s instead.",
			nd.Format(in[1].shape), nd.Format(in[2].shape), nd.Format(in[3].shape))
	}
	var mask [5]int64
	for j, name := range []string{"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"} {
		if mask[j], err = attrInt(op, name, 0); err != nil {
			return nil, err
		}
	}
	plan, err := nd.PlanStridedSlice(x.shape, begin, end, strides, mask)
	if err != nil {
		return nil, opError(op, mlir.ErrInvalid, "%v", err)
	}
	shape := plan.Shape
	if len(shape) > memref.MaxRank {
		return nil, opError(op, mlir.ErrInvalid, "result rank %d exceeds %d", len(shape), memref.MaxRank)
	}
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	// The result holds the dense slice in row-major order.
	plan.ForEach(x.shape, func(o, i int) { copyElem(out, o, x, i) })
	return out, nil
}

// evalReverse reverses the dims listed in axis (a vector; negative values
// count from the end; each dim at most once).
func evalReverse(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x := in[0]
	axes, err := intVector(op, in[1], "axis")
	if err != nil {
		return nil, err
	}
	rev := make([]bool, len(x.shape))
	for _, a := range axes {
		k, err := wrapAxis(op, a, len(x.shape), "axis")
		if err != nil {
			return nil, err
		}
		if rev[k] {
			return nil, opError(op, mlir.ErrInvalid, "axis %d specified more than once", k)
		}
		rev[k] = true
	}
	out, err := ev.alloc(op, x.dt, x.shape)
	if err != nil {
		return nil, err
	}
	xs := nd.Strides(x.shape)
	nd.ForEachCoord(x.shape, func(o int, c []int) {
		i := 0
		for k := range c {
			if rev[k] {
				i += (x.shape[k] - 1 - c[k]) * xs[k]
			} else {
				i += c[k] * xs[k]
			}
		}
		copyElem(out, o, x, i)
	})
	return out, nil
}

// evalTile repeats x multiples[k] times along each dim k.
func evalTile(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x := in[0]
	mult, err := intVector(op, in[1], "multiples")
	if err != nil {
		return nil, err
	}
	if len(mult) != len(x.shape) {
		return nil, opError(op, mlir.ErrInvalid, "Expected multiples argument to be a vector of length %d but got length %d",
			len(x.shape), len(mult))
	}
	dims := make([]int64, len(mult))
	for k, m := range mult {
		if m < 0 {
			return nil, opError(op, mlir.ErrInvalid, "Expected multiples[%d] >= 0, but got %d", k, m)
		}
		if x.shape[k] != 0 && m > memref.MaxElements/int64(x.shape[k]) {
			return nil, opError(op, mlir.ErrInvalid, "multiples[%d] = %d is too large", k, m)
		}
		dims[k] = m * int64(x.shape[k])
	}
	shape, err := validShape(op, dims, "result shape")
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	xs := nd.Strides(x.shape)
	nd.ForEachCoord(shape, func(o int, c []int) {
		i := 0
		for k := range c {
			i += (c[k] % x.shape[k]) * xs[k]
		}
		copyElem(out, o, x, i)
	})
	return out, nil
}

// evalPad pads dim k with paddings[k][0] elements before and
// paddings[k][1] after (non-negative); the new elements are 0 (false) for
// tf.Pad and the scalar third operand for tf.PadV2.
func evalPad(ev *evaluator, op *mlir.Op) (*array, error) {
	want := 2
	if op.Name == "tf.PadV2" {
		want = 3
	}
	in, err := ev.operands(op, want)
	if err != nil {
		return nil, err
	}
	x := in[0]
	r := len(x.shape)
	p := in[1]
	if len(p.shape) != 2 || p.shape[0] != r || p.shape[1] != 2 {
		return nil, opError(op, mlir.ErrInvalid, "paddings must be a matrix of shape [%d,2], got %s", r, nd.Format(p.shape))
	}
	pads, err := intValues(op, p, "paddings")
	if err != nil {
		return nil, err
	}
	fill := newArray(x.dt, nil) // a zero scalar
	if want == 3 {
		fill = in[2]
		if fill.dt != x.dt || len(fill.shape) != 0 {
			return nil, opError(op, mlir.ErrInvalid, "constant_values must be a scalar of the input's type, got %s",
				memref.TypeString(fill.dt, fill.shape))
		}
	}
	dims := make([]int64, r)
	for k := range r {
		b, a := pads[2*k], pads[2*k+1]
		if b < 0 || a < 0 {
			return nil, opError(op, mlir.ErrInvalid, "Paddings must be non-negative: %d %d", b, a)
		}
		if b > memref.MaxElements || a > memref.MaxElements {
			return nil, opError(op, mlir.ErrInvalid, "paddings %d %d are too large", b, a)
		}
		dims[k] = b + int64(x.shape[k]) + a
	}
	shape, err := validShape(op, dims, "result shape")
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	xs := nd.Strides(x.shape)
	nd.ForEachCoord(shape, func(o int, c []int) {
		i := 0
		for k := range c {
			ck := c[k] - int(pads[2*k])
			if ck < 0 || ck >= x.shape[k] {
				copyElem(out, o, fill, 0)
				return
			}
			i += ck * xs[k]
		}
		copyElem(out, o, x, i)
	})
	return out, nil
}

// joinInts prints values as TensorFlow does in index errors: "1,2".
func joinInts(vals []int64) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ",")
}
