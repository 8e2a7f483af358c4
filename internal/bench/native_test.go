package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// haveCC skips the test when there is no C compiler to build the peer.
func haveCC(t *testing.T) []string {
	t.Helper()
	cc := CCompiler()
	if _, err := exec.LookPath(cc[0]); err != nil {
		t.Skipf("no C compiler (%q; set $CC): %v", cc[0], err)
	}
	return cc
}

var (
	peersOnce sync.Once
	peersDir  string
	peers     []*NativePeer
	peersErr  error
)

// nativePeers builds the peers once per test binary.
func nativePeers(t *testing.T) []*NativePeer {
	t.Helper()
	haveCC(t)
	peersOnce.Do(func() {
		peersDir, peersErr = os.MkdirTemp("", "sandjit-native-test-")
		if peersErr == nil {
			peers, peersErr = BuildNative(context.Background(), nil, peersDir)
		}
	})
	if peersErr != nil {
		t.Fatal(peersErr)
	}
	return peers
}

func TestMain(m *testing.M) {
	code := m.Run()
	if peersDir != "" {
		os.RemoveAll(peersDir)
	}
	os.Exit(code)
}

// TestNativeSourceWarningFree compiles the C program with -Wall -Wextra
// -Werror (and -std=c11 -pedantic) under both peers' flags.
func TestNativeSourceWarningFree(t *testing.T) {
	cc := haveCC(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "suite.c")
	if err := os.WriteFile(src, NativeSource, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, nf := range NativeFlags {
		args := append(append(append([]string{}, cc[1:]...), nf.Flags...),
			"-std=c11", "-pedantic", "-Wall", "-Wextra", "-Werror", "-c", "-o", filepath.Join(dir, "suite.o"), src)
		if out, err := exec.Command(cc[0], args...).CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", nf.Name, err, out)
		}
	}
}

// TestNativeMatchesGo runs every kernel of the C program at small odd sizes
// under both peers and checks it against the Go baseline; the kernels
// without arithmetic, and the -O3 sums (same float32 order as Go's), must
// agree bit for bit.
func TestNativeMatchesGo(t *testing.T) {
	ps := nativePeers(t)
	if len(ps) != 2 || ps[0].Name != "C -O3" || ps[1].Name != "C -Ofast" {
		t.Fatalf("peers %+v", ps)
	}
	ctx := context.Background()
	for _, k := range Suite() {
		for _, d := range small {
			c, err := k.Prepare(nil, d, 3)
			if err != nil {
				t.Fatal(err)
			}
			c.RunGo()
			for _, p := range ps {
				r, err := p.Run(ctx, c, time.Millisecond)
				if err != nil {
					t.Errorf("%s %+v %s: %v", k.Name, d, p.Name, err)
					continue
				}
				tm := r.Timing
				if !(tm.MedianMs > 0 && tm.MinMs <= tm.P10Ms && tm.P10Ms <= tm.MedianMs && tm.MedianMs <= tm.P90Ms) ||
					tm.MeanMs <= 0 || r.Calls < 3 || r.Name != p.Name || r.Flags != strings.Join(p.Flags, " ") {
					t.Errorf("%s %+v %s: %+v", k.Name, d, p.Name, r)
				}
				exact := k.Name == "K3" || k.Name == "K8" || k.Name == "K9" ||
					p.Name == "C -O3" && (k.Name == "K4" || k.Name == "K5")
				if exact && r.MaxAbsErr != 0 {
					t.Errorf("%s %+v %s: max abs error %g, want 0", k.Name, d, p.Name, r.MaxAbsErr)
				}
			}
		}
	}
}

// TestNativeValidation runs the C program with bad arguments: each must
// exit with status 2 and say why on stderr.
func TestNativeValidation(t *testing.T) {
	exe := nativePeers(t)[0].Path
	dir := t.TempDir()
	file := func(name string, floats int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, make([]byte, 4*floats), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	x16 := file("x16", 16) // [4,4]
	x15 := file("x15", 15) // one short
	x17 := file("x17", 17) // one long
	odd := filepath.Join(dir, "odd")
	if err := os.WriteFile(odd, make([]byte, 63), 0o644); err != nil { // not whole floats
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "usage"},
		{[]string{"K11", "4", "2", "1", "1", x16, out}, `unknown kernel "K11"`},
		{[]string{"k1", "4", "2", "1", "1", x16, out}, `unknown kernel "k1"`},
		{[]string{"K1", "0", "2", "1", "1", x16, out}, "N must be an integer in [1, 16384]"},
		{[]string{"K1", "-4", "2", "1", "1", x16, out}, "N must be"},
		{[]string{"K1", "4x", "2", "1", "1", x16, out}, "N must be"},
		{[]string{"K1", "", "2", "1", "1", x16, out}, "N must be"},
		{[]string{"K1", "16385", "2", "1", "1", x16, out}, "N must be"},
		{[]string{"K1", "99999999999999999999", "2", "1", "1", x16, out}, "N must be"},
		{[]string{"K1", "4", "0", "1", "1", x16, out}, "M must be"},
		{[]string{"K1", "4", "2", "0", "1", x16, out}, "E must be"},
		{[]string{"K1", "4", "2", "1", "0", x16, out}, "BUDGET_MS must be"},
		{[]string{"K1", "4", "2", "1", "3600001", x16, out}, "BUDGET_MS must be"},
		{[]string{"K1", "4", "2", "1", "1", x16}, "K1 takes 1 input file(s)"},
		{[]string{"K2", "4", "2", "1", "1", x16, x16, out}, "K2 takes 3 input file(s)"},
		{[]string{"K1", "4", "2", "1", "1", x16, x16, out}, "K1 takes 1 input file(s)"},
		{[]string{"K1", "4", "2", "1", "1", x15, out}, "15 float32 values, want 16 (64 bytes)"},
		{[]string{"K1", "4", "2", "1", "1", x17, out}, "longer than 16 float32 values"},
		{[]string{"K1", "4", "2", "1", "1", odd, out}, "15 float32 values, want 16"},
		{[]string{"K3", "4", "2", "1", "1", x16, x16, out}, "longer than 4 float32 values"},
		{[]string{"K1", "4", "2", "1", "1", filepath.Join(dir, "missing"), out}, "missing: No such file"},
		{[]string{"K1", "4", "2", "1", "1", x16, filepath.Join(dir, "no", "out")}, "out: No such file"},
	} {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(exe, tc.args...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("%q: %v, stdout %q, stderr %q (want %q)", tc.args, err, stdout.String(), stderr.String(), tc.want)
		}
	}
	// The same arguments, right, succeed.
	if out, err := exec.Command(exe, "K1", "4", "2", "1", "1", x16, out).Output(); err != nil || !strings.Contains(string(out), `"median_ms":`) {
		t.Errorf("good arguments: %v %s", err, out)
	}
}

func TestBuildNativeNoCompiler(t *testing.T) {
	t.Setenv("CC", "sandjit-no-such-cc --flag")
	if cc := CCompiler(); len(cc) != 2 || cc[0] != "sandjit-no-such-cc" {
		t.Errorf("CCompiler() = %q", cc)
	}
	_, err := BuildNative(context.Background(), nil, t.TempDir())
	if !errors.Is(err, ErrNoCompiler) || !strings.Contains(err.Error(), "sandjit-no-such-cc") || !strings.Contains(err.Error(), "$CC") {
		t.Errorf("BuildNative without a compiler: %v", err)
	}
	t.Setenv("CC", "")
	if cc := CCompiler(); len(cc) != 1 || cc[0] != "gcc" {
		t.Errorf("CCompiler() without $CC = %q", cc)
	}
}

func TestBuildNativeCompileError(t *testing.T) {
	cc := haveCC(t)
	dir := t.TempDir()
	// A compiler that rejects every flag set: pass it a bad option.
	_, err := BuildNative(context.Background(), append(cc, "-fno-such-option-sandjit"), dir)
	if err == nil || !strings.Contains(err.Error(), "C -O3") || !strings.Contains(err.Error(), "no-such-option") {
		t.Errorf("BuildNative with a failing compile: %v", err)
	}
}

// TestNativeRunRejectsBadPeers runs fake peers (shell scripts) that
// misbehave: the Go side must not trust what a child says.
func TestNativeRunRejectsBadPeers(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	k := Lookup("K1")
	c, err := k.Prepare(nil, Dims{N: 4, M: 2, E: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	c.RunGo()
	dir := t.TempDir()
	const good = `{"median_ms":0.5,"p10_ms":0.4,"p90_ms":0.6,"mean_ms":0.5,"min_ms":0.3,"cpu_ms":0.5,"calls":10,"samples":10,"batch":1}`
	// $6 is K1's input, $7 the output file.
	for i, tc := range []struct{ script, want string }{
		{`echo 'oops' >&2; exit 3`, "oops"},
		{`exit 1`, "(no message)"},
		{`cp "$6" "$7"; echo '` + good + `'`, "element 0: C fake"},           // tanh(x) != x
		{`head -c 60 "$6" > "$7"; echo '` + good + `'`, "60 bytes, want 16"}, // short result
		{`cp "$6" "$7"; echo 'not json'`, "bad report"},
		{`cp "$6" "$7"; echo '{"median_ms":-1}'`, "bad report"},
		{`cp "$6" "$7"; echo '{"median_ms":1,"p10_ms":1,"p90_ms":1,"mean_ms":1,"min_ms":1,"calls":1}'`, "missing"},
		{`cp "$6" "$7"; echo '{"median_ms":1,"bogus":1}'`, "bad report"},
		{`yes | head -c 100000`, "more than"},
		{`echo '` + good + `'`, "no such file"},
	} {
		exe := filepath.Join(dir, "fake"+string(rune('a'+i)))
		if err := os.WriteFile(exe, []byte("#!/bin/sh\n"+tc.script+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		p := &NativePeer{Name: "C fake", Path: exe}
		_, err := p.Run(context.Background(), c, time.Millisecond)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v (want %q)", tc.script, err, tc.want)
		}
		if strings.Contains(tc.want, "element") && !errors.Is(err, ErrMismatch) {
			t.Errorf("%s: %v is not ErrMismatch", tc.script, err)
		}
	}
	// A good fake peer: the Go result written back, and the report as given.
	exe := filepath.Join(dir, "fakeok")
	script := "#!/bin/sh\ncp " + filepath.Join(dir, "want.f32") + ` "$7"; echo '` + good + "'\n"
	if err := os.WriteFile(exe, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	b := f32Bytes(c.Out)
	if err := os.WriteFile(filepath.Join(dir, "want.f32"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := (&NativePeer{Name: "C ok", Flags: []string{"-O1"}, Path: exe}).Run(context.Background(), c, time.Millisecond)
	if err != nil || r.Timing != (Timing{MedianMs: 0.5, P10Ms: 0.4, P90Ms: 0.6, MeanMs: 0.5, MinMs: 0.3, CPUMs: 0.5}) ||
		r.Calls != 10 || r.MaxAbsErr != 0 || r.Flags != "-O1" {
		t.Errorf("good fake peer: %+v %v", r, err)
	}
}

// TestRunNative runs the runner with the native peers at a tiny size and
// checks what they add to the results, the table, the JSON and the chart.
func TestRunNative(t *testing.T) {
	ps := nativePeers(t)
	res, err := Run(context.Background(), Config{Kernels: []string{"K4", "K7"}, Size: 16, Iters: 3, Warmup: 1,
		Budget: 8 * time.Millisecond, Native: ps})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if len(r.Native) != 2 || r.NativeRatio <= 0 {
			t.Fatalf("%s: native results %+v, ratio %v", r.Kernel, r.Native, r.NativeRatio)
		}
		best := min(r.Native[0].Timing.MedianMs, r.Native[1].Timing.MedianMs)
		if r.NativeRatio != r.Sandjit.MedianMs/best {
			t.Errorf("%s: native ratio %v, want %v", r.Kernel, r.NativeRatio, r.Sandjit.MedianMs/best)
		}
		k := Lookup(r.Kernel)
		if want := k.NativeTargetRatio(r.Backend); r.NativeTargetRatio != want || r.NativeMet == nil ||
			*r.NativeMet != (r.NativeRatio <= want) {
			t.Errorf("%s: native target %v (want %v), met %v, ratio %v", r.Kernel, r.NativeTargetRatio, want, r.NativeMet, r.NativeRatio)
		}
		for i, n := range r.Native {
			if n.Name != ps[i].Name || n.Timing.MedianMs <= 0 || n.Calls < 3 || n.Ratio != r.Sandjit.MedianMs/n.Timing.MedianMs {
				t.Errorf("%s: %+v", r.Kernel, n)
			}
		}
	}
	var buf bytes.Buffer
	if err := WriteTable(&buf, res); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, s := range []string{"C -O3", "C -Ofast", "ratio C", "-Ofast -march=native", "ratio C = sandjit/fastest C", "C target", "met C", "≤"} {
		if !strings.Contains(out, s) {
			t.Errorf("table lacks %q:\n%s", s, out)
		}
	}
	t.Logf("\n%s", out)
	// Without native results the table has no native columns.
	plain := append([]Result(nil), res...)
	for i := range plain {
		plain[i].Native, plain[i].NativeRatio, plain[i].NativeTargetRatio, plain[i].NativeMet = nil, 0, 0, nil
	}
	buf.Reset()
	WriteTable(&buf, plain)
	if strings.Contains(buf.String(), "C -O3") || strings.Contains(buf.String(), "ratio C") || strings.Contains(buf.String(), "C target") {
		t.Errorf("native columns without native results:\n%s", buf.String())
	}

	buf.Reset()
	if err := WriteJSON(&buf, res); err != nil {
		t.Fatal(err)
	}
	var raw []map[string]any
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	nat, _ := raw[0]["native"].([]any)
	if len(nat) != 2 || raw[0]["native_ratio"] == nil || raw[0]["native_target_ratio"] == nil || raw[0]["native_met"] == nil {
		t.Fatalf("JSON: %v", raw[0])
	}
	first, _ := nat[0].(map[string]any)
	for _, key := range []string{"name", "flags", "timing", "calls", "ratio", "max_abs_err"} {
		if _, ok := first[key]; !ok {
			t.Errorf("JSON native lacks %q: %v", key, first)
		}
	}

	buf.Reset()
	if err := WriteSVG(&buf, res, "native"); err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(buf.Bytes(), new(struct{})); err != nil || !strings.Contains(buf.String(), "sandjit / fastest C") ||
		strings.Count(buf.String(), `fill="#f28e2b"`) != len(res)+1 {
		t.Errorf("SVG with native ratios (%v):\n%s", err, buf.String())
	}
}

// TestNativeTargetRatio pins the targets as ratios to peers.md's native
// anchors: every kernel but K9 has one, the matmul's depends on the
// backend (its GFLOP/s target does), and the ratios are the issue's
// targets over the anchors (K1: 0.40 ms over C -Ofast's 0.202 ms).
func TestNativeTargetRatio(t *testing.T) {
	for _, k := range Suite() {
		got := k.NativeTargetRatio("wazero")
		if k.Name == "K9" {
			if got != 0 || k.AnchorMs != 0 {
				t.Errorf("K9: anchor %v, native target %v; want none", k.AnchorMs, got)
			}
			continue
		}
		if k.AnchorMs <= 0 || got <= 0 || math.IsInf(got, 0) {
			t.Errorf("%s: anchor %v, native target %v", k.Name, k.AnchorMs, got)
		}
	}
	if got, want := Lookup("K1").NativeTargetRatio("wazero"), 0.40/0.202; math.Abs(got-want) > 1e-12 {
		t.Errorf("K1: %v, want %v", got, want)
	}
	// K7: 2·512³ flop at 25 GFLOP/s (wazero) or 45 (any other backend)
	// over C's 4.11 ms.
	k7 := Lookup("K7")
	flop := 2 * 512.0 * 512 * 512
	for backend, g := range map[string]float64{"wazero": 25, "wasmtime": 45} {
		if got, want := k7.NativeTargetRatio(backend), flop/g/1e6/4.11; math.Abs(got-want) > 1e-12 {
			t.Errorf("K7 on %s: %v, want %v", backend, got, want)
		}
	}
}
