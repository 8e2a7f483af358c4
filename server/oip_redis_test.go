package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sandjit/sandjit/internal/redistest"
)

// TestRedisOIP runs the /v2 and kernel-name tests on a server whose state
// is in Redis (each under its own key prefix), as they run on the
// in-process state in their own Test functions.
func TestRedisOIP(t *testing.T) {
	rs := redistest.Start(t)
	tests := []struct {
		name string
		f    func(*testing.T, harnessFunc)
	}{
		{"HealthAndServerMetadata", testOIPHealthAndServerMetadata},
		{"SpecExample", testOIPSpecExample},
		{"Metadata", testOIPMetadata},
		{"KernelNames", testKernelNames},
		{"CrossTenant", testOIPCrossTenant},
		{"Datatypes", testOIPDatatypes},
		{"BadRequests", testOIPBadRequests},
		{"Quotas", testOIPQuotas},
		{"Readme", testReadmeOIP},
		{"KernelNameRace", testKernelNameRace},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prefix := fmt.Sprintf("oip%d:", i)
			tc.f(t, func(t testing.TB, n int, edit func(*Config)) *harness {
				return newHarness(t, n, func(c *Config) {
					c.Redis = &RedisConfig{Addr: rs.Addr, KeyPrefix: prefix}
					if edit != nil {
						edit(c)
					}
				})
			})
			// The test ran on Redis: its tenant's records are there.
			rdb := redis.NewClient(&redis.Options{Addr: rs.Addr})
			defer rdb.Close()
			if tc.name != "HealthAndServerMetadata" {
				if n, err := rdb.Exists(t.Context(), prefix+"{t00}:kernels").Result(); err != nil || n != 1 {
					t.Errorf("no kernel records under %s in Redis: %d %v", prefix, n, err)
				}
			}
		})
	}
}

// TestRedisOIPNames: a kernel name is one name across the cluster. Taken on
// replica A, it is a 409 on B (for another kernel, and as a rename of the
// kernel), B's resubmission without a name keeps it, B lists it and serves
// /v2 by it (compiling there on first use); a DELETE on B frees it for A.
// The other tenant neither sees it nor is blocked from it.
func TestRedisOIPNames(t *testing.T) {
	rs := redistest.Start(t)
	hs := replicas(t, rs, 2, nil)
	a, b := hs[0], hs[1]
	r := a.submitNamed(0, "shared", kernelNeg)
	var info kernelInfo
	if err := json.Unmarshal(r.body, &info); err != nil || r.status != http.StatusCreated || info.Name != "shared" {
		t.Fatalf("named submit on A: %d %s", r.status, r.body)
	}
	e := oipError(t, b.submitNamed(0, "shared", kernelAbs), http.StatusConflict)
	if e.Kind != kindConflict || !strings.Contains(e.Error, info.ID) {
		t.Errorf("the name taken on A, on B: %+v", e)
	}
	if e := oipError(t, b.submitNamed(0, "renamed", kernelNeg), http.StatusConflict); !strings.Contains(e.Error, `already named "shared"`) {
		t.Errorf("a rename on B: %+v", e)
	}
	if r := b.do("POST", "/v1/kernels", keyOf(0), []byte(kernelNeg), "Content-Type", "text/plain"); r.status != http.StatusOK ||
		!strings.Contains(string(r.body), `"name":"shared"`) {
		t.Errorf("resubmit without a name on B: %d %s", r.status, r.body)
	}
	for _, path := range []string{"/v1/kernels/" + info.ID, "/v1/kernels"} {
		if r := b.do("GET", path, keyOf(0), nil); r.status != 200 || !strings.Contains(string(r.body), `"name":"shared"`) {
			t.Errorf("GET %s on B: %d %s", path, r.status, r.body)
		}
	}
	infer := func(h *harness, tenant int, name string, x float64) *response {
		return h.do("POST", "/v2/models/"+name+"/infer", keyOf(tenant),
			[]byte(fmt.Sprintf(`{"inputs":[{"name":"input0","shape":[1],"datatype":"FP32","data":[%g]}]}`, x)))
	}
	o, _ := decodeOIP(t, infer(b, 0, "shared", 2))
	if len(o.Outputs) != 1 || rawJoin(o.Outputs[0].Data) != "-2" || o.ModelName != "shared" {
		t.Errorf("infer by name on B: %+v", o)
	}
	if r := b.do("GET", "/v2/models/shared/ready", keyOf(0), nil); r.status != 200 {
		t.Errorf("ready on B: %d %s", r.status, r.body)
	}
	// Names are per tenant, on every replica.
	oipError(t, infer(b, 1, "shared", 2), http.StatusNotFound)
	if r := b.submitNamed(1, "shared", kernelAbs); r.status != http.StatusCreated {
		t.Errorf("t01 names its own kernel shared: %d %s", r.status, r.body)
	}
	// DELETE on B frees the name everywhere.
	if r := b.do("DELETE", "/v1/kernels/"+info.ID, keyOf(0), nil); r.status != 200 {
		t.Fatalf("delete on B: %d %s", r.status, r.body)
	}
	oipError(t, infer(a, 0, "shared", 2), http.StatusNotFound)
	oipError(t, a.do("GET", "/v2/models/shared", keyOf(0), nil), http.StatusNotFound)
	if r := a.submitNamed(0, "shared", kernelAbs); r.status != http.StatusCreated {
		t.Fatalf("the name after a DELETE on B, on A: %d %s", r.status, r.body)
	}
	if o, _ := decodeOIP(t, infer(b, 0, "shared", -3)); len(o.Outputs) != 1 || rawJoin(o.Outputs[0].Data) != "3" {
		t.Errorf("the new kernel named shared, on B: %+v", o)
	}
	if o, _ := decodeOIP(t, infer(b, 1, "shared", -4)); len(o.Outputs) != 1 || rawJoin(o.Outputs[0].Data) != "4" {
		t.Errorf("t01's own shared: %+v", o)
	}
}

// slowInfer starts a /v2 infer of the spin kernel that holds its run slot
// until run_timeout; it sends its status on the channel.
func slowInfer(h *harness, tenant int, name string, out chan<- int) {
	go func() {
		req, _ := http.NewRequest("POST", h.hs.URL+"/v2/models/"+name+"/infer",
			strings.NewReader(`{"inputs":[{"name":"input0","shape":[],"datatype":"INT32","data":[2147483647]}]}`))
		req.Header.Set("Authorization", "Bearer "+keyOf(tenant))
		resp, err := h.hs.Client().Do(req)
		if err != nil {
			out <- 0
			return
		}
		resp.Body.Close()
		out <- resp.StatusCode
	}()
}

// TestRedisOIPQuotas: /v2 infer takes its run slot from the cluster-wide
// quota /v1 uses: with 2 runs allowed, a slow /v2 infer on A and a slow /v1
// run on B leave no slot for a third on either replica and either
// protocol, and the other tenant is unaffected.
func TestRedisOIPQuotas(t *testing.T) {
	rs := redistest.Start(t)
	hs := replicas(t, rs, 2, func(c *Config) {
		c.Tenants[0].Quotas.MaxConcurrentRuns = 2
		c.Tenants[0].Quotas.RunTimeout = Duration(1500 * time.Millisecond)
	})
	a, b := hs[0], hs[1]
	rdb := redis.NewClient(&redis.Options{Addr: rs.Addr})
	defer rdb.Close()
	if r := a.submitNamed(0, "spin", kernelSpin); r.status != http.StatusCreated {
		t.Fatalf("submit: %d %s", r.status, r.body)
	}
	id := b.submit(0, kernelSpin) // the same kernel, by id
	b.submitNamed(1, "spin", kernelSpin)
	done := make(chan int, 2)
	slowInfer(a, 0, "spin", done)
	waitLeases(t, rdb, tenantName(0), 1) // the /v2 run holds a lease in Redis
	slowRun(b, 0, id, done)
	waitLeases(t, rdb, tenantName(0), 2)
	quick := `{"inputs":[{"name":"input0","shape":[],"datatype":"INT32","data":[1]}]}`
	for _, h := range hs {
		if e := oipError(t, h.do("POST", "/v2/models/spin/infer", keyOf(0), []byte(quick)), http.StatusTooManyRequests); e.Limit != limitRuns {
			t.Errorf("third run by /v2: %+v", e)
		}
		r := h.do("POST", "/v1/kernels/"+id+":run", keyOf(0), []byte(`{"inputs":[{"dtype":"i32","shape":[],"data":1}]}`), "Content-Type", "application/json")
		if r.status != http.StatusTooManyRequests || r.errorBody(t).Limit != limitRuns {
			t.Errorf("third run by /v1: %d %s", r.status, r.body)
		}
		if o, _ := decodeOIP(t, h.do("POST", "/v2/models/spin/infer", keyOf(1), []byte(quick))); len(o.Outputs) != 1 || rawJoin(o.Outputs[0].Data) != "1" {
			t.Errorf("t01 during t00's runs: %+v", o)
		}
	}
	for range 2 {
		if st := <-done; st != http.StatusGatewayTimeout {
			t.Errorf("slow run: %d", st)
		}
	}
	waitLeases(t, rdb, tenantName(0), 0)
	if o, _ := decodeOIP(t, b.do("POST", "/v2/models/spin/infer", keyOf(0), []byte(quick))); len(o.Outputs) != 1 || rawJoin(o.Outputs[0].Data) != "1" {
		t.Errorf("after the slots freed: %+v", o)
	}
}
