package lower

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

func buildFlowText(t *testing.T, src string) (*mlir.Module, *Flow, error) {
	t.Helper()
	m, err := mlir.Parse("k.mlir", []byte(src), mlir.DefaultParseLimits())
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	fn, err := SelectEntry(m, "")
	if err != nil {
		t.Fatal(err)
	}
	fl, err := BuildFlow(m, fn)
	return m, fl, err
}

// TestFlowSegments: ops before and after an If become two segment
// functions; values cross through In/Out, constants are copied instead;
// the branches are the module's functions, shared when called twice.
func TestFlowSegments(t *testing.T) {
	src := `func.func @main(%x: tensor<?xf32>, %c: tensor<i1> {rt.constraint = "value"}) -> (tensor<?xf32>, tensor<?xf32>) {
  %k = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %a = "tf.Mul"(%x, %k) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %b = "tf.Exp"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %i = "tf.If"(%c, %a) {then_branch = @neg, else_branch = @neg, is_stateless = true} : (tensor<i1>, tensor<?xf32>) -> tensor<?xf32>
  %d = "tf.AddV2"(%i, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %e = "tf.Mul"(%d, %k) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %n = "tf.LogicalNot"(%c) : (tensor<i1>) -> tensor<i1>
  func.return %e, %a : tensor<?xf32>, tensor<?xf32>
}
func.func private @neg(%y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Neg"(%y) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`
	m, fl, err := buildFlowText(t, src)
	if err != nil {
		t.Fatal(err)
	}
	if fl.Whole || len(fl.Steps) != 3 {
		t.Fatalf("want segment, If, segment; got %d steps", len(fl.Steps))
	}
	s0, ifs, s1 := fl.Steps[0], fl.Steps[1], fl.Steps[2]
	names := func(vs []*mlir.Value) string {
		var out []string
		for _, v := range vs {
			out = append(out, v.String())
		}
		return strings.Join(out, " ")
	}
	if got := names(s0.In) + " -> " + names(s0.Out); got != "%x -> %a %b" {
		t.Errorf("segment 0: %s", got)
	}
	if got := names(s1.In) + " -> " + names(s1.Out); got != "%i %b %c -> %e" {
		t.Errorf("segment 1: %s", got)
	}
	if ifs.Op == nil || ifs.Kind != ControlIf || len(ifs.Subs) != 2 || ifs.Subs[0] != ifs.Subs[1] || !ifs.Subs[0].Whole {
		t.Errorf("If step: %+v", ifs)
	}
	want := `func.func private @main.seg1(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>, %arg2: tensor<i1> {rt.constraint = "value"}) -> tensor<?xf32> {
  %0 = "tf.AddV2"(%arg0, %arg1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %2 = "tf.Mul"(%0, %1) : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %3 = "tf.LogicalNot"(%arg2) : (tensor<i1>) -> tensor<i1>
  return %2 : tensor<?xf32>
}
`
	if got := s1.Seg.String(); got != want {
		t.Errorf("segment 1 prints\n%s\nwant\n%s", got, want)
	}
	// Every segment compiles on its own.
	for _, st := range []*FlowStep{s0, s1} {
		if _, err := Compile(&mlir.Module{File: m.File, Funcs: []*mlir.Func{st.Seg}}, CompileOptions{Entry: st.Seg.Name, Verify: true}); err != nil {
			t.Errorf("@%s: %v", st.Seg.Name, err)
		}
	}
}

// TestFlowRegions: a WhileRegion's regions become functions taking the
// block arguments, then the enclosing values they use (not constants,
// which are copied in), nested regions included.
func TestFlowRegions(t *testing.T) {
	src := `func.func @main(%n: tensor<i32>, %x: tensor<?xf32>, %s: tensor<?xf32>) -> tensor<?xf32> {
  %zero = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r:2 = "tf.WhileRegion"(%zero, %x) ({
  ^bb0(%i: tensor<i32>, %v: tensor<?xf32>):
    %p = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %v: tensor<?xf32>):
    %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %j = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %t = "tf.Greater"(%j, %zero) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %w = "tf.IfRegion"(%t) ({
      %u = "tf.AddV2"(%v, %s) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
      "tf.Yield"(%u) : (tensor<?xf32>) -> ()
    }, {
      "tf.Yield"(%v) : (tensor<?xf32>) -> ()
    }) {is_stateless = true} : (tensor<i1>) -> tensor<?xf32>
    "tf.Yield"(%j, %w) : (tensor<i32>, tensor<?xf32>) -> ()
  }) {is_stateless = true} : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>)
  func.return %r#1 : tensor<?xf32>
}`
	_, fl, err := buildFlowText(t, src)
	if err != nil {
		t.Fatal(err)
	}
	if len(fl.Steps) != 2 {
		t.Fatalf("%d steps, want 2 (the constant's segment, the While)", len(fl.Steps))
	}
	w := fl.Steps[1]
	if w.Kind != ControlWhile || len(w.Captures) != 2 || w.Captures[0].Name != "n" || w.Captures[1].Name != "s" {
		t.Fatalf("While captures %v", w.Captures)
	}
	cond, body := w.Subs[0].Func, w.Subs[1].Func
	if len(cond.Args) != 4 || len(body.Args) != 4 || len(cond.ResultTypes) != 1 || len(body.ResultTypes) != 2 {
		t.Errorf("cond %d args → %d, body %d args → %d", len(cond.Args), len(cond.ResultTypes), len(body.Args), len(body.ResultTypes))
	}
	// The body has control flow of its own: a segment, the IfRegion (whose
	// then-region captures the body's %v and %s), a final segment-less
	// return of its values.
	bfl := w.Subs[1]
	if bfl.Whole || len(bfl.Steps) != 2 || bfl.Steps[1].Kind != ControlIf {
		t.Fatalf("body flow: %d steps", len(bfl.Steps))
	}
	if caps := bfl.Steps[1].Captures; len(caps) != 2 {
		t.Errorf("IfRegion captures %v", caps)
	}
	if !strings.Contains(bfl.Steps[0].Seg.String(), `"tf.Const"() {value = dense<0> : tensor<i32>}`) {
		t.Errorf("the captured constant %%zero is not copied into the body:\n%s", bfl.Steps[0].Seg)
	}
}

func TestFlowErrors(t *testing.T) {
	const neg = `
func.func private @neg(%y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Neg"(%y) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`
	cases := []struct{ name, src, want string }{
		{"missing function", `func.func @main(%c: tensor<i1>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.If"(%c, %x) {then_branch = @nope, else_branch = @neg} : (tensor<i1>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}` + neg, "k.mlir:2:8: 'tf.If' op then_branch refers to @nope, which is not a function of the module"},
		{"argument count", `func.func @main(%c: tensor<i1>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.If"(%c, %x, %x) {then_branch = @neg, else_branch = @neg} : (tensor<i1>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}` + neg, "'tf.If' op passes 2 values to @neg, which takes 1"},
		{"argument type", `func.func @main(%c: tensor<i1>, %x: tensor<?xi32>) -> tensor<?xf32> {
  %0 = "tf.PartitionedCall"(%x) {f = @neg} : (tensor<?xi32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}` + neg, "'tf.PartitionedCall' op passes tensor<?xi32> as argument #0 of @neg, declared tensor<?xf32>"},
		{"result count", `func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0:2 = "tf.While"(%x, %x) {cond = @neg, body = @neg} : (tensor<?xf32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  func.return %0#0 : tensor<?xf32>
}` + neg, "'tf.While' op passes 2 values to @neg, which takes 1"},
		{"recursion", `func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.PartitionedCall"(%x) {f = @main} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`, "'tf.PartitionedCall' op calls @main recursively"},
		{"legacy call of a missing function", `func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.LegacyCall"(%x) {_disable_call_shape_inference = true, f = @neg0} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}` + neg, "k.mlir:2:8: 'tf.LegacyCall' op f refers to @neg0, which is not a function of the module"},
		{"no attribute", `func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.PartitionedCall"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`, "'tf.PartitionedCall' op needs the function attribute f"},
		{"region yields", `func.func @main(%c: tensor<i1>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.IfRegion"(%c) ({
    "tf.Yield"(%x, %x) : (tensor<?xf32>, tensor<?xf32>) -> ()
  }, {
    "tf.Yield"(%x) : (tensor<?xf32>) -> ()
  }) : (tensor<i1>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`, "'tf.IfRegion' op region #0 yields 2 values, want 1"},
		{"loop types", `func.func @main(%x: tensor<?xf32>, %i: tensor<?xi32>) -> tensor<?xf32> {
  %0 = "tf.WhileRegion"(%x) ({
  ^bb0(%v: tensor<?xf32>):
    %p = "tf.Const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
    "tf.Yield"(%p) : (tensor<i1>) -> ()
  }, {
  ^bb0(%v: tensor<?xf32>):
    "tf.Yield"(%i) : (tensor<?xi32>) -> ()
  }) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`, "'tf.WhileRegion' op loop value #0 is tensor<?xf32>, but the body returns tensor<?xi32>"},
		{"where operands", `func.func @main(%x: tensor<?xf32>) -> tensor<?x1xi64> {
  %0 = "tf.Where"(%x, %x) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?x1xi64>
  func.return %0 : tensor<?x1xi64>
}`, "'tf.Where' op expects one operand and one result, got 2 and 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := buildFlowText(t, c.src)
			if err == nil || !errors.Is(err, mlir.ErrInvalid) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v\nwant an ErrInvalid containing %q", err, c.want)
			}
		})
	}
}

// TestCompileRejectsControlFlow: Compile itself does not run control flow.
func TestCompileRejectsControlFlow(t *testing.T) {
	_, err := compileText(t, "k.mlir", `func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.PartitionedCall"(%x) {f = @id} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
func.func private @id(%y: tensor<?xf32>) -> tensor<?xf32> {
  func.return %y : tensor<?xf32>
}`, "main")
	if !errors.Is(err, mlir.ErrUnsupported) || !strings.Contains(err.Error(), "BuildFlow") {
		t.Errorf("got %v", err)
	}
}

// TestRunHostWhere: the coordinates of nonzero elements (NaN nonzero, -0
// zero, a scalar giving [count, 0]) and the declared result type.
func TestRunHostWhere(t *testing.T) {
	src := `func.func @main(%x: tensor<?x?xf32>, %s: tensor<i1>) -> (tensor<?x2xi64>, tensor<?x0xi64>, tensor<?x2xi32>) {
  %0 = "tf.Where"(%x) : (tensor<?x?xf32>) -> tensor<?x2xi64>
  %1 = "tf.Where"(%s) : (tensor<i1>) -> tensor<?x0xi64>
  %2 = "tf.Where"(%x) : (tensor<?x?xf32>) -> tensor<?x2xi32>
  func.return %0, %1, %2 : tensor<?x2xi64>, tensor<?x0xi64>, tensor<?x2xi32>
}`
	m, err := mlir.Parse("k.mlir", []byte(src), mlir.DefaultParseLimits())
	if err != nil {
		t.Fatal(err)
	}
	fn, err := SelectEntry(m, "")
	if err != nil {
		t.Fatal(err)
	}
	ops := fn.Ops
	x, _ := memref.FromSlice([]int{2, 3}, []float32{0, float32(math.Copysign(0, -1)), float32(math.NaN()), 1, 0, -2})
	outs, msg := RunHost(ops[0], []*memref.Tensor{x})
	if msg != "" {
		t.Fatal(msg)
	}
	out := outs[0]
	if got, _ := memref.Values[int64](out); !slices.Equal(out.Shape, []int{3, 2}) || !slices.Equal(got, []int64{0, 2, 1, 0, 1, 2}) {
		t.Errorf("Where = %v %v", out.Shape, got)
	}
	for _, b := range []bool{true, false} {
		outs, msg := RunHost(ops[1], []*memref.Tensor{memref.Scalar(b)})
		if want := map[bool]int{true: 1, false: 0}[b]; msg != "" || !slices.Equal(outs[0].Shape, []int{want, 0}) {
			t.Errorf("Where(%v) = %v %q", b, outs, msg)
		}
	}
	c, _ := memref.FromSlice([]int{4}, []complex64{0, complex(0, float32(math.Copysign(0, -1))), complex(0, 1), complex(2, 0)})
	if outs, msg := RunHost(ops[0], []*memref.Tensor{c}); msg != "" || !slices.Equal(outs[0].Shape, []int{2, 1}) {
		t.Errorf("Where(complex) = %v %q", outs, msg)
	} else if got, _ := memref.Values[int64](outs[0]); !slices.Equal(got, []int64{2, 3}) {
		t.Errorf("Where(complex) = %v", got)
	}
	if _, msg := RunHost(ops[2], []*memref.Tensor{x}); !strings.Contains(msg, "result must be i64") {
		t.Errorf("an i32 result: %q", msg)
	}
}
