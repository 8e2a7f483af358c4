package archtest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// maxPackageLines bounds the non-test source of every package
// (RATIONALE, "The op registry": a package a reader can hold, and the
// reason op families live in internal/ops through opkit). A package that
// outgrows it is split along a seam, not allowed to grow.
const maxPackageLines = 6000

// TestPackageSize counts the lines of each package's non-test Go files,
// whatever their build constraints (a cgo back end counts too).
func TestPackageSize(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{.Dir}}`, mod+"...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, dir, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("go list printed %q", line)
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			n += bytes.Count(b, []byte("\n"))
		}
		if n > maxPackageLines {
			t.Errorf("%s has %d lines of non-test Go, over the limit of %d: split it along a seam (op families go to internal/ops through opkit)",
				strings.TrimPrefix(pkg, mod), n, maxPackageLines)
		}
	}
}
