// Package where defines the ops whose results' sizes depend on their
// operand's data, which the host computes between two kernels (a run in
// two phases; RATIONALE "Where: a run in two phases"): tf.Where with one
// operand, the coordinates of the nonzero elements, and the unique
// elements of a vector (unique.go).
package where

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// Ops returns the family's definitions.
func Ops() []*opkit.HostDef {
	return append([]*opkit.HostDef{{
		Name:  "tf.Where",
		Doc:   "the coordinates of x's nonzero (true) elements, i64 [count, rank], in row-major order",
		Notes: "one operand; the host computes it between the kernels before and after it (its size depends on the data): a run in two phases",
		Tier:  2, Types: opkit.All | opkit.ComplexTypes,
		Check: checkWhere,
		Run: func(op *mlir.Op, in []*memref.Tensor) ([]*memref.Tensor, string) {
			out, msg := Coordinates(op, in[0])
			if msg != "" {
				return nil, msg
			}
			return []*memref.Tensor{out}, ""
		},
	}}, uniqueOps()...)
}

// checkWhere checks the declared result when compiling: i64 [count,
// rank], rank being the operand's when it is ranked.
func checkWhere(op *mlir.Op) string {
	if len(op.Operands) != 1 || len(op.Results) != 1 {
		return fmt.Sprintf("expects one operand and one result, got %d and %d", len(op.Operands), len(op.Results))
	}
	x, t := op.Operands[0].Type, op.Results[0].Type
	if t.Elem != memref.Int64 {
		return fmt.Sprintf("result must be i64 coordinates, declared %s", t)
	}
	if !t.Ranked {
		return ""
	}
	if t.Rank() != 2 {
		return fmt.Sprintf("result must be coordinates of rank 2 ([count, rank]), declared %s", t)
	}
	if x.Ranked && t.Dims[1] != mlir.Dynamic && t.Dims[1] != x.Rank() {
		return fmt.Sprintf("result must be [count, %d] for an operand of rank %d, declared %s", x.Rank(), x.Rank(), t)
	}
	return ""
}

// Coordinates computes op on its operand x: the coordinates of x's
// nonzero elements in row-major order, i64 [count, rank] (a scalar gives
// [1, 0] or [0, 0]). An element is nonzero when a bit of it is set, a
// float's sign bit aside: -0 is zero, NaN is not (TF's and numpy's rule);
// a complex element when either part is.
func Coordinates(op *mlir.Op, x *memref.Tensor) (*memref.Tensor, string) {
	if t := op.Results[0].Type; t.Elem != memref.Int64 {
		return nil, fmt.Sprintf("result must be i64 coordinates, declared %s", t)
	}
	x = x.Contiguous()
	// A complex element is two floats, nonzero when either is.
	es, parts, r := x.DType.Size(), 1, len(x.Shape)
	if x.DType.IsComplex() {
		parts = 2
	}
	ps := es / parts
	sign := byte(0xff) // a part's last byte's bits that count (little-endian: a float's sign is its top bit)
	if x.DType.IsFloat() || x.DType.IsComplex() {
		sign = 0x7f
	}
	var hits []int
	for i := 0; i < x.Len(); i++ {
		nz := false
		for p := i * es; p < (i+1)*es; p += ps {
			e := x.Data[p : p+ps]
			nz = nz || e[ps-1]&sign != 0
			for _, c := range e[:ps-1] {
				nz = nz || c != 0
			}
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
