package loopir

// cheapCost bounds the per-element cost of a producer that fusion may
// duplicate freely (recompute in several consumers, or once per broadcast
// element): a few arithmetic ops, no transcendental function.
const cheapCost = 8

// Fuse inlines elementwise producer nests into the nests that consume
// their temporaries: an elementwise chain becomes one nest, and a reduction
// absorbs the elementwise ops that feed it. The temporary's load in the
// consumer is replaced by the producer's computation, its loads re-indexed
// through the consumer's access (broadcasts compose). A producer is inlined
// only into all of its consumers at once, and only when that does not
// recompute expensive work many times (see worthFusing).
func Fuse(p *Program) {
	for changed := true; changed; {
		changed = false
		for k := 0; k < len(p.Nests); k++ {
			prod := p.Nests[k]
			t, ok := fusableProducer(p, prod)
			if !ok {
				continue
			}
			var consumers []*Nest
			for _, c := range p.Nests[k+1:] {
				if readsBuffer(c, t) {
					consumers = append(consumers, c)
				}
			}
			if len(consumers) == 0 || !worthFusing(prod, t, consumers) {
				continue
			}
			for _, c := range consumers {
				inline(prod, t, c)
			}
			p.Nests = append(p.Nests[:k], p.Nests[k+1:]...)
			k--
			changed = true
		}
	}
}

// fusableProducer reports whether n is a pure elementwise nest that writes
// exactly one temporary, at the identity index, and returns that buffer.
func fusableProducer(p *Program, n *Nest) (int, bool) {
	if n.Reduces() {
		return 0, false
	}
	var st *Instr
	for _, in := range n.Body {
		switch in.Op {
		case OpStore:
			if st != nil {
				return 0, false
			}
			st = in
		case OpAccum:
			return 0, false
		}
	}
	if st == nil || p.Buffers[st.Acc.Buf].Kind != Temp || len(st.Acc.Idx) != len(n.Loops) {
		return 0, false
	}
	for i, x := range st.Acc.Idx {
		if x.Loop != i || x.Bcast != BcastNone {
			return 0, false
		}
	}
	return st.Acc.Buf, true
}

func readsBuffer(n *Nest, b int) bool {
	for _, in := range n.Body {
		if in.Op == OpLoad && in.Acc.Buf == b {
			return true
		}
	}
	return false
}

// worthFusing decides whether inlining prod everywhere is a win: always
// when the producer is cheap; otherwise only when each element of the
// temporary would be computed at most twice in all.
func worthFusing(prod *Nest, t int, consumers []*Nest) bool {
	compute := 0
	for _, in := range prod.Body {
		if in.Op != OpLoad && in.Op != OpStore {
			compute += in.Op.Cost()
		}
	}
	if compute <= cheapCost {
		return true
	}
	loads := 0
	for _, c := range consumers {
		for _, in := range c.Body {
			if in.Op != OpLoad || in.Acc.Buf != t {
				continue
			}
			loads++
			used := make([]bool, len(c.Loops))
			for _, x := range in.Acc.Idx {
				if x.Bcast == BcastDynamic {
					return false // may recompute once per broadcast element
				}
				if x.Loop >= 0 {
					used[x.Loop] = true
				}
			}
			for _, u := range used {
				if !u {
					return false // the consumer visits each element many times
				}
			}
		}
	}
	return loads <= 2
}

// inline replaces every load of buffer t in c with prod's computation.
func inline(prod *Nest, t int, c *Nest) {
	body := make([]*Instr, 0, len(c.Body)+len(prod.Body))
	remap := make([]int, len(c.Body))
	for i, in := range c.Body {
		if in.Op == OpLoad && in.Acc.Buf == t {
			remap[i] = cloneProducer(prod, in.Acc.Idx, &body)
			continue
		}
		cl := in.Clone()
		for j, a := range cl.Args {
			cl.Args[j] = remap[a]
		}
		body = append(body, cl)
		remap[i] = len(body) - 1
	}
	c.Body = body
	c.Src = append(append([]string(nil), prod.Src...), c.Src...)
}

// cloneProducer appends prod's body (without its store) to body, with
// prod's loop j replaced by the consumer's index of the temporary's axis j,
// and returns the value that prod stored.
func cloneProducer(prod *Nest, at []Index, body *[]*Instr) int {
	pm := make([]int, len(prod.Body))
	result := -1
	for j, in := range prod.Body {
		if in.Op == OpStore {
			result = pm[in.Args[0]]
			continue
		}
		cl := in.Clone()
		for k, a := range cl.Args {
			cl.Args[k] = pm[a]
		}
		if cl.Op == OpLoad {
			for k, x := range cl.Acc.Idx {
				if x.Loop < 0 {
					continue
				}
				outer := at[x.Loop]
				if outer.Loop < 0 {
					cl.Acc.Idx[k] = Index{Loop: -1}
				} else {
					cl.Acc.Idx[k] = Index{Loop: outer.Loop, Bcast: max(outer.Bcast, x.Bcast)}
				}
			}
		}
		*body = append(*body, cl)
		pm[j] = len(*body) - 1
	}
	return result
}
