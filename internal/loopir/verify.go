package loopir

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sandjit/sandjit/memref"
)

// Verify checks the program's invariants. Passes must keep them; tests run
// Verify after every pass. An error here is a compiler bug, never a user
// error, so messages name nests and instructions, not source positions.
func (p *Program) Verify() error {
	var errs []error
	bad := func(format string, args ...any) {
		if len(errs) < 20 {
			errs = append(errs, fmt.Errorf(format, args...))
		}
	}
	for i, b := range p.Buffers {
		if b.ID != i {
			bad("buffer %d has id %d", i, b.ID)
		}
		if !b.DType.Valid() {
			bad("b%d: invalid dtype", i)
		}
		if len(b.Dims) > memref.MaxRank {
			bad("b%d: rank %d", i, len(b.Dims))
		}
		for a, d := range b.Dims {
			if d < 0 && d != Dynamic {
				bad("b%d: dim %d is %d", i, a, d)
			}
		}
		if d := b.Derived; d != nil {
			if b.Value != NoValue || len(d.Dims) != len(b.Dims) {
				bad("b%d: derived shape of rank %d on a buffer of rank %d and value %d", i, len(d.Dims), len(b.Dims), b.Value)
			}
			for _, s := range d.sizes() {
				switch {
				case s.Kind == SizeDim && (s.Buf < 0 || s.Buf >= i):
					bad("b%d: derived from b%d, which is not an earlier buffer", i, s.Buf)
				case s.Kind == SizeParam && (s.N < 0 || s.N >= len(p.Params)):
					bad("b%d: derived from parameter %d of %d", i, s.N, len(p.Params))
				}
			}
			if g := d.Gate; g != nil && (g.Width < 1 || !slices.Contains(b.Dims, Dynamic)) {
				bad("b%d: gate of width %d on dims %v", i, g.Width, b.Dims)
			}
			for a, x := range d.Dims {
				if x.Div < 0 || (b.Dims[a] != Dynamic && (x.Size.Kind != SizeStatic || x.Size.N/max(x.Div, 1) != b.Dims[a])) {
					bad("b%d: dim %d is %d, derived as %v/%d", i, a, b.Dims[a], x.Size, x.Div)
				}
			}
		} else if b.Value == NoValue && slices.Contains(b.Dims, Dynamic) {
			bad("b%d: a pass's buffer with dynamic dims and no derived shape", i)
		}
		if b.Kind == View && (b.Base < 0 || b.Base >= i || p.Buffers[b.Base].Kind == View) {
			bad("b%d: view of b%d, which is not an earlier non-view buffer", i, b.Base)
		}
		if b.Kind == Const {
			if b.Data == nil || b.Data.DType != b.DType || len(b.Data.Shape) != len(b.Dims) {
				bad("b%d: const buffer without matching data", i)
			} else {
				for a, d := range b.Dims {
					if d != b.Data.Shape[a] {
						bad("b%d: const data shape %v, dims %v", i, b.Data.Shape, b.Dims)
						break
					}
				}
			}
		}
	}
	// written[b]: the first nest that writes buffer b's memory (views
	// count as their base), +1. Several nests may write one buffer
	// (concatenation writes one slice each); reads come after a write.
	written := make([]int, len(p.Buffers))
	for k, n := range p.Nests {
		for _, err := range p.verifyNest(n) {
			bad("nest n%d (%s): %v", k, n.Name, err)
		}
		var reads []int
		for _, in := range n.Body {
			if in.Acc == nil || in.Acc.Buf < 0 || in.Acc.Buf >= len(p.Buffers) {
				continue
			}
			b := p.Root(in.Acc.Buf)
			switch in.Op {
			case OpStore, OpAccum:
				if written[b] == 0 {
					written[b] = k + 1
				}
			case OpLoad:
				reads = append(reads, b)
			}
		}
		for _, b := range reads {
			kind := p.Buffers[b].Kind
			if (kind == Temp || kind == Output) && (written[b] == 0 || written[b] == k+1) {
				bad("nest n%d reads b%d before any earlier nest writes it", k, b)
			}
		}
	}
	for i, b := range p.Buffers {
		// An unwritten temporary is legal between passes (fusion leaves it
		// for dead-code elimination) as long as nobody reads it, which the
		// loop above checks.
		if b.Kind == Output && written[i] == 0 {
			bad("output buffer b%d is never written", i)
		}
	}
	return errors.Join(errs...)
}

// Root is the buffer whose memory b is: b itself, or a view's base.
func (p *Program) Root(b int) int {
	if p.Buffers[b].Kind == View {
		return p.Buffers[b].Base
	}
	return b
}

func (p *Program) verifySize(s Size) error {
	switch s.Kind {
	case SizeStatic:
		if s.N < 0 {
			return fmt.Errorf("negative static size %d", s.N)
		}
	case SizeDim:
		if s.Buf < 0 || s.Buf >= len(p.Buffers) || s.Axis < 0 || s.Axis >= p.Buffers[s.Buf].Rank() {
			return fmt.Errorf("size %s names no buffer axis", s)
		}
	case SizeParam:
		if s.N < 0 || s.N >= len(p.Params) {
			return fmt.Errorf("size %s names no parameter", s)
		}
	default:
		return fmt.Errorf("bad size kind %d", s.Kind)
	}
	return nil
}

func (p *Program) verifyNest(n *Nest) []error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	hasReduce := false
	for i, l := range n.Loops {
		if err := p.verifySize(l.Extent); err != nil {
			bad("loop i%d: %v", i, err)
		}
		if l.Kind == Reduce {
			hasReduce = true
		}
	}
	if n.Part >= len(n.Loops) || n.Part < -1 || (n.Part >= 0 && n.Loops[n.Part].Kind != Parallel) {
		bad("split loop %d is not a parallel loop", n.Part)
	}
	hasAccum := false
	written := map[int]bool{}
	read := map[int]bool{}
	for i, in := range n.Body {
		if err := p.verifyInstr(n, i, in); err != nil {
			bad("v%d (%s): %v", i, in.Op, err)
			continue
		}
		switch in.Op {
		case OpAccum:
			hasAccum = true
			written[p.Root(in.Acc.Buf)] = true
		case OpStore:
			written[p.Root(in.Acc.Buf)] = true
		case OpLoad:
			read[p.Root(in.Acc.Buf)] = true
		}
	}
	for b := range written {
		if read[b] {
			if err := p.verifyRecurrence(n, b); err != nil {
				bad("%v", err)
			}
		}
	}
	if hasReduce && n.Sequential() {
		bad("a reduction nest with a seq loop")
	}
	if hasReduce != hasAccum {
		bad("reduce loops without accumulation or accumulation without reduce loops")
	}
	return errs
}

// dynWrites allows writes through dynamic indices (scatters): such a nest
// must not be split, since two points may write one element.
const dynWrites = true

func (p *Program) verifyAccess(n *Nest, a *Access, write, accum bool) error {
	if a == nil || a.Buf < 0 || a.Buf >= len(p.Buffers) {
		return errors.New("access names no buffer")
	}
	b := p.Buffers[a.Buf]
	if len(a.Idx) != b.Rank() {
		return fmt.Errorf("%d indices for rank-%d b%d", len(a.Idx), b.Rank(), a.Buf)
	}
	used := make([]bool, len(n.Loops))
	for _, x := range a.Idx {
		if x.Loop < -1 || x.Loop >= len(n.Loops) {
			return fmt.Errorf("index names loop %d of %d", x.Loop, len(n.Loops))
		}
		for _, t := range x.Terms() {
			if t.Loop < 0 || t.Loop >= len(n.Loops) {
				return fmt.Errorf("index names loop %d of %d", t.Loop, len(n.Loops))
			}
			if used[t.Loop] {
				return fmt.Errorf("loop i%d indexes b%d twice", t.Loop, a.Buf)
			}
			used[t.Loop] = true
		}
		if x.OffParam < 0 || x.OffParam > len(p.Params) {
			return fmt.Errorf("index offset names no parameter (%d)", x.OffParam-1)
		}
		if x.Bcast != BcastNone && !x.Simple() {
			return fmt.Errorf("index %s broadcasts but is not simple", x)
		}
		if write && (x.Bcast != BcastNone || len(x.More) > 0 || (x.Coef() != 1 && x.Coef() != -1) || (x.Dyn > 0 && !dynWrites)) {
			return fmt.Errorf("a write to b%d through index %s (writes take one loop, step ±1, offsets)", a.Buf, x)
		}
	}
	dyn := false
	for _, x := range a.Idx {
		dyn = dyn || x.Dyn > 0
	}
	if write && dyn {
		if n.Part >= 0 {
			return fmt.Errorf("a nest writing b%d through dynamic indices must not be split", a.Buf)
		}
		return nil
	}
	if write {
		// Every parallel loop must index the written buffer, or two points
		// (or two chunks) would write the same element.
		for l, loop := range n.Loops {
			if loop.Kind == Parallel && !used[l] {
				return fmt.Errorf("parallel loop i%d does not index written b%d", l, a.Buf)
			}
			if loop.Kind == Reduce && used[l] && accum {
				return fmt.Errorf("reduce loop i%d indexes accumulator b%d", l, a.Buf)
			}
			// A store in a reduction nest (softmax keeping its exponentials)
			// writes one element per point: every loop indexes it.
			if loop.Kind == Reduce && !used[l] && !accum {
				return fmt.Errorf("reduce loop i%d does not index b%d, which a store writes", l, a.Buf)
			}
		}
	}
	return nil
}

func (p *Program) verifyInstr(n *Nest, i int, in *Instr) error {
	info := opTable[in.Op]
	if in.Op == OpInvalid || in.Op >= numOps {
		return errors.New("invalid op")
	}
	want := info.arity
	if in.Acc != nil {
		want += in.Acc.DynArgs()
	}
	if len(in.Args) != want {
		return fmt.Errorf("%d operands, want %d", len(in.Args), want)
	}
	for _, a := range in.Args {
		if a < 0 || a >= i || !n.Body[a].HasResult() {
			return fmt.Errorf("operand v%d is not an earlier value", a)
		}
	}
	arg := func(k int) memref.DType { return n.Body[in.Args[k]].Type }
	if !in.Type.Valid() {
		return errors.New("invalid type")
	}
	if in.Type.IsHalf() && in.Op != OpLoad && in.Op != OpStore && in.Op != OpCast {
		return fmt.Errorf("%s values exist only between load/store and cast", in.Type)
	}
	switch in.Op {
	case OpLoad, OpStore, OpAccum:
		write := in.Op != OpLoad
		if err := p.verifyAccess(n, in.Acc, write, in.Op == OpAccum); err != nil {
			return err
		}
		b := p.Buffers[in.Acc.Buf]
		if in.Type != b.DType {
			return fmt.Errorf("type %s, buffer b%d holds %s", in.Type, b.ID, b.DType)
		}
		if root := p.Buffers[p.Root(b.ID)]; write && root.Kind != Output && root.Kind != Temp {
			return fmt.Errorf("writes %s buffer b%d", root.Kind, b.ID)
		}
		if write && arg(0) != in.Type {
			return fmt.Errorf("stores %s into %s", arg(0), in.Type)
		}
		for _, x := range in.Acc.Idx {
			if x.Dyn > 0 && !arg(x.Dyn-1+info.arity).IsInt() {
				return fmt.Errorf("dynamic index of type %s", arg(x.Dyn-1+info.arity))
			}
		}
		if in.Op == OpAccum {
			if (in.Red == RedAll || in.Red == RedAny) != (in.Type == memref.Bool) {
				return fmt.Errorf("reducer %s on %s", in.Red, in.Type)
			}
			if in.Red > RedAny {
				return errors.New("bad reducer")
			}
		}
	case OpConst:
	case OpIndex:
		if in.Loop < 0 || in.Loop >= len(n.Loops) {
			return fmt.Errorf("index of loop %d of %d", in.Loop, len(n.Loops))
		}
		if !in.Type.IsInt() && !in.Type.IsFloat() {
			return fmt.Errorf("loop index as %s", in.Type)
		}
	case OpSize:
		if err := p.verifySize(in.Size); err != nil {
			return err
		}
		if !in.Type.IsInt() && !in.Type.IsFloat() {
			return fmt.Errorf("size as %s", in.Type)
		}
	case OpCompare:
		if arg(0) != arg(1) || in.Type != memref.Bool || in.Cmp > CmpGe {
			return fmt.Errorf("compares %s with %s giving %s", arg(0), arg(1), in.Type)
		}
	case OpSelect:
		if arg(0) != memref.Bool || arg(1) != in.Type || arg(2) != in.Type {
			return fmt.Errorf("select(%s, %s, %s) giving %s", arg(0), arg(1), arg(2), in.Type)
		}
	case OpAssert:
		if in.Type != memref.Bool || arg(0) != memref.Bool || in.Fault <= 0 {
			return fmt.Errorf("assert of %s as %s with fault %d", arg(0), in.Type, in.Fault)
		}
	case OpIsFinite, OpIsNaN, OpIsInf:
		if in.Type != memref.Bool || !arg(0).IsFloat() {
			return fmt.Errorf("%s of %s giving %s", in.Op, arg(0), in.Type)
		}
	case OpCast:
	case OpBitcast:
		a := arg(0)
		if a.Size() != in.Type.Size() || a == memref.Bool || in.Type == memref.Bool || a == memref.Float16 || in.Type == memref.Float16 || !in.Type.Valid() {
			return fmt.Errorf("bitcast of %s to %s", a, in.Type)
		}
	default:
		for k := range in.Args {
			if arg(k) != in.Type {
				return fmt.Errorf("operand %d is %s, result %s", k, arg(k), in.Type)
			}
		}
		if !info.class.accepts(in.Type) {
			return fmt.Errorf("not defined on %s", in.Type)
		}
		if (in.Op == OpMath || in.Op == OpMath2 || in.Op == OpMath3) && (in.Math >= numMathFns ||
			in.Math.Binary() != (in.Op == OpMath2) || in.Math.Ternary() != (in.Op == OpMath3)) {
			return fmt.Errorf("bad math function %d for %s", in.Math, in.Op)
		}
		if in.Op == OpRound && in.Round > RoundHalfEven {
			return errors.New("bad rounding mode")
		}
	}
	return nil
}

// verifyRecurrence checks a nest that reads buffer b (a root) as well as
// writing it. In a nest with a Seq loop there are two forms: a read of
// exactly an element the nest writes at the same point (read-modify-write,
// as a scatter-add does), or a read of the element an earlier iteration of
// a Seq loop wrote (as a scan does): the same index on every axis except
// ones that a Seq loop indexes alone, where the offset is behind the
// written one in the loop's direction. A nest of parallel loops only may
// update elements in place: every read of b is of the element a store
// writes at the same point, so that no iteration sees another's element
// (softmax divides its exponentials in the output buffer this way).
func (p *Program) verifyRecurrence(n *Nest, b int) error {
	if !n.Sequential() && n.Reduces() {
		return fmt.Errorf("b%d is both read and written (directly or through a view) in a reduction", b)
	}
	// Without a Seq loop (and, above, without accumulations) readsEarlier
	// admits only the element a store writes at the same point.
	var writes []*Instr
	for _, in := range n.Body {
		if (in.Op == OpStore || in.Op == OpAccum) && p.Root(in.Acc.Buf) == b {
			writes = append(writes, in)
		}
	}
	for _, in := range n.Body {
		if in.Op != OpLoad || p.Root(in.Acc.Buf) != b {
			continue
		}
		if !slices.ContainsFunc(writes, func(w *Instr) bool { return p.readsEarlier(n, in, w) }) {
			if !n.Sequential() {
				return fmt.Errorf("b%d is read through %s, which is not the element a store writes at the same point (outside a seq loop, only in-place updates may read a buffer the nest writes)", b, in.Acc)
			}
			return fmt.Errorf("b%d is read through %s, which is neither an element written at the same point nor one an earlier seq iteration wrote", b, in.Acc)
		}
	}
	return nil
}

// readsEarlier reports whether load rd sees the element that write wr
// stores at the same point or at an earlier iteration of a Seq loop.
func (p *Program) readsEarlier(n *Nest, rd, wr *Instr) bool {
	r, w := rd.Acc, wr.Acc
	if r.Buf != w.Buf || len(r.Idx) != len(w.Idx) || !slices.Equal(rd.Args, wr.Args[wr.Op.Arity():]) {
		return false // another buffer or view, or other dynamic index values
	}
	for k, x := range r.Idx {
		y := w.Idx[k]
		if x.Loop != y.Loop || x.Step != y.Step || x.OffParam != y.OffParam || x.Dyn != y.Dyn || x.Bcast != y.Bcast || !slices.Equal(x.More, y.More) {
			return false
		}
		if x.Off == y.Off {
			continue
		}
		if x.Loop < 0 || n.Loops[x.Loop].Kind != Seq || len(x.More) > 0 {
			return false
		}
		if behind := y.Off - x.Off; behind*x.Coef() <= 0 {
			return false
		}
	}
	return true
}
