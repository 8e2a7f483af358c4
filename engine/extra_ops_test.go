package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/refeval"
	"github.com/sandjit/sandjit/memref"
)

// This file runs every op of internal/lower/ops_extra.go through the engine on edge
// values (NaN, ±Inf, ±0, domain edges, zero divisors, huge values) and
// compares each element with a reference computed here with Go's math
// package, op by op.

// refF is an op's reference on float operands of type dt (already exact
// values of dt); the harness rounds its result to dt. Predicates return 0
// or 1.
type refF func(dt memref.DType, a []float64) float64

// refI is an op's reference on integer (or bool) operands given as their
// bits, sign-extended for signed types; the harness wraps the result.
type refI func(dt memref.DType, a []uint64) uint64

// extraOp is one op under test.
type extraOp struct {
	name   string
	arity  int
	attrs  []string // attribute dicts to test ("" is none: the defaults)
	dtypes []memref.DType
	pred   bool   // i1 result
	f      refF   // float reference
	i      refI   // integer reference
	ulp    uint64 // float tolerance in ULPs of the result type
	// anyZero accepts either sign for a zero result (where TF's result
	// depends on the order of min/max).
	anyZero bool
}

var (
	extraFP    = []memref.DType{memref.Float32, memref.Float64}
	extraFPInt = []memref.DType{memref.Float32, memref.Float64, memref.Int32, memref.Int64}
	extraNum   = []memref.DType{memref.Float32, memref.Float64, memref.Int8, memref.Int32, memref.Int64, memref.Uint8, memref.Uint32}
	extraAll   = []memref.DType{memref.Float32, memref.Float64, memref.Int8, memref.Int32, memref.Int64, memref.Uint8, memref.Uint64, memref.Bool}
)

// unaryRef wraps a float64 function as a one-operand reference.
func unaryRef(f func(float64) float64) refF {
	return func(_ memref.DType, a []float64) float64 { return f(a[0]) }
}

var extraOps = []extraOp{
	{name: "tf.Acos", arity: 1, dtypes: extraFP, f: unaryRef(refAcos), ulp: 4},
	{name: "tf.Acosh", arity: 1, dtypes: extraFP, f: unaryRef(math.Acosh), ulp: 4},
	{name: "tf.Asin", arity: 1, dtypes: extraFP, f: unaryRef(refAsin), ulp: 4},
	{name: "tf.Asinh", arity: 1, dtypes: extraFP, f: unaryRef(math.Asinh), ulp: 4},
	{name: "tf.Atan", arity: 1, dtypes: extraFP, f: unaryRef(math.Atan), ulp: 4},
	{name: "tf.Atan2", arity: 2, dtypes: extraFP, f: refAtan2, ulp: 4},
	{name: "tf.Atanh", arity: 1, dtypes: extraFP, f: unaryRef(math.Atanh), ulp: 4},
	{name: "tf.Cosh", arity: 1, dtypes: extraFP, f: unaryRef(refCosh), ulp: 4},
	{name: "tf.Sinh", arity: 1, dtypes: extraFP, f: unaryRef(refSinh), ulp: 4},
	{name: "tf.Tan", arity: 1, dtypes: extraFP, f: unaryRef(refTan), ulp: 4},
	{name: "tf.Erfc", arity: 1, dtypes: extraFP, f: unaryRef(math.Erfc), ulp: 5},
	{name: "tf.Elu", arity: 1, dtypes: extraFP, f: unaryRef(refElu), ulp: 4},
	{name: "tf.Selu", arity: 1, dtypes: extraFP, f: refSelu, ulp: 4},
	{name: "tf.LeakyRelu", arity: 1, attrs: []string{"", "{alpha = 1.000000e-01 : f32}", "{alpha = -5.000000e-01 : f32}", "{alpha = 2 : i64}"},
		dtypes: extraFP}, // f per attribute: leakyRelu
	{name: "tf.Softplus", arity: 1, dtypes: extraFP, f: unaryRef(refSoftplus), ulp: 4},
	{name: "tf.Softsign", arity: 1, dtypes: extraFP, f: refSoftsign, ulp: 1},
	{name: "tf.ClipByValue", arity: 3, dtypes: extraNum, f: refClipF, i: refClipI, anyZero: true},
	{name: "tf.DivNoNan", arity: 2, dtypes: extraFP, f: func(_ memref.DType, a []float64) float64 { return noNan(a[1], a[0]/a[1]) }},
	{name: "tf.MulNoNan", arity: 2, dtypes: extraFP, f: func(_ memref.DType, a []float64) float64 { return noNan(a[1], a[0]*a[1]) }},
	{name: "tf.Xdivy", arity: 2, dtypes: extraFP, f: func(_ memref.DType, a []float64) float64 { return noNan(a[0], a[0]/a[1]) }},
	{name: "tf.Xlogy", arity: 2, dtypes: extraFP, f: func(dt memref.DType, a []float64) float64 { return noNan(a[0], a[0]*roundF(dt, refLog(a[1]))) }, ulp: 3},
	{name: "tf.Xlog1py", arity: 2, dtypes: extraFP, f: func(dt memref.DType, a []float64) float64 { return noNan(a[0], a[0]*roundF(dt, math.Log1p(a[1]))) }, ulp: 3},
	{name: "tf.Inv", arity: 1, dtypes: extraNum, f: unaryRef(func(x float64) float64 { return 1 / x }), i: refInvI},
	{name: "tf.Invert", arity: 1, dtypes: []memref.DType{memref.Int8, memref.Int32, memref.Int64, memref.Uint8, memref.Uint64}, i: func(_ memref.DType, a []uint64) uint64 { return ^a[0] }},
	{name: "tf.IsInf", arity: 1, dtypes: extraFP, pred: true, f: unaryRef(func(x float64) float64 { return boolF(math.IsInf(x, 0)) })},
	{name: "tf.IsNan", arity: 1, dtypes: extraFP, pred: true, f: unaryRef(func(x float64) float64 { return boolF(math.IsNaN(x)) })},
	{name: "tf.Mod", arity: 2, dtypes: extraFPInt, f: func(_ memref.DType, a []float64) float64 { return math.Mod(a[0], a[1]) }, i: refRemI},
	{name: "tf.TruncateMod", arity: 2, dtypes: extraFPInt, f: func(_ memref.DType, a []float64) float64 { return math.Mod(a[0], a[1]) }, i: refRemI},
	{name: "tf.TruncateDiv", arity: 2, dtypes: extraNum, f: func(dt memref.DType, a []float64) float64 { return math.Trunc(roundF(dt, a[0]/a[1])) }, i: refDivI},
	{name: "tf.ApproximateEqual", arity: 2, attrs: []string{"", "{tolerance = 5.000000e-01 : f32}", "{tolerance = 2.500000e+00 : f32}"},
		dtypes: extraNum, pred: true}, // f and i per attribute: approximateEqual
	{name: "tf.NextAfter", arity: 2, dtypes: extraFP, f: refNextAfter},
	{name: "tf.ZerosLike", arity: 1, dtypes: extraAll, f: unaryRef(func(float64) float64 { return 0 }), i: func(memref.DType, []uint64) uint64 { return 0 }},
	{name: "tf.OnesLike", arity: 1, dtypes: extraAll, f: unaryRef(func(float64) float64 { return 1 }), i: func(memref.DType, []uint64) uint64 { return 1 }},
}

func boolF(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// roundF rounds v to float type dt.
func roundF(dt memref.DType, v float64) float64 {
	if dt == memref.Float32 {
		return float64(float32(v))
	}
	return v
}

// noNan is c == 0 ? +0 : v.
func noNan(c, v float64) float64 {
	if c == 0 {
		return 0
	}
	return v
}

// refAcos avoids Go's π/2 - asin(x), which cancels near 1.
func refAcos(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.Abs(x) > 1:
		return math.NaN()
	case x > 0.5:
		return 2 * math.Atan(math.Sqrt((1-x)/(1+x)))
	case x < -0.5:
		return math.Pi - 2*math.Atan(math.Sqrt((1+x)/(1-x)))
	}
	return math.Acos(x)
}

// refAsin avoids Go's 1 - x*x, which cancels near ±1.
func refAsin(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 1 {
		return math.NaN()
	}
	return math.Atan2(x, math.Sqrt((1-x)*(1+x)))
}

// refAtan2 has the sign of y, which Go's Atan2 loses when y/x underflows
// (atan2(-1e-30, -1e300) is -π, not π).
func refAtan2(_ memref.DType, a []float64) float64 {
	y, x := a[0], a[1]
	return math.Copysign(math.Atan2(y, x), y)
}

// refLog scales subnormals into the normal range first: Go's Log on amd64
// gets them wrong (log(5e-324) is -744.44, not -709.09).
func refLog(y float64) float64 {
	if y > 0 && y < 0x1p-1022 {
		return math.Log(y*0x1p54) - 54*math.Ln2
	}
	return math.Log(y)
}

// piDigits is π to 400 digits (1329 bits): enough to reduce any float64
// modulo π/2 with an error far below its ULP.
const piDigits = "3.141592653589793238462643383279502884197169399375105820974944592307816406286208998628034825342117067982148086513282306647093844609550582231725359408128481117450284102701938521105559644622948954930381964428810975665933446128475648233786783165271201909145648566923460348610454326648213393607260249141273724587006606315588174881520920962829254091715364367892590360011330530548820466521384146951941511609"

// refTan reduces x modulo π/2 exactly (Go's Tan is off by many ULPs near
// multiples of π/2 and for huge x), then takes tan or -1/tan of the
// remainder, which lies in [-π/4, π/4]. Below 1e-7, where Go's Tan returns
// x itself, it adds the x³/3 that still counts in float64.
func refTan(x float64) float64 {
	switch a := math.Abs(x); {
	case a < 1e-7:
		return x + x*x*x/3
	case a < 0.5 || math.IsInf(x, 0) || math.IsNaN(x):
		return math.Tan(x)
	}
	const prec = 1400
	pi, _, err := big.ParseFloat(piDigits, 10, prec, big.ToNearestEven)
	if err != nil {
		panic(err)
	}
	halfPi := pi.Quo(pi, big.NewFloat(2))
	bx := new(big.Float).SetPrec(prec).SetFloat64(x)
	q := new(big.Float).SetPrec(prec).Quo(bx, halfPi)
	q.Add(q, big.NewFloat(math.Copysign(0.5, x)))
	k, _ := q.Int(nil) // round(x / (π/2)), half away from zero
	r := new(big.Float).SetPrec(prec).SetInt(k)
	r.Sub(bx, r.Mul(r, halfPi))
	rf, _ := r.Float64()
	if k.Bit(0) == 1 {
		return -1 / math.Tan(rf)
	}
	return math.Tan(rf)
}

// refSinh and refCosh stay finite up to |x| ≈ 710.5, where Go's Exp(x)/2
// overflows early.
func refSinh(x float64) float64 {
	if a := math.Abs(x); a > 21 && !math.IsInf(a, 0) {
		h := math.Exp(a / 2)
		return math.Copysign(h/2*h, x)
	}
	return math.Sinh(x)
}

func refCosh(x float64) float64 {
	if a := math.Abs(x); a > 21 && !math.IsInf(a, 0) {
		h := math.Exp(a / 2)
		return h / 2 * h
	}
	return math.Cosh(x)
}

func refElu(x float64) float64 {
	if x < 0 {
		return math.Expm1(x)
	}
	return x
}

// refSelu follows TF: the constants scale and scale·alpha rounded to the
// element type, expm1 rounded before the product.
func refSelu(dt memref.DType, a []float64) float64 {
	x := a[0]
	if x < 0 {
		return roundF(dt, 1.7580993408473768599402175208123) * roundF(dt, math.Expm1(x))
	}
	return roundF(dt, 1.0507009873554804934193349852946) * x
}

// refSoftplus is log(1 + e**x) without overflow.
func refSoftplus(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// refSoftsign rounds the denominator to the element type, as TF does.
func refSoftsign(dt memref.DType, a []float64) float64 {
	return a[0] / roundF(dt, 1+math.Abs(a[0]))
}

// refClipF is TF's CPU kernel (core/kernels/cwise_op_clip.cc):
// std::max(std::min(x, hi), lo) with std::min(a, b) = b < a ? b : a, so a
// NaN x stays NaN, a NaN bound is ignored and lo > hi gives lo.
func refClipF(_ memref.DType, a []float64) float64 {
	v := a[0]
	if a[2] < v {
		v = a[2]
	}
	if v < a[1] {
		v = a[1]
	}
	return v
}

func refClipI(dt memref.DType, a []uint64) uint64 {
	less := func(x, y uint64) bool {
		if dt.IsSigned() {
			return int64(x) < int64(y)
		}
		return x < y
	}
	v := a[0] // std::max(std::min(x, hi), lo), as refClipF
	if less(a[2], v) {
		v = a[2]
	}
	if less(v, a[1]) {
		v = a[1]
	}
	return v
}

// refInvI is 1/x truncated, with XLA's 1/0 = -1 (all ones).
func refInvI(dt memref.DType, a []uint64) uint64 {
	switch {
	case a[0] == 0:
		return allOnes(dt)
	case a[0] == 1:
		return 1
	case dt.IsSigned() && int64(a[0]) == -1:
		return a[0]
	}
	return 0
}

// minOf is the bits of the smallest value of signed type dt.
func minOf(dt memref.DType) uint64 { return uint64(int64(-1) << (dt.Bits() - 1)) }

// allOnes is the bits of -1 in dt (sign-extended), or of its largest
// value if unsigned.
func allOnes(dt memref.DType) uint64 {
	if dt.IsSigned() || dt.Bits() == 64 {
		return ^uint64(0)
	}
	return uint64(1)<<dt.Bits() - 1
}

// refRemI is the truncated remainder with XLA's edges (xla/service/
// elemental_ir_emitter.cc EmitIntegerRemainder): x % 0 = x, MIN % -1 = 0.
func refRemI(dt memref.DType, a []uint64) uint64 {
	x, y := a[0], a[1]
	switch {
	case y == 0:
		return x
	case !dt.IsSigned():
		return x % y
	case int64(y) == -1:
		return 0
	}
	return uint64(int64(x) % int64(y))
}

// refDivI is the truncated quotient with XLA's edges (EmitIntegerDivide):
// x / 0 = -1 (all ones unsigned), MIN / -1 = MIN.
func refDivI(dt memref.DType, a []uint64) uint64 {
	x, y := a[0], a[1]
	switch {
	case y == 0:
		return allOnes(dt)
	case !dt.IsSigned():
		return x / y
	case int64(y) == -1 && x == minOf(dt):
		return x
	}
	return uint64(int64(x) / int64(y))
}

// refNextAfter is C's nextafter: y itself when x == y (so ±0 toward ∓0
// gives ∓0), unlike Go's Nextafter.
func refNextAfter(dt memref.DType, a []float64) float64 {
	x, y := a[0], a[1]
	switch {
	case x == y:
		return y
	case dt == memref.Float32:
		return float64(math.Nextafter32(float32(x), float32(y)))
	}
	return math.Nextafter(x, y)
}

// attrValue reads `name = v : f32` (or `: i64`) from an attribute dict, or
// returns def; TF's float attributes are f32.
func attrValue(attrs, name string, def float64) float64 {
	i := strings.Index(attrs, name+" = ")
	if i < 0 {
		return float64(float32(def))
	}
	var v float64
	if _, err := fmt.Sscan(strings.Fields(attrs[i+len(name)+3:])[0], &v); err != nil {
		panic(err)
	}
	return float64(float32(v))
}

// leakyRelu is TF's x > 0 ? x : x·alpha with alpha rounded to the type.
func leakyRelu(attrs string) refF {
	alpha := attrValue(attrs, "alpha", 0.2)
	return func(dt memref.DType, a []float64) float64 {
		if a[0] > 0 {
			return a[0]
		}
		return a[0] * roundF(dt, alpha)
	}
}

// approximateEqual is |x - y| < tolerance, the difference computed in the
// element type (wrapping for ints) and the tolerance converted to it
// (truncated for ints).
func approximateEqual(attrs string) (refF, refI) {
	tol := attrValue(attrs, "tolerance", 1e-5)
	f := func(dt memref.DType, a []float64) float64 {
		return boolF(math.Abs(roundF(dt, a[0]-a[1])) < roundF(dt, tol))
	}
	i := func(dt memref.DType, a []uint64) uint64 {
		t := uint64(int64(tol))
		d := wrapBits(dt, a[0]-a[1])
		if !dt.IsSigned() {
			return uint64(boolF(d < t))
		}
		if int64(d) < 0 {
			d = wrapBits(dt, -d) // |MIN| stays MIN
		}
		return uint64(boolF(int64(d) < int64(t)))
	}
	return f, i
}

// wrapBits reduces v to integer type dt's bits, sign-extended when signed.
func wrapBits(dt memref.DType, v uint64) uint64 {
	b := dt.Bits()
	if dt == memref.Bool {
		return v & 1
	}
	if b == 64 {
		return v
	}
	v &= 1<<b - 1
	if dt.IsSigned() && v>>(b-1) != 0 {
		v |= ^uint64(0) << b
	}
	return v
}

// floatEdges are the float inputs of every op, as values of dt.
func floatEdges(dt memref.DType) []float64 {
	vals := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, -2,
		0.1, -3.75, 1e-30, -1e-30, 1e30, -1e30, 10, -10, 20.5, -30, 88.5, -88.5, 100, -104, 710, -745, 1e4, -1e4,
		math.Pi / 2, 1e300, -1e300}
	one := func(to float64) float64 { return math.Nextafter(1, to) }
	tiny, huge := math.SmallestNonzeroFloat64, math.MaxFloat64
	if dt == memref.Float32 {
		one = func(to float64) float64 { return float64(math.Nextafter32(1, float32(to))) }
		tiny, huge = math.SmallestNonzeroFloat32, math.MaxFloat32
	}
	vals = append(vals, one(0), one(2), -one(0), -one(2), tiny, -tiny, huge, -huge)
	for i, v := range vals {
		vals[i] = roundF(dt, v)
	}
	return vals
}

// intEdges are the integer inputs, as bits of dt.
func intEdges(dt memref.DType) []uint64 {
	if dt == memref.Bool {
		return []uint64{0, 1}
	}
	if !dt.IsSigned() {
		mx := wrapBits(dt, ^uint64(0))
		return []uint64{0, 1, 2, 3, 7, 100, mx, mx - 1, mx / 2, mx/2 + 1}
	}
	mn := minOf(dt)
	var vs []uint64
	for _, v := range []int64{0, 1, -1, 2, -2, 3, -3, 7, -7, 100, -100} {
		vs = append(vs, wrapBits(dt, uint64(v)))
	}
	return append(vs, mn, mn+1, wrapBits(dt, mn-1), wrapBits(dt, mn-2))
}

// extraShape is one set of operand shapes (with whether the kernel declares
// them static, and whether they hold random values rather than edges).
type extraShape struct {
	name   string
	shapes [][]int
	static bool
	random bool
}

// extraShapes gives, for n operands each taking m edge values: every
// combination (operand k varies along axis k, broadcasting the others),
// declared dynamic and static; mixed ranks with a scalar; a zero-size dim;
// and random values in operands of one odd shape.
func extraShapes(n, m int) []extraShape {
	cross := make([][]int, n)
	for k := range cross {
		cross[k] = make([]int, n)
		for a := range cross[k] {
			cross[k][a] = 1
		}
		cross[k][k] = m
	}
	mixed := [][][]int{{{2, 3, 7}}, {{3, 7}, {}}, {{3, 7}, {}, {7}}}[n-1]
	zero := [][][]int{{{0, 4}}, {{0, 4}, {4}}, {{0, 4}, {4}, {}}}[n-1]
	return []extraShape{
		{"cross", cross, false, false},
		{"cross-static", cross, true, false},
		{"mixed", mixed, true, false},
		{"zero", zero, false, false},
		{"random", [][]int{{3, 331}, {3, 331}, {3, 331}}[:n], false, true},
	}
}

func bcastShape(shapes [][]int) []int {
	rank := 0
	for _, s := range shapes {
		rank = max(rank, len(s))
	}
	out := make([]int, rank)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		for i, d := range s {
			if o := &out[rank-len(s)+i]; d != 1 {
				*o = d
			}
		}
	}
	return out
}

func typeText(dt memref.DType, shape []int, static bool) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		if static {
			fmt.Fprintf(&b, "%dx", d)
		} else {
			b.WriteString("?x")
		}
	}
	b.WriteString(dt.String() + ">")
	return b.String()
}

// extraKernelText is a one-op kernel.
func extraKernelText(op extraOp, attrs string, dt memref.DType, sc extraShape) string {
	resDT := dt
	if op.pred {
		resDT = memref.Bool
	}
	var params, names, ins []string
	for k, s := range sc.shapes {
		t := typeText(dt, s, sc.static)
		params = append(params, fmt.Sprintf("%%a%d: %s", k, t))
		names = append(names, fmt.Sprintf("%%a%d", k))
		ins = append(ins, t)
	}
	res := typeText(resDT, bcastShape(sc.shapes), sc.static)
	if attrs != "" {
		attrs = " " + attrs
	}
	return fmt.Sprintf("func.func @k(%s) -> %s {\n  %%0 = \"%s\"(%s)%s : (%s) -> %s\n  func.return %%0 : %s\n}\n",
		strings.Join(params, ", "), res, op.name, strings.Join(names, ", "), attrs, strings.Join(ins, ", "), res, res)
}

// putElemBits writes element i of t from bits (f32 from its float64 value).
func putElemBits(t *memref.Tensor, i int, bits uint64) {
	switch es := t.DType.Size(); es {
	case 1:
		t.Data[i] = byte(bits)
	case 2:
		binary.LittleEndian.PutUint16(t.Data[2*i:], uint16(bits))
	case 4:
		binary.LittleEndian.PutUint32(t.Data[4*i:], uint32(bits))
	default:
		binary.LittleEndian.PutUint64(t.Data[8*i:], bits)
	}
}

func floatBits(dt memref.DType, v float64) uint64 {
	if dt == memref.Float32 {
		return uint64(math.Float32bits(float32(v)))
	}
	return math.Float64bits(v)
}

// edgeAt is operand k's element j: a cycle through the edge values, shifted per
// operand so that small shapes see different values.
func edgeAt[T any](edges []T, k, j int) T { return edges[(j+5*k)%len(edges)] }

// randomFloat is a value for the random cases: half in [-1.25, 1.25] (the
// domain of the inverse trig functions), a quarter in [-20, 20], a quarter
// of magnitude 1e-8 to 1e8.
func randomFloat(rng *rand.Rand) float64 {
	switch u := rng.Float64(); {
	case u < 0.5:
		return 2.5*rng.Float64() - 1.25
	case u < 0.75:
		return 40*rng.Float64() - 20
	case u < 0.875:
		return math.Pow(10, 16*rng.Float64()-8)
	}
	return -math.Pow(10, 16*rng.Float64()-8)
}

// ulpDistance counts the representable values of dt between a and b.
func ulpDistance(dt memref.DType, a, b float64) uint64 {
	ord := func(v float64) int64 {
		if dt == memref.Float32 {
			i := int64(int32(math.Float32bits(float32(v))))
			if i < 0 {
				i = math.MinInt32 - i
			}
			return i
		}
		i := int64(math.Float64bits(v))
		if i < 0 {
			i = math.MinInt64 - i
		}
		return i
	}
	x, y := ord(a), ord(b)
	if x < y {
		x, y = y, x
	}
	return uint64(x - y)
}

// floatMatches compares one float result with its reference.
func floatMatches(dt memref.DType, got, want float64, ulp uint64, anyZero bool) bool {
	switch {
	case math.IsNaN(want):
		return math.IsNaN(got)
	case math.IsNaN(got):
		return false
	case want == 0 && got == 0:
		return anyZero || math.Signbit(got) == math.Signbit(want)
	case math.IsInf(want, 0) || ulp == 0:
		return got == want
	}
	return ulpDistance(dt, got, want) <= ulp
}

func TestExtraOps(t *testing.T) {
	rt := newRuntime(t)
	ctx := context.Background()
	for _, op := range extraOps {
		attrsList := op.attrs
		if attrsList == nil {
			attrsList = []string{""}
		}
		for _, attrs := range attrsList {
			switch op.name {
			case "tf.LeakyRelu":
				op.f = leakyRelu(attrs)
			case "tf.ApproximateEqual":
				op.f, op.i = approximateEqual(attrs)
			}
			for _, dt := range op.dtypes {
				for _, sc := range extraShapes(op.arity, edgeCount(dt)) {
					name := fmt.Sprintf("%s/%s%s/%s", op.name[3:], dt, attrName(attrs), sc.name)
					t.Run(name, func(t *testing.T) { runExtra(t, ctx, rt, op, attrs, dt, sc) })
				}
			}
		}
	}
}

func attrName(attrs string) string {
	if attrs == "" {
		return ""
	}
	f := strings.Fields(strings.Trim(attrs, "{}"))
	return "/" + f[0] + "=" + f[2]
}

func edgeCount(dt memref.DType) int {
	if dt.IsFloat() {
		return len(floatEdges(dt))
	}
	return len(intEdges(dt))
}

func runExtra(t *testing.T, ctx context.Context, rt *Runtime, op extraOp, attrs string, dt memref.DType, sc extraShape) {
	src := extraKernelText(op, attrs, dt, sc)
	if op.name == "tf.ApproximateEqual" && !slices.Equal(sc.shapes[0], sc.shapes[1]) {
		// TensorFlow's kernel does not broadcast: static shapes fail to
		// compile, dynamic ones to run.
		exe, err := rt.Compile(ctx, []byte(src))
		if err == nil {
			args := make([]*memref.Tensor, op.arity)
			for k, s := range sc.shapes {
				args[k], _ = memref.New(dt, s)
			}
			_, err = exe.Run(ctx, args...)
		}
		if err == nil || !strings.Contains(err.Error(), "'tf.ApproximateEqual' op x and y must be of the same shape") {
			t.Errorf("shapes %v: got %v, want a same-shape error", sc.shapes, err)
		}
		return
	}
	exe, err := rt.Compile(ctx, []byte(src))
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, src)
	}
	fe, ie := floatEdges(dt), intEdges(dt)
	rng := rand.New(rand.NewPCG(1, uint64(len(op.name))))
	args := make([]*memref.Tensor, op.arity)
	for k, s := range sc.shapes {
		x, err := memref.New(dt, s)
		if err != nil {
			t.Fatal(err)
		}
		for j := range x.Len() {
			switch {
			case sc.random && dt.IsFloat():
				putElemBits(x, j, floatBits(dt, randomFloat(rng)))
			case sc.random:
				putElemBits(x, j, wrapBits(dt, rng.Uint64()))
			case dt.IsFloat():
				putElemBits(x, j, floatBits(dt, edgeAt(fe, k, j)))
			default:
				putElemBits(x, j, edgeAt(ie, k, j))
			}
		}
		args[k] = x
	}
	out, err := exe.Run(ctx, args...)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, src)
	}
	got := out[0]
	shape := bcastShape(sc.shapes)
	if fmt.Sprint(got.Shape) != fmt.Sprint(shape) {
		t.Fatalf("result shape %v, want %v", got.Shape, shape)
	}
	bad := 0
	for i := range got.Len() {
		idx := operandIndices(sc.shapes, shape, i)
		var ok bool
		var gotS, wantS string
		if dt.IsFloat() {
			a := make([]float64, op.arity)
			for k := range a {
				a[k] = args[k].Float64At(idx[k])
			}
			want := op.f(dt, a)
			if op.pred {
				g := float64(got.Bits64At(i))
				ok, gotS, wantS = g == want, fmt.Sprint(g), fmt.Sprint(want)
			} else {
				want = roundF(dt, want)
				g := got.Float64At(i)
				ok, gotS, wantS = floatMatches(dt, g, want, op.ulp, op.anyZero), fmt.Sprint(g), fmt.Sprint(want)
			}
			if !ok && bad < 8 {
				t.Errorf("%s%v = %s, want %s", op.name, a, gotS, wantS)
			}
		} else {
			a := make([]uint64, op.arity)
			for k := range a {
				a[k] = args[k].Bits64At(idx[k])
			}
			resDT := dt
			if op.pred {
				resDT = memref.Bool
			}
			want := wrapBits(resDT, op.i(dt, a))
			g := got.Bits64At(i)
			ok = g == want
			if !ok && bad < 8 {
				t.Errorf("%s%v = %d, want %d", op.name, a, g, want)
			}
		}
		if !ok {
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d elements wrong\n%s", bad, got.Len(), src)
	}
	compareRefeval(t, ctx, exe, args, out, dt)
}

// compareRefeval checks the result against internal/refeval, once it
// evaluates the op.
func compareRefeval(t *testing.T, ctx context.Context, exe *JitExecutable, args, got []*memref.Tensor, dt memref.DType) {
	want, err := refeval.Eval(ctx, exe.Func(), exe.Module(), args)
	if errors.Is(err, mlir.ErrUnsupported) {
		return
	}
	if err != nil {
		t.Fatalf("reference evaluator: %v", err)
	}
	rtol := 1e-12
	if dt == memref.Float32 {
		rtol = 1e-6
	}
	if err := golden.Compare(got[0], want[0], rtol, 0); err != nil {
		t.Errorf("vs refeval: %v", err)
	}
}

// operandIndices maps element i of the broadcast result to each operand's
// element (numpy rules).
func operandIndices(shapes [][]int, out []int, i int) []int {
	coord := make([]int, len(out))
	for a := len(out) - 1; a >= 0; a-- {
		coord[a] = i % out[a]
		i /= out[a]
	}
	idx := make([]int, len(shapes))
	for k, s := range shapes {
		off := len(out) - len(s)
		j := 0
		for a, d := range s {
			c := coord[off+a]
			if d == 1 {
				c = 0
			}
			j = j*d + c
		}
		idx[k] = j
	}
	return idx
}
