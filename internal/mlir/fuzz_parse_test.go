package mlir

import (
	"bytes"
	"github.com/sandjit/sandjit/internal/mlir/mlirtest"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, that every error it returns is
// an ErrorList of positioned diagnostics, and that whatever it accepts
// prints to text that parses back to the same print. It is seeded with
// every kernel under testdata/ (each whole file and each `// -----` case).
func FuzzParse(f *testing.F) {
	_ = filepath.WalkDir("../../testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f.Add(src)
		if cases := mlirtest.SplitCases(path, string(src)); len(cases) > 1 {
			for _, c := range cases {
				f.Add([]byte(strings.TrimLeft(c.Text, "\n")))
			}
		}
		return nil
	})
	for _, s := range mlirtest.FuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		lim := ParseLimits{MaxBytes: 1 << 20, MaxOps: 10000, MaxDepth: 32, MaxDenseElements: 1 << 16}
		m, err := Parse("fuzz.mlir", src, lim)
		checkErrorShape(t, m, err)
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := Print(&b, m); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		lim.MaxBytes = len(text) + 1
		m2, err := Parse("printed.mlir", []byte(text), lim)
		if err != nil {
			t.Fatalf("printed text does not parse: %v\n%s", err, text)
		}
		var b2 bytes.Buffer
		if err := Print(&b2, m2); err != nil {
			t.Fatal(err)
		}
		if b2.String() != text {
			t.Fatalf("Print is not a fixed point:\n%s\n---\n%s", text, b2.String())
		}
	})
}

// TestParsePrefixes parses every prefix of every case in testdata/parse,
// a cheap systematic complement to FuzzParse: text cut anywhere must give
// a module or well-formed diagnostics, never a panic.
func TestParsePrefixes(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(parseTestdataDir, "*.mlir"))
	n := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range mlirtest.SplitCases(path, string(src)) {
			text := strings.TrimLeft(c.Text, "\n")
			step := 1
			if testing.Short() {
				step = 13
			}
			for i := 0; i <= len(text); i += step {
				m, err := Parse("prefix.mlir", []byte(text[:i]), ParseLimits{})
				checkErrorShape(t, m, err)
				n++
			}
		}
	}
	t.Logf("%d prefixes", n)
}
