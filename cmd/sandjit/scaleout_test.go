package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sandjit/sandjit/internal/redistest"
)

// The scale-out tests run real `sandjit serve` processes (built by the
// test) on one real Redis.

const (
	aliceKey = "alice-key-0123456789"
	bobKey   = "bob-key-0123456789abc"
)

// spinKernel loops n times: a run that holds its slot until run_timeout.
const spinKernel = `func.func @spin(%n: tensor<i32>) -> tensor<i32> {
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

const (
	spinForever = `{"inputs":[{"dtype":"i32","shape":[],"data":2147483647}]}`
	spinFive    = `{"inputs":[{"dtype":"i32","shape":[],"data":5}]}`
	addInputs   = `{"inputs":[{"dtype":"f32","shape":[2,3],"data":[1,2,3,4,5,6]},{"dtype":"f32","shape":[3],"data":[10,20,30]}]}`
)

// buildSandjit builds the sandjit binary once per test binary.
var buildSandjit = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "sandjit-bin-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "sandjit")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// replica is a `sandjit serve` child process.
type replica struct {
	cmd  *exec.Cmd
	url  string
	logs *logWatcher
	done chan struct{}
}

func startReplica(t testing.TB, bin, config, cacheDir string) *replica {
	t.Helper()
	logs := newLogWatcher()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--config", config, "--cache-dir", cacheDir, "--log-level", "warn")
	cmd.Stderr = logs
	// --log-level warn hides "serving"; the watcher needs it, so info.
	cmd.Args[len(cmd.Args)-1] = "info"
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &replica{cmd: cmd, logs: logs, done: make(chan struct{})}
	go func() { cmd.Wait(); close(r.done) }()
	t.Cleanup(func() { r.kill() })
	select {
	case addr := <-logs.addr:
		r.url = "http://" + addr
	case <-r.done:
		t.Fatalf("replica exited:\n%s", logs.text())
	case <-time.After(60 * time.Second):
		t.Fatalf("replica did not start:\n%s", logs.text())
	}
	return r
}

func (r *replica) kill() {
	r.cmd.Process.Signal(syscall.SIGKILL)
	<-r.done
}

// scaleoutConfig: two tenants with the given quotas (JSON members) on
// one Redis; leases live 2 s.
func scaleoutConfig(redisAddr, aliceQuotas, bobQuotas string) string {
	return fmt.Sprintf(`{
  "shutdown_grace": "1s",
  "redis": {"addr": %q, "key_prefix": "e2e:", "lease_ttl": "2s"},
  "defaults": {"run_timeout": "5s", "max_concurrent_runs": 4, "rate_per_second": 100000, "burst": 100000},
  "tenants": [
    {"name": "alice", "keys": [%q], "quotas": {%s}},
    {"name": "bob", "keys": [%q], "quotas": {%s}}
  ]
}`, redisAddr, aliceKey, aliceQuotas, bobKey, bobQuotas)
}

func twoReplicas(t testing.TB, aliceQuotas, bobQuotas string) (*redistest.Server, []*replica) {
	t.Helper()
	rs := redistest.Start(t)
	bin, err := buildSandjit()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := writeFileTB(t, dir, "config.json", scaleoutConfig(rs.Addr, aliceQuotas, bobQuotas))
	cache := filepath.Join(dir, "cache") // shared, as on a ReadWriteMany volume
	return rs, []*replica{startReplica(t, bin, cfg, cache), startReplica(t, bin, cfg, cache)}
}

func writeFileTB(t testing.TB, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func submitTo(t *testing.T, r *replica, key, src string) string {
	t.Helper()
	code, body := httpDo(t, "POST", r.url+"/v1/kernels", key, "text/plain", src)
	var info struct{ ID string }
	if json.Unmarshal([]byte(body), &info); (code != 201 && code != 200) || info.ID == "" {
		t.Fatalf("submit: %d %s", code, body)
	}
	return info.ID
}

type runResult struct {
	code int
	body string
}

func runAsync(t *testing.T, r *replica, key, id, in string, out chan<- runResult) {
	go func() {
		req, _ := http.NewRequest("POST", r.url+"/v1/kernels/"+id+":run", strings.NewReader(in))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			out <- runResult{0, err.Error()}
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		out <- runResult{resp.StatusCode, string(b)}
	}()
}

// TestScaleOut: two `sandjit serve` processes on one Redis. A kernel
// submitted on A runs on B; alice, limited to 3 concurrent runs, gets
// exactly 3 across both; when A is killed mid-run, its leases free within
// their TTL; bob is never affected.
func TestScaleOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sandjit and starts processes")
	}
	rs, reps := twoReplicas(t, `"max_concurrent_runs": 3`, "")
	a, b := reps[0], reps[1]
	rdb := redis.NewClient(&redis.Options{Addr: rs.Addr})
	defer rdb.Close()
	aliceLeases := func() int64 {
		n, err := rdb.ZCard(context.Background(), "e2e:{alice}:runs").Result()
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	bobRuns := func(spin string, reps ...*replica) {
		t.Helper()
		for _, r := range reps {
			if code, body := httpDo(t, "POST", r.url+"/v1/kernels/"+spin+":run", bobKey, "application/json", spinFive); code != 200 || !strings.Contains(body, `"data":[5]`) {
				t.Errorf("bob's run on %s: %d %s", r.url, code, body)
			}
		}
	}

	// Submit on A, run on B.
	add := submitTo(t, a, aliceKey, addKernel)
	if code, body := httpDo(t, "POST", b.url+"/v1/kernels/"+add+":run", aliceKey, "application/json", addInputs); code != 200 ||
		!strings.Contains(body, `"data":[11,22,33,14,25,36]`) {
		t.Fatalf("run on B of a kernel submitted on A: %d %s", code, body)
	}
	spin := submitTo(t, a, aliceKey, spinKernel)
	bobSpin := submitTo(t, b, bobKey, spinKernel)

	// 8 slow runs at once, alternating replicas: exactly 3 get a slot.
	results := make(chan runResult, 8)
	for i := range 8 {
		runAsync(t, reps[i%2], aliceKey, spin, spinForever, results)
	}
	for deadline := time.Now().Add(10 * time.Second); aliceLeases() < 3 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	bobRuns(bobSpin, a, b) // while alice is at her limit
	admitted, refused := 0, 0
	for range 8 {
		r := <-results
		switch {
		case r.code == 504 && strings.Contains(r.body, `"limit":"run_timeout"`):
			admitted++
		case r.code == 429 && strings.Contains(r.body, `"limit":"max_concurrent_runs"`):
			refused++
		default:
			t.Errorf("slow run: %d %s", r.code, r.body)
		}
	}
	if admitted != 3 || refused != 5 {
		t.Errorf("alice (3 concurrent runs) across two replicas: %d admitted, %d refused of 8", admitted, refused)
	}

	// Kill A while it holds all 3 of alice's slots.
	for deadline := time.Now().Add(10 * time.Second); aliceLeases() != 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	onA := make(chan runResult, 3)
	for range 3 {
		runAsync(t, a, aliceKey, spin, spinForever, onA)
	}
	for deadline := time.Now().Add(10 * time.Second); aliceLeases() < 3 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	a.kill()
	killed := time.Now()
	if code, body := httpDo(t, "POST", b.url+"/v1/kernels/"+spin+":run", aliceKey, "application/json", spinFive); code != 429 {
		t.Errorf("run on B right after A died holding alice's slots: %d %s (want 429 until the leases expire)", code, body)
	}
	bobRuns(bobSpin, b)
	for {
		code, body := httpDo(t, "POST", b.url+"/v1/kernels/"+spin+":run", aliceKey, "application/json", spinFive)
		if code == 200 {
			break
		}
		if code != 429 || time.Since(killed) > 5*time.Second {
			t.Fatalf("alice on B %v after A died: %d %s", time.Since(killed), code, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if d := time.Since(killed); d > 2*time.Second+500*time.Millisecond {
		t.Errorf("A's leases freed %v after it died (lease_ttl 2s)", d)
	} else {
		t.Logf("A's leases freed %v after it died (lease_ttl 2s)", d.Round(time.Millisecond))
	}
	for range 3 {
		if r := <-onA; r.code != 0 {
			t.Errorf("a run on the killed replica answered %d", r.code)
		}
	}
	bobRuns(bobSpin, b)
}
