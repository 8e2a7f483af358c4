package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/lower"
	"github.com/sandjit/sandjit/memref"
)

// commonFlags are the flags of run and compile.
type commonFlags struct {
	entry      string
	dump       string
	workers    int
	arena      int64
	specialize string
	debugSpec  bool
	cacheDir   string
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.entry, "entry", "", "function to run (default: the first public one)")
	fs.StringVar(&c.dump, "dump", "", "show compiler output on stdout: comma-separated loops, wat, graph, stages")
	fs.IntVar(&c.workers, "workers", 0, "worker goroutines per run (default: GOMAXPROCS)")
	fs.Int64Var(&c.arena, "arena", 1<<30, "arena (linear memory) size in bytes")
	fs.StringVar(&c.specialize, "specialize", "enabled", "specialization mode: enabled, disabled or always")
	fs.BoolVar(&c.debugSpec, "debug-specializations", false, "print each specialization as it is compiled")
	fs.StringVar(&c.cacheDir, "cache-dir", "", "keep compiled kernels on disk here (reused by later runs)")
}

func (c *commonFlags) dumps() (map[string]bool, error) {
	out := map[string]bool{}
	if c.dump == "" {
		return out, nil
	}
	for _, d := range strings.Split(c.dump, ",") {
		switch d {
		case "loops", "wat", "graph", "stages":
			out[d] = true
		default:
			return nil, usagef("--dump: unknown output %q (want loops, wat, graph or stages)", d)
		}
	}
	return out, nil
}

// runtime makes the engine; close it with the returned function.
func (c *commonFlags) runtime(ctx context.Context) (*engine.Runtime, func(), error) {
	opts := []engine.Option{engine.WithArenaSize(c.arena)}
	if c.workers > 0 {
		opts = append(opts, engine.WithWorkers(c.workers))
	}
	var ch *engine.Cache
	if c.cacheDir != "" {
		var err error
		if ch, err = engine.NewCache(engine.CacheOptions{Dir: c.cacheDir}); err != nil {
			return nil, nil, err
		}
		opts = append(opts, engine.WithCache(ch))
	}
	rt, err := engine.New(ctx, opts...)
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	return rt, func() {
		rt.Close(ctx)
		if ch != nil {
			ch.Close(ctx)
		}
	}, nil
}

func (c *commonFlags) compileOptions(file string, dumps map[string]bool, stdout io.Writer) ([]engine.CompileOption, error) {
	mode, err := engine.ParseSpecialization(c.specialize)
	if err != nil {
		return nil, usagef("--specialize: %v", err)
	}
	opts := []engine.CompileOption{engine.WithEntry(c.entry), engine.WithFilename(file), engine.WithSpecialization(mode)}
	if dumps["stages"] {
		opts = append(opts, engine.WithStages())
	}
	if c.debugSpec {
		opts = append(opts, engine.WithSpecializationListener(engine.DebugListener(stdout)))
	}
	return opts, nil
}

// parse parses the command line of run or compile: flags and exactly one
// kernel file.
func (c *commonFlags) parse(fs *flag.FlagSet, args []string) (string, map[string]bool, error) {
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return "", nil, err
	}
	if len(pos) != 1 {
		fs.Usage()
		return "", nil, usagef("%s: want exactly one kernel file, got %d arguments", fs.Name(), len(pos))
	}
	dumps, err := c.dumps()
	return pos[0], dumps, err
}

// open reads and compiles the kernel file; close the runtime with the
// returned function.
func (c *commonFlags) open(ctx context.Context, path string, dumps map[string]bool, stdout io.Writer) (*engine.JitExecutable, func(), error) {
	src, err := readKernel(path)
	if err != nil {
		return nil, nil, err
	}
	copts, err := c.compileOptions(path, dumps, stdout)
	if err != nil {
		return nil, nil, err
	}
	rt, closeRT, err := c.runtime(ctx)
	if err != nil {
		return nil, nil, err
	}
	exe, err := rt.Compile(ctx, src, copts...)
	if err != nil {
		closeRT()
		return nil, nil, err
	}
	return exe, closeRT, nil
}

// maxInputBytes bounds one --input=@file.npy.
const maxInputBytes = 4 << 30

func runRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c commonFlags
	c.register(fs)
	var inputs, outputs listFlag
	fs.Var(&inputs, "input", "an argument, in order: 2x3xf32=1 2 3 4 5 6, f32=5, or @file.npy (repeat per argument)")
	fs.Var(&outputs, "output", "where result i goes: @file.npy (repeat per result; results without one are printed)")
	maxPrint := fs.Int("print-max", 1024, "print at most this many elements of a result")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: sandjit run KERNEL.mlir [--entry=NAME] [--input=…]… [--output=@r.npy]… [--specialize=enabled|disabled|always] [--dump=loops,wat]")
		fs.PrintDefaults()
	}
	path, dumps, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	tensors := make([]*memref.Tensor, len(inputs))
	for i, in := range inputs {
		t, err := parseInput(in)
		if err != nil {
			return fmt.Errorf("--input #%d: %w", i, err)
		}
		tensors[i] = t
	}
	for i, o := range outputs {
		if !strings.HasPrefix(o, "@") || len(o) < 2 {
			return usagef("--output #%d: want @file.npy, got %q", i, o)
		}
	}
	exe, closeRT, err := c.open(ctx, path, dumps, stdout)
	if err != nil {
		return err
	}
	defer closeRT()
	if len(tensors) != len(exe.Func().Args) {
		return fmt.Errorf("@%s takes %d arguments (%s), got %d --input", exe.Func().Name, len(exe.Func().Args), argList(exe.Func()), len(tensors))
	}
	if len(dumps) > 0 {
		x, err := exe.ExecutableFor(ctx, tensors...)
		switch {
		case errors.Is(err, engine.ErrControlFlow):
			dumpParts(ctx, stdout, exe, dumps)
		case err != nil:
			return err
		default:
			printDumps(stdout, x.Kernel(), x, dumps)
			x.Release()
		}
	}
	results, err := exe.Run(ctx, tensors...)
	if err != nil {
		return err
	}
	if len(outputs) > len(results) {
		return usagef("%d --output flags for %d results", len(outputs), len(results))
	}
	for i, r := range results {
		if i < len(outputs) {
			if err := memref.WriteNPYFile(outputs[i][1:], r); err != nil {
				return fmt.Errorf("result[%d]: %w", i, err)
			}
			continue
		}
		fmt.Fprintf(stdout, "result[%d]: %s\n", i, memref.Format(r, *maxPrint))
	}
	return nil
}

func argList(fn *lower.Func) string {
	parts := make([]string, len(fn.Args))
	for i, a := range fn.Args {
		parts[i] = a.Type.String()
	}
	return strings.Join(parts, ", ")
}

// readKernel reads a kernel file, bounding its size.
func readKernel(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lim := int64(lower.DefaultParseLimits().MaxBytes)
	src, err := io.ReadAll(io.LimitReader(f, lim+1))
	if err != nil {
		return nil, err
	}
	if int64(len(src)) > lim {
		return nil, fmt.Errorf("%s: kernel is larger than %d bytes", path, lim)
	}
	return src, nil
}

// parseInput reads one --input value.
func parseInput(s string) (*memref.Tensor, error) {
	if strings.HasPrefix(s, "@") {
		t, err := memref.ReadNPYFile(s[1:], maxInputBytes)
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file", s[1:])
		}
		return t, err
	}
	return memref.ParseLiteral(s)
}

func runCompile(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("compile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c commonFlags
	c.register(fs)
	out := fs.String("o", "", "write the Wasm binary to this file")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: sandjit compile KERNEL.mlir [--entry=NAME] [--dump=loops,wat,graph,stages] [-o kernel.wasm]")
		fs.PrintDefaults()
	}
	path, dumps, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(dumps) == 0 && *out == "" {
		dumps["loops"] = true
	}
	exe, closeRT, err := c.open(ctx, path, dumps, stdout)
	if err != nil {
		return err
	}
	defer closeRT()
	x, err := exe.Default(ctx)
	if errors.Is(err, engine.ErrControlFlow) && *out == "" {
		dumpParts(ctx, stdout, exe, dumps)
		return nil
	}
	if err != nil {
		return fmt.Errorf("@%s (%s): %w; use 'sandjit run --dump=…' with inputs to see a specialization", exe.Func().Name, argList(exe.Func()), err)
	}
	defer x.Release()
	printDumps(stdout, x.Kernel(), x, dumps)
	if *out != "" {
		if err := os.WriteFile(*out, x.Wasm(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// dumpParts shows the compiler outputs of each part of a kernel with
// control flow (their default executables; a part that has none says why).
func dumpParts(ctx context.Context, w io.Writer, exe *engine.JitExecutable, dumps map[string]bool) {
	fmt.Fprintf(w, "// @%s has control flow: the host runs %d parts\n", exe.Func().Name, len(exe.Parts()))
	for _, p := range exe.Parts() {
		fmt.Fprintf(w, "// part @%s\n", p.Func().Name)
		x, err := p.Default(ctx)
		if err != nil {
			fmt.Fprintf(w, "// (no default executable: %v)\n", err)
			continue
		}
		printDumps(w, x.Kernel(), x, dumps)
		x.Release()
	}
}

// printDumps shows the requested compiler outputs.
func printDumps(w io.Writer, k *lower.Kernel, x *engine.Executable, dumps map[string]bool) {
	if dumps["graph"] {
		fmt.Fprintf(w, "// kernel graph\n%s\n", k.Func)
	}
	if dumps["stages"] {
		for _, s := range k.Stages {
			fmt.Fprintf(w, "// loop IR after %s\n%s\n", s.Name, s.Text)
		}
	}
	if dumps["loops"] {
		fmt.Fprintf(w, "// loop IR\n%s\n", k.Program)
	}
	if dumps["wat"] {
		fmt.Fprintf(w, "// wasm\n%s\n", x.WAT())
	}
}
