package wasmmath

import "github.com/sandjit/sandjit/internal/wasm"

// fmod(x, y): exact, with the sign of x (C fmod, Go's math.Mod; TF's
// floor modulo is built on it). Exactness needs long division on the
// significands, so this is the library's one lane-by-lane function: the
// vector function extracts each lane pair and calls a scalar helper (musl's
// fmod/fmodf on the bits, with clz in place of the normalization loops),
// whose loop runs once per bit of exponent difference.

// fmodInts are the integer opcodes and layout of one float width.
type fmodInts struct {
	it, ft                                       wasm.ValType
	and, or, shl, shrU, sub, clz, eqz, ltU, leU  wasm.Opcode
	eq, gtS, toInt, toFloat, mulF, divF, extract wasm.Opcode
	replace                                      wasm.Opcode
	width, mant                                  int64
	lanes                                        byte
	k                                            func(int64) sv
}

var fmodInts32 = fmodInts{
	wasm.I32, wasm.F32, wasm.OpI32And, wasm.OpI32Or, wasm.OpI32Shl, wasm.OpI32ShrU, wasm.OpI32Sub, wasm.OpI32Clz, wasm.OpI32Eqz, wasm.OpI32LtU, wasm.OpI32LeU,
	wasm.OpI32Eq, wasm.OpI32GtS, wasm.OpI32ReinterpretF32, wasm.OpF32ReinterpretI32, wasm.OpF32Mul, wasm.OpF32Div, wasm.OpF32x4ExtractLane,
	wasm.OpF32x4ReplaceLane, 32, 23, 4, func(v int64) sv { return ki32(int32(v)) },
}

var fmodInts64 = fmodInts{
	wasm.I64, wasm.F64, wasm.OpI64And, wasm.OpI64Or, wasm.OpI64Shl, wasm.OpI64ShrU, wasm.OpI64Sub, wasm.OpI64Clz, wasm.OpI64Eqz, wasm.OpI64LtU, wasm.OpI64LeU,
	wasm.OpI64Eq, wasm.OpI64GtS, wasm.OpI64ReinterpretF64, wasm.OpF64ReinterpretI64, wasm.OpF64Mul, wasm.OpF64Div, wasm.OpF64x2ExtractLane,
	wasm.OpF64x2ReplaceLane, 64, 52, 2, ki64,
}

func genFmod32(e *vemit, a []vr) vr { return fmodVec(e, a[0], a[1], &fmodInts32) }
func genFmod64(e *vemit, a []vr) vr { return fmodVec(e, a[0], a[1], &fmodInts64) }

// fmodVec calls the scalar helper on every lane (slow path by design).
func fmodVec(e *vemit, x, y vr, c *fmodInts) vr {
	h := e.lib.fmodScalar(c)
	r := e.op(wasm.OpV128Or, x, x) // a fresh local to fill lane by lane
	for i := byte(0); i < c.lanes; i++ {
		e.get(r, x)
		e.f.Lane(c.extract, i)
		e.get(y)
		e.f.Lane(c.extract, i)
		e.f.Call(h)
		e.f.Lane(c.replace, i)
		e.f.LocalSet(r.l)
	}
	return r
}

// fmodScalar returns the helper (x, y) -> fmod(x, y) for one float width.
func (l *MathLib) fmodScalar(c *fmodInts) *wasm.Func {
	name := "math_fmod_" + c.ft.String()
	return l.helper(name, []wasm.ValType{c.ft, c.ft}, []wasm.ValType{c.ft}, func(f *wasm.Func) {
		s := semit{f}
		op := func(o wasm.Opcode, a, b sv) sv { return s.op(c.it, o, a, b) }
		un := func(o wasm.Opcode, a sv) sv { return s.op(c.it, o, a) }
		test := func(o wasm.Opcode, a, b sv) sv { return s.op(wasm.I32, o, a, b) }
		x, y := sv{l: 0, t: c.ft}, sv{l: 1, t: c.ft}
		ret := func(v sv) {
			s.get(v)
			f.Op(wasm.OpReturn)
		}
		zeroX := func() sv { return s.op(c.ft, c.mulF, x, sv{t: c.ft, isK: true}) } // 0*x: ±0
		expMask := c.k(1<<(c.width-c.mant-1) - 1)
		mantMask := c.k(1<<c.mant - 1)
		implicit := c.k(1 << c.mant)
		sign := c.k(-1 << (c.width - 1))
		ux := s.op(c.it, c.toInt, x)
		uy := s.op(c.it, c.toInt, y)
		ex := op(c.and, op(c.shrU, ux, c.k(c.mant)), expMask)
		ey := op(c.and, op(c.shrU, uy, c.k(c.mant)), expMask)
		sx := op(c.and, ux, sign)
		ux2 := op(c.shl, ux, c.k(1))
		uy2 := op(c.shl, uy, c.k(1))
		// y = 0, y NaN or x not finite: NaN (as (x*y)/(x*y)).
		isnanY := test(c.ltU, op(c.shl, expMask, c.k(c.mant+1)), uy2)
		bad := s.op(wasm.I32, wasm.OpI32Or, s.op(wasm.I32, c.eqz, uy2), s.op(wasm.I32, wasm.OpI32Or, isnanY, test(c.eq, ex, expMask)))
		s.get(bad)
		f.If(wasm.BlockEmpty)
		xy := s.op(c.ft, c.mulF, x, y)
		ret(s.op(c.ft, c.divF, xy, xy))
		f.End()
		// |x| <= |y|.
		s.get(test(c.leU, ux2, uy2))
		f.If(wasm.BlockEmpty)
		s.get(test(c.eq, ux2, uy2))
		f.If(wasm.BlockEmpty)
		ret(zeroX())
		f.End()
		ret(x)
		f.End()
		// Normalize both significands to have bit mant set, adjusting the
		// exponents of subnormals (which become <= 0).
		norm := func(u, e sv) (sv, sv) {
			lz := un(c.clz, op(c.shl, u, c.k(c.width-c.mant))) // leading zeros of the field
			subE := op(c.sub, c.k(0), lz)                      // e = -lz
			subU := op(c.shl, u, op(c.sub, lz, c.k(-1)))       // u << (lz+1)
			nrmU := op(c.or, op(c.and, u, mantMask), implicit)
			isSub := s.op(wasm.I32, c.eqz, e)
			return s.sel(c.it, isSub, subU, nrmU), s.sel(c.it, isSub, subE, e)
		}
		mx, ex2 := norm(ux, ex)
		my, ey2 := norm(uy, ey)
		// Long division, one bit of exponent difference per iteration.
		step := func() {
			i := op(c.sub, mx, my)
			s.get(s.op(wasm.I32, c.eqz, op(c.shrU, i, c.k(c.width-1))))
			f.If(wasm.BlockEmpty) // i >= 0 (no borrow)
			s.get(s.op(wasm.I32, c.eqz, i))
			f.If(wasm.BlockEmpty)
			ret(zeroX())
			f.End()
			s.assign(mx, i)
			f.End()
		}
		f.Block(wasm.BlockEmpty)
		f.Loop(wasm.BlockEmpty)
		s.get(test(c.gtS, ex2, ey2))
		f.Op(wasm.OpI32Eqz)
		f.BrIf(1)
		step()
		s.assign(mx, op(c.shl, mx, c.k(1)))
		s.assign(ex2, op(c.sub, ex2, c.k(1)))
		f.Br(0)
		f.End()
		f.End()
		step()
		// Renormalize: shift the leading one back up to bit mant.
		sh := op(c.sub, un(c.clz, mx), c.k(c.width-1-c.mant))
		mx = op(c.shl, mx, sh)
		ex2 = op(c.sub, ex2, sh)
		// Scale: normal or subnormal result.
		nrm := op(c.or, op(c.sub, mx, implicit), op(c.shl, ex2, c.k(c.mant)))
		den := op(c.shrU, mx, op(c.sub, c.k(1), ex2))
		res := s.sel(c.it, test(c.gtS, ex2, c.k(0)), nrm, den)
		s.get(op(c.or, res, sx))
		f.Op(c.toFloat)
	})
}
