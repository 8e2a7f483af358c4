package engine

import (
	"context"
	"fmt"
	"sync"
	"unsafe"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"

	"github.com/sandjit/sandjit/internal/wasmgen"
	"github.com/sandjit/sandjit/memref"
)

// wazeroBackend runs kernels with wazero's optimizing compiler. Each arena
// gets its own wazero.Runtime (a module's memory import is resolved by the
// name "env", which must be unique in a runtime); all of them share one
// compilation cache, so loading the same kernel into a second arena skips
// native compilation.
type wazeroBackend struct {
	cache wazero.CompilationCache
}

func newWazeroBackend(cache wazero.CompilationCache) *wazeroBackend {
	return &wazeroBackend{cache: cache}
}

func (b *wazeroBackend) name() string { return "wazero" }

// codegen: wazero shares a non-shared memory between instances of one
// Runtime, which is cheaper per access than a shared one.
func (b *wazeroBackend) codegen(uint64) wasmgen.Options { return wasmgen.Options{} }

// relaxedSIMD: wazero v1.12 implements no relaxed SIMD instruction.
func (b *wazeroBackend) relaxedSIMD() bool { return false }

// close does nothing: the compilation cache belongs to the engine's Cache.
func (b *wazeroBackend) close(ctx context.Context) error { return nil }

const wasmPage = 65536

// memoryModule is the binary of (module (memory (export "memory") n n)).
func memoryModule(pages uint32) []byte {
	leb := func(v uint32) []byte {
		var out []byte
		for {
			c := byte(v & 0x7f)
			v >>= 7
			if v == 0 {
				return append(out, c)
			}
			out = append(out, c|0x80)
		}
	}
	limits := append([]byte{0x01}, leb(pages)...)
	limits = append(limits, leb(pages)...)
	memSec := append([]byte{0x01}, limits...)
	exp := []byte{0x01, 0x06, 'm', 'e', 'm', 'o', 'r', 'y', 0x02, 0x00}
	out := []byte{0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00}
	out = append(out, 0x05)
	out = append(out, leb(uint32(len(memSec)))...)
	out = append(out, memSec...)
	out = append(out, 0x07)
	out = append(out, leb(uint32(len(exp)))...)
	return append(out, exp...)
}

type wazeroArena struct {
	rt  wazero.Runtime
	buf []byte
	mm  *mmapMemory
	// closeMu serialises closing instances: wazero's Module.Close writes a
	// field of the memory instance, which every kernel instance imports, so
	// two closing at once race on it.
	closeMu sync.Mutex
}

// closeInstance closes a kernel instance of this arena.
func (a *wazeroArena) closeInstance(ctx context.Context, m api.Module) error {
	a.closeMu.Lock()
	defer a.closeMu.Unlock()
	return m.Close(ctx)
}

func (b *wazeroBackend) newArena(ctx context.Context, bytes uint64) (arenaBackend, error) {
	pages := uint32((bytes + wasmPage - 1) / wasmPage)
	if pages == 0 || pages > 65536 {
		return nil, fmt.Errorf("arena of %d bytes: a wasm32 memory holds 1 to 65536 pages", bytes)
	}
	cfg := wazero.NewRuntimeConfigCompiler().
		WithCoreFeatures(api.CoreFeaturesV2).
		WithCompilationCache(b.cache).
		WithMemoryLimitPages(pages)
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	mm, err := newMmapMemory(uint64(pages) * wasmPage)
	if err != nil {
		rt.Close(ctx)
		return nil, err
	}
	a := &wazeroArena{rt: rt, mm: mm}
	alloc := experimental.MemoryAllocatorFunc(func(capBytes, maxBytes uint64) experimental.LinearMemory { return mm })
	mctx := experimental.WithMemoryAllocator(ctx, alloc)
	env, err := rt.InstantiateWithConfig(mctx, memoryModule(pages), wazero.NewModuleConfig().WithName(wasmgen.MemoryModule))
	if err != nil {
		rt.Close(ctx)
		mm.unmap()
		return nil, fmt.Errorf("creating the arena memory: %w", err)
	}
	mem := env.Memory()
	buf, ok := mem.Read(0, mem.Size())
	if !ok {
		rt.Close(ctx)
		mm.unmap()
		return nil, fmt.Errorf("BUG: arena memory of %d bytes is not readable", mem.Size())
	}
	a.buf = buf
	return a, nil
}

func (a *wazeroArena) mem() []byte { return a.buf }

// zeroBigBlock is the size from which zeroing gives pages back to the OS
// rather than writing them. Faulting a page back in costs far more than
// clearing it (on a VM most), so only blocks too big to be worth keeping
// resident are released.
const zeroBigBlock = 256 << 20

// zero zeroes b, a range of the arena: small ranges by writing, big ones
// by dropping their whole pages (which then read as zero) and writing only
// the partial pages at the edges.
func (a *wazeroArena) zero(b []byte) {
	if len(b) < zeroBigBlock {
		clear(b)
		return
	}
	base := uintptr(unsafe.Pointer(&a.buf[0]))
	off := uint64(uintptr(unsafe.Pointer(&b[0])) - base)
	n := uint64(len(b))
	lo, hi := a.mm.release(off, n)
	clear(b[:lo-off])
	clear(b[hi-off:])
}

func (a *wazeroArena) close(ctx context.Context) error {
	err := a.rt.Close(ctx)
	a.mm.unmap()
	return err
}

type wazeroModule struct {
	arena    *wazeroArena
	compiled wazero.CompiledModule
	nests    int
}

func (a *wazeroArena) load(ctx context.Context, wasm []byte, nests int) (moduleBackend, error) {
	cm, err := a.rt.CompileModule(ctx, wasm)
	if err != nil {
		return nil, fmt.Errorf("wazero rejected the generated module: %w", err)
	}
	m := &wazeroModule{arena: a, compiled: cm, nests: nests}
	// Check the ABI the module was compiled for before anything runs.
	inst, err := a.rt.InstantiateModule(ctx, cm, wazero.NewModuleConfig().WithName(""))
	if err != nil {
		cm.Close(ctx)
		return nil, fmt.Errorf("instantiating the kernel module: %w", err)
	}
	defer a.closeInstance(ctx, inst)
	res, err := inst.ExportedFunction(wasmgen.ExportABI).Call(ctx)
	if err != nil || len(res) != 1 || uint32(res[0]) != memref.ABIVersion {
		cm.Close(ctx)
		return nil, fmt.Errorf("kernel module has ABI version %v, the engine speaks %d (%v)", res, memref.ABIVersion, err)
	}
	return m, nil
}

func (m *wazeroModule) close(ctx context.Context) error { return m.compiled.Close(ctx) }

// wazeroWorker is one instance with its own function objects: wazero's
// api.Function must not be shared between goroutines.
type wazeroWorker struct {
	arena *wazeroArena
	inst  api.Module
	main  api.Function
	nests []api.Function
	stack [3]uint64
}

func (m *wazeroModule) newWorker(ctx context.Context) (workerBackend, error) {
	inst, err := m.arena.rt.InstantiateModule(ctx, m.compiled, wazero.NewModuleConfig().WithName(""))
	if err != nil {
		return nil, fmt.Errorf("instantiating a kernel worker: %w", err)
	}
	w := &wazeroWorker{arena: m.arena, inst: inst, main: inst.ExportedFunction(wasmgen.ExportMain)}
	for k := 0; k < m.nests; k++ {
		w.nests = append(w.nests, inst.ExportedFunction(wasmgen.NestExport(k)))
	}
	return w, nil
}

func (w *wazeroWorker) callMain(ctx context.Context, args uint32) (int32, error) {
	w.stack[0] = uint64(args)
	if err := w.main.CallWithStack(ctx, w.stack[:]); err != nil {
		return 0, err
	}
	return int32(uint32(w.stack[0])), nil
}

func (w *wazeroWorker) callNest(ctx context.Context, k int, args, lo, hi uint32) (int32, error) {
	w.stack[0], w.stack[1], w.stack[2] = uint64(args), uint64(lo), uint64(hi)
	if err := w.nests[k].CallWithStack(ctx, w.stack[:]); err != nil {
		return 0, err
	}
	return int32(uint32(w.stack[0])), nil
}

func (w *wazeroWorker) close(ctx context.Context) error { return w.arena.closeInstance(ctx, w.inst) }
