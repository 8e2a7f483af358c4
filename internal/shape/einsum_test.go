package shape

import (
	"slices"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/mlir"
)

func TestParseEinsum(t *testing.T) {
	for _, c := range []struct {
		eq    string
		ranks []int
		in    [][]int
		dims  []int
		sum   string
	}{
		{"ij,jk->ik", []int{2, 2}, [][]int{{2, 3}, {3, 4}}, []int{2, 4}, "j"},
		{"ij,jk", []int{2, 2}, [][]int{{2, 3}, {3, 4}}, []int{2, 4}, "j"}, // implicit: labels used once, sorted
		{"ba,ac", []int{2, 2}, [][]int{{5, 3}, {3, 4}}, []int{5, 4}, "a"},
		{"...ij,...jk->...ik", []int{3, 4}, [][]int{{7, 2, 3}, {5, 1, 3, 4}}, []int{5, 7, 2, 4}, "j"},
		{"ij->", []int{2}, [][]int{{2, 3}}, []int{}, "ij"},
		{"ij->ji", []int{2}, [][]int{{2, mlir.Dynamic}}, []int{mlir.Dynamic, 2}, ""},
		{"i,i->i", []int{1, 1}, [][]int{{mlir.Dynamic}, {6}}, []int{6}, ""},
		{"ii->i", []int{2}, [][]int{{4, 4}}, []int{4}, ""},         // a diagonal
		{"ii", []int{2}, [][]int{{4, mlir.Dynamic}}, []int{}, "i"}, // the trace: a label used twice is summed
		{"aab,bc->ac", []int{3, 2}, [][]int{{2, 2, 3}, {3, 4}}, []int{2, 4}, "b"},
	} {
		spec, msg := ParseEinsum(c.eq, c.ranks)
		if msg != "" {
			t.Errorf("%s: %s", c.eq, msg)
			continue
		}
		if string(spec.Sum) != c.sum {
			t.Errorf("%s: summed labels %q, want %q", c.eq, spec.Sum, c.sum)
		}
		dims, msg := spec.Dims(c.in)
		if msg != "" || !slices.Equal(dims, c.dims) {
			t.Errorf("%s over %v: dims %v (%s), want %v", c.eq, c.in, dims, msg, c.dims)
		}
	}
	for _, c := range []struct {
		eq    string
		ranks []int
		want  string
	}{
		{"ij,jk->ik->x", []int{2, 2}, `more than one "->"`},
		{"ij", []int{2, 2}, "1 input subscripts for 2 operands"},
		{"ij,jk->iz", []int{2, 2}, `output label 'z' does not appear`},
		{"ij->ii", []int{2}, "is repeated"},
		{"i1", []int{2}, "malformed"},
		{"ijk", []int{2}, "has rank 2"},
		{"...i->i", []int{3}, `output has no "..."`},
	} {
		if _, msg := ParseEinsum(c.eq, c.ranks); !strings.Contains(msg, c.want) {
			t.Errorf("%s: message %q, want it to contain %q", c.eq, msg, c.want)
		}
	}
	if spec, _ := ParseEinsum("ii->i", []int{2}); spec != nil {
		if _, msg := spec.Dims([][]int{{3, 4}}); !strings.Contains(msg, "Expected dimension 3 at axis 1") {
			t.Errorf("a diagonal over unequal dims: message %q", msg)
		}
	}
	spec, _ := ParseEinsum("ij,jk->ik", []int{2, 2})
	if _, msg := spec.Dims([][]int{{2, 3}, {4, 5}}); !strings.Contains(msg, "Expected dimension 3") {
		t.Errorf("mismatched contraction sizes: message %q", msg)
	}
}
