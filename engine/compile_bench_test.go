package engine

import (
	"context"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// BenchmarkCompilePipeline reports the time and bytes per op of the whole
// compile path (parse, check, lower, passes, Wasm, the backend's native
// code) plus a first run, for kernels of 100, 1,000 and 10,000 ops shaped as
// a tf.Tanh chain and a Fibonacci DAG of tf.AddV2 (every value read
// twice), with static and dynamic types, in every specialization mode.
// Under SpecializeEnabled the background specialization the first run
// starts is waited for, so every mode counts the executables it builds:
//
//	go test ./engine -run '^$' -bench CompilePipeline -benchtime 3x
//
// Each iteration compiles a new text (a comment numbers it), so no cache
// answers. lower's BenchmarkCompileScaling covers more kernel shapes up
// to the loop IR.
func BenchmarkCompilePipeline(b *testing.B) {
	ctx := context.Background()
	shapes := []struct {
		name string
		src  func(n int, ty string) string
		args int
	}{
		{"chain", func(n int, ty string) string { return chainKernel(n, ty, "tf.Tanh") }, 1},
		{"fib", fibKernel, 2},
	}
	for _, sh := range shapes {
		for _, ty := range []string{"tensor<4xf32>", "tensor<?xf32>"} {
			for _, mode := range []Specialization{SpecializeEnabled, SpecializeDisabled, SpecializeAlways} {
				for _, n := range []int{100, 1000, 10000} {
					src := sh.src(n, ty)
					b.Run(fmt.Sprintf("%s/%s/%s/%d", sh.name, ty, mode, n), func(b *testing.B) {
						rt, err := New(ctx, WithArenaSize(64<<20))
						if err != nil {
							b.Fatal(err)
						}
						defer rt.Close(ctx)
						x, _ := memref.FromSlice([]int{4}, []float32{0.1, 0.2, 0.3, 0.4})
						in := make([]*memref.Tensor, sh.args)
						for i := range in {
							in[i] = x
						}
						b.ReportAllocs()
						i := 0
						for b.Loop() {
							i++
							text := fmt.Sprintf("%s// %d\n", src, i)
							exe, err := rt.Compile(ctx, []byte(text), WithSpecialization(mode),
								WithParseLimits(mlir.ParseLimits{MaxBytes: len(text), MaxOps: 2 * n}))
							if err != nil {
								b.Fatal(err)
							}
							if _, err := exe.Run(ctx, in...); err != nil {
								b.Fatal(err)
							}
							if err := exe.WaitForCompilations(ctx); err != nil {
								b.Fatal(err)
							}
						}
						b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/op-kernel")
					})
				}
			}
		}
	}
}

// fibKernel is fibSource with element type ty.
func fibKernel(n int, ty string) string {
	return strings.ReplaceAll(fibSource(n), "tensor<4xf32>", ty)
}
