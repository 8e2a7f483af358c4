package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"
	"strings"

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
		return nil, opError(op, mlir.ErrInvalid, "In[0] and In[1] must be matrices: %s and %s", shapeString(a.shape), shapeString(b.shape))
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
		return nil, opError(op, mlir.ErrInvalid, "Matrix size-incompatible: In[0]: %s, In[1]: %s", shapeString(a.shape), shapeString(b.shape))
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
		return nil, opError(op, mlir.ErrInvalid, "Matrix size-incompatible: In[0]: %s, In[1]: %s", shapeString(x.shape), shapeString(y.shape))
	}
	bx, by := x.shape[:xr-2], y.shape[:yr-2]
	batch, ok := broadcastShape(bx, by)
	if !ok {
		return nil, opError(op, mlir.ErrInvalid, "In[0] and In[1] must have compatible batch dimensions: %s vs. %s",
			shapeString(x.shape), shapeString(y.shape))
	}
	shape := append(append([]int{}, batch...), m, n)
	out, err := ev.alloc(op, x.dt, shape)
	if err != nil {
		return nil, err
	}
	xm, ym := x.shape[xr-2]*x.shape[xr-1], y.shape[yr-2]*y.shape[yr-1]
	forEachBroadcast(batch, [][]int{bx, by}, func(o int, i []int) {
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
		return nil, opError(op, mlir.ErrInvalid, "input must be 4-dimensional: %s", shapeString(in[0].shape))
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

// einsumOperand is one parsed operand of an Einsum equation: its labels in
// order, with -1 standing for the ellipsis' dims.
type einsumOperand struct {
	labels   []rune
	ellipsis int // position of "..." among the labels, or -1
}

func parseEinsumTerm(s string) (einsumOperand, bool) {
	t := einsumOperand{ellipsis: -1}
	for len(s) > 0 {
		switch {
		case strings.HasPrefix(s, "..."):
			if t.ellipsis >= 0 {
				return t, false
			}
			t.ellipsis = len(t.labels)
			s = s[3:]
		case s[0] == ' ':
			s = s[1:]
		case (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'):
			t.labels = append(t.labels, rune(s[0]))
			s = s[1:]
		default:
			return t, false
		}
	}
	return t, true
}

// evalEinsum is numpy's einsum for one or more operands: labels are
// letters, a label repeated within an operand takes its diagonal, labels
// missing from the output are summed over, and "..." stands for dims that
// broadcast across operands (numpy's rules) and appear in the output where
// it has "..." (an output without "..." is an error unless they are none,
// as in numpy). Without "->" the output is
// "..." then the labels used exactly once, in alphabetical order. Every
// label has one size in all operands.
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
	bad := func(why string, args ...any) error {
		return opError(op, mlir.ErrInvalid, "equation %q: "+why, append([]any{eq}, args...)...)
	}
	lhs, rhs, explicit := strings.Cut(eq, "->")
	if strings.Contains(rhs, "->") {
		return nil, bad("more than one \"->\"")
	}
	terms := strings.Split(lhs, ",")
	if len(terms) != len(in) {
		return nil, bad("has %d input terms for %d operands", len(terms), len(in))
	}
	ops := make([]einsumOperand, len(terms))
	size := map[rune]int{}
	count := map[rune]int{}
	var ellShape []int // the broadcast shape of every operand's "..." dims
	ellShapes := make([][]int, len(in))
	for j, term := range terms {
		t, ok := parseEinsumTerm(term)
		if !ok {
			return nil, bad("input term %q is malformed", term)
		}
		ops[j] = t
		x := in[j]
		ne := len(x.shape) - len(t.labels)
		if (t.ellipsis < 0 && ne != 0) || ne < 0 {
			return nil, bad("input %d has rank %d but term %q", j, len(x.shape), term)
		}
		if t.ellipsis >= 0 {
			ellShapes[j] = x.shape[t.ellipsis : t.ellipsis+ne]
			b, ok := broadcastShape(ellShape, ellShapes[j])
			if !ok {
				return nil, bad("the \"...\" dims %s and %s do not broadcast", shapeString(ellShape), shapeString(ellShapes[j]))
			}
			ellShape = b
		}
		for p, l := range t.labels {
			d := x.shape[p]
			if p >= max(t.ellipsis, 0) && t.ellipsis >= 0 {
				d = x.shape[p+ne]
			}
			if s, seen := size[l]; seen && s != d {
				return nil, bad("label %q has size %d and %d", l, s, d)
			}
			size[l] = d
			count[l]++
		}
	}
	var outT einsumOperand
	if explicit {
		t, ok := parseEinsumTerm(rhs)
		if !ok {
			return nil, bad("output term %q is malformed", rhs)
		}
		outT = t
		seen := map[rune]bool{}
		for _, l := range t.labels {
			if _, ok := size[l]; !ok || seen[l] {
				return nil, bad("output label %q is not an input label or is repeated", l)
			}
			seen[l] = true
		}
	} else {
		outT.ellipsis = 0
		for l := 'A'; l <= 'z'; l++ {
			if count[l] == 1 {
				outT.labels = append(outT.labels, l)
			}
		}
	}
	if outT.ellipsis < 0 && len(ellShape) > 0 {
		return nil, bad("the inputs' \"...\" stands for %d dims but the output has no \"...\"", len(ellShape))
	}
	// Every index variable gets a slot in one coordinate vector: first the
	// "..." dims, then one per label. The result iterates over the output's
	// slots, the sum over the slots of labels missing from the output.
	ne := len(ellShape)
	slot := map[rune]int{}
	var slotSize []int
	slotSize = append(slotSize, ellShape...)
	addLabel := func(l rune) {
		if _, ok := slot[l]; !ok {
			slot[l] = len(slotSize)
			slotSize = append(slotSize, size[l])
		}
	}
	// outSlots lists the output's slots in order ("..." dims where it has
	// "...").
	var outSlots []int
	for p := 0; p <= len(outT.labels); p++ {
		if p == outT.ellipsis {
			for e := 0; e < ne; e++ {
				outSlots = append(outSlots, e)
			}
		}
		if p < len(outT.labels) {
			addLabel(outT.labels[p])
			outSlots = append(outSlots, slot[outT.labels[p]])
		}
	}
	nOut := len(slotSize)
	for _, t := range ops {
		for _, l := range t.labels {
			addLabel(l) // the summed labels, in first-use order
		}
	}
	var shape []int
	for _, s := range outSlots {
		shape = append(shape, slotSize[s])
	}
	sumShape := slotSize[nOut:]
	if len(shape) > memref.MaxRank {
		return nil, opError(op, mlir.ErrInvalid, "result rank %d exceeds %d", len(shape), memref.MaxRank)
	}
	out, err := ev.alloc(op, dt, shape)
	if err != nil {
		return nil, err
	}
	// For operand j, dimSlot[j][d] is the slot dim d reads (-1: a size-1
	// "..." dim that broadcasts, always index 0).
	dimSlot := make([][]int, len(in))
	strides := make([][]int, len(in))
	for j, x := range in {
		t := ops[j]
		strides[j] = stridesOf(x.shape)
		nej := len(x.shape) - len(t.labels)
		for p := 0; p <= len(t.labels); p++ {
			if p == t.ellipsis {
				for e := 0; e < nej; e++ {
					s := ne - nej + e
					if x.shape[len(dimSlot[j])] == 1 && ellShape[s] != 1 {
						s = -1
					}
					dimSlot[j] = append(dimSlot[j], s)
				}
			}
			if p < len(t.labels) {
				dimSlot[j] = append(dimSlot[j], slot[t.labels[p]])
			}
		}
	}
	cv := make([]int, len(slotSize))
	index := func(j int) int {
		i := 0
		for d, s := range dimSlot[j] {
			if s >= 0 {
				i += cv[s] * strides[j][d]
			}
		}
		return i
	}
	forEachCoord(shape, func(o int, c []int) {
		for k, s := range outSlots {
			cv[s] = c[k]
		}
		var fs float64
		var is int64
		forEachCoord(sumShape, func(_ int, sc []int) {
			copy(cv[nOut:], sc)
			if kindOf(dt) == kFloat {
				p := 1.0
				for j := range in {
					p *= in[j].f[index(j)]
				}
				fs += p
			} else {
				p := int64(1)
				for j := range in {
					p *= intBits(in[j], index(j))
				}
				is += p
			}
		})
		if kindOf(dt) == kFloat {
			out.f[o] = refmath.RoundTo(dt, fs)
		} else {
			storeInt(out, o, is)
		}
	})
	return out, nil
}

// conv2DPadding computes TensorFlow's output size and leading padding of
// one spatial dim (GetWindowedOutputSize).
func conv2DPadding(op *mlir.Op, padding string, in, k, dil, stride int, explicit [2]int64) (out, before int, err error) {
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
		return 0, 0, opError(op, mlir.ErrInvalid, "Computed output size would be negative: %d [input_size: %d, effective_filter_size: %d, stride: %d]",
			out, in, eff, stride)
	}
	return out, before, nil
}

// evalConv2D is TensorFlow's Conv2D in NHWC (TensorFlow's CPU kernel
// supports no other data_format): input [N,H,W,C], filter [FH,FW,C/G,O]
// with G groups (G = C / the filter's input channels, dividing O), strides
// and dilations of the form [1,h,w,1], padding SAME (TensorFlow's
// placement: the smaller half before), VALID or EXPLICIT (explicit_paddings
// [0,0,top,bottom,left,right,0,0]).
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
		return nil, opError(op, mlir.ErrInvalid, "input and filter must be 4-dimensional: %s and %s", shapeString(x.shape), shapeString(w.shape))
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
	oh, top, err := conv2DPadding(op, padding, ih, fh, dh, sh, ph)
	if err != nil {
		return nil, err
	}
	ow, left, err := conv2DPadding(op, padding, iw, fw, dw, sw, pw)
	if err != nil {
		return nil, err
	}
	out, err := ev.alloc(op, x.dt, []int{nb, oh, ow, oc})
	if err != nil {
		return nil, err
	}
	perGroup := oc / groups
	xs, ws := stridesOf(x.shape), stridesOf(w.shape)
	forEachCoord(out.shape, func(o int, c []int) {
		n, y, xx, co := c[0], c[1], c[2], c[3]
		g := co / perGroup
		var fs float64
		var is int64
		for a := 0; a < fh; a++ {
			yi := y*sh - top + a*dh
			if yi < 0 || yi >= ih {
				continue
			}
			for b := 0; b < fw; b++ {
				xi := xx*sw - left + b*dw
				if xi < 0 || xi >= iw {
					continue
				}
				for ci := 0; ci < fc; ci++ {
					xe := n*xs[0] + yi*xs[1] + xi*xs[2] + g*fc + ci
					we := a*ws[0] + b*ws[1] + ci*ws[2] + co
					if kindOf(x.dt) == kFloat {
						fs += x.f[xe] * w.f[we]
					} else {
						is += intBits(x, xe) * intBits(w, we)
					}
				}
			}
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
		return nil, opError(op, mlir.ErrInvalid, "input must be 4 or 5-dimensional%s", shapeString(x.shape))
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
			return nil, opError(op, mlir.ErrInvalid, "%s must be 1-dimensional%s", name, shapeString(a.shape))
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
	outer, _, inner := axisLayout(x.shape, cdim)
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
