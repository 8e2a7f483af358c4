// Package opkit is how an op family outside package lower defines its ops.
//
// Package lower holds the op registry and the compiler's core families
// (elementwise, reductions, data movement, linear algebra, networks). It
// is at its size limit, and most of it is machinery a family need not
// see. A family package (internal/ops/…) imports opkit, the loop IR, the
// front end's types and shape arithmetic, never lower itself; it returns
// its ops as []*Def, and lower adds them to the registry as it adds its
// own families (lower/kit.go). The registry stays static data built once,
// and lower's check, shape, lowering and support-matrix code read an
// opkit op exactly as they read a core one.
//
// A Def sees the compiler through two narrow interfaces: a Checker while
// its op is checked (values known when compiling), and a Builder while it
// is lowered (buffers, nests, loads and stores in the loop IR). What it
// learns when checking it keeps in its own facts value (any type of its
// choosing), which the compiler hands back to its shape function and its
// lowering.
package opkit

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/shape"
	"github.com/sandjit/sandjit/memref"
)

// Facts is what an op's Check learns for its shape function and lowering:
// a value of the family's own type, or nil.
type Facts any

// Def defines one op.
type Def struct {
	Name  string // with its dialect: "tf.…"
	Doc   string // what it computes, one line (the README's op table)
	Notes string // semantics worth knowing (the support matrix)
	// Needs says which operands must be known when compiling or read
	// before the run, in the support matrix's words (Known, Read).
	Needs string
	Tier  int // 1: the core; 2: data movement, indexing; 3: networks

	Arity   int   // tensor operands; -1: any number
	Types   Types // element types of the main operands
	Results int   // the number of results when more than one (More gives their dims)

	// Check checks operand types and attributes; it returns the op's facts,
	// or a message for the first problem (the compiler adds the position).
	Check func(c Checker, op *mlir.Op, in []mlir.TensorType) (Facts, string)
	// Dims is the shape function of result 0. While checking, dims may be
	// mlir.Dynamic; at run time they are concrete. vals are operands'
	// integer values where the compiler knows them (nil elsewhere).
	Dims func(op *mlir.Op, f Facts, in [][]int, vals [][]int64) ([]int, string)
	// Elem is the element type of result 0; nil: operand 0's.
	Elem func(op *mlir.Op, f Facts, in []mlir.TensorType) memref.DType
	// More gives the dims of results 1… (Dynamic where unknown while
	// checking); their element types are the declared ones. A nil entry
	// is result 0's dims (also when Dims sizes them from values read
	// before the run, which More does not see).
	More func(op *mlir.Op, f Facts, in [][]int) [][]int
	// Lower emits the loop nests computing every result of op; res is
	// result 0.
	Lower func(b Builder, op *mlir.Op, f Facts, res *mlir.Value)
	// Sizes lists the operands whose values size the result (a shape
	// operand): the host reads them before each run, and Dims gets them
	// in vals. Check must require them with Checker.NeedHost.
	Sizes []int
	// SameShapeAs is 1 + the operand whose dims result 0 has, so that a
	// dynamic dim of the result is known equal to that operand's; 0: none.
	SameShapeAs int

	// CountedResults says that the number of results is the op's own
	// (an attribute such as num_split gives it): Check verifies the
	// count, and More gives the dims of results 1…; Results is unused.
	CountedResults bool

	// Partwise says that the op computes a complex operand part by part:
	// it moves, selects or sums elements. Its lowering then loads and
	// stores complex elements as any other (Builder.Load, Store, …), and
	// the compiler rewrites what it emitted to move each element as its
	// two parts; Types should hold ComplexTypes.
	Partwise bool

	// ScalarOnIncompatible says that with incompatible_shape_error =
	// false, operands whose shapes do not broadcast give the scalar
	// IncompatibleValue (false for equality, true for inequality) rather than an
	// error; Dims then gives rank 0 for them, and the compiler folds the
	// op to that constant when the checked shapes already disagree.
	ScalarOnIncompatible, IncompatibleValue bool
}

// The words of Def.Needs.
const (
	// Known: known when compiling (a constant, a computation on static
	// shapes, or an argument with a value constraint).
	Known = "known"
	// Read: read by the host before each run.
	Read = "read"
)

// Checker is what Check may ask of the compiler.
type Checker interface {
	// ConstInts returns the value of integer operand v when it is known
	// when compiling, or a message saying why it is not (what names the
	// operand in the message).
	ConstInts(v *mlir.Value, what string) ([]int64, string)
	// NeedHost checks that integer operand v is known before each run (a
	// constant, an integer argument, integer ops on them), so that it may
	// size results (Def.Sizes); otherwise it says why not.
	NeedHost(v *mlir.Value, what string) string
}

// Builder is what Lower may ask of the compiler. Buffers are loop IR
// buffer ids; loads give values in the compute type (ComputeType), stores
// take them so.
type Builder interface {
	// Type is v's checked type (the declared one refined by inference).
	Type(v *mlir.Value) mlir.TensorType
	// ResultBuffer creates the buffer result v is stored in.
	ResultBuffer(v *mlir.Value) int
	// TempBuffer creates a buffer for an intermediate with v's dims, the
	// axes in ones set to 1, of element type dt.
	TempBuffer(v *mlir.Value, suffix string, dt memref.DType, ones ...int) int
	// NewNest starts a nest whose loops run over v's dims (kinds nil: all
	// parallel).
	NewNest(op *mlir.Op, v *mlir.Value, kinds []loopir.LoopKind) *loopir.Nest
	// Load reads operand v inside n at idx (one index per axis of v),
	// converted to the compute type.
	Load(n *loopir.Nest, v *mlir.Value, idx []loopir.Index) int
	// Store writes x (in the compute type of dt) to buf at idx, rounding
	// to dt where dt is a storage-only type.
	Store(n *loopir.Nest, buf int, dt memref.DType, idx []loopir.Index, x int)
	// Extent is axis a of v as a loop extent (a parameter when dynamic).
	Extent(v *mlir.Value, a int) loopir.Size
	// Param is the index of the run-time parameter holding the product
	// of v's dims over axes.
	Param(v *mlir.Value, axes ...int) int

	// Fault defines a fault code for op: a run that raises it stops with
	// an error at op's position whose message msg makes from the run's
	// shapes. Accesses with dynamic indices take it (loopir.Access.Fault).
	Fault(op *mlir.Op, msg func(hs *shape.HostState) string) int
	// LoadChecked is Load through an index with dynamic terms: dyn are
	// the integer values Index.Dyn numbers (1…); fault, when nonzero,
	// bounds-checks them.
	LoadChecked(n *loopir.Nest, v *mlir.Value, idx []loopir.Index, fault int, dyn ...int) int
	// LoadBuf reads buffer buf (element type dt) at idx, bounds-checked
	// with fault when nonzero, converted to the compute type.
	LoadBuf(n *loopir.Nest, buf int, dt memref.DType, idx []loopir.Index, fault int, dyn ...int) int
	// StoreBuf is Store through an index with dynamic terms.
	StoreBuf(n *loopir.Nest, buf int, dt memref.DType, idx []loopir.Index, x int, fault int, dyn ...int)
	// Copy creates res's buffer and emits a nest copying x into it, x
	// read at idx (one index per axis of x over res's loops); it returns
	// the buffer.
	Copy(op *mlir.Op, res, x *mlir.Value, idx []loopir.Index) int
	// Nest adds an empty nest for op, not split across workers (Part -1)
	// until the caller says which loop may be; the caller adds its loops.
	Nest(op *mlir.Op) *loopir.Nest
	// SameDim reports whether dim a of v is known to equal dim ra of r at
	// run time (the same symbol), so that no run-time broadcast check is
	// needed between them.
	SameDim(v *mlir.Value, a int, r *mlir.Value, ra int) bool

	// ValueID is the index of v's run-time shape in a shape.HostState's
	// Shapes (for the host-side functions below).
	ValueID(v *mlir.Value) int
	// ParamFunc is the index of a run-time parameter the host computes
	// with fn before each run (one per name: a second call with the same
	// name returns the first one's).
	ParamFunc(name string, fn func(*shape.HostState) int) int
	// ShapedBuffer creates a buffer whose dims are not a value's: a
	// temporary (view < 0) or a view of buffer view's memory, of element
	// type dt and dims (Dynamic where known at run time only, when shape
	// computes them on the host). like is the value it is made for.
	ShapedBuffer(name string, view int, dt memref.DType, dims []int, like *mlir.Value, shape func(*shape.HostState) []int) int
	// BufferNest starts a nest whose loops (all parallel) run over the
	// dims of buffer buf.
	BufferNest(op *mlir.Op, buf int) *loopir.Nest
	// ValueBuffer is the buffer holding operand v, or -1 when v has
	// none (a splat constant, which Load folds).
	ValueBuffer(v *mlir.Value) int
	// HostParam is the index of a run-time parameter the host computes
	// before each run with fn from op's operands' shapes and the values
	// it knows of them (nil where it knows none: Def.Sizes says which it
	// reads). name is unique in the kernel (say, the result's name and a
	// suffix); a second call with one name returns the first parameter.
	HostParam(name string, op *mlir.Op, fn func(in [][]int, vals [][]int64) int) int
	// Bcast is the index of operand v in a nest over result r's dims,
	// numpy-broadcast (right-aligned; a dim of 1 is read at 0, a dynamic
	// one with a run-time broadcast check unless known equal to r's).
	Bcast(v, r *mlir.Value) []loopir.Index
	// Parts is a buffer that sees the memory of complex value v (an
	// operand, or a result whose ResultBuffer exists) as its part type
	// with one more axis of size 2: element (…, 0) is the real part of
	// v's element (…), (…, 1) its imaginary part. Loads and stores of
	// complex values go through it (PartIndex); the loop IR itself is
	// real.
	Parts(v *mlir.Value) int
	// Splat is the one element of operand v when v is a splat constant
	// (which has no buffer: Parts and ValueBuffer do not apply), else nil.
	Splat(v *mlir.Value) *memref.Tensor
}

// ComputeType is the type a value of dt is computed in: f32 for the
// storage-only float types (f16, bf16), dt itself otherwise.
func ComputeType(dt memref.DType) memref.DType {
	if dt.IsHalf() {
		return memref.Float32
	}
	return dt
}

// Identity is the index of a nest's loops 0…rank-1, in order.
func Identity(rank int) []loopir.Index {
	idx := make([]loopir.Index, rank)
	for i := range idx {
		idx[i] = loopir.Index{Loop: i}
	}
	return idx
}

// Types is a set of element types.
type Types uint16

// TypesOf is the set of dts.
func TypesOf(dts ...memref.DType) Types {
	var s Types
	for _, d := range dts {
		s |= 1 << d
	}
	return s
}

// The element type sets ops usually take.
const (
	Float  Types = 1<<memref.Float16 | 1<<memref.Float32 | 1<<memref.Float64 | 1<<memref.BFloat16
	Signed Types = 1<<memref.Int8 | 1<<memref.Int16 | 1<<memref.Int32 | 1<<memref.Int64
	Uint   Types = 1<<memref.Uint8 | 1<<memref.Uint16 | 1<<memref.Uint32 | 1<<memref.Uint64
	Int          = Signed | Uint
	Num          = Int | Float
	Bool   Types = 1 << memref.Bool
	// All is every real type and bool (not complex).
	All = Num | Bool
	// ComplexTypes is complex<f32> and complex<f64>.
	ComplexTypes Types = 1<<memref.Complex64 | 1<<memref.Complex128
	// Any is every type: the element types of the ops that move elements
	// (Def.Partwise).
	Any = All | ComplexTypes
)

// Has reports whether dt is in s.
func (s Types) Has(dt memref.DType) bool { return s&(1<<dt) != 0 }

// IntOperand checks that operand i (named what) is an i32 or i64 tensor
// of rank at most maxRank.
func IntOperand(t mlir.TensorType, i int, what string, maxRank int) string {
	if t.Elem != memref.Int32 && t.Elem != memref.Int64 {
		return fmt.Sprintf("operand #%d (%s) must be i32 or i64, got %s", i, what, t)
	}
	if t.Rank() > maxRank {
		return fmt.Sprintf("operand #%d (%s) must have rank at most %d, got %s", i, what, maxRank, t)
	}
	return ""
}

// AttrInt reads integer attribute name, or def when absent.
func AttrInt(op *mlir.Op, name string, def int64) (int64, string) {
	switch a := op.Attr(name).(type) {
	case nil:
		return def, ""
	case mlir.IntAttr:
		return a.Value, ""
	default:
		return 0, fmt.Sprintf("attribute %s must be an integer, got %s", name, a)
	}
}

// AttrBool reads bool attribute name, false when absent.
func AttrBool(op *mlir.Op, name string) (bool, string) {
	switch a := op.Attr(name).(type) {
	case nil:
		return false, ""
	case mlir.BoolAttr:
		return bool(a), ""
	default:
		return false, fmt.Sprintf("attribute %s must be a bool, got %s", name, a)
	}
}

// AttrInts reads integer-list attribute name, nil when absent.
func AttrInts(op *mlir.Op, name string) ([]int64, string) {
	switch a := op.Attr(name).(type) {
	case nil:
		return nil, ""
	case mlir.ArrayAttr:
		out := make([]int64, len(a))
		for i, e := range a {
			v, ok := e.(mlir.IntAttr)
			if !ok {
				return nil, fmt.Sprintf("attribute %s must be a list of integers, got %s", name, a)
			}
			out[i] = v.Value
		}
		return out, ""
	default:
		return nil, fmt.Sprintf("attribute %s must be a list of integers, got %s", name, a)
	}
}

// AttrString reads string attribute name, def when absent.
func AttrString(op *mlir.Op, name, def string) (string, string) {
	switch a := op.Attr(name).(type) {
	case nil:
		return def, ""
	case mlir.StringAttr:
		return string(a), ""
	default:
		return "", fmt.Sprintf("attribute %s must be a string, got %s", name, a)
	}
}

// AttrFloat reads float attribute name (an integer one is taken too), or
// def when absent.
func AttrFloat(op *mlir.Op, name string, def float64) (float64, string) {
	switch a := op.Attr(name).(type) {
	case nil:
		return def, ""
	case mlir.FloatAttr:
		return a.Value, ""
	case mlir.IntAttr:
		return float64(a.Value), ""
	default:
		return 0, fmt.Sprintf("attribute %s must be a float, got %s", name, a)
	}
}

// String lists the types of s the compiler handles, as "i8, i16, …".
func (s Types) String() string {
	out := ""
	for _, d := range memref.CompiledDTypes() {
		if s.Has(d) {
			if out != "" {
				out += ", "
			}
			out += d.String()
		}
	}
	return out
}

// PartIndex is idx (an index of a complex value) with the trailing index
// of its Parts buffer that selects part k: 0 the real part, 1 the
// imaginary one.
func PartIndex(idx []loopir.Index, k int) []loopir.Index {
	out := make([]loopir.Index, len(idx), len(idx)+1)
	copy(out, idx)
	return append(out, loopir.Index{Loop: -1, Off: k})
}
