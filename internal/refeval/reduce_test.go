package refeval

import (
	"context"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// reduce evaluates op(x, axes) with the axes as a tf.Const.
func reduce(t *testing.T, op string, keepDims *bool, x, axes *memref.Tensor) (*memref.Tensor, error) {
	t.Helper()
	g := newGraph(typeOf(x))
	var attrs mlir.DictAttr
	if keepDims != nil {
		attrs = mlir.DictAttr{{Name: "keep_dims", Value: mlir.BoolAttr(*keepDims)}}
	}
	r := g.op(op, mlir.Unranked(x.DType), attrs, g.arg(0), g.constant(axes))
	out, err := Eval(context.Background(), g.ret(r), nil, []*memref.Tensor{x})
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

func mustReduce(t *testing.T, op string, keepDims *bool, x, axes *memref.Tensor) *memref.Tensor {
	t.Helper()
	out, err := reduce(t, op, keepDims, x, axes)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var (
	yes = new(bool)
	no  = new(bool)
)

func init() { *yes = true }

func TestReduceAxes(t *testing.T) {
	// x[i,j,k] = 100i + 10j + k over shape [2,3,2].
	var data []int32
	for i := 0; i < 2; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 2; k++ {
				data = append(data, int32(100*i+10*j+k))
			}
		}
	}
	x := tensor(t, []int{2, 3, 2}, data...)
	wantInts(t, mustReduce(t, "tf.Sum", nil, x, vec(t, int32(1))), memref.Int32, []int{2, 2},
		30, 33, 330, 333)
	wantInts(t, mustReduce(t, "tf.Sum", yes, x, vec(t, int64(1))), memref.Int32, []int{2, 1, 2},
		30, 33, 330, 333)
	wantInts(t, mustReduce(t, "tf.Sum", no, x, vec(t, int32(0), 2)), memref.Int32, []int{3},
		202, 242, 282)
	// Negative and duplicate axes; a scalar axis.
	wantInts(t, mustReduce(t, "tf.Sum", nil, x, vec(t, int32(-1), 2, -3)), memref.Int32, []int{3},
		202, 242, 282)
	wantInts(t, mustReduce(t, "tf.Max", yes, x, memref.Scalar(int64(-2))), memref.Int32, []int{2, 1, 2},
		20, 21, 120, 121)
	// Every axis; and no axis at all.
	wantInts(t, mustReduce(t, "tf.Sum", nil, x, vec(t, int32(0), 1, 2)), memref.Int32, []int{}, 726)
	wantInts(t, mustReduce(t, "tf.Sum", yes, x, vec(t, int32(2), 0, 1)), memref.Int32, []int{1, 1, 1}, 726)
	wantInts(t, mustReduce(t, "tf.Min", nil, x, tensor(t, []int{0}, []int32{}...)), memref.Int32, []int{2, 3, 2}, int64s(data)...)
	// Rank 0 operand with no axes.
	wantFloats(t, mustReduce(t, "tf.Mean", nil, memref.Scalar(2.5), tensor(t, []int{0}, []int64{}...)), memref.Float64, []int{}, 2.5)

	for _, c := range []struct {
		axes *memref.Tensor
		want string
	}{
		{vec(t, int32(3)), "k.mlir:3:8: 'tf.Sum' op Invalid reduction dimension (3 for input with 3 dimension(s))"},
		{vec(t, int32(0), -4), "Invalid reduction dimension (-4 for input with 3 dimension(s))"},
		{vec(t, int64(math.MinInt64)), "Invalid reduction dimension (-9223372036854775808 for input"},
		{vec(t, int16(0)), "'tf.Sum' op reduction axes must be i32 or i64, got i16"},
		{tensor(t, []int{1, 1}, int32(0)), "'tf.Sum' op reduction axes must be a scalar or a vector, got shape [1,1]"},
	} {
		_, err := reduce(t, "tf.Sum", nil, x, c.axes)
		wantErr(t, err, c.want)
	}
	_, err := reduce(t, "tf.Sum", nil, memref.Scalar(int32(1)), memref.Scalar(int32(0)))
	wantErr(t, err, "Invalid reduction dimension (0 for input with 0 dimension(s))")
	bad := mlir.DictAttr{{Name: "keep_dims", Value: mlir.IntAttr{Value: 1}}}
	_, err = runOp(t, "tf.Sum", bad, mlir.Unranked(memref.Int32), x, vec(t, int32(0)))
	wantErr(t, err, "keep_dims must be a bool, got 1")
}

func int64s(xs []int32) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}

func TestReduceAxesFromArgument(t *testing.T) {
	// The evaluator uses the runtime value of the axes, constrained or not.
	x := tensor(t, []int{2, 2}, float32(1), 2, 3, 4)
	axes := vec(t, int32(1))
	g := newGraph(typeOf(x), typeOf(axes))
	fn := g.ret(g.op("tf.Sum", mlir.Unranked(memref.Float32), nil, g.arg(0), g.arg(1)))
	for _, attrs := range []mlir.DictAttr{nil, {{Name: "jitrt.constraint", Value: mlir.StringAttr("value")}}} {
		fn.ArgAttrs[1] = attrs
		out, err := Eval(context.Background(), fn, nil, []*memref.Tensor{x, axes})
		if err != nil {
			t.Fatal(err)
		}
		wantFloats(t, out[0], memref.Float32, []int{2}, 3, 7)
	}
	// Axes computed by another op are known to the evaluator.
	g = newGraph(typeOf(x))
	ax := g.op("tf.Identity", typeOf(axes), nil, g.constant(vec(t, int32(0))))
	out, err := Eval(context.Background(), g.ret(g.op("tf.Prod", mlir.Unranked(memref.Float32), nil, g.arg(0), ax)), nil, []*memref.Tensor{x})
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[0], memref.Float32, []int{2}, 3, 8)
}

func TestReduceFloat(t *testing.T) {
	x := tensor(t, []int{4, 3},
		1, 2, 3,
		nan, 1, -inf,
		inf, -inf, negZ,
		0.5, 1e308, 1e308)
	rows := vec(t, int32(1))
	wantFloats(t, mustReduce(t, "tf.Sum", nil, x, rows), memref.Float64, []int{4}, 6, nan, nan, inf)
	wantFloats(t, mustReduce(t, "tf.Prod", nil, x, rows), memref.Float64, []int{4}, 6, nan, 0*math.Inf(1), inf)
	wantFloats(t, mustReduce(t, "tf.Max", nil, x, rows), memref.Float64, []int{4}, 3, nan, inf, 1e308)
	wantFloats(t, mustReduce(t, "tf.Min", nil, x, rows), memref.Float64, []int{4}, 1, nan, -inf, 0.5)
	wantFloats(t, mustReduce(t, "tf.Mean", nil, x, rows), memref.Float64, []int{4}, 2, nan, nan, inf)
	// Sums accumulate in float64: 2^24 + 1 + 1 in f32 is 2^24 + 2, not
	// 2^24 (which adding in f32 one at a time gives).
	y := vec(t, float32(16777216), 1, 1)
	wantFloats(t, mustReduce(t, "tf.Sum", nil, y, vec(t, int32(0))), memref.Float32, []int{}, 16777218)
	// The sum 6e38 overflows f32 but not float64, so the mean is finite.
	wantFloats(t, mustReduce(t, "tf.Mean", nil, vec(t, float32(3e38), 3e38), vec(t, int32(0))), memref.Float32, []int{}, float64(float32(3e38)))
	// f16: 2048 + 1 + 1 = 2050 exactly when accumulated wider.
	wantFloats(t, mustReduce(t, "tf.Sum", nil, f16s(t, []int{3}, 2048, 1, 1), vec(t, int32(0))), memref.Float16, []int{}, 2050)
	// Mean rounds once: 4/3 = 1.3333… → 1365·2^-10 = 1.3330078125.
	wantFloats(t, mustReduce(t, "tf.Mean", nil, f16s(t, []int{3}, 1, 1, 2), vec(t, int32(0))), memref.Float16, []int{}, 1.3330078125)
}

func TestReduceEmpty(t *testing.T) {
	f := tensor(t, []int{2, 0}, []float32{}...)
	ax := vec(t, int32(1))
	wantFloats(t, mustReduce(t, "tf.Sum", nil, f, ax), memref.Float32, []int{2}, 0, 0)
	wantFloats(t, mustReduce(t, "tf.Prod", nil, f, ax), memref.Float32, []int{2}, 1, 1)
	wantFloats(t, mustReduce(t, "tf.Max", nil, f, ax), memref.Float32, []int{2}, -inf, -inf)
	wantFloats(t, mustReduce(t, "tf.Min", nil, f, ax), memref.Float32, []int{2}, inf, inf)
	wantFloats(t, mustReduce(t, "tf.Mean", nil, f, ax), memref.Float32, []int{2}, nan, nan)
	wantFloats(t, mustReduce(t, "tf.Sum", yes, f, vec(t, int32(0))), memref.Float32, []int{1, 0})
	i := tensor(t, []int{2, 0}, []int16{}...)
	wantInts(t, mustReduce(t, "tf.Sum", nil, i, ax), memref.Int16, []int{2}, 0, 0)
	wantInts(t, mustReduce(t, "tf.Prod", nil, i, ax), memref.Int16, []int{2}, 1, 1)
	wantInts(t, mustReduce(t, "tf.Max", nil, i, ax), memref.Int16, []int{2}, math.MinInt16, math.MinInt16)
	wantInts(t, mustReduce(t, "tf.Min", nil, i, ax), memref.Int16, []int{2}, math.MaxInt16, math.MaxInt16)
	wantInts(t, mustReduce(t, "tf.Mean", nil, i, ax), memref.Int16, []int{2}, 0, 0)
	u := tensor(t, []int{1, 0}, []uint32{}...)
	wantUints(t, mustReduce(t, "tf.Max", nil, u, ax), memref.Uint32, []int{1}, 0)
	wantUints(t, mustReduce(t, "tf.Min", nil, u, ax), memref.Uint32, []int{1}, math.MaxUint32)
	wantUints(t, mustReduce(t, "tf.Mean", nil, u, ax), memref.Uint32, []int{1}, 0)
	b := tensor(t, []int{1, 0}, []bool{}...)
	wantBools(t, mustReduce(t, "tf.All", nil, b, ax), []int{1}, true)
	wantBools(t, mustReduce(t, "tf.Any", nil, b, ax), []int{1}, false)
}

func TestReduceInt(t *testing.T) {
	x := tensor(t, []int{2, 3}, int8(100), 100, 100, -128, -1, 7)
	ax := vec(t, int32(1))
	wantInts(t, mustReduce(t, "tf.Sum", nil, x, ax), memref.Int8, []int{2}, 44, -122)  // 300 wraps to 44
	wantInts(t, mustReduce(t, "tf.Prod", nil, x, ax), memref.Int8, []int{2}, 64, -128) // 10^6 mod 256 = 64; 896 mod 256 = 128
	wantInts(t, mustReduce(t, "tf.Mean", nil, x, ax), memref.Int8, []int{2}, 100, -40) // summed in 64 bits, as TF
	wantInts(t, mustReduce(t, "tf.Max", nil, x, ax), memref.Int8, []int{2}, 100, 7)
	wantInts(t, mustReduce(t, "tf.Min", nil, x, ax), memref.Int8, []int{2}, 100, -128)
	u := tensor(t, []int{3}, uint8(200), 100, 1)
	wantUints(t, mustReduce(t, "tf.Sum", nil, u, vec(t, int32(0))), memref.Uint8, []int{}, 45)
	wantUints(t, mustReduce(t, "tf.Mean", nil, u, vec(t, int32(0))), memref.Uint8, []int{}, 100) // 301/3
	wantUints(t, mustReduce(t, "tf.Prod", nil, u, vec(t, int32(0))), memref.Uint8, []int{}, 32)  // 20000 mod 256
	i64 := vec(t, int64(math.MaxInt64), 1, -7)
	wantInts(t, mustReduce(t, "tf.Sum", nil, i64, vec(t, int32(0))), memref.Int64, []int{}, math.MaxInt64-6) // wraps through INT_MIN
	wantInts(t, mustReduce(t, "tf.Mean", nil, i64, vec(t, int32(0))), memref.Int64, []int{}, (math.MaxInt64-6)/3)
}

func TestReduceBool(t *testing.T) {
	x := tensor(t, []int{2, 2}, true, false, true, true)
	wantBools(t, mustReduce(t, "tf.All", nil, x, vec(t, int32(1))), []int{2}, false, true)
	wantBools(t, mustReduce(t, "tf.Any", nil, x, vec(t, int32(0))), []int{2}, true, true)
	wantBools(t, mustReduce(t, "tf.All", yes, x, vec(t, int32(0), 1)), []int{1, 1}, false)
	_, err := reduce(t, "tf.All", nil, vec(t, float32(1)), vec(t, int32(0)))
	wantErr(t, err, "'tf.All' op does not support element type f32")
	_, err = reduce(t, "tf.Sum", nil, vec(t, true), vec(t, int32(0)))
	wantErr(t, err, "'tf.Sum' op does not support element type i1")
}

func TestSoftmax(t *testing.T) {
	x := tensor(t, []int{3, 3},
		1, 2, 3,
		1000, 1000, -inf,
		nan, 0, 0)
	e1, e2 := math.Exp(-2), math.Exp(-1)
	s := 1 + e1 + e2
	wantFloats(t, mustOp(t, "tf.Softmax", nil, memref.Float64, x), memref.Float64, []int{3, 3},
		e1/s, e2/s, 1/s,
		0.5, 0.5, 0,
		nan, nan, nan)
	wantFloats(t, mustOp(t, "tf.LogSoftmax", nil, memref.Float64, x), memref.Float64, []int{3, 3},
		-2-math.Log(s), -1-math.Log(s), -math.Log(s),
		-math.Ln2, -math.Ln2, -inf,
		nan, nan, nan)
	// f32 and f16 round once from float64; +Inf makes NaN (Inf - Inf).
	x32 := tensor(t, []int{1, 3}, float32(1), 2, 3)
	wantFloats(t, mustOp(t, "tf.Softmax", nil, memref.Float32, x32), memref.Float32, []int{1, 3},
		float64(float32(e1/s)), float64(float32(e2/s)), float64(float32(1/s)))
	wantFloats(t, mustOp(t, "tf.Softmax", nil, memref.Float16, f16s(t, []int{2}, 0, 0)), memref.Float16, []int{2}, 0.5, 0.5)
	wantFloats(t, mustOp(t, "tf.Softmax", nil, memref.Float32, vec(t, float32(inf), 1)), memref.Float32, []int{2}, nan, nan)
	wantFloats(t, mustOp(t, "tf.Softmax", nil, memref.Float32, tensor(t, []int{2, 0}, []float32{}...)), memref.Float32, []int{2, 0})
	_, err := runOp(t, "tf.Softmax", nil, mlir.Unranked(memref.Float32), memref.Scalar(float32(1)))
	wantErr(t, err, "'tf.Softmax' op logits must have >= 1 dimension, got []")
	_, err = runOp(t, "tf.LogSoftmax", nil, mlir.Unranked(memref.Int32), vec(t, int32(1)))
	wantErr(t, err, "'tf.LogSoftmax' op does not support element type i32")
}
