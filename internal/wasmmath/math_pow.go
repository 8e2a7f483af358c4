package wasmmath

import "github.com/sandjit/sandjit/internal/wasm"
import "math"

// pow(x, y). The special values of Go's math.Pow are applied by compares
// and bitselects after the core, which computes 2**(y·log2|x|) for finite
// nonzero |x| and finite y:
//   - f64x2: FreeBSD msun e_pow.c without branches: log2|x| as t1+t2 with
//     about 64 good bits (x = 2**n·m, m reduced against 1 or 1.5 by lane,
//     s = (m-bp)/(m+bp) split into head and tail, an odd series in s), y·log2|x|
//     as p_h+p_l with y split in halves so that the head product is exact,
//     then 2**(p_h+p_l) as 2**nearest · exp(r) in the same hi/lo style;
//     overflow and underflow are decided on p_h+p_l exactly as in C.
//   - f32x4: each half is promoted to f64x2 and computed as exp(y·log|x|)
//     with the f64 exp and log: the f64 error is far below an f32 ULP, so the
//     demoted result is rounded once.
// Hot path: straight-line f64x2 arithmetic (two divisions), "clear the low
// 32 bits" ands, and the exponent bit tricks of log and exp.

func genPow64(e *vemit, a []vr) vr {
	x, y := a[0], a[1]
	return powSpecial(e, x, y, powCore64(e, e.abs(x), y))
}

func genPow32(e *vemit, a []vr) vr {
	x, y := a[0], a[1]
	core := e.viaF64([]vr{e.abs(x), y}, func(d *vemit, h []vr) vr {
		return expCore(d, d.mul(h[1], logCore(d, h[0])))
	})
	return powSpecial(e, x, y, core)
}

// powSpecial applies Go's math.Pow special cases to r = pow(|x|, y) as
// computed for finite nonzero |x| and finite y.
func powSpecial(e *vemit, x, y, r vr) vr {
	zero, one, inf := e.k(0), e.k(1), e.inf()
	ax := e.abs(x)
	yPos, yNeg := e.gt(y, zero), e.lt(y, zero)
	axInf, axZero := e.eq(ax, inf), e.eq(ax, zero)
	// ±0 and ±Inf bases: 0 or Inf by the sign of y (sign fixed below).
	r = e.sel(e.or(e.and(axInf, yPos), e.and(axZero, yNeg)), inf, r)
	r = e.sel(e.or(e.and(axInf, yNeg), e.and(axZero, yPos)), zero, r)
	// y = ±Inf: Inf when |x| > 1 and y > 0 or |x| < 1 and y < 0, else 0.
	yInf := e.eq(e.abs(y), inf)
	r = e.sel(yInf, e.sel(e.xor(e.gt(ax, one), yNeg), inf, zero), r)
	// Negative base (including -0 and -Inf) and odd integer y: negate.
	yInt := e.eq(e.trunc(y), y) // ±Inf count as even integers
	half := e.mul(y, e.k(0.5))
	yOdd := e.and(yInt, e.ne(e.trunc(half), half))
	xNeg := e.shrS(x, e.o.bits-1)
	r = e.sel(e.and(xNeg, yOdd), e.neg(r), r)
	// NaN in, NaN out; a finite negative base with a non-integer y is NaN.
	r = e.sel(e.or(e.isnan(x), e.isnan(y)), e.add(x, y), r)
	negFinite := e.and(e.lt(x, zero), e.gt(x, e.k(math.Inf(-1))))
	r = e.sel(e.andnot(negFinite, yInt), e.nan(), r)
	// Exact shortcuts for finite nonzero x, as in C and Go: x**2 = x·x,
	// x**-1 = 1/x, x**0.5 = sqrt(x), and for f64 x**-0.5 = 1/sqrt(x) (in f32
	// that would round twice; the core is closer).
	ord := e.and(e.gt(ax, zero), e.lt(ax, inf))
	sq := e.sqrt(x)
	r = e.sel(e.and(ord, e.eq(y, e.k(2))), e.mul(x, x), r)
	r = e.sel(e.and(ord, e.eq(y, e.k(-1))), e.div(one, x), r)
	r = e.sel(e.and(ord, e.eq(y, e.k(0.5))), sq, r)
	if e.t == wasm.F64 {
		r = e.sel(e.and(ord, e.eq(y, e.k(-0.5))), e.div(one, sq), r)
	}
	// pow(x, ±0) = 1, pow(1, y) = 1, pow(-1, ±Inf) = 1, even for NaN.
	ones := e.or(e.or(e.eq(y, zero), e.eq(x, one)), e.and(e.eq(ax, one), yInf))
	r = e.sel(ones, one, r)
	// pow(x, 1) = x.
	return e.sel(e.eq(y, one), x, r)
}

// powCore64 is 2**(y·log2(ax)) for finite ax > 0 and finite y (FreeBSD
// e_pow.c; the constants are its hexadecimal ones).
func powCore64(e *vemit, ax, y vr) vr {
	const (
		dpH1  = 5.84962487220764160156e-01 // log2(1.5) head
		dpL1  = 1.35003920212974897128e-08 // log2(1.5) tail
		lg2   = 6.93147180559945286227e-01
		lg2H  = 6.93147182464599609375e-01
		lg2L  = -1.90465429995776804525e-09
		ovt   = 8.0085662595372944372e-17  // -(1024-log2(ovfl+.5ulp))
		cp    = 9.61796693925975554329e-01 // 2/(3ln2)
		cpH   = 9.61796700954437255859e-01
		cpL   = -7.02846165095275826516e-09
		sqrt3 = 1 + float64(0xBB67A)/(1<<20) // the interval bounds on m
		sqr32 = 1 + float64(0x3988F)/(1<<20)
	)
	lcoef := []float64{5.99999999999994648725e-01, 4.28571428578550184252e-01, 3.33333329818377432918e-01,
		2.72728123808534006489e-01, 2.30660745775561754067e-01, 2.06975017800338417784e-01}
	pcoef := []float64{1.66666666666666019037e-01, -2.77777777770155933842e-03, 6.61375632143793436117e-05,
		-1.65339022054652515390e-06, 4.13813679705723846039e-08}

	// ax = 2**n · m, subnormals first scaled by 2**53.
	sub := e.lt(ax, e.k(0x1p-1022))
	axs := e.sel(sub, e.mul(ax, e.k(0x1p53)), ax)
	n := e.sub(e.unbiasedExp(axs), e.sel(sub, e.k(53), e.k(0)))
	m := e.mantissa1(axs)
	// m < sqrt(3/2): bp = 1; m < sqrt(3): bp = 1.5; else m/2, n+1, bp = 1.
	lt32 := e.lt(m, e.k(sqr32))
	lt3 := e.lt(m, e.k(sqrt3))
	m = e.sel(lt3, m, e.mul(m, e.k(0.5)))
	n = e.sel(lt3, n, e.add(n, e.k(1)))
	k1 := e.andnot(lt3, lt32)
	bp := e.selk(k1, 1.5, 1)
	dpH := e.selk(k1, dpH1, 0)
	dpL := e.selk(k1, dpL1, 0)

	// ss = s_h + s_l = (m-bp)/(m+bp).
	u := e.sub(m, bp)
	v := e.div(e.k(1), e.add(m, bp))
	ss := e.mul(u, v)
	sH := e.lowZero(ss)
	mH := e.lowZero(m)
	tH := e.add(mH, bp) // m+bp with m cut to 21 bits: exact
	tL := e.sub(m, mH)  // = m - (tH - bp), exact
	sL := e.mul(v, e.sub(e.sub(u, e.mul(sH, tH)), e.mul(sH, tL)))
	// log(m/bp) = 2s + 2s³/3 + …, carried in hi/lo pieces.
	s2 := e.mul(ss, ss)
	r := e.mul(e.mul(s2, s2), e.poly(s2, lcoef...))
	r = e.madd(sL, e.add(sH, ss), r)
	s2 = e.mul(sH, sH)
	tH = e.lowZero(e.add(e.add(e.k(3), s2), r))
	tL = e.sub(r, e.sub(e.sub(tH, e.k(3)), s2))
	u = e.mul(sH, tH)
	v = e.add(e.mul(sL, tH), e.mul(tL, ss))
	pH := e.lowZero(e.add(u, v))
	pL := e.sub(v, e.sub(pH, u))
	zH := e.mul(e.k(cpH), pH)
	zL := e.add(e.add(e.mul(e.k(cpL), pH), e.mul(pL, e.k(cp))), dpL)
	// log2(ax) = t1 + t2 = n + dp_h + z_h + z_l.
	t1 := e.lowZero(e.add(e.add(e.add(zH, zL), dpH), n))
	t2 := e.sub(zL, e.sub(e.sub(e.sub(t1, n), dpH), zH))

	// y·log2(ax) = p_h + p_l with y = y1 + (y-y1), y1·t1 exact.
	y1 := e.lowZero(y)
	pL = e.add(e.mul(e.sub(y, y1), t1), e.mul(y, t2))
	pH = e.mul(y1, t1)
	z := e.add(pL, pH)
	ovf := e.or(e.gt(z, e.k(1024)), e.and(e.eq(z, e.k(1024)), e.gt(e.add(pL, e.k(ovt)), e.sub(z, pH))))
	unf := e.or(e.lt(z, e.k(-1075)), e.and(e.eq(z, e.k(-1075)), e.le(pL, e.sub(z, pH))))

	// 2**(p_h+p_l) = 2**nn · exp((p_h-nn+p_l)·ln2).
	nn := e.nearest(e.maxK(e.minK(z, 1100), -1100))
	pH = e.sub(pH, nn)
	t := e.lowZero(e.add(pL, pH))
	u = e.mul(t, e.k(lg2H))
	v = e.add(e.mul(e.sub(pL, e.sub(t, pH)), e.k(lg2)), e.mul(t, e.k(lg2L)))
	z = e.add(u, v)
	w := e.sub(v, e.sub(z, u))
	t = e.mul(z, z)
	t1 = e.sub(z, e.mul(t, e.poly(t, pcoef...)))
	r = e.sub(e.div(e.mul(z, t1), e.sub(t1, e.k(2))), e.madd(z, w, w))
	z = e.sub(e.k(1), e.sub(r, z))
	res := e.scale(z, e.toInt(nn))
	res = e.sel(ovf, e.inf(), res)
	return e.sel(unf, e.k(0), res)
}
