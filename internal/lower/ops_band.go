package lower

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// The band of each innermost matrix (core/kernels/linalg/matrix_band_part_op.cc):
// element (…, m, n) is kept when (num_lower < 0 or m - n <= num_lower) and
// (num_upper < 0 or n - m <= num_upper), and zero elsewhere.

func bandOps() []*opDef {
	return []*opDef{
		{name: "tf.MatrixBandPart", arity: 3, types: setAll, tier: 2, check: checkBandPart, dims: dimsBandPart, elem: firstElem, lower: lowerBandPart, sym: symOf(0),
			needs: "num_lower, num_upper: " + known, notes: "a negative bound keeps the whole triangle", doc: "the band of each innermost matrix (num_lower, num_upper), zeros elsewhere"},
	}
}

func checkBandPart(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if in[0].Rank() < 2 {
		return fmt.Sprintf("input must be at least 2-dim, received shape: %s", in[0])
	}
	for i, what := range []string{"num_lower", "num_upper"} {
		if m := intOperand(in[i+1], i+1, what, 0); m != "" {
			return m
		}
		v, m := c.constInts(op.Operands[i+1], what)
		if m != "" {
			return m
		}
		if len(v) != 1 {
			return fmt.Sprintf("%s must be a scalar", what)
		}
		f.band[i] = v[0]
	}
	return ""
}

func dimsBandPart(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	x := in[0]
	rows, cols := x[len(x)-2], x[len(x)-1]
	if rows != mlir.Dynamic && f.band[0] > int64(rows) {
		return nil, fmt.Sprintf("num_lower must be negative or less or equal to number of rows (%d) got: %d", rows, f.band[0])
	}
	if cols != mlir.Dynamic && f.band[1] > int64(cols) {
		return nil, fmt.Sprintf("num_upper must be negative or less or equal to number of columns (%d) got: %d", cols, f.band[1])
	}
	return x, ""
}

// lowerBandPart is one pointwise nest: x where the loop indices m (rows)
// and n (columns) are in the band, else 0.
func lowerBandPart(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	out := b.resultBuffer(res)
	dt := b.typeOf(res).Elem
	ct := computeType(dt)
	n := b.newNest(op, res, nil)
	rank := len(b.typeOf(res).Dims)
	x := b.load(n, op.Operands[0], identity(rank))
	m := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: memref.Int64, Loop: rank - 2})
	c := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: memref.Int64, Loop: rank - 1})
	d := n.Binary(loopir.OpSub, memref.Int64, m, c) // m - n
	in := -1
	and := func(v int) {
		if in < 0 {
			in = v
			return
		}
		in = n.Binary(loopir.OpAnd, memref.Bool, in, v)
	}
	if lo := f.band[0]; lo >= 0 {
		and(n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpLe, Type: memref.Bool, Args: []int{d, n.ConstBits(memref.Int64, uint64(lo))}}))
	}
	if hi := f.band[1]; hi >= 0 {
		and(n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpGe, Type: memref.Bool, Args: []int{d, n.ConstBits(memref.Int64, uint64(-hi))}}))
	}
	if in >= 0 {
		x = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: ct, Args: []int{in, x, n.ConstBits(ct, 0)}})
	}
	store(n, out, dt, identity(rank), x)
}
