package engine_test

import (
	"context"
	"fmt"
	"log"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/memref"
)

// A kernel compiled once and run on tensors from Go slices.
func Example() {
	ctx := context.Background()
	rt, err := engine.New(ctx, engine.WithArenaSize(16<<20))
	if err != nil {
		log.Fatal(err)
	}
	defer rt.Close(ctx)

	kernel := `func.func @relu_bias(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Relu"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %1 : tensor<?x?xf32>
}`
	exe, err := rt.Compile(ctx, []byte(kernel))
	if err != nil {
		log.Fatal(err)
	}
	x, _ := memref.FromSlice([]int{2, 3}, []float32{-1, 2, -3, 4, -5, 6})
	b, _ := memref.FromSlice([]int{3}, []float32{0.5, 0.5, 0.5})
	out, err := exe.Run(ctx, x, b)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(memref.Format(out[0], 100))
	// Output: tensor<2x3xf32>=[[0 2.5 0] [4.5 0 6.5]]
}

// Errors in kernel text carry file:line:col and the op.
func ExampleRuntime_Compile_error() {
	ctx := context.Background()
	rt, err := engine.New(ctx, engine.WithArenaSize(16<<20))
	if err != nil {
		log.Fatal(err)
	}
	defer rt.Close(ctx)
	_, err = rt.Compile(ctx, []byte(`func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Addv2"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}`), engine.WithFilename("k.mlir"))
	fmt.Println(err)
	// Output: k.mlir:2:8: 'tf.Addv2' op is not supported by sandjit; did you mean 'tf.AddV2'?
}

// Tensors allocated in the arena are read in place, without a copy.
func ExampleRuntime_NewTensor() {
	ctx := context.Background()
	rt, err := engine.New(ctx, engine.WithArenaSize(16<<20))
	if err != nil {
		log.Fatal(err)
	}
	defer rt.Close(ctx)
	exe, err := rt.Compile(ctx, []byte(`func.func @sq(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Square"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`))
	if err != nil {
		log.Fatal(err)
	}
	x, err := rt.NewTensor(memref.Float32, []int{4})
	if err != nil {
		log.Fatal(err)
	}
	defer rt.FreeTensor(x)
	vals, _ := memref.FromSlice([]int{4}, []float32{1, 2, 3, 4})
	copy(x.Data, vals.Data)
	out, err := exe.Run(ctx, x)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(memref.Format(out[0], 10))
	// Output: tensor<4xf32>=[1 4 9 16]
}

// RunInto writes the results into tensors the caller keeps: with inputs
// and results in the arena, a hot loop allocates nothing.
func ExampleJitExecutable_RunInto() {
	ctx := context.Background()
	rt, err := engine.New(ctx, engine.WithArenaSize(16<<20))
	if err != nil {
		log.Fatal(err)
	}
	defer rt.Close(ctx)
	exe, err := rt.Compile(ctx, []byte(`func.func @axpy(%a: tensor<f32>, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Mul"(%a, %x) : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tf.AddV2"(%0, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}`))
	if err != nil {
		log.Fatal(err)
	}
	a, _ := memref.FromSlice([]int{}, []float32{2})
	x, _ := rt.NewTensor(memref.Float32, []int{4})
	copy(x.Data, must(memref.FromSlice([]int{4}, []float32{1, 2, 3, 4})).Data)
	y, _ := rt.NewTensor(memref.Float32, []int{4}) // zeros
	out, _ := rt.NewTensor(memref.Float32, []int{4})
	for range 3 { // y = 2·x + y, three times
		if err := exe.RunInto(ctx, []*memref.Tensor{out}, a, x, y); err != nil {
			log.Fatal(err)
		}
		copy(y.Data, out.Data)
	}
	fmt.Println(memref.Format(out, 100))
	// Output: tensor<4xf32>=[6 12 18 24]
}

func must(t *memref.Tensor, err error) *memref.Tensor {
	if err != nil {
		log.Fatal(err)
	}
	return t
}
