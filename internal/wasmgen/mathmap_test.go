package wasmgen

import (
	"github.com/sandjit/sandjit/internal/loopir"
	"testing"
)

// TestMathMapNames checks that each loop-IR math function maps to the
// library function of the same name (the table is indexed by MathFn, so a
// missing row would map to exp).
func TestMathMapNames(t *testing.T) {
	for m, fn := range mathFuncs {
		if got, want := fn.String(), loopir.MathFn(m).String(); got != want {
			t.Errorf("loopir %s maps to wasmmath %s", want, got)
		}
	}
	if len(mathFuncs) <= int(loopir.MathBesselI1e) {
		t.Errorf("mathFuncs has %d rows, lacks the special functions", len(mathFuncs))
	}
}
