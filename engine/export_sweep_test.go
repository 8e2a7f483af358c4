package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/refeval"
	"github.com/sandjit/sandjit/memref"
)

// TestExportSweep runs testdata/export: kernels written the way
// TensorFlow's tooling prints them (tf-mlir-translate's graph form,
// tf.mlir.experimental.convert_function, the jitrt regression tests and
// benchmarks: see testdata/export/README.md). Each kernel runs on random
// inputs on every backend, with the default (shape-generic) executable and
// with specialization, and every result is held to the plain-Go
// reference evaluator. A kernel marked `xfail=<why>` must still fail
// (compile or run); when it starts to pass the test says so, and the mark
// goes.
func TestExportSweep(t *testing.T) {
	root, err := golden.Root()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "export", "*.mlir"))
	if err != nil || len(files) < 40 {
		t.Fatalf("want at least 40 kernels under testdata/export, got %d (%v)", len(files), err)
	}
	ctx := context.Background()
	rts := map[string]*Runtime{}
	for _, b := range Backends() {
		rts[b] = newRuntime(t, WithBackend(b), WithWorkers(2))
	}
	pass, xfail := 0, 0
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".mlir")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		ok := t.Run(name, func(t *testing.T) {
			k, err := parseSweepKernel(name, src)
			if err != nil {
				t.Fatal(err)
			}
			err = k.run(ctx, rts)
			switch {
			case k.xfail != "" && err == nil:
				t.Errorf("passes now: drop its xfail=%s", k.xfail)
			case k.xfail != "":
				t.Logf("expected failure (%s): %v", k.xfail, err)
				xfail++
			case err != nil:
				t.Error(err)
			}
		})
		if ok {
			pass++
		}
	}
	t.Logf("export sweep: %d of %d kernels pass (%d of them expected failures)", pass, len(files), xfail)
}

// sweepKernel is one testdata/export kernel with its header
// (`// sweep: key=value ...`):
//
//	entry=NAME        the function to run (default: the first)
//	argN=2x?x3        argument N's run shape (default: its
//	                  python_test_attrs.static_type, else its declared type)
//	argN.range=LO:HI  argument N's values: integers in [LO, HI), floats
//	                  uniform in [LO, HI) (default: integers in [-20, 20],
//	                  floats normal with σ=2 and some specials)
//	argN.values=A,B   argument N's values, in order (integers only)
//	rtol=R atol=A     tolerance for float results (default: diffTolerance)
//	xfail=WHY         the kernel is known not to work yet (one word)
//	modes=M,M         specialization modes to run (default: disabled,always;
//	                  a kernel with constrained or unranked arguments has
//	                  no default executable, so it says enabled,always)
type sweepKernel struct {
	name, entry, xfail string
	src                []byte
	shapes             map[int][]int
	ranges             map[int][2]float64
	values             map[int][]int64
	rtol, atol         float64
	tol                bool
	modes              []Specialization
}

func parseSweepKernel(name string, src []byte) (*sweepKernel, error) {
	k := &sweepKernel{name: name, src: src, shapes: map[int][]int{}, ranges: map[int][2]float64{}, values: map[int][]int64{},
		modes: []Specialization{SpecializeDisabled, SpecializeAlways}}
	for _, line := range strings.Split(string(src), "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// sweep:")
		if !ok {
			continue
		}
		for _, kv := range strings.Fields(rest) {
			key, val, ok := strings.Cut(kv, "=")
			if !ok {
				return nil, fmt.Errorf("header: %q is not key=value", kv)
			}
			var err error
			switch {
			case key == "entry":
				k.entry = val
			case key == "modes":
				k.modes = nil
				for _, name := range strings.Split(val, ",") {
					i := slices.Index(specializationNames[:], name)
					if i < 0 {
						err = fmt.Errorf("no specialization mode %q", name)
						break
					}
					k.modes = append(k.modes, Specialization(i))
				}
			case key == "xfail":
				k.xfail = val
			case key == "rtol":
				k.rtol, err = strconv.ParseFloat(val, 64)
				k.tol = true
			case key == "atol":
				k.atol, err = strconv.ParseFloat(val, 64)
				k.tol = true
			case strings.HasPrefix(key, "arg") && strings.HasSuffix(key, ".values"):
				var i int
				i, err = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(key, "arg"), ".values"))
				for _, v := range strings.Split(val, ",") {
					var n int64
					if n, err = strconv.ParseInt(v, 10, 64); err != nil {
						break
					}
					k.values[i] = append(k.values[i], n)
				}
			case strings.HasPrefix(key, "arg") && strings.HasSuffix(key, ".range"):
				var i int
				i, err = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(key, "arg"), ".range"))
				lo, hi, _ := strings.Cut(val, ":")
				var l, h float64
				if err == nil {
					l, err = strconv.ParseFloat(lo, 64)
				}
				if err == nil {
					h, err = strconv.ParseFloat(hi, 64)
				}
				k.ranges[i] = [2]float64{l, h}
			case strings.HasPrefix(key, "arg"):
				var i int
				i, err = strconv.Atoi(strings.TrimPrefix(key, "arg"))
				if err == nil {
					k.shapes[i], err = parseDims(val)
				}
			default:
				err = fmt.Errorf("unknown key")
			}
			if err != nil {
				return nil, fmt.Errorf("header: %s: %v", kv, err)
			}
		}
	}
	return k, nil
}

// parseDims reads `2x3x4` (or `scalar` for rank 0).
func parseDims(s string) ([]int, error) {
	if s == "scalar" {
		return []int{}, nil
	}
	var dims []int
	for _, d := range strings.Split(s, "x") {
		n, err := strconv.Atoi(d)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("bad dim %q", d)
		}
		dims = append(dims, n)
	}
	return dims, nil
}

// run compiles and runs the kernel on every runtime in each of its
// specialization modes and returns every failure.
func (k *sweepKernel) run(ctx context.Context, rts map[string]*Runtime) error {
	m, err := mlir.Parse(k.name+".mlir", k.src, mlir.DefaultParseLimits())
	if err != nil {
		return fmt.Errorf("parse: %w", err)
	}
	f := m.Funcs[0]
	if k.entry != "" {
		if f = m.Lookup(k.entry); f == nil {
			return fmt.Errorf("no function @%s", k.entry)
		}
	}
	args, err := k.inputs(f)
	if err != nil {
		return err
	}
	// Failures with one message are reported once, naming every
	// backend and mode that gave it.
	var errs []error
	where := map[string][]string{}
	for _, b := range Backends() {
		for _, spec := range k.modes {
			err := k.runOne(ctx, rts[b], f.Name, spec, args)
			if err == nil {
				continue
			}
			if where[err.Error()] == nil {
				errs = append(errs, err)
			}
			where[err.Error()] = append(where[err.Error()], fmt.Sprintf("%s/%s", b, spec))
		}
	}
	for i, err := range errs {
		errs[i] = fmt.Errorf("%s: %w", strings.Join(where[err.Error()], ", "), err)
	}
	return errors.Join(errs...)
}

func (k *sweepKernel) runOne(ctx context.Context, rt *Runtime, entry string, spec Specialization, args []*memref.Tensor) error {
	exe, err := rt.Compile(ctx, k.src, WithEntry(entry), WithFilename(k.name+".mlir"), WithSpecialization(spec))
	if err != nil {
		return fmt.Errorf("compile: %w", err)
	}
	got, err := exe.Run(ctx, args...)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	want, err := refeval.Eval(ctx, exe.Func(), exe.Module(), args)
	if err != nil {
		return fmt.Errorf("reference: %w", err)
	}
	if len(got) != len(want) {
		return fmt.Errorf("%d results, the reference has %d", len(got), len(want))
	}
	if !k.tol {
		if r, err := diffCompare(ctx, exe, args, got, want); err != nil {
			return fmt.Errorf("result %d: %w", r, err)
		}
		return nil
	}
	for r := range want {
		if err := golden.Compare(got[r], want[r], k.rtol, k.atol); err != nil {
			return fmt.Errorf("result %d: %w", r, err)
		}
	}
	return nil
}

// inputs makes the kernel's random arguments (seeded by its name).
func (k *sweepKernel) inputs(f *mlir.Func) ([]*memref.Tensor, error) {
	var seed int64
	for _, c := range k.name {
		seed = seed*31 + int64(c)
	}
	rng := rand.New(rand.NewSource(seed))
	var out []*memref.Tensor
	for i, a := range f.Args {
		dims, ok := k.shapes[i]
		if !ok {
			typ := a.Type
			if st, isType := f.ArgAttrs[i].Get("python_test_attrs.static_type").(mlir.TypeAttr); isType && st.Tensor != nil {
				typ = *st.Tensor
			}
			if !typ.Ranked {
				return nil, fmt.Errorf("arg%d %s: give its shape (header argN= or python_test_attrs.static_type)", i, typ)
			}
			for _, d := range typ.Dims {
				if d == mlir.Dynamic {
					return nil, fmt.Errorf("arg%d %s: give its shape (header argN= or python_test_attrs.static_type)", i, typ)
				}
			}
			dims = typ.Dims
		}
		x, err := memref.New(a.Type.Elem, append([]int{}, dims...))
		if err != nil {
			return nil, fmt.Errorf("arg%d: %w", i, err)
		}
		rg, hasRange := k.ranges[i]
		vals, hasValues := k.values[i]
		if hasValues && (len(vals) != x.Len() || x.DType.IsFloat()) {
			return nil, fmt.Errorf("arg%d: %d values for %d %s elements", i, len(vals), x.Len(), x.DType)
		}
		for e := 0; e < x.Len(); e++ {
			if hasValues {
				putElemBytes(x, e, uint64(vals[e]), 0)
				continue
			}
			putSweepElem(x, e, rng, rg, hasRange)
		}
		out = append(out, x)
	}
	return out, nil
}

func putSweepElem(x *memref.Tensor, e int, rng *rand.Rand, rg [2]float64, hasRange bool) {
	float := func() float64 {
		if hasRange {
			return rg[0] + rng.Float64()*(rg[1]-rg[0])
		}
		return float64(genFloat(rng))
	}
	var bits uint64
	switch x.DType {
	case memref.Float32:
		bits = uint64(math.Float32bits(float32(float())))
	case memref.Float64:
		bits = math.Float64bits(float())
	case memref.Float16:
		bits = uint64(memref.F32ToF16(float32(float())))
	case memref.BFloat16:
		bits = uint64(memref.F32ToBF16(float32(float())))
	case memref.Complex64:
		re, im := math.Float32bits(float32(float())), math.Float32bits(float32(float()))
		bits = uint64(re)
		putElemBytes(x, e, bits, 0)
		putElemBytes(x, e, uint64(im), 4)
		return
	case memref.Complex128:
		putElemBytes(x, e, math.Float64bits(float()), 0)
		putElemBytes(x, e, math.Float64bits(float()), 8)
		return
	case memref.Bool:
		bits = uint64(rng.Intn(2))
	default:
		lo, hi := int64(-20), int64(21)
		if hasRange {
			lo, hi = int64(rg[0]), int64(rg[1])
		}
		bits = uint64(lo + rng.Int63n(hi-lo))
	}
	putElemBytes(x, e, bits, 0)
}

// putElemBytes writes the low bytes of bits into element e at byte offset
// off (within the element), little-endian.
func putElemBytes(x *memref.Tensor, e int, bits uint64, off int) {
	es := x.DType.Size()
	n := es - off
	if n > 8 {
		n = 8
	}
	for b := 0; b < n; b++ {
		x.Data[e*es+off+b] = byte(bits >> (8 * b))
	}
}
