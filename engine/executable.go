package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"sync"
	"sync/atomic"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/memref"
)

// CompileOption configures one compilation.
type CompileOption func(*compileConfig) error

type compileConfig struct {
	entry    string
	filename string
	limits   mlir.ParseLimits
	stages   bool
	mode     Specialization
	listener SpecializationListener
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
func WithParseLimits(l ParseLimits) CompileOption {
	return func(c *compileConfig) error { c.limits = l; return nil }
}

// WithStages keeps the loop IR text after every compiler stage
// (Executable.Kernel().Stages), for dumps and debugging.
func WithStages() CompileOption {
	return func(c *compileConfig) error { c.stages = true; return nil }
}

// Executable is one compiled form of a kernel (the default one, or a
// specialization) loaded into a runtime's arena, with a pool of workers.
// Callers that get one from JitExecutable.Default or ExecutableFor must
// Release it; the runtime may evict it from its cache meanwhile, and it is
// closed only once no caller holds it.
type Executable struct {
	rt     *Runtime
	art    *artifact
	kernel *lower.Kernel
	layout *memref.ArgLayout
	dataAt []int // per buffer, where the argument block holds its data address
	// resultBufs, when every result is an output buffer of its own and
	// every output buffer a result, is each result's buffer: RunInArena
	// then allocates the results and their slice at once (NewTensors).
	resultBufs []int
	// overwritten marks the buffers the kernel stores in full before
	// reading them (loopir.Program.WritesWhole): their arena blocks, when
	// the engine allocates them for a run, need no zeroing first.
	overwritten []bool
	mod         moduleBackend

	// Workers not in use: hot, the one a run on its own takes and puts
	// back with one atomic swap each, and idle, the others.
	hot  atomic.Pointer[pooledWorker]
	mu   sync.Mutex // guards idle
	idle []*pooledWorker
	// state is the count of references (acquire) in its low bits, with
	// xRetired once the cache evicted the executable (acquire fails from
	// then on) and xClosed once closed: one atomic word, so that a run
	// takes and returns its reference without a lock.
	state atomic.Int64

	plans atomic.Pointer[planCache] // plans of recent argument shapes (run.go)
}

const (
	xRetired = 1 << 62
	xClosed  = 1 << 61
	xRefs    = xClosed - 1 // the reference count's bits
)

// acquire takes a reference; it fails once the executable is retired.
func (x *Executable) acquire() bool {
	for {
		s := x.state.Load()
		if s&xRetired != 0 {
			return false
		}
		if x.state.CompareAndSwap(s, s+1) {
			return true
		}
	}
}

// Release returns a reference taken by Default or ExecutableFor (after
// the runtime's Close, which closed the executable, it does nothing).
func (x *Executable) Release() { x.release() }

// release returns a reference (one too many is ignored), closing a
// retired executable with the last.
func (x *Executable) release() {
	for {
		s := x.state.Load()
		if s&xRefs == 0 {
			return
		}
		if x.state.CompareAndSwap(s, s-1) {
			if s-1 == xRetired {
				x.closeOnce()
			}
			return
		}
	}
}

// retire marks the executable evicted: it closes when the last reference
// goes (now, if there is none).
func (x *Executable) retire() {
	if x.state.Or(xRetired)|xRetired == xRetired {
		x.closeOnce()
	}
}

// closeOnce closes a retired executable without references, once.
func (x *Executable) closeOnce() {
	if x.state.CompareAndSwap(xRetired, xRetired|xClosed) {
		x.close()
	}
}

// forceClose closes the executable whatever its references (the runtime
// is being freed, with no call inside): a later release does nothing.
func (x *Executable) forceClose() {
	if x.state.Or(xRetired|xClosed)&xClosed == 0 {
		x.close()
	}
}

func (x *Executable) close() {
	ctx := context.Background()
	x.rt.liveMu.Lock()
	if x.rt.live != nil {
		delete(x.rt.live, x)
	}
	x.rt.liveMu.Unlock()
	x.mu.Lock()
	idle := x.idle
	x.idle = nil
	x.mu.Unlock()
	if w := x.hot.Swap(nil); w != nil {
		idle = append(idle, w)
	}
	for _, w := range idle {
		w.close(ctx)
	}
	x.mod.close(ctx)
}

// Kernel is the compiled kernel (its graph and loop IR).
func (x *Executable) Kernel() *Kernel { return x.kernel }

// WAT is the text form of the generated Wasm module.
func (x *Executable) WAT() string { return x.art.WAT() }

// Wasm is the generated Wasm binary.
func (x *Executable) Wasm() []byte { return x.art.bin }

// pooledWorker is a worker as the pool keeps it: boxed once, when it is
// made, so that the hot slot can hold it by pointer.
type pooledWorker struct{ workerBackend }

// newWorker makes a worker for the pool.
func (x *Executable) newWorker(ctx context.Context) (*pooledWorker, error) {
	w, err := x.mod.newWorker(ctx)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInternal, err)
	}
	return &pooledWorker{w}, nil
}

// getWorkers takes n workers from the pool, creating what is missing.
func (x *Executable) getWorkers(ctx context.Context, n int) ([]*pooledWorker, error) {
	x.mu.Lock()
	take := min(n, len(x.idle))
	ws := append([]*pooledWorker(nil), x.idle[len(x.idle)-take:]...)
	x.idle = x.idle[:len(x.idle)-take]
	x.mu.Unlock()
	for len(ws) < n {
		w, err := x.newWorker(ctx)
		if err != nil {
			x.putWorkers(ws)
			return nil, err
		}
		ws = append(ws, w)
	}
	return ws, nil
}

// getWorker takes one worker from the pool (the hot one if it is there;
// creating one when the pool is empty), allocating nothing in the common
// case.
func (x *Executable) getWorker(ctx context.Context) (*pooledWorker, error) {
	if w := x.hot.Swap(nil); w != nil {
		return w, nil
	}
	x.mu.Lock()
	if n := len(x.idle); n > 0 {
		w := x.idle[n-1]
		x.idle = x.idle[:n-1]
		x.mu.Unlock()
		return w, nil
	}
	x.mu.Unlock()
	return x.newWorker(ctx)
}

// putWorker returns one worker to the pool: to the hot slot if it is
// empty. (The executable cannot close meanwhile: the caller holds a
// reference; close empties the slot.)
func (x *Executable) putWorker(w *pooledWorker) {
	if x.hot.CompareAndSwap(nil, w) {
		return
	}
	x.mu.Lock()
	if len(x.idle) < maxIdleWorkers && x.state.Load()&xRetired == 0 {
		x.idle = append(x.idle, w)
		x.mu.Unlock()
		return
	}
	x.mu.Unlock()
	w.close(context.Background())
}

// maxIdleWorkers bounds the workers an executable keeps for reuse.
const maxIdleWorkers = 64

func (x *Executable) putWorkers(ws []*pooledWorker) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, w := range ws {
		if len(x.idle) < maxIdleWorkers && x.state.Load()&xRetired == 0 {
			x.idle = append(x.idle, w)
		} else {
			w.close(context.Background())
		}
	}
}

// verifyOperands checks inputs against the argument types, with the
// original runtime's wording.
func verifyOperands(args []mlir.TensorType, inputs []*memref.Tensor) error {
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
		got := func() mlir.TensorType { return mlir.Ranked(t.DType, t.Shape...) } // for messages only
		if t.DType != want.Elem {
			return fmt.Errorf("%w: operand #%d type is not compatible with the expected element type: %s vs %s (got %s vs expected %s)",
				ErrArgument, i, t.DType, want.Elem, got().Bracket(), want.Bracket())
		}
		if want.Ranked && len(t.Shape) != len(want.Dims) {
			return fmt.Errorf("%w: operand #%d rank does not match expected input rank: %d vs %d (got %s vs expected %s)",
				ErrArgument, i, len(t.Shape), len(want.Dims), got().Bracket(), want.Bracket())
		}
		for d, w := range want.Dims {
			if w != mlir.Dynamic && w != t.Shape[d] {
				return fmt.Errorf("%w: operand #%d dimension #%d does not match expected input dimension: %d vs %d (got %s vs expected %s)",
					ErrArgument, i, d, t.Shape[d], w, got().Bracket(), want.Bracket())
			}
		}
	}
	return nil
}

// shapeError turns a run-time shape error into an engine error.
func shapeError(err error) error {
	var le *mlir.Error
	if errors.As(err, &le) {
		return fmt.Errorf("%w: %w", ErrShape, err)
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
