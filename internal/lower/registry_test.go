package lower

import (
	"github.com/sandjit/sandjit/internal/mlir/mlirtest"
	"github.com/sandjit/sandjit/internal/refeval"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// commonWords are op names that are also words of English prose or of Go
// APIs, so that comments use them for other things ("If the operand…",
// "Add the offset", "the Shape field"): for them the test checks the
// qualified name (tf.If) only. Every other op's bare name is checked in
// comments too.
var commonWords = map[string]bool{
	"If": true, "While": true, "Where": true, "Add": true, "All": true, "Any": true, "Max": true, "Min": true,
	"Shape": true, "Slice": true, "Const": true, "Range": true, "Round": true, "Sum": true, "Equal": true,
	"Select": true, "Fill": true, "Pad": true, "Log": true, "Exp": true, "Sub": true, "Mul": true, "Neg": true,
	"Abs": true, "Floor": true, "Ceil": true, "Sign": true, "Identity": true, "Cast": true, "Tile": true,
	"Pack": true, "Less": true, "Greater": true, "Div": true, "Mod": true, "Square": true, "Sqrt": true,
	"Sin": true, "Cos": true, "Tan": true, "Erf": true, "Snapshot": true, "Gather": true, "Invert": true,
	"Maximum": true, "Minimum": true, "Rank": true, "Size": true,
}

// TestOpNameInOneFile holds the registry to "one op, one place": outside
// the reference evaluator (the independent oracle) and tests, every op's
// qualified name (tf.Transpose) appears in exactly one Go file, the one
// with its entry, and its bare name (Transpose) as a word in no other
// file's comments — kernel text in Go strings, comments naming ops and
// switches over names all show up here.
func TestOpNameInOneFile(t *testing.T) {
	root := "../.."
	type file struct {
		path           string
		text, comments string
	}
	var files []file
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || rel == filepath.Join("internal", "refeval")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var s scanner.Scanner
		fset := token.NewFileSet()
		s.Init(fset.AddFile(path, -1, len(src)), src, nil, scanner.ScanComments)
		var comments strings.Builder
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.COMMENT {
				comments.WriteString(lit + "\n")
			}
		}
		files = append(files, file{rel, string(src), comments.String()})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("found %d Go files under %s; is the walk right?", len(files), root)
	}
	for name := range registry {
		if !strings.HasPrefix(name, "tf.") {
			continue // arith.constant is MLIR's, which the front end parses
		}
		qual := regexp.MustCompile(`(^|[^\w.])` + regexp.QuoteMeta(name) + `\b`)
		bare := name[strings.IndexByte(name, '.')+1:]
		word := regexp.MustCompile(`(^|[^\w.])` + regexp.QuoteMeta(bare) + `\b`)
		var in []string
		for _, f := range files {
			if qual.MatchString(f.text) || (!commonWords[bare] && word.MatchString(f.comments)) {
				in = append(in, f.path)
			}
		}
		sort.Strings(in)
		if len(in) != 1 {
			t.Errorf("%s is named in %d files: %s", name, len(in), strings.Join(in, ", "))
		}
	}
}

func fnPtr(f any) uintptr { return reflect.ValueOf(f).Pointer() }

// TestRegistryConsistent holds every entry to the parts it needs: what a
// switch over op names used to catch at run time (a missing case) fails
// here.
func TestRegistryConsistent(t *testing.T) {
	pointwise := map[uintptr]bool{fnPtr(lowerElementwise): true, fnPtr(lowerSelect): true, fnPtr(lowerBiasAdd): true}
	for name, d := range registry {
		errorf := func(format string, args ...any) { t.Errorf("%s: "+format, append([]any{name}, args...)...) }
		if d.name != name || !(strings.HasPrefix(name, "tf.") || strings.HasPrefix(name, "arith.")) {
			errorf("registered as %q", d.name)
		}
		if d.doc == "" || d.tier < 1 || d.tier > 3 || d.types == 0 {
			errorf("doc %q, tier %d, types %v: every entry has a row (doc), a tier and element types", d.doc, d.tier, d.types)
		}
		if d.control != 0 {
			if d.check != nil || d.dims != nil || d.lower != nil || d.host != nil {
				errorf("a control op (the host runs it) has a check, shape function, lowering or host function")
			}
			continue
		}
		if d.lower == nil || (!d.forward && (d.check == nil || d.dims == nil)) {
			errorf("needs check, dims and lower (forwarding ops: lower; checkForward and hostForward do the rest)")
			continue
		}
		if (d.results > 1 || d.counted) != (d.more != nil) {
			errorf("%d results but more is %v: results after the first need more, and only they", d.results, d.more != nil)
		}
		if d.forward != (fnPtr(d.lower) == fnPtr(lowerForward)) || (d.finite && !d.forward) {
			errorf("forward %v, finite %v and lowerForward disagree", d.forward, d.finite)
		}
		if d.forward && d.arity == -1 && d.results != -1 {
			errorf("a forwarding op of any arity has one result per operand (results -1)")
		}
		if (d.emit != nil) != pointwise[fnPtr(d.lower)] {
			errorf("emit set %v, but a pointwise lowering %v: only pointwise lowerings emit, and they need it", d.emit != nil, pointwise[fnPtr(d.lower)])
		}
		if (fnPtr(d.check) == fnPtr(checkReduce)) != (fnPtr(d.lower) == fnPtr(lowerReduce)) || (d.mean && fnPtr(d.lower) != fnPtr(lowerReduce)) {
			errorf("checkReduce and lowerReduce go together (and mean with them)")
		}
		if d.view != (fnPtr(d.lower) == fnPtr(lowerView)) {
			errorf("view and lowerView go together")
		}
		if d.constant != (fnPtr(d.lower) == fnPtr(lowerConstOp)) || (d.constant && d.arity != 0) {
			errorf("constant, lowerConstOp and no operands go together")
		}
		for _, k := range d.sizes {
			if d.arity >= 0 && k >= d.arity {
				errorf("sizes operand %d of %d", k, d.arity)
			}
		}
		if len(d.sizes) > 0 && !strings.Contains(d.needs, read) {
			errorf("operands %v size the result, but needs %q does not say they are read", d.sizes, d.needs)
		}
		if d.shapeArg > 0 && !slices.Contains(d.sizes, d.shapeArg-1) {
			errorf("shape operand %d is not among sizes %v", d.shapeArg-1, d.sizes)
		}
		if d.axisLast && d.arity != -1 {
			errorf("the last operand is the axis of a variadic op only")
		}
		if d.host != nil && d.types&(setInt|setBool) == 0 {
			errorf("a host function, but no integer element types")
		}
		if (d.incompatible || d.incompatibleValue) && !(d.incompatible && d.bool) {
			errorf("incompatible_shape_error applies to comparisons")
		}
	}
}

// TestRegistryCovered: every op has a reference in the evaluator (the
// oracle the engine is compared with), a golden kernel under
// testdata/kernels with numpy's results, and a seed of the compile fuzzer
// (FuzzCompile is seeded with every kernel under testdata and mlirtest's
// seeds). Adding an op is its entry, its reference and its goldens.
func TestRegistryCovered(t *testing.T) {
	kernels, err := filepath.Glob("../../testdata/kernels/*.mlir")
	if err != nil || len(kernels) == 0 {
		t.Fatalf("no golden kernels: %v", err)
	}
	golden := map[string]string{} // kernel file → text, for those with goldens
	for _, k := range kernels {
		name := strings.TrimSuffix(filepath.Base(k), ".mlir")
		if _, err := os.Stat(filepath.Join("../../testdata/golden", name, "c0")); err != nil {
			continue
		}
		src, err := os.ReadFile(k)
		if err != nil {
			t.Fatal(err)
		}
		golden[name] = string(src)
	}
	var seeds []string
	err = filepath.WalkDir("../../testdata", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".mlir") {
			src, err := os.ReadFile(path)
			seeds = append(seeds, string(src))
			return err
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	seeds = append(seeds, mlirtest.FuzzSeeds...)
	for name := range registry {
		use := regexp.MustCompile(`(^|[^\w.])` + regexp.QuoteMeta(name) + `\b`)
		if !refeval.Supports(name) {
			t.Errorf("%s has no reference in internal/refeval", name)
		}
		found := false
		for _, src := range golden {
			found = found || use.MatchString(src)
		}
		if !found {
			t.Errorf("%s has no golden kernel (testdata/kernels with testdata/golden; see testdata/README.md)", name)
		}
		found = false
		for _, src := range seeds {
			found = found || use.MatchString(src)
		}
		if !found {
			t.Errorf("%s has no seed of FuzzCompile", name)
		}
	}
}

// TestSupportMatrixComplexNames checks the support matrix's spelling of
// element types: complex64 and complex128 (TensorFlow's, numpy's and the
// CLI's names), bf16 as MLIR's; never MLIR's complex<f32>, which stays in
// diagnostics and MLIR text. The partwise ops list them.
func TestSupportMatrixComplexNames(t *testing.T) {
	has := map[string][]string{}
	for _, op := range SupportMatrix() {
		has[op.Name] = op.DTypes
		for _, dt := range op.DTypes {
			if strings.Contains(dt, "<") {
				t.Errorf("%s lists %q", op.Name, dt)
			}
		}
	}
	for _, name := range []string{"tf.Transpose", "tf.Const", "tf.GatherV2", "tf.Split", "tf.Select", "tf.Equal", "tf.OnesLike", "tf.Mul"} {
		if !slices.Contains(has[name], "complex64") || !slices.Contains(has[name], "complex128") || !slices.Contains(has[name], "bf16") {
			t.Errorf("%s lists %v, want complex64, complex128 and bf16 among them", name, has[name])
		}
	}
	if slices.Contains(has["tf.Maximum"], "complex64") {
		t.Errorf("tf.Maximum lists complex64: %v", has["tf.Maximum"])
	}
}
