package mlir

import (
	"strings"
	"testing"
)

// TestParseExecutorGraph checks what a tf_executor.graph unwraps to: the
// islands' ops in text order (an island's body inlined, tf.NoOp anchors
// and control tokens dropped), the function's return bound to the fetched
// values (a fetched argument too), and positions kept from the text.
func TestParseExecutorGraph(t *testing.T) {
	const src = `func.func @main(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0:3 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %outputs_0, %control_1 = tf_executor.island(%control) wraps "tf.Mul"(%arg0, %outputs) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %outputs_2:2, %control_3 = tf_executor.island {
      %1 = "tf.AddV2"(%outputs_0, %arg1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
      %2 = "tf.Tanh"(%1) : (tensor<?xf32>) -> tensor<?xf32>
      tf_executor.yield %2, %1 : tensor<?xf32>, tensor<?xf32>
    }
    %control_4 = tf_executor.island(%control_1, %control_3) wraps "tf.NoOp"() : () -> ()
    tf_executor.fetch %outputs_2#0, %arg1, %outputs_2#1, %control_4 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, !tf_executor.control
  }
  return %0#0, %0#1, %0#2 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}`
	m, err := Parse("g.mlir", []byte(src), ParseLimits{})
	if err != nil {
		t.Fatal(err)
	}
	f := m.Funcs[0]
	var names []string
	for _, op := range f.Ops {
		names = append(names, op.Name)
	}
	if got := strings.Join(names, " "); got != "tf.Const tf.Mul tf.AddV2 tf.Tanh" {
		t.Errorf("ops: %s", got)
	}
	ret := f.Return.Operands
	if len(ret) != 3 || ret[0] != f.Ops[3].Results[0] || ret[1] != f.Args[1] || ret[2] != f.Ops[2].Results[0] {
		t.Errorf("return operands: %v", ret)
	}
	if p := f.Ops[1].Pos; p.Line != 4 || p.Col != 65 {
		t.Errorf("tf.Mul at %d:%d, want 4:65", p.Line, p.Col)
	}
	if p := f.Ops[2].Pos; p.Line != 6 {
		t.Errorf("tf.AddV2 at line %d, want 6", p.Line)
	}
	// The printed graph reads back (the kernel graph's one text form).
	var b strings.Builder
	if err := Print(&b, m); err != nil {
		t.Fatal(err)
	}
	if _, err := Parse("printed.mlir", []byte(b.String()), ParseLimits{}); err != nil {
		t.Errorf("printed form does not parse: %v", err)
	}
}

// TestControlAnchorInBody: a tf.NoOp in a plain function or region body
// (as convert_function leaves control-output anchors) is dropped like a
// NoOp island; a NoOp with operands or results is an op like any other.
func TestControlAnchorInBody(t *testing.T) {
	m := mustParseKernel(t, `func.func @f(%arg0: tensor<f32>, %c: tensor<i1>) -> tensor<f32> {
  "tf.NoOp"() {device = ""} : () -> ()
  %0 = "tf.IfRegion"(%c) ({
    "tf.NoOp"() : () -> ()
    "tf.Yield"(%arg0) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%arg0) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  "tf.NoOp"(%0) : (tensor<f32>) -> ()
  return %0 : tensor<f32>
}`)
	f := m.Funcs[0]
	if len(f.Ops) != 2 || f.Ops[0].Name != "tf.IfRegion" || f.Ops[1].Name != "tf.NoOp" {
		t.Fatalf("got ops %v", f.Ops)
	}
	if then := f.Ops[0].Regions[0].Ops; len(then) != 1 || then[0].Name != "tf.Yield" {
		t.Errorf("then region: got %v", then)
	}
}
