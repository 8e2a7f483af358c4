package wasm

import (
	"encoding/binary"
	"fmt"
)

// encodeCodeSection encodes section 10: locals and bodies.
func encodeCodeSection(funcs []*Func) ([]byte, error) {
	b := appendU32(nil, uint32(len(funcs)))
	for _, f := range funcs {
		if err := checkBalanced(f); err != nil {
			return nil, err
		}
		body, err := encodeBody(f)
		if err != nil {
			return nil, err
		}
		b = appendU32(b, uint32(len(body)))
		b = append(b, body...)
	}
	return b, nil
}

// encodeBody encodes one function: run-length locals, instructions, end.
func encodeBody(f *Func) ([]byte, error) {
	var groups [][2]uint32 // count, type
	for _, t := range f.Locals {
		if n := len(groups); n > 0 && groups[n-1][1] == uint32(t) {
			groups[n-1][0]++
		} else {
			groups = append(groups, [2]uint32{1, uint32(t)})
		}
	}
	b := appendU32(nil, uint32(len(groups)))
	for _, g := range groups {
		b = appendU32(b, g[0])
		b = append(b, byte(g[1]))
	}
	for i := range f.Body {
		var err error
		if b, err = appendInstr(b, &f.Body[i]); err != nil {
			return nil, fmt.Errorf("function %s, instruction %d: %w", f.Name, i, err)
		}
	}
	return append(b, 0x0b), nil
}

func appendInstr(b []byte, in *Instr) ([]byte, error) {
	if in.Op <= opInvalid || in.Op >= NumOpcodes {
		return nil, fmt.Errorf("BUG: wasmgen: invalid opcode %d", in.Op)
	}
	info := opcodes[in.Op]
	if info.prefix != 0 {
		b = append(b, info.prefix)
		b = appendU32(b, info.code)
	} else {
		b = append(b, byte(info.code))
	}
	switch info.imm {
	case immNone:
	case immBlock:
		b = append(b, byte(in.Imm))
	case immLabel, immFunc, immLocal, immGlobal:
		b = appendU32(b, uint32(in.Imm))
	case immTable:
		b = appendU32(b, uint32(len(in.Labels)))
		for _, l := range in.Labels {
			b = appendU32(b, l)
		}
		b = appendU32(b, uint32(in.Imm))
	case immMem:
		b = appendU32(b, in.Mem.Align)
		b = appendU32(b, in.Mem.Offset)
	case immMemLane:
		b = appendU32(b, in.Mem.Align)
		b = appendU32(b, in.Mem.Offset)
		b = append(b, byte(in.Imm))
	case immZero:
		b = append(b, 0)
	case immZero2:
		b = append(b, 0, 0)
	case immI32:
		b = appendS64(b, int64(int32(in.Imm)))
	case immI64:
		b = appendS64(b, int64(in.Imm))
	case immF32:
		b = binary.LittleEndian.AppendUint32(b, uint32(in.Imm))
	case immF64:
		b = binary.LittleEndian.AppendUint64(b, in.Imm)
	case immV128, immShuffle:
		b = append(b, in.V128[:]...)
	case immLane:
		b = append(b, byte(in.Imm))
	default:
		return nil, fmt.Errorf("BUG: wasmgen: unknown immediate kind %d", info.imm)
	}
	return b, nil
}
