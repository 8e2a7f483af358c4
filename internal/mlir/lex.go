package mlir

import (
	"fmt"
	"strings"
)

// tokKind is the kind of a lexical token of MLIR text.
type tokKind uint8

const (
	tEOF        tokKind = iota
	tError              // a lexical error; token.msg says what
	tBareID             // foo, func.func, f32, tf_type.shape
	tInt                // 12, 0x1F
	tFloat              // 1.5, 1.0e-3, 2E+5
	tString             // "…" with escapes
	tValueID            // %name, %0, %0#1
	tSymbol             // @name, @"quoted"
	tBlockID            // ^bb0
	tHashID             // #name, #dialect.attr
	tBangID             // !name, !dialect.type
	tLParen             // (
	tRParen             // )
	tLBrace             // {
	tRBrace             // }
	tLBracket           // [
	tRBracket           // ]
	tLess               // <
	tGreater            // >
	tComma              // ,
	tColon              // :
	tColonColon         // ::
	tEqual              // =
	tArrow              // ->
	tMinus              // -
	tPlus               // +
	tStar               // *
	tQuestion           // ?
)

// tokNames describes each token kind in diagnostics.
var tokNames = [...]string{
	tEOF:        "end of file",
	tError:      "invalid token",
	tBareID:     "identifier",
	tInt:        "integer",
	tFloat:      "float",
	tString:     "string",
	tValueID:    "SSA value",
	tSymbol:     "symbol",
	tBlockID:    "block label",
	tHashID:     "attribute alias",
	tBangID:     "type alias",
	tLParen:     "'('",
	tRParen:     "')'",
	tLBrace:     "'{'",
	tRBrace:     "'}'",
	tLBracket:   "'['",
	tRBracket:   "']'",
	tLess:       "'<'",
	tGreater:    "'>'",
	tComma:      "','",
	tColon:      "':'",
	tColonColon: "'::'",
	tEqual:      "'='",
	tArrow:      "'->'",
	tMinus:      "'-'",
	tPlus:       "'+'",
	tStar:       "'*'",
	tQuestion:   "'?'",
}

func (k tokKind) String() string {
	if int(k) < len(tokNames) {
		return tokNames[k]
	}
	return fmt.Sprintf("token(%d)", uint8(k))
}

// token is one lexical token. Its text is src[start:end]; line and col
// (1-based, col in bytes) locate its first byte.
type token struct {
	kind       tokKind
	first      bool // the first token on its line
	start, end int
	line, col  int
	msg        string // for tError
}

// lexer scans MLIR text on demand, one token at a time. The parser may move
// it back to an earlier token (seek) or scan raw characters (tensor
// dimension lists, dialect attribute bodies) and then resume.
type lexer struct {
	src       string
	off       int
	line      int
	lineStart int // offset of the first byte of line
	tokLine   int // line of the last token returned
}

func newLexer(src string) lexer {
	return lexer{src: src, line: 1}
}

// seek positions the lexer so that the next scan returns t again.
func (l *lexer) seek(t token) {
	l.off = t.start
	l.line = t.line
	l.lineStart = t.start - (t.col - 1)
	l.tokLine = t.line
	if t.first {
		l.tokLine = t.line - 1
	}
}

// advanceTo moves forward to off (≥ l.off), keeping the line count, as if
// one token ended there.
func (l *lexer) advanceTo(off int) {
	if off > len(l.src) {
		off = len(l.src)
	}
	for l.off < off {
		if l.src[l.off] == '\n' {
			l.line++
			l.lineStart = l.off + 1
		}
		l.off++
	}
	l.tokLine = l.line
}

// col is the 1-based column of the current offset.
func (l *lexer) col() int { return l.off - l.lineStart + 1 }

// skipSpace skips white space and // comments.
func (l *lexer) skipSpace() {
	for l.off < len(l.src) {
		switch l.src[l.off] {
		case ' ', '\t', '\r', '\f', '\v':
			l.off++
		case '\n':
			l.off++
			l.line++
			l.lineStart = l.off
		case '/':
			if l.off+1 < len(l.src) && l.src[l.off+1] == '/' {
				if i := strings.IndexByte(l.src[l.off:], '\n'); i >= 0 {
					l.off += i
				} else {
					l.off = len(l.src)
				}
				continue
			}
			return
		default:
			return
		}
	}
}

func isDecDigit(c byte) bool    { return '0' <= c && c <= '9' }
func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isHexDigit(c byte) bool    { return isDecDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// isBareIDChar reports the characters after the first of a bare identifier.
func isBareIDChar(c byte) bool {
	return isASCIILetter(c) || isDecDigit(c) || c == '_' || c == '$' || c == '.'
}

// isSuffixIDChar reports the characters of a suffix-id (%name, @name, #name).
func isSuffixIDChar(c byte) bool { return isBareIDChar(c) || c == '-' }

// scan returns the next token.
func (l *lexer) scan() token {
	l.skipSpace()
	t := token{start: l.off, line: l.line, col: l.col(), first: l.line != l.tokLine}
	l.tokLine = l.line
	if l.off >= len(l.src) {
		t.kind = tEOF
		t.end = l.off
		return t
	}
	src := l.src
	c := src[l.off]
	switch {
	case isASCIILetter(c) || c == '_':
		l.off++
		for l.off < len(src) && isBareIDChar(src[l.off]) {
			l.off++
		}
		t.kind = tBareID
	case isDecDigit(c):
		l.scanNumber(&t)
	case c == '"':
		l.scanString(&t)
	case c == '%':
		l.scanPrefixed(&t, tValueID)
		// A result number: %0#1.
		if t.kind == tValueID && l.off+1 < len(src) && src[l.off] == '#' && isDecDigit(src[l.off+1]) {
			l.off++
			for l.off < len(src) && isDecDigit(src[l.off]) {
				l.off++
			}
		}
	case c == '@':
		if l.off+1 < len(src) && src[l.off+1] == '"' {
			l.off++
			l.scanString(&t)
			if t.kind == tString {
				t.kind = tSymbol
			}
		} else {
			l.scanPrefixed(&t, tSymbol)
		}
	case c == '^':
		l.scanPrefixed(&t, tBlockID)
	case c == '#':
		l.scanPrefixed(&t, tHashID)
	case c == '!':
		l.scanPrefixed(&t, tBangID)
	case c == '-':
		l.off++
		t.kind = tMinus
		if l.off < len(src) && src[l.off] == '>' {
			l.off++
			t.kind = tArrow
		}
	case c == ':':
		l.off++
		t.kind = tColon
		if l.off < len(src) && src[l.off] == ':' {
			l.off++
			t.kind = tColonColon
		}
	default:
		k, ok := punctKind(c)
		l.off++
		if !ok {
			t.kind = tError
			if c >= 0x20 && c < 0x7f {
				t.msg = fmt.Sprintf("unexpected character '%c'", c)
			} else {
				t.msg = fmt.Sprintf("unexpected byte 0x%02X", c)
			}
		} else {
			t.kind = k
		}
	}
	t.end = l.off
	return t
}

func punctKind(c byte) (tokKind, bool) {
	switch c {
	case '(':
		return tLParen, true
	case ')':
		return tRParen, true
	case '{':
		return tLBrace, true
	case '}':
		return tRBrace, true
	case '[':
		return tLBracket, true
	case ']':
		return tRBracket, true
	case '<':
		return tLess, true
	case '>':
		return tGreater, true
	case ',':
		return tComma, true
	case '=':
		return tEqual, true
	case '+':
		return tPlus, true
	case '*':
		return tStar, true
	case '?':
		return tQuestion, true
	}
	return tError, false
}

// scanPrefixed scans a prefix character followed by a suffix-id: digits, or
// a letter or one of "$._-" followed by letters, digits and "$._-".
func (l *lexer) scanPrefixed(t *token, kind tokKind) {
	src := l.src
	prefix := src[l.off]
	l.off++
	switch {
	case l.off < len(src) && isDecDigit(src[l.off]):
		for l.off < len(src) && isDecDigit(src[l.off]) {
			l.off++
		}
	case l.off < len(src) && isSuffixIDChar(src[l.off]):
		for l.off < len(src) && isSuffixIDChar(src[l.off]) {
			l.off++
		}
	default:
		t.kind = tError
		t.msg = fmt.Sprintf("expected an identifier after '%c'", prefix)
		return
	}
	t.kind = kind
}

// scanNumber scans an integer (decimal or 0x hex) or a float literal.
func (l *lexer) scanNumber(t *token) {
	src := l.src
	t.kind = tInt
	if src[l.off] == '0' && l.off+2 < len(src) && src[l.off+1] == 'x' && isHexDigit(src[l.off+2]) {
		l.off += 2
		for l.off < len(src) && isHexDigit(src[l.off]) {
			l.off++
		}
		return
	}
	for l.off < len(src) && isDecDigit(src[l.off]) {
		l.off++
	}
	if l.off < len(src) && src[l.off] == '.' {
		t.kind = tFloat
		l.off++
		for l.off < len(src) && isDecDigit(src[l.off]) {
			l.off++
		}
	}
	// An exponent; MLIR wants a '.' before it, we also take 1e5.
	if l.off < len(src) && (src[l.off] == 'e' || src[l.off] == 'E') {
		i := l.off + 1
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if i < len(src) && isDecDigit(src[i]) {
			for i < len(src) && isDecDigit(src[i]) {
				i++
			}
			l.off = i
			t.kind = tFloat
		}
	}
}

// scanString scans a string literal; its escapes are \" \\ \n \t and \XX
// (two hex digits). A string does not span lines.
func (l *lexer) scanString(t *token) {
	src := l.src
	l.off++ // opening quote
	for {
		if l.off >= len(src) {
			t.kind = tError
			t.msg = "unterminated string literal"
			return
		}
		c := src[l.off]
		switch c {
		case '"':
			l.off++
			t.kind = tString
			return
		case '\n', '\r':
			t.kind = tError
			t.msg = "unterminated string literal (a string cannot span lines)"
			return
		case '\\':
			if l.off+1 < len(src) {
				switch e := src[l.off+1]; {
				case e == '"' || e == '\\' || e == 'n' || e == 't':
					l.off += 2
					continue
				case isHexDigit(e) && l.off+2 < len(src) && isHexDigit(src[l.off+2]):
					l.off += 3
					continue
				}
			}
			t.kind = tError
			t.msg = "unknown escape in string literal"
			return
		}
		l.off++
	}
}

// unquoteString decodes a string token's text (with its quotes). The
// lexer has already checked its escapes.
func unquoteString(s string) string {
	if len(s) < 2 {
		return ""
	}
	s = s[1 : len(s)-1]
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b = append(b, c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'n':
			b = append(b, '\n')
		case 't':
			b = append(b, '\t')
		case '"', '\\':
			b = append(b, e)
		default:
			if i+1 < len(s) {
				b = append(b, hexValue(e)<<4|hexValue(s[i+1]))
				i++
			}
		}
	}
	return string(b)
}

func hexValue(c byte) byte {
	switch {
	case isDecDigit(c):
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return 0
}

// scanBalanced finds the end of a bracketed body that starts at src[off]
// (one of '<', '(', '[', '{'): brackets of all four kinds must nest and
// match, strings are skipped, and the '>' of '->' does not close anything.
// It returns the offset just past the closing bracket, or the offset of
// the problem and a message (deep: the problem is nesting over maxDepth).
func scanBalanced(src string, off, maxDepth int) (end int, msg string, deep bool) {
	var stack []byte
	for i := off; i < len(src); i++ {
		c := src[i]
		switch c {
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) || src[j] != '"' {
				return i, "unterminated string literal", false
			}
			i = j
		case '<', '(', '[', '{':
			if len(stack) >= maxDepth {
				return i, fmt.Sprintf("brackets nest deeper than the limit of %d", maxDepth), true
			}
			stack = append(stack, closingBracket(c))
		case '-':
			if i+1 < len(src) && src[i+1] == '>' {
				i++
			}
		case '>', ')', ']', '}':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return i, fmt.Sprintf("unbalanced '%c'", c), false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i + 1, "", false
			}
		}
	}
	return len(src), fmt.Sprintf("unterminated '%c'", src[off]), false
}

func closingBracket(c byte) byte {
	switch c {
	case '<':
		return '>'
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}
