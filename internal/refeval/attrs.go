package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"

	"github.com/sandjit/sandjit/memref"
)

// Attribute readers: each returns def when the attribute is absent and an
// error naming the attribute when it has the wrong kind.

func attrInt(op *mlir.Op, name string, def int64) (int64, error) {
	switch a := op.Attr(name).(type) {
	case nil:
		return def, nil
	case mlir.IntAttr:
		return a.Value, nil
	default:
		return 0, opError(op, mlir.ErrInvalid, "%s must be an integer, got %v", name, a)
	}
}

func attrFloat(op *mlir.Op, name string, def float64) (float64, error) {
	switch a := op.Attr(name).(type) {
	case nil:
		return def, nil
	case mlir.FloatAttr:
		return a.Value, nil
	case mlir.IntAttr:
		return float64(a.Value), nil
	default:
		return 0, opError(op, mlir.ErrInvalid, "%s must be a float, got %v", name, a)
	}
}

func attrBool(op *mlir.Op, name string, def bool) (bool, error) {
	switch a := op.Attr(name).(type) {
	case nil:
		return def, nil
	case mlir.BoolAttr:
		return bool(a), nil
	default:
		return false, opError(op, mlir.ErrInvalid, "%s must be a bool, got %v", name, a)
	}
}

func attrString(op *mlir.Op, name, def string) (string, error) {
	switch a := op.Attr(name).(type) {
	case nil:
		return def, nil
	case mlir.StringAttr:
		return string(a), nil
	default:
		return "", opError(op, mlir.ErrInvalid, "%s must be a string, got %v", name, a)
	}
}

// attrInts reads an array of integers; ok is false when it is absent.
func attrInts(op *mlir.Op, name string) (vals []int64, ok bool, err error) {
	a := op.Attr(name)
	if a == nil {
		return nil, false, nil
	}
	arr, isArr := a.(mlir.ArrayAttr)
	if !isArr {
		return nil, false, opError(op, mlir.ErrInvalid, "%s must be an array of integers, got %v", name, a)
	}
	for _, e := range arr {
		i, isInt := e.(mlir.IntAttr)
		if !isInt {
			return nil, false, opError(op, mlir.ErrInvalid, "%s must be an array of integers, got %v", name, a)
		}
		vals = append(vals, i.Value)
	}
	return vals, true, nil
}

func attrStrings(op *mlir.Op, name string) ([]string, error) {
	a := op.Attr(name)
	if a == nil {
		return nil, nil
	}
	arr, isArr := a.(mlir.ArrayAttr)
	if !isArr {
		return nil, opError(op, mlir.ErrInvalid, "%s must be an array of strings, got %v", name, a)
	}
	var out []string
	for _, e := range arr {
		s, isStr := e.(mlir.StringAttr)
		if !isStr {
			return nil, opError(op, mlir.ErrInvalid, "%s must be an array of strings, got %v", name, a)
		}
		out = append(out, string(s))
	}
	return out, nil
}

// attrSymbol reads a function reference (@name).
func attrSymbol(op *mlir.Op, name string) (string, error) {
	switch a := op.Attr(name).(type) {
	case mlir.SymbolRefAttr:
		return string(a), nil
	case mlir.StringAttr: // some exporters spell the function name as a string
		return string(a), nil
	case nil:
		return "", opError(op, mlir.ErrInvalid, "needs the function attribute %s", name)
	default:
		return "", opError(op, mlir.ErrInvalid, "%s must be a function reference, got %v", name, a)
	}
}

// intValues reads the elements of an integer operand (any integer type) as
// int64: shape operands (axes, perm, shape, sizes, paddings, …), whose
// runtime value the evaluator simply uses.
func intValues(op *mlir.Op, a *array, what string) ([]int64, error) {
	switch kindOf(a.dt) {
	case kSigned:
		return a.s, nil
	case kUnsigned:
		out := make([]int64, len(a.u))
		for i, v := range a.u {
			if v > math.MaxInt64 {
				return nil, opError(op, mlir.ErrInvalid, "%s holds %d, out of range", what, v)
			}
			out[i] = int64(v)
		}
		return out, nil
	}
	return nil, opError(op, mlir.ErrInvalid, "%s must be an integer tensor, got %v", what, a.dt)
}

// intScalar reads a rank-0 (or, when oneElem is set, any one-element)
// integer operand.
func intScalar(op *mlir.Op, a *array, what string, oneElem bool) (int64, error) {
	if len(a.shape) != 0 && !(oneElem && a.len() == 1) {
		return 0, opError(op, mlir.ErrInvalid, "%s must be a scalar, got shape %s", what, nd.Format(a.shape))
	}
	v, err := intValues(op, a, what)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

// intVector reads a rank-1 integer operand.
func intVector(op *mlir.Op, a *array, what string) ([]int64, error) {
	if len(a.shape) != 1 {
		return nil, opError(op, mlir.ErrInvalid, "%s must be a vector, got shape %s", what, nd.Format(a.shape))
	}
	return intValues(op, a, what)
}

// wrapAxis checks axis against [-rank, rank) and makes it non-negative.
func wrapAxis(op *mlir.Op, axis int64, rank int, what string) (int, error) {
	if axis < int64(-rank) || axis >= int64(rank) {
		return 0, opError(op, mlir.ErrInvalid, "%s %d is out of range [%d, %d)", what, axis, -rank, rank)
	}
	if axis < 0 {
		axis += int64(rank)
	}
	return int(axis), nil
}

// validShape converts a shape computed from operand values and checks it
// (non-negative dims, rank and element count within memref's bounds).
func validShape(op *mlir.Op, shape []int64, what string) ([]int, error) {
	out := make([]int, len(shape))
	for i, d := range shape {
		if d < 0 || d > memref.MaxElements {
			return nil, opError(op, mlir.ErrInvalid, "%s has dimension %d of size %d", what, i, d)
		}
		out[i] = int(d)
	}
	if _, err := memref.NumElements(out); err != nil {
		return nil, opError(op, mlir.ErrInvalid, "%s %s: %v", what, nd.Format(out), err)
	}
	return out, nil
}

// reshaped returns a with another shape of the same element count, sharing
// its (immutable) elements.
func (a *array) reshaped(shape []int) *array {
	return &array{dt: a.dt, shape: append([]int{}, shape...), f: a.f, s: a.s, u: a.u, b: a.b, c: a.c}
}

// intBits reads element i of an integer array as a two's-complement int64:
// addition and multiplication modulo 2^64 are the same for signed and
// unsigned values, and storeInt wraps the result to the element type.
func intBits(a *array, i int) int64 {
	if kindOf(a.dt) == kUnsigned {
		return int64(a.u[i])
	}
	return a.s[i]
}

// storeInt sets out[i] to v wrapped to out's integer type.
func storeInt(out *array, i int, v int64) {
	if kindOf(out.dt) == kUnsigned {
		out.u[i] = refmath.WrapU(out.dt, uint64(v))
	} else {
		out.s[i] = refmath.WrapS(out.dt, v)
	}
}

// maxFinite is the largest finite value of float dtype dt.
func maxFinite(dt memref.DType) float64 {
	switch dt {
	case memref.Float16:
		return 65504
	case memref.BFloat16:
		return 0x1.fep127 // 0x7f7f
	case memref.Float32:
		return math.MaxFloat32
	}
	return math.MaxFloat64
}
