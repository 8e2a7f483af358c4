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
