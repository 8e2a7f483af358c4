package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// floatEdges are the inputs every float unary op is checked on.
var floatEdges = []float64{nan, inf, -inf, 0, negZ, 0.5, -0.5, 1.5, 2.5, -2.5, 4, -4, tiny}

// tiny is a variable so that expressions with it are computed in float64.
var tiny = 1e-30

func TestUnaryFloat(t *testing.T) {
	r32 := func(x float64) float64 { return float64(float32(x)) }
	cases := []struct {
		op   string
		want []float64 // per floatEdges, exact in f64
	}{
		{"tf.Abs", []float64{nan, inf, inf, 0, 0, 0.5, 0.5, 1.5, 2.5, 2.5, 4, 4, 1e-30}},
		{"tf.Neg", []float64{nan, -inf, inf, negZ, 0, -0.5, 0.5, -1.5, -2.5, 2.5, -4, 4, -1e-30}},
		{"tf.Relu", []float64{nan, inf, 0, 0, 0, 0.5, 0, 1.5, 2.5, 0, 4, 0, 1e-30}},
		{"tf.Relu6", []float64{nan, 6, 0, 0, 0, 0.5, 0, 1.5, 2.5, 0, 4, 0, 1e-30}},
		{"tf.Square", []float64{nan, inf, inf, 0, 0, 0.25, 0.25, 2.25, 6.25, 6.25, 16, 16, tiny * tiny}},
		{"tf.Floor", []float64{nan, inf, -inf, 0, negZ, 0, -1, 1, 2, -3, 4, -4, 0}},
		{"tf.Ceil", []float64{nan, inf, -inf, 0, negZ, 1, negZ, 2, 3, -2, 4, -4, 1}},
		{"tf.Round", []float64{nan, inf, -inf, 0, negZ, 0, negZ, 2, 2, -2, 4, -4, 0}},
		{"tf.Rint", []float64{nan, inf, -inf, 0, negZ, 0, negZ, 2, 2, -2, 4, -4, 0}},
		{"tf.Sign", []float64{nan, 1, -1, 0, 0, 1, -1, 1, 1, -1, 1, -1, 1}},
		{"tf.Reciprocal", []float64{nan, 0, negZ, inf, -inf, 2, -2, 1 / 1.5, 0.4, -0.4, 0.25, -0.25, 1 / tiny}},
		{"tf.Sqrt", []float64{nan, inf, nan, 0, negZ, math.Sqrt(0.5), nan, math.Sqrt(1.5), math.Sqrt(2.5), nan, 2, nan, math.Sqrt(tiny)}},
		{"tf.Rsqrt", []float64{nan, 0, nan, inf, -inf, 1 / math.Sqrt(0.5), nan, 1 / math.Sqrt(1.5), 1 / math.Sqrt(2.5), nan, 0.5, nan, 1 / math.Sqrt(tiny)}},
		{"tf.Exp", []float64{nan, inf, 0, 1, 1, math.Exp(0.5), math.Exp(-0.5), math.Exp(1.5), math.Exp(2.5), math.Exp(-2.5), math.Exp(4), math.Exp(-4), 1}},
		{"tf.Log", []float64{nan, inf, nan, -inf, -inf, math.Log(0.5), nan, math.Log(1.5), math.Log(2.5), nan, math.Log(4), nan, math.Log(1e-30)}},
		{"tf.Log1p", []float64{nan, inf, nan, 0, negZ, math.Log1p(0.5), math.Log1p(-0.5), math.Log1p(1.5), math.Log1p(2.5), nan, math.Log1p(4), nan, 1e-30}},
		{"tf.Tanh", []float64{nan, 1, -1, 0, negZ, math.Tanh(0.5), -math.Tanh(0.5), math.Tanh(1.5), math.Tanh(2.5), -math.Tanh(2.5), math.Tanh(4), -math.Tanh(4), 1e-30}},
		{"tf.Sigmoid", []float64{nan, 1, 0, 0.5, 0.5, 1 / (1 + math.Exp(-0.5)), 1 / (1 + math.Exp(0.5)), 1 / (1 + math.Exp(-1.5)), 1 / (1 + math.Exp(-2.5)), 1 / (1 + math.Exp(2.5)), 1 / (1 + math.Exp(-4)), 1 / (1 + math.Exp(4)), 0.5}},
		{"tf.Sin", []float64{nan, nan, nan, 0, negZ, math.Sin(0.5), math.Sin(-0.5), math.Sin(1.5), math.Sin(2.5), math.Sin(-2.5), math.Sin(4), math.Sin(-4), 1e-30}},
		{"tf.Cos", []float64{nan, nan, nan, 1, 1, math.Cos(0.5), math.Cos(0.5), math.Cos(1.5), math.Cos(2.5), math.Cos(2.5), math.Cos(4), math.Cos(4), 1}},
		{"tf.Erf", []float64{nan, 1, -1, 0, negZ, math.Erf(0.5), -math.Erf(0.5), math.Erf(1.5), math.Erf(2.5), -math.Erf(2.5), math.Erf(4), -math.Erf(4), math.Erf(1e-30)}},
	}
	for _, c := range cases {
		t.Run(c.op, func(t *testing.T) {
			// f64: exactly the float64 computation.
			got := mustOp(t, c.op, nil, memref.Float64, vec(t, floatEdges...))
			wantFloats(t, got, memref.Float64, []int{len(floatEdges)}, c.want...)
			// f32: the float64 result of the f32 inputs, rounded once.
			in32 := make([]float32, len(floatEdges))
			for i, v := range floatEdges {
				in32[i] = float32(v)
			}
			got = mustOp(t, c.op, nil, memref.Float32, vec(t, in32...))
			want32 := make([]float64, len(c.want))
			for i, w := range c.want {
				if floatEdges[i] == tiny { // not an f32 value: recompute
					w = unaryOps[c.op].f(float64(in32[i]))
				}
				want32[i] = r32(w)
			}
			wantFloats(t, got, memref.Float32, []int{len(in32)}, want32...)
		})
	}
}

func TestUnaryF16(t *testing.T) {
	// f16 results are rounded from the float64 result, once.
	x := f16s(t, []int{6}, 0.5, -2.5, 65504, 0x1p-14, 0x1p-24, nan)
	wantFloats(t, mustOp(t, "tf.Square", nil, memref.Float16, x), memref.Float16, []int{6},
		0.25, 6.25, inf, 0, 0, nan) // 2^-28 and 2^-48 are below half the least subnormal, 2^-25
	wantFloats(t, mustOp(t, "tf.Exp", nil, memref.Float16, f16s(t, []int{3}, 1, 11, -20)), memref.Float16, []int{3},
		2.71875, 59872, 0) // e: spacing 2^-9; e^11 = 59874.14: spacing 32; e^-20 < 2^-25
	wantFloats(t, mustOp(t, "tf.Sqrt", nil, memref.Float16, f16s(t, []int{2}, 2, 0x1p-24)), memref.Float16, []int{2},
		1.4140625, 0x1p-12) // √2 = 1.41421: spacing 2^-10
}

func TestUnaryInt(t *testing.T) {
	x := vec(t, int8(-128), -7, -1, 0, 1, 7, 127)
	cases := []struct {
		op   string
		want []int64
	}{
		{"tf.Abs", []int64{-128, 7, 1, 0, 1, 7, 127}},
		{"tf.Neg", []int64{-128, 7, 1, 0, -1, -7, -127}},
		{"tf.Relu", []int64{0, 0, 0, 0, 1, 7, 127}},
		{"tf.Relu6", []int64{0, 0, 0, 0, 1, 6, 6}},
		{"tf.Square", []int64{0, 49, 1, 0, 1, 49, 1}},
		{"tf.Round", []int64{-128, -7, -1, 0, 1, 7, 127}},
		{"tf.Rint", []int64{-128, -7, -1, 0, 1, 7, 127}},
		{"tf.Sign", []int64{-1, -1, -1, 0, 1, 1, 1}},
		{"tf.Reciprocal", []int64{0, 0, -1, -1, 1, 0, 0}}, // 1/0 = -1: XLA's x / 0 (tf2xla Reciprocal is 1 / x)
	}
	for _, c := range cases {
		t.Run(c.op, func(t *testing.T) {
			wantInts(t, mustOp(t, c.op, nil, memref.Int8, x), memref.Int8, []int{7}, c.want...)
		})
	}
	// INT_MIN of i64 wraps the same way.
	x64 := vec(t, int64(math.MinInt64), math.MaxInt64)
	wantInts(t, mustOp(t, "tf.Abs", nil, memref.Int64, x64), memref.Int64, []int{2}, math.MinInt64, math.MaxInt64)
	wantInts(t, mustOp(t, "tf.Neg", nil, memref.Int64, x64), memref.Int64, []int{2}, math.MinInt64, -math.MaxInt64)
	wantInts(t, mustOp(t, "tf.Square", nil, memref.Int64, x64), memref.Int64, []int{2}, 0, 1)
	// Unsigned.
	u := vec(t, uint16(0), 1, 7, 65535)
	wantUints(t, mustOp(t, "tf.Neg", nil, memref.Uint16, u), memref.Uint16, []int{4}, 0, 65535, 65529, 1)
	wantUints(t, mustOp(t, "tf.Relu6", nil, memref.Uint16, u), memref.Uint16, []int{4}, 0, 1, 6, 6)
	wantUints(t, mustOp(t, "tf.Square", nil, memref.Uint16, u), memref.Uint16, []int{4}, 0, 1, 49, 1)
	wantUints(t, mustOp(t, "tf.Sign", nil, memref.Uint16, u), memref.Uint16, []int{4}, 0, 1, 1, 1)
	wantUints(t, mustOp(t, "tf.Reciprocal", nil, memref.Uint16, u), memref.Uint16, []int{4}, 65535, 1, 0, 0)
}

func TestUnaryBoolResults(t *testing.T) {
	got := mustOp(t, "tf.IsFinite", nil, memref.Bool, vec(t, floatEdges...))
	wantBools(t, got, []int{len(floatEdges)}, false, false, false, true, true, true, true, true, true, true, true, true, true)
	got = mustOp(t, "tf.IsFinite", nil, memref.Bool, f16s(t, []int{2, 1}, 65504, inf))
	wantBools(t, got, []int{2, 1}, true, false)
	got = mustOp(t, "tf.LogicalNot", nil, memref.Bool, vec(t, true, false))
	wantBools(t, got, []int{2}, false, true)
}

func TestUnaryShapes(t *testing.T) {
	wantFloats(t, mustOp(t, "tf.Neg", nil, memref.Float32, memref.Scalar(float32(2))), memref.Float32, []int{}, -2)
	wantFloats(t, mustOp(t, "tf.Exp", nil, memref.Float32, tensor(t, []int{3, 0, 2}, []float32{}...)), memref.Float32, []int{3, 0, 2})
}

func TestUnaryElementTypes(t *testing.T) {
	cases := []struct {
		op   string
		arg  *memref.Tensor
		want string
	}{
		{"tf.Exp", vec(t, int32(1)), "k.mlir:2:8: 'tf.Exp' op does not support element type i32"},
		{"tf.Floor", vec(t, uint8(1)), "'tf.Floor' op does not support element type ui8"},
		{"tf.IsFinite", vec(t, int64(1)), "'tf.IsFinite' op does not support element type i64"},
		{"tf.LogicalNot", vec(t, float32(1)), "'tf.LogicalNot' op does not support element type f32"},
		{"tf.Neg", vec(t, true), "'tf.Neg' op does not support element type i1"},
	}
	for _, c := range cases {
		_, err := runOp(t, c.op, nil, mlir.Unranked(memref.Float32), c.arg)
		wantErr(t, err, c.want)
	}
}
