package wasmmath

import (
	"context"
	"fmt"
	"github.com/sandjit/sandjit/internal/wasm"
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// mathChunk is the number of vectors one call of a test wrapper processes.
const mathChunk = 4096

// Layout of the test memory: four buffers of mathChunk vectors (the
// third argument, of betainc, last).
const (
	mathBufX   = 0
	mathBufY   = mathChunk * 16
	mathBufOut = 2 * mathChunk * 16
	mathBufZ   = 3 * mathChunk * 16
	mathPages  = 4 * mathChunk * 16 / 65536
)

// mathHarness is a module with every library function and a wrapper per
// (function, lane type) that runs it over n vectors in memory.
type mathHarness struct {
	m    *wasm.Module
	lib  *MathLib
	mod  api.Module
	mem  api.Memory
	runs map[mathKey]api.Function
}

// newMathHarness builds, validates and instantiates the harness for fns
// over both lane types.
func newMathHarness(t testing.TB, fns []MathFunc) *mathHarness {
	t.Helper()
	m := &wasm.Module{Memory: &wasm.MemoryImport{Module: "env", Name: "memory", Min: mathPages}}
	lib := NewMathLib(m)
	h := &mathHarness{m: m, lib: lib, runs: map[mathKey]api.Function{}}
	for _, fn := range fns {
		for _, lanes := range []wasm.ValType{wasm.F32, wasm.F64} {
			emitMathWrapper(m, lib, fn, lanes)
		}
	}
	h.mod, h.mem = instantiateMath(t, m)
	for _, fn := range fns {
		for _, lanes := range []wasm.ValType{wasm.F32, wasm.F64} {
			h.runs[mathKey{fn, lanes}] = h.mod.ExportedFunction(wrapperName(fn, lanes))
		}
	}
	return h
}

// instantiateMath compiles m (which validates it) and instantiates it with
// a fresh memory of mathPages pages.
func instantiateMath(t testing.TB, m *wasm.Module) (api.Module, api.Memory) {
	t.Helper()
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	t.Cleanup(func() { r.Close(ctx) })
	if _, err := r.InstantiateWithConfig(ctx, wasm.MemoryOnlyModule(mathPages), wazero.NewModuleConfig().WithName("env")); err != nil {
		t.Fatal(err)
	}
	bin, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	inst, err := r.InstantiateWithConfig(ctx, bin, wazero.NewModuleConfig().WithName(""))
	if err != nil {
		t.Fatalf("instantiate: %v", err)
	}
	return inst, inst.Memory()
}

func wrapperName(fn MathFunc, lanes wasm.ValType) string {
	return "run_" + fn.String() + "_" + laneShape(lanes)
}

// emitMathWrapper exports run_<fn>_<shape>(n): for i < n, out[i] = fn(x[i],
// y[i]) over v128 elements of the three buffers.
func emitMathWrapper(m *wasm.Module, lib *MathLib, fn MathFunc, lanes wasm.ValType) {
	target := lib.Func(fn, lanes)
	w := m.NewFunc(wrapperName(fn, lanes), []wasm.ValType{wasm.I32}, nil)
	p := w.NewLocal(wasm.I32)
	w.Block(wasm.BlockEmpty)
	w.Loop(wasm.BlockEmpty)
	w.LocalGet(0)
	w.Op(wasm.OpI32Eqz)
	w.BrIf(1)
	w.LocalGet(p)
	w.LocalGet(p)
	w.Mem(wasm.OpV128Load, mathBufX)
	if fn.Arity() >= 2 {
		w.LocalGet(p)
		w.Mem(wasm.OpV128Load, mathBufY)
	}
	if fn.Arity() == 3 {
		w.LocalGet(p)
		w.Mem(wasm.OpV128Load, mathBufZ)
	}
	w.Call(target)
	w.Mem(wasm.OpV128Store, mathBufOut)
	w.LocalGet(p)
	w.I32Const(16)
	w.Op(wasm.OpI32Add)
	w.LocalSet(p)
	w.LocalGet(0)
	w.I32Const(1)
	w.Op(wasm.OpI32Sub)
	w.LocalSet(0)
	w.Br(0)
	w.End()
	w.End()
	m.Export(wrapperName(fn, lanes), w)
}

func bytesOf[T float32 | float64](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))
}

// eval runs fn over x (and y for binary functions) into out, in chunks.
// The lengths must be multiples of the lane count.
func evalMath[T float32 | float64](t testing.TB, h *mathHarness, fn MathFunc, x, y, out []T) {
	t.Helper()
	lanes := wasm.F64
	per := 2
	if unsafe.Sizeof(x[0]) == 4 {
		lanes, per = wasm.F32, 4
	}
	run := h.runs[mathKey{fn, lanes}]
	ctx := context.Background()
	step := mathChunk * per
	for i := 0; i < len(x); i += step {
		j := min(i+step, len(x))
		h.mem.Write(mathBufX, bytesOf(x[i:j]))
		if y != nil {
			h.mem.Write(mathBufY, bytesOf(y[i:j]))
		}
		if _, err := run.Call(ctx, uint64((j-i)/per)); err != nil {
			t.Fatalf("%v %v: %v", fn, lanes, err)
		}
		b, _ := h.mem.Read(mathBufOut, uint32(len(bytesOf(out[i:j]))))
		copy(bytesOf(out[i:j]), b)
	}
}

// pad4 pads s with copies of its last element to a multiple of 4.
func pad4[T any](s []T) []T {
	for len(s)%4 != 0 {
		s = append(s, s[len(s)-1])
	}
	return s
}

func sameFloat(got, want float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Float64bits(got) == math.Float64bits(want)
}

// specialInputs are the edge inputs every unary function is checked on.
var specialInputs = []float64{
	0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), math.Float64frombits(0x7ff0000000000123),
	math.Float64frombits(0xfff8000000dead00), 1, -1, 0.5, -0.5, 2, -2, 0x1p-1074, -0x1p-1074, 0x1p-1022,
	-0x1p-1022, math.MaxFloat64, -math.MaxFloat64, 0x1p-149, 0x1p-126, math.MaxFloat32, -math.MaxFloat32,
	1e-300, -1e-300, 1e-40, -1e-40, 1e-20, -1e-20, 1e-8, -1e-8, 709.78, 709.79, -708.4, -745.1, -745.2,
	88.72, 88.73, -103.97, -87.33, 1e30, -1e30, 1e300, math.Pi / 2, math.Pi, -math.Pi, 2 * math.Pi,
	1e22, 0.625, -0.625, 0.84375, 1.25, 6, -6, 28, 0x1p-28, 1e6,
}

// goRef is the exact-at-special-values oracle: Go's math.
func goRef(fn MathFunc) func(x, y float64) float64 {
	switch fn {
	case MathExp:
		return func(x, _ float64) float64 { return math.Exp(x) }
	case MathLog:
		return goLog
	case MathLog1p:
		return func(x, _ float64) float64 { return math.Log1p(x) }
	case MathTanh:
		return func(x, _ float64) float64 { return math.Tanh(x) }
	case MathLogistic:
		return func(x, _ float64) float64 { return goLogistic(x) }
	case MathErf:
		return func(x, _ float64) float64 { return math.Erf(x) }
	case MathSin:
		return func(x, _ float64) float64 { return math.Sin(x) }
	case MathCos:
		return func(x, _ float64) float64 { return math.Cos(x) }
	case MathPow:
		return math.Pow
	case MathFmod:
		return math.Mod
	}
	return extraGoRef(fn)
}

// goLog is math.Log, but exact for subnormals (Go 1.26's amd64 assembly
// Log returns log(2**-1023·m) for every subnormal).
func goLog(x, _ float64) float64 {
	if x > 0 && x < 0x1p-1022 {
		return refLog(x)
	}
	return math.Log(x)
}

// goLogistic is 1/(1+exp(-x)) in float64 without overflow.
func goLogistic(x float64) float64 {
	if x < 0 {
		t := math.Exp(x)
		return t / (1 + t)
	}
	return 1 / (1 + math.Exp(-x))
}

// specialWant is the expected value at a special input: Go's math, except
// where an input is special only in one precision and the other is
// finite-precision arithmetic (those are compared in the ULP tests).
func isSpecial(x float64) bool {
	return x == 0 || math.IsInf(x, 0) || math.IsNaN(x)
}

// TestMathSpecialValues checks every function at ±0, ±Inf and NaN (with
// payloads) exactly against Go's math, for both lane types, and each
// function's own edge cases.
func TestMathSpecialValues(t *testing.T) {
	h := newMathHarness(t, MathFuncs())
	for _, fn := range MathFuncs() {
		if iterativeFunc(fn) {
			continue // edges checked by TestSpecialValues
		}
		ref := goRef(fn)
		var xs, ys []float64
		if fn.Arity() == 1 {
			for _, x := range specialInputs {
				if isSpecial(x) {
					xs = append(xs, x)
				}
			}
			xs = append(xs, unaryEdges(fn)...)
			ys = make([]float64, len(xs))
		} else {
			vals := binaryEdges(fn)
			for _, x := range vals {
				for _, y := range vals {
					xs, ys = append(xs, x), append(ys, y)
				}
			}
		}
		xs, ys = pad4(xs), pad4(ys)
		// f64x2
		out := make([]float64, len(xs))
		var yarg []float64
		if fn.Arity() == 2 {
			yarg = ys
		}
		evalMath(t, h, fn, xs, yarg, out)
		for i := range xs {
			want := ref(xs[i], ys[i])
			if fn == MathAtan2 && !isSpecial(xs[i]) && !isSpecial(ys[i]) {
				if u := ulp64(out[i], refAtan2(xs[i], ys[i])); u > 2 {
					t.Errorf("atan2 f64x2 (%v, %v) = %v, want %v", xs[i], ys[i], out[i], refAtan2(xs[i], ys[i]))
				}
				continue
			}
			if fn == MathPow && ordinaryPow(xs[i], ys[i]) {
				// Not a special case: within an ULP of the exact value.
				if ulp64(out[i], refPow(xs[i], ys[i])) > 1 {
					t.Errorf("pow f64x2 (%v, %v) = %v, want %v", xs[i], ys[i], out[i], refPow(xs[i], ys[i]))
				}
				continue
			}
			if !sameFloat(out[i], want) {
				t.Errorf("%v f64x2 (%v, %v) = %v, want %v", fn, xs[i], ys[i], out[i], want)
			}
		}
		// f32x4 (inputs rounded to float32; the reference rounded too)
		x32, y32 := make([]float32, len(xs)), make([]float32, len(xs))
		for i := range xs {
			x32[i], y32[i] = float32(xs[i]), float32(ys[i])
		}
		o32 := make([]float32, len(xs))
		var y32arg []float32
		if fn.Arity() == 2 {
			y32arg = y32
		}
		evalMath(t, h, fn, x32, y32arg, o32)
		for i := range xs {
			want := float32(ref(float64(x32[i]), float64(y32[i])))
			if !sameFloat(float64(o32[i]), float64(want)) {
				t.Errorf("%v f32x4 (%v, %v) = %v, want %v", fn, x32[i], y32[i], o32[i], want)
			}
		}
	}
}

// unaryEdges are per-function inputs whose results are exact or fixed.
func unaryEdges(fn MathFunc) []float64 {
	switch fn {
	case MathExp:
		return []float64{1000, -1000, 1e-30, -1e-30, 0x1p-1074}
	case MathLog:
		return []float64{1, -1, -1e-300, -0x1p-1074, 0x1p-1074, 0x1p-149, 2, 0.5, 0x1p-1022}
	case MathLog1p:
		return []float64{-1, -2, -1.0000001, 1e-300, -1e-300, 0x1p-1074, -0x1p-1074, 1e-40, -1e-40}
	case MathTanh:
		return []float64{1e-300, -1e-300, 0x1p-1074, -0x1p-1074, 1e-40, 100, -100, 1e300}
	case MathLogistic:
		return []float64{1000, -1000, 1e300, -1e300, 100, 0}
	case MathErf:
		return []float64{1e-300, -1e-300, 0x1p-1074, 10, -10, 1e300, -1e300}
	case MathSin, MathCos, MathTan:
		return []float64{1e-300, -1e-300, 0x1p-1074, -0x1p-1074, 1e-30}
	}
	return extraUnaryEdges(fn)
}

// binaryEdges are the values whose pairs are checked for pow and fmod.
func binaryEdges(fn MathFunc) []float64 {
	v := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1, -1, 2, -2, 0.5, -0.5,
		3, -3, 4, -4, 1.5, -1.5, 10, -10, 0.25, 1e-300, -1e-300}
	if fn == MathFmod {
		v = append(v, 7, -7, 1e300, 0x1p-1074, 0x1p-1022, 1e-40, 1e30)
	}
	return v
}

// ordinaryPow reports whether pow(x, y) is no special case of Go's: then
// the f64 result is compared with the exact one (Go's math.Pow, which
// multiplies by repeated squaring, can be off by many ULPs).
func ordinaryPow(x, y float64) bool {
	ax := math.Abs(x)
	return ax != 0 && ax != 1 && !math.IsInf(x, 0) && !math.IsNaN(x) && !math.IsNaN(y) && !math.IsInf(y, 0) &&
		y != 0 && y != 1 && y != -1 && y != 2 && y != 0.5 && y != -0.5
}

// TestMathFuncsDistinct checks the table: names, arities, emission once.
func TestMathFuncsDistinct(t *testing.T) {
	seen := map[string]bool{}
	m := &wasm.Module{}
	lib := NewMathLib(m)
	for _, fn := range MathFuncs() {
		name := fn.String()
		if name == "" || seen[name] || strings.HasPrefix(name, "MathFunc(") {
			t.Errorf("bad or duplicate name %q", name)
		}
		seen[name] = true
		if a := fn.Arity(); a < 1 || a > 3 {
			t.Errorf("%v: arity %d", fn, a)
		}
		for _, lanes := range []wasm.ValType{wasm.F32, wasm.F64} {
			f := lib.Func(fn, lanes)
			if lib.Func(fn, lanes) != f {
				t.Errorf("%v %v emitted twice", fn, lanes)
			}
			if len(f.Params) != fn.Arity() || len(f.Results) != 1 || f.Results[0] != wasm.V128 {
				t.Errorf("%v %v: signature %v -> %v", fn, lanes, f.Params, f.Results)
			}
		}
	}
	if got := MathFunc(200).String(); got != "MathFunc(200)" {
		t.Errorf("String of an unknown function = %q", got)
	}
}

// scalarFloatOps are the scalar float arithmetic instructions that must not
// appear in a function's common path.
var scalarFloatOps = map[wasm.Opcode]bool{
	wasm.OpF32Add: true, wasm.OpF32Sub: true, wasm.OpF32Mul: true, wasm.OpF32Div: true, wasm.OpF32Sqrt: true, wasm.OpF32Min: true,
	wasm.OpF32Max: true, wasm.OpF32Floor: true, wasm.OpF32Nearest: true, wasm.OpF32Trunc: true, wasm.OpF32Ceil: true,
	wasm.OpF64Add: true, wasm.OpF64Sub: true, wasm.OpF64Mul: true, wasm.OpF64Div: true, wasm.OpF64Sqrt: true, wasm.OpF64Min: true,
	wasm.OpF64Max: true, wasm.OpF64Floor: true, wasm.OpF64Nearest: true, wasm.OpF64Trunc: true, wasm.OpF64Ceil: true,
	wasm.OpF32x4ExtractLane: true, wasm.OpF64x2ExtractLane: true, wasm.OpF32Load: true, wasm.OpF64Load: true,
}

// TestMathHotPathIsSIMD checks, by pattern on the instruction list (as Go's
// test/codegen does), that every function's common path — the instructions
// outside any if/else — has no scalar float arithmetic, no lane extraction,
// no memory access and no calls, and does use SIMD multiplies; and that all
// the functions pass wazero's validation. fmod is lane-by-lane by design.
func TestMathHotPathIsSIMD(t *testing.T) {
	m := &wasm.Module{Memory: &wasm.MemoryImport{Module: "env", Name: "memory", Min: 1}}
	lib := NewMathLib(m)
	for _, fn := range MathFuncs() {
		for _, lanes := range []wasm.ValType{wasm.F32, wasm.F64} {
			f := lib.Func(fn, lanes)
			m.Export(f.Name, f)
			if fn == MathFmod || iterativeFunc(fn) {
				continue // lane by lane, or loops until every lane converges
			}
			depth, simdMul := 0, false
			for _, in := range f.Body {
				switch in.Op {
				case wasm.OpIf:
					depth++
					continue
				case wasm.OpEnd:
					if depth > 0 {
						depth--
					}
					continue
				}
				if depth > 0 {
					continue
				}
				if scalarFloatOps[in.Op] || in.Op == wasm.OpCall || in.Op.IsMemory() || in.Op == wasm.OpLoop {
					t.Errorf("%s: %v in the common path", f.Name, in.Op)
				}
				if in.Op == wasm.OpF32x4Mul || in.Op == wasm.OpF64x2Mul {
					simdMul = true
				}
			}
			if !simdMul {
				t.Errorf("%s: no SIMD multiply in the common path", f.Name)
			}
		}
	}
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	defer r.Close(ctx)
	bin, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.CompileModule(ctx, bin); err != nil {
		t.Fatalf("validation: %v", err)
	}
}

// TestMathScalarUse calls a library function the way scalar kernel code
// does: splat, call, extract lane 0.
func TestMathScalarUse(t *testing.T) {
	m := &wasm.Module{Memory: &wasm.MemoryImport{Module: "env", Name: "memory", Min: mathPages}}
	lib := NewMathLib(m)
	f := m.NewFunc("exp_scalar", []wasm.ValType{wasm.F64}, []wasm.ValType{wasm.F64})
	f.LocalGet(0)
	f.Op(wasm.OpF64x2Splat)
	f.Call(lib.Func(MathExp, wasm.F64))
	f.Lane(wasm.OpF64x2ExtractLane, 0)
	m.Export("exp_scalar", f)
	inst, _ := instantiateMath(t, m)
	res, err := inst.ExportedFunction("exp_scalar").Call(context.Background(), api.EncodeF64(1))
	if err != nil {
		t.Fatal(err)
	}
	if got := api.DecodeF64(res[0]); got != math.E {
		t.Errorf("exp(1) = %v, want %v", got, math.E)
	}
}

// TestMathEmitsOnDemand checks that a module gets only the functions (and
// helpers) it asks for.
func TestMathEmitsOnDemand(t *testing.T) {
	m := &wasm.Module{}
	lib := NewMathLib(m)
	lib.Func(MathExp, wasm.F32)
	lib.Func(MathExp, wasm.F32)
	if len(m.Funcs) != 1 || m.Funcs[0].Name != "math_exp_f32x4" {
		var names []string
		for _, f := range m.Funcs {
			names = append(names, f.Name)
		}
		t.Fatalf("funcs = %v", names)
	}
	lib.Func(MathSin, wasm.F32) // needs sin f64x2 and the Payne–Hanek helpers
	if m.Func("math_sin_f64x2") == nil || m.Func("math_rem_pio2_large") == nil {
		t.Fatalf("sin f32x4 lacks its slow-path helpers")
	}
}

// BenchmarkMath runs each function over 1<<16 elements under wazero
// (BenchmarkMath/<func>/<type>) beside a plain-Go loop of Go's math over the
// same data (…/<type>/go), reporting ns/element.
func BenchmarkMath(b *testing.B) {
	const n = 1 << 16
	h := newMathHarness(b, MathFuncs())
	for _, fn := range MathFuncs() {
		ref := goRef(fn)
		x64, y64 := benchInputs(fn, n)
		x32, y32 := make([]float32, n), make([]float32, n)
		for i := range x64 {
			x32[i], y32[i] = float32(x64[i]), float32(y64[i])
		}
		o64, o32 := make([]float64, n), make([]float32, n)
		if fn.Arity() == 1 {
			y64, y32 = nil, nil
		}
		yv := func(i int) float64 {
			if y64 == nil {
				return 0
			}
			return y64[i]
		}
		b.Run(fn.String()+"/f32x4", func(b *testing.B) {
			for b.Loop() {
				evalMath(b, h, fn, x32, y32, o32)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/element")
		})
		b.Run(fn.String()+"/f32x4/go", func(b *testing.B) {
			for b.Loop() {
				for i := range x32 {
					var y float64
					if y32 != nil {
						y = float64(y32[i])
					}
					o32[i] = float32(ref(float64(x32[i]), y))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/element")
		})
		b.Run(fn.String()+"/f64x2", func(b *testing.B) {
			for b.Loop() {
				evalMath(b, h, fn, x64, y64, o64)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/element")
		})
		b.Run(fn.String()+"/f64x2/go", func(b *testing.B) {
			for b.Loop() {
				for i := range x64 {
					o64[i] = ref(x64[i], yv(i))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/element")
		})
	}
}

// benchInputs are typical arguments for each function.
func benchInputs(fn MathFunc, n int) (x, y []float64) {
	rng := newRand(uint64(fn) + 1)
	x, y = make([]float64, n), make([]float64, n)
	for i := range x {
		u, v := rng.float(), rng.float()
		switch fn {
		case MathLog, MathAcosh:
			x[i] = 1 + 100*u
		case MathLog1p, MathAtanh, MathAcos, MathAsin:
			x[i] = 1.9*u - 0.95
		case MathPow:
			x[i], y[i] = 10*u, 20*v-10
		case MathFmod:
			x[i], y[i] = 200*u-100, 7*v+0.5
		case MathAtan2:
			x[i], y[i] = 20*u-10, 20*v-10
		default:
			x[i] = 20*u - 10
		}
	}
	return x, y
}

// rng is a small deterministic generator (xorshift64*), so that inputs do
// not depend on math/rand's global state.
type rng struct{ s uint64 }

func newRand(seed uint64) *rng { return &rng{s: seed*0x9e3779b97f4a7c15 + 1} }

func (r *rng) u64() uint64 {
	r.s ^= r.s >> 12
	r.s ^= r.s << 25
	r.s ^= r.s >> 27
	return r.s * 2685821657736338717
}

// float is uniform in [0, 1).
func (r *rng) float() float64 { return float64(r.u64()>>11) * 0x1p-53 }

func ExampleMathLib() {
	m := &wasm.Module{Memory: &wasm.MemoryImport{Module: "env", Name: "memory", Min: 1}}
	lib := NewMathLib(m)
	exp := lib.Func(MathExp, wasm.F32)
	// A kernel's loop body: v128.load, call, v128.store.
	k := m.NewFunc("kernel", []wasm.ValType{wasm.I32}, nil)
	k.LocalGet(0)
	k.LocalGet(0)
	k.Mem(wasm.OpV128Load, 0)
	k.Call(exp)
	k.Mem(wasm.OpV128Store, 0)
	m.Export("kernel", k)
	fmt.Println(exp.Name, len(exp.Params), exp.Results[0])
	// Output: math_exp_f32x4 1 v128
}

// extraGoRef is Go's math for the second series.
func extraGoRef(fn MathFunc) func(x, y float64) float64 {
	u := func(f func(float64) float64) func(x, y float64) float64 {
		return func(x, _ float64) float64 { return f(x) }
	}
	switch fn {
	case MathAcos:
		return u(math.Acos)
	case MathAsin:
		return u(math.Asin)
	case MathAtan:
		return u(math.Atan)
	case MathAtan2:
		return math.Atan2
	case MathSinh:
		return u(math.Sinh)
	case MathCosh:
		return u(math.Cosh)
	case MathTan:
		return u(math.Tan)
	case MathAsinh:
		return u(math.Asinh)
	case MathAcosh:
		return u(math.Acosh)
	case MathAtanh:
		return u(math.Atanh)
	case MathExpm1:
		return u(math.Expm1)
	case MathErfc:
		return u(math.Erfc)
	case MathExpNonPos:
		return u(func(x float64) float64 { return math.Exp(min(x, 0)) })
	case MathExpNegScaled:
		return u(func(x float64) float64 { return 0x1p32 * math.Exp(max(-math.Abs(x), -104)) })
	}
	if f := specialGoRef(fn); f != nil {
		return f
	}
	panic("no reference for " + fn.String())
}

// extraUnaryEdges are the second series' exact edge inputs.
func extraUnaryEdges(fn MathFunc) []float64 {
	switch fn {
	case MathAcos, MathAsin:
		return []float64{1, -1, 1.5, -1.5, 1e-300, -1e-300}
	case MathAtan:
		return []float64{1e-300, -1e-300, 1e300, -1e300}
	case MathSinh, MathCosh:
		return []float64{1e-300, -1e-300, 1000, -1000}
	case MathAsinh:
		return []float64{1e-300, -1e-300, 0x1p-1074}
	case MathAcosh:
		return []float64{1, 0.5, -1, -2}
	case MathAtanh:
		return []float64{1, -1, 2, -2, 1e-300, -1e-300}
	case MathExpm1:
		return []float64{1e-300, -1e-300, 0x1p-1074, 1000, -1000, -50}
	case MathErfc:
		return []float64{100, -100, 30, -30, 1e300, -1e300, 0}
	case MathExpNonPos:
		// Positive arguments give 1; below -103.97 the result rounds to 0;
		// around -87.33 it turns subnormal.
		return []float64{1, 1000, 1e300, 0x1p-1074, -0x1p-1074, -1000, -103.97, -103.9, -87.33, -87.34, -100, -1e-30}
	case MathExpNegScaled:
		// Clamped at -104; expnonpos's f32 result turns subnormal at -87.33.
		return []float64{1, -1, 1000, -1000, 0x1p-1074, -0x1p-1074, -103.97, -104, -104.5, -87.33, -87.34, -1e-30}
	}
	return nil
}

// TestExpNonPosIsExp: for every non-positive f32 (and NaN), expnonpos gives
// exp's bits exactly (the same reduction and polynomial, one scaling
// instead of two paths); positive arguments give 1. Every negative f32 bit
// pattern is checked in strides, and a dense run near the subnormal edge.
func TestExpNonPosIsExp(t *testing.T) {
	h := newMathHarness(t, []MathFunc{MathExp, MathExpNonPos})
	var x []float32
	for b := uint32(0x80000000); b < 0xFF800000; b += 997 {
		x = append(x, math.Float32frombits(b))
	}
	for v := float32(-104); v < -86; v = math.Nextafter32(v, 0) {
		if len(x) > 1<<22 {
			break
		}
		x = append(x, v)
	}
	x = append(x, 0, float32(math.Copysign(0, -1)), float32(math.Inf(-1)), float32(math.NaN()), 1, 1e30, float32(math.Inf(1)))
	x = pad4(x)
	got, want := make([]float32, len(x)), make([]float32, len(x))
	evalMath(t, h, MathExpNonPos, x, nil, got)
	evalMath(t, h, MathExp, x, nil, want)
	bad := 0
	for i, v := range x {
		w := want[i]
		if v > 0 {
			w = 1
		}
		if math.Float32bits(got[i]) != math.Float32bits(w) && !(got[i] != got[i] && w != w) {
			if bad++; bad <= 5 {
				t.Errorf("expnonpos(%v) = %v, exp gives %v", v, got[i], w)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d inputs differ", bad, len(x))
	}
}
