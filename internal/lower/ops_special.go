package lower

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/shape"
)

// TensorFlow's special functions (Eigen's, as TF's CPU kernels compute
// them), each one call into the vectorized math library. f16 operands are
// computed in f32 like the other math ops. Edge values (poles, domain
// limits) are TF's; the math library's tests check them bit for bit.

func specialOps() []*opDef {
	return elementwise(
		&opDef{name: "tf.Lgamma", arity: 1, types: setFloat, emit: mathFn(loopir.MathLgamma), doc: "log|Γ(x)|; +Inf at 0, negative integers and ±Inf"},
		&opDef{name: "tf.Digamma", arity: 1, types: setFloat, emit: mathFn(loopir.MathDigamma), doc: "ψ(x) = Γ'(x)/Γ(x); NaN at 0, negative integers and -Inf"},
		&opDef{name: "tf.Erfinv", arity: 1, types: setFloat, emit: mathFn(loopir.MathErfinv), doc: "the inverse of erf; ±Inf at ±1, NaN outside [-1, 1]"},
		&opDef{name: "tf.Ndtri", arity: 1, types: setFloat, emit: mathFn(loopir.MathNdtri), doc: "the inverse of the normal CDF; ∓Inf at 0 and 1, NaN outside"},
		&opDef{name: "tf.BesselI0e", arity: 1, types: setFloat, emit: mathFn(loopir.MathBesselI0e), doc: "e**-|x| · I0(x)"},
		&opDef{name: "tf.BesselI1e", arity: 1, types: setFloat, emit: mathFn(loopir.MathBesselI1e), doc: "e**-|x| · I1(x)"},
		&opDef{name: "tf.Zeta", arity: 2, types: setFloat, emit: math2(loopir.MathZeta), doc: "Hurwitz ζ(x, q) = Σ (q+k)**-x"},
		&opDef{name: "tf.Polygamma", arity: 2, types: setFloat, emit: math2(loopir.MathPolygamma), doc: "ψ⁽ⁿ⁾(x) (a, x); NaN unless a is a whole number ≥ 0"},
		&opDef{name: "tf.Igamma", arity: 2, types: setFloat, emit: math2(loopir.MathIgamma), doc: "regularized lower incomplete gamma P(a, x)"},
		&opDef{name: "tf.Igammac", arity: 2, types: setFloat, emit: math2(loopir.MathIgammac), doc: "regularized upper incomplete gamma Q(a, x) = 1 - P(a, x)"},
		&opDef{name: "tf.Betainc", arity: 3, types: setFloat, emit: emitBetainc, dims: dimsBetainc, lower: lowerElementwise, sym: symBroadcast,
			notes: "a, b, x of one shape, or scalars", doc: "regularized incomplete beta I_x(a, b)"},
	)
}

// math2 is a two-argument function of the math library.
func math2(fn loopir.MathFn) emitFn {
	return func(e *emitter, a []int) int {
		return e.n.Add(&loopir.Instr{Op: loopir.OpMath2, Math: fn, Type: e.dt, Args: []int{a[0], a[1]}})
	}
}

func emitBetainc(e *emitter, a []int) int {
	return e.n.Add(&loopir.Instr{Op: loopir.OpMath3, Math: loopir.MathBetainc, Type: e.dt, Args: []int{a[0], a[1], a[2]}})
}

// dimsBetainc is TF's BetaincOp: operands that are not rank 0 must have
// one shape (no broadcasting but of scalars).
func dimsBetainc(_ *mlir.Op, _ *opFacts, in [][]int, _ [][]int64) ([]int, string) {
	names := [3]string{"a", "b", "x"}
	for i := 0; i < 3; i++ {
		for j := i + 1; j < 3; j++ {
			if len(in[i]) > 0 && len(in[j]) > 0 && shape.SameMsg(in[i], in[j]) != "" {
				return nil, fmt.Sprintf("Shapes of %s and %s are inconsistent: %s vs. %s", names[i], names[j], shape.List(in[i]), shape.List(in[j]))
			}
		}
	}
	return shape.Broadcast(in)
}
