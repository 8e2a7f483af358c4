package cplx

import (
	"fmt"
	"slices"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/shape"
	"github.com/sandjit/sandjit/memref"
)

// Reductions of complex tensors over constant axes (keep_dims as TF):
// the sum, the mean (the sum's parts divided by the count: an empty mean
// is NaN + NaN·i, an infinite part stays infinite) and the product. Both
// parts accumulate in f64 (two temporaries), and the finishing nest
// rounds them to the part type once. The sum and mean accumulate part by
// part as real sums do (in any order); the product multiplies in the
// input's row-major order, its reduced loops sequential, as the reference
// evaluator does.

// reduction is what a reduction's check learns.
type reduction struct {
	axes []int
	keep bool
}

const (
	redSum = iota
	redMean
	redProd
)

func reduceExtensions() []*opkit.Def {
	def := func(name, doc string, kind int) *opkit.Def {
		return &opkit.Def{Name: name, Doc: doc, Tier: 1, Arity: 2, Types: opkit.ComplexTypes, Check: checkReduce,
			Dims: dimsReduce, Elem: firstElem, Lower: lowerReduce(kind), Needs: "reduction indices: " + opkit.Known}
	}
	return []*opkit.Def{
		def("Sum", "Σ over axes", redSum),
		def("Mean", "Σ over axes / count", redMean),
		def("Prod", "Π over axes", redProd),
	}
}

func firstElem(_ *mlir.Op, _ opkit.Facts, in []mlir.TensorType) memref.DType { return in[0].Elem }

func checkReduce(c opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	if !in[0].Elem.IsComplex() {
		return nil, fmt.Sprintf("operand #0 must be a tensor of complex<f32>, complex<f64> values, but got %s", in[0])
	}
	if m := opkit.IntOperand(in[1], 1, "reduction indices", 1); m != "" {
		return nil, m
	}
	vals, m := c.ConstInts(op.Operands[1], "reduction indices")
	if m != "" {
		return nil, m
	}
	var f reduction
	if f.keep, m = opkit.AttrBool(op, "keep_dims"); m != "" {
		return nil, m
	}
	rank := in[0].Rank()
	for _, a := range vals {
		n, m := shape.NormAxis(a, rank)
		if m != "" {
			return nil, m
		}
		if !slices.Contains(f.axes, n) {
			f.axes = append(f.axes, n)
		}
	}
	slices.Sort(f.axes)
	return f, ""
}

func dimsReduce(_ *mlir.Op, f opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	r := f.(reduction)
	return shape.Reduced(in[0], r.axes, r.keep), ""
}

func lowerReduce(kind int) func(b opkit.Builder, op *mlir.Op, f opkit.Facts, res *mlir.Value) {
	return func(b opkit.Builder, op *mlir.Op, f opkit.Facts, res *mlir.Value) {
		r := f.(reduction)
		x := op.Operands[0]
		xt := b.Type(x)
		rank := len(xt.Dims)
		w := memref.Float64
		acc := [2]int{b.TempBuffer(res, ".re", w), b.TempBuffer(res, ".im", w)}
		b.ResultBuffer(res)
		resRank := len(b.Type(res).Dims)
		kinds := make([]loopir.LoopKind, rank)
		var idx []loopir.Index // the accumulator's index in the nest over x
		for a := range rank {
			if slices.Contains(r.axes, a) {
				kinds[a] = loopir.Reduce
				if kind == redProd {
					kinds[a] = loopir.Seq
				}
				if r.keep {
					idx = append(idx, loopir.Index{Loop: -1})
				}
				continue
			}
			idx = append(idx, loopir.Index{Loop: a})
		}
		e := fx{nil, w}
		if kind == redProd {
			// Start at 1 + 0i.
			m := b.NewNest(op, res, nil)
			one := fx{m, w}
			m.Store(w, &loopir.Access{Buf: acc[0], Idx: opkit.Identity(resRank)}, one.c(1))
			m.Store(w, &loopir.Access{Buf: acc[1], Idx: opkit.Identity(resRank)}, one.c(0))
		}
		n := b.NewNest(op, x, kinds)
		e.n = n
		z := load(b, n, x, opkit.Identity(rank))
		if pt := xt.Elem.ComplexPart(); pt != w {
			z = cx{e.cast(z.re), e.cast(z.im)}
		}
		accAt := func(k int) *loopir.Access { return &loopir.Access{Buf: acc[k], Idx: slices.Clone(idx)} }
		if kind == redProd {
			p := mulC(e, cx{n.Load(w, accAt(0)), n.Load(w, accAt(1))}, z)
			n.Store(w, accAt(0), p.re)
			n.Store(w, accAt(1), p.im)
		} else if len(r.axes) == 0 {
			// An empty axis list reduces nothing: a copy.
			n.Store(w, accAt(0), z.re)
			n.Store(w, accAt(1), z.im)
		} else {
			n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: w, Red: loopir.RedSum, Acc: accAt(0), Args: []int{z.re}})
			n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: w, Red: loopir.RedSum, Acc: accAt(1), Args: []int{z.im}})
		}
		// Finish: divide by the count (a mean), round to the part type.
		m := b.NewNest(op, res, nil)
		d := fx{m, w}
		id := opkit.Identity(resRank)
		v := cx{m.Load(w, &loopir.Access{Buf: acc[0], Idx: id}), m.Load(w, &loopir.Access{Buf: acc[1], Idx: id})}
		if kind == redMean {
			cnt := d.c(1)
			if len(r.axes) > 0 {
				cnt = m.Add(&loopir.Instr{Op: loopir.OpSize, Type: w, Size: loopir.ParamSize(b.Param(x, r.axes...))})
			}
			v = cx{d.div(v.re, cnt), d.div(v.im, cnt)}
		}
		if pt := b.Type(res).Elem.ComplexPart(); pt != w {
			p := fx{m, pt}
			v = cx{p.cast(v.re), p.cast(v.im)}
		}
		store(b, m, res, id, v)
	}
}
