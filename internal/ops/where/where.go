// Package where defines the ops whose result's size depends on their
// operand's data, which the host computes between two kernels (a run in
// two phases; RATIONALE "Where: a run in two phases"): tf.Where with one
// operand, the coordinates of the nonzero elements.
package where

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// The op's name and its words in the support matrix.
const (
	Name  = "tf.Where"
	Doc   = "the coordinates of x's nonzero (true) elements, i64 [count, rank], in row-major order"
	Notes = "one operand; the host computes it between the kernels before and after it (its size depends on the data): a run in two phases"
)

// Coordinates computes op on its operand x: the coordinates of x's
// nonzero elements in row-major order, i64 [count, rank] (a scalar gives
// [1, 0] or [0, 0]). An element is nonzero when a bit of it is set, a
// float's sign bit aside: -0 is zero, NaN is not (TF's and numpy's rule).
func Coordinates(op *mlir.Op, x *memref.Tensor) (*memref.Tensor, string) {
	if t := op.Results[0].Type; t.Elem != memref.Int64 {
		return nil, fmt.Sprintf("result must be i64 coordinates, declared %s", t)
	}
	if x.DType.IsComplex() {
		return nil, fmt.Sprintf("operand of type %s is not supported", x.DType)
	}
	x = x.Contiguous()
	es, r := x.DType.Size(), len(x.Shape)
	sign := byte(0xff) // the last byte's bits that count (little-endian: a float's sign is its top bit)
	if x.DType.IsFloat() {
		sign = 0x7f
	}
	var hits []int
	for i := 0; i < x.Len(); i++ {
		e := x.Data[i*es : (i+1)*es]
		nz := e[es-1]&sign != 0
		for _, c := range e[:es-1] {
			nz = nz || c != 0
		}
		if nz {
			hits = append(hits, i)
		}
	}
	coords := make([]int64, len(hits)*r)
	for h, i := range hits {
		for d := r - 1; d >= 0; d-- {
			coords[h*r+d] = int64(i % x.Shape[d])
			i /= x.Shape[d]
		}
	}
	out, err := memref.FromSlice([]int{len(hits), r}, coords)
	if err != nil {
		return nil, err.Error()
	}
	return out, ""
}
