package nd

import "fmt"

// StridedSlice is TensorFlow's StridedSlice of a tensor, made dense: the
// result is the block of Size elements starting at Begin with step Stride
// in each dim of the operand, in row-major order, reshaped to Shape.
type StridedSlice struct {
	Shape  []int   // the result's shape (new axes 1, shrunk dims gone)
	Size   []int   // per operand dim: the elements taken
	Begin  []int64 // per operand dim: the first index taken
	Stride []int64 // per operand dim: the step
}

// PlanStridedSlice follows TensorFlow's ValidateStridedSliceOp exactly for
// an operand of shape shape: begin, end and strides of equal length, and
// the masks begin_mask, end_mask, ellipsis_mask, new_axis_mask,
// shrink_axis_mask in that order. An implied ellipsis ends the spec;
// begin and end are made canonical (masked: the whole dim in the stride's
// direction; negative: from the end; clamped to [0, dim] for a positive
// stride, [-1, dim-1] for a negative one); a shrink entry takes element
// begin, which must be in range, with a positive stride; new_axis wins
// over shrink on one entry. Errors carry TensorFlow's messages.
func PlanStridedSlice(shape []int, begin, end, strides []int64, mask [5]int64) (*StridedSlice, error) {
	n := len(strides)
	beginMask, endMask, ellipsisMask, newAxisMask, shrinkMask := mask[0], mask[1], mask[2], mask[3], mask[4]
	if ellipsisMask != 0 && ellipsisMask&(ellipsisMask-1) != 0 {
		return nil, fmt.Errorf("Multiple ellipses in slice spec not allowed")
	}
	bit := func(m int64, i int) bool { return m&(1<<i) != 0 }

	// Step 1: count the new axes after the ellipsis; imply one at the end.
	sparseDims, newAfterEllipsis, ellipsisSeen := n, 0, false
	for i := range n {
		if ellipsisSeen && bit(newAxisMask, i) {
			newAfterEllipsis++
		}
		if bit(ellipsisMask, i) {
			ellipsisSeen = true
		}
	}
	if !ellipsisSeen {
		ellipsisMask |= 1 << n
		sparseDims++
	}

	// Step 2: the dense spec, one entry per dim of the operand.
	const newAxis, shrinkAxis = -2, -1
	r := len(shape)
	dBegin, dEnd, dStride := make([]int64, r), make([]int64, r), make([]int64, r)
	dBeginMask, dEndMask, dShrink := make([]bool, r), make([]bool, r), make([]bool, r)
	var gather []int // per result dim: the dense dim, or newAxis / shrinkAxis
	full := 0
	for i := range sparseDims {
		switch {
		case bit(ellipsisMask, i):
			next := min(r-(sparseDims-i)+1+newAfterEllipsis, r)
			for ; full < next; full++ {
				dStride[full] = 1
				dBeginMask[full], dEndMask[full] = true, true
				gather = append(gather, full)
			}
		case bit(newAxisMask, i):
			gather = append(gather, newAxis)
		default:
			if full == r {
				return nil, fmt.Errorf("Index out of range using input dim %d; input has only %d dims", full, r)
			}
			dBegin[full], dEnd[full], dStride[full] = begin[i], end[i], strides[i]
			dBeginMask[full], dEndMask[full] = bit(beginMask, i), bit(endMask, i)
			if bit(shrinkMask, i) {
				dShrink[full] = true
				gather = append(gather, shrinkAxis)
			} else {
				gather = append(gather, full)
			}
			full++
		}
	}

	// Step 3: canonical begin and end, and the size of each dense dim.
	size := make([]int, r)
	for k := range r {
		b, e, s, dim := dBegin[k], dEnd[k], dStride[k], int64(shape[k])
		if s == 0 {
			return nil, fmt.Errorf("strides[%d] must be non-zero", k)
		}
		if dShrink[k] && s <= 0 {
			return nil, fmt.Errorf("only stride 1 allowed on non-range indexing.")
		}
		lo, hi := int64(0), dim // the valid range for a positive stride
		if s < 0 {
			lo, hi = -1, dim-1
		}
		canonical := func(v int64, masked, isEnd bool) int64 {
			if masked {
				if (s > 0) == isEnd { // end going forwards, or begin going backwards
					return hi
				}
				return lo
			}
			if v < 0 {
				v += dim
			}
			return min(max(v, lo), hi)
		}
		if dShrink[k] {
			if b < 0 {
				b += dim
			}
			if b < 0 || b >= dim {
				return nil, fmt.Errorf("slice index %d of dimension %d out of bounds.", b, k)
			}
			e = b + 1
		} else {
			b = canonical(b, dBeginMask[k], false)
			e = canonical(e, dEndMask[k], true)
		}
		dBegin[k], dEnd[k] = b, e
		length := e - b
		if length == 0 || (length < 0) != (s < 0) {
			size[k] = 0
		} else {
			size[k] = int(length / s)
			if length%s != 0 {
				size[k]++
			}
		}
	}

	// Step 4: the result shape.
	out := []int{}
	for _, g := range gather {
		switch {
		case g >= 0:
			out = append(out, size[g])
		case g == newAxis:
			out = append(out, 1)
		}
	}
	return &StridedSlice{Shape: out, Size: size, Begin: dBegin, Stride: dStride}, nil
}

// ForEach visits every element of the slice in row-major order with its
// flat index in the result and in an operand of shape shape.
func (p *StridedSlice) ForEach(shape []int, fn func(o, i int)) {
	xs := Strides(shape)
	ForEachCoord(p.Size, func(o int, c []int) {
		i := 0
		for k := range c {
			i += int(p.Begin[k]+int64(c[k])*p.Stride[k]) * xs[k]
		}
		fn(o, i)
	})
}
