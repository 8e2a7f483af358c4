package array

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// Splitting one tensor into several results (core/kernels/split_op.cc,
// split_v_op.cc, unpack_op.cc): tf.Split cuts the split_dim axis into
// num_split equal parts, tf.SplitV into parts of size_splits (one -1 takes
// the rest), tf.Unpack takes the num slices along axis, that axis removed.
// Each result is one nest over its own dims reading the input at an offset
// on the axis, so every result is written whole, dynamic dims included.

func splitOps() []*opkit.Def {
	return []*opkit.Def{
		{Name: "tf.Split", Arity: 2, Types: opkit.Any, Partwise: true, Tier: 2, CountedResults: true, Check: checkSplit, Dims: dimsSplit, Elem: elemSplit, More: moreSplit, Lower: lowerSplit,
			Needs: "split_dim: " + opkit.Known, Notes: "num_split results; the dim must divide evenly", Doc: "value cut into num_split equal parts along split_dim"},
		{Name: "tf.SplitV", Arity: 3, Types: opkit.Any, Partwise: true, Tier: 2, CountedResults: true, Check: checkSplit, Dims: dimsSplit, Elem: elemSplit, More: moreSplit, Lower: lowerSplit,
			Needs: "size_splits, split_dim: " + opkit.Known, Notes: "one size -1 takes the rest", Doc: "value cut into parts of size_splits along split_dim"},
		{Name: "tf.Unpack", Arity: 1, Types: opkit.Any, Partwise: true, Tier: 2, CountedResults: true, Check: checkSplit, Dims: dimsSplit, Elem: elemSplit, More: moreSplit, Lower: lowerSplit,
			Notes: "num results; axis in [-rank, rank)", Doc: "the slices of value along axis, that axis removed"},
	}
}

// split is what checking learns of a split: the operand split, the axis,
// the number of results and, for a split by sizes, the sizes (-1 at
// most once).
type split struct {
	x, axis, n int
	sizes      []int64 // SplitV
	unpack     bool
}

func checkSplit(c opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	f := split{n: len(op.Results)}
	var axis int64
	switch len(in) {
	case 1: // unpack: axis and num are attributes
		f.unpack = true
		var m string
		if axis, m = opkit.AttrInt(op, "axis", 0); m != "" {
			return nil, m
		}
		num, m := opkit.AttrInt(op, "num", int64(f.n))
		if m != "" {
			return nil, m
		}
		if num != int64(f.n) {
			return nil, fmt.Sprintf("num = %d, but the op has %d results", num, f.n)
		}
	default:
		ai := 0 // split: (split_dim, value); split by sizes: (value, size_splits, split_dim)
		if len(in) == 3 {
			f.x, ai = 0, 2
		} else {
			f.x = 1
		}
		if m := opkit.IntOperand(in[ai], ai, "split_dim", 0); m != "" {
			return nil, m
		}
		v, m := c.ConstInts(op.Operands[ai], "split_dim")
		if m != "" {
			return nil, m
		}
		if len(v) != 1 {
			return nil, "split_dim must be a scalar"
		}
		axis = v[0]
		if len(in) == 2 {
			num, m := opkit.AttrInt(op, "num_split", int64(f.n))
			if m != "" {
				return nil, m
			}
			if num != int64(f.n) {
				return nil, fmt.Sprintf("num_split = %d, but the op has %d results", num, f.n)
			}
		} else {
			if m := opkit.IntOperand(in[1], 1, "size_splits", 1); m != "" {
				return nil, m
			}
			sv, m := c.ConstInts(op.Operands[1], "size_splits")
			if m != "" {
				return nil, m
			}
			if len(sv) != f.n {
				return nil, fmt.Sprintf("size_splits has %d values for %d results", len(sv), f.n)
			}
			unknown := false
			for i, s := range sv {
				if s == -1 && !unknown {
					unknown = true
					continue
				}
				if s < 0 {
					return nil, fmt.Sprintf("Split size at index %d must be >= 0 (only one -1 allowed). Got: %d", i, s)
				}
			}
			f.sizes = sv
		}
	}
	x := in[f.x]
	r := int64(x.Rank())
	if r == 0 {
		return nil, fmt.Sprintf("cannot split a scalar (%s)", x)
	}
	what := "split_dim"
	if f.unpack {
		what = "axis"
	}
	if axis < -r || axis >= r {
		return nil, fmt.Sprintf("%s %d is out of range [%d, %d)", what, axis, -r, r)
	}
	if axis < 0 {
		axis += r
	}
	f.axis = int(axis)
	for i, res := range op.Results {
		if res.Type.Elem != x.Elem {
			return nil, fmt.Sprintf("result #%d has element type %s, but value has %s", i, res.Type.Elem, x.Elem)
		}
	}
	return f, ""
}

// sizesOf gives each result's extent on the axis from the input's
// extent d there (Dynamic while checking where it depends on d), or a
// message.
func (f split) sizesOf(d int) ([]int, string) {
	out := make([]int, f.n)
	switch {
	case f.unpack:
		if d != mlir.Dynamic && d != f.n {
			return nil, fmt.Sprintf("Input shape axis %d must equal %d, got %d", f.axis, f.n, d)
		}
	case f.sizes == nil:
		if d != mlir.Dynamic && d%f.n != 0 {
			return nil, fmt.Sprintf("Number of ways to split should evenly divide the split dimension, but got split_dim %d (size = %d) and num_split %d", f.axis, d, f.n)
		}
		for i := range out {
			out[i] = d
			if d != mlir.Dynamic {
				out[i] = d / f.n
			}
		}
	default:
		sum, unknown := int64(0), -1
		for i, s := range f.sizes {
			if s == -1 {
				unknown = i
			} else {
				sum += s
			}
			out[i] = int(s)
		}
		if d == mlir.Dynamic {
			if unknown >= 0 {
				out[unknown] = mlir.Dynamic
			}
			return out, ""
		}
		if sum > int64(d) || (unknown < 0 && sum != int64(d)) {
			return nil, fmt.Sprintf("Determined shape must either match input shape along split_dim exactly if fully specified, or be less than the size of the input along split_dim if not fully specified.  Got: %d", sum)
		}
		if unknown >= 0 {
			out[unknown] = d - int(sum)
		}
	}
	return out, ""
}

// dimsOf is result i's dims.
func (f split) dimsOf(x []int, sizes []int, i int) []int {
	out := append([]int(nil), x...)
	if f.unpack {
		return append(out[:f.axis], x[f.axis+1:]...)
	}
	out[f.axis] = sizes[i]
	return out
}

func dimsSplit(_ *mlir.Op, fa opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	f := fa.(split)
	sizes, m := f.sizesOf(in[f.x][f.axis])
	if m != "" {
		return nil, m
	}
	return f.dimsOf(in[f.x], sizes, 0), ""
}

func elemSplit(_ *mlir.Op, fa opkit.Facts, in []mlir.TensorType) memref.DType {
	return in[fa.(split).x].Elem
}

func moreSplit(_ *mlir.Op, fa opkit.Facts, in [][]int) [][]int {
	f := fa.(split)
	sizes, m := f.sizesOf(in[f.x][f.axis])
	if m != "" {
		// dimsSplit has given the message; keep the shapes well-formed.
		sizes = make([]int, f.n)
	}
	out := make([][]int, f.n-1)
	for i := range out {
		out[i] = f.dimsOf(in[f.x], sizes, i+1)
	}
	return out
}

// lowerSplit copies each part into its result: result i reads the input
// at an offset on the axis (a constant, or a parameter when it depends on
// a dynamic extent).
func lowerSplit(b opkit.Builder, op *mlir.Op, fa opkit.Facts, _ *mlir.Value) {
	f := fa.(split)
	xv := op.Operands[f.x]
	xt := b.Type(xv)
	rank := len(xt.Dims)
	d := xt.Dims[f.axis]
	static, _ := f.sizesOf(d)
	for i, res := range op.Results {
		out := b.ResultBuffer(res)
		n := b.NewNest(op, res, nil)
		idx := make([]loopir.Index, rank)
		l := 0
		for k := range idx {
			if f.unpack && k == f.axis {
				idx[k] = loopir.Index{Loop: -1, Off: i}
				continue
			}
			idx[k] = loopir.Index{Loop: l}
			l++
		}
		if !f.unpack {
			off, dyn := 0, false
			for j := 0; j < i; j++ {
				if static[j] == mlir.Dynamic {
					dyn = true
				} else {
					off += static[j]
				}
			}
			if dyn {
				ii := i
				idx[f.axis].OffParam = 1 + b.HostParam(fmt.Sprintf("%s.off%d", op.Results[0], i), op, func(in [][]int, _ [][]int64) int {
					sizes, m := f.sizesOf(in[f.x][f.axis])
					if m != "" {
						return 0 // the shape function has failed the run
					}
					s := 0
					for _, z := range sizes[:ii] {
						s += z
					}
					return s
				})
			} else {
				idx[f.axis].Off = off
			}
		}
		t := b.Type(res)
		v := b.Load(n, xv, idx)
		b.Store(n, out, t.Elem, opkit.Identity(len(t.Dims)), v)
	}
}
