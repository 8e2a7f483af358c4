package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

const addSrc = `func.func @f(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`

func ones(shape ...int) *memref.Tensor {
	t, _ := memref.New(memref.Float32, shape)
	for i := 0; i < t.Len(); i++ {
		copy(t.Data[4*i:], []byte{0, 0, 0x80, 0x3f})
	}
	return t
}

// TestSpecializationCount: in mode always, (7,7) and (9,9) share one
// specialization ([-2,-2]); (7,9) and (1,9) each get their own.
func TestSpecializationCount(t *testing.T) {
	rt := newRuntime(t)
	var log bytes.Buffer
	exe, err := rt.Compile(context.Background(), []byte(addSrc), WithSpecialization(SpecializeAlways),
		WithSpecializationListener(DebugListener(&log)))
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{1, 1, 2, 3, 3}
	for i, s := range [][2]int{{7, 7}, {9, 9}, {7, 9}, {1, 9}, {1, 4}} {
		x := ones(s[0], s[1])
		checkAgainstReference(t, exe, []*memref.Tensor{x, x}, 0, 0)
		if got := rt.Stats().Specializations; got != want[i] {
			t.Errorf("after %v: %d specializations, want %d", s, got, want[i])
		}
	}
	if got := log.String(); got != "Specialized module: tensor<?x?xf32>, tensor<?x?xf32>\nSpecialized module: tensor<?x?xf32>, tensor<?x?xf32>\nSpecialized module: tensor<1x?xf32>, tensor<1x?xf32>\n" {
		t.Errorf("listener printed:\n%s", got)
	}
}

// TestValueSpecialization: each distinct value of a value-constrained
// operand gets its own executable, with the value as a constant.
func TestValueSpecialization(t *testing.T) {
	rt := newRuntime(t)
	var log bytes.Buffer
	exe, err := rt.Compile(context.Background(), []byte(`func.func @f(%x: tensor<?x?xf32>, %axes: tensor<1xi32> {jitrt.constraint = "value"}) -> tensor<?xf32> {
  %0 = "tf.Sum"(%x, %axes) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`), WithSpecializationListener(DebugListener(&log)))
	if err != nil {
		t.Fatal(err)
	}
	x := f32s(t, []int{3, 4}, func(i int) float32 { return float32(i) })
	for i, axis := range []int32{1, 0, 1, 0, -1} {
		a, _ := memref.FromSlice([]int{1}, []int32{axis})
		checkAgainstReference(t, exe, []*memref.Tensor{x, a}, 0, 0)
		if want := int64(min(i+1, 2)) + map[bool]int64{true: 1}[i == 4]; rt.Stats().Specializations != want {
			t.Errorf("after axis %d: %d specializations, want %d", axis, rt.Stats().Specializations, want)
		}
	}
	for _, want := range []string{"Arg[1] value specialized: dense<1> : tensor<1xi32>", "Arg[1] value specialized: dense<0> : tensor<1xi32>", "Arg[1] value specialized: dense<-1> : tensor<1xi32>"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("listener output lacks %q:\n%s", want, log.String())
		}
	}
}

func TestDisabledWithUnresolvedConstraint(t *testing.T) {
	rt := newRuntime(t)
	_, err := rt.Compile(context.Background(), []byte(`func.func @f(%x: tensor<?xf32> {jitrt.constraint = "shape"}) -> tensor<?xf32> {
  func.return %x : tensor<?xf32>
}`), WithSpecialization(SpecializeDisabled))
	if err == nil || !strings.Contains(err.Error(), "compilation options disabled specialization, however operands have unresolved constraints: [0: shape]") {
		t.Errorf("got %v", err)
	}
}

// TestEnabledRunsDefaultWhileSpecializing: the first run of a new shape
// uses the default executable; once the specialization is compiled, it
// is used.
func TestEnabledRunsDefaultWhileSpecializing(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	exe := compile(t, rt, addSrc)
	x := ones(1, 5)
	first, err := exe.ExecutableFor(ctx, x, x)
	if err != nil {
		t.Fatal(err)
	}
	def, _ := exe.Default(ctx)
	if first != def {
		t.Error("the first run did not use the default executable")
	}
	first.Release()
	def.Release()
	if err := exe.WaitForCompilations(ctx); err != nil {
		t.Fatal(err)
	}
	spec, err := exe.ExecutableFor(ctx, x, x)
	if err != nil {
		t.Fatal(err)
	}
	defer spec.Release()
	if spec == first || spec.Kernel().ArgTypes()[0].String() != "tensor<1x?xf32>" {
		t.Errorf("second run used %s", spec.Kernel().ArgTypes()[0])
	}
	checkAgainstReference(t, exe, []*memref.Tensor{x, x}, 0, 0)
}

// TestStaticKernelNeverSpecializes: all-static, unconstrained kernels run
// their default executable in every mode.
func TestStaticKernelNeverSpecializes(t *testing.T) {
	rt := newRuntime(t)
	exe, err := rt.Compile(context.Background(), []byte(`func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.Neg"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}`), WithSpecialization(SpecializeAlways))
	if err != nil {
		t.Fatal(err)
	}
	if exe.Mode() != SpecializeDisabled {
		t.Errorf("mode %s", exe.Mode())
	}
	checkAgainstReference(t, exe, []*memref.Tensor{ones(2, 3)}, 0, 0)
	if rt.Stats().Specializations != 0 {
		t.Error("a static kernel was specialized")
	}
}

func TestOperandErrorsThroughSpecialization(t *testing.T) {
	rt := newRuntime(t)
	exe, err := rt.Compile(context.Background(), []byte(`func.func @f(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  func.return %x : tensor<?x4xf32>
}`), WithSpecialization(SpecializeAlways))
	if err != nil {
		t.Fatal(err)
	}
	_, err = exe.Run(context.Background(), ones(4))
	if !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), "operand #0 rank does not match expected input rank: 1 vs 2 (got [4xf32] vs expected [?x4xf32])") {
		t.Errorf("got %v", err)
	}
	_, err = exe.Run(context.Background(), ones(2, 5))
	if !strings.Contains(fmt.Sprint(err), "operand #0 dimension #1 does not match expected input dimension: 5 vs 4") {
		t.Errorf("got %v", err)
	}
}

func TestCompileCache(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	a := compile(t, rt, addSrc)
	b := compile(t, rt, addSrc)
	if a != b {
		t.Error("the same kernel compiled twice gave two JitExecutables")
	}
	c, _ := rt.Compile(ctx, []byte(addSrc), WithSpecialization(SpecializeAlways))
	if c == a {
		t.Error("another mode shares the JitExecutable")
	}
	st := rt.Stats()
	if st.CompileHits != 1 || st.CompileMisses != 2 {
		t.Errorf("stats %+v", st)
	}
	// A bad kernel's error is cached too.
	bad := []byte(`func.func @f(%x: tensor<f32>) -> tensor<f32> { %0 = "tf.Bad"(%x) : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32> }`)
	_, e1 := rt.Compile(ctx, bad)
	_, e2 := rt.Compile(ctx, bad)
	if e1 == nil || e2 == nil || e1.Error() != e2.Error() {
		t.Errorf("errors %v / %v", e1, e2)
	}
	// Two runtimes sharing a cache build each artifact once.
	shared, err := NewCache(CacheOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer shared.Close(ctx)
	r1 := newRuntime(t, WithCache(shared))
	r2 := newRuntime(t, WithCache(shared))
	for _, r := range []*Runtime{r1, r2} {
		exe, err := r.Compile(ctx, []byte(addSrc), WithSpecialization(SpecializeDisabled))
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstReference(t, exe, []*memref.Tensor{ones(2, 2), ones(2, 2)}, 0, 0)
	}
	if st := shared.Stats().Artifacts; st.Misses != 1 {
		t.Errorf("shared cache built %d artifacts for one kernel (stats %+v)", st.Misses, st)
	}
}

// TestDiskCache: a restarted process (a new Cache on the same directory)
// reads compiled kernels back; corrupted entries are rejected and
// recompiled.
func TestDiskCache(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	run := func() CacheStats {
		c, err := NewCache(CacheOptions{Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close(ctx)
		rt := newRuntime(t, WithCache(c))
		exe, err := rt.Compile(ctx, []byte(addSrc), WithSpecialization(SpecializeAlways))
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstReference(t, exe, []*memref.Tensor{ones(3, 3), ones(3, 3)}, 0, 0)
		rt.Close(ctx)
		return c.Stats()
	}
	if st := run(); st.DiskHits != 0 || st.DiskMisses != 1 {
		t.Errorf("cold: %+v", st)
	}
	if st := run(); st.DiskHits != 1 || st.DiskRejects != 0 {
		t.Errorf("restart: %+v", st)
	}
	native, _ := filepath.Glob(filepath.Join(dir, "native", "*", "*"))
	if len(native) == 0 {
		t.Error("no native code on disk")
	}
	// Corrupt every file: artifacts and native code.
	files, _ := filepath.Glob(filepath.Join(dir, "artifacts", "*.blob"))
	for _, f := range append(files, native...) {
		if strings.HasSuffix(f, sumSuffix) {
			continue
		}
		b, _ := os.ReadFile(f)
		b[len(b)/2] ^= 0xff
		os.WriteFile(f, b, 0o600)
	}
	if st := run(); st.DiskHits != 0 || st.DiskRejects < 2 {
		t.Errorf("after corruption: %+v", st)
	}
	if st := run(); st.DiskHits != 1 || st.DiskRejects != 0 {
		t.Errorf("after recompiling: %+v", st)
	}
}

// TestSpecializationHammer: many goroutines run one kernel with mixed
// shapes in every mode (run with -race).
func TestSpecializationHammer(t *testing.T) {
	rt := newRuntime(t, WithWorkers(2), WithExecutableCacheSize(64<<10))
	ctx := context.Background()
	var exes []*JitExecutable
	for _, m := range []Specialization{SpecializeEnabled, SpecializeAlways, SpecializeDisabled} {
		exe, err := rt.Compile(ctx, []byte(`func.func @f(%x: tensor<?x?xf32>, %b: tensor<?xf32>, %a: tensor<1xi32> {rt.constraint = "value"}) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Tanh"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Max"(%1, %a) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %1, %2 : tensor<?x?xf32>, tensor<?xf32>
}`), WithSpecialization(m))
		if m == SpecializeDisabled {
			if err == nil {
				t.Fatal("disabled with a value constraint compiled")
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		exes = append(exes, exe)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(g)))
			for i := 0; i < 30; i++ {
				rows, cols := 1+rng.Intn(9), 1+rng.Intn(9)
				x := f32s(t, []int{rows, cols}, func(k int) float32 { return float32(k%5) - 2 })
				b := f32s(t, []int{cols}, func(k int) float32 { return float32(k) / 3 })
				a, _ := memref.FromSlice([]int{1}, []int32{int32(rng.Intn(2))})
				checkAgainstReference(t, exes[rng.Intn(len(exes))], []*memref.Tensor{x, b, a}, 1e-6, 1e-6)
			}
		}(g)
	}
	wg.Wait()
	for _, e := range exes {
		e.WaitForCompilations(ctx)
	}
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes", st.InUse)
	}
	t.Logf("stats: %+v", rt.Stats())
}

// TestSqueezeNeedsShapes: a Squeeze without squeeze_dims of dynamic dims
// has no default executable, but every shape specialization compiles
// (its symbolic dims are known not to be 1); Disabled is a compile error.
func TestSqueezeNeedsShapes(t *testing.T) {
	src := `func.func @f(%x: tensor<?x1x?xf32>) -> tensor<*xf32> {
  %0 = "tf.Squeeze"(%x) : (tensor<?x1x?xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}`
	rt := newRuntime(t)
	exe, err := rt.Compile(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want []int }{
		{[]int{2, 1, 3}, []int{2, 3}},
		{[]int{1, 1, 3}, []int{3}},
		{[]int{1, 1, 1}, []int{}},
		{[]int{0, 1, 5}, []int{0, 5}},
	} {
		out, err := exe.Run(context.Background(), ones(c.in...))
		if err != nil {
			t.Fatalf("%v: %v", c.in, err)
		}
		if !slices.Equal(out[0].Shape, c.want) {
			t.Errorf("%v: result shape %v, want %v", c.in, out[0].Shape, c.want)
		}
	}
	_, err = rt.Compile(context.Background(), []byte(src), WithSpecialization(SpecializeDisabled))
	if !errors.Is(err, mlir.ErrNeedsShapes) || !strings.Contains(err.Error(), "kernel.mlir:2:8: 'tf.Squeeze' op without squeeze_dims") {
		t.Errorf("disabled: got %v", err)
	}
}
