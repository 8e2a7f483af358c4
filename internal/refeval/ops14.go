package refeval

import (
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"
	"math/bits"
	"sort"
	"strings"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// evalPopulationCount counts the set bits of each element's bit pattern in
// its own width (so -1 in i8 has 8), as ui8.
func evalPopulationCount(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	k := kindOf(x.dt)
	if k != kSigned && k != kUnsigned {
		return nil, errElemType(op, x.dt)
	}
	out, err := ev.alloc(op, memref.Uint8, x.shape)
	if err != nil {
		return nil, err
	}
	mask := uint64(math.MaxUint64) >> (64 - x.dt.Bits())
	for i := range out.u {
		out.u[i] = uint64(bits.OnesCount64(uint64(intBits(x, i)) & mask))
	}
	return out, nil
}

// evalSizeRank is tf.Size (element count, out_type i32 or i64) and tf.Rank
// (rank, i32) of any tensor; the result type says which integer type.
func evalSizeRank(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	rdt := op.Results[0].Type.Elem
	if rdt != memref.Int32 && rdt != memref.Int64 {
		return nil, opError(op, mlir.ErrInvalid, "result must be i32 or i64, got %v", rdt)
	}
	out, err := ev.alloc(op, rdt, []int{})
	if err != nil {
		return nil, err
	}
	v := int64(len(x.shape))
	if op.Name == "tf.Size" {
		v = int64(x.len())
		if rdt == memref.Int32 && v > math.MaxInt32 {
			return nil, opError(op, mlir.ErrInvalid, "Number of elements was larger than representable by 32-bit output type")
		}
	}
	out.s[0] = v
	return out, nil
}

// evalLinSpace is TensorFlow's LinSpace (core/kernels/sequence_ops.cc):
// start for num = 1; else step = (stop - start) / (num - 1) in the element
// type, value i = start + step·i (each operation rounded to the type) for
// i < num - 1, and the last value exactly stop.
func evalLinSpace(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 3)
	if err != nil {
		return nil, err
	}
	start, stop := in[0], in[1]
	if err := sameElemType(op, in, 0, 1); err != nil {
		return nil, err
	}
	dt := start.dt
	if kindOf(dt) != kFloat {
		return nil, errElemType(op, dt)
	}
	if len(start.shape) != 0 || len(stop.shape) != 0 {
		return nil, opError(op, mlir.ErrInvalid, "start and stop must be scalars, got shapes %s and %s", nd.Format(start.shape), nd.Format(stop.shape))
	}
	num, err := intScalar(op, in[2], "num", false)
	if err != nil {
		return nil, err
	}
	if num <= 0 {
		return nil, opError(op, mlir.ErrInvalid, "Requires num > 0: %d", num)
	}
	if num > int64(ev.cfg.maxElements) {
		return nil, opError(op, ErrLimit, "num %d is over the reference evaluator's limit of %d elements", num, ev.cfg.maxElements)
	}
	out, err := ev.alloc(op, dt, []int{int(num)})
	if err != nil {
		return nil, err
	}
	a, b := start.f[0], stop.f[0]
	if num == 1 {
		out.f[0] = a
		return out, nil
	}
	step := refmath.RoundTo(dt, refmath.RoundTo(dt, b-a)/refmath.RoundTo(dt, float64(num-1)))
	for i := int64(0); i < num-1; i++ {
		out.f[i] = refmath.RoundTo(dt, a+refmath.RoundTo(dt, step*refmath.RoundTo(dt, float64(i))))
	}
	out.f[num-1] = b
	return out, nil
}

// evalMatrixBandPart keeps element (…, m, n) of each innermost matrix when
// (num_lower < 0 or m - n <= num_lower) and (num_upper < 0 or n - m <=
// num_upper), and zeroes the rest (core/kernels/linalg/matrix_band_part_op.cc,
// whose errors it gives).
func evalMatrixBandPart(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 3)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if len(x.shape) < 2 {
		return nil, opError(op, mlir.ErrInvalid, "input must be at least 2-dim, received shape: %s", nd.Format(x.shape))
	}
	lower, err := intScalar(op, in[1], "num_lower", false)
	if err != nil {
		return nil, err
	}
	upper, err := intScalar(op, in[2], "num_upper", false)
	if err != nil {
		return nil, err
	}
	rows, cols := x.shape[len(x.shape)-2], x.shape[len(x.shape)-1]
	if lower > int64(rows) {
		return nil, opError(op, mlir.ErrInvalid, "num_lower must be negative or less or equal to number of rows (%d) got: %d", rows, lower)
	}
	if upper > int64(cols) {
		return nil, opError(op, mlir.ErrInvalid, "num_upper must be negative or less or equal to number of columns (%d) got: %d", cols, upper)
	}
	out, err := ev.alloc(op, x.dt, x.shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < x.len(); i++ {
		m, n := int64((i/cols)%rows), int64(i%cols)
		if (lower < 0 || m-n <= lower) && (upper < 0 || n-m <= upper) {
			copyElem(out, i, x, i)
		}
	}
	return out, nil
}

// paddingPairs reads an [rank, 2] paddings operand.
func paddingPairs(op *mlir.Op, p *array, rank int) ([][2]int, error) {
	if len(p.shape) != 2 || p.shape[0] != rank || p.shape[1] != 2 {
		return nil, opError(op, mlir.ErrInvalid, "paddings must be a matrix with 2 columns and %d rows: %s", rank, nd.Format(p.shape))
	}
	vals, err := intValues(op, p, "paddings")
	if err != nil {
		return nil, err
	}
	out := make([][2]int, rank)
	for d := range out {
		lo, hi := vals[2*d], vals[2*d+1]
		if lo < 0 || hi < 0 || lo > memref.MaxElements || hi > memref.MaxElements {
			return nil, opError(op, mlir.ErrInvalid, "Paddings must be non-negative: %d %d", lo, hi)
		}
		out[d] = [2]int{int(lo), int(hi)}
	}
	return out, nil
}

// evalMirrorPad pads by mirroring (core/kernels/image/mirror_pad_op.cc):
// REFLECT leaves the edge out (pads up to dim - 1), SYMMETRIC repeats it
// (pads up to dim).
func evalMirrorPad(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x := in[0]
	mode, err := attrString(op, "mode", "")
	if err != nil {
		return nil, err
	}
	off := 0 // REFLECT
	switch mode {
	case "REFLECT":
	case "SYMMETRIC":
		off = 1
	default:
		return nil, opError(op, mlir.ErrInvalid, "mode must be REFLECT or SYMMETRIC, got %q", mode)
	}
	pads, err := paddingPairs(op, in[1], len(x.shape))
	if err != nil {
		return nil, err
	}
	shape := make([]int64, len(x.shape))
	for d, p := range pads {
		if limit := x.shape[d] - 1 + off; p[0] > limit || p[1] > limit {
			return nil, opError(op, mlir.ErrInvalid, "paddings must be no greater than the dimension size: %d, %d greater than %d",
				p[0], p[1], limit)
		}
		shape[d] = int64(x.shape[d] + p[0] + p[1])
	}
	oshape, err := validShape(op, shape, "result shape")
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, x.dt, oshape)
	if err != nil {
		return nil, err
	}
	xs := nd.Strides(x.shape)
	coord := make([]int, len(oshape))
	for o := 0; o < out.len(); o++ {
		src := 0
		for d, c := range coord {
			i, n := c-pads[d][0], x.shape[d]
			switch {
			case i < 0:
				i = -i - off
			case i >= n:
				i = 2*n - 2 + off - i
			}
			src += i * xs[d]
		}
		copyElem(out, o, x, src)
		for d := len(coord) - 1; d >= 0; d-- {
			if coord[d]++; coord[d] < oshape[d] {
				break
			}
			coord[d] = 0
		}
	}
	return out, nil
}

// ndIndex reads the index vectors of GatherNd / ScatterNd: indices of
// shape [batch…, K] into shape, each a flat offset of a slice of
// nd.NumElements(shape[K:]) elements. An index outside shape is an error
// naming it, as TensorFlow's CPU kernels give.
func ndIndex(op *mlir.Op, idx *array, shape []int, what string) (batch []int, offs []int, slice int, err error) {
	if len(idx.shape) < 1 {
		return nil, nil, 0, opError(op, mlir.ErrInvalid, "indices must be at least a vector, got shape %s", nd.Format(idx.shape))
	}
	k := idx.shape[len(idx.shape)-1]
	if k > len(shape) {
		return nil, nil, 0, opError(op, mlir.ErrInvalid, "index innermost dimension length must be <= %s rank; saw: %d vs. %d", what, k, len(shape))
	}
	vals, err := intValues(op, idx, "indices")
	if err != nil {
		return nil, nil, 0, err
	}
	batch = idx.shape[:len(idx.shape)-1]
	st := nd.Strides(shape)
	offs = make([]int, nd.NumElements(batch))
	for n := range offs {
		row := vals[n*k : (n+1)*k]
		for j, v := range row {
			if v < 0 || v >= int64(shape[j]) {
				return nil, nil, 0, opError(op, mlir.ErrInvalid, "indices%s = [%s] does not index into %s shape %s",
					coordString(batch, n), joinInts(row), what, nd.Format(shape))
			}
			offs[n] += int(v) * st[j]
		}
	}
	return batch, offs, nd.NumElements(shape[k:]), nil
}

// evalGatherNd is params[indices[…, :]]: shape indices.shape[:-1] +
// params.shape[K:].
func evalGatherNd(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	params, idx := in[0], in[1]
	batch, offs, slice, err := ndIndex(op, idx, params.shape, "param")
	if err != nil {
		return nil, err
	}
	k := idx.shape[len(idx.shape)-1]
	shape := append(append([]int{}, batch...), params.shape[k:]...)
	if len(shape) > memref.MaxRank {
		return nil, opError(op, mlir.ErrInvalid, "result rank %d exceeds %d", len(shape), memref.MaxRank)
	}
	out, err := ev.alloc(op, params.dt, shape)
	if err != nil {
		return nil, err
	}
	for n, base := range offs {
		for e := 0; e < slice; e++ {
			copyElem(out, n*slice+e, params, base+e)
		}
	}
	return out, nil
}

// evalScatterNd is zeros of shape with updates added at indices
// (duplicates add, in row-major order, rounded at every step).
func evalScatterNd(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 3)
	if err != nil {
		return nil, err
	}
	idx, upd := in[0], in[1]
	if kindOf(upd.dt) == kBool {
		return nil, errElemType(op, upd.dt)
	}
	sv, err := intValues(op, in[2], "shape")
	if err != nil {
		return nil, err
	}
	if len(in[2].shape) != 1 {
		return nil, opError(op, mlir.ErrInvalid, "shape must be a vector, got shape %s", nd.Format(in[2].shape))
	}
	shape, err := validShape(op, sv, "shape")
	if err != nil {
		return nil, err
	}
	if nd.NumElements(shape) > ev.cfg.maxElements {
		return nil, opError(op, ErrLimit, "result %s is over the reference evaluator's limit of %d elements", nd.Format(shape), ev.cfg.maxElements)
	}
	batch, offs, slice, err := ndIndex(op, idx, shape, "output")
	if err != nil {
		return nil, err
	}
	k := idx.shape[len(idx.shape)-1]
	want := append(append([]int{}, batch...), shape[k:]...)
	if !sameShape(upd.shape, want) {
		return nil, opError(op, mlir.ErrInvalid, "updates must have shape %s (indices.shape[:-1] + shape[%d:]), got %s",
			nd.Format(want), k, nd.Format(upd.shape))
	}
	out, err := ev.alloc(op, upd.dt, shape)
	if err != nil {
		return nil, err
	}
	for n, base := range offs {
		for e := 0; e < slice; e++ {
			o, u := base+e, n*slice+e
			switch kindOf(upd.dt) {
			case kFloat:
				out.f[o] = refmath.RoundTo(upd.dt, out.f[o]+upd.f[u])
			case kComplex:
				out.c[o] = refmath.RoundC(upd.dt, out.c[o]+upd.c[u])
			default:
				storeInt(out, o, intBits(out, o)+intBits(upd, u))
			}
		}
	}
	return out, nil
}

// evalWhere is tf.Where with one operand: the coordinates (i64, shape [n,
// rank]) of its true or nonzero elements (NaN is nonzero), in row-major
// order. The result's size depends on the data.
func evalWhere(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	var hits []int
	for i := 0; i < x.len(); i++ {
		var nz bool
		switch kindOf(x.dt) {
		case kFloat:
			nz = x.f[i] != 0
		case kSigned:
			nz = x.s[i] != 0
		case kUnsigned:
			nz = x.u[i] != 0
		case kBool:
			nz = x.b[i]
		case kComplex:
			nz = x.c[i] != 0
		}
		if nz {
			hits = append(hits, i)
		}
	}
	r := len(x.shape)
	out, err := ev.alloc(op, memref.Int64, []int{len(hits), r})
	if err != nil {
		return nil, err
	}
	for n, i := range hits {
		for d := r - 1; d >= 0; d-- {
			out.s[n*r+d] = int64(i % x.shape[d])
			i /= x.shape[d]
		}
	}
	return out, nil
}

// topKOrder returns the indices of xs (one row) sorted by descending value,
// ties by ascending index (TensorFlow's TopKV2 is stable); NaN sorts above
// every number, as XLA's total order does for positive NaN.
func topKOrder(a *array, base, n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	greater := func(i, j int) bool {
		switch kindOf(a.dt) {
		case kFloat:
			x, y := a.f[base+i], a.f[base+j]
			if x != x || y != y {
				return x != x && y == y
			}
			return x > y
		case kUnsigned:
			return a.u[base+i] > a.u[base+j]
		}
		return a.s[base+i] > a.s[base+j]
	}
	sort.SliceStable(idx, func(p, q int) bool { return greater(idx[p], idx[q]) })
	return idx
}

// scatterCombine sets out[o] to out[o] combined with upd[u] by a
// TensorScatter op: Add and Sub rounded (or wrapped) one update at a time,
// Max and Min propagating NaN.
func scatterCombine(name string, out *array, o int, upd *array, u int) {
	switch kindOf(out.dt) {
	case kFloat:
		x, y := out.f[o], upd.f[u]
		switch name {
		case "tf.TensorScatterSub":
			out.f[o] = refmath.RoundTo(out.dt, x-y)
		case "tf.TensorScatterMax":
			out.f[o] = max(x, y)
		case "tf.TensorScatterMin":
			out.f[o] = min(x, y)
		default:
			out.f[o] = refmath.RoundTo(out.dt, x+y)
		}
	case kComplex:
		if name == "tf.TensorScatterSub" {
			out.c[o] = refmath.RoundC(out.dt, out.c[o]-upd.c[u])
		} else {
			out.c[o] = refmath.RoundC(out.dt, out.c[o]+upd.c[u])
		}
	case kUnsigned:
		x, y := out.u[o], upd.u[u]
		switch name {
		case "tf.TensorScatterSub":
			out.u[o] = refmath.WrapU(out.dt, x-y)
		case "tf.TensorScatterMax":
			out.u[o] = max(x, y)
		case "tf.TensorScatterMin":
			out.u[o] = min(x, y)
		default:
			out.u[o] = refmath.WrapU(out.dt, x+y)
		}
	default:
		x, y := out.s[o], upd.s[u]
		switch name {
		case "tf.TensorScatterSub":
			out.s[o] = refmath.WrapS(out.dt, x-y)
		case "tf.TensorScatterMax":
			out.s[o] = max(x, y)
		case "tf.TensorScatterMin":
			out.s[o] = min(x, y)
		default:
			out.s[o] = refmath.WrapS(out.dt, x+y)
		}
	}
}

// evalTopK is tf.TopKV2 (sorted = true): the k largest values along the
// last axis in descending order, equal values in index order (TensorFlow's
// kernel is stable), and their indices (i32). k must be in [0, last dim].
func evalTopK(ev *evaluator, op *mlir.Op) ([]*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x := in[0]
	k := kindOf(x.dt)
	if k == kBool || k == kComplex {
		return nil, errElemType(op, x.dt)
	}
	kv, err := intScalar(op, in[1], "k", false)
	if err != nil {
		return nil, err
	}
	if len(x.shape) < 1 {
		return nil, opError(op, mlir.ErrInvalid, "input must be >= 1-D, got shape %s", nd.Format(x.shape))
	}
	n := x.shape[len(x.shape)-1]
	if kv < 0 {
		return nil, opError(op, mlir.ErrInvalid, "Need k >= 0, got %d", kv)
	}
	if kv > int64(n) {
		return nil, opError(op, mlir.ErrInvalid, "input must have at least k columns. Had %d, needed %d", n, kv)
	}
	shape := append(append([]int{}, x.shape[:len(x.shape)-1]...), int(kv))
	vals, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	idx, err := ev.alloc(op, memref.Int32, shape)
	if err != nil {
		return nil, err
	}
	rows := nd.NumElements(x.shape[:len(x.shape)-1])
	for r := 0; r < rows && n > 0; r++ {
		order := topKOrder(x, r*n, n)
		for j := 0; j < int(kv); j++ {
			copyElem(vals, r*int(kv)+j, x, r*n+order[j])
			idx.s[r*int(kv)+j] = int64(order[j])
		}
	}
	return []*array{vals, idx}, nil
}

// evalSplit is tf.Split (axis, value; num_split equal parts) and tf.SplitV
// (value, size_splits, axis; at most one size -1, inferred).
func evalSplit(ev *evaluator, op *mlir.Op) ([]*array, error) {
	in, err := ev.operands(op, map[bool]int{true: 2, false: 3}[op.Name == "tf.Split"])
	if err != nil {
		return nil, err
	}
	var x, axisArr *array
	if op.Name == "tf.Split" {
		axisArr, x = in[0], in[1]
	} else {
		x, axisArr = in[0], in[2]
	}
	axis, err := intScalar(op, axisArr, "split_dim", false)
	if err != nil {
		return nil, err
	}
	if len(x.shape) == 0 {
		return nil, opError(op, mlir.ErrInvalid, "cannot split a scalar")
	}
	ax, err := wrapAxis(op, axis, len(x.shape), "split_dim")
	if err != nil {
		return nil, err
	}
	d := x.shape[ax]
	nres := len(op.Results)
	var sizes []int
	if op.Name == "tf.Split" {
		if nres == 0 || d%nres != 0 {
			return nil, opError(op, mlir.ErrInvalid, "Number of ways to split should evenly divide the split dimension, but got split_dim %d (size = %d) and num_split %d", ax, d, nres)
		}
		for range nres {
			sizes = append(sizes, d/nres)
		}
	} else {
		sv, err := intValues(op, in[1], "size_splits")
		if err != nil {
			return nil, err
		}
		if len(sv) != nres {
			return nil, opError(op, mlir.ErrInvalid, "size_splits has %d values for %d results", len(sv), nres)
		}
		unknown, sum := -1, int64(0)
		for i, v := range sv {
			switch {
			case v == -1 && unknown == -1:
				unknown = i
			case v < 0:
				return nil, opError(op, mlir.ErrInvalid, "Split size at index %d must be >= 0 (only one -1 allowed). Got: %d", i, v)
			default:
				sum += v
			}
		}
		if sum > int64(d) || (unknown == -1 && sum != int64(d)) {
			return nil, opError(op, mlir.ErrInvalid, "Determined shape must either match input shape along split_dim exactly if fully specified, or be less than the size of the input along split_dim if not fully specified.  Got: %d", sum)
		}
		for _, v := range sv {
			sizes = append(sizes, int(v))
		}
		if unknown >= 0 {
			sizes[unknown] = d - int(sum)
		}
	}
	outer, _, inner := nd.AxisLayout(x.shape, ax)
	var outs []*array
	start := 0
	for _, sz := range sizes {
		shape := append([]int{}, x.shape...)
		shape[ax] = sz
		out, err := ev.alloc(op, x.dt, shape)
		if err != nil {
			return nil, err
		}
		for o := 0; o < outer; o++ {
			for j := 0; j < sz; j++ {
				for i := 0; i < inner; i++ {
					copyElem(out, (o*sz+j)*inner+i, x, (o*d+start+j)*inner+i)
				}
			}
		}
		start += sz
		outs = append(outs, out)
	}
	return outs, nil
}

// evalUnpack is tf.Unpack: the num slices of value along axis (in
// [-rank, rank)), that axis removed.
func evalUnpack(ev *evaluator, op *mlir.Op) ([]*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	axis, err := attrInt(op, "axis", 0)
	if err != nil {
		return nil, err
	}
	if len(x.shape) == 0 {
		return nil, opError(op, mlir.ErrInvalid, "cannot unpack a scalar")
	}
	ax, err := wrapAxis(op, axis, len(x.shape), "axis")
	if err != nil {
		return nil, err
	}
	outer, n, inner := nd.AxisLayout(x.shape, ax)
	if n != len(op.Results) {
		return nil, opError(op, mlir.ErrInvalid, "Input shape axis %d must equal %d, got shape %s", ax, len(op.Results), nd.Format(x.shape))
	}
	shape := append(append([]int{}, x.shape[:ax]...), x.shape[ax+1:]...)
	var outs []*array
	for j := 0; j < n; j++ {
		out, err := ev.alloc(op, x.dt, shape)
		if err != nil {
			return nil, err
		}
		for o := 0; o < outer; o++ {
			for i := 0; i < inner; i++ {
				copyElem(out, o*inner+i, x, (o*n+j)*inner+i)
			}
		}
		outs = append(outs, out)
	}
	return outs, nil
}

// special2 is a two-argument special function as a binary op's float
// function (computed in float64; the caller rounds).
func special2(f func(x, y float64) float64) func(memref.DType, float64, float64) float64 {
	return func(_ memref.DType, x, y float64) float64 { return f(x, y) }
}

// evalBetainc is TF's BetaincOp (core/kernels/betainc_op.cc): a, b and x
// of one float type; those that are not rank 0 must have one shape, and
// rank-0 ones are broadcast.
func evalBetainc(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 3)
	if err != nil {
		return nil, err
	}
	if err := sameElemType(op, in, 0, 1, 2); err != nil {
		return nil, err
	}
	dt := in[0].dt
	if kindOf(dt) != kFloat {
		return nil, errElemType(op, dt)
	}
	names := [3]string{"a", "b", "x"}
	var shape []int
	for i := range in {
		if len(in[i].shape) == 0 {
			continue
		}
		shape = in[i].shape
		for j := i + 1; j < 3; j++ {
			if len(in[j].shape) > 0 && !sameShape(in[i].shape, in[j].shape) {
				return nil, opError(op, mlir.ErrInvalid, "Shapes of %s and %s are inconsistent: %v vs. %v", names[i], names[j], in[i].shape, in[j].shape)
			}
		}
	}
	if shape == nil {
		shape = []int{}
	}
	out, err := ev.alloc(op, dt, shape)
	if err != nil {
		return nil, err
	}
	nd.ForEachBroadcast(shape, [][]int{in[0].shape, in[1].shape, in[2].shape}, func(o int, i []int) {
		out.f[o] = refmath.RoundTo(dt, refmath.Betainc(in[0].f[i[0]], in[1].f[i[1]], in[2].f[i[2]]))
	})
	return out, nil
}

// evalUnique is tf.Unique, tf.UniqueV2 (operand 1: an axis of at most
// one element; none: x is a vector) and their counts forms: the distinct
// elements (slices along the axis) in order of first occurrence, each
// element's position among them, and how often each occurs. Elements
// compare with ==, as TF's hash map does: -0 equals +0, a NaN equals
// nothing, so a slice with a NaN is distinct from every other. Quadratic:
// each slice is compared with the distinct ones found before it.
func evalUnique(ev *evaluator, op *mlir.Op) ([]*array, error) {
	v2 := strings.HasSuffix(op.Name, "V2")
	counts := strings.Contains(op.Name, "Counts")
	want := 1
	if v2 {
		want = 2
	}
	in, err := ev.operands(op, want)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if kindOf(x.dt) == kComplex {
		return nil, errElemType(op, x.dt)
	}
	axis := -1
	if v2 {
		a := in[1]
		if len(a.shape) != 1 {
			return nil, opError(op, mlir.ErrInvalid, "axis expects a 1D vector.")
		}
		if a.len() > 1 {
			return nil, opError(op, mlir.ErrInvalid, "axis does not support input tensors larger than 1 elements")
		}
		if a.len() == 1 {
			v := intBits(a, 0)
			if v < 0 {
				v += int64(len(x.shape))
			}
			if v < 0 || v >= int64(len(x.shape)) {
				return nil, opError(op, mlir.ErrInvalid, "axis has to be between [0, %d)", len(x.shape))
			}
			axis = int(v)
		}
	}
	if axis < 0 {
		if len(x.shape) != 1 {
			return nil, opError(op, mlir.ErrInvalid, "unique expects a 1D vector.")
		}
		axis = 0
	}
	outer, n := nd.NumElements(x.shape[:axis]), x.shape[axis]
	inner := nd.NumElements(x.shape[axis+1:])
	equal := func(i, j int) bool { // slices i and j
		for o := 0; o < outer; o++ {
			for e := 0; e < inner; e++ {
				p, q := (o*n+i)*inner+e, (o*n+j)*inner+e
				var eq bool
				switch kindOf(x.dt) {
				case kFloat:
					eq = x.f[p] == x.f[q]
				case kSigned:
					eq = x.s[p] == x.s[q]
				case kUnsigned:
					eq = x.u[p] == x.u[q]
				case kBool:
					eq = x.b[p] == x.b[q]
				}
				if !eq {
					return false
				}
			}
		}
		return true
	}
	var firsts []int
	pos := make([]int, n)
	for i := 0; i < n; i++ {
		pos[i] = -1
		for u, f := range firsts {
			if equal(f, i) {
				pos[i] = u
				break
			}
		}
		if pos[i] < 0 {
			pos[i] = len(firsts)
			firsts = append(firsts, i)
		}
	}
	shape := append([]int{}, x.shape...)
	shape[axis] = len(firsts)
	y, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	for o := 0; o < outer; o++ {
		for u, f := range firsts {
			for e := 0; e < inner; e++ {
				copyElem(y, (o*len(firsts)+u)*inner+e, x, (o*n+f)*inner+e)
			}
		}
	}
	it := op.Results[1].Type.Elem
	if it != memref.Int32 && it != memref.Int64 {
		return nil, opError(op, mlir.ErrInvalid, "out_idx must be i32 or i64, declared %s", op.Results[1].Type)
	}
	idx, err := ev.alloc(op, it, []int{n})
	if err != nil {
		return nil, err
	}
	for i, p := range pos {
		idx.s[i] = int64(p)
	}
	outs := []*array{y, idx}
	if counts {
		c, err := ev.alloc(op, it, []int{len(firsts)})
		if err != nil {
			return nil, err
		}
		for _, p := range pos {
			c.s[p]++
		}
		outs = append(outs, c)
	}
	return outs, nil
}
