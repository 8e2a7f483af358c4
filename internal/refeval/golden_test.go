package refeval

import (
	"context"
	"github.com/sandjit/sandjit/internal/mlir"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
)

// TestGoldenCorpus evaluates every kernel of the golden corpus
// (testdata/kernels, testdata/golden; see testdata/README.md) and compares
// the results with numpy's, within each kernel's tolerances.
func TestGoldenCorpus(t *testing.T) {
	kernels, err := golden.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(kernels) == 0 {
		t.Fatal("the golden corpus is empty")
	}
	for _, k := range kernels {
		t.Run(k.Name, func(t *testing.T) {
			t.Parallel()
			mod, err := mlir.Parse(k.Path, k.Src, mlir.DefaultParseLimits())
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			var names []string
			for _, f := range mod.Funcs {
				names = append(names, f.Name)
			}
			fn := mod.Lookup(k.EntryName(names))
			if fn == nil {
				t.Fatalf("no entry function %q", k.EntryName(names))
			}
			if len(k.Cases) == 0 {
				t.Fatal("no golden cases")
			}
			for _, c := range k.Cases {
				got, err := Eval(context.Background(), fn, mod, c.Args)
				if err != nil {
					t.Errorf("%s: %v", c.Name, err)
					continue
				}
				if len(got) != len(c.Results) {
					t.Errorf("%s: %d results, %d goldens", c.Name, len(got), len(c.Results))
					continue
				}
				for i, want := range c.Results {
					rtol, atol := k.Tolerance(want.DType)
					if err := golden.Compare(got[i], want, rtol, atol); err != nil {
						t.Errorf("%s result%d: %v", c.Name, i, err)
					}
				}
			}
		})
	}
}
