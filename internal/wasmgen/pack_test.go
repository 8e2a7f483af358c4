package wasmgen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// packedProgram is c's program after loopir.PackMatmul, which must have
// packed it: buffers a, b, c, the panels of b and the panel view of c;
// nests pack, product; with run-time extents also the general view of c
// and the general product after the packed one.
func packedProgram(t testing.TB, c mmCase) *loopir.Program {
	t.Helper()
	p := c.program()
	loopir.PackMatmul(p)
	nests, bufs := 2, 5
	if !c.static {
		nests, bufs = 3, 6
	}
	if len(p.Nests) != nests || len(p.Buffers) != bufs {
		t.Fatalf("%v: not packed:\n%s", c, p)
	}
	if err := p.Verify(); err != nil {
		t.Fatalf("%v: %v\n%s", c, err, p)
	}
	return p
}

// setPacked lays out a packed program's buffers: a, b and c as
// setShapes does, the buffers the pass made after them with the shapes
// the host would give them, and the views at c's address.
func (tw *twin) setPacked(c mmCase, skew uint32) {
	sh := c.shapes()
	size := func(s loopir.Size) int {
		if s.Kind == loopir.SizeDim {
			return sh[s.Buf][s.Axis]
		}
		return s.N
	}
	for _, b := range tw.p.Buffers[3:] {
		if b.Derived != nil {
			sh = append(sh, b.DerivedShape(size))
		} else {
			sh = append(sh, b.Dims)
		}
	}
	tw.setShapes(nil, sh, skew)
	block := tw.mem[twinArgs : twinArgs+tw.layout.Size()]
	for i, b := range tw.p.Buffers {
		if b.Kind != loopir.View {
			continue
		}
		tw.addr[i] = tw.addr[b.Base]
		if err := tw.layout.WriteMemref(block, i, tw.addr[i], sh[i], nil); err != nil {
			tw.t.Fatal(err)
		}
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
		// Run-time extents: the run takes the panels when they pass
		// the static test, the general product otherwise.
		{dt: f32, M: 131, N: 48, K: 37},
		{dt: f32, M: 130, N: 64, K: 19, ta: true},
		{dt: f32, M: 128, N: 32, K: 23, operandsSwaped: true},
		{dt: f64, M: 129, N: 24, K: 9},
		{dt: f32, bA: []int{3}, bB: []int{1}, bC: []int{3}, M: 128, N: 32, K: 7},
		{dt: f32, M: 127, N: 48, K: 37},
		{dt: f32, M: 131, N: 40, K: 37},
		{dt: f32, M: 200, N: 16, K: 5},
		{dt: f64, M: 129, N: 20, K: 9},
		{dt: f32, M: 0, N: 32, K: 3},
		{dt: f32, M: 128, N: 32, K: 0},
	}
	for _, c := range cases {
		p := packedProgram(t, c)
		for _, n := range p.Nests[1:] {
			if _, ok := matchMatmul(n, p); !ok {
				t.Fatalf("%v: a product does not take the matmul kernel:\n%s", c, p)
			}
		}
		tw := newTwin(t, p, 64)
		for _, skew := range []uint32{0, 4} {
			tw.setPacked(c, skew)
			tw.randomize(0, rng)
			tw.randomize(1, rng)
			want := c.reference(tw.bytes(0), tw.bytes(1))
			w := 64 / c.dt.Size()
			if runs, pass := tw.shape[3][0] > 0, c.M >= 128 && c.N%w == 0 && c.N/w >= 2; runs != pass {
				t.Fatalf("%v: the run takes the panels: %v, want %v", c, runs, pass)
			}
			// ext is the run-time extent of nest k's split loop.
			ext := func(k int) uint32 {
				e := p.Nests[k].Loops[p.Nests[k].Part].Extent
				if e.Kind == loopir.SizeDim {
					return uint32(tw.shape[e.Buf][e.Axis])
				}
				return uint32(e.N)
			}
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
						tw.run(fast, 0, []uint32{0, ext(0)})
						for k := 1; k < len(p.Nests); k++ {
							chunks := []uint32{0}
							for q := 1; q < parts; q++ {
								chunks = append(chunks, uint32(q*q)*ext(k)/uint32(parts*parts))
							}
							tw.run(fast, k, append(chunks, ext(k)))
						}
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
// loopir.PackMatmul (the packing nest included in the time), with static
// extents and with run-time ones (the run's test picks the panels).
//
//	go test ./internal/wasmgen -run '^$' -bench MatmulPacked -count 6
func BenchmarkMatmulPacked(b *testing.B) {
	n := benchN
	for _, static := range []bool{true, false} {
		c := mmCase{dt: memref.Float32, M: n, N: n, K: n, static: static}
		for _, packed := range []bool{false, true} {
			name := map[bool]string{false: "unpacked", true: "packed"}[packed] + map[bool]string{true: "/static", false: "/dynamic"}[static]
			b.Run(name, func(b *testing.B) {
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
}

// TestMatmulPackSweep times K7 (MMN=… for another size) with static and
// run-time extents, B as it is and packed, interleaved round by round
// (minimum of MMPACK rounds), for a machine too busy for -bench.
//
//	MMPACK=30 go test ./internal/wasmgen -run MatmulPackSweep -v
func TestMatmulPackSweep(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("MMPACK"))
	if rounds == 0 {
		t.Skip("MMPACK unset")
	}
	n := benchN
	type variant struct {
		name string
		tw   *twin
		best time.Duration
	}
	var vs []*variant
	for _, static := range []bool{true, false} {
		c := mmCase{dt: memref.Float32, M: n, N: n, K: n, static: static}
		for _, packed := range []bool{false, true} {
			p := c.program()
			if packed {
				p = packedProgram(t, c)
			}
			tw := newTwinOne(t, p, 256, false)
			if packed {
				tw.setPacked(c, 0)
			} else {
				tw.setShapes(nil, c.shapes(), 0)
			}
			rng := rand.New(rand.NewPCG(1, 1))
			tw.randomize(0, rng)
			tw.randomize(1, rng)
			name := map[bool]string{false: "unpacked", true: "packed"}[packed] + map[bool]string{true: "/static", false: "/dynamic"}[static]
			vs = append(vs, &variant{name: name, tw: tw, best: time.Hour})
		}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := make([]time.Duration, len(vs))
	for q := range cpu {
		cpu[q] = time.Hour
	}
	for range rounds {
		for q, v := range vs {
			c0 := threadCPU()
			t0 := time.Now()
			v.tw.run(true, 0, nil)
			v.best = min(v.best, time.Since(t0))
			cpu[q] = min(cpu[q], threadCPU()-c0)
		}
	}
	for q, v := range vs {
		t.Logf("%-18s %8.3f ms (thread CPU %8.3f ms) %6.2f GFLOP/s", v.name, v.best.Seconds()*1e3, cpu[q].Seconds()*1e3, 2*float64(n*n*n)/v.best.Seconds()/1e9)
	}
}

// threadCPU is the calling thread's CPU time (Linux; 0 elsewhere).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(1, &ru) != nil { // RUSAGE_THREAD
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
