package engine

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/sandjit/sandjit/memref"
)

// Runtime compiles and runs kernels. It owns one arena (a Wasm linear
// memory that every run's tensors live in) and the compiled modules loaded
// against it. It is safe for concurrent use: many goroutines may compile
// and run at once.
type Runtime struct {
	cfg     config
	backend backend
	arena   *arena

	mu     sync.Mutex
	closed bool
}

// config is the immutable configuration of a Runtime.
type config struct {
	workers    int
	arenaBytes uint64
	arenaLimit int64
}

// Option configures a Runtime.
type Option func(*config) error

// WithWorkers sets how many workers (goroutines, each with its own Wasm
// instance) one run may use for big nests. The default is GOMAXPROCS; 1
// runs everything on the caller's goroutine.
func WithWorkers(n int) Option {
	return func(c *config) error {
		if n < 1 || n > 1024 {
			return fmt.Errorf("workers must be in [1, 1024], got %d", n)
		}
		c.workers = n
		return nil
	}
}

// WithArenaSize sets the size of the arena's linear memory in bytes (at
// most 4 GiB, the wasm32 limit). Memory is reserved, not committed: pages
// cost RAM only once tensors touch them. The default is 1 GiB.
func WithArenaSize(bytes int64) Option {
	return func(c *config) error {
		if bytes < wasmPage || bytes > 1<<32 {
			return fmt.Errorf("arena size must be in [64 KiB, 4 GiB], got %d", bytes)
		}
		c.arenaBytes = uint64(bytes)
		return nil
	}
}

// WithMemoryLimit bounds the bytes the arena hands out at once (tensors,
// temporaries and argument blocks of all concurrent runs). A run that
// would exceed it fails with an error wrapping ErrArenaFull.
func WithMemoryLimit(bytes int64) Option {
	return func(c *config) error {
		if bytes < 1 {
			return fmt.Errorf("memory limit must be positive, got %d", bytes)
		}
		c.arenaLimit = bytes
		return nil
	}
}

// New creates a Runtime with the wazero backend.
func New(ctx context.Context, opts ...Option) (*Runtime, error) {
	cfg := config{workers: runtime.GOMAXPROCS(0), arenaBytes: 1 << 30}
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, fmt.Errorf("engine.New: %w", err)
		}
	}
	b := newWazeroBackend(nil)
	a, err := newArena(ctx, b, cfg.arenaBytes, cfg.arenaLimit)
	if err != nil {
		b.close(ctx)
		return nil, fmt.Errorf("engine.New: %w", err)
	}
	return &Runtime{cfg: cfg, backend: b, arena: a}, nil
}

// Close releases the arena and every compiled module. Runs still in flight
// must finish first; later calls fail with ErrClosed.
func (r *Runtime) Close(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	err := r.arena.close(ctx)
	if berr := r.backend.close(ctx); err == nil {
		err = berr
	}
	return err
}

func (r *Runtime) checkOpen() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return ErrClosed
	}
	return nil
}

// NewTensor allocates a zeroed tensor inside the arena. Passing it to Run
// avoids copying it in; free it with FreeTensor when done.
func (r *Runtime) NewTensor(dt memref.DType, shape []int) (*memref.Tensor, error) {
	if err := r.checkOpen(); err != nil {
		return nil, err
	}
	return r.arena.alloc.NewTensor(dt, shape)
}

// FreeTensor returns an arena tensor's memory (zeroed) to the arena.
func (r *Runtime) FreeTensor(t *memref.Tensor) error { return r.arena.alloc.FreeTensor(t) }

// ArenaStats reports the arena's use.
func (r *Runtime) ArenaStats() memref.ArenaStats { return r.arena.alloc.Stats() }

// zeroer is an arena backend that can zero memory cheaply (by giving pages
// back to the OS) and whose fresh memory reads as zero.
type zeroer interface {
	zero(b []byte)
}

// arena is one linear memory and its allocator.
type arena struct {
	be    arenaBackend
	alloc *memref.Arena
}

func newArena(ctx context.Context, b backend, bytes uint64, limit int64) (*arena, error) {
	be, err := b.newArena(ctx, bytes)
	if err != nil {
		return nil, err
	}
	mem := be.mem()
	lo, hi := uint32(memref.ArenaAlign), uint32(uint64(len(mem))-1)&^(memref.ArenaAlign-1)
	if limit <= 0 || limit > int64(hi-lo) {
		limit = int64(hi - lo)
	}
	alloc, err := memref.NewArena(mem, lo, hi, limit)
	if err != nil {
		be.close(ctx)
		return nil, err
	}
	if z, ok := be.(zeroer); ok {
		alloc.SetZeroFunc(z.zero, true)
	}
	return &arena{be: be, alloc: alloc}, nil
}

func (a *arena) close(ctx context.Context) error { return a.be.close(ctx) }
