package wasmgen

import (
	"context"
	"github.com/sandjit/sandjit/internal/wasm"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tetratelabs/wazero"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// TestStackEffects checks the stack effect derived from every opcode's
// name against wazero's validator: some function whose parameters are
// exactly the operands the table says the instruction pops, and whose
// results are exactly what it says it pushes, must validate (a table that
// is off by one either way leaves the stack unbalanced for every choice
// of types). Control flow, calls, globals and memory management have no
// effect in the table: interleave never moves them. Nor relaxed SIMD,
// which only the matmul kernel emits (never interleaved) and wazero
// cannot validate.
func TestStackEffects(t *testing.T) {
	unknown := []wasm.Opcode{wasm.OpUnreachable, wasm.OpNop, wasm.OpBlock, wasm.OpLoop, wasm.OpIf, wasm.OpElse, wasm.OpEnd, wasm.OpBr, wasm.OpBrIf,
		wasm.OpBrTable, wasm.OpReturn, wasm.OpCall, wasm.OpGlobalGet, wasm.OpGlobalSet, wasm.OpMemorySize, wasm.OpMemoryGrow, wasm.OpMemoryCopy,
		wasm.OpMemoryFill, wasm.OpF32x4RelaxedMadd, wasm.OpF64x2RelaxedMadd}
	ctx := context.Background()
	r := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	defer r.Close(ctx)
	types := []wasm.ValType{wasm.I32, wasm.I64, wasm.F32, wasm.F64, wasm.V128}
	valid := func(op wasm.Opcode, params, results []wasm.ValType) bool {
		m := &wasm.Module{Memory: &wasm.MemoryImport{Module: MemoryModule, Name: "memory", Min: 1}}
		f := m.NewFunc("f", params, results)
		in := wasm.Instr{Op: op}
		if op.IsMemory() {
			in.Mem = wasm.MemArg{Align: wasm.NaturalAlign(op)}
		}
		switch {
		case op == wasm.OpLocalGet && len(results) > 0:
			f.Locals = []wasm.ValType{results[0]}
		case (op == wasm.OpLocalSet || op == wasm.OpLocalTee) && len(params) > 0:
			f.Locals = []wasm.ValType{params[0]}
			in.Imm = uint64(len(params))
		}
		for i := range params {
			f.LocalGet(uint32(i))
		}
		f.Body = append(f.Body, in)
		m.Export("f", f)
		bin, err := m.Encode()
		if err != nil {
			return false
		}
		c, err := r.CompileModule(ctx, bin)
		if err != nil {
			return false
		}
		c.Close(ctx)
		return true
	}
	// Operand lists to try: all of one type, or an address or count (i32)
	// with vectors, or a vector with one scalar (shifts, replace_lane).
	operands := func(n int) [][]wasm.ValType {
		var out [][]wasm.ValType
		for _, a := range types {
			out = append(out, slices.Repeat([]wasm.ValType{a}, n))
		}
		if n >= 2 {
			for _, a := range types {
				out = append(out, append([]wasm.ValType{wasm.I32}, slices.Repeat([]wasm.ValType{a}, n-1)...))
				out = append(out, append(slices.Repeat([]wasm.ValType{wasm.V128}, n-1), a))
			}
			out = append(out, []wasm.ValType{wasm.V128, wasm.V128, wasm.I32}[3-n:]) // select's condition
			out = append(out, []wasm.ValType{wasm.I32, wasm.I32, wasm.I32}[3-n:])
			if n == 3 {
				for _, a := range types {
					out = append(out, []wasm.ValType{a, a, wasm.I32})
				}
			}
		}
		return out
	}
	for op := wasm.Opcode(1); op < wasm.NumOpcodes; op++ {
		pop, push, known := stackEffect(op)
		if want := !slices.Contains(unknown, op); known != want {
			t.Errorf("%s: known = %v, want %v", op, known, want)
			continue
		}
		if !known {
			continue
		}
		ok := false
	search:
		for _, ps := range operands(pop) {
			for _, rt := range types {
				rs := slices.Repeat([]wasm.ValType{rt}, push)
				if valid(op, ps, rs) {
					ok = true
					break search
				}
				if push == 0 {
					break
				}
			}
		}
		if !ok {
			t.Errorf("%s: no operand types make pop %d, push %d valid", op, pop, push)
		}
	}
}

// Three instances of "load, square, store" with their own locals, as an
// unrolled group emits them.
func squareInstances(shared bool) ([]wasm.Instr, []int) {
	var body []wasm.Instr
	starts := []int{0}
	for k := range 3 {
		x, y := uint64(10+2*k), uint64(11+2*k)
		if shared {
			y = 99 // every instance writes the same local
		}
		off := wasm.MemArg{Align: 4, Offset: uint32(16 * k)}
		body = append(body,
			wasm.Instr{Op: wasm.OpLocalGet, Imm: 0}, wasm.Instr{Op: wasm.OpV128Load, Mem: off}, wasm.Instr{Op: wasm.OpLocalSet, Imm: x},
			wasm.Instr{Op: wasm.OpLocalGet, Imm: x}, wasm.Instr{Op: wasm.OpLocalGet, Imm: x}, wasm.Instr{Op: wasm.OpF32x4Mul}, wasm.Instr{Op: wasm.OpLocalSet, Imm: y},
			wasm.Instr{Op: wasm.OpLocalGet, Imm: 1}, wasm.Instr{Op: wasm.OpLocalGet, Imm: y}, wasm.Instr{Op: wasm.OpV128Store, Mem: off},
		)
		starts = append(starts, len(body))
	}
	return body, starts
}

func TestInterleave(t *testing.T) {
	body, starts := squareInstances(false)
	orig := slices.Clone(body)
	f := &wasm.Func{Body: body}
	if !interleave(f, starts, 2) {
		t.Fatal("nothing interleaved")
	}
	body = f.Body
	// Instances 0 and 1 alternate statement by statement (3 + 4 + 3
	// instructions); instance 2 stays last, as it was.
	st0, _ := statements(orig[starts[0]:starts[1]])
	st1, _ := statements(orig[starts[1]:starts[2]])
	var want []wasm.Instr
	for i := range st0 {
		want = append(append(want, st0[i]...), st1[i]...)
	}
	want = append(want, orig[starts[2]:]...)
	if !slices.EqualFunc(body, want, func(a, b wasm.Instr) bool { return a.Op == b.Op && a.Imm == b.Imm && a.Mem == b.Mem }) {
		t.Errorf("interleaved:\n%v\nwant\n%v", body, want)
	}

	refuse := map[string]func() ([]wasm.Instr, []int){
		"shared local": func() ([]wasm.Instr, []int) { return squareInstances(true) },
		"control flow": func() ([]wasm.Instr, []int) {
			b, s := squareInstances(false)
			b[4] = wasm.Instr{Op: wasm.OpBlock} // still three instances, one with a block
			return b, s
		},
		"unbalanced": func() ([]wasm.Instr, []int) {
			b, s := squareInstances(false)
			b[9] = wasm.Instr{Op: wasm.OpDrop} // instance 0 ends with a value on the stack
			return b, s
		},
		"statement counts differ": func() ([]wasm.Instr, []int) {
			b, s := squareInstances(false)
			b[10+8] = wasm.Instr{Op: wasm.OpDrop} // instance 1: the store's two operands become two statements
			b[10+9] = wasm.Instr{Op: wasm.OpDrop}
			return b, s
		},
	}
	for name, mk := range refuse {
		b, s := mk()
		before := slices.Clone(b)
		f := &wasm.Func{Body: b}
		if interleave(f, s, 2) {
			t.Errorf("%s: group 0 was interleaved", name)
		}
		if !slices.EqualFunc(f.Body, before, func(a, b wasm.Instr) bool { return a.Op == b.Op && a.Imm == b.Imm }) {
			t.Errorf("%s: code changed", name)
		}
	}
	b, s := squareInstances(false)
	if interleave(&wasm.Func{Body: b}, s, 1) || interleave(&wasm.Func{Body: b[:starts[1]]}, s[:2], 4) ||
		interleave(&wasm.Func{Body: b[:starts[2]]}, s, 2) {
		t.Error("a width of 1, a single instance or a group that does not end the body was reordered")
	}
}

// TestInterleaveSharesConstants: a v128 constant that every instance of
// a group uses at the same place in the same statement is loaded once
// and tee'd; one that differs is left to each instance.
func TestInterleaveSharesConstants(t *testing.T) {
	k1, k2 := [16]byte{1}, [16]byte{2}
	f := &wasm.Func{Params: []wasm.ValType{wasm.V128, wasm.V128}}
	starts := []int{0}
	for k := range 2 {
		other := k1
		if k == 1 {
			other = k2
		}
		y := f.NewLocal(wasm.V128)
		f.LocalGet(uint32(k))
		f.V128Const(k1)
		f.Op(wasm.OpF32x4Mul)
		f.V128Const(other)
		f.Op(wasm.OpF32x4Add)
		f.LocalSet(y)
		starts = append(starts, len(f.Body))
	}
	if !interleave(f, starts, 2) {
		t.Fatal("nothing interleaved")
	}
	tmp := uint64(len(f.Params) + len(f.Locals) - 1) // the one local interleave added
	if got := len(f.Locals); got != 3 {
		t.Fatalf("%d locals, want 3 (two results and one shared constant)", got)
	}
	want := []wasm.Instr{
		{Op: wasm.OpLocalGet, Imm: 0}, {Op: wasm.OpV128Const, V128: k1}, {Op: wasm.OpLocalTee, Imm: tmp}, {Op: wasm.OpF32x4Mul},
		{Op: wasm.OpV128Const, V128: k1}, {Op: wasm.OpF32x4Add}, {Op: wasm.OpLocalSet, Imm: 2},
		{Op: wasm.OpLocalGet, Imm: 1}, {Op: wasm.OpLocalGet, Imm: tmp}, {Op: wasm.OpF32x4Mul},
		{Op: wasm.OpV128Const, V128: k2}, {Op: wasm.OpF32x4Add}, {Op: wasm.OpLocalSet, Imm: 3},
	}
	if !slices.EqualFunc(f.Body, want, func(a, b wasm.Instr) bool { return a.Op == b.Op && a.Imm == b.Imm && a.V128 == b.V128 }) {
		t.Errorf("got\n%v\nwant\n%v", f.Body, want)
	}
}

// mathNest builds out[i,j] = fn(a[i,j]) (then, when sum, rowsum[i] +=
// that).
func mathNest(fn loopir.MathFn, sum bool) *loopir.Program {
	dt := memref.Float32
	p := &loopir.Program{Name: "m",
		Params: []loopir.Param{{Name: "rows"}, {Name: "cols"}},
		Buffers: []*loopir.Buffer{
			{ID: 0, Name: "a", Kind: loopir.Input, DType: dt, Dims: []int{loopir.Dynamic, loopir.Dynamic}},
			{ID: 1, Name: "out", Kind: loopir.Output, DType: dt, Dims: []int{loopir.Dynamic, loopir.Dynamic}},
		}}
	kind := loopir.Parallel
	if sum {
		kind = loopir.Reduce
		p.Buffers = append(p.Buffers, &loopir.Buffer{ID: 2, Name: "sum", Kind: loopir.Output, DType: dt, Dims: []int{loopir.Dynamic}})
	}
	n := &loopir.Nest{Name: "m", Loops: []loopir.Loop{{Extent: loopir.ParamSize(0)}, {Extent: loopir.ParamSize(1), Kind: kind}}}
	x := n.Load(dt, &loopir.Access{Buf: 0, Idx: []loopir.Index{{Loop: 0}, {Loop: 1}}})
	y := n.Add(&loopir.Instr{Op: loopir.OpMath, Math: fn, Type: dt, Args: []int{x}})
	n.Store(dt, &loopir.Access{Buf: 1, Idx: []loopir.Index{{Loop: 0}, {Loop: 1}}}, y)
	if sum {
		n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: dt, Red: loopir.RedSum,
			Acc: &loopir.Access{Buf: 2, Idx: []loopir.Index{{Loop: 0}}}, Args: []int{y}})
	}
	p.Nests = []*loopir.Nest{n}
	return p
}

// TestInterleavedMathNests: heavy bodies are interleaved (the first
// instances' clamps come before the first instance's reduction), light
// ones are not, and interleaved code gives the same bits as the same
// program compiled InOrder, for rows that end in every remainder.
func TestInterleavedMathNests(t *testing.T) {
	firstOf := func(body []wasm.Instr, op wasm.Opcode, nth int) int {
		for i, in := range body {
			if in.Op == op {
				if nth--; nth == 0 {
					return i
				}
			}
		}
		return -1
	}
	body := nestBody(t, mathNest(loopir.MathExp, false))
	// exp clamps with pmin first and reduces with its first mul: four
	// instances side by side put four pmins before that mul.
	if pm, mul := firstOf(body, wasm.OpF32x4Pmin, 4), firstOf(body, wasm.OpF32x4Mul, 1); pm < 0 || pm > mul {
		t.Errorf("exp nest not interleaved: 4th pmin at %d, 1st mul at %d", pm, mul)
	}
	light := nestBody(t, elementwise(memref.Float32, loopir.OpMul))
	if a, b := firstOf(light, wasm.OpV128Store, 1), firstOf(light, wasm.OpF32x4Mul, 2); a < 0 || a > b {
		t.Errorf("light nest interleaved: 1st store at %d, 2nd mul at %d", a, b)
	}

	rng := rand.New(rand.NewPCG(1, 2))
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 88.7, -87.3, -103.9, 1e-30,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	for _, c := range []struct {
		name string
		fn   loopir.MathFn
		sum  bool
	}{
		{"exp", loopir.MathExp, false}, {"tanh", loopir.MathTanh, false}, {"logistic", loopir.MathLogistic, false},
		{"log", loopir.MathLog, false}, {"atan", loopir.MathAtan, false}, {"expnonpos+sum", loopir.MathExpNonPos, true},
		{"expnegscaled+sum", loopir.MathExpNegScaled, true},
		{"lgamma", loopir.MathLgamma, false}, {"ndtri", loopir.MathNdtri, false},
	} {
		p := mathNest(c.fn, c.sum)
		run := func(opts Options, rows, cols int, in []float32) []byte {
			m, err := CompileWith(p, opts)
			if err != nil {
				t.Fatal(err)
			}
			h := newHarnessModule(t, p, m)
			const args, a, out, sum = 1024, 4096, 1 << 18, 1 << 19
			block := h.mem[args : args+h.layout.Size()]
			h.layout.WriteHeader(block)
			h.layout.WriteParam(block, 0, uint32(rows))
			h.layout.WriteParam(block, 1, uint32(cols))
			h.layout.WriteMemref(block, 0, a, []int{rows, cols}, nil)
			h.layout.WriteMemref(block, 1, out, []int{rows, cols}, nil)
			if c.sum {
				h.layout.WriteMemref(block, 2, sum, []int{rows}, nil)
			}
			for i, v := range in {
				putF32(h.mem[a+4*i:], v)
			}
			if st := h.call(ExportMain, args); st[0] != 0 {
				t.Fatalf("status %d", st[0])
			}
			return append(slices.Clone(h.mem[out:out+4*rows*cols]), h.mem[sum:sum+4*rows]...) // sum: zeros unless c.sum
		}
		for _, cols := range []int{1, 4, 15, 16, 17, 31, 64, 127, 130} {
			rows := 3
			in := make([]float32, rows*cols)
			for i := range in {
				if rng.IntN(8) == 0 {
					in[i] = special[rng.IntN(len(special))]
				} else {
					in[i] = float32(rng.NormFloat64() * 20)
				}
			}
			got, want := run(Options{}, rows, cols, in), run(Options{InOrder: true}, rows, cols, in)
			if !slices.Equal(got, want) {
				t.Errorf("%s, %d columns: interleaved results differ from in-order ones", c.name, cols)
			}
		}
	}
}
