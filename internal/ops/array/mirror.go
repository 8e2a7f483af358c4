package array

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// Mirrored padding (core/kernels/image/mirror_pad_op.cc): axis k gets
// paddings[k] = (before, after) elements mirrored from the input, REFLECT
// leaving the edge element out (so before, after <= dim - 1), SYMMETRIC
// repeating it (<= dim). Result element j on an axis reads input element
// i = j - before, reflected into [0, dim): -i - o below, 2·dim - 2 + o - i
// above, o = 1 for SYMMETRIC.

func mirrorOps() []*opkit.Def {
	return []*opkit.Def{
		{Name: "tf.MirrorPad", Arity: 2, Types: opkit.Any, Partwise: true, Tier: 2, Sizes: []int{1}, Check: checkMirrorPad, Dims: dimsMirrorPad, Lower: lowerMirrorPad,
			Needs: "paddings: " + opkit.Read, Notes: "REFLECT: paddings <= dim - 1; SYMMETRIC: <= dim", Doc: "x padded with its own mirror image (mode REFLECT or SYMMETRIC)"},
	}
}

// mirror is a mirrored padding's facts: the mode's o, and the paddings
// when known when compiling (nil: read before the run).
type mirror struct {
	sym  bool
	pads []int64
}

func checkMirrorPad(c opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	mode, m := opkit.AttrString(op, "mode", "")
	if m != "" {
		return nil, m
	}
	var f mirror
	switch mode {
	case "REFLECT":
	case "SYMMETRIC":
		f.sym = true
	default:
		return nil, fmt.Sprintf("mode must be REFLECT or SYMMETRIC, got %q", mode)
	}
	if m := opkit.IntOperand(in[1], 1, "paddings", 2); m != "" {
		return nil, m
	}
	if in[1].Rank() != 2 || in[1].Dims[0] != in[0].Rank() || in[1].Dims[1] != 2 {
		return nil, fmt.Sprintf("paddings must be a matrix with 2 columns and %d rows (the rank of the input), got %s", in[0].Rank(), in[1])
	}
	if v, m := c.ConstInts(op.Operands[1], "paddings"); m == "" {
		f.pads = v
	} else if m := c.NeedHost(op.Operands[1], "paddings"); m != "" {
		return nil, m
	}
	return f, ""
}

func dimsMirrorPad(_ *mlir.Op, fa opkit.Facts, in [][]int, vals [][]int64) ([]int, string) {
	f := fa.(mirror)
	x, pads := in[0], vals[1]
	out := make([]int, len(x))
	for k, d := range x {
		if pads == nil {
			out[k] = mlir.Dynamic
			continue
		}
		lo, hi := pads[2*k], pads[2*k+1]
		if lo < 0 || hi < 0 {
			return nil, fmt.Sprintf("paddings must be non-negative: %d %d", lo, hi)
		}
		if d == mlir.Dynamic {
			out[k] = mlir.Dynamic
			continue
		}
		limit := int64(d) - 1
		if f.sym {
			limit++
		}
		if lo > limit || hi > limit {
			return nil, fmt.Sprintf("paddings must be no greater than the dimension size: %d, %d greater than %d", lo, hi, limit)
		}
		out[k] = d + int(lo) + int(hi) // at most 3·d: no overflow
	}
	return out, ""
}

// lowerMirrorPad copies x into the interior of the result in one plain
// nest (contiguous, vectorized as any copy), then fills the borders: for
// each padded axis k, a nest over the slab before x and one over the slab
// after it (the result's extent on every other axis, the padding's on k),
// whose body computes the input index of each padded axis as an i32 kept
// in range by the checks on the paddings. Corners belong to two slabs and
// are written twice, with the same value. Before, one nest over the whole
// result computed every element's index that way: 3.4× a Pad.
func lowerMirrorPad(b opkit.Builder, op *mlir.Op, fa opkit.Facts, res *mlir.Value) {
	f := fa.(mirror)
	x := op.Operands[0]
	out := b.ResultBuffer(res)
	t := b.Type(res)
	xt := b.Type(x)
	rank := len(t.Dims)
	// The padding of axis a on side s (0 before, 1 after), and the
	// result's index where the slab after x starts: a static value, or a
	// parameter (1 + its index, as Index.OffParam).
	type amount struct{ n, param int }
	pad := func(a, side int) amount {
		if f.pads != nil {
			return amount{n: int(f.pads[2*a+side])}
		}
		aa := a
		return amount{param: 1 + b.HostParam(fmt.Sprintf("%s.pad%d.%d", res, a, side), op, func(_ [][]int, vals [][]int64) int { return int(vals[1][2*aa+side]) })}
	}
	afterStart := func(a int) amount {
		before := pad(a, 0)
		if before.param == 0 && xt.Dims[a] != mlir.Dynamic {
			return amount{n: before.n + xt.Dims[a]}
		}
		aa := a
		return amount{param: 1 + b.HostParam(fmt.Sprintf("%s.after%d", res, a), op, func(in [][]int, vals [][]int64) int { return int(vals[1][2*aa]) + in[0][aa] })}
	}
	padded := func(a int) bool { return f.pads == nil || f.pads[2*a] != 0 || f.pads[2*a+1] != 0 }
	offset := func(x loopir.Index, m amount) loopir.Index {
		x.Off, x.OffParam = m.n, m.param
		return x
	}

	cp := b.NewNest(op, x, nil)
	v := b.Load(cp, x, opkit.Identity(rank))
	idx := opkit.Identity(rank)
	for a := range idx {
		if padded(a) {
			idx[a] = offset(idx[a], pad(a, 0))
		}
	}
	b.Store(cp, out, t.Elem, idx, v)

	for k := range rank {
		for side := range 2 {
			if f.pads != nil && f.pads[2*k+side] == 0 {
				continue
			}
			start := amount{}
			if side == 1 {
				start = afterStart(k)
			}
			n := b.NewNest(op, res, nil)
			if p := pad(k, side); p.param != 0 {
				n.Loops[k].Extent = loopir.ParamSize(p.param - 1)
			} else {
				n.Loops[k].Extent = loopir.Static(p.n)
			}
			v := mirrorLoad(b, n, f, x, k, start, padded, func(a int) int {
				p := pad(a, 0)
				if p.param != 0 {
					return n.Add(&loopir.Instr{Op: loopir.OpSize, Type: memref.Int32, Size: loopir.ParamSize(p.param - 1)})
				}
				return n.ConstBits(memref.Int32, uint64(p.n))
			})
			sidx := opkit.Identity(rank)
			sidx[k] = offset(sidx[k], start)
			b.Store(n, out, t.Elem, sidx, v)
		}
	}
}

// mirrorLoad loads, in nest n over a slab of the result (its loop k
// offset by start), the input element each result element mirrors: the
// padded axes' input indices are computed in the body, the others are
// the loop indices.
func mirrorLoad(b opkit.Builder, n *loopir.Nest, f mirror, x *mlir.Value, k int, start struct{ n, param int }, padded func(int) bool, before func(int) int) int {
	rank := len(b.Type(x).Dims)
	i32 := memref.Int32
	c := func(v int64) int { return n.ConstBits(i32, uint64(v)) }
	idx := opkit.Identity(rank)
	var dyn []int
	for a := range idx {
		if !padded(a) {
			continue
		}
		dim := n.Add(&loopir.Instr{Op: loopir.OpSize, Type: i32, Size: b.Extent(x, a)})
		j := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: i32, Loop: a})
		if a == k && start.param != 0 {
			j = n.Binary(loopir.OpAdd, i32, j, n.Add(&loopir.Instr{Op: loopir.OpSize, Type: i32, Size: loopir.ParamSize(start.param - 1)}))
		} else if a == k && start.n != 0 {
			j = n.Binary(loopir.OpAdd, i32, j, c(int64(start.n)))
		}
		i := n.Binary(loopir.OpSub, i32, j, before(a))
		o := int64(0)
		if f.sym {
			o = 1
		}
		low := n.Binary(loopir.OpSub, i32, c(-o), i)                                                                       // -i - o
		high := n.Binary(loopir.OpSub, i32, n.Binary(loopir.OpAdd, i32, dim, dim), n.Binary(loopir.OpAdd, i32, i, c(2-o))) // 2·dim - 2 + o - i
		below := n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpLt, Type: memref.Bool, Args: []int{i, c(0)}})
		above := n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpGe, Type: memref.Bool, Args: []int{i, dim}})
		i = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: i32, Args: []int{above, high, i}})
		i = n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: i32, Args: []int{below, low, i}})
		dyn = append(dyn, i)
		idx[a] = loopir.Index{Loop: -1, Dyn: len(dyn)}
	}
	return b.LoadChecked(n, x, idx, 0, dyn...)
}
