package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// Control flow. tf.If and tf.While call functions of the module (their
// attributes then_branch/else_branch and cond/body are symbol references;
// is_stateless, parallel_iterations, shape invariants and the like are
// ignored); tf.IfRegion and tf.WhileRegion run their regions, whose last
// op is a tf.Yield of the region's results. Loop-carried values may change
// shape between iterations; each must fit its declared type.

// truth is TensorFlow's conversion of a condition tensor to a bool: a
// scalar is itself (i1) or != 0 (numbers; NaN is true); any other tensor
// is true when it has elements.
func truth(a *array) bool {
	if len(a.shape) != 0 {
		return a.len() > 0
	}
	switch kindOf(a.dt) {
	case kFloat:
		return a.f[0] != 0
	case kSigned:
		return a.s[0] != 0
	case kUnsigned:
		return a.u[0] != 0
	case kComplex:
		return a.c[0] != 0
	}
	return a.b[0]
}

// evalIf calls then_branch or else_branch on the operands after the
// condition.
func evalIf(ev *evaluator, op *mlir.Op) ([]*array, error) {
	if len(op.Operands) < 1 {
		return nil, opError(op, mlir.ErrInvalid, "expects a condition operand")
	}
	in, err := ev.allOperands(op)
	if err != nil {
		return nil, err
	}
	name := "then_branch"
	if !truth(in[0]) {
		name = "else_branch"
	}
	fn, err := attrSymbol(op, name)
	if err != nil {
		return nil, err
	}
	return ev.call(op, fn, in[1:])
}

// evalCall is tf.PartitionedCall / tf.StatefulPartitionedCall /
// tf.LegacyCall: function f on the operands.
func evalCall(ev *evaluator, op *mlir.Op) ([]*array, error) {
	in, err := ev.allOperands(op)
	if err != nil {
		return nil, err
	}
	fn, err := attrSymbol(op, "f")
	if err != nil {
		return nil, err
	}
	return ev.call(op, fn, in)
}

// runRegion evaluates region r of op with its arguments bound to args and
// returns the operands of its tf.Yield.
func (ev *evaluator) runRegion(op *mlir.Op, r *mlir.Region, args []*array) ([]*array, error) {
	if r == nil || len(r.Ops) == 0 || r.Ops[len(r.Ops)-1].Name != "tf.Yield" {
		return nil, opError(op, mlir.ErrInvalid, "has a region that does not end with tf.Yield")
	}
	if len(args) != len(r.Args) {
		return nil, opError(op, mlir.ErrInvalid, "passes %d values to a region that takes %d", len(args), len(r.Args))
	}
	for i, a := range args {
		v := r.Args[i]
		if msg := typeMismatch(v.Type, a.dt, a.shape); msg != "" {
			return nil, opError(op, mlir.ErrInvalid, "region argument %d is declared %s but gets %s: %s",
				i, v.Type, memref.TypeString(a.dt, a.shape), msg)
		}
		ev.env[v] = a
	}
	body := r.Ops[:len(r.Ops)-1]
	if err := ev.runOps(body); err != nil {
		return nil, err
	}
	yield := r.Ops[len(r.Ops)-1]
	return ev.allOperands(yield)
}

// evalIfRegion runs its first (then) or second (else) region.
func evalIfRegion(ev *evaluator, op *mlir.Op) ([]*array, error) {
	in, err := ev.operands(op, 1)
	if err != nil {
		return nil, err
	}
	if len(op.Regions) != 2 {
		return nil, opError(op, mlir.ErrInvalid, "expects 2 regions, got %d", len(op.Regions))
	}
	r := op.Regions[0]
	if !truth(in[0]) {
		r = op.Regions[1]
	}
	return ev.runRegion(op, r, nil)
}

// loop runs a while loop over the values vars: cond gives the condition,
// body the next values. It checks ctx and the iteration bound before each
// run of the body.
func (ev *evaluator) loop(op *mlir.Op, vars []*array, cond, body func([]*array) ([]*array, error)) ([]*array, error) {
	for iter := 0; ; iter++ {
		if err := ev.ctx.Err(); err != nil {
			return nil, opError(op, err, "stopped after %d iterations: %v", iter, err)
		}
		c, err := cond(vars)
		if err != nil {
			return nil, err
		}
		if len(c) != 1 {
			return nil, opError(op, mlir.ErrInvalid, "condition gives %d values, want 1", len(c))
		}
		if !truth(c[0]) {
			return vars, nil
		}
		if iter >= ev.cfg.maxIterations {
			return nil, opError(op, ErrLimit, "did not finish within %d iterations (the reference evaluator's limit)", ev.cfg.maxIterations)
		}
		next, err := body(vars)
		if err != nil {
			return nil, err
		}
		if len(next) != len(vars) {
			return nil, opError(op, mlir.ErrInvalid, "body gives %d values for %d loop variables", len(next), len(vars))
		}
		vars = next
	}
}

// evalWhile calls cond, then body, on the loop variables until cond is
// false, and gives the last values.
func evalWhile(ev *evaluator, op *mlir.Op) ([]*array, error) {
	vars, err := ev.allOperands(op)
	if err != nil {
		return nil, err
	}
	cond, err := attrSymbol(op, "cond")
	if err != nil {
		return nil, err
	}
	body, err := attrSymbol(op, "body")
	if err != nil {
		return nil, err
	}
	return ev.loop(op, vars,
		func(v []*array) ([]*array, error) { return ev.call(op, cond, v) },
		func(v []*array) ([]*array, error) { return ev.call(op, body, v) })
}

// evalWhileRegion is evalWhile with the cond and body regions.
func evalWhileRegion(ev *evaluator, op *mlir.Op) ([]*array, error) {
	vars, err := ev.allOperands(op)
	if err != nil {
		return nil, err
	}
	if len(op.Regions) != 2 {
		return nil, opError(op, mlir.ErrInvalid, "expects 2 regions, got %d", len(op.Regions))
	}
	return ev.loop(op, vars,
		func(v []*array) ([]*array, error) { return ev.runRegion(op, op.Regions[0], v) },
		func(v []*array) ([]*array, error) { return ev.runRegion(op, op.Regions[1], v) })
}
