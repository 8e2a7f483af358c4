package refeval

import (
	"testing"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// TestOps14Errors checks the errors TensorFlow's kernels give for bad
// operands of the issue-14 ops.
func TestOps14Errors(t *testing.T) {
	f := tensor(t, []int{2, 3}, float32(1), 2, 3, 4, 5, 6)
	i32 := func(v int32) *memref.Tensor { return memref.Scalar(v) }
	for _, c := range []struct {
		name  string
		attrs mlir.DictAttr
		dt    memref.DType
		args  []*memref.Tensor
		want  string
	}{
		{"tf.GatherNd", nil, memref.Float32, []*memref.Tensor{f, tensor(t, []int{1, 2}, int32(1), 3)}, "indices[0] = [1,3] does not index into param shape [2,3]"},
		{"tf.GatherNd", nil, memref.Float32, []*memref.Tensor{f, tensor(t, []int{1, 2}, int32(-1), 0)}, "indices[0] = [-1,0] does not index into param shape"},
		{"tf.GatherNd", nil, memref.Float32, []*memref.Tensor{f, tensor(t, []int{1, 3}, int32(0), 0, 0)}, "index innermost dimension length must be <= param rank"},
		{"tf.ScatterNd", nil, memref.Float32, []*memref.Tensor{tensor(t, []int{1, 1}, int32(4)), tensor(t, []int{1}, float32(1)), vec(t, int32(4))}, "indices[0] = [4] does not index into output shape [4]"},
		{"tf.ScatterNd", nil, memref.Float32, []*memref.Tensor{tensor(t, []int{1, 1}, int32(0)), tensor(t, []int{2}, float32(1), 2), vec(t, int32(4))}, "updates must have shape [1]"},
		{"tf.TensorScatterMax", nil, memref.Float32, []*memref.Tensor{f, tensor(t, []int{1, 2}, int32(2), 0), tensor(t, []int{1}, float32(1))}, "indices[0] = [2,0] does not index into shape [2,3]"},
		{"tf.MirrorPad", mlir.DictAttr{{Name: "mode", Value: mlir.StringAttr("REFLECT")}}, memref.Float32, []*memref.Tensor{f, tensor(t, []int{2, 2}, int32(0), 0, 3, 0)}, "paddings must be no greater than the dimension size: 3, 0 greater than 2"},
		{"tf.MirrorPad", mlir.DictAttr{{Name: "mode", Value: mlir.StringAttr("SYMMETRIC")}}, memref.Float32, []*memref.Tensor{f, tensor(t, []int{2, 2}, int32(0), 0, 0, 4)}, "paddings must be no greater than the dimension size: 0, 4 greater than 3"},
		{"tf.MirrorPad", mlir.DictAttr{{Name: "mode", Value: mlir.StringAttr("EDGE")}}, memref.Float32, []*memref.Tensor{f, tensor(t, []int{2, 2}, int32(0), 0, 0, 0)}, "mode must be REFLECT or SYMMETRIC"},
		{"tf.MatrixBandPart", nil, memref.Float32, []*memref.Tensor{f, memref.Scalar(int64(3)), memref.Scalar(int64(0))}, "num_lower must be negative or less or equal to number of rows (2) got: 3"},
		{"tf.MatrixBandPart", nil, memref.Float32, []*memref.Tensor{vec(t, float32(1)), memref.Scalar(int64(0)), memref.Scalar(int64(0))}, "input must be at least 2-dim"},
		{"tf.LinSpace", nil, memref.Float32, []*memref.Tensor{memref.Scalar(float32(0)), memref.Scalar(float32(1)), i32(0)}, "Requires num > 0: 0"},
		{"tf.LinSpace", nil, memref.Int32, []*memref.Tensor{i32(0), i32(1), i32(3)}, "does not support element type i32"},
		{"tf.Cumprod", nil, memref.Float32, []*memref.Tensor{f, i32(2)}, "axis 2 is out of range [-2, 2)"},
		{"tf.PopulationCount", nil, memref.Uint8, []*memref.Tensor{f}, "does not support element type f32"},
		{"tf.LeftShift", nil, memref.Float32, []*memref.Tensor{f, f}, "does not support element type f32"},
		{"tf.Size", nil, memref.Float32, []*memref.Tensor{f}, "result must be i32 or i64"},
		{"tf.ComplexAbs", nil, memref.Float32, []*memref.Tensor{f}, "operand must be a complex tensor"},
		{"tf.Complex", nil, memref.Complex64, []*memref.Tensor{vec(t, int32(1)), vec(t, int32(1))}, "does not support element type i32"},
		{"tf.Exp", nil, memref.Int32, []*memref.Tensor{vec(t, int32(1))}, "does not support element type i32"},
		{"tf.MatrixDiagPartV3", nil, memref.Float32, []*memref.Tensor{f, vec(t, int32(1), 0), memref.Scalar(float32(0))}, "lower_diag_index must not be larger than upper_diag_index: 1 > 0"},
		{"tf.MatrixDiagPartV3", nil, memref.Float32, []*memref.Tensor{f, i32(3), memref.Scalar(float32(0))}, "Diagonal index 3..3 out of bounds for a 2x3 matrix"},
		{"tf.MatrixDiagPartV3", nil, memref.Float32, []*memref.Tensor{f, i32(0), memref.Scalar(int32(0))}, "padding_value must be a scalar of f32"},
		{"tf.MatrixDiagV3", nil, memref.Float32, []*memref.Tensor{f, vec(t, int32(0), 2), i32(-1), i32(-1), memref.Scalar(float32(0))}, "The number of diagonals provided in the input does not match"},
		{"tf.MatrixDiagV3", nil, memref.Float32, []*memref.Tensor{f, i32(0), i32(2), i32(-1), memref.Scalar(float32(0))}, "The number of rows or columns is not consistent"},
		{"tf.MatrixDiagPart", nil, memref.Float32, []*memref.Tensor{vec(t, float32(1))}, "input must be at least 2-dim"},
		{"tf.Bitcast", nil, memref.Float64, []*memref.Tensor{vec(t, float32(1), 2, 3)}, "Cannot bitcast from f32 to f64: shape [3] does not end in 2"},
		{"tf.Bitcast", nil, memref.Bool, []*memref.Tensor{vec(t, uint8(1))}, "cannot bitcast ui8 to i1"},
	} {
		_, err := runOp(t, c.name, c.attrs, mlir.Unranked(c.dt), c.args...)
		wantErr(t, err, "'"+c.name+"' op "+c.want)
	}
}

// TestOps14MultiErrors checks the multi-result ops' errors.
func TestOps14MultiErrors(t *testing.T) {
	x := tensor(t, []int{2, 3}, int32(1), 2, 3, 4, 5, 6)
	run := func(name string, nres int, attrs mlir.DictAttr, args ...*memref.Tensor) error {
		types := make([]mlir.TensorType, len(args))
		for i, a := range args {
			types[i] = typeOf(a)
		}
		g := newGraph(types...)
		var operands []*mlir.Value
		for i := range args {
			operands = append(operands, g.arg(i))
		}
		g.line++
		op := &mlir.Op{Name: name, Pos: mlir.Pos{File: "k.mlir", Line: g.line, Col: 8}, Operands: operands, Attrs: attrs}
		for range nres {
			op.Results = append(op.Results, &mlir.Value{ID: g.fn.NumValues, Name: itoa(g.fn.NumValues), Type: mlir.Unranked(memref.Int32), Def: op})
			g.fn.NumValues++
		}
		g.fn.Ops = append(g.fn.Ops, op)
		_, err := Eval(t.Context(), g.ret(op.Results...), nil, args)
		return err
	}
	wantErr(t, run("tf.TopKV2", 2, nil, x, memref.Scalar(int32(4))), "input must have at least k columns. Had 3, needed 4")
	wantErr(t, run("tf.TopKV2", 2, nil, x, memref.Scalar(int32(-1))), "Need k >= 0, got -1")
	wantErr(t, run("tf.Split", 2, nil, memref.Scalar(int32(1)), x), "Number of ways to split should evenly divide the split dimension")
	wantErr(t, run("tf.Split", 2, nil, memref.Scalar(int32(2)), x), "split_dim 2 is out of range [-2, 2)")
	wantErr(t, run("tf.SplitV", 2, nil, x, vec(t, int32(-1), -1), memref.Scalar(int32(1))), "Split size at index 1 must be >= 0 (only one -1 allowed)")
	wantErr(t, run("tf.SplitV", 2, nil, x, vec(t, int32(1), 1), memref.Scalar(int32(1))), "Determined shape must either match input shape")
	wantErr(t, run("tf.Unpack", 3, nil, x), "Input shape axis 0 must equal 3")
	wantErr(t, run("tf.Unpack", 3, mlir.DictAttr{{Name: "axis", Value: mlir.IntAttr{Value: -3}}}, x), "axis -3 is out of range [-2, 2)")
}
