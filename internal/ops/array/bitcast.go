package array

import (
	"fmt"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/internal/opkit"
	"github.com/sandjit/sandjit/memref"
)

// The same bytes as another element type (core/kernels/bitcast_op.cc), in
// the little-endian order of Wasm memory, as TF has it on x86 and ARM: an
// element of equal size is reinterpreted; a wider input element becomes
// ratio narrower ones along a new last axis, least significant first; a
// narrower input's last axis, which must be the ratio, is joined into one
// wider element. bool is not allowed (TF's kernel refuses it too).

func bitcastOps() []*opkit.Def {
	return []*opkit.Def{
		{Name: "tf.Bitcast", Arity: 1, Types: bitcastTypes, Tier: 2, Check: checkBitcast, Dims: dimsBitcast, Elem: elemBitcast, Lower: lowerBitcast,
			Notes: "the result type (type attribute) names the target; a size change adds or removes the last dim; little-endian", Doc: "x's bytes read as another element type"},
	}
}

// bitcastTypes are the element types a bitcast reads and writes: not bool,
// and not f16 (its values are converted when loaded).
const bitcastTypes = opkit.Int | 1<<memref.Float32 | 1<<memref.Float64

// bitcast is a bitcast's facts: the target element type.
type bitcast struct{ to memref.DType }

func checkBitcast(_ opkit.Checker, op *mlir.Op, in []mlir.TensorType) (opkit.Facts, string) {
	to := op.Results[0].Type.Elem
	if a, ok := op.Attr("type").(mlir.TypeAttr); ok && a.Elem.Valid() {
		if a.Elem != to {
			return nil, fmt.Sprintf("attribute type is %s, but the result is %s", a.Elem, op.Results[0].Type)
		}
	}
	if !bitcastTypes.Has(to) {
		return nil, fmt.Sprintf("cannot bitcast %s to %s", in[0].Elem, to)
	}
	return bitcast{to}, ""
}

func elemBitcast(_ *mlir.Op, f opkit.Facts, _ []mlir.TensorType) memref.DType { return f.(bitcast).to }

// ratio is the element size ratio of from and to, the larger over the
// smaller.
func ratio(from, to memref.DType) int {
	return max(from.Size(), to.Size()) / min(from.Size(), to.Size())
}

func dimsBitcast(op *mlir.Op, f opkit.Facts, in [][]int, _ [][]int64) ([]int, string) {
	from, to := mlirElem(op), f.(bitcast).to
	x := in[0]
	switch r := ratio(from, to); {
	case from.Size() > to.Size():
		return append(append([]int(nil), x...), r), ""
	case from.Size() < to.Size():
		if len(x) == 0 || (x[len(x)-1] != mlir.Dynamic && x[len(x)-1] != r) {
			return nil, fmt.Sprintf("Cannot bitcast from %s to %s: shape %v does not end in %d", from, to, x, r)
		}
		return append([]int(nil), x[:len(x)-1]...), ""
	}
	return x, ""
}

// mlirElem is the element type of the bitcast's operand.
func mlirElem(op *mlir.Op) memref.DType { return op.Operands[0].Type.Elem }

// uintOf is the unsigned type of dt's width.
func uintOf(dt memref.DType) memref.DType {
	return map[int]memref.DType{1: memref.Uint8, 2: memref.Uint16, 4: memref.Uint32, 8: memref.Uint64}[dt.Size()]
}

// lowerBitcast is one nest over the input. Equal sizes: one bitcast. A
// wider input: its bits as an unsigned integer, shifted right by each
// part's bit offset and truncated, stored at each index of the result's
// last axis. A narrower input: each element of its last axis widened,
// shifted to its bit offset and or-ed into one value.
func lowerBitcast(b opkit.Builder, op *mlir.Op, fa opkit.Facts, res *mlir.Value) {
	to := fa.(bitcast).to
	x := op.Operands[0]
	from := b.Type(x).Elem
	out := b.ResultBuffer(res)
	cast := func(n *loopir.Nest, op loopir.Op, dt memref.DType, v int) int {
		return n.Add(&loopir.Instr{Op: op, Type: dt, Args: []int{v}})
	}
	switch r := ratio(from, to); {
	case from.Size() == to.Size():
		n := b.NewNest(op, res, nil)
		rank := len(b.Type(res).Dims)
		v := b.Load(n, x, opkit.Identity(rank))
		if from != to {
			v = cast(n, loopir.OpBitcast, to, v)
		}
		b.Store(n, out, to, opkit.Identity(rank), v)
	case from.Size() > to.Size():
		n := b.NewNest(op, x, nil)
		rank := len(b.Type(x).Dims)
		wide, narrow := uintOf(from), uintOf(to)
		v := b.Load(n, x, opkit.Identity(rank))
		if from != wide {
			v = cast(n, loopir.OpBitcast, wide, v)
		}
		for j := range r {
			part := v
			if j > 0 {
				part = n.Binary(loopir.OpShr, wide, v, n.ConstBits(wide, uint64(j*8*to.Size())))
			}
			part = cast(n, loopir.OpCast, narrow, part)
			if to != narrow {
				part = cast(n, loopir.OpBitcast, to, part)
			}
			idx := append(opkit.Identity(rank), loopir.Index{Loop: -1, Off: j})
			b.Store(n, out, to, idx, part)
		}
	default:
		n := b.NewNest(op, res, nil)
		rank := len(b.Type(res).Dims)
		wide, narrow := uintOf(to), uintOf(from)
		acc := -1
		for j := range r {
			idx := append(opkit.Identity(rank), loopir.Index{Loop: -1, Off: j})
			v := b.Load(n, x, idx)
			if from != narrow {
				v = cast(n, loopir.OpBitcast, narrow, v)
			}
			v = cast(n, loopir.OpCast, wide, v)
			if j > 0 {
				v = n.Binary(loopir.OpShl, wide, v, n.ConstBits(wide, uint64(j*8*from.Size())))
				v = n.Binary(loopir.OpOr, wide, acc, v)
			}
			acc = v
		}
		if to != wide {
			acc = cast(n, loopir.OpBitcast, to, acc)
		}
		b.Store(n, out, to, opkit.Identity(rank), acc)
	}
}
