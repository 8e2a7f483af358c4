package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/internal/bench"
)

func init() {
	commands = append(commands, command{"bench",
		"the benchmark suite against plain Go (and C): sandjit bench [--kernel=K1,K7] [--size=1024] [--workers=1] [--static] [--native] [--json] [--plot=out.svg]", runBench,
		"sandjit bench [--kernel=K1,K7] [--size=1024] [--iters=N] [--workers=1] [--backend=wazero] [--specialize=enabled] [--fma] [--static] [--native] [--json] [--plot=FILE.svg]"})
}

func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	kernels := fs.String("kernel", "", "comma-separated kernels to run, e.g. K1,K7 (default: all, K1…K10)")
	size := fs.Int("size", bench.DefaultSize, "the suite's size: N of the NxN kernels; the matmul is N/2 cubed, K9's vectors N/128")
	iters := fs.Int("iters", 0, "measured calls of each variant per kernel (default: as many as fit in --budget, at least 10)")
	budget := fs.Duration("budget", time.Second, "measuring time per kernel when --iters is not given")
	warmup := fs.Int("warmup", 3, "unmeasured calls of each variant before measuring")
	workers := fs.Int("workers", 1, "worker goroutines per run (1: a single thread)")
	backend := fs.String("backend", "wazero", "Wasm runtime: "+strings.Join(engine.Backends(), " or "))
	specialize := fs.String("specialize", "enabled", "specialization mode: enabled, disabled or always")
	seed := fs.Uint64("seed", 1, "seed of the input generator")
	asJSON := fs.Bool("json", false, "print the results as JSON (one object per kernel) instead of a table")
	plot := fs.String("plot", "", "also write an SVG bar chart of the ratios to this file")
	static := fs.Bool("static", false, "skip the dynamic form of each kernel (every dim ?), which is otherwise timed beside the static one")
	fma := fs.Bool("fma", false, "fused multiply-add in the matmul kernel (relaxed SIMD: wasmtime only; results may differ in the last bits)")
	native := fs.Bool("native", false, "also measure the suite's C peer (C -O3 and C -Ofast), built with $CC or gcc, in the same sitting")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: sandjit bench [--kernel=K1,K7] [--size=1024] [--iters=N] [--workers=1] [--backend=wazero] [--specialize=enabled] [--fma] [--static] [--native] [--json] [--plot=FILE.svg]")
		fmt.Fprint(fs.Output(), "\nTimes the suite's kernels through the engine (RunInArena, Run and RunInto on inputs in the arena, Run on\ninputs on the Go heap), the same kernel in its dynamic form (every dim ?, RunInArena) and a plain-Go baseline,\ninterleaved, after checking each result against the baseline.\nWith --native, a C implementation of each kernel built with -O3 and with -Ofast follows on the same inputs.\n\n")
		for _, k := range bench.Suite() {
			fmt.Fprintf(fs.Output(), "  %-4s %s\n", k.Name, k.Title)
		}
		fmt.Fprintln(fs.Output())
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("bench: unexpected argument %q", pos[0])
	}
	cfg := bench.Config{Size: *size, Iters: *iters, Budget: *budget, Warmup: *warmup, Workers: *workers,
		Backend: *backend, Seed: *seed, Static: *static, FusedMultiplyAdd: *fma}
	switch {
	case *size < 1:
		return usagef("bench: --size must be positive, got %d", *size)
	case *iters < 0:
		return usagef("bench: --iters must not be negative, got %d", *iters)
	case *warmup < 0:
		return usagef("bench: --warmup must not be negative, got %d", *warmup)
	case *budget <= 0:
		return usagef("bench: --budget must be positive, got %v", *budget)
	case *workers < 1 || *workers > 1024:
		return usagef("bench: --workers must be in [1, 1024], got %d", *workers)
	case !slices.Contains(engine.Backends(), *backend):
		return usagef("bench: unknown backend %q (this build has %s)", *backend, strings.Join(engine.Backends(), ", "))
	}
	if cfg.Specialization, err = engine.ParseSpecialization(*specialize); err != nil {
		return usagef("bench: --specialize: %v", err)
	}
	if *kernels != "" {
		for _, n := range strings.Split(*kernels, ",") {
			if bench.Lookup(strings.TrimSpace(n)) == nil {
				return usagef("bench: --kernel: unknown kernel %q (the suite has K1 to K10)", n)
			}
			cfg.Kernels = append(cfg.Kernels, n)
		}
	}
	if *warmup == 0 {
		cfg.Warmup = -1 // Config reads 0 as its default
	}
	if *native {
		dir, err := os.MkdirTemp("", "sandjit-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		if cfg.Native, err = bench.BuildNative(ctx, nil, dir); err != nil {
			return fmt.Errorf("bench --native: %w", err)
		}
	}
	p := &progress{w: stderr}
	cfg.Progress = p.update
	results, runErr := bench.Run(ctx, cfg)
	p.clear()
	if *asJSON {
		if err := bench.WriteJSON(stdout, results); err != nil {
			return err
		}
	} else if len(results) > 0 {
		if err := bench.WriteTable(stdout, results); err != nil {
			return err
		}
	}
	if *plot != "" && len(results) > 0 {
		r := results[0]
		title := fmt.Sprintf("sandjit bench: size %d, %s, %d worker(s)", r.Size, r.Backend, r.Workers)
		f, err := os.Create(*plot)
		if err != nil {
			return err
		}
		err = bench.WriteSVG(f, results, title)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return runErr
}

// progress keeps one status line on stderr, rewritten with \r.
type progress struct {
	w    io.Writer
	last int // length of the line shown
}

func (p *progress) update(k *bench.Kernel, done, total int) {
	line := fmt.Sprintf("%s %s: compiling, checking, warming up", k.Name, k.Title)
	if total > 0 {
		line = fmt.Sprintf("%s %s: %d/%d calls", k.Name, k.Title, done, total)
	}
	pad := max(0, p.last-len(line))
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
	p.last = len(line)
}

func (p *progress) clear() {
	if p.last > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.last))
		p.last = 0
	}
}
