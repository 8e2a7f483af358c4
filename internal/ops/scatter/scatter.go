// Package scatter defines the ops that read or write through index
// vectors (TensorFlow's "nd" indexing): TensorScatterUpdate and its
// combining forms, ScatterNd and GatherNd. An index vector indices[n…, :]
// of length K names the slice t[i₀, …, i_K-1, …] of a tensor t; the
// indices are read inside the kernel and bounds-checked there, and an
// index out of range stops the run with an error naming the op, as
// TensorFlow's CPU kernels raise one.
package scatter

import (
	"fmt"
	"slices"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/shape"
	"github.com/sandjit/sandjit/memref"
)

// combine is how an update meets the element it lands on.
type combine int

const (
	update combine = iota // replaced: the last update wins
	add
	sub
	maximum // NaN propagates (TF's CPU kernel: Eigen's cwiseMax with NaN propagation)
	minimum
)

// Ops returns the family's ops.
func Ops() []*opkit.Def {
	const dup = "an index out of range stops the run with an error naming the op; repeated indices apply in order"
	scatterOp := func(name string, c combine, types opkit.Types, doc string) *opkit.Def {
		return &opkit.Def{Name: name, Arity: 3, Types: types, Partwise: types.Has(memref.Complex64), Tier: 2, Check: checkScatter(c),
			Dims: dimsScatter, Lower: lowerScatter, Notes: dup, Doc: doc}
	}
	return []*opkit.Def{
		scatterOp("tf.TensorScatterUpdate", update, opkit.Any, "tensor with updates written at indices"),
		scatterOp("tf.TensorScatterAdd", add, opkit.Num|opkit.ComplexTypes, "tensor with updates added at indices"),
		scatterOp("tf.TensorScatterSub", sub, opkit.Num|opkit.ComplexTypes, "tensor with updates subtracted at indices"),
		scatterOp("tf.TensorScatterMax", maximum, opkit.Num, "max(tensor, updates) at indices (a NaN propagates)"),
		scatterOp("tf.TensorScatterMin", minimum, opkit.Num, "min(tensor, updates) at indices (a NaN propagates)"),
		{Name: "tf.ScatterNd", Arity: 3, Types: opkit.Num | opkit.ComplexTypes, Partwise: true, Tier: 2, Sizes: []int{2}, Check: checkScatterNd, Dims: dimsScatterNd,
			Elem: updatesElem, Lower: lowerScatter, Needs: "shape: " + opkit.Read,
			Notes: "an index out of range stops the run with an error naming the op; repeated indices add, in order", Doc: "zeros of shape with updates added at indices"},
		{Name: "tf.GatherNd", Arity: 2, Types: opkit.Any, Partwise: true, Tier: 2, Check: checkGatherNd, Dims: dimsGatherNd, Lower: lowerGatherNd,
			Notes: "batch_dims 0; an index out of range stops the run with an error naming the op", Doc: "params[indices[…, :]]: slices named by index vectors"},
	}
}

// facts is what lowering needs: the combining rule, and for ScatterNd
// which operands are the indices and updates.
type facts struct {
	c       combine
	zeros   bool // ScatterNd: the tensor is zeros of the shape operand
	ix, upd int  // operand numbers of indices and updates
}

func indexType(ix mlir.TensorType) string {
	if ix.Elem != memref.Int32 && ix.Elem != memref.Int64 {
		return fmt.Sprintf("indices must be i32 or i64, got %s", ix)
	}
	if ix.Rank() < 1 {
		return fmt.Sprintf("Indices shape must have rank at least one. Found:%s", ix)
	}
	if ix.Dims[ix.Rank()-1] == mlir.Dynamic {
		return fmt.Sprintf("the last dim of indices must be static, got %s", ix)
	}
	return ""
}

func checkScatter(c combine) func(opkit.Checker, *mlir.Op, []mlir.TensorType) (opkit.Facts, string) {
	return func(_ opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
		t, ix, up := in[0], in[1], in[2]
		if m := indexType(ix); m != "" {
			return nil, m
		}
		if up.Elem != t.Elem {
			return nil, fmt.Sprintf("updates must have the element type of tensor (%s), got %s", t.Elem, up)
		}
		k := ix.Dims[ix.Rank()-1]
		if k > t.Rank() {
			return nil, fmt.Sprintf("Index innermost dimension length must be <= tensor rank; saw: %d vs. %d", k, t.Rank())
		}
		if want := ix.Rank() - 1 + t.Rank() - k; up.Rank() != want {
			return nil, fmt.Sprintf("updates must be of rank %d (indices.shape[:-1] + tensor.shape[%d:]), got %s", want, k, up)
		}
		return &facts{c: c, ix: 1, upd: 2}, ""
	}
}

// updatesFit checks updates' dims against indices.shape[:-1] + t[k:].
func updatesFit(t, ix, up []int, what string) string {
	k := ix[len(ix)-1]
	want := append(slices.Clone(ix[:len(ix)-1]), t[k:]...)
	for a, d := range up {
		if d != mlir.Dynamic && want[a] != mlir.Dynamic && d != want[a] {
			return fmt.Sprintf("updates.shape %s must be indices.shape[:-1] + %s.shape[%d:] = %s", shape.List(up), what, k, shape.List(want))
		}
	}
	return ""
}

func dimsScatter(_ *mlir.Op, _ opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	return in[0], updatesFit(in[0], in[1], in[2], "tensor")
}

func checkScatterNd(c opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	ix, up, sh := in[0], in[1], in[2]
	if m := indexType(ix); m != "" {
		return nil, m
	}
	if !(opkit.Num | opkit.ComplexTypes).Has(up.Elem) {
		return nil, fmt.Sprintf("updates must be a tensor of numbers, got %s", up)
	}
	if m := opkit.IntOperand(sh, 2, "shape", 1); m != "" {
		return nil, m
	}
	if sh.Rank() != 1 || sh.Dims[0] == mlir.Dynamic {
		return nil, fmt.Sprintf("shape must be a vector of static length, got %s", sh)
	}
	k := ix.Dims[ix.Rank()-1]
	if k > sh.Dims[0] {
		return nil, fmt.Sprintf("Index innermost dimension length must be <= output rank; saw: %d vs. %d", k, sh.Dims[0])
	}
	if want := ix.Rank() - 1 + sh.Dims[0] - k; up.Rank() != want {
		return nil, fmt.Sprintf("updates must be of rank %d (indices.shape[:-1] + shape[%d:]), got %s", want, k, up)
	}
	if m := c.NeedHost(op.Operands[2], "shape"); m != "" {
		return nil, m
	}
	return &facts{c: add, zeros: true, ix: 0, upd: 1}, ""
}

func dimsScatterNd(_ *mlir.Op, _ opkit.Facts, in [][]int, vals [][]int64) ([]int, string) {
	out, m := shape.Target(in[2][0], vals[2])
	if m != "" {
		return nil, m
	}
	if numElements(out) == 0 && numElements(in[1]) > 0 {
		return nil, fmt.Sprintf("Indices and updates specified for empty output shape %s", shape.List(out))
	}
	return out, updatesFit(out, in[0], in[1], "shape")
}

// numElements is the product of dims, or -1 when one is dynamic.
func numElements(dims []int) int {
	n := 1
	for _, d := range dims {
		if d == mlir.Dynamic {
			return -1
		}
		n *= d
	}
	return n
}

func updatesElem(_ *mlir.Op, _ opkit.Facts, in []mlir.TensorType) memref.DType { return in[1].Elem }

// lowerScatter fills the result with tensor (or zeros), then writes each
// update through its index vector: one Seq loop per leading indices axis,
// so that repeated indices apply one after another (the last Update
// winning, the others combining in order), and parallel loops over the
// slice each index names.
func lowerScatter(b opkit.Builder, op *mlir.Op, f opkit.Facts, res *mlir.Value) {
	sf := f.(*facts)
	indices, updates := op.Operands[sf.ix], op.Operands[sf.upd]
	rt, it := b.Type(res), b.Type(indices)
	dt := rt.Elem
	ct := opkit.ComputeType(dt)
	rank, m := len(rt.Dims), len(it.Dims)-1
	k := it.Dims[m]
	var out int
	if sf.zeros {
		out = b.ResultBuffer(res)
		z := b.NewNest(op, res, nil)
		b.Store(z, out, dt, opkit.Identity(rank), z.ConstBits(ct, 0))
	} else {
		out = b.Copy(op, res, op.Operands[0], opkit.Identity(rank))
	}

	kinds := make([]loopir.LoopKind, len(b.Type(updates).Dims))
	for a := 0; a < m; a++ {
		kinds[a] = loopir.Seq
	}
	n := b.NewNest(op, updates, kinds)
	n.Part = -1 // two points may write one element
	var dyn []int
	for j := 0; j < k; j++ {
		ii := opkit.Identity(m + 1)
		ii[m] = loopir.Index{Loop: -1, Off: j}
		dyn = append(dyn, b.Load(n, indices, ii))
	}
	oi := make([]loopir.Index, rank)
	for a := range oi {
		if a < k {
			oi[a] = loopir.Index{Loop: -1, Dyn: a + 1}
		} else {
			oi[a] = loopir.Index{Loop: m + a - k}
		}
	}
	fault := b.Fault(op, func(hs *shape.HostState) string {
		return fmt.Sprintf("indices must index into shape %s (the first %d dims): an index is out of range", shape.List(hs.Shapes[res.ID]), k)
	})
	v := b.Load(n, updates, opkit.Identity(len(kinds)))
	if sf.c != update {
		p := b.LoadBuf(n, out, dt, oi, fault, dyn...)
		switch sf.c {
		case add:
			v = n.Binary(loopir.OpAdd, ct, p, v)
		case sub:
			v = n.Binary(loopir.OpSub, ct, p, v)
		case maximum:
			v = n.Binary(loopir.OpMax, ct, p, v)
		case minimum:
			v = n.Binary(loopir.OpMin, ct, p, v)
		}
	}
	b.StoreBuf(n, out, dt, oi, v, fault, dyn...)
}

func checkGatherNd(_ opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	p, ix := in[0], in[1]
	if m := indexType(ix); m != "" {
		return nil, m
	}
	bd, m := opkit.AttrInt(op, "batch_dims", 0)
	if m != "" {
		return nil, m
	}
	if bd != 0 {
		return nil, fmt.Sprintf("batch_dims %d is not supported (only 0)", bd)
	}
	if k := ix.Dims[ix.Rank()-1]; k > p.Rank() {
		return nil, fmt.Sprintf("index innermost dimension length must be <= params rank; saw: %d vs. %d", k, p.Rank())
	}
	if r := ix.Rank() - 1 + p.Rank() - ix.Dims[ix.Rank()-1]; r > memref.MaxRank {
		return nil, fmt.Sprintf("result rank %d exceeds %d", r, memref.MaxRank)
	}
	return nil, ""
}

func dimsGatherNd(_ *mlir.Op, _ opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	p, ix := in[0], in[1]
	k := ix[len(ix)-1]
	return append(slices.Clone(ix[:len(ix)-1]), p[k:]...), ""
}

// lowerGatherNd is one nest over the result: the index vector of the
// result's leading axes, read from indices, names the slice of params the
// trailing axes run over.
func lowerGatherNd(b opkit.Builder, op *mlir.Op, _ opkit.Facts, res *mlir.Value) {
	params, indices := op.Operands[0], op.Operands[1]
	pt, it, rt := b.Type(params), b.Type(indices), b.Type(res)
	m := len(it.Dims) - 1
	k := it.Dims[m]
	out := b.ResultBuffer(res)
	n := b.NewNest(op, res, nil)
	var dyn []int
	for j := 0; j < k; j++ {
		ii := opkit.Identity(m + 1)
		ii[m] = loopir.Index{Loop: -1, Off: j}
		dyn = append(dyn, b.Load(n, indices, ii))
	}
	pi := make([]loopir.Index, len(pt.Dims))
	for a := range pi {
		if a < k {
			pi[a] = loopir.Index{Loop: -1, Dyn: a + 1}
		} else {
			pi[a] = loopir.Index{Loop: m + a - k}
		}
	}
	pid := params.ID
	fault := b.Fault(op, func(hs *shape.HostState) string {
		return fmt.Sprintf("indices must index into params of shape %s (the first %d dims): an index is out of range", shape.List(hs.Shapes[pid]), k)
	})
	v := b.LoadChecked(n, params, pi, fault, dyn...)
	b.Store(n, out, rt.Elem, opkit.Identity(len(rt.Dims)), v)
}
