package refmath

import (
	"math"

	"github.com/sandjit/sandjit/memref"
)

// Casts between number types, as TensorFlow's Cast computes them
// (static_cast, and Eigen's bfloat16 constructor for bf16).

// FloatToFloat rounds float v once to float type dt; to bf16 it goes
// through f32 first, as TensorFlow (Eigen's bfloat16 constructor) does.
func FloatToFloat(dt memref.DType, v float64) float64 {
	if dt == memref.BFloat16 {
		v = float64(float32(v))
	}
	return RoundTo(dt, v)
}

// FloatToSigned truncates float v toward zero and saturates it to the
// range of signed type dt; NaN gives 0.
func FloatToSigned(dt memref.DType, v float64) int64 {
	t := math.Trunc(v)
	switch {
	case v != v:
		return 0
	case t <= float64(MinS(dt)): // a power of two, exact
		return MinS(dt)
	case t >= float64(MaxS(dt)): // 2^63 for i64 (rounded up), exact below
		return MaxS(dt)
	}
	return int64(t)
}

// FloatToUnsigned truncates float v toward zero and saturates it to the
// range of unsigned type dt; NaN gives 0.
func FloatToUnsigned(dt memref.DType, v float64) uint64 {
	t := math.Trunc(v)
	switch {
	case v != v || t <= 0:
		return 0
	case t >= float64(MaxU(dt)): // 2^64 for ui64 (rounded up), exact below
		return MaxU(dt)
	}
	return uint64(t)
}

// SignedToFloat rounds integer v once to float type dt; to bf16 it goes
// through f32, as Eigen's bfloat16(T) does.
func SignedToFloat(dt memref.DType, v int64) float64 {
	switch dt {
	case memref.BFloat16:
		return RoundBF16(float64(float32(v)))
	case memref.Float32:
		return float64(float32(v)) // Go rounds the exact integer once
	case memref.Float16:
		// float64(v) is exact below 2^53; larger values are far past the
		// f16 range, where rounding cannot change the result (Inf).
		return RoundF16(float64(v))
	}
	return float64(v)
}

// UnsignedToFloat is SignedToFloat for an unsigned v.
func UnsignedToFloat(dt memref.DType, v uint64) float64 {
	switch dt {
	case memref.BFloat16:
		return RoundBF16(float64(float32(v)))
	case memref.Float32:
		return float64(float32(v))
	case memref.Float16:
		return RoundF16(float64(v))
	}
	return float64(v)
}
