package lower

import (
	"github.com/sandjit/sandjit/internal/flow"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/ops/where"
	"github.com/sandjit/sandjit/memref"
)

// Control flow: conditionals and loops over functions of the module,
// their region forms (regions ending in a yield, which may use values of
// the enclosing function), and function calls. The host runs them: a
// function that has any is split into a Flow (package flow), straight-line
// segments — each a function of its own that compiles to one kernel — and
// control steps between them, which the engine interprets. A loop's
// iterations thus return to the host, which can stop them at the context's
// deadline, and loop-carried values may change shape between iterations.

// Flow is a function split for the host; FlowStep one of its steps.
type (
	Flow        = flow.Flow
	FlowStep    = flow.Step
	ControlKind = flow.Kind
)

// The control kinds.
const (
	ControlIf    = flow.If
	ControlWhile = flow.While
	ControlCall  = flow.Call
	ControlHost  = flow.Host
)

// controlOps are the ops the host runs.
func controlOps() []*opDef {
	ops := []*opDef{
		{name: "tf.If", doc: "then_branch(xs) if cond else else_branch(xs)", control: ControlIf, notes: "then_branch / else_branch: functions of the module; the condition follows TF's truth rule"},
		{name: "tf.StatelessIf", doc: "then_branch(xs) if cond else else_branch(xs)", control: ControlIf, notes: "as tf.If"},
		{name: "tf.IfRegion", doc: "the then or else region, by cond", control: ControlIf, notes: "two regions ending in tf.Yield; they may use values of the enclosing function"},
		{name: "tf.While", doc: "xs = body(xs) while cond(xs)", control: ControlWhile, notes: "cond / body: functions of the module; iterations return to the host (deadline, WithMaxIterations); loop values may change shape"},
		{name: "tf.StatelessWhile", doc: "xs = body(xs) while cond(xs)", control: ControlWhile, notes: "as tf.While"},
		{name: "tf.WhileRegion", doc: "xs = body(xs) while cond(xs), by regions", control: ControlWhile, notes: "cond and body regions ending in tf.Yield, as tf.While"},
		{name: "tf.PartitionedCall", doc: "f(xs)", control: ControlCall, notes: "f: a function of the module"},
		{name: "tf.StatefulPartitionedCall", doc: "f(xs)", control: ControlCall, notes: "as tf.PartitionedCall"},
		{name: "tf.LegacyCall", doc: "f(xs)", control: ControlCall, notes: "as tf.PartitionedCall; tf-mlir-translate's form of a GraphDef node that calls a library function"},
	}
	for _, d := range ops {
		d.tier, d.types = 3, setAll
	}
	for _, h := range where.Ops() {
		ops = append(ops, &opDef{name: h.Name, doc: h.Doc, notes: h.Notes, needs: h.Needs, control: ControlHost, tier: h.Tier, types: typeSet(h.Types)})
	}
	return ops
}

// hostOps are the ops of kind ControlHost, by name: static data, as the
// registry.
var hostOps = func() map[string]*opkit.HostDef {
	m := map[string]*opkit.HostDef{}
	for _, h := range where.Ops() {
		m[h.Name] = h
	}
	return m
}()

// RunHost computes control step op of kind ControlHost on its operand
// values; a message reports a run-time problem.
func RunHost(op *mlir.Op, in []*memref.Tensor) ([]*memref.Tensor, string) {
	h := hostOps[op.Name]
	if h == nil {
		panic("BUG: lower: RunHost of " + op.Name + ", which is not a host op")
	}
	return h.Run(op, in)
}

// registryOps tells package flow about ops, from the registry.
type registryOps struct{}

func (registryOps) Control(name string) ControlKind { return controlKind(name) }
func (registryOps) IsConst(op *mlir.Op) bool        { return isConstOp(op) }
func (registryOps) CheckHost(op *mlir.Op) string {
	if h := hostOps[op.Name]; h != nil {
		return h.Check(op)
	}
	return ""
}

// BuildFlow splits fn (a function of m) for the host, and the functions
// and regions its control ops run, recursively. Errors have positions.
func BuildFlow(m *mlir.Module, fn *mlir.Func) (*Flow, error) { return flow.Build(m, fn, registryOps{}) }

// HasControlFlow reports whether fn has control ops at its top level.
func HasControlFlow(fn *mlir.Func) bool { return flow.HasControl(fn, registryOps{}) }
