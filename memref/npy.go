package memref

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The .npy format (numpy.lib.format): a magic string, a version, a header
// length (u16 in version 1.0, u32 in 2.0 and 3.0), a header that is a
// Python dict literal, then the raw elements.
const (
	npyMagic = "\x93NUMPY"

	// MaxNPYHeaderBytes bounds the header of an .npy file. numpy itself
	// refuses headers over 10000 bytes unless told otherwise; real headers
	// are about 128 bytes.
	MaxNPYHeaderBytes = 1 << 20

	// npyAlign is the alignment numpy pads the header to.
	npyAlign = 64

	// npyGrowthDigits is numpy's GROWTH_AXIS_MAX_DIGITS: spare spaces numpy
	// adds after the dict so the header can be rewritten in place.
	npyGrowthDigits = 21

	// npyMaxDepth bounds the nesting of the header literal.
	npyMaxDepth = 16

	// npyMaxValues bounds the number of values in the header literal, so a
	// long header cannot make the parser allocate many times its size. A
	// valid header has at most 3 keys and MaxRank dims.
	npyMaxValues = 1024

	// npyReadChunk is the first buffer size for the data, which then grows
	// as bytes actually arrive, so that a short hostile file claiming a
	// large array costs little memory.
	npyReadChunk = 1 << 20
)

// npyErr formats an error that wraps ErrNPY.
func npyErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrNPY, fmt.Sprintf(format, args...))
}

// ReadNPY reads one array in .npy format (versions 1.0, 2.0 and 3.0) from r.
//
// maxBytes bounds the size of the array's data; it is checked against the
// header before anything is allocated, and a value ≤ 0 means no bound other
// than the 4 GiB a wasm32 memory can hold. Every dtype of this package is
// read, little- or big-endian (big-endian data is converted); 0-d and
// zero-size arrays are read: complex64 ("<c8") and complex128 ("<c16")
// among them, and bfloat16 as ml_dtypes' arrays are saved ("<V2", or the
// descr "bfloat16"). Fortran-order arrays, and object, string, datetime,
// structured and other void or complex dtypes are errors. Bool elements are
// normalised to 0 or 1. Bytes after the array's data are not read.
//
// The file is treated as hostile: every error wraps ErrNPY (or is the
// reader's own I/O error) and ReadNPY never panics.
func ReadNPY(r io.Reader, maxBytes int64) (*Tensor, error) {
	var pre [8]byte
	if n, err := io.ReadFull(r, pre[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, npyErr("file too short for the magic string and version (%d bytes)", n)
		}
		return nil, fmt.Errorf("reading .npy preamble: %w", err)
	}
	if string(pre[:6]) != npyMagic {
		return nil, npyErr("bad magic %q, want %q", pre[:6], npyMagic)
	}
	major, minor := pre[6], pre[7]
	var hlen uint64
	switch {
	case major == 1 && minor == 0:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, npyShort("header length", err)
		}
		hlen = uint64(binary.LittleEndian.Uint16(b[:]))
	case (major == 2 || major == 3) && minor == 0:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, npyShort("header length", err)
		}
		hlen = uint64(binary.LittleEndian.Uint32(b[:]))
	default:
		return nil, npyErr("unsupported version %d.%d (want 1.0, 2.0 or 3.0)", major, minor)
	}
	if hlen > MaxNPYHeaderBytes {
		return nil, npyErr("header of %d bytes is longer than the limit of %d", hlen, MaxNPYHeaderBytes)
	}
	hdr, err := io.ReadAll(io.LimitReader(r, int64(hlen)))
	if err != nil {
		return nil, fmt.Errorf("reading .npy header: %w", err)
	}
	if uint64(len(hdr)) != hlen {
		return nil, npyErr("truncated header: expected %d bytes, got %d", hlen, len(hdr))
	}
	h, err := parseNPYHeader(string(hdr), major <= 2)
	if err != nil {
		return nil, err
	}
	n, err := NumElements(h.shape)
	if err != nil {
		return nil, fmt.Errorf("%w: shape %s: %w", ErrNPY, shapeTuple(h.shape), err)
	}
	if h.fortran && !layoutSameInBothOrders(h.shape) {
		return nil, npyErr("Fortran-order arrays are not supported; save with np.ascontiguousarray")
	}
	if n > MaxElements/h.dtype.Size() {
		return nil, fmt.Errorf("%w: shape %s of %v is larger than 4 GiB", ErrNPY, shapeTuple(h.shape), h.dtype)
	}
	need := n * h.dtype.Size()
	if maxBytes > 0 && int64(need) > maxBytes {
		// Worded as every ErrNPY error, matching ErrNPYTooLarge too.
		msg := npyErr("array %s of %v holds %d bytes, over the limit of %d", shapeTuple(h.shape), h.dtype, need, maxBytes).Error()
		return nil, &errorOf{msg: msg, kinds: []error{ErrNPY, ErrNPYTooLarge}}
	}
	data, err := readNPYData(r, need)
	if err != nil {
		return nil, err
	}
	if h.bigEndian {
		swapBytes(data, h.dtype.swapUnit())
	}
	if h.dtype == Bool {
		for i, v := range data {
			if v != 0 {
				data[i] = 1
			}
		}
	}
	return &Tensor{DType: h.dtype, Shape: h.shape, Data: data}, nil
}

// npyShort turns a short read of a fixed-size field into an ErrNPY error.
func npyShort(what string, err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return npyErr("file ends before the %s", what)
	}
	return fmt.Errorf("reading .npy %s: %w", what, err)
}

// layoutSameInBothOrders reports whether C and Fortran order lay out the
// shape's elements identically: at most one dim is larger than 1.
func layoutSameInBothOrders(shape []int) bool {
	big := 0
	for _, d := range shape {
		if d > 1 {
			big++
		}
	}
	return big <= 1
}

// readNPYData reads exactly need bytes. The buffer grows as data arrives
// (doubling from npyReadChunk), so a truncated file never costs more than
// about twice what it holds.
func readNPYData(r io.Reader, need int) ([]byte, error) {
	buf := make([]byte, 0, min(need, npyReadChunk))
	for len(buf) < need {
		if len(buf) == cap(buf) {
			grown := make([]byte, len(buf), min(need, 2*cap(buf)))
			copy(grown, buf)
			buf = grown
		}
		n, err := io.ReadFull(r, buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, npyErr("truncated data: expected %d bytes, got %d", need, len(buf))
			}
			return nil, fmt.Errorf("reading .npy data: %w", err)
		}
	}
	return buf, nil
}

// swapUnit is the size of the scalars whose bytes a change of byte order
// reverses: the parts of a complex, else the element.
func (d DType) swapUnit() int {
	if d.IsComplex() {
		return d.Size() / 2
	}
	return d.Size()
}

// swapBytes reverses the byte order of every size-byte element of data.
func swapBytes(data []byte, size int) {
	switch size {
	case 2:
		for i := 0; i+1 < len(data); i += 2 {
			binary.LittleEndian.PutUint16(data[i:], bits.ReverseBytes16(binary.LittleEndian.Uint16(data[i:])))
		}
	case 4:
		for i := 0; i+3 < len(data); i += 4 {
			binary.LittleEndian.PutUint32(data[i:], bits.ReverseBytes32(binary.LittleEndian.Uint32(data[i:])))
		}
	case 8:
		for i := 0; i+7 < len(data); i += 8 {
			binary.LittleEndian.PutUint64(data[i:], bits.ReverseBytes64(binary.LittleEndian.Uint64(data[i:])))
		}
	}
}

// npyHeader is the meaning of a parsed header.
type npyHeader struct {
	dtype     DType
	bigEndian bool
	fortran   bool
	shape     []int
}

// parseNPYHeader parses the header dict. allowLong accepts Python 2's
// "3L" integers, which numpy filters out of version 1.0 and 2.0 headers.
func parseNPYHeader(text string, allowLong bool) (npyHeader, error) {
	var h npyHeader
	p := &pyParser{s: text, allowLong: allowLong}
	v, err := p.value(0)
	if err == nil {
		p.skipSpace()
		if p.pos < len(p.s) {
			err = p.errorf("unexpected %q after the header dict", p.s[p.pos])
		}
	}
	if err != nil {
		return h, fmt.Errorf("%w: malformed header: %w", ErrNPY, err)
	}
	if v.kind != pyDict {
		return h, npyErr("malformed header: not a dict but a %s", v.kind)
	}
	var descr, fortran, shape *pyValue
	for i := range v.items {
		key, val := v.keys[i], &v.items[i]
		var slot **pyValue
		switch key {
		case "descr":
			slot = &descr
		case "fortran_order":
			slot = &fortran
		case "shape":
			slot = &shape
		default:
			return h, npyErr("malformed header: unexpected key %q", key)
		}
		if *slot != nil {
			return h, npyErr("malformed header: duplicate key %q", key)
		}
		*slot = val
	}
	for _, k := range []struct {
		name string
		v    *pyValue
	}{{"descr", descr}, {"fortran_order", fortran}, {"shape", shape}} {
		if k.v == nil {
			return h, npyErr("malformed header: missing key %q", k.name)
		}
	}
	switch descr.kind {
	case pyStr:
		h.dtype, h.bigEndian, err = parseNPYDescr(descr.str)
		if err != nil {
			return h, err
		}
	case pyList:
		return h, npyErr("structured arrays (descr is a list of fields) are not supported")
	default:
		return h, npyErr("descr is a %s, want a string like '<f4'", descr.kind)
	}
	if fortran.kind != pyBool {
		return h, npyErr("fortran_order is a %s, want True or False", fortran.kind)
	}
	h.fortran = fortran.b
	if shape.kind != pyTuple {
		return h, npyErr("shape is a %s, want a tuple of ints", shape.kind)
	}
	if len(shape.items) > MaxRank {
		return h, fmt.Errorf("%w: shape has rank %d: %w: rank exceeds the maximum of %d", ErrNPY, len(shape.items), ErrShape, MaxRank)
	}
	h.shape = make([]int, len(shape.items))
	for i, d := range shape.items {
		if d.kind != pyInt {
			return h, npyErr("shape dim %d is a %s, want an int", i, d.kind)
		}
		if d.big || d.i > MaxElements {
			return h, fmt.Errorf("%w: shape dim %d is absurdly large (%s): %w", ErrNPY, i, d.str, ErrShape)
		}
		if d.i < 0 {
			return h, fmt.Errorf("%w: shape dim %d is negative (%d): %w", ErrNPY, i, d.i, ErrShape)
		}
		h.shape[i] = int(d.i)
	}
	return h, nil
}

// npyKinds maps a numpy kind letter and item size to a DType.
var npyKinds = map[string]DType{
	"b1":  Bool,
	"i1":  Int8,
	"i2":  Int16,
	"i4":  Int32,
	"i8":  Int64,
	"u1":  Uint8,
	"u2":  Uint16,
	"u4":  Uint32,
	"u8":  Uint64,
	"f2":  Float16,
	"f4":  Float32,
	"f8":  Float64,
	"c8":  Complex64,
	"c16": Complex128,
	// numpy has no bfloat16. ml_dtypes' bfloat16 is of kind 'V', and
	// numpy.save writes a dtype's str, so its arrays are saved as "<V2"
	// and numpy.load gives them back as raw 2-byte voids (then
	// .view(ml_dtypes.bfloat16)). A 2-byte void is read as bf16, the
	// convention other readers of such files (Keras among them) use.
	"V2": BFloat16,
}

// npyUnsupportedKinds names the numpy kinds sandjit refuses, by letter.
var npyUnsupportedKinds = map[byte]string{
	'O': "object",          // Python objects (pickled)
	'S': "byte-string",     // fixed-size bytes
	'a': "byte-string",     // old spelling of S
	'U': "unicode-string",  // fixed-size UCS-4
	'V': "void/structured", // raw records (except V2: bfloat16)
	'c': "complex",         // except c8 and c16
	'M': "datetime64",      // datetimes
	'm': "timedelta64",     // time deltas
}

// parseNPYDescr maps a dtype.str such as "<f4", ">i8", "|b1", "<c8" or
// "<V2" to a DType and whether its bytes are big-endian. The name
// "bfloat16" (what str(dtype) of ml_dtypes' bfloat16 gives, and what a
// header written with it names) is BFloat16 too.
func parseNPYDescr(descr string) (DType, bool, error) {
	if descr == "bfloat16" {
		return BFloat16, false, nil
	}
	body, big := descr, false
	if body != "" {
		switch body[0] {
		case '<', '=', '|':
			body = body[1:]
		case '>':
			body, big = body[1:], true
		}
	}
	if body == "" {
		return Invalid, false, npyErr("empty dtype descr %q", descr)
	}
	dt, ok := npyKinds[body]
	if name, unsupported := npyUnsupportedKinds[body[0]]; unsupported && !ok {
		return Invalid, false, npyErr("%s arrays (descr %q) are not supported", name, descr)
	}
	if !ok {
		return Invalid, false, npyErr("unsupported dtype descr %q", descr)
	}
	return dt, big && dt.Size() > 1, nil
}

// WriteNPY writes t to w in .npy format version 1.0, with the header laid
// out byte for byte as numpy writes it, so numpy.load reads the file and
// the bytes match numpy.save's. Strided tensors are written in row-major
// order.
func WriteNPY(w io.Writer, t *Tensor) error {
	if err := t.Validate(); err != nil {
		return fmt.Errorf("writing .npy: %w", err)
	}
	if _, err := io.WriteString(w, npyPreamble(t.DType, t.Shape)); err != nil {
		return err
	}
	c := t.Contiguous()
	data := c.Data[:t.Len()*t.DType.Size()]
	if t.DType == Bool {
		norm := make([]byte, len(data))
		for i, v := range data {
			if v != 0 {
				norm[i] = 1
			}
		}
		data = norm
	}
	_, err := w.Write(data)
	return err
}

// npyPreamble returns magic, version 1.0, header length and header.
func npyPreamble(dt DType, shape []int) string {
	var b strings.Builder
	b.WriteString("{'descr': '")
	b.WriteString(dt.NumpyDescr())
	b.WriteString("', 'fortran_order': False, 'shape': ")
	b.WriteString(shapeTuple(shape))
	b.WriteString(", }")
	if len(shape) > 0 {
		b.WriteString(strings.Repeat(" ", npyGrowthDigits-len(strconv.Itoa(shape[0]))))
	}
	dict := b.String()
	hlen := len(dict) + 1
	pad := npyAlign - (len(npyMagic)+2+2+hlen)%npyAlign
	total := hlen + pad
	return npyMagic + "\x01\x00" + string([]byte{byte(total), byte(total >> 8)}) +
		dict + strings.Repeat(" ", pad) + "\n"
}

// shapeTuple prints a shape as Python does: "()", "(3,)", "(2, 3)".
func shapeTuple(shape []int) string {
	switch len(shape) {
	case 0:
		return "()"
	case 1:
		return "(" + strconv.Itoa(shape[0]) + ",)"
	}
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = strconv.Itoa(d)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// ReadNPYFile reads an .npy file; see ReadNPY. Errors name the path.
func ReadNPYFile(path string, maxBytes int64) (*Tensor, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := ReadNPY(bufio.NewReader(f), maxBytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// WriteNPYFile writes t to path in .npy format; see WriteNPY. It writes a
// temporary file in the same directory, syncs it and renames it over path,
// so readers see either the old file or the whole new one.
//
// An error names path (an *fs.PathError with Op "write"), never the
// temporary file it writes first.
func WriteNPYFile(path string, t *Tensor) (err error) {
	var f *os.File
	defer func() {
		if err != nil {
			if f != nil {
				f.Close()
				os.Remove(f.Name())
			}
			var pe *fs.PathError
			var le *os.LinkError
			switch {
			case errors.As(err, &pe):
				err = pe.Err
			case errors.As(err, &le):
				err = le.Err
			}
			err = &fs.PathError{Op: "write", Path: path, Err: err}
		}
	}()
	f, err = os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	if err = WriteNPY(bw, t); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// pyKind is the kind of a value in a header literal.
type pyKind int

const (
	pyStr pyKind = iota
	pyInt
	pyBool
	pyNone
	pyTuple
	pyList
	pyDict
)

func (k pyKind) String() string {
	return [...]string{"string", "int", "bool", "None", "tuple", "list", "dict"}[k]
}

// pyValue is a parsed Python literal. For a dict, keys[i] names items[i]
// (keys must be strings).
type pyValue struct {
	kind  pyKind
	str   string // string value, or an int's spelling
	i     int64
	big   bool // int beyond int64
	b     bool
	items []pyValue
	keys  []string
}

// pyParser parses the subset of Python literals an .npy header uses:
// dicts with string keys, tuples, lists, strings in either quote, ints,
// True, False and None, with trailing commas and any whitespace.
type pyParser struct {
	s         string
	pos       int
	allowLong bool
	values    int // parsed so far, bounded by npyMaxValues
}

func (p *pyParser) errorf(format string, args ...any) error {
	return fmt.Errorf("at byte %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *pyParser) skipSpace() {
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p.pos++
		default:
			return
		}
	}
}

func (p *pyParser) value(depth int) (pyValue, error) {
	if depth > npyMaxDepth {
		return pyValue{}, p.errorf("nested deeper than %d", npyMaxDepth)
	}
	if p.values++; p.values > npyMaxValues {
		return pyValue{}, p.errorf("more than %d values", npyMaxValues)
	}
	p.skipSpace()
	if p.pos >= len(p.s) {
		return pyValue{}, p.errorf("unexpected end of header")
	}
	switch c := p.s[p.pos]; {
	case c == '\'' || c == '"':
		s, err := p.str()
		return pyValue{kind: pyStr, str: s}, err
	case c == '{':
		return p.dict(depth)
	case c == '(':
		return p.seq(depth, ')', pyTuple)
	case c == '[':
		return p.seq(depth, ']', pyList)
	case c == '-' || c == '+' || (c >= '0' && c <= '9'):
		return p.integer()
	case isIdentByte(c):
		start := p.pos
		for p.pos < len(p.s) && isIdentByte(p.s[p.pos]) {
			p.pos++
		}
		switch w := p.s[start:p.pos]; w {
		case "True":
			return pyValue{kind: pyBool, b: true}, nil
		case "False":
			return pyValue{kind: pyBool}, nil
		case "None":
			return pyValue{kind: pyNone}, nil
		default:
			p.pos = start
			return pyValue{}, p.errorf("unexpected name %q", w)
		}
	default:
		return pyValue{}, p.errorf("unexpected %q", c)
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// str parses a quoted string without escapes (headers never need them).
func (p *pyParser) str() (string, error) {
	q := p.s[p.pos]
	start := p.pos + 1
	for i := start; i < len(p.s); i++ {
		switch p.s[i] {
		case q:
			p.pos = i + 1
			return p.s[start:i], nil
		case '\\':
			p.pos = i
			return "", p.errorf("escape sequences in strings are not supported")
		case '\n':
			p.pos = i
			return "", p.errorf("unterminated string")
		}
	}
	p.pos = len(p.s)
	return "", p.errorf("unterminated string")
}

// integer parses a decimal int with an optional sign (and, in old headers,
// a trailing L).
func (p *pyParser) integer() (pyValue, error) {
	start := p.pos
	if c := p.s[p.pos]; c == '-' || c == '+' {
		p.pos++
		p.skipSpace()
	}
	digits := p.pos
	for p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
		p.pos++
	}
	if p.pos == digits {
		return pyValue{}, p.errorf("expected digits")
	}
	text := p.s[digits:p.pos]
	if len(text) > 1 && text[0] == '0' {
		return pyValue{}, p.errorf("leading zero in integer %q", text)
	}
	if p.allowLong && p.pos < len(p.s) && (p.s[p.pos] == 'L' || p.s[p.pos] == 'l') {
		p.pos++
	}
	if p.pos < len(p.s) && isIdentByte(p.s[p.pos]) {
		return pyValue{}, p.errorf("bad integer %q", p.s[start:p.pos+1])
	}
	neg := p.s[start] == '-'
	v := pyValue{kind: pyInt, str: p.s[start:p.pos]}
	u, err := strconv.ParseUint(text, 10, 63)
	if err != nil {
		v.big = true
		return v, nil
	}
	v.i = int64(u)
	if neg {
		v.i = -v.i
	}
	return v, nil
}

// seq parses a tuple or list. "(x)" without a comma is x itself, as in
// Python.
func (p *pyParser) seq(depth int, closer byte, kind pyKind) (pyValue, error) {
	p.pos++
	v := pyValue{kind: kind}
	sawComma := false
	for {
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == closer {
			p.pos++
			break
		}
		item, err := p.value(depth + 1)
		if err != nil {
			return v, err
		}
		v.items = append(v.items, item)
		p.skipSpace()
		if p.pos >= len(p.s) {
			return v, p.errorf("unterminated %s", kind)
		}
		if p.s[p.pos] == ',' {
			p.pos++
			sawComma = true
			continue
		}
		if p.s[p.pos] != closer {
			return v, p.errorf("expected ',' or %q in %s, got %q", closer, kind, p.s[p.pos])
		}
	}
	if kind == pyTuple && len(v.items) == 1 && !sawComma {
		return v.items[0], nil
	}
	return v, nil
}

// dict parses a dict with string keys.
func (p *pyParser) dict(depth int) (pyValue, error) {
	p.pos++
	v := pyValue{kind: pyDict}
	for {
		p.skipSpace()
		if p.pos >= len(p.s) {
			return v, p.errorf("unterminated dict")
		}
		if p.s[p.pos] == '}' {
			p.pos++
			return v, nil
		}
		if c := p.s[p.pos]; c != '\'' && c != '"' {
			return v, p.errorf("dict key must be a string, got %q", c)
		}
		key, err := p.str()
		if err != nil {
			return v, err
		}
		p.skipSpace()
		if p.pos >= len(p.s) || p.s[p.pos] != ':' {
			return v, p.errorf("expected ':' after key %q", key)
		}
		p.pos++
		item, err := p.value(depth + 1)
		if err != nil {
			return v, err
		}
		v.keys = append(v.keys, key)
		v.items = append(v.items, item)
		p.skipSpace()
		if p.pos >= len(p.s) {
			return v, p.errorf("unterminated dict")
		}
		switch p.s[p.pos] {
		case ',':
			p.pos++
		case '}':
		default:
			return v, p.errorf("expected ',' or '}' in dict, got %q", p.s[p.pos])
		}
	}
}
