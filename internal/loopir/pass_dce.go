package loopir

import "slices"

// DeadCode removes nests whose results nobody reads (they write only
// temporaries that no later nest loads), instructions whose values nothing
// uses, then buffers and parameters that nothing refers to, renumbering
// what remains. Inputs and outputs always
// stay, in order, so buffer i is still argument i for every input.
func DeadCode(p *Program) {
	// One pass from the last nest back: a nest is live when it writes a
	// non-temporary or a temporary that a later live nest loads, so the
	// buffers the live nests after k load are all that nest k needs.
	loadedLater := make([]bool, len(p.Buffers))
	live := make([]bool, len(p.Nests))
	for k := len(p.Nests) - 1; k >= 0; k-- {
		n := p.Nests[k]
		for _, in := range n.Body {
			if in.Op == OpAssert {
				live[k] = true // it may stop the run
				break
			}
			if in.Op != OpStore && in.Op != OpAccum {
				continue
			}
			if b := p.Root(in.Acc.Buf); p.Buffers[b].Kind != Temp || loadedLater[b] {
				live[k] = true
				break
			}
		}
		if !live[k] {
			continue
		}
		for _, in := range n.Body {
			if in.Op == OpLoad {
				loadedLater[p.Root(in.Acc.Buf)] = true
			}
		}
	}
	kept := p.Nests[:0]
	for k, n := range p.Nests {
		if live[k] {
			kept = append(kept, n)
		}
	}
	clear(p.Nests[len(kept):])
	p.Nests = kept
	for _, n := range p.Nests {
		deadInstrs(n)
	}
	compactBuffers(p)
	compactParams(p)
}

// deadInstrs removes instructions whose values nothing uses.
func deadInstrs(n *Nest) {
	live := make([]bool, len(n.Body))
	for i := len(n.Body) - 1; i >= 0; i-- {
		in := n.Body[i]
		if !in.HasResult() {
			live[i] = true
		}
		if live[i] {
			for _, a := range in.Args {
				live[a] = true
			}
		}
	}
	remap := make([]int, len(n.Body))
	body := n.Body[:0:0]
	for i, in := range n.Body {
		if !live[i] {
			continue
		}
		for j, a := range in.Args {
			in.Args[j] = remap[a]
		}
		remap[i] = len(body)
		body = append(body, in)
	}
	n.Body = body
}

func compactBuffers(p *Program) {
	used := make([]bool, len(p.Buffers))
	for _, b := range p.Buffers {
		if b.Kind == Input || b.Kind == Output {
			used[b.ID] = true
		}
	}
	for _, n := range p.Nests {
		for _, l := range n.Loops {
			if l.Extent.Kind == SizeDim {
				used[l.Extent.Buf] = true
			}
		}
		for _, in := range n.Body {
			if in.Acc != nil {
				used[in.Acc.Buf] = true
			}
			if in.Op == OpSize && in.Size.Kind == SizeDim {
				used[in.Size.Buf] = true
			}
		}
	}
	for i := len(p.Buffers) - 1; i >= 0; i-- {
		if b := p.Buffers[i]; used[i] && b.Kind == View {
			used[b.Base] = true
		}
	}
	newID := make([]int, len(p.Buffers))
	var kept []*Buffer
	for i, b := range p.Buffers {
		if used[i] {
			newID[i] = len(kept)
			b.ID = len(kept)
			kept = append(kept, b)
		} else {
			newID[i] = -1
		}
	}
	p.Buffers = kept
	for _, b := range kept {
		if b.Kind == View {
			b.Base = newID[b.Base]
		}
	}
	fix := func(s *Size) {
		if s.Kind == SizeDim {
			s.Buf = newID[s.Buf]
		}
	}
	for _, n := range p.Nests {
		for i := range n.Loops {
			fix(&n.Loops[i].Extent)
		}
		for _, in := range n.Body {
			if in.Acc != nil {
				in.Acc.Buf = newID[in.Acc.Buf]
			}
			fix(&in.Size)
		}
	}
}

func compactParams(p *Program) {
	used := make([]bool, len(p.Params))
	mark := func(s Size) {
		if s.Kind == SizeParam {
			used[s.N] = true
		}
	}
	for _, n := range p.Nests {
		for _, l := range n.Loops {
			mark(l.Extent)
		}
		for _, in := range n.Body {
			if in.Op == OpSize {
				mark(in.Size)
			}
			if in.Acc != nil {
				for _, x := range in.Acc.Idx {
					if x.OffParam > 0 {
						used[x.OffParam-1] = true
					}
				}
			}
		}
	}
	newID := make([]int, len(p.Params))
	var kept []Param
	for i, par := range p.Params {
		if used[i] {
			newID[i] = len(kept)
			kept = append(kept, par)
		}
	}
	p.Params = kept
	fix := func(s *Size) {
		if s.Kind == SizeParam {
			s.N = newID[s.N]
		}
	}
	for _, n := range p.Nests {
		for i := range n.Loops {
			fix(&n.Loops[i].Extent)
		}
		for _, in := range n.Body {
			if in.Op == OpSize {
				fix(&in.Size)
			}
			if in.Acc != nil && slices.ContainsFunc(in.Acc.Idx, func(x Index) bool { return x.OffParam > 0 }) {
				// A new access: builders share accesses and index slices
				// between instructions (a scan loads and stores at one
				// index), and renumbering a shared one twice would move
				// it to another parameter.
				acc := *in.Acc
				acc.Idx = slices.Clone(acc.Idx)
				for k, x := range acc.Idx {
					if x.OffParam > 0 {
						acc.Idx[k].OffParam = newID[x.OffParam-1] + 1
					}
				}
				in.Acc = &acc
			}
		}
	}
}
