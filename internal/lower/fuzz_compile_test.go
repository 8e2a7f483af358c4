package lower

import (
	"errors"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/mlir/mlirtest"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCompile checks the verifier and the lowering on whatever parses:
// Compile (or BuildFlow and each segment's Compile, for control flow)
// never panics — Compile turns a panic into an ErrInternal, which this
// target reports — and every error it returns is an ErrorList whose
// entries have positions, or a plain error wrapping ErrInvalid for a
// missing entry. When compiling succeeds, the loop IR verifies. Seeded
// with every kernel under testdata/ and each `// -----` case.
func FuzzCompile(f *testing.F) {
	_ = filepath.WalkDir("../../testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f.Add(src)
		for _, c := range mlirtest.SplitCases(path, string(src)) {
			f.Add([]byte(strings.TrimLeft(c.Text, "\n")))
		}
		return nil
	})
	for _, s := range mlirtest.FuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		lim := mlir.ParseLimits{MaxBytes: 1 << 16, MaxOps: 200, MaxDepth: 16, MaxDenseElements: 1 << 12}
		m, err := mlir.Parse("fuzz.mlir", src, lim)
		if err != nil {
			return // FuzzParse's business
		}
		for _, fn := range m.Funcs {
			compileChecked(t, m, fn)
		}
	})
}

// compileChecked compiles fn (its flow when it has control flow) and
// checks the shape of any error.
func compileChecked(t *testing.T, m *mlir.Module, fn *mlir.Func) {
	t.Helper()
	if HasControlFlow(fn) {
		fl, err := BuildFlow(m, fn)
		if err != nil {
			checkCompileError(t, err)
			return
		}
		for _, st := range fl.Steps {
			if st.Seg != nil && st.Seg != fn {
				compileChecked(t, &mlir.Module{File: m.File, Funcs: []*mlir.Func{st.Seg}}, st.Seg)
			}
		}
		return
	}
	if NeedsRank(fn) {
		return // compiled per rank at run time
	}
	k, err := Compile(m, CompileOptions{Entry: fn.Name})
	if err != nil {
		checkCompileError(t, err)
		return
	}
	if err := k.Program.Verify(); err != nil {
		t.Fatalf("compiled, but the loop IR does not verify: %v\n%s", err, fn)
	}
}

func checkCompileError(t *testing.T, err error) {
	t.Helper()
	if errors.Is(err, ErrInternal) {
		t.Fatalf("internal compiler error: %v", err)
	}
	var list mlir.ErrorList
	if !errors.As(err, &list) {
		if !errors.Is(err, mlir.ErrInvalid) {
			t.Fatalf("error is %T, neither an ErrorList nor ErrInvalid: %v", err, err)
		}
		return
	}
	for _, e := range list {
		if e.Pos.Line < 1 || e.Pos.Col < 1 {
			t.Errorf("error without a position: %v", e)
		}
		if !errors.Is(e, mlir.ErrSyntax) && !errors.Is(e, mlir.ErrInvalid) && !errors.Is(e, mlir.ErrUnsupported) {
			t.Errorf("error of kind %v: %v", e.Kind, e)
		}
	}
}
