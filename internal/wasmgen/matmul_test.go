package wasmgen

import (
	"context"
	"fmt"
	"github.com/sandjit/sandjit/internal/wasm"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// compileWith compiles p with the specialised kernels on or off.
func compileWith(t testing.TB, p *loopir.Program, generic bool) *wasm.Module {
	t.Helper()
	if err := p.Verify(); err != nil {
		t.Fatal(err)
	}
	m, err := CompileWith(p, Options{GenericLinalg: generic})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// twin runs a program compiled both ways (the specialised kernels and the
// generic path) on one wazero memory.
type twin struct {
	t         testing.TB
	p         *loopir.Program
	layout    *memref.ArgLayout
	mem       []byte
	fast, gen api.Module
	next      uint32 // bump allocator
	addr      []uint32
	shape     [][]int
}

const twinArgs = 64

func newTwin(t testing.TB, p *loopir.Program, pages uint32) *twin {
	t.Helper()
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	t.Cleanup(func() { r.Close(ctx) })
	env, err := r.InstantiateWithConfig(ctx, wasm.MemoryOnlyModule(pages), wazero.NewModuleConfig().WithName(MemoryModule))
	if err != nil {
		t.Fatal(err)
	}
	inst := func(m *wasm.Module) api.Module {
		bin, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		mod, err := r.InstantiateWithConfig(ctx, bin, wazero.NewModuleConfig().WithName(""))
		if err != nil {
			t.Fatalf("%v\n%s", err, m.WAT())
		}
		return mod
	}
	tw := &twin{t: t, p: p, fast: inst(compileWith(t, p, false)), gen: inst(compileWith(t, p, true))}
	tw.mem, _ = env.Memory().Read(0, env.Memory().Size())
	ranks := make([]int, len(p.Buffers))
	for i, b := range p.Buffers {
		ranks[i] = b.Rank()
	}
	if tw.layout, err = memref.NewArgLayout(len(p.Params), ranks); err != nil {
		t.Fatal(err)
	}
	return tw
}

// setShapes lays the buffers out (64-byte aligned plus skew bytes, so
// that unaligned addresses are exercised too) and writes the argument block.
func (tw *twin) setShapes(params []uint32, shapes [][]int, skew uint32) {
	block := tw.mem[twinArgs : twinArgs+tw.layout.Size()]
	tw.layout.WriteHeader(block)
	for i, v := range params {
		tw.layout.WriteParam(block, i, v)
	}
	tw.next = uint32(twinArgs+tw.layout.Size()+63)&^63 + skew
	tw.addr, tw.shape = make([]uint32, len(shapes)), shapes
	for b, s := range shapes {
		n := 1
		for _, d := range s {
			n *= d
		}
		tw.addr[b] = tw.next
		if err := tw.layout.WriteMemref(block, b, tw.next, s, nil); err != nil {
			tw.t.Fatal(err)
		}
		tw.next = (tw.next+uint32(n*tw.p.Buffers[b].DType.Size())+63)&^63 + skew
	}
	if int(tw.next) > len(tw.mem) {
		tw.t.Fatalf("memory too small: %d > %d", tw.next, len(tw.mem))
	}
}

// bytes is buffer b's memory.
func (tw *twin) bytes(b int) []byte {
	n := tw.p.Buffers[b].DType.Size()
	for _, d := range tw.shape[b] {
		n *= d
	}
	return tw.mem[tw.addr[b] : int(tw.addr[b])+n]
}

// randomize fills buffer b with random values of its type in [-1, 1).
func (tw *twin) randomize(b int, rng *rand.Rand) {
	buf := tw.bytes(b)
	switch tw.p.Buffers[b].DType {
	case memref.Float64:
		for i := 0; i < len(buf); i += 8 {
			u := math.Float64bits(rng.Float64()*2 - 1)
			for k := range 8 {
				buf[i+k] = byte(u >> (8 * k))
			}
		}
	default:
		for i := 0; i+4 <= len(buf); i += 4 {
			u := math.Float32bits(rng.Float32()*2 - 1)
			if tw.p.Buffers[b].DType != memref.Float32 {
				u = rng.Uint32()
			}
			buf[i], buf[i+1], buf[i+2], buf[i+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
		}
		for i := len(buf) &^ 3; i < len(buf); i++ {
			buf[i] = byte(rng.Uint32())
		}
		if tw.p.Buffers[b].DType == memref.Bool {
			for i := range buf {
				buf[i] &= 1
			}
		}
	}
}

// run calls nest k of one side over the chunks of its split range, each
// [c[i], c[i+1]); nil chunks: the whole range through main.
func (tw *twin) run(fast bool, k int, chunks []uint32) {
	m := tw.gen
	if fast {
		m = tw.fast
	}
	ctx := context.Background()
	if chunks == nil {
		res, err := m.ExportedFunction(ExportMain).Call(ctx, twinArgs)
		if err != nil || res[0] != 0 {
			tw.t.Fatalf("main: %v status %v", err, res)
		}
		return
	}
	fn := m.ExportedFunction(NestExport(k))
	for i := 0; i+1 < len(chunks); i++ {
		res, err := fn.Call(ctx, twinArgs, uint64(chunks[i]), uint64(chunks[i+1]))
		if err != nil || res[0] != 0 {
			tw.t.Fatalf("nest %d [%d,%d): %v status %v", k, chunks[i], chunks[i+1], err, res)
		}
	}
}

// compare runs both sides with output buffer out poisoned first and
// reports whether the outputs agree bit for bit; it returns the output.
func (tw *twin) compare(out int, chunks []uint32, what string) []byte {
	tw.t.Helper()
	o := tw.bytes(out)
	poison := func() {
		for i := range o {
			o[i] = 0xa5
		}
	}
	poison()
	tw.run(false, 0, chunks)
	want := append([]byte(nil), o...)
	poison()
	tw.run(true, 0, chunks)
	for i := range o {
		if o[i] != want[i] {
			e := tw.p.Buffers[out].DType.Size()
			tw.t.Fatalf("%s: element %d differs: fast % x, generic % x", what, i/e, o[i/e*e:i/e*e+e], want[i/e*e:i/e*e+e])
		}
	}
	return want
}

// mmCase describes a matrix product as lowerMatMul builds it.
type mmCase struct {
	dt             memref.DType
	bA, bB, bC     []int // batch dims of A, B and C (right-aligned, 1 broadcasts)
	M, N, K        int
	ta, tb         bool
	static         bool // static dims (else dynamic, from the descriptors)
	dynBcast       bool // dynamic batch dims of A and B broadcast at run time (BcastDynamic)
	noMatch        bool // expected to fall back to the generic path
	operandsSwaped bool // the product is b·a
}

func (c mmCase) String() string {
	s := fmt.Sprintf("%s_%v%v%v_%dx%dx%d", c.dt, c.bA, c.bB, c.bC, c.M, c.N, c.K)
	if c.ta {
		s += "_ta"
	}
	if c.tb {
		s += "_tb"
	}
	if c.static {
		s += "_static"
	}
	return s
}

func (c mmCase) shapes() [][]int {
	a := append(append([]int(nil), c.bA...), c.M, c.K)
	if c.ta {
		a[len(a)-2], a[len(a)-1] = c.K, c.M
	}
	b := append(append([]int(nil), c.bB...), c.K, c.N)
	if c.tb {
		b[len(b)-2], b[len(b)-1] = c.N, c.K
	}
	return [][]int{a, b, append(append([]int(nil), c.bC...), c.M, c.N)}
}

// program builds the loop IR of lowerMatMul for the case.
func (c mmCase) program() *loopir.Program {
	sh := c.shapes()
	dims := func(s []int) []int {
		if c.static {
			return append([]int(nil), s...)
		}
		d := make([]int, len(s))
		for i := range d {
			d[i] = loopir.Dynamic
		}
		return d
	}
	p := &loopir.Program{Name: "mm", Buffers: []*loopir.Buffer{
		{ID: 0, Name: "a", Kind: loopir.Input, DType: c.dt, Dims: dims(sh[0])},
		{ID: 1, Name: "b", Kind: loopir.Input, DType: c.dt, Dims: dims(sh[1])},
		{ID: 2, Name: "c", Kind: loopir.Output, DType: c.dt, Dims: dims(sh[2])},
	}}
	nb := len(c.bC)
	ext := func(buf, axis int) loopir.Size {
		if c.static {
			return loopir.Static(sh[buf][axis])
		}
		return loopir.DimOf(buf, axis)
	}
	n := &loopir.Nest{Name: "mm", Part: 0}
	for a := range nb {
		n.Loops = append(n.Loops, loopir.Loop{Extent: ext(2, a)})
	}
	kAxis := len(sh[0]) - 1
	if c.ta {
		kAxis--
	}
	n.Loops = append(n.Loops, loopir.Loop{Extent: ext(2, nb)}, loopir.Loop{Extent: ext(0, kAxis), Kind: loopir.Reduce},
		loopir.Loop{Extent: ext(2, nb+1)})
	i, k, j := nb, nb+1, nb+2
	index := func(bd []int, row, col int, trans bool) []loopir.Index {
		r := len(bd) + 2
		idx := make([]loopir.Index, r)
		off := nb - len(bd)
		for a := range bd {
			switch {
			case bd[a] == 1 && (c.static || !c.dynBcast):
				idx[a] = loopir.Index{Loop: -1}
			case c.dynBcast && !c.static:
				idx[a] = loopir.Index{Loop: a + off, Bcast: loopir.BcastDynamic}
			default:
				idx[a] = loopir.Index{Loop: a + off}
			}
		}
		if trans {
			row, col = col, row
		}
		idx[r-2], idx[r-1] = loopir.Index{Loop: row}, loopir.Index{Loop: col}
		return idx
	}
	av := n.Load(c.dt, &loopir.Access{Buf: 0, Idx: index(c.bA, i, k, c.ta)})
	bv := n.Load(c.dt, &loopir.Access{Buf: 1, Idx: index(c.bB, k, j, c.tb)})
	x, y := av, bv
	if c.operandsSwaped {
		x, y = y, x
	}
	prod := n.Binary(loopir.OpMul, c.dt, x, y)
	accIdx := make([]loopir.Index, nb+2)
	for a := range nb {
		accIdx[a] = loopir.Index{Loop: a}
	}
	accIdx[nb], accIdx[nb+1] = loopir.Index{Loop: i}, loopir.Index{Loop: j}
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: c.dt, Red: loopir.RedSum, Acc: &loopir.Access{Buf: 2, Idx: accIdx}, Args: []int{prod}})
	p.Nests = []*loopir.Nest{n}
	return p
}

// reference computes the product in Go in the loop IR's order (k
// ascending from +0, every product and sum rounded).
func (c mmCase) reference(a, b []byte) []byte {
	sh := c.shapes()
	nb := len(c.bC)
	batch := 1
	for _, d := range c.bC {
		batch *= d
	}
	es := c.dt.Size()
	get := func(buf []byte, i int) float64 {
		if es == 4 {
			return float64(math.Float32frombits(le32(buf[4*i:])))
		}
		return math.Float64frombits(uint64(le32(buf[8*i:])) | uint64(le32(buf[8*i+4:]))<<32)
	}
	// element offset of a batch index in an operand with broadcast dims
	boff := func(bd []int, bi []int, inner int) int {
		o := 0
		for a := range bd {
			x := bi[a+nb-len(bd)]
			if bd[a] == 1 {
				x = 0
			}
			o = o*bd[a] + x
		}
		return o * inner
	}
	out := make([]byte, batch*c.M*c.N*es)
	bi := make([]int, nb)
	for bt := range batch {
		r := bt
		for a := nb - 1; a >= 0; a-- {
			bi[a] = r % c.bC[a]
			r /= c.bC[a]
		}
		ao, bo := boff(c.bA, bi, c.M*c.K), boff(c.bB, bi, c.K*c.N)
		for i := range c.M {
			for j := range c.N {
				var s32 float32
				var s64 float64
				for k := range c.K {
					ai := ao + i*c.K + k
					if c.ta {
						ai = ao + k*c.M + i
					}
					bj := bo + k*c.N + j
					if c.tb {
						bj = bo + j*c.K + k
					}
					x, y := get(a, ai), get(b, bj)
					if es == 4 {
						s32 = s32 + float32(float32(x)*float32(y))
					} else {
						s64 = s64 + float64(x*y)
					}
				}
				o := (bt*c.M*c.N + i*c.N + j) * es
				if es == 4 {
					putF32(out[o:], s32)
				} else {
					u := math.Float64bits(s64)
					for k := range 8 {
						out[o+k] = byte(u >> (8 * k))
					}
				}
			}
		}
	}
	_ = sh
	return out
}

// check runs the case under both paths (whole range and split chunks) and
// against the Go reference.
func (c mmCase) check(t *testing.T, rng *rand.Rand) {
	p := c.program()
	mm, ok := matchMatmul(p.Nests[0], p)
	if ok == c.noMatch {
		t.Fatalf("%v: matchMatmul = %v", c, ok)
	}
	if ok && mm.aFirst == c.operandsSwaped {
		t.Fatalf("%v: aFirst = %v", c, mm.aFirst)
	}
	sh := c.shapes()
	tw := newTwin(t, p, 64)
	for _, skew := range []uint32{0, 4} {
		tw.setShapes(nil, sh, skew)
		tw.randomize(0, rng)
		tw.randomize(1, rng)
		got := tw.compare(2, nil, c.String())
		if want := c.reference(tw.bytes(0), tw.bytes(1)); string(got) != string(want) {
			t.Fatalf("%v: differs from the Go reference", c)
		}
		// Split ranges of the outermost loop: uneven chunks covering it.
		ext := uint32(sh[2][0])
		for _, parts := range []int{2, 3, 7} {
			chunks := []uint32{0}
			for q := 1; q < parts; q++ {
				chunks = append(chunks, uint32(q*q)*ext/uint32(parts*parts))
			}
			chunks = append(chunks, ext, ext+5) // a chunk past the end is empty
			tw.compare(2, chunks, fmt.Sprintf("%v in %d parts", c, parts))
		}
	}
}

func TestMatmulShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sizes := []int{1, 3, 4, 5, 7, 13, 16, 17, 64, 100, 129}
	if testing.Short() {
		sizes = []int{1, 4, 5, 17, 64}
	}
	for _, dt := range []memref.DType{memref.Float32, memref.Float64} {
		for _, m := range sizes {
			for _, n := range sizes {
				for _, k := range sizes {
					if m*n*k > 64*64*64 && (m+n+k)%3 != 0 {
						continue // a sample of the big ones
					}
					c := mmCase{dt: dt, M: m, N: n, K: k, static: (m+n+k)%2 == 0}
					c.ta = (m+k)%3 == 0
					c.check(t, rng)
				}
			}
		}
	}
}

func TestMatmulVariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	f32, f64 := memref.Float32, memref.Float64
	cases := []mmCase{
		{dt: f32, M: 0, N: 5, K: 3},
		{dt: f32, M: 5, N: 0, K: 3},
		{dt: f32, M: 5, N: 7, K: 0},
		{dt: f32, M: 5, N: 7, K: 0, static: true},
		{dt: f64, M: 3, N: 9, K: 0},
		{dt: f32, M: 17, N: 33, K: 19, ta: true},
		{dt: f32, M: 17, N: 33, K: 19, ta: true, static: true},
		{dt: f64, M: 17, N: 33, K: 19, ta: true, static: true},
		{dt: f32, M: 17, N: 33, K: 19, operandsSwaped: true},
		// transpose_b: B is not contiguous along j, generic path
		{dt: f32, M: 17, N: 33, K: 19, tb: true, noMatch: true},
		{dt: f32, M: 17, N: 33, K: 19, ta: true, tb: true, noMatch: true},
		// batched, broadcast batch dims
		{dt: f32, bA: []int{3}, bB: []int{3}, bC: []int{3}, M: 13, N: 21, K: 7},
		{dt: f32, bA: []int{3}, bB: []int{1}, bC: []int{3}, M: 13, N: 21, K: 7, static: true},
		{dt: f32, bA: []int{2, 1}, bB: []int{3}, bC: []int{2, 3}, M: 5, N: 12, K: 9},
		{dt: f32, bA: []int{2, 1}, bB: []int{1, 3}, bC: []int{2, 3}, M: 5, N: 12, K: 9, dynBcast: true, ta: true},
		{dt: f32, bA: []int{4}, bB: []int{1}, bC: []int{4}, M: 9, N: 20, K: 5, dynBcast: true},
		{dt: f64, bA: []int{1}, bB: []int{4}, bC: []int{4}, M: 9, N: 7, K: 5, dynBcast: true},
		{dt: f32, bA: []int{0}, bB: []int{0}, bC: []int{0}, M: 3, N: 4, K: 5},
		{dt: f32, bA: []int{2}, bB: []int{2}, bC: []int{2}, M: 3, N: 4, K: 0},
	}
	for _, c := range cases {
		c.check(t, rng)
	}
}

// BenchmarkMatmul: K7 (512³ f32; MMN=… for another size) under wazero,
// the generic path against the blocked kernel with its wazero
// configuration (mmConfigs[0]), with static shapes and with every dim
// from the descriptor (dynamic: the kernel a specialization of
// tensor<?x?xf32> runs).
//
//	go test ./internal/wasmgen -run '^$' -bench Matmul
var benchN = 512

func BenchmarkMatmul(b *testing.B) {
	n := benchN
	for _, static := range []bool{true, false} {
		c := mmCase{dt: memref.Float32, M: n, N: n, K: n, static: static}
		for _, generic := range []bool{true, false} {
			name := map[bool]string{true: "generic", false: "blocked"}[generic] + map[bool]string{true: "/static", false: "/dynamic"}[static]
			benchMatmul(b, name, c, generic)
		}
	}
}

func benchMatmul(b *testing.B, name string, c mmCase, generic bool) {
	n := c.M
	b.Run(name+"/wazero", func(b *testing.B) {
		tw := newTwinOne(b, c.program(), 256, generic)
		tw.setShapes(nil, c.shapes(), 0)
		rng := rand.New(rand.NewPCG(1, 1))
		tw.randomize(0, rng)
		tw.randomize(1, rng)
		for b.Loop() {
			tw.run(!generic, 0, nil)
		}
		b.ReportMetric(2*float64(n*n*n)/(float64(b.Elapsed().Nanoseconds())/float64(b.N)), "GFLOP/s")
	})
}

// newTwinOne is a twin with only one side compiled (benchmarks).
func newTwinOne(t testing.TB, p *loopir.Program, pages uint32, generic bool) *twin {
	t.Helper()
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	t.Cleanup(func() { r.Close(ctx) })
	env, err := r.InstantiateWithConfig(ctx, wasm.MemoryOnlyModule(pages), wazero.NewModuleConfig().WithName(MemoryModule))
	if err != nil {
		t.Fatal(err)
	}
	bin, err := compileWith(t, p, generic).Encode()
	if err != nil {
		t.Fatal(err)
	}
	mod, err := r.InstantiateWithConfig(ctx, bin, wazero.NewModuleConfig().WithName(""))
	if err != nil {
		t.Fatal(err)
	}
	tw := &twin{t: t, p: p, fast: mod, gen: mod}
	tw.mem, _ = env.Memory().Read(0, env.Memory().Size())
	ranks := make([]int, len(p.Buffers))
	for i, b := range p.Buffers {
		ranks[i] = b.Rank()
	}
	if tw.layout, err = memref.NewArgLayout(len(p.Params), ranks); err != nil {
		t.Fatal(err)
	}
	return tw
}

func init() {
	if s := os.Getenv("MMN"); s != "" {
		benchN, _ = strconv.Atoi(s)
	}
}

// TestMatmulTileSweep times tile configurations interleaved (min of rounds).
func TestMatmulTileSweep(t *testing.T) {
	spec := os.Getenv("MMSWEEP") // e.g. "4x2s1,2x4s5"
	if spec == "" {
		t.Skip()
	}
	n := benchN
	c := mmCase{dt: memref.Float32, M: n, N: n, K: n, static: true}
	type cfg struct {
		name    string
		tw      *twin
		best    float64
		generic bool
	}
	var cfgs []*cfg
	mk := func(name string, generic bool) {
		tw := newTwinOne(t, c.program(), 256, generic)
		tw.setShapes(nil, c.shapes(), 0)
		rng := rand.New(rand.NewPCG(1, 1))
		tw.randomize(0, rng)
		tw.randomize(1, rng)
		cfgs = append(cfgs, &cfg{name: name, tw: tw, best: math.Inf(1), generic: generic})
	}
	if os.Getenv("MMGEN") != "" {
		mk("generic", true)
	}
	old := mmConfigs[0]
	for _, s := range strings.Split(spec, ",") {
		// MRxNVs<splat>k<kc>u<ku>t<touch>r<rowsOuter>
		var cf mmConfig
		var touch, rows int
		fmt.Sscanf(s, "%dx%ds%dk%du%dt%dr%d", &cf.mr, &cf.nv, &cf.splat, &cf.kc, &cf.ku, &touch, &rows)
		cf.touch, cf.rowsOuter = touch != 0, rows != 0
		mmConfigs[0] = cf
		mk(s, false)
	}
	mmConfigs[0] = old
	rounds := 15
	if n <= 128 {
		rounds = 200
	}
	for range rounds {
		for _, c := range cfgs {
			t0 := time.Now()
			c.tw.run(!c.generic, 0, nil)
			c.best = min(c.best, time.Since(t0).Seconds())
		}
	}
	for _, c := range cfgs {
		t.Logf("%-12s %8.3f ms %6.2f GFLOP/s", c.name, c.best*1e3, 2*float64(n*n*n)/c.best/1e9)
	}
}

// TestMatmulTileConfigs: every tile configuration the knobs allow gives
// the generic path's bits.
func TestMatmulTileConfigs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	old := mmConfigs[0]
	defer func() { mmConfigs[0] = old }()
	cfgs := []mmConfig{
		{mr: 1, nv: 1, ku: 1},
		{mr: 4, nv: 2, ku: 4, touch: true},
		{mr: 3, nv: 4, ku: 8, kc: 5, splat: 2, touch: true},
		{mr: 2, nv: 3, ku: 4, splat: 7},
		{mr: 5, nv: 2, ku: 2, splat: 6, touch: true, rowsOuter: true},
		{mr: 2, nv: 4, ku: 8, splat: 3, touch: true, kc: 8, rowsOuter: true},
		mmConfigs[1], // what wasmtime runs
	}
	for _, cf := range cfgs {
		mmConfigs[0] = cf
		for _, c := range []mmCase{
			{dt: memref.Float32, M: 13, N: 37, K: 29, static: true},
			{dt: memref.Float32, M: 13, N: 37, K: 29, ta: true},
			{dt: memref.Float64, M: 7, N: 19, K: 11, static: true, ta: true},
			{dt: memref.Float32, bA: []int{2}, bB: []int{1}, bC: []int{2}, M: 9, N: 21, K: 17, static: true},
		} {
			c.check(t, rng)
		}
	}
}
