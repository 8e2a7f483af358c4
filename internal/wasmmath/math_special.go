package wasmmath

import (
	"github.com/sandjit/sandjit/internal/wasm"
	"math"
)

// The special functions of TensorFlow's math ops: lgamma, digamma, erfinv,
// ndtri, and the exponentially scaled Bessel functions i0e and i1e. Each
// is written for f64x2 lanes; the f32x4 forms run it on the two promoted
// halves (via64), which rounds once, so f32 results are within about half
// an ULP of the f64 function. Every lane evaluates each approximation its
// range may need, with per-lane coefficients chosen by v128.bitselect, and
// the special values are selected last: no branches, no loops.
//
// Semantics are TF's (Eigen's kernels): lgamma is log|Γ(x)| with +Inf at
// 0, at the negative integers and at ±Inf; digamma is NaN at its poles (0
// and the negative integers, -Inf included); erfinv(±1) = ±Inf and NaN
// outside [-1, 1]; ndtri(0) = -Inf, ndtri(1) = +Inf and NaN outside
// [0, 1]; i0e(±Inf) = 0, i1e(±Inf) = ±0. The coefficient tables are
// generated (special_coeffs.go, by testdata/gen_special.py with mpmath).

// chebSel evaluates, in each lane, the series segs[i] for the last i whose
// mask is set (segs[0] where none is) at x: a Horner polynomial in the
// segment's centred variable u, with coefficients selected per lane.
// masks[0] is ignored.
func (e *vemit) chebSel(x vr, segs []*chebSeries, masks []vr) vr {
	pick := func(f func(s *chebSeries) float64) vr {
		c0 := f(segs[0])
		v := e.k(c0)
		for i := 1; i < len(segs); i++ {
			if c := f(segs[i]); c != c0 || !v.isK {
				v = e.sel(masks[i], e.k(c), v)
			}
		}
		return v
	}
	n := 0
	for _, s := range segs {
		n = max(n, len(s.c))
	}
	coefs := make([]vr, n)
	for k := range coefs {
		coefs[k] = pick(func(s *chebSeries) float64 {
			if k < len(s.c) {
				return s.c[k]
			}
			return 0
		})
	}
	mid := pick(func(s *chebSeries) float64 { return (s.lo + s.hi) / 2 })
	inv := pick(func(s *chebSeries) float64 { return 2 / (s.hi - s.lo) })
	return e.polyv(e.mul(e.sub(x, mid), inv), coefs...)
}

// floor rounds each lane down.
func (e *vemit) floor(a vr) vr {
	if e.t == wasm.F32 {
		return e.op(wasm.OpF32x4Floor, a)
	}
	return e.op(wasm.OpF64x2Floor, a)
}

// sinPiCosPi returns sin(πr) and cos(πr) for |r| <= 1/2 (Taylor series).
func sinPiCosPi(e *vemit, r vr) (s, c vr) {
	r2 := e.mul(r, r)
	s = e.mul(r, e.poly(r2, sinpiC[:]...))
	c = e.poly(r2, cospiC[:]...)
	return s, c
}

// genLgamma64 is log|Γ(x)| after FreeBSD's e_lgamma_r.c: its regimes
// (|x| < 2 in six pieces around 1, the minimum and 2; [2, 8) by the
// recurrence and a rational; Stirling's series below 2**58; x(log x - 1)
// above) are all evaluated and selected per lane, with one log shared by
// the regimes and a second for the reflection of negative x:
// lgamma(x) = log(π/|x·sin(πx)|) - lgamma(-x).
func genLgamma64(e *vemit, args []vr) vr {
	const (
		ymin = 1.461632144968362245
		lo1  = 0.2316321449683623 // FreeBSD's 0x3FCDA661 (Go's math.Lgamma has ymin-1-0.27 here, and
		lo2  = 1.2316321449683623 // ymin-0.27 here, outside the T polynomial's range: ~200 ULP)
		tc   = 1.46163214496836224576e+00
		tf   = -1.21486290535849611461e-01
		tt   = -3.63867699703950536541e-18
	)
	x := args[0]
	ax := e.abs(x)
	one, half := e.k(1), e.k(0.5)
	lt2 := e.lt(ax, e.k(2))
	lt8 := e.lt(ax, e.k(8))
	le09 := e.le(ax, e.k(0.9))

	// |x| < 2: y and the kind of approximation (0, 1 or 2).
	k0 := e.sel(le09, e.ge(ax, e.k(ymin-1+0.27)), e.ge(ax, e.k(ymin+0.27)))
	k1 := e.sel(le09, e.ge(ax, e.k(lo1)), e.ge(ax, e.k(lo2)))
	y0 := e.sub(e.sel(le09, one, e.k(2)), ax)
	y1 := e.sub(ax, e.sel(le09, e.k(tc-1), e.k(tc)))
	y2 := e.sel(le09, ax, e.sub(ax, one))
	y := e.sel(k0, y0, e.sel(k1, y1, y2))
	z := e.mul(y, y)
	// kind 0
	p1 := e.poly(z, lgamA[0], lgamA[2], lgamA[4], lgamA[6], lgamA[8], lgamA[10])
	p2 := e.mul(z, e.poly(z, lgamA[1], lgamA[3], lgamA[5], lgamA[7], lgamA[9], lgamA[11]))
	r0 := e.sub(e.madd(y, p1, p2), e.mul(half, y))
	// kind 1
	w := e.mul(z, y)
	q1 := e.poly(w, lgamT[0], lgamT[3], lgamT[6], lgamT[9], lgamT[12])
	q2 := e.poly(w, lgamT[1], lgamT[4], lgamT[7], lgamT[10], lgamT[13])
	q3 := e.poly(w, lgamT[2], lgamT[5], lgamT[8], lgamT[11], lgamT[14])
	p := e.sub(e.mul(z, q1), e.sub(e.k(tt), e.mul(w, e.madd(y, q3, q2))))
	r1 := e.add(e.k(tf), p)
	// kind 2
	u1 := e.mul(y, e.poly(y, lgamU[:]...))
	u2 := e.poly(y, 1, lgamV[1], lgamV[2], lgamV[3], lgamV[4], lgamV[5])
	r2 := e.add(e.mul(e.k(-0.5), y), e.div(u1, u2))
	rA := e.sel(k0, r0, e.sel(k1, r1, r2))

	// 2 <= |x| < 8: i = floor(|x|), lgamma = lgamma(2+y) + log((y+2)…(y+i-1)).
	iB := e.trunc(ax)
	yB := e.sub(ax, iB)
	pB := e.mul(yB, e.poly(yB, lgamS[:]...))
	qB := e.poly(yB, 1, lgamR[1], lgamR[2], lgamR[3], lgamR[4], lgamR[5], lgamR[6])
	rB := e.madd(half, yB, e.div(pB, qB))
	prod := one
	for k := 2.0; k <= 6; k++ {
		prod = e.mul(prod, e.sel(e.gt(iB, e.k(k)), e.add(yB, e.k(k)), one))
	}

	// One log: of |x| (|x| <= 0.9 and |x| >= 8) or of the product.
	lg := logCore(e, e.sel(lt2, ax, e.sel(lt8, prod, ax)))
	rA = e.sub(rA, e.sel(le09, lg, e.k(0)))
	rB = e.add(rB, lg)

	// 8 <= |x| < 2**58: Stirling; above: x(log x - 1).
	zc := e.div(one, ax)
	yc := e.mul(zc, zc)
	wc := e.madd(zc, e.poly(yc, lgamW[1], lgamW[2], lgamW[3], lgamW[4], lgamW[5], lgamW[6]), e.k(lgamW[0]))
	lgm1 := e.sub(lg, one)
	rC := e.madd(e.sub(ax, half), lgm1, wc)
	rD := e.mul(ax, lgm1)
	pos := e.sel(lt2, rA, e.sel(lt8, rB, e.sel(e.ge(ax, e.k(0x1p58)), rD, rC)))

	// Negative x: log(π/|x·sin(πx)|) - lgamma(|x|); tiny |x|: -log|x|.
	r := e.sub(ax, e.nearest(ax))
	s, _ := sinPiCosPi(e, r)
	nadj := logCore(e, e.div(e.k(math.Pi), e.abs(e.mul(s, ax))))
	neg := e.sel(e.lt(ax, e.k(0x1p-70)), pos, e.sub(nadj, pos))
	res := e.sel(e.lt(x, e.k(0)), neg, pos)

	// +Inf at 0, the negative integers and -Inf; +Inf at +Inf; NaN.
	pole := e.or(e.eq(x, e.k(0)), e.and(e.lt(x, e.k(0)), e.eq(e.nearest(x), x)))
	res = e.sel(pole, e.inf(), res)
	res = e.sel(e.eq(ax, e.inf()), e.inf(), res)
	res = e.sel(e.or(e.eq(x, one), e.eq(x, e.k(2))), e.k(0), res) // +0, not the polynomials' -0
	return e.sel(e.isnan(x), x, res)
}

// genDigamma64 is ψ(x): ψ(1+t) = (t - t0)·P(t) on [0, 1] (t0 = x0 - 1,
// x0 the positive root, in two pieces; P a Chebyshev series), so that the
// root has full relative accuracy; below 1 ψ(x) = ψ(1+x) - 1/x; on
// [2, 10) the recurrence down to [1, 2), ψ(x) = ψ(x-n) + Σ 1/(x-j) (exact
// differences, positive terms); from 10 the asymptotic series in 1/x² to
// B₂₀; negative x by reflection, ψ(x) = ψ(1-x) - π·cot(πx).
func genDigamma64(e *vemit, args []vr) vr {
	x := args[0]
	one := e.k(1)
	neg := e.le(x, e.k(0))
	xp := e.sel(neg, e.sub(one, x), x)
	negSmall := e.and(neg, e.gt(x, e.k(-1)))
	fl := e.sel(negSmall, one, e.floor(xp))
	below1 := e.lt(xp, one)
	t := e.sel(below1, xp, e.sel(negSmall, e.neg(x), e.sub(xp, fl)))
	d := e.sub(e.sub(t, e.k(digammaT0Hi)), e.k(digammaT0Lo))
	q := e.mul(d, e.chebSel(t, []*chebSeries{&chebDigammaP}, nil))
	// [1, 10): Q(t) + Σ_{j < floor} 1/(xp - j), smallest terms first.
	sum := e.k(0)
	for j := 8.0; j >= 1; j-- {
		term := e.div(one, e.sub(xp, e.k(j)))
		sum = e.add(sum, e.sel(e.gt(fl, e.k(j)), term, e.k(0)))
	}
	mid := e.add(q, sum)
	low := e.sub(q, e.div(one, xp))
	// [10, Inf]: log x - 1/(2x) - z·B(z), z = 1/x².
	zz := e.div(one, e.mul(xp, xp))
	series := e.mul(zz, e.poly(zz, digammaB[:]...))
	asym := e.sub(e.sub(logCore(e, xp), e.div(e.k(0.5), xp)), series)
	pos := e.sel(below1, low, e.sel(e.lt(xp, e.k(10)), mid, asym))
	// Reflection.
	r := e.sub(x, e.nearest(x))
	s, c := sinPiCosPi(e, r)
	refl := e.sub(pos, e.div(e.mul(e.k(math.Pi), c), s))
	res := e.sel(neg, refl, pos)
	pole := e.and(neg, e.eq(e.nearest(x), x))
	res = e.sel(pole, e.nan(), res)
	return e.sel(e.isnan(x), x, res)
}

// erfinvRatio is erfinv(y)/y as a function of w = -log(1-y²): Chebyshev
// series in w below 6.25 and in √w on [2.5, 4], [4, 8] and [8, 28]
// (w up to 784, beyond ndtri's smallest subnormal).
func erfinvRatio(e *vemit, w vr) vr {
	s := e.sqrt(w)
	m1 := e.ge(w, e.k(6.25))
	m2 := e.ge(s, e.k(4))
	m3 := e.ge(s, e.k(8))
	v := e.sel(m1, s, w)
	return e.chebSel(v, []*chebSeries{&chebErfinvW, &chebErfinvS1, &chebErfinvS2, &chebErfinvS3}, []vr{{}, m1, m2, m3})
}

// genErfinv64 is erfinv(y) = y·R(w), w = -log((1-|y|)(1+|y|)): 1-|y| is
// exact where it matters (|y| >= 1/2), so w keeps its relative accuracy up
// to |y| = 1 - 2**-53; near 0 only w's absolute error counts.
func genErfinv64(e *vemit, args []vr) vr {
	y := args[0]
	ay := e.abs(y)
	one := e.k(1)
	w := e.neg(logCore(e, e.mul(e.sub(one, ay), e.add(one, ay))))
	res := e.mul(y, erfinvRatio(e, w))
	res = e.sel(e.eq(ay, one), e.copysign(e.inf(), y), res)
	res = e.sel(e.gt(ay, one), e.nan(), res)
	return e.sel(e.isnan(y), y, res)
}

// genNdtri64 is the normal quantile, ndtri(p) = √2·erfinv(2p-1), with
// w = -log(4p(1-p)) from 2·min(p, 1-p) (exact) and its complement to 2, so
// that the lower tail keeps full accuracy down to the smallest subnormal.
func genNdtri64(e *vemit, args []vr) vr {
	p := args[0]
	one, two := e.k(1), e.k(2)
	lower := e.le(p, e.k(0.5))
	a := e.sel(lower, e.add(p, p), e.mul(two, e.sub(one, p)))
	b := e.sub(two, a)
	w := e.neg(logCore(e, e.mul(a, b)))
	y := e.sub(e.add(p, p), one)
	res := e.mul(e.mul(y, erfinvRatio(e, w)), e.k(math.Sqrt2))
	res = e.sel(e.eq(p, e.k(0)), e.k(math.Inf(-1)), res)
	res = e.sel(e.eq(p, one), e.inf(), res)
	res = e.sel(e.or(e.lt(p, e.k(0)), e.gt(p, one)), e.nan(), res)
	return e.sel(e.isnan(p), p, res)
}

// besselE is the shared body of i0e and i1e: Chebyshev series of f on
// [0, 4] and [4, 8] (in |x|), and of √|x|·i(|x|) in u = 8/|x| beyond 8.
func besselE(e *vemit, x vr, a, b, tail *chebSeries) (near, far, isFar vr) {
	ax := e.abs(x)
	m1 := e.ge(ax, e.k(4))
	m2 := e.ge(ax, e.k(8))
	v := e.sel(m2, e.div(e.k(8), ax), ax)
	c := e.chebSel(v, []*chebSeries{a, b, tail}, []vr{{}, m1, m2})
	return c, e.div(c, e.sqrt(ax)), m2
}

// genI0e64 is exp(-|x|)·I₀(x).
func genI0e64(e *vemit, args []vr) vr {
	near, far, isFar := besselE(e, args[0], &chebI0eA, &chebI0eB, &chebI0eT)
	return e.sel(isFar, far, near)
}

// genI1e64 is exp(-|x|)·I₁(x): x·R(|x|) below 8, odd.
func genI1e64(e *vemit, args []vr) vr {
	x := args[0]
	near, far, isFar := besselE(e, x, &chebI1eA, &chebI1eB, &chebI1eT)
	return e.sel(isFar, e.copysign(far, x), e.mul(x, near))
}
