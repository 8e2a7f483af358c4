package opkit

import (
	"fmt"
	"slices"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/shape"
)

// Pads is the padding of an operand on each of its axes: Before and
// After while compiling (Dynamic where only the run knows it), and At,
// which gives both from a run's shapes on the host.
type Pads struct {
	Before, After []int
	At            func(hs *shape.HostState) (before, after []int)
}

// Padded reports whether p may pad some axis (a Dynamic padding may).
func (p Pads) Padded() bool {
	for a := range p.Before {
		if p.Before[a] != 0 || p.After[a] != 0 {
			return true
		}
	}
	return false
}

// PaddedCopy copies operand x of op into a new temporary padded by p,
// whose padding holds fill (bits in x's compute type): one nest fills the
// temporary, a second copies x into its interior (at the run's padding
// before, a parameter where dynamic). name names the temporary. It
// returns the temporary and the host function of its shape.
func PaddedCopy(b Builder, op *mlir.Op, x *mlir.Value, name string, fill uint64, p Pads) (int, func(*shape.HostState) []int) {
	xt := b.Type(x)
	xid := b.ValueID(x)
	rank := len(xt.Dims)
	pdims := slices.Clone(xt.Dims)
	for a := range pdims {
		if pdims[a] == mlir.Dynamic || p.Before[a] == mlir.Dynamic || p.After[a] == mlir.Dynamic {
			pdims[a] = mlir.Dynamic
		} else {
			pdims[a] += p.Before[a] + p.After[a]
		}
	}
	padShape := func(hs *shape.HostState) []int {
		s := slices.Clone(hs.Shapes[xid])
		bf, af := p.At(hs)
		for a := range s {
			s[a] += bf[a] + af[a]
		}
		return s
	}
	src := b.ShapedBuffer(name, -1, xt.Elem, pdims, x, padShape)
	fn := b.BufferNest(op, src)
	b.Store(fn, src, xt.Elem, Identity(rank), fn.ConstBits(ComputeType(xt.Elem), fill))
	cp := b.NewNest(op, x, nil)
	v := b.Load(cp, x, Identity(rank))
	idx := Identity(rank)
	for a := range idx {
		if p.Before[a] != mlir.Dynamic {
			idx[a].Off = p.Before[a]
			continue
		}
		aa := a
		idx[a].OffParam = 1 + b.ParamFunc(fmt.Sprintf("%s_before%d", name, a), func(hs *shape.HostState) int {
			bf, _ := p.At(hs)
			return bf[aa]
		})
	}
	// The copy writes through a view of the temporary: the fusion pass
	// must not take it for the temporary's only producer (it writes the
	// interior only, after the fill).
	interior := b.ShapedBuffer(name+"_interior", src, xt.Elem, pdims, x, padShape)
	b.Store(cp, interior, xt.Elem, idx, v)
	return src, padShape
}
