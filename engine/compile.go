package engine

// Compiling a kernel is one pipeline, and this file holds it in order:
//
//	key         Compile: the JitExecutable's key (keys.go makes every key); a hit
//	            returns the one compiled before, or its error
//	parse       Compile: the kernel text to a module (mlir.Parse, under the parse limits)
//	check       newJit: the entry function, its operands' constraints, a kernel with
//	            control flow split into segments (each through this pipeline)
//	specialize  JitExecutable.executableFor (jit.go, on each run) picks the default
//	            executable or a specialization on the operands' symbolic shapes and
//	            values; lowerDefault and specialize lower for either
//	lower       lower.CompileContext: ops and types checked, shapes computed, the loop
//	            IR built and optimised, under the compile limits
//	emit        Cache.build: the Wasm (wasmgen), or its bytes from the disk cache,
//	            shared by every runtime using the Cache
//	load        Runtime.load: the module compiled by the backend and bound to the
//	            runtime's arena, an Executable ready to run
//
// Runtime.executable ties the last three together behind the runtime's
// cache of loaded executables (one compilation per key, however many
// callers ask at once).

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"runtime/trace"
	"slices"
	"time"

	"github.com/sandjit/sandjit/cache"
	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/wasmgen"
	"github.com/sandjit/sandjit/memref"
)

// Compile parses and checks kernel text and compiles its default
// executable (when it has one: see Specialization). Compiling the same
// text with the same options again returns the same JitExecutable from the
// runtime's cache. Errors in the kernel are an ErrorList (each *Error
// with its Pos, file:line:col, and the op); they match ErrSyntax,
// ErrInvalid or ErrUnsupported with errors.Is. A failed compile is cached
// too.
func (r *Runtime) Compile(ctx context.Context, src []byte, opts ...CompileOption) (*JitExecutable, error) {
	if err := r.enter(); err != nil {
		return nil, err
	}
	defer r.leave()
	cfg := compileConfig{filename: "kernel.mlir", limits: mlir.DefaultParseLimits()}
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	jkey := jitKey(src, &cfg)
	if cfg.listener == nil {
		if j, err, ok := r.jits.Peek(jkey); ok {
			return j, err
		}
	}
	build := func(ctx context.Context) (*JitExecutable, int64, error) {
		defer trace.StartRegion(ctx, "sandjit.compile").End()
		end, err := r.beginCompile()
		if err != nil {
			return nil, 0, err
		}
		defer end()
		start := time.Now()
		defer func() { r.compileNanos.Add(int64(time.Since(start))) }()
		mod, err := mlir.Parse(cfg.filename, src, cfg.limits)
		if err != nil {
			return nil, 0, err
		}
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		j, err := r.newJit(ctx, kernelKey(src, cfg.entry, cfg.filename), mod, cfg)
		return j, int64(len(src))*4 + 4<<10, err
	}
	if cfg.listener != nil {
		// A listener sees this JitExecutable's specializations only: not
		// shared through the cache.
		j, _, err := build(ctx)
		return j, err
	}
	return r.jits.Get(ctx, jkey, build)
}

// newJit checks the kernel's constraints and, when it has one, compiles
// the default executable (as jitrt does).
func (r *Runtime) newJit(ctx context.Context, key cache.Key, mod *mlir.Module, cfg compileConfig) (*JitExecutable, error) {
	fn, err := lower.SelectEntry(mod, cfg.entry)
	if err != nil {
		return nil, err
	}
	cons, err := lower.OperandConstraints(fn)
	if err != nil {
		return nil, err
	}
	j := &JitExecutable{rt: r, key: key, mod: mod, fn: fn, cfg: cfg, cons: cons, mode: cfg.mode,
		pending: map[cache.Key]bool{}}
	if lower.HasControlFlow(fn) {
		fl, err := lower.BuildFlow(mod, fn)
		if err != nil {
			return nil, err
		}
		if j.flow, j.parts, err = r.newFlow(ctx, key, mod, fl, cfg); err != nil {
			return nil, err
		}
		j.defErr = ErrControlFlow
		return j, nil
	}
	unresolved := false
	static := true
	for i, c := range cons {
		unresolved = unresolved || c != lower.Resolved
		j.hasValue = j.hasValue || c == lower.ConstraintValue
		static = static && fn.Args[i].Type.IsStatic()
	}
	if unresolved && j.mode == SpecializeDisabled {
		return nil, fmt.Errorf("%w: compilation options disabled specialization, however operands have unresolved constraints: %s",
			mlir.ErrInvalid, lower.Unresolved(cons))
	}
	if static && !unresolved {
		j.mode = SpecializeDisabled // nothing to learn from the operands
	}
	for _, i := range lower.SizeArgs(fn) {
		if cons[i] == lower.ConstraintShape {
			j.perLen = append(j.perLen, i)
		}
	}
	j.resolver = lower.NewResolver(fn, cons)
	j.defKey = defaultKey(key)
	switch {
	case unresolved:
		j.defErr = fmt.Errorf("%w: default executable is not available: operands have unresolved constraints %s", ErrArgument, lower.Unresolved(cons))
	case j.mode == SpecializeAlways:
		j.defErr = fmt.Errorf("%w: default executable is not available in specialization mode always", ErrArgument)
	default:
		x, err := r.executable(ctx, j.defKey, j.lowerDefault)
		switch {
		case err == nil:
			x.release()
		case errors.Is(err, mlir.ErrNeedsShapes) && j.mode != SpecializeDisabled:
			// Only shape specializations compile (a squeeze of a dim that
			// may be 1): compile one for every call's shapes.
			j.defErr = fmt.Errorf("%w: default executable is not available: %w", ErrArgument, err)
		default:
			return nil, err
		}
	}
	return j, nil
}

// lowerDefault checks and lowers the kernel for its declared argument
// types: the default executable's kernel.
func (e *JitExecutable) lowerDefault(ctx context.Context) (*lower.Kernel, error) {
	return lower.CompileContext(ctx, e.mod, e.rt.cfg.limits.withDefaults().lowerOptions(
		lower.CompileOptions{Entry: e.fn.Name, KeepStages: e.cfg.stages}))
}

// specialize lowers the kernel for one symbolic shape (and values) and
// tells the listener.
func (e *JitExecutable) specialize(ctx context.Context, sym lower.SymbolicShapes, values []*memref.Tensor) (*lower.Kernel, error) {
	types := sym.Types(e.fn)
	e.rt.specializations.Add(1)
	if l := e.cfg.listener; l != nil {
		l.ModuleSpecialized(types, sym)
		for i, v := range values {
			if v != nil {
				l.ValueSpecialized(i, &mlir.DenseAttr{Type: mlir.Ranked(v.DType, v.Shape...), Value: v})
			}
		}
	}
	k, err := lower.CompileContext(ctx, e.mod, e.rt.cfg.limits.withDefaults().lowerOptions(lower.CompileOptions{
		Entry: e.fn.Name, KeepStages: e.cfg.stages, ArgTypes: types, ArgSyms: sym, ArgValues: values}))
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, fmt.Errorf("failed to specialize executable: %w", err)
	}
	return k, nil
}

// executable returns the executable for an artifact key, loaded into this
// runtime's arena, with a reference taken: building the artifact through
// the shared cache (compile lowers it) and loading it on a miss.
func (r *Runtime) executable(ctx context.Context, key cache.Key, compile func(context.Context) (*lower.Kernel, error)) (*Executable, error) {
	for {
		x, err := r.loaded.Get(ctx, key, func(ctx context.Context) (*Executable, int64, error) {
			select {
			case r.compiles <- struct{}{}:
				defer func() { <-r.compiles }()
			case <-ctx.Done():
				return nil, 0, ctx.Err()
			}
			end, err := r.beginCompile()
			if err != nil {
				return nil, 0, err
			}
			defer end()
			a, err := r.shared.build(ctx, key, r.codegen, r.cfg.limits.withDefaults(), r.inflight.begin, compile)
			if err != nil {
				return nil, 0, err
			}
			if err := ctx.Err(); err != nil {
				return nil, 0, err
			}
			x, err := r.load(ctx, a)
			if err != nil {
				return nil, 0, err
			}
			return x, int64(len(a.bin)) + 4<<10, nil
		})
		if err != nil {
			return nil, err
		}
		if x.acquire() {
			return x, nil
		}
		// Evicted between the lookup and the reference: look again.
	}
}

// loadedExecutable returns an executable already in the cache (or the
// error its compilation failed with), without compiling or waiting.
func (r *Runtime) loadedExecutable(key cache.Key) (*Executable, error, bool) {
	x, err, ok := r.loaded.Peek(key)
	if !ok {
		return nil, nil, false
	}
	if err != nil {
		return nil, err, true
	}
	if !x.acquire() {
		return nil, nil, false
	}
	return x, nil, true
}

// build returns the artifact for key generated with opts, compiling it (or
// reading its Wasm from disk) on a miss. compile lowers the kernel; it is
// always run, since the host side of a run needs the lowered kernel.
func (c *Cache) build(ctx context.Context, key cache.Key, opts wasmgen.Options, lim CompileLimits, track func() func(), compile func(context.Context) (*lower.Kernel, error)) (*artifact, error) {
	key = artifactKey(key, opts, lim)
	return c.artifacts.Get(ctx, key, func(ctx context.Context) (*artifact, int64, error) {
		defer track()()
		k, err := compile(ctx)
		if err != nil {
			return nil, 0, err
		}
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		a := &artifact{kernel: k, irDigest: sha256.Sum256([]byte(k.Program.String())), opts: opts}
		if c.disk != nil {
			if blob, err := c.disk.Get(key); err == nil && len(blob) > 32 && [32]byte(blob[:32]) == a.irDigest {
				a.bin = blob[32:]
				c.diskHits.Add(1)
				return a, a.size(), nil
			} else if err != cache.ErrMiss { //nolint:errorlint // a plain miss is the sentinel itself
				c.diskRejects.Add(1) // corrupt, foreign, or from another compiler
			}
			c.diskMisses.Add(1)
		}
		m, err := wasmgen.CompileContext(ctx, k.Program, opts)
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		if err != nil {
			return nil, 0, fmt.Errorf("%w: %v", ErrInternal, err)
		}
		if a.bin, err = m.Encode(); err != nil {
			return nil, 0, fmt.Errorf("%w: %v", ErrInternal, err)
		}
		if len(a.bin) > lim.WasmBytes {
			return nil, 0, &LimitError{Limit: "max_wasm_bytes", What: "the Wasm module (bytes)", Got: int64(len(a.bin)), Max: int64(lim.WasmBytes)}
		}
		if c.disk != nil {
			_ = c.disk.Put(key, append(a.irDigest[:], a.bin...))
		}
		return a, a.size(), nil
	})
}

// load loads an artifact into the runtime's arena.
func (r *Runtime) load(ctx context.Context, a *artifact) (*Executable, error) {
	k := a.kernel
	ranks := make([]int, len(k.Program.Buffers))
	for i, b := range k.Program.Buffers {
		ranks[i] = b.Rank()
	}
	layout, err := memref.NewArgLayout(len(k.Program.Params), ranks)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInternal, err)
	}
	mb, err := r.arena.be.load(ctx, a.bin, len(k.Program.Nests))
	if err != nil && r.shared.nativeDir != "" {
		// A bad native cache entry makes wazero fail rather than recompile:
		// drop the native cache's files and try once more.
		r.shared.purgeNative()
		mb, err = r.arena.be.load(ctx, a.bin, len(k.Program.Nests))
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInternal, err)
	}
	r.shared.recordNative()
	r.loads.Add(1)
	dataAt := make([]int, len(k.Program.Buffers))
	for i := range dataAt {
		dataAt[i] = layout.DataOffset(i)
	}
	ow := make([]bool, len(k.Program.Buffers))
	for b := range ow {
		ow[b] = k.Program.WritesWhole(b)
	}
	x := &Executable{rt: r, art: a, kernel: k, layout: layout, dataAt: dataAt, resultBufs: resultBuffers(k), overwritten: ow, mod: mb}
	r.liveMu.Lock()
	defer r.liveMu.Unlock()
	if r.live == nil { // cannot happen: loads run inside the runtime's gate
		mb.close(ctx)
		return nil, ErrClosed
	}
	r.live[x] = struct{}{}
	return x, nil
}

// resultBufs is Executable.resultBufs for kernel k (nil when some result
// is an argument, a constant, or an output named twice, or an output is
// no result).
func resultBuffers(k *lower.Kernel) []int {
	outputs := 0
	for _, b := range k.Program.Buffers {
		if b.Kind == loopir.Output {
			outputs++
		}
	}
	if outputs != len(k.Results) {
		return nil
	}
	bufs := make([]int, len(k.Results))
	for i, rs := range k.Results {
		if rs.Arg >= 0 || rs.Const != nil || rs.Buf < 0 || rs.Buf >= len(k.Program.Buffers) ||
			k.Program.Buffers[rs.Buf].Kind != loopir.Output || slices.Contains(bufs[:i], rs.Buf) {
			return nil
		}
		bufs[i] = rs.Buf
	}
	return bufs
}
