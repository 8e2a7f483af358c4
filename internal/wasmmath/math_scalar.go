package wasmmath

import "github.com/sandjit/sandjit/internal/wasm"
import "math"

// A small emitter for the library's scalar slow paths (Payne–Hanek
// reduction, fmod): like vemit, but over i32/i64/f64 locals.

// sv is a scalar operand: a local, or a constant of type t.
type sv struct {
	l   uint32
	t   wasm.ValType
	isK bool
	k   uint64 // constant bits
}

type semit struct{ f *wasm.Func }

func ki32(v int32) sv   { return sv{t: wasm.I32, isK: true, k: uint64(uint32(v))} }
func ki64(v int64) sv   { return sv{t: wasm.I64, isK: true, k: uint64(v)} }
func ku64(v uint64) sv  { return sv{t: wasm.I64, isK: true, k: v} }
func kf64(v float64) sv { return sv{t: wasm.F64, isK: true, k: math.Float64bits(v)} }

func (s semit) get(vs ...sv) {
	for _, v := range vs {
		switch {
		case !v.isK:
			s.f.LocalGet(v.l)
		case v.t == wasm.I32:
			s.f.I32Const(int32(uint32(v.k)))
		case v.t == wasm.I64:
			s.f.I64Const(int64(v.k))
		case v.t == wasm.F32:
			s.f.F32Bits(uint32(v.k))
		default:
			s.f.F64Bits(v.k)
		}
	}
}

// set pops a value of type t into a fresh local.
func (s semit) set(t wasm.ValType) sv {
	l := s.f.NewLocal(t)
	s.f.LocalSet(l)
	return sv{l: l, t: t}
}

// op applies op to args and keeps the result, of type t, in a fresh local.
func (s semit) op(t wasm.ValType, op wasm.Opcode, args ...sv) sv {
	s.get(args...)
	s.f.Op(op)
	return s.set(t)
}

// assign stores v into the existing local dst.
func (s semit) assign(dst, v sv) {
	s.get(v)
	s.f.LocalSet(dst.l)
}

// sel is c != 0 ? a : b (Wasm select).
func (s semit) sel(t wasm.ValType, c, a, b sv) sv {
	s.get(a, b, c)
	s.f.Op(wasm.OpSelect)
	return s.set(t)
}

// Shorthands for i64 and f64 arithmetic.
func (s semit) i64(op wasm.Opcode, a, b sv) sv { return s.op(wasm.I64, op, a, b) }
func (s semit) f64(op wasm.Opcode, a, b sv) sv { return s.op(wasm.F64, op, a, b) }

// brTableConst emits a function body that returns table[i] for its i32
// parameter 0 (table lookups without memory: one br_table).
func brTableConst(f *wasm.Func, table []uint64) {
	n := len(table)
	for i := 0; i < n; i++ {
		f.Block(wasm.BlockEmpty)
	}
	f.LocalGet(0)
	labels := make([]uint32, n)
	for i := range labels {
		labels[i] = uint32(i)
	}
	f.Body = append(f.Body, wasm.Instr{Op: wasm.OpBrTable, Labels: labels, Imm: uint64(n - 1)})
	for i := 0; i < n; i++ {
		f.End()
		f.I64Const(int64(table[i]))
		if i < n-1 {
			f.Op(wasm.OpReturn)
		}
	}
}

// umulhHelper returns the helper (i64, i64) -> i64 that gives the high 64
// bits of the unsigned 128-bit product, from four 32x32-bit products.
func (l *MathLib) umulhHelper() *wasm.Func {
	return l.helper("math_umulh", []wasm.ValType{wasm.I64, wasm.I64}, []wasm.ValType{wasm.I64}, func(f *wasm.Func) {
		s := semit{f}
		a, b := sv{l: 0, t: wasm.I64}, sv{l: 1, t: wasm.I64}
		m32 := ku64(0xffffffff)
		a0, a1 := s.i64(wasm.OpI64And, a, m32), s.i64(wasm.OpI64ShrU, a, ki64(32))
		b0, b1 := s.i64(wasm.OpI64And, b, m32), s.i64(wasm.OpI64ShrU, b, ki64(32))
		p00 := s.i64(wasm.OpI64Mul, a0, b0)
		p01 := s.i64(wasm.OpI64Mul, a0, b1)
		p10 := s.i64(wasm.OpI64Mul, a1, b0)
		p11 := s.i64(wasm.OpI64Mul, a1, b1)
		mid := s.i64(wasm.OpI64Add, s.i64(wasm.OpI64ShrU, p00, ki64(32)), s.i64(wasm.OpI64And, p01, m32))
		mid = s.i64(wasm.OpI64Add, mid, s.i64(wasm.OpI64And, p10, m32))
		hi := s.i64(wasm.OpI64Add, p11, s.i64(wasm.OpI64ShrU, p01, ki64(32)))
		hi = s.i64(wasm.OpI64Add, hi, s.i64(wasm.OpI64ShrU, p10, ki64(32)))
		hi = s.i64(wasm.OpI64Add, hi, s.i64(wasm.OpI64ShrU, mid, ki64(32)))
		s.get(hi)
	})
}
