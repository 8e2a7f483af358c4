package memref

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// npyFile assembles an .npy file from a version, a header and data.
func npyFile(major byte, header string, data []byte) []byte {
	var b bytes.Buffer
	b.WriteString(npyMagic)
	b.WriteByte(major)
	b.WriteByte(0)
	if major == 1 {
		binary.Write(&b, binary.LittleEndian, uint16(len(header)))
	} else {
		binary.Write(&b, binary.LittleEndian, uint32(len(header)))
	}
	b.WriteString(header)
	b.Write(data)
	return b.Bytes()
}

// sampleTensor returns a 2x3 tensor of dt holding 0..5 (bool: i%2 == 1),
// the arrays testdata/gen_npy.py saves.
func sampleTensor(t testing.TB, dt DType) *Tensor {
	t.Helper()
	out, err := New(dt, []int{2, 3})
	if err != nil {
		t.Fatal(err)
	}
	es := dt.Size()
	for i := 0; i < 6; i++ {
		var u uint64
		switch {
		case dt == Bool:
			u = uint64(i % 2)
		case dt == Float16:
			u = uint64(F32ToF16(float32(i)))
		case dt == Float32:
			u = uint64(math.Float32bits(float32(i)))
		case dt == Float64:
			u = math.Float64bits(float64(i))
		case dt == BFloat16:
			u = uint64(F32ToBF16(float32(i)))
		case dt == Complex64: // i - i·1j, with +0 for 0-0
			u = uint64(math.Float32bits(float32(i))) | uint64(math.Float32bits(0-float32(i)))<<32
		case dt == Complex128:
			putUint(out.Data[i*es+8:(i+1)*es], math.Float64bits(0-float64(i)))
			u = math.Float64bits(float64(i))
		default:
			u = uint64(i)
		}
		putUint(out.Data[i*es:i*es+min(es, 8)], u)
	}
	return out
}

func mustFromSlice[T Element](t testing.TB, shape []int, v []T) *Tensor {
	t.Helper()
	out, err := FromSlice(shape, v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReadNPYNumpyFiles reads files numpy wrote (testdata/gen_npy.py) and,
// for those numpy writes as WriteNPY does, checks the bytes are identical.
func TestReadNPYNumpyFiles(t *testing.T) {
	type tc struct {
		file      string
		want      *Tensor
		sameBytes bool // WriteNPY reproduces the file byte for byte
	}
	var cases []tc
	fileName := map[DType]string{Complex64: "c64", Complex128: "c128"}
	for _, dt := range AllDTypes() {
		name := dt.String()
		if n, ok := fileName[dt]; ok {
			name = n
		}
		cases = append(cases, tc{name + "_2x3.npy", sampleTensor(t, dt), true})
	}
	bf16s := sampleTensor(t, BFloat16)
	bf16s.Shape = []int{6}
	beC8 := mustFromSlice(t, []int{2}, []complex64{1.5 - 2i, -0.25 + 8i})
	f16s := mustFromSlice(t, []int{2}, []uint16{F32ToF16(1.5), F32ToF16(-2)})
	f16s.DType = Float16
	cases = append(cases,
		tc{"f32_scalar.npy", Scalar(float32(5.5)), true},
		tc{"f64_0x3.npy", mustFromSlice(t, []int{0, 3}, []float64{}), true},
		tc{"f32_special.npy", mustFromSlice(t, []int{6}, []float32{
			float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)),
			float32(math.Copysign(0, -1)), math.Float32frombits(1), math.MaxFloat32}), true},
		tc{"i64_negative.npy", mustFromSlice(t, []int{3}, []int64{-1, math.MinInt64, math.MaxInt64}), true},
		tc{"f32_1d_big.npy", func() *Tensor {
			v := make([]float32, 300)
			for i := range v {
				v[i] = float32(i)
			}
			return mustFromSlice(t, []int{300}, v)
		}(), true},
		tc{"be_f4.npy", sampleTensor(t, Float32), false},
		tc{"be_i8.npy", mustFromSlice(t, []int{3}, []int64{-1, 2, 3}), false},
		tc{"be_f2.npy", f16s, false},
		tc{"be_c8.npy", beC8, false},
		tc{"bf16_named.npy", bf16s, false},
		tc{"v2_void.npy", bf16s, false},
		tc{"v2_i32.npy", mustFromSlice(t, []int{4}, []int32{0, 1, 2, 3}), false},
		tc{"v3_f32.npy", mustFromSlice(t, []int{4}, []float32{0, 1, 2, 3}), false},
	)
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("testdata", c.file)
			got, err := ReadNPYFile(path, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if f32 := got.DType == Float32 && c.want.DType == Float32; !got.Equal(c.want) && !(f32 && nanEqual(got, c.want)) {
				t.Fatalf("got %s, want %s", Format(got, 0), Format(c.want, 0))
			}
			if !c.sameBytes {
				return
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := WriteNPY(&buf, got); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), raw) {
				t.Errorf("WriteNPY differs from numpy:\n got %q\nwant %q", buf.Bytes(), raw)
			}
		})
	}
}

// nanEqual compares f32 tensors treating every NaN as equal (numpy's NaN
// payload is not ours to pin).
func nanEqual(a, b *Tensor) bool {
	if a.Len() != b.Len() {
		return false
	}
	for i := 0; i < a.Len(); i++ {
		x, y := a.Float64At(i), b.Float64At(i)
		if x != y && !(math.IsNaN(x) && math.IsNaN(y)) {
			return false
		}
		if x == 0 && math.Signbit(x) != math.Signbit(y) {
			return false
		}
	}
	return true
}

func TestReadNPYUnsupportedNumpyFiles(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"fortran_f64.npy", "Fortran-order arrays are not supported; save with np.ascontiguousarray"},
		{"complex256.npy", `complex arrays (descr "<c32") are not supported`},
		{"structured.npy", "structured arrays (descr is a list of fields) are not supported"},
		{"unicode.npy", `unicode-string arrays (descr "<U2") are not supported`},
		{"object.npy", `object arrays (descr "|O") are not supported`},
	} {
		t.Run(c.file, func(t *testing.T) {
			_, err := ReadNPYFile(filepath.Join("testdata", c.file), 1<<20)
			if !errors.Is(err, ErrNPY) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an ErrNPY containing %q", err, c.want)
			}
			if !strings.HasPrefix(err.Error(), filepath.Join("testdata", c.file)+": ") {
				t.Errorf("error does not name the file: %v", err)
			}
		})
	}
}

func TestNPYRoundTripEveryDType(t *testing.T) {
	shapes := [][]int{{}, {0}, {3}, {2, 3}, {0, 4}, {4, 0, 2}, {1, 1, 1, 1, 5}}
	for _, dt := range AllDTypes() {
		for _, shape := range shapes {
			in, err := New(dt, shape)
			if err != nil {
				t.Fatal(err)
			}
			for i := range in.Data {
				in.Data[i] = byte(i*7 + 3)
				if dt == Bool {
					in.Data[i] &= 1
				}
			}
			var buf bytes.Buffer
			if err := WriteNPY(&buf, in); err != nil {
				t.Fatal(err)
			}
			if buf.Len()%npyAlign != len(in.Data)%npyAlign {
				t.Errorf("%s: header not padded to %d bytes", in.Type(), npyAlign)
			}
			out, err := ReadNPY(&buf, int64(len(in.Data)))
			if err != nil {
				t.Fatalf("%s: %v", in.Type(), err)
			}
			if !out.Equal(in) {
				t.Errorf("%s: round trip changed the tensor", in.Type())
			}
		}
	}
}

func TestWriteNPYStridedAndBool(t *testing.T) {
	// A transposed 2x3 view of a row-major 3x2 buffer.
	base := mustFromSlice(t, []int{3, 2}, []int32{0, 3, 1, 4, 2, 5})
	view := &Tensor{DType: Int32, Shape: []int{2, 3}, Strides: []int{1, 2}, Data: base.Data}
	var buf bytes.Buffer
	if err := WriteNPY(&buf, view); err != nil {
		t.Fatal(err)
	}
	got, err := ReadNPY(&buf, 1<<10)
	if err != nil {
		t.Fatal(err)
	}
	if want := mustFromSlice(t, []int{2, 3}, []int32{0, 1, 2, 3, 4, 5}); !got.Equal(want) {
		t.Errorf("strided write: got %s", Format(got, 0))
	}

	// Bool bytes other than 0 and 1 are normalised on write and on read.
	b := &Tensor{DType: Bool, Shape: []int{3}, Data: []byte{0, 2, 255}}
	buf.Reset()
	if err := WriteNPY(&buf, b); err != nil {
		t.Fatal(err)
	}
	if got := buf.Bytes()[buf.Len()-3:]; !bytes.Equal(got, []byte{0, 1, 1}) {
		t.Errorf("bool write: got data %v", got)
	}
	hdr := "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }\n"
	rb, err := ReadNPY(bytes.NewReader(npyFile(1, hdr, []byte{0, 7, 1})), 0)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rb.Data, []byte{0, 1, 1}) {
		t.Errorf("bool read: got data %v", rb.Data)
	}

	if err := WriteNPY(&buf, &Tensor{DType: Float32, Shape: []int{4}, Data: make([]byte, 8)}); err == nil {
		t.Error("WriteNPY accepted a tensor with too little data")
	}
}

func TestReadNPYHeaderForms(t *testing.T) {
	data := []byte{1, 0, 0, 0, 2, 0, 0, 0}
	want := mustFromSlice(t, []int{2}, []int32{1, 2})
	for _, hdr := range []string{
		"{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }",
		`{"shape": (2,), "descr": "<i4", "fortran_order": False}`,
		"{ 'fortran_order' :False ,'shape':( 2 , ) ,'descr':'<i4' , }\n",
		"\t{'descr':'=i4','fortran_order':False,'shape':(2L,)}  \r\n",
		"{'descr': 'i4', 'fortran_order': False, 'shape': (+2,)}",
		"{'descr': '<i4', 'fortran_order': True, 'shape': (2,)}", // 1-d: same bytes in both orders
		"{'descr': '<i4', 'fortran_order': True, 'shape': (1, 2, 1)}",
	} {
		got, err := ReadNPY(bytes.NewReader(npyFile(1, hdr, data)), 8)
		if err != nil {
			t.Errorf("%q: %v", hdr, err)
			continue
		}
		if got.DType != Int32 || got.Len() != 2 || !bytes.Equal(got.Data, data) {
			t.Errorf("%q: got %s", hdr, Format(got, 0))
		}
	}
	// Trailing bytes after the data are ignored.
	hdr := "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }\n"
	got, err := ReadNPY(bytes.NewReader(npyFile(1, hdr, append(data, "garbage"...))), 8)
	if err != nil || !got.Equal(want) {
		t.Errorf("trailing garbage: %v, %v", got, err)
	}
	// Version 3.0 headers are UTF-8; nothing in a valid one needs more.
	got, err = ReadNPY(bytes.NewReader(npyFile(3, hdr, data)), 8)
	if err != nil || !got.Equal(want) {
		t.Errorf("v3: %v, %v", got, err)
	}
}

func TestReadNPYErrors(t *testing.T) {
	good := "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }\n"
	data24 := make([]byte, 24)
	hdr := func(descr, fortran, shape string) string {
		return "{'descr': " + descr + ", 'fortran_order': " + fortran + ", 'shape': " + shape + ", }\n"
	}
	cases := []struct {
		name     string
		file     []byte
		maxBytes int64
		want     string
	}{
		{"empty", nil, 0, "file too short for the magic string and version (0 bytes)"},
		{"short magic", []byte("\x93NUM"), 0, "file too short"},
		{"bad magic", append([]byte("PK\x03\x04\x00\x00\x00\x00"), data24...), 0, `bad magic "PK\x03\x04\x00\x00"`},
		{"version 4", npyFile(4, good, data24), 0, "unsupported version 4.0"},
		{"version 1.1", func() []byte { f := npyFile(1, good, data24); f[7] = 1; return f }(), 0, "unsupported version 1.1"},
		{"no header length", []byte(npyMagic + "\x01\x00\x05"), 0, "file ends before the header length"},
		{"header too long", []byte(npyMagic + "\x02\x00\x00\x00\x00\x40"), 0, "header of 1073741824 bytes is longer than the limit of 1048576"},
		{"truncated header", []byte(npyMagic + "\x01\x00\x40\x00{'descr'"), 0, "truncated header: expected 64 bytes, got 8"},
		{"not a dict", npyFile(1, "('<f4', False, (2,))", nil), 0, "not a dict but a tuple"},
		{"garbage after dict", npyFile(1, good[:len(good)-1]+"x", nil), 0, `unexpected 'x'`},
		{"unterminated", npyFile(1, "{'descr': '<f4'", nil), 0, "unterminated dict"},
		{"unterminated string", npyFile(1, "{'descr: '<f4'}", nil), 0, "expected ':' after key"},
		{"newline in string", npyFile(1, "{'descr': '<f4\n'}", nil), 0, "unterminated string"},
		{"escape", npyFile(1, `{'descr': '<f\4'}`, nil), 0, "escape sequences"},
		{"missing key", npyFile(1, "{'descr': '<f4', 'shape': (2,)}", nil), 0, `missing key "fortran_order"`},
		{"extra key", npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}", nil), 0, `unexpected key "x"`},
		{"duplicate key", npyFile(1, "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2,)}", nil), 0, `duplicate key "descr"`},
		{"int key", npyFile(1, "{1: 2}", nil), 0, "dict key must be a string"},
		{"missing comma", npyFile(1, "{'descr': '<f4' 'fortran_order': False}", nil), 0, "expected ',' or '}'"},
		{"double comma", npyFile(1, hdr("'<f4'", "False", "(2,,)"), nil), 0, "unexpected ','"},
		{"call", npyFile(1, hdr("'<f4'", "False", "tuple()"), nil), 0, `unexpected name "tuple"`},
		{"deep", npyFile(1, hdr("'<f4'", "False", strings.Repeat("(", 50)+strings.Repeat(")", 50)), nil), 0, "nested deeper than"},
		{"many values", npyFile(1, hdr("'<f4'", "False", "("+strings.Repeat("1,", 200000)+")"), data24), 0, "more than 1024 values"},
		{"fortran", npyFile(1, hdr("'<f4'", "True", "(2, 3)"), data24), 0, "Fortran-order arrays are not supported; save with np.ascontiguousarray"},
		{"fortran not bool", npyFile(1, hdr("'<f4'", "0", "(2, 3)"), data24), 0, "fortran_order is a int, want True or False"},
		{"descr int", npyFile(1, hdr("4", "False", "(2, 3)"), data24), 0, "descr is a int"},
		{"complex", npyFile(1, hdr("'<c32'", "False", "(2, 3)"), data24), 0, `complex arrays (descr "<c32") are not supported`},
		{"complex int", npyFile(1, hdr("'<c4'", "False", "(2, 3)"), data24), 0, `complex arrays (descr "<c4") are not supported`},
		{"void 4", npyFile(1, hdr("'<V4'", "False", "(2, 3)"), data24), 0, `void/structured arrays (descr "<V4") are not supported`},
		{"bf16 short", npyFile(1, hdr("'<V2'", "False", "(2, 3)"), data24[:11]), 0, "truncated data: expected 12 bytes, got 11"},
		{"c128 short", npyFile(1, hdr("'<c16'", "False", "(2, 3)"), data24), 0, "truncated data: expected 96 bytes, got 24"},
		{"c128 over limit", npyFile(1, hdr("'<c16'", "False", "(65536, 16)"), data24), 1 << 20, "holds 16777216 bytes, over the limit"},
		{"c128 over 4 GiB", npyFile(1, hdr("'<c16'", "False", "(268435457,)"), data24), 0, "larger than 4 GiB"},
		{"bfloat16 name quoted oddly", npyFile(1, hdr("'bfloat17'", "False", "(2, 3)"), data24), 0, `unsupported dtype descr "bfloat17"`},
		{"bytes", npyFile(1, hdr("'|S3'", "False", "(2, 3)"), data24), 0, "byte-string arrays"},
		{"datetime", npyFile(1, hdr("'<M8[ns]'", "False", "(2, 3)"), data24), 0, "datetime64 arrays"},
		{"void", npyFile(1, hdr("'|V8'", "False", "(2, 3)"), data24), 0, "void/structured arrays"},
		{"long double", npyFile(1, hdr("'<f16'", "False", "(2, 3)"), data24), 0, `unsupported dtype descr "<f16"`},
		{"empty descr", npyFile(1, hdr("'<'", "False", "(2, 3)"), data24), 0, `empty dtype descr "<"`},
		{"shape not tuple", npyFile(1, hdr("'<f4'", "False", "[2, 3]"), data24), 0, "shape is a list"},
		{"shape paren int", npyFile(1, hdr("'<f4'", "False", "(6)"), data24), 0, "shape is a int"},
		{"shape str dim", npyFile(1, hdr("'<f4'", "False", "('2',)"), data24), 0, "shape dim 0 is a string"},
		{"negative dim", npyFile(1, hdr("'<f4'", "False", "(2, -3)"), data24), 0, "shape dim 1 is negative (-3)"},
		{"absurd dim", npyFile(1, hdr("'<f4'", "False", "(99999999999999999999999,)"), data24), 0, "shape dim 0 is absurdly large (99999999999999999999999)"},
		{"huge dim", npyFile(1, hdr("'<f4'", "False", "(4294967297,)"), data24), 0, "shape dim 0 is absurdly large"},
		{"leading zero", npyFile(1, hdr("'<f4'", "False", "(02,)"), data24), 0, "leading zero"},
		{"L in v3", npyFile(3, hdr("'<f4'", "False", "(2L,)"), data24), 0, `bad integer "2L"`},
		{"rank", npyFile(1, hdr("'<f4'", "False", "("+strings.Repeat("1, ", 17)+")"), data24), 0, "rank 17"},
		{"overflow", npyFile(1, hdr("'<f4'", "False", "(65536, 65536, 65536)"), data24), 0, "has more than 4294967296 elements"},
		{"over 4 GiB", npyFile(1, hdr("'<f8'", "False", "(1073741824,)"), data24), 0, "larger than 4 GiB"},
		{"over maxBytes", npyFile(1, hdr("'<f4'", "False", "(1000, 1000)"), data24), 1 << 20, "array (1000, 1000) of f32 holds 4000000 bytes, over the limit of 1048576"},
		{"truncated data", npyFile(1, good, data24[:10]), 0, "truncated data: expected 24 bytes, got 10"},
		{"truncated big", npyFile(1, hdr("'<f4'", "False", "(300000000,)"), data24), 0, "truncated data: expected 1200000000 bytes, got 24"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tt, err := ReadNPY(bytes.NewReader(c.file), c.maxBytes)
			if err == nil {
				t.Fatalf("no error; got %s", Format(tt, 8))
			}
			if !errors.Is(err, ErrNPY) {
				t.Errorf("error does not wrap ErrNPY: %v", err)
			}
			// The cases over maxBytes (and only they) match ErrNPYTooLarge.
			if tooLarge := strings.Contains(c.want, "over the limit"); errors.Is(err, ErrNPYTooLarge) != tooLarge {
				t.Errorf("errors.Is(err, ErrNPYTooLarge) = %v, want %v: %v", !tooLarge, tooLarge, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %q, want it to contain %q", err, c.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

// TestReadNPYLarge reads an array larger than the first read chunk, so the
// buffer grows, from a reader that returns short reads.
func TestReadNPYLarge(t *testing.T) {
	n := npyReadChunk + 12345
	in, _ := New(Uint8, []int{n})
	for i := range in.Data {
		in.Data[i] = byte(i * 31)
	}
	var buf bytes.Buffer
	if err := WriteNPY(&buf, in); err != nil {
		t.Fatal(err)
	}
	out, err := ReadNPY(iotest.HalfReader(bytes.NewReader(buf.Bytes())), int64(n))
	if err != nil || !out.Equal(in) || cap(out.Data) != n {
		t.Fatalf("err %v, equal %v, cap %d", err, out != nil && out.Equal(in), cap(out.Data))
	}
	if _, err := ReadNPY(bytes.NewReader(buf.Bytes()[:buf.Len()-1]), 0); err == nil ||
		!strings.Contains(err.Error(), "got "+strconv.Itoa(n-1)) {
		t.Errorf("truncated by one byte: %v", err)
	}
	if _, err := ReadNPY(bytes.NewReader(buf.Bytes()), int64(n-1)); err == nil || !strings.Contains(err.Error(), "over the limit") {
		t.Errorf("one byte over maxBytes: %v", err)
	}
}

// TestReadNPYBoundedAllocation checks that a short file claiming a large
// array costs memory in proportion to what it holds, not to its claim.
func TestReadNPYBoundedAllocation(t *testing.T) {
	file := npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1073741823,), }\n", make([]byte, 100))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ReadNPY(bytes.NewReader(file), 0)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "truncated data: expected 4294967292 bytes, got 100") {
		t.Fatalf("got %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("reading a 200-byte file allocated %d bytes", grew)
	}
}

// errReader fails after n bytes.
type errReader struct {
	r io.Reader
	n int
}

var errDisk = errors.New("disk on fire")

func (e *errReader) Read(p []byte) (int, error) {
	if e.n <= 0 {
		return 0, errDisk
	}
	p = p[:min(len(p), e.n)]
	n, err := e.r.Read(p)
	e.n -= n
	return n, err
}

func TestReadNPYReaderErrors(t *testing.T) {
	in := sampleTensor(t, Float64)
	var buf bytes.Buffer
	if err := WriteNPY(&buf, in); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 7, 9, 20, buf.Len() - 1} {
		_, err := ReadNPY(&errReader{bytes.NewReader(buf.Bytes()), n}, 0)
		if !errors.Is(err, errDisk) {
			t.Errorf("failing after %d bytes: got %v, want the reader's error", n, err)
		}
	}
}

func TestNPYFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.npy")
	in := sampleTensor(t, Int16)
	if err := WriteNPYFile(path, in); err != nil {
		t.Fatal(err)
	}
	// Overwrite: the rename replaces the old file whole.
	in2 := sampleTensor(t, Float16)
	if err := WriteNPYFile(path, in2); err != nil {
		t.Fatal(err)
	}
	got, err := ReadNPYFile(path, 1<<10)
	if err != nil || !got.Equal(in2) {
		t.Fatalf("got %v, %v", got, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if _, err := ReadNPYFile(filepath.Join(dir, "missing.npy"), 0); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if err := WriteNPYFile(filepath.Join(dir, "no", "dir.npy"), in); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
	bad := &Tensor{DType: Float32, Shape: []int{2}, Data: nil}
	if err := WriteNPYFile(filepath.Join(dir, "bad.npy"), bad); err == nil {
		t.Error("writing an invalid tensor succeeded")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("failed writes left files: %v", entries)
	}
}

// FuzzReadNPY checks that no input makes ReadNPY panic or allocate without
// bound, and that whatever it reads survives a WriteNPY/ReadNPY round trip.
func FuzzReadNPY(f *testing.F) {
	for _, dt := range AllDTypes() {
		for _, shape := range [][]int{{}, {2, 3}, {0, 2}} {
			tt, _ := New(dt, shape)
			for i := range tt.Data {
				tt.Data[i] = byte(i + 1)
			}
			var buf bytes.Buffer
			if err := WriteNPY(&buf, tt); err != nil {
				f.Fatal(err)
			}
			f.Add(buf.Bytes())
		}
	}
	if files, err := filepath.Glob(filepath.Join("testdata", "*.npy")); err == nil {
		for _, name := range files {
			if b, err := os.ReadFile(name); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add(npyFile(2, "{'descr': '>f8', 'fortran_order': True, 'shape': (3,), }", make([]byte, 24)))
	f.Add(npyFile(1, "{'descr': '>c16', 'fortran_order': False, 'shape': (2,), }", make([]byte, 32)))
	f.Add(npyFile(1, "{'descr': '>V2', 'fortran_order': False, 'shape': (3,), }", []byte{0x7f, 0x81, 0xff, 0x80, 0, 1}))
	f.Add(npyFile(1, "{'descr': 'bfloat16', 'fortran_order': False, 'shape': (268435457,), }", nil))
	f.Add(npyFile(3, "{'descr': '<c8', 'fortran_order': True, 'shape': (1, 4294967297), }", nil))
	f.Add(npyFile(1, "{'descr': '|V2', 'fortran_order': False, 'shape': (2, 1), }", []byte{1, 2, 3}))
	f.Fuzz(func(t *testing.T, file []byte) {
		tt, err := ReadNPY(bytes.NewReader(file), 1<<20)
		if err != nil {
			if tt != nil {
				t.Fatal("tensor returned with an error")
			}
			return
		}
		if err := tt.Validate(); err != nil {
			t.Fatalf("ReadNPY returned an invalid tensor: %v", err)
		}
		var buf bytes.Buffer
		if err := WriteNPY(&buf, tt); err != nil {
			t.Fatal(err)
		}
		again, err := ReadNPY(&buf, 1<<20)
		if err != nil {
			t.Fatalf("re-reading what WriteNPY wrote: %v", err)
		}
		if !again.Equal(tt) {
			t.Fatal("round trip changed the tensor")
		}
	})
}
