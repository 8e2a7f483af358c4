package lower

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/ops/aggregate"
	"github.com/sandjit/sandjit/internal/ops/array"
	"github.com/sandjit/sandjit/internal/ops/cplx"
	"github.com/sandjit/sandjit/internal/ops/einsum"
	"github.com/sandjit/sandjit/internal/ops/pool"
	"github.com/sandjit/sandjit/internal/ops/scatter"
	"github.com/sandjit/sandjit/internal/ops/topk"
	"sort"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// The op registry. Each op the compiler knows is one *opDef, built by the
// function of its family (elementwiseOps, reduceOps, dataOps, …) and
// collected into registry when the package is initialized; nothing else
// in the package switches on op names. Checking, shape functions, host
// evaluation, lowering and the support matrix all read the entry. A test
// (TestRegistryConsistent) holds every entry to the parts it needs, so a
// missing piece fails `go test`, not a run.

// opDef is everything the compiler knows of one op.
type opDef struct {
	name  string
	doc   string // what it computes, one line (the README's op table)
	notes string // semantics worth knowing (the support matrix)
	needs string // operands that must be known when compiling or read before the run
	tier  int    // 1: the core; 2: data movement, indexing, forwarding; 3: networks and control flow

	arity int     // tensor operands; -1: any number
	types typeSet // element types of the main operands
	// results is the number of results when more than one (their shapes
	// beyond the first come from more); -1: one per operand (forwarding).
	results int
	// counted: the op checks its own number of results (an attribute's
	// count); more gives the dims of results 1….
	counted bool
	// sizes lists the operands whose values size the result (a reshape's
	// shape, a range's bounds): the host reads them before each run, from
	// the inputs when they come from arguments (hostval.go).
	sizes []int

	// check checks operand types and attributes and records what lowering
	// needs in the facts; it returns a message for the first problem.
	check func(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string
	// dims is the shape function. It works on static types (dims may be
	// Dynamic) when checking, and on concrete shapes at run time. vals
	// are the operands' host values where known.
	dims func(op *mlir.Op, f *opFacts, in [][]int, vals [][]int64) ([]int, string)
	// elem is the result's element type; nil: i1 when bool is set, else
	// the last operand's.
	elem  func(op *mlir.Op, f *opFacts, in []mlir.TensorType) memref.DType
	lower func(b *builder, op *mlir.Op, f *opFacts, res *mlir.Value)
	// more gives the dims of results 1… of an op with several results,
	// from its operands' dims (Dynamic where unknown while checking);
	// their element types are the declared ones, which check verifies.
	more func(op *mlir.Op, f *opFacts, in [][]int) [][]int
	// sym gives the symbol of dynamic dim a of the result from the
	// operands' symbols, or -1 (a fresh symbol); nil: always fresh.
	sym func(c *checked, op *mlir.Op, f *opFacts, out mlir.TensorType, a int) int
	// shapeArg is 1 + the index of the operand that is the result's
	// shape, when there is one (the shape of a value there gives the result the
	// dims of that shape's source); 0: none.
	shapeArg int

	// host computes the op's integer result on the host (hostEval);
	// nil: the host never does.
	host hostFn
	// hostShapes: host reads its operands' shapes only, never their
	// values; axisLast: the last operand is a compile-time axis, not a
	// value the host reads.
	hostShapes, axisLast bool

	// Elementwise and reductions.
	bool      bool   // result is i1 (comparisons, finiteness tests)
	emit      emitFn // elementwise and reduction-combining ops
	red       loopir.Reducer
	mean      bool   // a reduction that divides by the count
	norm      bool   // a reduction of squares, square-rooted (the Euclidean norm)
	log       bool   // log-softmax
	sameShape bool   // elementwise operands must have one shape (no broadcasting)
	floatAttr string // the op's float attribute, if any (absent, float or integer)
	// incompatible: with incompatible_shape_error = false, operand shapes
	// that do not broadcast give a scalar of value incompatibleValue
	// (ops_equal.go).
	incompatible, incompatibleValue bool

	constant bool // a dense constant: its value attribute is the result
	forward  bool // result i is operand i (forward.go)
	finite   bool // forward, failing the run at a NaN or an infinity
	view     bool // the lowering makes the result a view of operand 0's buffer
	// partwise: complex operands are computed part by part, the lowering's
	// complex loads, stores, selects, sums and zeros rewritten to act on
	// each part (builder.complexify): data movement, mostly.
	partwise bool

	control ControlKind // the host runs it (flow.go); no other field but doc, notes, tier applies
}

// hostFn computes an op's integer result from its operands' values (nil
// where unknown) and shapes; out is the result's shape, elem its element
// type. ok is false when a needed operand value is unknown or the result
// cannot be computed.
type hostFn func(op *mlir.Op, f *opFacts, vals [][]int64, shapes [][]int, out []int, elem memref.DType) ([]int64, bool)

// registry holds every op, by name. It is static data: buildRegistry
// panics on a duplicate, which TestRegistryConsistent would show first.
var registry = buildRegistry(
	constOps(), elementwiseOps(), extraOps(), specialOps(), bitOps(), reduceOps(), forwardOps(), dataOps(),
	gatherOps(), scanOps(), linalgOps(), nnOps(), controlOps(), fromKit(array.Ops()), fromKit(scatter.Ops()), fromKit(einsum.Ops()), fromKit(pool.Ops()),
	fromKit(cplx.Ops()), fromKit(topk.Ops()), fromKit(aggregate.Ops()),
)

func buildRegistry(families ...[]*opDef) map[string]*opDef {
	r := map[string]*opDef{}
	for _, fam := range families {
		for _, d := range fam {
			if r[d.name] != nil {
				panic("lower: op " + d.name + " registered twice")
			}
			r[d.name] = d
		}
	}
	return r
}

// lookup returns the op's entry, or nil.
func lookup(name string) *opDef { return registry[name] }

// IsControl reports whether the host runs op name (control flow or a call).
func IsControl(name string) bool {
	d := registry[name]
	return d != nil && d.control != 0
}

// controlKind is the control kind of op name, or 0.
func controlKind(name string) ControlKind {
	if d := registry[name]; d != nil {
		return d.control
	}
	return 0
}

// isConstOp reports whether op is a constant.
func isConstOp(op *mlir.Op) bool {
	if op == nil {
		return false
	}
	d := registry[op.Name]
	return d != nil && d.constant && len(op.Operands) == 0 && len(op.Regions) == 0
}

// knownUnsupported lists TF ops that real kernels use and sandjit does not
// implement yet; they get a plain "not supported" error instead of a
// spelling suggestion.
var knownUnsupported = []string{
	"tf.RandomUniform",
	"tf.RandomStandardNormal", "tf.Sort", "tf.NonMaxSuppressionV5",
}

func isKnownUnsupported(name string) bool {
	for _, n := range knownUnsupported {
		if n == name {
			return true
		}
	}
	return false
}

// SupportedOps lists the names of every op the compiler accepts (the
// control ops, which the host runs, aside), sorted.
func SupportedOps() []string {
	names := make([]string, 0, len(registry))
	for n, d := range registry {
		if d.control == 0 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// OpSupport describes one op of the support matrix.
type OpSupport struct {
	Name   string   `json:"name"`            // with its dialect: "tf.…"
	DTypes []string `json:"dtypes"`          // element types it accepts ("f32", "i32", …)
	Needs  string   `json:"needs,omitempty"` // what must be known when compiling or before the run (constraints)
	Notes  string   `json:"notes,omitempty"` // semantics worth knowing
	// Computes says what the op computes, in a line.
	Computes string `json:"-"`
	// Tier is the op's tier: 1 the core, 2 data movement, indexing and
	// forwarding, 3 networks and control flow.
	Tier int `json:"-"`
}

// known marks operands whose value shapes the computation (a perm, an
// axis): they must be known when compiling; read marks operands that only
// size results (a reshape's shape): the host reads them before each run.
// KnownBeforeRun says how each can be given.
const (
	known = "known"
	read  = "read"
)

// KnownBeforeRun explains the "known" and "read" of OpSupport.Needs.
const KnownBeforeRun = `known: known when compiling: a constant, a computation on static shapes, or an argument with a "value" constraint (one executable per value)
read:  read by the host before each run: any of those, an integer argument, or integer ops on them (shapes, stacks and slices of their elements, arithmetic; one executable for every value)`

// SupportMatrix returns the support matrix as data, sorted by op name:
// every op sandjit compiles, with its element types and what it needs
// (the control ops run by the host included).
func SupportMatrix() []OpSupport {
	out := make([]OpSupport, 0, len(registry))
	for n, d := range registry {
		var dts []string
		for _, dt := range memref.CompiledDTypes() {
			if e := complexExt[shortName(n)]; d.control != 0 && d.control != ControlHost || d.types.has(dt) || e != nil && e.types.has(dt) {
				dts = append(dts, supportName(dt))
			}
		}
		out = append(out, OpSupport{Name: n, DTypes: dts, Needs: d.needs, Notes: d.notes, Computes: d.doc, Tier: d.tier})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// supportName is dt's name in the support matrix: MLIR's, but complex64
// and complex128 for the complex types, as TensorFlow, numpy and users
// name them (MLIR text and diagnostics keep complex<f32>).
func supportName(dt memref.DType) string {
	switch dt {
	case memref.Complex64:
		return "complex64"
	case memref.Complex128:
		return "complex128"
	}
	return dt.String()
}

// suggest returns the supported op name nearest to name (edit distance),
// or "" when nothing is close.
func suggest(name string) string {
	best, bestD := "", 1<<30
	for _, cand := range SupportedOps() {
		d := editDistance(lowerASCII(name), lowerASCII(cand))
		if d < bestD {
			best, bestD = cand, d
		}
	}
	if bestD <= max(2, len(name)/4) {
		return best
	}
	return ""
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// typeSet is the set of element types an op accepts.
type typeSet uint16

func types(dts ...memref.DType) typeSet {
	var s typeSet
	for _, d := range dts {
		s |= 1 << d
	}
	return s
}

func (s typeSet) has(dt memref.DType) bool { return s&(1<<dt) != 0 }

func (s typeSet) String() string { return opkit.Types(s).String() }

var (
	setFloat   = types(memref.Float16, memref.Float32, memref.Float64, memref.BFloat16)
	setSigned  = types(memref.Int8, memref.Int16, memref.Int32, memref.Int64)
	setUint    = types(memref.Uint8, memref.Uint16, memref.Uint32, memref.Uint64)
	setInt     = setSigned | setUint
	setNum     = setInt | setFloat
	setSignedF = setSigned | setFloat
	setBool    = types(memref.Bool)
	setAll     = setNum | setBool
	setComplex = types(memref.Complex64, memref.Complex128) // forwarding and partwise ops only: complex arithmetic is internal/ops/cplx's
	setMoved   = setAll | setComplex                        // ops that move elements: complex ones partwise
)

func firstElem(_ *mlir.Op, _ *opFacts, in []mlir.TensorType) memref.DType { return in[0].Elem }

func dimsFirst(_ *mlir.Op, _ *opFacts, in [][]int, _ [][]int64) ([]int, string) { return in[0], "" }

// symOf gives the result the symbols of operand x (a result of its shape).
func symOf(x int) func(c *checked, op *mlir.Op, f *opFacts, out mlir.TensorType, a int) int {
	return func(c *checked, op *mlir.Op, _ *opFacts, _ mlir.TensorType, a int) int {
		return c.syms[op.Operands[x].ID][a]
	}
}

// checkElems checks that operands from… have def's element types, all
// the same.
func checkElems(def *opDef, in []mlir.TensorType, from int) string {
	for i := from; i < len(in); i++ {
		if !def.types.has(in[i].Elem) {
			return fmt.Sprintf("operand #%d must be a tensor of %s values, but got %s", i, def.types, in[i])
		}
		if i > from && in[i].Elem != in[from].Elem {
			return fmt.Sprintf("requires the same element type for all operands, got %s and %s", in[from], in[i])
		}
	}
	return ""
}

func lastElem(_ *mlir.Op, _ *opFacts, in []mlir.TensorType) memref.DType { return in[len(in)-1].Elem }
