package memref

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseLiteral(t *testing.T) {
	f16 := func(shape []int, v ...float64) *Tensor {
		h := make([]uint16, len(v))
		for i, x := range v {
			h[i] = F64ToF16(x)
		}
		out := mustFromSlice(t, shape, h)
		out.DType = Float16
		return out
	}
	nan32 := float32(math.NaN())
	cases := []struct {
		in   string
		want *Tensor
	}{
		{"2x3xf32=1 2 3 4 5 6", mustFromSlice(t, []int{2, 3}, []float32{1, 2, 3, 4, 5, 6})},
		{"f32=5", Scalar(float32(5))},
		{"3xi1=true false 1", mustFromSlice(t, []int{3}, []bool{true, false, true})},
		{"2xi1=FALSE 0", mustFromSlice(t, []int{2}, []bool{false, false})},
		{"2x2xi32=[[1,2],[3,4]]", mustFromSlice(t, []int{2, 2}, []int32{1, 2, 3, 4})},
		{"2x2xi32=[[1, 2], [3, 4]]", mustFromSlice(t, []int{2, 2}, []int32{1, 2, 3, 4})},
		{"0x3xf32=", mustFromSlice(t, []int{0, 3}, []float32{})},
		{"0x3xf32=[]", mustFromSlice(t, []int{0, 3}, []float32{})},
		{"4xf32=0", mustFromSlice(t, []int{4}, []float32{0, 0, 0, 0})},
		{"0x3xf32=5", mustFromSlice(t, []int{0, 3}, []float32{})},
		{"2x2xi8=-3", mustFromSlice(t, []int{2, 2}, []int8{-3, -3, -3, -3})},
		{"3xf32=nan inf -inf", mustFromSlice(t, []int{3}, []float32{nan32, float32(math.Inf(1)), float32(math.Inf(-1))})},
		{"3xi32=0x10 -0x10 0b101", mustFromSlice(t, []int{3}, []int32{16, -16, 5})},
		{"3xi8=0xFF 0x80 0x7f", mustFromSlice(t, []int{3}, []int8{-1, -128, 127})},
		{"2xui8=255 0xff", mustFromSlice(t, []int{2}, []uint8{255, 255})},
		{"ui64=18446744073709551615", Scalar(uint64(math.MaxUint64))},
		{"i64=-9223372036854775808", Scalar(int64(math.MinInt64))},
		{"2xsi16=-1 1_000", mustFromSlice(t, []int{2}, []int16{-1, 1000})},
		{"f32=0x3F800000", Scalar(float32(1))},
		{"f32=0x1p-2", Scalar(float32(0.25))},
		{"f32=1e-50", Scalar(float32(0))},
		{"f32=16777217", Scalar(float32(16777216))},
		{"f64=0.1", Scalar(0.1)},
		{"2xf16=0.1 65504", f16([]int{2}, 0.1, 65504)},
		{"f16=0x3C00", f16(nil, 1)},
		{"tensor<2xf64>=[1.5 -2]", mustFromSlice(t, []int{2}, []float64{1.5, -2})},
		{"tensor<i16>=7", Scalar(int16(7))},
		{"  2xf32 = 1\t2\n", mustFromSlice(t, []int{2}, []float32{1, 2})},
		{"1x1x1xui16=9", mustFromSlice(t, []int{1, 1, 1}, []uint16{9})},
	}
	for _, c := range cases {
		got, err := ParseLiteral(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if !got.Equal(c.want) && !(got.DType == Float32 && nanEqual(got, c.want)) {
			t.Errorf("%q: got %s, want %s", c.in, Format(got, 0), Format(c.want, 0))
		}
	}
}

func TestParseLiteralErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"2x3xf32=1 2 3 4 5", "shape 2x3 has 6 elements, got 5 values"},
		{"2x3xf32=1 2 3 4 5 6 7", "shape 2x3 has 6 elements, got 7 values"},
		{"f32=", "shape () has 1 element, got 0 values"},
		{"2xf32=", "shape 2 has 2 elements, got 0 values"},
		{"2x3xf32=1 2 1.2.3 4 5 6", `bad number "1.2.3" at value 3 of 6`},
		{"3xi8=1 300 2", `number "300" is out of range for i8 at value 2 of 3`},
		{"2xi8=0x1FF 0", `number "0x1FF" is out of range for i8 at value 1 of 2`},
		{"2xui8=1 -1", `number "-1" is negative, but ui8 is unsigned at value 2 of 2`},
		{"2xi32=1 2.5", `bad number "2.5" at value 2 of 2`},
		{"f32=1e40", `number "1e40" is out of range for f32 at value 1 of 1`},
		{"4xi8=x", `bad number "x" in the splat value`},
		{"0xi8=x", `bad number "x" in the splat value`},
		{"f64=1e400", `number "1e400" is out of range for f64`},
		{"f16=70000", `number "70000" is out of range for f16`},
		{"f32=0x1FFFFFFFF", `hex bit pattern "0x1FFFFFFFF" does not fit f32`},
		{"3xi1=true maybe 0", `bad boolean "maybe" (want true, false, 1 or 0) at value 2 of 3`},
		{"2x3xf33=1", `unknown element type "f33"`},
		{"2x3=1", `unknown element type "3"`},
		{"2x?xf32=1", "dim 1 is dynamic ('?')"},
		{"2xaxf32=1", `dim 1 is "a", not a size`},
		{"-1xf32=", `dim 0 is "-1", not a size`},
		{"2xxf32=1", `dim 1 is "", not a size`},
		{"2x3xf32", "missing '=' between the type and the values"},
		{"=1", "missing type before '='"},
		{"tensor<2xf32=1 2", "missing '>' after tensor<"},
		{"99999999999999999999x2xf32=0", "dim 0 is too large"},
		{"65536x65536x2xf32=0", "has more than 4294967296 elements"},
		{"65536x65536xf64=0", "larger than 4 GiB"},
		{strings.Repeat("1x", 17) + "f32=0", "rank 17 exceeds the maximum of 16"},
	}
	for _, c := range cases {
		got, err := ParseLiteral(c.in)
		if err == nil {
			t.Errorf("%q: no error, got %s", c.in, Format(got, 8))
			continue
		}
		if !errors.Is(err, ErrLiteral) {
			t.Errorf("%q: error does not wrap ErrLiteral: %v", c.in, err)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %q, want it to contain %q", c.in, err, c.want)
		}
	}
	if _, err := ParseLiteral("65536x65536x2xf32=0"); !errors.Is(err, ErrShape) {
		t.Errorf("overflow does not wrap ErrShape: %v", err)
	}
}

func TestFormat(t *testing.T) {
	f16 := func(v ...float64) *Tensor {
		h := make([]uint16, len(v))
		for i, x := range v {
			h[i] = F64ToF16(x)
		}
		out := mustFromSlice(t, []int{len(v)}, h)
		out.DType = Float16
		return out
	}
	iota := func(shape ...int) *Tensor {
		n, _ := NumElements(shape)
		v := make([]int32, n)
		for i := range v {
			v[i] = int32(i)
		}
		return mustFromSlice(t, shape, v)
	}
	base := mustFromSlice(t, []int{3, 2}, []int32{0, 3, 1, 4, 2, 5})
	cases := []struct {
		t        *Tensor
		maxElems int
		want     string
	}{
		{mustFromSlice(t, []int{2, 3}, []float32{1, 2, 3, 4, 5, 6}), 0, "tensor<2x3xf32>=[[1 2 3] [4 5 6]]"},
		{Scalar(float32(5)), 0, "tensor<f32>=5"},
		{Scalar(float32(5)), 1, "tensor<f32>=5"},
		{mustFromSlice(t, []int{4}, []float32{0.1, 1.0 / 3, 1e6, float32(math.Copysign(0, -1))}), 0, "tensor<4xf32>=[0.1 0.33333334 1e+06 -0]"},
		{mustFromSlice(t, []int{3}, []float64{0.1, 1.0 / 3, 5e-324}), 0, "tensor<3xf64>=[0.1 0.3333333333333333 5e-324]"},
		{mustFromSlice(t, []int{3}, []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))}), 0, "tensor<3xf32>=[nan inf -inf]"},
		{mustFromSlice(t, []int{2}, []float64{math.NaN(), math.Inf(-1)}), 0, "tensor<2xf64>=[nan -inf]"},
		{f16(0.1, 65504, math.Ldexp(1, -24), 1.5, math.Inf(1), math.NaN(), -2), 0, "tensor<7xf16>=[0.1 65500 6e-08 1.5 inf nan -2]"},
		{mustFromSlice(t, []int{2}, []bool{true, false}), 0, "tensor<2xi1>=[true false]"},
		{mustFromSlice(t, []int{2}, []int8{-128, 127}), 0, "tensor<2xi8>=[-128 127]"},
		{mustFromSlice(t, []int{1}, []int64{math.MinInt64}), 0, "tensor<1xi64>=[-9223372036854775808]"},
		{mustFromSlice(t, []int{2}, []uint64{math.MaxUint64, 0}), 0, "tensor<2xui64>=[18446744073709551615 0]"},
		{mustFromSlice(t, []int{1}, []uint32{math.MaxUint32}), 0, "tensor<1xui32>=[4294967295]"},
		{mustFromSlice(t, []int{0, 3}, []float32{}), 0, "tensor<0x3xf32>=[]"},
		{mustFromSlice(t, []int{2, 0}, []float32{}), 0, "tensor<2x0xf32>=[[] []]"},
		{iota(10), 6, "tensor<10xi32>=[0 1 2 ... 7 8 9]"},
		{iota(10), 10, "tensor<10xi32>=[0 1 2 3 4 5 6 7 8 9]"},
		{iota(10), 1, "tensor<10xi32>=[0 ... 9]"},
		{iota(4, 100), 16, "tensor<4x100xi32>=[[0 1 ... 98 99] [100 101 ... 198 199] [200 201 ... 298 299] [300 301 ... 398 399]]"},
		{iota(100, 100), 9, "tensor<100x100xi32>=[[0 ... 99] ... [9900 ... 9999]]"},
		{iota(2, 2, 2), 4, "tensor<2x2x2xi32>=[[[0 1] [2 3]] [[4 5] [6 7]]]"},
		{&Tensor{DType: Int32, Shape: []int{2, 3}, Strides: []int{1, 2}, Data: base.Data}, 0, "tensor<2x3xi32>=[[0 1 2] [3 4 5]]"},
		{&Tensor{DType: Int32, Shape: []int{2, 3}, Strides: []int{0, 1}, Data: base.Data}, 0, "tensor<2x3xi32>=[[0 3 1] [0 3 1]]"},
		{&Tensor{DType: Float32, Shape: []int{4}, Data: make([]byte, 8)}, 0, "tensor<4xf32>=<invalid: tensor<4xf32>: data holds 8 bytes, need 16>"},
		{nil, 0, "<nil tensor>"},
	}
	for _, c := range cases {
		if got := Format(c.t, c.maxElems); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}

// TestFormatParseRoundTrip prints random tensors of every dtype and reads
// them back.
func TestFormatParseRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 300; iter++ {
		for _, dt := range AllDTypes() {
			rank := rng.IntN(4)
			shape := make([]int, rank)
			for i := range shape {
				shape[i] = rng.IntN(4)
			}
			in, _ := New(dt, shape)
			for i := range in.Data {
				in.Data[i] = byte(rng.Uint32())
			}
			for i := 0; i < in.Len(); i++ {
				es := dt.Size()
				b := in.Data[i*es : (i+1)*es]
				switch dt {
				case Bool:
					b[0] &= 1
				case Float16: // canonical NaN: the text form has no payload
					if h := le16(b); h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
						putUint(b, 0x7e00)
					}
				case Float32:
					if f := math.Float32frombits(le32(b)); f != f {
						putUint(b, uint64(math.Float32bits(float32(math.NaN()))))
					}
				case Float64:
					if f := math.Float64frombits(le64(b)); f != f {
						putUint(b, math.Float64bits(math.NaN()))
					}
				case BFloat16:
					if h := le16(b); h&0x7f80 == 0x7f80 && h&0x7f != 0 {
						putUint(b, 0x7fc0)
					}
				case Complex64:
					for k := 0; k < 8; k += 4 {
						if f := math.Float32frombits(le32(b[k:])); f != f {
							putUint(b[k:k+4], uint64(math.Float32bits(float32(math.NaN()))))
						}
					}
				case Complex128:
					for k := 0; k < 16; k += 8 {
						if f := math.Float64frombits(le64(b[k:])); f != f {
							putUint(b[k:k+8], math.Float64bits(math.NaN()))
						}
					}
				}
			}
			text := Format(in, 0)
			out, err := ParseLiteral(text)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			if !out.Equal(in) {
				t.Fatalf("%s read back as %s", text, Format(out, 0))
			}
		}
	}
}

// TestF64ToF16 checks the single rounding of F64ToF16 on every f16 value,
// every midpoint between neighbours and the doubles just around them.
func TestF64ToF16(t *testing.T) {
	for h := 0; h < 0x7c00; h++ {
		v := float64(F16ToF32(uint16(h)))
		for _, sign := range []float64{1, -1} {
			want := uint16(h)
			if sign < 0 {
				want |= 0x8000
			}
			if got := F64ToF16(sign * v); got != want {
				t.Fatalf("F64ToF16(%g) = %#04x, want %#04x", sign*v, got, want)
			}
		}
		next := float64(F16ToF32(uint16(h + 1))) // 0x7c00 is +Inf: 65520 is its midpoint
		if h+1 == 0x7c00 {
			next = 65536
		}
		mid := (v + next) / 2
		even := uint16(h)
		if h&1 == 1 {
			even = uint16(h + 1)
		}
		for _, c := range []struct {
			x    float64
			want uint16
		}{
			{mid, even},
			{math.Nextafter(mid, 0), uint16(h)},
			{math.Nextafter(mid, math.Inf(1)), uint16(h + 1)},
		} {
			if got := F64ToF16(c.x); got != c.want {
				t.Fatalf("F64ToF16(%v) = %#04x, want %#04x", c.x, got, c.want)
			}
		}
	}
	for _, c := range []struct {
		x    float64
		want uint16
	}{
		{math.Inf(1), 0x7c00},
		{math.Inf(-1), 0xfc00},
		{1e300, 0x7c00},
		{-1e-300, 0x8000},
		{math.SmallestNonzeroFloat64, 0},
	} {
		if got := F64ToF16(c.x); got != c.want {
			t.Errorf("F64ToF16(%v) = %#04x, want %#04x", c.x, got, c.want)
		}
	}
	if got := F64ToF16(math.NaN()); got&0x7c00 != 0x7c00 || got&0x3ff == 0 {
		t.Errorf("F64ToF16(NaN) = %#04x, not a NaN", got)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100000; i++ {
		f := math.Float32frombits(rng.Uint32())
		if f != f {
			continue
		}
		if got, want := F64ToF16(float64(f)), F32ToF16(f); got != want {
			t.Fatalf("F64ToF16(%g) = %#04x, F32ToF16 gives %#04x", f, got, want)
		}
	}
}

// FuzzParseLiteral checks that ParseLiteral never panics and that what it
// reads prints and reads back to the same text.
func FuzzParseLiteral(f *testing.F) {
	for _, s := range []string{
		"2x3xf32=1 2 3 4 5 6", "f32=5", "3xi1=true false 1", "2x2xi32=[[1,2],[3,4]]",
		"0x3xf32=", "4xf32=0", "3xf16=nan inf -inf", "2xi8=0xFF -1", "ui64=0x10",
		"tensor<2xf64>=[1e-300 -0]", "2xf32=0x7FC00001 1.5e38",
		"2xc64=1+2i 3-1i", "tensor<2xcomplex<f64>>=[nan-infi 1e-3+2e+2j]", "3xcomplex64=2i -1.5 0x1p-2-0x1p+1i",
		"2xbf16=1 0.1", "bfloat16=0x7FC1", "2xc128=-0-0i 5",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Splats may legitimately allocate up to 4 GiB; keep the fuzzer small.
		if typ, _, ok := strings.Cut(s, "="); ok {
			if dt, shape, err := parseLiteralType(strings.TrimSpace(typ)); err == nil {
				if n, err := ByteSize(dt, shape); err != nil || n > 1<<20 {
					return
				}
			}
		}
		tt, err := ParseLiteral(s)
		if err != nil {
			if !errors.Is(err, ErrLiteral) {
				t.Fatalf("error does not wrap ErrLiteral: %v", err)
			}
			return
		}
		text := Format(tt, 0)
		again, err := ParseLiteral(text)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", s, text, err)
		}
		if text2 := Format(again, 0); text2 != text {
			t.Fatalf("%q printed as %q, then as %q", s, text, text2)
		}
	})
}
