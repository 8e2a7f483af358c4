package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var (
	scaleLoad  = flag.Duration("scaleout-load", 3*time.Second, "how long TestScaleOutLoad drives two replicas (README: 60s)")
	scaleFault = flag.Bool("scaleout-fault", false, "TestScaleOutLoad: stop Redis for 2s at 1/3 of the time and kill replica A at 2/3")
)

// tenantLoad is what one tenant's workers saw.
type tenantLoad struct {
	mu     sync.Mutex
	ok     []time.Duration
	errors map[string]int // "STATUS kind[:limit]" or "connection"
	last   time.Time      // last successful run
}

func (l *tenantLoad) add(d time.Duration, outcome string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if outcome == "" {
		if len(l.ok) < 1<<22 {
			l.ok = append(l.ok, d)
		}
		l.last = time.Now()
		return
	}
	l.errors[outcome]++
}

func quantile(s []time.Duration, q float64) time.Duration {
	if len(s) == 0 {
		return 0
	}
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// TestScaleOutLoad drives two `sandjit serve` replicas on one Redis with
// both tenants at once, each worker spreading its runs over the replicas
// (as a balancer would; on a refused connection it moves to the other),
// and reports runs/s, p50/p99 and errors by kind per tenant. alice has 8
// workers and room for them; bob has 8 workers, 2 concurrent runs and
// 50 requests/s across the cluster. A client that gets 404 for its kernel
// submits it again (README, "Scale-out"). With -scaleout-fault, Redis is
// stopped for 2 s (and comes back empty) at 1/3 of the time, and replica
// A is killed at 2/3.
//
//	go test ./cmd/sandjit -run TestScaleOutLoad -scaleout-load 60s -v
//	go test ./cmd/sandjit -run TestScaleOutLoad -scaleout-load 60s -scaleout-fault -v
func TestScaleOutLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sandjit and starts processes")
	}
	const bobRate = 50
	rs, reps := twoReplicas(t, `"max_concurrent_runs": 8`, fmt.Sprintf(`"max_concurrent_runs": 2, "rate_per_second": %d, "burst": 10`, bobRate))
	var dead [2]atomic.Bool
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	do := func(rep int, method, path, key, ct, body string) (int, []byte, error) {
		req, _ := http.NewRequest(method, reps[rep].url+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", ct)
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}
	submit := func(rep int, key string) string {
		code, b, err := do(rep, "POST", "/v1/kernels", key, "text/plain", addKernel)
		var info struct{ ID string }
		if json.Unmarshal(b, &info); err != nil || (code != 201 && code != 200) {
			return ""
		}
		return info.ID
	}
	id := submit(0, aliceKey)
	if id == "" || submit(1, bobKey) != id {
		t.Fatal("submit failed")
	}

	ctx, cancel := context.WithTimeout(context.Background(), *scaleLoad)
	defer cancel()
	loads := map[string]*tenantLoad{aliceKey: {errors: map[string]int{}}, bobKey: {errors: map[string]int{}}}
	var wg sync.WaitGroup
	start := time.Now()
	for _, key := range []string{aliceKey, bobKey} {
		for w := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				l := loads[key]
				for i := w; ctx.Err() == nil; i++ {
					rep := i % 2
					if dead[rep].Load() {
						rep = 1 - rep
					}
					t0 := time.Now()
					code, b, err := do(rep, "POST", "/v1/kernels/"+id+":run", key, "application/json", addInputs)
					d := time.Since(t0)
					switch {
					case err != nil:
						if ctx.Err() != nil {
							return
						}
						l.add(d, "connection error")
						dead[rep].Store(true)
						continue
					case code == 200:
						if !bytes.Contains(b, []byte(`"data":[11,22,33,14,25,36]`)) {
							l.add(d, "200 wrong answer")
						} else {
							l.add(d, "")
						}
						continue
					}
					var e struct{ Kind, Limit string }
					json.Unmarshal(b, &e)
					l.add(d, fmt.Sprintf("%d %s", code, e.Kind))
					switch {
					case code == 404:
						submit(rep, key) // Redis lost the record: submit again
					case code == 503:
						time.Sleep(100 * time.Millisecond) // Retry-After, shortened
					}
				}
			}()
		}
	}
	if *scaleFault {
		time.Sleep(*scaleLoad / 3)
		t.Logf("%5.1fs: stopping Redis for 2s", time.Since(start).Seconds())
		rs.Stop()
		time.Sleep(2 * time.Second)
		rs.Restart()
		t.Logf("%5.1fs: Redis back (empty)", time.Since(start).Seconds())
		time.Sleep(time.Until(start.Add(2 * *scaleLoad / 3)))
		t.Logf("%5.1fs: killing replica A", time.Since(start).Seconds())
		reps[0].kill()
	}
	wg.Wait()
	elapsed := time.Since(start)

	fault := ""
	if *scaleFault {
		fault = ", Redis stopped 2s at 1/3, replica A killed at 2/3"
	}
	var report strings.Builder
	fmt.Fprintf(&report, "two replicas on one Redis, %v%s\n", elapsed.Round(time.Second), fault)
	fmt.Fprintf(&report, "| tenant | runs/s | p50 | p99 | refused or failed, by kind |\n|---|---|---|---|---|\n")
	for _, tn := range []struct{ name, key string }{{"alice", aliceKey}, {"bob", bobKey}} {
		l := loads[tn.key]
		slices.Sort(l.ok)
		var kinds []string
		for k, n := range l.errors {
			kinds = append(kinds, fmt.Sprintf("%s: %d", k, n))
		}
		sort.Strings(kinds)
		fmt.Fprintf(&report, "| %s | %.0f | %v | %v | %s |\n", tn.name, float64(len(l.ok))/elapsed.Seconds(),
			quantile(l.ok, 0.5).Round(10*time.Microsecond), quantile(l.ok, 0.99).Round(10*time.Microsecond), strings.Join(kinds, ", "))
	}
	t.Logf("\n%s", report.String())

	// What must hold whatever the machine's speed.
	alice, bob := loads[aliceKey], loads[bobKey]
	if len(alice.ok) == 0 || len(bob.ok) == 0 {
		t.Fatal("a tenant ran nothing")
	}
	if max := bobRate*elapsed.Seconds() + 10 + bobRate; float64(len(bob.ok)) > max {
		t.Errorf("bob ran %d times in %v: over his cluster-wide rate of %d/s (burst 10)", len(bob.ok), elapsed, bobRate)
	}
	for key, l := range loads {
		for k, n := range l.errors {
			allowed := strings.HasPrefix(k, "429 ")
			if *scaleFault {
				allowed = allowed || k == "503 state_unavailable" || k == "404 not_found" || k == "connection error"
			}
			if !allowed {
				t.Errorf("%s: %d × %s", key[:5], n, k)
			}
		}
		if time.Since(l.last) > 2*time.Second+time.Since(start.Add(elapsed)) {
			t.Errorf("%s: no successful run in the last 2 s (recovery)", key[:5])
		}
	}
}
