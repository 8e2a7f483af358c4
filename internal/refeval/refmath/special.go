package refmath

import "math"

// TensorFlow's special functions in float64, the reference for the
// vectorized ones of package wasmmath: the same algorithms in scalar form
// for the one-argument functions (coefficients in special_coeffs.go,
// generated with mpmath), and textbook series and continued fractions for
// the others. Special values are TF's (Eigen's kernels): see each function.
// TestSpecialFunctions checks them against mpmath values in
// testdata/special.txt.

// evalCheb evaluates s (monomials of the centred variable) at x.
func evalCheb(s *chebSeries, x float64) float64 {
	u := (x - (s.lo+s.hi)/2) * (2 / (s.hi - s.lo))
	r := 0.0
	for k := len(s.c) - 1; k >= 0; k-- {
		r = r*u + s.c[k]
	}
	return r
}

// sinCosPi returns sin(πr) and cos(πr) for |r| <= 1/2.
func sinCosPi(r float64) (s, c float64) {
	r2 := r * r
	for k := len(sinpiC) - 1; k >= 0; k-- {
		s = s*r2 + sinpiC[k]
		c = c*r2 + cospiC[k]
	}
	return s * r, c
}

// Lgamma is TF's Lgamma, log|Γ(x)|: +Inf at 0, at the negative
// integers and at ±Inf. FreeBSD's e_lgamma_r with its own range
// boundaries (Go's math.Lgamma moves two of them and loses ~200 ULP near
// 0.2 and 1.2).
func Lgamma(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case math.IsInf(x, 0), x == 0, x < 0 && x == math.Floor(x):
		return math.Inf(1)
	}
	a := math.Abs(x)
	if a < 0x1p-70 {
		return -math.Log(a)
	}
	r := lgammaPos(a)
	if x < 0 {
		s, _ := sinCosPi(a - math.RoundToEven(a))
		r = math.Log(math.Pi/math.Abs(s*a)) - r
	}
	return r
}

// lgammaPos is lgamma for finite a > 2**-70.
func lgammaPos(a float64) float64 {
	const (
		tc = 1.46163214496836224576e+00
		tf = -1.21486290535849611461e-01
		tt = -3.63867699703950536541e-18
	)
	switch {
	case a == 1 || a == 2:
		return 0
	case a < 2:
		var r, y float64
		var kind int
		if a <= 0.9 {
			r = -math.Log(a)
			switch {
			case a >= 0.7316321449683623:
				y, kind = 1-a, 0
			case a >= 0.2316321449683623:
				y, kind = a-(tc-1), 1
			default:
				y, kind = a, 2
			}
		} else {
			switch {
			case a >= 1.7316321449683623:
				y, kind = 2-a, 0
			case a >= 1.2316321449683623:
				y, kind = a-tc, 1
			default:
				y, kind = a-1, 2
			}
		}
		switch kind {
		case 0:
			z := y * y
			p1 := lgamA[0] + z*(lgamA[2]+z*(lgamA[4]+z*(lgamA[6]+z*(lgamA[8]+z*lgamA[10]))))
			p2 := z * (lgamA[1] + z*(lgamA[3]+z*(lgamA[5]+z*(lgamA[7]+z*(lgamA[9]+z*lgamA[11])))))
			r += y*p1 + p2 - 0.5*y
		case 1:
			z := y * y
			w := z * y
			p1 := lgamT[0] + w*(lgamT[3]+w*(lgamT[6]+w*(lgamT[9]+w*lgamT[12])))
			p2 := lgamT[1] + w*(lgamT[4]+w*(lgamT[7]+w*(lgamT[10]+w*lgamT[13])))
			p3 := lgamT[2] + w*(lgamT[5]+w*(lgamT[8]+w*(lgamT[11]+w*lgamT[14])))
			r += tf + (z*p1 - (tt - w*(p2+y*p3)))
		default:
			p1 := y * (lgamU[0] + y*(lgamU[1]+y*(lgamU[2]+y*(lgamU[3]+y*(lgamU[4]+y*lgamU[5])))))
			p2 := 1 + y*(lgamV[1]+y*(lgamV[2]+y*(lgamV[3]+y*(lgamV[4]+y*lgamV[5]))))
			r += -0.5*y + p1/p2
		}
		return r
	case a < 8:
		i := math.Trunc(a)
		y := a - i
		p := y * (lgamS[0] + y*(lgamS[1]+y*(lgamS[2]+y*(lgamS[3]+y*(lgamS[4]+y*(lgamS[5]+y*lgamS[6]))))))
		q := 1 + y*(lgamR[1]+y*(lgamR[2]+y*(lgamR[3]+y*(lgamR[4]+y*(lgamR[5]+y*lgamR[6])))))
		z := 1.0
		for k := 2.0; k < i; k++ {
			z *= y + k
		}
		return 0.5*y + p/q + math.Log(z)
	case a < 0x1p58:
		t := math.Log(a)
		z := 1 / a
		y := z * z
		w := lgamW[0] + z*(lgamW[1]+y*(lgamW[2]+y*(lgamW[3]+y*(lgamW[4]+y*(lgamW[5]+y*lgamW[6])))))
		return (a-0.5)*(t-1) + w
	}
	return a * (math.Log(a) - 1)
}

// Digamma is TF's Digamma, ψ(x): NaN at 0, at the negative integers
// and at -Inf. ψ(1+t) = (t - t0)·P(t) on [0, 1] around the positive root,
// the recurrence below 10, the asymptotic series above, and reflection
// ψ(x) = ψ(1-x) - π·cot(πx) for x <= 0.
func Digamma(x float64) float64 {
	if math.IsNaN(x) {
		return x
	}
	if x <= 0 {
		if x == math.Floor(x) {
			return math.NaN()
		}
		s, c := sinCosPi(x - math.RoundToEven(x))
		var p float64
		if x > -1 {
			p = digammaQ(-x) // ψ(1-x) with 1-x in (1, 2): t = -x exactly
		} else {
			p = digammaPos(1 - x)
		}
		return p - math.Pi*c/s
	}
	return digammaPos(x)
}

// digammaQ is ψ(1+t) for t in [0, 1].
func digammaQ(t float64) float64 {
	return (t - digammaT0Hi - digammaT0Lo) * evalCheb(&chebDigammaP, t)
}

func digammaPos(x float64) float64 {
	switch {
	case x < 1:
		return digammaQ(x) - 1/x
	case x < 10:
		fl := math.Floor(x)
		sum := 0.0
		for j := fl - 1; j >= 1; j-- {
			sum += 1 / (x - j)
		}
		return digammaQ(x-fl) + sum
	case math.IsInf(x, 1):
		return x
	}
	z := 1 / (x * x)
	s := 0.0
	for k := len(digammaB) - 1; k >= 0; k-- {
		s = s*z + digammaB[k]
	}
	return math.Log(x) - 0.5/x - z*s
}

// erfinvRatio is erfinv(y)/y as a function of w = -log(1-y²).
func erfinvRatio(w float64) float64 {
	if w < 6.25 {
		return evalCheb(&chebErfinvW, w)
	}
	s := math.Sqrt(w)
	switch {
	case s < 4:
		return evalCheb(&chebErfinvS1, s)
	case s < 8:
		return evalCheb(&chebErfinvS2, s)
	}
	return evalCheb(&chebErfinvS3, s)
}

// Erfinv is TF's Erfinv: ±Inf at ±1, NaN outside [-1, 1].
func Erfinv(y float64) float64 {
	a := math.Abs(y)
	switch {
	case math.IsNaN(y):
		return y
	case a == 1:
		return math.Copysign(math.Inf(1), y)
	case a > 1:
		return math.NaN()
	}
	return y * erfinvRatio(-math.Log((1-a)*(1+a)))
}

// Ndtri is TF's Ndtri, the standard normal quantile: -Inf at 0, +Inf
// at 1, NaN outside [0, 1].
func Ndtri(p float64) float64 {
	switch {
	case math.IsNaN(p):
		return p
	case p == 0:
		return math.Inf(-1)
	case p == 1:
		return math.Inf(1)
	case p < 0 || p > 1:
		return math.NaN()
	}
	a := 2 * (1 - p)
	if p <= 0.5 {
		a = 2 * p
	}
	w := -math.Log(a * (2 - a))
	return (2*p - 1) * erfinvRatio(w) * math.Sqrt2
}

// BesselI0e is TF's BesselI0e, e**-|x|·I₀(x) (0 at ±Inf).
func BesselI0e(x float64) float64 {
	a := math.Abs(x)
	switch {
	case math.IsNaN(x):
		return x
	case a < 4:
		return evalCheb(&chebI0eA, a)
	case a < 8:
		return evalCheb(&chebI0eB, a)
	}
	return evalCheb(&chebI0eT, 8/a) / math.Sqrt(a)
}

// BesselI1e is TF's BesselI1e, e**-|x|·I₁(x) (odd; ±0 at ±Inf).
func BesselI1e(x float64) float64 {
	a := math.Abs(x)
	switch {
	case math.IsNaN(x):
		return x
	case a < 4:
		return x * evalCheb(&chebI1eA, a)
	case a < 8:
		return x * evalCheb(&chebI1eB, a)
	}
	return math.Copysign(evalCheb(&chebI1eT, 8/a)/math.Sqrt(a), x)
}

// zetaA are (2j)!/B₂ⱼ, j = 1..12: the Euler–Maclaurin tail's divisors,
// from the Bernoulli numbers B₂ … B₂₄.
var zetaA = func() (a [12]float64) {
	num := [12]float64{1, -1, 1, -1, 5, -691, 7, -3617, 43867, -174611, 854513, -236364091}
	den := [12]float64{6, 30, 42, 30, 66, 2730, 6, 510, 798, 330, 138, 2730}
	f := 1.0
	for j := range a {
		f *= float64((2*j + 1) * (2*j + 2))
		a[j] = f * den[j] / num[j]
	}
	return a
}()

// Zeta is TF's Zeta, the Hurwitz zeta function Σₖ (k+q)**-x: +Inf at
// x = 1, NaN for x < 1; for q <= 0: at integer q +Inf when x is even and
// NaN otherwise, NaN for non-integer x. Direct sum until the base exceeds
// 9 (and at least 9 terms), then Euler–Maclaurin with 12 Bernoulli terms.
func Zeta(x, q float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsNaN(q):
		return math.NaN()
	case x == 1:
		return math.Inf(1)
	case x < 1:
		return math.NaN()
	}
	if q <= 0 {
		if q == math.Floor(q) {
			if math.RoundToEven(x/2) == x/2 {
				return math.Inf(1)
			}
			return math.NaN()
		}
		if x != math.Floor(x) {
			return math.NaN()
		}
	}
	const eps = 0x1p-53
	s := math.Pow(q, -x)
	w := q
	var b float64
	for i := 0; i < 9 || w <= 9; i++ {
		w++
		b = math.Pow(w, -x)
		s += b
		if math.Abs(b/s) < eps {
			return s
		}
	}
	if b == 0 {
		return s
	}
	s += b*w/(x-1) - 0.5*b
	a, k := 1.0, 0.0
	for i := range zetaA {
		a *= x + k
		b /= w
		t := a * b / zetaA[i]
		s += t
		if math.Abs(t/s) < eps {
			break
		}
		k++
		a *= x + k
		b /= w
		k++
	}
	return s
}

// Polygamma is TF's Polygamma, ψ⁽ⁿ⁾(x) = (-1)**(n+1)·n!·ζ(n+1, x):
// NaN unless n is a non-negative integer; n = 0 is digamma.
func Polygamma(n, x float64) float64 {
	switch {
	case math.IsNaN(n) || math.IsNaN(x) || n < 0 || n != math.Floor(n):
		return math.NaN()
	case n == 0:
		return Digamma(x)
	}
	sign := 1.0
	if math.Mod(n, 2) == 0 {
		sign = -1
	}
	return sign * math.Gamma(n+1) * Zeta(n+1, x)
}

// igammaFactor is x**a·e**-x/Γ(a), 0 where it underflows (or is NaN, as in
// Eigen).
func igammaFactor(a, x float64) float64 {
	l := a*math.Log(x) - x - Lgamma(a)
	if a >= 10 {
		l = igammaLogFactorLargeA(a, x)
	}
	if math.IsNaN(l) || l < -math.Log(math.MaxFloat64) {
		return 0
	}
	return math.Exp(l)
}

// logRatioDev is D(u) = u - log(1+u) for u = t - 1 (both given), without
// cancellation for |u| <= 1/2: s²·((2+u) - 2s·Σ s²ᵏ/(2k+3)), s = u/(2+u).
func logRatioDev(u, t float64) float64 {
	if math.Abs(u) > 0.5 {
		return u - math.Log(t)
	}
	s := u / (2 + u)
	s2 := s * s
	p := 0.0
	for k := 15; k >= 0; k-- {
		p = p*s2 + 1/float64(2*k+3)
	}
	return s2 * ((2 + u) - 2*s*p)
}

// stirlingRem is lgamma(z) - ((z-0.5)·log z - z + log(2π)/2), z >= 8.
func stirlingRem(z float64) float64 {
	c := 1 / z
	y := c * c
	return c * (lgamW[1] + y*(lgamW[2]+y*(lgamW[3]+y*(lgamW[4]+y*(lgamW[5]+y*lgamW[6])))))
}

// igammaLogFactorLargeA is log(x**a·e**-x/Γ(a)) for a >= 10 by Stirling's
// series, -a·D(x/a - 1) + log(a/2π)/2 - S(a), without the cancellation of
// a·log x - x - lgamma(a) near x = a.
func igammaLogFactorLargeA(a, x float64) float64 {
	t := x / a
	return 0.5*(math.Log(a)-math.Log(2*math.Pi)) - a*logRatioDev(t-1, t) - stirlingRem(a)
}

// igammaSeries is P(a, x) by its power series (x <= 1 or x <= a).
func igammaSeries(a, x float64) float64 {
	f := igammaFactor(a, x)
	if f == 0 {
		return 0
	}
	r, c, sum := a, 1.0, 1.0
	for i := 0; i < 2000; i++ {
		r++
		c *= x / r
		sum += c
		if c <= 0x1p-53*sum {
			break
		}
	}
	return sum * f / a
}

// igammacFraction is Q(a, x) by its continued fraction (x > 1, x > a),
// in the classic three-term recurrence with rescaling.
func igammacFraction(a, x float64) float64 {
	if math.IsInf(x, 1) {
		return 0
	}
	f := igammaFactor(a, x)
	if f == 0 {
		return 0
	}
	const big, biginv = 0x1p52, 0x1p-52
	y := 1 - a
	z := x + y + 1
	c := 0.0
	pkm2, qkm2 := 1.0, x
	pkm1, qkm1 := x+1, z*x
	ans := pkm1 / qkm1
	for i := 0; i < 2000; i++ {
		c++
		y++
		z += 2
		yc := y * c
		pk := pkm1*z - pkm2*yc
		qk := qkm1*z - qkm2*yc
		if qk != 0 {
			prev := ans
			ans = pk / qk
			if math.Abs(prev-ans) <= 0x1p-53*math.Abs(ans) {
				break
			}
		}
		pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
		if math.Abs(pk) > big {
			pkm2 *= biginv
			pkm1 *= biginv
			qkm2 *= biginv
			qkm1 *= biginv
		}
	}
	return ans * f
}

// Igamma is TF's Igamma, the regularized lower incomplete gamma
// function P(a, x): 0 at x = 0 (any a), NaN for x < 0 or a <= 0.
func Igamma(a, x float64) float64 {
	switch {
	case x == 0:
		return 0
	case x < 0 || a <= 0 || math.IsNaN(a) || math.IsNaN(x):
		return math.NaN()
	case x > 1 && x > a:
		return clamp01(1 - igammacFraction(a, x))
	}
	return clamp01(igammaSeries(a, x))
}

// Igammac is TF's Igammac, Q(a, x) = 1 - P(a, x): NaN for x < 0 or
// a <= 0.
func Igammac(a, x float64) float64 {
	switch {
	case x < 0 || a <= 0 || math.IsNaN(a) || math.IsNaN(x):
		return math.NaN()
	case x < 1.5 && a < 1:
		return clamp01(igammacSmall(a, x))
	case x < 1 || x < a:
		return clamp01(1 - igammaSeries(a, x))
	}
	return clamp01(igammacFraction(a, x))
}

// igammacSmall is Q(a, x) for x < 1.5, a < 1, where 1 - P cancels:
// (Γ(1+a)-1 - (x**a-1))/Γ(1+a) + x**a/Γ(a)·Σ (-1)**(n+1) x**n/(n!(a+n)).
func igammacSmall(a, x float64) float64 {
	g1 := math.Expm1(Lgamma(1 + a))
	pm1 := math.Expm1(a * math.Log(x))
	first := (g1 - pm1) / (1 + g1)
	term, ser := 1.0, 0.0
	for k := 1.0; k <= 28; k++ {
		term *= -x / k
		ser -= term / (a + k)
	}
	return first + math.Exp(a*math.Log(x)-Lgamma(a))*ser
}

// Betainc is TF's Betainc, the regularized incomplete beta function
// I_x(a, b): NaN for a <= 0 or b <= 0, 0 at x = 0, 1 at x = 1, NaN outside
// [0, 1]. The continued fraction (modified Lentz) on the side of the mean
// where it converges fast, the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) on
// the other.
func Betainc(a, b, x float64) float64 {
	switch {
	case math.IsNaN(a) || math.IsNaN(b) || math.IsNaN(x) || a <= 0 || b <= 0:
		return math.NaN()
	case x == 0:
		return 0
	case x == 1:
		return 1
	case x < 0 || x > 1:
		return math.NaN()
	}
	lbt := Lgamma(a+b) - Lgamma(max(a, b)) - Lgamma(min(a, b)) + a*math.Log(x) + b*math.Log1p(-x)
	if a >= 10 && b >= 10 {
		// Stirling's series around the mean, without the lgamma terms'
		// cancellation (as wasmmath's betainc).
		xc := 1 - x
		ab := a + b
		u1 := (x*b - xc*a) / a
		u2 := (xc*a - x*b) / b
		lbt = 0.5*math.Log(a/ab*b/(2*math.Pi)) - a*logRatioDev(u1, x*ab/a) - b*logRatioDev(u2, xc*ab/b) +
			stirlingRem(ab) - stirlingRem(a) - stirlingRem(b)
	}
	if x < (a+1)/(a+b+2) {
		return clamp01(math.Exp(lbt) * betaFraction(a, b, x) / a)
	}
	return clamp01(1 - math.Exp(lbt)*betaFraction(b, a, 1-x)/b)
}

// clamp01 keeps a probability that rounding pushed out of [0, 1] inside.
func clamp01(v float64) float64 { return min(max(v, 0), 1) }

// betaFraction is the continued fraction of I_x(a, b) (modified Lentz),
// at most 300 steps.
func betaFraction(a, b, x float64) float64 {
	const tiny = 1e-300
	qab, qap, qam := a+b, a+1, a-1
	c, d := 1.0, 1-qab*x/qap
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	h := d
	for m := 1.0; m <= 300; m++ {
		m2 := 2 * m
		aa := m * (b - m) * x / ((qam + m2) * (a + m2))
		d = 1 + aa*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		h *= d * c
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
		d = 1 + aa*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 0x1p-53 {
			break
		}
	}
	return h
}
