// Package engine is sandjit's public API: compile TensorFlow-dialect
// kernels to WebAssembly and run them, sandboxed, from many goroutines.
//
//	rt, err := engine.New(ctx)                  // one arena (linear memory), wazero backend
//	exe, err := rt.Compile(ctx, kernelText)     // parse, check, lower, fuse, generate Wasm, load
//	out, err := exe.Run(ctx, x, y)              // *memref.Tensor in, *memref.Tensor out
//
// What it takes: kernel text (through lower and wasmgen) and tensors.
// What it gives: a Runtime that owns an arena — one Wasm linear memory,
// reserved with mmap so that its base never moves and it stays off the Go
// heap — and JitExecutables that run kernels over tensors placed in it.
//
// How a run goes: the inputs are checked against the signature (with the
// original tf_cpurt wording: "operand #1 rank does not match expected input
// rank: …"); the host computes every shape (the Kernel's shape program), lays out
// every buffer of the run in one arena block, copies the inputs in (unless
// they already live in the arena: Runtime.NewTensor), writes the argument
// block (memref's descriptor ABI), and calls the kernel's exports. Work
// under about a millisecond runs as one call to main on the caller's
// goroutine. Bigger work runs nest by nest, each split along its parallel
// loop into ~1 ms chunks spread over worker instances, with the context
// checked between chunks: a running wazero call cannot be preempted and
// would hold up the whole process's garbage collector.
//
// What a JitExecutable adds (jitrt's semantics): a default executable for
// the declared types plus specializations compiled on first use, keyed by
// the arguments' symbolic shapes and the contents of value-constrained
// arguments (WithSpecialization: Enabled, Always, Disabled); every compiled
// form cached under a content address (keys.go) in memory and, with a
// cache directory, on disk. Arguments that only size results (a reshape's
// shape, a range's bounds) are read before the run, not
// specialized on: no value of them causes a compile. A run's plan (shapes,
// layout, argument block) is cached per argument shapes and those values.
// RunInArena leaves results in the arena, so with inputs there too a run
// copies nothing. Results forward their operands, as in jitrt (identities
// and their kin, views, arguments and constants returned as they are): the
// kernel writes each output once, and the engine copies only where an
// entry point's ownership rule needs it — Run returns an argument returned
// as is as the same *Tensor, RunInArena gives every result an arena block
// of its own (RATIONALE.md, "Results forward their operands"). Kernels with
// control flow (conditionals, loops, their region forms, calls) run as a flow (flow.go):
// straight-line segments, each a JitExecutable of its own, and the control
// ops on the host, a While checking the context between iterations.
// Backends: wazero (pure Go, the default) and wasmtime (cgo builds;
// WithBackend).
//
// Compilations and their context: every compile phase (parse, check,
// lowering, every loop IR pass, Wasm generation, the backend's compile)
// looks at the caller's context between phases and every few ops inside
// lowering. The caches run each compilation on a goroutine of its own and
// count its waiters: a caller whose context ends returns its error at once
// (it never waits for the compile), and when the last waiter has gone the
// compilation's own context is cancelled, so it stops at its next check
// and is not cached (the next call compiles again). The backend's native
// compile cannot be interrupted; WithCompileLimits bounds its input (Wasm
// bytes), the loop IR and every computed shape, failing with a
// *LimitError (errors.Is ErrLimit). The runtime counts compilations until
// they have really returned: CompilesInFlight, and WaitCompiles, which
// whatever counts compile work (a server's per-tenant slots) waits on;
// each also counts as a call inside the runtime, so Close waits for it.
//
// What it guarantees: Runtime and JitExecutable are safe for concurrent
// use. Each worker is one module instance with its own function objects,
// used by one goroutine at a time (wazero's api.Function must not be
// shared). Arena memory is freed dirty and zeroed when handed out again,
// except where every byte is written first (copied-in inputs, outputs the
// kernel provably stores in full), so no run reads bytes it did not write
// or zero, and no bytes leave their arena. Kernel traps become errors
// (ErrTrap); a kernel's fault (a gather index out of range, a NaN that
// a numerics check meets) is an ErrArgument wrapping the op's *Error;
// bad inputs are ErrArgument or ErrShape; kernel-text problems are
// ErrorList values with file:line:col positions (errors.go lists what
// callers match: the package re-exports every sentinel and error type of
// its API, so a program imports engine and memref only). Nothing a
// caller passes makes the engine panic.
//
// Lifetimes (lifetime.go): Runtime.Close follows net/http's
// Server.Shutdown. Every entry point (Compile, Run, RunInto, RunInArena,
// Default, ExecutableFor, NewTensor, FreeTensor) passes a counted gate —
// one atomic add in and one out, no lock — and a background
// specialization holds the gate until it is done. Close shuts the gate
// (new calls fail with ErrClosed), cancels the runtime's own context
// (background specializations compile under it), and waits for the count
// to reach zero before it frees modules, workers and the arena; only then
// is the memory unmapped, so no goroutine can be inside Wasm or touching
// the arena when it goes. A Wasm call cannot be preempted, so Close does
// not try: chunked runs check the gate's closing flag between ~1 ms
// chunks (and a While loop between iterations) and return ErrClosed, so
// Close waits about one chunk per run in flight; runs under a chunk's work
// are one call and simply finish. Compiles in flight are waited for. If
// Close's context ends first it returns the context's error and the last
// call out frees. Executables a caller still holds (Default,
// ExecutableFor) are closed with the runtime; their Release afterwards
// does nothing. A Cache is held by each Runtime using it: Cache.Close
// refuses new runtimes at once and frees the native code when the last
// runtime using it is closed (without waiting for that).
//
// What it is not: a scheduler across runs (each run uses up to
// WithWorkers goroutines; callers bound concurrency) or a tenant manager
// (that is `sandjit serve`).
package engine
