package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/internal/refeval"
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
	{name: "conv2d with a splat filter, grouped", src: `func.func @f(%x: tensor<?x?x?x?xf32>) -> tensor<?x?x?x4xf32> {
  %w = "tf.Const"() {value = dense<0.25> : tensor<2x2x2x4xf32>} : () -> tensor<2x2x2x4xf32>
  %0 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<2x2x2x4xf32>) -> tensor<?x?x?x4xf32>
  func.return %0 : tensor<?x?x?x4xf32>
}`, shapes: [][][]int{{{1, 5, 4, 2}}, {{2, 3, 3, 4}}, {{1, 1, 1, 2}}}},
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
	cases := []shapeErrorCase{
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
	checkShapeErrors(ctx, t, rt, cases)
}

// TestNNOpsSplitAcrossWorkers runs shapes large enough that the engine
// splits the nests into chunks over several workers (the conv's split loop
// is its output rows; an einsum's may come after its reduce loops).
func TestNNOpsSplitAcrossWorkers(t *testing.T) {
	rt := newRuntime(t, WithWorkers(4))
	src := `func.func @f(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>, %a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>) {
  %0 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Einsum"(%c) {equation = "ij->j"} : (tensor<?x?xf32>) -> tensor<?xf32>
  %3 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ki"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %2, %3 : tensor<?x?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>
}`
	for _, mode := range []Specialization{SpecializeDisabled, SpecializeAlways} {
		exe, err := rt.Compile(context.Background(), []byte(src), WithSpecialization(mode))
		if err != nil {
			t.Fatal(err)
		}
		shapes := [][]int{{2, 61, 67, 16}, {3, 3, 16, 16}, {301, 257}, {257, 129}, {4099, 601}}
		args := make([]*memref.Tensor, len(shapes))
		for i, s := range shapes {
			args[i] = nnArg(t, memref.Float32, s, func(k int) float64 { return nnValue(i, k) / 4 })
		}
		checkAgainstReference(t, exe, args, 1e-4, 1e-4)
	}
}

// TestNNRandomAgainstReference compiles random Conv2D, FusedBatchNorm and
// Einsum kernels (random attributes, equations, dims, each dim declared
// static or dynamic) and runs them on matching inputs: where the reference
// evaluator gives results, sandjit gives the same; where it reports an
// error, sandjit does too (at compile time or at run time).
func TestNNRandomAgainstReference(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(4, 2))
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := 0; i < n; i++ {
		var src string
		var shapes [][]int
		var dts []memref.DType
		switch i % 3 {
		case 0:
			src, shapes, dts = randomConv(rng)
		case 1:
			src, shapes, dts = randomBatchNorm(rng)
		case 2:
			src, shapes, dts = randomEinsum(rng)
		}
		args := make([]*memref.Tensor, len(shapes))
		for j, s := range shapes {
			gen := func(k int) float64 { return nnValue(j, k) }
			if i%3 == 1 && j == 4 {
				gen = func(k int) float64 { return bnGen(j, k) }
			}
			args[j] = nnArg(t, dts[j], s, gen)
		}
		m, err := mlir.Parse("kernel.mlir", []byte(src), mlir.DefaultParseLimits())
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		fn, _ := lower.SelectEntry(m, "")
		want, refErr := refeval.Eval(ctx, fn, m, args)
		mode := []Specialization{SpecializeDisabled, SpecializeAlways}[rng.IntN(2)]
		exe, err := rt.Compile(ctx, []byte(src), WithSpecialization(mode))
		var got []*memref.Tensor
		if err == nil {
			got, err = exe.Run(ctx, args...)
		}
		switch {
		case errors.Is(err, lower.ErrInternal) || (err != nil && strings.Contains(err.Error(), "internal")):
			t.Errorf("internal error: %v\n%s\nshapes %v", err, src, shapes)
		case refErr != nil && err == nil:
			t.Errorf("the reference fails (%v) but sandjit runs\n%s\nshapes %v", refErr, src, shapes)
		case refErr == nil && err != nil:
			t.Errorf("sandjit fails (%v) but the reference runs\n%s\nshapes %v", err, src, shapes)
		case refErr == nil:
			for r := range want {
				tol := 1e-5
				if dts[0] == memref.Float16 {
					tol = 2e-3
				}
				if e := golden.Compare(got[r], want[r], tol, tol); e != nil {
					t.Errorf("result %d: %v\n%s\nshapes %v (%s)", r, e, src, shapes, mode)
				}
			}
		}
	}
}

// typeText declares dims, each static or (at random) dynamic.
func nnTypeText(rng *rand.Rand, dims []int, dt memref.DType) string {
	s := "tensor<"
	for _, d := range dims {
		if rng.IntN(2) == 0 {
			s += "?x"
		} else {
			s += strconv.Itoa(d) + "x"
		}
	}
	return s + dt.String() + ">"
}

func nnDynType(rank int, dt memref.DType) string {
	return "tensor<" + strings.Repeat("?x", rank) + dt.String() + ">"
}

func randomConv(rng *rand.Rand) (string, [][]int, []memref.DType) {
	dt := []memref.DType{memref.Float32, memref.Float64, memref.Int32, memref.Float16}[rng.IntN(4)]
	fc, g := 1+rng.IntN(3), 1+rng.IntN(2)
	x := []int{rng.IntN(3), rng.IntN(8), rng.IntN(8), fc * g}
	w := []int{1 + rng.IntN(4), 1 + rng.IntN(4), fc, g * (1 + rng.IntN(3))}
	pad := []string{"SAME", "VALID", "EXPLICIT"}[rng.IntN(3)]
	attrs := fmt.Sprintf(`padding = %q, strides = [1, %d, %d, 1], dilations = [1, %d, %d, 1]`, pad, 1+rng.IntN(3), 1+rng.IntN(3), 1+rng.IntN(3), 1+rng.IntN(3))
	if pad == "EXPLICIT" {
		attrs += fmt.Sprintf(", explicit_paddings = [0, 0, %d, %d, %d, %d, 0, 0]", rng.IntN(3), rng.IntN(3), rng.IntN(3), rng.IntN(3))
	}
	xt, wt, rt := nnTypeText(rng, x, dt), nnTypeText(rng, w, dt), nnDynType(4, dt)
	src := fmt.Sprintf(`func.func @f(%%x: %s, %%w: %s) -> %s {
  %%0 = "tf.Conv2D"(%%x, %%w) {%s} : (%s, %s) -> %s
  func.return %%0 : %s
}`, xt, wt, rt, attrs, xt, wt, rt, rt)
	return src, [][]int{x, w}, []memref.DType{dt, dt}
}

func randomBatchNorm(rng *rand.Rand) (string, [][]int, []memref.DType) {
	format := []string{"NHWC", "NCHW", "NDHWC", "NCDHW"}[rng.IntN(4)]
	x := make([]int, len(format))
	for a := range x {
		x[a] = rng.IntN(4)
	}
	ch := x[len(x)-1]
	if format[1] == 'C' {
		ch = x[1]
	}
	dt := []memref.DType{memref.Float32, memref.Float16}[rng.IntN(2)]
	op := []string{"tf.FusedBatchNorm", "tf.FusedBatchNormV2", "tf.FusedBatchNormV3"}[rng.IntN(3)]
	xt, pt := nnTypeText(rng, x, dt), nnTypeText(rng, []int{ch}, memref.Float32)
	c := nnDynType(1, memref.Float32)
	results := []string{nnDynType(len(x), dt), c, c, c, c}
	if op == "tf.FusedBatchNormV3" {
		results = append(results, "tensor<*xf32>")
	}
	ret := rng.IntN(5)
	src := fmt.Sprintf(`func.func @f(%%x: %s, %%s: %s, %%o: %s, %%m: %s, %%v: %s) -> (%s, %s) {
  %%0:%d = %q(%%x, %%s, %%o, %%m, %%v) {data_format = %q, epsilon = %g : f32, is_training = false} : (%s, %s, %s, %s, %s) -> (%s)
  func.return %%0#0, %%0#%d : %s, %s
}`, xt, pt, pt, pt, pt, results[0], results[ret],
		len(results), op, format, []float64{1e-3, 1e-4, 0.5}[rng.IntN(3)], xt, pt, pt, pt, pt, strings.Join(results, ", "),
		ret, results[0], results[ret])
	p := []int{ch}
	if rng.IntN(8) == 0 {
		p = []int{ch + 1} // a mismatch
	}
	f32 := memref.Float32
	return src, [][]int{x, p, p, p, p}, []memref.DType{dt, f32, f32, f32, f32}
}

func randomEinsum(rng *rand.Rand) (string, [][]int, []memref.DType) {
	letters := "abcdE"
	size := map[byte]int{}
	for i := range letters {
		size[letters[i]] = rng.IntN(4)
	}
	dt := []memref.DType{memref.Float32, memref.Int64, memref.Float16}[rng.IntN(3)]
	nops := 1 + rng.IntN(2)
	ne := rng.IntN(3)
	ell := make([]int, ne)
	for e := range ell {
		ell[e] = 1 + rng.IntN(3)
	}
	var terms, types []string
	var shapes [][]int
	used := map[byte]bool{}
	hasEll := false
	for j := 0; j < nops; j++ {
		perm := rng.Perm(len(letters))[:rng.IntN(4)]
		var term string
		var shape []int
		withEll := ne > 0 && rng.IntN(2) == 0
		at := rng.IntN(len(perm) + 1)
		for p := 0; p <= len(perm); p++ {
			if withEll && p == at {
				term += "..."
				k := rng.IntN(ne + 1) // this operand's "..." dims: the last k
				for _, d := range ell[ne-k:] {
					if rng.IntN(3) == 0 {
						d = 1
					}
					shape = append(shape, d)
				}
				hasEll = true
			}
			if p < len(perm) {
				l := letters[perm[p]]
				term += string(l)
				shape = append(shape, size[l])
				used[l] = true
			}
		}
		terms = append(terms, term)
		shapes = append(shapes, shape)
		types = append(types, nnTypeText(rng, shape, dt))
	}
	eq := strings.Join(terms, ",")
	if rng.IntN(4) != 0 {
		var out []byte
		for _, k := range rng.Perm(len(letters)) {
			if used[letters[k]] && rng.IntN(2) == 0 {
				out = append(out, letters[k])
			}
		}
		o := string(out)
		if hasEll || rng.IntN(4) == 0 {
			at := rng.IntN(len(o) + 1)
			o = o[:at] + "..." + o[at:]
		}
		eq += "->" + o
	}
	if rng.IntN(10) == 0 && len(shapes[0]) > 0 {
		shapes[0][0]++ // a size mismatch, most of the time
	}
	res := "tensor<*x" + dt.String() + ">"
	var params, names []string
	for j := range terms {
		params = append(params, fmt.Sprintf("%%a%d: %s", j, types[j]))
		names = append(names, fmt.Sprintf("%%a%d", j))
	}
	src := fmt.Sprintf(`func.func @f(%s) -> %s {
  %%0 = "tf.Einsum"(%s) {equation = %q} : (%s) -> %s
  func.return %%0 : %s
}`, strings.Join(params, ", "), res, strings.Join(names, ", "), eq, strings.Join(types, ", "), res, res)
	dts := make([]memref.DType, nops)
	for j := range dts {
		dts[j] = dt
	}
	return src, shapes, dts
}

// shapeErrorCase is a kernel whose run on f32 inputs of shapes (all ones)
// must fail with ErrShape and a message containing want.
type shapeErrorCase struct {
	src    string
	shapes [][]int
	want   string
}

// checkShapeErrors runs each case in every specialization mode.
func checkShapeErrors(ctx context.Context, t *testing.T, rt *Runtime, cases []shapeErrorCase) {
	t.Helper()
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
