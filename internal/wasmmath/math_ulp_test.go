package wasmmath

import (
	"flag"
	"fmt"
	"github.com/sandjit/sandjit/internal/wasm"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

var (
	mathExhaustive = flag.Bool("mathlib.exhaustive", false, "measure every f32 input of the unary math functions (minutes)")
	mathSamples    = flag.Int("mathlib.samples", 1, "multiply the number of samples of each accuracy range")
	mathOnly       = flag.String("mathlib.only", "", "comma-separated functions for TestMathExhaustiveF32 (default: all)")
)

// ulpRange is one row of the accuracy table: a function, a lane type, an
// input range, the documented maximum error in ULPs, and how many samples
// the default run takes. The same rows are in the package doc (doc.go,
// "Math library accuracy"); TestMathULP fails when a measurement exceeds
// its bound.
type ulpRange struct {
	fn    MathFunc
	lanes wasm.ValType
	what  string // the input range, as documented
	gen   inputs // draws the inputs
	n     int    // samples in the default run
	bound uint64 // documented max ULP
}

// inputs draws n argument pairs (y is ignored by unary functions); for F32
// the values must be float32s.
type inputs func(r *rng, n int, lanes wasm.ValType) (x, y []float64)

// uni is uniform in [lo, hi].
func uni(lo, hi float64) inputs {
	return func(r *rng, n int, lanes wasm.ValType) (x, y []float64) {
		x, y = make([]float64, n), make([]float64, n)
		for i := range x {
			x[i] = roundTo(lanes, lo+(hi-lo)*r.float())
		}
		return x, y
	}
}

// logu has magnitudes log-uniform in [lo, hi] and random signs when signed.
func logu(lo, hi float64, signed bool) inputs {
	return func(r *rng, n int, lanes wasm.ValType) (x, y []float64) {
		x, y = make([]float64, n), make([]float64, n)
		for i := range x {
			v := lo * math.Pow(hi/lo, r.float())
			if signed && r.u64()&1 == 1 {
				v = -v
			}
			x[i] = roundTo(lanes, v)
		}
		return x, y
	}
}

// bitsAll is random bit patterns: every float, NaN and Inf included.
func bitsAll(r *rng, n int, lanes wasm.ValType) (x, y []float64) {
	x, y = make([]float64, n), make([]float64, n)
	for i := range x {
		if lanes == wasm.F32 {
			x[i], y[i] = float64(math.Float32frombits(uint32(r.u64()))), float64(math.Float32frombits(uint32(r.u64())))
		} else {
			x[i], y[i] = math.Float64frombits(r.u64()), math.Float64frombits(r.u64())
		}
	}
	return x, y
}

// nearPio2 is k·π/2 rounded, and its neighbours, for k up to kmax.
func nearPio2(kmax float64) inputs {
	return func(r *rng, n int, lanes wasm.ValType) (x, y []float64) {
		x, y = make([]float64, n), make([]float64, n)
		for i := range x {
			k := math.Floor(kmax * r.float())
			v := roundTo(lanes, k*math.Pi/2)
			d := int64(r.u64()%5) - 2
			if lanes == wasm.F32 {
				v = float64(math.Float32frombits(uint32(int64(math.Float32bits(float32(v))) + d)))
			} else {
				v = math.Float64frombits(uint64(int64(math.Float64bits(v)) + d))
			}
			x[i] = v
		}
		return x, y
	}
}

// fixed cycles through the given inputs.
func fixed(v ...float64) inputs {
	return func(r *rng, n int, lanes wasm.ValType) (x, y []float64) {
		x, y = make([]float64, len(v)), make([]float64, len(v))
		for i := range v {
			x[i] = roundTo(lanes, v[i])
		}
		return x, y
	}
}

// trigHard are the doubles closest to multiples of π/2 (Kahan–McDonald:
// 6381956970095103·2**797 is within 2**-61 of one) and other classic cases.
var trigHard = fixed(math.Ldexp(6381956970095103, 797), -math.Ldexp(6381956970095103, 797),
	math.Ldexp(5261692873635770, 499), 1e22, 1e300, math.MaxFloat64, 1.5707963267948966, 3.141592653589793,
	1647099.3291652855, 1e6, 4.71238898038469, 355, 103993, 2.5e15)

// pairs draws x from gx and y from gy.
func pairs(gx, gy inputs) inputs {
	return func(r *rng, n int, lanes wasm.ValType) (x, y []float64) {
		x, _ = gx(r, n, lanes)
		y, _ = gy(r, n, lanes)
		return x, y
	}
}

// powInRange draws x in [lo, hi] and y so that |y·log x| <= lim (results
// far from overflow and underflow), with random signs for x where y is
// an integer.
func powInRange(lo, hi, lim float64, ints bool) inputs {
	return func(r *rng, n int, lanes wasm.ValType) (x, y []float64) {
		x, y = make([]float64, n), make([]float64, n)
		for i := range x {
			xv := roundTo(lanes, lo*math.Pow(hi/lo, r.float()))
			l := math.Abs(math.Log(xv))
			ymax := lim
			if l > 0 {
				ymax = lim / l
			}
			yv := roundTo(lanes, ymax*(2*r.float()-1))
			if ints {
				yv = math.Round(yv)
				if r.u64()&1 == 1 {
					xv = -xv
				}
			}
			x[i], y[i] = xv, yv
		}
		return x, y
	}
}

func roundTo(lanes wasm.ValType, v float64) float64 {
	if lanes == wasm.F32 {
		return float64(float32(v))
	}
	return v
}

// ulpRanges is the accuracy table. f32 references are Go's math in
// float64 rounded to float32 (correctly rounded but for double rounding at
// the rarest ties); f64 references are exact (math/big, math_ref_test.go)
// except for erf, whose reference is Go's math.Erf (within about 1 ULP).
var ulpRanges = []ulpRange{
	{MathExp, wasm.F32, "[-10, 10]", uni(-10, 10), 1 << 15, 1},
	{MathExp, wasm.F32, "[-104, 89] (overflow, subnormal results)", uni(-104, 89), 1 << 15, 1},
	{MathExp, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathExp, wasm.F64, "[-10, 10]", uni(-10, 10), 2000, 1},
	{MathExp, wasm.F64, "[-746, 710] (overflow, subnormal results)", uni(-746, 710), 2000, 1},
	{MathExpNonPos, wasm.F32, "[-10, 0]", uni(-10, 0), 1 << 15, 1},
	{MathExpNonPos, wasm.F32, "[-104, 0] (subnormal results)", uni(-104, 0), 1 << 15, 1},
	{MathExpNonPos, wasm.F32, "[-104, -86] (subnormal results)", uni(-104, -86), 1 << 15, 1},
	{MathExpNonPos, wasm.F32, "all bit patterns (positive: 1)", bitsAll, 1 << 15, 1},
	{MathExpNonPos, wasm.F64, "[-746, 0]", uni(-746, 0), 2000, 1},
	{MathExpNegScaled, wasm.F32, "[-104, 104]", uni(-104, 104), 1 << 15, 1},
	{MathExpNegScaled, wasm.F32, "[-104, -86] (expnonpos subnormal)", uni(-104, -86), 1 << 15, 1},
	{MathExpNegScaled, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathExpNegScaled, wasm.F64, "[-110, 110]", uni(-110, 110), 2000, 1},
	{MathLog, wasm.F32, "[0.5, 2]", uni(0.5, 2), 1 << 15, 1},
	{MathLog, wasm.F32, "(0, max], subnormals included", logu(0x1p-149, math.MaxFloat32, false), 1 << 15, 1},
	{MathLog, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathLog, wasm.F64, "[0.5, 2]", uni(0.5, 2), 2000, 1},
	{MathLog, wasm.F64, "(0, max], subnormals included", logu(0x1p-1074, math.MaxFloat64, false), 2000, 1},
	{MathLog1p, wasm.F32, "[-0.5, 0.5]", uni(-0.5, 0.5), 1 << 15, 1},
	{MathLog1p, wasm.F32, "(-1, -0.5]", uni(-1, -0.5), 1 << 15, 1},
	{MathLog1p, wasm.F32, "|x| in [1e-30, max]", logu(1e-30, math.MaxFloat32, true), 1 << 15, 1},
	{MathLog1p, wasm.F64, "[-0.5, 0.5]", uni(-0.5, 0.5), 2000, 1},
	{MathLog1p, wasm.F64, "(-1, -0.5]", uni(-1, -0.5), 2000, 1},
	{MathLog1p, wasm.F64, "|x| in [1e-300, max]", logu(1e-300, math.MaxFloat64, true), 2000, 1},
	{MathTanh, wasm.F32, "[-1, 1]", uni(-1, 1), 1 << 15, 2},
	{MathTanh, wasm.F32, "[-10, 10]", uni(-10, 10), 1 << 15, 2},
	{MathTanh, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 2},
	{MathTanh, wasm.F64, "[-1, 1]", uni(-1, 1), 2000, 2},
	{MathTanh, wasm.F64, "[-20, 20]", uni(-20, 20), 2000, 2},
	{MathLogistic, wasm.F32, "[-20, 20]", uni(-20, 20), 1 << 15, 2},
	{MathLogistic, wasm.F32, "[-110, 110]", uni(-110, 110), 1 << 15, 2},
	{MathLogistic, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 2},
	{MathLogistic, wasm.F64, "[-20, 20]", uni(-20, 20), 2000, 2},
	{MathLogistic, wasm.F64, "[-750, 750]", uni(-750, 750), 2000, 2},
	{MathErf, wasm.F32, "[-2, 2]", uni(-2, 2), 1 << 15, 3},
	{MathErf, wasm.F32, "[-7, 7]", uni(-7, 7), 1 << 15, 3},
	{MathErf, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 3},
	{MathErf, wasm.F64, "[-2, 2]", uni(-2, 2), 1 << 15, 2},
	{MathErf, wasm.F64, "[-7, 7]", uni(-7, 7), 1 << 15, 2},
	{MathErf, wasm.F64, "all bit patterns", bitsAll, 1 << 15, 2},
	{MathSin, wasm.F32, "[-π, π]", uni(-math.Pi, math.Pi), 1 << 15, 2},
	{MathSin, wasm.F32, "[-6000, 6000]", uni(-6000, 6000), 1 << 15, 2},
	{MathSin, wasm.F32, "k·π/2 ± 2 ULP, k < 2**20", nearPio2(1 << 20), 1 << 15, 2},
	{MathSin, wasm.F32, "all bit patterns (huge ones via Payne–Hanek)", bitsAll, 1 << 15, 2},
	{MathSin, wasm.F64, "[-π, π]", uni(-math.Pi, math.Pi), 2000, 2},
	{MathSin, wasm.F64, "[-1.6e6, 1.6e6]", uni(-1.6e6, 1.6e6), 2000, 2},
	{MathSin, wasm.F64, "k·π/2 ± 2 ULP, k < 2**30", nearPio2(1 << 30), 2000, 2},
	{MathSin, wasm.F64, "|x| in [1e6, max] (Payne–Hanek)", logu(1e6, math.MaxFloat64, true), 1000, 2},
	{MathSin, wasm.F64, "hardest cases (6381956970095103·2**797, …)", trigHard, 16, 1},
	{MathCos, wasm.F32, "[-π, π]", uni(-math.Pi, math.Pi), 1 << 15, 2},
	{MathCos, wasm.F32, "[-6000, 6000]", uni(-6000, 6000), 1 << 15, 2},
	{MathCos, wasm.F32, "k·π/2 ± 2 ULP, k < 2**20", nearPio2(1 << 20), 1 << 15, 2},
	{MathCos, wasm.F32, "all bit patterns (huge ones via Payne–Hanek)", bitsAll, 1 << 15, 2},
	{MathCos, wasm.F64, "[-π, π]", uni(-math.Pi, math.Pi), 2000, 2},
	{MathCos, wasm.F64, "[-1.6e6, 1.6e6]", uni(-1.6e6, 1.6e6), 2000, 2},
	{MathCos, wasm.F64, "k·π/2 ± 2 ULP, k < 2**30", nearPio2(1 << 30), 2000, 2},
	{MathCos, wasm.F64, "|x| in [1e6, max] (Payne–Hanek)", logu(1e6, math.MaxFloat64, true), 1000, 2},
	{MathCos, wasm.F64, "hardest cases (6381956970095103·2**797, …)", trigHard, 16, 1},
	{MathPow, wasm.F32, "x in [1e-3, 1e3], |y·ln x| <= 80", powInRange(1e-3, 1e3, 80, false), 1 << 15, 1},
	{MathPow, wasm.F32, "x in ±[0.5, 100], integer y, |y·ln x| <= 80", powInRange(0.5, 100, 80, true), 1 << 15, 1},
	{MathPow, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathPow, wasm.F64, "x in [1e-3, 1e3], |y·ln x| <= 700", powInRange(1e-3, 1e3, 700, false), 2000, 1},
	{MathPow, wasm.F64, "x in [1e-300, 1e300], |y·ln x| <= 700", powInRange(1e-300, 1e300, 700, false), 2000, 1},
	{MathPow, wasm.F64, "x in ±[0.5, 100], integer y, |y·ln x| <= 700", powInRange(0.5, 100, 700, true), 2000, 1},
	{MathFmod, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 0},
	{MathFmod, wasm.F32, "x in ±[1e-3, 1e30], y in ±[1e-3, 1e3]", pairs(logu(1e-3, 1e30, true), logu(1e-3, 1e3, true)), 1 << 15, 0},
	{MathFmod, wasm.F64, "all bit patterns", bitsAll, 1 << 15, 0},
	{MathFmod, wasm.F64, "x in ±[1e-3, 1e300], y in ±[1e-3, 1e3]", pairs(logu(1e-3, 1e300, true), logu(1e-3, 1e3, true)), 1 << 15, 0},
}

// The second series.
var ulpRanges2 = []ulpRange{
	{MathAcos, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathAcos, wasm.F32, "[-1, 1]", uni(-1, 1), 1 << 15, 1},
	{MathAcos, wasm.F64, "[-1, 1]", uni(-1, 1), 2000, 2},
	{MathAcos, wasm.F64, "[0.99, 1]", uni(0.99, 1), 2000, 2},
	{MathAsin, wasm.F32, "[-1, 1]", uni(-1, 1), 1 << 15, 1},
	{MathAsin, wasm.F64, "[-1, 1]", uni(-1, 1), 2000, 2},
	{MathAtan, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathAtan, wasm.F64, "[-4, 4]", uni(-4, 4), 2000, 2},
	{MathAtan, wasm.F64, "|x| in [1e-10, 1e10]", logu(1e-10, 1e10, true), 2000, 2},
	{MathAtan2, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathAtan2, wasm.F64, "y, x in [-10, 10]", pairs(uni(-10, 10), uni(-10, 10)), 2000, 2},
	{MathAtan2, wasm.F64, "|y|, |x| in [1e-5, 1e5]", pairs(logu(1e-5, 1e5, true), logu(1e-5, 1e5, true)), 2000, 2},
	{MathSinh, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathSinh, wasm.F64, "[-2, 2]", uni(-2, 2), 2000, 2},
	{MathSinh, wasm.F64, "[-711, 711]", uni(-711, 711), 2000, 2},
	{MathCosh, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathCosh, wasm.F64, "[-2, 2]", uni(-2, 2), 2000, 2},
	{MathCosh, wasm.F64, "[-711, 711]", uni(-711, 711), 2000, 2},
	{MathTan, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathTan, wasm.F32, "[-π, π]", uni(-math.Pi, math.Pi), 1 << 15, 1},
	{MathTan, wasm.F64, "[-π, π]", uni(-math.Pi, math.Pi), 2000, 2},
	{MathTan, wasm.F64, "k·π/2 ± 2 ULP, k < 2**30", nearPio2(1 << 30), 2000, 2},
	{MathTan, wasm.F64, "|x| in [1e6, max] (Payne–Hanek)", logu(1e6, math.MaxFloat64, true), 1000, 2},
	{MathAsinh, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathAsinh, wasm.F64, "[-4, 4]", uni(-4, 4), 2000, 2},
	{MathAsinh, wasm.F64, "|x| in [1e-10, max]", logu(1e-10, math.MaxFloat64, true), 2000, 2},
	{MathAcosh, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathAcosh, wasm.F64, "[1, 4]", uni(1, 4), 2000, 2},
	{MathAcosh, wasm.F64, "[1, max]", logu(1, math.MaxFloat64, false), 2000, 2},
	{MathAtanh, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathAtanh, wasm.F64, "(-1, 1)", uni(-1, 1), 2000, 2},
	{MathExpm1, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathExpm1, wasm.F64, "[-2, 2]", uni(-2, 2), 2000, 2},
	{MathExpm1, wasm.F64, "[-40, 710]", uni(-40, 710), 2000, 2},
	{MathExpm1, wasm.F64, "|x| in [1e-300, 1]", logu(1e-300, 1, true), 2000, 2},
	{MathErfc, wasm.F32, "all bit patterns", bitsAll, 1 << 15, 1},
	{MathErfc, wasm.F32, "[-2, 10]", uni(-2, 10), 1 << 15, 1},
	{MathErfc, wasm.F64, "[-2, 2]", uni(-2, 2), 1 << 15, 3},
	{MathErfc, wasm.F64, "[-6, 27]", uni(-6, 27), 1 << 15, 4},
}

// refF64 is the exact reference used for f64 lanes.
func refF64(fn MathFunc) (f func(x, y float64) float64, exact bool) {
	switch fn {
	case MathExp:
		return func(x, _ float64) float64 { return refExp(x) }, true
	case MathLog:
		return func(x, _ float64) float64 { return refLog(x) }, true
	case MathLog1p:
		return func(x, _ float64) float64 { return refLog1p(x) }, true
	case MathTanh:
		return func(x, _ float64) float64 { return refTanh(x) }, true
	case MathLogistic:
		return func(x, _ float64) float64 { return refLogistic(x) }, true
	case MathSin:
		return func(x, _ float64) float64 { return refSin(x) }, true
	case MathCos:
		return func(x, _ float64) float64 { return refCos(x) }, true
	case MathPow:
		return refPow, true
	case MathFmod:
		return math.Mod, true
	}
	return extraRefF64(fn)
}

// ulp64 and ulp32 are the distance in representable values between a and b
// (both NaN: 0; one NaN: max).
func ulp64(a, b float64) uint64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		if math.IsNaN(a) && math.IsNaN(b) {
			return 0
		}
		return math.MaxUint64
	}
	oa, ob := ord64(math.Float64bits(a)), ord64(math.Float64bits(b))
	if oa > ob {
		return uint64(oa - ob)
	}
	return uint64(ob - oa)
}

func ord64(b uint64) int64 {
	if int64(b) < 0 {
		return math.MinInt64 - int64(b)
	}
	return int64(b)
}

func ulp32(a, b float32) uint64 {
	if a != a || b != b {
		if a != a && b != b {
			return 0
		}
		return math.MaxUint64
	}
	oa, ob := ord32(math.Float32bits(a)), ord32(math.Float32bits(b))
	if oa > ob {
		return uint64(oa - ob)
	}
	return uint64(ob - oa)
}

func ord32(b uint32) int64 {
	if int32(b) < 0 {
		return -int64(b & 0x7fffffff)
	}
	return int64(b)
}

// measured is the worst case found for one row.
type measured struct {
	ulp  uint64
	x, y float64
	got  float64
	want float64
}

// measure evaluates one row on n samples.
func measure(t testing.TB, h *mathHarness, row ulpRange, n int) measured {
	r := newRand(uint64(row.fn)*131 + uint64(row.lanes) + uint64(len(row.what)))
	x, y := row.gen(r, n, row.lanes)
	x, y = pad4(x), pad4(y)
	var worst measured
	note := func(u uint64, i int, got, want float64) {
		if u > worst.ulp || (worst.ulp == 0 && i == 0) {
			worst = measured{u, x[i], y[i], got, want}
		}
	}
	if row.lanes == wasm.F32 {
		x32, y32, o := make([]float32, len(x)), make([]float32, len(x)), make([]float32, len(x))
		for i := range x {
			x32[i], y32[i] = float32(x[i]), float32(y[i])
		}
		var yarg []float32
		if row.fn.Arity() == 2 {
			yarg = y32
		}
		evalMath(t, h, row.fn, x32, yarg, o)
		ref := goRef(row.fn)
		for i := range x {
			want := float32(ref(float64(x32[i]), float64(y32[i])))
			note(ulp32(o[i], want), i, float64(o[i]), float64(want))
		}
		return worst
	}
	o := make([]float64, len(x))
	var yarg []float64
	if row.fn.Arity() == 2 {
		yarg = y
	}
	evalMath(t, h, row.fn, x, yarg, o)
	ref, _ := refF64(row.fn)
	want := make([]float64, len(x))
	parallel(len(x), func(i int) { want[i] = ref(x[i], y[i]) })
	for i := range x {
		note(ulp64(o[i], want[i]), i, o[i], want[i])
	}
	return worst
}

// parallel runs f(i) for i < n on all CPUs.
func parallel(n int, f func(i int)) {
	p := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := 0; w < p; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += p {
				f(i)
			}
		}()
	}
	wg.Wait()
}

// TestMathULP measures every row of the accuracy table and fails if a
// maximum exceeds the documented bound. -v prints the table.
func TestMathULP(t *testing.T) {
	h := newMathHarness(t, MathFuncs())
	var b strings.Builder
	fmt.Fprintf(&b, "\n| function | type | input range | max ULP | bound |\n|---|---|---|---|---|\n")
	for _, row := range append(ulpRanges[:len(ulpRanges):len(ulpRanges)], ulpRanges2...) {
		n := row.n * *mathSamples
		if raceEnabled {
			n = max(n/8, 256)
		}
		w := measure(t, h, row, n)
		fmt.Fprintf(&b, "| %v | %v | %s | %d | %d |\n", row.fn, laneShape(row.lanes), row.what, w.ulp, row.bound)
		if w.ulp > row.bound {
			t.Errorf("%v %v %s: %d ULP > bound %d at x=%v y=%v: got %v want %v",
				row.fn, laneShape(row.lanes), row.what, w.ulp, row.bound, w.x, w.y, w.got, w.want)
		}
	}
	t.Log(b.String())
}

// exhaustiveBounds are the documented maxima over every f32 input.
var exhaustiveBounds = map[MathFunc]uint64{
	MathExp: 1, MathLog: 1, MathLog1p: 1, MathTanh: 2, MathLogistic: 2, MathErf: 3, MathSin: 2, MathCos: 2,
	MathAcos: 1, MathAsin: 1, MathAtan: 1, MathSinh: 1, MathCosh: 1, MathTan: 1, MathAsinh: 1, MathAcosh: 1,
	MathAtanh: 1, MathExpm1: 1, MathErfc: 1, MathExpNonPos: 1, MathExpNegScaled: 1,
}

// TestMathExhaustiveF32 runs every unary f32x4 function on all 2**32
// inputs (with -mathlib.exhaustive; a few minutes each).
func TestMathExhaustiveF32(t *testing.T) {
	if !*mathExhaustive {
		t.Skip("use -mathlib.exhaustive")
	}
	h := newMathHarness(t, MathFuncs())
	for _, fn := range MathFuncs() {
		bound, ok := exhaustiveBounds[fn]
		if !ok || fn.Arity() != 1 {
			continue
		}
		if *mathOnly != "" && !slices.Contains(strings.Split(*mathOnly, ","), fn.String()) {
			continue
		}
		ref := goRef(fn)
		const batch = 1 << 22
		x, o := make([]float32, batch), make([]float32, batch)
		var worst measured
		hist := make([]uint64, 4)
		for base := uint64(0); base < 1<<32; base += batch {
			for i := range x {
				x[i] = math.Float32frombits(uint32(base) + uint32(i))
			}
			evalMath(t, h, fn, x, nil, o)
			p := runtime.GOMAXPROCS(0)
			res := make([]measured, p)
			hs := make([][4]uint64, p)
			var wg sync.WaitGroup
			for w := 0; w < p; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := w; i < batch; i += p {
						want := float32(ref(float64(x[i]), 0))
						u := ulp32(o[i], want)
						hs[w][min(u, 3)]++
						if u > res[w].ulp {
							res[w] = measured{u, float64(x[i]), 0, float64(o[i]), float64(want)}
						}
					}
				}()
			}
			wg.Wait()
			for w := range res {
				if res[w].ulp > worst.ulp {
					worst = res[w]
				}
				for k := range hist {
					hist[k] += hs[w][k]
				}
			}
		}
		t.Logf("%v f32x4 all inputs: max %d ULP at x=%v (got %v want %v); histogram 0/1/2/3+: %v",
			fn, worst.ulp, worst.x, worst.got, worst.want, hist)
		if worst.ulp > bound {
			t.Errorf("%v f32x4: %d ULP > bound %d", fn, worst.ulp, bound)
		}
	}
}

// extraRefF64 is the exact reference of the second series (erfc: Go's).
func extraRefF64(fn MathFunc) (func(x, y float64) float64, bool) {
	u := func(f func(float64) float64) func(x, y float64) float64 {
		return func(x, _ float64) float64 { return f(x) }
	}
	switch fn {
	case MathAcos:
		return u(refAcos), true
	case MathAsin:
		return u(refAsin), true
	case MathAtan:
		return u(refAtan), true
	case MathAtan2:
		return refAtan2, true
	case MathSinh:
		return u(refSinh), true
	case MathCosh:
		return u(refCosh), true
	case MathTan:
		return u(refTan), true
	case MathAsinh:
		return u(refAsinh), true
	case MathAcosh:
		return u(refAcosh), true
	case MathAtanh:
		return u(refAtanh), true
	case MathExpm1:
		return u(refExpm1), true
	case MathExpNonPos:
		return u(func(x float64) float64 { return refExp(min(x, 0)) }), true
	case MathExpNegScaled:
		return u(func(x float64) float64 { return 0x1p32 * refExp(max(-math.Abs(x), -104)) }), true
	}
	return goRef(fn), false
}
