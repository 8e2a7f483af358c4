//go:build cgo && linux && (amd64 || arm64) && !sandjit_nowasmtime

package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"reflect"

	"github.com/bytecodealliance/wasmtime-go/v39"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/refeval"
	"github.com/sandjit/sandjit/memref"
)

// sameBits reports where two results differ in any bit, except that any
// two NaNs are the same (Wasm leaves NaN payloads to the implementation).
func sameBits(got, want *memref.Tensor) error {
	if got.DType != want.DType || !slices.Equal(got.Shape, want.Shape) {
		return fmt.Errorf("got %s, want %s", got.Type(), want.Type())
	}
	g, w := got.Contiguous(), want.Contiguous()
	if bytes.Equal(g.Data, w.Data) {
		return nil
	}
	var bad []string
	count := 0
	for i := 0; i < w.Len(); i++ {
		if g.Bits64At(i) == w.Bits64At(i) {
			continue
		}
		if w.DType.IsFloat() && math.IsNaN(g.Float64At(i)) && math.IsNaN(w.Float64At(i)) {
			continue
		}
		count++
		if len(bad) < 5 {
			bad = append(bad, fmt.Sprintf("[%d] %v (%#x) vs %v (%#x)", i, g.Float64At(i), g.Bits64At(i), w.Float64At(i), w.Bits64At(i)))
		}
	}
	if count > 0 {
		return fmt.Errorf("%d of %d elements differ in their bits: %s", count, w.Len(), strings.Join(bad, "; "))
	}
	return nil
}

// TestWasmtimeShimLayout compares the C types the shim declares itself
// with wasmtime-go's, which come from the real headers: wasmtime.Func and
// wasmtime.Instance hold a wasmtime_func_t and a wasmtime_instance_t by
// value, wasmtime.Extern a *wasmtime_extern_t.
func TestWasmtimeShimLayout(t *testing.T) {
	real := map[string]uintptr{
		"wasmtime_func":     reflect.TypeOf(wasmtime.Func{}).Field(0).Type.Size(),
		"wasmtime_instance": reflect.TypeOf(wasmtime.Instance{}).Field(0).Type.Size(),
		"wasmtime_extern":   reflect.TypeOf(wasmtime.Extern{}).Field(0).Type.Elem().Size(),
	}
	mine := wtLayout()
	for name, size := range real {
		if mine[name] != size {
			t.Errorf("%s: declared with %d bytes, wasmtime-go's has %d", name, mine[name], size)
		}
	}
	if err := wasmtimeInit(); err != nil {
		t.Fatal(err)
	}
	if _, err := wtBorrowEngine(wtg.engine); err != nil {
		t.Error(err)
	}
	if _, err := wtBorrow(&struct{ _ptr *int }{}, "wasm_engine"); err == nil {
		t.Error("borrowed from a foreign type")
	}
}

func TestWasmtimeRegistered(t *testing.T) {
	if !slices.Contains(Backends(), "wasmtime") {
		t.Fatalf("Backends() = %v", Backends())
	}
}

// TestWasmtimeGoldenCorpus runs every testdata kernel on the wasmtime
// backend beside wazero. Results must be wazero's, bit for bit, and agree
// with numpy's golden and the reference evaluator within the kernel's
// tolerances. Kernels the compiler does not support yet, and results
// where wazero itself misses the golden or the reference (a compiler bug,
// which TestGoldenCorpus reports), are logged here, not failed: this test
// is about the backend.
func TestWasmtimeGoldenCorpus(t *testing.T) {
	kernels, err := golden.Load()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	wt := newRuntime(t, WithBackend("wasmtime"))
	wz := newRuntime(t)
	for _, k := range kernels {
		t.Run(k.Name, func(t *testing.T) {
			opts := []CompileOption{WithEntry(entryOf(t, k)), WithFilename(k.Name + ".mlir")}
			ref, err := wz.Compile(ctx, k.Src, opts...)
			if err != nil {
				t.Skipf("does not compile on wazero either: %v", err)
			}
			exe, err := wt.Compile(ctx, k.Src, opts...)
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			for _, c := range k.Cases {
				got, err := exe.Run(ctx, c.Args...)
				wzGot, wzErr := ref.Run(ctx, c.Args...)
				switch {
				case err != nil && wzErr != nil:
					t.Logf("%s: fails on both backends: %v / %v", c.Name, err, wzErr)
					continue
				case err != nil || wzErr != nil:
					t.Errorf("%s: wasmtime: %v, wazero: %v", c.Name, err, wzErr)
					continue
				}
				if len(got) != len(c.Results) || len(wzGot) != len(got) {
					t.Fatalf("%s: %d results (wazero %d), want %d", c.Name, len(got), len(wzGot), len(c.Results))
				}
				want, err := refeval.Eval(ctx, exe.Func(), exe.Module(), c.Args)
				if err != nil {
					t.Logf("%s: reference: %v", c.Name, err)
				}
				for i, gold := range c.Results {
					if err := sameBits(got[i], wzGot[i]); err != nil {
						t.Errorf("%s: result %d vs wazero: %v", c.Name, i, err)
					}
					rtol, atol := k.Tolerance(gold.DType)
					check := func(what string, w *memref.Tensor) {
						if err := golden.Compare(wzGot[i], w, rtol, atol); err != nil {
							t.Logf("%s: result %d: wazero misses the %s too: %v", c.Name, i, what, err)
							return
						}
						if err := golden.Compare(got[i], w, rtol, atol); err != nil {
							t.Errorf("%s: result %d vs %s: %v", c.Name, i, what, err)
						}
					}
					check("golden", gold)
					if want != nil {
						check("reference", want[i])
					}
				}
			}
		})
	}
}

// TestWasmtimeCorpusAsBF16 runs the corpus's bf16 variants (bf16Corpus)
// on both backends: the results must be the same bits.
func TestWasmtimeCorpusAsBF16(t *testing.T) {
	ctx := context.Background()
	wt := newRuntime(t, WithBackend("wasmtime"), WithWorkers(2))
	wz := newRuntime(t, WithWorkers(2))
	for _, k := range bf16Corpus(t) {
		opts := []CompileOption{WithEntry(k.entry), WithFilename(k.name + ".bf16.mlir")}
		b, err := wz.Compile(ctx, k.src, opts...)
		if err != nil {
			continue // see TestCorpusAsBF16
		}
		t.Run(k.name, func(t *testing.T) {
			a, err := wt.Compile(ctx, k.src, opts...)
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			for c, args := range k.cases {
				got, err := a.Run(ctx, args...)
				want, wzErr := b.Run(ctx, args...)
				if err != nil || wzErr != nil {
					if (err == nil) != (wzErr == nil) {
						t.Errorf("c%d: wasmtime: %v, wazero: %v", c, err, wzErr)
					}
					continue
				}
				for r := range want {
					if err := sameBits(got[r], want[r]); err != nil {
						t.Errorf("c%d, result %d: %v", c, r, err)
					}
				}
			}
		})
	}
}

// TestWasmtimeDifferential runs random kernels (TestDifferential's
// generator) on both backends: the results must be the same bits.
func TestWasmtimeDifferential(t *testing.T) {
	ctx := context.Background()
	wt := newRuntime(t, WithBackend("wasmtime"), WithWorkers(2))
	wz := newRuntime(t, WithWorkers(2))
	rng := rand.New(rand.NewSource(7))
	n := 120
	if testing.Short() {
		n = 30
	}
	for i := 0; i < n; i++ {
		g := newKernelGen(rng)
		src := g.build()
		a, err := wt.Compile(ctx, []byte(src))
		if err != nil {
			t.Fatalf("kernel %d: compile: %v\n%s", i, err, src)
		}
		b, err := wz.Compile(ctx, []byte(src))
		if err != nil {
			t.Fatalf("kernel %d: compile on wazero: %v\n%s", i, err, src)
		}
		for trial := 0; trial < 2; trial++ {
			args := g.inputs(rng)
			got, err := a.Run(ctx, args...)
			if err != nil {
				t.Fatalf("kernel %d: run: %v\n%s", i, err, src)
			}
			want, err := b.Run(ctx, args...)
			if err != nil {
				t.Fatalf("kernel %d: run on wazero: %v\n%s", i, err, src)
			}
			for r := range want {
				if err := sameBits(got[r], want[r]); err != nil {
					t.Fatalf("kernel %d, result %d: %v\n%s", i, r, err, src)
				}
			}
		}
	}
}

// TestWasmtimeHammer runs several kernels from many goroutines on one
// wasmtime runtime (small runs inline, big ones split over worker stores
// that share the arena), with Go-slice and arena inputs; every result must
// be wazero's, bit for bit. Run it with -race.
func TestWasmtimeHammer(t *testing.T) {
	ctx := context.Background()
	wt := newRuntime(t, WithBackend("wasmtime"), WithWorkers(3))
	wz := newRuntime(t, WithWorkers(1))
	srcs := []string{`func.func @f(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Softmax"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Sum"(%x, %a) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %1, %2 : tensor<?x?xf32>, tensor<?xf32>
}`, `func.func @g(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %a = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Mul"(%x, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Tanh"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Max"(%1, %a) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %1, %2 : tensor<?x?xf32>, tensor<?xf32>
}`}
	type job struct {
		exe  *JitExecutable
		args []*memref.Tensor
		want []*memref.Tensor
	}
	var jobs []job
	rng := rand.New(rand.NewSource(3))
	for _, src := range srcs {
		a, b := compile(t, wt, src), compile(t, wz, src)
		for _, shape := range [][2]int{{1, 1}, {3, 17}, {40, 70}, {700, 1500}, {2100, 300}} {
			x := f32s(t, shape[:], func(int) float32 { return float32(rng.NormFloat64()) })
			bias := f32s(t, shape[1:], func(int) float32 { return float32(rng.NormFloat64()) })
			args := []*memref.Tensor{x, bias}
			want, err := b.Run(ctx, args...)
			if err != nil {
				t.Fatal(err)
			}
			jobs = append(jobs, job{a, args, want})
		}
	}
	const P, N = 12, 20
	var wg sync.WaitGroup
	for g := 0; g < P; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(g)))
			for i := 0; i < N; i++ {
				j := jobs[rng.Intn(len(jobs))]
				args := j.args
				if i%3 == 0 { // inputs already in the arena
					x, err := wt.NewTensor(memref.Float32, j.args[0].Shape)
					if err != nil {
						t.Error(err)
						return
					}
					copy(x.Data, j.args[0].Data)
					defer wt.FreeTensor(x)
					args = []*memref.Tensor{x, j.args[1]}
				}
				got, err := j.exe.Run(ctx, args...)
				if err != nil {
					t.Error(err)
					return
				}
				for r := range j.want {
					if err := sameBits(got[r], j.want[r]); err != nil {
						t.Errorf("goroutine %d, %v: result %d: %v", g, j.args[0].Shape, r, err)
						return
					}
				}
			}
		}(g)
	}
	wg.Wait()
	if st := wt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes after the hammer", st.InUse)
	}
}

// loadWAT loads a hand-written kernel module into a fresh wasmtime arena
// of 1 MiB, bypassing the compiler.
func loadWAT(t testing.TB, wat string) (*wasmtimeArena, moduleBackend) {
	t.Helper()
	ctx := context.Background()
	c, err := NewCache(CacheOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := newWasmtimeBackend(c)
	if err != nil {
		t.Fatal(err)
	}
	ab, err := b.newArena(ctx, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ab.close(ctx) })
	bin, err := wasmtime.Wat2Wasm(wat)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ab.load(ctx, bin, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.close(ctx) })
	return ab.(*wasmtimeArena), m
}

// TestWasmtimeTraps: an out-of-bounds access traps (an error wrapping
// ErrTrap once the engine reports it) and the worker stays usable; a
// kernel that never returns is stopped by the epoch deadline.
func TestWasmtimeTraps(t *testing.T) {
	ctx := context.Background()
	a, m := loadWAT(t, fmt.Sprintf(`(module
  (import "env" "memory" (memory 1 16 shared))
  (func (export "abi_version") (result i32) (i32.const %d))
  (func (export "main") (param i32) (result i32)
    (if (i32.eqz (local.get 0)) (then (loop $l (br $l))))
    (i32.load (local.get 0))))`, memref.ABIVersion))
	w, err := m.newWorker(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer w.close(ctx)
	a.mem()[64] = 5
	if st, err := w.callMain(ctx, 64); st != 5 || err != nil {
		t.Fatalf("main(64) = %d, %v", st, err)
	}
	_, err = w.callMain(ctx, 1<<20-2)
	if err == nil || !strings.Contains(err.Error(), "out of bounds") {
		t.Fatalf("out-of-bounds load: %v", err)
	}
	if err := (&Executable{}).status(-1, 0, err); !errors.Is(err, ErrTrap) {
		t.Fatalf("not a trap: %v", err)
	}
	if st, err := w.callMain(ctx, 64); st != 5 || err != nil {
		t.Fatalf("after the trap: main(64) = %d, %v", st, err)
	}

	// The runaway guard, with a short deadline for the test.
	w.(*wasmtimeWorker).deadline = 3
	start := time.Now()
	_, err = w.callMain(ctx, 0)
	took := time.Since(start)
	if err == nil || !strings.Contains(err.Error(), "interrupt") {
		t.Fatalf("infinite loop: %v", err)
	}
	if took < 2*wasmtimeEpochTick || took > 20*wasmtimeEpochTick {
		t.Errorf("interrupted after %v, want about %v", took, 3*wasmtimeEpochTick)
	}
	t.Logf("%v after %v", err, took)
	w.(*wasmtimeWorker).deadline = wasmtimeDeadlineTicks
	if st, err := w.callMain(ctx, 64); st != 5 || err != nil {
		t.Fatalf("after the interrupt: main(64) = %d, %v", st, err)
	}

	// wasmtime's signal handlers pass faults outside Wasm on to Go's: a nil
	// dereference in Go is still a panic.
	func() {
		defer func() {
			if recover() == nil {
				t.Error("no panic")
			}
		}()
		var p *int
		t.Log(*p)
	}()
}

// TestWasmtimeMemory: the arena is one memory of the arena's pages whose
// base does not move, written by a kernel in one store and seen by the
// host and by a kernel in another store; modules that want more memory
// than the arena fail to load.
func TestWasmtimeMemory(t *testing.T) {
	ctx := context.Background()
	a, m := loadWAT(t, fmt.Sprintf(`(module
  (import "env" "memory" (memory 1 16 shared))
  (func (export "abi_version") (result i32) (i32.const %d))
  (func (export "main") (param i32) (result i32)
    (i32.store (i32.add (local.get 0) (i32.const 4)) (i32.add (i32.load (local.get 0)) (i32.const 1)))
    (memory.grow (i32.const 1))))`, memref.ABIVersion))
	mem := a.mem()
	if len(mem) != 1<<20 {
		t.Fatalf("arena memory has %d bytes", len(mem))
	}
	w1, err := m.newWorker(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer w1.close(ctx)
	w2, err := m.newWorker(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer w2.close(ctx)
	mem[100] = 41
	if st, err := w1.callMain(ctx, 100); err != nil || st != -1 { // grow fails: min = max
		t.Fatalf("main = %d, %v", st, err)
	}
	if mem[104] != 42 {
		t.Fatalf("host sees %d", mem[104])
	}
	if _, err := w2.callMain(ctx, 104); err != nil || mem[108] != 43 {
		t.Fatalf("second store: %v, sees %d", err, mem[108])
	}
	if &a.mem()[0] != &mem[0] {
		t.Fatal("the arena's base moved")
	}
	bin, err := wasmtime.Wat2Wasm(`(module (import "env" "memory" (memory 32 64 shared)))`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.load(ctx, bin, 0); err == nil {
		t.Fatal("a module wanting 32 pages loaded into a 16-page arena")
	}
}

// TestWasmtimeZero: big blocks are zeroed by giving their pages back.
func TestWasmtimeZero(t *testing.T) {
	ctx := context.Background()
	c, err := NewCache(CacheOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := newWasmtimeBackend(c)
	if err != nil {
		t.Fatal(err)
	}
	ab, err := b.newArena(ctx, 512<<20)
	if err != nil {
		t.Fatal(err)
	}
	defer ab.close(ctx)
	mem := ab.mem()
	const lo, n = 100, zeroBigBlock + 12345
	for _, off := range []int{lo - 1, lo, lo + 4095, lo + 1<<20, lo + n - 1, lo + n} {
		mem[off] = 7
	}
	ab.(zeroer).zero(mem[lo : lo+n])
	for _, off := range []int{lo, lo + 4095, lo + 1<<20, lo + n - 1} {
		if mem[off] != 0 {
			t.Errorf("byte %d not zeroed", off)
		}
	}
	if mem[lo-1] != 7 || mem[lo+n] != 7 {
		t.Error("zeroed beyond the block")
	}
}

// TestWasmtimeNativeCache: a module compiled by Cranelift for one arena is
// deserialized for the next, and after a restart (the in-memory cache
// gone) read back from the Cache's directory.
func TestWasmtimeNativeCache(t *testing.T) {
	ctx := context.Background()
	src := fmt.Sprintf(`func.func @f(%%x: tensor<?xf32>) -> tensor<?xf32> {
  %%c = "tf.Const"() {value = dense<%d.5> : tensor<f32>} : () -> tensor<f32>
  %%0 = "tf.AddV2"(%%x, %%c) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  func.return %%0 : tensor<?xf32>
}`, time.Now().UnixNano()%1000)
	dir := t.TempDir()
	run := func(c *Cache) {
		t.Helper()
		rt, err := New(ctx, WithBackend("wasmtime"), WithCache(c), WithArenaSize(1<<20))
		if err != nil {
			t.Fatal(err)
		}
		defer rt.Close(ctx)
		exe, err := rt.Compile(ctx, []byte(src), WithSpecialization(SpecializeDisabled))
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstReference(t, exe, []*memref.Tensor{f32s(t, []int{10}, func(i int) float32 { return float32(i) })}, 0, 0)
	}
	counts := func() [3]int64 { return [3]int64{wtg.compiles.Load(), wtg.deserializes.Load(), wtg.diskHits.Load()} }
	c1, err := NewCache(CacheOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer c1.Close(ctx)
	c0 := counts()
	run(c1)
	c1st := counts()
	run(c1)
	c2nd := counts()
	wtg.native.Purge() // as after a restart
	c2, err := NewCache(CacheOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close(ctx)
	run(c2)
	c3rd := counts()
	d := func(a, b [3]int64) [3]int64 { return [3]int64{b[0] - a[0], b[1] - a[1], b[2] - a[2]} }
	if got := d(c0, c1st); got != [3]int64{1, 0, 0} {
		t.Errorf("first load: (compiles, deserializations, disk hits) = %v, want [1 0 0]", got)
	}
	if got := d(c1st, c2nd); got != [3]int64{0, 1, 0} {
		t.Errorf("second arena: %v, want [0 1 0]", got)
	}
	if got := d(c2nd, c3rd); got != [3]int64{0, 1, 1} {
		t.Errorf("after a restart: %v, want [0 1 1]", got)
	}
}

// Benchmarks: the same kernels on both backends side by side, through the
// public API (Run with Go-slice inputs: copy in, run, copy out) and, for
// the per-call overhead alone, through the backend's callMain.

const add8Src = `func.func @add(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "tf.AddV2"(%a, %b) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}`

const expChainSrc = `func.func @chain(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = "tf.Exp"(%x) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %1 = "tf.Tanh"(%0) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %2 = "tf.Exp"(%1) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %3 = "tf.Sigmoid"(%2) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %4 = "tf.Mul"(%3, %x) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %5 = "tf.Exp"(%4) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %6 = "tf.Log1p"(%5) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %7 = "tf.Erf"(%6) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  func.return %7 : tensor<1024x1024xf32>
}`

// BenchmarkBackends runs each kernel on both backends, interleaved (the
// order alternating every round), so that the ratio holds on a machine
// whose speed wanders: it reports each backend's median time per run and
// wasmtime's median over wazero's ("wt/wz"; below 1 means wasmtime is
// faster). ns/op is the time of one round (both backends).
// arithChainSrc is 32 elementwise multiplies and adds, fused into one
// nest: compute-bound without math-library calls.
func arithChainSrc() string {
	var b strings.Builder
	const ty = "tensor<1024x1024xf32>"
	b.WriteString("func.func @arith(%x: " + ty + ") -> " + ty + " {\n")
	prev := "%x"
	for i := 0; i < 16; i++ {
		fmt.Fprintf(&b, "  %%m%d = \"tf.Mul\"(%s, %%x) : (%s, %s) -> %s\n", i, prev, ty, ty, ty)
		fmt.Fprintf(&b, "  %%a%d = \"tf.AddV2\"(%%m%d, %%x) : (%s, %s) -> %s\n", i, i, ty, ty, ty)
		prev = fmt.Sprintf("%%a%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : %s\n}\n", prev, ty)
	return b.String()
}

func BenchmarkBackends(b *testing.B) {
	ctx := context.Background()
	for _, k := range []struct {
		name, src string
		shape     []int
		args      int
	}{
		{"add8", add8Src, []int{8}, 2},
		{"expchain1M", expChainSrc, []int{1024, 1024}, 1},
		{"arith32-1M", arithChainSrc(), []int{1024, 1024}, 1},
	} {
		b.Run(k.name, func(b *testing.B) {
			var exes [2]*JitExecutable
			for i, be := range []string{"wazero", "wasmtime"} {
				exes[i] = compile(b, newRuntime(b, WithBackend(be), WithWorkers(1)), k.src)
			}
			args := make([]*memref.Tensor, k.args)
			for i := range args {
				args[i] = f32s(b, k.shape, func(j int) float32 { return float32(j%17)/17 - 0.5 })
			}
			// Batches of runs long enough to time (~50 µs at least).
			batch := 1
			for {
				start := time.Now()
				for i := 0; i < batch; i++ {
					if _, err := exes[0].Run(ctx, args...); err != nil {
						b.Fatal(err)
					}
				}
				if time.Since(start) > 50*time.Microsecond {
					break
				}
				batch *= 2
			}
			benchInterleaved(b, batch, func(be int) {
				for i := 0; i < batch; i++ {
					if _, err := exes[be].Run(ctx, args...); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// benchInterleaved times run(0) and run(1) (each doing batch operations)
// alternately, b.N rounds, and reports their medians per operation and
// the ratio of the medians.
func benchInterleaved(b *testing.B, batch int, run func(be int)) {
	var times [2][]float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := 0; j < 2; j++ {
			be := (i + j) % 2
			start := time.Now()
			run(be)
			times[be] = append(times[be], float64(time.Since(start).Nanoseconds())/float64(batch))
		}
	}
	b.StopTimer()
	med := func(v []float64) float64 { slices.Sort(v); return v[len(v)/2] }
	wz, wt := med(times[0]), med(times[1])
	b.ReportMetric(wz, "wz-ns/run")
	b.ReportMetric(wt, "wt-ns/run")
	b.ReportMetric(wt/wz, "wt/wz")
}

// BenchmarkWasmtimeShimCall is the shim's bare call: a function that
// returns a constant, and one that loads and stores.
func BenchmarkWasmtimeShimCall(b *testing.B) {
	a, m := loadWAT(b, fmt.Sprintf(`(module
  (import "env" "memory" (memory 1 16 shared))
  (func (export "abi_version") (result i32) (i32.const %d))
  (func (export "main") (param i32) (result i32)
    (i32.store (i32.add (local.get 0) (i32.const 4)) (i32.add (i32.load (local.get 0)) (i32.const 1)))
    (i32.const 0)))`, memref.ABIVersion))
	inst, err := newWTInstance(wtg.handle, m.(*wasmtimeModule).handle, a.sm, 1<<20, []string{"abi_version", "main"}, 100)
	if err != nil {
		b.Fatal(err)
	}
	defer inst.close()
	b.Run("const", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			inst.call(0, 100, 0, 0, 0, 0)
		}
	})
	b.Run("load-store", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			inst.call(1, 100, 1, 64, 0, 0)
		}
	})
}

// BenchmarkBackendCall is the cost of one call of main of the add of two
// [8] through each backend's worker: the per-call overhead without the
// host side of a run (argument block, copies, result tensors). Both
// backends are timed interleaved, in batches of 1000 calls.
func BenchmarkBackendCall(b *testing.B) {
	ctx := context.Background()
	var ws [2]workerBackend
	for i, be := range []string{"wazero", "wasmtime"} {
		exe := compile(b, newRuntime(b, WithBackend(be), WithWorkers(1)), add8Src)
		x, err := exe.Default(ctx)
		if err != nil {
			b.Fatal(err)
		}
		defer x.Release()
		w, err := x.mod.newWorker(ctx)
		if err != nil {
			b.Fatal(err)
		}
		defer w.close(ctx)
		ws[i] = w
	}
	b.ReportAllocs()
	benchInterleaved(b, 1000, func(be int) {
		w := ws[be]
		for i := 0; i < 1000; i++ {
			// A zeroed argument block at address 0: every tensor is at
			// address 0, in the arena's never-allocated first 64 bytes.
			if _, err := w.callMain(ctx, 0); err != nil {
				b.Fatal(err)
			}
		}
	})
}
