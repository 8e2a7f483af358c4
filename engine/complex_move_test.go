package engine

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// complexMoveSrc moves complex elements without computing on them.
const complexMoveSrc = `func.func @test(%x: tensor<2x3xcomplex<f32>>, %y: tensor<3xcomplex<f64>>, %c: tensor<2xi1>, %i: tensor<4xi32>) -> (tensor<3x2xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<2x3xcomplex<f32>>, tensor<6xcomplex<f64>>, tensor<3x4xcomplex<f32>>, tensor<6xcomplex<f64>>) {
  %perm = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Transpose"(%x, %perm) : (tensor<2x3xcomplex<f32>>, tensor<2xi32>) -> tensor<3x2xcomplex<f32>>
  %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.GatherV2"(%y, %i, %ax) : (tensor<3xcomplex<f64>>, tensor<4xi32>, tensor<i32>) -> tensor<4xcomplex<f64>>
  %z = "tf.ZerosLike"(%x) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %2 = "tf.Select"(%c, %x, %z) : (tensor<2xi1>, tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %3 = "tf.ConcatV2"(%y, %y, %ax) : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<i32>) -> tensor<6xcomplex<f64>>
  %pads = "tf.Const"() {value = dense<[[0, 1], [1, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %4 = "tf.Pad"(%x, %pads) : (tensor<2x3xcomplex<f32>>, tensor<2x2xi32>) -> tensor<3x4xcomplex<f32>>
  %m = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %5 = "tf.Tile"(%y, %m) : (tensor<3xcomplex<f64>>, tensor<1xi32>) -> tensor<6xcomplex<f64>>
  func.return %0, %1, %2, %3, %4, %5 : tensor<3x2xcomplex<f32>>, tensor<4xcomplex<f64>>, tensor<2x3xcomplex<f32>>, tensor<6xcomplex<f64>>, tensor<3x4xcomplex<f32>>, tensor<6xcomplex<f64>>
}`

// TestComplexMovesBitExact runs complex data movement on every backend
// with parts that are NaNs with payloads (signaling ones too), infinities
// and -0, and compares the results' bytes with the inputs' elements at
// the places the ops put them: an element moves as its two parts, and no
// part passes through an arithmetic instruction that could quiet or
// canonicalize a NaN. (The golden corpus compares NaNs as NaNs only.)
func TestComplexMovesBitExact(t *testing.T) {
	ctx := context.Background()
	f32 := []uint32{0x7F800001, 0xFFC12345, 0x7FBFFFFF, 0x80000000, 0x7F800000, 0x3F800000,
		0xFF800001, 0x00000001, 0x7FC00000, 0xBF000000, 0x7FA00000, 0xFFFFFFFF}
	f64 := []uint64{0x7FF0000000000001, 0xFFF8DEADBEEF0001, 0x8000000000000000, 0x7FF4000000000000, 0x3FF0000000000000, 0xFFFFFFFFFFFFFFFF}
	x, _ := memref.New(memref.Complex64, []int{2, 3})
	for k, b := range f32 {
		binary.LittleEndian.PutUint32(x.Data[4*k:], b)
	}
	y, _ := memref.New(memref.Complex128, []int{3})
	for k, b := range f64 {
		binary.LittleEndian.PutUint64(y.Data[8*k:], b)
	}
	c, _ := memref.New(memref.Bool, []int{2})
	c.Data[1] = 1
	idx := []int32{2, 0, 2, 1}
	i, _ := memref.New(memref.Int32, []int{4})
	for k, v := range idx {
		binary.LittleEndian.PutUint32(i.Data[4*k:], uint32(v))
	}
	xe := func(r, col int) []byte { return x.Data[8*(3*r+col) : 8*(3*r+col)+8] }
	ye := func(k int) []byte { return y.Data[16*k : 16*k+16] }
	zero8 := make([]byte, 8)
	var want [6][]byte
	for col := 0; col < 3; col++ {
		for r := 0; r < 2; r++ {
			want[0] = append(want[0], xe(r, col)...)
		}
	}
	for _, k := range idx {
		want[1] = append(want[1], ye(int(k))...)
	}
	for r := 0; r < 2; r++ {
		for col := 0; col < 3; col++ {
			if c.Data[r] != 0 {
				want[2] = append(want[2], xe(r, col)...)
			} else {
				want[2] = append(want[2], zero8...)
			}
		}
	}
	want[3] = append(append(want[3], y.Data...), y.Data...)
	for r := 0; r < 3; r++ {
		want[4] = append(want[4], zero8...)
		for col := 0; col < 3; col++ {
			if r < 2 {
				want[4] = append(want[4], xe(r, col)...)
			} else {
				want[4] = append(want[4], zero8...)
			}
		}
	}
	want[5] = append(append(want[5], y.Data...), y.Data...)

	for _, backend := range Backends() {
		t.Run(backend, func(t *testing.T) {
			rt := newRuntime(t, WithBackend(backend))
			exe := compile(t, rt, complexMoveSrc)
			got, err := exe.Run(ctx, x, y, c, i)
			if err != nil {
				t.Fatal(err)
			}
			for k, g := range got {
				if !bytes.Equal(g.Contiguous().Data, want[k]) {
					t.Errorf("result %d (%s):\n got % x\nwant % x", k, g.Type(), g.Contiguous().Data, want[k])
				}
			}
			// An index out of range stops the run with the gather's error.
			binary.LittleEndian.PutUint32(i.Data[4:], 3)
			defer binary.LittleEndian.PutUint32(i.Data[4:], uint32(idx[1]))
			_, err = exe.Run(ctx, x, y, c, i)
			var me *mlir.Error
			if !errors.Is(err, ErrArgument) || !errors.As(err, &me) || me.Op != "tf.GatherV2" || me.Pos.Line != 5 {
				t.Errorf("index 3 of 3: got %v, want tf.GatherV2's error at line 5", err)
			}
		})
	}
}
