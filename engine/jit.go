package engine

import (
	"context"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"io"
	"runtime/trace"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/sandjit/sandjit/cache"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/memref"
)

// Specialization is how a JitExecutable picks executables (the original
// runtime's CompilationOptions::Specialization).
type Specialization uint8

// The modes.
const (
	// SpecializeEnabled compiles an executable specialized on the operands'
	// symbolic shapes (and the values of value-constrained operands) on
	// first sight of them, in the background; until it is ready, runs use
	// the default executable. Without a default (unresolved constraints),
	// the first run waits for its specialization.
	SpecializeEnabled Specialization = iota
	// SpecializeDisabled always runs the default executable; a kernel
	// whose constraints need specialization fails to compile.
	SpecializeDisabled
	// SpecializeAlways always runs the specialized executable, waiting for
	// it to compile (for reproducible benchmarks).
	SpecializeAlways
)

var specializationNames = [...]string{SpecializeEnabled: "enabled", SpecializeDisabled: "disabled", SpecializeAlways: "always"}

func (s Specialization) String() string { return specializationNames[s] }

// ParseSpecialization parses "enabled", "disabled" or "always".
func ParseSpecialization(s string) (Specialization, error) {
	for i, n := range specializationNames {
		if n == s {
			return Specialization(i), nil
		}
	}
	return 0, fmt.Errorf("specialization must be enabled, disabled or always, got %q", s)
}

// WithSpecialization sets the specialization mode (default Enabled).
func WithSpecialization(s Specialization) CompileOption {
	return func(c *compileConfig) error {
		if s > SpecializeAlways {
			return fmt.Errorf("invalid specialization mode %d", s)
		}
		c.mode = s
		return nil
	}
}

// SpecializationListener is told about every specialization as it is
// compiled (the original runtime's debug listener).
type SpecializationListener interface {
	// ModuleSpecialized reports the argument types a specialization is
	// compiled for, with the symbolic shapes of its dynamic dims.
	ModuleSpecialized(args []TensorType, shapes SymbolicShapes)
	// ValueSpecialized reports an argument whose contents became a constant.
	ValueSpecialized(arg int, value *DenseAttr)
}

// WithSpecializationListener installs a listener.
func WithSpecializationListener(l SpecializationListener) CompileOption {
	return func(c *compileConfig) error { c.listener = l; return nil }
}

// DebugListener prints specializations to w in the original runtime's
// words:
//
//	Specialized module: tensor<?x?xf32>, tensor<2xi32>
//	Arg[1] value specialized: dense<[1, 0]> : tensor<2xi32>
func DebugListener(w io.Writer) SpecializationListener { return &debugListener{w: w} }

type debugListener struct {
	mu sync.Mutex
	w  io.Writer
}

func (d *debugListener) ModuleSpecialized(args []TensorType, _ SymbolicShapes) {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	fmt.Fprintf(d.w, "Specialized module: %s\n", strings.Join(parts, ", "))
}

func (d *debugListener) ValueSpecialized(arg int, v *DenseAttr) {
	d.mu.Lock()
	defer d.mu.Unlock()
	fmt.Fprintf(d.w, "Arg[%d] value specialized: %s\n", arg, v)
}

// JitExecutable is a compiled kernel, ready to run many times from many
// goroutines: the default executable, compiled for the declared argument
// types, and the executables specialized on operands' symbolic shapes and
// values, compiled on first use (the semantics of TensorFlow's jitrt).
type JitExecutable struct {
	rt       *Runtime
	key      cache.Key // kernelKey
	mod      *mlir.Module
	fn       *mlir.Func
	cfg      compileConfig
	cons     []lower.Constraint
	resolver *lower.Resolver
	mode     Specialization // cfg.mode, or Disabled when nothing can be learnt
	hasValue bool
	// perLen are the arguments that size results and compile per shape
	// (lower.OperandConstraints): their dims are bounded before a compile.
	perLen []int
	// defKey is the default executable's artifact key; defErr is why there
	// is none ("default executable is not available").
	defKey cache.Key
	defErr error
	// def is the default executable as last looked up, so that a run
	// takes a reference to it without a cache lookup (hashing its key,
	// locking the cache); defRuns counts those, and every defTouch-th
	// run looks it up in the cache anyway, to keep its place in the
	// cache's LRU order. An evicted def fails acquire and is looked up
	// again. The pointer is weak: the cache owns executables, and one it
	// evicted must not stay in memory because an idle kernel once ran it
	// (the cache's byte bound would mean nothing).
	def     atomic.Pointer[weak.Pointer[Executable]]
	defRuns atomic.Uint32
	// specs are the ready specializations last run and the inputs they
	// ran (spechits.go): a run on inputs like those skips the full lookup.
	specs    atomic.Pointer[specHits]
	specRuns atomic.Uint32

	mu      sync.Mutex
	pending map[cache.Key]bool // specializations compiling in the background
	wg      sync.WaitGroup

	// flow runs a kernel with control flow (see flow.go); parts are the
	// JitExecutables of its segments, which do the compiling.
	flow  *flowExec
	parts []*JitExecutable
}

// ErrControlFlow is matched by the error of Default and ExecutableFor for a
// kernel with control flow: the host runs it as several executables (see
// Parts); use Run.
var ErrControlFlow = fmt.Errorf("%w: the kernel has control flow, which runs as several executables (use Run, or Parts)", ErrArgument)

// Default returns the default executable, or an error saying why there is
// none. Release it with (*Executable).Release when done.
func (e *JitExecutable) Default(ctx context.Context) (*Executable, error) {
	if e.defErr != nil {
		return nil, e.defErr
	}
	if err := e.rt.enter(); err != nil {
		return nil, err
	}
	defer e.rt.leave()
	return e.defaultExe(ctx)
}

// defaultExe is Default for a caller inside the runtime's gate (a run's
// path enters it once).
func (e *JitExecutable) defaultExe(ctx context.Context) (*Executable, error) {
	if e.defErr != nil {
		return nil, e.defErr
	}
	if w := e.def.Load(); w != nil && e.defRuns.Add(1)%defTouch != 0 {
		if x := w.Value(); x != nil && x.acquire() {
			return x, nil
		}
	}
	x, err := e.rt.executable(ctx, e.defKey, e.lowerDefault)
	if err == nil {
		if w, old := weak.Make(x), e.def.Load(); old == nil || *old != w {
			e.def.Store(&w)
		}
	}
	return x, err
}

// defTouch is how often (in runs) Default looks its executable up in the
// runtime's cache although it holds it, so that a kernel in use stays
// recently used there.
const defTouch = 64

// Func is the entry function's graph.
func (e *JitExecutable) Func() *Func { return e.fn }

// Module is the parsed kernel module.
func (e *JitExecutable) Module() *Module { return e.mod }

// Key is the kernel's content address (see kernelKey).
func (e *JitExecutable) Key() cache.Key { return e.key }

// Mode is the specialization mode in effect (Disabled when every operand
// is static and unconstrained, whatever was asked).
func (e *JitExecutable) Mode() Specialization { return e.mode }

// Constraints are the arguments' resolved operand constraints.
func (e *JitExecutable) Constraints() []Constraint { return e.cons }

// Signature describes the kernel's arguments and results as declared.
func (e *JitExecutable) Signature() (args, results []TensorType) {
	for _, a := range e.fn.Args {
		args = append(args, a.Type)
	}
	return args, e.fn.ResultTypes
}

// WaitForCompilations waits until no specialization compiles in the
// background (the original AllExecutablesCompiled).
func (e *JitExecutable) WaitForCompilations(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		e.wg.Wait()
		for _, p := range e.parts {
			p.wg.Wait()
		}
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Run executes the kernel on inputs and returns its results. Inputs are
// not modified; a result that is an input returned as is (directly or
// through identities and their kin) comes back as the same *Tensor, and a
// value returned twice as one shared *Tensor. Other results, a reshaped
// input's too, are new tensors on the Go heap.
func (e *JitExecutable) Run(ctx context.Context, inputs ...*memref.Tensor) ([]*memref.Tensor, error) {
	if err := e.rt.enter(); err != nil {
		return nil, err
	}
	defer e.rt.leave()
	defer trace.StartRegion(ctx, "sandjit.run").End()
	return e.runChecked(ctx, inputs, &resultSink{kind: toHeap})
}

// runChecked is Run, RunInArena or RunInto (by where sink puts the
// results) without the runtime check and trace region (a flow's segments
// run through it).
func (e *JitExecutable) runChecked(ctx context.Context, inputs []*memref.Tensor, sink *resultSink) ([]*memref.Tensor, error) {
	if e.flow != nil {
		if err := verifyOperands(e.declared(), inputs); err != nil {
			return nil, err
		}
		e.rt.runs.Add(1)
		outs, err := e.flow.run(ctx, e.rt, inputs)
		if err != nil {
			return nil, err
		}
		return sink.fromFlow(e.rt, outs, inputs)
	}
	x, err := e.executableFor(ctx, inputs)
	if err != nil {
		return nil, err
	}
	defer x.release()
	e.rt.runs.Add(1)
	return x.run(ctx, e.rt, inputs, sink)
}

// RunInto runs the kernel with its results written into dst, tensors the
// caller provides: one per result, each of the result's dtype and shape
// for these inputs, contiguous, sharing no memory with an input or with
// another. A dst tensor in this runtime's arena (Runtime.NewTensor) is
// written by the kernel in place; any other is filled by a copy, as is
// every dst whose result forwards an argument or a constant or repeats an
// earlier result. With
// inputs and results in the arena, a run of a shape seen before allocates
// nothing (pooled argument blocks, no result tensors to make): the
// steady-state path for tiny kernels. A mismatched dst is ErrArgument; on
// any error dst's contents are unspecified. Like an input, a dst tensor
// must not be used by anything else while the run lasts.
func (e *JitExecutable) RunInto(ctx context.Context, dst []*memref.Tensor, inputs ...*memref.Tensor) error {
	if err := e.rt.enter(); err != nil {
		return err
	}
	defer e.rt.leave()
	defer trace.StartRegion(ctx, "sandjit.run").End()
	_, err := e.runChecked(ctx, inputs, &resultSink{kind: toDst, dst: dst})
	return err
}

// RunInArena is Run with every result a new tensor in the runtime's arena,
// which the caller owns and frees with Runtime.FreeTensor, once each: the
// kernel writes its outputs in place, so nothing is copied out. No result
// shares memory with another or with an input: a value returned twice, an
// argument and a constant returned as they are get copies. With inputs in the
// arena too (Runtime.NewTensor), a run copies nothing. FreeTensor gives a
// result's memory back without clearing it: the arena zeroes it before
// anyone else can read it.
func (e *JitExecutable) RunInArena(ctx context.Context, inputs ...*memref.Tensor) ([]*memref.Tensor, error) {
	if err := e.rt.enter(); err != nil {
		return nil, err
	}
	defer e.rt.leave()
	defer trace.StartRegion(ctx, "sandjit.run").End()
	return e.runChecked(ctx, inputs, &resultSink{kind: toArena})
}

// Parts are the JitExecutables a kernel with control flow runs: one per
// straight-line segment of each function and region it runs, in the order
// they were built. A kernel without control flow has none.
func (e *JitExecutable) Parts() []*JitExecutable { return e.parts }

// ExecutableFor picks the executable that runs these inputs (§2): the
// default one, or the specialization on their symbolic shapes and values
// — compiling it now (Always, or no default) or in the background
// (Enabled, running the default meanwhile). Release it when done.
func (e *JitExecutable) ExecutableFor(ctx context.Context, inputs ...*memref.Tensor) (*Executable, error) {
	if e.flow != nil {
		return nil, ErrControlFlow
	}
	if err := e.rt.enter(); err != nil {
		return nil, err
	}
	defer e.rt.leave()
	return e.executableFor(ctx, inputs)
}

// executableFor is ExecutableFor for a caller inside the runtime's gate,
// on a kernel without control flow.
func (e *JitExecutable) executableFor(ctx context.Context, inputs []*memref.Tensor) (*Executable, error) {
	if e.mode == SpecializeDisabled {
		return e.defaultExe(ctx)
	}
	if x := e.knownSpec(inputs); x != nil {
		return x, nil
	}
	shapes := make([][]int, len(inputs))
	for i, t := range inputs {
		if t == nil {
			return nil, fmt.Errorf("%w: operand #%d is nil", ErrArgument, i)
		}
		shapes[i] = t.Shape
	}
	for _, i := range e.perLen {
		for _, d := range shapes[i] {
			if d > lower.MaxSizeArgLen {
				return nil, fmt.Errorf("%w: %w: operand #%d %s sizes a result and is compiled per shape: its dims may be at most %d",
					ErrShape, mlir.ErrInvalid, i, memref.TypeString(inputs[i].DType, shapes[i]), lower.MaxSizeArgLen)
			}
		}
	}
	sym, err := e.resolver.Resolve(shapes)
	if err != nil {
		// Verify every operand against the signature for a precise error.
		if verr := verifyOperands(e.declared(), inputs); verr != nil {
			return nil, verr
		}
		return nil, fmt.Errorf("%w: %v", ErrArgument, err)
	}
	var values []*memref.Tensor
	if e.hasValue {
		values = make([]*memref.Tensor, len(inputs))
		for i, c := range e.cons {
			if c != lower.ConstraintValue {
				continue
			}
			if err := verifyOperands(e.declared()[i:i+1], inputs[i:i+1]); err != nil {
				return nil, fmt.Errorf("%w (operand #%d)", err, i)
			}
			values[i] = inputs[i].Contiguous()
		}
	}
	key := specKey(e.key, sym, values)
	compile := func(ctx context.Context) (*lower.Kernel, error) { return e.specialize(ctx, sym, values) }
	if e.mode == SpecializeAlways || e.defErr != nil {
		x, err := e.rt.executable(ctx, key, compile)
		if err == nil {
			e.rememberSpec(x, inputs, values)
		}
		return x, err
	}
	// Enabled with a default: the specialization if it is ready (or
	// failed: no fallback after a failed specialization), else compile it
	// in the background and run the default.
	if x, err, ok := e.rt.loadedExecutable(key); ok {
		if err == nil {
			e.rememberSpec(x, inputs, values)
		}
		return x, err
	}
	e.mu.Lock()
	// The background compile holds the runtime open (Close waits for it
	// and cancels its context, the runtime's lifetime, not the caller's).
	if !e.pending[key] && e.rt.life.enter() {
		e.pending[key] = true
		e.wg.Add(1)
		go func() {
			defer e.rt.leave()
			defer e.wg.Done()
			if x, err := e.rt.executable(e.rt.life.ctx, key, compile); err == nil {
				x.release()
			}
			e.mu.Lock()
			delete(e.pending, key)
			e.mu.Unlock()
		}()
	}
	e.mu.Unlock()
	return e.defaultExe(ctx)
}

// declared is the argument types as declared.
func (e *JitExecutable) declared() []mlir.TensorType {
	args, _ := e.Signature()
	return args
}
