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

// The complex matrix products: the 2-D product with transpose_a/transpose_b
// (a plain transpose), and the batched ones with adj_x/adj_y (the adjoint:
// transposed and conjugated, as TF's batch_matmul_op) and broadcast batch
// dims. One reduction nest over (batch…, i, k, j) accumulates both parts
// of Σ_k a[i,k]·b[k,j] in f64 (each product (ac-bd) + (ad+bc)i), and a
// finishing nest rounds them to the part type.

type product struct {
	batched, ta, tb bool
}

func matmulExtensions() []*opkit.Def {
	def := func(name string, batched bool) *opkit.Def {
		return &opkit.Def{Name: name, Doc: "matrix product", Tier: 2, Arity: 2, Types: opkit.ComplexTypes,
			Check: checkProduct(batched), Dims: dimsProduct, Lower: lowerProduct}
	}
	return []*opkit.Def{def("MatMul", false), def("BatchMatMul", true), def("BatchMatMulV2", true), def("BatchMatMulV3", true)}
}

func checkProduct(batched bool) func(opkit.Checker, *mlir.Op, []mlir.TensorType) (opkit.Facts, string) {
	return func(_ opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
		if _, m := checkComplex(nil, op, in); m != "" {
			return nil, m
		}
		p := product{batched: batched}
		ta, tb := "transpose_a", "transpose_b"
		if batched {
			ta, tb = "adj_x", "adj_y"
		}
		var m string
		if p.ta, m = opkit.AttrBool(op, ta); m != "" {
			return nil, m
		}
		if p.tb, m = opkit.AttrBool(op, tb); m != "" {
			return nil, m
		}
		a, b := in[0], in[1]
		if batched && (a.Rank() < 2 || b.Rank() < 2) {
			return nil, fmt.Sprintf("requires operands of rank 2 or more, got %s and %s", a, b)
		}
		if !batched && (a.Rank() != 2 || b.Rank() != 2) {
			return nil, fmt.Sprintf("expects rank-2 operands, got %s and %s", a, b)
		}
		return p, ""
	}
}

// rowsCols is an operand's (rows, cols) after its transpose flag.
func rowsCols(s []int, t bool) (int, int) {
	r, c := s[len(s)-2], s[len(s)-1]
	if t {
		return c, r
	}
	return r, c
}

func dimsProduct(_ *mlir.Op, f opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	p := f.(product)
	m, ka := rowsCols(in[0], p.ta)
	kb, n := rowsCols(in[1], p.tb)
	if ka != mlir.Dynamic && kb != mlir.Dynamic && ka != kb {
		return nil, fmt.Sprintf("Matrix size-incompatible: In[0]: %s, In[1]: %s", shape.List(in[0]), shape.List(in[1]))
	}
	var out []int
	if p.batched {
		var msg string
		out, msg = shape.Broadcast([][]int{in[0][:len(in[0])-2], in[1][:len(in[1])-2]})
		if msg != "" {
			return nil, "In[0] and In[1] must have compatible batch dimensions: " + msg
		}
	}
	return append(out, m, n), ""
}

func lowerProduct(b opkit.Builder, op *mlir.Op, f opkit.Facts, res *mlir.Value) {
	p := f.(product)
	x, y := op.Operands[0], op.Operands[1]
	xt, yt, rt := b.Type(x), b.Type(y), b.Type(res)
	nb := len(rt.Dims) - 2
	w := memref.Float64
	acc := [2]int{b.TempBuffer(res, ".re", w), b.TempBuffer(res, ".im", w)}
	b.ResultBuffer(res)
	// Loops: batch…, i (nb), k (nb+1, reduced), j (nb+2).
	n := b.NewNest(op, res, nil)
	kAxis := len(xt.Dims) - 1
	if p.ta {
		kAxis--
	}
	k := loopir.Loop{Extent: b.Extent(x, kAxis), Kind: loopir.Reduce}
	n.Loops = append(n.Loops[:nb+1:nb+1], k, n.Loops[nb+1])
	i, kk, j := nb, nb+1, nb+2
	index := func(t mlir.TensorType, row, col int, trans bool) []loopir.Index {
		r := len(t.Dims)
		idx := make([]loopir.Index, r)
		off := nb - (r - 2)
		for a := 0; a < r-2; a++ {
			switch l := a + off; {
			case t.Dims[a] == 1:
				idx[a] = loopir.Index{Loop: -1}
			case t.Dims[a] == mlir.Dynamic:
				idx[a] = loopir.Index{Loop: l, Bcast: loopir.BcastDynamic}
			default:
				idx[a] = loopir.Index{Loop: l}
			}
		}
		if trans {
			row, col = col, row
		}
		idx[r-2], idx[r-1] = loopir.Index{Loop: row}, loopir.Index{Loop: col}
		return idx
	}
	e := fx{n, w}
	widen := func(z cx, t mlir.TensorType, conj bool) cx {
		if t.Elem.ComplexPart() != w {
			z = cx{e.cast(z.re), e.cast(z.im)}
		}
		if conj {
			z.im = e.neg(z.im)
		}
		return z
	}
	a := widen(load(b, n, x, index(xt, i, kk, p.ta)), xt, p.batched && p.ta)
	c := widen(load(b, n, y, index(yt, kk, j, p.tb)), yt, p.batched && p.tb)
	z := mulC(e, a, c)
	accIdx := make([]loopir.Index, 0, nb+2)
	for l := range nb {
		accIdx = append(accIdx, loopir.Index{Loop: l})
	}
	accIdx = append(accIdx, loopir.Index{Loop: i}, loopir.Index{Loop: j})
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: w, Red: loopir.RedSum, Acc: &loopir.Access{Buf: acc[0], Idx: slices.Clone(accIdx)}, Args: []int{z.re}})
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: w, Red: loopir.RedSum, Acc: &loopir.Access{Buf: acc[1], Idx: accIdx}, Args: []int{z.im}})
	// Finish: round to the part type.
	m := b.NewNest(op, res, nil)
	id := opkit.Identity(len(rt.Dims))
	v := cx{m.Load(w, &loopir.Access{Buf: acc[0], Idx: id}), m.Load(w, &loopir.Access{Buf: acc[1], Idx: id})}
	if pt := rt.Elem.ComplexPart(); pt != w {
		d := fx{m, pt}
		v = cx{d.cast(v.re), d.cast(v.im)}
	}
	store(b, m, res, id, v)
}
