package lower

import (
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"runtime"
	"strings"
	"testing"
)

// scalingShapes are kernels of n ops of the shapes that made passes
// revisit shared values or grow per op (issue 18), with element type ty.
var scalingShapes = []struct {
	name string
	src  func(n int, ty string) string
}{
	{"chain", func(n int, ty string) string { return unaryChain(n, ty, "tf.Tanh") }},
	{"fib", fibKernel},
	{"fanout", fanOut},
	{"fanin", fanIn},
	{"results", manyResults},
	{"consts", bigConsts},
	{"control", nestedControl},
}

func unaryChain(n int, ty, op string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @chain(%%x: %s) -> %s {\n", ty, ty)
	prev := "%x"
	for i := range n {
		fmt.Fprintf(&b, "  %%%d = \"%s\"(%s) : (%s) -> %s\n", i, op, prev, ty, ty)
		prev = fmt.Sprintf("%%%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : %s\n}\n", prev, ty)
	return b.String()
}

// fanOut: one value read by n ops, summed pairwise into one result
// (every op reads x; the adds read them all).
func fanOut(n int, ty string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @fan(%%x: %s) -> %s {\n", ty, ty)
	ops := []string{"tf.Neg", "tf.Abs", "tf.Exp", "tf.Tanh"}
	half := n / 2
	for i := range half {
		fmt.Fprintf(&b, "  %%u%d = \"%s\"(%%x) : (%s) -> %s\n", i, ops[i%len(ops)], ty, ty)
	}
	prev := "%u0"
	for i := 1; i < half; i++ {
		fmt.Fprintf(&b, "  %%s%d = \"tf.AddV2\"(%s, %%u%d) : (%s, %s) -> %s\n", i, prev, i, ty, ty, ty)
		prev = fmt.Sprintf("%%s%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : %s\n}\n", prev, ty)
	return b.String()
}

// fanIn: n/8 arguments combined by a chain of adds and muls.
func fanIn(n int, ty string) string {
	var b strings.Builder
	k := max(2, n/8)
	var args []string
	for i := range k {
		args = append(args, fmt.Sprintf("%%a%d: %s", i, ty))
	}
	fmt.Fprintf(&b, "func.func @fanin(%s) -> %s {\n", strings.Join(args, ", "), ty)
	prev := "%a0"
	for i := 1; i < n; i++ {
		op := "tf.AddV2"
		if i%2 == 0 {
			op = "tf.Mul"
		}
		fmt.Fprintf(&b, "  %%%d = \"%s\"(%s, %%a%d) : (%s, %s) -> %s\n", i, op, prev, i%k, ty, ty, ty)
		prev = fmt.Sprintf("%%%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : %s\n}\n", prev, ty)
	return b.String()
}

// manyResults: n/2 ops, every one a result.
func manyResults(n int, ty string) string {
	var b strings.Builder
	k := max(1, n/2)
	fmt.Fprintf(&b, "func.func @res(%%x: %s) -> (%s) {\n", ty, strings.TrimSuffix(strings.Repeat(ty+", ", k), ", "))
	var rs []string
	prev := "%x"
	for i := range k {
		fmt.Fprintf(&b, "  %%%d = \"tf.Neg\"(%s) : (%s) -> %s\n", i, prev, ty, ty)
		prev = fmt.Sprintf("%%%d", i)
		rs = append(rs, prev)
	}
	fmt.Fprintf(&b, "  func.return %s : %s\n}\n", strings.Join(rs, ", "), strings.TrimSuffix(strings.Repeat(ty+", ", k), ", "))
	return b.String()
}

// bigConsts: a chain adding n/4 dense constants of 64 elements each.
func bigConsts(n int, ty string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @consts(%%x: tensor<64xf32>) -> tensor<64xf32> {\n")
	prev := "%x"
	vals := make([]string, 64)
	for i := range max(1, n/4) {
		for j := range vals {
			vals[j] = fmt.Sprintf("%d.5", (i*64+j)%1000)
		}
		fmt.Fprintf(&b, "  %%c%d = \"tf.Const\"() {value = dense<[%s]> : tensor<64xf32>} : () -> tensor<64xf32>\n", i, strings.Join(vals, ", "))
		fmt.Fprintf(&b, "  %%%d = \"tf.AddV2\"(%s, %%c%d) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>\n", i, prev, i)
		prev = fmt.Sprintf("%%%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : tensor<64xf32>\n}\n", prev)
	return b.String()
}

// nestedControl: groups of ten ops, each a tf.IfRegion whose then-branch
// holds a tf.WhileRegion (two tanh steps) and whose else-branch a tf.Neg,
// chained through their results: control flow nested two deep, n/10 times.
func nestedControl(n int, ty string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @control(%%p: tensor<i1>, %%x: %s) -> %s {\n", ty, ty)
	b.WriteString("  %c0 = \"tf.Const\"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>\n")
	b.WriteString("  %c1 = \"tf.Const\"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>\n")
	b.WriteString("  %c2 = \"tf.Const\"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>\n")
	prev := "%x"
	for i := range max(1, n/10) {
		fmt.Fprintf(&b, `  %%r%[1]d = "tf.IfRegion"(%%p) ({
    %%w%[1]d:2 = "tf.WhileRegion"(%%c0, %[2]s) ({
    ^bb0(%%k%[1]d: tensor<i32>, %%v%[1]d: %[3]s):
      %%lt%[1]d = "tf.Less"(%%k%[1]d, %%c2) : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "tf.Yield"(%%lt%[1]d) : (tensor<i1>) -> ()
    }, {
    ^bb0(%%j%[1]d: tensor<i32>, %%u%[1]d: %[3]s):
      %%j1_%[1]d = "tf.AddV2"(%%j%[1]d, %%c1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %%u1_%[1]d = "tf.Tanh"(%%u%[1]d) : (%[3]s) -> %[3]s
      "tf.Yield"(%%j1_%[1]d, %%u1_%[1]d) : (tensor<i32>, %[3]s) -> ()
    }) {is_stateless = true} : (tensor<i32>, %[3]s) -> (tensor<i32>, %[3]s)
    "tf.Yield"(%%w%[1]d#1) : (%[3]s) -> ()
  }, {
    %%n%[1]d = "tf.Neg"(%[2]s) : (%[3]s) -> %[3]s
    "tf.Yield"(%%n%[1]d) : (%[3]s) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> %[3]s
`, i, prev, ty)
		prev = fmt.Sprintf("%%r%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : %s\n}\n", prev, ty)
	return b.String()
}

// compileBytes parses and compiles src and returns the bytes it allocated.
func compileBytes(t testing.TB, src string) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m, err := mlir.Parse("k.mlir", []byte(src), mlir.ParseLimits{MaxBytes: 64 << 20, MaxOps: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if fn := m.Funcs[0]; HasControlFlow(fn) {
		fl, err := BuildFlow(m, fn)
		if err != nil {
			t.Fatal(err)
		}
		compileSegments(t, m, fl, map[*Flow]bool{})
	} else if _, err := Compile(m, CompileOptions{}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// compileSegments compiles every segment of a flow and its sub-flows, as
// the engine does for a kernel with control flow.
func compileSegments(t testing.TB, m *mlir.Module, fl *Flow, seen map[*Flow]bool) {
	if seen[fl] {
		return
	}
	seen[fl] = true
	for _, st := range fl.Steps {
		for _, sub := range st.Subs {
			compileSegments(t, m, sub, seen)
		}
		if st.Seg == nil || NeedsRank(st.Seg) {
			continue
		}
		sm := &mlir.Module{File: m.File, Funcs: []*mlir.Func{st.Seg}}
		if _, err := Compile(sm, CompileOptions{Entry: st.Seg.Name}); err != nil && !errors.Is(err, mlir.ErrNeedsShapes) {
			t.Fatalf("segment @%s: %v", st.Seg.Name, err)
		}
	}
}

// TestCompileScalesLinearly pins the compiler's growth (issue 18): for
// every shape, static and dynamic, doubling the ops at most ~2.5× the
// bytes allocated by parsing and compiling to loop IR. Bytes, not time:
// deterministic on a loaded machine.
func TestCompileScalesLinearly(t *testing.T) {
	for _, sh := range scalingShapes {
		for _, ty := range []string{"tensor<4xf32>", "tensor<?xf32>"} {
			if sh.name == "consts" && ty != "tensor<4xf32>" {
				continue // its own type
			}
			small := compileBytes(t, sh.src(400, ty))
			big := compileBytes(t, sh.src(800, ty))
			t.Logf("%s %s: 400 ops %d bytes, 800 ops %d bytes", sh.name, ty, small, big)
			if r := float64(big) / float64(small); r > 2.5 {
				t.Errorf("%s %s: 400 ops allocate %d bytes, 800 ops %d: ×%.2f, want <= 2.5", sh.name, ty, small, big, r)
			}
		}
	}
}

// BenchmarkCompileScaling reports the time and bytes per op of parsing
// and compiling each shape at 100, 1,000 and 10,000 ops:
//
//	go test ./internal/lower -run '^$' -bench CompileScaling -benchmem
//
// (figures for the whole pipeline, Wasm and native code included, in each
// specialization mode, are engine's BenchmarkCompilePipeline.)
func BenchmarkCompileScaling(b *testing.B) {
	for _, sh := range scalingShapes {
		for _, ty := range []string{"tensor<4xf32>", "tensor<?xf32>"} {
			for _, n := range []int{100, 1000, 10000} {
				src := sh.src(n, ty)
				b.Run(fmt.Sprintf("%s/%s/%d", sh.name, ty, n), func(b *testing.B) {
					var bytes uint64
					for range b.N {
						bytes += compileBytes(b, src)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/op-kernel")
					b.ReportMetric(float64(bytes)/float64(b.N)/float64(n), "B/op-kernel")
				})
			}
		}
	}
}
