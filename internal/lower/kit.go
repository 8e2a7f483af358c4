package lower

import (
	"fmt"
	"slices"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/ops/cplx"
	"github.com/sandjit/sandjit/internal/shape"
	"github.com/sandjit/sandjit/memref"
)

// Families defined outside this package (internal/ops/…) through opkit
// become registry entries here, alike in every respect to the core ones:
// their check, shape function, element type and lowering are wrapped so
// that their facts travel in opFacts.kit.

// fromKit makes registry entries of opkit definitions.
func fromKit(defs []*opkit.Def) []*opDef {
	out := make([]*opDef, len(defs))
	for i, k := range defs {
		d := &opDef{name: k.Name, doc: k.Doc, notes: k.Notes, needs: k.Needs, tier: k.Tier,
			arity: k.Arity, types: typeSet(k.Types), results: k.Results, sizes: k.Sizes, elem: firstElem}
		d.check = func(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
			kf, msg := k.Check(kitChecker{c}, op, in)
			f.kit = kf
			return msg
		}
		d.dims = func(op *mlir.Op, f *opFacts, in [][]int, vals [][]int64) ([]int, string) {
			return k.Dims(op, f.kit, in, vals)
		}
		if k.Elem != nil {
			d.elem = func(op *mlir.Op, f *opFacts, in []mlir.TensorType) memref.DType { return k.Elem(op, f.kit, in) }
		}
		if k.More != nil {
			d.more = func(op *mlir.Op, f *opFacts, in [][]int) [][]int { return k.More(op, f.kit, in) }
		}
		d.lower = func(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value) { k.Lower(kitBuilder{b}, op, f.kit, res) }
		if k.SameShapeAs > 0 {
			d.sym = symOf(k.SameShapeAs - 1)
		}
		d.counted, d.partwise, d.incompatible, d.incompatibleValue = k.CountedResults, k.Partwise, k.ScalarOnIncompatible, k.IncompatibleValue
		out[i] = d
	}
	return out
}

// kitChecker is the opkit.Checker of a check.
type kitChecker struct{ c *checked }

func (k kitChecker) ConstInts(v *mlir.Value, what string) ([]int64, string) {
	return k.c.constInts(v, what)
}

func (k kitChecker) NeedHost(v *mlir.Value, what string) string { return k.c.needHost(v, what) }

// kitBuilder is the opkit.Builder of a lowering.
type kitBuilder struct{ b *builder }

func (k kitBuilder) Type(v *mlir.Value) mlir.TensorType { return k.b.typeOf(k.b.value(v)) }
func (k kitBuilder) ResultBuffer(v *mlir.Value) int     { return k.b.resultBuffer(v) }
func (k kitBuilder) TempBuffer(v *mlir.Value, suffix string, dt memref.DType, ones ...int) int {
	return k.b.tempBuffer(v, suffix, dt, ones...)
}
func (k kitBuilder) NewNest(op *mlir.Op, v *mlir.Value, kinds []loopir.LoopKind) *loopir.Nest {
	return k.b.newNest(op, v, kinds)
}
func (k kitBuilder) Load(n *loopir.Nest, v *mlir.Value, idx []loopir.Index) int {
	return k.b.load(n, v, idx)
}
func (k kitBuilder) Store(n *loopir.Nest, buf int, dt memref.DType, idx []loopir.Index, x int) {
	store(n, buf, dt, idx, x)
}
func (k kitBuilder) Extent(v *mlir.Value, a int) loopir.Size { return k.b.extent(k.b.value(v), a) }
func (k kitBuilder) Param(v *mlir.Value, axes ...int) int    { return k.b.param(k.b.value(v), axes...) }

func (k kitBuilder) Fault(op *mlir.Op, msg func(hs *shape.HostState) string) int {
	return k.b.fault(op, msg)
}
func (k kitBuilder) LoadChecked(n *loopir.Nest, v *mlir.Value, idx []loopir.Index, fault int, dyn ...int) int {
	return k.b.loadChecked(n, v, idx, fault, dyn...)
}

func (k kitBuilder) LoadBuf(n *loopir.Nest, buf int, dt memref.DType, idx []loopir.Index, fault int, dyn ...int) int {
	id := n.Add(&loopir.Instr{Op: loopir.OpLoad, Type: dt, Acc: &loopir.Access{Buf: buf, Idx: idx, Fault: fault}, Args: dyn})
	if ct := computeType(dt); ct != dt {
		id = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: ct, Args: []int{id}})
	}
	return id
}

func (k kitBuilder) StoreBuf(n *loopir.Nest, buf int, dt memref.DType, idx []loopir.Index, x int, fault int, dyn ...int) {
	if computeType(dt) != dt {
		x = n.Add(&loopir.Instr{Op: loopir.OpCast, Type: dt, Args: []int{x}})
	}
	n.Add(&loopir.Instr{Op: loopir.OpStore, Type: dt, Acc: &loopir.Access{Buf: buf, Idx: idx, Fault: fault}, Args: append([]int{x}, dyn...)})
}

func (k kitBuilder) Copy(op *mlir.Op, res, x *mlir.Value, idx []loopir.Index) int {
	k.b.lowerCopy(op, res, x, idx)
	return k.b.buf[res.ID]
}

func (k kitBuilder) Nest(op *mlir.Op) *loopir.Nest {
	n := &loopir.Nest{Name: shortName(op.Name), Part: -1, Src: []string{fmt.Sprintf("'%s' at %s", op.Name, op.Pos)}}
	k.b.prog.Nests = append(k.b.prog.Nests, n)
	return n
}

func (k kitBuilder) SameDim(v *mlir.Value, a int, r *mlir.Value, ra int) bool {
	return k.b.c.syms[k.b.value(v).ID][a] == k.b.c.syms[k.b.value(r).ID][ra]
}
func (k kitBuilder) ValueID(v *mlir.Value) int { return k.b.value(v).ID }
func (k kitBuilder) ParamFunc(name string, fn func(*HostState) int) int {
	return k.b.paramFunc(name, fn)
}
func (k kitBuilder) ShapedBuffer(name string, view int, dt memref.DType, dims []int, like *mlir.Value, shape func(*HostState) []int) int {
	kind := loopir.Temp
	if view >= 0 {
		kind = loopir.View
	}
	return k.b.shapedBuffer(name, kind, view, dt, dims, k.b.value(like).ID, shape)
}
func (k kitBuilder) BufferNest(op *mlir.Op, buf int) *loopir.Nest { return k.b.bufNest(op, buf) }
func (k kitBuilder) ValueBuffer(v *mlir.Value) int {
	v = k.b.value(v)
	if _, ok := k.b.splat[v.ID]; ok {
		return -1
	}
	return k.b.buf[v.ID]
}

func (k kitBuilder) HostParam(name string, op *mlir.Op, fn func(in [][]int, vals [][]int64) int) int {
	return k.b.paramFunc(name, func(hs *HostState) int {
		in := make([][]int, len(op.Operands))
		vals := make([][]int64, len(op.Operands))
		for i, v := range op.Operands {
			in[i], vals[i] = hs.Shapes[v.ID], hs.Values[v.ID]
		}
		return fn(in, vals)
	})
}

func (k kitBuilder) Bcast(v, r *mlir.Value) []loopir.Index { return k.b.bcastIndex(v, r) }

// Parts is the view of v's buffer as pairs of parts.
func (k kitBuilder) Parts(v *mlir.Value) int {
	return k.b.complexView(k.b.buf[k.b.value(v).ID], loopir.PartsView)
}

func (k kitBuilder) Splat(v *mlir.Value) *memref.Tensor {
	if d, ok := k.b.splat[k.b.value(v).ID]; ok {
		return d.Value
	}
	return nil
}

// complexView finds or makes the view of complex buffer id of a kind (one
// of each, so that the loop IR sees one view of each).
func (b *builder) complexView(id int, kind loopir.ComplexView) int {
	if p, ok := b.views[[2]int{id, int(kind)}]; ok {
		return p
	}
	buf, bs := b.prog.Buffers[id], b.bufShapes
	dt, last := buf.DType.ComplexPart(), buf.Rank()-1
	dims := func(s []int) []int {
		switch s = slices.Clone(s); {
		case kind == loopir.PartsView:
			return append(s, 2)
		case kind == loopir.FlatView && s[last] != loopir.Dynamic:
			s[last] *= 2
		}
		return s
	}
	if kind == loopir.UnitView {
		dt = memref.Int64
	}
	p := b.shapedBuffer(buf.Name+[...]string{".parts", ".flat", ".units"}[kind], loopir.View, id, dt, dims(buf.Dims), buf.Value,
		func(hs *HostState) []int { return dims(bufferShape(bs, hs, buf)) })
	b.views[[2]int{id, int(kind)}] = p
	return p
}

// splatElem is the Const buffer of complex splat v's element (rank 0).
func (b *builder) splatElem(v *mlir.Value, d *mlir.DenseAttr) int {
	if e, ok := b.elems[v.ID]; ok {
		return e
	}
	e := len(b.prog.Buffers)
	b.prog.Buffers = append(b.prog.Buffers, &loopir.Buffer{ID: e, Name: v.String() + ".elem", Kind: loopir.Const,
		DType: d.Type.Elem, Dims: []int{}, Data: d.Value, Value: loopir.NoValue})
	b.elems[v.ID] = e
	return e
}

// complexify rewrites the nests from index from on, which a partwise op's
// lowering made, for complex elements (loopir.Complexify).
func (b *builder) complexify(from int) {
	for _, n := range b.prog.Nests[from:] {
		loopir.Complexify(n, complexViews{b})
	}
}

// complexViews is the loopir.ComplexBuilder of a lowering.
type complexViews struct{ *builder }

func (c complexViews) View(buf int, k loopir.ComplexView) int { return c.complexView(buf, k) }

// Twice is a loop extent twice as large as s.
func (c complexViews) Twice(s loopir.Size) loopir.Size {
	b := c.builder
	switch s.Kind {
	case loopir.SizeStatic:
		return loopir.Static(2 * s.N)
	case loopir.SizeParam:
		return loopir.ParamSize(c.TwiceParam(s.N))
	}
	buf, bs := b.prog.Buffers[s.Buf], b.bufShapes
	return loopir.ParamSize(b.paramFunc(fmt.Sprintf("2*b%d.d%d", s.Buf, s.Axis),
		func(hs *HostState) int { return 2 * bufferShape(bs, hs, buf)[s.Axis] }))
}

// TwiceParam is a parameter twice parameter k.
func (c complexViews) TwiceParam(k int) int {
	b := c.builder
	f := b.paramFns[b.prog.Params[k].Expr]
	return b.paramFunc("2*"+b.prog.Params[k].Name, func(hs *HostState) int { return 2 * f(hs) })
}

// complexExt holds the complex definitions of core ops, by bare name
// (internal/ops/cplx): an op with a complex operand or result is checked
// and lowered by its entry here instead of the core one.
var complexExt = buildRegistry(fromKit(cplx.Extensions()))

// extension is op's definition: its complex one when an operand or the
// result is complex, def itself for the family's own ops and real types;
// a message when a complex type meets an op with no complex definition.
func extension(def *opDef, op *mlir.Op, in []mlir.TensorType) (*opDef, string) {
	for i, t := range append(slices.Clip(in), op.Results[0].Type) {
		switch e := complexExt[shortName(op.Name)]; {
		case !t.Elem.IsComplex() || cplx.Defines(op.Name) || def.partwise:
		case e != nil:
			return e, ""
		case i == len(in):
			return nil, fmt.Sprintf("result must be a tensor of %s values, but got %s", def.types, t)
		default:
			return nil, fmt.Sprintf("operand #%d must be a tensor of %s values, but got %s", i, def.types, t)
		}
	}
	return def, ""
}
