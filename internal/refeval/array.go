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
