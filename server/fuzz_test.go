package server

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sandjit/sandjit/memref"
)

// fuzzSmoke runs every fuzz target for this -fuzztime (go test ./server
// -fuzzsmoke=3000x); off by default, so that go test stays fast. Prefer a
// count ("3000x") to a duration: with a duration, Go 1.26's fuzz
// coordinator can report its own deadline as a failure
// ("context deadline exceeded", go.dev/issue/75804, fixed in Go 1.27).
var fuzzSmoke = flag.String("fuzzsmoke", "", "run each fuzz target with this -fuzztime, e.g. 3000x (a smoke test of the fuzzers)")

// The fuzz targets, for the smoke test.
var fuzzTargets = []string{"FuzzDecodeNPY", "FuzzDecodeNPZ", "FuzzDecodeJSON", "FuzzDecodeMultipart", "FuzzHandler", "FuzzDecodeOIP"}

// TestFuzzSmoke runs each target briefly with the real fuzzing engine.
func TestFuzzSmoke(t *testing.T) {
	if *fuzzSmoke == "" || testing.Short() {
		t.Skip("fuzz smoke is off; run go test ./server -run FuzzSmoke -fuzzsmoke=3000x")
	}
	for _, target := range fuzzTargets {
		t.Run(target, func(t *testing.T) {
			cmd := exec.Command("go", "test", "-run", "^$", "-fuzz", "^"+target+"$", "-fuzztime", *fuzzSmoke, ".")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			t.Logf("%s", lastLines(string(out), 3))
		})
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// fuzzBudget is the budget the decoder targets give: what they decode
// must fit it.
const fuzzBudgetBytes = 1 << 20

func fuzzBudget() *budget {
	return &budget{bytes: fuzzBudgetBytes, maxBytes: fuzzBudgetBytes, maxRank: 8, maxElements: 1 << 18}
}

// checkDecoded holds a decoder's outcome to its contract: an *apiError
// of 400 or 413 on failure; on success valid tensors whose data, all
// together, fit the budget.
func checkDecoded(t *testing.T, ts []*memref.Tensor, err error) {
	if err != nil {
		var ae *apiError
		if !errors.As(err, &ae) || (ae.status != http.StatusBadRequest && ae.status != http.StatusRequestEntityTooLarge) {
			t.Fatalf("error is not a 400 or 413 answer: %T %v", err, err)
		}
		return
	}
	total := 0
	for _, x := range ts {
		if x == nil {
			t.Fatalf("nil tensor without an error")
		}
		if err := x.Validate(); err != nil {
			t.Fatalf("invalid tensor: %v", err)
		}
		total += len(x.Data)
	}
	if total > fuzzBudgetBytes {
		t.Fatalf("decoded %d bytes, over the budget of %d", total, fuzzBudgetBytes)
	}
}

// npySeeds are .npy files from memref's testdata and a few made here.
func npySeeds(f *testing.F) [][]byte {
	var seeds [][]byte
	paths, _ := filepath.Glob(filepath.Join("..", "memref", "testdata", "*.npy"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil && len(b) < 1<<16 {
			seeds = append(seeds, b)
		}
	}
	seeds = append(seeds,
		npyBytes(f, mustTensor(f, []int{2, 3}, []float32{1, 2, 3, 4, 5, 6})),
		npyBytes(f, mustTensor(f, []int{3}, []int64{-1, 0, 1})),
		npyBytes(f, mustTensor(f, []int{}, []bool{true})),
		rawNPY("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", nil),
		rawNPY("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967295, 4294967295), }", nil),
	)
	return seeds
}

func FuzzDecodeNPY(f *testing.F) {
	for _, s := range npySeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := decodeNPY(bytes.NewReader(data), fuzzBudget(), "fuzz")
		checkDecoded(t, []*memref.Tensor{x}, err)
	})
}

func FuzzDecodeNPZ(f *testing.F) {
	seeds := npySeeds(f)
	for _, s := range seeds {
		f.Add(npzBytes(f, false, "arg0.npy", s))
	}
	f.Add(npzBytes(f, true, "arr_1.npy", seeds[0], "arr_0.npy", seeds[1]))
	f.Add(deflateBomb(f, "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", 1<<16))
	f.Add(zip64End())
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := decodeNPZ(data, 2, fuzzBudget())
		checkDecoded(t, ts, err)
	})
}

func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{
		`{"inputs":[{"dtype":"f32","shape":[2,3],"data":[1,2,3,4,"nan","-inf"]}]}`,
		`{"inputs":[{"dtype":"i64","shape":[2],"data":[-9223372036854775808,"18"]},{"dtype":"i1","shape":[],"data":true}]}`,
		`{"inputs":[{"dtype":"ui64","shape":[1,1],"data":[[18446744073709551615]]}]}`,
		`{"inputs":[{"dtype":"f16","shape":[0,4294967295],"data":[]}]}`,
		`{"inputs":[{"dtype":"f32","shape":[4294967295,4294967295],"data":[]}]}`,
		`{"inputs":[]}`,
		`{"inputs":[{"dtype":"c64","shape":[2],"data":[[1,2],["nan",-0]]}]}`,
		`{"inputs":[{"dtype":"complex<f64>","shape":[],"data":[1e308,"-inf"]}]}`,
		`{"inputs":[{"dtype":"bf16","shape":[3],"data":[1,1.00390625,"inf"]}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := decodeJSON(data, 3, fuzzBudget())
		checkDecoded(t, ts, err)
	})
}

func FuzzDecodeMultipart(f *testing.F) {
	for _, s := range npySeeds(f)[:4] {
		body, ct := multipartBody(f, s, s)
		f.Add(body, ct[strings.Index(ct, "boundary=")+len("boundary="):])
	}
	f.Add(mpBody(f, []byte("\x93NUMPY")), mpBoundary)
	f.Fuzz(func(t *testing.T, data []byte, boundary string) {
		ts, err := decodeMultipart(bytes.NewReader(data), boundary, 2, fuzzBudget())
		checkDecoded(t, ts, err)
	})
}

// fuzzServer is one server per fuzzing process, with kernels loaded.
var fuzzServer = sync.OnceValues(func() (*fuzzEnv, error) {
	cfg := testConfig(2, func(c *Config) {
		q := hostileQuotas()
		q.RunTimeout, q.CompileTimeout = Duration(time.Second), Duration(2*time.Second)
		q.MaxKernels = 1 << 10
		c.Tenants[0].Quotas = q
	})
	srv, err := New(context.Background(), cfg)
	if err != nil {
		return nil, err
	}
	env := &fuzzEnv{srv: srv, ids: map[string]string{}}
	for name, src := range map[string]string{"neg": kernelNeg, "add": kernelAdd, "two": kernelTwoOut, "div": kernelIntDiv, "i64": kernelI64, "shape": kernelShape} {
		r := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/v1/kernels", strings.NewReader(src))
		req.Header.Set("Authorization", "Bearer "+keyOf(0))
		srv.Handler().ServeHTTP(r, req)
		if r.Code != http.StatusCreated {
			return nil, fmt.Errorf("seed kernel %s: %d %s", name, r.Code, r.Body)
		}
		id := r.Body.String()
		id = id[strings.Index(id, `"id":"`)+6:]
		env.ids[name] = id[:64]
	}
	return env, nil
})

type fuzzEnv struct {
	srv *Server
	ids map[string]string
}

// fuzzPaths are the paths FuzzHandler picks from by index; the fuzzed
// suffix is appended.
var fuzzPaths = []string{"/v1/kernels", "/v1/kernels/", "/v1/ops", "/healthz", "/readyz", "/metrics", "/", "/v1/kernels/{neg}",
	"/v1/kernels/{neg}:run", "/v1/kernels/{add}:run", "/v1/kernels/{two}:run", "/v1/kernels/{div}:run", "/v1/kernels/{i64}:run", "/v1/kernels/{shape}:run",
	"/v2", "/v2/health/ready", "/v2/models/{add}", "/v2/models/{two}/ready", "/v2/models/{neg}/infer", "/v2/models/{two}/infer",
	"/v2/models/{add}/versions/1/infer"}

var fuzzMethods = []string{"GET", "POST", "DELETE", "PUT", "HEAD", "OPTIONS"}

var fuzzTypes = []string{"", "application/json", "application/x-npy", "application/x-npz", "multipart/form-data; boundary=" + mpBoundary,
	"text/plain", "multipart/form-data", "application/json; charset=utf-8"}

// FuzzHandler sends random requests to an in-process server: no panic
// (a recovered one would be a 500), no 500 or 503, and every answer
// complete: its Content-Length matches, and errors are one line of JSON.
func FuzzHandler(f *testing.F) {
	f.Add(uint8(1), uint8(0), "", uint8(7), "", "", []byte(kernelNeg))
	f.Add(uint8(1), uint8(8), "", uint8(1), "", "", []byte(`{"inputs":[{"dtype":"f32","shape":[2],"data":[1,"nan"]}]}`))
	f.Add(uint8(1), uint8(9), "?format=npz", uint8(1), "application/x-npy", "", []byte(`{"inputs":[{"dtype":"f32","shape":[1,3],"data":[1,2,3]},{"dtype":"f32","shape":[3],"data":[1,2,3]}]}`))
	f.Add(uint8(1), uint8(10), "", uint8(2), "*/*", "", npyBytes(f, mustTensor(f, []int{2}, []float32{1, 2})))
	f.Add(uint8(1), uint8(9), "", uint8(3), "", "", npzBytes(f, false, "arg0.npy", npyBytes(f, mustTensor(f, []int{2, 3}, make([]float32, 6))), "arg1.npy", npyBytes(f, mustTensor(f, []int{3}, make([]float32, 3)))))
	f.Add(uint8(1), uint8(8), "", uint8(4), "", "", mpBody(f, npyBytes(f, mustTensor(f, []int{2}, []float32{1, 2}))))
	f.Add(uint8(0), uint8(0), "", uint8(0), "", "", []byte{})
	f.Add(uint8(2), uint8(7), "", uint8(0), "", "x", []byte{})
	f.Add(uint8(1), uint8(0), "?entry=neg&specialize=always", uint8(5), "", "", []byte(kernelNeg))
	// Run-time shapes: -1, a rank of 0, more dims than the ABI's 16, a
	// Fill of 2^62 elements, negative dims, a long shape operand.
	for _, in := range []string{`[6],"data":[1,2,3,4,5,6]},{"dtype":"i64","shape":[3],"data":[3,-1,1]},{"dtype":"i32","shape":[2],"data":[2,3]}`,
		`[1],"data":[1]},{"dtype":"i64","shape":[0],"data":[]},{"dtype":"i32","shape":[2],"data":[0,0]}`,
		`[1],"data":[1]},{"dtype":"i64","shape":[17],"data":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]},{"dtype":"i32","shape":[2],"data":[1,1]}`,
		`[2],"data":[1,2]},{"dtype":"i64","shape":[2],"data":[-1,-1]},{"dtype":"i32","shape":[2],"data":[2147483647,2147483647]}`,
		`[2],"data":[1,2]},{"dtype":"i64","shape":[1],"data":[2]},{"dtype":"i32","shape":[2],"data":[-3,4]}`,
		`[2],"data":[1,2]},{"dtype":"i64","shape":[40],"data":[` + strings.Repeat("1,", 39) + `1]},{"dtype":"i32","shape":[2],"data":[1,1]}`,
	} {
		f.Add(uint8(1), uint8(13), "", uint8(1), "", "", []byte(`{"inputs":[{"dtype":"f32","shape":`+in+`]}`))
	}
	f.Add(uint8(1), uint8(18), "", uint8(1), "", "", []byte(`{"id":"1","inputs":[{"name":"input0","shape":[2],"datatype":"FP32","data":[1,"nan"]}]}`))
	f.Add(uint8(1), uint8(19), "", uint8(0), "", "", []byte(`{"inputs":[{"name":"input0","shape":[1],"datatype":"FP32","data":[-1]}],"outputs":[{"name":"output1"}]}`))
	f.Add(uint8(0), uint8(16), "", uint8(0), "", "", []byte{})
	f.Fuzz(func(t *testing.T, method, pathIdx uint8, suffix string, ctIdx uint8, accept, key string, body []byte) {
		env, err := fuzzServer()
		if err != nil {
			t.Fatal(err)
		}
		path := fuzzPaths[int(pathIdx)%len(fuzzPaths)]
		for name, id := range env.ids {
			path = strings.ReplaceAll(path, "{"+name+"}", id)
		}
		target := path + suffix
		if !strings.HasPrefix(target, "/") || strings.ContainsAny(target, " \r\n\t\x00#") {
			target = path
		}
		if _, err := http.NewRequest("GET", "http://x"+target, nil); err != nil {
			target = path
		}
		req := httptest.NewRequest(fuzzMethods[int(method)%len(fuzzMethods)], target, bytes.NewReader(body))
		if ct := fuzzTypes[int(ctIdx)%len(fuzzTypes)]; ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		switch key {
		case "":
			req.Header.Set("Authorization", "Bearer "+keyOf(0))
		case "x":
		default:
			req.Header.Set("Authorization", key)
		}
		rec := httptest.NewRecorder()
		env.srv.Handler().ServeHTTP(rec, req)
		res := rec.Result()
		if res.StatusCode >= 500 && res.StatusCode != http.StatusGatewayTimeout && res.StatusCode != http.StatusInsufficientStorage {
			t.Fatalf("%s %s: %d %s", req.Method, target, res.StatusCode, rec.Body)
		}
		if res.StatusCode >= 300 && res.StatusCode < 400 {
			// ServeMux's redirect of an unclean path (/v1/kernels/. →
			// /v1/kernels): not our answer, and it carries no body.
			if loc := res.Header.Get("Location"); loc == "" || (res.StatusCode != http.StatusMovedPermanently &&
				res.StatusCode != http.StatusTemporaryRedirect && res.StatusCode != http.StatusPermanentRedirect) {
				t.Fatalf("%s %s: %d to %q", req.Method, target, res.StatusCode, loc)
			}
			return
		}
		if n, err := strconv.Atoi(res.Header.Get("Content-Length")); path != "/metrics" && (err != nil || n != rec.Body.Len()) {
			t.Fatalf("Content-Length %q for a body of %d bytes", res.Header.Get("Content-Length"), rec.Body.Len())
		}
		if res.StatusCode >= 400 && req.Method != "HEAD" {
			b := rec.Body.Bytes()
			if !bytes.HasPrefix(b, []byte(`{"error":`)) || bytes.IndexByte(b, '\n') != len(b)-1 {
				t.Fatalf("error body is not one line of JSON: %q", b)
			}
		}
	})
}
