package refeval

import (
	"context"
	"errors"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

func TestArgumentChecks(t *testing.T) {
	g := newGraph(mlir.Ranked(memref.Float32, 4, mlir.Dynamic), mlir.Unranked(memref.Int32))
	fn := g.ret(g.arg(0), g.arg(1))
	ok := tensor(t, []int{4, 2}, make([]float32, 8)...)
	anyRank := tensor(t, []int{1, 1, 1}, int32(7))
	cases := []struct {
		name string
		args []*memref.Tensor
		want string
	}{
		{"count", []*memref.Tensor{ok}, "@main takes 2 arguments, got 1"},
		{"nil", []*memref.Tensor{nil, anyRank}, "arg[0] tensor<4x?xf32>: got nil"},
		{"dtype", []*memref.Tensor{tensor(t, []int{4, 2}, make([]float64, 8)...), anyRank}, "arg[0] tensor<4x?xf32>: element type: got f64"},
		{"rank", []*memref.Tensor{vec(t, float32(1), 2, 3, 4), anyRank}, "arg[0] tensor<4x?xf32>: rank: got 1 (tensor<4xf32>)"},
		{"dim", []*memref.Tensor{tensor(t, []int{3, 2}, make([]float32, 6)...), anyRank}, "arg[0] tensor<4x?xf32>: dim 0: got 3"},
		{"unranked dtype", []*memref.Tensor{ok, vec(t, int64(1))}, "arg[1] tensor<*xi32>: element type: got i64"},
		{"invalid", []*memref.Tensor{{DType: memref.Float32, Shape: []int{4, 2}, Data: make([]byte, 4)}, anyRank}, "arg[0] tensor<4x?xf32>: tensor<4x2xf32>: data holds 4 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Eval(context.Background(), fn, nil, c.args)
			wantErr(t, err, c.want)
			if !errors.Is(err, ErrArgument) {
				t.Errorf("%v does not match ErrArgument", err)
			}
		})
	}
	// Dynamic dims accept any size, unranked any rank; returned arguments
	// come back as the same tensors.
	out, err := Eval(context.Background(), fn, nil, []*memref.Tensor{ok, anyRank})
	if err != nil {
		t.Fatal(err)
	}
	if out[0] != ok || out[1] != anyRank {
		t.Error("returned arguments are not the argument tensors")
	}
}

func TestStridedArgument(t *testing.T) {
	// A 2x3 view with column-major strides over the data 0..5: logical
	// [[0,2,4],[1,3,5]].
	x := tensor(t, []int{6}, float32(0), 1, 2, 3, 4, 5)
	x.Shape, x.Strides = []int{2, 3}, []int{1, 2}
	g := newGraph(typeOf(x))
	fn := g.ret(g.op("tf.Neg", typeOf(x), nil, g.arg(0)))
	out, err := Eval(context.Background(), fn, nil, []*memref.Tensor{x})
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[0], memref.Float32, []int{2, 3}, negZ, -2, -4, -1, -3, -5)
	if out[0].Strides != nil {
		t.Error("result is not contiguous")
	}
}

func TestFreshResults(t *testing.T) {
	x := vec(t, int32(1), 2)
	g := newGraph(typeOf(x))
	id := g.op("tf.Identity", typeOf(x), nil, g.arg(0))
	fn := g.ret(id, id, g.arg(0))
	out, err := Eval(context.Background(), fn, nil, []*memref.Tensor{x})
	if err != nil {
		t.Fatal(err)
	}
	if out[0] == x || out[1] == x || out[0] == out[1] || &out[0].Data[0] == &out[1].Data[0] {
		t.Error("results share storage")
	}
	if out[2] != x {
		t.Error("a returned argument is not the argument tensor")
	}
	wantInts(t, out[1], memref.Int32, []int{2}, 1, 2)
}

func TestUnsupportedOp(t *testing.T) {
	_, err := runOp(t, "tf.StringFormat", nil, mlir.Unranked(memref.Float32), vec(t, float32(1)))
	wantErr(t, err, "k.mlir:2:8: 'tf.StringFormat' op is not supported by the reference evaluator")
	if !errors.Is(err, mlir.ErrUnsupported) {
		t.Errorf("%v does not match mlir.ErrUnsupported", err)
	}
}

func TestDeclaredResultTypes(t *testing.T) {
	x := tensor(t, []int{2, 3}, make([]float32, 6)...)
	_, err := runOp(t, "tf.Exp", nil, mlir.Ranked(memref.Float32, 2, 4), x)
	wantErr(t, err, "k.mlir:2:8: 'tf.Exp' op result 0 is declared tensor<2x4xf32> but computes tensor<2x3xf32>: dim 1: got 3")
	_, err = runOp(t, "tf.Exp", nil, mlir.Ranked(memref.Float64, 2, 3), x)
	wantErr(t, err, "'tf.Exp' op result 0 is declared tensor<2x3xf64> but computes tensor<2x3xf32>: element type: got f32")
	_, err = runOp(t, "tf.Exp", nil, mlir.Ranked(memref.Float32, 6), x)
	wantErr(t, err, "rank: got 2")
	if _, err := runOp(t, "tf.Exp", nil, mlir.Ranked(memref.Float32, mlir.Dynamic, 3), x); err != nil {
		t.Error(err)
	}

	// The function's declared result types are checked too.
	g := newGraph(typeOf(x))
	e := g.op("tf.Exp", mlir.Unranked(memref.Float32), nil, g.arg(0))
	fn := g.ret(e)
	fn.ResultTypes[0] = mlir.Ranked(memref.Float32, 3, 2)
	_, err = Eval(context.Background(), fn, nil, []*memref.Tensor{x})
	wantErr(t, err, "k.mlir:3:3: 'func.return' op result[0] is declared tensor<3x2xf32> but computes tensor<2x3xf32>: dim 0: got 2")
}

func TestOperandCount(t *testing.T) {
	_, err := runOp(t, "tf.AddV2", nil, mlir.Unranked(memref.Float32), vec(t, float32(1)))
	wantErr(t, err, "'tf.AddV2' op expects 2 operands, got 1")
}

func TestElementLimit(t *testing.T) {
	// A splat constant of 2^27 elements is refused before it is expanded.
	typ := mlir.Ranked(memref.Float32, 1<<27)
	g := newGraph()
	c := g.op("tf.Const", typ, mlir.DictAttr{{Name: "value", Value: &mlir.DenseAttr{Type: typ, Splat: true, Value: memref.Scalar(float32(1))}}})
	fn := g.ret(c)
	_, err := Eval(context.Background(), fn, nil, nil)
	wantErr(t, err, "k.mlir:2:8: 'tf.Const' op result tensor<134217728xf32> has 134217728 elements, over the reference evaluator's limit of 67108864")
	if !errors.Is(err, ErrLimit) {
		t.Errorf("%v does not match ErrLimit", err)
	}

	// A broadcast that multiplies sizes, with a small configured limit.
	x := tensor(t, []int{100, 1}, make([]int8, 100)...)
	y := tensor(t, []int{1, 100}, make([]int8, 100)...)
	g = newGraph(typeOf(x), typeOf(y))
	fn = g.ret(g.op("tf.AddV2", mlir.Unranked(memref.Int8), nil, g.arg(0), g.arg(1)))
	_, err = Eval(context.Background(), fn, nil, []*memref.Tensor{x, y}, WithMaxElements(9999))
	wantErr(t, err, "'tf.AddV2' op result tensor<100x100xi8> has 10000 elements, over the reference evaluator's limit of 9999")
	if _, err := Eval(context.Background(), fn, nil, []*memref.Tensor{x, y}, WithMaxElements(10000)); err != nil {
		t.Error(err)
	}
	// Arguments count too.
	_, err = Eval(context.Background(), fn, nil, []*memref.Tensor{x, y}, WithMaxElements(99))
	wantErr(t, err, "arg[0] tensor<100x1xi8> has 100 elements, over the limit of 99")
	if !errors.Is(err, ErrLimit) {
		t.Errorf("%v does not match ErrLimit", err)
	}
}

func TestContextCanceled(t *testing.T) {
	x := vec(t, float32(1))
	g := newGraph(typeOf(x))
	fn := g.ret(g.op("tf.Exp", typeOf(x), nil, g.arg(0)))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Eval(ctx, fn, nil, []*memref.Tensor{x})
	wantErr(t, err, "k.mlir:2:8: 'tf.Exp' op not evaluated")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("%v does not match context.Canceled", err)
	}
}

func TestConst(t *testing.T) {
	typ := mlir.Ranked(memref.Int16, 2, 2)
	g := newGraph()
	splat := g.op("arith.constant", typ, mlir.DictAttr{{Name: "value", Value: &mlir.DenseAttr{Type: typ, Splat: true, Value: memref.Scalar(int16(-3))}}})
	dense := g.constant(tensor(t, []int{2, 2}, int16(1), 2, 3, 4))
	empty := g.constant(tensor(t, []int{0, 3}, []float32{}...))
	scalar := g.constant(memref.Scalar(true))
	sum := g.op("tf.AddV2", typ, nil, splat, dense)
	out, err := Eval(context.Background(), g.ret(sum, empty, scalar), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantInts(t, out[0], memref.Int16, []int{2, 2}, -2, -1, 0, 1)
	wantFloats(t, out[1], memref.Float32, []int{0, 3})
	wantBools(t, out[2], []int{}, true)

	bad := []struct {
		attr mlir.Attr
		want string
	}{
		{nil, "'tf.Const' op needs a dense `value` attribute"},
		{mlir.IntAttr{Value: 1}, "needs a dense `value` attribute"},
		{&mlir.DenseAttr{Type: typ, Value: memref.Scalar(float32(1)), Splat: true}, "value holds f32 elements but its type is tensor<2x2xi16>"},
		{&mlir.DenseAttr{Type: typ, Value: vec(t, int16(1), 2, 3, 4)}, "value of shape [4] for type tensor<2x2xi16>"},
		{&mlir.DenseAttr{Type: mlir.Ranked(memref.Int16, mlir.Dynamic), Value: vec(t, int16(1))}, "value type tensor<?xi16> is not static"},
	}
	for _, b := range bad {
		g := newGraph()
		var attrs mlir.DictAttr
		if b.attr != nil {
			attrs = mlir.DictAttr{{Name: "value", Value: b.attr}}
		}
		_, err := Eval(context.Background(), g.ret(g.op("tf.Const", typ, attrs)), nil, nil)
		wantErr(t, err, b.want)
	}
}

func TestChain(t *testing.T) {
	// sigmoid(x * 2 + bias) > 0.5, with a rank-0 constant broadcast.
	x := tensor(t, []int{2, 2}, float32(-1), 0, 1, 2)
	g := newGraph(typeOf(x))
	two := g.constant(memref.Scalar(float32(2)))
	m := g.op("tf.Mul", typeOf(x), nil, g.arg(0), two)
	b := g.op("tf.BiasAdd", typeOf(x), nil, m, g.constant(vec(t, float32(0.5), -0.5)))
	s := g.op("tf.Sigmoid", typeOf(x), nil, b)
	half := g.constant(memref.Scalar(float32(0.5)))
	gt := g.op("tf.Greater", mlir.Ranked(memref.Bool, 2, 2), nil, s, half)
	out, err := Eval(context.Background(), g.ret(gt, b), nil, []*memref.Tensor{x})
	if err != nil {
		t.Fatal(err)
	}
	wantBools(t, out[0], []int{2, 2}, false, false, true, true)
	wantFloats(t, out[1], memref.Float32, []int{2, 2}, -1.5, -0.5, 2.5, 3.5)
}

func TestUndefinedOperand(t *testing.T) {
	x := vec(t, float32(1))
	g := newGraph(typeOf(x))
	stray := &mlir.Value{Name: "stray", Type: typeOf(x)}
	fn := g.ret(g.op("tf.Exp", typeOf(x), nil, stray))
	_, err := Eval(context.Background(), fn, nil, []*memref.Tensor{x})
	wantErr(t, err, "'tf.Exp' op operand 0 is not defined before its use")
}

// TestConcurrentEval runs one function from many goroutines (under -race).
func TestConcurrentEval(t *testing.T) {
	x := tensor(t, []int{3, 4}, make([]float32, 12)...)
	g := newGraph(typeOf(x))
	e := g.op("tf.Exp", typeOf(x), nil, g.arg(0))
	s := g.op("tf.Sum", mlir.Ranked(memref.Float32, 3), nil, e, g.constant(vec(t, int32(1))))
	fn := g.ret(s)
	const P, N = 8, 50
	errs := make(chan error, P)
	for p := 0; p < P; p++ {
		go func() {
			for i := 0; i < N; i++ {
				out, err := Eval(context.Background(), fn, nil, []*memref.Tensor{x})
				if err == nil && out[0].Float64At(2) != 4 {
					err = errors.New("wrong sum")
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for p := 0; p < P; p++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

func TestPerturbation(t *testing.T) {
	f32 := mlir.Ranked(memref.Float32, 3)
	g := newGraph(f32)
	e := g.op("tf.Exp", f32, nil, g.arg(0))
	fn := g.ret(e)
	x := vec(t, float32(0), 1, 85)
	ctx := context.Background()
	plain, err := Eval(ctx, fn, nil, []*memref.Tensor{x})
	if err != nil {
		t.Fatal(err)
	}
	same, err := Eval(ctx, fn, nil, []*memref.Tensor{x}, WithPerturbation(0))
	if err != nil {
		t.Fatal(err)
	}
	up, err := Eval(ctx, fn, nil, []*memref.Tensor{x}, WithPerturbation(4))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := memref.Values[float32](plain[0])
	s, _ := memref.Values[float32](same[0])
	u, _ := memref.Values[float32](up[0])
	for i := range p {
		if s[i] != p[i] {
			t.Errorf("[%d]: perturbation 0 changed %v to %v", i, p[i], s[i])
		}
		// exp(0) = 1 moves by 4 ULPs of 1 (2⁻²³ each); the others by about
		// as many of their own.
		steps := (math.Float32bits(u[i]) - math.Float32bits(p[i]))
		if steps < 2 || steps > 6 {
			t.Errorf("[%d]: %v perturbed to %v: %d ULPs, want about 4", i, p[i], u[i], steps)
		}
	}
	// The argument itself is not an op result: it stays as given.
	if v, _ := memref.Values[float32](x); v[1] != 1 {
		t.Errorf("the argument changed: %v", v)
	}
}
