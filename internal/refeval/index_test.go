package refeval

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

func argOp(t *testing.T, name string, rdt memref.DType, x, axis *memref.Tensor) (*memref.Tensor, error) {
	t.Helper()
	return runOp(t, name, nil, mlir.Unranked(rdt), x, axis)
}

func TestArgMinMax(t *testing.T) {
	ax0 := memref.Scalar(int32(0))
	cases := []struct {
		op   string
		x    *memref.Tensor
		want int64
	}{
		{"tf.ArgMax", vec(t, 3.0, 1, 3), 0}, // ties: the first
		{"tf.ArgMin", vec(t, 1.0, 3, 1), 0},
		{"tf.ArgMax", vec(t, nan, 1, 2), 0}, // the first NaN wins (numpy, XLA; not TF's CPU kernel)
		{"tf.ArgMax", vec(t, 4, 5.5, nan), 2},
		{"tf.ArgMax", vec(t, 4, nan, 9, nan), 1},
		{"tf.ArgMin", vec(t, 3, nan, 1, nan), 1},
		{"tf.ArgMax", vec(t, nan, nan, nan), 0},
		{"tf.ArgMin", vec(t, inf, 7, -inf), 2},
		{"tf.ArgMax", vec(t, -inf, -inf, -3), 2},
		{"tf.ArgMax", vec(t, -inf, -math.MaxFloat64), 1},
		{"tf.ArgMax", vec(t, -inf, -inf), 0},
		{"tf.ArgMin", vec(t, inf, inf), 0},
		{"tf.ArgMax", vec(t, negZ, 0), 0}, // -0 == 0: a tie
		{"tf.ArgMax", vec(t, int8(-128), -128, -127), 2},
		{"tf.ArgMin", vec(t, int64(math.MaxInt64), 5, 5), 1},
		{"tf.ArgMax", vec(t, uint16(0), 0, 65535, 65535), 2},
		{"tf.ArgMin", vec(t, uint8(255), 255), 0},
		{"tf.ArgMax", f16s(t, []int{3}, -65504, 1, nan), 2},
		{"tf.ArgMin", f16s(t, []int{3}, 1, -inf, -65504), 1},
		{"tf.ArgMax", vec(t, float32(-1)), 0},
	}
	for i, c := range cases {
		got, err := argOp(t, c.op, memref.Int64, c.x, ax0)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		wantInts(t, got, memref.Int64, []int{}, c.want)
	}
	x := tensor(t, []int{2, 3}, int32(5), 9, 1, 7, 2, 8)
	got, _ := argOp(t, "tf.ArgMax", memref.Int32, x, ax0)
	wantInts(t, got, memref.Int32, []int{3}, 1, 0, 1)
	got, _ = argOp(t, "tf.ArgMin", memref.Int32, x, memref.Scalar(int64(-1)))
	wantInts(t, got, memref.Int32, []int{2}, 2, 1)
	// Odd sizes and a zero-size other dim.
	seven := vec(t, float32(3), 1, 4, 1, 5, 9, 2)
	got, _ = argOp(t, "tf.ArgMax", memref.Int64, seven, ax0)
	wantInts(t, got, memref.Int64, []int{}, 5)
	got, _ = argOp(t, "tf.ArgMin", memref.Int64, tensor(t, []int{1, 13}, iota32(13)...), memref.Scalar(int32(1)))
	wantInts(t, got, memref.Int64, []int{1}, 0)
	got, _ = argOp(t, "tf.ArgMax", memref.Int64, tensor(t, []int{3, 0}, []float32{}...), ax0)
	wantInts(t, got, memref.Int64, []int{0})
	_, err := argOp(t, "tf.ArgMax", memref.Int64, tensor(t, []int{3, 0}, []float32{}...), memref.Scalar(int32(1)))
	wantErr(t, err, "'tf.ArgMax' op Reduction axis 1 is empty in shape [3,0]")
	_, err = argOp(t, "tf.ArgMax", memref.Int64, x, memref.Scalar(int32(2)))
	wantErr(t, err, "Expected dimension in the range 2 is out of range [-2, 2)")
	_, err = argOp(t, "tf.ArgMax", memref.Float32, x, ax0)
	wantErr(t, err, "output_type must be i32 or i64, got f32")
	_, err = argOp(t, "tf.ArgMax", memref.Int64, x, vec(t, int32(0)))
	wantErr(t, err, "dimension must be a scalar, got shape [1]")
}

func TestCumsum(t *testing.T) {
	x := vec(t, int32(1), 2, 3, 4)
	ax := memref.Scalar(int32(0))
	for _, c := range []struct {
		exclusive, reverse bool
		want               []int64
	}{
		{false, false, []int64{1, 3, 6, 10}},
		{true, false, []int64{0, 1, 3, 6}},
		{false, true, []int64{10, 9, 7, 4}},
		{true, true, []int64{9, 7, 4, 0}},
	} {
		attrs := mlir.DictAttr{{Name: "exclusive", Value: mlir.BoolAttr(c.exclusive)}, {Name: "reverse", Value: mlir.BoolAttr(c.reverse)}}
		wantInts(t, mustOp(t, "tf.Cumsum", attrs, memref.Int32, x, ax), memref.Int32, []int{4}, c.want...)
	}
	m := tensor(t, []int{2, 3}, int64(1), 2, 3, 4, 5, 6)
	wantInts(t, mustOp(t, "tf.Cumsum", nil, memref.Int64, m, ax), memref.Int64, []int{2, 3}, 1, 2, 3, 5, 7, 9)
	wantInts(t, mustOp(t, "tf.Cumsum", nil, memref.Int64, m, memref.Scalar(int64(-1))), memref.Int64, []int{2, 3}, 1, 3, 6, 4, 9, 15)
	wantInts(t, mustOp(t, "tf.Cumsum", nil, memref.Int8, vec(t, int8(100), 100, -128), ax), memref.Int8, []int{3}, 100, -56, 72)
	wantUints(t, mustOp(t, "tf.Cumsum", nil, memref.Uint8, vec(t, uint8(200), 100), ax), memref.Uint8, []int{2}, 200, 44)
	// Floats: the running sum is rounded at every step, as TensorFlow and
	// numpy keep it (1 + 2^-24 rounds to 1, twice); NaN and Inf propagate.
	wantFloats(t, mustOp(t, "tf.Cumsum", nil, memref.Float32, vec(t, float32(1), 0x1p-24, 0x1p-24, float32(inf), float32(-inf)), ax),
		memref.Float32, []int{5}, 1, 1, 1, inf, nan)
	wantFloats(t, mustOp(t, "tf.Cumsum", nil, memref.Float16, f16s(t, []int{4}, 2048, 1, 1, 1), ax), memref.Float16, []int{4},
		2048, 2048, 2048, 2048) // 2049 is a tie (f16 spacing 2): to even, every step
	// numpy: np.cumsum of RandomState(7).uniform(-10, 10, (2, 7)) along axis 1, and reversed.
	r := tensor(t, []int{2, 7}, -8.473834212520856, 5.598375844802293, -1.2318153711821296, 4.469303556618824, 9.559790239932052, 0.7699174082086735, 0.022409273198757518,
		-8.55897733280477, -4.631220397962577, -0.0023499834888003335, 3.5845999224188105, 6.07478072208751, -2.381177337029232, -8.681273061881898)
	wantFloats(t, mustOp(t, "tf.Cumsum", nil, memref.Float64, r, memref.Scalar(int32(1))), memref.Float64, []int{2, 7},
		-8.473834212520856, -2.8754583677185632, -4.107273738900693, 0.36202981771813114, 9.921820057650184, 10.691737465858857, 10.714146739057615,
		-8.55897733280477, -13.190197730767345, -13.192547714256145, -9.607947791837335, -3.5331670697498243, -5.9143444067790565, -14.595617468660954)
	attrs := mlir.DictAttr{{Name: "reverse", Value: mlir.BoolAttr(true)}}
	wantFloats(t, mustOp(t, "tf.Cumsum", attrs, memref.Float64, r, memref.Scalar(int32(1))), memref.Float64, []int{2, 7},
		10.714146739057615, 19.18798095157847, 13.589605106776178, 14.821420477958307, 10.352116921339483, 0.792326681407431, 0.022409273198757518,
		-14.595617468660954, -6.036640135856186, -1.4054197378936095, -1.4030697544048092, -4.98766967682362, -11.06245039891113, -8.681273061881898)
	wantFloats(t, mustOp(t, "tf.Cumsum", nil, memref.Float16, f16s(t, []int{0, 13}), memref.Scalar(int32(1))), memref.Float16, []int{0, 13})
	wantFloats(t, mustOp(t, "tf.Cumsum", nil, memref.Float16, f16s(t, []int{1}, 2), ax), memref.Float16, []int{1}, 2)
	_, err := runOp(t, "tf.Cumsum", nil, mlir.Unranked(memref.Bool), vec(t, true), ax)
	wantErr(t, err, "does not support element type i1")
	_, err = runOp(t, "tf.Cumsum", nil, mlir.Unranked(memref.Int32), x, memref.Scalar(int32(1)))
	wantErr(t, err, "axis 1 is out of range [-1, 1)")
}

func TestRange(t *testing.T) {
	s := func(v any) *memref.Tensor {
		switch v := v.(type) {
		case int32:
			return memref.Scalar(v)
		case int64:
			return memref.Scalar(v)
		case int8:
			return memref.Scalar(v)
		case uint8:
			return memref.Scalar(v)
		case float32:
			return memref.Scalar(v)
		case float64:
			return memref.Scalar(v)
		}
		panic("type")
	}
	wantInts(t, mustOp(t, "tf.Range", nil, memref.Int32, s(int32(0)), s(int32(10)), s(int32(3))), memref.Int32, []int{4}, 0, 3, 6, 9)
	wantInts(t, mustOp(t, "tf.Range", nil, memref.Int32, s(int32(10)), s(int32(0)), s(int32(-3))), memref.Int32, []int{4}, 10, 7, 4, 1)
	wantInts(t, mustOp(t, "tf.Range", nil, memref.Int32, s(int32(5)), s(int32(5)), s(int32(1))), memref.Int32, []int{0})
	wantInts(t, mustOp(t, "tf.Range", nil, memref.Int32, s(int32(0)), s(int32(7)), s(int32(1))), memref.Int32, []int{7}, 0, 1, 2, 3, 4, 5, 6)
	wantInts(t, mustOp(t, "tf.Range", nil, memref.Int8, s(int8(-128)), s(int8(127)), s(int8(100))), memref.Int8, []int{3}, -128, -28, 72)
	wantUints(t, mustOp(t, "tf.Range", nil, memref.Uint8, s(uint8(250)), s(uint8(255)), s(uint8(2))), memref.Uint8, []int{3}, 250, 252, 254)
	wantInts(t, mustOp(t, "tf.Range", nil, memref.Int64, s(int64(math.MinInt64)), s(int64(math.MaxInt64)), s(int64(math.MaxInt64))),
		memref.Int64, []int{3}, math.MinInt64, -1, math.MaxInt64-1)
	// A one-element vector is accepted as a scalar.
	wantInts(t, mustOp(t, "tf.Range", nil, memref.Int64, vec(t, int64(1)), s(int64(3)), s(int64(1))), memref.Int64, []int{2}, 1, 2)
	// Floats: size ceil(|(limit - start) / delta|), element start + i·delta,
	// in float64 rounded once (numpy: np.float32(0 + i·np.float64(np.float32(0.1)))).
	wantFloats(t, mustOp(t, "tf.Range", nil, memref.Float32, s(float32(0)), s(float32(1)), s(float32(0.1))), memref.Float32, []int{10},
		0.0, 0.10000000149011612, 0.20000000298023224, 0.30000001192092896, 0.4000000059604645, 0.5, 0.6000000238418579, 0.699999988079071,
		0.800000011920929, 0.9000000357627869)
	// A long range does not drift: element 999 of 0, 0.1, … is f32(99.9000015).
	got := mustOp(t, "tf.Range", nil, memref.Float32, s(float32(0)), s(float32(100)), s(float32(0.1)))
	if got.Len() != 1000 || got.Float64At(999) != float64(float32(999*float64(float32(0.1)))) {
		t.Errorf("got %d elements, last %v", got.Len(), got.Float64At(got.Len()-1))
	}
	wantFloats(t, mustOp(t, "tf.Range", nil, memref.Float64, s(1.0), s(-1.0), s(-0.75)), memref.Float64, []int{3}, 1, 0.25, -0.5)
	// The size is computed in the element type, as TensorFlow's kernel does
	// (core/kernels/sequence_ops.cc RangeOp::Compute: size =
	// Eigen::numext::ceil(Eigen::numext::abs((limit - start) / delta)) with
	// T operands, and the XLA lowering, legalize_tf.cc ConvertDynamicRangeOp:
	// ceil(abs((limit - start) / delta)) in the element type). f32 0.3/0.1 is
	// 3.0000000745 in float64 (size 4) but rounds to 3.0 in f32 (size 3); f16
	// 0.5/f16(0.1) is 5.0012 in float64 (size 6) and 5.0 in f16 (size 5).
	wantFloats(t, mustOp(t, "tf.Range", nil, memref.Float32, s(float32(0)), s(float32(0.3)), s(float32(0.1))), memref.Float32, []int{3},
		0, 0.10000000149011612, 0.20000000298023224)
	wantFloats(t, mustOp(t, "tf.Range", nil, memref.Float16, f16s(t, nil, 0), f16s(t, nil, 0.5), f16s(t, nil, 0.0999755859375)), memref.Float16, []int{5},
		0, 0.0999755859375, 0.199951171875, 0.2998046875, 0.39990234375)
	wantFloats(t, mustOp(t, "tf.Range", nil, memref.Float32, s(float32(0.3)), s(float32(0)), s(float32(-0.1))), memref.Float32, []int{3},
		0.30000001192092896, 0.20000001788139343, 0.10000000894069672)
	wantFloats(t, mustOp(t, "tf.Range", nil, memref.Float16, f16s(t, nil, 2048), f16s(t, nil, 2052), f16s(t, nil, 1)), memref.Float16, []int{4},
		2048, 2048, 2050, 2052) // 2049 and 2051 are ties (f16 spacing 2): to even
	for _, c := range []struct {
		args []*memref.Tensor
		want string
	}{
		{[]*memref.Tensor{s(int32(0)), s(int32(5)), s(int32(0))}, "Requires delta != 0: 0"},
		{[]*memref.Tensor{s(int32(5)), s(int32(0)), s(int32(1))}, "Requires start <= limit when delta > 0: 5/0"},
		{[]*memref.Tensor{s(int32(0)), s(int32(5)), s(int32(-1))}, "Requires start >= limit when delta < 0: 0/5"},
		{[]*memref.Tensor{s(nan), s(1.0), s(1.0)}, "Requires start <= limit when delta > 0: NaN/1"},
		{[]*memref.Tensor{s(0.0), s(inf), s(1.0)}, "Requires ((limit - start) / delta) <= "},
		{[]*memref.Tensor{vec(t, int32(0), 1), s(int32(5)), s(int32(1))}, "start must be a scalar, not shape [2]"},
		{[]*memref.Tensor{s(int32(0)), s(int64(5)), s(int32(1))}, "operands 0 and 1 have different element types"},
	} {
		_, err := runOp(t, "tf.Range", nil, mlir.Unranked(c.args[0].DType), c.args...)
		wantErr(t, err, "'tf.Range' op "+c.want)
	}
}

func TestOneHot(t *testing.T) {
	on, off := memref.Scalar(float32(1)), memref.Scalar(float32(0))
	idx := vec(t, int32(0), 2, -1, 3)
	depth := memref.Scalar(int32(3))
	wantFloats(t, mustOp(t, "tf.OneHot", nil, memref.Float32, idx, depth, on, off), memref.Float32, []int{4, 3},
		1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0)
	attrs := mlir.DictAttr{{Name: "axis", Value: mlir.IntAttr{Value: 0}}}
	wantFloats(t, mustOp(t, "tf.OneHot", attrs, memref.Float32, idx, depth, on, off), memref.Float32, []int{3, 4},
		1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0)
	idx2 := tensor(t, []int{2, 2}, int64(0), 1, 2, 0)
	attrs = mlir.DictAttr{{Name: "axis", Value: mlir.IntAttr{Value: 1}}}
	wantInts(t, mustOp(t, "tf.OneHot", attrs, memref.Int32, idx2, depth, memref.Scalar(int32(5)), memref.Scalar(int32(-1))), memref.Int32, []int{2, 3, 2},
		5, -1, -1, 5, -1, -1, -1, 5, -1, -1, 5, -1)
	wantBools(t, mustOp(t, "tf.OneHot", nil, memref.Bool, vec(t, uint8(1), 0), memref.Scalar(int32(2)), memref.Scalar(true), memref.Scalar(false)),
		[]int{2, 2}, false, true, true, false)
	wantFloats(t, mustOp(t, "tf.OneHot", nil, memref.Float32, idx, memref.Scalar(int32(0)), on, off), memref.Float32, []int{4, 0})
	wantFloats(t, mustOp(t, "tf.OneHot", nil, memref.Float32, tensor(t, []int{0}, []int32{}...), depth, on, off), memref.Float32, []int{0, 3})
	_, err := runOp(t, "tf.OneHot", nil, mlir.Unranked(memref.Float32), idx, memref.Scalar(int32(-1)), on, off)
	wantErr(t, err, "depth must be non-negative, got: -1")
	attrs = mlir.DictAttr{{Name: "axis", Value: mlir.IntAttr{Value: -2}}}
	_, err = runOp(t, "tf.OneHot", attrs, mlir.Unranked(memref.Float32), idx, depth, on, off)
	wantErr(t, err, "Expected axis to be -1 or between [0, 2).  But received: -2")
	_, err = runOp(t, "tf.OneHot", nil, mlir.Unranked(memref.Float32), idx, depth, vec(t, float32(1)), off)
	wantErr(t, err, "on_value and off_value must be scalars")
}

func TestGather(t *testing.T) {
	p := tensor(t, []int{3, 2}, int32(1), 2, 3, 4, 5, 6)
	got := mustOp(t, "tf.Gather", nil, memref.Int32, p, vec(t, int32(2), 0, 2))
	wantInts(t, got, memref.Int32, []int{3, 2}, 5, 6, 1, 2, 5, 6)
	got = mustOp(t, "tf.GatherV2", nil, memref.Int32, p, memref.Scalar(int64(1)), memref.Scalar(int32(0)))
	wantInts(t, got, memref.Int32, []int{2}, 3, 4)
	got = mustOp(t, "tf.GatherV2", nil, memref.Int32, p, vec(t, int32(1), 1, 0), memref.Scalar(int32(-1)))
	wantInts(t, got, memref.Int32, []int{3, 3}, 2, 2, 1, 4, 4, 3, 6, 6, 5)
	// numpy: np.take(arange(24).reshape(2,3,4), [[2,0],[1,1],[0,2]], axis=1).
	q := tensor(t, []int{2, 3, 4}, iota32(24)...)
	got = mustOp(t, "tf.GatherV2", nil, memref.Int32, q, tensor(t, []int{3, 2}, int32(2), 0, 1, 1, 0, 2), memref.Scalar(int32(1)))
	wantInts(t, got, memref.Int32, []int{2, 3, 2, 4}, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7, 0, 1, 2, 3, 8, 9, 10, 11,
		20, 21, 22, 23, 12, 13, 14, 15, 16, 17, 18, 19, 16, 17, 18, 19, 12, 13, 14, 15, 20, 21, 22, 23)
	// batch_dims = 1 (and -1 for rank-2 indices): out[b, i] = params[b, indices[b, i]].
	bp := tensor(t, []int{2, 3}, float32(10), 11, 12, 20, 21, 22)
	bi := tensor(t, []int{2, 2}, int32(2), 0, 1, 1)
	for _, bd := range []int64{1, -1} {
		attrs := mlir.DictAttr{{Name: "batch_dims", Value: mlir.IntAttr{Value: bd}}}
		got = mustOp(t, "tf.GatherV2", attrs, memref.Float32, bp, bi, memref.Scalar(int32(1)))
		wantFloats(t, got, memref.Float32, []int{2, 2}, 12, 10, 21, 21)
	}
	// batch_dims = 1 with axis 2: out[b, x, i] = params[b, x, indices[b, i]].
	attrs := mlir.DictAttr{{Name: "batch_dims", Value: mlir.IntAttr{Value: 1}}}
	got = mustOp(t, "tf.GatherV2", attrs, memref.Int32, q, tensor(t, []int{2, 1}, int32(3), 0), memref.Scalar(int32(2)))
	wantInts(t, got, memref.Int32, []int{2, 3, 1}, 3, 7, 11, 12, 16, 20)
	wantBools(t, mustOp(t, "tf.Gather", nil, memref.Bool, vec(t, true, false), tensor(t, []int{0, 7}, []int32{}...)), []int{0, 7})
	got = mustOp(t, "tf.Gather", nil, memref.Int32, tensor(t, []int{13}, iota32(13)...), vec(t, int64(12), 0, 6, 6, 1, 3, 2))
	wantInts(t, got, memref.Int32, []int{7}, 12, 0, 6, 6, 1, 3, 2)

	_, err := runOp(t, "tf.Gather", nil, mlir.Unranked(memref.Int32), p, tensor(t, []int{2, 2}, int32(0), 1, 3, 0))
	wantErr(t, err, "'tf.Gather' op indices[1,0] = 3 is not in [0, 3)")
	_, err = runOp(t, "tf.GatherV2", nil, mlir.Unranked(memref.Int32), p, memref.Scalar(int32(-1)), memref.Scalar(int32(0)))
	wantErr(t, err, "'tf.GatherV2' op indices = -1 is not in [0, 3)")
	attrs = mlir.DictAttr{{Name: "batch_dims", Value: mlir.IntAttr{Value: 2}}}
	_, err = runOp(t, "tf.GatherV2", attrs, mlir.Unranked(memref.Float32), bp, bi, memref.Scalar(int32(1)))
	wantErr(t, err, "batch_dims (2) must be less than or equal to axis (1).")
	attrs = mlir.DictAttr{{Name: "batch_dims", Value: mlir.IntAttr{Value: 1}}}
	_, err = runOp(t, "tf.GatherV2", attrs, mlir.Unranked(memref.Float32), bp, tensor(t, []int{3, 1}, int32(0), 0, 0), memref.Scalar(int32(1)))
	wantErr(t, err, "params.shape[0]: 2 should be equal to indices.shape[0]: 3")
	_, err = runOp(t, "tf.GatherV2", nil, mlir.Unranked(memref.Int32), p, vec(t, int32(0)), memref.Scalar(int32(2)))
	wantErr(t, err, "Expected axis in the range 2 is out of range [-2, 2)")
}

// TestTensorScatterNarrowUpdates pins TF's behaviour for updates narrower
// than the slices their indices address: an error, not a partial write.
// TF's kernel checks updates.shape = indices.shape[:-1] +
// tensor.shape[K:] (core/kernels/scatter_nd_op.cc ValidateUpdateShape,
// and the shape function's "Inner dimensions of output shape must match
// inner dimensions of updates shape"; tensorflow/tensorflow#51412 shows
// TF refusing a [128,1023] update into [128,4096] rows).
func TestTensorScatterNarrowUpdates(t *testing.T) {
	m := tensor(t, []int{3, 4}, float32(0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	for _, op := range []string{"tf.TensorScatterUpdate", "tf.TensorScatterAdd"} {
		_, err := runOp(t, op, nil, mlir.Unranked(memref.Float32), m, tensor(t, []int{1, 1}, int32(1)), tensor(t, []int{1, 2}, float32(5), 6))
		wantErr(t, err, "updates must have shape [1,4] (indices.shape[:-1] + tensor.shape[1:]), got [1,2]")
	}
}

func TestTensorScatter(t *testing.T) {
	x := vec(t, int32(1), 2, 3, 4)
	got := mustOp(t, "tf.TensorScatterUpdate", nil, memref.Int32, x, tensor(t, []int{2, 1}, int32(1), 3), vec(t, int32(9), 10))
	wantInts(t, got, memref.Int32, []int{4}, 1, 9, 3, 10)
	// Repeated indices: updates apply in order (last wins, additions add up).
	got = mustOp(t, "tf.TensorScatterUpdate", nil, memref.Int32, x, tensor(t, []int{2, 1}, int64(1), 1), vec(t, int32(9), 10))
	wantInts(t, got, memref.Int32, []int{4}, 1, 10, 3, 4)
	got = mustOp(t, "tf.TensorScatterAdd", nil, memref.Int32, x, tensor(t, []int{3, 1}, int32(1), 1, 0), vec(t, int32(9), 10, -1))
	wantInts(t, got, memref.Int32, []int{4}, 0, 21, 3, 4)
	// Slices: K = 1 of a [3, 2] tensor, K = 2 elements, K = 0 the whole tensor.
	m := tensor(t, []int{3, 2}, float32(1), 2, 3, 4, 5, 6)
	got = mustOp(t, "tf.TensorScatterAdd", nil, memref.Float32, m, tensor(t, []int{2, 1}, int32(2), 0), tensor(t, []int{2, 2}, float32(10), 20, 30, 40))
	wantFloats(t, got, memref.Float32, []int{3, 2}, 31, 42, 3, 4, 15, 26)
	got = mustOp(t, "tf.TensorScatterUpdate", nil, memref.Float32, m, tensor(t, []int{2, 2}, int32(2), 1, 0, 0), vec(t, float32(-1), -2))
	wantFloats(t, got, memref.Float32, []int{3, 2}, -2, 2, 3, 4, 5, -1)
	got = mustOp(t, "tf.TensorScatterAdd", nil, memref.Float32, m, tensor(t, []int{1, 0}, []int32{}...), tensor(t, []int{1, 3, 2}, float32(1), 1, 1, 1, 1, 1))
	wantFloats(t, got, memref.Float32, []int{3, 2}, 2, 3, 4, 5, 6, 7)
	// No updates at all.
	got = mustOp(t, "tf.TensorScatterUpdate", nil, memref.Float32, m, tensor(t, []int{0, 1}, []int32{}...), tensor(t, []int{0, 2}, []float32{}...))
	wantFloats(t, got, memref.Float32, []int{3, 2}, 1, 2, 3, 4, 5, 6)
	// Float additions round one at a time; integers wrap; bools update.
	got = mustOp(t, "tf.TensorScatterAdd", nil, memref.Float32, vec(t, float32(1)), tensor(t, []int{2, 1}, int32(0), 0), vec(t, float32(0x1p-24), 0x1p-24))
	wantFloats(t, got, memref.Float32, []int{1}, 1)
	got = mustOp(t, "tf.TensorScatterAdd", nil, memref.Int8, vec(t, int8(127)), tensor(t, []int{1, 1}, int32(0)), vec(t, int8(1)))
	wantInts(t, got, memref.Int8, []int{1}, -128)
	wantBools(t, mustOp(t, "tf.TensorScatterUpdate", nil, memref.Bool, vec(t, false, false), tensor(t, []int{1, 1}, int32(1)), vec(t, true)),
		[]int{2}, false, true)

	_, err := runOp(t, "tf.TensorScatterUpdate", nil, mlir.Unranked(memref.Int32), x, tensor(t, []int{2, 1}, int32(1), 5), vec(t, int32(9), 10))
	wantErr(t, err, "'tf.TensorScatterUpdate' op indices[1] = [5] does not index into shape [4]")
	_, err = runOp(t, "tf.TensorScatterAdd", nil, mlir.Unranked(memref.Int32), x, tensor(t, []int{1, 1}, int32(-1)), vec(t, int32(9)))
	wantErr(t, err, "indices[0] = [-1] does not index into shape [4]")
	_, err = runOp(t, "tf.TensorScatterAdd", nil, mlir.Unranked(memref.Int32), x, tensor(t, []int{2, 1}, int32(1), 2), vec(t, int32(9)))
	wantErr(t, err, "updates must have shape [2] (indices.shape[:-1] + tensor.shape[1:]), got [1]")
	_, err = runOp(t, "tf.TensorScatterAdd", nil, mlir.Unranked(memref.Int32), x, tensor(t, []int{1, 2}, int32(1), 2), vec(t, int32(9)))
	wantErr(t, err, "Index innermost dimension length must be <= tensor rank; saw: 2 vs. 1")
	_, err = runOp(t, "tf.TensorScatterAdd", nil, mlir.Unranked(memref.Bool), vec(t, true), tensor(t, []int{1, 1}, int32(0)), vec(t, true))
	wantErr(t, err, "does not support element type i1")
}
