package wasmmath

import "math"

// Inverse trigonometric functions, f64x2 (f32x4 runs them on promoted
// halves). atan is Cephes's (Go's math/atan.go): three argument ranges
// chosen per lane by bitselect, one rational. Straight-line SIMD.

const morebits = 6.123233995736765886130e-17 // π/2 = Pi/2 + morebits

// xatan is atan(t) for |t| <= 0.66.
func xatan(e *vemit, t vr) vr {
	z := e.mul(t, t)
	p := e.poly(z, -6.485021904942025371773e+01, -1.228866684490136173410e+02, -7.500855792314704667340e+01,
		-1.615753718733365076637e+01, -8.750608600031904122785e-01)
	q := e.poly(z, 1.945506571482613964425e+02, 4.853903996359136964868e+02, 4.328810604912902668951e+02,
		1.650270098316988542046e+02, 2.485846490142306297962e+01, 1)
	return e.madd(t, e.div(e.mul(z, p), q), t)
}

// atanPos is atan(a) for a >= 0 (or NaN): a <= 0.66: xatan(a); a >
// tan(3π/8): π/2 + xatan(-1/a); else π/4 + xatan((a-1)/(a+1)).
func atanPos(e *vemit, a vr) vr {
	const tan3pio8 = 2.41421356237309504880
	lo := e.le(a, e.k(0.66))
	hi := e.gt(a, e.k(tan3pio8))
	one := e.k(1)
	t := e.sel(lo, a, e.sel(hi, e.div(e.k(-1), a), e.div(e.sub(a, one), e.add(a, one))))
	base := e.sel(lo, e.k(0), e.selk(hi, math.Pi/2, math.Pi/4))
	more := e.sel(lo, e.k(0), e.selk(hi, morebits, 0.5*morebits))
	return e.add(base, e.add(xatan(e, t), more))
}

func genAtan64(e *vemit, a []vr) vr {
	x := a[0]
	return e.copysign(atanPos(e, e.abs(x)), x)
}

// asin = atan(a/s) for a = |x| <= 0.7 and π/2 - atan(s/a) above, with
// s = √((1-a)(1+a)); NaN beyond 1.
func genAsin64(e *vemit, a []vr) vr {
	x := a[0]
	ax := e.abs(x)
	one := e.k(1)
	s := e.sqrt(e.mul(e.sub(one, ax), e.add(one, ax)))
	low := e.le(ax, e.k(0.7))
	t := atanPos(e, e.sel(low, e.div(ax, s), e.div(s, ax)))
	r := e.sel(low, t, e.sub(e.k(math.Pi/2), e.sub(t, e.k(morebits))))
	return e.copysign(r, x)
}

// acos = 2·atan(√((1-x)/(1+x))), accurate at both ends (unlike π/2 -
// asin x); NaN beyond ±1.
func genAcos64(e *vemit, a []vr) vr {
	x := a[0]
	one := e.k(1)
	t := atanPos(e, e.sqrt(e.div(e.sub(one, x), e.add(one, x))))
	return e.add(t, t)
}

// atan2(y, x) with Go's math.Atan2 special cases; the general lanes are
// atan(y/x) moved by ±π when x < 0.
func genAtan264(e *vemit, a []vr) vr {
	y, x := a[0], a[1]
	zero, inf := e.k(0), e.inf()
	q := e.copysign(atanPos(e, e.abs(e.div(y, x))), e.xor(y, e.signbit(x)))
	// x < 0: q + π for q <= 0, q - π otherwise.
	r := e.sel(e.lt(x, zero), e.add(q, e.copysign(e.k(math.Pi), y)), q)
	yInf, xInf := e.eq(e.abs(y), inf), e.eq(e.abs(x), inf)
	r = e.sel(yInf, e.copysign(e.k(math.Pi/2), y), r)
	xPos := e.ieq(e.shrS(x, e.o.bits-1), e.kint(0)) // sign bit clear
	infX := e.sel(xPos, e.sel(yInf, e.copysign(e.k(math.Pi/4), y), e.copysign(zero, y)),
		e.sel(yInf, e.copysign(e.k(3*math.Pi/4), y), e.copysign(e.k(math.Pi), y)))
	r = e.sel(xInf, infX, r)
	r = e.sel(e.eq(x, zero), e.copysign(e.k(math.Pi/2), y), r)
	r = e.sel(e.eq(y, zero), e.sel(xPos, e.copysign(zero, y), e.copysign(e.k(math.Pi), y)), r)
	return e.sel(e.or(e.isnan(x), e.isnan(y)), e.add(x, y), r)
}
