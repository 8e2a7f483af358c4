package wasmgen

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sandjit/sandjit/internal/loopir"
	"github.com/sandjit/sandjit/internal/wasm"
	"github.com/sandjit/sandjit/memref"
)

// colSum builds out[j] = Σ_i a[i, j] with both dims from the descriptor
// (a dynamic shape's column sum, split along j).
func colSum() *loopir.Program {
	p := &loopir.Program{Name: "colsum",
		Buffers: []*loopir.Buffer{
			{ID: 0, Name: "a", Kind: loopir.Input, DType: memref.Float32, Dims: []int{loopir.Dynamic, loopir.Dynamic}},
			{ID: 1, Name: "out", Kind: loopir.Output, DType: memref.Float32, Dims: []int{loopir.Dynamic}},
		}}
	n := &loopir.Nest{Name: "sum", Part: 1, Loops: []loopir.Loop{{Extent: loopir.DimOf(0, 0), Kind: loopir.Reduce}, {Extent: loopir.DimOf(0, 1)}}}
	x := n.Load(memref.Float32, &loopir.Access{Buf: 0, Idx: []loopir.Index{{Loop: 0}, {Loop: 1}}})
	n.Add(&loopir.Instr{Op: loopir.OpAccum, Type: memref.Float32, Red: loopir.RedSum, Acc: &loopir.Access{Buf: 1, Idx: []loopir.Index{{Loop: 1}}}, Args: []int{x}})
	p.Nests = []*loopir.Nest{n}
	return p
}

// TestUnrolledReduceDynamic: a column sum over a run-time number of rows
// sums each column as the static kernel does (UnrollReduce: four rows
// combined, ((x0+x1)+(x2+x3)), then added), then the rows left one by one,
// bit for bit, for every row count and split of the columns.
func TestUnrolledReduceDynamic(t *testing.T) {
	p := colSum()
	body := nestBody(t, p)
	if count(body, wasm.OpI32DivU) == 0 {
		t.Fatalf("the column sum does not split its rows into groups of four")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	tw := newTwin(t, p, 16)
	for _, rows := range []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 64, 67} {
		for _, cols := range []int{1, 3, 4, 37, 130} {
			tw.setShapes(nil, [][]int{{rows, cols}, {cols}}, uint32(rows%3)*4)
			tw.randomize(0, rng)
			a := tw.bytes(0)
			x := func(i, j int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(a[4*(i*cols+j):])) }
			want := make([]float32, cols)
			for j := range cols {
				var s float32
				i := 0
				for ; i+4 <= rows; i += 4 {
					s += (x(i, j) + x(i+1, j)) + (x(i+2, j) + x(i+3, j))
				}
				for ; i < rows; i++ {
					s += x(i, j)
				}
				want[j] = s
			}
			for _, chunks := range [][]uint32{{0, uint32(cols)}, {0, uint32(cols / 3), uint32(cols)}} {
				o := tw.bytes(1)
				for i := range o {
					o[i] = 0xa5
				}
				tw.run(true, 0, chunks)
				for j := range cols {
					got := math.Float32frombits(binary.LittleEndian.Uint32(o[4*j:]))
					if math.Float32bits(got) != math.Float32bits(want[j]) {
						t.Fatalf("%d×%d chunks %v: column %d = %v, want %v", rows, cols, chunks, j, got, want[j])
					}
				}
			}
		}
	}
}

// TestUnrollAccSets pins the unroll and accumulator sets of softmax's
// exp-and-sum body (cost 25): sixteen instances in four interleaved
// groups, adding into four sets (instance u into u mod 4), so that the
// sums keep the order of four sets.
func TestUnrollAccSets(t *testing.T) {
	f32 := memref.Float32
	acc := &loopir.Access{Buf: 1, Idx: []loopir.Index{{Loop: 0}, {Loop: -1}}}
	n := &loopir.Nest{
		Loops: []loopir.Loop{{Kind: loopir.Parallel}, {Kind: loopir.Reduce}},
		Body: []*loopir.Instr{
			{Op: loopir.OpLoad, Type: f32},
			{Op: loopir.OpLoad, Type: f32},
			{Op: loopir.OpSub, Type: f32, Args: []int{0, 1}},
			{Op: loopir.OpMath, Math: loopir.MathExpNegScaled, Type: f32, Args: []int{2}},
			{Op: loopir.OpStore, Type: f32, Args: []int{3}},
			{Op: loopir.OpAccum, Type: f32, Red: loopir.RedSum, Acc: acc, Args: []int{3}},
		},
	}
	if c := n.Cost(); c != 25 {
		t.Fatalf("cost %d, want 25", c)
	}
	u := unrollFor(n)
	if u != 16 || interleaveWidth(n.Cost(), u) != 4 || accSets(n, u) != 4 {
		t.Errorf("unroll %d, width %d, sets %d; want 16, 4, 4", u, interleaveWidth(n.Cost(), u), accSets(n, u))
	}
}
