package wasm

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// WriteWAT prints the module in the Wasm text format, one instruction a
// line, indented by block depth. The output is deterministic; it is what
// `sandjit run --dump=wat` shows.
func (m *Module) WriteWAT(w io.Writer) error {
	var b strings.Builder
	b.WriteString("(module\n")
	if mem := m.Memory; mem != nil {
		fmt.Fprintf(&b, "  (import %q %q (memory %d", mem.Module, mem.Name, mem.Min)
		if mem.HasMax {
			fmt.Fprintf(&b, " %d", mem.Max)
		}
		if mem.Shared {
			b.WriteString(" shared")
		}
		b.WriteString("))\n")
	}
	for _, f := range m.Funcs {
		writeFuncWAT(&b, f)
	}
	for _, e := range m.Exports {
		fmt.Fprintf(&b, "  (export %q (func $%s))\n", e.Name, e.Func.Name)
	}
	b.WriteString(")\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WAT returns the module's text form (see WriteWAT).
func (m *Module) WAT() string {
	var b strings.Builder
	_ = m.WriteWAT(&b)
	return b.String()
}

func writeFuncWAT(b *strings.Builder, f *Func) {
	fmt.Fprintf(b, "  (func $%s", f.Name)
	for _, p := range f.Params {
		fmt.Fprintf(b, " (param %s)", p)
	}
	for _, r := range f.Results {
		fmt.Fprintf(b, " (result %s)", r)
	}
	b.WriteString("\n")
	if len(f.Locals) > 0 {
		b.WriteString("    (local")
		for _, l := range f.Locals {
			fmt.Fprintf(b, " %s", l)
		}
		b.WriteString(")\n")
	}
	indent := 2
	for i := range f.Body {
		in := &f.Body[i]
		if in.Op == OpEnd || in.Op == OpElse {
			indent--
		}
		b.WriteString(strings.Repeat("  ", indent+1))
		b.WriteString(formatInstr(in))
		b.WriteByte('\n')
		switch in.Op {
		case OpBlock, OpLoop, OpIf, OpElse:
			indent++
		}
	}
	b.WriteString("  )\n")
}

func formatInstr(in *Instr) string {
	info := opcodes[in.Op]
	name := info.name
	switch info.imm {
	case immBlock:
		if BlockType(in.Imm) != BlockEmpty {
			return fmt.Sprintf("%s (result %s)", name, ValType(in.Imm))
		}
		return name
	case immLabel, immFunc, immLocal, immGlobal, immLane:
		return fmt.Sprintf("%s %d", name, in.Imm)
	case immTable:
		s := name
		for _, l := range in.Labels {
			s += fmt.Sprintf(" %d", l)
		}
		return s + fmt.Sprintf(" %d", in.Imm)
	case immMem, immMemLane:
		s := name
		if in.Mem.Offset != 0 {
			s += fmt.Sprintf(" offset=%d", in.Mem.Offset)
		}
		if in.Mem.Align != naturalAlign(in.Op) {
			s += fmt.Sprintf(" align=%d", 1<<in.Mem.Align)
		}
		if info.imm == immMemLane {
			s += fmt.Sprintf(" %d", in.Imm)
		}
		return s
	case immI32:
		return fmt.Sprintf("%s %d", name, int32(in.Imm))
	case immI64:
		return fmt.Sprintf("%s %d", name, int64(in.Imm))
	case immF32:
		return fmt.Sprintf("%s %s", name, watFloat(float64(math.Float32frombits(uint32(in.Imm))), uint64(in.Imm), 32))
	case immF64:
		return fmt.Sprintf("%s %s", name, watFloat(math.Float64frombits(in.Imm), in.Imm, 64))
	case immV128:
		s := name + " i32x4"
		for i := 0; i < 4; i++ {
			s += fmt.Sprintf(" 0x%08x", binary.LittleEndian.Uint32(in.V128[4*i:]))
		}
		return s
	case immShuffle:
		s := name
		for _, l := range in.V128 {
			s += fmt.Sprintf(" %d", l)
		}
		return s
	}
	return name
}

func watFloat(v float64, bits uint64, width int) string {
	if math.IsNaN(v) {
		if width == 32 {
			return fmt.Sprintf("nan:0x%x", bits&0x7fffff)
		}
		return fmt.Sprintf("nan:0x%x", bits&0xfffffffffffff)
	}
	if math.IsInf(v, 1) {
		return "inf"
	}
	if math.IsInf(v, -1) {
		return "-inf"
	}
	if v == 0 && math.Signbit(v) {
		return "-0"
	}
	return strconv.FormatFloat(v, 'g', -1, width)
}
