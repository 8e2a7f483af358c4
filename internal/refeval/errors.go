package refeval

import "errors"

// ErrArgument is matched (errors.Is) by every error about an argument that
// does not fit the function's signature.
var ErrArgument = errors.New("argument does not match the signature")

// ErrLimit is matched by every error about a tensor over the evaluator's
// element limit.
var ErrLimit = errors.New("reference evaluator limit exceeded")
