package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// TestOuterReductions runs reductions over outer axes with static sizes,
// which loopir.UnrollReduce rewrites (four rows per iteration when the
// reduced size is a multiple of four), for every reducer over several
// dtypes, and checks them against the reference evaluator; sizes not a
// multiple of four keep the plain loop and are checked alike.
func TestOuterReductions(t *testing.T) {
	rt := newRuntime(t)
	r := rand.New(rand.NewPCG(3, 4))
	type tc struct {
		op, dt string
	}
	var cases []tc
	for _, op := range []string{"Sum", "Prod", "Max", "Min", "Mean"} {
		for _, dt := range []string{"f32", "f64", "i32", "i64", "ui8"} {
			cases = append(cases, tc{op, dt})
		}
	}
	cases = append(cases, tc{"All", "i1"}, tc{"Any", "i1"})
	for _, c := range cases {
		for _, sh := range []struct {
			shape []int
			axis  int
		}{{[]int{8, 5}, 0}, {[]int{12, 7, 3}, 1}, {[]int{16, 9}, 0}, {[]int{6, 5}, 0}, {[]int{12, 7, 3}, 0}} {
			in := make([]string, len(sh.shape))
			var out []string
			for i, d := range sh.shape {
				in[i] = fmt.Sprint(d)
				if i != sh.axis {
					out = append(out, fmt.Sprint(d))
				}
			}
			ty := func(dims []string) string { return "tensor<" + strings.Join(dims, "x") + "x" + c.dt + ">" }
			src := fmt.Sprintf(`func.func @f(%%x: %[1]s) -> %[2]s {
  %%a = "tf.Const"() {value = dense<%[3]d> : tensor<i32>} : () -> tensor<i32>
  %%0 = "tf.%[4]s"(%%x, %%a) : (%[1]s, tensor<i32>) -> %[2]s
  func.return %%0 : %[2]s
}`, ty(in), ty(out), sh.axis, c.op)
			t.Run(fmt.Sprintf("%s/%s/%v/axis%d", c.op, c.dt, sh.shape, sh.axis), func(t *testing.T) {
				exe := compile(t, rt, src)
				x := randomTensor(t, r, c.dt, sh.shape)
				rtol, atol := reduceTol(c.dt)
				checkAgainstReference(t, exe, []*memref.Tensor{x}, rtol, atol)
			})
		}
	}
}

// reduceTol is the tolerance of a reduction of random small values of
// type dt against the reference (which sums floats in float64): exact for
// integers.
func reduceTol(dt string) (rtol, atol float64) {
	switch dt {
	case "f32":
		return 1e-5, 1e-6
	case "f64":
		return 1e-12, 1e-14
	}
	return 0, 0
}

// randomTensor fills a tensor of a dtype with small values (products of
// a dozen of them stay exact in every integer type).
func randomTensor(t *testing.T, r *rand.Rand, dt string, shape []int) *memref.Tensor {
	n, _ := memref.NumElements(shape)
	var x *memref.Tensor
	var err error
	switch dt {
	case "f32":
		v := make([]float32, n)
		for i := range v {
			v[i] = r.Float32()*2 - 1
		}
		x, err = memref.FromSlice(shape, v)
	case "f64":
		v := make([]float64, n)
		for i := range v {
			v[i] = r.Float64()*2 - 1
		}
		x, err = memref.FromSlice(shape, v)
	case "i32":
		v := make([]int32, n)
		for i := range v {
			v[i] = int32(r.IntN(5) - 2)
		}
		x, err = memref.FromSlice(shape, v)
	case "i64":
		v := make([]int64, n)
		for i := range v {
			v[i] = int64(r.IntN(5) - 2)
		}
		x, err = memref.FromSlice(shape, v)
	case "ui8":
		v := make([]uint8, n)
		for i := range v {
			v[i] = uint8(r.IntN(3))
		}
		x, err = memref.FromSlice(shape, v)
	case "i1":
		v := make([]bool, n)
		for i := range v {
			v[i] = r.IntN(8) != 0
		}
		x, err = memref.FromSlice(shape, v)
	}
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestFullReductions: a reduction over every axis of a tensor of rank ≥ 2
// runs as per-slice partial results (a nest split along axis 0, so that
// the engine can chunk it) and their reduction; every reducer, several
// dtypes, keep_dims, unit and zero-size axes, against the reference.
func TestFullReductions(t *testing.T) {
	rt := newRuntime(t, WithWorkers(2))
	ctx := context.Background()
	r := rand.New(rand.NewPCG(5, 6))
	for _, op := range []string{"Sum", "Prod", "Max", "Min", "Mean"} {
		for _, dt := range []string{"f32", "f64", "i32", "i64"} {
			for _, shape := range [][]int{{5, 7}, {3, 4, 5}, {1, 9}, {0, 3}, {4, 0}} {
				for _, keep := range []bool{false, true} {
					in := make([]string, len(shape))
					axes := make([]string, len(shape))
					var out []string
					for i, d := range shape {
						in[i], axes[i] = fmt.Sprint(d), fmt.Sprint(i)
						if keep {
							out = append(out, "1")
						}
					}
					ty := func(dims []string) string {
						if len(dims) == 0 {
							return "tensor<" + dt + ">"
						}
						return "tensor<" + strings.Join(dims, "x") + "x" + dt + ">"
					}
					src := fmt.Sprintf(`func.func @f(%%x: %[1]s) -> %[2]s {
  %%a = "tf.Const"() {value = dense<[%[3]s]> : tensor<%[4]dxi32>} : () -> tensor<%[4]dxi32>
  %%0 = "tf.%[5]s"(%%x, %%a) {keep_dims = %[6]v} : (%[1]s, tensor<%[4]dxi32>) -> %[2]s
  func.return %%0 : %[2]s
}`, ty(in), ty(out), strings.Join(axes, ", "), len(shape), op, keep)
					t.Run(fmt.Sprintf("%s/%s/%v/keep=%v", op, dt, shape, keep), func(t *testing.T) {
						exe := compile(t, rt, src)
						x := randomTensor(t, r, dt, shape)
						rtol, atol := reduceTol(dt)
						checkAgainstReference(t, exe, []*memref.Tensor{x}, rtol, atol)
						d, err := exe.Default(ctx)
						if err != nil {
							t.Fatal(err)
						}
						defer d.Release()
						if n := d.Kernel().Program.Nests[0]; n.Part != 0 {
							t.Errorf("the first nest is not split along axis 0:\n%s", d.Kernel().Program)
						}
					})
				}
			}
		}
	}
}
