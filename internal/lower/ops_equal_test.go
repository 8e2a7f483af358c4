package lower

import (
	"errors"
	"github.com/sandjit/sandjit/internal/mlir"
	"strings"
	"testing"
)

// TestEqualIncompatibleShapes: tf.Equal/NotEqual with
// incompatible_shape_error = false follow TF's CPU kernel
// (core/kernels/cwise_ops_common.cc, BinaryOpShared::BinaryOpState: an
// invalid broadcast gives a rank-0 `op == "NotEqual"`). Statically
// incompatible operands fold to that constant; dynamic ones compile the
// broadcasting comparison and fail a run whose shapes turn out
// incompatible, saying why.
func TestEqualIncompatibleShapes(t *testing.T) {
	const static = `func.func @test(%a: tensor<2xf32>, %b: tensor<3xf32>) -> (tensor<*xi1>, tensor<i1>) {
  %0 = "tf.Equal"(%a, %b) {incompatible_shape_error = false} : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xi1>
  %1 = "tf.NotEqual"(%a, %b) {incompatible_shape_error = false} : (tensor<2xf32>, tensor<3xf32>) -> tensor<i1>
  return %0, %1 : tensor<*xi1>, tensor<i1>
}`
	m, err := mlir.Parse("k.mlir", []byte(static), mlir.ParseLimits{})
	if err != nil {
		t.Fatal(err)
	}
	k, err := Compile(m, CompileOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, true} {
		r := k.Func.Return.Operands[i]
		d := k.c.consts[r.ID]
		if d == nil || len(d.Type.Dims) != 0 || d.Value.Len() != 1 || (d.Value.Float64At(0) != 0) != want {
			t.Errorf("result %d: got constant %v, want scalar %v", i, d, want)
		}
	}
	// Complex operands (their own definitions, internal/ops/cplx) fold alike.
	cm, err := mlir.Parse("k.mlir", []byte(strings.ReplaceAll(static, "xf32>", "xcomplex<f64>>")), mlir.ParseLimits{})
	if err != nil {
		t.Fatal(err)
	}
	ck, err := Compile(cm, CompileOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, true} {
		d := ck.c.consts[ck.Func.Return.Operands[i].ID]
		if d == nil || len(d.Type.Dims) != 0 || d.Value.Len() != 1 || (d.Value.Float64At(0) != 0) != want {
			t.Errorf("complex result %d: got constant %v, want scalar %v", i, d, want)
		}
	}
	// With the default (true) the shapes are an error.
	m, _ = mlir.Parse("k.mlir", []byte(strings.ReplaceAll(static, "{incompatible_shape_error = false} ", "")), mlir.ParseLimits{})
	if _, err := Compile(m, CompileOptions{Verify: true}); err == nil || !strings.Contains(err.Error(), "Incompatible shapes: [2] vs. [3]") {
		t.Errorf("default attribute: got %v", err)
	}

	const dynamic = `func.func @test(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<*xi1> {
  %0 = "tf.Equal"(%a, %b) {incompatible_shape_error = false} : (tensor<?xf32>, tensor<?xf32>) -> tensor<*xi1>
  return %0 : tensor<*xi1>
}`
	m, err = mlir.Parse("k.mlir", []byte(dynamic), mlir.ParseLimits{})
	if err != nil {
		t.Fatal(err)
	}
	k, err = Compile(m, CompileOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k.Host([][]int{{3}, {1}}); err != nil {
		t.Errorf("compatible shapes: %v", err)
	}
	_, err = k.Host([][]int{{2}, {3}})
	if !errors.Is(err, mlir.ErrInvalid) || !strings.Contains(err.Error(), "operand shapes [2] vs. [3] are incompatible: with incompatible_shape_error = false the result is a scalar") {
		t.Errorf("incompatible at run time: got %v", err)
	}
}
