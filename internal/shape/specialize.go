package shape

import (
	"encoding/binary"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"slices"
	"sort"
	"strings"

	"github.com/sandjit/sandjit/memref"
)

// Constraint is an operand constraint, as tf_cpurt/jitrt read them from
// argument attributes (`jitrt.constraint = "rank"`): what an executable
// must know about an operand before it can be compiled. The order is the
// constraint's strength.
type Constraint uint8

// The constraints.
const (
	Resolved        Constraint = iota // nothing to learn at run time
	ConstraintRank                    // the rank (the operand is unranked)
	ConstraintShape                   // the exact shape
	ConstraintValue                   // the contents (integer rank-0/1 operands only)
)

var constraintNames = [...]string{Resolved: "resolved", ConstraintRank: "rank", ConstraintShape: "shape", ConstraintValue: "value"}

func (c Constraint) String() string { return constraintNames[c] }

// ConstraintAttrNames are the attribute names of the three eras of the
// original runtime.
func ConstraintAttrNames() []string { return slices.Clone(constraintAttrs) }

var constraintAttrs = []string{"rt.constraint", "jitrt.constraint", "cpurt.constraint"}

// Sinkable reports whether an operand of type t can be value-specialized:
// integer (i32, i64) tensors of rank 0 or 1, whose contents become
// constants of the specialized kernel.
func Sinkable(t mlir.TensorType) bool {
	return (t.Elem == memref.Int32 || t.Elem == memref.Int64) && t.Ranked && len(t.Dims) <= 1
}

// MaxSizeArgLen bounds each dim of an argument that sizes results and
// compiles per length (see OperandConstraints): such a dim is a rank (a
// reshape's shape, a pad's paddings [rank, 2]), so that a caller cannot
// force more than a few compiles by sending long ones.
const MaxSizeArgLen = memref.MaxRank

// Unresolved lists the arguments whose constraints only a specialization
// can satisfy, as the original runtime prints them ("[0: rank, 2: value]").
func Unresolved(cons []Constraint) string {
	var parts []string
	for i, c := range cons {
		if c != Resolved {
			parts = append(parts, fmt.Sprintf("%d: %s", i, c))
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// SymbolicShapes is the resolved shape of every operand for one call:
// dims ≥ 0 are sizes known to the specialization (unit dims, sizes seen
// statically in the signature, shape-constrained dims); dims ≤ -2 are
// symbolic: equal ids are equal run-time sizes.
type SymbolicShapes [][]int

// Resolver computes symbolic shapes from run-time shapes (jitrt's
// SymbolicShapesResolver). It is immutable after
// NewResolver and safe for concurrent use.
type Resolver struct {
	types []mlir.TensorType
	cons  []Constraint
	seen  map[int]bool // every static size in the signature
	order []int        // operands by constraint strength, strongest first
}

// NewResolver prepares a resolver for fn with its constraints.
func NewResolver(fn *mlir.Func, cons []Constraint) *Resolver {
	r := &Resolver{cons: cons, seen: map[int]bool{}}
	for i, a := range fn.Args {
		r.types = append(r.types, a.Type)
		for _, d := range a.Type.Dims {
			if d != mlir.Dynamic {
				r.seen[d] = true
			}
		}
		r.order = append(r.order, i)
	}
	sort.SliceStable(r.order, func(x, y int) bool { return cons[r.order[x]] > cons[r.order[y]] })
	return r
}

// Resolve computes the symbolic shapes of one call. It fails when a shape
// contradicts the signature (a rank or a static dim); the caller then
// verifies the operands for a precise error.
func (r *Resolver) Resolve(shapes [][]int) (SymbolicShapes, error) {
	if len(shapes) != len(r.types) {
		return nil, fmt.Errorf("%d operands for %d arguments", len(shapes), len(r.types))
	}
	out := make(SymbolicShapes, len(shapes))
	ids := map[int]int{}
	next := -2
	for _, i := range r.order {
		t, s := r.types[i], shapes[i]
		if t.Ranked && len(t.Dims) != len(s) {
			return nil, fmt.Errorf("operand #%d has rank %d, the signature %d", i, len(s), len(t.Dims))
		}
		sym := make([]int, len(s))
		if r.cons[i] == ConstraintShape || r.cons[i] == ConstraintValue {
			for d, n := range s {
				if t.Ranked && t.Dims[d] != mlir.Dynamic && t.Dims[d] != n {
					return nil, fmt.Errorf("operand #%d dim %d is %d, the signature %d", i, d, n, t.Dims[d])
				}
				sym[d] = n
				ids[n] = n
			}
			out[i] = sym
			continue
		}
		for d, n := range s {
			switch {
			case t.Ranked && t.Dims[d] != mlir.Dynamic:
				if t.Dims[d] != n {
					return nil, fmt.Errorf("operand #%d dim %d is %d, the signature %d", i, d, n, t.Dims[d])
				}
				sym[d] = n
			case n == 1 || r.seen[n]:
				sym[d] = n
			default:
				id, ok := ids[n]
				if !ok {
					id = next
					ids[n] = id
					next--
				}
				sym[d] = id
			}
		}
		out[i] = sym
	}
	return out, nil
}

// AppendKey appends a canonical encoding of the symbolic shapes (rank and
// dims of every operand, in order) for use in a cache key.
func (s SymbolicShapes) AppendKey(b []byte) []byte {
	for _, dims := range s {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(dims)))
		for _, d := range dims {
			b = binary.LittleEndian.AppendUint64(b, uint64(int64(d)))
		}
	}
	return b
}

// Types are the specialized argument types: known dims static, symbolic
// ones dynamic (their equalities travel separately, in ArgSyms).
func (s SymbolicShapes) Types(fn *mlir.Func) []mlir.TensorType {
	out := make([]mlir.TensorType, len(s))
	for i, dims := range s {
		d := make([]int, len(dims))
		for k, n := range dims {
			d[k] = n
			if n < 0 {
				d[k] = mlir.Dynamic
			}
		}
		out[i] = mlir.Ranked(fn.Args[i].Type.Elem, d...)
	}
	return out
}

// String prints the shapes as jitrt's symbolic_shape attributes do.
func (s SymbolicShapes) String() string {
	parts := make([]string, len(s))
	for i, dims := range s {
		parts[i] = fmt.Sprint(dims)
	}
	return strings.Join(parts, ", ")
}
