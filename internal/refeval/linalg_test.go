package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// linalgNumpy holds inputs and numpy 1.24 results (np.matmul, np.einsum,
// and a direct-loop NHWC convolution with TensorFlow's padding rules) for
// small-integer inputs, so every result is exact in any float type.
var linalgNumpy = map[string]struct {
	shape []int
	vals  []float64
}{
	"A":                         {[]int{7, 13}, []float64{-4, -3, 3, -3, 3, -2, 4, -4, -4, 0, -2, -3, 1, 1, 3, 0, -3, 4, 4, -3, -1, 2, -2, -2, -4, -4, 3, 2, 1, 3, 3, -4, 4, -4, 4, 1, 1, 3, -2, -1, -3, -4, -1, 4, 3, -3, 0, 4, -2, -4, -1, 1, 2, -3, -2, -4, -4, 4, 4, 0, -3, -3, -2, 4, -1, -4, 0, -2, -2, 4, 2, 3, -2, 3, 2, 0, 2, 0, 0, -3, 1, 2, 0, -3, -3, 0, 3, -1, 1, -1, -1}},
	"B":                         {[]int{13, 3}, []float64{-3, 2, 4, -3, -3, 3, 0, 4, 1, 1, -2, 1, 3, -4, -3, -4, 1, 3, 0, 2, -2, 0, -2, 3, -3, -3, 1, -3, -1, -1, -2, -1, -1, -2, -4, -2, -1, -4, 4}},
	"A@B":                       {[]int{7, 3}, []float64{56, 43, -52, -3, 13, 11, -8, -20, -31, 14, -32, 1, -14, 43, -1, -5, -35, -41, 18, -1, -8}},
	"X":                         {[]int{2, 1, 2, 3}, []float64{-1, 3, -2, 3, -2, -2, 2, -3, -3, 2, 1, -3}},
	"Y":                         {[]int{3, 3, 2}, []float64{4, -3, 4, 2, -2, 2, -3, 2, 4, -2, -1, 0, 0, 1, -1, -3, 1, 4}},
	"X@Y":                       {[]int{2, 3, 2, 2}, []float64{12, 5, 8, -17, 17, -8, -15, 10, -5, -18, 0, 1, 2, -18, 18, -10, -15, 10, 1, 2, 0, -1, -4, -13}},
	"XT":                        {[]int{2, 1, 3, 2}, []float64{1, -2, -4, 3, -3, -4, -4, -3, -2, -2, 2, -1}},
	"YT":                        {[]int{3, 2, 3}, []float64{-3, -4, -4, -3, 3, 4, 4, 3, -1, 0, -4, -3, 1, 2, 3, 3, 1, -4}},
	"XT^T@YT^T":                 {[]int{2, 3, 2, 2}, []float64{25, -27, 10, -1, -5, 25, 5, 0, -16, 11, -8, 13, 12, 14, 21, -1, -24, 2, -17, 11, -2, -22, -10, -7}},
	"P":                         {[]int{2, 3}, []float64{-1, -3, 0, -1, 3, 4}},
	"Q":                         {[]int{3, 4}, []float64{4, 3, -4, -1, -4, -1, -3, 2, 0, -1, 1, -3}},
	"SQ":                        {[]int{3, 3}, []float64{-2, 0, 3, 3, -4, 0, 2, -3, -3}},
	"V":                         {[]int{3}, []float64{1, -1, 4}},
	"W":                         {[]int{4}, []float64{2, 0, 1, -2}},
	"einsum ij,jk->ik":          {[]int{2, 4}, []float64{8, 0, 13, -5, -16, -10, -1, -5}},
	"einsum ii->i":              {[]int{3}, []float64{-2, -4, -3}},
	"einsum ij->ji":             {[]int{3, 2}, []float64{-1, -1, -3, 3, 0, 4}},
	"einsum ij->":               {[]int{}, []float64{2}},
	"einsum i,i->":              {[]int{}, []float64{18}},
	"einsum i,j->ij":            {[]int{3, 4}, []float64{2, 0, 1, -2, -2, 0, -1, 2, 8, 0, 4, -8}},
	"einsum ij,jk":              {[]int{2, 4}, []float64{8, 0, 13, -5, -16, -10, -1, -5}},
	"einsum ij,ij->i":           {[]int{2}, []float64{10, 26}},
	"einsum ii":                 {[]int{}, []float64{-9}},
	"einsum ji,jk->ik":          {[]int{3, 4}, []float64{-20, -11, 1, 2, 16, 7, 9, 1, 12, 12, -15, 6}},
	"E1":                        {[]int{2, 1, 2, 3}, []float64{2, -4, -1, 1, -1, 2, 2, -3, 0, -2, 2, 4}},
	"E2":                        {[]int{3, 3, 2}, []float64{-4, 1, 2, -3, 3, 0, 0, -2, -1, 4, 3, 0, 1, -2, 3, -2, 2, 0}},
	"einsum ...ij,...jk->...ik": {[]int{2, 3, 2, 2}, []float64{-19, 14, 0, 4, 1, -20, 7, -6, -12, 4, 2, 0, -14, 11, 24, -8, 3, -16, 10, 12, -7, 2, 12, 0}},
	"einsum ...ij->...":         {[]int{2, 1}, []float64{-1, 3}},
	"einsum ...ij->...j":        {[]int{2, 1, 3}, []float64{3, -5, 1, 0, -1, 4}},
	"Q4":                        {[]int{2, 2, 3, 4}, []float64{-2, 2, -3, -2, -2, 1, -3, 0, 0, 2, -2, 2, -4, -4, 1, 3, 2, 3, 0, -2, -1, -4, 0, -1, -3, -3, -4, -2, -4, -1, 4, -3, 0, 2, -3, -2, -4, 2, 1, 0, 1, 3, 2, 2, 1, 4, 1, -3}},
	"K4":                        {[]int{2, 2, 5, 4}, []float64{-3, 1, -1, -3, 3, 3, 4, 1, 1, 0, 1, 2, 1, -4, -4, -3, 4, -2, -4, 4, 3, 1, 4, 0, -2, 1, -1, 0, 3, 1, -4, -2, 3, 1, 3, 2, 2, 1, 4, 0, 2, 1, -3, 4, 1, 1, -2, 0, 2, -1, 3, -3, -1, 0, -4, 4, 1, -2, -4, 0, 2, -2, 0, -1, -2, -2, 0, 2, -3, -1, 3, -3, -4, -4, -4, -1, 4, -2, -3, 2}},
	"einsum bhqd,bhkd->bhqk":    {[]int{2, 2, 3, 5}, []float64{17, -14, -9, 8, -8, 10, -15, -5, 6, 2, -2, 0, 2, -6, 12, -12, 3, -26, -7, -8, 9, -1, 13, 5, 7, -7, -2, -5, -9, -6, -5, 2, -9, 11, 19, -33, -13, 14, -24, -18, 3, 8, -5, 4, 8, -12, 4, 13, 4, -23, -6, -4, -6, -26, -4, -3, -16, 5, -21, -13}},
	"CX":                        {[]int{1, 5, 7, 2}, []float64{3, -4, 1, 3, -1, -1, 3, -1, 3, 1, 0, 2, -1, 0, 2, 0, 0, 0, 2, -2, 4, -4, 1, 1, -2, 0, -2, -4, 3, 4, 4, 2, 0, 4, 3, -4, -2, 2, 4, 4, 1, -3, 3, -1, -3, 1, -2, 0, -1, 2, 4, 4, -1, 2, 3, 2, -2, -1, -4, 2, 0, -3, 2, -1, 0, 1, -2, 3, 4, 4}},
	"CF":                        {[]int{3, 3, 2, 3}, []float64{3, -1, -1, 0, 1, -3, 4, 1, 0, -1, -4, 0, -4, -2, 4, 0, 1, 1, 4, 0, -1, 4, 3, -3, -4, -3, -2, -3, -3, -2, 2, 0, -3, -1, -4, 4, 4, 1, -3, 4, -3, -3, -4, 1, -4, 3, -1, 0, -2, -4, 2, 1, 1, -2}},
	"conv SAME s1":              {[]int{1, 5, 7, 3}, []float64{-9, -7, 3, -16, -28, 2, 4, 3, -11, -41, 0, -21, -6, 1, -8, 24, -3, -1, 0, 9, 10, -2, -1, -5, 50, -12, -57, 24, -8, -31, -7, -3, -10, 15, -22, 23, 18, 2, -28, 27, 15, -20, -18, -10, -38, 27, -20, -5, 20, 6, -23, 30, 5, 23, 29, -36, -12, 18, -29, -69, 25, 28, -25, -9, -12, 23, 43, -4, 30, -30, -43, 25, -4, 23, -15, -31, -32, 6, 53, -32, -17, 5, -7, -50, 26, 15, 15, 5, 8, -11, -7, 25, -8, -46, -27, 33, 7, -23, 10, 1, -29, -3, -17, -17, -28}},
	"conv VALID s2":             {[]int{1, 2, 3, 3}, []float64{50, -12, -57, -7, -3, -10, 18, 2, -28, 43, -4, 30, -4, 23, -15, 53, -32, -17}},
	"conv SAME s2":              {[]int{1, 3, 4, 3}, []float64{-9, -7, 3, 4, 3, -11, -6, 1, -8, 0, 9, 10, -18, -10, -38, 20, 6, -23, 29, -36, -12, 25, 28, -25, 26, 15, 15, -7, 25, -8, 7, -23, 10, -17, -17, -28}},
	"conv EXPLICIT (1,0),(2,1) s(1,2) d(2,1)": {[]int{1, 2, 4, 3}, []float64{-3, -13, 2, 41, 18, -14, -5, -27, 15, 54, 4, -28, -7, -19, 13, 23, -47, 24, -14, 22, 20, 5, -34, -40}},
	"GX":                 {[]int{1, 3, 3, 4}, []float64{-4, 4, 1, 3, -4, 2, -4, -3, 1, -3, 4, 2, 2, -3, 4, 3, 3, -2, -3, 2, -2, 0, 3, -4, -1, -3, 3, -2, 1, 2, -4, -4, 0, -3, 2, 3}},
	"GF":                 {[]int{2, 2, 2, 4}, []float64{-4, 0, -2, 4, 2, -3, 1, 1, -1, -3, 4, 3, -4, -2, 3, 2, 1, -1, 1, -4, 4, 3, 3, 4, -3, -2, -4, 2, 0, 2, -1, 0}},
	"conv grouped VALID": {[]int{1, 2, 2, 4}, []float64{1, -25, -1, -21, 32, -8, 22, 23, -25, -2, 6, -14, -5, 11, -19, -5}},
}

// npTensor builds the tensor called name of linalgNumpy in dtype dt.
func npTensor(t *testing.T, name string, dt memref.DType) *memref.Tensor {
	t.Helper()
	d, ok := linalgNumpy[name]
	if !ok {
		t.Fatalf("no numpy data %q", name)
	}
	x, err := memref.New(dt, d.shape)
	if err != nil {
		t.Fatal(err)
	}
	a := newArray(dt, d.shape)
	for i, v := range d.vals {
		switch kindOf(dt) {
		case kFloat:
			a.f[i] = v
		case kSigned:
			a.s[i] = int64(v)
		case kUnsigned:
			a.u[i] = uint64(v)
		}
	}
	copy(x.Data, store(a).Data)
	return x
}

// wantNumpy compares got with numpy result name (converted to dt).
func wantNumpy(t *testing.T, got *memref.Tensor, name string, dt memref.DType) {
	t.Helper()
	want := npTensor(t, name, dt)
	checkShape(t, got, dt, want.Shape, want.Len())
	for i := 0; i < want.Len(); i++ {
		if got.Bits64At(i) != want.Bits64At(i) {
			t.Fatalf("%s: element %d: got %v, want %v", name, i, got.Float64At(i), want.Float64At(i))
		}
	}
}

func boolAttrs(kv ...any) mlir.DictAttr {
	var d mlir.DictAttr
	for i := 0; i < len(kv); i += 2 {
		d = append(d, mlir.NamedAttr{Name: kv[i].(string), Value: mlir.BoolAttr(kv[i+1].(bool))})
	}
	return d
}

func TestMatMul(t *testing.T) {
	for _, dt := range []memref.DType{memref.Float32, memref.Float64, memref.Float16, memref.Int32, memref.Int64, memref.Int16} {
		a, b := npTensor(t, "A", dt), npTensor(t, "B", dt)
		wantNumpy(t, mustOp(t, "tf.MatMul", nil, dt, a, b), "A@B", dt)
	}
	// transpose_a / transpose_b read the operands transposed.
	a := tensor(t, []int{3, 2}, float32(1), 2, 3, 4, 5, 6) // aᵀ = [[1,3,5],[2,4,6]]
	b := tensor(t, []int{2, 3}, float32(1), 0, 1, 0, 1, 1) // bᵀ = [[1,0],[0,1],[1,1]]
	got := mustOp(t, "tf.MatMul", boolAttrs("transpose_a", true, "transpose_b", true), memref.Float32, a, b)
	wantFloats(t, got, memref.Float32, []int{2, 2}, 6, 8, 8, 10)
	got = mustOp(t, "tf.MatMul", boolAttrs("transpose_a", true), memref.Float32, a, tensor(t, []int{3, 1}, float32(1), 1, 1))
	wantFloats(t, got, memref.Float32, []int{2, 1}, 9, 12)
	// Float sums are exact in float64 and rounded once: (2^24 + 1) - 2^24 in f32.
	got = mustOp(t, "tf.MatMul", nil, memref.Float32, tensor(t, []int{1, 3}, float32(1<<24), 1, -(1<<24)), tensor(t, []int{3, 1}, float32(1), 1, 1))
	wantFloats(t, got, memref.Float32, []int{1, 1}, 1)
	// Integers wrap; NaN and Inf propagate.
	got = mustOp(t, "tf.MatMul", nil, memref.Int8, tensor(t, []int{1, 2}, int8(100), 100), tensor(t, []int{2, 1}, int8(2), 1))
	wantInts(t, got, memref.Int8, []int{1, 1}, 44)
	got = mustOp(t, "tf.MatMul", nil, memref.Float64, tensor(t, []int{2, 1}, inf, nan), tensor(t, []int{1, 2}, 0.0, 1))
	wantFloats(t, got, memref.Float64, []int{2, 2}, nan, inf, nan, nan)
	// Zero-size: k = 0 gives zeros, m = 0 nothing.
	got = mustOp(t, "tf.MatMul", nil, memref.Float32, tensor(t, []int{2, 0}, []float32{}...), tensor(t, []int{0, 3}, []float32{}...))
	wantFloats(t, got, memref.Float32, []int{2, 3}, 0, 0, 0, 0, 0, 0)
	got = mustOp(t, "tf.MatMul", nil, memref.Float32, tensor(t, []int{0, 7}, []float32{}...), tensor(t, []int{7, 1}, make([]float32, 7)...))
	wantFloats(t, got, memref.Float32, []int{0, 1})
	_, err := runOp(t, "tf.MatMul", nil, mlir.Unranked(memref.Float32), a, a)
	wantErr(t, err, "'tf.MatMul' op Matrix size-incompatible: In[0]: [3,2], In[1]: [3,2]")
	_, err = runOp(t, "tf.MatMul", nil, mlir.Unranked(memref.Float32), vec(t, float32(1)), a)
	wantErr(t, err, "In[0] and In[1] must be matrices: [1] and [3,2]")
	_, err = runOp(t, "tf.MatMul", nil, mlir.Unranked(memref.Bool), tensor(t, []int{1, 1}, true), tensor(t, []int{1, 1}, true))
	wantErr(t, err, "does not support element type i1")
}

func TestBatchMatMul(t *testing.T) {
	for _, dt := range []memref.DType{memref.Float32, memref.Int32} {
		x, y := npTensor(t, "X", dt), npTensor(t, "Y", dt) // [2,1,2,3] · [3,3,2]: batch dims [2,1] and [3] broadcast to [2,3]
		wantNumpy(t, mustOp(t, "tf.BatchMatMulV2", nil, dt, x, y), "X@Y", dt)
		xt, yt := npTensor(t, "XT", dt), npTensor(t, "YT", dt)
		wantNumpy(t, mustOp(t, "tf.BatchMatMulV2", boolAttrs("adj_x", true, "adj_y", true), dt, xt, yt), "XT^T@YT^T", dt)
	}
	// Rank 2 is MatMul; an empty batch gives an empty result.
	got := mustOp(t, "tf.BatchMatMulV2", nil, memref.Float64, tensor(t, []int{1, 2}, 1.0, 2), tensor(t, []int{2, 1}, 3.0, 4))
	wantFloats(t, got, memref.Float64, []int{1, 1}, 11)
	got = mustOp(t, "tf.BatchMatMulV2", nil, memref.Float64, tensor(t, []int{0, 1, 2}, []float64{}...), tensor(t, []int{2, 1}, 3.0, 4))
	wantFloats(t, got, memref.Float64, []int{0, 1, 1})
	_, err := runOp(t, "tf.BatchMatMulV2", nil, mlir.Unranked(memref.Float64), tensor(t, []int{2, 1, 2}, 1.0, 2, 3, 4), tensor(t, []int{3, 2, 1}, 1.0, 2, 3, 4, 5, 6))
	wantErr(t, err, "In[0] and In[1] must have compatible batch dimensions: [2,1,2] vs. [3,2,1]")
	_, err = runOp(t, "tf.BatchMatMulV2", nil, mlir.Unranked(memref.Float64), vec(t, 1.0), tensor(t, []int{1, 1}, 1.0))
	wantErr(t, err, "In[0] ndims must be >= 2: 1")
}

func TestFusedMatMul(t *testing.T) {
	a := tensor(t, []int{2, 2}, float32(1), -2, 3, 4)
	b := tensor(t, []int{2, 2}, float32(1), 0, 0, 1)
	bias := vec(t, float32(-2), 0.5)
	fused := func(ops ...string) mlir.DictAttr {
		arr := mlir.ArrayAttr{}
		for _, o := range ops {
			arr = append(arr, mlir.StringAttr(o))
		}
		return mlir.DictAttr{{Name: "fused_ops", Value: arr}, {Name: "num_args", Value: mlir.IntAttr{Value: 1}}}
	}
	wantFloats(t, mustOp(t, "tf._FusedMatMul", fused("BiasAdd"), memref.Float32, a, b, bias), memref.Float32, []int{2, 2}, -1, -1.5, 1, 4.5)
	wantFloats(t, mustOp(t, "tf._FusedMatMul", fused("BiasAdd", "Relu"), memref.Float32, a, b, bias), memref.Float32, []int{2, 2}, 0, 0, 1, 4.5)
	wantFloats(t, mustOp(t, "tf._FusedMatMul", fused("BiasAdd", "Relu6"), memref.Float32, a, b, bias), memref.Float32, []int{2, 2}, 0, 0, 1, 4.5)
	r := func(v float64) float64 { return float64(float32(v)) }
	wantFloats(t, mustOp(t, "tf._FusedMatMul", fused("BiasAdd", "Elu"), memref.Float32, a, b, bias), memref.Float32, []int{2, 2},
		r(math.Expm1(-1)), r(math.Expm1(-1.5)), 1, 4.5)
	attrs := append(fused("BiasAdd", "LeakyRelu"), mlir.NamedAttr{Name: "leakyrelu_alpha", Value: mlir.FloatAttr{Value: 0.5, Type: "f32"}})
	wantFloats(t, mustOp(t, "tf._FusedMatMul", attrs, memref.Float32, a, b, bias), memref.Float32, []int{2, 2}, -0.5, -0.75, 1, 4.5)
	attrs = append(fused("BiasAdd"), boolAttrs("transpose_a", true)...)
	wantFloats(t, mustOp(t, "tf._FusedMatMul", attrs, memref.Float32, a, b, bias), memref.Float32, []int{2, 2}, -1, 3.5, -4, 4.5)
	// Each stage rounds: (2^24 + 1) rounds to 2^24 before the bias -2^24 is added.
	got := mustOp(t, "tf._FusedMatMul", fused("BiasAdd"), memref.Float32, tensor(t, []int{1, 2}, float32(1<<24), 1), tensor(t, []int{2, 1}, float32(1), 1),
		vec(t, float32(-(1<<24))))
	wantFloats(t, got, memref.Float32, []int{1, 1}, 0)
	wantInts(t, mustOp(t, "tf._FusedMatMul", fused("BiasAdd", "Relu"), memref.Int32, tensor(t, []int{1, 2}, int32(1), 2), tensor(t, []int{2, 2}, int32(1), -5, 1, 1),
		vec(t, int32(0), 1)), memref.Int32, []int{1, 2}, 3, 0)
	_, err := runOp(t, "tf._FusedMatMul", fused("BiasAdd", "Swish"), mlir.Unranked(memref.Float32), a, b, bias)
	wantErr(t, err, "fused activation \"Swish\" is not supported")
	// GeluExact: 0.5·x·(1 + erf(x/√2)); GeluApproximate: the tanh form.
	gelu := func(x float64) float64 { return r(0.5 * x * (1 + math.Erf(x/math.Sqrt2))) }
	wantFloats(t, mustOp(t, "tf._FusedMatMul", fused("BiasAdd", "GeluExact"), memref.Float32, a, b, bias), memref.Float32, []int{2, 2},
		gelu(-1), gelu(-1.5), gelu(1), gelu(4.5))
	tanhGelu := func(x float64) float64 { return r(0.5 * x * (1 + math.Tanh(0.7978845608028654*(x+0.044715*x*x*x)))) }
	wantFloats(t, mustOp(t, "tf._FusedMatMul", fused("BiasAdd", "GeluApproximate"), memref.Float32, a, b, bias), memref.Float32, []int{2, 2},
		tanhGelu(-1), tanhGelu(-1.5), tanhGelu(1), tanhGelu(4.5))
	// BiasAdd then Add of a fourth operand, then the activation, each rounded.
	addend := tensor(t, []int{2, 2}, float32(2), 2, -3, 0.25)
	wantFloats(t, mustOp(t, "tf._FusedMatMul", fused("BiasAdd", "Add", "Relu"), memref.Float32, a, b, bias, addend), memref.Float32, []int{2, 2},
		1, 0.5, 0, 4.75)
	_, err = runOp(t, "tf._FusedMatMul", fused("BiasAdd", "Add"), mlir.Unranked(memref.Float32), a, b, bias)
	wantErr(t, err, "fused_ops [\"BiasAdd\" \"Add\"] take 2 extra operands, got 1")
	_, err = runOp(t, "tf._FusedMatMul", fused("Relu"), mlir.Unranked(memref.Float32), a, b, bias)
	wantErr(t, err, "fused_ops [\"Relu\"] is not supported")
	_, err = runOp(t, "tf._FusedMatMul", fused("BiasAdd"), mlir.Unranked(memref.Float32), a, b, vec(t, float32(1)))
	wantErr(t, err, "fused operand 2 tensor<1xf32> must be a vector of the 2 output channels")
}

func TestEinsum(t *testing.T) {
	eq := func(e string) mlir.DictAttr { return mlir.DictAttr{{Name: "equation", Value: mlir.StringAttr(e)}} }
	f := memref.Float32
	cases := []struct {
		eq   string
		ins  []string
		want string
	}{
		{"ij,jk->ik", []string{"P", "Q"}, "einsum ij,jk->ik"},
		{"ii->i", []string{"SQ"}, "einsum ii->i"},
		{"ij->ji", []string{"P"}, "einsum ij->ji"},
		{"ij->", []string{"P"}, "einsum ij->"},
		{"i,i->", []string{"V", "V"}, "einsum i,i->"},
		{"i,j->ij", []string{"V", "W"}, "einsum i,j->ij"},
		{"ij,jk", []string{"P", "Q"}, "einsum ij,jk"},
		{"ij,ij->i", []string{"P", "P"}, "einsum ij,ij->i"},
		{"ii", []string{"SQ"}, "einsum ii"},
		{"ji,jk->ik", []string{"SQ", "Q"}, "einsum ji,jk->ik"},
		{"...ij,...jk->...ik", []string{"E1", "E2"}, "einsum ...ij,...jk->...ik"},
		{"...ij->...", []string{"E1"}, "einsum ...ij->..."},
		{"...ij->...j", []string{"E1"}, "einsum ...ij->...j"},
		{"bhqd,bhkd->bhqk", []string{"Q4", "K4"}, "einsum bhqd,bhkd->bhqk"},
		{"b h q d , b h k d -> b h q k", []string{"Q4", "K4"}, "einsum bhqd,bhkd->bhqk"},
	}
	for _, c := range cases {
		for _, dt := range []memref.DType{f, memref.Int64} {
			var ins []*memref.Tensor
			for _, n := range c.ins {
				ins = append(ins, npTensor(t, n, dt))
			}
			got, err := runOp(t, "tf.Einsum", eq(c.eq), mlir.Unranked(dt), ins...)
			if err != nil {
				t.Fatalf("%s: %v", c.eq, err)
			}
			wantNumpy(t, got, c.want, dt)
		}
	}
	p, q := npTensor(t, "P", f), npTensor(t, "Q", f)
	for _, b := range []struct {
		eq   string
		args []*memref.Tensor
		want string
	}{
		{"ij,jk->ik", []*memref.Tensor{p, p}, "label 'j' has size 3 and 2"},
		{"ij,jk->il", []*memref.Tensor{p, q}, "output label 'l' is not an input label or is repeated"},
		{"ij,jk->ii", []*memref.Tensor{p, q}, "output label 'i' is not an input label or is repeated"},
		{"ijk,jk->ik", []*memref.Tensor{p, q}, "input 0 has rank 2 but term \"ijk\""},
		{"ij->i", []*memref.Tensor{p, q}, "has 1 input terms for 2 operands"},
		{"i1,jk->ik", []*memref.Tensor{p, q}, "input term \"i1\" is malformed"},
		{"...ij->ij", []*memref.Tensor{npTensor(t, "E1", f)}, "stands for 2 dims but the output has no \"...\""},
		{"...ij,...jk->...ik", []*memref.Tensor{npTensor(t, "E1", f), tensor(t, []int{4, 3, 3, 1}, make([]float32, 36)...)}, "the \"...\" dims [2,1] and [4,3] do not broadcast"},
	} {
		_, err := runOp(t, "tf.Einsum", eq(b.eq), mlir.Unranked(f), b.args...)
		wantErr(t, err, "'tf.Einsum' op equation "+`"`+b.eq+`"`, b.want)
	}
	// Float sums round once; zero-size contractions give 0.
	got := mustOp(t, "tf.Einsum", eq("i,i->"), f, vec(t, float32(1<<24), 1, -(1<<24)), vec(t, float32(1), 1, 1))
	wantFloats(t, got, f, []int{}, 1)
	got = mustOp(t, "tf.Einsum", eq("ij,jk->ik"), f, tensor(t, []int{2, 0}, []float32{}...), tensor(t, []int{0, 1}, []float32{}...))
	wantFloats(t, got, f, []int{2, 1}, 0, 0)
}

func TestConv2D(t *testing.T) {
	conv := func(padding string, strides, dil []int64, explicit ...int64) mlir.DictAttr {
		d := mlir.DictAttr{{Name: "strides", Value: intsAttr(strides...)}, {Name: "padding", Value: mlir.StringAttr(padding)}}
		if dil != nil {
			d = append(d, mlir.NamedAttr{Name: "dilations", Value: intsAttr(dil...)})
		}
		if explicit != nil {
			d = append(d, mlir.NamedAttr{Name: "explicit_paddings", Value: intsAttr(explicit...)})
		}
		return d
	}
	for _, dt := range []memref.DType{memref.Float32, memref.Float64, memref.Float16, memref.Int32} {
		x, w := npTensor(t, "CX", dt), npTensor(t, "CF", dt) // [1,5,7,2] and [3,3,2,3]
		wantNumpy(t, mustOp(t, "tf.Conv2D", conv("SAME", []int64{1, 1, 1, 1}, nil), dt, x, w), "conv SAME s1", dt)
		wantNumpy(t, mustOp(t, "tf.Conv2D", conv("VALID", []int64{1, 2, 2, 1}, nil), dt, x, w), "conv VALID s2", dt)
		wantNumpy(t, mustOp(t, "tf.Conv2D", conv("SAME", []int64{1, 2, 2, 1}, []int64{1, 1, 1, 1}), dt, x, w), "conv SAME s2", dt)
		wantNumpy(t, mustOp(t, "tf.Conv2D", conv("EXPLICIT", []int64{1, 1, 2, 1}, []int64{1, 2, 1, 1}, 0, 0, 1, 0, 2, 1, 0, 0), dt, x, w),
			"conv EXPLICIT (1,0),(2,1) s(1,2) d(2,1)", dt)
		gx, gf := npTensor(t, "GX", dt), npTensor(t, "GF", dt) // 4 input channels, filter depth 2: 2 groups
		wantNumpy(t, mustOp(t, "tf.Conv2D", conv("VALID", []int64{1, 1, 1, 1}, nil), dt, gx, gf), "conv grouped VALID", dt)
	}
	// A filter larger than the input: VALID gives an empty result, or an
	// error when the size would be negative.
	x := tensor(t, []int{1, 2, 2, 1}, float32(1), 2, 3, 4)
	w := tensor(t, []int{3, 3, 1, 1}, make([]float32, 9)...)
	got := mustOp(t, "tf.Conv2D", conv("VALID", []int64{1, 2, 2, 1}, nil), memref.Float32, x, w)
	wantFloats(t, got, memref.Float32, []int{1, 0, 0, 1})
	_, err := runOp(t, "tf.Conv2D", conv("VALID", []int64{1, 1, 1, 1}, []int64{1, 3, 3, 1}), mlir.Unranked(memref.Float32), x, w)
	wantErr(t, err, "Computed output size would be negative: -4 [input_size: 2, effective_filter_size: 7, stride: 1]")
	// A 1x1 filter over a zero-size batch.
	got = mustOp(t, "tf.Conv2D", conv("SAME", []int64{1, 1, 1, 1}, nil), memref.Float32, tensor(t, []int{0, 3, 3, 2}, []float32{}...),
		tensor(t, []int{1, 1, 2, 4}, make([]float32, 8)...))
	wantFloats(t, got, memref.Float32, []int{0, 3, 3, 4})
	bad := []struct {
		attrs mlir.DictAttr
		want  string
	}{
		{append(conv("SAME", []int64{1, 1, 1, 1}, nil), mlir.NamedAttr{Name: "data_format", Value: mlir.StringAttr("NCHW")}),
			"only supports the NHWC tensor format on the CPU"},
		{conv("SAME", []int64{2, 1, 1, 1}, nil), "does not yet support strides in the batch and depth dimensions"},
		{conv("SAME", []int64{1, 1, 1, 1}, []int64{1, 1, 1, 2}), "does not yet support dilations in the batch and depth dimensions"},
		{conv("FULL", []int64{1, 1, 1, 1}, nil), "padding must be SAME, VALID or EXPLICIT"},
		{conv("EXPLICIT", []int64{1, 1, 1, 1}, nil, 1, 0, 0, 0, 0, 0, 0, 0), "explicit_paddings must be [0, 0, top, bottom, left, right, 0, 0]"},
		{conv("SAME", []int64{1, 1}, nil), "strides field must specify 4 dimensions"},
	}
	for _, b := range bad {
		_, err := runOp(t, "tf.Conv2D", b.attrs, mlir.Unranked(memref.Float32), x, tensor(t, []int{1, 1, 1, 1}, float32(1)))
		wantErr(t, err, "'tf.Conv2D' op", b.want)
	}
	_, err = runOp(t, "tf.Conv2D", conv("SAME", []int64{1, 1, 1, 1}, nil), mlir.Unranked(memref.Float32), tensor(t, []int{1, 1, 1, 3}, float32(1), 2, 3),
		tensor(t, []int{1, 1, 2, 1}, float32(1), 1))
	wantErr(t, err, "input depth must be evenly divisible by filter depth: 3 vs 2")
}

// TestConvPaddingTimesFilter: the padding is zeros the filter multiplies
// (TensorFlow's Eigen kernels and XLA pad, then contract; so do sandjit's
// lowering and the numpy goldens), so an infinite filter tap over padding
// gives NaN rather than being skipped.
func TestConvPaddingTimesFilter(t *testing.T) {
	attrs := mlir.DictAttr{{Name: "strides", Value: intsAttr(1, 1, 1, 1)}, {Name: "padding", Value: mlir.StringAttr("SAME")}}
	inf := float32(math.Inf(1))
	x := tensor(t, []int{1, 1, 3, 1}, float32(1), 1, 1)
	w := tensor(t, []int{1, 3, 1, 1}, inf, 1, 1)
	for _, op := range []string{"tf.Conv2D", "tf.DepthwiseConv2dNative"} {
		got := mustOp(t, op, attrs, memref.Float32, x, w)
		wantFloats(t, got, memref.Float32, []int{1, 1, 3, 1}, math.NaN(), math.Inf(1), math.Inf(1))
	}
	// A finite filter: the padding adds nothing.
	got := mustOp(t, "tf.Conv2D", attrs, memref.Float32, x, tensor(t, []int{1, 3, 1, 1}, float32(2), 1, 1))
	wantFloats(t, got, memref.Float32, []int{1, 1, 3, 1}, 2, 4, 3)
}
