package engine

import (
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/refeval"
	"github.com/sandjit/sandjit/memref"
)

var (
	diffN    = flag.Int("diff.n", 300, "number of random kernels TestDifferential builds")
	diffSeed = flag.Int64("diff.seed", 1, "seed of TestDifferential")
)

// TestDifferential builds random kernels — chains of elementwise ops with
// broadcasting, casts, comparisons, selects and reductions over every
// dtype — and checks that Wasm and the reference evaluator agree on
// random inputs of several shapes.
func TestDifferential(t *testing.T) {
	rt := newRuntime(t, WithWorkers(2))
	ctx := context.Background()
	rng := rand.New(rand.NewSource(*diffSeed))
	for i := 0; i < *diffN; i++ {
		g := newKernelGen(rng)
		src := g.build()
		exe, err := rt.Compile(ctx, []byte(src))
		if err != nil {
			t.Fatalf("kernel %d: compile: %v\n%s", i, err, src)
		}
		for trial := 0; trial < 2; trial++ {
			args := g.inputs(rng)
			got, err := exe.Run(ctx, args...)
			if err != nil {
				t.Fatalf("kernel %d: run: %v\n%s", i, err, src)
			}
			want, err := refeval.Eval(ctx, exe.Func(), exe.Module(), args)
			if err != nil {
				t.Fatalf("kernel %d: reference: %v\n%s", i, err, src)
			}
			if r, err := diffCompare(ctx, exe, args, got, want); err != nil {
				var in []string
				for _, a := range args {
					in = append(in, memref.Format(a, 32))
				}
				t.Fatalf("kernel %d, result %d: %v\n%s\ninputs:\n%s\nwasm: %s\nref:  %s", i, r, err, src,
					strings.Join(in, "\n"), memref.Format(got[r], 32), memref.Format(want[r], 32))
			}
		}
	}
}

// FuzzDifferential is TestDifferential driven by the fuzzer: the input
// is the seed of one random kernel and its inputs. Crashers are seeds;
// `go test ./engine -run FuzzDifferential/SEEDFILE` replays one.
func FuzzDifferential(f *testing.F) {
	for _, s := range []int64{1, 2, 3, 42, 1 << 40} {
		f.Add(s)
	}
	rt := newRuntime(f, WithWorkers(2))
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, seed int64) {
		rng := rand.New(rand.NewSource(seed))
		g := newKernelGen(rng)
		src := g.build()
		exe, err := rt.Compile(ctx, []byte(src))
		if err != nil {
			t.Fatalf("compile: %v\n%s", err, src)
		}
		args := g.inputs(rng)
		got, err := exe.Run(ctx, args...)
		if err != nil {
			t.Fatalf("run: %v\n%s", err, src)
		}
		want, err := refeval.Eval(ctx, exe.Func(), exe.Module(), args)
		if err != nil {
			t.Fatalf("reference: %v\n%s", err, src)
		}
		if r, err := diffCompare(ctx, exe, args, got, want); err != nil {
			t.Fatalf("result %d: %v\n%s", r, err, src)
		}
	})
}

// diffTolerance is the differential tests' tolerance for a result type.
func diffTolerance(dt memref.DType) (rtol, atol float64) {
	switch {
	case dt == memref.Float16:
		return 4e-3, 1e-3
	case dt == memref.BFloat16:
		// One bf16 rounding apart is 2^-7 of the value at most.
		return 1e-2, 1e-3
	case dt == memref.Float64:
		return 1e-9, 1e-12
	case dt.IsFloat():
		return 1e-4, 1e-4
	}
	return 0, 0
}

// diffCompare holds Wasm's results to the reference's within
// diffTolerance, except for elements the reference itself cannot pin
// down: where the reference, with its float inputs and every float op
// result nudged by a few ULPs (up, then down: refeval.WithPerturbation),
// moves by more than the tolerance, the result is ill-conditioned (sin of
// a huge exponential, a cast or comparison at a tie) and the rounding
// errors any implementation makes on the way are amplified just as much.
// It returns the index of the first result that differs.
func diffCompare(ctx context.Context, exe *JitExecutable, args, got, want []*memref.Tensor) (int, error) {
	var alts [][]*memref.Tensor
	for r := range want {
		rtol, atol := diffTolerance(want[r].DType)
		if golden.Compare(got[r], want[r], rtol, atol) == nil {
			continue
		}
		if alts == nil {
			for _, sign := range []float64{1, -1, 0.25, -0.25} { // ±4 and ±1 ULPs
				nudged := make([]*memref.Tensor, len(args))
				for k, a := range args {
					nudged[k] = nudge(a, sign)
				}
				alt, err := refeval.Eval(ctx, exe.Func(), exe.Module(), nudged, refeval.WithPerturbation(4*sign))
				if err != nil {
					continue // nudged inputs the reference rejects: no evidence
				}
				alts = append(alts, alt)
			}
		}
		skip := make([]bool, want[r].Len())
		for _, alt := range alts {
			for i, u := range golden.Unstable(want[r], alt[r], rtol, atol) {
				skip[i] = skip[i] || u
			}
		}
		if err := golden.CompareExcept(got[r], want[r], rtol, atol, skip); err != nil {
			return r, err
		}
	}
	return 0, nil
}

// nudge returns a copy of t with every f32 or f64 element scaled by
// 1 + sign·4·ε, ε the type's spacing at 1 as in refeval.WithPerturbation
// (other types unchanged).
func nudge(t *memref.Tensor, sign float64) *memref.Tensor {
	c, err := t.Clone()
	if err != nil {
		return t
	}
	c = c.Contiguous()
	switch c.DType {
	case memref.Float32:
		f := 1 + sign*4*0x1p-23
		for i := 0; i+4 <= len(c.Data); i += 4 {
			v := math.Float32frombits(binary.LittleEndian.Uint32(c.Data[i:]))
			binary.LittleEndian.PutUint32(c.Data[i:], math.Float32bits(float32(float64(v)*f)))
		}
	case memref.Float64:
		f := 1 + sign*4*0x1p-52
		for i := 0; i+8 <= len(c.Data); i += 8 {
			v := math.Float64frombits(binary.LittleEndian.Uint64(c.Data[i:]))
			binary.LittleEndian.PutUint64(c.Data[i:], math.Float64bits(v*f))
		}
	}
	return c
}

// kernelGen builds one random kernel. All argument shapes are broadcasts
// of one base shape, so any two values can be combined.
type kernelGen struct {
	rng   *rand.Rand
	base  []int
	args  []genValue
	b     strings.Builder
	next  int
	float bool
}

type genValue struct {
	name  string
	dt    memref.DType
	rank  int
	dims  []int // the value's concrete shape
	decl  []int // declared dims (-1 dynamic)
	isArg bool
	// exact: the value is an input, or computed from inputs by exact ops
	// only. Discontinuous ops (floor, comparisons, casts to int, …) take
	// only exact float operands: on a computed value, one ulp of
	// difference between two correct implementations can flip them.
	exact bool
}

var genDTypes = []memref.DType{memref.Float32, memref.Float32, memref.Float32, memref.Float64, memref.Float16, memref.BFloat16,
	memref.Int32, memref.Int64, memref.Int8, memref.Int16, memref.Uint8, memref.Uint16, memref.Uint32, memref.Uint64, memref.Bool}

func newKernelGen(rng *rand.Rand) *kernelGen {
	g := &kernelGen{rng: rng}
	g.base = make([]int, rng.Intn(4))
	for i := range g.base {
		g.base[i] = 1 + rng.Intn(9)
	}
	dt := genDTypes[rng.Intn(len(genDTypes))]
	nargs := 1 + rng.Intn(3)
	for i := 0; i < nargs; i++ {
		drop := rng.Intn(len(g.base) + 1)
		dims := append([]int(nil), g.base[drop:]...)
		for d := range dims {
			if rng.Intn(4) == 0 {
				dims[d] = 1
			}
		}
		decl := make([]int, len(dims))
		for d := range decl {
			decl[d] = -1
			if rng.Intn(3) == 0 {
				decl[d] = dims[d]
			}
		}
		g.args = append(g.args, genValue{name: fmt.Sprintf("%%a%d", i), dt: dt, rank: len(dims), dims: dims, decl: decl, isArg: true, exact: true})
	}
	return g
}

func typeStr(dt memref.DType, decl []int) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range decl {
		if d < 0 {
			b.WriteString("?x")
		} else {
			fmt.Fprintf(&b, "%dx", d)
		}
	}
	b.WriteString(dt.String() + ">")
	return b.String()
}

func dynamic(rank int) []int {
	d := make([]int, rank)
	for i := range d {
		d[i] = -1
	}
	return d
}

func (v genValue) typ() string { return typeStr(v.dt, v.decl) }

// bcast is the numpy broadcast of shapes, or nil if they do not broadcast.
func bcast(shapes ...[]int) []int {
	rank := 0
	for _, s := range shapes {
		rank = max(rank, len(s))
	}
	out := make([]int, rank)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		for i, d := range s {
			o := &out[rank-len(s)+i]
			switch {
			case d == 1:
			case *o == 1:
				*o = d
			case *o != d:
				return nil
			}
		}
	}
	return out
}

// exactOps keep an exact float value exact.
var exactOps = map[string]bool{"tf.Abs": true, "tf.Neg": true, "tf.Maximum": true, "tf.Minimum": true, "tf.Relu": true,
	"tf.Relu6": true, "tf.SelectV2": true, "tf.Floor": true, "tf.Ceil": true, "tf.Round": true, "tf.Rint": true, "tf.Sign": true,
	"tf.Max": true, "tf.Min": true, "tf.LogicalNot": true, "tf.LogicalAnd": true, "tf.LogicalOr": true, "tf.All": true, "tf.Any": true}

// emit writes one op and returns its result value; dims is the result's
// shape (nil: the broadcast of the operands').
func (g *kernelGen) emit(op string, attrs string, dt memref.DType, dims []int, operands ...genValue) genValue {
	if dims == nil {
		var shapes [][]int
		for _, o := range operands {
			shapes = append(shapes, o.dims)
		}
		dims = bcast(shapes...)
	}
	rank := len(dims)
	r := genValue{name: fmt.Sprintf("%%%d", g.next), dt: dt, rank: rank, dims: dims, decl: dynamic(rank)}
	r.exact = !dt.IsFloat() || exactOps[op]
	for _, o := range operands {
		if o.dt.IsFloat() && !o.exact {
			r.exact = false
		}
	}
	g.next++
	names := make([]string, len(operands))
	types := make([]string, len(operands))
	for i, o := range operands {
		names[i], types[i] = o.name, o.typ()
	}
	fmt.Fprintf(&g.b, "  %s = \"%s\"(%s) %s: (%s) -> %s\n", r.name, op, strings.Join(names, ", "), attrs, strings.Join(types, ", "), r.typ())
	return r
}

var (
	genFloatUnary  = []string{"Abs", "Neg", "Exp", "Log", "Log1p", "Sqrt", "Rsqrt", "Tanh", "Sigmoid", "Sin", "Cos", "Erf", "Relu", "Relu6", "Square", "Floor", "Ceil", "Round", "Rint", "Sign", "Reciprocal"}
	genFloatBinary = []string{"AddV2", "Sub", "Mul", "Div", "RealDiv", "FloorDiv", "FloorMod", "Maximum", "Minimum", "Pow", "SquaredDifference"}
	genIntUnary    = []string{"Abs", "Square", "Sign", "Relu", "Relu6", "Reciprocal", "Round"}
	genIntBinary   = []string{"AddV2", "Sub", "Mul", "Div", "FloorDiv", "FloorMod", "Maximum", "Minimum", "Pow", "BitwiseAnd", "BitwiseOr", "BitwiseXor", "SquaredDifference"}
	genCompare     = []string{"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"}
	genReduce      = []string{"Sum", "Prod", "Max", "Min", "Mean"}
	genForward     = []string{"tf.Identity", "tf.StopGradient", "tf.Snapshot", "tf.PreventGradient"}
)

func (g *kernelGen) pick(list []string) string { return list[g.rng.Intn(len(list))] }

// step applies one random op to v, possibly with a second value w of the
// same dtype and a broadcast-compatible shape.
func (g *kernelGen) step(v genValue, pool []genValue) genValue {
	rng := g.rng
	// same picks a value of v's dtype whose shape broadcasts with v's.
	same := func() genValue {
		var c []genValue
		for _, p := range pool {
			if p.dt == v.dt && bcast(p.dims, v.dims) != nil {
				c = append(c, p)
			}
		}
		return c[rng.Intn(len(c))]
	}
	// Discontinuous float ops only on exact operands.
	smooth := !v.dt.IsFloat() || v.exact
	switch k := rng.Intn(10); {
	case k == 0 && v.rank > 0 && v.dt != memref.Float16:
		// reduction over random axes
		var axes []string
		var dims []int
		u := map[int]bool{}
		for a := 0; a < v.rank; a++ {
			if rng.Intn(2) == 0 {
				axes = append(axes, fmt.Sprint(a-v.rank*rng.Intn(2)))
				u[a] = true
			}
		}
		keep := rng.Intn(2) == 0
		for a, d := range v.dims {
			switch {
			case !u[a]:
				dims = append(dims, d)
			case keep:
				dims = append(dims, 1)
			}
		}
		if dims == nil {
			dims = []int{}
		}
		ax := g.emitConstAxes(axes)
		op := g.pick(genReduce)
		if v.dt == memref.Bool {
			op = []string{"All", "Any"}[rng.Intn(2)]
		}
		return g.emit("tf."+op, fmt.Sprintf("{keep_dims = %v} ", keep), v.dt, dims, v, ax)
	case k == 1 && smooth:
		to := genDTypes[rng.Intn(len(genDTypes))]
		return g.emit("tf.Cast", "", to, v.dims, v)
	case k == 2 && v.dt != memref.Bool && smooth:
		w := same()
		if w.dt.IsFloat() && !w.exact {
			w = v
		}
		return g.emit("tf."+g.pick(genCompare), "", memref.Bool, nil, v, w)
	case k == 3 && v.dt != memref.Bool && smooth:
		w := same()
		c := g.emit("tf.Greater", "", memref.Bool, nil, v, v)
		return g.emit("tf.SelectV2", "", v.dt, nil, c, w, v)
	case k == 4 && v.dt != memref.Bool && rng.Intn(2) == 0:
		// a sum of 1 to 12 values of v's type and shape (TF's order of additions)
		like := []genValue{v}
		for _, p := range pool {
			if p.dt == v.dt && slices.Equal(p.dims, v.dims) {
				like = append(like, p)
			}
		}
		ops := []genValue{v}
		for range rng.Intn(12) {
			ops = append(ops, like[rng.Intn(len(like))])
		}
		return g.emit("tf.AddN", "", v.dt, v.dims, ops...)
	}
	switch {
	case v.dt == memref.Bool:
		if rng.Intn(2) == 0 {
			return g.emit("tf.LogicalNot", "", v.dt, v.dims, v)
		}
		w := same()
		return g.emit("tf."+[]string{"LogicalAnd", "LogicalOr"}[rng.Intn(2)], "", v.dt, nil, v, w)
	case v.dt.IsFloat():
		if rng.Intn(2) == 0 {
			op := g.pick(genFloatUnary)
			for !smooth && discontinuous[op] {
				op = g.pick(genFloatUnary)
			}
			return g.emit("tf."+op, "", v.dt, v.dims, v)
		}
		w := same()
		op := g.pick(genFloatBinary)
		for (!smooth || !w.exact) && discontinuous[op] {
			op = g.pick(genFloatBinary)
		}
		return g.emit("tf."+op, "", v.dt, nil, v, w)
	default:
		if rng.Intn(3) == 0 {
			return g.emit("tf."+g.pick(genIntUnary), "", v.dt, v.dims, v)
		}
		w := same()
		return g.emit("tf."+g.pick(genIntBinary), "", v.dt, nil, v, w)
	}
}

// discontinuous float ops jump where the argument crosses a point.
var discontinuous = map[string]bool{"Floor": true, "Ceil": true, "Round": true, "Rint": true, "Sign": true,
	"FloorDiv": true, "FloorMod": true}

func uniqAxes(axes []string, rank int) map[int]bool {
	u := map[int]bool{}
	for _, a := range axes {
		var n int
		fmt.Sscan(a, &n)
		if n < 0 {
			n += rank
		}
		u[n] = true
	}
	return u
}

func (g *kernelGen) emitConstAxes(axes []string) genValue {
	r := genValue{name: fmt.Sprintf("%%c%d", g.next), dt: memref.Int32, rank: 1, dims: []int{len(axes)}, decl: []int{len(axes)}}
	g.next++
	body := "[" + strings.Join(axes, ", ") + "]"
	if len(axes) == 0 {
		body = ""
	}
	fmt.Fprintf(&g.b, "  %s = \"tf.Const\"() {value = dense<%s> : tensor<%dxi32>} : () -> tensor<%dxi32>\n", r.name, body, len(axes), len(axes))
	return r
}

// build writes the kernel text.
func (g *kernelGen) build() string {
	pool := append([]genValue(nil), g.args...)
	v := pool[g.rng.Intn(len(pool))]
	var results []genValue
	steps := 1 + g.rng.Intn(6)
	for i := 0; i < steps; i++ {
		v = g.step(v, pool)
		pool = append(pool, v)
		if g.rng.Intn(5) == 0 {
			results = append(results, v)
		}
	}
	results = append(results, v)
	// Results forward other values as TensorFlow's exporters write them:
	// the last, and every other one before it, through a forwarding op;
	// the first is returned again at the end. (No draw from rng: the
	// kernels of a seed are those they were before, wrapped.)
	for i, r := range results {
		if i == len(results)-1 || i%2 == 1 {
			results[i] = g.emit(genForward[i%len(genForward)], "", r.dt, r.dims, r)
		}
	}
	results = append(results, results[0])
	var params, rtypes, rnames []string
	for _, a := range g.args {
		params = append(params, fmt.Sprintf("%s: %s", a.name, a.typ()))
	}
	for _, r := range results {
		rtypes = append(rtypes, r.typ())
		rnames = append(rnames, r.name)
	}
	return fmt.Sprintf("func.func @test(%s) -> (%s) {\n%s  func.return %s : %s\n}\n",
		strings.Join(params, ", "), strings.Join(rtypes, ", "), g.b.String(), strings.Join(rnames, ", "), strings.Join(rtypes, ", "))
}

// inputs makes random arguments of the arguments' shapes.
func (g *kernelGen) inputs(rng *rand.Rand) []*memref.Tensor {
	var out []*memref.Tensor
	for _, a := range g.args {
		shape := append([]int(nil), a.dims...)
		t, _ := memref.New(a.dt, shape)
		n := t.Len()
		es := a.dt.Size()
		for i := 0; i < n; i++ {
			var bits uint64
			switch a.dt {
			case memref.Float32:
				bits = uint64(math.Float32bits(genFloat(rng)))
			case memref.Float64:
				bits = math.Float64bits(float64(genFloat(rng)))
			case memref.Float16:
				bits = uint64(memref.F32ToF16(genFloat(rng)))
			case memref.BFloat16:
				bits = uint64(memref.F32ToBF16(genFloat(rng)))
			case memref.Bool:
				bits = uint64(rng.Intn(2))
			default:
				bits = uint64(int64(rng.Intn(41) - 20))
				if rng.Intn(20) == 0 {
					bits = rng.Uint64()
				}
			}
			for b := 0; b < es; b++ {
				t.Data[i*es+b] = byte(bits >> (8 * b))
			}
		}
		out = append(out, t)
	}
	return out
}

func genFloat(rng *rand.Rand) float32 {
	switch rng.Intn(40) {
	case 0:
		return float32(math.NaN())
	case 1:
		return float32(math.Inf(1 - 2*rng.Intn(2)))
	case 2:
		return 0
	case 3:
		return float32(rng.Intn(7) - 3)
	}
	return float32(rng.NormFloat64() * 2)
}
