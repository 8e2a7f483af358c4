package loopir

import (
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

var f32 = memref.Float32

func idx(loops ...int) []Index {
	out := make([]Index, len(loops))
	for i, l := range loops {
		out[i] = Index{Loop: l}
	}
	return out
}

// chain builds: t = exp(a) (nest 0), out = t * b[broadcast] (nest 1).
func chain() *Program {
	p := &Program{Name: "chain", Params: []Param{{Name: "rows"}, {Name: "cols"}},
		Buffers: []*Buffer{
			{ID: 0, Name: "a", Kind: Input, DType: f32, Dims: []int{Dynamic, Dynamic}},
			{ID: 1, Name: "b", Kind: Input, DType: f32, Dims: []int{Dynamic}},
			{ID: 2, Name: "t", Kind: Temp, DType: f32, Dims: []int{Dynamic, Dynamic}},
			{ID: 3, Name: "out", Kind: Output, DType: f32, Dims: []int{Dynamic, Dynamic}},
		}}
	loops := []Loop{{Extent: ParamSize(0)}, {Extent: ParamSize(1)}}
	n0 := &Nest{Name: "exp", Part: 0, Loops: loops}
	x := n0.Load(f32, &Access{Buf: 0, Idx: idx(0, 1)})
	e := n0.Add(&Instr{Op: OpMath, Math: MathExp, Type: f32, Args: []int{x}})
	n0.Store(f32, &Access{Buf: 2, Idx: idx(0, 1)}, e)
	n1 := &Nest{Name: "mul", Part: 0, Loops: loops}
	tv := n1.Load(f32, &Access{Buf: 2, Idx: idx(0, 1)})
	bv := n1.Load(f32, &Access{Buf: 1, Idx: []Index{{Loop: 1, Bcast: BcastDynamic}}})
	n1.Store(f32, &Access{Buf: 3, Idx: idx(0, 1)}, n1.Binary(OpMul, f32, tv, bv))
	p.Nests = []*Nest{n0, n1}
	return p
}

func TestPrint(t *testing.T) {
	want := `program chain
  param p0  // rows
  param p1  // cols
  buf b0 input f32 [?, ?]  // a
  buf b1 input f32 [?]  // b
  buf b2 temp f32 [?, ?]  // t
  buf b3 output f32 [?, ?]  // out
nest n0 exp (i0 < p0, i1 < p1) split i0
  v0 = load f32 b0[i0, i1]
  v1 = exp f32 v0
  store f32 b2[i0, i1], v1
nest n1 mul (i0 < p0, i1 < p1) split i0
  v0 = load f32 b2[i0, i1]
  v1 = load f32 b1[i1?]
  v2 = mul f32 v0, v1
  store f32 b3[i0, i1], v2
`
	if got := chain().String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestPassesOnChain(t *testing.T) {
	p := chain()
	for _, pass := range Passes {
		pass.Run(p)
		if err := p.Verify(); err != nil {
			t.Fatalf("after %s: %v\n%s", pass.Name, err, p)
		}
	}
	want := `program chain
  param p0  // rows
  param p1  // cols
  buf b0 input f32 [?, ?]  // a
  buf b1 input f32 [?]  // b
  buf b2 output f32 [?, ?]  // out
nest n0 mul (i0 < p0, i1 < p1) split i0
  v0 = load f32 b0[i0, i1]
  v1 = exp f32 v0
  v2 = load f32 b1[i1?]
  v3 = mul f32 v1, v2
  store f32 b2[i0, i1], v3
`
	if got := p.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestFuseComposesBroadcasts: a producer read through a broadcast index
// has its own loads re-indexed through it.
func TestFuseComposesBroadcasts(t *testing.T) {
	p := &Program{Name: "bc", Buffers: []*Buffer{
		{ID: 0, Name: "a", Kind: Input, DType: f32, Dims: []int{Dynamic}},
		{ID: 1, Name: "t", Kind: Temp, DType: f32, Dims: []int{Dynamic}},
		{ID: 2, Name: "out", Kind: Output, DType: f32, Dims: []int{4, Dynamic}},
	}}
	n0 := &Nest{Name: "neg", Part: 0, Loops: []Loop{{Extent: DimOf(0, 0)}}}
	n0.Store(f32, &Access{Buf: 1, Idx: idx(0)}, n0.Unary(OpNeg, f32, n0.Load(f32, &Access{Buf: 0, Idx: idx(0)})))
	n1 := &Nest{Name: "copy", Part: 0, Loops: []Loop{{Extent: Static(4)}, {Extent: DimOf(2, 1)}}}
	n1.Store(f32, &Access{Buf: 2, Idx: idx(0, 1)}, n1.Load(f32, &Access{Buf: 1, Idx: []Index{{Loop: 1, Bcast: BcastDynamic}}}))
	p.Nests = []*Nest{n0, n1}
	Fuse(p)
	DeadCode(p)
	if err := p.Verify(); err != nil {
		t.Fatal(err)
	}
	if len(p.Nests) != 1 || !strings.Contains(p.String(), "load f32 b0[i1?]") {
		t.Errorf("broadcast not composed:\n%s", p)
	}
}

func TestDeadCodeKeepsInputsInOrder(t *testing.T) {
	p := chain()
	p.Buffers[0].Kind = Input
	p.Nests = p.Nests[:1] // the temp is now written and never read
	p.Buffers[3].Kind = Temp
	DeadCode(p)
	if err := p.Verify(); err != nil {
		t.Fatal(err)
	}
	if len(p.Nests) != 0 || len(p.Buffers) != 2 || p.Buffers[0].Name != "a" || p.Buffers[1].Name != "b" {
		t.Errorf("got\n%s", p)
	}
	if len(p.Params) != 0 {
		t.Errorf("unused params kept: %v", p.Params)
	}
}

// TestDeadCodeSharedIndex renumbers parameters in an index slice that two
// accesses share (as a scan's load and store do) once for each: a shared
// slice renumbered twice pointed a reversed dynamic Cumsum at the wrong
// parameter.
func TestDeadCodeSharedIndex(t *testing.T) {
	p := &Program{Name: "shared", Params: []Param{{Name: "unused"}, {Name: "n"}, {Name: "n-1"}}, Buffers: []*Buffer{
		{ID: 0, Name: "a", Kind: Input, DType: f32, Dims: []int{Dynamic}},
		{ID: 1, Name: "out", Kind: Output, DType: f32, Dims: []int{Dynamic}},
	}}
	n := &Nest{Name: "rev", Part: 0, Loops: []Loop{{Extent: ParamSize(1)}}}
	rev := []Index{{Loop: 0, Step: -1, OffParam: 3}} // n-1-i0, shared below
	acc := &Access{Buf: 0, Idx: rev}
	x := n.Load(f32, acc)
	y := n.Load(f32, &Access{Buf: 0, Idx: rev})
	n.Store(f32, &Access{Buf: 1, Idx: rev}, n.Binary(OpAdd, f32, x, y))
	p.Nests = []*Nest{n}
	DeadCode(p)
	if err := p.Verify(); err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	want := `nest n0 rev (i0 < p0) split i0
  v0 = load f32 b0[-i0+p1]
  v1 = load f32 b0[-i0+p1]
  v2 = add f32 v0, v1
  store f32 b1[-i0+p1], v2
`
	if got := p.String(); !strings.HasSuffix(got, want) {
		t.Errorf("got\n%s\nwant suffix\n%s", got, want)
	}
}

func TestCSE(t *testing.T) {
	p := &Program{Name: "cse", Buffers: []*Buffer{
		{ID: 0, Name: "a", Kind: Input, DType: f32, Dims: []int{8}},
		{ID: 1, Name: "out", Kind: Output, DType: f32, Dims: []int{8}},
	}}
	n := &Nest{Name: "sq", Part: 0, Loops: []Loop{{Extent: Static(8)}}}
	x := n.Load(f32, &Access{Buf: 0, Idx: idx(0)})
	y := n.Load(f32, &Access{Buf: 0, Idx: idx(0)})
	ex := n.Add(&Instr{Op: OpMath, Math: MathExp, Type: f32, Args: []int{x}})
	ey := n.Add(&Instr{Op: OpMath, Math: MathExp, Type: f32, Args: []int{y}})
	n.Store(f32, &Access{Buf: 1, Idx: idx(0)}, n.Binary(OpMul, f32, ex, ey))
	p.Nests = []*Nest{n}
	CSE(p)
	DeadCode(p)
	if err := p.Verify(); err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	want := `nest n0 sq (i0 < 8) split i0
  v0 = load f32 b0[i0]
  v1 = exp f32 v0
  v2 = mul f32 v1, v1
  store f32 b1[i0], v2
`
	if got := p.String(); !strings.HasSuffix(got, want) {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestVerifyRejects lists broken programs the verifier must catch.
func TestVerifyRejects(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(p *Program)
		want   string
	}{
		{"operand after use", func(p *Program) { p.Nests[0].Body[1].Args[0] = 2 }, "not an earlier value"},
		{"store into input", func(p *Program) { p.Nests[0].Body[2].Acc.Buf = 0 }, "writes input buffer"},
		{"wrong type", func(p *Program) { p.Nests[1].Body[2].Type = memref.Float64 }, "operand 0 is f32"},
		{"read before write", func(p *Program) { p.Nests[0], p.Nests[1] = p.Nests[1], p.Nests[0] }, "before any earlier nest writes it"},
		{"broadcast write", func(p *Program) { p.Nests[1].Body[3].Acc.Idx[1].Bcast = BcastDynamic }, "a write to b3 through index i1?"},
		{"missing loop in write", func(p *Program) { p.Nests[1].Body[3].Acc.Idx[0].Loop = -1 }, "does not index written"},
		{"bad param", func(p *Program) { p.Nests[0].Loops[0].Extent = ParamSize(7) }, "names no parameter"},
		{"split on missing loop", func(p *Program) { p.Nests[0].Part = 5 }, "split loop"},
		{"rank mismatch", func(p *Program) { p.Nests[0].Body[0].Acc.Idx = idx(0) }, "indices for rank-2"},
		{"loop twice", func(p *Program) { p.Nests[0].Body[0].Acc.Idx = idx(0, 0) }, "indexes b0 twice"},
		{"output never written", func(p *Program) { p.Nests = p.Nests[:1] }, "output buffer b3 is never written"},
		{"math on ints", func(p *Program) { p.Nests[0].Body[1].Type = memref.Int32 }, "operand 0 is f32"},
		{"f16 arithmetic", func(p *Program) {
			p.Buffers[0].DType = memref.Float16
			p.Nests[0].Body[0].Type = memref.Float16
			p.Nests[0].Body[1].Type = memref.Float16
		}, "f16 values exist only"},
		{"accum without reduce loop", func(p *Program) {
			st := p.Nests[1].Body[3]
			st.Op, st.Red = OpAccum, RedSum
		}, "accumulation without reduce loops"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := chain()
			if err := p.Verify(); err != nil {
				t.Fatalf("the base program is invalid: %v", err)
			}
			c.break_(p)
			err := p.Verify()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Verify = %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func TestOpTableIsComplete(t *testing.T) {
	for op := OpInvalid + 1; op < numOps; op++ {
		if opTable[op].name == "" {
			t.Errorf("op %d has no table entry", op)
		}
	}
	for m := MathFn(0); m < numMathFns; m++ {
		if mathNames[m] == "" {
			t.Errorf("math function %d has no name", m)
		}
	}
}

// scan builds out[0] = x[0]; then, in a seq loop, out[k+off] = out[k+back] +
// x[k+1] with the given read/write offsets and loop kind.
func scan(kind LoopKind, readOff, writeOff int) *Program {
	p := &Program{Name: "scan",
		Buffers: []*Buffer{
			{ID: 0, Name: "x", Kind: Input, DType: f32, Dims: []int{8}},
			{ID: 1, Name: "out", Kind: Output, DType: f32, Dims: []int{8}},
		}}
	n0 := &Nest{Name: "first", Part: -1, Loops: []Loop{{Extent: Static(1)}}}
	n0.Store(f32, &Access{Buf: 1, Idx: idx(0)}, n0.Load(f32, &Access{Buf: 0, Idx: idx(0)}))
	n1 := &Nest{Name: "rest", Part: -1, Loops: []Loop{{Extent: Static(7), Kind: kind}}}
	prev := n1.Load(f32, &Access{Buf: 1, Idx: []Index{{Loop: 0, Off: readOff}}})
	x := n1.Load(f32, &Access{Buf: 0, Idx: []Index{{Loop: 0, Off: 1}}})
	n1.Store(f32, &Access{Buf: 1, Idx: []Index{{Loop: 0, Off: writeOff}}}, n1.Binary(OpAdd, f32, prev, x))
	p.Nests = []*Nest{n0, n1}
	return p
}

func TestVerifySeqLoops(t *testing.T) {
	if err := scan(Seq, 0, 1).Verify(); err != nil {
		t.Errorf("a forward scan: %v", err)
	}
	if got := scan(Seq, 0, 1).String(); !strings.Contains(got, "(i0 < 7 seq)") {
		t.Errorf("seq loop not printed:\n%s", got)
	}
	for _, c := range []struct {
		name          string
		kind          LoopKind
		read, written int
		want          string
	}{
		{"parallel loop, another element", Parallel, 0, 1, "only in-place updates"},
		{"parallel loop, in place", Parallel, 1, 1, ""},
		{"reads a later element", Seq, 2, 1, "neither an element written"},
		{"reads the same element", Seq, 1, 1, ""},
	} {
		err := scan(c.kind, c.read, c.written).Verify()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
	// In place in a reduction: iterations of the reduce loop would see
	// each other's writes.
	p0 := scan(Parallel, 1, 1)
	p0.Nests[1].Loops = append(p0.Nests[1].Loops, Loop{Extent: Static(2), Kind: Reduce})
	p0.Nests[1].Add(&Instr{Op: OpAccum, Type: f32, Red: RedSum, Acc: &Access{Buf: 1, Idx: idx(0)}, Args: []int{1}})
	if err := p0.Verify(); err == nil || !strings.Contains(err.Error(), "in a reduction") {
		t.Errorf("in-place update in a reduction: %v", err)
	}
	// A seq loop may not be split, nor sit in a reduction nest.
	p := scan(Seq, 0, 1)
	p.Nests[1].Part = 0
	if err := p.Verify(); err == nil || !strings.Contains(err.Error(), "not a parallel loop") {
		t.Errorf("split seq loop: %v", err)
	}
	// Fusion never inlines a seq nest's result into a consumer.
	p = scan(Seq, 0, 1)
	p.Buffers[1].Kind = Temp
	p.Buffers = append(p.Buffers, &Buffer{ID: 2, Name: "y", Kind: Output, DType: f32, Dims: []int{8}})
	n2 := &Nest{Name: "neg", Part: 0, Loops: []Loop{{Extent: Static(8)}}}
	n2.Store(f32, &Access{Buf: 2, Idx: idx(0)}, n2.Unary(OpNeg, f32, n2.Load(f32, &Access{Buf: 1, Idx: idx(0)})))
	p.Nests = append(p.Nests, n2)
	Fuse(p)
	if len(p.Nests) != 3 {
		t.Errorf("fusion merged a scan: %d nests\n%s", len(p.Nests), p)
	}
	if err := p.Verify(); err != nil {
		t.Error(err)
	}
}

func TestWorkCost(t *testing.T) {
	// copy(i0, i1): out[i0, i1] = x[i0, i1] (contiguous), then the same
	// reading x[i1, i0] (a transpose: the innermost loop strides).
	mk := func(ld []Index) *Nest {
		n := &Nest{Name: "copy", Part: 0, Loops: []Loop{{Extent: Static(8)}, {Extent: Static(8)}}}
		n.Store(f32, &Access{Buf: 1, Idx: idx(0, 1)}, n.Load(f32, &Access{Buf: 0, Idx: ld}))
		return n
	}
	contig, tr := mk(idx(0, 1)), mk(idx(1, 0))
	if got, want := contig.WorkCost(), contig.Cost(); got != want {
		t.Errorf("contiguous copy: WorkCost %d, want Cost %d", got, want)
	}
	if got, want := tr.WorkCost(), tr.Cost()+stridedCost; got != want {
		t.Errorf("transpose: WorkCost %d, want %d", got, want)
	}
	// A load the innermost loop does not move costs nothing extra.
	bc := mk([]Index{{Loop: 0}, {Loop: -1}})
	if got, want := bc.WorkCost(), bc.Cost(); got != want {
		t.Errorf("row broadcast: WorkCost %d, want %d", got, want)
	}
}

func TestUnrollReduce(t *testing.T) {
	// colSum: out[j] (+)= f(x[i, j]) over i < rows; extra adds a body
	// instruction to the nest.
	colSum := func(rows int, extra func(n *Nest, v int) int) *Program {
		p := &Program{Name: "colsum", Buffers: []*Buffer{
			{ID: 0, Name: "x", Kind: Input, DType: f32, Dims: []int{rows, 5}},
			{ID: 1, Name: "w", Kind: Input, DType: f32, Dims: []int{rows}},
			{ID: 2, Name: "out", Kind: Output, DType: f32, Dims: []int{5}},
		}}
		n := &Nest{Name: "sum", Part: 1, Loops: []Loop{{Extent: Static(rows), Kind: Reduce}, {Extent: Static(5)}}}
		v := n.Load(f32, &Access{Buf: 0, Idx: idx(0, 1)})
		if extra != nil {
			v = extra(n, v)
		}
		n.Add(&Instr{Op: OpAccum, Type: f32, Red: RedSum, Acc: &Access{Buf: 2, Idx: idx(1)}, Args: []int{v}})
		p.Nests = []*Nest{n}
		return p
	}
	p := colSum(8, func(n *Nest, v int) int { return n.Binary(OpMul, f32, v, n.ConstBits(f32, 0x40000000)) })
	UnrollReduce(p)
	if err := p.Verify(); err != nil {
		t.Fatalf("after unrolling: %v\n%s", err, p)
	}
	got := p.String()
	for _, want := range []string{"(i0 < 2 red, i1 < 5)", "b0[i0*4, i1]", "b0[i0*4+1, i1]", "b0[i0*4+3, i1]", "accum.sum f32 b2[i1]"} {
		if !strings.Contains(got, want) {
			t.Errorf("unrolled nest lacks %q:\n%s", want, got)
		}
	}
	if c := strings.Count(got, "const f32"); c != 1 {
		t.Errorf("the constant (independent of the row) appears %d times, want once:\n%s", c, got)
	}
	if c := strings.Count(got, "accum."); c != 1 {
		t.Errorf("%d accumulations, want 1:\n%s", c, got)
	}
	// Left alone: a row count not divisible by 4, too few rows, a load
	// the innermost loop does not move (a matrix product's A[i, k]).
	for name, q := range map[string]*Program{
		"6 rows": colSum(6, nil),
		"4 rows": colSum(4, nil),
		"row weight": colSum(8, func(n *Nest, v int) int {
			return n.Binary(OpMul, f32, v, n.Load(f32, &Access{Buf: 1, Idx: idx(0)}))
		}),
	} {
		before := q.String()
		UnrollReduce(q)
		if after := q.String(); after != before {
			t.Errorf("%s: changed:\n%s", name, after)
		}
	}

	// A run-time row count: the pass leaves the nest alone, and
	// UnrolledReduce gives the unrolled copy with the extent unchanged.
	dyn := colSum(8, nil)
	n := dyn.Nests[0]
	n.Loops[0].Extent = DimOf(0, 0)
	before := dyn.String()
	UnrollReduce(dyn)
	if after := dyn.String(); after != before {
		t.Errorf("run-time rows: the pass changed the nest:\n%s", after)
	}
	u, r, k, ok := UnrolledReduce(n)
	if !ok || r != 0 || k != 4 {
		t.Fatalf("UnrolledReduce: %v %d %d", ok, r, k)
	}
	if dyn.String() != before {
		t.Errorf("UnrolledReduce changed its argument:\n%s", dyn)
	}
	dyn.Nests[0] = u
	if err := dyn.Verify(); err != nil {
		t.Fatalf("unrolled copy: %v\n%s", err, dyn)
	}
	got = dyn.String()
	for _, want := range []string{"b0[i0*4, i1]", "b0[i0*4+3, i1]", "accum.sum f32 b2[i1]"} {
		if !strings.Contains(got, want) {
			t.Errorf("unrolled copy lacks %q:\n%s", want, got)
		}
	}
	if u.Loops[0].Extent != DimOf(0, 0) {
		t.Errorf("unrolled copy's extent %v, want the original", u.Loops[0].Extent)
	}
	if _, _, _, ok := UnrolledReduce(colSum(8, nil).Nests[0]); ok {
		t.Errorf("UnrolledReduce takes a static extent (the pass's case)")
	}
}

func TestWritesWhole(t *testing.T) {
	// out = x (a copy) in one nest; variants break one condition each.
	mk := func(edit func(p *Program, n *Nest)) *Program {
		p := &Program{Name: "copy", Buffers: []*Buffer{
			{ID: 0, Name: "x", Kind: Input, DType: f32, Dims: []int{4, Dynamic}},
			{ID: 1, Name: "out", Kind: Output, DType: f32, Dims: []int{4, Dynamic}},
		}}
		n := &Nest{Name: "copy", Part: 0, Loops: []Loop{{Extent: Static(4)}, {Extent: DimOf(1, 1)}}}
		n.Store(f32, &Access{Buf: 1, Idx: idx(0, 1)}, n.Load(f32, &Access{Buf: 0, Idx: idx(0, 1)}))
		p.Nests = []*Nest{n}
		if edit != nil {
			edit(p, n)
		}
		return p
	}
	if !mk(nil).WritesWhole(1) {
		t.Errorf("a full copy does not write its output whole")
	}
	for name, edit := range map[string]func(p *Program, n *Nest){
		"shorter loop":    func(p *Program, n *Nest) { n.Loops[0].Extent = Static(3) },
		"other dim":       func(p *Program, n *Nest) { n.Loops[1].Extent = DimOf(0, 1) },
		"offset store":    func(p *Program, n *Nest) { n.Body[1].Acc.Idx[0].Off = 1 },
		"strided store":   func(p *Program, n *Nest) { n.Body[1].Acc.Idx[1].Step = 2 },
		"swapped axes":    func(p *Program, n *Nest) { n.Body[1].Acc.Idx = idx(1, 0) },
		"broadcast store": func(p *Program, n *Nest) { n.Body[1].Acc.Idx[0].Bcast = BcastDynamic },
		"read first": func(p *Program, n *Nest) {
			r := &Nest{Name: "read", Part: -1, Loops: []Loop{{Extent: Static(1)}}}
			r.Store(f32, &Access{Buf: 0, Idx: []Index{{Loop: -1}, {Loop: 0}}}, r.Load(f32, &Access{Buf: 1, Idx: []Index{{Loop: -1}, {Loop: 0}}}))
			p.Nests = append([]*Nest{r}, p.Nests...)
		},
		"viewed": func(p *Program, n *Nest) {
			p.Buffers = append(p.Buffers, &Buffer{ID: 2, Name: "v", Kind: View, Base: 1, DType: f32, Dims: []int{4, Dynamic}})
		},
	} {
		if mk(edit).WritesWhole(1) {
			t.Errorf("%s: reported as written whole", name)
		}
	}
	if mk(nil).WritesWhole(0) {
		t.Errorf("an input that is only read is reported as written whole")
	}

	// A loop over a parameter spans out when the parameter is the size
	// of that axis of out's value (a dynamic shape's extent).
	withParam := func(dim *ValueDim, edit func(p *Program)) *Program {
		return mk(func(p *Program, n *Nest) {
			p.Buffers[1].Value = 7
			p.Params = []Param{{Name: "%out.d1", Dim: dim}}
			n.Loops[1].Extent = ParamSize(0)
			if edit != nil {
				edit(p)
			}
		})
	}
	if !withParam(&ValueDim{Value: 7, Axis: 1}, nil).WritesWhole(1) {
		t.Errorf("a loop over the output's own size parameter does not write it whole")
	}
	for name, q := range map[string]*Program{
		"unknown param":  withParam(nil, nil),
		"other value":    withParam(&ValueDim{Value: 6, Axis: 1}, nil),
		"other axis":     withParam(&ValueDim{Value: 7, Axis: 0}, nil),
		"axis in Ones":   withParam(&ValueDim{Value: 7, Axis: 1}, func(p *Program) { p.Buffers[1].Ones = []int{1} }),
		"no value":       withParam(&ValueDim{Value: NoValue, Axis: 1}, func(p *Program) { p.Buffers[1].Value = NoValue }),
		"param past end": withParam(&ValueDim{Value: 7, Axis: 1}, func(p *Program) { p.Nests[0].Loops[1].Extent = ParamSize(3) }),
	} {
		if q.WritesWhole(1) {
			t.Errorf("%s: reported as written whole", name)
		}
	}
}
