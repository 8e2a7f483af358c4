package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/memref"
)

// mixedResults returns outputs, an argument, a constant and a value
// returned twice (TestRunInArena, TestRunInto).
const mixedResults = `func.func @f(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<2xf32>, tensor<?x?xf32>) {
  %c = "tf.Const"() {value = dense<[1.5, 2.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tf.AddV2"(%x, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Exp"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %b, %c, %0 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<2xf32>, tensor<?x?xf32>
}`

// mixedSetup compiles mixedResults and makes its inputs x and b (x also
// as ax, a copy in the arena) and Run's results on them.
func mixedSetup(t *testing.T, rt *Runtime) (exe *JitExecutable, x, b, ax *memref.Tensor, want []*memref.Tensor) {
	t.Helper()
	exe = compile(t, rt, mixedResults)
	x = f32s(t, []int{5, 7}, func(i int) float32 { return float32(i) / 10 })
	b = f32s(t, []int{7}, func(i int) float32 { return float32(i) })
	want, err := exe.Run(context.Background(), x, b)
	if err != nil {
		t.Fatal(err)
	}
	ax, err = rt.NewTensor(memref.Float32, x.Shape)
	if err != nil {
		t.Fatal(err)
	}
	copy(ax.Data, x.Data)
	return exe, x, b, ax, want
}

// newDst makes result tensors shaped like want: in the arena (filled with
// 0xFF, as a used block may be) or on the heap.
func newDst(t *testing.T, rt *Runtime, want []*memref.Tensor, inArena bool) []*memref.Tensor {
	t.Helper()
	dst := make([]*memref.Tensor, len(want))
	for i, w := range want {
		if !inArena {
			dst[i], _ = memref.New(w.DType, w.Shape)
			continue
		}
		d, err := rt.NewTensor(w.DType, w.Shape)
		if err != nil {
			t.Fatal(err)
		}
		for j := range d.Data {
			d.Data[j] = 0xFF
		}
		dst[i] = d
	}
	return dst
}

// TestRunInto: results written into arena and heap tensors equal Run's,
// for outputs, a returned argument, a constant and a value returned twice,
// with inputs on the heap or in the arena, and nothing is left allocated.
func TestRunInto(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	exe, x, b, ax, want := mixedSetup(t, rt)
	for _, in := range [][]*memref.Tensor{{x, b}, {ax, b}} {
		for _, inArena := range []bool{true, false} {
			name := fmt.Sprintf("arena inputs %v, arena results %v", in[0] == ax, inArena)
			dst := newDst(t, rt, want, inArena)
			if err := exe.RunInto(ctx, dst, in...); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for i := range want {
				if err := golden.Compare(dst[i], want[i], 0, 0); err != nil {
					t.Errorf("%s: result %d: %v", name, i, err)
				}
			}
			if inArena {
				for _, d := range dst {
					rt.FreeTensor(d)
				}
			}
		}
	}
	rt.FreeTensor(ax)
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes after RunInto", st.InUse)
	}
}

// TestRunIntoRejects: every mismatch between the result tensors and the
// results is an ErrArgument naming the problem, and leaves nothing behind.
func TestRunIntoRejects(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	exe := compile(t, rt, `func.func @f(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.AddV2"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Mul"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1 : tensor<?xf32>, tensor<?xf32>
}`)
	x := f32s(t, []int{6}, func(i int) float32 { return float32(i) })
	ax, _ := rt.NewTensor(memref.Float32, []int{6})
	good := func() *memref.Tensor { d, _ := memref.New(memref.Float32, []int{6}); return d }
	shared, _ := memref.New(memref.Float32, []int{6})
	view := &memref.Tensor{DType: memref.Float32, Shape: []int{6}, Strides: []int{2}, Data: make([]byte, 48)}
	i32, _ := memref.New(memref.Int32, []int{6})
	short, _ := memref.New(memref.Float32, []int{5})
	before := rt.ArenaStats().InUse
	for _, c := range []struct {
		name   string
		dst    []*memref.Tensor
		inputs []*memref.Tensor
		want   string
	}{
		{"too few", []*memref.Tensor{good()}, []*memref.Tensor{x, x}, "1 result tensors for 2 results"},
		{"none", nil, []*memref.Tensor{x, x}, "0 result tensors for 2 results"},
		{"nil tensor", []*memref.Tensor{good(), nil}, []*memref.Tensor{x, x}, "#1 is nil"},
		{"dtype", []*memref.Tensor{good(), i32}, []*memref.Tensor{x, x}, "#1 is tensor<6xi32>, want tensor<6xf32>"},
		{"shape", []*memref.Tensor{short, good()}, []*memref.Tensor{x, x}, "#0 is tensor<5xf32>, want tensor<6xf32>"},
		{"strided", []*memref.Tensor{good(), view}, []*memref.Tensor{x, x}, "strided view"},
		{"same tensor twice", []*memref.Tensor{shared, shared}, []*memref.Tensor{x, x}, "#0 and #1 share memory"},
		{"an input as result", []*memref.Tensor{good(), ax}, []*memref.Tensor{ax, x}, "#1 shares memory with input #0"},
		{"a heap input as result", []*memref.Tensor{x, good()}, []*memref.Tensor{x, x}, "#0 shares memory with input #0"},
	} {
		err := exe.RunInto(ctx, c.dst, c.inputs...)
		if !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrArgument with %q", c.name, err, c.want)
		}
	}
	// A bad input is still the input's error.
	if err := exe.RunInto(ctx, []*memref.Tensor{good(), good()}, x, f32s(t, []int{4}, func(int) float32 { return 0 })); err == nil {
		t.Error("mismatched input shapes accepted")
	}
	if got := rt.ArenaStats().InUse; got != before {
		t.Errorf("arena holds %d bytes after failed RunInto calls, %d before", got, before)
	}
}

// TestRunIntoPoisoned: a kernel whose output is not stored in one pass
// from its first element (a Pad: fill, then the interior) still gives the
// right result in an arena tensor that held 0xFF bytes.
func TestRunIntoPoisoned(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	exe := compile(t, rt, `func.func @f(%x: tensor<3x4xf32>) -> tensor<5x8xf32> {
  %p = "tf.Const"() {value = dense<[[1, 1], [2, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.Pad"(%x, %p) : (tensor<3x4xf32>, tensor<2x2xi32>) -> tensor<5x8xf32>
  func.return %0 : tensor<5x8xf32>
}`)
	x := f32s(t, []int{3, 4}, func(i int) float32 { return float32(i + 1) })
	want, err := exe.Run(ctx, x)
	if err != nil {
		t.Fatal(err)
	}
	dst := newDst(t, rt, want, true)
	if err := exe.RunInto(ctx, dst, x); err != nil {
		t.Fatal(err)
	}
	if err := golden.Compare(dst[0], want[0], 0, 0); err != nil {
		t.Error(err)
	}
}

// TestRunIntoFlow: a kernel with control flow fills the result tensors
// too.
func TestRunIntoFlow(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	exe := compile(t, rt, `func.func @f(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.IfRegion"(%p) ({
    %1 = "tf.Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    "tf.Yield"(%1) : (tensor<4xf32>) -> ()
  }, {
    %2 = "tf.Exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    "tf.Yield"(%2) : (tensor<4xf32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}`)
	p, _ := memref.FromSlice([]int{}, []bool{true})
	x := f32s(t, []int{4}, func(i int) float32 { return float32(i) })
	want, err := exe.Run(ctx, p, x)
	if err != nil {
		t.Fatal(err)
	}
	dst := newDst(t, rt, want, false)
	if err := exe.RunInto(ctx, dst, p, x); err != nil {
		t.Fatal(err)
	}
	if err := golden.Compare(dst[0], want[0], 0, 0); err != nil {
		t.Error(err)
	}
	if err := exe.RunInto(ctx, []*memref.Tensor{x}, p, x); !errors.Is(err, ErrArgument) {
		t.Errorf("a flow kernel's result into its input: %v", err)
	}
}

// TestRunIntoConcurrent: goroutines running into their own arena tensors
// get their own results.
func TestRunIntoConcurrent(t *testing.T) {
	rt := newRuntime(t, WithWorkers(2))
	ctx := context.Background()
	exe := compile(t, rt, `func.func @f(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Mul"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		// Made here: f32s may call t.Fatal, which only the test's
		// goroutine may.
		n := 3 + g*37
		x := f32s(t, []int{n}, func(i int) float32 { return float32(g) })
		y := f32s(t, []int{n}, func(i int) float32 { return float32(i) })
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := rt.NewTensor(memref.Float32, []int{n})
			if err != nil {
				errs <- err
				return
			}
			defer rt.FreeTensor(out)
			for range 50 {
				if err := exe.RunInto(ctx, []*memref.Tensor{out}, x, y); err != nil {
					errs <- err
					return
				}
				got, _ := memref.Values[float32](out)
				for i, v := range got {
					if v != float32(g*i) {
						errs <- fmt.Errorf("goroutine %d: element %d = %v, want %v", g, i, v, g*i)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// BenchmarkTinyRun: the per-call overhead of K9 (two [8] f32 adds, inputs
// in the arena) through RunInArena (a result tensor made and freed per
// call) and RunInto (into one kept arena tensor).
func BenchmarkTinyRun(b *testing.B) {
	rt := newRuntime(b, WithWorkers(1))
	exe := compile(b, rt, `func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}`)
	ctx := context.Background()
	x, _ := rt.NewTensor(memref.Float32, []int{8})
	out, _ := rt.NewTensor(memref.Float32, []int{8})
	dst := []*memref.Tensor{out}
	b.Run("RunInArena", func(b *testing.B) {
		for b.Loop() {
			res, err := exe.RunInArena(ctx, x, x)
			if err != nil {
				b.Fatal(err)
			}
			rt.FreeTensor(res[0])
		}
	})
	b.Run("RunInto", func(b *testing.B) {
		for b.Loop() {
			if err := exe.RunInto(ctx, dst, x, x); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestRunIntoViews: results that are reshapes of a computed value and of
// an input (views in the loop IR) land in the result tensors too.
func TestRunIntoViews(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	exe := compile(t, rt, `func.func @f(%x: tensor<2x6xf32>) -> (tensor<3x4xf32>, tensor<12xf32>, tensor<2x6xf32>) {
  %s1 = "tf.Const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s2 = "tf.Const"() {value = dense<[12]> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Exp"(%x) : (tensor<2x6xf32>) -> tensor<2x6xf32>
  %1 = "tf.Reshape"(%0, %s1) : (tensor<2x6xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  %2 = "tf.Reshape"(%x, %s2) : (tensor<2x6xf32>, tensor<1xi32>) -> tensor<12xf32>
  func.return %1, %2, %0 : tensor<3x4xf32>, tensor<12xf32>, tensor<2x6xf32>
}`)
	x := f32s(t, []int{2, 6}, func(i int) float32 { return float32(i) / 4 })
	ax, _ := rt.NewTensor(memref.Float32, x.Shape)
	copy(ax.Data, x.Data)
	want, err := exe.Run(ctx, x)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []*memref.Tensor{x, ax} {
		for _, inArena := range []bool{true, false} {
			dst := newDst(t, rt, want, inArena)
			if err := exe.RunInto(ctx, dst, in); err != nil {
				t.Fatal(err)
			}
			for i := range want {
				if err := golden.Compare(dst[i], want[i], 0, 0); err != nil {
					t.Errorf("arena input %v, arena results %v: result %d: %v", in == ax, inArena, i, err)
				}
			}
		}
	}
}
