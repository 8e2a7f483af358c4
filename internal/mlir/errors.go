package mlir

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrSyntax is matched (errors.Is) by every error about malformed kernel
// text; ErrInvalid by every error of verification (types, attributes,
// shapes); ErrUnsupported by every op, type or form sandjit does not
// implement.
var (
	ErrSyntax      = errors.New("syntax error")
	ErrInvalid     = errors.New("invalid kernel")
	ErrUnsupported = errors.New("unsupported")
)

// ErrNeedsShapes is matched by errors of a kernel that compiles only once
// some dynamic dims are known not to be 1 (a squeeze without squeeze_dims
// of a dynamic dim): the engine then compiles one executable per shape
// specialization instead of a default one. It also matches ErrUnsupported.
var ErrNeedsShapes = fmt.Errorf("%w: needs the run-time shapes", ErrUnsupported)

// ErrLimit is matched (errors.Is) by the error of a compilation that went
// over one of its limits (a *LimitError says which): the kernel is valid,
// but compiling it would take more than the caller allows.
var ErrLimit = errors.New("limit exceeded")

// LimitError is a compilation that went over a limit.
type LimitError struct {
	Limit string // the limit's name, as configured: "max_loop_instructions", "max_wasm_bytes"…
	What  string // what was measured: "the loop IR after fuse"
	Got   int64
	Max   int64
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%v: %s is %d, over %s = %d", ErrLimit, e.What, e.Got, e.Limit, e.Max)
}

// Is makes a LimitError match ErrLimit.
func (e *LimitError) Is(target error) bool { return target == ErrLimit }

// Error is one diagnostic with a source position. It prints the MLIR way:
//
//	kernel.mlir:3:8: 'tf.Op' op expects rank-2 operands, got tensor<?xf32>
//
// Op is empty for errors not tied to an op (syntax errors).
type Error struct {
	Pos  Pos
	Op   string
	Msg  string
	Kind error // ErrSyntax, ErrInvalid or ErrUnsupported
	// Limit, when set, names the bound the text is over (one of the
	// Limit constants): the text may be fine, the caller's limit or the
	// format's is what it exceeds.
	Limit string
}

// The bounds an Error's Limit names.
const (
	LimitBytes         = "max_bytes"          // ParseLimits.MaxBytes: the text's length
	LimitOps           = "max_ops"            // ParseLimits.MaxOps: operations in the module
	LimitDepth         = "max_depth"          // ParseLimits.MaxDepth: nesting
	LimitDenseElements = "max_dense_elements" // ParseLimits.MaxDenseElements: one dense literal's elements
	LimitRank          = "max_rank"           // memref.MaxRank: a tensor type's rank
	LimitDim           = "max_dim"            // the largest dim a tensor type may have
)

func (e *Error) Error() string {
	if e.Op != "" {
		return fmt.Sprintf("%s: '%s' op %s", e.Pos, e.Op, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Pos, e.Msg)
}

// Unwrap lets errors.Is match the error's kind.
func (e *Error) Unwrap() error { return e.Kind }

// ErrorList is several diagnostics, sorted by position. It is what Parse,
// Verify and the lowering return when they find more than nothing.
type ErrorList []*Error

// maxErrors bounds how many diagnostics one stage collects, so that a
// hostile file cannot make the error list itself huge.
const maxErrors = 20

// Add appends an error (up to maxErrors) and returns it (nil when the
// list is full).
func (l *ErrorList) Add(pos Pos, op string, kind error, format string, args ...any) *Error {
	if len(*l) >= maxErrors {
		return nil
	}
	e := &Error{Pos: pos, Op: op, Msg: fmt.Sprintf(format, args...), Kind: kind}
	*l = append(*l, e)
	return e
}

// overLimit marks e (when there is one) as over limit.
func overLimit(e *Error, limit string) {
	if e != nil {
		e.Limit = limit
	}
}

// Sort orders the list by file, line and column (stable for equal positions).
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Error prints every diagnostic on its own line.
func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Unwrap exposes the individual errors to errors.Is / errors.As.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Err returns nil for an empty list, the list sorted otherwise.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}
