// Package refmath is the reference evaluator's scalar numerics: what
// TensorFlow computes for one element, in float64 (complex128, int64,
// uint64), with no tensor, shape or kernel graph in sight.
//
// It holds the rounding of a float64 to each float element type (once, to
// nearest even) and the wrapping of integers to each integer type; casts
// between number types (truncating, saturating, bf16 through f32); the
// element rules of the ops that are more than a Go operator (integer
// division and remainder with XLA's results at zero and overflow, FloorDiv
// and FloorMod, Softplus's threshold, NextAfter in f16 and bf16, ln and
// atan2 without Go's slips, …); the special values of complex arithmetic
// (where Go's meets numpy's and C99's, and where it differs); and
// TensorFlow's special functions (Lgamma, Digamma, Erfinv, Ndtri,
// BesselI0e/I1e, Zeta, Polygamma, Igamma, Igammac, Betainc).
//
// It is a package of its own because these are the parts of the oracle
// that are numerical analysis rather than tensor bookkeeping: they are
// tested on their own (the special functions against mpmath values in
// testdata/special.txt, written by internal/wasmmath/testdata/gen_special.py;
// f16 rounding against memref's conversion), and package refeval, which
// interprets kernel graphs, applies them element by element through its op
// tables (its op tests cover the element rules at the edges). Like refeval it shares no code
// with the compiler or with wasmmath, whose vectorized functions it is the
// reference for: it imports only memref, for the element types.
package refmath
