package server

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sandjit/sandjit/internal/redistest"
)

// replicas are n servers (harnesses) sharing one Redis, as replicas behind
// a load balancer would; tenant t00's quotas are set by edit.
func replicas(t *testing.T, rs *redistest.Server, n int, edit func(*Config)) []*harness {
	t.Helper()
	var hs []*harness
	for range n {
		hs = append(hs, newHarness(t, 2, func(c *Config) {
			c.Redis = &RedisConfig{Addr: rs.Addr, KeyPrefix: "test:", LeaseTTL: Duration(time.Second), Timeout: Duration(300 * time.Millisecond)}
			if edit != nil {
				edit(c)
			}
		}))
	}
	return hs
}

// TestRedisSharedKernels: a kernel submitted on A runs on B (compiled
// there on first use), is listed on both, counts toward max_kernels on
// both, and its DELETE on B is seen by A. Another tenant sees none of it.
func TestRedisSharedKernels(t *testing.T) {
	rs := redistest.Start(t)
	hs := replicas(t, rs, 2, func(c *Config) {
		c.Tenants[0].Quotas.MaxKernels = 2
		c.Tenants[0].Quotas.MaxConcurrentCompiles = 1
	})
	a, b := hs[0], hs[1]
	id := a.submit(0, kernelAdd)
	x := `{"dtype":"f32","shape":[1,3],"data":[1,2,3]}`
	y := `{"dtype":"f32","shape":[3],"data":[10,20,30]}`
	// Six first runs on B at once: B compiles the kernel once, within the
	// tenant's one compile slot, and every run gets its answer.
	var wg sync.WaitGroup
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := b.runJSON(0, id, x, y)
			if r.status != 200 {
				t.Errorf("first runs on B: %d %s", r.status, r.body)
				return
			}
			if o := decodeOutputs(t, r); dataString(o, 0) != "11 22 33" {
				t.Errorf("run on B: %s", dataString(o, 0))
			}
		}()
	}
	wg.Wait()
	b.waitMetric(`sandjit_compiles_total{result="ok",tenant="t00"} 1`)
	if o := decodeOutputs(t, b.runJSON(0, id, x, y)); dataString(o, 0) != "11 22 33" {
		t.Errorf("second run on B: %s", dataString(o, 0))
	}
	if r := b.do("GET", "/v1/kernels/"+id, keyOf(0), nil); r.status != 200 || !strings.Contains(string(r.body), `"args":["tensor<?x3xf32>","tensor<3xf32>"]`) {
		t.Errorf("GET on B: %d %s", r.status, r.body)
	}
	if r := b.do("GET", "/v1/kernels", keyOf(0), nil); r.status != 200 || strings.Count(string(r.body), `"id"`) != 1 || strings.Contains(string(r.body), "source") {
		t.Errorf("list on B: %d %s", r.status, r.body)
	}
	// Resubmitting on B is the same kernel (200, not 201).
	if r := b.do("POST", "/v1/kernels", keyOf(0), []byte(kernelAdd), "Content-Type", "text/plain"); r.status != http.StatusOK {
		t.Errorf("resubmit on B: %d %s", r.status, r.body)
	}
	// max_kernels (2) counts across replicas.
	b.submit(0, kernelNeg)
	if r := a.do("POST", "/v1/kernels", keyOf(0), []byte(kernelTwoOut), "Content-Type", "text/plain"); r.status != http.StatusInsufficientStorage ||
		r.errorBody(t).Limit != limitKernels {
		t.Errorf("third kernel on A: %d %s", r.status, r.body)
	}
	// The other tenant sees nothing.
	if r := b.runJSON(1, id, x, y); r.status != http.StatusNotFound {
		t.Errorf("t01 runs t00's kernel: %d %s", r.status, r.body)
	}
	if r := a.do("GET", "/v1/kernels", keyOf(1), nil); string(r.body) != `{"kernels":[]}`+"\n" {
		t.Errorf("t01's list: %s", r.body)
	}
	// DELETE on B is seen by A, which had compiled the kernel itself.
	if r := b.do("DELETE", "/v1/kernels/"+id, keyOf(0), nil); r.status != 200 {
		t.Fatalf("delete on B: %d %s", r.status, r.body)
	}
	if r := a.runJSON(0, id, x, y); r.status != http.StatusNotFound {
		t.Errorf("run on A after DELETE on B: %d %s", r.status, r.body)
	}
	if r := a.do("DELETE", "/v1/kernels/"+id, keyOf(0), nil); r.status != http.StatusNotFound {
		t.Errorf("second delete on A: %d %s", r.status, r.body)
	}
	a.submit(0, kernelTwoOut) // room again
	a.waitMetric(`sandjit_kernels{tenant="t00"} 2`)
}

// slowRun starts a run of the spin kernel that holds its run slot until
// run_timeout; it sends its status on the channel.
func slowRun(h *harness, tenant int, id string, out chan<- int) {
	go func() {
		req, _ := http.NewRequest("POST", h.hs.URL+"/v1/kernels/"+id+":run",
			strings.NewReader(`{"inputs":[{"dtype":"i32","shape":[],"data":2147483647}]}`))
		req.Header.Set("Authorization", "Bearer "+keyOf(tenant))
		req.Header.Set("Content-Type", "application/json")
		resp, err := h.hs.Client().Do(req)
		if err != nil {
			out <- 0
			return
		}
		resp.Body.Close()
		out <- resp.StatusCode
	}()
}

// leases counts the leases of a tenant's kind in Redis.
func leases(t *testing.T, rdb *redis.Client, tenant, kind string) int64 {
	t.Helper()
	n, err := rdb.ZCard(context.Background(), "test:{"+tenant+"}:"+kind).Result()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func waitLeases(t *testing.T, rdb *redis.Client, tenant string, want int64) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if leases(t, rdb, tenant, "runs") == want {
			return
		}
	}
	t.Fatalf("%s never held %d run leases (holds %d)", tenant, want, leases(t, rdb, tenant, "runs"))
}

// TestRedisQuotasAcrossReplicas: max_concurrent_runs and rate_per_second
// hold across two replicas, name their limit, and leave the other tenant
// alone.
func TestRedisQuotasAcrossReplicas(t *testing.T) {
	rs := redistest.Start(t)
	hs := replicas(t, rs, 2, func(c *Config) {
		c.Tenants[0].Quotas.MaxConcurrentRuns = 2
		c.Tenants[0].Quotas.RunTimeout = Duration(1500 * time.Millisecond)
		c.Tenants[1].Quotas.RunTimeout = Duration(1500 * time.Millisecond)
	})
	a, b := hs[0], hs[1]
	rdb := redis.NewClient(&redis.Options{Addr: rs.Addr})
	defer rdb.Close()
	id := a.submit(0, kernelSpin)
	b.submit(1, kernelSpin)
	// One slow run on each replica takes both of t00's slots.
	done := make(chan int, 4)
	slowRun(a, 0, id, done)
	slowRun(b, 0, id, done)
	waitLeases(t, rdb, tenantName(0), 2)
	for _, h := range hs {
		r := h.do("POST", "/v1/kernels/"+id+":run", keyOf(0), []byte(`{"inputs":[{"dtype":"i32","shape":[],"data":1}]}`), "Content-Type", "application/json")
		if r.status != http.StatusTooManyRequests || r.errorBody(t).Limit != limitRuns {
			t.Errorf("third run: %d %s", r.status, r.body)
		}
		// The other tenant runs meanwhile, on either replica.
		if o := decodeOutputs(t, h.runJSON(1, id, `{"dtype":"i32","shape":[],"data":5}`)); dataString(o, 0) != "5" {
			t.Errorf("t01 during t00's runs: %s", dataString(o, 0))
		}
	}
	for range 2 {
		if st := <-done; st != http.StatusGatewayTimeout {
			t.Errorf("slow run: %d", st)
		}
	}
	waitLeases(t, rdb, tenantName(0), 0)
	if o := decodeOutputs(t, b.runJSON(0, id, `{"dtype":"i32","shape":[],"data":3}`)); dataString(o, 0) != "3" {
		t.Errorf("run after the slots freed: %s", dataString(o, 0))
	}
}

func TestRedisRateAcrossReplicas(t *testing.T) {
	rs := redistest.Start(t)
	hs := replicas(t, rs, 2, func(c *Config) {
		c.Tenants[0].Quotas.RatePerSecond = 2
		c.Tenants[0].Quotas.Burst = 4
	})
	ok, limited := 0, 0
	start := time.Now()
	for i := range 10 {
		r := hs[i%2].do("GET", "/v1/ops", keyOf(0), nil)
		switch {
		case r.status == 200:
			ok++
		case r.status == http.StatusTooManyRequests && r.errorBody(t).Limit == limitRate:
			limited++
		default:
			t.Fatalf("request %d: %d %s", i, r.status, r.body)
		}
	}
	// A burst of 4, plus at most one token refilled meanwhile (2/s).
	if extra := int(time.Since(start).Seconds()*2) + 1; ok < 4 || ok > 4+extra {
		t.Errorf("%d of 10 allowed (burst 4, 2/s, %v), %d refused", ok, time.Since(start), limited)
	}
	for i := range 5 {
		if r := hs[i%2].do("GET", "/v1/ops", keyOf(1), nil); r.status != 200 {
			t.Errorf("t01 limited by t00's rate: %d", r.status)
		}
	}
	time.Sleep(600 * time.Millisecond) // one token (0.5 s) back
	if r := hs[1].do("GET", "/v1/ops", keyOf(0), nil); r.status != 200 {
		t.Errorf("after refill: %d %s", r.status, r.body)
	}
}

// TestRedisLeaseExpiry: a lease its replica stopped renewing (it died)
// frees within the TTL; one being renewed does not.
func TestRedisLeaseExpiry(t *testing.T) {
	rs := redistest.Start(t)
	cfg := RedisConfig{Addr: rs.Addr, KeyPrefix: "test:", LeaseTTL: Duration(600 * time.Millisecond)}
	cfg.resolve()
	st := newRedisState(cfg, "", func(string) {})
	defer st.close()
	ctx := context.Background()
	// A dead replica's lease: taken by the script, never renewed.
	if n, err := acquireScript.Run(ctx, st.rdb, []string{st.key("t", "runs")}, "dead-1", 2, 600).Int(); err != nil || n != 1 {
		t.Fatal(n, err)
	}
	release, err := st.acquire(ctx, "t", limitRuns, 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.acquire(ctx, "t", limitRuns, 2); err != errNoSlot {
		t.Fatalf("third lease: %v", err)
	}
	start := time.Now()
	var second func()
	for second == nil {
		if second, err = st.acquire(ctx, "t", limitRuns, 2); err == nil {
			break
		}
		if time.Since(start) > 3*time.Second {
			t.Fatalf("the dead lease did not expire: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if d := time.Since(start); d > 900*time.Millisecond {
		t.Errorf("the dead lease freed after %v (TTL 600ms)", d)
	}
	// Both live leases outlive several TTLs, being renewed.
	time.Sleep(1500 * time.Millisecond)
	if _, err := st.acquire(ctx, "t", limitRuns, 2); err != errNoSlot {
		t.Errorf("a renewed lease expired: %v", err)
	}
	release()
	release() // once only
	second()
	if n, _ := st.rdb.ZCard(ctx, st.key("t", "runs")).Result(); n != 0 {
		t.Errorf("%d leases left after release", n)
	}
}

// TestRedisDown: with Redis gone, API requests fail closed — 503
// state_unavailable within the Redis timeout, counted in
// sandjit_state_errors_total — while /healthz answers; when Redis is back,
// requests succeed again.
func TestRedisDown(t *testing.T) {
	rs := redistest.Start(t)
	h := replicas(t, rs, 1, nil)[0]
	id := h.submit(0, kernelNeg)
	in := `{"dtype":"f32","shape":[1],"data":[2]}`
	if o := decodeOutputs(t, h.runJSON(0, id, in)); dataString(o, 0) != "-2" {
		t.Fatalf("run: %s", dataString(o, 0))
	}
	rs.Stop()
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			r := h.runJSON(i%2, id, in)
			if r.status != http.StatusServiceUnavailable || r.errorBody(t).Kind != kindStateUnavailable || r.header.Get("Retry-After") == "" {
				t.Errorf("run with Redis down: %d %s", r.status, r.body)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("a refusal took %v", d)
			}
		}()
	}
	wg.Wait()
	if r := h.do("POST", "/v1/kernels", keyOf(1), []byte(kernelNeg), "Content-Type", "text/plain"); r.status != http.StatusServiceUnavailable {
		t.Errorf("submit with Redis down: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/healthz", "", nil); r.status != 200 {
		t.Errorf("healthz: %d", r.status)
	}
	r := h.do("GET", "/metrics", "", nil)
	if !strings.Contains(string(r.body), `sandjit_state_errors_total{op="rate"}`) ||
		!strings.Contains(string(r.body), `sandjit_errors_total{kind="state_unavailable",tenant="t00"}`) {
		t.Errorf("metrics lack the state errors:\n%s", grepLines(string(r.body), "state"))
	}
	rs.Restart() // empty: nothing persisted
	if r := h.runJSON(0, id, in); r.status != http.StatusNotFound {
		t.Errorf("run after Redis lost its data: %d %s", r.status, r.body)
	}
	id = h.submit(0, kernelNeg)
	if o := decodeOutputs(t, h.runJSON(0, id, in)); dataString(o, 0) != "-2" {
		t.Errorf("run after Redis is back: %s", dataString(o, 0))
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestRedisConfig: the redis section is validated, and a password_env that
// is not set stops New.
func TestRedisConfig(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"redis":{},"tenants":[{"name":"a","keys":["0123456789abcdef"]}]}`, "addr is required"},
		{`{"redis":{"addr":"x:1","lease_ttl":"1ms"},"tenants":[{"name":"a","keys":["0123456789abcdef"]}]}`, "lease_ttl"},
		{`{"redis":{"addr":"x:1","bogus":1},"tenants":[{"name":"a","keys":["0123456789abcdef"]}]}`, "bogus"},
	} {
		if _, err := ParseConfig([]byte(c.json)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.json, err, c.want)
		}
	}
	cfg, err := ParseConfig([]byte(`{"redis":{"addr":"127.0.0.1:1","password_env":"SANDJIT_TEST_UNSET_PASSWORD"},"tenants":[{"name":"a","keys":["0123456789abcdef"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(cfg.Redis)
	if !strings.Contains(string(b), `"addr":"127.0.0.1:1"`) {
		t.Errorf("config: %s", b)
	}
	if _, err := New(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "SANDJIT_TEST_UNSET_PASSWORD") {
		t.Errorf("New with an unset password_env: %v", err)
	}
}

// TestDeployConfigs: the configs in deploy/ (the example, and the one
// deploy/k8s.yaml embeds, with its redis section) are valid.
func TestDeployConfigs(t *testing.T) {
	if _, err := LoadConfig("../deploy/config.example.json"); err != nil {
		t.Error(err)
	}
	b, err := os.ReadFile("../deploy/k8s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "config.json: |\n")
	if !ok {
		t.Fatal("deploy/k8s.yaml has no config.json")
	}
	var lines []string
	for _, l := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(l, "    ") {
			break
		}
		lines = append(lines, l)
	}
	cfg, err := ParseConfig([]byte(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatalf("deploy/k8s.yaml's config: %v", err)
	}
	if cfg.Redis == nil || cfg.Redis.Addr == "" {
		t.Error("deploy/k8s.yaml's config has no redis section")
	}
}
