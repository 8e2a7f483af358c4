package lower

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// extraKernel is a kernel applying op to arity operands of element type
// dt (shapes ?x4, 4 and ?x1, …, broadcasting), with attrs.
func extraKernel(op string, arity int, dt memref.DType, attrs string) string {
	shapes := []string{"?x4x", "4x", "?x1x"}
	if op == "tf.ApproximateEqual" {
		shapes = []string{"?x4x", "?x4x"} // TensorFlow's kernel does not broadcast
	}
	var params, names, types []string
	for i := range arity {
		ty := "tensor<" + shapes[i] + dt.String() + ">"
		params = append(params, fmt.Sprintf("%%a%d: %s", i, ty))
		names = append(names, fmt.Sprintf("%%a%d", i))
		types = append(types, ty)
	}
	res := dt
	if registry[op].bool {
		res = memref.Bool
	}
	rt := "tensor<?x4x" + res.String() + ">"
	if attrs != "" {
		attrs = " " + attrs
	}
	return fmt.Sprintf("func.func @f(%s) -> %s {\n  %%0 = \"%s\"(%s)%s : (%s) -> %s\n  func.return %%0 : %s\n}\n",
		strings.Join(params, ", "), rt, op, strings.Join(names, ", "), attrs, strings.Join(types, ", "), rt, rt)
}

// extraNest compiles a one-op kernel and returns its single nest.
func extraNest(t *testing.T, op string, dt memref.DType, attrs string) *loopir.Nest {
	t.Helper()
	src := extraKernel(op, registry[op].arity, dt, attrs)
	k, err := compileText(t, "k.mlir", src, "")
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	if len(k.Program.Nests) != 1 {
		t.Fatalf("%d nests, want 1:\n%s", len(k.Program.Nests), k.Program)
	}
	return k.Program.Nests[0]
}

// computeOps lists the nest's instructions other than loads, stores and the
// casts around f16, sorted: the shape of the computation.
func computeOps(n *loopir.Nest) string {
	var ops []string
	for _, in := range n.Body {
		name := in.Op.String()
		switch in.Op {
		case loopir.OpLoad, loopir.OpStore, loopir.OpCast:
			continue
		case loopir.OpMath, loopir.OpMath2:
			name = in.Math.String()
		case loopir.OpCompare:
			name += "." + in.Cmp.String()
		case loopir.OpRound:
			name += "." + in.Round.String()
		}
		ops = append(ops, name)
	}
	sort.Strings(ops)
	return strings.Join(ops, " ")
}

// extraShapes is the computation of every op on f32 (i32 for Invert), and
// how many times an f16 kernel rounds to f16: once per intermediate TF
// computes in f16, plus the result.
var extraShapes = map[string]struct {
	ops string
	f16 int
}{
	"tf.Acos":             {"acos", 1},
	"tf.Acosh":            {"acosh", 1},
	"tf.Asin":             {"asin", 1},
	"tf.Asinh":            {"asinh", 1},
	"tf.Atan":             {"atan", 1},
	"tf.Atan2":            {"atan2", 1},
	"tf.Atanh":            {"atanh", 1},
	"tf.Cosh":             {"cosh", 1},
	"tf.Sinh":             {"sinh", 1},
	"tf.Tan":              {"tan", 1},
	"tf.Expm1":            {"expm1", 1},
	"tf.Erfc":             {"erfc", 1},
	"tf.Elu":              {"cmp.lt const expm1 select", 1},
	"tf.Selu":             {"cmp.lt const const const expm1 mul mul select", 2},
	"tf.LeakyRelu":        {"cmp.gt const const mul select", 1},
	"tf.Softplus":         {"abs add const expnonpos log1p max neg", 3},
	"tf.Softsign":         {"abs add const div", 2},
	"tf.ClipByValue":      {"cmp.lt cmp.lt select select", 1},
	"tf.DivNoNan":         {"cmp.eq const div select", 1},
	"tf.MulNoNan":         {"cmp.eq const mul select", 1},
	"tf.Xdivy":            {"cmp.eq const div select", 1},
	"tf.Xlogy":            {"cmp.eq const log mul select", 2},
	"tf.Xlog1py":          {"cmp.eq const log1p mul select", 2},
	"tf.Inv":              {"recip", 1},
	"tf.Invert":           {"not", 0},
	"tf.IsInf":            {"isinf", 0},
	"tf.IsNan":            {"isnan", 0},
	"tf.Mod":              {"rem", 1},
	"tf.TruncateMod":      {"rem", 1},
	"tf.TruncateDiv":      {"div round.trunc", 2},
	"tf.ApproximateEqual": {"abs cmp.lt const sub", 1},
	"tf.NextAfter":        {"nextafter", 0},
	"tf.ZerosLike":        {"const", 1},
	"tf.OnesLike":         {"const", 1},
}

// TestExtraOpsShape compiles every op (the loop IR verified after every
// pass) and checks its computation, and the f16 roundings.
func TestExtraOpsShape(t *testing.T) {
	if len(extraShapes) != len(extraOps()) {
		t.Errorf("%d shapes for %d ops", len(extraShapes), len(extraOps()))
	}
	for name, want := range extraShapes {
		t.Run(name, func(t *testing.T) {
			dt := memref.Float32
			if !registry[name].types.has(dt) {
				dt = memref.Int32
			}
			if got := computeOps(extraNest(t, name, dt, "")); got != want.ops {
				t.Errorf("computes %q, want %q", got, want.ops)
			}
			if !registry[name].types.has(memref.Float16) {
				return
			}
			n := extraNest(t, name, memref.Float16, "")
			rounds := 0
			for _, in := range n.Body {
				if in.Op == loopir.OpCast && in.Type == memref.Float16 {
					rounds++
				}
			}
			if rounds != want.f16 {
				t.Errorf("f16 rounds %d times, want %d", rounds, want.f16)
			}
		})
	}
}

// TestExtraOpsDTypes compiles every op on every element type: those of its
// table entry compile, the others fail naming the operand and the types.
func TestExtraOpsDTypes(t *testing.T) {
	for _, def := range extraOps() {
		name := def.name
		for _, dt := range memref.CompiledDTypes() {
			src := extraKernel(name, def.arity, dt, "")
			m, err := mlir.Parse("k.mlir", []byte(src), mlir.DefaultParseLimits())
			if err != nil {
				t.Fatal(err)
			}
			_, err = Compile(m, CompileOptions{Verify: true})
			e := complexExt[shortName(name)] // a complex definition takes complex types
			takes := def.types.has(dt) || e != nil && e.types.has(dt)
			switch {
			case takes && err != nil:
				t.Errorf("%s on %s: %v", name, dt, err)
			case !takes:
				want := fmt.Sprintf("k.mlir:2:8: '%s' op operand #0 must be a tensor of %s values", name, def.types)
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("%s on %s: got %v, want %q", name, dt, err, want)
				}
			}
		}
	}
}

// constValues are the values of the nest's constants, in order.
func constValues(n *loopir.Nest) []float64 {
	var out []float64
	for _, in := range n.Body {
		if in.Op != loopir.OpConst {
			continue
		}
		switch {
		case in.Type == memref.Float32:
			out = append(out, float64(math.Float32frombits(uint32(in.Bits))))
		case in.Type == memref.Float64:
			out = append(out, math.Float64frombits(in.Bits))
		case in.Type.IsUnsigned():
			out = append(out, float64(in.Bits))
		default:
			out = append(out, float64(int64(in.Bits)))
		}
	}
	return out
}

// TestExtraOpsAttrs checks the float attributes: their defaults, f32
// rounding (TF declares them `float`), integer spellings, and conversion to
// the element type (f16 rounding, integer truncation and saturation).
func TestExtraOpsAttrs(t *testing.T) {
	f16 := func(v float32) float64 { return float64(memref.F16ToF32(memref.F32ToF16(v))) }
	cases := []struct {
		op    string
		dt    memref.DType
		attrs string
		want  []float64 // the constants of the nest
	}{
		{"tf.LeakyRelu", memref.Float32, "", []float64{float64(float32(0.2)), 0}},
		{"tf.LeakyRelu", memref.Float64, "", []float64{float64(float32(0.2)), 0}},
		{"tf.LeakyRelu", memref.Float16, "", []float64{f16(0.2), 0}},
		{"tf.LeakyRelu", memref.Float64, "{alpha = 1.000000e-01 : f32}", []float64{float64(float32(0.1)), 0}},
		{"tf.LeakyRelu", memref.Float32, "{alpha = -3 : i64}", []float64{-3, 0}},
		{"tf.LeakyRelu", memref.Float32, "{alpha = 2.0}", []float64{2, 0}},
		{"tf.ApproximateEqual", memref.Float32, "", []float64{float64(float32(1e-5))}},
		{"tf.ApproximateEqual", memref.Float64, "", []float64{float64(float32(1e-5))}},
		{"tf.ApproximateEqual", memref.Float16, "", []float64{f16(1e-5)}},
		{"tf.ApproximateEqual", memref.Int32, "", []float64{0}},
		{"tf.ApproximateEqual", memref.Int32, "{tolerance = 2.500000e+00 : f32}", []float64{2}},
		{"tf.ApproximateEqual", memref.Int64, "{tolerance = -2.500000e+00 : f32}", []float64{-2}},
		{"tf.ApproximateEqual", memref.Uint8, "{tolerance = -3.000000e+00 : f32}", []float64{0}},
		{"tf.ApproximateEqual", memref.Int8, "{tolerance = 1.000000e+10 : f32}", []float64{127}},
		{"tf.ApproximateEqual", memref.Int8, "{tolerance = -1.000000e+10 : f32}", []float64{-128}},
		{"tf.ApproximateEqual", memref.Uint16, "{tolerance = 1.000000e+10 : f32}", []float64{65535}},
		{"tf.ApproximateEqual", memref.Int16, "{tolerance = 7 : i32}", []float64{7}},
		{"tf.Selu", memref.Float16, "", []float64{f16(1.7580993), f16(1.0507010), 0}},
	}
	for _, c := range cases {
		t.Run(c.op+"/"+c.dt.String()+c.attrs, func(t *testing.T) {
			got := constValues(extraNest(t, c.op, c.dt, c.attrs))
			if !slices.Equal(got, c.want) {
				t.Errorf("constants %v, want %v", got, c.want)
			}
		})
	}
}

// TestExtraAttrErrors checks the messages for attributes of the wrong kind.
func TestExtraAttrErrors(t *testing.T) {
	cases := []struct{ op, attrs, want string }{
		{"tf.LeakyRelu", `{alpha = "0.1"}`, `attribute 'alpha' must be a float, got "0.1"`},
		{"tf.LeakyRelu", `{alpha = true}`, `attribute 'alpha' must be a float, got true`},
		{"tf.ApproximateEqual", `{tolerance = [1.0]}`, `attribute 'tolerance' must be a float, got [`},
		{"tf.ApproximateEqual", `{tolerance = 1.0 : f32}`, ``},
		{"tf.ApproximateEqual", `{alpha = "x"}`, ``}, // not its attribute
		{"tf.Elu", `{alpha = "x"}`, ``},
	}
	for _, c := range cases {
		src := extraKernel(c.op, registry[c.op].arity, memref.Float32, c.attrs)
		m, err := mlir.Parse("k.mlir", []byte(src), mlir.DefaultParseLimits())
		if err != nil {
			t.Fatal(err)
		}
		op := m.Funcs[0].Ops[0]
		def := registry[op.Name]
		got := def.check(nil, op, &opFacts{def: def}, []mlir.TensorType{mlir.Ranked(memref.Float32), mlir.Ranked(memref.Float32)}[:def.arity])
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s %s: got %q, want %q", c.op, c.attrs, got, c.want)
		}
	}
}

func TestIntBits(t *testing.T) {
	cases := []struct {
		dt   memref.DType
		v    float64
		want uint64
	}{
		{memref.Int8, 2.9, 2},
		{memref.Int8, -2.9, uint64(math.MaxUint64 - 1)},
		{memref.Int8, 200, 127},
		{memref.Int8, -129, uint64(1<<64 - 128)},
		{memref.Int8, -128.5, uint64(1<<64 - 128)},
		{memref.Int64, 1e19, math.MaxInt64},
		{memref.Int64, -1e19, 1 << 63},
		{memref.Int64, math.Inf(1), math.MaxInt64},
		{memref.Int32, math.NaN(), 0},
		{memref.Uint8, -1, 0},
		{memref.Uint8, 255.9, 255},
		{memref.Uint8, 256, 255},
		{memref.Uint64, 1e20, math.MaxUint64},
		{memref.Uint64, math.NaN(), 0},
		{memref.Uint32, 4294967295.5, math.MaxUint32},
	}
	for _, c := range cases {
		if got := intBits(c.dt, c.v); got != c.want {
			t.Errorf("intBits(%s, %g) = %#x, want %#x", c.dt, c.v, got, c.want)
		}
	}
}
