package lower

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/shape"
)

// Operand constraints and shape specialization: the types live in package
// shape; reading them from a function's argument attributes needs the
// registry (which arguments size results).
type (
	Constraint     = shape.Constraint
	Resolver       = shape.Resolver
	SymbolicShapes = shape.SymbolicShapes
)

// The constraints.
const (
	Resolved        = shape.Resolved
	ConstraintRank  = shape.ConstraintRank
	ConstraintShape = shape.ConstraintShape
	ConstraintValue = shape.ConstraintValue
	MaxSizeArgLen   = shape.MaxSizeArgLen
)

// NewResolver, Unresolved and Sinkable are package shape's.
var (
	NewResolver = shape.NewResolver
	Unresolved  = shape.Unresolved
	Sinkable    = shape.Sinkable
)

// OperandConstraints reads the constraint of each argument of fn and
// resolves it against the declared type: "rank" is resolved by a ranked
// type, "shape" by a static one, "value" never. An unranked argument
// without a constraint gets ConstraintRank (sandjit compiles ranked code
// only). An integer argument that sizes results (a shape operand: see
// SizeArgs) and whose own shape is dynamic gets ConstraintShape: its
// length is a result's rank (a fill's dims of type tensor<?xi64>), so
// the kernel compiles per length, as an unranked one compiles per rank;
// its contents stay run-time values. Errors use the original runtime's
// wording ("unknown operand constraint: X", "Cannot sink operand type:
// tensor<f32>").
func OperandConstraints(fn *mlir.Func) ([]Constraint, error) {
	out := make([]Constraint, len(fn.Args))
	need := sizeReads(fn)
	var errs mlir.ErrorList
	for i, a := range fn.Args {
		var attrs mlir.DictAttr
		if i < len(fn.ArgAttrs) {
			attrs = fn.ArgAttrs[i]
		}
		c := Resolved
		for _, name := range shape.ConstraintAttrNames() {
			v := attrs.Get(name)
			if v == nil {
				continue
			}
			s, ok := v.(mlir.StringAttr)
			if !ok {
				errs.Add(a.Pos, "", mlir.ErrInvalid, "unexpected %s attribute", name)
				continue
			}
			switch s {
			case "rank":
				c = max(c, ConstraintRank)
			case "shape":
				c = max(c, ConstraintShape)
			case "value":
				c = max(c, ConstraintValue)
			default:
				errs.Add(a.Pos, "", mlir.ErrInvalid, "unknown operand constraint: %s", string(s))
			}
		}
		t := a.Type
		switch {
		case c == ConstraintValue && !Sinkable(t):
			errs.Add(a.Pos, "", mlir.ErrUnsupported, "Cannot sink operand type: %s", t)
		case c == ConstraintRank && t.Ranked, c == ConstraintShape && t.IsStatic():
			c = Resolved
		case c <= ConstraintRank && need[a.ID] && !t.Ranked && t.Elem.IsInt():
			c = ConstraintShape // its length is a rank, whatever its rank
		case c == Resolved && !t.Ranked:
			c = ConstraintRank
		case c == Resolved && readsArg(need, a, t) && !t.IsStatic():
			c = ConstraintShape
		}
		out[i] = c
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
