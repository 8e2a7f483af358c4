package loopir

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/sandjit/sandjit/memref"
)

// String prints the program in its one text form (see Write).
func (p *Program) String() string {
	var b strings.Builder
	p.Write(&b)
	return b.String()
}

// Write prints the program deterministically: parameters, buffers, then
// each nest with its loops and body. Tests compare this text; `sandjit run
// --dump=loops` shows it.
//
//	nest n0 (i0 < b2.d0, i1 < 4) split i0  // 'tf.Op' at k.mlir:3:8
//	  v0 = load f32 b0[i0, i1]
//	  v1 = load f32 b1[i1?]      i1? : index 0 when the axis has size 1 at run time
//	  v2 = add f32 v0, v1
//	  store f32 b2[i0, i1], v2
func (p *Program) Write(w io.Writer) {
	fmt.Fprintf(w, "program %s\n", p.Name)
	for i, par := range p.Params {
		fmt.Fprintf(w, "  param p%d  // %s\n", i, par.Name)
	}
	for _, b := range p.Buffers {
		view := ""
		if b.Kind == View {
			view = fmt.Sprintf(" of b%d", b.Base)
		}
		derived := ""
		if d := b.Derived; d != nil {
			parts := make([]string, len(d.Dims))
			for a, x := range d.Dims {
				parts[a] = x.Size.String()
				if x.Size.Kind == SizeStatic {
					parts[a] = strconv.Itoa(x.Size.N / max(x.Div, 1))
				} else if x.Div > 1 {
					parts[a] += "/" + strconv.Itoa(x.Div)
				}
			}
			derived = " = [" + strings.Join(parts, ", ") + "]"
			if g := d.Gate; g != nil {
				not := ""
				if g.Not {
					not = "!"
				}
				derived += fmt.Sprintf(" if %spanels%d(%v, %v, %v, %d)", not, g.Width, g.Rows, g.Cols, g.Span, g.MinRows)
			}
		}
		fmt.Fprintf(w, "  buf b%d %s%s %s [%s]%s  // %s\n", b.ID, b.Kind, view, b.DType, dimsString(b.Dims), derived, b.Name)
	}
	for k, n := range p.Nests {
		writeNest(w, k, n)
	}
}

func dimsString(dims []int) string {
	parts := make([]string, len(dims))
	for i, d := range dims {
		if d == Dynamic {
			parts[i] = "?"
		} else {
			parts[i] = strconv.Itoa(d)
		}
	}
	return strings.Join(parts, ", ")
}

func (s Size) String() string {
	switch s.Kind {
	case SizeStatic:
		return strconv.Itoa(s.N)
	case SizeDim:
		return fmt.Sprintf("b%d.d%d", s.Buf, s.Axis)
	case SizeParam:
		return fmt.Sprintf("p%d", s.N)
	}
	return "size?"
}

func writeNest(w io.Writer, k int, n *Nest) {
	loops := make([]string, len(n.Loops))
	for i, l := range n.Loops {
		loops[i] = fmt.Sprintf("i%d < %s", i, l.Extent)
		switch l.Kind {
		case Reduce:
			loops[i] += " red"
		case Seq:
			loops[i] += " seq"
		}
	}
	fmt.Fprintf(w, "nest n%d %s (%s)", k, n.Name, strings.Join(loops, ", "))
	if n.Part >= 0 {
		fmt.Fprintf(w, " split i%d", n.Part)
	}
	if len(n.Src) > 0 {
		fmt.Fprintf(w, "  // %s", strings.Join(n.Src, "; "))
	}
	fmt.Fprintln(w)
	for i, in := range n.Body {
		fmt.Fprintf(w, "  %s\n", in.format(i))
	}
}

func (a *Access) String() string {
	parts := make([]string, len(a.Idx))
	for i, x := range a.Idx {
		parts[i] = x.String()
	}
	s := fmt.Sprintf("b%d[%s]", a.Buf, strings.Join(parts, ", "))
	if a.Fault > 0 {
		s += fmt.Sprintf(" checked(%d)", a.Fault)
	}
	return s
}

// String prints an index: "i1", "i1?" (broadcast at run time), "0",
// "-i2+p3+4", "i0*2+i3*3-1".
func (x Index) String() string {
	var b strings.Builder
	term := func(loop, coef int) {
		switch {
		case coef == -1:
			b.WriteString("-")
		case b.Len() > 0 && coef > 0:
			b.WriteString("+")
		}
		fmt.Fprintf(&b, "i%d", loop)
		if coef != 1 && coef != -1 {
			fmt.Fprintf(&b, "*%d", coef)
		}
	}
	for _, t := range x.Terms() {
		term(t.Loop, t.Coef)
	}
	if x.Bcast == BcastDynamic {
		b.WriteString("?")
	}
	if x.OffParam > 0 {
		if b.Len() > 0 {
			b.WriteString("+")
		}
		fmt.Fprintf(&b, "p%d", x.OffParam-1)
	}
	if x.Dyn > 0 {
		if b.Len() > 0 {
			b.WriteString("+")
		}
		fmt.Fprintf(&b, "a%d", x.Dyn-1)
	}
	switch {
	case x.Off > 0 && b.Len() > 0:
		fmt.Fprintf(&b, "+%d", x.Off)
	case x.Off != 0 || b.Len() == 0:
		fmt.Fprintf(&b, "%d", x.Off)
	}
	return b.String()
}

func (in *Instr) format(i int) string {
	args := make([]string, len(in.Args))
	for j, a := range in.Args {
		args[j] = "v" + strconv.Itoa(a)
	}
	name := in.Op.String()
	switch in.Op {
	case OpCompare:
		name += "." + in.Cmp.String()
	case OpMath, OpMath2, OpMath3:
		name = in.Math.String()
	case OpRound:
		name += "." + in.Round.String()
	}
	switch in.Op {
	case OpLoad:
		s := fmt.Sprintf("v%d = load %s %s", i, in.Type, in.Acc)
		if len(args) > 0 {
			s += " with " + strings.Join(args, ", ")
		}
		return s
	case OpStore:
		return fmt.Sprintf("store %s %s, %s", in.Type, in.Acc, strings.Join(args, ", "))
	case OpAccum:
		loose := ""
		if in.Loose {
			loose = ".loose"
		}
		return fmt.Sprintf("accum.%s%s %s %s, %s", in.Red, loose, in.Type, in.Acc, strings.Join(args, ", "))
	case OpConst:
		return fmt.Sprintf("v%d = const %s %s", i, in.Type, FormatConst(in.Type, in.Bits))
	case OpSize:
		return fmt.Sprintf("v%d = size %s %s", i, in.Type, in.Size)
	case OpIndex:
		return fmt.Sprintf("v%d = index %s i%d", i, in.Type, in.Loop)
	case OpAssert:
		return fmt.Sprintf("assert %s, fault(%d)", strings.Join(args, ", "), in.Fault)
	}
	return fmt.Sprintf("v%d = %s %s %s", i, name, in.Type, strings.Join(args, ", "))
}

// FormatConst prints a constant's bits as a value of type dt.
func FormatConst(dt memref.DType, bits uint64) string {
	switch {
	case dt == memref.Bool:
		return strconv.FormatBool(bits != 0)
	case dt == memref.Float32 || dt.IsHalf():
		return strconv.FormatFloat(float64(math.Float32frombits(uint32(bits))), 'g', -1, 32)
	case dt == memref.Float64:
		return strconv.FormatFloat(math.Float64frombits(bits), 'g', -1, 64)
	case dt.IsUnsigned():
		return strconv.FormatUint(bits, 10)
	}
	return strconv.FormatInt(int64(bits), 10)
}
