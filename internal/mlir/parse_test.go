package mlir

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sandjit/sandjit/internal/mlir/mlirtest"
	"github.com/sandjit/sandjit/memref"
)

// parseTestdataDir holds the parser's kernel files: ok_*.mlir must parse,
// errors_*.mlir carry expected diagnostics inline.
const parseTestdataDir = "../../testdata/parse"

// checkErrorShape checks what every Parse error must be: nil, or an
// ErrorList of at most maxErrors positioned diagnostics of kind ErrSyntax
// or ErrUnsupported.
func checkErrorShape(t testing.TB, m *Module, err error) ErrorList {
	t.Helper()
	if err == nil {
		if m == nil {
			t.Fatalf("Parse returned neither a module nor an error")
		}
		return nil
	}
	if m != nil {
		t.Errorf("Parse returned a module and an error")
	}
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("error is %T, not an ErrorList: %v", err, err)
	}
	if len(list) == 0 || len(list) > maxErrors {
		t.Errorf("ErrorList has %d entries", len(list))
	}
	for _, e := range list {
		if e.Pos.Line < 1 || e.Pos.Col < 1 {
			t.Errorf("error without a position: %v", e)
		}
		if e.Kind != ErrSyntax && e.Kind != ErrUnsupported {
			t.Errorf("error of kind %v: %v", e.Kind, e)
		}
	}
	return list
}

// TestParseTestdata parses every case of testdata/parse and checks that
// each expected diagnostic appears on its line and that no other does.
func TestParseTestdata(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(parseTestdataDir, "*.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no test files in " + parseTestdataDir)
	}
	positive, negative := 0, 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		for _, c := range mlirtest.SplitCases(name, string(src)) {
			t.Run(fmt.Sprintf("%s:%d", name, c.FirstLine), func(t *testing.T) {
				want := mlirtest.ExpectedDiags(c.Text)
				if strings.HasPrefix(name, "ok_") && len(want) > 0 {
					t.Fatalf("ok_ files must not expect errors")
				}
				if len(want) > 0 {
					negative += len(want)
				} else {
					positive++
				}
				m, err := Parse(name, []byte(c.Text), ParseLimits{})
				got := checkErrorShape(t, m, err)
				matched := make([]bool, len(got))
				for _, w := range want {
					found := false
					for i, e := range got {
						if e.Pos.Line == w.Line && strings.Contains(e.Error(), w.Substr) {
							matched[i], found = true, true
						}
					}
					if !found {
						t.Errorf("%s:%d: missing expected error {{%s}}", name, w.Line, w.Substr)
					}
				}
				for i, e := range got {
					if !matched[i] {
						t.Errorf("unexpected error: %v", e)
					}
				}
			})
		}
	}
	if positive < 25 || negative < 25 {
		t.Errorf("testdata/parse has %d positive cases and %d expected errors; want at least 25 each", positive, negative)
	}
}

// mustParseKernel parses src or fails the test.
func mustParseKernel(t testing.TB, src string) *Module {
	t.Helper()
	m, err := Parse("test.mlir", []byte(src), ParseLimits{})
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, src)
	}
	return m
}

// funcWithBody wraps body ops in a function of the given signature.
func funcWithBody(sig, body string) string {
	return "func.func @f" + sig + " {\n" + body + "\n}\n"
}

func TestParsePositive(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		check func(t *testing.T, m *Module)
	}{
		{"toplevel functions and ids", `
func.func @a(%x: tensor<2x?xf32>, %y: tensor<f32>) -> tensor<2x?xf32> {
  %0 = "tf.AddV2"(%x, %y) {T = f32} : (tensor<2x?xf32>, tensor<f32>) -> tensor<2x?xf32>
  %1:2 = "tf.Two"(%0) : (tensor<2x?xf32>) -> (tensor<2x?xf32>, tensor<f32>)
  return %1#0 : tensor<2x?xf32>
}
func.func private @b() {
  return
}`, func(t *testing.T, m *Module) {
			if len(m.Funcs) != 2 || m.Funcs[1].Visibility != "private" || m.Lookup("b") == nil {
				t.Fatalf("funcs: %+v", m.Funcs)
			}
			f := m.Funcs[0]
			if f.NumValues != 5 {
				t.Errorf("NumValues = %d, want 5", f.NumValues)
			}
			if !f.Args[0].Type.Equal(Ranked(memref.Float32, 2, Dynamic)) || f.Args[1].Type.Rank() != 0 {
				t.Errorf("arg types %v %v", f.Args[0].Type, f.Args[1].Type)
			}
			two := f.Ops[1]
			if two.Results[1].ID != 4 || two.Results[1].Index != 1 || two.Results[1].Name != "1" || two.Results[1].String() != "%1#1" {
				t.Errorf("result %+v", two.Results[1])
			}
			if f.Return.Name != "func.return" || f.Return.Operands[0] != two.Results[0] {
				t.Errorf("return %+v", f.Return)
			}
			if f.Ops[0].Operands[1] != f.Args[1] || f.Ops[0].Pos != (Pos{"test.mlir", 3, 8}) {
				t.Errorf("op %+v", f.Ops[0])
			}
			if f.Args[1].Pos != (Pos{"test.mlir", 2, 35}) {
				t.Errorf("arg pos %v", f.Args[1].Pos)
			}
			if ta, ok := f.Ops[0].Attr("T").(TypeAttr); !ok || ta.Elem != memref.Float32 {
				t.Errorf("T = %#v", f.Ops[0].Attr("T"))
			}
		}},
		{"module attributes, arg and result attrs", `
module attributes {tf.versions = {producer = 12 : i32}} {
  func.func @f(%a: tensor<?xf32> {jitrt.constraint = "rank", python_test_attrs.static_type = tensor<4xf32>}, %b : tensor<f32>) -> (tensor<?xf32> {r = 1}, tensor<f32>) attributes {tf.entry_function = {inputs = "a"}} {
    return %a, %b : tensor<?xf32>, tensor<f32>
  }
}`, func(t *testing.T, m *Module) {
			if m.Attrs.Get("tf.versions") == nil {
				t.Errorf("module attrs %v", m.Attrs)
			}
			f := m.Funcs[0]
			if len(f.ArgAttrs) != 2 || f.ArgAttrs[1] != nil || f.ArgAttrs[0].Get("jitrt.constraint") != StringAttr("rank") {
				t.Errorf("arg attrs %v", f.ArgAttrs)
			}
			st, ok := f.ArgAttrs[0].Get("python_test_attrs.static_type").(TypeAttr)
			if !ok || st.Tensor == nil || st.Tensor.String() != "tensor<4xf32>" {
				t.Errorf("static_type %#v", f.ArgAttrs[0].Get("python_test_attrs.static_type"))
			}
			if len(f.ResultAttrs) != 2 || f.ResultAttrs[0].Get("r") != (IntAttr{Value: 1}) || f.ResultAttrs[1] != nil {
				t.Errorf("result attrs %v", f.ResultAttrs)
			}
			if f.Attrs.Get("tf.entry_function") == nil {
				t.Errorf("func attrs %v", f.Attrs)
			}
		}},
		{"properties merge before attributes", funcWithBody("()", `
  %0 = "tf.Const"() <{value = dense<1> : tensor<i32>, b = 2}> {device = "", c} : () -> tensor<i32>
  return`), func(t *testing.T, m *Module) {
			op := m.Funcs[0].Ops[0]
			var names []string
			for _, a := range op.Attrs {
				names = append(names, a.Name)
			}
			if strings.Join(names, ",") != "value,b,device,c" {
				t.Errorf("attrs in order %v", names)
			}
			d := op.Attr("value").(*DenseAttr)
			if !d.Splat || d.Value.Rank() != 0 || int32(d.Value.Bits64At(0)) != 1 {
				t.Errorf("dense %v", d)
			}
		}},
		{"regions and block args", funcWithBody("(%c: tensor<i1>, %v: tensor<f32>) -> tensor<f32>", `
  %0 = "tf.WhileRegion"(%v) ({
  ^bb0(%x: tensor<f32>):
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%x: tensor<f32>):
    %n = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%n) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>`), func(t *testing.T, m *Module) {
			f := m.Funcs[0]
			w := f.Ops[0]
			if len(w.Regions) != 2 || len(w.Regions[1].Args) != 1 || len(w.Regions[1].Ops) != 2 {
				t.Fatalf("regions %+v", w.Regions)
			}
			x := w.Regions[1].Args[0]
			if w.Regions[1].Ops[0].Operands[0] != x || x.Def != nil || x.ID != 3 {
				t.Errorf("block arg %+v", x)
			}
			// Region values come into scope before the op's results.
			if w.Results[0].ID != 5 || f.NumValues != 6 {
				t.Errorf("ids: result %d, NumValues %d", w.Results[0].ID, f.NumValues)
			}
		}},
		{"terminator spellings", `
func.func @a(%x: tensor<f32>) -> tensor<f32> {
  "func.return"(%x) : (tensor<f32>) -> ()
}
func.func @b(%x: tensor<f32>) -> tensor<f32> {
  "std.return"(%x) : (tensor<f32>) -> ()
}
func.func @c() {
  func.return
}`, func(t *testing.T, m *Module) {
			for _, f := range m.Funcs {
				if f.Return == nil || f.Return.Name != "func.return" || len(f.Ops) != 0 {
					t.Errorf("%s: return %+v", f.Name, f.Return)
				}
			}
		}},
		{"arith.constant", funcWithBody("() -> tensor<2xf32>", `
  %cst = arith.constant dense<[1.5, -2.0]> : tensor<2xf32>
  return %cst : tensor<2xf32>`), func(t *testing.T, m *Module) {
			op := m.Funcs[0].Ops[0]
			d, ok := op.Attr("value").(*DenseAttr)
			if op.Name != "arith.constant" || !ok || d.Splat || d.Value.Float64At(1) != -2 || !op.Results[0].Type.Equal(d.Type) {
				t.Errorf("arith.constant %+v", op)
			}
		}},
		{"int attrs", funcWithBody("()", `
  "tf.X"() {a = 1 : i64, b = -3, c = 0x10, d = 255 : i8, e = 255 : ui8, f = 18446744073709551615 : ui64, g = 1 : i1, h = -1 : i1, i = 7 : index, j = -8 : si4} : () -> ()
  return`), func(t *testing.T, m *Module) {
			a := m.Funcs[0].Ops[0].Attrs
			want := map[string]IntAttr{
				"a": {1, "i64"}, "b": {-3, ""}, "c": {16, ""}, "d": {-1, "i8"}, "e": {255, "ui8"},
				"f": {-1, "ui64"}, "g": {1, "i1"}, "h": {1, "i1"}, "i": {7, "index"}, "j": {-8, "si4"},
			}
			for k, w := range want {
				if got := a.Get(k); got != w {
					t.Errorf("%s = %#v, want %#v", k, got, w)
				}
			}
		}},
		{"float attrs", funcWithBody("()", `
  "tf.X"() {a = 0.1 : f32, b = 0x3DCCCCCD : f32, c = -2.5, d = 1.0e-01 : f64, e = 0x7FC00000 : f32, f = 0xFF800000 : f32, g = 0.1 : f16, h = 2E+3 : f32} : () -> ()
  return`), func(t *testing.T, m *Module) {
			a := m.Funcs[0].Ops[0].Attrs
			f := func(k string) float64 { return a.Get(k).(FloatAttr).Value }
			if f("a") != float64(float32(0.1)) || f("b") != f("a") || f("c") != -2.5 || f("d") != 0.1 {
				t.Errorf("floats %v", a)
			}
			if !math.IsNaN(f("e")) || !math.IsInf(f("f"), -1) || f("g") != float64(memref.F16ToF32(memref.F32ToF16(0.1))) || f("h") != 2000 {
				t.Errorf("floats %v", a)
			}
		}},
		{"strings and symbols", funcWithBody("()", `
  "tf.X"() {a = "q\"b\\n\n\0A\ff", b = @sym, c = @"with space", d = @a::@b, "key 1" = unit} : () -> ()
  return`), func(t *testing.T, m *Module) {
			a := m.Funcs[0].Ops[0].Attrs
			if a.Get("a") != StringAttr("q\"b\\n\n\n\xff") {
				t.Errorf("string %q", a.Get("a"))
			}
			if a.Get("b") != SymbolRefAttr("sym") || a.Get("c") != SymbolRefAttr("with space") || a.Get("d") != SymbolRefAttr("a::@b") {
				t.Errorf("symbols %v", a)
			}
			if a.Get("key 1") != (UnitAttr{}) {
				t.Errorf("quoted key %v", a)
			}
		}},
		{"arrays, dicts, opaque", funcWithBody("()", `
  "tf.X"() {a = [1, [2.0 : f32], {}], b = array<i64: 1, -2>, c = #tf_type.shape<2x?>, d = affine_map<(d0) -> (d0)>, e = !tf_type.string, f = [f32, i1]} : () -> ()
  return`), func(t *testing.T, m *Module) {
			a := m.Funcs[0].Ops[0].Attrs
			arr := a.Get("a").(ArrayAttr)
			if len(arr) != 3 || arr[0] != (IntAttr{Value: 1}) || len(arr[2].(DictAttr)) != 0 {
				t.Errorf("array %#v", arr)
			}
			b := a.Get("b").(ArrayAttr)
			if len(b) != 2 || b[1] != (IntAttr{-2, "i64"}) {
				t.Errorf("array<i64> %#v", b)
			}
			if a.Get("c") != OpaqueAttr("#tf_type.shape<2x?>") || a.Get("d") != OpaqueAttr("affine_map<(d0) -> (d0)>") {
				t.Errorf("opaque %v %v", a.Get("c"), a.Get("d"))
			}
			if a.Get("e") != (TypeAttr{Text: "!tf_type.string"}) {
				t.Errorf("type text %#v", a.Get("e"))
			}
		}},
		{"dense forms", funcWithBody("()", `
  "tf.X"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<"0x0000803F00000040"> : tensor<2xf32>, c = dense<[0x7FC00000, -1.0]> : tensor<2xf32>, d = dense<> : tensor<0x2xf32>, e = dense<[true, false]> : tensor<2xi1>, f = dense<1.0> : tensor<100000x100000xf32>, g = dense<[65535, 0]> : tensor<2xui16>, h = dense<"0x0000803F"> : tensor<100000x100000xf32>} : () -> ()
  return`), func(t *testing.T, m *Module) {
			a := m.Funcs[0].Ops[0].Attrs
			d := func(k string) *DenseAttr { return a.Get(k).(*DenseAttr) }
			if v, _ := memref.Values[int32](d("a").Value); fmt.Sprint(v) != "[1 2 3 4]" || fmt.Sprint(d("a").Value.Shape) != "[2 2]" {
				t.Errorf("nested %v", v)
			}
			if v, _ := memref.Values[float32](d("b").Value); fmt.Sprint(v) != "[1 2]" {
				t.Errorf("blob %v", v)
			}
			if !math.IsNaN(d("c").Value.Float64At(0)) || d("c").Value.Float64At(1) != -1 {
				t.Errorf("hex elem %v", d("c"))
			}
			if d("d").Splat || d("d").Value.Len() != 0 {
				t.Errorf("empty %v", d("d"))
			}
			if d("e").Value.Bits64At(0) != 1 || d("e").Value.Bits64At(1) != 0 {
				t.Errorf("bool %v", d("e"))
			}
			for _, k := range []string{"f", "h"} {
				if !d(k).Splat || len(d(k).Value.Data) != 4 || d(k).Value.Float64At(0) != 1 {
					t.Errorf("%s: huge splat %v", k, d(k))
				}
			}
			if d("g").Value.Bits64At(0) != 65535 {
				t.Errorf("ui16 %v", d("g"))
			}
		}},
		{"locations and aliases", `
#loc = loc("a.py":1:1)
!t = tensor<4xf32>
#s = #tf_type.shape<4>
func.func @f(%x: !t loc(#loc)) -> !t {
  %0 = "tf.Neg"(%x) {s = #s} : (!t) -> tensor<4xf32> loc(callsite(#loc at #loc9))
  return %0 : !t loc(unknown)
} loc(fused["a", #loc])
#loc9 = loc("b.py":2:2)`, func(t *testing.T, m *Module) {
			f := m.Funcs[0]
			if f.Args[0].Type.String() != "tensor<4xf32>" || f.Ops[0].Attr("s") != OpaqueAttr("#tf_type.shape<4>") {
				t.Errorf("aliases: %v %v", f.Args[0].Type, f.Ops[0].Attrs)
			}
		}},
		{"comments and CRLF", "// c\r\nfunc.func @f(%a: tensor<f32>) -> tensor<f32> { // x\r\n  return %a : tensor<f32> // y\r\n}\r\n// end", func(t *testing.T, m *Module) {
			if m.Funcs[0].Return.Pos.Line != 3 {
				t.Errorf("return at %v", m.Funcs[0].Return.Pos)
			}
		}},
		{"result groups", funcWithBody("()", `
  %0:2, %x, %y = "tf.X"() : () -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>)
  return`), func(t *testing.T, m *Module) {
			var got []string
			for _, v := range m.Funcs[0].Ops[0].Results {
				got = append(got, v.String())
			}
			if strings.Join(got, " ") != "%0#0 %0#1 %x %y" {
				t.Errorf("names %v", got)
			}
		}},
		{"unnamed results", funcWithBody("(%a: tensor<f32>) -> tensor<f32>", `
  "tf.X"(%a) : (tensor<f32>) -> tensor<f32>
  return %a : tensor<f32>`), func(t *testing.T, m *Module) {
			f := m.Funcs[0]
			if len(f.Ops[0].Results) != 1 || f.Ops[0].Results[0].ID != 1 || f.NumValues != 2 {
				t.Errorf("unnamed result %+v", f.Ops[0].Results)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, mustParseKernel(t, tt.src))
		})
	}
}

// TestParseNegative pins position, kind and op of single diagnostics.
func TestParseNegative(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int
		kind      error
		op        string
		msg       string
	}{
		{"custom op", funcWithBody("(%a: tensor<f32>)", "  %0 = tf.Neg %a : tensor<f32>\n  return"),
			2, 8, ErrUnsupported, "tf.Neg", "custom op syntax is not supported; use the generic form"},
		{"undefined", funcWithBody("()", `  %0 = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>`+"\n  return"),
			2, 17, ErrSyntax, "", "use of undefined value '%x'"},
		{"type mismatch", funcWithBody("(%a: tensor<f32>)", `  %0 = "tf.Neg"(%a) : (tensor<i32>) -> tensor<f32>`+"\n  return"),
			2, 17, ErrSyntax, "", "use of value '%a' expects different type than prior uses: 'tensor<i32>' vs 'tensor<f32>'"},
		{"operand count", funcWithBody("(%a: tensor<f32>)", `  %0 = "tf.Neg"(%a) : () -> tensor<f32>`+"\n  return"),
			2, 21, ErrSyntax, "tf.Neg", "has 1 operand(s) but its type lists 0"},
		{"tf32", "func.func @f(%a: tensor<2xtf32>) {\n  return\n}", 1, 27, ErrUnsupported, "", "unsupported element type 'tf32'"},
		{"complex", "func.func @f(%a: tensor<complex<i64>>) {\n  return\n}", 1, 25, ErrUnsupported, "", "unsupported element type 'complex<i64>'"},
		{"memref", "func.func @f(%a: memref<2xf32>) {\n  return\n}", 1, 18, ErrUnsupported, "", "unsupported type 'memref<2xf32>'"},
		{"dense_resource", funcWithBody("()", `  "tf.X"() {v = dense_resource<x> : tensor<2xf32>} : () -> ()`+"\n  return"),
			2, 17, ErrUnsupported, "", "unsupported attribute 'dense_resource<x> : tensor<2xf32>'"},
		{"i8 range in dense", funcWithBody("()", `  "tf.X"() {v = dense<[1, 256]> : tensor<2xi8>} : () -> ()`+"\n  return"),
			2, 27, ErrSyntax, "", "integer value 256: value is out of range for i8"},
		{"dense count", funcWithBody("()", `  "tf.X"() {v = dense<[1, 2]> : tensor<3xi8>} : () -> ()`+"\n  return"),
			2, 23, ErrSyntax, "", "inferred shape of dense literal [2] does not match type tensor<3xi8>"},
		{"complex elements for a real type", funcWithBody("()", `  "tf.X"() {v = dense<[(1.0, 2.0)]> : tensor<1xf32>} : () -> ()`+"\n  return"),
			2, 24, ErrSyntax, "", "complex elements for tensor<1xf32>"},
		{"real element for a complex type", funcWithBody("()", `  "tf.X"() {v = dense<[(1.0, 2.0), 3.0]> : tensor<2xcomplex<f32>>} : () -> ()`+"\n  return"),
			2, 36, ErrSyntax, "", "expected a complex element (re, im) for tensor<2xcomplex<f32>>, found 3.0"},
		{"complex part missing", funcWithBody("()", `  "tf.X"() {v = dense<(1.0)> : tensor<complex<f32>>} : () -> ()`+"\n  return"),
			2, 27, ErrSyntax, "", "expected ',', found ')'"},
		{"complex part not a number", funcWithBody("()", `  "tf.X"() {v = dense<(1.0, true)> : tensor<complex<f32>>} : () -> ()`+"\n  return"),
			2, 29, ErrSyntax, "", "expected a number (a part of a complex element), found 'true'"},
		{"complex part out of range", funcWithBody("()", `  "tf.X"() {v = dense<(1.0, 1e39)> : tensor<complex<f32>>} : () -> ()`+"\n  return"),
			2, 29, ErrSyntax, "", "value 1e39 is out of range for f32"},
		{"complex hex size", funcWithBody("()", `  "tf.X"() {v = dense<"0x0000803F000000400000">: tensor<2xcomplex<f32>>} : () -> ()`+"\n  return"),
			2, 23, ErrSyntax, "", "dense hex literal has 10 bytes; tensor<2xcomplex<f32>> needs 16"},
		{"missing brace at EOF", "func.func @f() {\n  return\n", 3, 1, ErrSyntax, "", "expected '}' at the end of function '@f', found end of file"},
		{"unterminated string", "func.func @f() {\n  \"tf.X\"() {a = \"abc} : () -> ()\n  return\n}", 2, 17, ErrSyntax, "", "unterminated string literal (a string cannot span lines)"},
		{"no x", "func.func @f(%a: tensor<3?xf32>) {\n  return\n}", 1, 26, ErrSyntax, "", "expected 'x' in dimension list, found '?'"},
		{"garbage at top", "%0 = 1", 1, 1, ErrUnsupported, "", "only functions are supported at module level, found '%0'"},
		{"empty input is fine but a lone brace is not", "}", 1, 1, ErrSyntax, "", "expected a function, module or alias definition, found '}'"},
		{"result count", funcWithBody("()", `  %0:2 = "tf.X"() : () -> tensor<f32>`+"\n  return"), 2, 19, ErrSyntax, "tf.X",
			"defines 1 result(s) but 2 name(s) are bound to them"},
		{"two modules", "module {\n}\nmodule {\n}", 3, 1, ErrUnsupported, "", "only one module is supported, holding all functions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Parse("k.mlir", []byte(tt.src), ParseLimits{})
			list := checkErrorShape(t, m, err)
			if len(list) != 1 {
				t.Fatalf("want one error, got %d:\n%v", len(list), err)
			}
			e := list[0]
			if e.Pos.Line != tt.line || e.Pos.Col != tt.col || e.Kind != tt.kind || e.Op != tt.op || e.Msg != tt.msg {
				t.Errorf("got  %d:%d %v op=%q %q\nwant %d:%d %v op=%q %q", e.Pos.Line, e.Pos.Col, e.Kind, e.Op, e.Msg,
					tt.line, tt.col, tt.kind, tt.op, tt.msg)
			}
			if e.Pos.File != "k.mlir" {
				t.Errorf("file %q", e.Pos.File)
			}
			if !errors.Is(err, tt.kind) {
				t.Errorf("errors.Is(err, %v) is false", tt.kind)
			}
		})
	}
}

func TestParseErrorFormat(t *testing.T) {
	_, err := Parse("kernel.mlir", []byte(funcWithBody("(%a: tensor<f32>)", "  %0 = tf.Foo %a\n  return")), ParseLimits{})
	want := "kernel.mlir:2:8: 'tf.Foo' op custom op syntax is not supported; use the generic form"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "// only a comment\n", "module {\n}\n", "#loc = loc(unknown)\n"} {
		m := mustParseKernel(t, src)
		if len(m.Funcs) != 0 {
			t.Errorf("%q: %d funcs", src, len(m.Funcs))
		}
	}
}

// TestParseRecovery checks that errors in several ops are all reported,
// sorted, and capped at maxErrors.
func TestParseRecovery(t *testing.T) {
	var b strings.Builder
	b.WriteString("func.func @f(%a: tensor<f32>) -> tensor<f32> {\n")
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&b, "  %%%d = \"tf.Neg\"(%%a) : (tensor<f32>) -> tensor<f32>\n", i)
		fmt.Fprintf(&b, "  %%bad%d = tf.Neg %%a\n", i)
	}
	b.WriteString("  return %a : tensor<f32>\n}\n")
	_, err := Parse("k.mlir", []byte(b.String()), ParseLimits{})
	list := checkErrorShape(t, nil, err)
	if len(list) != 5 {
		t.Fatalf("want 5 errors, got %d: %v", len(list), err)
	}
	for i, e := range list {
		if e.Pos.Line != 3+2*i || e.Op != "tf.Neg" {
			t.Errorf("error %d: %v", i, e)
		}
	}

	b.Reset()
	b.WriteString("func.func @f(%a: tensor<f32>) -> tensor<f32> {\n")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, "  %%%d = \"tf.Neg\"(%%undefined%d) : (tensor<f32>) -> tensor<f32>\n", i, i)
	}
	b.WriteString("  return %a : tensor<f32>\n}\n")
	_, err = Parse("k.mlir", []byte(b.String()), ParseLimits{})
	list = checkErrorShape(t, nil, err)
	if len(list) != maxErrors {
		t.Errorf("want %d errors, got %d", maxErrors, len(list))
	}
	if !sort.SliceIsSorted(list, func(i, j int) bool { return list[i].Pos.Line < list[j].Pos.Line }) {
		t.Errorf("errors not sorted")
	}
}

func TestParseLimits(t *testing.T) {
	nest := func(open, close string, n int) string { return strings.Repeat(open, n) + strings.Repeat(close, n) }
	deepRegion := func(n int) string {
		s := "\"tf.Yield\"() : () -> ()"
		for i := 0; i < n; i++ {
			s = "\"tf.R\"() ({\n" + s + "\n}) : () -> ()"
		}
		return funcWithBody("()", s+"\n  return")
	}
	tests := []struct {
		name string
		lim  ParseLimits
		src  string
		msg  string // "" means it must parse
	}{
		{"bytes", ParseLimits{MaxBytes: 10}, "func.func @f() {\n return\n}", "kernel text is 26 bytes, more than the limit of 10"},
		{"ops", ParseLimits{MaxOps: 3}, funcWithBody("()", strings.Repeat("  \"tf.X\"() : () -> ()\n", 3)+"  return"), "more than 3 operations"},
		{"ops within limit", ParseLimits{MaxOps: 4}, funcWithBody("()", strings.Repeat("  \"tf.X\"() : () -> ()\n", 3)+"  return"), ""},
		{"array depth", ParseLimits{}, funcWithBody("()", "  \"tf.X\"() {a = "+nest("[", "]", 100)+"} : () -> ()\n  return"), "nesting is deeper than the limit of 64"},
		{"array depth ok", ParseLimits{}, funcWithBody("()", "  \"tf.X\"() {a = "+nest("[", "]", 60)+"} : () -> ()\n  return"), ""},
		{"dict depth", ParseLimits{}, funcWithBody("()", "  \"tf.X\"() {a = "+strings.Repeat("{a = ", 100)+"1"+strings.Repeat("}", 100)+"} : () -> ()\n  return"), "nesting is deeper than the limit of 64"},
		{"dense depth", ParseLimits{}, funcWithBody("()", "  \"tf.X\"() {a = dense<"+nest("[", "]", 1000)+"> : tensor<0xf32>} : () -> ()\n  return"), "nesting is deeper than the limit of 64"},
		{"type depth", ParseLimits{}, funcWithBody("()", "  \"tf.X\"() {a = "+strings.Repeat("(", 1000)+"} : () -> ()\n  return"), "nesting is deeper than the limit of 64"},
		{"region depth", ParseLimits{}, deepRegion(100), "nesting is deeper than the limit of 64"},
		{"region depth ok", ParseLimits{}, deepRegion(50), ""},
		{"opaque depth", ParseLimits{MaxDepth: 8}, funcWithBody("()", "  \"tf.X\"() {a = #x.y"+nest("<", ">", 20)+"} : () -> ()\n  return"), "brackets nest deeper than the limit of 8"},
		{"dense elements", ParseLimits{MaxDenseElements: 3}, funcWithBody("()", "  \"tf.X\"() {a = dense<[1, 2, 3, 4]> : tensor<4xi8>} : () -> ()\n  return"), "dense literal has more than 3 elements"},
		{"dense type elements", ParseLimits{MaxDenseElements: 3}, funcWithBody("()", "  \"tf.X\"() {a = dense<\"0x01020304\"> : tensor<4xi8>} : () -> ()\n  return"), "has more than 3 elements"},
		{"splat is free", ParseLimits{MaxDenseElements: 3}, funcWithBody("()", "  \"tf.X\"() {a = dense<1> : tensor<4000000000xi8>} : () -> ()\n  return"), ""},
		{"huge dense type", ParseLimits{}, funcWithBody("()", "  \"tf.X\"() {a = dense<[1]> : tensor<100000x100000xi8>} : () -> ()\n  return"), "has more than 16777216 elements"},
		{"dim too large for a splat", ParseLimits{}, funcWithBody("()", "  \"tf.X\"() {a = dense<0.0> : tensor<100000000000xf32>} : () -> ()\n  return"), "dimension 100000000000 is too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Parse("k.mlir", []byte(tt.src), tt.lim)
			list := checkErrorShape(t, m, err)
			if tt.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if len(list) == 0 || !strings.Contains(list[0].Msg, tt.msg) {
				t.Fatalf("got %v, want %q", err, tt.msg)
			}
			// Every failure here is over a limit, and says which.
			want := LimitDenseElements
			switch {
			case strings.HasPrefix(tt.name, "bytes"):
				want = LimitBytes
			case strings.HasPrefix(tt.name, "ops"):
				want = LimitOps
			case strings.Contains(tt.name, "depth"):
				want = LimitDepth
			case strings.HasPrefix(tt.name, "dim"):
				want = LimitDim
			}
			if list[0].Limit != want {
				t.Errorf("Limit = %q, want %q: %v", list[0].Limit, want, list[0])
			}
		})
	}
}

// TestParseDefaultLimits pins the documented defaults.
func TestParseDefaultLimits(t *testing.T) {
	d := DefaultParseLimits()
	if d != (ParseLimits{MaxBytes: 16 << 20, MaxOps: 100000, MaxDepth: 64, MaxDenseElements: 1 << 24}) {
		t.Errorf("DefaultParseLimits() = %+v", d)
	}
	if (ParseLimits{}).withDefaults() != d {
		t.Errorf("zero limits do not default")
	}
}

// bigKernel builds a kernel of about n bytes: a chain of elementwise ops
// with attributes and a dense constant now and then.
func bigKernel(n int) []byte {
	var b strings.Builder
	b.WriteString("func.func @big(%arg0: tensor<?x16xf32> {jitrt.constraint = \"rank\"}) -> tensor<?x16xf32> {\n")
	prev := "%arg0"
	for i := 0; b.Len() < n; i++ {
		if i%50 == 0 {
			fmt.Fprintf(&b, "  %%c%d = \"tf.Const\"() {value = dense<[[%s]]> : tensor<1x16xf32>} : () -> tensor<1x16xf32>\n",
				i, strings.TrimSuffix(strings.Repeat("1.5, ", 16), ", "))
			fmt.Fprintf(&b, "  %%%d = \"tf.AddV2\"(%s, %%c%d) {device = \"/job:localhost/replica:0/task:0/device:CPU:0\"} : (tensor<?x16xf32>, tensor<1x16xf32>) -> tensor<?x16xf32> loc(\"k.py\":%d:1)\n", i, prev, i, i)
		} else {
			fmt.Fprintf(&b, "  %%%d = \"tf.Tanh\"(%s) {T = f32, device = \"/job:localhost/replica:0/task:0/device:CPU:0\"} : (tensor<?x16xf32>) -> tensor<?x16xf32>\n", i, prev)
		}
		prev = "%" + strconv.Itoa(i)
	}
	fmt.Fprintf(&b, "  return %s : tensor<?x16xf32>\n}\n", prev)
	return []byte(b.String())
}

// TestParseScaling checks that parsing grows linearly with the input by
// the bytes it allocates (deterministic, unlike time on a shared machine:
// no timing assertions in unit tests); the times are only logged.
// BenchmarkParse1MB measures the speed.
func TestParseScaling(t *testing.T) {
	measure := func(src []byte) (time.Duration, uint64) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		if _, err := Parse("big.mlir", src, ParseLimits{}); err != nil {
			t.Fatal(err)
		}
		d := time.Since(start)
		runtime.ReadMemStats(&after)
		return d, after.TotalAlloc - before.TotalAlloc
	}
	small, big := bigKernel(64<<10), bigKernel(1<<20)
	ts, bs := measure(small)
	tb, bb := measure(big)
	scale := float64(len(big)) / float64(len(small))
	ratio := float64(bb) / float64(bs) / scale
	t.Logf("64 KiB: %v, %d bytes allocated; 1 MiB: %v, %d bytes: %.2f times linear in bytes, %.2f in time",
		ts, bs, tb, bb, ratio, float64(tb)/float64(ts)/scale)
	if ratio > 2 {
		t.Errorf("parsing allocates superlinearly: 1 MiB allocated %.1f times what linear scaling from 64 KiB predicts", ratio)
	}
}

func BenchmarkParse1MB(b *testing.B) {
	src := bigKernel(1 << 20)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse("big.mlir", src, ParseLimits{}); err != nil {
			b.Fatal(err)
		}
	}
}
