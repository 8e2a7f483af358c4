package wasmgen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// trCase is tf.Transpose of an input of shape in by perm, as the lowering
// builds it: loops over the output's axes, out = identity, in[perm[a]] =
// loop a.
type trCase struct {
	dt      memref.DType
	in      []int
	perm    []int
	static  bool
	noMatch bool
	pairs   bool // dt's elements are pairs of parts, as lower's complexify gives complex<f64>: a trailing axis and loop of 2
}

func (c trCase) String() string {
	return fmt.Sprintf("%s_%v_perm%v_static%v_pairs%v", c.dt, c.in, c.perm, c.static, c.pairs)
}

// shapes are the input's and the output's buffer shapes.
func (c trCase) shapes() [][]int {
	s := [][]int{slices.Clone(c.in), c.outShape()}
	if c.pairs {
		s[0], s[1] = append(s[0], 2), append(s[1], 2)
	}
	return s
}

func (c trCase) outShape() []int {
	out := make([]int, len(c.in))
	for a, p := range c.perm {
		out[a] = c.in[p]
	}
	return out
}

func (c trCase) program() *loopir.Program {
	out := c.outShape()
	dims := func(s []int) []int {
		d := append([]int(nil), s...)
		if !c.static {
			for i := range d {
				d[i] = loopir.Dynamic
			}
		}
		return d
	}
	p := &loopir.Program{Name: "tr", Buffers: []*loopir.Buffer{
		{ID: 0, Name: "x", Kind: loopir.Input, DType: c.dt, Dims: dims(c.shapes()[0])},
		{ID: 1, Name: "y", Kind: loopir.Output, DType: c.dt, Dims: dims(c.shapes()[1])},
	}}
	n := &loopir.Nest{Name: "tr", Part: 0}
	inIdx := make([]loopir.Index, len(c.in))
	outIdx := make([]loopir.Index, len(c.in))
	for a := range out {
		ext := loopir.DimOf(1, a)
		if c.static {
			ext = loopir.Static(out[a])
		}
		n.Loops = append(n.Loops, loopir.Loop{Extent: ext})
		inIdx[c.perm[a]] = loopir.Index{Loop: a}
		outIdx[a] = loopir.Index{Loop: a}
	}
	if c.pairs {
		n.Loops = append(n.Loops, loopir.Loop{Extent: loopir.Static(2)})
		inIdx, outIdx = append(inIdx, loopir.Index{Loop: len(out)}), append(outIdx, loopir.Index{Loop: len(out)})
	}
	v := n.Load(c.dt, &loopir.Access{Buf: 0, Idx: inIdx})
	n.Store(c.dt, &loopir.Access{Buf: 1, Idx: outIdx}, v)
	p.Nests = []*loopir.Nest{n}
	return p
}

// reference permutes the input's elements in Go.
func (c trCase) reference(in []byte) []byte {
	es := c.dt.Size()
	if c.pairs {
		es *= 2
	}
	out := c.outShape()
	total := 1
	for _, d := range out {
		total *= d
	}
	res := make([]byte, total*es)
	idx := make([]int, len(out))
	for o := range total {
		r := o
		for a := len(out) - 1; a >= 0; a-- {
			idx[a] = r % out[a]
			r /= out[a]
		}
		src := 0
		for k := range c.in { // in axis k is indexed by the loop a with perm[a] == k
			var x int
			for a, p := range c.perm {
				if p == k {
					x = idx[a]
				}
			}
			src = src*c.in[k] + x
		}
		copy(res[o*es:(o+1)*es], in[src*es:(src+1)*es])
	}
	return res
}

func (c trCase) check(t *testing.T, rng *rand.Rand) {
	p := c.program()
	if _, ok := matchTranspose(p.Nests[0], p); ok == c.noMatch {
		t.Fatalf("%v: matchTranspose = %v", c, ok)
	}
	if _, ok := matchMatmul(p.Nests[0], p); ok {
		t.Fatalf("%v: matchMatmul accepts a transpose", c)
	}
	tw := newTwin(t, p, 64)
	for _, skew := range []uint32{0, 2} {
		tw.setShapes(nil, c.shapes(), skew*uint32(min(c.dt.Size(), 4)))
		tw.randomize(0, rng)
		got := tw.compare(1, nil, c.String())
		if want := c.reference(tw.bytes(0)); string(got) != string(want) {
			t.Fatalf("%v: differs from the Go reference", c)
		}
		ext := uint32(c.outShape()[0])
		for _, parts := range []int{2, 3, 5} {
			chunks := []uint32{0}
			for q := 1; q < parts; q++ {
				chunks = append(chunks, uint32(q)*ext/uint32(parts)+uint32(q%2))
			}
			chunks = append(chunks, max(ext, chunks[len(chunks)-1]), ext+3)
			tw.compare(1, chunks, fmt.Sprintf("%v in %d parts", c, parts))
		}
	}
}

func TestTransposeShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	sizes := []int{0, 1, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 32, 33, 64, 100, 129}
	if testing.Short() {
		sizes = []int{0, 1, 7, 8, 33, 100}
	}
	for i, m := range sizes {
		for j, n := range sizes {
			dt := []memref.DType{memref.Float32, memref.Int32, memref.Float64, memref.Int8, memref.Float16, memref.Bool}[(i+j)%6]
			trCase{dt: dt, in: []int{m, n}, perm: []int{1, 0}, static: (i+j)%2 == 0}.check(t, rng)
		}
	}
}

func TestTransposeVariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	f32 := memref.Float32
	cases := []trCase{
		{dt: f32, in: []int{3, 17, 40}, perm: []int{0, 2, 1}},
		{dt: f32, in: []int{3, 17, 40}, perm: []int{0, 2, 1}, static: true},
		{dt: f32, in: []int{5, 6, 19}, perm: []int{2, 1, 0}},
		{dt: memref.Int64, in: []int{5, 6, 19}, perm: []int{2, 0, 1}, static: true},
		{dt: memref.Uint8, in: []int{2, 3, 9, 33}, perm: []int{1, 0, 3, 2}},
		{dt: f32, in: []int{0, 17, 40}, perm: []int{0, 2, 1}},
		{dt: f32, in: []int{4, 0, 40}, perm: []int{0, 2, 1}},
		// complex<f64> parts: 16-byte elements
		{dt: memref.Float64, in: []int{9, 17}, perm: []int{1, 0}, pairs: true},
		{dt: memref.Float64, in: []int{33, 8}, perm: []int{1, 0}, pairs: true, static: true},
		{dt: memref.Float64, in: []int{3, 5, 19}, perm: []int{2, 0, 1}, pairs: true},
		{dt: memref.Float64, in: []int{0, 7}, perm: []int{1, 0}, pairs: true},
		// copies, not transposes: the generic path
		{dt: f32, in: []int{5, 6, 19}, perm: []int{1, 0, 2}, noMatch: true},
		{dt: memref.Float64, in: []int{5, 19}, perm: []int{0, 1}, pairs: true, noMatch: true},
		{dt: f32, in: []int{5, 19}, perm: []int{1, 0}, pairs: true, noMatch: true}, // 4-byte parts (complexify moves complex<f32> as one 8-byte unit)
		{dt: f32, in: []int{5, 19}, perm: []int{0, 1}, noMatch: true},
	}
	for _, c := range cases {
		c.check(t, rng)
	}
}

// TestTransposeNearMisses: nests that look like a transpose but are not a
// pure copy fall back to the generic path.
func TestTransposeNearMisses(t *testing.T) {
	base := func() *loopir.Program {
		return trCase{dt: memref.Float32, in: []int{8, 8}, perm: []int{1, 0}}.program()
	}
	if p := base(); !matchOK(p) {
		t.Fatal("the base case does not match")
	}
	misses := map[string]func(p *loopir.Program){
		"extra op": func(p *loopir.Program) {
			n := p.Nests[0]
			st := n.Body[1]
			n.Body = n.Body[:1]
			neg := n.Add(&loopir.Instr{Op: loopir.OpNeg, Type: memref.Float32, Args: []int{0}})
			st.Args = []int{neg}
			n.Add(st)
		},
		"reduce loop": func(p *loopir.Program) { p.Nests[0].Loops[1].Kind = loopir.Reduce },
		"same buffer": func(p *loopir.Program) {
			p.Buffers[1] = &loopir.Buffer{ID: 1, Name: "v", Kind: loopir.View, DType: memref.Float32, Dims: []int{loopir.Dynamic, loopir.Dynamic}, Base: 0}
		},
		"strided store": func(p *loopir.Program) { p.Nests[0].Body[1].Acc.Idx[1].Step = 2 },
		"store misses a loop": func(p *loopir.Program) {
			p.Nests[0].Body[1].Acc.Idx[0] = loopir.Index{Loop: -1}
		},
		"type change":    func(p *loopir.Program) { p.Nests[0].Body[1].Type = memref.Int32 },
		"bounds-checked": func(p *loopir.Program) { p.Nests[0].Body[0].Acc.Fault = 1 },
	}
	for name, mod := range misses {
		p := base()
		mod(p)
		if matchOK(p) {
			t.Errorf("%s: matched", name)
		}
	}
	pairs := trCase{dt: memref.Float64, in: []int{8, 8}, perm: []int{1, 0}, pairs: true}
	for name, mod := range map[string]func(n *loopir.Nest){
		"pairs: a rank-0 load":          func(n *loopir.Nest) { n.Body[0].Acc.Idx = nil },
		"pairs: split on the pair loop": func(n *loopir.Nest) { n.Part = 2 },
		"pairs: the pair loop elsewhere": func(n *loopir.Nest) {
			n.Body[0].Acc.Idx[0] = loopir.Index{Loop: 1, More: []loopir.Term{{Loop: 2, Coef: 1}}}
		},
	} {
		p := pairs.program()
		if !matchOK(p) {
			t.Fatal("the pairs case does not match")
		}
		mod(p.Nests[0])
		if matchOK(p) {
			t.Errorf("%s: matched", name)
		}
	}
}

func matchOK(p *loopir.Program) bool {
	_, ok := matchTranspose(p.Nests[0], p)
	return ok
}

// BenchmarkTranspose: K8 (tf.Transpose of a 1024×1024 f32) under wazero,
// the generic path against the blocked kernel, with static shapes and with
// every dim from the descriptor (dynamic).
//
//	go test ./internal/wasmgen -run '^$' -bench Transpose
func BenchmarkTranspose(b *testing.B) {
	for _, static := range []bool{true, false} {
		c := trCase{dt: memref.Float32, in: []int{1024, 1024}, perm: []int{1, 0}, static: static}
		for _, generic := range []bool{true, false} {
			name := map[bool]string{true: "generic", false: "blocked"}[generic] + map[bool]string{true: "/static", false: "/dynamic"}[static]
			b.Run(name+"/wazero", func(b *testing.B) {
				tw := newTwinOne(b, c.program(), 256, generic)
				tw.setShapes(nil, [][]int{c.in, c.outShape()}, 0)
				tw.randomize(0, rand.New(rand.NewPCG(1, 1)))
				var times []time.Duration
				for b.Loop() {
					t0 := time.Now()
					tw.run(!generic, 0, nil)
					times = append(times, time.Since(t0))
				}
				slices.Sort(times)
				b.ReportMetric(float64(times[0].Nanoseconds())/1e6, "best-ms")
				b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e6, "median-ms")
			})
		}
	}
}
