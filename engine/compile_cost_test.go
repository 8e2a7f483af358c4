package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/sandjit/sandjit/internal/refeval"
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

// TestCompileLimits: a compilation over a limit fails with a *LimitError
// naming it, matched by ErrLimit, and is not an internal error.
func TestCompileLimits(t *testing.T) {
	ctx := context.Background()
	src := []byte(chainKernel(40, "tensor<8xf32>", "tf.Neg", "tf.Abs"))
	for _, c := range []struct {
		lim  CompileLimits
		name string
	}{
		{CompileLimits{LoopInstructions: 20}, "max_loop_instructions"},
		{CompileLimits{WasmBytes: 200}, "max_wasm_bytes"},
	} {
		rt := newRuntime(t, WithCompileLimits(c.lim))
		_, err := rt.Compile(ctx, src)
		var le *LimitError
		if !errors.Is(err, ErrLimit) || !errors.As(err, &le) || le.Limit != c.name || errors.Is(err, ErrInternal) {
			t.Errorf("%+v: got %v, want a *LimitError for %s", c.lim, err, c.name)
		}
	}
	rt := newRuntime(t)
	if _, err := rt.Compile(ctx, src); err != nil {
		t.Errorf("within the default limits: %v", err)
	}
}

// TestCompileHonoursContext: a compilation whose caller's deadline passes
// returns the context's error promptly, is not cached as failed, and
// compiles when asked again.
func TestCompileHonoursContext(t *testing.T) {
	rt := newRuntime(t)
	src := []byte(fibSource(1500))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := rt.Compile(ctx, src)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want the deadline's error", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("returned %v after a 5ms deadline", d)
	}
	// The cancelled work stops soon after (at its next check).
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	if err := rt.WaitCompiles(wctx); err != nil || rt.CompilesInFlight() != 0 {
		t.Errorf("cancelled compile still running: %v, %d in flight", err, rt.CompilesInFlight())
	}
	if _, err := rt.Compile(context.Background(), src); err != nil {
		t.Errorf("compiling again: %v", err)
	}
}

// fibSource is a Fibonacci-shaped DAG of n tf.AddV2: each adds the two
// previous results.
func fibSource(n int) string {
	var b strings.Builder
	ty := "tensor<4xf32>"
	fmt.Fprintf(&b, "func.func @fib(%%a: %[1]s, %%b: %[1]s) -> %[1]s {\n", ty)
	p2, p1 := "%a", "%b"
	for i := range n {
		fmt.Fprintf(&b, "  %%%d = \"tf.AddV2\"(%s, %s) : (%[4]s, %[4]s) -> %[4]s\n", i, p2, p1, ty)
		p2, p1 = p1, fmt.Sprintf("%%%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : %s\n}\n", p1, ty)
	return b.String()
}

const fillKernel = `func.func @f(%s: tensor<?xi32> {jitrt.constraint = "value"}, %v: tensor<f32>) -> tensor<*xf32> {
  %0 = "tf.Fill"(%s, %v) : (tensor<?xi32>, tensor<f32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
`

// runFill runs fillKernel with shape argument dims.
func runFill(ctx context.Context, exe *JitExecutable, dims []int32) error {
	s, err := memref.FromSlice([]int{len(dims)}, dims)
	if err != nil {
		return err
	}
	v, err := memref.FromSlice([]int{}, []float32{2})
	if err != nil {
		return err
	}
	_, err = exe.Run(ctx, s, v)
	return err
}

// TestComputedShapeLimits: a shape computed from a value-specialized
// argument obeys the rank and element limits, with a *LimitError — never
// an internal error (a rank-17 tf.Fill broke the descriptor ABI).
func TestComputedShapeLimits(t *testing.T) {
	ctx := context.Background()
	ones := func(n int) []int32 {
		d := make([]int32, n)
		for i := range d {
			d[i] = 1
		}
		return d
	}
	for _, c := range []struct {
		lim   CompileLimits
		dims  []int32
		limit string // "" for success
	}{
		{CompileLimits{}, ones(16), ""},
		{CompileLimits{}, ones(17), "abi"}, // the checker's own ABI bound, or max_rank
		{CompileLimits{Rank: 8}, ones(8), ""},
		{CompileLimits{Rank: 8}, ones(9), "max_rank"},
		{CompileLimits{Elements: 1000}, []int32{10, 100}, ""},
		{CompileLimits{Elements: 1000}, []int32{10, 101}, "max_elements"},
		{CompileLimits{Elements: 1000}, []int32{1 << 30, 1 << 30, 1 << 30}, "max_elements"},
	} {
		rt := newRuntime(t, WithCompileLimits(c.lim))
		exe, err := rt.Compile(ctx, []byte(fillKernel))
		if err != nil {
			t.Fatal(err)
		}
		err = runFill(ctx, exe, c.dims)
		var le *LimitError
		switch {
		case c.limit == "" && err != nil:
			t.Errorf("%+v, rank %d: %v", c.lim, len(c.dims), err)
		case c.limit == "abi":
			if err == nil || errors.Is(err, ErrInternal) || !(errors.Is(err, ErrLimit) || errors.Is(err, mlir.ErrInvalid)) {
				t.Errorf("%v: got %v, want a limit or invalid-kernel error", c.dims, err)
			}
		case c.limit != "" && (!errors.As(err, &le) || le.Limit != c.limit || !errors.Is(err, ErrLimit)):
			t.Errorf("%+v, %v: got %v, want a *LimitError for %s", c.lim, c.dims, err, c.limit)
		}
	}
}

// FuzzComputedShape feeds value-specialized shape arguments of any length
// and contents to tf.Fill: every failure is an error of the input (a
// limit, an argument or shape error), never an internal one or a panic.
func FuzzComputedShape(f *testing.F) {
	f.Add([]byte{1, 1, 1}, uint8(0))
	f.Add(make([]byte, 17), uint8(8))
	f.Add([]byte{255, 255, 255, 255, 0, 0, 0, 128}, uint8(3))
	rt := newRuntime(f, WithCompileLimits(CompileLimits{Rank: 8, Elements: 1 << 20}))
	exe, err := rt.Compile(context.Background(), []byte(fillKernel))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte, scale uint8) {
		if len(raw) > 80 {
			return
		}
		dims := make([]int32, len(raw))
		for i, b := range raw {
			dims[i] = int32(b) << (scale % 32) // big, negative, zero…
		}
		err := runFill(context.Background(), exe, dims)
		if errors.Is(err, ErrInternal) || errors.Is(err, ErrTrap) {
			t.Fatalf("%v: %v", dims, err)
		}
	})
}
