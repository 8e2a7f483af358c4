package engine

import (
	"fmt"
	"slices"
	"unsafe"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/memref"
)

// checkDst checks RunInto's result tensors against the results these
// inputs give (plan pl) and records in owned the output buffers the kernel
// can write in place: those whose dst tensor lives in the arena (the first
// result of a buffer returned twice; the other is copied).
func (x *Executable) checkDst(pl *shapePlan, inputs, dst []*memref.Tensor, alloc *memref.Arena, owned []*memref.Tensor) error {
	k, p := x.kernel, x.kernel.Program
	if len(dst) != len(k.Results) {
		return fmt.Errorf("%w: RunInto: %d result tensors for %d results", ErrArgument, len(dst), len(k.Results))
	}
	for i, rs := range k.Results {
		var dt memref.DType
		switch {
		case rs.Arg >= 0:
			dt = inputs[rs.Arg].DType
		case rs.Const != nil:
			dt = rs.Const.DType
		default:
			dt = p.Buffers[rs.Buf].DType
		}
		if err := checkResultTensor(i, dst[i], dt, pl.results[i]); err != nil {
			return err
		}
	}
	if err := checkDisjoint(dst, inputs); err != nil {
		return err
	}
	for i, rs := range k.Results {
		if rs.Arg >= 0 || rs.Const != nil || p.Buffers[rs.Buf].Kind != loopir.Output || owned[rs.Buf] != nil {
			continue
		}
		if _, ok := dst[i].ArenaOffset(alloc); ok {
			owned[rs.Buf] = dst[i]
		}
	}
	return nil
}

// checkResultTensor checks that d can hold result #i, of type dt and shape
// shape: the same type and shape, valid and contiguous.
func checkResultTensor(i int, d *memref.Tensor, dt memref.DType, shape []int) error {
	switch {
	case d == nil:
		return fmt.Errorf("%w: RunInto: result tensor #%d is nil, want %s", ErrArgument, i, memref.TypeString(dt, shape))
	case d.DType != dt || !slices.Equal(d.Shape, shape):
		return fmt.Errorf("%w: RunInto: result tensor #%d is %s, want %s", ErrArgument, i, d.Type(), memref.TypeString(dt, shape))
	case !d.IsContiguous():
		return fmt.Errorf("%w: RunInto: result tensor #%d (%s) is a strided view; it must be contiguous", ErrArgument, i, d.Type())
	}
	if err := d.Validate(); err != nil {
		return fmt.Errorf("%w: RunInto: result tensor #%d: %v", ErrArgument, i, err)
	}
	return nil
}

// checkDisjoint reports result tensors that share memory with an input or
// with each other (the kernel would read what it writes, or two results
// land in one place).
func checkDisjoint(dst, inputs []*memref.Tensor) error {
	for i, d := range dst {
		n, _ := memref.ByteSize(d.DType, d.Shape)
		for j, in := range inputs {
			if in != nil && overlaps(d.Data[:n], in.Data) {
				return fmt.Errorf("%w: RunInto: result tensor #%d shares memory with input #%d", ErrArgument, i, j)
			}
		}
		for j, e := range dst[:i] {
			m, _ := memref.ByteSize(e.DType, e.Shape)
			if overlaps(d.Data[:n], e.Data[:m]) {
				return fmt.Errorf("%w: RunInto: result tensors #%d and #%d share memory", ErrArgument, j, i)
			}
		}
	}
	return nil
}

// overlaps reports whether two byte slices share memory.
func overlaps(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	a0, b0 := uintptr(unsafe.Pointer(unsafe.SliceData(a))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return a0 < b0+uintptr(len(b)) && b0 < a0+uintptr(len(a))
}

// copyResults copies a run's results into RunInto's dst tensors (kernels
// with control flow, whose host-run parts make their results as Run does).
func copyResults(dst, outs, inputs []*memref.Tensor) error {
	if len(dst) != len(outs) {
		return fmt.Errorf("%w: RunInto: %d result tensors for %d results", ErrArgument, len(dst), len(outs))
	}
	for i, o := range outs {
		if err := checkResultTensor(i, dst[i], o.DType, o.Shape); err != nil {
			return err
		}
	}
	if err := checkDisjoint(dst, inputs); err != nil {
		return err
	}
	for i, o := range outs {
		n, _ := memref.ByteSize(o.DType, o.Shape)
		copy(dst[i].Data[:n], o.Contiguous().Data[:n])
	}
	return nil
}
