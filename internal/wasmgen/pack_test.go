package wasmgen

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// packedProgram is c's program after loopir.PackMatmul, which must have
// packed it: buffers a, b, c, the panels of b and the panel view of c;
// nests pack, product.
func packedProgram(t testing.TB, c mmCase) *loopir.Program {
	t.Helper()
	p := c.program()
	loopir.PackMatmul(p)
	if len(p.Nests) != 2 || len(p.Buffers) != 5 {
		t.Fatalf("%v: not packed:\n%s", c, p)
	}
	if err := p.Verify(); err != nil {
		t.Fatalf("%v: %v\n%s", c, err, p)
	}
	return p
}

// setPacked lays out a packed program's buffers: a, b and c as
// setShapes does, the panels after them, and the view at c's address.
func (tw *twin) setPacked(c mmCase, skew uint32) {
	sh := c.shapes()
	panels, view := tw.p.Buffers[3].Dims, tw.p.Buffers[4].Dims
	tw.setShapes(nil, append(sh, panels, view), skew)
	block := tw.mem[twinArgs : twinArgs+tw.layout.Size()]
	tw.addr[4] = tw.addr[2]
	if err := tw.layout.WriteMemref(block, 4, tw.addr[2], view, nil); err != nil {
		tw.t.Fatal(err)
	}
}

// TestMatmulPacked: products packed by loopir.PackMatmul give the Go
// reference's bits (k ascending, as unpacked) through the matmul kernel
// and through the generic path, whole and in chunks of the split loop,
// with the panels and the output poisoned first; and the matmul kernel
// takes the packed form (one tile per panel width).
func TestMatmulPacked(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	f32, f64 := memref.Float32, memref.Float64
	cases := []mmCase{
		{dt: f32, M: 128, N: 32, K: 1, static: true},
		{dt: f32, M: 131, N: 48, K: 37, static: true},
		{dt: f32, M: 130, N: 64, K: 19, ta: true, static: true},
		{dt: f32, M: 128, N: 32, K: 23, operandsSwaped: true, static: true},
		{dt: f64, M: 129, N: 24, K: 9, static: true},
		{dt: f32, bA: []int{3}, bB: []int{1}, bC: []int{3}, M: 128, N: 32, K: 7, static: true},
		{dt: f64, bA: []int{2, 1}, bB: []int{1}, bC: []int{2, 3}, M: 128, N: 16, K: 5, static: true},
	}
	for _, c := range cases {
		p := packedProgram(t, c)
		if _, ok := matchMatmul(p.Nests[1], p); !ok {
			t.Fatalf("%v: the packed product does not take the matmul kernel:\n%s", c, p)
		}
		tw := newTwin(t, p, 64)
		for _, skew := range []uint32{0, 4} {
			tw.setPacked(c, skew)
			tw.randomize(0, rng)
			tw.randomize(1, rng)
			want := c.reference(tw.bytes(0), tw.bytes(1))
			part := p.Nests[1].Part
			ext := uint32(p.Nests[1].Loops[part].Extent.N)
			for _, fast := range []bool{false, true} {
				for _, parts := range []int{0, 1, 3, 7} {
					for _, b := range []int{2, 3} {
						o := tw.bytes(b)
						for i := range o {
							o[i] = 0xa5
						}
					}
					what := fmt.Sprintf("%v (kernel %v) in %d parts", c, fast, parts)
					if parts == 0 {
						tw.run(fast, 0, nil) // main: both nests, whole
					} else {
						tw.run(fast, 0, []uint32{0, uint32(p.Nests[0].Loops[0].Extent.N)})
						chunks := []uint32{0}
						for q := 1; q < parts; q++ {
							chunks = append(chunks, uint32(q*q)*ext/uint32(parts*parts))
						}
						tw.run(fast, 1, append(chunks, ext))
					}
					if got := tw.bytes(2); string(got) != string(want) {
						t.Fatalf("%s: differs from the Go reference", what)
					}
				}
			}
		}
	}
}

// BenchmarkMatmulPacked: K7 (512³ f32; MMN=… for another size) under
// wazero through the matmul kernel, B as it is against B packed by
// loopir.PackMatmul (the packing nest included in the time).
//
//	go test ./internal/wasmgen -run '^$' -bench MatmulPacked -count 6
func BenchmarkMatmulPacked(b *testing.B) {
	n := benchN
	c := mmCase{dt: memref.Float32, M: n, N: n, K: n, static: true}
	for _, packed := range []bool{false, true} {
		b.Run(map[bool]string{false: "unpacked", true: "packed"}[packed], func(b *testing.B) {
			p := c.program()
			if packed {
				p = packedProgram(b, c)
			}
			tw := newTwinOne(b, p, 256, false)
			if packed {
				tw.setPacked(c, 0)
			} else {
				tw.setShapes(nil, c.shapes(), 0)
			}
			rng := rand.New(rand.NewPCG(1, 1))
			tw.randomize(0, rng)
			tw.randomize(1, rng)
			for b.Loop() {
				tw.run(true, 0, nil)
			}
			b.ReportMetric(2*float64(n*n*n)/(float64(b.Elapsed().Nanoseconds())/float64(b.N)), "GFLOP/s")
		})
	}
}
