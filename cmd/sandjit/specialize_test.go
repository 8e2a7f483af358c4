package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunSpecializeModes runs kernels with rank, shape and value
// constraints and an unranked argument, written the way TensorFlow's own
// JIT tests write them, in every --specialize mode, and checks the results
// and the --debug-specializations lines.
func TestRunSpecializeModes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	transpose := write("transpose.mlir", `func.func @compute(%arg0: tensor<?x?xf32>, %arg1: tensor<2xi32> {jitrt.constraint = "value"}) -> tensor<?x?xf32> {
  %0 = "tf.Transpose"(%arg0, %arg1) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`)
	unranked := write("unranked.mlir", `func.func @compute(%arg0: tensor<*xf32> {cpurt.constraint = "rank"}) -> tensor<*xf32> {
  %0 = "tf.Tanh"(%arg0) : (tensor<*xf32>) -> tensor<*xf32>
  %1 = "tf.AddV2"(%0, %0) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  func.return %1 : tensor<*xf32>
}`)
	shape := write("shape.mlir", `func.func @compute(%arg0: tensor<?x?xf32> {rt.constraint = "shape"}, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.AddV2"(%arg0, %arg1) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`)
	for _, mode := range []string{"enabled", "always", "disabled"} {
		t.Run(mode, func(t *testing.T) {
			code, out, errs := sandjit(t, "run", transpose, "--specialize="+mode, "--debug-specializations",
				"--input=2x3xf32=1 2 3 4 5 6", "--input=2xi32=1 0")
			if mode == "disabled" {
				if code != 1 || !strings.Contains(errs, "compilation options disabled specialization, however operands have unresolved constraints: [1: value]") {
					t.Errorf("disabled: exit %d\n%s", code, errs)
				}
				return
			}
			if code != 0 || !strings.Contains(out, "result[0]: tensor<3x2xf32>=[[1 4] [2 5] [3 6]]") {
				t.Errorf("transpose: exit %d\n%s%s", code, out, errs)
			}
			if !strings.Contains(out+errs, "Specialized module: ") || !strings.Contains(out+errs, "Arg[1] value specialized: dense<[1, 0]> : tensor<2xi32>") {
				t.Errorf("no debug lines:\n%s%s", out, errs)
			}
			code, out, errs = sandjit(t, "run", unranked, "--specialize="+mode, "--input=2x2xf32=0 1 -1 0")
			if code != 0 || !strings.Contains(out, "result[0]: tensor<2x2xf32>=[[0 1.5231882] [-1.5231882 0]]") {
				t.Errorf("unranked: exit %d\n%s%s", code, out, errs)
			}
			code, out, errs = sandjit(t, "run", shape, "--specialize="+mode, "--input=1x2xf32=1 2", "--input=1x2xf32=10 20")
			if code != 0 || !strings.Contains(out, "result[0]: tensor<1x2xf32>=[[11 22]]") {
				t.Errorf("shape: exit %d\n%s%s", code, out, errs)
			}
		})
	}
	// Disabled with a rank-constrained unranked argument is the original's error too.
	code, _, errs := sandjit(t, "run", unranked, "--specialize=disabled", "--input=2xf32=0 1")
	if code != 1 || !strings.Contains(errs, "operands have unresolved constraints: [0: rank]") {
		t.Errorf("unranked disabled: exit %d\n%s", code, errs)
	}
}
