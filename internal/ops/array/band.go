package array

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// The band of each innermost matrix (core/kernels/linalg/matrix_band_part_op.cc):
// element (…, m, n) is kept when (num_lower < 0 or m - n <= num_lower) and
// (num_upper < 0 or n - m <= num_upper), and zero elsewhere.

func bandOps() []*opkit.Def {
	return []*opkit.Def{
		{Name: "tf.MatrixBandPart", Arity: 3, Types: opkit.Any, Partwise: true, Tier: 2, Check: checkBandPart, Dims: dimsBandPart, Lower: lowerBandPart, SameShapeAs: 1,
			Needs: "num_lower, num_upper: " + opkit.Known, Notes: "a negative bound keeps the whole triangle", Doc: "the band of each innermost matrix (num_lower, num_upper), zeros elsewhere"},
	}
}

// band is a band part's num_lower and num_upper.
type band [2]int64

func checkBandPart(c opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	if in[0].Rank() < 2 {
		return nil, fmt.Sprintf("input must be at least 2-dim, received shape: %s", in[0])
	}
	var f band
	for i, what := range []string{"num_lower", "num_upper"} {
		if m := opkit.IntOperand(in[i+1], i+1, what, 0); m != "" {
			return nil, m
		}
		v, m := c.ConstInts(op.Operands[i+1], what)
		if m != "" {
			return nil, m
		}
		if len(v) != 1 {
			return nil, fmt.Sprintf("%s must be a scalar", what)
		}
		f[i] = v[0]
	}
	return f, ""
}

func dimsBandPart(_ *mlir.Op, f opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	bd := f.(band)
	x := in[0]
	rows, cols := x[len(x)-2], x[len(x)-1]
	if rows != mlir.Dynamic && bd[0] > int64(rows) {
		return nil, fmt.Sprintf("num_lower must be negative or less or equal to number of rows (%d) got: %d", rows, bd[0])
	}
	if cols != mlir.Dynamic && bd[1] > int64(cols) {
		return nil, fmt.Sprintf("num_upper must be negative or less or equal to number of columns (%d) got: %d", cols, bd[1])
	}
	return x, ""
}

// lowerBandPart is one pointwise nest: x where the loop indices m (rows)
// and n (columns) are in the band, else 0.
func lowerBandPart(b opkit.Builder, op *mlir.Op, f opkit.Facts, res *mlir.Value) {
	bd := f.(band)
	out := b.ResultBuffer(res)
	dt := b.Type(res).Elem
	ct := opkit.ComputeType(dt)
	n := b.NewNest(op, res, nil)
	rank := len(b.Type(res).Dims)
	x := b.Load(n, op.Operands[0], opkit.Identity(rank))
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
	if lo := bd[0]; lo >= 0 {
		and(n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpLe, Type: memref.Bool, Args: []int{d, n.ConstBits(memref.Int64, uint64(lo))}}))
	}
	if hi := bd[1]; hi >= 0 {
		and(n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpGe, Type: memref.Bool, Args: []int{d, n.ConstBits(memref.Int64, uint64(-hi))}}))
	}
	if in >= 0 {
		x = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: ct, Args: []int{in, x, n.ConstBits(ct, 0)}})
	}
	b.Store(n, out, dt, opkit.Identity(rank), x)
}
