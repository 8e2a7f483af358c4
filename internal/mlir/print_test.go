package mlir

import (
	"bytes"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir/mlirtest"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// printToString prints m to a string.
func printToString(t testing.TB, m *Module) string {
	t.Helper()
	var b bytes.Buffer
	if err := Print(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// checkRoundTrip checks Parse → Print → Parse → Print: the second parse must
// succeed, give a graph equal to the first, and print the same text.
func checkRoundTrip(t testing.TB, m *Module) {
	t.Helper()
	text1 := printToString(t, m)
	m2, err := Parse("printed.mlir", []byte(text1), ParseLimits{MaxBytes: len(text1) + 1})
	if err != nil {
		t.Fatalf("printed text does not parse: %v\n%s", err, text1)
	}
	if diff := diffModules(m, m2); diff != "" {
		t.Fatalf("graph changed in the round trip: %s\n%s", diff, text1)
	}
	text2 := printToString(t, m2)
	if text1 != text2 {
		t.Fatalf("Print is not a fixed point:\n--- first\n%s\n--- second\n%s", text1, text2)
	}
}

// TestRoundTrip round-trips every case of every kernel under testdata/
// that parses. Cases in testdata/parse without expected errors must parse.
func TestRoundTrip(t *testing.T) {
	n := 0
	err := filepath.WalkDir("../../testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		own := strings.HasPrefix(filepath.ToSlash(path), parseTestdataDir+"/")
		for _, c := range mlirtest.SplitCases(path, string(src)) {
			m, err := Parse(path, []byte(c.Text), ParseLimits{})
			if err != nil {
				if own && len(mlirtest.ExpectedDiags(c.Text)) == 0 {
					t.Errorf("%s:%d: %v", path, c.FirstLine, err)
				} else if !own {
					t.Logf("%s:%d: skipped, does not parse: %v", path, c.FirstLine, err)
				}
				continue
			}
			t.Run(fmt.Sprintf("%s:%d", path, c.FirstLine), func(t *testing.T) { checkRoundTrip(t, m) })
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 25 {
		t.Errorf("only %d kernels round-tripped", n)
	}
}

func TestPrintForm(t *testing.T) {
	src := `#loc = loc("a.py":1:1)
module attributes {tf.versions = {producer = 1 : i32}} {
  func.func private @f(%x: tensor<2xf32> {jitrt.constraint = "shape"}, %c: tensor<i1>) -> (tensor<2xf32> {r}, tensor<2xf32>) attributes {e} {
    %cst = arith.constant dense<[0x7FC00000, 1.0e+20]> : tensor<2xf32>
    %p:2 = "tf.Two"(%x) <{a = 1 : i8}> {b = "q\"\0A", u} : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) loc(#loc)
    %r = "tf.IfRegion"(%c) ({
      "tf.Yield"(%p#1) : (tensor<2xf32>) -> ()
    }, {
    ^bb0(%y: tensor<2xf32>):
      %n = "tf.Neg"(%y) : (tensor<2xf32>) -> tensor<2xf32>
      "tf.Yield"(%n) : (tensor<2xf32>) -> ()
    }) : (tensor<i1>) -> tensor<2xf32>
    "tf.NoOp"() : () -> ()
    return %r, %cst : tensor<2xf32>, tensor<2xf32>
  }
}`
	want := `module attributes {tf.versions = {producer = 1 : i32}} {
  func.func private @f(%arg0: tensor<2xf32> {jitrt.constraint = "shape"}, %arg1: tensor<i1>) -> (tensor<2xf32> {r}, tensor<2xf32>) attributes {e} {
    %0 = "arith.constant"() {value = dense<[0x7FC00000, 1.0e+20]> : tensor<2xf32>} : () -> tensor<2xf32>
    %1:2 = "tf.Two"(%arg0) {a = 1 : i8, b = "q\"\n", u} : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %2 = "tf.IfRegion"(%arg1) ({
      "tf.Yield"(%1#1) : (tensor<2xf32>) -> ()
    }, {
    ^bb0(%arg2: tensor<2xf32>):
      %3 = "tf.Neg"(%arg2) : (tensor<2xf32>) -> tensor<2xf32>
      "tf.Yield"(%3) : (tensor<2xf32>) -> ()
    }) : (tensor<i1>) -> tensor<2xf32>
    return %2, %0 : tensor<2xf32>, tensor<2xf32>
  }
}
`
	m := mustParseKernel(t, src)
	if got := printToString(t, m); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	fwant := strings.Join(strings.Split(want, "\n")[1:13], "\n")
	fwant = strings.ReplaceAll(fwant, "\n  ", "\n")[2:] + "\n"
	if got := m.Funcs[0].String(); got != fwant {
		t.Errorf("Func.String:\n%s\nwant\n%s", got, fwant)
	}
}

func TestPrintAttrs(t *testing.T) {
	tests := []struct{ in, out string }{
		{`1 : i64`, `1 : i64`},
		{`-3`, `-3`},
		{`0x10`, `16`},
		{`255 : i8`, `-1 : i8`},
		{`255 : ui8`, `255 : ui8`},
		{`18446744073709551615 : ui64`, `18446744073709551615 : ui64`},
		{`1.000000e-01 : f32`, `0.1 : f32`},
		{`0x3DCCCCCD : f32`, `0.1 : f32`},
		{`100.0`, `100.0`},
		{`1.0e+21 : f64`, `1.0e+21 : f64`},
		{`-0.0 : f32`, `-0.0 : f32`},
		{`0x7FC00000 : f32`, `0x7FC00000 : f32`},
		{`0xFFF0000000000000 : f64`, `0xFFF0000000000000 : f64`},
		{`0x7C00 : f16`, `0x7C00 : f16`},
		{`0.1 : f16`, `0.099975586 : f16`},
		{`"a\\b\t\00\FF"`, `"a\\b\t\00\FF"`},
		{`[unit, true, @s, @"a b"]`, `[unit, true, @s, @"a b"]`},
		{`{"k k" = 1, k}`, `{"k k" = 1, k}`},
		{`array<i32: 1, 2>`, `[1 : i32, 2 : i32]`},
		{`array<i64>`, `[]`},
		{`si32`, `i32`},
		{`tensor<*xf16>`, `tensor<*xf16>`},
		{`tensor<4x!tf_type.string>`, `tensor<4x!tf_type.string>`},
		{`#tf_type.shape<2x?>`, `#tf_type.shape<2x?>`},
		{`dense<1> : tensor<2x2xi32>`, `dense<1> : tensor<2x2xi32>`},
		{`dense<[[1, 2]]> : tensor<1x2xui8>`, `dense<[[1, 2]]> : tensor<1x2xui8>`},
		{`dense<[1.0e+10, 2.5]> : tensor<2xf64>`, `dense<[1.0e+10, 2.5]> : tensor<2xf64>`},
		{`dense<"0x0000803F0000C07F"> : tensor<2xf32>`, `dense<[1.0, 0x7FC00000]> : tensor<2xf32>`},
		{`dense<"0x003C"> : tensor<3xf16>`, `dense<1.0> : tensor<3xf16>`},
		{`dense<[0x7E00, 0xFC00]> : tensor<2xf16>`, `dense<[0x7E00, 0xFC00]> : tensor<2xf16>`},
		{`dense<[]> : tensor<0x4xi1>`, `dense<> : tensor<0x4xi1>`},
		{`dense<[[true], [false]]> : tensor<2x1xi1>`, `dense<[[true], [false]]> : tensor<2x1xi1>`},
		{`dense<-128> : tensor<i8>`, `dense<-128> : tensor<i8>`},
		// Complex elements as MLIR prints them, each part a float; hex
		// blobs of complex elements (real part first, little-endian).
		{`dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>`, `dense<(1.0,2.0)> : tensor<complex<f32>>`},
		{`dense<[(1.0, -2.5), (3, -4)]> : tensor<2xcomplex<f64>>`, `dense<[(1.0,-2.5), (3.0,-4.0)]> : tensor<2xcomplex<f64>>`},
		{`dense<(0.5,-0.0)> : tensor<2x3xcomplex<f32>>`, `dense<(0.5,-0.0)> : tensor<2x3xcomplex<f32>>`},
		{`dense<[[(0x7FC00001, 0xFF800000)]]> : tensor<1x1xcomplex<f32>>`, `dense<[[(0x7FC00001,0xFF800000)]]> : tensor<1x1xcomplex<f32>>`},
		{`dense<"0x0000803F00000040">: tensor<complex<f32>>`, `dense<(1.0,2.0)> : tensor<complex<f32>>`},
		{`dense<"0x0000000000002440000000000000144000000000000024400000000000001440"> : tensor<2xcomplex<f64>>`,
			`dense<[(10.0,5.0), (10.0,5.0)]> : tensor<2xcomplex<f64>>`},
		{`dense<"0x0000803F00000040"> : tensor<3xcomplex<f32>>`, `dense<(1.0,2.0)> : tensor<3xcomplex<f32>>`},
	}
	for _, tt := range tests {
		m := mustParseKernel(t, funcWithBody("()", "  \"tf.X\"() {a = "+tt.in+"} : () -> ()\n  return"))
		text := printToString(t, m)
		line := strings.Split(text, "\n")[2]
		got := strings.TrimSuffix(strings.TrimPrefix(line, `    "tf.X"() {a = `), `} : () -> ()`)
		if got != tt.out {
			t.Errorf("%s: printed %s, want %s", tt.in, got, tt.out)
		}
		checkRoundTrip(t, m)
	}
}

// TestPrintHandBuilt prints a graph built in Go rather than parsed.
func TestPrintHandBuilt(t *testing.T) {
	x := &Value{Name: "x", Type: Ranked(memref.Float32, 3)}
	op := &Op{Name: "tf.Neg", Operands: []*Value{x}}
	op.Results = []*Value{{Type: x.Type, Def: op, ID: 1}}
	cst, _ := memref.FromSlice([]int{3}, []float32{1, float32(math.Inf(1)), -0.5})
	c := &Op{Name: "tf.Const", Attrs: DictAttr{{"value", &DenseAttr{Type: x.Type, Value: cst}}, {"f", FloatAttr{Value: math.NaN()}}}}
	c.Results = []*Value{{Type: x.Type, Def: c, ID: 2}}
	f := &Func{Name: "hand built", Args: []*Value{x}, ResultTypes: []TensorType{x.Type},
		Ops: []*Op{op, c}, Return: &Op{Name: "func.return", Operands: []*Value{c.Results[0]}}, NumValues: 3}
	m := &Module{Funcs: []*Func{f}}
	want := `module {
  func.func @"hand built"(%arg0: tensor<3xf32>) -> tensor<3xf32> {
    %0 = "tf.Neg"(%arg0) : (tensor<3xf32>) -> tensor<3xf32>
    %1 = "tf.Const"() {value = dense<[1.0, 0x7F800000, -0.5]> : tensor<3xf32>, f = 0x7FF8000000000001 : f64} : () -> tensor<3xf32>
    return %1 : tensor<3xf32>
  }
}
`
	if got := printToString(t, m); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	m2 := mustParseKernel(t, want)
	if printToString(t, m2) != want {
		t.Errorf("hand-built print does not round-trip")
	}
}

// diffModules compares two graphs, ignoring positions and value names
// (Print renumbers them). It returns "" when they are equal.
func diffModules(a, b *Module) string {
	if !attrsEqual(DictAttr(a.Attrs), DictAttr(b.Attrs)) {
		return fmt.Sprintf("module attrs %v vs %v", a.Attrs, b.Attrs)
	}
	if len(a.Funcs) != len(b.Funcs) {
		return fmt.Sprintf("%d vs %d funcs", len(a.Funcs), len(b.Funcs))
	}
	for i, fa := range a.Funcs {
		if d := diffFuncs(fa, b.Funcs[i]); d != "" {
			return "@" + fa.Name + ": " + d
		}
	}
	return ""
}

func diffFuncs(a, b *Func) string {
	switch {
	case a.Name != b.Name || a.Visibility != b.Visibility:
		return fmt.Sprintf("name %q %q vs %q %q", a.Visibility, a.Name, b.Visibility, b.Name)
	case a.NumValues != b.NumValues:
		return fmt.Sprintf("NumValues %d vs %d", a.NumValues, b.NumValues)
	case len(a.Args) != len(b.Args) || len(a.ArgAttrs) != len(b.ArgAttrs):
		return "argument count"
	case len(a.ResultTypes) != len(b.ResultTypes) || len(a.ResultAttrs) != len(b.ResultAttrs):
		return "result count"
	case !attrsEqual(a.Attrs, b.Attrs):
		return fmt.Sprintf("attrs %v vs %v", a.Attrs, b.Attrs)
	}
	for i := range a.Args {
		if d := diffValues(a.Args[i], b.Args[i]); d != "" {
			return fmt.Sprintf("arg %d: %s", i, d)
		}
		if !attrsEqual(a.ArgAttrs[i], b.ArgAttrs[i]) {
			return fmt.Sprintf("arg %d attrs %v vs %v", i, a.ArgAttrs[i], b.ArgAttrs[i])
		}
	}
	for i := range a.ResultTypes {
		if !a.ResultTypes[i].Equal(b.ResultTypes[i]) || !attrsEqual(a.ResultAttrs[i], b.ResultAttrs[i]) {
			return fmt.Sprintf("result %d", i)
		}
	}
	if d := diffOps(a.Ops, b.Ops); d != "" {
		return d
	}
	if (a.Return == nil) != (b.Return == nil) {
		return "return"
	}
	if a.Return != nil {
		return diffOps([]*Op{a.Return}, []*Op{b.Return})
	}
	return ""
}

func diffOps(a, b []*Op) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d vs %d ops", len(a), len(b))
	}
	for i, oa := range a {
		ob := b[i]
		switch {
		case oa.Name != ob.Name:
			return fmt.Sprintf("op %d: %s vs %s", i, oa.Name, ob.Name)
		case len(oa.Operands) != len(ob.Operands) || len(oa.Results) != len(ob.Results) || len(oa.Regions) != len(ob.Regions):
			return fmt.Sprintf("op %d (%s): shape", i, oa.Name)
		case !attrsEqual(oa.Attrs, ob.Attrs):
			return fmt.Sprintf("op %d (%s): attrs %v vs %v", i, oa.Name, oa.Attrs, ob.Attrs)
		}
		for j := range oa.Operands {
			if d := diffValues(oa.Operands[j], ob.Operands[j]); d != "" {
				return fmt.Sprintf("op %d (%s) operand %d: %s", i, oa.Name, j, d)
			}
		}
		for j := range oa.Results {
			if d := diffValues(oa.Results[j], ob.Results[j]); d != "" {
				return fmt.Sprintf("op %d (%s) result %d: %s", i, oa.Name, j, d)
			}
		}
		for j, ra := range oa.Regions {
			rb := ob.Regions[j]
			if len(ra.Args) != len(rb.Args) {
				return fmt.Sprintf("op %d (%s) region %d args", i, oa.Name, j)
			}
			for k := range ra.Args {
				if d := diffValues(ra.Args[k], rb.Args[k]); d != "" {
					return fmt.Sprintf("op %d (%s) region %d arg %d: %s", i, oa.Name, j, k, d)
				}
			}
			if d := diffOps(ra.Ops, rb.Ops); d != "" {
				return fmt.Sprintf("op %d (%s) region %d: %s", i, oa.Name, j, d)
			}
		}
	}
	return ""
}

func diffValues(a, b *Value) string {
	if a == nil || b == nil {
		if a != b {
			return "nil value"
		}
		return ""
	}
	switch {
	case a.ID != b.ID || a.Index != b.Index:
		return fmt.Sprintf("id/index %d/%d vs %d/%d", a.ID, a.Index, b.ID, b.Index)
	case !a.Type.Equal(b.Type):
		return fmt.Sprintf("type %v vs %v", a.Type, b.Type)
	case (a.Def == nil) != (b.Def == nil):
		return "def"
	}
	return ""
}

// attrsEqual compares attributes structurally; floats by bits, dense
// literals by type, splat-ness and bytes.
func attrsEqual(a, b Attr) bool {
	switch a := a.(type) {
	case DictAttr:
		bd, ok := b.(DictAttr)
		if !ok || len(a) != len(bd) {
			return ok && len(a) == 0 && len(bd) == 0
		}
		for i := range a {
			if a[i].Name != bd[i].Name || !attrsEqual(a[i].Value, bd[i].Value) {
				return false
			}
		}
		return true
	case ArrayAttr:
		ba, ok := b.(ArrayAttr)
		if !ok || len(a) != len(ba) {
			return false
		}
		for i := range a {
			if !attrsEqual(a[i], ba[i]) {
				return false
			}
		}
		return true
	case FloatAttr:
		bf, ok := b.(FloatAttr)
		return ok && a.Type == bf.Type && (a.Value == bf.Value && math.Signbit(a.Value) == math.Signbit(bf.Value) ||
			math.IsNaN(a.Value) && math.IsNaN(bf.Value))
	case TypeAttr:
		bt, ok := b.(TypeAttr)
		if !ok || a.Elem != bt.Elem || a.Text != bt.Text || (a.Tensor == nil) != (bt.Tensor == nil) {
			return false
		}
		return a.Tensor == nil || a.Tensor.Equal(*bt.Tensor)
	case *DenseAttr:
		bd, ok := b.(*DenseAttr)
		return ok && a.Type.Equal(bd.Type) && a.Splat == bd.Splat && a.Value.DType == bd.Value.DType &&
			fmt.Sprint(a.Value.Shape) == fmt.Sprint(bd.Value.Shape) && bytes.Equal(a.Value.Data, bd.Value.Data)
	case nil:
		return b == nil
	}
	return a == b
}
