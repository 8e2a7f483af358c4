package shape

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// EinsumTerm is one side of an einsum equation: its labels in order and
// where "..." stands among them.
type EinsumTerm struct {
	Labels []byte
	Ell    int // position of "..." among the labels, or -1
}

// EinsumSpec is a parsed einsum equation, checked against its operands' ranks.
type EinsumSpec struct {
	In  []EinsumTerm
	Out EinsumTerm
	NE  int    // dims "..." stands for in the output: the inputs' broadcast rank
	Sum []byte // labels summed over (not in the output), in first-use order
}

func parseEinsumTerm(s string) (EinsumTerm, bool) {
	t := EinsumTerm{Ell: -1}
	for len(s) > 0 {
		switch c := s[0]; {
		case strings.HasPrefix(s, "..."):
			if t.Ell >= 0 {
				return t, false
			}
			t.Ell = len(t.Labels)
			s = s[3:]
		case c == ' ':
			s = s[1:]
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			t.Labels = append(t.Labels, c)
			s = s[1:]
		default:
			return t, false
		}
	}
	return t, true
}

// Axis is the operand axis of label position p of a term over rank dims.
func (t EinsumTerm) Axis(p, rank int) int {
	if t.Ell >= 0 && p >= t.Ell {
		return p + rank - len(t.Labels)
	}
	return p
}

// ParseEinsum parses an einsum equation for operands of the given ranks,
// as TensorFlow and numpy read it (an implicit output is "..." then the
// labels used once, in alphabetical order). A label repeated within an
// input takes that input's diagonal over those axes, as numpy's and
// TensorFlow's einsum do ("ii->i", "aab,bc->ac"); a label repeated in the
// output is refused. The message is "" when the equation is valid.
func ParseEinsum(eq string, ranks []int) (*EinsumSpec, string) {
	bad := func(format string, args ...any) string {
		return fmt.Sprintf("equation %q: "+format, append([]any{eq}, args...)...)
	}
	lhs, rhs, explicit := strings.Cut(eq, "->")
	if strings.Contains(rhs, "->") {
		return nil, bad(`more than one "->"`)
	}
	terms := strings.Split(lhs, ",")
	if len(terms) != len(ranks) {
		return nil, bad("has %d input subscripts for %d operands", len(terms), len(ranks))
	}
	spec := &EinsumSpec{}
	count := map[byte]int{}
	var order []byte
	for j, s := range terms {
		t, ok := parseEinsumTerm(s)
		if !ok {
			return nil, bad("input subscripts %q are malformed (letters and one \"...\")", s)
		}
		r := ranks[j]
		ne := r - len(t.Labels)
		if ne < 0 || (t.Ell < 0 && ne != 0) {
			return nil, bad("input %d has rank %d but subscripts %q", j, r, s)
		}
		if t.Ell >= 0 {
			spec.NE = max(spec.NE, ne)
		}
		for _, l := range t.Labels {
			// A label repeated within an input takes its diagonal: the
			// lowering indexes every such axis with the label's one loop.
			if count[l] == 0 {
				order = append(order, l)
			}
			count[l]++
		}
		spec.In = append(spec.In, t)
	}
	if explicit {
		t, ok := parseEinsumTerm(rhs)
		if !ok {
			return nil, bad("output subscripts %q are malformed (letters and one \"...\")", rhs)
		}
		seen := map[byte]bool{}
		for _, l := range t.Labels {
			if count[l] == 0 {
				return nil, bad("output label %q does not appear in the inputs", l)
			}
			if seen[l] {
				return nil, bad("output label %q is repeated", l)
			}
			seen[l] = true
		}
		if t.Ell < 0 && spec.NE > 0 {
			return nil, bad(`the inputs' "..." stands for %d dims but the output has no "..."`, spec.NE)
		}
		spec.Out = t
	} else {
		// numpy's and TensorFlow's implicit output: "..." then the labels
		// that appear once, in alphabetical order.
		spec.Out.Ell = 0
		for _, l := range order {
			if count[l] == 1 {
				spec.Out.Labels = append(spec.Out.Labels, l)
			}
		}
		slices.Sort(spec.Out.Labels)
	}
	for _, l := range order {
		if !slices.Contains(spec.Out.Labels, l) {
			spec.Sum = append(spec.Sum, l)
		}
	}
	rank := len(spec.Out.Labels)
	if spec.Out.Ell >= 0 {
		rank += spec.NE
	}
	if rank > memref.MaxRank {
		return nil, bad("the result has rank %d, more than %d", rank, memref.MaxRank)
	}
	return spec, ""
}

// Dims is the result's dims for operands of dims in (mlir.Dynamic where
// unknown), or a message when a label's sizes disagree or the "..." dims
// do not broadcast.
func (spec *EinsumSpec) Dims(in [][]int) ([]int, string) {
	size := map[byte]int{}
	var ells [][]int
	for j, t := range spec.In {
		d := in[j]
		for p, l := range t.Labels {
			a := t.Axis(p, len(d))
			s, ok := size[l]
			switch {
			case !ok || s == mlir.Dynamic:
				size[l] = d[a]
			case d[a] != mlir.Dynamic && d[a] != s:
				return nil, fmt.Sprintf("Expected dimension %d at axis %d of input %d shaped %s but got dimension %d (label %q)", s, a, j, List(d), d[a], l)
			}
		}
		if t.Ell >= 0 {
			ells = append(ells, d[t.Ell:t.Ell+len(d)-len(t.Labels)])
		}
	}
	var ell []int
	if len(ells) > 0 {
		var m string
		if ell, m = Broadcast(ells); m != "" {
			return nil, `the inputs' "..." dims do not broadcast: ` + ListAll(ells)
		}
	}
	out := []int{}
	o := spec.Out
	for p := 0; p <= len(o.Labels); p++ {
		if p == o.Ell {
			out = append(out, ell...)
		}
		if p < len(o.Labels) {
			out = append(out, size[o.Labels[p]])
		}
	}
	return out, ""
}
