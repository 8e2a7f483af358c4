package memref

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unsafe"
)

// MaxRank bounds the rank of every tensor sandjit accepts. TensorFlow itself
// allows up to 254; kernels seen in practice stay far below 16.
const MaxRank = 16

// MaxElements bounds the element count of one tensor: a wasm32 linear
// memory holds at most 4 GiB, so no tensor can be larger than that in bytes.
const MaxElements = 1 << 32

// Tensor is a dense n-dimensional array of one element type.
//
// Data holds the elements little-endian. Strides are in elements, outermost
// first; nil Strides means row-major contiguous, which is what every tensor
// sandjit itself creates has. A Tensor allocated from an Arena keeps its
// Data inside the arena's linear memory so that kernels read it in place.
type Tensor struct {
	DType   DType
	Shape   []int
	Strides []int
	Data    []byte

	arena  *Arena
	offset uint32
}

// NumElements returns the product of shape, checking each dim and the
// product against MaxElements.
func NumElements(shape []int) (int, error) {
	if len(shape) > MaxRank {
		return 0, fmt.Errorf("%w: rank %d exceeds the maximum of %d", ErrShape, len(shape), MaxRank)
	}
	n, zero, overflow := 1, false, false
	for i, d := range shape {
		switch {
		case d < 0:
			return 0, fmt.Errorf("%w: dim %d is negative (%d)", ErrShape, i, d)
		case d > MaxElements:
			return 0, fmt.Errorf("%w: dim %d is too large (%d)", ErrShape, i, d)
		case d == 0:
			zero = true
		case !overflow && mulFits(n, d):
			n *= d
		default:
			overflow = true
		}
	}
	if zero {
		return 0, nil
	}
	if overflow || n > MaxElements {
		return 0, fmt.Errorf("%w: %v has more than %d elements", ErrShape, shape, int64(MaxElements))
	}
	return n, nil
}

// mulFits reports whether n·d <= MaxElements for n, d in [0, MaxElements]
// (a multiply, where n <= MaxElements/d took a division).
func mulFits(n, d int) bool {
	hi, lo := bits.Mul64(uint64(n), uint64(d))
	return hi == 0 && lo <= MaxElements
}

// ByteSize returns the number of bytes a contiguous tensor of this dtype and
// shape occupies.
func ByteSize(dt DType, shape []int) (int, error) {
	n, err := NumElements(shape)
	if err != nil {
		return 0, err
	}
	if !dt.Valid() {
		return 0, fmt.Errorf("invalid dtype %v", dt)
	}
	if n*dt.Size() > MaxElements { // n <= MaxElements = 2**32 and Size <= 16: no overflow
		return 0, fmt.Errorf("%w: %v of %v is larger than 4 GiB", ErrShape, shape, dt)
	}
	return n * dt.Size(), nil
}

// RowMajorStrides returns the contiguous strides (in elements) of shape.
func RowMajorStrides(shape []int) []int {
	s := make([]int, len(shape))
	acc := 1
	for i := len(shape) - 1; i >= 0; i-- {
		s[i] = acc
		acc *= shape[i]
	}
	return s
}

// New allocates a zeroed, contiguous tensor on the Go heap.
func New(dt DType, shape []int) (*Tensor, error) {
	n, err := ByteSize(dt, shape)
	if err != nil {
		return nil, err
	}
	t := newHeader(shape)
	t.DType, t.Data = dt, make([]byte, n)
	return t, nil
}

// NewCopy allocates a contiguous tensor on the Go heap holding a copy of
// data, which must be exactly the byte size of dt and shape. Unlike New
// followed by copy, the memory is not zeroed first (one pass over it, not
// two: about twice as fast for a large result).
func NewCopy(dt DType, shape []int, data []byte) (*Tensor, error) {
	n, err := ByteSize(dt, shape)
	if err != nil {
		return nil, err
	}
	if len(data) != n {
		return nil, fmt.Errorf("%w: %d bytes for %s", ErrShape, len(data), TypeString(dt, shape))
	}
	t := newHeader(shape)
	// append to an empty slice allocates without clearing what it will
	// overwrite (as bytes.Clone does), and keeps a zero-size tensor's
	// Data non-nil.
	t.DType, t.Data = dt, append([]byte{}, data...)
	return t, nil
}

// newHeader returns a new tensor header holding a copy of shape: one
// allocation for both up to rank 4.
func newHeader(shape []int) *Tensor {
	if len(shape) > len(tensorWithShape{}.shape) {
		return &Tensor{Shape: append([]int{}, shape...)}
	}
	return new(tensorWithShape).init(shape)
}

// init sets ts's tensor's shape to a copy of shape (of rank up to 4) in
// ts's own room, and returns that tensor.
func (ts *tensorWithShape) init(shape []int) *Tensor {
	ts.t.Shape = ts.shape[:len(shape):len(shape)]
	copy(ts.t.Shape, shape)
	return &ts.t
}

// tensorWithShape is a tensor header with room for its shape.
type tensorWithShape struct {
	t     Tensor
	shape [4]int
}

// Rank is len(t.Shape).
func (t *Tensor) Rank() int { return len(t.Shape) }

// Len is the number of elements.
func (t *Tensor) Len() int {
	n, _ := NumElements(t.Shape)
	return n
}

// Type returns the tensor's MLIR type, e.g. "tensor<2x3xf32>".
func (t *Tensor) Type() string { return TypeString(t.DType, t.Shape) }

// IsContiguous reports whether the elements are row-major and dense.
func (t *Tensor) IsContiguous() bool {
	if t.Strides == nil {
		return true
	}
	if len(t.Strides) != len(t.Shape) {
		return false
	}
	want := RowMajorStrides(t.Shape)
	for i := range want {
		if t.Shape[i] != 1 && t.Strides[i] != want[i] {
			return false
		}
	}
	return true
}

// Validate checks that the tensor is well formed: a valid dtype, a valid
// shape, strides (if any) of the same rank, and Data large enough for every
// element the shape and strides address.
func (t *Tensor) Validate() error {
	if t == nil {
		return errors.New("nil tensor")
	}
	if !t.DType.Valid() {
		return fmt.Errorf("invalid dtype %v", t.DType)
	}
	n, err := NumElements(t.Shape)
	if err != nil {
		return err
	}
	if t.Strides == nil {
		if need := n * t.DType.Size(); len(t.Data) < need {
			return fmt.Errorf("%s: data holds %d bytes, need %d", t.Type(), len(t.Data), need)
		}
		return nil
	}
	if len(t.Strides) != len(t.Shape) {
		return fmt.Errorf("%s: %d strides for rank %d", t.Type(), len(t.Strides), len(t.Shape))
	}
	if n == 0 {
		return nil
	}
	last := 0
	for i, d := range t.Shape {
		s := t.Strides[i]
		if s < 0 {
			return fmt.Errorf("%s: negative stride %d in dim %d", t.Type(), s, i)
		}
		if s > MaxElements || (d-1) > 0 && s > (MaxElements-last)/(d-1) {
			return fmt.Errorf("%s: stride %d in dim %d addresses beyond 4 GiB", t.Type(), s, i)
		}
		last += (d - 1) * s
	}
	if need := (last + 1) * t.DType.Size(); len(t.Data) < need {
		return fmt.Errorf("%s: data holds %d bytes, strides address %d", t.Type(), len(t.Data), need)
	}
	return nil
}

// Contiguous returns t itself when it is contiguous, or a contiguous copy on
// the Go heap. t must be valid (see Validate); callers holding untrusted
// tensors validate first.
func (t *Tensor) Contiguous() *Tensor {
	if t.IsContiguous() {
		return t
	}
	out, _ := New(t.DType, t.Shape)
	es := t.DType.Size()
	dst := out.Data
	t.forEachElement(func(off int) {
		copy(dst[:es], t.Data[off*es:(off+1)*es])
		dst = dst[es:]
	})
	return out
}

// TypeString formats an MLIR ranked tensor type.
func TypeString(dt DType, shape []int) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		b.WriteString(strconv.Itoa(d))
		b.WriteByte('x')
	}
	b.WriteString(dt.String())
	b.WriteByte('>')
	return b.String()
}

// Element is the set of Go types that back a DType. Float16 and BFloat16
// tensors are read and written as uint16 bit patterns (see F16ToF32 and
// BF16ToF32).
type Element interface {
	~bool | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64 |
		~complex64 | ~complex128
}

// DTypeOf returns the DType a Go element type maps to (uint16 maps to
// Uint16: build f16 or bf16 tensors with NewCopy, or FromSlice and a change
// of DType).
func DTypeOf[T Element]() DType {
	var z T
	switch any(z).(type) {
	case bool:
		return Bool
	case int8:
		return Int8
	case int16:
		return Int16
	case int32:
		return Int32
	case int64:
		return Int64
	case uint8:
		return Uint8
	case uint16:
		return Uint16
	case uint32:
		return Uint32
	case uint64:
		return Uint64
	case float32:
		return Float32
	case float64:
		return Float64
	case complex64:
		return Complex64
	case complex128:
		return Complex128
	}
	return Invalid
}

// FromSlice builds a contiguous tensor that copies data. len(data) must
// equal the shape's element count.
func FromSlice[T Element](shape []int, data []T) (*Tensor, error) {
	dt := DTypeOf[T]()
	n, err := ByteSize(dt, shape)
	if err != nil {
		return nil, err
	}
	if len(data)*dt.Size() != n {
		return nil, fmt.Errorf("%w: %d values for %s", ErrShape, len(data), TypeString(dt, shape))
	}
	var b []byte
	if n > 0 {
		b = unsafe.Slice((*byte)(unsafe.Pointer(&data[0])), n)
	}
	return NewCopy(dt, shape, b)
}

// Scalar builds a rank-0 tensor.
func Scalar[T Element](v T) *Tensor {
	t, _ := FromSlice([]int{}, []T{v})
	return t
}

// Values returns the elements of a contiguous tensor as a new []T. T must
// match the tensor's dtype (uint16 for Float16 and BFloat16).
func Values[T Element](t *Tensor) ([]T, error) {
	dt := DTypeOf[T]()
	if dt != t.DType && !(dt == Uint16 && (t.DType == Float16 || t.DType == BFloat16)) {
		return nil, fmt.Errorf("tensor of %v read as %v", t.DType, dt)
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	c := t.Contiguous()
	n := c.Len()
	out := make([]T, n)
	if n > 0 {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&out[0])), n*dt.Size()), c.Data)
	}
	return out, nil
}

// Float64At returns element i (in row-major order of a contiguous tensor)
// converted to float64; booleans are 0 or 1; a complex element gives its
// real part (Complex128At gives both). It is meant for printing and
// comparing, not for speed.
func (t *Tensor) Float64At(i int) float64 {
	es := t.DType.Size()
	b := t.Data[i*es : (i+1)*es]
	switch t.DType {
	case Bool:
		if b[0] != 0 {
			return 1
		}
		return 0
	case Int8:
		return float64(int8(b[0]))
	case Int16:
		return float64(int16(le16(b)))
	case Int32:
		return float64(int32(le32(b)))
	case Int64:
		return float64(int64(le64(b)))
	case Uint8:
		return float64(b[0])
	case Uint16:
		return float64(le16(b))
	case Uint32:
		return float64(le32(b))
	case Uint64:
		return float64(le64(b))
	case Float16:
		return float64(F16ToF32(le16(b)))
	case Float32:
		return float64(math.Float32frombits(le32(b)))
	case Float64, Complex128:
		return math.Float64frombits(le64(b))
	case BFloat16:
		return float64(BF16ToF32(le16(b)))
	case Complex64:
		return float64(math.Float32frombits(le32(b)))
	}
	return math.NaN()
}

// Complex128At returns element i (in row-major order of a contiguous
// tensor) as a complex128: exact for Complex64, and for real types the
// value Float64At gives with a zero imaginary part.
func (t *Tensor) Complex128At(i int) complex128 {
	switch t.DType {
	case Complex64:
		b := t.Data[8*i : 8*i+8]
		return complex(float64(math.Float32frombits(le32(b))), float64(math.Float32frombits(le32(b[4:]))))
	case Complex128:
		b := t.Data[16*i : 16*i+16]
		return complex(math.Float64frombits(le64(b)), math.Float64frombits(le64(b[8:])))
	}
	return complex(t.Float64At(i), 0)
}

// Bits64At returns element i of a contiguous tensor as its raw bits,
// sign-extended for signed integers. Exact for every integer dtype; a
// complex element gives the bits of its real part.
func (t *Tensor) Bits64At(i int) uint64 {
	es := t.DType.Size()
	b := t.Data[i*es : (i+1)*es]
	switch t.DType {
	case Bool, Uint8:
		return uint64(b[0])
	case Int8:
		return uint64(int64(int8(b[0])))
	case Int16:
		return uint64(int64(int16(le16(b))))
	case Int32:
		return uint64(int64(int32(le32(b))))
	case Uint16, Float16, BFloat16:
		return uint64(le16(b))
	case Uint32, Float32, Complex64:
		return uint64(le32(b))
	}
	return le64(b)
}

func le16(b []byte) uint16 { return uint16(b[0]) | uint16(b[1])<<8 }
func le32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}
func le64(b []byte) uint64 { return uint64(le32(b)) | uint64(le32(b[4:]))<<32 }

// strides returns t's strides in elements, row-major ones when Strides is
// nil.
func (t *Tensor) strides() []int {
	if t.Strides != nil {
		return t.Strides
	}
	return RowMajorStrides(t.Shape)
}

// forEachElement calls fn with the element offset (into Data, in elements)
// of every element of a valid tensor, in row-major order.
func (t *Tensor) forEachElement(fn func(off int)) {
	n := t.Len()
	if n == 0 {
		return
	}
	strides := t.strides()
	idx := make([]int, len(t.Shape))
	off := 0
	for i := 0; i < n; i++ {
		fn(off)
		for k := len(idx) - 1; k >= 0; k-- {
			idx[k]++
			off += strides[k]
			if idx[k] < t.Shape[k] {
				break
			}
			off -= idx[k] * strides[k]
			idx[k] = 0
		}
	}
}

// Equal reports whether t and other have the same dtype, the same shape and
// bitwise identical elements (so NaN equals the same NaN, and 0 differs
// from -0). Strides may differ: elements are compared in logical order. Two
// nil tensors are equal; an invalid tensor equals nothing. It is meant for
// tests, not for speed.
func (t *Tensor) Equal(other *Tensor) bool {
	if t == nil || other == nil {
		return t == other
	}
	if t.DType != other.DType || len(t.Shape) != len(other.Shape) {
		return false
	}
	for i := range t.Shape {
		if t.Shape[i] != other.Shape[i] {
			return false
		}
	}
	if t.Validate() != nil || other.Validate() != nil {
		return false
	}
	a, b := t.Contiguous(), other.Contiguous()
	n := t.Len() * t.DType.Size()
	return string(a.Data[:n]) == string(b.Data[:n])
}

// Clone returns a deep, contiguous copy of t on the Go heap (never in an
// arena), with Data exactly as long as its elements need. A nil tensor
// clones to nil; an invalid one (see Validate) is an error.
func (t *Tensor) Clone() (*Tensor, error) {
	if t == nil {
		return nil, nil
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	n, err := ByteSize(t.DType, t.Shape)
	if err != nil {
		return nil, err
	}
	return NewCopy(t.DType, t.Shape, t.Contiguous().Data[:n])
}
