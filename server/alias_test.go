package server

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// kernelIdentity ends with tf.Identity, as TensorFlow's exporters write
// kernels (issue 12); submitting it used to answer 500.
const kernelIdentity = `func.func @compute(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Tanh"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Identity"(%0) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %1 : tensor<?xf32>
}`

// kernelForwarding returns an argument, the same value twice and a
// tf.CheckNumerics of a computed value.
const kernelForwarding = `func.func @f(%a: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Log"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.CheckNumerics"(%0) {message = "log of a"} : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.StopGradient"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %1, %2, %1, %a : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}`

// TestRunForwardedResults: the server compiles and runs the Identity
// kernel (tanh of its input) and a kernel whose results forward an
// argument and a value returned twice; a tf.CheckNumerics that meets a
// NaN is a 400 naming the op and its message, and the tenant runs on.
func TestRunForwardedResults(t *testing.T) {
	h := newHarness(t, 1, nil)
	id := h.submit(0, kernelIdentity)
	in := []float64{0, 0.5, -1, 3}
	o := decodeOutputs(t, h.runJSON(0, id, `{"dtype":"f32","shape":[4],"data":[0,0.5,-1,3]}`))
	if len(o.Outputs) != 1 || o.Outputs[0].DType != "f32" || len(o.Outputs[0].Data) != len(in) {
		t.Fatalf("outputs: %+v", o)
	}
	for i, d := range o.Outputs[0].Data {
		v, err := strconv.ParseFloat(string(d), 64)
		if w := math.Tanh(in[i]); err != nil || math.Abs(v-w) > 1e-6 {
			t.Errorf("output[%d] = %s, want tanh(%v) = %v", i, d, in[i], w)
		}
	}

	fw := h.submit(0, kernelForwarding)
	o = decodeOutputs(t, h.runJSON(0, fw, `{"dtype":"f32","shape":[3],"data":[1,1,1]}`))
	if len(o.Outputs) != 4 {
		t.Fatalf("%d outputs, want 4", len(o.Outputs))
	}
	for i, want := range []string{"0 0 0", "1 1 1", "0 0 0", "1 1 1"} {
		if got := dataString(o, i); got != want {
			t.Errorf("output %d: %s, want %s", i, got, want)
		}
	}
	r := h.runJSON(0, fw, `{"dtype":"f32","shape":[3],"data":[1,-1,1]}`)
	e := r.errorBody(t)
	if r.status != http.StatusBadRequest || e.Kind != kindBadRequest ||
		!strings.Contains(e.Error, "'tf.CheckNumerics' op log of a : Tensor had NaN values") {
		t.Errorf("NaN: %d %+v", r.status, e)
	}
	decodeOutputs(t, h.runJSON(0, id, `{"dtype":"f32","shape":[1],"data":[2]}`))
}
