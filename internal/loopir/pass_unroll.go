package loopir

// reduceUnroll is how many iterations of an outer reduce loop one
// iteration of the unrolled loop combines.
const reduceUnroll = 4

// maxUnrollCost bounds the body cost UnrollReduce duplicates.
const maxUnrollCost = 16

// UnrollReduce unrolls an outer reduce loop whose accumulation goes
// through memory — a column sum, out[j] += x[i, j] with i outside j — by
// reduceUnroll: each iteration computes the body for rows 4i … 4i+3,
// combines the four values with the reducer ((v0 ⊕ v1) ⊕ (v2 ⊕ v3)) and
// accumulates once, so the accumulator is loaded and stored a quarter as
// often. Floats are reassociated as the register reductions already are
// (RATIONALE.md); the error bound of a column sum drops from n to n/4 + 2
// roundings.
//
// It applies to a nest whose innermost loop is parallel and whose first
// reduce loop r is not innermost, has a static extent divisible by
// reduceUnroll (at least twice it), and a body of loads, pure ops and
// accumulations only (no stores, no dynamic indices, no loop index of r,
// no broadcast axis moved by r), where every load that r moves is also
// moved by the innermost loop (so a matrix product, whose A[i, k] the
// innermost j does not move, keeps its own kernel), cheap enough to copy
// (maxUnrollCost), and no accumulation moved by r.
func UnrollReduce(p *Program) {
	for _, n := range p.Nests {
		if r, ok := unrollable(n); ok {
			ext := n.Loops[r].Extent
			if ext.Kind != SizeStatic || ext.N < 2*reduceUnroll || ext.N%reduceUnroll != 0 {
				continue
			}
			unrollReduce(n, r)
			n.Loops[r].Extent = Static(ext.N / reduceUnroll)
		}
	}
}

// UnrolledReduce is UnrollReduce for a nest whose reduce loop's extent is
// only known at run time (a dynamic shape), which no pass can divide: it
// returns a copy of n with the body unrolled as UnrollReduce does, r, and
// the factor U. The copy's loop r keeps n's extent E; whoever runs it
// must run its first floor(E/U) iterations only (rows 0 … U·floor(E/U)-1
// of n), then n itself over the rows left, adding to what the copy
// accumulated (the code generator does both in one function). n is not
// changed; ok is false when UnrollReduce's conditions other than the
// extent do not hold, or when the extent is static (the pass's case).
func UnrolledReduce(n *Nest) (u *Nest, r, factor int, ok bool) {
	r, ok = unrollable(n)
	if !ok || n.Loops[r].Extent.Kind == SizeStatic {
		return nil, 0, 0, false
	}
	u = &Nest{Name: n.Name, Loops: append([]Loop(nil), n.Loops...), Part: n.Part, Src: n.Src}
	u.Body = make([]*Instr, len(n.Body))
	for i, in := range n.Body {
		u.Body[i] = in.Clone()
	}
	unrollReduce(u, r)
	return u, r, reduceUnroll, true
}

// unrollable reports the reduce loop UnrollReduce would unroll in n,
// whatever its extent.
func unrollable(n *Nest) (int, bool) {
	L := len(n.Loops)
	if L < 2 || n.Loops[L-1].Kind != Parallel || n.Cost() > maxUnrollCost {
		return 0, false
	}
	r := -1
	for l := 0; l < L-1; l++ {
		if n.Loops[l].Kind == Reduce {
			r = l
			break
		}
	}
	if r < 0 {
		return 0, false
	}
	accums := 0
	for _, in := range n.Body {
		switch in.Op {
		case OpStore:
			return 0, false
		case OpIndex:
			if in.Loop == r {
				return 0, false
			}
		case OpAccum:
			if in.Acc.Uses(r) || in.Acc.DynArgs() != 0 || len(in.Args) != 1 {
				return 0, false
			}
			accums++
		case OpLoad:
			if in.Acc.DynArgs() != 0 || in.Acc.Fault != 0 {
				return 0, false
			}
			if in.Acc.Uses(r) && !in.Acc.Uses(L-1) {
				return 0, false
			}
			for _, x := range in.Acc.Idx {
				for _, t := range x.Terms() {
					if t.Loop == r && x.Bcast != BcastNone {
						return 0, false
					}
				}
			}
		}
	}
	return r, accums > 0
}

// unrollReduce rewrites n's body for reduce loop r (see UnrollReduce);
// the caller sets the loop's extent.
func unrollReduce(n *Nest, r int) {
	const U = reduceUnroll
	old := n.Body
	dep := make([]bool, len(old)) // the value changes with r
	for i, in := range old {
		dep[i] = in.Acc != nil && in.Acc.Uses(r)
		for _, a := range in.Args {
			dep[i] = dep[i] || dep[a]
		}
	}
	n.Body = nil
	vals := make([][U]int, len(old))
	var accums []*Instr
	for i, in := range old {
		if in.Op == OpAccum {
			accums = append(accums, in)
			continue
		}
		if !dep[i] {
			c := in.Clone()
			for k, a := range c.Args {
				c.Args[k] = vals[a][0]
			}
			v := n.Add(c)
			for j := range U {
				vals[i][j] = v
			}
			continue
		}
		for j := range U {
			c := in.Clone()
			for k, a := range c.Args {
				c.Args[k] = vals[a][j]
			}
			if c.Acc != nil {
				shiftAccess(c.Acc, r, U, j)
			}
			vals[i][j] = n.Add(c)
		}
	}
	for _, in := range accums {
		v := vals[in.Args[0]]
		comb := in.Red.Combine()
		a := n.Binary(comb, in.Type, v[0], v[1])
		b := n.Binary(comb, in.Type, v[2], v[3])
		c := in.Clone()
		c.Args = []int{n.Binary(comb, in.Type, a, b)}
		n.Add(c)
	}
}

// shiftAccess substitutes u·i + j for loop r's index i in acc.
func shiftAccess(acc *Access, r, u, j int) {
	for k := range acc.Idx {
		x := &acc.Idx[k]
		if x.Loop == r {
			c := x.Coef()
			x.Step = u * c
			x.Off += j * c
		}
		for m := range x.More {
			if x.More[m].Loop == r {
				x.Off += j * x.More[m].Coef
				x.More[m].Coef *= u
			}
		}
	}
}
