package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/memref"
)

// The Open Inference Protocol (KServe's "v2" REST protocol, which Triton,
// Seldon MLServer and OpenVINO Model Server speak), beside /v1, with
// Triton's binary tensor data extension. A model is one of the tenant's
// kernels, named by its id or by the name the tenant gave it at submit;
// its inputs are input0, input1, … (the kernel's arguments, in order) and
// its outputs output0, output1, … (its results). The authenticated
// endpoints go through serveAPI, so they have /v1's auth, rate limit,
// body bound and panic guard, and infer takes its run slot and runs
// through acquireRun and runKernel, as /v1 does.

// Endpoint names of /v2, for metrics, logs and 405 answers.
const (
	epV2Server     = "v2_server"
	epV2Live       = "v2_live"
	epV2Ready      = "v2_ready"
	epV2Model      = "v2_model"
	epV2ModelReady = "v2_model_ready"
	epV2Infer      = "v2_infer"
)

// headerInferenceLength is the binary data extension's header: the length
// of the JSON object at the start of a body that binary tensor data
// follows.
const headerInferenceLength = "Inference-Header-Content-Length"

// oipPlatform is the "platform" of every model's metadata.
const oipPlatform = "sandjit"

// oipDTypes maps the protocol's datatypes to sandjit's element types: one
// entry a line. BYTES is the protocol datatype sandjit has no element
// type for (see oipUnsupported).
var oipDTypes = []struct {
	name string
	dt   memref.DType
}{
	{"BOOL", memref.Bool},     // one byte, 0 or 1
	{"UINT8", memref.Uint8},   // ui8
	{"UINT16", memref.Uint16}, // ui16
	{"UINT32", memref.Uint32}, // ui32
	{"UINT64", memref.Uint64}, // ui64
	{"INT8", memref.Int8},     // i8
	{"INT16", memref.Int16},   // i16
	{"INT32", memref.Int32},   // i32
	{"INT64", memref.Int64},   // i64
	{"FP16", memref.Float16},  // f16, IEEE binary16
	{"FP32", memref.Float32},  // f32
	{"FP64", memref.Float64},  // f64
	{"BF16", memref.BFloat16}, // bf16, bfloat16: the top half of an f32
}

// oipUnsupported are protocol datatypes sandjit refuses, with the reason.
var oipUnsupported = map[string]string{
	"BYTES": "sandjit kernels take numeric tensors, not byte strings",
}

// oipDType parses a protocol datatype.
func oipDType(name string) (memref.DType, error) {
	for _, d := range oipDTypes {
		if d.name == name {
			return d.dt, nil
		}
	}
	if why, ok := oipUnsupported[name]; ok {
		return memref.Invalid, fmt.Errorf("datatype %s is not supported: %s", name, why)
	}
	return memref.Invalid, fmt.Errorf("unknown datatype %q (want BOOL, UINT8…UINT64, INT8…INT64, FP16, FP32, FP64 or BF16)", clip(name, 32))
}

// oipDTypeName is a sandjit element type's protocol datatype.
func oipDTypeName(dt memref.DType) string {
	for _, d := range oipDTypes {
		if d.dt == dt {
			return d.name
		}
	}
	return "INVALID"
}

// Model names.
const maxModelName = 128

// checkModelName holds a name given at submit to the rules that make it a
// safe, unambiguous path segment: 1 to 128 of [A-Za-z0-9._-], starting
// with a letter or digit, and not shaped like a kernel id (64 hex
// digits), so that a name never shadows an id.
func checkModelName(name string) error {
	bad := func(why string) error {
		return errorf(http.StatusBadRequest, kindBadRequest, "kernel name %q: %s", clip(name, 64), why)
	}
	if len(name) > maxModelName {
		return bad(fmt.Sprintf("longer than %d bytes", maxModelName))
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum && (i == 0 || (c != '.' && c != '_' && c != '-')) {
			return bad("use letters, digits, '.', '_' and '-', starting with a letter or digit")
		}
	}
	if looksLikeID(name) {
		return bad("a name cannot look like a kernel id (64 hex digits)")
	}
	return nil
}

// looksLikeID reports whether s has the shape of a kernel id: 64
// lower-case hex digits (cache.Key.String).
func looksLikeID(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// errNameTaken is matched (errors.Is) by the state's refusal of a kernel
// name, a *nameError.
var errNameTaken = errors.New("kernel name taken")

// nameError is addKernel's refusal of rec.Name: another kernel of the
// tenant holds it (holder), or the kernel already has another name (old).
// The check and the reservation are one step of the state (under its
// lock, or in one Redis script), so two replicas cannot both take a name.
type nameError struct {
	name   string
	holder string
	old    string
}

func (e *nameError) Error() string {
	if e.old != "" {
		return fmt.Sprintf("kernel already named %q, not %q", e.old, e.name)
	}
	return fmt.Sprintf("kernel name %q taken by %s", e.name, e.holder)
}

func (e *nameError) Is(target error) bool { return target == errNameTaken }

// reply is the 409 answered for the submission of kernel id.
func (e *nameError) reply(id string) error {
	if e.old != "" {
		return errorf(http.StatusConflict, kindConflict, "kernel %s is already named %q; DELETE it to give it another name", id, e.old)
	}
	return errorf(http.StatusConflict, kindConflict, "the name %q is taken by kernel %s; DELETE it first or choose another name", e.name, e.holder)
}

// lookupModel finds the tenant's kernel of a model name (404 otherwise):
// an id as it is, a name resolved to its id through the state (so a name
// taken on any replica resolves on every one), then the kernel found as
// /v1 finds it (s.lookup: compiled here, or compiled now from the shared
// record).
func (s *Server) lookupModel(ctx context.Context, t *tenant, name string) (*kernel, error) {
	id := name
	if !looksLikeID(name) {
		var err error
		id, err = s.state.kernelByName(ctx, t.name, name)
		if errors.Is(err, errNoRecord) {
			return nil, errNoModel(name)
		} else if err != nil {
			return nil, stateError(err)
		}
	}
	k, err := s.lookup(ctx, t, id)
	var ae *apiError
	if errors.As(err, &ae) && ae.status == http.StatusNotFound {
		return nil, errNoModel(name)
	}
	return k, err
}

func errNoModel(name string) error {
	return errorf(http.StatusNotFound, kindNotFound, "no model %q (a model is a kernel id or name of this tenant's; submit it with POST /v1/kernels)", clip(name, 80))
}

// oipTensorMeta is a $metadata_tensor.
type oipTensorMeta struct {
	Name     string `json:"name"`
	Datatype string `json:"datatype"`
	Shape    []int  `json:"shape"`
}

// oipModelMeta is a $metadata_model_response.
type oipModelMeta struct {
	Name     string          `json:"name"`
	Platform string          `json:"platform"`
	Inputs   []oipTensorMeta `json:"inputs"`
	Outputs  []oipTensorMeta `json:"outputs"`
}

// oipInputName and oipOutputName name a model's tensors by position.
func oipInputName(i int) string  { return "input" + strconv.Itoa(i) }
func oipOutputName(i int) string { return "output" + strconv.Itoa(i) }

// oipIndex parses a tensor name prefix+N (N in [0, n), no leading zeros).
func oipIndex(name, prefix string, n int) (int, bool) {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok || rest == "" || len(rest) > 6 || (len(rest) > 1 && rest[0] == '0') {
		return 0, false
	}
	i, err := strconv.Atoi(rest)
	return i, err == nil && i >= 0 && i < n
}

// tensorMeta describes a kernel type: dynamic dims are -1; an unranked
// type (which takes any rank) is shown as [-1].
func tensorMeta(name string, t engine.TensorType) oipTensorMeta {
	m := oipTensorMeta{Name: name, Datatype: oipDTypeName(t.Elem), Shape: []int{-1}}
	if t.Ranked {
		m.Shape = make([]int, len(t.Dims))
		for i, d := range t.Dims {
			m.Shape[i] = d
			if d < 0 {
				m.Shape[i] = -1
			}
		}
	}
	return m
}

// modelSignature is what decoding a request needs to know of a model.
type modelSignature struct {
	args    []engine.TensorType
	results []engine.TensorType
}

func signatureOf(exe *engine.JitExecutable) modelSignature {
	args, results := exe.Signature()
	return modelSignature{args: args, results: results}
}

func (m modelSignature) meta(name string) oipModelMeta {
	md := oipModelMeta{Name: name, Platform: oipPlatform, Inputs: []oipTensorMeta{}, Outputs: []oipTensorMeta{}}
	for i, a := range m.args {
		md.Inputs = append(md.Inputs, tensorMeta(oipInputName(i), a))
	}
	for i, r := range m.results {
		md.Outputs = append(md.Outputs, tensorMeta(oipOutputName(i), r))
	}
	return md
}

// oipRoutes adds the protocol's endpoints to mux. Health and server
// metadata are open, like /healthz; everything under /v2/models needs a
// tenant's key.
func (s *Server) oipRoutes(mux *http.ServeMux) {
	mux.HandleFunc("/v2", s.servePlain(epV2Server, func(*http.Request) *reply {
		return jsonReply(http.StatusOK, map[string]any{"name": "sandjit", "version": engine.CompilerVersion,
			"extensions": []string{"binary_tensor_data"}})
	}))
	mux.HandleFunc("/v2/health/live", s.servePlain(epV2Live, func(*http.Request) *reply {
		return jsonReply(http.StatusOK, map[string]bool{"live": true})
	}))
	mux.HandleFunc("/v2/health/ready", s.servePlain(epV2Ready, func(*http.Request) *reply {
		if !s.ready.Load() {
			return jsonReply(http.StatusServiceUnavailable, map[string]bool{"ready": false})
		}
		return jsonReply(http.StatusOK, map[string]bool{"ready": true})
	}))
	mux.HandleFunc("/v2/models/{name}", s.serveAPI(epV2Model, "GET", func(ctx context.Context, r *http.Request, t *tenant) (*reply, error) {
		name := r.PathValue("name")
		k, err := s.lookupModel(ctx, t, name)
		if err != nil {
			return nil, err
		}
		return jsonReply(http.StatusOK, signatureOf(k.exe).meta(name)), nil
	}))
	mux.HandleFunc("/v2/models/{name}/ready", s.serveAPI(epV2ModelReady, "GET", func(ctx context.Context, r *http.Request, t *tenant) (*reply, error) {
		name := r.PathValue("name")
		if _, err := s.lookupModel(ctx, t, name); err != nil {
			return nil, err
		}
		// The kernel is compiled (at submit, or just now from the shared
		// record by lookupModel): it is ready.
		return jsonReply(http.StatusOK, map[string]any{"name": name, "ready": true}), nil
	}))
	mux.HandleFunc("/v2/models/{name}/infer", s.serveAPI(epV2Infer, "POST", func(ctx context.Context, r *http.Request, t *tenant) (*reply, error) {
		return s.oipInfer(ctx, r, t, r.PathValue("name"))
	}))
	versions := s.serveAPI(epV2Model, "GET, POST", func(_ context.Context, r *http.Request, t *tenant) (*reply, error) {
		return nil, errorf(http.StatusNotFound, kindNotFound, "model %q has no versions; use /v2/models/{name} without /versions/…", clip(r.PathValue("name"), 80))
	})
	mux.HandleFunc("/v2/models/{name}/versions/{version}", versions)
	mux.HandleFunc("/v2/models/{name}/versions/{version}/{rest...}", versions)
}

// oipInfer answers POST /v2/models/{name}/infer: the model, a run slot,
// the body (bounded by serveAPI), the request decoded within the
// tenant's budget, the run, and the response encoded whole.
func (s *Server) oipInfer(ctx context.Context, r *http.Request, t *tenant, name string) (*reply, error) {
	k, err := s.lookupModel(ctx, t, name)
	if err != nil {
		return nil, err
	}
	headerLen := -1
	if h := r.Header.Get(headerInferenceLength); h != "" {
		n, err := strconv.ParseInt(strings.TrimSpace(h), 10, 64)
		if err != nil || n < 0 {
			return nil, errorf(http.StatusBadRequest, kindBadRequest, "%s %q is not a length", headerInferenceLength, clip(h, 32))
		}
		if n > t.quotas.MaxRequestBytes {
			return nil, overLimit(limitRequestBytes, "%s %d is over the tenant's max_request_bytes of %d", headerInferenceLength, n, t.quotas.MaxRequestBytes)
		}
		headerLen = int(n)
	}
	release, err := s.acquireRun(ctx, t)
	if err != nil {
		return nil, err
	}
	defer release()
	body, err := readAll(r.Body, r.ContentLength, t.quotas.MaxRequestBytes)
	if err != nil {
		return nil, err
	}
	sig := signatureOf(k.exe)
	req, err := decodeOIPRequest(body, headerLen, sig, newBudget(t.quotas))
	if err != nil {
		return nil, err
	}
	outs, err := s.runKernel(ctx, t, k, req.inputs)
	if err != nil {
		return nil, err
	}
	return encodeOIPResponse(name, req, outs, t.quotas.MaxResponseBytes)
}

// oipRequest is a decoded $inference_request.
type oipRequest struct {
	id      string
	hasID   bool
	inputs  []*memref.Tensor // by argument position
	outputs []oipOutput      // the results to return, in the order asked
}

// oipOutput is one result to return, and whether as binary data.
type oipOutput struct {
	index  int
	binary bool
}

// oipParams are the parameters this server reads; the others are ignored,
// except those of extensions it does not implement, which are refused
// rather than silently ignored.
type oipParams struct {
	binaryDataSize   int64 // -1: absent
	binaryData       *bool
	binaryDataOutput *bool
}

// maxParams bounds the parameters of one object.
const maxParams = 64

// oipRefused are parameters of extensions this server does not implement.
var oipRefused = map[string]string{
	"classification":            "the classification extension is not supported",
	"shared_memory_region":      "the shared-memory extension is not supported",
	"shared_memory_byte_size":   "the shared-memory extension is not supported",
	"shared_memory_offset":      "the shared-memory extension is not supported",
	"binary_data_output_offset": "not supported",
}

// readParams reads a $parameters object from raw: at most maxParams
// entries, each a string, number or boolean.
func readParams(raw json.RawMessage, what string) (oipParams, error) {
	p := oipParams{binaryDataSize: -1}
	if raw == nil {
		return p, nil
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: parameters: "+format, append([]any{what}, args...)...)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return p, bad("want an object")
	}
	for n := 0; dec.More(); n++ {
		if n == maxParams {
			return p, bad("more than %d", maxParams)
		}
		tok, err := dec.Token()
		if err != nil {
			return p, bad("%v", err)
		}
		key, _ := tok.(string)
		val, err := dec.Token()
		if err != nil {
			return p, bad("%v", err)
		}
		if _, ok := val.(json.Delim); ok || val == nil {
			return p, bad("%q: a value must be a string, a number or a boolean", clip(key, 32))
		}
		if why, ok := oipRefused[key]; ok {
			return p, bad("%s: %s", key, why)
		}
		switch key {
		case "binary_data_size":
			num, ok := val.(json.Number)
			v, err := strconv.ParseInt(string(num), 10, 64)
			if !ok || err != nil || v < 0 {
				return p, bad("binary_data_size must be a byte count")
			}
			p.binaryDataSize = v
		case "binary_data", "binary_data_output":
			b, ok := val.(bool)
			if !ok {
				return p, bad("%s must be true or false", key)
			}
			if key == "binary_data" {
				p.binaryData = &b
			} else {
				p.binaryDataOutput = &b
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return p, bad("%v", err)
	}
	return p, nil
}

// oipInputJSON is a $request_input.
type oipInputJSON struct {
	Name       string          `json:"name"`
	Shape      jsonShape       `json:"shape"`
	Datatype   string          `json:"datatype"`
	Parameters json.RawMessage `json:"parameters"`
	Data       json.RawMessage `json:"data"`
}

// oipOutputJSON is a $request_output.
type oipOutputJSON struct {
	Name       string          `json:"name"`
	Parameters json.RawMessage `json:"parameters"`
}

// decodeOIPRequest decodes an $inference_request for a model of this
// signature. With headerLen >= 0 (the Inference-Header-Content-Length
// header) the JSON is body[:headerLen] and the inputs that carry a
// binary_data_size parameter take their bytes, in order, from the rest,
// which they must use up exactly. At most one entry per argument and per
// result is read, and every tensor is checked against the budget before
// its data is allocated.
func decodeOIPRequest(body []byte, headerLen int, sig modelSignature, b *budget) (*oipRequest, error) {
	bad := func(format string, args ...any) error {
		return errorf(http.StatusBadRequest, kindBadRequest, "inference request: "+format, args...)
	}
	header, tail := body, []byte(nil)
	if headerLen >= 0 {
		if headerLen > len(body) {
			return nil, bad("%s is %d, but the body has %d bytes", headerInferenceLength, headerLen, len(body))
		}
		header, tail = body[:headerLen], body[headerLen:]
	}
	dec := json.NewDecoder(bytes.NewReader(header))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, bad(`want a JSON object {"inputs":[…]}`)
	}
	req := &oipRequest{}
	var ins []oipInputJSON
	var outs []oipOutputJSON
	var params oipParams
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, bad("%v", err)
		}
		key, _ := tok.(string)
		if seen[key] {
			return nil, bad("%q appears twice", clip(key, 32))
		}
		switch key {
		case "id", "model_name", "model_version":
			tok, err := dec.Token()
			str, ok := tok.(string)
			if err != nil || !ok {
				return nil, bad("%q must be a string", key)
			}
			if key == "id" {
				req.id, req.hasID = str, true
			}
		case "parameters":
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return nil, bad("parameters: %v", err)
			}
			if params, err = readParams(raw, "request"); err != nil {
				return nil, bad("%v", err)
			}
		case "inputs", "outputs":
			if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
				return nil, bad("%q must be a list", key)
			}
			for dec.More() {
				if key == "inputs" {
					if len(ins) == len(sig.args) {
						return nil, bad("the model takes %d inputs; the request has more", len(sig.args))
					}
					var in oipInputJSON
					if err := dec.Decode(&in); err != nil {
						return nil, bad("inputs[%d]: %v", len(ins), err)
					}
					ins = append(ins, in)
					continue
				}
				if len(outs) == len(sig.results) {
					return nil, bad("the model has %d outputs; the request asks for more", len(sig.results))
				}
				var out oipOutputJSON
				if err := dec.Decode(&out); err != nil {
					return nil, bad("outputs[%d]: %v", len(outs), err)
				}
				outs = append(outs, out)
			}
			if _, err := dec.Token(); err != nil {
				return nil, bad("%v", err)
			}
		default:
			return nil, bad("unknown field %q", clip(key, 32))
		}
		seen[key] = true
	}
	if _, err := dec.Token(); err != nil {
		return nil, bad("%v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, bad("trailing data after the JSON object (binary data needs the %s header)", headerInferenceLength)
	}
	if !seen["inputs"] {
		return nil, bad(`missing "inputs"`)
	}

	req.inputs = make([]*memref.Tensor, len(sig.args))
	for j, in := range ins {
		what := fmt.Sprintf("inputs[%d]", j)
		i, ok := oipIndex(in.Name, "input", len(sig.args))
		if !ok {
			return nil, bad("%s: the model has no input %q (its inputs are input0…input%d)", what, clip(in.Name, 32), len(sig.args)-1)
		}
		what = fmt.Sprintf("%s %q", what, in.Name)
		if req.inputs[i] != nil {
			return nil, bad("%s appears twice", what)
		}
		dt, err := oipDType(in.Datatype)
		if err != nil {
			return nil, bad("%s: %v", what, err)
		}
		if want := sig.args[i].Elem; dt != want {
			return nil, bad("%s: datatype %s, but the model takes %s", what, in.Datatype, oipDTypeName(want))
		}
		if in.Shape == nil {
			return nil, bad("%s: missing shape", what)
		}
		p, err := readParams(in.Parameters, what)
		if err != nil {
			return nil, bad("%v", err)
		}
		var t *memref.Tensor
		if p.binaryDataSize < 0 {
			if err := checkNesting(in.Data, in.Shape); err != nil {
				return nil, bad("%s: data: %v", what, err)
			}
			// jsonInput.tensor reserves the budget before it allocates.
			jin := jsonInput{DType: dt.String(), Shape: in.Shape, Data: in.Data}
			if t, err = jin.tensor(b, what); err != nil {
				return nil, err
			}
		} else {
			if headerLen < 0 {
				return nil, bad("%s: binary_data_size needs the %s header", what, headerInferenceLength)
			}
			if in.Data != nil {
				return nil, bad("%s: both data and binary_data_size", what)
			}
			shape := []int(in.Shape)
			if err := b.reserve(what, dt, shape); err != nil {
				return nil, err
			}
			n, _ := memref.NumElements(shape) // reserve checked it
			size := int64(n) * int64(dt.Size())
			if p.binaryDataSize != size {
				return nil, bad("%s: binary_data_size is %d, but %s of shape %v takes %d bytes", what, p.binaryDataSize, in.Datatype, shape, size)
			}
			if size > int64(len(tail)) {
				return nil, bad("%s: %d bytes of binary data, but only %d are left in the body", what, size, len(tail))
			}
			if t, err = memref.New(dt, shape); err != nil {
				return nil, bad("%s: %v", what, err)
			}
			copy(t.Data, tail[:size])
			if dt == memref.Bool {
				for e, v := range t.Data[:size] {
					if v > 1 {
						return nil, bad("%s: element %d is byte %d; BOOL is 0 or 1", what, e, v)
					}
				}
			}
			tail = tail[size:]
		}
		req.inputs[i] = t
	}
	for i, t := range req.inputs {
		if t == nil {
			return nil, bad("missing input %q (the model takes input0…input%d)", oipInputName(i), len(sig.args)-1)
		}
	}
	if len(tail) > 0 {
		return nil, bad("%d bytes after the inputs' binary data", len(tail))
	}

	binaryAll := params.binaryDataOutput != nil && *params.binaryDataOutput
	if len(outs) == 0 {
		for i := range sig.results {
			req.outputs = append(req.outputs, oipOutput{index: i, binary: binaryAll})
		}
		return req, nil
	}
	taken := make([]bool, len(sig.results))
	for j, out := range outs {
		what := fmt.Sprintf("outputs[%d]", j)
		i, ok := oipIndex(out.Name, "output", len(sig.results))
		if !ok {
			return nil, bad("%s: the model has no output %q (its outputs are output0…output%d)", what, clip(out.Name, 32), len(sig.results)-1)
		}
		if taken[i] {
			return nil, bad("%s: output %q asked for twice", what, out.Name)
		}
		taken[i] = true
		p, err := readParams(out.Parameters, what)
		if err != nil {
			return nil, bad("%v", err)
		}
		binary := binaryAll
		if p.binaryData != nil {
			binary = *p.binaryData
		}
		req.outputs = append(req.outputs, oipOutput{index: i, binary: binary})
	}
	return req, nil
}

// encodeOIPResponse writes the $inference_response for the asked outputs,
// whole, within maxBytes: JSON, then (when some output is binary) their
// bytes in order, with the JSON's length in Inference-Header-Content-Length.
func encodeOIPResponse(model string, req *oipRequest, outs []*memref.Tensor, maxBytes int64) (*reply, error) {
	buf := &capBuffer{max: maxBytes}
	hdr, binary, err := writeOIPResponse(buf, model, req, outs)
	if err == nil {
		for _, t := range binary {
			if _, err = buf.Write(t.Data[:t.Len()*t.DType.Size()]); err != nil {
				break
			}
		}
	}
	if errors.Is(err, errResponseTooLarge) {
		return nil, overLimit(limitResponseBytes, "the response is over the tenant's max_response_bytes of %d", maxBytes)
	}
	if err != nil {
		return nil, fmt.Errorf("encoding the inference response: %w", err)
	}
	rp := &reply{status: http.StatusOK, contentType: "application/json", body: buf.Bytes()}
	if len(binary) > 0 {
		rp.contentType = "application/octet-stream"
		rp.header = http.Header{headerInferenceLength: {strconv.Itoa(hdr)}}
	}
	return rp, nil
}

// writeOIPResponse writes the JSON object of a response and returns its
// length and the (contiguous) outputs whose data follows it in binary.
func writeOIPResponse(buf *capBuffer, model string, req *oipRequest, outs []*memref.Tensor) (int, []*memref.Tensor, error) {
	b := make([]byte, 0, 4096)
	flush := func() error {
		_, err := buf.Write(b)
		b = b[:0]
		return err
	}
	quote := func(s string) {
		q, _ := json.Marshal(s) // a string always marshals
		b = append(b, q...)
	}
	b = append(b, `{"model_name":`...)
	quote(model)
	if req.hasID {
		b = append(b, `,"id":`...)
		quote(req.id)
	}
	b = append(b, `,"outputs":[`...)
	var binary []*memref.Tensor
	for j, o := range req.outputs {
		t := outs[o.index].Contiguous()
		if j > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":"`...)
		b = append(b, oipOutputName(o.index)...)
		b = append(b, `","datatype":"`...)
		b = append(b, oipDTypeName(t.DType)...)
		b = append(b, `","shape":[`...)
		for k, d := range t.Shape {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(d), 10)
		}
		b = append(b, ']')
		n, size := t.Len(), t.DType.Size()
		if o.binary {
			b = append(b, `,"parameters":{"binary_data_size":`...)
			b = strconv.AppendInt(b, int64(n*size), 10)
			b = append(b, "}}"...)
			binary = append(binary, t)
			continue
		}
		b = append(b, `,"data":[`...)
		for k := range n {
			if k > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, t.DType, t.Data[k*size:(k+1)*size])
			if len(b) >= 4096 {
				if err := flush(); err != nil {
					return 0, nil, err
				}
			}
		}
		b = append(b, "]}"...)
	}
	b = append(b, "]}"...)
	if len(binary) == 0 {
		b = append(b, '\n')
	}
	if err := flush(); err != nil {
		return 0, nil, err
	}
	return buf.Len(), binary, nil
}

// checkNesting holds nested tensor data to the protocol's two forms: a
// flat list (or a scalar), or lists nested exactly as the shape, row-major
// ([[1,2],[3,4]] for [2,2]). A ragged or differently nested list is an
// error rather than read as its flattening. The element count of the
// flat form is checked where the values are read.
func checkNesting(data []byte, shape []int) error {
	depth := 0
	for _, c := range data {
		if c == '[' {
			depth++
		} else if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			break
		}
	}
	if depth <= 1 {
		return nil
	}
	if depth != len(shape) {
		return fmt.Errorf("lists nest %d deep; shape %v takes a flat list or lists nested %d deep", depth, shape, len(shape))
	}
	var counts []int // items so far in each open list
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case ' ', '\t', '\n', '\r', ',':
		case '[':
			if len(counts) == depth {
				return fmt.Errorf("lists nest deeper than shape %v", shape)
			}
			if len(counts) > 0 {
				counts[len(counts)-1]++
			}
			counts = append(counts, 0)
		case ']':
			if len(counts) == 0 {
				return fmt.Errorf("unbalanced ']'")
			}
			d := len(counts) - 1
			if counts[d] != shape[d] {
				return fmt.Errorf("a list at depth %d has %d items; shape %v wants %d", d+1, counts[d], shape, shape[d])
			}
			counts = counts[:d]
		default:
			if len(counts) != depth {
				return fmt.Errorf("a value at depth %d; shape %v puts values at depth %d", len(counts), shape, depth)
			}
			counts[depth-1]++
			if c == '"' {
				for i++; i < len(data) && data[i] != '"'; i++ {
					if data[i] == '\\' {
						i++
					}
				}
				continue
			}
			for i+1 < len(data) && !strings.ContainsRune(" \t\n\r,[]", rune(data[i+1])) {
				i++
			}
		}
	}
	return nil
}
