package opkit

import (
	"testing"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

func TestTypes(t *testing.T) {
	s := TypesOf(memref.Int32, memref.Float32)
	if !s.Has(memref.Int32) || !s.Has(memref.Float32) || s.Has(memref.Float64) {
		t.Errorf("TypesOf(i32, f32) = %b", s)
	}
	if All.Has(memref.Complex64) || !All.Has(memref.Bool) || !Num.Has(memref.Uint64) || Num.Has(memref.Bool) {
		t.Errorf("All = %b, Num = %b", All, Num)
	}
}

func TestAttrs(t *testing.T) {
	op := &mlir.Op{Name: "tf.X", Attrs: mlir.DictAttr{
		{Name: "i", Value: mlir.IntAttr{Value: 3}}, {Name: "b", Value: mlir.BoolAttr(true)}, {Name: "l", Value: mlir.ArrayAttr{mlir.IntAttr{Value: 1}, mlir.IntAttr{Value: -2}}},
		{Name: "s", Value: mlir.StringAttr("SAME")}, {Name: "bad", Value: mlir.ArrayAttr{mlir.StringAttr("x")}},
	}}
	if v, m := AttrInt(op, "i", 0); v != 3 || m != "" {
		t.Errorf("AttrInt = %d %q", v, m)
	}
	if v, m := AttrInt(op, "absent", 7); v != 7 || m != "" {
		t.Errorf("AttrInt absent = %d %q", v, m)
	}
	if _, m := AttrInt(op, "s", 0); m == "" {
		t.Error("AttrInt of a string: no message")
	}
	if v, m := AttrBool(op, "b"); !v || m != "" {
		t.Errorf("AttrBool = %v %q", v, m)
	}
	if v, m := AttrInts(op, "l"); len(v) != 2 || v[1] != -2 || m != "" {
		t.Errorf("AttrInts = %v %q", v, m)
	}
	if _, m := AttrInts(op, "bad"); m == "" {
		t.Error("AttrInts of strings: no message")
	}
	if v, m := AttrString(op, "s", ""); v != "SAME" || m != "" {
		t.Errorf("AttrString = %q %q", v, m)
	}
	if m := IntOperand(mlir.Ranked(memref.Float32), 1, "axis", 0); m == "" {
		t.Error("IntOperand(f32): no message")
	}
	if m := IntOperand(mlir.Ranked(memref.Int64, 2), 1, "axis", 0); m == "" {
		t.Error("IntOperand(rank 1 > 0): no message")
	}
	if got := Identity(3); len(got) != 3 || got[2].Loop != 2 {
		t.Errorf("Identity(3) = %v", got)
	}
}
