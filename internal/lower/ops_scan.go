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

// Ops that look along one axis in order or write through indices:
// ArgMax/ArgMin (a reduction and an index search), Cumsum (a scan over a
// Seq loop). The scatters are in internal/ops/scatter.

func scanOps() []*opDef {
	ops := []*opDef{
		{name: "tf.ArgMax", arity: 2, types: setNum, check: checkArgMinMax, lower: lowerArgMinMax(loopir.RedMax), dims: dimsArgMinMax, elem: argMinMaxElem, needs: "dimension: " + known,
			notes: "ties give the first index; a NaN wins (as numpy and XLA; TF's CPU kernel skips NaN)", doc: "index of the first largest along axis (a NaN counts as largest)"},
		{name: "tf.ArgMin", arity: 2, types: setNum, check: checkArgMinMax, lower: lowerArgMinMax(loopir.RedMin), dims: dimsArgMinMax, elem: argMinMaxElem, needs: "dimension: " + known,
			notes: "ties give the first index; a NaN wins (as numpy and XLA; TF's CPU kernel skips NaN)", doc: "index of the first smallest along axis (a NaN counts as smallest)"},
		{name: "tf.Cumsum", arity: 2, types: setNum | setComplex, partwise: true, check: checkCumsum, dims: dimsFirst, lower: lowerCumsum, needs: "axis: " + known,
			notes: "exclusive, reverse; sums rounded to the element type at every step", doc: "running sum along axis (exclusive, reverse)"},
		{name: "tf.Cumprod", arity: 2, types: setNum, check: checkCumsum, dims: dimsFirst, lower: lowerCumprod, needs: "axis: " + known,
			notes: "exclusive, reverse; products rounded to the element type at every step", doc: "running product along axis (exclusive, reverse)"},
	}
	for _, d := range ops {
		d.tier = 2
		if d.elem == nil {
			d.elem = firstElem
		}
	}
	return ops
}

// scanFacts are Cumsum's and Cumprod's attributes.
type scanFacts struct{ exclusive, reverse bool }

// axisOperand reads a constant scalar axis operand (operand i) and
// normalises it against rank.
func (c *checked) axisOperand(op *mlir.Op, in []mlir.TensorType, i int, what string, rank int) (int, string) {
	if m := opkit.IntOperand(in[i], i, what, 1); m != "" {
		return 0, m
	}
	ax, m := c.constInts(op.Operands[i], what)
	if m != "" {
		return 0, m
	}
	if len(ax) != 1 {
		return 0, fmt.Sprintf("%s must be a scalar, got %d values", what, len(ax))
	}
	return shape.NormAxis(ax[0], rank)
}

// --- ArgMax, ArgMin ----------------------------------------------------------

func argMinMaxElem(op *mlir.Op, _ *opFacts, _ []mlir.TensorType) memref.DType {
	if t, ok := op.Attr("output_type").(mlir.TypeAttr); ok && t.Elem.Valid() {
		return t.Elem
	}
	if r := op.Results[0].Type.Elem; r.Valid() {
		return r
	}
	return memref.Int64 // TensorFlow's default output_type
}

func checkArgMinMax(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if e := argMinMaxElem(op, f, in); e != memref.Int32 && e != memref.Int64 {
		return fmt.Sprintf("output_type must be i32 or i64, got %s", e)
	}
	if in[0].Rank() < 1 {
		return fmt.Sprintf("input must be at least rank 1, got %s", in[0])
	}
	var m string
	f.axis, m = c.axisOperand(op, in, 1, "dimension", in[0].Rank())
	return m
}

func dimsArgMinMax(op *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	x := in[0]
	if x[f.axis] == 0 {
		return nil, fmt.Sprintf("Reduction axis %d is empty in shape %s", f.axis, shape.List(x))
	}
	if argMinMaxElem(op, f, nil) == memref.Int32 && x[f.axis] > math.MaxInt32 {
		return nil, fmt.Sprintf("dimension %d of size %d does not fit i32 indices", f.axis, x[f.axis])
	}
	return slices.Delete(slices.Clone(x), f.axis, f.axis+1), ""
}

// lowerArgMinMax emits two nests: the NaN-propagating max (min) along the
// axis, then the least index whose element equals it, or is NaN when it is
// NaN. So ties give the first index and the first NaN wins, as numpy's
// argmax and XLA's lowering of tf.ArgMax do. (TensorFlow's own CPU kernel,
// built on Eigen's tuple reducers, skips NaN instead; that divergence is
// documented in RATIONALE.md.)
func lowerArgMinMax(red loopir.Reducer) func(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	return func(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) { b.lowerArgMinMax(op, f, res, red) }
}

func (b *builder) lowerArgMinMax(op *mlir.Op, f *opFacts, res *mlir.Value, red loopir.Reducer) {
	x := b.value(op.Operands[0])
	xt := b.typeOf(x)
	rank := len(xt.Dims)
	ct := computeType(xt.Elem)
	rt := b.typeOf(res).Elem
	kinds := make([]loopir.LoopKind, rank)
	kinds[f.axis] = loopir.Reduce
	kept := identity(rank)
	kept[f.axis] = loopir.Index{Loop: -1}

	best := b.tempBuffer(x, ".best", ct, f.axis)
	n := b.newNest(op, x, kinds)
	v := b.load(n, x, identity(rank))
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: red, Acc: &loopir.Access{Buf: best, Idx: kept}, Args: []int{v}})

	out := b.resultBuffer(res)
	n = b.newNest(op, x, kinds)
	v = b.load(n, x, identity(rank))
	m := n.Load(ct, &loopir.Access{Buf: best, Idx: kept})
	hit := n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpEq, Type: memref.Bool, Args: []int{v, m}})
	if ct.IsFloat() {
		nan := n.Add(&loopir.Instr{Op: loopir.OpIsNaN, Type: memref.Bool, Args: []int{v}})
		hit = n.Binary(loopir.OpOr, memref.Bool, hit, nan)
	}
	j := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: rt, Loop: f.axis})
	none := n.ConstBits(rt, typeMax(rt))
	j = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: rt, Args: []int{hit, j, none}})
	outIdx := identity(rank)
	outIdx = slices.Delete(outIdx, f.axis, f.axis+1)
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: rt, Red: loopir.RedMin, Acc: &loopir.Access{Buf: out, Idx: outIdx}, Args: []int{j}})
}

// typeMax is the bits of an integer type's largest value.
func typeMax(dt memref.DType) uint64 {
	if dt.IsSigned() {
		return 1<<(8*dt.Size()-1) - 1
	}
	return typeMask(dt)
}

// --- Cumsum, Cumprod -----------------------------------------------------------

func checkCumsum(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if in[0].Rank() < 1 {
		return fmt.Sprintf("input must be at least rank 1, got %s", in[0])
	}
	var m string
	if f.axis, m = c.axisOperand(op, in, 1, "axis", in[0].Rank()); m != "" {
		return m
	}
	s := &scanFacts{}
	if s.exclusive, m = opkit.AttrBool(op, "exclusive"); m != "" {
		return m
	}
	if s.reverse, m = opkit.AttrBool(op, "reverse"); m != "" {
		return m
	}
	f.scan = s
	return ""
}

func lowerCumsum(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	lowerScan(b, op, f, res, loopir.OpAdd)
}

func lowerCumprod(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	lowerScan(b, op, f, res, loopir.OpMul)
}

// lowerScan emits the scan (combine: OpAdd or OpMul) as two nests over x's
// dims. The first writes the first element of every line along the axis
// (x's own, or the identity, 0 or 1, when exclusive); the second runs a
// Seq loop over the remaining n-1 positions, each the sum (product) of the
// one before it and one element of x:
//
//	forward:  out[k+1] = out[k] + x[k+1]   (exclusive: + x[k])
//	reverse:  out[j] = out[j+1] + x[j]     (exclusive: + x[j+1]), j = n-2-k
//
// Sums and products are rounded to the element type at every step (f16
// too), as TensorFlow's CPU kernel computes in the element type; integers
// wrap.
func lowerScan(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value, combine loopir.Op) {
	x := b.value(op.Operands[0])
	xt := b.typeOf(x)
	rank, ax := len(xt.Dims), f.axis
	dt := xt.Elem
	ct := computeType(dt)
	out := b.resultBuffer(res)
	id, size := x.ID, xt.Dims[ax]

	// extent returns a static size, or a parameter computed from the run's
	// size of the axis.
	extent := func(name string, fn func(n int) int) loopir.Size {
		if size != mlir.Dynamic {
			return loopir.Static(fn(size))
		}
		return loopir.ParamSize(b.paramFunc(fmt.Sprintf("%s.d%d.%s", x, ax, name), func(hs *HostState) int { return fn(hs.Shapes[id][ax]) }))
	}
	// at sets axis ax of idx to position off (a constant plus, when param
	// is set, n-1 or n-2 of the run).
	at := func(idx []loopir.Index, step int, lastMinus int, off int) []loopir.Index {
		idx = slices.Clone(idx)
		ix := loopir.Index{Loop: idx[ax].Loop, Step: step, Off: off}
		if lastMinus > 0 {
			if size != mlir.Dynamic {
				ix.Off += size - lastMinus
			} else {
				lm := lastMinus
				ix.OffParam = 1 + b.paramFunc(fmt.Sprintf("%s.d%d-%d", x, ax, lm), func(hs *HostState) int { return hs.Shapes[id][ax] - lm })
			}
		}
		idx[ax] = ix
		return idx
	}
	s := f.scan
	all := identity(rank)

	// The first element of each line: position 0, or n-1 in reverse.
	n := b.newNest(op, x, nil)
	n.Loops[ax].Extent = extent("min1", func(n int) int { return min(n, 1) })
	last := 0
	if s.reverse {
		last = 1
	}
	first := at(all, 1, last, 0)
	var v int
	if s.exclusive && combine == loopir.OpMul {
		v = n.ConstBits(ct, constBits(ct, 1))
	} else if s.exclusive {
		v = n.ConstBits(ct, 0)
	} else {
		v = b.load(n, x, first)
	}
	store(n, out, dt, first, roundTo(n, dt, v))

	// The rest, in order.
	kinds := make([]loopir.LoopKind, rank)
	kinds[ax] = loopir.Seq
	n = b.newNest(op, x, kinds)
	n.Loops[ax].Extent = extent("n-1", func(n int) int { return max(n-1, 0) })
	var prev, cur, from []loopir.Index
	if s.reverse {
		prev, cur = at(all, -1, 2, 1), at(all, -1, 2, 0) // out[(n-2)+1-k], out[(n-2)-k]
		from = cur
		if s.exclusive {
			from = prev
		}
	} else {
		prev, cur = at(all, 1, 0, 0), at(all, 1, 0, 1) // out[k], out[k+1]
		from = cur
		if s.exclusive {
			from = prev
		}
	}
	p := n.Load(dt, &loopir.Access{Buf: out, Idx: prev})
	if dt.IsHalf() {
		p = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: ct, Args: []int{p}})
	}
	v = b.load(n, x, from)
	sum := n.Binary(combine, ct, p, v)
	store(n, out, dt, cur, roundTo(n, dt, sum))
}
