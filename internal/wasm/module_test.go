package wasm

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// instantiate compiles m with wazero (which validates it) and instantiates
// it with a fresh memory under "env"/"memory".
func instantiate(t testing.TB, m *Module) (api.Module, api.Memory) {
	t.Helper()
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	t.Cleanup(func() { r.Close(ctx) })
	if _, err := r.InstantiateWithConfig(ctx, MemoryOnlyModule(1), wazero.NewModuleConfig().WithName("env")); err != nil {
		t.Fatal(err)
	}
	bin, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	inst, err := r.InstantiateWithConfig(ctx, bin, wazero.NewModuleConfig().WithName(""))
	if err != nil {
		t.Fatalf("instantiate: %v\n%s", err, m.WAT())
	}
	return inst, inst.Memory()
}

func TestEncodeRunsUnderWazero(t *testing.T) {
	m := &Module{Memory: &MemoryImport{Module: "env", Name: "memory", Min: 1}}
	sq := m.NewFunc("square_plus", []ValType{F32, F32}, []ValType{F32})
	sq.LocalGet(0)
	sq.LocalGet(0)
	sq.Op(OpF32Mul)
	sq.LocalGet(1)
	sq.Op(OpF32Add)
	m.Export("square_plus", sq)

	// sum4: v128 path and loop; sums n f32 at address p.
	sum := m.NewFunc("sum", []ValType{I32, I32}, []ValType{F32})
	acc := sum.NewLocal(V128)
	sum.Block(BlockEmpty)
	sum.Loop(BlockEmpty)
	sum.LocalGet(1)
	sum.Op(OpI32Eqz)
	sum.BrIf(1)
	sum.LocalGet(acc)
	sum.LocalGet(0)
	sum.Mem(OpV128Load, 0)
	sum.Op(OpF32x4Add)
	sum.LocalSet(acc)
	sum.LocalGet(0)
	sum.I32Const(16)
	sum.Op(OpI32Add)
	sum.LocalSet(0)
	sum.LocalGet(1)
	sum.I32Const(4)
	sum.Op(OpI32Sub)
	sum.LocalSet(1)
	sum.Br(0)
	sum.End()
	sum.End()
	sum.LocalGet(acc)
	sum.Lane(OpF32x4ExtractLane, 0)
	sum.LocalGet(acc)
	sum.Lane(OpF32x4ExtractLane, 1)
	sum.Op(OpF32Add)
	sum.LocalGet(acc)
	sum.Lane(OpF32x4ExtractLane, 2)
	sum.Op(OpF32Add)
	sum.LocalGet(acc)
	sum.Lane(OpF32x4ExtractLane, 3)
	sum.Op(OpF32Add)
	m.Export("sum", sum)

	inst, mem := instantiate(t, m)
	ctx := context.Background()
	res, err := inst.ExportedFunction("square_plus").Call(ctx, api.EncodeF32(3), api.EncodeF32(0.5))
	if err != nil {
		t.Fatal(err)
	}
	if got := api.DecodeF32(res[0]); got != 9.5 {
		t.Fatalf("square_plus(3, 0.5) = %v", got)
	}
	for i := 0; i < 8; i++ {
		mem.WriteUint32Le(uint32(64+4*i), math.Float32bits(float32(i+1)))
	}
	res, err = inst.ExportedFunction("sum").Call(ctx, 64, 8)
	if err != nil {
		t.Fatal(err)
	}
	if got := api.DecodeF32(res[0]); got != 36 {
		t.Fatalf("sum = %v", got)
	}
	wat := m.WAT()
	for _, want := range []string{"(func $sum (param i32) (param i32) (result f32)", "v128.load", "f32x4.add", "f32x4.extract_lane 3", `(import "env" "memory" (memory 1))`} {
		if !strings.Contains(wat, want) {
			t.Errorf("WAT lacks %q:\n%s", want, wat)
		}
	}
}

func TestOpcodeTableIsComplete(t *testing.T) {
	seen := map[[2]uint32]string{}
	for op := opInvalid + 1; op < NumOpcodes; op++ {
		info := opcodes[op]
		if info.name == "" {
			t.Errorf("opcode %d has no table entry", op)
			continue
		}
		k := [2]uint32{uint32(info.prefix), info.code}
		if prev, dup := seen[k]; dup {
			t.Errorf("%s and %s share encoding %x/%x", prev, info.name, info.prefix, info.code)
		}
		seen[k] = info.name
	}
}

func TestLEB128(t *testing.T) {
	cases := []struct {
		v    int64
		want []byte
	}{{0, []byte{0}}, {63, []byte{0x3f}}, {64, []byte{0xc0, 0x00}}, {-1, []byte{0x7f}}, {-64, []byte{0x40}}, {-65, []byte{0xbf, 0x7f}}, {624485, []byte{0xe5, 0x8e, 0x26}}}
	for _, c := range cases {
		if got := appendS64(nil, c.v); string(got) != string(c.want) {
			t.Errorf("appendS64(%d) = %x, want %x", c.v, got, c.want)
		}
	}
	if got := appendU32(nil, 624485); string(got) != string([]byte{0xe5, 0x8e, 0x26}) {
		t.Errorf("appendU32 = %x", got)
	}
}
