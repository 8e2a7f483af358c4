package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"math/rand"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/refeval"
	"github.com/sandjit/sandjit/memref"
)

func newRuntime(t testing.TB, opts ...Option) *Runtime {
	t.Helper()
	ctx := context.Background()
	rt, err := New(ctx, append([]Option{WithArenaSize(256 << 20)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close(ctx) })
	return rt
}

func compile(t testing.TB, rt *Runtime, src string) *JitExecutable {
	t.Helper()
	exe, err := rt.Compile(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

func f32s(t testing.TB, shape []int, f func(i int) float32) *memref.Tensor {
	n, _ := memref.NumElements(shape)
	v := make([]float32, n)
	for i := range v {
		v[i] = f(i)
	}
	x, err := memref.FromSlice(shape, v)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// runWithReference runs exe and the reference evaluator on args.
func runWithReference(t testing.TB, exe *JitExecutable, args ...*memref.Tensor) (got, want []*memref.Tensor) {
	t.Helper()
	ctx := context.Background()
	got, err := exe.Run(ctx, args...)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	want, err = refeval.Eval(ctx, exe.Func(), exe.Module(), args)
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	return got, want
}

// checkAgainstReference runs exe and the reference evaluator on args and
// compares every result within rtol and atol.
func checkAgainstReference(t testing.TB, exe *JitExecutable, args []*memref.Tensor, rtol, atol float64) []*memref.Tensor {
	t.Helper()
	got, want := runWithReference(t, exe, args...)
	for i := range want {
		if err := golden.Compare(got[i], want[i], rtol, atol); err != nil {
			t.Errorf("result %d: %v", i, err)
		}
	}
	return got
}

func TestResultSources(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, `func.func @f(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<3xi32>, tensor<2xf32>, tensor<?xf32>) {
  %c = "tf.Const"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = "tf.Const"() {value = dense<2.5> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tf.Neg"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Identity"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %x, %0, %c, %s, %1 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<3xi32>, tensor<2xf32>, tensor<?xf32>
}`)
	x := f32s(t, []int{5}, func(i int) float32 { return float32(i) })
	out, err := exe.Run(context.Background(), x)
	if err != nil {
		t.Fatal(err)
	}
	if out[1] != x || out[5] != x {
		t.Error("an input returned as is must come back as the same tensor")
	}
	if out[0] != out[2] {
		t.Error("a value returned twice must come back as one tensor")
	}
	if got := memref.Format(out[0], 10); got != "tensor<5xf32>=[-0 -1 -2 -3 -4]" {
		t.Errorf("neg = %s", got)
	}
	if got := memref.Format(out[3], 10); got != "tensor<3xi32>=[1 2 3]" {
		t.Errorf("const = %s", got)
	}
	if got := memref.Format(out[4], 10); got != "tensor<2xf32>=[2.5 2.5]" {
		t.Errorf("splat = %s", got)
	}
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes after the run", st.InUse)
	}
}

// TestChunkedParallel runs nests big enough to be split into many chunks
// over several workers, and checks the results and that the arena is
// empty afterwards.
func TestChunkedParallel(t *testing.T) {
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			rt := newRuntime(t, WithWorkers(workers))
			exe := compile(t, rt, `func.func @f(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %a1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %a0 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.AddV2"(%x, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Tanh"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Sum"(%1, %a1) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %3 = "tf.Max"(%1, %a0) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %1, %2, %3 : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>
}`)
			x := f32s(t, []int{1531, 1023}, func(i int) float32 { return float32(math.Sin(float64(i))) })
			b := f32s(t, []int{1023}, func(i int) float32 { return float32(i%7) / 7 })
			checkAgainstReference(t, exe, []*memref.Tensor{x, b}, 1e-5, 1e-4)
			if st := rt.ArenaStats(); st.InUse != 0 {
				t.Errorf("arena holds %d bytes after the run", st.InUse)
			}
		})
	}
}

func TestContextCancel(t *testing.T) {
	rt := newRuntime(t, WithWorkers(2))
	exe := compile(t, rt, `func.func @f(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Exp"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Tanh"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Erf"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Sin"(%2) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %3 : tensor<?x?xf32>
}`)
	x := f32s(t, []int{4096, 4096}, func(i int) float32 { return 0.5 })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := exe.Run(ctx, x); !errors.Is(err, context.Canceled) {
		t.Errorf("run with a cancelled context: %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := exe.Run(ctx, x)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("run past its deadline: %v", err)
	}
	t.Logf("stopped %v after the start (deadline 1ms)", time.Since(start))
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes after a cancelled run", st.InUse)
	}
}

func TestArenaFull(t *testing.T) {
	rt := newRuntime(t, WithMemoryLimit(1<<20))
	exe := compile(t, rt, `func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Abs"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`)
	_, err := exe.Run(context.Background(), f32s(t, []int{1 << 18}, func(int) float32 { return 1 }))
	if !errors.Is(err, ErrArenaFull) {
		t.Fatalf("got %v, want ErrArenaFull", err)
	}
	if _, err := exe.Run(context.Background(), f32s(t, []int{1000}, func(int) float32 { return -1 })); err != nil {
		t.Fatalf("a run that fits after a full one: %v", err)
	}
	// RunInArena: no room for the result; room for the result but not for
	// the copy of the input after it. Neither leaves anything behind.
	ax, err := rt.NewTensor(memref.Float32, []int{150_000})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []*memref.Tensor{ax, f32s(t, []int{100_000}, func(int) float32 { return 1 })} {
		before := rt.ArenaStats().InUse
		if _, err := exe.RunInArena(context.Background(), x); !errors.Is(err, ErrArenaFull) {
			t.Fatalf("RunInArena of %s: got %v, want ErrArenaFull", x.Type(), err)
		}
		if st := rt.ArenaStats(); st.InUse != before {
			t.Errorf("a failed RunInArena left %d bytes allocated", st.InUse-before)
		}
	}
	rt.FreeTensor(ax)
}

func TestOperandErrors(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, `func.func @f(%x: tensor<?x4xf32>, %y: tensor<i32>) -> tensor<?x4xf32> {
  %0 = "tf.Abs"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %0 : tensor<?x4xf32>
}`)
	good := f32s(t, []int{2, 4}, func(int) float32 { return 1 })
	scalar := memref.Scalar[int32](1)
	cases := []struct {
		args []*memref.Tensor
		want string
	}{
		{[]*memref.Tensor{good}, "number of operands doesn't match the function signature: 1 vs 2"},
		{[]*memref.Tensor{good, memref.Scalar[float32](1)}, "operand #1 type is not compatible with the expected element type: f32 vs i32 (got [f32] vs expected [i32])"},
		{[]*memref.Tensor{f32s(t, []int{8}, func(int) float32 { return 1 }), scalar}, "operand #0 rank does not match expected input rank: 1 vs 2 (got [8xf32] vs expected [?x4xf32])"},
		{[]*memref.Tensor{f32s(t, []int{2, 5}, func(int) float32 { return 1 }), scalar}, "operand #0 dimension #1 does not match expected input dimension: 5 vs 4 (got [2x5xf32] vs expected [?x4xf32])"},
		{[]*memref.Tensor{{DType: memref.Float32, Shape: []int{2, 4}, Data: make([]byte, 4)}, scalar}, "operand #0: tensor<2x4xf32>: data holds 4 bytes, need 32"},
		{[]*memref.Tensor{nil, scalar}, "operand #0 is nil"},
	}
	for _, c := range cases {
		_, err := exe.Run(context.Background(), c.args...)
		if !errors.Is(err, ErrArgument) || !strings.Contains(fmt.Sprint(err), c.want) {
			t.Errorf("got %v, want ErrArgument with %q", err, c.want)
		}
	}
}

func TestRunTimeShapeError(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, `func.func @f(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`)
	x := f32s(t, []int{3}, func(int) float32 { return 1 })
	y := f32s(t, []int{4}, func(int) float32 { return 1 })
	_, err := exe.Run(context.Background(), x, y)
	if !errors.Is(err, ErrShape) || !strings.Contains(fmt.Sprint(err), "kernel.mlir:2:8: 'tf.AddV2' op Incompatible shapes: [3] vs. [4]") {
		t.Errorf("got %v", err)
	}
	// Broadcasting a dynamic 1 works.
	one := f32s(t, []int{1}, func(int) float32 { return 2 })
	checkAgainstReference(t, exe, []*memref.Tensor{x, one}, 0, 0)
	checkAgainstReference(t, exe, []*memref.Tensor{one, y}, 0, 0)
}

func TestArenaInputs(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, `func.func @f(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Mul"(%x, %y) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`)
	x, err := rt.NewTensor(memref.Float32, []int{3, 5})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.FreeTensor(x)
	src := f32s(t, []int{3, 5}, func(i int) float32 { return float32(i) })
	copy(x.Data, src.Data)
	checkAgainstReference(t, exe, []*memref.Tensor{x, src}, 0, 0)
}

// TestHammer runs one executable (and one rank-specialized one) from many
// goroutines with mixed shapes; run it with -race.
func TestHammer(t *testing.T) {
	rt := newRuntime(t, WithWorkers(2))
	exe := compile(t, rt, `func.func @f(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Softmax"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Sum"(%x, %a) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %1, %2 : tensor<?x?xf32>, tensor<?xf32>
}`)
	unranked := compile(t, rt, `func.func @g(%x: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tf.Square"(%x) : (tensor<*xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}`)
	const P, N = 8, 25
	var wg sync.WaitGroup
	for g := 0; g < P; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(g)))
			for i := 0; i < N; i++ {
				rows, cols := 1+rng.Intn(40), 1+rng.Intn(70)
				if i%10 == 9 {
					rows = 300 + rng.Intn(200) // big enough to be chunked
					cols = 2000
				}
				x := f32s(t, []int{rows, cols}, func(k int) float32 { return float32(k%13) - 6 })
				b := f32s(t, []int{cols}, func(k int) float32 { return float32(k % 3) })
				checkAgainstReference(t, exe, []*memref.Tensor{x, b}, 1e-5, 1e-5)
				shape := make([]int, rng.Intn(4))
				for d := range shape {
					shape[d] = rng.Intn(6)
				}
				checkAgainstReference(t, unranked, []*memref.Tensor{f32s(t, shape, func(k int) float32 { return float32(k) })}, 0, 0)
			}
		}(g)
	}
	wg.Wait()
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes after the hammer", st.InUse)
	}
}

func TestCompileErrorsArePositioned(t *testing.T) {
	rt := newRuntime(t)
	_, err := rt.Compile(context.Background(), []byte(`func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.Exp"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "tf.Nope"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "tf.Tanh"(%1, %1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return %2 : tensor<2xf32>
}`), WithFilename("bad.mlir"))
	var list mlir.ErrorList
	if !errors.As(err, &list) || len(list) != 2 {
		t.Fatalf("want two diagnostics, got %v", err)
	}
	if !errors.Is(err, mlir.ErrUnsupported) || !errors.Is(err, mlir.ErrInvalid) {
		t.Errorf("errors.Is should match both kinds: %v", err)
	}
	if got := list[0].Error(); !strings.HasPrefix(got, "bad.mlir:3:8: 'tf.Nope' op") {
		t.Errorf("first diagnostic %q", got)
	}
	if _, err := rt.Compile(context.Background(), []byte("func.func @f("), WithFilename("cut.mlir")); !errors.Is(err, mlir.ErrSyntax) {
		t.Errorf("truncated kernel: %v", err)
	}
	if _, err := rt.Compile(context.Background(), []byte(`func.func @f() { func.return }`), WithEntry("g")); err == nil || !strings.Contains(err.Error(), "no function @g") {
		t.Errorf("missing entry: %v", err)
	}
}

func TestClosed(t *testing.T) {
	ctx := context.Background()
	rt, err := New(ctx, WithArenaSize(1<<20))
	if err != nil {
		t.Fatal(err)
	}
	exe := compile(t, rt, `func.func @f(%x: tensor<f32>) -> tensor<f32> {
  func.return %x : tensor<f32>
}`)
	rt.Close(ctx)
	if _, err := exe.Run(ctx, memref.Scalar[float32](1)); !errors.Is(err, ErrClosed) {
		t.Errorf("run after close: %v", err)
	}
	if _, err := rt.Compile(ctx, []byte("")); !errors.Is(err, ErrClosed) {
		t.Errorf("compile after close: %v", err)
	}
}

// TestF16IntermediateRounding: composite ops on f16 round each step to f16
// as TensorFlow does (here x-y inside SquaredDifference, before a sin near
// π amplifies one f16 ulp into a 20% difference).
func TestF16IntermediateRounding(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, `func.func @f(%a: tensor<?xf16>, %b: tensor<?xf16>) -> (tensor<?xf16>, tensor<?xf16>) {
  %0 = "tf.SquaredDifference"(%a, %b) : (tensor<?xf16>, tensor<?xf16>) -> tensor<?xf16>
  %1 = "tf.Sqrt"(%0) : (tensor<?xf16>) -> tensor<?xf16>
  %2 = "tf.Sin"(%1) : (tensor<?xf16>) -> tensor<?xf16>
  %3 = "tf.FloorDiv"(%a, %b) : (tensor<?xf16>, tensor<?xf16>) -> tensor<?xf16>
  func.return %2, %3 : tensor<?xf16>, tensor<?xf16>
}`)
	a, _ := memref.ParseLiteral("3xf16=1.888 7 -3")
	b, _ := memref.ParseLiteral("3xf16=5.02 0.1 0.7")
	checkAgainstReference(t, exe, []*memref.Tensor{a, b}, 0, 0)
}
