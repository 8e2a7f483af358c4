package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const serveConfig = `{
  "shutdown_grace": "2s",
  "defaults": {"run_timeout": "2s", "max_concurrent_runs": 4},
  "tenants": [
    {"name": "alice", "keys": ["alice-key-0123456789"]},
    {"name": "bob", "keys": ["bob-key-0123456789abc"], "quotas": {"max_tensor_bytes": 1024}}
  ]
}`

// logWatcher collects JSON log lines and tells when the server listens.
type logWatcher struct {
	mu    sync.Mutex
	lines []string
	addr  chan string
	buf   strings.Builder
}

func newLogWatcher() *logWatcher { return &logWatcher{addr: make(chan string, 1)} }

func (w *logWatcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for {
		s := w.buf.String()
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			break
		}
		line := s[:i]
		w.buf.Reset()
		w.buf.WriteString(s[i+1:])
		w.lines = append(w.lines, line)
		var rec struct{ Msg, Addr string }
		if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "serving" {
			w.addr <- rec.Addr
		}
	}
	return len(p), nil
}

func (w *logWatcher) text() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Join(w.lines, "\n")
}

func httpDo(t *testing.T, method, url, key, ct, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestServe runs `sandjit serve` in-process with a two-tenant config and
// drives it over loopback as a user would.
func TestServe(t *testing.T) {
	cfg := writeFile(t, t.TempDir(), "tenants.json", serveConfig)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := newLogWatcher()
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, []string{"--addr", "127.0.0.1:0", "--config", cfg}, io.Discard, logs) }()
	var base string
	select {
	case addr := <-logs.addr:
		base = "http://" + addr
	case err := <-done:
		t.Fatalf("serve ended: %v\n%s", err, logs.text())
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not start")
	}
	if code, _ := httpDo(t, "GET", base+"/healthz", "", "", ""); code != 200 {
		t.Errorf("healthz: %d", code)
	}
	if code, _ := httpDo(t, "GET", base+"/v1/ops", "", "", ""); code != 401 {
		t.Errorf("no key: %d", code)
	}
	code, body := httpDo(t, "POST", base+"/v1/kernels", "alice-key-0123456789", "text/plain", addKernel)
	var info struct{ ID string }
	if json.Unmarshal([]byte(body), &info); code != 201 || len(info.ID) != 64 {
		t.Fatalf("submit: %d %s", code, body)
	}
	in := `{"inputs":[{"dtype":"f32","shape":[2,3],"data":[1,2,3,4,5,6]},{"dtype":"f32","shape":[3],"data":[10,20,30]}]}`
	if code, body := httpDo(t, "POST", base+"/v1/kernels/"+info.ID+":run", "alice-key-0123456789", "application/json", in); code != 200 ||
		!strings.Contains(body, `"data":[11,22,33,14,25,36]`) {
		t.Errorf("run: %d %s", code, body)
	}
	if code, _ := httpDo(t, "POST", base+"/v1/kernels/"+info.ID+":run", "bob-key-0123456789abc", "application/json", in); code != 404 {
		t.Errorf("bob runs alice's kernel: %d", code)
	}
	httpDo(t, "POST", base+"/v1/kernels", "bob-key-0123456789abc", "text/plain", addKernel)
	if code, body := httpDo(t, "POST", base+"/v1/kernels/"+info.ID+":run", "bob-key-0123456789abc", "application/json",
		`{"inputs":[{"dtype":"f32","shape":[100,3],"data":[]},{"dtype":"f32","shape":[3],"data":[1,2,3]}]}`); code != 413 ||
		!strings.Contains(body, `"limit":"max_tensor_bytes"`) {
		t.Errorf("bob over his quota: %d %s", code, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
	text := logs.text()
	for _, want := range []string{`"msg":"request"`, `"tenant":"alice"`, `"status":404`, `"limit":"max_tensor_bytes"`, `"msg":"stopped"`} {
		if !strings.Contains(text, want) {
			t.Errorf("logs lack %s", want)
		}
	}
	if strings.Contains(text, "alice-key") || strings.Contains(text, "bob-key") {
		t.Errorf("logs hold an API key")
	}
}

func TestServeUsage(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.json", `{"tenants":[{"name":"a","keys":["short"]}]}`)
	good := writeFile(t, dir, "good.json", serveConfig)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"serve"}, exitUsage, "--config FILE is required"},
		{[]string{"serve", "--config", bad}, exitFail, "at least 16"},
		{[]string{"serve", "--config", dir + "/missing.json"}, exitFail, "no such file"},
		{[]string{"serve", "--config", good, "--log-level", "loud"}, exitUsage, "log-level"},
		{[]string{"serve", "--config", good, "--addr", "256.0.0.1:1"}, exitFail, "serve:"},
		{[]string{"serve", "--config", good, "extra"}, exitUsage, "unexpected argument"},
	} {
		code, _, errs := sandjit(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
}

// TestServeSIGTERM starts `sandjit serve` as a child process (this test
// binary, re-entered through TestServeHelperProcess), sends it SIGTERM,
// and expects a clean exit.
func TestServeSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	cfg := writeFile(t, t.TempDir(), "tenants.json", serveConfig)
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeHelperProcess$")
	cmd.Env = append(os.Environ(), "SANDJIT_SERVE_HELPER="+cfg)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	started := false
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if strings.Contains(sc.Text(), `"msg":"serving"`) {
			started = true
			break
		}
	}
	if !started {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child did not start:\n%s", strings.Join(lines, "\n"))
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	err = cmd.Wait()
	text := strings.Join(lines, "\n")
	if err != nil || !strings.Contains(text, `"msg":"stopped"`) {
		t.Errorf("child after SIGTERM: %v\n%s", err, text)
	}
}

// TestServeHelperProcess is the child of TestServeSIGTERM.
func TestServeHelperProcess(t *testing.T) {
	cfg := os.Getenv("SANDJIT_SERVE_HELPER")
	if cfg == "" {
		t.Skip("helper process only")
	}
	code := mainExit([]string{"serve", "--addr", "127.0.0.1:0", "--config", cfg}, os.Stdout, os.Stderr)
	os.Exit(code)
}
