package engine

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sandjit/sandjit/cache"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/internal/wasmgen"
	"github.com/sandjit/sandjit/memref"
)

// Runtime compiles and runs kernels. It owns one arena (a Wasm linear
// memory that every run's tensors live in) and the compiled modules loaded
// against it. It is safe for concurrent use: many goroutines may compile
// and run at once.
type Runtime struct {
	cfg      config
	backend  backend
	arena    *arena
	shared   *Cache
	ownCache bool
	jits     *cache.Cache[*JitExecutable] // by kernel key + options
	loaded   *cache.Cache[*Executable]    // by artifact key, loaded into the arena
	compiles chan struct{}                // bounds concurrent compilations
	codegen  wasmgen.Options              // how the backend wants kernels generated

	loads, runs, specializations atomic.Int64
	compileNanos                 atomic.Int64
	inflight                     compileCount // compilations (any phase) not yet returned

	// life gates every entry point (lifetime.go): Close waits for the
	// calls inside, background specializations included, before freeing.
	life *lifetime
	// live are the executables loaded and not yet closed, evicted or not
	// (a caller of Default may hold one): Close closes them all.
	liveMu sync.Mutex
	live   map[*Executable]struct{}
}

// config is the immutable configuration of a Runtime.
type config struct {
	backend     string
	workers     int
	arenaBytes  uint64
	arenaLimit  int64
	cache       *Cache
	loadedBytes int64
	// maxIterations bounds each run of a While loop (0: no bound but the
	// context's deadline).
	maxIterations  int64
	genericKernels bool
	fma            bool
	limits         CompileLimits
}

// CompileLimits bound what one compilation may build, so that a small
// hostile kernel cannot make the compiler take unbounded memory: over one,
// the compile fails with a *LimitError naming it (errors.Is ErrLimit).
// Zero fields take the defaults, far above any kernel within the default
// parse limits.
type CompileLimits struct {
	// LoopInstructions bounds the loop IR (instructions in all nests)
	// after lowering and after every pass: the fused expression size.
	// Default DefaultMaxLoopInstructions.
	LoopInstructions int
	// WasmBytes bounds the encoded module, checked before the backend
	// compiles it to native code (whose size and compile time follow the
	// module's). Default DefaultMaxWasmBytes.
	WasmBytes int
	// Rank and Elements bound every value's type as compiling computes
	// it, including shapes computed from value-specialized arguments (a
	// fill's): over them the compile fails with a *LimitError naming
	// max_rank or max_elements. Default: the ABI's rank limit
	// (memref.MaxRank, 16) and no element bound but memref's.
	Rank     int
	Elements int64
}

// lowerOptions are the options of every lowering under the limits.
func (l CompileLimits) lowerOptions(o lower.CompileOptions) lower.CompileOptions {
	o.MaxLoopInstrs, o.MaxRank, o.MaxElements = l.LoopInstructions, l.Rank, l.Elements
	return o
}

// DefaultMaxLoopInstructions is CompileLimits.LoopInstructions's default.
const DefaultMaxLoopInstructions = lower.DefaultMaxLoopInstrs

// DefaultMaxWasmBytes is CompileLimits.WasmBytes's default.
const DefaultMaxWasmBytes = 32 << 20

func (l CompileLimits) withDefaults() CompileLimits {
	if l.LoopInstructions <= 0 {
		l.LoopInstructions = lower.DefaultMaxLoopInstrs
	}
	if l.WasmBytes <= 0 {
		l.WasmBytes = DefaultMaxWasmBytes
	}
	return l
}

// WithCompileLimits sets the limits of every compilation in the runtime
// (see CompileLimits).
func WithCompileLimits(l CompileLimits) Option {
	return func(c *config) error {
		if l.LoopInstructions < 0 || l.WasmBytes < 0 || l.Rank < 0 || l.Elements < 0 {
			return fmt.Errorf("compile limits must not be negative, got %+v", l)
		}
		c.limits = l
		return nil
	}
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

// WithMaxIterations bounds the iterations of every While loop a run
// executes: one more fails the run with ErrLimit. The default is no bound
// (a run still stops at its context's deadline, checked every iteration).
func WithMaxIterations(n int64) Option {
	return func(c *config) error {
		if n < 1 {
			return fmt.Errorf("max iterations must be positive, got %d", n)
		}
		c.maxIterations = n
		return nil
	}
}

// WithGenericKernels compiles matmul and transpose with the generic loop
// code instead of the specialised (register-blocked, tiled) kernels: for
// measuring what those buy. Results are bit-for-bit the same.
func WithGenericKernels() Option {
	return func(c *config) error { c.genericKernels = true; return nil }
}

// WithFusedMultiplyAdd computes the matrix-product kernel's updates
// acc + a·b with relaxed SIMD's fused multiply-add (f32x4.relaxed_madd),
// one rounding instead of two where the CPU has FMA: faster, but results
// may differ from the default's in the last bits (each product term is
// no longer rounded before it is added; the error bound of a k-term dot
// product stays of the same order, k·u·Σ|a·b|) and from one CPU to
// another. Off by default, so that every backend gives the same bits.
// Only backends with relaxed SIMD take it (wasmtime): with wazero, which
// has none, New fails with an error wrapping ErrUnsupported rather than
// ignore the request.
func WithFusedMultiplyAdd(on bool) Option {
	return func(c *config) error { c.fma = on; return nil }
}

// WithBackend picks the Wasm runtime: "wazero" (the default, pure Go) or
// another that this build has (Backends).
func WithBackend(name string) Option {
	return func(c *config) error {
		if _, ok := backends[name]; !ok {
			return fmt.Errorf("unknown backend %q (this build has %v)", name, Backends())
		}
		c.backend = name
		return nil
	}
}

// WithCache shares a Cache of compiled kernels between Runtimes (one per
// tenant, say): a kernel compiled for one is not compiled again for
// another. By default each Runtime has a private in-memory cache.
func WithCache(c *Cache) Option {
	return func(cfg *config) error { cfg.cache = c; return nil }
}

// WithExecutableCacheSize bounds the executables a Runtime keeps loaded in
// its arena (by the size of their Wasm; default 64 MiB). Executables past
// it are closed once no run uses them, and loaded again when needed.
func WithExecutableCacheSize(bytes int64) Option {
	return func(c *config) error {
		if bytes < 1 {
			return fmt.Errorf("executable cache size must be positive, got %d", bytes)
		}
		c.loadedBytes = bytes
		return nil
	}
}

// New creates a Runtime with the wazero backend.
func New(ctx context.Context, opts ...Option) (*Runtime, error) {
	cfg := config{backend: "wazero", workers: runtime.GOMAXPROCS(0), arenaBytes: 1 << 30, loadedBytes: 64 << 20}
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, fmt.Errorf("engine.New: %w", err)
		}
	}
	// Compilations leave one P to everything else (runs, the callers
	// waiting for them): with every P busy compiling, a caller whose
	// deadline passed waited up to a scheduler time slice (10 ms) and
	// more to be woken.
	r := &Runtime{cfg: cfg, shared: cfg.cache, compiles: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)-1)),
		life: newLifetime(), live: map[*Executable]struct{}{}}
	if r.shared == nil {
		var err error
		if r.shared, err = NewCache(CacheOptions{}); err != nil {
			return nil, fmt.Errorf("engine.New: %w", err)
		}
		r.ownCache = true
	}
	// The runtime holds its cache open from now until it is freed.
	if !r.shared.life.enter() {
		return nil, fmt.Errorf("engine.New: the cache: %w", ErrClosed)
	}
	releaseCache := func() {
		r.shared.life.leave()
		if r.ownCache {
			r.shared.Close(ctx)
		}
	}
	b, err := backends[cfg.backend](r.shared)
	if err != nil {
		releaseCache()
		return nil, fmt.Errorf("engine.New: %w", err)
	}
	if cfg.fma && !b.relaxedSIMD() {
		b.close(ctx)
		releaseCache()
		return nil, fmt.Errorf("engine.New: fused multiply-add needs relaxed SIMD, which the %s backend lacks: %w", cfg.backend, ErrUnsupported)
	}
	r.backend = b
	r.codegen = b.codegen(cfg.arenaBytes)
	r.codegen.GenericLinalg = cfg.genericKernels
	r.codegen.FusedMultiplyAdd = cfg.fma
	a, err := newArena(ctx, r.backend, cfg.arenaBytes, cfg.arenaLimit)
	if err != nil {
		b.close(ctx)
		releaseCache()
		return nil, fmt.Errorf("engine.New: %w", err)
	}
	r.arena = a
	r.jits = cache.New(cache.Options[*JitExecutable]{MaxBytes: 16 << 20})
	r.loaded = cache.New(cache.Options[*Executable]{MaxBytes: cfg.loadedBytes,
		OnEvict: func(_ cache.Key, x *Executable) { x.retire() }})
	return r, nil
}

// Stats are a Runtime's counters.
type Stats struct {
	CompileHits     int64         // Compile calls answered by the cache
	CompileMisses   int64         // Compile calls that parsed and checked the kernel
	CompileTime     time.Duration // time spent in those
	Executables     int64         // executables built (default and specialized), from the shared cache or not
	Specializations int64         // specialized kernels lowered for this runtime
	Loads           int64         // executables loaded into the arena
	Runs            int64
	Cache           CacheStats // the (possibly shared) cache of compiled kernels
}

// Stats returns the runtime's counters.
func (r *Runtime) Stats() Stats {
	j, l := r.jits.Stats(), r.loaded.Stats()
	return Stats{CompileHits: j.Hits + j.Waits, CompileMisses: j.Misses, CompileTime: time.Duration(r.compileNanos.Load()),
		Executables: l.Misses, Specializations: r.specializations.Load(), Loads: r.loads.Load(), Runs: r.runs.Load(),
		Cache: r.shared.Stats()}
}

// Close stops the runtime and frees its arena and compiled modules. From
// its first moment every new call fails with ErrClosed (matched with
// errors.Is); calls in flight are asked to stop — a chunked run and a
// While loop stop at their next chunk or iteration with ErrClosed, and
// background specializations are cancelled — and Close waits for every
// one of them to return before freeing anything, so that no goroutine is
// ever inside the arena when it goes. A call already inside one Wasm call
// cannot be preempted: it is waited for (runs call into Wasm in chunks of
// about a millisecond, see doc.go). Compiles in flight are waited for,
// or stop as soon as the compiler looks at its context.
//
// If ctx ends first, Close returns ctx.Err() and the memory is freed when
// the last call in flight returns. Close is safe to call many times and
// from any goroutine; later calls wait for the first's freeing (or their
// own ctx) and return its error. Tensors in the arena (NewTensor,
// RunInArena) are views of memory Close frees: like a slice of freed
// memory, they must not be used afterwards.
func (r *Runtime) Close(ctx context.Context) error {
	return r.life.shutdown(ctx, r.free)
}

// free releases everything once no call is inside.
func (r *Runtime) free(ctx context.Context) error {
	r.loaded.Purge()
	r.liveMu.Lock()
	live := r.live
	r.live = nil
	r.liveMu.Unlock()
	for x := range live {
		x.forceClose()
	}
	err := r.arena.close(ctx)
	if berr := r.backend.close(ctx); err == nil {
		err = berr
	}
	r.shared.life.leave()
	if r.ownCache {
		if cerr := r.shared.Close(ctx); err == nil {
			err = cerr
		}
	}
	return err
}

// enter lets a call into the runtime (leave when done), or fails with
// ErrClosed once Close has begun.
func (r *Runtime) enter() error {
	if !r.life.enter() {
		return ErrClosed
	}
	return nil
}

func (r *Runtime) leave() { r.life.leave() }

// stopped is the error of long work that Close asked to stop (nil while
// the runtime is open), checked where the context is.
func (r *Runtime) stopped() error {
	if r.life.stopping() {
		return ErrClosed
	}
	return nil
}

// NewTensor allocates a zeroed tensor inside the arena. Passing it to Run
// avoids copying it in; free it with FreeTensor when done.
func (r *Runtime) NewTensor(dt memref.DType, shape []int) (*memref.Tensor, error) {
	if err := r.enter(); err != nil {
		return nil, err
	}
	defer r.leave()
	return r.arena.alloc.NewTensor(dt, shape)
}

// FreeTensor returns an arena tensor's memory to the arena. Its bytes
// are not cleared now: the arena zeroes them before anyone can read them
// (when it hands the memory out again), except to a kernel that writes
// every byte of its output first — so a loop of RunInArena and FreeTensor
// clears nothing (memref.Arena.FreeDirty). After Close it returns
// ErrClosed: the tensor went with the arena.
func (r *Runtime) FreeTensor(t *memref.Tensor) error {
	if err := r.enter(); err != nil {
		return err
	}
	defer r.leave()
	return r.arena.alloc.FreeTensorDirty(t)
}

// copyToArena copies tensors into new arena tensors (freeing them all on
// failure).
func (r *Runtime) copyToArena(ts []*memref.Tensor) ([]*memref.Tensor, error) {
	out := make([]*memref.Tensor, len(ts))
	for i, t := range ts {
		a, err := r.arena.alloc.NewTensor(t.DType, t.Shape)
		if err != nil {
			for _, o := range out[:i] {
				r.arena.alloc.FreeTensor(o)
			}
			return nil, err
		}
		copy(a.Data, t.Contiguous().Data[:len(a.Data)])
		out[i] = a
	}
	return out, nil
}

// ArenaStats reports the arena's use (after Close: the bytes that were
// still allocated when it freed the arena).
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
	// Small run blocks: slabSlots slots of slabSlot bytes at slab, below
	// the allocator's range (0: none, in arenas too small to spare them),
	// each taken by setting its bit in slabUsed. A tiny kernel's run (its
	// argument block, and any inputs and outputs it copies) takes one
	// without the allocator's lock and bookkeeping, which was a fifth of
	// K9's call; runs bigger than a slot, or when all are taken, use the
	// allocator. The slots are fixed overhead of the arena, outside its
	// quota and its ArenaStats.
	slab     uint32
	slabUsed atomic.Uint64
}

const (
	slabSlots = 16
	slabSlot  = 4 << 10
)

func newArena(ctx context.Context, b backend, bytes uint64, limit int64) (*arena, error) {
	be, err := b.newArena(ctx, bytes)
	if err != nil {
		return nil, err
	}
	mem := be.mem()
	lo, hi := uint32(memref.ArenaAlign), uint32(uint64(len(mem))-1)&^(memref.ArenaAlign-1)
	var slab uint32
	if hi-lo >= 64*slabSlots*slabSlot { // 4 MiB and more: spare 64 KiB
		slab, lo = lo, lo+slabSlots*slabSlot
	}
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
	return &arena{be: be, alloc: alloc, slab: slab}, nil
}

// takeBlock returns the address of a block of at least n bytes for one
// run, holding whatever bytes its last user left (of this arena only): a
// slab slot when n fits one and one is free, else an allocation
// (AllocDirty). Give it back with putBlock.
func (a *arena) takeBlock(n int) (uint32, error) {
	if a.slab != 0 && n <= slabSlot {
		for {
			used := a.slabUsed.Load()
			free := ^used & (1<<slabSlots - 1)
			if free == 0 {
				break
			}
			i := bits.TrailingZeros64(free)
			if a.slabUsed.CompareAndSwap(used, used|1<<i) {
				return a.slab + uint32(i)*slabSlot, nil
			}
		}
	}
	return a.alloc.AllocDirty(n)
}

// putBlock gives back a block takeBlock returned.
func (a *arena) putBlock(base uint32) {
	if a.slab != 0 && base >= a.slab && base < a.slab+slabSlots*slabSlot {
		a.slabUsed.And(^(uint64(1) << ((base - a.slab) / slabSlot)))
		return
	}
	a.alloc.FreeDirty(base)
}

func (a *arena) close(ctx context.Context) error { return a.be.close(ctx) }

// compileCount counts a runtime's compilations in flight: the cache runs
// each on a goroutine of its own, which a caller whose context ended does
// not wait for (a cancelled one stops at its next check of the context).
type compileCount struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed while n == 0; nil means closed
}

// begin counts one compilation; call the function it returns when it has
// returned.
func (c *compileCount) begin() func() {
	c.mu.Lock()
	if c.n == 0 {
		c.idle = make(chan struct{})
	}
	c.n++
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		if c.n--; c.n == 0 {
			close(c.idle)
		}
		c.mu.Unlock()
	}
}

// wait returns once no compilation is in flight, or ctx's error.
func (c *compileCount) wait(ctx context.Context) error {
	for {
		c.mu.Lock()
		n, idle := c.n, c.idle
		c.mu.Unlock()
		if n == 0 {
			return nil
		}
		select {
		case <-idle:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// CompilesInFlight reports the runtime's compilations that have not
// returned yet, cancelled ones included: a call whose context ended
// returns at once, while the work it started stops at its next check of
// the context (see WaitCompiles).
func (r *Runtime) CompilesInFlight() int {
	r.inflight.mu.Lock()
	defer r.inflight.mu.Unlock()
	return r.inflight.n
}

// WaitCompiles returns once every compilation of the runtime has returned
// (cancelled ones stop at their next check of their context), or ctx's
// error: what a caller that counts compile time or concurrency — the
// server's per-tenant compile slots, Close — waits for.
func (r *Runtime) WaitCompiles(ctx context.Context) error { return r.inflight.wait(ctx) }

// beginCompile counts a compilation running on a cache's goroutine (which
// its caller may have stopped waiting for) as a call inside the runtime,
// so that Close waits for it before freeing the arena it loads into, and
// among CompilesInFlight; call the function it returns when it returns.
func (r *Runtime) beginCompile() (func(), error) {
	if err := r.enter(); err != nil {
		return nil, err
	}
	end := r.inflight.begin()
	return func() { end(); r.leave() }, nil
}
