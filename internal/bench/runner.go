package bench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/memref"
)

// Config is how Run measures the suite.
type Config struct {
	Kernels []string // names (K1 … K10); empty: all, in order
	Size    int      // the suite's size (DimsFor); 0: DefaultSize
	// Iters is the number of measured calls of each variant per kernel;
	// 0 picks it per variant so that a kernel takes about Budget (each
	// variant an equal share of it, at least 10 calls).
	Iters  int
	Budget time.Duration // 0: 1 s
	// Warmup is the number of unmeasured calls of each variant before
	// the result is checked and calibration runs (0: 3; negative: none);
	// calibration runs each variant for a further ~20 ms, unmeasured too.
	Warmup  int
	Workers int    // engine.WithWorkers; 0: 1 (one thread)
	Backend string // engine.WithBackend; "": wazero
	// FusedMultiplyAdd is engine.WithFusedMultiplyAdd (a backend with
	// relaxed SIMD only; results are then checked within the kernel's
	// tolerance as always, no longer bit for bit against wazero).
	FusedMultiplyAdd bool
	Specialization   engine.Specialization
	// Static skips the dynamic form of each kernel (Kernel.DynamicSource),
	// which is otherwise compiled with the same specialization mode and
	// timed through RunInArena beside the static form (Result.Dynamic).
	Static bool
	Seed   uint64 // input generator seed; 0: 1
	// Native are native peers (BuildNative) to time on each kernel right
	// after its sandjit and Go variants, each for a quarter of Budget,
	// on the same inputs; their results are checked against the Go
	// baseline like sandjit's. nil: none.
	Native []*NativePeer
	// Progress, if set, is called as measurement proceeds (done of total
	// calls of each variant of kernel k), and once with done == 0 when a
	// kernel starts compiling.
	Progress func(k *Kernel, done, total int)
}

// Timing summarises one variant's per-call times, in milliseconds.
type Timing struct {
	MedianMs float64 `json:"median_ms"`
	P10Ms    float64 `json:"p10_ms"`
	P90Ms    float64 `json:"p90_ms"`
	MeanMs   float64 `json:"mean_ms"`
	MinMs    float64 `json:"min_ms"`
	// CPUMs is the process's CPU time (user + system, every thread)
	// spent per call while this variant ran; 0 where the platform has no
	// getrusage.
	CPUMs float64 `json:"cpu_ms"`
}

// Result is one kernel's measurement.
type Result struct {
	Kernel         string `json:"kernel"`
	Title          string `json:"title"`
	Shapes         string `json:"shapes"` // inputs → result, e.g. "1024x1024,1024 -> 1024x1024"
	Size           int    `json:"size"`
	Backend        string `json:"backend"`
	Workers        int    `json:"workers"`
	Specialization string `json:"specialization"`
	Iters          int    `json:"iters"` // measured calls of the sandjit (RunInArena) variant
	Warmup         int    `json:"warmup"`
	// Sandjit is the engine's copy-free path: JitExecutable.RunInArena on
	// inputs already in the runtime's arena (Runtime.NewTensor), the result
	// written in place and freed (Runtime.FreeTensor)
	// within the timed call. SandjitRun is JitExecutable.Run on the same
	// arena inputs: the result is copied out to a new tensor on the Go
	// heap. SandjitHeap is Run on inputs on the Go heap (memref.FromSlice),
	// copied in every call. Go is the plain-Go baseline, writing into a
	// preallocated slice.
	Sandjit     Timing `json:"sandjit"`
	SandjitRun  Timing `json:"sandjit_run"`
	SandjitHeap Timing `json:"sandjit_heap"`
	// SandjitInto is JitExecutable.RunInto on the arena inputs, into one
	// arena tensor kept across calls: no result tensor is made or freed
	// (for K9, no allocation at all).
	SandjitInto Timing `json:"sandjit_into"`
	// Dynamic is the kernel in its dynamic form (every dim `?`,
	// Kernel.DynamicSource) run through RunInArena on the same arena
	// inputs, with the same specialization mode (under
	// SpecializeEnabled, after its background specialization is ready);
	// DynamicRatio is Dynamic.MedianMs / Sandjit.MedianMs (above 1: the
	// dynamic form is slower than the static one). Absent with
	// Config.Static.
	Dynamic      *Timing `json:"dynamic,omitempty"`
	DynamicRatio float64 `json:"dynamic_ratio,omitempty"`
	Go           Timing  `json:"go"`
	// Ratio is Sandjit.MedianMs / Go.MedianMs (below 1: sandjit faster);
	// RunRatio and HeapRatio the same for SandjitRun and SandjitHeap.
	Ratio     float64 `json:"ratio"`
	RunRatio  float64 `json:"run_ratio"`
	HeapRatio float64 `json:"heap_ratio"`
	IntoRatio float64 `json:"into_ratio"`
	FLOPs     int64   `json:"flops"`
	Bytes     int64   `json:"bytes"`
	// Throughputs of the medians.
	GBps       float64 `json:"gb_per_s"`
	GFLOPs     float64 `json:"gflop_per_s"`
	CallsPerS  float64 `json:"calls_per_s"`
	GoGBps     float64 `json:"go_gb_per_s"`
	GoGFLOPs   float64 `json:"go_gflop_per_s"`
	GoCallsPer float64 `json:"go_calls_per_s"`
	// TargetMs is the target time per call (scaled from DefaultSize by
	// the byte count when TargetScaled); TargetGFLOPs the matmul's
	// throughput target on this backend. TargetRatio is
	// Sandjit.MedianMs / TargetMs; Met whether the median meets it.
	TargetMs     float64 `json:"target_ms"`
	TargetGFLOPs float64 `json:"target_gflop_per_s,omitempty"`
	TargetScaled bool    `json:"target_scaled,omitempty"`
	TargetRatio  float64 `json:"target_ratio"`
	Met          bool    `json:"met"`
	// MaxAbsErr is the largest difference from the Go baseline's result.
	MaxAbsErr float64 `json:"max_abs_err"`
	// Native holds the native peers' measurements (Config.Native), in
	// order; NativeRatio is Sandjit.MedianMs over the fastest peer's
	// median (below 1: sandjit faster). Both are absent without peers.
	Native      []NativeResult `json:"native,omitempty"`
	NativeRatio float64        `json:"native_ratio,omitempty"`
	// NativeTargetRatio is the target as a ratio to native code
	// (Kernel.NativeTargetRatio) and NativeMet whether NativeRatio meets
	// it: the target judged against the native peer of this sitting
	// rather than against peers.md's machine. Absent without peers or
	// for a kernel without an anchor (K9).
	NativeTargetRatio float64 `json:"native_target_ratio,omitempty"`
	NativeMet         *bool   `json:"native_met,omitempty"`
}

// ErrMismatch marks a result (sandjit's or a native peer's) that differs
// from the Go baseline's beyond the kernel's tolerance.
var ErrMismatch = errors.New("result differs from the Go baseline")

func (c *Config) kernels() ([]*Kernel, error) {
	if len(c.Kernels) == 0 {
		return Suite(), nil
	}
	var ks []*Kernel
	for _, n := range c.Kernels {
		n = strings.TrimSpace(n)
		k := Lookup(n)
		if k == nil {
			names := make([]string, len(suite))
			for i, k := range suite {
				names[i] = k.Name
			}
			return nil, fmt.Errorf("unknown kernel %q (the suite has %s)", n, strings.Join(names, ", "))
		}
		if !slices.Contains(ks, k) {
			ks = append(ks, k)
		}
	}
	return ks, nil
}

// Run measures the configured kernels: for each, compile once through the
// engine (the static form and, unless cfg.Static, the dynamic one), check
// its result against the Go baseline (failing with ErrMismatch if wrong,
// through RunInArena, Run and RunInto alike), warm up, then time the
// variants (RunInArena, Run and RunInto on arena inputs, Run on heap
// inputs, Go, and the dynamic form through RunInArena; see Result)
// interleaved in batches of about 20 ms each, so
// that machine noise and the garbage collector hit all of them alike while
// the calls of a batch run back to back, warm, as in a caller's loop; then
// the native peers of cfg.Native, if any (NativePeer.Run). It returns the
// results of the kernels measured before any error.
func Run(ctx context.Context, cfg Config) ([]Result, error) {
	ks, err := cfg.kernels()
	if err != nil {
		return nil, err
	}
	if cfg.Size <= 0 {
		cfg.Size = DefaultSize
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.Backend == "" {
		cfg.Backend = "wazero"
	}
	if cfg.Budget <= 0 {
		cfg.Budget = time.Second
	}
	switch {
	case cfg.Warmup == 0:
		cfg.Warmup = 3
	case cfg.Warmup < 0:
		cfg.Warmup = 0
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	d := DimsFor(cfg.Size)
	// The arena holds each kernel's inputs twice over (the arena copies and
	// a run's copies of the heap ones) plus its result and temporaries.
	var need int64
	for _, k := range ks {
		need = max(need, 4*k.Bytes(d))
	}
	arena := min(int64(1)<<32, (need+64<<20+0xffff)&^0xffff)
	rt, err := engine.New(ctx, engine.WithWorkers(cfg.Workers), engine.WithBackend(cfg.Backend), engine.WithArenaSize(arena),
		engine.WithFusedMultiplyAdd(cfg.FusedMultiplyAdd))
	if err != nil {
		return nil, err
	}
	defer rt.Close(ctx)
	var results []Result
	for _, k := range ks {
		r, err := runKernel(ctx, rt, k, d, &cfg)
		if err != nil {
			return results, fmt.Errorf("%s (%s): %w", k.Name, k.Title, err)
		}
		results = append(results, r)
	}
	return results, nil
}

// Case is one kernel prepared at one size: its source, inputs (as slices,
// heap tensors, and optionally arena tensors) and the Go baseline's output
// buffer.
type Case struct {
	K     *Kernel
	D     Dims
	Src   []byte
	In    [][]float32
	Heap  []*memref.Tensor
	Arena []*memref.Tensor // nil unless made by Prepare with a runtime
	Out   []float32        // the Go baseline's output
	rt    *engine.Runtime
}

// Prepare makes k's inputs for d; with rt non-nil, it also copies them
// into rt's arena (free them with Close).
func (k *Kernel) Prepare(rt *engine.Runtime, d Dims, seed uint64) (*Case, error) {
	c := &Case{K: k, D: d, Src: []byte(k.Source(d)), In: k.Inputs(d, seed), rt: rt}
	c.Out = make([]float32, elems(k.OutShape(d)))
	for i, s := range k.InShapes(d) {
		h, err := memref.FromSlice(s, c.In[i])
		if err != nil {
			return nil, err
		}
		c.Heap = append(c.Heap, h)
		if rt == nil {
			continue
		}
		a, err := rt.NewTensor(memref.Float32, s)
		if err != nil {
			c.Close()
			return nil, err
		}
		copy(a.Data, f32Bytes(c.In[i]))
		c.Arena = append(c.Arena, a)
	}
	return c, nil
}

// RunGo runs the Go baseline into c.Out.
func (c *Case) RunGo() { c.K.Go(c.D, c.Out, c.In) }

// Close frees the arena inputs.
func (c *Case) Close() {
	for _, a := range c.Arena {
		c.rt.FreeTensor(a)
	}
	c.Arena = nil
}

// Check compares a sandjit result with the Go baseline's (c.Out, which
// RunGo must have filled) and returns the largest absolute difference; an
// error wrapping ErrMismatch names the first element out of tolerance.
func (c *Case) Check(res []*memref.Tensor) (float64, error) {
	if len(res) != 1 {
		return 0, fmt.Errorf("%w: %d results, want 1", ErrMismatch, len(res))
	}
	want := c.K.OutShape(c.D)
	if res[0].DType != memref.Float32 || !slices.Equal(res[0].Shape, want) {
		return 0, fmt.Errorf("%w: result is %s, want %s", ErrMismatch, res[0].Type(), memref.TypeString(memref.Float32, want))
	}
	got, err := memref.Values[float32](res[0])
	if err != nil {
		return 0, err
	}
	return c.checkValues(got, "sandjit")
}

// checkValues is Check on a result's values (as many as c.Out), computed by
// who.
func (c *Case) checkValues(got []float32, who string) (float64, error) {
	if len(got) != len(c.Out) {
		return 0, fmt.Errorf("%w: %s has %d values, want %d", ErrMismatch, who, len(got), len(c.Out))
	}
	tol := c.K.Tol(c.D)
	maxErr := 0.0
	for i, g := range got {
		w := float64(c.Out[i])
		e := math.Abs(float64(g) - w)
		if !(e <= tol.ATol+tol.RTol*math.Abs(w)) {
			return e, fmt.Errorf("%w: element %d: %s %v, Go %v (|diff| %.3g > atol %.3g + rtol %.3g·|Go|)",
				ErrMismatch, i, who, g, c.Out[i], e, tol.ATol, tol.RTol)
		}
		maxErr = max(maxErr, e)
	}
	return maxErr, nil
}

func f32Bytes(v []float32) []byte {
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 4*len(v))
}

func shapesString(k *Kernel, d Dims) string {
	dims := func(s []int) string {
		p := make([]string, len(s))
		for i, x := range s {
			p[i] = fmt.Sprint(x)
		}
		return strings.Join(p, "x")
	}
	var in []string
	for _, s := range k.InShapes(d) {
		in = append(in, dims(s))
	}
	return strings.Join(in, ",") + " -> " + dims(k.OutShape(d))
}

// variant is one thing timed: a call, its per-call durations and the CPU
// time spent while it ran.
// batchTime is how long a variant runs before the next one takes over:
// long enough that the first, cold call after another variant's traffic
// (a transpose or a tiny kernel is several times slower cold) is a small
// part of every batch.
const batchTime = 20 * time.Millisecond

type variant struct {
	call func() error
	dur  []time.Duration
	cpu  time.Duration
	est  time.Duration // calibrated time per call
}

func runKernel(ctx context.Context, rt *engine.Runtime, k *Kernel, d Dims, cfg *Config) (Result, error) {
	if cfg.Progress != nil {
		cfg.Progress(k, 0, 0)
	}
	r := Result{Kernel: k.Name, Title: k.Title, Shapes: shapesString(k, d), Size: d.N, Backend: cfg.Backend,
		Workers: cfg.Workers, Specialization: cfg.Specialization.String(), Warmup: cfg.Warmup,
		FLOPs: k.FLOPs(d), Bytes: k.Bytes(d)}
	c, err := k.Prepare(rt, d, cfg.Seed)
	if err != nil {
		return r, err
	}
	defer c.Close()
	exe, err := rt.Compile(ctx, c.Src, engine.WithSpecialization(cfg.Specialization), engine.WithFilename(strings.ToLower(k.Name)+".mlir"))
	if err != nil {
		return r, fmt.Errorf("compile: %w", err)
	}
	inArena := func(exe *engine.JitExecutable) func() error {
		return func() error {
			res, err := exe.RunInArena(ctx, c.Arena...)
			for _, t := range res {
				rt.FreeTensor(t)
			}
			return err
		}
	}
	into, err := rt.NewTensor(memref.Float32, k.OutShape(d))
	if err != nil {
		return r, err
	}
	defer rt.FreeTensor(into)
	dst := []*memref.Tensor{into}
	vs := []*variant{
		{call: inArena(exe)},
		{call: func() error { _, err := exe.Run(ctx, c.Arena...); return err }},
		{call: func() error { _, err := exe.Run(ctx, c.Heap...); return err }},
		{call: func() error { c.RunGo(); return nil }},
		{call: func() error { return exe.RunInto(ctx, dst, c.Arena...) }},
	}
	var dyn *engine.JitExecutable
	if !cfg.Static {
		dyn, err = rt.Compile(ctx, []byte(k.DynamicSource(d)), engine.WithSpecialization(cfg.Specialization),
			engine.WithFilename(strings.ToLower(k.Name)+"-dynamic.mlir"))
		if err != nil {
			return r, fmt.Errorf("compile the dynamic form: %w", err)
		}
		vs = append(vs, &variant{call: inArena(dyn)})
	}
	for i := 0; i < cfg.Warmup; i++ {
		for _, v := range vs {
			if err := v.call(); err != nil {
				return r, fmt.Errorf("run: %w", err)
			}
		}
	}
	// Background specializations (SpecializeEnabled) are ready from here
	// on: the executable checked below is the one measured.
	if err := exe.WaitForCompilations(ctx); err != nil {
		return r, err
	}
	checks := []func() ([]*memref.Tensor, error){
		func() ([]*memref.Tensor, error) { return exe.RunInArena(ctx, c.Arena...) },
		func() ([]*memref.Tensor, error) { return exe.Run(ctx, c.Arena...) },
		func() ([]*memref.Tensor, error) { return exe.Run(ctx, c.Heap...) },
		func() ([]*memref.Tensor, error) { return dst, exe.RunInto(ctx, dst, c.Arena...) },
	}
	if dyn != nil {
		if err := dyn.WaitForCompilations(ctx); err != nil {
			return r, err
		}
		checks = append(checks, func() ([]*memref.Tensor, error) { return dyn.RunInArena(ctx, c.Arena...) })
	}
	c.RunGo()
	for i, run := range checks {
		res, err := run()
		if err != nil {
			return r, fmt.Errorf("run: %w", err)
		}
		e, err := c.Check(res)
		if i == 0 || i == 4 { // RunInArena: free the results
			for _, t := range res {
				rt.FreeTensor(t)
			}
		}
		if err != nil {
			return r, err
		}
		r.MaxAbsErr = max(r.MaxAbsErr, e)
	}

	// Calibrate: ~20 ms of each variant (at least one call) sets its
	// number of calls and its batch size.
	for _, v := range vs {
		n, t0 := 0, time.Now()
		for n < 100000 && (n == 0 || time.Since(t0) < 20*time.Millisecond) {
			if err := v.call(); err != nil {
				return r, fmt.Errorf("run: %w", err)
			}
			n++
		}
		v.est = max(time.Since(t0)/time.Duration(n), time.Nanosecond)
	}
	// Each variant runs its own number of calls (cfg.Iters, or as many as
	// fit in its share of the budget) in batches of about 20 ms of its own
	// calls, then the next variant: per-call times are taken around every
	// call, CPU time around every batch. Inside a batch the calls run back
	// to back, as in a caller's hot loop (and as the peers were measured);
	// the rotation spreads machine noise and the other variants' garbage
	// collection over all of them.
	remaining := make([]int, len(vs))
	batches := make([]int, len(vs))
	for i, v := range vs {
		n := cfg.Iters
		if n <= 0 {
			n = int(min(100000, max(10, int64(cfg.Budget/time.Duration(len(vs))/v.est))))
		}
		v.dur = make([]time.Duration, n)
		remaining[i] = n
		batches[i] = int(min(int64(n), max(1, int64(batchTime/v.est))))
	}
	r.Iters = len(vs[0].dur)
	runtime.GC()
	order := make([]int, len(vs))
	lastProgress := time.Now()
	for round := 0; slices.Max(remaining) > 0; round++ {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		// Rotate which variant goes first, so none always follows another.
		for j := range order {
			order[j] = (j + round) % len(vs)
		}
		for _, vi := range order {
			v := vs[vi]
			done := len(v.dur) - remaining[vi]
			n := min(batches[vi], remaining[vi])
			if n == 0 {
				continue
			}
			cpu0 := cpuTime()
			for i := done; i < done+n; i++ {
				t0 := time.Now()
				err := v.call()
				v.dur[i] = time.Since(t0)
				if err != nil {
					return r, fmt.Errorf("run: %w", err)
				}
			}
			v.cpu += cpuTime() - cpu0
			remaining[vi] -= n
		}
		if cfg.Progress != nil {
			done := len(vs[0].dur) - remaining[0]
			if slices.Max(remaining) == 0 || time.Since(lastProgress) > 50*time.Millisecond {
				cfg.Progress(k, done, len(vs[0].dur))
				lastProgress = time.Now()
			}
		}
	}
	r.Sandjit, r.SandjitRun, r.SandjitHeap, r.Go, r.SandjitInto = vs[0].timing(), vs[1].timing(), vs[2].timing(), vs[3].timing(), vs[4].timing()
	r.Ratio = div(r.Sandjit.MedianMs, r.Go.MedianMs)
	r.RunRatio = div(r.SandjitRun.MedianMs, r.Go.MedianMs)
	r.HeapRatio = div(r.SandjitHeap.MedianMs, r.Go.MedianMs)
	r.IntoRatio = div(r.SandjitInto.MedianMs, r.Go.MedianMs)
	if dyn != nil {
		t := vs[5].timing()
		r.Dynamic, r.DynamicRatio = &t, div(t.MedianMs, r.Sandjit.MedianMs)
	}
	sec, goSec := r.Sandjit.MedianMs/1e3, r.Go.MedianMs/1e3
	r.GBps, r.GoGBps = div(float64(r.Bytes), sec)/1e9, div(float64(r.Bytes), goSec)/1e9
	r.GFLOPs, r.GoGFLOPs = div(float64(r.FLOPs), sec)/1e9, div(float64(r.FLOPs), goSec)/1e9
	r.CallsPerS, r.GoCallsPer = div(1, sec), div(1, goSec)
	r.TargetMs, r.TargetScaled = k.Target(d, cfg.Backend)
	r.TargetGFLOPs = k.GFLOPsTarget(cfg.Backend)
	r.TargetRatio = div(r.Sandjit.MedianMs, r.TargetMs)
	r.Met = r.Sandjit.MedianMs <= r.TargetMs
	// The native peers run now, in the same sitting as this kernel's
	// variants, on the same inputs (c.Out holds the Go baseline's result).
	if err := runNative(ctx, c, cfg, &r); err != nil {
		return r, err
	}
	return r, nil
}

func (v *variant) timing() Timing {
	s := slices.Clone(v.dur)
	slices.Sort(s)
	var sum time.Duration
	for _, x := range s {
		sum += x
	}
	ms := func(t float64) float64 { return t / 1e6 }
	return Timing{
		MedianMs: ms(quantile(s, 0.5)), P10Ms: ms(quantile(s, 0.1)), P90Ms: ms(quantile(s, 0.9)),
		MeanMs: ms(float64(sum) / float64(len(s))), MinMs: ms(float64(s[0])),
		CPUMs: ms(float64(v.cpu) / float64(len(s))),
	}
}

// quantile interpolates linearly between the closest ranks of sorted s.
func quantile(s []time.Duration, q float64) float64 {
	if len(s) == 0 {
		return 0
	}
	p := q * float64(len(s)-1)
	i := int(p)
	if i >= len(s)-1 {
		return float64(s[len(s)-1])
	}
	f := p - float64(i)
	return float64(s[i])*(1-f) + float64(s[i+1])*f
}

// div is a/b, 0 when b is 0 (JSON has no infinities).
func div(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
