package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// dataCase is a kernel of data-movement ops and the argument shapes to
// run it on (each run against the reference evaluator).
type dataCase struct {
	name   string
	src    string
	shapes [][][]int // per run, per argument
	ints   map[int][]int32
}

func intArg(shape []int, vals []int32) *memref.Tensor {
	t, _ := memref.FromSlice(shape, vals)
	return t
}

var dataCases = []dataCase{
	{name: "transpose const perm fused with exp", src: `func.func @f(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %p = "tf.Const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tf.Transpose"(%x, %p) : (tensor<?x?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %1 = "tf.Exp"(%0) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %1 : tensor<?x?x?xf32>
}`, shapes: [][][]int{{{2, 3, 5}}, {{7, 1, 13}}, {{0, 4, 2}}}},
	{name: "reshape to shape of another", src: `func.func @f(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = "tf.Shape"(%x) : (tensor<?x?xf32>) -> tensor<2xi64>
  %0 = "tf.Reshape"(%y, %s) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %1 = "tf.Mul"(%0, %x) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %1 : tensor<?x?xf32>
}`, shapes: [][][]int{{{3, 4}, {12}}, {{7, 13}, {91}}, {{1, 1}, {1}}}},
	{name: "reshape with -1, expand, squeeze, returned views", src: `func.func @f(%x: tensor<?x?xi32>) -> (tensor<?x2xi32>, tensor<1x?x?xi32>, tensor<?x?xi32>) {
  %s = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Reshape"(%x, %s) : (tensor<?x?xi32>, tensor<2xi32>) -> tensor<?x2xi32>
  %d = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.ExpandDims"(%x, %d) : (tensor<?x?xi32>, tensor<i32>) -> tensor<1x?x?xi32>
  %2 = "tf.Squeeze"(%1) {squeeze_dims = [0]} : (tensor<1x?x?xi32>) -> tensor<?x?xi32>
  func.return %0, %1, %2 : tensor<?x2xi32>, tensor<1x?x?xi32>, tensor<?x?xi32>
}`, shapes: [][][]int{{{3, 4}}, {{1, 6}}, {{0, 2}}}},
	{name: "broadcast_to and fill", src: `func.func @f(%x: tensor<?xf64>, %v: tensor<f64>) -> (tensor<3x?xf64>, tensor<2x3xf64>, tensor<?x?xf64>) {
  %s = "tf.Const"() {value = dense<[3]> : tensor<1xi32>} : () -> tensor<1xi32>
  %sx = "tf.Shape"(%x) : (tensor<?xf64>) -> tensor<1xi32>
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %m = "tf.ConcatV2"(%s, %sx, %a) : (tensor<1xi32>, tensor<1xi32>, tensor<i32>) -> tensor<2xi32>
  %0 = "tf.BroadcastTo"(%x, %m) : (tensor<?xf64>, tensor<2xi32>) -> tensor<3x?xf64>
  %d = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<f64>) -> tensor<2x3xf64>
  %sx2 = "tf.ConcatV2"(%sx, %sx, %a) : (tensor<1xi32>, tensor<1xi32>, tensor<i32>) -> tensor<2xi32>
  %2 = "tf.Fill"(%sx2, %v) : (tensor<2xi32>, tensor<f64>) -> tensor<?x?xf64>
  func.return %0, %1, %2 : tensor<3x?xf64>, tensor<2x3xf64>, tensor<?x?xf64>
}`, shapes: [][][]int{{{4}, {}}, {{1}, {}}, {{0}, {}}}},
	{name: "slices", src: `func.func @f(%x: tensor<?x?xf32>) -> (tensor<2x?xf32>, tensor<?x?xf32>, tensor<?xf32>) {
  %b = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[2, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x?xf32>
  %b1 = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e1 = "tf.Const"() {value = dense<[0, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %st = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.StridedSlice"(%x, %b1, %e1, %st) {end_mask = 1 : i64} : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %b2 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e2 = "tf.Const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s2 = "tf.Const"() {value = dense<[1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tf.StridedSlice"(%x, %b2, %e2, %s2) {begin_mask = 1 : i64, end_mask = 1 : i64, shrink_axis_mask = 2 : i64} : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  func.return %0, %1, %2 : tensor<2x?xf32>, tensor<?x?xf32>, tensor<?xf32>
}`, shapes: [][][]int{{{3, 4}}, {{7, 13}}, {{3, 2}}}},
	{name: "reverse, concat, pack", src: `func.func @f(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x?x?xf32>) {
  %a = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.ReverseV2"(%x, %a) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %ax = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.ConcatV2"(%x, %0, %y, %ax) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %2 = "tf.Pack"(%x, %0) {axis = 0 : i64} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<2x?x?xf32>
  func.return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x?x?xf32>
}`, shapes: [][][]int{{{3, 4}, {3, 2}}, {{7, 13}, {7, 0}}, {{1, 1}, {1, 5}}}},
	{name: "tile and pad", src: `func.func @f(%x: tensor<?x?xi64>, %v: tensor<i64>) -> (tensor<?x?xi64>, tensor<?x?xi64>, tensor<?x?xi64>) {
  %m = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Tile"(%x, %m) : (tensor<?x?xi64>, tensor<2xi32>) -> tensor<?x?xi64>
  %p = "tf.Const"() {value = dense<[[1, 0], [2, 3]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %1 = "tf.Pad"(%x, %p) : (tensor<?x?xi64>, tensor<2x2xi32>) -> tensor<?x?xi64>
  %2 = "tf.PadV2"(%x, %p, %v) : (tensor<?x?xi64>, tensor<2x2xi32>, tensor<i64>) -> tensor<?x?xi64>
  func.return %0, %1, %2 : tensor<?x?xi64>, tensor<?x?xi64>, tensor<?x?xi64>
}`, shapes: [][][]int{{{3, 4}, {}}, {{7, 13}, {}}, {{0, 2}, {}}}},
	{name: "matmuls", src: `func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %bias: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.MatMul"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.MatMul"(%b, %a) {transpose_a = true, transpose_b = true} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf._FusedMatMul"(%a, %b, %bias) {fused_ops = ["BiasAdd", "Relu"], epsilon = 0.0 : f32} : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}`, shapes: [][][]int{{{3, 4}, {4, 5}, {5}}, {{7, 13}, {13, 9}, {9}}, {{1, 0}, {0, 6}, {6}}}},
	{name: "batch matmul broadcast", src: `func.func @f(%a: tensor<?x?x?x?xf64>, %b: tensor<?x?x?xf64>) -> tensor<?x?x?x?xf64> {
  %0 = "tf.BatchMatMulV2"(%a, %b) {adj_y = true} : (tensor<?x?x?x?xf64>, tensor<?x?x?xf64>) -> tensor<?x?x?x?xf64>
  func.return %0 : tensor<?x?x?x?xf64>
}`, shapes: [][][]int{{{2, 3, 4, 5}, {3, 6, 5}}, {{2, 1, 3, 7}, {4, 2, 7}}}},
	{name: "integer matmul", src: `func.func @f(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = "tf.MatMul"(%a, %b) : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  func.return %0 : tensor<?x?xi32>
}`, shapes: [][][]int{{{3, 4}, {4, 5}}, {{8, 9}, {9, 17}}}},
	{name: "range and one_hot", src: `func.func @f(%i: tensor<?xi32>) -> (tensor<?xf32>, tensor<?xi32>, tensor<?x5xf32>, tensor<5x?xf32>) {
  %s = "tf.Const"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %l = "tf.Const"() {value = dense<3.75> : tensor<f32>} : () -> tensor<f32>
  %d = "tf.Const"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Range"(%s, %l, %d) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  %si = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %li = "tf.Const"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  %di = "tf.Const"() {value = dense<-4> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.Range"(%si, %li, %di) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %depth = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %on = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %off = "tf.Const"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %2 = "tf.OneHot"(%i, %depth, %on, %off) {axis = -1 : i64} : (tensor<?xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<?x5xf32>
  %3 = "tf.OneHot"(%i, %depth, %on, %off) {axis = 0 : i64} : (tensor<?xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<5x?xf32>
  func.return %0, %1, %2, %3 : tensor<?xf32>, tensor<?xi32>, tensor<?x5xf32>, tensor<5x?xf32>
}`, shapes: [][][]int{{{7}}, {{1}}, {{0}}}, ints: map[int][]int32{0: {0, 4, -1, 5, 2, 3, 1}}},
	{name: "argmax, argmin, cumsum", src: `func.func @f(%x: tensor<?x?xf32>, %y: tensor<?x?x?xi16>) -> (tensor<?xi64>, tensor<?xi32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?x?xi16>, tensor<?x?xi64>) {
  %a0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %a1 = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.ArgMax"(%x, %a1) : (tensor<?x?xf32>, tensor<i64>) -> tensor<?xi64>
  %1 = "tf.ArgMin"(%x, %a0) {output_type = i32} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xi32>
  %2 = "tf.Cumsum"(%x, %a0) {exclusive = true} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %3 = "tf.Cumsum"(%x, %a1) {reverse = true} : (tensor<?x?xf32>, tensor<i64>) -> tensor<?x?xf32>
  %4 = "tf.Cumsum"(%y, %a1) {reverse = true, exclusive = true} : (tensor<?x?x?xi16>, tensor<i64>) -> tensor<?x?x?xi16>
  %5 = "tf.ArgMax"(%y, %a1) : (tensor<?x?x?xi16>, tensor<i64>) -> tensor<?x?xi64>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?xi64>, tensor<?xi32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?x?xi16>, tensor<?x?xi64>
}`, shapes: [][][]int{{{3, 4}, {2, 3, 5}}, {{7, 13}, {1, 7, 13}}, {{1, 1}, {0, 2, 1}}}},
	{name: "tensor scatter", src: `func.func @f(%t: tensor<?x?xf32>, %i: tensor<?x1xi32>, %u: tensor<?x?xf32>, %ti: tensor<?x?xi8>, %i2: tensor<?x2xi32>, %ui: tensor<?xi8>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xi8>, tensor<?x?xi8>) {
  %0 = "tf.TensorScatterAdd"(%t, %i, %u) : (tensor<?x?xf32>, tensor<?x1xi32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.TensorScatterUpdate"(%t, %i, %u) : (tensor<?x?xf32>, tensor<?x1xi32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.TensorScatterAdd"(%ti, %i2, %ui) : (tensor<?x?xi8>, tensor<?x2xi32>, tensor<?xi8>) -> tensor<?x?xi8>
  %3 = "tf.TensorScatterUpdate"(%ti, %i2, %ui) : (tensor<?x?xi8>, tensor<?x2xi32>, tensor<?xi8>) -> tensor<?x?xi8>
  func.return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xi8>, tensor<?x?xi8>
}`, shapes: [][][]int{{{4, 3}, {5, 1}, {5, 3}, {3, 3}, {6, 2}, {6}}, {{4, 0}, {5, 1}, {5, 0}, {3, 3}, {0, 2}, {0}}},
		ints: map[int][]int32{1: {1, 3, 1, 0, 1}, 4: {0, 0, 2, 2, 0, 0, 1, 2, 2, 2, 0, 1}}},
	{name: "pad after only, of a fusable producer", src: `func.func @f(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %p = "tf.Const"() {value = dense<[[0, 1], [0, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.Neg"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Pad"(%0, %p) : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  %2 = "tf.Exp"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %2 : tensor<?x?xf32>
}`, shapes: [][][]int{{{2, 2}}, {{7, 13}}, {{0, 3}}}},
	{name: "gather", src: `func.func @f(%p: tensor<?x?xf32>, %i: tensor<?xi32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %a0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %a1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%p, %i, %a0) : (tensor<?x?xf32>, tensor<?xi32>, tensor<i32>) -> tensor<?x?xf32>
  %1 = "tf.GatherV2"(%p, %i, %a1) : (tensor<?x?xf32>, tensor<?xi32>, tensor<i32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}`, shapes: [][][]int{{{3, 4}, {5}}, {{7, 13}, {9}}}, ints: map[int][]int32{1: {0, 2, 1, 1, 0, 2, 2, 1, 0}}},
}

func TestDataOps(t *testing.T) {
	rt := newRuntime(t)
	for _, c := range dataCases {
		if c.shapes == nil {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			exe := compile(t, rt, c.src)
			for _, shapes := range c.shapes {
				args := make([]*memref.Tensor, len(shapes))
				in, _ := exe.Signature()
				for i, s := range shapes {
					n, _ := memref.NumElements(s)
					switch dt := in[i].Elem; {
					case c.ints[i] != nil:
						args[i] = intArg(s, c.ints[i][:n])
					case dt == memref.Float32:
						args[i] = f32s(t, s, func(k int) float32 { return float32(k%11)/3 - 1 })
					default:
						a, _ := memref.New(dt, s)
						for k := 0; k < n; k++ {
							a.Data[k*dt.Size()] = byte(k*7 + 3)
							if dt == memref.Float64 {
								copy(a.Data[k*8:], []byte{0, 0, 0, 0, 0, 0, 0xf0, 0x3f}) // 1.0
								a.Data[k*8+5] = byte(k * 13)
							}
						}
						args[i] = a
					}
				}
				checkAgainstReference(t, exe, args, 1e-5, 1e-6)
			}
		})
	}
}

func TestGatherOutOfRange(t *testing.T) {
	rt := newRuntime(t)
	var src string
	for _, c := range dataCases {
		if c.name == "gather" {
			src = c.src
		}
	}
	exe := compile(t, rt, src)
	p := f32s(t, []int{3, 4}, func(k int) float32 { return float32(k) })
	for _, bad := range []int32{3, -1} {
		_, err := exe.Run(context.Background(), p, intArg([]int{2}, []int32{0, bad}))
		if !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), "kernel.mlir:4:8: 'tf.GatherV2' op indices must be in [0, 3)") {
			t.Errorf("index %d: got %v", bad, err)
		}
	}
	if st := rt.ArenaStats(); st.InUse != 0 {
		t.Errorf("arena holds %d bytes after a fault", st.InUse)
	}
}

// TestValueSpecializedTranspose: perms [1,0] then [0,1] through a
// value-constrained argument give two executables.
func TestValueSpecializedTranspose(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, `func.func @f(%x: tensor<?x?xf32>, %perm: tensor<2xi32> {rt.constraint = "value"}) -> tensor<?x?xf32> {
  %0 = "tf.Transpose"(%x, %perm) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`)
	x := f32s(t, []int{3, 5}, func(k int) float32 { return float32(k) })
	for i, perm := range [][]int32{{1, 0}, {0, 1}, {1, 0}} {
		out := checkAgainstReference(t, exe, []*memref.Tensor{x, intArg([]int{2}, perm)}, 0, 0)
		if want := []int{5, 3}; perm[0] == 1 && (out[0].Shape[0] != want[0] || out[0].Shape[1] != want[1]) {
			t.Errorf("perm %v: shape %v", perm, out[0].Shape)
		}
		if got, want := rt.Stats().Specializations, int64(min(i+1, 2)); got != want {
			t.Errorf("after perm %v: %d specializations, want %d", perm, got, want)
		}
	}
}

// TestAddNShapeMismatch: operands of AddN whose dynamic shapes differ at
// run time are the op's error, positioned, before anything runs; equal
// shapes run.
func TestAddNShapeMismatch(t *testing.T) {
	rt := newRuntime(t)
	exe := compile(t, rt, `func.func @test(%x: tensor<?x3xf32>, %y: tensor<?x?xf32>) -> tensor<?x3xf32> {
  %0 = "tf.AddN"(%x, %y, %x) : (tensor<?x3xf32>, tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}`)
	one := func(k int) float32 { return 1 }
	for _, s := range [][]int{{3, 3}, {2, 4}} {
		_, err := exe.Run(context.Background(), f32s(t, []int{2, 3}, one), f32s(t, s, one))
		if !errors.Is(err, mlir.ErrInvalid) || errors.Is(err, ErrInternal) || !strings.Contains(err.Error(), "kernel.mlir:2:8: 'tf.AddN' op inputs must have the same size and shape") {
			t.Errorf("%v: got %v", s, err)
		}
	}
	res, err := exe.Run(context.Background(), f32s(t, []int{2, 3}, one), f32s(t, []int{2, 3}, one))
	if err != nil || binary.LittleEndian.Uint32(res[0].Data[20:]) != math.Float32bits(3) {
		t.Fatalf("equal shapes: %v", err)
	}
}
