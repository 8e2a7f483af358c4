package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sandjit/sandjit/memref"
)

// ifSrc picks a branch on a condition of any type (TensorFlow's truth
// rule) and computes before and after it.
const ifSrc = `func.func @main(%c: tensor<?xf32>, %x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %k = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %a = "tf.Mul"(%x, %k) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %i = "tf.If"(%c, %a) {then_branch = @rowsum, else_branch = @colsum, is_stateless = true} : (tensor<?xf32>, tensor<?x?xf32>) -> tensor<?xf32>
  %e = "tf.Exp"(%a) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %d = "tf.Sub"(%i, %k) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  func.return %e, %d : tensor<?x?xf32>, tensor<?xf32>
}
func.func private @rowsum(%y: tensor<?x?xf32>) -> tensor<?xf32> {
  %ax = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Sum"(%y, %ax) : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
func.func private @colsum(%y: tensor<?x?xf32>) -> tensor<?xf32> {
  %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Sum"(%y, %ax) : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`

func TestFlowIf(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, ifSrc)
	if len(exe.Parts()) != 4 {
		t.Errorf("%d parts, want 4 (two segments, two branches)", len(exe.Parts()))
	}
	x := f32s(t, []int{3, 5}, func(i int) float32 { return float32(i%7) / 4 })
	for _, c := range [][]float32{{1}, {0}, {}, {0, 0}} {
		cond := f32s(t, []int{len(c)}, func(i int) float32 { return c[i] })
		out := checkAgainstReference(t, exe, []*memref.Tensor{cond, x}, 1e-6, 1e-6)
		// A non-empty vector is true (rows: 3 sums); empty is false (columns: 5).
		if want := map[bool]int{true: 3, false: 5}[len(c) > 0]; out[1].Shape[0] != want {
			t.Errorf("condition %v: result shape %v", c, out[1].Shape)
		}
	}
	if _, err := exe.Default(context.Background()); !errors.Is(err, ErrControlFlow) {
		t.Errorf("Default: %v", err)
	}
}

// whileSrc doubles a vector (by concatenating it with itself) while it is
// shorter than n: the loop value changes shape every iteration.
const whileSrc = `func.func @main(%x: tensor<?xf32>, %n: tensor<i32>) -> (tensor<?xf32>, tensor<i32>) {
  %zero = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r:2 = "tf.WhileRegion"(%x, %zero) ({
  ^bb0(%v: tensor<?xf32>, %i: tensor<i32>):
    %s = "tf.Shape"(%v) : (tensor<?xf32>) -> tensor<1xi32>
    %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %len = "tf.Sum"(%s, %ax) : (tensor<1xi32>, tensor<i32>) -> tensor<i32>
    %p = "tf.Less"(%len, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%v: tensor<?xf32>, %i: tensor<i32>):
    %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %w = "tf.ConcatV2"(%v, %v, %ax) : (tensor<?xf32>, tensor<?xf32>, tensor<i32>) -> tensor<?xf32>
    %h = "tf.Mul"(%w, %w) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %j = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "tf.Yield"(%h, %j) : (tensor<?xf32>, tensor<i32>) -> ()
  }) {is_stateless = true} : (tensor<?xf32>, tensor<i32>) -> (tensor<?xf32>, tensor<i32>)
  func.return %r#0, %r#1 : tensor<?xf32>, tensor<i32>
}`

func TestFlowWhile(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, whileSrc)
	x := f32s(t, []int{3}, func(i int) float32 { return 1 + float32(i)/8 })
	for _, n := range []int32{0, 3, 4, 7, 25} {
		nt, _ := memref.FromSlice([]int{}, []int32{n})
		out := checkAgainstReference(t, exe, []*memref.Tensor{x, nt}, 1e-6, 0)
		iters := int32(0)
		for l := int32(3); l < n; l *= 2 {
			iters++
		}
		if got := out[1].Bits64At(0); int32(got) != iters || out[0].Shape[0] != 3<<iters {
			t.Errorf("n=%d: %d iterations, length %d", n, got, out[0].Shape[0])
		}
	}
}

// spinSrc loops forever (its condition is always true).
const spinSrc = `func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %r = "tf.While"(%x) {cond = @yes, body = @inc, is_stateless = true} : (tensor<f32>) -> tensor<f32>
  func.return %r : tensor<f32>
}
func.func private @yes(%x: tensor<f32>) -> tensor<i1> {
  %t = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  func.return %t : tensor<i1>
}
func.func private @inc(%x: tensor<f32>) -> tensor<f32> {
  %one = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.AddV2"(%x, %one) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}`

// TestFlowWhileBounds: a While that never ends stops at the context's
// deadline, or after WithMaxIterations, with errors naming the op.
func TestFlowWhileBounds(t *testing.T) {
	x, _ := memref.FromSlice([]int{}, []float32{0})
	rt := newRuntime(t)
	exe := compile(t, rt, spinSrc)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := exe.Run(ctx, x)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "kernel.mlir:2:8: 'tf.While' op stopped after") {
		t.Errorf("deadline: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopped %v after the deadline", d)
	}

	rt = newRuntime(t, WithMaxIterations(10))
	exe = compile(t, rt, spinSrc)
	_, err = exe.Run(context.Background(), x)
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "did not finish within 10 iterations") {
		t.Errorf("limit: %v", err)
	}
	if _, err := New(context.Background(), WithMaxIterations(0)); err == nil {
		t.Error("WithMaxIterations(0) accepted")
	}
}

// TestFlowResultTypes: a branch whose result does not fit the If's
// declared type fails the run with the op's position.
func TestFlowResultTypes(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, `func.func @main(%c: tensor<i1>, %x: tensor<?xf32>) -> tensor<3xf32> {
  %0 = "tf.If"(%c, %x) {then_branch = @id, else_branch = @id} : (tensor<i1>, tensor<?xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}
func.func private @id(%y: tensor<?xf32>) -> tensor<?xf32> {
  func.return %y : tensor<?xf32>
}`)
	c, _ := memref.FromSlice([]int{}, []bool{true})
	if _, err := exe.Run(context.Background(), c, f32s(t, []int{3}, func(int) float32 { return 1 })); err != nil {
		t.Fatal(err)
	}
	_, err := exe.Run(context.Background(), c, f32s(t, []int{4}, func(int) float32 { return 1 }))
	if !errors.Is(err, ErrShape) || !strings.Contains(err.Error(), "kernel.mlir:2:8: 'tf.If' op result #0 has type tensor<4xf32> at run time, which does not fit its declared type tensor<3xf32>") {
		t.Errorf("got %v", err)
	}
}

// TestFlowCompileErrors: errors in branches surface at compile time with
// their positions.
func TestFlowCompileErrors(t *testing.T) {
	rt := newRuntime(t)
	_, err := rt.Compile(context.Background(), []byte(`func.func @main(%c: tensor<i1>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.If"(%c, %x) {then_branch = @bad, else_branch = @bad} : (tensor<i1>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
func.func private @bad(%y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Frobnicate"(%y) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`))
	if err == nil || !strings.Contains(err.Error(), "kernel.mlir:6:8: 'tf.Frobnicate' op is not supported") {
		t.Errorf("got %v", err)
	}
}

// TestFlowHammer runs a kernel with a While and an If from many
// goroutines at once, each with its own sizes.
func TestFlowHammer(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, whileSrc)
	exeIf := compile(t, rt, ifSrc)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range 20 {
				n := int32(1 + (g*7+it)%40)
				nt, _ := memref.FromSlice([]int{}, []int32{n})
				x := f32s(t, []int{1 + g}, func(i int) float32 { return 1 })
				out, err := exe.Run(context.Background(), x, nt)
				if err != nil {
					errs <- err
					return
				}
				l := 1 + g
				for l < int(n) {
					l *= 2
				}
				if out[0].Shape[0] != l {
					errs <- fmt.Errorf("goroutine %d n=%d: length %d, want %d", g, n, out[0].Shape[0], l)
					return
				}
				c := f32s(t, []int{it % 2}, func(int) float32 { return 0 }) // non-empty: true
				m := f32s(t, []int{2 + g, 3}, func(i int) float32 { return 1 })
				r, err := exeIf.Run(context.Background(), c, m)
				if err != nil {
					errs <- err
					return
				}
				if want := map[int]int{1: 2 + g, 0: 3}[it%2]; r[1].Shape[0] != want {
					errs <- fmt.Errorf("If: shape %v, want [%d]", r[1].Shape, want)
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
}

// TestFlowUnique: the host's unique op between two kernels keeps the
// first of +0 and -0 (its bits), makes every NaN distinct, and reports a
// bad axis read at run time as an error at the op's position.
func TestFlowUnique(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, `func.func @main(%x: tensor<?xf32>, %m: tensor<?x?xi32>, %a: tensor<?xi64>) -> (tensor<?xf32>, tensor<?xi64>, tensor<?x?xi32>, tensor<?xi32>) {
  %n = "tf.Neg"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %0:2 = "tf.Unique"(%n) {out_idx = i64} : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi64>)
  %1:3 = "tf.UniqueWithCountsV2"(%m, %a) : (tensor<?x?xi32>, tensor<?xi64>) -> (tensor<?x?xi32>, tensor<?xi32>, tensor<?xi32>)
  func.return %0#0, %0#1, %1#0, %1#2 : tensor<?xf32>, tensor<?xi64>, tensor<?x?xi32>, tensor<?xi32>
}`)
	nan := float32(math.NaN())
	x, _ := memref.FromSlice([]int{6}, []float32{0, nan, float32(math.Copysign(0, -1)), 2, nan, 2})
	m, _ := memref.FromSlice([]int{2, 3}, []int32{1, 2, 1, 4, 5, 4})
	axis, _ := memref.FromSlice([]int{1}, []int64{-1})
	out, err := exe.Run(context.Background(), x, m, axis)
	if err != nil {
		t.Fatal(err)
	}
	y, _ := memref.Values[float32](out[0])
	idx, _ := memref.Values[int64](out[1])
	if len(y) != 4 || math.Float32bits(y[0]) != 0x80000000 || y[1] == y[1] || y[2] != -2 || y[3] == y[3] {
		t.Errorf("y = %v, want [-0 NaN -2 NaN]", y)
	}
	if !slices.Equal(idx, []int64{0, 1, 0, 2, 3, 2}) {
		t.Errorf("idx = %v", idx)
	}
	cols, _ := memref.Values[int32](out[2])
	counts, _ := memref.Values[int32](out[3])
	if !slices.Equal(out[2].Shape, []int{2, 2}) || !slices.Equal(cols, []int32{1, 2, 4, 5}) || !slices.Equal(counts, []int32{2, 1}) {
		t.Errorf("columns %v %v, counts %v", out[2].Shape, cols, counts)
	}
	for _, bad := range []struct {
		axis []int64
		msg  string
	}{
		{[]int64{2}, "kernel.mlir:4:10: 'tf.UniqueWithCountsV2' op axis has to be between [0, 2)"},
		{[]int64{0, 1}, "axis does not support input tensors larger than 1 elements"},
		{[]int64{}, "unique expects a 1D vector."},
	} {
		a, _ := memref.FromSlice([]int{len(bad.axis)}, bad.axis)
		if _, err := exe.Run(context.Background(), x, m, a); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), bad.msg) {
			t.Errorf("axis %v: got %v, want %q", bad.axis, err, bad.msg)
		}
	}
}
