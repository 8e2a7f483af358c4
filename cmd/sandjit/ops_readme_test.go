package main

import (
	"os"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/lower"
)

const (
	opsTableBegin = "<!-- op table: sandjit ops --format=markdown -->\n"
	opsTableEnd   = "<!-- end of the op table -->\n"
)

// TestREADMEOpTable: the README's op table is the registry's, as `sandjit
// ops --format=markdown` prints it. Regenerate it with that command.
func TestREADMEOpTable(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	i, j := strings.Index(readme, opsTableBegin), strings.Index(readme, opsTableEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no op table between %q and %q", opsTableBegin, opsTableEnd)
	}
	got := readme[i+len(opsTableBegin) : j]
	want := "\n" + opsMarkdown(lower.SupportMatrix()) + "\n"
	if got != want {
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for k := 0; k < min(len(gl), len(wl)); k++ {
			if gl[k] != wl[k] {
				t.Fatalf("README.md's op table differs from the registry's at row %d (regenerate: go run ./cmd/sandjit ops --format=markdown):\nREADME:   %s\nregistry: %s", k, gl[k], wl[k])
			}
		}
		t.Fatalf("README.md's op table has %d lines, the registry's %d (regenerate: go run ./cmd/sandjit ops --format=markdown)", len(gl), len(wl))
	}
}
