package refeval

import (
	"encoding/binary"
	"github.com/sandjit/sandjit/internal/refeval/nd"
	"math"

	"github.com/sandjit/sandjit/memref"
)

// kind is how the evaluator holds the elements of a dtype.
type kind uint8

const (
	kFloat    kind = iota // f16, f32, f64 in float64, each value exactly representable in the dtype
	kSigned               // i8…i64 in int64, each value within the dtype's range
	kUnsigned             // ui8…ui64 in uint64, each value within the dtype's range
	kBool                 // i1 in bool
	kComplex              // complex<f32>, complex<f64> in complex128, each part a value of the part type
)

func kindOf(dt memref.DType) kind {
	switch {
	case dt.IsComplex():
		return kComplex
	case dt.IsFloat():
		return kFloat
	case dt.IsSigned():
		return kSigned
	case dt.IsUnsigned():
		return kUnsigned
	}
	return kBool
}

// array is a row-major tensor value. Exactly one of f, s, u, b is used, the
// one kindOf(dt) names. Arrays are never modified once an op has produced
// them, so ops may share them (Identity).
type array struct {
	dt    memref.DType
	shape []int
	f     []float64
	s     []int64
	u     []uint64
	b     []bool
	c     []complex128
}

// newArray allocates a zeroed array. Callers check the element limit first.
func newArray(dt memref.DType, shape []int) *array {
	a := &array{dt: dt, shape: append([]int{}, shape...)}
	n := nd.NumElements(shape)
	switch kindOf(dt) {
	case kFloat:
		a.f = make([]float64, n)
	case kSigned:
		a.s = make([]int64, n)
	case kUnsigned:
		a.u = make([]uint64, n)
	case kBool:
		a.b = make([]bool, n)
	case kComplex:
		a.c = make([]complex128, n)
	}
	return a
}

func (a *array) len() int { return nd.NumElements(a.shape) }

// copyElem sets dst[di] = src[si]; both have the same dtype.
func copyElem(dst *array, di int, src *array, si int) {
	switch kindOf(src.dt) {
	case kFloat:
		dst.f[di] = src.f[si]
	case kSigned:
		dst.s[di] = src.s[si]
	case kUnsigned:
		dst.u[di] = src.u[si]
	case kBool:
		dst.b[di] = src.b[si]
	case kComplex:
		dst.c[di] = src.c[si]
	}
}

// load converts a valid tensor (any strides) into an array.
func load(t *memref.Tensor) *array {
	c := t.Contiguous()
	a := newArray(c.DType, c.Shape)
	n := a.len()
	for i := 0; i < n; i++ {
		switch kindOf(c.DType) {
		case kFloat:
			a.f[i] = c.Float64At(i) // exact: every f16/f32 value is a float64
		case kSigned:
			a.s[i] = int64(c.Bits64At(i)) // sign-extended
		case kUnsigned:
			a.u[i] = c.Bits64At(i)
		case kBool:
			a.b[i] = c.Bits64At(i) != 0
		case kComplex:
			a.c[i] = c.Complex128At(i) // exact
		}
	}
	return a
}

// store converts an array into a fresh contiguous tensor.
func store(a *array) *memref.Tensor {
	t, err := memref.New(a.dt, a.shape)
	if err != nil {
		panic("BUG: refeval: storing " + memref.TypeString(a.dt, a.shape) + ": " + err.Error())
	}
	es := a.dt.Size()
	for i := 0; i < a.len(); i++ {
		b := t.Data[i*es : (i+1)*es]
		var bits uint64
		switch kindOf(a.dt) {
		case kComplex:
			re, im := real(a.c[i]), imag(a.c[i])
			if a.dt == memref.Complex64 { // exact: the parts are f32 values
				binary.LittleEndian.PutUint32(b, math.Float32bits(float32(re)))
				binary.LittleEndian.PutUint32(b[4:], math.Float32bits(float32(im)))
			} else {
				binary.LittleEndian.PutUint64(b, math.Float64bits(re))
				binary.LittleEndian.PutUint64(b[8:], math.Float64bits(im))
			}
			continue
		case kFloat:
			switch a.dt {
			case memref.BFloat16:
				bits = uint64(memref.F32ToBF16(float32(a.f[i]))) // exact: the value is a bf16 value
			case memref.Float16:
				bits = uint64(memref.F32ToF16(float32(a.f[i]))) // exact: the value is an f16 value
			case memref.Float32:
				bits = uint64(math.Float32bits(float32(a.f[i])))
			default:
				bits = math.Float64bits(a.f[i])
			}
		case kSigned:
			bits = uint64(a.s[i])
		case kUnsigned:
			bits = a.u[i]
		case kBool:
			if a.b[i] {
				bits = 1
			}
		}
		var buf [8]byte
		binary.LittleEndian.PutUint64(buf[:], bits)
		copy(b, buf[:es])
	}
	return t
}

func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
