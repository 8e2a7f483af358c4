package lower

import (
	"sort"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// opKind is how an op is checked, shaped and lowered.
type opKind uint8

const (
	kindElementwise opKind = iota // n operands broadcast together (numpy rules); one result
	kindSelect                    // tf.Select: cond same shape, rank-1 over dim 0, or scalar
	kindBiasAdd                   // x + bias along the channel axis (data_format)
	kindCast                      // element type conversion; result type from the declared type
	kindReduce                    // reduction over constant axes with keep_dims
	kindSoftmax                   // softmax / log-softmax over the last axis
	kindConst                     // a dense constant
	kindIdentity                  // forwards its operands: result i is operand i (forward.go)
)

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

func (s typeSet) String() string {
	var names []string
	for _, d := range memref.AllDTypes() {
		if s.has(d) {
			names = append(names, d.String())
		}
	}
	return joinNames(names)
}

var (
	setFloat   = types(memref.Float16, memref.Float32, memref.Float64)
	setSigned  = types(memref.Int8, memref.Int16, memref.Int32, memref.Int64)
	setUint    = types(memref.Uint8, memref.Uint16, memref.Uint32, memref.Uint64)
	setInt     = setSigned | setUint
	setNum     = setInt | setFloat
	setSignedF = setSigned | setFloat
	setBool    = types(memref.Bool)
	setAll     = setNum | setBool
)

// emitFn builds the scalar computation of an elementwise op from its
// operand values. dt is the compute type of the operands (f32 for f16).
type emitFn func(e *emitter, args []int) int

// opDef is one row of the op table.
type opDef struct {
	kind  opKind
	arity int     // tensor operands
	types typeSet // element types of the main operands
	bool  bool    // result is i1 (comparisons, IsFinite)
	emit  emitFn  // elementwise and reduction-combining ops
	red   loopir.Reducer
	mean  bool // kindReduce: divide by the count
	log   bool // kindSoftmax: log-softmax
	// results is the number of results when more than one (their shapes
	// beyond the first come from kindImpl.more); -1: one per operand
	// (tf.IdentityN).
	results int
	// finite: a kindIdentity op that fails the run with an error naming
	// it when an operand holds a NaN or an infinity (tf.CheckNumerics).
	finite bool
	// sameShape: an elementwise op whose operands must have one shape
	// (TensorFlow's kernel does not broadcast them).
	sameShape bool
	// sizes lists the operands whose values size the result (a Reshape's
	// shape, a Range's bounds): the host reads them before each run, from
	// the inputs when they come from arguments (hostval.go).
	sizes []int
}

// un and bin build emitFns for the common shapes.
func un(op loopir.Op) emitFn {
	return func(e *emitter, a []int) int { return e.n.Unary(op, e.dt, a[0]) }
}

func bin(op loopir.Op) emitFn {
	return func(e *emitter, a []int) int { return e.n.Binary(op, e.dt, a[0], a[1]) }
}

func mathFn(fn loopir.MathFn) emitFn {
	return func(e *emitter, a []int) int {
		return e.n.Add(&loopir.Instr{Op: loopir.OpMath, Math: fn, Type: e.dt, Args: []int{a[0]}})
	}
}

func round(m loopir.RoundMode) emitFn {
	return func(e *emitter, a []int) int {
		return e.n.Add(&loopir.Instr{Op: loopir.OpRound, Round: m, Type: e.dt, Args: []int{a[0]}})
	}
}

func cmp(c loopir.Cmp) emitFn {
	return func(e *emitter, a []int) int {
		return e.n.Add(&loopir.Instr{Op: loopir.OpCompare, Cmp: c, Type: memref.Bool, Args: []int{a[0], a[1]}})
	}
}

// opTable is the support matrix of TF ops: one entry a line, each with what
// it computes. `sandjit ops` prints it.
var opTable = map[string]*opDef{
	"tf.Const":             {kind: kindConst, types: setAll},                                            // a dense constant
	"arith.constant":       {kind: kindConst, types: setAll},                                            // a dense constant
	"tf.Identity":          {kind: kindIdentity, arity: 1, types: setAll},                               // x
	"tf.IdentityN":         {kind: kindIdentity, arity: -1, results: -1, types: setAll},                 // x₀, x₁, …: result i is operand i
	"tf.StopGradient":      {kind: kindIdentity, arity: 1, types: setAll},                               // x
	"tf.PreventGradient":   {kind: kindIdentity, arity: 1, types: setAll},                               // x (its message concerns gradients)
	"tf.Snapshot":          {kind: kindIdentity, arity: 1, types: setAll},                               // x
	"tf.CheckNumerics":     {kind: kindIdentity, arity: 1, types: setFloat, finite: true},               // x; a NaN or Inf fails the run
	"tf.Abs":               {arity: 1, types: setNum, emit: un(loopir.OpAbs)},                           // |x|
	"tf.Neg":               {arity: 1, types: setSignedF, emit: un(loopir.OpNeg)},                       // -x
	"tf.Exp":               {arity: 1, types: setFloat, emit: mathFn(loopir.MathExp)},                   // e**x
	"tf.Log":               {arity: 1, types: setFloat, emit: mathFn(loopir.MathLog)},                   // ln x
	"tf.Log1p":             {arity: 1, types: setFloat, emit: mathFn(loopir.MathLog1p)},                 // ln(1+x)
	"tf.Sqrt":              {arity: 1, types: setFloat, emit: un(loopir.OpSqrt)},                        // √x
	"tf.Rsqrt":             {arity: 1, types: setFloat, emit: un(loopir.OpRsqrt)},                       // 1/√x
	"tf.Tanh":              {arity: 1, types: setFloat, emit: mathFn(loopir.MathTanh)},                  // tanh x
	"tf.Sigmoid":           {arity: 1, types: setFloat, emit: mathFn(loopir.MathLogistic)},              // 1/(1+e**-x)
	"tf.Sin":               {arity: 1, types: setFloat, emit: mathFn(loopir.MathSin)},                   // sin x
	"tf.Cos":               {arity: 1, types: setFloat, emit: mathFn(loopir.MathCos)},                   // cos x
	"tf.Erf":               {arity: 1, types: setFloat, emit: mathFn(loopir.MathErf)},                   // erf x
	"tf.Relu":              {arity: 1, types: setNum, emit: emitRelu},                                   // max(x, 0), NaN stays
	"tf.Relu6":             {arity: 1, types: setNum, emit: emitRelu6},                                  // min(max(x, 0), 6)
	"tf.Square":            {arity: 1, types: setNum, emit: emitSquare},                                 // x*x
	"tf.Floor":             {arity: 1, types: setFloat, emit: round(loopir.RoundFloor)},                 // ⌊x⌋
	"tf.Ceil":              {arity: 1, types: setFloat, emit: round(loopir.RoundCeil)},                  // ⌈x⌉
	"tf.Round":             {arity: 1, types: setNum, emit: round(loopir.RoundHalfEven)},                // nearest, ties to even
	"tf.Rint":              {arity: 1, types: setFloat, emit: round(loopir.RoundHalfEven)},              // nearest, ties to even
	"tf.Sign":              {arity: 1, types: setNum, emit: un(loopir.OpSign)},                          // -1, 0, 1 (NaN stays)
	"tf.Reciprocal":        {arity: 1, types: setNum, emit: un(loopir.OpRecip)},                         // 1/x
	"tf.IsFinite":          {arity: 1, types: setFloat, bool: true, emit: emitIsFinite},                 // not NaN nor ±Inf
	"tf.LogicalNot":        {arity: 1, types: setBool, emit: un(loopir.OpNot)},                          // !x
	"tf.Add":               {arity: 2, types: setNum, emit: bin(loopir.OpAdd)},                          // x + y
	"tf.AddV2":             {arity: 2, types: setNum, emit: bin(loopir.OpAdd)},                          // x + y
	"tf.Sub":               {arity: 2, types: setNum, emit: bin(loopir.OpSub)},                          // x - y
	"tf.Mul":               {arity: 2, types: setNum, emit: bin(loopir.OpMul)},                          // x * y
	"tf.Div":               {arity: 2, types: setNum, emit: bin(loopir.OpDiv)},                          // x / y (ints truncate; /0 = -1)
	"tf.RealDiv":           {arity: 2, types: setNum, emit: bin(loopir.OpDiv)},                          // x / y
	"tf.FloorDiv":          {arity: 2, types: setNum, emit: emitFloorDiv},                               // ⌊x / y⌋
	"tf.FloorMod":          {arity: 2, types: setNum, emit: bin(loopir.OpFloorMod)},                     // x mod y, sign of y
	"tf.Maximum":           {arity: 2, types: setNum, emit: bin(loopir.OpMax)},                          // max, NaN-propagating
	"tf.Minimum":           {arity: 2, types: setNum, emit: bin(loopir.OpMin)},                          // min, NaN-propagating
	"tf.Pow":               {arity: 2, types: setNum, emit: bin(loopir.OpPow)},                          // x ** y
	"tf.SquaredDifference": {arity: 2, types: setNum, emit: emitSquaredDifference},                      // (x - y)²
	"tf.BiasAdd":           {kind: kindBiasAdd, arity: 2, types: setNum, emit: bin(loopir.OpAdd)},       // x + bias[channel]
	"tf.Equal":             {arity: 2, types: setAll, bool: true, emit: cmp(loopir.CmpEq)},              // x == y
	"tf.NotEqual":          {arity: 2, types: setAll, bool: true, emit: cmp(loopir.CmpNe)},              // x != y
	"tf.Less":              {arity: 2, types: setNum, bool: true, emit: cmp(loopir.CmpLt)},              // x < y
	"tf.LessEqual":         {arity: 2, types: setNum, bool: true, emit: cmp(loopir.CmpLe)},              // x <= y
	"tf.Greater":           {arity: 2, types: setNum, bool: true, emit: cmp(loopir.CmpGt)},              // x > y
	"tf.GreaterEqual":      {arity: 2, types: setNum, bool: true, emit: cmp(loopir.CmpGe)},              // x >= y
	"tf.LogicalAnd":        {arity: 2, types: setBool, emit: bin(loopir.OpAnd)},                         // x && y
	"tf.LogicalOr":         {arity: 2, types: setBool, emit: bin(loopir.OpOr)},                          // x || y
	"tf.BitwiseAnd":        {arity: 2, types: setInt, emit: bin(loopir.OpAnd)},                          // x & y
	"tf.BitwiseOr":         {arity: 2, types: setInt, emit: bin(loopir.OpOr)},                           // x | y
	"tf.BitwiseXor":        {arity: 2, types: setInt, emit: bin(loopir.OpXor)},                          // x ^ y
	"tf.Select":            {kind: kindSelect, arity: 3, types: setAll, emit: emitSelect},               // cond ? x : y (rows or scalar cond)
	"tf.SelectV2":          {arity: 3, types: setAll, emit: emitSelect},                                 // cond ? x : y, broadcasting
	"tf.Cast":              {kind: kindCast, arity: 1, types: setAll},                                   // convert element type
	"tf.Sum":               {kind: kindReduce, arity: 2, types: setNum, red: loopir.RedSum},             // Σ over axes
	"tf.Prod":              {kind: kindReduce, arity: 2, types: setNum, red: loopir.RedProd},            // Π over axes
	"tf.Max":               {kind: kindReduce, arity: 2, types: setNum, red: loopir.RedMax},             // max over axes, NaN-propagating
	"tf.Min":               {kind: kindReduce, arity: 2, types: setNum, red: loopir.RedMin},             // min over axes, NaN-propagating
	"tf.Mean":              {kind: kindReduce, arity: 2, types: setNum, red: loopir.RedSum, mean: true}, // Σ / count (ints truncate)
	"tf.All":               {kind: kindReduce, arity: 2, types: setBool, red: loopir.RedAll},            // ∧ over axes
	"tf.Any":               {kind: kindReduce, arity: 2, types: setBool, red: loopir.RedAny},            // ∨ over axes
	"tf.Softmax":           {kind: kindSoftmax, arity: 1, types: setFloat},                              // exp(x-max)/Σexp(x-max), last axis
	"tf.LogSoftmax":        {kind: kindSoftmax, arity: 1, types: setFloat, log: true},                   // (x-max) - log Σexp(x-max)
}

func emitIsFinite(e *emitter, a []int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpIsFinite, Type: memref.Bool, Args: []int{a[0]}})
}

func emitRelu(e *emitter, a []int) int {
	return e.n.Binary(loopir.OpMax, e.dt, a[0], e.constF(0))
}

func emitRelu6(e *emitter, a []int) int {
	r := e.n.Binary(loopir.OpMax, e.dt, a[0], e.constF(0))
	return e.n.Binary(loopir.OpMin, e.dt, r, e.constF(6))
}

func emitSquare(e *emitter, a []int) int { return e.n.Binary(loopir.OpMul, e.dt, a[0], a[0]) }

func emitSquaredDifference(e *emitter, a []int) int {
	d := e.mid(e.n.Binary(loopir.OpSub, e.dt, a[0], a[1]))
	return e.n.Binary(loopir.OpMul, e.dt, d, d)
}

// emitFloorDiv is floor(x / y), the quotient rounded to the storage type
// first (so f16 floors its f16 quotient).
func emitFloorDiv(e *emitter, a []int) int {
	if e.store != memref.Float16 {
		return e.n.Binary(loopir.OpFloorDiv, e.dt, a[0], a[1])
	}
	q := e.mid(e.n.Binary(loopir.OpDiv, e.dt, a[0], a[1]))
	return e.n.Add(&loopir.Instr{Op: loopir.OpRound, Round: loopir.RoundFloor, Type: e.dt, Args: []int{q}})
}

func emitSelect(e *emitter, a []int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: e.dt, Args: []int{a[0], a[1], a[2]}})
}

// knownUnsupported lists TF ops that real kernels use and sandjit does not
// implement yet; they get a plain "not supported" error instead of a
// spelling suggestion.
var knownUnsupported = []string{
	"tf.Lgamma", "tf.Digamma", "tf.Igamma", "tf.Igammac", "tf.BesselI0e", "tf.BesselI1e", "tf.RandomUniform",
	"tf.RandomStandardNormal", "tf.Sort", "tf.TopKV2", "tf.Unique", "tf.Where", "tf.NonMaxSuppressionV5",
}

// SupportedOps lists the names of every op the compiler accepts, sorted.
func SupportedOps() []string {
	names := make([]string, 0, len(opTable))
	for n := range opTable {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// OpSupport describes one op of the support matrix.
type OpSupport struct {
	Name   string   `json:"name"`            // "tf.AddV2"
	DTypes []string `json:"dtypes"`          // element types it accepts ("f32", "i32", …)
	Needs  string   `json:"needs,omitempty"` // what must be known when compiling or before the run (constraints)
	Notes  string   `json:"notes,omitempty"` // semantics worth knowing
}

// known marks operands whose value shapes the computation (a perm, an
// axis): they must be known when compiling; read marks operands that only
// size results (a Reshape's shape): the host reads them before each run.
// KnownBeforeRun says how each can be given.
const (
	known = "known"
	read  = "read"
)

// KnownBeforeRun explains the "known" and "read" of OpSupport.Needs.
const KnownBeforeRun = `known: known when compiling: a constant, a computation on static shapes, or an argument with a "value" constraint (one executable per value)
read:  read by the host before each run: any of those, an integer argument, or integer ops (tf.Shape, tf.Pack, tf.Mul, …) on them (one executable for every value)`

// kindNeeds says, per op kind, which operands must be known and how.
var kindNeeds = map[opKind]string{
	kindReduce:       "reduction indices: " + known,
	kindTranspose:    "perm: " + known,
	kindReshape:      "shape / dim: " + read,
	kindBroadcastTo:  "shape: " + read,
	kindFill:         "dims: " + read,
	kindSlice:        "begin, size: " + read,
	kindStridedSlice: "begin, end, strides: " + read,
	kindReverse:      "axis: " + known,
	kindConcat:       "axis: " + known,
	kindTile:         "multiples: " + read,
	kindPad:          "paddings: " + read,
	kindRange:        "start, limit, delta: " + read,
	kindOneHot:       "depth: " + read,
	kindArgMinMax:    "dimension: " + known,
	kindCumsum:       "axis: " + known,
}

// kindNotes says what is worth knowing of an op kind's semantics.
var kindNotes = map[opKind]string{
	kindIdentity:    "forwards its operands: a result is its operand's tensor, never a copy inside the kernel",
	kindReduce:      "keep_dims; empty axis lists and zero-size dims as TF",
	kindSoftmax:     "over the last axis",
	kindBiasAdd:     "data_format NHWC or NCHW",
	kindSelect:      "cond: same shape, rank 1 over dim 0, or scalar",
	kindGather:      "an index out of range stops the run with an error naming the op",
	kindScatter:     "an index out of range stops the run with an error naming the op; repeated indices apply in order",
	kindArgMinMax:   "ties give the first index; a NaN wins (as numpy and XLA; TF's CPU kernel skips NaN)",
	kindCumsum:      "exclusive, reverse; sums rounded to the element type at every step",
	kindMatMul:      "transpose_a/b, adj_x/adj_y; batch dims broadcast",
	kindRange:       "sizes computed exactly for integers",
	kindReshape:     "a view: no copy; Squeeze without squeeze_dims needs to know which dims are 1 (static, or a shape specialization)",
	kindBroadcastTo: "numpy broadcasting",
}

// controlSupport describes the ops the host runs (flow.go).
var controlSupport = map[string]string{
	"tf.If":                      "then_branch / else_branch: functions of the module; the condition follows TF's truth rule",
	"tf.StatelessIf":             "as tf.If",
	"tf.IfRegion":                "two regions ending in tf.Yield; they may use values of the enclosing function",
	"tf.While":                   "cond / body: functions of the module; iterations return to the host (deadline, WithMaxIterations); loop values may change shape",
	"tf.StatelessWhile":          "as tf.While",
	"tf.WhileRegion":             "cond and body regions ending in tf.Yield, as tf.While",
	"tf.PartitionedCall":         "f: a function of the module",
	"tf.StatefulPartitionedCall": "as tf.PartitionedCall",
}

// SupportMatrix returns the support matrix as data, sorted by op name:
// every op sandjit compiles, with its element types and what it needs
// (the control ops run by the host included).
func SupportMatrix() []OpSupport {
	var out []OpSupport
	for _, n := range SupportedOps() {
		d := opTable[n]
		var dts []string
		for _, dt := range memref.AllDTypes() {
			if d.types.has(dt) {
				dts = append(dts, dt.String())
			}
		}
		note := kindNotes[d.kind]
		if d.kind == kindElementwise && d.arity > 1 && !d.sameShape {
			note = "numpy broadcasting"
		}
		if d.finite {
			note = "forwards its operand; a NaN or Inf stops the run with an error naming the op and its message"
		}
		out = append(out, OpSupport{Name: n, DTypes: dts, Needs: kindNeeds[d.kind], Notes: note})
	}
	var all []string
	for _, dt := range memref.CompiledDTypes() {
		all = append(all, dt.String())
	}
	for n, note := range controlSupport {
		out = append(out, OpSupport{Name: n, DTypes: all, Notes: note})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
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
