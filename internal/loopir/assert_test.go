package loopir

import (
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// checked builds a program whose first nest computes t = exp(a) into a
// temporary and whose second asserts isfinite(t) (tf.CheckNumerics of a
// value nothing else reads); with out, a third nest stores t + 1.
func checked(out bool) *Program {
	p := &Program{Name: "check", Buffers: []*Buffer{
		{ID: 0, Name: "a", Kind: Input, DType: f32, Dims: []int{8}},
		{ID: 1, Name: "t", Kind: Temp, DType: f32, Dims: []int{8}},
		{ID: 2, Name: "out", Kind: Output, DType: f32, Dims: []int{8}},
	}}
	n0 := &Nest{Name: "exp", Part: 0, Loops: []Loop{{Extent: Static(8)}}}
	x := n0.Load(f32, &Access{Buf: 0, Idx: idx(0)})
	n0.Store(f32, &Access{Buf: 1, Idx: idx(0)}, n0.Add(&Instr{Op: OpMath, Math: MathExp, Type: f32, Args: []int{x}}))
	n1 := &Nest{Name: "check", Part: 0, Loops: []Loop{{Extent: Static(8)}}}
	v := n1.Load(f32, &Access{Buf: 1, Idx: idx(0)})
	ok := n1.Add(&Instr{Op: OpIsFinite, Type: memref.Bool, Args: []int{v}})
	n1.Add(&Instr{Op: OpAssert, Type: memref.Bool, Args: []int{ok}, Fault: 1})
	n2 := &Nest{Name: "inc", Part: 0, Loops: []Loop{{Extent: Static(8)}}}
	w := n2.Load(f32, &Access{Buf: 1, Idx: idx(0)})
	n2.Store(f32, &Access{Buf: 2, Idx: idx(0)}, n2.Binary(OpAdd, f32, w, n2.ConstBits(f32, 0x3f800000)))
	p.Nests = []*Nest{n0, n1}
	if out {
		p.Nests = append(p.Nests, n2)
	} else {
		p.Buffers = p.Buffers[:2]
	}
	return p
}

// TestAssert: an assert prints with its fault code, keeps its nest alive
// through dead-code elimination although it stores nothing, never becomes
// a fusion producer, and the verifier wants a bool operand and a fault
// code.
func TestAssert(t *testing.T) {
	p := checked(false)
	if err := p.Verify(); err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	for _, pass := range Passes {
		pass.Run(p)
		if err := p.Verify(); err != nil {
			t.Fatalf("after %s: %v\n%s", pass.Name, err, p)
		}
	}
	got := p.String()
	if !strings.Contains(got, "assert v2, fault(1)") || !strings.Contains(got, "exp f32") {
		t.Errorf("the assertion or what it checks is gone after the passes:\n%s", got)
	}

	// A consumer of the checked temporary: the check nest is not inlined
	// into it (it stores nothing) and stays.
	p = checked(true)
	Fuse(p)
	DeadCode(p)
	if err := p.Verify(); err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	if got := p.String(); !strings.Contains(got, "assert") || strings.Count(got, "\nnest ") < 2 {
		t.Errorf("fusion lost the check:\n%s", got)
	}

	for _, c := range []struct {
		name   string
		break_ func(in *Instr, n *Nest)
		want   string
	}{
		{"no fault code", func(in *Instr, _ *Nest) { in.Fault = 0 }, "with fault 0"},
		{"float operand", func(in *Instr, n *Nest) { in.Args[0] = 0 }, "assert of f32"},
	} {
		p := checked(false)
		n := p.Nests[1]
		c.break_(n.Body[len(n.Body)-1], n)
		if err := p.Verify(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Verify = %v, want an error containing %q", c.name, err, c.want)
		}
	}
}
