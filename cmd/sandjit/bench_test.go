package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/bench"
)

func TestBenchTable(t *testing.T) {
	code, out, errs := sandjit(t, "bench", "--kernel=K3,K9", "--size=8", "--iters=3", "--warmup=0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, s := range []string{"sandjit median", "Go median", "K3 x+bias", "K9 add", "met", "size 8, backend wazero, 1 worker(s)"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "K1 ") || strings.Contains(out, "ratio C") || !strings.Contains(out, "dyn/static") || strings.Count(out, "\n") != 7 {
		t.Errorf("want a header, two kernels, the config line, the legend, the dynamic form's legend and the scaled targets' note:\n%s", out)
	}
	// Progress goes to stderr, each update over the last, and is wiped.
	if !strings.Contains(errs, "\rK9 add [8] (call overhead): 3/3 calls") || !strings.HasSuffix(errs, "\r") {
		t.Errorf("progress: %q", errs)
	}
}

func TestBenchJSONAndPlot(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "ratios.svg")
	code, out, errs := sandjit(t, "bench", "--json", "--kernel=k7", "--size=4", "--iters=2", "--workers=2",
		"--specialize=always", "--plot="+svg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res []map[string]any
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(res) != 1 || res[0]["kernel"] != "K7" || res[0]["workers"] != 2.0 || res[0]["specialization"] != "always" ||
		res[0]["target_gflop_per_s"] != 25.0 || res[0]["dynamic"] == nil || !(res[0]["dynamic_ratio"].(float64) > 0) {
		t.Errorf("got %v", res)
	}
	f, err := os.Open(svg)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var doc struct {
		XMLName xml.Name
	}
	if err := xml.NewDecoder(f).Decode(&doc); err != nil || doc.XMLName.Local != "svg" {
		t.Errorf("plot: %v %v", doc.XMLName, err)
	}
}

func TestBenchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--kernel=K11"},
		{"--size=0"},
		{"--workers=0"},
		{"--iters=-1"},
		{"--backend=v8"},
		{"--specialize=sometimes"},
		{"extra"},
		{"--nope"},
	} {
		code, _, errs := sandjit(t, append([]string{"bench"}, args...)...)
		if code != exitUsage || !strings.HasPrefix(errs, "sandjit bench: ") || !strings.Contains(errs, "\nusage: sandjit bench") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	if code, _, errs := sandjit(t, "bench", "-h"); code != 0 || !strings.Contains(errs, "K10  layer norm") {
		t.Errorf("-h: exit %d\n%s", code, errs)
	}
}

// TestBenchNative runs --native at a tiny size where a C compiler is on
// PATH: the C peers' timings are there and their results were checked.
func TestBenchNative(t *testing.T) {
	cc := bench.CCompiler()
	if _, err := exec.LookPath(cc[0]); err != nil {
		t.Skipf("no C compiler (%q; set $CC): %v", cc[0], err)
	}
	code, out, errs := sandjit(t, "bench", "--native", "--json", "--kernel=K2,K6,K9", "--size=64", "--iters=3",
		"--warmup=1", "--budget=20ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res []struct {
		Kernel string
		Native []struct {
			Name   string
			Flags  string
			Timing struct {
				MedianMs float64 `json:"median_ms"`
			}
			Calls     int64
			Ratio     float64
			MaxAbsErr *float64 `json:"max_abs_err"`
		}
		NativeRatio float64 `json:"native_ratio"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(res) != 3 {
		t.Fatalf("%d results:\n%s", len(res), out)
	}
	for _, r := range res {
		if len(r.Native) != 2 || r.Native[0].Name != "C -O3" || r.Native[1].Name != "C -Ofast" || r.NativeRatio <= 0 {
			t.Errorf("%s: %+v", r.Kernel, r)
			continue
		}
		for _, n := range r.Native {
			// The result was checked against the Go baseline (a mismatch
			// fails the command) and its largest error recorded.
			if n.Timing.MedianMs <= 0 || n.Calls < 3 || n.Ratio <= 0 || n.MaxAbsErr == nil || !strings.Contains(n.Flags, "-march=native") {
				t.Errorf("%s %s: %+v", r.Kernel, n.Name, n)
			}
		}
	}
}
