package engine

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// The pooling family (internal/ops/pool) against the reference in every
// specialization mode, split across workers, and its run-time errors.

const poolKernel = `func.func @f(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>, %v: tensor<?x?x?x?x?xf32>, %f: tensor<?x?x?x?x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) {
  %0 = "tf.MaxPool"(%x) {ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.AvgPool"(%x) {ksize = [1, 3, 2, 1], padding = "SAME", strides = [1, 2, 1, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tf.DepthwiseConv2dNative"(%x, %w) {dilations = [1, 2, 2, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %3 = "tf.MaxPool3D"(%v) {ksize = [1, 2, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]} : (tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>
  %4 = "tf.AvgPool3D"(%v) {ksize = [1, 3, 3, 3, 1], padding = "SAME", strides = [1, 1, 2, 1, 1]} : (tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>
  %5 = "tf.Conv3D"(%v, %f) {padding = "SAME", strides = [1, 2, 1, 1, 1]} : (tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>
}`

func poolArgs(t *testing.T, x, w, v, f []int) []*memref.Tensor {
	gen := func(i int) func(k int) float64 {
		return func(k int) float64 { return math.Sin(float64(k*(i+3))) * 2 }
	}
	return []*memref.Tensor{nnArg(t, memref.Float32, x, gen(0)), nnArg(t, memref.Float32, w, gen(1)),
		nnArg(t, memref.Float32, v, gen(2)), nnArg(t, memref.Float32, f, gen(3))}
}

func TestPoolOpsAgainstReference(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	shapes := [][4][]int{
		{{2, 7, 6, 5}, {3, 3, 5, 2}, {1, 5, 4, 6, 3}, {2, 3, 2, 3, 4}},
		{{1, 1, 1, 1}, {3, 3, 1, 1}, {1, 1, 1, 1, 1}, {3, 3, 3, 1, 2}},
		{{1, 8, 9, 16}, {2, 2, 16, 1}, {2, 4, 5, 4, 8}, {1, 2, 2, 8, 8}},
	}
	for _, mode := range nnModes {
		exe, err := rt.Compile(ctx, []byte(poolKernel), WithSpecialization(mode))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range shapes {
			checkAgainstReference(t, exe, poolArgs(t, s[0], s[1], s[2], s[3]), 1e-5, 1e-5)
		}
	}
}

// TestPoolOpsSplitAcrossWorkers: shapes large enough that the nests run
// in chunks (split at their output rows) on several workers.
func TestPoolOpsSplitAcrossWorkers(t *testing.T) {
	rt := newRuntime(t, WithWorkers(4))
	exe, err := rt.Compile(context.Background(), []byte(poolKernel))
	if err != nil {
		t.Fatal(err)
	}
	checkAgainstReference(t, exe, poolArgs(t, []int{2, 64, 48, 16}, []int{3, 3, 16, 2}, []int{1, 16, 24, 20, 8}, []int{3, 3, 3, 8, 8}), 1e-5, 1e-5)
}

// TestPoolRunErrors: sizes that only the run knows are checked on the
// host, with the op's position.
func TestPoolRunErrors(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	cases := []shapeErrorCase{
		{`func.func @f(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %0 = "tf.DepthwiseConv2dNative"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %0 : tensor<?x?x?x?xf32>
}`, [][]int{{1, 5, 5, 3}, {3, 3, 2, 1}}, "kernel.mlir:2:8: 'tf.DepthwiseConv2dNative' op input and filter must have the same depth: 3 vs 2"},
		{`func.func @f(%x: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %0 = "tf.MaxPool"(%x) {ksize = [1, 4, 3, 1], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %0 : tensor<?x?x?x?xf32>
}`, [][]int{{1, 2, 5, 3}}, "'tf.MaxPool' op Computed output size would be negative: -1 [input_size: 2, effective_filter_size: 4, stride: 1]"},
		{`func.func @f(%x: tensor<?x?x?x?x?xf32>, %w: tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32> {
  %0 = "tf.Conv3D"(%x, %w) {padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>
  func.return %0 : tensor<?x?x?x?x?xf32>
}`, [][]int{{1, 3, 3, 3, 2}, {1, 1, 1, 3, 2}}, "'tf.Conv3D' op input and filter must have the same depth: 2 vs 3"},
	}
	checkShapeErrors(ctx, t, rt, cases)
}

// goMaxPool is MaxPool 3x3 stride 2 SAME (no padding before) in plain Go.
func goMaxPool(x []float32, n, h, w, c int, out []float32) {
	oh, ow := (h+1)/2, (w+1)/2
	for b := 0; b < n; b++ {
		for i := 0; i < oh; i++ {
			for j := 0; j < ow; j++ {
				o := out[((b*oh+i)*ow+j)*c:][:c]
				for k := range o {
					o[k] = float32(-1e38)
				}
				for di := 0; di < 3; di++ {
					y := 2*i + di
					if y >= h {
						continue
					}
					for dj := 0; dj < 3; dj++ {
						xx := 2*j + dj
						if xx >= w {
							continue
						}
						in := x[((b*h+y)*w+xx)*c:][:c]
						for k := range o {
							o[k] = max(o[k], in[k])
						}
					}
				}
			}
		}
	}
}

// goDepthwise is a 3x3 SAME depthwise convolution, multiplier 1, in plain Go.
func goDepthwise(x, f []float32, n, h, w, c int, out []float32) {
	for b := 0; b < n; b++ {
		for i := 0; i < h; i++ {
			for j := 0; j < w; j++ {
				o := out[((b*h+i)*w+j)*c:][:c]
				for k := range o {
					o[k] = 0
				}
				for di := 0; di < 3; di++ {
					y := i + di - 1
					if y < 0 || y >= h {
						continue
					}
					for dj := 0; dj < 3; dj++ {
						xx := j + dj - 1
						if xx < 0 || xx >= w {
							continue
						}
						in := x[((b*h+y)*w+xx)*c:][:c]
						ff := f[(di*3+dj)*c:][:c]
						for k := range o {
							o[k] += in[k] * ff[k]
						}
					}
				}
			}
		}
	}
}

// BenchmarkPoolOps: MaxPool 3x3 stride 2 SAME and a depthwise 3x3 SAME
// convolution (multiplier 1) of a 1x112x112x32 f32 image, against plain
// Go loops over the same layout (no padded copy, channels innermost).
func BenchmarkPoolOps(b *testing.B) {
	ctx := context.Background()
	rt := newRuntime(b)
	shape := []int{1, 112, 112, 32}
	x, _ := memref.New(memref.Float32, shape)
	w, _ := memref.New(memref.Float32, []int{3, 3, 32, 1})
	xs, ws := make([]float32, 112*112*32), make([]float32, 9*32)
	for k := range xs {
		xs[k] = float32(k%17) * 0.25
	}
	for k := range ws {
		ws[k] = float32(k%5) * 0.5
	}
	for k, v := range xs {
		binary.LittleEndian.PutUint32(x.Data[4*k:], math.Float32bits(v))
	}
	for k, v := range ws {
		binary.LittleEndian.PutUint32(w.Data[4*k:], math.Float32bits(v))
	}
	for _, c := range []struct{ name, src string }{
		{"maxpool", `"tf.MaxPool"(%x) {ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>`},
		{"depthwise", `"tf.DepthwiseConv2dNative"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x?x?x?xf32>, tensor<3x3x?x1xf32>) -> tensor<?x?x?x?xf32>`},
	} {
		src := `func.func @f(%x: tensor<?x?x?x?xf32>, %w: tensor<3x3x?x1xf32>) -> (tensor<?x?x?x?xf32>) {
  %0 = ` + c.src + `
  func.return %0 : tensor<?x?x?x?xf32>
}`
		exe, err := rt.Compile(ctx, []byte(src))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/sandjit", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := exe.Run(ctx, x, w); err != nil {
					b.Fatal(err)
				}
			}
		})
		out := make([]float32, 112*112*32)
		b.Run(c.name+"/go", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if c.name == "maxpool" {
					goMaxPool(xs, 1, 112, 112, 32, out)
				} else {
					goDepthwise(xs, ws, 1, 112, 112, 32, out)
				}
			}
		})
	}
}
