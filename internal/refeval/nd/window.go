package nd

import "fmt"

// WindowedOutputSize is TensorFlow's GetWindowedOutputSize for one spatial
// dim: the output size and the padding before the first element, for an
// input of size in, a window of size k dilated by dil, a stride, and
// padding "VALID", "SAME" (the smaller half before) or "EXPLICIT" (explicit
// gives the padding before and after).
func WindowedOutputSize(padding string, in, k, dil, stride int, explicit [2]int64) (out, before int, err error) {
	eff := (k-1)*dil + 1
	switch padding {
	case "VALID":
		out = (in - eff + stride) / stride
	case "SAME":
		out = (in + stride - 1) / stride
		need := max(0, (out-1)*stride+eff-in)
		before = need / 2
	case "EXPLICIT":
		before = int(explicit[0])
		out = (in + int(explicit[0]) + int(explicit[1]) - eff + stride) / stride
	}
	if out < 0 {
		return 0, 0, fmt.Errorf("Computed output size would be negative: %d [input_size: %d, effective_filter_size: %d, stride: %d]",
			out, in, eff, stride)
	}
	return out, before, nil
}

// Window is the sliding window of a convolution or a pooling over an
// operand of shape In = [N, spatial…, C]: Kernel positions per spatial dim,
// each dilated by Dil, moved by Strides, the input padded by Before.
type Window struct {
	In, Kernel, Strides, Dil, Before []int
}

// Taps calls fn for every window position of the output element at
// coordinate c ([N, spatial…, channel]) that falls inside the input, in
// row-major order of the kernel: t is the position's flat index in Kernel
// and e the flat index of its input element at channel 0.
func (w *Window) Taps(c []int, fn func(t, e int)) {
	w.taps(c, fn, nil)
}

// PaddedTaps calls fn for every window position of the output element at
// coordinate c that falls in the padding (outside the input), in the
// order of Taps. A convolution multiplies the padding's zeros by the
// filter there, as TensorFlow's Eigen kernels and XLA do (so an infinite
// or NaN filter tap over padding gives NaN); a pooling ignores them.
func (w *Window) PaddedTaps(c []int, fn func(t int)) {
	w.taps(c, nil, fn)
}

func (w *Window) taps(c []int, in func(t, e int), out func(t int)) {
	sp := len(w.Kernel)
	xs := Strides(w.In)
	kc := make([]int, sp)
	taps := NumElements(w.Kernel)
	for t := 0; t < taps; t++ {
		rem := t
		for d := sp - 1; d >= 0; d-- {
			kc[d] = rem % w.Kernel[d]
			rem /= w.Kernel[d]
		}
		e, inside := c[0]*xs[0], true
		for d := 0; d < sp; d++ {
			xi := c[d+1]*w.Strides[d] - w.Before[d] + kc[d]*w.Dil[d]
			if xi < 0 || xi >= w.In[d+1] {
				inside = false
				break
			}
			e += xi * xs[d+1]
		}
		switch {
		case inside && in != nil:
			in(t, e)
		case !inside && out != nil:
			out(t)
		}
	}
}
