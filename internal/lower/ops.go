package lower

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/shape"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// The core ops: constants, elementwise ops (numpy broadcasting), casts,
// reductions over constant axes and softmax. One entry a line; the family
// functions fill in the parts the entries of a family share.

// emitFn builds the scalar computation of an elementwise op from its
// operand values. dt is the compute type of the operands (f32 for f16).
type emitFn func(e *emitter, args []int) int

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

func constOps() []*opDef {
	ops := []*opDef{
		{name: "tf.Const", types: setAll, doc: "a dense constant"},
		{name: "arith.constant", types: setAll, doc: "a dense constant"},
	}
	for _, d := range ops {
		d.constant, d.tier, d.types, d.partwise = true, 1, setMoved, true
		d.check, d.dims, d.elem, d.lower, d.host = checkConst, dimsConst, constElem, lowerConstOp, hostConst
	}
	return ops
}

func elementwiseOps() []*opDef {
	ops := []*opDef{
		{name: "tf.Abs", arity: 1, types: setNum, emit: un(loopir.OpAbs), doc: "|x|"},
		{name: "tf.Neg", arity: 1, types: setSignedF, emit: un(loopir.OpNeg), host: hostNeg, doc: "-x"},
		{name: "tf.Exp", arity: 1, types: setFloat, emit: mathFn(loopir.MathExp), doc: "e**x"},
		{name: "tf.Log", arity: 1, types: setFloat, emit: mathFn(loopir.MathLog), doc: "ln x"},
		{name: "tf.Log1p", arity: 1, types: setFloat, emit: mathFn(loopir.MathLog1p), doc: "ln(1+x)"},
		{name: "tf.Sqrt", arity: 1, types: setFloat, emit: un(loopir.OpSqrt), doc: "√x"},
		{name: "tf.Rsqrt", arity: 1, types: setFloat, emit: un(loopir.OpRsqrt), doc: "1/√x"},
		{name: "tf.Tanh", arity: 1, types: setFloat, emit: mathFn(loopir.MathTanh), doc: "tanh x"},
		{name: "tf.Sigmoid", arity: 1, types: setFloat, emit: mathFn(loopir.MathLogistic), doc: "1/(1+e**-x)"},
		{name: "tf.Sin", arity: 1, types: setFloat, emit: mathFn(loopir.MathSin), doc: "sin x"},
		{name: "tf.Cos", arity: 1, types: setFloat, emit: mathFn(loopir.MathCos), doc: "cos x"},
		{name: "tf.Erf", arity: 1, types: setFloat, emit: mathFn(loopir.MathErf), doc: "erf x"},
		{name: "tf.Relu", arity: 1, types: setNum, emit: emitRelu, doc: "max(x, 0), NaN stays"},
		{name: "tf.Relu6", arity: 1, types: setNum, emit: emitRelu6, doc: "min(max(x, 0), 6)"},
		{name: "tf.Square", arity: 1, types: setNum, emit: emitSquare, doc: "x*x"},
		{name: "tf.Floor", arity: 1, types: setFloat, emit: round(loopir.RoundFloor), doc: "⌊x⌋"},
		{name: "tf.Ceil", arity: 1, types: setFloat, emit: round(loopir.RoundCeil), doc: "⌈x⌉"},
		{name: "tf.Round", arity: 1, types: setNum, emit: round(loopir.RoundHalfEven), doc: "nearest, ties to even"},
		{name: "tf.Rint", arity: 1, types: setFloat, emit: round(loopir.RoundHalfEven), doc: "nearest, ties to even"},
		{name: "tf.Sign", arity: 1, types: setNum, emit: un(loopir.OpSign), doc: "-1, 0, 1 (NaN stays)"},
		{name: "tf.Reciprocal", arity: 1, types: setNum, emit: un(loopir.OpRecip), doc: "1/x"},
		{name: "tf.IsFinite", arity: 1, types: setFloat, bool: true, emit: emitIsFinite, doc: "not NaN nor ±Inf"},
		{name: "tf.LogicalNot", arity: 1, types: setBool, emit: un(loopir.OpNot), doc: "!x"},
		{name: "tf.Add", arity: 2, types: setNum, emit: bin(loopir.OpAdd), host: hostBin(hostAdd), doc: "x + y"},
		{name: "tf.AddV2", arity: 2, types: setNum, emit: bin(loopir.OpAdd), host: hostBin(hostAdd), doc: "x + y"},
		{name: "tf.Sub", arity: 2, types: setNum, emit: bin(loopir.OpSub), host: hostBin(hostSub), doc: "x - y"},
		{name: "tf.Mul", arity: 2, types: setNum, emit: bin(loopir.OpMul), host: hostBin(hostMul), doc: "x * y"},
		{name: "tf.Div", arity: 2, types: setNum, emit: bin(loopir.OpDiv), doc: "x / y (ints truncate; /0 = -1)"},
		{name: "tf.RealDiv", arity: 2, types: setNum, emit: bin(loopir.OpDiv), doc: "x / y"},
		{name: "tf.FloorDiv", arity: 2, types: setNum, emit: emitFloorDiv, host: hostBin(hostFloorDiv), doc: "⌊x / y⌋"},
		{name: "tf.FloorMod", arity: 2, types: setNum, emit: bin(loopir.OpFloorMod), doc: "x mod y, sign of y"},
		{name: "tf.Maximum", arity: 2, types: setNum, emit: bin(loopir.OpMax), host: hostBin(hostMax), doc: "max, NaN-propagating"},
		{name: "tf.Minimum", arity: 2, types: setNum, emit: bin(loopir.OpMin), host: hostBin(hostMin), doc: "min, NaN-propagating"},
		{name: "tf.Pow", arity: 2, types: setNum, emit: bin(loopir.OpPow), doc: "x ** y"},
		{name: "tf.SquaredDifference", arity: 2, types: setNum, emit: emitSquaredDifference, doc: "(x - y)²"},
		{name: "tf.Equal", arity: 2, types: setAll, bool: true, emit: cmp(loopir.CmpEq), incompatible: true, incompatibleValue: false, doc: "x == y"},
		{name: "tf.NotEqual", arity: 2, types: setAll, bool: true, emit: cmp(loopir.CmpNe), incompatible: true, incompatibleValue: true, doc: "x != y"},
		{name: "tf.Less", arity: 2, types: setNum, bool: true, emit: cmp(loopir.CmpLt), doc: "x < y"},
		{name: "tf.LessEqual", arity: 2, types: setNum, bool: true, emit: cmp(loopir.CmpLe), doc: "x <= y"},
		{name: "tf.Greater", arity: 2, types: setNum, bool: true, emit: cmp(loopir.CmpGt), doc: "x > y"},
		{name: "tf.GreaterEqual", arity: 2, types: setNum, bool: true, emit: cmp(loopir.CmpGe), doc: "x >= y"},
		{name: "tf.LogicalAnd", arity: 2, types: setBool, emit: bin(loopir.OpAnd), doc: "x && y"},
		{name: "tf.LogicalOr", arity: 2, types: setBool, emit: bin(loopir.OpOr), doc: "x || y"},
		{name: "tf.BitwiseAnd", arity: 2, types: setInt, emit: bin(loopir.OpAnd), doc: "x & y"},
		{name: "tf.BitwiseOr", arity: 2, types: setInt, emit: bin(loopir.OpOr), doc: "x | y"},
		{name: "tf.BitwiseXor", arity: 2, types: setInt, emit: bin(loopir.OpXor), doc: "x ^ y"},
		{name: "tf.SelectV2", arity: 3, types: setMoved, emit: emitSelect, check: checkSelect, partwise: true, doc: "cond ? x : y, broadcasting"},
	}
	return elementwise(append(ops, castOps()...)...)
}

func emitIsFinite(e *emitter, a []int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpIsFinite, Type: memref.Bool, Args: []int{a[0]}})
}

// elementwise fills in what the elementwise ops share: a broadcasting
// shape function, one nest, the symbols of the operands that give each
// dim.
func elementwise(ops ...*opDef) []*opDef {
	for _, d := range ops {
		d.tier = max(d.tier, 1)
		if d.check == nil {
			d.check = checkElementwise
		}
		if d.dims == nil {
			d.dims, d.lower, d.sym = dimsElementwise, lowerElementwise, symBroadcast
		}
		if d.arity > 1 && !d.sameShape && d.notes == "" {
			d.notes = "numpy broadcasting"
		}
	}
	return ops
}

func reduceOps() []*opDef {
	ops := []*opDef{
		{name: "tf.Sum", host: hostSum, arity: 2, types: setNum, red: loopir.RedSum, doc: "Σ over axes"},
		{name: "tf.Prod", host: hostProd, arity: 2, types: setNum, red: loopir.RedProd, doc: "Π over axes"},
		{name: "tf.Max", arity: 2, types: setNum, red: loopir.RedMax, doc: "max over axes, NaN-propagating"},
		{name: "tf.Min", arity: 2, types: setNum, red: loopir.RedMin, doc: "min over axes, NaN-propagating"},
		{name: "tf.Mean", arity: 2, types: setNum, red: loopir.RedSum, mean: true, doc: "Σ / count (ints truncate)"},
		{name: "tf.EuclideanNorm", arity: 2, types: setFloat, red: loopir.RedSum, norm: true, doc: "√Σx² over axes"},
		{name: "tf.All", arity: 2, types: setBool, red: loopir.RedAll, doc: "∧ over axes"},
		{name: "tf.Any", arity: 2, types: setBool, red: loopir.RedAny, doc: "∨ over axes"},
		{name: "tf.Softmax", arity: 1, types: setFloat, doc: "exp(x-max)/Σexp(x-max), last axis"},
		{name: "tf.LogSoftmax", arity: 1, types: setFloat, log: true, doc: "(x-max) - log Σexp(x-max)"},
	}
	for _, d := range ops {
		d.tier = 1
		if d.red == 0 && !d.mean && d.arity == 1 { // softmax, log-softmax
			d.check, d.dims, d.lower, d.sym, d.notes = checkSoftmax, dimsFirst, lowerSoftmax, symOf(0), "over the last axis"
			continue
		}
		d.check, d.dims, d.elem, d.lower, d.sym = checkReduce, dimsReduce, firstElem, lowerReduce, symReduce
		d.needs, d.notes = "reduction indices: "+known, "keep_dims; empty axis lists and zero-size dims as TF"
	}
	return ops
}

func castOps() []*opDef {
	return []*opDef{
		{name: "tf.Cast", arity: 1, types: setAll, doc: "convert element type", tier: 1, host: hostCast,
			check: checkCast, dims: dimsFirst, elem: castElem, lower: lowerCast, sym: symOf(0)},
		{name: "tf.BiasAdd", arity: 2, types: setNum | setComplex, emit: bin(loopir.OpAdd), doc: "x + bias[channel]", tier: 1, partwise: true,
			check: checkBiasAdd, dims: dimsBiasAdd, lower: lowerBiasAdd, sym: symOf(0), notes: "data_format NHWC or NCHW"},
		{name: "tf.Select", arity: 3, types: setMoved, emit: emitSelect, doc: "cond ? x : y (rows or scalar cond)", tier: 1, partwise: true,
			check: checkSelect, dims: dimsSelect, lower: lowerSelect, sym: symOf(1), notes: "cond: same shape, rank 1 over dim 0, or scalar"},
	}
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
	if !e.store.IsHalf() {
		return e.n.Binary(loopir.OpFloorDiv, e.dt, a[0], a[1])
	}
	q := e.mid(e.n.Binary(loopir.OpDiv, e.dt, a[0], a[1]))
	return e.n.Add(&loopir.Instr{Op: loopir.OpRound, Round: loopir.RoundFloor, Type: e.dt, Args: []int{q}})
}

func emitSelect(e *emitter, a []int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpSelect, Type: e.dt, Args: []int{a[0], a[1], a[2]}})
}

// --- checks and shape functions ---------------------------------------------

func checkConst(c *checked, op *mlir.Op, f *opFacts, _ []mlir.TensorType) string {
	attr, ok := op.Attr("value").(*mlir.DenseAttr)
	if !ok {
		return "requires a 'value' attribute holding a dense<…> constant"
	}
	if !f.def.types.has(attr.Type.Elem) {
		return fmt.Sprintf("constants of %s are not supported", attr.Type.Elem)
	}
	if !attr.Type.IsStatic() {
		return fmt.Sprintf("constant type %s must be static", attr.Type)
	}
	c.consts[op.Results[0].ID] = attr
	return ""
}

func dimsConst(op *mlir.Op, _ *opFacts, _ [][]int, _ [][]int64) ([]int, string) {
	return op.Attr("value").(*mlir.DenseAttr).Type.Dims, ""
}

func constElem(op *mlir.Op, _ *opFacts, _ []mlir.TensorType) memref.DType {
	return op.Attr("value").(*mlir.DenseAttr).Type.Elem
}

func checkCast(_ *checked, op *mlir.Op, _ *opFacts, _ []mlir.TensorType) string {
	if r := op.Results[0].Type.Elem; !r.Valid() {
		return "requires a result element type"
	}
	return ""
}

func castElem(op *mlir.Op, _ *opFacts, _ []mlir.TensorType) memref.DType {
	return op.Results[0].Type.Elem
}

func checkElementwise(_ *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if name := f.def.floatAttr; name != "" {
		switch a := op.Attr(name).(type) {
		case nil, mlir.FloatAttr, mlir.IntAttr:
		default:
			return fmt.Sprintf("attribute '%s' must be a float, got %s", name, a)
		}
	}
	return checkElems(f.def, in, 0)
}

// checkSelect checks a select's operands: an i1 condition, then values.
func checkSelect(_ *checked, _ *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if in[0].Elem != memref.Bool {
		return fmt.Sprintf("operand #0 must be a tensor of i1 values, but got %s", in[0])
	}
	return checkElems(f.def, in, 1)
}

func dimsElementwise(op *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	if f.def.sameShape {
		if m := shape.SameMsg(in[0], in[1]); m != "" {
			return nil, m
		}
	}
	out, msg := shape.Broadcast(in)
	if msg != "" && scalarOnIncompatible(op, f.def) {
		return []int{}, "" // TF's scalar false/true (ops_equal.go)
	}
	return out, msg
}

func dimsSelect(_ *mlir.Op, _ *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	return shape.Select(in[0], in[1], in[2])
}

func checkBiasAdd(_ *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if m := checkElems(f.def, in, 0); m != "" {
		return m
	}
	format := "NHWC"
	if a := op.Attr("data_format"); a != nil {
		s, ok := a.(mlir.StringAttr)
		if !ok || (s != "NHWC" && s != "NCHW") {
			return fmt.Sprintf("data_format must be \"NHWC\" or \"NCHW\", got %s", a)
		}
		format = string(s)
	}
	x, b := in[0], in[1]
	if x.Rank() < 2 {
		return fmt.Sprintf("requires the input to have at least rank 2, got %s", x)
	}
	if b.Rank() != 1 {
		return fmt.Sprintf("requires the bias to be rank 1, got %s", b)
	}
	f.channel = len(x.Dims) - 1
	if format == "NCHW" {
		f.channel = 1
	}
	return ""
}

func dimsBiasAdd(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	cd, bd := in[0][f.channel], in[1][0]
	if cd != mlir.Dynamic && bd != mlir.Dynamic && cd != bd {
		return nil, fmt.Sprintf("Must provide as many biases as the feature dimension of the input: %d vs. %d (input %s, feature dimension %d)", bd, cd, shape.List(in[0]), f.channel)
	}
	return in[0], ""
}

func checkReduce(c *checked, op *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	def := f.def
	if !def.types.has(in[0].Elem) {
		return fmt.Sprintf("operand #0 must be a tensor of %s values, but got %s", def.types, in[0])
	}
	if e := in[1].Elem; e != memref.Int32 && e != memref.Int64 {
		return fmt.Sprintf("reduction indices must be i32 or i64, got %s", in[1])
	}
	if in[1].Rank() > 1 {
		return fmt.Sprintf("reduction indices must be a scalar or rank 1, got %s", in[1])
	}
	axisVal := op.Operands[1]
	dense := c.consts[axisVal.ID]
	if dense == nil {
		return fmt.Sprintf("reduction indices %s must be a constant; %s", axisVal, needsValueConstraint(axisVal))
	}
	if a := op.Attr("keep_dims"); a != nil {
		b, ok := a.(mlir.BoolAttr)
		if !ok {
			return fmt.Sprintf("keep_dims must be a bool, got %s", a)
		}
		f.keepDims = bool(b)
	}
	axes, msg := shape.NormalizeAxes(dense, in[0].Rank())
	if msg != "" {
		return msg
	}
	f.axes = axes
	return ""
}

func dimsReduce(_ *mlir.Op, f *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	return shape.Reduced(in[0], f.axes, f.keepDims), ""
}

func checkSoftmax(_ *checked, _ *mlir.Op, f *opFacts, in []mlir.TensorType) string {
	if m := checkElems(f.def, in, 0); m != "" {
		return m
	}
	if in[0].Rank() < 1 {
		return fmt.Sprintf("requires logits of rank 1 or more, got %s", in[0])
	}
	return ""
}

// symBroadcast: a dim of a broadcast result has a symbol when every
// operand that can contribute the dim has the same one.
func symBroadcast(c *checked, op *mlir.Op, _ *opFacts, out mlir.TensorType, a int) int {
	sym := -1
	for i := range op.Operands {
		t := c.types[op.Operands[i].ID]
		k := a - (len(out.Dims) - len(t.Dims))
		if k < 0 || t.Dims[k] == 1 {
			continue
		}
		s := c.syms[op.Operands[i].ID][k]
		if s < 0 || (sym >= 0 && s != sym) {
			return -1
		}
		sym = s
	}
	return sym
}

// symReduce: a kept dim of a reduction has its input's symbol.
func symReduce(c *checked, op *mlir.Op, f *opFacts, _ mlir.TensorType, a int) int {
	in := c.types[op.Operands[0].ID]
	j := 0
	for k := range in.Dims {
		if contains(f.axes, k) {
			if f.keepDims {
				j++
			}
			continue
		}
		if j == a {
			return c.syms[op.Operands[0].ID][k]
		}
		j++
	}
	return -1
}

// tf.Equal and tf.NotEqual with incompatible_shape_error = false compare
// operands whose shapes do not broadcast as TensorFlow's CPU kernel does:
// the result is a scalar false (true for NotEqual) instead of an error
// (core/kernels/cwise_ops_common.cc, BinaryOpShared::BinaryOpState: when
// the BCast is invalid and the attribute is false, it allocates a rank-0
// output holding `op == "NotEqual"`). TF's shape function
// (BroadcastBinaryOpOutputShapeFnHelper with incompatible_shape_error =
// false) gives an unknown shape where it cannot tell, so exported kernels
// declare such results tensor<*xi1>.
//
// sandjit decides it from the shapes it compiles for: operand shapes that
// are incompatible in the checked types (static dims, or dims made static
// by specialization, e.g. a "shape" constraint) fold the op to that scalar
// constant; shapes that are compatible, or dynamic, compile the broadcasting
// comparison, and dynamic shapes found incompatible only at run time fail
// the run with an error saying so (one executable has one result rank).

// scalarOnIncompatible reports whether op gives a scalar for incompatible
// operand shapes.
func scalarOnIncompatible(op *mlir.Op, def *opDef) bool {
	if !def.incompatible {
		return false
	}
	b, ok := op.Attr("incompatible_shape_error").(mlir.BoolAttr)
	return ok && !bool(b)
}

// foldIncompatibleEqual makes res the scalar constant when op's operand
// types are incompatible (its shape function then gave rank 0).
func (c *checked) foldIncompatibleEqual(op *mlir.Op, def *opDef, in []mlir.TensorType, res *mlir.Value) {
	if !scalarOnIncompatible(op, def) {
		return
	}
	dims := make([][]int, len(in))
	for i, t := range in {
		dims[i] = t.Dims
	}
	if _, msg := shape.Broadcast(dims); msg == "" {
		return
	}
	c.consts[res.ID] = &mlir.DenseAttr{Type: mlir.Ranked(memref.Bool), Value: memref.Scalar(def.incompatibleValue), Splat: true}
}
