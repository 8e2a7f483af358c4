package wasmmath

import (
	"github.com/sandjit/sandjit/internal/wasm"
	"math"
)

// The iterative special functions: zeta(x, q), polygamma(n, x),
// igamma(a, x) and igammac(a, x). Their series and continued fractions
// converge after a number of steps that depends on the arguments, so each
// lane runs the same loop with a convergence mask: a lane that has
// converged keeps its values (bitselect), and the loop ends when no lane
// is active or after a fixed cap (TF's: 2000 steps for igamma). Every
// function they use (pow, log, exp, lgamma, digamma) is inlined, so the
// bodies make no calls. Written for f64x2; f32x4 runs them on the promoted
// halves (one loop per half). TF's special values as in Eigen.

// mov copies v into a fresh local (a loop-carried variable).
func (e *vemit) mov(v vr) vr {
	e.get(v)
	return e.set()
}

// assign stores v into the local dst.
func (e *vemit) assign(dst, v vr) {
	e.get(v)
	e.f.LocalSet(dst.l)
}

// loopWhile emits body in a loop that runs while a lane of the mask that
// body returns is set, and at most limit times.
func (e *vemit) loopWhile(limit int, body func() (active vr)) {
	n := e.f.NewLocal(wasm.I32)
	e.f.I32Const(int32(limit))
	e.f.LocalSet(n)
	e.f.Block(wasm.BlockEmpty)
	e.f.Loop(wasm.BlockEmpty)
	active := body()
	e.anyTrue(active)
	e.f.Op(wasm.OpI32Eqz)
	e.f.BrIf(1)
	e.f.LocalGet(n)
	e.f.I32Const(1)
	e.f.Op(wasm.OpI32Sub)
	e.f.LocalTee(n)
	e.f.BrIf(0)
	e.f.End()
	e.f.End()
}

// not is the complement of a mask.
func (e *vemit) not(m vr) vr { return e.op(wasm.OpV128Not, m) }

// isInt is the mask of lanes holding an integer (±Inf included).
func (e *vemit) isInt(a vr) vr { return e.eq(e.trunc(a), a) }

// zetaSumLimit caps zeta's direct sum: a lane whose q is below about
// -zetaSumLimit has not reached the asymptotic range when it stops, and
// gives NaN (Eigen's loop is unbounded there).
const zetaSumLimit = 4096

// zetaA are (2j)!/B₂ⱼ, j = 1..12, the Euler–Maclaurin divisors.
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

// zetaCore is the Hurwitz zeta function Σ (k+q)**-x (TF's zeta op): the
// direct sum of at least 9 terms, until the base passes 9 or a term no
// longer changes the sum, then Euler–Maclaurin with up to 12 Bernoulli
// terms. Special values: +Inf at x = 1; NaN for x < 1; q <= 0: at integer
// q +Inf when x is even, else NaN; non-integer q < 0 needs integer x.
func zetaCore(e *vemit, x, q vr) vr {
	one, zero := e.k(1), e.k(0)
	const eps = 0x1p-53
	negx := e.neg(x)
	qle0 := e.le(q, zero)
	qint := e.isInt(q)
	xEven := e.isInt(e.mul(x, e.k(0.5)))
	special := e.or(e.or(e.isnan(x), e.isnan(q)), e.le(x, one))
	special = e.or(special, e.and(qle0, e.or(qint, e.not(e.isInt(x)))))
	special = e.or(special, e.eq(e.abs(q), e.inf()))

	s := e.mov(genPow64(e, []vr{q, negx}))
	w := e.mov(q)
	b := e.mov(zero)
	it := e.mov(zero)
	done := e.mov(special)
	conv := e.mov(e.k(0))
	e.loopWhile(zetaSumLimit, func() vr {
		act := e.not(done)
		w1 := e.add(w, one)
		b1 := genPow64(e, []vr{w1, negx})
		s1 := e.add(s, b1)
		e.assign(w, e.sel(act, w1, w))
		e.assign(b, e.sel(act, b1, b))
		e.assign(s, e.sel(act, s1, s))
		c := e.and(act, e.lt(e.abs(e.div(b1, s1)), e.k(eps)))
		e.assign(conv, e.or(conv, c))
		it1 := e.add(it, one)
		e.assign(it, it1)
		far := e.and(e.ge(it1, e.k(9)), e.gt(w1, e.k(9)))
		e.assign(done, e.or(e.or(done, c), far))
		return e.not(done)
	})
	unfinished := e.not(done)
	// Euler–Maclaurin tail at w (whose term b is in s).
	t := e.sub(e.div(e.mul(b, w), e.sub(x, one)), e.mul(e.k(0.5), b))
	s2 := e.add(s, t)
	a := one
	bb := b
	kk := 0.0
	active := e.kbits(math.MaxUint64)
	for i := range zetaA {
		a = e.mul(a, e.add(x, e.k(kk)))
		bb = e.div(bb, w)
		term := e.div(e.mul(a, bb), e.k(zetaA[i]))
		ns := e.add(s2, term)
		s2 = e.sel(active, ns, s2)
		active = e.and(active, e.ge(e.abs(e.div(term, ns)), e.k(eps)))
		kk++
		a = e.mul(a, e.add(x, e.k(kk)))
		bb = e.div(bb, w)
		kk++
	}
	res := e.sel(e.or(conv, e.eq(b, zero)), s, s2)
	res = e.sel(unfinished, e.nan(), res)
	// Special values.
	qpole := e.sel(xEven, e.inf(), e.nan())
	res = e.sel(e.and(qle0, e.not(qint)), e.sel(e.isInt(x), res, e.nan()), res)
	res = e.sel(e.and(qle0, qint), qpole, res)
	res = e.sel(e.lt(x, one), e.nan(), res)
	res = e.sel(e.eq(x, one), e.inf(), res)
	return e.sel(e.or(e.isnan(x), e.isnan(q)), e.nan(), res)
}

func genZeta64(e *vemit, a []vr) vr { return zetaCore(e, a[0], a[1]) }

// genPolygamma64 is ψ⁽ⁿ⁾(x) = (-1)**(n+1)·n!·ζ(n+1, x) (TF's polygamma op):
// NaN unless n is a non-negative integer, digamma at n = 0; n! by a
// product loop (exact to 22!).
func genPolygamma64(e *vemit, a []vr) vr {
	n, x := a[0], a[1]
	one := e.k(1)
	bad := e.or(e.or(e.isnan(n), e.lt(n, e.k(0))), e.not(e.isInt(n)))
	z := zetaCore(e, e.add(n, one), x)
	fact := e.mov(one)
	k := e.mov(e.k(2))
	e.loopWhile(171, func() vr {
		in := e.le(k, n)
		e.assign(fact, e.sel(in, e.mul(fact, k), fact))
		e.assign(k, e.add(k, one))
		return e.le(k, n)
	})
	odd := e.not(e.isInt(e.mul(n, e.k(0.5))))
	r := e.mul(fact, z)
	r = e.sel(odd, r, e.neg(r))
	r = e.sel(e.eq(n, e.k(0)), genDigamma64(e, []vr{x}), r)
	return e.sel(bad, e.nan(), r)
}

// logRatioDev is D(u) = u - log(1+u) >= 0 for u = t - 1 (both given, u
// accurate): for |u| <= 1/2 as s²·((2+u) - 2s·Σ s²ᵏ/(2k+3)), s = u/(2+u),
// which does not cancel; else u - log t.
func logRatioDev(e *vemit, u, t vr) vr {
	s := e.div(u, e.add(e.k(2), u))
	s2 := e.mul(s, s)
	c := make([]float64, 16)
	for k := range c {
		c[k] = 1 / float64(2*k+3)
	}
	dSmall := e.mul(s2, e.sub(e.add(e.k(2), u), e.mul(e.add(s, s), e.poly(s2, c...))))
	dBig := e.sub(u, logCore(e, t))
	return e.sel(e.le(e.abs(u), e.k(0.5)), dSmall, dBig)
}

// stirlingRem is S(z) = lgamma(z) - ((z-0.5)·log z - z + log(2π)/2) for
// z >= 8 (FreeBSD's lgamW without its constant).
func stirlingRem(e *vemit, z vr) vr {
	zc := e.div(e.k(1), z)
	return e.mul(zc, e.poly(e.mul(zc, zc), lgamW[1], lgamW[2], lgamW[3], lgamW[4], lgamW[5], lgamW[6]))
}

// igammaLogFactorLargeA is log(x**a·e**-x/Γ(a)) for a >= 10 without the
// cancellation of a·log x - x - lgamma(a) (terms of size a·log a for a
// result near -log(2πa)/2 when x is near a): with Stirling's series,
// -a·D(x/a - 1) + log(a/2π)/2 - S(a).
func igammaLogFactorLargeA(e *vemit, a, x vr) vr {
	t := e.div(x, a)
	d := logRatioDev(e, e.sub(t, e.k(1)), t)
	half := e.mul(e.k(0.5), e.sub(logCore(e, a), e.k(math.Log(2*math.Pi))))
	return e.sub(e.sub(half, e.mul(a, d)), stirlingRem(e, a))
}

// igammaCore is P(a, x) (complement false: TF's igamma op) or Q(a, x) = 1 -
// P (complement true: igammac) as Eigen splits them: the power series of
// P where x <= 1 or x <= a, the continued fraction of Q elsewhere, both
// times x**a·e**-x/Γ(a) (0 where it underflows). One loop runs both
// recurrences, each masked to its lanes, for at most 2000 steps.
func igammaCore(e *vemit, a, x vr, complement bool) vr {
	one, zero := e.k(1), e.k(0)
	const eps, big, biginv = 0x1p-53, 0x1p52, 0x1p-52
	nan := e.or(e.isnan(a), e.isnan(x))
	domain := e.or(e.lt(x, zero), e.le(a, zero))
	special := e.or(nan, domain)
	useCF := e.and(e.gt(x, one), e.gt(x, a))
	xinf := e.eq(x, e.inf())

	logx := logCore(e, x)
	lga := genLgamma64(e, []vr{a})
	logax := e.sel(e.ge(a, e.k(10)), igammaLogFactorLargeA(e, a, x),
		e.sub(e.sub(e.mul(a, logx), x), lga))
	under := e.or(e.isnan(logax), e.lt(logax, e.k(-math.Log(math.MaxFloat64))))
	ax := e.sel(under, zero, expCore(e, logax))

	// Series state.
	r := e.mov(a)
	c := e.mov(one)
	sum := e.mov(one)
	sdone := e.mov(e.or(e.or(special, useCF), e.eq(ax, zero)))
	// Continued fraction state.
	y := e.mov(e.sub(one, a))
	z := e.mov(e.add(e.add(x, e.sub(one, a)), one))
	cc := e.mov(zero)
	pkm2 := e.mov(one)
	qkm2 := e.mov(x)
	pkm1 := e.mov(e.add(x, one))
	qkm1 := e.mov(e.mul(z, x))
	ans := e.mov(e.div(pkm1, qkm1))
	cdone := e.mov(e.or(e.or(e.or(special, e.not(useCF)), xinf), e.eq(ax, zero)))

	e.loopWhile(2000, func() vr {
		sact := e.not(sdone)
		r1 := e.add(r, one)
		c1 := e.mul(c, e.div(x, r1))
		sum1 := e.add(sum, c1)
		e.assign(r, e.sel(sact, r1, r))
		e.assign(c, e.sel(sact, c1, c))
		e.assign(sum, e.sel(sact, sum1, sum))
		e.assign(sdone, e.or(sdone, e.le(c1, e.mul(e.k(eps), sum1))))

		cact := e.not(cdone)
		cc1 := e.add(cc, one)
		y1 := e.add(y, one)
		z1 := e.add(z, e.k(2))
		yc := e.mul(y1, cc1)
		pk := e.sub(e.mul(pkm1, z1), e.mul(pkm2, yc))
		qk := e.sub(e.mul(qkm1, z1), e.mul(qkm2, yc))
		nz := e.ne(qk, zero)
		ans1 := e.div(pk, qk)
		conv := e.and(nz, e.le(e.abs(e.sub(ans, ans1)), e.mul(e.k(eps), e.abs(ans1))))
		e.assign(ans, e.sel(e.and(cact, nz), ans1, ans))
		scale := e.sel(e.gt(e.abs(pk), e.k(big)), e.k(biginv), one)
		np2, np1 := e.mul(pkm1, scale), e.mul(pk, scale)
		nq2, nq1 := e.mul(qkm1, scale), e.mul(qk, scale)
		e.assign(pkm2, e.sel(cact, np2, pkm2))
		e.assign(pkm1, e.sel(cact, np1, pkm1))
		e.assign(qkm2, e.sel(cact, nq2, qkm2))
		e.assign(qkm1, e.sel(cact, nq1, qkm1))
		e.assign(cc, e.sel(cact, cc1, cc))
		e.assign(y, e.sel(cact, y1, y))
		e.assign(z, e.sel(cact, z1, z))
		e.assign(cdone, e.or(cdone, conv))
		return e.not(e.and(sdone, cdone))
	})
	p := e.div(e.mul(sum, ax), a)
	q := e.sel(xinf, zero, e.mul(ans, ax))
	var res vr
	if complement {
		res = e.sel(useCF, q, e.sub(one, p))
		// x < 1.5, a < 1: 1 - P cancels as P nears 1 (small a). There
		// Q = (Γ(1+a)-1 - (x**a-1))/Γ(1+a) + x**a/Γ(a)·Σ (-1)**(n+1) x**n/(n!(a+n)),
		// with Γ(1+a)-1 and x**a-1 by expm1, and 28 terms of the series
		// (the continued fraction for x in [1, 1.5) loses ~60 ULP here).
		smallA := e.and(e.lt(x, e.k(1.5)), e.lt(a, one))
		g1 := expm1Core(e, genLgamma64(e, []vr{e.add(a, one)}))
		pm1 := expm1Core(e, e.mul(a, logx))
		first := e.div(e.sub(g1, pm1), e.add(one, g1))
		term, ser := one, zero
		for k := 1.0; k <= 28; k++ {
			term = e.mul(term, e.div(e.neg(x), e.k(k)))
			ser = e.sub(ser, e.div(term, e.add(a, e.k(k))))
		}
		xaOverGamma := expCore(e, e.sub(e.mul(a, logx), lga))
		res = e.sel(smallA, e.madd(xaOverGamma, ser, first), res)
	} else {
		res = e.sel(useCF, e.sub(one, q), p)
	}
	res = e.minK(e.maxK(res, 0), 1) // rounding can leave [0, 1] (tiny a: P = 1 + 1e-14)
	res = e.sel(special, e.nan(), res)
	if !complement {
		res = e.sel(e.eq(x, zero), zero, res) // before the domain checks, as TF
	}
	return res
}

func genIgamma64(e *vemit, a []vr) vr  { return igammaCore(e, a[0], a[1], false) }
func genIgammac64(e *vemit, a []vr) vr { return igammaCore(e, a[0], a[1], true) }

// genBetainc64 is the regularized incomplete beta function I_x(a, b)
// (TF's betainc op, Eigen's double algorithm): the power series where b·x <=
// 1 and x <= 0.95, else a and b swapped when x is above the mean a/(a+b)
// (result 1 - I), then the power series again if it applies, or one of the
// two continued fractions; all scaled by x**a·(1-x)**b·Γ(a+b)/(Γ(a)Γ(b))
// in logarithms. One loop runs the series and the continued fraction,
// each masked to its lanes, for at most betaincSteps steps. NaN for a <= 0 or
// b <= 0 or x outside [0, 1]; 0 at x = 0, 1 at x = 1.
// betaincSteps caps betainc's loop. Eigen stops the continued fraction at
// 300 steps but runs the power series until it converges, which at
// x = 0.95 takes about 750 steps.
const betaincSteps = 1000

func genBetainc64(e *vemit, args []vr) vr {
	a0, b0, x0 := args[0], args[1], args[2]
	one, zero, two := e.k(1), e.k(0), e.k(2)
	const machep, big, biginv = 0x1p-53, 0x1p52, 0x1p-52
	nan := e.or(e.or(e.isnan(a0), e.isnan(b0)), e.isnan(x0))
	special := e.or(e.or(nan, e.le(a0, zero)), e.le(b0, zero))
	special = e.or(special, e.or(e.le(x0, zero), e.ge(x0, one)))

	ps1 := e.and(e.le(e.mul(b0, x0), one), e.le(x0, e.k(0.95)))
	w0 := e.sub(one, x0)
	rev := e.and(e.not(ps1), e.gt(x0, e.div(a0, e.add(a0, b0))))
	a := e.sel(rev, b0, a0)
	b := e.sel(rev, a0, b0)
	x := e.sel(rev, w0, x0)
	xc := e.sel(rev, x0, w0)
	ps := e.or(ps1, e.and(rev, e.and(e.le(e.mul(b, x), one), e.le(x, e.k(0.95)))))
	cf := e.not(ps)
	small := e.lt(e.sub(e.mul(x, e.sub(e.add(a, b), two)), e.sub(a, one)), zero)

	// Power series state.
	ai := e.div(one, a)
	u0 := e.mul(e.sub(one, b), x)
	t1 := e.div(u0, e.add(a, one)) // the first term, added last
	v := e.mov(t1)
	t := e.mov(u0)
	n := e.mov(two)
	s := e.mov(zero)
	zlim := e.mul(e.k(machep), ai)
	sdone := e.mov(e.or(special, cf))
	// Continued fraction state (the two expansions differ in k2, k6 and x).
	xcf := e.sel(small, x, e.div(x, e.sub(one, x)))
	upd := e.sel(small, one, e.k(-1))
	k1 := e.mov(a)
	k2 := e.mov(e.sel(small, e.add(a, b), e.sub(b, one)))
	k3 := e.mov(a)
	k4 := e.mov(e.add(a, one))
	k5 := e.mov(one)
	k6 := e.mov(e.sel(small, e.sub(b, one), e.add(a, b)))
	k7 := e.mov(e.add(a, one))
	k8 := e.mov(e.add(a, two))
	pkm2, qkm2 := e.mov(zero), e.mov(one)
	pkm1, qkm1 := e.mov(one), e.mov(one)
	ans := e.mov(one)
	cdone := e.mov(e.or(special, ps))

	e.loopWhile(betaincSteps, func() vr {
		sact := e.and(e.not(sdone), e.gt(e.abs(v), zlim))
		u := e.div(e.mul(e.sub(n, b), x), n)
		tn := e.mul(t, u)
		vn := e.div(tn, e.add(a, n))
		e.assign(t, e.sel(sact, tn, t))
		e.assign(v, e.sel(sact, vn, v))
		e.assign(s, e.sel(sact, e.add(s, vn), s))
		e.assign(n, e.sel(sact, e.add(n, one), n))
		e.assign(sdone, e.or(sdone, e.not(sact)))

		cact := e.not(cdone)
		xk := e.neg(e.div(e.mul(e.mul(xcf, k1), k2), e.mul(k3, k4)))
		pk := e.madd(pkm2, xk, pkm1)
		qk := e.madd(qkm2, xk, qkm1)
		xk2 := e.div(e.mul(e.mul(xcf, k5), k6), e.mul(k7, k8))
		pk2 := e.madd(pkm1, xk2, pk)
		qk2 := e.madd(qkm1, xk2, qk)
		nz := e.ne(qk2, zero)
		r := e.div(pk2, qk2)
		conv := e.and(nz, e.lt(e.abs(e.sub(ans, r)), e.mul(e.abs(r), e.k(3*machep))))
		e.assign(ans, e.sel(e.and(cact, nz), r, ans))
		// Rescale the four terms when they grow or shrink too far.
		grow := e.gt(e.add(e.abs(qk2), e.abs(pk2)), e.k(big))
		shrink := e.or(e.lt(e.abs(qk2), e.k(biginv)), e.lt(e.abs(pk2), e.k(biginv)))
		sc := e.mul(e.sel(grow, e.k(biginv), one), e.sel(shrink, e.k(big), one))
		e.assign(pkm2, e.sel(cact, e.mul(pk, sc), pkm2))
		e.assign(pkm1, e.sel(cact, e.mul(pk2, sc), pkm1))
		e.assign(qkm2, e.sel(cact, e.mul(qk, sc), qkm2))
		e.assign(qkm1, e.sel(cact, e.mul(qk2, sc), qkm1))
		e.assign(k1, e.sel(cact, e.add(k1, one), k1))
		e.assign(k2, e.sel(cact, e.add(k2, upd), k2))
		e.assign(k3, e.sel(cact, e.add(k3, two), k3))
		e.assign(k4, e.sel(cact, e.add(k4, two), k4))
		e.assign(k5, e.sel(cact, e.add(k5, one), k5))
		e.assign(k6, e.sel(cact, e.sub(k6, upd), k6))
		e.assign(k7, e.sel(cact, e.add(k7, two), k7))
		e.assign(k8, e.sel(cact, e.add(k8, two), k8))
		e.assign(cdone, e.or(cdone, conv))
		return e.not(e.and(sdone, cdone))
	})
	ab := e.add(a, b)
	// lgamma(a+b) - lgamma(max(a,b)) first: with b ≫ a, subtracting
	// lgamma(a) from lgamma(a+b) first loses it whole.
	hi, lo := e.op(e.o.pmax, a, b), e.op(e.o.pmin, a, b)
	lg := e.sub(e.sub(genLgamma64(e, []vr{ab}), genLgamma64(e, []vr{hi})), genLgamma64(e, []vr{lo}))
	logxc := logCore(e, xc)
	// log(x**a·(1-x)**b·Γ(a+b)/(Γ(a)Γ(b))): directly, or for a, b >= 10
	// by Stirling's series around the mean p = a/(a+b), without the
	// cancellation of the lgamma terms: -a·D(x/p-1) - b·D((1-x)/(1-p)-1)
	// + log(ab/(2π(a+b)))/2 + S(a+b) - S(a) - S(b).
	direct := e.add(e.add(lg, e.mul(a, logCore(e, x))), e.mul(b, logxc))
	u1 := e.div(e.sub(e.mul(x, b), e.mul(xc, a)), a)
	u2 := e.div(e.sub(e.mul(xc, a), e.mul(x, b)), b)
	dev := e.add(e.mul(a, logRatioDev(e, u1, e.div(e.mul(x, ab), a))), e.mul(b, logRatioDev(e, u2, e.div(e.mul(xc, ab), b))))
	halfLog := e.mul(e.k(0.5), logCore(e, e.div(e.mul(e.div(a, ab), b), e.k(2*math.Pi)))) // a·b may overflow
	rem := e.sub(e.sub(stirlingRem(e, ab), stirlingRem(e, a)), stirlingRem(e, b))
	stirling := e.add(e.sub(halfLog, dev), rem)
	large := e.and(e.ge(a, e.k(10)), e.ge(b, e.k(10)))
	logPre := e.sel(large, stirling, direct)
	sPS := e.add(e.add(s, t1), ai)
	wCF := e.sel(small, ans, e.div(ans, xc))
	// The power series carries no (1-x)**b.
	tail := e.sel(ps, e.sub(logCore(e, sPS), e.mul(b, logxc)), logCore(e, e.div(wCF, a)))
	res := expCore(e, e.add(logPre, tail))
	flipped := e.sel(e.le(res, e.k(machep)), e.k(1-machep), e.sub(one, res))
	res = e.sel(rev, flipped, res)
	res = e.minK(e.maxK(res, 0), 1) // rounding (and, for b/a beyond ~1e15, the lgamma difference) can leave [0, 1]
	res = e.sel(special, e.nan(), res)
	res = e.sel(e.eq(x0, zero), zero, res)
	res = e.sel(e.eq(x0, one), one, res)
	res = e.sel(e.or(e.le(a0, zero), e.le(b0, zero)), e.nan(), res)
	return e.sel(nan, e.nan(), res)
}
