package loopir

import "github.com/sandjit/sandjit/memref"

// Op is the operation of an instruction. Every op's semantics is defined
// for every element type it accepts, edges included: there is no undefined
// behaviour in the loop IR, so code generators and interpreters agree.
type Op uint8

// The ops (see opTable for their operands and meaning).
const (
	OpInvalid Op = iota
	OpLoad
	OpStore
	OpAccum
	OpConst
	OpSize
	OpIndex
	OpNeg
	OpAbs
	OpNot
	OpSign
	OpSqrt
	OpRsqrt
	OpRecip
	OpRound
	OpMath
	OpIsFinite
	OpIsNaN
	OpIsInf
	OpCast
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpFloorDiv
	OpFloorMod
	OpRem
	OpPow
	OpMath2
	OpNextAfter
	OpMax
	OpMin
	OpAnd
	OpOr
	OpXor
	OpCompare
	OpSelect
	OpAssert
	OpMath3
	OpShl
	OpShr
	OpPopcnt
	OpBitcast
	numOps
)

// typeClass is the set of element types an op accepts for its main operands.
type typeClass uint8

const (
	anyType    typeClass = iota // every dtype
	numeric                     // ints and floats, not bool
	floatOnly                   // f16, f32, f64
	intOrBool                   // ints and bool
	signedOrFP                  // signed ints and floats
	intOnly                     // ints
)

func (c typeClass) accepts(dt memref.DType) bool {
	switch c {
	case anyType:
		return dt.Valid()
	case numeric:
		return dt.IsInt() || dt.IsFloat()
	case floatOnly:
		return dt.IsFloat()
	case intOrBool:
		return dt.IsInt() || dt == memref.Bool
	case signedOrFP:
		return dt.IsSigned() || dt.IsFloat()
	case intOnly:
		return dt.IsInt()
	}
	return false
}

// opInfo describes an op: its text name, how many value operands it takes,
// which types those accept, and its cost per element in rough instruction
// units (for the engine's chunking cost model).
type opInfo struct {
	name  string
	arity int
	class typeClass
	cost  int
}

// opTable is the op table: one entry a line, with what the op computes.
var opTable = [numOps]opInfo{
	OpInvalid:   {"invalid", 0, anyType, 0},
	OpLoad:      {"load", 0, anyType, 1},        // Acc's element
	OpStore:     {"store", 1, anyType, 1},       // Acc's element = a
	OpAccum:     {"accum", 1, anyType, 1},       // Acc's element = Red(Acc's element, a)
	OpConst:     {"const", 0, anyType, 0},       // the constant Bits
	OpSize:      {"size", 0, numeric, 0},        // the run-time Size converted to Type
	OpIndex:     {"index", 0, numeric, 1},       // the variable of loop Loop, converted to Type
	OpNeg:       {"neg", 1, signedOrFP, 1},      // -a; ints wrap (-MIN = MIN)
	OpAbs:       {"abs", 1, numeric, 1},         // |a|; ints wrap (|MIN| = MIN); unsigned: a
	OpNot:       {"not", 1, intOrBool, 1},       // bool: !a; ints: ^a
	OpSign:      {"sign", 1, numeric, 2},        // -1, 0 or 1; NaN stays NaN; -0 gives 0
	OpSqrt:      {"sqrt", 1, floatOnly, 4},      // IEEE square root
	OpRsqrt:     {"rsqrt", 1, floatOnly, 5},     // 1 / sqrt(a)
	OpRecip:     {"recip", 1, numeric, 4},       // 1 / a; ints truncate and 1/0 = -1 (all ones)
	OpRound:     {"round", 1, numeric, 1},       // Round mode; identity on ints
	OpMath:      {"math", 1, floatOnly, 20},     // Math(a), a transcendental function
	OpIsFinite:  {"isfinite", 1, floatOnly, 1},  // bool: neither NaN nor ±Inf
	OpIsNaN:     {"isnan", 1, floatOnly, 1},     // bool: NaN
	OpIsInf:     {"isinf", 1, floatOnly, 1},     // bool: ±Inf
	OpCast:      {"cast", 1, anyType, 1},        // a converted to Type (see castRules)
	OpAdd:       {"add", 2, numeric, 1},         // a + b; ints wrap
	OpSub:       {"sub", 2, numeric, 1},         // a - b; ints wrap
	OpMul:       {"mul", 2, numeric, 1},         // a * b; ints wrap
	OpDiv:       {"div", 2, numeric, 4},         // a / b; ints truncate toward 0, a/0 = -1 (all ones), MIN/-1 = MIN
	OpFloorDiv:  {"floordiv", 2, numeric, 6},    // floor(a / b); ints: z = a/b, z-1 if z·b != a and signs differ (a/0: -2 if a < 0, else -1), MIN/-1 = MIN
	OpFloorMod:  {"floormod", 2, numeric, 8},    // a - floor(a/b)*b with b's sign; ints: a%0 = a; floats: fmod then adjust
	OpRem:       {"rem", 2, numeric, 8},         // truncated remainder, a's sign (C %, fmod); ints: a%0 = a, MIN%-1 = 0
	OpPow:       {"pow", 2, numeric, 25},        // a ** b; ints: b < 0 gives 0 except a = ±1, wraps
	OpMath2:     {"math2", 2, floatOnly, 30},    // Math(a, b), a two-argument function (atan2)
	OpNextAfter: {"nextafter", 2, floatOnly, 6}, // the next representable value after a toward b (C nextafter)
	OpMax:       {"max", 2, numeric, 1},         // max(a, b); NaN if either is NaN
	OpMin:       {"min", 2, numeric, 1},         // min(a, b); NaN if either is NaN
	OpAnd:       {"and", 2, intOrBool, 1},       // a & b (logical on bool)
	OpOr:        {"or", 2, intOrBool, 1},        // a | b (logical on bool)
	OpXor:       {"xor", 2, intOrBool, 1},       // a ^ b (logical on bool)
	OpCompare:   {"cmp", 2, anyType, 1},         // bool: a Cmp b; IEEE (NaN unordered)
	OpSelect:    {"select", 3, anyType, 1},      // a ? b : c; a is bool
	OpAssert:    {"assert", 1, anyType, 1},      // unless a (bool) holds: stop with StatusInvalidArgument and Fault
	OpMath3:     {"math3", 3, floatOnly, 60},    // Math(a, b, c), a three-argument function (betainc)
	OpShl:       {"shl", 2, intOnly, 8},         // a << b, wrapping; b outside [0, width) as unsigned: 0 (XLA)
	OpShr:       {"shr", 2, intOnly, 8},         // a >> b, arithmetic for signed; b outside [0, width): 0, or -1 for a < 0 (XLA)
	OpPopcnt:    {"popcnt", 1, intOnly, 8},      // the number of one bits of a in its own width
	OpBitcast:   {"bitcast", 1, anyType, 0},     // a's bits read as Type, of a's width (neither bool nor f16)
}

func (op Op) String() string {
	if op < numOps {
		return opTable[op].name
	}
	return "op?"
}

// Arity is the number of value operands the op takes.
func (op Op) Arity() int { return opTable[op].arity }

// Cost is the op's rough cost per element.
func (op Op) Cost() int { return opTable[op].cost }

// Reducer is the combining function of an Accum.
type Reducer uint8

// The reducers.
const (
	RedSum  Reducer = iota // a + b; identity 0
	RedProd                // a * b; identity 1
	RedMax                 // max, NaN-propagating; identity -Inf or the type's minimum
	RedMin                 // min, NaN-propagating; identity +Inf or the type's maximum
	RedAll                 // logical and on bool; identity true
	RedAny                 // logical or on bool; identity false
)

var reducerNames = [...]string{RedSum: "sum", RedProd: "prod", RedMax: "max", RedMin: "min", RedAll: "all", RedAny: "any"}

func (r Reducer) String() string { return reducerNames[r] }

// Combine is the binary op a reducer applies.
func (r Reducer) Combine() Op {
	return [...]Op{RedSum: OpAdd, RedProd: OpMul, RedMax: OpMax, RedMin: OpMin, RedAll: OpAnd, RedAny: OpOr}[r]
}

// Cmp is a comparison predicate.
type Cmp uint8

// The predicates.
const (
	CmpEq Cmp = iota // a == b
	CmpNe            // a != b (true when either is NaN)
	CmpLt            // a < b
	CmpLe            // a <= b
	CmpGt            // a > b
	CmpGe            // a >= b
)

var cmpNames = [...]string{CmpEq: "eq", CmpNe: "ne", CmpLt: "lt", CmpLe: "le", CmpGt: "gt", CmpGe: "ge"}

func (c Cmp) String() string { return cmpNames[c] }

// MathFn is a transcendental function of OpMath.
type MathFn uint8

// The functions (floats only; NaN in, NaN out; C99 Annex F at the edges).
// All take one argument except MathAtan2 (OpMath2: atan2(a, b), a is y)
// and the two-argument special functions (zeta … igammac), and betainc
// (OpMath3).
const (
	MathExp      MathFn = iota // e**a
	MathLog                    // natural log
	MathLog1p                  // log(1 + a)
	MathTanh                   // hyperbolic tangent
	MathLogistic               // 1 / (1 + e**-a)
	MathSin                    // sine
	MathCos                    // cosine
	MathErf                    // error function
	MathErfc                   // 1 - erf(a), accurate for large a
	MathExpm1                  // e**a - 1, accurate near 0
	MathTan                    // tangent
	MathAsin                   // arc sine
	MathAcos                   // arc cosine
	MathAtan                   // arc tangent
	MathSinh                   // hyperbolic sine
	MathCosh                   // hyperbolic cosine
	MathAsinh                  // inverse hyperbolic sine
	MathAcosh                  // inverse hyperbolic cosine
	MathAtanh                  // inverse hyperbolic tangent
	MathAtan2                  // atan2(a, b): the angle of (b, a); OpMath2 only
	// MathExpNonPos is e**min(a, 0): the exponential of an argument that
	// cannot be positive (softmax's x - max(x), softplus's -|x|), which
	// the code generator computes in fewer steps (no overflow to handle).
	MathExpNonPos
	MathLgamma    // log|Γ(a)|; +Inf at 0, the negative integers and ±Inf (TF's log-gamma op)
	MathDigamma   // ψ(a); NaN at 0, the negative integers and -Inf (TF's digamma op)
	MathErfinv    // inverse of erf; ±Inf at ±1, NaN outside [-1, 1]
	MathNdtri     // inverse of the standard normal CDF; -Inf at 0, +Inf at 1, NaN outside [0, 1]
	MathBesselI0e // e**-|a|·I₀(a)
	MathBesselI1e // e**-|a|·I₁(a)
	MathZeta      // Hurwitz ζ(a, b) = Σ (k+b)**-a; OpMath2 only (TF's zeta op, (x, q))
	MathPolygamma // ψ⁽ᵃ⁾(b); OpMath2 only (TF's polygamma op, (a, x)); NaN unless a is a non-negative integer
	MathIgamma    // regularized lower incomplete gamma P(a, b); OpMath2 only
	MathIgammac   // regularized upper incomplete gamma Q(a, b) = 1 - P(a, b); OpMath2 only
	MathBetainc   // regularized incomplete beta I_c(a, b); OpMath3 only (TF's betainc op, (a, b, x))
	// MathExpNegScaled is 2**32·e**max(-|a|, -104): an f32 softmax's
	// e**(x - max(x)) scaled by 2**32. The scaled value stays a normal
	// f32 down to e**-104, so the code skips expnonpos's final rounding
	// into the subnormal range (and its min, since -|a| is never
	// positive); softmax divides by the sum of the same scaled values,
	// which cancels the scale. Below -104 (e**a < 2**-150 there) the
	// result stays 2**32·e**-104 < 2**-118, which times any factor of at
	// most 2**-32 (softmax's 1/sum) still rounds to 0 in f32, not in f64:
	// an f64 softmax keeps MathExpNonPos.
	MathExpNegScaled
	numMathFns
)

var mathNames = [...]string{MathExp: "exp", MathLog: "log", MathLog1p: "log1p", MathTanh: "tanh",
	MathLogistic: "logistic", MathSin: "sin", MathCos: "cos", MathErf: "erf", MathErfc: "erfc",
	MathExpm1: "expm1", MathTan: "tan", MathAsin: "asin", MathAcos: "acos", MathAtan: "atan",
	MathSinh: "sinh", MathCosh: "cosh", MathAsinh: "asinh", MathAcosh: "acosh", MathAtanh: "atanh",
	MathAtan2: "atan2", MathExpNonPos: "expnonpos", MathLgamma: "lgamma", MathDigamma: "digamma",
	MathErfinv: "erfinv", MathNdtri: "ndtri", MathBesselI0e: "besseli0e", MathBesselI1e: "besseli1e",
	MathZeta: "zeta", MathPolygamma: "polygamma", MathIgamma: "igamma", MathIgammac: "igammac",
	MathBetainc: "betainc", MathExpNegScaled: "expnegscaled"}

// Ternary reports the functions of OpMath3.
func (m MathFn) Ternary() bool { return m == MathBetainc }

// Binary reports the functions of OpMath2.
func (m MathFn) Binary() bool {
	return m == MathAtan2 || m == MathZeta || m == MathPolygamma || m == MathIgamma || m == MathIgammac
}

func (m MathFn) String() string { return mathNames[m] }

// RoundMode is the rounding of OpRound.
type RoundMode uint8

// The rounding modes.
const (
	RoundFloor    RoundMode = iota // toward -Inf
	RoundCeil                      // toward +Inf
	RoundTrunc                     // toward 0
	RoundHalfEven                  // to nearest, ties to even
)

var roundNames = [...]string{RoundFloor: "floor", RoundCeil: "ceil", RoundTrunc: "trunc", RoundHalfEven: "halfeven"}

func (m RoundMode) String() string { return roundNames[m] }
