package loopir

import (
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// product builds C[b, i, j] += A[b, i, k] · B[k, j] with static extents
// (batch 0 for no batch loop), as the lowering of MatMul does.
func product(dt memref.DType, batch, m, k, n int) *Program {
	var aDims, cDims []int
	var bl []Loop
	if batch > 0 {
		aDims, cDims, bl = []int{batch}, []int{batch}, []Loop{{Extent: Static(batch)}}
	}
	p := &Program{Name: "mm", Buffers: []*Buffer{
		{ID: 0, Name: "a", Kind: Input, DType: dt, Dims: append(aDims, m, k)},
		{ID: 1, Name: "b", Kind: Input, DType: dt, Dims: []int{k, n}},
		{ID: 2, Name: "c", Kind: Output, DType: dt, Dims: append(cDims, m, n)},
	}}
	nb := len(bl)
	loops := append(bl, Loop{Extent: Static(m)}, Loop{Extent: Static(k), Kind: Reduce}, Loop{Extent: Static(n)})
	nest := &Nest{Name: "MatMul", Part: 0, Loops: loops, Src: []string{"'tf.MatMul' at k.mlir:1:1"}}
	var ai, ci []Index
	if nb > 0 {
		ai, ci = []Index{{Loop: 0}}, []Index{{Loop: 0}}
	}
	a := nest.Load(dt, &Access{Buf: 0, Idx: append(ai, Index{Loop: nb}, Index{Loop: nb + 1})})
	b := nest.Load(dt, &Access{Buf: 1, Idx: []Index{{Loop: nb + 1}, {Loop: nb + 2}}})
	nest.Add(&Instr{Op: OpAccum, Type: dt, Red: RedSum, Args: []int{nest.Binary(OpMul, dt, a, b)},
		Acc: &Access{Buf: 2, Idx: append(ci, Index{Loop: nb}, Index{Loop: nb + 2})}})
	p.Nests = []*Nest{nest}
	return p
}

func TestPackMatmul(t *testing.T) {
	p := product(f32, 0, 128, 40, 48)
	PackMatmul(p)
	if err := p.Verify(); err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	want := `program mm
  buf b0 input f32 [128, 40]  // a
  buf b1 input f32 [40, 48]  // b
  buf b2 output f32 [128, 48]  // c
  buf b3 temp f32 [3, 40, 16]  // b.panels
  buf b4 view of b2 f32 [128, 3, 16]  // c.panels
nest n0 PackPanels (i0 < 3, i1 < 40, i2 < 16) split i0  // 'tf.MatMul' at k.mlir:1:1
  v0 = load f32 b1[i1, i2+i0*16]
  store f32 b3[i0, i1, i2], v0
nest n1 MatMul (i0 < 3, i1 < 128, i2 < 40 red, i3 < 16) split i1  // 'tf.MatMul' at k.mlir:1:1
  v0 = load f32 b0[i1, i2]
  v1 = load f32 b3[i0, i2, i3]
  v2 = mul f32 v0, v1
  accum.sum f32 b4[i1, i0, i3], v2
`
	if got := p.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if !p.WritesWhole(3) {
		t.Error("the packing nest does not write the panels whole: they would be zeroed every run")
	}
	for _, b := range p.Buffers[3:] {
		if b.Value != NoValue {
			t.Errorf("%s: Value %d, want NoValue", b.Name, b.Value)
		}
	}

	// A batch loop stays outermost; f64 panels are 8 wide.
	p = product(memref.Float64, 2, 128, 8, 16)
	PackMatmul(p)
	if err := p.Verify(); err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	if s := p.String(); !strings.Contains(s, "temp f64 [2, 8, 8]") || !strings.Contains(s, "view of b2 f64 [2, 128, 2, 8]") ||
		!strings.Contains(s, "MatMul (i0 < 2, i1 < 2, i2 < 128, i3 < 8 red, i4 < 8) split i0") ||
		!strings.Contains(s, "accum.sum f64 b4[i0, i2, i1, i4]") {
		t.Errorf("batched f64 product:\n%s", s)
	}

	// Products it leaves alone.
	left := map[string]*Program{
		"N not a multiple of the panel": product(f32, 0, 128, 40, 40),
		"one panel":                     product(f32, 0, 128, 40, 16),
		"few rows":                      product(f32, 0, 127, 40, 48),
		"integers":                      product(memref.Int32, 0, 128, 40, 48),
	}
	dyn := product(f32, 0, 128, 40, 48)
	dyn.Nests[0].Loops[2].Extent = DimOf(1, 1)
	left["dynamic N"] = dyn
	trans := product(f32, 0, 128, 40, 48)
	trans.Nests[0].Body[1].Acc.Idx = []Index{{Loop: 2}, {Loop: 1}} // B[j, k]: not contiguous in j
	trans.Buffers[1].Dims = []int{48, 40}
	left["B transposed"] = trans
	bat := product(f32, 2, 128, 40, 48)
	bat.Buffers[1].Dims = []int{2, 40, 48}
	bat.Nests[0].Body[1].Acc.Idx = []Index{{Loop: 0}, {Loop: 2}, {Loop: 3}}
	left["B batched"] = bat
	off := product(f32, 0, 128, 40, 48)
	off.Buffers[2].Dims = []int{128, 64}
	off.Nests[0].Body[3].Acc.Idx[1].Off = 16 // C written at columns 16…63 (a fused concat)
	left["C at an offset"] = off
	for name, p := range left {
		before := p.String()
		PackMatmul(p)
		if got := p.String(); got != before {
			t.Errorf("%s: changed:\n%s", name, got)
		}
	}
}
