package engine

import (
	"fmt"
	"math"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// TestMinMaxConstEdges pins max/min against a constant (emitted as one
// pmax/pmin, see wasmgen's minMaxConst) to the exact semantics of
// Maximum/Minimum: NaN propagates, +0 > -0, on both sides of the constant,
// bit for bit against the reference evaluator.
func TestMinMaxConstEdges(t *testing.T) {
	rt := newRuntime(t)
	edges := []float64{math.NaN(), math.Copysign(0, -1), 0, -1, 1, math.Inf(1), math.Inf(-1), 5, 6, 7, -6, 1e-40, -1e-40}
	for _, ty := range []string{"f32", "f64"} {
		for _, op := range []string{"Maximum", "Minimum"} {
			for _, c := range []string{"0.0", "-0.0", "6.0", "-6.0", "0x7FC00000"} {
				for _, constFirst := range []bool{false, true} {
					if c == "0x7FC00000" && ty == "f64" {
						c = "0x7FF8000000000000"
					}
					args := "%x, %c"
					if constFirst {
						args = "%c, %x"
					}
					src := fmt.Sprintf(`func.func @f(%%x: tensor<13x%[1]s>) -> tensor<13x%[1]s> {
  %%c = "tf.Const"() {value = dense<%[3]s> : tensor<%[1]s>} : () -> tensor<%[1]s>
  %%0 = "tf.%[2]s"(%[4]s) : (tensor<%[5]s>, tensor<%[6]s>) -> tensor<13x%[1]s>
  func.return %%0 : tensor<13x%[1]s>
}`, ty, op, c, args, map[bool]string{false: "13x" + ty, true: ty}[constFirst], map[bool]string{false: ty, true: "13x" + ty}[constFirst])
					name := fmt.Sprintf("%s/%s/c=%s/constFirst=%v", ty, op, c, constFirst)
					t.Run(name, func(t *testing.T) {
						exe := compile(t, rt, src)
						var x *memref.Tensor
						if ty == "f32" {
							v := make([]float32, len(edges))
							for i, e := range edges {
								v[i] = float32(e)
							}
							x, _ = memref.FromSlice([]int{len(v)}, v)
						} else {
							x, _ = memref.FromSlice([]int{len(edges)}, append([]float64(nil), edges...))
						}
						got, want := runWithReference(t, exe, x)
						es := got[0].DType.Size()
						for i := range edges {
							g, w := got[0].Data[i*es:(i+1)*es], want[0].Data[i*es:(i+1)*es]
							gf, wf := bitsToFloat(g), bitsToFloat(w)
							if math.IsNaN(gf) && math.IsNaN(wf) {
								continue
							}
							if gf != wf || math.Signbit(gf) != math.Signbit(wf) {
								t.Errorf("x = %v: got %v, want %v", edges[i], gf, wf)
							}
						}
					})
				}
			}
		}
	}
}

// bitsToFloat reads a little-endian f32 or f64.
func bitsToFloat(b []byte) float64 {
	if len(b) == 4 {
		return float64(math.Float32frombits(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24))
	}
	var u uint64
	for i := 7; i >= 0; i-- {
		u = u<<8 | uint64(b[i])
	}
	return math.Float64frombits(u)
}

// TestRowMinMaxEdges pins row max/min reductions (kept in registers with
// pmax/pmin and NaN and zero flags, see wasmgen's fastMinMax) to the exact
// semantics bit for bit: a NaN anywhere gives NaN, +0 beats -0 for max and
// -0 beats +0 for min, ±Inf, over row lengths around the vector and
// unrolling boundaries.
func TestRowMinMaxEdges(t *testing.T) {
	rt := newRuntime(t)
	negZero := math.Copysign(0, -1)
	rows := []func(n int) []float64{
		func(n int) []float64 { // all -0, then one +0 at the end
			v := make([]float64, n)
			for i := range v {
				v[i] = negZero
			}
			v[n-1] = 0
			return v
		},
		func(n int) []float64 { // +0 first, then -0
			v := make([]float64, n)
			for i := 1; i < n; i++ {
				v[i] = negZero
			}
			return v
		},
		func(n int) []float64 { // all -0
			v := make([]float64, n)
			for i := range v {
				v[i] = negZero
			}
			return v
		},
		func(n int) []float64 { // negatives and a NaN in the middle
			v := make([]float64, n)
			for i := range v {
				v[i] = -1 - float64(i)
			}
			v[n/2] = math.NaN()
			return v
		},
		func(n int) []float64 { // a NaN last, +Inf first
			v := make([]float64, n)
			for i := range v {
				v[i] = float64(i % 7)
			}
			v[0], v[n-1] = math.Inf(1), math.NaN()
			return v
		},
		func(n int) []float64 { // -Inf everywhere but one -Inf... and a +Inf
			v := make([]float64, n)
			for i := range v {
				v[i] = math.Inf(-1)
			}
			v[n/3] = math.Inf(1)
			return v
		},
	}
	for _, ty := range []string{"f32", "f64"} {
		for _, op := range []string{"Max", "Min"} {
			for _, n := range []int{1, 3, 4, 5, 17, 63, 64, 65, 130} {
				src := fmt.Sprintf(`func.func @f(%%x: tensor<%[3]dx%[4]dx%[1]s>) -> tensor<%[3]dx%[1]s> {
  %%a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %%0 = "tf.%[2]s"(%%x, %%a) : (tensor<%[3]dx%[4]dx%[1]s>, tensor<i32>) -> tensor<%[3]dx%[1]s>
  func.return %%0 : tensor<%[3]dx%[1]s>
}`, ty, op, len(rows), n)
				t.Run(fmt.Sprintf("%s/%s/n=%d", ty, op, n), func(t *testing.T) {
					exe := compile(t, rt, src)
					var flat []float64
					for _, row := range rows {
						flat = append(flat, row(n)...)
					}
					// Negated rows too, so that min sees the mirrored cases.
					if op == "Min" {
						for i := range flat {
							flat[i] = -flat[i]
						}
					}
					var x *memref.Tensor
					if ty == "f32" {
						v := make([]float32, len(flat))
						for i, e := range flat {
							v[i] = float32(e)
						}
						x, _ = memref.FromSlice([]int{len(rows), n}, v)
					} else {
						x, _ = memref.FromSlice([]int{len(rows), n}, flat)
					}
					got, want := runWithReference(t, exe, x)
					es := got[0].DType.Size()
					for i := range rows {
						gf, wf := bitsToFloat(got[0].Data[i*es:(i+1)*es]), bitsToFloat(want[0].Data[i*es:(i+1)*es])
						if math.IsNaN(gf) && math.IsNaN(wf) {
							continue
						}
						if gf != wf || math.Signbit(gf) != math.Signbit(wf) {
							t.Errorf("row %d: got %v, want %v", i, gf, wf)
						}
					}
				})
			}
		}
	}
}
