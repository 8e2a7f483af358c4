package topk_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/memref"
)

// The goldens (testdata/kernels/topk.mlir) cover results; these cover the
// run-time errors of a k read before the run, and many random rows with
// ties and NaNs against a plain sort.
const kernel = `func.func @main(%x: tensor<?x?xf32>, %k: tensor<i32>) -> (tensor<?x?xf32>, tensor<?x?xi32>) {
  %0:2 = "tf.TopKV2"(%x, %k) {device = ""} : (tensor<?x?xf32>, tensor<i32>) -> (tensor<?x?xf32>, tensor<?x?xi32>)
  func.return %0#0, %0#1 : tensor<?x?xf32>, tensor<?x?xi32>
}`

func compile(t *testing.T) (*engine.JitExecutable, func()) {
	t.Helper()
	ctx := context.Background()
	rt, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	exe, err := rt.Compile(ctx, []byte(kernel))
	if err != nil {
		rt.Close(ctx)
		t.Fatal(err)
	}
	return exe, func() { rt.Close(ctx) }
}

func TestRunErrors(t *testing.T) {
	exe, done := compile(t)
	defer done()
	x, _ := memref.FromSlice([]int{2, 3}, []float32{1, 2, 3, 4, 5, 6})
	for _, c := range []struct {
		k    int32
		want string
	}{
		{4, "input must have at least k columns. Had 3, needed 4"},
		{-1, "Need k >= 0, got -1"},
	} {
		_, err := exe.Run(context.Background(), x, memref.Scalar(c.k))
		var e *engine.Error
		if !errors.Is(err, engine.ErrInvalid) || !errors.As(err, &e) || e.Pos.Line != 2 || e.Msg != c.want {
			t.Errorf("k = %d: %v, want engine.ErrInvalid at line 2: %s", c.k, err, c.want)
		}
	}
}

// want is TopKV2 by a stable sort: descending, NaN first, ties by index.
func want(row []float32, k int) ([]float32, []int32) {
	idx := make([]int, len(row))
	for i := range idx {
		idx[i] = i
	}
	greater := func(a, b float32) bool {
		if a != a || b != b {
			return a != a && b == b
		}
		return a > b
	}
	sort.SliceStable(idx, func(p, q int) bool { return greater(row[idx[p]], row[idx[q]]) })
	vals, ids := make([]float32, k), make([]int32, k)
	for j := range k {
		vals[j], ids[j] = row[idx[j]], int32(idx[j])
	}
	return vals, ids
}

func TestRandomRows(t *testing.T) {
	exe, done := compile(t)
	defer done()
	r := rand.New(rand.NewPCG(1, 2))
	specials := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1))}
	for trial := range 40 {
		rows, n := r.IntN(5), r.IntN(40)
		k := 0
		if n > 0 {
			k = r.IntN(n + 1)
		}
		data := make([]float32, rows*n)
		for i := range data {
			if r.IntN(6) == 0 {
				data[i] = specials[r.IntN(len(specials))]
			} else {
				data[i] = float32(r.IntN(7) - 3) // many ties
			}
		}
		x, _ := memref.FromSlice([]int{rows, n}, data)
		out, err := exe.Run(context.Background(), x, memref.Scalar(int32(k)))
		if err != nil {
			t.Fatalf("trial %d (%dx%d, k %d): %v", trial, rows, n, k, err)
		}
		vals, _ := memref.Values[float32](out[0])
		ids, _ := memref.Values[int32](out[1])
		if !slices.Equal(out[0].Shape, []int{rows, k}) || !slices.Equal(out[1].Shape, []int{rows, k}) {
			t.Fatalf("trial %d: shapes %v %v, want [%d %d]", trial, out[0].Shape, out[1].Shape, rows, k)
		}
		for row := range rows {
			wv, wi := want(data[row*n:(row+1)*n], k)
			gv, gi := vals[row*k:(row+1)*k], ids[row*k:(row+1)*k]
			if !slices.Equal(gi, wi) || !slices.EqualFunc(gv, wv, func(a, b float32) bool { return a == b || a != a && b != b }) {
				t.Fatalf("trial %d row %d of %v, k %d: got %v %v, want %v %v", trial, row, data[row*n:(row+1)*n], k, gv, gi, wv, wi)
			}
		}
	}
}

// TestTop1 covers the arg-max path of k = 1 with k a constant (the path
// alone) on a vector and a rank-3 tensor: the index is the insertion's
// (ties first, the first NaN above every number) and the value is the
// element at that index, bit for bit (so -0 stays -0).
func TestTop1(t *testing.T) {
	ctx := context.Background()
	rt, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	exe, err := rt.Compile(ctx, []byte(`func.func @main(%v: tensor<?xf32>, %x: tensor<?x?x?xf32>) -> (tensor<1xf32>, tensor<1xi32>, tensor<?x?x1xf32>, tensor<?x?x1xi32>) {
  %k = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0:2 = "tf.TopKV2"(%v, %k) : (tensor<?xf32>, tensor<i32>) -> (tensor<1xf32>, tensor<1xi32>)
  %1:2 = "tf.TopKV2"(%x, %k) : (tensor<?x?x?xf32>, tensor<i32>) -> (tensor<?x?x1xf32>, tensor<?x?x1xi32>)
  func.return %0#0, %0#1, %1#0, %1#1 : tensor<1xf32>, tensor<1xi32>, tensor<?x?x1xf32>, tensor<?x?x1xi32>
}`))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	negz := float32(math.Copysign(0, -1))
	specials := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, negz}
	fill := func(n int, zeros bool) []float32 {
		d := make([]float32, n)
		for i := range d {
			switch {
			case zeros:
				d[i] = [2]float32{0, negz}[r.IntN(2)]
			case r.IntN(6) == 0:
				d[i] = specials[r.IntN(len(specials))]
			default:
				d[i] = float32(r.IntN(7) - 3)
			}
		}
		return d
	}
	for trial := range 40 {
		n, a, c := 1+r.IntN(70), r.IntN(3), r.IntN(4)
		vd, xd := fill(n, trial%4 == 0), fill(a*c*n, trial%4 == 1)
		v, _ := memref.FromSlice([]int{n}, vd)
		x, _ := memref.FromSlice([]int{a, c, n}, xd)
		out, err := exe.Run(ctx, v, x)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		check := func(what string, row []float32, gv float32, gi int32) {
			_, wi := want(row, 1)
			if gi != wi[0] || math.Float32bits(gv) != math.Float32bits(row[wi[0]]) && !(gv != gv && row[wi[0]] != row[wi[0]]) {
				t.Fatalf("trial %d %s %v: got %v at %d, want %v at %d", trial, what, row, gv, gi, row[wi[0]], wi[0])
			}
		}
		gv, _ := memref.Values[float32](out[0])
		gi, _ := memref.Values[int32](out[1])
		check("vector", vd, gv[0], gi[0])
		gv, _ = memref.Values[float32](out[2])
		gi, _ = memref.Values[int32](out[3])
		if !slices.Equal(out[2].Shape, []int{a, c, 1}) {
			t.Fatalf("trial %d: shape %v", trial, out[2].Shape)
		}
		for row := range a * c {
			check(fmt.Sprintf("row %d", row), xd[row*n:(row+1)*n], gv[row], gi[row])
		}
	}
}

// BenchmarkTopK: 64 rows of 1024 f32, k 1, 8 and 64, against a plain-Go
// partial selection (the same O(n·k) insertion) in the same run.
func BenchmarkTopK(b *testing.B) {
	ctx := context.Background()
	rt, err := engine.New(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Close(ctx)
	exe, err := rt.Compile(ctx, []byte(kernel))
	if err != nil {
		b.Fatal(err)
	}
	const rows, n = 64, 1024
	r := rand.New(rand.NewPCG(3, 4))
	data := make([]float32, rows*n)
	for i := range data {
		data[i] = r.Float32()
	}
	x, _ := memref.FromSlice([]int{rows, n}, data)
	for _, k := range []int{1, 8, 64} {
		b.Run(fmt.Sprintf("wasm/k=%d", k), func(b *testing.B) {
			kt := memref.Scalar(int32(k))
			for b.Loop() {
				if _, err := exe.Run(ctx, x, kt); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("go/k=%d", k), func(b *testing.B) {
			vals, ids := make([]float32, k), make([]int32, k)
			for b.Loop() {
				for row := range rows {
					insertTopK(data[row*n:(row+1)*n], vals, ids)
				}
			}
		})
	}
}

// insertTopK is the lowering's insertion in Go, without the NaN rule.
func insertTopK(row, vals []float32, ids []int32) {
	for s := range ids {
		ids[s] = -1
	}
	for j, v := range row {
		cv, ci := v, int32(j)
		for s := range vals {
			if ids[s] < 0 || cv > vals[s] || cv == vals[s] && ci < ids[s] {
				cv, vals[s] = vals[s], cv
				ci, ids[s] = ids[s], ci
			}
		}
	}
}
