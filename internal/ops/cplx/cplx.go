// Package cplx compiles complex<f32> and complex<f64> tensors: the ops
// that make, split and measure complex numbers (Ops), and the complex
// definitions of core arithmetic, equality, reductions, products, casts and
// functions (Extensions), which package lower uses in place of the core
// definition when an operand or the result is complex.
//
// The loop IR and the code generator stay real. A complex tensor's buffer
// is memref's layout, the two parts of each element side by side, real
// first; a lowering sees it through the Builder's Parts view (the part
// type with a trailing axis of 2), loads both parts of an element, computes
// on the pair with real instructions of the part type and stores both
// parts. complex<f64> is computed in f64. complex<f32> is computed in f64
// wherever f32 arithmetic would round more than once on the way to a part
// (products, quotients, magnitudes, functions), each part rounded to f32
// once at the end, as the reference evaluator computes it; sums and
// negations, exact in f32 already, stay in f32. TensorFlow (Eigen's
// std::complex<float>) and numpy compute complex<f32> in f32 throughout,
// so they can be further from the exact result than sandjit, never
// nearer.
//
// Semantics are the reference evaluator's (internal/refeval/refmath):
// multiplication (ac-bd) + (ad+bc)i with no recovery of infinities, as
// numpy; division by Smith's algorithm with C99's corrections when both
// parts come out NaN, as Go's runtime and numpy; exp, log, sqrt and pow
// with C99 Annex G's special cases, as math/cmplx and numpy.
package cplx

import (
	"math"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// Ops returns the family's own ops.
func Ops() []*opkit.Def {
	return partOps()
}

// Extensions returns the complex definitions of core ops. Each Name is
// the core op's name without its dialect prefix, so that the op keeps one
// name in one file; lower finds the extension by it.
func Extensions() []*opkit.Def {
	var out []*opkit.Def
	out = append(out, arithExtensions()...)
	out = append(out, castExtension())
	out = append(out, reduceExtensions()...)
	out = append(out, matmulExtensions()...)
	out = append(out, funcExtensions()...)
	return out
}

// Defines reports whether op name is one of Ops (a complex op, which
// checks its own element types).
func Defines(name string) bool {
	for _, d := range Ops() {
		if d.Name == name {
			return true
		}
	}
	return false
}

// cx is a complex value in a nest: the ids of its two parts.
type cx struct{ re, im int }

// fx builds real scalar code of part type t in nest n.
type fx struct {
	n *loopir.Nest
	t memref.DType
}

func (e fx) bin(op loopir.Op, a, b int) int { return e.n.Binary(op, e.t, a, b) }
func (e fx) add(a, b int) int               { return e.bin(loopir.OpAdd, a, b) }
func (e fx) sub(a, b int) int               { return e.bin(loopir.OpSub, a, b) }
func (e fx) mul(a, b int) int               { return e.bin(loopir.OpMul, a, b) }
func (e fx) div(a, b int) int               { return e.bin(loopir.OpDiv, a, b) }
func (e fx) neg(a int) int                  { return e.n.Unary(loopir.OpNeg, e.t, a) }
func (e fx) abs(a int) int                  { return e.n.Unary(loopir.OpAbs, e.t, a) }
func (e fx) sqrt(a int) int                 { return e.n.Unary(loopir.OpSqrt, e.t, a) }
func (e fx) max(a, b int) int               { return e.bin(loopir.OpMax, a, b) }
func (e fx) min(a, b int) int               { return e.bin(loopir.OpMin, a, b) }
func (e fx) math(f loopir.MathFn, a int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpMath, Math: f, Type: e.t, Args: []int{a}})
}
func (e fx) atan2(y, x int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpMath2, Math: loopir.MathAtan2, Type: e.t, Args: []int{y, x}})
}

// c is the constant v.
func (e fx) c(v float64) int { return e.n.ConstBits(e.t, floatBits(e.t, v)) }

func (e fx) cmp(c loopir.Cmp, a, b int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: c, Type: memref.Bool, Args: []int{a, b}})
}
func (e fx) isNaN(a int) int    { return e.n.Unary(loopir.OpIsNaN, memref.Bool, a) }
func (e fx) isInf(a int) int    { return e.n.Unary(loopir.OpIsInf, memref.Bool, a) }
func (e fx) isFinite(a int) int { return e.n.Unary(loopir.OpIsFinite, memref.Bool, a) }
func (e fx) and(a, b int) int   { return e.n.Binary(loopir.OpAnd, memref.Bool, a, b) }
func (e fx) or(a, b int) int    { return e.n.Binary(loopir.OpOr, memref.Bool, a, b) }
func (e fx) not(a int) int      { return e.n.Unary(loopir.OpNot, memref.Bool, a) }

// sel is cond ? a : b in the part type.
func (e fx) sel(cond, a, b int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: e.t, Args: []int{cond, a, b}})
}

// selC is cond ? a : b on complex values.
func (e fx) selC(cond int, a, b cx) cx { return cx{e.sel(cond, a.re, b.re), e.sel(cond, a.im, b.im)} }

// negative reports a < 0 or a = -0 (1/a = -Inf): the sign bit of a
// number.
func (e fx) negative(a int) int {
	return e.or(e.cmp(loopir.CmpLt, a, e.c(0)), e.cmp(loopir.CmpLt, e.div(e.c(1), a), e.c(0)))
}

// copysign is |a| with b's sign (b's sign bit read as negative does: a
// NaN b counts as positive).
func (e fx) copysign(a, b int) int {
	m := e.abs(a)
	return e.sel(e.negative(b), e.neg(m), m)
}

func floatBits(t memref.DType, v float64) uint64 {
	if t == memref.Float32 {
		return uint64(math.Float32bits(float32(v)))
	}
	return math.Float64bits(v)
}

// load reads complex operand v at idx (a splat constant's parts are
// constants).
func load(b opkit.Builder, n *loopir.Nest, v *mlir.Value, idx []loopir.Index) cx {
	t := b.Type(v).Elem.ComplexPart()
	if s := b.Splat(v); s != nil {
		parts := &memref.Tensor{DType: t, Shape: []int{2}, Data: s.Data}
		return cx{n.ConstBits(t, parts.Bits64At(0)), n.ConstBits(t, parts.Bits64At(1))}
	}
	p := b.Parts(v)
	return cx{
		n.Load(t, &loopir.Access{Buf: p, Idx: opkit.PartIndex(idx, 0)}),
		n.Load(t, &loopir.Access{Buf: p, Idx: opkit.PartIndex(idx, 1)}),
	}
}

// store writes z to complex value v's buffer (made already) at idx.
func store(b opkit.Builder, n *loopir.Nest, v *mlir.Value, idx []loopir.Index, z cx) {
	p := b.Parts(v)
	t := b.Type(v).Elem.ComplexPart()
	n.Store(t, &loopir.Access{Buf: p, Idx: opkit.PartIndex(idx, 0)}, z.re)
	n.Store(t, &loopir.Access{Buf: p, Idx: opkit.PartIndex(idx, 1)}, z.im)
}
