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

// runScratch is one run's per-buffer state: the buffers' addresses, and
// (RunInArena) the output tensors the run allocated and still owns.
type runScratch struct {
	offs  []uint32
	owned []*memref.Tensor
	// dst, for RunInto, holds the caller's result tensors; owned then
	// maps an output buffer to the dst tensor in the arena the kernel
	// writes directly (the caller's: never freed by the run).
	dst []*memref.Tensor
}

// run runs the executable on inputs. With inArena, every result is a new
// tensor in the arena that the caller owns (FreeTensor); the kernel writes
// its outputs there directly, so nothing is copied out.
func (x *Executable) run(ctx context.Context, rt *Runtime, inputs []*memref.Tensor, inArena bool, dst []*memref.Tensor) ([]*memref.Tensor, error) {
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
	// The per-buffer scratch lives on the stack for kernels of up to
	// stackBuffers buffers (no pool, and no write barriers to clear it).
	n := len(x.kernel.Program.Buffers)
	var sc runScratch
	var offs [stackBuffers]uint32
	var owned [stackBuffers]*memref.Tensor
	if n <= stackBuffers {
		sc.offs, sc.owned = offs[:n], owned[:n]
	} else {
		sc.offs, sc.owned = make([]uint32, n), make([]*memref.Tensor, n)
	}
	if dst != nil {
		if err := x.checkDst(pl, inputs, dst, rt.arena.alloc, sc.owned); err != nil {
			return nil, err
		}
		sc.dst = dst
		_, err := x.runPlanned(ctx, rt, pl, inputs, false, &sc)
		return nil, err
	}
	out, err := x.runPlanned(ctx, rt, pl, inputs, inArena, &sc)
	if err != nil {
		for _, t := range sc.owned {
			if t != nil {
				rt.arena.alloc.FreeTensor(t)
			}
		}
	}
	return out, err
}

// stackBuffers is the number of buffers up to which a run keeps its
// scratch on the stack.
const stackBuffers = 16

// runPlanned is run once its plan is known: it gives inArena runs their
// output tensors (in sc.owned; run frees the ones left there on error),
// then takes the run's arena block for runBlock and frees it after.
func (x *Executable) runPlanned(ctx context.Context, rt *Runtime, pl *shapePlan, inputs []*memref.Tensor, inArena bool, sc *runScratch) ([]*memref.Tensor, error) {
	p := x.kernel.Program
	ar := rt.arena
	owned := sc.owned        // inArena: output buffer → its tensor
	var out []*memref.Tensor // the results' slice, when made with the outputs
	if inArena && x.resultBufs != nil && len(x.resultBufs) <= stackBuffers {
		// The results are the outputs: allocate them, and the slice
		// that returns them, at once.
		var dts [stackBuffers]memref.DType
		var shapes [stackBuffers][]int
		var over [stackBuffers]bool
		for i, b := range x.resultBufs {
			dts[i], shapes[i], over[i] = p.Buffers[b].DType, pl.results[i], x.overwritten[b]
		}
		n := len(x.resultBufs)
		var err error
		// Outputs the kernel writes in full may take blocks freed dirty
		// (FreeTensor) without zeroing them first.
		if out, err = ar.alloc.NewTensorsOverwritten(dts[:n], shapes[:n], over[:n]); err != nil {
			return nil, err
		}
		for i, b := range x.resultBufs {
			owned[b] = out[i]
		}
	} else if inArena {
		for i, b := range p.Buffers {
			if b.Kind == loopir.Output {
				t, err := ar.alloc.NewTensor(b.DType, pl.bufs[i].shape)
				if err != nil {
					return nil, err
				}
				owned[i] = t
			}
		}
	}
	// Inputs already in the arena are read where they are (their address
	// in offs); the others are copied into the block's input region.
	offs := sc.offs
	needIn := false
	for i, t := range inputs { // input buffers come first, in argument order
		if off, ok := t.ArenaOffset(ar.alloc); ok && t.Strides == nil {
			offs[i] = off
		} else {
			needIn = true
		}
	}
	var start [3]uint32 // of each region, relative to the block
	start[regionInputs] = uint32(pl.fixed)
	start[regionOutputs] = start[regionInputs]
	if needIn {
		start[regionOutputs] += uint32(pl.inBytes)
	}
	total := int(start[regionOutputs])
	if !inArena {
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
	return x.runBlock(ctx, rt, pl, inputs, inArena, sc, base, start, out)
}

// runBlock fills the run's arena block at base (the argument block, then
// inputs to copy in, temporaries, constants), runs the kernel and makes
// its results (in out, when runPlanned made it).
func (x *Executable) runBlock(ctx context.Context, rt *Runtime, pl *shapePlan, inputs []*memref.Tensor, inArena bool, sc *runScratch, base uint32, start [3]uint32, out []*memref.Tensor) ([]*memref.Tensor, error) {
	k, p := x.kernel, x.kernel.Program
	ar := rt.arena
	offs, owned := sc.offs, sc.owned
	mem := ar.be.mem()
	block := mem[base : base+uint32(len(pl.template))]
	copy(block, pl.template)
	// The block may hold an earlier run's bytes of this arena
	// (AllocDirty): zero the temporaries and the outputs in it that the
	// kernel is not proven to store in full before reading
	// (loopir.Program.WritesWhole). The lowering initialises every
	// buffer it reads, so this is a second line, not a need; constants,
	// host data and inputs are copied over in full below, and the padding
	// after each buffer and the slots of inputs read in place are never
	// read.
	for i, b := range p.Buffers {
		if x.overwritten[i] || !(b.Kind == loopir.Temp || b.Kind == loopir.Output && !inArena) {
			continue
		}
		if t := owned[i]; t != nil { // RunInto: the caller's arena tensor
			clear(t.Data[:pl.bufs[i].bytes])
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
			copy(mem[offs[i]:int(offs[i])+bp.bytes], inputs[i].Contiguous().Data[:bp.bytes])
		case b.Kind == loopir.View:
			offs[i] = offs[b.Base] // bases come first
		case owned[i] != nil:
			offs[i], _ = owned[i].ArenaOffset(ar.alloc)
		default: // temporaries, outputs, constants and host data: in the block
			offs[i] = base + start[pl.region[i]] + bp.off
			if bp.copyIn != nil {
				copy(mem[offs[i]:int(offs[i])+bp.bytes], bp.copyIn.Data[:bp.bytes])
			}
		}
		binary.LittleEndian.PutUint32(block[x.dataAt[i]:], offs[i])
	}

	if err := x.execute(ctx, rt, pl, base); err != nil {
		if errors.Is(err, errFault) {
			code := x.layout.ReadFault(block)
			return nil, fmt.Errorf("%w: %w", ErrArgument, k.FaultError(code, pl.hs))
		}
		return nil, err
	}

	// Results.
	if sc.dst != nil {
		// RunInto: copy every result the kernel did not write in place
		// (checkDst made sure each dst is exactly the result's type and
		// shape).
		for i, rs := range k.Results {
			d := sc.dst[i]
			switch {
			case rs.Arg >= 0:
				n := pl.argBytes[rs.Arg]
				copy(d.Data[:n], inputs[rs.Arg].Contiguous().Data[:n])
			case rs.Const != nil:
				copy(d.Data, rs.Const.Data) // a constant is contiguous, of exactly d's size
			case owned[rs.Buf] == d:
			default:
				o, n := offs[rs.Buf], pl.bufs[rs.Buf].bytes
				copy(d.Data[:n], mem[o:int(o)+n])
			}
		}
		return nil, nil
	}
	if out == nil {
		out = make([]*memref.Tensor, len(k.Results))
	}
	if inArena {
		// Every result a tensor of its own in the arena: outputs as they
		// are (a second use of one is a copy), arguments and constants
		// copied in.
		for i, rs := range k.Results {
			var src *memref.Tensor
			switch {
			case rs.Arg >= 0:
				src = inputs[rs.Arg].Contiguous()
			case rs.Const != nil:
				src = rs.Const
			default:
				if t := owned[rs.Buf]; t != nil {
					if rs.Shape >= 0 { // a view: the same bytes in the result's shape
						t.Shape = slices.Clone(pl.results[i])
					}
					out[i] = t
					owned[rs.Buf] = nil
					continue
				}
				src = &memref.Tensor{DType: p.Buffers[rs.Buf].DType, Shape: pl.bufs[rs.Buf].shape,
					Data: mem[offs[rs.Buf] : int(offs[rs.Buf])+pl.bufs[rs.Buf].bytes]}
			}
			t, err := ar.alloc.NewTensor(src.DType, pl.results[i])
			if err != nil {
				for _, o := range out[:i] {
					ar.alloc.FreeTensor(o)
				}
				return nil, err
			}
			copy(t.Data, src.Data[:len(t.Data)])
			out[i] = t
		}
		for j, t := range owned { // outputs no result names (none, today)
			if t != nil {
				ar.alloc.FreeTensor(t)
				owned[j] = nil
			}
		}
		return out, nil
	}
	for i, rs := range k.Results {
		var t *memref.Tensor
		var err error
		switch {
		case rs.Arg >= 0 && rs.Shape < 0:
			t = inputs[rs.Arg] // forwarded as is
		case rs.Arg >= 0: // an argument seen in another shape: a copy
			in := inputs[rs.Arg].Contiguous()
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
				bp := &pl.bufs[rs.Buf]
				t, err = memref.NewCopy(p.Buffers[rs.Buf].DType, pl.results[i], mem[offs[rs.Buf]:int(offs[rs.Buf])+bp.bytes])
			}
		}
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
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
