package loopir

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// fakeViews is a ComplexBuilder that names what it was asked for: view
// buffer ids 100·(kind+1) + buf, doubled parameters 50 + p.
type fakeViews struct{}

func (fakeViews) View(buf int, k ComplexView) int { return 100*int(k) + 100 + buf }
func (fakeViews) Twice(s Size) Size {
	if s.Kind == SizeStatic {
		return Static(2 * s.N)
	}
	return ParamSize(50 + s.N)
}
func (fakeViews) TwiceParam(p int) int { return 50 + p }

// TestComplexify: each kind of nest takes the view it can prove.
func TestComplexify(t *testing.T) {
	c64, c128 := memref.Complex64, memref.Complex128
	move := func(dt memref.DType, ld []Index, st []Index) *Nest {
		n := &Nest{Name: "move", Part: 0, Loops: []Loop{{Extent: Static(3)}, {Extent: ParamSize(1)}}}
		n.Store(dt, &Access{Buf: 1, Idx: st}, n.Load(dt, &Access{Buf: 0, Idx: ld}))
		return n
	}
	show := func(n *Nest) string {
		var b strings.Builder
		fmt.Fprint(&b, len(n.Loops), n.Loops[len(n.Loops)-1].Extent)
		for _, in := range n.Body {
			fmt.Fprintf(&b, " %s:%s", in.Op, in.Type)
			if in.Acc != nil {
				fmt.Fprintf(&b, "@b%d%v", in.Acc.Buf, in.Acc.Idx)
			}
		}
		return b.String()
	}
	shifted := []Index{{Loop: 0}, {Loop: 1, Off: 3, OffParam: 2}}
	for _, c := range []struct {
		name string
		n    *Nest
		want string
	}{
		{"complex<f32> moves as i64", move(c64, idx(1, 0), idx(0, 1)), "2 p1 load:i64@b300[i1 i0] store:i64@b301[i0 i1]"},
		{"complex<f64> runs: flat, offsets doubled", move(c128, idx(0, 1), shifted), "2 p51 load:f64@b200[i0 i1] store:f64@b201[i0 i1+p51+6]"},
		{"complex<f64> transposed: a pair loop", move(c128, idx(1, 0), idx(0, 1)), "3 2 load:f64@b100[i1 i0 i2] store:f64@b101[i0 i1 i2]"},
		{"real: untouched", move(f32, idx(1, 0), idx(0, 1)), "2 p1 load:f32@b0[i1 i0] store:f32@b1[i0 i1]"},
	} {
		Complexify(c.n, fakeViews{})
		if got := show(c.n); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}

	// A sum of complex<f32> runs part by part on the flat view; an index
	// of the run's loop in the body keeps the pair loop.
	n := &Nest{Name: "sum", Part: 0, Loops: []Loop{{Extent: Static(4)}}}
	n.Store(c64, &Access{Buf: 1, Idx: idx(0)}, n.Binary(OpAdd, c64, n.Load(c64, &Access{Buf: 0, Idx: idx(0)}), n.Load(c64, &Access{Buf: 2, Idx: idx(0)})))
	Complexify(n, fakeViews{})
	if got := show(n); got != "1 8 load:f32@b200[i0] load:f32@b202[i0] add:f32 store:f32@b201[i0]" {
		t.Errorf("sum: %s", got)
	}
	n = &Nest{Name: "band", Part: 0, Loops: []Loop{{Extent: Static(4)}}}
	i := n.Add(&Instr{Op: OpIndex, Type: memref.Int32, Loop: 0})
	ld := n.Load(c128, &Access{Buf: 0, Idx: idx(0)})
	n.Store(c128, &Access{Buf: 1, Idx: idx(0)}, n.Add(&Instr{Op: OpSelect, Type: c128, Args: []int{i, ld, n.ConstBits(c128, 0)}}))
	Complexify(n, fakeViews{})
	if len(n.Loops) != 2 || n.Body[3].Type != memref.Float64 || n.Body[1].Acc.Buf != 100 {
		t.Errorf("an index of the run's loop: %s", show(n))
	}

	defer func() {
		if r := recover(); r == nil || !strings.HasPrefix(fmt.Sprint(r), "BUG: complexify: a complex mul") {
			t.Errorf("a complex product: recovered %v", r)
		}
	}()
	n = &Nest{Name: "mul", Loops: []Loop{{Extent: Static(4)}}}
	x := n.Load(c64, &Access{Buf: 0, Idx: idx(0)})
	n.Store(c64, &Access{Buf: 1, Idx: idx(0)}, n.Binary(OpMul, c64, x, x))
	Complexify(n, fakeViews{})
}
