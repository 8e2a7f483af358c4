package wasmgen

import (
	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
	"math"
	"slices"
	"testing"
)

// TestMathMapNames checks that each loop-IR math function maps to the
// library function of the same name (the table is indexed by MathFn, so a
// missing row would map to exp).
func TestMathMapNames(t *testing.T) {
	for m, fn := range mathFuncs {
		if got, want := fn.String(), loopir.MathFn(m).String(); got != want {
			t.Errorf("loopir %s maps to wasmmath %s", want, got)
		}
	}
	if len(mathFuncs) <= int(loopir.MathBetainc) {
		t.Errorf("mathFuncs has %d rows, lacks the special functions", len(mathFuncs))
	}
}

// math2Nest is out[i][j] = fn(a[i][j], a[i][j]) over f32 (OpMath2), or
// fn(a[i][j], a[i][j], 0.5) for OpMath3.
func math2Nest(fn loopir.MathFn) *loopir.Program {
	p := mathNest(loopir.MathExp, false)
	dt := memref.Float32
	n := &loopir.Nest{Name: "m", Loops: p.Nests[0].Loops}
	x := n.Load(dt, &loopir.Access{Buf: 0, Idx: []loopir.Index{{Loop: 0}, {Loop: 1}}})
	in := &loopir.Instr{Op: loopir.OpMath2, Math: fn, Type: dt, Args: []int{x, x}}
	if fn.Ternary() {
		half := n.Add(&loopir.Instr{Op: loopir.OpConst, Type: dt, Bits: uint64(math.Float32bits(0.5))})
		in.Op, in.Args = loopir.OpMath3, []int{x, x, half}
	}
	y := n.Add(in)
	n.Store(dt, &loopir.Access{Buf: 1, Idx: []loopir.Index{{Loop: 0}, {Loop: 1}}}, y)
	p.Nests = []*loopir.Nest{n}
	return p
}

// TestIterativeMathNests compiles the looping special functions into a
// kernel, interleaved and in order, and checks both against known values:
// zeta(2, 2) = π²/6 - 1, igamma(1, 1) = 1 - 1/e, igammac(1, 1) = 1/e,
// polygamma(1, 1) = π²/6, and lanes that converge at different steps
// (the other inputs) agree between the two schedules.
func TestIterativeMathNests(t *testing.T) {
	for _, c := range []struct {
		fn   loopir.MathFn
		want float64
	}{
		{loopir.MathZeta, math.Pi*math.Pi/6 - 1}, {loopir.MathIgamma, 1 - 1/math.E},
		{loopir.MathIgammac, 1 / math.E}, {loopir.MathPolygamma, math.Pi * math.Pi / 6},
		{loopir.MathBetainc, 0.5}, // I_0.5(a, a) = 1/2
	} {
		p := math2Nest(c.fn)
		run := func(opts Options, rows, cols int, in []float32) []float32 {
			m, err := CompileWith(p, opts)
			if err != nil {
				t.Fatal(err)
			}
			h := newHarnessModule(t, p, m)
			const args, a, out = 1024, 4096, 1 << 18
			block := h.mem[args : args+h.layout.Size()]
			h.layout.WriteHeader(block)
			h.layout.WriteParam(block, 0, uint32(rows))
			h.layout.WriteParam(block, 1, uint32(cols))
			h.layout.WriteMemref(block, 0, a, []int{rows, cols}, nil)
			h.layout.WriteMemref(block, 1, out, []int{rows, cols}, nil)
			for i, v := range in {
				putF32(h.mem[a+4*i:], v)
			}
			if st := h.call(ExportMain, args); st[0] != 0 {
				t.Fatalf("status %d", st[0])
			}
			res := make([]float32, rows*cols)
			for i := range res {
				res[i] = math.Float32frombits(uint32(h.mem[out+4*i]) | uint32(h.mem[out+4*i+1])<<8 |
					uint32(h.mem[out+4*i+2])<<16 | uint32(h.mem[out+4*i+3])<<24)
			}
			return res
		}
		rows, cols := 3, 17
		in := make([]float32, rows*cols)
		for i := range in {
			in[i] = float32(1 + i%7) // 1 (or 2 for zeta) at known cells, others converge later or sooner
			if c.fn == loopir.MathZeta {
				in[i]++
			}
		}
		got, want := run(Options{}, rows, cols, in), run(Options{InOrder: true}, rows, cols, in)
		if !slices.Equal(got, want) {
			t.Errorf("%v: interleaved results differ from in-order ones", c.fn)
		}
		if g := got[0]; g != float32(c.want) {
			t.Errorf("%v at %v = %v, want %v", c.fn, in[0], g, float32(c.want))
		}
	}
}

// TestMathWeights: two looping special functions are inlined, a third
// makes the nest call the library; lgamma counts as four exps.
func TestMathWeights(t *testing.T) {
	nest := func(fns ...loopir.MathFn) *loopir.Nest {
		n := &loopir.Nest{}
		for _, fn := range fns {
			op := loopir.OpMath
			if fn.Binary() {
				op = loopir.OpMath2
			}
			n.Body = append(n.Body, &loopir.Instr{Op: op, Math: fn})
		}
		return n
	}
	if k := mathCount(nest(loopir.MathIgamma, loopir.MathBetainc)); k > maxInlineMath {
		t.Errorf("two looping functions count %d > %d", k, maxInlineMath)
	}
	if k := mathCount(nest(loopir.MathIgamma, loopir.MathZeta, loopir.MathIgammac)); k <= maxInlineMath {
		t.Errorf("three looping functions count %d <= %d", k, maxInlineMath)
	}
	if a, b := mathCount(nest(loopir.MathLgamma)), mathCount(nest(loopir.MathExp, loopir.MathExp, loopir.MathExp, loopir.MathExp)); a != b {
		t.Errorf("lgamma counts %d, four exps %d", a, b)
	}
}
