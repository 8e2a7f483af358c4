package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"github.com/sandjit/sandjit/internal/mlir"
	"io"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/internal/refeval"
	"github.com/sandjit/sandjit/memref"
)

// Small odd sizes: every loop's remainder and tiling edge is exercised.
var small = []Dims{{N: 37, M: 19, E: 8}, {N: 1, M: 1, E: 1}, {N: 70, M: 33, E: 3}}

// TestGoBaselinesMatchRefeval runs each kernel's text, static and
// dynamic, through the reference evaluator and compares its Go baseline
// with it.
func TestGoBaselinesMatchRefeval(t *testing.T) {
	ctx := context.Background()
	for _, k := range Suite() {
		for _, d := range small {
			c, err := k.Prepare(nil, d, 7)
			if err != nil {
				t.Fatal(err)
			}
			c.RunGo()
			for _, src := range []string{string(c.Src), k.DynamicSource(d)} {
				mod, err := mlir.Parse(k.Name+".mlir", []byte(src), mlir.ParseLimits{})
				if err != nil {
					t.Fatalf("%s %+v: parse: %v\n%s", k.Name, d, err, src)
				}
				want, err := refeval.Eval(ctx, mod.Funcs[0], mod, c.Heap)
				if err != nil {
					t.Fatalf("%s %+v: refeval: %v\n%s", k.Name, d, err, src)
				}
				// Check compares a result with c.Out, the Go baseline's.
				if _, err := c.Check(want); err != nil {
					t.Errorf("%s %s %+v: Go baseline vs refeval: %v\n%s", k.Name, k.Title, d, err, src)
				}
			}
		}
	}
}

// TestDynamicSource: the dynamic form declares every f32 dim `?` and
// nothing else changes.
func TestDynamicSource(t *testing.T) {
	d := DimsFor(64)
	static := regexp.MustCompile(`tensor<(?:[0-9?]+x)*[0-9]+xf32>`)
	for _, k := range Suite() {
		src, dyn := k.Source(d), k.DynamicSource(d)
		if static.MatchString(dyn) {
			t.Errorf("%s: a static f32 type is left: %s", k.Name, static.FindString(dyn))
		}
		if !strings.Contains(dyn, "tensor<?") {
			t.Errorf("%s: no dynamic type:\n%s", k.Name, dyn)
		}
		// Erasing the dims from both leaves the same text.
		erase := regexp.MustCompile(`[0-9?]+x`)
		if erase.ReplaceAllString(src, "") != erase.ReplaceAllString(dyn, "") {
			t.Errorf("%s: more than the dims changed:\n%s\n%s", k.Name, src, dyn)
		}
	}
	if got := Lookup("K3").DynamicSource(Dims{N: 5, M: 2, E: 1}); !strings.Contains(got, "(%x: tensor<?x?xf32>, %bias: tensor<?xf32>)") {
		t.Errorf("K3 dynamic:\n%s", got)
	}
}

func TestSuiteData(t *testing.T) {
	d := DimsFor(DefaultSize)
	if d != (Dims{1024, 512, 8}) {
		t.Errorf("DimsFor(1024) = %+v", d)
	}
	if d := DimsFor(16); d != (Dims{16, 8, 1}) {
		t.Errorf("DimsFor(16) = %+v", d)
	}
	want := map[string]float64{"K1": 0.40, "K2": 0.28, "K3": 0.10, "K4": 0.08, "K5": 0.11, "K6": 0.64, "K8": 1.0, "K9": 0.0005, "K10": 0.30}
	for i, k := range Suite() {
		if k.Name != "K"+string(rune('1'+i)) && !(i == 9 && k.Name == "K10") {
			t.Errorf("kernel %d is %s", i, k.Name)
		}
		if Lookup(strings.ToLower(k.Name)) != k {
			t.Errorf("Lookup(%s) failed", k.Name)
		}
		ms, scaled := k.Target(d, "wazero")
		if w, ok := want[k.Name]; ok && (ms != w || scaled) {
			t.Errorf("%s target %v (scaled %v), want %v", k.Name, ms, scaled, w)
		}
		if k.Bytes(d) <= 0 {
			t.Errorf("%s: no byte count", k.Name)
		}
	}
	mm := Lookup("K7")
	if g := mm.GFLOPsTarget("wazero"); g != 25 {
		t.Errorf("K7 wazero target %v", g)
	}
	if g := mm.GFLOPsTarget("wasmtime"); g != 45 {
		t.Errorf("K7 wasmtime target %v", g)
	}
	// 2·512³ FLOPs at 25 GFLOP/s.
	if ms, _ := mm.Target(d, "wazero"); ms < 10.73 || ms > 10.74 {
		t.Errorf("K7 target %v ms", ms)
	}
	if ms, scaled := Lookup("K1").Target(DimsFor(512), "wazero"); ms != 0.1 || !scaled {
		t.Errorf("K1 target at 512: %v %v", ms, scaled)
	}
	// Inputs depend on the seed and the kernel only.
	a, b := Lookup("K3").Inputs(DimsFor(8), 1), Lookup("K3").Inputs(DimsFor(8), 1)
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, Lookup("K3").Inputs(DimsFor(8), 2)) {
		t.Error("inputs are not a function of the seed")
	}
	for _, v := range a[0] {
		if v < -1 || v >= 1 {
			t.Fatalf("input %v outside [-1, 1)", v)
		}
	}
}

func TestCheckFailsLoudly(t *testing.T) {
	c, err := Lookup("K1").Prepare(nil, Dims{N: 4, M: 2, E: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	c.RunGo()
	bad := append([]float32(nil), c.Out...)
	bad[5] += 0.01
	res, _ := memref.FromSlice([]int{4, 4}, bad)
	if _, err := c.Check([]*memref.Tensor{res}); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "element 5") {
		t.Errorf("Check of a wrong result: %v", err)
	}
	res, _ = memref.FromSlice([]int{16}, c.Out)
	if _, err := c.Check([]*memref.Tensor{res}); !errors.Is(err, ErrMismatch) {
		t.Errorf("Check of a wrong shape: %v", err)
	}
}

// runTiny runs the whole suite at a tiny size, once per test binary.
var tiny []Result

func runTiny(t *testing.T) []Result {
	t.Helper()
	if tiny != nil {
		return tiny
	}
	var calls int
	res, err := Run(context.Background(), Config{Size: 16, Iters: 5, Warmup: 1,
		Specialization: engine.SpecializeAlways, Progress: func(*Kernel, int, int) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if calls < 2*len(Suite()) {
		t.Errorf("progress called %d times", calls)
	}
	tiny = res
	return res
}

func TestRunTiny(t *testing.T) {
	res := runTiny(t)
	if len(res) != len(Suite()) {
		t.Fatalf("%d results", len(res))
	}
	for _, r := range res {
		if r.Iters != 5 || r.Size != 16 || r.Workers != 1 || r.Backend != "wazero" || r.Specialization != "always" {
			t.Errorf("%s: config not recorded: %+v", r.Kernel, r)
		}
		if r.Dynamic == nil || r.DynamicRatio <= 0 || r.DynamicRatio != r.Dynamic.MedianMs/r.Sandjit.MedianMs {
			t.Errorf("%s: dynamic form not measured: %+v %v", r.Kernel, r.Dynamic, r.DynamicRatio)
			continue
		}
		for name, tm := range map[string]Timing{"sandjit": r.Sandjit, "run": r.SandjitRun, "heap": r.SandjitHeap, "into": r.SandjitInto, "go": r.Go, "dynamic": *r.Dynamic} {
			if !(tm.P10Ms <= tm.MedianMs && tm.MedianMs <= tm.P90Ms) || tm.MinMs > tm.P10Ms || tm.MedianMs < 0 {
				t.Errorf("%s %s: timing out of order: %+v", r.Kernel, name, tm)
			}
		}
		if r.Sandjit.MedianMs <= 0 || r.SandjitRun.MedianMs <= 0 || r.RunRatio <= 0 || r.Ratio <= 0 || r.TargetMs <= 0 || r.TargetRatio <= 0 {
			t.Errorf("%s: missing numbers: %+v", r.Kernel, r)
		}
		if (r.Kernel == "K7") != (r.TargetGFLOPs == 25) {
			t.Errorf("%s: GFLOP/s target %v", r.Kernel, r.TargetGFLOPs)
		}
	}
	var buf bytes.Buffer
	if err := WriteTable(&buf, res); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, s := range []string{"sandjit median", "dyn/static", "K10", "GFLOP/s", "Mcall/s", "GB/s", "target scaled", "dynamic: the same kernel with every dim ?"} {
		if !strings.Contains(out, s) {
			t.Errorf("table lacks %q:\n%s", s, out)
		}
	}
	t.Logf("\n%s", out)
}

func TestRunSelectsKernels(t *testing.T) {
	res, err := Run(context.Background(), Config{Kernels: []string{"k9", "K3", "K9"}, Size: 8, Iters: 2, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 2 || res[0].Kernel != "K9" || res[1].Kernel != "K3" || res[0].Workers != 2 {
		t.Errorf("got %+v", res)
	}
	for _, r := range res {
		if r.Dynamic == nil {
			t.Errorf("%s: dynamic form not measured", r.Kernel)
		}
	}
	static, err := Run(context.Background(), Config{Kernels: []string{"K3"}, Size: 8, Iters: 2, Static: true})
	if err != nil {
		t.Fatal(err)
	}
	if static[0].Dynamic != nil || static[0].DynamicRatio != 0 {
		t.Errorf("Static: the dynamic form was measured: %+v", static[0])
	}
	var buf bytes.Buffer
	if err := WriteTable(&buf, static); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "dyn/static") {
		t.Errorf("Static: the table has a dynamic column:\n%s", buf.String())
	}
	if _, err := Run(context.Background(), Config{Kernels: []string{"K11"}}); err == nil || !strings.Contains(err.Error(), "K10") {
		t.Errorf("unknown kernel: %v", err)
	}
	if _, err := Run(context.Background(), Config{Kernels: []string{"K9"}, Backend: "nope"}); err == nil {
		t.Error("unknown backend accepted")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	res := runTiny(t)
	var buf bytes.Buffer
	if err := WriteJSON(&buf, res); err != nil {
		t.Fatal(err)
	}
	var back []Result
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, res) {
		t.Errorf("round trip differs:\n%+v\n%+v", back, res)
	}
	var raw []map[string]any
	json.Unmarshal(buf.Bytes(), &raw)
	for _, key := range []string{"kernel", "sandjit", "go", "ratio", "gb_per_s", "target_ms", "met", "dynamic", "dynamic_ratio"} {
		if _, ok := raw[0][key]; !ok {
			t.Errorf("JSON lacks %q", key)
		}
	}
}

func TestSVGWellFormed(t *testing.T) {
	res := runTiny(t)
	// Extremes and a missing value must not break the chart.
	res = append(res, Result{Kernel: "X<&>", Ratio: 1e-4, TargetRatio: 0}, Result{Kernel: "Y", Ratio: 3e5, TargetRatio: 1})
	for _, rs := range [][]Result{res, nil, res[:1]} {
		var buf bytes.Buffer
		if err := WriteSVG(&buf, rs, `suite "&" <size 16>`); err != nil {
			t.Fatal(err)
		}
		dec := xml.NewDecoder(&buf)
		var root string
		rects := 0
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("not well-formed XML: %v", err)
			}
			if se, ok := tok.(xml.StartElement); ok {
				if root == "" {
					root = se.Name.Local
					if se.Name.Space != "http://www.w3.org/2000/svg" {
						t.Errorf("namespace %q", se.Name.Space)
					}
				}
				if se.Name.Local == "rect" {
					rects++
				}
			}
		}
		if root != "svg" {
			t.Errorf("root element %q", root)
		}
		if len(rs) > 0 && rects < len(rs) {
			t.Errorf("%d rects for %d results", rects, len(rs))
		}
	}
}

func TestFormatMs(t *testing.T) {
	for ms, want := range map[float64]string{0.0005: "500ns", 0.0042: "4.20µs", 0.4: "400.0µs", 10.7: "10.70ms", 2500: "2.500s"} {
		if got := FormatMs(ms); got != want {
			t.Errorf("FormatMs(%v) = %q, want %q", ms, got, want)
		}
	}
}
