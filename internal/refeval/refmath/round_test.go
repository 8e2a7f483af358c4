package refmath

import (
	"math"
	"math/rand"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// TestRoundF16AgreesWithF32ToF16 checks the one-step f16 rounding against
// memref's f32 → f16 conversion on f32 inputs, where both round once.
func TestRoundF16AgreesWithF32ToF16(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	check := func(f float32) {
		want := memref.F16ToF32(memref.F32ToF16(f))
		got := RoundF16(float64(f))
		if !sameFloat(got, float64(want)) {
			t.Fatalf("RoundF16(%g = %#x) = %g, F32ToF16 gives %g", f, math.Float32bits(f), got, want)
		}
	}
	// Every f32 exponent with mantissas at and around the f16 rounding
	// points, plus random bit patterns.
	for e := uint32(0); e < 256; e++ {
		for _, m := range []uint32{0, 1, 0xfff, 0x1000, 0x1001, 0x1fff, 0x2000, 0x3000, 0x7fffff, 0x400000, 0x7fe000, 0x7ff000} {
			check(math.Float32frombits(e<<23 | m))
			check(math.Float32frombits(1<<31 | e<<23 | m))
		}
	}
	for i := 0; i < 1_000_000; i++ {
		check(math.Float32frombits(rng.Uint32()))
	}
}

// sameFloat is equality that tells -0 from +0 and takes NaN as equal to NaN.
func sameFloat(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b && math.Signbit(a) == math.Signbit(b)
}
