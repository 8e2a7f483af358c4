package lower

import (
	"strings"
	"testing"
)

// TestFusedErrors: bad fused_ops, operand counts and shapes are errors at
// the op, in the checker's words.
func TestFusedErrors(t *testing.T) {
	m2, c1, x4 := "tensor<?x?xf32>", "tensor<?xf32>", "tensor<?x?x?x?xf32>"
	mm := func(fused string, operands ...string) string {
		return nnOp("tf._FusedMatMul", operands, `{fused_ops = `+fused+`, transpose_a = false, transpose_b = false}`, m2)
	}
	conv := func(fused string, operands ...string) string {
		return nnOp("tf._FusedConv2D", operands, `{fused_ops = `+fused+`, padding = "SAME", strides = [1, 1, 1, 1]}`, x4)
	}
	for _, c := range []struct{ name, src, want string }{
		{"no fused_ops", nnOp("tf._FusedMatMul", []string{m2, m2, c1}, `{}`, m2), "requires a fused_ops attribute"},
		{"unknown activation", mm(`["BiasAdd", "Swish"]`, m2, m2, c1), `fused_ops ["BiasAdd" "Swish"] is not supported`},
		{"two activations", mm(`["BiasAdd", "Relu", "Tanh"]`, m2, m2, c1), "is not supported"},
		{"batch norm after a matmul", mm(`["FusedBatchNorm", "Relu"]`, m2, m2, c1, c1, c1, c1), "is not supported"},
		{"missing addend", mm(`["BiasAdd", "Add"]`, m2, m2, c1), "take 2 operands after the 2 of the product, got 1"},
		{"bias rank", mm(`["BiasAdd"]`, m2, m2, m2), "must be a vector of the output channels"},
		{"bias channels", mm(`["BiasAdd"]`, "tensor<2x3xf32>", "tensor<3x4xf32>", "tensor<5xf32>"), "operand #2 has 5 elements for 4 output channels"},
		{"addend shape", mm(`["BiasAdd", "Add"]`, "tensor<2x3xf32>", "tensor<3x4xf32>", c1, "tensor<2x5xf32>"), "the fused Add's operand has dim 1 = 5, the result 4"},
		{"int activation", nnOp("tf._FusedMatMul", []string{"tensor<?x?xi32>", "tensor<?x?xi32>", "tensor<?xi32>"}, `{fused_ops = ["BiasAdd", "Tanh"]}`, "tensor<?x?xi32>"), "need a float element type"},
		{"element types", mm(`["BiasAdd"]`, m2, m2, "tensor<?xf64>"), "operand #2 must have the element type f32"},
		{"LeakyRelu with its default alpha compiles", mm(`["BiasAdd", "LeakyRelu"]`, m2, m2, c1), ""},
		{"conv batch norm count", conv(`["FusedBatchNorm"]`, x4, x4, c1, c1), "take 4 operands after the 2 of the product, got 2"},
		{"conv NCHW", nnOp("tf._FusedConv2D", []string{x4, x4, c1}, `{data_format = "NCHW", fused_ops = ["BiasAdd"], padding = "SAME", strides = [1, 1, 1, 1]}`, x4), "only supports the NHWC tensor format"},
		{"conv too few", nnOp("tf._FusedConv2D", []string{x4, x4}, `{fused_ops = ["BiasAdd"], padding = "SAME", strides = [1, 1, 1, 1]}`, x4), "requires at least 3 operands"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := compileText(t, "k.mlir", c.src, "")
			if c.want == "" {
				if err != nil {
					t.Errorf("%v\n%s", err, c.src)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "k.mlir:2:") {
				t.Errorf("got %v\nwant %q at k.mlir:2\n%s", err, c.want, c.src)
			}
		})
	}
}
