package main

import (
	"bytes"
	"encoding/json"
	"os"
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

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"frobnicate"}, {"run"}, {"run", "a.mlir", "b.mlir"}, {"run", "--dump=bytes", "a.mlir"}, {"ops", "--format=xml"}, {"run", "--nope", "a.mlir"}} {
		if code, _, _ := sandjit(t, args...); code != exitUsage {
			t.Errorf("sandjit %v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if code, out, _ := sandjit(t, "help"); code != 0 || !strings.Contains(out, "Commands:") {
		t.Errorf("help: exit %d\n%s", code, out)
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
