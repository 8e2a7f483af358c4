package engine

import (
	"context"
	"sort"

	"github.com/sandjit/sandjit/internal/wasmgen"
)

// The backend interface: what the engine needs from a Wasm runtime. One
// backend serves many arenas; an arena is one linear memory with the
// modules loaded against it; a loaded module makes workers; a worker is
// one instance with its own callable functions, used by one goroutine at a
// time.
type backend interface {
	name() string
	// codegen is how kernels must be generated for this backend (e.g. a
	// shared memory import).
	codegen(arenaBytes uint64) wasmgen.Options
	// relaxedSIMD reports whether the backend runs relaxed SIMD
	// instructions (WithFusedMultiplyAdd needs them).
	relaxedSIMD() bool
	newArena(ctx context.Context, bytes uint64) (arenaBackend, error)
	close(ctx context.Context) error
}

// backends are the Wasm runtimes sandjit can run on, by name. wazero is
// always there; files behind build constraints register others from init
// (like database/sql drivers), so the map is written only before main.
var backends = map[string]func(c *Cache) (backend, error){
	"wazero": func(c *Cache) (backend, error) { return newWazeroBackend(c.native), nil },
}

// Backends lists the backends this build has.
func Backends() []string {
	names := make([]string, 0, len(backends))
	for n := range backends {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

type arenaBackend interface {
	// mem is the whole linear memory; its base never moves.
	mem() []byte
	// load compiles a kernel module (with nests exports nest_0…) against
	// this arena's memory.
	load(ctx context.Context, wasm []byte, nests int) (moduleBackend, error)
	close(ctx context.Context) error
}

type moduleBackend interface {
	newWorker(ctx context.Context) (workerBackend, error)
	close(ctx context.Context) error
}

type workerBackend interface {
	// callMain runs main(args) and returns its status.
	callMain(ctx context.Context, args uint32) (int32, error)
	// callNest runs nest_k(args, lo, hi) and returns its status.
	callNest(ctx context.Context, k int, args, lo, hi uint32) (int32, error)
	close(ctx context.Context) error
}
