package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"

	"github.com/sandjit/sandjit/memref"
)

// evalArgMinMax gives the index of the first largest (ArgMax) or smallest
// (ArgMin) element along axis (a scalar in [-rank, rank), over a non-empty
// dim); the result type (output_type) is i32 or i64. A NaN counts as both
// the largest and the smallest value, so the first NaN wins, consistent
// with the NaN-propagating Max and Min (numpy's and XLA's rule; TensorFlow's
// CPU kernel skips NaN instead).
func evalArgMinMax(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x, rdt := in[0], op.Results[0].Type.Elem
	if kindOf(x.dt) == kBool || kindOf(x.dt) == kComplex {
		return nil, errElemType(op, x.dt)
	}
	if rdt != memref.Int32 && rdt != memref.Int64 {
		return nil, opError(op, mlir.ErrInvalid, "output_type must be i32 or i64, got %v", rdt)
	}
	axis, err := intScalar(op, in[1], "dimension", false)
	if err != nil {
		return nil, err
	}
	ax, err := wrapAxis(op, axis, len(x.shape), "Expected dimension in the range")
	if err != nil {
		return nil, err
	}
	outer, n, inner := nd.AxisLayout(x.shape, ax)
	if n == 0 {
		return nil, opError(op, mlir.ErrInvalid, "Reduction axis %d is empty in shape %s", ax, nd.Format(x.shape))
	}
	if rdt == memref.Int32 && n > math.MaxInt32 {
		return nil, opError(op, mlir.ErrInvalid, "dim %d of size %d does not fit i32 indices", ax, n)
	}
	shape := append(append([]int{}, x.shape[:ax]...), x.shape[ax+1:]...)
	out, err := ev.alloc(op, rdt, shape)
	if err != nil {
		return nil, err
	}
	isMax := op.Name == "tf.ArgMax"
	// better reports whether element i beats the best so far, element b.
	better := func(i, b int) bool {
		switch kindOf(x.dt) {
		case kFloat:
			v, w := x.f[i], x.f[b]
			if w != w { // a NaN holds its place
				return false
			}
			return v != v || (isMax && v > w) || (!isMax && v < w)
		case kSigned:
			return (isMax && x.s[i] > x.s[b]) || (!isMax && x.s[i] < x.s[b])
		}
		return (isMax && x.u[i] > x.u[b]) || (!isMax && x.u[i] < x.u[b])
	}
	for o := 0; o < outer; o++ {
		for i := 0; i < inner; i++ {
			best := 0
			for j := 1; j < n; j++ {
				if better((o*n+j)*inner+i, (o*n+best)*inner+i) {
					best = j
				}
			}
			out.s[o*inner+i] = int64(best)
		}
	}
	return out, nil
}

// evalCumsum is the running sum along axis (a scalar in [-rank, rank)).
// exclusive leaves out the element itself (the first sum is 0); reverse
// runs from the end of the dim. The running sum is kept in the element type,
// as TensorFlow's CPU kernel (Eigen's scan) and numpy keep it: each float
// partial sum is rounded (f16 too), integer sums wrap.
func evalCumsum(ev *evaluator, op *mlir.Op) (*array, error) { return evalScan(ev, op, false) }

// evalCumprod is tf.Cumprod: the running product, starting from 1, with
// the same axis, exclusive and reverse rules and the same rounding (floats)
// or wrapping (integers) at every step.
func evalCumprod(ev *evaluator, op *mlir.Op) (*array, error) { return evalScan(ev, op, true) }

// evalScan is the running sum (prod false) or product along an axis.
func evalScan(ev *evaluator, op *mlir.Op, prod bool) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if kindOf(x.dt) == kBool {
		return nil, errElemType(op, x.dt)
	}
	axis, err := intScalar(op, in[1], "axis", false)
	if err != nil {
		return nil, err
	}
	ax, err := wrapAxis(op, axis, len(x.shape), "axis")
	if err != nil {
		return nil, err
	}
	exclusive, err := attrBool(op, "exclusive", false)
	if err != nil {
		return nil, err
	}
	reverse, err := attrBool(op, "reverse", false)
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, x.dt, x.shape)
	if err != nil {
		return nil, err
	}
	outer, n, inner := nd.AxisLayout(x.shape, ax)
	for o := 0; o < outer; o++ {
		for i := 0; i < inner; i++ {
			fs, is, cs := 0.0, int64(0), complex128(0)
			if prod {
				fs, is, cs = 1, 1, 1
			}
			for step := 0; step < n; step++ {
				j := step
				if reverse {
					j = n - 1 - step
				}
				e := (o*n+j)*inner + i
				step := func() {
					switch k := kindOf(x.dt); {
					case k == kFloat && prod:
						fs = refmath.RoundTo(x.dt, fs*x.f[e])
					case k == kFloat:
						fs = refmath.RoundTo(x.dt, fs+x.f[e])
					case k == kComplex && prod:
						cs = refmath.RoundC(x.dt, cs*x.c[e])
					case k == kComplex:
						cs = refmath.RoundC(x.dt, cs+x.c[e])
					case prod:
						is *= intBits(x, e)
					default:
						is += intBits(x, e)
					}
				}
				if !exclusive {
					step()
				}
				switch kindOf(x.dt) {
				case kFloat:
					out.f[e] = fs
				case kComplex:
					out.c[e] = cs
				default:
					storeInt(out, e, is)
				}
				if exclusive {
					step()
				}
			}
		}
	}
	return out, nil
}

// evalRange is TensorFlow's RangeOp: start, limit and delta are scalars
// (or one-element vectors) of one type; delta != 0 and the range must run
// in delta's direction. The size is ceil(|limit - start| / |delta|) for
// integers (computed exactly) and ceil(|(limit - start) / delta|) for
// floats with limit - start and the quotient each rounded to the element
// type, as TensorFlow computes it (core/kernels/sequence_ops.cc RangeOp:
// Eigen::numext::ceil(Eigen::numext::abs((limit - start) / delta)) in T;
// the XLA lowering, legalize_tf.cc ConvertDynamicRangeOp, divides and
// takes ceil in the element type too), so f32 Range(0, 0.3, 0.1) has 3
// elements where float64 would give 4. Element i is start + i·delta,
// computed in float64 and rounded once.
func evalRange(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 3)
	if err != nil {
		return nil, err
	}
	if err := sameElemType(op, in, 0, 1, 2); err != nil {
		return nil, err
	}
	names := []string{"start", "limit", "delta"}
	for j, a := range in {
		if a.len() != 1 || len(a.shape) > 1 {
			return nil, opError(op, mlir.ErrInvalid, "%s must be a scalar, not shape %s", names[j], nd.Format(a.shape))
		}
	}
	dt := in[0].dt
	if kindOf(dt) == kComplex {
		return nil, errElemType(op, dt)
	}
	var size int64
	switch kindOf(dt) {
	case kFloat:
		start, limit, delta := in[0].f[0], in[1].f[0], in[2].f[0]
		if err := rangeChecks(op, delta == 0, delta > 0, start <= limit, start >= limit, start, limit, delta); err != nil {
			return nil, err
		}
		n := math.Ceil(math.Abs(refmath.RoundTo(dt, refmath.RoundTo(dt, limit-start)/delta)))
		if !(n <= memref.MaxElements) {
			return nil, opError(op, mlir.ErrInvalid, "Requires ((limit - start) / delta) <= %d, got (%v - %v) / %v",
				memref.MaxElements, limit, start, delta)
		}
		size = int64(n)
	case kSigned, kUnsigned:
		start, limit, delta := intBits(in[0], 0), intBits(in[1], 0), intBits(in[2], 0)
		var span, step uint64 // |limit - start| and |delta|, exact
		if kindOf(dt) == kUnsigned {
			s, l, d := uint64(start), uint64(limit), uint64(delta)
			if err := rangeChecks(op, d == 0, true, s <= l, s >= l, s, l, d); err != nil {
				return nil, err
			}
			span, step = l-s, d
		} else {
			if err := rangeChecks(op, delta == 0, delta > 0, start <= limit, start >= limit, start, limit, delta); err != nil {
				return nil, err
			}
			span, step = uint64(limit-start), uint64(delta) // two's complement differences are exact modulo 2^64
			if delta < 0 {
				span, step = uint64(start-limit), -uint64(delta)
			}
		}
		n := span / step
		if span%step != 0 {
			n++
		}
		if n > memref.MaxElements {
			return nil, opError(op, mlir.ErrInvalid, "range of %d elements is too large", n)
		}
		size = int64(n)
	default:
		return nil, errElemType(op, dt)
	}
	out, err := ev.alloc(op, dt, []int{int(size)})
	if err != nil {
		return nil, err
	}
	switch kindOf(dt) {
	case kFloat:
		for i := range out.f {
			out.f[i] = refmath.RoundTo(dt, in[0].f[0]+float64(i)*in[2].f[0])
		}
	default:
		v, d := intBits(in[0], 0), intBits(in[2], 0)
		for i := 0; i < int(size); i++ {
			storeInt(out, i, v)
			v += d
		}
	}
	return out, nil
}

// rangeChecks gives TensorFlow's Range errors.
func rangeChecks[T any](op *mlir.Op, zero, positive, ascending, descending bool, start, limit, delta T) error {
	switch {
	case zero:
		return opError(op, mlir.ErrInvalid, "Requires delta != 0: %v", delta)
	case positive && !ascending:
		return opError(op, mlir.ErrInvalid, "Requires start <= limit when delta > 0: %v/%v", start, limit)
	case !positive && !descending:
		return opError(op, mlir.ErrInvalid, "Requires start >= limit when delta < 0: %v/%v", start, limit)
	}
	return nil
}

// evalOneHot gives, for each index, a vector of depth elements that is
// on_value at the index and off_value elsewhere (so every element is
// off_value for a negative or too large index). The new dim is at axis
// (attribute, default -1: last).
func evalOneHot(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 4)
	if err != nil {
		return nil, err
	}
	idx, on, off := in[0], in[2], in[3]
	indices, err := intValues(op, idx, "indices")
	if err != nil {
		return nil, err
	}
	depth, err := intScalar(op, in[1], "depth", false)
	if err != nil {
		return nil, err
	}
	if depth < 0 {
		return nil, opError(op, mlir.ErrInvalid, "depth must be non-negative, got: %d", depth)
	}
	if len(on.shape) != 0 || len(off.shape) != 0 {
		return nil, opError(op, mlir.ErrInvalid, "on_value and off_value must be scalars, got shapes %s and %s",
			nd.Format(on.shape), nd.Format(off.shape))
	}
	if err := sameElemType(op, in, 2, 3); err != nil {
		return nil, err
	}
	axis, err := attrInt(op, "axis", -1)
	if err != nil {
		return nil, err
	}
	r := int64(len(idx.shape))
	if axis < -1 || axis > r {
		return nil, opError(op, mlir.ErrInvalid, "Expected axis to be -1 or between [0, %d).  But received: %d", r+1, axis)
	}
	if axis == -1 {
		axis = r
	}
	dims := make([]int64, 0, r+1)
	for _, d := range idx.shape[:axis] {
		dims = append(dims, int64(d))
	}
	dims = append(dims, depth)
	for _, d := range idx.shape[axis:] {
		dims = append(dims, int64(d))
	}
	shape, err := validShape(op, dims, "result shape")
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, on.dt, shape)
	if err != nil {
		return nil, err
	}
	outer, n, inner := nd.AxisLayout(shape, int(axis))
	for o := 0; o < outer; o++ {
		for j := 0; j < n; j++ {
			for i := 0; i < inner; i++ {
				if indices[o*inner+i] == int64(j) {
					copyElem(out, (o*n+j)*inner+i, on, 0)
				} else {
					copyElem(out, (o*n+j)*inner+i, off, 0)
				}
			}
		}
	}
	return out, nil
}

// coordString prints the row-major coordinate of flat index i in shape as
// TensorFlow's index errors do: "[1,0]" ("" for rank 0).
func coordString(shape []int, i int) string {
	if len(shape) == 0 {
		return ""
	}
	c := make([]int64, len(shape))
	for k := len(shape) - 1; k >= 0; k-- {
		c[k] = int64(i % shape[k])
		i /= shape[k]
	}
	return "[" + joinInts(c) + "]"
}

// evalGather is tf.Gather (axis 0) and tf.GatherV2 (axis operand in
// [-rank, rank), batch_dims attribute, negative counting from the indices'
// rank): result[b…, p…, i…, q…] = params[b…, p…, indices[b…, i…], q…] with
// batch dims b (shared by params and indices), the params dims p before
// axis and q after it. An index outside [0, params dim) is an error naming
// its position, as on TensorFlow's CPU.
func evalGather(ev *evaluator, op *mlir.Op) (*array, error) {
	want := 2
	if op.Name == "tf.GatherV2" {
		want = 3
	}
	in, err := ev.operands(op, want)
	if err != nil {
		return nil, err
	}
	params, idx := in[0], in[1]
	indices, err := intValues(op, idx, "indices")
	if err != nil {
		return nil, err
	}
	pr, ir := len(params.shape), len(idx.shape)
	axis, batchDims := int64(0), int64(0)
	if want == 3 {
		if axis, err = intScalar(op, in[2], "axis", true); err != nil {
			return nil, err
		}
		if batchDims, err = attrInt(op, "batch_dims", 0); err != nil {
			return nil, err
		}
	}
	if batchDims < 0 {
		batchDims += int64(ir)
	}
	if batchDims < 0 || batchDims > int64(ir) {
		return nil, opError(op, mlir.ErrInvalid, "Expected batch_dims in the range [%d, %d], but got %d", -ir, ir, batchDims)
	}
	if pr == 0 {
		return nil, opError(op, mlir.ErrInvalid, "params must be at least 1 dimensional")
	}
	ax, err := wrapAxis(op, axis, pr, "Expected axis in the range")
	if err != nil {
		return nil, err
	}
	bd := int(batchDims)
	if bd > ax {
		return nil, opError(op, mlir.ErrInvalid, "batch_dims (%d) must be less than or equal to axis (%d).", bd, ax)
	}
	for k := 0; k < bd; k++ {
		if params.shape[k] != idx.shape[k] {
			return nil, opError(op, mlir.ErrInvalid, "params.shape[%d]: %d should be equal to indices.shape[%d]: %d",
				k, params.shape[k], k, idx.shape[k])
		}
	}
	limit := int64(params.shape[ax])
	for i, v := range indices {
		if v < 0 || v >= limit {
			return nil, opError(op, mlir.ErrInvalid, "indices%s = %d is not in [0, %d)", coordString(idx.shape, i), v, limit)
		}
	}
	shape := append(append(append([]int{}, params.shape[:ax]...), idx.shape[bd:]...), params.shape[ax+1:]...)
	if len(shape) > memref.MaxRank {
		return nil, opError(op, mlir.ErrInvalid, "result rank %d exceeds %d", len(shape), memref.MaxRank)
	}
	out, err := ev.alloc(op, params.dt, shape)
	if err != nil {
		return nil, err
	}
	ps, is := nd.Strides(params.shape), nd.Strides(idx.shape)
	ni := ir - bd // index dims in the result, after the params dims before axis
	nd.ForEachCoord(shape, func(o int, c []int) {
		ii := 0
		for k := 0; k < bd; k++ {
			ii += c[k] * is[k]
		}
		for k := 0; k < ni; k++ {
			ii += c[ax+k] * is[bd+k]
		}
		pi := int(indices[ii]) * ps[ax]
		for k := 0; k < ax; k++ {
			pi += c[k] * ps[k]
		}
		for k := ax + 1; k < pr; k++ {
			pi += c[k-1+ni] * ps[k]
		}
		copyElem(out, o, params, pi)
	})
	return out, nil
}

// evalTensorScatter is tf.TensorScatterUpdate / tf.TensorScatterAdd: a copy
// of tensor where, for each index vector indices[n…, :] (its last dim K is
// at most tensor's rank), the slice tensor[index, …] is replaced by (or, for
// Add, added to) updates[n…, …]; updates has shape indices.shape[:-1] +
// tensor.shape[K:]. Updates are applied in row-major order, so with
// repeated indices the last update wins and additions are rounded (or
// wrapped) one at a time. An index out of range is an error naming it.
func evalTensorScatter(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 3)
	if err != nil {
		return nil, err
	}
	t, idx, upd := in[0], in[1], in[2]
	if err := sameElemType(op, in, 0, 2); err != nil {
		return nil, err
	}
	isAdd := op.Name != "tf.TensorScatterUpdate" // Add, Sub, Max, Min combine
	if isAdd && kindOf(t.dt) == kBool || (op.Name == "tf.TensorScatterMax" || op.Name == "tf.TensorScatterMin") && kindOf(t.dt) == kComplex {
		return nil, errElemType(op, t.dt)
	}
	indices, err := intValues(op, idx, "indices")
	if err != nil {
		return nil, err
	}
	if len(idx.shape) < 1 {
		return nil, opError(op, mlir.ErrInvalid, "Indices shape must have rank at least one. Found:%s", nd.Format(idx.shape))
	}
	k := idx.shape[len(idx.shape)-1]
	if k > len(t.shape) {
		return nil, opError(op, mlir.ErrInvalid, "Index innermost dimension length must be <= tensor rank; saw: %d vs. %d", k, len(t.shape))
	}
	batch := idx.shape[:len(idx.shape)-1]
	wantUpd := append(append([]int{}, batch...), t.shape[k:]...)
	if !sameShape(upd.shape, wantUpd) {
		return nil, opError(op, mlir.ErrInvalid, "updates must have shape %s (indices.shape[:-1] + tensor.shape[%d:]), got %s",
			nd.Format(wantUpd), k, nd.Format(upd.shape))
	}
	out, err := ev.alloc(op, t.dt, t.shape)
	if err != nil {
		return nil, err
	}
	for i := 0; i < t.len(); i++ {
		copyElem(out, i, t, i)
	}
	ts := nd.Strides(t.shape)
	slice := nd.NumElements(t.shape[k:])
	for n := 0; n < nd.NumElements(batch); n++ {
		row := indices[n*k : (n+1)*k]
		base := 0
		for j, v := range row {
			if v < 0 || v >= int64(t.shape[j]) {
				return nil, opError(op, mlir.ErrInvalid, "indices%s = [%s] does not index into shape %s",
					coordString(batch, n), joinInts(row), nd.Format(t.shape))
			}
			base += int(v) * ts[j]
		}
		for e := 0; e < slice; e++ {
			o, u := base+e, n*slice+e
			if !isAdd {
				copyElem(out, o, upd, u)
				continue
			}
			scatterCombine(op.Name, out, o, upd, u)
		}
	}
	return out, nil
}
