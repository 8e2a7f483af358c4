package wasm

import (
	"fmt"
	"math"
)

// Opcode identifies one Wasm instruction (see the table in opcodes.go).
type Opcode uint16

// immKind is the shape of an instruction's immediates.
type immKind uint8

const (
	immNone    immKind = iota
	immBlock           // block type
	immLabel           // label depth
	immTable           // br_table: labels + default
	immFunc            // function index
	immLocal           // local index
	immGlobal          // global index
	immMem             // memarg: align, offset
	immZero            // one reserved 0x00 byte (memory.size/grow, memory.fill)
	immZero2           // two reserved 0x00 bytes (memory.copy)
	immI32             // signed LEB128 i32
	immI64             // signed LEB128 i64
	immF32             // 4 bytes
	immF64             // 8 bytes
	immV128            // 16 bytes
	immShuffle         // 16 lane indices
	immLane            // one lane index byte
	immMemLane         // memarg + lane index
)

type opInfo struct {
	name   string
	prefix byte
	code   uint32
	imm    immKind
}

// String is the instruction's name in the Wasm text format.
func (op Opcode) String() string {
	if op > opInvalid && op < NumOpcodes {
		return opcodes[op].name
	}
	return fmt.Sprintf("opcode(%d)", uint16(op))
}

// ValType is a Wasm value type.
type ValType byte

// The value types.
const (
	I32  ValType = 0x7f
	I64  ValType = 0x7e
	F32  ValType = 0x7d
	F64  ValType = 0x7c
	V128 ValType = 0x7b
)

func (t ValType) String() string {
	switch t {
	case I32:
		return "i32"
	case I64:
		return "i64"
	case F32:
		return "f32"
	case F64:
		return "f64"
	case V128:
		return "v128"
	}
	return fmt.Sprintf("valtype(0x%x)", byte(t))
}

// BlockType is the type of a block, loop or if: BlockEmpty or one result
// value type.
type BlockType byte

// BlockEmpty is a block with no parameters and no results.
const BlockEmpty BlockType = 0x40

// MemArg is a memory access's alignment (log2 of bytes) and constant offset.
type MemArg struct {
	Align  uint32
	Offset uint32
}

// Instr is one instruction with its immediates.
type Instr struct {
	Op     Opcode
	Imm    uint64   // integer immediate, float bits, index, depth, lane or block type
	Mem    MemArg   // for memory accesses
	V128   [16]byte // v128.const bytes or i8x16.shuffle lanes
	Labels []uint32 // br_table targets (the default is Imm)
}

// naturalAlign is log2 of the access size of a memory instruction.
func naturalAlign(op Opcode) uint32 {
	switch op {
	case OpI32Load8S, OpI32Load8U, OpI64Load8S, OpI64Load8U, OpI32Store8, OpI64Store8,
		OpV128Load8Splat, OpV128Load8Lane, OpV128Store8Lane:
		return 0
	case OpI32Load16S, OpI32Load16U, OpI64Load16S, OpI64Load16U, OpI32Store16, OpI64Store16,
		OpV128Load16Splat, OpV128Load16Lane, OpV128Store16Lane:
		return 1
	case OpI32Load, OpF32Load, OpI64Load32S, OpI64Load32U, OpI32Store, OpF32Store, OpI64Store32,
		OpV128Load32Splat, OpV128Load32Lane, OpV128Store32Lane, OpV128Load32Zero:
		return 2
	case OpI64Load, OpF64Load, OpI64Store, OpF64Store, OpV128Load64Splat, OpV128Load64Lane,
		OpV128Store64Lane, OpV128Load64Zero, OpV128Load8x8S, OpV128Load8x8U, OpV128Load16x4S,
		OpV128Load16x4U, OpV128Load32x2S, OpV128Load32x2U:
		return 3
	case OpV128Load, OpV128Store:
		return 4
	}
	return 0
}

// Func is one function under construction: a signature, locals beyond the
// parameters, and a flat instruction list (blocks are begin/end pairs).
type Func struct {
	Name    string
	Index   uint32 // index in the module's function space
	Params  []ValType
	Results []ValType
	Locals  []ValType // declared locals after the parameters
	Body    []Instr
	depth   int // open blocks, for balance checks
}

// NewLocal declares a local of type t and returns its index.
func (f *Func) NewLocal(t ValType) uint32 {
	f.Locals = append(f.Locals, t)
	return uint32(len(f.Params) + len(f.Locals) - 1)
}

// Op emits an instruction without immediates.
func (f *Func) Op(ops ...Opcode) {
	for _, op := range ops {
		if opcodes[op].imm != immNone && opcodes[op].imm != immZero && opcodes[op].imm != immZero2 {
			panic(fmt.Sprintf("BUG: wasmgen: %s needs immediates", op))
		}
		switch op {
		case OpEnd:
			f.depth--
		}
		f.Body = append(f.Body, Instr{Op: op})
	}
}

// I32Const pushes an i32 constant.
func (f *Func) I32Const(v int32) {
	f.Body = append(f.Body, Instr{Op: OpI32Const, Imm: uint64(int64(v))})
}

// I64Const pushes an i64 constant.
func (f *Func) I64Const(v int64) { f.Body = append(f.Body, Instr{Op: OpI64Const, Imm: uint64(v)}) }

// F32Const pushes an f32 constant.
func (f *Func) F32Const(v float32) {
	f.Body = append(f.Body, Instr{Op: OpF32Const, Imm: uint64(math.Float32bits(v))})
}

// F32Bits pushes the f32 with the given bit pattern (NaN payloads survive).
func (f *Func) F32Bits(bits uint32) {
	f.Body = append(f.Body, Instr{Op: OpF32Const, Imm: uint64(bits)})
}

// F64Const pushes an f64 constant.
func (f *Func) F64Const(v float64) {
	f.Body = append(f.Body, Instr{Op: OpF64Const, Imm: math.Float64bits(v)})
}

// F64Bits pushes the f64 with the given bit pattern.
func (f *Func) F64Bits(bits uint64) { f.Body = append(f.Body, Instr{Op: OpF64Const, Imm: bits}) }

// V128Const pushes a v128 constant given as 16 little-endian bytes.
func (f *Func) V128Const(b [16]byte) { f.Body = append(f.Body, Instr{Op: OpV128Const, V128: b}) }

// I32x4Const pushes four i32 lanes.
func (f *Func) I32x4Const(a, b, c, d uint32) {
	var v [16]byte
	for i, x := range [4]uint32{a, b, c, d} {
		v[4*i], v[4*i+1], v[4*i+2], v[4*i+3] = byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
	}
	f.V128Const(v)
}

// I64x2Const pushes two i64 lanes.
func (f *Func) I64x2Const(a, b uint64) {
	f.I32x4Const(uint32(a), uint32(a>>32), uint32(b), uint32(b>>32))
}

// F32x4Splat pushes a v128 constant with v in every f32 lane.
func (f *Func) F32x4Splat(v float32) {
	u := math.Float32bits(v)
	f.I32x4Const(u, u, u, u)
}

// F64x2Splat pushes a v128 constant with v in both f64 lanes.
func (f *Func) F64x2Splat(v float64) {
	u := math.Float64bits(v)
	f.I64x2Const(u, u)
}

// LocalGet pushes local i.
func (f *Func) LocalGet(i uint32) { f.Body = append(f.Body, Instr{Op: OpLocalGet, Imm: uint64(i)}) }

// LocalSet pops into local i.
func (f *Func) LocalSet(i uint32) { f.Body = append(f.Body, Instr{Op: OpLocalSet, Imm: uint64(i)}) }

// LocalTee stores into local i and keeps the value on the stack.
func (f *Func) LocalTee(i uint32) { f.Body = append(f.Body, Instr{Op: OpLocalTee, Imm: uint64(i)}) }

// Mem emits a load or store with natural alignment and a constant offset.
func (f *Func) Mem(op Opcode, offset uint32) {
	if k := opcodes[op].imm; k != immMem {
		panic(fmt.Sprintf("BUG: wasmgen: %s is not a memory access", op))
	}
	f.Body = append(f.Body, Instr{Op: op, Mem: MemArg{Align: naturalAlign(op), Offset: offset}})
}

// MemAlign emits a load or store with an explicit alignment hint (log2).
func (f *Func) MemAlign(op Opcode, align, offset uint32) {
	f.Body = append(f.Body, Instr{Op: op, Mem: MemArg{Align: align, Offset: offset}})
}

// MemLane emits a v128 lane load or store.
func (f *Func) MemLane(op Opcode, offset uint32, lane byte) {
	f.Body = append(f.Body, Instr{Op: op, Mem: MemArg{Align: naturalAlign(op), Offset: offset}, Imm: uint64(lane)})
}

// Lane emits an extract_lane or replace_lane.
func (f *Func) Lane(op Opcode, lane byte) { f.Body = append(f.Body, Instr{Op: op, Imm: uint64(lane)}) }

// Shuffle emits i8x16.shuffle with the given byte lane indices (0–31).
func (f *Func) Shuffle(lanes [16]byte) {
	f.Body = append(f.Body, Instr{Op: OpI8x16Shuffle, V128: lanes})
}

// Block opens a block.
func (f *Func) Block(bt BlockType) {
	f.depth++
	f.Body = append(f.Body, Instr{Op: OpBlock, Imm: uint64(bt)})
}

// Loop opens a loop.
func (f *Func) Loop(bt BlockType) {
	f.depth++
	f.Body = append(f.Body, Instr{Op: OpLoop, Imm: uint64(bt)})
}

// If opens an if (it pops the condition).
func (f *Func) If(bt BlockType) {
	f.depth++
	f.Body = append(f.Body, Instr{Op: OpIf, Imm: uint64(bt)})
}

// Else starts the else arm of the innermost if.
func (f *Func) Else() { f.Body = append(f.Body, Instr{Op: OpElse}) }

// End closes the innermost block, loop or if.
func (f *Func) End() { f.Op(OpEnd) }

// Br branches to the label depth d.
func (f *Func) Br(d uint32) { f.Body = append(f.Body, Instr{Op: OpBr, Imm: uint64(d)}) }

// BrIf pops a condition and branches to label depth d when it is nonzero.
func (f *Func) BrIf(d uint32) { f.Body = append(f.Body, Instr{Op: OpBrIf, Imm: uint64(d)}) }

// Call calls fn.
func (f *Func) Call(fn *Func) { f.Body = append(f.Body, Instr{Op: OpCall, Imm: uint64(fn.Index)}) }

// Depth is the number of open blocks (0 at the function level).
func (f *Func) Depth() int { return f.depth }

// IsMemory reports whether op accesses linear memory through a memarg
// (loads, stores and their lane forms).
func (op Opcode) IsMemory() bool {
	if op == 0 || op >= NumOpcodes {
		return false
	}
	k := opcodes[op].imm
	return k == immMem || k == immMemLane
}

// NaturalAlign is log2 of the access size of a memory instruction: the
// alignment a MemArg states when it promises nothing less.
func NaturalAlign(op Opcode) uint32 { return naturalAlign(op) }
