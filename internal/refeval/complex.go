package refeval

import (
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"
	"math/cmplx"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// meanC divides the sum by the count part by part (an infinite part stays
// infinite rather than meeting 0·Inf in a complex division).
func meanC(dt memref.DType, xs []complex128) complex128 {
	s := refmath.SumOf(dt, xs)
	n := float64(len(xs))
	return complex(real(s)/n, imag(s)/n) // 0/0 is NaN
}

// partType is the result type of Real, Imag, ComplexAbs and Angle on a
// complex operand: the `Tout` of the op's result, which must be the part
// type.
func complexOperand(op *mlir.Op, x *array) error {
	if kindOf(x.dt) != kComplex {
		return opError(op, mlir.ErrInvalid, "operand must be a complex tensor, got %s", memref.TypeString(x.dt, x.shape))
	}
	return nil
}

// evalComplexPart is Real, Imag, ComplexAbs (|z|, hypot without overflow)
// and Angle (atan2(im, re)) of a complex tensor: a tensor of its part type.
func evalComplexPart(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if err := complexOperand(op, x); err != nil {
		return nil, err
	}
	rdt := x.dt.ComplexPart()
	out, err := ev.alloc(op, rdt, x.shape)
	if err != nil {
		return nil, err
	}
	for i, z := range x.c {
		var v float64
		switch op.Name {
		case "tf.Real":
			v = real(z)
		case "tf.Imag":
			v = imag(z)
		case "tf.ComplexAbs":
			v = math.Hypot(real(z), imag(z)) // Inf if either part is, else NaN if either is
		case "tf.Angle":
			v = refmath.Atan2(imag(z), real(z))
		}
		out.f[i] = refmath.RoundTo(rdt, v)
	}
	return out, nil
}

// evalComplex is tf.Complex: re + im·i from two real tensors of one type
// (f32 gives complex<f32>, f64 complex<f64>), broadcast.
func evalComplex(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	if err := sameElemType(op, in, 0, 1); err != nil {
		return nil, err
	}
	re, im := in[0], in[1]
	var rdt memref.DType
	switch re.dt {
	case memref.Float32:
		rdt = memref.Complex64
	case memref.Float64:
		rdt = memref.Complex128
	default:
		return nil, errElemType(op, re.dt)
	}
	shape, err := broadcast(op, re.shape, im.shape)
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, rdt, shape)
	if err != nil {
		return nil, err
	}
	nd.ForEachBroadcast(shape, [][]int{re.shape, im.shape}, func(o int, i []int) {
		out.c[o] = complex(re.f[i[0]], im.f[i[1]])
	})
	return out, nil
}

// conjArray returns the complex conjugate of a complex array (the adjoint
// of BatchMatMul's adj_x / adj_y conjugates as well as transposes).
func conjArray(a *array) *array {
	out := newArray(a.dt, a.shape)
	for i, z := range a.c {
		out.c[i] = cmplx.Conj(z)
	}
	return out
}
