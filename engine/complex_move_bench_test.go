package engine_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/memref"
)

// BenchmarkComplexMoves runs data movement (Transpose, ConcatV2 then Slice,
// Pad, Tile, GatherV2) on 1024x1024 tensors of f32, f64, complex<f32> and
// complex<f64>, one wazero worker, inputs in the arena (RunInArena), and
// reports ns per byte of result: complex moves against real moves of the
// same op (lower's complexify; RATIONALE, "Complex data movement").
// Compare a baseline's test binary with this one in the same sitting:
//
//	go test ./engine -run '^$' -bench ComplexMoves -count 5
func BenchmarkComplexMoves(b *testing.B) {
	const n = 1024
	ctx := context.Background()
	for _, op := range complexMoveOps {
		for _, ty := range []string{"f32", "f64", "complex<f32>", "complex<f64>"} {
			name := op.name + "/" + strings.NewReplacer("complex<f32>", "c64", "complex<f64>", "c128").Replace(ty)
			b.Run(name, func(b *testing.B) {
				dt, _ := memref.ParseDType(ty)
				rt, err := engine.New(ctx, engine.WithWorkers(1), engine.WithArenaSize(256<<20))
				if err != nil {
					b.Fatal(err)
				}
				defer rt.Close(ctx)
				exe, err := rt.Compile(ctx, []byte(op.src(n, "tensor<%dx%dx"+ty+">")))
				if err != nil {
					b.Fatal(err)
				}
				var in []*memref.Tensor
				for k, s := range op.in(n) {
					et := dt
					if k > 0 {
						et = memref.Int32
					}
					t, err := rt.NewTensor(et, s)
					if err != nil {
						b.Fatal(err)
					}
					if k > 0 { // gather indices: the rows reversed
						for i := range s[0] {
							v := uint32(s[0] - 1 - i)
							t.Data[4*i], t.Data[4*i+1], t.Data[4*i+2], t.Data[4*i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
						}
					} else {
						for i := range t.Data {
							t.Data[i] = byte(i*7 + i>>9)
						}
					}
					in = append(in, t)
				}
				var bytes int64
				for b.Loop() {
					res, err := exe.RunInArena(ctx, in...)
					if err != nil {
						b.Fatal(err)
					}
					bytes = 0
					for _, r := range res {
						bytes += int64(len(r.Data))
						rt.FreeTensor(r)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(bytes), "ns/B")
			})
		}
	}
}

// complexMoveOps are BenchmarkComplexMoves' kernels: src takes n and the
// format of an n×n tensor type (two %d), in gives the input shapes (the
// first of the element type, any others i32).
var complexMoveOps = []struct {
	name string
	src  func(n int, tf string) string
	in   func(n int) [][]int
}{
	{"transpose", func(n int, tf string) string {
		t := fmt.Sprintf(tf, n, n)
		return fmt.Sprintf(`func.func @test(%%x: %[1]s) -> %[1]s {
  %%perm = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %%0 = "tf.Transpose"(%%x, %%perm) : (%[1]s, tensor<2xi32>) -> %[1]s
  func.return %%0 : %[1]s
}`, t)
	}, func(n int) [][]int { return [][]int{{n, n}} }},
	{"concat_slice", func(n int, tf string) string {
		t, c := fmt.Sprintf(tf, n, n), fmt.Sprintf(tf, n, 2*n)
		return fmt.Sprintf(`func.func @test(%%x: %[1]s) -> %[1]s {
  %%ax = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %%0 = "tf.ConcatV2"(%%x, %%x, %%ax) : (%[1]s, %[1]s, tensor<i32>) -> %[2]s
  %%b = "tf.Const"() {value = dense<[0, %[3]d]> : tensor<2xi32>} : () -> tensor<2xi32>
  %%s = "tf.Const"() {value = dense<[%[4]d, %[4]d]> : tensor<2xi32>} : () -> tensor<2xi32>
  %%1 = "tf.Slice"(%%0, %%b, %%s) : (%[2]s, tensor<2xi32>, tensor<2xi32>) -> %[1]s
  func.return %%1 : %[1]s
}`, t, c, n/2, n)
	}, func(n int) [][]int { return [][]int{{n, n}} }},
	{"pad", func(n int, tf string) string {
		t, p := fmt.Sprintf(tf, n-2, n-2), fmt.Sprintf(tf, n, n)
		return fmt.Sprintf(`func.func @test(%%x: %[1]s) -> %[2]s {
  %%p = "tf.Const"() {value = dense<1> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %%0 = "tf.Pad"(%%x, %%p) : (%[1]s, tensor<2x2xi32>) -> %[2]s
  func.return %%0 : %[2]s
}`, t, p)
	}, func(n int) [][]int { return [][]int{{n - 2, n - 2}} }},
	{"tile", func(n int, tf string) string {
		t, r := fmt.Sprintf(tf, n/2, n/2), fmt.Sprintf(tf, n, n)
		return fmt.Sprintf(`func.func @test(%%x: %[1]s) -> %[2]s {
  %%m = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %%0 = "tf.Tile"(%%x, %%m) : (%[1]s, tensor<2xi32>) -> %[2]s
  func.return %%0 : %[2]s
}`, t, r)
	}, func(n int) [][]int { return [][]int{{n / 2, n / 2}} }},
	{"gather", func(n int, tf string) string {
		t := fmt.Sprintf(tf, n, n)
		return fmt.Sprintf(`func.func @test(%%x: %[1]s, %%i: tensor<%[2]dxi32>) -> %[1]s {
  %%ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %%0 = "tf.GatherV2"(%%x, %%i, %%ax) : (%[1]s, tensor<%[2]dxi32>, tensor<i32>) -> %[1]s
  func.return %%0 : %[1]s
}`, t, n)
	}, func(n int) [][]int { return [][]int{{n, n}, {n}} }},
}
