package array

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// Diagonals of the innermost matrices (core/kernels/linalg/matrix_diag_op.cc).
// Diagonal d = column - row; a band k = [lo, hi] of them is stored with
// diagonal d at index hi - d, each padded to the longest one's length
// (max_diag_len) on the side align says: "RIGHT_LEFT" (V3's default)
// right-aligns superdiagonals (d > 0) and left-aligns subdiagonals; V2
// left-aligns both (its fixed "LEFT_LEFT"). The V1 forms are k = 0 with
// zero padding, and MatrixDiag V1 makes square matrices.
//
// Element p of diagonal d of an M×N matrix is (p - min(d, 0), p + max(d,
// 0)) for p < len(d) = min(M + min(d, 0), N - max(d, 0)); a right-aligned
// diagonal starts at max_diag_len - len(d) in its row of the band.

func diagOps() []*opkit.Def {
	part := "the band of diagonals k of each innermost matrix, shorter ones padded with padding_value"
	set := "input with the band of diagonals k of each innermost matrix replaced by diagonal"
	mk := "matrices of num_rows × num_cols (-1: the least that fits) with the band of diagonals k, padding_value elsewhere"
	return []*opkit.Def{
		{Name: "tf.MatrixDiagPart", Arity: 1, Types: opkit.Any, Partwise: true, Tier: 2, Check: checkDiagPart, Dims: dimsDiagPart, Lower: lowerDiagPart,
			Doc: "the main diagonal of each innermost matrix"},
		{Name: "tf.MatrixDiagPartV2", Arity: 3, Types: opkit.Any, Partwise: true, Tier: 2, Check: checkDiagPart, Dims: dimsDiagPart, Lower: lowerDiagPart,
			Needs: "k: " + opkit.Known, Notes: "k a scalar or [lo, hi]; diagonals left-aligned", Doc: part},
		{Name: "tf.MatrixDiagPartV3", Arity: 3, Types: opkit.Any, Partwise: true, Tier: 2, Check: checkDiagPart, Dims: dimsDiagPart, Lower: lowerDiagPart,
			Needs: "k: " + opkit.Known, Notes: "k a scalar or [lo, hi]; align RIGHT_LEFT (default), LEFT_RIGHT, LEFT_LEFT, RIGHT_RIGHT", Doc: part},
		{Name: "tf.MatrixDiag", Arity: 1, Types: opkit.Any, Partwise: true, Tier: 2, Check: checkDiag, Dims: dimsDiag, Lower: lowerDiag,
			Doc: "square matrices with the last dim on their main diagonal, zeros elsewhere"},
		{Name: "tf.MatrixDiagV2", Arity: 5, Types: opkit.Any, Partwise: true, Tier: 2, Sizes: []int{2, 3}, Check: checkDiag, Dims: dimsDiag, Lower: lowerDiag,
			Needs: "k: " + opkit.Known + "; num_rows, num_cols: " + opkit.Read, Notes: "diagonals left-aligned", Doc: mk},
		{Name: "tf.MatrixDiagV3", Arity: 5, Types: opkit.Any, Partwise: true, Tier: 2, Sizes: []int{2, 3}, Check: checkDiag, Dims: dimsDiag, Lower: lowerDiag,
			Needs: "k: " + opkit.Known + "; num_rows, num_cols: " + opkit.Read, Notes: "align RIGHT_LEFT (default), LEFT_RIGHT, LEFT_LEFT, RIGHT_RIGHT", Doc: mk},
		{Name: "tf.MatrixSetDiag", Arity: 2, Types: opkit.Any, Partwise: true, Tier: 2, Check: checkSetDiag, Dims: dimsSetDiag, Lower: lowerSetDiag, SameShapeAs: 1,
			Doc: "input with the main diagonal of each innermost matrix replaced by diagonal"},
		{Name: "tf.MatrixSetDiagV2", Arity: 3, Types: opkit.Any, Partwise: true, Tier: 2, Check: checkSetDiag, Dims: dimsSetDiag, Lower: lowerSetDiag, SameShapeAs: 1,
			Needs: "k: " + opkit.Known, Notes: "diagonals left-aligned", Doc: set},
		{Name: "tf.MatrixSetDiagV3", Arity: 3, Types: opkit.Any, Partwise: true, Tier: 2, Check: checkSetDiag, Dims: dimsSetDiag, Lower: lowerSetDiag, SameShapeAs: 1,
			Needs: "k: " + opkit.Known, Notes: "align RIGHT_LEFT (default), LEFT_RIGHT, LEFT_LEFT, RIGHT_RIGHT", Doc: set},
	}
}

// diags is a diagonal op's facts: the diagonals lo..hi, which of them are
// right-aligned, whether a padding_value operand (the last) exists, and
// for a matrix-making op the num_rows and num_cols known when compiling
// (-1: inferred; -2: read before the run).
type diags struct {
	lo, hi               int
	superRight, subRight bool
	pad                  bool
	rows, cols           int64
}

// checkDiagCommon reads k (operand ki; none when 0), the alignment and
// padding_value (the last operand, when pad).
func checkDiagCommon(c opkit.Checker, op *mlir.Op, in []mlir.TensorType, ki int, pad bool) (diags, string) {
	elem := in[0].Elem
	f := diags{superRight: true, rows: -1, cols: -1, pad: pad}
	if ki == 0 {
		return f, ""
	}
	if m := opkit.IntOperand(in[ki], ki, "k", 1); m != "" {
		return f, m
	}
	if in[ki].Elem != memref.Int32 {
		return f, fmt.Sprintf("operand #%d (k) must be i32, got %s", ki, in[ki])
	}
	k, m := c.ConstInts(op.Operands[ki], "k")
	if m != "" {
		return f, m
	}
	switch {
	case len(k) == 0:
		return f, "Expected diag_index to have at least 1 element"
	case len(k) > 2:
		return f, fmt.Sprintf("diag_index must have only one or two elements, received %d elements", len(k))
	}
	lo, hi := k[0], k[len(k)-1]
	if lo > hi {
		return f, fmt.Sprintf("lower_diag_index must not be larger than upper_diag_index: %d > %d", lo, hi)
	}
	if lo < -memref.MaxElements || hi > memref.MaxElements {
		return f, fmt.Sprintf("diag_index [%d, %d] is out of range", lo, hi)
	}
	f.lo, f.hi = int(lo), int(hi)
	if p := in[len(in)-1]; pad && (p.Rank() != 0 || p.Elem != elem) {
		return f, fmt.Sprintf("padding_value must be a scalar of %s, got %s", elem, p)
	}
	align := "LEFT_LEFT" // V2
	if op.Name != "tf.MatrixDiagPartV2" && op.Name != "tf.MatrixDiagV2" && op.Name != "tf.MatrixSetDiagV2" {
		if align, m = opkit.AttrString(op, "align", "RIGHT_LEFT"); m != "" {
			return f, m
		}
	}
	switch align {
	case "RIGHT_LEFT":
		f.superRight, f.subRight = true, false
	case "LEFT_RIGHT":
		f.superRight, f.subRight = false, true
	case "LEFT_LEFT":
		f.superRight, f.subRight = false, false
	case "RIGHT_RIGHT":
		f.superRight, f.subRight = true, true
	default:
		return f, fmt.Sprintf("align must be RIGHT_LEFT, LEFT_RIGHT, LEFT_LEFT or RIGHT_RIGHT, got %q", align)
	}
	return f, ""
}

func checkDiagPart(c opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	if in[0].Rank() < 2 {
		return nil, fmt.Sprintf("input must be at least 2-dim, received shape: %s", in[0])
	}
	ki := 0
	if len(in) > 1 {
		ki = 1
	}
	f, m := checkDiagCommon(c, op, in, ki, ki > 0)
	if m != "" {
		return nil, m
	}
	return f, ""
}

func dimsDiagPart(_ *mlir.Op, fa opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	f := fa.(diags)
	x := in[0]
	r := len(x)
	rows, cols := x[r-2], x[r-1]
	out := append([]int(nil), x[:r-2]...)
	if f.hi > f.lo {
		out = append(out, f.hi-f.lo+1)
	}
	if rows == mlir.Dynamic || cols == mlir.Dynamic {
		return append(out, mlir.Dynamic), ""
	}
	for i, k := range []int{f.lo, f.hi} {
		if !(-rows < k && k < cols) && k != 0 {
			what := [2]string{"lower", "upper"}[i]
			return nil, fmt.Sprintf("%s_diag_index is out of bound: %d. It must be between %d and %d", what, k, -rows, cols)
		}
	}
	return append(out, max(min(rows+min(f.hi, 0), cols-max(f.lo, 0)), 0)), ""
}

// diagLen is len(d) = min(M + min(d, 0), N - max(d, 0)) in n.
func diagLen(n *loopir.Nest, d, rows, cols int) int {
	i32 := memref.Int32
	zero := n.ConstBits(i32, 0)
	a := n.Binary(loopir.OpAdd, i32, rows, n.Binary(loopir.OpMin, i32, d, zero))
	b := n.Binary(loopir.OpSub, i32, cols, n.Binary(loopir.OpMax, i32, d, zero))
	return n.Binary(loopir.OpMin, i32, a, b)
}

// alignOff is where diagonal d (of length dlen) starts in a band row of
// length maxLen: maxLen - dlen when it is right-aligned, else 0. Diagonal
// 0, when in the band, is the longest: its offset is 0 either way.
func (f diags) alignOff(n *loopir.Nest, d, dlen, maxLen int) int {
	i32 := memref.Int32
	zero := n.ConstBits(i32, 0)
	right := n.Binary(loopir.OpSub, i32, maxLen, dlen)
	switch {
	case f.superRight && f.subRight:
		return right
	case f.superRight:
		return n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: i32, Args: []int{cmp(n, loopir.CmpGt, d, zero), right, zero}})
	case f.subRight:
		return n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: i32, Args: []int{cmp(n, loopir.CmpLt, d, zero), right, zero}})
	}
	return zero
}

func cmp(n *loopir.Nest, c loopir.Cmp, a, b int) int {
	return n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: c, Type: memref.Bool, Args: []int{a, b}})
}

func size(n *loopir.Nest, s loopir.Size) int {
	return n.Add(&loopir.Instr{Op: loopir.OpSize, Type: memref.Int32, Size: s})
}

// padValue is the padding value in n: the operand's, or zero.
func (f diags) padValue(b opkit.Builder, n *loopir.Nest, op *mlir.Op, ct memref.DType) int {
	if f.pad {
		return b.Load(n, op.Operands[len(op.Operands)-1], nil)
	}
	return n.ConstBits(ct, 0)
}

// lowerDiagPart is one nest over the result. A single diagonal d reads
// (p - min(d, 0), p + max(d, 0)), always in range. In a band, row i of the result
// is diagonal d = hi - i, and element p of it reads its diagonal at
// q = p - offset when 0 <= q < len(d), padding_value elsewhere.
func lowerDiagPart(b opkit.Builder, op *mlir.Op, fa opkit.Facts, res *mlir.Value) {
	f := fa.(diags)
	x := op.Operands[0]
	r := len(b.Type(x).Dims)
	t := b.Type(res)
	rr := len(t.Dims)
	out := b.ResultBuffer(res)
	n := b.NewNest(op, res, nil)
	idx := opkit.Identity(r)
	i32 := memref.Int32
	if f.lo == f.hi {
		// A loop indexes a buffer on one axis only: the column is
		// computed in the body.
		d := f.lo
		p := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: i32, Loop: rr - 1})
		col := n.Binary(loopir.OpAdd, i32, p, n.ConstBits(i32, uint64(max(d, 0))))
		idx[r-2] = loopir.Index{Loop: rr - 1, Off: max(-d, 0)}
		idx[r-1] = loopir.Index{Loop: -1, Dyn: 1}
		v := b.LoadChecked(n, x, idx, 0, col)
		b.Store(n, out, t.Elem, opkit.Identity(rr), v)
		return
	}
	zero := n.ConstBits(i32, 0)
	i := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: i32, Loop: rr - 2})
	p := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: i32, Loop: rr - 1})
	d := n.Binary(loopir.OpSub, i32, n.ConstBits(i32, uint64(int64(f.hi))), i)
	dlen := diagLen(n, d, size(n, b.Extent(x, r-2)), size(n, b.Extent(x, r-1)))
	q := n.Binary(loopir.OpSub, i32, p, f.alignOff(n, d, dlen, size(n, b.Extent(res, rr-1))))
	valid := n.Binary(loopir.OpAnd, memref.Bool, cmp(n, loopir.CmpGe, q, zero), cmp(n, loopir.CmpLt, q, dlen))
	q = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: i32, Args: []int{valid, q, zero}})
	row := n.Binary(loopir.OpSub, i32, q, n.Binary(loopir.OpMin, i32, d, zero))
	col := n.Binary(loopir.OpAdd, i32, q, n.Binary(loopir.OpMax, i32, d, zero))
	row = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: i32, Args: []int{valid, row, zero}})
	col = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: i32, Args: []int{valid, col, zero}})
	idx = opkit.Identity(r)
	idx[r-2] = loopir.Index{Loop: -1, Dyn: 1}
	idx[r-1] = loopir.Index{Loop: -1, Dyn: 2}
	v := b.LoadChecked(n, x, idx, 0, row, col)
	ct := opkit.ComputeType(t.Elem)
	v = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: ct, Args: []int{valid, v, f.padValue(b, n, op, ct)}})
	b.Store(n, out, t.Elem, opkit.Identity(rr), v)
}

func checkDiag(c opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	if in[0].Rank() < 1 {
		return nil, fmt.Sprintf("diagonal must be at least 1-dim, received shape: %s", in[0])
	}
	ki := 0
	if len(in) > 1 {
		ki = 1
	}
	f, m := checkDiagCommon(c, op, in, ki, ki > 0)
	if m != "" {
		return nil, m
	}
	if f.hi > f.lo && in[0].Rank() < 2 {
		return nil, fmt.Sprintf("diagonal must be at least 2-dim for a band of diagonals [%d, %d], received shape: %s", f.lo, f.hi, in[0])
	}
	if len(in) == 1 {
		return f, ""
	}
	for i, what := range []string{"num_rows", "num_cols"} {
		if m := opkit.IntOperand(in[2+i], 2+i, what, 0); m != "" {
			return nil, m
		}
		if in[2+i].Elem != memref.Int32 {
			return nil, fmt.Sprintf("operand #%d (%s) must be i32, got %s", 2+i, what, in[2+i])
		}
		v := int64(-2)
		if k, m := c.ConstInts(op.Operands[2+i], what); m == "" {
			v = k[0]
		} else if m := c.NeedHost(op.Operands[2+i], what); m != "" {
			return nil, m
		}
		if i == 0 {
			f.rows = v
		} else {
			f.cols = v
		}
	}
	return f, ""
}

func dimsDiag(_ *mlir.Op, fa opkit.Facts, in [][]int, vals [][]int64) ([]int, string) {
	f := fa.(diags)
	x := in[0]
	r := len(x)
	batch := x[:r-1]
	if f.hi > f.lo {
		batch = x[:r-2]
		if x[r-2] != mlir.Dynamic && x[r-2] != f.hi-f.lo+1 {
			return nil, "The number of diagonals provided in the input does not match the lower_diag_index and upper_diag_index range."
		}
	}
	out := append([]int(nil), batch...)
	rows, cols := f.rows, f.cols
	if len(in) > 1 {
		if vals[2] != nil {
			rows = vals[2][0]
		}
		if vals[3] != nil {
			cols = vals[3][0]
		}
	}
	maxLen := x[r-1]
	if maxLen == mlir.Dynamic || rows == -2 || cols == -2 {
		// Known at run time only; a given size stays.
		for _, v := range []int64{rows, cols} {
			d := mlir.Dynamic
			if v >= 0 {
				d = int(v)
			}
			out = append(out, d)
		}
		return out, ""
	}
	minRows, minCols := int64(maxLen-min(f.hi, 0)), int64(maxLen+max(f.lo, 0))
	if rows != -1 && rows < minRows {
		return nil, "The number of rows is too small."
	}
	if cols != -1 && cols < minCols {
		return nil, "The number of columns is too small."
	}
	switch {
	case rows == -1 && cols == -1:
		rows = max(minRows, minCols)
		cols = rows
	case rows == -1:
		rows = minRows
	case cols == -1:
		cols = minCols
	}
	if rows != minRows && cols != minCols {
		return nil, "The number of rows or columns is not consistent with the specified d_lower, d_upper, and diagonal."
	}
	if rows > memref.MaxElements || cols > memref.MaxElements {
		return nil, fmt.Sprintf("result matrices of %d × %d are too large", rows, cols)
	}
	return append(out, int(rows), int(cols)), ""
}

// lowerDiag is one nest over the result: element (m, n) with d = n - m in
// the band reads its diagonal (band row hi - d) at min(m, n) plus the
// diagonal's offset; every other element is padding_value.
func lowerDiag(b opkit.Builder, op *mlir.Op, fa opkit.Facts, res *mlir.Value) {
	f := fa.(diags)
	lowerBandMatrix(b, op, f, res, op.Operands[0], func(n *loopir.Nest, ct memref.DType) int { return f.padValue(b, n, op, ct) })
}

// lowerBandMatrix is one nest over a result of [M, N] matrices whose
// band of diagonals comes from x (laid out as the diagonal part gives
// it) and whose other elements are other's.
func lowerBandMatrix(b opkit.Builder, op *mlir.Op, f diags, res, x *mlir.Value, other func(n *loopir.Nest, ct memref.DType) int) {
	r := len(b.Type(x).Dims)
	t := b.Type(res)
	rr := len(t.Dims)
	out := b.ResultBuffer(res)
	n := b.NewNest(op, res, nil)
	i32 := memref.Int32
	zero := n.ConstBits(i32, 0)
	m := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: i32, Loop: rr - 2})
	c := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: i32, Loop: rr - 1})
	d := n.Binary(loopir.OpSub, i32, c, m)
	valid := n.Binary(loopir.OpAnd, memref.Bool, cmp(n, loopir.CmpGe, d, n.ConstBits(i32, uint64(int64(f.lo)))),
		cmp(n, loopir.CmpLe, d, n.ConstBits(i32, uint64(int64(f.hi)))))
	dlen := diagLen(n, d, size(n, b.Extent(res, rr-2)), size(n, b.Extent(res, rr-1)))
	pos := n.Binary(loopir.OpAdd, i32, n.Binary(loopir.OpMin, i32, m, c), f.alignOff(n, d, dlen, size(n, b.Extent(x, r-1))))
	pos = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: i32, Args: []int{valid, pos, zero}})
	idx := opkit.Identity(r)
	dyn := []int{pos}
	idx[r-1] = loopir.Index{Loop: -1, Dyn: 1}
	if f.hi > f.lo {
		row := n.Binary(loopir.OpSub, i32, n.ConstBits(i32, uint64(int64(f.hi))), d)
		row = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: i32, Args: []int{valid, row, zero}})
		dyn = append(dyn, row)
		idx[r-2] = loopir.Index{Loop: -1, Dyn: 2}
	}
	v := b.LoadChecked(n, x, idx, 0, dyn...)
	ct := opkit.ComputeType(t.Elem)
	v = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: ct, Args: []int{valid, v, other(n, ct)}})
	b.Store(n, out, t.Elem, opkit.Identity(rr), v)
}

func checkSetDiag(c opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	if in[0].Rank() < 2 {
		return nil, fmt.Sprintf("input must be at least 2-dim, received shape: %s", in[0])
	}
	if in[1].Elem != in[0].Elem {
		return nil, fmt.Sprintf("diagonal must be of %s like input, got %s", in[0].Elem, in[1])
	}
	ki := 0
	if len(in) > 2 {
		ki = 2
	}
	f, m := checkDiagCommon(c, op, in, ki, false)
	if m != "" {
		return nil, m
	}
	want := f.hi - f.lo + 1
	if want == 1 {
		want = 0
	}
	if in[1].Rank() != in[0].Rank()-1+min(want, 1) {
		return nil, fmt.Sprintf("diagonal must have rank %d, received shape: %s", in[0].Rank()-1+min(want, 1), in[1])
	}
	return f, ""
}

// dimsSetDiag is input's dims, once the diagonal's are checked against
// them: [batch…, (num_diags,) max_diag_len].
func dimsSetDiag(op *mlir.Op, fa opkit.Facts, in [][]int, vals [][]int64) ([]int, string) {
	want, m := dimsDiagPart(op, fa, in[:1], vals)
	if m != "" {
		return nil, m
	}
	for a, d := range in[1] {
		if d != mlir.Dynamic && want[a] != mlir.Dynamic && d != want[a] {
			return nil, fmt.Sprintf("Either first dimensions of diagonal don't match input.shape[:-2], or diagonal.shape[:-1] is not equal to the diagonals' lengths. Expected diagonal shape: %v but received: %v", want, in[1])
		}
	}
	return in[0], ""
}

// lowerSetDiag is the band-matrix nest with input's elements off the band.
func lowerSetDiag(b opkit.Builder, op *mlir.Op, fa opkit.Facts, res *mlir.Value) {
	rank := len(b.Type(res).Dims)
	lowerBandMatrix(b, op, fa.(diags), res, op.Operands[1], func(n *loopir.Nest, _ memref.DType) int {
		return b.Load(n, op.Operands[0], opkit.Identity(rank))
	})
}
