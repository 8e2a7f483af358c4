// Package nd is the reference evaluator's row-major index arithmetic:
// shapes, strides, broadcasting and coordinate walks, and the index plans
// of the ops whose layout rules are small programs of their own —
// StridedSlice (TensorFlow's ValidateStridedSliceOp), Einsum's equation,
// Reshape's -1, the bands of MatrixDiag and MatrixDiagPart, and the
// sliding windows of convolutions and pooling (GetWindowedOutputSize).
//
// It knows shapes and flat indices only: no element values, element types
// or kernel graph. Package refeval reads an op's operands and attributes,
// asks nd which operand elements each result element reads, and does the
// arithmetic on the values itself, so each layout rule can be read (and
// is tested through refeval's op tests) apart from the value loops. Errors
// carry TensorFlow's messages as plain errors; refeval attaches the op and
// its position. Like refeval it shares no code with the compiler's shape
// library (internal/shape): the oracle is an independent implementation.
package nd
