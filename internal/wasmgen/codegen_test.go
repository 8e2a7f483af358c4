package wasmgen

import (
	"context"
	"github.com/sandjit/sandjit/internal/wasm"
	"math"
	"strings"
	"testing"

	"github.com/tetratelabs/wazero"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// elementwise builds out[i,j] = (a[i,j] op b[j]) for dtype dt, with the
// second input broadcast along dim 0 and dims read from params.
func elementwise(dt memref.DType, op loopir.Op) *loopir.Program {
	p := &loopir.Program{Name: "ew",
		Params: []loopir.Param{{Name: "rows"}, {Name: "cols"}},
		Buffers: []*loopir.Buffer{
			{ID: 0, Name: "a", Kind: loopir.Input, DType: dt, Dims: []int{loopir.Dynamic, loopir.Dynamic}},
			{ID: 1, Name: "b", Kind: loopir.Input, DType: dt, Dims: []int{loopir.Dynamic}},
			{ID: 2, Name: "out", Kind: loopir.Output, DType: dt, Dims: []int{loopir.Dynamic, loopir.Dynamic}},
		}}
	n := &loopir.Nest{Name: "ew", Part: 0, Loops: []loopir.Loop{{Extent: loopir.ParamSize(0)}, {Extent: loopir.ParamSize(1)}}}
	x := n.Load(dt, &loopir.Access{Buf: 0, Idx: []loopir.Index{{Loop: 0}, {Loop: 1}}})
	y := n.Load(dt, &loopir.Access{Buf: 1, Idx: []loopir.Index{{Loop: 1}}})
	n.Store(dt, &loopir.Access{Buf: 2, Idx: []loopir.Index{{Loop: 0}, {Loop: 1}}}, n.Binary(op, dt, x, y))
	p.Nests = []*loopir.Nest{n}
	return p
}

// rowSum builds out[i] = Σ_j a[i,j].
func rowSum(dt memref.DType) *loopir.Program {
	p := &loopir.Program{Name: "rowsum",
		Buffers: []*loopir.Buffer{
			{ID: 0, Name: "a", Kind: loopir.Input, DType: dt, Dims: []int{loopir.Dynamic, loopir.Dynamic}},
			{ID: 1, Name: "out", Kind: loopir.Output, DType: dt, Dims: []int{loopir.Dynamic}},
		}}
	n := &loopir.Nest{Name: "sum", Part: 0, Loops: []loopir.Loop{{Extent: loopir.DimOf(0, 0)}, {Extent: loopir.DimOf(0, 1), Kind: loopir.Reduce}}}
	x := n.Load(dt, &loopir.Access{Buf: 0, Idx: []loopir.Index{{Loop: 0}, {Loop: 1}}})
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: dt, Red: loopir.RedSum, Acc: &loopir.Access{Buf: 1, Idx: []loopir.Index{{Loop: 0}}}, Args: []int{x}})
	p.Nests = []*loopir.Nest{n}
	return p
}

// nestBody returns the instructions of the module's nest 0 function.
func nestBody(t *testing.T, p *loopir.Program) []wasm.Instr {
	t.Helper()
	if err := p.Verify(); err != nil {
		t.Fatal(err)
	}
	m, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	return m.Exported(NestExport(0)).Body
}

func count(body []wasm.Instr, op wasm.Opcode) int {
	n := 0
	for _, in := range body {
		if in.Op == op {
			n++
		}
	}
	return n
}

// TestCodegenPatterns checks generated code by pattern, not by golden
// text: contiguous loops use SIMD arithmetic and never the scalar form.
func TestCodegenPatterns(t *testing.T) {
	cases := []struct {
		name       string
		p          *loopir.Program
		want, none []wasm.Opcode
	}{
		{"f32 mul", elementwise(memref.Float32, loopir.OpMul), []wasm.Opcode{wasm.OpF32x4Mul, wasm.OpV128Load, wasm.OpV128Store}, []wasm.Opcode{wasm.OpF32Mul}},
		{"f64 add", elementwise(memref.Float64, loopir.OpAdd), []wasm.Opcode{wasm.OpF64x2Add, wasm.OpV128Load}, []wasm.Opcode{wasm.OpF64Add}},
		{"i32 sub", elementwise(memref.Int32, loopir.OpSub), []wasm.Opcode{wasm.OpI32x4Sub}, nil}, // scalar i32.sub is loop control
		{"i8 max", elementwise(memref.Int8, loopir.OpMax), []wasm.Opcode{wasm.OpI32x4MaxS, wasm.OpV128Store32Lane}, nil},
		{"f32 row sum", rowSum(memref.Float32), []wasm.Opcode{wasm.OpF32x4Add, wasm.OpI8x16Shuffle}, []wasm.Opcode{wasm.OpF32Add}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := nestBody(t, c.p)
			for _, op := range c.want {
				if count(body, op) == 0 {
					t.Errorf("no %s in the nest", op)
				}
			}
			for _, op := range c.none {
				if k := count(body, op); k > 0 {
					t.Errorf("%d scalar %s in the nest", k, op)
				}
			}
		})
	}
	// The second input is invariant in the innermost loop of a column
	// broadcast: loaded as a splat in the contiguous path.
	p := elementwise(memref.Float32, loopir.OpAdd)
	p.Nests[0].Body[1].Acc.Idx[0] = loopir.Index{Loop: 0}
	p.Buffers[1].Dims = []int{loopir.Dynamic}
	if body := nestBody(t, p); count(body, wasm.OpF32x4Splat) == 0 {
		t.Error("invariant operand is not splatted")
	}
}

// harness instantiates a compiled program against a fresh memory.
type harness struct {
	t      *testing.T
	mem    []byte
	call   func(name string, args ...uint64) []uint64
	layout *memref.ArgLayout
}

func newHarness(t *testing.T, p *loopir.Program) *harness {
	t.Helper()
	m, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	return newHarnessModule(t, p, m)
}

// newHarnessModule is newHarness for p compiled as m.
func newHarnessModule(t *testing.T, p *loopir.Program, m *wasm.Module) *harness {
	t.Helper()
	bin, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	t.Cleanup(func() { r.Close(ctx) })
	env, err := r.InstantiateWithConfig(ctx, wasm.MemoryOnlyModule(16), wazero.NewModuleConfig().WithName(MemoryModule))
	if err != nil {
		t.Fatal(err)
	}
	inst, err := r.InstantiateWithConfig(ctx, bin, wazero.NewModuleConfig().WithName(""))
	if err != nil {
		t.Fatalf("%v\n%s", err, m.WAT())
	}
	mem, _ := env.Memory().Read(0, env.Memory().Size())
	ranks := make([]int, len(p.Buffers))
	for i, b := range p.Buffers {
		ranks[i] = b.Rank()
	}
	layout, err := memref.NewArgLayout(len(p.Params), ranks)
	if err != nil {
		t.Fatal(err)
	}
	return &harness{t: t, mem: mem, layout: layout, call: func(name string, args ...uint64) []uint64 {
		res, err := inst.ExportedFunction(name).Call(ctx, args...)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return res
	}}
}

// TestABIAgreement: the host writes an argument block with memref's
// ArgLayout, the generated Wasm reads it; a program whose results depend
// on every param, size and data offset checks that they agree, for
// several layouts.
func TestABIAgreement(t *testing.T) {
	p := elementwise(memref.Float32, loopir.OpAdd)
	// Give b a leading dim so that descriptors of ranks 2, 2 and 2 differ
	// from the default, then also exercise a rank-0 scalar input.
	for _, shape := range [][2]int{{1, 1}, {3, 5}, {7, 13}, {2, 64}} {
		h := newHarness(t, p)
		rows, cols := shape[0], shape[1]
		const args, a, b, out = 1024, 4096, 8192, 12288
		block := h.mem[args : args+h.layout.Size()]
		h.layout.WriteHeader(block)
		h.layout.WriteParam(block, 0, uint32(rows))
		h.layout.WriteParam(block, 1, uint32(cols))
		h.layout.WriteMemref(block, 0, a, []int{rows, cols}, nil)
		h.layout.WriteMemref(block, 1, b, []int{cols}, nil)
		h.layout.WriteMemref(block, 2, out, []int{rows, cols}, nil)
		for i := 0; i < rows*cols; i++ {
			putF32(h.mem[a+4*i:], float32(i))
		}
		for j := 0; j < cols; j++ {
			putF32(h.mem[b+4*j:], float32(1000*j))
		}
		if st := h.call(ExportMain, args); st[0] != 0 {
			t.Fatalf("status %d", st[0])
		}
		for i := 0; i < rows; i++ {
			for j := 0; j < cols; j++ {
				got := math.Float32frombits(le32(h.mem[out+4*(i*cols+j):]))
				if want := float32(i*cols+j) + float32(1000*j); got != want {
					t.Fatalf("%dx%d: out[%d,%d] = %v, want %v", rows, cols, i, j, got, want)
				}
			}
		}
		// A block of another ABI version is refused before anything runs.
		block[memref.ArgVersionOffset] = 99
		if st := h.call(ExportMain, args); int32(st[0]) != int32(memref.StatusBadABI) {
			t.Fatalf("wrong ABI version: status %d", st[0])
		}
	}
	if !strings.Contains(newHarnessWAT(t, p), "i32.load offset=16") {
		t.Error("params are not read at ArgParamsOffset")
	}
}

func newHarnessWAT(t *testing.T, p *loopir.Program) string {
	m, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	return m.WAT()
}

func putF32(b []byte, v float32) {
	u := math.Float32bits(v)
	b[0], b[1], b[2], b[3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
}

func le32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}
