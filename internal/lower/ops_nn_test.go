package lower

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/loopir"
)

// nnOp is a one-op kernel: op applied to operands of the given types with
// attrs, its results of the given types (the function returns the first).
func nnOp(op string, operands []string, attrs string, results ...string) string {
	var params, names []string
	for i, t := range operands {
		params = append(params, fmt.Sprintf("%%a%d: %s", i, t))
		names = append(names, fmt.Sprintf("%%a%d", i))
	}
	lhs := "%0"
	if len(results) > 1 {
		lhs = fmt.Sprintf("%%0:%d", len(results))
	}
	ret := "%0"
	if len(results) > 1 {
		ret = "%0#0"
	}
	rt := "(" + strings.Join(results, ", ") + ")"
	if len(results) == 1 {
		rt = results[0]
	}
	return fmt.Sprintf("func.func @f(%s) -> %s {\n  %s = \"%s\"(%s) %s : (%s) -> %s\n  func.return %s : %s\n}\n",
		strings.Join(params, ", "), results[0], lhs, op, strings.Join(names, ", "), attrs,
		strings.Join(operands, ", "), rt, ret, results[0])
}

func conv(x, w, attrs, res string) string {
	return nnOp("tf.Conv2D", []string{x, w}, attrs, res)
}

func bn(op, x, p, attrs string, results ...string) string {
	return nnOp(op, []string{x, p, p, p, p}, attrs, results...)
}

func einsumOp(eq string, res string, operands ...string) string {
	return nnOp("tf.Einsum", operands, fmt.Sprintf("{equation = %q}", eq), res)
}

const (
	x4  = "tensor<?x?x?x?xf32>"
	bn6 = "tensor<*xf32>"
	c1  = "tensor<?xf32>"
)

// TestNNDiagnostics: every attribute, type and static shape problem is
// an error at the op's position, in TensorFlow's words where it has them.
func TestNNDiagnostics(t *testing.T) {
	const at = "k.mlir:2:8: "
	bnAt := "k.mlir:2:10: "
	same := `{padding = "SAME", strides = [1, 1, 1, 1]}`
	inf := "{is_training = false}"
	cases := []struct {
		name, src, want string
	}{
		{"conv strides length", conv(x4, x4, `{padding = "SAME", strides = [1, 1, 1]}`, x4),
			at + "'tf.Conv2D' op Sliding window strides field must specify 4 dimensions, got [1 1 1]"},
		{"conv strides missing", conv(x4, x4, `{padding = "SAME"}`, x4), "Sliding window strides field must specify 4 dimensions"},
		{"conv batch stride", conv(x4, x4, `{padding = "SAME", strides = [2, 1, 1, 1]}`, x4),
			"op Current implementation does not yet support strides in the batch and depth dimensions"},
		{"conv zero stride", conv(x4, x4, `{padding = "SAME", strides = [1, 0, 1, 1]}`, x4), "op Row and column strides should be larger than 0"},
		{"conv huge stride", conv(x4, x4, `{padding = "SAME", strides = [1, 1, 8589934592, 1]}`, x4), "op Row and column strides should be larger than 0 (and at most 2^32)"},
		{"conv zero dilation", conv(x4, x4, `{padding = "SAME", strides = [1, 1, 1, 1], dilations = [1, 1, 0, 1]}`, x4), "op Dilated rates should be larger than 0"},
		{"conv depth dilation", conv(x4, x4, `{padding = "SAME", strides = [1, 1, 1, 1], dilations = [1, 1, 1, 2]}`, x4),
			"op Current implementation does not yet support dilations in the batch and depth dimensions"},
		{"conv dilations length", conv(x4, x4, `{padding = "SAME", strides = [1, 1, 1, 1], dilations = [1, 1]}`, x4), "op Sliding window dilations field must specify 4 dimensions"},
		{"conv padding", conv(x4, x4, `{padding = "FULL", strides = [1, 1, 1, 1]}`, x4), `op padding must be "SAME", "VALID" or "EXPLICIT", got "FULL"`},
		{"conv padding missing", conv(x4, x4, `{strides = [1, 1, 1, 1]}`, x4), `op requires a padding attribute ("SAME", "VALID" or "EXPLICIT")`},
		{"conv padding type", conv(x4, x4, `{padding = 1 : i64, strides = [1, 1, 1, 1]}`, x4), "op attribute padding must be a string, got 1 : i64"},
		{"conv explicit count", conv(x4, x4, `{padding = "EXPLICIT", explicit_paddings = [0, 0, 1, 1, 1, 1], strides = [1, 1, 1, 1]}`, x4),
			"op explicit_paddings attribute must contain 8 values, but got: 6"},
		{"conv explicit negative", conv(x4, x4, `{padding = "EXPLICIT", explicit_paddings = [0, 0, 1, -1, 1, 1, 0, 0], strides = [1, 1, 1, 1]}`, x4),
			"op All elements of explicit_paddings must be nonnegative"},
		{"conv explicit batch", conv(x4, x4, `{padding = "EXPLICIT", explicit_paddings = [1, 0, 1, 1, 1, 1, 0, 0], strides = [1, 1, 1, 1]}`, x4),
			"op Nonzero explicit padding in the batch or depth dimensions is not supported"},
		{"conv explicit with SAME", conv(x4, x4, `{padding = "SAME", explicit_paddings = [0, 0, 1, 1, 1, 1, 0, 0], strides = [1, 1, 1, 1]}`, x4),
			"op explicit_paddings attribute must be empty if the padding attribute is not EXPLICIT"},
		{"conv NCHW", conv(x4, x4, `{data_format = "NCHW", padding = "SAME", strides = [1, 1, 1, 1]}`, x4),
			"op The Conv2D op currently only supports the NHWC tensor format on the CPU. The op was given the format: NCHW"},
		{"conv data format", conv(x4, x4, `{data_format = "HWNC", padding = "SAME", strides = [1, 1, 1, 1]}`, x4), `op Invalid data format "HWNC"`},
		{"conv element types", conv(x4, "tensor<?x?x?x?xf64>", same, x4), "op requires the same element type for all operands, got tensor<?x?x?x?xf32> and tensor<?x?x?x?xf64>"},
		{"conv i8", conv("tensor<?x?x?x?xi8>", "tensor<?x?x?x?xi8>", same, "tensor<?x?x?x?xi8>"), "op operand #0 must be a tensor of i32, f16, f32, f64, bf16 values"},
		{"conv input rank", conv("tensor<?x?x?xf32>", x4, same, x4), "op input must be 4-dimensional, got tensor<?x?x?xf32>"},
		{"conv filter rank", conv(x4, "tensor<3x3x3xf32>", same, x4), "op filter must be 4-dimensional, got tensor<3x3x3xf32>"},
		{"conv depths", conv("tensor<?x5x5x3xf32>", "tensor<3x3x2x4xf32>", same, x4), "op input depth must be evenly divisible by filter depth (and positive): 3 vs 2"},
		{"conv groups", conv("tensor<?x5x5x4xf32>", "tensor<3x3x2x3xf32>", same, x4), "op output depth must be evenly divisible by number of groups: 3 vs 2"},
		{"conv zero filter depth", conv("tensor<?x5x5x?xf32>", "tensor<3x3x0x3xf32>", same, x4), "op filter depth must be positive, got 0"},
		{"conv negative output", conv("tensor<1x2x2x1xf32>", "tensor<3x3x1x1xf32>", `{padding = "VALID", strides = [1, 1, 1, 1], dilations = [1, 2, 1, 1]}`, x4),
			"op Computed output size would be negative: -2 [input_size: 2, effective_filter_size: 5, stride: 1]"},
		{"conv declared result", conv("tensor<1x7x7x1xf32>", "tensor<3x3x1x2xf32>", `{padding = "SAME", strides = [1, 2, 2, 1]}`, "tensor<1x3x4x2xf32>"),
			"op inferred type tensor<1x4x4x2xf32> is incompatible with the declared result type tensor<1x3x4x2xf32>: dim 1 is 4 vs 3"},

		{"bn training", bn("tf.FusedBatchNormV3", x4, c1, "{is_training = true}", x4, c1, c1, c1, c1, bn6),
			bnAt + "'tf.FusedBatchNormV3' op is_training = true (batch statistics) is not supported: sandjit runs FusedBatchNorm in inference only (is_training = false)"},
		{"bn training by default", bn("tf.FusedBatchNormV3", x4, c1, "{}", x4, c1, c1, c1, c1, bn6), "op is_training = true (batch statistics) is not supported"},
		{"bn result count", bn("tf.FusedBatchNormV3", x4, c1, inf, x4, c1, c1, c1, c1), bnAt + "'tf.FusedBatchNormV3' op requires 6 results, got 5"},
		{"bn v2 result count", bn("tf.FusedBatchNormV2", x4, c1, inf, x4, c1, c1, c1, c1, bn6), "'tf.FusedBatchNormV2' op requires 5 results, got 6"},
		{"bn format", bn("tf.FusedBatchNormV3", x4, c1, `{data_format = "NCWH", is_training = false}`, x4, c1, c1, c1, c1, bn6), `op Invalid data format "NCWH"`},
		{"bn rank", bn("tf.FusedBatchNorm", "tensor<?x?x?xf32>", c1, inf, "tensor<?x?x?xf32>", c1, c1, c1, c1), "op input must be 4 or 5-dimensional, got tensor<?x?x?xf32>"},
		{"bn param rank", bn("tf.FusedBatchNorm", x4, "tensor<?x?xf32>", inf, x4, c1, c1, c1, c1), "op scale must be 1-dimensional, got tensor<?x?xf32>"},
		{"bn x type", bn("tf.FusedBatchNorm", "tensor<?x?x?x?xi32>", c1, inf, "tensor<?x?x?x?xi32>", c1, c1, c1, c1), "op operand #0 (x) must be a tensor of f16, f32, f64, bf16 values"},
		{"bn param type", bn("tf.FusedBatchNorm", x4, "tensor<?xf16>", inf, x4, "tensor<?xf16>", "tensor<?xf16>", "tensor<?xf16>", "tensor<?xf16>"),
			"op operand #1 (scale) must be a tensor of f32 or f64 values, but got tensor<?xf16>"},
		{"bn param types differ", nnOp("tf.FusedBatchNorm", []string{x4, c1, c1, "tensor<?xf64>", c1}, inf, x4, c1, c1, c1, c1),
			"op scale, offset, mean and variance must have one element type, got tensor<?xf32> and tensor<?xf64>"},
		{"bn result type", bn("tf.FusedBatchNormV3", x4, c1, inf, x4, c1, "tensor<?xf64>", c1, c1, bn6),
			"op result #2 must be a tensor of f32 (the type of scale), got tensor<?xf64>"},
		{"bn y type", bn("tf.FusedBatchNormV3", x4, c1, inf, "tensor<?x?x?x?xf16>", c1, c1, c1, c1, bn6),
			"op inferred type tensor<?x?x?x?xf32> is incompatible with the declared result type tensor<?x?x?x?xf16>"},
		{"bn channels", bn("tf.FusedBatchNormV3", "tensor<?x?x?x3xf32>", "tensor<4xf32>", inf, x4, c1, c1, c1, c1, bn6),
			"op scale must have the same number of elements as the channels of x, got 4 and 3"},
		{"bn mean channels", nnOp("tf.FusedBatchNormV3", []string{"tensor<?x3x?x?xf32>", c1, c1, "tensor<4xf32>", c1}, `{data_format = "NCHW", is_training = false}`, x4, c1, c1, c1, c1, bn6),
			"op When is_training=false, mean must have the same number of elements as the channels of x, got 4 and 3"},
		{"bn stats shape", bn("tf.FusedBatchNormV3", "tensor<?x?x?x3xf32>", c1, inf, x4, "tensor<4xf32>", c1, c1, c1, bn6),
			"op inferred type tensor<3xf32> of result #1 is incompatible with its declared type tensor<4xf32>: dim 0 is 3 vs 4"},
		{"bn epsilon", bn("tf.FusedBatchNormV3", x4, c1, `{epsilon = "small", is_training = false}`, x4, c1, c1, c1, c1, bn6), `op attribute epsilon must be a float, got "small"`},
		{"bn is_training type", bn("tf.FusedBatchNormV3", x4, c1, `{is_training = 0 : i64}`, x4, c1, c1, c1, c1, bn6), "op attribute is_training must be a bool, got 0 : i64"},

		{"einsum operands", einsumOp("i,i,i->", "tensor<f32>", c1, c1, c1), at + "'tf.Einsum' op Expecting 1 or 2 input subscripts in equation, got 3 operands"},
		{"einsum no equation", nnOp("tf.Einsum", []string{c1}, "{}", c1), "'tf.Einsum' op requires an equation attribute"},
		{"einsum input count", einsumOp("i,j->ij", "tensor<?x?xf32>", c1), `op equation "i,j->ij": has 2 input subscripts for 1 operands`},
		{"einsum arrows", einsumOp("ij->i->j", c1, "tensor<?x?xf32>"), `op equation "ij->i->j": more than one "->"`},
		{"einsum malformed", einsumOp("i1,j", "tensor<?x?xf32>", c1, c1), `op equation "i1,j": input subscripts "i1" are malformed`},
		{"einsum two ellipses", einsumOp("...i...->i", c1, "tensor<?x?xf32>"), `input subscripts "...i..." are malformed`},
		{"einsum rank", einsumOp("ij,jk->ik", "tensor<?x?xf32>", "tensor<?x?x?xf32>", "tensor<?x?xf32>"), `op equation "ij,jk->ik": input 0 has rank 3 but subscripts "ij"`},

		{"einsum unknown output", einsumOp("ij->ik", "tensor<?x?xf32>", "tensor<?x?xf32>"), `op equation "ij->ik": output label 'k' does not appear in the inputs`},
		{"einsum repeated output", einsumOp("ij->ii", "tensor<?x?xf32>", "tensor<?x?xf32>"), `output label 'i' is repeated`},
		{"einsum lost ellipsis", einsumOp("...ij,jk->ik", "tensor<?x?xf32>", "tensor<?x?x?xf32>", "tensor<?x?xf32>"),
			`op equation "...ij,jk->ik": the inputs' "..." stands for 1 dims but the output has no "..."`},
		{"einsum label sizes", einsumOp("ij,jk->ik", "tensor<?x?xf32>", "tensor<3x4xf32>", "tensor<5x6xf32>"),
			"op Expected dimension 4 at axis 0 of input 1 shaped [5,6] but got dimension 5 (label 'j')"},
		{"einsum ellipsis sizes", einsumOp("...i,...i->...", "tensor<?xf32>", "tensor<2x3xf32>", "tensor<4x3xf32>"),
			`op the inputs' "..." dims do not broadcast: [2] vs. [4]`},
		{"einsum types", einsumOp("i,i->", "tensor<f32>", c1, "tensor<?xf64>"), "op requires the same element type for all operands, got tensor<?xf32> and tensor<?xf64>"},
		{"einsum bool", einsumOp("i->", "tensor<i1>", "tensor<?xi1>"), "op operand #0 must be a tensor of"},
		{"einsum declared result", einsumOp("ij,jk->ki", "tensor<3x5xf32>", "tensor<3x4xf32>", "tensor<4x5xf32>"),
			"op inferred type tensor<5x3xf32> is incompatible with the declared result type tensor<3x5xf32>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := compileText(t, "k.mlir", c.src, "")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v\nwant %q\n%s", err, c.want, c.src)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "k.mlir:2:") {
				t.Errorf("error without the op's position: %v", err)
			}
		})
	}
}

// TestNNShapeInference: result types are inferred from static operand
// dims, however much of them is known.
func TestNNShapeInference(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // the types of the op's results
	}{
		{"conv SAME stride 2", conv("tensor<2x7x13x3xf32>", "tensor<3x3x3x4xf32>", `{padding = "SAME", strides = [1, 2, 2, 1]}`, x4),
			[]string{"tensor<2x4x7x4xf32>"}},
		{"conv SAME unknown filter size", conv("tensor<2x7x13x3xf32>", x4, `{padding = "SAME", strides = [1, 2, 3, 1]}`, x4),
			[]string{"tensor<2x4x5x?xf32>"}},
		{"conv VALID dilated", conv("tensor<?x9x6x2xf32>", "tensor<2x3x2x3xf32>", `{padding = "VALID", strides = [1, 1, 1, 1], dilations = [1, 2, 2, 1]}`, x4),
			[]string{"tensor<?x7x2x3xf32>"}},
		{"conv VALID unknown filter size", conv("tensor<?x9x6x2xf32>", "tensor<?x3x2x3xf32>", `{padding = "VALID", strides = [1, 1, 1, 1]}`, x4),
			[]string{"tensor<?x?x4x3xf32>"}},
		{"conv EXPLICIT", conv("tensor<1x5x5x1xf32>", "tensor<3x3x1x1xf32>", `{padding = "EXPLICIT", explicit_paddings = [0, 0, 1, 2, 0, 0, 0, 0], strides = [1, 2, 1, 1]}`, x4),
			[]string{"tensor<1x3x3x1xf32>"}},
		{"conv VALID zero", conv("tensor<1x2x2x1xf32>", "tensor<3x3x1x1xf32>", `{padding = "VALID", strides = [1, 2, 2, 1]}`, x4),
			[]string{"tensor<1x0x0x1xf32>"}},
		{"bn NHWC", bn("tf.FusedBatchNormV3", "tensor<?x5x7x3xf32>", c1, "{is_training = false}", x4, c1, c1, c1, c1, bn6),
			[]string{"tensor<?x5x7x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<f32>"}},
		{"bn NCHW from scale", bn("tf.FusedBatchNormV3", x4, "tensor<6xf32>", `{data_format = "NCHW", is_training = false}`, x4, c1, c1, c1, c1, c1),
			[]string{"tensor<?x?x?x?xf32>", "tensor<6xf32>", "tensor<6xf32>", "tensor<6xf32>", "tensor<6xf32>", "tensor<0xf32>"}},
		{"bn V1", bn("tf.FusedBatchNorm", "tensor<?x2x?x?xf32>", c1, `{data_format = "NCHW", is_training = false}`, x4, c1, c1, c1, c1),
			[]string{"tensor<?x2x?x?xf32>", "tensor<2xf32>", "tensor<2xf32>", "tensor<2xf32>", "tensor<2xf32>"}},
		{"einsum matmul", einsumOp("ij,jk->ik", "tensor<?x?xf32>", "tensor<3x?xf32>", "tensor<?x5xf32>"), []string{"tensor<3x5xf32>"}},
		{"einsum implicit", einsumOp("kj,ji", "tensor<?x?xf32>", "tensor<3x4xf32>", "tensor<4x5xf32>"), []string{"tensor<5x3xf32>"}},
		{"einsum implicit transpose", einsumOp("ba", "tensor<?x?xf32>", "tensor<3x4xf32>"), []string{"tensor<4x3xf32>"}},
		{"einsum sum", einsumOp("ij->", "tensor<f32>", "tensor<3x4xf32>"), []string{"tensor<f32>"}},
		{"einsum ellipsis", einsumOp("...ij,...jk->...ik", "tensor<?x?x?x?xf32>", "tensor<2x1x4x5xf32>", "tensor<3x5x6xf32>"), []string{"tensor<2x3x4x6xf32>"}},
		{"einsum implicit ellipsis", einsumOp("...ij,...jk", "tensor<?x?x?x?xf32>", "tensor<2x?x4x5xf32>", "tensor<3x5x6xf32>"), []string{"tensor<2x3x4x6xf32>"}},
		{"einsum ellipsis in the middle", einsumOp("a...c->c...a", "tensor<?x?x?x?xf32>", "tensor<2x3x4x5xf32>"), []string{"tensor<5x3x4x2xf32>"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k, err := compileText(t, "k.mlir", c.src, "")
			if err != nil {
				t.Fatalf("%v\n%s", err, c.src)
			}
			op := k.Func.Ops[0]
			var got []string
			for _, r := range op.Results {
				got = append(got, k.c.types[r.ID].String())
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("result types %v, want %v", got, c.want)
			}
		})
	}
}

// TestNNLoweringShape checks the nests the ops lower to.
func TestNNLoweringShape(t *testing.T) {
	prog := func(t *testing.T, src string) *loopir.Program {
		t.Helper()
		k, err := compileText(t, "k.mlir", src, "")
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		return k.Program
	}
	bufNames := func(p *loopir.Program) string {
		var names []string
		for _, b := range p.Buffers {
			names = append(names, b.Name)
		}
		return strings.Join(names, " ")
	}
	loopKinds := func(n *loopir.Nest) string {
		s := ""
		for _, l := range n.Loops {
			s += map[loopir.LoopKind]string{loopir.Parallel: "p", loopir.Reduce: "r", loopir.Seq: "s"}[l.Kind]
		}
		return s
	}

	// VALID with static equal depths: one nest, no copy, no views.
	p := prog(t, conv("tensor<?x?x?x3xf32>", "tensor<3x3x3x4xf32>", `{padding = "VALID", strides = [1, 2, 2, 1]}`, "tensor<?x?x?x4xf32>"))
	if len(p.Nests) != 1 || strings.Contains(bufNames(p), "padded") || strings.Contains(bufNames(p), "groups") || loopKinds(p.Nests[0]) != "ppprrrp" {
		t.Errorf("VALID conv:\n%s", p)
	}
	// SAME: a fill, a copy (through a view, so it is not fused away) and the
	// reduction.
	p = prog(t, conv("tensor<1x4x4x3xf32>", "tensor<2x2x3x4xf32>", `{padding = "SAME", strides = [1, 1, 1, 1]}`, "tensor<1x4x4x4xf32>"))
	if len(p.Nests) != 3 || !strings.Contains(bufNames(p), "padded_input_interior") {
		t.Errorf("SAME conv:\n%s", p)
	}
	// Unknown depths: groups through views, a group loop.
	p = prog(t, conv(x4, x4, `{padding = "VALID", strides = [1, 1, 1, 1]}`, x4))
	if !strings.Contains(bufNames(p), "input_groups") || !strings.Contains(bufNames(p), "filter_groups") || loopKinds(p.Nests[0]) != "pppprrrp" {
		t.Errorf("conv with unknown depths:\n%s", p)
	}
	// f16 accumulates in f32, then rounds.
	p = prog(t, conv("tensor<?x?x?x3xf16>", "tensor<3x3x3x4xf16>", `{padding = "VALID", strides = [1, 1, 1, 1]}`, "tensor<?x?x?x4xf16>"))
	if len(p.Nests) != 2 || !strings.Contains(bufNames(p), ".acc") {
		t.Errorf("f16 conv:\n%s", p)
	}
	// Two convs of one input with different paddings have their own
	// padding parameters.
	src := `func.func @f(%x: tensor<?x?x?x2xf32>, %w: tensor<?x?x2x2xf32>) -> (tensor<?x?x?x2xf32>, tensor<?x?x?x2xf32>) {
  %0 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x2xf32>, tensor<?x?x2x2xf32>) -> tensor<?x?x?x2xf32>
  %1 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x2xf32>, tensor<?x?x2x2xf32>) -> tensor<?x?x?x2xf32>
  func.return %0, %1 : tensor<?x?x?x2xf32>, tensor<?x?x?x2xf32>
}`
	p = prog(t, src)
	var pads []string
	for _, par := range p.Params {
		if strings.Contains(par.Name, "padded_input_before") {
			pads = append(pads, par.Name)
		}
	}
	if !slices.Equal(pads, []string{"%0.padded_input_before1", "%0.padded_input_before2", "%1.padded_input_before1", "%1.padded_input_before2"}) {
		t.Errorf("padding parameters %v", pads)
	}

	// Batch norm: the per-channel factor fuses into y's nest; the
	// statistics are copies.
	p = prog(t, bn("tf.FusedBatchNormV3", "tensor<?x?x?x3xf32>", "tensor<3xf32>", "{is_training = false}", "tensor<?x?x?x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>", bn6))
	if len(p.Nests) != 1 || computeOps(p.Nests[0]) != "add add const mul mul rsqrt sub" {
		t.Errorf("batch norm y: %s\n%s", computeOps(p.Nests[0]), p)
	}

	// Einsum: a matmul puts the reduction before j; attention scores put
	// it last; no summed label is a plain store.
	for _, c := range []struct{ eq, loops string }{
		{"ij,jk->ik", "prp"}, {"bhqd,bhkd->bhqk", "ppppr"}, {"ij,ij->i", "pr"}, {"ij->ji", "pp"}, {"i,j->ij", "pp"},
		{"ij->", "rr"}, {"...ij,...jk->...ik", "pprp"},
	} {
		terms := strings.Split(strings.Split(c.eq, "->")[0], ",")
		var ops []string
		for _, term := range terms {
			r := len(strings.ReplaceAll(term, "...", "x"))
			ops = append(ops, "tensor<"+strings.Repeat("?x", r)+"f32>")
		}
		rr := len(strings.ReplaceAll(strings.Split(c.eq, "->")[1], "...", "x"))
		p := prog(t, einsumOp(c.eq, "tensor<"+strings.Repeat("?x", rr)+"f32>", ops...))
		if len(p.Nests) == 3 && p.Nests[0].Name == "PackPanels" {
			// A product with run-time extents: packing, the packed
			// product, the product as lowered (see loopir.PackMatmul).
			p.Nests = p.Nests[2:]
		}
		if len(p.Nests) != 1 || loopKinds(p.Nests[0]) != c.loops {
			t.Errorf("%s: loops %s, want %s\n%s", c.eq, loopKinds(p.Nests[0]), c.loops, p)
		}
	}
}
