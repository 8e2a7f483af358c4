package nd

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// NumElements is the product of shape; callers check it against their
// limits first (memref.NumElements).
func NumElements(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// BroadcastShape is numpy's broadcast of two shapes: aligned on the right,
// each pair of dims equal or one of them 1.
func BroadcastShape(a, b []int) ([]int, bool) {
	n := max(len(a), len(b))
	out := make([]int, n)
	for i := 0; i < n; i++ {
		da, db := 1, 1
		if k := len(a) - n + i; k >= 0 {
			da = a[k]
		}
		if k := len(b) - n + i; k >= 0 {
			db = b[k]
		}
		switch {
		case da == db, db == 1:
			out[i] = da
		case da == 1:
			out[i] = db
		default:
			return nil, false
		}
	}
	return out, true
}

// ForEachBroadcast visits every element of a tensor of shape out in
// row-major order and calls fn with its flat index and, for each input
// shape (which must broadcast to out), the flat index of the input element
// it reads.
func ForEachBroadcast(out []int, ins [][]int, fn func(o int, in []int)) {
	strides := make([][]int, len(ins)) // per input, per out dim; 0 where broadcast
	for j, s := range ins {
		strides[j] = make([]int, len(out))
		acc := 1
		for k := len(s) - 1; k >= 0; k-- {
			if s[k] != 1 {
				strides[j][len(out)-len(s)+k] = acc
			}
			acc *= s[k]
		}
	}
	coord := make([]int, len(out))
	idx := make([]int, len(ins))
	n := NumElements(out)
	for o := 0; o < n; o++ {
		for j := range ins {
			idx[j] = 0
			for k, c := range coord {
				idx[j] += c * strides[j][k]
			}
		}
		fn(o, idx)
		for k := len(coord) - 1; k >= 0; k-- {
			coord[k]++
			if coord[k] < out[k] {
				break
			}
			coord[k] = 0
		}
	}
}

// Strides gives the row-major element strides of shape.
func Strides(shape []int) []int {
	st := make([]int, len(shape))
	acc := 1
	for k := len(shape) - 1; k >= 0; k-- {
		st[k] = acc
		acc *= shape[k]
	}
	return st
}

// ForEachCoord visits every coordinate of shape in row-major order with its
// flat index. coord is reused between calls.
func ForEachCoord(shape []int, fn func(o int, coord []int)) {
	n := NumElements(shape)
	coord := make([]int, len(shape))
	for o := 0; o < n; o++ {
		fn(o, coord)
		for k := len(coord) - 1; k >= 0; k-- {
			coord[k]++
			if coord[k] < shape[k] {
				break
			}
			coord[k] = 0
		}
	}
}

// AxisLayout splits shape around dim ax: outer elements before it, its
// size n, inner elements after it; element (o, j, i) is at (o*n+j)*inner+i.
func AxisLayout(shape []int, ax int) (outer, n, inner int) {
	return NumElements(shape[:ax]), shape[ax], NumElements(shape[ax+1:])
}

// Format prints a shape the way TensorFlow's errors do: "[2,3]".
func Format(shape []int) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = strconv.Itoa(d)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// InferReshape is TensorFlow's ReshapeOp rule for the requested sizes of a
// reshape of a tensor of shape in: at most one -1, inferred from the
// product of the other sizes leaving zero sizes out (so [0,5] reshaped to
// [0,-1] is [0,5]), no other negative size. The caller checks that the
// result holds as many elements as in.
func InferReshape(in []int, sizes []int64) ([]int64, error) {
	product, unknown, hasZero := int64(1), -1, false
	for d, v := range sizes {
		switch {
		case v == -1:
			if unknown != -1 {
				return nil, fmt.Errorf("Only one input size may be -1, not both %d and %d", unknown, d)
			}
			unknown = d
		case v < 0:
			return nil, fmt.Errorf("Size %d must be non-negative, not %d", d, v)
		case v == 0:
			hasZero = true
		default:
			if product > math.MaxInt32*int64(math.MaxInt32)/v {
				return nil, fmt.Errorf("shape %v has too many elements", sizes)
			}
			product *= v
		}
	}
	shape := append([]int64{}, sizes...)
	if unknown != -1 {
		inputNum, inputHasZero := int64(1), false
		for _, d := range in {
			if d > 0 || !hasZero {
				inputNum *= int64(d)
			} else {
				inputHasZero = true
			}
		}
		missing := inputNum / product
		if !inputHasZero && product*missing != inputNum {
			return nil, fmt.Errorf("Input to reshape is a tensor with %d values, but the requested shape requires a multiple of %d",
				inputNum, product)
		}
		shape[unknown] = missing
	}
	return shape, nil
}
