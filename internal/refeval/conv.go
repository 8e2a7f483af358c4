package refeval

import (
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// window is the geometry of a convolution or pooling over the spatial
// dims of a channels-last tensor [N, spatial…, C].
type window struct {
	strides, dil []int      // per spatial dim
	padding      string     // SAME, VALID or EXPLICIT
	explicit     [][2]int64 // per spatial dim, for EXPLICIT
}

// windowAttrs reads strides, dilations (when withDil), padding and
// explicit_paddings of an op over a rank-`rank` channels-last operand:
// strides and dilations have rank entries, 1 for the batch and channel
// dims; explicit_paddings has 2·rank entries, 0 for those dims.
func windowAttrs(op *mlir.Op, rank int, stridesName string, withDil bool) (window, error) {
	var w window
	format, err := attrString(op, "data_format", "")
	if err != nil {
		return w, err
	}
	switch format {
	case "", "NHWC", "NDHWC":
	default:
		return w, opError(op, mlir.ErrUnsupported, "data_format %q is not supported (the reference evaluator takes channels-last NHWC / NDHWC)", format)
	}
	strides, ok, err := attrInts(op, stridesName)
	if err != nil {
		return w, err
	}
	if !ok || len(strides) != rank {
		return w, opError(op, mlir.ErrInvalid, "Sliding window %s field must specify %d dimensions", stridesName, rank)
	}
	dil := make([]int64, rank)
	for i := range dil {
		dil[i] = 1
	}
	if withDil {
		if d, ok, err := attrInts(op, "dilations"); err != nil {
			return w, err
		} else if ok {
			if len(d) != rank {
				return w, opError(op, mlir.ErrInvalid, "Sliding window dilations field must specify %d dimensions", rank)
			}
			dil = d
		}
	}
	if strides[0] != 1 || strides[rank-1] != 1 {
		return w, opError(op, mlir.ErrInvalid, "Current implementation does not yet support strides in the batch and depth dimensions.")
	}
	if dil[0] != 1 || dil[rank-1] != 1 {
		return w, opError(op, mlir.ErrInvalid, "Current implementation does not yet support dilations in the batch and depth dimensions.")
	}
	for k := 1; k < rank-1; k++ {
		if strides[k] < 1 || strides[k] > memref.MaxElements || dil[k] < 1 || dil[k] > memref.MaxElements {
			return w, opError(op, mlir.ErrInvalid, "strides and dilations must be positive, got %v and %v", strides, dil)
		}
		w.strides = append(w.strides, int(strides[k]))
		w.dil = append(w.dil, int(dil[k]))
	}
	if w.padding, err = attrString(op, "padding", ""); err != nil {
		return w, err
	}
	switch w.padding {
	case "SAME", "VALID":
	case "EXPLICIT":
		ex, _, err := attrInts(op, "explicit_paddings")
		if err != nil {
			return w, err
		}
		if len(ex) != 2*rank || ex[0] != 0 || ex[1] != 0 || ex[2*rank-2] != 0 || ex[2*rank-1] != 0 {
			return w, opError(op, mlir.ErrInvalid, "explicit_paddings must have %d entries, 0 for the batch and channel dims, got %v", 2*rank, ex)
		}
		for k := 1; k < rank-1; k++ {
			lo, hi := ex[2*k], ex[2*k+1]
			if lo < 0 || hi < 0 || lo > memref.MaxElements || hi > memref.MaxElements {
				return w, opError(op, mlir.ErrInvalid, "explicit_paddings must be non-negative, got %v", ex)
			}
			w.explicit = append(w.explicit, [2]int64{lo, hi})
		}
	default:
		return w, opError(op, mlir.ErrInvalid, "padding must be SAME, VALID or EXPLICIT, got %q", w.padding)
	}
	return w, nil
}

// geometry gives the output size and the padding before the input of
// every spatial dim for input dims in and window dims k.
func (w window) geometry(op *mlir.Op, in, k []int) (out, before []int, err error) {
	for d := range in {
		var ex [2]int64
		if w.explicit != nil {
			ex = w.explicit[d]
		}
		o, b, err := nd.WindowedOutputSize(w.padding, in[d], k[d], w.dil[d], w.strides[d], ex)
		if err != nil {
			return nil, nil, opError(op, mlir.ErrInvalid, "%v", err)
		}
		out, before = append(out, o), append(before, b)
	}
	return out, before, nil
}

// convND is a grouped convolution of x [N, spatial…, C] with filter
// [spatial…, C/G, O] (G groups dividing O): TensorFlow's Conv2D and
// Conv3D. Products are summed in float64 (complex128; integers wrap) and
// rounded once. The padding is zeros that the filter multiplies (Window.
// PaddedTaps): an infinite or NaN filter tap over padding gives NaN.
func convND(ev *evaluator, op *mlir.Op, x, f *array, win window) (*array, error) {
	r := len(x.shape)
	if len(f.shape) != r {
		return nil, opError(op, mlir.ErrInvalid, "input and filter must be %d-dimensional: %s and %s", r, nd.Format(x.shape), nd.Format(f.shape))
	}
	sp := r - 2
	ic, fc, oc := x.shape[r-1], f.shape[sp], f.shape[sp+1]
	if fc == 0 || ic%fc != 0 {
		return nil, opError(op, mlir.ErrInvalid, "input depth must be evenly divisible by filter depth: %d vs %d", ic, fc)
	}
	groups := ic / fc
	switch {
	case groups == 0 && oc != 0:
		return nil, opError(op, mlir.ErrInvalid, "input depth must be evenly divisible by filter depth (and positive): %d vs %d", ic, fc)
	case groups == 0:
		groups = 1 // no channels in or out (a depthwise convolution of none): an empty result
	case oc%groups != 0:
		return nil, opError(op, mlir.ErrInvalid, "output depth must be evenly divisible by number of groups: %d vs %d", oc, groups)
	}
	osp, before, err := win.geometry(op, x.shape[1:r-1], f.shape[:sp])
	if err != nil {
		return nil, err
	}
	oshape := append(append([]int{x.shape[0]}, osp...), oc)
	out, err := ev.alloc(op, x.dt, oshape)
	if err != nil {
		return nil, err
	}
	perGroup := oc / groups
	fs := nd.Strides(f.shape)
	w := nd.Window{In: x.shape, Kernel: f.shape[:sp], Strides: win.strides, Dil: win.dil, Before: before}
	nd.ForEachCoord(out.shape, func(o int, c []int) {
		g := c[r-1] / perGroup
		var sf float64
		var ss int64
		var sc complex128
		w.Taps(c, func(t, xe int) {
			fe := c[r-1]
			if sp > 0 {
				fe += t * fs[sp-1]
			}
			for ci := 0; ci < fc; ci++ {
				a, b := xe+g*fc+ci, fe+ci*fs[sp]
				switch kindOf(x.dt) {
				case kFloat:
					sf += x.f[a] * f.f[b]
				case kComplex:
					sc += x.c[a] * f.c[b]
				default:
					ss += intBits(x, a) * intBits(f, b)
				}
			}
		})
		w.PaddedTaps(c, func(t int) { // 0·filter: NaN where the filter is not finite
			fe := c[r-1]
			if sp > 0 {
				fe += t * fs[sp-1]
			}
			for ci := 0; ci < fc; ci++ {
				switch b := fe + ci*fs[sp]; kindOf(x.dt) {
				case kFloat:
					sf += 0 * f.f[b]
				case kComplex:
					sc += 0 * f.c[b]
				}
			}
		})
		switch kindOf(x.dt) {
		case kFloat:
			out.f[o] = refmath.RoundTo(x.dt, sf)
		case kComplex:
			out.c[o] = refmath.RoundC(x.dt, sc)
		default:
			storeInt(out, o, ss)
		}
	})
	return out, nil
}

// convOperands checks the input and filter of a convolution: one numeric
// element type.
func convOperands(op *mlir.Op, in []*array) error {
	if err := sameElemType(op, in, 0, 1); err != nil {
		return err
	}
	if kindOf(in[0].dt) == kBool {
		return errElemType(op, in[0].dt)
	}
	return nil
}

// evalConv3D is TensorFlow's Conv3D in NDHWC: input [N,D,H,W,C], filter
// [FD,FH,FW,C/G,O], strides and dilations [1,d,h,w,1], padding SAME or
// VALID (TensorFlow's placement: the smaller half before).
func evalConv3D(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	if err := convOperands(op, in); err != nil {
		return nil, err
	}
	if len(in[0].shape) != 5 {
		return nil, opError(op, mlir.ErrInvalid, "input must be 5-dimensional: %s", nd.Format(in[0].shape))
	}
	win, err := windowAttrs(op, 5, "strides", true)
	if err != nil {
		return nil, err
	}
	return convND(ev, op, in[0], in[1], win)
}

// evalDepthwiseConv2d is DepthwiseConv2dNative: input [N,H,W,C], filter
// [FH,FW,C,M]; output channel c·M+m convolves input channel c with
// filter[…, c, m]. That is the grouped convolution with C groups and the
// filter read as [FH,FW,1,C·M], which is how it is computed.
func evalDepthwiseConv2d(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	if err := convOperands(op, in); err != nil {
		return nil, err
	}
	x, f := in[0], in[1]
	if len(x.shape) != 4 || len(f.shape) != 4 {
		return nil, opError(op, mlir.ErrInvalid, "input and filter must be 4-dimensional: %s and %s", nd.Format(x.shape), nd.Format(f.shape))
	}
	if f.shape[2] != x.shape[3] {
		return nil, opError(op, mlir.ErrInvalid, "input and filter must have the same depth: %d vs %d", x.shape[3], f.shape[2])
	}
	win, err := windowAttrs(op, 4, "strides", true)
	if err != nil {
		return nil, err
	}
	return convND(ev, op, x, f.reshaped([]int{f.shape[0], f.shape[1], 1, f.shape[2] * f.shape[3]}), win)
}

// evalPool is MaxPool, AvgPool (ksize and strides [1,h,w,1]) and
// MaxPool3D, AvgPool3D ([1,d,h,w,1]) over channels-last input, padding
// SAME or VALID (and EXPLICIT for MaxPool). Max propagates NaN and
// ignores the padding (a window over padding alone is -Inf, or the
// integer type's minimum); Avg divides
// the window's sum (float64) by the number of input elements it covers
// (padding not counted, as TensorFlow's kernels do), rounded once.
func evalPool(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	rank := 4
	if op.Name == "tf.MaxPool3D" || op.Name == "tf.AvgPool3D" {
		rank = 5
	}
	isMax := op.Name == "tf.MaxPool" || op.Name == "tf.MaxPool3D"
	k := kindOf(x.dt)
	if k == kBool || k == kComplex || (!isMax && k != kFloat) {
		return nil, errElemType(op, x.dt)
	}
	if len(x.shape) != rank {
		return nil, opError(op, mlir.ErrInvalid, "input must be %d-dimensional: %s", rank, nd.Format(x.shape))
	}
	win, err := windowAttrs(op, rank, "strides", false)
	if err != nil {
		return nil, err
	}
	if win.padding == "EXPLICIT" && op.Name != "tf.MaxPool" {
		return nil, opError(op, mlir.ErrUnsupported, "EXPLICIT padding is not supported for %s", op.Name)
	}
	ksize, ok, err := attrInts(op, "ksize")
	if err != nil {
		return nil, err
	}
	if !ok || len(ksize) != rank {
		return nil, opError(op, mlir.ErrInvalid, "Sliding window ksize field must specify %d dimensions", rank)
	}
	if ksize[0] != 1 || ksize[rank-1] != 1 {
		return nil, opError(op, mlir.ErrUnsupported, "Pooling is not yet supported on the batch nor depth dimensions.")
	}
	sp := rank - 2
	kdims := make([]int, sp)
	for d := range kdims {
		if ksize[d+1] < 1 || ksize[d+1] > memref.MaxElements {
			return nil, opError(op, mlir.ErrInvalid, "ksize must be positive, got %v", ksize)
		}
		kdims[d] = int(ksize[d+1])
	}
	osp, before, err := win.geometry(op, x.shape[1:rank-1], kdims)
	if err != nil {
		return nil, err
	}
	oshape := append(append([]int{x.shape[0]}, osp...), x.shape[rank-1])
	out, err := ev.alloc(op, x.dt, oshape)
	if err != nil {
		return nil, err
	}
	w := nd.Window{In: x.shape, Kernel: kdims, Strides: win.strides, Dil: make([]int, sp), Before: before}
	for d := range w.Dil {
		w.Dil[d] = 1
	}
	nd.ForEachCoord(out.shape, func(o int, c []int) {
		sum, cnt := 0.0, 0
		mf, ms, mu := math.Inf(-1), int64(math.MinInt64), uint64(0)
		w.Taps(c, func(_, e int) {
			e += c[rank-1]
			cnt++
			switch k {
			case kFloat:
				sum += x.f[e]
				mf = max(mf, x.f[e])
			case kSigned:
				ms = max(ms, x.s[e])
			case kUnsigned:
				mu = max(mu, x.u[e])
			}
		})
		switch {
		case !isMax:
			out.f[o] = refmath.RoundTo(x.dt, sum/float64(cnt))
		case k == kFloat:
			out.f[o] = mf
		case k == kSigned:
			// A window over padding alone (EXPLICIT) is the type's minimum.
			out.s[o] = max(ms, -1<<(8*x.dt.Size()-1))
		default:
			out.u[o] = mu
		}
	})
	return out, nil
}
