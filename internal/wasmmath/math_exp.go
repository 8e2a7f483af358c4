package wasmmath

import "github.com/sandjit/sandjit/internal/wasm"
import "math"

// The exponential family: exp, logistic, tanh. Every function here is one
// straight-line block of SIMD instructions (hot path: f32x4/f64x2
// mul/add/sub/div, nearest, pmin/pmax, compares, v128.bitselect and i32x4
// or i64x2 add/sub/mul/shl/shr_s for the scale by 2**k); there are no
// branches and no scalar code.

// expCore is exp(x) for every lane, including ±Inf, NaN, overflow (+Inf)
// and gradual underflow (subnormal results, then 0).
//
// f64 lanes (FreeBSD msun e_exp.c): x = k*ln2 + r with k = nearest(x/ln2)
// and r = hi - lo in Cody–Waite form (k*ln2_hi is exact), exp(r) = 1 -
// ((lo - r*c/(2-c)) - hi) with c = r - r²·P(r²), then the result is scaled
// by 2**k in two steps. f32 lanes: expF32, without the division. Error < 1
// ULP.
func expCore(e *vemit, x vr) vr {
	if e.t == wasm.F32 {
		return expF32(e, x)
	}
	return expScaled(e, x, 0)
}

// expScaled is exp(x)·2**adj (adj is -1 or 0) for f64 lanes, rounded once,
// so that exp(x)/2 stays finite up to its own overflow.
func expScaled(e *vemit, x vr, adj int64) vr {
	const (
		maxX, minX = 710, -746
		invLn2     = 1 / math.Ln2
		ln2Hi      = 6.93147180369123816490e-01 // 0x3fe62e42fee00000
		ln2Lo      = 1.90821492927058770002e-10 // 0x3dea39ef35793c76
	)
	p := []float64{
		1.66666666666666657415e-01,
		-2.77777777770155933842e-03,
		6.61375632143793436117e-05,
		-1.65339022054652515390e-06,
		4.13813679705723846039e-08,
	}
	x = e.maxK(e.minK(x, maxX-float64(adj)), minX) // NaN passes through
	k := e.nearest(e.mul(x, e.k(invLn2)))
	hi := e.sub(x, e.mul(k, e.k(ln2Hi)))
	lo := e.mul(k, e.k(ln2Lo))
	ki := e.toInt(k)
	if adj != 0 {
		ki = e.iadd(ki, e.kint(adj))
	}
	return e.scale(expKernel(e, hi, lo, p), ki)
}

// expKernel is exp(hi - lo) for |hi - lo| <= ln2/2 (about 0.35).
func expKernel(e *vemit, hi, lo vr, p []float64) vr {
	r := e.sub(hi, lo)
	t := e.mul(r, r)
	c := e.sub(r, e.mul(t, e.poly(t, p...)))
	q := e.div(e.mul(r, c), e.sub(e.k(2), c))
	return e.sub(e.k(1), e.sub(e.sub(lo, q), hi))
}

// f32 exp without a division. The argument reduction adds expMagic32 to
// x/ln2: the sum's low significand bits are k = nearest(x/ln2), so
// subtracting expMagic32 gives k as a float and multiplying the sum's bits by
// 2**23 as integers (i32x4.mul: one instruction, where wazero spends four on
// a shift) gives k<<23, which added to a float's bits scales it by 2**k.
const (
	expMagic32 = 0x1.8p23
	expLog2e32 = 1.4426950216e+00
	expLn2Hi32 = 6.9314575195e-01 // 0x3f317200: k*ln2Hi is exact for |k| < 2**8
	expLn2Lo32 = 1.4286067653e-06 // 0x35bfbe8e
)

// expReduce32 splits f32 lanes z (|z| <= 104, or NaN) as z = k·ln2 + r
// with |r| <= ln2/2 (slightly more where z/ln2 rounds): it returns r and
// k<<23 as integer lanes.
func expReduce32(e *vemit, z vr) (r, k23 vr) {
	m := e.madd(z, e.k(expLog2e32), e.k(expMagic32))
	k := e.sub(m, e.k(expMagic32))
	hi := e.sub(z, e.mul(k, e.k(expLn2Hi32)))
	r = e.sub(hi, e.mul(k, e.k(expLn2Lo32)))
	return r, e.op(wasm.OpI32x4Mul, m, e.kint(1<<23))
}

// expQ32 is Q(r) with e**r - 1 ≈ r + r²·Q(r) for |r| <= 0.3468, Q of
// degree 4 (minimax for the relative error of 1 + r + r²·Q(r) against
// e**r: 2**-28.3 before rounding the coefficients to f32).
func expQ32(e *vemit, r vr) vr { return e.poly(r, expQ0, expQ1, expQ2, expQ3, expQ4) }

// The coefficients of Q.
const (
	expQ0 = 4.9999994e-01
	expQ1 = 1.6666520e-01
	expQ2 = 4.1668393e-02
	expQ3 = 8.3687500e-03
	expQ4 = 1.3814529e-03
)

// expScale32 is s·e**r for |r| <= 0.3468 and s a power of two, as s +
// (r·s)·(1 + r·Q(r)): r·s is exact, so the sum is rounded about once, in
// two instructions fewer under wazero than s·(1 + (r + r²·Q(r))).
func expScale32(e *vemit, r, s vr) vr {
	p := e.madd(expQ32(e, r), r, e.k(1))
	return e.madd(e.mul(r, s), p, s)
}

// expF32 is exp(x) for f32 lanes: e**r in [0.7, 1.42] scaled by 2**k in
// two steps that need no shift: expScale32(r, 2**(k-1))·2 (the first
// exact in its scale, the product rounding once and overflowing to +Inf
// for k = 128), or, for x < -80 (k <= -115), expScale32(r,
// 2**(k+32))·2**-32 (rounding once more, into the subnormal range). NaN passes through every step. Error
// < 1 ULP.
func expF32(e *vemit, x vr) vr {
	// exp(89) overflows and exp(-104) < 2**-150 rounds to 0, so the clamp
	// changes no result; it keeps k in [-150, 128].
	x = e.maxK(e.minK(x, 89), -104) // NaN passes through
	r, k23 := expReduce32(e, x)
	low := e.and(e.lt(x, e.k(-80)), e.kint(33<<23)) // 33<<23 where x < -80
	s := e.iadd(e.iadd(k23, e.kint(126<<23)), low)  // 2**(k-1) or 2**(k+32)
	f := e.isub(e.kint(128<<23), low)               // 2 or 2**-32
	return e.mul(expScale32(e, r, s), f)
}

// expNonPos32 is exp(min(x, 0)) for f32 lanes, for arguments that cannot
// be positive: the result is in [0, 1], so there is no overflow to
// handle and one scale serves every lane. The reduction's magic constant
// carries the exponent bias plus 32, so its sum's bits times 2**23 are
// 2**(k+32) directly (k in [-150, 0] keeps that normal); y·2**(k+32) is
// exact and the final ·2**-32 rounds once, into the subnormal range where
// the result is that small — the same result as expF32, in five fewer
// instructions. NaN passes through every step.
func expNonPos32(e *vemit, x vr) vr {
	x = e.maxK(e.minK(x, 0), -104) // NaN passes through
	return e.mul(expTimes2p32(e, x), e.k(0x1p-32))
}

// expTimes2p32 is 2**32·e**x for f32 lanes x in [-104, 0] (or NaN): the
// magic constant carries the exponent bias plus 32, so one integer
// multiply makes 2**(k+32) for every lane.
func expTimes2p32(e *vemit, x vr) vr {
	const magic = expMagic32 + 127 + 32
	m := e.madd(x, e.k(expLog2e32), e.k(magic))
	k := e.sub(m, e.k(magic))
	hi := e.sub(x, e.mul(k, e.k(expLn2Hi32)))
	r := e.sub(hi, e.mul(k, e.k(expLn2Lo32)))
	s := e.op(wasm.OpI32x4Mul, m, e.kint(1<<23)) // 2**(k+32)
	return expScale32(e, r, s)
}

// expNegScaled32 is 2**32·e**max(-|x|, -104) for f32 lanes: expNonPos32
// without its final ·2**-32, so that the result is a normal number that
// expScale32 rounds once (for -|x| ≥ -104 it is 2**32 times expnonpos's
// result exactly wherever that is normal, x ≥ -87.33), and with -|x| = x |
// signbit in place of min(x, 0), one instruction instead of two and a
// copy under wazero. NaN passes through.
func expNegScaled32(e *vemit, x vr) vr {
	x = e.maxK(e.or(x, e.signMask()), -104) // NaN passes through
	return expTimes2p32(e, x)
}

func genExp32(e *vemit, a []vr) vr { return expCore(e, a[0]) }

func genExpNegScaled32(e *vemit, a []vr) vr { return expNegScaled32(e, a[0]) }

// genExpNegScaled64 is 2**32·e**max(-|x|, -104) for f64 lanes: exp's
// result, scaled exactly.
func genExpNegScaled64(e *vemit, a []vr) vr {
	return e.mul(expCore(e, e.maxK(e.or(a[0], e.signMask()), -104)), e.k(0x1p32))
}

func genExpNonPos32(e *vemit, a []vr) vr { return expNonPos32(e, a[0]) }
func genExpNonPos64(e *vemit, a []vr) vr { return expCore(e, e.minK(a[0], 0)) }
func genExp64(e *vemit, a []vr) vr       { return expCore(e, a[0]) }

// logistic is 1/(1+exp(-x)) computed from t = exp(-|x|) <= 1, which never
// overflows: 1/(1+t) for x >= 0 and t/(1+t) for x < 0. The sum 1+t is
// carried with its rounding error so that the quotient is rounded about
// once: error < 2 ULP.
func logistic(e *vemit, x vr) vr {
	var t vr
	nax := e.or(x, e.signMask()) // -|x|: one instruction fewer than neg(abs(x)) under wazero
	if e.t == wasm.F32 {
		t = expNonPos32(e, nax)
	} else {
		t = expCore(e, nax)
	}
	d, derr := e.fastTwoSum(e.k(1), t)
	num := e.sel(e.lt(x, e.k(0)), t, e.k(1))
	q := e.div(num, d)
	// num/(d+derr) ≈ q - q*derr/d.
	return e.sub(q, e.div(e.mul(q, derr), d))
}

func genLogistic32(e *vemit, a []vr) vr { return logistic(e, a[0]) }
func genLogistic64(e *vemit, a []vr) vr { return logistic(e, a[0]) }

// tanhCore (f64 lanes): for |x| < 0.625 an odd rational in x² (Cephes);
// otherwise 1 - 2/(exp(2|x|)+1), which is exact at ±Inf. Both are computed
// and the lanes selected.
func tanhCore(e *vemit, x vr) vr {
	a := e.abs(x)
	z := e.mul(x, x)
	p := e.poly(z, -1.61468768441708447952e3, -9.92877231001918586564e1, -9.64399179425052238628e-1)
	q := e.poly(z, 4.84406305325125486048e3, 2.23548839060100448583e3, 1.12811678491632931402e2, 1)
	small := e.add(x, e.div(e.mul(e.mul(x, z), p), q))
	small = e.copysign(small, x) // tanh(-0) = -0
	s := expCore(e, e.add(a, a))
	large := e.sub(e.k(1), e.div(e.k(2), e.add(s, e.k(1))))
	large = e.copysign(large, x)
	// NaN lanes fail the compare and take the large arm, which is NaN.
	return e.sel(e.lt(a, e.k(0.625)), small, large)
}

// tanhF32 is tanh for f32 lanes with one division and no select:
// E = exp(-2|x|) = 2**k·(1+u) with u = r + r²·Q(r) (Q of expQ32), and
// tanh|x| = (1-E)/(1+E) = ((1 - 2**k) - 2**k·u) / ((1 + 2**k) + 2**k·u),
// where 1 ± 2**k and 2**k·u are exact, so numerator and denominator are
// rounded once each (for k = 0 the numerator is -u, so small |x| keep their
// relative accuracy). |x| is clamped to 9, where tanh rounds to 1 (±Inf →
// ±1), which keeps k in [-26, 0]. The sign of x is or-ed back in at the end
// (tanh(-0) = -0); NaN passes through. Error < 2 ULP.
//
// u is not r·(1 + r·Q(r)) as in expScale32: rounding 1 + r·Q(r) loses
// bits that the numerator -u of small |x| needs (3 ULP over all f32,
// 788094 inputs at 2 ULP). r·(r·Q(r)) is one instruction fewer than
// (r·r)·Q(r) under wazero and as accurate (2 ULP, 318664 inputs), but its
// longer dependency chain measured no faster on K1.
//
// The argument -2·min(|x|, 9) is formed as max((x·2) | signbit, -18), the
// same value exactly (x·2 is exact, and ±Inf where it overflows, which the
// clamp takes to -18): under wazero an or with a shared constant is two
// instructions where f32x4.abs is three, x·2 by a shared constant is one
// where na + na was two (a copy first), and with the sign taken out first
// only the sign stays live across the body, not x and |x| both (which
// wazero spilled). Over all f32 the results are the bits of the earlier
// 2·max(-|x|, -9) (the exhaustive check gives the same 317916 inputs at 2
// ULP); K1's loop 51.4 → 50.7 wazero instructions per vector.
func tanhF32(e *vemit, x vr) vr {
	sign := e.signbit(x)
	// -2·min(|x|, 9); NaN passes through.
	z := e.maxK(e.or(e.mul(x, e.k(2)), e.signMask()), -18)
	r, k23 := expReduce32(e, z)
	q := expQ32(e, r)
	u := e.madd(e.mul(r, r), q, r)
	s := e.iadd(k23, e.kint(127<<23)) // 2**k
	su := e.mul(s, u)
	num := e.sub(e.sub(e.k(1), s), su)
	den := e.add(e.add(e.k(1), s), su)
	return e.or(e.div(num, den), sign)
}

func genTanh32(e *vemit, a []vr) vr { return tanhF32(e, a[0]) }
func genTanh64(e *vemit, a []vr) vr { return tanhCore(e, a[0]) }

// expm1Core is e**x - 1 for f64 lanes (FreeBSD s_expm1.c without
// branches): x = k·ln2 + r - c, expm1(r) by the Q rational in r²/2, and the
// cases of k that keep the result accurate chosen by bitselect.
func expm1Core(e *vemit, x vr) vr {
	one, half := e.k(1), e.k(0.5)
	xc := e.maxK(e.minK(x, 710), -40) // expm1(-40) rounds to -1
	k := e.nearest(e.mul(xc, e.k(1/math.Ln2)))
	hi := e.sub(xc, e.mul(k, e.k(6.93147180369123816490e-01)))
	lo := e.mul(k, e.k(1.90821492927058770002e-10))
	r := e.sub(hi, lo)
	c := e.sub(e.sub(hi, r), lo)
	hfx := e.mul(half, r)
	hxs := e.mul(r, hfx)
	r1 := e.madd(hxs, e.poly(hxs, -3.33333333333331316428e-02, 1.58730158725481460165e-03,
		-7.93650757867487942473e-05, 4.00821782732936239552e-06, -2.01099218183624371326e-07), one)
	t := e.sub(e.k(3), e.mul(r1, hfx))
	ev := e.mul(hxs, e.div(e.sub(r1, t), e.sub(e.k(6), e.mul(r, t))))
	// k = 0: r - (r·e - hxs).
	k0 := e.sub(r, e.sub(e.mul(r, ev), hxs))
	ev = e.sub(e.sub(e.mul(r, e.sub(ev, c)), c), hxs)
	ki := e.toInt(k)
	// k = -1 and k = 1.
	km1 := e.sub(e.mul(half, e.sub(r, ev)), half)
	kp1 := e.sel(e.lt(r, e.k(-0.25)), e.mul(e.k(-2), e.sub(ev, e.add(r, half))), e.madd(e.k(2), e.sub(r, ev), one))
	// k <= -2 or k > 56: (1-(e-r))·2**k - 1.
	far := e.sub(e.scale(e.sub(one, e.sub(ev, r)), ki), one)
	// 2 <= k < 20: ((1-2**-k) - (e-r))·2**k; 20 <= k <= 56: ((r-(e+2**-k))+1)·2**k.
	twoK := e.pow2(e.op(e.o.ineg, ki))
	midLo := e.mul(e.sub(e.sub(one, twoK), e.sub(ev, r)), e.pow2(ki))
	midHi := e.mul(e.add(e.sub(r, e.add(ev, twoK)), one), e.pow2(ki))
	res := e.sel(e.lt(k, e.k(20)), midLo, midHi)
	res = e.sel(e.or(e.le(k, e.k(-2)), e.gt(k, e.k(56))), far, res)
	res = e.sel(e.eq(k, e.k(1)), kp1, res)
	res = e.sel(e.eq(k, e.k(-1)), km1, res)
	res = e.sel(e.eq(k, e.k(0)), k0, res)
	res = e.sel(e.lt(e.abs(x), e.k(0x1p-54)), x, res) // tiny and ±0
	return e.sel(e.isnan(x), x, res)
}

func genExpm164(e *vemit, a []vr) vr { return expm1Core(e, a[0]) }

// sinh (FreeBSD e_sinh.c): t = expm1(|x|); |x| < 1: (2t - t²/(t+1))/2;
// |x| < 22: (t + t/(t+1))/2; beyond: exp(|x|)/2, rounded once.
func genSinh64(e *vemit, a []vr) vr {
	x := a[0]
	ax := e.abs(x)
	t := expm1Core(e, e.minK(ax, 22))
	t1 := e.add(t, e.k(1))
	small := e.sub(e.add(t, t), e.div(e.mul(t, t), t1))
	mid := e.add(t, e.div(t, t1))
	r := e.mul(e.k(0.5), e.sel(e.lt(ax, e.k(1)), small, mid))
	r = e.sel(e.lt(ax, e.k(22)), r, expScaled(e, ax, -1))
	r = e.copysign(r, x)
	return e.sel(e.isnan(x), x, r)
}

// cosh: E = exp(|x|)/2 rounded once; E + 1/(4E) below 22, E beyond.
func genCosh64(e *vemit, a []vr) vr {
	x := a[0]
	ax := e.abs(x)
	big := expScaled(e, ax, -1)
	r := e.add(big, e.div(e.k(0.25), big))
	return e.sel(e.lt(ax, e.k(22)), r, big) // NaN: big is NaN
}
