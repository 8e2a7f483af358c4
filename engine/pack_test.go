package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/memref"
)

// TestPackedMatmuls: products with static shapes big enough for
// loopir.PackMatmul (B copied into 64-byte panels first) agree with the
// reference evaluator on every backend, through Run, RunInArena and
// RunInto alike and bit for bit among them, whole and split over two
// workers; and they were packed.
func TestPackedMatmuls(t *testing.T) {
	kernels := []struct {
		name, src string
		shapes    [][]int
	}{
		{"matmul, split over workers", `func.func @f(%a: tensor<256x64xf32>, %b: tensor<64x64xf32>) -> tensor<256x64xf32> {
  %0 = "tf.MatMul"(%a, %b) : (tensor<256x64xf32>, tensor<64x64xf32>) -> tensor<256x64xf32>
  func.return %0 : tensor<256x64xf32>
}`, [][]int{{256, 64}, {64, 64}}},
		{"transposed a, bias and relu", `func.func @f(%a: tensor<24x130xf32>, %b: tensor<24x48xf32>, %c: tensor<48xf32>) -> tensor<130x48xf32> {
  %0 = "tf._FusedMatMul"(%a, %b, %c) {transpose_a = true, fused_ops = ["BiasAdd", "Relu"], epsilon = 0.0 : f32} : (tensor<24x130xf32>, tensor<24x48xf32>, tensor<48xf32>) -> tensor<130x48xf32>
  func.return %0 : tensor<130x48xf32>
}`, [][]int{{24, 130}, {24, 48}, {48}}},
		{"batched f64, B broadcast", `func.func @f(%a: tensor<2x128x9xf64>, %b: tensor<9x16xf64>) -> tensor<2x128x16xf64> {
  %0 = "tf.BatchMatMulV2"(%a, %b) : (tensor<2x128x9xf64>, tensor<9x16xf64>) -> tensor<2x128x16xf64>
  func.return %0 : tensor<2x128x16xf64>
}`, [][]int{{2, 128, 9}, {9, 16}}},
	}
	ctx := context.Background()
	for _, backend := range Backends() {
		rt := newRuntime(t, WithBackend(backend), WithWorkers(2))
		for _, k := range kernels {
			t.Run(fmt.Sprintf("%s/%s", backend, k.name), func(t *testing.T) {
				exe := compile(t, rt, k.src)
				in, _ := exe.Signature()
				args := make([]*memref.Tensor, len(k.shapes))
				for i, s := range k.shapes {
					n, _ := memref.NumElements(s)
					v64 := make([]float64, n)
					v32 := make([]float32, n)
					for j := range n {
						v64[j] = float64((j*37+i*11)%23)/8 - 1.3
						v32[j] = float32(v64[j])
					}
					var err error
					if in[i].Elem == memref.Float64 {
						args[i], err = memref.FromSlice(s, v64)
					} else {
						args[i], err = memref.FromSlice(s, v32)
					}
					if err != nil {
						t.Fatal(err)
					}
				}
				x, err := exe.ExecutableFor(ctx, args...)
				if err != nil {
					t.Fatal(err)
				}
				packed := false
				for _, n := range x.Kernel().Program.Nests {
					packed = packed || n.Name == "PackPanels"
				}
				x.Release()
				if !packed {
					t.Fatalf("not packed:\n%s", x.Kernel().Program)
				}
				got := checkAgainstReference(t, exe, args, 1e-12, 1e-5)

				inArena := make([]*memref.Tensor, len(args))
				for i, a := range args {
					if inArena[i], err = rt.NewTensor(a.DType, a.Shape); err != nil {
						t.Fatal(err)
					}
					copy(inArena[i].Data, a.Data)
				}
				res, err := exe.RunInArena(ctx, inArena...)
				if err != nil {
					t.Fatal(err)
				}
				if err := golden.Compare(res[0], got[0], 0, 0); err != nil {
					t.Errorf("RunInArena: %v", err)
				}
				dst, err := rt.NewTensor(res[0].DType, res[0].Shape)
				if err != nil {
					t.Fatal(err)
				}
				for i := range dst.Data {
					dst.Data[i] = 0xa5
				}
				if err := exe.RunInto(ctx, []*memref.Tensor{dst}, inArena...); err != nil {
					t.Fatal(err)
				}
				if err := golden.Compare(dst, got[0], 0, 0); err != nil {
					t.Errorf("RunInto: %v", err)
				}
				for _, a := range append(append(inArena, res...), dst) {
					rt.FreeTensor(a)
				}
			})
		}
	}
}

// TestPackedMatmulsDynamic: a product with run-time extents packs B when
// the run's shapes pass the static pass's test and runs the general
// product otherwise, on both backends, with and without specialization,
// whole and split over workers; either way its results are the bits of
// the same product compiled for static shapes (k ascending in both).
func TestPackedMatmulsDynamic(t *testing.T) {
	const dyn = `func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.MatMul"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`
	static := func(m, k, n int) string {
		a, b, c := fmt.Sprintf("tensor<%dx%dxf32>", m, k), fmt.Sprintf("tensor<%dx%dxf32>", k, n), fmt.Sprintf("tensor<%dx%dxf32>", m, n)
		return fmt.Sprintf("func.func @f(%%a: %s, %%b: %s) -> %s {\n  %%0 = \"tf.MatMul\"(%%a, %%b) : (%s, %s) -> %s\n  func.return %%0 : %s\n}", a, b, c, a, b, c, c)
	}
	shapes := []struct {
		m, k, n int
		packed  bool
	}{{256, 64, 64, true}, {300, 33, 48, true}, {100, 64, 64, false}, {256, 40, 40, false}, {256, 64, 16, false}, {128, 0, 32, true}}
	ctx := context.Background()
	for _, backend := range Backends() {
		for _, workers := range []int{1, 2} {
			rt := newRuntime(t, WithBackend(backend), WithWorkers(workers))
			for _, mode := range []Specialization{SpecializeDisabled, SpecializeAlways} {
				exe, err := rt.Compile(ctx, []byte(dyn), WithSpecialization(mode))
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range shapes {
					what := fmt.Sprintf("%s/%d workers/%s/%dx%dx%d", backend, workers, mode, s.m, s.k, s.n)
					a := f32s(t, []int{s.m, s.k}, func(i int) float32 { return float32((i*37)%23)/8 - 1.3 })
					b := f32s(t, []int{s.k, s.n}, func(i int) float32 { return float32((i*29+5)%19)/7 - 1.1 })
					x, err := exe.ExecutableFor(ctx, a, b)
					if err != nil {
						t.Fatal(err)
					}
					p := x.Kernel().Program
					if len(p.Nests) != 3 || p.Nests[0].Name != "PackPanels" {
						t.Fatalf("%s: not packed behind a run-time test:\n%s", what, p)
					}
					pl, err := x.plan(rt, []*memref.Tensor{a, b})
					if err != nil {
						t.Fatal(err)
					}
					panels := p.Nests[0].Body[1].Acc.Buf
					if runs := pl.bufs[panels].shape[0] > 0; runs != s.packed {
						t.Errorf("%s: the run takes the panels: %v, want %v", what, runs, s.packed)
					}
					x.Release()
					got, err := exe.Run(ctx, a, b)
					if err != nil {
						t.Fatal(err)
					}
					want, err := compile(t, rt, static(s.m, s.k, s.n)).Run(ctx, a, b)
					if err != nil {
						t.Fatal(err)
					}
					if err := golden.Compare(got[0], want[0], 0, 0); err != nil {
						t.Errorf("%s: %v", what, err)
					}
				}
			}
		}
	}
}

// TestFusedMultiplyAdd: WithFusedMultiplyAdd puts relaxed_madd in the
// matmul kernel on a backend with relaxed SIMD, whose results then stay
// within the tolerance of a k-term sum of the reference (float64) and
// differ from the default's by at most a few units in the last place;
// without it, every backend gives the default's bits; a backend without
// relaxed SIMD refuses it.
func TestFusedMultiplyAdd(t *testing.T) {
	ctx := context.Background()
	if _, err := New(ctx, WithFusedMultiplyAdd(true)); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("wazero with fused multiply-add: %v, want ErrUnsupported", err)
	}
	const src = `func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.MatMul"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`
	for _, sh := range [][3]int{{256, 96, 64}, {37, 50, 21}} {
		a := f32s(t, []int{sh[0], sh[1]}, func(i int) float32 { return float32((i*37)%23)/8.3 - 1.3 })
		b := f32s(t, []int{sh[1], sh[2]}, func(i int) float32 { return float32((i*29+5)%19)/7.1 - 1.1 })
		base, err := compile(t, newRuntime(t), src).Run(ctx, a, b)
		if err != nil {
			t.Fatal(err)
		}
		for _, backend := range Backends() {
			if backend == "wazero" {
				continue
			}
			for _, on := range []bool{false, true} {
				what := fmt.Sprintf("%v/%s/fma %v", sh, backend, on)
				rt := newRuntime(t, WithBackend(backend), WithFusedMultiplyAdd(on))
				exe := compile(t, rt, src)
				x, err := exe.ExecutableFor(ctx, a, b)
				if err != nil {
					t.Fatal(err)
				}
				if has := strings.Contains(x.WAT(), "relaxed_madd"); has != on {
					t.Errorf("%s: relaxed_madd in the kernel: %v", what, has)
				}
				x.Release()
				got := checkAgainstReference(t, exe, []*memref.Tensor{a, b}, 1e-5, 1e-5)
				tol := 0.0
				if on {
					tol = 1e-5
				}
				if err := golden.Compare(got[0], base[0], tol, tol); err != nil {
					t.Errorf("%s: against the default (wazero): %v", what, err)
				}
			}
		}
	}
}
