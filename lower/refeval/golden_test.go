package refeval

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/lower"
	"github.com/sandjit/sandjit/memref"
)

// The golden corpus: testdata/kernels/<name>.mlir with inputs and numpy's
// expected results in testdata/golden/<name>/<case>/arg<i>.npy and
// result<i>.npy (see testdata/README.md).
var (
	kernelsDir = filepath.Join("..", "..", "testdata", "kernels")
	goldenDir  = filepath.Join("..", "..", "testdata", "golden")
)

// parseKernel parses a kernel file.
func parseKernel(file string, src []byte) (*lower.Module, error) {
	return lower.Parse(file, src, lower.DefaultParseLimits())
}

// maxGoldenBytes bounds one .npy file of the corpus.
const maxGoldenBytes = 64 << 20

// defaultTolerance is (rtol, atol) per float dtype, as testdata/gen_goldens.py
// uses them; a kernel's `// sandjit-test: rtol=… atol=…` header overrides both.
var defaultTolerance = map[memref.DType][2]float64{
	memref.Float16: {1e-3, 1e-5},
	memref.Float32: {1e-5, 1e-6},
	memref.Float64: {1e-12, 1e-14},
}

// kernelHeader is the `// sandjit-test: key=value …` lines at the top of a
// kernel file.
type kernelHeader map[string]string

func parseKernelHeader(src []byte) (kernelHeader, error) {
	h := kernelHeader{}
	for _, line := range strings.Split(string(src), "\n") {
		s := strings.TrimSpace(line)
		if s == "" {
			continue
		}
		if !strings.HasPrefix(s, "//") {
			break
		}
		_, rest, ok := strings.Cut(s, "sandjit-test:")
		if !ok {
			continue
		}
		for _, kv := range strings.Fields(rest) {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || (k != "entry" && k != "rtol" && k != "atol") {
				return nil, fmt.Errorf("bad sandjit-test header field %q", kv)
			}
			h[k] = v
		}
	}
	return h, nil
}

// tolerance is (rtol, atol) for results of dtype dt.
func (h kernelHeader) tolerance(dt memref.DType) (rtol, atol float64, err error) {
	tol := defaultTolerance[dt]
	rtol, atol = tol[0], tol[1]
	if s, ok := h["rtol"]; ok {
		if rtol, err = strconv.ParseFloat(s, 64); err != nil {
			return 0, 0, err
		}
	}
	if s, ok := h["atol"]; ok {
		if atol, err = strconv.ParseFloat(s, 64); err != nil {
			return 0, 0, err
		}
	}
	return rtol, atol, nil
}

// entryFunc picks the header's entry, else @test, else the first function.
func (h kernelHeader) entryFunc(mod *lower.Module) (*lower.Func, error) {
	if name, ok := h["entry"]; ok {
		if fn := mod.Lookup(name); fn != nil {
			return fn, nil
		}
		return nil, fmt.Errorf("entry @%s not found", name)
	}
	if fn := mod.Lookup("test"); fn != nil {
		return fn, nil
	}
	if len(mod.Funcs) == 0 {
		return nil, errors.New("no functions")
	}
	return mod.Funcs[0], nil
}

// readNumbered reads dir/<prefix>0.npy, <prefix>1.npy, … up to the first
// missing one.
func readNumbered(dir, prefix string) ([]*memref.Tensor, error) {
	var out []*memref.Tensor
	for i := 0; ; i++ {
		path := filepath.Join(dir, prefix+strconv.Itoa(i)+".npy")
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return out, nil
		}
		t, err := memref.ReadNPYFile(path, maxGoldenBytes)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
}

func TestGoldenCorpus(t *testing.T) {
	if _, err := os.Stat(goldenDir); errors.Is(err, fs.ErrNotExist) {
		t.Skip("testdata/golden does not exist yet: no golden corpus to compare the reference evaluator with")
	}
	kernels, err := filepath.Glob(filepath.Join(kernelsDir, "*.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	if len(kernels) == 0 {
		t.Fatalf("%s holds no kernels", kernelsDir)
	}
	for _, path := range kernels {
		name := strings.TrimSuffix(filepath.Base(path), ".mlir")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			hdr, err := parseKernelHeader(src)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			mod, err := parseKernel(path, src)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			fn, err := hdr.entryFunc(mod)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			cases, err := filepath.Glob(filepath.Join(goldenDir, name, "*"))
			if err != nil {
				t.Fatal(err)
			}
			if len(cases) == 0 {
				t.Fatalf("no golden cases under %s", filepath.Join(goldenDir, name))
			}
			sort.Strings(cases)
			for _, dir := range cases {
				checkGoldenCase(t, hdr, fn, mod, dir)
			}
		})
	}
}

func checkGoldenCase(t *testing.T, hdr kernelHeader, fn *lower.Func, mod *lower.Module, dir string) {
	t.Helper()
	caseName := filepath.Base(dir)
	args, err := readNumbered(dir, "arg")
	if err != nil {
		t.Fatalf("%s: %v", caseName, err)
	}
	want, err := readNumbered(dir, "result")
	if err != nil {
		t.Fatalf("%s: %v", caseName, err)
	}
	got, err := Eval(context.Background(), fn, mod, args)
	if err != nil {
		t.Errorf("%s: %v", caseName, err)
		return
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d results, %d goldens", caseName, len(got), len(want))
		return
	}
	for i := range want {
		rtol, atol, err := hdr.tolerance(want[i].DType)
		if err != nil {
			t.Fatalf("tolerance: %v", err)
		}
		for _, msg := range compareGolden(got[i].Contiguous(), want[i].Contiguous(), rtol, atol, 5) {
			t.Errorf("%s result%d: %s", caseName, i, msg)
		}
	}
}

// compareGolden compares got with want: same dtype and shape; integers and
// booleans exactly; floats with NaN matching NaN, infinities exactly and
// finite values within atol + rtol·|want|. It returns up to max messages.
func compareGolden(got, want *memref.Tensor, rtol, atol float64, max int) []string {
	if got.DType != want.DType || !sameShape(got.Shape, want.Shape) {
		return []string{fmt.Sprintf("got %s, golden %s", got.Type(), want.Type())}
	}
	var msgs []string
	bad := 0
	for i := 0; i < want.Len(); i++ {
		var ok bool
		var g, w string
		switch {
		case want.DType.IsFloat():
			gv, wv := got.Float64At(i), want.Float64At(i)
			switch {
			case math.IsNaN(wv) || math.IsNaN(gv):
				ok = math.IsNaN(wv) && math.IsNaN(gv)
			case math.IsInf(wv, 0) || math.IsInf(gv, 0):
				ok = gv == wv
			default:
				ok = math.Abs(gv-wv) <= atol+rtol*math.Abs(wv)
			}
			g, w = strconv.FormatFloat(gv, 'g', -1, 64), strconv.FormatFloat(wv, 'g', -1, 64)
		case want.DType == memref.Bool:
			ok = (got.Bits64At(i) != 0) == (want.Bits64At(i) != 0)
			g, w = strconv.FormatBool(got.Bits64At(i) != 0), strconv.FormatBool(want.Bits64At(i) != 0)
		case want.DType.IsSigned():
			ok = got.Bits64At(i) == want.Bits64At(i)
			g, w = strconv.FormatInt(int64(got.Bits64At(i)), 10), strconv.FormatInt(int64(want.Bits64At(i)), 10)
		default:
			ok = got.Bits64At(i) == want.Bits64At(i)
			g, w = strconv.FormatUint(got.Bits64At(i), 10), strconv.FormatUint(want.Bits64At(i), 10)
		}
		if ok {
			continue
		}
		bad++
		if len(msgs) < max {
			msgs = append(msgs, fmt.Sprintf("element %v: got %s, golden %s", unflatten(i, want.Shape), g, w))
		}
	}
	if bad > len(msgs) {
		msgs = append(msgs, fmt.Sprintf("… %d mismatches in all", bad))
	}
	return msgs
}

// unflatten turns a row-major flat index into coordinates.
func unflatten(i int, shape []int) []int {
	c := make([]int, len(shape))
	for k := len(shape) - 1; k >= 0; k-- {
		c[k] = i % shape[k]
		i /= shape[k]
	}
	return c
}
