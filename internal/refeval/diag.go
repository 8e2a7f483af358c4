package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/memref"
)

// Matrix diagonals follow TensorFlow's MatrixDiagV3 / MatrixDiagPartV3
// (core/kernels/linalg/matrix_diag_op.cc): a band of diagonals k0..k1 (d
// = column - row) of the innermost [M, N] matrices; diagonal d is stored
// at index k1 - d of the band, diagonals shorter than the longest padded
// on the left or the right as align says ("RIGHT_LEFT", the default:
// superdiagonals right-aligned, subdiagonals left-aligned). The V1 forms
// are k = 0 with zero padding (MatrixDiag: a square matrix); the V2 forms
// take V3's operands with "LEFT_LEFT" alignment always.

// diagAlign reads align: whether superdiagonals (d >= 0) and
// subdiagonals (d <= 0) are right-aligned.
func diagAlign(op *mlir.Op) (superRight, subRight bool, err error) {
	if op.Name == "tf.MatrixDiagV2" || op.Name == "tf.MatrixDiagPartV2" || op.Name == "tf.MatrixSetDiagV2" {
		return false, false, nil // V2 left-aligns every diagonal
	}
	a, err := attrString(op, "align", "RIGHT_LEFT")
	if err != nil {
		return false, false, err
	}
	switch a {
	case "RIGHT_LEFT":
		return true, false, nil
	case "LEFT_RIGHT":
		return false, true, nil
	case "LEFT_LEFT":
		return false, false, nil
	case "RIGHT_RIGHT":
		return true, true, nil
	}
	return false, false, opError(op, mlir.ErrInvalid, "align must be RIGHT_LEFT, LEFT_RIGHT, LEFT_LEFT or RIGHT_RIGHT, got %q", a)
}

// diagK reads the k operand: a scalar or a pair [k0, k1] with k0 <= k1.
func diagK(op *mlir.Op, a *array) (k0, k1 int, err error) {
	v, err := intValues(op, a, "k")
	if err != nil {
		return 0, 0, err
	}
	if len(a.shape) > 1 || len(v) < 1 || len(v) > 2 {
		return 0, 0, opError(op, mlir.ErrInvalid, "diag_index must be a scalar or a vector of 1 or 2 elements, got shape %s", nd.Format(a.shape))
	}
	lo, hi := v[0], v[len(v)-1]
	if lo > hi {
		return 0, 0, opError(op, mlir.ErrInvalid, "lower_diag_index must not be larger than upper_diag_index: %d > %d", lo, hi)
	}
	if lo < -memref.MaxElements || hi > memref.MaxElements {
		return 0, 0, opError(op, mlir.ErrInvalid, "diag_index %v is out of range", v)
	}
	return int(lo), int(hi), nil
}

// copyDiag copies element src of x (the padding value pad when src is -1)
// to element o of out.
func copyDiag(out *array, o int, x *array, src int, pad *array) {
	if src < 0 {
		copyElem(out, o, pad, 0)
	} else {
		copyElem(out, o, x, src)
	}
}

// paddingScalar reads a rank-0 padding_value of x's element type.
func paddingScalar(op *mlir.Op, p, x *array) error {
	if p.dt != x.dt || len(p.shape) != 0 {
		return opError(op, mlir.ErrInvalid, "padding_value must be a scalar of %v, got %s", x.dt, memref.TypeString(p.dt, p.shape))
	}
	return nil
}

// evalMatrixDiagPart is MatrixDiagPart (V1) and MatrixDiagPartV3.
func evalMatrixDiagPart(ev *evaluator, op *mlir.Op) (*array, error) {
	v3 := op.Name == "tf.MatrixDiagPartV3" || op.Name == "tf.MatrixDiagPartV2"
	n := 1
	if v3 {
		n = 3
	}
	in, err := ev.operands(op, n)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if len(x.shape) < 2 {
		return nil, opError(op, mlir.ErrInvalid, "input must be at least 2-dim, received shape: %s", nd.Format(x.shape))
	}
	k0, k1, superRight, subRight := 0, 0, true, false
	pad := newArray(x.dt, nil)
	if v3 {
		if k0, k1, err = diagK(op, in[1]); err != nil {
			return nil, err
		}
		if err := paddingScalar(op, in[2], x); err != nil {
			return nil, err
		}
		pad = in[2]
		if superRight, subRight, err = diagAlign(op); err != nil {
			return nil, err
		}
	}
	r := len(x.shape)
	m, nc := x.shape[r-2], x.shape[r-1]
	if (m > 0 && k0 <= -m) || (nc > 0 && k1 >= nc) {
		return nil, opError(op, mlir.ErrInvalid, "Diagonal index %d..%d out of bounds for a %dx%d matrix", k0, k1, m, nc)
	}
	maxLen := min(m+min(k1, 0), nc-max(k0, 0))
	ndiag := k1 - k0 + 1
	shape := append([]int{}, x.shape[:r-2]...)
	if ndiag > 1 {
		shape = append(shape, ndiag)
	}
	shape = append(shape, max(maxLen, 0))
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	band := nd.DiagBand{M: m, N: nc, K0: k0, K1: k1, MaxLen: maxLen, SuperRight: superRight, SubRight: subRight}
	band.Part(nd.NumElements(x.shape[:r-2]), func(o, src int) { copyDiag(out, o, x, src, pad) })
	return out, nil
}

// evalMatrixDiag is MatrixDiag (V1: a square matrix with diagonal's last
// dim on its main diagonal, zeros elsewhere) and MatrixDiagV3 (diagonal,
// k, num_rows, num_cols, padding_value; -1 sizes inferred as TensorFlow
// does).
func evalMatrixDiag(ev *evaluator, op *mlir.Op) (*array, error) {
	v3 := op.Name == "tf.MatrixDiagV3" || op.Name == "tf.MatrixDiagV2"
	n := 1
	if v3 {
		n = 5
	}
	in, err := ev.operands(op, n)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if len(x.shape) < 1 {
		return nil, opError(op, mlir.ErrInvalid, "diagonal must be at least 1-dim, received shape: %s", nd.Format(x.shape))
	}
	k0, k1, superRight, subRight := 0, 0, true, false
	rows, cols := int64(-1), int64(-1)
	pad := newArray(x.dt, nil)
	if v3 {
		if k0, k1, err = diagK(op, in[1]); err != nil {
			return nil, err
		}
		if rows, err = intScalar(op, in[2], "num_rows", false); err != nil {
			return nil, err
		}
		if cols, err = intScalar(op, in[3], "num_cols", false); err != nil {
			return nil, err
		}
		if err := paddingScalar(op, in[4], x); err != nil {
			return nil, err
		}
		pad = in[4]
		if superRight, subRight, err = diagAlign(op); err != nil {
			return nil, err
		}
	}
	r := len(x.shape)
	ndiag := k1 - k0 + 1
	if ndiag > 1 && (r < 2 || x.shape[r-2] != ndiag) {
		return nil, opError(op, mlir.ErrInvalid, "The number of diagonals provided in the input does not match the lower_diag_index and upper_diag_index range: %s for k %d..%d", nd.Format(x.shape), k0, k1)
	}
	maxLen := x.shape[r-1]
	minRows, minCols := int64(maxLen-min(k1, 0)), int64(maxLen+max(k0, 0))
	switch {
	case rows == -1 && cols == -1:
		rows = max(minRows, minCols)
		cols = rows
	case rows == -1:
		rows = minRows
	case cols == -1:
		cols = minCols
	}
	if rows < minRows || cols < minCols || rows > memref.MaxElements || cols > memref.MaxElements {
		return nil, opError(op, mlir.ErrInvalid, "The number of rows or columns is not consistent with the specified d_lower, d_upper, and diagonal: %d x %d", rows, cols)
	}
	if rows != minRows && cols != minCols {
		return nil, opError(op, mlir.ErrInvalid, "num_rows and num_cols are not consistent with the specified d_lower, d_upper, and diagonal (%d x %d)", rows, cols)
	}
	batchShape := x.shape[:r-1]
	if ndiag > 1 {
		batchShape = x.shape[:r-2]
	}
	m, nc := int(rows), int(cols)
	shape := append(append([]int{}, batchShape...), m, nc)
	if len(shape) > memref.MaxRank {
		return nil, opError(op, mlir.ErrInvalid, "result rank %d exceeds %d", len(shape), memref.MaxRank)
	}
	if _, err := memref.NumElements(shape); err != nil {
		return nil, opError(op, mlir.ErrInvalid, "result %s: %v", nd.Format(shape), err)
	}
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	band := nd.DiagBand{M: m, N: nc, K0: k0, K1: k1, MaxLen: maxLen, SuperRight: superRight, SubRight: subRight}
	band.Matrix(out.len(), func(o, src int) { copyDiag(out, o, x, src, pad) })
	return out, nil
}

// evalBitcast is tf.Bitcast: the same bytes read as the result's element
// type (the type attribute). Equal sizes keep the shape; a wider input
// gains a last dim of the size ratio; a narrower one loses its last dim,
// which must be that ratio. Floats are held as values, so a NaN keeps
// being NaN but not necessarily its payload bits.
func evalBitcast(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	to := op.Results[0].Type.Elem
	if ta, ok := op.Attr("type").(mlir.TypeAttr); ok && ta.Elem.Valid() {
		to = ta.Elem
	}
	if !to.Valid() || to == memref.Bool || x.dt == memref.Bool {
		return nil, opError(op, mlir.ErrInvalid, "cannot bitcast %v to %v", x.dt, to)
	}
	shape := append([]int{}, x.shape...)
	si, so := x.dt.Size(), to.Size()
	switch {
	case si > so:
		shape = append(shape, si/so)
	case si < so:
		if len(shape) == 0 || shape[len(shape)-1] != so/si {
			return nil, opError(op, mlir.ErrInvalid, "Cannot bitcast from %v to %v: shape %s does not end in %d", x.dt, to, nd.Format(x.shape), so/si)
		}
		shape = shape[:len(shape)-1]
	}
	if len(shape) > memref.MaxRank {
		return nil, opError(op, mlir.ErrInvalid, "result rank %d exceeds %d", len(shape), memref.MaxRank)
	}
	if _, err := ev.alloc(op, to, shape); err != nil { // the element limit
		return nil, err
	}
	t := store(x)
	t.DType, t.Shape = to, shape
	return load(t), nil
}

// evalMatrixSetDiag is MatrixSetDiag (V1: the main diagonal) and
// MatrixSetDiagV2/V3 (input, diagonal, k): input with the band of
// diagonals k replaced by diagonal, laid out as MatrixDiagPartV3 gives
// it (core/kernels/linalg/matrix_set_diag_op.cc).
func evalMatrixSetDiag(ev *evaluator, op *mlir.Op) (*array, error) {
	v1 := op.Name == "tf.MatrixSetDiag"
	n := 3
	if v1 {
		n = 2
	}
	in, err := ev.operands(op, n)
	if err != nil {
		return nil, err
	}
	x, dg := in[0], in[1]
	if len(x.shape) < 2 {
		return nil, opError(op, mlir.ErrInvalid, "input must be at least 2-dim, received shape: %s", nd.Format(x.shape))
	}
	if dg.dt != x.dt {
		return nil, opError(op, mlir.ErrInvalid, "diagonal must be of %v, got %v", x.dt, dg.dt)
	}
	k0, k1, superRight, subRight := 0, 0, true, false
	if !v1 {
		if k0, k1, err = diagK(op, in[2]); err != nil {
			return nil, err
		}
		if superRight, subRight, err = diagAlign(op); err != nil {
			return nil, err
		}
	}
	r := len(x.shape)
	m, nc := x.shape[r-2], x.shape[r-1]
	if (m > 0 && k0 <= -m) || (nc > 0 && k1 >= nc) {
		return nil, opError(op, mlir.ErrInvalid, "Diagonal index %d..%d out of bounds for a %dx%d matrix", k0, k1, m, nc)
	}
	maxLen := min(m+min(k1, 0), nc-max(k0, 0))
	want := append([]int{}, x.shape[:r-2]...)
	if k1 > k0 {
		want = append(want, k1-k0+1)
	}
	want = append(want, max(maxLen, 0))
	if nd.Format(want) != nd.Format(dg.shape) {
		return nil, opError(op, mlir.ErrInvalid, "diagonal has shape %s, expected %s", nd.Format(dg.shape), nd.Format(want))
	}
	out, err := ev.alloc(op, x.dt, x.shape)
	if err != nil {
		return nil, err
	}
	band := nd.DiagBand{M: m, N: nc, K0: k0, K1: k1, MaxLen: maxLen, SuperRight: superRight, SubRight: subRight}
	band.Matrix(out.len(), func(o, src int) {
		if src < 0 {
			copyElem(out, o, x, o)
		} else {
			copyElem(out, o, dg, src)
		}
	})
	return out, nil
}
