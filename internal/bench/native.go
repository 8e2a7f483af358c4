package bench

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// NativeSource is the suite's native C peer (native/suite.c): K1 … K10 as
// non-inlined C functions over preallocated 64-byte-aligned buffers,
// computing what the Go baselines compute in the same loop orders, with a
// command line that reads a kernel's inputs from raw little-endian float32
// files, times it and writes its result (see the file's comment).
//
//go:embed native/suite.c
var NativeSource []byte

// NativeFlags are the peers BuildNative builds: the "C -O3" and "C -Ofast"
// columns of `sandjit bench --native` (-Ofast adds -ffast-math, which lets
// the compiler reassociate sums and call glibc's vector tanhf and expf).
var NativeFlags = []struct {
	Name  string
	Flags []string
}{
	{"C -O3", []string{"-O3", "-march=native"}},
	{"C -Ofast", []string{"-Ofast", "-march=native"}},
}

// ErrNoCompiler is returned (wrapped) by BuildNative when the C compiler
// cannot be found.
var ErrNoCompiler = errors.New("no C compiler")

// NativePeer is NativeSource built with one set of flags.
type NativePeer struct {
	Name  string   // "C -O3"
	Flags []string // the compiler's optimisation flags
	Path  string   // the executable
}

// CCompiler is the compiler command BuildNative uses when given none: $CC
// split at spaces (it may carry arguments, e.g. "ccache gcc"), else "gcc".
func CCompiler() []string {
	if cc := strings.Fields(os.Getenv("CC")); len(cc) > 0 {
		return cc
	}
	return []string{"gcc"}
}

// BuildNative writes NativeSource into dir and compiles it once per
// NativeFlags entry with cc (a command and its leading arguments; nil:
// CCompiler()), linking libm. A compiler that cannot be found gives an
// error wrapping ErrNoCompiler; a failed compilation one that quotes the
// compiler's output.
func BuildNative(ctx context.Context, cc []string, dir string) ([]*NativePeer, error) {
	if len(cc) == 0 {
		cc = CCompiler()
	}
	path, err := exec.LookPath(cc[0])
	if err != nil {
		return nil, fmt.Errorf("%w: %q (set $CC or install gcc): %w", ErrNoCompiler, cc[0], err)
	}
	src := filepath.Join(dir, "suite.c")
	if err := os.WriteFile(src, NativeSource, 0o644); err != nil {
		return nil, fmt.Errorf("native peer: %w", err)
	}
	var peers []*NativePeer
	for i, nf := range NativeFlags {
		exe := filepath.Join(dir, fmt.Sprintf("suite%d", i))
		args := append(append(append([]string{}, cc[1:]...), nf.Flags...), "-o", exe, src, "-lm")
		cmd := exec.CommandContext(ctx, path, args...)
		var out capWriter
		out.max = 8 << 10
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("native peer %s: %s %s: %w\n%s", nf.Name, cc[0], strings.Join(args, " "), err, out.String())
		}
		peers = append(peers, &NativePeer{Name: nf.Name, Flags: nf.Flags, Path: exe})
	}
	return peers, nil
}

// NativeResult is one native peer's measurement of one kernel.
type NativeResult struct {
	Name   string `json:"name"`  // "C -O3"
	Flags  string `json:"flags"` // "-O3 -march=native"
	Timing Timing `json:"timing"`
	// Calls is the number of timed calls (samples × batch).
	Calls int64 `json:"calls"`
	// Ratio is the sandjit median over this peer's (0 until the kernel's
	// sandjit timing is known).
	Ratio float64 `json:"ratio"`
	// MaxAbsErr is the largest difference of its result from the Go
	// baseline's.
	MaxAbsErr float64 `json:"max_abs_err"`
}

// nativeReport is the JSON line the C program prints.
type nativeReport struct {
	MedianMs *float64 `json:"median_ms"`
	P10Ms    *float64 `json:"p10_ms"`
	P90Ms    *float64 `json:"p90_ms"`
	MeanMs   *float64 `json:"mean_ms"`
	MinMs    *float64 `json:"min_ms"`
	CPUMs    *float64 `json:"cpu_ms"`
	Calls    *float64 `json:"calls"`
	Samples  int64    `json:"samples"`
	Batch    int64    `json:"batch"`
}

// maxNativeOutput bounds what is kept of the C program's stdout and
// stderr: its report is one short line.
const maxNativeOutput = 16 << 10

// Run times the peer on c's kernel at c.D for about budget (at least 1 ms
// and 3 samples, after warm-up calls) on c's inputs, written to files in a
// temporary directory, and checks its result against the Go baseline's in
// c.Out (RunGo must have filled it) within the kernel's tolerance: a
// difference beyond it is an error wrapping ErrMismatch.
func (p *NativePeer) Run(ctx context.Context, c *Case, budget time.Duration) (NativeResult, error) {
	dir, err := os.MkdirTemp("", "sandjit-native-")
	if err != nil {
		return NativeResult{Name: p.Name}, err
	}
	defer os.RemoveAll(dir)
	in, err := writeNativeInputs(c, dir)
	if err != nil {
		return NativeResult{Name: p.Name}, err
	}
	return p.run(ctx, c, in, filepath.Join(dir, "out.f32"), budget)
}

// writeNativeInputs writes c's inputs into dir as raw little-endian
// float32 files and returns their paths.
func writeNativeInputs(c *Case, dir string) ([]string, error) {
	var paths []string
	for i, v := range c.In {
		p := filepath.Join(dir, fmt.Sprintf("in%d.f32", i))
		// The bytes as they are in memory: little-endian, as Prepare
		// already assumes when it copies them into the Wasm arena.
		if err := os.WriteFile(p, f32Bytes(v), 0o644); err != nil {
			return nil, fmt.Errorf("native peer: %w", err)
		}
		paths = append(paths, p)
	}
	return paths, nil
}

func (p *NativePeer) run(ctx context.Context, c *Case, in []string, out string, budget time.Duration) (NativeResult, error) {
	r := NativeResult{Name: p.Name, Flags: strings.Join(p.Flags, " ")}
	ms := max(1, budget.Milliseconds())
	args := []string{c.K.Name, strconv.Itoa(c.D.N), strconv.Itoa(c.D.M), strconv.Itoa(c.D.E), strconv.FormatInt(ms, 10)}
	args = append(append(args, in...), out)
	// The program stops itself once the budget is spent; the deadline only
	// guards against a hung child.
	ctx, cancel := context.WithTimeout(ctx, 4*time.Duration(ms)*time.Millisecond+5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.Path, args...)
	var stdout, stderr capWriter
	stdout.max, stderr.max = maxNativeOutput, maxNativeOutput
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = "(no message)"
		}
		return r, fmt.Errorf("%s: %s: %w", p.Name, msg, err)
	}
	if stdout.over {
		return r, fmt.Errorf("%s: more than %d bytes of output", p.Name, maxNativeOutput)
	}
	var rep nativeReport
	dec := json.NewDecoder(bytes.NewReader(stdout.buf.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		return r, fmt.Errorf("%s: bad report %q: %w", p.Name, stdout.String(), err)
	}
	for _, f := range []*float64{rep.MedianMs, rep.P10Ms, rep.P90Ms, rep.MeanMs, rep.MinMs, rep.CPUMs, rep.Calls} {
		if f == nil || !(*f >= 0) || math.IsInf(*f, 0) {
			return r, fmt.Errorf("%s: bad report %q: a field is missing, negative or not finite", p.Name, stdout.String())
		}
	}
	if !(*rep.MedianMs > 0) || *rep.Calls < 1 || *rep.Calls > 1<<62 {
		return r, fmt.Errorf("%s: bad report %q", p.Name, stdout.String())
	}
	r.Timing = Timing{MedianMs: *rep.MedianMs, P10Ms: *rep.P10Ms, P90Ms: *rep.P90Ms, MeanMs: *rep.MeanMs,
		MinMs: *rep.MinMs, CPUMs: *rep.CPUMs}
	r.Calls = int64(*rep.Calls)

	got, err := readFloat32s(out, len(c.Out))
	if err != nil {
		return r, fmt.Errorf("%s: %w", p.Name, err)
	}
	r.MaxAbsErr, err = c.checkValues(got, p.Name)
	return r, err
}

// readFloat32s reads a file of exactly n raw little-endian float32 values.
func readFloat32s(path string, n int) ([]float32, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() != 4*int64(n) {
		return nil, fmt.Errorf("%s: %d bytes, want %d float32 values (%d bytes)", path, st.Size(), n, 4*n)
	}
	b := make([]byte, 4*n)
	if _, err := f.ReadAt(b, 0); err != nil {
		return nil, err
	}
	v := make([]float32, n)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v, nil
}

// capWriter keeps the first max bytes written to it and notes whether more
// came.
type capWriter struct {
	buf  bytes.Buffer
	max  int
	over bool
}

func (w *capWriter) Write(p []byte) (int, error) {
	if room := w.max - w.buf.Len(); len(p) > room {
		w.buf.Write(p[:max(room, 0)])
		w.over = true
	} else {
		w.buf.Write(p)
	}
	return len(p), nil
}

func (w *capWriter) String() string {
	if w.over {
		return w.buf.String() + "…"
	}
	return w.buf.String()
}

// runNative times each of cfg.Native on c (after the sandjit variants,
// whose timing r already holds) with a quarter of the budget each, and
// records their results and ratios in r.
func runNative(ctx context.Context, c *Case, cfg *Config, r *Result) error {
	if len(cfg.Native) == 0 {
		return nil
	}
	dir, err := os.MkdirTemp("", "sandjit-native-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	in, err := writeNativeInputs(c, dir)
	if err != nil {
		return err
	}
	best := 0.0
	for _, p := range cfg.Native {
		nr, err := p.run(ctx, c, in, filepath.Join(dir, "out.f32"), cfg.Budget/4)
		if err != nil {
			return err
		}
		nr.Ratio = div(r.Sandjit.MedianMs, nr.Timing.MedianMs)
		r.Native = append(r.Native, nr)
		if best == 0 || nr.Timing.MedianMs < best {
			best = nr.Timing.MedianMs
		}
	}
	r.NativeRatio = div(r.Sandjit.MedianMs, best)
	if t := c.K.NativeTargetRatio(r.Backend); t > 0 && r.NativeRatio > 0 {
		met := r.NativeRatio <= t
		r.NativeTargetRatio, r.NativeMet = t, &met
	}
	return nil
}
