package lower

import (
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"strings"
	"testing"
)

func parseFunc(t *testing.T, sig string) *mlir.Func {
	t.Helper()
	m, err := mlir.Parse("k.mlir", []byte("func.func @f"+sig+" {\n  func.return\n}\n"), mlir.DefaultParseLimits())
	if err != nil {
		t.Fatal(err)
	}
	return m.Funcs[0]
}

func TestOperandConstraints(t *testing.T) {
	cases := []struct {
		sig  string
		want string // constraints, or the error
	}{
		{`(%a: tensor<?xf32>, %b: tensor<4xf32>)`, "[resolved resolved]"},
		{`(%a: tensor<*xf32> {jitrt.constraint = "rank"}, %b: tensor<?xf32> {cpurt.constraint = "rank"})`, "[rank resolved]"},
		{`(%a: tensor<?x4xf32> {rt.constraint = "shape"}, %b: tensor<2x4xf32> {jitrt.constraint = "shape"})`, "[shape resolved]"},
		{`(%a: tensor<*xf32>)`, "[rank]"},
		{`(%a: tensor<2xi32> {jitrt.constraint = "value"}, %b: tensor<i64> {jitrt.constraint = "value"})`, "[value value]"},
		{`(%a: tensor<?xf32> {jitrt.constraint = "size"})`, "unknown operand constraint: size"},
		{`(%a: tensor<?xf32> {jitrt.constraint = 1 : i64})`, "unexpected jitrt.constraint attribute"},
		{`(%a: tensor<f32> {jitrt.constraint = "value"})`, "Cannot sink operand type: tensor<f32>"},
		{`(%a: tensor<2x2xi32> {rt.constraint = "value"})`, "Cannot sink operand type: tensor<2x2xi32>"},
		{`(%a: tensor<?xf32> {python_test_attrs.static_type = tensor<4xf32>, device = "x"})`, "[resolved]"},
	}
	for _, c := range cases {
		cons, err := OperandConstraints(parseFunc(t, c.sig))
		got := fmt.Sprint(cons)
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: got %s, want %s", c.sig, got, c.want)
		}
		if err != nil && !errors.Is(err, mlir.ErrInvalid) && !errors.Is(err, mlir.ErrUnsupported) {
			t.Errorf("%s: error %v has no kind", c.sig, err)
		}
	}
}

// TestResolver checks the symbolic shapes of research/jitrt.md §4.
func TestResolver(t *testing.T) {
	resolve := func(sig string, shapes ...[]int) string {
		fn := parseFunc(t, sig)
		cons, err := OperandConstraints(fn)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewResolver(fn, cons).Resolve(shapes)
		if err != nil {
			return "error: " + err.Error()
		}
		return s.String()
	}
	two := `(%a: tensor<?x?xf32>)`
	cases := []struct{ got, want string }{
		{resolve(`(%a: tensor<?xf32>, %b: tensor<?xf32>)`, []int{123}, []int{123}), "[-2], [-2]"},
		{resolve(`(%a: tensor<?xf32>, %b: tensor<32xf32>)`, []int{32}, []int{32}), "[32], [32]"},
		{resolve(two, []int{7, 7}), "[-2 -2]"},
		{resolve(two, []int{9, 9}), "[-2 -2]"},
		{resolve(two, []int{7, 9}), "[-2 -3]"},
		{resolve(two, []int{1, 9}), "[1 -2]"},
		{resolve(`(%a: tensor<?x?xf32>, %b: tensor<?x?xf32> {jitrt.constraint = "shape"})`, []int{5, 6}, []int{6, 5}), "[5 6], [6 5]"},
		{resolve(`(%a: tensor<*xf32>, %b: tensor<?xf32>)`, []int{3, 4, 3}, []int{4}), "[-2 -3 -2], [-3]"},
		{resolve(`(%a: tensor<?x4xf32>)`, []int{2, 5}), "error: operand #0 dim 1 is 5, the signature 4"},
		{resolve(`(%a: tensor<?x4xf32>)`, []int{4}), "error: operand #0 has rank 1, the signature 2"},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("case %d: got %s, want %s", i, c.got, c.want)
		}
	}
	// Keys: equal for equal symbolic shapes only.
	fn := parseFunc(t, two)
	r := NewResolver(fn, []Constraint{Resolved})
	key := func(s ...int) string {
		sym, _ := r.Resolve([][]int{s})
		return string(sym.AppendKey(nil))
	}
	if key(7, 7) != key(9, 9) || key(7, 9) == key(7, 7) || key(1, 9) == key(7, 9) {
		t.Error("specialization keys do not follow the symbolic shapes")
	}
}

// TestSpecializedLoweringUsesEqualities: dims proven equal by the symbolic
// shapes lose their run-time broadcast checks, unit dims become static.
func TestSpecializedLoweringUsesEqualities(t *testing.T) {
	src := `func.func @f(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.AddV2"(%x, %y) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`
	m, err := mlir.Parse("k.mlir", []byte(src), mlir.DefaultParseLimits())
	if err != nil {
		t.Fatal(err)
	}
	def, err := Compile(m, CompileOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(def.Program.String(), "i1?") {
		t.Errorf("the default executable should check broadcasts:\n%s", def.Program)
	}
	sym := SymbolicShapes{{-2, -3}, {-2, -3}}
	k, err := Compile(m, CompileOptions{Verify: true, ArgTypes: sym.Types(m.Funcs[0]), ArgSyms: sym})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(k.Program.String(), "i0?") || strings.Contains(k.Program.String(), "i1?") {
		t.Errorf("equal symbolic dims still broadcast:\n%s", k.Program)
	}
	sym = SymbolicShapes{{1, -2}, {4, -2}}
	k, err = Compile(m, CompileOptions{Verify: true, ArgTypes: sym.Types(m.Funcs[0]), ArgSyms: sym})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(k.Program.String(), "(i0 < 4, ") || !strings.Contains(k.Program.String(), "b0[0, i1]") {
		t.Errorf("unit and static dims not used:\n%s", k.Program)
	}
}
