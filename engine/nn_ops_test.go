package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// nnCase is a kernel of Conv2D, FusedBatchNorm or Einsum ops and the
// argument shapes to run it on, each run checked against the reference
// evaluator under every specialization mode.
type nnCase struct {
	name   string
	src    string
	shapes [][][]int // per run, per argument
	// gen gives element k of argument arg (nil: nnValue).
	gen        func(arg, k int) float64
	rtol, atol float64
}

// nnValue is a deterministic spread of small values, some negative.
func nnValue(arg, k int) float64 { return float64((k*37+arg*11)%19)/6 - 1.5 }

// nnArg builds an argument of dtype dt and shape from gen (integers
// truncate).
func nnArg(t *testing.T, dt memref.DType, shape []int, gen func(k int) float64) *memref.Tensor {
	t.Helper()
	x, err := memref.New(dt, shape)
	if err != nil {
		t.Fatal(err)
	}
	es := dt.Size()
	for k := 0; k < x.Len(); k++ {
		v := gen(k)
		b := x.Data[k*es : (k+1)*es]
		switch dt {
		case memref.Float16:
			binary.LittleEndian.PutUint16(b, memref.F32ToF16(float32(v)))
		case memref.Float32:
			binary.LittleEndian.PutUint32(b, math.Float32bits(float32(v)))
		case memref.Float64:
			binary.LittleEndian.PutUint64(b, math.Float64bits(v))
		case memref.Int32:
			binary.LittleEndian.PutUint32(b, uint32(int32(v)))
		case memref.Int64:
			binary.LittleEndian.PutUint64(b, uint64(int64(v)))
		default:
			t.Fatalf("nnArg: %s", dt)
		}
	}
	return x
}

// bnGen keeps FusedBatchNorm's variance (operand 4) positive.
func bnGen(arg, k int) float64 {
	v := nnValue(arg, k)
	if arg == 4 {
		return math.Abs(v) + 0.25
	}
	return v
}

// intGen spreads i32/i64 values over the whole range, so products and sums
// wrap.
func intGen(arg, k int) float64 {
	return float64(int32(uint32(k*2654435761 + arg*40503)))
}

var nnCases = []nnCase{
	{name: "conv2d paddings, strides, dilations (dynamic)", src: `func.func @f(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %0 = "tf.Conv2D"(%x, %w) {data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.Conv2D"(%x, %w) {padding = "VALID", strides = [1, 2, 3, 1]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %3 = "tf.Conv2D"(%x, %w) {padding = "EXPLICIT", explicit_paddings = [0, 0, 1, 2, 0, 3, 0, 0], strides = [1, 2, 1, 1], dilations = [1, 1, 2, 1]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %4 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 1, 2, 1], dilations = [1, 2, 3, 1]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %0, %1, %2, %3, %4 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}`, shapes: [][][]int{
		{{2, 7, 13, 3}, {3, 3, 3, 4}},
		{{1, 13, 7, 5}, {2, 3, 5, 2}},
		{{1, 1, 1, 1}, {3, 3, 1, 1}},
		{{0, 5, 5, 2}, {3, 3, 2, 3}},
		{{1, 0, 5, 2}, {3, 3, 2, 3}},
		{{2, 9, 8, 6}, {3, 3, 3, 4}}, // two groups
		{{1, 6, 5, 4}, {1, 1, 1, 8}}, // four groups, a 1x1 filter
		{{1, 4, 4, 2}, {5, 3, 2, 1}}, // a filter taller than the image
	}},
	{name: "conv2d static shapes and groups", src: `func.func @f(%x: tensor<1x9x9x8xf32>, %w: tensor<3x3x8x4xf32>, %v: tensor<2x7x13x4xf32>, %k: tensor<2x3x2x6xf32>) -> (tensor<1x5x5x4xf32>, tensor<1x4x4x4xf32>, tensor<2x7x13x6xf32>, tensor<2x8x7x6xf32>) {
  %0 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x9x9x8xf32>, tensor<3x3x8x4xf32>) -> tensor<1x5x5x4xf32>
  %1 = "tf.Conv2D"(%x, %w) {padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x9x9x8xf32>, tensor<3x3x8x4xf32>) -> tensor<1x4x4x4xf32>
  %2 = "tf.Conv2D"(%v, %k) {padding = "SAME", strides = [1, 1, 1, 1], dilations = [1, 2, 2, 1]} : (tensor<2x7x13x4xf32>, tensor<2x3x2x6xf32>) -> tensor<2x7x13x6xf32>
  %3 = "tf.Conv2D"(%v, %k) {padding = "EXPLICIT", explicit_paddings = [0, 0, 2, 0, 1, 1, 0, 0], strides = [1, 1, 2, 1]} : (tensor<2x7x13x4xf32>, tensor<2x3x2x6xf32>) -> tensor<2x8x7x6xf32>
  func.return %0, %1, %2, %3 : tensor<1x5x5x4xf32>, tensor<1x4x4x4xf32>, tensor<2x7x13x6xf32>, tensor<2x8x7x6xf32>
}`, shapes: [][][]int{{{1, 9, 9, 8}, {3, 3, 8, 4}, {2, 7, 13, 4}, {2, 3, 2, 6}}}},
	{name: "conv2d with a constant filter, fused producer and epilogue", src: `func.func @f(%x: tensor<?x?x?x2xf32>, %b: tensor<2xf32>) -> tensor<?x?x?x2xf32> {
  %w = "tf.Const"() {value = dense<[[[[1.0, -2.0], [0.5, 3.0]]], [[[-1.0, 0.25], [2.0, -0.5]]]]> : tensor<2x1x2x2xf32>} : () -> tensor<2x1x2x2xf32>
  %r = "tf.Relu"(%x) : (tensor<?x?x?x2xf32>) -> tensor<?x?x?x2xf32>
  %0 = "tf.Conv2D"(%r, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x2xf32>, tensor<2x1x2x2xf32>) -> tensor<?x?x?x2xf32>
  %1 = "tf.BiasAdd"(%0, %b) : (tensor<?x?x?x2xf32>, tensor<2xf32>) -> tensor<?x?x?x2xf32>
  %2 = "tf.Tanh"(%1) : (tensor<?x?x?x2xf32>) -> tensor<?x?x?x2xf32>
  func.return %2 : tensor<?x?x?x2xf32>
}`, shapes: [][][]int{{{2, 7, 13, 2}, {2}}, {{1, 1, 1, 2}, {2}}, {{3, 0, 4, 2}, {2}}}},
	{name: "conv2d of a splat input", src: `func.func @f(%w: tensor<?x?x?x?xf32>) -> (tensor<2x5x5x?xf32>, tensor<2x?x?x?xf32>) {
  %x = "tf.Const"() {value = dense<0.5> : tensor<2x5x5x3xf32>} : () -> tensor<2x5x5x3xf32>
  %0 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<2x5x5x3xf32>, tensor<?x?x?x?xf32>) -> tensor<2x5x5x?xf32>
  %1 = "tf.Conv2D"(%x, %w) {padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<2x5x5x3xf32>, tensor<?x?x?x?xf32>) -> tensor<2x?x?x?xf32>
  func.return %0, %1 : tensor<2x5x5x?xf32>, tensor<2x?x?x?xf32>
}`, shapes: [][][]int{{{3, 3, 3, 4}}, {{2, 1, 1, 6}}, {{1, 1, 3, 6}}}},
	{name: "conv2d f16", src: `func.func @f(%x: tensor<?x?x?x?xf16>, %w: tensor<?x?x?x?xf16>) -> (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) {
  %0 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 2, 1, 1]} : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x?xf16>
  %1 = "tf.Conv2D"(%x, %w) {padding = "VALID", strides = [1, 1, 1, 1], dilations = [1, 2, 1, 1]} : (tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>) -> tensor<?x?x?x?xf16>
  func.return %0, %1 : tensor<?x?x?x?xf16>, tensor<?x?x?x?xf16>
}`, shapes: [][][]int{{{2, 7, 13, 3}, {3, 3, 3, 4}}, {{1, 5, 1, 1}, {2, 1, 1, 1}}}, rtol: 2e-3, atol: 2e-3},
	{name: "conv2d f64 and i32", src: `func.func @f(%x: tensor<?x?x?x?xf64>, %w: tensor<?x?x?x?xf64>, %xi: tensor<?x?x?x?xi32>, %wi: tensor<?x?x?x?xi32>) -> (tensor<?x?x?x?xf64>, tensor<?x?x?x?xi32>, tensor<?x?x?x?xi32>) {
  %0 = "tf.Conv2D"(%x, %w) {padding = "EXPLICIT", explicit_paddings = [0, 0, 0, 1, 2, 0, 0, 0], strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf64>, tensor<?x?x?x?xf64>) -> tensor<?x?x?x?xf64>
  %1 = "tf.Conv2D"(%xi, %wi) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xi32>, tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32>
  %2 = "tf.Conv2D"(%xi, %wi) {padding = "VALID", strides = [1, 3, 1, 1], dilations = [1, 1, 2, 1]} : (tensor<?x?x?x?xi32>, tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32>
  func.return %0, %1, %2 : tensor<?x?x?x?xf64>, tensor<?x?x?x?xi32>, tensor<?x?x?x?xi32>
}`, shapes: [][][]int{
		{{2, 7, 13, 3}, {3, 3, 3, 4}, {2, 7, 13, 3}, {3, 3, 3, 2}},
		{{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 9, 9, 1}, {2, 2, 1, 1}},
		{{0, 3, 3, 1}, {3, 3, 1, 1}, {1, 7, 7, 4}, {3, 3, 2, 6}},
	}, gen: func(arg, k int) float64 {
		if arg >= 2 {
			return intGen(arg, k)
		}
		return nnValue(arg, k)
	}},

	{name: "batch norm NHWC, every result", src: `func.func @f(%x: tensor<?x?x?x?xf32>, %s: tensor<?xf32>, %o: tensor<?xf32>, %m: tensor<?xf32>, %v: tensor<?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<*xf32>) {
  %0:6 = "tf.FusedBatchNormV3"(%x, %s, %o, %m, %v) {data_format = "NHWC", epsilon = 1.000000e-03 : f32, exponential_avg_factor = 1.000000e+00 : f32, is_training = false} : (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<*xf32>)
  func.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<*xf32>
}`, shapes: [][][]int{
		{{2, 5, 7, 3}, {3}, {3}, {3}, {3}},
		{{1, 1, 1, 1}, {1}, {1}, {1}, {1}},
		{{0, 3, 2, 4}, {4}, {4}, {4}, {4}},
		{{2, 7, 13, 1}, {1}, {1}, {1}, {1}},
		{{1, 2, 2, 0}, {0}, {0}, {0}, {0}},
	}, gen: bnGen},
	{name: "batch norm NCHW and 5-D, V1 and V2", src: `func.func @f(%x: tensor<?x?x?x?xf32>, %s: tensor<?xf32>, %o: tensor<?xf32>, %m: tensor<?xf32>, %v: tensor<?xf32>, %y: tensor<?x?x?x?x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) {
  %0:5 = "tf.FusedBatchNorm"(%x, %s, %o, %m, %v) {data_format = "NCHW", is_training = false} : (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
  %1:5 = "tf.FusedBatchNormV2"(%y, %s, %o, %m, %v) {data_format = "NCDHW", epsilon = 0.5 : f32, is_training = false} : (tensor<?x?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
  %2:6 = "tf.FusedBatchNormV3"(%y, %s, %o, %m, %v) {data_format = "NDHWC", epsilon = 0.5 : f32, is_training = false} : (tensor<?x?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
  func.return %0#0, %0#4, %1#0, %2#0 : tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>
}`, shapes: [][][]int{
		{{2, 3, 5, 7}, {3}, {3}, {3}, {3}, {2, 3, 2, 4, 3}},
		{{1, 13, 1, 7}, {13}, {13}, {13}, {13}, {1, 13, 1, 1, 13}},
	}, gen: bnGen},
	{name: "batch norm static with constants", src: `func.func @f(%x: tensor<2x3x4x3xf32>, %s: tensor<3xf32>) -> (tensor<2x3x4x3xf32>, tensor<3xf32>, tensor<0xf32>) {
  %m = "tf.Const"() {value = dense<0.5> : tensor<3xf32>} : () -> tensor<3xf32>
  %v = "tf.Const"() {value = dense<[1.0, 2.0, 4.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0:6 = "tf.FusedBatchNormV3"(%x, %s, %m, %m, %v) {is_training = false} : (tensor<2x3x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<0xf32>)
  func.return %0#0, %0#2, %0#5 : tensor<2x3x4x3xf32>, tensor<3xf32>, tensor<0xf32>
}`, shapes: [][][]int{{{2, 3, 4, 3}, {3}}}},
	{name: "batch norm f16 and f64", src: `func.func @f(%x: tensor<?x?x?x?xf16>, %s: tensor<?xf32>, %o: tensor<?xf32>, %m: tensor<?xf32>, %v: tensor<?xf32>, %y: tensor<?x?x?x?xf64>, %s2: tensor<?xf64>) -> (tensor<?x?x?x?xf16>, tensor<?xf32>, tensor<?x?x?x?xf64>, tensor<?xf64>) {
  %0:6 = "tf.FusedBatchNormV3"(%x, %s, %o, %m, %v) {data_format = "NCHW", is_training = false} : (tensor<?x?x?x?xf16>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x?x?x?xf16>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<*xf32>)
  %1:6 = "tf.FusedBatchNormV3"(%y, %s2, %s2, %s2, %s2) {is_training = false, epsilon = 1.0e-05 : f32} : (tensor<?x?x?x?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> (tensor<?x?x?x?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<*xf64>)
  func.return %0#0, %0#2, %1#0, %1#1 : tensor<?x?x?x?xf16>, tensor<?xf32>, tensor<?x?x?x?xf64>, tensor<?xf64>
}`, shapes: [][][]int{
		{{2, 3, 5, 7}, {3}, {3}, {3}, {3}, {1, 7, 13, 5}, {5}},
		{{0, 3, 1, 1}, {3}, {3}, {3}, {3}, {2, 1, 1, 1}, {1}},
	}, gen: func(arg, k int) float64 {
		if arg == 6 {
			return math.Abs(nnValue(arg, k)) + 0.5
		}
		return bnGen(arg, k)
	}, rtol: 2e-3, atol: 2e-3},

	{name: "einsum forms (dynamic)", src: `func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?x?xf32>, %d: tensor<?x?x?xf32>, %v: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<f32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?x?xf32>) {
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Einsum"(%c, %d) {equation = "bij,bjk->bik"} : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %2 = "tf.Einsum"(%a) {equation = "ij->ji"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Einsum"(%a, %a) {equation = "ij,ij->i"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?xf32>
  %4 = "tf.Einsum"(%a, %b) {equation = "ij,jk"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = "tf.Einsum"(%a) {equation = "ij->"} : (tensor<?x?xf32>) -> tensor<f32>
  %6 = "tf.Einsum"(%a) {equation = "ij->j"} : (tensor<?x?xf32>) -> tensor<?xf32>
  %7 = "tf.Einsum"(%a) {equation = "ba"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %8 = "tf.Einsum"(%a, %v) {equation = "ij,j->i"} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %9 = "tf.Einsum"(%c, %d) {equation = "bij,bjk->bki"} : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<f32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?x?xf32>
}`, shapes: [][][]int{
		{{7, 13}, {13, 5}, {2, 7, 13}, {2, 13, 5}, {13}},
		{{1, 1}, {1, 1}, {1, 1, 1}, {1, 1, 1}, {1}},
		{{0, 5}, {5, 3}, {0, 3, 2}, {0, 2, 4}, {5}},
		{{4, 0}, {0, 3}, {3, 4, 0}, {3, 0, 4}, {0}},
		{{13, 64}, {64, 7}, {3, 13, 64}, {3, 64, 7}, {64}},
	}},
	{name: "einsum ellipsis broadcasting", src: `func.func @f(%a: tensor<?x?x?x?xf32>, %b: tensor<?x?x?xf32>, %c: tensor<2x1x4x5xf32>, %d: tensor<3x5x6xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<2x3x4x6xf32>, tensor<?x?x?xf32>) {
  %0 = "tf.Einsum"(%a, %b) {equation = "...ij,...jk->...ik"} : (tensor<?x?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.Einsum"(%a, %b) {equation = "...ij,...jk"} : (tensor<?x?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tf.Einsum"(%c, %d) {equation = "...ij,...jk->...ik"} : (tensor<2x1x4x5xf32>, tensor<3x5x6xf32>) -> tensor<2x3x4x6xf32>
  %3 = "tf.Einsum"(%a) {equation = "a...c->c..."} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0, %1, %2, %3 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<2x3x4x6xf32>, tensor<?x?x?xf32>
}`, shapes: [][][]int{
		{{2, 3, 4, 5}, {3, 5, 6}, {2, 1, 4, 5}, {3, 5, 6}},
		{{2, 1, 4, 5}, {3, 5, 6}, {2, 1, 4, 5}, {3, 5, 6}},
		{{2, 3, 4, 5}, {1, 5, 6}, {2, 1, 4, 5}, {3, 5, 6}},
		{{1, 1, 7, 13}, {1, 13, 1}, {2, 1, 4, 5}, {3, 5, 6}},
		{{2, 0, 4, 5}, {1, 5, 6}, {2, 1, 4, 5}, {3, 5, 6}},
	}},
	{name: "einsum static, uppercase labels, attention", src: `func.func @f(%q: tensor<2x3x7x8xf32>, %k: tensor<2x3x5x8xf32>, %a: tensor<4x6xf32>, %b: tensor<6x3xf32>) -> (tensor<2x3x7x5xf32>, tensor<4x3xf32>, tensor<3x4xf32>) {
  %0 = "tf.Einsum"(%q, %k) {equation = "bhqd,bhkd->bhqk"} : (tensor<2x3x7x8xf32>, tensor<2x3x5x8xf32>) -> tensor<2x3x7x5xf32>
  %1 = "tf.Einsum"(%a, %b) {equation = "aB,BC->aC"} : (tensor<4x6xf32>, tensor<6x3xf32>) -> tensor<4x3xf32>
  %2 = "tf.Einsum"(%a, %b) {equation = "aB,BC"} : (tensor<4x6xf32>, tensor<6x3xf32>) -> tensor<3x4xf32>
  func.return %0, %1, %2 : tensor<2x3x7x5xf32>, tensor<4x3xf32>, tensor<3x4xf32>
}`, shapes: [][][]int{{{2, 3, 7, 8}, {2, 3, 5, 8}, {4, 6}, {6, 3}}}},
	{name: "einsum f16, f64, i32, i64", src: `func.func @f(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %c: tensor<?x?xf64>, %d: tensor<?x?xf64>, %e: tensor<?x?xi32>, %g: tensor<?x?xi32>, %h: tensor<?x?xi64>) -> (tensor<?x?xf16>, tensor<?x?xf16>, tensor<?x?xf64>, tensor<?x?xi32>, tensor<?xi64>) {
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<?x?xf16>, tensor<?x?xf16>) -> tensor<?x?xf16>
  %1 = "tf.Einsum"(%a) {equation = "ij->ji"} : (tensor<?x?xf16>) -> tensor<?x?xf16>
  %2 = "tf.Einsum"(%c, %d) {equation = "ij,kj->ki"} : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  %3 = "tf.Einsum"(%e, %g) {equation = "ij,jk->ik"} : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  %4 = "tf.Einsum"(%h, %h) {equation = "ij,ij->j"} : (tensor<?x?xi64>, tensor<?x?xi64>) -> tensor<?xi64>
  func.return %0, %1, %2, %3, %4 : tensor<?x?xf16>, tensor<?x?xf16>, tensor<?x?xf64>, tensor<?x?xi32>, tensor<?xi64>
}`, shapes: [][][]int{
		{{7, 13}, {13, 5}, {3, 4}, {5, 4}, {7, 13}, {13, 5}, {3, 4}},
		{{1, 1}, {1, 0}, {0, 4}, {2, 4}, {1, 1}, {1, 1}, {0, 9}},
	}, gen: func(arg, k int) float64 {
		if arg >= 4 {
			return intGen(arg, k)
		}
		return nnValue(arg, k)
	}, rtol: 2e-3, atol: 2e-3},
}

var nnModes = []Specialization{SpecializeDisabled, SpecializeAlways, SpecializeEnabled}

// TestNNOpsAgainstReference runs every case in every specialization mode
// (Always compiles for each run's shapes, with its static dims).
func TestNNOpsAgainstReference(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	for _, c := range nnCases {
		if c.shapes == nil {
			continue
		}
		for _, mode := range nnModes {
			t.Run(c.name+"/"+mode.String(), func(t *testing.T) {
				exe, err := rt.Compile(ctx, []byte(c.src), WithSpecialization(mode))
				if err != nil {
					t.Fatal(err)
				}
				gen := c.gen
				if gen == nil {
					gen = nnValue
				}
				rtol, atol := c.rtol, c.atol
				if rtol == 0 {
					rtol, atol = 1e-5, 1e-5
				}
				in, _ := exe.Signature()
				for _, shapes := range c.shapes {
					args := make([]*memref.Tensor, len(shapes))
					for i, s := range shapes {
						args[i] = nnArg(t, in[i].Elem, s, func(k int) float64 { return gen(i, k) })
					}
					checkAgainstReference(t, exe, args, rtol, atol)
				}
			})
		}
	}
}

// TestNNRunErrors: sizes that only the run knows are checked on the host,
// with the op's position.
func TestNNRunErrors(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	cases := []struct {
		src    string
		shapes [][]int
		want   string
	}{
		{`func.func @f(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %0 = "tf.Conv2D"(%x, %w) {padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %0 : tensor<?x?x?x?xf32>
}`, [][]int{{1, 5, 5, 3}, {3, 3, 2, 4}}, "kernel.mlir:2:8: 'tf.Conv2D' op input depth must be evenly divisible by filter depth (and positive): 3 vs 2"},
		{`func.func @f(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %0 = "tf.Conv2D"(%x, %w) {padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %0 : tensor<?x?x?x?xf32>
}`, [][]int{{1, 5, 5, 4}, {3, 3, 2, 3}}, "'tf.Conv2D' op output depth must be evenly divisible by number of groups: 3 vs 2"},
		{`func.func @f(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %0 = "tf.Conv2D"(%x, %w) {padding = "VALID", strides = [1, 1, 1, 1], dilations = [1, 3, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %0 : tensor<?x?x?x?xf32>
}`, [][]int{{1, 4, 5, 1}, {3, 3, 1, 1}}, "'tf.Conv2D' op Computed output size would be negative: -2 [input_size: 4, effective_filter_size: 7, stride: 1]"},
		{`func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, [][]int{{3, 4}, {5, 6}}, "kernel.mlir:2:8: 'tf.Einsum' op Expected dimension 4 at axis 0 of input 1 shaped [5,6] but got dimension 5"},
		{`func.func @f(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = "tf.Einsum"(%a, %b) {equation = "...ij,...jk->...ik"} : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0 : tensor<?x?x?xf32>
}`, [][]int{{2, 3, 4}, {3, 4, 5}}, `'tf.Einsum' op the inputs' "..." dims do not broadcast: [2] vs. [3]`},
		{`func.func @f(%x: tensor<?x?x?x?xf32>, %s: tensor<?xf32>) -> tensor<?x?x?x?xf32> {
  %0:6 = "tf.FusedBatchNormV3"(%x, %s, %s, %s, %s) {is_training = false} : (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<*xf32>)
  func.return %0#0 : tensor<?x?x?x?xf32>
}`, [][]int{{1, 2, 2, 3}, {4}}, "kernel.mlir:2:10: 'tf.FusedBatchNormV3' op scale must have the same number of elements as the channels of x, got 4 and 3"},
	}
	for _, c := range cases {
		for _, mode := range nnModes {
			exe, err := rt.Compile(ctx, []byte(c.src), WithSpecialization(mode))
			if err != nil {
				t.Fatal(err)
			}
			args := make([]*memref.Tensor, len(c.shapes))
			for i, s := range c.shapes {
				args[i] = nnArg(t, memref.Float32, s, func(k int) float64 { return 1 })
			}
			_, err = exe.Run(ctx, args...)
			if err == nil || !errors.Is(err, ErrShape) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: got %v, want a shape error containing %q", mode, err, c.want)
			}
		}
	}
}
