package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// Float sums are reassociated (RATIONALE.md, "Reductions accumulate in
// registers"): a row reduction of f32 keeps P = 32 partial sums (eight
// accumulator sets of four lanes), each adding at most n/P + 16 terms in
// order (the groups of four after the last full unrolled trip all go to
// the first set), then combines them in a tree, so its error is at most
// about (n/P + 16 + log2 P) · u · Σ|x| with u = 2⁻²⁴, where a sequential
// f32 sum's is (n-1) · u · Σ|x|. A column reduction accumulates in memory, row after
// row: sequential per output. These tests hold both to their bounds
// against an exact (float64) sum, on random data and on data that defeats
// a sequential sum.

const (
	sumPartials = 32 // f32 row sums: 8 accumulator sets × 4 lanes
	sumTail     = 16 // at most this many more terms in one partial sum
)

// sumBound is the documented error bound for n terms in p partial sums
// of at most n/p + tail terms each.
func sumBound(n, p, tail int, abs float64) float64 {
	m := min(n, (n+p-1)/p+tail)
	return float64(m-1+bitsLen(p)) * 0x1p-24 * abs * 1.001
}

func bitsLen(p int) int {
	k := 0
	for 1<<k < p {
		k++
	}
	return k
}

func TestSumAccuracy(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	rowSum := compile(t, rt, `func.func @f(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Sum"(%x, %a) : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`)
	colSum := compile(t, rt, `func.func @f(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Sum"(%x, %a) : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}`)
	// One at 0, then tiny terms that a running sum of about 1 rounds
	// away: a sequential f32 sum returns 1, losing n·2⁻²⁴.
	adversarial := func(n int) []float32 {
		v := make([]float32, n)
		v[0] = 1
		for i := 1; i < n; i++ {
			v[i] = 0x1p-24
		}
		return v
	}
	r := rand.New(rand.NewPCG(7, 11))
	uniform := func(lo, hi float32) func(int) []float32 {
		return func(n int) []float32 {
			v := make([]float32, n)
			for i := range v {
				v[i] = lo + (hi-lo)*r.Float32()
			}
			return v
		}
	}
	for _, c := range []struct {
		name string
		gen  func(n int) []float32
	}{
		{"uniform[-1,1]", uniform(-1, 1)},
		{"uniform[0,1]", uniform(0, 1)},
		{"one then tiny", adversarial},
	} {
		for _, n := range []int{7, 100, 4096, 65536} {
			t.Run(fmt.Sprintf("%s/n=%d", c.name, n), func(t *testing.T) {
				// Three rows for the row sum; the same data transposed (n
				// rows of three) for the column sum.
				const rows = 3
				data := make([][]float32, rows)
				flat := make([]float32, 0, rows*n)
				tr := make([]float32, rows*n)
				for i := range data {
					data[i] = c.gen(n)
					flat = append(flat, data[i]...)
					for k, v := range data[i] {
						tr[k*rows+i] = v
					}
				}
				x, _ := memref.FromSlice([]int{rows, n}, flat)
				xt, _ := memref.FromSlice([]int{n, rows}, tr)
				gotRow, err := rowSum.Run(ctx, x)
				if err != nil {
					t.Fatal(err)
				}
				gotCol, err := colSum.Run(ctx, xt)
				if err != nil {
					t.Fatal(err)
				}
				rs, _ := memref.Values[float32](gotRow[0])
				cs, _ := memref.Values[float32](gotCol[0])
				for i, row := range data {
					exact, abs := 0.0, 0.0
					for _, v := range row {
						exact += float64(v)
						abs += math.Abs(float64(v))
					}
					if c.name == "one then tiny" && n >= 4096 {
						// The data has teeth: a sequential f32 sum misses the
						// reassociated bound.
						var seq float32
						for _, v := range row {
							seq += v
						}
						if e, b := math.Abs(float64(seq)-exact), sumBound(n, sumPartials, sumTail, abs); e <= b {
							t.Fatalf("a sequential sum's error %.3g is within the reassociated bound %.3g: the data proves nothing", e, b)
						}
					}
					if e, b := math.Abs(float64(rs[i])-exact), sumBound(n, sumPartials, sumTail, abs); e > b {
						t.Errorf("row %d: row sum %v, exact %v: error %.3g over the reassociated bound %.3g", i, rs[i], exact, e, b)
					}
					if e, b := math.Abs(float64(cs[i])-exact), sumBound(n, 1, 0, abs); e > b {
						t.Errorf("column %d: column sum %v, exact %v: error %.3g over the sequential bound %.3g", i, cs[i], exact, e, b)
					}
				}
			})
		}
	}
}
