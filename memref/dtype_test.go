package memref

import (
	"math"
	"testing"
)

func TestDTypeTable(t *testing.T) {
	for _, c := range []struct {
		dt                     DType
		mlir, numpy            string
		size, bits             int
		float, integer, signed bool
	}{
		{Bool, "i1", "|b1", 1, 1, false, false, false},
		{Int8, "i8", "|i1", 1, 8, false, true, true},
		{Int64, "i64", "<i8", 8, 64, false, true, true},
		{Uint16, "ui16", "<u2", 2, 16, false, true, false},
		{Float16, "f16", "<f2", 2, 16, true, false, false},
		{Float64, "f64", "<f8", 8, 64, true, false, false},
		{BFloat16, "bf16", "<V2", 2, 16, true, false, false},
		{Complex64, "complex<f32>", "<c8", 8, 64, false, false, false},
		{Complex128, "complex<f64>", "<c16", 16, 128, false, false, false},
	} {
		dt := c.dt
		if dt.String() != c.mlir || dt.NumpyDescr() != c.numpy || dt.Size() != c.size || dt.Bits() != c.bits ||
			dt.IsFloat() != c.float || dt.IsInt() != c.integer || dt.IsSigned() != c.signed || !dt.Valid() {
			t.Errorf("%v: table entry wrong", dt)
		}
		if got, ok := ParseDType(c.mlir); !ok || got != dt {
			t.Errorf("ParseDType(%q) = %v, %v", c.mlir, got, ok)
		}
		if got, ok := DTypeFromNumpy(c.numpy); !ok || got != dt {
			t.Errorf("DTypeFromNumpy(%q) = %v, %v", c.numpy, got, ok)
		}
	}
	bad := DType(200)
	if bad.Valid() || bad.String() != "dtype(200)" || bad.Size() != 0 || bad.NumpyDescr() != "" || Invalid.Valid() {
		t.Error("invalid dtypes")
	}
	for _, s := range []string{"f128", "", "si9", "c64", "complex64", "complex<i32>", "bfloat16"} {
		if _, ok := ParseDType(s); ok {
			t.Errorf("ParseDType(%q) accepted", s)
		}
	}
	if dt, ok := ParseDType("si32"); !ok || dt != Int32 {
		t.Error("si32")
	}
	for _, s := range []string{">f4", "<c32", "<V4", "f", ""} {
		if _, ok := DTypeFromNumpy(s); ok {
			t.Errorf("DTypeFromNumpy(%q) accepted", s)
		}
	}
	if len(AllDTypes()) != 15 {
		t.Errorf("%d dtypes", len(AllDTypes()))
	}
	// The values of the old types never change (tests and cache keys of
	// other packages may hold them); new ones are appended.
	if Float64 != 12 || Complex64 != 13 || Complex128 != 14 || BFloat16 != 15 {
		t.Error("dtype values moved")
	}
	compiled := CompiledDTypes()
	if len(compiled) != 15 || compiled[0] != Bool || compiled[11] != Float64 || compiled[13] != Complex128 || compiled[14] != BFloat16 {
		t.Errorf("CompiledDTypes() = %v", compiled)
	}
	for _, d := range []DType{Invalid, DType(200)} {
		if d.Compiled() {
			t.Errorf("%v compiled", d)
		}
	}
	for name, want := range map[string]DType{"c64": Complex64, "complex64": Complex64, "complex<f32>": Complex64,
		"c128": Complex128, "complex128": Complex128, "complex<f64>": Complex128, "bf16": BFloat16, "bfloat16": BFloat16,
		"f32": Float32, "si8": Int8} {
		if got, ok := ParseDTypeName(name); !ok || got != want {
			t.Errorf("ParseDTypeName(%q) = %v, %v", name, got, ok)
		}
	}
	if Complex64.ComplexPart() != Float32 || Complex128.ComplexPart() != Float64 || Float32.ComplexPart() != Invalid {
		t.Error("ComplexPart")
	}
	for _, d := range []string{"<V2", "|V2", "=V2", "bfloat16"} {
		if got, ok := DTypeFromNumpy(d); !ok || got != BFloat16 {
			t.Errorf("DTypeFromNumpy(%q) = %v, %v", d, got, ok)
		}
	}
}

func TestFloat64At(t *testing.T) {
	for _, c := range []struct {
		t    *Tensor
		want []float64
	}{
		{mustFromSlice(t, []int{2}, []bool{true, false}), []float64{1, 0}},
		{mustFromSlice(t, []int{2}, []int8{-128, 5}), []float64{-128, 5}},
		{mustFromSlice(t, []int{1}, []int16{-300}), []float64{-300}},
		{mustFromSlice(t, []int{1}, []int32{-70000}), []float64{-70000}},
		{mustFromSlice(t, []int{1}, []int64{-1 << 40}), []float64{-1 << 40}},
		{mustFromSlice(t, []int{1}, []uint8{200}), []float64{200}},
		{mustFromSlice(t, []int{1}, []uint16{60000}), []float64{60000}},
		{mustFromSlice(t, []int{1}, []uint32{4e9}), []float64{4e9}},
		{mustFromSlice(t, []int{1}, []uint64{1 << 63}), []float64{1 << 63}},
		{mustFromSlice(t, []int{1}, []float32{0.5}), []float64{0.5}},
		{mustFromSlice(t, []int{1}, []float64{math.Pi}), []float64{math.Pi}},
	} {
		for i, w := range c.want {
			if got := c.t.Float64At(i); got != w {
				t.Errorf("%s[%d] = %v, want %v", c.t.Type(), i, got, w)
			}
		}
	}
	h, _ := ParseLiteral("f16=-1.5")
	if h.Float64At(0) != -1.5 {
		t.Error("f16")
	}
}
