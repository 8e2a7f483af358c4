package mlir

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sandjit/sandjit/memref"
)

// ParseLimits bounds what Parse accepts, so that hostile text cannot make
// it allocate or recurse without limit. Each bound is checked before the
// thing it bounds is allocated. A zero or negative field means "use the
// default" (DefaultParseLimits).
type ParseLimits struct {
	MaxBytes         int // length of the source text
	MaxOps           int // operations in the whole module, terminators and ops in regions included
	MaxDepth         int // nesting of regions, attributes, types and dense literal lists, all counted together
	MaxDenseElements int // elements of one non-splat dense literal
}

// DefaultParseLimits returns the limits Parse uses for zero fields: 16 MiB
// of text, 100 000 operations, nesting depth 64, and 1<<24 elements in one
// dense literal.
func DefaultParseLimits() ParseLimits {
	return ParseLimits{
		MaxBytes:         16 << 20,
		MaxOps:           100_000,
		MaxDepth:         64,
		MaxDenseElements: 1 << 24,
	}
}

func (lim ParseLimits) withDefaults() ParseLimits {
	d := DefaultParseLimits()
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = d.MaxBytes
	}
	if lim.MaxOps <= 0 {
		lim.MaxOps = d.MaxOps
	}
	if lim.MaxDepth <= 0 {
		lim.MaxDepth = d.MaxDepth
	}
	if lim.MaxDenseElements <= 0 {
		lim.MaxDenseElements = d.MaxDenseElements
	}
	return lim
}

// maxDim bounds every tensor dimension: each dim is below 2^32.
const maxDim = 1<<32 - 1

// Parse reads MLIR text in the TensorFlow dialect (see the package
// documentation for the accepted language) into a Module. file names the
// text in positions.
//
// On failure the Module is nil and the error is an ErrorList of at most 20
// diagnostics sorted by position, each an *Error whose Kind is ErrSyntax
// (malformed text) or ErrUnsupported (a form, type or size sandjit does not
// take). Parse knows no op semantics: it checks only what MLIR's own parser
// checks (names defined once and before use, operand and result counts
// against the op's type, each use's type against its definition).
func Parse(file string, src []byte, lim ParseLimits) (*Module, error) {
	lim = lim.withDefaults()
	p := &parser{
		file:     file,
		lim:      lim,
		reported: map[string]bool{},
	}
	if len(src) > lim.MaxBytes {
		overLimit(p.errs.Add(Pos{File: file, Line: 1, Col: 1}, "", ErrUnsupported,
			"kernel text is %d bytes, more than the limit of %d", len(src), lim.MaxBytes), LimitBytes)
		return nil, p.errs.Err()
	}
	p.lex = newLexer(string(src))
	p.next()
	m := p.parseFile()
	if err := p.errs.Err(); err != nil {
		return nil, err
	}
	return m, nil
}

// parser is the state of one Parse call.
//
// Errors come in two strengths. errorf records a diagnostic and parsing
// goes on as if nothing happened (an undefined value, an unsupported type).
// fail records a syntax error and sets failed, after which every parsing
// function returns at once; the loop over a block's operations then skips
// to the next line and clears failed. abort stops everything (a limit, or
// maxErrors diagnostics).
type parser struct {
	lex     lexer
	tok     token
	prevEnd int // end offset of the last consumed token
	file    string
	lim     ParseLimits
	errs    ErrorList
	failed  bool
	abort   bool
	depth   int
	nops    int

	typeAliases map[string]typeInfo
	attrAliases map[string]Attr
	funcs       map[string]Pos
	reported    map[string]bool // unsupported types already reported

	fn      *funcScope
	sawMod  bool
	sawFunc bool

	graphOps []*Op // the ops a tf_executor.graph unwrapped to, for parseOps
}

// ---- tokens and diagnostics ----

func (p *parser) next() {
	p.prevEnd = p.tok.end
	p.tok = p.lex.scan()
}

func (p *parser) text(t token) string { return p.lex.src[t.start:t.end] }

func (p *parser) pos(t token) Pos { return Pos{File: p.file, Line: t.line, Col: t.col} }

// bad reports that the current construct has failed.
func (p *parser) bad() bool { return p.failed || p.abort }

func (p *parser) add(pos Pos, op string, kind error, format string, args ...any) *Error {
	if pos.Line < 1 {
		pos.Line = 1
	}
	if pos.Col < 1 {
		pos.Col = 1
	}
	e := p.errs.Add(pos, op, kind, format, args...)
	// At the end of the text nothing is left to recover into: anything
	// reported after this would only repeat it ("expected '}'" after
	// "expected a type").
	if len(p.errs) >= maxErrors || (p.tok.kind == tEOF && pos == p.pos(p.tok)) {
		p.abort = true
	}
	return e
}

// errorf records a diagnostic that needs no recovery. It returns the
// diagnostic (nil when none was recorded), as fail and abortf do.
func (p *parser) errorf(pos Pos, op string, kind error, format string, args ...any) *Error {
	if p.bad() {
		return nil
	}
	return p.add(pos, op, kind, format, args...)
}

// fail records an error after which the current operation is abandoned.
func (p *parser) fail(pos Pos, op string, kind error, format string, args ...any) *Error {
	if p.bad() {
		return nil
	}
	e := p.add(pos, op, kind, format, args...)
	p.failed = true
	return e
}

// abortf records an error after which nothing more is parsed.
func (p *parser) abortf(pos Pos, kind error, format string, args ...any) *Error {
	if p.abort {
		return nil
	}
	e := p.add(pos, "", kind, format, args...)
	p.failed = true
	p.abort = true
	return e
}

// describe names a token in "found …".
func (p *parser) describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tString:
		return "string " + shorten(p.text(t))
	}
	return "'" + shorten(p.text(t)) + "'"
}

// shorten clips text quoted in a diagnostic.
func shorten(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// syntaxError fails at token t, which is not what was expected.
func (p *parser) syntaxError(t token, expected string) {
	if t.kind == tError {
		p.fail(p.pos(t), "", ErrSyntax, "%s", t.msg)
		return
	}
	p.fail(p.pos(t), "", ErrSyntax, "expected %s, found %s", expected, p.describe(t))
}

// got consumes the current token if it is of kind k.
func (p *parser) got(k tokKind) bool {
	if p.bad() || p.tok.kind != k {
		return false
	}
	p.next()
	return true
}

// expect consumes a token of kind k or fails.
func (p *parser) expect(k tokKind) bool {
	if p.bad() {
		return false
	}
	if p.tok.kind != k {
		p.syntaxError(p.tok, k.String())
		return false
	}
	p.next()
	return true
}

func (p *parser) isKeyword(s string) bool {
	return p.tok.kind == tBareID && p.text(p.tok) == s
}

// enter counts one level of nesting; it returns false (and aborts) past
// MaxDepth. Every enter is paired with a leave.
func (p *parser) enter() bool {
	p.depth++
	if p.depth > p.lim.MaxDepth {
		overLimit(p.abortf(p.pos(p.tok), ErrUnsupported, "nesting is deeper than the limit of %d", p.lim.MaxDepth), LimitDepth)
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

// posAt is the position of offset off, at or after the current token.
func (p *parser) posAt(off int) Pos {
	line, col := p.tok.line, p.tok.col
	src := p.lex.src
	if off > len(src) {
		off = len(src)
	}
	for i := p.tok.start; i < off; i++ {
		if src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return Pos{File: p.file, Line: line, Col: col}
}

// skipBody consumes a balanced bracketed body starting at the current
// token ('<', '(', '[' or '{') and returns its text.
func (p *parser) skipBody() string {
	if p.bad() {
		return ""
	}
	start := p.tok.start
	end, msg, deep := scanBalanced(p.lex.src, start, p.lim.MaxDepth)
	if msg != "" {
		e := p.fail(p.posAt(end), "", ErrSyntax, "%s", msg)
		if deep {
			overLimit(e, LimitDepth)
		}
		return ""
	}
	p.lex.seek(p.tok)
	p.lex.advanceTo(end)
	p.tok.end = end
	p.next()
	return p.lex.src[start:end]
}

// optLoc skips a `loc(…)` trailer if there is one. Locations are parsed
// for balance and otherwise ignored: positions come from the text.
func (p *parser) optLoc() {
	if p.bad() || !p.isKeyword("loc") {
		return
	}
	p.next()
	open := p.tok
	if !p.expect(tLParen) {
		return
	}
	depth := 1
	for depth > 0 && !p.bad() {
		switch p.tok.kind {
		case tEOF:
			p.fail(p.pos(open), "", ErrSyntax, "unterminated loc(...)")
			return
		case tError:
			p.syntaxError(p.tok, "")
			return
		case tLParen, tLBracket:
			depth++
		case tRParen, tRBracket:
			depth--
		}
		p.next()
	}
}

// resync skips the construct that failed, which began at token start: it
// rescans from there, counting braces, to the first token of a later line
// outside any brace opened on the way, or to a '}' that closes the
// enclosing block. After a lexical error (an unterminated string may have
// swallowed a brace) the count restarts.
func (p *parser) resync(start token) {
	p.lex.seek(start)
	p.tok = p.lex.scan()
	depth := 0
	for p.tok.kind != tEOF {
		switch {
		case p.tok.kind == tRBrace && depth == 0:
			return
		case depth == 0 && p.tok.first && p.tok.line > start.line:
			return
		case p.tok.kind == tLBrace:
			depth++
		case p.tok.kind == tRBrace:
			depth--
		case p.tok.kind == tError:
			depth = 0
		}
		p.next()
	}
}

// ---- module structure ----

func (p *parser) parseFile() *Module {
	m := &Module{File: p.file}
	for !p.abort && p.tok.kind != tEOF {
		p.parseTopItem(m, false)
	}
	return m
}

// parseTopItem parses one item at the top level or inside a module.
func (p *parser) parseTopItem(m *Module, inModule bool) {
	p.failed = false
	t := p.tok
	switch {
	case t.kind == tHashID:
		p.parseAttrAliasDef()
	case t.kind == tBangID:
		p.parseTypeAliasDef()
	case t.kind == tBareID && (p.text(t) == "module" || p.text(t) == "builtin.module"):
		if inModule || p.sawMod || p.sawFunc {
			p.errorf(p.pos(t), "", ErrUnsupported, "only one module is supported, holding all functions")
		}
		p.sawMod = true
		p.parseModule(m)
	case t.kind == tBareID && isFuncKeyword(p.text(t)):
		if !inModule && p.sawMod {
			p.errorf(p.pos(t), "", ErrUnsupported, "only one module is supported, holding all functions")
		}
		p.sawFunc = true
		p.parseFunc(m)
	case t.kind == tLBrace && strings.HasPrefix(p.lex.src[t.end:], "-#"):
		// A file metadata block {-# dialect_resources: … #-}: skipped.
		end := strings.Index(p.lex.src[t.end:], "#-}")
		if end < 0 {
			p.fail(p.pos(t), "", ErrSyntax, "unterminated '{-#' block")
			break
		}
		p.lex.seek(t)
		p.lex.advanceTo(t.end + end + 3)
		p.next()
	case t.kind == tString || t.kind == tBareID || t.kind == tValueID:
		name := p.text(t)
		if t.kind == tString {
			name = unquoteString(name)
		}
		switch name {
		case "func.func", "builtin.func", "builtin.module":
			p.fail(p.pos(t), name, ErrUnsupported, "in generic form is not supported; print functions and modules in custom form")
		default:
			p.fail(p.pos(t), "", ErrUnsupported, "only functions are supported at module level, found '%s'", shorten(name))
		}
	default:
		p.syntaxError(t, "a function, module or alias definition")
	}
	if p.failed && !p.abort {
		if t.kind == tBareID && isFuncKeyword(p.text(t)) {
			// A function whose header or structure is broken: where its
			// body ends is anybody's guess.
			p.abort = true
			return
		}
		p.failed = false
		p.resync(t)
		if p.tok.start == t.start {
			p.next()
		}
	}
}

func isFuncKeyword(s string) bool { return s == "func" || s == "func.func" || s == "builtin.func" }

func (p *parser) parseModule(m *Module) {
	p.next()
	if p.tok.kind == tSymbol {
		p.next() // the module's name is not kept
	}
	if p.isKeyword("attributes") {
		p.next()
		m.Attrs = append(m.Attrs, nonEmpty(p.parseDict())...)
	}
	if !p.expect(tLBrace) {
		return
	}
	for !p.abort && p.tok.kind != tRBrace && p.tok.kind != tEOF {
		p.parseTopItem(m, true)
	}
	if p.expect(tRBrace) {
		p.optLoc()
	}
}

// parseAttrAliasDef parses `#name = attr` or `#name = loc(…)`.
func (p *parser) parseAttrAliasDef() {
	t := p.tok
	name := p.text(t)
	p.next()
	if !p.expect(tEqual) {
		return
	}
	if p.isKeyword("loc") {
		p.optLoc()
		return
	}
	a := p.parseAttr()
	if p.bad() {
		return
	}
	if p.attrAliases == nil {
		p.attrAliases = map[string]Attr{}
	}
	if _, dup := p.attrAliases[name]; dup {
		p.errorf(p.pos(t), "", ErrSyntax, "redefinition of attribute alias '%s'", name)
		return
	}
	p.attrAliases[name] = a
}

// parseTypeAliasDef parses `!name = type`.
func (p *parser) parseTypeAliasDef() {
	t := p.tok
	name := p.text(t)
	p.next()
	if !p.expect(tEqual) {
		return
	}
	ti := p.parseType()
	if p.bad() {
		return
	}
	if p.typeAliases == nil {
		p.typeAliases = map[string]typeInfo{}
	}
	if _, dup := p.typeAliases[name]; dup {
		p.errorf(p.pos(t), "", ErrSyntax, "redefinition of type alias '%s'", name)
		return
	}
	p.typeAliases[name] = ti
}

// ---- functions ----

// funcScope holds the SSA names of the function being parsed. Names are
// scoped the MLIR way: a name defined in a region goes out of scope at the
// region's end, and no name may be defined twice while in scope.
type funcScope struct {
	names  map[string]*binding
	scopes [][]string // names defined per open region; [0] is the body
	undef  []undefUse
	nextID int
}

// binding is a name in scope: the values of `%name` (one, or a group
// `%name:2`), or nil values for the results of an op that failed to parse.
type binding struct {
	vals    []*Value
	pos     Pos
	control bool // a tf_executor island's control token (!tf_executor.control)
}

type undefUse struct {
	name string
	pos  Pos
}

type resultDef struct {
	name string
	pos  Pos
	n    int
}

func newFuncScope() *funcScope {
	return &funcScope{
		names:  map[string]*binding{},
		scopes: [][]string{nil},
	}
}

func (s *funcScope) push() { s.scopes = append(s.scopes, nil) }

func (s *funcScope) pop() {
	last := s.scopes[len(s.scopes)-1]
	for _, n := range last {
		delete(s.names, n)
	}
	s.scopes = s.scopes[:len(s.scopes)-1]
}

// define binds name to vals (nil: poisoned) in the innermost scope.
func (p *parser) define(name string, pos Pos, vals []*Value) {
	s := p.fn
	if prev, ok := s.names[name]; ok {
		p.errorf(pos, "", ErrSyntax, "redefinition of SSA value '%%%s' (previous definition at %d:%d)", name, prev.pos.Line, prev.pos.Col)
		return
	}
	s.names[name] = &binding{vals: vals, pos: pos}
	s.scopes[len(s.scopes)-1] = append(s.scopes[len(s.scopes)-1], name)
	for _, v := range vals {
		v.ID = s.nextID
		s.nextID++
	}
}

// poison binds the result names of an op that failed to parse, so that
// their uses do not cause more errors.
func (p *parser) poison(defs []resultDef) {
	for _, d := range defs {
		if _, ok := p.fn.names[d.name]; !ok {
			p.fn.names[d.name] = &binding{pos: d.pos}
			p.fn.scopes[len(p.fn.scopes)-1] = append(p.fn.scopes[len(p.fn.scopes)-1], d.name)
		}
	}
}

// use resolves the SSA use at token t (%name or %name#k). It returns nil
// for a name that is undefined (reported when the function ends) or
// poisoned.
func (p *parser) use(t token) *Value {
	txt := p.text(t)[1:]
	name, num := txt, 0
	if i := strings.IndexByte(txt, '#'); i >= 0 {
		name = txt[:i]
		n, err := strconv.ParseUint(txt[i+1:], 10, 31)
		if err != nil {
			p.errorf(p.pos(t), "", ErrSyntax, "result number of '%%%s' is out of range", shorten(txt))
			return nil
		}
		num = int(n)
	}
	b, ok := p.fn.names[name]
	if !ok {
		p.fn.undef = append(p.fn.undef, undefUse{name, p.pos(t)})
		return nil
	}
	if b.control {
		p.errorf(p.pos(t), "", ErrSyntax, "'%%%s' is a control token (!tf_executor.control): only an island's control operands and tf_executor.fetch take it", name)
		return nil
	}
	if b.vals == nil {
		return nil
	}
	if num >= len(b.vals) {
		p.errorf(p.pos(t), "", ErrSyntax, "result number %d is out of range: '%%%s' has %d result(s)", num, name, len(b.vals))
		return nil
	}
	return b.vals[num]
}

// reportUndefined reports the uses of names that were not in scope; at
// the end of the function, the names of its body are still in scope, so a
// use of one of them was a use before its definition.
func (p *parser) reportUndefined() {
	for _, u := range p.fn.undef {
		if b, ok := p.fn.names[u.name]; ok {
			d := b.pos
			p.errorf(u.pos, "", ErrSyntax, "use of value '%%%s' before its definition at %d:%d", u.name, d.Line, d.Col)
		} else {
			p.errorf(u.pos, "", ErrSyntax, "use of undefined value '%%%s'", u.name)
		}
	}
}

func (p *parser) parseFunc(m *Module) {
	kw := p.tok
	f := &Func{Pos: p.pos(kw)}
	p.next()
	if p.tok.kind == tBareID {
		switch v := p.text(p.tok); v {
		case "private", "public", "nested":
			f.Visibility = v
			p.next()
		}
	}
	if p.tok.kind != tSymbol {
		p.syntaxError(p.tok, "function name (@name)")
		return
	}
	nameTok := p.tok
	f.Name = symbolName(p.text(nameTok))
	p.next()

	p.fn = newFuncScope()
	defer func() { p.fn = nil }()

	if !p.expect(tLParen) {
		return
	}
	// A declaration lists argument types without names.
	decl := p.tok.kind != tValueID && p.tok.kind != tRParen
	if p.tok.kind != tRParen {
		for !p.bad() {
			if decl {
				p.parseType()
				if p.tok.kind == tLBrace {
					p.parseDict()
				}
				p.optLoc()
				if !p.got(tComma) {
					break
				}
				continue
			}
			t := p.tok
			if t.kind != tValueID || strings.IndexByte(p.text(t), '#') >= 0 {
				p.syntaxError(t, "argument name (%name)")
				return
			}
			p.next()
			p.expect(tColon)
			ty, _ := p.parseTensorType()
			var attrs DictAttr
			if p.tok.kind == tLBrace {
				attrs = nonEmpty(p.parseDict())
			}
			p.optLoc()
			if p.bad() {
				return
			}
			v := &Value{Name: p.text(t)[1:], Type: ty, Index: len(f.Args), Pos: p.pos(t)}
			p.define(v.Name, v.Pos, []*Value{v})
			f.Args = append(f.Args, v)
			f.ArgAttrs = append(f.ArgAttrs, attrs)
			if !p.got(tComma) {
				break
			}
		}
	}
	if !p.expect(tRParen) {
		return
	}
	if p.got(tArrow) {
		if p.got(tLParen) {
			if p.tok.kind != tRParen {
				for !p.bad() {
					ty, _ := p.parseTensorType()
					var attrs DictAttr
					if p.tok.kind == tLBrace {
						attrs = nonEmpty(p.parseDict())
					}
					f.ResultTypes = append(f.ResultTypes, ty)
					f.ResultAttrs = append(f.ResultAttrs, attrs)
					if !p.got(tComma) {
						break
					}
				}
			}
			p.expect(tRParen)
		} else {
			ty, _ := p.parseTensorType()
			f.ResultTypes = append(f.ResultTypes, ty)
			f.ResultAttrs = append(f.ResultAttrs, nil)
		}
	}
	if p.isKeyword("attributes") {
		p.next()
		f.Attrs = nonEmpty(p.parseDict())
	}
	if p.bad() {
		return
	}
	if p.tok.kind != tLBrace || decl {
		if decl && p.tok.kind == tLBrace {
			p.fail(p.pos(p.tok), "", ErrSyntax, "a function with a body must name its arguments")
			return
		}
		p.errorf(f.Pos, "", ErrUnsupported, "function '@%s' has no body; declarations are not supported", f.Name)
		p.optLoc()
		return
	}
	p.next()
	if p.tok.kind == tBlockID {
		p.fail(p.pos(p.tok), "", ErrUnsupported, "block labels in a function body are not supported")
		return
	}
	f.Ops, f.Return = p.parseOps(true)
	if p.bad() {
		return
	}
	if p.tok.kind != tRBrace {
		p.syntaxError(p.tok, "'}' at the end of function '@"+f.Name+"'")
		return
	}
	if f.Return == nil {
		p.errorf(p.pos(p.tok), "", ErrSyntax, "function '@%s' does not end with a return", f.Name)
	}
	p.next()
	p.optLoc()
	p.reportUndefined()
	f.NumValues = p.fn.nextID
	if p.funcs == nil {
		p.funcs = map[string]Pos{}
	}
	if prev, dup := p.funcs[f.Name]; dup {
		p.errorf(p.pos(nameTok), "", ErrSyntax, "redefinition of function '@%s' (previous definition at %d:%d)", f.Name, prev.Line, prev.Col)
		return
	}
	p.funcs[f.Name] = p.pos(nameTok)
	m.Funcs = append(m.Funcs, f)
}

// symbolName decodes the text of a symbol token (@name or @"name").
func symbolName(s string) string {
	s = s[1:]
	if strings.HasPrefix(s, `"`) {
		return unquoteString(s)
	}
	return s
}

// nonEmpty maps an empty dictionary to nil.
func nonEmpty(d DictAttr) DictAttr {
	if len(d) == 0 {
		return nil
	}
	return d
}

// ---- operations ----

// parseOps parses the operations of a block up to its closing '}' (not
// consumed). In a function body the terminator is returned separately;
// anywhere else a func.return is an error.
func (p *parser) parseOps(inFunc bool) (ops []*Op, ret *Op) {
	afterReturn := false
	for !p.abort {
		k := p.tok.kind
		if k == tRBrace || k == tEOF {
			break
		}
		start := p.tok
		var op *Op
		var defs []resultDef
		isReturn := false
		if k == tBlockID {
			p.fail(p.pos(p.tok), "", ErrUnsupported, "a region or function body with more than one block is not supported")
		} else {
			op, defs, isReturn = p.parseOperation()
		}
		graphOps := p.graphOps
		p.graphOps = nil
		if p.failed {
			if p.abort {
				break
			}
			p.poison(defs)
			p.failed = false
			if inFunc && ret == nil && isReturn {
				// A broken terminator is still the terminator.
				ret = &Op{Name: "func.return", Pos: p.pos(start)}
			}
			p.resync(start)
			continue
		}
		if op == nil {
			ops = append(ops, graphOps...)
			continue
		}
		if ret != nil && !afterReturn {
			afterReturn = true
			p.errorf(op.Pos, op.Name, ErrSyntax, "follows the function's terminator")
		}
		if op.Name == "func.return" {
			if !inFunc {
				p.errorf(op.Pos, op.Name, ErrSyntax, "is only allowed at the end of a function body")
			} else if ret == nil {
				ret = op
				continue
			}
		}
		if isControlAnchor(op) {
			continue
		}
		ops = append(ops, op)
	}
	return ops, ret
}

// isReturnName reports whether t names a return operation.
func (p *parser) isReturnName(t token) bool {
	switch p.text(t) {
	case "return", "func.return", "std.return", `"func.return"`, `"std.return"`:
		return true
	}
	return false
}

// parseOperation parses one operation with its optional result list and
// location. It also returns the result names it saw, for poisoning if the
// operation fails.
func (p *parser) parseOperation() (op *Op, defs []resultDef, isReturn bool) {
	p.nops++
	if p.nops > p.lim.MaxOps {
		overLimit(p.abortf(p.pos(p.tok), ErrUnsupported, "kernel has more than %d operations (the limit)", p.lim.MaxOps), LimitOps)
		return nil, nil, false
	}
	nres := 0
	if p.tok.kind == tValueID {
		for !p.bad() {
			t := p.tok
			if t.kind != tValueID || strings.IndexByte(p.text(t), '#') >= 0 {
				p.syntaxError(t, "result name (%name)")
				return nil, defs, isReturn
			}
			d := resultDef{name: p.text(t)[1:], pos: p.pos(t), n: 1}
			p.next()
			if p.got(tColon) {
				ct := p.tok
				if ct.kind != tInt {
					p.syntaxError(ct, "result count")
					return nil, defs, isReturn
				}
				n, err := strconv.ParseUint(p.text(ct), 10, 31)
				if err != nil || n == 0 {
					p.fail(p.pos(ct), "", ErrSyntax, "invalid result count %s", shorten(p.text(ct)))
					return nil, defs, isReturn
				}
				d.n = int(n)
				p.next()
			}
			defs = append(defs, d)
			nres += d.n
			if !p.got(tComma) {
				break
			}
		}
		if !p.expect(tEqual) {
			return nil, defs, isReturn
		}
	}
	t := p.tok
	isReturn = p.isReturnName(t)
	switch t.kind {
	case tString:
		op = p.parseGenericOp(defs, nres)
	case tBareID:
		switch name := p.text(t); name {
		case "return", "func.return", "std.return":
			op = p.parseCustomReturn(defs)
		case "arith.constant":
			op = p.parseArithConstant(defs, nres)
		case "tf_executor.graph":
			p.graphOps = p.parseExecutorGraph(defs, nres)
			if p.bad() {
				p.graphOps = nil
			}
			return nil, defs, false
		default:
			p.fail(p.pos(t), name, ErrUnsupported, "custom op syntax is not supported; use the generic form")
			return nil, defs, isReturn
		}
	default:
		p.syntaxError(t, "an operation")
		return nil, defs, isReturn
	}
	if p.bad() || op == nil {
		return nil, defs, isReturn
	}
	p.bindResults(op, defs)
	p.optLoc()
	return op, nil, isReturn
}

// bindResults names op's results after defs (%a, %b:2, …); results of an
// op without names get the empty name.
func (p *parser) bindResults(op *Op, defs []resultDef) {
	if len(defs) == 0 {
		for _, v := range op.Results {
			v.ID = p.fn.nextID
			p.fn.nextID++
		}
		return
	}
	i := 0
	for _, d := range defs {
		vals := op.Results[i : i+d.n : i+d.n]
		for _, v := range vals {
			v.Name = d.name
			v.Pos = d.pos
		}
		i += d.n
		p.define(d.name, d.pos, vals)
	}
}

type operandUse struct {
	tok token
	v   *Value
}

// parseGenericOp parses `"name"(operands) <{props}> (regions) {attrs} : type`.
func (p *parser) parseGenericOp(defs []resultDef, nres int) *Op {
	nt := p.tok
	op := &Op{Name: unquoteString(p.text(nt)), Pos: p.pos(nt)}
	if op.Name == "" {
		p.fail(op.Pos, "", ErrSyntax, "empty operation name")
		return nil
	}
	if op.Name == "std.return" {
		op.Name = "func.return"
	}
	p.next()
	if !p.expect(tLParen) {
		return nil
	}
	var uses []operandUse
	if p.tok.kind != tRParen {
		for !p.bad() {
			t := p.tok
			if t.kind != tValueID {
				p.syntaxError(t, "SSA operand (%name)")
				return nil
			}
			uses = append(uses, operandUse{t, p.use(t)})
			p.next()
			if !p.got(tComma) {
				break
			}
		}
	}
	if !p.expect(tRParen) {
		return nil
	}
	if p.tok.kind == tLBracket {
		p.fail(p.pos(p.tok), op.Name, ErrUnsupported, "successor blocks are not supported")
		return nil
	}
	if p.got(tLess) {
		props := p.parseDict()
		if !p.expect(tGreater) {
			return nil
		}
		op.Attrs = append(op.Attrs, props...)
	}
	if p.got(tLParen) {
		for !p.bad() {
			r := p.parseRegion()
			if p.bad() {
				return nil
			}
			op.Regions = append(op.Regions, r)
			if !p.got(tComma) {
				break
			}
		}
		if !p.expect(tRParen) {
			return nil
		}
	}
	if p.tok.kind == tLBrace {
		dt := p.tok
		attrs := p.parseDict()
		var seen nameSet
		for _, a := range op.Attrs {
			seen.add(a.Name)
		}
		for _, a := range attrs {
			if seen.add(a.Name) {
				p.errorf(p.pos(dt), op.Name, ErrSyntax, "attribute '%s' occurs both as a property and as an attribute", a.Name)
			}
		}
		op.Attrs = append(op.Attrs, attrs...)
	}
	op.Attrs = nonEmpty(op.Attrs)
	colon := p.tok
	if !p.expect(tColon) {
		return nil
	}
	ins, inOK, outs := p.parseFunctionType()
	if p.bad() {
		return nil
	}
	if len(ins) != len(uses) {
		p.fail(p.pos(colon), op.Name, ErrSyntax, "has %d operand(s) but its type lists %d", len(uses), len(ins))
		return nil
	}
	if len(defs) > 0 && nres != len(outs) {
		p.fail(p.pos(colon), op.Name, ErrSyntax, "defines %d result(s) but %d name(s) are bound to them", len(outs), nres)
		return nil
	}
	op.Operands = make([]*Value, len(uses))
	for i, u := range uses {
		op.Operands[i] = u.v
		if u.v != nil && inOK[i] {
			p.checkUseType(u.tok, u.v, ins[i])
		}
	}
	op.Results = make([]*Value, len(outs))
	for i, ty := range outs {
		op.Results[i] = &Value{Type: ty, Def: op, Index: i, Pos: op.Pos}
	}
	return op
}

// checkUseType checks that a use's declared type is the type of the value.
func (p *parser) checkUseType(t token, v *Value, declared TensorType) {
	if !v.Type.Elem.Valid() || v.Type.Equal(declared) {
		return
	}
	p.errorf(p.pos(t), "", ErrSyntax, "use of value '%s' expects different type than prior uses: '%s' vs '%s'",
		p.text(t), declared, v.Type)
}

// parseFunctionType parses `(t, …) -> t` or `(t, …) -> (t, …)`; inOK[i]
// reports a supported operand tensor type. Unsupported result types are
// reported and left zero.
func (p *parser) parseFunctionType() (ins []TensorType, inOK []bool, outs []TensorType) {
	ins, inOK = p.parseTypeList(true)
	if !p.expect(tArrow) {
		return
	}
	if p.tok.kind == tLParen {
		outs, _ = p.parseTypeList(true)
	} else {
		ty, _ := p.parseTensorType()
		outs = []TensorType{ty}
	}
	return
}

// parseTypeList parses tensor types separated by commas, in parentheses
// if paren.
func (p *parser) parseTypeList(paren bool) ([]TensorType, []bool) {
	var tys []TensorType
	var oks []bool
	if paren {
		if !p.expect(tLParen) {
			return nil, nil
		}
		if p.got(tRParen) {
			return nil, nil
		}
	}
	for !p.bad() {
		ty, ok := p.parseTensorType()
		tys = append(tys, ty)
		oks = append(oks, ok)
		if !p.got(tComma) {
			break
		}
	}
	if paren {
		p.expect(tRParen)
	}
	return tys, oks
}

// parseCustomReturn parses `return`, `return %a, %b : t1, t2` (also
// spelled func.return and std.return).
func (p *parser) parseCustomReturn(defs []resultDef) *Op {
	t := p.tok
	op := &Op{Name: "func.return", Pos: p.pos(t)}
	if len(defs) > 0 {
		p.fail(p.pos(t), op.Name, ErrSyntax, "cannot have results")
		return nil
	}
	p.next()
	if p.tok.kind != tValueID {
		return op
	}
	var uses []operandUse
	for !p.bad() {
		u := p.tok
		if u.kind != tValueID {
			p.syntaxError(u, "SSA operand (%name)")
			return nil
		}
		uses = append(uses, operandUse{u, p.use(u)})
		p.next()
		if !p.got(tComma) {
			break
		}
	}
	colon := p.tok
	if !p.expect(tColon) {
		return nil
	}
	tys, oks := p.parseTypeList(false)
	if p.bad() {
		return nil
	}
	if len(tys) != len(uses) {
		p.errorf(p.pos(colon), op.Name, ErrSyntax, "has %d operand(s) but %d type(s)", len(uses), len(tys))
	}
	op.Operands = make([]*Value, len(uses))
	for i, u := range uses {
		op.Operands[i] = u.v
		if u.v != nil && i < len(tys) && oks[i] {
			p.checkUseType(u.tok, u.v, tys[i])
		}
	}
	return op
}

// parseArithConstant parses `arith.constant dense<…> : tensor<…>`.
func (p *parser) parseArithConstant(defs []resultDef, nres int) *Op {
	t := p.tok
	op := &Op{Name: "arith.constant", Pos: p.pos(t)}
	p.next()
	if p.tok.kind == tLBrace {
		op.Attrs = append(op.Attrs, p.parseDict()...)
	}
	vt := p.tok
	v := p.parseAttr()
	if p.bad() {
		return nil
	}
	var ty TensorType
	switch a := v.(type) {
	case *DenseAttr:
		ty = a.Type
	case OpaqueAttr:
		// An unsupported dense form, already reported.
	default:
		p.errorf(p.pos(vt), op.Name, ErrUnsupported, "only dense tensor constants are supported, found %s", shorten(p.lex.src[vt.start:p.prevEnd]))
	}
	if len(defs) > 0 && nres != 1 {
		p.fail(op.Pos, op.Name, ErrSyntax, "defines 1 result but %d name(s) are bound to it", nres)
		return nil
	}
	op.Attrs = append(op.Attrs, NamedAttr{Name: "value", Value: v})
	op.Results = []*Value{{Type: ty, Def: op, Pos: op.Pos}}
	return op
}

// parseRegion parses `{ [^bb(args):] ops }`.
func (p *parser) parseRegion() *Region {
	if p.bad() {
		return nil
	}
	if !p.enter() {
		p.leave()
		return nil
	}
	defer p.leave()
	if !p.expect(tLBrace) {
		return nil
	}
	p.fn.push()
	defer p.fn.pop()
	r := &Region{}
	if p.tok.kind == tBlockID {
		p.next()
		if p.got(tLParen) {
			if p.tok.kind != tRParen {
				for !p.bad() {
					t := p.tok
					if t.kind != tValueID || strings.IndexByte(p.text(t), '#') >= 0 {
						p.syntaxError(t, "block argument name (%name)")
						return nil
					}
					p.next()
					p.expect(tColon)
					ty, _ := p.parseTensorType()
					p.optLoc()
					if p.bad() {
						return nil
					}
					v := &Value{Name: p.text(t)[1:], Type: ty, Index: len(r.Args), Pos: p.pos(t)}
					p.define(v.Name, v.Pos, []*Value{v})
					r.Args = append(r.Args, v)
					if !p.got(tComma) {
						break
					}
				}
			}
			p.expect(tRParen)
		}
		p.expect(tColon)
	}
	r.Ops, _ = p.parseOps(false)
	if p.bad() {
		return nil
	}
	p.expect(tRBrace)
	return r
}

// ---- types ----

type typeKind uint8

const (
	tyTensor typeKind = iota // a tensor type sandjit models
	tyElem                   // an element type sandjit models (f32)
	tyOther                  // anything else, kept as text
)

// typeInfo is a parsed type.
type typeInfo struct {
	kind   typeKind
	tensor TensorType
	elem   memref.DType
	text   string // source text
	why    string // tyOther: what is unsupported ("element type 'bf16'"); "" if already reported
	whyPos Pos
}

// parseTensorType parses a type that must be a tensor type sandjit
// models; it reports anything else (once per distinct type) and returns
// false, leaving parsing to continue.
func (p *parser) parseTensorType() (TensorType, bool) {
	start := p.tok
	ti := p.parseType()
	if p.bad() {
		return TensorType{}, false
	}
	switch ti.kind {
	case tyTensor:
		return ti.tensor, true
	case tyElem:
		p.reportUnsupported(p.pos(start), "non-tensor type '"+ti.text+"'")
	default:
		if ti.why != "" {
			p.reportUnsupported(ti.whyPos, ti.why)
		}
	}
	return TensorType{}, false
}

func (p *parser) reportUnsupported(pos Pos, what string) {
	if p.reported[what] {
		return
	}
	p.reported[what] = true
	p.errorf(pos, "", ErrUnsupported, "unsupported %s", what)
}

// parseType parses any MLIR type.
func (p *parser) parseType() typeInfo {
	if p.bad() {
		return typeInfo{kind: tyOther}
	}
	if !p.enter() {
		p.leave()
		return typeInfo{kind: tyOther}
	}
	defer p.leave()
	t := p.tok
	ti := typeInfo{kind: tyOther, whyPos: p.pos(t)}
	switch t.kind {
	case tBareID:
		name := p.text(t)
		p.next()
		switch {
		case name == "tensor":
			ti = p.parseTensorBody(t)
		case name == "complex" && p.tok.kind == tLess:
			// complex<f32> and complex<f64>: a compiled element type.
			body := strings.Join(strings.Fields(p.skipBody()), "")
			if dt, ok := memref.ParseDType(name + body); ok && dt.Compiled() {
				ti.kind, ti.elem = tyElem, dt
			} else {
				ti.why = "type '" + shorten(p.lex.src[t.start:p.prevEnd]) + "'"
			}
		case name == "memref" || name == "vector" || name == "complex" || name == "tuple":
			if p.tok.kind != tLess {
				p.syntaxError(p.tok, "'<'")
				return ti
			}
			p.skipBody()
			ti.why = "type '" + shorten(p.lex.src[t.start:p.prevEnd]) + "'"
		default:
			if dt, ok := memref.ParseDType(name); ok && dt.Compiled() {
				ti.kind, ti.elem = tyElem, dt
			} else if isOtherBuiltinType(name) {
				ti.why = "type '" + name + "'"
			} else {
				p.fail(p.pos(t), "", ErrSyntax, "expected a type, found '%s'", shorten(name))
				return ti
			}
		}
	case tBangID:
		name := p.text(t)
		p.next()
		if alias, ok := p.typeAliases[name]; ok {
			alias.whyPos = ti.whyPos
			return alias
		}
		if p.tok.kind == tLess && p.tok.start == t.end {
			p.skipBody()
		}
		ti.why = "type '" + shorten(p.lex.src[t.start:p.prevEnd]) + "'"
	case tLParen:
		p.skipTypeList()
		if !p.expect(tArrow) {
			return ti
		}
		if p.tok.kind == tLParen {
			p.skipTypeList()
		} else {
			p.parseType()
		}
		ti.why = "function type '" + shorten(p.lex.src[t.start:p.prevEnd]) + "'"
	default:
		p.syntaxError(t, "a type")
		return ti
	}
	ti.text = p.lex.src[t.start:p.prevEnd]
	return ti
}

// skipTypeList parses `(type, …)` of any types and keeps nothing.
func (p *parser) skipTypeList() {
	if !p.expect(tLParen) || p.got(tRParen) {
		return
	}
	for !p.bad() {
		p.parseType()
		if !p.got(tComma) {
			break
		}
	}
	p.expect(tRParen)
}

// isOtherBuiltinType reports MLIR builtin type names sandjit does not
// model: tf32, index, i4, f8E4M3FN, …
func isOtherBuiltinType(s string) bool {
	switch s {
	case "tf32", "f80", "f128", "index", "none":
		return true
	}
	if strings.HasPrefix(s, "f8E") || strings.HasPrefix(s, "f6E") || strings.HasPrefix(s, "f4E") {
		return true
	}
	_, ok := intTypeOf(s)
	return ok
}

// parseTensorBody parses the `<2x?xf32>` of a tensor type; the current
// token is the '<'.
func (p *parser) parseTensorBody(kw token) typeInfo {
	ti := typeInfo{kind: tyOther, whyPos: p.pos(kw)}
	lt := p.tok
	if lt.kind != tLess {
		p.syntaxError(lt, "'<' after 'tensor'")
		return ti
	}
	// Scan the dimension list "2x?x" as characters: the lexer would read
	// "2x3xf32" as an integer and an identifier.
	l := &p.lex
	l.seek(lt)
	l.advanceTo(lt.end)
	dims := []int{}
	ranked := true
	tooBig, tooMany := false, false
dimLoop:
	for {
		l.skipSpace()
		if l.off >= len(l.src) {
			break
		}
		c := l.src[l.off]
		dpos := Pos{File: p.file, Line: l.line, Col: l.col()}
		switch {
		case c == '*' && len(dims) == 0 && ranked:
			ranked = false
			l.off++
		case c == '?':
			dims = append(dims, Dynamic)
			l.off++
		case isDecDigit(c):
			start := l.off
			v := uint64(0)
			for l.off < len(l.src) && isDecDigit(l.src[l.off]) {
				if v <= maxDim {
					v = v*10 + uint64(l.src[l.off]-'0')
				}
				l.off++
			}
			if v > maxDim {
				if !tooBig {
					overLimit(p.errorf(dpos, "", ErrUnsupported, "dimension %s is too large (the limit is %d)", shorten(l.src[start:l.off]), maxDim), LimitDim)
				}
				tooBig = true
				v = 0
			}
			dims = append(dims, int(v))
		default:
			break dimLoop
		}
		if len(dims) > memref.MaxRank {
			if !tooMany {
				overLimit(p.errorf(dpos, "", ErrUnsupported, "tensor rank exceeds the maximum of %d", memref.MaxRank), LimitRank)
			}
			tooMany = true
			dims = dims[:memref.MaxRank]
		}
		l.skipSpace()
		if l.off >= len(l.src) || l.src[l.off] != 'x' {
			p.tok = l.scan()
			p.syntaxError(p.tok, "'x' in dimension list")
			return ti
		}
		l.off++
		if !ranked {
			break
		}
	}
	p.tok = l.scan()
	et := p.tok
	e := p.parseType()
	if p.bad() {
		return ti
	}
	if p.tok.kind == tComma {
		p.next()
		p.parseAttr()
		ti.why = "tensor encoding in '" + shorten(p.lex.src[kw.start:p.prevEnd]) + ">'"
		ti.whyPos = p.pos(et)
	}
	if !p.expect(tGreater) {
		return ti
	}
	switch {
	case ti.why != "":
	case e.kind != tyElem:
		ti.why = "element type '" + shorten(e.text) + "'"
		ti.whyPos = p.pos(et)
	case tooBig || tooMany:
		// reported
	default:
		ti.kind = tyTensor
		ti.tensor = TensorType{Elem: e.elem, Ranked: ranked}
		if ranked {
			ti.tensor.Dims = dims
		}
	}
	return ti
}

// ---- attributes ----

// parseDict parses `{name = value, name, …}`.
func (p *parser) parseDict() DictAttr {
	if p.bad() {
		return nil
	}
	if !p.enter() {
		p.leave()
		return nil
	}
	defer p.leave()
	return p.parseDictBody()
}

// parseDictBody is parseDict within a nesting level already counted.
func (p *parser) parseDictBody() DictAttr {
	if !p.expect(tLBrace) {
		return nil
	}
	d := DictAttr{}
	if p.got(tRBrace) {
		return d
	}
	var seen nameSet
	for !p.bad() {
		t := p.tok
		var name string
		switch t.kind {
		case tBareID:
			name = p.text(t)
		case tString:
			name = unquoteString(p.text(t))
		default:
			p.syntaxError(t, "attribute name")
			return nil
		}
		p.next()
		var v Attr = UnitAttr{}
		if p.got(tEqual) {
			v = p.parseAttr()
		}
		if p.bad() {
			return nil
		}
		if seen.add(name) {
			p.errorf(p.pos(t), "", ErrSyntax, "duplicate attribute '%s'", name)
		} else {
			d = append(d, NamedAttr{Name: name, Value: v})
		}
		if !p.got(tComma) {
			break
		}
	}
	p.expect(tRBrace)
	return d
}

// nameSet finds duplicate names: a slice for the usual few, a map past 16.
type nameSet struct {
	few  []string
	many map[string]bool
}

// add adds name and reports whether it was already there.
func (s *nameSet) add(name string) bool {
	if s.many != nil {
		if s.many[name] {
			return true
		}
		s.many[name] = true
		return false
	}
	for _, n := range s.few {
		if n == name {
			return true
		}
	}
	s.few = append(s.few, name)
	if len(s.few) > 16 {
		s.many = map[string]bool{}
		for _, n := range s.few {
			s.many[n] = true
		}
	}
	return false
}

// parseAttr parses an attribute value. It returns nil only after an
// error.
func (p *parser) parseAttr() Attr {
	if p.bad() {
		return nil
	}
	if !p.enter() {
		p.leave()
		return nil
	}
	defer p.leave()
	t := p.tok
	switch t.kind {
	case tLBracket:
		p.next()
		arr := ArrayAttr{}
		if p.got(tRBracket) {
			return arr
		}
		for !p.bad() {
			arr = append(arr, p.parseAttr())
			if !p.got(tComma) {
				break
			}
		}
		p.expect(tRBracket)
		return arr
	case tLBrace:
		return p.parseDictBody()
	case tString:
		p.next()
		return StringAttr(unquoteString(p.text(t)))
	case tSymbol:
		p.next()
		name := symbolName(p.text(t))
		for p.tok.kind == tColonColon && !p.bad() {
			p.next()
			if p.tok.kind != tSymbol {
				p.syntaxError(p.tok, "nested symbol (@name)")
				return nil
			}
			name += "::" + p.text(p.tok)
			p.next()
		}
		return SymbolRefAttr(name)
	case tMinus, tInt, tFloat:
		return p.parseNumberAttr()
	case tHashID:
		name := p.text(t)
		p.next()
		if p.tok.kind == tLess && p.tok.start == t.end {
			p.skipBody()
			return OpaqueAttr(p.lex.src[t.start:p.prevEnd])
		}
		if a, ok := p.attrAliases[name]; ok {
			return a
		}
		if strings.IndexByte(name, '.') >= 0 {
			return OpaqueAttr(name)
		}
		p.fail(p.pos(t), "", ErrSyntax, "undefined attribute alias '%s'", name)
		return nil
	case tBangID, tLParen:
		return typeAttrOf(p.parseType())
	case tBareID:
		switch name := p.text(t); name {
		case "true", "false":
			p.next()
			return BoolAttr(name == "true")
		case "unit":
			p.next()
			return UnitAttr{}
		case "dense":
			return p.parseDense()
		case "array":
			return p.parseArrayAttr()
		case "dense_resource", "sparse", "dense_array", "opaque":
			p.next()
			if p.tok.kind == tLess {
				p.skipBody()
			}
			if p.got(tColon) {
				p.parseType()
			}
			if p.bad() {
				return nil
			}
			p.errorf(p.pos(t), "", ErrUnsupported, "unsupported attribute '%s'", shorten(p.lex.src[t.start:p.prevEnd]))
			return OpaqueAttr(p.lex.src[t.start:p.prevEnd])
		default:
			if name == "tensor" || name == "memref" || name == "vector" || name == "complex" || name == "tuple" ||
				isOtherBuiltinType(name) {
				return typeAttrOf(p.parseType())
			}
			if _, ok := memref.ParseDType(name); ok {
				return typeAttrOf(p.parseType())
			}
			p.next()
			if p.tok.kind == tLess && p.tok.start == t.end {
				// affine_map<…>, strided<…> and other builtin attributes.
				p.skipBody()
				return OpaqueAttr(p.lex.src[t.start:p.prevEnd])
			}
			p.fail(p.pos(t), "", ErrSyntax, "expected an attribute value, found '%s'", shorten(name))
			return nil
		}
	}
	p.syntaxError(t, "an attribute value")
	return nil
}

func typeAttrOf(ti typeInfo) Attr {
	switch ti.kind {
	case tyTensor:
		tt := ti.tensor
		return TypeAttr{Tensor: &tt}
	case tyElem:
		return TypeAttr{Elem: ti.elem}
	}
	return TypeAttr{Text: ti.text}
}

// intSpec is an integer type: its width and kind ('i' signless, 's'
// signed, 'u' unsigned).
type intSpec struct {
	width int
	kind  byte
}

// intTypeOf parses "i32", "si8", "ui64", "index".
func intTypeOf(s string) (intSpec, bool) {
	if s == "index" {
		return intSpec{64, 'i'}, true
	}
	it := intSpec{kind: 'i'}
	switch {
	case strings.HasPrefix(s, "si"):
		it.kind, s = 's', s[2:]
	case strings.HasPrefix(s, "ui"):
		it.kind, s = 'u', s[2:]
	case strings.HasPrefix(s, "i"):
		s = s[1:]
	default:
		return it, false
	}
	if s == "" || s[0] == '0' || len(s) > 8 {
		return it, false
	}
	for i := 0; i < len(s); i++ {
		if !isDecDigit(s[i]) {
			return it, false
		}
	}
	it.width, _ = strconv.Atoi(s)
	return it, true
}

func intTypeOfDType(dt memref.DType) intSpec {
	switch {
	case dt == memref.Bool:
		return intSpec{1, 'i'}
	case dt.IsUnsigned():
		return intSpec{dt.Bits(), 'u'}
	}
	return intSpec{dt.Bits(), 'i'}
}

// intValue checks an integer literal (sign and magnitude) against it and
// returns its value: sign-extended for signless and signed types (zero-
// extended for i1), zero-extended for unsigned ones.
func intValue(neg bool, mag uint64, it intSpec) (int64, string) {
	w := it.width
	if w > 64 {
		return 0, fmt.Sprintf("integer types wider than 64 bits (i%d) are not supported", w)
	}
	umax := uint64(math.MaxUint64) >> (64 - w)
	smin := uint64(1) << (w - 1) // magnitude of the most negative value
	switch it.kind {
	case 'u':
		if neg && mag != 0 {
			return 0, "negative value for an unsigned integer type"
		}
		if mag > umax {
			return 0, "value is out of range"
		}
		return int64(mag), ""
	case 's':
		if neg && mag > smin || !neg && mag > smin-1 {
			return 0, "value is out of range"
		}
	default:
		if neg && mag > smin || !neg && mag > umax {
			return 0, "value is out of range"
		}
	}
	bits := mag
	if neg {
		bits = -mag
	}
	bits &= umax
	if w == 1 || w == 64 {
		return int64(bits), ""
	}
	if bits&smin != 0 {
		bits |= ^umax
	}
	return int64(bits), ""
}

// parseMagnitude parses an integer token's digits (decimal or 0x hex).
func parseMagnitude(s string) (uint64, bool) {
	var v uint64
	var err error
	if strings.HasPrefix(s, "0x") {
		v, err = strconv.ParseUint(s[2:], 16, 64)
	} else {
		v, err = strconv.ParseUint(s, 10, 64)
	}
	return v, err == nil
}

func isHexLiteral(s string) bool { return strings.HasPrefix(s, "0x") }

// floatFromLiteral converts a number literal to the float type dt and
// returns the element's bits (in dt's width) and value. Hex integers are
// bit patterns; decimal integers and floats are rounded to dt.
func floatFromLiteral(text string, neg bool, dt memref.DType) (bits uint64, v float64, msg string) {
	if isHexLiteral(text) {
		if neg {
			return 0, 0, "a hexadecimal float bit pattern cannot have a sign"
		}
		b, ok := parseMagnitude(text)
		if !ok || dt.Bits() < 64 && b>>dt.Bits() != 0 {
			return 0, 0, fmt.Sprintf("hexadecimal bit pattern %s is too wide for %s", shorten(text), dt)
		}
		switch dt {
		case memref.Float16:
			return b, float64(memref.F16ToF32(uint16(b))), ""
		case memref.BFloat16:
			return b, float64(memref.BF16ToF32(uint16(b))), ""
		case memref.Float32:
			return b, float64(math.Float32frombits(uint32(b))), ""
		}
		return b, math.Float64frombits(b), ""
	}
	size := 64
	if dt == memref.Float32 || dt == memref.Float16 {
		size = 32
	}
	f, err := strconv.ParseFloat(text, size)
	if err != nil && (!math.IsInf(f, 0)) {
		return 0, 0, fmt.Sprintf("invalid float literal %s", shorten(text))
	}
	if math.IsInf(f, 0) {
		return 0, 0, fmt.Sprintf("value %s is out of range for %s", shorten(text), dt)
	}
	if neg {
		f = -f
	}
	switch dt {
	case memref.Float16:
		h := memref.F32ToF16(float32(f))
		if h&0x7fff == 0x7c00 {
			return 0, 0, fmt.Sprintf("value %s is out of range for %s", shorten(text), dt)
		}
		return uint64(h), float64(memref.F16ToF32(h)), ""
	case memref.BFloat16:
		h := memref.F64ToBF16(f) // one rounding, as MLIR's APFloat
		if h&0x7fff == 0x7f80 {
			return 0, 0, fmt.Sprintf("value %s is out of range for %s", shorten(text), dt)
		}
		return uint64(h), float64(memref.BF16ToF32(h)), ""
	case memref.Float32:
		return uint64(math.Float32bits(float32(f))), float64(float32(f)), ""
	}
	return math.Float64bits(f), f, ""
}

// parseNumberAttr parses `[-]literal [: type]` into an IntAttr or a
// FloatAttr.
func (p *parser) parseNumberAttr() Attr {
	neg, t, ok := p.parseNumberLiteral()
	if !ok {
		return nil
	}
	var tt token
	if p.got(tColon) {
		tt = p.tok
		if tt.kind != tBareID {
			p.syntaxError(tt, "an integer or float type")
			return nil
		}
		p.next()
	}
	return p.numberAttr(neg, t, tt)
}

// parseNumberLiteral parses `[-]integer` or `[-]float`.
func (p *parser) parseNumberLiteral() (neg bool, t token, ok bool) {
	neg = p.got(tMinus)
	t = p.tok
	if t.kind != tInt && t.kind != tFloat {
		p.syntaxError(t, "a number")
		return false, t, false
	}
	p.next()
	return neg, t, true
}

// numberAttr converts the literal t (negated if neg) to an attribute of
// the type named by token tt (none: i64 for integers, f64 for floats, the
// type left "" in the attribute).
func (p *parser) numberAttr(neg bool, t, tt token) Attr {
	text := p.text(t)
	typ := ""
	if tt.kind == tBareID {
		typ = p.text(tt)
	}
	if typ == "" && t.kind == tInt || typ != "" && isIntTypeName(typ) {
		if t.kind == tFloat {
			p.errorf(p.pos(t), "", ErrSyntax, "float literal %s for integer type %s", shorten(text), typ)
			return IntAttr{Type: typ}
		}
		it := intSpec{64, 'i'}
		if typ != "" {
			it, _ = intTypeOf(typ)
		}
		mag, ok := parseMagnitude(text)
		if !ok {
			p.errorf(p.pos(t), "", ErrSyntax, "integer literal %s is out of range", shorten(text))
			return IntAttr{Type: typ}
		}
		v, msg := intValue(neg, mag, it)
		if msg != "" {
			kind := ErrSyntax
			if it.width > 64 {
				kind = ErrUnsupported
			}
			p.errorf(p.pos(t), "", kind, "integer value %s%s: %s for %s", minusIf(neg), shorten(text), msg, orDefaultType(typ, "i64"))
		}
		return IntAttr{Value: v, Type: typ}
	}
	var dt memref.DType
	switch typ {
	case "", "f64":
		dt = memref.Float64
	case "f32":
		dt = memref.Float32
	case "f16":
		dt = memref.Float16
	case "bf16":
		dt = memref.BFloat16
	default:
		if isOtherBuiltinType(typ) {
			p.errorf(p.pos(tt), "", ErrUnsupported, "unsupported attribute type '%s'", typ)
		} else {
			p.errorf(p.pos(tt), "", ErrSyntax, "expected an integer or float type, found '%s'", shorten(typ))
		}
		return FloatAttr{Type: typ}
	}
	if t.kind == tInt && !isHexLiteral(text) {
		p.errorf(p.pos(t), "", ErrSyntax, "unexpected decimal integer literal %s for a float value; add a '.0'", shorten(text))
		return FloatAttr{Type: typ}
	}
	_, v, msg := floatFromLiteral(text, neg, dt)
	if msg != "" {
		p.errorf(p.pos(t), "", ErrSyntax, "%s", msg)
	}
	return FloatAttr{Value: v, Type: typ}
}

func isIntTypeName(s string) bool {
	_, ok := intTypeOf(s)
	return ok
}

func minusIf(neg bool) string {
	if neg {
		return "-"
	}
	return ""
}

func orDefaultType(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// parseArrayAttr parses `array<i64: 1, 2>` into an ArrayAttr.
func (p *parser) parseArrayAttr() Attr {
	p.next()
	if !p.expect(tLess) {
		return nil
	}
	tt := p.tok
	if tt.kind != tBareID {
		p.syntaxError(tt, "an element type")
		return nil
	}
	p.next()
	arr := ArrayAttr{}
	if p.got(tColon) {
		for !p.bad() {
			et := p.tok
			var a Attr
			switch {
			case et.kind == tBareID && (p.text(et) == "true" || p.text(et) == "false"):
				p.next()
				a = BoolAttr(p.text(et) == "true")
			case et.kind == tMinus || et.kind == tInt || et.kind == tFloat:
				neg, lit, ok := p.parseNumberLiteral()
				if !ok {
					return nil
				}
				a = p.numberAttr(neg, lit, tt)
			default:
				p.syntaxError(et, "an array element")
				return nil
			}
			arr = append(arr, a)
			if !p.got(tComma) {
				break
			}
		}
	}
	p.expect(tGreater)
	return arr
}

// ---- dense literals ----

// denseScan is what the first pass over a dense literal learns.
type denseScan struct {
	shape     []int // inferred from nested lists; -1 while unknown
	leafDepth int   // list depth of the scalars; -1 while unknown
	count     int   // scalars
	first     token // first scalar
	scalar    bool  // the body is one scalar (a splat)
	strings   bool
	complex   bool  // some element is a pair (re, im)
	real      token // the first element that is not a pair (kind tEOF: none)
}

// parseDense parses `dense<…> : type` in two passes: the first checks the
// literal's syntax and infers its shape without storing anything, then
// the type is parsed and checked, the tensor allocated, and a second pass
// over the same tokens fills it in.
func (p *parser) parseDense() Attr {
	kw := p.tok
	p.next()
	if !p.expect(tLess) {
		return nil
	}
	body := p.tok
	st := denseScan{leafDepth: -1}
	var blob string
	empty := false
	switch body.kind {
	case tGreater:
		empty = true
	case tString:
		s := unquoteString(p.text(body))
		if isHexLiteral(s) {
			blob = s
		} else {
			st.strings = true
			st.scalar = true
			st.count = 1
		}
		p.next()
	case tLBracket:
		p.scanDenseList(&st, 0)
	default:
		st.scalar = true
		p.scanDenseScalar(&st, 0)
	}
	if !p.expect(tGreater) || !p.expect(tColon) {
		return nil
	}
	tyTok := p.tok
	ti := p.parseType()
	if p.bad() {
		return nil
	}
	placeholder := OpaqueAttr(p.lex.src[kw.start:p.prevEnd])
	switch ti.kind {
	case tyElem:
		p.errorf(p.pos(tyTok), "", ErrSyntax, "the type of a dense literal must be a tensor type, found '%s'", ti.text)
		return placeholder
	case tyOther:
		if ti.why != "" {
			p.reportUnsupported(ti.whyPos, ti.why)
		}
		return placeholder
	}
	tt := ti.tensor
	if !tt.IsStatic() {
		p.errorf(p.pos(tyTok), "", ErrSyntax, "the type of a dense literal must have a static shape, found '%s'", tt)
		return placeholder
	}
	switch {
	case st.strings:
		p.errorf(p.pos(body), "", ErrSyntax, "string elements for %s", tt)
		return placeholder
	case st.complex && !tt.Elem.IsComplex():
		p.errorf(p.pos(st.first), "", ErrSyntax, "complex elements for %s", tt)
		return placeholder
	case tt.Elem.IsComplex() && st.real.kind != tEOF:
		// MLIR takes only pairs for a complex element type.
		p.errorf(p.pos(st.real), "", ErrSyntax, "expected a complex element (re, im) for %s, found %s", tt, shorten(p.text(st.real)))
		return placeholder
	}
	dt := tt.Elem
	a := &DenseAttr{Type: tt, Splat: st.scalar || len(tt.Dims) == 0}
	if blob != "" {
		return p.denseFromBlob(a, blob, body, placeholder)
	}
	n := 0
	if !st.scalar {
		var err error
		n, err = memref.NumElements(tt.Dims)
		if err != nil || n > p.lim.MaxDenseElements {
			overLimit(p.errorf(p.pos(tyTok), "", ErrUnsupported, "dense literal of type %s has more than %d elements (the limit)", tt, p.lim.MaxDenseElements), LimitDenseElements)
			return placeholder
		}
	}
	switch {
	case st.scalar:
	case empty:
		if n != 0 {
			p.errorf(p.pos(body), "", ErrSyntax, "empty dense literal for %s, which has %d elements", tt, n)
			return placeholder
		}
	case n == 0 && st.count == 0:
		// [] or [[]] for any zero-element type.
	default:
		if !equalDims(st.shape, tt.Dims) {
			p.errorf(p.pos(body), "", ErrSyntax, "inferred shape of dense literal [%s] does not match type %s", inferredDims(st.shape), tt)
			return placeholder
		}
	}
	var dims []int
	if !a.Splat {
		dims = tt.Dims
	}
	v, err := memref.New(dt, dims)
	if err != nil {
		p.errorf(p.pos(tyTok), "", ErrUnsupported, "dense literal of type %s: %v", tt, err)
		return placeholder
	}
	a.Value = v
	if st.count == 0 {
		return a
	}
	// Second pass: re-read the elements into v.
	saveLex, saveTok, savePrev := p.lex, p.tok, p.prevEnd
	p.lex.seek(body)
	p.tok = p.lex.scan()
	ok := p.fillDense(v, st.count)
	p.lex, p.tok, p.prevEnd = saveLex, saveTok, savePrev
	if !ok {
		return placeholder
	}
	return a
}

func equalDims(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func inferredDims(d []int) string {
	s := make([]string, len(d))
	for i, x := range d {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// scanDenseList checks one `[…]` of a dense literal at list depth depth.
func (p *parser) scanDenseList(st *denseScan, depth int) {
	if !p.enter() {
		p.leave()
		return
	}
	defer p.leave()
	open := p.tok
	if st.leafDepth >= 0 && depth >= st.leafDepth {
		p.fail(p.pos(open), "", ErrSyntax, "dense literal mixes lists and scalars at the same level")
		return
	}
	p.next()
	n := 0
	if p.tok.kind != tRBracket {
		for !p.bad() {
			if p.tok.kind == tLBracket {
				p.scanDenseList(st, depth+1)
			} else {
				p.scanDenseScalar(st, depth+1)
			}
			n++
			if !p.got(tComma) {
				break
			}
		}
	}
	if !p.expect(tRBracket) {
		return
	}
	for len(st.shape) <= depth {
		st.shape = append(st.shape, -1)
	}
	switch {
	case st.shape[depth] == -1:
		st.shape[depth] = n
	case st.shape[depth] != n:
		p.fail(p.pos(open), "", ErrSyntax, "dense literal lists at the same level have different lengths (%d and %d)", st.shape[depth], n)
	}
}

// scanDenseScalar checks one scalar of a dense literal.
func (p *parser) scanDenseScalar(st *denseScan, depth int) {
	t := p.tok
	switch {
	case st.leafDepth >= 0 && depth != st.leafDepth, st.leafDepth < 0 && len(st.shape) > depth:
		p.fail(p.pos(t), "", ErrSyntax, "dense literal mixes lists and scalars at the same level")
		return
	}
	st.leafDepth = depth
	if st.count == 0 {
		st.first = t
	}
	if t.kind != tLParen && st.real.kind == tEOF {
		st.real = t
	}
	st.count++
	if st.count > p.lim.MaxDenseElements {
		overLimit(p.abortf(p.pos(t), ErrUnsupported, "dense literal has more than %d elements (the limit)", p.lim.MaxDenseElements), LimitDenseElements)
		return
	}
	switch t.kind {
	case tMinus:
		p.next()
		if p.tok.kind != tInt && p.tok.kind != tFloat {
			p.syntaxError(p.tok, "a number")
			return
		}
		p.next()
	case tInt, tFloat:
		p.next()
	case tString:
		st.strings = true
		p.next()
	case tBareID:
		if s := p.text(t); s != "true" && s != "false" {
			p.syntaxError(t, "a dense element")
			return
		}
		p.next()
	case tLParen:
		// A complex element, as MLIR prints it: (re,im), each part a
		// number.
		st.complex = true
		p.next()
		for i := 0; i < 2 && !p.bad(); i++ {
			if i == 1 && !p.expect(tComma) {
				return
			}
			if p.tok.kind == tMinus {
				p.next()
			}
			if p.tok.kind != tInt && p.tok.kind != tFloat {
				p.syntaxError(p.tok, "a number (a part of a complex element)")
				return
			}
			p.next()
		}
		p.expect(tRParen)
	default:
		p.syntaxError(t, "a dense element")
	}
}

// fillDense is the second pass over a dense literal: the current token is
// the literal's first, the syntax is known good, and count scalars go to
// v (which holds one element if the literal is a splat).
func (p *parser) fillDense(v *memref.Tensor, count int) bool {
	es := v.DType.Size()
	i := 0
	for i < count {
		t := p.tok
		switch t.kind {
		case tLBracket, tRBracket, tComma:
			p.next()
			continue
		case tEOF, tError, tGreater:
			panic("BUG: dense literal changed between passes")
		}
		if t.kind == tLParen {
			// (re, im): each part in the part type, real part first.
			pt, ps := v.DType.ComplexPart(), es/2
			p.next()
			for k := 0; k < 2; k++ {
				if k == 1 {
					p.next() // the comma
				}
				bits, ok := p.densePart(pt)
				if !ok {
					return false
				}
				putBits(v.Data[i*es+k*ps:i*es+(k+1)*ps], bits)
				p.next()
			}
			i++
			p.next() // the ')'
			continue
		}
		bits, ok := p.densePart(v.DType)
		if !ok {
			return false
		}
		putBits(v.Data[i*es:(i+1)*es], bits)
		i++
		p.next()
	}
	return true
}

// densePart converts the scalar at the current token, after its sign if
// it has one, to dt's bits; the current token is then the scalar.
func (p *parser) densePart(dt memref.DType) (uint64, bool) {
	neg := false
	if p.tok.kind == tMinus {
		neg = true
		p.next()
	}
	return p.denseElem(dt, p.tok, neg)
}

func putBits(b []byte, bits uint64) {
	switch len(b) {
	case 1:
		b[0] = byte(bits)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(bits))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(bits))
	case 8:
		binary.LittleEndian.PutUint64(b, bits)
	}
}

// denseElem converts one scalar token of a dense literal to dt's bits.
func (p *parser) denseElem(dt memref.DType, t token, neg bool) (uint64, bool) {
	text := p.text(t)
	isBool := t.kind == tBareID
	switch {
	case dt == memref.Bool:
		switch {
		case text == "true" && !neg:
			return 1, true
		case text == "false" && !neg:
			return 0, true
		case t.kind == tInt && !neg && (text == "0" || text == "1"):
			return uint64(text[0] - '0'), true
		}
		p.errorf(p.pos(t), "", ErrSyntax, "expected true or false for an i1 element, found %s%s", minusIf(neg), shorten(text))
		return 0, false
	case isBool:
		p.errorf(p.pos(t), "", ErrSyntax, "boolean element %s for element type %s", text, dt)
		return 0, false
	case dt.IsFloat():
		bits, _, msg := floatFromLiteral(text, neg, dt)
		if msg != "" {
			p.errorf(p.pos(t), "", ErrSyntax, "%s", msg)
			return 0, false
		}
		return bits, true
	}
	if t.kind == tFloat {
		p.errorf(p.pos(t), "", ErrSyntax, "float element %s for element type %s", shorten(text), dt)
		return 0, false
	}
	mag, ok := parseMagnitude(text)
	if !ok {
		p.errorf(p.pos(t), "", ErrSyntax, "integer literal %s is out of range", shorten(text))
		return 0, false
	}
	v, msg := intValue(neg, mag, intTypeOfDType(dt))
	if msg != "" {
		p.errorf(p.pos(t), "", ErrSyntax, "integer value %s%s: %s for %s", minusIf(neg), shorten(text), msg, dt)
		return 0, false
	}
	return uint64(v), true
}

// denseFromBlob decodes `dense<"0x…">`: the raw little-endian bytes of
// the whole tensor, or of one element for a splat.
func (p *parser) denseFromBlob(a *DenseAttr, blob string, body token, placeholder Attr) Attr {
	hex := blob[2:]
	for i := 0; i < len(hex); i++ {
		if !isHexDigit(hex[i]) {
			p.errorf(p.pos(body), "", ErrSyntax, "invalid hex digit in dense hex literal")
			return placeholder
		}
	}
	if len(hex)%2 != 0 {
		p.errorf(p.pos(body), "", ErrSyntax, "dense hex literal has an odd number of digits")
		return placeholder
	}
	nb := len(hex) / 2
	es := a.Type.Elem.Size()
	n, err := memref.NumElements(a.Type.Dims)
	if err != nil {
		n = -1 // too large for anything but a splat
	}
	var dims []int
	switch {
	case n >= 0 && nb == n*es && len(a.Type.Dims) > 0:
		if n > p.lim.MaxDenseElements {
			overLimit(p.errorf(p.pos(body), "", ErrUnsupported, "dense literal of type %s has more than %d elements (the limit)", a.Type, p.lim.MaxDenseElements), LimitDenseElements)
			return placeholder
		}
		a.Splat = false
		dims = a.Type.Dims
	case nb == es:
		a.Splat = true
	case n < 0:
		p.errorf(p.pos(body), "", ErrUnsupported, "dense literal of type %s: %v", a.Type, err)
		return placeholder
	default:
		p.errorf(p.pos(body), "", ErrSyntax, "dense hex literal has %d bytes; %s needs %d", nb, a.Type, n*es)
		return placeholder
	}
	v, err := memref.New(a.Type.Elem, dims)
	if err != nil {
		p.errorf(p.pos(body), "", ErrUnsupported, "dense literal of type %s: %v", a.Type, err)
		return placeholder
	}
	for i := range v.Data {
		b := hexValue(hex[2*i])<<4 | hexValue(hex[2*i+1])
		if a.Type.Elem == memref.Bool && b != 0 {
			b = 1
		}
		v.Data[i] = b
	}
	a.Value = v
	return a
}
