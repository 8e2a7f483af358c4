package wasmgen

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/wasm"

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
	t                                 wasm.ValType
	cnst                              func(f *wasm.Func, v int64)
	add, sub, mul, and, xor, eq, eqz  wasm.Opcode
	divS, divU, remS, remU, ltS, shrU wasm.Opcode
	ne, ltU                           wasm.Opcode
}

var int32Ops = intOps{t: wasm.I32, cnst: func(f *wasm.Func, v int64) { f.I32Const(int32(v)) },
	add: wasm.OpI32Add, sub: wasm.OpI32Sub, mul: wasm.OpI32Mul, and: wasm.OpI32And, xor: wasm.OpI32Xor, eq: wasm.OpI32Eq, eqz: wasm.OpI32Eqz,
	divS: wasm.OpI32DivS, divU: wasm.OpI32DivU, remS: wasm.OpI32RemS, remU: wasm.OpI32RemU, ltS: wasm.OpI32LtS, shrU: wasm.OpI32ShrU,
	ne: wasm.OpI32Ne, ltU: wasm.OpI32LtU}

var int64Ops = intOps{t: wasm.I64, cnst: func(f *wasm.Func, v int64) { f.I64Const(v) },
	add: wasm.OpI64Add, sub: wasm.OpI64Sub, mul: wasm.OpI64Mul, and: wasm.OpI64And, xor: wasm.OpI64Xor, eq: wasm.OpI64Eq, eqz: wasm.OpI64Eqz,
	divS: wasm.OpI64DivS, divU: wasm.OpI64DivU, remS: wasm.OpI64RemS, remU: wasm.OpI64RemU, ltS: wasm.OpI64LtS, shrU: wasm.OpI64ShrU,
	ne: wasm.OpI64Ne, ltU: wasm.OpI64LtU}

// intHelper returns (creating on first use) the helper `name` for dt.
func (g *gen) intHelper(name string, dt memref.DType) *wasm.Func {
	o := int32Ops
	if nregs(dt) == 2 {
		o = int64Ops
	}
	// Narrow unsigned values are zero-extended, so signed 32-bit helpers
	// would be wrong only for ui32 (top bit); narrow ones use signed.
	signed := dt.IsSigned() || dt == memref.Uint8 || dt == memref.Uint16
	key := fmt.Sprintf("%s_%s%d", name, map[bool]string{true: "s", false: "u"}[signed], map[wasm.ValType]int{wasm.I32: 32, wasm.I64: 64}[o.t])
	if f, ok := g.helpers[key]; ok {
		return f
	}
	f := g.m.NewFunc(key, []wasm.ValType{o.t, o.t}, []wasm.ValType{o.t})
	g.helpers[key] = f
	a, b := uint32(0), uint32(1)
	// if b == 0: return the value XLA defines (x ** 0 = 1 for pow)
	f.LocalGet(b)
	f.Op(o.eqz)
	f.If(wasm.BlockEmpty)
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
		f.Op(wasm.OpSelect)
	default:
		o.cnst(f, -1) // x / 0 = -1 (all ones)
	}
	f.Op(wasm.OpReturn)
	f.End()
	switch name {
	case "div", "floordiv", "floormod", "rem":
		if signed {
			// b == -1: a / -1 = -a (wraps), a % -1 = 0.
			f.LocalGet(b)
			o.cnst(f, -1)
			f.Op(o.eq)
			f.If(wasm.BlockEmpty)
			if name == "floormod" || name == "rem" {
				o.cnst(f, 0)
			} else {
				o.cnst(f, 0)
				f.LocalGet(a)
				f.Op(o.sub)
			}
			f.Op(wasm.OpReturn)
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
			f.Op(wasm.OpI32And)
			if o.t == wasm.I64 {
				f.Op(wasm.OpI64ExtendI32U)
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
			f.Op(wasm.OpI32And)
			f.Op(wasm.OpSelect)
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
func (g *gen) powBody(f *wasm.Func, o intOps, signed bool) {
	a, b := uint32(0), uint32(1)
	r := f.NewLocal(o.t)
	if signed {
		f.LocalGet(b)
		o.cnst(f, 0)
		f.Op(o.ltS)
		f.If(wasm.BlockEmpty)
		// a == 1 → 1; a == -1 → (b odd ? -1 : 1); else 0
		f.LocalGet(a)
		o.cnst(f, 1)
		f.Op(o.eq)
		f.If(wasm.BlockEmpty)
		o.cnst(f, 1)
		f.Op(wasm.OpReturn)
		f.End()
		f.LocalGet(a)
		o.cnst(f, -1)
		f.Op(o.eq)
		f.If(wasm.BlockEmpty)
		o.cnst(f, -1)
		o.cnst(f, 1)
		f.LocalGet(b)
		o.cnst(f, 1)
		f.Op(o.and)
		if o.t == wasm.I64 {
			f.Op(wasm.OpI32WrapI64)
		}
		f.Op(wasm.OpSelect)
		f.Op(wasm.OpReturn)
		f.End()
		o.cnst(f, 0)
		f.Op(wasm.OpReturn)
		f.End()
	}
	o.cnst(f, 1)
	f.LocalSet(r)
	f.Loop(wasm.BlockEmpty)
	// if b & 1: r *= a
	f.LocalGet(b)
	o.cnst(f, 1)
	f.Op(o.and)
	if o.t == wasm.I64 {
		f.Op(wasm.OpI32WrapI64)
	}
	f.If(wasm.BlockEmpty)
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
	f.If(wasm.BlockEmpty)
	f.LocalGet(a)
	f.LocalGet(a)
	f.Op(o.mul)
	f.LocalSet(a)
	f.Br(1)
	f.End()
	f.End()
	f.LocalGet(r)
}
