package wasmmath

import "github.com/sandjit/sandjit/internal/wasm"

// The error function (and, in the second series, erfc), after FreeBSD msun
// s_erf.c / s_erff.c. The scalar code branches over four ranges of |x|; here
// every lane evaluates the two rationals that cover its range, with the
// coefficients of each rational chosen per lane by v128.bitselect, and one
// exp. Hot path: f32x4/f64x2 mul/add/div, bitselect, one inlined exp.

// erfCoeffs holds one precision's coefficients.
type erfCoeffs struct {
	erx            float64   // erf(1) rounded to half the significand bits
	pp, qq, pa, qa []float64 // near rationals: a < 0.84375 and a < 1.25
	ra, sa, rb, sb []float64 // tail rationals in 1/a²: below and above tailSplit
	tailSplit      float64   // 1/0.35
}

var erf64 = erfCoeffs{
	erx: 8.45062911510467529297e-01,
	pp: []float64{1.28379167095512558561e-01, -3.25042107247001499370e-01, -2.84817495755985104766e-02,
		-5.77027029648944159157e-03, -2.37630166566501626084e-05},
	qq: []float64{1, 3.97917223959155352819e-01, 6.50222499887672944485e-02, 5.08130628187576562776e-03,
		1.32494738004321644526e-04, -3.96022827877536812320e-06},
	pa: []float64{-2.36211856075265944077e-03, 4.14856118683748331666e-01, -3.72207876035701323847e-01,
		3.18346619901161753674e-01, -1.10894694282396677476e-01, 3.54783043256182359371e-02,
		-2.16637559486879084300e-03},
	qa: []float64{1, 1.06420880400844228286e-01, 5.40397917702171048937e-01, 7.18286544141962662868e-02,
		1.26171219808761642112e-01, 1.36370839120290507362e-02, 1.19844998467991074170e-02},
	ra: []float64{-9.86494403484714822705e-03, -6.93858572707181764372e-01, -1.05586262253232909814e+01,
		-6.23753324503260060396e+01, -1.62396669462573470355e+02, -1.84605092906711035994e+02,
		-8.12874355063065934246e+01, -9.81432934416914548592e+00},
	sa: []float64{1, 1.96512716674392571292e+01, 1.37657754143519042600e+02, 4.34565877475229228821e+02,
		6.45387271733267880336e+02, 4.29008140027567833386e+02, 1.08635005541779435134e+02,
		6.57024977031928170135e+00, -6.04244152148580987438e-02},
	rb: []float64{-9.86494292470009928597e-03, -7.99283237680523006574e-01, -1.77579549177547519889e+01,
		-1.60636384855821916062e+02, -6.37566443368389627722e+02, -1.02509513161107724954e+03,
		-4.83519191608651397019e+02},
	sb: []float64{1, 3.03380607434824582924e+01, 3.25792512996573918826e+02, 1.53672958608443695994e+03,
		3.19985821950859553908e+03, 2.55305040643316442583e+03, 4.74528541206955367215e+02,
		-2.24409524465858183362e+01},
	tailSplit: 1 / 0.35,
}

var erf32 = erfCoeffs{
	erx: 8.4506291151e-01,
	pp:  []float64{1.2837916613e-01, -3.2504209876e-01, -2.8481749818e-02, -5.7702702470e-03, -2.3763017452e-05},
	qq:  []float64{1, 3.9791721106e-01, 6.5022252500e-02, 5.0813062117e-03, 1.3249473704e-04, -3.9602282413e-06},
	pa: []float64{-2.3621185683e-03, 4.1485610604e-01, -3.7220788002e-01, 3.1834661961e-01, -1.1089469492e-01,
		3.5478305072e-02, -2.1663755178e-03},
	qa: []float64{1, 1.0642088205e-01, 5.4039794207e-01, 7.1828655899e-02, 1.2617121637e-01, 1.3637083583e-02,
		1.1984500103e-02},
	ra: []float64{-9.8649440333e-03, -6.9385856390e-01, -1.0558626175e+01, -6.2375331879e+01, -1.6239666748e+02,
		-1.8460508728e+02, -8.1287437439e+01, -9.8143291473e+00},
	sa: []float64{1, 1.9651271820e+01, 1.3765776062e+02, 4.3456588745e+02, 6.4538726807e+02, 4.2900814819e+02,
		1.0863500214e+02, 6.5702495575e+00, -6.0424413532e-02},
	rb: []float64{-9.8649431020e-03, -7.9928326607e-01, -1.7757955551e+01, -1.6063638306e+02, -6.3756646729e+02,
		-1.0250950928e+03, -4.8351919556e+02},
	sb: []float64{1, 3.0338060379e+01, 3.2579251099e+02, 1.5367296143e+03, 3.1998581543e+03, 2.5530502930e+03,
		4.7452853394e+02, -2.2440952301e+01},
	tailSplit: 1 / 0.35,
}

func erfTable(t wasm.ValType) *erfCoeffs {
	if t == wasm.F32 {
		return &erf32
	}
	return &erf64
}

// selCoeffs returns n coefficient vectors, m ? a[i] : b[i], padding the
// shorter list with zeros.
func (e *vemit) selCoeffs(m vr, a, b []float64) []vr {
	n := max(len(a), len(b))
	out := make([]vr, n)
	for i := range out {
		var ca, cb float64
		if i < len(a) {
			ca = a[i]
		}
		if i < len(b) {
			cb = b[i]
		}
		if ca == cb {
			out[i] = e.k(ca)
		} else {
			out[i] = e.selk(m, ca, cb)
		}
	}
	return out
}

// erfNear returns, for a = |x| < 1.25, erf(a) (lanes a < 0.84375: a +
// a·P/Q(a²); others: erx + P/Q(a-1)).
func erfNear(e *vemit, c *erfCoeffs, a vr) vr {
	small, ratio := erfNearRatio(e, c, a)
	return e.sel(small, e.madd(a, ratio, a), e.add(e.k(c.erx), ratio))
}

// erfNearRatio returns the mask a < 0.84375 and the rational of a's range.
func erfNearRatio(e *vemit, c *erfCoeffs, a vr) (small, ratio vr) {
	small = e.lt(a, e.k(0.84375))
	t := e.sel(small, e.mul(a, a), e.sub(a, e.k(1)))
	p := e.polyv(t, e.selCoeffs(small, c.pp, c.pa)...)
	q := e.polyv(t, e.selCoeffs(small, c.qq, c.qa)...)
	return small, e.div(p, q)
}

// erfcTail returns erfc(a) for 1.25 <= a <= 28 (the caller clamps a):
// exp(-z²-0.5625)·exp((z-a)(z+a) + R/S(1/a²))/a with z = a rounded to half
// the significand bits, so -z² is exact. The two exponents are summed with
// TwoSum and the error folded in as exp(s)·(1+err): one exp.
func erfcTail(e *vemit, c *erfCoeffs, a vr) vr {
	lowR := e.lt(a, e.k(c.tailSplit))
	s := e.div(e.k(1), e.mul(a, a))
	r := e.polyv(s, e.selCoeffs(lowR, c.ra, c.rb)...)
	q := e.polyv(s, e.selCoeffs(lowR, c.sa, c.sb)...)
	z := e.lowZero(a)
	hi := e.sub(e.neg(e.mul(z, z)), e.k(0.5625))
	lo := e.add(e.mul(e.sub(z, a), e.add(z, a)), e.div(r, q))
	sum, err := e.twoSum(hi, lo)
	ex := e.mul(expCore(e, sum), e.add(e.k(1), err))
	return e.div(ex, a)
}

// erfCore is erf(x): odd, erf(±Inf) = ±1, erf(-0) = -0, NaN → NaN.
func erfCore(e *vemit, x vr) vr {
	c := erfTable(e.t)
	a := e.abs(x)
	near := erfNear(e, c, a)
	tail := e.sub(e.k(1), erfcTail(e, c, e.minK(e.maxK(a, 1.25), 6)))
	r := e.sel(e.lt(a, e.k(1.25)), near, e.sel(e.lt(a, e.k(6)), tail, e.k(1)))
	r = e.copysign(r, x)
	return e.sel(e.isnan(x), x, r)
}

func genErf32(e *vemit, a []vr) vr { return erfCore(e, a[0]) }
func genErf64(e *vemit, a []vr) vr { return erfCore(e, a[0]) }

// erfc (f64x2; f32x4 runs it on promoted halves), FreeBSD's erfc without
// branches: near 0 from the erf rationals arranged to avoid cancellation,
// 1.25 <= |x| < 28 from the tail (2 - tail for x < 0), 0 or 2 beyond.
func genErfc64(e *vemit, a []vr) vr {
	x := a[0]
	c := erfTable(e.t)
	one, half := e.k(1), e.k(0.5)
	ax := e.abs(x)
	small, ratio := erfNearRatio(e, c, ax)
	sm := e.sel(e.lt(x, e.k(0.25)), e.sub(one, e.madd(x, ratio, x)), e.sub(half, e.add(e.mul(x, ratio), e.sub(x, half))))
	md := e.sel(e.ge(x, e.k(0)), e.sub(e.k(1-c.erx), ratio), e.add(one, e.add(e.k(c.erx), ratio)))
	near := e.sel(small, sm, md)
	tail := erfcTail(e, c, e.minK(e.maxK(ax, 1.25), 28))
	tail = e.sel(e.gt(x, e.k(0)), tail, e.sub(e.k(2), tail))
	r := e.sel(e.lt(ax, e.k(1.25)), near, e.sel(e.lt(ax, e.k(28)), tail, e.selk(e.gt(x, e.k(0)), 0, 2)))
	return e.sel(e.isnan(x), x, r)
}
