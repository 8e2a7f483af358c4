package lower

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/shape"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// Forwarding ops (forwardOps below): tf.Identity, tf.IdentityN,
// tf.StopGradient, tf.PreventGradient, tf.Snapshot and tf.CheckNumerics.
// TensorFlow's exporters end most functions with one of them. Result i of
// such an op *is* operand i, as in jitrt, where results forward operands:
// checking gives it the operand's type (refined by the declared one), its
// symbols and its host value; the host gives it the operand's shape; the
// lowering gives it the operand's buffer (builder.alias) and emits no nest,
// except tf.CheckNumerics's check, which reads the operand and stores
// nothing. So a returned identity of a computed value makes that value's
// buffer the output, an identity of an argument or a constant is that
// argument or constant (ResultSource.Arg, ResultSource.Const), and the
// engine copies only where a result must own its bytes (RATIONALE.md,
// "Results forward their operands").

func forwardOps() []*opDef {
	ops := []*opDef{
		{name: "tf.Identity", arity: 1, types: setAll | setComplex, doc: "x"},
		{name: "tf.IdentityN", arity: -1, results: -1, types: setAll | setComplex, doc: "x₀, x₁, …: result i is operand i"},
		{name: "tf.StopGradient", arity: 1, types: setAll | setComplex, doc: "x"},
		{name: "tf.PreventGradient", arity: 1, types: setAll | setComplex, doc: "x (its message concerns gradients)"},
		{name: "tf.Snapshot", arity: 1, types: setAll | setComplex, doc: "x"},
		{name: "tf.CheckNumerics", arity: 1, types: setFloat, finite: true, doc: "x; a NaN or Inf fails the run"},
	}
	for _, d := range ops {
		d.forward, d.tier, d.lower = true, 2, lowerForward
		d.notes = "forwards its operands: a result is its operand's tensor, never a copy inside the kernel"
		if d.finite {
			d.notes = "forwards its operand; a NaN or Inf stops the run with an error naming the op and its message"
		}
	}
	return ops
}

// lowerForward emits nothing for a forwarding op (forward aliased its
// results), but the check of one that fails on NaN and infinities.
func lowerForward(b *builder, op *mlir.Op, f *opFacts, _ *mlir.Value) {
	if f.def.finite {
		b.lowerFinite(op)
	}
}

// checkForward checks forwarding op op (its table entry def) and records
// its results.
func (c *checked) checkForward(op *mlir.Op, def *opDef, errs *mlir.ErrorList) {
	fail := func(format string, args ...any) {
		errs.Add(op.Pos, op.Name, mlir.ErrInvalid, format, args...)
		for _, r := range op.Results {
			c.types[r.ID] = r.Type
			c.syms[r.ID] = c.freshSyms(r.Type)
		}
	}
	switch {
	case def.arity >= 0 && len(op.Operands) != def.arity:
		fail("requires %d operands, got %d", def.arity, len(op.Operands))
		return
	case len(op.Operands) == 0:
		fail("requires at least one operand")
		return
	case len(op.Results) != len(op.Operands):
		fail("has %d operands but %d results; result i is operand i", len(op.Operands), len(op.Results))
		return
	}
	if a := op.Attr("message"); def.finite && a != nil {
		if _, ok := a.(mlir.StringAttr); !ok {
			fail("message must be a string, got %s", a)
			return
		}
	}
	for i, v := range op.Operands {
		t, r := c.types[v.ID], op.Results[i]
		switch {
		case !t.Ranked:
			fail("operand #%d has unranked type %s; sandjit needs ranked operands", i, t)
			return
		case !def.types.has(t.Elem):
			fail("operand #%d must be a tensor of %s values, but got %s", i, def.types, t)
			return
		}
		if m := shape.Compatible(t, r.Type); m != "" {
			fail("result #%d is declared %s, but operand #%d is %s%s", i, r.Type, i, t, m)
			return
		}
	}
	for i, v := range op.Operands {
		r := op.Results[i]
		t := shape.Refine(c.types[v.ID], r.Type)
		c.types[r.ID] = t
		syms := append([]int(nil), c.syms[v.ID]...)
		for a, d := range t.Dims {
			if d != mlir.Dynamic {
				syms[a] = -1 // the declared type made it static
			}
		}
		c.syms[r.ID] = syms
		c.consts[r.ID] = c.consts[v.ID]
		c.vals[r.ID] = c.vals[v.ID]
		c.hostRT[r.ID] = c.hostRT[v.ID]
	}
	c.facts[op] = &opFacts{def: def}
}

// hostForward gives the results of forwarding op op their operands'
// shapes and host values, checked against the results' types.
func (k *Kernel) hostForward(op *mlir.Op, hs *HostState) error {
	for i, v := range op.Operands {
		r := op.Results[i]
		s := hs.Shapes[v.ID]
		for a, d := range k.c.types[r.ID].Dims {
			if d != mlir.Dynamic && d != s[a] {
				return &mlir.Error{Pos: op.Pos, Op: op.Name, Kind: mlir.ErrInvalid,
					Msg: fmt.Sprintf("result #%d has shape %s at run time, which does not match its type %s", i, shape.List(s), k.c.types[r.ID])}
			}
		}
		hs.Shapes[r.ID] = s
		hs.Values[r.ID] = hs.Values[v.ID]
	}
	return nil
}

// forward makes every result of every forwarding op an alias of its
// operand (resolved through earlier forwarding ops), before anything is
// lowered: a value's buffer kind (an output when the function returns an
// alias of it) is known when its producer is lowered.
func (b *builder) forward() {
	for _, op := range b.c.fn.Ops {
		if !b.c.facts[op].def.forward {
			continue
		}
		for i, r := range op.Results {
			b.alias[r.ID] = b.value(op.Operands[i])
		}
	}
}

// forwarded follows v through forwarding ops and views (reshapes,
// inserted and squeezed dims: see isView) to src, the value whose bytes v is;
// shape is the value whose shape v has, or nil when it is src's.
func (b *builder) forwarded(v *mlir.Value) (src, shape *mlir.Value) {
	for {
		v = b.value(v)
		if !b.isView(v) {
			return v, shape
		}
		if shape == nil {
			shape = v
		}
		v = v.Def.Operands[0]
	}
}

// isView reports whether the lowering makes v a view of its operand's
// buffer (lowerView): an op with opDef.view set, not folded into a
// constant, of anything but a splat constant (which has no buffer).
func (b *builder) isView(v *mlir.Value) bool {
	if v.Def == nil || b.c.consts[v.ID] != nil || !b.c.facts[v.Def].def.view {
		return false
	}
	src, _ := b.forwarded(v.Def.Operands[0])
	d := b.c.consts[src.ID]
	return d == nil || !d.Splat
}

// lowerFinite emits tf.CheckNumerics's check: a nest over its operand
// that stores nothing and stops the run at an element that is NaN or
// infinite, with a fault naming the op, its message and which of the two
// it met, in TensorFlow's words (core/kernels/check_numerics_op.cc:
// "<message> : Tensor had NaN values", "… Inf values"; TF says "Inf and
// NaN" when the tensor holds both, which a kernel that stops at the first
// bad element cannot know). Its result is the operand (forward), never a
// copy.
func (b *builder) lowerFinite(op *mlir.Op) {
	x := b.value(op.Operands[0])
	rank := len(b.typeOf(x).Dims)
	msg, _ := op.Attr("message").(mlir.StringAttr)
	n := b.newNest(op, x, nil)
	v := b.load(n, x, identity(rank))
	for _, c := range []struct {
		test loopir.Op
		what string
	}{{loopir.OpIsNaN, "NaN"}, {loopir.OpIsInf, "Inf"}} {
		code := b.fault(op, func(*HostState) string {
			return fmt.Sprintf("%s : Tensor had %s values", string(msg), c.what)
		})
		bad := n.Add(&loopir.Instr{Op: c.test, Type: memref.Bool, Args: []int{v}})
		ok := n.Add(&loopir.Instr{Op: loopir.OpNot, Type: memref.Bool, Args: []int{bad}})
		n.Add(&loopir.Instr{Op: loopir.OpAssert, Type: memref.Bool, Args: []int{ok}, Fault: code})
	}
}
