package loopir

import "github.com/sandjit/sandjit/memref"

// Add appends an instruction to the nest's body and returns its value id.
func (n *Nest) Add(in *Instr) int {
	n.Body = append(n.Body, in)
	return len(n.Body) - 1
}

// Load appends a load and returns its value.
func (n *Nest) Load(dt memref.DType, acc *Access) int {
	return n.Add(&Instr{Op: OpLoad, Type: dt, Acc: acc})
}

// Store appends a store of value v.
func (n *Nest) Store(dt memref.DType, acc *Access, v int) {
	n.Add(&Instr{Op: OpStore, Type: dt, Acc: acc, Args: []int{v}})
}

// Unary appends a one-operand op.
func (n *Nest) Unary(op Op, dt memref.DType, a int) int {
	return n.Add(&Instr{Op: op, Type: dt, Args: []int{a}})
}

// Binary appends a two-operand op.
func (n *Nest) Binary(op Op, dt memref.DType, a, b int) int {
	return n.Add(&Instr{Op: op, Type: dt, Args: []int{a, b}})
}

// ConstBits appends a constant.
func (n *Nest) ConstBits(dt memref.DType, bits uint64) int {
	return n.Add(&Instr{Op: OpConst, Type: dt, Bits: bits})
}

// Cost is the nest's rough cost per iteration point.
func (n *Nest) Cost() int {
	c := 0
	for _, in := range n.Body {
		c += in.Op.Cost()
	}
	return max(c, 1)
}

// stridedCost is the extra cost per point of a memory access that the
// innermost loop moves but not by one element: it cannot be one vector
// load or store (the code generator goes lane by lane, or element by
// element in cache blocks for a transpose), and it touches a new cache
// line far more often.
const stridedCost = 3

// WorkCost is Cost plus stridedCost for every load, store or accumulation
// that the innermost loop moves non-contiguously: the engine's estimate of
// a nest's work per point, which sets how it splits nests into chunks.
func (n *Nest) WorkCost() int {
	c := n.Cost()
	if len(n.Loops) == 0 {
		return c
	}
	inner := len(n.Loops) - 1
	for _, in := range n.Body {
		if in.Acc != nil && in.Acc.Uses(inner) && !in.Acc.ContiguousIn(inner) {
			c += stridedCost
		}
	}
	return c
}

// Reduces reports whether the nest has reduce loops.
func (n *Nest) Reduces() bool {
	for _, l := range n.Loops {
		if l.Kind == Reduce {
			return true
		}
	}
	return false
}

// Clone returns a deep copy of the instruction.
func (in *Instr) Clone() *Instr {
	c := *in
	c.Args = append([]int(nil), in.Args...)
	if in.Acc != nil {
		a := *in.Acc
		a.Idx = make([]Index, len(in.Acc.Idx))
		for i, x := range in.Acc.Idx {
			x.More = append([]Term(nil), x.More...)
			a.Idx[i] = x
		}
		c.Acc = &a
	}
	return &c
}

// Instructions is the number of instructions in all nests.
func (p *Program) Instructions() int {
	n := 0
	for _, nest := range p.Nests {
		n += len(nest.Body)
	}
	return n
}
