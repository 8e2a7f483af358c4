package wasmmath

import (
	"math"
	"math/big"
	"sync"
)

// High-precision references for the f64 accuracy tests: exp, log, sin and
// cos evaluated with math/big at 192 bits (sin/cos reduce the argument with
// π to 1600 bits, enough for any float64), then rounded once to float64.
// They are correctly rounded except in astronomically rare cases, so the
// measured error is the library's own; Go's math package is within about one
// ULP and would blur the bounds.

const refPrec = 192

var refConsts = sync.OnceValue(func() struct{ ln2, pi, halfPi *big.Float } {
	third := new(big.Float).SetPrec(refPrec).Quo(big.NewFloat(1), big.NewFloat(3))
	ln2 := bigAtanhSeries(third, refPrec) // ln 2 = 2·atanh(1/3)
	ln2.Mul(ln2, big.NewFloat(2))
	pi := bigPi(1600)
	halfPi := new(big.Float).SetPrec(1600).Quo(pi, big.NewFloat(2))
	return struct{ ln2, pi, halfPi *big.Float }{ln2, pi, halfPi}
})

func bf(x float64) *big.Float { return new(big.Float).SetPrec(refPrec).SetFloat64(x) }

// bigAtanhSeries is Σ s^(2k+1)/(2k+1), that is atanh(s), for small |s|.
func bigAtanhSeries(s *big.Float, prec uint) *big.Float {
	sum := new(big.Float).SetPrec(prec).Set(s)
	s2 := new(big.Float).SetPrec(prec).Mul(s, s)
	pow := new(big.Float).SetPrec(prec).Set(s)
	term := new(big.Float).SetPrec(prec)
	for k := 1; ; k++ {
		pow.Mul(pow, s2)
		term.Quo(pow, new(big.Float).SetInt64(int64(2*k+1)))
		if term.Sign() == 0 || term.MantExp(nil)-sum.MantExp(nil) < -int(prec)-4 {
			break
		}
		sum.Add(sum, term)
	}
	return sum
}

// bigAtanInv is atan(1/n) for an integer n > 1.
func bigAtanInv(n int64, prec uint) *big.Float {
	x := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1), new(big.Float).SetInt64(n))
	x2 := new(big.Float).SetPrec(prec).Mul(x, x)
	sum := new(big.Float).SetPrec(prec).Set(x)
	pow := new(big.Float).SetPrec(prec).Set(x)
	term := new(big.Float).SetPrec(prec)
	for k := 1; ; k++ {
		pow.Mul(pow, x2)
		term.Quo(pow, new(big.Float).SetInt64(int64(2*k+1)))
		if term.MantExp(nil) < -int(prec)-8 {
			break
		}
		if k%2 == 1 {
			sum.Sub(sum, term)
		} else {
			sum.Add(sum, term)
		}
	}
	return sum
}

// bigPi is π by Machin's formula.
func bigPi(prec uint) *big.Float {
	a := bigAtanInv(5, prec+16)
	a.Mul(a, big.NewFloat(16))
	b := bigAtanInv(239, prec+16)
	b.Mul(b, big.NewFloat(4))
	return new(big.Float).SetPrec(prec).Sub(a, b)
}

// bigExp is e**x for |x| < 1e4.
func bigExp(x *big.Float) *big.Float {
	c := refConsts()
	xf, _ := x.Float64()
	k := math.Round(xf / math.Ln2)
	r := new(big.Float).SetPrec(refPrec+32).Mul(c.ln2, bf(k))
	r.Sub(x, r)
	r.SetMantExp(r, -12) // |r| < 2**-13
	sum := new(big.Float).SetPrec(refPrec + 32).SetInt64(1)
	term := new(big.Float).SetPrec(refPrec + 32).SetInt64(1)
	for n := int64(1); ; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetInt64(n))
		if term.Sign() == 0 || term.MantExp(nil) < -int(refPrec)-40 {
			break
		}
		sum.Add(sum, term)
	}
	for i := 0; i < 12; i++ {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}

// bigLog is ln x for x > 0.
func bigLog(x *big.Float) *big.Float {
	m := new(big.Float).SetPrec(refPrec + 32)
	e := x.MantExp(m) // m in [0.5, 1)
	if m.Cmp(big.NewFloat(math.Sqrt2/2)) < 0 {
		m.SetMantExp(m, 1)
		e--
	}
	num := new(big.Float).SetPrec(refPrec+32).Sub(m, big.NewFloat(1))
	den := new(big.Float).SetPrec(refPrec+32).Add(m, big.NewFloat(1))
	s := num.Quo(num, den)
	l := bigAtanhSeries(s, refPrec+32)
	l.Mul(l, big.NewFloat(2))
	el := new(big.Float).SetPrec(refPrec+32).Mul(refConsts().ln2, new(big.Float).SetInt64(int64(e)))
	return l.Add(l, el)
}

// bigSinCos returns sin x and cos x.
func bigSinCos(x float64) (sin, cos *big.Float) {
	c := refConsts()
	X := new(big.Float).SetPrec(1600).SetFloat64(x)
	q := new(big.Float).SetPrec(1600).Quo(X, c.halfPi)
	// n = nearest integer of q.
	n, _ := new(big.Float).SetPrec(1600).Add(q, big.NewFloat(0.5)).Int(nil)
	if q.Sign() < 0 {
		n, _ = new(big.Float).SetPrec(1600).Sub(q, big.NewFloat(0.5)).Int(nil)
	}
	nf := new(big.Float).SetPrec(1600).SetInt(n)
	r := new(big.Float).SetPrec(1600).Mul(nf, c.halfPi)
	r.Sub(X, r)
	r.SetPrec(refPrec + 32)
	quad := new(big.Int).And(n, big.NewInt(3)).Int64()
	s, co := bigSinCosSmall(r)
	switch quad {
	case 1:
		s, co = co, s.Neg(s)
	case 2:
		s, co = s.Neg(s), co.Neg(co)
	case 3:
		s, co = co.Neg(co), s
	}
	return s, co
}

// bigSinCosSmall is sin and cos of |r| <= π/4 by their Taylor series.
func bigSinCosSmall(r *big.Float) (sin, cos *big.Float) {
	p := uint(refPrec + 32)
	r2 := new(big.Float).SetPrec(p).Mul(r, r)
	sin = new(big.Float).SetPrec(p).Set(r)
	cos = new(big.Float).SetPrec(p).SetInt64(1)
	ts := new(big.Float).SetPrec(p).Set(r)
	tc := new(big.Float).SetPrec(p).SetInt64(1)
	for n := int64(1); n < 200; n++ {
		ts.Mul(ts, r2)
		ts.Quo(ts, new(big.Float).SetInt64((2*n)*(2*n+1)))
		ts.Neg(ts)
		tc.Mul(tc, r2)
		tc.Quo(tc, new(big.Float).SetInt64((2*n-1)*(2*n)))
		tc.Neg(tc)
		sin.Add(sin, ts)
		cos.Add(cos, tc)
		if tc.Sign() == 0 || tc.MantExp(nil) < -int(p)-8 {
			break
		}
	}
	return sin, cos
}

func f64of(b *big.Float) float64 { v, _ := b.Float64(); return v }

// Reference functions: float64 inputs, the correctly rounded float64 result.
// Inputs outside the ranges where they are cheap fall back to Go's math.

func refExp(x float64) float64 {
	if math.IsNaN(x) || x > 710 || x < -746 || x == 0 {
		return math.Exp(x)
	}
	return f64of(bigExp(bf(x)))
}

func refLog(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 1) {
		return math.Log(x)
	}
	return f64of(bigLog(bf(x)))
}

func refLog1p(x float64) float64 {
	if !(x > -1) || math.IsInf(x, 1) || x == 0 || math.Abs(x) < 0x1p-60 {
		return math.Log1p(x)
	}
	u := new(big.Float).SetPrec(2200).SetFloat64(x) // 1+x exactly
	u.Add(u, big.NewFloat(1))
	return f64of(bigLog(u))
}

func refTanh(x float64) float64 {
	a := math.Abs(x)
	if math.IsNaN(x) || a > 40 || a < 0x1p-30 {
		return math.Tanh(x)
	}
	// tanh = (e^{2x}-1)/(e^{2x}+1)
	e2 := bigExp(bf(2 * x))
	num := new(big.Float).SetPrec(refPrec).Sub(e2, big.NewFloat(1))
	den := new(big.Float).SetPrec(refPrec).Add(e2, big.NewFloat(1))
	return f64of(num.Quo(num, den))
}

func refLogistic(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x > 40:
		return 1 // 1 - e^-40 rounds to 1
	case x < -745:
		return 0
	}
	t := bigExp(bf(-x))
	t.Add(t, big.NewFloat(1))
	return f64of(t.Quo(big.NewFloat(1).SetPrec(refPrec), t))
}

func refSin(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) < 0x1p-26 {
		return math.Sin(x)
	}
	s, _ := bigSinCos(x)
	return f64of(s)
}

func refCos(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) < 0x1p-30 {
		return math.Cos(x)
	}
	_, c := bigSinCos(x)
	return f64of(c)
}

// refPow is x**y exactly rounded for finite x != 0 and finite y; the special
// cases are Go's.
func refPow(x, y float64) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(y, 0) || y == 0 || x == 1 || y == 1 {
		return math.Pow(x, y)
	}
	neg := false
	if x < 0 {
		if y != math.Trunc(y) {
			return math.NaN()
		}
		neg = math.Mod(y, 2) != 0
		x = -x
	}
	l := bigLog(bf(x))
	l.SetPrec(refPrec+64).Mul(l, bf(y))
	lf, _ := l.Float64()
	var r float64
	switch {
	case lf > 710:
		r = math.Inf(1)
	case lf < -746:
		r = 0
	default:
		r = f64of(bigExp(l))
	}
	if neg {
		r = -r
	}
	return r
}

// bigAtan is atan z: six argument halvings atan z = 2·atan(z/(1+√(1+z²)))
// bring |z| under 0.03, then the Taylor series.
func bigAtan(z *big.Float) *big.Float {
	p := uint(refPrec + 32)
	z = new(big.Float).SetPrec(p).Set(z)
	const halvings = 6
	for i := 0; i < halvings; i++ {
		d := new(big.Float).SetPrec(p).Mul(z, z)
		d.Add(d, big.NewFloat(1))
		d.Sqrt(d)
		d.Add(d, big.NewFloat(1))
		z.Quo(z, d)
	}
	z2 := new(big.Float).SetPrec(p).Mul(z, z)
	sum := new(big.Float).SetPrec(p).Set(z)
	pow := new(big.Float).SetPrec(p).Set(z)
	term := new(big.Float).SetPrec(p)
	for k := 1; k < 400; k++ {
		pow.Mul(pow, z2)
		pow.Neg(pow)
		term.Quo(pow, new(big.Float).SetInt64(int64(2*k+1)))
		sum.Add(sum, term)
		if term.Sign() == 0 || term.MantExp(nil)-sum.MantExp(nil) < -int(p)-4 {
			break
		}
	}
	return sum.SetMantExp(sum, halvings)
}

func refAtan(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) < 0x1p-30 {
		return math.Atan(x)
	}
	return f64of(bigAtan(bf(x)))
}

func refAsin(x float64) float64 {
	if !(math.Abs(x) < 1) || math.Abs(x) < 0x1p-30 {
		return math.Asin(x)
	}
	X := new(big.Float).SetPrec(refPrec + 32).SetFloat64(x)
	d := new(big.Float).SetPrec(refPrec+32).Mul(X, X)
	d.Sub(big.NewFloat(1), d)
	d.Sqrt(d)
	return f64of(bigAtan(X.Quo(X, d)))
}

func refAcos(x float64) float64 {
	if !(math.Abs(x) < 1) {
		return math.Acos(x)
	}
	X := new(big.Float).SetPrec(refPrec + 32).SetFloat64(x)
	n := new(big.Float).SetPrec(refPrec+32).Sub(big.NewFloat(1), X)
	d := new(big.Float).SetPrec(refPrec+32).Add(big.NewFloat(1), X)
	n.Quo(n, d)
	n.Sqrt(n)
	a := bigAtan(n)
	return f64of(a.Mul(a, big.NewFloat(2)))
}

func refAtan2(y, x float64) float64 {
	if y == 0 || x == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsNaN(x) || math.IsNaN(y) {
		return math.Atan2(y, x)
	}
	q := new(big.Float).SetPrec(refPrec+32).Quo(bf(y), bf(x))
	a := bigAtan(q)
	if x < 0 {
		pi := new(big.Float).SetPrec(refPrec + 32).Set(refConsts().pi)
		if y >= 0 {
			a.Add(a, pi)
		} else {
			a.Sub(a, pi)
		}
	}
	return f64of(a)
}

func refSinh(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 720 || math.Abs(x) < 0x1p-30 {
		return math.Sinh(x)
	}
	e := bigExp(bf(x))
	r := new(big.Float).SetPrec(refPrec).Quo(big.NewFloat(1), e)
	r.Sub(e, r)
	return f64of(r.SetMantExp(r, -1))
}

func refCosh(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 720 {
		return math.Cosh(x)
	}
	e := bigExp(bf(x))
	r := new(big.Float).SetPrec(refPrec).Quo(big.NewFloat(1), e)
	r.Add(e, r)
	return f64of(r.SetMantExp(r, -1))
}

func refTan(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) < 0x1p-27 {
		return math.Tan(x)
	}
	s, c := bigSinCos(x)
	return f64of(s.Quo(s, c))
}

func refAsinh(x float64) float64 {
	a := math.Abs(x)
	if math.IsNaN(x) || math.IsInf(x, 0) || a < 0x1p-30 {
		return math.Asinh(x)
	}
	X := new(big.Float).SetPrec(2200).SetFloat64(a)
	d := new(big.Float).SetPrec(2200).Mul(X, X)
	d.Add(d, big.NewFloat(1))
	d.Sqrt(d)
	d.Add(d, X)
	return math.Copysign(f64of(bigLog(d)), x)
}

func refAcosh(x float64) float64 {
	if !(x > 1) || math.IsInf(x, 1) {
		return math.Acosh(x)
	}
	X := new(big.Float).SetPrec(2200).SetFloat64(x)
	d := new(big.Float).SetPrec(2200).Mul(X, X)
	d.Sub(d, big.NewFloat(1))
	d.Sqrt(d)
	d.Add(d, X)
	return f64of(bigLog(d))
}

func refAtanh(x float64) float64 {
	if !(math.Abs(x) < 1) || math.Abs(x) < 0x1p-30 {
		return math.Atanh(x)
	}
	X := new(big.Float).SetPrec(2200).SetFloat64(x)
	n := new(big.Float).SetPrec(2200).Add(big.NewFloat(1), X)
	d := new(big.Float).SetPrec(2200).Sub(big.NewFloat(1), X)
	n.Quo(n, d)
	l := bigLog(n)
	return f64of(l.SetMantExp(l, -1))
}

func refExpm1(x float64) float64 {
	if math.IsNaN(x) || x > 710 || x < -40 || math.Abs(x) < 0x1p-60 {
		return math.Expm1(x)
	}
	if math.Abs(x) < 1e-3 { // Taylor: the 192-bit exp would lose x's low bits
		X := new(big.Float).SetPrec(refPrec).SetFloat64(x)
		sum := new(big.Float).SetPrec(refPrec).Set(X)
		term := new(big.Float).SetPrec(refPrec).Set(X)
		for n := int64(2); n < 60; n++ {
			term.Mul(term, X)
			term.Quo(term, new(big.Float).SetInt64(n))
			sum.Add(sum, term)
		}
		return f64of(sum)
	}
	e := bigExp(bf(x))
	return f64of(e.Sub(e, big.NewFloat(1)))
}
