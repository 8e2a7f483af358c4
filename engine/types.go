package engine

import (
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/internal/mlir"
)

// The compiler's types that the engine's API hands out, re-exported so
// that a program names them through engine (it cannot import the
// packages under internal/). They are aliases: the values are the
// compiler's own, so errors.As and type switches see one type whichever
// name is used. Their fields are for reading; what they print is the
// kernel text's syntax.

// TensorType is a kernel's tensor type as written: its element type, and
// its dims (Dynamic for a ?) unless it is unranked.
type TensorType = mlir.TensorType

// Dynamic is the value of a TensorType's dim written ?.
const Dynamic = mlir.Dynamic

// DenseAttr is a constant of the kernel text: its type and its value.
type DenseAttr = mlir.DenseAttr

// ParseLimits bound the kernel text (WithParseLimits): its bytes, its
// operations, its nesting, and the elements of one dense literal. A zero
// field takes DefaultParseLimits' value.
type ParseLimits = mlir.ParseLimits

// DefaultParseLimits returns the limits a compile uses unless
// WithParseLimits says otherwise.
func DefaultParseLimits() ParseLimits { return mlir.DefaultParseLimits() }

// Module is a parsed kernel module, Func one of its functions (the
// kernel's graph: arguments, ops, results, with their positions): for
// tools that show a kernel (JitExecutable.Module, Func).
type (
	Module = mlir.Module
	Func   = mlir.Func
)

// Kernel is one compiled form of a kernel: the checked graph, the shape
// program the host runs and the loop IR the Wasm is generated from, with
// every stage's text when compiled WithStages (Executable.Kernel).
type Kernel = lower.Kernel

// Constraint is what a run must tell about an operand before its kernel
// can be compiled for it (jitrt's operand constraints: the jitrt.constraint
// argument attribute, or what the kernel's ops imply).
type Constraint = lower.Constraint

// The constraints, weakest first.
const (
	ConstraintResolved Constraint = lower.Resolved        // nothing to learn at run time
	ConstraintRank     Constraint = lower.ConstraintRank  // the rank (the operand is unranked)
	ConstraintShape    Constraint = lower.ConstraintShape // the exact shape
	ConstraintValue    Constraint = lower.ConstraintValue // the contents (integer rank-0/1 operands only)
)

// SymbolicShapes are the operands' shapes as a specialization sees them
// (SpecializationListener): per operand, each dim's size when the
// specialization knows it (≥ 0), or a symbol (≤ -2) shared by dims of
// equal run-time size.
type SymbolicShapes = lower.SymbolicShapes
