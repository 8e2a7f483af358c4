package cplx

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// Conversions to and from complex types (TF's cast_op: static_cast of
// std::complex): complex to complex converts each part; a real value x
// becomes x + 0i; complex to a real type keeps the real part, converted
// as a real value of the part type is (ints truncate and saturate, NaN
// gives 0); complex to i1 is z != 0.

func castExtension() *opkit.Def {
	return &opkit.Def{Name: "Cast", Doc: "convert element type", Tier: 1, Arity: 1, Types: opkit.ComplexTypes,
		Check: checkCast, Dims: dimsFirst, Elem: castElem, Lower: lowerCast, SameShapeAs: 1}
}

func checkCast(_ opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	if r := op.Results[0].Type.Elem; !r.Valid() {
		return nil, "requires a result element type"
	}
	if e := in[0].Elem; !e.IsComplex() && !opkit.All.Has(e) {
		return nil, fmt.Sprintf("operand #0 must be a tensor of numbers or i1, got %s", in[0])
	}
	return nil, ""
}

func castElem(op *mlir.Op, _ opkit.Facts, _ []mlir.TensorType) memref.DType {
	return op.Results[0].Type.Elem
}

func lowerCast(b opkit.Builder, op *mlir.Op, _ opkit.Facts, res *mlir.Value) {
	out := b.ResultBuffer(res)
	x := op.Operands[0]
	xt, rt := b.Type(x).Elem, b.Type(res).Elem
	n := b.NewNest(op, res, nil)
	idx := opkit.Identity(len(b.Type(res).Dims))
	var z cx
	from := opkit.ComputeType(xt)
	if xt.IsComplex() {
		z, from = load(b, n, x, idx), xt.ComplexPart()
	} else {
		z = cx{b.Load(n, x, idx), -1}
	}
	conv := func(v int, to memref.DType) int {
		if from == to {
			return v
		}
		return n.Add(&loopir.Instr{Op: loopir.OpCast, Type: to, Args: []int{v}})
	}
	switch {
	case rt.IsComplex():
		pt := rt.ComplexPart()
		re, im := conv(z.re, pt), n.ConstBits(pt, 0)
		if xt.IsComplex() {
			im = conv(z.im, pt)
		}
		store(b, n, res, idx, cx{re, im})
	case rt == memref.Bool:
		e := fx{n, from}
		nz := e.or(e.cmp(loopir.CmpNe, z.re, e.c(0)), e.cmp(loopir.CmpNe, z.im, e.c(0)))
		b.Store(n, out, rt, idx, nz)
	default:
		v := conv(z.re, rt)
		if rt == memref.Float16 {
			v = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: memref.Float32, Args: []int{v}})
		}
		b.Store(n, out, rt, idx, v)
	}
}
