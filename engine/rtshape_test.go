package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/memref"
)

// Run-time shape operands: a shape, a Range bound, a Slice begin… that is
// a function argument without a "value" constraint is read by the host
// before each run; one shape-generic executable serves every value.

func i32v(vals ...int32) *memref.Tensor { return intArg([]int{len(vals)}, vals) }

func i64v(vals ...int64) *memref.Tensor {
	t, _ := memref.FromSlice([]int{len(vals)}, vals)
	return t
}

func i32s(v int32) *memref.Tensor { return intArg([]int{}, []int32{v}) }

func i64s(v int64) *memref.Tensor {
	t, _ := memref.FromSlice([]int{}, []int64{v})
	return t
}

func f32s0(v float32) *memref.Tensor {
	t, _ := memref.FromSlice([]int{}, []float32{v})
	return t
}

func iota32(t testing.TB, shape ...int) *memref.Tensor {
	return f32s(t, shape, func(i int) float32 { return float32(i) + 0.25 })
}

// rtShapeCase is a kernel whose result shapes come from argument values,
// and runs of it: the same argument shapes, different values.
type rtShapeCase struct {
	name string
	src  string
	runs func(t testing.TB) [][]*memref.Tensor
}

var rtShapeCases = []rtShapeCase{
	{"reshape with -1", `func.func @f(%x: tensor<?x?xf32>, %s: tensor<3xi32>) -> tensor<?x?x?xf32> {
  %0 = "tf.Reshape"(%x, %s) : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %1 = "tf.Neg"(%0) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %1 : tensor<?x?x?xf32>
}`, func(t testing.TB) [][]*memref.Tensor {
		x := iota32(t, 4, 6)
		return [][]*memref.Tensor{{x, i32v(2, -1, 3)}, {x, i32v(-1, 4, 3)}, {x, i32v(24, 1, 1)}, {x, i32v(1, 1, -1)}, {x, i32v(3, 8, 1)}}
	}},
	{"broadcast_to", `func.func @f(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = "tf.BroadcastTo"(%x, %s) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, func(t testing.TB) [][]*memref.Tensor {
		x := iota32(t, 3)
		return [][]*memref.Tensor{{x, i64v(2, 3)}, {x, i64v(5, 3)}, {x, i64v(1, 3)}, {x, i64v(0, 3)}, {iota32(t, 1), i64v(4, 7)}}
	}},
	{"fill", `func.func @f(%d: tensor<2xi32>, %v: tensor<f32>) -> tensor<?x?xf32> {
  %0 = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, func(t testing.TB) [][]*memref.Tensor {
		return [][]*memref.Tensor{{i32v(2, 3), f32s0(1.5)}, {i32v(0, 5), f32s0(2)}, {i32v(7, 1), f32s0(-3)}, {i32v(33, 17), f32s0(0.5)}}
	}},
	{"range i32 and i64", `func.func @f(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i64>, %e: tensor<i64>, %g: tensor<i64>) -> (tensor<?xi32>, tensor<?xi64>) {
  %0 = "tf.Range"(%a, %b, %c) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %1 = "tf.Range"(%d, %e, %g) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  func.return %0, %1 : tensor<?xi32>, tensor<?xi64>
}`, func(t testing.TB) [][]*memref.Tensor {
		return [][]*memref.Tensor{
			{i32s(0), i32s(13), i32s(1), i64s(0), i64s(7), i64s(2)},
			{i32s(10), i32s(-3), i32s(-3), i64s(5), i64s(-100), i64s(-7)},
			{i32s(3), i32s(3), i32s(1), i64s(-4), i64s(-4), i64s(-1)},
			{i32s(1<<31 - 3), i32s(1<<31 - 1), i32s(1), i64s(1 << 40), i64s(1<<40 + 13), i64s(1)},
		}
	}},
	{"tile", `func.func @f(%x: tensor<?x?xf32>, %m: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = "tf.Tile"(%x, %m) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, func(t testing.TB) [][]*memref.Tensor {
		x := iota32(t, 2, 3)
		return [][]*memref.Tensor{{x, i32v(1, 1)}, {x, i32v(2, 3)}, {x, i32v(0, 2)}, {x, i32v(5, 1)}}
	}},
	{"slice", `func.func @f(%x: tensor<?x?xf32>, %b: tensor<2xi32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, func(t testing.TB) [][]*memref.Tensor {
		x := iota32(t, 4, 6)
		return [][]*memref.Tensor{{x, i32v(1, 0), i32v(2, -1)}, {x, i32v(0, 0), i32v(4, 6)}, {x, i32v(3, 5), i32v(1, 1)}, {x, i32v(2, 3), i32v(0, 2)}}
	}},
	{"pad and padv2", `func.func @f(%x: tensor<?x?xf32>, %p: tensor<2x2xi32>, %c: tensor<f32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.Pad"(%x, %p) : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  %1 = "tf.PadV2"(%x, %p, %c) : (tensor<?x?xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}`, func(t testing.TB) [][]*memref.Tensor {
		x := iota32(t, 2, 3)
		return [][]*memref.Tensor{{x, intArg([]int{2, 2}, []int32{1, 0, 2, 3}), f32s0(9)}, {x, intArg([]int{2, 2}, []int32{0, 0, 0, 0}), f32s0(-1)}, {x, intArg([]int{2, 2}, []int32{3, 4, 0, 1}), f32s0(7)}}
	}},
	{"expand_dims", `func.func @f(%x: tensor<?x?xf32>, %d: tensor<i32>) -> tensor<?x?x?xf32> {
  %0 = "tf.ExpandDims"(%x, %d) : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?x?xf32>
  %1 = "tf.Neg"(%0) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %1 : tensor<?x?x?xf32>
}`, func(t testing.TB) [][]*memref.Tensor {
		x := iota32(t, 2, 3)
		return [][]*memref.Tensor{{x, i32s(0)}, {x, i32s(1)}, {x, i32s(2)}, {x, i32s(-1)}, {x, i32s(-3)}}
	}},
	{"strided_slice begin end", `func.func @f(%x: tensor<?x?xf32>, %b: tensor<2xi32>, %e: tensor<2xi32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %st = "tf.Const"() {value = dense<[1, -2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %st) : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %1 = "tf.StridedSlice"(%x, %b, %e, %st) {shrink_axis_mask = 1 : i64} : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?xf32>
}`, func(t testing.TB) [][]*memref.Tensor {
		x := iota32(t, 4, 7)
		return [][]*memref.Tensor{{x, i32v(1, 6), i32v(3, 0)}, {x, i32v(0, -1), i32v(4, -8)}, {x, i32v(-1, 3), i32v(4, 3)}, {x, i32v(2, 5), i32v(100, -100)}}
	}},
	{"strided_slice strides", `func.func @f(%x: tensor<?x?x?xf32>, %b: tensor<3xi64>, %e: tensor<3xi64>, %s: tensor<3xi64>) -> (tensor<?x?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) : (tensor<?x?x?xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<?x?x?xf32>
  %1 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 2 : i64, end_mask = 4 : i64, shrink_axis_mask = 1 : i64} : (tensor<?x?x?xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?x?xf32>, tensor<?x?xf32>
}`, func(t testing.TB) [][]*memref.Tensor {
		x := iota32(t, 5, 6, 7)
		return [][]*memref.Tensor{
			{x, i64v(0, 0, 0), i64v(5, 6, 7), i64v(1, 1, 1)},
			{x, i64v(1, 5, 0), i64v(5, -7, 7), i64v(2, -2, 3)},
			{x, i64v(-1, 0, 6), i64v(-6, 6, -100), i64v(1, 5, -1)},
			{x, i64v(4, 2, 3), i64v(0, 3, 5), i64v(3, 1<<40, 1)},
			{x, i64v(2, 0, 0), i64v(3, 6, 7), i64v(1, 4, 100)},
			{x, i64v(0, 5, 6), i64v(5, 0, 0), i64v(1<<63-1, -1<<63, -1<<62)},
		}
	}},
	{"one_hot depth", `func.func @f(%i: tensor<?xi32>, %d: tensor<i32>) -> tensor<?x?xf32> {
  %on = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %off = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.OneHot"(%i, %d, %on, %off) {axis = -1 : i64} : (tensor<?xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, func(t testing.TB) [][]*memref.Tensor {
		i := i32v(0, 2, 5, -1)
		return [][]*memref.Tensor{{i, i32s(3)}, {i, i32s(6)}, {i, i32s(0)}}
	}},
	{"shape arithmetic", `func.func @f(%x: tensor<?x?x?xf32>, %k: tensor<i32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi64>) {
  %s = "tf.Shape"(%x) : (tensor<?x?x?xf32>) -> tensor<3xi32>
  %b = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %e = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %one = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %d1 = "tf.StridedSlice"(%s, %b, %e, %one) {shrink_axis_mask = 1 : i64} : (tensor<3xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
  %m = "tf.Mul"(%d1, %k) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %neg = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %neg1 = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %p = "tf.Pack"(%neg, %m) {axis = 0 : i64} : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %0 = "tf.Reshape"(%x, %p) : (tensor<?x?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %kk = "tf.ExpandDims"(%k, %z) : (tensor<i32>, tensor<i32>) -> tensor<1xi32>
  %c = "tf.ConcatV2"(%kk, %neg1, %ax) : (tensor<1xi32>, tensor<1xi32>, tensor<i32>) -> tensor<2xi32>
  %1 = "tf.Reshape"(%x, %c) : (tensor<?x?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %n = "tf.Prod"(%s, %ax) : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
  %n64 = "tf.Cast"(%n) : (tensor<i32>) -> tensor<i64>
  %k64 = "tf.Cast"(%k) : (tensor<i32>) -> tensor<i64>
  %lim = "tf.Mul"(%n64, %k64) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %z64 = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %2 = "tf.Range"(%z64, %lim, %k64) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  func.return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi64>
}`, func(t testing.TB) [][]*memref.Tensor {
		x := iota32(t, 2, 3, 4)
		return [][]*memref.Tensor{{x, i32s(1)}, {x, i32s(2)}, {x, i32s(4)}, {iota32(t, 6, 1, 2), i32s(1)}}
	}},
}

var allModes = []Specialization{SpecializeEnabled, SpecializeDisabled, SpecializeAlways}

// TestRunTimeShapeOperands runs every case on each backend in each
// specialization mode against the reference evaluator, bit for bit.
func TestRunTimeShapeOperands(t *testing.T) {
	ctx := context.Background()
	for _, be := range Backends() {
		rt := newRuntime(t, WithBackend(be), WithWorkers(2))
		for _, mode := range allModes {
			for _, c := range rtShapeCases {
				t.Run(fmt.Sprintf("%s/%s/%s", be, mode, c.name), func(t *testing.T) {
					exe, err := rt.Compile(ctx, []byte(c.src), WithSpecialization(mode))
					if err != nil {
						t.Fatal(err)
					}
					for _, args := range c.runs(t) {
						got := checkAgainstReference(t, exe, args, 0, 0)
						// Again, from the plans the executable keeps.
						checkAgainstReference(t, exe, args, 0, 0)
						checkInArenaAndInto(t, rt, exe, args, got)
					}
					if err := exe.WaitForCompilations(ctx); err != nil {
						t.Fatal(err)
					}
				})
			}
		}
	}
}

// TestRunTimeShapeCompileCount: without a "value" constraint, the number
// of compiles does not grow with the number of distinct shape values, in
// any mode; with it, each value compiles its own executable.
func TestRunTimeShapeCompileCount(t *testing.T) {
	ctx := context.Background()
	const src = `func.func @f(%x: tensor<?x?xf32>, %s: tensor<2xi64>, %d: tensor<3xi32>, %a: tensor<i32>, %b: tensor<i32>) -> (tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?xi32>) {
  %0 = "tf.Reshape"(%x, %s) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %v = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "tf.Fill"(%d, %v) : (tensor<3xi32>, tensor<f32>) -> tensor<?x?x?xf32>
  %2 = "tf.Range"(%a, %b, %a) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  func.return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?xi32>
}`
	x := iota32(t, 12, 10)
	run := func(t *testing.T, exe *JitExecutable, i int) {
		// 120 = 1·120 = 2·60 = … : each i its own shapes and values.
		divs := []int64{1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30, 40, 60, 120}
		r := divs[i%len(divs)]
		checkAgainstReference(t, exe, []*memref.Tensor{x, i64v(r, 120/r), i32v(int32(i%7), int32(i%5+1), int32(i%3)), i32s(int32(i%4 + 1)), i32s(int32(i + 5))}, 0, 0)
	}
	const runs = 64
	for _, be := range Backends() {
		for _, mode := range allModes {
			t.Run(fmt.Sprintf("%s/%s", be, mode), func(t *testing.T) {
				rt := newRuntime(t, WithBackend(be))
				exe, err := rt.Compile(ctx, []byte(src), WithSpecialization(mode))
				if err != nil {
					t.Fatal(err)
				}
				run(t, exe, 0)
				if err := exe.WaitForCompilations(ctx); err != nil {
					t.Fatal(err)
				}
				first := rt.Stats()
				for i := 1; i < runs; i++ {
					run(t, exe, i)
				}
				if err := exe.WaitForCompilations(ctx); err != nil {
					t.Fatal(err)
				}
				st := rt.Stats()
				if st.Specializations != first.Specializations || st.Executables != first.Executables {
					t.Errorf("after %d distinct values: %d specializations, %d executables; after the first: %d, %d",
						runs, st.Specializations, st.Executables, first.Specializations, first.Executables)
				}
				if st.Executables > 2 {
					t.Errorf("%d executables for one argument shape", st.Executables)
				}
			})
		}
	}
	// With the constraint, value specialization as before: one
	// specialization per distinct value.
	rt := newRuntime(t)
	exe, err := rt.Compile(ctx, []byte(`func.func @f(%x: tensor<?x?xf32>, %s: tensor<2xi64> {jitrt.constraint = "value"}) -> tensor<?x?xf32> {
  %0 = "tf.Reshape"(%x, %s) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`), WithSpecialization(SpecializeAlways))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range []int64{1, 2, 3, 4} {
		checkAgainstReference(t, exe, []*memref.Tensor{x, i64v(r, 120/r)}, 0, 0)
		if got := rt.Stats().Specializations; got != int64(i+1) {
			t.Errorf("value %d: %d specializations, want %d", i, got, i+1)
		}
	}
}

// TestRunTimeShapeErrors: bad shape values are the caller's error
// (mlir.ErrInvalid), never an internal one, and the executable
// runs good values afterwards.
func TestRunTimeShapeErrors(t *testing.T) {
	ctx := context.Background()
	rt := newRuntime(t)
	exe := compile(t, rt, `func.func @f(%x: tensor<?x?xf32>, %s: tensor<?xi64>, %d: tensor<2xi64>) -> (tensor<*xf32>, tensor<?x?xf32>) {
  %0 = "tf.Reshape"(%x, %s) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<*xf32>
  %v = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "tf.Fill"(%d, %v) : (tensor<2xi64>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<*xf32>, tensor<?x?xf32>
}`)
	x := iota32(t, 4, 6)
	ok := i64v(2, 3)
	long := make([]int64, memref.MaxRank+1)
	for i := range long {
		long[i] = 1
	}
	long[0] = 24
	huge := make([]int64, lower.MaxHostArgElements+1)
	for i := range huge {
		huge[i] = 1
	}
	for _, c := range []struct {
		name string
		s, d *memref.Tensor
	}{
		{"element count", i64v(5, 5), ok},
		{"two -1", i64v(-1, -1), ok},
		{"negative", i64v(-2, -12), ok},
		{"rank above the ABI's", i64v(long...), ok},
		{"shape operand too long", i64v(huge...), ok},
		{"fill negative", i64v(24), i64v(-1, 3)},
		{"fill too large", i64v(24), i64v(1<<40, 1<<40)},
		{"fill overflow", i64v(24), i64v(1<<62, 1<<62)},
	} {
		_, err := exe.Run(ctx, x, c.s, c.d)
		switch {
		case err == nil:
			t.Errorf("%s: no error", c.name)
		case errors.Is(err, ErrInternal):
			t.Errorf("%s: internal error: %v", c.name, err)
		case !errors.Is(err, mlir.ErrInvalid):
			t.Errorf("%s: %v is not mlir.ErrInvalid", c.name, err)
		}
	}
	checkAgainstReference(t, exe, []*memref.Tensor{x, i64v(-1, 2, 2), ok}, 0, 0)

	// Values chosen to overflow the shape arithmetic of int64 (a begin
	// plus a size, a dim times a multiple, a product of sizes).
	big := compile(t, rt, `func.func @f(%x: tensor<?x?xf32>, %b: tensor<2xi64>, %n: tensor<2xi64>, %m: tensor<2xi64>, %p: tensor<2x2xi64>, %s: tensor<3xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?x?xf32>) {
  %0 = "tf.Slice"(%x, %b, %n) : (tensor<?x?xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %1 = "tf.Tile"(%x, %m) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %2 = "tf.Pad"(%x, %p) : (tensor<?x?xf32>, tensor<2x2xi64>) -> tensor<?x?xf32>
  %3 = "tf.Reshape"(%x, %s) : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  func.return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?x?xf32>
}`)
	const max64 = 1<<63 - 1
	good := []*memref.Tensor{x, i64v(1, 2), i64v(2, 3), i64v(2, 1), intArg64([]int{2, 2}, []int64{0, 1, 1, 0}), i64v(2, 3, 4)}
	checkAgainstReference(t, big, good, 0, 0)
	for _, c := range []struct {
		name string
		arg  int
		v    *memref.Tensor
	}{
		{"slice begin + size", 1, i64v(max64, 0)},
		{"slice size", 2, i64v(2, max64)},
		{"slice begin and size overflow", 1, i64v(1, max64-1)},
		{"tile overflow", 3, i64v(1<<62, 1)},
		{"tile dim", 3, i64v(1<<31, 1<<31)},
		{"pad", 4, intArg64([]int{2, 2}, []int64{max64, max64, 0, 0})},
		{"reshape product", 5, i64v(1<<32, 1<<32, 0)},
		{"reshape size", 5, i64v(max64, 1, 1)},
	} {
		args := slices.Clone(good)
		args[c.arg] = c.v
		if c.name == "slice begin and size overflow" {
			args[2] = i64v(max64, 1)
		}
		_, err := big.Run(ctx, args...)
		if err == nil || errors.Is(err, ErrInternal) || !errors.Is(err, mlir.ErrInvalid) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func intArg64(shape []int, vals []int64) *memref.Tensor {
	t, _ := memref.FromSlice(shape, vals)
	return t
}

// TestRunTimeRank: a shape operand of dynamic length gives a result whose
// rank is known at run time only: the kernel compiles once per length
// (not per value), and not at all with specialization disabled.
func TestRunTimeRank(t *testing.T) {
	ctx := context.Background()
	const src = `func.func @f(%d: tensor<?xi64>, %v: tensor<f32>) -> tensor<*xf32> {
  %0 = "tf.Fill"(%d, %v) : (tensor<?xi64>, tensor<f32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}`
	for _, be := range Backends() {
		for _, mode := range []Specialization{SpecializeEnabled, SpecializeAlways} {
			t.Run(fmt.Sprintf("%s/%s", be, mode), func(t *testing.T) {
				rt := newRuntime(t, WithBackend(be))
				exe, err := rt.Compile(ctx, []byte(src), WithSpecialization(mode))
				if err != nil {
					t.Fatal(err)
				}
				lengths := map[int]bool{}
				for i := 0; i < 40; i++ {
					dims := make([]int64, i%4)
					for k := range dims {
						dims[k] = int64((i+k)%5 + 1)
					}
					lengths[len(dims)] = true
					got := checkAgainstReference(t, exe, []*memref.Tensor{i64v(dims...), f32s0(float32(i))}, 0, 0)
					if len(got[0].Shape) != len(dims) {
						t.Fatalf("dims %v: result shape %v", dims, got[0].Shape)
					}
				}
				if got := rt.Stats().Specializations; got != int64(len(lengths)) {
					t.Errorf("%d specializations for %d lengths", got, len(lengths))
				}
			})
		}
	}
	rt := newRuntime(t)
	_, err := rt.Compile(ctx, []byte(src), WithSpecialization(SpecializeDisabled))
	if !errors.Is(err, mlir.ErrInvalid) || !strings.Contains(err.Error(), "0: shape") {
		t.Errorf("disabled: %v", err)
	}
}

// TestRunTimeFloatRange: float Range bounds as arguments (no constraint
// can sink a float): the host reads them for the size, the kernel from
// its arguments; one executable for every value.
func TestRunTimeFloatRange(t *testing.T) {
	ctx := context.Background()
	for _, be := range Backends() {
		rt := newRuntime(t, WithBackend(be))
		exe, err := rt.Compile(ctx, []byte(`func.func @f(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f64>) -> (tensor<?xf32>, tensor<?xf64>) {
  %z = "tf.Const"() {value = dense<0.0> : tensor<f64>} : () -> tensor<f64>
  %o = "tf.Const"() {value = dense<0.5> : tensor<f64>} : () -> tensor<f64>
  %0 = "tf.Range"(%a, %b, %c) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  %1 = "tf.Range"(%z, %d, %o) : (tensor<f64>, tensor<f64>, tensor<f64>) -> tensor<?xf64>
  func.return %0, %1 : tensor<?xf32>, tensor<?xf64>
}`), WithSpecialization(SpecializeAlways))
		if err != nil {
			t.Fatal(err)
		}
		f64 := func(v float64) *memref.Tensor {
			x, _ := memref.FromSlice([]int{}, []float64{v})
			return x
		}
		for _, v := range [][4]float64{{0, 5, 1, 3}, {10, -3, -2.5, 0}, {1.5, 1.5, 1, 0.25}, {-4, 4, 0.5, 7.75}} {
			got := checkAgainstReference(t, exe, []*memref.Tensor{f32s0(float32(v[0])), f32s0(float32(v[1])), f32s0(float32(v[2])), f64(v[3])}, 0, 0)
			if n := len(got[1].Shape); n != 1 || got[1].Shape[0] != int(math.Ceil(v[3]/0.5)) {
				t.Errorf("%v: f64 range of shape %v", v, got[1].Shape)
			}
		}
		if got := rt.Stats().Executables; got != 1 {
			t.Errorf("%s: %d executables for four values", be, got)
		}
	}
}

// BenchmarkRunTimeShape compares a Reshape whose shape is a constant with
// one whose shape is an argument read before the run: the same value every
// run (a cached plan), and a new value every run (a new plan each time).
func BenchmarkRunTimeShape(b *testing.B) {
	ctx := context.Background()
	rt := newRuntime(b)
	constant := compile(b, rt, `func.func @f(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = "tf.Const"() {value = dense<[-1, 32]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "tf.Reshape"(%x, %s) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %1 = "tf.Tanh"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %1 : tensor<?x?xf32>
}`)
	read := compile(b, rt, `func.func @f(%x: tensor<?x?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = "tf.Reshape"(%x, %s) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %1 = "tf.Tanh"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %1 : tensor<?x?xf32>
}`)
	x := iota32(b, 8, 32) // small: the host's work is most of a run
	shapes := []*memref.Tensor{i64v(-1, 32), i64v(-1, 16), i64v(-1, 64), i64v(-1, 8), i64v(-1, 128)}
	for _, c := range []struct {
		name string
		run  func(i int) error
	}{
		{"constant", func(int) error { _, err := constant.Run(ctx, x); return err }},
		{"read/same", func(int) error { _, err := read.Run(ctx, x, shapes[0]); return err }},
		{"read/new", func(i int) error { _, err := read.Run(ctx, x, shapes[i%len(shapes)]); return err }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if err := c.run(i); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRunTimeShapeHammer: goroutines run one executable with different
// shape values at once (each run's plan is its own or a published one).
func TestRunTimeShapeHammer(t *testing.T) {
	ctx := context.Background()
	rt := newRuntime(t, WithWorkers(2))
	exe := compile(t, rt, `func.func @f(%x: tensor<?xf32>, %s: tensor<2xi32>, %u: tensor<*xi64>) -> (tensor<?x?xf32>, tensor<*xf32>) {
  %0 = "tf.Reshape"(%x, %s) : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %1 = "tf.Reshape"(%x, %u) : (tensor<?xf32>, tensor<*xi64>) -> tensor<*xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<*xf32>
}`)
	x := iota32(t, 24)
	divs := []int32{1, 2, 3, 4, 6, 8, 12, 24}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 60; i++ {
				r := divs[(g*7+i)%len(divs)]
				s := i32v(r, 24/r)
				u := i64v(int64(r), -1, 1)
				out, err := exe.Run(ctx, x, s, u)
				if err != nil {
					t.Error(err)
					return
				}
				if !slices.Equal(out[0].Shape, []int{int(r), int(24 / r)}) || !slices.Equal(out[1].Shape, []int{int(r), int(24 / r), 1}) {
					t.Errorf("shape %d: results %v and %v", r, out[0].Shape, out[1].Shape)
					return
				}
				for j := 0; j < 24; j++ {
					if out[0].Float64At(j) != x.Float64At(j) || out[1].Float64At(j) != x.Float64At(j) {
						t.Errorf("shape %d: element %d differs", r, j)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// checkInArenaAndInto runs exe through RunInArena and RunInto (into arena
// tensors and Go ones) and compares with want, Run's results.
func checkInArenaAndInto(t *testing.T, rt *Runtime, exe *JitExecutable, args, want []*memref.Tensor) {
	t.Helper()
	ctx := context.Background()
	out, err := exe.RunInArena(ctx, args...)
	if err != nil {
		t.Fatalf("RunInArena: %v", err)
	}
	for i, o := range out {
		if err := golden.Compare(o, want[i], 0, 0); err != nil {
			t.Errorf("RunInArena result %d: %v", i, err)
		}
		if err := rt.FreeTensor(o); err != nil {
			t.Error(err)
		}
	}
	for _, inArena := range []bool{false, true} {
		dst := make([]*memref.Tensor, len(want))
		for i, w := range want {
			var err error
			if inArena {
				dst[i], err = rt.NewTensor(w.DType, w.Shape)
			} else {
				dst[i], err = memref.New(w.DType, w.Shape)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if err := exe.RunInto(ctx, dst, args...); err != nil {
			t.Fatalf("RunInto (arena %v): %v", inArena, err)
		}
		for i, d := range dst {
			if err := golden.Compare(d, want[i], 0, 0); err != nil {
				t.Errorf("RunInto (arena %v) result %d: %v", inArena, i, err)
			}
			if inArena {
				if err := rt.FreeTensor(d); err != nil {
					t.Error(err)
				}
			}
		}
	}
}
