package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/memref"
	"github.com/sandjit/sandjit/server"
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
	// Bounds, the server's default quotas unless set: a hostile file
	// cannot hang the shell or take the machine's memory.
	timeout     time.Duration
	maxSource   int
	maxOps      int
	maxRank     int
	maxElements int
}

// defaultTimeout bounds compile and run together by default.
const defaultTimeout = 2 * time.Minute

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.entry, "entry", "", "function to run (default: the first public one)")
	fs.StringVar(&c.dump, "dump", "", "show compiler output on stdout: comma-separated loops, wat, graph, stages")
	fs.IntVar(&c.workers, "workers", 0, "worker goroutines per run (default: GOMAXPROCS)")
	fs.Int64Var(&c.arena, "arena", 1<<30, "arena (linear memory) size in bytes")
	fs.StringVar(&c.specialize, "specialize", "enabled", "specialization mode: enabled, disabled or always")
	fs.BoolVar(&c.debugSpec, "debug-specializations", false, "print each specialization as it is compiled")
	fs.StringVar(&c.cacheDir, "cache-dir", "", "keep compiled kernels on disk here (reused by later runs)")
	q := server.DefaultQuotas()
	fs.DurationVar(&c.timeout, "timeout", defaultTimeout, "give up on compile and run together after this long (0: no limit)")
	fs.IntVar(&c.maxSource, "max-source-bytes", q.MaxSourceBytes, "largest kernel text accepted (the server's max_source_bytes)")
	fs.IntVar(&c.maxOps, "max-ops", q.MaxOps, "most ops a kernel may have (the server's max_ops)")
	fs.IntVar(&c.maxRank, "max-rank", memref.MaxRank, "highest rank of any value, computed shapes included (the ABI's limit is 16; the server's default max_rank is 8)")
	fs.IntVar(&c.maxElements, "max-elements", q.MaxElements, "most elements of an input, a dense literal or a computed shape (the server's max_elements)")
}

// withTimeout bounds ctx by --timeout.
func (c *commonFlags) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if c.timeout <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, c.timeout)
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
	opts := []engine.Option{engine.WithArenaSize(c.arena),
		engine.WithCompileLimits(engine.CompileLimits{Rank: c.maxRank, Elements: int64(c.maxElements)})}
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
	opts := []engine.CompileOption{engine.WithEntry(c.entry), engine.WithFilename(file), engine.WithSpecialization(mode),
		engine.WithParseLimits(engine.ParseLimits{MaxBytes: c.maxSource, MaxOps: c.maxOps, MaxDenseElements: c.maxElements})}
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
		return "", nil, usagef("want exactly one kernel file, got %d arguments", len(pos))
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
		fmt.Fprintln(fs.Output(), "Usage: sandjit run KERNEL.mlir [--entry=NAME] [--input=…]… [--output=@r.npy]… [--specialize=enabled|disabled|always] [--dump=loops,wat]")
		fs.PrintDefaults()
	}
	path, dumps, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	ctx, cancel := c.withTimeout(ctx)
	defer cancel()
	tensors := make([]*memref.Tensor, len(inputs))
	for i, in := range inputs {
		if isBracketed(in) {
			continue // typed below, from the kernel's signature
		}
		t, err := parseInput(in)
		if err != nil {
			return fmt.Errorf("--input #%d: %w", i, err)
		}
		if t.Len() > c.maxElements {
			return fmt.Errorf("--input #%d: %s has %d elements, more than --max-elements=%d", i, t.Type(), t.Len(), c.maxElements)
		}
		tensors[i] = t
	}
	for i, o := range outputs {
		if !strings.HasPrefix(o, "@") || len(o) < 2 {
			if len(o) > 0 && !strings.HasPrefix(o, "@") {
				return usagef("--output #%d: want @file.npy, got %q; did you mean --output=@%s?", i, o, o)
			}
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
	for i, in := range inputs {
		if tensors[i] == nil {
			if tensors[i], err = parseBracketed(in, exe.Func().Args[i].Type.Elem); err != nil {
				return fmt.Errorf("--input #%d: %w", i, err)
			}
		}
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

func argList(fn *engine.Func) string {
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
	lim := int64(engine.DefaultParseLimits().MaxBytes)
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
	t, err := memref.ParseLiteral(s)
	if err != nil && looksLikeFile(s) {
		return nil, fmt.Errorf("%q is a file name, not a tensor literal; did you mean --input=@%s?", s, s)
	}
	return t, err
}

// isBracketed reports whether an --input is a bare bracketed literal
// ([[1,2],[3,4]]): its shape is the nesting, its element type the
// argument's.
func isBracketed(s string) bool { return strings.HasPrefix(strings.TrimSpace(s), "[") }

// parseBracketed parses a bare bracketed literal as a tensor of dtype dt
// (the kernel argument's element type).
func parseBracketed(s string, dt memref.DType) (*memref.Tensor, error) {
	shape, err := bracketShape(s)
	if err != nil {
		return nil, fmt.Errorf("%w %q: %v (want e.g. [[1,2],[3,4]], or a type first: 2x2xf32=1 2 3 4)", memref.ErrLiteral, s, err)
	}
	typ := dt.String()
	for i := len(shape) - 1; i >= 0; i-- {
		typ = fmt.Sprintf("%dx%s", shape[i], typ)
	}
	return memref.ParseLiteral(typ + "=" + s)
}

// bracketShape is the shape of a nested, rectangular bracketed list of
// values: [[1,2,3],[4,5,6]] is [2 3]. Values are separated by commas or
// spaces and must all sit at the innermost level.
func bracketShape(s string) ([]int, error) {
	var shape, counts []int // per level: its length (-1: not seen yet); the open lists' counts so far
	leaf, tops := -1, 0     // the level values sit at; lists at the top
	record := func(level, n int) error {
		for len(shape) <= level {
			shape = append(shape, -1)
		}
		if shape[level] == -1 {
			shape[level] = n
		} else if shape[level] != n {
			return fmt.Errorf("ragged: lists of %d and %d values at depth %d", shape[level], n, level+1)
		}
		return nil
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '[':
			if leaf >= 0 && len(counts) >= leaf {
				return nil, fmt.Errorf("a list where a value belongs")
			}
			if len(counts) == 0 {
				if tops++; tops > 1 {
					return nil, fmt.Errorf("want one outer list, got more")
				}
			} else {
				counts[len(counts)-1]++
			}
			counts = append(counts, 0)
			i++
		case c == ']':
			if len(counts) == 0 {
				return nil, fmt.Errorf("unbalanced ']'")
			}
			if err := record(len(counts)-1, counts[len(counts)-1]); err != nil {
				return nil, err
			}
			counts = counts[:len(counts)-1]
			i++
		case c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default:
			j := i
			for j < len(s) && !strings.ContainsRune("[], \t\n\r", rune(s[j])) {
				j++
			}
			if len(counts) == 0 {
				return nil, fmt.Errorf("value %q outside the brackets", s[i:j])
			}
			if leaf == -1 {
				leaf = len(counts)
			} else if leaf != len(counts) {
				return nil, fmt.Errorf("values at different depths")
			}
			counts[len(counts)-1]++
			i = j
		}
	}
	switch {
	case len(counts) != 0:
		return nil, fmt.Errorf("unbalanced '['")
	case tops != 1:
		return nil, fmt.Errorf("want one outer list, got none")
	case leaf != -1 && leaf != len(shape):
		return nil, fmt.Errorf("values at different depths")
	}
	return shape, nil
}

// looksLikeFile reports whether a value that is no tensor literal names a
// file (an .npy name, or a file that exists): the '@' was forgotten.
func looksLikeFile(s string) bool {
	if strings.HasSuffix(strings.ToLower(s), ".npy") {
		return true
	}
	st, err := os.Stat(s)
	return err == nil && st.Mode().IsRegular()
}

func runCompile(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("compile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c commonFlags
	c.register(fs)
	out := fs.String("o", "", "write the Wasm binary to this file")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: sandjit compile KERNEL.mlir [--entry=NAME] [--dump=loops,wat,graph,stages] [-o kernel.wasm]")
		fs.PrintDefaults()
	}
	path, dumps, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	ctx, cancel := c.withTimeout(ctx)
	defer cancel()
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
	c := commentFor(dumps)
	fmt.Fprintf(w, "%s @%s has control flow: the host runs %d parts\n", c, exe.Func().Name, len(exe.Parts()))
	for _, p := range exe.Parts() {
		fmt.Fprintf(w, "%s part @%s\n", c, p.Func().Name)
		x, err := p.Default(ctx)
		if err != nil {
			fmt.Fprintf(w, "%s (no default executable: %v)\n", c, err)
			continue
		}
		printDumps(w, x.Kernel(), x, dumps)
		x.Release()
	}
}

// commentFor is how the dumps' headers start: WAT's ";;" when the Wasm
// text is all that is shown, so that the output is a valid .wat file
// (wat2wasm accepts it); the loop IR's "//" otherwise.
func commentFor(dumps map[string]bool) string {
	if len(dumps) == 1 && dumps["wat"] {
		return ";;"
	}
	return "//"
}

// printDumps shows the requested compiler outputs.
func printDumps(w io.Writer, k *engine.Kernel, x *engine.Executable, dumps map[string]bool) {
	c := commentFor(dumps)
	if dumps["graph"] {
		fmt.Fprintf(w, "%s kernel graph\n%s\n", c, k.Func)
	}
	if dumps["stages"] {
		for _, s := range k.Stages {
			fmt.Fprintf(w, "%s loop IR after %s\n%s\n", c, s.Name, s.Text)
		}
	}
	if dumps["loops"] {
		fmt.Fprintf(w, "%s loop IR\n%s\n", c, k.Program)
	}
	if dumps["wat"] {
		fmt.Fprintf(w, "%s wasm\n%s\n", c, x.WAT())
	}
}
