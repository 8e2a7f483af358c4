package engine

import (
	"context"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/lower"
	"github.com/sandjit/sandjit/lower/refeval"
)

// TestGoldenCorpus runs every testdata kernel through Wasm and compares
// each result with numpy's golden and with the plain-Go reference
// evaluator.
func TestGoldenCorpus(t *testing.T) {
	kernels, err := golden.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(kernels) < 40 {
		t.Fatalf("only %d kernels in the corpus", len(kernels))
	}
	ctx := context.Background()
	rt, err := New(ctx, WithArenaSize(256<<20))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	for _, k := range kernels {
		t.Run(k.Name, func(t *testing.T) {
			exe, err := rt.Compile(ctx, k.Src, WithEntry(entryOf(t, k)), WithFilename(k.Name+".mlir"))
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			for _, c := range k.Cases {
				got, err := exe.Run(ctx, c.Args...)
				if err != nil {
					t.Errorf("%s: run: %v", c.Name, err)
					continue
				}
				ref, err := refeval.Eval(ctx, exe.Func(), exe.Module(), c.Args)
				if err != nil {
					t.Errorf("%s: reference: %v", c.Name, err)
				}
				if len(got) != len(c.Results) {
					t.Fatalf("%s: %d results, want %d", c.Name, len(got), len(c.Results))
				}
				for i, want := range c.Results {
					rtol, atol := k.Tolerance(want.DType)
					if err := golden.Compare(got[i], want, rtol, atol); err != nil {
						t.Errorf("%s: result %d vs golden: %v", c.Name, i, err)
					}
					if ref != nil {
						if err := golden.Compare(got[i], ref[i], rtol, atol); err != nil {
							t.Errorf("%s: result %d vs reference: %v", c.Name, i, err)
						}
					}
				}
			}
		})
	}
}

// entryOf applies the corpus's entry rule.
func entryOf(t *testing.T, k *golden.Kernel) string {
	m, err := lower.Parse(k.Name, k.Src, lower.DefaultParseLimits())
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	var names []string
	for _, f := range m.Funcs {
		names = append(names, f.Name)
	}
	return k.EntryName(names)
}
