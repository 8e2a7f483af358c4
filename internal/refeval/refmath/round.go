package refmath

import (
	"math"

	"github.com/sandjit/sandjit/memref"
)

// Element types: how the evaluator rounds a float64 to a float dtype (once,
// to nearest even) and wraps an integer to an integer dtype.

// RoundTo rounds x to the nearest value of float dtype dt (ties to even).
func RoundTo(dt memref.DType, x float64) float64 {
	switch dt {
	case memref.Float32:
		return float64(float32(x))
	case memref.Float16:
		return RoundF16(x)
	case memref.BFloat16:
		return RoundBF16(x)
	}
	return x
}

// RoundBF16 rounds a float64 to the nearest bfloat16 value (ties to even)
// in one step (memref.F64ToBF16 rounds to odd into f32 first).
func RoundBF16(x float64) float64 {
	return float64(memref.BF16ToF32(memref.F64ToBF16(x)))
}

// RoundC rounds each part of a complex to the part type of complex dtype
// dt (f32 for complex<f32>).
func RoundC(dt memref.DType, z complex128) complex128 {
	if dt == memref.Complex64 {
		return complex(float64(float32(real(z))), float64(float32(imag(z))))
	}
	return z
}

// RoundF16 rounds a float64 to the nearest binary16 value (ties to even) in
// one step: the spacing q of binary16 values around |x| is a power of two,
// so |x|/q is exact and math.RoundToEven does the rounding.
func RoundF16(x float64) float64 {
	if x != x || math.IsInf(x, 0) || x == 0 {
		return x
	}
	a := math.Abs(x)
	q := 0x1p-24 // spacing of the subnormals, up to 2^-14
	if a >= 0x1p-14 {
		_, e := math.Frexp(a) // a in [2^(e-1), 2^e); 10 fraction bits
		q = math.Ldexp(1, e-11)
	}
	r := math.RoundToEven(a/q) * q
	if r > 65504 { // beyond the largest finite f16 (65520 and up round past it)
		r = math.Inf(1)
	}
	return math.Copysign(r, x)
}

// WrapS reduces v modulo 2^bits into the range of signed dtype dt.
func WrapS(dt memref.DType, v int64) int64 {
	switch dt {
	case memref.Int8:
		return int64(int8(v))
	case memref.Int16:
		return int64(int16(v))
	case memref.Int32:
		return int64(int32(v))
	}
	return v
}

// WrapU reduces v modulo 2^bits into the range of unsigned dtype dt.
func WrapU(dt memref.DType, v uint64) uint64 {
	switch dt {
	case memref.Uint8:
		return uint64(uint8(v))
	case memref.Uint16:
		return uint64(uint16(v))
	case memref.Uint32:
		return uint64(uint32(v))
	}
	return v
}

// MinS and MaxS are the range of signed dtype dt; MaxU of unsigned dt.
func MinS(dt memref.DType) int64  { return -1 << (dt.Bits() - 1) }
func MaxS(dt memref.DType) int64  { return 1<<(dt.Bits()-1) - 1 }
func MaxU(dt memref.DType) uint64 { return math.MaxUint64 >> (64 - dt.Bits()) }
