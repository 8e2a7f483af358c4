package mlir

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/sandjit/sandjit/memref"
)

// Print writes m in the kernel graph's one text form, which Parse reads
// back to an equal graph:
//
//   - a `module { … }` (with `attributes {…}` when the module has them)
//     holding every function as `func.func`, with visibility when set;
//   - every operation in generic form with its full type, attributes and
//     properties merged into one dictionary in order, regions as in MLIR;
//   - the terminator as `return %a, %b : t1, t2`;
//   - SSA names renumbered the way mlir-opt prints them: arguments (of the
//     function, then of regions, in order) %arg0, %arg1, …; each operation's
//     results %0, %1, … in textual order, with %N:k and %N#i for an
//     operation with k > 1 results;
//   - no locations; two-space indentation per nesting level.
//
// Floats are printed in the shortest form that reads back exactly, NaN
// and infinities as hex bit patterns; dense literals as nested lists.
func Print(w io.Writer, m *Module) error {
	var pr printer
	pr.module(m)
	_, err := w.Write(pr.b)
	return err
}

// String prints the function alone, in Print's form.
func (f *Func) String() string {
	var pr printer
	pr.fn(f, 0)
	return string(pr.b)
}

// printer builds the text of one module or function.
type printer struct {
	b       []byte
	names   map[*Value]string
	nextArg int
	nextRes int
}

func (pr *printer) str(s string) { pr.b = append(pr.b, s...) }

func (pr *printer) indent(n int) {
	for i := 0; i < n; i++ {
		pr.b = append(pr.b, ' ', ' ')
	}
}

func (pr *printer) module(m *Module) {
	pr.str("module")
	if len(m.Attrs) > 0 {
		pr.str(" attributes ")
		pr.dict(m.Attrs)
	}
	pr.str(" {\n")
	for _, f := range m.Funcs {
		pr.fn(f, 1)
	}
	pr.str("}\n")
}

func (pr *printer) fn(f *Func, ind int) {
	pr.names = map[*Value]string{}
	pr.nextArg, pr.nextRes = 0, 0
	pr.indent(ind)
	pr.str("func.func ")
	if f.Visibility != "" {
		pr.str(f.Visibility)
		pr.str(" ")
	}
	pr.symbol(f.Name)
	pr.str("(")
	for i, a := range f.Args {
		if i > 0 {
			pr.str(", ")
		}
		pr.str(pr.defineArg(a))
		pr.str(": ")
		pr.str(a.Type.String())
		if i < len(f.ArgAttrs) && len(f.ArgAttrs[i]) > 0 {
			pr.str(" ")
			pr.dict(f.ArgAttrs[i])
		}
	}
	pr.str(")")
	hasResultAttrs := false
	for _, d := range f.ResultAttrs {
		if len(d) > 0 {
			hasResultAttrs = true
		}
	}
	switch {
	case len(f.ResultTypes) == 1 && !hasResultAttrs:
		pr.str(" -> ")
		pr.str(f.ResultTypes[0].String())
	case len(f.ResultTypes) > 0:
		pr.str(" -> (")
		for i, t := range f.ResultTypes {
			if i > 0 {
				pr.str(", ")
			}
			pr.str(t.String())
			if i < len(f.ResultAttrs) && len(f.ResultAttrs[i]) > 0 {
				pr.str(" ")
				pr.dict(f.ResultAttrs[i])
			}
		}
		pr.str(")")
	}
	if len(f.Attrs) > 0 {
		pr.str(" attributes ")
		pr.dict(f.Attrs)
	}
	pr.str(" {\n")
	for _, op := range f.Ops {
		pr.op(op, ind+1)
	}
	if r := f.Return; r != nil {
		pr.indent(ind + 1)
		pr.str("return")
		for i, v := range r.Operands {
			if i == 0 {
				pr.str(" ")
			} else {
				pr.str(", ")
			}
			pr.str(pr.use(v))
		}
		for i, v := range r.Operands {
			if i == 0 {
				pr.str(" : ")
			} else {
				pr.str(", ")
			}
			pr.str(valueType(v).String())
		}
		pr.str("\n")
	}
	pr.indent(ind)
	pr.str("}\n")
}

func (pr *printer) defineArg(v *Value) string {
	name := "%arg" + strconv.Itoa(pr.nextArg)
	pr.nextArg++
	pr.names[v] = name
	return name
}

func (pr *printer) use(v *Value) string {
	if name, ok := pr.names[v]; ok {
		return name
	}
	return "%<undefined>"
}

func valueType(v *Value) TensorType {
	if v == nil {
		return TensorType{}
	}
	return v.Type
}

func (pr *printer) op(op *Op, ind int) {
	pr.indent(ind)
	if n := len(op.Results); n > 0 {
		base := "%" + strconv.Itoa(pr.nextRes)
		pr.nextRes++
		pr.str(base)
		if n > 1 {
			pr.str(":")
			pr.str(strconv.Itoa(n))
			for i, v := range op.Results {
				pr.names[v] = base + "#" + strconv.Itoa(i)
			}
		} else {
			pr.names[op.Results[0]] = base
		}
		pr.str(" = ")
	}
	pr.quoted(op.Name)
	pr.str("(")
	for i, v := range op.Operands {
		if i > 0 {
			pr.str(", ")
		}
		pr.str(pr.use(v))
	}
	pr.str(")")
	if len(op.Regions) > 0 {
		pr.str(" (")
		for i, r := range op.Regions {
			if i > 0 {
				pr.str(", ")
			}
			pr.region(r, ind)
		}
		pr.str(")")
	}
	if len(op.Attrs) > 0 {
		pr.str(" ")
		pr.dict(op.Attrs)
	}
	pr.str(" : (")
	for i, v := range op.Operands {
		if i > 0 {
			pr.str(", ")
		}
		pr.str(valueType(v).String())
	}
	pr.str(") -> ")
	switch len(op.Results) {
	case 0:
		pr.str("()")
	case 1:
		pr.str(op.Results[0].Type.String())
	default:
		pr.str("(")
		for i, v := range op.Results {
			if i > 0 {
				pr.str(", ")
			}
			pr.str(v.Type.String())
		}
		pr.str(")")
	}
	pr.str("\n")
}

func (pr *printer) region(r *Region, ind int) {
	pr.str("{\n")
	if r == nil {
		pr.indent(ind)
		pr.str("}")
		return
	}
	if len(r.Args) > 0 {
		pr.indent(ind)
		pr.str("^bb0(")
		for i, a := range r.Args {
			if i > 0 {
				pr.str(", ")
			}
			pr.str(pr.defineArg(a))
			pr.str(": ")
			pr.str(a.Type.String())
		}
		pr.str("):\n")
	}
	for _, op := range r.Ops {
		pr.op(op, ind+1)
	}
	pr.indent(ind)
	pr.str("}")
}

// isBareID reports text that MLIR reads as a bare identifier.
func isBareID(s string) bool {
	if s == "" || !(isASCIILetter(s[0]) || s[0] == '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isBareIDChar(s[i]) {
			return false
		}
	}
	return true
}

func (pr *printer) symbol(name string) {
	pr.str("@")
	if isBareID(name) {
		pr.str(name)
	} else {
		pr.quoted(name)
	}
}

// quoted writes s as an MLIR string literal: \" \\ \n \t, and \XX for
// every other byte outside printable ASCII.
func (pr *printer) quoted(s string) {
	const hexDigits = "0123456789ABCDEF"
	pr.b = append(pr.b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			pr.b = append(pr.b, '\\', c)
		case c == '\n':
			pr.b = append(pr.b, '\\', 'n')
		case c == '\t':
			pr.b = append(pr.b, '\\', 't')
		case c < 0x20 || c >= 0x7f:
			pr.b = append(pr.b, '\\', hexDigits[c>>4], hexDigits[c&15])
		default:
			pr.b = append(pr.b, c)
		}
	}
	pr.b = append(pr.b, '"')
}

func (pr *printer) dict(d DictAttr) {
	pr.str("{")
	for i, e := range d {
		if i > 0 {
			pr.str(", ")
		}
		if isBareID(e.Name) {
			pr.str(e.Name)
		} else {
			pr.quoted(e.Name)
		}
		if _, unit := e.Value.(UnitAttr); !unit {
			pr.str(" = ")
			pr.attr(e.Value)
		}
	}
	pr.str("}")
}

func (pr *printer) attr(a Attr) {
	switch a := a.(type) {
	case nil:
		pr.str("unit")
	case IntAttr:
		it, ok := intTypeOf(a.Type)
		if ok && it.kind == 'u' && it.width <= 64 {
			pr.b = strconv.AppendUint(pr.b, uint64(a.Value)&(math.MaxUint64>>(64-it.width)), 10)
		} else {
			pr.b = strconv.AppendInt(pr.b, a.Value, 10)
		}
		if a.Type != "" {
			pr.str(" : ")
			pr.str(a.Type)
		}
	case FloatAttr:
		dt := memref.Float64
		switch a.Type {
		case "f32":
			dt = memref.Float32
		case "f16":
			dt = memref.Float16
		case "bf16":
			dt = memref.BFloat16
		}
		if math.IsNaN(a.Value) || math.IsInf(a.Value, 0) {
			pr.str(hexFloat(a.Value, dt))
			pr.str(" : ")
			pr.str(orDefaultType(a.Type, "f64"))
			return
		}
		pr.str(formatFloatLiteral(a.Value, dt))
		if a.Type != "" {
			pr.str(" : ")
			pr.str(a.Type)
		}
	case BoolAttr:
		pr.str(strconv.FormatBool(bool(a)))
	case StringAttr:
		pr.quoted(string(a))
	case UnitAttr:
		pr.str("unit")
	case ArrayAttr:
		pr.str("[")
		for i, e := range a {
			if i > 0 {
				pr.str(", ")
			}
			pr.attr(e)
		}
		pr.str("]")
	case DictAttr:
		pr.dict(a)
	case TypeAttr:
		switch {
		case a.Tensor != nil:
			pr.str(a.Tensor.String())
		case a.Elem.Valid():
			pr.str(a.Elem.String())
		case a.Text != "":
			pr.str(a.Text)
		default:
			pr.str("none")
		}
	case SymbolRefAttr:
		pr.symbol(string(a))
	case *DenseAttr:
		pr.dense(a)
	case OpaqueAttr:
		pr.str(string(a))
	default:
		pr.str(a.String())
	}
}

func (pr *printer) dense(a *DenseAttr) {
	pr.str("dense<")
	v := a.Value
	if v != nil && !v.IsContiguous() {
		v = v.Contiguous()
	}
	switch {
	case v == nil || len(v.Data) == 0:
	case a.Splat || len(v.Shape) == 0:
		pr.elem(v, 0)
	default:
		pr.nested(v, 0, 0)
	}
	pr.str("> : ")
	pr.str(a.Type.String())
}

func (pr *printer) nested(t *memref.Tensor, dim, base int) {
	if dim == len(t.Shape) {
		pr.elem(t, base)
		return
	}
	stride := 1
	for _, d := range t.Shape[dim+1:] {
		stride *= d
	}
	pr.b = append(pr.b, '[')
	for i := 0; i < t.Shape[dim]; i++ {
		if i > 0 {
			pr.b = append(pr.b, ", "...)
		}
		pr.nested(t, dim+1, base+i*stride)
	}
	pr.b = append(pr.b, ']')
}

func (pr *printer) elem(t *memref.Tensor, i int) {
	switch dt := t.DType; {
	case dt.IsComplex():
		// (re,im), as MLIR prints a complex element, each part as a float.
		es := dt.Size()
		parts := &memref.Tensor{DType: dt.ComplexPart(), Shape: []int{2}, Data: t.Data[i*es : (i+1)*es]}
		pr.b = append(pr.b, '(')
		pr.elem(parts, 0)
		pr.b = append(pr.b, ',')
		pr.elem(parts, 1)
		pr.b = append(pr.b, ')')
	case dt == memref.Bool:
		pr.b = strconv.AppendBool(pr.b, t.Bits64At(i) != 0)
	case dt.IsFloat():
		v := t.Float64At(i)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			pr.b = fmt.Appendf(pr.b, "0x%0*X", dt.Size()*2, t.Bits64At(i))
		} else {
			pr.str(formatFloatLiteral(v, dt))
		}
	case dt.IsUnsigned():
		pr.b = strconv.AppendUint(pr.b, t.Bits64At(i), 10)
	default:
		pr.b = strconv.AppendInt(pr.b, int64(t.Bits64At(i)), 10)
	}
}

// formatFloatLiteral prints a finite float of type dt in the shortest
// form that reads back to the same value, always with a '.' so that MLIR
// reads it as a float ("1.0", "0.1", "1.5e-07", "1.0e+20").
func formatFloatLiteral(v float64, dt memref.DType) string {
	bits := 64
	if dt != memref.Float64 {
		bits = 32
	}
	s := strconv.FormatFloat(v, 'g', -1, bits)
	if strings.IndexByte(s, '.') >= 0 {
		return s
	}
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		return s[:i] + ".0" + s[i:]
	}
	return s + ".0"
}

// hexFloat prints a NaN or infinity as MLIR does: its bit pattern in dt.
func hexFloat(v float64, dt memref.DType) string {
	switch dt {
	case memref.Float16:
		return fmt.Sprintf("0x%04X", memref.F32ToF16(float32(v)))
	case memref.BFloat16:
		return fmt.Sprintf("0x%04X", memref.F32ToBF16(float32(v)))
	case memref.Float32:
		return fmt.Sprintf("0x%08X", math.Float32bits(float32(v)))
	}
	return fmt.Sprintf("0x%016X", math.Float64bits(v))
}
