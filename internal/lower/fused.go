package lower

import (
	"fmt"
	"math"
	"slices"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// The stages Grappler and the oneDNN rewrites fuse after a product or a
// convolution (fused_ops of the fused matmul and conv2d ops): a bias (one
// value per output channel, the last axis) or, after a convolution, an
// inference batch norm (scale, offset, mean, variance; epsilon), then
// optionally "Add" (an addend of the result's shape), then optionally one
// activation. Each stage is rounded to the element type as the separate
// ops would be, which is what the reference evaluator computes.

// fusedFacts are a fused op's stages.
type fusedFacts struct {
	first      int    // the operand number of the first stage's operand
	bn         bool   // a batch norm instead of a bias
	add        bool   // an addend follows
	act        string // the activation, or ""
	alpha, eps float64
}

// fusedActs are the activations a fused op takes; those with an op of
// their own compute as it does (the emit function of its entry).
var fusedActs = []string{"Relu", "Relu6", "Elu", "LeakyRelu", "Tanh", "Sigmoid", "GeluExact", "GeluApproximate"}

// checkFused reads fused_ops and the stages' attributes; the stages'
// operands start at operand first.
func checkFused(op *mlir.Op, in []mlir.TensorType, first int, conv bool) (*fusedFacts, string) {
	names, ok := op.Attr("fused_ops").(mlir.ArrayAttr)
	if !ok {
		return nil, "requires a fused_ops attribute"
	}
	var ops []string
	for _, n := range names {
		s, ok := n.(mlir.StringAttr)
		if !ok {
			return nil, fmt.Sprintf("fused_ops must be strings, got %s", n)
		}
		ops = append(ops, string(s))
	}
	want := `["BiasAdd", optionally "Add", optionally an activation]`
	if conv {
		want = `["BiasAdd" or "FusedBatchNorm", optionally "Add", optionally an activation]`
	}
	if len(ops) == 0 || ops[0] != "BiasAdd" && !(conv && ops[0] == "FusedBatchNorm") {
		return nil, fmt.Sprintf("fused_ops %q is not supported (want %s)", ops, want)
	}
	ff := &fusedFacts{first: first, bn: ops[0] == "FusedBatchNorm"}
	rest := ops[1:]
	if len(rest) > 0 && (rest[0] == "Add" || rest[0] == "AddV2") {
		ff.add, rest = true, rest[1:]
	}
	if len(rest) > 1 || len(rest) == 1 && !slices.Contains(fusedActs, rest[0]) {
		return nil, fmt.Sprintf("fused_ops %q is not supported (want %s; activations: %v)", ops, want, fusedActs)
	}
	if len(rest) == 1 {
		ff.act = rest[0]
	}
	need := 1
	if ff.bn {
		need = 4
	}
	if n := need + btoi(ff.add); len(in) != first+n {
		return nil, fmt.Sprintf("fused_ops %q take %d operands after the %d of the product, got %d", ops, n, first, len(in)-first)
	}
	x := in[0].Elem
	if (ff.bn || ff.act != "" && ff.act != "Relu" && ff.act != "Relu6") && !x.IsFloat() {
		return nil, fmt.Sprintf("fused_ops %q need a float element type, got %s", ops, in[0])
	}
	for j := first; j < len(in); j++ {
		if in[j].Elem != x {
			return nil, fmt.Sprintf("operand #%d must have the element type %s of the product's operands, got %s", j, x, in[j])
		}
		if j < first+need && in[j].Rank() != 1 {
			return nil, fmt.Sprintf("operand #%d must be a vector of the output channels, got %s", j, in[j])
		}
	}
	var m string
	if ff.alpha, m = opkit.AttrFloat(op, "leakyrelu_alpha", 0.2); m != "" {
		return nil, m
	}
	if ff.eps, m = opkit.AttrFloat(op, "epsilon", 0.0001); m != "" {
		return nil, m
	}
	return ff, ""
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fusedDims checks the stages' operands against the result's dims out.
func (ff *fusedFacts) fusedDims(in [][]int, out []int) string {
	c := out[len(out)-1]
	need := 1
	if ff.bn {
		need = 4
	}
	for j := ff.first; j < ff.first+need; j++ {
		if d := in[j][0]; d != mlir.Dynamic && c != mlir.Dynamic && d != c {
			return fmt.Sprintf("operand #%d has %d elements for %d output channels", j, d, c)
		}
	}
	if ff.add {
		a := in[ff.first+need]
		if len(a) != len(out) {
			return fmt.Sprintf("the fused Add's operand must have the result's rank %d, got rank %d", len(out), len(a))
		}
		for i, d := range a {
			if d != mlir.Dynamic && out[i] != mlir.Dynamic && d != out[i] {
				return fmt.Sprintf("the fused Add's operand has dim %d = %d, the result %d", i, d, out[i])
			}
		}
	}
	return ""
}

// emitFused applies the stages to v (the product in the compute type) in
// nest e, whose loops run over the result's r dims.
func (b *builder) emitFused(e *loopir.Nest, op *mlir.Op, ff *fusedFacts, v int, dt memref.DType, r int) int {
	ct := computeType(dt)
	ch := []loopir.Index{{Loop: r - 1}}
	arg := func(j int, idx []loopir.Index) int { return b.load(e, op.Operands[ff.first+j], idx) }
	c := func(x float64) int { return e.ConstBits(ct, constBits(ct, x)) }
	next := 1
	v = roundTo(e, dt, v) // the contraction's result, as the op alone stores it
	if ff.bn {
		// (v - mean) / sqrt(variance + ε) · scale + offset
		d := e.Unary(loopir.OpSqrt, ct, e.Binary(loopir.OpAdd, ct, arg(3, ch), c(ff.eps)))
		v = e.Binary(loopir.OpDiv, ct, e.Binary(loopir.OpSub, ct, v, arg(2, ch)), d)
		v = e.Binary(loopir.OpAdd, ct, e.Binary(loopir.OpMul, ct, v, arg(0, ch)), arg(1, ch))
		next = 4
	} else {
		v = e.Binary(loopir.OpAdd, ct, v, arg(0, ch))
	}
	v = roundTo(e, dt, v)
	if ff.add {
		v = roundTo(e, dt, e.Binary(loopir.OpAdd, ct, v, arg(next, identity(r))))
	}
	em := &emitter{n: e, dt: ct, store: dt, op: op}
	switch ff.act {
	case "":
		return v
	case "LeakyRelu": // x > 0 ? x : x·alpha, alpha an f32 attribute (in the element type)
		alpha := float64(float32(ff.alpha))
		pos := em.compare(loopir.CmpGt, v, c(0))
		v = em.sel(pos, v, roundTo(e, dt, e.Binary(loopir.OpMul, ct, v, c(alpha))))
	case "GeluExact": // x/2 · erfc(-x/√2)
		t := em.mathOf(loopir.MathErfc, e.Binary(loopir.OpMul, ct, v, c(-1/math.Sqrt2)))
		v = e.Binary(loopir.OpMul, ct, e.Binary(loopir.OpMul, ct, v, c(0.5)), t)
	case "GeluApproximate": // x/2 · (1 + tanh(z)) = x · logistic(2z), z = √(2/π)(x + 0.044715x³)
		x3 := e.Binary(loopir.OpMul, ct, e.Binary(loopir.OpMul, ct, v, v), v)
		z := e.Binary(loopir.OpAdd, ct, v, e.Binary(loopir.OpMul, ct, x3, c(0.044715)))
		v = e.Binary(loopir.OpMul, ct, v, em.mathOf(loopir.MathLogistic, e.Binary(loopir.OpMul, ct, z, c(2*math.Sqrt(2/math.Pi)))))
	case "Relu":
		v = emitRelu(em, []int{v})
	case "Relu6":
		v = emitRelu6(em, []int{v})
	case "Elu":
		v = emitElu(em, []int{v})
	case "Tanh":
		v = em.mathOf(loopir.MathTanh, v)
	case "Sigmoid":
		v = em.mathOf(loopir.MathLogistic, v)
	}
	return roundTo(e, dt, v)
}
