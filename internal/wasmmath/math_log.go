package wasmmath

import "github.com/sandjit/sandjit/internal/wasm"
import "math"

// The logarithm family: log and log1p. Straight-line SIMD (hot path:
// integer and/or/shr on the bits for the exponent and mantissa, one
// division, a polynomial in s², compares and bitselects for the edges).

// logConsts are FreeBSD msun's coefficients: |log(1+f) - (f - f²/2 +
// s(f²/2 + R(s²)))| small for s = f/(2+f), f in [√½-1, √2-1].
func logConsts(t wasm.ValType) (ln2Hi, ln2Lo float64, lg []float64) {
	if t == wasm.F32 {
		// k_logf.h: |(log(1+s)-log(1-s))/s - Lg(s)| < 2**-34.24.
		return 6.9313812256e-01, 9.0580006145e-06, []float64{
			0xaaaaaa.0p-24, 0xccce13.0p-25, 0x91e9ee.0p-25, 0xf89e26.0p-26}
	}
	// e_log.c: |Lg(s) - R(s)| < 2**-58.45.
	return 6.93147180369123816490e-01, 1.90821492927058770002e-10, []float64{
		6.666666666666735130e-01, 3.999999999940941908e-01, 2.857142874366239149e-01,
		2.222219843214978396e-01, 1.818357216161805012e-01, 1.531383769920937332e-01,
		1.479819860511658591e-01}
}

// logReduce splits a positive finite normal u into 2**k * (1+f) with 1+f in
// [√½, √2); k is returned as a float.
func logReduce(e *vemit, u vr) (k, f vr) {
	k = e.unbiasedExp(u)
	m := e.mantissa1(u)
	big := e.gt(m, e.k(math.Sqrt2))
	m = e.sel(big, e.mul(m, e.k(0.5)), m)
	k = e.sel(big, e.add(k, e.k(1)), k)
	return k, e.sub(m, e.k(1))
}

// logKernel is k*ln2 + log(1+f) + c for a small correction c, as
// k*ln2_hi - ((hfsq - (s*(hfsq+R) + (k*ln2_lo + c))) - f).
func logKernel(e *vemit, k, f, c vr) vr {
	ln2Hi, ln2Lo, lg := logConsts(e.t)
	s := e.div(f, e.add(e.k(2), f))
	z := e.mul(s, s)
	w := e.mul(z, z)
	// Two interleaved Horner chains in w = s⁴ (odd and even terms).
	var odd, even []float64
	for i, c := range lg {
		if i%2 == 0 {
			odd = append(odd, c)
		} else {
			even = append(even, c)
		}
	}
	t1 := e.mul(z, e.poly(w, odd...))
	t2 := e.mul(w, e.poly(w, even...))
	r := e.add(t1, t2)
	hfsq := e.mul(e.mul(e.k(0.5), f), f)
	lo := e.madd(k, e.k(ln2Lo), c)
	inner := e.sub(e.sub(hfsq, e.madd(s, e.add(hfsq, r), lo)), f)
	return e.sub(e.mul(k, e.k(ln2Hi)), inner)
}

// logCore is log(x) for every lane: log(±0) = -Inf, log(x<0) = NaN,
// log(+Inf) = +Inf, NaN → NaN; subnormals are scaled into the normal range
// first. Error < 1 ULP.
func logCore(e *vemit, x vr) vr {
	var minNorm, up, upExp float64
	if e.t == wasm.F32 {
		minNorm, up, upExp = 0x1p-126, 0x1p23, 23
	} else {
		minNorm, up, upExp = 0x1p-1022, 0x1p54, 54
	}
	sub := e.lt(x, e.k(minNorm))
	xs := e.sel(sub, e.mul(x, e.k(up)), x)
	k, f := logReduce(e, xs)
	k = e.sub(k, e.sel(sub, e.k(upExp), e.k(0)))
	r := logKernel(e, k, f, e.k(0))
	// Edges.
	r = e.sel(e.eq(x, e.k(0)), e.k(math.Inf(-1)), r)
	r = e.sel(e.lt(x, e.k(0)), e.nan(), r)
	r = e.sel(e.eq(x, e.inf()), x, r)
	return e.sel(e.isnan(x), x, r)
}

func genLog32(e *vemit, a []vr) vr { return logCore(e, a[0]) }
func genLog64(e *vemit, a []vr) vr { return logCore(e, a[0]) }

// log1pCore is log(1+x) (FreeBSD s_log1p.c without branches): u = 1+x is
// reduced like log's argument and the rounding error of 1+x is added back
// as c/u, c = 1-(u-x) when u >= 2 and x-(u-1) otherwise.
func log1pCore(e *vemit, x vr) vr {
	one := e.k(1)
	u := e.add(one, x)
	k, f := logReduce(e, u)
	// u >= 2: x and u are within a factor 2, so u-x is exact.
	c := e.sel(e.ge(u, e.k(2)), e.sub(one, e.sub(u, x)), e.sub(x, e.sub(u, one)))
	c = e.div(c, u)
	r := logKernel(e, k, f, c)
	tiny := 0x1p-54
	if e.t == wasm.F32 {
		tiny = 0x1p-25
	}
	r = e.sel(e.lt(e.abs(x), e.k(tiny)), x, r) // log1p(±0) = ±0, log1p(tiny) = tiny
	r = e.sel(e.eq(x, e.k(-1)), e.k(math.Inf(-1)), r)
	r = e.sel(e.lt(x, e.k(-1)), e.nan(), r)
	r = e.sel(e.eq(x, e.inf()), x, r)
	return e.sel(e.isnan(x), x, r)
}

func genLog1p32(e *vemit, a []vr) vr { return log1pCore(e, a[0]) }
func genLog1p64(e *vemit, a []vr) vr { return log1pCore(e, a[0]) }

// asinh = sign(x)·log1p(a + a²/(1+√(1+a²))) for a = |x| <= 2**28, and
// log1p(a-1) + ln2 = log(2a) beyond (where a² could overflow).
func genAsinh64(e *vemit, a []vr) vr {
	x := a[0]
	ax := e.abs(x)
	huge := e.gt(ax, e.k(0x1p28))
	a2 := e.mul(ax, ax)
	t := e.add(ax, e.div(a2, e.add(e.k(1), e.sqrt(e.add(e.k(1), a2)))))
	t = e.sel(huge, e.sub(ax, e.k(1)), t)
	r := e.add(log1pCore(e, t), e.sel(huge, e.k(math.Ln2), e.k(0)))
	r = e.sel(e.lt(ax, e.k(0x1p-28)), ax, r)
	return e.copysign(r, x) // NaN stays NaN
}

// acosh = log1p(t + √(t(t+2))) for t = x-1, x <= 2**28; log1p(x-1) + ln2
// beyond; NaN below 1.
func genAcosh64(e *vemit, a []vr) vr {
	x := a[0]
	t := e.sub(x, e.k(1))
	huge := e.gt(x, e.k(0x1p28))
	arg := e.sel(huge, t, e.add(t, e.sqrt(e.mul(t, e.add(t, e.k(2))))))
	r := e.add(log1pCore(e, arg), e.sel(huge, e.k(math.Ln2), e.k(0)))
	return e.sel(e.lt(x, e.k(1)), e.nan(), r)
}

// atanh = sign(x)·log1p(2a + 2a·a/(1-a))/2 for a = |x| < 0.5, and
// log1p(2a/(1-a))/2 otherwise; ±1 give ±Inf, |x| > 1 NaN.
func genAtanh64(e *vemit, a []vr) vr {
	x := a[0]
	ax := e.abs(x)
	two := e.add(ax, ax)
	om := e.sub(e.k(1), ax)
	t := e.sel(e.lt(ax, e.k(0.5)), e.add(two, e.div(e.mul(two, ax), om)), e.div(two, om))
	r := e.mul(e.k(0.5), log1pCore(e, t))
	r = e.sel(e.gt(ax, e.k(1)), e.nan(), r)
	return e.copysign(r, x)
}
