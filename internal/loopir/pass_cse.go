package loopir

import "slices"

// CSE merges identical instructions within each nest body (after fusion,
// the same load or the same subexpression often appears several times).
// Stores and accumulations are never merged. Instructions are compared
// structurally (sameInstr) through a hash of their fields, so the pass is
// linear in the body's size and builds no strings.
func CSE(p *Program) {
	for _, n := range p.Nests {
		seen := make(map[uint64][]int, len(n.Body))
		remap := make([]int, len(n.Body))
		body := n.Body[:0:0]
	instrs:
		for i, in := range n.Body {
			for j, a := range in.Args {
				in.Args[j] = remap[a]
			}
			if in.HasResult() {
				h := instrHash(in)
				for _, prev := range seen[h] {
					if sameInstr(body[prev], in) {
						remap[i] = prev
						continue instrs
					}
				}
				seen[h] = append(seen[h], len(body))
			}
			body = append(body, in)
			remap[i] = len(body) - 1
		}
		n.Body = body
	}
}

// hasher mixes words into a 64-bit hash (FNV-1a over words).
type hasher uint64

func (h *hasher) add(v int) { *h = (*h ^ hasher(uint64(v))) * 1099511628211 }

func instrHash(in *Instr) uint64 {
	h := hasher(14695981039346656037)
	h.add(int(in.Op))
	h.add(int(in.Type))
	h.add(len(in.Args))
	for _, a := range in.Args {
		h.add(a)
	}
	h.add(int(in.Bits))
	h.add(int(in.Red))
	h.add(int(in.Cmp))
	h.add(int(in.Math))
	h.add(int(in.Round))
	h.add(int(in.Size.Kind))
	h.add(in.Size.N)
	h.add(in.Loop)
	if a := in.Acc; a != nil {
		h.add(a.Buf)
		h.add(a.Fault)
		for _, x := range a.Idx {
			if x.Loop >= 0 {
				h.add(x.Loop)
				h.add(x.Coef())
			}
			h.add(x.Off)
			h.add(len(x.More))
		}
	}
	return uint64(h)
}

// sameInstr reports whether two instructions compute the same value: the
// same fields, operands and access (indices compared as the affine
// functions they print as).
func sameInstr(a, b *Instr) bool {
	if a.Op != b.Op || a.Type != b.Type || a.Bits != b.Bits || a.Red != b.Red || a.Cmp != b.Cmp ||
		a.Math != b.Math || a.Round != b.Round || a.Size != b.Size || a.Loop != b.Loop ||
		!slices.Equal(a.Args, b.Args) || (a.Acc == nil) != (b.Acc == nil) {
		return false
	}
	if a.Acc == nil {
		return true
	}
	if a.Acc.Buf != b.Acc.Buf || a.Acc.Fault != b.Acc.Fault || len(a.Acc.Idx) != len(b.Acc.Idx) {
		return false
	}
	for k, x := range a.Acc.Idx {
		if !sameIndex(x, b.Acc.Idx[k]) {
			return false
		}
	}
	return true
}

func sameIndex(x, y Index) bool {
	if x.Bcast != y.Bcast || x.Off != y.Off || x.OffParam != y.OffParam || x.Dyn != y.Dyn ||
		(x.Loop >= 0) != (y.Loop >= 0) || !slices.Equal(x.More, y.More) {
		return false
	}
	return x.Loop < 0 || (x.Loop == y.Loop && x.Coef() == y.Coef())
}
