package nd

import (
	"fmt"
	"strings"
)

// einsumOperand is one parsed operand of an Einsum equation: its labels in
// order, with -1 standing for the ellipsis' dims.
type einsumOperand struct {
	labels   []rune
	ellipsis int // position of "..." among the labels, or -1
}

func parseEinsumTerm(s string) (einsumOperand, bool) {
	t := einsumOperand{ellipsis: -1}
	for len(s) > 0 {
		switch {
		case strings.HasPrefix(s, "..."):
			if t.ellipsis >= 0 {
				return t, false
			}
			t.ellipsis = len(t.labels)
			s = s[3:]
		case s[0] == ' ':
			s = s[1:]
		case (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'):
			t.labels = append(t.labels, rune(s[0]))
			s = s[1:]
		default:
			return t, false
		}
	}
	return t, true
}

// Einsum is the plan of one Einsum contraction: numpy's einsum for one or
// more operands. Labels are letters, a label repeated within an operand
// takes its diagonal, labels missing from the output are summed over, and
// "..." stands for dims that broadcast across operands (numpy's rules) and
// appear in the output where it has "..." (an output without "..." is an
// error unless they are none, as in numpy). Without "->" the output is
// "..." then the labels used exactly once, in alphabetical order. Every
// label has one size in all operands.
type Einsum struct {
	Shape    []int // the result's shape
	sumShape []int // the summed labels' sizes
	outSlots []int // the output's slots, in order
	nOut     int   // slots [0, nOut) are the output's, the rest summed
	nSlots   int
	dimSlot  [][]int // per operand and dim: its slot (-1: a broadcast size-1 "..." dim)
	strides  [][]int // per operand: its row-major strides
}

// PlanEinsum checks equation eq against the operands' shapes and plans
// the contraction. Its errors read "equation "...": why".
func PlanEinsum(eq string, shapes [][]int) (*Einsum, error) {
	bad := func(why string, args ...any) error {
		return fmt.Errorf("equation %q: "+why, append([]any{eq}, args...)...)
	}
	lhs, rhs, explicit := strings.Cut(eq, "->")
	if strings.Contains(rhs, "->") {
		return nil, bad("more than one \"->\"")
	}
	terms := strings.Split(lhs, ",")
	if len(terms) != len(shapes) {
		return nil, bad("has %d input terms for %d operands", len(terms), len(shapes))
	}
	ops := make([]einsumOperand, len(terms))
	size := map[rune]int{}
	count := map[rune]int{}
	var ellShape []int // the broadcast shape of every operand's "..." dims
	ellShapes := make([][]int, len(shapes))
	for j, term := range terms {
		t, ok := parseEinsumTerm(term)
		if !ok {
			return nil, bad("input term %q is malformed", term)
		}
		ops[j] = t
		x := shapes[j]
		ne := len(x) - len(t.labels)
		if (t.ellipsis < 0 && ne != 0) || ne < 0 {
			return nil, bad("input %d has rank %d but term %q", j, len(x), term)
		}
		if t.ellipsis >= 0 {
			ellShapes[j] = x[t.ellipsis : t.ellipsis+ne]
			b, ok := BroadcastShape(ellShape, ellShapes[j])
			if !ok {
				return nil, bad("the \"...\" dims %s and %s do not broadcast", Format(ellShape), Format(ellShapes[j]))
			}
			ellShape = b
		}
		for p, l := range t.labels {
			d := x[p]
			if p >= max(t.ellipsis, 0) && t.ellipsis >= 0 {
				d = x[p+ne]
			}
			if s, seen := size[l]; seen && s != d {
				return nil, bad("label %q has size %d and %d", l, s, d)
			}
			size[l] = d
			count[l]++
		}
	}
	var outT einsumOperand
	if explicit {
		t, ok := parseEinsumTerm(rhs)
		if !ok {
			return nil, bad("output term %q is malformed", rhs)
		}
		outT = t
		seen := map[rune]bool{}
		for _, l := range t.labels {
			if _, ok := size[l]; !ok || seen[l] {
				return nil, bad("output label %q is not an input label or is repeated", l)
			}
			seen[l] = true
		}
	} else {
		outT.ellipsis = 0
		for l := 'A'; l <= 'z'; l++ {
			if count[l] == 1 {
				outT.labels = append(outT.labels, l)
			}
		}
	}
	if outT.ellipsis < 0 && len(ellShape) > 0 {
		return nil, bad("the inputs' \"...\" stands for %d dims but the output has no \"...\"", len(ellShape))
	}
	// Every index variable gets a slot in one coordinate vector: first the
	// "..." dims, then one per label. The result iterates over the output's
	// slots, the sum over the slots of labels missing from the output.
	ne := len(ellShape)
	slot := map[rune]int{}
	var slotSize []int
	slotSize = append(slotSize, ellShape...)
	addLabel := func(l rune) {
		if _, ok := slot[l]; !ok {
			slot[l] = len(slotSize)
			slotSize = append(slotSize, size[l])
		}
	}
	// outSlots lists the output's slots in order ("..." dims where it has
	// "...").
	var outSlots []int
	for p := 0; p <= len(outT.labels); p++ {
		if p == outT.ellipsis {
			for e := 0; e < ne; e++ {
				outSlots = append(outSlots, e)
			}
		}
		if p < len(outT.labels) {
			addLabel(outT.labels[p])
			outSlots = append(outSlots, slot[outT.labels[p]])
		}
	}
	nOut := len(slotSize)
	for _, t := range ops {
		for _, l := range t.labels {
			addLabel(l) // the summed labels, in first-use order
		}
	}
	var shape []int
	for _, s := range outSlots {
		shape = append(shape, slotSize[s])
	}
	sumShape := slotSize[nOut:]
	// For operand j, dimSlot[j][d] is the slot dim d reads (-1: a size-1
	// "..." dim that broadcasts, always index 0).
	dimSlot := make([][]int, len(shapes))
	strides := make([][]int, len(shapes))
	for j, x := range shapes {
		t := ops[j]
		strides[j] = Strides(x)
		nej := len(x) - len(t.labels)
		for p := 0; p <= len(t.labels); p++ {
			if p == t.ellipsis {
				for e := 0; e < nej; e++ {
					s := ne - nej + e
					if x[len(dimSlot[j])] == 1 && ellShape[s] != 1 {
						s = -1
					}
					dimSlot[j] = append(dimSlot[j], s)
				}
			}
			if p < len(t.labels) {
				dimSlot[j] = append(dimSlot[j], slot[t.labels[p]])
			}
		}
	}
	return &Einsum{Shape: shape, sumShape: sumShape, outSlots: outSlots, nOut: nOut, nSlots: len(slotSize), dimSlot: dimSlot, strides: strides}, nil
}

// Contract visits every result element in row-major order: begin, then
// term once per term of its sum with idx[j] the flat index of the element
// of operand j the term multiplies (in row-major order of the summed
// labels), then end with the element's flat index. idx is reused.
func (p *Einsum) Contract(begin func(), term func(idx []int), end func(o int)) {
	cv := make([]int, p.nSlots)
	idx := make([]int, len(p.dimSlot))
	ForEachCoord(p.Shape, func(o int, c []int) {
		for k, s := range p.outSlots {
			cv[s] = c[k]
		}
		begin()
		ForEachCoord(p.sumShape, func(_ int, sc []int) {
			copy(cv[p.nOut:], sc)
			for j, slots := range p.dimSlot {
				i := 0
				for d, s := range slots {
					if s >= 0 {
						i += cv[s] * p.strides[j][d]
					}
				}
				idx[j] = i
			}
			term(idx)
		})
		end(o)
	})
}
