package loopir

import "slices"

// cheapCost bounds the per-element cost of a producer that fusion may
// duplicate freely (recompute in several consumers, or once per broadcast
// element): a few arithmetic ops, no transcendental function.
const cheapCost = 8

// dupBudget bounds the instructions fusion may duplicate when it inlines
// a producer read more than once (by several consumers, or at several
// indices of one): a producer of S instructions (without its store) read U
// times is inlined only while S·(U-1) <= dupBudget. Without the bound a
// DAG whose values are each read twice (x2 = x0+x1, x3 = x1+x2, …) grows
// into a tree, exponential in its depth; with it, fused bodies stay within
// a constant of the kernel's size, and CSE merges the copies again.
const dupBudget = 64

// Fuse inlines elementwise producer nests into the nests that consume
// their temporaries: an elementwise chain becomes one nest, and a reduction
// absorbs the elementwise ops that feed it. The temporary's load in the
// consumer is replaced by the producer's computation, its loads re-indexed
// through the consumer's access (broadcasts compose). A producer is inlined
// only into all of its consumers at once, and only when that does not
// recompute expensive work many times (see worthFusing) nor duplicate more
// than dupBudget instructions.
//
// Fuse is near-linear in the program's size: it indexes which nests read
// and write each buffer instead of scanning the program per producer, keeps
// each nest's compute cost and loaded buffers up to date as it inlines, and
// moves (rather than copies) a producer's body into its last consumer when
// that consumer reads it at the identity index.
func Fuse(p *Program) {
	f := newFuser(p)
	for changed := true; changed; {
		changed = false
		for _, prod := range p.Nests {
			if f.info[prod].dead {
				continue
			}
			if f.tryFuse(prod) {
				changed = true
			}
		}
		if changed {
			live := p.Nests[:0]
			for _, n := range p.Nests {
				if !f.info[n].dead {
					live = append(live, n)
				}
			}
			clear(p.Nests[len(live):])
			p.Nests = live
		}
	}
}

// fuser is the state of one Fuse call.
type fuser struct {
	p        *Program
	info     map[*Nest]*fuseInfo
	readers  map[int][]*fuseInfo // buffer → nests that loaded it at some point (check fuseInfo.loads)
	writers  map[int][]*Nest     // buffer → nests that store or accumulate into it (fusion adds none)
	viewed   []bool              // buffers some View sees
	stamp    int
	deadInfo *fuseInfo
}

// fuseInfo is what Fuse keeps about one live nest. When a producer's body
// moves into its last consumer, the consumer takes the producer's info
// (the bigger of the two), so that the readers index stays valid.
type fuseInfo struct {
	nest    *Nest
	ord     int          // the nest's position in the program before fusion
	dead    bool         // inlined away
	loads   map[int]bool // buffers the nest loads
	compute int          // Σ Op.Cost over the body's non-memory instructions
	repeats bool         // some load is irregular: composing it with the identity may change it
	stores  []*Instr     // the body's stores and accumulations
	accum   bool         // one of them accumulates, or the body asserts: not a pure producer
	mark    int
}

func newFuser(p *Program) *fuser {
	f := &fuser{p: p, info: make(map[*Nest]*fuseInfo, len(p.Nests)), readers: map[int][]*fuseInfo{},
		writers: map[int][]*Nest{}, viewed: make([]bool, len(p.Buffers)), deadInfo: &fuseInfo{dead: true}}
	for _, b := range p.Buffers {
		if b.Kind == View {
			f.viewed[b.Base] = true
		}
	}
	for k, n := range p.Nests {
		n.Src = slices.Clip(n.Src) // appending to it never writes into another nest's
		fi := &fuseInfo{nest: n, ord: k, loads: map[int]bool{}}
		for _, in := range n.Body {
			switch in.Op {
			case OpLoad:
				if !fi.loads[in.Acc.Buf] {
					fi.loads[in.Acc.Buf] = true
					f.readers[in.Acc.Buf] = append(f.readers[in.Acc.Buf], fi)
				}
				fi.repeats = fi.repeats || irregular(in.Acc.Idx)
			case OpAssert:
				fi.accum = true // not pure: it may stop the run
			case OpStore, OpAccum:
				fi.stores = append(fi.stores, in)
				fi.accum = fi.accum || in.Op == OpAccum
				if w := f.writers[in.Acc.Buf]; len(w) == 0 || w[len(w)-1] != n {
					f.writers[in.Acc.Buf] = append(w, n)
				}
			default:
				fi.compute += in.Op.Cost()
			}
		}
		f.info[n] = fi
	}
	return f
}

// irregular reports an access that composing with the identity might not
// leave as it is: a loop with terms on two axes (composeAccess rejects it)
// or twice in one index, a zero coefficient, a broadcast on a non-simple
// index.
func irregular(idx []Index) bool {
	var seen []int
	for _, x := range idx {
		if x.Bcast != BcastNone && !x.Simple() {
			return true
		}
		for _, t := range x.Terms() {
			if t.Coef == 0 || slices.Contains(seen, t.Loop) {
				return true
			}
			seen = append(seen, t.Loop)
		}
	}
	return false
}

// tryFuse inlines prod into its consumers if it may and should, and
// reports whether it did.
func (f *fuser) tryFuse(prod *Nest) bool {
	t, ok := f.fusableProducer(prod)
	if !ok {
		return false
	}
	pi := f.info[prod]
	for _, w := range f.writers[t] {
		if w != prod && !f.info[w].dead {
			// Written before (a fill: prod writes part of it only), or
			// written again (not a pure producer).
			return false
		}
	}
	f.stamp++
	var consumers []*fuseInfo
	for _, ci := range f.readers[t] {
		if ci.dead || ci.ord <= pi.ord || !ci.loads[t] || ci.mark == f.stamp {
			continue
		}
		ci.mark = f.stamp
		consumers = append(consumers, ci)
	}
	if len(consumers) == 0 {
		return false
	}
	slices.SortFunc(consumers, func(a, b *fuseInfo) int { return a.ord - b.ord })
	uses := 0
	for _, ci := range consumers {
		if !canInline(prod, pi, t, ci.nest) {
			return false
		}
		uses += countLoads(ci.nest, t)
	}
	if (len(prod.Body)-1)*(uses-1) > dupBudget || !worthFusing(pi.compute, t, consumers) {
		return false
	}
	moved := false
	for i, ci := range consumers {
		moved = f.inline(prod, pi, t, ci, i == len(consumers)-1)
	}
	if !moved {
		pi.dead, pi.nest = true, nil
	}
	f.info[prod] = f.deadInfo
	prod.Body, prod.Src = nil, nil
	return true
}

func countLoads(n *Nest, b int) int {
	k := 0
	for _, in := range n.Body {
		if in.Op == OpLoad && in.Acc.Buf == b {
			k++
		}
	}
	return k
}

// fusableProducer reports whether n is a pure elementwise nest that writes
// exactly one temporary, at the identity index, and returns that buffer.
func (f *fuser) fusableProducer(n *Nest) (int, bool) {
	fi := f.info[n]
	if n.Reduces() || n.Sequential() || fi.accum || len(fi.stores) != 1 {
		return 0, false
	}
	st := fi.stores[0]
	if f.p.Buffers[st.Acc.Buf].Kind != Temp || len(st.Acc.Idx) != len(n.Loops) {
		return 0, false
	}
	for i, x := range st.Acc.Idx {
		if x.Loop != i || x.Bcast != BcastNone || !x.Simple() {
			return 0, false
		}
	}
	if f.viewed[st.Acc.Buf] {
		return 0, false // seen through a view: keep it in memory
	}
	return st.Acc.Buf, true
}

// canInline reports whether every load of t in c can take prod's loads
// (and loop indices) re-indexed through it.
func canInline(prod *Nest, pi *fuseInfo, t int, c *Nest) bool {
	for _, in := range c.Body {
		if in.Op != OpLoad || in.Acc.Buf != t {
			continue
		}
		if !pi.repeats && isIdentity(in.Acc.Idx) {
			continue // composing with the identity changes nothing
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

// isIdentity reports whether an access reads axis j at loop j, plainly.
func isIdentity(idx []Index) bool {
	for j, x := range idx {
		if x.Loop != j || x.Bcast != BcastNone || x.Step != 0 || x.Off != 0 || x.OffParam != 0 || len(x.More) != 0 || x.Dyn != 0 {
			return false
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

// worthFusing decides whether inlining a producer (of compute cost
// compute) everywhere is a win: always when the producer is cheap;
// otherwise only when each element of the temporary would be computed at
// most twice in all.
func worthFusing(compute, t int, consumers []*fuseInfo) bool {
	if compute <= cheapCost {
		return true
	}
	loads := 0
	for _, ci := range consumers {
		c := ci.nest
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

// inline replaces every load of buffer t in the consumer with prod's
// computation and reports whether it moved prod's body there (last is
// true for prod's last consumer, which may take its instructions rather
// than copies when it reads t once, at the identity index).
func (f *fuser) inline(prod *Nest, pi *fuseInfo, t int, ci *fuseInfo, last bool) bool {
	c := ci.nest
	uses, pos := 0, -1
	for i, in := range c.Body {
		if in.Op == OpLoad && in.Acc.Buf == t {
			uses, pos = uses+1, i
		}
	}
	m := len(prod.Body) - 1
	if last && uses == 1 && !pi.repeats && isIdentity(c.Body[pos].Acc.Idx) && prod.Body[m].Op == OpStore {
		f.move(prod, pi, t, ci, pos)
		return true
	}
	body := make([]*Instr, 0, len(c.Body)+uses*m)
	remap := make([]int, len(c.Body))
	for i, in := range c.Body {
		if in.Op == OpLoad && in.Acc.Buf == t {
			remap[i] = cloneProducer(prod, in.Acc.Idx, pi.repeats || !isIdentity(in.Acc.Idx), &body)
			continue
		}
		for j, a := range in.Args {
			in.Args[j] = remap[a]
		}
		body = append(body, in)
		remap[i] = len(body) - 1
	}
	c.Body = body
	c.Src = mergeSrc(prod.Src, c.Src)
	ci.compute += uses * pi.compute
	ci.repeats = ci.repeats || pi.repeats
	delete(ci.loads, t)
	for b := range pi.loads {
		f.addLoad(ci, b)
	}
	return false
}

// move splices prod's body (without its store) into its consumer in place
// of the consumer's one load of t, at position pos, reusing prod's
// instructions and body slice, and hands prod's info over to the consumer:
// a chain of n elementwise ops fuses in O(n), not O(n²).
func (f *fuser) move(prod *Nest, pi *fuseInfo, t int, ci *fuseInfo, pos int) {
	c := ci.nest
	m := len(prod.Body) - 1
	res := prod.Body[m].Args[0]
	body := prod.Body[:m]
	if pos > 0 {
		body = slices.Insert(body, 0, c.Body[:pos]...)
		for _, in := range body[pos:] {
			for j := range in.Args {
				in.Args[j] += pos
			}
		}
		res += pos
	}
	for _, in := range c.Body[pos+1:] {
		for j, a := range in.Args {
			switch {
			case a == pos:
				in.Args[j] = res
			case a > pos:
				in.Args[j] = a - 1 + m
			}
		}
		body = append(body, in)
	}
	c.Body = body
	c.Src = append(prod.Src, c.Src...)
	prod.Src = nil

	pi.nest, pi.ord = c, ci.ord
	pi.compute += ci.compute
	pi.repeats = pi.repeats || ci.repeats
	pi.stores, pi.accum = ci.stores, ci.accum
	for b := range ci.loads {
		if b != t {
			f.addLoad(pi, b)
		}
	}
	ci.dead, ci.nest = true, nil
	f.info[c] = pi
}

// mergeSrc is a ++ b without the entries of b already in a (a producer
// inlined into several consumers that meet again is one source op).
func mergeSrc(a, b []string) []string {
	out := make([]string, len(a), len(a)+len(b))
	copy(out, a)
	in := make(map[string]bool, len(a))
	for _, s := range a {
		in[s] = true
	}
	for _, s := range b {
		if !in[s] {
			out = append(out, s)
		}
	}
	return out
}

// addLoad records that the nest of fi loads buffer b.
func (f *fuser) addLoad(fi *fuseInfo, b int) {
	if !fi.loads[b] {
		fi.loads[b] = true
		f.readers[b] = append(f.readers[b], fi)
	}
}

// cloneProducer appends prod's body (without its store) to body, with
// prod's loop j replaced by the consumer's index of the temporary's axis j
// (compose false: at is the identity and prod's loads are regular, so they
// stay as they are), and returns the value that prod stored.
func cloneProducer(prod *Nest, at []Index, compose bool, body *[]*Instr) int {
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
		if cl.Op == OpLoad && compose {
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
