package server

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"github.com/sandjit/sandjit/memref"
)

// budget bounds what decoding one request's inputs may allocate: the
// bytes of all its tensors together, and each tensor's rank and element
// count. It is checked before anything is allocated.
type budget struct {
	bytes       int64 // left for tensor data
	maxBytes    int64 // the quota, for messages
	maxRank     int
	maxElements int
}

func newBudget(q Quotas) *budget {
	return &budget{bytes: q.MaxTensorBytes, maxBytes: q.MaxTensorBytes, maxRank: q.MaxRank, maxElements: q.MaxElements}
}

// reserve checks a tensor of this dtype and shape against the budget and
// takes its bytes. Invalid shapes (negative dims, more than 2^32 elements,
// a product that overflows) are 400; valid ones over a quota are 413.
func (b *budget) reserve(what string, dt memref.DType, shape []int) error {
	if len(shape) > memref.MaxRank {
		return errorf(http.StatusBadRequest, kindBadRequest, "%s: rank %d exceeds the maximum of %d", what, len(shape), memref.MaxRank)
	}
	n, err := memref.NumElements(shape)
	if err != nil {
		return &apiError{status: http.StatusBadRequest, kind: kindBadRequest, msg: fmt.Sprintf("%s: %v", what, err), err: err}
	}
	if len(shape) > b.maxRank {
		return overLimit(limitRank, "%s: rank %d is over the tenant's max_rank of %d", what, len(shape), b.maxRank)
	}
	if n > b.maxElements {
		return overLimit(limitElements, "%s: %d elements are over the tenant's max_elements of %d", what, n, b.maxElements)
	}
	size := int64(n) * int64(dt.Size())
	if size > b.bytes {
		return overLimit(limitTensorBytes, "%s: %d bytes of tensor data exceed what is left of the tenant's max_tensor_bytes of %d", what, size, b.maxBytes)
	}
	b.bytes -= size
	return nil
}

// decodeNPY reads one .npy array from r within the budget, and checks
// that nothing follows it.
func decodeNPY(r io.Reader, b *budget, what string) (*memref.Tensor, error) {
	t, err := memref.ReadNPY(r, b.bytes)
	if err != nil {
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			return nil, err
		case errors.Is(err, memref.ErrNPYTooLarge):
			return nil, &apiError{status: http.StatusRequestEntityTooLarge, kind: limitTensorBytes, limit: limitTensorBytes,
				msg: fmt.Sprintf("%s: %v (what is left of the tenant's max_tensor_bytes of %d)", what, err, b.maxBytes), err: err}
		case isTimeout(err):
			return nil, err
		}
		return nil, &apiError{status: http.StatusBadRequest, kind: kindBadRequest, msg: fmt.Sprintf("%s: %v", what, err), err: err}
	}
	// ReadNPY already checked the bytes against b.bytes; check the rank
	// and element quotas and take the bytes from the budget.
	if err := b.reserve(what, t.DType, t.Shape); err != nil {
		return nil, err
	}
	var one [1]byte
	switch n, err := io.ReadFull(r, one[:]); {
	case n > 0:
		return nil, errorf(http.StatusBadRequest, kindBadRequest, "%s: unexpected bytes after the array's data", what)
	case err != nil && !errors.Is(err, io.EOF):
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) || isTimeout(err) {
			return nil, err
		}
		return nil, &apiError{status: http.StatusBadRequest, kind: kindBadRequest, msg: fmt.Sprintf("%s: %v", what, err), err: err}
	}
	return t, nil
}

// decodeMultipart reads one .npy array per part, in order: at most
// maxInputs parts.
func decodeMultipart(r io.Reader, boundary string, maxInputs int, b *budget) ([]*memref.Tensor, error) {
	mr := multipart.NewReader(r, boundary)
	var out []*memref.Tensor
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) || isTimeout(err) {
				return nil, err
			}
			return nil, &apiError{status: http.StatusBadRequest, kind: kindBadRequest, msg: fmt.Sprintf("multipart body: %v", err), err: err}
		}
		if len(out) == maxInputs {
			p.Close()
			return nil, errorf(http.StatusBadRequest, kindBadRequest, "the kernel takes %d inputs; the body has more parts", maxInputs)
		}
		t, err := decodeNPY(p, b, fmt.Sprintf("part %d", len(out)))
		p.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
}

// maxZipComment is the longest comment a zip file can carry.
const maxZipComment = 65535

// checkZipDirectory finds the end of the zip central directory the way
// archive/zip does and refuses archives that declare more than
// maxEntries entries, or use zip64 records, before archive/zip allocates
// anything for them.
func checkZipDirectory(b []byte, maxEntries int) error {
	const eocdLen = 22
	if len(b) < eocdLen {
		return errorf(http.StatusBadRequest, kindBadRequest, ".npz: not a zip file (%d bytes)", len(b))
	}
	for i := len(b) - eocdLen; i >= 0 && i >= len(b)-eocdLen-maxZipComment; i-- {
		if b[i] != 'P' || b[i+1] != 'K' || b[i+2] != 5 || b[i+3] != 6 {
			continue
		}
		if n := int(binary.LittleEndian.Uint16(b[i+20:])); i+eocdLen+n > len(b) {
			continue
		}
		records := binary.LittleEndian.Uint16(b[i+10:])
		size := binary.LittleEndian.Uint32(b[i+12:])
		offset := binary.LittleEndian.Uint32(b[i+16:])
		if records == 0xffff || size == 0xffff || offset == 0xffffffff {
			return errorf(http.StatusBadRequest, kindBadRequest, ".npz: zip64 archives are not accepted")
		}
		if int(records) > maxEntries {
			return errorf(http.StatusBadRequest, kindBadRequest, ".npz: %d entries, but the kernel takes %d inputs", records, maxEntries)
		}
		return nil
	}
	return errorf(http.StatusBadRequest, kindBadRequest, ".npz: not a zip file (no end of central directory)")
}

// npzIndex is the argument number of an .npz entry: argN.npy (numpy's
// savez(arg0=…)) or arr_N.npy (savez(x, y)).
func npzIndex(name string) (int, bool) {
	rest, ok := strings.CutSuffix(name, ".npy")
	if !ok {
		return 0, false
	}
	if r, ok := strings.CutPrefix(rest, "arg"); ok {
		rest = r
	} else if r, ok := strings.CutPrefix(rest, "arr_"); ok {
		rest = r
	} else {
		return 0, false
	}
	if rest == "" || len(rest) > 4 || (len(rest) > 1 && rest[0] == '0') {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && n >= 0
}

// decodeNPZ reads the arrays of an .npz archive held in data: entries
// named arg0.npy … (or arr_0.npy …), one per input, each exactly once.
// Every entry is read through decodeNPY, which stops after the header's
// declared bytes (bounded by the budget), so a compressed entry cannot
// expand beyond what the budget allows.
func decodeNPZ(data []byte, nargs int, b *budget) ([]*memref.Tensor, error) {
	if err := checkZipDirectory(data, nargs); err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, &apiError{status: http.StatusBadRequest, kind: kindBadRequest, msg: fmt.Sprintf(".npz: %v", err), err: err}
	}
	if len(zr.File) > nargs {
		return nil, errorf(http.StatusBadRequest, kindBadRequest, ".npz: %d entries, but the kernel takes %d inputs", len(zr.File), nargs)
	}
	out := make([]*memref.Tensor, nargs)
	for _, f := range zr.File {
		i, ok := npzIndex(f.Name)
		if !ok || i >= nargs {
			return nil, errorf(http.StatusBadRequest, kindBadRequest, ".npz: entry %q is not one of arg0.npy … arg%d.npy", clip(f.Name, 64), nargs-1)
		}
		if out[i] != nil {
			return nil, errorf(http.StatusBadRequest, kindBadRequest, ".npz: input %d appears twice", i)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, &apiError{status: http.StatusBadRequest, kind: kindBadRequest, msg: fmt.Sprintf(".npz: %s: %v", clip(f.Name, 64), err), err: err}
		}
		t, err := decodeNPY(rc, b, ".npz: "+f.Name)
		rc.Close()
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	for i, t := range out {
		if t == nil {
			return nil, errorf(http.StatusBadRequest, kindBadRequest, ".npz: input %d (arg%d.npy) is missing", i, i)
		}
	}
	return out, nil
}

// jsonInput is one tensor of a JSON body.
type jsonInput struct {
	DType string          `json:"dtype"`
	Shape jsonShape       `json:"shape"`
	Data  json.RawMessage `json:"data"`
}

// jsonShape is a list of dims, read without allocating beyond MaxRank.
type jsonShape []int

// UnmarshalJSON implements json.Unmarshaler.
func (s *jsonShape) UnmarshalJSON(b []byte) error {
	if len(b) == 0 || b[0] != '[' {
		return fmt.Errorf("shape must be a list of dims")
	}
	var dims []int
	err := scanValues(b, 1, func(tok []byte, str bool) error {
		if str {
			return fmt.Errorf("shape: dims must be integers")
		}
		if len(dims) == memref.MaxRank {
			return fmt.Errorf("shape: rank exceeds the maximum of %d", memref.MaxRank)
		}
		d, err := strconv.ParseInt(string(tok), 10, 64)
		if err != nil {
			return fmt.Errorf("shape: dim %q is not an integer", clip(string(tok), 32))
		}
		if d < 0 {
			return fmt.Errorf("shape: dim %d is negative (%d)", len(dims), d)
		}
		if d > memref.MaxElements {
			return fmt.Errorf("shape: dim %d is absurdly large (%d)", len(dims), d)
		}
		dims = append(dims, int(d))
		return nil
	})
	if err != nil {
		return err
	}
	*s = dims
	if *s == nil {
		*s = jsonShape{}
	}
	return nil
}

// decodeJSON reads {"inputs":[{"dtype":…,"shape":[…],"data":[…]}…]}: at
// most maxInputs tensors, each checked against the budget before its
// data is decoded.
func decodeJSON(body []byte, maxInputs int, b *budget) ([]*memref.Tensor, error) {
	bad := func(format string, args ...any) error {
		return errorf(http.StatusBadRequest, kindBadRequest, "JSON body: "+format, args...)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, bad(`want an object {"inputs":[…]}`)
	}
	var out []*memref.Tensor
	seen := false
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, bad("%v", err)
		}
		if key, _ := tok.(string); key != "inputs" || seen {
			return nil, bad(`want exactly one key, "inputs"`)
		}
		seen = true
		if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
			return nil, bad(`"inputs" must be a list`)
		}
		for dec.More() {
			if len(out) == maxInputs {
				return nil, bad("the kernel takes %d inputs; the body has more", maxInputs)
			}
			var in jsonInput
			if err := dec.Decode(&in); err != nil {
				return nil, bad("inputs[%d]: %v", len(out), err)
			}
			t, err := in.tensor(b, fmt.Sprintf("inputs[%d]", len(out)))
			if err != nil {
				return nil, err
			}
			out = append(out, t)
		}
		if _, err := dec.Token(); err != nil {
			return nil, bad("%v", err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, bad("%v", err)
	}
	if !seen {
		return nil, bad(`missing "inputs"`)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, bad("trailing data after the object")
	}
	return out, nil
}

// tensor builds the input's tensor within the budget.
func (in *jsonInput) tensor(b *budget, what string) (*memref.Tensor, error) {
	dt, ok := memref.ParseDTypeName(in.DType)
	if !ok {
		return nil, errorf(http.StatusBadRequest, kindBadRequest, "%s: unknown dtype %q", what, clip(in.DType, 32))
	}
	if in.Shape == nil {
		return nil, errorf(http.StatusBadRequest, kindBadRequest, "%s: missing shape", what)
	}
	if in.Data == nil {
		return nil, errorf(http.StatusBadRequest, kindBadRequest, "%s: missing data", what)
	}
	shape := []int(in.Shape)
	if err := b.reserve(what, dt, shape); err != nil {
		return nil, err
	}
	t, err := memref.New(dt, shape)
	if err != nil {
		return nil, &apiError{status: http.StatusBadRequest, kind: kindBadRequest, msg: fmt.Sprintf("%s: %v", what, err), err: err}
	}
	// A complex element is two scalars, [re, im]: the data holds 2n
	// scalars, each a part of the complex's part type.
	n, size, vdt, per := t.Len(), dt.Size(), dt, 1
	if dt.IsComplex() {
		vdt, size, per = dt.ComplexPart(), dt.Size()/2, 2
	}
	i := 0
	err = scanValues(in.Data, memref.MaxRank+per, func(tok []byte, str bool) error {
		if i == n*per {
			return fmt.Errorf("more than the %d values of shape %v", n*per, shape)
		}
		if err := putValue(vdt, t.Data[i*size:(i+1)*size], tok, str); err != nil {
			return fmt.Errorf("value %d: %w", i, err)
		}
		i++
		return nil
	})
	if err == nil && i != n*per {
		err = fmt.Errorf("%d values for shape %v, which has %d elements", i, shape, n)
		if per == 2 {
			err = fmt.Errorf("%d values for shape %v, which has %d complex elements ([re, im] each)", i, shape, n)
		}
	}
	if err != nil {
		return nil, errorf(http.StatusBadRequest, kindBadRequest, "%s: data: %v", what, err)
	}
	return t, nil
}

// scanValues calls fn with every scalar of a JSON value (already known to
// be valid JSON): a scalar, or lists nested at most maxDepth deep, in
// order. tok is a number's text, a string's contents (str true) or
// true/false.
func scanValues(b []byte, maxDepth int, fn func(tok []byte, str bool) error) error {
	depth := 0
	for i := 0; i < len(b); {
		switch c := b[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',':
			i++
		case c == '[':
			if depth++; depth > maxDepth {
				return fmt.Errorf("lists nest deeper than %d", maxDepth)
			}
			i++
		case c == ']':
			depth--
			i++
		case c == '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					return fmt.Errorf("escapes in strings are not accepted")
				}
				j++
			}
			if j == len(b) {
				return fmt.Errorf("unterminated string")
			}
			if err := fn(b[i+1:j], true); err != nil {
				return err
			}
			i = j + 1
		case c == '{':
			return fmt.Errorf("objects are not values")
		case c == 'n':
			return fmt.Errorf("null is not a value")
		default:
			j := i
			for j < len(b) && !strings.ContainsRune(" \t\n\r,[]", rune(b[j])) {
				j++
			}
			if err := fn(b[i:j], false); err != nil {
				return err
			}
			i = j
		}
	}
	return nil
}

// putValue writes one element of type dt, little-endian, into dst.
// Integers are exact over their whole range; floats take JSON numbers or
// the strings "nan", "inf", "-inf" (and numbers as strings); booleans
// take true, false, 1 and 0. bf16 values round to nearest even.
func putValue(dt memref.DType, dst []byte, tok []byte, str bool) error {
	s := string(tok)
	switch {
	case dt == memref.Bool:
		switch s {
		case "true", "1":
			dst[0] = 1
		case "false", "0":
			dst[0] = 0
		default:
			return fmt.Errorf("%q is not a boolean", clip(s, 32))
		}
		return nil
	case s == "true" || s == "false":
		if !str {
			return fmt.Errorf("a boolean is not a %v", dt)
		}
	}
	switch {
	case dt.IsFloat():
		f, err := parseFloat(s, dt.Bits())
		if err != nil {
			return err
		}
		switch dt {
		case memref.Float16:
			h := memref.F64ToF16(f)
			if !math.IsInf(f, 0) && h&0x7fff == 0x7c00 {
				return fmt.Errorf("%s is out of the f16 range", clip(s, 32))
			}
			binary.LittleEndian.PutUint16(dst, h)
		case memref.BFloat16:
			h := memref.F64ToBF16(f)
			if !math.IsInf(f, 0) && h&0x7fff == 0x7f80 {
				return fmt.Errorf("%s is out of the bf16 range", clip(s, 32))
			}
			binary.LittleEndian.PutUint16(dst, h)
		case memref.Float32:
			binary.LittleEndian.PutUint32(dst, math.Float32bits(float32(f)))
		default:
			binary.LittleEndian.PutUint64(dst, math.Float64bits(f))
		}
	case dt.IsSigned():
		v, err := strconv.ParseInt(s, 10, dt.Bits())
		if err != nil {
			return fmt.Errorf("%q is not an %v", clip(s, 32), dt)
		}
		putBits(dst, uint64(v))
	default:
		v, err := strconv.ParseUint(s, 10, dt.Bits())
		if err != nil {
			return fmt.Errorf("%q is not a %v", clip(s, 32), dt)
		}
		putBits(dst, v)
	}
	return nil
}

// parseFloat parses a float of the given width: JSON numbers, nan, inf,
// -inf, +inf (any case). Finite values beyond the type's range are errors.
func parseFloat(s string, bits int) (float64, error) {
	switch strings.ToLower(s) {
	case "nan":
		return math.NaN(), nil
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), nil
	case "-inf", "-infinity":
		return math.Inf(-1), nil
	}
	if s == "" || strings.ContainsAny(s, "_xXpPnNiI") {
		return 0, fmt.Errorf("%q is not a number", clip(s, 32))
	}
	size := 64
	if bits == 32 {
		size = 32
	}
	f, err := strconv.ParseFloat(s, size)
	if err != nil {
		return 0, fmt.Errorf("%q is not a finite f%d", clip(s, 32), bits)
	}
	return f, nil
}

func putBits(dst []byte, v uint64) {
	switch len(dst) {
	case 1:
		dst[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(dst, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(dst, uint32(v))
	default:
		binary.LittleEndian.PutUint64(dst, v)
	}
}

// clip shortens s for an error message (which quotes it with %q).
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
