package cplx

import (
	"fmt"
	"math"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/shape"
	"github.com/sandjit/sandjit/memref"
)

// Elementwise arithmetic on complex operands of one type, numpy-broadcast.

// fn computes one element: a real operand's value is in its re.
type fn func(e fx, in []cx) cx

func unary(name, doc string, f func(e fx, x cx) cx) *opkit.Def {
	return &opkit.Def{Name: name, Doc: doc, Tier: 1, Arity: 1, Types: opkit.ComplexTypes, Check: checkComplex,
		Dims: dimsFirst, Lower: pointwise(func(e fx, in []cx) cx { return f(e, in[0]) }), SameShapeAs: 1}
}

func binary(name, doc string, f func(e fx, x, y cx) cx) *opkit.Def {
	return &opkit.Def{Name: name, Doc: doc, Tier: 1, Arity: 2, Types: opkit.ComplexTypes, Check: checkComplex,
		Dims: dimsBroadcast, Lower: pointwise(func(e fx, in []cx) cx { return f(e, in[0], in[1]) })}
}

// wide makes f compute complex<f32> in f64, each part of the result
// rounded to f32 once: what the reference evaluator does, and exact where
// f32 arithmetic is not (ac - bd cancels; Smith's quotient rounds five
// times). complex<f64> is computed as it is.
func wide(f func(e fx, in []cx) cx) func(e fx, in []cx) cx {
	return func(e fx, in []cx) cx {
		if e.t != memref.Float32 {
			return f(e, in)
		}
		d := fx{e.n, memref.Float64}
		w := make([]cx, len(in))
		for i, z := range in {
			w[i] = cx{d.cast(z.re), d.cast(z.im)}
		}
		z := f(d, w)
		return cx{e.cast(z.re), e.cast(z.im)}
	}
}

// cast converts a to e's type.
func (e fx) cast(a int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpCast, Type: e.t, Args: []int{a}})
}

func unaryWide(name, doc string, f func(e fx, x cx) cx) *opkit.Def {
	d := unary(name, doc, f)
	d.Lower = pointwise(wide(func(e fx, in []cx) cx { return f(e, in[0]) }))
	return d
}

func binaryWide(name, doc string, f func(e fx, x, y cx) cx) *opkit.Def {
	d := binary(name, doc, f)
	d.Lower = pointwise(wide(func(e fx, in []cx) cx { return f(e, in[0], in[1]) }))
	return d
}

func arithExtensions() []*opkit.Def {
	add := func(e fx, x, y cx) cx { return cx{e.add(x.re, y.re), e.add(x.im, y.im)} }
	div := func(e fx, x, y cx) cx { return divC(e, x, y) }
	return []*opkit.Def{
		binary("Add", "x + y", add),
		binary("AddV2", "x + y", add),
		binary("Sub", "x - y", func(e fx, x, y cx) cx { return cx{e.sub(x.re, y.re), e.sub(x.im, y.im)} }),
		binaryWide("Mul", "x · y", mulC),
		binaryWide("Div", "x / y", div),
		binaryWide("RealDiv", "x / y", div),
		binaryWide("DivNoNan", "x / y, 0 where y = 0", func(e fx, x, y cx) cx {
			zero := e.and(e.cmp(loopir.CmpEq, y.re, e.c(0)), e.cmp(loopir.CmpEq, y.im, e.c(0)))
			return e.selC(zero, cx{e.c(0), e.c(0)}, divC(e, x, y))
		}),
		unary("Neg", "-x", func(e fx, x cx) cx { return cx{e.neg(x.re), e.neg(x.im)} }),
		unaryWide("Square", "x · x", func(e fx, x cx) cx { return mulC(e, x, x) }),
		unaryWide("Reciprocal", "1 / x", func(e fx, x cx) cx { return divC(e, cx{e.c(1), e.c(0)}, x) }),
		compare("Equal", "x == y: both parts equal (a NaN part never is)", false),
		compare("NotEqual", "x != y: a part differs (a NaN part always does)", true),
		unary("OnesLike", "1 + 0i in x's shape", func(e fx, _ cx) cx { return cx{e.c(1), e.c(0)} }),
	}
}

// compare is an equality test of complex operands, as std::complex's ==
// and TensorFlow's kernels: equal when both parts are equal (IEEE: NaN
// equals nothing, -0 equals +0); ne negates it. With
// incompatible_shape_error = false, shapes that do not broadcast give a
// scalar ne, as for real operands.
func compare(name, doc string, ne bool) *opkit.Def {
	d := binary(name, doc, func(e fx, x, y cx) cx {
		eq := e.and(e.cmp(loopir.CmpEq, x.re, y.re), e.cmp(loopir.CmpEq, x.im, y.im))
		if ne {
			eq = e.not(eq)
		}
		return cx{re: eq, im: -1}
	})
	d.Elem = func(*mlir.Op, opkit.Facts, []mlir.TensorType) memref.DType { return memref.Bool }
	d.ScalarOnIncompatible, d.IncompatibleValue = true, ne
	d.Dims = func(op *mlir.Op, _ opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
		out, msg := shape.Broadcast(in)
		if b, ok := op.Attr("incompatible_shape_error").(mlir.BoolAttr); msg != "" && ok && !bool(b) {
			return []int{}, "" // TF's scalar (cwise_ops_common.cc, BinaryOpState)
		}
		return out, msg
	}
	return d
}

// checkComplex checks that every operand is complex, of one type.
func checkComplex(_ opkit.Checker, _ *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	for i, t := range in {
		if !t.Elem.IsComplex() {
			return nil, fmt.Sprintf("operand #%d must be a tensor of complex<f32>, complex<f64> values, but got %s", i, t)
		}
		if t.Elem != in[0].Elem {
			return nil, fmt.Sprintf("requires the same element type for all operands, got %s and %s", in[0], t)
		}
	}
	return nil, ""
}

func dimsFirst(_ *mlir.Op, _ opkit.Facts, in [][]int, _ [][]int64) ([]int, string) { return in[0], "" }

func dimsBroadcast(_ *mlir.Op, _ opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	return shape.Broadcast(in)
}

// pointwise lowers an elementwise op to one nest over the result's dims:
// each operand broadcast into it, complex ones loaded as pairs, real ones
// as values of their compute type; f computes the result, stored as a
// pair when it is complex and as its re otherwise.
func pointwise(f fn) func(b opkit.Builder, op *mlir.Op, _ opkit.Facts, res *mlir.Value) {
	return func(b opkit.Builder, op *mlir.Op, _ opkit.Facts, res *mlir.Value) {
		out := b.ResultBuffer(res)
		rt := b.Type(res)
		n := b.NewNest(op, res, nil)
		var t memref.DType
		in := make([]cx, len(op.Operands))
		for i, v := range op.Operands {
			idx := b.Bcast(v, res)
			if et := b.Type(v).Elem; et.IsComplex() {
				in[i], t = load(b, n, v, idx), et.ComplexPart()
			} else {
				in[i], t = cx{re: b.Load(n, v, idx), im: -1}, opkit.ComputeType(et)
			}
		}
		z := f(fx{n, t}, in)
		idx := opkit.Identity(len(rt.Dims))
		if rt.Elem.IsComplex() {
			store(b, n, res, idx, z)
			return
		}
		b.Store(n, out, rt.Elem, idx, z.re)
	}
}

// mulC is x·y as numpy and Go compute it: (ac - bd) + (ad + bc)i, with
// no recovery of infinities from NaN parts (C99 Annex G's _Cmul does).
func mulC(e fx, x, y cx) cx {
	return cx{e.sub(e.mul(x.re, y.re), e.mul(x.im, y.im)), e.add(e.mul(x.re, y.im), e.mul(x.im, y.re))}
}

// divC is x/y by Smith's algorithm (Go's runtime complex division, and
// numpy's), both branches computed and the one for y's larger part kept
// (the second also when a part of y is NaN):
//
//	|c| >= |d|: r = d/c, t = c + r·d: ((a + b·r) / t, (b - a·r) / t)
//	otherwise:  r = c/d, t = d + r·c: ((a·r + b) / t, (b·r - a) / t)
//
// and, when both parts come out NaN, C99's corrections (G.5.1, as Go):
// a nonzero x over zero is an infinity, an infinite x over a finite y an
// infinity, a finite x over an infinite y a zero. (Selecting the operands
// first and dividing once, (u, v) = |c| >= |d| ? (a, b) : (b, a), is
// cheaper but was miscompiled by wazero v1.12 on amd64 when x was loop-
// invariant: the reduced module is internal/wasmgen's
// testdata/wazero_hoist_miscompile.wat.)
func divC(e fx, x, y cx) cx {
	a, b, c, d := x.re, x.im, y.re, y.im
	ge := e.cmp(loopir.CmpGe, e.abs(c), e.abs(d))
	r1 := e.div(d, c)
	den1 := e.add(c, e.mul(r1, d))
	r2 := e.div(c, d)
	den2 := e.add(d, e.mul(r2, c))
	re := e.sel(ge, e.div(e.add(a, e.mul(b, r1)), den1), e.div(e.add(e.mul(a, r2), b), den2))
	im := e.sel(ge, e.div(e.sub(b, e.mul(a, r1)), den1), e.div(e.sub(e.mul(b, r2), a), den2))

	bothNaN := e.and(e.isNaN(re), e.isNaN(im))
	zero, one, inf := e.c(0), e.c(1), e.c(math.Inf(1))
	// y = 0 and x not NaN + NaN·i: copysign(Inf, c)·x; 1/c is that
	// infinity when c is ±0.
	yZero := e.and(e.cmp(loopir.CmpEq, c, zero), e.cmp(loopir.CmpEq, d, zero))
	xNum := e.not(e.and(e.isNaN(a), e.isNaN(b)))
	sInf := e.div(one, c)
	z1 := cx{e.mul(sInf, a), e.mul(sInf, b)}
	// x infinite, y finite: a, b become ±1 where infinite, ±0 elsewhere.
	unit := func(v int) int { return e.sel(e.isInf(v), e.copysign(one, v), e.copysign(zero, v)) }
	xInf := e.or(e.isInf(a), e.isInf(b))
	yInf := e.or(e.isInf(c), e.isInf(d))
	xFin := e.and(e.isFinite(a), e.isFinite(b))
	yFin := e.and(e.isFinite(c), e.isFinite(d))
	a2, b2 := unit(a), unit(b)
	z2 := cx{e.mul(inf, e.add(e.mul(a2, c), e.mul(b2, d))), e.mul(inf, e.sub(e.mul(b2, c), e.mul(a2, d)))}
	c3, d3 := unit(c), unit(d)
	z3 := cx{e.mul(zero, e.add(e.mul(a, c3), e.mul(b, d3))), e.mul(zero, e.sub(e.mul(b, c3), e.mul(a, d3)))}
	z := cx{re, im}
	z = e.selC(e.and(bothNaN, e.and(yInf, xFin)), z3, z)
	z = e.selC(e.and(bothNaN, e.and(xInf, yFin)), z2, z)
	z = e.selC(e.and(bothNaN, e.and(yZero, xNum)), z1, z)
	return z
}
