package memref_test

import (
	"bytes"
	"fmt"

	"github.com/sandjit/sandjit/memref"
)

func ExampleParseLiteral() {
	t, err := memref.ParseLiteral("2x3xf32=[[1,2,3],[4,5,6.5]]")
	if err != nil {
		panic(err)
	}
	fmt.Println(memref.Format(t, 0))
	_, err = memref.ParseLiteral("2x3xf32=1 2 1.2.3 4 5 6")
	fmt.Println(err)
	// Output:
	// tensor<2x3xf32>=[[1 2 3] [4 5 6.5]]
	// invalid tensor literal "2x3xf32": bad number "1.2.3" at value 3 of 6
}

func ExampleFormat() {
	v := make([]int32, 1000)
	for i := range v {
		v[i] = int32(i)
	}
	t, _ := memref.FromSlice([]int{10, 100}, v)
	fmt.Println(memref.Format(t, 20))
	// Output:
	// tensor<10x100xi32>=[[0 1 ... 98 99] [100 101 ... 198 199] ... [800 801 ... 898 899] [900 901 ... 998 999]]
}

func ExampleReadNPY() {
	in, _ := memref.FromSlice([]int{2, 2}, []float64{1, 2, 3, 4})
	var buf bytes.Buffer
	if err := memref.WriteNPY(&buf, in); err != nil {
		panic(err)
	}
	out, err := memref.ReadNPY(&buf, 1<<20)
	fmt.Println(memref.Format(out, 0), err)
	// Output:
	// tensor<2x2xf64>=[[1 2] [3 4]] <nil>
}

func ExampleArena() {
	mem := make([]byte, 1<<16) // stands in for a Wasm linear memory
	a, err := memref.NewArena(mem, 1024, 1<<16, 1<<15)
	if err != nil {
		panic(err)
	}
	t, err := a.NewTensor(memref.Float32, []int{4, 4})
	if err != nil {
		panic(err)
	}
	off, _ := t.ArenaOffset(a)
	fmt.Println(off, a.Stats().InUse)
	fmt.Println(a.FreeTensor(t), a.Stats().InUse)
	// Output:
	// 1024 64
	// <nil> 0
}

func ExampleArgLayout() {
	// One scalar param and two memrefs: a 2x3 input and a rank-1 output.
	l, err := memref.NewArgLayout(1, []int{2, 1})
	if err != nil {
		panic(err)
	}
	block := make([]byte, l.Size())
	l.WriteHeader(block)
	l.WriteParam(block, 0, 42)
	if err := l.WriteMemref(block, 0, 1024, []int{2, 3}, nil); err != nil {
		panic(err)
	}
	if err := l.WriteMemref(block, 1, 2048, []int{3}, []int{1}); err != nil {
		panic(err)
	}
	fmt.Println(l.Size(), l.DescOffset(0), l.StrideOffset(0, 1), l.DescOffset(1))
	fmt.Println(memref.StatusString(2))
	// Output:
	// 64 20 40 44
	// index out of range
}
