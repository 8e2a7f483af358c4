package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// FuzzInput: the CLI's --input parser (tensor literals, and bare bracketed
// lists typed by the kernel's argument) never panics, and what it accepts
// is a valid tensor whose shape matches the brackets. .ci/run gives it a
// fixed count of executions; crashers go to testdata/fuzz/FuzzInput.
func FuzzInput(f *testing.F) {
	for _, s := range []string{
		"2x3xf32=1 2 3 4 5 6", "f32=5", "3xi1=true false 1", "4xf32=0", "2x2xf32=[[1,2],[3,4]]",
		"[[1,2],[3,4]]", "[1, 2, 3]", "[]", "[[]]", "[[1],[2]]", "[[1,2],[3]]", "[[[0x7FC00000]]]",
		"i8=0xFF", "0x3xf32=5", "r.npy", "[1,[2]]", "[[1,2]][3]", "tensor<2xf16>=1 2", "2x?xf32=1",
		"[nan, -inf, 1e309]", "4294967296xi8=0", "[" + strings.Repeat("[", 200) + "1" + strings.Repeat("]", 201),
	} {
		f.Add(s, uint8(memref.Float32))
	}
	f.Fuzz(func(t *testing.T, s string, dtb uint8) {
		if len(s) > 1<<12 || strings.HasPrefix(s, "@") {
			return // files are read by ReadNPY (memref's FuzzReadNPY)
		}
		if isBracketed(s) {
			dts := memref.AllDTypes()
			dt := dts[int(dtb)%len(dts)]
			tt, err := parseBracketed(s, dt)
			if err != nil {
				return
			}
			shape, err := bracketShape(s)
			if err != nil {
				t.Fatalf("parseBracketed accepted %q but bracketShape rejects it: %v", s, err)
			}
			if tt.DType != dt || !slices.Equal(tt.Shape, shape) {
				t.Fatalf("%q as %v: got %v%v, want shape %v", s, dt, tt.DType, tt.Shape, shape)
			}
			if err := tt.Validate(); err != nil {
				t.Fatalf("%q: invalid tensor: %v", s, err)
			}
			return
		}
		if declaredBytes(s) > 1<<20 {
			return // a splat may fill 4 GiB, as asked: not the fuzzer's business
		}
		tt, err := parseInput(s)
		if err != nil {
			if strings.Count(err.Error(), "\n") != 0 {
				t.Fatalf("%q: a multi-line error: %q", s, err)
			}
			return
		}
		if err := tt.Validate(); err != nil {
			t.Fatalf("%q: invalid tensor: %v", s, err)
		}
	})
}

// declaredBytes bounds from above the bytes a literal's type asks for
// (8 per element; 0 when there is no type to read).
func declaredBytes(s string) float64 {
	typ, _, ok := strings.Cut(s, "=")
	if !ok {
		return 0
	}
	typ = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(typ), "tensor<"), ">")
	n := 8.0
	for _, d := range strings.Split(typ, "x") {
		var v float64
		for _, c := range d {
			if c < '0' || c > '9' {
				v = -1
				break
			}
			v = v*10 + float64(c-'0')
		}
		if v >= 0 && d != "" {
			n *= v
		}
	}
	return n
}
