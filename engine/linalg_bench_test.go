package engine_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/memref"
)

// The matmul and transpose kernels of wasmgen against its generic code
// path, through the public engine API on one worker, inputs in the arena
// and results left there (RunInArena), on every backend this build has:
//
//	go test ./engine -run '^$' -bench Linalg
//	LINALG_ROUNDS=15 go test ./engine -run LinalgSideBySide -v   (interleaved, medians)

// linalgKernel is one benchmark kernel: K7 or K8 of internal/bench.
type linalgKernel struct {
	name  string
	src   string
	in    [][]int
	flops float64 // 0: report ms only
}

func linalgKernels() []linalgKernel {
	const m, n = 512, 1024
	mm := fmt.Sprintf("tensor<%dx%dxf32>", m, m)
	tr := fmt.Sprintf("tensor<%dx%dxf32>", n, n)
	return []linalgKernel{
		{name: "K7", in: [][]int{{m, m}, {m, m}}, flops: 2 * m * m * m, src: fmt.Sprintf(`func.func @k7_matmul(%%a: %[1]s, %%b: %[1]s) -> %[1]s {
  %%0 = "tf.MatMul"(%%a, %%b) {device = "", transpose_a = false, transpose_b = false} : (%[1]s, %[1]s) -> %[1]s
  func.return %%0 : %[1]s
}
`, mm)},
		{name: "K8", in: [][]int{{n, n}}, src: fmt.Sprintf(`func.func @k8_transpose(%%x: %[1]s) -> %[1]s {
  %%perm = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %%0 = "tf.Transpose"(%%x, %%perm) {device = ""} : (%[1]s, tensor<2xi32>) -> %[1]s
  func.return %%0 : %[1]s
}
`, tr)},
	}
}

// linalgRun is one compiled variant: a runtime, its kernel and inputs.
type linalgRun struct {
	name string
	k    linalgKernel
	rt   *engine.Runtime
	exe  *engine.JitExecutable
	in   []*memref.Tensor
	out  []byte // the first run's result
}

// newLinalgRun compiles k on backend with the specialised kernels on or
// off (generic) and runs it once.
func newLinalgRun(tb testing.TB, k linalgKernel, backend string, generic bool) *linalgRun {
	tb.Helper()
	ctx := context.Background()
	opts := []engine.Option{engine.WithWorkers(1), engine.WithBackend(backend), engine.WithArenaSize(64 << 20)}
	if generic {
		opts = append(opts, engine.WithGenericKernels())
	}
	rt, err := engine.New(ctx, opts...)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { rt.Close(ctx) })
	exe, err := rt.Compile(ctx, []byte(k.src))
	if err != nil {
		tb.Fatal(err)
	}
	r := &linalgRun{name: fmt.Sprintf("%s/%s/%s", k.name, map[bool]string{true: "generic", false: "blocked"}[generic], backend), k: k, rt: rt, exe: exe}
	rng := rand.New(rand.NewPCG(7, 7))
	for _, s := range k.in {
		t, err := rt.NewTensor(memref.Float32, s)
		if err != nil {
			tb.Fatal(err)
		}
		for i := 0; i < len(t.Data); i += 4 {
			binary.LittleEndian.PutUint32(t.Data[i:], math.Float32bits(rng.Float32()*2-1))
		}
		r.in = append(r.in, t)
	}
	res, err := exe.RunInArena(ctx, r.in...)
	if err != nil {
		tb.Fatal(err)
	}
	r.out = append([]byte(nil), res[0].Data...)
	for _, t := range res {
		rt.FreeTensor(t)
	}
	return r
}

// once runs the kernel one time and returns how long it took.
func (r *linalgRun) once(tb testing.TB) time.Duration {
	t0 := time.Now()
	res, err := r.exe.RunInArena(context.Background(), r.in...)
	d := time.Since(t0)
	if err != nil {
		tb.Fatal(err)
	}
	for _, t := range res {
		r.rt.FreeTensor(t)
	}
	return d
}

func (r *linalgRun) report(d time.Duration) string {
	s := fmt.Sprintf("%8.3f ms", float64(d.Nanoseconds())/1e6)
	if r.k.flops > 0 {
		s += fmt.Sprintf("  %6.2f GFLOP/s", r.k.flops/float64(d.Nanoseconds()))
	}
	return s
}

func BenchmarkLinalg(b *testing.B) {
	for _, k := range linalgKernels() {
		for _, generic := range []bool{true, false} {
			for _, backend := range engine.Backends() {
				r := newLinalgRun(b, k, backend, generic)
				b.Run(r.name, func(b *testing.B) {
					for b.Loop() {
						r.once(b)
					}
					if k.flops > 0 {
						b.ReportMetric(k.flops*float64(b.N)/float64(b.Elapsed().Nanoseconds()), "GFLOP/s")
					}
				})
			}
		}
	}
}

// TestLinalgSideBySide runs every variant interleaved (LINALG_ROUNDS
// rounds, rotating the order), checks that the variants agree bit for bit
// and logs the median and best time of each with its ratio to the generic
// path on the same backend.
func TestLinalgSideBySide(t *testing.T) {
	rounds := 0
	fmt.Sscan(os.Getenv("LINALG_ROUNDS"), &rounds)
	if rounds <= 0 {
		t.Skip("set LINALG_ROUNDS to run")
	}
	only := os.Getenv("LINALG_KERNELS") // e.g. "K7"
	for _, k := range linalgKernels() {
		if only != "" && !strings.Contains(only, k.name) {
			continue
		}
		var runs []*linalgRun
		for _, backend := range engine.Backends() {
			for _, generic := range []bool{true, false} {
				runs = append(runs, newLinalgRun(t, k, backend, generic))
			}
		}
		for _, r := range runs[1:] {
			if string(r.out) != string(runs[0].out) {
				t.Errorf("%s: result differs from %s", r.name, runs[0].name)
			}
		}
		times := make([][]time.Duration, len(runs))
		for round := range rounds {
			for x := range runs {
				i := (x + round) % len(runs)
				times[i] = append(times[i], runs[i].once(t))
			}
		}
		med := make([]time.Duration, len(runs))
		for i, r := range runs {
			slices.Sort(times[i])
			med[i] = times[i][len(times[i])/2]
			ratio := ""
			if i%2 == 1 {
				ratio = fmt.Sprintf("  %.2fx faster than generic", float64(med[i-1])/float64(med[i]))
			}
			t.Logf("%-28s median %s   best %s%s", r.name, r.report(med[i]), r.report(times[i][0]), ratio)
		}
	}
}
