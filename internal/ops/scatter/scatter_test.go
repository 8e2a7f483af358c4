package scatter_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/memref"
)

// The goldens (testdata/kernels/scatter_gather_nd.mlir) cover results with
// indices in range; these cover the run-time errors a user can hit.
const kernel = `func.func @main(%p: tensor<?x?xf32>, %i: tensor<?x2xi32>, %s: tensor<2xi64>, %u: tensor<?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %0 = "tf.GatherNd"(%p, %i) {device = ""} : (tensor<?x?xf32>, tensor<?x2xi32>) -> tensor<?xf32>
  %1 = "tf.ScatterNd"(%i, %u, %s) {device = ""} : (tensor<?x2xi32>, tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %2 = "tf.Identity"(%1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %2 : tensor<?xf32>, tensor<?x?xf32>
}`

func TestRunErrors(t *testing.T) {
	ctx := context.Background()
	rt, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	exe, err := rt.Compile(ctx, []byte(kernel))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := memref.FromSlice([]int{2, 2}, []float32{1, 2, 3, 4})
	run := func(idx []int32, shape []int64, upd []float32) ([]*memref.Tensor, error) {
		i, _ := memref.FromSlice([]int{len(idx) / 2, 2}, idx)
		s, _ := memref.FromSlice([]int{2}, shape)
		u, _ := memref.FromSlice([]int{len(upd)}, upd)
		return exe.Run(ctx, p, i, s, u)
	}
	out, err := run([]int32{1, 1, 0, 1, 1, 1}, []int64{2, 3}, []float32{5, 6, 7})
	if err != nil {
		t.Fatal(err)
	}
	if got := f32s(t, out[0]); !slices.Equal(got, []float32{4, 2, 4}) {
		t.Errorf("GatherNd = %v", got)
	}
	if got := f32s(t, out[1]); !slices.Equal(got, []float32{0, 6, 0, 0, 12, 0}) || !slices.Equal(out[1].Shape, []int{2, 3}) {
		t.Errorf("ScatterNd = %v %v (repeated indices add)", out[1].Shape, got)
	}
	for _, c := range []struct {
		name  string
		idx   []int32
		shape []int64
		line  int
	}{
		{"gather out of range", []int32{1, 2}, []int64{3, 3}, 2}, // params is 2x2
		{"gather negative", []int32{-1, 0}, []int64{3, 3}, 2},
		{"scatter out of range", []int32{0, 1}, []int64{2, 1}, 3}, // gathers fine, scatters past [2,1]
	} {
		_, err := run(c.idx, c.shape, []float32{1})
		var e *engine.Error
		if !errors.Is(err, engine.ErrInvalid) || !errors.As(err, &e) || e.Pos.Line != c.line {
			t.Errorf("%s: %v, want engine.ErrInvalid at line %d", c.name, err, c.line)
		}
	}
	// TF: updates for an empty output are an error; no updates are not.
	if _, err := run([]int32{0, 0}, []int64{0, 1}, []float32{1}); err == nil {
		t.Error("updates into an empty output: no error")
	}
	if out, err := run(nil, []int64{0, 1}, nil); err != nil || len(f32s(t, out[1])) != 0 {
		t.Errorf("no updates into an empty output: %v", err)
	}
}

func f32s(t *testing.T, x *memref.Tensor) []float32 {
	t.Helper()
	v, err := memref.Values[float32](x)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
