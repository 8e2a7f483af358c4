package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/memref"
)

// errFault is a kernel's report that an op met an index out of range or a
// value it rejects (a numerics check); run turns it into the op's error.
var errFault = errors.New("kernel fault")

// chunkCost is the work (in the loop IR's cost units, roughly one SIMD
// instruction per point) of one call into Wasm: about a millisecond. A
// running wazero call cannot be preempted and holds up the Go GC's
// stop-the-world for the whole process, so no call may run much longer;
// runs whose total work is below it call main once, inline.
const chunkCost = 1 << 21

func alignUp(n int) int { return (n + memref.ArenaAlign - 1) &^ (memref.ArenaAlign - 1) }

// The regions of a run's arena block.
const (
	regionFixed uint8 = iota
	regionInputs
	regionOutputs
)

// shapePlan is everything about a run that follows from its argument
// shapes alone (an executable's host state depends on nothing else: values
// it reads are compiled in): the shape of every buffer, where it goes in the
// run's arena block, the argument block's bytes with offsets relative to the
// block, the parameters and the work per nest. Executables keep the plans of
// their last few shapes, so that a run of a shape seen before allocates
// nothing to plan it. A plan is immutable once made.
type shapePlan struct {
	argShapes [][]int
	// argVals are the contents of the arguments the host reads before a
	// run (lower.Kernel.ReadArgs: shape operands), by argument index (nil
	// for the others): a plan is for these values as well as the shapes.
	argVals  [][]int64
	argBytes []int // the bytes each argument's shape needs
	hs       *lower.HostState
	bufs     []bufferPlan // off relative to the buffer's region; copyIn for Const and Host buffers
	results  [][]int      // each result's shape (its source's, or a view's: lower.ResultSource.Shape)
	region   []uint8      // per buffer: regionFixed, regionInputs or regionOutputs
	// The run's arena block is the argument block and the temporaries
	// (fixed, bytes), then room for the inputs when one of them is not in
	// the arena already, then the outputs unless they get arena tensors of
	// their own (RunInArena): only what a run uses is allocated; it is
	// taken and freed dirty, and runBlock zeroes what needs it.
	fixed, inBytes, outBytes int
	template                 []byte // the argument block, data offsets relative
	work                     []nestWork
	cost                     int64
	workers                  int // workers the chunked nests can use (at most the runtime's)
}

// planCache holds an executable's recent plans, newest first.
type planCache struct {
	plans []*shapePlan
}

const maxPlans = 4

func sameShapes(a [][]int, inputs []*memref.Tensor) bool {
	if len(a) != len(inputs) {
		return false
	}
	for i, s := range a {
		t := inputs[i].Shape
		if len(s) != len(t) {
			return false
		}
		for d := range s {
			if s[d] != t[d] {
				return false
			}
		}
	}
	return true
}

// readArgs reads the contents of the arguments the host needs before a
// run (shape operands: lower.Kernel.ReadArgs), by argument index, each
// bounded before it is read. The inputs have passed verifyOperands.
func readArgs(read []int, inputs []*memref.Tensor) ([][]int64, error) {
	if len(read) == 0 {
		return nil, nil
	}
	vals := make([][]int64, len(inputs))
	for _, i := range read {
		t := inputs[i]
		n, err := memref.NumElements(t.Shape)
		if err != nil || n > lower.MaxHostArgElements {
			return nil, fmt.Errorf("%w: %w: operand #%d %s sizes a result: it may hold at most %d values",
				ErrShape, mlir.ErrInvalid, i, memref.TypeString(t.DType, t.Shape), lower.MaxHostArgElements)
		}
		c := t.Contiguous()
		v := make([]int64, n)
		for j := range v {
			v[j] = lower.HostBits(c, j)
		}
		vals[i] = v
	}
	return vals, nil
}

// sameValues reports whether contiguous inputs hold the values vals (by
// argument index) in the arguments read.
func sameValues(vals [][]int64, read []int, inputs []*memref.Tensor) bool {
	for _, i := range read {
		t, v := inputs[i], vals[i]
		if len(t.Data) < len(v)*t.DType.Size() {
			return false
		}
		for j, w := range v {
			if lower.HostBits(t, j) != w {
				return false
			}
		}
	}
	return true
}

func equalValues(a, b [][]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// knownPlan is the fast path of a run's checks: the cached plan for the
// inputs' shapes when each input is contiguous, of the declared dtype and
// holds the data its shape needs. A plan is made only for shapes that
// passed verifyOperands, so such inputs pass it too. Otherwise (a new
// shape, or anything verifyOperands might reject) it returns nil.
func (x *Executable) knownPlan(inputs []*memref.Tensor) *shapePlan {
	args := x.kernel.ArgTypes()
	if len(inputs) != len(args) {
		return nil
	}
	for i, t := range inputs {
		if t == nil || t.Strides != nil || t.DType != args[i].Elem {
			return nil
		}
	}
	pc := x.plans.Load()
	if pc == nil {
		return nil
	}
	for _, p := range pc.plans {
		if sameShapes(p.argShapes, inputs) && sameValues(p.argVals, x.kernel.ReadArgs(), inputs) {
			for i, t := range inputs {
				if len(t.Data) < p.argBytes[i] {
					return nil
				}
			}
			return p
		}
	}
	return nil
}

// plan returns the plan for the inputs' shapes, making (and caching) it
// when new. The inputs have passed verifyOperands.
func (x *Executable) plan(rt *Runtime, inputs []*memref.Tensor) (*shapePlan, error) {
	k, p := x.kernel, x.kernel.Program
	vals, err := readArgs(k.ReadArgs(), inputs)
	if err != nil {
		return nil, err
	}
	if pc := x.plans.Load(); pc != nil {
		for _, p := range pc.plans {
			if sameShapes(p.argShapes, inputs) && equalValues(p.argVals, vals) {
				return p, nil
			}
		}
	}
	pl := &shapePlan{argShapes: make([][]int, len(inputs)), argBytes: make([]int, len(inputs)), argVals: vals}
	for i, t := range inputs {
		pl.argShapes[i] = append([]int(nil), t.Shape...)
		n, err := memref.ByteSize(t.DType, t.Shape)
		if err != nil {
			return nil, fmt.Errorf("%w: operand #%d: %v", ErrArgument, i, err)
		}
		pl.argBytes[i] = n
	}
	hs, err := k.HostWith(pl.argShapes, vals)
	if err != nil {
		return nil, shapeError(err)
	}
	pl.hs = hs
	pl.bufs = make([]bufferPlan, len(p.Buffers))
	pl.region = make([]uint8, len(p.Buffers))
	sizes := [3]int{alignUp(x.layout.Size()), 0, 0}
	for i, b := range p.Buffers {
		bp := &pl.bufs[i]
		bp.shape = k.BufferShape(hs, b)
		n, err := memref.ByteSize(b.DType, bp.shape)
		if err != nil {
			return nil, fmt.Errorf("%w: buffer %s %s: %v", ErrShape, b.Name, memref.TypeString(b.DType, bp.shape), err)
		}
		bp.bytes = n
		switch b.Kind {
		case loopir.Const:
			bp.copyIn = b.Data
		case loopir.Host:
			bp.copyIn = k.HostData(hs, b)
		case loopir.View:
			continue // placed with its base below
		}
		r := regionFixed
		switch b.Kind {
		case loopir.Input:
			r = regionInputs
		case loopir.Output:
			r = regionOutputs
		}
		pl.region[i] = r
		bp.off = uint32(sizes[r])
		sizes[r] = alignUp(sizes[r] + n)
		if sizes[0]+sizes[1]+sizes[2] > memref.MaxElements {
			return nil, fmt.Errorf("%w: the run needs more than 4 GiB of arena memory", ErrArenaFull)
		}
	}
	pl.fixed, pl.inBytes, pl.outBytes = sizes[0], sizes[1], sizes[2]
	pl.template = make([]byte, x.layout.Size())
	x.layout.WriteHeader(pl.template)
	params := make([]int, len(p.Params))
	for i, par := range p.Params {
		params[i] = k.ParamValue(hs, par)
		x.layout.WriteParam(pl.template, i, uint32(params[i]))
	}
	for i, b := range p.Buffers {
		bp := &pl.bufs[i]
		if b.Kind == loopir.View {
			bp.off = pl.bufs[b.Base].off // bases come first
			pl.region[i] = pl.region[b.Base]
		}
		if err := x.layout.WriteMemref(pl.template, i, bp.off, bp.shape, nil); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrInternal, err)
		}
	}
	pl.results = make([][]int, len(k.Results))
	for i, rs := range k.Results {
		switch {
		case rs.Shape >= 0:
			pl.results[i] = hs.Shapes[rs.Shape]
		case rs.Arg >= 0:
			pl.results[i] = pl.argShapes[rs.Arg]
		case rs.Const != nil:
			pl.results[i] = rs.Const.Shape
		default:
			pl.results[i] = pl.bufs[rs.Buf].shape
		}
	}
	pl.work, pl.cost = x.resolve(pl.bufs, params)
	pl.workers = 1
	if pl.cost > chunkCost {
		for k, n := range p.Nests {
			if n.Part >= 0 {
				pl.workers = max(pl.workers, min(rt.cfg.workers, chunksOf(pl.work[k], n)))
			}
		}
	}
	// Publish: newest first, at most maxPlans (a racing run may publish
	// its own at the same time; either list is fine).
	next := &planCache{plans: []*shapePlan{pl}}
	if pc := x.plans.Load(); pc != nil {
		next.plans = append(next.plans, pc.plans[:min(len(pc.plans), maxPlans-1)]...)
	}
	x.plans.Store(next)
	return pl, nil
}

// A run is one path whatever its entry point: plan, give the outputs the
// kernel writes in place their memory, lay out and fill the run's arena
// block, call the kernel, make the results. Run, RunInArena and RunInto
// differ only in where the results go, which is the resultSink's business
// (prepare before the block is laid out, finish after the kernel ran,
// abort on failure); the rules each follows are RATIONALE.md's "Results
// forward their operands".

// sinkKind names where a run's results go.
type sinkKind uint8

const (
	// toHeap (Run): results are new tensors on the Go heap, except an
	// argument returned as is (the same *Tensor) and a value returned
	// twice (one *Tensor).
	toHeap sinkKind = iota
	// toArena (RunInArena): every result is an arena tensor of its own,
	// the outputs written in place by the kernel.
	toArena
	// toDst (RunInto): the caller's tensors, checked against the results;
	// arena ones of outputs written in place, the others by a copy.
	toDst
)

// resultSink is where one run's results go. It lives on the caller's stack.
type resultSink struct {
	kind sinkKind
	dst  []*memref.Tensor // toDst: the caller's result tensors
	out  []*memref.Tensor // toArena: the results' slice, when prepare made it with the outputs
}

// runState is what one run is: the executable, its runtime and the plan.
type runState struct {
	x  *Executable
	rt *Runtime
	pl *shapePlan
}

// runBuffers is one run's inputs and per-buffer state: each buffer's
// address (offs) and the tensor outside the run's block that the kernel
// writes in place, if any (owned): an output's arena tensor (RunInArena,
// freed by abort on failure) or the caller's arena destination (RunInto).
// It is a struct of its own so that it stays on the stack, and so does
// the caller's inputs slice: runState's pointers leak to the heap (the
// runtime outlives the run), and the escape analysis, which does not tell
// fields apart, would take these with them.
type runBuffers struct {
	inputs []*memref.Tensor
	offs   []uint32
	owned  []*memref.Tensor
}

// run runs the executable on inputs, its results going to sink (RunInto's
// return no results).
func (x *Executable) run(ctx context.Context, rt *Runtime, inputs []*memref.Tensor, sink *resultSink) ([]*memref.Tensor, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	pl := x.knownPlan(inputs)
	if pl == nil {
		if err := verifyOperands(x.kernel.ArgTypes(), inputs); err != nil {
			return nil, err
		}
		var err error
		if pl, err = x.plan(rt, inputs); err != nil {
			return nil, err
		}
	}
	// The per-buffer state lives on the stack for kernels of up to
	// stackBuffers buffers (no pool, and no write barriers to clear it).
	n := len(x.kernel.Program.Buffers)
	st := runState{x: x, rt: rt, pl: pl}
	bufs := runBuffers{inputs: inputs}
	var offs [stackBuffers]uint32
	var owned [stackBuffers]*memref.Tensor
	if n <= stackBuffers {
		bufs.offs, bufs.owned = offs[:n], owned[:n]
	} else {
		bufs.offs, bufs.owned = make([]uint32, n), make([]*memref.Tensor, n)
	}
	if err := sink.prepare(&st, &bufs); err != nil {
		sink.abort(&st, &bufs)
		return nil, err
	}
	out, err := st.runPlanned(ctx, sink, &bufs)
	if err != nil {
		sink.abort(&st, &bufs)
	}
	return out, err
}

// stackBuffers is the number of buffers up to which a run keeps its
// per-buffer state on the stack.
const stackBuffers = 16

// prepare checks what the sink must check before the run and gives the
// outputs the kernel writes outside the run's block their tensors
// (bufs.owned).
func (s *resultSink) prepare(st *runState, bufs *runBuffers) error {
	x, pl := st.x, st.pl
	p := x.kernel.Program
	ar := st.rt.arena
	switch s.kind {
	case toDst:
		return x.checkDst(pl, bufs.inputs, s.dst, ar.alloc, bufs.owned)
	case toArena:
		if x.resultBufs != nil && len(x.resultBufs) <= stackBuffers {
			// The results are the outputs: allocate them, and the slice
			// that returns them, at once. Outputs the kernel writes in
			// full may take blocks freed dirty (FreeTensor) without
			// zeroing them first.
			var dts [stackBuffers]memref.DType
			var shapes [stackBuffers][]int
			var over [stackBuffers]bool
			for i, b := range x.resultBufs {
				dts[i], shapes[i], over[i] = p.Buffers[b].DType, pl.results[i], x.overwritten[b]
			}
			n := len(x.resultBufs)
			out, err := ar.alloc.NewTensorsOverwritten(dts[:n], shapes[:n], over[:n])
			if err != nil {
				return err
			}
			for i, b := range x.resultBufs {
				bufs.owned[b] = out[i]
			}
			s.out = out
			return nil
		}
		for i, b := range p.Buffers {
			if b.Kind == loopir.Output {
				t, err := ar.alloc.NewTensor(b.DType, pl.bufs[i].shape)
				if err != nil {
					return err // abort frees those made so far
				}
				bufs.owned[i] = t
			}
		}
	}
	return nil
}

// abort frees what the sink allocated for a run that failed.
func (s *resultSink) abort(st *runState, bufs *runBuffers) {
	if s.kind != toArena {
		return // nothing of the run's own outside its block
	}
	for _, t := range bufs.owned {
		if t != nil {
			st.rt.arena.alloc.FreeTensor(t)
		}
	}
}

// zeroOwned reports whether the tensors in runBuffers.owned may hold bytes the
// kernel must not read: the caller's (RunInto), not the arena's fresh
// ones (RunInArena: zeroed, or overwritten in full).
func (s *resultSink) zeroOwned() bool { return s.kind == toDst }

// runPlanned takes the run's arena block (the argument block and
// temporaries, room for the inputs not in the arena and for the outputs
// not in bufs.owned), runs the kernel in it and frees it after.
func (st *runState) runPlanned(ctx context.Context, sink *resultSink, bufs *runBuffers) ([]*memref.Tensor, error) {
	x, pl, ar := st.x, st.pl, st.rt.arena
	// Inputs already in the arena are read where they are (their address
	// in offs); the others are copied into the block's input region.
	needIn := false
	for i, t := range bufs.inputs { // input buffers come first, in argument order
		if off, ok := t.ArenaOffset(ar.alloc); ok && t.Strides == nil {
			bufs.offs[i] = off
		} else {
			needIn = true
		}
	}
	needOut := false
	for i, b := range x.kernel.Program.Buffers {
		needOut = needOut || b.Kind == loopir.Output && bufs.owned[i] == nil
	}
	var start [3]uint32 // of each region, relative to the block
	start[regionInputs] = uint32(pl.fixed)
	start[regionOutputs] = start[regionInputs]
	if needIn {
		start[regionOutputs] += uint32(pl.inBytes)
	}
	total := int(start[regionOutputs])
	if needOut {
		total += pl.outBytes
	}
	// The block is taken and given back dirty: runBlock clears what the
	// kernel may read before writing (see there), the inputs and the
	// outputs stored in full are written over, and nothing leaves this
	// arena (each server tenant has its own).
	base, err := ar.takeBlock(total)
	if err != nil {
		return nil, err
	}
	defer ar.putBlock(base) // open-coded: runPlanned returns once after it
	mem := ar.be.mem()
	if err := st.runBlock(ctx, sink, bufs, mem, base, start); err != nil {
		return nil, err
	}
	return sink.finish(st, bufs, mem)
}

// runBlock fills the run's arena block at base (the argument block, then
// inputs to copy in, temporaries, constants) and runs the kernel; the
// buffers' addresses are left in bufs.offs.
func (st *runState) runBlock(ctx context.Context, sink *resultSink, bufs *runBuffers, mem []byte, base uint32, start [3]uint32) error {
	x, pl := st.x, st.pl
	k, p := x.kernel, x.kernel.Program
	offs, owned := bufs.offs, bufs.owned
	block := mem[base : base+uint32(len(pl.template))]
	copy(block, pl.template)
	// The block may hold an earlier run's bytes of this arena
	// (AllocDirty): zero the temporaries and the outputs in it that the
	// kernel is not proven to store in full before reading
	// (loopir.Program.WritesWhole), and the caller's tensors it writes in
	// place (RunInto). The lowering initialises every buffer it reads,
	// so this is a second line, not a need; constants, host data and
	// inputs are copied over in full below, and the padding after each
	// buffer and the slots of inputs read in place are never read.
	for i, b := range p.Buffers {
		if x.overwritten[i] || b.Kind != loopir.Temp && b.Kind != loopir.Output {
			continue
		}
		if t := owned[i]; t != nil {
			if sink.zeroOwned() {
				clear(t.Data[:pl.bufs[i].bytes])
			}
			continue
		}
		o := base + start[pl.region[i]] + pl.bufs[i].off
		clear(mem[o : int(o)+pl.bufs[i].bytes])
	}
	for i, b := range p.Buffers {
		bp := &pl.bufs[i]
		switch {
		case b.Kind == loopir.Input && offs[i] != 0: // in the arena (address 0 never is)
		case b.Kind == loopir.Input:
			offs[i] = base + start[regionInputs] + bp.off
			copy(mem[offs[i]:int(offs[i])+bp.bytes], bufs.inputs[i].Contiguous().Data[:bp.bytes])
		case b.Kind == loopir.View:
			offs[i] = offs[b.Base] // bases come first
		case owned[i] != nil:
			offs[i], _ = owned[i].ArenaOffset(st.rt.arena.alloc)
		default: // temporaries, outputs, constants and host data: in the block
			offs[i] = base + start[pl.region[i]] + bp.off
			if bp.copyIn != nil {
				copy(mem[offs[i]:int(offs[i])+bp.bytes], bp.copyIn.Data[:bp.bytes])
			}
		}
		binary.LittleEndian.PutUint32(block[x.dataAt[i]:], offs[i])
	}
	if err := x.execute(ctx, st.rt, pl, base); err != nil {
		if errors.Is(err, errFault) {
			code := x.layout.ReadFault(block)
			return fmt.Errorf("%w: %w", ErrArgument, k.FaultError(code, pl.hs))
		}
		return err
	}
	return nil
}

// output is the bytes of buffer b of a run (plan pl) that has finished,
// in the run's block or in its owned tensor.
func (bufs *runBuffers) output(mem []byte, pl *shapePlan, b int) []byte {
	o := bufs.offs[b]
	return mem[o : int(o)+pl.bufs[b].bytes]
}

// finish makes the results of a run that has finished (RunInto's: none).
func (s *resultSink) finish(st *runState, bufs *runBuffers, mem []byte) ([]*memref.Tensor, error) {
	switch s.kind {
	case toDst:
		return nil, s.finishInto(st, bufs, mem)
	case toArena:
		return s.finishArena(st, bufs, mem)
	}
	return s.finishHeap(st, bufs, mem)
}

// finishInto copies into the caller's tensors every result the kernel did
// not write in place (checkDst made sure each is exactly the result's
// type and shape).
func (s *resultSink) finishInto(st *runState, bufs *runBuffers, mem []byte) error {
	for i, rs := range st.x.kernel.Results {
		d := s.dst[i]
		switch {
		case rs.Arg >= 0:
			n := st.pl.argBytes[rs.Arg]
			copy(d.Data[:n], bufs.inputs[rs.Arg].Contiguous().Data[:n])
		case rs.Const != nil:
			copy(d.Data, rs.Const.Data) // a constant is contiguous, of exactly d's size
		case bufs.owned[rs.Buf] == d:
		default:
			b := bufs.output(mem, st.pl, rs.Buf)
			copy(d.Data[:len(b)], b)
		}
	}
	return nil
}

// finishArena makes every result a tensor of its own in the arena:
// outputs as they are (a second use of one is a copy), arguments and
// constants copied in. The outputs move from bufs.owned to the results.
func (s *resultSink) finishArena(st *runState, bufs *runBuffers, mem []byte) ([]*memref.Tensor, error) {
	k, pl, alloc := st.x.kernel, st.pl, st.rt.arena.alloc
	out := s.out
	if out == nil {
		out = make([]*memref.Tensor, len(k.Results))
	}
	for i, rs := range k.Results {
		var dt memref.DType
		var src []byte
		switch {
		case rs.Arg >= 0:
			in := bufs.inputs[rs.Arg].Contiguous()
			dt, src = in.DType, in.Data
		case rs.Const != nil:
			dt, src = rs.Const.DType, rs.Const.Data
		default:
			if t := bufs.owned[rs.Buf]; t != nil {
				if rs.Shape >= 0 { // a view: the same bytes in the result's shape
					t.Shape = slices.Clone(pl.results[i])
				}
				out[i] = t
				bufs.owned[rs.Buf] = nil
				continue
			}
			dt, src = k.Program.Buffers[rs.Buf].DType, bufs.output(mem, pl, rs.Buf)
		}
		t, err := alloc.NewTensor(dt, pl.results[i])
		if err != nil {
			for _, o := range out[:i] {
				alloc.FreeTensor(o)
			}
			return nil, err
		}
		copy(t.Data, src[:len(t.Data)])
		out[i] = t
	}
	for j, t := range bufs.owned { // outputs no result names (none, today)
		if t != nil {
			alloc.FreeTensor(t)
			bufs.owned[j] = nil
		}
	}
	return out, nil
}

// finishHeap makes the results on the Go heap: an argument returned as is
// is the caller's own tensor, a value returned twice one tensor, and every
// other result a copy the caller owns (out of the run's block, which is
// reused).
func (s *resultSink) finishHeap(st *runState, bufs *runBuffers, mem []byte) ([]*memref.Tensor, error) {
	k, pl := st.x.kernel, st.pl
	out := make([]*memref.Tensor, len(k.Results))
	for i, rs := range k.Results {
		var t *memref.Tensor
		var err error
		switch {
		case rs.Arg >= 0 && rs.Shape < 0:
			t = bufs.inputs[rs.Arg] // forwarded as is
		case rs.Arg >= 0: // an argument seen in another shape: a copy
			in := bufs.inputs[rs.Arg].Contiguous()
			t, err = memref.NewCopy(in.DType, pl.results[i], in.Data[:pl.argBytes[rs.Arg]])
		case rs.Const != nil:
			t, err = memref.NewCopy(rs.Const.DType, pl.results[i], rs.Const.Data)
		default:
			for j := range i { // a value returned twice is one tensor
				if o := k.Results[j]; o.Buf == rs.Buf && o.Shape == rs.Shape && o.Arg < 0 && o.Const == nil {
					t = out[j]
				}
			}
			if t == nil {
				t, err = memref.NewCopy(k.Program.Buffers[rs.Buf].DType, pl.results[i], bufs.output(mem, pl, rs.Buf))
			}
		}
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

// fromFlow hands the results of a kernel with control flow (made by its
// segments' runs as Run makes them) to the sink.
func (s *resultSink) fromFlow(rt *Runtime, outs, inputs []*memref.Tensor) ([]*memref.Tensor, error) {
	switch s.kind {
	case toDst:
		return nil, copyResults(s.dst, outs, inputs)
	case toArena:
		return rt.copyToArena(outs)
	}
	return outs, nil
}

// nestWork is the resolved size of one nest for one run.
type nestWork struct {
	ext  []int
	cost int64
}

func (x *Executable) resolve(plans []bufferPlan, params []int) ([]nestWork, int64) {
	var total int64
	ws := make([]nestWork, len(x.kernel.Program.Nests))
	for k, n := range x.kernel.Program.Nests {
		w := &ws[k]
		points := int64(1)
		for _, l := range n.Loops {
			var e int
			switch l.Extent.Kind {
			case loopir.SizeStatic:
				e = l.Extent.N
			case loopir.SizeParam:
				e = params[l.Extent.N]
			default:
				e = plans[l.Extent.Buf].shape[l.Extent.Axis]
			}
			w.ext = append(w.ext, e)
			points *= int64(e)
		}
		w.cost = points * int64(n.WorkCost())
		total += w.cost
	}
	return ws, total
}

// execute runs the nests: small work as one call to main; otherwise nest
// by nest, each split into chunks of about chunkCost spread over workers,
// with ctx checked between chunks, and whether the runtime is closing
// (ErrClosed: Close waits for the chunk in flight, not for the run).
func (x *Executable) execute(ctx context.Context, rt *Runtime, pl *shapePlan, args uint32) error {
	work, total := pl.work, pl.cost
	if total <= chunkCost {
		w, err := x.getWorker(ctx)
		if err != nil {
			return err
		}
		st, err := w.callMain(ctx, args)
		x.putWorker(w)
		return x.status(-1, st, err)
	}
	ws, err := x.getWorkers(ctx, pl.workers)
	if err != nil {
		return err
	}
	defer x.putWorkers(ws)
	for k, n := range x.kernel.Program.Nests {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := rt.stopped(); err != nil {
			return err
		}
		if err := x.runNest(ctx, rt, ws, k, n, work[k], args); err != nil {
			return err
		}
	}
	return nil
}

// chunksOf is how many calls nest n needs to keep each near chunkCost.
func chunksOf(w nestWork, n *loopir.Nest) int {
	if n.Part < 0 {
		return 1
	}
	c := int((w.cost + chunkCost - 1) / chunkCost)
	return max(1, min(c, w.ext[n.Part]))
}

func (x *Executable) runNest(ctx context.Context, rt *Runtime, ws []*pooledWorker, k int, n *loopir.Nest, w nestWork, args uint32) error {
	chunks := chunksOf(w, n)
	if chunks == 1 {
		hi := uint32(1)
		if n.Part >= 0 {
			hi = uint32(w.ext[n.Part])
		}
		st, err := ws[0].callNest(ctx, k, args, 0, hi)
		return x.status(k, st, err)
	}
	ext := w.ext[n.Part]
	rows := (ext + chunks - 1) / chunks
	var next atomic.Int64
	var wg sync.WaitGroup
	var once sync.Once
	var firstErr error
	fail := func(err error) { once.Do(func() { firstErr = err }) }
	par := min(len(ws), chunks)
	worker := func(wk *pooledWorker) {
		defer wg.Done()
		for {
			c := int(next.Add(1) - 1)
			if c >= chunks {
				return
			}
			if err := ctx.Err(); err != nil {
				fail(err)
				return
			}
			if err := rt.stopped(); err != nil {
				fail(err)
				return
			}
			lo, hi := c*rows, min(ext, (c+1)*rows)
			st, err := wk.callNest(ctx, k, args, uint32(lo), uint32(hi))
			if err := x.status(k, st, err); err != nil {
				fail(err)
				next.Store(int64(chunks))
				return
			}
		}
	}
	wg.Add(par)
	for i := 1; i < par; i++ {
		go worker(ws[i])
	}
	worker(ws[0])
	wg.Wait()
	return firstErr
}

// status turns a call's outcome into an error naming the nest.
func (x *Executable) status(k int, st int32, err error) error {
	where := "main"
	if k >= 0 {
		where = fmt.Sprintf("nest %d (%s)", k, nestSrc(x.kernel.Program.Nests[k]))
	}
	if err != nil {
		return fmt.Errorf("%w: %s trapped: %v", ErrTrap, where, err)
	}
	if st == int32(memref.StatusIndexOutOfRange) || st == int32(memref.StatusInvalidArgument) {
		return errFault // the fault word says which op, and why
	}
	if st != 0 {
		return fmt.Errorf("%w: %s returned status %d: %s", ErrTrap, where, st, memref.StatusString(st))
	}
	return nil
}
