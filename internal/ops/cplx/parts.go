package cplx

import (
	"fmt"
	"math"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// The ops that make a complex tensor from its parts and take it apart
// (TF's math_ops: the complex op, its real and imaginary parts, its
// conjugate, magnitude and argument).

func partOps() []*opkit.Def {
	part := func(name, doc string, f func(e fx, x cx) int) *opkit.Def {
		return &opkit.Def{Name: name, Doc: doc, Tier: 1, Arity: 1, Types: opkit.ComplexTypes, Check: checkComplex,
			Dims: dimsFirst, Elem: partElem, SameShapeAs: 1,
			Lower: pointwise(func(e fx, in []cx) cx { return cx{re: f(e, in[0]), im: -1} })}
	}
	return []*opkit.Def{
		{Name: "tf.Complex", Doc: "re + im·i from two real tensors (f32 gives complex<f32>, f64 complex<f64>), broadcast", Tier: 1,
			Arity: 2, Types: opkit.TypesOf(memref.Float32, memref.Float64), Check: checkMake, Dims: dimsBroadcast, Elem: complexElem,
			Lower: pointwise(func(_ fx, in []cx) cx { return cx{in[0].re, in[1].re} })},
		part("tf.Real", "the real part", func(_ fx, x cx) int { return x.re }),
		part("tf.Imag", "the imaginary part", func(_ fx, x cx) int { return x.im }),
		part("tf.ComplexAbs", "|x|, the magnitude (hypot: no overflow; Inf if a part is, else NaN if one is)", func(e fx, x cx) int { return hypot(e, x) }),
		part("tf.Angle", "the argument atan2(im, re), in [-π, π]", func(e fx, x cx) int { return e.atan2(x.im, x.re) }),
		unary("tf.Conj", "the conjugate re - im·i", func(e fx, x cx) cx { return cx{x.re, e.neg(x.im)} }),
	}
}

func checkMake(_ opkit.Checker, _ *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	for i, t := range in {
		if t.Elem != memref.Float32 && t.Elem != memref.Float64 {
			return nil, fmt.Sprintf("operand #%d must be a tensor of f32, f64 values, but got %s", i, t)
		}
		if t.Elem != in[0].Elem {
			return nil, fmt.Sprintf("requires the same element type for all operands, got %s and %s", in[0], t)
		}
	}
	return nil, ""
}

func partElem(_ *mlir.Op, _ opkit.Facts, in []mlir.TensorType) memref.DType {
	return in[0].Elem.ComplexPart()
}

func complexElem(_ *mlir.Op, _ opkit.Facts, in []mlir.TensorType) memref.DType {
	if in[0].Elem == memref.Float64 {
		return memref.Complex128
	}
	return memref.Complex64
}

// hypot is |x| without overflow or underflow: Inf when a part is
// infinite, else NaN when one is NaN (C99's hypot). complex<f32> squares
// its parts in f64, where they cannot overflow, and rounds the root once;
// complex<f64> scales by the larger part, p·√(1 + (q/p)²), as Go's
// math.Hypot does.
func hypot(e fx, x cx) int {
	inf := e.or(e.isInf(x.re), e.isInf(x.im))
	var h int
	if e.t == memref.Float32 {
		d := fx{e.n, memref.Float64}
		a := e.n.Add(&loopir.Instr{Op: loopir.OpCast, Type: memref.Float64, Args: []int{x.re}})
		b := e.n.Add(&loopir.Instr{Op: loopir.OpCast, Type: memref.Float64, Args: []int{x.im}})
		s := d.sqrt(d.add(d.mul(a, a), d.mul(b, b)))
		h = e.n.Add(&loopir.Instr{Op: loopir.OpCast, Type: memref.Float32, Args: []int{s}})
	} else {
		a, b := e.abs(x.re), e.abs(x.im)
		p, q := e.max(a, b), e.min(a, b)
		r := e.div(q, p)
		h = e.mul(p, e.sqrt(e.add(e.c(1), e.mul(r, r))))
		h = e.sel(e.cmp(loopir.CmpEq, p, e.c(0)), e.c(0), h) // 0/0
	}
	return e.sel(inf, e.c(math.Inf(1)), h)
}
