package server

import (
	"bytes"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

func testBudget() *budget {
	return &budget{bytes: 1 << 20, maxBytes: 1 << 20, maxRank: 8, maxElements: 1 << 18}
}

// TestJSONRoundTrip decodes a value of every dtype from JSON and encodes
// it back: the text is the same (exact integers, shortest floats,
// non-finite floats as strings).
func TestJSONRoundTrip(t *testing.T) {
	for _, c := range []struct{ dtype, data string }{
		{"i1", "true false true"},
		{"i8", "-128 127 0"},
		{"i16", "-32768 32767"},
		{"i32", "-2147483648 2147483647"},
		{"i64", "-9223372036854775808 9223372036854775807"},
		{"ui8", "0 255"},
		{"ui16", "65535"},
		{"ui32", "4294967295"},
		{"ui64", "18446744073709551615 9007199254740993"},
		{"f16", `6.55e+04 -6.104e-05 6e-08 "nan" "inf" "-inf" 0.3333 1 -0`},
		{"f32", `3.4028235e+38 1e-45 "nan" "-inf" 0.1 -0`},
		{"f64", `1.7976931348623157e+308 5e-324 0.1 "inf"`},
	} {
		vals := strings.Fields(c.data)
		body := `{"inputs":[{"dtype":"` + c.dtype + `","shape":[` + itoa(len(vals)) + `],"data":[` + strings.Join(vals, ",") + `]}]}`
		ts, err := decodeJSON([]byte(body), 1, testBudget())
		if err != nil {
			t.Errorf("%s: %v", c.dtype, err)
			continue
		}
		enc, err := encodeOutputs(formatJSON, ts, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		want := `{"outputs":[{"dtype":"` + c.dtype + `","shape":[` + itoa(len(vals)) + `],"data":[` + strings.Join(vals, ",") + `]}]}` + "\n"
		if string(enc.body) != want {
			t.Errorf("%s:\n got %s\nwant %s", c.dtype, enc.body, want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestJSONComplexAndBF16 decodes complex tensors as [re, im] pairs and bf16
// values rounded to nearest even, and encodes them back.
func TestJSONComplexAndBF16(t *testing.T) {
	for _, c := range []struct{ in, shape, data, wantDType, wantData string }{
		{"c64", "[2]", `[[1,2],[-0.5,"nan"]]`, "complex<f32>", `[[1,2],[-0.5,"nan"]]`},
		{"complex<f64>", "[1,2]", `[[[0.1,"-inf"],[3,-0]]]`, "complex<f64>", `[[0.1,"-inf"],[3,-0]]`},
		{"complex128", "[]", `[5,6]`, "complex<f64>", `[[5,6]]`},
		{"bf16", "[4]", `[1, 1.00390625, 0.1, "inf"]`, "bf16", `[1,1,0.1,"inf"]`},
		{"bfloat16", "[1]", `[3.3895313892515355e+38]`, "bf16", `[3.39e+38]`},
	} {
		body := `{"inputs":[{"dtype":"` + c.in + `","shape":` + c.shape + `,"data":` + c.data + `}]}`
		ts, err := decodeJSON([]byte(body), 1, testBudget())
		if err != nil {
			t.Errorf("%s: %v", body, err)
			continue
		}
		enc, err := encodeOutputs(formatJSON, ts, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		shape := strings.ReplaceAll(c.shape, "[", "")
		want := `{"outputs":[{"dtype":"` + c.wantDType + `","shape":[` + strings.TrimSuffix(shape, "]") + `],"data":` + c.wantData + `}]}` + "\n"
		if string(enc.body) != want {
			t.Errorf("%s:\n got %s\nwant %s", body, enc.body, want)
		}
	}
	for _, c := range []struct{ dtype, shape, data, want string }{
		{"c64", "[2]", `[[1,2],[3]]`, "3 values for shape [2], which has 2 complex elements"},
		{"c64", "[1]", `[[1,2],[3,4]]`, "more than the 2 values"},
		{"c64", "[1]", `[[1,1e39]]`, "not a finite f32"},
		{"bf16", "[1]", `[1e39]`, "out of the bf16 range"},
		{"complex<i8>", "[1]", `[1]`, "unknown dtype"},
	} {
		body := `{"inputs":[{"dtype":"` + c.dtype + `","shape":` + c.shape + `,"data":` + c.data + `}]}`
		_, err := decodeJSON([]byte(body), 1, testBudget())
		var ae *apiError
		if !errors.As(err, &ae) || ae.status != http.StatusBadRequest || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want a 400 containing %q", body, err, c.want)
		}
	}
	// The budget counts a complex<f64> as 16 bytes.
	b := &budget{bytes: 31, maxBytes: 31, maxRank: 8, maxElements: 100}
	if _, err := decodeJSON([]byte(`{"inputs":[{"dtype":"c128","shape":[2],"data":[[1,2],[3,4]]}]}`), 1, b); err == nil {
		t.Error("32 bytes of c128 fit a budget of 31")
	}
}

func TestJSONDecodeShapes(t *testing.T) {
	for _, c := range []struct {
		body string
		ok   bool
	}{
		{`{"inputs":[{"dtype":"f32","shape":[],"data":5}]}`, true},
		{`{"inputs":[{"dtype":"f32","shape":[],"data":[5]}]}`, true},
		{`{"inputs":[{"dtype":"f32","shape":[2,2],"data":[[1,2],[3,4]]}]}`, true},
		{`{"inputs":[{"dtype":"f32","shape":[0,5],"data":[]}]}`, true},
		{`{"inputs":[{"dtype":"f32","shape":[2],"data":["1.5", "-2"]}]}`, true},
		{`{"inputs":[]}`, true},
		{`{"inputs":[{"dtype":"f32","shape":5,"data":[5]}]}`, false},
		{`{"inputs":[{"dtype":"f32","shape":[[1]],"data":[5]}]}`, false},
		{`{"inputs":[{"dtype":"f32","shape":["1"],"data":[5]}]}`, false},
		{`{"inputs":[{"dtype":"f32","shape":null,"data":[5]}]}`, false},
		{`{"inputs":[{"dtype":"f32","shape":[1],"data":"x"}]}`, false},
		{`{"inputs":[{"dtype":"f32","shape":[1],"data":["0x1p3"]}]}`, false},
		{`{"inputs":[{"dtype":"f16","shape":[1],"data":[65520]}]}`, false},
		{`{"inputs":[{"dtype":"i1","shape":[1],"data":[2]}]}`, false},
		{`{"inputs":[{"dtype":"ui8","shape":[1],"data":[-1]}]}`, false},
		{`{"inputs":[{"dtype":"i8","shape":[1],"data":[1e2]}]}`, false},
		{`{"inputs":[],"inputs":[]}`, false},
		{`{"outputs":[]}`, false},
		{`{}`, false},
		{``, false},
	} {
		_, err := decodeJSON([]byte(c.body), 2, testBudget())
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v", c.body, err)
		}
		var ae *apiError
		if err != nil && (!errors.As(err, &ae) || ae.status != http.StatusBadRequest) {
			t.Errorf("%s: %v is not a 400", c.body, err)
		}
	}
}

func TestBudget(t *testing.T) {
	b := &budget{bytes: 100, maxBytes: 100, maxRank: 2, maxElements: 20}
	check := func(err error, status int, limit string) {
		t.Helper()
		var ae *apiError
		if !errors.As(err, &ae) || ae.status != status || ae.limit != limit {
			t.Errorf("got %v, want %d %s", err, status, limit)
		}
	}
	check(b.reserve("x", memref.Float32, []int{-1}), 400, "")
	check(b.reserve("x", memref.Float32, []int{1 << 40, 1 << 40}), 400, "")
	check(b.reserve("x", memref.Float32, []int{1, 1, 1}), 413, limitRank)
	check(b.reserve("x", memref.Float32, []int{21}), 413, limitElements)
	if err := b.reserve("x", memref.Float32, []int{20}); err != nil {
		t.Fatal(err)
	}
	check(b.reserve("x", memref.Float32, []int{6}), 413, limitTensorBytes) // 80 + 24 > 100
	if err := b.reserve("x", memref.Float32, []int{5}); err != nil || b.bytes != 0 {
		t.Errorf("exact fit: %v, %d left", err, b.bytes)
	}
}

func TestNPZNames(t *testing.T) {
	for name, want := range map[string]int{"arg0.npy": 0, "arg12.npy": 12, "arr_3.npy": 3} {
		if got, ok := npzIndex(name); !ok || got != want {
			t.Errorf("%s: %d %v", name, got, ok)
		}
	}
	for _, name := range []string{"arg.npy", "arg01.npy", "arg-1.npy", "arg1", "x/arg1.npy", "arg99999.npy", "ARG1.npy", "arg1.npy.npy"} {
		if _, ok := npzIndex(name); ok {
			t.Errorf("%s accepted", name)
		}
	}
	// A zip comment after the directory is allowed (numpy writes none).
	z := npzBytes(t, false, "arg0.npy", npyBytes(t, mustTensor(t, []int{2}, []float32{1, 2})))
	z[len(z)-2] = 5
	z = append(z, "hello"...)
	if ts, err := decodeNPZ(z, 1, testBudget()); err != nil || len(ts) != 1 {
		t.Errorf("zip with comment: %v", err)
	}
}

func TestMultipartDecode(t *testing.T) {
	x := npyBytes(t, mustTensor(t, []int{2}, []float32{1, 2}))
	body, ct := multipartBody(t, x, x)
	boundary := ct[strings.Index(ct, "boundary=")+len("boundary="):]
	ts, err := decodeMultipart(bytes.NewReader(body), boundary, 2, testBudget())
	if err != nil || len(ts) != 2 {
		t.Fatalf("%v %d", err, len(ts))
	}
	if _, err := decodeMultipart(bytes.NewReader(body), boundary, 1, testBudget()); err == nil {
		t.Errorf("more parts than inputs accepted")
	}
	b := &budget{bytes: 10, maxBytes: 10, maxRank: 8, maxElements: 100}
	var ae *apiError
	if _, err := decodeMultipart(bytes.NewReader(body), boundary, 2, b); !errors.As(err, &ae) || ae.limit != limitTensorBytes {
		t.Errorf("budget over parts: %v", err)
	}
}
