package where

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// The unique ops: y holds x's distinct elements (V2 with an axis: slices
// along it) in order of first occurrence, idx[i] is the position in y of
// x's element (slice) i, and the counts variants add how often each
// occurs. Equality is TF's kernel's (unique_op.cc: a hash map over ==), so
// -0 equals +0 (y keeps the first one seen) and a NaN equals nothing, not
// even itself: every NaN is an element of y of its own, and a slice with a
// NaN is unique.

// uniqueNotes is the support matrix's note of every unique op.
const uniqueNotes = "the host computes it between the kernels before and after it (y's size depends on the data); " +
	"-0 equals +0, every NaN is distinct (TF's hash map); out_idx i32 or i64"

func uniqueOps() []*opkit.HostDef {
	def := func(name, doc string, v2, counts bool) *opkit.HostDef {
		d := &opkit.HostDef{Name: name, Doc: doc, Notes: uniqueNotes, Tier: 2, Types: opkit.All,
			Check: func(op *mlir.Op) string { return checkUnique(op, v2, counts) },
			Run: func(op *mlir.Op, in []*memref.Tensor) ([]*memref.Tensor, string) {
				return runUnique(op, in, v2, counts)
			},
		}
		if v2 {
			d.Needs = "axis: " + opkit.Read + " (an empty axis: x is a vector)"
			d.Notes += "; an axis of one element uniquifies the slices along it"
		}
		return d
	}
	return []*opkit.HostDef{
		def("tf.Unique", "y, idx: x's distinct elements in order of first occurrence, and each element's position in y", false, false),
		def("tf.UniqueV2", "y, idx: the distinct slices of x along axis (a vector's elements when axis is empty), first occurrence first", true, false),
		def("tf.UniqueWithCounts", "y, idx, count: as the unique op, and how often each element of y occurs", false, true),
		def("tf.UniqueWithCountsV2", "y, idx, count: as the axis form, and how often each slice of y occurs", true, true),
	}
}

// checkUnique checks a unique op when compiling: its operands, its
// declared results (y: x's element type, of x's rank; idx and count: i32
// or i64 vectors) and, when it is a constant, its axis.
func checkUnique(op *mlir.Op, v2, counts bool) string {
	nin, nout := 1, 2
	if v2 {
		nin = 2
	}
	if counts {
		nout = 3
	}
	if len(op.Operands) != nin || len(op.Results) != nout {
		return fmt.Sprintf("expects %d operand%s and %d results, got %d and %d", nin, plural(nin), nout, len(op.Operands), len(op.Results))
	}
	x := op.Operands[0].Type
	if !opkit.All.Has(x.Elem) {
		return fmt.Sprintf("operand #0 must be of %s, got %s", opkit.All, x)
	}
	axis := -1 // none: x is a vector
	if v2 {
		a := op.Operands[1].Type
		if a.Elem != memref.Int32 && a.Elem != memref.Int64 {
			return fmt.Sprintf("axis tensor should be int32 or int64, but got %s", a)
		}
		if a.Ranked && a.Rank() != 1 {
			return fmt.Sprintf("axis expects a 1D vector, got %s", a)
		}
		if vals, ok := constInts(op.Operands[1]); ok {
			if len(vals) > 1 {
				return "axis does not support input tensors larger than 1 elements"
			}
			if len(vals) == 1 && x.Ranked {
				ax, msg := normAxis(vals[0], x.Rank())
				if msg != "" {
					return msg
				}
				axis = ax
			}
			if len(vals) == 1 && !x.Ranked {
				axis = -2 // some axis, of a rank unknown when compiling
			}
		} else {
			axis = -2 // known when the host reads it
		}
	}
	if axis == -1 && x.Ranked {
		if x.Rank() != 1 {
			return fmt.Sprintf("unique expects a 1D vector, got %s", x)
		}
		axis = 0
	}
	y, idx := op.Results[0].Type, op.Results[1].Type
	if y.Elem != x.Elem {
		return fmt.Sprintf("result #0 (y) must have x's element type %s, declared %s", x.Elem, y)
	}
	if y.Ranked && x.Ranked {
		if y.Rank() != x.Rank() {
			return fmt.Sprintf("result #0 (y) must have x's rank %d, declared %s", x.Rank(), y)
		}
		for d := range y.Dims {
			if axis < 0 || d == axis {
				continue // the unique count, or any axis
			}
			if y.Dims[d] != mlir.Dynamic && x.Dims[d] != mlir.Dynamic && y.Dims[d] != x.Dims[d] {
				return fmt.Sprintf("result #0 (y) must have x's dim %d (%d) off the axis, declared %s", d, x.Dims[d], y)
			}
		}
	}
	if idx.Elem != memref.Int32 && idx.Elem != memref.Int64 {
		return fmt.Sprintf("result #1 (idx) must be i32 or i64 (out_idx), declared %s", idx)
	}
	if a, ok := op.Attr("out_idx").(mlir.TypeAttr); ok && a.Elem.Valid() && a.Elem != idx.Elem {
		return fmt.Sprintf("result #1 (idx) is declared %s, but out_idx is %s", idx, a.Elem)
	}
	if a, ok := op.Attr("T").(mlir.TypeAttr); ok && a.Elem.Valid() && a.Elem != x.Elem {
		return fmt.Sprintf("operand #0 is %s, but T is %s", x, a.Elem)
	}
	if idx.Ranked {
		if idx.Rank() != 1 {
			return fmt.Sprintf("result #1 (idx) must be a vector, declared %s", idx)
		}
		if n := idx.Dims[0]; n != mlir.Dynamic && x.Ranked && axis >= 0 && x.Dims[axis] != mlir.Dynamic && n != x.Dims[axis] {
			return fmt.Sprintf("result #1 (idx) must have x's %d elements along the axis, declared %s", x.Dims[axis], idx)
		}
	}
	if counts {
		c := op.Results[2].Type
		if c.Elem != idx.Elem || c.Ranked && c.Rank() != 1 {
			return fmt.Sprintf("result #2 (count) must be a vector of idx's type %s, declared %s", idx.Elem, c)
		}
	}
	return ""
}

// constInts is the value of integer operand v when a constant defines it.
func constInts(v *mlir.Value) ([]int64, bool) {
	if v.Def == nil || len(v.Def.Operands) != 0 {
		return nil, false
	}
	a, ok := v.Def.Attr("value").(*mlir.DenseAttr)
	if !ok || a.Value == nil || !a.Value.DType.IsInt() {
		return nil, false
	}
	n := a.Value.Len()
	if a.Splat {
		n = 1
		for _, d := range a.Type.Dims {
			n *= d
		}
	}
	if n < 0 || n > 1<<10 { // a dynamic dim, or more than an axis
		return nil, false
	}
	vals := make([]int64, n)
	for i := range vals {
		vals[i] = int64(a.Value.Bits64At(min(i, a.Value.Len()-1)))
	}
	return vals, true
}

// normAxis is axis in [0, rank), from TF's [-rank, rank).
func normAxis(axis int64, rank int) (int, string) {
	if axis < 0 {
		axis += int64(rank)
	}
	if axis < 0 || axis >= int64(rank) {
		return 0, fmt.Sprintf("axis has to be between [0, %d)", rank)
	}
	return int(axis), ""
}

// runUnique computes a unique op on the host.
func runUnique(op *mlir.Op, in []*memref.Tensor, v2, counts bool) ([]*memref.Tensor, string) {
	x := in[0].Contiguous()
	if x.Len() > math.MaxInt32 {
		return nil, fmt.Sprintf("unique does not support input tensors larger than %d elements", math.MaxInt32)
	}
	axis := -1
	if v2 {
		a := in[1].Contiguous()
		if len(a.Shape) != 1 {
			return nil, "axis expects a 1D vector."
		}
		if a.Len() > 1 {
			return nil, "axis does not support input tensors larger than 1 elements"
		}
		if a.Len() == 1 {
			ax, msg := normAxis(int64(a.Bits64At(0)), len(x.Shape))
			if msg != "" {
				return nil, msg
			}
			axis = ax
		}
	}
	if axis < 0 {
		if len(x.Shape) != 1 {
			return nil, "unique expects a 1D vector."
		}
		axis = 0
	}
	// x is [outer, n, inner]; slice i is x[:, i, :].
	outer, n, inner := 1, x.Shape[axis], 1
	for d, s := range x.Shape {
		if d < axis {
			outer *= s
		} else if d > axis {
			inner *= s
		}
	}
	// An element's key: its bits, a float's as float64 with -0 made +0;
	// nan reports a NaN, which equals nothing.
	float := x.DType.IsFloat()
	key := func(e int) (k uint64, nan bool) {
		if !float {
			return x.Bits64At(e), false
		}
		f := x.Float64At(e)
		if f == 0 {
			f = 0
		}
		return math.Float64bits(f), f != f
	}
	var first, index []int // where each unique slice first occurs; each slice's unique index
	if outer*inner == 1 {
		first, index = firstOccurrences(n, key)
	} else {
		var b strings.Builder
		var w [8]byte
		first, index = firstOccurrences(n, func(i int) (string, bool) {
			b.Reset()
			nan := false
			for o := range outer {
				for j := range inner {
					k, isNaN := key((o*n+i)*inner + j)
					nan = nan || isNaN
					binary.LittleEndian.PutUint64(w[:], k)
					b.Write(w[:])
				}
			}
			return b.String(), nan
		})
	}
	yShape := slices.Clone(x.Shape)
	yShape[axis] = len(first)
	y, err := memref.New(x.DType, yShape)
	if err != nil {
		return nil, err.Error()
	}
	row := inner * x.DType.Size()
	for o := range outer {
		for u, i := range first {
			copy(y.Data[(o*len(first)+u)*row:], x.Data[(o*n+i)*row:(o*n+i+1)*row])
		}
	}
	it := op.Results[1].Type.Elem
	idx, msg := indices(it, index)
	if msg != "" {
		return nil, msg
	}
	out := []*memref.Tensor{y, idx}
	if counts {
		c := make([]int, len(first))
		for _, u := range index {
			c[u]++
		}
		ct, msg := indices(it, c)
		if msg != "" {
			return nil, msg
		}
		out = append(out, ct)
	}
	return out, ""
}

// indices makes a vector of dt (i32 or i64) of vs.
func indices(dt memref.DType, vs []int) (*memref.Tensor, string) {
	var t *memref.Tensor
	var err error
	if dt == memref.Int32 {
		v := make([]int32, len(vs))
		for i, x := range vs {
			v[i] = int32(x)
		}
		t, err = memref.FromSlice([]int{len(vs)}, v)
	} else {
		v := make([]int64, len(vs))
		for i, x := range vs {
			v[i] = int64(x)
		}
		t, err = memref.FromSlice([]int{len(vs)}, v)
	}
	if err != nil {
		return nil, err.Error()
	}
	return t, ""
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// firstOccurrences numbers the n slices by key in order of first
// occurrence: first[u] is the slice where unique value u first occurs and
// index[i] the unique value of slice i. A slice whose key says NaN equals
// nothing, itself included, as in TF's hash map of floats.
func firstOccurrences[K comparable](n int, key func(int) (K, bool)) (first, index []int) {
	first, index = []int{}, make([]int, n)
	seen := make(map[K]int, n)
	for i := range n {
		k, nan := key(i)
		if u, ok := seen[k]; ok && !nan {
			index[i] = u
			continue
		}
		if !nan {
			seen[k] = len(first)
		}
		index[i] = len(first)
		first = append(first, i)
	}
	return first, index
}
