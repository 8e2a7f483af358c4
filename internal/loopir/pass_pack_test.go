package loopir

import (
	"slices"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// product builds C[b, i, j] += A[b, i, k] · B[k, j] (batch 0 for no
// batch loop), as the lowering of MatMul does; a Dynamic m, k or n is a
// run-time size read from A's or B's descriptor.
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
	ext := func(d, buf, axis int) Size { // Dynamic: the run-time size of buf's axis
		if d == Dynamic {
			return DimOf(buf, axis)
		}
		return Static(d)
	}
	loops := append(bl, Loop{Extent: ext(m, 0, nb)}, Loop{Extent: ext(k, 1, 0), Kind: Reduce}, Loop{Extent: ext(n, 1, 1)})
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

// TestPackMatmulDynamic: with run-time extents the panels, the packed
// product and the general product are all there, shapes derived from the
// run's sizes and gated by the same test the static pass applies.
func TestPackMatmulDynamic(t *testing.T) {
	p := product(f32, 0, Dynamic, Dynamic, Dynamic)
	PackMatmul(p)
	if err := p.Verify(); err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	want := `program mm
  buf b0 input f32 [?, ?]  // a
  buf b1 input f32 [?, ?]  // b
  buf b2 output f32 [?, ?]  // c
  buf b3 temp f32 [?, ?, 16] = [b1.d1/16, b1.d0, 16] if panels16(b0.d0, b1.d1, b2.d1, 128)  // b.panels
  buf b4 view of b2 f32 [?, ?, 16] = [b2.d0, b1.d1/16, 16]  // c.panels
  buf b5 view of b2 f32 [?, ?] = [b2.d0, b2.d1] if !panels16(b0.d0, b1.d1, b2.d1, 128)  // c.general
nest n0 PackPanels (i0 < b3.d0, i1 < b3.d1, i2 < 16) split i0  // 'tf.MatMul' at k.mlir:1:1
  v0 = load f32 b1[i1, i2+i0*16]
  store f32 b3[i0, i1, i2], v0
nest n1 MatMul (i0 < b3.d0, i1 < b0.d0, i2 < b1.d0 red, i3 < 16) split i1  // 'tf.MatMul' at k.mlir:1:1
  v0 = load f32 b0[i1, i2]
  v1 = load f32 b3[i0, i2, i3]
  v2 = mul f32 v0, v1
  accum.sum f32 b4[i1, i0, i3], v2
nest n2 MatMul (i0 < b5.d0, i1 < b1.d0 red, i2 < b1.d1) split i0  // 'tf.MatMul' at k.mlir:1:1
  v0 = load f32 b0[i0, i1]
  v1 = load f32 b1[i1, i2]
  v2 = mul f32 v0, v1
  accum.sum f32 b5[i0, i2], v2
`
	if got := p.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if !p.WritesWhole(3) {
		t.Error("the packing nest does not write the panels whole: they would be zeroed every run")
	}
	// The host's shapes: exactly one product runs.
	for _, c := range []struct {
		m, k, n int
		packed  bool
	}{{512, 512, 512, true}, {128, 3, 32, true}, {127, 3, 32, false}, {512, 512, 16, false}, {512, 7, 40, false}, {0, 0, 0, false}} {
		size := func(s Size) int {
			switch {
			case s.Kind == SizeStatic:
				return s.N
			case s.Buf == 0:
				return []int{c.m, c.k}[s.Axis]
			case s.Buf == 1:
				return []int{c.k, c.n}[s.Axis]
			case s.Buf == 2:
				return []int{c.m, c.n}[s.Axis]
			}
			t.Fatalf("size %v", s)
			return 0
		}
		bp, cv, cu := p.Buffers[3].DerivedShape(size), p.Buffers[4].DerivedShape(size), p.Buffers[5].DerivedShape(size)
		wantBp, wantCu := []int{0, 0, 16}, []int{c.m, c.n}
		if c.packed {
			wantBp, wantCu = []int{c.n / 16, c.k, 16}, []int{0, 0}
		}
		if !slices.Equal(bp, wantBp) || !slices.Equal(cu, wantCu) || !slices.Equal(cv, []int{c.m, c.n / 16, 16}) {
			t.Errorf("%+v: panels %v, packed view %v, general view %v", c, bp, cv, cu)
		}
	}

	// A static extent that fails the test leaves the product alone; one
	// that passes it stays static in the shapes.
	for _, c := range [][3]int{{100, Dynamic, Dynamic}, {Dynamic, Dynamic, 40}, {Dynamic, Dynamic, 16}} {
		p := product(f32, 0, c[0], c[1], c[2])
		PackMatmul(p)
		if len(p.Nests) != 1 {
			t.Errorf("%v: packed:\n%s", c, p)
		}
	}
	p = product(f32, 2, 256, Dynamic, 64)
	PackMatmul(p)
	if err := p.Verify(); err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	if s := p.String(); len(p.Nests) != 2 || !strings.Contains(s, "temp f32 [4, ?, 16] = [4, b1.d0, 16]  //") ||
		!strings.Contains(s, "view of b2 f32 [2, 256, 4, 16] = [2, 256, 4, 16]  //") {
		t.Errorf("static rows and columns, run-time k:\n%s", s)
	}
}
