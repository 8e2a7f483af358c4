// Package einsum defines the einsum op: one or two operands, labels,
// diagonals (a label repeated within an operand), "..." broadcasting and
// the implicit output, lowered to one reduction nest whose loops are the
// equation's labels. The equation itself is parsed and sized by
// internal/shape.
package einsum

import (
	"fmt"
	"slices"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/shape"
	"github.com/sandjit/sandjit/memref"
)

// Ops returns the family's ops.
func Ops() []*opkit.Def {
	return []*opkit.Def{
		{Name: "tf.Einsum", Arity: -1, Types: opkit.Num, Tier: 3, Check: checkEinsum, Dims: dimsEinsum, Lower: lowerEinsum,
			Notes: `one or two operands; "..." broadcasts; implicit output; a label repeated within an operand takes its diagonal (a trace when summed); a label repeated in the output is rejected`, Doc: "one or two operands: labels, diagonals, \"...\", implicit output"},
	}
}

func checkEinsum(_ opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	if len(in) < 1 || len(in) > 2 {
		return nil, fmt.Sprintf("Expecting 1 or 2 input subscripts in equation, got %d operands", len(in))
	}
	ranks := make([]int, len(in))
	for i, t := range in {
		if !opkit.Num.Has(t.Elem) {
			return nil, fmt.Sprintf("operand #%d must be a tensor of %s values, but got %s", i, opkit.Num, t)
		}
		if t.Elem != in[0].Elem {
			return nil, fmt.Sprintf("requires the same element type for all operands, got %s and %s", in[0], t)
		}
		ranks[i] = t.Rank()
	}
	if op.Attr("equation") == nil {
		return nil, "requires an equation attribute"
	}
	eq, m := opkit.AttrString(op, "equation", "")
	if m != "" {
		return nil, m
	}
	spec, m := shape.ParseEinsum(eq, ranks)
	if m != "" {
		return nil, m
	}
	return spec, ""
}

func dimsEinsum(_ *mlir.Op, f opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	return f.(*shape.EinsumSpec).Dims(in)
}

// lowerEinsum emits the contraction as one nest: a parallel loop for each
// output axis (the "..." dims included) and a reduce loop for each summed
// label, the product of the operands accumulated into the result (through
// an f32 temporary for f16). The reduce loops come last, unless the
// output's last label is the last axis of every operand that has it (a
// matmul's j): then they come just before it, so that it runs contiguously.
// "..." dims of an operand broadcast (numpy's rules) against the result's.
func lowerEinsum(b opkit.Builder, op *mlir.Op, f opkit.Facts, res *mlir.Value) {
	spec := f.(*shape.EinsumSpec)
	rt := b.Type(res)
	dt := rt.Elem
	ct := opkit.ComputeType(dt)
	r := len(rt.Dims)
	operands := make([]*mlir.Value, len(op.Operands))
	for j, v := range op.Operands {
		operands[j] = v
	}
	o := spec.Out
	outEll := -1 // the output axis where "..." starts
	outAxis := map[byte]int{}
	for p, l := range o.Labels {
		outAxis[l] = o.Axis(p, r)
	}
	if o.Ell >= 0 {
		outEll = o.Ell
	}

	// Where the reduce loops go.
	split := r
	if len(spec.Sum) > 0 && r > 0 && len(o.Labels) > 0 && o.Axis(len(o.Labels)-1, r) == r-1 {
		last := o.Labels[len(o.Labels)-1]
		contiguous := true
		for j, t := range spec.In {
			for p, l := range t.Labels {
				if l == last && t.Axis(p, len(b.Type(operands[j]).Dims)) != len(b.Type(operands[j]).Dims)-1 {
					contiguous = false
				}
			}
		}
		if contiguous {
			split = r - 1
		}
	}
	n := b.Nest(op)
	loopOfAxis := make([]int, r) // output axis → loop
	for a := 0; a < split; a++ {
		loopOfAxis[a] = len(n.Loops)
		n.Loops = append(n.Loops, loopir.Loop{Extent: b.Extent(res, a)})
	}
	loopOf := map[byte]int{}
	for _, l := range spec.Sum {
		// The extent of a summed label: an operand axis that has it,
		// static if one is.
		var ext loopir.Size
		found := false
		for j, t := range spec.In {
			for p, m := range t.Labels {
				if m != l {
					continue
				}
				a := t.Axis(p, len(b.Type(operands[j]).Dims))
				if !found || b.Type(operands[j]).Dims[a] != mlir.Dynamic {
					ext = b.Extent(operands[j], a)
				}
				found = true
			}
		}
		loopOf[l] = len(n.Loops)
		n.Loops = append(n.Loops, loopir.Loop{Extent: ext, Kind: loopir.Reduce})
	}
	for a := split; a < r; a++ {
		loopOfAxis[a] = len(n.Loops)
		n.Loops = append(n.Loops, loopir.Loop{Extent: b.Extent(res, a)})
	}
	for l, a := range outAxis {
		loopOf[l] = loopOfAxis[a]
	}
	if r > 0 {
		n.Part = loopOfAxis[0]
	}

	prod := -1
	for j, v := range operands {
		t := spec.In[j]
		vt := b.Type(v)
		vr := len(vt.Dims)
		idx := make([]loopir.Index, vr)
		var diag []int // a repeated label's axes after its first: the loop's index value
		for p, l := range t.Labels {
			if slices.Contains(t.Labels[:p], l) {
				diag = append(diag, n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: memref.Int32, Loop: loopOf[l]}))
				idx[t.Axis(p, vr)] = loopir.Index{Loop: -1, Dyn: len(diag)}
				continue
			}
			idx[t.Axis(p, vr)] = loopir.Index{Loop: loopOf[l]}
		}
		nej := vr - len(t.Labels)
		for e := 0; e < nej; e++ {
			a := t.Ell + e
			oa := outEll + spec.NE - nej + e
			l := loopOfAxis[oa]
			d, rd := vt.Dims[a], rt.Dims[oa]
			switch {
			case d == 1 || (d == mlir.Dynamic && rd == 1):
				idx[a] = loopir.Index{Loop: -1}
			case d != mlir.Dynamic || b.SameDim(v, a, res, oa):
				idx[a] = loopir.Index{Loop: l}
			default:
				idx[a] = loopir.Index{Loop: l, Bcast: loopir.BcastDynamic}
			}
		}
		var x int
		if diag == nil {
			x = b.Load(n, v, idx)
		} else {
			// In range: the shape function holds every axis of a label to one size.
			x = b.LoadChecked(n, v, idx, 0, diag...)
		}
		if prod < 0 {
			prod = x
		} else {
			prod = n.Binary(loopir.OpMul, ct, prod, x)
		}
	}
	outIdx := make([]loopir.Index, r)
	for a := range outIdx {
		outIdx[a] = loopir.Index{Loop: loopOfAxis[a]}
	}
	out := b.ResultBuffer(res)
	if len(spec.Sum) == 0 {
		b.Store(n, out, dt, outIdx, prod)
		return
	}
	acc := out
	if ct != dt {
		acc = b.TempBuffer(res, ".acc", ct)
	}
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: loopir.RedSum, Acc: &loopir.Access{Buf: acc, Idx: outIdx}, Args: []int{prod}})
	if acc == out {
		return
	}
	e := b.NewNest(op, res, nil)
	v := e.Load(ct, &loopir.Access{Buf: acc, Idx: opkit.Identity(r)})
	b.Store(e, out, dt, opkit.Identity(r), v)
}
