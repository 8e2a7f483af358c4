package opkit

import (
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// HostDef defines an op the host computes between two kernels, for an op
// whose results' sizes depend on its operand's data (a run in two phases,
// RATIONALE "Where: a run in two phases"): the function is split at the
// op (package flow), the kernel before it runs, the host computes the op
// from the values it holds, and the kernel after it runs on its results.
type HostDef struct {
	Name  string // with its dialect: "tf.…"
	Doc   string // what it computes, one line (the README's op table)
	Notes string // semantics worth knowing (the support matrix)
	Needs string // as Def.Needs
	Tier  int
	Types Types // element types of operand 0

	// Check checks the op when compiling: its operand and result counts,
	// their declared types, its attributes and any operand it needs known
	// (a constant's value is op.Operands[i].Def's). It returns a message
	// for the first problem (the compiler adds the position), or "".
	Check func(op *mlir.Op) string
	// Run computes the op's results from its operands' values (tensors of
	// the declared element types, any layout). Its results' sizes are
	// bounded by its operands'. It returns a message for a run-time
	// problem (the caller adds the position), or "".
	Run func(op *mlir.Op, in []*memref.Tensor) ([]*memref.Tensor, string)
}
