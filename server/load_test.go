package server

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var loadTime = flag.Duration("loadtime", time.Second, "how long TestLoadLatency drives the server")

// served is a Server behind Serve on a loopback port.
type served struct {
	srv    *Server
	url    string
	cancel context.CancelFunc
	done   chan error
	client *http.Client
}

func serve(t testing.TB, cfg Config) *served {
	t.Helper()
	srv, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &served{srv: srv, url: "http://" + ln.Addr().String(), cancel: cancel, done: make(chan error, 1),
		client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}, Timeout: 30 * time.Second}}
	go func() { s.done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() { s.stop(t) })
	return s
}

// stop shuts the server down (once) and closes it.
func (s *served) stop(t testing.TB) {
	if s.cancel == nil {
		return
	}
	s.cancel()
	s.cancel = nil
	if err := <-s.done; err != nil {
		t.Errorf("serve: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.srv.Close(ctx); err != nil {
		t.Errorf("close: %v", err)
	}
	s.client.CloseIdleConnections()
}

func (s *served) post(key, path, ct string, body []byte) (int, []byte, error) {
	req, err := http.NewRequest("POST", s.url+path, strings.NewReader(string(body)))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", ct)
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

func (s *served) submit(t testing.TB, key, src string) string {
	t.Helper()
	status, body, err := s.post(key, "/v1/kernels", "text/plain", []byte(src))
	if err != nil || (status != 201 && status != 200) {
		t.Fatalf("submit: %d %v %s", status, err, body)
	}
	var info kernelInfo
	json.Unmarshal(body, &info)
	return info.ID
}

// TestLoadManyTenants drives one server over loopback from many tenants
// at once, while a noisy tenant's runs hit its deadline and fill its
// arena: every good run is correct, the same kernel compiled once for
// all tenants, and the noisy tenant's arena is empty afterwards.
func TestLoadManyTenants(t *testing.T) {
	const tenants, clients, iters = 8, 4, 25
	s := serve(t, testConfig(tenants+1, func(c *Config) {
		q := hostileQuotas()
		q.ArenaBytes, q.MaxTensorBytes, q.MaxElements, q.MaxRequestBytes = 32<<20, 16<<20, 1<<22, 32<<20
		q.RunTimeout = Duration(30 * time.Millisecond)
		c.Tenants[tenants].Quotas = q
	}))
	ids := make([]string, tenants)
	for i := range tenants {
		ids[i] = s.submit(t, keyOf(i), kernelAdd)
	}
	if misses := s.srv.CacheStats().Artifacts.Misses; misses > 2 {
		t.Errorf("%d artifact compilations for one kernel in %d tenants", misses, tenants)
	}
	noisy := keyOf(tenants)
	chain, outer := s.submit(t, noisy, chainKernel(40)), s.submit(t, noisy, kernelOuter)
	big := npyBytes(t, mustTensor(t, []int{1 << 21}, make([]float32, 1<<21)))
	outerIn := mustJSON(map[string]any{"inputs": []map[string]any{
		{"dtype": "f32", "shape": []int{4000, 1}, "data": make([]int, 4000)}, {"dtype": "f32", "shape": []int{1, 4000}, "data": make([]int, 4000)}}})

	stopNoise := make(chan struct{})
	var noiseWG sync.WaitGroup
	var noiseCodes sync.Map
	noiseWG.Add(1)
	go func() {
		defer noiseWG.Done()
		for i := 0; ; i++ {
			select {
			case <-stopNoise:
				return
			default:
			}
			var status int
			if i%2 == 0 {
				status, _, _ = s.post(noisy, "/v1/kernels/"+chain+":run", "application/x-npy", big)
			} else {
				status, _, _ = s.post(noisy, "/v1/kernels/"+outer+":run", "application/json", outerIn)
			}
			n, _ := noiseCodes.LoadOrStore(status, new(atomic.Int64))
			n.(*atomic.Int64).Add(1)
		}
	}()

	var wg sync.WaitGroup
	var bad atomic.Int64
	for tn := range tenants {
		for c := range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range iters {
					v := float32(tn*1000 + c*100 + i)
					body := fmt.Sprintf(`{"inputs":[{"dtype":"f32","shape":[1,3],"data":[%g,0,1]},{"dtype":"f32","shape":[3],"data":[1,2,3]}]}`, v)
					status, out, err := s.post(keyOf(tn), "/v1/kernels/"+ids[tn]+":run", "application/json", []byte(body))
					want := fmt.Sprintf(`"data":[%g,2,4]`, v+1)
					if err != nil || status != 200 || !strings.Contains(string(out), want) {
						if bad.Add(1) < 5 {
							t.Errorf("tenant %d: %d %v %s (want %s)", tn, status, err, out, want)
						}
					}
				}
			}()
		}
	}
	wg.Wait()
	close(stopNoise)
	noiseWG.Wait()
	codes := map[any]int64{}
	noiseCodes.Range(func(k, v any) bool { codes[k] = v.(*atomic.Int64).Load(); return true })
	t.Logf("%d good runs, %d failed; noisy tenant's answers by status: %v", tenants*clients*iters, bad.Load(), codes)
	for code := range codes {
		if code != http.StatusGatewayTimeout && code != http.StatusInsufficientStorage {
			t.Errorf("noisy tenant got status %v", code)
		}
	}
	if a := s.srv.tenants[tenants].rt.ArenaStats(); a.InUse != 0 {
		t.Errorf("noisy tenant's arena holds %d bytes", a.InUse)
	}
}

// TestArenaFill: concurrent runs that together overflow a tenant's arena
// get 507 while the ones that fit succeed; afterwards the arena is empty
// and the next run works.
func TestArenaFill(t *testing.T) {
	s := serve(t, testConfig(1, func(c *Config) {
		c.Tenants[0].Quotas = Quotas{ArenaBytes: 16 << 20, MaxElements: 1 << 20, RunTimeout: Duration(time.Minute)}
	}))
	chain := s.submit(t, keyOf(0), chainKernel(40))
	// Each run holds 8 MB (input and output of 1 Mi f32) for a while.
	in := npyBytes(t, mustTensor(t, []int{1 << 20}, make([]float32, 1<<20)))
	codes := make([]int, 6)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _, _ = s.post(keyOf(0), "/v1/kernels/"+chain+":run", "application/x-npy", in)
		}()
	}
	wg.Wait()
	count := map[int]int{}
	for _, c := range codes {
		count[c]++
	}
	t.Logf("statuses: %v", count)
	if count[200] == 0 || count[507] == 0 || count[200]+count[507] != len(codes) {
		t.Errorf("want some 200 and some 507, got %v", count)
	}
	if a := s.srv.tenants[0].rt.ArenaStats(); a.InUse != 0 || a.Peak > a.Limit {
		t.Errorf("arena after the rush: %+v", a)
	}
	if status, body, err := s.post(keyOf(0), "/v1/kernels/"+chain+":run", "application/x-npy", in); status != 200 {
		t.Errorf("run after the rush: %d %v %.200s", status, err, body)
	}
}

// TestLoadLatency is a bounded load generator: C clients of one tenant
// run a small kernel for -loadtime (1 s by default) over loopback, and
// the test logs throughput and p50/p99 latency.
//
//	go test ./server -run LoadLatency -loadtime 10s -v
func TestLoadLatency(t *testing.T) {
	const clients = 8
	s := serve(t, testConfig(1, func(c *Config) { c.Tenants[0].Quotas = Quotas{Workers: 1} }))
	id := s.submit(t, keyOf(0), kernelAdd)
	body := []byte(`{"inputs":[{"dtype":"f32","shape":[4,3],"data":[1,2,3,4,5,6,7,8,9,10,11,12]},{"dtype":"f32","shape":[3],"data":[1,2,3]}]}`)
	var mu sync.Mutex
	var lat []time.Duration
	var failed atomic.Int64
	deadline := time.Now().Add(*loadTime)
	start := time.Now()
	var wg sync.WaitGroup
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(deadline) && len(mine) < 1_000_000 {
				t0 := time.Now()
				status, _, err := s.post(keyOf(0), "/v1/kernels/"+id+":run", "application/json", body)
				mine = append(mine, time.Since(t0))
				if err != nil || status != 200 {
					failed.Add(1)
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	t0 := time.Now()
	s.stop(t)
	t.Logf("stop took %v", time.Since(t0))
	slices.Sort(lat)
	if len(lat) == 0 {
		t.Fatal("no requests")
	}
	p := func(q float64) time.Duration { return lat[min(len(lat)-1, int(q*float64(len(lat))))] }
	t.Logf("%d clients, %d runs in %v: %.0f runs/s, p50 %v, p99 %v, max %v, %d failed",
		clients, len(lat), elapsed.Round(time.Millisecond), float64(len(lat))/elapsed.Seconds(), p(0.50), p(0.99), lat[len(lat)-1], failed.Load())
	if failed.Load() > 0 {
		t.Errorf("%d runs failed", failed.Load())
	}
}

// TestRestartWithDiskCache: a server with a cache directory compiles
// kernels; a new server over the same directory serves them without
// generating code again (every artifact read back from disk).
func TestRestartWithDiskCache(t *testing.T) {
	dir := t.TempDir()
	srcs := []string{kernelAdd, kernelNeg, kernelTwoOut, chainKernel(30)}
	cfg := testConfig(2, func(c *Config) { c.CacheDir = dir })
	first := serve(t, cfg)
	for _, src := range srcs {
		first.submit(t, keyOf(0), src)
	}
	if st := first.srv.CacheStats(); st.DiskMisses == 0 || st.DiskHits != 0 {
		t.Errorf("first server: %+v", st)
	}
	first.stop(t)

	second := serve(t, cfg)
	var ids []string
	for _, src := range srcs {
		ids = append(ids, second.submit(t, keyOf(1), src))
	}
	st := second.srv.CacheStats()
	t.Logf("after restart: disk hits %d, disk misses %d, rejects %d", st.DiskHits, st.DiskMisses, st.DiskRejects)
	if st.DiskHits < int64(len(srcs)) || st.DiskMisses != 0 || st.DiskRejects != 0 {
		t.Errorf("restarted server did not serve every kernel from disk: %+v", st)
	}
	status, body, err := second.post(keyOf(1), "/v1/kernels/"+ids[0]+":run", "application/json",
		[]byte(`{"inputs":[{"dtype":"f32","shape":[1,3],"data":[1,2,3]},{"dtype":"f32","shape":[3],"data":[1,1,1]}]}`))
	if err != nil || status != 200 || !strings.Contains(string(body), `"data":[2,3,4]`) {
		t.Errorf("run after restart: %d %v %s", status, err, body)
	}
}

// TestGracefulShutdown: a request in flight when shutdown starts
// finishes within the grace period; one that would outlast it is
// cancelled and answered 503, completely; new connections are refused.
func TestGracefulShutdown(t *testing.T) {
	for _, c := range []struct {
		name       string
		grace      time.Duration
		wantStatus int
		size, ops  int
	}{
		{"finishes within grace", 5 * time.Second, 200, 1 << 18, 40},
		{"cancelled after grace", 50 * time.Millisecond, 503, 1 << 21, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := serve(t, testConfig(1, func(cfg *Config) {
				cfg.ShutdownGrace = Duration(c.grace)
				cfg.Tenants[0].Quotas = Quotas{RunTimeout: Duration(time.Minute), MaxElements: 1 << 22}
			}))
			chain := s.submit(t, keyOf(0), chainKernel(c.ops))
			// A run of ~100 ms, or of a few seconds; its body is sent at once.
			big := npyBytes(t, mustTensor(t, []int{c.size}, make([]float32, c.size)))
			type result struct {
				status int
				body   []byte
				err    error
			}
			res := make(chan result, 1)
			go func() {
				status, body, err := s.post(keyOf(0), "/v1/kernels/"+chain+":run", "application/x-npy", big)
				res <- result{status, body, err}
			}()
			// Wait until it runs, then shut down.
			for s.srv.tenants[0].rt.ArenaStats().InUse == 0 {
				time.Sleep(time.Millisecond)
			}
			stopped := make(chan struct{})
			go func() { s.stop(t); close(stopped) }()
			// Once draining, new connections are refused.
			for s.srv.ready.Load() {
				time.Sleep(time.Millisecond)
			}
			time.Sleep(20 * time.Millisecond)
			if _, _, err := s.post(keyOf(0), "/v1/ops", "", nil); err == nil {
				t.Errorf("a new request was accepted while shutting down")
			}
			r := <-res
			<-stopped
			if r.err != nil || r.status != c.wantStatus {
				t.Fatalf("in-flight run: %d %v %.200s", r.status, r.err, r.body)
			}
			if c.wantStatus == 503 && !strings.Contains(string(r.body), kindShutdown) {
				t.Errorf("cancelled run's answer: %s", r.body)
			}
		})
	}
}

// TestReadTimeout: a body that stops arriving gets 408 once the server's
// read_timeout passes, and holds the tenant's run slot no longer.
func TestReadTimeout(t *testing.T) {
	s := serve(t, testConfig(1, func(c *Config) {
		c.ReadTimeout = Duration(300 * time.Millisecond)
		c.Tenants[0].Quotas = Quotas{MaxConcurrentRuns: 1}
	}))
	id := s.submit(t, keyOf(0), kernelNeg)
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/kernels/%s:run HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"inp", id, keyOf(0))
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), kindReadTimeout) {
		t.Errorf("stalled body: %d %s", resp.StatusCode, body)
	}
	status, body, err := s.post(keyOf(0), "/v1/kernels/"+id+":run", "application/json", []byte(`{"inputs":[{"dtype":"f32","shape":[1],"data":[1]}]}`))
	if err != nil || status != 200 {
		t.Errorf("run after a stalled one: %d %v %s", status, err, body)
	}
}

// BenchmarkRunJSON is one small run over loopback, JSON both ways.
func BenchmarkRunJSON(b *testing.B) {
	s := serve(b, testConfig(1, func(c *Config) { c.Tenants[0].Quotas = Quotas{Workers: 1} }))
	id := s.submit(b, keyOf(0), kernelAdd)
	body := []byte(`{"inputs":[{"dtype":"f32","shape":[4,3],"data":[1,2,3,4,5,6,7,8,9,10,11,12]},{"dtype":"f32","shape":[3],"data":[1,2,3]}]}`)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if status, out, err := s.post(keyOf(0), "/v1/kernels/"+id+":run", "application/json", body); err != nil || status != 200 {
				b.Errorf("%d %v %s", status, err, out)
				return
			}
		}
	})
}
