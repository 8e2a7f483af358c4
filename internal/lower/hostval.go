package lower

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/shape"
	"math"

	"github.com/sandjit/sandjit/memref"
)

// Host values. Some integer tensors of a kernel can be computed on the
// host without running it: constants, the shape of any value, and small
// integer ops on those (a stack of a shape's elements, a strided slice of
// it, a product…: the entries with a host function). They are what
// shape-determining operands usually are — a reshape's target, a fill's
// dims, a slice's begin — and the host, which
// computes every shape before a run, computes them too. When all of an
// op's inputs are known at compile time its value is folded into a
// constant (so perms and axes can come from it); otherwise it is known at
// run time only, which is enough for dims (buffer sizes are run-time
// values anyway) but not for what shapes the code (a transposition's perm).

// hostEval computes an op's integer result from its operands' values (nil
// where unknown) and shapes; out is the result's shape. ok is false when
// the op is not host-evaluable or a needed operand value is unknown.
func hostEval(op *mlir.Op, f *opFacts, vals [][]int64, shapes [][]int, out []int, elem memref.DType) ([]int64, bool) {
	if f.def.host == nil || !(elem.IsInt() || elem == memref.Bool) {
		return nil, false
	}
	n, err := memref.NumElements(out)
	if err != nil || n > shape.MaxHostElements {
		return nil, false
	}
	return f.def.host(op, f, vals, shapes, out, elem)
}

// HostState is what the host knows of one run before it starts (package
// shape's).
type HostState = shape.HostState

func have(vals [][]int64, i int) bool { return i < len(vals) && vals[i] != nil }

// hostShape is the operand's shape.
func hostShape(_ *mlir.Op, _ *opFacts, _ [][]int64, shapes [][]int, _ []int, elem memref.DType) ([]int64, bool) {
	r := make([]int64, len(shapes[0]))
	for i, d := range shapes[0] {
		r[i] = shape.Wrap(elem, int64(d))
	}
	return r, true
}

// hostConst is the value attribute.
func hostConst(op *mlir.Op, _ *opFacts, _ [][]int64, _ [][]int, out []int, _ memref.DType) ([]int64, bool) {
	d, _ := op.Attr("value").(*mlir.DenseAttr)
	v := shape.Ints(d)
	if v == nil {
		return nil, false
	}
	if n, _ := memref.NumElements(out); len(v) == 1 && n != 1 {
		v = shape.Repeat(v, n)
	}
	return v, true
}

// hostFirst is operand 0's elements (a view in another shape).
func hostFirst(_ *mlir.Op, _ *opFacts, vals [][]int64, _ [][]int, _ []int, _ memref.DType) ([]int64, bool) {
	return vals[0], have(vals, 0)
}

// hostCast converts operand 0's elements.
func hostCast(_ *mlir.Op, _ *opFacts, vals [][]int64, _ [][]int, _ []int, elem memref.DType) ([]int64, bool) {
	if !have(vals, 0) {
		return nil, false
	}
	r := make([]int64, len(vals[0]))
	for i, v := range vals[0] {
		r[i] = shape.Wrap(elem, v)
	}
	return r, true
}

// hostNeg negates operand 0's elements.
func hostNeg(_ *mlir.Op, _ *opFacts, vals [][]int64, _ [][]int, _ []int, elem memref.DType) ([]int64, bool) {
	if !have(vals, 0) {
		return nil, false
	}
	r := make([]int64, len(vals[0]))
	for i, v := range vals[0] {
		r[i] = shape.Wrap(elem, -v)
	}
	return r, true
}

// hostJoin joins scalars or vectors into a vector (after the axis, when
// the last operand is one).
func hostJoin(op *mlir.Op, f *opFacts, vals [][]int64, _ [][]int, out []int, _ memref.DType) ([]int64, bool) {
	last := len(op.Operands)
	if f.def.axisLast {
		last--
		if len(out) != 1 {
			return nil, false // only vectors of vectors
		}
	}
	var r []int64
	for i := 0; i < last; i++ {
		if !have(vals, i) {
			return nil, false
		}
		r = append(r, vals[i]...)
	}
	if len(out) > 1 {
		return nil, false
	}
	n, _ := memref.NumElements(out)
	return r, len(r) == n
}

// hostSlice slices a vector.
func hostSlice(_ *mlir.Op, f *opFacts, vals [][]int64, shapes [][]int, out []int, _ memref.DType) ([]int64, bool) {
	if !have(vals, 0) || len(shapes[0]) != 1 || f.slice == nil {
		return nil, false
	}
	n, _ := memref.NumElements(out)
	r := make([]int64, 0, n)
	s := f.slice
	for k := 0; k < n; k++ {
		r = append(r, vals[0][s.Begin[0]+k*s.Step[0]])
	}
	return r, true
}

// hostGather gathers from a vector.
func hostGather(_ *mlir.Op, _ *opFacts, vals [][]int64, shapes [][]int, _ []int, _ memref.DType) ([]int64, bool) {
	if !have(vals, 0) || !have(vals, 1) || len(shapes[0]) != 1 {
		return nil, false
	}
	r := make([]int64, len(vals[1]))
	for i, ix := range vals[1] {
		if ix < 0 || ix >= int64(len(vals[0])) {
			return nil, false
		}
		r[i] = vals[0][ix]
	}
	return r, true
}

// hostReduce folds a scalar or vector into a scalar, from acc.
func hostReduce(acc int64, fn func(x, y int64) int64) hostFn {
	return func(_ *mlir.Op, _ *opFacts, vals [][]int64, shapes [][]int, out []int, elem memref.DType) ([]int64, bool) {
		if !have(vals, 0) || len(out) != 0 || len(shapes[0]) > 1 {
			return nil, false
		}
		a := acc
		for _, v := range vals[0] {
			a = shape.Wrap(elem, fn(a, v))
		}
		return []int64{a}, true
	}
}

var (
	hostSum  = hostReduce(0, hostAdd)
	hostProd = hostReduce(1, hostMul)
)

func hostAdd(x, y int64) int64 { return x + y }
func hostSub(x, y int64) int64 { return x - y }
func hostMul(x, y int64) int64 { return x * y }
func hostMax(x, y int64) int64 { return max(x, y) }
func hostMin(x, y int64) int64 { return min(x, y) }

// hostFloorDiv is the compiled code's floor division (loopir.OpFloorDiv):
// XLA's x / 0 = -1, corrected down to -2 for x < 0.
func hostFloorDiv(x, y int64) int64 {
	switch {
	case y == 0 && x < 0:
		return -2
	case y == 0:
		return -1
	}
	v := x / y
	if (x%y != 0) && ((x < 0) != (y < 0)) {
		v--
	}
	return v
}

// hostBin applies fn elementwise to scalars or equal-length vectors.
func hostBin(fn func(x, y int64) int64) hostFn {
	return func(_ *mlir.Op, _ *opFacts, vals [][]int64, _ [][]int, out []int, elem memref.DType) ([]int64, bool) {
		if !have(vals, 0) || !have(vals, 1) {
			return nil, false
		}
		n, _ := memref.NumElements(out)
		a, b := vals[0], vals[1]
		if len(a) != n && len(a) != 1 || len(b) != n && len(b) != 1 {
			return nil, false
		}
		r := make([]int64, n)
		for i := range r {
			r[i] = shape.Wrap(elem, fn(a[min(i, len(a)-1)], b[min(i, len(b)-1)]))
		}
		return r, true
	}
}

// MaxHostArgElements bounds an argument the host reads before a run (a
// shape operand, a Range bound): the engine checks it before reading one.
const MaxHostArgElements = 1 << 10

// sizeReads marks (by value id) the values whose contents the host reads
// to size results: the sizing operands of each op (opDef.sizes), and what
// host-evaluable ops compute them from. An integer argument among them is
// read from the inputs before each run, as TF's JIT reads a shape operand:
// its value sizes buffers but is not compiled in, so one executable serves
// every value. A value computed from data by other ops stays unreadable
// (hostValueError), as in TF's JIT.
func sizeReads(fn *mlir.Func) []bool {
	need := make([]bool, fn.NumValues)
	for i := len(fn.Ops) - 1; i >= 0; i-- {
		op := fn.Ops[i]
		d := lookup(op.Name)
		if d != nil {
			for _, k := range d.sizes {
				if k < len(op.Operands) {
					need[op.Operands[k].ID] = true
				}
			}
		}
		if len(op.Results) == 0 || !need[op.Results[0].ID] || d == nil || d.host == nil || d.hostShapes {
			continue
		}
		for k, v := range op.Operands {
			if d.axisLast && k == len(op.Operands)-1 {
				continue // the axis: a compile-time constant
			}
			need[v.ID] = true
		}
	}
	return need
}

// readsArg reports whether the host reads argument a's contents before
// each run (see sizeReads) in a kernel whose argument has type t: an
// integer one, or a float scalar (a range bound: only a range reads
// float host values, which HostBits encodes).
func readsArg(need []bool, a *mlir.Value, t mlir.TensorType) bool {
	if !need[a.ID] || !t.Ranked {
		return false
	}
	return t.Elem.IsInt() || t.Elem == memref.Bool || (t.Elem.IsFloat() && len(t.Dims) == 0)
}

// HostBits is element i of an argument the host reads (Kernel.ReadArgs)
// as HostWith takes it: an integer's value, or a float's float64 bits.
func HostBits(t *memref.Tensor, i int) int64 {
	if t.DType.IsFloat() {
		return int64(math.Float64bits(t.Float64At(i)))
	}
	return int64(t.Bits64At(i))
}

// SizeArgs lists the arguments of fn whose contents size its results (see
// sizeReads): the host reads them before each run. An argument with a
// "value" constraint is among them but compiled in instead.
func SizeArgs(fn *mlir.Func) []int {
	need := sizeReads(fn)
	var out []int
	for i, a := range fn.Args {
		if readsArg(need, a, a.Type) || (need[a.ID] && !a.Type.Ranked) {
			out = append(out, i)
		}
	}
	return out
}
