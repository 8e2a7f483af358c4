package flow

import (
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/shape"
	"maps"
	"slices"
)

// Kind says what a control step does.
type Kind uint8

// The control kinds.
const (
	If    Kind = iota + 1 // run Subs[0] (then) or Subs[1] (else) on the operands after the condition
	While                 // while Subs[0] (cond) gives true, replace the loop values by Subs[1] (body)'s results
	Call                  // run Subs[0] on the operands
	// Host: the host computes the op from its operands' values, for an op
	// whose result's size depends on its operand's data (a run in two
	// phases: the kernel before it, then the kernel after it).
	Host
)

// Ops is what the split needs to know of ops.
type Ops interface {
	// Control is the kind of control op name, or 0 for any other op.
	Control(name string) Kind
	// IsConst reports whether op (nil: none) is a constant, which a
	// segment copies in rather than takes as an argument.
	IsConst(op *mlir.Op) bool
	// CheckHost checks a control op of kind Host when compiling (its
	// operands, declared results and attributes): a message for the first
	// problem, or "".
	CheckHost(op *mlir.Op) string
}

// HasControl reports whether fn has control ops at its top level.
func HasControl(fn *mlir.Func, ops Ops) bool {
	for _, op := range fn.Ops {
		if ops.Control(op.Name) != 0 {
			return true
		}
	}
	return false
}

// Flow is a function split for the host.
type Flow struct {
	Func *mlir.Func // the function; its arguments are the flow's inputs
	// Whole is set when Func has no control flow: Steps is one segment,
	// Func itself, whose results are the flow's.
	Whole bool
	Steps []*Step
}

// Step is a straight-line segment (Seg set) or a control step (Op set).
type Step struct {
	// Seg is a function of its own (private, named after Func with a
	// ".segN" suffix) computing some of Func's ops: its argument i is
	// Func's value In[i]; its result j is Func's value Out[j]. Constants
	// it uses are copied in rather than passed (they must stay constant:
	// axes, shapes).
	Seg     *mlir.Func
	In, Out []*mlir.Value

	// Op is a control op of Func; its operands and results are Func's
	// values.
	Op   *mlir.Op
	Kind Kind
	// Subs are the flows it runs: If: then, else; While: cond, body;
	// call: the callee.
	Subs []*Flow
	// Captures are the values of Func that the region forms' regions use:
	// passed to every sub-flow after its operands (If: after the
	// condition's, While: after the loop values).
	Captures []*mlir.Value
}

// maxFlowDepth bounds the nesting of calls and regions.
const maxFlowDepth = 32

// Build splits fn (a function of m) for the host, and the functions and
// regions its control ops run, recursively. Errors have positions.
func Build(m *mlir.Module, fn *mlir.Func, ops Ops) (*Flow, error) {
	fb := &flowBuilder{m: m, ops: ops, done: map[*mlir.Func]*Flow{}, active: map[*mlir.Func]bool{}}
	fl := fb.build(fn, 0)
	if err := fb.errs.Err(); err != nil {
		return nil, err
	}
	return fl, nil
}

type flowBuilder struct {
	m      *mlir.Module
	ops    Ops
	errs   mlir.ErrorList
	done   map[*mlir.Func]*Flow // functions called from several places share one flow
	active map[*mlir.Func]bool  // functions being built: calling one again is recursion
	nextID int                  // numbers region functions
}

func (fb *flowBuilder) fail(op *mlir.Op, format string, args ...any) {
	fb.errs.Add(op.Pos, op.Name, mlir.ErrInvalid, format, args...)
}

func (fb *flowBuilder) build(fn *mlir.Func, depth int) *Flow {
	if fl := fb.done[fn]; fl != nil {
		return fl
	}
	fl := &Flow{Func: fn}
	fb.done[fn] = fl
	if !HasControl(fn, fb.ops) {
		fl.Whole = true
		fl.Steps = []*Step{{Seg: fn, In: fn.Args, Out: fn.Return.Operands}}
		return fl
	}
	fb.active[fn] = true
	defer delete(fb.active, fn)
	var cur []*mlir.Op
	for _, op := range fn.Ops {
		if fb.ops.Control(op.Name) == 0 {
			cur = append(cur, op)
			continue
		}
		if len(cur) > 0 {
			fl.Steps = append(fl.Steps, &Step{Seg: &mlir.Func{Ops: cur}}) // made a function by segments
			cur = nil
		}
		fl.Steps = append(fl.Steps, fb.control(fn, op, depth))
	}
	if len(cur) > 0 {
		fl.Steps = append(fl.Steps, &Step{Seg: &mlir.Func{Ops: cur}})
	}
	fb.segments(fl)
	return fl
}

// control builds the step of one control op.
func (fb *flowBuilder) control(fn *mlir.Func, op *mlir.Op, depth int) *Step {
	st := &Step{Op: op, Kind: fb.ops.Control(op.Name)}
	if depth >= maxFlowDepth {
		fb.fail(op, "nests calls and regions more than %d deep", maxFlowDepth)
		return st
	}
	if st.Kind == Host {
		if msg := fb.ops.CheckHost(op); msg != "" {
			fb.fail(op, "%s", msg)
		}
		return st
	}
	if len(op.Regions) > 0 {
		fb.regionSubs(fn, op, st, depth)
		return st
	}
	var names []string
	var in []*mlir.Value
	switch st.Kind {
	case If:
		if len(op.Operands) < 1 {
			fb.fail(op, "expects a condition operand")
			return st
		}
		names, in = []string{"then_branch", "else_branch"}, op.Operands[1:]
	case While:
		names, in = []string{"cond", "body"}, op.Operands
	case Call:
		names, in = []string{"f"}, op.Operands
	}
	for _, name := range names {
		callee := fb.callee(op, name)
		if callee == nil {
			return st
		}
		want := len(op.Results)
		if st.Kind == While && name == "cond" {
			want = 1
		}
		if !fb.signature(op, "@"+callee.Name, callee, in, want) {
			return st
		}
		if fb.active[callee] {
			fb.fail(op, "calls @%s recursively, which sandjit does not run", callee.Name)
			return st
		}
		st.Subs = append(st.Subs, fb.build(callee, depth+1))
	}
	if st.Kind == While {
		fb.loopTypes(op, op.Operands, st.Subs[1].Func.ResultTypes)
	}
	return st
}

// callee looks up the function that attribute name of op refers to.
func (fb *flowBuilder) callee(op *mlir.Op, name string) *mlir.Func {
	var sym string
	switch a := op.Attr(name).(type) {
	case mlir.SymbolRefAttr:
		sym = string(a)
	case mlir.StringAttr: // some exporters spell the function name as a string
		sym = string(a)
	case nil:
		fb.fail(op, "needs the function attribute %s", name)
		return nil
	default:
		fb.fail(op, "%s must be a function reference, got %s", name, a)
		return nil
	}
	f := fb.m.Lookup(sym)
	if f == nil {
		fb.fail(op, "%s refers to @%s, which is not a function of the module", name, sym)
	}
	return f
}

// signature checks a callee's arguments against the values passed and its
// result count.
func (fb *flowBuilder) signature(op *mlir.Op, what string, callee *mlir.Func, in []*mlir.Value, results int) bool {
	if len(callee.Args) != len(in) {
		fb.fail(op, "passes %d values to %s, which takes %d", len(in), what, len(callee.Args))
		return false
	}
	for i, v := range in {
		d := callee.Args[i].Type
		m := ""
		if v.Type.Ranked && d.Ranked {
			m = shape.Compatible(v.Type, d)
		} else if v.Type.Elem != d.Elem {
			m = fmt.Sprintf(": element type %s vs %s", v.Type.Elem, d.Elem)
		}
		if m != "" {
			fb.fail(op, "passes %s as argument #%d of %s, declared %s%s", v.Type, i, what, d, m)
			return false
		}
	}
	if len(callee.ResultTypes) != results {
		fb.fail(op, "expects %d result%s from %s, which returns %d", results, plural(results), what, len(callee.ResultTypes))
		return false
	}
	return true
}

// loopTypes checks that a While's loop values keep their element types.
func (fb *flowBuilder) loopTypes(op *mlir.Op, vars []*mlir.Value, body []mlir.TensorType) {
	for i, v := range vars {
		if i < len(body) && body[i].Elem != v.Type.Elem {
			fb.fail(op, "loop value #%d is %s, but the body returns %s", i, v.Type, body[i])
		}
		if i < len(op.Results) && op.Results[i].Type.Elem != v.Type.Elem {
			fb.fail(op, "loop value #%d is %s, but result #%d is declared %s", i, v.Type, i, op.Results[i].Type)
		}
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// regionSubs builds the sub-flows of the region forms from
// their regions: each becomes a function whose arguments are the region's
// block arguments and then the enclosing values the regions use.
func (fb *flowBuilder) regionSubs(fn *mlir.Func, op *mlir.Op, st *Step, depth int) {
	if len(op.Regions) != 2 {
		fb.fail(op, "expects 2 regions, got %d", len(op.Regions))
		return
	}
	if st.Kind == If && len(op.Operands) != 1 {
		fb.fail(op, "expects one operand (the condition), got %d", len(op.Operands))
		return
	}
	for i, r := range op.Regions {
		if len(r.Ops) == 0 || r.Ops[len(r.Ops)-1].Name != "tf.Yield" {
			fb.fail(op, "region #%d must end with tf.Yield", i)
			return
		}
		wantArgs := 0
		if st.Kind == While {
			wantArgs = len(op.Operands)
		}
		if len(r.Args) != wantArgs {
			fb.fail(op, "region #%d takes %d arguments, want %d", i, len(r.Args), wantArgs)
			return
		}
		want := len(op.Results)
		if st.Kind == While && i == 0 {
			want = 1
		}
		if got := len(r.Ops[len(r.Ops)-1].Operands); got != want {
			fb.fail(op, "region #%d yields %d value%s, want %d", i, got, plural(got), want)
			return
		}
	}
	st.Captures = fb.captures(op.Regions)
	names := [2]string{"then", "else"}
	if st.Kind == While {
		names = [2]string{"cond", "body"}
	}
	fb.nextID++
	for i, r := range op.Regions {
		rf := fb.regionFunc(fmt.Sprintf("%s.region%d.%s", fn.Name, fb.nextID, names[i]), op, r, st.Captures)
		st.Subs = append(st.Subs, fb.build(rf, depth+1))
	}
	if st.Kind == While {
		fb.loopTypes(op, op.Operands, st.Subs[1].Func.ResultTypes)
	}
}

// captures lists, in order of first use, the values the regions (and the
// regions nested in them) use but do not define, other than constants.
func (fb *flowBuilder) captures(regions []*mlir.Region) []*mlir.Value {
	defined := map[*mlir.Value]bool{}
	var out []*mlir.Value
	seen := map[*mlir.Value]bool{}
	var walk func(r *mlir.Region)
	walk = func(r *mlir.Region) {
		for _, a := range r.Args {
			defined[a] = true
		}
		for _, op := range r.Ops {
			for _, v := range op.Operands {
				if !defined[v] && !seen[v] && !fb.ops.IsConst(v.Def) {
					seen[v] = true
					out = append(out, v)
				}
			}
			for _, nr := range op.Regions {
				walk(nr)
			}
			for _, v := range op.Results {
				defined[v] = true
			}
		}
	}
	for _, r := range regions {
		walk(r)
	}
	return out
}

// cloner copies ops into a new function, renumbering values densely.
type cloner struct {
	fn    *mlir.Func
	m     map[*mlir.Value]*mlir.Value
	ops   *[]*mlir.Op // where copied ops (and constants copied in) go
	known Ops
}

func (c *cloner) value(old *mlir.Value, def *mlir.Op, index int) *mlir.Value {
	v := &mlir.Value{ID: c.fn.NumValues, Name: old.Name, Type: old.Type, Def: def, Index: index, Pos: old.Pos}
	c.fn.NumValues++
	c.m[old] = v
	return v
}

func (c *cloner) arg(old *mlir.Value, attrs mlir.DictAttr) {
	v := c.value(old, nil, len(c.fn.Args))
	c.fn.Args = append(c.fn.Args, v)
	c.fn.ArgAttrs = append(c.fn.ArgAttrs, attrs)
}

// use maps a value of the old function, copying in its constant op when
// it has not been seen.
func (c *cloner) use(old *mlir.Value) *mlir.Value {
	if v, ok := c.m[old]; ok {
		return v
	}
	if c.known.IsConst(old.Def) {
		c.op(old.Def, c.ops)
		return c.m[old]
	}
	panic(fmt.Sprintf("BUG: lower: flow: value %s used before it is defined", old))
}

// op copies op (and its regions) into *into.
func (c *cloner) op(op *mlir.Op, into *[]*mlir.Op) {
	n := &mlir.Op{Name: op.Name, Pos: op.Pos, Attrs: op.Attrs}
	for _, v := range op.Operands {
		n.Operands = append(n.Operands, c.use(v))
	}
	for _, r := range op.Regions {
		nr := &mlir.Region{}
		for _, a := range r.Args {
			nr.Args = append(nr.Args, c.value(a, nil, len(nr.Args)))
		}
		for _, rop := range r.Ops {
			c.op(rop, &nr.Ops)
		}
		n.Regions = append(n.Regions, nr)
	}
	for i, v := range op.Results {
		n.Results = append(n.Results, c.value(v, n, i))
	}
	*into = append(*into, n)
}

func (c *cloner) ret(pos mlir.Pos, vals []*mlir.Value) {
	c.fn.Return = &mlir.Op{Name: "func.return", Pos: pos}
	for _, v := range vals {
		nv := c.use(v)
		c.fn.Return.Operands = append(c.fn.Return.Operands, nv)
		c.fn.ResultTypes = append(c.fn.ResultTypes, nv.Type)
	}
	c.fn.ResultAttrs = make([]mlir.DictAttr, len(vals))
}

// regionFunc makes region r of op a function: arguments the region's own,
// then the captures; body its ops; results what its tf.Yield yields.
func (fb *flowBuilder) regionFunc(name string, op *mlir.Op, r *mlir.Region, caps []*mlir.Value) *mlir.Func {
	f := &mlir.Func{Name: name, Pos: op.Pos, Visibility: "private"}
	c := &cloner{fn: f, m: map[*mlir.Value]*mlir.Value{}, ops: &f.Ops, known: fb.ops}
	for _, a := range r.Args {
		c.arg(a, nil)
	}
	for _, v := range caps {
		c.arg(v, nil)
	}
	body := r.Ops[:len(r.Ops)-1]
	for _, o := range body {
		c.op(o, &f.Ops)
	}
	y := r.Ops[len(r.Ops)-1]
	c.ret(y.Pos, y.Operands)
	return f
}

// segments turns each segment step's op list into a function, with the
// values it needs from before (In) and those that later steps or the
// return use (Out).
func (fb *flowBuilder) segments(fl *Flow) {
	fn := fl.Func
	// usedAfter[k]: values that steps after k (or the return) use.
	used := map[*mlir.Value]bool{}
	for _, v := range fn.Return.Operands {
		used[v] = true
	}
	usedAfter := make([]map[*mlir.Value]bool, len(fl.Steps))
	for k := len(fl.Steps) - 1; k >= 0; k-- {
		usedAfter[k] = maps.Clone(used)
		st := fl.Steps[k]
		if st.Op != nil {
			for _, v := range st.Op.Operands {
				used[v] = true
			}
			for _, v := range st.Captures {
				used[v] = true
			}
			continue
		}
		for _, op := range st.Seg.Ops {
			for _, v := range op.Operands {
				if !fb.ops.IsConst(v.Def) { // a segment copies constants in
					used[v] = true
				}
			}
		}
	}
	argIndex := map[*mlir.Value]int{}
	for i, a := range fn.Args {
		argIndex[a] = i
	}
	seg := 0
	for k, st := range fl.Steps {
		if st.Op != nil {
			continue
		}
		ops := st.Seg.Ops
		defined := map[*mlir.Value]bool{}
		for _, op := range ops {
			for _, v := range op.Results {
				defined[v] = true
			}
		}
		st.In, st.Out = nil, nil
		for _, op := range ops {
			for _, v := range op.Operands {
				if !defined[v] && !fb.ops.IsConst(v.Def) && !slices.Contains(st.In, v) {
					st.In = append(st.In, v)
				}
			}
			for _, v := range op.Results {
				if usedAfter[k][v] {
					st.Out = append(st.Out, v)
				}
			}
		}
		f := &mlir.Func{Name: fmt.Sprintf("%s.seg%d", fn.Name, seg), Pos: ops[0].Pos, Visibility: "private"}
		seg++
		c := &cloner{fn: f, m: map[*mlir.Value]*mlir.Value{}, ops: &f.Ops, known: fb.ops}
		for _, v := range st.In {
			var attrs mlir.DictAttr
			if i, ok := argIndex[v]; ok && i < len(fn.ArgAttrs) {
				attrs = fn.ArgAttrs[i] // constraints stay with the argument
			}
			c.arg(v, attrs)
		}
		for _, op := range ops {
			c.op(op, &f.Ops)
		}
		c.ret(ops[len(ops)-1].Pos, st.Out)
		st.Seg = f
	}
}
