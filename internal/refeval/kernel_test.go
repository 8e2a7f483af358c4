package refeval_test

import (
	"context"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/refeval"
	"github.com/sandjit/sandjit/memref"
)

func ExampleEval() {
	src := `
func.func @main(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %axes = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %r = "tf.Relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %s = "tf.Sum"(%r, %axes) {keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xf32>
  func.return %s : tensor<2xf32>
}`
	mod, err := mlir.Parse("example.mlir", []byte(src), mlir.DefaultParseLimits())
	if err != nil {
		fmt.Println(err)
		return
	}
	x, _ := memref.FromSlice([]int{2, 3}, []float32{-1, 0.5, 2, 3, -4, 5})
	out, err := refeval.Eval(context.Background(), mod.Funcs[0], mod, []*memref.Tensor{x})
	if err != nil {
		fmt.Println(err)
		return
	}
	sums, _ := memref.Values[float32](out[0])
	fmt.Println(out[0].Type(), sums)
	// Output: tensor<2xf32> [2.5 8]
}

func parse(t *testing.T, src string) *mlir.Module {
	t.Helper()
	mod, err := mlir.Parse("k.mlir", []byte(src), mlir.DefaultParseLimits())
	if err != nil {
		t.Fatal(err)
	}
	return mod
}

// TestParsedKernelErrors checks that errors point into the kernel text.
func TestParsedKernelErrors(t *testing.T) {
	mod := parse(t, `func.func @main(%x: tensor<?x3xf32>, %y: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}`)
	x, _ := memref.New(memref.Float32, []int{2, 3})
	y, _ := memref.New(memref.Float32, []int{4, 3})
	_, err := refeval.Eval(context.Background(), mod.Funcs[0], mod, []*memref.Tensor{x, y})
	if err == nil || !strings.Contains(err.Error(), "k.mlir:2:") || !strings.Contains(err.Error(), "'tf.AddV2' op Incompatible shapes: [2,3] vs. [4,3]") {
		t.Errorf("got %v", err)
	}
}

// TestParsedValueConstraint reads reduction axes from an argument, with or
// without a value constraint (the evaluator needs none: it has the value).
func TestParsedValueConstraint(t *testing.T) {
	const kernel = `func.func @main(%x: tensor<2x2xi32>, %axes: tensor<1xi64> ATTRS) -> tensor<*xi32> {
  %0 = "tf.Max"(%x, %axes) {keep_dims = true} : (tensor<2x2xi32>, tensor<1xi64>) -> tensor<*xi32>
  func.return %0 : tensor<*xi32>
}`
	x, _ := memref.FromSlice([]int{2, 2}, []int32{1, 7, 5, -3})
	axes, _ := memref.FromSlice([]int{1}, []int64{-1})
	for _, attrs := range []string{`{jitrt.constraint = "value"}`, ""} {
		mod := parse(t, strings.Replace(kernel, "ATTRS", attrs, 1))
		out, err := refeval.Eval(context.Background(), mod.Funcs[0], mod, []*memref.Tensor{x, axes})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := memref.Values[int32](out[0]); out[0].Type() != "tensor<2x1xi32>" || got[0] != 7 || got[1] != 5 {
			t.Errorf("got %s %v", out[0].Type(), got)
		}
	}
}

// TestParsedTier2Chain runs a TF-style chain of shape ops, a fused matmul
// and an ArgMax with attributes as the parser gives them (numpy-checked).
func TestParsedTier2Chain(t *testing.T) {
	mod := parse(t, `func.func @main(%x: tensor<?x6xf32>, %w: tensor<3x4xf32>) -> (tensor<?x4xf32>, tensor<?xi64>, tensor<2x?x3xf32>) {
  %shape = "tf.Const"() {value = dense<[-1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %r = "tf.Reshape"(%x, %shape) {T = f32, Tshape = i32} : (tensor<?x6xf32>, tensor<3xi32>) -> tensor<?x2x3xf32>
  %perm = "tf.Const"() {value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %t = "tf.Transpose"(%r, %perm) : (tensor<?x2x3xf32>, tensor<3xi32>) -> tensor<2x?x3xf32>
  %b = "tf.Const"() {value = dense<0> : tensor<3xi32>} : () -> tensor<3xi32>
  %e = "tf.Const"() {value = dense<[1, 0, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = "tf.Const"() {value = dense<1> : tensor<3xi32>} : () -> tensor<3xi32>
  %first = "tf.StridedSlice"(%t, %b, %e, %s) {begin_mask = 6 : i64, ellipsis_mask = 0 : i64, end_mask = 6 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2x?x3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<?x3xf32>
  %bias = "tf.Const"() {value = dense<[5.000000e-01, -5.000000e-01, 1.000000e+00, 0.000000e+00]> : tensor<4xf32>} : () -> tensor<4xf32>
  %m = "tf._FusedMatMul"(%first, %w, %bias) {epsilon = 0.000000e+00 : f32, fused_ops = ["BiasAdd", "Relu"], num_args = 1 : i64, transpose_a = false, transpose_b = false} : (tensor<?x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %ax = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %am = "tf.ArgMax"(%m, %ax) {output_type = i64} : (tensor<?x4xf32>, tensor<i32>) -> tensor<?xi64>
  func.return %m, %am, %t : tensor<?x4xf32>, tensor<?xi64>, tensor<2x?x3xf32>
}`)
	x, _ := memref.FromSlice([]int{2, 6}, []float32{-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5})
	w, _ := memref.FromSlice([]int{3, 4}, []float32{1, -1, 0.5, 2, 0, 1, -2, 1, -1, 0.5, 1, 0})
	out, err := refeval.Eval(context.Background(), mod.Funcs[0], mod, []*memref.Tensor{x, w})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := memref.Values[float32](out[0])
	am, _ := memref.Values[int64](out[1])
	tr, _ := memref.Values[float32](out[2])
	if out[0].Type() != "tensor<2x4xf32>" || fmt.Sprint(m) != "[0 0 2 0 0 1 0.5 3.5]" {
		t.Errorf("matmul: %s %v", out[0].Type(), m)
	}
	if fmt.Sprint(am) != "[2 3]" {
		t.Errorf("argmax: %v", am)
	}
	if out[2].Type() != "tensor<2x2x3xf32>" || fmt.Sprint(tr) != "[-2 -1.5 -1 1 1.5 2 -0.5 0 0.5 2.5 3 3.5]" {
		t.Errorf("transpose: %s %v", out[2].Type(), tr)
	}
}
