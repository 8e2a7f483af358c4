package server

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/memref"
)

// kernelOIPExample is the model of the protocol document's inference
// example: input0 a [2,2] UINT32, input1 a [3] BOOL, output0 a [3,2]
// FP32 (output0[i][j] = input1[i] + Σ_k input0[k][j]).
const kernelOIPExample = `func.func @example(%x: tensor<2x2xui32>, %y: tensor<3xi1>) -> tensor<3x2xf32> {
  %s = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %a = "tf.Cast"(%x) : (tensor<2x2xui32>) -> tensor<2x2xf32>
  %c = "tf.Sum"(%a, %s) {keep_dims = true} : (tensor<2x2xf32>, tensor<1xi32>) -> tensor<1x2xf32>
  %b = "tf.Cast"(%y) : (tensor<3xi1>) -> tensor<3xf32>
  %sh = "tf.Const"() {value = dense<[3, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %r = "tf.Reshape"(%b, %sh) : (tensor<3xf32>, tensor<2xi64>) -> tensor<3x1xf32>
  %o = "tf.AddV2"(%r, %c) : (tensor<3x1xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  func.return %o : tensor<3x2xf32>
}
`

// oipAllTypes lists every datatype the protocol and sandjit share, the
// MLIR spelling, and values that probe its range (as JSON).
var oipAllTypes = []struct {
	oip, mlir string
	values    []string
}{
	{"BOOL", "i1", []string{"true", "false", "true"}},
	{"UINT8", "ui8", []string{"0", "255", "7"}},
	{"UINT16", "ui16", []string{"0", "65535"}},
	{"UINT32", "ui32", []string{"4294967295", "1"}},
	{"UINT64", "ui64", []string{"18446744073709551615", "0"}},
	{"INT8", "i8", []string{"-128", "127"}},
	{"INT16", "i16", []string{"-32768", "32767"}},
	{"INT32", "i32", []string{"-2147483648", "2147483647"}},
	{"INT64", "i64", []string{"-9223372036854775808", "9223372036854775807"}},
	{"FP16", "f16", []string{"1.5", "65504", "-0.0001", `"inf"`}},
	{"FP32", "f32", []string{"0.1", "-3.4028235e+38", "1e-45", `"nan"`}},
	{"FP64", "f64", []string{"0.1", "1.7976931348623157e+308", "5e-324", `"-inf"`}},
	{"BF16", "bf16", []string{"1.5", "-0.1", "3e+38", "1e-40", `"nan"`}},
}

// kernelAllTypes returns each of its thirteen arguments (one per datatype
// of oipAllTypes, each tensor<?xT>) unchanged.
func kernelAllTypes() string {
	var args, res, body, rets []string
	for i, d := range oipAllTypes {
		ty := "tensor<?x" + d.mlir + ">"
		args = append(args, fmt.Sprintf("%%a%d: %s", i, ty))
		res = append(res, ty)
		body = append(body, fmt.Sprintf(`  %%r%d = "tf.Identity"(%%a%d) : (%s) -> %s`, i, i, ty, ty))
		rets = append(rets, fmt.Sprintf("%%r%d", i))
	}
	return fmt.Sprintf("func.func @all(%s) -> (%s) {\n%s\n  func.return %s : %s\n}\n",
		strings.Join(args, ", "), strings.Join(res, ", "), strings.Join(body, "\n"), strings.Join(rets, ", "), strings.Join(res, ", "))
}

// submitNamed submits src for tenant i under a name.
func (h *harness) submitNamed(i int, name, src string) *response {
	h.t.Helper()
	body, _ := json.Marshal(map[string]string{"source": src, "name": name})
	return h.do("POST", "/v1/kernels", keyOf(i), body, "Content-Type", "application/json")
}

// The protocol's response objects, as a client reads them.
type oipTensorOut struct {
	Name       string            `json:"name"`
	Shape      []int             `json:"shape"`
	Datatype   string            `json:"datatype"`
	Parameters map[string]any    `json:"parameters"`
	Data       []json.RawMessage `json:"data"`
}

type oipResponse struct {
	ModelName string         `json:"model_name"`
	ID        *string        `json:"id"`
	Outputs   []oipTensorOut `json:"outputs"`
}

// splitBinary splits a response into its JSON object and binary tail.
func splitBinary(t *testing.T, r *response) ([]byte, []byte) {
	t.Helper()
	h := r.header.Get(headerInferenceLength)
	if h == "" {
		return r.body, nil
	}
	n, err := strconv.Atoi(h)
	if err != nil || n < 0 || n > len(r.body) {
		t.Fatalf("%s %q for a body of %d bytes", headerInferenceLength, h, len(r.body))
	}
	return r.body[:n], r.body[n:]
}

func decodeOIP(t *testing.T, r *response) (oipResponse, []byte) {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("infer: %d %s", r.status, r.body)
	}
	js, tail := splitBinary(t, r)
	var o oipResponse
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		t.Fatalf("response is not an $inference_response: %v: %s", err, js)
	}
	return o, tail
}

// oipError checks an error answer's protocol form, {"error": $string},
// and returns it.
func oipError(t *testing.T, r *response, status int) errorAnswer {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(r.body, &raw); err != nil {
		t.Fatalf("error body is not a JSON object: %s", r.body)
	}
	var msg string
	if err := json.Unmarshal(raw["error"], &msg); err != nil || msg == "" {
		t.Fatalf(`error body has no "error" string: %s`, r.body)
	}
	return r.errorBody(t)
}

// harnessFunc starts a server for a test: newHarness (the in-process
// state), or one on a Redis (TestRedisOIP), so that the /v2 and
// kernel-name tests run against both states.
type harnessFunc func(t testing.TB, n int, edit func(*Config)) *harness

func TestOIPHealthAndServerMetadata(t *testing.T) { testOIPHealthAndServerMetadata(t, newHarness) }

func testOIPHealthAndServerMetadata(t *testing.T, newHarness harnessFunc) {
	h := newHarness(t, 1, nil)
	if r := h.do("GET", "/v2/health/live", "", nil); r.status != 200 || string(r.body) != `{"live":true}`+"\n" {
		t.Errorf("live: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/v2/health/ready", "", nil); r.status != 200 || string(r.body) != `{"ready":true}`+"\n" {
		t.Errorf("ready: %d %s", r.status, r.body)
	}
	r := h.do("GET", "/v2", "", nil)
	var md struct {
		Name       string   `json:"name"`
		Version    string   `json:"version"`
		Extensions []string `json:"extensions"`
	}
	if err := json.Unmarshal(r.body, &md); err != nil || r.status != 200 {
		t.Fatalf("server metadata: %d %s", r.status, r.body)
	}
	if md.Name != "sandjit" || md.Version != engine.CompilerVersion || !reflect.DeepEqual(md.Extensions, []string{"binary_tensor_data"}) {
		t.Errorf("server metadata: %+v", md)
	}
	r = h.do("POST", "/v2/health/live", "", nil)
	if oipError(t, r, http.StatusMethodNotAllowed); r.header.Get("Allow") != "GET" {
		t.Errorf("405 Allow: %q", r.header.Get("Allow"))
	}
	// Draining: ready turns 503 with {"ready": false}; live stays.
	h.srv.ready.Store(false)
	if r := h.do("GET", "/v2/health/ready", "", nil); r.status != 503 || string(r.body) != `{"ready":false}`+"\n" {
		t.Errorf("ready while draining: %d %s", r.status, r.body)
	}
	h.srv.ready.Store(true)
}

// TestOIPSpecExample sends the protocol document's inference example (and
// the binary data extension's) and checks the response's shape against
// the document's.
func TestOIPSpecExample(t *testing.T) { testOIPSpecExample(t, newHarness) }

func testOIPSpecExample(t *testing.T, newHarness harnessFunc) {
	h := newHarness(t, 1, nil)
	if r := h.submitNamed(0, "mymodel", kernelOIPExample); r.status != http.StatusCreated {
		t.Fatalf("submit: %d %s", r.status, r.body)
	}
	// The document's request as written sends one BOOL for shape [3]:
	// a server must refuse it rather than guess.
	verbatim := `{
      "id" : "42",
      "inputs" : [
        { "name" : "input0", "shape" : [ 2, 2 ], "datatype" : "UINT32", "data" : [ 1, 2, 3, 4 ] },
        { "name" : "input1", "shape" : [ 3 ], "datatype" : "BOOL", "data" : [ true ] }
      ],
      "outputs" : [ { "name" : "output0" } ]
    }`
	e := oipError(t, h.do("POST", "/v2/models/mymodel/infer", keyOf(0), []byte(verbatim), "Content-Type", "application/json"), 400)
	if !strings.Contains(e.Error, "input1") || !strings.Contains(e.Error, "1 values for shape [3]") {
		t.Errorf("verbatim example: %s", e.Error)
	}
	fixed := strings.Replace(verbatim, `"data" : [ true ]`, `"data" : [ true, false, true ]`, 1)
	r := h.do("POST", "/v2/models/mymodel/infer", keyOf(0), []byte(fixed), "Content-Type", "application/json")
	if ct := r.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
	// The document's response: {"id":"42","outputs":[{"name":"output0",
	// "shape":[3,2],"datatype":"FP32","data":[…6 numbers]}]}, plus
	// model_name, which $inference_response requires.
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(r.body, &raw); err != nil {
		t.Fatal(err)
	}
	if keys := sortedKeys(raw); !reflect.DeepEqual(keys, []string{"id", "model_name", "outputs"}) {
		t.Errorf("response keys %v", keys)
	}
	o, _ := decodeOIP(t, r)
	if o.ModelName != "mymodel" || o.ID == nil || *o.ID != "42" || len(o.Outputs) != 1 {
		t.Fatalf("response: %s", r.body)
	}
	out := o.Outputs[0]
	if out.Name != "output0" || out.Datatype != "FP32" || !reflect.DeepEqual(out.Shape, []int{3, 2}) || out.Parameters != nil {
		t.Errorf("output0: %s", r.body)
	}
	if got := rawJoin(out.Data); got != "5 7 4 6 5 7" {
		t.Errorf("output0 data %q, want 5 7 4 6 5 7", got)
	}
	// Without an id, the response has none; nested data is accepted.
	nested := `{"inputs":[{"name":"input1","shape":[3],"datatype":"BOOL","data":[1,0,1]},
		{"name":"input0","shape":[2,2],"datatype":"UINT32","data":[[1,2],[3,4]]}]}`
	o, _ = decodeOIP(t, h.do("POST", "/v2/models/mymodel/infer", keyOf(0), []byte(nested)))
	if o.ID != nil || rawJoin(o.Outputs[0].Data) != "5 7 4 6 5 7" {
		t.Errorf("nested, no id: %+v", o)
	}

	// The binary data extension's example: 16 + 3 bytes of inputs after
	// the JSON, output0 asked for as binary: 24 bytes after the JSON.
	js := `{"model_name":"mymodel","inputs":[
		{"name":"input0","shape":[2,2],"datatype":"UINT32","parameters":{"binary_data_size":16}},
		{"name":"input1","shape":[3],"datatype":"BOOL","parameters":{"binary_data_size":3}}],
		"outputs":[{"name":"output0","parameters":{"binary_data":true}}]}`
	body := append([]byte(js), le32(1, 2, 3, 4)...)
	body = append(body, 1, 0, 1)
	r = h.do("POST", "/v2/models/mymodel/infer", keyOf(0), body, "Content-Type", "application/octet-stream",
		headerInferenceLength, strconv.Itoa(len(js)))
	if ct := r.header.Get("Content-Type"); ct != "application/octet-stream" {
		t.Errorf("binary Content-Type %q", ct)
	}
	o, tail := decodeOIP(t, r)
	out = o.Outputs[0]
	if out.Name != "output0" || out.Datatype != "FP32" || !reflect.DeepEqual(out.Shape, []int{3, 2}) || out.Data != nil ||
		out.Parameters["binary_data_size"] != float64(24) || len(tail) != 24 {
		t.Fatalf("binary response: %q", r.body)
	}
	for i, want := range []float32{5, 7, 4, 6, 5, 7} {
		if got := math.Float32frombits(binary.LittleEndian.Uint32(tail[4*i:])); got != want {
			t.Errorf("binary output0[%d] = %v, want %v", i, got, want)
		}
	}
	// binary_data_output asks for every output in binary; an output's
	// binary_data overrides it.
	js2 := `{"parameters":{"binary_data_output":true},"inputs":[
		{"name":"input0","shape":[2,2],"datatype":"UINT32","data":[1,2,3,4]},
		{"name":"input1","shape":[3],"datatype":"BOOL","parameters":{"binary_data_size":3}}]}`
	body = append([]byte(js2), 0, 0, 0)
	o, tail = decodeOIP(t, h.do("POST", "/v2/models/mymodel/infer", keyOf(0), body, headerInferenceLength, strconv.Itoa(len(js2))))
	if len(tail) != 24 || o.Outputs[0].Parameters["binary_data_size"] != float64(24) {
		t.Errorf("binary_data_output: %+v, %d bytes", o, len(tail))
	}
	js3 := strings.Replace(js2, `"inputs"`, `"outputs":[{"name":"output0","parameters":{"binary_data":false}}],"inputs"`, 1)
	body = append([]byte(js3), 0, 0, 0)
	r = h.do("POST", "/v2/models/mymodel/infer", keyOf(0), body, headerInferenceLength, strconv.Itoa(len(js3)))
	if o, tail = decodeOIP(t, r); tail != nil || rawJoin(o.Outputs[0].Data) != "4 6 4 6 4 6" || r.header.Get(headerInferenceLength) != "" {
		t.Errorf("binary_data false overriding binary_data_output: %s", r.body)
	}
}

func le32(vs ...uint32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
	return b
}

func rawJoin(data []json.RawMessage) string {
	parts := make([]string, len(data))
	for i, d := range data {
		parts[i] = string(d)
	}
	return strings.Join(parts, " ")
}

func sortedKeys(m map[string]json.RawMessage) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	return keys
}

// TestOIPMetadata checks model metadata and readiness, by id and by name.
func TestOIPMetadata(t *testing.T) { testOIPMetadata(t, newHarness) }

func testOIPMetadata(t *testing.T, newHarness harnessFunc) {
	h := newHarness(t, 1, nil)
	id := h.submit(0, kernelAdd)
	twoID := h.submit(0, kernelTwoOut)
	for _, name := range []string{id} {
		r := h.do("GET", "/v2/models/"+name, keyOf(0), nil)
		if r.status != 200 {
			t.Fatalf("metadata: %d %s", r.status, r.body)
		}
		want := `{"name":"` + name + `","platform":"sandjit","inputs":[{"name":"input0","datatype":"FP32","shape":[-1,3]},` +
			`{"name":"input1","datatype":"FP32","shape":[3]}],"outputs":[{"name":"output0","datatype":"FP32","shape":[-1,3]}]}` + "\n"
		if string(r.body) != want {
			t.Errorf("metadata:\n got %s\nwant %s", r.body, want)
		}
		if r := h.do("GET", "/v2/models/"+name+"/ready", keyOf(0), nil); string(r.body) != `{"name":"`+name+`","ready":true}`+"\n" {
			t.Errorf("model ready: %d %s", r.status, r.body)
		}
	}
	r := h.do("GET", "/v2/models/"+twoID, keyOf(0), nil)
	var md oipModelMeta
	if err := json.Unmarshal(r.body, &md); err != nil || len(md.Outputs) != 2 || md.Outputs[1].Name != "output1" {
		t.Errorf("two outputs: %s", r.body)
	}
	// Unknown models, versions, and no key.
	oipError(t, h.do("GET", "/v2/models/nope", keyOf(0), nil), 404)
	oipError(t, h.do("GET", "/v2/models/nope/ready", keyOf(0), nil), 404)
	oipError(t, h.do("GET", "/v2/models/"+id+"/versions/1", keyOf(0), nil), 404)
	oipError(t, h.do("POST", "/v2/models/"+id+"/versions/1/infer", keyOf(0), []byte(`{}`)), 404)
	oipError(t, h.do("GET", "/v2/models/"+id, "", nil), 401)
	oipError(t, h.do("POST", "/v2/models/"+id, keyOf(0), nil), 405)
	oipError(t, h.do("GET", "/v2/models/"+id+"/infer", keyOf(0), nil), 405)
}

// TestKernelNames covers names given at submit: shown by /v1, a model
// name on /v2, unique per tenant, validated.
func TestKernelNames(t *testing.T) { testKernelNames(t, newHarness) }

func testKernelNames(t *testing.T, newHarness harnessFunc) {
	h := newHarness(t, 2, nil)
	r := h.submitNamed(0, "adder-v1.2_x", kernelAdd)
	var info kernelInfo
	if err := json.Unmarshal(r.body, &info); err != nil || r.status != 201 || info.Name != "adder-v1.2_x" {
		t.Fatalf("named submit: %d %s", r.status, r.body)
	}
	// The same text and name again: 200; the same text without a name
	// keeps the name; the text form takes ?name=.
	if r := h.submitNamed(0, "adder-v1.2_x", kernelAdd); r.status != 200 {
		t.Errorf("resubmit: %d %s", r.status, r.body)
	}
	h.submit(0, kernelAdd)
	if r := h.do("GET", "/v1/kernels/"+info.ID, keyOf(0), nil); !strings.Contains(string(r.body), `"name":"adder-v1.2_x"`) {
		t.Errorf("name lost on a resubmit without one: %s", r.body)
	}
	if r := h.do("POST", "/v1/kernels?name=neg", keyOf(0), []byte(kernelNeg), "Content-Type", "text/plain"); r.status != 201 ||
		!strings.Contains(string(r.body), `"name":"neg"`) {
		t.Errorf("?name=: %d %s", r.status, r.body)
	}
	// Conflicts: another kernel under a taken name, and a rename.
	e := oipError(t, h.submitNamed(0, "neg", kernelTwoOut), http.StatusConflict)
	if e.Kind != kindConflict || !strings.Contains(e.Error, `"neg"`) {
		t.Errorf("conflict: %+v", e)
	}
	oipError(t, h.submitNamed(0, "other", kernelAdd), http.StatusConflict)
	// Names are per tenant: tenant 1 may use "neg" for another kernel.
	if r := h.submitNamed(1, "neg", kernelTwoOut); r.status != 201 {
		t.Errorf("tenant 1 named neg: %d %s", r.status, r.body)
	}
	// After a DELETE the name is free.
	h.do("DELETE", "/v1/kernels/"+info.ID, keyOf(0), nil)
	if r := h.submitNamed(0, "renamed", kernelAdd); r.status != 201 {
		t.Errorf("after delete: %d %s", r.status, r.body)
	}
	oipError(t, h.do("GET", "/v2/models/adder-v1.2_x", keyOf(0), nil), 404)
	if r := h.do("GET", "/v2/models/renamed", keyOf(0), nil); r.status != 200 {
		t.Errorf("by new name: %d %s", r.status, r.body)
	}
	// Invalid names, before anything is compiled.
	for _, bad := range []string{"-x", ".", "..", "a/b", "a b", "é", strings.Repeat("a", 129), strings.Repeat("ab", 32), "x?y"} {
		e := oipError(t, h.submitNamed(0, bad, kernelNeg), 400)
		if !strings.Contains(e.Error, "kernel name") {
			t.Errorf("name %q: %s", bad, e.Error)
		}
	}
	if r := h.submitNamed(0, strings.Repeat("A", 64), kernelIntDiv); r.status != 201 {
		t.Errorf("64 upper-case letters are not an id: %d %s", r.status, r.body)
	}
}

// TestOIPCrossTenant: another tenant's model, by id or by name, is 404 on
// every /v2 endpoint, and its own model of the same name is its own.
func TestOIPCrossTenant(t *testing.T) { testOIPCrossTenant(t, newHarness) }

func testOIPCrossTenant(t *testing.T, newHarness harnessFunc) {
	h := newHarness(t, 2, nil)
	id := h.submit(0, kernelNeg)
	h.submitNamed(0, "secret", kernelNeg)
	infer := []byte(`{"inputs":[{"name":"input0","shape":[1],"datatype":"FP32","data":[1]}]}`)
	for _, name := range []string{id, "secret"} {
		oipError(t, h.do("GET", "/v2/models/"+name, keyOf(1), nil), 404)
		oipError(t, h.do("GET", "/v2/models/"+name+"/ready", keyOf(1), nil), 404)
		e := oipError(t, h.do("POST", "/v2/models/"+name+"/infer", keyOf(1), infer), 404)
		if e.Kind != kindNotFound {
			t.Errorf("kind %q", e.Kind)
		}
		if r := h.do("POST", "/v2/models/"+name+"/infer", keyOf(0), infer); r.status != 200 {
			t.Errorf("owner: %d %s", r.status, r.body)
		}
	}
	h.submitNamed(1, "secret", kernelAbs)
	o, _ := decodeOIP(t, h.do("POST", "/v2/models/secret/infer", keyOf(1), []byte(`{"inputs":[{"name":"input0","shape":[1],"datatype":"FP32","data":[-2]}]}`)))
	if rawJoin(o.Outputs[0].Data) != "2" {
		t.Errorf("tenant 1's own secret: %+v", o)
	}
}

const kernelAbs = `func.func @abs(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tf.Abs"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
`

// TestOIPDatatypes sends every datatype as JSON and as binary data, and
// reads it back both ways: JSON values print as /v1 prints them, binary
// bytes come back unchanged.
func TestOIPDatatypes(t *testing.T) { testOIPDatatypes(t, newHarness) }

func testOIPDatatypes(t *testing.T, newHarness harnessFunc) {
	h := newHarness(t, 1, nil)
	id := h.submit(0, kernelAllTypes())
	var ins []string
	for i, d := range oipAllTypes {
		ins = append(ins, fmt.Sprintf(`{"name":"input%d","datatype":%q,"shape":[%d],"data":[%s]}`, i, d.oip, len(d.values), strings.Join(d.values, ",")))
	}
	body := `{"inputs":[` + strings.Join(ins, ",") + `]}`
	o, _ := decodeOIP(t, h.do("POST", "/v2/models/"+id+"/infer", keyOf(0), []byte(body)))
	wantJSON := map[string]string{"FP16": `1.5 6.55e+04 -0.0001 "inf"`, "BF16": `1.5 -0.1 3e+38 9e-41 "nan"`, "FP32": `0.1 -3.4028235e+38 1e-45 "nan"`, "FP64": `0.1 1.7976931348623157e+308 5e-324 "-inf"`}
	for i, d := range oipAllTypes {
		out := o.Outputs[i]
		want := strings.Join(d.values, " ")
		if w, ok := wantJSON[d.oip]; ok {
			want = w
		}
		if out.Name != oipOutputName(i) || out.Datatype != d.oip || !reflect.DeepEqual(out.Shape, []int{len(d.values)}) || rawJoin(out.Data) != want {
			t.Errorf("%s: %+v (data %s), want %s", d.oip, out, rawJoin(out.Data), want)
		}
	}

	// Binary in and out: random bytes that are valid values of each type.
	var js []string
	var bin []byte
	var inputs [][]byte
	for i, d := range oipAllTypes {
		dt, _ := memref.ParseDType(d.mlir)
		n := 5 + i
		b := make([]byte, n*dt.Size())
		for k := range b {
			b[k] = byte(31*k + 7*i + 1)
		}
		if dt == memref.Bool {
			for k := range b {
				b[k] &= 1
			}
		}
		inputs = append(inputs, b)
		bin = append(bin, b...)
		js = append(js, fmt.Sprintf(`{"name":"input%d","datatype":%q,"shape":[%d],"parameters":{"binary_data_size":%d}}`, i, d.oip, n, len(b)))
	}
	hdr := `{"inputs":[` + strings.Join(js, ",") + `],"parameters":{"binary_data_output":true}}`
	r := h.do("POST", "/v2/models/"+id+"/infer", keyOf(0), append([]byte(hdr), bin...), headerInferenceLength, strconv.Itoa(len(hdr)))
	o, tail := decodeOIP(t, r)
	for i, d := range oipAllTypes {
		size := len(inputs[i])
		out := o.Outputs[i]
		if out.Datatype != d.oip || out.Parameters["binary_data_size"] != float64(size) || len(tail) < size {
			t.Fatalf("%s: %+v, %d bytes left", d.oip, out, len(tail))
		}
		if !bytes.Equal(tail[:size], inputs[i]) {
			t.Errorf("%s: binary data changed:\n got %x\nwant %x", d.oip, tail[:size], inputs[i])
		}
		tail = tail[size:]
	}
	if len(tail) != 0 {
		t.Errorf("%d bytes after the outputs", len(tail))
	}

	// Datatypes sandjit does not take, and a mismatch with the model.
	one := func(dt string) *response {
		b := `{"inputs":[{"name":"input10","datatype":"` + dt + `","shape":[1],"data":[1]}]}`
		return h.do("POST", "/v2/models/"+id+"/infer", keyOf(0), []byte(b))
	}
	for dt, want := range map[string]string{
		"BF16": "datatype BF16, but the model takes FP32", "BYTES": "datatype BYTES is not supported",
		"FLOAT": `unknown datatype "FLOAT"`, "fp32": `unknown datatype "fp32"`, "FP64": "datatype FP64, but the model takes FP32",
	} {
		if e := oipError(t, one(dt), 400); !strings.Contains(e.Error, want) {
			t.Errorf("%s: %q, want %q", dt, e.Error, want)
		}
	}
}

// TestOIPBadRequests: hostile and malformed inference requests are 400 or
// 413 in the protocol's error form, and the server serves afterwards.
func TestOIPBadRequests(t *testing.T) { testOIPBadRequests(t, newHarness) }

func testOIPBadRequests(t *testing.T, newHarness harnessFunc) {
	h := newHarness(t, 2, func(c *Config) {
		c.Tenants[0].Quotas = Quotas{MaxRequestBytes: 1 << 16, MaxTensorBytes: 1 << 12, MaxResponseBytes: 1 << 12, MaxElements: 1 << 12}
	})
	id := h.submit(0, kernelAdd)
	good := `{"inputs":[{"name":"input0","shape":[1,3],"datatype":"FP32","data":[1,2,3]},{"name":"input1","shape":[3],"datatype":"FP32","data":[1,1,1]}]}`
	x := `{"name":"input0","shape":[1,3],"datatype":"FP32","data":[1,2,3]}`
	bin0 := `{"name":"input0","shape":[1,3],"datatype":"FP32","parameters":{"binary_data_size":12}}`
	y := `{"name":"input1","shape":[3],"datatype":"FP32","data":[1,1,1]}`
	f12 := string(make([]byte, 12))
	cases := []struct {
		name, body, hdrLen string
		status             int
		want               string
		bin                string // binary data after the JSON (with hdrLen "H")
	}{
		{"not JSON", `nope`, "", 400, "want a JSON object", ""},
		{"a list", `[]`, "", 400, "want a JSON object", ""},
		{"no inputs", `{}`, "", 400, `missing "inputs"`, ""},
		{"inputs not a list", `{"inputs":{}}`, "", 400, `"inputs" must be a list`, ""},
		{"unknown field", `{"inputs":[],"foo":1}`, "", 400, `unknown field "foo"`, ""},
		{"twice", `{"inputs":[],"inputs":[]}`, "", 400, `"inputs" appears twice`, ""},
		{"id a number", `{"id":42,"inputs":[]}`, "", 400, `"id" must be a string`, ""},
		{"missing input", `{"inputs":[` + x + `]}`, "", 400, `missing input "input1"`, ""},
		{"duplicate input", `{"inputs":[` + x + `,` + x + `]}`, "", 400, "appears twice", ""},
		{"too many inputs", `{"inputs":[` + x + `,` + y + `,` + y + `]}`, "", 400, "takes 2 inputs", ""},
		{"unknown input", `{"inputs":[{"name":"x","shape":[3],"datatype":"FP32","data":[1,1,1]}]}`, "", 400, `no input "x"`, ""},
		{"input2", `{"inputs":[{"name":"input2","shape":[3],"datatype":"FP32","data":[1,1,1]}]}`, "", 400, `no input "input2"`, ""},
		{"input01", `{"inputs":[{"name":"input01","shape":[3],"datatype":"FP32","data":[1,1,1]}]}`, "", 400, `no input "input01"`, ""},
		{"unknown input field", `{"inputs":[{"name":"input0","shape":[1],"datatype":"FP32","data":[1],"x":1}]}`, "", 400, "unknown field", ""},
		{"no shape", `{"inputs":[{"name":"input0","datatype":"FP32","data":[1]}]}`, "", 400, "missing shape", ""},
		{"negative dim", `{"inputs":[{"name":"input0","shape":[-1,3],"datatype":"FP32","data":[]}]}`, "", 400, "negative", ""},
		{"no data", `{"inputs":[{"name":"input0","shape":[1,3],"datatype":"FP32"}]}`, "", 400, "missing data", ""},
		{"too few values", `{"inputs":[{"name":"input0","shape":[1,3],"datatype":"FP32","data":[1]},` + y + `]}`, "", 400, "1 values for shape [1 3]", ""},
		{"wrong shape for the model", `{"inputs":[{"name":"input0","shape":[1,2],"datatype":"FP32","data":[1,2]},` + y + `]}`, "", 400, "", ""},
		{"ragged lists", `{"inputs":[{"name":"input0","shape":[2,3],"datatype":"FP32","data":[[1,2,3,4],[5,6]]},` + y + `]}`, "", 400, "a list at depth 2 has 4 items; shape [2 3] wants 3", ""},
		{"nested for a vector", `{"inputs":[` + x + `,{"name":"input1","shape":[3],"datatype":"FP32","data":[[1,1,1]]}]}`, "", 400, "lists nest 2 deep; shape [3]", ""},
		{"values at two depths", `{"inputs":[{"name":"input0","shape":[2,3],"datatype":"FP32","data":[[1,2,3],4,5,6]},` + y + `]}`, "", 400, "a value at depth 1", ""},
		{"unknown output", `{"inputs":[` + x + `,` + y + `],"outputs":[{"name":"output1"}]}`, "", 400, `no output "output1"`, ""},
		{"output twice", `{"inputs":[` + x + `,` + y + `],"outputs":[{"name":"output0"},{"name":"output0"}]}`, "", 400, "the model has 1 outputs", ""},
		{"nested parameters", `{"parameters":{"a":{"b":1}},"inputs":[]}`, "", 400, "a value must be", ""},
		{"parameters a list", `{"parameters":[],"inputs":[]}`, "", 400, "want an object", ""},
		{"too many parameters", `{"parameters":{` + manyParams(65) + `},"inputs":[]}`, "", 400, "more than 64", ""},
		{"classification", `{"inputs":[` + x + `,` + y + `],"outputs":[{"name":"output0","parameters":{"classification":2}}]}`, "", 400, "classification extension", ""},
		{"shared memory", `{"inputs":[{"name":"input0","shape":[1,3],"datatype":"FP32","parameters":{"shared_memory_region":"r"}}]}`, "", 400, "shared-memory", ""},
		{"binary_data not bool", `{"inputs":[` + x + `,` + y + `],"outputs":[{"name":"output0","parameters":{"binary_data":"yes"}}]}`, "", 400, "true or false", ""},
		{"trailing bytes, no header", good + "xx", "", 400, "trailing data", ""},
		{"binary without header", `{"inputs":[` + bin0 + `,` + y + `]}`, "", 400, "needs the Inference-Header-Content-Length", ""},
		{"header longer than body", good, "1000", 400, "body has", ""},
		{"header over the quota", good, "99999999999", 413, "max_request_bytes", ""},
		{"header negative", good, "-1", 400, "not a length", ""},
		{"header not a number", good, "12a", 400, "not a length", ""},
		{"binary short", `{"inputs":[` + bin0 + `,` + y + `]}`, "H", 400, "only 2 are left", "\x00\x00"},
		{"binary long", `{"inputs":[` + bin0 + `,` + y + `]}`, "H", 400, "1 bytes after", f12 + "x"},
		{"binary size wrong", `{"inputs":[{"name":"input0","shape":[1,3],"datatype":"FP32","parameters":{"binary_data_size":8}},` + y + `]}`, "H", 400, "takes 12 bytes", f12},
		{"binary size negative", `{"inputs":[{"name":"input0","shape":[1,3],"datatype":"FP32","parameters":{"binary_data_size":-12}},` + y + `]}`, "H", 400, "byte count", ""},
		{"binary and data", `{"inputs":[{"name":"input0","shape":[1,3],"datatype":"FP32","data":[1,2,3],"parameters":{"binary_data_size":12}},` + y + `]}`, "H", 400, "both data and binary_data_size", f12},
		{"huge binary shape", `{"inputs":[{"name":"input0","shape":[4294967295,4294967295],"datatype":"FP32","parameters":{"binary_data_size":0}}]}`, "H", 400, "input", ""},
		{"binary over max_tensor_bytes", `{"inputs":[{"name":"input0","shape":[1024,3],"datatype":"FP32","parameters":{"binary_data_size":12288}}]}`, "H", 413, "max_tensor_bytes", ""},
		{"JSON over max_elements", `{"inputs":[{"name":"input0","shape":[5000,3],"datatype":"FP32","data":[]}]}`, "", 413, "max_elements", ""},
		{"JSON over max_tensor_bytes", `{"inputs":[{"name":"input0","shape":[400,3],"datatype":"FP32","data":[]}]}`, "", 413, "max_tensor_bytes", ""},
		{"body over max_request_bytes", `{"inputs":[],"id":"` + strings.Repeat("x", 1<<16) + `"}`, "", 413, "max_request_bytes", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var hdr []string
			switch c.hdrLen {
			case "":
			case "H":
				hdr = []string{headerInferenceLength, strconv.Itoa(len(c.body))}
			default:
				hdr = []string{headerInferenceLength, c.hdrLen}
			}
			e := oipError(t, h.do("POST", "/v2/models/"+id+"/infer", keyOf(0), []byte(c.body+c.bin), hdr...), c.status)
			if !strings.Contains(e.Error, c.want) {
				t.Errorf("error %q, want it to contain %q", e.Error, c.want)
			}
		})
	}
	// A BOOL byte other than 0 or 1.
	bid := h.submit(0, kernelAllTypes())
	js := `{"inputs":[{"name":"input0","shape":[2],"datatype":"BOOL","parameters":{"binary_data_size":2}}]}`
	e := oipError(t, h.do("POST", "/v2/models/"+bid+"/infer", keyOf(0), append([]byte(js), 1, 2), headerInferenceLength, strconv.Itoa(len(js))), 400)
	if !strings.Contains(e.Error, "BOOL is 0 or 1") {
		t.Errorf("bool byte 2: %s", e.Error)
	}
	// A response over max_response_bytes (1000 f32 as JSON > 4 KiB).
	data := make([]string, 900)
	for i := range data {
		data[i] = "0.123456789"
	}
	resp := `{"inputs":[{"name":"input0","shape":[300,3],"datatype":"FP32","data":[` + strings.Join(data, ",") + `]},` + y + `]}`
	if e := oipError(t, h.do("POST", "/v2/models/"+id+"/infer", keyOf(0), []byte(resp)), 413); e.Limit != limitResponseBytes {
		t.Errorf("response limit: %+v", e)
	}
	// After all that, the server answers, for both tenants.
	if r := h.do("POST", "/v2/models/"+id+"/infer", keyOf(0), []byte(good)); r.status != 200 {
		t.Errorf("good request after the bad ones: %d %s", r.status, r.body)
	}
	id1 := h.submit(1, kernelAdd)
	if r := h.do("POST", "/v2/models/"+id1+"/infer", keyOf(1), []byte(good)); r.status != 200 {
		t.Errorf("other tenant: %d %s", r.status, r.body)
	}
}

func manyParams(n int) string {
	var ps []string
	for i := range n {
		ps = append(ps, fmt.Sprintf(`"p%d":%d`, i, i))
	}
	return strings.Join(ps, ",")
}

// TestOIPQuotas: /v2 shares /v1's rate limit and concurrency quota.
func TestOIPQuotas(t *testing.T) { testOIPQuotas(t, newHarness) }

func testOIPQuotas(t *testing.T, newHarness harnessFunc) {
	h := newHarness(t, 1, func(c *Config) {
		c.Tenants[0].Quotas = Quotas{RatePerSecond: 0.001, Burst: 3, MaxConcurrentRuns: 1}
	})
	id := h.submit(0, kernelNeg) // 1 token
	body := []byte(`{"inputs":[{"name":"input0","shape":[1],"datatype":"FP32","data":[1]}]}`)
	if r := h.do("POST", "/v2/models/"+id+"/infer", keyOf(0), body); r.status != 200 { // 2
		t.Fatalf("%d %s", r.status, r.body)
	}
	// Hold the tenant's one run slot: /v2 is refused with 429.
	release, err := h.srv.acquireRun(context.Background(), h.srv.tenants[0])
	if err != nil {
		t.Fatal(err)
	}
	if e := oipError(t, h.do("POST", "/v2/models/"+id+"/infer", keyOf(0), body), 429); e.Limit != limitRuns { // 3
		t.Errorf("runs: %+v", e)
	}
	release()
	if e := oipError(t, h.do("GET", "/v2/models/"+id, keyOf(0), nil), 429); e.Limit != limitRate {
		t.Errorf("rate: %+v", e)
	}
}

// oipFuzzSignature is the model FuzzDecodeOIP decodes requests for.
var oipFuzzSignature = modelSignature{
	args:    []mlir.TensorType{mlir.Ranked(memref.Uint32, 2, 2), mlir.Ranked(memref.Bool, mlir.Dynamic), mlir.Ranked(memref.Float16, mlir.Dynamic, mlir.Dynamic)},
	results: []mlir.TensorType{mlir.Ranked(memref.Float32, 3, 2), mlir.Ranked(memref.Float64, mlir.Dynamic)},
}

// FuzzDecodeOIP feeds the inference request decoder JSON and binary
// bodies: a 400 or 413 answer, or inputs of the model's datatypes that
// fit the budget and outputs that name each result at most once.
func FuzzDecodeOIP(f *testing.F) {
	js := `{"id":"42","inputs":[{"name":"input0","shape":[2,2],"datatype":"UINT32","data":[1,2,3,4]},` +
		`{"name":"input1","shape":[3],"datatype":"BOOL","data":[true,false,1]},` +
		`{"name":"input2","shape":[1,2],"datatype":"FP16","data":[[1.5,"nan"]]}],"outputs":[{"name":"output0"}]}`
	f.Add([]byte(js), -1)
	f.Add([]byte(`{"id":"42","inputs":[{"name":"input0","shape":[2,2],"datatype":"UINT32","data":[1,2,3,4]},`+
		`{"name":"input1","shape":[3],"datatype":"BOOL","data":[true]}],"outputs":[{"name":"output0"}]}`), -1) // the document's, verbatim
	bin := `{"model_name":"m","inputs":[{"name":"input0","shape":[2,2],"datatype":"UINT32","parameters":{"binary_data_size":16}},` +
		`{"name":"input1","shape":[3],"datatype":"BOOL","parameters":{"binary_data_size":3}},` +
		`{"name":"input2","shape":[0,7],"datatype":"FP16","parameters":{"binary_data_size":0}}],` +
		`"parameters":{"binary_data_output":true},"outputs":[{"name":"output1","parameters":{"binary_data":false}},{"name":"output0"}]}`
	f.Add(append([]byte(bin), append(le32(1, 2, 3, 4), 1, 0, 1)...), len(bin))
	f.Add([]byte(bin), len(bin))
	f.Add([]byte(`{"inputs":[{"name":"input2","shape":[4294967295,4294967295],"datatype":"FP16","parameters":{"binary_data_size":0}}]}`), 100)
	f.Add([]byte(`{"parameters":{"classification":1},"inputs":[]}`), -1)
	f.Add([]byte(`{"inputs":[{"name":"input1","shape":[1],"datatype":"BF16","data":[1]}]}`), -1)
	f.Fuzz(func(t *testing.T, body []byte, headerLen int) {
		if headerLen < -1 {
			headerLen = -1
		}
		req, err := decodeOIPRequest(body, headerLen, oipFuzzSignature, fuzzBudget())
		if err != nil {
			checkDecoded(t, nil, err)
			return
		}
		checkDecoded(t, req.inputs, nil)
		for i, x := range req.inputs {
			if x.DType != oipFuzzSignature.args[i].Elem {
				t.Fatalf("input%d: %v, want %v", i, x.DType, oipFuzzSignature.args[i].Elem)
			}
		}
		seen := map[int]bool{}
		for _, o := range req.outputs {
			if o.index < 0 || o.index >= len(oipFuzzSignature.results) || seen[o.index] {
				t.Fatalf("outputs %+v", req.outputs)
			}
			seen[o.index] = true
		}
	})
}

// TestReadmeOIP runs the README's /v2 snippet as curl sends it and checks
// the answers the README shows, byte for byte.
func TestReadmeOIP(t *testing.T) { testReadmeOIP(t, newHarness) }

func testReadmeOIP(t *testing.T, newHarness harnessFunc) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(readme), "\n")
	var metaWant, inferBody, inferWant string
	for i, l := range lines {
		switch {
		case l == `curl -s -H "$K" localhost:8080/v2/models/add` && i+1 < len(lines):
			metaWant = strings.TrimPrefix(lines[i+1], "# ")
		case strings.HasPrefix(l, `  -d '{"id":"7"`) && i+1 < len(lines):
			inferBody = strings.TrimSuffix(strings.TrimPrefix(l, `  -d '`), `'`)
			inferWant = strings.TrimPrefix(lines[i+1], "# ")
		}
	}
	if metaWant == "" || inferBody == "" || inferWant == "" {
		t.Fatal("README has no /v2 snippet")
	}
	h := newHarness(t, 1, nil)
	const form = "application/x-www-form-urlencoded" // what curl --data-binary and -d send
	h.do("POST", "/v1/kernels", keyOf(0), []byte(kernelAdd), "Content-Type", form)
	if r := h.do("POST", "/v1/kernels?name=add", keyOf(0), []byte(kernelAdd), "Content-Type", form); r.status != 200 {
		t.Fatalf("naming the README's kernel: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/v2/models/add", keyOf(0), nil); string(r.body) != metaWant+"\n" {
		t.Errorf("metadata:\n got %s\nREADME %s", r.body, metaWant)
	}
	if r := h.do("POST", "/v2/models/add/infer", keyOf(0), []byte(inferBody), "Content-Type", form); string(r.body) != inferWant+"\n" {
		t.Errorf("infer:\n got %s\nREADME %s", r.body, inferWant)
	}
}

// TestKernelNameRace: tenants submitting different kernels under one name
// at once: exactly one gets it (201), every other is a 409, and the name
// resolves to the winner.
func TestKernelNameRace(t *testing.T) { testKernelNameRace(t, newHarness) }

func testKernelNameRace(t *testing.T, newHarness harnessFunc) {
	h := newHarness(t, 1, nil)
	const n = 6
	status := make([]int, n)
	ids := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body, _ := json.Marshal(map[string]string{"source": chainKernel(i + 1), "name": "contested"})
			req, _ := http.NewRequest("POST", h.hs.URL+"/v1/kernels", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+keyOf(0))
			req.Header.Set("Content-Type", "application/json")
			resp, err := h.hs.Client().Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			var info kernelInfo
			json.NewDecoder(resp.Body).Decode(&info)
			status[i], ids[i] = resp.StatusCode, info.ID
		}()
	}
	wg.Wait()
	winner := ""
	for i, s := range status {
		switch s {
		case http.StatusCreated:
			if winner != "" {
				t.Errorf("two kernels got the name: %v", status)
			}
			winner = ids[i]
		case http.StatusConflict:
		default:
			t.Errorf("submit %d: %d", i, s)
		}
	}
	if winner == "" {
		t.Fatalf("nobody got the name: %v", status)
	}
	var md oipModelMeta
	r := h.do("GET", "/v2/models/contested", keyOf(0), nil)
	if err := json.Unmarshal(r.body, &md); err != nil || r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if id, err := h.srv.state.kernelByName(context.Background(), h.srv.tenants[0].name, "contested"); err != nil || id != winner {
		t.Errorf("the name resolves to %q (%v), want %s", id, err, winner)
	}
}
