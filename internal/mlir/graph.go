package mlir

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sandjit/sandjit/memref"
)

// Pos is a position in kernel source text. Line and Col count from 1; the
// zero Pos means "unknown".
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	f := p.File
	if f == "" {
		f = "kernel.mlir"
	}
	if p.Line == 0 {
		return f
	}
	return f + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// Dynamic marks a dimension whose size is not known statically ('?').
const Dynamic = -1

// TensorType is an MLIR tensor type: tensor<2x?xf32>, tensor<f32> (rank 0)
// or tensor<*xf32> (unranked: Ranked is false and Dims is nil).
type TensorType struct {
	Elem   memref.DType
	Ranked bool
	Dims   []int // Dynamic for '?'
}

// Ranked builds a ranked tensor type.
func Ranked(elem memref.DType, dims ...int) TensorType {
	return TensorType{Elem: elem, Ranked: true, Dims: append([]int{}, dims...)}
}

// Unranked builds tensor<*xelem>.
func Unranked(elem memref.DType) TensorType { return TensorType{Elem: elem} }

// Rank is the number of dims, or -1 for an unranked type.
func (t TensorType) Rank() int {
	if !t.Ranked {
		return -1
	}
	return len(t.Dims)
}

// IsStatic reports a ranked type with no dynamic dims.
func (t TensorType) IsStatic() bool {
	if !t.Ranked {
		return false
	}
	for _, d := range t.Dims {
		if d == Dynamic {
			return false
		}
	}
	return true
}

// NumElements is the static element count, or -1 when not static.
func (t TensorType) NumElements() int {
	if !t.IsStatic() {
		return -1
	}
	n, err := memref.NumElements(t.Dims)
	if err != nil {
		return -1
	}
	return n
}

// Equal compares element type, rankedness and dims.
func (t TensorType) Equal(u TensorType) bool {
	if t.Elem != u.Elem || t.Ranked != u.Ranked || len(t.Dims) != len(u.Dims) {
		return false
	}
	for i := range t.Dims {
		if t.Dims[i] != u.Dims[i] {
			return false
		}
	}
	return true
}

// String prints the type in MLIR syntax.
func (t TensorType) String() string {
	var b strings.Builder
	b.WriteString("tensor<")
	b.WriteString(t.shapeString())
	b.WriteString(t.Elem.String())
	b.WriteByte('>')
	return b.String()
}

// Bracket prints the type the way the original runtime's operand errors do:
// "[3x?xf32]", "[*xf32]", "[f32]".
func (t TensorType) Bracket() string {
	return "[" + t.shapeString() + t.Elem.String() + "]"
}

func (t TensorType) shapeString() string {
	if !t.Ranked {
		return "*x"
	}
	var b strings.Builder
	for _, d := range t.Dims {
		if d == Dynamic {
			b.WriteByte('?')
		} else {
			b.WriteString(strconv.Itoa(d))
		}
		b.WriteByte('x')
	}
	return b.String()
}

// Attr is an MLIR attribute value.
type Attr interface {
	String() string
	isAttr()
}

// IntAttr is an integer attribute such as `1 : i64`. Type is the MLIR
// spelling after the colon ("i64", "i32", "index"), or "" when absent.
type IntAttr struct {
	Value int64
	Type  string
}

// FloatAttr is a float attribute such as `0.1 : f32`.
type FloatAttr struct {
	Value float64
	Type  string
}

// BoolAttr is `true` or `false`.
type BoolAttr bool

// StringAttr is a quoted string.
type StringAttr string

// UnitAttr is a name without a value (`{foo}`) or the keyword `unit`.
type UnitAttr struct{}

// ArrayAttr is `[a, b, …]`.
type ArrayAttr []Attr

// DictAttr is `{name = value, …}`, in source order.
type DictAttr []NamedAttr

// TypeAttr is a type used as a value (`T = f32`, `Tidx = i32`, or a whole
// tensor type). Exactly one of Elem and Tensor is set.
type TypeAttr struct {
	Elem   memref.DType
	Tensor *TensorType
	Text   string // as written, for types sandjit does not model (e.g. !tf_type.string)
}

// SymbolRefAttr is `@name`.
type SymbolRefAttr string

// DenseAttr is `dense<…> : tensor<…>`. Value holds the elements with the
// type's shape, except for a splat, where Value is rank 0 and Splat is true
// (so `dense<0.0> : tensor<1000000xf32>` stays small).
type DenseAttr struct {
	Type  TensorType
	Splat bool
	Value *memref.Tensor
}

// OpaqueAttr is any attribute sandjit parses but does not interpret (for
// example #tf_type.shape<…>); Text is its source spelling.
type OpaqueAttr string

func (IntAttr) isAttr()       {}
func (FloatAttr) isAttr()     {}
func (BoolAttr) isAttr()      {}
func (StringAttr) isAttr()    {}
func (UnitAttr) isAttr()      {}
func (ArrayAttr) isAttr()     {}
func (DictAttr) isAttr()      {}
func (TypeAttr) isAttr()      {}
func (SymbolRefAttr) isAttr() {}
func (*DenseAttr) isAttr()    {}
func (OpaqueAttr) isAttr()    {}

func (a IntAttr) String() string {
	s := strconv.FormatInt(a.Value, 10)
	if a.Type != "" {
		s += " : " + a.Type
	}
	return s
}

func (a FloatAttr) String() string {
	s := strconv.FormatFloat(a.Value, 'e', -1, 64)
	if a.Type != "" {
		s += " : " + a.Type
	}
	return s
}

func (a BoolAttr) String() string      { return strconv.FormatBool(bool(a)) }
func (a StringAttr) String() string    { return strconv.Quote(string(a)) }
func (UnitAttr) String() string        { return "unit" }
func (a SymbolRefAttr) String() string { return "@" + string(a) }
func (a OpaqueAttr) String() string    { return string(a) }

func (a ArrayAttr) String() string {
	parts := make([]string, len(a))
	for i, e := range a {
		parts[i] = e.String()
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (a DictAttr) String() string {
	parts := make([]string, len(a))
	for i, e := range a {
		if _, unit := e.Value.(UnitAttr); unit {
			parts[i] = e.Name
		} else {
			parts[i] = e.Name + " = " + e.Value.String()
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// Get returns the attribute called name, or nil.
func (a DictAttr) Get(name string) Attr {
	for _, e := range a {
		if e.Name == name {
			return e.Value
		}
	}
	return nil
}

func (a TypeAttr) String() string {
	switch {
	case a.Tensor != nil:
		return a.Tensor.String()
	case a.Elem.Valid():
		return a.Elem.String()
	}
	return a.Text
}

func (a *DenseAttr) String() string {
	var b strings.Builder
	b.WriteString("dense<")
	v := a.Value
	if a.Splat || allEqual(v) {
		// MLIR prints a constant whose elements are all equal as a splat.
		writeElem(&b, v, 0)
	} else {
		writeNested(&b, v, 0, 0)
	}
	b.WriteString("> : ")
	b.WriteString(a.Type.String())
	return b.String()
}

// allEqual reports a non-empty tensor whose elements all have the same bits.
func allEqual(t *memref.Tensor) bool {
	n := t.Len()
	if n == 0 {
		return false
	}
	es := t.DType.Size()
	for i := 1; i < n; i++ {
		if string(t.Data[i*es:(i+1)*es]) != string(t.Data[:es]) {
			return false
		}
	}
	return true
}

func writeNested(b *strings.Builder, t *memref.Tensor, dim, base int) {
	if dim == len(t.Shape) {
		writeElem(b, t, base)
		return
	}
	stride := 1
	for _, d := range t.Shape[dim+1:] {
		stride *= d
	}
	b.WriteByte('[')
	for i := 0; i < t.Shape[dim]; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		writeNested(b, t, dim+1, base+i*stride)
	}
	b.WriteByte(']')
}

func writeElem(b *strings.Builder, t *memref.Tensor, i int) {
	switch {
	case t.DType == memref.Bool:
		b.WriteString(strconv.FormatBool(t.Bits64At(i) != 0))
	case t.DType.IsFloat():
		b.WriteString(formatMLIRFloat(t.Float64At(i), t.DType))
	case t.DType.IsUnsigned():
		b.WriteString(strconv.FormatUint(t.Bits64At(i), 10))
	default:
		b.WriteString(strconv.FormatInt(int64(t.Bits64At(i)), 10))
	}
}

// formatMLIRFloat prints a float so that MLIR (and our parser) reads it back
// exactly; non-finite values use MLIR's hex form.
func formatMLIRFloat(v float64, dt memref.DType) string {
	switch {
	case v != v || v > 1.7976931348623157e308 || v < -1.7976931348623157e308:
		switch dt {
		case memref.Float32:
			return fmt.Sprintf("0x%08X", f32bits(v))
		case memref.Float16:
			return fmt.Sprintf("0x%04X", memref.F32ToF16(float32(v)))
		case memref.BFloat16:
			return fmt.Sprintf("0x%04X", memref.F32ToBF16(float32(v)))
		}
		return fmt.Sprintf("0x%016X", f64bits(v))
	case dt == memref.Float32 || dt.IsHalf():
		return strconv.FormatFloat(v, 'e', -1, 32)
	}
	return strconv.FormatFloat(v, 'e', -1, 64)
}

// NamedAttr is one `name = value` entry.
type NamedAttr struct {
	Name  string
	Value Attr
}

// Value is an SSA value: a function or block argument (Def == nil) or a
// result of Def.
type Value struct {
	ID    int    // dense within its function, in definition order
	Name  string // source spelling without the '%' and any '#n' suffix ("0", "arg0", "V__1")
	Type  TensorType
	Def   *Op // nil for arguments
	Index int // result number of Def, or argument number
	Pos   Pos
}

// String prints the value as it appears in text, e.g. "%arg0" or "%3#1".
// Results are named in groups (`%3:2, %x = …`): the number after '#' is
// the value's place in its group, printed when the group has several.
func (v *Value) String() string {
	if d := v.Def; d != nil && len(d.Results) > 1 && v.Index < len(d.Results) {
		first, last := v.Index, v.Index
		for first > 0 && d.Results[first-1].Name == v.Name {
			first--
		}
		for last+1 < len(d.Results) && d.Results[last+1].Name == v.Name {
			last++
		}
		if last > first {
			return "%" + v.Name + "#" + strconv.Itoa(v.Index-first)
		}
	}
	return "%" + v.Name
}

// Op is one operation of a kernel graph.
type Op struct {
	Name     string // full name, "tf.Op"
	Pos      Pos    // position of the op name (or of the result list)
	Operands []*Value
	Results  []*Value
	Attrs    DictAttr // attributes and properties (`<{…}>`) merged, in source order
	Regions  []*Region
}

// Attr returns the attribute called name, or nil.
func (o *Op) Attr(name string) Attr { return o.Attrs.Get(name) }

// Region is an op's nested region with a single block (the region forms of
// conditionals and loops). Its terminator (tf.Yield) is the last op.
type Region struct {
	Args []*Value
	Ops  []*Op
}

// Func is one function of a module.
type Func struct {
	Name        string
	Pos         Pos
	Visibility  string // "", "public", "private", "nested"
	Args        []*Value
	ArgAttrs    []DictAttr // one per argument (nil when none)
	ResultTypes []TensorType
	ResultAttrs []DictAttr
	Attrs       DictAttr // `attributes {…}`
	Ops         []*Op    // body in order, without the return
	Return      *Op      // the terminator: func.return / return
	NumValues   int      // number of Values (arguments + results), for dense ids
}

// Module is a parsed kernel file.
type Module struct {
	File  string
	Attrs DictAttr
	Funcs []*Func
}

// Lookup finds a function by name (without '@').
func (m *Module) Lookup(name string) *Func {
	for _, f := range m.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

func f32bits(v float64) uint32 { return math.Float32bits(float32(v)) }
func f64bits(v float64) uint64 { return math.Float64bits(v) }
