package lower

import (
	"context"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/shape"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// ErrInternal is matched by errors that report a compiler bug (a broken
// invariant caught at a stage boundary) rather than a problem with the
// kernel.
var ErrInternal = errors.New("internal compiler error")

// Kernel is a compiled kernel: the verified entry function, its loop IR
// after every pass, and what the host needs to run it (result sources and
// the shape function).
type Kernel struct {
	Module  *mlir.Module
	Func    *mlir.Func
	Program *loopir.Program
	Results []ResultSource
	// Stages holds the loop IR text after lowering and after each pass, by
	// stage name, when CompileOptions.KeepStages is set.
	Stages []Stage

	c      *checked
	values []*mlir.Value // by id
	// params are the host-side expressions of the program's Params (by
	// Param.Expr); bufShapes the shapes of buffers whose shape is not a
	// value's (views that split dims, say).
	params    []func(*HostState) int
	bufShapes map[*loopir.Buffer]func(*HostState) []int
	faults    []faultInfo

	argTypesOnce sync.Once
	argTypes     []mlir.TensorType
}

// Stage is the loop IR text after one compilation stage.
type Stage struct {
	Name, Text string
}

// ResultSource says where result i of the kernel comes from: the bytes of
// an output buffer, an argument or a constant (results forward their
// operands; see forward.go).
type ResultSource struct {
	Buf   int            // the Output buffer holding it, or -1
	Arg   int            // the argument returned as is, or -1
	Const *memref.Tensor // a constant returned as is, or nil
	// Shape, when not -1, is the value whose run-time shape the result
	// has (HostState.Shapes): a returned view (a reshape, say) is
	// its source's bytes in another shape. Otherwise the result has its
	// source's shape.
	Shape int
}

// CompileOptions configure Compile.
type CompileOptions struct {
	Entry      string // function to compile; "" picks the first non-private one
	KeepStages bool   // record the loop IR text after every stage
	Verify     bool   // run the loop IR verifier after every pass (tests set it)
	// ArgTypes, when set, specialize the argument types (one per argument,
	// each ranked and compatible with the declared type).
	ArgTypes []mlir.TensorType
	// ArgSyms, when set, give each dynamic dim of ArgTypes a symbolic id
	// (≤ -2; see SymbolicShapes): dims with equal ids are equal at run
	// time, which removes broadcast checks between them.
	ArgSyms SymbolicShapes
	// ArgValues, when set, hold the contents of value-specialized
	// arguments (nil for the others): they become constants of the kernel.
	ArgValues []*memref.Tensor
	// MaxLoopInstrs bounds the loop IR's size, its instructions in all
	// nests, after lowering and after every pass (fusion may duplicate
	// cheap producers): over it, Compile fails with a *LimitError naming
	// max_loop_instructions. 0 means DefaultMaxLoopInstrs.
	MaxLoopInstrs int
	// MaxRank and MaxElements bound every value's type as checking
	// computes it (a fill or a reshape whose shape comes from a
	// value-specialized argument): a rank over MaxRank (0: the ABI's
	// memref.MaxRank) or a static element count over MaxElements (0: no
	// bound but memref's) fails with a *LimitError naming max_rank or
	// max_elements.
	MaxRank     int
	MaxElements int64
}

// DefaultMaxLoopInstrs is CompileOptions.MaxLoopInstrs's default: far
// above any kernel within the default parse limits (a fused op is a few
// instructions), some tens of MB of loop IR.
const DefaultMaxLoopInstrs = 1 << 18

// SelectEntry finds the entry function: the named one, or the first that is
// not private.
func SelectEntry(m *mlir.Module, name string) (*mlir.Func, error) {
	if name != "" {
		if f := m.Lookup(name); f != nil {
			return f, nil
		}
		var names []string
		for _, f := range m.Funcs {
			names = append(names, "@"+f.Name)
		}
		return nil, fmt.Errorf("%w: %s: no function @%s (have %s)", mlir.ErrInvalid, m.File, name, strings.Join(names, ", "))
	}
	for _, f := range m.Funcs {
		if f.Visibility != "private" {
			return f, nil
		}
	}
	return nil, fmt.Errorf("%w: %s: no public function to run", mlir.ErrInvalid, m.File)
}

// Compile checks the entry function of m and lowers it to the loop IR,
// running the fusion passes. Errors are an ErrorList with positions for
// problems in the kernel, or wrap ErrInternal for compiler bugs.
func Compile(m *mlir.Module, opts CompileOptions) (k *Kernel, err error) {
	return CompileContext(context.Background(), m, opts)
}

// CompileContext is Compile under ctx: it looks at ctx between its phases
// (check, lowering, every pass) and every few ops while lowering, and
// returns ctx's error once ctx is done.
func CompileContext(ctx context.Context, m *mlir.Module, opts CompileOptions) (k *Kernel, err error) {
	defer func() {
		if r := recover(); r != nil {
			k, err = nil, fmt.Errorf("%w while compiling %s: %v\n%s", ErrInternal, m.File, r, debug.Stack())
		}
	}()
	fn, err := SelectEntry(m, opts.Entry)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c, err := check(fn, opts.ArgTypes, specialization{syms: opts.ArgSyms, values: opts.ArgValues})
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := c.checkShapeLimits(opts.MaxRank, opts.MaxElements); err != nil {
		return nil, err
	}
	b := &builder{ctx: ctx, c: c, prog: &loopir.Program{Name: fn.Name}, buf: map[int]int{}, params: map[string]int{},
		alias: map[int]*mlir.Value{}, results: map[int]bool{}, splat: map[int]*mlir.DenseAttr{},
		bufShapes: map[*loopir.Buffer]func(*HostState) []int{}, views: map[[2]int]int{}, elems: map[int]int{}}
	if err := b.build(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w: %v", ErrInternal, err)
	}
	k = &Kernel{Module: m, Func: fn, Program: b.prog, c: c, params: b.paramFns, bufShapes: b.bufShapes, faults: b.faults}
	k.values = make([]*mlir.Value, fn.NumValues)
	for _, a := range fn.Args {
		k.values[a.ID] = a
	}
	for _, op := range fn.Ops {
		for _, r := range op.Results {
			k.values[r.ID] = r
		}
	}
	maxInstrs := opts.MaxLoopInstrs
	if maxInstrs <= 0 {
		maxInstrs = DefaultMaxLoopInstrs
	}
	stage := func(name string) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if n := k.Program.Instructions(); n > maxInstrs {
			return &mlir.LimitError{Limit: "max_loop_instructions", What: "the loop IR (instructions) after " + name, Got: int64(n), Max: int64(maxInstrs)}
		}
		if opts.KeepStages {
			k.Stages = append(k.Stages, Stage{name, k.Program.String()})
		}
		if opts.Verify {
			if err := k.Program.Verify(); err != nil {
				return fmt.Errorf("%w: loop IR invalid after %s: %v\n%s", ErrInternal, name, err, k.Program)
			}
		}
		return nil
	}
	if err := stage("lower"); err != nil {
		return nil, err
	}
	for _, p := range loopir.Passes {
		p.Run(k.Program)
		if err := stage(p.Name); err != nil {
			return nil, err
		}
	}
	// Result sources, after the passes renumbered buffers.
	bufOfValue := map[int]int{}
	for _, buf := range k.Program.Buffers {
		if buf.Kind == loopir.Output || buf.Kind == loopir.Const {
			bufOfValue[buf.Value] = buf.ID
		}
	}
	for _, v := range fn.Return.Operands {
		v, shape := b.forwarded(v)
		rs := ResultSource{Buf: -1, Arg: -1, Shape: -1}
		if shape != nil {
			rs.Shape = shape.ID
		}
		switch {
		case v.Def == nil:
			rs.Arg = v.Index
		case c.consts[v.ID] != nil && !c.consts[v.ID].Splat:
			rs.Const = c.consts[v.ID].Value
		default:
			id, ok := bufOfValue[v.ID]
			if !ok || k.Program.Buffers[id].Kind != loopir.Output {
				return nil, fmt.Errorf("%w: result %s has no output buffer", ErrInternal, v)
			}
			rs.Buf = id
		}
		k.Results = append(k.Results, rs)
	}
	return k, nil
}

// ArgTypes are the argument types the kernel was compiled for: the
// declared ones, refined by a specialization. The slice is the kernel's
// own: do not modify it.
func (k *Kernel) ArgTypes() []mlir.TensorType {
	k.argTypesOnce.Do(func() {
		k.argTypes = make([]mlir.TensorType, len(k.Func.Args))
		for i, a := range k.Func.Args {
			k.argTypes[i] = k.c.types[a.ID]
		}
	})
	return k.argTypes
}

// NeedsRank reports whether fn has unranked arguments, which only a
// specialization on their run-time ranks can compile.
func NeedsRank(fn *mlir.Func) bool {
	for _, a := range fn.Args {
		if !a.Type.Ranked {
			return true
		}
	}
	return false
}

// ResultTypes are the entry function's declared result types.
func (k *Kernel) ResultTypes() []mlir.TensorType { return k.Func.ResultTypes }

// Host computes what the host knows of a run before it starts: the
// concrete shape of every value (by id) from the arguments' shapes, by each
// op's shape function, checked against the op's declared type; and the
// host values (shapes of values, integer ops on them) that shape functions
// and host buffers need. Nothing here allocates tensors. Errors name the
// op and its position.
func (k *Kernel) Host(args [][]int) (*HostState, error) { return k.HostWith(args, nil) }

// ReadArgs lists the arguments whose contents the host reads before each
// run (shape operands, Range bounds: see SizeArgs), in order. Their values
// size results but are not compiled in: HostWith takes them.
func (k *Kernel) ReadArgs() []int { return k.c.readArgs }

// HostWith is Host for a kernel with ReadArgs: argVals holds, by argument
// index, the contents of each (as int64s, row-major; nil for the others).
// A value's length must match its argument's shape.
func (k *Kernel) HostWith(args [][]int, argVals [][]int64) (*HostState, error) {
	fn := k.Func
	if len(args) != len(fn.Args) {
		return nil, fmt.Errorf("%w: %d arguments for %d parameters", mlir.ErrInvalid, len(args), len(fn.Args))
	}
	hs := &HostState{Shapes: make([][]int, fn.NumValues), Values: make([][]int64, fn.NumValues)}
	for i, a := range fn.Args {
		hs.Shapes[a.ID] = args[i]
		hs.Values[a.ID] = k.c.vals[a.ID]
	}
	for _, i := range k.c.readArgs {
		var v []int64
		if i < len(argVals) {
			v = argVals[i]
		}
		n, err := memref.NumElements(args[i])
		if err != nil || n != len(v) || n > MaxHostArgElements {
			return nil, fmt.Errorf("%w: argument #%d of shape %s: %d values read for it (at most %d)", mlir.ErrInvalid, i, shape.List(args[i]), len(v), MaxHostArgElements)
		}
		hs.Values[fn.Args[i].ID] = v
	}
	in := make([][]int, 0, 4)
	vals := make([][]int64, 0, 4)
	for _, op := range fn.Ops {
		f := k.c.facts[op]
		if f.def.forward {
			if err := k.hostForward(op, hs); err != nil {
				return nil, err
			}
			continue
		}
		in, vals = in[:0], vals[:0]
		for _, v := range op.Operands {
			in = append(in, hs.Shapes[v.ID])
			vals = append(vals, hs.Values[v.ID])
		}
		out, msg := f.dims(op, in, vals)
		if msg != "" {
			return nil, &mlir.Error{Pos: op.Pos, Op: op.Name, Msg: msg, Kind: mlir.ErrInvalid}
		}
		res := op.Results[0]
		t := k.c.types[res.ID]
		if len(t.Dims) != len(out) {
			msg := fmt.Sprintf("result has shape %s at run time, but the kernel was compiled for %s", shape.List(out), t)
			if scalarOnIncompatible(op, f.def) {
				msg = fmt.Sprintf("operand shapes %s are incompatible: with incompatible_shape_error = false the result is a scalar, but the kernel was compiled for %s (give the arguments static shapes or a \"shape\" constraint)", shape.ListAll(in), t)
			}
			return nil, &mlir.Error{Pos: op.Pos, Op: op.Name, Kind: mlir.ErrInvalid, Msg: msg}
		}
		if len(t.Dims) == len(out) {
			for i, d := range t.Dims {
				if d != mlir.Dynamic && d != out[i] {
					return nil, &mlir.Error{Pos: op.Pos, Op: op.Name, Kind: mlir.ErrInvalid,
						Msg: fmt.Sprintf("result has shape %s at run time, which does not match its type %s", shape.List(out), t)}
				}
			}
		}
		if _, err := memref.NumElements(out); err != nil {
			return nil, &mlir.Error{Pos: op.Pos, Op: op.Name, Kind: mlir.ErrInvalid, Msg: fmt.Sprintf("result shape %s: %v", shape.List(out), err)}
		}
		hs.Shapes[res.ID] = out
		if f.def.results > 1 || f.def.counted {
			for i, d := range f.def.more(op, f, in) {
				if d == nil {
					d = out
				}
				hs.Shapes[op.Results[i+1].ID] = d
			}
		}
		switch {
		case k.c.vals[res.ID] != nil:
			hs.Values[res.ID] = k.c.vals[res.ID]
		case k.c.hostRT[res.ID]:
			v, ok := hostEval(op, f, vals, in, out, t.Elem)
			if !ok && !k.c.need[res.ID] {
				break // computed in the kernel; nothing sizes a result with it
			}
			if !ok {
				return nil, &mlir.Error{Pos: op.Pos, Op: op.Name, Kind: mlir.ErrInvalid,
					Msg: fmt.Sprintf("cannot compute its value %s before the run (too large or out of range)", shape.List(out))}
			}
			hs.Values[res.ID] = v
		}
	}
	for i, v := range fn.Return.Operands {
		t := fn.ResultTypes[i]
		s := hs.Shapes[v.ID]
		if !t.Ranked {
			continue
		}
		for a, d := range t.Dims {
			if d != mlir.Dynamic && d != s[a] {
				return nil, &mlir.Error{Pos: fn.Return.Pos, Op: "func.return", Kind: mlir.ErrInvalid,
					Msg: fmt.Sprintf("result #%d has shape %s at run time, which does not match the function's result type %s", i, shape.List(s), t)}
			}
		}
	}
	return hs, nil
}

// BufferShape returns the run-time shape of buffer buf.
func (k *Kernel) BufferShape(hs *HostState, buf *loopir.Buffer) []int {
	if buf.Derived != nil { // made by a pass, shaped by the run's sizes
		return buf.DerivedShape(func(s loopir.Size) int {
			switch s.Kind {
			case loopir.SizeDim:
				return k.BufferShape(hs, k.Program.Buffers[s.Buf])[s.Axis]
			case loopir.SizeParam:
				return k.ParamValue(hs, k.Program.Params[s.N])
			}
			return s.N
		})
	}
	return bufferShape(k.bufShapes, hs, buf)
}

// bufferShape is buffer buf's run-time shape, given the shapes of the
// buffers whose shape is not a value's (a buffer with a Derived shape,
// which the passes make after lowering, needs the kernel: BufferShape).
func bufferShape(bufShapes map[*loopir.Buffer]func(*HostState) []int, hs *HostState, buf *loopir.Buffer) []int {
	if f, ok := bufShapes[buf]; ok {
		return f(hs)
	}
	if buf.Value == loopir.NoValue { // made by a pass: static dims
		return slices.Clone(buf.Dims)
	}
	s := hs.Shapes[buf.Value]
	if len(buf.Ones) == 0 {
		return s
	}
	out := append([]int(nil), s...)
	for _, a := range buf.Ones {
		out[a] = 1
	}
	return out
}

// ParamValue computes parameter p.
func (k *Kernel) ParamValue(hs *HostState, p loopir.Param) int { return k.params[p.Expr](hs) }

// HostData is the contents of a Host buffer for this run.
func (k *Kernel) HostData(hs *HostState, buf *loopir.Buffer) *memref.Tensor {
	return shape.IntTensor(buf.DType, hs.Shapes[buf.Value], hs.Values[buf.Value])
}

// Value returns the value with the given id.
func (k *Kernel) Value(id int) *mlir.Value { return k.values[id] }

// checkShapeLimits holds the type of every argument and op result, as
// checking computed them, to a rank (0: the ABI's limit) and an element
// count (0: none).
func (c *checked) checkShapeLimits(maxRank int, maxElements int64) error {
	if maxRank <= 0 || maxRank > memref.MaxRank {
		maxRank = memref.MaxRank
	}
	limit := func(v *mlir.Value, what string) error {
		return shape.CheckLimits(c.types[v.ID], fmt.Sprint(v.Pos), what, maxRank, maxElements)
	}
	for i, a := range c.fn.Args {
		if err := limit(a, fmt.Sprintf("argument #%d", i)); err != nil {
			return err
		}
	}
	for _, op := range c.fn.Ops {
		for _, r := range op.Results {
			if err := limit(r, fmt.Sprintf("'%s' result", op.Name)); err != nil {
				return err
			}
		}
	}
	return nil
}
