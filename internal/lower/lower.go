package lower

import (
	"context"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"math"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// computeType is the type a value of dt is computed in: f16 is a storage
// type, computed in f32 and rounded back after every op.
func computeType(dt memref.DType) memref.DType { return opkit.ComputeType(dt) }

// emitter builds the scalar computation of one op inside a nest.
type emitter struct {
	n     *loopir.Nest
	dt    memref.DType // compute type of the operands
	store memref.DType // their storage type (f16 where dt is f32 for f16)
	op    *mlir.Op     // the op being lowered (for its attributes)
}

// attrFloat reads a float attribute of the op (an integer one is
// accepted too), or def when absent.
func (e *emitter) attrFloat(name string, def float64) float64 {
	v, m := opkit.AttrFloat(e.op, name, def)
	if m != "" {
		return def // an attribute of another kind is ignored, as before
	}
	return v
}

// mid rounds an intermediate value of a composite op to the storage type,
// as TensorFlow computes f16 ops step by step in f16.
func (e *emitter) mid(v int) int { return roundTo(e.n, e.store, v) }

// constF returns a constant of the compute type with value v.
func (e *emitter) constF(v float64) int {
	return e.n.ConstBits(e.dt, constBits(e.dt, v))
}

// constBits encodes v as an instruction constant of type dt.
func constBits(dt memref.DType, v float64) uint64 {
	switch {
	case dt == memref.Float32 || dt.IsHalf():
		return uint64(math.Float32bits(float32(v)))
	case dt == memref.Float64:
		return math.Float64bits(v)
	case dt == memref.Bool:
		if v != 0 {
			return 1
		}
		return 0
	case dt.IsUnsigned():
		return uint64(v)
	}
	return uint64(int64(v))
}

// builder lowers a checked function to a naive loop IR program: one nest
// per op (a few for softmax), every value in its own buffer. The passes
// (loopir.Passes) then fuse it.
type builder struct {
	ctx     context.Context // looked at every few ops
	c       *checked
	prog    *loopir.Program
	buf     map[int]int         // value id → buffer id
	params  map[string]int      // "value/axes" → param index
	alias   map[int]*mlir.Value // identity ops: value id → the value it is
	results map[int]bool        // value ids the function returns
	splat   map[int]*mlir.DenseAttr

	paramFns  []func(*HostState) int
	bufShapes map[*loopir.Buffer]func(*HostState) []int
	faults    []faultInfo
	views     map[[2]int]int // {buffer, complexView kind} → that view of it (complexView)
	elems     map[int]int    // complex splat value id → the Const buffer of its element (splatElem)
}

// value resolves identity aliases.
func (b *builder) value(v *mlir.Value) *mlir.Value {
	for {
		a, ok := b.alias[v.ID]
		if !ok {
			return v
		}
		v = a
	}
}

func (b *builder) typeOf(v *mlir.Value) mlir.TensorType { return b.c.types[v.ID] }

// newBuffer creates the buffer that holds value v.
func (b *builder) newBuffer(v *mlir.Value, kind loopir.BufKind) int {
	t := b.typeOf(v)
	id := len(b.prog.Buffers)
	b.prog.Buffers = append(b.prog.Buffers, &loopir.Buffer{
		ID: id, Name: v.String(), Kind: kind, DType: t.Elem, Dims: append([]int(nil), t.Dims...), Value: v.ID,
	})
	b.buf[v.ID] = id
	return id
}

// tempBuffer creates a buffer for an intermediate that is not a value of
// the graph (softmax's max and sum, a reduction's accumulator): it has the
// dims of value v with the axes in ones set to 1.
func (b *builder) tempBuffer(v *mlir.Value, suffix string, dt memref.DType, ones ...int) int {
	dims := append([]int(nil), b.typeOf(v).Dims...)
	for _, a := range ones {
		dims[a] = 1
	}
	id := len(b.prog.Buffers)
	b.prog.Buffers = append(b.prog.Buffers, &loopir.Buffer{ID: id, Name: v.String() + suffix, Kind: loopir.Temp,
		DType: dt, Dims: dims, Value: v.ID, Ones: ones})
	return id
}

// resultBuffer creates the buffer an op's result value is stored in.
func (b *builder) resultBuffer(v *mlir.Value) int {
	kind := loopir.Temp
	if b.results[v.ID] {
		kind = loopir.Output
	}
	return b.newBuffer(v, kind)
}

// param returns the index of the parameter holding the product of v's
// sizes over axes, adding it on first use.
func (b *builder) param(v *mlir.Value, axes ...int) int {
	name := v.String() + ".d"
	for i, a := range axes {
		if i > 0 {
			name += "*d"
		}
		name += fmt.Sprint(a)
	}
	id := v.ID
	i := b.paramFunc(name, func(hs *HostState) int {
		n := 1
		for _, a := range axes {
			n *= hs.Shapes[id][a]
		}
		return n
	})
	if len(axes) == 1 {
		// Exactly shape(v)[a]: loopir.WritesWhole can then prove that a
		// store loop over it covers v's buffer, so the host need not
		// zero a dynamic output before each run.
		b.prog.Params[i].Dim = &loopir.ValueDim{Value: id, Axis: axes[0]}
	}
	return i
}

// paramFunc returns the index of a parameter the host computes with fn,
// adding it on first use of its name (names must say what it computes).
func (b *builder) paramFunc(name string, fn func(*HostState) int) int {
	if p, ok := b.params[name]; ok {
		return p
	}
	b.paramFns = append(b.paramFns, fn)
	b.prog.Params = append(b.prog.Params, loopir.Param{Name: name, Expr: len(b.paramFns) - 1})
	b.params[name] = len(b.prog.Params) - 1
	return len(b.prog.Params) - 1
}

// extent is a loop extent for axis a of v: static when the type knows it.
func (b *builder) extent(v *mlir.Value, a int) loopir.Size {
	if d := b.typeOf(v).Dims[a]; d != mlir.Dynamic {
		return loopir.Static(d)
	}
	return loopir.ParamSize(b.param(v, a))
}

// newNest starts a nest whose loops run over the dims of v.
func (b *builder) newNest(op *mlir.Op, v *mlir.Value, kinds []loopir.LoopKind) *loopir.Nest {
	n := &loopir.Nest{Name: shortName(op.Name), Part: -1, Src: []string{fmt.Sprintf("'%s' at %s", op.Name, op.Pos)}}
	for a := range b.typeOf(v).Dims {
		k := loopir.Parallel
		if kinds != nil {
			k = kinds[a]
		}
		n.Loops = append(n.Loops, loopir.Loop{Extent: b.extent(v, a), Kind: k})
		if n.Part < 0 && k == loopir.Parallel {
			n.Part = a
		}
	}
	b.prog.Nests = append(b.prog.Nests, n)
	return n
}

func shortName(name string) string {
	if len(name) > 3 && name[:3] == "tf." {
		return name[3:]
	}
	return name
}

// load reads v inside n, whose loops cover dims `out`, with idx mapping
// each axis of v to a loop; it converts f16 to the compute type.
func (b *builder) load(n *loopir.Nest, v *mlir.Value, idx []loopir.Index) int {
	v = b.value(v)
	t := b.typeOf(v)
	if d, ok := b.splat[v.ID]; ok {
		if t.Elem.IsComplex() { // its element, which complexify reads by parts
			return n.Load(t.Elem, &loopir.Access{Buf: b.splatElem(v, d)})
		}
		return n.ConstBits(computeType(t.Elem), splatBits(d, computeType(t.Elem)))
	}
	id := n.Load(t.Elem, &loopir.Access{Buf: b.buf[v.ID], Idx: idx})
	if t.Elem.IsHalf() {
		id = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: memref.Float32, Args: []int{id}})
	}
	return id
}

// splatBits is the bits of a splat constant's element in compute type dt.
func splatBits(d *mlir.DenseAttr, dt memref.DType) uint64 {
	if d.Type.Elem.IsHalf() {
		return uint64(math.Float32bits(float32(d.Value.Float64At(0))))
	}
	return d.Value.Bits64At(0) & typeMask(dt)
}

func typeMask(dt memref.DType) uint64 {
	switch dt.Size() {
	case 1:
		if dt.IsSigned() {
			return ^uint64(0)
		}
		return 0xff
	case 2:
		if dt.IsSigned() {
			return ^uint64(0)
		}
		return 0xffff
	case 4:
		if dt.IsSigned() {
			return ^uint64(0)
		}
		return 0xffffffff
	}
	return ^uint64(0)
}

// roundTo rounds a computed value to its storage type when that is f16 or bf16.
func roundTo(n *loopir.Nest, dt memref.DType, v int) int {
	if !dt.IsHalf() {
		return v
	}
	h := n.Add(&loopir.Instr{Op: loopir.OpCast, Type: dt, Args: []int{v}})
	return n.Add(&loopir.Instr{Op: loopir.OpCast, Type: memref.Float32, Args: []int{h}})
}

// store writes computed value x into buffer buf (of dtype dt) at the
// nest's identity index.
func store(n *loopir.Nest, buf int, dt memref.DType, idx []loopir.Index, x int) {
	if dt.IsHalf() {
		// x is f32; if it is the f32 view of a dt value, store that.
		if in := n.Body[x]; in.Op == loopir.OpCast && n.Body[in.Args[0]].Type == dt {
			x = in.Args[0]
		} else {
			x = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: dt, Args: []int{x}})
		}
	}
	n.Store(dt, &loopir.Access{Buf: buf, Idx: idx}, x)
}

func identity(rank int) []loopir.Index { return opkit.Identity(rank) }

// bcastIndex maps operand v (right-aligned, numpy style) into a nest over
// the dims of result r. A dynamic dim of v is read with a run-time
// broadcast check unless its symbol proves it equal to the result's.
func (b *builder) bcastIndex(v, r *mlir.Value) []loopir.Index {
	v = b.value(v)
	vt, rt := b.typeOf(v), b.typeOf(r)
	vs, rs := b.c.syms[v.ID], b.c.syms[r.ID]
	off := len(rt.Dims) - len(vt.Dims)
	idx := make([]loopir.Index, len(vt.Dims))
	for k, od := range vt.Dims {
		l := k + off
		rd := rt.Dims[l]
		switch {
		case od == 1 || (od == mlir.Dynamic && rd == 1):
			idx[k] = loopir.Index{Loop: -1}
		case od != mlir.Dynamic, vs[k] == rs[l]:
			idx[k] = loopir.Index{Loop: l}
		default:
			idx[k] = loopir.Index{Loop: l, Bcast: loopir.BcastDynamic}
		}
	}
	return idx
}

// build lowers the checked function.
func (b *builder) build() error {
	fn := b.c.fn
	b.forward()
	for _, v := range fn.Return.Operands {
		b.results[b.value(v).ID] = true
		src, _ := b.forwarded(v)
		b.results[src.ID] = true
	}
	for _, a := range fn.Args {
		b.newBuffer(a, loopir.Input)
	}
	for i, op := range fn.Ops {
		if i%64 == 63 {
			if err := b.ctx.Err(); err != nil {
				return err
			}
		}
		f := b.c.facts[op]
		res := op.Results[0]
		if b.c.consts[res.ID] != nil && !f.def.forward {
			// Folded at compile time (a constant, or host ops on constants).
			b.lowerConst(op, res)
			continue
		}
		from := len(b.prog.Nests)
		f.def.lower(b, op, f, res)
		if f.def.partwise {
			b.complexify(from)
		}
	}
	return nil
}

// lowerConst makes a constant: a splat is folded into its users (and
// filled into memory only if it is a result); any other constant becomes a
// Const buffer the host copies in.
func (b *builder) lowerConst(op *mlir.Op, res *mlir.Value) {
	d := b.c.consts[res.ID]
	if d.Splat {
		b.splat[res.ID] = d
		if b.results[res.ID] {
			id := b.resultBuffer(res)
			n := b.newNest(op, res, nil)
			store(n, id, d.Type.Elem, identity(len(d.Type.Dims)), b.load(n, res, nil))
			b.complexify(len(b.prog.Nests) - 1)
		}
		return
	}
	id := b.newBuffer(res, loopir.Const)
	b.prog.Buffers[id].Data = d.Value
}

// lowerConstOp lowers a constant op (lowerConst: build lowers every
// value folded to a constant so).
func lowerConstOp(b *builder, op *mlir.Op, _ *opFacts, res *mlir.Value) { b.lowerConst(op, res) }

// How lowerPointwise indexes the operands.
const (
	pointBroadcast = iota // numpy broadcasting
	pointSelect           // a condition of the result's shape, rank 1 (rows) or a scalar
	pointBias             // operand 1 runs along the channel axis
	pointCast             // convert the element type
)

func lowerElementwise(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	b.lowerPointwise(op, f, res, pointBroadcast)
}

func lowerSelect(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	b.lowerPointwise(op, f, res, pointSelect)
}

func lowerBiasAdd(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	b.lowerPointwise(op, f, res, pointBias)
}

func lowerCast(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	b.lowerPointwise(op, f, res, pointCast)
}

// lowerPointwise emits one nest over the result's dims.
func (b *builder) lowerPointwise(op *mlir.Op, f *opFacts, res *mlir.Value, mode int) {
	out := b.resultBuffer(res)
	n := b.newNest(op, res, nil)
	rank := len(b.typeOf(res).Dims)
	args := make([]int, len(op.Operands))
	var operandType memref.DType
	for i, v := range op.Operands {
		var idx []loopir.Index
		switch {
		case mode == pointSelect && i == 0 && len(b.typeOf(b.value(v)).Dims) != rank:
			if len(b.typeOf(b.value(v)).Dims) == 1 {
				idx = []loopir.Index{{Loop: 0}} // a rank-1 condition selects rows
			}
		case mode == pointBias && i == 1:
			idx = []loopir.Index{{Loop: f.channel}}
		case mode == pointSelect || mode == pointBias:
			idx = identity(rank)
		default:
			idx = b.bcastIndex(v, res)
		}
		args[i] = b.load(n, v, idx)
		operandType = b.typeOf(b.value(v)).Elem
	}
	resType := b.typeOf(res).Elem
	var x int
	if mode == pointCast {
		x = args[0]
		src := computeType(operandType)
		if src != computeType(resType) || resType.IsHalf() {
			x = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: resType, Args: []int{x}})
			if resType.IsHalf() {
				x = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: memref.Float32, Args: []int{x}})
			}
		}
	} else {
		e := &emitter{n: n, dt: computeType(operandType), store: operandType, op: op}
		x = roundTo(n, resType, f.def.emit(e, args))
	}
	store(n, out, resType, identity(rank), x)
}

// lowerReduce emits the reduction as one nest over the input's dims that
// accumulates into the result (through an f32 temporary for f16, and
// followed by a division nest for a mean).
func lowerReduce(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	in := b.value(op.Operands[0])
	it := b.typeOf(in)
	dt := it.Elem
	ct := computeType(dt)
	if f.def.mean && dt.IsInt() {
		// TensorFlow sums narrow integers in 64 bits for a mean
		// (reduction_ops.h), divides truncating, and casts back.
		ct = memref.Int64
		if dt.IsUnsigned() {
			ct = memref.Uint64
		}
	}
	kinds := make([]loopir.LoopKind, len(it.Dims))
	for _, a := range f.axes {
		kinds[a] = loopir.Reduce
	}
	resDims := b.typeOf(res).Dims
	direct := ct == dt && !f.def.mean && !f.def.norm
	var acc int
	if direct {
		acc = b.resultBuffer(res)
	} else {
		acc = b.tempBuffer(res, ".acc", ct)
	}
	n := b.newNest(op, in, kinds)
	x := b.load(n, in, identity(len(it.Dims)))
	if ct != computeType(dt) {
		x = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: ct, Args: []int{x}})
	}
	if f.def.norm {
		x = n.Binary(loopir.OpMul, ct, x, x)
	}
	var idx []loopir.Index
	j := 0
	for a := range it.Dims {
		if j < len(f.axes) && f.axes[j] == a {
			j++
			if f.keepDims {
				idx = append(idx, loopir.Index{Loop: -1})
			}
			continue
		}
		idx = append(idx, loopir.Index{Loop: a})
	}
	switch {
	case len(f.axes) == 0:
		// An empty axis list reduces nothing: the nest is a copy.
		store(n, acc, ct, idx, x)
	case len(f.axes) == len(it.Dims) && len(it.Dims) >= 2:
		b.fullReduceInTwo(op, f, in, ct, n, x, acc, idx)
	default:
		n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: f.def.red, Acc: &loopir.Access{Buf: acc, Idx: idx}, Args: []int{x}})
	}
	if direct {
		return
	}
	// Finish: divide by the count (a mean) or take the square root (a
	// norm), and/or round to f16.
	out := b.resultBuffer(res)
	m := b.newNest(op, res, nil)
	rank := len(resDims)
	v := m.Load(ct, &loopir.Access{Buf: acc, Idx: identity(rank)})
	if f.def.mean {
		cnt := b.reduceCount(m, in, f.axes, ct)
		q := m.Binary(loopir.OpDiv, ct, v, cnt)
		if !ct.IsFloat() {
			// An integer mean of nothing is 0 (OpDiv's x / 0 is -1).
			zero := m.ConstBits(ct, 0)
			isZero := m.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: loopir.CmpEq, Type: memref.Bool, Args: []int{cnt, zero}})
			q = m.Add(&loopir.Instr{Op: loopir.OpSelect, Type: ct, Args: []int{isZero, zero, q}})
		}
		v = q
	}
	if f.def.norm {
		v = m.Unary(loopir.OpSqrt, ct, v)
	}
	if ct != computeType(dt) {
		v = m.Add(&loopir.Instr{Op: loopir.OpCast, Type: dt, Args: []int{v}}) // wraps
	}
	store(m, out, dt, identity(rank), roundTo(m, dt, v))
}

// fullReduceInTwo finishes nest n (loops over every axis of in, all
// reduce, body computing x) of a reduction over every axis of a tensor of
// rank ≥ 2 as two nests: n reduces each slice along axis 0 into a
// temporary part[d0] — axis 0 becomes a parallel loop, so the engine can
// split the work into ~1 ms calls (a running Wasm call holds up the Go
// GC's stop-the-world) and across workers — and a second nest reduces
// the d0 partial results into acc at idx. The order of combination
// changes as in any reassociated reduction, and float sums get more
// accurate, not less.
func (b *builder) fullReduceInTwo(op *mlir.Op, f *opFacts, in *mlir.Value, ct memref.DType, n *loopir.Nest, x, acc int, idx []loopir.Index) {
	rank := len(b.typeOf(in).Dims)
	ones := make([]int, 0, rank-1)
	partIdx := []loopir.Index{{Loop: 0}}
	for a := 1; a < rank; a++ {
		ones = append(ones, a)
		partIdx = append(partIdx, loopir.Index{Loop: -1})
	}
	part := b.tempBuffer(in, ".part", ct, ones...)
	n.Loops[0].Kind = loopir.Parallel
	n.Part = 0
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: f.def.red, Acc: &loopir.Access{Buf: part, Idx: partIdx}, Args: []int{x}})
	kinds := make([]loopir.LoopKind, rank)
	for a := range kinds {
		kinds[a] = loopir.Reduce
	}
	m := b.newNest(op, in, kinds)
	for a := 1; a < rank; a++ {
		m.Loops[a].Extent = loopir.Static(1)
	}
	v := m.Load(ct, &loopir.Access{Buf: part, Idx: append([]loopir.Index(nil), partIdx...)})
	m.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: f.def.red, Acc: &loopir.Access{Buf: acc, Idx: idx}, Args: []int{v}})
}

// reduceCount is the number of elements each output of a reduction
// combines, as a value of type ct.
func (b *builder) reduceCount(n *loopir.Nest, in *mlir.Value, axes []int, ct memref.DType) int {
	count := 1
	static := true
	for _, a := range axes {
		d := b.typeOf(in).Dims[a]
		if d == mlir.Dynamic {
			static = false
			break
		}
		count *= d
	}
	if static {
		return n.ConstBits(ct, constBits(ct, float64(count)))
	}
	return n.Add(&loopir.Instr{Op: loopir.OpSize, Type: ct, Size: loopir.ParamSize(b.param(in, axes...))})
}

// lowerSoftmax emits softmax over the last axis as three nests: the max;
// e = exp(x - max), stored, and its sum, in one pass; the normalisation
// e · (1/sum). (A log-softmax needs no e: its last nest recomputes x - max and
// subtracts log(sum).) Each exponential is computed once.
func lowerSoftmax(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) {
	x := b.value(op.Operands[0])
	xt := b.typeOf(x)
	dt := xt.Elem
	ct := computeType(dt)
	rank := len(xt.Dims)
	last := rank - 1
	red := make([]loopir.LoopKind, rank)
	red[last] = loopir.Reduce
	keptIdx := append(identity(last), loopir.Index{Loop: -1})

	mx := b.tempBuffer(x, ".max", ct, last)
	n := b.newNest(op, x, red)
	v := b.load(n, x, identity(rank))
	// A softmax's max is loose (loopir.Instr.Loose); a log-softmax's is
	// exact, since x - max is its result's first term.
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: loopir.RedMax, Acc: &loopir.Access{Buf: mx, Idx: keptIdx}, Args: []int{v}, Loose: !f.def.log})

	// e = exp(x - max), kept for the normalisation (softmax), and its sum.
	// When the result is a kernel output of the compute type, e goes
	// straight into it and the last nest divides in place: no temporary of
	// the input's size to allocate, fill, read back and zero per run. (A
	// temporary result keeps its own e buffer, so that the last nest stays
	// a pure producer that fusion can inline into the result's consumers.)
	ex, out := -1, -1
	if !f.def.log {
		if ct == dt && b.results[res.ID] {
			out = b.resultBuffer(res)
			ex = out
		} else {
			ex = b.tempBuffer(x, ".exp", ct)
		}
	}
	sum := b.tempBuffer(x, ".sum", ct, last)
	n = b.newNest(op, x, red)
	v = b.load(n, x, identity(rank))
	m := n.Load(ct, &loopir.Access{Buf: mx, Idx: keptIdx})
	s := n.Binary(loopir.OpSub, ct, v, m)
	// x - max(x) is never positive (or NaN): the cheaper exp gives the
	// same bits. An f32 softmax keeps e scaled by 2**32 (expnegscaled):
	// its normalisation divides by the sum of the same scaled values, so
	// the scale cancels, and the exponential skips a final rounding into
	// the subnormal range (the results are those of the unscaled e
	// wherever e is normal, and rounded once instead of twice below).
	fn := loopir.MathExpNonPos
	if !f.def.log && ct == memref.Float32 {
		fn = loopir.MathExpNegScaled
	}
	e := n.Add(&loopir.Instr{Op: loopir.OpMath, Math: fn, Type: ct, Args: []int{s}})
	if ex >= 0 {
		n.Store(ct, &loopir.Access{Buf: ex, Idx: identity(rank)}, e)
	}
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: ct, Red: loopir.RedSum, Acc: &loopir.Access{Buf: sum, Idx: keptIdx}, Args: []int{e}})

	if out < 0 {
		out = b.resultBuffer(res)
	}
	n = b.newNest(op, res, nil)
	var r int
	if f.def.log {
		v = b.load(n, x, identity(rank))
		m = n.Load(ct, &loopir.Access{Buf: mx, Idx: keptIdx})
		s = n.Binary(loopir.OpSub, ct, v, m)
		sv := n.Load(ct, &loopir.Access{Buf: sum, Idx: keptIdx})
		l := n.Add(&loopir.Instr{Op: loopir.OpMath, Math: loopir.MathLog, Type: ct, Args: []int{sv}})
		r = n.Binary(loopir.OpSub, ct, s, l)
	} else {
		// e · (1/sum), as TensorFlow's CPU kernel computes it (Eigen's
		// softmax * sum.inverse()): the reciprocal is per row, hoisted out
		// of the inner loop, and a multiply per element is several times
		// cheaper than a division.
		ev := n.Load(ct, &loopir.Access{Buf: ex, Idx: identity(rank)})
		sv := n.Load(ct, &loopir.Access{Buf: sum, Idx: keptIdx})
		inv := n.Binary(loopir.OpDiv, ct, n.ConstBits(ct, constBits(ct, 1)), sv)
		r = n.Binary(loopir.OpMul, ct, ev, inv)
	}
	store(n, out, dt, identity(rank), roundTo(n, dt, r))
}
