package lower

import (
	"errors"
	"flag"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/mlir/mlirtest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/loopir"
)

var update = flag.Bool("update", false, "rewrite the loop IR goldens in testdata/lower")

// compileText parses and compiles src with the verifier on after every pass.
func compileText(t testing.TB, name, src, entry string) (*Kernel, error) {
	t.Helper()
	m, err := mlir.Parse(name, []byte(src), mlir.DefaultParseLimits())
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return Compile(m, CompileOptions{Entry: entry, Verify: true, KeepStages: true})
}

// TestCompileCorpus compiles every kernel of the golden corpus with the loop
// IR verifier run after lowering and after every pass.
func TestCompileCorpus(t *testing.T) {
	kernels, err := golden.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range kernels {
		m, err := mlir.Parse(k.Name, k.Src, mlir.DefaultParseLimits())
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		fn, err := SelectEntry(m, k.Entry)
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		cons, err := OperandConstraints(fn)
		if err != nil {
			t.Errorf("%s: %v", k.Name, err)
			continue
		}
		if NeedsRank(fn) || Unresolved(cons) != "[]" {
			continue // compiled per specialization at run time; the engine tests run it
		}
		if HasControlFlow(fn) {
			fl, err := BuildFlow(m, fn)
			if err != nil {
				t.Errorf("%s: %v", k.Name, err)
				continue
			}
			compileFlow(t, k.Name, m, fl, map[*Flow]bool{})
			continue
		}
		kern, err := Compile(m, CompileOptions{Entry: k.Entry, Verify: true, KeepStages: true})
		if errors.Is(err, mlir.ErrNeedsShapes) {
			continue // compiled per shape specialization; the engine tests run it
		}
		if err != nil {
			t.Errorf("%s: %v", k.Name, err)
			continue
		}
		if got := len(kern.Stages); got != 1+len(loopir.Passes) {
			t.Errorf("%s: %d stages recorded, want %d", k.Name, got, 1+len(loopir.Passes))
		}
	}
}

// nestCount compiles src and returns its number of loop nests.
func nestCount(t *testing.T, src string) int {
	t.Helper()
	k, err := compileText(t, "k.mlir", src, "")
	if err != nil {
		t.Fatal(err)
	}
	return len(k.Program.Nests)
}

func TestFusionShapes(t *testing.T) {
	cases := []struct {
		name  string
		src   string
		nests int
	}{
		{"elementwise chain with broadcasts is one nest", `
func.func @f(%x: tensor<?x?xf32>, %b: tensor<?xf32>, %s: tensor<f32>) -> tensor<?x?xf32> {
  %0 = "tf.AddV2"(%x, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Mul"(%0, %s) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %2 = "tf.Tanh"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Relu"(%2) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Exp"(%3) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %4 : tensor<?x?xf32>
}`, 1},
		{"a reduction absorbs its elementwise producers", `
func.func @f(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?xf32> {
  %a = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.SquaredDifference"(%x, %y) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Exp"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Sum"(%1, %a) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %2 : tensor<?xf32>
}`, 1},
		{"softmax is three nests", `
func.func @f(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Softmax"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}`, 3},
		{"log-softmax is three nests", `
func.func @f(%x: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = "tf.LogSoftmax"(%x) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0 : tensor<?x?x?xf32>
}`, 3},
		{"softmax of primitives is three nests", `
func.func @f(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %a = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Max"(%x, %a) {keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %1 = "tf.Sub"(%x, %0) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %2 = "tf.Exp"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Sum"(%2, %a) {keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %4 = "tf.Div"(%2, %3) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  func.return %4 : tensor<?x?xf32>
}`, 3},
		{"an expensive producer broadcast into a bigger nest stays materialized", `
func.func @f(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Exp"(%b) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Mul"(%x, %0) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  func.return %1 : tensor<?x?xf32>
}`, 2},
		{"a cheap producer broadcast into a bigger nest is fused", `
func.func @f(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Neg"(%b) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Mul"(%x, %0) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  func.return %1 : tensor<?x?xf32>
}`, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := nestCount(t, c.src); got != c.nests {
				k, _ := compileText(t, "k.mlir", c.src, "")
				t.Errorf("%d nests, want %d:\n%s", got, c.nests, k.Program)
			}
		})
	}
}

// TestLoopIRGolden compares the loop IR of each testdata/lower/*.txtar
// kernel with its recorded text (rewrite with -update).
func TestLoopIRGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "lower", "*.txtar"))
	if len(files) == 0 {
		t.Fatal("no testdata/lower/*.txtar files")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			parts := splitTxtar(string(data))
			src, ok := parts["kernel.mlir"]
			if !ok {
				t.Fatal("no kernel.mlir section")
			}
			k, err := compileText(t, "kernel.mlir", src, "")
			if err != nil {
				t.Fatal(err)
			}
			got := k.Program.String()
			if *update {
				out := "-- kernel.mlir --\n" + strings.TrimRight(src, "\n") + "\n-- loops --\n" + got
				if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := parts["loops"]; got != want {
				t.Errorf("loop IR differs (run with -update to accept):\n--- got\n%s\n--- want\n%s", got, want)
			}
		})
	}
}

// splitTxtar splits "-- name --" sections.
func splitTxtar(s string) map[string]string {
	out := map[string]string{}
	name := ""
	var b strings.Builder
	flush := func() {
		if name != "" {
			out[name] = b.String()
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(s, "\n") {
		l := strings.TrimRight(line, "\n")
		if strings.HasPrefix(l, "-- ") && strings.HasSuffix(l, " --") && len(l) > 6 {
			flush()
			name = strings.TrimSuffix(strings.TrimPrefix(l, "-- "), " --")
			continue
		}
		b.WriteString(line)
	}
	flush()
	return out
}

// TestVerifyDiagnostics runs testdata/verify/*.mlir: cases split by
// `// -----`, each with `// expected-error @+1 {{…}}` annotations for the
// diagnostics Compile must report (and no others).
func TestVerifyDiagnostics(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "verify", "*.mlir"))
	if len(files) == 0 {
		t.Fatal("no testdata/verify/*.mlir files")
	}
	n := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range mlirtest.SplitCases(filepath.Base(path), string(data)) {
			want := mlirtest.ExpectedDiags(c.Text)
			m, err := mlir.Parse(c.File, []byte(c.Text), mlir.DefaultParseLimits())
			if err != nil {
				t.Errorf("%s:%d: case does not parse: %v", c.File, c.FirstLine, err)
				continue
			}
			if fn, ferr := SelectEntry(m, ""); ferr == nil && HasControlFlow(fn) {
				_, err = BuildFlow(m, fn) // the host's ops are checked as the flow is built
			} else {
				_, err = Compile(m, CompileOptions{Verify: true})
			}
			var list mlir.ErrorList
			if err != nil && !errors.As(err, &list) {
				t.Errorf("%s:%d: error is not an ErrorList: %v", c.File, c.FirstLine, err)
				continue
			}
			matched := make([]bool, len(list))
			for _, w := range want {
				n++
				found := false
				for i, e := range list {
					if e.Pos.Line == w.Line && strings.Contains(e.Error(), w.Substr) {
						matched[i], found = true, true
					}
				}
				if !found {
					t.Errorf("%s:%d: missing diagnostic %q; got %v", c.File, w.Line, w.Substr, err)
				}
			}
			for i, e := range list {
				if !matched[i] {
					t.Errorf("%s: unexpected diagnostic %v", c.File, e)
				}
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d expected diagnostics in testdata/verify", n)
	}
}

// TestKnownUnsupportedIsUnsupported keeps the "not supported yet" list
// honest: an op that gains an implementation must leave it.
func TestKnownUnsupportedIsUnsupported(t *testing.T) {
	for _, name := range knownUnsupported {
		if registry[name] != nil {
			t.Errorf("%s is implemented but still listed in knownUnsupported", name)
		}
	}
}

// compileFlow compiles every segment of a flow and its sub-flows.
func compileFlow(t *testing.T, name string, m *mlir.Module, fl *Flow, seen map[*Flow]bool) {
	if seen[fl] {
		return
	}
	seen[fl] = true
	for _, st := range fl.Steps {
		for _, sub := range st.Subs {
			compileFlow(t, name, m, sub, seen)
		}
		if st.Seg == nil {
			continue
		}
		sm := &mlir.Module{File: m.File, Funcs: []*mlir.Func{st.Seg}}
		if NeedsRank(st.Seg) {
			continue
		}
		if _, err := Compile(sm, CompileOptions{Entry: st.Seg.Name, Verify: true}); err != nil && !errors.Is(err, mlir.ErrNeedsShapes) {
			t.Errorf("%s: segment @%s: %v\n%s", name, st.Seg.Name, err, st.Seg)
		}
	}
}

// fibKernel is a Fibonacci-shaped DAG of n tf.AddV2 ops: each adds the two
// previous results, so every value is read twice.
func fibKernel(n int, ty string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @fib(%%a: %[1]s, %%b: %[1]s) -> %[1]s {\n", ty)
	p2, p1 := "%a", "%b"
	for i := range n {
		fmt.Fprintf(&b, "  %%%d = \"tf.AddV2\"(%s, %s) : (%[4]s, %[4]s) -> %[4]s\n", i, p2, p1, ty)
		p2, p1 = p1, fmt.Sprintf("%%%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : %s\n}\n", p1, ty)
	return b.String()
}

// TestFusionBoundsSharedProducers: fusing a DAG whose values are each read
// twice must not turn it into a tree (issue 18: exponential in its depth).
func TestFusionBoundsSharedProducers(t *testing.T) {
	for _, n := range []int{30, 300} {
		k, err := compileText(t, "fib.mlir", fibKernel(n, "tensor<4xf32>"), "")
		if err != nil {
			t.Fatal(err)
		}
		instrs := 0
		for _, nest := range k.Program.Nests {
			instrs += len(nest.Body)
		}
		if instrs > 8*n {
			t.Errorf("%d ops: %d instructions in %d nests after fusion, want <= %d", n, instrs, len(k.Program.Nests), 8*n)
		}
		for _, nest := range k.Program.Nests {
			if len(nest.Src) > 4*len(nest.Body) {
				t.Errorf("%d ops: nest %s implements %d source ops in %d instructions", n, nest.Name, len(nest.Src), len(nest.Body))
			}
		}
	}
}
