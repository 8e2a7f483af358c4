package refeval_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/lower"
	"github.com/sandjit/sandjit/lower/refeval"
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
	mod, err := lower.Parse("example.mlir", []byte(src), lower.DefaultParseLimits())
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

func parse(t *testing.T, src string) *lower.Module {
	t.Helper()
	mod, err := lower.Parse("k.mlir", []byte(src), lower.DefaultParseLimits())
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
