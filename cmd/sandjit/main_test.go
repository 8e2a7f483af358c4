package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// sandjit runs the command line in-process.
func sandjit(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = mainExit(args, &out, &errb)
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const addKernel = `func.func @add(%x: tensor<?x3xf32>, %y: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = "tf.AddV2"(%x, %y) {device = ""} : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}
`

func TestDemo(t *testing.T) {
	code, out, errs := sandjit(t, "demo")
	if code != 0 || !strings.Contains(out, "matches the plain-Go reference evaluator") {
		t.Fatalf("demo: exit %d\n%s\n%s", code, out, errs)
	}
}

func TestRunLiteralInputs(t *testing.T) {
	dir := t.TempDir()
	k := writeFile(t, dir, "add.mlir", addKernel)
	code, out, errs := sandjit(t, "run", k, "--input=2x3xf32=1 2 3 4 5 6", "--input=3xf32=10 20 30")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := "result[0]: tensor<2x3xf32>=[[11 22 33] [14 25 36]]\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

func TestRunNPY(t *testing.T) {
	dir := t.TempDir()
	k := writeFile(t, dir, "add.mlir", addKernel)
	x, _ := memref.FromSlice([]int{1, 3}, []float32{1, 2, 3})
	if err := memref.WriteNPYFile(filepath.Join(dir, "x.npy"), x); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "r.npy")
	code, _, errs := sandjit(t, "run", "--input=@"+filepath.Join(dir, "x.npy"), k, "--input=3xf32=1", "--output=@"+out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	r, err := memref.ReadNPYFile(out, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if got := memref.Format(r, 10); got != "tensor<1x3xf32>=[[2 3 4]]" {
		t.Errorf("result %s", got)
	}
}

// TestRunErrors: every bad kernel or input gives exit status 1 and exactly
// one line on stderr, never a panic.
func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	k := writeFile(t, dir, "add.mlir", addKernel)
	bad := writeFile(t, dir, "bad.mlir", "func.func @f(%x: tensor<3xf32>) -> tensor<3xf32> {\n  %0 = \"tf.Nope\"(%x) : (tensor<3xf32>) -> tensor<3xf32>\n  func.return %0 : tensor<3xf32>\n}\n")
	syntax := writeFile(t, dir, "syntax.mlir", "func.func @f(%x: tensor<3xf32>) -> tensor<3xf32> {\n  %0 = \"tf.Abs\"(%x) : (tensor<3xf32>) ->\n")
	trunc := filepath.Join(dir, "trunc.npy")
	x, _ := memref.FromSlice([]int{2, 3}, []float32{1, 2, 3, 4, 5, 6})
	var buf bytes.Buffer
	memref.WriteNPY(&buf, x)
	os.WriteFile(trunc, buf.Bytes()[:buf.Len()-5], 0o644)
	garbage := writeFile(t, dir, "garbage.npy", "not an npy file at all")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"run", filepath.Join(dir, "missing.mlir")}, "no such file"},
		{[]string{"run", bad, "--input=3xf32=1"}, "bad.mlir:2:8: 'tf.Nope' op is not supported"},
		{[]string{"run", syntax, "--input=3xf32=1"}, "syntax.mlir:"},
		{[]string{"run", k, "--input=2x3xf32=1"}, "@add takes 2 arguments (tensor<?x3xf32>, tensor<3xf32>), got 1 --input"},
		{[]string{"run", k, "--input=2x3xi32=1", "--input=3xf32=1"}, "operand #0 type is not compatible with the expected element type: i32 vs f32"},
		{[]string{"run", k, "--input=6xf32=1", "--input=3xf32=1"}, "operand #0 rank does not match expected input rank: 1 vs 2"},
		{[]string{"run", k, "--input=2x4xf32=1", "--input=3xf32=1"}, "operand #0 dimension #1 does not match expected input dimension: 4 vs 3"},
		{[]string{"run", k, "--input=2x3xf32=1", "--input=4xf32=1"}, "operand #1 dimension #0 does not match expected input dimension: 4 vs 3"},
		{[]string{"run", k, "--input=@" + trunc, "--input=3xf32=1"}, "--input #0:"},
		{[]string{"run", k, "--input=@" + garbage, "--input=3xf32=1"}, "--input #0:"},
		{[]string{"run", k, "--input=2x3xf32=1 2 x", "--input=3xf32=1"}, "--input #0:"},
		{[]string{"run", k, "--input=@" + filepath.Join(dir, "nope.npy"), "--input=3xf32=1"}, "no such file"},
		{[]string{"run", k, "--entry=other", "--input=3xf32=1"}, "no function @other"},
	}
	for _, c := range cases {
		code, _, errs := sandjit(t, c.args...)
		lines := strings.Split(strings.TrimRight(errs, "\n"), "\n")
		if code != exitFail || len(lines) != 1 || !strings.Contains(errs, c.want) || strings.Contains(errs, "panic") {
			t.Errorf("sandjit %s: exit %d, stderr %q; want exit 1 and one line containing %q", strings.Join(c.args, " "), code, errs, c.want)
		}
	}
}

// TestUsageErrors: bad usage says what is wrong on the first line, then
// the command's one-line usage and where the flags are (not the whole
// flag list), with exit status 2.
func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args  []string
		first string // the first line of stderr
	}{
		{[]string{}, "sandjit: no command given"},
		{[]string{"frobnicate"}, `sandjit: unknown command "frobnicate"`},
		{[]string{"run"}, "sandjit run: want exactly one kernel file, got 0 arguments"},
		{[]string{"run", "a.mlir", "b.mlir"}, "sandjit run: want exactly one kernel file, got 2 arguments"},
		{[]string{"run", "--dump=bytes", "a.mlir"}, `sandjit run: --dump: unknown output "bytes" (want loops, wat, graph or stages)`},
		{[]string{"ops", "--format=xml"}, `sandjit ops: --format must be text, json or markdown, got "xml"`},
		{[]string{"ops", "extra"}, `sandjit ops: unexpected argument "extra"`},
		{[]string{"demo", "extra"}, `sandjit demo: unexpected argument "extra"`},
		{[]string{"run", "--nope", "a.mlir"}, "sandjit run: flag provided but not defined: -nope"},
		{[]string{"compile", "--workers=x", "a.mlir"}, `sandjit compile: invalid value "x" for flag -workers: parse error`},
		{[]string{"run", "a.mlir", "--output=r.npy"}, `sandjit run: --output #0: want @file.npy, got "r.npy"; did you mean --output=@r.npy?`},
	} {
		code, out, errs := sandjit(t, c.args...)
		lines := strings.Split(strings.TrimRight(errs, "\n"), "\n")
		if code != exitUsage || lines[0] != c.first || len(lines) > 3 || out != "" {
			t.Errorf("sandjit %q: exit %d, stdout %q, stderr:\n%s\nwant exit 2, first line %q, at most 3 lines", c.args, code, out, errs, c.first)
		}
		if len(c.args) > 0 && c.args[0] != "frobnicate" && len(lines) > 1 && !strings.HasPrefix(lines[1], "usage: sandjit") {
			t.Errorf("sandjit %q: second line %q, want the usage", c.args, lines[1])
		}
	}
	if code, out, _ := sandjit(t, "help"); code != 0 || !strings.Contains(out, "Commands:") || !strings.Contains(out, "Exit status:") {
		t.Errorf("help: exit %d\n%s", code, out)
	}
	// -h is help: every flag, exit 0.
	if code, _, errs := sandjit(t, "run", "-h"); code != 0 || !strings.Contains(errs, "-specialize string") ||
		strings.Count(errs, "Usage: sandjit run") != 1 {
		t.Errorf("run -h: exit %d\n%s", code, errs)
	}
}

// TestInputHints: an input that names a file without its '@' is told so.
func TestInputHints(t *testing.T) {
	dir := t.TempDir()
	k := writeFile(t, dir, "add.mlir", addKernel)
	code, _, errs := sandjit(t, "run", k, "--input=r.npy", "--input=3xf32=1")
	if want := `sandjit: --input #0: "r.npy" is a file name, not a tensor literal; did you mean --input=@r.npy?` + "\n"; code != exitFail || errs != want {
		t.Errorf("exit %d, stderr %q; want 1, %q", code, errs, want)
	}
}

// TestBracketInputs: a bare bracketed literal takes its shape from the
// nesting and its element type from the kernel's argument.
func TestBracketInputs(t *testing.T) {
	dir := t.TempDir()
	k := writeFile(t, dir, "add.mlir", addKernel)
	code, out, errs := sandjit(t, "run", k, "--input=[[1,2,3],[4,5,6]]", "--input=[10 20 30]")
	if want := "result[0]: tensor<2x3xf32>=[[11 22 33] [14 25 36]]\n"; code != 0 || out != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, out, errs, want)
	}
	for _, c := range []struct{ in, want string }{
		{"[[1,2,3],[4,5]]", "ragged"},
		{"[[1,2,3]", "unbalanced '['"},
		{"[1,2,3]]", "unbalanced ']'"},
		{"[[1,2,3],4]", "different depths"},
		{"[1,2,3][4]", "want one outer list"},
		{"[1,[2],3]", "a list where a value belongs"},
		{"[[1,x,3],[4,5,6]]", "bad number"},
	} {
		code, _, errs := sandjit(t, "run", k, "--input="+c.in, "--input=3xf32=1")
		if code != exitFail || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("--input=%s: exit %d, stderr %q; want 1 and %q", c.in, code, errs, c.want)
		}
	}
}

// TestOutputErrorNamesPath: an --output that cannot be written is named as
// the user gave it (not as the temporary file written first).
func TestOutputErrorNamesPath(t *testing.T) {
	dir := t.TempDir()
	k := writeFile(t, dir, "add.mlir", addKernel)
	out := filepath.Join(dir, "missing", "r.npy")
	code, _, errs := sandjit(t, "run", k, "--input=1x3xf32=1", "--input=3xf32=1", "--output=@"+out)
	if want := "sandjit: result[0]: write " + out + ": no such file or directory\n"; code != exitFail || errs != want {
		t.Errorf("exit %d, stderr %q; want 1, %q", code, errs, want)
	}
}

// TestDumpWATIsValid: --dump=wat alone prints a module wat2wasm accepts
// (Debian's wabt; .ci/run installs it).
func TestDumpWATIsValid(t *testing.T) {
	wat2wasm, err := exec.LookPath("wat2wasm")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("wat2wasm not installed in CI (.ci/run installs Debian's wabt)")
		}
		t.Skip("wat2wasm not installed (apt-get install wabt): --dump=wat output not checked")
	}
	dir := t.TempDir()
	kernels := map[string]string{"add.mlir": addKernel}
	for _, name := range []string{"op4_batch_matmul.mlir", "log_softmax_ranks.mlir", "op4_conv2d.mlir", "op4_chain_conv_bn_logits.mlir"} {
		if b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "kernels", name)); err == nil {
			kernels[name] = string(b)
		}
	}
	if len(kernels) < 5 {
		t.Fatal("testdata kernels missing")
	}
	for name, src := range kernels {
		k := writeFile(t, dir, name, src)
		code, out, errs := sandjit(t, "compile", k, "--dump=wat")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		wat := writeFile(t, dir, name+".wat", out)
		if b, err := exec.Command(wat2wasm, wat, "-o", filepath.Join(dir, name+".wasm")).CombinedOutput(); err != nil {
			t.Errorf("%s: wat2wasm rejects --dump=wat: %v\n%s", name, err, b)
		}
	}
}

func TestOps(t *testing.T) {
	code, out, _ := sandjit(t, "ops", "--format=json")
	if code != 0 {
		t.Fatal(code)
	}
	var ops []struct {
		Name   string
		DTypes []string
	}
	if err := json.Unmarshal([]byte(out), &ops); err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, op := range ops {
		have[op.Name] = true
	}
	// Every op of issues 2 and 4.
	issue4 := strings.Fields(`tf.Acos tf.Acosh tf.Asin tf.Asinh tf.Atan tf.Atan2 tf.Atanh tf.Cosh tf.Sinh tf.Tan
		tf.Elu tf.Selu tf.LeakyRelu tf.Softplus tf.Softsign tf.ClipByValue tf.DivNoNan tf.MulNoNan tf.Xdivy
		tf.Xlogy tf.Xlog1py tf.Inv tf.Invert tf.IsInf tf.IsNan tf.Mod tf.TruncateDiv tf.ApproximateEqual
		tf.Erfc tf.NextAfter tf.ZerosLike tf.OnesLike tf.MatMul tf.BatchMatMulV2 tf.Transpose tf.Reshape
		tf.ExpandDims tf.Squeeze tf.BroadcastTo tf.ConcatV2 tf.Pack tf.Slice tf.StridedSlice tf.ReverseV2
		tf.Tile tf.Pad tf.Fill tf.Shape tf.Identity tf.StopGradient tf.ArgMax tf.ArgMin tf.Gather tf.GatherV2
		tf.Range tf.Cumsum tf.OneHot tf.TensorScatterAdd tf.TensorScatterUpdate tf._FusedMatMul tf.If tf.While
		tf.IfRegion tf.WhileRegion tf.FusedBatchNormV3 tf.Conv2D tf.Einsum`)
	for _, n := range append(issue4, "tf.AddV2", "tf.Softmax", "tf.Mean", "tf.Cast", "tf.SelectV2", "tf.BiasAdd", "tf.Erf") {
		if !have[n] {
			t.Errorf("ops lacks %s", n)
		}
	}
	if code, out, _ := sandjit(t, "ops"); code != 0 || !strings.Contains(out, "tf.FloorMod") {
		t.Errorf("ops text: %d\n%s", code, out)
	}
}

func TestCompileDump(t *testing.T) {
	dir := t.TempDir()
	k := writeFile(t, dir, "add.mlir", addKernel)
	wasm := filepath.Join(dir, "k.wasm")
	code, out, errs := sandjit(t, "compile", k, "--dump=loops,wat,graph,stages", "-o", wasm)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"// loop IR", "nest n0", "f32x4.add", "\"tf.AddV2\"", "// loop IR after fuse"} {
		if !strings.Contains(out, want) {
			t.Errorf("dump lacks %q", want)
		}
	}
	if b, err := os.ReadFile(wasm); err != nil || !bytes.HasPrefix(b, []byte("\x00asm")) {
		t.Errorf("-o wrote %d bytes, %v", len(b), err)
	}
}

// reshapeKernel is README's run-time Reshape: the shape is a plain
// argument, read before the run.
const reshapeKernel = `func.func @main(%x: tensor<?xf32>, %shape: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = "tf.Reshape"(%x, %shape) {device = ""} : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %1 = "tf.Tanh"(%0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %1 : tensor<?x?xf32>
}
`

func TestRunRunTimeReshape(t *testing.T) {
	dir := t.TempDir()
	k := writeFile(t, dir, "reshape.mlir", reshapeKernel)
	x := "--input=6xf32=0 0.5 1 -1 2 -2"
	for _, c := range []struct {
		shape, mode, want string
	}{
		{"2xi64=-1 3", "enabled", "result[0]: tensor<2x3xf32>=[[0 0.46211717 0.7615941] [-0.7615941 0.9640276 -0.9640276]]\n"},
		{"2xi64=3 -1", "disabled", "result[0]: tensor<3x2xf32>=[[0 0.46211717] [0.7615941 -0.7615941] [0.9640276 -0.9640276]]\n"},
		{"2xi64=1 6", "always", "result[0]: tensor<1x6xf32>=[[0 0.46211717 0.7615941 -0.7615941 0.9640276 -0.9640276]]\n"},
	} {
		code, out, errs := sandjit(t, "run", k, x, "--input="+c.shape, "--specialize="+c.mode, "--debug-specializations")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.shape, code, errs)
		}
		if !strings.Contains(out, c.want) {
			t.Errorf("%s: got %q, want %q", c.shape, out, c.want)
		}
		if strings.Contains(out+errs, "value specialized") {
			t.Errorf("%s: the shape was value-specialized: %s", c.shape, out+errs)
		}
	}
	code, _, errs := sandjit(t, "run", k, x, "--input=2xi64=4 -1")
	if code != exitFail || !strings.Contains(errs, "'tf.Reshape' op Input to reshape is a tensor with 6 values, but the requested shape requires a multiple of 4") {
		t.Errorf("bad shape: exit %d, %q", code, errs)
	}
}

// TestCLIBounded: the CLI has the server's limits (issue 18): a computed
// rank over --max-rank and a compile past --timeout are errors of the
// input (exit 1), not internal ones, and the shell gets its prompt back.
func TestCLIBounded(t *testing.T) {
	dir := t.TempDir()
	fill := filepath.Join(dir, "fill.mlir")
	if err := os.WriteFile(fill, []byte(`func.func @f(%s: tensor<?xi32> {jitrt.constraint = "value"}, %v: tensor<f32>) -> tensor<*xf32> {
  %0 = "tf.Fill"(%s, %v) : (tensor<?xi32>, tensor<f32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	ones17 := "17xi32=" + strings.TrimSpace(strings.Repeat("1 ", 17))
	if code := mainExit([]string{"run", fill, "--input=" + ones17, "--input=f32=2"}, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "rank") {
		t.Errorf("rank-17 Fill: exit %d, %s", code, errb.String())
	}
	errb.Reset()
	if code := mainExit([]string{"run", "--max-rank=8", fill, "--input=9xi32=1 1 1 1 1 1 1 1 1", "--input=f32=2"}, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "max_rank = 8") {
		t.Errorf("rank-9 Fill with --max-rank=8: exit %d, %s", code, errb.String())
	}
	errb.Reset()
	if code := mainExit([]string{"run", fill, "--max-elements=4", "--input=5xi32=1 1 1 1 1", "--input=f32=2"}, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "--max-elements") {
		t.Errorf("input over --max-elements: exit %d, %s", code, errb.String())
	}
	var b strings.Builder
	b.WriteString("func.func @fib(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n")
	p2, p1 := "%a", "%b"
	for i := range 2000 {
		fmt.Fprintf(&b, "  %%%d = \"tf.AddV2\"(%s, %s) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n", i, p2, p1)
		p2, p1 = p1, fmt.Sprintf("%%%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : tensor<4xf32>\n}\n", p1)
	fib := filepath.Join(dir, "fib.mlir")
	if err := os.WriteFile(fib, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := mainExit([]string{"compile", "--timeout=1ms", "-o", filepath.Join(dir, "k.wasm"), fib}, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "--timeout") {
		t.Errorf("compile past --timeout: exit %d, %s", code, errb.String())
	}
}
