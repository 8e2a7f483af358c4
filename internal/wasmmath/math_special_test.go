package wasmmath

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"github.com/sandjit/sandjit/internal/wasm"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// specialRange is one row of the special functions' accuracy table: the
// inputs and correctly rounded results of one block of
// testdata/special/<fn>.txt.gz (written by testdata/gen_special.py with
// mpmath at 40 digits), and the documented bound. abs rows cover zeros of
// the function, where the error is counted in ULPs of max(|f(x)|, 1).
type specialRange struct {
	fn    MathFunc
	lanes wasm.ValType
	what  string // the block's label in the file
	bound uint64
	abs   bool
}

// specialRanges is the accuracy table of the special functions (doc.go
// has the same rows).
var specialRanges = []specialRange{
	{MathLgamma, wasm.F32, "(0, 0.5]", 1, false},
	{MathLgamma, wasm.F32, "[0.5, 3]", 1, false},
	{MathLgamma, wasm.F32, "[3, 8]", 1, false},
	{MathLgamma, wasm.F32, "[8, 1000]", 1, false},
	{MathLgamma, wasm.F32, "[1e3, 1e36]", 1, false},
	{MathLgamma, wasm.F32, "[-10, 0] (abs)", 1, true},
	{MathLgamma, wasm.F32, "[-170, -10]", 1, false},
	{MathLgamma, wasm.F64, "(0, 0.5]", 2, false},
	{MathLgamma, wasm.F64, "[0.5, 3]", 2, false},
	{MathLgamma, wasm.F64, "[3, 8]", 2, false},
	{MathLgamma, wasm.F64, "[8, 1000]", 2, false},
	{MathLgamma, wasm.F64, "[1e3, 1e300]", 2, false},
	{MathLgamma, wasm.F64, "(0, 1e-30], tiny", 2, false},
	{MathLgamma, wasm.F64, "[-10, 0] (abs)", 4, true},
	{MathLgamma, wasm.F64, "[-170, -10]", 4, false},
	{MathDigamma, wasm.F32, "(0, 1]", 1, false},
	{MathDigamma, wasm.F32, "[1, 2]", 1, false},
	{MathDigamma, wasm.F32, "[2, 10]", 1, false},
	{MathDigamma, wasm.F32, "[10, 1e4]", 1, false},
	{MathDigamma, wasm.F32, "[-10, 0] (abs)", 1, true},
	{MathDigamma, wasm.F64, "(0, 1]", 2, false},
	{MathDigamma, wasm.F64, "[1, 2]", 2, false},
	{MathDigamma, wasm.F64, "[2, 10]", 2, false},
	{MathDigamma, wasm.F64, "[10, 1e4]", 2, false},
	{MathDigamma, wasm.F64, "[1e4, 1e300]", 2, false},
	{MathDigamma, wasm.F64, "(0, 1e-10]", 2, false},
	{MathDigamma, wasm.F64, "[-10, 0] (abs)", 6, true},
	{MathErfinv, wasm.F32, "[-1, 1]", 1, false},
	{MathErfinv, wasm.F32, "|y| in [1e-30, 0.5]", 1, false},
	{MathErfinv, wasm.F32, "1-|y| in [2**-24, 0.5]", 1, false},
	{MathErfinv, wasm.F64, "[-1, 1]", 2, false},
	{MathErfinv, wasm.F64, "|y| in [1e-300, 0.5]", 2, false},
	{MathErfinv, wasm.F64, "1-|y| in [2**-53, 0.5]", 2, false},
	{MathNdtri, wasm.F32, "(0, 1)", 1, false},
	{MathNdtri, wasm.F32, "p in [1e-45, 0.1]", 1, false},
	{MathNdtri, wasm.F32, "1-p in [2**-24, 0.1]", 1, false},
	{MathNdtri, wasm.F64, "(0, 1)", 3, false},
	{MathNdtri, wasm.F64, "p in [1e-300, 0.1]", 3, false},
	{MathNdtri, wasm.F64, "p in [5e-324, 2e-308] (subnormal)", 2, false},
	{MathNdtri, wasm.F64, "1-p in [2**-53, 0.1]", 3, false},
	{MathBesselI0e, wasm.F32, "[-10, 10]", 1, false},
	{MathBesselI0e, wasm.F32, "|x| in [1e-10, 1e38]", 1, false},
	{MathBesselI0e, wasm.F64, "[-10, 10]", 2, false},
	{MathBesselI0e, wasm.F64, "|x| in [1e-10, 1e300]", 2, false},
	{MathBesselI1e, wasm.F32, "[-10, 10]", 1, false},
	{MathBesselI1e, wasm.F32, "|x| in [1e-38, 1e38]", 1, false},
	{MathBesselI1e, wasm.F64, "[-10, 10]", 2, false},
	{MathBesselI1e, wasm.F64, "|x| in [1e-300, 1e300]", 2, false},
	{MathZeta, wasm.F32, "x in [1.01, 30], q in [0.1, 50]", 1, false},
	{MathZeta, wasm.F32, "x in [1.5, 5], q in [50, 1e6]", 1, false},
	{MathZeta, wasm.F32, "integer x in [2, 10], q in (-10, 0)", 1, false},
	{MathZeta, wasm.F64, "x in [1.01, 30], q in [0.1, 50]", 5, false},
	{MathZeta, wasm.F64, "x in [1.5, 5], q in [50, 1e6]", 2, false},
	{MathZeta, wasm.F64, "integer x in [2, 10], q in (-10, 0)", 11, false},
	{MathPolygamma, wasm.F32, "n in {1..5}, x in [0.1, 20]", 1, false},
	{MathPolygamma, wasm.F32, "n in {1..5}, x in (-5, 0)", 1, false},
	{MathPolygamma, wasm.F32, "n = 0, x in [0.1, 10]", 1, false},
	{MathPolygamma, wasm.F64, "n in {1..5}, x in [0.1, 20]", 5, false},
	{MathPolygamma, wasm.F64, "n in {1..5}, x in (-5, 0)", 9, false},
	{MathPolygamma, wasm.F64, "n = 0, x in [0.1, 10]", 2, false},
	{MathIgamma, wasm.F32, "a in [0.05, 10], x in [0, 3a+1]", 1, false},
	{MathIgamma, wasm.F32, "a in [10, 100], x in [0, 3a+1]", 1, false},
	{MathIgamma, wasm.F64, "a in [0.05, 10], x in [0, 3a+1]", 19, false},
	{MathIgamma, wasm.F64, "a in [10, 100], x in [0, 3a+1]", 462, false},
	{MathIgammac, wasm.F32, "a in [0.05, 10], x in [0, 3a+1]", 1, false},
	{MathIgammac, wasm.F32, "a in [10, 100], x in [0, 3a+1]", 1, false},
	{MathIgammac, wasm.F64, "a in [0.05, 10], x in [0, 3a+1]", 42, false},
	{MathIgammac, wasm.F64, "a in [10, 100], x in [0, 3a+1]", 139, false},
	{MathBetainc, wasm.F32, "a, b in [0.1, 10], x in (0, 1)", 1, false},
	{MathBetainc, wasm.F32, "a, b in [10, 100], x in (0, 1)", 1, false},
	{MathBetainc, wasm.F64, "a, b in [0.1, 10], x in (0, 1)", 47, false},
	{MathBetainc, wasm.F64, "a, b in [10, 100], x in (0, 1)", 400, false},
}

// refBlock is one labelled block of a reference file.
type refBlock struct {
	lanes         wasm.ValType
	what          string
	x, y, z, want []float64
}

// loadSpecialRefs reads testdata/special/<name>.txt.gz: "range f32|f64
// <label>" lines, each followed by "x want" lines (Go-parsable floats).
func loadSpecialRefs(t testing.TB, name string) []refBlock {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "special", name+".txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []refBlock
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "range "); ok {
			lt, label, _ := strings.Cut(rest, " ")
			b := refBlock{lanes: wasm.F64, what: label}
			if lt == "f32" {
				b.lanes = wasm.F32
			}
			blocks = append(blocks, b)
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 2 || len(fs) > 4 || len(blocks) == 0 {
			t.Fatalf("%s: bad line %q", name, line)
		}
		v := make([]float64, 4) // x, y, z, want
		for i, f := range fs {
			j := i
			if i == len(fs)-1 {
				j = 3
			}
			var err error
			if v[j], err = strconv.ParseFloat(f, 64); err != nil {
				t.Fatalf("%s: bad line %q", name, line)
			}
		}
		b := &blocks[len(blocks)-1]
		b.x, b.y, b.z, b.want = append(b.x, v[0]), append(b.y, v[1]), append(b.z, v[2]), append(b.want, v[3])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return blocks
}

// writeZ stores the third arguments (at most one chunk: the reference
// blocks are smaller) for evalMath's next run.
func writeZ[T float32 | float64](h *mathHarness, z []T) {
	if len(bytesOf(z)) > mathChunk*16 {
		panic("writeZ: more than one chunk")
	}
	h.mem.Write(mathBufZ, bytesOf(z))
}

// absUlp is the error of got in ULPs of max(|want|, 1) (rounded up), for
// rows that contain zeros of the function; eps is 2**-52 or 2**-23.
func absUlp(got, want, eps float64) uint64 {
	if math.IsNaN(got) || math.IsNaN(want) {
		if math.IsNaN(got) && math.IsNaN(want) {
			return 0
		}
		return math.MaxUint64
	}
	scale := max(math.Abs(want), 1)
	e := math.Abs(got-want) / (scale * eps)
	return uint64(math.Ceil(e - 1e-9))
}

// measureSpecial evaluates one table row and returns the worst case.
func measureSpecial(t *testing.T, h *mathHarness, row specialRange, b refBlock) measured {
	x, y, z := pad4(b.x), pad4(b.y), pad4(b.z)
	want := pad4(b.want)
	var worst measured
	note := func(u uint64, i int, got, w float64) {
		if u > worst.ulp || i == 0 {
			if u >= worst.ulp {
				worst = measured{u, x[i], y[i], got, w}
			}
		}
	}
	if row.lanes == wasm.F32 {
		x32, y32, o := make([]float32, len(x)), make([]float32, len(x)), make([]float32, len(x))
		for i := range x {
			x32[i], y32[i] = float32(x[i]), float32(y[i])
		}
		yarg := y32
		if row.fn.Arity() == 1 {
			yarg = nil
		}
		if row.fn.Arity() == 3 {
			z32 := make([]float32, len(x))
			for i := range z {
				z32[i] = float32(z[i])
			}
			writeZ(h, z32)
		}
		evalMath(t, h, row.fn, x32, yarg, o)
		for i := range x {
			w := float32(want[i])
			u := ulp32(o[i], w)
			if row.abs {
				u = absUlp(float64(o[i]), float64(w), 0x1p-23)
			}
			note(u, i, float64(o[i]), float64(w))
		}
		return worst
	}
	o := make([]float64, len(x))
	yarg := y
	if row.fn.Arity() == 1 {
		yarg = nil
	}
	if row.fn.Arity() == 3 {
		writeZ(h, z)
	}
	evalMath(t, h, row.fn, x, yarg, o)
	for i := range x {
		u := ulp64(o[i], want[i])
		if row.abs {
			u = absUlp(o[i], want[i], 0x1p-52)
		}
		note(u, i, o[i], want[i])
	}
	return worst
}

// TestSpecialULP measures every row of specialRanges against the mpmath
// references and fails when a maximum exceeds its bound or a row has no
// data. -v prints the table.
func TestSpecialULP(t *testing.T) {
	h := newMathHarness(t, specialFuncs)
	files := map[MathFunc][]refBlock{}
	var b strings.Builder
	fmt.Fprintf(&b, "\n| function | type | input range | samples | max ULP | bound |\n|---|---|---|---|---|---|\n")
	for _, row := range specialRanges {
		blocks, ok := files[row.fn]
		if !ok {
			blocks = loadSpecialRefs(t, row.fn.String())
			files[row.fn] = blocks
		}
		var blk *refBlock
		for i := range blocks {
			if blocks[i].lanes == row.lanes && blocks[i].what == row.what {
				blk = &blocks[i]
			}
		}
		if blk == nil || len(blk.x) == 0 {
			t.Errorf("%v %v %q: no reference data", row.fn, laneShape(row.lanes), row.what)
			continue
		}
		w := measureSpecial(t, h, row, *blk)
		fmt.Fprintf(&b, "| %v | %v | %s | %d | %d | %d |\n", row.fn, laneShape(row.lanes), row.what, len(blk.x), w.ulp, row.bound)
		if w.ulp > row.bound {
			t.Errorf("%v %v %s: %d ULP > bound %d at x=%v y=%v: got %v want %v",
				row.fn, laneShape(row.lanes), row.what, w.ulp, row.bound, w.x, w.y, w.got, w.want)
		}
	}
	t.Log(b.String())
}

// specialFuncs are the special functions.
var specialFuncs = []MathFunc{MathLgamma, MathDigamma, MathErfinv, MathNdtri, MathBesselI0e, MathBesselI1e,
	MathZeta, MathPolygamma, MathIgamma, MathIgammac, MathBetainc}

// iterativeFunc reports the functions that loop until their lanes
// converge (their edges are in specialCases2).
func iterativeFunc(fn MathFunc) bool {
	return fn == MathZeta || fn == MathPolygamma || fn == MathIgamma || fn == MathIgammac || fn == MathBetainc
}

// specialCases are TF's values at the edges, exact, for both lane types.
var specialCases = []struct {
	fn   MathFunc
	x    float64
	want float64
}{
	{MathLgamma, 0, math.Inf(1)}, {MathLgamma, math.Copysign(0, -1), math.Inf(1)},
	{MathLgamma, -1, math.Inf(1)}, {MathLgamma, -2, math.Inf(1)}, {MathLgamma, -1e10, math.Inf(1)},
	{MathLgamma, math.Inf(1), math.Inf(1)}, {MathLgamma, math.Inf(-1), math.Inf(1)},
	{MathLgamma, 1, 0}, {MathLgamma, 2, 0}, {MathLgamma, math.NaN(), math.NaN()},
	{MathDigamma, 0, math.NaN()}, {MathDigamma, math.Copysign(0, -1), math.NaN()},
	{MathDigamma, -1, math.NaN()}, {MathDigamma, -3, math.NaN()}, {MathDigamma, math.Inf(-1), math.NaN()},
	{MathDigamma, math.Inf(1), math.Inf(1)}, {MathDigamma, math.NaN(), math.NaN()},
	{MathErfinv, 1, math.Inf(1)}, {MathErfinv, -1, math.Inf(-1)}, {MathErfinv, 0, 0},
	{MathErfinv, math.Copysign(0, -1), math.Copysign(0, -1)}, {MathErfinv, 1.5, math.NaN()},
	{MathErfinv, -2, math.NaN()}, {MathErfinv, math.Inf(1), math.NaN()}, {MathErfinv, math.NaN(), math.NaN()},
	{MathNdtri, 0, math.Inf(-1)}, {MathNdtri, 1, math.Inf(1)}, {MathNdtri, 0.5, 0},
	{MathNdtri, -0.5, math.NaN()}, {MathNdtri, 2, math.NaN()}, {MathNdtri, math.Inf(-1), math.NaN()},
	{MathNdtri, math.NaN(), math.NaN()},
	{MathBesselI0e, 0, 1}, {MathBesselI0e, math.Inf(1), 0}, {MathBesselI0e, math.Inf(-1), 0},
	{MathBesselI0e, math.NaN(), math.NaN()},
	{MathBesselI1e, 0, 0}, {MathBesselI1e, math.Copysign(0, -1), math.Copysign(0, -1)},
	{MathBesselI1e, math.Inf(1), 0}, {MathBesselI1e, math.Inf(-1), math.Copysign(0, -1)},
	{MathBesselI1e, math.NaN(), math.NaN()},
}

// specialCases2 are the two-argument functions' edges.
var specialCases2 = []struct {
	fn         MathFunc
	x, y, want float64
}{
	{MathZeta, 1, 2, math.Inf(1)}, {MathZeta, 0.5, 2, math.NaN()}, {MathZeta, 2, -1, math.Inf(1)},
	{MathZeta, 3, -1, math.NaN()}, {MathZeta, 2, 0, math.Inf(1)}, {MathZeta, 2.5, -0.5, math.NaN()},
	{MathZeta, math.NaN(), 1, math.NaN()}, {MathZeta, 2, math.NaN(), math.NaN()}, {MathZeta, math.Inf(1), 2, 0},
	{MathZeta, math.Inf(1), 1, 1},
	{MathPolygamma, -1, 2, math.NaN()}, {MathPolygamma, 1.5, 2, math.NaN()}, {MathPolygamma, math.NaN(), 2, math.NaN()},
	{MathPolygamma, 1, -2, math.Inf(1)}, {MathPolygamma, 0, 0, math.NaN()}, {MathPolygamma, 1, math.NaN(), math.NaN()},
	{MathIgamma, -1, 0, 0}, {MathIgamma, math.NaN(), 0, 0}, {MathIgamma, 1, -1, math.NaN()}, {MathIgamma, 0, 1, math.NaN()},
	{MathIgamma, 2, math.Inf(1), 1}, {MathIgamma, 1, math.NaN(), math.NaN()}, {MathIgamma, math.Inf(1), 3, 0},
	{MathIgammac, 2, math.Inf(1), 0}, {MathIgammac, 2, 0, 1}, {MathIgammac, 0.5, 0, 1}, {MathIgammac, 0, 1, math.NaN()},
	{MathIgammac, -1, 0, math.NaN()}, {MathIgammac, math.NaN(), 1, math.NaN()}, {MathIgammac, math.Inf(1), 3, 1},
}

// TestSpecialValues2 checks the two-argument functions' edges bit for bit
// (NaN: any NaN), for f64x2 and f32x4.
func TestSpecialValues2(t *testing.T) {
	h := newMathHarness(t, specialFuncs)
	for _, c := range specialCases2 {
		o := make([]float64, 2)
		evalMath(t, h, c.fn, []float64{c.x, c.x}, []float64{c.y, c.y}, o)
		if !sameFloat(o[0], c.want) {
			t.Errorf("%v f64x2 (%v, %v) = %v, want %v", c.fn, c.x, c.y, o[0], c.want)
		}
		x32 := []float32{float32(c.x), float32(c.x), float32(c.x), float32(c.x)}
		y32 := []float32{float32(c.y), float32(c.y), float32(c.y), float32(c.y)}
		o32 := make([]float32, 4)
		evalMath(t, h, c.fn, x32, y32, o32)
		if !sameFloat(float64(o32[0]), float64(float32(c.want))) {
			t.Errorf("%v f32x4 (%v, %v) = %v, want %v", c.fn, c.x, c.y, o32[0], c.want)
		}
	}
}

// TestSpecialValues3 checks betainc's edges (a, b, x) bit for bit.
func TestSpecialValues3(t *testing.T) {
	h := newMathHarness(t, []MathFunc{MathBetainc})
	nan := math.NaN()
	for _, c := range [][4]float64{
		{0, 1, 0.5, nan}, {1, 0, 0.5, nan}, {-1, 1, 0, nan}, {1, 1, 0, 0}, {1, 1, 1, 1}, {2, 3, 1.5, nan},
		{2, 3, -0.5, nan}, {nan, 1, 0.5, nan}, {1, nan, 0.5, nan}, {1, 1, nan, nan}, {1, 1, 0.5, 0.5},
	} {
		x, y, z := []float64{c[0], c[0]}, []float64{c[1], c[1]}, []float64{c[2], c[2]}
		o := make([]float64, 2)
		writeZ(h, z)
		evalMath(t, h, MathBetainc, x, y, o)
		if !sameFloat(o[0], c[3]) {
			t.Errorf("betainc f64x2 %v = %v, want %v", c[:3], o[0], c[3])
		}
		x32 := []float32{float32(c[0]), float32(c[0]), float32(c[0]), float32(c[0])}
		y32 := []float32{float32(c[1]), float32(c[1]), float32(c[1]), float32(c[1])}
		z32 := []float32{float32(c[2]), float32(c[2]), float32(c[2]), float32(c[2])}
		o32 := make([]float32, 4)
		writeZ(h, z32)
		evalMath(t, h, MathBetainc, x32, y32, o32)
		if !sameFloat(float64(o32[0]), float64(float32(c[3]))) {
			t.Errorf("betainc f32x4 %v = %v, want %v", c[:3], o32[0], c[3])
		}
	}
}

// TestSpecialValues checks TF's values at the special inputs bit for bit
// (NaN: any NaN), for f64x2 and f32x4.
func TestSpecialValues(t *testing.T) {
	h := newMathHarness(t, specialFuncs)
	for _, c := range specialCases {
		x := []float64{c.x, c.x}
		o := make([]float64, 2)
		evalMath(t, h, c.fn, x, nil, o)
		if !sameFloat(o[0], c.want) {
			t.Errorf("%v f64x2 (%v) = %v, want %v", c.fn, c.x, o[0], c.want)
		}
		x32 := []float32{float32(c.x), float32(c.x), float32(c.x), float32(c.x)}
		o32 := make([]float32, 4)
		evalMath(t, h, c.fn, x32, nil, o32)
		if !sameFloat(float64(o32[0]), float64(float32(c.want))) {
			t.Errorf("%v f32x4 (%v) = %v, want %v", c.fn, c.x, o32[0], c.want)
		}
	}
}

// specialGoRef is a plain-Go reference for the special functions, exact
// at ±0, ±Inf and NaN (what TestMathSpecialValues compares) and close
// elsewhere (what BenchmarkMath's Go column runs).
func specialGoRef(fn MathFunc) func(x, y float64) float64 {
	lookup := func(x float64) (float64, bool) {
		for _, c := range specialCases {
			if c.fn == fn && sameFloat(x, c.x) {
				return c.want, true
			}
		}
		return 0, false
	}
	var f func(float64) float64
	switch fn {
	case MathLgamma:
		f = func(x float64) float64 { v, _ := math.Lgamma(x); return v }
	case MathDigamma:
		f = func(x float64) float64 { // central difference of Lgamma: a rough stand-in
			h := 1e-6 * max(1, math.Abs(x))
			a, _ := math.Lgamma(x + h)
			b, _ := math.Lgamma(x - h)
			return (a - b) / (2 * h)
		}
	case MathErfinv:
		f = math.Erfinv
	case MathNdtri:
		f = func(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }
	case MathBesselI0e, MathBesselI1e:
		nu := 0.0
		if fn == MathBesselI1e {
			nu = 1
		}
		f = func(x float64) float64 { // power series, |x| small enough for the benchmark's inputs
			ax := math.Abs(x)
			term := math.Pow(ax/2, nu) / math.Gamma(nu+1)
			s := term
			for k := 1.0; k < 500 && term > s*1e-17; k++ {
				term *= ax * ax / 4 / (k * (k + nu))
				s += term
			}
			return math.Copysign(s*math.Exp(-ax), math.Copysign(1, x*(nu*2-1)+nu))
		}
	case MathZeta, MathPolygamma, MathIgamma, MathIgammac, MathBetainc:
		// Only BenchmarkMath's Go column runs these (TestMathSpecialValues
		// skips the iterative functions): stand-ins of comparable cost, a
		// 64-term sum, not references (those are the mpmath tables).
		return func(x, y float64) float64 {
			s := 0.0
			for k := 0.0; k < 64; k++ {
				s += math.Pow(y+k, -x)
			}
			return s
		}
	default:
		return nil
	}
	return func(x, _ float64) float64 {
		if isSpecial(x) || x == 1 || x == -1 || x == 2 {
			if v, ok := lookup(x); ok {
				return v
			}
		}
		return f(x)
	}
}

// TestSpecialBitPatterns runs the one-argument special functions on random
// bit patterns (every class of float) and checks that a NaN comes only
// from a NaN or from outside the domain, and that each f32x4 result is the
// f64x2 result on the promoted input, rounded (the f32 functions are the
// f64 ones on promoted halves).
func TestSpecialBitPatterns(t *testing.T) {
	h := newMathHarness(t, specialFuncs)
	r := newRand(99)
	const n = 1 << 14
	nanOK := map[MathFunc]func(x float64) bool{
		MathLgamma:    func(x float64) bool { return false },
		MathDigamma:   func(x float64) bool { return x <= 0 && x == math.Floor(x) },
		MathErfinv:    func(x float64) bool { return math.Abs(x) > 1 },
		MathNdtri:     func(x float64) bool { return x < 0 || x > 1 },
		MathBesselI0e: func(x float64) bool { return false },
		MathBesselI1e: func(x float64) bool { return false },
	}
	for fn, ok := range nanOK {
		x64, _ := bitsAll(r, n, wasm.F64)
		o64 := make([]float64, n)
		evalMath(t, h, fn, x64, nil, o64)
		x32, _ := bitsAll(r, n, wasm.F32)
		f32in, f32out := make([]float32, n), make([]float32, n)
		for i := range x32 {
			f32in[i] = float32(x32[i])
		}
		evalMath(t, h, fn, f32in, nil, f32out)
		want := make([]float64, n)
		for i := range x32 {
			want[i] = float64(f32in[i])
		}
		evalMath(t, h, fn, want, nil, want)
		bad := 0
		for i := range x64 {
			if math.IsNaN(o64[i]) && !math.IsNaN(x64[i]) && !ok(x64[i]) {
				if bad++; bad <= 3 {
					t.Errorf("%v f64x2 (%v) = NaN", fn, x64[i])
				}
			}
			if !sameFloat(float64(f32out[i]), float64(float32(want[i]))) {
				if bad++; bad <= 3 {
					t.Errorf("%v f32x4 (%v) = %v, f64x2 rounded gives %v", fn, f32in[i], f32out[i], float32(want[i]))
				}
			}
		}
	}
}

// TestSpecialIterativeRange runs igamma, igammac and betainc on random
// arguments (magnitudes of every exponent below 1e15, x of betainc in
// [0, 1)) and checks that every result is in [0, 1], NaN never.
func TestSpecialIterativeRange(t *testing.T) {
	h := newMathHarness(t, specialFuncs)
	r := newRand(5)
	const n = 1 << 12
	for _, fn := range []MathFunc{MathIgamma, MathIgammac, MathBetainc} {
		x, y := bitsAll(r, n, wasm.F64)
		z, _ := bitsAll(r, n, wasm.F64)
		for i := range x {
			x[i], y[i], z[i] = math.Mod(math.Abs(x[i]), 1e15), math.Mod(math.Abs(y[i]), 1e15), math.Mod(math.Abs(z[i]), 1)
			if math.IsNaN(x[i]) || x[i] == 0 {
				x[i] = 1
			}
			if math.IsNaN(y[i]) || (fn == MathBetainc && y[i] == 0) {
				y[i] = 2
			}
			if math.IsNaN(z[i]) {
				z[i] = 0.5
			}
		}
		o := make([]float64, n)
		writeZ(h, z)
		evalMath(t, h, fn, x, y, o)
		bad := 0
		for i := range o {
			if !(o[i] >= 0 && o[i] <= 1) {
				if bad++; bad <= 3 {
					t.Errorf("%v(%v, %v, %v) = %v", fn, x[i], y[i], z[i], o[i])
				}
			}
		}
		if bad > 0 {
			t.Errorf("%v: %d of %d results outside [0, 1]", fn, bad, n)
		}
	}
}
