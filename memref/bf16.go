package memref

import "math"

// BF16ToF32 converts bfloat16 bits to float32 exactly: a bfloat16 is the
// top half of a float32. A NaN stays NaN, made quiet, as F16ToF32 does.
func BF16ToF32(h uint16) float32 {
	b := uint32(h) << 16
	if b&0x7f800000 == 0x7f800000 && b&0x007fffff != 0 {
		b |= 0x00400000
	}
	return math.Float32frombits(b)
}

// F32ToBF16 converts a float32 to bfloat16 bits, rounding to nearest even
// (TensorFlow's and ml_dtypes' rounding; not truncation). Values beyond the
// bfloat16 range round to ±Inf and NaN stays NaN (quiet, with the top of
// its payload).
func F32ToBF16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7f800000 == 0x7f800000 && b&0x007fffff != 0 {
		return uint16(b>>16) | 0x0040
	}
	// Adding 0x7fff plus the lowest kept bit rounds half to even; a carry
	// into the exponent is correct (up to Inf at the top).
	b += 0x7fff + (b>>16)&1
	return uint16(b >> 16)
}

// F64ToBF16 converts a float64 to bfloat16 bits with a single rounding to
// nearest even (no double rounding through float32): values beyond the
// range become ±Inf and NaN stays NaN (quiet).
func F64ToBF16(f float64) uint16 {
	return F32ToBF16(roundToOdd32(f))
}

// roundToOdd32 rounds f to float32 toward zero and sets the last bit when
// that was inexact ("round to odd"). Rounding the result once more to a
// format with at least two fewer significand bits (f16: 11, bf16: 8, f32
// has 24) gives the correctly rounded value of f. NaN stays NaN.
func roundToOdd32(f float64) float32 {
	g := float32(f)
	if float64(g) != f && !math.IsNaN(f) {
		if math.Abs(float64(g)) > math.Abs(f) {
			g = math.Nextafter32(g, 0)
		}
		g = math.Float32frombits(math.Float32bits(g) | 1)
	}
	return g
}
