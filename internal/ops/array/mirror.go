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

// lowerMirrorPad is one nest over the result: each padded axis computes
// its input index in the body (an i32 kept in range by the checks on the
// paddings); axes without padding read the loop index itself.
func lowerMirrorPad(b opkit.Builder, op *mlir.Op, fa opkit.Facts, res *mlir.Value) {
	f := fa.(mirror)
	x := op.Operands[0]
	out := b.ResultBuffer(res)
	t := b.Type(res)
	rank := len(t.Dims)
	n := b.NewNest(op, res, nil)
	i32 := memref.Int32
	c := func(v int64) int { return n.ConstBits(i32, uint64(v)) }
	idx := opkit.Identity(rank)
	var dyn []int
	for k := range idx {
		var before int
		if f.pads != nil {
			if f.pads[2*k] == 0 && f.pads[2*k+1] == 0 {
				continue
			}
			before = c(f.pads[2*k])
		} else {
			kk := k
			p := b.HostParam(fmt.Sprintf("%s.before%d", res, k), op, func(_ [][]int, vals [][]int64) int { return int(vals[1][2*kk]) })
			before = n.Add(&loopir.Instr{Op: loopir.OpSize, Type: i32, Size: loopir.ParamSize(p)})
		}
		dim := n.Add(&loopir.Instr{Op: loopir.OpSize, Type: i32, Size: b.Extent(x, k)})
		j := n.Add(&loopir.Instr{Op: loopir.OpIndex, Type: i32, Loop: k})
		i := n.Binary(loopir.OpSub, i32, j, before)
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
		idx[k] = loopir.Index{Loop: -1, Dyn: len(dyn)}
	}
	v := b.LoadChecked(n, x, idx, 0, dyn...)
	b.Store(n, out, t.Elem, opkit.Identity(rank), v)
}
