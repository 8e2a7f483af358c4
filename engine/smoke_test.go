package engine

import (
	"context"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

func TestSmokeAdd(t *testing.T) {
	ctx := context.Background()
	rt, err := New(ctx, WithArenaSize(64<<20))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	src := `func.func @test(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.AddV2"(%a, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Exp"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %1 : tensor<?x?xf32>
}`
	exe, err := rt.Compile(ctx, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	t.Log(exe.Default().Kernel().Program)
	a, _ := memref.FromSlice([]int{2, 5}, []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	b, _ := memref.FromSlice([]int{5}, []float32{0, 0, 0, 0, 1})
	out, err := exe.Run(ctx, a, b)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(memref.Format(out[0], 100))
}
