package wasmgen

import (
	"fmt"

	"github.com/sandjit/sandjit/memref"
)

// Scalar integer helpers: division, floor division, floor modulo and
// power with the loop IR's total semantics, XLA's: x/0 = -1 (all ones;
// floordiv of a negative x by 0 is -2, TF's floor correction applied to
// that), x%0 = x, MIN/-1 = MIN, MIN%-1 = 0, negative powers. Wasm's own
// division traps on x/0 and MIN/-1, so every integer division goes through
// these, which test both before any div or rem. Narrow types use the 32-bit
// versions on their widened values (the caller normalizes the result, so
// an all-ones ui8 quotient becomes 0xff).

// intOps are the scalar opcodes of one integer width.
type intOps struct {
	t                                 ValType
	cnst                              func(f *Func, v int64)
	add, sub, mul, and, xor, eq, eqz  Opcode
	divS, divU, remS, remU, ltS, shrU Opcode
	ne, ltU                           Opcode
}

var int32Ops = intOps{t: I32, cnst: func(f *Func, v int64) { f.I32Const(int32(v)) },
	add: OpI32Add, sub: OpI32Sub, mul: OpI32Mul, and: OpI32And, xor: OpI32Xor, eq: OpI32Eq, eqz: OpI32Eqz,
	divS: OpI32DivS, divU: OpI32DivU, remS: OpI32RemS, remU: OpI32RemU, ltS: OpI32LtS, shrU: OpI32ShrU,
	ne: OpI32Ne, ltU: OpI32LtU}

var int64Ops = intOps{t: I64, cnst: func(f *Func, v int64) { f.I64Const(v) },
	add: OpI64Add, sub: OpI64Sub, mul: OpI64Mul, and: OpI64And, xor: OpI64Xor, eq: OpI64Eq, eqz: OpI64Eqz,
	divS: OpI64DivS, divU: OpI64DivU, remS: OpI64RemS, remU: OpI64RemU, ltS: OpI64LtS, shrU: OpI64ShrU,
	ne: OpI64Ne, ltU: OpI64LtU}

// intHelper returns (creating on first use) the helper `name` for dt.
func (g *gen) intHelper(name string, dt memref.DType) *Func {
	o := int32Ops
	if nregs(dt) == 2 {
		o = int64Ops
	}
	// Narrow unsigned values are zero-extended, so signed 32-bit helpers
	// would be wrong only for ui32 (top bit); narrow ones use signed.
	signed := dt.IsSigned() || dt == memref.Uint8 || dt == memref.Uint16
	key := fmt.Sprintf("%s_%s%d", name, map[bool]string{true: "s", false: "u"}[signed], map[ValType]int{I32: 32, I64: 64}[o.t])
	if f, ok := g.helpers[key]; ok {
		return f
	}
	f := g.m.NewFunc(key, []ValType{o.t, o.t}, []ValType{o.t})
	g.helpers[key] = f
	a, b := uint32(0), uint32(1)
	// if b == 0: return the value XLA defines (x ** 0 = 1 for pow)
	f.LocalGet(b)
	f.Op(o.eqz)
	f.If(BlockEmpty)
	switch {
	case name == "pow":
		o.cnst(f, 1)
	case name == "floormod" || name == "rem":
		f.LocalGet(a) // x % 0 = x
	case name == "floordiv" && signed:
		// z = x / 0 = -1; z·0 != x and (x < 0) != (0 < 0) when x < 0: z - 1
		o.cnst(f, -2)
		o.cnst(f, -1)
		f.LocalGet(a)
		o.cnst(f, 0)
		f.Op(o.ltS)
		f.Op(OpSelect)
	default:
		o.cnst(f, -1) // x / 0 = -1 (all ones)
	}
	f.Op(OpReturn)
	f.End()
	switch name {
	case "div", "floordiv", "floormod", "rem":
		if signed {
			// b == -1: a / -1 = -a (wraps), a % -1 = 0.
			f.LocalGet(b)
			o.cnst(f, -1)
			f.Op(o.eq)
			f.If(BlockEmpty)
			if name == "floormod" || name == "rem" {
				o.cnst(f, 0)
			} else {
				o.cnst(f, 0)
				f.LocalGet(a)
				f.Op(o.sub)
			}
			f.Op(OpReturn)
			f.End()
		}
		switch {
		case name == "div" && signed:
			f.LocalGet(a)
			f.LocalGet(b)
			f.Op(o.divS)
		case name == "div", name == "floordiv" && !signed:
			f.LocalGet(a)
			f.LocalGet(b)
			f.Op(o.divU)
		case (name == "floormod" || name == "rem") && !signed:
			f.LocalGet(a)
			f.LocalGet(b)
			f.Op(o.remU)
		case name == "rem":
			f.LocalGet(a)
			f.LocalGet(b)
			f.Op(o.remS)
		case name == "floordiv":
			// q = a / b; if (a % b != 0) && ((a % b) ^ b) < 0: q - 1
			r := f.NewLocal(o.t)
			f.LocalGet(a)
			f.LocalGet(b)
			f.Op(o.divS)
			f.LocalGet(a)
			f.LocalGet(b)
			f.Op(o.remS)
			f.LocalTee(r)
			o.cnst(f, 0)
			f.Op(o.ne)
			f.LocalGet(r)
			f.LocalGet(b)
			f.Op(o.xor)
			o.cnst(f, 0)
			f.Op(o.ltS)
			f.Op(OpI32And)
			if o.t == I64 {
				f.Op(OpI64ExtendI32U)
			}
			f.Op(o.sub)
		default: // signed floormod
			// r = a % b; r != 0 && (r ^ b) < 0 ? r + b : r
			r := f.NewLocal(o.t)
			f.LocalGet(a)
			f.LocalGet(b)
			f.Op(o.remS)
			f.LocalSet(r)
			f.LocalGet(r)
			f.LocalGet(b)
			f.Op(o.add)
			f.LocalGet(r)
			f.LocalGet(r)
			o.cnst(f, 0)
			f.Op(o.ne)
			f.LocalGet(r)
			f.LocalGet(b)
			f.Op(o.xor)
			o.cnst(f, 0)
			f.Op(o.ltS)
			f.Op(OpI32And)
			f.Op(OpSelect)
		}
	case "pow":
		g.powBody(f, o, signed)
	default:
		panic("BUG: unknown integer helper " + name)
	}
	return f
}

// powBody emits a ** b by squaring; b < 0 gives 0 except a = 1 (1) and
// a = -1 (±1 by parity). The b == 0 case was handled by the caller.
func (g *gen) powBody(f *Func, o intOps, signed bool) {
	a, b := uint32(0), uint32(1)
	r := f.NewLocal(o.t)
	if signed {
		f.LocalGet(b)
		o.cnst(f, 0)
		f.Op(o.ltS)
		f.If(BlockEmpty)
		// a == 1 → 1; a == -1 → (b odd ? -1 : 1); else 0
		f.LocalGet(a)
		o.cnst(f, 1)
		f.Op(o.eq)
		f.If(BlockEmpty)
		o.cnst(f, 1)
		f.Op(OpReturn)
		f.End()
		f.LocalGet(a)
		o.cnst(f, -1)
		f.Op(o.eq)
		f.If(BlockEmpty)
		o.cnst(f, -1)
		o.cnst(f, 1)
		f.LocalGet(b)
		o.cnst(f, 1)
		f.Op(o.and)
		if o.t == I64 {
			f.Op(OpI32WrapI64)
		}
		f.Op(OpSelect)
		f.Op(OpReturn)
		f.End()
		o.cnst(f, 0)
		f.Op(OpReturn)
		f.End()
	}
	o.cnst(f, 1)
	f.LocalSet(r)
	f.Loop(BlockEmpty)
	// if b & 1: r *= a
	f.LocalGet(b)
	o.cnst(f, 1)
	f.Op(o.and)
	if o.t == I64 {
		f.Op(OpI32WrapI64)
	}
	f.If(BlockEmpty)
	f.LocalGet(r)
	f.LocalGet(a)
	f.Op(o.mul)
	f.LocalSet(r)
	f.End()
	// b >>= 1; if b != 0 { a *= a; continue }
	f.LocalGet(b)
	o.cnst(f, 1)
	f.Op(o.shrU)
	f.LocalTee(b)
	o.cnst(f, 0)
	f.Op(o.ne)
	f.If(BlockEmpty)
	f.LocalGet(a)
	f.LocalGet(a)
	f.Op(o.mul)
	f.LocalSet(a)
	f.Br(1)
	f.End()
	f.End()
	f.LocalGet(r)
}
