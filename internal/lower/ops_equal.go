package lower

import "github.com/sandjit/sandjit/internal/mlir"
import "github.com/sandjit/sandjit/memref"

// tf.Equal and tf.NotEqual with incompatible_shape_error = false compare
// operands whose shapes do not broadcast as TensorFlow's CPU kernel does:
// the result is a scalar false (true for NotEqual) instead of an error
// (core/kernels/cwise_ops_common.cc, BinaryOpShared::BinaryOpState: when
// the BCast is invalid and the attribute is false, it allocates a rank-0
// output holding `op == "NotEqual"`). TF's shape function
// (BroadcastBinaryOpOutputShapeFnHelper with incompatible_shape_error =
// false) gives an unknown shape where it cannot tell, so exported kernels
// declare such results tensor<*xi1>.
//
// sandjit decides it from the shapes it compiles for: operand shapes that
// are incompatible in the checked types (static dims, or dims made static
// by specialization, e.g. a "shape" constraint) fold the op to that scalar
// constant; shapes that are compatible, or dynamic, compile the broadcasting
// comparison, and dynamic shapes found incompatible only at run time fail
// the run with an error saying so (one executable has one result rank).

// scalarOnIncompatible reports whether op gives a scalar for incompatible
// operand shapes.
func scalarOnIncompatible(op *mlir.Op, def *opDef) bool {
	if !def.incompatible {
		return false
	}
	b, ok := op.Attr("incompatible_shape_error").(mlir.BoolAttr)
	return ok && !bool(b)
}

// foldIncompatibleEqual makes res the scalar constant when op's operand
// types are incompatible (its shape function then gave rank 0).
func (c *checked) foldIncompatibleEqual(op *mlir.Op, def *opDef, in []mlir.TensorType, res *mlir.Value) {
	if !scalarOnIncompatible(op, def) {
		return
	}
	dims := make([][]int, len(in))
	for i, t := range in {
		dims[i] = t.Dims
	}
	if _, msg := broadcastDims(dims); msg == "" {
		return
	}
	c.consts[res.ID] = &mlir.DenseAttr{Type: mlir.Ranked(memref.Bool), Value: memref.Scalar(def.incompatibleValue), Splat: true}
}
