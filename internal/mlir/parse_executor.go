package mlir

import "strings"

// Graph-form input: a function body that is a tf_executor.graph, as
// tf-mlir-translate --graphdef-to-mlir prints a GraphDef (TensorFlow's
// compiler/mlir/tensorflow/tests/graphdef2mlir and executor tests):
//
//	%0 = tf_executor.graph {
//	  %outputs, %control = tf_executor.island wraps "tf.A"() {…} : () -> tensor<i32>
//	  %outputs_0, %control_1 = tf_executor.island(%control) wraps "tf.B"(%arg0, %outputs) … : …
//	  %outputs_2:2, %control_3 = tf_executor.island {
//	    %1 = "tf.C"(%outputs_0) … : …
//	    tf_executor.yield %1, %outputs_0 : tensor<i32>, tensor<i32>
//	  }
//	  tf_executor.fetch %outputs_2#0, %control_3 : tensor<i32>, !tf_executor.control
//	}
//	return %0 : tensor<i32>
//
// The parser unwraps the islands into the function body in their text
// order, which MLIR's dominance rule makes a dependency order (a use before
// its definition is reported as such): a `wraps` island becomes its op, an
// island with a body becomes the body's ops, and its results are the values
// its tf_executor.yield names. The graph's results are the values
// tf_executor.fetch names. Control tokens (!tf_executor.control: an
// island's last result, an island's operands in parentheses, fetched
// tokens) order side effects and carry no data; between stateless ops they
// constrain nothing, so they are dropped, and so are tf.NoOp islands (the
// anchors control edges meet at). A stateful op (variables, random
// numbers, printing, asserts, queues) has an effect that order matters
// for, so it is an error at its position; so are the v1 control-flow ops
// of the executor dialect (Switch, Merge, Enter, NextIteration, …).

// statefulTFOps are TensorFlow ops registered as stateful (SetIsStateful)
// that exported graphs contain; in graph form they are refused.
var statefulTFOps = map[string]bool{
	"tf.VarHandleOp": true, "tf.ReadVariableOp": true, "tf.AssignVariableOp": true,
	"tf.AssignAddVariableOp": true, "tf.AssignSubVariableOp": true, "tf.VariableV2": true,
	"tf.Variable": true, "tf.Assign": true, "tf.AssignAdd": true, "tf.AssignSub": true,
	"tf.DestroyResourceOp": true, "tf.ResourceGather": true, "tf.ResourceScatterUpdate": true,
	"tf.RandomUniform": true, "tf.RandomUniformInt": true, "tf.RandomStandardNormal": true,
	"tf.TruncatedNormal": true, "tf.RandomShuffle": true, "tf.Multinomial": true,
	"tf.Print": true, "tf.PrintV2": true, "tf.Assert": true,
	"tf.FIFOQueueV2": true, "tf.QueueEnqueueV2": true, "tf.QueueDequeueV2": true,
	"tf.StackV2": true, "tf.StackPushV2": true, "tf.StackPopV2": true,
	"tf.TensorArrayV3": true, "tf.TensorArrayWriteV3": true, "tf.TensorArrayReadV3": true,
	"tf.HashTableV2": true, "tf.LookupTableFindV2": true, "tf.LookupTableImportV2": true,
}

// parseExecutorGraph parses `tf_executor.graph { … }` (the current token)
// and returns the unwrapped ops; defs (nres values) are bound to the
// fetched values.
func (p *parser) parseExecutorGraph(defs []resultDef, nres int) []*Op {
	kw := p.tok
	p.next()
	if !p.enter() {
		p.leave()
		return nil
	}
	defer p.leave()
	if !p.expect(tLBrace) {
		return nil
	}
	var ops []*Op
	var fetched []*Value
	fetchSeen := false
	for !p.bad() && p.tok.kind != tRBrace && p.tok.kind != tEOF {
		t := p.tok
		if fetchSeen {
			p.fail(p.pos(t), "tf_executor.fetch", ErrSyntax, "must be the last operation of tf_executor.graph")
			return nil
		}
		if t.kind == tBareID && p.text(t) == "tf_executor.fetch" {
			fetched = p.parseExecutorOperands("tf_executor.fetch")
			fetchSeen = true
			p.optLoc()
			continue
		}
		ops = append(ops, p.parseIsland()...)
	}
	if p.bad() {
		return nil
	}
	if !fetchSeen {
		p.fail(p.pos(p.tok), "tf_executor.graph", ErrSyntax, "does not end with tf_executor.fetch")
		return nil
	}
	if !p.expect(tRBrace) {
		return nil
	}
	p.optLoc()
	if len(defs) == 0 && len(fetched) > 0 || len(defs) > 0 && nres != len(fetched) {
		p.fail(p.pos(kw), "tf_executor.graph", ErrSyntax, "fetches %d value(s) but %d name(s) are bound to them", len(fetched), nres)
		return nil
	}
	p.alias(defs, fetched)
	return ops
}

// alias binds defs to vals (already numbered values), without renumbering.
func (p *parser) alias(defs []resultDef, vals []*Value) {
	i := 0
	for _, d := range defs {
		group := vals[i : i+d.n : i+d.n]
		i += d.n
		s := p.fn
		if prev, ok := s.names[d.name]; ok {
			p.errorf(d.pos, "", ErrSyntax, "redefinition of SSA value '%%%s' (previous definition at %d:%d)", d.name, prev.pos.Line, prev.pos.Col)
			continue
		}
		if slicesHasNil(group) {
			s.names[d.name] = &binding{pos: d.pos} // poisoned: an operand failed
		} else {
			s.names[d.name] = &binding{vals: group, pos: d.pos}
		}
		s.scopes[len(s.scopes)-1] = append(s.scopes[len(s.scopes)-1], d.name)
	}
}

func slicesHasNil(vs []*Value) bool {
	for _, v := range vs {
		if v == nil {
			return true
		}
	}
	return false
}

// parseIsland parses one `%outs…, %control = tf_executor.island(%ctl…)
// wraps "tf.Op"(…) … : type` or `… tf_executor.island(%ctl…) { ops;
// tf_executor.yield %v… : types }` and returns its ops.
func (p *parser) parseIsland() []*Op {
	start := p.tok
	p.nops++
	if p.nops > p.lim.MaxOps {
		overLimit(p.abortf(p.pos(start), ErrUnsupported, "kernel has more than %d operations (the limit)", p.lim.MaxOps), LimitOps)
		return nil
	}
	var defs []resultDef
	nres := 0
	for p.tok.kind == tValueID && !p.bad() {
		t := p.tok
		if strings.IndexByte(p.text(t), '#') >= 0 {
			p.syntaxError(t, "result name (%name)")
			return nil
		}
		d := resultDef{name: p.text(t)[1:], pos: p.pos(t), n: 1}
		p.next()
		if p.got(tColon) {
			ct := p.tok
			if ct.kind != tInt {
				p.syntaxError(ct, "result count")
				return nil
			}
			n := 0
			for _, c := range p.text(ct) {
				n = n*10 + int(c-'0')
				if n > p.lim.MaxOps {
					break
				}
			}
			if n == 0 || n > p.lim.MaxOps {
				p.fail(p.pos(ct), "", ErrSyntax, "invalid result count %s", shorten(p.text(ct)))
				return nil
			}
			d.n = n
			p.next()
		}
		defs = append(defs, d)
		nres += d.n
		if !p.got(tComma) {
			break
		}
	}
	if len(defs) > 0 && !p.expect(tEqual) {
		return nil
	}
	t := p.tok
	if t.kind != tBareID || p.text(t) != "tf_executor.island" {
		name := p.text(t)
		if t.kind == tBareID && strings.HasPrefix(name, "tf_executor.") {
			p.fail(p.pos(t), name, ErrUnsupported, "is not supported: a graph-form kernel may hold only tf_executor.island and tf_executor.fetch (no v1 control flow)")
		} else {
			p.syntaxError(t, "tf_executor.island or tf_executor.fetch")
		}
		return nil
	}
	p.next()
	// The last result is the island's control token.
	if len(defs) == 0 || defs[len(defs)-1].n != 1 {
		p.fail(p.pos(start), "tf_executor.island", ErrSyntax, "must name its results and its control token last (%%outputs, %%control = …)")
		return nil
	}
	ctl := defs[len(defs)-1]
	data, ndata := defs[:len(defs)-1], nres-1
	if p.got(tLParen) {
		for p.tok.kind != tRParen && !p.bad() {
			ct := p.tok
			if ct.kind != tValueID {
				p.syntaxError(ct, "control operand (%control)")
				return nil
			}
			p.useControl(ct)
			p.next()
			if !p.got(tComma) {
				break
			}
		}
		if !p.expect(tRParen) {
			return nil
		}
	}
	var ops []*Op
	switch {
	case p.tok.kind == tBareID && p.text(p.tok) == "wraps":
		p.next()
		if p.tok.kind != tString {
			p.syntaxError(p.tok, "the wrapped operation in generic form")
			return nil
		}
		op := p.parseGenericOp(data, ndata)
		if p.bad() || op == nil {
			return nil
		}
		if len(data) == 0 && len(op.Results) > 0 {
			p.fail(op.Pos, op.Name, ErrSyntax, "defines %d result(s) but the island names none", len(op.Results))
			return nil
		}
		if !p.checkStateless(op) {
			return nil
		}
		p.bindResults(op, data)
		if !isControlAnchor(op) {
			ops = append(ops, op)
		}
	case p.tok.kind == tLBrace:
		var yielded []*Value
		ops, yielded = p.parseIslandBody()
		if p.bad() {
			return nil
		}
		if len(yielded) != ndata {
			p.fail(p.pos(t), "tf_executor.island", ErrSyntax, "yields %d value(s) but %d name(s) are bound to them", len(yielded), ndata)
			return nil
		}
		p.alias(data, yielded)
	default:
		p.syntaxError(p.tok, "'wraps' or '{' after tf_executor.island")
		return nil
	}
	p.optLoc()
	p.fn.names[ctl.name] = &binding{pos: ctl.pos, control: true}
	p.fn.scopes[len(p.fn.scopes)-1] = append(p.fn.scopes[len(p.fn.scopes)-1], ctl.name)
	return ops
}

// parseIslandBody parses `{ ops… tf_executor.yield %v… : types }`; values
// defined in the body are not visible after it.
func (p *parser) parseIslandBody() ([]*Op, []*Value) {
	p.next() // {
	p.fn.push()
	defer p.fn.pop()
	var ops []*Op
	for !p.bad() && p.tok.kind != tRBrace && p.tok.kind != tEOF {
		if p.tok.kind == tBareID && p.text(p.tok) == "tf_executor.yield" {
			vals := p.parseExecutorOperands("tf_executor.yield")
			p.optLoc()
			if p.bad() {
				return nil, nil
			}
			if p.tok.kind != tRBrace {
				p.fail(p.pos(p.tok), "tf_executor.yield", ErrSyntax, "must end the island's body")
				return nil, nil
			}
			p.next()
			return ops, vals
		}
		op, _, isReturn := p.parseOperation()
		if p.bad() {
			return nil, nil
		}
		if op == nil || isReturn {
			if op != nil {
				p.fail(op.Pos, op.Name, ErrSyntax, "is not allowed in a tf_executor.island")
			}
			return nil, nil
		}
		if !p.checkStateless(op) {
			return nil, nil
		}
		ops = append(ops, op)
	}
	p.fail(p.pos(p.tok), "tf_executor.island", ErrSyntax, "body does not end with tf_executor.yield")
	return nil, nil
}

// parseExecutorOperands parses the operands and types of
// tf_executor.fetch or tf_executor.yield (the current token): data values
// are returned, control tokens are checked and dropped.
func (p *parser) parseExecutorOperands(name string) []*Value {
	p.next()
	var toks []token
	for p.tok.kind == tValueID && !p.bad() {
		toks = append(toks, p.tok)
		p.next()
		if !p.got(tComma) {
			break
		}
	}
	if len(toks) == 0 {
		return nil
	}
	if !p.expect(tColon) {
		return nil
	}
	var vals []*Value
	for i, t := range toks {
		if i > 0 && !p.expect(tComma) {
			return nil
		}
		if p.tok.kind == tBangID && p.text(p.tok) == "!tf_executor.control" {
			p.next()
			p.useControl(t)
			continue
		}
		ty, ok := p.parseTensorType()
		if p.bad() {
			return nil
		}
		v := p.use(t)
		if v != nil && ok {
			p.checkUseType(t, v, ty)
		}
		vals = append(vals, v)
	}
	return vals
}

// useControl checks that t names a control token.
func (p *parser) useControl(t token) {
	name := p.text(t)[1:]
	b, ok := p.fn.names[name]
	switch {
	case !ok:
		p.fn.undef = append(p.fn.undef, undefUse{name, p.pos(t)})
	case !b.control && b.vals != nil:
		p.errorf(p.pos(t), "", ErrSyntax, "'%%%s' is a value, not a control token (!tf_executor.control)", name)
	}
}

// checkStateless refuses a stateful op in graph form, at its position.
func (p *parser) checkStateless(op *Op) bool {
	if statefulTFOps[op.Name] {
		p.fail(op.Pos, op.Name, ErrUnsupported, "is stateful: a graph-form kernel may hold only stateless ops (their control dependencies carry no data and are dropped)")
		return false
	}
	return true
}

// isControlAnchor reports a tf.NoOp without operands or results: the node
// control edges meet at, with no data and no effect. The parser drops it,
// in an island and in a function or region body alike (convert_function
// and the executor-to-functional conversion leave such anchors in bodies).
func isControlAnchor(op *Op) bool {
	return op.Name == "tf.NoOp" && len(op.Operands) == 0 && len(op.Results) == 0
}
