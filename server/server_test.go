package server

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sandjit/sandjit/memref"
)

func TestAuth(t *testing.T) {
	h := newHarness(t, 2, nil)
	for _, c := range []struct {
		name, auth string
	}{
		{"none", ""},
		{"wrong key", "Bearer not-a-key-0123456789"},
		{"basic scheme", "Basic " + keyOf(0)},
		{"no scheme", keyOf(0)},
		{"empty bearer", "Bearer "},
	} {
		r := h.do("GET", "/v1/ops", "", nil, "Authorization", c.auth)
		if r.status != http.StatusUnauthorized {
			t.Errorf("%s: status %d, want 401", c.name, r.status)
			continue
		}
		if e := r.errorBody(t); e.Kind != kindUnauthorized {
			t.Errorf("%s: kind %q", c.name, e.Kind)
		}
		if r.header.Get("WWW-Authenticate") == "" {
			t.Errorf("%s: no WWW-Authenticate", c.name)
		}
	}
	// Either tenant's key works; the scheme is case-insensitive.
	for i := range 2 {
		if r := h.do("GET", "/v1/ops", "", nil, "Authorization", "bearer "+keyOf(i)); r.status != 200 {
			t.Errorf("tenant %d: %d %s", i, r.status, r.body)
		}
	}
}

func TestConfigKeysByDigest(t *testing.T) {
	cfg := `{"tenants":[{"name":"a","key_sha256":["` + sha256hex(keyOf(7)) + `"],"quotas":{"run_timeout":"2s","max_rank":4}}],
	  "defaults":{"compile_timeout":3}}`
	c, err := ParseConfig([]byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := c.resolve()
	q := r.tenants[0].quotas
	if time.Duration(q.RunTimeout) != 2*time.Second || time.Duration(q.CompileTimeout) != 3*time.Second || q.MaxRank != 4 ||
		q.MaxTensorBytes != DefaultQuotas().MaxTensorBytes {
		t.Errorf("quotas %+v", q)
	}
	srv, err := New(t.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close(t.Context())
	req, _ := http.NewRequest("GET", "/v1/ops", nil)
	req.Header.Set("Authorization", "Bearer "+keyOf(7))
	if tn := srv.authenticate(req); tn == nil || tn.name != "a" {
		t.Errorf("key by digest not accepted")
	}
}

func TestConfigErrors(t *testing.T) {
	for _, c := range []struct{ cfg, want string }{
		{`{}`, "no tenants"},
		{`{"tenants":[{"name":"a"}]}`, "no keys"},
		{`{"tenants":[{"name":"a","keys":["short"]}]}`, "at least 16"},
		{`{"tenants":[{"name":"a","keys":["0123456789abcdefX"]},{"name":"b","keys":["0123456789abcdefX"]}]}`, "share an API key"},
		{`{"tenants":[{"name":"a","keys":["0123456789abcdefX"]},{"name":"a","keys":["0123456789abcdefY"]}]}`, "twice"},
		{`{"tenants":[{"name":"a b","keys":["0123456789abcdefX"]}]}`, "name must be"},
		{`{"tenants":[{"name":"a","keys":["0123456789abcdefX"],"quotas":{"max_rank":99}}]}`, "max_rank"},
		{`{"tenants":[{"name":"a","keys":["0123456789abcdefX"],"quotas":{"arena_bytes":-1}}]}`, "arena_bytes"},
		{`{"tenants":[{"name":"a","keys":["0123456789abcdefX"],"quotas":{"run_timeout":"-1s"}}]}`, "run_timeout"},
		{`{"tenants":[{"name":"a","keys":["0123456789abcdefX"],"quotas":{"rate_per_second":-1}}]}`, "rate_per_second"},
		{`{"tenants":[{"name":"a","keys":["0123456789abcdefX"]}],"typo":1}`, "unknown field"},
		{`{"tenants":[{"name":"a","key_sha256":["abc"]}]}`, "64 hex"},
		{`{"tenants":[]} {}`, "trailing"},
	} {
		_, err := ParseConfig([]byte(c.cfg))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.cfg, err, c.want)
		}
	}
}

func TestHealthReadyOps(t *testing.T) {
	h := newHarness(t, 1, nil)
	if r := h.do("GET", "/healthz", "", nil); r.status != 200 || !strings.Contains(string(r.body), "ok") {
		t.Errorf("healthz: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/readyz", "", nil); r.status != 200 {
		t.Errorf("readyz: %d %s", r.status, r.body)
	}
	if r := h.do("POST", "/healthz", "", nil); r.status != http.StatusMethodNotAllowed {
		t.Errorf("POST healthz: %d", r.status)
	}
	r := h.do("GET", "/v1/ops", keyOf(0), nil)
	var ops struct {
		Ops []opInfo `json:"ops"`
	}
	if err := json.Unmarshal(r.body, &ops); err != nil || r.status != 200 {
		t.Fatalf("ops: %d %v %s", r.status, err, r.body)
	}
	found := false
	for _, o := range ops.Ops {
		found = found || (o.Name == "tf.AddV2" && len(o.DTypes) > 0)
	}
	if !found {
		t.Errorf("tf.AddV2 not in /v1/ops")
	}
	if r := h.do("GET", "/nope", "", nil); r.status != 404 || r.errorBody(t).Kind != kindNotFound {
		t.Errorf("unknown path: %d %s", r.status, r.body)
	}
	if r := h.do("PUT", "/v1/kernels", keyOf(0), nil); r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") == "" {
		t.Errorf("PUT /v1/kernels: %d allow=%q", r.status, r.header.Get("Allow"))
	}
	if r := h.do("GET", "/v1/kernels/x:run", keyOf(0), nil); r.status != http.StatusMethodNotAllowed {
		t.Errorf("GET :run: %d", r.status)
	}
	// Draining: readyz and the API turn 503, healthz stays 200.
	h.srv.ready.Store(false)
	h.srv.draining.Store(true)
	if r := h.do("GET", "/readyz", "", nil); r.status != 503 {
		t.Errorf("readyz while draining: %d", r.status)
	}
	if r := h.do("GET", "/v1/ops", keyOf(0), nil); r.status != 503 || r.errorBody(t).Kind != kindShutdown {
		t.Errorf("API while draining: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/healthz", "", nil); r.status != 200 {
		t.Errorf("healthz while draining: %d", r.status)
	}
}

func TestMetrics(t *testing.T) {
	h := newHarness(t, 2, nil)
	id := h.submit(0, kernelNeg)
	decodeOutputs(t, h.runJSON(0, id, `{"dtype":"f32","shape":[2],"data":[1,2]}`))
	h.runJSON(0, id, `{"dtype":"f32","shape":[3],"data":[1,2]}`)
	h.do("GET", "/v1/ops", "", nil)
	r := h.do("GET", "/metrics", "", nil)
	if r.status != 200 {
		t.Fatalf("metrics: %d", r.status)
	}
	text := string(r.body)
	for _, want := range []string{
		`sandjit_requests_total{code="200",endpoint="kernels_run",tenant="t00"} 1`,
		`sandjit_requests_total{code="401",endpoint="ops",tenant="-"} 1`,
		`sandjit_runs_total{result="ok",tenant="t00"} 1`,
		`sandjit_compiles_total{result="ok",tenant="t00"} 1`,
		`sandjit_errors_total{kind="bad_request",tenant="t00"} 1`,
		`sandjit_run_duration_seconds_bucket{tenant="t00",le="+Inf"} 1`,
		`sandjit_request_duration_seconds_count{endpoint="kernels_run",tenant="t00"} 2`,
		`sandjit_arena_bytes_in_use{tenant="t01"} 0`,
		`sandjit_arena_bytes_limit{tenant="t00"} 6.7108864e+07`,
		`sandjit_kernels{tenant="t00"} 1`,
		`sandjit_runs_in_flight{tenant="t00"} 0`,
		`sandjit_cache_events_total{event="misses"}`,
		`go_goroutines`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %s", want)
		}
	}

	// Neither a token nor metrics_open: closed to everyone.
	h3 := newHarness(t, 1, func(c *Config) { c.MetricsOpen = false })
	if r := h3.do("GET", "/metrics", "", nil); r.status != http.StatusForbidden || !strings.Contains(string(r.body), "metrics_token") {
		t.Errorf("metrics with neither token nor metrics_open: %d %s", r.status, r.body)
	}

	// With a token, /metrics needs it.
	h2 := newHarness(t, 1, func(c *Config) { c.MetricsToken = "metrics-token-0123456789" })
	if r := h2.do("GET", "/metrics", "", nil); r.status != http.StatusForbidden {
		t.Errorf("metrics without token: %d", r.status)
	}
	if r := h2.do("GET", "/metrics", "metrics-token-0123456789", nil); r.status != 200 {
		t.Errorf("metrics with token: %d", r.status)
	}
}

func TestKernelLifecycle(t *testing.T) {
	h := newHarness(t, 2, nil)
	// Plain text, then the same as JSON: same id, 201 then 200.
	r := h.do("POST", "/v1/kernels", keyOf(0), []byte(kernelAdd), "Content-Type", "text/plain")
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var info kernelInfo
	json.Unmarshal(r.body, &info)
	if len(info.ID) != 64 || info.Entry != "add" || info.Specialize != "enabled" ||
		strings.Join(info.Signature.Args, ",") != "tensor<?x3xf32>,tensor<3xf32>" ||
		strings.Join(info.Signature.Results, ",") != "tensor<?x3xf32>" {
		t.Errorf("info %+v (%s)", info, r.body)
	}
	body, _ := json.Marshal(kernelRequest{Source: kernelAdd})
	r = h.do("POST", "/v1/kernels", keyOf(0), body, "Content-Type", "application/json")
	var info2 kernelInfo
	json.Unmarshal(r.body, &info2)
	if r.status != http.StatusOK || info2.ID != info.ID {
		t.Errorf("resubmit: %d %s", r.status, r.body)
	}
	// The entry, as given, is part of the id.
	body, _ = json.Marshal(kernelRequest{Source: kernelAdd, Entry: "add"})
	r = h.do("POST", "/v1/kernels", keyOf(0), body, "Content-Type", "application/json")
	json.Unmarshal(r.body, &info2)
	if r.status != http.StatusCreated || info2.ID == info.ID || info2.Entry != "add" {
		t.Errorf("submit with entry: %d %s", r.status, r.body)
	}
	// Another tenant cannot see it, run it or delete it: 404.
	for _, req := range []struct{ method, path string }{
		{"GET", "/v1/kernels/" + info.ID}, {"DELETE", "/v1/kernels/" + info.ID}, {"POST", "/v1/kernels/" + info.ID + ":run"},
	} {
		r := h.do(req.method, req.path, keyOf(1), []byte(`{"inputs":[]}`), "Content-Type", "application/json")
		if r.status != http.StatusNotFound {
			t.Errorf("tenant 1 %s %s: %d %s", req.method, req.path, r.status, r.body)
		}
	}
	if r := h.do("GET", "/v1/kernels", keyOf(1), nil); !strings.Contains(string(r.body), `"kernels":[]`) {
		t.Errorf("tenant 1 list: %s", r.body)
	}
	if r := h.do("GET", "/v1/kernels", keyOf(0), nil); !strings.Contains(string(r.body), info.ID) {
		t.Errorf("tenant 0 list: %s", r.body)
	}
	if r := h.do("GET", "/v1/kernels/"+info.ID, keyOf(0), nil); r.status != 200 || !strings.Contains(string(r.body), `"entry":"add"`) {
		t.Errorf("get: %d %s", r.status, r.body)
	}
	// The same text from tenant 1 gets the same id and is not compiled again.
	before := h.srv.CacheStats().Artifacts.Misses
	if id := h.submit(1, kernelAdd); id != info.ID {
		t.Errorf("tenant 1 id %s, want %s", id, info.ID)
	}
	if after := h.srv.CacheStats().Artifacts.Misses; after != before {
		t.Errorf("second tenant compiled again: artifact misses %d -> %d", before, after)
	}
	// Delete, then it is gone.
	if r := h.do("DELETE", "/v1/kernels/"+info.ID, keyOf(0), nil); r.status != 200 {
		t.Errorf("delete: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/v1/kernels/"+info.ID, keyOf(0), nil); r.status != 404 {
		t.Errorf("after delete: %d", r.status)
	}
	// Tenant 1 still has it.
	decodeOutputs(t, h.runJSON(1, info.ID, `{"dtype":"f32","shape":[1,3],"data":[1,2,3]}`, `{"dtype":"f32","shape":[3],"data":[1,1,1]}`))
}

func TestKernelSubmissionErrors(t *testing.T) {
	h := newHarness(t, 1, func(c *Config) { c.Defaults.MaxKernels = 2 })
	for _, c := range []struct {
		name, ct, body, query string
		status                int
		kind                  string
	}{
		{"unknown op", "text/plain", strings.Replace(kernelNeg, "tf.Neg", "tf.Negg", 2), "", 422, kindKernel},
		{"syntax", "text/plain", "func.func @f(", "", 422, kindKernel},
		{"empty", "text/plain", "", "", 400, kindBadRequest},
		{"bad JSON", "application/json", `{"source":`, "", 400, kindBadRequest},
		{"unknown JSON field", "application/json", `{"source":"x","sauce":1}`, "", 400, kindBadRequest},
		{"bad specialize", "text/plain", kernelNeg, "?specialize=sometimes", 400, kindBadRequest},
		{"no such entry", "text/plain", kernelNeg, "?entry=nope", 422, kindKernel},
	} {
		r := h.do("POST", "/v1/kernels"+c.query, keyOf(0), []byte(c.body), "Content-Type", c.ct)
		if r.status != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.name, r.status, c.status, r.body)
			continue
		}
		if e := r.errorBody(t); e.Kind != c.kind {
			t.Errorf("%s: kind %q, want %q", c.name, e.Kind, c.kind)
		}
	}
	r := h.do("POST", "/v1/kernels", keyOf(0), []byte(strings.Replace(kernelNeg, "tf.Neg", "tf.Negg", 2)), "Content-Type", "text/plain")
	e := r.errorBody(t)
	if len(e.Diagnostics) == 0 || !strings.Contains(e.Diagnostics[0], "kernel.mlir:2:") || !strings.Contains(e.Diagnostics[0], "tf.Negg") {
		t.Errorf("diagnostics %q", e.Diagnostics)
	}
	// Specialization modes are kept per submission.
	r = h.do("POST", "/v1/kernels?specialize=disabled", keyOf(0), []byte(kernelNeg), "Content-Type", "text/plain")
	if r.status != 201 || !strings.Contains(string(r.body), `"specialize":"disabled"`) {
		t.Errorf("specialize=disabled: %d %s", r.status, r.body)
	}
	// max_kernels: the third distinct kernel is refused, a known one is not.
	h.submit(0, kernelAdd)
	r = h.do("POST", "/v1/kernels", keyOf(0), []byte(kernelTwoOut), "Content-Type", "text/plain")
	if r.status != http.StatusInsufficientStorage || r.errorBody(t).Limit != limitKernels {
		t.Errorf("third kernel: %d %s", r.status, r.body)
	}
	if r := h.do("POST", "/v1/kernels", keyOf(0), []byte(kernelAdd), "Content-Type", "text/plain"); r.status != 200 {
		t.Errorf("known kernel at max_kernels: %d %s", r.status, r.body)
	}
}

func TestRunFormats(t *testing.T) {
	h := newHarness(t, 1, nil)
	add := h.submit(0, kernelAdd)
	two := h.submit(0, kernelTwoOut)
	x := mustTensor(t, []int{2, 3}, []float32{1, 2, 3, 4, 5, 6})
	y := mustTensor(t, []int{3}, []float32{10, 20, 30})
	want := mustTensor(t, []int{2, 3}, []float32{11, 22, 33, 14, 25, 36})
	path := "/v1/kernels/" + add + ":run"

	// JSON in, JSON out.
	o := decodeOutputs(t, h.runJSON(0, add, `{"dtype":"f32","shape":[2,3],"data":[[1,2,3],[4,5,6]]}`, `{"dtype":"f32","shape":[3],"data":[10,20,30]}`))
	if o.Outputs[0].DType != "f32" || dataString(o, 0) != "11 22 33 14 25 36" {
		t.Errorf("json: %+v", o)
	}
	// Multipart in, multipart out (the default), npz via Accept, JSON via ?format=.
	mp, ct := multipartBody(t, npyBytes(t, x), npyBytes(t, y))
	r := h.do("POST", path, keyOf(0), mp, "Content-Type", ct)
	if got := readMultipart(t, r); len(got) != 1 || !got[0].Equal(want) {
		t.Errorf("multipart: %v", got)
	}
	r = h.do("POST", path, keyOf(0), mp, "Content-Type", ct, "Accept", "application/x-npz")
	if got := readNPZ(t, r); len(got) != 1 || !got[0].Equal(want) {
		t.Errorf("multipart→npz: %v", got)
	}
	r = h.do("POST", path+"?format=json", keyOf(0), mp, "Content-Type", ct)
	if o := decodeOutputs(t, r); dataString(o, 0) != "11 22 33 14 25 36" {
		t.Errorf("multipart→json: %s", r.body)
	}
	// npz in (numpy's arr_N names too), npy out.
	for _, names := range [][2]string{{"arg0.npy", "arg1.npy"}, {"arr_1.npy", "arr_0.npy"}} {
		a, b := npyBytes(t, x), npyBytes(t, y)
		if names[0] == "arr_1.npy" {
			a, b = b, a
		}
		z := npzBytes(t, names[0] == "arr_1.npy", names[0], a, names[1], b)
		r = h.do("POST", path, keyOf(0), z, "Content-Type", "application/x-npz", "Accept", "application/x-npy")
		got, err := memref.ReadNPY(bytes.NewReader(r.body), 0)
		if r.status != 200 || err != nil || !got.Equal(want) || r.header.Get("Content-Type") != "application/x-npy" {
			t.Errorf("npz %v → npy: %d %v %s", names, r.status, err, r.body)
		}
	}
	// One .npy body for a one-input kernel; two results as npz.
	v := mustTensor(t, []int{3}, []float32{-1, 0.5, 2})
	for _, accept := range []string{"application/x-npz", "*/*", ""} {
		r = h.do("POST", "/v1/kernels/"+two+":run", keyOf(0), npyBytes(t, v), "Content-Type", "application/x-npy", "Accept", accept)
		if got := readNPZ(t, r); len(got) != 2 || !got[0].Equal(mustTensor(t, []int{3}, []float32{1, -0.5, -2})) ||
			!got[1].Equal(mustTensor(t, []int{3}, []float32{1, 0.5, 2})) {
			t.Errorf("npy → npz (Accept %q): %v", accept, got)
		}
	}
	// npy out for two results: 406; unknown format 406; unknown media type 415.
	for _, c := range []struct {
		hdr    []string
		query  string
		status int
	}{
		{[]string{"Content-Type", "application/x-npy", "Accept", "application/x-npy"}, "", 406},
		{[]string{"Content-Type", "application/x-npy"}, "?format=npy", 406},
		{[]string{"Content-Type", "application/x-npy", "Accept", "image/png"}, "?format=npz", 200},
		{[]string{"Content-Type", "application/x-npy", "Accept", "image/png"}, "", 406},
		{[]string{"Content-Type", "application/x-npy"}, "?format=csv", 406},
		{[]string{"Content-Type", "text/csv"}, "?format=npz", 415},
		{[]string{}, "?format=npz", 415},
		{[]string{"Content-Type", "multipart/form-data"}, "?format=npz", 400},
		{[]string{"Content-Type", "application/x-npy", "Accept", "text/html, */*;q=0.1"}, "?format=json", 200},
	} {
		r := h.do("POST", "/v1/kernels/"+two+":run"+c.query, keyOf(0), npyBytes(t, v), c.hdr...)
		if r.status != c.status {
			t.Errorf("%v %s: %d, want %d: %s", c.hdr, c.query, r.status, c.status, r.body)
		}
	}
	// Responses carry their length.
	if r := h.runJSON(0, add, `{"dtype":"f32","shape":[1,3],"data":[1,2,3]}`, `{"dtype":"f32","shape":[3],"data":[1,1,1]}`); r.header.Get("Content-Length") == "" {
		t.Errorf("no Content-Length")
	}
}

func readMultipart(t *testing.T, r *response) []*memref.Tensor {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	_, params, err := mime.ParseMediaType(r.header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	mr := multipart.NewReader(bytes.NewReader(r.body), params["boundary"])
	var out []*memref.Tensor
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		x, err := memref.ReadNPY(p, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, x)
	}
}

func readNPZ(t *testing.T, r *response) []*memref.Tensor {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	zr, err := zip.NewReader(bytes.NewReader(r.body), int64(len(r.body)))
	if err != nil {
		t.Fatal(err)
	}
	var out []*memref.Tensor
	for i, f := range zr.File {
		if want := "result" + string(rune('0'+i)) + ".npy"; f.Name != want {
			t.Errorf("entry %q, want %q", f.Name, want)
		}
		rc, _ := f.Open()
		x, err := memref.ReadNPY(rc, 0)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, x)
	}
	return out
}

func TestRunJSONValues(t *testing.T) {
	h := newHarness(t, 1, nil)
	// Integers exact over 64 bits, through a kernel and back.
	id := h.submit(0, kernelI64)
	o := decodeOutputs(t, h.runJSON(0, id,
		`{"dtype":"i64","shape":[3],"data":[-9223372036854775808,9223372036854775807,"-1"]}`,
		`{"dtype":"ui64","shape":[2],"data":[18446744073709551615,9007199254740993]}`))
	if got := dataString(o, 0); got != "-9223372036854775808 9223372036854775807 -1" {
		t.Errorf("i64: %s", got)
	}
	if got := dataString(o, 1); got != "18446744073709551615 9007199254740993" {
		t.Errorf("ui64: %s", got)
	}
	// NaN and infinities both ways.
	neg := h.submit(0, kernelNeg)
	o = decodeOutputs(t, h.runJSON(0, neg, `{"dtype":"f32","shape":[5],"data":["nan","inf","-inf",1e-45,3.4028235e38]}`))
	if got := dataString(o, 0); got != `"nan" "-inf" "inf" -1e-45 -3.4028235e+38` {
		t.Errorf("f32 specials: %s", got)
	}
	// Integer division by zero is defined (XLA's values: FloorDiv 7/0 = -1,
	// FloorMod x%0 = x; MIN/-1 = MIN), not a trap.
	div := h.submit(0, kernelIntDiv)
	o = decodeOutputs(t, h.runJSON(0, div, `{"dtype":"i32","shape":[3],"data":[7,-2147483648,5]}`, `{"dtype":"i32","shape":[3],"data":[0,-1,0]}`))
	if got := dataString(o, 0) + " | " + dataString(o, 1); got != "-1 -2147483648 -1 | 7 0 5" {
		t.Errorf("division by zero: %s", got)
	}
	// Bad values are 400 with the value's position.
	for _, in := range []string{
		`{"dtype":"i32","shape":[1],"data":[2147483648]}`,
		`{"dtype":"i32","shape":[1],"data":[1.5]}`,
		`{"dtype":"f32","shape":[1],"data":[1e39]}`,
		`{"dtype":"f32","shape":[2],"data":[1]}`,
		`{"dtype":"f32","shape":[1],"data":[1,2]}`,
		`{"dtype":"f32","shape":[1],"data":[null]}`,
		`{"dtype":"f32","shape":[1],"data":[true]}`,
		`{"dtype":"f32","shape":[1],"data":["1\u0030"]}`,
		`{"dtype":"q8","shape":[1],"data":[1]}`,
		`{"dtype":"f32","shape":[-1],"data":[]}`,
		`{"dtype":"f32","shape":[1.5],"data":[1]}`,
		`{"dtype":"f32","data":[1]}`,
		`{"dtype":"f32","shape":[1]}`,
		`{"dtype":"f32","shape":[1],"data":[{}]}`,
		`{"dtype":"f32","shape":[1],"data":[1],"extra":0}`,
	} {
		r := h.runJSON(0, neg, in)
		if r.status != 400 {
			t.Errorf("%s: %d %s", in, r.status, r.body)
		}
	}
}

func sha256hex(s string) string {
	r, _ := (Config{Tenants: []TenantConfig{{Name: "x", Keys: []string{s}}}}).resolve()
	h := r.tenants[0].hashes[0]
	const hexdig = "0123456789abcdef"
	out := make([]byte, 0, 64)
	for _, b := range h {
		out = append(out, hexdig[b>>4], hexdig[b&15])
	}
	return string(out)
}
