//go:build cgo && linux && (amd64 || arm64) && !sandjit_nowasmtime

package engine

// The wasmtime backend (cgo). It is compiled in whenever cgo is on, on
// linux/amd64 and linux/arm64 (wasmtime-go ships the static library
// inside its Go module, so nothing else needs installing; darwin has a
// library too but is untested and uses Linux madvise semantics here, so it
// is left out). `-tags sandjit_nowasmtime` or CGO_ENABLED=0 leaves it out,
// and then Backends() lists only wazero.
//
// Memory: each arena is one wasmtime *shared* memory of exactly the
// arena's pages (minimum = maximum), made outside any store through
// backend_wasmtime_shim.go. wasmtime reserves it at its maximum when it is
// made, so its base never moves, and mem() is a slice straight over it.
// Kernel modules import it as (memory 1 pages shared) (codegen), and each
// worker is a Store of its own with one instance importing it: wasmtime
// stores are single-threaded, and only shared memories cross stores.
//
// Code: one process-wide wasmtime Engine (Cranelift, opt level speed,
// SIMD on, relaxed SIMD on but used only by kernels compiled under
// WithFusedMultiplyAdd (so every other kernel gives wazero's bits), threads on for the shared memory, epoch interruption on). Each arena
// loads its own wasmtime.Module; Cranelift compiles a given Wasm binary
// once, and its native code (Serialize) is cached by the Wasm's SHA-256
// plus the wasmtime-go version and this configuration: in memory,
// process-wide, and, when the Runtime's Cache has a directory, in that
// Cache's disk store, so that other arenas and restarted processes only
// deserialize it (NewModuleDeserialize; wasmtime itself rejects code from
// another version, configuration or CPU, which is then compiled again).
//
// Calls go through the shim's wasmtime_func_call_unchecked path: no
// allocation, no lock, unlike wasmtime-go's Func.Call (the export
// signatures are checked once, at load); go test ./engine -run NONE
// -bench 'WasmtimeShimCall|BackendCall' times it.
//
// Epoch interruption is a guard against runaway kernels, not the way runs
// are cancelled (the engine checks ctx between ~1 ms chunks, as for
// wazero): while any wasmtime arena is open a goroutine increments the
// engine's epoch every wasmtimeEpochTick, and each call sets its store's
// deadline wasmtimeDeadlineTicks ticks ahead (about 5 s). A call still
// running then traps with "wasm trap: interrupt", which the engine reports
// as ErrTrap; the worker stays usable. The check costs a load and compare
// at each loop header and function entry (about 5–10% on kernels that call
// a math function per vector).

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/bytecodealliance/wasmtime-go/v39"
	"golang.org/x/sys/unix"

	"github.com/sandjit/sandjit/cache"
	"github.com/sandjit/sandjit/internal/wasmgen"
	"github.com/sandjit/sandjit/memref"
)

func init() {
	backends["wasmtime"] = func(c *Cache) (backend, error) { return newWasmtimeBackend(c) }
}

const (
	// wasmtimeEpochTick is how often the epoch advances while arenas exist.
	wasmtimeEpochTick = 100 * time.Millisecond
	// wasmtimeDeadlineTicks is how many ticks one call may run.
	wasmtimeDeadlineTicks = 50
	// wasmtimeConfig names everything in the engine's configuration that
	// changes the native code (part of the native cache's key).
	wasmtimeConfig = "cranelift;opt=speed;simd;relaxed-simd=on;threads;epoch-interruption;nan-canonicalization=off"
	// wasmtimeNativeCacheBytes bounds the in-memory native code cache.
	wasmtimeNativeCacheBytes = 128 << 20
)

// wtg is the process-wide wasmtime state: one engine (its code can serve
// any store and any arena), the native code cache and the epoch ticker.
var wtg struct {
	once    sync.Once
	err     error
	engine  *wasmtime.Engine
	handle  wtEngine
	version string // wasmtime-go's module version
	native  *cache.Cache[[]byte]

	mu     sync.Mutex
	arenas int           // open arenas; the ticker runs while > 0
	stop   chan struct{} // closes to stop the ticker

	// Counters, for tests and diagnostics.
	compiles, deserializes, diskHits atomic.Int64
}

func wasmtimeInit() error {
	wtg.once.Do(func() {
		cfg := wasmtime.NewConfig()
		cfg.SetStrategy(wasmtime.StrategyCranelift)
		cfg.SetCraneliftOptLevel(wasmtime.OptLevelSpeed)
		cfg.SetWasmSIMD(true)
		cfg.SetWasmRelaxedSIMD(true)
		cfg.SetWasmThreads(true)
		cfg.SetEpochInterruption(true)
		wtg.engine = wasmtime.NewEngineWithConfig(cfg)
		wtg.handle, wtg.err = wtBorrowEngine(wtg.engine)
		wtg.native = cache.New(cache.Options[[]byte]{MaxBytes: wasmtimeNativeCacheBytes})
		wtg.version = "wasmtime-go/v39"
		if info, ok := debug.ReadBuildInfo(); ok {
			for _, d := range info.Deps {
				if d.Path == "github.com/bytecodealliance/wasmtime-go/v39" {
					wtg.version += "@" + d.Version
				}
			}
		}
	})
	return wtg.err
}

// tickerAcquire starts the epoch ticker with the first open arena.
func tickerAcquire() {
	wtg.mu.Lock()
	defer wtg.mu.Unlock()
	if wtg.arenas == 0 {
		stop := make(chan struct{})
		wtg.stop = stop
		go func() {
			t := time.NewTicker(wasmtimeEpochTick)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					wtg.handle.incrementEpoch()
				}
			}
		}()
	}
	wtg.arenas++
}

// tickerRelease stops it with the last.
func tickerRelease() {
	wtg.mu.Lock()
	defer wtg.mu.Unlock()
	wtg.arenas--
	if wtg.arenas == 0 {
		close(wtg.stop)
	}
}

// wasmtimeBackend is one Runtime's view of the process-wide engine; it
// keeps the Runtime's disk cache for native code.
type wasmtimeBackend struct {
	disk *cache.Disk // nil without a cache directory
	c    *Cache
}

func newWasmtimeBackend(c *Cache) (*wasmtimeBackend, error) {
	if err := wasmtimeInit(); err != nil {
		return nil, err
	}
	return &wasmtimeBackend{disk: c.disk, c: c}, nil
}

func (b *wasmtimeBackend) name() string { return "wasmtime" }

func arenaPages(bytes uint64) uint64 { return (bytes + wasmPage - 1) / wasmPage }

// codegen: instances in different stores can only share a shared memory;
// its maximum is the arena's size, which is also the memory limit.
func (b *wasmtimeBackend) codegen(arenaBytes uint64) wasmgen.Options {
	return wasmgen.Options{SharedMemory: true, MaxPages: uint32(min(arenaPages(arenaBytes), 65536))}
}

// relaxedSIMD: the engine validates and compiles relaxed SIMD (Cranelift
// lowers f32x4.relaxed_madd to an FMA where the CPU has one); kernels use
// it only under WithFusedMultiplyAdd, so the code of every other kernel is
// what it was with relaxed SIMD off.
func (b *wasmtimeBackend) relaxedSIMD() bool { return true }

// close does nothing: the engine is process-wide, and each arena stops
// its share of the ticker itself.
func (b *wasmtimeBackend) close(ctx context.Context) error { return nil }

type wasmtimeArena struct {
	b        *wasmtimeBackend
	sm       *wtSharedMemory
	buf      []byte
	deadline uint64 // epoch ticks per call
	once     sync.Once
}

func (b *wasmtimeBackend) newArena(ctx context.Context, bytes uint64) (arenaBackend, error) {
	pages := arenaPages(bytes)
	if pages == 0 || pages > 65536 {
		return nil, fmt.Errorf("arena of %d bytes: a wasm32 memory holds 1 to 65536 pages", bytes)
	}
	sm, err := newWTSharedMemory(wtg.handle, uint32(pages))
	if err != nil {
		return nil, fmt.Errorf("creating the arena memory: %w", err)
	}
	buf := sm.bytes()
	// Transparent huge pages, as for wazero's arena (mmap_unix.go): first
	// touches fault in 2 MiB at a time. Best effort.
	_ = unix.Madvise(buf, unix.MADV_HUGEPAGE)
	tickerAcquire()
	return &wasmtimeArena{b: b, sm: sm, buf: buf, deadline: wasmtimeDeadlineTicks}, nil
}

func (a *wasmtimeArena) mem() []byte { return a.buf }

// zero implements zeroer: a fresh shared memory reads as zero, and big
// blocks are given back to the OS (wasmtime maps linear memory anonymous
// and private, so released pages read as zero again) rather than written.
func (a *wasmtimeArena) zero(b []byte) {
	if len(b) < zeroBigBlock {
		clear(b)
		return
	}
	mm := &mmapMemory{buf: a.buf}
	off := uint64(uintptr(unsafe.Pointer(&b[0])) - uintptr(unsafe.Pointer(&a.buf[0])))
	lo, hi := mm.release(off, uint64(len(b)))
	clear(b[:lo-off])
	clear(b[hi-off:])
}

// close drops the arena's handle on the memory; workers still alive keep
// it mapped until their stores go, but nothing may use mem() afterwards.
func (a *wasmtimeArena) close(ctx context.Context) error {
	a.once.Do(func() {
		a.sm.close()
		a.buf = nil
		tickerRelease()
	})
	return nil
}

// The exports a kernel module has, and the slots a worker keeps them in.
const (
	slotABI  = 0
	slotMain = 1
	slotNest = 2 // nest_k is slot slotNest+k
)

type wasmtimeModule struct {
	arena  *wasmtimeArena
	module *wasmtime.Module
	handle wtModule
	funcs  []string // by slot
}

// nativeKeys are the native code cache's keys for a Wasm binary: on disk
// (the Wasm's SHA-256, wasmtime's version and configuration) and in memory
// (that plus which disk store, so an entry made without one is still
// written to one).
func (b *wasmtimeBackend) nativeKeys(wasm []byte) (disk, mem cache.Key) {
	sum := sha256.Sum256(wasm)
	disk = cache.NewKey([]byte("sandjit/wasmtime-native"), sum[:], []byte(wtg.version), []byte(wasmtimeConfig), []byte(runtime.GOARCH))
	dir := ""
	if b.disk != nil {
		dir = b.disk.Dir()
	}
	return disk, cache.NewKey(disk[:], []byte(dir))
}

// compile returns wasm compiled to native code: deserialized from the
// native cache, or compiled by Cranelift (and then cached).
func (b *wasmtimeBackend) compile(ctx context.Context, wasm []byte) (*wasmtime.Module, error) {
	diskKey, memKey := b.nativeKeys(wasm)
	// The module Cranelift compiled on this call's miss is handed over
	// (not deserialized again) when the call is still waiting for it. The
	// cache computes on a goroutine of its own that may finish after the
	// call has given up (its context ended): then the module is closed.
	var (
		mu        sync.Mutex
		fresh     *wasmtime.Module
		abandoned bool
	)
	cranelift := func() ([]byte, error) {
		m, err := wasmtime.NewModule(wtg.engine, wasm)
		wtg.compiles.Add(1)
		if err != nil {
			return nil, fmt.Errorf("wasmtime rejected the generated module: %w", err)
		}
		blob, err := m.Serialize()
		if err != nil {
			m.Close()
			return nil, err
		}
		mu.Lock()
		if abandoned {
			m.Close()
		} else {
			fresh = m
		}
		mu.Unlock()
		if b.disk != nil {
			_ = b.disk.Put(diskKey, blob)
		}
		return blob, nil
	}
	blob, err := wtg.native.Get(ctx, memKey, func(context.Context) ([]byte, int64, error) {
		if b.disk != nil {
			if blob, err := b.disk.Get(diskKey); err == nil {
				wtg.diskHits.Add(1)
				return blob, int64(len(blob)), nil
			}
		}
		blob, err := cranelift()
		return blob, int64(len(blob)), err
	})
	mu.Lock()
	got := fresh
	fresh, abandoned = nil, err != nil
	mu.Unlock()
	if got != nil {
		return got, nil
	}
	if err != nil {
		return nil, err
	}
	m, err := wasmtime.NewModuleDeserialize(wtg.engine, blob)
	if err == nil {
		wtg.deserializes.Add(1)
		return m, nil
	}
	// Not for this engine (another wasmtime build or host CPU wrote it to
	// disk): compile afresh and replace the entries.
	b.c.diskRejects.Add(1)
	wtg.native.Remove(memKey)
	if _, err := cranelift(); err != nil {
		return nil, err
	}
	mu.Lock()
	defer mu.Unlock()
	return fresh, nil
}

// checkExports checks the signatures of the exports that are called
// unchecked.
func checkExports(m *wasmtime.Module, funcs []string) error {
	want := make(map[string]int, len(funcs)) // name → parameter count
	for i, f := range funcs {
		switch {
		case i == slotABI:
			want[f] = 0
		case i == slotMain:
			want[f] = 1
		default:
			want[f] = 3
		}
	}
	for _, e := range m.Exports() {
		n, ok := want[e.Name()]
		if !ok {
			continue
		}
		ft := e.Type().FuncType()
		if ft == nil {
			return fmt.Errorf("export %q is not a function", e.Name())
		}
		ok = len(ft.Params()) == n && len(ft.Results()) == 1 && ft.Results()[0].Kind() == wasmtime.KindI32
		for _, p := range ft.Params() {
			ok = ok && p.Kind() == wasmtime.KindI32
		}
		if !ok {
			return fmt.Errorf("export %q has the wrong type (want %d i32 parameters and an i32 result)", e.Name(), n)
		}
		delete(want, e.Name())
	}
	for f := range want {
		return fmt.Errorf("the module has no export %q", f)
	}
	return nil
}

func (a *wasmtimeArena) load(ctx context.Context, wasm []byte, nests int) (moduleBackend, error) {
	funcs := []string{wasmgen.ExportABI, wasmgen.ExportMain}
	for k := 0; k < nests; k++ {
		funcs = append(funcs, wasmgen.NestExport(k))
	}
	wm, err := a.b.compile(ctx, wasm)
	if err != nil {
		return nil, err
	}
	if err := checkExports(wm, funcs); err != nil {
		wm.Close()
		return nil, fmt.Errorf("kernel module: %w", err)
	}
	h, err := wtBorrowModule(wm)
	if err != nil {
		wm.Close()
		return nil, err
	}
	m := &wasmtimeModule{arena: a, module: wm, handle: h, funcs: funcs}
	// Check the ABI the module was compiled for before anything runs.
	w, err := m.newInstance()
	if err != nil {
		wm.Close()
		return nil, err
	}
	defer w.close(ctx)
	v, err := w.inst.call(slotABI, a.deadline, 0, 0, 0, 0)
	if err != nil || uint32(v) != memref.ABIVersion {
		wm.Close()
		return nil, fmt.Errorf("kernel module has ABI version %d, the engine speaks %d (%v)", v, memref.ABIVersion, err)
	}
	return m, nil
}

func (m *wasmtimeModule) close(ctx context.Context) error {
	m.module.Close()
	return nil
}

// wasmtimeWorker is a Store of its own with one instance of the module.
type wasmtimeWorker struct {
	inst     *wtInstance
	nests    int
	deadline uint64
}

func (m *wasmtimeModule) newInstance() (*wasmtimeWorker, error) {
	a := m.arena
	inst, err := newWTInstance(wtg.handle, m.handle, a.sm, int64(len(a.buf)), m.funcs, a.deadline)
	runtime.KeepAlive(m.module)
	if err != nil {
		return nil, fmt.Errorf("instantiating a kernel worker: %w", err)
	}
	return &wasmtimeWorker{inst: inst, nests: len(m.funcs) - slotNest, deadline: a.deadline}, nil
}

func (m *wasmtimeModule) newWorker(ctx context.Context) (workerBackend, error) {
	return m.newInstance()
}

func (w *wasmtimeWorker) callMain(ctx context.Context, args uint32) (int32, error) {
	st, err := w.inst.call(slotMain, w.deadline, 1, args, 0, 0)
	if err != nil {
		return 0, wasmtimeCallError(err, w.deadline)
	}
	return st, nil
}

func (w *wasmtimeWorker) callNest(ctx context.Context, k int, args, lo, hi uint32) (int32, error) {
	if uint(k) >= uint(w.nests) {
		return 0, fmt.Errorf("no nest %d", k)
	}
	st, err := w.inst.call(slotNest+k, w.deadline, 3, args, lo, hi)
	if err != nil {
		return 0, wasmtimeCallError(err, w.deadline)
	}
	return st, nil
}

// wasmtimeCallError says what an epoch interrupt means.
func wasmtimeCallError(err error, deadline uint64) error {
	var t *wtTrap
	if errors.As(err, &t) && t.Interrupted() {
		return fmt.Errorf("%w (the call ran past its epoch deadline of %v: a runaway kernel)", err, time.Duration(deadline)*wasmtimeEpochTick)
	}
	return err
}

func (w *wasmtimeWorker) close(ctx context.Context) error {
	w.inst.close()
	return nil
}
