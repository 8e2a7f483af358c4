package memref

import (
	"encoding/binary"
	"fmt"
	"math"
)

// The descriptor ABI is the byte layout through which the host (Go) passes
// a kernel its scalar parameters and memrefs, and the generated Wasm reads
// them. A call passes one pointer, to an argument block:
//
//	arg block:
//	  +0  version (ABIVersion)                  ArgVersionOffset
//	  +4  number of params                      ArgNumParamsOffset
//	  +8  number of memrefs                     ArgNumMemrefsOffset
//	  +12 fault word                            ArgFaultOffset
//	  +16 params[numParams] u32                 ArgParamsOffset
//	  then one descriptor per memref, back to back (all 4-byte aligned):
//	    +0          data: byte address of element 0 in linear memory  DescDataOffset
//	    +4          rank                                              DescRankOffset
//	    +8          sizes[rank] u32                                   DescSizesOffset
//	    +8+4*rank   strides[rank] u32, in elements
//
// Every field is a little-endian u32 (wasm32). The kernel writes the fault
// word only when it returns a nonzero status: for StatusIndexOutOfRange and
// StatusInvalidArgument it holds the fault code of the op that faulted. Everything else is read-only to
// the kernel. The version is checked by the kernel's prologue, which
// returns StatusBadABI on a mismatch. Any change to this layout bumps
// ABIVersion; TestABIGolden pins it byte for byte.

// ABIVersion is the version of the descriptor ABI this package writes.
const ABIVersion = 1

// Offsets, in bytes, of the argument block's header fields and of a
// memref descriptor's fields from the start of the descriptor.
const (
	ArgVersionOffset    = 0  // u32: ABIVersion
	ArgNumParamsOffset  = 4  // u32: number of scalar params
	ArgNumMemrefsOffset = 8  // u32: number of memref descriptors
	ArgFaultOffset      = 12 // u32: written by the kernel on a nonzero status
	ArgParamsOffset     = 16 // u32 params[numParams], then the descriptors

	DescDataOffset  = 0 // u32: byte address of element 0
	DescRankOffset  = 4 // u32: rank
	DescSizesOffset = 8 // u32 sizes[rank], then u32 strides[rank]

	// ArgBlockAlign is what Size rounds the block up to.
	ArgBlockAlign = 16
)

// Bounds on an argument block, so that its size always fits a u32 and a
// hostile count cannot make NewArgLayout allocate much.
const (
	MaxABIParams  = 1 << 16
	MaxABIMemrefs = 1 << 16
)

// DescSize is the size in bytes of the descriptor of a memref of the given
// rank.
func DescSize(rank int) int { return DescSizesOffset + 8*rank }

// Status is the i32 every kernel export returns.
type Status int32

// Kernel status codes.
const (
	// StatusOK: the kernel ran to completion.
	StatusOK Status = 0
	// StatusBadABI: the argument block's version or layout (counts, ranks)
	// is not the one the kernel was compiled for; nothing ran.
	StatusBadABI Status = 1
	// StatusIndexOutOfRange: an op (a Gather, say) met an index outside its
	// operand; the fault word holds that op's index in the kernel.
	StatusIndexOutOfRange Status = 2
	// StatusInvalidArgument: a value is invalid for the op that reads it
	// (a numerics check met a NaN or Inf); the fault word holds the op's
	// fault code.
	StatusInvalidArgument Status = 3
)

// String describes the status in a few words.
func (s Status) String() string {
	switch s {
	case StatusOK:
		return "ok"
	case StatusBadABI:
		return "bad ABI (argument block version or layout mismatch)"
	case StatusIndexOutOfRange:
		return "index out of range"
	case StatusInvalidArgument:
		return "invalid argument"
	}
	return fmt.Sprintf("unknown status %d", int32(s))
}

// StatusString describes the status code an export returned.
func StatusString(code int32) string { return Status(code).String() }

// ArgLayout is the layout of one argument block: how many params and the
// rank of every memref, with every field's offset computed once. It is
// immutable and safe for concurrent use.
type ArgLayout struct {
	numParams int
	ranks     []int
	descOffs  []int // offset of each memref's descriptor
	size      int   // bytes, rounded up to ArgBlockAlign
}

// NewArgLayout computes the layout of an argument block with numParams u32
// params and one memref of each rank in ranks.
func NewArgLayout(numParams int, ranks []int) (*ArgLayout, error) {
	if numParams < 0 || numParams > MaxABIParams {
		return nil, fmt.Errorf("%w: %d params, want 0..%d", ErrABI, numParams, MaxABIParams)
	}
	if len(ranks) > MaxABIMemrefs {
		return nil, fmt.Errorf("%w: %d memrefs, want at most %d", ErrABI, len(ranks), MaxABIMemrefs)
	}
	l := &ArgLayout{
		numParams: numParams,
		ranks:     append([]int(nil), ranks...),
		descOffs:  make([]int, len(ranks)),
	}
	off := ArgParamsOffset + 4*numParams
	for m, r := range ranks {
		if r < 0 || r > MaxRank {
			return nil, fmt.Errorf("%w: memref %d has rank %d, want 0..%d", ErrABI, m, r, MaxRank)
		}
		l.descOffs[m] = off
		off += DescSize(r)
	}
	l.size = (off + ArgBlockAlign - 1) &^ (ArgBlockAlign - 1)
	return l, nil
}

// NumParams is the number of u32 params.
func (l *ArgLayout) NumParams() int { return l.numParams }

// NumMemrefs is the number of memref descriptors.
func (l *ArgLayout) NumMemrefs() int { return len(l.ranks) }

// Rank is the rank of memref m.
func (l *ArgLayout) Rank(m int) int { return l.ranks[l.checkMemref(m)] }

// Size is the size of the block in bytes, rounded up to ArgBlockAlign.
func (l *ArgLayout) Size() int { return l.size }

// ParamOffset is the offset of param i. It panics if i is out of range.
func (l *ArgLayout) ParamOffset(i int) int {
	if i < 0 || i >= l.numParams {
		panic(fmt.Sprintf("BUG: memref: param %d out of range [0,%d)", i, l.numParams))
	}
	return ArgParamsOffset + 4*i
}

// DescOffset is the offset of memref m's descriptor. It panics if m is out
// of range.
func (l *ArgLayout) DescOffset(m int) int { return l.descOffs[l.checkMemref(m)] }

// DataOffset is the offset of memref m's data field.
func (l *ArgLayout) DataOffset(m int) int { return l.DescOffset(m) + DescDataOffset }

// RankOffset is the offset of memref m's rank field.
func (l *ArgLayout) RankOffset(m int) int { return l.DescOffset(m) + DescRankOffset }

// SizeOffset is the offset of the size of dim d of memref m. It panics if
// m or d is out of range.
func (l *ArgLayout) SizeOffset(m, d int) int {
	return l.DescOffset(m) + DescSizesOffset + 4*l.checkDim(m, d)
}

// StrideOffset is the offset of the stride of dim d of memref m. It panics
// if m or d is out of range.
func (l *ArgLayout) StrideOffset(m, d int) int {
	return l.DescOffset(m) + DescSizesOffset + 4*l.ranks[m] + 4*l.checkDim(m, d)
}

func (l *ArgLayout) checkMemref(m int) int {
	if m < 0 || m >= len(l.ranks) {
		panic(fmt.Sprintf("BUG: memref: memref %d out of range [0,%d)", m, len(l.ranks)))
	}
	return m
}

func (l *ArgLayout) checkDim(m, d int) int {
	if r := l.ranks[l.checkMemref(m)]; d < 0 || d >= r {
		panic(fmt.Sprintf("BUG: memref: dim %d of memref %d out of range [0,%d)", d, m, r))
	}
	return d
}

func (l *ArgLayout) checkBlock(block []byte) {
	if len(block) < l.size {
		panic(fmt.Sprintf("BUG: memref: argument block of %d bytes, layout needs %d", len(block), l.size))
	}
}

// WriteHeader writes the block's header: version, counts, and a zero fault
// word. It panics if block is shorter than Size.
func (l *ArgLayout) WriteHeader(block []byte) {
	l.checkBlock(block)
	binary.LittleEndian.PutUint32(block[ArgVersionOffset:], ABIVersion)
	binary.LittleEndian.PutUint32(block[ArgNumParamsOffset:], uint32(l.numParams))
	binary.LittleEndian.PutUint32(block[ArgNumMemrefsOffset:], uint32(len(l.ranks)))
	binary.LittleEndian.PutUint32(block[ArgFaultOffset:], 0)
}

// WriteDataOffset rewrites the data address of memref m's descriptor
// (the rest of it unchanged). It panics if m is out of range or block is
// shorter than Size.
func (l *ArgLayout) WriteDataOffset(block []byte, m int, dataOff uint32) {
	l.checkBlock(block)
	binary.LittleEndian.PutUint32(block[l.DataOffset(m):], dataOff)
}

// WriteParam writes param i. It panics if i is out of range or block is
// shorter than Size.
func (l *ArgLayout) WriteParam(block []byte, i int, v uint32) {
	l.checkBlock(block)
	binary.LittleEndian.PutUint32(block[l.ParamOffset(i):], v)
}

// WriteMemref writes memref m's descriptor: the byte address of its element
// 0, its sizes and its strides in elements (nil strides: row-major). It
// checks that the rank matches the layout and that every value fits a u32;
// broadcast dims have stride 0.
func (l *ArgLayout) WriteMemref(block []byte, m int, dataOff uint32, sizes, strides []int) error {
	if m < 0 || m >= len(l.ranks) {
		return fmt.Errorf("%w: memref %d out of range [0,%d)", ErrABI, m, len(l.ranks))
	}
	if len(block) < l.size {
		return fmt.Errorf("%w: argument block of %d bytes, layout needs %d", ErrABI, len(block), l.size)
	}
	rank := l.ranks[m]
	if len(sizes) != rank {
		return fmt.Errorf("%w: memref %d: %d sizes for rank %d", ErrABI, m, len(sizes), rank)
	}
	if strides == nil {
		// Row-major strides, saturating just above u32 so that the check
		// below reports an overflow instead of a wrapped value.
		strides = make([]int, rank)
		acc := uint64(1)
		for d := rank - 1; d >= 0; d-- {
			strides[d] = int(min(acc, math.MaxUint32+1))
			if sizes[d] >= 0 && acc <= math.MaxUint32 {
				acc *= uint64(min(sizes[d], math.MaxUint32+1))
			}
		}
	}
	if len(strides) != rank {
		return fmt.Errorf("%w: memref %d: %d strides for rank %d", ErrABI, m, len(strides), rank)
	}
	for d := 0; d < rank; d++ {
		if sizes[d] < 0 || sizes[d] > math.MaxUint32 {
			return fmt.Errorf("%w: memref %d: size %d of dim %d does not fit a u32", ErrABI, m, sizes[d], d)
		}
	}
	for d := 0; d < rank; d++ {
		if strides[d] < 0 || strides[d] > math.MaxUint32 {
			return fmt.Errorf("%w: memref %d: stride %d of dim %d does not fit a u32", ErrABI, m, strides[d], d)
		}
	}
	off := l.descOffs[m]
	binary.LittleEndian.PutUint32(block[off+DescDataOffset:], dataOff)
	binary.LittleEndian.PutUint32(block[off+DescRankOffset:], uint32(rank))
	for d := 0; d < rank; d++ {
		binary.LittleEndian.PutUint32(block[off+DescSizesOffset+4*d:], uint32(sizes[d]))
		binary.LittleEndian.PutUint32(block[off+DescSizesOffset+4*rank+4*d:], uint32(strides[d]))
	}
	return nil
}

// CheckHeader verifies that block's header is the one WriteHeader writes
// for this layout (the fault word aside), as a kernel's prologue does.
func (l *ArgLayout) CheckHeader(block []byte) error {
	if len(block) < l.size {
		return fmt.Errorf("%w: argument block of %d bytes, layout needs %d", ErrABI, len(block), l.size)
	}
	for _, f := range []struct {
		name string
		off  int
		want uint32
	}{
		{"version", ArgVersionOffset, ABIVersion},
		{"number of params", ArgNumParamsOffset, uint32(l.numParams)},
		{"number of memrefs", ArgNumMemrefsOffset, uint32(len(l.ranks))},
	} {
		if got := binary.LittleEndian.Uint32(block[f.off:]); got != f.want {
			return fmt.Errorf("%w: %s is %d, want %d", ErrABI, f.name, got, f.want)
		}
	}
	return nil
}

// ReadFault returns the fault word a kernel wrote with a nonzero status.
func (l *ArgLayout) ReadFault(block []byte) uint32 {
	l.checkBlock(block)
	return binary.LittleEndian.Uint32(block[ArgFaultOffset:])
}

// ReadParam returns param i. It panics if i is out of range or block is
// shorter than Size.
func (l *ArgLayout) ReadParam(block []byte, i int) uint32 {
	l.checkBlock(block)
	return binary.LittleEndian.Uint32(block[l.ParamOffset(i):])
}

// ReadMemref decodes memref m's descriptor, for tests and debugging. It
// checks the rank field against the layout.
func (l *ArgLayout) ReadMemref(block []byte, m int) (dataOff uint32, sizes, strides []int, err error) {
	if m < 0 || m >= len(l.ranks) {
		return 0, nil, nil, fmt.Errorf("%w: memref %d out of range [0,%d)", ErrABI, m, len(l.ranks))
	}
	if len(block) < l.size {
		return 0, nil, nil, fmt.Errorf("%w: argument block of %d bytes, layout needs %d", ErrABI, len(block), l.size)
	}
	off, rank := l.descOffs[m], l.ranks[m]
	if got := binary.LittleEndian.Uint32(block[off+DescRankOffset:]); got != uint32(rank) {
		return 0, nil, nil, fmt.Errorf("%w: memref %d: rank field is %d, layout says %d", ErrABI, m, got, rank)
	}
	dataOff = binary.LittleEndian.Uint32(block[off+DescDataOffset:])
	sizes, strides = make([]int, rank), make([]int, rank)
	for d := 0; d < rank; d++ {
		sizes[d] = int(binary.LittleEndian.Uint32(block[off+DescSizesOffset+4*d:]))
		strides[d] = int(binary.LittleEndian.Uint32(block[off+DescSizesOffset+4*rank+4*d:]))
	}
	return dataOff, sizes, strides, nil
}
