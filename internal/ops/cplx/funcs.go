package cplx

import (
	"math"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/opkit"
)

// The complex exp, log, square root, reciprocal square root and power, with
// the special cases of C99 Annex G as Go's math/cmplx has them (and
// numpy; the reference evaluator uses math/cmplx), from the real
// functions of the math library (internal/wasmmath): exp, log, sin, cos,
// atan2, pow and the IEEE square root. complex<f32> is computed in f64
// (wide), so its parts are the f64 results rounded once.

func funcExtensions() []*opkit.Def {
	return []*opkit.Def{
		unaryWide("Exp", "e**x", expC),
		unaryWide("Log", "ln x: ln|x| + i·atan2(im, re)", logC),
		unaryWide("Sqrt", "√x, the principal root (re ≥ 0)", sqrtC),
		unaryWide("Rsqrt", "1 / √x", func(e fx, x cx) cx { return divC(e, cx{e.c(1), e.c(0)}, sqrtC(e, x)) }),
		binaryWide("Pow", "x**y = exp(y·ln x)", powC),
	}
}

func (e fx) eq(a, b int) int { return e.cmp(loopir.CmpEq, a, b) }

// expC is e**re·(cos im + i sin im): im = 0 gives (e**re, im) (an
// infinite or NaN re too); re = ±Inf with an infinite or NaN im gives
// Inf + NaN·i (+Inf) or ±0 + ±0·i (-Inf).
func expC(e fx, x cx) cx {
	r := e.math(loopir.MathExp, x.re)
	z := cx{e.mul(r, e.math(loopir.MathCos, x.im)), e.mul(r, e.math(loopir.MathSin, x.im))}
	z = e.selC(e.eq(x.im, e.c(0)), cx{r, x.im}, z)
	infRe := e.and(e.isInf(x.re), e.not(e.isFinite(x.im)))
	pos := e.cmp(loopir.CmpGt, x.re, e.c(0))
	z = e.selC(e.and(infRe, pos), cx{e.c(math.Inf(1)), e.c(math.NaN())}, z)
	z = e.selC(e.and(infRe, e.not(pos)), cx{e.c(0), e.copysign(e.c(0), x.im)}, z)
	return z
}

// logC is ln|x| + i·atan2(im, re) (ln 0 = -Inf; |x| is hypot).
func logC(e fx, x cx) cx {
	return cx{e.math(loopir.MathLog, hypot(e, x)), e.atan2(x.im, x.re)}
}

// sqrtC is math/cmplx's Sqrt, branch-free: the parts scaled into a safe
// range (by 1/4 when a part exceeds 4, else by 2**54), t = √((|x| + re)/2)
// and im/(2t) (re > 0) or their mirror (re ≤ 0), scaled back; exact
// special cases for im = 0, an infinite im (Inf + im·i), re = 0, and a
// NaN re with a finite im (NaN + NaN·i, as C99 and numpy).
func sqrtC(e fx, x cx) cx {
	a, b := x.re, x.im
	zero, half := e.c(0), e.c(0.5)
	big := e.or(e.cmp(loopir.CmpGt, e.abs(a), e.c(4)), e.cmp(loopir.CmpGt, e.abs(b), e.c(4)))
	k := e.sel(big, e.c(0.25), e.c(0x1p54))
	scale := e.sel(big, e.c(2), e.c(0x1p-27))
	as, bs := e.mul(a, k), e.mul(b, k)
	r := hypot(e, cx{as, bs})
	hb := e.mul(half, bs)
	// re > 0
	t1 := e.sqrt(e.add(e.mul(half, r), e.mul(half, as)))
	i1 := e.mul(scale, e.abs(e.div(hb, t1)))
	t1 = e.mul(t1, scale)
	// re <= 0
	r2 := e.sqrt(e.sub(e.mul(half, r), e.mul(half, as)))
	t2 := e.mul(scale, e.abs(e.div(hb, r2)))
	r2 = e.mul(r2, scale)
	posRe := e.cmp(loopir.CmpGt, as, zero)
	re, im := e.sel(posRe, t1, t2), e.sel(posRe, i1, r2)
	im = e.sel(e.cmp(loopir.CmpLt, b, zero), e.neg(im), im)
	z := cx{re, im}
	// re = 0: √(|im|/2) (1 ± i).
	h := e.sqrt(e.mul(half, e.abs(b)))
	z = e.selC(e.eq(a, zero), cx{h, e.sel(e.cmp(loopir.CmpLt, b, zero), e.neg(h), h)}, z)
	// An infinite im: Inf + im·i.
	z = e.selC(e.isInf(b), cx{e.c(math.Inf(1)), b}, z)
	// im = 0: re = 0 gives (0, im); re < 0 (0, ±√-re); else (√re, im).
	neg := cx{zero, e.copysign(e.sqrt(e.neg(a)), b)}
	real := e.selC(e.cmp(loopir.CmpLt, a, zero), neg, cx{e.sqrt(a), b})
	real = e.selC(e.eq(a, zero), cx{zero, b}, real)
	z = e.selC(e.eq(b, zero), real, z)
	nan := e.c(math.NaN())
	return e.selC(e.and(e.isNaN(a), e.not(e.isInf(b))), cx{nan, nan}, z)
}

// powC is math/cmplx's power function: |x|**re(y)·e**(-im(y)·arg x) at the angle
// re(y)·arg x + im(y)·ln|x| (the im(y) terms only where im(y) != 0); at
// x = 0: NaN + NaN·i for a NaN y, 1 for re(y) = 0, Inf (im(y) = 0) or
// Inf + Inf·i for re(y) < 0, else 0.
func powC(e fx, x, y cx) cx {
	zero, one, inf, nan := e.c(0), e.c(1), e.c(math.Inf(1)), e.c(math.NaN())
	mod := hypot(e, x)
	arg := e.atan2(x.im, x.re)
	r := e.bin(loopir.OpPow, mod, y.re)
	theta := e.mul(y.re, arg)
	yi := e.not(e.eq(y.im, zero))
	r = e.sel(yi, e.mul(r, e.math(loopir.MathExp, e.mul(e.neg(y.im), arg))), r)
	theta = e.sel(yi, e.add(theta, e.mul(y.im, e.math(loopir.MathLog, mod))), theta)
	z := cx{e.mul(r, e.math(loopir.MathCos, theta)), e.mul(r, e.math(loopir.MathSin, theta))}
	z = e.selC(e.eq(mod, zero), cx{zero, zero}, z)
	// x = 0.
	atZero := cx{zero, zero}
	atZero = e.selC(e.cmp(loopir.CmpLt, y.re, zero), e.selC(yi, cx{inf, inf}, cx{inf, zero}), atZero)
	atZero = e.selC(e.eq(y.re, zero), cx{one, zero}, atZero)
	yNaN := e.and(e.or(e.isNaN(y.re), e.isNaN(y.im)), e.not(e.or(e.isInf(y.re), e.isInf(y.im))))
	atZero = e.selC(e.or(yNaN, e.isNaN(y.re)), cx{nan, nan}, atZero)
	xZero := e.and(e.eq(x.re, zero), e.eq(x.im, zero))
	return e.selC(xZero, atZero, z)
}
