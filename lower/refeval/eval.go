package refeval

import (
	"context"
	"errors"
	"fmt"

	"github.com/sandjit/sandjit/lower"
	"github.com/sandjit/sandjit/memref"
)

// DefaultMaxElements is the default bound on the element count of any one
// tensor the evaluator creates or accepts.
const DefaultMaxElements = 1 << 26

type config struct {
	maxElements int
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

// Eval runs fn on args and returns its results as fresh contiguous tensors
// (an argument that fn returns unchanged comes back as the same *Tensor).
// mod is the module fn belongs to, for ops that call other functions; it
// may be nil while fn calls none. ctx is checked between ops.
func Eval(ctx context.Context, fn *lower.Func, mod *lower.Module, args []*memref.Tensor, opts ...Option) (results []*memref.Tensor, err error) {
	cfg := config{maxElements: DefaultMaxElements}
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
	ev := &evaluator{fn: fn, mod: mod, cfg: cfg, env: map[*lower.Value]*array{}}
	if err := ev.bindArgs(args); err != nil {
		return nil, err
	}
	for _, op := range fn.Ops {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%s: '%s' op not evaluated: %w", op.Pos, op.Name, err)
		}
		if err := ev.evalOp(op); err != nil {
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return ev.results(args)
}

type evaluator struct {
	fn  *lower.Func
	mod *lower.Module
	cfg config
	env map[*lower.Value]*array
}

// opError builds a positioned diagnostic about op.
func opError(op *lower.Op, kind error, format string, args ...any) error {
	return &lower.Error{Pos: op.Pos, Op: op.Name, Msg: fmt.Sprintf(format, args...), Kind: kind}
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

// typeMismatch says how a concrete tensor differs from a declared type, or
// returns "" when it fits.
func typeMismatch(want lower.TensorType, dt memref.DType, shape []int) string {
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
		if d != lower.Dynamic && d != shape[k] {
			return fmt.Sprintf("dim %d: got %d", k, shape[k])
		}
	}
	return ""
}

// alloc checks the element limit and allocates op's result.
func (ev *evaluator) alloc(op *lower.Op, dt memref.DType, shape []int) (*array, error) {
	n, err := memref.NumElements(shape)
	if err != nil {
		return nil, opError(op, lower.ErrInvalid, "result %s: %v", shapeString(shape), err)
	}
	if n > ev.cfg.maxElements {
		return nil, opError(op, ErrLimit, "result %s has %d elements, over the reference evaluator's limit of %d",
			memref.TypeString(dt, shape), n, ev.cfg.maxElements)
	}
	return newArray(dt, shape), nil
}

// operands looks up op's operand values, checking their count.
func (ev *evaluator) operands(op *lower.Op, want int) ([]*array, error) {
	if len(op.Operands) != want {
		return nil, opError(op, lower.ErrInvalid, "expects %d operands, got %d", want, len(op.Operands))
	}
	in := make([]*array, len(op.Operands))
	for i, v := range op.Operands {
		a, ok := ev.env[v]
		if v == nil || !ok {
			return nil, opError(op, lower.ErrInvalid, "operand %d is not defined before its use", i)
		}
		in[i] = a
	}
	return in, nil
}

func (ev *evaluator) evalOp(op *lower.Op) error {
	h, ok := handlers[op.Name]
	if !ok {
		return opError(op, lower.ErrUnsupported, "is not supported by the reference evaluator")
	}
	if len(op.Results) != 1 || op.Results[0] == nil {
		return opError(op, lower.ErrInvalid, "expects 1 result, got %d", len(op.Results))
	}
	out, err := h(ev, op)
	if err != nil {
		return err
	}
	res := op.Results[0]
	if msg := typeMismatch(res.Type, out.dt, out.shape); msg != "" {
		return opError(op, lower.ErrInvalid, "result 0 is declared %s but computes %s: %s",
			res.Type, memref.TypeString(out.dt, out.shape), msg)
	}
	ev.env[res] = out
	return nil
}

func (ev *evaluator) results(args []*memref.Tensor) ([]*memref.Tensor, error) {
	ret := ev.fn.Return
	if ret == nil {
		return nil, fmt.Errorf("@%s has no return", ev.fn.Name)
	}
	if len(ret.Operands) != len(ev.fn.ResultTypes) {
		return nil, opError(ret, lower.ErrInvalid, "returns %d values but @%s declares %d results",
			len(ret.Operands), ev.fn.Name, len(ev.fn.ResultTypes))
	}
	out := make([]*memref.Tensor, len(ret.Operands))
	for i, v := range ret.Operands {
		a, ok := ev.env[v]
		if v == nil || !ok {
			return nil, opError(ret, lower.ErrInvalid, "operand %d is not defined before its use", i)
		}
		if msg := typeMismatch(ev.fn.ResultTypes[i], a.dt, a.shape); msg != "" {
			return nil, opError(ret, lower.ErrInvalid, "result[%d] is declared %s but computes %s: %s",
				i, ev.fn.ResultTypes[i], memref.TypeString(a.dt, a.shape), msg)
		}
		if v.Def == nil && v.Index < len(args) && v.Index < len(ev.fn.Args) && ev.fn.Args[v.Index] == v {
			out[i] = args[v.Index]
			continue
		}
		out[i] = store(a)
	}
	return out, nil
}
