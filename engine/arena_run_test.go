package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/memref"
)

// TestRunInArena: results come back as arena tensors the caller owns,
// equal to Run's, for outputs, returned arguments, constants and a value
// returned twice; nothing stays allocated once they are freed.
func TestRunInArena(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	// Inputs in the arena too (ax): a run that copies nothing.
	exe, x, b, ax, want := mixedSetup(t, rt)
	for _, in := range [][]*memref.Tensor{{x, b}, {ax, b}} {
		got, err := exe.RunInArena(ctx, in...)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if _, ok := got[i].ArenaOffset(rt.arena.alloc); !ok {
				t.Errorf("result %d is not in the arena", i)
			}
			if err := golden.Compare(got[i], want[i], 0, 0); err != nil {
				t.Errorf("result %d: %v", i, err)
			}
		}
		if got[0] == got[4] {
			t.Error("a value returned twice is one tensor: the caller would free it twice")
		}
		for _, r := range got {
			if err := rt.FreeTensor(r); err != nil {
				t.Error(err)
			}
		}
	}
	rt.FreeTensor(ax)
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes after freeing every result", st.InUse)
	}
	// A failing run leaves nothing behind.
	if _, err := exe.RunInArena(ctx, x, f32s(t, []int{3}, func(int) float32 { return 0 })); err == nil {
		t.Error("a broadcast error was not reported")
	}
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes after a failed run", st.InUse)
	}
	// A kernel with control flow.
	fe := compile(t, rt, ifSrc)
	c := f32s(t, []int{1}, func(int) float32 { return 1 })
	m := f32s(t, []int{3, 4}, func(i int) float32 { return float32(i) })
	fw, _ := fe.Run(ctx, c, m)
	fg, err := fe.RunInArena(ctx, c, m)
	if err != nil {
		t.Fatal(err)
	}
	for i := range fw {
		if err := golden.Compare(fg[i], fw[i], 0, 0); err != nil {
			t.Errorf("flow result %d: %v", i, err)
		}
		rt.FreeTensor(fg[i])
	}
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes after the flow's results are freed", st.InUse)
	}
}

// TestRunAllocations pins the allocations of a small run in steady state:
// Run allocates its result slice and the result tensor only (its header
// and shape in one allocation, its data in another); RunInArena one object
// holding the slice, the tensor's header and its shape; RunInto into a
// kept arena tensor nothing (plans, argument blocks, workers, the run's
// scratch and the arena's bookkeeping are reused or on the stack).
func TestRunAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	rt := newRuntime(t, WithWorkers(1))
	exe := compile(t, rt, `func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}`)
	ctx := context.Background()
	x := f32s(t, []int{8}, func(i int) float32 { return float32(i) })
	ax, _ := rt.NewTensor(memref.Float32, []int{8})
	copy(ax.Data, x.Data)
	out, _ := rt.NewTensor(memref.Float32, []int{8})
	dst := []*memref.Tensor{out}
	for _, c := range []struct {
		name string
		max  float64
		run  func()
	}{
		{"Run", 3, func() { exe.Run(ctx, x, x) }},
		{"RunInArena", 1, func() {
			o, err := exe.RunInArena(ctx, ax, ax)
			if err == nil {
				rt.FreeTensor(o[0])
			}
		}},
		// Results into a kept arena tensor: nothing at all.
		{"RunInto", 0, func() { exe.RunInto(ctx, dst, ax, ax) }},
	} {
		if n := testing.AllocsPerRun(200, c.run); n > c.max {
			t.Errorf("%s: %.1f allocations per run, want at most %.0f", c.name, n, c.max)
		}
	}
	if got, _ := memref.Values[float32](out); got[7] != 14 {
		t.Errorf("RunInto: %v, want x+x", got)
	}
}

// TestRunInArenaBlockSize: a run whose inputs are in the arena and whose
// results stay there allocates (and zeroes on free) only the argument
// block and temporaries besides the results, not room for copies.
func TestRunInArenaBlockSize(t *testing.T) {
	rt := newRuntime(t, WithWorkers(1))
	ctx := context.Background()
	exe := compile(t, rt, `func.func @f(%x: tensor<512x512xf32>, %b: tensor<512xf32>) -> tensor<512x512xf32> {
  %0 = "tf.AddV2"(%x, %b) : (tensor<512x512xf32>, tensor<512xf32>) -> tensor<512x512xf32>
  func.return %0 : tensor<512x512xf32>
}`)
	x, _ := rt.NewTensor(memref.Float32, []int{512, 512})
	b, _ := rt.NewTensor(memref.Float32, []int{512})
	before := rt.ArenaStats().InUse
	out, err := exe.RunInArena(ctx, x, b)
	if err != nil {
		t.Fatal(err)
	}
	result := int64(len(out[0].Data))
	if peak := rt.ArenaStats().Peak; peak > before+result+64<<10 {
		t.Errorf("arena peak %d for %d bytes of inputs and a %d-byte result: the run block holds room it does not use", peak, before, result)
	}
	rt.FreeTensor(out[0])
}

// TestRunChecksWithPlanCached: once a shape's plan is cached, runs skip
// the full operand check only for inputs it would pass; anything else
// (a tensor changed since, strided, nil, of another dtype or shape, too
// short) still gets verifyOperands' error, and nothing stays allocated.
func TestRunChecksWithPlanCached(t *testing.T) {
	rt := newRuntime(t, WithWorkers(1))
	ctx := context.Background()
	exe := compile(t, rt, `func.func @f(%x: tensor<?xf32>, %y: tensor<8xf32>) -> tensor<?xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<?xf32>, tensor<8xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`)
	x := f32s(t, []int{8}, func(i int) float32 { return float32(i) })
	ax, _ := rt.NewTensor(memref.Float32, []int{8})
	for _, in := range [][]*memref.Tensor{{x, x}, {ax, x}} {
		out, err := exe.RunInArena(ctx, in...)
		if err != nil {
			t.Fatal(err)
		}
		rt.FreeTensor(out[0])
	}
	short := f32s(t, []int{8}, func(int) float32 { return 0 })
	short.Data = short.Data[:28]
	grown, _ := rt.NewTensor(memref.Float32, []int{8})
	grown.Shape[0] = 9 // its block holds 8
	strided := f32s(t, []int{8}, func(int) float32 { return 0 })
	strided.Strides = []int{2}
	f64 := &memref.Tensor{DType: memref.Float64, Shape: []int{8}, Data: make([]byte, 64)}
	for _, c := range []struct {
		in   []*memref.Tensor
		want string
	}{
		{[]*memref.Tensor{x}, "number of operands"},
		{[]*memref.Tensor{nil, x}, "operand #0 is nil"},
		{[]*memref.Tensor{short, x}, "data holds 28 bytes, need 32"},
		{[]*memref.Tensor{grown, x}, "data holds 32 bytes, need 36"},
		{[]*memref.Tensor{x, strided}, "strides address"},
		{[]*memref.Tensor{f64, x}, "expected element type"},
		{[]*memref.Tensor{x, f32s(t, []int{9}, func(int) float32 { return 0 })}, "dimension #0 does not match"},
	} {
		for _, run := range []func(context.Context, ...*memref.Tensor) ([]*memref.Tensor, error){exe.Run, exe.RunInArena} {
			_, err := run(ctx, c.in...)
			if !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%q: got %v", c.want, err)
			}
		}
	}
	rt.FreeTensor(ax)
	rt.FreeTensor(grown)
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes after failed runs", st.InUse)
	}
}

// TestDefaultEvictionHammer: goroutines run several static kernels (their
// default executables, taken by Default's fast path) through an
// executable cache too small to hold them all, so that executables are
// evicted, closed and loaded again while others run them (run with -race).
func TestDefaultEvictionHammer(t *testing.T) {
	rt := newRuntime(t, WithWorkers(1), WithExecutableCacheSize(16<<10))
	ctx := context.Background()
	ops := []string{"tf.AddV2", "tf.Sub", "tf.Mul", "tf.Maximum"}
	want := []func(a, b float32) float32{
		func(a, b float32) float32 { return a + b },
		func(a, b float32) float32 { return a - b },
		func(a, b float32) float32 { return a * b },
		func(a, b float32) float32 { return max(a, b) },
	}
	var exes []*JitExecutable
	for _, op := range ops {
		exes = append(exes, compile(t, rt, `func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "`+op+`"(%x, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}`))
	}
	x := f32s(t, []int{8}, func(i int) float32 { return float32(i) })
	y := f32s(t, []int{8}, func(i int) float32 { return 3 - float32(i) })
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 300 {
				k := (g + i) % len(exes)
				out, err := exes[k].RunInArena(ctx, x, y)
				if err != nil {
					errs <- err
					return
				}
				got, _ := memref.Values[float32](out[0])
				for j, v := range got {
					if w := want[k](float32(j), 3-float32(j)); v != w {
						errs <- fmt.Errorf("%s: element %d is %v, want %v", ops[k], j, v, w)
						return
					}
				}
				if err := rt.FreeTensor(out[0]); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if st := rt.Stats(); st.Loads <= int64(len(exes)) {
		t.Errorf("%d loads for %d kernels: the cache evicted nothing", st.Loads, len(exes))
	}
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes", st.InUse)
	}
}

// TestEvictedDefaultIsCollected: a kernel's remembered default executable
// does not keep an evicted one alive (the cache's byte bound holds even
// for kernels that ran once and went idle).
func TestEvictedDefaultIsCollected(t *testing.T) {
	rt := newRuntime(t, WithWorkers(1), WithExecutableCacheSize(1))
	ctx := context.Background()
	src := func(op string) string {
		return `func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "` + op + `"(%x, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}`
	}
	a, b := compile(t, rt, src("tf.AddV2")), compile(t, rt, src("tf.Sub"))
	x := f32s(t, []int{8}, func(i int) float32 { return float32(i) })
	if _, err := a.Run(ctx, x, x); err != nil {
		t.Fatal(err)
	}
	w := a.def.Load()
	if w == nil || w.Value() == nil {
		t.Fatal("the kernel remembers no default executable after a run")
	}
	wa := *w
	if _, err := b.Run(ctx, x, x); err != nil { // evicts a's executable
		t.Fatal(err)
	}
	for i := 0; i < 5 && wa.Value() != nil; i++ {
		runtime.GC()
	}
	if wa.Value() != nil {
		t.Errorf("an evicted default executable is still reachable")
	}
	// a still runs (loading its executable again).
	out, err := a.Run(ctx, x, x)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := memref.Values[float32](out[0]); got[3] != 6 {
		t.Errorf("x+x at 3 = %v, want 6", got[3])
	}
}
