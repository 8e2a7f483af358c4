package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime/trace"
	"sync"

	"github.com/sandjit/sandjit/lower"
	"github.com/sandjit/sandjit/lower/loopir"
	"github.com/sandjit/sandjit/memref"
	"github.com/sandjit/sandjit/wasmgen"
)

// CompileOption configures one compilation.
type CompileOption func(*compileConfig) error

type compileConfig struct {
	entry    string
	filename string
	limits   lower.ParseLimits
	stages   bool
}

// WithStages keeps the loop IR text after every compiler stage
// (Executable.Kernel().Stages), for dumps and debugging.
func WithStages() CompileOption {
	return func(c *compileConfig) error { c.stages = true; return nil }
}

// WithEntry picks the function to compile (default: the first public one).
func WithEntry(name string) CompileOption {
	return func(c *compileConfig) error { c.entry = name; return nil }
}

// WithFilename names the source in error positions (default "kernel.mlir").
func WithFilename(name string) CompileOption {
	return func(c *compileConfig) error { c.filename = name; return nil }
}

// WithParseLimits bounds the kernel text (size, ops, nesting).
func WithParseLimits(l lower.ParseLimits) CompileOption {
	return func(c *compileConfig) error { c.limits = l; return nil }
}

// JitExecutable is a compiled kernel, ready to run many times from many
// goroutines. It holds the default executable, compiled for the declared
// argument types, and — for kernels with unranked arguments, which have no
// default — executables specialized on the arguments' run-time ranks,
// compiled on first use.
type JitExecutable struct {
	rt  *Runtime
	mod *lower.Module
	fn  *lower.Func
	cfg compileConfig
	exe *Executable // the default executable; nil when arguments are unranked

	mu    sync.Mutex
	specs map[string]*specialization
}

// specialization is one specialized executable, compiled once however many
// callers ask for it at the same time; a failed compile stays an error.
type specialization struct {
	once sync.Once
	exe  *Executable
	err  error
}

// Executable is one compiled form of a kernel: its loop IR, Wasm, and the
// module loaded into the runtime's arena with a pool of workers.
type Executable struct {
	kernel *lower.Kernel
	wasm   *wasmgen.Module
	bin    []byte
	layout *memref.ArgLayout
	mod    moduleBackend

	mu   sync.Mutex
	idle []workerBackend
}

// Compile parses, checks and compiles kernel text. Errors in the kernel are
// a lower.ErrorList (each with file:line:col and the op); they match
// lower.ErrSyntax, lower.ErrInvalid or lower.ErrUnsupported with errors.Is.
func (r *Runtime) Compile(ctx context.Context, src []byte, opts ...CompileOption) (*JitExecutable, error) {
	if err := r.checkOpen(); err != nil {
		return nil, err
	}
	cfg := compileConfig{filename: "kernel.mlir", limits: lower.DefaultParseLimits()}
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	defer trace.StartRegion(ctx, "sandjit.compile").End()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	mod, err := lower.Parse(cfg.filename, src, cfg.limits)
	if err != nil {
		return nil, err
	}
	fn, err := lower.SelectEntry(mod, cfg.entry)
	if err != nil {
		return nil, err
	}
	j := &JitExecutable{rt: r, mod: mod, fn: fn, cfg: cfg, specs: map[string]*specialization{}}
	if lower.NeedsRank(fn) {
		return j, nil
	}
	j.exe, err = r.build(ctx, mod, lower.CompileOptions{Entry: fn.Name, KeepStages: cfg.stages})
	if err != nil {
		return nil, err
	}
	return j, nil
}

// build compiles a kernel and loads it.
func (r *Runtime) build(ctx context.Context, mod *lower.Module, opts lower.CompileOptions) (*Executable, error) {
	k, err := lower.Compile(mod, opts)
	if err != nil {
		return nil, err
	}
	return r.load(ctx, k)
}

// executableFor picks the executable for these inputs: the default one, or
// the specialization on the ranks of the unranked arguments.
func (e *JitExecutable) executableFor(ctx context.Context, inputs []*memref.Tensor) (*Executable, error) {
	if e.exe != nil {
		return e.exe, nil
	}
	if len(inputs) != len(e.fn.Args) {
		return nil, fmt.Errorf("%w: number of operands doesn't match the function signature: %d vs %d", ErrArgument, len(inputs), len(e.fn.Args))
	}
	types := make([]lower.TensorType, len(inputs))
	key := ""
	for i, a := range e.fn.Args {
		types[i] = a.Type
		if a.Type.Ranked {
			continue
		}
		if inputs[i] == nil {
			return nil, fmt.Errorf("%w: operand #%d is nil", ErrArgument, i)
		}
		r := len(inputs[i].Shape)
		if r > memref.MaxRank {
			return nil, fmt.Errorf("%w: operand #%d has rank %d, over the maximum of %d", ErrArgument, i, r, memref.MaxRank)
		}
		dims := make([]int, r)
		for d := range dims {
			dims[d] = lower.Dynamic
		}
		types[i] = lower.Ranked(a.Type.Elem, dims...)
		key += fmt.Sprintf("%d:%d,", i, r)
	}
	e.mu.Lock()
	s, ok := e.specs[key]
	if !ok {
		s = &specialization{}
		e.specs[key] = s
	}
	e.mu.Unlock()
	s.once.Do(func() {
		s.exe, s.err = e.rt.build(ctx, e.mod, lower.CompileOptions{Entry: e.fn.Name, ArgTypes: types, KeepStages: e.cfg.stages})
	})
	return s.exe, s.err
}

// load generates Wasm for a compiled kernel and loads it into the arena.
func (r *Runtime) load(ctx context.Context, k *lower.Kernel) (*Executable, error) {
	m, err := wasmgen.Compile(k.Program)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInternal, err)
	}
	bin, err := m.Encode()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInternal, err)
	}
	ranks := make([]int, len(k.Program.Buffers))
	for i, b := range k.Program.Buffers {
		ranks[i] = b.Rank()
	}
	layout, err := memref.NewArgLayout(len(k.Program.Params), ranks)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInternal, err)
	}
	mb, err := r.arena.be.load(ctx, bin, len(k.Program.Nests))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInternal, err)
	}
	return &Executable{kernel: k, wasm: m, bin: bin, layout: layout, mod: mb}, nil
}

// Default is the default executable, or nil when the kernel has unranked
// arguments (every run then uses a rank specialization).
func (e *JitExecutable) Default() *Executable { return e.exe }

// Func is the entry function's graph.
func (e *JitExecutable) Func() *lower.Func { return e.fn }

// Module is the parsed kernel module.
func (e *JitExecutable) Module() *lower.Module { return e.mod }

// Signature describes the kernel's arguments and results as declared.
func (e *JitExecutable) Signature() (args, results []lower.TensorType) {
	for _, a := range e.fn.Args {
		args = append(args, a.Type)
	}
	return args, e.fn.ResultTypes
}

// ExecutableFor returns the executable that runs these inputs (compiling a
// specialization if needed), without running it.
func (e *JitExecutable) ExecutableFor(ctx context.Context, inputs ...*memref.Tensor) (*Executable, error) {
	return e.executableFor(ctx, inputs)
}

// Kernel is the compiled kernel (its graph and loop IR).
func (x *Executable) Kernel() *lower.Kernel { return x.kernel }

// WAT is the text form of the generated Wasm module.
func (x *Executable) WAT() string { return x.wasm.WAT() }

// Wasm is the generated Wasm binary.
func (x *Executable) Wasm() []byte { return x.bin }

// Run executes the kernel on inputs and returns its results. Inputs are
// not modified; a result that is an input returned as is comes back as the
// same *Tensor, and a value returned twice as one shared *Tensor. Other
// results are new tensors on the Go heap.
func (e *JitExecutable) Run(ctx context.Context, inputs ...*memref.Tensor) ([]*memref.Tensor, error) {
	if err := e.rt.checkOpen(); err != nil {
		return nil, err
	}
	defer trace.StartRegion(ctx, "sandjit.run").End()
	exe, err := e.executableFor(ctx, inputs)
	if err != nil {
		return nil, err
	}
	return exe.run(ctx, e.rt, inputs)
}

// getWorkers takes n workers from the pool, creating what is missing.
func (x *Executable) getWorkers(ctx context.Context, n int) ([]workerBackend, error) {
	x.mu.Lock()
	take := min(n, len(x.idle))
	ws := append([]workerBackend(nil), x.idle[len(x.idle)-take:]...)
	x.idle = x.idle[:len(x.idle)-take]
	x.mu.Unlock()
	for len(ws) < n {
		w, err := x.mod.newWorker(ctx)
		if err != nil {
			x.putWorkers(ws)
			return nil, fmt.Errorf("%w: %v", ErrInternal, err)
		}
		ws = append(ws, w)
	}
	return ws, nil
}

// maxIdleWorkers bounds the workers an executable keeps for reuse.
const maxIdleWorkers = 64

func (x *Executable) putWorkers(ws []workerBackend) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, w := range ws {
		if len(x.idle) < maxIdleWorkers {
			x.idle = append(x.idle, w)
		} else {
			w.close(context.Background())
		}
	}
}

// verifyOperands checks inputs against the signature, with the original
// runtime's wording.
func (x *Executable) verifyOperands(inputs []*memref.Tensor) error {
	args := x.kernel.ArgTypes()
	if len(inputs) != len(args) {
		return fmt.Errorf("%w: number of operands doesn't match the function signature: %d vs %d", ErrArgument, len(inputs), len(args))
	}
	for i, t := range inputs {
		if t == nil {
			return fmt.Errorf("%w: operand #%d is nil", ErrArgument, i)
		}
		if err := t.Validate(); err != nil {
			return fmt.Errorf("%w: operand #%d: %v", ErrArgument, i, err)
		}
		want := args[i]
		got := lower.Ranked(t.DType, t.Shape...)
		if t.DType != want.Elem {
			return fmt.Errorf("%w: operand #%d type is not compatible with the expected element type: %s vs %s (got %s vs expected %s)",
				ErrArgument, i, t.DType, want.Elem, got.Bracket(), want.Bracket())
		}
		if want.Ranked && len(t.Shape) != len(want.Dims) {
			return fmt.Errorf("%w: operand #%d rank does not match expected input rank: %d vs %d (got %s vs expected %s)",
				ErrArgument, i, len(t.Shape), len(want.Dims), got.Bracket(), want.Bracket())
		}
		for d, w := range want.Dims {
			if w != lower.Dynamic && w != t.Shape[d] {
				return fmt.Errorf("%w: operand #%d dimension #%d does not match expected input dimension: %d vs %d (got %s vs expected %s)",
					ErrArgument, i, d, t.Shape[d], w, got.Bracket(), want.Bracket())
			}
		}
	}
	return nil
}

// shapeError turns a run-time shape error into an engine error.
func shapeError(err error) error {
	var le *lower.Error
	if errors.As(err, &le) {
		return fmt.Errorf("%w: %v", ErrShape, err)
	}
	return err
}

// bufferPlan is where one run's buffers live and how big they are.
type bufferPlan struct {
	shape  []int
	off    uint32 // byte address in linear memory
	bytes  int
	copyIn *memref.Tensor // input or constant data to copy in
}

func nestSrc(n *loopir.Nest) string {
	if len(n.Src) == 0 {
		return n.Name
	}
	return n.Src[len(n.Src)-1]
}
