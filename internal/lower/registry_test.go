package lower

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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
	"If": true, "While": true, "Add": true, "All": true, "Any": true, "Max": true, "Min": true,
	"Shape": true, "Slice": true, "Const": true, "Range": true, "Round": true, "Sum": true, "Equal": true,
	"Select": true, "Fill": true, "Pad": true, "Log": true, "Exp": true, "Sub": true, "Mul": true, "Neg": true,
	"Abs": true, "Floor": true, "Ceil": true, "Sign": true, "Identity": true, "Cast": true, "Tile": true,
	"Pack": true, "Less": true, "Greater": true, "Div": true, "Mod": true, "Square": true, "Sqrt": true,
	"Sin": true, "Cos": true, "Tan": true, "Erf": true, "Snapshot": true, "Gather": true, "Invert": true,
	"Maximum": true, "Minimum": true,
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
