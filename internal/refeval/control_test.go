package refeval

import (
	"context"
	"errors"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"
	"testing"
	"time"

	"github.com/sandjit/sandjit/memref"
)

func parseModule(t *testing.T, src string) *mlir.Module {
	t.Helper()
	mod, err := mlir.Parse("k.mlir", []byte(src), mlir.DefaultParseLimits())
	if err != nil {
		t.Fatal(err)
	}
	return mod
}

func evalModule(t *testing.T, mod *mlir.Module, args []*memref.Tensor, opts ...Option) ([]*memref.Tensor, error) {
	t.Helper()
	return Eval(context.Background(), mod.Funcs[0], mod, args, opts...)
}

const ifKernel = `
func.func @main(%c: tensor<*xCT>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.If"(%c, %x) {then_branch = @then, else_branch = @else, is_stateless = true} : (tensor<*xCT>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
func.func private @then(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Neg"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
func.func private @else(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Square"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`

func TestIf(t *testing.T) {
	x := vec(t, float32(2), -3)
	cases := []struct {
		cond *memref.Tensor
		then bool
	}{
		{memref.Scalar(true), true},
		{memref.Scalar(false), false},
		{memref.Scalar(int32(-7)), true}, // a number: != 0
		{memref.Scalar(int32(0)), false},
		{memref.Scalar(float32(nan)), true},
		{memref.Scalar(float32(negZ)), false},
		{vec(t, false), true},                        // not a scalar: non-empty
		{tensor(t, []int{0, 3}, []bool{}...), false}, // empty
	}
	for i, c := range cases {
		src := replaceAll(ifKernel, "CT", c.cond.DType.String())
		out, err := evalModule(t, parseModule(t, src), []*memref.Tensor{c.cond, x})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if c.then {
			wantFloats(t, out[0], memref.Float32, []int{2}, -2, 3)
		} else {
			wantFloats(t, out[0], memref.Float32, []int{2}, 4, 9)
		}
	}
	// Shapes flow through: a zero-size argument.
	out, err := evalModule(t, parseModule(t, replaceAll(ifKernel, "CT", "i1")), []*memref.Tensor{memref.Scalar(true), tensor(t, []int{0}, []float32{}...)})
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[0], memref.Float32, []int{0})

	// Errors: a missing function, no module, a signature mismatch.
	mod := parseModule(t, replaceAll(replaceAll(ifKernel, "CT", "i1"), "@else,", "@nowhere,"))
	_, err = evalModule(t, mod, []*memref.Tensor{memref.Scalar(false), x})
	wantErr(t, err, "k.mlir:3:", "'tf.If' op calls @nowhere, which is not a function of the module")
	mod = parseModule(t, replaceAll(ifKernel, "CT", "i1"))
	_, err = Eval(context.Background(), mod.Funcs[0], nil, []*memref.Tensor{memref.Scalar(true), x})
	wantErr(t, err, "calls @then but no module was given")
	mod = parseModule(t, `
func.func @main(%c: tensor<i1>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.If"(%c, %x) {then_branch = @then, else_branch = @then} : (tensor<i1>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
func.func private @then(%x: tensor<3xf32>) -> tensor<?xf32> {
  func.return %x : tensor<3xf32>
}`)
	_, err = evalModule(t, mod, []*memref.Tensor{memref.Scalar(true), x})
	wantErr(t, err, "calls @then with argument 0 of type tensor<2xf32>, which does not fit tensor<3xf32>: dim 0: got 2")
	// An error inside the branch names the op in the branch.
	mod = parseModule(t, replaceAll(replaceAll(ifKernel, "CT", "i1"), `"tf.Neg"`, `"tf.Bogus"`))
	_, err = evalModule(t, mod, []*memref.Tensor{memref.Scalar(true), x})
	wantErr(t, err, "k.mlir:7:", "'tf.Bogus' op is not supported")
}

func TestPartitionedCallAndStateless(t *testing.T) {
	src := `
func.func @main(%c: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
  %0 = "tf.StatelessIf"(%c, %x) {then_branch = @neg, else_branch = @call} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
func.func private @call(%x: tensor<f32>) -> tensor<f32> {
  %0 = "tf.StatefulPartitionedCall"(%x) {config = "", config_proto = "", executor_type = "", f = @neg} : (tensor<f32>) -> tensor<f32>
  %1 = "tf.PartitionedCall"(%0) {f = @neg} : (tensor<f32>) -> tensor<f32>
  %2 = "tf.AddV2"(%1, %1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  func.return %2 : tensor<f32>
}
func.func private @neg(%x: tensor<f32>) -> tensor<f32> {
  %0 = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}`
	mod := parseModule(t, src)
	for _, c := range []struct {
		cond bool
		want float64
	}{{true, -3}, {false, 6}} {
		out, err := evalModule(t, mod, []*memref.Tensor{memref.Scalar(c.cond), memref.Scalar(float32(3))})
		if err != nil {
			t.Fatal(err)
		}
		wantFloats(t, out[0], memref.Float32, []int{}, c.want)
	}
}

func replaceAll(s, old, new string) string {
	out := ""
	for {
		i := indexOf(s, old)
		if i < 0 {
			return out + s
		}
		out += s[:i] + new
		s = s[i+len(old):]
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func TestRecursionBound(t *testing.T) {
	src := `
func.func @main(%c: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
  %0 = "tf.If"(%c) {then_branch = @main, else_branch = @main} : (tensor<i1>) -> tensor<f32>
  func.return %0 : tensor<f32>
}`
	mod := parseModule(t, src)
	_, err := evalModule(t, mod, []*memref.Tensor{memref.Scalar(true), memref.Scalar(float32(1))})
	wantErr(t, err, "calls @main with 0 arguments, but it takes 2")
	src = `
func.func @main(%c: tensor<i1>) -> tensor<i1> {
  %0 = "tf.If"(%c, %c) {then_branch = @main, else_branch = @main} : (tensor<i1>, tensor<i1>) -> tensor<i1>
  func.return %0 : tensor<i1>
}`
	_, err = evalModule(t, parseModule(t, src), []*memref.Tensor{memref.Scalar(true)})
	wantErr(t, err, "'tf.If' op calls @main nested more than 64 deep")
	if !errors.Is(err, ErrLimit) {
		t.Errorf("%v does not match ErrLimit", err)
	}
}

const whileKernel = `
func.func @main(%n: tensor<i32>, %x: tensor<f32>) -> (tensor<i32>, tensor<f32>) {
  %i0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r:3 = "tf.While"(%i0, %n, %x) {cond = @cond, body = @body, is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<i32>, tensor<f32>)
  func.return %r#0, %r#2 : tensor<i32>, tensor<f32>
}
func.func private @cond(%i: tensor<i32>, %n: tensor<i32>, %x: tensor<f32>) -> tensor<i1> {
  %0 = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func private @body(%i: tensor<i32>, %n: tensor<i32>, %x: tensor<f32>) -> (tensor<i32>, tensor<i32>, tensor<f32>) {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %two = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %i1 = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %x1 = "tf.Mul"(%x, %two) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  func.return %i1, %n, %x1 : tensor<i32>, tensor<i32>, tensor<f32>
}`

func TestWhile(t *testing.T) {
	mod := parseModule(t, whileKernel)
	for _, c := range []struct {
		n     int32
		wantX float64
	}{{0, 1.5}, {-3, 1.5}, {1, 3}, {5, 48}, {13, 1.5 * 8192}} {
		out, err := evalModule(t, mod, []*memref.Tensor{memref.Scalar(c.n), memref.Scalar(float32(1.5))})
		if err != nil {
			t.Fatal(err)
		}
		wantInts(t, out[0], memref.Int32, []int{}, int64(max(c.n, 0)))
		wantFloats(t, out[1], memref.Float32, []int{}, c.wantX)
	}
	// The iteration bound: 3 iterations fit a bound of 3, 4 do not.
	if _, err := evalModule(t, mod, []*memref.Tensor{memref.Scalar(int32(3)), memref.Scalar(float32(1))}, WithMaxIterations(3)); err != nil {
		t.Fatal(err)
	}
	_, err := evalModule(t, mod, []*memref.Tensor{memref.Scalar(int32(4)), memref.Scalar(float32(1))}, WithMaxIterations(3))
	wantErr(t, err, "k.mlir:4:", "'tf.While' op did not finish within 3 iterations")
	if !errors.Is(err, ErrLimit) {
		t.Errorf("%v does not match ErrLimit", err)
	}
	// ctx is checked every iteration: a practically endless loop stops at
	// the deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = Eval(ctx, mod.Funcs[0], mod, []*memref.Tensor{memref.Scalar(int32(2_000_000_000)), memref.Scalar(float32(1))})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want a deadline error", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopping took %v", d)
	}
}

func TestWhileShapeChanges(t *testing.T) {
	// x doubles in length (x ++ x) while it is shorter than n.
	src := `
func.func @main(%x: tensor<?xi8>, %n: tensor<i32>) -> tensor<?xi8> {
  %r:2 = "tf.While"(%x, %n) {cond = @cond, body = @body, is_stateless = true} : (tensor<?xi8>, tensor<i32>) -> (tensor<?xi8>, tensor<i32>)
  func.return %r#0 : tensor<?xi8>
}
func.func private @cond(%x: tensor<?xi8>, %n: tensor<i32>) -> tensor<i1> {
  %s = "tf.Shape"(%x) : (tensor<?xi8>) -> tensor<1xi32>
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %len = "tf.GatherV2"(%s, %z, %z) {batch_dims = 0 : i64} : (tensor<1xi32>, tensor<i32>, tensor<i32>) -> tensor<i32>
  %c = "tf.Less"(%len, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %c : tensor<i1>
}
func.func private @body(%x: tensor<?xi8>, %n: tensor<i32>) -> (tensor<?xi8>, tensor<i32>) {
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %y = "tf.ConcatV2"(%x, %x, %z) : (tensor<?xi8>, tensor<?xi8>, tensor<i32>) -> tensor<?xi8>
  func.return %y, %n : tensor<?xi8>, tensor<i32>
}`
	mod := parseModule(t, src)
	out, err := evalModule(t, mod, []*memref.Tensor{vec(t, int8(1), 2, 3), memref.Scalar(int32(7))})
	if err != nil {
		t.Fatal(err)
	}
	wantInts(t, out[0], memref.Int8, []int{12}, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3)
	// The element limit applies inside loops: 3·2^k outgrows 1000 elements.
	_, err = evalModule(t, mod, []*memref.Tensor{vec(t, int8(1), 2, 3), memref.Scalar(int32(1 << 30))}, WithMaxElements(1000))
	wantErr(t, err, "'tf.ConcatV2' op result tensor<1536xi8> has 1536 elements, over the reference evaluator's limit of 1000")
}

func TestWhileRegion(t *testing.T) {
	// testdata/parse/ok_while_region.mlir: i counts up to a captured limit
	// of 10 while x is squared.
	src := `func.func @loop(%arg0: tensor<i32>, %arg1: tensor<f32>) -> (tensor<i32>, tensor<f32>) {
  %limit = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %0:2 = "tf.WhileRegion"(%arg0, %arg1) ({
  ^bb0(%i: tensor<i32>, %x: tensor<f32>):
    %c = "tf.Less"(%i, %limit) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32> loc("body.py":3:1), %x: tensor<f32>):
    %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %next = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %y = "tf.Mul"(%x, %x) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "tf.Yield"(%next, %y) : (tensor<i32>, tensor<f32>) -> ()
  }) {is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
  return %0#0, %0#1 : tensor<i32>, tensor<f32>
}`
	mod := parseModule(t, src)
	out, err := evalModule(t, mod, []*memref.Tensor{memref.Scalar(int32(7)), memref.Scalar(float32(2))})
	if err != nil {
		t.Fatal(err)
	}
	wantInts(t, out[0], memref.Int32, []int{}, 10)
	wantFloats(t, out[1], memref.Float32, []int{}, 256)
	out, err = evalModule(t, mod, []*memref.Tensor{memref.Scalar(int32(11)), memref.Scalar(float32(2))})
	if err != nil {
		t.Fatal(err)
	}
	wantInts(t, out[0], memref.Int32, []int{}, 11)
	wantFloats(t, out[1], memref.Float32, []int{}, 2)
	_, err = evalModule(t, mod, []*memref.Tensor{memref.Scalar(int32(0)), memref.Scalar(float32(2))}, WithMaxIterations(9))
	wantErr(t, err, "'tf.WhileRegion' op did not finish within 9 iterations")
}

func TestIfRegion(t *testing.T) {
	// testdata/parse/ok_region_scoping.mlir, with a value captured from
	// outside and names reused in sibling regions.
	src := `func.func @scopes(%c: tensor<i1>, %v: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %r = "tf.IfRegion"(%c) ({
    %r = "tf.Neg"(%v) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%r) : (tensor<f32>) -> ()
  }, {
    %r = "tf.Abs"(%v) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%r) : (tensor<f32>) -> ()
  }) {is_stateless = false} : (tensor<i1>) -> tensor<f32>
  %e = "tf.IfRegion"(%c) ({
    "tf.Yield"(%r) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%v) : (tensor<f32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  return %r, %e : tensor<f32>, tensor<f32>
}`
	mod := parseModule(t, src)
	out, err := evalModule(t, mod, []*memref.Tensor{memref.Scalar(true), memref.Scalar(float32(-3))})
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[0], memref.Float32, []int{}, 3)
	wantFloats(t, out[1], memref.Float32, []int{}, 3)
	out, err = evalModule(t, mod, []*memref.Tensor{memref.Scalar(false), memref.Scalar(float32(-3))})
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[0], memref.Float32, []int{}, 3)
	wantFloats(t, out[1], memref.Float32, []int{}, -3)
	// A region without a tf.Yield (the parser accepts it) is an error when run.
	src = `func.func @f(%c: tensor<i1>, %v: tensor<f32>) -> tensor<f32> {
  %e = "tf.IfRegion"(%c) ({
    "tf.Yield"(%v) : (tensor<f32>) -> ()
  }, {
  }) {is_stateless = true} : (tensor<i1>) -> tensor<f32>
  return %e : tensor<f32>
}`
	mod = parseModule(t, src)
	_, err = evalModule(t, mod, []*memref.Tensor{memref.Scalar(false), memref.Scalar(float32(1))})
	wantErr(t, err, "'tf.IfRegion' op has a region that does not end with tf.Yield")
	out, err = evalModule(t, mod, []*memref.Tensor{memref.Scalar(true), memref.Scalar(float32(1))})
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[0], memref.Float32, []int{}, 1)
}

func TestFusedBatchNorm(t *testing.T) {
	// numpy 1.24: y = ((x - mean) · scale / sqrt(var + eps) + offset) in
	// float64, rounded to f32; training uses the batch statistics.
	x := tensor(t, []int{2, 2, 3, 3}, float32(-1.6680409908294678), 2.224393844604492, -1.7596850395202637, 2.5116653442382812, -0.0695328637957573, 0.6704632043838501, 1.5954471826553345, 0.11050792783498764, -1.2191970348358154, -1.873672604560852, -2.515552282333374, 1.430641770362854, -0.35214465856552124, -2.050140857696533, 2.2796220779418945, -1.3554812669754028, -0.5145899057388306, -1.2235203981399536, 0.7727274298667908, 0.4790268540382385, 0.5995751619338989, -1.4050853252410889, -1.2918846607208252, -1.478470802307129, -1.0346163511276245, -2.135014295578003, -2.0063228607177734, 2.783583164215088, 2.7613604068756104, -1.8695120811462402, -2.8541605472564697, -1.7726666927337646, 1.199061632156372, 1.6770875453948975, -2.8624014854431152, 0.46597716212272644)
	xc := tensor(t, []int{2, 3, 2, 3}, float32(-1.6680409908294678), 2.5116653442382812, 1.5954471826553345, -1.873672604560852, -0.35214465856552124, -1.3554812669754028, 2.224393844604492, -0.0695328637957573, 0.11050792783498764, -2.515552282333374, -2.050140857696533, -0.5145899057388306, -1.7596850395202637, 0.6704632043838501, -1.2191970348358154, 1.430641770362854, 2.2796220779418945, -1.2235203981399536, 0.7727274298667908, -1.4050853252410889, -1.0346163511276245, 2.783583164215088, -2.8541605472564697, 1.6770875453948975, 0.4790268540382385, -1.2918846607208252, -2.135014295578003, 2.7613604068756104, -1.7726666927337646, -2.8624014854431152, 0.5995751619338989, -1.478470802307129, -2.0063228607177734, -1.8695120811462402, 1.199061632156372, 0.46597716212272644)
	scale, offset := vec(t, float32(1.5), -0.5, 2), vec(t, float32(0.25), 1, -1)
	mean, variance := vec(t, float32(0.5), -1, 0), vec(t, float32(4), 0.25, 1)
	wantY := []float64{-1.3758275508880615, -2.2179644107818604, -4.517611503601074, 1.7585604190826416, 0.07138823717832565, 0.3402564525604248, 1.0714826583862305, -0.1082935556769371, -3.437175750732422, -1.5300319194793701, 2.5125303268432617, 1.859853982925415, -0.3890286087989807, 2.048046827316284, 3.5569663047790527, -1.14143705368042, 0.5155578255653381, -3.4458181858062744, 0.45452001690864563, -0.4760776460170746, 0.19855119287967682, -1.1786354780197144, 1.2913026809692383, -3.9554641246795654, -0.900818407535553, 2.132750988006592, -5.010641098022461, 1.9624732732772827, -2.7538602352142334, -4.737155914306641, -2.265305995941162, 1.7711260318756104, 1.3969250917434692, 1.1327053308486938, 2.8586878776550293, -0.06851130723953247}
	wantYc := []float64{-1.3758275508880615, 1.7585604190826416, 1.0714826583862305, -1.5300319194793701, -0.3890286087989807, -1.14143705368042, -2.2179644107818604, 0.07138823717832565, -0.1082935556769371, 2.5125303268432617, 2.048046827316284, 0.5155578255653381, -4.517611503601074, 0.3402564525604248, -3.437175750732422, 1.859853982925415, 3.5569663047790527, -3.4458181858062744, 0.45452001690864563, -1.1786354780197144, -0.900818407535553, 1.9624732732772827, -2.265305995941162, 1.1327053308486938, -0.4760776460170746, 1.2913026809692383, 2.132750988006592, -2.7538602352142334, 1.7711260318756104, 2.8586878776550293, 0.19855119287967682, -3.9554641246795654, -5.010641098022461, -4.737155914306641, 1.3969250917434692, -0.06851130723953247}

	run := func(x *memref.Tensor, attrs mlir.DictAttr, name string, nres int, r5 mlir.TensorType) ([]*memref.Tensor, error) {
		types := []mlir.TensorType{typeOf(x), typeOf(scale), typeOf(scale), typeOf(scale), typeOf(scale)}
		g := newGraph(types...)
		g.line++
		op := &mlir.Op{Name: name, Pos: mlir.Pos{File: "k.mlir", Line: g.line, Col: 8}, Attrs: attrs,
			Operands: []*mlir.Value{g.arg(0), g.arg(1), g.arg(2), g.arg(3), g.arg(4)}}
		for i := 0; i < nres; i++ {
			rt := mlir.Unranked(memref.Float32)
			if i == 0 {
				rt = mlir.Unranked(x.DType)
			}
			if i == 5 {
				rt = r5
			}
			op.Results = append(op.Results, &mlir.Value{ID: g.fn.NumValues, Name: "r", Type: rt, Def: op, Index: i})
			g.fn.NumValues++
		}
		g.fn.Ops = append(g.fn.Ops, op)
		fn := g.ret(op.Results...)
		return Eval(context.Background(), fn, nil, []*memref.Tensor{x, scale, offset, mean, variance})
	}
	infer := mlir.DictAttr{{Name: "epsilon", Value: mlir.FloatAttr{Value: 0.001, Type: "f32"}}, {Name: "is_training", Value: mlir.BoolAttr(false)}}
	out, err := run(x, infer, "tf.FusedBatchNormV3", 6, mlir.Unranked(memref.Float32))
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[0], memref.Float32, []int{2, 2, 3, 3}, wantY...)
	wantFloats(t, out[1], memref.Float32, []int{3}, 0.5, -1, 0)
	wantFloats(t, out[2], memref.Float32, []int{3}, 4, 0.25, 1)
	wantFloats(t, out[3], memref.Float32, []int{3}, 0.5, -1, 0)
	wantFloats(t, out[4], memref.Float32, []int{3}, 4, 0.25, 1)
	wantFloats(t, out[5], memref.Float32, []int{}, 0)
	// reserve_space_3 declared rank 1 is empty.
	out, err = run(x, infer, "tf.FusedBatchNormV3", 6, mlir.Ranked(memref.Float32, mlir.Dynamic))
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[5], memref.Float32, []int{0})
	// NCHW holds the same data transposed.
	nchw := append(infer, mlir.NamedAttr{Name: "data_format", Value: mlir.StringAttr("NCHW")})
	out, err = run(xc, nchw, "tf.FusedBatchNormV2", 5, mlir.TensorType{})
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[0], memref.Float32, []int{2, 3, 2, 3}, wantYc...)
	// Training (the default): batch mean and biased variance for y; the
	// running variance has Bessel's correction (n = 12).
	train := mlir.DictAttr{{Name: "epsilon", Value: mlir.FloatAttr{Value: 0.001, Type: "f32"}}}
	out, err = run(x, train, "tf.FusedBatchNormV3", 6, mlir.Unranked(memref.Float32))
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[0], memref.Float32, []int{2, 2, 3, 3}, -1.0487091541290283, 0.17793455719947815, -3.110609292984009, 2.413572311401367, 0.8371133804321289, 0.2703089714050293, 1.654618263244629, 0.7853771448135376, -2.358660936355591, -1.2190451622009277, 1.5399972200393677, 1.32789945602417, 0.041320424526929855, 1.4062575101852417, 2.5090343952178955, -0.7897986769676208, 0.9650042057037354, -2.364675760269165, 0.9731140732765198, 0.6794801950454712, 0.17168672382831573, -0.8308884501457214, 1.1883662939071655, -2.7193729877471924, -0.524008572101593, 1.430646538734436, -3.4537415504455566, 2.6388168334960938, 0.023632781580090523, -3.2634048461914062, -2.0312373638153076, 1.326522946357727, 1.0057159662246704, 1.722245454788208, 1.639667272567749, -0.014180083759129047)
	wantFloats(t, out[1], memref.Float32, []int{3}, -0.10022425651550293, -0.6363744735717773, -0.24261394143104553)
	wantFloats(t, out[2], memref.Float32, []int{3}, 3.5760650634765625, 3.3017008304595947, 2.253380537033081)
	wantFloats(t, out[3], memref.Float32, []int{3}, -0.10022425651550293, -0.6363744735717773, -0.24261394143104553)
	wantFloats(t, out[4], memref.Float32, []int{3}, 3.278059482574463, 3.0265588760375977, 2.065598964691162)
	// An empty x gives NaN statistics.
	e := tensor(t, []int{0, 2, 2, 3}, []float32{}...)
	out, err = run(e, infer, "tf.FusedBatchNormV3", 6, mlir.Unranked(memref.Float32))
	if err != nil {
		t.Fatal(err)
	}
	wantFloats(t, out[0], memref.Float32, []int{0, 2, 2, 3})
	wantFloats(t, out[1], memref.Float32, []int{3}, nan, nan, nan)
	// f16 x with f32 parameters: computed in float64, rounded once to f16.
	xh := f16s(t, []int{1, 1, 1, 3}, 2.5, -1, 0)
	out, err = run(xh, infer, "tf.FusedBatchNormV3", 6, mlir.Unranked(memref.Float32))
	if err != nil {
		t.Fatal(err)
	}
	eps := float64(float32(0.001))
	wantFloats(t, out[0], memref.Float16, []int{1, 1, 1, 3}, refmath.RoundF16((2.5-0.5)*1.5/math.Sqrt(4+eps)+0.25),
		refmath.RoundF16(0*-0.5/math.Sqrt(0.25+eps)+1), refmath.RoundF16(0*2/math.Sqrt(1+eps)-1))
	// Errors.
	_, err = run(tensor(t, []int{2, 3}, make([]float32, 6)...), infer, "tf.FusedBatchNormV3", 6, mlir.Unranked(memref.Float32))
	wantErr(t, err, "input must be 4 or 5-dimensional[2,3]")
	_, err = run(tensor(t, []int{1, 1, 1, 2}, make([]float32, 2)...), infer, "tf.FusedBatchNormV3", 6, mlir.Unranked(memref.Float32))
	wantErr(t, err, "scale must have the same number of elements as the channels of x, got 3 and 2")
	_, err = run(x, append(infer, mlir.NamedAttr{Name: "data_format", Value: mlir.StringAttr("HWCN")}), "tf.FusedBatchNormV3", 6, mlir.Unranked(memref.Float32))
	wantErr(t, err, "Invalid data format \"HWCN\"")
	_, err = run(x, infer, "tf.FusedBatchNormV3", 5, mlir.TensorType{})
	wantErr(t, err, "'tf.FusedBatchNormV3' op expects 6 results, got 5")
}
