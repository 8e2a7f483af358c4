package engine

import (
	"errors"

	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/memref"
)

// Errors that callers match with errors.Is. Kernel-text errors from
// compilation wrap mlir.ErrSyntax, mlir.ErrInvalid or mlir.ErrUnsupported
// (and are mlir.ErrorList values with positions); an exhausted arena wraps
// memref.ErrArenaFull; a cancelled or expired context wraps ctx.Err().
var (
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
	// ErrArenaFull is memref.ErrArenaFull, re-exported.
	ErrArenaFull = memref.ErrArenaFull
)
