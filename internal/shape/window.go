package shape

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// Window is the sliding window of a convolution or a pooling over the
// spatial axes of a channels-last operand [N, spatial…, C]: its strides,
// dilations and padding per spatial axis.
type Window struct {
	Strides, Dilations []int
	Padding            string   // SAME, VALID or EXPLICIT
	Explicit           [][2]int // EXPLICIT: the padding before and after
}

// WindowAttrs checks the window attributes of an op over a rank-rank
// channels-last operand, in TensorFlow's words (its convolution
// kernels'): strides and dilations have rank entries, 1 on the batch and
// channel axes, positive on the others (dilations nil: all 1); padding is
// SAME or VALID, or EXPLICIT with 2·rank explicit_paddings, zero on the
// batch and channel axes, when explicitOK. The strides' name in messages
// is stridesName ("strides", or "stride" as TF's pooling kernels say).
func WindowAttrs(rank int, stridesName string, strides, dilations []int64, padding string, explicit []int64, explicitOK bool) (*Window, string) {
	if len(strides) != rank {
		return nil, fmt.Sprintf("Sliding window %s field must specify %d dimensions, got %v", stridesName, rank, strides)
	}
	if strides[0] != 1 || strides[rank-1] != 1 {
		return nil, fmt.Sprintf("Current implementation does not yet support strides in the batch and depth dimensions, got %v", strides)
	}
	if dilations == nil {
		dilations = make([]int64, rank)
		for i := range dilations {
			dilations[i] = 1
		}
	}
	if len(dilations) != rank {
		return nil, fmt.Sprintf("Sliding window dilations field must specify %d dimensions, got %v", rank, dilations)
	}
	if dilations[0] != 1 || dilations[rank-1] != 1 {
		return nil, fmt.Sprintf("Current implementation does not yet support dilations in the batch and depth dimensions, got %v", dilations)
	}
	w := &Window{}
	for a := 1; a < rank-1; a++ {
		s, d := strides[a], dilations[a]
		if s < 1 || s > memref.MaxElements {
			return nil, fmt.Sprintf("Row and column strides should be larger than 0 (and at most 2^32), got %v", strides)
		}
		if d < 1 || d > memref.MaxElements {
			return nil, fmt.Sprintf("Dilated rates should be larger than 0 (and at most 2^32), got %v", dilations)
		}
		w.Strides, w.Dilations = append(w.Strides, int(s)), append(w.Dilations, int(d))
	}
	switch padding {
	case "SAME", "VALID":
		if len(explicit) != 0 {
			return nil, fmt.Sprintf("explicit_paddings attribute must be empty if the padding attribute is not EXPLICIT, got %v", explicit)
		}
	case "EXPLICIT":
		if !explicitOK {
			return nil, fmt.Sprintf(`padding must be "SAME" or "VALID", got %q`, padding)
		}
		if len(explicit) != 2*rank {
			return nil, fmt.Sprintf("explicit_paddings attribute must contain %d values, but got: %d", 2*rank, len(explicit))
		}
		for _, p := range explicit {
			if p < 0 || p > memref.MaxElements {
				return nil, fmt.Sprintf("All elements of explicit_paddings must be nonnegative (and at most 2^32), got %v", explicit)
			}
		}
		if explicit[0] != 0 || explicit[1] != 0 || explicit[2*rank-2] != 0 || explicit[2*rank-1] != 0 {
			return nil, fmt.Sprintf("Nonzero explicit padding in the batch or depth dimensions is not supported, got %v", explicit)
		}
		for a := 1; a < rank-1; a++ {
			w.Explicit = append(w.Explicit, [2]int{int(explicit[2*a]), int(explicit[2*a+1])})
		}
	case "":
		if explicitOK {
			return nil, `requires a padding attribute ("SAME", "VALID" or "EXPLICIT")`
		}
		return nil, `requires a padding attribute ("SAME" or "VALID")`
	default:
		if explicitOK {
			return nil, fmt.Sprintf(`padding must be "SAME", "VALID" or "EXPLICIT", got %q`, padding)
		}
		return nil, fmt.Sprintf(`padding must be "SAME" or "VALID", got %q`, padding)
	}
	w.Padding = padding
	return w, ""
}

// Axis is TensorFlow's GetWindowedOutputSizeVerbose for spatial axis a
// of an input of size in and a filter (or pooling window) of size k: the
// output size and the padding before and after (SAME puts the odd one
// after). Any of them is Dynamic when the sizes it needs are.
func (w *Window) Axis(a, in, k int) (out, before, after int, msg string) {
	s, d := w.Strides[a], w.Dilations[a]
	out, before, after = mlir.Dynamic, mlir.Dynamic, mlir.Dynamic
	switch w.Padding {
	case "VALID":
		before, after = 0, 0
	case "EXPLICIT":
		before, after = w.Explicit[a][0], w.Explicit[a][1]
	}
	if in == mlir.Dynamic {
		return out, before, after, ""
	}
	if w.Padding == "SAME" {
		out = (in + s - 1) / s
	}
	if k == mlir.Dynamic {
		return out, before, after, ""
	}
	if k > 1 && d > (1<<40)/(k-1) {
		return 0, 0, 0, fmt.Sprintf("filter size %d with dilation %d is too large", k, d)
	}
	eff := (k-1)*d + 1
	switch w.Padding {
	case "VALID":
		out = (in - eff + s) / s
	case "SAME":
		total := max((out-1)*s+eff-in, 0)
		before, after = total/2, total-total/2
	case "EXPLICIT":
		out = (in + before + after - eff + s) / s
	}
	if out < 0 {
		return 0, 0, 0, fmt.Sprintf("Computed output size would be negative: %d [input_size: %d, effective_filter_size: %d, stride: %d]", out, in, eff, s)
	}
	return out, before, after, ""
}

// Out is the result dims of a window over x [N, spatial…, C] with window
// dims k (one per spatial axis) and c result channels.
func (w *Window) Out(x, k []int, c int) ([]int, string) {
	out := []int{x[0]}
	for a := range k {
		o, _, _, m := w.Axis(a, x[1+a], k[a])
		if m != "" {
			return nil, m
		}
		out = append(out, o)
	}
	return append(out, c), ""
}
