package main

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// identityKernel ends with tf.Identity, as TensorFlow's exporters write
// kernels (issue 12); it used to stop with "internal compiler error:
// result %0 has no output buffer" and exit status 3.
const identityKernel = `func.func @compute(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Tanh"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Identity"(%0) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %1 : tensor<?xf32>
}
`

// TestRunIdentityResult: `sandjit run` prints tanh of its input for the
// Identity kernel, and writes it to an .npy file.
func TestRunIdentityResult(t *testing.T) {
	dir := t.TempDir()
	k := writeFile(t, dir, "identity.mlir", identityKernel)
	in := []float64{0, 0.5, -1, 3, -20}
	code, out, errs := sandjit(t, "run", k, "--input=5xf32=0 0.5 -1 3 -20")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	const prefix = "result[0]: tensor<5xf32>=["
	fields := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(out, prefix), "]\n"))
	if !strings.HasPrefix(out, prefix) || !strings.HasSuffix(out, "]\n") || len(fields) != len(in) {
		t.Fatalf("got %q, want %s… with %d values", out, prefix, len(in))
	}
	for i, f := range fields {
		v, err := strconv.ParseFloat(f, 32)
		if w := math.Tanh(in[i]); err != nil || math.Abs(v-w) > 1e-6 {
			t.Errorf("printed result[%d] = %q, want tanh(%v) = %v", i, f, in[i], w)
		}
	}
	r := filepath.Join(dir, "r.npy")
	if code, _, errs = sandjit(t, "run", k, "--input=3xf32=0.25 -0.125 2", "--output=@"+r); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got, err := memref.ReadNPYFile(r, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range []float64{0.25, -0.125, 2} {
		if w := math.Tanh(x); math.Abs(got.Float64At(i)-w) > 1e-6 {
			t.Errorf("result[%d] = %v, want tanh(%v) = %v", i, got.Float64At(i), x, w)
		}
	}
}

// TestRunCheckNumericsFault: a tf.CheckNumerics that meets a NaN fails the
// run with exit status 1 and one line naming the op, its position and its
// message.
func TestRunCheckNumericsFault(t *testing.T) {
	dir := t.TempDir()
	k := writeFile(t, dir, "check.mlir", `func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Log"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.CheckNumerics"(%0) {message = "log of a"} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %1 : tensor<?xf32>
}
`)
	code, out, errs := sandjit(t, "run", k, "--input=3xf32=1 -1 2")
	want := "check.mlir:3:8: 'tf.CheckNumerics' op log of a : Tensor had NaN values"
	if code != exitFail || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and one line containing %q", code, out, errs, want)
	}
	if code, out, errs = sandjit(t, "run", k, "--input=3xf32=1 3 2"); code != 0 || !strings.HasPrefix(out, "result[0]: tensor<3xf32>=[0 ") {
		t.Errorf("finite input: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
