// Package topk defines the selection ops: tf.TopKV2, the k largest
// elements of each row (the last axis) with their indices.
//
// Semantics are TensorFlow's CPU kernel (core/kernels/topk_op.cc): values
// in descending order, equal values in index order (the kernel's sort is
// stable), indices i32; k must be in [0, n]. A NaN sorts above every
// number and NaNs among themselves in index order, as the reference
// evaluator orders them (XLA's total order for a positive NaN); -0 and +0
// are equal.
package topk

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// Ops returns the family's ops.
func Ops() []*opkit.Def {
	return []*opkit.Def{
		{Name: "tf.TopKV2", Arity: 2, Types: opkit.Num, Tier: 2, Results: 2, Sizes: []int{1},
			Check: checkTopK, Dims: dimsTopK, More: moreTopK, Lower: lowerTopK, Needs: "k: " + opkit.Read,
			Notes: "equal values in index order; a NaN above every number; sorted = false gives the sorted order too; O(n·k) per row, k = 1 a vectorized arg-max",
			Doc:   "the k largest elements of each row (values, i32 indices), descending"},
	}
}

func checkTopK(c opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	x, k := in[0], in[1]
	if !opkit.Num.Has(x.Elem) {
		return nil, fmt.Sprintf("operand #0 must be a tensor of %s values, but got %s", opkit.Num, x)
	}
	if x.Rank() < 1 {
		return nil, fmt.Sprintf("input must be >= 1-D, got shape %s", x)
	}
	if k.Elem != memref.Int32 {
		return nil, fmt.Sprintf("operand #1 (k) must be i32, got %s", k)
	}
	if k.Rank() != 0 {
		return nil, fmt.Sprintf("k must be 0-D, got shape %s", k)
	}
	if _, m := opkit.AttrBool(op, "sorted"); m != "" {
		return nil, m
	}
	if len(op.Results) == 2 && op.Results[1].Type.Elem != memref.Int32 {
		return nil, fmt.Sprintf("result #1 (indices) must be i32, got %s", op.Results[1].Type)
	}
	if m := c.NeedHost(op.Operands[1], "k"); m != "" {
		return nil, m
	}
	f := &facts{k: -1}
	if v, m := c.ConstInts(op.Operands[1], "k"); m == "" && len(v) == 1 {
		f.k = v[0]
	}
	return f, ""
}

// facts is what the check learns: k when it is known when compiling
// (else -1).
type facts struct{ k int64 }

// dimsTopK is input's dims with the last one k; k is checked against the
// row length where both are known.
func dimsTopK(_ *mlir.Op, _ opkit.Facts, in [][]int, vals [][]int64) ([]int, string) {
	x := in[0]
	out := append([]int(nil), x...)
	out[len(out)-1] = mlir.Dynamic
	if vals[1] == nil {
		return out, ""
	}
	k := vals[1][0]
	n := x[len(x)-1]
	if k < 0 {
		return nil, fmt.Sprintf("Need k >= 0, got %d", k)
	}
	if n != mlir.Dynamic && k > int64(n) {
		return nil, fmt.Sprintf("input must have at least k columns. Had %d, needed %d", n, k)
	}
	out[len(out)-1] = int(k)
	return out, ""
}

// moreTopK: the indices have the values' dims (nil: result 0's).
func moreTopK(_ *mlir.Op, _ opkit.Facts, _ [][]int) [][]int { return [][]int{nil} }

// lowerTopK emits the insertion (lowerInsert) for k > 1 and, for k = 1,
// an arg-max: one vectorized reduction to each row's maximum, one to the
// least index holding it, and the value read back at that index — the
// insertion's Seq loops run one element at a time in lane 0 of a vector,
// 7× slower than plain Go for k = 1 where this runs at memory speed. When
// k is known when compiling only its path is emitted; otherwise both are,
// each gated by the extent of its nests' outer loop, which the host sets
// to 0 for the path k does not take.
func lowerTopK(b opkit.Builder, op *mlir.Op, fa opkit.Facts, res *mlir.Value) {
	f := fa.(*facts)
	vals, idxs := b.ResultBuffer(res), b.ResultBuffer(op.Results[1])
	if f.k >= 0 {
		if f.k == 1 {
			lowerTop1(b, op, vals, idxs, nil)
		} else {
			lowerInsert(b, op, res, vals, idxs, nil)
		}
		return
	}
	x := op.Operands[0]
	r := len(b.Type(x).Dims)
	// gate sets the outer loop of nest n (over x's dims, or res's when
	// onRes) to its size when k == 1 is one, 0 otherwise.
	gate := func(one bool) func(n *loopir.Nest, name string, onRes bool) {
		return func(n *loopir.Nest, name string, onRes bool) {
			static := n.Loops[0].Extent
			p := b.HostParam(fmt.Sprintf("%s.%s.gate", res, name), op, func(in [][]int, vals [][]int64) int {
				if (vals[1][0] == 1) != one {
					return 0
				}
				switch {
				case static.Kind == loopir.SizeStatic:
					return static.N
				case onRes && r == 1:
					return int(vals[1][0])
				}
				return in[0][0]
			})
			n.Loops[0].Extent = loopir.ParamSize(p)
		}
	}
	lowerTop1(b, op, vals, idxs, gate(true))
	lowerInsert(b, op, res, vals, idxs, gate(false))
}

// lowerTop1 is TopKV2 with k = 1: the NaN-propagating maximum of each
// row, then the least index whose element equals it (or is NaN when it is
// NaN), so ties and NaNs go as in the insertion; the value is read back
// from x at that index (so -0 and +0 keep the chosen element's sign).
func lowerTop1(b opkit.Builder, op *mlir.Op, vals, idxs int, gate func(n *loopir.Nest, name string, onRes bool)) {
	x, res := op.Operands[0], op.Results[0]
	dt := b.Type(x).Elem
	ct := opkit.ComputeType(dt)
	r := len(b.Type(x).Dims)
	const it = memref.Int32
	kinds := make([]loopir.LoopKind, r)
	kinds[r-1] = loopir.Reduce
	kept := opkit.Identity(r)
	kept[r-1] = loopir.Index{Loop: -1}
	if gate == nil {
		gate = func(*loopir.Nest, string, bool) {}
	}

	best := b.TempBuffer(x, "best", ct, r-1)
	n := b.NewNest(op, x, kinds)
	gate(n, "max", false)
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: loopir.RedMax, Acc: &loopir.Access{Buf: best, Idx: kept},
		Args: []int{b.Load(n, x, opkit.Identity(r))}})

	n = b.NewNest(op, x, kinds)
	gate(n, "argmax", false)
	v := b.Load(n, x, opkit.Identity(r))
	hit := n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpEq, Type: memref.Bool,
		Args: []int{v, b.LoadBuf(n, best, ct, kept, 0)}})
	if ct.IsFloat() {
		hit = n.Binary(loopir.OpOr, memref.Bool, hit, n.Add(&loopir.Instr{Op: loopir.OpIsNaN, Type: memref.Bool, Args: []int{v}}))
	}
	j := n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: it, Args: []int{hit,
		n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: it, Loop: r - 1}), n.ConstBits(it, 1<<31-1)}})
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: it, Red: loopir.RedMin, Acc: &loopir.Access{Buf: idxs, Idx: kept}, Args: []int{j}})

	n = b.NewNest(op, res, nil)
	gate(n, "value", true)
	at := b.LoadBuf(n, idxs, it, opkit.Identity(r), 0)
	xi := opkit.Identity(r)
	xi[r-1] = loopir.Index{Loop: -1, Dyn: 1}
	b.Store(n, vals, dt, opkit.Identity(r), b.LoadChecked(n, x, xi, 0, at))
}

// lowerInsert inserts each row's elements one after another into the k
// slots of the result, which it keeps sorted, in O(n·k) per row: one nest
// whose loops are the leading (row) axes, parallel, then j over the row's
// elements and s over the slots, both Seq. The element being inserted
// travels down the slots in a carry (a value and an index per row): at
// each slot the better of carry and slot stays in the slot and the other
// goes on in the carry. At s = 0 the carry takes element j. The order is
// (value descending, index ascending): an element displaced from a slot
// may meet a later slot holding an equal value of a higher index. A slot
// is empty while its index is -1, and any element beats an empty slot.
// Slots fill from the front, so an empty carry (one that took an empty
// slot's contents) meets only empty slots after it.
func lowerInsert(b opkit.Builder, op *mlir.Op, res *mlir.Value, vals, idxs int, gate func(n *loopir.Nest, name string, onRes bool)) {
	if gate == nil {
		gate = func(*loopir.Nest, string, bool) {}
	}
	x := op.Operands[0]
	xt := b.Type(x)
	dt := xt.Elem
	ct := opkit.ComputeType(dt)
	r := len(xt.Dims)
	const it = memref.Int32

	z := b.NewNest(op, res, nil)
	gate(z, "fill", true)
	b.Store(z, vals, dt, opkit.Identity(r), z.ConstBits(ct, 0))
	b.Store(z, idxs, it, opkit.Identity(r), z.ConstBits(it, ^uint64(0)))

	// The carries: input's dims with the last axis 1.
	cv := b.TempBuffer(x, "carry", dt, r-1)
	ci := b.TempBuffer(x, "carryidx", it, r-1)
	carry := opkit.Identity(r)
	carry[r-1] = loopir.Index{Loop: -1}
	ini := b.NewNest(op, x, nil)
	ini.Loops[r-1].Extent = loopir.Static(1)
	gate(ini, "carry", false)
	b.Store(ini, cv, dt, opkit.Identity(r), ini.ConstBits(ct, 0))
	b.Store(ini, ci, it, opkit.Identity(r), ini.ConstBits(it, 0))

	kinds := make([]loopir.LoopKind, r)
	kinds[r-1] = loopir.Seq
	n := b.NewNest(op, x, kinds)
	n.Loops = append(n.Loops, loopir.Loop{Extent: b.Extent(res, r-1), Kind: loopir.Seq})
	gate(n, "insert", false)
	j, s := r-1, r
	slot := opkit.Identity(r)
	slot[r-1] = loopir.Index{Loop: s}

	first := n.Add(&loopir.Instr{Op: loopir.OpCompare, Type: memref.Bool, Cmp: loopir.CmpEq,
		Args: []int{n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: it, Loop: s}), n.ConstBits(it, 0)}})
	xv := b.Load(n, x, opkit.Identity(r))
	xi := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: it, Loop: j})
	sel := func(t memref.DType, c, a, e int) int {
		return n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: t, Args: []int{c, a, e}})
	}
	civ := sel(ct, first, xv, b.LoadBuf(n, cv, dt, carry, 0))
	cii := sel(it, first, xi, b.LoadBuf(n, ci, it, carry, 0))
	sv := b.LoadBuf(n, vals, dt, slot, 0)
	si := b.LoadBuf(n, idxs, it, slot, 0)

	cmp := func(c loopir.Cmp, a, e int) int {
		return n.Add(&loopir.Instr{Op: loopir.OpCompare, Type: memref.Bool, Cmp: c, Args: []int{a, e}})
	}
	or := func(a, e int) int { return n.Binary(loopir.OpOr, memref.Bool, a, e) }
	and := func(a, e int) int { return n.Binary(loopir.OpAnd, memref.Bool, a, e) }
	win, eq := cmp(loopir.CmpGt, civ, sv), cmp(loopir.CmpEq, civ, sv)
	if ct.IsFloat() {
		nanC := n.Add(&loopir.Instr{Op: loopir.OpIsNaN, Type: memref.Bool, Args: []int{civ}})
		nanS := n.Add(&loopir.Instr{Op: loopir.OpIsNaN, Type: memref.Bool, Args: []int{sv}})
		notS := n.Add(&loopir.Instr{Op: loopir.OpNot, Type: memref.Bool, Args: []int{nanS}})
		win = or(win, and(nanC, notS))
		eq = or(eq, and(nanC, nanS))
	}
	win = or(win, and(eq, cmp(loopir.CmpLt, cii, si)))
	win = or(win, cmp(loopir.CmpLt, si, n.ConstBits(it, 0)))

	b.StoreBuf(n, vals, dt, slot, sel(ct, win, civ, sv), 0)
	b.StoreBuf(n, idxs, it, slot, sel(it, win, cii, si), 0)
	b.StoreBuf(n, cv, dt, carry, sel(ct, win, sv, civ), 0)
	b.StoreBuf(n, ci, it, carry, sel(it, win, si, cii), 0)
}
