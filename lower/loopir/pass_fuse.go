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
			composable := true
			for _, c := range p.Nests[:k] {
				if writesBuffer(c, t) {
					composable = false // written before (a fill): prod writes part of it only
				}
			}
			for _, c := range p.Nests[k+1:] {
				if readsBuffer(c, t) {
					consumers = append(consumers, c)
					composable = composable && canInline(prod, t, c)
				}
				if writesBuffer(c, t) {
					composable = false // written again: not a pure producer
				}
			}
			if len(consumers) == 0 || !composable || !worthFusing(prod, t, consumers) {
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
	if n.Reduces() || n.Sequential() {
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
		case OpAccum, OpAssert:
			return 0, false // not pure
		}
	}
	if st == nil || p.Buffers[st.Acc.Buf].Kind != Temp || len(st.Acc.Idx) != len(n.Loops) {
		return 0, false
	}
	for i, x := range st.Acc.Idx {
		if x.Loop != i || x.Bcast != BcastNone || !x.Simple() {
			return 0, false
		}
	}
	for _, b := range p.Buffers {
		if b.Kind == View && b.Base == st.Acc.Buf {
			return 0, false // seen through a view: keep it in memory
		}
	}
	return st.Acc.Buf, true
}

func writesBuffer(n *Nest, b int) bool {
	for _, in := range n.Body {
		if (in.Op == OpStore || in.Op == OpAccum) && in.Acc.Buf == b {
			return true
		}
	}
	return false
}

// canInline reports whether every load of t in c can take prod's loads
// (and loop indices) re-indexed through it.
func canInline(prod *Nest, t int, c *Nest) bool {
	for _, in := range c.Body {
		if in.Op != OpLoad || in.Acc.Buf != t {
			continue
		}
		for _, pin := range prod.Body {
			if pin.Op == OpIndex {
				if x := in.Acc.Idx[pin.Loop]; !x.Simple() || x.Loop < 0 || x.Bcast != BcastNone {
					return false
				}
			}
			if pin.Op != OpLoad {
				continue
			}
			if _, ok := composeAccess(in.Acc.Idx, pin.Acc.Idx); !ok {
				return false
			}
		}
	}
	return true
}

// composeAccess re-indexes a producer access (whose loops are the
// temporary's axes) through the consumer's indices of those axes, or
// reports that the result is not an Index (several params, a broadcast
// through an offset, a loop used twice).
func composeAccess(at, inner []Index) ([]Index, bool) {
	out := make([]Index, len(inner))
	seen := map[int]bool{}
	for k, p := range inner {
		c, ok := composeIndex(at, p)
		if !ok {
			return nil, false
		}
		for _, tm := range c.Terms() {
			if seen[tm.Loop] {
				return nil, false
			}
			seen[tm.Loop] = true
		}
		out[k] = c
	}
	return out, true
}

// composeIndex substitutes at[axis] for every producer loop of p.
func composeIndex(at []Index, p Index) (Index, bool) {
	terms := p.Terms()
	if len(terms) == 0 {
		return p, true // a constant (or dynamic) index
	}
	if p.Bcast == BcastDynamic || (len(terms) == 1 && at[terms[0].Loop].Bcast == BcastDynamic) {
		// Broadcasts compose only between simple indices.
		t := at[terms[0].Loop]
		if !p.Simple() || !t.Simple() {
			return Index{}, false
		}
		if t.Loop < 0 {
			return Index{Loop: -1}, true
		}
		return Index{Loop: t.Loop, Bcast: max(t.Bcast, p.Bcast)}, true
	}
	coef := map[int]int{}
	var order []int
	r := Index{Loop: -1, Off: p.Off, OffParam: p.OffParam, Dyn: p.Dyn}
	for _, pt := range terms {
		t := at[pt.Loop]
		if t.Bcast == BcastDynamic || t.Dyn > 0 {
			return Index{}, false
		}
		for _, ct := range t.Terms() {
			if _, ok := coef[ct.Loop]; !ok {
				order = append(order, ct.Loop)
			}
			coef[ct.Loop] += pt.Coef * ct.Coef
		}
		r.Off += pt.Coef * t.Off
		if t.OffParam > 0 {
			if r.OffParam > 0 || pt.Coef != 1 {
				return Index{}, false
			}
			r.OffParam = t.OffParam
		}
	}
	for _, l := range order {
		c := coef[l]
		switch {
		case c == 0:
		case r.Loop < 0:
			r.Loop, r.Step = l, c
			if c == 1 {
				r.Step = 0
			}
		default:
			r.More = append(r.More, Term{l, c})
		}
	}
	return r, true
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
			idx, ok := composeAccess(at, cl.Acc.Idx)
			if !ok {
				panic("BUG: loopir: fusing an access canInline rejected")
			}
			cl.Acc.Idx = idx
		}
		if cl.Op == OpIndex {
			// The producer's loop variable is the consumer's index of the
			// temporary's axis: only a plain loop variable can stand in.
			t := at[cl.Loop]
			if !t.Simple() || t.Loop < 0 || t.Bcast != BcastNone {
				panic("BUG: loopir: fusing a loop index through a non-trivial access")
			}
			cl.Loop = t.Loop
		}
		*body = append(*body, cl)
		pm[j] = len(*body) - 1
	}
	return result
}
