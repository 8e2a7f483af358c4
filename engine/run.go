package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/sandjit/sandjit/lower/loopir"
	"github.com/sandjit/sandjit/memref"
)

// errFault is a kernel's report that an op met an index out of range; run
// turns it into the op's error.
var errFault = errors.New("kernel fault")

// chunkCost is the work (in the loop IR's cost units, roughly one SIMD
// instruction per point) of one call into Wasm: about a millisecond. A
// running wazero call cannot be preempted and holds up the Go GC's
// stop-the-world for the whole process, so no call may run much longer;
// runs whose total work is below it call main once, inline.
const chunkCost = 1 << 21

func alignUp(n int) int { return (n + memref.ArenaAlign - 1) &^ (memref.ArenaAlign - 1) }

// run runs the executable on inputs. With inArena, every result is a new
// tensor in the arena that the caller owns (FreeTensor); the kernel writes
// its outputs there directly, so nothing is copied out.
func (x *Executable) run(ctx context.Context, rt *Runtime, inputs []*memref.Tensor, inArena bool) (_ []*memref.Tensor, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := verifyOperands(x.kernel.ArgTypes(), inputs); err != nil {
		return nil, err
	}
	k, p := x.kernel, x.kernel.Program
	argShapes := make([][]int, len(inputs))
	for i, t := range inputs {
		argShapes[i] = t.Shape
	}
	hs, err := k.Host(argShapes)
	if err != nil {
		return nil, shapeError(err)
	}

	// Lay out every buffer of the run (and the argument block) in one block
	// (outputs in blocks of their own with inArena).
	ar := rt.arena
	plans := make([]bufferPlan, len(p.Buffers))
	owned := map[int]*memref.Tensor{} // inArena: output buffer → its tensor
	defer func() {
		if err != nil {
			for _, t := range owned {
				ar.alloc.FreeTensor(t)
			}
		}
	}()
	total := alignUp(x.layout.Size())
	for i, b := range p.Buffers {
		pl := &plans[i]
		pl.shape = k.BufferShape(hs, b)
		n, err := memref.ByteSize(b.DType, pl.shape)
		if err != nil {
			return nil, fmt.Errorf("%w: buffer %s %s: %v", ErrShape, b.Name, memref.TypeString(b.DType, pl.shape), err)
		}
		pl.bytes = n
		switch b.Kind {
		case loopir.Input:
			t := inputs[i]
			if off, ok := t.ArenaOffset(ar.alloc); ok && t.Strides == nil {
				pl.off = off
				continue
			}
			pl.copyIn = t.Contiguous()
		case loopir.Const:
			pl.copyIn = b.Data
		case loopir.Host:
			pl.copyIn = k.HostData(hs, b)
		case loopir.View:
			continue // placed with its base below
		case loopir.Output:
			if inArena {
				t, err := ar.alloc.NewTensor(b.DType, pl.shape)
				if err != nil {
					return nil, err
				}
				owned[i] = t
				pl.off, _ = t.ArenaOffset(ar.alloc)
				continue
			}
		}
		pl.off = uint32(total) // relative for now
		total = alignUp(total + n)
		if total > memref.MaxElements {
			return nil, fmt.Errorf("%w: the run needs more than 4 GiB of arena memory", ErrArenaFull)
		}
	}
	base, err := ar.alloc.Alloc(total)
	if err != nil {
		return nil, err
	}
	defer ar.alloc.Free(base)
	mem := ar.be.mem()
	block := mem[base : base+uint32(x.layout.Size())]
	x.layout.WriteHeader(block)
	params := make([]int, len(p.Params))
	for i, par := range p.Params {
		params[i] = k.ParamValue(hs, par)
		x.layout.WriteParam(block, i, uint32(params[i]))
	}
	for i, b := range p.Buffers {
		pl := &plans[i]
		switch {
		case b.Kind == loopir.View:
			pl.off = plans[b.Base].off // bases come first
		case owned[i] != nil:
		case b.Kind != loopir.Input || pl.copyIn != nil:
			pl.off += base
		}
		if pl.copyIn != nil {
			copy(mem[pl.off:int(pl.off)+pl.bytes], pl.copyIn.Data[:pl.bytes])
		}
		if err := x.layout.WriteMemref(block, i, pl.off, pl.shape, memref.RowMajorStrides(pl.shape)); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrInternal, err)
		}
	}

	if err := x.execute(ctx, rt, base, plans, params); err != nil {
		if errors.Is(err, errFault) {
			code := x.layout.ReadFault(block)
			return nil, fmt.Errorf("%w: %v", ErrArgument, k.FaultError(code, hs))
		}
		return nil, err
	}

	// Results.
	out := make([]*memref.Tensor, len(k.Results))
	byBuf := map[int]*memref.Tensor{}
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
					out[i] = t
					delete(owned, rs.Buf)
					continue
				}
				pl := &plans[rs.Buf]
				src = &memref.Tensor{DType: p.Buffers[rs.Buf].DType, Shape: pl.shape, Data: mem[pl.off : int(pl.off)+pl.bytes]}
			}
			t, err := ar.alloc.NewTensor(src.DType, src.Shape)
			if err != nil {
				for _, o := range out[:i] {
					ar.alloc.FreeTensor(o)
				}
				return nil, err
			}
			copy(t.Data, src.Data[:len(t.Data)])
			out[i] = t
		}
		for _, t := range owned { // outputs no result names (none, today)
			ar.alloc.FreeTensor(t)
		}
		owned = nil
		return out, nil
	}
	for i, rs := range k.Results {
		switch {
		case rs.Arg >= 0:
			out[i] = inputs[rs.Arg]
		case rs.Const != nil:
			c, err := rs.Const.Clone()
			if err != nil {
				return nil, err
			}
			out[i] = c
		default:
			if t, ok := byBuf[rs.Buf]; ok {
				out[i] = t
				continue
			}
			pl := &plans[rs.Buf]
			t, err := memref.New(p.Buffers[rs.Buf].DType, pl.shape)
			if err != nil {
				return nil, err
			}
			copy(t.Data, mem[pl.off:int(pl.off)+pl.bytes])
			byBuf[rs.Buf] = t
			out[i] = t
		}
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
		w.cost = points * int64(n.Cost())
		total += w.cost
	}
	return ws, total
}

// execute runs the nests: small work as one call to main; otherwise nest
// by nest, each split into chunks of about chunkCost spread over workers,
// with ctx checked between chunks.
func (x *Executable) execute(ctx context.Context, rt *Runtime, args uint32, plans []bufferPlan, params []int) error {
	work, total := x.resolve(plans, params)
	if total <= chunkCost {
		ws, err := x.getWorkers(ctx, 1)
		if err != nil {
			return err
		}
		defer x.putWorkers(ws)
		st, err := ws[0].callMain(ctx, args)
		return x.status(-1, st, err)
	}
	nw := 1
	for k, n := range x.kernel.Program.Nests {
		if n.Part >= 0 {
			nw = max(nw, min(rt.cfg.workers, chunksOf(work[k], n)))
		}
	}
	ws, err := x.getWorkers(ctx, nw)
	if err != nil {
		return err
	}
	defer x.putWorkers(ws)
	for k, n := range x.kernel.Program.Nests {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := x.runNest(ctx, ws, k, n, work[k], args); err != nil {
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

func (x *Executable) runNest(ctx context.Context, ws []workerBackend, k int, n *loopir.Nest, w nestWork, args uint32) error {
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
	worker := func(wk workerBackend) {
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
	if st == int32(memref.StatusIndexOutOfRange) {
		return errFault
	}
	if st != 0 {
		return fmt.Errorf("%w: %s returned status %d: %s", ErrTrap, where, st, memref.StatusString(st))
	}
	return nil
}
