package refmath

import (
	"math"
	"math/cmplx"
)

// Complex numbers (complex<f32>, complex<f64>) are held as complex128 and
// computed with Go's complex arithmetic, each part rounded to the part
// type at each op result. Go multiplies as numpy does ((ac-bd) + (ad+bc)i,
// no C99 Annex G recovery of infinities), divides with Smith's algorithm
// and C99's corrections when both parts come out NaN (numpy also uses
// Smith's algorithm), and takes Exp, Log, Sqrt and Pow from math/cmplx,
// whose special cases (infinite and NaN parts, branch cuts, signed zeros)
// follow C99 Annex G as numpy's do. Known differences from numpy: x / 0
// for a nonzero x is C99's infinity (numpy: inf and nan parts); a finite x
// divided by an infinity whose other part is NaN is C99's zero (numpy:
// NaN), as are a few other divisions mixing Inf and NaN parts (14 of the
// 49 pairs of {±0, ±1.5, ±2, ±Inf, NaN} parts differ; sqrt, exp, log and
// multiplication agree on all 49); and numpy's Pow with a small integer
// exponent multiplies repeatedly (a rounding apart from exp(y·log x)).
//
// NegC … PowC are those operations, named for the evaluator's op tables.

func NegC(x complex128) complex128    { return -x }
func SquareC(x complex128) complex128 { return x * x }
func RsqrtC(x complex128) complex128  { return 1 / SqrtC(x) }

// SqrtC is cmplx.Sqrt except for a NaN real part with a finite imaginary
// one, where C99 (G.6.4.2) and numpy give NaN + NaN·i and Go NaN ± 0i.
func SqrtC(x complex128) complex128 {
	if math.IsNaN(real(x)) && !math.IsInf(imag(x), 0) {
		return complex(math.NaN(), math.NaN())
	}
	return cmplx.Sqrt(x)
}
func ReciprocalC(x complex128) complex128 { return 1 / x }
func AddC(x, y complex128) complex128     { return x + y }
func SubC(x, y complex128) complex128     { return x - y }
func MulC(x, y complex128) complex128     { return x * y }
func DivC(x, y complex128) complex128     { return x / y }
func PowC(x, y complex128) complex128     { return cmplx.Pow(x, y) }

func DivNoNanC(x, y complex128) complex128 {
	if y == 0 {
		return 0
	}
	return x / y
}
