package refeval

import (
	"context"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/internal/refeval/refmath"

	"github.com/sandjit/sandjit/memref"
)

// DefaultMaxElements is the default bound on the element count of any one
// tensor the evaluator creates or accepts.
const DefaultMaxElements = 1 << 26

// DefaultMaxIterations is the default bound on the iterations of one
// execution of a tf.While or tf.WhileRegion.
const DefaultMaxIterations = 1_000_000

// maxCallDepth bounds the nesting of function calls (tf.If, tf.While), so
// that a function calling itself is an error rather than a stack overflow.
const maxCallDepth = 64

type config struct {
	maxElements   int
	maxIterations int
	perturb       float64 // relative change of every float op result, in units of the type's epsilon
}

// Option configures one Eval call.
type Option func(*config)

// WithMaxElements bounds the element count of every argument, constant and
// op result; a larger one is an error matching ErrLimit, reported before
// anything is allocated. n <= 0 means DefaultMaxElements.
func WithMaxElements(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.maxElements = n
		}
	}
}

// WithMaxIterations bounds the iterations of each execution of a while
// loop (tf.While, tf.WhileRegion); one more is an error matching ErrLimit.
// n <= 0 means DefaultMaxIterations.
func WithMaxIterations(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.maxIterations = n
		}
	}
}

// WithPerturbation scales every floating-point op result by 1 + ulps·ε
// (ε the spacing of the type's numbers at 1: 2⁻²³ for f32, 2⁻⁵² for f64,
// 2⁻¹⁰ for f16), rounded to the type again: a model of an implementation
// whose every op errs by about that much. Comparing its results with an
// unperturbed run tells which results are ill-conditioned — sin of a huge
// exponential, a cast or comparison at a tie — so that differential tests
// can tell rounding amplified by the kernel from a wrong answer. Zero (the
// default) changes nothing.
func WithPerturbation(ulps float64) Option {
	return func(c *config) { c.perturb = ulps }
}

// Eval runs fn on args and returns its results as fresh contiguous tensors
// (an argument that fn returns unchanged comes back as the same *Tensor).
// mod is the module fn belongs to, for ops that call other functions
// (tf.If, tf.While); it may be nil while fn calls none. ctx is checked
// between ops and at every loop iteration.
func Eval(ctx context.Context, fn *mlir.Func, mod *mlir.Module, args []*memref.Tensor, opts ...Option) (results []*memref.Tensor, err error) {
	cfg := config{maxElements: DefaultMaxElements, maxIterations: DefaultMaxIterations}
	for _, o := range opts {
		o(&cfg)
	}
	if fn == nil {
		return nil, errors.New("refeval: nil function")
	}
	defer func() {
		if r := recover(); r != nil {
			results, err = nil, fmt.Errorf("refeval: internal error evaluating @%s: %v", fn.Name, r)
		}
	}()
	ev := &evaluator{ctx: ctx, fn: fn, mod: mod, cfg: cfg, env: map[*mlir.Value]*array{}}
	if err := ev.bindArgs(args); err != nil {
		return nil, err
	}
	if err := ev.runOps(fn.Ops); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	vals, err := ev.results()
	if err != nil {
		return nil, err
	}
	out := make([]*memref.Tensor, len(vals))
	for i, v := range fn.Return.Operands {
		if v.Def == nil && v.Index < len(args) && v.Index < len(fn.Args) && fn.Args[v.Index] == v {
			out[i] = args[v.Index]
			continue
		}
		out[i] = store(vals[i])
	}
	return out, nil
}

// evaluator is one activation of a function: the module-wide settings and
// the values computed so far (including those of nested regions).
type evaluator struct {
	ctx   context.Context
	fn    *mlir.Func
	mod   *mlir.Module
	cfg   config
	env   map[*mlir.Value]*array
	depth int // calls between the function Eval was given and this one
}

// opError builds a positioned diagnostic about op.
func opError(op *mlir.Op, kind error, format string, args ...any) error {
	return &mlir.Error{Pos: op.Pos, Op: op.Name, Msg: fmt.Sprintf(format, args...), Kind: kind}
}

func (ev *evaluator) bindArgs(args []*memref.Tensor) error {
	if len(args) != len(ev.fn.Args) {
		return fmt.Errorf("%w: @%s takes %d arguments, got %d", ErrArgument, ev.fn.Name, len(ev.fn.Args), len(args))
	}
	for i, t := range args {
		v := ev.fn.Args[i]
		if t == nil {
			return fmt.Errorf("%w: arg[%d] %s: got nil", ErrArgument, i, v.Type)
		}
		if err := t.Validate(); err != nil {
			return fmt.Errorf("%w: arg[%d] %s: %v", ErrArgument, i, v.Type, err)
		}
		if msg := typeMismatch(v.Type, t.DType, t.Shape); msg != "" {
			return fmt.Errorf("%w: arg[%d] %s: %s", ErrArgument, i, v.Type, msg)
		}
		if n := t.Len(); n > ev.cfg.maxElements {
			return fmt.Errorf("%w: arg[%d] %s has %d elements, over the limit of %d", ErrLimit, i, t.Type(), n, ev.cfg.maxElements)
		}
		ev.env[v] = load(t)
	}
	return nil
}

// call runs function name of the module on args for op (tf.If, tf.While)
// and returns its results. The arguments must fit the function's
// signature; the results are checked against its result types.
func (ev *evaluator) call(op *mlir.Op, name string, args []*array) ([]*array, error) {
	if ev.mod == nil {
		return nil, opError(op, mlir.ErrInvalid, "calls @%s but no module was given to look it up in", name)
	}
	fn := ev.mod.Lookup(name)
	if fn == nil {
		return nil, opError(op, mlir.ErrInvalid, "calls @%s, which is not a function of the module", name)
	}
	if ev.depth+1 > maxCallDepth {
		return nil, opError(op, ErrLimit, "calls @%s nested more than %d deep", name, maxCallDepth)
	}
	if len(args) != len(fn.Args) {
		return nil, opError(op, mlir.ErrInvalid, "calls @%s with %d arguments, but it takes %d", name, len(args), len(fn.Args))
	}
	callee := &evaluator{ctx: ev.ctx, fn: fn, mod: ev.mod, cfg: ev.cfg, env: map[*mlir.Value]*array{}, depth: ev.depth + 1}
	for i, a := range args {
		if msg := typeMismatch(fn.Args[i].Type, a.dt, a.shape); msg != "" {
			return nil, opError(op, mlir.ErrInvalid, "calls @%s with argument %d of type %s, which does not fit %s: %s",
				name, i, memref.TypeString(a.dt, a.shape), fn.Args[i].Type, msg)
		}
		callee.env[fn.Args[i]] = a
	}
	if err := callee.runOps(fn.Ops); err != nil {
		return nil, err
	}
	return callee.results()
}

// runOps evaluates ops in order, checking ctx before each.
func (ev *evaluator) runOps(ops []*mlir.Op) error {
	for _, op := range ops {
		if err := ev.ctx.Err(); err != nil {
			return fmt.Errorf("%s: '%s' op not evaluated: %w", op.Pos, op.Name, err)
		}
		if err := ev.evalOp(op); err != nil {
			return err
		}
	}
	return nil
}

// typeMismatch says how a concrete tensor differs from a declared type, or
// returns "" when it fits.
func typeMismatch(want mlir.TensorType, dt memref.DType, shape []int) string {
	if dt != want.Elem {
		return fmt.Sprintf("element type: got %v", dt)
	}
	if !want.Ranked {
		return ""
	}
	if len(shape) != len(want.Dims) {
		return fmt.Sprintf("rank: got %d (%s)", len(shape), memref.TypeString(dt, shape))
	}
	for k, d := range want.Dims {
		if d != mlir.Dynamic && d != shape[k] {
			return fmt.Sprintf("dim %d: got %d", k, shape[k])
		}
	}
	return ""
}

// alloc checks the element limit and allocates op's result.
func (ev *evaluator) alloc(op *mlir.Op, dt memref.DType, shape []int) (*array, error) {
	n, err := memref.NumElements(shape)
	if err != nil {
		return nil, opError(op, mlir.ErrInvalid, "result %s: %v", nd.Format(shape), err)
	}
	if n > ev.cfg.maxElements {
		return nil, opError(op, ErrLimit, "result %s has %d elements, over the reference evaluator's limit of %d",
			memref.TypeString(dt, shape), n, ev.cfg.maxElements)
	}
	return newArray(dt, shape), nil
}

// lookup finds the value of operand i of op.
func (ev *evaluator) lookup(op *mlir.Op, i int, v *mlir.Value) (*array, error) {
	a, ok := ev.env[v]
	if v == nil || !ok {
		return nil, opError(op, mlir.ErrInvalid, "operand %d is not defined before its use", i)
	}
	return a, nil
}

// operands looks up op's operand values, checking their count.
func (ev *evaluator) operands(op *mlir.Op, want int) ([]*array, error) {
	if len(op.Operands) != want {
		return nil, opError(op, mlir.ErrInvalid, "expects %d operands, got %d", want, len(op.Operands))
	}
	return ev.allOperands(op)
}

// allOperands looks up every operand value of op.
func (ev *evaluator) allOperands(op *mlir.Op) ([]*array, error) {
	in := make([]*array, len(op.Operands))
	for i, v := range op.Operands {
		a, err := ev.lookup(op, i, v)
		if err != nil {
			return nil, err
		}
		in[i] = a
	}
	return in, nil
}

func (ev *evaluator) evalOp(op *mlir.Op) error {
	var outs []*array
	if h, ok := handlers[op.Name]; ok {
		if len(op.Results) != 1 || op.Results[0] == nil {
			return opError(op, mlir.ErrInvalid, "expects 1 result, got %d", len(op.Results))
		}
		out, err := h(ev, op)
		if err != nil {
			return err
		}
		outs = []*array{out}
	} else if h, ok := multiHandlers[op.Name]; ok {
		var err error
		if outs, err = h(ev, op); err != nil {
			return err
		}
		if len(outs) != len(op.Results) {
			return opError(op, mlir.ErrInvalid, "computes %d results but declares %d", len(outs), len(op.Results))
		}
	} else {
		return opError(op, mlir.ErrUnsupported, "is not supported by the reference evaluator")
	}
	for i, res := range op.Results {
		if res == nil {
			return opError(op, mlir.ErrInvalid, "result %d is missing", i)
		}
		out := outs[i]
		if msg := typeMismatch(res.Type, out.dt, out.shape); msg != "" {
			return opError(op, mlir.ErrInvalid, "result %d is declared %s but computes %s: %s",
				i, res.Type, memref.TypeString(out.dt, out.shape), msg)
		}
		if ev.cfg.perturb != 0 && out.dt.IsFloat() {
			out = perturbed(out, ev.cfg.perturb)
		}
		ev.env[res] = out
	}
	return nil
}

// perturbed is a copy of float array a with every finite element scaled
// by 1 + ulps·ε and rounded to a's type again (see WithPerturbation).
func perturbed(a *array, ulps float64) *array {
	eps := 0x1p-23
	switch a.dt {
	case memref.Float64:
		eps = 0x1p-52
	case memref.Float16:
		eps = 0x1p-10
	case memref.BFloat16:
		eps = 0x1p-7
	}
	c := *a
	c.f = make([]float64, len(a.f))
	for i, x := range a.f {
		c.f[i] = refmath.RoundTo(a.dt, x*(1+ulps*eps))
	}
	return &c
}

// results reads the values the function returns, checked against its
// declared result types.
func (ev *evaluator) results() ([]*array, error) {
	ret := ev.fn.Return
	if ret == nil {
		return nil, fmt.Errorf("@%s has no return", ev.fn.Name)
	}
	if len(ret.Operands) != len(ev.fn.ResultTypes) {
		return nil, opError(ret, mlir.ErrInvalid, "returns %d values but @%s declares %d results",
			len(ret.Operands), ev.fn.Name, len(ev.fn.ResultTypes))
	}
	out := make([]*array, len(ret.Operands))
	for i, v := range ret.Operands {
		a, err := ev.lookup(ret, i, v)
		if err != nil {
			return nil, err
		}
		if msg := typeMismatch(ev.fn.ResultTypes[i], a.dt, a.shape); msg != "" {
			return nil, opError(ret, mlir.ErrInvalid, "result[%d] is declared %s but computes %s: %s",
				i, ev.fn.ResultTypes[i], memref.TypeString(a.dt, a.shape), msg)
		}
		out[i] = a
	}
	return out, nil
}
