package memref

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestABIGolden pins the byte layout of a small argument block. If this
// test fails, the ABI changed: bump ABIVersion and update wasmgen's reader
// together with this golden.
func TestABIGolden(t *testing.T) {
	l, err := NewArgLayout(2, []int{2, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	block := make([]byte, l.Size())
	for i := range block {
		block[i] = 0xAA // every byte must be written or padding
	}
	clear(block[72:])
	l.WriteHeader(block)
	l.WriteParam(block, 0, 7)
	l.WriteParam(block, 1, 0xDEADBEEF)
	if err := l.WriteMemref(block, 0, 0x1000, []int{2, 3}, nil); err != nil {
		t.Fatal(err)
	}
	if err := l.WriteMemref(block, 1, 0x2040, []int{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := l.WriteMemref(block, 2, 0x3000, []int{5}, []int{0}); err != nil {
		t.Fatal(err)
	}
	golden := `
		01000000 02000000 03000000 00000000  version 1, 2 params, 3 memrefs, fault 0
		07000000 efbeadde                    params 7, 0xdeadbeef
		00100000 02000000                    memref 0 at +24: data 0x1000, rank 2
		02000000 03000000 03000000 01000000  sizes 2 3, strides 3 1
		40200000 00000000                    memref 1 at +48: data 0x2040, rank 0
		00300000 01000000 05000000 00000000  memref 2 at +56: data 0x3000, rank 1, size 5, stride 0
		00000000 00000000                    padding to 80
	`
	var want []byte
	for _, line := range strings.Split(golden, "\n") {
		for _, word := range strings.Fields(line) {
			b, err := hex.DecodeString(word)
			if err != nil || len(b) != 4 {
				break // the comment
			}
			want = append(want, b...)
		}
	}
	if !bytes.Equal(block, want) {
		t.Errorf("argument block:\n got %x\nwant %x", block, want)
	}
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"Size", l.Size(), 80},
		{"ParamOffset(1)", l.ParamOffset(1), 20},
		{"DescOffset(0)", l.DescOffset(0), 24},
		{"DataOffset(0)", l.DataOffset(0), 24},
		{"RankOffset(0)", l.RankOffset(0), 28},
		{"SizeOffset(0,1)", l.SizeOffset(0, 1), 36},
		{"StrideOffset(0,0)", l.StrideOffset(0, 0), 40},
		{"DescOffset(1)", l.DescOffset(1), 48},
		{"DescOffset(2)", l.DescOffset(2), 56},
		{"StrideOffset(2,0)", l.StrideOffset(2, 0), 68},
		{"Rank(2)", l.Rank(2), 1},
		{"NumParams", l.NumParams(), 2},
		{"NumMemrefs", l.NumMemrefs(), 3},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
}

// TestABIConstants pins the named offsets and codes that the generated Wasm
// relies on.
func TestABIConstants(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"ABIVersion", ABIVersion, 1},
		{"ArgVersionOffset", ArgVersionOffset, 0},
		{"ArgNumParamsOffset", ArgNumParamsOffset, 4},
		{"ArgNumMemrefsOffset", ArgNumMemrefsOffset, 8},
		{"ArgFaultOffset", ArgFaultOffset, 12},
		{"ArgParamsOffset", ArgParamsOffset, 16},
		{"DescDataOffset", DescDataOffset, 0},
		{"DescRankOffset", DescRankOffset, 4},
		{"DescSizesOffset", DescSizesOffset, 8},
		{"StatusOK", int(StatusOK), 0},
		{"StatusBadABI", int(StatusBadABI), 1},
		{"StatusIndexOutOfRange", int(StatusIndexOutOfRange), 2},
		{"StatusInvalidArgument", int(StatusInvalidArgument), 3},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	for code, want := range map[int32]string{
		0: "ok", 1: "bad ABI (argument block version or layout mismatch)",
		2: "index out of range", 3: "invalid argument", 9: "unknown status 9", -1: "unknown status -1",
	} {
		if got := StatusString(code); got != want {
			t.Errorf("StatusString(%d) = %q, want %q", code, got, want)
		}
	}
}

func TestArgLayoutRoundTrip(t *testing.T) {
	ranks := []int{0, 1, 3, MaxRank, 2}
	l, err := NewArgLayout(3, ranks)
	if err != nil {
		t.Fatal(err)
	}
	if l.Size()%ArgBlockAlign != 0 {
		t.Errorf("Size %d is not a multiple of %d", l.Size(), ArgBlockAlign)
	}
	block := make([]byte, l.Size())
	l.WriteHeader(block)
	if err := l.CheckHeader(block); err != nil {
		t.Fatal(err)
	}
	type memref struct {
		data           uint32
		sizes, strides []int
	}
	var want []memref
	for m, r := range ranks {
		mr := memref{data: uint32(64 * (m + 1)), sizes: make([]int, r), strides: make([]int, r)}
		for d := range r {
			mr.sizes[d] = d + 2
			mr.strides[d] = 100*m + d
		}
		mr.strides = mr.strides[:r]
		if r == 3 {
			mr.sizes[0] = math.MaxUint32
			mr.strides[0] = math.MaxUint32
		}
		want = append(want, mr)
		if err := l.WriteMemref(block, m, mr.data, mr.sizes, mr.strides); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 3; i++ {
		l.WriteParam(block, i, uint32(i*11))
	}
	for m, mr := range want {
		data, sizes, strides, err := l.ReadMemref(block, m)
		if err != nil {
			t.Fatal(err)
		}
		if data != mr.data || !slices.Equal(sizes, mr.sizes) || !slices.Equal(strides, mr.strides) {
			t.Errorf("memref %d: read %d %v %v, wrote %d %v %v", m, data, sizes, strides, mr.data, mr.sizes, mr.strides)
		}
	}
	for i := 0; i < 3; i++ {
		if got := l.ReadParam(block, i); got != uint32(i*11) {
			t.Errorf("param %d = %d", i, got)
		}
	}
	block[ArgFaultOffset] = 5
	if l.ReadFault(block) != 5 {
		t.Error("ReadFault does not read the fault word")
	}
	if err := l.CheckHeader(block); err != nil {
		t.Errorf("the fault word is part of the header check: %v", err)
	}
	// Descriptors tile the block with no gap and no overlap.
	off := ArgParamsOffset + 4*3
	for m, r := range ranks {
		if l.DescOffset(m) != off {
			t.Errorf("memref %d at %d, want %d", m, l.DescOffset(m), off)
		}
		off += DescSize(r)
	}
	if l.Size() < off || l.Size() >= off+ArgBlockAlign {
		t.Errorf("Size %d for %d bytes of fields", l.Size(), off)
	}
}

func TestArgLayoutErrors(t *testing.T) {
	for _, c := range []struct {
		params int
		ranks  []int
		want   string
	}{
		{-1, nil, "-1 params"},
		{MaxABIParams + 1, nil, "65537 params"},
		{0, make([]int, MaxABIMemrefs+1), "65537 memrefs"},
		{0, []int{1, MaxRank + 1}, "memref 1 has rank 17"},
		{0, []int{-1}, "memref 0 has rank -1"},
	} {
		if _, err := NewArgLayout(c.params, c.ranks); !errors.Is(err, ErrABI) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewArgLayout(%d, %d ranks): %v, want %q", c.params, len(c.ranks), err, c.want)
		}
	}
	empty, err := NewArgLayout(0, nil)
	if err != nil || empty.Size() != 16 {
		t.Errorf("empty layout: %v, size %d", err, empty.Size())
	}

	l, _ := NewArgLayout(1, []int{2})
	block := make([]byte, l.Size())
	for _, c := range []struct {
		name           string
		block          []byte
		m              int
		sizes, strides []int
		want           string
	}{
		{"memref index", block, 1, []int{1, 1}, nil, "memref 1 out of range [0,1)"},
		{"short block", block[:8], 0, []int{1, 1}, nil, "argument block of 8 bytes, layout needs 48"},
		{"rank", block, 0, []int{1}, nil, "1 sizes for rank 2"},
		{"strides rank", block, 0, []int{1, 1}, []int{1}, "1 strides for rank 2"},
		{"negative size", block, 0, []int{-1, 1}, nil, "size -1 of dim 0 does not fit a u32"},
		{"big size", block, 0, []int{1, math.MaxUint32 + 1}, nil, "size 4294967296 of dim 1"},
		{"negative stride", block, 0, []int{1, 1}, []int{1, -1}, "stride -1 of dim 1"},
	} {
		if err := l.WriteMemref(c.block, c.m, 0, c.sizes, c.strides); !errors.Is(err, ErrABI) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// Row-major strides implied by nil must fit too (and never wrap).
	for _, c := range []struct {
		sizes []int
		want  string
	}{
		{[]int{2, 65536, 65536}, "stride 4294967296 of dim 0"},
		{[]int{1, math.MaxUint32, math.MaxUint32, math.MaxUint32}, "stride 4294967296 of dim 0"},
		{[]int{math.MaxUint32, math.MaxUint32, math.MaxUint32, math.MaxUint32, math.MaxUint32}, "stride 4294967296 of dim 0"},
	} {
		lr := mustLayout(t, 0, []int{len(c.sizes)})
		err := lr.WriteMemref(make([]byte, lr.Size()), 0, 0, c.sizes, nil)
		if !errors.Is(err, ErrABI) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sizes %v: %v, want %q", c.sizes, err, c.want)
		}
	}
	if _, _, _, err := l.ReadMemref(block, 0); !errors.Is(err, ErrABI) || !strings.Contains(err.Error(), "rank field is 0, layout says 2") {
		t.Errorf("ReadMemref of an unwritten descriptor: %v", err)
	}
	if err := l.CheckHeader(block); !errors.Is(err, ErrABI) || !strings.Contains(err.Error(), "version is 0, want 1") {
		t.Errorf("CheckHeader of an unwritten block: %v", err)
	}
	l.WriteHeader(block)
	block[ArgNumMemrefsOffset] = 2
	if err := l.CheckHeader(block); !errors.Is(err, ErrABI) || !strings.Contains(err.Error(), "number of memrefs is 2, want 1") {
		t.Errorf("CheckHeader with a wrong count: %v", err)
	}

	for name, fn := range map[string]func(){
		"ParamOffset":   func() { l.ParamOffset(1) },
		"DescOffset":    func() { l.DescOffset(-1) },
		"SizeOffset":    func() { l.SizeOffset(0, 2) },
		"StrideOffset":  func() { l.StrideOffset(0, -1) },
		"WriteHeader":   func() { l.WriteHeader(block[:4]) },
		"WriteParam":    func() { l.WriteParam(block, 3, 0) },
		"ReadFault":     func() { l.ReadFault(nil) },
		"Rank":          func() { l.Rank(5) },
		"ReadParam":     func() { l.ReadParam(block, -1) },
		"rank-0 stride": func() { mustLayout(t, 0, []int{0}).StrideOffset(0, 0) },
	} {
		func() {
			defer func() {
				r := recover()
				if s, ok := r.(string); !ok || !strings.HasPrefix(s, "BUG: ") {
					t.Errorf("%s: recovered %v, want a BUG: panic", name, r)
				}
			}()
			fn()
		}()
	}
}

func mustLayout(t *testing.T, params int, ranks []int) *ArgLayout {
	l, err := NewArgLayout(params, ranks)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
