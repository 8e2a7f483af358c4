package server

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sandjit/sandjit/memref"
)

// Keys of the test tenants: tenant i has key keyOf(i).
func keyOf(i int) string { return fmt.Sprintf("test-key-%02d-0123456789abcdef", i) }

// tenantName is the name of test tenant i.
func tenantName(i int) string { return fmt.Sprintf("t%02d", i) }

// testConfig is a config of n tenants with small, test-friendly quotas;
// edit may change it.
func testConfig(n int, edit func(*Config)) Config {
	cfg := Config{
		Defaults: Quotas{ArenaBytes: 64 << 20, Workers: 2, RatePerSecond: 1e6, Burst: 1 << 20,
			MaxConcurrentRuns: 64, MaxConcurrentCompiles: 16},
		ShutdownGrace: Duration(2 * time.Second), ShutdownCancelWait: Duration(time.Second),
		MetricsOpen: true,
	}
	for i := range n {
		cfg.Tenants = append(cfg.Tenants, TenantConfig{Name: tenantName(i), Keys: []string{keyOf(i)}})
	}
	if edit != nil {
		edit(&cfg)
	}
	return cfg
}

// harness is a server behind an httptest.Server.
type harness struct {
	t   testing.TB
	srv *Server
	hs  *httptest.Server
}

func newHarness(t testing.TB, n int, edit func(*Config)) *harness {
	t.Helper()
	srv, err := New(context.Background(), testConfig(n, edit))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	h := &harness{t: t, srv: srv, hs: hs}
	t.Cleanup(h.close)
	return h
}

func (h *harness) close() {
	h.hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := h.srv.Close(ctx); err != nil {
		h.t.Errorf("close: %v", err)
	}
}

// response is a finished HTTP exchange.
type response struct {
	status int
	header http.Header
	body   []byte
}

// errorAnswer is an error body.
type errorAnswer struct {
	Error       string   `json:"error"`
	Kind        string   `json:"kind"`
	Limit       string   `json:"limit"`
	Diagnostics []string `json:"diagnostics"`
}

func (r *response) errorBody(t testing.TB) errorAnswer {
	t.Helper()
	var e errorAnswer
	if err := json.Unmarshal(r.body, &e); err != nil {
		t.Fatalf("status %d: body is not a JSON error: %v: %q", r.status, err, r.body)
	}
	if bytes.Count(r.body, []byte("\n")) != 1 || !bytes.HasSuffix(r.body, []byte("\n")) {
		t.Errorf("error body is not one line: %q", r.body)
	}
	return e
}

// do sends a request; key "" sends no Authorization header.
func (h *harness) do(method, path, key string, body []byte, hdr ...string) *response {
	h.t.Helper()
	req, err := http.NewRequest(method, h.hs.URL+path, bytes.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := h.hs.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	return &response{status: resp.StatusCode, header: resp.Header, body: b}
}

// waitMetric waits (up to 10 s) until /metrics shows the line.
func (h *harness) waitMetric(line string) {
	h.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		if r := h.do("GET", "/metrics", "", nil); strings.Contains(string(r.body), line+"\n") {
			return
		}
	}
	h.t.Fatalf("metrics never showed %s", line)
}

// submit compiles src for tenant i and returns its id.
func (h *harness) submit(i int, src string) string {
	h.t.Helper()
	r := h.do("POST", "/v1/kernels", keyOf(i), []byte(src), "Content-Type", "text/plain")
	if r.status != http.StatusCreated && r.status != http.StatusOK {
		h.t.Fatalf("submit: %d %s", r.status, r.body)
	}
	var info kernelInfo
	if err := json.Unmarshal(r.body, &info); err != nil {
		h.t.Fatal(err)
	}
	return info.ID
}

// runJSON runs kernel id for tenant i on JSON inputs.
func (h *harness) runJSON(i int, id string, inputs ...string) *response {
	h.t.Helper()
	body := `{"inputs":[` + strings.Join(inputs, ",") + `]}`
	return h.do("POST", "/v1/kernels/"+id+":run", keyOf(i), []byte(body), "Content-Type", "application/json")
}

// jsonOutputs decodes a JSON run answer.
type jsonOutputs struct {
	Outputs []struct {
		DType string            `json:"dtype"`
		Shape []int             `json:"shape"`
		Data  []json.RawMessage `json:"data"`
	} `json:"outputs"`
}

func decodeOutputs(t testing.TB, r *response) jsonOutputs {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("run: %d %s", r.status, r.body)
	}
	var o jsonOutputs
	if err := json.Unmarshal(r.body, &o); err != nil {
		t.Fatalf("%v: %s", err, r.body)
	}
	return o
}

// dataString joins an output's data as text.
func dataString(o jsonOutputs, i int) string {
	parts := make([]string, len(o.Outputs[i].Data))
	for k, d := range o.Outputs[i].Data {
		parts[k] = string(d)
	}
	return strings.Join(parts, " ")
}

func npyBytes(t testing.TB, x *memref.Tensor) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := memref.WriteNPY(&b, x); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func mustTensor[T memref.Element](t testing.TB, shape []int, data []T) *memref.Tensor {
	t.Helper()
	x, err := memref.FromSlice(shape, data)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// npzBytes zips the given files (name → contents), stored or deflated.
func npzBytes(t testing.TB, deflate bool, files ...any) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for i := 0; i+1 < len(files); i += 2 {
		m := zip.Store
		if deflate {
			m = zip.Deflate
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: files[i].(string), Method: m})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(files[i+1].([]byte))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// multipartBody builds a multipart/form-data body of .npy parts.
func multipartBody(t testing.TB, parts ...[]byte) ([]byte, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for i, p := range parts {
		w, err := mw.CreateFormFile(fmt.Sprintf("arg%d", i), fmt.Sprintf("arg%d.npy", i))
		if err != nil {
			t.Fatal(err)
		}
		w.Write(p)
	}
	mw.Close()
	return b.Bytes(), mw.FormDataContentType()
}

// Kernels the tests use.
const (
	kernelAdd = `func.func @add(%x: tensor<?x3xf32>, %y: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = "tf.AddV2"(%x, %y) {device = ""} : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}
`
	kernelTwoOut = `func.func @two(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Neg"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Abs"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1 : tensor<?xf32>, tensor<?xf32>
}
`
	kernelNeg = `func.func @neg(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Neg"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
`
	kernelIntDiv = `func.func @div(%x: tensor<?xi32>, %y: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %0 = "tf.FloorDiv"(%x, %y) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %1 = "tf.FloorMod"(%x, %y) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  func.return %0, %1 : tensor<?xi32>, tensor<?xi32>
}
`
	// kernelShape takes result shapes from its arguments' values, read
	// before each run (a Reshape to a shape of any length, a Fill).
	kernelShape = `func.func @shape(%x: tensor<?xf32>, %s: tensor<?xi64>, %d: tensor<2xi32>) -> (tensor<*xf32>, tensor<?x?xf32>) {
  %0 = "tf.Reshape"(%x, %s) : (tensor<?xf32>, tensor<?xi64>) -> tensor<*xf32>
  %v = "tf.Const"() {value = dense<1.5> : tensor<f32>} : () -> tensor<f32>
  %1 = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<*xf32>, tensor<?x?xf32>
}
`
	kernelI64 = `func.func @id64(%x: tensor<?xi64>, %y: tensor<?xui64>) -> (tensor<?xi64>, tensor<?xui64>) {
  %0 = "tf.Identity"(%x) : (tensor<?xi64>) -> tensor<?xi64>
  %1 = "tf.Identity"(%y) : (tensor<?xui64>) -> tensor<?xui64>
  func.return %0, %1 : tensor<?xi64>, tensor<?xui64>
}
`
)

// chainKernel is a kernel of n elementwise ops over a vector: slow to
// compile when n is large, slow to run when the vector is.
func chainKernel(n int) string {
	var b strings.Builder
	b.WriteString("func.func @chain(%x: tensor<?xf32>) -> tensor<?xf32> {\n")
	prev := "%x"
	for i := range n {
		op := []string{"tf.Exp", "tf.Tanh", "tf.Sin", "tf.Sigmoid"}[i%4]
		fmt.Fprintf(&b, "  %%v%d = \"%s\"(%s) : (tensor<?xf32>) -> tensor<?xf32>\n", i, op, prev)
		prev = fmt.Sprintf("%%v%d", i)
	}
	fmt.Fprintf(&b, "  func.return %s : tensor<?xf32>\n}\n", prev)
	return b.String()
}

// resultsKernel is n math ops in a chain, every one a result: n nests.
func resultsKernel(n int) string {
	var b strings.Builder
	ty := "tensor<?xf32>"
	types := strings.TrimSuffix(strings.Repeat(ty+", ", n), ", ")
	fmt.Fprintf(&b, "func.func @results(%%x: %s) -> (%s) {\n", ty, types)
	prev := "%x"
	var rs []string
	for i := range n {
		op := []string{"tf.Exp", "tf.Tanh", "tf.Sin", "tf.Sigmoid"}[i%4]
		fmt.Fprintf(&b, "  %%v%d = \"%s\"(%s) : (%s) -> %s\n", i, op, prev, ty, ty)
		prev = fmt.Sprintf("%%v%d", i)
		rs = append(rs, prev)
	}
	fmt.Fprintf(&b, "  func.return %s : %s\n}\n", strings.Join(rs, ", "), types)
	return b.String()
}
