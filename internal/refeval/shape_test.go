package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

func iota32(n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(i)
	}
	return out
}

func ints64(xs ...int32) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}

func intsAttr(vals ...int64) mlir.ArrayAttr {
	a := mlir.ArrayAttr{}
	for _, v := range vals {
		a = append(a, mlir.IntAttr{Value: v, Type: "i64"})
	}
	return a
}

func TestReshape(t *testing.T) {
	x := tensor(t, []int{2, 3}, iota32(6)...)
	cases := []struct {
		x     *memref.Tensor
		shape *memref.Tensor
		want  []int
	}{
		{x, vec(t, int32(3), 2), []int{3, 2}},
		{x, vec(t, int64(-1)), []int{6}},
		{x, vec(t, int32(3), -1), []int{3, 2}},
		{x, vec(t, int32(-1), 1, 3), []int{2, 1, 3}},
		{x, memref.Scalar(int32(6)), []int{6}}, // a scalar shape is one dim
		{tensor(t, []int{1, 1}, int32(5)), tensor(t, []int{0}, []int32{}...), []int{}},
		// Zero-size: zero dims are left out of the product -1 is inferred from.
		{tensor(t, []int{0, 5}, []int32{}...), vec(t, int32(0), -1), []int{0, 5}},
		{tensor(t, []int{0, 5}, []int32{}...), vec(t, int32(-1), 5), []int{0, 5}},
		{tensor(t, []int{0, 5}, []int32{}...), vec(t, int32(5), -1), []int{5, 0}},
		{tensor(t, []int{3, 0}, []int32{}...), vec(t, int32(-1), 0), []int{3, 0}},
		{tensor(t, []int{2, 0, 3}, []int32{}...), vec(t, int32(0), -1), []int{0, 6}},
		{tensor(t, []int{7}, iota32(7)...), vec(t, int32(7), 1), []int{7, 1}},
		{tensor(t, []int{13, 1}, iota32(13)...), vec(t, int32(-1)), []int{13}},
	}
	for _, c := range cases {
		got := mustOp(t, "tf.Reshape", nil, memref.Int32, c.x, c.shape)
		vals, _ := memref.Values[int32](c.x)
		wantInts(t, got, memref.Int32, c.want, ints64(vals...)...)
	}
	bad := []struct {
		shape *memref.Tensor
		want  string
	}{
		{vec(t, int32(-1), -1), "Only one input size may be -1, not both 0 and 1"},
		{vec(t, int32(4)), "Input to reshape is a tensor with 6 values, but the requested shape has 4"},
		{vec(t, int32(-1), 4), "Input to reshape is a tensor with 6 values, but the requested shape requires a multiple of 4"},
		{vec(t, int32(-2), 3), "Size 0 must be non-negative, not -2"},
		{tensor(t, []int{1, 2}, int32(3), 2), "sizes input must be 1-D, not [1,2]"},
		{vec(t, float32(6)), "shape must be an integer tensor, got f32"},
	}
	for _, b := range bad {
		_, err := runOp(t, "tf.Reshape", nil, mlir.Unranked(memref.Int32), x, b.shape)
		wantErr(t, err, "'tf.Reshape' op "+b.want)
	}
}

func TestExpandDimsSqueeze(t *testing.T) {
	x := tensor(t, []int{2, 3}, iota32(6)...)
	for _, c := range []struct {
		dim  *memref.Tensor
		want []int
	}{
		{memref.Scalar(int32(0)), []int{1, 2, 3}},
		{memref.Scalar(int64(2)), []int{2, 3, 1}},
		{memref.Scalar(int32(-1)), []int{2, 3, 1}},
		{memref.Scalar(int32(-3)), []int{1, 2, 3}},
		{vec(t, int32(1)), []int{2, 1, 3}},
	} {
		wantInts(t, mustOp(t, "tf.ExpandDims", nil, memref.Int32, x, c.dim), memref.Int32, c.want, 0, 1, 2, 3, 4, 5)
	}
	for _, d := range []int32{3, -4} {
		_, err := runOp(t, "tf.ExpandDims", nil, mlir.Unranked(memref.Int32), x, memref.Scalar(d))
		wantErr(t, err, "Tried to expand dim index")
	}
	wantFloats(t, mustOp(t, "tf.ExpandDims", nil, memref.Float32, memref.Scalar(float32(2)), memref.Scalar(int32(0))), memref.Float32, []int{1}, 2)

	y := tensor(t, []int{1, 2, 1, 3, 1}, iota32(6)...)
	wantInts(t, mustOp(t, "tf.Squeeze", nil, memref.Int32, y), memref.Int32, []int{2, 3}, 0, 1, 2, 3, 4, 5)
	attrs := mlir.DictAttr{{Name: "squeeze_dims", Value: intsAttr(0, -1)}}
	wantInts(t, mustOp(t, "tf.Squeeze", attrs, memref.Int32, y), memref.Int32, []int{2, 1, 3}, 0, 1, 2, 3, 4, 5)
	attrs = mlir.DictAttr{{Name: "squeeze_dims", Value: intsAttr()}}
	wantInts(t, mustOp(t, "tf.Squeeze", attrs, memref.Int32, tensor(t, []int{1}, int32(4))), memref.Int32, []int{}, 4)
	wantBools(t, mustOp(t, "tf.Squeeze", nil, memref.Bool, tensor(t, []int{0, 1}, []bool{}...)), []int{0})
	attrs = mlir.DictAttr{{Name: "squeeze_dims", Value: intsAttr(1)}}
	_, err := runOp(t, "tf.Squeeze", attrs, mlir.Unranked(memref.Int32), y)
	wantErr(t, err, "Can not squeeze dim[1], expected a dimension of 1, got 2")
	attrs = mlir.DictAttr{{Name: "squeeze_dims", Value: intsAttr(5)}}
	_, err = runOp(t, "tf.Squeeze", attrs, mlir.Unranked(memref.Int32), y)
	wantErr(t, err, "squeeze dim 5 is out of range [-5, 5)")
}

func TestBroadcastToShapeFill(t *testing.T) {
	got := mustOp(t, "tf.BroadcastTo", nil, memref.Int32, vec(t, int32(1), 2, 3), vec(t, int32(2), 3))
	wantInts(t, got, memref.Int32, []int{2, 3}, 1, 2, 3, 1, 2, 3)
	got = mustOp(t, "tf.BroadcastTo", nil, memref.Float32, tensor(t, []int{2, 1}, float32(1), 2), vec(t, int64(2), 4))
	wantFloats(t, got, memref.Float32, []int{2, 4}, 1, 1, 1, 1, 2, 2, 2, 2)
	got = mustOp(t, "tf.BroadcastTo", nil, memref.Bool, vec(t, true), vec(t, int32(0)))
	wantBools(t, got, []int{0})
	got = mustOp(t, "tf.BroadcastTo", nil, memref.Int8, memref.Scalar(int8(-3)), vec(t, int32(7)))
	wantInts(t, got, memref.Int8, []int{7}, -3, -3, -3, -3, -3, -3, -3)
	_, err := runOp(t, "tf.BroadcastTo", nil, mlir.Unranked(memref.Int32), vec(t, int32(1), 2, 3), vec(t, int32(2), 4))
	wantErr(t, err, "Incompatible shapes: [3] vs. [2,4]")
	_, err = runOp(t, "tf.BroadcastTo", nil, mlir.Unranked(memref.Int32), tensor(t, []int{2, 3}, iota32(6)...), vec(t, int32(3)))
	wantErr(t, err, "Unable to broadcast tensor of shape [2,3] to tensor of shape [3]")

	x := tensor(t, []int{2, 0, 7}, []float32{}...)
	out, err := runOp(t, "tf.Shape", nil, mlir.Ranked(memref.Int32, 3), x)
	if err != nil {
		t.Fatal(err)
	}
	wantInts(t, out, memref.Int32, []int{3}, 2, 0, 7)
	out, err = runOp(t, "tf.Shape", nil, mlir.Ranked(memref.Int64, mlir.Dynamic), memref.Scalar(true))
	if err != nil {
		t.Fatal(err)
	}
	wantInts(t, out, memref.Int64, []int{0})
	_, err = runOp(t, "tf.Shape", nil, mlir.Unranked(memref.Float32), x)
	wantErr(t, err, "out_type must be i32 or i64, got f32")

	got = mustOp(t, "tf.Fill", nil, memref.Float64, vec(t, int32(2), 3), memref.Scalar(-1.5))
	wantFloats(t, got, memref.Float64, []int{2, 3}, -1.5, -1.5, -1.5, -1.5, -1.5, -1.5)
	wantBools(t, mustOp(t, "tf.Fill", nil, memref.Bool, vec(t, int64(1)), memref.Scalar(true)), []int{1}, true)
	wantInts(t, mustOp(t, "tf.Fill", nil, memref.Int16, vec(t, int32(0), 5), memref.Scalar(int16(9))), memref.Int16, []int{0, 5})
	wantInts(t, mustOp(t, "tf.Fill", nil, memref.Int16, tensor(t, []int{0}, []int32{}...), memref.Scalar(int16(9))), memref.Int16, []int{}, 9)
	_, err = runOp(t, "tf.Fill", nil, mlir.Unranked(memref.Int16), vec(t, int32(-1)), memref.Scalar(int16(9)))
	wantErr(t, err, "dims has dimension 0 of size -1")
	_, err = runOp(t, "tf.Fill", nil, mlir.Unranked(memref.Int16), vec(t, int32(1)), vec(t, int16(9)))
	wantErr(t, err, "value must be a scalar, got shape [1]")
}

func TestTranspose(t *testing.T) {
	x := tensor(t, []int{2, 3, 4}, iota32(24)...)
	got := mustOp(t, "tf.Transpose", nil, memref.Int32, x, vec(t, int32(2), 0, 1))
	wantInts(t, got, memref.Int32, []int{4, 2, 3}, // numpy: arange(24).reshape(2,3,4).transpose(2,0,1)
		0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23)
	got = mustOp(t, "tf.Transpose", nil, memref.Int32, tensor(t, []int{2, 3}, iota32(6)...), vec(t, int64(1), 0))
	wantInts(t, got, memref.Int32, []int{3, 2}, 0, 3, 1, 4, 2, 5)
	got = mustOp(t, "tf.Transpose", nil, memref.Int32, tensor(t, []int{7, 1}, iota32(7)...), vec(t, int64(1), 0))
	wantInts(t, got, memref.Int32, []int{1, 7}, 0, 1, 2, 3, 4, 5, 6)
	wantFloats(t, mustOp(t, "tf.Transpose", nil, memref.Float16, f16s(t, []int{0, 13}), vec(t, int32(1), 0)), memref.Float16, []int{13, 0})
	wantInts(t, mustOp(t, "tf.Transpose", nil, memref.Int32, memref.Scalar(int32(5)), tensor(t, []int{0}, []int32{}...)), memref.Int32, []int{}, 5)
	_, err := runOp(t, "tf.Transpose", nil, mlir.Unranked(memref.Int32), x, vec(t, int32(0), 0, 1))
	wantErr(t, err, "perm [0 0 1] is not a permutation of [0, 3)")
	_, err = runOp(t, "tf.Transpose", nil, mlir.Unranked(memref.Int32), x, vec(t, int32(0), 1))
	wantErr(t, err, "transpose expects a vector of size 3. But input(1) is a vector of size 2")
}

// runVariadic evaluates op over args (all function arguments).
func runVariadic(t *testing.T, name string, attrs mlir.DictAttr, dt memref.DType, args ...*memref.Tensor) (*memref.Tensor, error) {
	t.Helper()
	return runOp(t, name, attrs, mlir.Unranked(dt), args...)
}

func TestConcatPack(t *testing.T) {
	a := tensor(t, []int{2, 2}, int32(1), 2, 3, 4)
	b := tensor(t, []int{2, 2}, int32(5), 6, 7, 8)
	e := tensor(t, []int{2, 0}, []int32{}...)
	got := mustOp(t, "tf.ConcatV2", nil, memref.Int32, a, b, memref.Scalar(int32(0)))
	wantInts(t, got, memref.Int32, []int{4, 2}, 1, 2, 3, 4, 5, 6, 7, 8)
	got = mustOp(t, "tf.ConcatV2", nil, memref.Int32, a, e, b, memref.Scalar(int64(-1)))
	wantInts(t, got, memref.Int32, []int{2, 4}, 1, 2, 5, 6, 3, 4, 7, 8)
	got = mustOp(t, "tf.ConcatV2", nil, memref.Int32, a, memref.Scalar(int32(1)))
	wantInts(t, got, memref.Int32, []int{2, 2}, 1, 2, 3, 4)
	seven := tensor(t, []int{7}, iota32(7)...)
	got = mustOp(t, "tf.ConcatV2", nil, memref.Int32, seven, tensor(t, []int{6}, iota32(6)...), memref.Scalar(int32(0)))
	wantInts(t, got, memref.Int32, []int{13}, 0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5)
	wantBools(t, mustOp(t, "tf.ConcatV2", nil, memref.Bool, vec(t, true), vec(t, false, true), memref.Scalar(int32(0))), []int{3}, true, false, true)
	for _, c := range []struct {
		args []*memref.Tensor
		want string
	}{
		{[]*memref.Tensor{a, vec(t, int32(1)), memref.Scalar(int32(0))}, "Ranks of all input tensors should match: shape[0] = [2,2] vs. shape[1] = [1]"},
		{[]*memref.Tensor{a, tensor(t, []int{2, 3}, iota32(6)...), memref.Scalar(int32(0))}, "Dimension 1 in both shapes must be equal: shape[0] = [2,2] vs. shape[1] = [2,3]"},
		{[]*memref.Tensor{memref.Scalar(int32(1)), memref.Scalar(int32(2)), memref.Scalar(int32(0))}, "Can't concatenate scalars (use tf.stack instead)"},
		{[]*memref.Tensor{a, b, memref.Scalar(int32(2))}, "Expected concatenating dimensions in the range 2 is out of range [-2, 2)"},
		{[]*memref.Tensor{a, vec(t, float32(1), 2), memref.Scalar(int32(0))}, "different element types"},
	} {
		_, err := runVariadic(t, "tf.ConcatV2", nil, memref.Int32, c.args...)
		wantErr(t, err, c.want)
	}

	x, y, z := vec(t, 1.0, 2), vec(t, 3.0, 4), vec(t, 5.0, 6)
	wantFloats(t, mustOp(t, "tf.Pack", nil, memref.Float64, x, y, z), memref.Float64, []int{3, 2}, 1, 2, 3, 4, 5, 6)
	attrs := mlir.DictAttr{{Name: "axis", Value: mlir.IntAttr{Value: 1}}}
	wantFloats(t, mustOp(t, "tf.Pack", attrs, memref.Float64, x, y, z), memref.Float64, []int{2, 3}, 1, 3, 5, 2, 4, 6)
	attrs = mlir.DictAttr{{Name: "axis", Value: mlir.IntAttr{Value: -1}}}
	wantFloats(t, mustOp(t, "tf.Pack", attrs, memref.Float64, x, y, z), memref.Float64, []int{2, 3}, 1, 3, 5, 2, 4, 6)
	wantInts(t, mustOp(t, "tf.Pack", nil, memref.Int64, memref.Scalar(int64(7)), memref.Scalar(int64(8))), memref.Int64, []int{2}, 7, 8)
	wantInts(t, mustOp(t, "tf.Pack", nil, memref.Int64, tensor(t, []int{0}, []int64{}...)), memref.Int64, []int{1, 0})
	_, err := runVariadic(t, "tf.Pack", nil, memref.Float64, x, vec(t, 1.0))
	wantErr(t, err, "Shapes of all inputs must match: values[0].shape = [2] != values[1].shape = [1]")
	attrs = mlir.DictAttr{{Name: "axis", Value: mlir.IntAttr{Value: 2}}}
	_, err = runVariadic(t, "tf.Pack", attrs, memref.Float64, x, y)
	wantErr(t, err, "axis = 2 not in [-2, 1]")
}

func TestSlice(t *testing.T) {
	x := tensor(t, []int{3, 4}, iota32(12)...)
	got := mustOp(t, "tf.Slice", nil, memref.Int32, x, vec(t, int32(1), 1), vec(t, int32(2), -1))
	wantInts(t, got, memref.Int32, []int{2, 3}, 5, 6, 7, 9, 10, 11)
	got = mustOp(t, "tf.Slice", nil, memref.Int32, x, vec(t, int64(3), 0), vec(t, int64(0), 2))
	wantInts(t, got, memref.Int32, []int{0, 2})
	got = mustOp(t, "tf.Slice", nil, memref.Int32, x, vec(t, int32(0), 3), vec(t, int32(-1), 1))
	wantInts(t, got, memref.Int32, []int{3, 1}, 3, 7, 11)
	_, err := runOp(t, "tf.Slice", nil, mlir.Unranked(memref.Int32), x, vec(t, int32(4), 0), vec(t, int32(0), 1))
	wantErr(t, err, "Expected begin[0] in [0, 3], but got 4")
	_, err = runOp(t, "tf.Slice", nil, mlir.Unranked(memref.Int32), x, vec(t, int32(1), 0), vec(t, int32(3), 1))
	wantErr(t, err, "Expected size[0] in [0, 2], but got 3")
	_, err = runOp(t, "tf.Slice", nil, mlir.Unranked(memref.Int32), x, vec(t, int32(1)), vec(t, int32(1)))
	wantErr(t, err, "Expected begin and size arguments to be 1-D tensors of size 2")
}

func TestReverseTilePad(t *testing.T) {
	x := tensor(t, []int{2, 3, 4}, iota32(24)...)
	got := mustOp(t, "tf.ReverseV2", nil, memref.Int32, x, vec(t, int32(0), -1))
	wantInts(t, got, memref.Int32, []int{2, 3, 4}, // numpy: np.flip(a, (0, 2))
		15, 14, 13, 12, 19, 18, 17, 16, 23, 22, 21, 20, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8)
	got = mustOp(t, "tf.ReverseV2", nil, memref.Int32, tensor(t, []int{7}, iota32(7)...), vec(t, int64(0)))
	wantInts(t, got, memref.Int32, []int{7}, 6, 5, 4, 3, 2, 1, 0)
	got = mustOp(t, "tf.ReverseV2", nil, memref.Int32, tensor(t, []int{2}, iota32(2)...), tensor(t, []int{0}, []int32{}...))
	wantInts(t, got, memref.Int32, []int{2}, 0, 1)
	_, err := runOp(t, "tf.ReverseV2", nil, mlir.Unranked(memref.Int32), x, vec(t, int32(1), -2))
	wantErr(t, err, "axis 1 specified more than once")

	got = mustOp(t, "tf.Tile", nil, memref.Int32, tensor(t, []int{2, 1}, int32(1), 2), vec(t, int32(1), 3))
	wantInts(t, got, memref.Int32, []int{2, 3}, 1, 1, 1, 2, 2, 2)
	got = mustOp(t, "tf.Tile", nil, memref.Int32, vec(t, int32(1), 2), vec(t, int64(3)))
	wantInts(t, got, memref.Int32, []int{6}, 1, 2, 1, 2, 1, 2)
	got = mustOp(t, "tf.Tile", nil, memref.Int32, vec(t, int32(1), 2), vec(t, int64(0)))
	wantInts(t, got, memref.Int32, []int{0})
	_, err = runOp(t, "tf.Tile", nil, mlir.Unranked(memref.Int32), vec(t, int32(1)), vec(t, int32(-1)))
	wantErr(t, err, "Expected multiples[0] >= 0, but got -1")
	_, err = runOp(t, "tf.Tile", nil, mlir.Unranked(memref.Int32), vec(t, int32(1)), vec(t, int32(1), 1))
	wantErr(t, err, "Expected multiples argument to be a vector of length 1 but got length 2")

	m := tensor(t, []int{2, 2}, int32(1), 2, 3, 4)
	pads := tensor(t, []int{2, 2}, int32(1), 0, 0, 2)
	got = mustOp(t, "tf.Pad", nil, memref.Int32, m, pads)
	wantInts(t, got, memref.Int32, []int{3, 4}, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0, 0) // numpy: np.pad
	got = mustOp(t, "tf.PadV2", nil, memref.Int32, m, pads, memref.Scalar(int32(9)))
	wantInts(t, got, memref.Int32, []int{3, 4}, 9, 9, 9, 9, 1, 2, 9, 9, 3, 4, 9, 9)
	wantBools(t, mustOp(t, "tf.Pad", nil, memref.Bool, vec(t, true), tensor(t, []int{1, 2}, int64(1), 1)), []int{3}, false, true, false)
	wantFloats(t, mustOp(t, "tf.Pad", nil, memref.Float32, tensor(t, []int{0, 2}, []float32{}...), tensor(t, []int{2, 2}, int32(1), 1, 0, 0)),
		memref.Float32, []int{2, 2}, 0, 0, 0, 0)
	_, err = runOp(t, "tf.Pad", nil, mlir.Unranked(memref.Int32), m, tensor(t, []int{2, 2}, int32(-1), 0, 0, 0))
	wantErr(t, err, "Paddings must be non-negative: -1 0")
	_, err = runOp(t, "tf.Pad", nil, mlir.Unranked(memref.Int32), m, tensor(t, []int{1, 2}, int32(0), 0))
	wantErr(t, err, "paddings must be a matrix of shape [2,2], got [1,2]")
	_, err = runOp(t, "tf.PadV2", nil, mlir.Unranked(memref.Int32), m, pads, memref.Scalar(int64(9)))
	wantErr(t, err, "constant_values must be a scalar of the input's type")
}

// stridedSliceCases were made by numpy 1.24 (x = arange(60).reshape(3,4,5),
// the result of x[...] with the index each spec encodes): begin, end,
// strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask,
// shrink_axis_mask, result shape, result.
var stridedSliceCases = []struct {
	begin, end, strides   []int32
	bm, em, elm, nam, sam int64
	shape                 []int
	want                  []int32
}{
	{[]int32{0, -1}, []int32{0, 0}, []int32{1, -2}, 2, 2, 1, 0, 0, []int{3, 4, 3}, []int32{4, 2, 0, 9, 7, 5, 14, 12, 10, 19, 17, 15, 24, 22, 20, 29, 27, 25, 34, 32, 30, 39, 37, 35, 44, 42, 40, 49, 47, 45, 54, 52, 50, 59, 57, 55}},
	{[]int32{0, 2, 0}, []int32{0, -2, -3}, []int32{1, 7, 1}, 4, 0, 1, 0, 0, []int{3, 0, 2}, []int32{}},
	{[]int32{0, 1, 0}, []int32{0, -2, 0}, []int32{1, 1, 1}, 0, 0, 4, 1, 2, []int{1, 4, 5}, []int32{20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39}},
	{[]int32{-1, -2}, []int32{2, -1}, []int32{1, 1}, 0, 0, 0, 0, 1, []int{1, 5}, []int32{50, 51, 52, 53, 54}},
	{[]int32{6, 0, 0, -2, 4}, []int32{-7, 0, 0, 7, -6}, []int32{1, 1, 1, 1, 2}, 8, 1, 0, 6, 0, []int{0, 1, 1, 4, 0}, []int32{}},
	{[]int32{0, 0}, []int32{-1, 0}, []int32{1, 1}, 0, 1, 2, 0, 0, []int{3, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{-3}, []int32{0}, []int32{1}, 1, 0, 0, 0, 1, []int{4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}},
	{[]int32{2}, []int32{-6}, []int32{-2}, 0, 0, 0, 0, 0, []int{2, 4, 5}, []int32{40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}},
	{[]int32{-3, 0}, []int32{-3, 0}, []int32{1, 1}, 1, 0, 2, 0, 1, []int{4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}},
	{[]int32{0, -5, 0}, []int32{0, 6, 0}, []int32{1, 7, 1}, 0, 0, 1, 4, 0, []int{3, 4, 1, 1}, []int32{0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55}},
	{[]int32{0, 3, 0}, []int32{3, 0, 0}, []int32{1, 1, 1}, 2, 0, 4, 0, 3, []int{5}, []int32{15, 16, 17, 18, 19}},
	{[]int32{0, -1, 0, 7, 0}, []int32{0, -6, 0, -2, 0}, []int32{1, 1, 1, 2, 1}, 8, 0, 1, 20, 0, []int{3, 0, 1, 2, 1}, []int32{}},
	{[]int32{0}, []int32{0}, []int32{1}, 0, 0, 1, 0, 0, []int{3, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{-5}, []int32{2}, []int32{1}, 0, 0, 0, 0, 0, []int{2, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39}},
	{[]int32{0}, []int32{3}, []int32{-2}, 0, 1, 0, 0, 0, []int{1, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}},
	{[]int32{0, 0, 4}, []int32{0, 0, -4}, []int32{1, 1, 3}, 0, 4, 2, 1, 0, []int{1, 3, 4, 1}, []int32{4, 9, 14, 19, 24, 29, 34, 39, 44, 49, 54, 59}},
	{[]int32{0, 2, 0}, []int32{0, 1, 0}, []int32{1, 1, 1}, 0, 0, 4, 1, 2, []int{1, 4, 5}, []int32{40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{1, 5, 0, -1}, []int32{-6, -3, 0, 2}, []int32{1, -1, 1, 1}, 0, 0, 4, 0, 8, []int{0, 2}, []int32{}},
	{[]int32{-3}, []int32{-5}, []int32{1}, 0, 1, 0, 0, 0, []int{3, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{0, 0, 0, 0, 1}, []int32{0, 0, 0, 0, -4}, []int32{1, 1, 1, 1, 1}, 16, 16, 8, 7, 0, []int{1, 1, 1, 3, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{-2, 0}, []int32{2, 0}, []int32{1, 1}, 0, 0, 0, 2, 1, []int{1, 4, 5}, []int32{20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39}},
	{[]int32{0, -1, 0}, []int32{0, -5, 0}, []int32{1, -1, 1}, 2, 2, 0, 5, 0, []int{1, 3, 1, 4, 5}, []int32{40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}},
	{[]int32{6}, []int32{7}, []int32{1}, 1, 0, 0, 0, 0, []int{3, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{-1, 0, 5}, []int32{-7, 0, -5}, []int32{1, 1, 2}, 4, 5, 2, 0, 0, []int{1, 4, 3}, []int32{40, 42, 44, 45, 47, 49, 50, 52, 54, 55, 57, 59}},
	{[]int32{-4, 0, 0, 1, 0}, []int32{1, 0, 4, 3, 0}, []int32{1, 1, 7, 1, 1}, 9, 0, 16, 2, 8, []int{1, 1, 1}, []int32{1}},
	{[]int32{0, 4}, []int32{0, -7}, []int32{1, -2}, 0, 0, 1, 0, 0, []int{3, 4, 3}, []int32{4, 2, 0, 9, 7, 5, 14, 12, 10, 19, 17, 15, 24, 22, 20, 29, 27, 25, 34, 32, 30, 39, 37, 35, 44, 42, 40, 49, 47, 45, 54, 52, 50, 59, 57, 55}},
	{[]int32{-7, -4, -3}, []int32{0, 3, -6}, []int32{-2, 1, -2}, 2, 0, 0, 0, 0, []int{0, 3, 2}, []int32{}},
	{[]int32{-3}, []int32{2}, []int32{-1}, 0, 0, 0, 0, 0, []int{0, 4, 5}, []int32{}},
	{[]int32{-2}, []int32{-4}, []int32{1}, 0, 0, 0, 0, 0, []int{0, 4, 5}, []int32{}},
	{[]int32{0, 0, -4}, []int32{0, 0, -2}, []int32{1, 1, 1}, 0, 0, 2, 1, 4, []int{1, 3, 4}, []int32{1, 6, 11, 16, 21, 26, 31, 36, 41, 46, 51, 56}},
	{[]int32{-2, -6}, []int32{-3, 3}, []int32{7, -2}, 0, 2, 0, 0, 0, []int{0, 0, 5}, []int32{}},
	{[]int32{-7}, []int32{2}, []int32{2}, 0, 0, 0, 0, 0, []int{1, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}},
	{[]int32{0, 1}, []int32{0, 1}, []int32{1, 1}, 0, 0, 1, 0, 2, []int{3, 4}, []int32{1, 6, 11, 16, 21, 26, 31, 36, 41, 46, 51, 56}},
	{[]int32{1, 4}, []int32{-4, 4}, []int32{1, 7}, 1, 1, 0, 0, 0, []int{3, 0, 5}, []int32{}},
	{[]int32{-1, 0, -2}, []int32{2, 0, 0}, []int32{1, 1, 1}, 4, 0, 2, 0, 4, []int{0, 4}, []int32{}},
	{[]int32{-3}, []int32{-4}, []int32{-1}, 0, 0, 0, 0, 0, []int{1, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}},
	{[]int32{6, 2, 2}, []int32{1, -2, 6}, []int32{-2, 2, 2}, 0, 2, 0, 0, 0, []int{1, 1, 2}, []int32{52, 54}},
	{[]int32{0}, []int32{0}, []int32{1}, 0, 0, 0, 1, 0, []int{1, 3, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{4, -6}, []int32{-5, 4}, []int32{-1, 7}, 0, 1, 0, 0, 0, []int{3, 1, 5}, []int32{40, 41, 42, 43, 44, 20, 21, 22, 23, 24, 0, 1, 2, 3, 4}},
	{[]int32{0, 0}, []int32{0, 0}, []int32{1, 1}, 0, 0, 0, 3, 0, []int{1, 1, 3, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{-3}, []int32{1}, []int32{7}, 0, 0, 0, 0, 0, []int{1, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}},
	{[]int32{0, -2, -2, 0, 0}, []int32{0, 1, 0, 0, 0}, []int32{1, -1, 1, 1, 1}, 0, 0, 1, 24, 4, []int{3, 1, 1, 1}, []int32{13, 33, 53}},
	{[]int32{-6, -1}, []int32{5, 1}, []int32{2, -1}, 0, 1, 0, 0, 0, []int{2, 2, 5}, []int32{15, 16, 17, 18, 19, 10, 11, 12, 13, 14, 55, 56, 57, 58, 59, 50, 51, 52, 53, 54}},
	{[]int32{-5}, []int32{0}, []int32{1}, 0, 0, 0, 0, 0, []int{0, 4, 5}, []int32{}},
	{[]int32{-5, 0, 0}, []int32{-2, 0, 0}, []int32{1, 1, 1}, 0, 1, 2, 4, 0, []int{3, 4, 5, 1}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{0, 5, 7, 0}, []int32{0, 3, 6, 0}, []int32{1, 7, -2, 1}, 0, 2, 1, 8, 0, []int{3, 0, 0, 1}, []int32{}},
	{[]int32{-5}, []int32{3}, []int32{1}, 0, 0, 0, 0, 0, []int{3, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{-3, 0, -3, 0}, []int32{-1, 0, 2, 0}, []int32{1, 1, -1, 1}, 4, 0, 8, 2, 1, []int{1, 1, 5}, []int32{15, 16, 17, 18, 19}},
	{[]int32{-2, 0}, []int32{-3, 0}, []int32{1, 1}, 0, 0, 2, 0, 1, []int{4, 5}, []int32{20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39}},
	{[]int32{0, 0}, []int32{0, 0}, []int32{1, 1}, 0, 0, 2, 1, 0, []int{1, 3, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59}},
	{[]int32{-3, 0, 0}, []int32{2, 0, 0}, []int32{1, 1, 1}, 0, 0, 4, 2, 1, []int{1, 4, 5}, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}},
	{[]int32{1, -4, 0}, []int32{1, -4, 0}, []int32{1, 1, 1}, 0, 0, 4, 0, 1, []int{0, 5}, []int32{}},
	{[]int32{-1, 0, -1, -3}, []int32{1, 0, 7, 0}, []int32{-2, 1, 7, 7}, 5, 8, 2, 0, 0, []int{1, 1, 1}, []int32{42}},
	{[]int32{-3, 4, 0, 1}, []int32{2, -5, 0, -2}, []int32{1, 2, 1, 1}, 3, 0, 4, 0, 8, []int{2, 0}, []int32{}},
	{[]int32{-7, 2, 0, 0}, []int32{6, -7, 0, 0}, []int32{7, -2, 1, 1}, 0, 1, 8, 4, 0, []int{1, 2, 1, 5}, []int32{10, 11, 12, 13, 14, 0, 1, 2, 3, 4}},
	{[]int32{-1, 1, 3, 0}, []int32{0, 1, 2, 0}, []int32{3, 1, -2, 1}, 6, 0, 8, 0, 2, []int{0, 1}, []int32{}},
}

func stridedSlice(t *testing.T, x *memref.Tensor, begin, end, strides []int32, masks ...int64) (*memref.Tensor, error) {
	t.Helper()
	var attrs mlir.DictAttr
	for i, name := range []string{"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"} {
		if i < len(masks) && masks[i] != 0 {
			attrs = append(attrs, mlir.NamedAttr{Name: name, Value: mlir.IntAttr{Value: masks[i], Type: "i64"}})
		}
	}
	return runOp(t, "tf.StridedSlice", attrs, mlir.Unranked(x.DType),
		x, vec(t, begin...), vec(t, end...), vec(t, strides...))
}

func TestStridedSliceNumpy(t *testing.T) {
	x := tensor(t, []int{3, 4, 5}, iota32(60)...)
	for i, c := range stridedSliceCases {
		got, err := stridedSlice(t, x, c.begin, c.end, c.strides, c.bm, c.em, c.elm, c.nam, c.sam)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		wantInts(t, got, memref.Int32, c.shape, ints64(c.want...)...)
	}
}

func TestStridedSlice(t *testing.T) {
	x := tensor(t, []int{5}, iota32(5)...)
	// x[::-1], x[-1], x[10:], x[-10:2], x[3:0:-1], x[::7].
	got, err := stridedSlice(t, x, []int32{0}, []int32{0}, []int32{-1}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	wantInts(t, got, memref.Int32, []int{5}, 4, 3, 2, 1, 0)
	got, _ = stridedSlice(t, x, []int32{-1}, []int32{0}, []int32{1}, 0, 0, 0, 0, 1)
	wantInts(t, got, memref.Int32, []int{}, 4)
	got, _ = stridedSlice(t, x, []int32{10}, []int32{0}, []int32{1}, 0, 2)
	wantInts(t, got, memref.Int32, []int{0})
	got, _ = stridedSlice(t, x, []int32{-10}, []int32{2}, []int32{1})
	wantInts(t, got, memref.Int32, []int{2}, 0, 1)
	got, _ = stridedSlice(t, x, []int32{3}, []int32{0}, []int32{-1})
	wantInts(t, got, memref.Int32, []int{3}, 3, 2, 1)
	got, _ = stridedSlice(t, x, []int32{0}, []int32{0}, []int32{7}, 1, 1)
	wantInts(t, got, memref.Int32, []int{1}, 0)
	// A shrink entry ignores begin_mask and end: x[2] with begin_mask set.
	got, _ = stridedSlice(t, x, []int32{2}, []int32{0}, []int32{1}, 1, 0, 0, 0, 1)
	wantInts(t, got, memref.Int32, []int{}, 2)
	// New axis and shrink on one entry: the new axis wins.
	got, _ = stridedSlice(t, x, []int32{1, 0}, []int32{2, 2}, []int32{1, 1}, 0, 0, 0, 1, 1)
	wantInts(t, got, memref.Int32, []int{1, 2}, 0, 1)
	// Zero-size input dims and odd sizes.
	e := tensor(t, []int{0, 13}, []int32{}...)
	got, _ = stridedSlice(t, e, []int32{0, 1}, []int32{0, 13}, []int32{1, 3}, 1)
	wantInts(t, got, memref.Int32, []int{0, 4})
	y := tensor(t, []int{13}, iota32(13)...)
	got, _ = stridedSlice(t, y, []int32{-2}, []int32{-14}, []int32{-4})
	wantInts(t, got, memref.Int32, []int{3}, 11, 7, 3)
	// i64 spec and a float input.
	f := tensor(t, []int{2, 2}, float32(1), 2, 3, 4)
	got, err = runOp(t, "tf.StridedSlice", nil, mlir.Unranked(memref.Float32), f, vec(t, int64(1)), vec(t, int64(2)), vec(t, int64(1)))
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, got, memref.Float32, []int{1, 2}, 3, 4)

	bad := []struct {
		begin, end, strides []int32
		masks               []int64
		want                string
	}{
		{[]int32{0}, []int32{1}, []int32{0}, nil, "strides[0] must be non-zero"},
		{[]int32{5}, []int32{6}, []int32{1}, []int64{0, 0, 0, 0, 1}, "slice index 5 of dimension 0 out of bounds."},
		{[]int32{-6}, []int32{6}, []int32{1}, []int64{0, 0, 0, 0, 1}, "slice index -1 of dimension 0 out of bounds."},
		{[]int32{0}, []int32{1}, []int32{-1}, []int64{0, 0, 0, 0, 1}, "only stride 1 allowed on non-range indexing."},
		{[]int32{0, 0}, []int32{1, 1}, []int32{1, 1}, []int64{0, 0, 3}, "Multiple ellipses in slice spec not allowed"},
		{[]int32{0, 0}, []int32{1, 1}, []int32{1, 1}, nil, "Index out of range using input dim 1; input has only 1 dims"},
		{[]int32{0}, []int32{1, 2}, []int32{1}, nil, "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [1], [2], and [1] instead."},
	}
	for _, b := range bad {
		_, err := stridedSlice(t, x, b.begin, b.end, b.strides, b.masks...)
		wantErr(t, err, "'tf.StridedSlice' op "+b.want)
	}
}

// dtTensor builds a tensor of any dtype holding small integers (i1: odd).
func dtTensor(dt memref.DType, shape []int, vals ...int64) *memref.Tensor {
	a := newArray(dt, shape)
	for i, v := range vals {
		switch kindOf(dt) {
		case kFloat:
			a.f[i] = float64(v)
		case kSigned:
			a.s[i] = v
		case kUnsigned:
			a.u[i] = uint64(v)
		case kBool:
			a.b[i] = v%2 != 0
		case kComplex:
			a.c[i] = complex(float64(v), 0)
		}
	}
	return store(a)
}

// TestDataMovementAllTypes moves the same values through every data op in
// every element type.
func TestDataMovementAllTypes(t *testing.T) {
	for _, dt := range memref.AllDTypes() {
		t.Run(dt.String(), func(t *testing.T) {
			x := dtTensor(dt, []int{2, 3}, 1, 2, 3, 4, 5, 6)
			check := func(got *memref.Tensor, err error, shape []int, want ...int64) {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
				exp := dtTensor(dt, shape, want...)
				if got.Type() != exp.Type() || string(got.Data) != string(exp.Data) {
					t.Fatalf("got %s %v, want %s %v", got.Type(), got.Data, exp.Type(), exp.Data)
				}
			}
			run := func(name string, attrs mlir.DictAttr, args ...*memref.Tensor) (*memref.Tensor, error) {
				return runOp(t, name, attrs, mlir.Unranked(dt), args...)
			}
			got, err := run("tf.Transpose", nil, x, vec(t, int32(1), 0))
			check(got, err, []int{3, 2}, 1, 4, 2, 5, 3, 6)
			got, err = run("tf.ReverseV2", nil, x, vec(t, int32(1)))
			check(got, err, []int{2, 3}, 3, 2, 1, 6, 5, 4)
			got, err = run("tf.Tile", nil, x, vec(t, int32(1), 2))
			check(got, err, []int{2, 6}, 1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6)
			got, err = run("tf.Pad", nil, x, tensor(t, []int{2, 2}, int32(0), 1, 1, 0))
			check(got, err, []int{3, 4}, 0, 1, 2, 3, 0, 4, 5, 6, 0, 0, 0, 0)
			got, err = run("tf.ConcatV2", nil, x, x, memref.Scalar(int32(0)))
			check(got, err, []int{4, 3}, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6)
			got, err = run("tf.Pack", nil, x, x)
			check(got, err, []int{2, 2, 3}, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6)
			got, err = run("tf.GatherV2", nil, x, vec(t, int32(2), 0), memref.Scalar(int32(1)))
			check(got, err, []int{2, 2}, 3, 1, 6, 4)
			got, err = run("tf.Slice", nil, x, vec(t, int32(1), 1), vec(t, int32(1), -1))
			check(got, err, []int{1, 2}, 5, 6)
			got, err = stridedSlice(t, x, []int32{0, -1}, []int32{0, 0}, []int32{1, -2}, 1, 3) // x[:, -1::-2]
			check(got, err, []int{2, 2}, 3, 1, 6, 4)
			got, err = run("tf.BroadcastTo", nil, dtTensor(dt, []int{1, 3}, 7, 8, 9), vec(t, int32(2), 3))
			check(got, err, []int{2, 3}, 7, 8, 9, 7, 8, 9)
			got, err = run("tf.Reshape", nil, x, vec(t, int32(3), -1))
			check(got, err, []int{3, 2}, 1, 2, 3, 4, 5, 6)
			got, err = run("tf.Fill", nil, vec(t, int32(2)), dtTensor(dt, nil, 5))
			check(got, err, []int{2}, 5, 5)
			got, err = run("tf.TensorScatterUpdate", nil, x, tensor(t, []int{1, 2}, int32(1), 2), dtTensor(dt, []int{1}, 9))
			check(got, err, []int{2, 3}, 1, 2, 3, 4, 5, 9)
			got, err = run("tf.OneHot", nil, vec(t, int32(1), 0), memref.Scalar(int32(2)), dtTensor(dt, nil, 3), dtTensor(dt, nil, 0))
			check(got, err, []int{2, 2}, 0, 3, 3, 0)
			got, err = run("tf.ZerosLike", nil, x)
			check(got, err, []int{2, 3}, 0, 0, 0, 0, 0, 0)
			if dt == memref.Bool {
				return
			}
			got, err = run("tf.MatMul", nil, x, dtTensor(dt, []int{3, 1}, 1, 1, 1))
			check(got, err, []int{2, 1}, 6, 15)
			if dt.IsComplex() {
				return // no order, so no ClipByValue, Range, ArgMax
			}
			got, err = run("tf.Cumsum", nil, x, memref.Scalar(int32(1)))
			check(got, err, []int{2, 3}, 1, 3, 6, 4, 9, 15)
			got, err = run("tf.ClipByValue", nil, x, dtTensor(dt, nil, 2), dtTensor(dt, nil, 5))
			check(got, err, []int{2, 3}, 2, 2, 3, 4, 5, 5)
			got, err = run("tf.Range", nil, dtTensor(dt, nil, 1), dtTensor(dt, nil, 7), dtTensor(dt, nil, 2))
			check(got, err, []int{3}, 1, 3, 5)
			got, err = run("tf.Einsum", mlir.DictAttr{{Name: "equation", Value: mlir.StringAttr("ij->j")}}, x)
			check(got, err, []int{3}, 5, 7, 9)
			got, err = run("tf.TensorScatterAdd", nil, x, tensor(t, []int{1, 2}, int32(0), 0), dtTensor(dt, []int{1}, 9))
			check(got, err, []int{2, 3}, 10, 2, 3, 4, 5, 6)
			am, err := runOp(t, "tf.ArgMax", nil, mlir.Unranked(memref.Int32), x, memref.Scalar(int32(1)))
			if err != nil {
				t.Fatal(err)
			}
			wantInts(t, am, memref.Int32, []int{2}, 2, 2)
		})
	}
}
