package refeval

import (
	"math"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

func cast(t *testing.T, x *memref.Tensor, dst memref.DType) *memref.Tensor {
	t.Helper()
	return mustOp(t, "tf.Cast", nil, dst, x)
}

func TestCastFloatToInt(t *testing.T) {
	x := vec(t, nan, inf, -inf, 2.9, -2.9, 127.5, -128.9, 1e10, -1e10, negZ, 0.5)
	wantInts(t, cast(t, x, memref.Int8), memref.Int8, []int{11}, 0, 127, -128, 2, -2, 127, -128, 127, -128, 0, 0)
	wantInts(t, cast(t, x, memref.Int32), memref.Int32, []int{11}, 0, math.MaxInt32, math.MinInt32, 2, -2, 127, -128, math.MaxInt32, math.MinInt32, 0, 0)
	wantUints(t, cast(t, x, memref.Uint8), memref.Uint8, []int{11}, 0, 255, 0, 2, 0, 127, 0, 255, 0, 0, 0)
	// Near the top of i64 and ui64: 2^63 saturates, the f64 below it does not.
	big := vec(t, 0x1p63, 0x1p63-1024, -0x1p63, 0x1p64, 0x1p64-2048)
	wantInts(t, cast(t, big, memref.Int64), memref.Int64, []int{5},
		math.MaxInt64, 1<<63-1024, math.MinInt64, math.MaxInt64, math.MaxInt64)
	wantUints(t, cast(t, big, memref.Uint64), memref.Uint64, []int{5},
		1<<63, 1<<63-1024, 0, math.MaxUint64, math.MaxUint64-2047)
	wantInts(t, cast(t, f16s(t, []int{3}, 65504, -inf, -3.5), memref.Int16), memref.Int16, []int{3}, math.MaxInt16, math.MinInt16, -3)
	wantInts(t, cast(t, vec(t, float32(2147483520), 2147483648), memref.Int32), memref.Int32, []int{2}, 2147483520, math.MaxInt32)
}

func TestCastToBoolAndBack(t *testing.T) {
	wantBools(t, cast(t, vec(t, 0, negZ, nan, 1e-300, -inf), memref.Bool), []int{5}, false, false, true, true, true)
	wantBools(t, cast(t, vec(t, int8(0), -128, 1), memref.Bool), []int{3}, false, true, true)
	wantBools(t, cast(t, vec(t, uint64(0), 1<<63), memref.Bool), []int{2}, false, true)
	b := vec(t, true, false)
	wantFloats(t, cast(t, b, memref.Float16), memref.Float16, []int{2}, 1, 0)
	wantFloats(t, cast(t, b, memref.Float64), memref.Float64, []int{2}, 1, 0)
	wantInts(t, cast(t, b, memref.Int64), memref.Int64, []int{2}, 1, 0)
	wantUints(t, cast(t, b, memref.Uint32), memref.Uint32, []int{2}, 1, 0)
	wantBools(t, cast(t, b, memref.Bool), []int{2}, true, false)
}

func TestCastIntToInt(t *testing.T) {
	x := vec(t, int64(-1), 256, 255, 128, math.MinInt64, 70000)
	wantInts(t, cast(t, x, memref.Int8), memref.Int8, []int{6}, -1, 0, -1, -128, 0, 112)
	wantUints(t, cast(t, x, memref.Uint8), memref.Uint8, []int{6}, 255, 0, 255, 128, 0, 112)
	wantUints(t, cast(t, x, memref.Uint64), memref.Uint64, []int{6}, math.MaxUint64, 256, 255, 128, 1<<63, 70000)
	wantInts(t, cast(t, x, memref.Int16), memref.Int16, []int{6}, -1, 256, 255, 128, 0, 4464)
	u := vec(t, uint64(math.MaxUint64), 1<<31)
	wantInts(t, cast(t, u, memref.Int64), memref.Int64, []int{2}, -1, 1<<31)
	wantInts(t, cast(t, u, memref.Int32), memref.Int32, []int{2}, -1, math.MinInt32)
}

func TestCastIntToFloat(t *testing.T) {
	// 2^62 + 2^38 + 1 is just above the midpoint between two f32 values:
	// rounding once gives 2^62 + 2^39; through float64 it would be a tie
	// (2^62 + 2^38) and round to even, 2^62.
	x := vec(t, int64(1<<62+1<<38+1), 1<<24+1, -(1<<24 + 3), math.MinInt64, 65519, 65520, -70000)
	wantFloats(t, cast(t, x, memref.Float32), memref.Float32, []int{7},
		0x1p62+0x1p39, 0x1p24, -(0x1p24 + 4), -0x1p63, 65519, 65520, -70000)
	wantFloats(t, cast(t, x, memref.Float16), memref.Float16, []int{7},
		inf, inf, -inf, -inf, 65504, inf, -inf)
	wantFloats(t, cast(t, x, memref.Float64), memref.Float64, []int{7},
		0x1p62+0x1p38, 0x1p24+1, -(0x1p24 + 3), -0x1p63, 65519, 65520, -70000)
	u := vec(t, uint64(math.MaxUint64), 1<<63+1<<39+1, 2049)
	wantFloats(t, cast(t, u, memref.Float32), memref.Float32, []int{3}, 0x1p64, 0x1p63+0x1p40, 2049)
	wantFloats(t, cast(t, u, memref.Float16), memref.Float16, []int{3}, inf, inf, 2048)
	wantFloats(t, cast(t, vec(t, uint8(255)), memref.Float16), memref.Float16, []int{1}, 255)
}

func TestCastFloatToFloat(t *testing.T) {
	// 1 + 2^-11 + 2^-40 is just above the midpoint between the f16 values 1
	// and 1 + 2^-10: f64 → f16 rounds up, once. Through f32 it would first
	// become the tie 1 + 2^-11 and then round to even, 1.
	x := vec(t, 1+0x1p-11+0x1p-40, 65519.99, 65520, 0x1p-25, 0x1p-25+0x1p-60, 1e300, negZ, nan, -inf)
	wantFloats(t, cast(t, x, memref.Float16), memref.Float16, []int{9},
		1+0x1p-10, 65504, inf, 0, 0x1p-24, inf, negZ, nan, -inf)
	wantFloats(t, cast(t, x, memref.Float32), memref.Float32, []int{9},
		float64(float32(1+0x1p-11+0x1p-40)), 65519.98828125, 65520, 0x1p-25, float64(float32(0x1p-25+0x1p-60)), inf, negZ, nan, -inf)
	h := f16s(t, []int{3}, 0x1p-24, 65504, -2.5)
	wantFloats(t, cast(t, h, memref.Float64), memref.Float64, []int{3}, 0x1p-24, 65504, -2.5)
	wantFloats(t, cast(t, h, memref.Float32), memref.Float32, []int{3}, 0x1p-24, 65504, -2.5)
	wantFloats(t, cast(t, vec(t, float32(0x1p-149)), memref.Float64), memref.Float64, []int{1}, 0x1p-149)
}
