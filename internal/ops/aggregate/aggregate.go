// Package aggregate defines the op that sums a list of tensors, in
// TensorFlow's order of additions (core/kernels/aggregate_ops.h).
package aggregate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
)

// Ops are the family's definitions.
func Ops() []*opkit.Def {
	return []*opkit.Def{
		{Name: "tf.AddN", Arity: -1, Types: addnTypes, Partwise: true, Tier: 1, SameShapeAs: 1,
			Check: checkAddN, Dims: dimsAddN, Lower: lowerAddN, Doc: "the sum of N tensors of one shape",
			Notes: "TF's order: the first N mod 8 (8 or 9 when that is 0 or 1) left to right, then each next 8 summed and added; f16/bf16 rounded after every addition"},
	}
}

// addnTypes are TF's numeric types.
const addnTypes = opkit.Num | opkit.ComplexTypes

func checkAddN(_ opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	if len(in) == 0 {
		return nil, "requires at least 1 operand"
	}
	if !addnTypes.Has(in[0].Elem) {
		return nil, fmt.Sprintf("operand #0 must be a tensor of %s values, but got %s", addnTypes, in[0])
	}
	for i, t := range in[1:] {
		if t.Elem != in[0].Elem {
			return nil, fmt.Sprintf("requires the same element type for all operands, got %s and %s", in[0], t)
		}
		if t.Rank() != in[0].Rank() {
			return nil, shapeMessage(in[0].Dims, i+1, t.Dims)
		}
	}
	return nil, ""
}

// dimsAddN is every operand's shape; they must agree (a dim unknown when
// compiling agrees with any).
func dimsAddN(_ *mlir.Op, _ opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	out := slices.Clone(in[0])
	for i, s := range in[1:] {
		if len(s) != len(out) {
			return nil, shapeMessage(in[0], i+1, s)
		}
		for a, d := range s {
			switch {
			case d == mlir.Dynamic:
			case out[a] == mlir.Dynamic:
				out[a] = d
			case out[a] != d:
				return nil, shapeMessage(in[0], i+1, s)
			}
		}
	}
	return out, ""
}

// shapeMessage is TF's message (AddNOp's ValidateInputsAreSameShape).
func shapeMessage(s0 []int, i int, s []int) string {
	f := func(s []int) string {
		p := make([]string, len(s))
		for k, d := range s {
			p[k] = fmt.Sprint(d)
			if d == mlir.Dynamic {
				p[k] = "?"
			}
		}
		return "[" + strings.Join(p, ",") + "]"
	}
	return fmt.Sprintf("inputs must have the same size and shape: input 0: %s != input %d: %s", f(s0), i, f(s))
}

// lowerAddN sums the operands in one nest as TF's AddNOp does: with N
// operands, the first r = N mod 8 (8 when that is 0, 9 when it is 1 and
// N > 1) left to right, then, for each further 8, their sum left to right
// added to the total (Add8p: out += in1 + … + in8). f16 and bf16 sums are
// rounded after every addition, as Eigen::half's and bfloat16's + round.
// complex operands add part by part (Partwise).
func lowerAddN(b opkit.Builder, op *mlir.Op, _ opkit.Facts, res *mlir.Value) {
	t := b.Type(res)
	ct, idx := opkit.ComputeType(t.Elem), opkit.Identity(t.Rank())
	n := b.NewNest(op, res, nil)
	add := func(x, y int) int {
		s := n.Add(&loopir.Instr{Op: loopir.OpAdd, Type: ct, Args: []int{x, y}})
		if ct != t.Elem {
			s = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: ct, Args: []int{n.Add(&loopir.Instr{Op: loopir.OpCast, Type: t.Elem, Args: []int{s}})}})
		}
		return s
	}
	sum := func(lo, hi int) int {
		s := b.Load(n, op.Operands[lo], idx)
		for i := lo + 1; i < hi; i++ {
			s = add(s, b.Load(n, op.Operands[i], idx))
		}
		return s
	}
	N := len(op.Operands)
	r := N % 8
	if r < 2 && N >= 8 {
		r += 8
	}
	s := sum(0, r)
	for g := r; g < N; g += 8 {
		s = add(s, sum(g, g+8))
	}
	b.Store(n, b.ResultBuffer(res), t.Elem, idx, s)
}
