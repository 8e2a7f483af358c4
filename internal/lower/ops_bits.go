package lower

import (
	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// Bit ops on integers. The shifts follow XLA, which TF's JIT lowers them
// to: the amount is read as unsigned, and one of at least the width shifts
// every bit out (TF's CPU kernels clamp it to [0, width-1] instead).

func bitOps() []*opDef {
	return elementwise(
		&opDef{name: "tf.LeftShift", arity: 2, types: setInt, emit: bin(loopir.OpShl), doc: "x << y; y outside [0, width): 0 (XLA)"},
		&opDef{name: "tf.RightShift", arity: 2, types: setInt, emit: bin(loopir.OpShr), doc: "x >> y, arithmetic for signed; y outside [0, width): 0 or -1 (XLA)"},
		&opDef{name: "tf.PopulationCount", arity: 1, types: setInt, emit: emitPopcnt, elem: popcntElem, doc: "the number of one bits of x in its own width, as ui8"},
	)
}

func emitPopcnt(e *emitter, a []int) int {
	c := e.n.Add(&loopir.Instr{Op: loopir.OpPopcnt, Type: e.dt, Args: []int{a[0]}})
	if e.dt == memref.Uint8 {
		return c
	}
	return e.n.Add(&loopir.Instr{Op: loopir.OpCast, Type: memref.Uint8, Args: []int{c}})
}

func popcntElem(*mlir.Op, *opFacts, []mlir.TensorType) memref.DType { return memref.Uint8 }
