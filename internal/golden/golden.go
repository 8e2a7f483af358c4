// Package golden loads sandjit's golden test corpus (testdata/kernels and
// testdata/golden, see testdata/README.md) and compares tensors with the
// corpus's tolerance rules. Tests of several packages share it.
package golden

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sandjit/sandjit/memref"
)

// Kernel is one kernel of the corpus with its cases.
type Kernel struct {
	Name   string
	Path   string
	Src    []byte
	Entry  string // "" for the default rule (test, else the first function)
	header map[string]string
	Cases  []Case
}

// Case is one set of inputs and expected results.
type Case struct {
	Name    string
	Args    []*memref.Tensor
	Results []*memref.Tensor
}

// EntryName applies the corpus's entry rule to a module's function names:
// the header's entry, else "test" if there is one, else the first.
func (k *Kernel) EntryName(funcs []string) string {
	if k.Entry != "" {
		return k.Entry
	}
	for _, f := range funcs {
		if f == "test" {
			return f
		}
	}
	if len(funcs) > 0 {
		return funcs[0]
	}
	return ""
}

// maxNPYBytes bounds one .npy file of the corpus.
const maxNPYBytes = 64 << 20

// Root finds the repository's testdata directory from a package directory.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Load reads every kernel under testdata/kernels with its golden cases.
func Load() ([]*Kernel, error) {
	root, err := Root()
	if err != nil {
		return nil, err
	}
	paths, err := filepath.Glob(filepath.Join(root, "kernels", "*.mlir"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []*Kernel
	for _, p := range paths {
		k, err := loadKernel(root, p)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, nil
}

func loadKernel(root, path string) (*Kernel, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSuffix(filepath.Base(path), ".mlir")
	k := &Kernel{Name: name, Path: path, Src: src}
	if k.header, err = parseHeader(src); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	k.Entry = k.header["entry"]
	caseDirs, err := filepath.Glob(filepath.Join(root, "golden", name, "c*"))
	if err != nil {
		return nil, err
	}
	sort.Slice(caseDirs, func(i, j int) bool { return caseNum(caseDirs[i]) < caseNum(caseDirs[j]) })
	for _, dir := range caseDirs {
		c := Case{Name: filepath.Base(dir)}
		for _, part := range []struct {
			prefix string
			into   *[]*memref.Tensor
		}{{"arg", &c.Args}, {"result", &c.Results}} {
			for i := 0; ; i++ {
				p := filepath.Join(dir, fmt.Sprintf("%s%d.npy", part.prefix, i))
				t, err := memref.ReadNPYFile(p, maxNPYBytes)
				if os.IsNotExist(err) || (err != nil && !fileExists(p)) {
					break
				}
				if err != nil {
					return nil, err
				}
				*part.into = append(*part.into, t)
			}
		}
		k.Cases = append(k.Cases, c)
	}
	return k, nil
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func caseNum(dir string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(filepath.Base(dir), "c"))
	return n
}

func parseHeader(src []byte) (map[string]string, error) {
	h := map[string]string{}
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
			key, v, ok := strings.Cut(kv, "=")
			if !ok || (key != "entry" && key != "rtol" && key != "atol") {
				return nil, fmt.Errorf("bad sandjit-test header field %q", kv)
			}
			h[key] = v
		}
	}
	return h, nil
}

// defaultTolerance is (rtol, atol) per float dtype.
var defaultTolerance = map[memref.DType][2]float64{
	memref.Float16: {1e-3, 1e-5},
	memref.Float32: {1e-5, 1e-6},
	memref.Float64: {1e-12, 1e-14},
	// bf16 keeps 8 significant bits: results computed in f32 by two
	// correct implementations may round one bf16 ulp (2^-8 to 2^-7 of the
	// value) apart.
	memref.BFloat16: {1e-2, 1e-5},
}

// Tolerance is (rtol, atol) for results of dtype dt: the header's, else the
// dtype's default (a complex type's is its part type's, applied to each
// part); zero for integers and booleans.
func (k *Kernel) Tolerance(dt memref.DType) (rtol, atol float64) {
	if dt.IsComplex() {
		dt = dt.ComplexPart()
	}
	tol := defaultTolerance[dt]
	rtol, atol = tol[0], tol[1]
	if s, ok := k.header["rtol"]; ok {
		rtol, _ = strconv.ParseFloat(s, 64)
	}
	if s, ok := k.header["atol"]; ok {
		atol, _ = strconv.ParseFloat(s, 64)
	}
	return rtol, atol
}

// Compare checks got against want: same dtype and shape; integers and
// booleans exact; floats (and each part of a complex) within atol +
// rtol·|want|, NaN matching NaN and infinities matching exactly. The error names the first few mismatches.
func Compare(got, want *memref.Tensor, rtol, atol float64) error {
	return CompareExcept(got, want, rtol, atol, nil)
}

// CompareExcept is Compare that ignores the elements i with skip[i] (skip
// may be nil or shorter than the tensors: the rest are compared).
func CompareExcept(got, want *memref.Tensor, rtol, atol float64, skip []bool) error {
	if got == nil {
		return fmt.Errorf("missing result")
	}
	if got.DType != want.DType || !slices.Equal(got.Shape, want.Shape) {
		return fmt.Errorf("got %s, want %s", got.Type(), want.Type())
	}
	g, w := got.Contiguous(), want.Contiguous()
	var bad []string
	n := w.Len()
	count := 0
	for i := 0; i < n; i++ {
		if i < len(skip) && skip[i] {
			continue
		}
		if ok := elemEqual(g, w, i, rtol, atol); !ok {
			count++
			if len(bad) < 5 {
				bad = append(bad, fmt.Sprintf("[%d] got %v want %v", i, elemString(g, i), elemString(w, i)))
			}
		}
	}
	if count > 0 {
		return fmt.Errorf("%d of %d elements differ (rtol %g atol %g): %s", count, n, rtol, atol, strings.Join(bad, "; "))
	}
	return nil
}

// Unstable marks the elements of want that alt, the same computation on
// slightly different inputs, does not match within rtol and atol: results
// whose conditioning turns input-sized errors into more than the
// tolerance, which no implementation can be held to. want and alt have the
// same type.
func Unstable(want, alt *memref.Tensor, rtol, atol float64) []bool {
	w, a := want.Contiguous(), alt.Contiguous()
	out := make([]bool, w.Len())
	for i := range out {
		out[i] = !elemEqual(a, w, i, rtol, atol)
	}
	return out
}

func elemString(t *memref.Tensor, i int) string {
	if t.DType.IsComplex() {
		return fmt.Sprint(t.Complex128At(i))
	}
	return fmt.Sprint(t.Float64At(i))
}

func elemEqual(g, w *memref.Tensor, i int, rtol, atol float64) bool {
	if w.DType.IsComplex() {
		a, b := g.Complex128At(i), w.Complex128At(i)
		return floatEqual(real(a), real(b), rtol, atol) && floatEqual(imag(a), imag(b), rtol, atol)
	}
	if !w.DType.IsFloat() {
		return g.Bits64At(i) == w.Bits64At(i) || (w.DType == memref.Bool && (g.Bits64At(i) != 0) == (w.Bits64At(i) != 0))
	}
	return floatEqual(g.Float64At(i), w.Float64At(i), rtol, atol)
}

// floatEqual is the comparison of one float: NaN matches NaN, an infinity
// only itself, others within atol + rtol·|b|.
func floatEqual(a, b, rtol, atol float64) bool {
	switch {
	case math.IsNaN(b):
		return math.IsNaN(a)
	case math.IsInf(b, 0):
		return a == b
	case math.IsNaN(a) || math.IsInf(a, 0):
		return false
	}
	return math.Abs(a-b) <= atol+rtol*math.Abs(b)
}
