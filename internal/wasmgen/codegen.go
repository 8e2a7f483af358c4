package wasmgen

import (
	"context"
	"fmt"
	"github.com/sandjit/sandjit/internal/wasm"
	"github.com/sandjit/sandjit/internal/wasmmath"
	"math"
	"runtime/debug"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// Export names of a kernel module. A kernel module imports its memory as
// MemoryModule.MemoryName and exports:
//
//	abi_version() -> i32             the memref.ABIVersion it was compiled for
//	main(args i32) -> i32            every nest in order, on one thread; a status
//	nest_<k>(args, lo, hi i32) -> i32  nest k over [lo, hi) of its split loop
const (
	MemoryModule  = "env"
	MemoryName    = "memory"
	ExportABI     = "abi_version"
	ExportMain    = "main"
	ExportNestFmt = "nest_%d"
)

// NestExport is the export name of nest k.
func NestExport(k int) string { return fmt.Sprintf(ExportNestFmt, k) }

// Options configure code generation.
type Options struct {
	// SharedMemory imports the memory as shared (threads proposal) with
	// MaxPages pages at most: backends whose instances can only share a
	// memory across stores when it is shared (wasmtime) need it.
	SharedMemory bool
	MaxPages     uint32
	// CallMath calls the math library's functions instead of inlining
	// them into loop bodies (smaller code; for comparisons).
	CallMath bool
	// GenericLinalg compiles matmul and transpose nests with the generic
	// loop code instead of the specialised kernels (matmul.go,
	// transpose.go): for comparisons.
	GenericLinalg bool
	// InOrder emits the instances of an unrolled loop body one after
	// another instead of interleaving them (interleave.go): for
	// comparisons.
	InOrder bool
	// FusedMultiplyAdd computes the matmul kernel's vector updates
	// acc + a·b with relaxed SIMD's relaxed_madd (one rounding where the
	// host has FMA) instead of a multiply and an add: faster where the
	// backend supports relaxed SIMD (wasmtime), but no longer the bits of
	// the generic path or of wazero. Off by default.
	FusedMultiplyAdd bool
}

// Key is a canonical encoding of the options, for cache keys.
func (o Options) Key() []byte {
	k := "unshared"
	if o.SharedMemory {
		k = fmt.Sprintf("shared/%d", o.MaxPages)
	}
	if o.CallMath {
		k += "/callmath"
	}
	if o.GenericLinalg {
		k += "/generic"
	}
	if o.InOrder {
		k += "/inorder"
	}
	if o.FusedMultiplyAdd {
		k += "/fma"
	}
	return []byte(k)
}

// Compile generates the Wasm module of a loop IR program with default
// options. An error is a compiler bug (the program was verified before),
// reported with the nest.
func Compile(p *loopir.Program) (*wasm.Module, error) { return CompileWith(p, Options{}) }

// CompileWith generates the Wasm module of a loop IR program.
func CompileWith(p *loopir.Program, opts Options) (m *wasm.Module, err error) {
	return CompileContext(context.Background(), p, opts)
}

// CompileContext is CompileWith under ctx: it looks at ctx before every
// nest and returns ctx's error once ctx is done.
func CompileContext(ctx context.Context, p *loopir.Program, opts Options) (m *wasm.Module, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("BUG: wasmgen: %v\n%s", r, debug.Stack())
		}
	}()
	ranks := make([]int, len(p.Buffers))
	for i, b := range p.Buffers {
		ranks[i] = b.Rank()
	}
	layout, err := memref.NewArgLayout(len(p.Params), ranks)
	if err != nil {
		return nil, err
	}
	g := &gen{p: p, layout: layout, helpers: map[string]*wasm.Func{}, opts: opts}
	g.m = &wasm.Module{Memory: &wasm.MemoryImport{Module: MemoryModule, Name: MemoryName, Min: 1}}
	if opts.SharedMemory {
		g.m.Memory.Shared, g.m.Memory.HasMax, g.m.Memory.Max = true, true, max(opts.MaxPages, 1)
	}
	g.math = wasmmath.NewMathLib(g.m)

	abi := g.m.NewFunc(ExportABI, nil, []wasm.ValType{wasm.I32})
	abi.I32Const(memref.ABIVersion)
	g.m.Export(ExportABI, abi)

	nests := make([]*wasm.Func, len(p.Nests))
	for k, n := range p.Nests {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f := g.m.NewFunc(fmt.Sprintf("nest_%d_%s", k, n.Name), []wasm.ValType{wasm.I32, wasm.I32, wasm.I32}, []wasm.ValType{wasm.I32})
		if err := g.nestFunc(f, n); err != nil {
			return nil, fmt.Errorf("nest n%d (%s): %w", k, n.Name, err)
		}
		g.m.Export(NestExport(k), f)
		nests[k] = f
	}
	g.mainFunc(nests)
	return g.m, nil
}

// gen is the state of one module's generation.
type gen struct {
	opts    Options
	p       *loopir.Program
	m       *wasm.Module
	math    *wasmmath.MathLib
	layout  *memref.ArgLayout
	helpers map[string]*wasm.Func
}

// mainFunc emits main(args): each nest over its whole split range.
func (g *gen) mainFunc(nests []*wasm.Func) {
	f := g.m.NewFunc(ExportMain, []wasm.ValType{wasm.I32}, []wasm.ValType{wasm.I32})
	st := f.NewLocal(wasm.I32)
	for k, n := range g.p.Nests {
		f.LocalGet(0)
		f.I32Const(0)
		if n.Part >= 0 {
			g.size(f, n.Loops[n.Part].Extent).push(f)
		} else {
			f.I32Const(1)
		}
		f.Call(nests[k])
		f.LocalTee(st)
		f.If(wasm.BlockEmpty)
		f.LocalGet(st)
		f.Op(wasm.OpReturn)
		f.End()
	}
	f.I32Const(0)
	g.m.Export(ExportMain, f)
}

// iv is an i32 quantity known at compile time or held in a local.
type iv struct {
	isConst bool
	c       int32
	local   uint32
}

func constIV(c int32) iv { return iv{isConst: true, c: c} }

func (x iv) push(f *wasm.Func) {
	if x.isConst {
		f.I32Const(x.c)
	} else {
		f.LocalGet(x.local)
	}
}

// loadArg reads the u32 at byte offset off of the argument block.
func loadArg(f *wasm.Func, off int) {
	f.LocalGet(0)
	f.Mem(wasm.OpI32Load, uint32(off))
}

// size materialises a loop extent.
func (g *gen) size(f *wasm.Func, s loopir.Size) iv {
	switch s.Kind {
	case loopir.SizeStatic:
		return constIV(int32(s.N))
	case loopir.SizeParam:
		loc := f.NewLocal(wasm.I32)
		loadArg(f, g.layout.ParamOffset(s.N))
		f.LocalSet(loc)
		return iv{local: loc}
	default:
		loc := f.NewLocal(wasm.I32)
		loadArg(f, g.layout.SizeOffset(s.Buf, s.Axis))
		f.LocalSet(loc)
		return iv{local: loc}
	}
}

// mulIV returns a*b, folding constants.
func mulIV(f *wasm.Func, a, b iv) iv {
	switch {
	case a.isConst && b.isConst:
		return constIV(a.c * b.c)
	case a.isConst && a.c == 0, b.isConst && b.c == 0:
		return constIV(0)
	case a.isConst && a.c == 1:
		return b
	case b.isConst && b.c == 1:
		return a
	}
	loc := f.NewLocal(wasm.I32)
	a.push(f)
	b.push(f)
	f.Op(wasm.OpI32Mul)
	f.LocalSet(loc)
	return iv{local: loc}
}

// access is one distinct (buffer, index) pair of a nest, with its byte
// strides per loop.
type access struct {
	acc   *loopir.Access
	buf   *loopir.Buffer
	esize int
	base  uint32 // local: byte address of element 0
	bs    []iv   // byte stride per loop (0 when the loop does not index it)
	// inner classifies the innermost loop's effect on the address.
	inner innerKind
	dyn   []iv // sizes of BcastDynamic axes indexed by the innermost loop
	// dynAxes are the axes with a value-dependent index (a Gather's).
	dynAxes []dynAxis
	fault   int
}

// dynAxis is an axis whose index adds an operand's value.
type dynAxis struct {
	arg     int // index into the instruction's dynamic operands
	bstride iv  // byte stride of the axis
	size    iv  // the axis's size, for the bounds check
}

type innerKind uint8

const (
	innerInvariant innerKind = iota // the innermost loop does not move it
	innerContig                     // consecutive elements
	innerDynContig                  // consecutive, or invariant when its size is 1 at run time
	innerStrided                    // anything else
)

// nestGen generates one nest's function body (or the init part of one).
type nestGen struct {
	g    *gen
	f    *wasm.Func
	n    *loopir.Nest
	ext  []iv
	accs []*access
	of   map[*loopir.Instr]*access
	lo   uint32 // locals of the split range
	hi   uint32

	// counters[l] is the local holding loop l's variable (the innermost
	// loop's at the start of its group of four).
	counters []uint32
	// dynVals are the dynamic index operands of the access being emitted.
	dynVals []val

	// unrolled contiguous groups: the body instance being emitted reads
	// and writes uoff elements past the pointers, and accumulates into
	// register set ucur
	uoff, ucur int
	unroll     int  // body instances per unrolled contiguous group (1: none)
	manyMath   bool // more than maxInlineMath math functions: call them (callsMath)
	// hoisted are the body's values computed before the innermost loop
	// (by instruction index), while it is being emitted.
	hoisted map[int]val

	// register accumulation over the trailing reduce loops [s0, R): one
	// set of accumulators per unrolled body instance
	s0      int
	regAcc  []map[*loopir.Instr]val
	mmFlags map[*loopir.Instr]*minMaxFlags // float max/min accumulators (see fastMinMax)
	memInit bool                           // some accumulation goes through memory: initialise first

	// start holds the first iteration of loops that do not start at 0
	// (the rows unrolledReduceFunc leaves to the plain body).
	start map[int]iv
}

// nestFunc emits nest_k(args, lo, hi).
func (g *gen) nestFunc(f *wasm.Func, n *loopir.Nest) error {
	// Check the ABI version.
	loadArg(f, memref.ArgVersionOffset)
	f.I32Const(memref.ABIVersion)
	f.Op(wasm.OpI32Ne)
	f.If(wasm.BlockEmpty)
	f.I32Const(int32(memref.StatusBadABI))
	f.Op(wasm.OpReturn)
	f.End()

	if !g.opts.GenericLinalg {
		if mm, ok := matchMatmul(n, g.p); ok {
			return g.matmulFunc(f, n, mm)
		}
		if tr, ok := matchTranspose(n, g.p); ok {
			return g.transposeFunc(f, n, tr)
		}
		if u, r, k, ok := loopir.UnrolledReduce(n); ok {
			return g.unrolledReduceFunc(f, n, u, r, k)
		}
	}

	ng := &nestGen{g: g, f: f, n: n, lo: 1, hi: 2, unroll: unrollFor(n), manyMath: mathCount(n) > maxInlineMath}
	if err := ng.prologue(); err != nil {
		return err
	}
	if ng.memInit {
		if err := ng.emitInit(); err != nil {
			return err
		}
	}
	ng.emitLoops()
	f.I32Const(0)
	return nil
}

// unrolledReduceFunc emits nest n, an outer reduction whose reduce loop r
// has a run-time extent E (a column sum of a dynamic shape), as the static
// kernel's UnrollReduce runs it: u, n's body for k rows combined before
// one accumulation (loopir.UnrolledReduce), over the first floor(E/k)·k
// rows, then n over the E mod k rows left, adding to the same
// accumulators. Each output sums the same terms in the order a static
// shape's kernel does when E is a multiple of k. The status 0 is left on
// the stack.
func (g *gen) unrolledReduceFunc(f *wasm.Func, n, u *loopir.Nest, r, k int) error {
	ng := &nestGen{g: g, f: f, n: u, lo: 1, hi: 2, unroll: unrollFor(u), manyMath: mathCount(u) > maxInlineMath}
	if err := ng.prologue(); err != nil {
		return err
	}
	groups := f.NewLocal(wasm.I32) // floor(E/k)
	ng.ext[r].push(f)
	f.I32Const(int32(k))
	f.Op(wasm.OpI32DivU)
	f.LocalSet(groups)
	ng.ext[r] = iv{local: groups}
	if err := ng.emitInit(); err != nil { // memInit: r is a reduce loop outside the innermost
		return err
	}
	ng.emitLoops()
	tail := &nestGen{g: g, f: f, n: n, lo: ng.lo, hi: ng.hi, unroll: unrollFor(n), manyMath: mathCount(n) > maxInlineMath}
	if err := tail.prologueNoClip(); err != nil {
		return err
	}
	first := f.NewLocal(wasm.I32) // k·floor(E/k)
	f.LocalGet(groups)
	f.I32Const(int32(k))
	f.Op(wasm.OpI32Mul)
	f.LocalSet(first)
	tail.start = map[int]iv{r: {local: first}}
	tail.emitLoops()
	f.I32Const(0)
	return nil
}

// prologue loads extents, clips the split range, and sets up accesses.
func (ng *nestGen) prologue() error {
	f, n := ng.f, ng.n
	ng.ext = make([]iv, len(n.Loops))
	for i, l := range n.Loops {
		ng.ext[i] = ng.g.size(f, l.Extent)
	}
	if n.Part >= 0 {
		// hi = min(hi, extent); nothing to do when lo >= hi.
		f.LocalGet(ng.hi)
		ng.ext[n.Part].push(f)
		f.LocalGet(ng.hi)
		ng.ext[n.Part].push(f)
		f.Op(wasm.OpI32LtU)
		f.Op(wasm.OpSelect)
		f.LocalSet(ng.hi)
		f.LocalGet(ng.lo)
		f.LocalGet(ng.hi)
		f.Op(wasm.OpI32GeU)
		f.If(wasm.BlockEmpty)
		f.I32Const(0)
		f.Op(wasm.OpReturn)
		f.End()
	}
	ng.of = map[*loopir.Instr]*access{}
	seen := map[string]*access{}
	for _, in := range n.Body {
		if in.Acc == nil {
			continue
		}
		key := in.Acc.String()
		if a, ok := seen[key]; ok {
			ng.of[in] = a
			continue
		}
		a := ng.newAccess(in.Acc)
		seen[key] = a
		ng.of[in] = a
		ng.accs = append(ng.accs, a)
	}
	// Reductions: registers over the trailing reduce loops, memory otherwise.
	R := len(n.Loops)
	ng.s0 = R
	for ng.s0 > 0 && n.Loops[ng.s0-1].Kind == loopir.Reduce {
		ng.s0--
	}
	for i := 0; i < ng.s0; i++ {
		if n.Loops[i].Kind == loopir.Reduce {
			ng.memInit = true
		}
	}
	if n.Reduces() && ng.s0 == R {
		ng.memInit = true
	}
	return nil
}

func (ng *nestGen) newAccess(acc *loopir.Access) *access {
	f := ng.f
	b := ng.g.p.Buffers[acc.Buf]
	a := &access{acc: acc, buf: b, esize: b.DType.Size(), bs: make([]iv, len(ng.n.Loops))}
	a.base = f.NewLocal(wasm.I32)
	loadArg(f, ng.g.layout.DataOffset(acc.Buf))
	f.LocalSet(a.base)
	for i := range a.bs {
		a.bs[i] = constIV(0)
	}
	inner := len(ng.n.Loops) - 1
	type contrib struct {
		axis, coef int
		bcast      loopir.Bcast
	}
	var innerContribs []contrib
	a.fault = acc.Fault
	for k, x := range acc.Idx {
		terms := x.Terms()
		if len(terms) == 0 && x.Off == 0 && x.OffParam == 0 && x.Dyn == 0 {
			continue
		}
		bstride := mulIV(f, ng.elemStride(acc.Buf, k), constIV(int32(a.esize)))
		if x.Dyn > 0 {
			a.dynAxes = append(a.dynAxes, dynAxis{arg: x.Dyn - 1, bstride: bstride, size: ng.dimIV(acc.Buf, k)})
		}
		// Offsets move the base.
		if x.Off != 0 || x.OffParam > 0 {
			off := constIV(int32(x.Off))
			if x.OffParam > 0 {
				off = addIV(f, off, ng.g.size(f, loopir.ParamSize(x.OffParam-1)))
			}
			byteOff := mulIV(f, off, bstride)
			f.LocalGet(a.base)
			byteOff.push(f)
			f.Op(wasm.OpI32Add)
			f.LocalSet(a.base)
		}
		for _, t := range terms {
			c := mulIV(f, bstride, constIV(int32(t.Coef)))
			if x.Bcast == loopir.BcastDynamic {
				// stride 0 when the axis has size 1 at run time
				sz := ng.dimIV(acc.Buf, k)
				loc := f.NewLocal(wasm.I32)
				f.I32Const(0)
				c.push(f)
				sz.push(f)
				f.I32Const(1)
				f.Op(wasm.OpI32Eq)
				f.Op(wasm.OpSelect)
				f.LocalSet(loc)
				c = iv{local: loc}
				if t.Loop == inner {
					a.dyn = append(a.dyn, sz)
				}
			}
			a.bs[t.Loop] = addIV(f, a.bs[t.Loop], c)
			if t.Loop == inner {
				innerContribs = append(innerContribs, contrib{k, t.Coef, x.Bcast})
			}
		}
	}
	switch {
	case len(a.dynAxes) > 0:
		a.inner = innerStrided // addresses differ lane by lane
	case len(innerContribs) == 0:
		a.inner = innerInvariant
	case len(innerContribs) > 1 || innerContribs[0].axis != len(acc.Idx)-1 || innerContribs[0].coef != 1:
		a.inner = innerStrided
	case innerContribs[0].bcast == loopir.BcastDynamic:
		a.inner = innerDynContig
	default:
		a.inner = innerContig
	}
	return a
}

// addIV returns a+b, folding constants.
func addIV(f *wasm.Func, a, b iv) iv {
	switch {
	case a.isConst && b.isConst:
		return constIV(a.c + b.c)
	case a.isConst && a.c == 0:
		return b
	case b.isConst && b.c == 0:
		return a
	}
	loc := f.NewLocal(wasm.I32)
	a.push(f)
	b.push(f)
	f.Op(wasm.OpI32Add)
	f.LocalSet(loc)
	return iv{local: loc}
}

// dimIV is the size of axis k of buffer b.
func (ng *nestGen) dimIV(b, k int) iv {
	if d := ng.g.p.Buffers[b].Dims[k]; d != loopir.Dynamic {
		return constIV(int32(d))
	}
	loc := ng.f.NewLocal(wasm.I32)
	loadArg(ng.f, ng.g.layout.SizeOffset(b, k))
	ng.f.LocalSet(loc)
	return iv{local: loc}
}

// elemStride is the element stride of axis k of buffer b (row-major).
func (ng *nestGen) elemStride(b, k int) iv {
	dims := ng.g.p.Buffers[b].Dims
	s := int32(1)
	for _, d := range dims[k+1:] {
		if d == loopir.Dynamic {
			loc := ng.f.NewLocal(wasm.I32)
			loadArg(ng.f, ng.g.layout.StrideOffset(b, k))
			ng.f.LocalSet(loc)
			return iv{local: loc}
		}
		s *= int32(d)
	}
	return constIV(s)
}

// emitInit stores each memory accumulator's identity over the parallel
// loops (restricted to the split range) before the reduction runs.
func (ng *nestGen) emitInit() error {
	n := ng.n
	init := &loopir.Nest{Name: n.Name + ".init", Part: -1}
	remap := make([]int, len(n.Loops))
	for i, l := range n.Loops {
		if l.Kind == loopir.Parallel {
			if i == n.Part {
				init.Part = len(init.Loops)
			}
			remap[i] = len(init.Loops)
			init.Loops = append(init.Loops, l)
		} else {
			remap[i] = -1
		}
	}
	for _, in := range n.Body {
		if in.Op != loopir.OpAccum {
			continue
		}
		idx := make([]loopir.Index, len(in.Acc.Idx))
		for k, x := range in.Acc.Idx {
			idx[k] = x
			if x.Loop >= 0 {
				idx[k].Loop = remap[x.Loop]
			}
		}
		c := init.ConstBits(in.Type, identityBits(in.Red, in.Type))
		init.Store(in.Type, &loopir.Access{Buf: in.Acc.Buf, Idx: idx}, c)
	}
	sub := &nestGen{g: ng.g, f: ng.f, n: init, lo: ng.lo, hi: ng.hi}
	if err := sub.prologueNoClip(); err != nil {
		return err
	}
	sub.emitLoops()
	return nil
}

// prologueNoClip is prologue for a nest emitted inside another nest's
// function: the split range is already clipped.
func (ng *nestGen) prologueNoClip() error {
	part := ng.n.Part
	ng.n.Part = -1
	err := ng.prologue()
	ng.n.Part = part
	return err
}

// emitLoops emits the loop structure around the body.
func (ng *nestGen) emitLoops() {
	ptr := make([]uint32, len(ng.accs))
	for i, a := range ng.accs {
		ptr[i] = a.base
	}
	ng.counters = make([]uint32, len(ng.n.Loops))
	if len(ng.n.Loops) == 0 {
		ng.body(modeLanes1, ptr)
		return
	}
	ng.loop(0, ptr)
}

// loop emits loop level l and everything inside it.
func (ng *nestGen) loop(l int, ptr []uint32) {
	f, n := ng.f, ng.n
	if l == ng.s0 && n.Reduces() {
		ng.initRegAcc()
	}
	start, end := ng.rangeOf(l)
	// Pointers of the accesses this loop moves, positioned at start.
	inner := ptr
	if ng.movedBy(l) {
		inner = append([]uint32(nil), ptr...)
		for i, a := range ng.accs {
			if a.bs[l].isConst && a.bs[l].c == 0 {
				continue
			}
			loc := f.NewLocal(wasm.I32)
			f.LocalGet(ptr[i])
			if !(start.isConst && start.c == 0) {
				start.push(f)
				a.bs[l].push(f)
				f.Op(wasm.OpI32Mul)
				f.Op(wasm.OpI32Add)
			}
			f.LocalSet(loc)
			inner[i] = loc
		}
	}
	if l == len(n.Loops)-1 {
		ng.innermost(start, end, inner)
	} else {
		i := f.NewLocal(wasm.I32)
		ng.counters[l] = i
		start.push(f)
		f.LocalSet(i)
		f.LocalGet(i)
		end.push(f)
		f.Op(wasm.OpI32LtU)
		f.If(wasm.BlockEmpty)
		f.Loop(wasm.BlockEmpty)
		ng.loop(l+1, inner)
		ng.advance(l, inner, 1)
		f.LocalGet(i)
		f.I32Const(1)
		f.Op(wasm.OpI32Add)
		f.LocalTee(i)
		end.push(f)
		f.Op(wasm.OpI32LtU)
		f.BrIf(0)
		f.End()
		f.End()
	}
	if l == ng.s0 && n.Reduces() {
		ng.finishRegAcc(ptr)
	}
}

// movedBy reports whether loop l moves any access.
func (ng *nestGen) movedBy(l int) bool {
	for _, a := range ng.accs {
		if !(a.bs[l].isConst && a.bs[l].c == 0) {
			return true
		}
	}
	return false
}

// advance adds times × stride of loop l to every pointer it moves.
func (ng *nestGen) advance(l int, ptr []uint32, times int32) {
	f := ng.f
	for i, a := range ng.accs {
		bs := a.bs[l]
		if bs.isConst && bs.c == 0 {
			continue
		}
		f.LocalGet(ptr[i])
		if bs.isConst {
			f.I32Const(bs.c * times)
		} else {
			bs.push(f)
			if times != 1 {
				f.I32Const(times)
				f.Op(wasm.OpI32Mul)
			}
		}
		f.Op(wasm.OpI32Add)
		f.LocalSet(ptr[i])
	}
}

// innermost emits the vectorised innermost loop: groups of four
// iterations (contiguous SIMD when every access allows it, lane by lane
// otherwise), then the remaining iterations one at a time.
func (ng *nestGen) innermost(start, end iv, ptr []uint32) {
	f := ng.f
	l := len(ng.n.Loops) - 1
	ng.hoist(ptr)
	defer func() { ng.hoisted = nil }()
	j := f.NewLocal(wasm.I32)
	ng.counters[l] = j
	start.push(f)
	f.LocalSet(j)

	fast := true
	var dyn []iv
	for _, a := range ng.accs {
		switch a.inner {
		case innerStrided:
			fast = false
		case innerDynContig:
			dyn = append(dyn, a.dyn...)
		}
	}
	// groupOf emits a loop over groups of 4·u iterations: u body
	// instances in address order. With u > 1 each moving pointer is first
	// touched at the group's highest address (a load, dropped), so that
	// wazero checks its bounds once per group: a later access at a lower
	// offset from the same base is known in bounds.
	groupOf := func(mode bodyMode, u int) {
		f.Block(wasm.BlockEmpty)
		f.Loop(wasm.BlockEmpty)
		end.push(f)
		f.LocalGet(j)
		f.Op(wasm.OpI32Sub)
		f.I32Const(int32(4 * u))
		f.Op(wasm.OpI32LtU)
		f.BrIf(1)
		if u > 1 {
			ng.touch(ptr, u)
		}
		starts := make([]int, 0, u+1)
		for k := range u {
			starts = append(starts, len(f.Body))
			ng.uoff, ng.ucur = 4*k, k
			ng.body(mode, ptr)
		}
		starts = append(starts, len(f.Body))
		// Instances of a parallel or reduce loop touch disjoint (or
		// read-only) memory: interleave checks the rest.
		if !ng.g.opts.InOrder {
			interleave(f, starts, interleaveWidth(ng.n.Cost(), u))
		}
		ng.uoff, ng.ucur = 0, 0
		ng.advance(l, ptr, int32(4*u))
		f.LocalGet(j)
		f.I32Const(int32(4 * u))
		f.Op(wasm.OpI32Add)
		f.LocalSet(j)
		f.Br(0)
		f.End()
		f.End()
	}
	group := func(mode bodyMode) {
		if mode == modeContig && ng.unroll > 1 {
			groupOf(mode, ng.unroll)
			// What a long unroll leaves (up to 127 of 128 elements) runs in
			// groups a quarter as long before the one-at-a-time loop, so
			// that a short row still spreads over several accumulator
			// sets (instance k adds into set k mod accSets): a row of 100
			// f32 keeps 8 partial sums per lane, not one.
			if ng.unroll >= 16 {
				groupOf(mode, ng.unroll/4)
			}
		}
		groupOf(mode, 1)
	}
	switch {
	case ng.n.Loops[l].Kind == loopir.Seq:
		// Iterations may depend on each other: one at a time only.
	case fast:
		if len(dyn) > 0 {
			// Contiguous only if no dynamically broadcast axis has size 1.
			for i, d := range dyn {
				d.push(f)
				f.I32Const(1)
				f.Op(wasm.OpI32Ne)
				if i > 0 {
					f.Op(wasm.OpI32And)
				}
			}
			f.If(wasm.BlockEmpty)
			group(modeContig)
			f.Else()
			group(modeLanes4)
			f.End()
		} else {
			group(modeContig)
		}
	default:
		group(modeLanes4)
	}
	// Remainder, one iteration at a time.
	f.Block(wasm.BlockEmpty)
	f.Loop(wasm.BlockEmpty)
	f.LocalGet(j)
	end.push(f)
	f.Op(wasm.OpI32GeU)
	f.BrIf(1)
	ng.body(modeLanes1, ptr)
	ng.advance(l, ptr, 1)
	f.LocalGet(j)
	f.I32Const(1)
	f.Op(wasm.OpI32Add)
	f.LocalSet(j)
	f.Br(0)
	f.End()
	f.End()
}

// touch loads (and drops) the last bytes that u contiguous body instances
// will access through each moving pointer, the widest load of them:
// instances run in address order, and ascending streams measured 5–12%
// faster than the earlier highest-first order on the memory-bound kernels
// (K3–K5; K10 unchanged; interleaved rounds under wazero), where the
// first access of each pointer had to be its highest for the bounds
// check. The touch faults exactly where the group's own accesses would,
// and wazero drops the load itself, keeping only the check.
func (ng *nestGen) touch(ptr []uint32, u int) {
	f := ng.f
	for i, a := range ng.accs {
		if a.inner != innerContig && a.inner != innerDynContig || a.fault != 0 || len(a.dynAxes) != 0 {
			continue
		}
		// Four lanes of u-1 instances ahead: 4·esize bytes at the end.
		width := 4 * a.esize
		end := uint32(4*(u-1)*a.esize + width)
		f.LocalGet(ptr[i])
		switch {
		case width >= 16:
			f.Mem(wasm.OpV128Load, end-16)
		case width == 8:
			f.Mem(wasm.OpI64Load, end-8)
		default:
			f.Mem(wasm.OpI32Load, end-4)
		}
		f.Op(wasm.OpDrop)
	}
}

// bodyMode is how a body instance addresses memory.
type bodyMode uint8

const (
	modeContig bodyMode = iota // four consecutive iterations, vector loads/stores
	modeLanes4                 // four iterations, lane by lane through the byte strides
	modeLanes1                 // one iteration in lane 0
)

// body emits one instance of the nest body.
func (ng *nestGen) body(mode bodyMode, ptr []uint32) {
	n := ng.n
	vals := make([]val, len(n.Body))
	for i, in := range n.Body {
		if v, ok := ng.hoisted[i]; ok {
			vals[i] = v
			continue
		}
		args := make([]val, len(in.Args))
		for k, a := range in.Args {
			args[k] = vals[a]
		}
		switch in.Op {
		case loopir.OpLoad:
			ng.dynVals = args
			vals[i] = ng.load(in.Type, ng.accessIndex(in), ptr, mode)
		case loopir.OpStore:
			ng.dynVals = args[1:]
			ng.store(in.Type, ng.accessIndex(in), ptr, mode, args[0])
		case loopir.OpAccum:
			ng.dynVals = args[1:]
			ng.accumulate(in, ptr, mode, args[0])
		case loopir.OpAssert:
			ng.assert(in.Fault, mode, args[0])
		case loopir.OpIndex:
			vals[i] = ng.loopIndex(in, mode)
		default:
			vals[i] = ng.op(in, args)
		}
	}
}

// hoist computes, before the innermost loop starts, the body's values
// that do not depend on it — loads that the innermost loop does not move
// (from buffers the nest does not write, without data-dependent indices),
// other loops' indices, and pure ops of those — and records them for
// body to reuse: a layer norm's mean / n, a softmax's max, a bias's
// broadcast row. Constants stay where they are used.
func (ng *nestGen) hoist(ptr []uint32) {
	n := ng.n
	if ng.mayCall() {
		// wazero v1.12 can corrupt a vector value that is live across a
		// call inside a loop (seen: lanes of a hoisted quotient changed
		// after calls to the integer pow helper; wasmtime is right). Keep
		// values short-lived in bodies that call.
		return
	}
	inner := len(n.Loops) - 1
	written := map[int]bool{}
	for _, in := range n.Body {
		if in.Op == loopir.OpStore || in.Op == loopir.OpAccum {
			written[ng.g.p.Root(in.Acc.Buf)] = true
		}
	}
	inv := make([]bool, len(n.Body))
	vals := make([]val, len(n.Body))
	ng.hoisted = map[int]val{}
	regs := 0
	for i, in := range n.Body {
		ok := true
		for _, a := range in.Args {
			ok = ok && inv[a]
		}
		switch in.Op {
		case loopir.OpStore, loopir.OpAccum, loopir.OpAssert:
			ok = false
		case loopir.OpLoad:
			a := ng.of[in]
			ok = ok && len(in.Args) == 0 && a.inner == innerInvariant && a.fault == 0 && len(a.dynAxes) == 0 &&
				!written[ng.g.p.Root(in.Acc.Buf)]
		case loopir.OpIndex:
			ok = in.Loop != inner
		}
		if !ok {
			continue
		}
		inv[i] = true
		args := make([]val, len(in.Args))
		for k, a := range in.Args {
			args[k] = vals[a]
		}
		switch in.Op {
		case loopir.OpConst:
			vals[i] = ng.op(in, args) // for hoisted users; body makes its own
			continue
		case loopir.OpLoad:
			vals[i] = ng.load(in.Type, ng.accessIndex(in), ptr, modeContig)
		case loopir.OpIndex:
			vals[i] = ng.loopIndex(in, modeContig)
		default:
			vals[i] = ng.op(in, args)
		}
		ng.hoisted[i] = vals[i]
		if regs += nregs(vals[i].dt); regs >= maxHoisted {
			return
		}
	}
}

// maxHoisted bounds the vector registers (locals) of the values hoist
// keeps live across the innermost loop. It works around a miscompile of
// wazero v1.12 (amd64) that wasmtime does not share: complex division
// with a loop-invariant (broadcast) dividend, golden kernel
// complex_special, hoists 20 to 30 values of x's parts (C99's infinity
// and zero corrections) and wazero then gave wrong quotients (complex<f32>)
// or zeros of the wrong sign (complex<f64>), which the same module run
// without hoisting, or with at most 8 registers hoisted, did not. The
// reduced module is testdata/wazero_hoist_miscompile.wat; wazero's own
// interpreter and wasmtime agree on it, its amd64 compiler does not
// (TestWazeroHoistMiscompile fails once a wazero release fixes it). The
// kernels that hoist for speed (a norm's mean, a softmax's max, a
// bias row) hoist one to three values and are unaffected.
const maxHoisted = 8

// mayCall reports whether the nest's body may emit a call: the integer
// division family and power (helpers), fmod and pow, sin and cos (their
// rare paths; tan too), and every math function with Options.CallMath.
func (ng *nestGen) mayCall() bool {
	for _, in := range ng.n.Body {
		switch in.Op {
		case loopir.OpDiv, loopir.OpFloorDiv, loopir.OpRecip:
			if !in.Type.IsFloat() {
				return true
			}
		case loopir.OpFloorMod, loopir.OpRem, loopir.OpPow:
			return true
		case loopir.OpMath, loopir.OpMath2, loopir.OpMath3:
			switch in.Math {
			case loopir.MathSin, loopir.MathCos, loopir.MathTan:
				return true
			}
			if ng.callsMath() {
				return true
			}
		}
	}
	return false
}

// maxInlineMath is how many math functions (tanh, exp, …) a nest's body
// inlines; a body with more calls them all. Each inlined function is some
// hundred Wasm instructions, so a long fused chain of them (4,000
// hyperbolic tangents) would make one function of megabytes for the backend to
// compile; past a few the call costs little next to the function itself.
const maxInlineMath = 16

// mathCount is the number of math-library functions in a nest's body,
// the special functions counted by their size: lgamma … besseli1e (one to
// three thousand instructions over f32x4) as 4, the looping zeta …
// betainc (five to fifteen thousand) as 8, so that a body inlines at most
// two of those.
func mathCount(n *loopir.Nest) int {
	k := 0
	for _, in := range n.Body {
		if in.Op == loopir.OpMath || in.Op == loopir.OpMath2 || in.Op == loopir.OpMath3 || in.Op == loopir.OpPow {
			k += mathWeight(in)
		}
	}
	return k
}

func mathWeight(in *loopir.Instr) int {
	if in.Op == loopir.OpPow {
		return 1
	}
	switch in.Math {
	case loopir.MathLgamma, loopir.MathDigamma, loopir.MathErfinv, loopir.MathNdtri, loopir.MathBesselI0e, loopir.MathBesselI1e:
		return 4
	case loopir.MathZeta, loopir.MathPolygamma, loopir.MathIgamma, loopir.MathIgammac, loopir.MathBetainc:
		return 8
	}
	return 1
}

// callsMath reports whether the nest calls the math library's functions
// rather than inlining them.
func (ng *nestGen) callsMath() bool { return ng.g.opts.CallMath || ng.manyMath }

// loopIndex is a loop's variable in every lane: the innermost loop's
// counts up across the lanes, the others are the same in all.
func (ng *nestGen) loopIndex(in *loopir.Instr, mode bodyMode) val {
	f := ng.f
	v := ng.newVal(memref.Int32)
	f.LocalGet(ng.counters[in.Loop])
	f.Op(wasm.OpI32x4Splat)
	if in.Loop == len(ng.n.Loops)-1 && mode != modeLanes1 {
		u := uint32(ng.uoff)
		f.I32x4Const(u, u+1, u+2, u+3)
		f.Op(wasm.OpI32x4Add)
	}
	f.LocalSet(v.regs[0])
	return ng.cast(val{dt: memref.Uint32, regs: v.regs}, in.Type)
}

func (ng *nestGen) accessIndex(in *loopir.Instr) int {
	a := ng.of[in]
	for i, b := range ng.accs {
		if a == b {
			return i
		}
	}
	panic("BUG: access not found")
}

// inRegisters reports whether accumulation in this nest keeps the running
// value in a register (trailing reduce loops).
func (ng *nestGen) inRegisters() bool { return ng.s0 < len(ng.n.Loops) }

func (ng *nestGen) initRegAcc() {
	if !ng.inRegisters() {
		return
	}
	ng.regAcc = make([]map[*loopir.Instr]val, accSets(ng.n, ng.unroll))
	ng.mmFlags = map[*loopir.Instr]*minMaxFlags{}
	for _, in := range ng.n.Body {
		if fastMinMax(in) && !in.Loose {
			zero := ng.splatConst(in.Type, 0)
			fl := &minMaxFlags{nan: ng.newVal(in.Type), zero: ng.newVal(in.Type)}
			ng.copyVal(fl.nan, zero)
			ng.copyVal(fl.zero, zero)
			ng.mmFlags[in] = fl
		}
	}
	for u := range ng.regAcc {
		ng.regAcc[u] = map[*loopir.Instr]val{}
		for _, in := range ng.n.Body {
			if in.Op == loopir.OpAccum {
				id := ng.splatConst(in.Type, identityBits(in.Red, in.Type))
				acc := ng.newVal(in.Type)
				ng.copyVal(acc, id)
				ng.regAcc[u][in] = acc
			}
		}
	}
}

// accumulate combines v into the accumulator: the register (masked to the
// valid lanes) or the element in memory.
func (ng *nestGen) accumulate(in *loopir.Instr, ptr []uint32, mode bodyMode, v val) {
	comb := in.Red.Combine()
	if ng.inRegisters() {
		acc := ng.regAcc[ng.ucur%len(ng.regAcc)][in]
		if mode == modeLanes1 {
			id := ng.splatConst(in.Type, identityBits(in.Red, in.Type))
			// The mask is made here, not once per nest: a v128 value
			// defined before the loops stays live across the hot loop,
			// and wazero moved it through the stack on every trip.
			mask := ng.constVal(memref.Int32, [4]uint64{^uint64(0), 0, 0, 0})
			v = ng.selectVal(mask, v, id)
		}
		if fl := ng.mmFlags[in]; fl != nil || in.Loose && fastMinMax(in) {
			ng.copyVal(acc, ng.minMaxStep(in, fl, acc, v))
			return
		}
		r := ng.binop(comb, in.Type, acc, v)
		ng.copyVal(acc, r)
		return
	}
	i := ng.accessIndex(in)
	old := ng.load(in.Type, i, ptr, mode)
	ng.store(in.Type, i, ptr, mode, ng.binop(comb, in.Type, old, v))
}

// finishRegAcc reduces each register accumulator across lanes and stores
// it (or combines it into memory when outer reduce loops remain).
func (ng *nestGen) finishRegAcc(ptr []uint32) {
	if !ng.inRegisters() {
		return
	}
	for _, in := range ng.n.Body {
		if in.Op != loopir.OpAccum {
			continue
		}
		acc := ng.regAcc[0][in]
		for u := 1; u < len(ng.regAcc); u++ { // the unrolled instances' partial results
			acc = ng.binop(in.Red.Combine(), in.Type, acc, ng.regAcc[u][in])
		}
		h := ng.horizontal(in.Red.Combine(), in.Type, acc)
		if fl := ng.mmFlags[in]; fl != nil {
			h = ng.minMaxFinish(in, fl, h)
		}
		i := ng.accessIndex(in)
		if ng.memInit {
			old := ng.load(in.Type, i, ptr, modeLanes1)
			h = ng.binop(in.Red.Combine(), in.Type, old, h)
		}
		ng.store(in.Type, i, ptr, modeLanes1, h)
	}
}

// unrollFor is how many contiguous groups of four iterations one trip of
// the innermost loop runs: thirty-two for light bodies (128 f32 elements a
// trip), sixteen for medium ones, four for heavier ones, none for bodies big
// enough to hide the overhead. wazero checks bounds once per pointer per
// trip (at its touch, see touch), reloads the memory's base and length
// for it, and moves every loop-carried value once per trip, so the fewer
// trips the better until registers run out.
//
// Measured under wazero with unrollFor edited and go run ./cmd/sandjit
// bench (best of 6 interleaved rounds, 1024² f32, p10 ms,
// unroll 4 → 8 → 16 with one accumulator set per instance): K2 0.65 →
// 0.58 → 0.54, K3 0.35 → 0.28 → 0.26, K5 0.21 → 0.16 → 0.15; K4 0.12 →
// 0.095 → 0.118 and K10 0.60 → 0.49 → 0.57, where sixteen accumulator sets
// spilled: hence accSets. With accSets capping the accumulators, sixteen →
// thirty-two (five interleaved rounds each, medians, Zen 3): for bodies of
// cost ≤ 6, K3 0.238 → 0.223 ms and K4 0.117 → 0.101 ms; then for cost ≤ 12,
// K5 0.131 → 0.113 ms, K2 0.79 → 0.72 ms and K10 0.61 → 0.57 ms. Bodies of
// cost 25–64 went from two to four once instances were interleaved
// (interleave.go), which needs several to overlap: K6's exp-and-sum nest,
// three alternated rounds, K6 2.36–3.34 → 2.05–2.86 ms. Medium went from
// cost ≤ 24 to ≤ 32, with accSets capped at the interleave width, for
// K6's exp-and-sum nest (cost 25): eight instances in two interleaved
// groups a trip instead of four: 50.8 → 47.6 machine instructions per
// vector in wazero's code for the loop (the trip's bounds checks and the
// moves of its loop-carried values shared by twice the vectors), and 1.5
// fewer with four accumulator sets instead of eight, which wazero moved
// through the stack every trip. Sixteen instances (four interleaved groups)
// instead of eight for the same bodies, counted the same way: softmax's
// exp-and-sum loop 44.1 → 41.9, tanh's (K1) 53.1 → 51.4.
func unrollFor(n *loopir.Nest) int {
	if len(n.Loops) == 0 {
		return 1
	}
	switch c := n.Cost(); {
	case c <= 12:
		return 32
	case c <= 32:
		return 16
	case c <= 64:
		return 4
	}
	return 1
}

// accSets is how many sets of register accumulators a nest unrolled
// unroll times keeps: one per unrolled instance (instance u adds into set
// u mod accSets), but all sets together in at most maxAccRegs v128
// registers, less the flags of fastMinMax accumulators (one pair for all
// sets). More would spill; and wazero v1.12 miscompiled a nest holding
// sixteen v128 accumulators (eight sets of an i64 sum, two registers each:
// a lane of one set took a hoisted operand's value).
func accSets(n *loopir.Nest, unroll int) int {
	accRegs, flagRegs := 0, 0
	for _, in := range n.Body {
		if in.Op == loopir.OpAccum {
			accRegs += nregs(in.Type)
		}
		if fastMinMax(in) && !in.Loose {
			flagRegs += 2 * nregs(in.Type)
		}
	}
	sets := min(unroll, (maxAccRegs-flagRegs)/max(accRegs, 1))
	if w := interleaveWidth(n.Cost(), unroll); w > 1 {
		// Interleaved instances overlap w at a time: w sets keep every
		// group's additions independent, and more only move through
		// the stack once per trip.
		sets = min(sets, w)
	}
	return max(1, sets)
}

// minMaxFlags are what a float max or min accumulated with pmax/pmin
// (fastMinMax) tracks besides its value: lanes that saw a NaN, and lanes
// that saw the zero that wins a tie (+0 for max, -0 for min).
type minMaxFlags struct{ nan, zero val }

// fastMinMax reports whether accumulation in is a float max or min kept in
// registers with one pmax/pmin per vector instead of Wasm's exact max/min,
// which wazero lowers to about ten SSE instructions: the running value
// ignores NaN and the sign of zero (pmax(acc, x) = acc < x ? x : acc),
// and two flags, or-ed per vector, put them back once at the end (a NaN
// anywhere gives NaN; a zero result is +0 if a +0 was seen, for max).
func fastMinMax(in *loopir.Instr) bool {
	return in.Op == loopir.OpAccum && (in.Red == loopir.RedMax || in.Red == loopir.RedMin) &&
		(in.Type == memref.Float32 || in.Type == memref.Float64)
}

// winningZero is the bits of the zero that wins a tie of accumulation in:
// +0 for max, -0 for min, in its type.
func winningZero(in *loopir.Instr) uint64 {
	if in.Red == loopir.RedMax {
		return 0
	}
	if in.Type == memref.Float64 {
		return 1 << 63
	}
	return 1 << 31
}

// minMaxStep is acc ⊕ v for a fastMinMax accumulator, updating its flags
// (none for a Loose one: one pmax or pmin per vector).
func (ng *nestGen) minMaxStep(in *loopir.Instr, fl *minMaxFlags, acc, v val) val {
	dt := in.Type
	if fl != nil {
		isNaN := ng.simple(dt, fop(dt, wasm.OpF32x4Ne, wasm.OpF64x2Ne), v, v)
		ng.copyVal(fl.nan, ng.simple(dt, wasm.OpV128Or, fl.nan, isNaN))
		isZero := ng.simple(dt, fop(dt, wasm.OpI32x4Eq, wasm.OpI64x2Eq), v, ng.splatConst(dt, winningZero(in)))
		ng.copyVal(fl.zero, ng.simple(dt, wasm.OpV128Or, fl.zero, isZero))
	}
	if in.Red == loopir.RedMax {
		return ng.simple(dt, fop(dt, wasm.OpF32x4Pmax, wasm.OpF64x2Pmax), acc, v) // acc < v ? v : acc
	}
	return ng.simple(dt, fop(dt, wasm.OpF32x4Pmin, wasm.OpF64x2Pmin), acc, v) // v < acc ? v : acc
}

// minMaxFinish applies a fastMinMax accumulator's flags to its reduced
// value h (lane 0): NaN if any lane saw one; the winning zero if h is a
// zero and any lane saw that zero.
func (ng *nestGen) minMaxFinish(in *loopir.Instr, fl *minMaxFlags, h val) val {
	dt := in.Type
	f := ng.f
	splatAny := func(m val) val { // all ones if any bit of m is set, else 0
		i := f.NewLocal(wasm.I32)
		f.I32Const(0)
		f.LocalGet(m.regs[0])
		if nregs(dt) == 2 {
			f.LocalGet(m.regs[1])
			f.Op(wasm.OpV128Or)
		}
		f.Op(wasm.OpV128AnyTrue)
		f.Op(wasm.OpI32Sub) // 0 or -1
		f.LocalSet(i)
		out := ng.newVal(dt)
		for r := 0; r < nregs(dt); r++ {
			f.LocalGet(i)
			f.Op(wasm.OpI32x4Splat)
			f.LocalSet(out.regs[r])
		}
		return out
	}
	nanMask := splatAny(fl.nan)
	zeroSeen := splatAny(fl.zero)
	nan := ng.splatConst(dt, floatBits(dt, math.NaN()))
	isZero := ng.simple(dt, fop(dt, wasm.OpF32x4Eq, wasm.OpF64x2Eq), h, ng.splatConst(dt, 0))
	zeroFix := ng.simple(dt, wasm.OpV128And, isZero, zeroSeen)
	h = ng.perReg(dt, []val{ng.splatConst(dt, winningZero(in)), h, zeroFix}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
	return ng.perReg(dt, []val{nan, h, nanMask}, func(f *wasm.Func) { f.Op(wasm.OpV128Bitselect) })
}

// maxAccRegs bounds the v128 registers all accumulator sets take.
const maxAccRegs = 8

// rangeOf is loop l's iteration range: the split range for the split loop.
func (ng *nestGen) rangeOf(l int) (iv, iv) {
	if l == ng.n.Part {
		return iv{local: ng.lo}, iv{local: ng.hi}
	}
	if s, ok := ng.start[l]; ok {
		return s, ng.ext[l]
	}
	return constIV(0), ng.ext[l]
}

// batchLoop emits loop l over its range with, for each access, a pointer
// (from ptr) positioned at the range's start and advanced by the access's
// stride over l each iteration; body emits the loop's body on those
// pointers. The specialised kernels' outer loops.
func (ng *nestGen) batchLoop(l int, accs []*access, ptr []uint32, body func(inner []uint32)) {
	f := ng.f
	start, end := ng.rangeOf(l)
	inner := make([]uint32, len(accs))
	for x, a := range accs {
		inner[x] = f.NewLocal(wasm.I32)
		f.LocalGet(ptr[x])
		if !start.isConst {
			start.push(f)
			a.bs[l].push(f)
			f.Op(wasm.OpI32Mul)
			f.Op(wasm.OpI32Add)
		}
		f.LocalSet(inner[x])
	}
	i := f.NewLocal(wasm.I32)
	start.push(f)
	f.LocalSet(i)
	f.LocalGet(i)
	end.push(f)
	f.Op(wasm.OpI32LtU)
	f.If(wasm.BlockEmpty)
	f.Loop(wasm.BlockEmpty)
	body(inner)
	for x, a := range accs {
		f.LocalGet(inner[x])
		a.bs[l].push(f)
		f.Op(wasm.OpI32Add)
		f.LocalSet(inner[x])
	}
	f.LocalGet(i)
	f.I32Const(1)
	f.Op(wasm.OpI32Add)
	f.LocalTee(i)
	end.push(f)
	f.Op(wasm.OpI32LtU)
	f.BrIf(0)
	f.End()
	f.End()
}
