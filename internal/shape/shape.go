// Package shape is the compiler's shape arithmetic, the part the host
// also runs before every kernel run: broadcasting, reductions, selects,
// slices and strided slices, ranges and convolution windows on dims that
// may be mlir.Dynamic while checking and are concrete at run time; type
// compatibility; the small integer values (shapes and indices) the host
// computes; and operand constraints with the symbolic shapes of a
// specialization. It knows no op: package lower's registry calls it.
package shape

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// --- Type and dims arithmetic ----------------------------------------------

func Reduced(dims []int, axes []int, keep bool) []int {
	out := []int{}
	j := 0
	for i, d := range dims {
		if j < len(axes) && axes[j] == i {
			j++
			if keep {
				out = append(out, 1)
			}
			continue
		}
		out = append(out, d)
	}
	return out
}

// Broadcast applies numpy broadcasting to operand dims that may be
// Dynamic. With fully static inputs it is the run-time shape function.
func Broadcast(in [][]int) ([]int, string) {
	rank := 0
	for _, t := range in {
		rank = max(rank, len(t))
	}
	out := make([]int, rank)
	for i := range out {
		out[i] = 1
	}
	for _, t := range in {
		off := rank - len(t)
		for i, d := range t {
			o := &out[off+i]
			switch {
			case d == 1:
			case *o == 1:
				*o = d
			case d == mlir.Dynamic:
			case *o == mlir.Dynamic:
				*o = d
			case *o != d:
				return nil, "Incompatible shapes: " + ListAll(in)
			}
		}
	}
	return out, ""
}

// Select is the row-selecting select's shape function: x and y have equal shapes; cond
// has the same shape, or is rank 1 over x's first dim, or is a scalar.
func Select(cond, x, y []int) ([]int, string) {
	out, msg := Same(x, y)
	if msg != "" {
		return nil, "requires that 't' and 'e' have the same shape: " + msg
	}
	switch {
	case len(cond) == 0:
	case len(cond) == 1 && len(out) > 1:
		if d := out[0]; d != mlir.Dynamic && cond[0] != mlir.Dynamic && cond[0] != d {
			return nil, fmt.Sprintf("requires a rank-1 condition to match the first dimension of 't': %s vs. %s", List(cond), List(out))
		}
		if out[0] == mlir.Dynamic {
			out[0] = cond[0]
		}
	default:
		o, msg := Same(cond, out)
		if msg != "" {
			return nil, "requires the condition to have the shape of 't', rank 1 or rank 0: " + msg
		}
		out = o
	}
	return out, ""
}

func Same(a, b []int) ([]int, string) {
	if len(a) != len(b) {
		return nil, List(a) + " vs. " + List(b)
	}
	out := make([]int, len(a))
	for i := range a {
		switch {
		case a[i] == mlir.Dynamic:
			out[i] = b[i]
		case b[i] == mlir.Dynamic || a[i] == b[i]:
			out[i] = a[i]
		default:
			return nil, List(a) + " vs. " + List(b)
		}
	}
	return out, ""
}

func ListAll(in [][]int) string {
	parts := make([]string, len(in))
	for i, t := range in {
		parts[i] = List(t)
	}
	return strings.Join(parts, " vs. ")
}

// List prints dims the way TensorFlow's shape errors do: [2,?,3].
func List(dims []int) string {
	parts := make([]string, len(dims))
	for i, d := range dims {
		if d == mlir.Dynamic {
			parts[i] = "?"
		} else {
			parts[i] = strconv.Itoa(d)
		}
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// Compatible explains why an inferred type cannot have the declared type,
// or returns "".
func Compatible(inferred, declared mlir.TensorType) string {
	if inferred.Elem != declared.Elem {
		return fmt.Sprintf(": element type %s vs %s", inferred.Elem, declared.Elem)
	}
	if !declared.Ranked || !inferred.Ranked {
		return ""
	}
	if len(inferred.Dims) != len(declared.Dims) {
		return fmt.Sprintf(": rank %d vs %d", len(inferred.Dims), len(declared.Dims))
	}
	for i := range inferred.Dims {
		a, b := inferred.Dims[i], declared.Dims[i]
		if a != mlir.Dynamic && b != mlir.Dynamic && a != b {
			return fmt.Sprintf(": dim %d is %d vs %d", i, a, b)
		}
	}
	return ""
}

// Refine combines an inferred type with a compatible declared one, keeping
// every static dim either knows.
func Refine(inferred, declared mlir.TensorType) mlir.TensorType {
	if !declared.Ranked {
		return inferred
	}
	out := mlir.TensorType{Elem: inferred.Elem, Ranked: true, Dims: append([]int(nil), inferred.Dims...)}
	for i, d := range declared.Dims {
		if out.Dims[i] == mlir.Dynamic {
			out.Dims[i] = d
		}
	}
	return out
}

// SameMsg explains why two shapes (dims may be Dynamic while
// checking) cannot be equal, or returns "".
func SameMsg(x, y []int) string {
	same := len(x) == len(y)
	for i := 0; same && i < len(x); i++ {
		same = x[i] == y[i] || x[i] == mlir.Dynamic || y[i] == mlir.Dynamic
	}
	if !same {
		return fmt.Sprintf("x and y must be of the same shape: %s vs. %s", List(x), List(y))
	}
	return ""
}

// --- Axes ---------------------------------------------------------------------

// NormAxis wraps a possibly negative axis into [0, rank).
func NormAxis(a int64, rank int) (int, string) {
	if a < -int64(rank) || a >= int64(rank) {
		return 0, fmt.Sprintf("axis %d is out of range for rank %d", a, rank)
	}
	if a < 0 {
		a += int64(rank)
	}
	return int(a), ""
}

func Unknown(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = mlir.Dynamic
	}
	return out
}

// --- Host values ------------------------------------------------------------

// MaxHostElements bounds a host value (they are shapes and indices, not
// data).
const MaxHostElements = 1 << 16

// Ints returns the values of an integer (or i1) constant, or nil.
func Ints(d *mlir.DenseAttr) []int64 {
	if d == nil || !(d.Type.Elem.IsInt() || d.Type.Elem == memref.Bool) {
		return nil
	}
	n := 1
	if !d.Splat {
		n = d.Value.Len()
	} else if d.Type.IsStatic() {
		n = d.Type.NumElements()
	}
	if n > MaxHostElements {
		return nil
	}
	out := make([]int64, n)
	for i := range out {
		j := i
		if d.Splat {
			j = 0
		}
		out[i] = int64(d.Value.Bits64At(j))
	}
	return out
}

// IntTensor builds a constant of dtype dt and shape from host values.
func IntTensor(dt memref.DType, shape []int, vals []int64) *memref.Tensor {
	t, err := memref.New(dt, shape)
	if err != nil {
		return nil
	}
	es := dt.Size()
	for i, v := range vals {
		for b := 0; b < es; b++ {
			t.Data[i*es+b] = byte(uint64(v) >> (8 * b))
		}
	}
	return t
}

// Wrap truncates v to the range of integer type dt (two's complement).
func Wrap(dt memref.DType, v int64) int64 {
	switch dt {
	case memref.Int8:
		return int64(int8(v))
	case memref.Int16:
		return int64(int16(v))
	case memref.Int32:
		return int64(int32(v))
	case memref.Uint8:
		return int64(uint8(v))
	case memref.Uint16:
		return int64(uint16(v))
	case memref.Uint32:
		return int64(uint32(v))
	case memref.Bool:
		if v != 0 {
			return 1
		}
		return 0
	}
	return v
}

func Repeat(v []int64, n int) []int64 {
	r := make([]int64, n)
	for i := range r {
		r[i] = v[0]
	}
	return r
}

// HostState is what the host knows of one run before it starts: every
// value's shape and the host values (by value id; nil for values the host
// does not compute).
type HostState struct {
	Shapes [][]int
	Values [][]int64
}

// --- Slices -------------------------------------------------------------------

// Slice says how each axis of a slice's result reads its input: for
// input axis k, index = begin[k] + step[k]·(the result loop axisOf[k]),
// or the constant begin[k] when axisOf[k] is -1 (a shrunk axis). Result
// axes with no input axis (new axes) have size 1.
type Slice struct {
	Begin, Step, Size []int // per input axis
	AxisOf            []int // per input axis: the result axis, or -1
	Out               []int // result dims
}

// Strided are a strided slice's compile-time parameters.
type Strided struct {
	Strides []int64
	// RunTime: the strides are known before the run only (strides
	// holds ones then, for the structure, which only the masks decide).
	RunTime                                       bool
	BeginMask, EndMask, Ellipsis, NewAxis, Shrink int64
}

// SliceOf computes a Slice's spec from concrete dims and values.
func SliceOf(x []int, begin, size []int64) (*Slice, string) {
	s := &Slice{}
	for k, d := range x {
		b, n := begin[k], size[k]
		if n == -1 {
			n = int64(d) - b
		}
		if b < 0 || n < 0 || b > int64(d) || n > int64(d)-b { // (b+n could overflow)
			return nil, fmt.Sprintf("Expected begin[%d] in [0, %d] and size[%d] in [0, %d], but got %d and %d", k, d, k, int64(d)-b, begin[k], size[k])
		}
		s.Begin, s.Step, s.Size = append(s.Begin, int(b)), append(s.Step, 1), append(s.Size, int(n))
		s.AxisOf = append(s.AxisOf, k)
		s.Out = append(s.Out, int(n))
	}
	return s, ""
}

// StridedSliceOf computes a strided slice's spec (TensorFlow's
// ValidateStridedSliceOp: the sparse spec with its ellipsis and new axes
// expanded into a dense one over the input's axes, each clamped).
func StridedSliceOf(x []int, sf *Strided, begin, end []int64) (*Slice, string) {
	rank := len(x)
	n := len(sf.Strides)
	bit := func(mask int64, i int) bool { return mask&(1<<uint(i)) != 0 }
	// How many input axes the spec names outside the ellipsis.
	named := 0
	hasEllipsis := false
	for i := 0; i < n; i++ {
		switch {
		case bit(sf.Ellipsis, i):
			hasEllipsis = true
		case !bit(sf.NewAxis, i):
			named++
		}
	}
	s := &Slice{Begin: make([]int, rank), Step: make([]int, rank), Size: make([]int, rank), AxisOf: make([]int, rank)}
	for k := range s.AxisOf {
		s.AxisOf[k] = -2 // not named yet
	}
	k := 0 // input axis
	full := func() {
		s.Begin[k], s.Step[k], s.Size[k] = 0, 1, x[k]
		s.AxisOf[k] = len(s.Out)
		s.Out = append(s.Out, x[k])
		k++
	}
	for i := 0; i < n; i++ {
		switch {
		case bit(sf.Ellipsis, i):
			for e := 0; e < rank-named && k < rank; e++ {
				full()
			}
		case bit(sf.NewAxis, i):
			s.Out = append(s.Out, 1)
		default:
			if k >= rank {
				return nil, fmt.Sprintf("Index out of range using input dim %d; input has only %d dims", k, rank)
			}
			d := int64(x[k])
			st := sf.Strides[i]
			if bit(sf.Shrink, i) {
				if st <= 0 {
					return nil, "only stride 1 allowed on non-range indexing."
				}
				b := begin[i]
				if b < 0 {
					b += d
				}
				if b < 0 || b >= d {
					return nil, fmt.Sprintf("slice index %d of dimension %d out of bounds", begin[i], k)
				}
				s.Begin[k], s.Step[k], s.Size[k], s.AxisOf[k] = int(b), 1, 1, -1
				k++
				continue
			}
			canon := func(v int64, isBegin bool) int64 {
				masked := (isBegin && bit(sf.BeginMask, i)) || (!isBegin && bit(sf.EndMask, i))
				if masked {
					switch {
					case st > 0 && isBegin:
						return 0
					case st > 0:
						return d
					case isBegin:
						return d - 1
					}
					return -1
				}
				if v < 0 {
					v += d
				}
				if st > 0 {
					return max(0, min(v, d))
				}
				return max(-1, min(v, d-1))
			}
			b, e := canon(begin[i], true), canon(end[i], false)
			// ceil((e-b)/st), without overflow for any stride (b and e
			// are clamped to [-1, d]; for st = MinInt64, -st stays
			// negative and the quotient 0, which is right).
			size := int64(0)
			if st > 0 && e > b {
				size = (e-b-1)/st + 1
			} else if st < 0 && e < b {
				size = (b-e-1)/-st + 1
			}
			s.Begin[k], s.Step[k], s.Size[k] = int(b), int(st), int(size)
			s.AxisOf[k] = len(s.Out)
			s.Out = append(s.Out, int(size))
			k++
		}
	}
	if !hasEllipsis {
		for k < rank {
			full()
		}
	}
	if k != rank {
		return nil, fmt.Sprintf("the slice names %d axes of a rank-%d input", k, rank)
	}
	return s, ""
}

// RunStrides is sf with the strides a run gives (vals), when they are
// known before the run only.
func (sf *Strided) RunStrides(vals []int64) (*Strided, string) {
	if !sf.RunTime {
		return sf, ""
	}
	if len(vals) != len(sf.Strides) {
		return nil, fmt.Sprintf("strides has %d values for %d", len(vals), len(sf.Strides))
	}
	for i, s := range vals {
		if s == 0 {
			return nil, fmt.Sprintf("strides[%d] must be non-zero", i)
		}
	}
	r := *sf
	r.Strides = vals
	return &r, ""
}

// --- Ranges -------------------------------------------------------------------

// RoundTo rounds x to the float type dt (to nearest even, once).
func RoundTo(dt memref.DType, x float64) float64 {
	switch dt {
	case memref.Float32:
		return float64(float32(x))
	case memref.Float16:
		return float64(memref.F16ToF32(memref.F64ToF16(x)))
	case memref.BFloat16:
		return float64(memref.BF16ToF32(memref.F64ToBF16(x)))
	}
	return x
}

// RangeSize is a range op's element count. For floats it is computed in the
// element type dt, as TensorFlow's kernel (core/kernels/sequence_ops.cc:
// ceil(abs((limit - start) / delta)) in T) and its XLA lowering do:
// limit - start and the quotient are each rounded to dt, so f32
// Range(0, 0.3, 0.1) has 3 elements (float64 would give 4).
func RangeSize(start, limit, delta float64, dt memref.DType) (int, string) {
	integer := !dt.IsFloat()
	if delta == 0 {
		return 0, "Requires delta != 0"
	}
	if (start > limit && delta > 0) || (start < limit && delta < 0) {
		return 0, fmt.Sprintf("Requires start <= limit when delta > 0: %v/%v", start, limit)
	}
	var n float64
	if integer {
		n = math.Floor((math.Abs(limit-start) + math.Abs(delta) - 1) / math.Abs(delta))
	} else {
		n = math.Ceil(math.Abs(RoundTo(dt, RoundTo(dt, limit-start)/delta)))
	}
	if n > memref.MaxElements {
		return 0, fmt.Sprintf("Requires the range to have at most %d elements, got %v", int64(memref.MaxElements), n)
	}
	return int(n), ""
}

// RangeSizeInt is a range op's element count for integers, computed exactly
// (float64 loses the low bits of large int64 operands): ceil(|limit -
// start| / |delta|).
func RangeSizeInt(start, limit, delta int64) (int, string) {
	if delta == 0 {
		return 0, "Requires delta != 0"
	}
	if (start > limit && delta > 0) || (start < limit && delta < 0) {
		return 0, fmt.Sprintf("Requires start <= limit when delta > 0: %d/%d", start, limit)
	}
	d := uint64(limit) - uint64(start) // |limit - start| as two's complement
	if start > limit {
		d = uint64(start) - uint64(limit)
	}
	ad := uint64(delta)
	if delta < 0 {
		ad = -ad
	}
	n := d / ad
	if d%ad != 0 {
		n++
	}
	if n > memref.MaxElements {
		return 0, fmt.Sprintf("Requires the range to have at most %d elements, got %d", int64(memref.MaxElements), n)
	}
	return int(n), ""
}

// --- Convolution windows ------------------------------------------------------

// ConvGroups checks the depths of a convolution: the input depth c is
// a positive multiple of the filter's depth fc (their ratio is the number
// of groups, 1 for an ordinary convolution), which divides the output
// depth o. It returns the number of groups, or Dynamic.
func ConvGroups(c, fc, o int) (int, string) {
	if fc == 0 {
		return 0, "filter depth must be positive, got 0"
	}
	if c == mlir.Dynamic || fc == mlir.Dynamic {
		return mlir.Dynamic, ""
	}
	if c%fc != 0 || c == 0 {
		return 0, fmt.Sprintf("input depth must be evenly divisible by filter depth (and positive): %d vs %d", c, fc)
	}
	g := c / fc
	if o != mlir.Dynamic && o%g != 0 {
		return 0, fmt.Sprintf("output depth must be evenly divisible by number of groups: %d vs %d", o, g)
	}
	return g, ""
}

// CheckLimits holds type t of a value (what, at pos) to a rank and,
// when maxElements > 0, an element count; the ABI's u32 strides bound it
// too. Errors are *mlir.LimitError values.
func CheckLimits(t mlir.TensorType, pos, what string, maxRank int, maxElements int64) error {
	if !t.Ranked {
		return nil
	}
	if t.Rank() > maxRank {
		return &mlir.LimitError{Limit: "max_rank", What: fmt.Sprintf("%s: the rank of %s %s", pos, what, t), Got: int64(t.Rank()), Max: int64(maxRank)}
	}
	// The ABI's strides are u32: the product of the dims after the
	// first must fit even where another dim is 0.
	stride := uint64(1)
	for i := len(t.Dims) - 1; i > 0; i-- {
		if d := t.Dims[i]; d > 0 {
			if stride *= uint64(d); stride > math.MaxUint32 {
				return &mlir.LimitError{Limit: "max_elements", What: fmt.Sprintf("%s: a stride of %s %s", pos, what, t), Got: -1, Max: math.MaxUint32}
			}
		}
	}
	if maxElements <= 0 {
		return nil
	}
	n := int64(1)
	for _, d := range t.Dims {
		if d < 0 {
			continue
		}
		if d > 0 && n > maxElements/int64(d) {
			return &mlir.LimitError{Limit: "max_elements", What: fmt.Sprintf("%s: the element count of %s %s", pos, what, t), Got: -1, Max: maxElements}
		}
		n *= int64(d)
	}
	if n > maxElements {
		return &mlir.LimitError{Limit: "max_elements", What: fmt.Sprintf("%s: the element count of %s %s", pos, what, t), Got: n, Max: maxElements}
	}
	return nil
}

// NormalizeAxes reads reduction indices from a constant: each in
// [-rank, rank), negative ones wrapped; duplicates removed; sorted.
func NormalizeAxes(d *mlir.DenseAttr, rank int) ([]int, string) {
	n := 1
	if !d.Splat {
		n = d.Value.Len()
	} else if d.Type.IsStatic() {
		n = d.Type.NumElements()
		if n > memref.MaxRank*4 {
			return nil, fmt.Sprintf("too many reduction indices (%d)", n)
		}
	}
	seen := make([]bool, rank)
	var axes []int
	for i := 0; i < n; i++ {
		j := i
		if d.Splat {
			j = 0
		}
		a := int(int64(d.Value.Bits64At(j)))
		if a < -rank || a >= rank {
			return nil, fmt.Sprintf("Invalid reduction dimension (%d for input with %d dimension(s))", a, rank)
		}
		if a < 0 {
			a += rank
		}
		if !seen[a] {
			seen[a] = true
		}
	}
	for a, s := range seen {
		if s {
			axes = append(axes, a)
		}
	}
	return axes, ""
}
