package refeval

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"

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

// numElements is the product of shape; shapes reaching it have been checked
// by memref.NumElements.
func numElements(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// newArray allocates a zeroed array. Callers check the element limit first.
func newArray(dt memref.DType, shape []int) *array {
	a := &array{dt: dt, shape: append([]int{}, shape...)}
	n := numElements(shape)
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

func (a *array) len() int { return numElements(a.shape) }

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

// roundTo rounds x to the nearest value of float dtype dt (ties to even).
func roundTo(dt memref.DType, x float64) float64 {
	switch dt {
	case memref.Float32:
		return float64(float32(x))
	case memref.Float16:
		return roundF16(x)
	case memref.BFloat16:
		return roundBF16(x)
	}
	return x
}

// roundBF16 rounds a float64 to the nearest bfloat16 value (ties to even)
// in one step (memref.F64ToBF16 rounds to odd into f32 first).
func roundBF16(x float64) float64 {
	return float64(memref.BF16ToF32(memref.F64ToBF16(x)))
}

// roundC rounds each part of a complex to the part type of complex dtype
// dt (f32 for complex<f32>).
func roundC(dt memref.DType, z complex128) complex128 {
	if dt == memref.Complex64 {
		return complex(float64(float32(real(z))), float64(float32(imag(z))))
	}
	return z
}

// roundF16 rounds a float64 to the nearest binary16 value (ties to even) in
// one step: the spacing q of binary16 values around |x| is a power of two,
// so |x|/q is exact and math.RoundToEven does the rounding.
func roundF16(x float64) float64 {
	if x != x || math.IsInf(x, 0) || x == 0 {
		return x
	}
	a := math.Abs(x)
	q := 0x1p-24 // spacing of the subnormals, up to 2^-14
	if a >= 0x1p-14 {
		_, e := math.Frexp(a) // a in [2^(e-1), 2^e); 10 fraction bits
		q = math.Ldexp(1, e-11)
	}
	r := math.RoundToEven(a/q) * q
	if r > 65504 { // beyond the largest finite f16 (65520 and up round past it)
		r = math.Inf(1)
	}
	return math.Copysign(r, x)
}

// wrapS reduces v modulo 2^bits into the range of signed dtype dt.
func wrapS(dt memref.DType, v int64) int64 {
	switch dt {
	case memref.Int8:
		return int64(int8(v))
	case memref.Int16:
		return int64(int16(v))
	case memref.Int32:
		return int64(int32(v))
	}
	return v
}

// wrapU reduces v modulo 2^bits into the range of unsigned dtype dt.
func wrapU(dt memref.DType, v uint64) uint64 {
	switch dt {
	case memref.Uint8:
		return uint64(uint8(v))
	case memref.Uint16:
		return uint64(uint16(v))
	case memref.Uint32:
		return uint64(uint32(v))
	}
	return v
}

// minS and maxS are the range of signed dtype dt; maxU of unsigned dt.
func minS(dt memref.DType) int64  { return -1 << (dt.Bits() - 1) }
func maxS(dt memref.DType) int64  { return 1<<(dt.Bits()-1) - 1 }
func maxU(dt memref.DType) uint64 { return math.MaxUint64 >> (64 - dt.Bits()) }

// shapeString prints a shape the way TensorFlow's errors do: "[2,3]".
func shapeString(shape []int) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = strconv.Itoa(d)
	}
	return "[" + strings.Join(parts, ",") + "]"
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

// broadcastShape is numpy's broadcast of two shapes: aligned on the right,
// each pair of dims equal or one of them 1.
func broadcastShape(a, b []int) ([]int, bool) {
	n := max(len(a), len(b))
	out := make([]int, n)
	for i := 0; i < n; i++ {
		da, db := 1, 1
		if k := len(a) - n + i; k >= 0 {
			da = a[k]
		}
		if k := len(b) - n + i; k >= 0 {
			db = b[k]
		}
		switch {
		case da == db, db == 1:
			out[i] = da
		case da == 1:
			out[i] = db
		default:
			return nil, false
		}
	}
	return out, true
}

// forEachBroadcast visits every element of a tensor of shape out in
// row-major order and calls fn with its flat index and, for each input
// shape (which must broadcast to out), the flat index of the input element
// it reads.
func forEachBroadcast(out []int, ins [][]int, fn func(o int, in []int)) {
	strides := make([][]int, len(ins)) // per input, per out dim; 0 where broadcast
	for j, s := range ins {
		strides[j] = make([]int, len(out))
		acc := 1
		for k := len(s) - 1; k >= 0; k-- {
			if s[k] != 1 {
				strides[j][len(out)-len(s)+k] = acc
			}
			acc *= s[k]
		}
	}
	coord := make([]int, len(out))
	idx := make([]int, len(ins))
	n := numElements(out)
	for o := 0; o < n; o++ {
		for j := range ins {
			idx[j] = 0
			for k, c := range coord {
				idx[j] += c * strides[j][k]
			}
		}
		fn(o, idx)
		for k := len(coord) - 1; k >= 0; k-- {
			coord[k]++
			if coord[k] < out[k] {
				break
			}
			coord[k] = 0
		}
	}
}
