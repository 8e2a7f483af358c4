package engine

import (
	"errors"

	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// Errors that callers match with errors.Is: a program imports engine and
// memref only. A cancelled or expired context wraps ctx.Err().
//
// Kernel text: errors from compilation wrap ErrSyntax, ErrInvalid or
// ErrUnsupported, and are ErrorList values whose entries (*Error) carry a
// Pos (file:line:col) and the op:
//
//	var list engine.ErrorList
//	if errors.As(err, &list) {
//		for _, e := range list {
//			fmt.Println(e.Pos.Line, e.Pos.Col, e.Op, e.Msg)
//		}
//	}
var (
	// ErrSyntax is matched by every error about malformed kernel text.
	ErrSyntax = mlir.ErrSyntax
	// ErrInvalid is matched by every error of verification: types,
	// attributes, shapes the kernel declares or implies; also by a run's
	// size argument over the bounds of compiling per shape.
	ErrInvalid = mlir.ErrInvalid
	// ErrUnsupported is matched by every op, type or form sandjit does
	// not implement.
	ErrUnsupported = mlir.ErrUnsupported
	// ErrNeedsShapes (which also matches ErrUnsupported) is matched by a
	// kernel that compiles only once some dynamic dims are known not to
	// be 1 (a squeeze without squeeze_dims of a dynamic dim): it has no
	// default executable (Default's error wraps it), and every run's
	// shapes compile a specialization instead.
	ErrNeedsShapes = mlir.ErrNeedsShapes

	// ErrLimit: a run or a compilation exceeded a bound of the runtime (a
	// While's iteration limit, WithMaxIterations; a compile limit,
	// WithCompileLimits, reported as a *LimitError naming it).
	ErrLimit = mlir.ErrLimit

	// ErrArgument: the inputs of a run do not fit the kernel's signature
	// (count, element type, rank, a static dim) or are malformed.
	ErrArgument = errors.New("invalid argument")
	// ErrShape: the inputs fit the signature but not each other, as an op
	// found at run time (incompatible broadcast, a result dim that
	// contradicts its declared type).
	ErrShape = errors.New("shape error")
	// ErrTrap: the kernel trapped (a compiler bug or a resource limit),
	// or returned a fault status.
	ErrTrap = errors.New("kernel fault")
	// ErrClosed: the Runtime was closed.
	ErrClosed = errors.New("runtime closed")
	// ErrInternal: a broken invariant inside sandjit.
	ErrInternal = lower.ErrInternal
	// ErrArenaFull: the arena (or its quota, WithMemoryLimit) has no room
	// for a run's memory or a tensor. It is memref.ErrArenaFull.
	ErrArenaFull = memref.ErrArenaFull
)

// LimitError is a compilation over one of its limits (WithCompileLimits):
// Limit names it ("max_loop_instructions", "max_wasm_bytes"), What says
// what was measured, Got and Max the sizes. It matches ErrLimit.
type LimitError = mlir.LimitError

// Error is one diagnostic of the kernel text: its position, the op (empty
// for syntax errors), the message and its kind (ErrSyntax, ErrInvalid or
// ErrUnsupported, which errors.Is matches); Limit names the bound the text
// is over, when that is the problem: "max_bytes", "max_ops", "max_depth",
// "max_dense_elements" (ParseLimits), "max_rank" or "max_dim" (the type
// format's). It prints the MLIR way:
//
//	kernel.mlir:3:8: 'tf.Foo' op expects rank-2 operands, got tensor<?xf32>
//
// A fault a kernel detects at run time (a gather index out of range, a
// NaN that a numerics check meets) is an ErrArgument wrapping the op's
// *Error.
type Error = mlir.Error

// ErrorList is a compilation's diagnostics, sorted by position; errors.As
// finds it (and errors.As with an *Error finds its first entry).
type ErrorList = mlir.ErrorList

// Pos is a position in the kernel text: the file name (WithFilename),
// line and column, from 1.
type Pos = mlir.Pos
