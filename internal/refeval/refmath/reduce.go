package refmath

import (
	"math"

	"github.com/sandjit/sandjit/memref"
)

// Reductions of one group of elements, as the evaluator's reduction table
// calls them: float sums and products in float64 (rounded once by the
// caller), integers wrapping; Max and Min propagate NaN; an empty group
// gives Sum 0, Prod 1, Max -Inf or the type's minimum, Min +Inf or the
// type's maximum, All true, Any false, float Mean NaN and integer Mean 0.

// SumOf is Σ xs (0 when empty).
func SumOf[T int64 | uint64 | float64 | complex128](_ memref.DType, xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// ProdOf is Π xs (1 when empty).
func ProdOf[T int64 | uint64 | float64 | complex128](_ memref.DType, xs []T) T {
	p := T(1)
	for _, x := range xs {
		p *= x
	}
	return p
}

// MaxF and MinF are the largest and smallest of xs, NaN if any is NaN
// (-Inf and +Inf when empty).
func MaxF(_ memref.DType, xs []float64) float64 {
	m := math.Inf(-1)
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

func MinF(_ memref.DType, xs []float64) float64 {
	m := math.Inf(1)
	for _, x := range xs {
		m = min(m, x)
	}
	return m
}

// MaxOfS, MinOfS, MaxOfU and MinOfU are the largest and smallest of xs,
// the type's minimum or maximum when empty.
func MaxOfS(dt memref.DType, xs []int64) int64 {
	m := MinS(dt)
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

func MinOfS(dt memref.DType, xs []int64) int64 {
	m := MaxS(dt)
	for _, x := range xs {
		m = min(m, x)
	}
	return m
}

func MaxOfU(_ memref.DType, xs []uint64) uint64 {
	m := uint64(0)
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

func MinOfU(dt memref.DType, xs []uint64) uint64 {
	m := MaxU(dt)
	for _, x := range xs {
		m = min(m, x)
	}
	return m
}

// MeanF is the float Mean, Σ xs / len(xs) (NaN when empty).
func MeanF(dt memref.DType, xs []float64) float64 {
	return SumOf(dt, xs) / float64(len(xs)) // 0/0 is NaN
}

// AllOf and AnyOf are All and Any (true and false when empty).
func AllOf(xs []bool) bool {
	for _, x := range xs {
		if !x {
			return false
		}
	}
	return true
}

func AnyOf(xs []bool) bool {
	for _, x := range xs {
		if x {
			return true
		}
	}
	return false
}

// MeanS and MeanU are TensorFlow's integer Mean (reduction_ops.h's
// CASTING_SPECIALIZATION): the sum in 64 bits, divided by the count
// truncating toward zero; the caller wraps the quotient to the element
// type. So narrow types do not overflow in the sum.
func MeanS(_ memref.DType, xs []int64) int64 {
	if len(xs) == 0 {
		return 0
	}
	var s int64
	for _, x := range xs {
		s += x
	}
	return s / int64(len(xs))
}

func MeanU(_ memref.DType, xs []uint64) uint64 {
	if len(xs) == 0 {
		return 0
	}
	var s uint64
	for _, x := range xs {
		s += x
	}
	return s / uint64(len(xs))
}

// EuclideanNorm is √Σx², summed in float64 and rounded once.
func EuclideanNorm(_ memref.DType, xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x * x
	}
	return math.Sqrt(s)
}
