package shape

import (
	"fmt"
	"slices"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// The sizing ops' shape functions: result dims from an operand's dims and
// the values of the integer operands that size the result, checked and
// bounded (memref.MaxElements) before any arithmetic, so hostile values
// give a message, not an overflow. The checker calls them with values
// known at compile time, the host before each run with the run's values.

// ReshapeDims is the result dims of a reshape of x to want (nil when not known
// yet: n unknown dims), with one -1 inferred as TensorFlow does.
func ReshapeDims(x []int, n int, want []int64) ([]int, string) {
	if want == nil {
		return Unknown(n), ""
	}
	out := make([]int, len(want))
	infer := -1
	known := 1
	for i, s := range want {
		switch {
		case s == -1 && infer < 0:
			infer = i
		case s < 0:
			return nil, fmt.Sprintf("size %d must be non-negative, not %d (or one -1)", i, s)
		case s > memref.MaxElements:
			return nil, fmt.Sprintf("size %d is too large (%d)", i, s)
		default:
			out[i] = int(s)
			if s != 0 && known > memref.MaxElements/int(s) {
				known = memref.MaxElements + 1 // more than any input has; a later 0 still zeroes it
			} else {
				known *= int(s)
			}
		}
	}
	total, static := 1, true
	for _, d := range x {
		if d == mlir.Dynamic {
			static = false
		} else {
			total *= d
		}
	}
	if !static {
		if infer >= 0 {
			out[infer] = mlir.Dynamic
		}
		return out, ""
	}
	if infer >= 0 {
		if known == 0 {
			return nil, "Reshape cannot infer the missing input size for an empty tensor unless all specified input sizes are non-zero"
		}
		if total%known != 0 {
			return nil, fmt.Sprintf("Input to reshape is a tensor with %d values, but the requested shape requires a multiple of %d", total, known)
		}
		out[infer] = total / known
	} else if known != total {
		return nil, fmt.Sprintf("Input to reshape is a tensor with %d values, but the requested shape has %d", total, known)
	}
	return out, ""
}

// Target is the dims a shape operand of n elements gives, from its value
// (nil when not known yet: n unknown dims).
func Target(n int, val []int64) ([]int, string) {
	if val == nil {
		return Unknown(n), ""
	}
	out := make([]int, len(val))
	for i, v := range val {
		if v < 0 || v > memref.MaxElements {
			return nil, fmt.Sprintf("dimension %d is %d", i, v)
		}
		out[i] = int(v)
	}
	return out, ""
}

// BroadcastToDims is the dims of x broadcast to the shape operand of n
// elements whose value is val (numpy rules; nil when not known yet).
func BroadcastToDims(x []int, n int, val []int64) ([]int, string) {
	target, m := Target(n, val)
	if m != "" {
		return nil, m
	}
	if len(x) > len(target) {
		return nil, fmt.Sprintf("Rank of input (%d) must be no greater than rank of output shape (%d)", len(x), len(target))
	}
	out, m := Broadcast([][]int{x, target})
	if m != "" {
		return nil, m
	}
	for i, d := range target {
		if d != mlir.Dynamic && out[i] != mlir.Dynamic && out[i] != d {
			return nil, fmt.Sprintf("Unable to broadcast tensor of shape %s to tensor of shape %s", List(x), List(target))
		}
		if d != mlir.Dynamic {
			out[i] = d
		}
	}
	return out, ""
}

// TileDims is the dims of x repeated multiples[k] times along each axis k
// (nil multiples: not known yet).
func TileDims(x []int, multiples []int64) ([]int, string) {
	out := slices.Clone(x)
	for k := range out {
		if multiples == nil {
			out[k] = mlir.Dynamic
			continue
		}
		m := multiples[k]
		if m < 0 {
			return nil, fmt.Sprintf("Expected multiples[%d] >= 0, but got %d", k, m)
		}
		if m > memref.MaxElements || (out[k] > 0 && int(m) > memref.MaxElements/out[k]) {
			return nil, fmt.Sprintf("multiples[%d] = %d makes dim %d too large", k, m, k)
		}
		if out[k] != mlir.Dynamic {
			out[k] *= int(m)
		}
	}
	return out, ""
}

// PadDims is the dims of x padded by paddings (a before and an after count
// per axis; nil: not known yet).
func PadDims(x []int, paddings []int64) ([]int, string) {
	out := slices.Clone(x)
	for k := range out {
		if paddings == nil {
			out[k] = mlir.Dynamic
			continue
		}
		lo, hi := paddings[2*k], paddings[2*k+1]
		if lo < 0 || hi < 0 {
			return nil, fmt.Sprintf("Paddings must be non-negative: %d %d", lo, hi)
		}
		if lo > memref.MaxElements || hi > memref.MaxElements {
			return nil, fmt.Sprintf("paddings of dim %d are too large: %d %d", k, lo, hi)
		}
		if out[k] != mlir.Dynamic {
			out[k] += int(lo + hi)
		}
	}
	return out, ""
}
