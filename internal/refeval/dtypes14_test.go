package refeval

import (
	"github.com/sandjit/sandjit/internal/refeval/refmath"
	"math"
	"math/cmplx"
	"sort"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// bf16Vec builds a bf16 vector of values that bf16 holds exactly.
func bf16Vec(t *testing.T, vals ...float64) *memref.Tensor {
	t.Helper()
	a := newArray(memref.BFloat16, []int{len(vals)})
	for i, v := range vals {
		if refmath.RoundBF16(v) != v {
			t.Fatalf("%v is not a bf16 value", v)
		}
		a.f[i] = v
	}
	return store(a)
}

// TestBF16EveryFloatOp runs every elementwise float op and float
// reduction on bf16: each takes bf16 wherever it takes f16, and gives the
// op computed exactly and rounded once to bf16 (for transcendental ops,
// TensorFlow computes in f32 and rounds: at most one bf16 rounding apart
// only at a near-tie, which these inputs are not).
func TestBF16EveryFloatOp(t *testing.T) {
	xs := []float64{0.5, -1.25, 3, 0.0078125}
	ys := []float64{2, 0.75, -0.5, 96}
	x, y := bf16Vec(t, xs...), bf16Vec(t, ys...)
	names := func(m map[string]bool) []string {
		var out []string
		for n := range m {
			out = append(out, n)
		}
		sort.Strings(out)
		return out
	}
	un := map[string]bool{}
	for n, s := range unaryOps {
		if s.f != nil || s.fd != nil {
			un[n] = true
		}
	}
	for _, n := range names(un) {
		s := unaryOps[n]
		got := mustOp(t, n, nil, memref.BFloat16, x)
		for i, v := range xs {
			var want float64
			if s.fd != nil {
				want = refmath.RoundBF16(s.fd(memref.BFloat16, v))
			} else {
				want = refmath.RoundBF16(s.f(v))
			}
			if g := got.Float64At(i); g != want && !(math.IsNaN(g) && math.IsNaN(want)) {
				t.Errorf("%s(%v) on bf16 = %v, want %v", n, v, g, want)
			}
		}
	}
	bin := map[string]bool{}
	for n, s := range binaryOps {
		if s.f != nil {
			bin[n] = true
		}
	}
	for _, n := range names(bin) {
		got := mustOp(t, n, nil, memref.BFloat16, x, y)
		for i := range xs {
			want := refmath.RoundBF16(binaryOps[n].f(memref.BFloat16, xs[i], ys[i]))
			if g := got.Float64At(i); g != want && !(math.IsNaN(g) && math.IsNaN(want)) {
				t.Errorf("%s(%v, %v) on bf16 = %v, want %v", n, xs[i], ys[i], g, want)
			}
		}
	}
	// Reductions sum in float64 and round once.
	got := mustOp(t, "tf.Sum", nil, memref.BFloat16, bf16Vec(t, 256, 1, 1), memref.Scalar(int32(0)))
	if got.Float64At(0) != 258 {
		t.Errorf("Sum = %v, want 258 (256+1+1 exactly, then rounded)", got.Float64At(0))
	}
	// NextAfter steps one bf16 ulp; from 0 the smallest subnormal.
	na := mustOp(t, "tf.NextAfter", nil, memref.BFloat16, bf16Vec(t, 1, 0, -2), bf16Vec(t, 2, -1, 0))
	for i, want := range []float64{1 + 0x1p-7, -0x1p-133, -2 + 0x1p-7} {
		if g := na.Float64At(i); g != want {
			t.Errorf("NextAfter[%d] = %v, want %v", i, g, want)
		}
	}
	// A cast from f64 goes through f32, as Eigen's bfloat16(double) does:
	// 1 + 2^-8 + 2^-40 rounds to the f32 tie 1 + 2^-8, then to even (1),
	// where a single rounding would give 1 + 2^-7.
	c := mustOp(t, "tf.Cast", nil, memref.BFloat16, vec(t, 1+0x1p-8+0x1p-40))
	if c.Float64At(0) != 1 {
		t.Errorf("Cast f64→bf16 = %v, want 1", c.Float64At(0))
	}
}

// TestComplexOps checks complex results against Go's complex128 arithmetic
// rounded to complex<f32>, and the ops that do not take complex.
func TestComplexOps(t *testing.T) {
	zs := []complex64{1 + 2i, -3 + 0.5i, 0, complex(float32(math.Inf(1)), 1)}
	x := tensor(t, []int{4}, zs...)
	r := func(z complex128) complex128 { return complex(float64(float32(real(z))), float64(float32(imag(z)))) }
	check := func(name string, got *memref.Tensor, f func(z complex128) complex128) {
		t.Helper()
		for i, z := range zs {
			want := r(f(complex128(z)))
			g := got.Complex128At(i)
			same := func(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }
			if !same(real(g), real(want)) || !same(imag(g), imag(want)) {
				t.Errorf("%s(%v) = %v, want %v", name, z, g, want)
			}
		}
	}
	check("Neg", mustOp(t, "tf.Neg", nil, memref.Complex64, x), func(z complex128) complex128 { return -z })
	check("Sqrt", mustOp(t, "tf.Sqrt", nil, memref.Complex64, x), cmplx.Sqrt)
	check("Exp", mustOp(t, "tf.Exp", nil, memref.Complex64, x), cmplx.Exp)
	check("Conj", mustOp(t, "tf.Conj", nil, memref.Complex64, x), cmplx.Conj)
	check("Cumsum", mustOp(t, "tf.Cumsum", nil, memref.Complex64, x, memref.Scalar(int32(0))), func(z complex128) complex128 {
		var s complex128
		for _, w := range zs {
			s += complex128(w)
			if complex64(w) == complex64(z) {
				break
			}
		}
		return s
	})
	// C99/numpy special values: sqrt(-inf + 0i) = +0 + inf·i, exp(+inf + 0i)
	// = inf + 0i, log(0) = -inf + 0i.
	sp := mustOp(t, "tf.Sqrt", nil, memref.Complex128, tensor(t, []int{1}, complex(math.Inf(-1), 0)))
	if z := sp.Complex128At(0); real(z) != 0 || !math.IsInf(imag(z), 1) {
		t.Errorf("sqrt(-inf+0i) = %v", z)
	}
	lg := mustOp(t, "tf.Log", nil, memref.Complex128, tensor(t, []int{1}, complex128(0)))
	if z := lg.Complex128At(0); !math.IsInf(real(z), -1) || imag(z) != 0 {
		t.Errorf("log(0) = %v", z)
	}
	for _, name := range []string{"tf.ClipByValue", "tf.ArgMax", "tf.Range", "tf.Relu", "tf.Floor", "tf.Maximum", "tf.Less", "tf.Max", "tf.Einsum", "tf.Conv2D", "tf.Softmax", "tf.Sign"} {
		var args []*memref.Tensor
		switch name {
		case "tf.ClipByValue":
			args = []*memref.Tensor{x, x, x}
		case "tf.Range":
			one := tensor(t, nil, complex64(1))
			args = []*memref.Tensor{one, one, one}
		case "tf.ArgMax", "tf.Max":
			args = []*memref.Tensor{x, memref.Scalar(int32(0))}
		case "tf.Maximum", "tf.Less", "tf.Conv2D":
			args = []*memref.Tensor{x, x}
		default:
			args = []*memref.Tensor{x}
		}
		_, err := runOp(t, name, nil, mlir.Unranked(memref.Complex64), args...)
		if err == nil {
			t.Errorf("%s took complex<f32>", name)
			continue
		}
		if want := "does not support element type complex<f32>"; !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
}
