package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// The numpy tables below were made with numpy 1.24: each f32 result is the
// float64 numpy function of the (f32) inputs rounded to f32 once; Softplus
// applies TensorFlow's thresholds, Elu and Selu use expm1.

var unaryF32Inputs = []float32{-20.0, -3.5, -1.0, -0.25, -1.0000000116860974e-07, 0.0, 1.0000000116860974e-07, 0.30000001192092896, 0.9900000095367432, 1.0, 2.0, 7.5, 14.0, 20.0, 100.0}

var unaryF32Numpy = map[string][]float64{
	"tf.Acos":     {nan, nan, 3.1415927410125732, 1.8234765529632568, 1.5707963705062866, 1.5707963705062866, 1.570796251296997, 1.2661036252975464, 0.14153940975666046, 0.0, nan, nan, nan, nan, nan},
	"tf.Acosh":    {nan, nan, nan, nan, nan, nan, nan, nan, nan, 0.0, 1.316957950592041, 2.703575849533081, 3.3309266567230225, 3.688253879547119, 5.29829216003418},
	"tf.Asin":     {nan, nan, -1.5707963705062866, -0.252680242061615, -1.0000000116860974e-07, 0.0, 1.0000000116860974e-07, 0.30469265580177307, 1.4292569160461426, 1.5707963705062866, nan, nan, nan, nan, nan},
	"tf.Asinh":    {-3.6895039081573486, -1.9657204151153564, -0.8813735842704773, -0.24746645987033844, -1.0000000116860974e-07, 0.0, 1.0000000116860974e-07, 0.29567307233810425, 0.8742848038673401, 0.8813735842704773, 1.4436354637145996, 2.712465286254883, 3.33347749710083, 3.6895039081573486, 5.298342227935791},
	"tf.Atan":     {-1.5208379030227661, -1.292496681213379, -0.7853981852531433, -0.244978666305542, -1.0000000116860974e-07, 0.0, 1.0000000116860974e-07, 0.29145681858062744, 0.7803730964660645, 0.7853981852531433, 1.1071487665176392, 1.4382448196411133, 1.4994888305664062, 1.5208379030227661, 1.5607966184616089},
	"tf.Atanh":    {nan, nan, -inf, -0.2554128170013428, -1.0000000116860974e-07, 0.0, 1.0000000116860974e-07, 0.30951961874961853, 2.646652936935425, inf, nan, nan, nan, nan, nan},
	"tf.Cosh":     {242582592.0, 16.572824478149414, 1.5430806875228882, 1.0314130783081055, 1.0, 1.0, 1.0, 1.04533851146698, 1.5314055681228638, 1.5430806875228882, 3.762195587158203, 904.021484375, 601302.125, 242582592.0, inf},
	"tf.Sinh":     {-242582592.0, -16.542627334594727, -1.175201177597046, -0.25261232256889343, -1.0000000116860974e-07, 0.0, 1.0000000116860974e-07, 0.30452030897140503, 1.1598289012908936, 1.175201177597046, 3.6268603801727295, 904.0209350585938, 601302.125, 242582592.0, inf},
	"tf.Tan":      {-2.2371609210968018, -0.3745856285095215, -1.5574077367782593, -0.25534191727638245, -1.0000000116860974e-07, 0.0, 1.0000000116860974e-07, 0.30933627486228943, 1.5236767530441284, 1.5574077367782593, -2.185039758682251, 2.7060139179229736, 7.2446064949035645, 2.2371609210968018, -0.587213933467865},
	"tf.Erfc":     {2.0, 1.9999992847442627, 1.8427008390426636, 1.2763264179229736, 1.0000001192092896, 1.0, 0.9999998807907104, 0.6713732481002808, 0.16149193048477173, 0.15729920566082, 0.004677734803408384, 2.776649254231637e-26, 0.0, 0.0, 0.0},
	"tf.Elu":      {-1.0, -0.9698026180267334, -0.6321205496788025, -0.22119921445846558, -9.999999406318238e-08, 0.0, 1.0000000116860974e-07, 0.30000001192092896, 0.9900000095367432, 1.0, 2.0, 7.5, 14.0, 20.0, 100.0},
	"tf.Selu":     {-1.7580993175506592, -1.7050093412399292, -1.1113307476043701, -0.38889020681381226, -1.7580993016963475e-07, 0.0, 1.0507010017590801e-07, 0.3152103126049042, 1.040194034576416, 1.0507010221481323, 2.1014020442962646, 7.880257606506348, 14.709814071655273, 21.014019012451172, 105.07009887695312},
	"tf.Softplus": {2.06115369216775e-09, 0.029750417917966843, 0.3132616877555847, 0.575939416885376, 0.6931471228599548, 0.6931471824645996, 0.6931472420692444, 0.8543552756309509, 1.305961012840271, 1.31326162815094, 2.1269280910491943, 7.500553131103516, 14.0, 20.0, 100.0},
	"tf.Softsign": {-0.9523809552192688, -0.7777777910232544, -0.5, -0.20000000298023224, -9.999999406318238e-08, 0.0, 9.999999406318238e-08, 0.23076923191547394, 0.4974874258041382, 0.5, 0.6666666865348816, 0.8823529481887817, 0.9333333373069763, 0.9523809552192688, 0.9900990128517151},
}

func TestUnaryMoreNumpyF32(t *testing.T) {
	for op, want := range unaryF32Numpy {
		t.Run(op, func(t *testing.T) {
			got := mustOp(t, op, nil, memref.Float32, vec(t, unaryF32Inputs...))
			wantFloats(t, got, memref.Float32, []int{len(want)}, want...)
		})
	}
}

func TestUnaryMoreEdges(t *testing.T) {
	pi := math.Pi
	sc, sa := refmath.SeluScale, refmath.SeluScaleAlpha // variables: products rounded at run time
	// Inputs: floatEdges = NaN, +Inf, -Inf, 0, -0, 0.5, -0.5, 1.5, 2.5, -2.5, 4, -4, 1e-30 (f64).
	cases := []struct {
		op   string
		want []float64
	}{
		{"tf.Acos", []float64{nan, nan, nan, pi / 2, pi / 2, math.Acos(0.5), math.Acos(-0.5), nan, nan, nan, nan, nan, pi / 2}},
		{"tf.Asin", []float64{nan, nan, nan, 0, negZ, math.Asin(0.5), -math.Asin(0.5), nan, nan, nan, nan, nan, 1e-30}},
		{"tf.Atan", []float64{nan, pi / 2, -pi / 2, 0, negZ, math.Atan(0.5), -math.Atan(0.5), math.Atan(1.5), math.Atan(2.5), -math.Atan(2.5), math.Atan(4), -math.Atan(4), 1e-30}},
		{"tf.Acosh", []float64{nan, inf, nan, nan, nan, nan, nan, math.Acosh(1.5), math.Acosh(2.5), nan, math.Acosh(4), nan, nan}},
		{"tf.Asinh", []float64{nan, inf, -inf, 0, negZ, math.Asinh(0.5), -math.Asinh(0.5), math.Asinh(1.5), math.Asinh(2.5), -math.Asinh(2.5), math.Asinh(4), -math.Asinh(4), 1e-30}},
		{"tf.Atanh", []float64{nan, nan, nan, 0, negZ, math.Atanh(0.5), -math.Atanh(0.5), nan, nan, nan, nan, nan, 1e-30}},
		{"tf.Cosh", []float64{nan, inf, inf, 1, 1, math.Cosh(0.5), math.Cosh(0.5), math.Cosh(1.5), math.Cosh(2.5), math.Cosh(2.5), math.Cosh(4), math.Cosh(4), 1}},
		{"tf.Sinh", []float64{nan, inf, -inf, 0, negZ, math.Sinh(0.5), -math.Sinh(0.5), math.Sinh(1.5), math.Sinh(2.5), -math.Sinh(2.5), math.Sinh(4), -math.Sinh(4), 1e-30}},
		{"tf.Tan", []float64{nan, nan, nan, 0, negZ, math.Tan(0.5), -math.Tan(0.5), math.Tan(1.5), math.Tan(2.5), -math.Tan(2.5), math.Tan(4), -math.Tan(4), 1e-30}},
		{"tf.Erfc", []float64{nan, 0, 2, 1, 1, math.Erfc(0.5), math.Erfc(-0.5), math.Erfc(1.5), math.Erfc(2.5), math.Erfc(-2.5), math.Erfc(4), math.Erfc(-4), 1}},
		{"tf.Elu", []float64{nan, inf, -1, 0, negZ, 0.5, math.Expm1(-0.5), 1.5, 2.5, math.Expm1(-2.5), 4, math.Expm1(-4), 1e-30}},
		{"tf.Selu", []float64{nan, inf, -sa, 0, negZ, sc * 0.5, sa * math.Expm1(-0.5), sc * 1.5, sc * 2.5,
			sa * math.Expm1(-2.5), sc * 4, sa * math.Expm1(-4), sc * 1e-30}},
		{"tf.Softplus", []float64{nan, inf, 0, math.Ln2, math.Ln2, math.Log1p(math.Exp(0.5)), math.Log1p(math.Exp(-0.5)), math.Log1p(math.Exp(1.5)),
			math.Log1p(math.Exp(2.5)), math.Log1p(math.Exp(-2.5)), math.Log1p(math.Exp(4)), math.Log1p(math.Exp(-4)), math.Ln2}},
		{"tf.Softsign", []float64{nan, nan, nan, 0, negZ, 1.0 / 3, -1.0 / 3, 0.6, 2.5 / 3.5, -2.5 / 3.5, 0.8, -0.8, 1e-30}}, // Inf/Inf is NaN, as in TF
		{"tf.Inv", []float64{nan, 0, negZ, inf, -inf, 2, -2, 1 / 1.5, 0.4, -0.4, 0.25, -0.25, 1 / tiny}},
		{"tf.ZerosLike", []float64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
		{"tf.OnesLike", []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
	}
	for _, c := range cases {
		t.Run(c.op, func(t *testing.T) {
			got := mustOp(t, c.op, nil, memref.Float64, vec(t, floatEdges...))
			wantFloats(t, got, memref.Float64, []int{len(floatEdges)}, c.want...)
		})
	}
	// Large arguments (numpy values): finite up to 710.475; Go's math.Cosh
	// overflows from 709.78.
	big := vec(t, 22.0, -30, 710.4, -710.4, 710.5, inf)
	got := mustOp(t, "tf.Cosh", nil, memref.Float64, big)
	wantClose(t, got, []float64{1792456423.065796, 5343237290762.231, 1.6663642832806494e+308, 1.6663642832806494e+308, inf, inf}, 4e-16)
	got = mustOp(t, "tf.Sinh", nil, memref.Float64, big)
	wantClose(t, got, []float64{1792456423.065796, -5343237290762.231, 1.6663642832806494e+308, -1.6663642832806494e+308, inf, inf}, 4e-16)
	wantBools(t, mustOp(t, "tf.IsInf", nil, memref.Bool, vec(t, floatEdges...)), []int{13},
		false, true, true, false, false, false, false, false, false, false, false, false, false)
	wantBools(t, mustOp(t, "tf.IsNan", nil, memref.Bool, vec(t, float32(nan), float32(inf), 0, -1)), []int{4}, true, false, false, false)
	wantBools(t, mustOp(t, "tf.IsNan", nil, memref.Bool, f16s(t, []int{3}, nan, 65504, -inf)), []int{3}, true, false, false)
	_, err := runOp(t, "tf.IsInf", nil, mlir.Unranked(memref.Bool), vec(t, int32(1)))
	wantErr(t, err, "'tf.IsInf' op does not support element type i32")
	_, err = runOp(t, "tf.Acos", nil, mlir.Unranked(memref.Int32), vec(t, int32(1)))
	wantErr(t, err, "'tf.Acos' op does not support element type i32")
}

// wantClose compares a float tensor with relative tolerance rtol (infinities
// exactly).
func wantClose(t *testing.T, got *memref.Tensor, want []float64, rtol float64) {
	t.Helper()
	for i, w := range want {
		g := got.Float64At(i)
		if math.IsInf(w, 0) || math.IsNaN(w) {
			if !sameFloat(g, w) {
				t.Errorf("element %d: got %v, want %v", i, g, w)
			}
			continue
		}
		if math.Abs(g-w) > rtol*math.Abs(w) {
			t.Errorf("element %d: got %v, want %v", i, g, w)
		}
	}
}

func TestSoftplusThresholds(t *testing.T) {
	// TensorFlow's thresholds t = log(eps) + 2: x > -t gives x, x < t gives
	// e^x, in between log1p(e^x).
	// f64: t = -34.04365338911715.
	x := vec(t, 34.0, 34.1, -34.0, -34.1)
	wantFloats(t, mustOp(t, "tf.Softplus", nil, memref.Float64, x), memref.Float64, []int{4},
		math.Log1p(math.Exp(34)), 34.1, math.Log1p(math.Exp(-34)), math.Exp(-34.1))
	// f32: t = -13.942385 (f32).
	x32 := vec(t, float32(13.9), 14, -13.9, -14)
	r := func(v float64) float64 { return float64(float32(v)) }
	wantFloats(t, mustOp(t, "tf.Softplus", nil, memref.Float32, x32), memref.Float32, []int{4},
		r(math.Log1p(math.Exp(float64(float32(13.9))))), 14, r(math.Log1p(math.Exp(float64(float32(-13.9))))), r(math.Exp(-14)))
	// f16: t = -6.9296875 + 2 = -4.9296875.
	x16 := f16s(t, []int{4}, 4.9296875, 4.93359375, -4.9296875, -4.93359375)
	wantFloats(t, mustOp(t, "tf.Softplus", nil, memref.Float16, x16), memref.Float16, []int{4},
		refmath.RoundF16(math.Log1p(math.Exp(4.9296875))), 4.93359375, refmath.RoundF16(math.Log1p(math.Exp(-4.9296875))), refmath.RoundF16(math.Exp(-4.93359375)))
}

func TestLeakyRelu(t *testing.T) {
	x := vec(t, -2.0, negZ, 0, 3, nan, -inf, inf)
	// The default alpha 0.2 is an f32 attribute: f64 multiplies by float32(0.2).
	a := float64(float32(0.2))
	wantFloats(t, mustOp(t, "tf.LeakyRelu", nil, memref.Float64, x), memref.Float64, []int{7}, -2*a, negZ, 0, 3, nan, -inf, inf)
	attrs := mlir.DictAttr{{Name: "alpha", Value: mlir.FloatAttr{Value: 1.5, Type: "f32"}}}
	wantFloats(t, mustOp(t, "tf.LeakyRelu", attrs, memref.Float64, x), memref.Float64, []int{7}, -3, negZ, 0, 3, nan, -inf, inf)
	attrs = mlir.DictAttr{{Name: "alpha", Value: mlir.FloatAttr{Value: -1, Type: "f32"}}} // alpha < 0 is allowed
	wantFloats(t, mustOp(t, "tf.LeakyRelu", attrs, memref.Float32, vec(t, float32(-2), 2)), memref.Float32, []int{2}, 2, 2)
	// f16: alpha becomes f16(0.2) = 0.199951171875; -3·alpha = -0.599853515625 rounds to -0.60009765625 (spacing 2^-11... of [0.5,1)).
	wantFloats(t, mustOp(t, "tf.LeakyRelu", nil, memref.Float16, f16s(t, []int{2}, -3, 1)), memref.Float16, []int{2},
		refmath.RoundF16(-3*0.199951171875), 1)
	_, err := runOp(t, "tf.LeakyRelu", nil, mlir.Unranked(memref.Int32), vec(t, int32(1)))
	wantErr(t, err, "does not support element type i32")
}

func TestZerosOnesLikeTypes(t *testing.T) {
	wantBools(t, mustOp(t, "tf.ZerosLike", nil, memref.Bool, vec(t, true, false)), []int{2}, false, false)
	wantBools(t, mustOp(t, "tf.OnesLike", nil, memref.Bool, vec(t, true, false)), []int{2}, true, true)
	wantInts(t, mustOp(t, "tf.OnesLike", nil, memref.Int8, tensor(t, []int{2, 1}, int8(-128), 5)), memref.Int8, []int{2, 1}, 1, 1)
	wantUints(t, mustOp(t, "tf.ZerosLike", nil, memref.Uint64, vec(t, uint64(math.MaxUint64))), memref.Uint64, []int{1}, 0)
	wantFloats(t, mustOp(t, "tf.ZerosLike", nil, memref.Float16, f16s(t, []int{0})), memref.Float16, []int{0})
}

func TestInvertAndInv(t *testing.T) {
	wantInts(t, mustOp(t, "tf.Invert", nil, memref.Int8, vec(t, int8(0), -1, 127, -128, 5)), memref.Int8, []int{5}, -1, 0, -128, 127, -6)
	wantInts(t, mustOp(t, "tf.Invert", nil, memref.Int64, vec(t, int64(math.MinInt64))), memref.Int64, []int{1}, math.MaxInt64)
	wantUints(t, mustOp(t, "tf.Invert", nil, memref.Uint8, vec(t, uint8(0), 255, 0x0f)), memref.Uint8, []int{3}, 255, 0, 0xf0)
	wantUints(t, mustOp(t, "tf.Invert", nil, memref.Uint32, vec(t, uint32(1))), memref.Uint32, []int{1}, math.MaxUint32-1)
	_, err := runOp(t, "tf.Invert", nil, mlir.Unranked(memref.Float32), vec(t, float32(1)))
	wantErr(t, err, "does not support element type f32")
	// Inv is Reciprocal: integers truncate, 1/0 = -1 (XLA's x / 0).
	wantInts(t, mustOp(t, "tf.Inv", nil, memref.Int32, vec(t, int32(0), 1, -1, 2, math.MinInt32)), memref.Int32, []int{5}, -1, 1, -1, 0, 0)
}

var binaryF32X = []float32{7.0, -7.0, 7.0, -7.0, 0.0, float32(negZ), 1.0, -1.0, 2.5, 5.5, float32(inf), float32(-inf), float32(nan), 3.0, 1.0000000031710769e-30, 1.0000000150474662e+30, 0.10000000149011612}
var binaryF32Y = []float32{2.0, 2.0, -2.0, -2.0, 0.0, 0.0, 0.0, 0.0, float32(nan), float32(inf), 2.0, 3.0, 1.0, float32(nan), 1.0000000150474662e+30, 1.0000000031710769e-30, 0.30000001192092896}

var binaryF32Numpy = map[string][]float64{
	"tf.Atan2":       {1.292496681213379, -1.292496681213379, 1.8490959405899048, -1.8490959405899048, 0.0, negZ, 1.5707963705062866, -1.5707963705062866, nan, 0.0, 1.5707963705062866, -1.5707963705062866, nan, nan, 0.0, 1.5707963705062866, 0.32175055146217346},
	"tf.DivNoNan":    {3.5, -3.5, -3.5, 3.5, 0.0, 0.0, 0.0, 0.0, nan, 0.0, inf, -inf, nan, nan, 0.0, inf, 0.3333333134651184},
	"tf.MulNoNan":    {14.0, -14.0, -14.0, 14.0, 0.0, 0.0, 0.0, 0.0, nan, inf, inf, -inf, nan, nan, 1.0, 1.0, 0.030000001192092896},
	"tf.Xdivy":       {3.5, -3.5, -3.5, 3.5, 0.0, 0.0, inf, -inf, nan, 0.0, inf, -inf, nan, nan, 0.0, inf, 0.3333333134651184},
	"tf.Xlogy":       {4.852030277252197, -4.852030277252197, nan, nan, 0.0, 0.0, -inf, inf, nan, inf, inf, -inf, nan, nan, 6.907755200098681e-29, -6.90775522695619e+31, -0.12039727717638016},
	"tf.Xlog1py":     {7.690286159515381, -7.690286159515381, nan, nan, 0.0, 0.0, 0.0, negZ, nan, inf, inf, -inf, nan, nan, 6.907755200098681e-29, 1.0, 0.026236427947878838},
	"tf.Mod":         {1.0, -1.0, 1.0, -1.0, nan, nan, nan, nan, nan, 5.5, nan, nan, nan, nan, 1.0000000031710769e-30, 8.16681565120793e-31, 0.10000000149011612},
	"tf.TruncateMod": {1.0, -1.0, 1.0, -1.0, nan, nan, nan, nan, nan, 5.5, nan, nan, nan, nan, 1.0000000031710769e-30, 8.16681565120793e-31, 0.10000000149011612},
	"tf.TruncateDiv": {3.0, -3.0, -3.0, 3.0, nan, nan, inf, -inf, nan, 0.0, inf, -inf, nan, nan, 0.0, inf, 0.0},
	"tf.NextAfter":   {6.999999523162842, -6.999999523162842, 6.999999523162842, -6.999999523162842, 0.0, 0.0, 0.9999999403953552, -0.9999999403953552, nan, 5.500000476837158, 3.4028234663852886e+38, -3.4028234663852886e+38, nan, nan, 1.000000097210625e-30, 9.999999394896025e+29, 0.10000000894069672},
}

func TestBinaryMoreNumpyF32(t *testing.T) {
	for op, want := range binaryF32Numpy {
		t.Run(op, func(t *testing.T) {
			got := mustOp(t, op, nil, memref.Float32, vec(t, binaryF32X...), vec(t, binaryF32Y...))
			wantFloats(t, got, memref.Float32, []int{len(want)}, want...)
		})
	}
}

func TestBinaryMoreEdges(t *testing.T) {
	// Signs of zero and the x == 0 / y == 0 rules (f64).
	x := vec(t, negZ, negZ, 0, nan, inf, -5.5, 5.5, -0.5)
	y := vec(t, 0, 3, nan, 0, negZ, 2, -2, 2)
	cases := []struct {
		op   string
		want []float64
	}{
		{"tf.DivNoNan", []float64{0, negZ, nan, 0, 0, -2.75, -2.75, -0.25}},
		{"tf.MulNoNan", []float64{0, negZ, nan, 0, 0, -11, -11, -1}},
		{"tf.Xdivy", []float64{0, 0, 0, nan, -inf, -2.75, -2.75, -0.25}},
		{"tf.Xlogy", []float64{0, 0, 0, nan, -inf, -5.5 * math.Ln2, nan, -0.5 * math.Ln2}},
		{"tf.Xlog1py", []float64{0, 0, 0, nan, 0 * inf, -5.5 * math.Log1p(2), nan, -0.5 * math.Log1p(2)}},
		{"tf.Mod", []float64{nan, negZ, nan, nan, nan, -1.5, 1.5, -0.5}},
		{"tf.TruncateDiv", []float64{nan, negZ, nan, nan, -inf, -2, -2, negZ}},
		{"tf.Atan2", []float64{negZ, negZ, nan, nan, math.Pi / 2, math.Atan2(-5.5, 2), math.Atan2(5.5, -2), math.Atan2(-0.5, 2)}},
		{"tf.NextAfter", []float64{0, math.Nextafter(negZ, 3), nan, nan, math.MaxFloat64, math.Nextafter(-5.5, 2), math.Nextafter(5.5, -2), math.Nextafter(-0.5, 2)}},
	}
	for _, c := range cases {
		t.Run(c.op, func(t *testing.T) {
			wantFloats(t, mustOp(t, c.op, nil, memref.Float64, x, y), memref.Float64, []int{8}, c.want...)
		})
	}
	// nextafter(x, x) is y: nextafter(0, -0) = -0; the least subnormals.
	wantFloats(t, mustOp(t, "tf.NextAfter", nil, memref.Float64, vec(t, 0.0, 0, 1), vec(t, negZ, -1, 1)), memref.Float64, []int{3},
		negZ, -math.SmallestNonzeroFloat64, 1)
	wantFloats(t, mustOp(t, "tf.NextAfter", nil, memref.Float32, vec(t, float32(0), 0x1p-149), vec(t, float32(1), 0)), memref.Float32, []int{2},
		0x1p-149, 0)
	// f16 (TensorFlow only has f32 and f64; the evaluator steps f16 bits).
	wantFloats(t, mustOp(t, "tf.NextAfter", nil, memref.Float16, f16s(t, []int{6}, 0, 1, 1, 65504, inf, -2), f16s(t, []int{6}, -1, 2, 0, inf, 0, 0)),
		memref.Float16, []int{6}, -0x1p-24, 1+0x1p-10, 1-0x1p-11, inf, 65504, -2+0x1p-10)
}

func TestBinaryMoreInts(t *testing.T) {
	x := vec(t, int32(7), -7, 7, -7, 5, math.MinInt32, math.MinInt32, 0, -1)
	y := vec(t, int32(2), 2, -2, -2, 0, -1, 1, 3, math.MinInt32)
	cases := []struct {
		op   string
		want []int64
	}{
		// XLA's remainder and division (mhlo RemOp/DivOp, tf2xla TruncateDivImpl
		// "For integers, simply returns x / y"): x % 0 = x, x / 0 = -1.
		{"tf.Mod", []int64{1, -1, 1, -1, 5, 0, 0, 0, -1}},
		{"tf.TruncateMod", []int64{1, -1, 1, -1, 5, 0, 0, 0, -1}},
		{"tf.TruncateDiv", []int64{3, -3, -3, 3, -1, math.MinInt32, math.MinInt32, 0, 0}},
		{"tf.DivNoNan", []int64{3, -3, -3, 3, 0, math.MinInt32, math.MinInt32, 0, 0}},
		{"tf.MulNoNan", []int64{14, -14, -14, 14, 0, math.MinInt32, math.MinInt32, 0, math.MinInt32}}, // MIN·-1 wraps
	}
	for _, c := range cases {
		t.Run(c.op, func(t *testing.T) {
			wantInts(t, mustOp(t, c.op, nil, memref.Int32, x, y), memref.Int32, []int{9}, c.want...)
		})
	}
	// i8 and unsigned.
	wantInts(t, mustOp(t, "tf.Mod", nil, memref.Int8, vec(t, int8(-128), -128, 100), vec(t, int8(-1), 3, -7)), memref.Int8, []int{3}, 0, -2, 2)
	wantInts(t, mustOp(t, "tf.TruncateDiv", nil, memref.Int8, vec(t, int8(-128), -128), vec(t, int8(-1), 0)), memref.Int8, []int{2}, -128, -1)
	wantUints(t, mustOp(t, "tf.Mod", nil, memref.Uint16, vec(t, uint16(65535), 7, 3), vec(t, uint16(10), 0, 5)), memref.Uint16, []int{3}, 5, 7, 3)
	wantUints(t, mustOp(t, "tf.TruncateDiv", nil, memref.Uint64, vec(t, uint64(math.MaxUint64), 9), vec(t, uint64(2), 0)), memref.Uint64, []int{2},
		math.MaxUint64/2, math.MaxUint64)
	for _, op := range []string{"tf.Xlogy", "tf.Xdivy", "tf.Xlog1py", "tf.Atan2", "tf.NextAfter"} {
		_, err := runOp(t, op, nil, mlir.Unranked(memref.Int32), vec(t, int32(1)), vec(t, int32(1)))
		wantErr(t, err, "does not support element type i32")
	}
}

// TestClipByValue pins TF's CPU kernel, core/kernels/cwise_op_clip.cc:
// UnaryClipFunc is std::max(std::min(value, value_max), value_min) and the
// same-shape path Eigen's in0.cwiseMin(in2).cwiseMax(in1) (Eigen's scalar
// min/max are std::min/std::max: std::min(a, b) = b < a ? b : a). So NaN x
// stays NaN, a NaN bound is ignored, lo > hi gives lo.
func TestClipByValue(t *testing.T) {
	// Scalar bounds.
	x := vec(t, -5.0, 0, 5, nan, 2, negZ)
	wantFloats(t, mustOp(t, "tf.ClipByValue", nil, memref.Float64, x, memref.Scalar(-1.0), memref.Scalar(3.0)), memref.Float64, []int{6},
		-1, 0, 3, nan, 2, negZ)
	// A NaN bound is ignored: min(1, NaN) = 1 and max(m, NaN) = m.
	wantFloats(t, mustOp(t, "tf.ClipByValue", nil, memref.Float64, vec(t, 1.0, 1, 7), vec(t, nan, 0, nan), vec(t, 3.0, nan, nan)), memref.Float64, []int{3}, 1, 1, 7)
	// lo > hi gives lo (min(x, hi) <= hi < lo).
	wantFloats(t, mustOp(t, "tf.ClipByValue", nil, memref.Float64, vec(t, 0.0, 10, nan), memref.Scalar(5.0), memref.Scalar(1.0)), memref.Float64, []int{3}, 5, 5, nan)
	wantInts(t, mustOp(t, "tf.ClipByValue", nil, memref.Int32, vec(t, int32(-3), 3, 30), memref.Scalar(int32(9)), memref.Scalar(int32(2))), memref.Int32, []int{3}, 9, 9, 9)
	// Broadcasting: x [2,1], lo [3], hi scalar → [2,3].
	got := mustOp(t, "tf.ClipByValue", nil, memref.Int32, tensor(t, []int{2, 1}, int32(-10), 10), vec(t, int32(-20), 0, 20), memref.Scalar(int32(15)))
	wantInts(t, got, memref.Int32, []int{2, 3}, -10, 0, 20, 10, 10, 20) // lo 20 > hi 15 gives lo
	wantUints(t, mustOp(t, "tf.ClipByValue", nil, memref.Uint8, vec(t, uint8(0), 100, 255), memref.Scalar(uint8(10)), memref.Scalar(uint8(200))),
		memref.Uint8, []int{3}, 10, 100, 200)
	_, err := runOp(t, "tf.ClipByValue", nil, mlir.Unranked(memref.Float32), vec(t, float32(1), 2), vec(t, float32(1), 2, 3), memref.Scalar(float32(1)))
	wantErr(t, err, "Incompatible shapes: [2] vs. [3]")
	_, err = runOp(t, "tf.ClipByValue", nil, mlir.Unranked(memref.Float32), vec(t, float32(1)), memref.Scalar(int32(0)), memref.Scalar(float32(1)))
	wantErr(t, err, "different element types")
}

func TestApproximateEqual(t *testing.T) {
	x := vec(t, float32(1), 1, 1, float32(nan), float32(inf), 0)
	y := vec(t, float32(1), 1.00001, 1.0000101, float32(nan), float32(inf), float32(negZ))
	// |1 - 1.00001| in f32 = 1.0013580e-05 > float32(1e-5); Inf - Inf is NaN.
	wantBools(t, mustOp(t, "tf.ApproximateEqual", nil, memref.Bool, x, y), []int{6}, true, false, false, false, false, true)
	attrs := mlir.DictAttr{{Name: "tolerance", Value: mlir.FloatAttr{Value: 0.5, Type: "f32"}}}
	wantBools(t, mustOp(t, "tf.ApproximateEqual", attrs, memref.Bool, vec(t, 1.0, 1, 1), vec(t, 1.4, 1.5, 0.6)), []int{3}, true, false, true)
	// Integers: the tolerance is truncated (the default gives 0: always
	// false); the difference wraps.
	wantBools(t, mustOp(t, "tf.ApproximateEqual", nil, memref.Bool, vec(t, int32(3), 3), vec(t, int32(3), 4)), []int{2}, false, false)
	attrs = mlir.DictAttr{{Name: "tolerance", Value: mlir.FloatAttr{Value: 2.9, Type: "f32"}}}
	wantBools(t, mustOp(t, "tf.ApproximateEqual", attrs, memref.Bool, vec(t, int8(3), 3, 3, 127), vec(t, int8(3), 5, 6, -128)), []int{4},
		true, false, false, true) // tolerance 2; |3-5| = 2 is not < 2; 127 - -128 wraps to -1 in i8
	_, err := runOp(t, "tf.ApproximateEqual", nil, mlir.Unranked(memref.Bool), vec(t, float32(1), 2), vec(t, float32(1)))
	wantErr(t, err, "x and y must be of the same shape: [2] vs. [1]")
}

// TestElementwiseMoreShapes runs each new elementwise op over shapes of
// odd sizes, size 1 and size 0, checking shapes and every element against
// the op's scalar function.
func TestElementwiseMoreShapes(t *testing.T) {
	shapes := [][]int{{7}, {13}, {1}, {0}, {3, 0}, {2, 7}, {1, 13}}
	unary := []string{"tf.Acos", "tf.Acosh", "tf.Asin", "tf.Asinh", "tf.Atan", "tf.Atanh", "tf.Cosh", "tf.Sinh", "tf.Tan",
		"tf.Erfc", "tf.Elu", "tf.Selu", "tf.Softplus", "tf.Softsign", "tf.Inv"}
	binary := []string{"tf.Atan2", "tf.DivNoNan", "tf.MulNoNan", "tf.Xdivy", "tf.Xlogy", "tf.Xlog1py", "tf.Mod", "tf.TruncateMod",
		"tf.TruncateDiv", "tf.NextAfter"}
	for _, shape := range shapes {
		n := nd.NumElements(shape)
		xs, ys := make([]float32, n), make([]float32, n)
		for i := range xs {
			xs[i] = float32(i%9-4) * 0.37
			ys[i] = float32(i%5-2) * 1.3
		}
		x, y := tensor(t, shape, xs...), tensor(t, shape, ys...)
		for _, op := range unary {
			got := mustOp(t, op, nil, memref.Float32, x)
			spec := unaryOps[op]
			want := make([]float64, n)
			for i, v := range xs {
				if spec.fd != nil {
					want[i] = refmath.RoundTo(memref.Float32, spec.fd(memref.Float32, float64(v)))
				} else {
					want[i] = refmath.RoundTo(memref.Float32, spec.f(float64(v)))
				}
			}
			wantFloats(t, got, memref.Float32, shape, want...)
		}
		for _, op := range binary {
			got := mustOp(t, op, nil, memref.Float32, x, y)
			want := make([]float64, n)
			for i := range xs {
				want[i] = refmath.RoundTo(memref.Float32, binaryOps[op].f(memref.Float32, float64(xs[i]), float64(ys[i])))
			}
			wantFloats(t, got, memref.Float32, shape, want...)
		}
		wantBools(t, mustOp(t, "tf.IsNan", nil, memref.Bool, x), shape, make([]bool, n)...)
	}
}

// TestF16ComputedInF32 checks that f16 ops equal computing in f32 and
// rounding to f16 once per op: for +, -, ·, / and √ the f32 result of f16
// operands rounded to f16 is the correctly rounded f16 result (f32 has
// more than 2·11+2 bits), which is what the evaluator computes.
func TestF16ComputedInF32(t *testing.T) {
	var vals []float64
	for _, h := range []uint16{0x0001, 0x0003, 0x03ff, 0x0400, 0x3bff, 0x3c00, 0x3c01, 0x3e00, 0x4248, 0x57ff, 0x6bff, 0x7bff, 0x8001, 0xbc01, 0xc900, 0xfbff} {
		vals = append(vals, float64(memref.F16ToF32(h)))
	}
	n := len(vals)
	var xs, ys []float64
	for _, a := range vals {
		for _, b := range vals {
			xs, ys = append(xs, a), append(ys, b)
		}
	}
	x, y := f16s(t, []int{n * n}, xs...), f16s(t, []int{n * n}, ys...)
	f16 := func(v float32) float64 { return float64(memref.F16ToF32(memref.F32ToF16(v))) }
	ops := map[string]func(a, b float32) float32{
		"tf.AddV2":   func(a, b float32) float32 { return a + b },
		"tf.Sub":     func(a, b float32) float32 { return a - b },
		"tf.Mul":     func(a, b float32) float32 { return a * b },
		"tf.RealDiv": func(a, b float32) float32 { return a / b },
	}
	for op, f := range ops {
		got := mustOp(t, op, nil, memref.Float16, x, y)
		want := make([]float64, n*n)
		for i := range want {
			want[i] = f16(f(float32(xs[i]), float32(ys[i])))
		}
		wantFloats(t, got, memref.Float16, []int{n * n}, want...)
	}
	got := mustOp(t, "tf.Sqrt", nil, memref.Float16, f16s(t, []int{n}, vals...))
	want := make([]float64, n)
	for i, v := range vals {
		want[i] = f16(float32(math.Sqrt(float64(float32(v)))))
	}
	wantFloats(t, got, memref.Float16, []int{n}, want...)
	// Composite ops round once, at the op's result: Softsign(x) of f16.
	wantFloats(t, mustOp(t, "tf.Softsign", nil, memref.Float16, f16s(t, []int{2}, 3, -0.5)), memref.Float16, []int{2},
		0.75, refmath.RoundF16(-1.0/3))
}
