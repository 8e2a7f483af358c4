package memref

import (
	"errors"
	"math"
	"testing"
)

func TestEqual(t *testing.T) {
	a := mustFromSlice(t, []int{2, 3}, []float32{0, 1, 2, 3, 4, 5})
	negZero := mustFromSlice(t, []int{1}, []float32{float32(math.Copysign(0, -1))})
	nan := mustFromSlice(t, []int{1}, []float32{float32(math.NaN())})
	transposed := &Tensor{DType: Float32, Shape: []int{2, 3}, Strides: []int{1, 2},
		Data: mustFromSlice(t, []int{3, 2}, []float32{0, 3, 1, 4, 2, 5}).Data}
	long := &Tensor{DType: Float32, Shape: []int{2, 3}, Data: append(append([]byte{}, a.Data...), 9, 9, 9, 9)}
	for _, c := range []struct {
		name string
		x, y *Tensor
		want bool
	}{
		{"same", a, a, true},
		{"strided view", a, transposed, true},
		{"extra data bytes", a, long, true},
		{"nil nil", nil, nil, true},
		{"nil", a, nil, false},
		{"dtype", a, mustFromSlice(t, []int{2, 3}, []int32{0, 1, 2, 3, 4, 5}), false},
		{"shape", a, mustFromSlice(t, []int{3, 2}, []float32{0, 1, 2, 3, 4, 5}), false},
		{"rank", a, mustFromSlice(t, []int{6}, []float32{0, 1, 2, 3, 4, 5}), false},
		{"value", a, mustFromSlice(t, []int{2, 3}, []float32{0, 1, 2, 3, 4, 6}), false},
		{"-0 vs 0", negZero, mustFromSlice(t, []int{1}, []float32{0}), false},
		{"nan bits", nan, nan, true},
		{"invalid", &Tensor{DType: Float32, Shape: []int{2}}, &Tensor{DType: Float32, Shape: []int{2}}, false},
		{"empty", mustFromSlice(t, []int{0, 2}, []int8{}), mustFromSlice(t, []int{0, 2}, []int8{}), true},
	} {
		if got := c.x.Equal(c.y); got != c.want {
			t.Errorf("%s: Equal = %v", c.name, got)
		}
	}
}

func TestClone(t *testing.T) {
	base := mustFromSlice(t, []int{3, 2}, []int16{0, 3, 1, 4, 2, 5})
	view := &Tensor{DType: Int16, Shape: []int{2, 3}, Strides: []int{1, 2}, Data: base.Data}
	c, err := view.Clone()
	if err != nil {
		t.Fatal(err)
	}
	if !c.Equal(view) || c.Strides != nil || len(c.Data) != 12 {
		t.Fatalf("clone %s strides %v", Format(c, 0), c.Strides)
	}
	c.Data[0] = 99
	if base.Data[0] == 99 {
		t.Error("clone shares data")
	}
	if c, err := (*Tensor)(nil).Clone(); c != nil || err != nil {
		t.Error("nil clone")
	}
	if _, err := (&Tensor{DType: Float32, Shape: []int{-1}}).Clone(); !errors.Is(err, ErrShape) {
		t.Errorf("invalid clone: %v", err)
	}
}

// TestNewCopy checks the unzeroed copy behind Run's results, FromSlice
// and Clone: the bytes and shape are a copy (not shared), lengths must
// match exactly, and a contiguous tensor with extra data bytes clones to
// exactly its size.
func TestNewCopy(t *testing.T) {
	src := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	shape := []int{2, 2}
	c, err := NewCopy(Int16, shape, src)
	if err != nil {
		t.Fatal(err)
	}
	if string(c.Data) != string(src) || len(c.Data) != 8 || c.DType != Int16 || len(c.Shape) != 2 || c.Shape[0] != 2 || c.Shape[1] != 2 {
		t.Fatalf("NewCopy: %s data %v", c.Type(), c.Data)
	}
	src[0], shape[0] = 99, 7
	if c.Data[0] != 1 || c.Shape[0] != 2 {
		t.Error("NewCopy shares its data or shape with the caller")
	}
	for _, bad := range [][]byte{nil, src[:7], append(src, 0)} {
		if _, err := NewCopy(Int16, []int{2, 2}, bad); !errors.Is(err, ErrShape) {
			t.Errorf("%d bytes for tensor<2x2xi16>: %v", len(bad), err)
		}
	}
	if _, err := NewCopy(Int16, []int{-2, 2}, src); !errors.Is(err, ErrShape) {
		t.Errorf("negative dim: %v", err)
	}
	e, err := NewCopy(Float32, []int{0, 3}, nil)
	if err != nil || e.Len() != 0 || e.Data == nil || e.Validate() != nil {
		t.Errorf("empty: %v %v", e, err)
	}
	long := &Tensor{DType: Int8, Shape: []int{3}, Data: []byte{1, 2, 3, 4, 5}}
	if cl, err := long.Clone(); err != nil || len(cl.Data) != 3 || string(cl.Data) != "\x01\x02\x03" {
		t.Errorf("clone of a tensor with extra bytes: %v %v", cl, err)
	}
	if _, err := FromSlice([]int{2, 2}, []int16{1, 2, 3}); !errors.Is(err, ErrShape) {
		t.Errorf("FromSlice with too few values: %v", err)
	}
}

func TestIsContiguousBadStrides(t *testing.T) {
	x := &Tensor{DType: Int8, Shape: []int{2, 2}, Strides: []int{1}, Data: make([]byte, 4)}
	if x.IsContiguous() {
		t.Error("strides of the wrong rank reported contiguous")
	}
	if x.Validate() == nil {
		t.Error("strides of the wrong rank validated")
	}
	if got := Format(x, 0); got != "tensor<2x2xi8>=<invalid: tensor<2x2xi8>: 1 strides for rank 2>" {
		t.Errorf("Format: %s", got)
	}
}

// TestContiguous compares Contiguous on permuted and broadcast views with
// a direct computation of each element's offset.
func TestContiguous(t *testing.T) {
	src := make([]int32, 24)
	for i := range src {
		src[i] = int32(i)
	}
	base := mustFromSlice(t, []int{24}, src)
	for _, c := range []struct {
		shape, strides []int
	}{
		{[]int{4, 3, 2}, []int{1, 8, 4}},
		{[]int{2, 3, 4}, []int{12, 0, 1}},
		{[]int{3, 1, 2}, []int{2, 99, 1}},
		{[]int{5}, []int{0}},
		{[]int{0, 3}, []int{1, 1}},
	} {
		view := &Tensor{DType: Int32, Shape: c.shape, Strides: c.strides, Data: base.Data}
		got, err := Values[int32](view)
		if err != nil {
			t.Fatal(err)
		}
		var want []int32
		n, _ := NumElements(c.shape)
		for i := 0; i < n; i++ {
			off, rest := 0, i
			for d := len(c.shape) - 1; d >= 0; d-- {
				off += rest % c.shape[d] * c.strides[d]
				rest /= c.shape[d]
			}
			want = append(want, src[off])
		}
		if len(got) != len(want) {
			t.Fatalf("%v/%v: %d values, want %d", c.shape, c.strides, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%v/%v: got %v, want %v", c.shape, c.strides, got, want)
			}
		}
	}
	if _, err := Values[int32](&Tensor{DType: Int32, Shape: []int{4}, Strides: []int{8}, Data: base.Data}); err == nil {
		t.Error("Values of a view reaching past its data")
	}
}

// TestNumElementsBounds pins the element and byte bounds at their edges,
// including products that wrap 64 bits.
func TestNumElementsBounds(t *testing.T) {
	for _, c := range []struct {
		shape []int
		want  int // -1: error
	}{
		{[]int{}, 1},
		{[]int{0, 1 << 40}, -1}, // a dim over the bound is an error even beside a 0
		{[]int{1 << 32, 0}, 0},
		{[]int{1 << 16, 1 << 16}, 1 << 32},
		{[]int{1 << 16, 1 << 16, 2}, -1},
		{[]int{1 << 32, 1 << 32}, -1}, // 2**64 wraps to 0 in uint64
		{[]int{1 << 32, 1 << 32, 0}, 0},
		{[]int{3, 5, 7}, 105},
		{[]int{-1, 0}, -1},
	} {
		n, err := NumElements(c.shape)
		if (err != nil) != (c.want < 0) || (c.want >= 0 && n != c.want) {
			t.Errorf("NumElements(%v) = %d, %v; want %d", c.shape, n, err, c.want)
		}
		if err != nil && !errors.Is(err, ErrShape) {
			t.Errorf("NumElements(%v): %v does not wrap ErrShape", c.shape, err)
		}
	}
	if n, err := ByteSize(Int8, []int{1 << 32}); err != nil || n != 1<<32 {
		t.Errorf("ByteSize(i8, 2**32) = %d, %v", n, err)
	}
	if _, err := ByteSize(Float32, []int{1 << 30, 2}); err == nil {
		t.Error("ByteSize(f32, 2**31 elements) succeeded")
	}
	if n, err := ByteSize(Float64, []int{1 << 29}); err != nil || n != 1<<32 {
		t.Errorf("ByteSize(f64, 2**29) = %d, %v", n, err)
	}
}
