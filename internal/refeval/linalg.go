package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"

	"github.com/sandjit/sandjit/memref"
)

// Contractions (MatMul, BatchMatMulV2, _FusedMatMul, Einsum, Conv2D) sum
// products exactly as float64 and round each result once to a float type;
// integer ones wrap. i1 is not a number here.

// dot is one contraction: out[o] = Σ_t a[ai(t)]·b[bi(t)] over t < n.
func dot(out *array, o int, n int, a *array, ai func(t int) int, b *array, bi func(t int) int) {
	if kindOf(out.dt) == kComplex {
		var s complex128
		for t := 0; t < n; t++ {
			s += a.c[ai(t)] * b.c[bi(t)]
		}
		out.c[o] = refmath.RoundC(out.dt, s)
		return
	}
	if kindOf(out.dt) == kFloat {
		s := 0.0
		for t := 0; t < n; t++ {
			s += a.f[ai(t)] * b.f[bi(t)]
		}
		out.f[o] = refmath.RoundTo(out.dt, s)
		return
	}
	var s int64
	for t := 0; t < n; t++ {
		s += intBits(a, ai(t)) * intBits(b, bi(t))
	}
	storeInt(out, o, s)
}

// matmulBatch computes batch product number bo of a (m×k, or k×m when ta)
// at element offset aOff and b (k×n, or n×k when tb) at bOff into out at
// bo*m*n.
func matmulBatch(out *array, bo, m, n, k int, a *array, aOff int, ta bool, b *array, bOff int, tb bool) {
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			ai := func(t int) int { return aOff + i*k + t }
			if ta {
				ai = func(t int) int { return aOff + t*m + i }
			}
			bi := func(t int) int { return bOff + t*n + j }
			if tb {
				bi = func(t int) int { return bOff + j*k + t }
			}
			dot(out, bo*m*n+i*n+j, k, a, ai, b, bi)
		}
	}
}

// matmulOperands checks two operands of one numeric element type.
func matmulOperands(op *mlir.Op, in []*array) error {
	if err := sameElemType(op, in, 0, 1); err != nil {
		return err
	}
	if kindOf(in[0].dt) == kBool {
		return errElemType(op, in[0].dt)
	}
	return nil
}

// matmul2D is a·b for rank-2 a and b with the transpose_a/transpose_b
// attributes.
func matmul2D(ev *evaluator, op *mlir.Op, a, b *array) (*array, error) {
	ta, err := attrBool(op, "transpose_a", false)
	if err != nil {
		return nil, err
	}
	tb, err := attrBool(op, "transpose_b", false)
	if err != nil {
		return nil, err
	}
	if len(a.shape) != 2 || len(b.shape) != 2 {
		return nil, opError(op, mlir.ErrInvalid, "In[0] and In[1] must be matrices: %s and %s", nd.Format(a.shape), nd.Format(b.shape))
	}
	m, k := a.shape[0], a.shape[1]
	if ta {
		m, k = k, m
	}
	k2, n := b.shape[0], b.shape[1]
	if tb {
		k2, n = n, k2
	}
	if k != k2 {
		return nil, opError(op, mlir.ErrInvalid, "Matrix size-incompatible: In[0]: %s, In[1]: %s", nd.Format(a.shape), nd.Format(b.shape))
	}
	out, err := ev.alloc(op, a.dt, []int{m, n})
	if err != nil {
		return nil, err
	}
	matmulBatch(out, 0, m, n, k, a, 0, ta, b, 0, tb)
	return out, nil
}

func evalMatMul(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	if err := matmulOperands(op, in); err != nil {
		return nil, err
	}
	return matmul2D(ev, op, in[0], in[1])
}

// evalBatchMatMul multiplies the matrices in the last two dims of x and y
// (each transposed when adj_x / adj_y; for real numbers the adjoint is the
// transpose); the batch dims broadcast (numpy's rules).
func evalBatchMatMul(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	if err := matmulOperands(op, in); err != nil {
		return nil, err
	}
	x, y := in[0], in[1]
	adjX, err := attrBool(op, "adj_x", false)
	if err != nil {
		return nil, err
	}
	adjY, err := attrBool(op, "adj_y", false)
	if err != nil {
		return nil, err
	}
	for j, a := range in {
		if len(a.shape) < 2 {
			return nil, opError(op, mlir.ErrInvalid, "In[%d] ndims must be >= 2: %d", j, len(a.shape))
		}
	}
	if kindOf(x.dt) == kComplex { // the adjoint conjugates too
		if adjX {
			x = conjArray(x)
		}
		if adjY {
			y = conjArray(y)
		}
	}
	xr, yr := len(x.shape), len(y.shape)
	m, k := x.shape[xr-2], x.shape[xr-1]
	if adjX {
		m, k = k, m
	}
	k2, n := y.shape[yr-2], y.shape[yr-1]
	if adjY {
		k2, n = n, k2
	}
	if k != k2 {
		return nil, opError(op, mlir.ErrInvalid, "Matrix size-incompatible: In[0]: %s, In[1]: %s", nd.Format(x.shape), nd.Format(y.shape))
	}
	bx, by := x.shape[:xr-2], y.shape[:yr-2]
	batch, ok := nd.BroadcastShape(bx, by)
	if !ok {
		return nil, opError(op, mlir.ErrInvalid, "In[0] and In[1] must have compatible batch dimensions: %s vs. %s",
			nd.Format(x.shape), nd.Format(y.shape))
	}
	shape := append(append([]int{}, batch...), m, n)
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	xm, ym := x.shape[xr-2]*x.shape[xr-1], y.shape[yr-2]*y.shape[yr-1]
	nd.ForEachBroadcast(batch, [][]int{bx, by}, func(o int, i []int) {
		matmulBatch(out, o, m, n, k, x, i[0]*xm, adjX, y, i[1]*ym, adjY)
	})
	return out, nil
}

// evalFusedMatMul is Grappler's _FusedMatMul: MatMul (transpose_a/b), then
// the fused stages of fusedEpilogue on its extra operands (a bias, then an
// addend for ["BiasAdd", "Add", …]).
func evalFusedMatMul(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.allOperands(op)
	if err != nil {
		return nil, err
	}
	if len(in) < 3 {
		return nil, opError(op, mlir.ErrInvalid, "expects at least 3 operands, got %d", len(in))
	}
	if err := matmulOperands(op, in); err != nil {
		return nil, err
	}
	if kindOf(in[0].dt) == kComplex {
		return nil, errElemType(op, in[0].dt)
	}
	prod, err := matmul2D(ev, op, in[0], in[1])
	if err != nil {
		return nil, err
	}
	return fusedEpilogue(op, prod, in[2:])
}

// evalFusedConv2D is Grappler's _FusedConv2D: Conv2D (NHWC; strides,
// dilations, SAME/VALID/EXPLICIT padding), then fusedEpilogue's stages:
// ["BiasAdd", …] with a bias operand, or ["FusedBatchNorm", …] with
// scale, offset, mean and variance operands (inference: (y - mean)·
// rsqrt(variance + epsilon)·scale + offset, computed in float64 and
// rounded once).
func evalFusedConv2D(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.allOperands(op)
	if err != nil {
		return nil, err
	}
	if len(in) < 3 {
		return nil, opError(op, mlir.ErrInvalid, "expects at least 3 operands, got %d", len(in))
	}
	if err := convOperands(op, in); err != nil {
		return nil, err
	}
	if kindOf(in[0].dt) == kComplex {
		return nil, errElemType(op, in[0].dt)
	}
	if len(in[0].shape) != 4 {
		return nil, opError(op, mlir.ErrInvalid, "input must be 4-dimensional: %s", nd.Format(in[0].shape))
	}
	win, err := windowAttrs(op, 4, "strides", true)
	if err != nil {
		return nil, err
	}
	y, err := convND(ev, op, in[0], in[1], win)
	if err != nil {
		return nil, err
	}
	return fusedEpilogue(op, y, in[2:])
}

// fusedActivations are the activations Grappler and the oneDNN rewrites
// fuse into _FusedMatMul and _FusedConv2D, on a value already rounded to
// the element type; the caller rounds the result again.
var fusedActivations = map[string]func(dt memref.DType, x, alpha float64) float64{
	"Relu":  func(_ memref.DType, x, _ float64) float64 { return max(x, 0) },
	"Relu6": func(_ memref.DType, x, _ float64) float64 { return min(max(x, 0), 6) },
	"Elu":   func(_ memref.DType, x, _ float64) float64 { return refmath.Elu(x) },
	"LeakyRelu": func(dt memref.DType, x, alpha float64) float64 {
		return refmath.LeakyRelu(dt, x, refmath.RoundTo(dt, float64(float32(alpha))))
	},
	"Tanh":            func(_ memref.DType, x, _ float64) float64 { return math.Tanh(x) },
	"Sigmoid":         func(_ memref.DType, x, _ float64) float64 { return sigmoid(x) },
	"GeluExact":       func(_ memref.DType, x, _ float64) float64 { return 0.5 * x * math.Erfc(-x/math.Sqrt2) },
	"GeluApproximate": func(_ memref.DType, x, _ float64) float64 { return refmath.GeluApproximate(x) },
}

// fusedEpilogue applies the fused_ops of _FusedMatMul / _FusedConv2D to y
// (channels in the last dim) in place, each stage rounded to the element
// type as the separate ops would be: "BiasAdd" (args[0], one value per
// channel) or "FusedBatchNorm" (args: scale, offset, mean, variance;
// epsilon), then optionally "Add"/"AddV2" (the next arg, y's shape), then
// optionally an activation of fusedActivations (LeakyRelu's
// leakyrelu_alpha defaults to 0.2). Integers take Relu and Relu6 only.
func fusedEpilogue(op *mlir.Op, y *array, args []*array) (*array, error) {
	fused, err := attrStrings(op, "fused_ops")
	if err != nil {
		return nil, err
	}
	unsupported := func() error {
		return opError(op, mlir.ErrUnsupported, "fused_ops %q is not supported (want [\"BiasAdd\" or \"FusedBatchNorm\", optionally \"Add\", optionally an activation])", fused)
	}
	if len(fused) < 1 {
		return nil, unsupported()
	}
	need := 1
	if fused[0] == "FusedBatchNorm" {
		need = 4
	} else if fused[0] != "BiasAdd" {
		return nil, unsupported()
	}
	rest := fused[1:]
	add := len(rest) > 0 && (rest[0] == "Add" || rest[0] == "AddV2")
	if add {
		rest = rest[1:]
	}
	act := ""
	if len(rest) == 1 {
		act = rest[0]
	} else if len(rest) > 1 {
		return nil, unsupported()
	}
	actF, ok := fusedActivations[act]
	if act != "" && !ok {
		return nil, opError(op, mlir.ErrUnsupported, "fused activation %q is not supported", act)
	}
	if want := need + btoi(add); len(args) != want {
		return nil, opError(op, mlir.ErrInvalid, "fused_ops %q take %d extra operands, got %d", fused, want, len(args))
	}
	dt := y.dt
	if act != "" && act != "Relu" && act != "Relu6" && kindOf(dt) != kFloat {
		return nil, errElemType(op, dt)
	}
	if fused[0] == "FusedBatchNorm" && kindOf(dt) != kFloat {
		return nil, errElemType(op, dt)
	}
	alpha, err := attrFloat(op, "leakyrelu_alpha", 0.2)
	if err != nil {
		return nil, err
	}
	eps, err := attrFloat(op, "epsilon", 0.0001)
	if err != nil {
		return nil, err
	}
	c := y.shape[len(y.shape)-1]
	for j, a := range args[:need] {
		if (fused[0] == "BiasAdd" && a.dt != dt) || kindOf(a.dt) != kindOf(dt) || len(a.shape) != 1 || a.shape[0] != c {
			return nil, opError(op, mlir.ErrInvalid, "fused operand %d %s must be a vector of the %d output channels", j+2, memref.TypeString(a.dt, a.shape), c)
		}
	}
	var addend *array
	if add {
		addend = args[need]
		if addend.dt != dt || !sameShape(addend.shape, y.shape) {
			return nil, opError(op, mlir.ErrInvalid, "the fused Add's operand %s must be %s", memref.TypeString(addend.dt, addend.shape), memref.TypeString(dt, y.shape))
		}
	}
	for i := 0; i < y.len(); i++ {
		ch := i % c
		switch kindOf(dt) {
		case kFloat:
			var v float64
			if fused[0] == "FusedBatchNorm" {
				scale, offset, mean, variance := args[0].f[ch], args[1].f[ch], args[2].f[ch], args[3].f[ch]
				v = refmath.RoundTo(dt, (y.f[i]-mean)/math.Sqrt(variance+eps)*scale+offset)
			} else {
				v = refmath.RoundTo(dt, y.f[i]+args[0].f[ch])
			}
			if add {
				v = refmath.RoundTo(dt, v+addend.f[i])
			}
			if actF != nil {
				v = refmath.RoundTo(dt, actF(dt, v, alpha))
			}
			y.f[i] = v
		case kSigned:
			v := refmath.WrapS(dt, y.s[i]+args[0].s[ch])
			if add {
				v = refmath.WrapS(dt, v+addend.s[i])
			}
			switch act {
			case "Relu":
				v = max(v, 0)
			case "Relu6":
				v = min(max(v, 0), 6)
			}
			y.s[i] = v
		case kUnsigned:
			v := refmath.WrapU(dt, y.u[i]+args[0].u[ch])
			if add {
				v = refmath.WrapU(dt, v+addend.u[i])
			}
			if act == "Relu6" {
				v = min(v, 6)
			}
			y.u[i] = v
		}
	}
	return y, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// evalEinsum is numpy's einsum for one or more operands of one numeric
// element type (nd.PlanEinsum has the equation's rules): products summed
// exactly in float64 and rounded once, integers wrapping.
func evalEinsum(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.allOperands(op)
	if err != nil {
		return nil, err
	}
	if len(in) == 0 {
		return nil, opError(op, mlir.ErrInvalid, "expects at least 1 operand")
	}
	for j := range in {
		if err := sameElemType(op, in, 0, j); err != nil {
			return nil, err
		}
	}
	dt := in[0].dt
	if kindOf(dt) == kBool || kindOf(dt) == kComplex {
		return nil, errElemType(op, dt)
	}
	eq, err := attrString(op, "equation", "")
	if err != nil {
		return nil, err
	}
	shapes := make([][]int, len(in))
	for j, x := range in {
		shapes[j] = x.shape
	}
	plan, err := nd.PlanEinsum(eq, shapes)
	if err != nil {
		return nil, opError(op, mlir.ErrInvalid, "%v", err)
	}
	shape := plan.Shape
	if len(shape) > memref.MaxRank {
		return nil, opError(op, mlir.ErrInvalid, "result rank %d exceeds %d", len(shape), memref.MaxRank)
	}
	out, err := ev.alloc(op, dt, shape)
	if err != nil {
		return nil, err
	}
	var fs float64
	var is int64
	plan.Contract(func() { fs, is = 0, 0 }, func(idx []int) {
		if kindOf(dt) == kFloat {
			p := 1.0
			for j := range in {
				p *= in[j].f[idx[j]]
			}
			fs += p
		} else {
			p := int64(1)
			for j := range in {
				p *= intBits(in[j], idx[j])
			}
			is += p
		}
	}, func(o int) {
		if kindOf(dt) == kFloat {
			out.f[o] = refmath.RoundTo(dt, fs)
		} else {
			storeInt(out, o, is)
		}
	})
	return out, nil
}

// evalConv2D is TensorFlow's Conv2D in NHWC (TensorFlow's CPU kernel
// supports no other data_format): input [N,H,W,C], filter [FH,FW,C/G,O]
// with G groups (G = C / the filter's input channels, dividing O), strides
// and dilations of the form [1,h,w,1], padding SAME (TensorFlow's
// placement: the smaller half before), VALID or EXPLICIT (explicit_paddings
// [0,0,top,bottom,left,right,0,0]). The padding is zeros that the filter
// multiplies, as in convND.
func evalConv2D(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	if err := matmulOperands(op, in); err != nil {
		return nil, err
	}
	if kindOf(in[0].dt) == kComplex {
		return nil, errElemType(op, in[0].dt)
	}
	x, w := in[0], in[1]
	format, err := attrString(op, "data_format", "NHWC")
	if err != nil {
		return nil, err
	}
	if format != "NHWC" {
		return nil, opError(op, mlir.ErrUnsupported, "The Conv2D op currently only supports the NHWC tensor format on the CPU. The op was given the format: %s", format)
	}
	if len(x.shape) != 4 || len(w.shape) != 4 {
		return nil, opError(op, mlir.ErrInvalid, "input and filter must be 4-dimensional: %s and %s", nd.Format(x.shape), nd.Format(w.shape))
	}
	strides, ok, err := attrInts(op, "strides")
	if err != nil {
		return nil, err
	}
	if !ok || len(strides) != 4 {
		return nil, opError(op, mlir.ErrInvalid, "Sliding window strides field must specify 4 dimensions")
	}
	dil, ok, err := attrInts(op, "dilations")
	if err != nil {
		return nil, err
	}
	if !ok {
		dil = []int64{1, 1, 1, 1}
	}
	if len(dil) != 4 {
		return nil, opError(op, mlir.ErrInvalid, "Sliding window dilations field must specify 4 dimensions")
	}
	if strides[0] != 1 || strides[3] != 1 {
		return nil, opError(op, mlir.ErrInvalid, "Current implementation does not yet support strides in the batch and depth dimensions.")
	}
	if dil[0] != 1 || dil[3] != 1 {
		return nil, opError(op, mlir.ErrInvalid, "Current implementation does not yet support dilations in the batch and depth dimensions.")
	}
	for _, v := range []int64{strides[1], strides[2], dil[1], dil[2]} {
		if v < 1 || v > memref.MaxElements {
			return nil, opError(op, mlir.ErrInvalid, "strides and dilations must be positive, got %v and %v", strides, dil)
		}
	}
	padding, err := attrString(op, "padding", "")
	if err != nil {
		return nil, err
	}
	var explicit []int64
	switch padding {
	case "SAME", "VALID":
	case "EXPLICIT":
		explicit, _, err = attrInts(op, "explicit_paddings")
		if err != nil {
			return nil, err
		}
		if len(explicit) != 8 || explicit[0] != 0 || explicit[1] != 0 || explicit[6] != 0 || explicit[7] != 0 {
			return nil, opError(op, mlir.ErrInvalid, "explicit_paddings must be [0, 0, top, bottom, left, right, 0, 0], got %v", explicit)
		}
		for _, p := range explicit {
			if p < 0 || p > memref.MaxElements {
				return nil, opError(op, mlir.ErrInvalid, "explicit_paddings must be non-negative, got %v", explicit)
			}
		}
	default:
		return nil, opError(op, mlir.ErrInvalid, "padding must be SAME, VALID or EXPLICIT, got %q", padding)
	}
	nb, ih, iw, ic := x.shape[0], x.shape[1], x.shape[2], x.shape[3]
	fh, fw, fc, oc := w.shape[0], w.shape[1], w.shape[2], w.shape[3]
	if fc == 0 || ic%fc != 0 {
		return nil, opError(op, mlir.ErrInvalid, "input depth must be evenly divisible by filter depth: %d vs %d", ic, fc)
	}
	groups := ic / fc
	if oc%groups != 0 {
		return nil, opError(op, mlir.ErrInvalid, "output depth must be evenly divisible by number of groups: %d vs %d", oc, groups)
	}
	var ph, pw [2]int64
	if explicit != nil {
		ph, pw = [2]int64{explicit[2], explicit[3]}, [2]int64{explicit[4], explicit[5]}
	}
	sh, sw, dh, dw := int(strides[1]), int(strides[2]), int(dil[1]), int(dil[2])
	oh, top, err := nd.WindowedOutputSize(padding, ih, fh, dh, sh, ph)
	if err != nil {
		return nil, opError(op, mlir.ErrInvalid, "%v", err)
	}
	ow, left, err := nd.WindowedOutputSize(padding, iw, fw, dw, sw, pw)
	if err != nil {
		return nil, opError(op, mlir.ErrInvalid, "%v", err)
	}
	out, err := ev.alloc(op, x.dt, []int{nb, oh, ow, oc})
	if err != nil {
		return nil, err
	}
	perGroup := oc / groups
	ws := nd.Strides(w.shape)
	win := nd.Window{In: x.shape, Kernel: []int{fh, fw}, Strides: []int{sh, sw}, Dil: []int{dh, dw}, Before: []int{top, left}}
	nd.ForEachCoord(out.shape, func(o int, c []int) {
		co := c[3]
		g := co / perGroup
		var fs float64
		var is int64
		win.Taps(c, func(t, e int) {
			for ci := 0; ci < fc; ci++ {
				xe := e + g*fc + ci
				we := t*ws[1] + ci*ws[2] + co
				if kindOf(x.dt) == kFloat {
					fs += x.f[xe] * w.f[we]
				} else {
					is += intBits(x, xe) * intBits(w, we)
				}
			}
		})
		if kindOf(x.dt) == kFloat {
			win.PaddedTaps(c, func(t int) { // 0·filter: NaN where the filter is not finite
				for ci := 0; ci < fc; ci++ {
					fs += 0 * w.f[t*ws[1]+ci*ws[2]+co]
				}
			})
		}
		if kindOf(x.dt) == kFloat {
			out.f[o] = refmath.RoundTo(x.dt, fs)
		} else {
			storeInt(out, o, is)
		}
	})
	return out, nil
}

// evalFusedBatchNorm is tf.FusedBatchNorm{,V2,V3} over x of rank 4 (NHWC,
// NCHW) or 5 (NDHWC, NCDHW) with per-channel scale, offset, mean, variance
// (one float type; x may be f16 with f32 parameters). Inference
// (is_training = false): y = (x - mean)·rsqrt(variance + epsilon)·scale +
// offset, computed in float64 and rounded once; batch_mean and
// batch_variance are mean and variance unchanged, reserve_space_1/2 are
// copies of them. Training (is_training, the default): the same with the
// batch's mean and biased variance; batch_mean/batch_variance are the
// running statistics TensorFlow gives (the batch's, the variance with
// Bessel's correction, or blended by exponential_avg_factor), and
// reserve_space_1/2 the batch's mean and biased variance. An empty x gives
// NaN statistics (as TensorFlow's CPU kernel does). V3's reserve_space_3 is
// TensorFlow's CPU placeholder: a scalar 0, or an empty vector when the
// result is declared rank 1.
func evalFusedBatchNorm(ev *evaluator, op *mlir.Op) ([]*array, error) {
	in, err := ev.operands(op, 5)
	if err != nil {
		return nil, err
	}
	x, scale, offset, mean, variance := in[0], in[1], in[2], in[3], in[4]
	if kindOf(x.dt) != kFloat {
		return nil, errElemType(op, x.dt)
	}
	if err := sameElemType(op, in, 1, 2, 3, 4); err != nil {
		return nil, err
	}
	u := scale.dt
	if kindOf(u) != kFloat {
		return nil, opError(op, mlir.ErrInvalid, "scale, offset, mean and variance must be floats, got %v", u)
	}
	nres := 6
	if op.Name != "tf.FusedBatchNormV3" {
		nres = 5
	}
	if len(op.Results) != nres {
		return nil, opError(op, mlir.ErrInvalid, "expects %d results, got %d", nres, len(op.Results))
	}
	eps, err := attrFloat(op, "epsilon", 1e-4)
	if err != nil {
		return nil, err
	}
	eps = refmath.RoundTo(u, float64(float32(eps))) // an f32 attribute, converted to U
	factor, err := attrFloat(op, "exponential_avg_factor", 1)
	if err != nil {
		return nil, err
	}
	factor = refmath.RoundTo(u, float64(float32(factor)))
	training, err := attrBool(op, "is_training", true)
	if err != nil {
		return nil, err
	}
	format, err := attrString(op, "data_format", "NHWC")
	if err != nil {
		return nil, err
	}
	r := len(x.shape)
	if r != 4 && r != 5 {
		return nil, opError(op, mlir.ErrInvalid, "input must be 4 or 5-dimensional%s", nd.Format(x.shape))
	}
	cdim := r - 1
	switch format {
	case "NHWC", "NDHWC":
	case "NCHW", "NCDHW":
		cdim = 1
	default:
		return nil, opError(op, mlir.ErrInvalid, "Invalid data format %q", format)
	}
	c := x.shape[cdim]
	for j, name := range []string{"scale", "offset", "mean", "variance"} {
		a := in[j+1]
		if len(a.shape) != 1 {
			return nil, opError(op, mlir.ErrInvalid, "%s must be 1-dimensional%s", name, nd.Format(a.shape))
		}
		if (j < 2 || !training || factor != 1) && a.shape[0] != c {
			return nil, opError(op, mlir.ErrInvalid, "%s must have the same number of elements as the channels of x, got %d and %d",
				name, a.shape[0], c)
		}
	}
	outs := make([]*array, nres)
	for j := range outs {
		shape := []int{c}
		dt := u
		switch j {
		case 0:
			shape, dt = x.shape, x.dt
		case 5:
			shape = nil
			if t := op.Results[5].Type; t.Ranked && len(t.Dims) == 1 {
				shape = []int{0}
			}
		}
		if outs[j], err = ev.alloc(op, dt, shape); err != nil {
			return nil, err
		}
	}
	outer, _, inner := nd.AxisLayout(x.shape, cdim)
	count := outer * inner // elements per channel
	at := func(o, ch, i int) int { return (o*c+ch)*inner + i }
	for ch := 0; ch < c; ch++ {
		m, v := 0.0, 0.0
		if training {
			for o := 0; o < outer; o++ {
				for i := 0; i < inner; i++ {
					m += x.f[at(o, ch, i)]
				}
			}
			m /= float64(count)
			for o := 0; o < outer; o++ {
				for i := 0; i < inner; i++ {
					d := x.f[at(o, ch, i)] - m
					v += d * d
				}
			}
			v /= float64(count)
		} else {
			m, v = mean.f[ch], variance.f[ch]
		}
		k := scale.f[ch] / math.Sqrt(v+eps)
		for o := 0; o < outer; o++ {
			for i := 0; i < inner; i++ {
				e := at(o, ch, i)
				outs[0].f[e] = refmath.RoundTo(x.dt, (x.f[e]-m)*k+offset.f[ch])
			}
		}
		switch {
		case count == 0:
			for j := 1; j < 5; j++ {
				outs[j].f[ch] = math.NaN()
			}
		case !training:
			outs[1].f[ch], outs[2].f[ch] = m, v
			outs[3].f[ch], outs[4].f[ch] = m, v
		default:
			adjust := float64(count) / float64(max(count-1, 1))
			rm, rv := m, v*adjust
			if factor != 1 {
				rm = (1-factor)*mean.f[ch] + factor*m
				rv = (1-factor)*variance.f[ch] + factor*adjust*v
			}
			outs[1].f[ch], outs[2].f[ch] = refmath.RoundTo(u, rm), refmath.RoundTo(u, rv)
			outs[3].f[ch], outs[4].f[ch] = refmath.RoundTo(u, m), refmath.RoundTo(u, v)
		}
	}
	return outs, nil
}
