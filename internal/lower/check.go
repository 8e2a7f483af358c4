package lower

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/internal/shape"

	"github.com/sandjit/sandjit/memref"
)

// opFacts is what checking learns about one op and lowering needs: its
// table entry and its attributes in resolved form.
type opFacts struct {
	def      *opDef
	axes     []int // reductions: sorted, distinct, non-negative; also squeezed and reversed axes
	keepDims bool  // reductions
	channel  int   // bias addition: channel axis counted from the front (-1: last)
	perm     []int // a transposition
	axis     int   // an inserted, joined, stacked or one-hot axis
	slice    *shape.Slice
	strided  *shape.Strided
	mm       *matmulFacts
	gather   *gatherFacts
	scan     *scanFacts  // a cumulative sum
	nn       *nnFacts    // convolutions, batch norms, einsums
	kit      opkit.Facts // an opkit op's own facts (kit.go)
}

// checked is a verified function: every op's facts and every value's
// static type (the declared type refined by shape inference).
type checked struct {
	fn    *mlir.Func
	facts map[*mlir.Op]*opFacts
	types []mlir.TensorType // by Value.ID
	// consts holds the values of constant ops (opDef.constant),
	// by Value.ID, for ops that read operands at compile time.
	consts map[int]*mlir.DenseAttr
	// syms names every dynamic dim of every value (by Value.ID) with a
	// symbol; two dims with the same symbol are equal at run time (a
	// reduction keeps its input's dims, a unary op its operand's, a
	// broadcast of equal dims is that dim). Static dims have symbol -1.
	syms    [][]int
	nextSym int
	// vals are the host values known at compile time (constants and what
	// folds from them), by Value.ID; hostRT marks values the host computes
	// before each run (see hostval.go).
	vals   [][]int64
	hostRT []bool
	// need marks the values whose contents size results (sizeReads);
	// readArgs are the arguments the host reads from the inputs before
	// each run for them (not value-specialized ones: those are vals).
	need     []bool
	readArgs []int
	// notOne marks symbols known not to be 1 at run time (a shape
	// specialization's symbolic dims); needShapes says the message the
	// op check just returned would go away with such knowledge.
	notOne     map[int]bool
	needShapes bool
}

// freshSyms gives each dynamic dim of t a new symbol.
func (c *checked) freshSyms(t mlir.TensorType) []int {
	out := make([]int, len(t.Dims))
	for i, d := range t.Dims {
		out[i] = -1
		if d == mlir.Dynamic {
			out[i] = c.nextSym
			c.nextSym++
		}
	}
	return out
}

// resultSyms derives the symbols of an op's result from its operands'.
func (c *checked) resultSyms(op *mlir.Op, f *opFacts, out mlir.TensorType) []int {
	syms := make([]int, len(out.Dims))
	for a, d := range out.Dims {
		syms[a] = -1
		if d != mlir.Dynamic {
			continue
		}
		// A shape operand that is the shape of v gives the result v's dims.
		if sv := shapeSource(op, f); sv != nil && a < len(c.syms[sv.ID]) && len(c.types[sv.ID].Dims) == len(out.Dims) {
			syms[a] = c.syms[sv.ID][a]
			if syms[a] >= 0 {
				continue
			}
		}
		if f.def.sym != nil {
			syms[a] = f.def.sym(c, op, f, out, a)
		}
		if syms[a] < 0 {
			syms[a] = c.nextSym
			c.nextSym++
		}
	}
	return syms
}

// shapeSource is v when the op's shape operand is the shape of v (an op
// whose host function reads shapes only).
func shapeSource(op *mlir.Op, f *opFacts) *mlir.Value {
	i := f.def.shapeArg - 1
	if i < 0 || i >= len(op.Operands) {
		return nil
	}
	if d := op.Operands[i].Def; d != nil && lookup(d.Name) != nil && lookup(d.Name).hostShapes {
		return d.Operands[0]
	}
	return nil
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// check verifies fn against the op table: known ops, operand counts and
// element types, attributes, static shapes (broadcast compatibility, axes in
// range, declared result types consistent with inference). It collects
// every error it can.
//
// argTypes, when not nil, refine the declared argument types (a
// specialization: the run-time rank of an unranked argument, or static
// dims); each must be compatible with the declared type.
// specialization carries what a specialized compile knows beyond types.
type specialization struct {
	syms   SymbolicShapes
	values []*memref.Tensor
}

func check(fn *mlir.Func, argTypes []mlir.TensorType, spec specialization) (*checked, error) {
	c := &checked{fn: fn, facts: map[*mlir.Op]*opFacts{}, types: make([]mlir.TensorType, fn.NumValues),
		consts: map[int]*mlir.DenseAttr{}, syms: make([][]int, fn.NumValues),
		vals: make([][]int64, fn.NumValues), hostRT: make([]bool, fn.NumValues), notOne: map[int]bool{},
		need: sizeReads(fn)}
	var errs mlir.ErrorList
	if argTypes != nil && len(argTypes) != len(fn.Args) {
		return nil, fmt.Errorf("%w: %d argument types for %d arguments", ErrInternal, len(argTypes), len(fn.Args))
	}
	symOf := map[int]int{} // symbolic id of the specialization → symbol
	for i, a := range fn.Args {
		t := a.Type
		if argTypes != nil {
			if msg := shape.Compatible(argTypes[i], a.Type); msg != "" || !argTypes[i].Ranked {
				errs.Add(a.Pos, "", mlir.ErrInvalid, "argument #%d: type %s does not specialize %s%s", i, argTypes[i], a.Type, msg)
			}
			t = argTypes[i]
		} else if !t.Ranked {
			errs.Add(a.Pos, "", mlir.ErrUnsupported, "argument #%d has unranked type %s; it needs a rank specialization (run it with concrete inputs)", i, a.Type)
		}
		c.types[a.ID] = t
		c.syms[a.ID] = c.freshSyms(t)
		if i < len(spec.syms) && len(spec.syms[i]) == len(t.Dims) {
			for d, id := range spec.syms[i] {
				if t.Dims[d] != mlir.Dynamic || id > -2 {
					continue
				}
				if s, ok := symOf[id]; ok {
					c.syms[a.ID][d] = s
				} else {
					symOf[id] = c.syms[a.ID][d]
				}
				c.notOne[c.syms[a.ID][d]] = true // the resolver makes every size-1 dim static
			}
		}
		if i < len(spec.values) && spec.values[i] != nil {
			v := spec.values[i].Contiguous()
			if v.DType != t.Elem {
				errs.Add(a.Pos, "", mlir.ErrInvalid, "argument #%d: value of %s for %s", i, v.DType, t)
				continue
			}
			c.consts[a.ID] = &mlir.DenseAttr{Type: mlir.Ranked(v.DType, v.Shape...), Value: v}
			c.vals[a.ID] = shape.Ints(c.consts[a.ID])
			c.hostRT[a.ID] = c.vals[a.ID] != nil
			c.types[a.ID] = mlir.Ranked(v.DType, v.Shape...)
			c.syms[a.ID] = c.freshSyms(c.types[a.ID])
			continue
		}
		if readsArg(c.need, a, t) {
			c.hostRT[a.ID] = true
			c.readArgs = append(c.readArgs, i)
		}
	}
	if len(errs) > 0 {
		// The ops would only repeat the argument errors.
		return nil, errs.Err()
	}
	for _, op := range fn.Ops {
		c.checkOp(op, &errs)
	}
	if ret := fn.Return; ret != nil {
		if len(ret.Operands) != len(fn.ResultTypes) {
			errs.Add(ret.Pos, "func.return", mlir.ErrInvalid, "has %d operands, but enclosing function @%s returns %d", len(ret.Operands), fn.Name, len(fn.ResultTypes))
		} else {
			for i, v := range ret.Operands {
				if msg := shape.Compatible(c.types[v.ID], fn.ResultTypes[i]); msg != "" {
					errs.Add(ret.Pos, "func.return", mlir.ErrInvalid, "type of return operand %d (%s) doesn't match function result type (%s)%s", i, c.types[v.ID], fn.ResultTypes[i], msg)
				}
			}
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *checked) checkOp(op *mlir.Op, errs *mlir.ErrorList) {
	fail := func(kind error, format string, args ...any) {
		errs.Add(op.Pos, op.Name, kind, format, args...)
		for _, r := range op.Results {
			c.types[r.ID] = r.Type
			c.syms[r.ID] = c.freshSyms(r.Type)
		}
	}
	def := lookup(op.Name)
	if def != nil && def.control != 0 {
		fail(mlir.ErrUnsupported, "is control flow, which the host runs: compile the function's flow (BuildFlow) instead")
		return
	}
	if def == nil {
		msg := "is not supported by sandjit"
		if !isKnownUnsupported(op.Name) {
			if s := suggest(op.Name); s != "" {
				msg += fmt.Sprintf("; did you mean '%s'?", s)
			}
		} else {
			msg += " yet"
		}
		fail(mlir.ErrUnsupported, "%s", msg)
		return
	}
	if len(op.Regions) > 0 {
		fail(mlir.ErrInvalid, "does not take regions")
		return
	}
	if def.forward {
		c.checkForward(op, def, errs)
		return
	}
	if want := max(def.results, 1); def.counted && len(op.Results) == 0 {
		fail(mlir.ErrUnsupported, "has no results; sandjit needs at least one")
		return
	} else if !def.counted && len(op.Results) != want {
		if want == 1 {
			fail(mlir.ErrInvalid, "requires one result, got %d", len(op.Results))
		} else {
			fail(mlir.ErrInvalid, "requires %d results, got %d", want, len(op.Results))
		}
		return
	}
	if def.arity >= 0 && len(op.Operands) != def.arity {
		fail(mlir.ErrInvalid, "requires %d operands, got %d", def.arity, len(op.Operands))
		return
	}
	in := make([]mlir.TensorType, len(op.Operands))
	for i, v := range op.Operands {
		in[i] = c.types[v.ID]
		if !in[i].Ranked {
			fail(mlir.ErrUnsupported, "operand #%d has unranked type %s; sandjit needs ranked operands", i, in[i])
			return
		}
	}
	def, msg := extension(def, op, in)
	if msg != "" {
		fail(mlir.ErrInvalid, "%s", msg)
		return
	}
	facts := &opFacts{def: def}
	res := op.Results[0]
	out, msg := c.infer(op, facts, in)
	if msg != "" {
		kind := mlir.ErrInvalid
		if c.needShapes {
			kind, c.needShapes = mlir.ErrNeedsShapes, false
		}
		fail(kind, "%s", msg)
		return
	}
	if m := shape.Compatible(out, res.Type); m != "" {
		fail(mlir.ErrInvalid, "inferred type %s is incompatible with the declared result type %s%s", out, res.Type, m)
		return
	}
	if len(out.Dims) > memref.MaxRank {
		// A shape operand's length (a fill's dims) can ask for it.
		fail(mlir.ErrInvalid, "result has rank %d, more than the maximum of %d", len(out.Dims), memref.MaxRank)
		return
	}
	if def.results > 1 || def.counted {
		dims := make([][]int, len(in))
		for i, t := range in {
			dims[i] = t.Dims
		}
		for i, d := range def.more(op, facts, dims) {
			if d == nil {
				d = out.Dims // result 0's (opkit.Def.More)
			}
			r := op.Results[i+1]
			t := mlir.Ranked(r.Type.Elem, d...)
			if m := shape.Compatible(t, r.Type); m != "" {
				fail(mlir.ErrInvalid, "inferred type %s of result #%d is incompatible with its declared type %s%s", t, i+1, r.Type, m)
				return
			}
			c.types[r.ID] = shape.Refine(t, r.Type)
			c.syms[r.ID] = c.freshSyms(c.types[r.ID])
		}
	}
	c.facts[op] = facts
	c.types[res.ID] = shape.Refine(out, res.Type)
	c.syms[res.ID] = c.resultSyms(op, facts, c.types[res.ID])
	c.foldIncompatibleEqual(op, def, in, res)
	c.hostValue(op, facts, res)
}

// hostValue records what the host knows of res: its value at compile time
// (folded into a constant) or before each run.
func (c *checked) hostValue(op *mlir.Op, f *opFacts, res *mlir.Value) {
	t := c.types[res.ID]
	if f.def.host == nil || !(t.Elem.IsInt() || t.Elem == memref.Bool) || !t.Ranked {
		return
	}
	vals := make([][]int64, len(op.Operands))
	shapes := make([][]int, len(op.Operands))
	static := t.IsStatic()
	for i, v := range op.Operands {
		vals[i] = c.vals[v.ID]
		shapes[i] = c.types[v.ID].Dims
		if f.def.hostShapes {
			static = static && c.types[v.ID].IsStatic()
		}
	}
	if static {
		if v, ok := hostEval(op, f, vals, shapes, t.Dims, t.Elem); ok {
			c.vals[res.ID] = v
			c.hostRT[res.ID] = true
			if c.consts[res.ID] == nil {
				c.consts[res.ID] = &mlir.DenseAttr{Type: t, Value: shape.IntTensor(t.Elem, t.Dims, v)}
			}
			return
		}
	}
	// Known before each run when every operand whose value it reads is.
	rt := true
	for i, v := range op.Operands {
		if f.def.hostShapes {
			break
		}
		if f.def.axisLast && i == len(op.Operands)-1 {
			continue // the axis is a compile-time constant
		}
		e := c.types[v.ID].Elem
		rt = rt && c.hostRT[v.ID] && (e.IsInt() || e == memref.Bool)
	}
	c.hostRT[res.ID] = rt
}

// infer checks operand types and attributes, records what lowering needs
// in f, and computes the static result type. It returns a message for the
// first problem.
func (c *checked) infer(op *mlir.Op, f *opFacts, in []mlir.TensorType) (mlir.TensorType, string) {
	if msg := f.def.check(c, op, f, in); msg != "" {
		return mlir.TensorType{}, msg
	}
	dims := make([][]int, len(in))
	for i, t := range in {
		dims[i] = t.Dims
	}
	vals := make([][]int64, len(op.Operands))
	for i, v := range op.Operands {
		vals[i] = c.vals[v.ID]
	}
	out, msg := f.dims(op, dims, vals)
	if msg != "" {
		return mlir.TensorType{}, msg
	}
	return mlir.TensorType{Elem: f.resultElem(op, in), Ranked: true, Dims: out}, ""
}

// resultElem is the element type of the op's result.
func (f *opFacts) resultElem(op *mlir.Op, in []mlir.TensorType) memref.DType {
	switch {
	case f.def.elem != nil:
		return f.def.elem(op, f, in)
	case f.def.bool:
		return memref.Bool
	}
	return in[len(in)-1].Elem
}

// dims is the op's shape function (opDef.dims).
func (f *opFacts) dims(op *mlir.Op, in [][]int, vals [][]int64) ([]int, string) {
	return f.def.dims(op, f, in, vals)
}

// needsValueConstraint explains what to do about a non-constant operand.
func needsValueConstraint(v *mlir.Value) string {
	if v.Def == nil {
		return fmt.Sprintf("argument #%d needs a \"value\" constraint (jitrt.constraint = \"value\") so that its contents are known when compiling", v.Index)
	}
	return fmt.Sprintf("it is computed by '%s', which sandjit cannot evaluate at compile time", v.Def.Name)
}
