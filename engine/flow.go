package engine

import (
	"context"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"

	"github.com/sandjit/sandjit/cache"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/memref"
)

// flowExec runs a function with control flow (lower.Flow): its segments
// through JitExecutables of their own (each with its default executable
// and specializations), its control ops on the host. Segments and
// sub-flows are built when the kernel is compiled, so that compile errors
// surface then, with positions.
type flowExec struct {
	fl    *lower.Flow
	parts []*JitExecutable // per step: the segment's (nil for control steps)
	subs  [][]*flowExec    // per step: the sub-flows of a control step
}

// flowBuild builds the executables of a lower.Flow tree, sharing one per
// function called from several places.
type flowBuild struct {
	rt   *Runtime
	key  cache.Key // the kernel's
	mod  *mlir.Module
	cfg  compileConfig
	done map[*lower.Flow]*flowExec
	all  []*JitExecutable
}

func (r *Runtime) newFlow(ctx context.Context, key cache.Key, mod *mlir.Module, fl *lower.Flow, cfg compileConfig) (*flowExec, []*JitExecutable, error) {
	b := &flowBuild{rt: r, key: key, mod: mod, cfg: cfg, done: map[*lower.Flow]*flowExec{}}
	x, err := b.build(ctx, fl)
	return x, b.all, err
}

func (b *flowBuild) build(ctx context.Context, fl *lower.Flow) (*flowExec, error) {
	if x := b.done[fl]; x != nil {
		return x, nil
	}
	x := &flowExec{fl: fl, parts: make([]*JitExecutable, len(fl.Steps)), subs: make([][]*flowExec, len(fl.Steps))}
	b.done[fl] = x
	for k, st := range fl.Steps {
		if st.Seg == nil {
			for _, sub := range st.Subs {
				sx, err := b.build(ctx, sub)
				if err != nil {
					return nil, err
				}
				x.subs[k] = append(x.subs[k], sx)
			}
			continue
		}
		// A function of the module is compiled from the module (its
		// constraints and positions as written); a segment or a region
		// from a module of its own.
		mod := b.mod
		if b.mod.Lookup(st.Seg.Name) != st.Seg {
			mod = &mlir.Module{File: b.mod.File, Attrs: b.mod.Attrs, Funcs: []*mlir.Func{st.Seg}}
		}
		cfg := b.cfg
		cfg.entry = st.Seg.Name
		j, err := b.rt.newJit(ctx, segmentKey(b.key, st.Seg.Name), mod, cfg)
		if err != nil {
			return nil, err
		}
		x.parts[k] = j
		b.all = append(b.all, j)
	}
	return x, nil
}

// run runs the flow on args (already checked against its function's
// argument types) and returns its results.
func (x *flowExec) run(ctx context.Context, rt *Runtime, args []*memref.Tensor) ([]*memref.Tensor, error) {
	fl := x.fl
	if fl.Whole {
		return x.parts[0].runChecked(ctx, args, &resultSink{kind: toHeap})
	}
	env := make([]*memref.Tensor, fl.Func.NumValues)
	for i, a := range fl.Func.Args {
		env[a.ID] = args[i]
	}
	get := func(vs []*mlir.Value) []*memref.Tensor {
		out := make([]*memref.Tensor, len(vs))
		for i, v := range vs {
			out[i] = env[v.ID]
		}
		return out
	}
	for k, st := range fl.Steps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := rt.stopped(); err != nil {
			return nil, err
		}
		if st.Seg != nil {
			outs, err := x.parts[k].runChecked(ctx, get(st.In), &resultSink{kind: toHeap})
			if err != nil {
				return nil, err
			}
			for j, v := range st.Out {
				env[v.ID] = outs[j]
			}
			continue
		}
		outs, err := x.control(ctx, rt, k, get(st.Op.Operands), get(st.Captures))
		if err != nil {
			return nil, err
		}
		for j, v := range st.Op.Results {
			if err := fits(st.Op, fmt.Sprintf("result #%d", j), v.Type, outs[j]); err != nil {
				return nil, err
			}
			env[v.ID] = outs[j]
		}
	}
	return get(fl.Func.Return.Operands), nil
}

// control runs control step k on its operands (and the captures of the
// region forms).
func (x *flowExec) control(ctx context.Context, rt *Runtime, k int, in, caps []*memref.Tensor) ([]*memref.Tensor, error) {
	st := x.fl.Steps[k]
	subs := x.subs[k]
	call := func(sub *flowExec, args []*memref.Tensor) ([]*memref.Tensor, error) {
		args = append(args[:len(args):len(args)], caps...)
		fn := sub.fl.Func
		for i, a := range args {
			if err := fits(st.Op, fmt.Sprintf("argument #%d of @%s", i, fn.Name), fn.Args[i].Type, a); err != nil {
				return nil, err
			}
		}
		return sub.run(ctx, rt, args)
	}
	switch st.Kind {
	case lower.ControlIf:
		branch := subs[1]
		if truth(in[0]) {
			branch = subs[0]
		}
		return call(branch, in[1:])
	case lower.ControlCall:
		return call(subs[0], in)
	case lower.ControlHost:
		out, msg := lower.RunHost(st.Op, in)
		if msg != "" {
			return nil, &opError{op: st.Op, err: ErrInvalid, msg: msg}
		}
		return out, nil
	case lower.ControlWhile:
		vars := in
		limit := rt.cfg.maxIterations
		var iter int64
		stopped := func(err error) error {
			if ctx.Err() != nil { // cancelled, in this loop or inside its body
				return &opError{op: st.Op, err: err, msg: fmt.Sprintf("stopped after %d iterations: %v", iter, err)}
			}
			return err
		}
		for ; ; iter++ {
			if err := ctx.Err(); err != nil {
				return nil, stopped(err)
			}
			if err := rt.stopped(); err != nil {
				return nil, err
			}
			c, err := call(subs[0], vars)
			if err != nil {
				return nil, stopped(err)
			}
			if !truth(c[0]) {
				return vars, nil
			}
			if limit > 0 && iter >= limit {
				return nil, &opError{op: st.Op, err: ErrLimit, msg: fmt.Sprintf("did not finish within %d iterations (WithMaxIterations)", limit)}
			}
			if vars, err = call(subs[1], vars); err != nil {
				return nil, stopped(err)
			}
		}
	}
	return nil, fmt.Errorf("%w: control step of kind %d", ErrInternal, st.Kind)
}

// opError is a run-time error of a control op: it prints with the op's
// position and matches err.
type opError struct {
	op  *mlir.Op
	err error
	msg string
}

func (e *opError) Error() string { return fmt.Sprintf("%s: '%s' op %s", e.op.Pos, e.op.Name, e.msg) }
func (e *opError) Unwrap() error { return e.err }

// fits checks a value passed into or out of a control op against its
// declared type.
func fits(op *mlir.Op, what string, t mlir.TensorType, v *memref.Tensor) error {
	got := mlir.Ranked(v.DType, v.Shape...)
	ok := v.DType == t.Elem && (!t.Ranked || len(t.Dims) == len(v.Shape))
	for d := 0; ok && t.Ranked && d < len(t.Dims); d++ {
		ok = t.Dims[d] == mlir.Dynamic || t.Dims[d] == v.Shape[d]
	}
	if !ok {
		return &opError{op: op, err: ErrShape, msg: fmt.Sprintf("%s has type %s at run time, which does not fit its declared type %s", what, got, t)}
	}
	return nil
}

// truth is TensorFlow's conversion of a condition tensor to a bool: a
// scalar is itself (i1) or != 0 (NaN is true); any other tensor is true
// when it has elements.
func truth(t *memref.Tensor) bool {
	if len(t.Shape) != 0 {
		return t.Len() > 0
	}
	if t.DType.IsFloat() {
		return t.Float64At(0) != 0
	}
	return t.Bits64At(0) != 0
}
