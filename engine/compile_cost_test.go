package engine

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/lower/refeval"
	"github.com/sandjit/sandjit/memref"
)

// chainKernel is a chain of n unary ops over one argument, cycling
// through ops.
func chainKernel(n int, ty string, ops ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @chain(%%x: %s) -> %s {\n", ty, ty)
	prev := "%x"
	for i := range n {
		fmt.Fprintf(&b, "  %%%d = \"%s\"(%s) : (%s) -> %s\n", i, ops[i%len(ops)], prev, ty, ty)
		prev = fmt.Sprintf("%%%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : %s\n}\n", prev, ty)
	return b.String()
}

// TestManyMathFunctionsCalled: a fused nest with more than maxInlineMath
// math functions calls them instead of inlining each (a 4,000-op tf.Tanh
// chain made a function of megabytes), and computes the same.
// maxInlineMath is wasmgen's: a nest with more math functions calls them.
const maxInlineMath = 16

func TestManyMathFunctionsCalled(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	rng := rand.New(rand.NewSource(7))
	for _, ty := range []string{"tensor<37xf32>", "tensor<37xf64>"} {
		base := -1 // calls without math calls (the module's own)
		for _, n := range []int{1, maxInlineMath - 1, 3 * maxInlineMath} {
			src := chainKernel(n, ty, "tf.Tanh", "tf.Exp", "tf.Sigmoid")
			exe, err := rt.Compile(ctx, []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			x, err := exe.Default(ctx)
			if err != nil {
				t.Fatal(err)
			}
			calls := strings.Count(x.WAT(), " call ")
			x.Release()
			if base < 0 {
				base = calls
			}
			if (n > maxInlineMath) != (calls >= base+n) || (n <= maxInlineMath && calls != base) {
				t.Errorf("%s, %d ops: %d calls, %d with one op", ty, n, calls, base)
			}
			vals := make([]float64, 37)
			for i := range vals {
				vals[i] = rng.Float64()*4 - 2
			}
			var in *memref.Tensor
			if strings.Contains(ty, "f64") {
				in, err = memref.FromSlice([]int{37}, vals)
			} else {
				v32 := make([]float32, len(vals))
				for i, v := range vals {
					v32[i] = float32(v)
				}
				in, err = memref.FromSlice([]int{37}, v32)
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := exe.Run(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			want, err := refeval.Eval(ctx, exe.Func(), exe.Module(), []*memref.Tensor{in})
			if err != nil {
				t.Fatal(err)
			}
			if r, err := diffCompare(ctx, exe, []*memref.Tensor{in}, got, want); err != nil {
				t.Errorf("%s, %d ops: result %d: %v", ty, n, r, err)
			}
		}
	}
}
