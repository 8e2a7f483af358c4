package memref

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestBF16Rounding checks F32ToBF16 and F64ToBF16 on every bf16 value, on
// the midpoints between neighbours (ties go to the even one) and just
// around them.
func TestBF16Rounding(t *testing.T) {
	for h := uint32(0); h < 0x7f80; h++ { // every finite non-negative bf16
		for _, sign := range []uint16{0, 0x8000} {
			hb := uint16(h) | sign
			f := BF16ToF32(hb)
			if math.Float32bits(f) != uint32(hb)<<16 {
				t.Fatalf("BF16ToF32(%#x) = %v", hb, f)
			}
			if got := F32ToBF16(f); got != hb {
				t.Fatalf("F32ToBF16(%v) = %#x, want %#x", f, got, hb)
			}
			if got := F64ToBF16(float64(f)); got != hb {
				t.Fatalf("F64ToBF16(%v) = %#x, want %#x", f, got, hb)
			}
		}
		if h == 0x7f7f {
			continue
		}
		lo, hi := float64(BF16ToF32(uint16(h))), float64(BF16ToF32(uint16(h+1)))
		mid := (lo + hi) / 2 // exact in float64 and in float32
		even := uint16(h)
		if h&1 == 1 {
			even = uint16(h + 1)
		}
		if got := F32ToBF16(float32(mid)); got != even {
			t.Fatalf("F32ToBF16 tie %v = %#x, want %#x", mid, got, even)
		}
		if got := F64ToBF16(mid); got != even {
			t.Fatalf("F64ToBF16 tie %v = %#x, want %#x", mid, got, even)
		}
		// Just below and above the tie: float64 neighbours, which float32
		// cannot hold (a double rounding through f32 would hit the tie).
		if got := F64ToBF16(math.Nextafter(mid, 0)); got != uint16(h) {
			t.Fatalf("F64ToBF16 below %v = %#x, want %#x", mid, got, h)
		}
		if got := F64ToBF16(math.Nextafter(mid, math.Inf(1))); got != uint16(h+1) {
			t.Fatalf("F64ToBF16 above %v = %#x, want %#x", mid, got, h+1)
		}
	}
	for _, c := range []struct {
		f    float32
		want uint16
	}{
		{float32(math.Inf(1)), 0x7f80},
		{float32(math.Inf(-1)), 0xff80},
		{math.MaxFloat32, 0x7f80}, // beyond the largest bf16's rounding range
		{-math.MaxFloat32, 0xff80},
		{math.Float32frombits(0x7f7f7fff), 0x7f7f}, // just below the tie with 2^128
		{1.0, 0x3f80},
		{float32(math.Copysign(0, -1)), 0x8000},
		{math.Float32frombits(1), 0}, // the smallest f32 subnormal rounds to 0
		{math.Float32frombits(0x8000), 0},
		{math.Float32frombits(0x8001), 1},
	} {
		if got := F32ToBF16(c.f); got != c.want {
			t.Errorf("F32ToBF16(%v) = %#x, want %#x", c.f, got, c.want)
		}
	}
	if got := F64ToBF16(1e300); got != 0x7f80 {
		t.Errorf("F64ToBF16(1e300) = %#x", got)
	}
	if got := F64ToBF16(1e-300); got != 0 {
		t.Errorf("F64ToBF16(1e-300) = %#x", got)
	}
	// NaN stays NaN and is made quiet, whatever its payload.
	for _, bits := range []uint32{0x7f800001, 0xff800001, 0x7fc00000, 0x7f80ffff, 0x7fffffff} {
		h := F32ToBF16(math.Float32frombits(bits))
		if h&0x7f80 != 0x7f80 || h&0x40 == 0 || h>>15 != uint16(bits>>31) {
			t.Errorf("F32ToBF16(NaN %#x) = %#x, want a quiet NaN of the same sign", bits, h)
		}
	}
	if h := F64ToBF16(math.NaN()); h&0x7fc0 != 0x7fc0 {
		t.Errorf("F64ToBF16(NaN) = %#x", h)
	}
	if f := BF16ToF32(0x7f81); !math.IsNaN(float64(f)) || math.Float32bits(f)&0x00400000 == 0 {
		t.Errorf("BF16ToF32(signalling NaN) = %#x, want a quiet NaN", math.Float32bits(f))
	}
}

func TestLiteralComplexAndBF16(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"2xc64=1+2i 3-1i", "tensor<2xcomplex<f32>>=[1+2i 3-1i]"},
		{"3xcomplex64=[2j, -1.5, -2i]", "tensor<3xcomplex<f32>>=[0+2i -1.5+0i 0-2i]"},
		{"tensor<2xcomplex<f64>>=[1e-3+2e+2i nan-infi]", "tensor<2xcomplex<f64>>=[0.001+200i nan-infi]"},
		{"2x1xc128=-inf+nani 0x1p-2-0x1p+1i", "tensor<2x1xcomplex<f64>>=[[-inf+nani] [0.25-2i]]"},
		{"complex128=5", "tensor<complex<f64>>=5+0i"},
		{"c64=0.1+0.2i", "tensor<complex<f32>>=0.1+0.2i"},
		{"2xbf16=1 0.1", "tensor<2xbf16>=[1 0.1]"},
		{"3xbfloat16=1.00390625 1.01171875 -3e38", "tensor<3xbf16>=[1 1.016 -3e+38]"}, // ties to even: 1 and 1.015625
		{"bf16=0x7FC0", "tensor<bf16>=nan"},
		{"4xc64=1-1i", "tensor<4xcomplex<f32>>=[1-1i 1-1i 1-1i 1-1i]"},
		{"0xc64=", "tensor<0xcomplex<f32>>=[]"},
	} {
		got, err := ParseLiteral(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if s := Format(got, 0); s != c.want {
			t.Errorf("%s: got %s, want %s", c.in, s, c.want)
		}
	}
	v, err := ParseLiteral("2xc64=1+2i 3-1i")
	if err != nil {
		t.Fatal(err)
	}
	vals, err := Values[complex64](v)
	if err != nil || vals[0] != 1+2i || vals[1] != 3-1i || v.Complex128At(1) != 3-1i || v.Float64At(0) != 1 {
		t.Errorf("values %v, %v", vals, err)
	}
	b, _ := ParseLiteral("2xbf16=0.1 -2")
	if bits, err := Values[uint16](b); err != nil || bits[0] != 0x3dcd || bits[1] != 0xc000 || b.Float64At(1) != -2 {
		t.Errorf("bf16 bits %#x, %v", bits, err)
	}
	for _, c := range []struct{ in, want string }{
		{"c64=1+i", "bad complex number"},
		{"c64=i", "bad complex number"},
		{"c64=1+2", "bad number"},
		{"c64=1e39+0i", "out of range"},
		{"c64=1+1e39i", "out of range"},
		{"bf16=1e39", "out of range"},
		{"bf16=abc", "bad number"},
		{"2xcomplex<f16>=1 2", "unknown element type"},
		{"3xc64=1+2i 2", "shape 3 has 3 elements, got 2 values"},
	} {
		_, err := ParseLiteral(c.in)
		if !errors.Is(err, ErrLiteral) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an ErrLiteral containing %q", c.in, err, c.want)
		}
	}
}
