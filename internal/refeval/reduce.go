package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"

	"github.com/sandjit/sandjit/memref"
)

func (s reduceSpec) takes(k kind) bool {
	switch k {
	case kComplex:
		return s.c != nil
	case kFloat:
		return s.f != nil
	case kSigned:
		return s.s != nil
	case kUnsigned:
		return s.u != nil
	}
	return s.b != nil
}

// reductionAxes reads operand 1 of op (its runtime value, wherever it comes
// from) as reduction axes of an operand of the given rank, and returns
// which dims are reduced.
func (ev *evaluator) reductionAxes(op *mlir.Op, rank int) ([]bool, error) {
	axes := ev.env[op.Operands[1]]
	if axes.dt != memref.Int32 && axes.dt != memref.Int64 {
		return nil, opError(op, mlir.ErrInvalid, "reduction axes must be i32 or i64, got %v", axes.dt)
	}
	if len(axes.shape) > 1 {
		return nil, opError(op, mlir.ErrInvalid, "reduction axes must be a scalar or a vector, got shape %s", nd.Format(axes.shape))
	}
	reduced := make([]bool, rank)
	for _, a := range axes.s {
		if a < int64(-rank) || a >= int64(rank) {
			return nil, opError(op, mlir.ErrInvalid, "Invalid reduction dimension (%d for input with %d dimension(s))", a, rank)
		}
		if a < 0 {
			a += int64(rank)
		}
		reduced[a] = true
	}
	return reduced, nil
}

func evalReduce(ev *evaluator, op *mlir.Op, spec reduceSpec) (*array, error) {
	in, err := ev.operands(op, 2)
	if err != nil {
		return nil, err
	}
	x := in[0]
	dt := x.dt
	if !spec.takes(kindOf(dt)) {
		return nil, errElemType(op, dt)
	}
	keepDims := false
	if a := op.Attr("keep_dims"); a != nil {
		b, ok := a.(mlir.BoolAttr)
		if !ok {
			return nil, opError(op, mlir.ErrInvalid, "keep_dims must be a bool, got %v", a)
		}
		keepDims = bool(b)
	}
	reduced, err := ev.reductionAxes(op, len(x.shape))
	if err != nil {
		return nil, err
	}
	none := true
	for _, r := range reduced {
		none = none && !r
	}
	if none {
		// No axes: TensorFlow returns the input as it is (a -0 stays -0;
		// summing it onto the identity would give +0).
		return x, nil
	}
	var outShape, keptShape, redShape []int
	for k, d := range x.shape {
		switch {
		case !reduced[k]:
			outShape = append(outShape, d)
			keptShape = append(keptShape, d)
		case keepDims:
			outShape = append(outShape, 1)
			redShape = append(redShape, d)
		default:
			redShape = append(redShape, d)
		}
	}
	out, err := ev.alloc(op, dt, outShape)
	if err != nil {
		return nil, err
	}
	// Gather the elements so that group o (output element o, in row-major
	// order of the kept dims) is gathered[o*g : (o+1)*g].
	g := nd.NumElements(redShape)
	gathered := newArray(dt, []int{x.len()})
	coord := make([]int, len(x.shape))
	for i := 0; i < x.len(); i++ {
		o, r := 0, 0
		for k, c := range coord {
			if reduced[k] {
				r = r*x.shape[k] + c
			} else {
				o = o*x.shape[k] + c
			}
		}
		copyElem(gathered, o*g+r, x, i)
		for k := len(coord) - 1; k >= 0; k-- {
			coord[k]++
			if coord[k] < x.shape[k] {
				break
			}
			coord[k] = 0
		}
	}
	for o := 0; o < out.len(); o++ {
		lo, hi := o*g, (o+1)*g
		switch kindOf(dt) {
		case kFloat:
			out.f[o] = refmath.RoundTo(dt, spec.f(dt, gathered.f[lo:hi]))
		case kSigned:
			out.s[o] = refmath.WrapS(dt, spec.s(dt, gathered.s[lo:hi]))
		case kUnsigned:
			out.u[o] = refmath.WrapU(dt, spec.u(dt, gathered.u[lo:hi]))
		case kBool:
			out.b[o] = spec.b(gathered.b[lo:hi])
		case kComplex:
			out.c[o] = refmath.RoundC(dt, spec.c(dt, gathered.c[lo:hi]))
		}
	}
	return out, nil
}

// evalSoftmax computes tf.Softmax or tf.LogSoftmax over the last axis, in
// float64, rounding each result once.
func evalSoftmax(ev *evaluator, op *mlir.Op) (*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if kindOf(x.dt) != kFloat {
		return nil, errElemType(op, x.dt)
	}
	if len(x.shape) < 1 {
		return nil, opError(op, mlir.ErrInvalid, "logits must have >= 1 dimension, got %s", nd.Format(x.shape))
	}
	out, err := ev.alloc(op, x.dt, x.shape)
	if err != nil {
		return nil, err
	}
	n := x.shape[len(x.shape)-1]
	for lo := 0; lo < x.len(); lo += n {
		row := x.f[lo : lo+n]
		m := refmath.MaxF(x.dt, row)
		sum := 0.0
		for _, v := range row {
			sum += math.Exp(v - m)
		}
		for j, v := range row {
			if op.Name == "tf.LogSoftmax" {
				out.f[lo+j] = refmath.RoundTo(x.dt, (v-m)-math.Log(sum))
			} else {
				out.f[lo+j] = refmath.RoundTo(x.dt, math.Exp(v-m)/sum)
			}
		}
	}
	return out, nil
}
