package lower

import (
	"testing"

	"github.com/sandjit/sandjit/internal/mlir"
)

// TestDynamicOutputsWrittenWhole: a size parameter that is exactly one
// axis of a value says so (loopir.Param.Dim), so the analysis proves that
// the stores of a dynamic-shape elementwise kernel cover its outputs and
// the engine does not zero them before each run (before Param.Dim every
// dynamic output was zeroed: the largest part of the dynamic/static gap
// that `sandjit bench` shows in its dyn/static column).
func TestDynamicOutputsWrittenWhole(t *testing.T) {
	cases := map[string]string{
		"tanh": `func.func @k(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Tanh"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`,
		"bias add": `func.func @k(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`,
		"add then mul": `func.func @k(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Mul"(%0, %x) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}`,
		"split": `func.func @k(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x1xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %s = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0:2 = "tf.Split"(%a, %x) : (tensor<i32>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  %1:2 = "tf.SplitV"(%x, %s, %a) : (tensor<?x?xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  return %0#1, %1#0, %1#1 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x1xf32>
}`,
		"mirror pad read": `func.func @k(%x: tensor<?x?xf32>, %p: tensor<2x2xi32>) -> tensor<?x?xf32> {
  %0 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`,
		"diagonals": `func.func @k(%x: tensor<?x?xf32>, %r: tensor<i32>) -> (tensor<3x?xf32>, tensor<?x?xf32>) {
  %k = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %m = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.MatrixDiagPartV3"(%x, %k, %p) : (tensor<?x?xf32>, tensor<2xi32>, tensor<f32>) -> tensor<3x?xf32>
  %1 = "tf.MatrixDiagV3"(%0, %k, %r, %m, %p) : (tensor<3x?xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<3x?xf32>, tensor<?x?xf32>
}`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			m, err := mlir.Parse(name+".mlir", []byte(src), mlir.DefaultParseLimits())
			if err != nil {
				t.Fatal(err)
			}
			k, err := Compile(m, CompileOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range k.Results {
				if r.Buf < 0 {
					t.Fatalf("result %d has no output buffer", i)
				}
				if !k.Program.WritesWhole(r.Buf) {
					t.Errorf("result %d: the stores are not proved to cover the output, so it is zeroed before every run:\n%s", i, k.Program)
				}
			}
		})
	}
}
