package engine

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/sandjit/sandjit/lower/refeval"
	"github.com/sandjit/sandjit/memref"
)

// TestMinMaxConstEdges pins max/min against a constant (emitted as one
// pmax/pmin, see wasmgen's minMaxConst) to the exact semantics of
// Maximum/Minimum: NaN propagates, +0 > -0, on both sides of the constant,
// bit for bit against the reference evaluator.
func TestMinMaxConstEdges(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
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
						got, err := exe.Run(ctx, x)
						if err != nil {
							t.Fatal(err)
						}
						want, err := refeval.Eval(ctx, exe.Func(), exe.Module(), []*memref.Tensor{x})
						if err != nil {
							t.Fatal(err)
						}
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
