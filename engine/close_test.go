package engine

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sandjit/sandjit/memref"
)

var closeRounds = flag.Int("close.rounds", 20, "rounds of TestCloseHammer per backend (.ci/run: 500 under -race)")

// closeKernels are TestCloseHammer's kernels: a big elementwise one that
// runs in chunks, a dynamic one that specializes in the background, and a
// While loop run by the host.
const (
	closeChunked = `func.func @tanh(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Tanh"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Exp"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %1 : tensor<?x?xf32>
}`
	closeWhile = `func.func @loop(%n: tensor<i32>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %c = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0:3 = "tf.While"(%c, %n, %x) {body = @body, cond = @cond, is_stateless = true} : (tensor<i32>, tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<i32>, tensor<?xf32>)
  func.return %0#2 : tensor<?xf32>
}
func.func private @cond(%i: tensor<i32>, %n: tensor<i32>, %x: tensor<?xf32>) -> tensor<i1> {
  %0 = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func private @body(%i: tensor<i32>, %n: tensor<i32>, %x: tensor<?xf32>) -> (tensor<i32>, tensor<i32>, tensor<?xf32>) {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %h = "tf.Const"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %1 = "tf.Mul"(%x, %h) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  func.return %0, %n, %1 : tensor<i32>, tensor<i32>, tensor<?xf32>
}`
)

// closeFresh is a kernel no other round compiled (a constant of its own),
// so that Close can land while it compiles.
func closeFresh(round, g int) string {
	return fmt.Sprintf(`func.func @f(%%x: tensor<?x?xf32>, %%y: tensor<?xf32>) -> tensor<?x?xf32> {
  %%c = "tf.Const"() {value = dense<%d.%d> : tensor<f32>} : () -> tensor<f32>
  %%0 = "tf.Mul"(%%x, %%c) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %%1 = "tf.AddV2"(%%0, %%y) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %%2 = "tf.Sigmoid"(%%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %%2 : tensor<?x?xf32>
}`, round, g)
}

// okAfterClose reports whether err is one a call racing Close may return.
func okAfterClose(ctx context.Context, err error) bool {
	return err == nil || errors.Is(err, ErrClosed) || (ctx.Err() != nil && errors.Is(err, ctx.Err()))
}

// arenaBytes is what the arena counts for a tensor of len(Data) bytes.
func arenaBytes(t *memref.Tensor) int64 {
	return max(int64(alignUp(len(t.Data))), memref.ArenaAlign)
}

// settleGoroutines waits until no more than n goroutines run.
func settleGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines after Close, want at most %d:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestCloseHammer closes runtimes while goroutines compile, run (in
// chunks, in the arena, into tensors, through While loops) and specialize
// in the background, at random moments, on every backend: no crash, every
// call succeeds or fails with ErrClosed (or its context's error), no
// goroutine is left and the arena holds exactly the tensors the callers
// could not free.
func TestCloseHammer(t *testing.T) {
	rounds := *closeRounds
	if testing.Short() {
		rounds = min(rounds, 5)
	}
	for _, be := range Backends() {
		t.Run(be, func(t *testing.T) {
			ctx := context.Background()
			base := runtime.NumGoroutine()
			shared, err := NewCache(CacheOptions{})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewSource(1))
			var refused int64
			for round := range rounds {
				refused += closeRound(t, ctx, be, shared, round, time.Duration(rng.Intn(8000))*time.Microsecond)
				if t.Failed() {
					return
				}
			}
			// Close must have met calls in flight (not only idle runtimes).
			if refused == 0 {
				t.Errorf("%d rounds and no call returned ErrClosed", rounds)
			}
			t.Logf("%d rounds: %d calls returned ErrClosed", rounds, refused)
			if err := shared.Close(ctx); err != nil {
				t.Fatal(err)
			}
			settleGoroutines(t, base)
		})
	}
}

// closeRound is one round; it returns how many calls got ErrClosed.
func closeRound(t *testing.T, ctx context.Context, be string, shared *Cache, round int, after time.Duration) int64 {
	rt, err := New(ctx, WithBackend(be), WithWorkers(2), WithArenaSize(64<<20), WithCache(shared))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close(ctx) })
	const P = 4
	var held atomic.Int64 // bytes of arena tensors FreeTensor refused (ErrClosed)
	var calls, closed atomic.Int64
	var wg sync.WaitGroup
	errc := make(chan error, P)
	check := func(what string, err error) bool {
		calls.Add(1)
		if errors.Is(err, ErrClosed) {
			closed.Add(1)
		}
		if !okAfterClose(ctx, err) {
			select {
			case errc <- fmt.Errorf("round %d: %s: %w", round, what, err):
			default:
			}
		}
		return err == nil
	}
	free := func(ts ...*memref.Tensor) {
		for _, x := range ts {
			if err := rt.FreeTensor(x); errors.Is(err, ErrClosed) {
				held.Add(arenaBytes(x))
			} else {
				check("FreeTensor", err)
			}
		}
	}
	for g := range P {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(round*P + g)))
			big, _ := memref.FromSlice([]int{256, 1024}, make([]float32, 256*1024))
			for i := 0; ; i++ {
				if rt.life.stopping() && i > 0 {
					// One more pass after Close began, to see every entry
					// point refuse.
					if _, err := rt.Compile(ctx, []byte(closeChunked)); !errors.Is(err, ErrClosed) {
						check("Compile after Close", fmt.Errorf("got %v, want ErrClosed", err))
					}
					return
				}
				switch (g + i) % 5 {
				case 0: // a kernel of its own: Close may land while it compiles
					if g != 0 || i >= 5 { // once a round: compiles under -race are slow
						continue
					}
					j, err := rt.Compile(ctx, []byte(closeFresh(round, g*1000+i)))
					if check("Compile fresh", err) {
						x, _ := memref.FromSlice([]int{2, 3}, []float32{1, 2, 3, 4, 5, 6})
						y, _ := memref.FromSlice([]int{3}, []float32{1, 1, 1})
						_, err := j.Run(ctx, x, y)
						check("Run fresh", err)
					}
				case 1: // a chunked run (two workers), then in the arena
					j, err := rt.Compile(ctx, []byte(closeChunked))
					if !check("Compile chunked", err) {
						continue
					}
					_, err = j.Run(ctx, big)
					check("Run chunked", err)
					outs, err := j.RunInArena(ctx, big)
					if check("RunInArena", err) {
						free(outs...)
					}
				case 2: // new shapes: specializations compile in the background
					j, err := rt.Compile(ctx, []byte(closeChunked))
					if !check("Compile", err) {
						continue
					}
					n := 1 + rng.Intn(64)
					x, _ := memref.FromSlice([]int{n, 8}, make([]float32, n*8))
					_, err = j.Run(ctx, x)
					check("Run specializing", err)
					xe, err := j.ExecutableFor(ctx, x)
					if check("ExecutableFor", err) {
						xe.Release()
					}
					de, err := j.Default(ctx)
					if check("Default", err) {
						defer de.Release() // held across Close: Release after it must be harmless
					}
				case 3: // into arena tensors
					j, err := rt.Compile(ctx, []byte(closeChunked))
					if !check("Compile", err) {
						continue
					}
					in, err := rt.NewTensor(memref.Float32, []int{4, 4})
					if !check("NewTensor", err) {
						continue
					}
					dst, err := rt.NewTensor(memref.Float32, []int{4, 4})
					if check("NewTensor", err) {
						check("RunInto", j.RunInto(ctx, []*memref.Tensor{dst}, in))
						free(dst)
					}
					free(in)
				case 4: // a While loop the host runs, long enough to be stopped
					j, err := rt.Compile(ctx, []byte(closeWhile))
					if !check("Compile while", err) {
						continue
					}
					n, _ := memref.FromSlice([]int{}, []int32{int32(200 + rng.Intn(400))})
					x, _ := memref.FromSlice([]int{16}, make([]float32, 16))
					_, err = j.Run(ctx, n, x)
					check("Run while", err)
				}
			}
		}()
	}
	time.Sleep(after)
	var cwg sync.WaitGroup
	cerrs := make([]error, 2)
	for i := range 2 { // twice, at once
		cwg.Add(1)
		go func() { defer cwg.Done(); cerrs[i] = rt.Close(ctx) }()
	}
	cwg.Wait()
	wg.Wait()
	for i, err := range cerrs {
		if err != nil {
			t.Errorf("round %d: Close #%d: %v", round, i, err)
		}
	}
	if err := rt.Close(ctx); err != nil {
		t.Errorf("round %d: Close again: %v", round, err)
	}
	select {
	case err := <-errc:
		t.Error(err)
	default:
	}
	if in := rt.ArenaStats().InUse; in != held.Load() {
		t.Errorf("round %d: %d arena bytes in use after Close, want the %d the callers still held", round, in, held.Load())
	}
	if calls.Load() == 0 {
		t.Errorf("round %d: no call made", round)
	}
	return closed.Load()
}

// TestCloseIdempotent: Close twice, calls after it, Release of an
// executable held across it, and a shared cache closed before its runtime
// (released when the runtime closes).
func TestCloseIdempotent(t *testing.T) {
	ctx := context.Background()
	c, err := NewCache(CacheOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := New(ctx, WithCache(c), WithArenaSize(8<<20))
	if err != nil {
		t.Fatal(err)
	}
	j, err := rt.Compile(ctx, []byte(closeChunked))
	if err != nil {
		t.Fatal(err)
	}
	x, _ := memref.FromSlice([]int{2, 2}, []float32{1, 2, 3, 4})
	xe, err := j.ExecutableFor(ctx, x)
	if err != nil {
		t.Fatal(err)
	}
	// The cache outlives its runtime's use of it: Close returns at once,
	// and the cache is released when the runtime closes.
	if err := c.Close(ctx); err != nil {
		t.Fatalf("Cache.Close with a runtime open: %v", err)
	}
	select {
	case <-c.life.freed:
		t.Fatal("the cache was released under an open runtime")
	default:
	}
	if _, err := New(ctx, WithCache(c)); !errors.Is(err, ErrClosed) {
		t.Fatalf("New on a closed cache: %v, want ErrClosed", err)
	}
	if _, err := j.Run(ctx, x); err != nil {
		t.Fatalf("Run while the cache is closing: %v", err)
	}
	if err := rt.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := rt.Close(ctx); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	select {
	case <-c.life.freed:
	case <-time.After(10 * time.Second):
		t.Fatal("the cache was not released when its last runtime closed")
	}
	if err := c.Close(ctx); err != nil {
		t.Fatalf("Cache.Close again: %v", err)
	}
	xe.Release()
	xe.Release()
	for what, err := range map[string]error{
		"Run":        func() error { _, err := j.Run(ctx, x); return err }(),
		"RunInArena": func() error { _, err := j.RunInArena(ctx, x); return err }(),
		"RunInto":    j.RunInto(ctx, nil, x),
		"Compile":    func() error { _, err := rt.Compile(ctx, []byte(closeWhile)); return err }(),
		"NewTensor":  func() error { _, err := rt.NewTensor(memref.Float32, []int{1}); return err }(),
		"Default":    func() error { _, err := j.Default(ctx); return err }(),
		"ExecutableFor": func() error {
			_, err := j.ExecutableFor(ctx, x)
			return err
		}(),
	} {
		if !errors.Is(err, ErrClosed) {
			t.Errorf("%s after Close: %v, want ErrClosed", what, err)
		}
	}
}

// TestCloseWaitsForChunks: Close during a long chunked run makes the run
// stop at a chunk boundary with ErrClosed (a run that finished would
// return its results), and a Close whose ctx ends first returns the
// deadline while the arena is freed when the run returns.
func TestCloseWaitsForChunks(t *testing.T) {
	ctx := context.Background()
	rt, err := New(ctx, WithWorkers(1), WithArenaSize(256<<20))
	if err != nil {
		t.Fatal(err)
	}
	j, err := rt.Compile(ctx, []byte(closeChunked), WithSpecialization(SpecializeDisabled))
	if err != nil {
		t.Fatal(err)
	}
	big, _ := memref.FromSlice([]int{4096, 4096}, make([]float32, 4096*4096)) // ~300 chunks
	done := make(chan error, 1)
	go func() { _, err := j.Run(ctx, big); done <- err }()
	for rt.life.state.Load() == 0 { // until the run is inside
		runtime.Gosched()
	}
	short, cancel := context.WithTimeout(ctx, time.Microsecond)
	defer cancel()
	if err := rt.Close(short); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Close with a short deadline: %v", err)
	}
	if err := rt.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !errors.Is(err, ErrClosed) {
		t.Fatalf("run cut by Close: %v, want ErrClosed", err)
	}
}

// TestCloseProgram runs a program that closes its runtime while 8
// goroutines run kernels and exits: it must exit cleanly every time.
func TestCloseProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program: skipped with -short")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to build testdata/closeprog")
	}
	bin := filepath.Join(t.TempDir(), "closeprog")
	build := exec.Command(gobin, "build", "-o", bin, "./testdata/closeprog")
	if raceEnabled {
		build.Args = append(build.Args[:2], append([]string{"-race"}, build.Args[2:]...)...)
	}
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	runs := 10
	for i := range runs {
		cmd := exec.Command(bin, "-seed", fmt.Sprint(i))
		cmd.Env = append(os.Environ(), "GORACE=halt_on_error=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "closed cleanly") {
			t.Fatalf("run %d: %v\n%s", i, err, out)
		}
	}
}
