package refeval

import (
	"errors"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

func TestBinaryFloat(t *testing.T) {
	x := vec(t, 7, -7, 7, -7, 1, 0, negZ, inf, nan, 5.5, -0.5)
	y := vec(t, 2, 2, -2, -2, 0, 0, 3, 2, 1, inf, inf)
	cases := []struct {
		op   string
		want []float64
	}{
		{"tf.AddV2", []float64{9, -5, 5, -9, 1, 0, 3, inf, nan, inf, inf}},
		{"tf.Add", []float64{9, -5, 5, -9, 1, 0, 3, inf, nan, inf, inf}},
		{"tf.Sub", []float64{5, -9, 9, -5, 1, 0, -3, inf, nan, -inf, -inf}},
		{"tf.Mul", []float64{14, -14, -14, 14, 0, 0, negZ, inf, nan, inf, -inf}},
		{"tf.Div", []float64{3.5, -3.5, -3.5, 3.5, inf, nan, negZ, inf, nan, 0, negZ}},
		{"tf.RealDiv", []float64{3.5, -3.5, -3.5, 3.5, inf, nan, negZ, inf, nan, 0, negZ}},
		{"tf.FloorDiv", []float64{3, -4, -4, 3, inf, nan, negZ, inf, nan, 0, negZ}}, // floor(-0.5/inf) = floor(-0)
		{"tf.FloorMod", []float64{1, 1, -1, -1, nan, nan, negZ, nan, nan, 5.5, inf}},
		{"tf.Maximum", []float64{7, 2, 7, -2, 1, 0, 3, inf, nan, inf, inf}},
		{"tf.Minimum", []float64{2, -7, -2, -7, 0, 0, negZ, 2, nan, 5.5, -0.5}},
		{"tf.Pow", []float64{49, 49, 1.0 / 49, 1.0 / 49, 1, 1, negZ, inf, nan, inf, 0}},
		{"tf.SquaredDifference", []float64{25, 81, 81, 25, 1, 0, 9, inf, nan, inf, inf}},
	}
	for _, c := range cases {
		t.Run(c.op, func(t *testing.T) {
			wantFloats(t, mustOp(t, c.op, nil, memref.Float64, x, y), memref.Float64, []int{x.Len()}, c.want...)
		})
	}
}

func TestNaNPropagation(t *testing.T) {
	x := vec(t, nan, 1, nan, negZ)
	y := vec(t, 1, nan, nan, 0)
	wantFloats(t, mustOp(t, "tf.Maximum", nil, memref.Float64, x, y), memref.Float64, []int{4}, nan, nan, nan, 0)
	wantFloats(t, mustOp(t, "tf.Minimum", nil, memref.Float64, x, y), memref.Float64, []int{4}, nan, nan, nan, negZ)
}

func TestFloatRounding(t *testing.T) {
	// f32: 1 + 2^-24 is a tie that rounds to 1; 1 + 3·2^-24 rounds up.
	x := vec(t, float32(1), 1, 3e38, 0x1p-149)
	y := vec(t, float32(0x1p-24), 0x1.8p-23, 3e38, 0.5)
	wantFloats(t, mustOp(t, "tf.AddV2", nil, memref.Float32, x, y), memref.Float32, []int{4},
		1, 1+0x1p-22, inf, 0.5)
	wantFloats(t, mustOp(t, "tf.Mul", nil, memref.Float32, x, y), memref.Float32, []int{4},
		0x1p-24, 0x1.8p-23, inf, 0) // 2^-150 is a tie between 0 and 2^-149: even is 0
	// f16: 2048 + 1 is a tie (spacing 2 above 2048) that rounds to even.
	a := f16s(t, []int{3}, 2048, 2050, 65504)
	b := f16s(t, []int{3}, 1, 1, 16)
	wantFloats(t, mustOp(t, "tf.AddV2", nil, memref.Float16, a, b), memref.Float16, []int{3},
		2048, 2052, inf) // 65520 rounds past the largest f16
	wantFloats(t, mustOp(t, "tf.Sub", nil, memref.Float16, a, b), memref.Float16, []int{3},
		2047, 2048, 65472) // 65488 is a tie (spacing 32): even is 65472
	// f16 division: 1/3 → 0.333251953125 (0x3555).
	wantFloats(t, mustOp(t, "tf.Div", nil, memref.Float16, f16s(t, []int{1}, 1), f16s(t, []int{1}, 3)), memref.Float16, []int{1},
		0.333251953125)
}

func TestFloatFloorDivMod(t *testing.T) {
	// FloorDiv rounds x/y to the element type first: 1/0.1 is 10 in
	// float64 (numpy's floor_divide, which uses fmod, gives 9).
	x := vec(t, 1.0, -1, 1, 0.5, -0.5, 1e300)
	y := vec(t, 0.1, inf, -inf, 0, 0, 1e-300)
	wantFloats(t, mustOp(t, "tf.FloorDiv", nil, memref.Float64, x, y), memref.Float64, []int{6},
		10, negZ, negZ, inf, -inf, inf) // -1/inf = -0, not numpy's -1
	wantFloats(t, mustOp(t, "tf.FloorMod", nil, memref.Float64, x, y), memref.Float64, []int{6},
		math.Mod(1, 0.1), inf, -inf, nan, nan, math.Mod(1e300, 1e-300))
	// f32: 3/7 = 0.428571… rounded to f32 then floored; FloorMod of f32
	// values, exact before the final rounding.
	x32 := vec(t, float32(3), -3, 16777216)
	y32 := vec(t, float32(7), 7, 3)
	wantFloats(t, mustOp(t, "tf.FloorDiv", nil, memref.Float32, x32, y32), memref.Float32, []int{3},
		0, -1, 5592405)
	wantFloats(t, mustOp(t, "tf.FloorMod", nil, memref.Float32, x32, y32), memref.Float32, []int{3},
		3, 4, 1)
	// FloorMod with the sign fix: -1e-30 mod 1 = 1 - 1e-30, which rounds to 1.
	wantFloats(t, mustOp(t, "tf.FloorMod", nil, memref.Float32, vec(t, float32(-1e-30)), vec(t, float32(1))), memref.Float32, []int{1}, 1)
}

func TestSquaredDifferenceRoundsTheDifference(t *testing.T) {
	// (2^24+2) - 1 = 2^24+1 rounds to 2^24 in f32 (a tie, to even) before
	// squaring: 2^48. Squaring the exact difference would give 2^48+2^25.
	x := vec(t, float32(16777218))
	y := vec(t, float32(1))
	wantFloats(t, mustOp(t, "tf.SquaredDifference", nil, memref.Float32, x, y), memref.Float32, []int{1}, 0x1p48)
}

// TestBinaryIntDivision pins integer division to XLA's definition, which
// TF's JIT lowers to: xla/service/elemental_ir_emitter.cc EmitIntegerDivide
// and mhlo's map_mhlo_to_scalar_op.h (DivOp: "X / 0 == -1, INT_SMIN /s -1 =
// INT_SMIN"; RemOp: "X % 0 == X, INT_SMIN %s -1 = 0"). FloorDiv and
// FloorMod are TF's corrections on top (tf2xla/kernels/binary_ops.cc
// FloorDivImpl: z = x / y, z - 1 if z·y != x and the signs differ, so a
// negative x / 0 is -2; legalize_tf_patterns.td FloorMod: r = x % y, r + y
// if r != 0 and r, y differ in sign, so x % 0 is x).
func TestBinaryIntDivision(t *testing.T) {
	x := vec(t, int32(7), -7, 7, -7, 5, math.MinInt32, math.MinInt32, 0, -1, -5, 0)
	y := vec(t, int32(2), 2, -2, -2, 0, -1, 1, 3, 3, 0, 0)
	want := map[string][]int64{
		"tf.Div":      {3, -3, -3, 3, -1, math.MinInt32, math.MinInt32, 0, 0, -1, -1},
		"tf.RealDiv":  {3, -3, -3, 3, -1, math.MinInt32, math.MinInt32, 0, 0, -1, -1},
		"tf.FloorDiv": {3, -4, -4, 3, -1, math.MinInt32, math.MinInt32, 0, -1, -2, -1},
		"tf.FloorMod": {1, 1, -1, -1, 5, 0, 0, 0, 2, -5, 0},
	}
	for op, w := range want {
		wantInts(t, mustOp(t, op, nil, memref.Int32, x, y), memref.Int32, []int{11}, w...)
	}
	// i64 INT_MIN and i8.
	x64 := vec(t, int64(math.MinInt64), math.MinInt64, math.MinInt64)
	y64 := vec(t, int64(-1), 0, 3)
	wantInts(t, mustOp(t, "tf.FloorDiv", nil, memref.Int64, x64, y64), memref.Int64, []int{3}, math.MinInt64, -2, -3074457345618258603)
	wantInts(t, mustOp(t, "tf.FloorMod", nil, memref.Int64, x64, y64), memref.Int64, []int{3}, 0, math.MinInt64, 1)
	wantInts(t, mustOp(t, "tf.Div", nil, memref.Int8, vec(t, int8(-128)), vec(t, int8(-1))), memref.Int8, []int{1}, -128)
	// Unsigned: x / 0 is all ones, x % 0 is x.
	xu := vec(t, uint8(7), 200, 9)
	yu := vec(t, uint8(2), 0, 255)
	wantUints(t, mustOp(t, "tf.Div", nil, memref.Uint8, xu, yu), memref.Uint8, []int{3}, 3, 255, 0)
	wantUints(t, mustOp(t, "tf.FloorDiv", nil, memref.Uint8, xu, yu), memref.Uint8, []int{3}, 3, 255, 0)
	wantUints(t, mustOp(t, "tf.FloorMod", nil, memref.Uint8, xu, yu), memref.Uint8, []int{3}, 1, 200, 9)
	wantUints(t, mustOp(t, "tf.Div", nil, memref.Uint64, vec(t, uint64(5)), vec(t, uint64(0))), memref.Uint64, []int{1}, math.MaxUint64)
}

func TestBinaryIntWrap(t *testing.T) {
	x := vec(t, int8(127), -128, 100, -100, 3)
	y := vec(t, int8(1), -1, 100, 100, -4)
	wantInts(t, mustOp(t, "tf.AddV2", nil, memref.Int8, x, y), memref.Int8, []int{5}, -128, 127, -56, 0, -1)
	wantInts(t, mustOp(t, "tf.Sub", nil, memref.Int8, x, y), memref.Int8, []int{5}, 126, -127, 0, 56, 7)
	wantInts(t, mustOp(t, "tf.Mul", nil, memref.Int8, x, y), memref.Int8, []int{5}, 127, -128, 16, -16, -12)
	wantInts(t, mustOp(t, "tf.Maximum", nil, memref.Int8, x, y), memref.Int8, []int{5}, 127, -1, 100, 100, 3)
	wantInts(t, mustOp(t, "tf.Minimum", nil, memref.Int8, x, y), memref.Int8, []int{5}, 1, -128, 100, -100, -4)
	// (127-1)² = 15876 = 0x3E04 → 4; (-128 - -1)² = 16129 = 0x3F01 → 1;
	// (-100-100) wraps to 56 first: 56² = 3136 = 0xC40 → 64; 7² = 49.
	wantInts(t, mustOp(t, "tf.SquaredDifference", nil, memref.Int8, x, y), memref.Int8, []int{5}, 4, 1, 0, 64, 49)
	xu := vec(t, uint32(math.MaxUint32), 0, 5)
	yu := vec(t, uint32(1), 1, 7)
	wantUints(t, mustOp(t, "tf.AddV2", nil, memref.Uint32, xu, yu), memref.Uint32, []int{3}, 0, 1, 12)
	wantUints(t, mustOp(t, "tf.Sub", nil, memref.Uint32, xu, yu), memref.Uint32, []int{3}, math.MaxUint32-1, math.MaxUint32, math.MaxUint32-1)
	wantUints(t, mustOp(t, "tf.SquaredDifference", nil, memref.Uint32, xu, yu), memref.Uint32, []int{3}, 4, 1, 4)
	x64 := vec(t, uint64(math.MaxUint64), 1<<63)
	wantUints(t, mustOp(t, "tf.Mul", nil, memref.Uint64, x64, vec(t, uint64(2), 2)), memref.Uint64, []int{2}, math.MaxUint64-1, 0)
}

func TestIntPow(t *testing.T) {
	x := vec(t, int32(2), 2, 2, 0, 0, 1, -1, -1, 5, -3, 3)
	y := vec(t, int32(10), 31, 32, 0, 5, -7, -2, -3, -1, 3, 21)
	// 3^21 = 10460353203 wraps to 10460353203 - 2·2^32 = 1870418611.
	wantInts(t, mustOp(t, "tf.Pow", nil, memref.Int32, x, y), memref.Int32, []int{11},
		1024, math.MinInt32, 0, 1, 0, 1, 1, -1, 0, -27, 1870418611)
	wantUints(t, mustOp(t, "tf.Pow", nil, memref.Uint8, vec(t, uint8(3), 0, 2), vec(t, uint8(5), 0, 8)), memref.Uint8, []int{3},
		243, 1, 0)
	wantInts(t, mustOp(t, "tf.Pow", nil, memref.Int64, vec(t, int64(3)), vec(t, int64(40))), memref.Int64, []int{1}, -6289078614652622815) // 3^40 - 2^64
}

func TestFloatPow(t *testing.T) {
	x := vec(t, 0, negZ, -8, -8, 1, nan, 2, -inf)
	y := vec(t, 0, -1, 1.0/3, 3, nan, 0, -1075, -3)
	wantFloats(t, mustOp(t, "tf.Pow", nil, memref.Float64, x, y), memref.Float64, []int{8},
		1, -inf, nan, -512, 1, 1, 0, negZ)
	wantFloats(t, mustOp(t, "tf.Pow", nil, memref.Float32, vec(t, float32(2)), vec(t, float32(128))), memref.Float32, []int{1}, inf)
}

func TestComparisons(t *testing.T) {
	x := vec(t, 1, 2, 3, nan, negZ, inf)
	y := vec(t, 2, 2, 2, nan, 0, inf)
	want := map[string][]bool{
		"tf.Equal":        {false, true, false, false, true, true},
		"tf.NotEqual":     {true, false, true, true, false, false},
		"tf.Less":         {true, false, false, false, false, false},
		"tf.LessEqual":    {true, true, false, false, true, true},
		"tf.Greater":      {false, false, true, false, false, false},
		"tf.GreaterEqual": {false, true, true, false, true, true},
	}
	for op, w := range want {
		wantBools(t, mustOp(t, op, nil, memref.Bool, x, y), []int{6}, w...)
	}
	// Unsigned order and signed order differ for the same bits.
	wantBools(t, mustOp(t, "tf.Less", nil, memref.Bool, vec(t, uint64(1)), vec(t, uint64(1<<63))), []int{1}, true)
	wantBools(t, mustOp(t, "tf.Less", nil, memref.Bool, vec(t, int64(1)), vec(t, int64(math.MinInt64))), []int{1}, false)
	wantBools(t, mustOp(t, "tf.Equal", nil, memref.Bool, vec(t, true, false), vec(t, true, true)), []int{2}, true, false)
	wantBools(t, mustOp(t, "tf.GreaterEqual", nil, memref.Bool, f16s(t, []int{1}, 65504), f16s(t, []int{1}, inf)), []int{1}, false)
	_, err := runOp(t, "tf.Less", nil, mlir.Unranked(memref.Bool), vec(t, true), vec(t, false))
	wantErr(t, err, "'tf.Less' op does not support element type i1")
}

// TestEqualIncompatibleShapes pins TF's CPU kernel for Equal/NotEqual with
// incompatible_shape_error = false (core/kernels/cwise_ops_common.cc,
// BinaryOpShared::BinaryOpState: an invalid BCast with the attribute false
// allocates a rank-0 output set to `op == "NotEqual"`): incompatible shapes
// give a scalar false (true for NotEqual), compatible ones broadcast as
// usual, and the default (true) keeps the error.
func TestEqualIncompatibleShapes(t *testing.T) {
	noErr := mlir.DictAttr{{Name: "incompatible_shape_error", Value: mlir.BoolAttr(false)}}
	x, y := vec(t, float32(1), 2), vec(t, float32(1), 2, 3)
	wantBools(t, mustOp(t, "tf.Equal", noErr, memref.Bool, x, y), []int{}, false)
	wantBools(t, mustOp(t, "tf.NotEqual", noErr, memref.Bool, x, y), []int{}, true)
	wantBools(t, mustOp(t, "tf.Equal", noErr, memref.Bool, x, vec(t, float32(1), 3)), []int{2}, true, false)
	wantBools(t, mustOp(t, "tf.NotEqual", noErr, memref.Bool, x, memref.Scalar(float32(2))), []int{2}, true, false)
	_, err := runOp(t, "tf.Equal", nil, mlir.Unranked(memref.Bool), x, y)
	wantErr(t, err, "Incompatible shapes: [2] vs. [3]")
	_, err = runOp(t, "tf.Less", noErr, mlir.Unranked(memref.Bool), x, y)
	wantErr(t, err, "Incompatible shapes: [2] vs. [3]")
}

func TestLogicalAndBitwise(t *testing.T) {
	p := vec(t, true, true, false, false)
	q := vec(t, true, false, true, false)
	wantBools(t, mustOp(t, "tf.LogicalAnd", nil, memref.Bool, p, q), []int{4}, true, false, false, false)
	wantBools(t, mustOp(t, "tf.LogicalOr", nil, memref.Bool, p, q), []int{4}, true, true, true, false)
	x := vec(t, int16(-1), 0x0ff0, math.MinInt16)
	y := vec(t, int16(0x1234), 0x00ff, -1)
	wantInts(t, mustOp(t, "tf.BitwiseAnd", nil, memref.Int16, x, y), memref.Int16, []int{3}, 0x1234, 0x00f0, math.MinInt16)
	wantInts(t, mustOp(t, "tf.BitwiseOr", nil, memref.Int16, x, y), memref.Int16, []int{3}, -1, 0x0fff, -1)
	wantInts(t, mustOp(t, "tf.BitwiseXor", nil, memref.Int16, x, y), memref.Int16, []int{3}, ^0x1234, 0x0f0f, math.MaxInt16)
	wantUints(t, mustOp(t, "tf.BitwiseXor", nil, memref.Uint64, vec(t, uint64(math.MaxUint64)), vec(t, uint64(1))), memref.Uint64, []int{1}, math.MaxUint64-1)
	for _, c := range []struct {
		op  string
		arg *memref.Tensor
	}{{"tf.BitwiseAnd", vec(t, float32(1))}, {"tf.BitwiseOr", vec(t, true)}, {"tf.LogicalAnd", vec(t, int8(1))}, {"tf.AddV2", vec(t, true)}} {
		_, err := runOp(t, c.op, nil, mlir.Unranked(memref.Bool), c.arg, c.arg)
		wantErr(t, err, "'"+c.op+"' op does not support element type "+c.arg.DType.String())
	}
}

func TestBroadcasting(t *testing.T) {
	col := tensor(t, []int{2, 1}, int32(10), 20)
	row := tensor(t, []int{3}, int32(1), 2, 3)
	wantInts(t, mustOp(t, "tf.AddV2", nil, memref.Int32, col, row), memref.Int32, []int{2, 3}, 11, 12, 13, 21, 22, 23)
	wantInts(t, mustOp(t, "tf.Sub", nil, memref.Int32, row, col), memref.Int32, []int{2, 3}, -9, -8, -7, -19, -18, -17)
	// Rank 0 with anything; 1 with 0 gives 0.
	wantInts(t, mustOp(t, "tf.Mul", nil, memref.Int32, memref.Scalar(int32(2)), col), memref.Int32, []int{2, 1}, 20, 40)
	wantInts(t, mustOp(t, "tf.Mul", nil, memref.Int32, memref.Scalar(int32(2)), memref.Scalar(int32(3))), memref.Int32, []int{}, 6)
	empty := tensor(t, []int{0, 1}, []int32{}...)
	wantInts(t, mustOp(t, "tf.AddV2", nil, memref.Int32, empty, row), memref.Int32, []int{0, 3})
	wantInts(t, mustOp(t, "tf.AddV2", nil, memref.Int32, tensor(t, []int{1, 0}, []int32{}...), col), memref.Int32, []int{2, 0})
	// Rank-4 broadcast against a middle dim.
	a := tensor(t, []int{2, 1, 2, 1}, int32(0), 1, 2, 3)
	b := tensor(t, []int{3, 1, 2}, int32(0), 10, 20, 30, 40, 50)
	got := mustOp(t, "tf.AddV2", nil, memref.Int32, a, b)
	checkShape(t, got, memref.Int32, []int{2, 3, 2, 2}, 24)
	// got[i,j,k,l] = a[i,0,k,0] + b[j,0,l]
	for i := 0; i < 2; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 2; k++ {
				for l := 0; l < 2; l++ {
					w := int64(i*2+k) + int64(10*(j*2+l))
					if g := int64(got.Bits64At(((i*3+j)*2+k)*2 + l)); g != w {
						t.Errorf("[%d,%d,%d,%d] = %d, want %d", i, j, k, l, g, w)
					}
				}
			}
		}
	}

	x := tensor(t, []int{2, 3}, make([]float32, 6)...)
	y := tensor(t, []int{4, 3}, make([]float32, 12)...)
	_, err := runOp(t, "tf.AddV2", nil, mlir.Unranked(memref.Float32), x, y)
	wantErr(t, err, "k.mlir:2:8: 'tf.AddV2' op Incompatible shapes: [2,3] vs. [4,3]")
	if !errors.Is(err, mlir.ErrInvalid) {
		t.Errorf("%v does not match mlir.ErrInvalid", err)
	}
	_, err = runOp(t, "tf.Less", nil, mlir.Unranked(memref.Bool), tensor(t, []int{0}, []float32{}...), vec(t, float32(1), 2))
	wantErr(t, err, "'tf.Less' op Incompatible shapes: [0] vs. [2]")
	_, err = runOp(t, "tf.AddV2", nil, mlir.Unranked(memref.Float32), vec(t, float32(1)), vec(t, float64(1)))
	wantErr(t, err, "'tf.AddV2' op operands 0 and 1 have different element types: f32 vs. f64")
}

func TestBiasAdd(t *testing.T) {
	x := tensor(t, []int{2, 2, 3}, int32(0), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
	wantInts(t, mustOp(t, "tf.BiasAdd", nil, memref.Int32, x, vec(t, int32(100), 200, 300)), memref.Int32, []int{2, 2, 3},
		100, 201, 302, 103, 204, 305, 106, 207, 308, 109, 210, 311)
	nhwc := mlir.DictAttr{{Name: "data_format", Value: mlir.StringAttr("NHWC")}}
	wantInts(t, mustOp(t, "tf.BiasAdd", nhwc, memref.Int32, x, vec(t, int32(100), 200, 300)), memref.Int32, []int{2, 2, 3},
		100, 201, 302, 103, 204, 305, 106, 207, 308, 109, 210, 311)
	nchw := mlir.DictAttr{{Name: "data_format", Value: mlir.StringAttr("NCHW")}}
	wantInts(t, mustOp(t, "tf.BiasAdd", nchw, memref.Int32, x, vec(t, int32(100), 200)), memref.Int32, []int{2, 2, 3},
		100, 101, 102, 203, 204, 205, 106, 107, 108, 209, 210, 211)
	wantFloats(t, mustOp(t, "tf.BiasAdd", nil, memref.Float16, f16s(t, []int{1, 2}, 2048, 1), f16s(t, []int{2}, 1, 0.5)), memref.Float16, []int{1, 2},
		2048, 1.5)
	wantUints(t, mustOp(t, "tf.BiasAdd", nil, memref.Uint8, tensor(t, []int{1, 1}, uint8(255)), vec(t, uint8(2))), memref.Uint8, []int{1, 1}, 1)
	wantInts(t, mustOp(t, "tf.BiasAdd", nil, memref.Int32, tensor(t, []int{0, 3}, []int32{}...), vec(t, int32(1), 2, 3)), memref.Int32, []int{0, 3})

	_, err := runOp(t, "tf.BiasAdd", nil, mlir.Unranked(memref.Int32), x, vec(t, int32(1), 2))
	wantErr(t, err, "'tf.BiasAdd' op Must provide as many biases as the channel dimension (dim 2) of the input tensor: [2] vs. [2,2,3]")
	_, err = runOp(t, "tf.BiasAdd", nil, mlir.Unranked(memref.Int32), vec(t, int32(1), 2), vec(t, int32(1), 2))
	wantErr(t, err, "'tf.BiasAdd' op Input tensor must be at least 2D: [2]")
	_, err = runOp(t, "tf.BiasAdd", nil, mlir.Unranked(memref.Int32), x, tensor(t, []int{1, 3}, int32(1), 2, 3))
	wantErr(t, err, "Must provide as many biases")
	_, err = runOp(t, "tf.BiasAdd", mlir.DictAttr{{Name: "data_format", Value: mlir.StringAttr("NDHWC")}}, mlir.Unranked(memref.Int32), x, vec(t, int32(1), 2, 3))
	wantErr(t, err, "data_format must be \"NHWC\" or \"NCHW\", got \"NDHWC\"")
	_, err = runOp(t, "tf.BiasAdd", nil, mlir.Unranked(memref.Bool), tensor(t, []int{1, 1}, true), vec(t, true))
	wantErr(t, err, "does not support element type i1")
}

func TestSelect(t *testing.T) {
	x := tensor(t, []int{2, 2}, float32(1), 2, 3, 4)
	y := tensor(t, []int{2, 2}, float32(-1), -2, -3, -4)
	same := tensor(t, []int{2, 2}, true, false, false, true)
	wantFloats(t, mustOp(t, "tf.Select", nil, memref.Float32, same, x, y), memref.Float32, []int{2, 2}, 1, -2, -3, 4)
	rows := vec(t, false, true)
	wantFloats(t, mustOp(t, "tf.Select", nil, memref.Float32, rows, x, y), memref.Float32, []int{2, 2}, -1, -2, 3, 4)
	wantFloats(t, mustOp(t, "tf.Select", nil, memref.Float32, memref.Scalar(false), x, y), memref.Float32, []int{2, 2}, -1, -2, -3, -4)
	wantInts(t, mustOp(t, "tf.Select", nil, memref.Int64, memref.Scalar(true), memref.Scalar(int64(5)), memref.Scalar(int64(6))), memref.Int64, []int{}, 5)
	wantBools(t, mustOp(t, "tf.Select", nil, memref.Bool, vec(t, true, false), vec(t, false, false), vec(t, true, true)), []int{2}, false, true)
	e := tensor(t, []int{0, 2}, []float32{}...)
	wantFloats(t, mustOp(t, "tf.Select", nil, memref.Float32, tensor(t, []int{0}, []bool{}...), e, e), memref.Float32, []int{0, 2})

	_, err := runOp(t, "tf.Select", nil, mlir.Unranked(memref.Float32), vec(t, true, false), vec(t, float32(1), 2), vec(t, float32(1)))
	wantErr(t, err, "'tf.Select' op 'then' and 'else' must have the same shape: [2] vs. [1]")
	_, err = runOp(t, "tf.Select", nil, mlir.Unranked(memref.Float32), vec(t, true, false), tensor(t, []int{1, 2}, float32(1), 2), tensor(t, []int{1, 2}, float32(1), 2))
	wantErr(t, err, "'tf.Select' op condition [2] must be a scalar, have the shape of 'then' [1,2], or be a vector of its first dim")
	_, err = runOp(t, "tf.Select", nil, mlir.Unranked(memref.Float32), vec(t, int8(1)), vec(t, float32(1)), vec(t, float32(1)))
	wantErr(t, err, "'tf.Select' op condition must be i1, got i8")
	_, err = runOp(t, "tf.Select", nil, mlir.Unranked(memref.Float32), vec(t, true), vec(t, float32(1)), vec(t, int32(1)))
	wantErr(t, err, "operands 1 and 2 have different element types: f32 vs. i32")
}

func TestSelectV2(t *testing.T) {
	cond := tensor(t, []int{2, 1}, true, false)
	x := vec(t, uint16(1), 2, 3)
	y := memref.Scalar(uint16(9))
	wantUints(t, mustOp(t, "tf.SelectV2", nil, memref.Uint16, cond, x, y), memref.Uint16, []int{2, 3}, 1, 2, 3, 9, 9, 9)
	wantUints(t, mustOp(t, "tf.SelectV2", nil, memref.Uint16, memref.Scalar(false), x, y), memref.Uint16, []int{3}, 9, 9, 9)
	_, err := runOp(t, "tf.SelectV2", nil, mlir.Unranked(memref.Uint16), vec(t, true, false), x, y)
	wantErr(t, err, "'tf.SelectV2' op Incompatible shapes: [2] vs. [3]")
	_, err = runOp(t, "tf.SelectV2", nil, mlir.Unranked(memref.Uint16), cond, x, vec(t, uint16(1), 2))
	wantErr(t, err, "'tf.SelectV2' op Incompatible shapes: [3] vs. [2]")
}
