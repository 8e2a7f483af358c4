// Package wasmmath is sandjit's vectorized math library: exp, log, tanh,
// erf, the trigonometric and hyperbolic functions, pow and fmod, and TF's
// special functions (lgamma, digamma, erfinv, ndtri, besseli0e/i1e, zeta,
// polygamma, igamma, igammac, betainc) over f32x4 and f64x2 lanes,
// emitted as WebAssembly with package wasm's encoder for the code
// generator (package wasmgen) to inline or call.
//
// MathLib emits each function of MathFuncs over f32x4 or f64x2 lanes,
// inline into the loop body that uses it (Inline), or on first use as a
// Wasm function (v128) -> v128 (or (v128, v128) -> v128 for pow, fmod,
// atan2, zeta, polygamma, igamma and igammac; three v128 for betainc)
// that touches no memory (Func; Options.CallMath makes kernels call
// these). The common path of every function but fmod and the five
// iterative special functions (one loop with a per-lane convergence mask)
// is one straight-line block of SIMD instructions: polynomials
// and rationals in Horner form with mul+add (wazero has no SIMD FMA),
// integer lane operations on the bits for exponents, and compares with
// v128.bitselect for every special value (C99 Annex F / Go's math). The rare
// paths sit behind one v128.any_true branch: sin and cos of f64 lanes over
// 1.6e6 reduce those lanes one by one with Payne–Hanek and the bits of 4/π;
// f32 lanes over 6000 are recomputed by the f64x2 function. fmod is exact and
// lane by lane by design (long division on the significands, as musl). The
// second series (acos … erfc) is written for f64x2; its f32x4 functions run
// the f64x2 code on the two promoted halves and demote, which is about twice
// the work of a native f32 kernel but rounds once; so do the special
// functions (math_special.go, math_special2.go).
// Scalar code uses a function by splatting its argument, calling, and
// extracting lane 0.
//
// # Accuracy
//
// Maximum error in ULPs against the correctly rounded result, measured by
// TestMathULP (math_ulp_test.go), which fails when a measurement exceeds the
// bound below. f32 references are Go's math in float64 rounded to float32;
// f64 references are exact (math/big) except erf, whose reference is Go's
// math.Erf (itself within about 1 ULP). "all f32" rows were measured on
// every one of the 2³² inputs (go test -run TestMathExhaustiveF32
// -mathlib.exhaustive, which checks the same bounds); "f32 bits" rows on
// random bit patterns plus the dense ranges of ulpRanges.
//
//	function  type   input range                                      max  bound  notes
//	exp       f32x4  all f32                                            1      1  Cody–Waite, degree-6 polynomial, no division
//	exp       f64x2  [-746, 710], overflow and subnormal results        1      1  FreeBSD exp rational
//	expnonpos f32x4  all f32 (exp's bits for x ≤ 0, 1 for x > 0)        1      1  exp with one scaling: no overflow path
//	expnonpos f64x2  [-746, 0]                                          1      1  exp of min(x, 0)
//	expnegscaled f32x4 all f32 (2**32·e**max(-|x|, -104))               1      1  expnonpos without its ·2**-32: always normal
//	expnegscaled f64x2 [-110, 110]                                      1      1  exp's result times 2**32
//	log       f32x4  all f32                                            1      1  subnormals scaled by 2**23 first
//	log       f64x2  (0, max], subnormals included                      1      1
//	log1p     f32x4  all f32                                            1      1  1+x rounding error added back
//	log1p     f64x2  (-1, max]                                          1      1
//	tanh      f32x4  all f32 (317916 inputs at 2 ULP)                   2      2  (1-E)/(1+E), E = e^-2|x| unrounded
//	tanh      f64x2  [-20, 20]                                          1      2  Cephes rational below 0.625
//	logistic  f32x4  all f32 (46495 inputs at 2 ULP)                    2      2  expnonpos(-|x|), never overflows
//	logistic  f64x2  [-750, 750]                                        2      2
//	erf       f32x4  all f32                                            1      3  FreeBSD erff, regimes by bitselect
//	erf       f64x2  [-7, 7], all bit patterns                          1      2  vs Go's math.Erf
//	sin, cos  f32x4  all f32                                            1      2  Cody–Waite in 4 f32 pieces below 6000
//	sin, cos  f64x2  [-1.6e6, 1.6e6], k·π/2 neighbours                  1      2  Cody–Waite, π/2 in 4 pieces, double-double
//	sin, cos  f64x2  |x| in [1e6, max]                                  1      2  Payne–Hanek (scalar, per large lane)
//	sin, cos  f64x2  6381956970095103·2**797 and other hardest cases    1      1  within 2**-61 of a multiple of π/2
//	pow       f32x4  x in [1e-3, 1e3], integer y, all bit patterns      0      1  exp(y·log x) in f64 lanes, demoted
//	pow       f64x2  x in [1e-300, 1e300], |y·ln x| <= 700              1      1  FreeBSD e_pow: log2 in two pieces
//	fmod      both   all bit patterns, huge x / small y                 0      0  exact
//	acos      f32x4  all bit patterns                                   0      1  f64 code on promoted halves (all below)
//	acos      f64x2  [-1, 1], [0.99, 1]                                 1      2  2·atan(√((1-x)/(1+x))), no cancellation
//	asin      f64x2  [-1, 1]                                            2      2  atan(x/√((1-x)(1+x)))
//	atan      f64x2  [-4, 4], |x| in [1e-10, 1e10]                      1      2  Cephes, 3 ranges by bitselect
//	atan2     f64x2  y, x in [-10, 10] and ±[1e-5, 1e5]                 1      2  Go's special cases
//	sinh      f64x2  [-2, 2], [-711, 711]                               2      2  via expm1; exp(|x|)/2 rounded once
//	cosh      f64x2  [-2, 2], [-711, 711]                               1      2
//	tan       f64x2  [-π, π], k·π/2 neighbours, Payne–Hanek range       2      2  sin/cos reduction, Cephes rational
//	asinh     f64x2  [-4, 4], |x| in [1e-10, max]                       1      2  one log1p
//	acosh     f64x2  [1, 4], [1, max]                                   1      2  one log1p
//	atanh     f64x2  (-1, 1)                                            1      2  one log1p
//	expm1     f64x2  [-40, 710], |x| in [1e-300, 1]                     1      2  FreeBSD expm1, cases of k by bitselect
//	erfc      f64x2  [-2, 2]                                            3      3  vs Go's math.Erfc
//	erfc      f64x2  [-6, 27] (results down to 1e-319)                  4      4  vs Go's math.Erfc
//	(second series f32x4: 0 ULP in every sampled range, bound 1)
//
// The special functions (TF's lgamma … betainc ops) are measured by
// TestSpecialULP against mpmath values (40 digits; 100 for the two- and
// three-argument ones, checked against 80) correctly rounded to f64,
// stored in testdata/special/*.txt.gz by testdata/gen_special.py, which
// also fits their coefficients. Rows marked abs contain zeros of the
// function: the error there is in ULPs of max(|f(x)|, 1). Every f32x4 row
// measures 0 ULP (bound 1): the f64x2 body runs on the promoted halves.
// The iterative ones loop until every lane has converged (a convergence
// mask, values kept by bitselect), at most 2000 steps (igamma), 1000
// (betainc) or 4096 (zeta's direct sum: NaN for q below about -4096).
// igamma, igammac and betainc are clamped to [0, 1]; betainc can give NaN
// when a or b exceeds about 1e15 (TestSpecialIterativeRange checks below).
//
//	function  type   input range                                  samples  max  bound  notes
//	lgamma    f64x2  (0, 0.5], [0.5, 3], [3, 8]                      3000    2      2  FreeBSD e_lgamma_r, regimes by bitselect
//	lgamma    f64x2  [8, 1000], [1e3, 1e300], (0, 1e-30]             3000    2      2  Stirling; -log x
//	lgamma    f64x2  [-10, 0] abs, [-170, -10]                       2000    2      4  log(π/|x sin πx|) - lgamma(-x)
//	digamma   f64x2  (0, 1], [1, 2], [2, 10]                         3000    2      2  (t-t0)·P(t) around the root 1.4616…
//	digamma   f64x2  [10, 1e4], [1e4, 1e300], (0, 1e-10]             3000    1      2  asymptotic series to B20
//	digamma   f64x2  [-10, 0] abs                                    1000    5      6  ψ(1-x) - π cot πx
//	erfinv    f64x2  [-1, 1], |y| in [1e-300, 0.5]                   2000    2      2  y·R(w), w = -log((1-y)(1+y))
//	erfinv    f64x2  1-|y| in [2**-53, 0.5]                          1000    2      2
//	ndtri     f64x2  (0, 1), p and 1-p in [1e-300, 0.1]              3000    3      3  √2·(2p-1)·R(-log(4p(1-p)))
//	ndtri     f64x2  p in [5e-324, 2e-308] (subnormal)               1000    1      2
//	besseli0e f64x2  [-10, 10], |x| in [1e-10, 1e300]                2000    2      2  Chebyshev on [0,4], [4,8], in 8/x
//	besseli1e f64x2  [-10, 10], |x| in [1e-300, 1e300]               2000    2      2  x·R(|x|) below 8
//	zeta      f64x2  x in [1.01, 30], q in [0.1, 50]                  500    5      5  direct sum, Euler–Maclaurin (12 terms)
//	zeta      f64x2  x in [1.5, 5], q in [50, 1e6]                    500    2      2
//	zeta      f64x2  integer x in [2, 10], q in (-10, 0)              500   11     11
//	polygamma f64x2  n in {1..5}, x in [0.1, 20]                      500    5      5  (-1)^(n+1) n! ζ(n+1, x)
//	polygamma f64x2  n in {1..5}, x in (-5, 0)                        500    9      9
//	polygamma f64x2  n = 0, x in [0.1, 10]                            500    2      2  digamma
//	igamma    f64x2  a in [0.05, 10], x in [0, 3a+1]                  500   19     19  series / continued fraction (Cephes)
//	igamma    f64x2  a in [10, 100], x in [0, 3a+1]                   500  462    462  a >= 10: -a·D(x/a-1) + log(a/2π)/2 - S(a)
//	igammac   f64x2  a in [0.05, 10], x in [0, 3a+1]                  500   42     42  x < 1.5, a < 1: Γ(1+a)-1, x**a-1 by expm1
//	igammac   f64x2  a in [10, 100], x in [0, 3a+1]                   500  139    139  (worst where x << a: a·D is large)
//	betainc   f64x2  a, b in [0.1, 10], x in (0, 1)                   500   47     47  series / two continued fractions
//	betainc   f64x2  a, b in [10, 100], x in (0, 1)                   500  400    400  a, b >= 10: Stirling around the mean
//
// The per-range rows and their sample counts are the tables ulpRanges and
// ulpRanges2 in math_ulp_test.go, and specialRanges in
// math_special_test.go.
//
// # The complex functions
//
// The complex functions (internal/ops/cplx) are built from these: exp,
// log, sin, cos, atan2, pow and the IEEE square root, with math/cmplx's
// algorithms; complex<f32> is computed in f64 and each part rounded once.
// Their error against mpmath at 60 digits, measured by a script over
// 20000 inputs whose parts are log-uniform in ±[1e-3, 1e3] (exp: real
// parts in [-80, 80], imaginary in [-100, 100]; pow: exponents' parts in
// [-3, 3]); "part" is the worst error of either part in ULPs of that part,
// "norm" the worst |got - exact| in ULPs of |exact| (testdata/complex_ulp.py,
// which says how to run it).
//
//	function    type          part      norm   notes
//	exp         complex<f32>   0.5      0.70   in f64: each part correctly rounded on these inputs
//	log         complex<f32>   0.5      0.70
//	sqrt        complex<f32>   0.5      0.70
//	rsqrt       complex<f32>   0.5      0.70   1 / sqrt, Smith's division
//	pow         complex<f32>   0.5      0.70   exp(y·log x)
//	complexabs  complex<f32>   0.5      0.5    √(re² + im²) in f64
//	angle       complex<f32>   0.5      0.5    atan2 in f64
//	exp         complex<f64>   2.0      1.5    e^re·(cos im, sin im)
//	log         complex<f64>   457      113    log(hypot) loses digits where |x| ≈ 1 (as math/cmplx)
//	sqrt        complex<f64>   2.1      1.9
//	rsqrt       complex<f64>   5.4      2.6
//	pow         complex<f64>   3.9e4    35.5   the angle y·arg x + … carries |y log x|·ε; a small part is relative to it
//	complexabs  complex<f64>   1.9      1.9    p·√(1 + (q/p)²)
//	angle       complex<f64>   1.4      1.4    atan2
package wasmmath
