package engine

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sandjit/sandjit/memref"
)

// TestArrayOpsRunTimeErrors: with dynamic shapes or sizes read before the
// run, the array family's shape rules fail the run (TF's message, the op's
// position), never the kernel.
func TestArrayOpsRunTimeErrors(t *testing.T) {
	ctx := context.Background()
	rt := newRuntime(t)
	f32 := func(shape ...int) *memref.Tensor {
		x, err := memref.New(memref.Float32, shape)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	u8 := func(shape ...int) *memref.Tensor {
		x, err := memref.New(memref.Uint8, shape)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	i32 := func(shape []int, v ...int32) *memref.Tensor {
		x, err := memref.FromSlice(shape, v)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	cases := []struct {
		name, src string
		args      []*memref.Tensor
		want      string
	}{
		{"split uneven", `func.func @k(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0:2 = "tf.Split"(%a, %x) : (tensor<i32>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  func.return %0#0, %0#1 : tensor<?x?xf32>, tensor<?x?xf32>
}`, []*memref.Tensor{f32(2, 5)}, "k.mlir:3:10: 'tf.Split' op Number of ways to split should evenly divide the split dimension, but got split_dim 1 (size = 5) and num_split 2"},
		{"split sizes", `func.func @k(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<2xf32>) {
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %s = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0:2 = "tf.SplitV"(%x, %s, %a) : (tensor<?xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<?xf32>, tensor<2xf32>)
  func.return %0#0, %0#1 : tensor<?xf32>, tensor<2xf32>
}`, []*memref.Tensor{f32(1)}, "Determined shape must either match input shape along split_dim exactly if fully specified, or be less than the size of the input along split_dim if not fully specified.  Got: 2"},
		{"unpack count", `func.func @k(%x: tensor<?x2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0:2 = "tf.Unpack"(%x) {num = 2 : i64} : (tensor<?x2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  func.return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}`, []*memref.Tensor{f32(3, 2)}, "Input shape axis 0 must equal 2, got 3"},
		{"mirror pad read", `func.func @k(%x: tensor<?x?xf32>, %p: tensor<2x2xi32>) -> tensor<?x?xf32> {
  %0 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, []*memref.Tensor{f32(2, 3), i32([]int{2, 2}, 0, 0, 3, 0)}, "paddings must be no greater than the dimension size: 3, 0 greater than 2"},
		{"mirror pad negative", `func.func @k(%x: tensor<?x?xf32>, %p: tensor<2x2xi32>) -> tensor<?x?xf32> {
  %0 = "tf.MirrorPad"(%x, %p) {mode = "SYMMETRIC"} : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, []*memref.Tensor{f32(2, 3), i32([]int{2, 2}, -1, 0, 0, 0)}, "paddings must be non-negative: -1 0"},
		{"diag part bound", `func.func @k(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %k = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.MatrixDiagPartV3"(%x, %k, %p) : (tensor<?x?xf32>, tensor<i32>, tensor<f32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`, []*memref.Tensor{f32(3, 2)}, "lower_diag_index is out of bound: 2. It must be between -3 and 2"},
		{"diag rows read", `func.func @k(%d: tensor<?xf32>, %r: tensor<i32>) -> tensor<?x?xf32> {
  %k = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %m = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.MatrixDiagV3"(%d, %k, %r, %m, %p) : (tensor<?xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, []*memref.Tensor{f32(3), memref.Scalar(int32(2))}, "The number of rows is too small."},
		{"diag band count", `func.func @k(%d: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %k = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %m = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.MatrixDiagV3"(%d, %k, %m, %m, %p) : (tensor<?x?xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, []*memref.Tensor{f32(3, 4)}, "The number of diagonals provided in the input does not match"},
		{"bitcast last dim", `func.func @k(%x: tensor<?x?xui8>) -> tensor<?xf32> {
  %0 = "tf.Bitcast"(%x) : (tensor<?x?xui8>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`, []*memref.Tensor{u8(2, 3)}, "Cannot bitcast from ui8 to f32: shape [2 3] does not end in 4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			exe, err := rt.Compile(ctx, []byte(c.src), WithFilename("k.mlir"))
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			_, err = exe.Run(ctx, c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("run: got %v, want an error with %q", err, c.want)
			}
		})
	}
}

// TestArraySideBySide times array-family kernels beside a core op doing
// comparable data movement (ARRAY_ROUNDS rounds, interleaved; median per
// kernel and the ratio to its baseline): MirrorPad beside Pad with the
// same paddings, Split beside the same four Slices, on 512×512 f32 with
// dynamic dims.
func TestArraySideBySide(t *testing.T) {
	rounds := 0
	fmt.Sscan(os.Getenv("ARRAY_ROUNDS"), &rounds)
	if rounds <= 0 {
		t.Skip("set ARRAY_ROUNDS to run")
	}
	ctx := context.Background()
	rt := newRuntime(t)
	pair := []struct{ name, src string }{
		{"pad", `func.func @k(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %p = "tf.Const"() {value = dense<[[2, 2], [2, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.Pad"(%x, %p) : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`},
		{"mirror_pad", `func.func @k(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %p = "tf.Const"() {value = dense<[[2, 2], [2, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`},
		{"slices", `func.func @k(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %s = "tf.Const"() {value = dense<[512, 128]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b0 = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b1 = "tf.Const"() {value = dense<[0, 128]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b2 = "tf.Const"() {value = dense<[0, 256]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b3 = "tf.Const"() {value = dense<[0, 384]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Slice"(%x, %b0, %s) : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %1 = "tf.Slice"(%x, %b1, %s) : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %2 = "tf.Slice"(%x, %b2, %s) : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %3 = "tf.Slice"(%x, %b3, %s) : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}`},
		{"split", `func.func @k(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0:4 = "tf.Split"(%a, %x) : (tensor<i32>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  func.return %0#0, %0#1, %0#2, %0#3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}`},
	}
	x, err := memref.New(memref.Float32, []int{512, 512})
	if err != nil {
		t.Fatal(err)
	}
	exes := make([]*JitExecutable, len(pair))
	for i, p := range pair {
		if exes[i], err = rt.Compile(ctx, []byte(p.src), WithSpecialization(SpecializeDisabled)); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
	}
	times := make([][]time.Duration, len(pair))
	for round := range rounds {
		for j := range pair {
			i := (j + round) % len(pair)
			start := time.Now()
			if _, err := exes[i].Run(ctx, x); err != nil {
				t.Fatalf("%s: %v", pair[i].name, err)
			}
			times[i] = append(times[i], time.Since(start))
		}
	}
	med := make([]time.Duration, len(pair))
	for i, p := range pair {
		slices.Sort(times[i])
		med[i] = times[i][len(times[i])/2]
		ratio := ""
		if i%2 == 1 {
			ratio = fmt.Sprintf("  %.2fx %s", float64(med[i])/float64(med[i-1]), pair[i-1].name)
		}
		t.Logf("%-12s median %v%s", p.name, med[i], ratio)
	}
}
