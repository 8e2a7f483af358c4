package memref

import "errors"

// Sentinel errors. Every error this package returns about one of these
// conditions wraps the matching sentinel, so callers can test it with
// errors.Is; the message around it names the exact problem.
var (
	// ErrShape is matched by every error about an invalid shape: negative
	// dims, a rank over MaxRank, an element count or byte size that
	// overflows.
	ErrShape = errors.New("invalid shape")

	// ErrNPY is matched by every error about a malformed or unsupported
	// .npy file (not by plain I/O errors of the underlying reader).
	ErrNPY = errors.New("invalid .npy")

	// ErrNPYTooLarge is matched (with ErrNPY) by ReadNPY's error for an
	// array whose data is over the caller's maxBytes: the file may be
	// fine, the caller's limit is what it exceeds.
	ErrNPYTooLarge = errors.New("array over the byte limit")

	// ErrLiteral is matched by every error of ParseLiteral.
	ErrLiteral = errors.New("invalid tensor literal")

	// ErrABI is matched by every error about a descriptor layout or an
	// argument block that does not fit the descriptor ABI.
	ErrABI = errors.New("descriptor ABI")

	// ErrArenaFull is matched by an allocation that the arena cannot serve:
	// over its limit, or no free block large enough.
	ErrArenaFull = errors.New("arena full")

	// ErrArena is matched by every other arena misuse: an invalid range
	// given to NewArena, a negative size, freeing an offset that is not a
	// live block (double free, or never handed out).
	ErrArena = errors.New("arena")
)

// errorOf is an error that prints as msg and matches each of kinds.
type errorOf struct {
	msg   string
	kinds []error
}

func (e *errorOf) Error() string   { return e.msg }
func (e *errorOf) Unwrap() []error { return e.kinds }
