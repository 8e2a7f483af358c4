package wasmgen

import (
	"math"
	"testing"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// binaryProgram builds out[i] = op(a[i], b[i]) over n static elements.
func binaryProgram(dt, res memref.DType, n int, build func(nest *loopir.Nest, x, y int) int) *loopir.Program {
	p := &loopir.Program{Name: "bin", Buffers: []*loopir.Buffer{
		{ID: 0, Name: "a", Kind: loopir.Input, DType: dt, Dims: []int{n}},
		{ID: 1, Name: "b", Kind: loopir.Input, DType: dt, Dims: []int{n}},
		{ID: 2, Name: "out", Kind: loopir.Output, DType: res, Dims: []int{n}},
	}}
	nest := &loopir.Nest{Name: "bin", Part: 0, Loops: []loopir.Loop{{Extent: loopir.Static(n)}}}
	x := nest.Load(dt, &loopir.Access{Buf: 0, Idx: []loopir.Index{{Loop: 0}}})
	y := nest.Load(dt, &loopir.Access{Buf: 1, Idx: []loopir.Index{{Loop: 0}}})
	nest.Store(res, &loopir.Access{Buf: 2, Idx: []loopir.Index{{Loop: 0}}}, build(nest, x, y))
	p.Nests = []*loopir.Nest{nest}
	return p
}

// runBinary runs p on a and b (float64 values converted to dt) and
// returns the outputs as float64.
func runBinary(t *testing.T, p *loopir.Program, dt memref.DType, a, b []float64) []float64 {
	t.Helper()
	if err := p.Verify(); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, p)
	n := len(a)
	const args, pa, pb, po = 1024, 4096, 8192, 12288
	block := h.mem[args : args+h.layout.Size()]
	h.layout.WriteHeader(block)
	h.layout.WriteMemref(block, 0, pa, []int{n}, nil)
	h.layout.WriteMemref(block, 1, pb, []int{n}, nil)
	h.layout.WriteMemref(block, 2, po, []int{n}, nil)
	for i := range a {
		put(h.mem[pa:], dt, i, a[i])
		put(h.mem[pb:], dt, i, b[i])
	}
	if st := h.call(ExportMain, args); st[0] != 0 {
		t.Fatalf("status %d", st[0])
	}
	out := make([]float64, n)
	res := p.Buffers[2].DType
	for i := range out {
		switch res {
		case memref.Float32:
			out[i] = float64(math.Float32frombits(le32(h.mem[po+4*i:])))
		case memref.Float64:
			out[i] = math.Float64frombits(uint64(le32(h.mem[po+8*i:])) | uint64(le32(h.mem[po+8*i+4:]))<<32)
		case memref.Bool:
			out[i] = float64(h.mem[po+i])
		case memref.Int32:
			out[i] = float64(int32(le32(h.mem[po+4*i:])))
		case memref.Int64:
			out[i] = float64(int64(uint64(le32(h.mem[po+8*i:])) | uint64(le32(h.mem[po+8*i+4:]))<<32))
		}
	}
	return out
}

func put(b []byte, dt memref.DType, i int, v float64) {
	switch dt {
	case memref.Float32:
		putF32(b[4*i:], float32(v))
	case memref.Float64:
		u := math.Float64bits(v)
		for k := 0; k < 8; k++ {
			b[8*i+k] = byte(u >> (8 * k))
		}
	case memref.Int32:
		u := uint32(int32(v))
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	case memref.Int64:
		u := uint64(int64(v))
		for k := 0; k < 8; k++ {
			b[8*i+k] = byte(u >> (8 * k))
		}
	}
}

func same(a, b float64) bool {
	return a == b && math.Signbit(a) == math.Signbit(b) || math.IsNaN(a) && math.IsNaN(b)
}

func TestNextAfterRemPredicates(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	a := []float64{1, 1, -1, -1, 0, 0, -0.0, inf, inf, -inf, nan, 2, 5.5, -5.5, 7, 0, 1e-40}
	b := []float64{2, 0, 0, -2, 1, -1, 1, 0, inf, 0, 1, nan, 2, 2, -3, 0, 0}
	for _, dt := range []memref.DType{memref.Float32, memref.Float64} {
		next := runBinary(t, binaryProgram(dt, dt, len(a), func(n *loopir.Nest, x, y int) int {
			return n.Binary(loopir.OpNextAfter, dt, x, y)
		}), dt, a, b)
		rem := runBinary(t, binaryProgram(dt, dt, len(a), func(n *loopir.Nest, x, y int) int {
			return n.Binary(loopir.OpRem, dt, x, y)
		}), dt, a, b)
		for i := range a {
			var want, wantRem float64
			if dt == memref.Float32 {
				want = float64(math.Nextafter32(float32(a[i]), float32(b[i])))
				wantRem = float64(float32(math.Mod(float64(float32(a[i])), float64(float32(b[i])))))
			} else {
				want = math.Nextafter(a[i], b[i])
				wantRem = math.Mod(a[i], b[i])
			}
			if !same(next[i], want) {
				t.Errorf("%s nextafter(%v, %v) = %v, want %v", dt, a[i], b[i], next[i], want)
			}
			if !same(rem[i], wantRem) {
				t.Errorf("%s rem(%v, %v) = %v, want %v", dt, a[i], b[i], rem[i], wantRem)
			}
		}
		isnan := runBinary(t, binaryProgram(dt, memref.Bool, len(a), func(n *loopir.Nest, x, y int) int {
			return n.Add(&loopir.Instr{Op: loopir.OpIsNaN, Type: memref.Bool, Args: []int{x}})
		}), dt, a, b)
		isinf := runBinary(t, binaryProgram(dt, memref.Bool, len(a), func(n *loopir.Nest, x, y int) int {
			return n.Add(&loopir.Instr{Op: loopir.OpIsInf, Type: memref.Bool, Args: []int{x}})
		}), dt, a, b)
		atan2 := runBinary(t, binaryProgram(dt, dt, len(a), func(n *loopir.Nest, x, y int) int {
			return n.Add(&loopir.Instr{Op: loopir.OpMath2, Math: loopir.MathAtan2, Type: dt, Args: []int{x, y}})
		}), dt, a, b)
		for i := range a {
			if (isnan[i] == 1) != math.IsNaN(a[i]) || (isinf[i] == 1) != math.IsInf(a[i], 0) {
				t.Errorf("%s isnan/isinf(%v) = %v/%v", dt, a[i], isnan[i], isinf[i])
			}
			want := math.Atan2(a[i], b[i])
			if dt == memref.Float32 {
				want = float64(float32(math.Atan2(float64(float32(a[i])), float64(float32(b[i])))))
			}
			if !same(atan2[i], want) && math.Abs(atan2[i]-want) > 1e-6*math.Abs(want) {
				t.Errorf("%s atan2(%v, %v) = %v, want %v", dt, a[i], b[i], atan2[i], want)
			}
		}
	}
	// Integer truncated remainder: sign of the dividend, x%0 = x (XLA), MIN%-1 = 0.
	ia := []float64{7, -7, 7, -7, 5, math.MinInt32, 0}
	ib := []float64{3, 3, -3, -3, 0, -1, 4}
	got := runBinary(t, binaryProgram(memref.Int32, memref.Int32, len(ia), func(n *loopir.Nest, x, y int) int {
		return n.Binary(loopir.OpRem, memref.Int32, x, y)
	}), memref.Int32, ia, ib)
	for i, want := range []float64{1, -1, 1, -1, 5, 0, 0} {
		if got[i] != want {
			t.Errorf("i32 rem(%v, %v) = %v, want %v", ia[i], ib[i], got[i], want)
		}
	}
}

// TestIntDivisionXLA runs the integer division helpers on the inputs where
// Wasm's i32/i64 div and rem trap (x / 0, MIN / -1): the guards must run
// first and give XLA's values (xla/service/elemental_ir_emitter.cc
// EmitIntegerDivide: "X / 0 == -1, INT_SMIN /s -1 = INT_SMIN";
// EmitIntegerRemainder: "X % 0 == X, INT_SMIN %s -1 = 0"), and floordiv
// TF's correction of that division (tf2xla/kernels/binary_ops.cc
// FloorDivImpl: z = x / y, z - 1 when z·y != x and the signs differ, so a
// negative x / 0 is -2). A trap would fail the call.
func TestIntDivisionXLA(t *testing.T) {
	for _, dt := range []memref.DType{memref.Int32, memref.Int64} {
		minV := float64(math.MinInt32)
		if dt == memref.Int64 {
			minV = math.MinInt64
		}
		a := []float64{7, -7, 0, 5, -5, minV, minV, 7, -7, minV}
		b := []float64{0, 0, 0, -1, -1, -1, 0, -2, 2, 1}
		want := map[loopir.Op][]float64{
			loopir.OpDiv:      {-1, -1, -1, -5, 5, minV, -1, -3, -3, minV},
			loopir.OpFloorDiv: {-1, -2, -1, -5, 5, minV, -2, -4, -4, minV},
			loopir.OpRem:      {7, -7, 0, 0, 0, 0, minV, 1, -1, 0},
			loopir.OpFloorMod: {7, -7, 0, 0, 0, 0, minV, -1, 1, 0},
		}
		for op, w := range want {
			got := runBinary(t, binaryProgram(dt, dt, len(a), func(n *loopir.Nest, x, y int) int {
				return n.Binary(op, dt, x, y)
			}), dt, a, b)
			for i := range a {
				if got[i] != w[i] {
					t.Errorf("%s %s(%v, %v) = %v, want %v", dt, op, a[i], b[i], got[i], w[i])
				}
			}
		}
		// Reciprocal: 1/0 is XLA's 1 / 0 = -1.
		got := runBinary(t, binaryProgram(dt, dt, 4, func(n *loopir.Nest, x, y int) int {
			return n.Unary(loopir.OpRecip, dt, x)
		}), dt, []float64{0, 1, -1, 2}, []float64{0, 0, 0, 0})
		for i, w := range []float64{-1, 1, -1, 0} {
			if got[i] != w {
				t.Errorf("%s recip: element %d = %v, want %v", dt, i, got[i], w)
			}
		}
	}
}
