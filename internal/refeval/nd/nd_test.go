package nd

import (
	"slices"
	"testing"
)

func TestBroadcastAndFormat(t *testing.T) {
	if got, ok := BroadcastShape([]int{3, 1}, []int{4}); !ok || !slices.Equal(got, []int{3, 4}) {
		t.Errorf("BroadcastShape([3,1], [4]) = %v, %v; want [3 4], true", got, ok)
	}
	if _, ok := BroadcastShape([]int{2}, []int{3}); ok {
		t.Error("BroadcastShape([2], [3]) succeeded")
	}
	var pairs [][2]int
	ForEachBroadcast([]int{2, 3}, [][]int{{2, 1}, {3}}, func(o int, in []int) { pairs = append(pairs, [2]int{in[0], in[1]}) })
	if want := [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}; !slices.Equal(pairs, want) {
		t.Errorf("ForEachBroadcast pairs = %v, want %v", pairs, want)
	}
	if s := Format([]int{2, 3}); s != "[2,3]" {
		t.Errorf("Format([2 3]) = %q", s)
	}
	if o, n, i := AxisLayout([]int{2, 3, 4}, 1); o != 2 || n != 3 || i != 4 {
		t.Errorf("AxisLayout = %d, %d, %d", o, n, i)
	}
}

func TestWindowedOutputSize(t *testing.T) {
	for _, c := range []struct {
		padding             string
		in, k, dil, stride  int
		explicit            [2]int64
		wantOut, wantBefore int
	}{
		{"VALID", 5, 3, 1, 2, [2]int64{}, 2, 0},
		{"SAME", 5, 3, 1, 2, [2]int64{}, 3, 1},
		{"SAME", 4, 2, 2, 1, [2]int64{}, 4, 1},
		{"EXPLICIT", 5, 3, 1, 1, [2]int64{1, 2}, 6, 1},
	} {
		out, before, err := WindowedOutputSize(c.padding, c.in, c.k, c.dil, c.stride, c.explicit)
		if err != nil || out != c.wantOut || before != c.wantBefore {
			t.Errorf("%+v: got %d, %d, %v", c, out, before, err)
		}
	}
	if _, _, err := WindowedOutputSize("VALID", 2, 5, 1, 1, [2]int64{}); err == nil {
		t.Error("a window larger than the input with VALID padding gave no error")
	}
}

// TestWindowTaps checks the taps of a 3-wide window with stride 2 and
// padding 1 over [1, 5, 1]: the first output's left tap falls outside.
func TestWindowTaps(t *testing.T) {
	w := Window{In: []int{1, 5, 1}, Kernel: []int{3}, Strides: []int{2}, Dil: []int{1}, Before: []int{1}}
	for _, c := range []struct {
		x    int
		want [][2]int
	}{
		{0, [][2]int{{1, 0}, {2, 1}}},
		{1, [][2]int{{0, 1}, {1, 2}, {2, 3}}},
		{2, [][2]int{{0, 3}, {1, 4}}},
	} {
		var got [][2]int
		w.Taps([]int{0, c.x, 0}, func(t, e int) { got = append(got, [2]int{t, e}) })
		if !slices.Equal(got, c.want) {
			t.Errorf("output %d: taps %v, want %v", c.x, got, c.want)
		}
	}
}

func TestPlanStridedSlice(t *testing.T) {
	// x[1:3, ::-2] of a [4, 5] tensor.
	p, err := PlanStridedSlice([]int{4, 5}, []int64{1, 0}, []int64{3, 0}, []int64{1, -2}, [5]int64{0: 2, 1: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Shape, []int{2, 3}) {
		t.Fatalf("shape %v, want [2 3]", p.Shape)
	}
	var idx []int
	p.ForEach([]int{4, 5}, func(o, i int) { idx = append(idx, i) })
	if want := []int{9, 7, 5, 14, 12, 10}; !slices.Equal(idx, want) {
		t.Errorf("indices %v, want %v", idx, want)
	}
	// x[2] (shrink) and x[:, tf.newaxis].
	if p, err := PlanStridedSlice([]int{4, 5}, []int64{2}, []int64{3}, []int64{1}, [5]int64{4: 1}); err != nil || !slices.Equal(p.Shape, []int{5}) {
		t.Errorf("shrink: %v, %v", p, err)
	}
	if p, err := PlanStridedSlice([]int{4, 5}, []int64{0, 0}, []int64{0, 0}, []int64{1, 1}, [5]int64{0: 1, 1: 1, 3: 2}); err != nil || !slices.Equal(p.Shape, []int{4, 1, 5}) {
		t.Errorf("new axis: %v, %v", p, err)
	}
	for _, c := range []struct {
		name               string
		begin, end, stride []int64
		mask               [5]int64
	}{
		{"zero stride", []int64{0}, []int64{1}, []int64{0}, [5]int64{}},
		{"shrink out of range", []int64{4}, []int64{5}, []int64{1}, [5]int64{4: 1}},
		{"two ellipses", []int64{0, 0}, []int64{0, 0}, []int64{1, 1}, [5]int64{2: 3}},
	} {
		if _, err := PlanStridedSlice([]int{4, 5}, c.begin, c.end, c.stride, c.mask); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}

func TestPlanEinsum(t *testing.T) {
	p, err := PlanEinsum("ij,jk->ik", [][]int{{2, 3}, {3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Shape, []int{2, 4}) {
		t.Fatalf("shape %v, want [2 4]", p.Shape)
	}
	// Output (1, 2) sums a[1, j]·b[j, 2]: a at 3+j, b at 4j+2.
	var terms [][2]int
	p.Contract(func() { terms = terms[:0] }, func(idx []int) { terms = append(terms, [2]int{idx[0], idx[1]}) }, func(o int) {
		if o == 1*4+2 {
			if want := [][2]int{{3, 2}, {4, 6}, {5, 10}}; !slices.Equal(terms, want) {
				t.Errorf("terms of output 6: %v, want %v", terms, want)
			}
		}
	})
	// Implicit output: the labels used once, alphabetically; a repeated
	// label takes the diagonal.
	if p, err := PlanEinsum("ba,cc", [][]int{{2, 3}, {4, 4}}); err != nil || !slices.Equal(p.Shape, []int{3, 2}) {
		t.Errorf("implicit output: %v, %v", p, err)
	}
	if p, err := PlanEinsum("...ij,...jk", [][]int{{5, 1, 2, 3}, {7, 3, 4}}); err != nil || !slices.Equal(p.Shape, []int{5, 7, 2, 4}) {
		t.Errorf("ellipsis: %v, %v", p, err)
	}
	for _, c := range []struct {
		eq     string
		shapes [][]int
	}{
		{"ij->ji->ij", [][]int{{2, 3}}},
		{"ij,jk->ik", [][]int{{2, 3}}},
		{"ij,jk->ik", [][]int{{2, 3}, {4, 5}}},
		{"ij->ii", [][]int{{2, 2}}},
		{"i1->i", [][]int{{2, 2}}},
		{"...i->i", [][]int{{3, 2}}},
	} {
		if _, err := PlanEinsum(c.eq, c.shapes); err == nil {
			t.Errorf("%q %v: no error", c.eq, c.shapes)
		}
	}
}

func TestInferReshape(t *testing.T) {
	for _, c := range []struct {
		in    []int
		sizes []int64
		want  []int64
	}{
		{[]int{6}, []int64{-1, 3}, []int64{2, 3}},
		{[]int{0, 5}, []int64{0, -1}, []int64{0, 5}},
		{[]int{2, 3}, []int64{3, 2}, []int64{3, 2}},
	} {
		if got, err := InferReshape(c.in, c.sizes); err != nil || !slices.Equal(got, c.want) {
			t.Errorf("InferReshape(%v, %v) = %v, %v; want %v", c.in, c.sizes, got, err, c.want)
		}
	}
	for _, sizes := range [][]int64{{-1, -1}, {-2, 3}, {-1, 4}} {
		if _, err := InferReshape([]int{6}, sizes); err == nil {
			t.Errorf("InferReshape([6], %v) gave no error", sizes)
		}
	}
}

// TestDiagBand takes the band k = -1..1 of a 3x3 matrix (RIGHT_LEFT:
// the superdiagonal right-aligned, the subdiagonal left-aligned) and
// writes it back: Matrix is Part's inverse on the band.
func TestDiagBand(t *testing.T) {
	b := DiagBand{M: 3, N: 3, K0: -1, K1: 1, MaxLen: 3, SuperRight: true}
	var part []int
	b.Part(1, func(o, src int) { part = append(part, src) })
	// Rows of the band: d = 1 (elements 1, 5, padded on the left), d = 0
	// (0, 4, 8), d = -1 (3, 7, padded on the right).
	if want := []int{-1, 1, 5, 0, 4, 8, 3, 7, -1}; !slices.Equal(part, want) {
		t.Errorf("Part = %v, want %v", part, want)
	}
	var m []int
	b.Matrix(9, func(o, src int) { m = append(m, src) })
	if want := []int{3, 1, -1, 6, 4, 2, -1, 7, 5}; !slices.Equal(m, want) {
		t.Errorf("Matrix = %v, want %v", m, want)
	}
}
