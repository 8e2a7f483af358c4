package refeval

import (
	"context"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// graph builds a mlir.Func by hand, the way the parser would.
type graph struct {
	fn   *mlir.Func
	line int
}

func newGraph(argTypes ...mlir.TensorType) *graph {
	g := &graph{fn: &mlir.Func{Name: "main", Pos: mlir.Pos{File: "k.mlir", Line: 1, Col: 1}}, line: 1}
	for i, t := range argTypes {
		g.fn.Args = append(g.fn.Args, &mlir.Value{ID: i, Name: "arg" + itoa(i), Type: t, Index: i})
		g.fn.ArgAttrs = append(g.fn.ArgAttrs, nil)
	}
	g.fn.NumValues = len(argTypes)
	return g
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

func (g *graph) arg(i int) *mlir.Value { return g.fn.Args[i] }

// op appends an op on its own line (line numbers start at 2) and returns
// its result.
func (g *graph) op(name string, result mlir.TensorType, attrs mlir.DictAttr, operands ...*mlir.Value) *mlir.Value {
	g.line++
	op := &mlir.Op{Name: name, Pos: mlir.Pos{File: "k.mlir", Line: g.line, Col: 8}, Operands: operands, Attrs: attrs}
	v := &mlir.Value{ID: g.fn.NumValues, Name: itoa(g.fn.NumValues), Type: result, Def: op}
	g.fn.NumValues++
	op.Results = []*mlir.Value{v}
	g.fn.Ops = append(g.fn.Ops, op)
	return v
}

// constant appends a tf.Const holding t (not a splat).
func (g *graph) constant(t *memref.Tensor) *mlir.Value {
	typ := mlir.Ranked(t.DType, t.Shape...)
	return g.op("tf.Const", typ, mlir.DictAttr{{Name: "value", Value: &mlir.DenseAttr{Type: typ, Value: t}}})
}

// ret finishes the function, returning vals with their own types.
func (g *graph) ret(vals ...*mlir.Value) *mlir.Func {
	g.line++
	g.fn.Return = &mlir.Op{Name: "func.return", Pos: mlir.Pos{File: "k.mlir", Line: g.line, Col: 3}, Operands: vals}
	g.fn.ResultTypes = nil
	for _, v := range vals {
		g.fn.ResultTypes = append(g.fn.ResultTypes, v.Type)
	}
	return g.fn
}

func typeOf(t *memref.Tensor) mlir.TensorType { return mlir.Ranked(t.DType, t.Shape...) }

// runOp evaluates one op over argument tensors; the result type is
// resultType with rank and dims left dynamic when resultDims is nil.
func runOp(t *testing.T, name string, attrs mlir.DictAttr, result mlir.TensorType, args ...*memref.Tensor) (*memref.Tensor, error) {
	t.Helper()
	types := make([]mlir.TensorType, len(args))
	for i, a := range args {
		types[i] = typeOf(a)
	}
	g := newGraph(types...)
	operands := make([]*mlir.Value, len(args))
	for i := range args {
		operands[i] = g.arg(i)
	}
	fn := g.ret(g.op(name, result, attrs, operands...))
	out, err := Eval(context.Background(), fn, nil, args)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// mustOp is runOp with an unranked result of element type dt, failing the
// test on error.
func mustOp(t *testing.T, name string, attrs mlir.DictAttr, dt memref.DType, args ...*memref.Tensor) *memref.Tensor {
	t.Helper()
	out, err := runOp(t, name, attrs, mlir.Unranked(dt), args...)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// wantErr checks that err's text contains every fragment.
func wantErr(t *testing.T, err error, fragments ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one containing %q", fragments)
	}
	for _, f := range fragments {
		if !strings.Contains(err.Error(), f) {
			t.Fatalf("error %q does not contain %q", err, f)
		}
	}
}

func tensor[T memref.Element](t *testing.T, shape []int, data ...T) *memref.Tensor {
	t.Helper()
	x, err := memref.FromSlice(shape, data)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func vec[T memref.Element](t *testing.T, data ...T) *memref.Tensor {
	t.Helper()
	return tensor(t, []int{len(data)}, data...)
}

// f16s builds an f16 tensor; each value must be exactly an f16 value.
func f16s(t *testing.T, shape []int, data ...float64) *memref.Tensor {
	t.Helper()
	x, err := memref.New(memref.Float16, shape)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range data {
		h := memref.F32ToF16(float32(v))
		if float64(memref.F16ToF32(h)) != v && !math.IsNaN(v) {
			t.Fatalf("%v is not an f16 value", v)
		}
		x.Data[2*i], x.Data[2*i+1] = byte(h), byte(h>>8)
	}
	return x
}

// sameFloat is equality where NaN matches NaN and +0 differs from -0.
func sameFloat(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b && math.Signbit(a) == math.Signbit(b)
}

func checkShape(t *testing.T, got *memref.Tensor, dt memref.DType, shape []int, n int) {
	t.Helper()
	if got.DType != dt || !sameShape(got.Shape, shape) {
		t.Fatalf("got %s, want %s", got.Type(), memref.TypeString(dt, shape))
	}
	if got.Len() != n {
		t.Fatalf("test expects %d values for %s", n, got.Type())
	}
}

// wantFloats compares a float tensor elementwise (exactly, NaN == NaN, the
// sign of zero counts).
func wantFloats(t *testing.T, got *memref.Tensor, dt memref.DType, shape []int, want ...float64) {
	t.Helper()
	checkShape(t, got, dt, shape, len(want))
	for i, w := range want {
		if g := got.Float64At(i); !sameFloat(g, w) {
			t.Errorf("element %d: got %v, want %v", i, g, w)
		}
	}
}

func wantInts(t *testing.T, got *memref.Tensor, dt memref.DType, shape []int, want ...int64) {
	t.Helper()
	checkShape(t, got, dt, shape, len(want))
	for i, w := range want {
		if g := int64(got.Bits64At(i)); g != w {
			t.Errorf("element %d: got %d, want %d", i, g, w)
		}
	}
}

func wantUints(t *testing.T, got *memref.Tensor, dt memref.DType, shape []int, want ...uint64) {
	t.Helper()
	checkShape(t, got, dt, shape, len(want))
	for i, w := range want {
		if g := got.Bits64At(i); g != w {
			t.Errorf("element %d: got %d, want %d", i, g, w)
		}
	}
}

func wantBools(t *testing.T, got *memref.Tensor, shape []int, want ...bool) {
	t.Helper()
	checkShape(t, got, memref.Bool, shape, len(want))
	for i, w := range want {
		if g := got.Data[i]; g != 0 && g != 1 || (g == 1) != w {
			t.Errorf("element %d: got byte %d, want %v", i, g, w)
		}
	}
}

var (
	inf  = math.Inf(1)
	nan  = math.NaN()
	negZ = math.Copysign(0, -1)
)
