package engine

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

const addVecSrc = `func.func @f(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`

// TestSpecHitAllocations: once a kernel's specialization is ready, a run
// that finds it again allocates no more than a static kernel's: RunInto
// on arena tensors nothing at all (the lookup of a ready specialization
// makes no key, no closure, no shape slice).
func TestSpecHitAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	ctx := context.Background()
	for _, m := range []Specialization{SpecializeEnabled, SpecializeAlways} {
		t.Run(m.String(), func(t *testing.T) {
			rt := newRuntime(t, WithWorkers(1))
			exe, err := rt.Compile(ctx, []byte(addVecSrc), WithSpecialization(m))
			if err != nil {
				t.Fatal(err)
			}
			ax, _ := rt.NewTensor(memref.Float32, []int{8})
			out, _ := rt.NewTensor(memref.Float32, []int{8})
			dst := []*memref.Tensor{out}
			if err := exe.RunInto(ctx, dst, ax, ax); err != nil {
				t.Fatal(err)
			}
			if err := exe.WaitForCompilations(ctx); err != nil {
				t.Fatal(err)
			}
			x, err := exe.ExecutableFor(ctx, ax, ax)
			if err != nil {
				t.Fatal(err)
			}
			if def, err := exe.Default(ctx); err == nil { // none in mode always
				if x == def {
					t.Error("ran the default executable, not the specialization")
				}
				def.Release()
			}
			x.Release()
			// Every defTouch-th lookup goes the full way (and allocates):
			// average over many runs.
			if n := testing.AllocsPerRun(10*defTouch, func() { exe.RunInto(ctx, dst, ax, ax) }); n > 0.1 {
				t.Errorf("RunInto: %.2f allocations per run, want none", n)
			}
		})
	}
}

// TestSpecHitsPickTheRightExecutable: the fast lookup finds, for each
// input, the executable the full lookup finds: shapes cycled through more
// than the list holds, and a value-constrained argument whose contents
// change in place (the same tensor) between runs.
func TestSpecHitsPickTheRightExecutable(t *testing.T) {
	ctx := context.Background()
	rt := newRuntime(t)
	exe, err := rt.Compile(ctx, []byte(addSrc), WithSpecialization(SpecializeAlways))
	if err != nil {
		t.Fatal(err)
	}
	shapes := [][2]int{{1, 3}, {3, 1}, {4, 4}, {4, 5}, {1, 1}, {2, 7}}
	seen := map[[2]int]*Executable{}
	for round := 0; round < 3; round++ {
		for _, s := range shapes {
			x := f32s(t, []int{s[0], s[1]}, func(i int) float32 { return float32(i) })
			checkAgainstReference(t, exe, []*memref.Tensor{x, x}, 0, 0)
			for range 3 { // the first finds it the full way, the others fast
				got, err := exe.ExecutableFor(ctx, x, x)
				if err != nil {
					t.Fatal(err)
				}
				got.Release()
				if want, ok := seen[s]; ok && got != want {
					t.Errorf("round %d, %v: another executable than before", round, s)
				}
				seen[s] = got
			}
		}
	}
	// (1,3) and (3,1) differ in which dim is 1, (4,4) and (4,5) in whether
	// the dims are equal: each its own specialization.
	if seen[shapes[0]] == seen[shapes[1]] || seen[shapes[2]] == seen[shapes[3]] {
		t.Error("different symbolic shapes share an executable")
	}

	vexe, err := rt.Compile(ctx, []byte(`func.func @f(%x: tensor<?x?xf32>, %axes: tensor<1xi32> {jitrt.constraint = "value"}) -> tensor<?xf32> {
  %0 = "tf.Sum"(%x, %axes) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`))
	if err != nil {
		t.Fatal(err)
	}
	x := f32s(t, []int{3, 4}, func(i int) float32 { return float32(i) })
	a, _ := memref.FromSlice([]int{1}, []int32{0})
	for i := range 12 {
		axis := int32(i % 2)
		copy(a.Data, []byte{byte(axis), 0, 0, 0})
		got := checkAgainstReference(t, vexe, []*memref.Tensor{x, a}, 0, 0)
		if want := []int{4, 3}[axis]; len(got) != 1 || len(got[0].Shape) != 1 || got[0].Shape[0] != want {
			t.Fatalf("run %d (axis %d): result %v, want [%d]", i, axis, got[0].Shape, want)
		}
	}
}

// TestSpecHitsEvictedAndClosed: specializations evicted from a tiny
// executable cache while runs find them fast, from many goroutines, and a
// Close in the middle: every run either succeeds with the right result or
// fails with ErrClosed (run with -race).
func TestSpecHitsEvictedAndClosed(t *testing.T) {
	ctx := context.Background()
	rt, err := New(ctx, WithArenaSize(1<<22), WithExecutableCacheSize(16<<10))
	if err != nil {
		t.Fatal(err)
	}
	exe, err := rt.Compile(ctx, []byte(addSrc), WithSpecialization(SpecializeAlways))
	if err != nil {
		t.Fatal(err)
	}
	shapes := [][]int{{1, 3}, {3, 1}, {4, 4}, {4, 5}, {1, 1}}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for i := range 40 {
				s := shapes[(g+i)%len(shapes)]
				x := f32s(t, s, func(i int) float32 { return float32(i) })
				got, err := exe.Run(ctx, x, x)
				if err != nil {
					if !errors.Is(err, ErrClosed) {
						t.Errorf("run: %v", err)
					}
					return
				}
				v, _ := memref.Values[float32](got[0])
				for j, f := range v {
					if f != float32(2*j) {
						t.Errorf("%v: element %d is %v, want %d", s, j, f, 2*j)
						return
					}
				}
			}
		}()
	}
	close(start)
	for i := 0; i < 20; i++ { // runs in flight; then close
		x := ones(2, 2)
		if _, err := exe.Run(ctx, x, x); err != nil {
			t.Fatal(err)
		}
	}
	if err := rt.Close(ctx); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
}
