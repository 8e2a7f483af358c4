package lower

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/shape"
	"math"
	"slices"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// Matrix products, ranges and one-hot encodings.

func linalgOps() []*opDef {
	ops := []*opDef{
		{name: "tf.MatMul", arity: 2, types: setNum, check: checkMatMul(false, false), dims: dimsMatMul, lower: lowerMatMul, notes: "transpose_a/b, adj_x/adj_y; batch dims broadcast", doc: "a·b (transpose_a, transpose_b)"},
		{name: "tf.BatchMatMulV2", arity: 2, types: setNum, check: checkMatMul(true, false), dims: dimsMatMul, lower: lowerMatMul, notes: "transpose_a/b, adj_x/adj_y; batch dims broadcast", doc: "batched x·y, broadcast batch dims (adj_x, adj_y)"},
		{name: "tf.BatchMatMul", arity: 2, types: setNum, check: checkMatMul(true, false), dims: dimsMatMul, lower: lowerMatMul, notes: "adj_x, adj_y; batch dims broadcast as the second version's (TF's first requires equal ones)", doc: "batched x·y (adj_x, adj_y), as the second version"},
		{name: "tf.BatchMatMulV3", arity: 2, types: setNum, check: checkMatMul(true, false), dims: dimsMatMul, lower: lowerMatMul, notes: "adj_x, adj_y; batch dims broadcast; Ta = Tb = Tout only", doc: "batched x·y (adj_x, adj_y), one element type"},
		{name: "tf._FusedMatMul", arity: -1, types: setNum, check: checkMatMul(false, true), dims: dimsMatMul, lower: lowerMatMul, notes: "transpose_a/b; fused_ops BiasAdd, optionally Add, optionally Relu, Relu6, Elu, LeakyRelu, Tanh, Sigmoid, GeluExact or GeluApproximate; each stage rounded", doc: "a·b + bias (+ addend) and an activation: fused_ops"},
		{name: "tf.Range", arity: 3, types: setNum, sizes: []int{0, 1, 2}, check: checkRange, dims: dimsRange, elem: rangeElem, lower: lowerRange,
			needs: "start, limit, delta: " + read, notes: "sizes computed exactly for integers", doc: "start, start+delta, … up to limit"},
		{name: "tf.LinSpace", arity: 3, types: setLinSpace, sizes: []int{2}, check: checkLinSpace, dims: dimsLinSpace, elem: rangeElem, lower: lowerLinSpace,
			needs: "num: " + read, notes: "f32, f64; the last value is stop exactly", doc: "num values from start to stop, evenly spaced"},
		{name: "tf.OneHot", arity: 4, types: setAll, sizes: []int{1}, check: checkOneHot, dims: dimsOneHot, elem: oneHotElem, lower: lowerOneHot, needs: "depth: " + read, doc: "indices == j ? on_value : off_value, depth j's"},
	}
	for _, d := range ops {
		d.tier = 2
		if d.elem == nil {
			d.elem = firstElem
		}
	}
	return ops
}

// matmulFacts are MatMul's, BatchMatMulV2's and _FusedMatMul's parameters.
type matmulFacts struct {
	ta, tb  bool        // transpose (adjoint) the first / second operand
	batched bool        // BatchMatMulV2: leading dims are batch dims
	fused   *fusedFacts // the fused op's stages after the product (fused_ops)
}

// checkMatMul checks a product: batched, with batch dims; fused, with an
// epilogue (fused_ops).
func checkMatMul(batched, fused bool) func(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	return func(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
		return checkProduct(op, f, in, batched, fused)
	}
}

func checkProduct(op *mlir.Op, f *opFacts, in []mlir.TensorType, batched, fused bool) string {
	mm := &matmulFacts{batched: batched}
	f.mm = mm
	ta, tb := "transpose_a", "transpose_b"
	if mm.batched {
		ta, tb = "adj_x", "adj_y"
	}
	var m string
	if mm.ta, m = opkit.AttrBool(op, ta); m != "" {
		return m
	}
	if mm.tb, m = opkit.AttrBool(op, tb); m != "" {
		return m
	}
	a, b := in[0], in[1]
	if a.Elem != b.Elem {
		return fmt.Sprintf("requires the same element type for all operands, got %s and %s", a, b)
	}
	if !setNum.has(a.Elem) || a.Elem == memref.Bool {
		return fmt.Sprintf("operand #0 must be a tensor of numbers, got %s", a)
	}
	if mm.batched {
		if a.Rank() < 2 || b.Rank() < 2 {
			return fmt.Sprintf("requires operands of rank 2 or more, got %s and %s", a, b)
		}
	} else if a.Rank() != 2 || b.Rank() != 2 {
		return fmt.Sprintf("expects rank-2 operands, got %s and %s", a, b)
	}
	if fused {
		var m string
		if mm.fused, m = checkFused(op, in, 2, false); m != "" {
			return m
		}
	} else if len(in) != 2 {
		return fmt.Sprintf("requires 2 operands, got %d", len(in))
	}
	return ""
}

// mmDims returns an operand's (rows, cols) after its transpose flag.
func mmDims(s []int, t bool) (int, int) {
	r, c := s[len(s)-2], s[len(s)-1]
	if t {
		return c, r
	}
	return r, c
}

func dimsMatMul(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	mm := f.mm
	m, ka := mmDims(in[0], mm.ta)
	kb, n := mmDims(in[1], mm.tb)
	if ka != mlir.Dynamic && kb != mlir.Dynamic && ka != kb {
		return nil, fmt.Sprintf("Matrix size-incompatible: In[0]: %s, In[1]: %s", shape.List(in[0]), shape.List(in[1]))
	}
	var out []int
	if mm.batched {
		var m string
		out, m = shape.Broadcast([][]int{in[0][:len(in[0])-2], in[1][:len(in[1])-2]})
		if m != "" {
			return nil, "In[0] and In[1] must have compatible batch dimensions: " + m
		}
	}
	out = append(out, m, n)
	if mm.fused != nil {
		if m := mm.fused.fusedDims(in, out); m != "" {
			return nil, m
		}
	}
	return out, ""
}

// lowerMatMul emits the product as one reduction nest over
// (batch…, i, k, j) — k reduced, j innermost so that the accumulation
// into out[…, i, j] is contiguous — and the fused epilogue, if any, as an
// elementwise nest.
func lowerMatMul(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	mm := f.mm
	x, y := b.value(op.Operands[0]), b.value(op.Operands[1])
	xt, yt := b.typeOf(x), b.typeOf(y)
	rt := b.typeOf(res)
	dt := rt.Elem
	ct := computeType(dt)
	nb := len(rt.Dims) - 2 // batch dims
	// Loops: batch…, i (nb), k (nb+1, reduce), j (nb+2).
	n := &loopir.Nest{Name: shortName(op.Name), Part: 0, Src: []string{fmt.Sprintf("'%s' at %s", op.Name, op.Pos)}}
	for a := 0; a < nb; a++ {
		n.Loops = append(n.Loops, loopir.Loop{Extent: b.extent(res, a)})
	}
	kAxis := len(xt.Dims) - 1
	if mm.ta {
		kAxis = len(xt.Dims) - 2
	}
	n.Loops = append(n.Loops, loopir.Loop{Extent: b.extent(res, nb)}, loopir.Loop{Extent: b.extent(x, kAxis), Kind: loopir.Reduce},
		loopir.Loop{Extent: b.extent(res, nb+1)})
	b.prog.Nests = append(b.prog.Nests, n)
	i, k, j := nb, nb+1, nb+2
	operandIndex := func(v *mlir.Value, t mlir.TensorType, row, col int, trans bool) []loopir.Index {
		r := len(t.Dims)
		idx := make([]loopir.Index, r)
		// Batch dims, right-aligned against the result's, broadcasting.
		off := nb - (r - 2)
		for a := 0; a < r-2; a++ {
			l := a + off
			switch {
			case t.Dims[a] == 1 || (t.Dims[a] == mlir.Dynamic && rt.Dims[l] == 1):
				idx[a] = loopir.Index{Loop: -1}
			case t.Dims[a] != mlir.Dynamic || b.c.syms[v.ID][a] == b.c.syms[res.ID][l]:
				idx[a] = loopir.Index{Loop: l}
			default:
				idx[a] = loopir.Index{Loop: l, Bcast: loopir.BcastDynamic}
			}
		}
		if trans {
			row, col = col, row
		}
		idx[r-2], idx[r-1] = loopir.Index{Loop: row}, loopir.Index{Loop: col}
		return idx
	}
	av := b.load(n, x, operandIndex(x, xt, i, k, mm.ta))
	bv := b.load(n, y, operandIndex(y, yt, k, j, mm.tb))
	prod := n.Binary(loopir.OpMul, ct, av, bv)
	direct := ct == dt && mm.fused == nil
	var acc int
	if direct {
		acc = b.resultBuffer(res)
	} else {
		acc = b.tempBuffer(res, ".acc", ct)
	}
	accIdx := make([]loopir.Index, nb+2)
	for a := 0; a < nb; a++ {
		accIdx[a] = loopir.Index{Loop: a}
	}
	accIdx[nb], accIdx[nb+1] = loopir.Index{Loop: i}, loopir.Index{Loop: j}
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: loopir.RedSum, Acc: &loopir.Access{Buf: acc, Idx: accIdx}, Args: []int{prod}})
	if direct {
		return
	}
	// Epilogue: bias, activation, rounding to f16 or bf16.
	out := b.resultBuffer(res)
	e := b.newNest(op, res, nil)
	r := len(rt.Dims)
	v := e.Load(ct, &loopir.Access{Buf: acc, Idx: identity(r)})
	if mm.fused != nil {
		v = b.emitFused(e, op, mm.fused, v, dt, r)
	}
	store(e, out, dt, identity(r), roundTo(e, dt, v))
}

// --- Range -------------------------------------------------------------------

// rangeOf reads Range's start, limit and delta as float64: from
// compile-time constants (any numeric type) or host values (integers).
func rangeOperand(c *checked, v *mlir.Value) (float64, bool) {
	if vals := c.vals[v.ID]; len(vals) == 1 {
		return float64(vals[0]), true
	}
	if d := c.consts[v.ID]; d != nil && d.Type.Elem.IsFloat() {
		if d.Type.NumElements() != 1 && !d.Splat {
			return 0, false
		}
		return d.Value.Float64At(0), true
	}
	return 0, false
}

func checkRange(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	for i, t := range in {
		if t.Rank() != 0 {
			return fmt.Sprintf("operand #%d must be a scalar, got %s", i, t)
		}
		if t.Elem != in[0].Elem {
			return fmt.Sprintf("requires the same element type for all operands, got %s and %s", in[0], t)
		}
		if _, ok := rangeOperand(c, op.Operands[i]); !ok && !c.hostRT[op.Operands[i].ID] {
			return hostValueError([]string{"start", "limit", "delta"}[i], op.Operands[i])
		}
	}
	return ""
}

func rangeElem(_ *mlir.Op, _ *opFacts, in []mlir.TensorType) memref.DType { return in[0].Elem }

func dimsRange(op *mlir.Op, f *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	// At run time the host values are there; at compile time constants
	// (folded into vals for ints, or float constants in the attribute).
	var x [3]float64
	for i := range x {
		switch {
		case vals[i] != nil && op.Operands[i].Type.Elem.IsFloat():
			x[i] = math.Float64frombits(uint64(vals[i][0])) // a float argument (HostBits)
		case vals[i] != nil:
			x[i] = float64(vals[i][0])
		default:
			def := op.Operands[i].Def
			if def == nil {
				return []int{mlir.Dynamic}, ""
			}
			d, _ := def.Attr("value").(*mlir.DenseAttr)
			if d == nil || !d.Type.Elem.IsFloat() {
				return []int{mlir.Dynamic}, ""
			}
			x[i] = d.Value.Float64At(0)
		}
	}
	if !op.Results[0].Type.Elem.IsFloat() && vals[0] != nil && vals[1] != nil && vals[2] != nil {
		n, m := shape.RangeSizeInt(vals[0][0], vals[1][0], vals[2][0])
		return []int{n}, m
	}
	n, m := shape.RangeSize(x[0], x[1], x[2], op.Results[0].Type.Elem)
	return []int{n}, m
}

func lowerRange(b *builder, op *mlir.Op, _ *opFacts, res *mlir.Value) {
	out := b.resultBuffer(res)
	dt := b.typeOf(res).Elem
	ct := computeType(dt)
	n := b.newNest(op, res, nil)
	scalar := func(v *mlir.Value) int {
		if vals := b.c.vals[v.ID]; len(vals) == 1 && !ct.IsFloat() {
			return n.ConstBits(ct, uint64(vals[0])&typeMask(ct)) // exact, even for large i64
		}
		if x, ok := rangeOperand(b.c, v); ok {
			return n.ConstBits(ct, constBits(ct, x))
		}
		// A value known at run time only (an argument, a size): read
		// from its buffer, exact for every type (a parameter is 32 bits).
		return b.load(n, v, nil)
	}
	start, delta := scalar(op.Operands[0]), scalar(op.Operands[2])
	i := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: ct, Loop: 0})
	v := n.Binary(loopir.OpAdd, ct, start, n.Binary(loopir.OpMul, ct, i, delta))
	store(n, out, dt, identity(1), roundTo(n, dt, v))
}

// --- LinSpace --------------------------------------------------------------------

var setLinSpace = types(memref.Float32, memref.Float64)

func checkLinSpace(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if in[0].Rank() != 0 || in[1].Rank() != 0 {
		return fmt.Sprintf("start and stop must be scalars, got %s and %s", in[0], in[1])
	}
	if in[0].Elem != in[1].Elem || !setLinSpace.has(in[0].Elem) {
		return fmt.Sprintf("start and stop must be f32 or f64 of one type, got %s and %s", in[0], in[1])
	}
	if m := opkit.IntOperand(in[2], 2, "num", 0); m != "" {
		return m
	}
	return c.needHost(op.Operands[2], "num")
}

func dimsLinSpace(_ *mlir.Op, _ *opFacts, _ [][]int, vals [][]int64) ([]int, string) {
	if vals[2] == nil {
		return []int{mlir.Dynamic}, ""
	}
	num := vals[2][0]
	if num <= 0 {
		return nil, fmt.Sprintf("Requires num > 0: %d", num)
	}
	if num > math.MaxInt32 {
		return nil, fmt.Sprintf("num %d is too large", num)
	}
	return []int{int(num)}, ""
}

// lowerLinSpace is TF's LinSpace (core/kernels/sequence_ops.cc): step =
// (stop - start) / (num - 1) in the element type, value i = start + step·i,
// the last value stop exactly, and start alone when num is 1.
func lowerLinSpace(b *builder, op *mlir.Op, _ *opFacts, res *mlir.Value) {
	out := b.resultBuffer(res)
	dt := b.typeOf(res).Elem
	n := b.newNest(op, res, nil)
	start, stop := b.load(n, op.Operands[0], nil), b.load(n, op.Operands[1], nil)
	var num int
	if d := b.typeOf(res).Dims[0]; d != mlir.Dynamic {
		num = n.ConstBits(dt, constBits(dt, float64(d)))
	} else {
		num = n.Add(&loopir.Instr{Op: loopir.OpSize, Type: dt, Size: b.extent(res, 0)})
	}
	last := n.Binary(loopir.OpSub, dt, num, n.ConstBits(dt, constBits(dt, 1))) // num - 1
	step := n.Binary(loopir.OpDiv, dt, n.Binary(loopir.OpSub, dt, stop, start), last)
	i := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: dt, Loop: 0})
	v := n.Binary(loopir.OpAdd, dt, start, n.Binary(loopir.OpMul, dt, step, i))
	zero := n.ConstBits(dt, 0)
	isOne := n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpEq, Type: memref.Bool, Args: []int{last, zero}})
	end := n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: dt, Args: []int{isOne, start, stop}})
	isLast := n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpEq, Type: memref.Bool, Args: []int{i, last}})
	v = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: dt, Args: []int{isLast, end, v}})
	store(n, out, dt, identity(1), v)
}

// --- OneHot ----------------------------------------------------------------------

func checkOneHot(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	idx := in[0]
	if idx.Elem != memref.Int32 && idx.Elem != memref.Int64 && idx.Elem != memref.Uint8 {
		return fmt.Sprintf("indices must be i32, i64 or ui8, got %s", idx)
	}
	if m := opkit.IntOperand(in[1], 1, "depth", 0); m != "" {
		return m
	}
	if m := c.needHost(op.Operands[1], "depth"); m != "" {
		return m
	}
	if in[2].Rank() != 0 || in[3].Rank() != 0 || in[2].Elem != in[3].Elem {
		return fmt.Sprintf("on_value and off_value must be scalars of one type, got %s and %s", in[2], in[3])
	}
	ax, m := opkit.AttrInt(op, "axis", -1)
	if m != "" {
		return m
	}
	if ax == -1 {
		ax = int64(idx.Rank())
	}
	f.axis, m = shape.NormAxis(ax, idx.Rank()+1)
	return m
}

func oneHotElem(_ *mlir.Op, _ *opFacts, in []mlir.TensorType) memref.DType { return in[2].Elem }

func dimsOneHot(_ *mlir.Op, f *opFacts, in [][]int, vals [][]int64) ([]int, string) {
	depth := mlir.Dynamic
	if vals[1] != nil {
		if vals[1][0] < 0 {
			return nil, fmt.Sprintf("depth must be non-negative, got %d", vals[1][0])
		}
		depth = int(vals[1][0])
	}
	return slices.Insert(slices.Clone(in[0]), f.axis, depth), ""
}

func lowerOneHot(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	out := b.resultBuffer(res)
	dt := b.typeOf(res).Elem
	n := b.newNest(op, res, nil)
	ir := len(b.typeOf(op.Operands[0]).Dims)
	idx := make([]loopir.Index, 0, ir)
	for l := 0; l <= ir; l++ {
		if l != f.axis {
			idx = append(idx, loopir.Index{Loop: l})
		}
	}
	it := b.typeOf(op.Operands[0]).Elem
	iv := b.load(n, op.Operands[0], idx)
	j := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: it, Loop: f.axis})
	eq := n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpEq, Type: memref.Bool, Args: []int{iv, j}})
	on, off := b.load(n, op.Operands[2], nil), b.load(n, op.Operands[3], nil)
	v := n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: computeType(dt), Args: []int{eq, on, off}})
	store(n, out, dt, identity(ir+1), v)
}
