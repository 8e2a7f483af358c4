package wasmmath

import "github.com/sandjit/sandjit/internal/wasm"
import "math"

// Sine and cosine (and, in the second series, tangent).
//
// x = n·π/2 + r with |r| <= π/4 and the quadrant n mod 4; sin and cos of r
// are polynomials, and the quadrant picks one of them and its sign. The
// reduction is Cody–Waite with π/2 in four pieces, the first three short
// enough that n times each is exact, summed in double-double arithmetic so
// that r keeps its accuracy even where x is very close to a multiple of π/2:
//   - f64x2: pieces of 33, 33, 33 and 53 bits, exact for |x| < 1.6e6;
//   - f32x4: pieces of 8, 12, 12 and 24 bits, exact for |x| < 6000.
// Hot path: f64x2/f32x4 mul/add/sub, nearest, the integer lanes of n
// (and/shl/neg) and bitselect for the quadrant. Lanes beyond those bounds are
// rare: for f64x2, when any lane is larger, a scalar Payne–Hanek reduction
// with the bits of 4/π runs for each such lane; for f32x4 the whole vector is
// computed by the f64x2 function instead.

const (
	trigBig64 = 1.6e6  // n < 2**20, so n·(33-bit piece) is exact
	trigBig32 = 6000.0 // n < 2**12, so n·(12-bit piece) is exact
)

// π/2 = pio2[0] + pio2[1] + pio2[2] + pio2[3] (to about 2**-150).
var (
	pio2f64 = [4]float64{1.57079632673412561417e+00, 6.07710050630396597660e-11,
		2.02226624871116645580e-21, 8.47842766036889956997e-32}
	pio2f32 = [4]float32{1.5703125, 4.837512969970703e-04, 7.549533620476723e-08, 2.5633440682570896e-12}
)

// trigReduce returns the quadrant n as integer lanes and r = rhi + rlo with
// x = n·π/2 + r, for |x| below the fast bound (other lanes are garbage
// and are fixed up by the caller).
func trigReduce(e *vemit, x vr) (q, rhi, rlo vr) {
	var p [4]float64
	if e.t == wasm.F32 {
		for i, v := range pio2f32 {
			p[i] = float64(v)
		}
	} else {
		p = pio2f64
	}
	n := e.nearest(e.mul(x, e.k(2/math.Pi)))
	a := e.sub(x, e.mul(n, e.k(p[0]))) // exact
	s1, e1 := e.twoSum(a, e.neg(e.mul(n, e.k(p[1]))))
	s2, e2 := e.twoSum(s1, e.neg(e.mul(n, e.k(p[2]))))
	lo := e.sub(e.add(e1, e2), e.mul(n, e.k(p[3])))
	rhi, rlo = e.fastTwoSum(s2, lo)
	return e.toInt(n), rhi, rlo
}

// trigReduceFull is trigReduce for f64x2 lanes plus the Payne–Hanek slow
// path for finite lanes with |x| >= trigBig64 (taken only when one exists).
func trigReduceFull(e *vemit, x vr) (q, rhi, rlo vr) {
	q, rhi, rlo = trigReduce(e, x)
	a := e.abs(x)
	big := e.and(e.ge(a, e.k(trigBig64)), e.lt(a, e.inf()))
	ph := e.lib.payneHanek()
	s := semit{e.f}
	e.anyTrue(big)
	e.f.If(wasm.BlockEmpty) // rare: scalar per-lane code from here to End
	for i := byte(0); i < 2; i++ {
		e.get(big)
		e.f.Lane(wasm.OpI64x2ExtractLane, i)
		e.f.Op(wasm.OpI32WrapI64)
		e.f.If(wasm.BlockEmpty)
		e.get(x)
		e.f.Lane(wasm.OpF64x2ExtractLane, i)
		e.f.Call(ph)
		qi := s.set(wasm.I32)
		lo := s.set(wasm.F64)
		hi := s.set(wasm.F64)
		for _, p := range []struct {
			dst vr
			v   sv
			op  wasm.Opcode
		}{{rhi, hi, wasm.OpF64x2ReplaceLane}, {rlo, lo, wasm.OpF64x2ReplaceLane}} {
			e.get(p.dst)
			s.get(p.v)
			e.f.Lane(p.op, i)
			e.f.LocalSet(p.dst.l)
		}
		e.get(q)
		s.get(qi)
		e.f.Op(wasm.OpI64ExtendI32S)
		e.f.Lane(wasm.OpI64x2ReplaceLane, i)
		e.f.LocalSet(q.l)
		e.f.End()
	}
	e.f.End()
	return q, rhi, rlo
}

// sinKernel is sin(rhi+rlo) for |rhi| <= π/4 (Cephes coefficients; the tail
// rlo enters as rlo·cos(r) ≈ rlo·(1-r²/2)).
func sinKernel(e *vemit, rhi, rlo, z vr) vr {
	var p vr
	if e.t == wasm.F32 {
		p = e.poly(z, -1.6666654611e-1, 8.3321608736e-3, -1.9515295891e-4)
	} else {
		p = e.poly(z, -1.66666666666666307295e-1, 8.33333333332211858878e-3, -1.98412698295895385996e-4,
			2.75573136213857245213e-6, -2.50507477628578072866e-8, 1.58962301576546568060e-10)
	}
	tail := e.mul(rlo, e.sub(e.k(1), e.mul(e.k(0.5), z)))
	return e.add(rhi, e.madd(e.mul(rhi, z), p, tail))
}

// cosKernel is cos(rhi+rlo) for |rhi| <= π/4, as w + (((1-w)-z/2) +
// (z²·Q(z) - rhi·rlo)) with w = 1-z/2 (FreeBSD k_cos.c's exact split).
func cosKernel(e *vemit, rhi, rlo, z vr) vr {
	var p vr
	if e.t == wasm.F32 {
		p = e.poly(z, 4.166664568298827e-2, -1.388731625493765e-3, 2.443315711809948e-5)
	} else {
		p = e.poly(z, 4.16666666666665929218e-2, -1.38888888888730564116e-3, 2.48015872888517045348e-5,
			-2.75573141792967388112e-7, 2.08757008419747316778e-9, -1.13585365213876817300e-11)
	}
	one := e.k(1)
	hz := e.mul(e.k(0.5), z)
	w := e.sub(one, hz)
	corr := e.sub(e.sub(one, w), hz)
	return e.add(w, e.add(corr, e.sub(e.mul(e.mul(z, z), p), e.mul(rhi, rlo))))
}

// quadrant picks sin(r) or cos(r) and the sign for quadrant q: sin(x) for
// q = n, cos(x) for q = n+1.
func quadrant(e *vemit, q, sinr, cosr vr) vr {
	odd := e.op(e.o.ineg, e.and(q, e.kint(1)))
	r := e.sel(odd, cosr, sinr)
	return e.xor(r, e.shl(e.and(q, e.kint(2)), e.o.bits-2))
}

// sinCos is sin(x) (cos false) or cos(x) over the lanes the fast
// reduction (or, for f64x2, Payne–Hanek) handles.
func sinCos(e *vemit, x vr, cos bool) vr {
	var q, rhi, rlo vr
	if e.t == wasm.F32 {
		q, rhi, rlo = trigReduce(e, x)
	} else {
		q, rhi, rlo = trigReduceFull(e, x)
	}
	z := e.mul(rhi, rhi)
	s, c := sinKernel(e, rhi, rlo, z), cosKernel(e, rhi, rlo, z)
	if cos {
		return quadrant(e, e.iadd(q, e.kint(1)), s, c)
	}
	r := quadrant(e, q, s, c)
	// sin(x) = x for tiny x (keeps -0 and subnormals exact); Inf/NaN give NaN.
	tiny := 0x1p-26
	if e.t == wasm.F32 {
		tiny = 0x1p-12
	}
	return e.sel(e.lt(e.abs(x), e.k(tiny)), x, r)
}

// big32 replaces r by the f64x2 function fn on the promoted halves when any
// lane of x is at least trigBig32 in magnitude (rare).
func big32(e *vemit, x, r vr, fn MathFunc) vr {
	e.anyTrue(e.ge(e.abs(x), e.k(trigBig32)))
	e.f.If(wasm.BlockEmpty)
	e.get(e.callF64(fn, []vr{x}))
	e.f.LocalSet(r.l)
	e.f.End()
	return r
}

func genSin32(e *vemit, a []vr) vr { return big32(e, a[0], sinCos(e, a[0], false), MathSin) }
func genCos32(e *vemit, a []vr) vr { return big32(e, a[0], sinCos(e, a[0], true), MathCos) }
func genSin64(e *vemit, a []vr) vr { return sinCos(e, a[0], false) }
func genCos64(e *vemit, a []vr) vr { return sinCos(e, a[0], true) }

// mPi4 holds the bits of 4/π: 4/π = Σ mPi4[i]·2**(-64·i) (the table of Go's
// math/trig_reduce.go).
var mPi4 = [...]uint64{
	0x0000000000000001, 0x45f306dc9c882a53, 0xf84eafa3ea69bb81, 0xb6c52b3278872083,
	0xfca2c757bd778ac3, 0x6e48dc74849ba5c0, 0x0c925dd413a32439, 0xfc3bd63962534e7d,
	0xd1046bea5d768909, 0xd338e04d68befc82, 0x7323ac7306a673e9, 0x3908bf177bf25076,
	0x3ff12fffbc0b301f, 0xde5e2316b414da3e, 0xda6cfd9e4f96136e, 0x9e8c7ecd3cbfd45a,
	0xea4f758fd7cbe2f6, 0x7a0e73ef14a525d4, 0xd7f6bf623f1aba10, 0xac06608df8f6d757,
}

// payneHanek returns the scalar helper (f64) -> (f64 rhi, f64 rlo, i32 n mod
// 4) with x = n·π/2 + rhi + rlo for finite |x| >= 2**20 (Payne–Hanek: the
// 53-bit significand times a 192-bit window of 4/π chosen by the exponent
// gives the octant and a 125-bit fraction, rounded to the nearest quadrant
// and converted to double-double, then times π/4 in double-double).
func (l *MathLib) payneHanek() *wasm.Func {
	return l.helper("math_rem_pio2_large", []wasm.ValType{wasm.F64}, []wasm.ValType{wasm.F64, wasm.F64, wasm.I32}, func(f *wasm.Func) {
		tab := l.helper("math_4_over_pi", []wasm.ValType{wasm.I32}, []wasm.ValType{wasm.I64}, func(g *wasm.Func) { brTableConst(g, mPi4[:]) })
		mulh := l.umulhHelper()
		s := semit{f}
		x := sv{l: 0, t: wasm.F64}
		ix := s.op(wasm.I64, wasm.OpI64ReinterpretF64, x)
		// x = m·2**ex with m a 53-bit integer.
		ex := s.i64(wasm.OpI64Sub, s.i64(wasm.OpI64And, s.i64(wasm.OpI64ShrU, ix, ki64(52)), ki64(0x7ff)), ki64(1075))
		m := s.i64(wasm.OpI64Or, s.i64(wasm.OpI64And, ix, ki64(1<<52-1)), ki64(1<<52))
		pos := s.i64(wasm.OpI64Add, ex, ki64(61))
		digit := s.op(wasm.I32, wasm.OpI32WrapI64, s.i64(wasm.OpI64ShrU, pos, ki64(6)))
		sh := s.i64(wasm.OpI64And, pos, ki64(63))
		var w [4]sv
		for i := range w {
			s.get(digit, ki32(int32(i)))
			f.Op(wasm.OpI32Add)
			f.Call(tab)
			w[i] = s.set(wasm.I64)
		}
		shZero := s.op(wasm.I32, wasm.OpI64Eqz, sh)
		shc := s.i64(wasm.OpI64Sub, ki64(64), sh)
		var z [3]sv
		for i := range z {
			tail := s.sel(wasm.I64, shZero, ki64(0), s.i64(wasm.OpI64ShrU, w[i+1], shc))
			z[i] = s.i64(wasm.OpI64Or, s.i64(wasm.OpI64Shl, w[i], sh), tail)
		}
		call2 := func(fn *wasm.Func, a, b sv) sv {
			s.get(a, b)
			f.Call(fn)
			return s.set(wasm.I64)
		}
		z2hi := call2(mulh, z[2], m)
		z1hi := call2(mulh, z[1], m)
		z1lo := s.i64(wasm.OpI64Mul, z[1], m)
		z0lo := s.i64(wasm.OpI64Mul, z[0], m)
		lo := s.i64(wasm.OpI64Add, z1lo, z2hi)
		carry := s.op(wasm.I64, wasm.OpI64ExtendI32U, s.op(wasm.I32, wasm.OpI64LtU, lo, z1lo))
		hi := s.i64(wasm.OpI64Add, s.i64(wasm.OpI64Add, z0lo, z1hi), carry)
		// The top 3 bits of hi are the octant j; the 125 bits below are the
		// fraction F (in units of π/4), kept as a 128-bit fh:fl.
		j := s.i64(wasm.OpI64ShrU, hi, ki64(61))
		fh := s.i64(wasm.OpI64Or, s.i64(wasm.OpI64Shl, hi, ki64(3)), s.i64(wasm.OpI64ShrU, lo, ki64(61)))
		fl := s.i64(wasm.OpI64Shl, lo, ki64(3))
		// Odd octant: round up to the next quadrant, F becomes F-1 < 0; keep
		// |F| = 2**128 - F and remember the sign.
		odd := s.i64(wasm.OpI64And, j, ki64(1))
		oddI := s.op(wasm.I32, wasm.OpI32WrapI64, odd)
		j = s.i64(wasm.OpI64Add, j, odd)
		flZero := s.op(wasm.I64, wasm.OpI64ExtendI32U, s.op(wasm.I32, wasm.OpI64Eqz, fl))
		negFh := s.i64(wasm.OpI64Add, s.i64(wasm.OpI64Xor, fh, ki64(-1)), flZero)
		negFl := s.i64(wasm.OpI64Sub, ki64(0), fl)
		fh = s.sel(wasm.I64, oddI, negFh, fh)
		fl = s.sel(wasm.I64, oddI, negFl, fl)
		q := s.i64(wasm.OpI64And, s.i64(wasm.OpI64ShrU, j, ki64(1)), ki64(3))
		// Normalize the 128-bit |F| so that its top bit is set.
		fhZero := s.op(wasm.I32, wasm.OpI64Eqz, fh)
		lz := s.sel(wasm.I64, fhZero, s.i64(wasm.OpI64Add, s.op(wasm.I64, wasm.OpI64Clz, fl), ki64(64)), s.op(wasm.I64, wasm.OpI64Clz, fh))
		lzZero := s.op(wasm.I32, wasm.OpI64Eqz, lz)
		nhSmall := s.i64(wasm.OpI64Or, s.i64(wasm.OpI64Shl, fh, lz),
			s.sel(wasm.I64, lzZero, ki64(0), s.i64(wasm.OpI64ShrU, fl, s.i64(wasm.OpI64Sub, ki64(64), lz))))
		ge64 := s.op(wasm.I32, wasm.OpI64GeU, lz, ki64(64))
		nh := s.sel(wasm.I64, ge64, s.i64(wasm.OpI64Shl, fl, lz), nhSmall)
		nl := s.sel(wasm.I64, ge64, ki64(0), s.i64(wasm.OpI64Shl, fl, lz))
		hi53 := s.i64(wasm.OpI64ShrU, nh, ki64(11))
		lo53 := s.i64(wasm.OpI64Or, s.i64(wasm.OpI64Shl, s.i64(wasm.OpI64And, nh, ki64(0x7ff)), ki64(42)), s.i64(wasm.OpI64ShrU, nl, ki64(22)))
		pow2neg := func(k int64) sv { // 2**-(k+lz)
			e := s.i64(wasm.OpI64Sub, ki64(1023-k), lz)
			return s.op(wasm.F64, wasm.OpF64ReinterpretI64, s.i64(wasm.OpI64Shl, e, ki64(52)))
		}
		fH := s.f64(wasm.OpF64Mul, s.op(wasm.F64, wasm.OpF64ConvertI64U, hi53), pow2neg(53))
		fL := s.f64(wasm.OpF64Mul, s.op(wasm.F64, wasm.OpF64ConvertI64U, lo53), pow2neg(106))
		// (fH + fL)·(π/4) in double-double; fH·pi4h exactly by Dekker's product.
		const pi4h, pi4l = math.Pi / 4, 3.061616997868383e-17
		bh, bl := veltkamp(pi4h)
		c := s.f64(wasm.OpF64Mul, fH, kf64(134217729))
		ah := s.f64(wasm.OpF64Sub, c, s.f64(wasm.OpF64Sub, c, fH))
		al := s.f64(wasm.OpF64Sub, fH, ah)
		p := s.f64(wasm.OpF64Mul, fH, kf64(pi4h))
		perr := s.f64(wasm.OpF64Sub, s.f64(wasm.OpF64Mul, ah, kf64(bh)), p)
		perr = s.f64(wasm.OpF64Add, perr, s.f64(wasm.OpF64Mul, ah, kf64(bl)))
		perr = s.f64(wasm.OpF64Add, perr, s.f64(wasm.OpF64Mul, al, kf64(bh)))
		perr = s.f64(wasm.OpF64Add, perr, s.f64(wasm.OpF64Mul, al, kf64(bl)))
		rl := s.f64(wasm.OpF64Add, perr, s.f64(wasm.OpF64Add, s.f64(wasm.OpF64Mul, fH, kf64(pi4l)), s.f64(wasm.OpF64Mul, fL, kf64(pi4h))))
		rh := s.f64(wasm.OpF64Add, p, rl)
		rl = s.f64(wasm.OpF64Sub, rl, s.f64(wasm.OpF64Sub, rh, p))
		// Signs: the odd-octant rounding and the sign of x.
		xneg := s.op(wasm.I32, wasm.OpI64LtS, ix, ki64(0))
		flip := s.op(wasm.I32, wasm.OpI32Xor, oddI, xneg)
		rh = s.sel(wasm.F64, flip, s.op(wasm.F64, wasm.OpF64Neg, rh), rh)
		rl = s.sel(wasm.F64, flip, s.op(wasm.F64, wasm.OpF64Neg, rl), rl)
		q = s.sel(wasm.I64, xneg, s.i64(wasm.OpI64And, s.i64(wasm.OpI64Sub, ki64(0), q), ki64(3)), q)
		s.get(rh, rl)
		s.get(q)
		f.Op(wasm.OpI32WrapI64)
	})
}

// veltkamp splits a into a 26-bit head and the exact tail (for Dekker's
// product).
func veltkamp(a float64) (hi, lo float64) {
	c := float64(134217729 * a)
	hi = float64(c - float64(c-a))
	return hi, a - hi
}

// tan (f64x2; f32x4 runs it on promoted halves): the sin/cos reduction,
// then the Cephes rational tan(r) = r + r·z·P(z)/Q(z), z = r², with the
// tail rlo added as rlo·(1+tan²r); odd quadrants give -1/tan(r).
func genTan64(e *vemit, a []vr) vr {
	x := a[0]
	q, rhi, rlo := trigReduceFull(e, x)
	z := e.mul(rhi, rhi)
	p := e.poly(z, -1.79565251976484877988e7, 1.15351664838587416140e6, -1.30936939181383777646e4)
	qq := e.poly(z, -5.38695755929454629881e7, 2.50083801823357915839e7, -1.32089234440210967447e6,
		1.36812963470692954678e4, 1)
	t := e.add(rhi, e.div(e.mul(e.mul(rhi, z), p), qq))
	t = e.add(t, e.mul(rlo, e.madd(t, t, e.k(1))))
	odd := e.op(e.o.ineg, e.and(q, e.kint(1)))
	r := e.sel(odd, e.div(e.k(-1), t), t)
	return e.sel(e.lt(e.abs(x), e.k(0x1p-27)), x, r) // tan(x) = x for tiny x, ±0 kept
}
