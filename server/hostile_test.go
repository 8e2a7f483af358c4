package server

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sandjit/sandjit/internal/lower"
)

// The attacker's quotas in the hostile suite: small, so that each one is
// cheap to exceed.
func hostileQuotas() Quotas {
	return Quotas{
		ArenaBytes: 4 << 20, MaxRequestBytes: 1 << 20, MaxTensorBytes: 256 << 10, MaxResponseBytes: 256 << 10,
		MaxSourceBytes: 64 << 10, MaxOps: 500, MaxDepth: 16, MaxRank: 4, MaxElements: 1 << 15, MaxKernels: 16,
		RunTimeout: Duration(2 * time.Second), CompileTimeout: Duration(5 * time.Second),
		MaxConcurrentRuns: 8, MaxConcurrentCompiles: 4, RatePerSecond: 1e6, Burst: 1 << 20,
	}
}

// rawNPY builds an .npy file with any header text and data.
func rawNPY(header string, data []byte) []byte {
	pad := (64 - (10+len(header)+1)%64) % 64
	h := header + strings.Repeat(" ", pad) + "\n"
	var b bytes.Buffer
	b.WriteString("\x93NUMPY\x01\x00")
	binary.Write(&b, binary.LittleEndian, uint16(len(h)))
	b.WriteString(h)
	b.Write(data)
	return b.Bytes()
}

// deflateBomb is an .npz whose one entry is a valid .npy header followed
// by far more zeros than it declares, deflated (about 1000:1).
func deflateBomb(t testing.TB, header string, zeros int) []byte {
	return npzBytes(t, true, "arg0.npy", rawNPY(header, make([]byte, zeros)))
}

// nested returns a kernel whose dense literal nests depth lists deep.
func nestedKernel(depth int) string {
	return "func.func @f() -> tensor<f32> {\n  %0 = \"tf.Const\"() {value = dense<" + strings.Repeat("[", depth) + "1.0" +
		strings.Repeat("]", depth) + "> : tensor<f32>} : () -> tensor<f32>\n  func.return %0 : tensor<f32>\n}\n"
}

// manyOps is a kernel of n ops.
func manyOps(n int) string {
	var b strings.Builder
	b.WriteString("func.func @f(%x: tensor<f32>) -> tensor<f32> {\n")
	for i := range n {
		fmt.Fprintf(&b, "  %%v%d = \"tf.Neg\"(%%x) : (tensor<f32>) -> tensor<f32>\n", i)
	}
	b.WriteString("  func.return %x : tensor<f32>\n}\n")
	return b.String()
}

func identityKernel(ty string) string {
	return fmt.Sprintf("func.func @f(%%x: %s) -> %s {\n  func.return %%x : %s\n}\n", ty, ty, ty)
}

// Kernels the hostile cases run.
const (
	kernelOuter = `func.func @outer(%x: tensor<?x1xf32>, %y: tensor<1x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Mul"(%x, %y) : (tensor<?x1xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}
`
	kernelLogSoftmax = `func.func @ls(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.LogSoftmax"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Rsqrt"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}
`
	kernelSpin = `func.func @spin(%n: tensor<i32>) -> tensor<i32> {
  %cst = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.WhileRegion"(%cst) ({
  ^bb0(%i: tensor<i32>):
    %c = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>):
    %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %j = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "tf.Yield"(%j) : (tensor<i32>) -> ()
  }) {is_stateless = true} : (tensor<i32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}
`
	kernelGather = `func.func @g(%p: tensor<?xf32>, %i: tensor<?xi32>) -> tensor<?xf32> {
  %axis = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%p, %i, %axis) {batch_dims = 0 : i64} : (tensor<?xf32>, tensor<?xi32>, tensor<i32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
`
)

func supported(op string) bool {
	for _, o := range lower.SupportMatrix() {
		if o.Name == op {
			return true
		}
	}
	return false
}

// TestHostile is the hostile-input suite: each case gives its defined
// status and error, and afterwards the server is healthy and the other
// tenant's runs (and the attacker's own) still work.
func TestHostile(t *testing.T) {
	h := newHarness(t, 2, func(c *Config) { c.Tenants[0].Quotas = hostileQuotas() })
	const A = 0 // attacker
	ids := map[string]string{}
	for name, src := range map[string]string{"neg": kernelNeg, "add": kernelAdd, "outer": kernelOuter, "ls": kernelLogSoftmax,
		"div": kernelIntDiv, "chain": chainKernel(40)} {
		ids[name] = h.submit(A, src)
	}
	victim := h.submit(1, kernelTwoOut) // a kernel the attacker does not hold
	run := func(name string) string { return "/v1/kernels/" + ids[name] + ":run" }
	jsonCT := []string{"Content-Type", "application/json"}
	npyCT := []string{"Content-Type", "application/x-npy"}
	npzCT := []string{"Content-Type", "application/x-npz"}
	textCT := []string{"Content-Type", "text/plain"}
	f32 := func(n int) []byte { return npyBytes(t, mustTensor(t, []int{n}, make([]float32, n))) }
	nans := func(n int) string {
		return `{"dtype":"f32","shape":[` + fmt.Sprint(n) + `],"data":[` + strings.TrimSuffix(strings.Repeat(`"nan",`, n), ",") + `]}`
	}

	type hostileCase struct {
		name         string
		method, path string
		body         []byte
		hdr          []string
		status       int
		kind         string // the error's kind (a quota's is its limit), "" for success
	}
	cases := []hostileCase{
		// Kernels: enormous, deep, wide, absurd.
		{"kernel over max_source_bytes", "POST", "/v1/kernels", []byte(manyOps(2000)), textCT, 413, limitSourceBytes},
		{"JSON kernel over max_source_bytes", "POST", "/v1/kernels", mustJSON(kernelRequest{Source: manyOps(2000)}), jsonCT, 413, limitSourceBytes},
		{"body over max_request_bytes", "POST", "/v1/kernels", mustJSON(kernelRequest{Source: strings.Repeat(" ", 2<<20)}), jsonCT, 413, limitRequestBytes},
		{"kernel over max_ops", "POST", "/v1/kernels", []byte(manyOps(600)), textCT, 413, limitOps},
		{"dense literal nested 10000 deep", "POST", "/v1/kernels", []byte(nestedKernel(10000)), textCT, 413, limitDepth},
		{"type nested 1000 deep", "POST", "/v1/kernels", []byte(identityKernel(strings.Repeat("tensor<", 1000) + "f32" + strings.Repeat(">", 1000))), textCT, 413, limitDepth},
		{"kernel type over max_rank", "POST", "/v1/kernels", []byte(identityKernel("tensor<1x1x1x1x1xf32>")), textCT, 413, limitRank},
		{"kernel type over MaxRank", "POST", "/v1/kernels", []byte(identityKernel("tensor<" + strings.Repeat("1x", 40) + "f32>")), textCT, 413, limitRank},
		{"kernel type over max_elements", "POST", "/v1/kernels", []byte(identityKernel("tensor<100000xf32>")), textCT, 413, limitElements},
		{"kernel dims overflowing int64", "POST", "/v1/kernels", []byte(identityKernel("tensor<4294967295x4294967295x4294967295xf32>")), textCT, 413, limitElements},
		{"kernel dim over 2^32", "POST", "/v1/kernels", []byte(identityKernel("tensor<99999999999999999999999xf32>")), textCT, 413, limitElements},
		{"binary garbage kernel", "POST", "/v1/kernels", []byte("\x00\xff\xfe\x93NUMPY{{{{"), textCT, 422, kindKernel},
		{"kernel of unknown ops", "POST", "/v1/kernels", []byte(strings.ReplaceAll(manyOps(20), "tf.Neg", "tf.Evil")), textCT, 422, kindKernel},

		// .npy headers: negative, absurd, overflowing, lying, truncated.
		{"npy negative dim", "POST", run("neg"), rawNPY("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", nil), npyCT, 400, kindBadRequest},
		{"npy absurd dim", "POST", run("neg"), rawNPY("{'descr': '<f4', 'fortran_order': False, 'shape': (10000000000000000000000000,), }", nil), npyCT, 400, kindBadRequest},
		{"npy dims overflowing int64", "POST", run("neg"), rawNPY("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967295, 4294967295, 4294967295), }", nil), npyCT, 400, kindBadRequest},
		{"npy rank 17", "POST", run("neg"), rawNPY("{'descr': '<f4', 'fortran_order': False, 'shape': ("+strings.Repeat("1, ", 17)+"), }", nil), npyCT, 400, kindBadRequest},
		{"npy over max_tensor_bytes", "POST", run("neg"), rawNPY("{'descr': '<f4', 'fortran_order': False, 'shape': (1000000,), }", nil), npyCT, 413, limitTensorBytes},
		{"npy over max_elements", "POST", run("neg"), rawNPY("{'descr': '|b1', 'fortran_order': False, 'shape': (40000,), }", make([]byte, 40000)), npyCT, 413, limitElements},
		{"npy over max_rank", "POST", run("neg"), rawNPY("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1, 1, 1, 1), }", make([]byte, 4)), npyCT, 413, limitRank},
		{"npy truncated data", "POST", run("neg"), f32(1000)[:1000], npyCT, 400, kindBadRequest},
		{"npy truncated header", "POST", run("neg"), f32(10)[:30], npyCT, 400, kindBadRequest},
		{"npy trailing bytes", "POST", run("neg"), append(f32(10), 1, 2, 3), npyCT, 400, kindBadRequest},
		{"npy huge header length", "POST", run("neg"), []byte("\x93NUMPY\x02\x00\xff\xff\xff\xff{"), npyCT, 400, kindBadRequest},
		{"npy object dtype", "POST", run("neg"), rawNPY("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", make([]byte, 8)), npyCT, 400, kindBadRequest},
		{"npy wrong dtype for the kernel", "POST", run("neg"), npyBytes(t, mustTensor(t, []int{2}, []int32{1, 2})), npyCT, 400, kindBadRequest},
		{"npy wrong rank for the kernel", "POST", run("neg"), npyBytes(t, mustTensor(t, []int{1, 2}, []float32{1, 2})), npyCT, 400, kindBadRequest},
		{"npy to a two-input kernel", "POST", run("add"), f32(3), npyCT, 400, kindBadRequest},

		// .npz: bombs, lies, too many entries, zip64, truncation.
		{"npz deflate bomb within a small header", "POST", run("neg"), deflateBomb(t, "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", 64<<20), npzCT, 400, kindBadRequest},
		{"npz deflate bomb, trailing zeros", "POST", run("neg"), deflateBomb(t, "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", 900<<10), npzCT, 400, kindBadRequest},
		{"npz deflate bomb declaring a huge array", "POST", run("neg"), deflateBomb(t, "{'descr': '<f4', 'fortran_order': False, 'shape': (100000000,), }", 900<<10), npzCT, 413, limitTensorBytes},
		{"npz many entries", "POST", run("neg"), npzMany(t, 1000), npzCT, 400, kindBadRequest},
		{"npz wrong name", "POST", run("neg"), npzBytes(t, false, "x.npy", f32(3)), npzCT, 400, kindBadRequest},
		{"npz duplicate", "POST", run("add"), npzBytes(t, false, "arg0.npy", f32(3), "arr_0.npy", f32(3)), npzCT, 400, kindBadRequest},
		{"npz missing input", "POST", run("add"), npzBytes(t, false, "arg1.npy", f32(3)), npzCT, 400, kindBadRequest},
		{"npz truncated", "POST", run("neg"), npzBytes(t, false, "arg0.npy", f32(3))[:60], npzCT, 400, kindBadRequest},
		{"npz zip64 end record", "POST", run("neg"), zip64End(), npzCT, 400, kindBadRequest},
		{"npz not a zip", "POST", run("neg"), f32(3), npzCT, 400, kindBadRequest},
		{"npz corrupt entry", "POST", run("neg"), corruptCRC(t, npzBytes(t, false, "arg0.npy", f32(3))), npzCT, 400, kindBadRequest},

		// Multipart: more parts than arguments, truncated.
		{"multipart extra parts", "POST", run("neg"), mpBody(t, f32(3), f32(3)), mpCT(), 400, kindBadRequest},
		{"multipart truncated", "POST", run("neg"), mpBody(t, f32(3))[:100], mpCT(), 400, kindBadRequest},

		// JSON: overflowing shapes, deep lists, lies.
		{"json dims overflowing int64", "POST", run("neg"), []byte(`{"inputs":[{"dtype":"f32","shape":[4294967295,4294967295,4294967295],"data":[]}]}`), jsonCT, 400, kindBadRequest},
		{"json dim over int64", "POST", run("neg"), []byte(`{"inputs":[{"dtype":"f32","shape":[99999999999999999999999],"data":[]}]}`), jsonCT, 400, kindBadRequest},
		{"json shape of rank 1000", "POST", run("neg"), []byte(`{"inputs":[{"dtype":"f32","shape":[` + strings.Repeat("1,", 999) + `1],"data":[1]}]}`), jsonCT, 400, kindBadRequest},
		{"json data nested 10000 deep", "POST", run("neg"), []byte(`{"inputs":[{"dtype":"f32","shape":[1],"data":` + strings.Repeat("[", 10000) + "1" + strings.Repeat("]", 10000) + `}]}`), jsonCT, 400, kindBadRequest},
		{"json over max_elements", "POST", run("neg"), []byte(`{"inputs":[{"dtype":"i1","shape":[40000],"data":[]}]}`), jsonCT, 413, limitElements},
		{"json over max_tensor_bytes", "POST", run("add"), mustJSON(map[string]any{"inputs": []map[string]any{
			{"dtype": "f64", "shape": []int{20000}, "data": make([]int, 20000)}, {"dtype": "f64", "shape": []int{20000}, "data": []int{}}}}), jsonCT, 413, limitTensorBytes},
		{"json many inputs", "POST", run("neg"), []byte(`{"inputs":[` + strings.Repeat(`{},`, 100000) + `{}]}`), jsonCT, 400, kindBadRequest},
		{"json not an object", "POST", run("neg"), []byte(`[1,2,3]`), jsonCT, 400, kindBadRequest},
		{"json trailing garbage", "POST", run("neg"), []byte(`{"inputs":[]} {"inputs":[]}`), jsonCT, 400, kindBadRequest},
		{"json truncated", "POST", run("neg"), []byte(`{"inputs":[{"dtype":"f32","shape":[2],"data":[1,`), jsonCT, 400, kindBadRequest},
		{"json broadcast mismatch", "POST", run("add"), []byte(`{"inputs":[{"dtype":"f32","shape":[1,3],"data":[1,2,3]},{"dtype":"f32","shape":[2],"data":[1,2]}]}`), jsonCT, 400, kindBadRequest},

		// Values at the edges: defined results, not errors.
		{"NaN everywhere", "POST", run("ls"), []byte(`{"inputs":[` + strings.Replace(nans(6), `"shape":[6]`, `"shape":[2,3]`, 1) + `]}`), jsonCT, 200, ""},
		{"infinities everywhere", "POST", run("ls"), []byte(`{"inputs":[{"dtype":"f32","shape":[2,2],"data":["inf","-inf","-inf","inf"]}]}`), jsonCT, 200, ""},
		{"integer division by zero", "POST", run("div"), []byte(`{"inputs":[{"dtype":"i32","shape":[2],"data":[1,-2147483648]},{"dtype":"i32","shape":[2],"data":[0,-1]}]}`), jsonCT, 200, ""},
		{"empty tensors", "POST", run("add"), []byte(`{"inputs":[{"dtype":"f32","shape":[0,3],"data":[]},{"dtype":"f32","shape":[3],"data":[1,2,3]}]}`), jsonCT, 200, ""},

		// Quotas at run time.
		{"arena_bytes", "POST", run("outer"), mustJSON(map[string]any{"inputs": []map[string]any{
			{"dtype": "f32", "shape": []int{3000, 1}, "data": make([]int, 3000)}, {"dtype": "f32", "shape": []int{1, 3000}, "data": make([]int, 3000)}}}), jsonCT, 507, limitArena},
		{"arena beyond 4 GiB", "POST", run("outer"), mustJSON(map[string]any{"inputs": []map[string]any{
			{"dtype": "f32", "shape": []int{30000, 1}, "data": make([]int, 30000)}, {"dtype": "f32", "shape": []int{1, 30000}, "data": make([]int, 30000)}}}), jsonCT, 507, limitArena},
		{"max_response_bytes", "POST", run("outer") + "?format=json", mustJSON(map[string]any{"inputs": []map[string]any{
			{"dtype": "f32", "shape": []int{300, 1}, "data": fill(300, 0.1234567)}, {"dtype": "f32", "shape": []int{1, 300}, "data": fill(300, 0.7654321)}}}), jsonCT, 413, limitResponseBytes},
		{"unknown kernel", "POST", "/v1/kernels/" + strings.Repeat("0", 64) + ":run", []byte(`{"inputs":[]}`), jsonCT, 404, kindNotFound},
		{"other tenant's kernel", "POST", "/v1/kernels/" + victim + ":run", []byte(`{"inputs":[]}`), jsonCT, 404, kindNotFound},
		{"id with odd bytes", "GET", "/v1/kernels/%00%ff..%2f", nil, nil, 404, kindNotFound},
	}
	// Gather with an index out of range, once lower supports it: the
	// engine finds it on the host (ErrArgument, 400); were it found in
	// the kernel, it would be a fault status (422 kernel_fault).
	if !supported("tf.GatherV2") {
		t.Log("tf.GatherV2 is not supported yet: no out-of-range Gather case")
	} else if r := h.do("POST", "/v1/kernels", keyOf(A), []byte(kernelGather), textCT...); r.status != http.StatusCreated {
		t.Logf("tf.GatherV2 is listed but the test kernel does not compile (%d %.200s): no out-of-range Gather case", r.status, r.body)
	} else {
		var info kernelInfo
		json.Unmarshal(r.body, &info)
		ids["gather"] = info.ID
		cases = append(cases, hostileCase{"gather index out of range", "POST", run("gather"),
			[]byte(`{"inputs":[{"dtype":"f32","shape":[3],"data":[1,2,3]},{"dtype":"i32","shape":[2],"data":[0,1000000]}]}`), jsonCT, 400, kindBadRequest})
	}

	for _, c := range cases {
		r := h.do(c.method, c.path, keyOf(A), c.body, c.hdr...)
		if r.status != c.status {
			t.Errorf("%s: status %d, want %d: %.300s", c.name, r.status, c.status, r.body)
			continue
		}
		if c.kind == "" {
			continue
		}
		e := r.errorBody(t)
		if e.Kind != c.kind {
			t.Errorf("%s: kind %q, want %q (%s)", c.name, e.Kind, c.kind, e.Error)
		}
		if isLimit := limitStatus[c.kind] != 0; isLimit && e.Limit != c.kind {
			t.Errorf("%s: limit %q, want %q", c.name, e.Limit, c.kind)
		}
	}
	t.Logf("%d hostile cases", len(cases))

	// Afterwards: healthy, the victim's and the attacker's runs work, the
	// attacker's arena is empty again.
	if r := h.do("GET", "/healthz", "", nil); r.status != 200 {
		t.Errorf("healthz: %d", r.status)
	}
	o := decodeOutputs(t, h.runJSON(1, victim, `{"dtype":"f32","shape":[3],"data":[-2,3,-4]}`))
	if dataString(o, 1) != "2 3 4" {
		t.Errorf("victim: %s", dataString(o, 0))
	}
	decodeOutputs(t, h.runJSON(A, ids["neg"], `{"dtype":"f32","shape":[1],"data":[1]}`))
	if a := h.srv.tenants[A].rt.ArenaStats(); a.InUse != 0 {
		t.Errorf("attacker's arena holds %d bytes after the barrage", a.InUse)
	}
}

// TestHostileTimeAndConcurrency covers the quotas that need time or
// concurrency: run deadline, compile budget, concurrent runs and
// compilations, and the request rate.
func TestHostileTimeAndConcurrency(t *testing.T) {
	h := newHarness(t, 3, func(c *Config) {
		q := hostileQuotas()
		q.MaxElements, q.MaxTensorBytes, q.ArenaBytes = 1<<22, 16<<20, 64<<20
		q.MaxRequestBytes = 32 << 20
		q.RunTimeout, q.CompileTimeout = Duration(20*time.Millisecond), Duration(300*time.Millisecond)
		q.MaxConcurrentRuns, q.MaxConcurrentCompiles, q.MaxOps = 1, 1, 5000
		q.MaxSourceBytes = 1 << 20
		c.Tenants[0].Quotas = q
		c.Tenants[2].Quotas = Quotas{RatePerSecond: 0.001, Burst: 3}
	})
	chain := h.submit(0, chainKernel(40))

	// Run deadline: a long chain over 4M elements is cancelled between
	// chunks; the tenant's arena is released.
	big := npyBytes(t, mustTensor(t, []int{1 << 22}, make([]float32, 1<<22)))
	start := time.Now()
	r := h.do("POST", "/v1/kernels/"+chain+":run", keyOf(0), big, "Content-Type", "application/x-npy")
	if r.status != http.StatusGatewayTimeout || r.errorBody(t).Limit != limitRunTimeout {
		t.Errorf("run deadline: %d %s", r.status, r.body)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a run with a 20ms deadline took %v to answer", d)
	}
	if a := h.srv.tenants[0].rt.ArenaStats(); a.InUse != 0 {
		t.Errorf("arena holds %d bytes after a cancelled run", a.InUse)
	}

	// A While loop of 2^31-1 trips is cut by the same deadline, once
	// lower supports it.
	if r := h.do("POST", "/v1/kernels", keyOf(0), []byte(kernelSpin), "Content-Type", "text/plain"); r.status != http.StatusCreated {
		t.Logf("tf.WhileRegion kernel does not compile (%d %.200s): no huge-trip-count case", r.status, r.body)
	} else {
		var info kernelInfo
		json.Unmarshal(r.body, &info)
		start := time.Now()
		r := h.runJSON(0, info.ID, `{"dtype":"i32","shape":[],"data":2147483647}`)
		if r.status != http.StatusGatewayTimeout || r.errorBody(t).Limit != limitRunTimeout || time.Since(start) > 2*time.Second {
			t.Errorf("While of 2^31 trips: %d after %v: %s", r.status, time.Since(start), r.body)
		}
		o := decodeOutputs(t, h.runJSON(0, info.ID, `{"dtype":"i32","shape":[],"data":3}`))
		if dataString(o, 0) != "3" {
			t.Errorf("While of 3 trips: %s", dataString(o, 0))
		}
	}

	// Compile budget: 2500 math ops, each a result of its own (so 2500
	// nests, nothing fused), take seconds, far longer than 300 ms. The
	// compilation holds the tenant's one compile slot until it has
	// stopped (cancelled at the budget), so another submission meanwhile
	// is 429.
	slowCompile := make(chan *response, 1)
	go func() {
		slowCompile <- h.do("POST", "/v1/kernels", keyOf(0), []byte(resultsKernel(2500)), "Content-Type", "text/plain")
	}()
	h.waitMetric(`sandjit_compiles_in_flight{tenant="t00"} 1`)
	r = h.do("POST", "/v1/kernels", keyOf(0), []byte(kernelTwoOut), "Content-Type", "text/plain")
	if r.status != http.StatusTooManyRequests || r.errorBody(t).Limit != limitCompiles || r.header.Get("Retry-After") == "" {
		t.Errorf("compile while one is in flight: %d %s", r.status, r.body)
	}
	r = <-slowCompile
	if r.status != http.StatusGatewayTimeout || r.errorBody(t).Limit != limitCompileTime {
		t.Errorf("compile budget: %d %s", r.status, r.body)
	}

	// Concurrent runs: a run whose body is still arriving holds the
	// tenant's one slot.
	pr, pw := io.Pipe()
	var wg sync.WaitGroup
	wg.Add(1)
	var slow *http.Response
	go func() {
		defer wg.Done()
		req, _ := http.NewRequest("POST", h.hs.URL+"/v1/kernels/"+chain+":run", pr)
		req.Header.Set("Authorization", "Bearer "+keyOf(0))
		req.Header.Set("Content-Type", "application/x-npy")
		resp, err := h.hs.Client().Do(req)
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			slow = resp
		}
	}()
	small := npyBytes(t, mustTensor(t, []int{4}, []float32{1, 2, 3, 4}))
	pw.Write(small[:20])
	h.waitMetric(`sandjit_runs_in_flight{tenant="t00"} 1`)
	r = h.do("POST", "/v1/kernels/"+chain+":run", keyOf(0), small, "Content-Type", "application/x-npy")
	if r.status != http.StatusTooManyRequests || r.errorBody(t).Limit != limitRuns {
		t.Errorf("run while one is in flight: %d %s", r.status, r.body)
	}
	// Other tenants are not affected meanwhile.
	other := h.submit(1, kernelNeg)
	decodeOutputs(t, h.runJSON(1, other, `{"dtype":"f32","shape":[1],"data":[1]}`))
	pw.Write(small[20:])
	pw.Close()
	wg.Wait()
	if slow == nil || slow.StatusCode != 200 {
		t.Errorf("the slow run did not succeed: %v", slow)
	}

	// Rate: a burst of 3, then 429 until the bucket refills (1000 s).
	for i := range 4 {
		r := h.do("GET", "/v1/ops", keyOf(2), nil)
		if want := map[bool]int{true: 200, false: 429}[i < 3]; r.status != want {
			t.Errorf("request %d: %d, want %d", i, r.status, want)
		}
		if i == 3 && r.errorBody(t).Limit != limitRate {
			t.Errorf("rate: %s", r.body)
		}
	}
	if r := h.do("GET", "/healthz", "", nil); r.status != 200 {
		t.Errorf("healthz: %d", r.status)
	}
}

// TestParseLimitWording: the parser's diagnostics for its limits carry
// the limit (engine.Error's Limit), which the server maps to 413 (see
// parseLimits), whatever their wording.
func TestParseLimitWording(t *testing.T) {
	q := hostileQuotas()
	q.MaxSourceBytes = 512 << 10
	h := newHarness(t, 1, func(c *Config) { c.Tenants[0].Quotas = q })
	big := "func.func @f() -> tensor<200000xf32> {\n  %0 = \"tf.Const\"() {value = dense<[" + strings.Repeat("1,", 40000) +
		"1.0]> : tensor<200000xf32>} : () -> tensor<200000xf32>\n  func.return %0 : tensor<200000xf32>\n}\n"
	for src, limit := range map[string]string{
		manyOps(600):      limitOps,
		nestedKernel(100): limitDepth,
		big:               limitElements,
		identityKernel("tensor<" + strings.Repeat("1x", 20) + "f32>"): limitRank,
		identityKernel("tensor<99999999999999xf32>"):                  limitElements,
	} {
		r := h.do("POST", "/v1/kernels", keyOf(0), []byte(src), "Content-Type", "text/plain")
		if e := r.errorBody(t); r.status != 413 || e.Limit != limit {
			t.Errorf("want 413 %s, got %d %s", limit, r.status, r.body)
		}
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func fill(n int, v float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v * float64(i+1)
	}
	return out
}

// npzMany is an .npz of n tiny entries.
func npzMany(t testing.TB, n int) []byte {
	var files []any
	for i := range n {
		files = append(files, fmt.Sprintf("arg%d.npy", i), []byte{})
	}
	return npzBytes(t, false, files...)
}

// zip64End is an end-of-central-directory record that defers to zip64.
func zip64End() []byte {
	b := make([]byte, 22)
	copy(b, "PK\x05\x06")
	binary.LittleEndian.PutUint16(b[10:], 0xffff)
	return b
}

// corruptCRC flips the stored CRC of the first entry (both headers).
func corruptCRC(t testing.TB, z []byte) []byte {
	z = bytes.Clone(z)
	z[14] ^= 0xff
	if i := bytes.Index(z, []byte("PK\x01\x02")); i >= 0 {
		z[i+16] ^= 0xff
	}
	return z
}

var mpBoundary = "hostileboundary0123456789"

func mpBody(t testing.TB, parts ...[]byte) []byte {
	var b bytes.Buffer
	for i, p := range parts {
		fmt.Fprintf(&b, "--%s\r\nContent-Disposition: form-data; name=\"arg%d\"; filename=\"arg%d.npy\"\r\n\r\n", mpBoundary, i, i)
		b.Write(p)
		b.WriteString("\r\n")
	}
	fmt.Fprintf(&b, "--%s--\r\n", mpBoundary)
	return b.Bytes()
}

func mpCT() []string { return []string{"Content-Type", "multipart/form-data; boundary=" + mpBoundary} }

// TestComputedShapeOverQuota: a shape computed from an argument's value (a
// value-specialized tf.Fill) is held to max_rank (8 by default, the ABI's
// 16 beyond) and max_elements: 413 naming the limit, never a 500.
func TestComputedShapeOverQuota(t *testing.T) {
	h := newHarness(t, 1, nil)
	id := h.submit(0, `func.func @f(%s: tensor<?xi32> {jitrt.constraint = "value"}, %v: tensor<f32>) -> tensor<*xf32> {
  %0 = "tf.Fill"(%s, %v) : (tensor<?xi32>, tensor<f32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
`)
	ones := func(n int) string { return strings.TrimSuffix(strings.Repeat("1,", n), ",") }
	for _, c := range []struct {
		shape, limit string
		n            int
	}{
		{ones(9), limitRank, 9},
		{ones(17), "", 17}, // the ABI's 16: the checker's own 422, or max_rank
		{"4096,4096", limitElements, 2},
	} {
		r := h.runJSON(0, id, fmt.Sprintf(`{"dtype":"i32","shape":[%d],"data":[%s]}`, c.n, c.shape), `{"dtype":"f32","shape":[],"data":2}`)
		if c.limit == "" {
			if r.status != http.StatusRequestEntityTooLarge && r.status != http.StatusUnprocessableEntity {
				t.Errorf("Fill to [%s]: %d %s", c.shape, r.status, r.body)
			}
			continue
		}
		if r.status != http.StatusRequestEntityTooLarge || r.errorBody(t).Limit != c.limit {
			t.Errorf("Fill to [%s]: %d %s", c.shape, r.status, r.body)
		}
	}
	if r := h.runJSON(0, id, `{"dtype":"i32","shape":[8],"data":[`+ones(8)+`]}`, `{"dtype":"f32","shape":[],"data":2}`); r.status != http.StatusOK {
		t.Errorf("Fill to rank 8: %d %s", r.status, r.body)
	}
}
