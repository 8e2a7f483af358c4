package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// BenchmarkComplexElementwise runs complex<f32>/complex<f64> Mul, AddV2,
// Div and Exp on 2^18 elements beside the f32 op on 2^19 (the same bytes),
// one worker: the cost of complex values seen as pairs of reals
// (internal/ops/cplx: strided part views, f64 arithmetic for complex<f32>).
func BenchmarkComplexElementwise(b *testing.B) {
	const n = 1 << 18
	cases := []struct{ name, op, t string }{
		{"mul_f32x2n", "tf.Mul", "f32"}, {"mul_c64", "tf.Mul", "complex<f32>"}, {"add_c64", "tf.AddV2", "complex<f32>"},
		{"div_f32x2n", "tf.Div", "f32"}, {"div_c64", "tf.Div", "complex<f32>"}, {"div_c128", "tf.Div", "complex<f64>"},
		{"exp_f32x2n", "tf.Exp", "f32"}, {"exp_c64", "tf.Exp", "complex<f32>"},
	}
	for _, c := range cases {
		m := n
		if c.t == "f32" {
			m = 2 * n
		}
		dt, _ := memref.ParseDType(c.t)
		var src string
		if c.op == "tf.Exp" {
			src = fmt.Sprintf(`func.func @test(%%x: tensor<%dx%s>, %%y: tensor<%dx%s>) -> tensor<%dx%s> {
  %%0 = "%s"(%%x) : (tensor<%dx%s>) -> tensor<%dx%s>
  func.return %%0 : tensor<%dx%s>
}`, m, c.t, m, c.t, m, c.t, c.op, m, c.t, m, c.t, m, c.t)
		} else {
			src = fmt.Sprintf(`func.func @test(%%x: tensor<%dx%s>, %%y: tensor<%dx%s>) -> tensor<%dx%s> {
  %%0 = "%s"(%%x, %%y) : (tensor<%dx%s>, tensor<%dx%s>) -> tensor<%dx%s>
  func.return %%0 : tensor<%dx%s>
}`, m, c.t, m, c.t, m, c.t, c.op, m, c.t, m, c.t, m, c.t, m, c.t)
		}
		ctx := context.Background()
		rt, err := New(ctx, WithWorkers(1))
		if err != nil {
			b.Fatal(err)
		}
		exe, err := rt.Compile(ctx, []byte(src))
		if err != nil {
			b.Fatal(err)
		}
		x, _ := memref.New(dt, []int{m})
		y, _ := memref.New(dt, []int{m})
		for i := range y.Data {
			y.Data[i] = 0x3f
			x.Data[i] = 0x3e
		}
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				if _, err := exe.Run(ctx, x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
		rt.Close(ctx)
	}
}
