package lower

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"slices"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// Ops with data-dependent indices: the indices are read inside the kernel
// and checked there; an index out of range stops the run with an error
// naming the op (TensorFlow's CPU kernels raise one too).

func gatherOps() []*opDef {
	ops := []*opDef{
		{name: "tf.Gather", arity: 2, types: setAll, doc: "params[indices] along axis 0"},
		{name: "tf.GatherV2", arity: 3, types: setAll, doc: "params[indices] along axis, batch_dims"},
	}
	for _, d := range ops {
		d.check, d.dims, d.elem, d.lower, d.host, d.tier = checkGather, dimsGather, firstElem, lowerGather, hostGather, 2
		d.types, d.partwise = setMoved, true
		d.notes = "an index out of range stops the run with an error naming the op"
	}
	return ops
}

// gatherFacts are a gather's axis and batch dims.
type gatherFacts struct{ axis, batch int }

func checkGather(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	p, ix := in[0], in[1]
	if ix.Elem != memref.Int32 && ix.Elem != memref.Int64 {
		return fmt.Sprintf("indices must be i32 or i64, got %s", ix)
	}
	g := &gatherFacts{}
	f.gather = g
	if f.def.arity == 3 { // an axis operand, batch_dims
		axis, m := c.axisOperand(op, in, 2, "axis", p.Rank())
		if m != "" {
			return m
		}
		bd, m := opkit.AttrInt(op, "batch_dims", 0)
		if m != "" {
			return m
		}
		if bd < 0 {
			bd += int64(ix.Rank())
		}
		if bd < 0 || bd > int64(ix.Rank()) {
			return fmt.Sprintf("batch_dims %d is out of range for indices of rank %d", bd, ix.Rank())
		}
		g.batch, g.axis = int(bd), axis
		if g.axis < g.batch {
			return fmt.Sprintf("batch_dims (%d) must be less than or equal to axis (%d)", g.batch, g.axis)
		}
	}
	if p.Rank() < 1 {
		return fmt.Sprintf("params must be at least 1 dimensional, got %s", p)
	}
	return ""
}

func dimsGather(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	g := f.gather
	p, ix := in[0], in[1]
	for k := 0; k < g.batch; k++ {
		if p[k] != mlir.Dynamic && ix[k] != mlir.Dynamic && p[k] != ix[k] {
			return nil, fmt.Sprintf("params.shape[%d]: %d should be equal to indices.shape[%d]: %d", k, p[k], k, ix[k])
		}
	}
	out := slices.Clone(p[:g.axis])
	out = append(out, ix[g.batch:]...)
	return append(out, p[g.axis+1:]...), ""
}

func lowerGather(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	g := f.gather
	params, indices := b.value(op.Operands[0]), b.value(op.Operands[1])
	pr, ir := len(b.typeOf(params).Dims), len(b.typeOf(indices).Dims)
	out := b.resultBuffer(res)
	dt := b.typeOf(res).Elem
	n := b.newNest(op, res, nil)
	ii := make([]loopir.Index, ir)
	for k := 0; k < ir; k++ {
		if k < g.batch {
			ii[k] = loopir.Index{Loop: k}
		} else {
			ii[k] = loopir.Index{Loop: g.axis + k - g.batch}
		}
	}
	iv := b.load(n, indices, ii)
	pi := make([]loopir.Index, pr)
	for a := 0; a < pr; a++ {
		switch {
		case a < g.axis:
			pi[a] = loopir.Index{Loop: a}
		case a == g.axis:
			pi[a] = loopir.Index{Loop: -1, Dyn: 1}
		default:
			pi[a] = loopir.Index{Loop: g.axis + (ir - g.batch) + (a - g.axis - 1)}
		}
	}
	pid, ax := params.ID, g.axis
	fault := b.fault(op, func(hs *HostState) string {
		return fmt.Sprintf("indices must be in [0, %d): an index is out of range", hs.Shapes[pid][ax])
	})
	v := b.loadChecked(n, params, pi, fault, iv)
	store(n, out, dt, identity(len(b.typeOf(res).Dims)), v)
}

// loadChecked loads through an access with dynamic indices (dyn, in the
// order of their Dyn numbers), bounds-checked with the given fault code.
func (b *builder) loadChecked(n *loopir.Nest, v *mlir.Value, idx []loopir.Index, fault int, dyn ...int) int {
	v = b.value(v)
	t := b.typeOf(v)
	if _, ok := b.splat[v.ID]; ok {
		return b.load(n, v, idx)
	}
	id := n.Add(&loopir.Instr{Op: loopir.OpLoad, Type: t.Elem, Acc: &loopir.Access{Buf: b.buf[v.ID], Idx: idx, Fault: fault}, Args: dyn})
	if t.Elem.IsHalf() {
		id = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: memref.Float32, Args: []int{id}})
	}
	return id
}

// faultInfo is what a fault code means: the op, and the message (from the
// run's host state).
type faultInfo struct {
	op  *mlir.Op
	msg func(*HostState) string
}

// fault registers a fault code for op.
func (b *builder) fault(op *mlir.Op, msg func(*HostState) string) int {
	b.faults = append(b.faults, faultInfo{op, msg})
	return len(b.faults)
}

// FaultError explains a fault code a run stopped with.
func (k *Kernel) FaultError(code uint32, hs *HostState) error {
	if code == 0 || int(code) > len(k.faults) {
		return fmt.Errorf("%w: the kernel reported fault %d, which it does not define", ErrInternal, code)
	}
	fi := k.faults[code-1]
	return &mlir.Error{Pos: fi.op.Pos, Op: fi.op.Name, Kind: mlir.ErrInvalid, Msg: fi.msg(hs)}
}
