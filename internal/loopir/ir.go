package loopir

import "github.com/sandjit/sandjit/memref"

// Program is the loop IR of one kernel: the buffers the host allocates and
// describes in the argument block, the runtime scalar parameters the host
// computes, and the loop nests that run one after another.
type Program struct {
	Name    string
	Params  []Param
	Buffers []*Buffer
	Nests   []*Nest
}

// Param is a runtime u32 the host writes into the argument block before a
// run: a size that no buffer descriptor carries (for example the extent of a
// fused value that never reaches memory). Name says what the host computes,
// for dumps only.
type Param struct {
	Name string
	Expr int // what the host computes: an index into the lowering's own table

	// Dim, when set, says that the parameter is the run-time size of
	// one axis of one of the lowering's values, in Buffer.Value's
	// numbering: every buffer of that Value has this size on that axis
	// (unless the axis is one of its Ones). Analyses use it to see that a
	// loop over the parameter spans a buffer (WritesWhole); the host
	// computes the parameter from Expr alone.
	Dim *ValueDim
}

// ValueDim names axis Axis of the lowering's value Value.
type ValueDim struct{ Value, Axis int }

// BufKind says who provides a buffer's contents.
type BufKind uint8

// The buffer kinds.
const (
	Input  BufKind = iota // a kernel argument, written by the caller
	Output                // a kernel result, read back by the caller
	Temp                  // an intermediate, produced and consumed by nests
	Const                 // constant data the host copies in (Buffer.Data)
	Host                  // data the host computes and writes before every run (a shape result, say)
	View                  // the memory of buffer Base seen with other dims (a reshape): no storage of its own
)

var bufKindNames = [...]string{Input: "input", Output: "output", Temp: "temp", Const: "const", Host: "host", View: "view"}

func (k BufKind) String() string { return bufKindNames[k] }

// Buffer is one memref of the argument block: its data is row-major
// contiguous (the host guarantees it), its sizes are in its descriptor.
type Buffer struct {
	ID    int
	Name  string
	Kind  BufKind
	DType memref.DType
	Dims  []int          // static size per axis, or Dynamic (read from the descriptor)
	Data  *memref.Tensor // Const buffers only
	Base  int            // View buffers: the buffer whose memory they see (never itself a view)

	// Value and Ones tell the host the buffer's run-time shape: the shape of
	// the kernel value Value (an id of the lowering's choosing) with the
	// axes in Ones set to 1.
	Value int
	Ones  []int

	// Derived, on a buffer a pass made (Value NoValue) with dynamic dims,
	// says how the host computes its run-time shape from the run's sizes.
	Derived *Derived
}

// Derived is the run-time shape of a buffer a pass made: one size per
// axis (Dims[a].Size / Dims[a].Div); when Gate says so, the axes the
// buffer declares Dynamic are 0 instead.
type Derived struct {
	Dims []DerivedDim
	Gate *PanelGate
}

// DerivedDim is one axis of a Derived shape: Size divided by Div (floor;
// 0 means 1).
type DerivedDim struct {
	Size Size
	Div  int
}

// PanelGate is PackMatmul's run-time test for a product whose extents
// are run-time sizes: rows, cols and span (the i and j extents and the
// size of C's last axis) pass when span is cols, cols is a multiple of
// Width with at least two panels and rows is at least MinRows. A gated
// shape has its dynamic axes 0 when the test fails, or, with Not, when it
// passes; a nest whose extent is such an axis then runs no point.
type PanelGate struct {
	Rows, Cols, Span Size
	Width, MinRows   int
	Not              bool
}

// Pass reports whether the sizes pass the gate's test (Not aside).
func (g *PanelGate) Pass(rows, cols, span int) bool {
	return span == cols && cols%g.Width == 0 && cols/g.Width >= 2 && rows >= g.MinRows
}

// DerivedShape computes the run-time shape of a buffer with a Derived
// shape, given the run-time value of any size.
func (b *Buffer) DerivedShape(size func(Size) int) []int {
	d := b.Derived
	out := make([]int, len(d.Dims))
	gated := false
	if g := d.Gate; g != nil {
		gated = g.Pass(size(g.Rows), size(g.Cols), size(g.Span)) == g.Not
	}
	for a, x := range d.Dims {
		if !gated || b.Dims[a] != Dynamic {
			out[a] = size(x.Size) / max(x.Div, 1)
		}
	}
	return out
}

// sizes lists every size the shape depends on.
func (d *Derived) sizes() []Size {
	var out []Size
	for _, x := range d.Dims {
		out = append(out, x.Size)
	}
	if d.Gate != nil {
		out = append(out, d.Gate.Rows, d.Gate.Cols, d.Gate.Span)
	}
	return out
}

// Rank is the number of axes.
func (b *Buffer) Rank() int { return len(b.Dims) }

// Dynamic marks a buffer dim whose size is only known at run time.
const Dynamic = -1

// SizeKind says where a loop extent comes from.
type SizeKind uint8

// The size kinds.
const (
	SizeStatic SizeKind = iota // a constant, N
	SizeDim                    // the size of axis Axis of buffer Buf, from its descriptor
	SizeParam                  // the runtime parameter N
)

// Size is a loop extent.
type Size struct {
	Kind      SizeKind
	N         int // static value or parameter index
	Buf, Axis int // for SizeDim
}

// Static is a constant size.
func Static(n int) Size { return Size{Kind: SizeStatic, N: n} }

// DimOf is the run-time size of a buffer axis.
func DimOf(buf, axis int) Size { return Size{Kind: SizeDim, Buf: buf, Axis: axis} }

// ParamSize is a run-time parameter.
func ParamSize(k int) Size { return Size{Kind: SizeParam, N: k} }

// LoopKind says whether iterations of a loop are independent.
type LoopKind uint8

// The loop kinds.
const (
	Parallel LoopKind = iota // iterations write disjoint outputs
	Reduce                   // iterations combine into the same accumulator
	// Seq iterations run one after another, in order, and may read what
	// earlier iterations of the loop wrote: a scan (out[j] = out[j-1] +
	// x[j]) or a scatter whose indices may repeat. A Seq loop is never
	// split across workers, and the code generator never runs two of its
	// iterations as lanes of one vector.
	Seq
)

// Sequential reports whether the nest has a Seq loop.
func (n *Nest) Sequential() bool {
	for _, l := range n.Loops {
		if l.Kind == Seq {
			return true
		}
	}
	return false
}

// Loop is one loop of a nest, iterating i in [0, Extent).
type Loop struct {
	Extent Size
	Kind   LoopKind
}

// Nest is a perfect loop nest. Its body runs once for every point of the
// iteration space, loops outermost first, in row-major order; it is a list
// of SSA instructions whose values are referred to by their index in Body.
//
// A nest with Accum instructions is a reduction nest: before any point runs,
// every accumulator element the nest (or the chunk of it that runs) touches
// holds the reducer's identity; the code generator decides whether that is
// a register or memory.
type Nest struct {
	Name  string
	Loops []Loop
	Part  int // the loop the engine may split across workers, or -1
	Body  []*Instr
	Src   []string // the source ops this nest implements ("'tf.Op' at k.mlir:3:8")
}

// Bcast says how an access index relates to a broadcast.
type Bcast uint8

// The broadcast kinds.
const (
	BcastNone    Bcast = iota // the buffer's size on this axis equals the loop's extent
	BcastDynamic              // if the buffer's size on this axis is 1 at run time, the index is 0
)

// Index is the index of one buffer axis in an access, an affine function
// of the loop variables:
//
//	Step·i[Loop] + Σ More[j].Coef·i[More[j].Loop] + Off + param[OffParam-1]
//
// Loop -1 means no main term (a constant index). Step 0 means 1, so that
// the common case stays the literal Index{Loop: l}. OffParam 0 means no
// param. Bcast applies to the simple form only (one term, step 1, no
// offsets): the index is 0 when the buffer's size on the axis is 1 at run
// time.
type Index struct {
	Loop     int
	Bcast    Bcast
	Step     int
	Off      int
	OffParam int
	More     []Term
	// Dyn, when nonzero, adds a value computed in the body: the
	// instruction's operand Args[Dyn-1] (an integer; a Gather's index).
	Dyn int
}

// Term is one further loop term of an Index.
type Term struct {
	Loop, Coef int
}

// Coef is the coefficient of the main term.
func (x Index) Coef() int {
	if x.Step == 0 {
		return 1
	}
	return x.Step
}

// Simple reports an index that is one loop variable (or 0), unscaled and
// without offsets.
func (x Index) Simple() bool {
	return x.Coef() == 1 && x.Off == 0 && x.OffParam == 0 && len(x.More) == 0
}

// Terms lists every (loop, coefficient) of the index.
func (x Index) Terms() []Term {
	var out []Term
	if x.Loop >= 0 {
		out = append(out, Term{x.Loop, x.Coef()})
	}
	return append(out, x.More...)
}

// Access addresses one element of a buffer from the loop indices.
type Access struct {
	Buf int
	Idx []Index // one per buffer axis
	// Fault, when nonzero, bounds-checks the axes with dynamic indices: an
	// index outside [0, size) stops the nest with StatusIndexOutOfRange and
	// Fault in the fault word (the lowering maps it back to the op).
	Fault int
}

// DynArgs is the number of operands an access's dynamic indices take.
func (a *Access) DynArgs() int {
	n := 0
	for _, x := range a.Idx {
		n = max(n, x.Dyn)
	}
	return n
}

// Uses reports whether loop l moves the access (some index term of l has
// a nonzero coefficient).
func (a *Access) Uses(l int) bool {
	for _, ix := range a.Idx {
		for _, t := range ix.Terms() {
			if t.Loop == l && t.Coef != 0 {
				return true
			}
		}
	}
	return false
}

// ContiguousIn reports whether loop l moves the access by exactly one
// element: one term, coefficient 1, on the last axis, not broadcast.
func (a *Access) ContiguousIn(l int) bool {
	n := 0
	for k, ix := range a.Idx {
		for _, t := range ix.Terms() {
			if t.Loop != l {
				continue
			}
			n++
			if k != len(a.Idx)-1 || t.Coef != 1 || ix.Bcast != BcastNone {
				return false
			}
		}
	}
	return n == 1
}

// Instr is one SSA instruction of a nest body. Which fields matter depends
// on Op (see the op table in ops.go).
type Instr struct {
	Op    Op
	Type  memref.DType // the result's element type (Store/Accum: the stored value's)
	Args  []int        // operand values (indices into Body)
	Acc   *Access      // Load, Store, Accum
	Bits  uint64       // Const: the value's bits in Type (floats as their IEEE bits, ints sign-extended)
	Red   Reducer      // Accum
	Cmp   Cmp          // Compare
	Math  MathFn       // Math
	Round RoundMode    // Round
	Size  Size         // Size
	Loop  int          // Index: the loop whose variable it is
	// Fault is Assert's fault code (nonzero): the kernel writes it into
	// the fault word when the assertion fails (the lowering maps it back
	// to the op).
	Fault int
	// Loose marks a float max or min Accum whose consumers do not depend
	// on a NaN or the sign of a zero in its result (softmax's row max: a
	// NaN in the row makes the row's sum NaN either way, and exp(x - 0)
	// is exp(x + 0)). The code generator may then drop what it spends to
	// keep them exact.
	Loose bool
}

// HasResult reports whether the instruction defines a value.
func (in *Instr) HasResult() bool { return in.Op != OpStore && in.Op != OpAccum && in.Op != OpAssert }
