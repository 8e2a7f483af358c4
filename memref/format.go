package memref

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// litErr formats an error of ParseLiteral, wrapping ErrLiteral.
func litErr(typ, format string, args ...any) error {
	return fmt.Errorf("%w %q: %s", ErrLiteral, typ, fmt.Sprintf(format, args...))
}

// ParseLiteral parses a tensor in the style of iree-run-module's --input
// values: a type, "=", then the elements in row-major order.
//
//	2x3xf32=1 2 3 4 5 6          sizes, then the MLIR element type
//	f32=5                        rank 0
//	3xi1=true false 1            booleans: true, false, 1, 0
//	2x2xi32=[[1,2],[3,4]]        brackets and commas are separators too
//	0x3xf32=                     empty
//	4xf32=0                      one value fills (splats) the whole tensor
//	tensor<2xf32>=[nan -inf]     the form Format prints is accepted as well
//	2xc64=1+2i 3-1i              complex: re±im i (or j), re alone, im i alone
//	2xbf16=1 0.1                 bf16, rounded to nearest even
//
// Element types are ParseDTypeName's: the MLIR spellings (i1 … f64, bf16,
// complex<f32>, complex<f64>) and c64, complex64, c128, complex128,
// bfloat16.
//
// Floats take anything strconv.ParseFloat does (nan, inf, -inf, 1e-3,
// 0x1p-2) and, as in MLIR, a hex integer without a 'p' exponent is the
// float's bit pattern (f32=0x7FC00000). Integers are decimal or, with a
// 0x, 0o or 0b prefix, hex, octal or binary; a hex value may also give a
// signed type's bit pattern (i8=0xFF is -1). Values out of range for the
// element type are errors, as are dynamic sizes ("?").
//
// The element count is checked (NumElements, ByteSize) and the number of
// values counted before the tensor is allocated; a splat may allocate up to
// the 4 GiB a wasm32 memory holds. Errors wrap ErrLiteral and say which
// value is wrong: `bad number "1.2.3" at value 3 of 6`.
func ParseLiteral(s string) (*Tensor, error) {
	typ, vals, ok := strings.Cut(s, "=")
	typ = strings.TrimSpace(typ)
	if !ok {
		return nil, litErr(typ, "missing '=' between the type and the values (want e.g. 2x3xf32=1 2 3 4 5 6)")
	}
	dt, shape, err := parseLiteralType(typ)
	if err != nil {
		return nil, err
	}
	n, err := NumElements(shape)
	if err != nil {
		return nil, fmt.Errorf("%w %q: %w", ErrLiteral, typ, err)
	}
	if _, err := ByteSize(dt, shape); err != nil {
		return nil, fmt.Errorf("%w %q: %w", ErrLiteral, typ, err)
	}
	toks := literalTokens(vals)
	splat := len(toks) == 1 && n != 1
	if !splat && len(toks) != n {
		return nil, litErr(typ, "shape %s has %d %s, got %d %s",
			dimsString(shape), n, plural(n, "element"), len(toks), plural(len(toks), "value"))
	}
	t, err := New(dt, shape)
	if err != nil {
		return nil, fmt.Errorf("%w %q: %w", ErrLiteral, typ, err)
	}
	es := dt.Size()
	if splat {
		// The value is checked even when the tensor is empty (0x3xf32=5).
		var v [16]byte
		if err := parseElement(v[:es], dt, toks[0]); err != nil {
			return nil, litErr(typ, "%v in the splat value", err)
		}
		for i := 0; i < len(t.Data); i += es {
			copy(t.Data[i:i+es], v[:es])
		}
		return t, nil
	}
	for i, tok := range toks {
		if err := parseElement(t.Data[i*es:(i+1)*es], dt, tok); err != nil {
			return nil, litErr(typ, "%v at value %d of %d", err, i+1, n)
		}
	}
	return t, nil
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// dimsString prints a shape as "2x3" ("()" for rank 0).
func dimsString(shape []int) string {
	if len(shape) == 0 {
		return "()"
	}
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, "x")
}

// parseLiteralType parses "2x3xf32", "f32" or "tensor<2x3xf32>".
func parseLiteralType(typ string) (DType, []int, error) {
	body := typ
	if rest, ok := strings.CutPrefix(body, "tensor<"); ok {
		inner, ok := strings.CutSuffix(rest, ">")
		if !ok {
			return Invalid, nil, litErr(typ, "missing '>' after tensor<")
		}
		body = inner
	}
	if body == "" {
		return Invalid, nil, litErr(typ, "missing type before '=' (want e.g. 2x3xf32)")
	}
	// The element type follows the last 'x', except for the names that
	// hold an 'x' themselves (complex<f32>, complex64, …).
	elem, dimsText := body, ""
	if i := strings.LastIndexByte(body, 'x'); i >= 0 {
		elem, dimsText = body[i+1:], body[:i]
	}
	for _, name := range []string{"complex<f32>", "complex<f64>", "complex64", "complex128"} {
		if rest, ok := strings.CutSuffix(body, name); ok && (rest == "" || strings.HasSuffix(rest, "x")) {
			elem, dimsText = name, strings.TrimSuffix(rest, "x")
		}
	}
	dt, ok := ParseDTypeName(elem)
	if !ok {
		return Invalid, nil, litErr(typ, "unknown element type %q (want i1, i8…i64, ui8…ui64, f16, f32, f64, bf16, c64 or c128)", elem)
	}
	var dims []string
	if dimsText != "" || strings.HasPrefix(body, "x") {
		dims = strings.Split(dimsText, "x")
	}
	if len(dims) > MaxRank {
		return Invalid, nil, fmt.Errorf("%w %q: %w: rank %d exceeds the maximum of %d", ErrLiteral, typ, ErrShape, len(dims), MaxRank)
	}
	shape := make([]int, len(dims))
	for i, d := range dims {
		if d == "?" {
			return Invalid, nil, litErr(typ, "dim %d is dynamic ('?'); a literal needs every size", i)
		}
		if d == "" || strings.TrimLeft(d, "0123456789") != "" {
			return Invalid, nil, litErr(typ, "dim %d is %q, not a size", i, d)
		}
		v, err := strconv.ParseInt(d, 10, 64)
		if err != nil || v > MaxElements {
			return Invalid, nil, fmt.Errorf("%w %q: %w: dim %d is too large (%s)", ErrLiteral, typ, ErrShape, i, d)
		}
		shape[i] = int(v)
	}
	return dt, shape, nil
}

// literalTokens splits the values at whitespace, commas and brackets.
func literalTokens(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		switch r {
		case ' ', '\t', '\n', '\r', '\f', '\v', ',', '[', ']':
			return true
		}
		return false
	})
}

// parseElement parses one value of type dt into dst (little-endian).
func parseElement(dst []byte, dt DType, tok string) error {
	switch {
	case dt == Bool:
		switch strings.ToLower(tok) {
		case "true", "1":
			dst[0] = 1
		case "false", "0":
			dst[0] = 0
		default:
			return fmt.Errorf("bad boolean %q (want true, false, 1 or 0)", tok)
		}
		return nil
	case dt.IsComplex():
		re, im, err := parseComplex(tok, dt.ComplexPart())
		if err != nil {
			return err
		}
		h := dt.Size() / 2
		if err := parseElement(dst[:h], dt.ComplexPart(), re); err != nil {
			return err
		}
		return parseElement(dst[h:], dt.ComplexPart(), im)
	case dt.IsFloat():
		if isHexBits(tok) {
			u, err := strconv.ParseUint(tok[2:], 16, dt.Bits())
			if err != nil {
				return fmt.Errorf("hex bit pattern %q does not fit %v", tok, dt)
			}
			putUint(dst, u)
			return nil
		}
		f, err := strconv.ParseFloat(tok, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				return fmt.Errorf("number %q is out of range for %v", tok, dt)
			}
			return fmt.Errorf("bad number %q", tok)
		}
		switch dt {
		case Float16:
			h := F64ToF16(f)
			if h&0x7fff == 0x7c00 && !math.IsInf(f, 0) {
				return fmt.Errorf("number %q is out of range for %v", tok, dt)
			}
			binary.LittleEndian.PutUint16(dst, h)
		case BFloat16:
			h := F64ToBF16(f)
			if h&0x7fff == 0x7f80 && !math.IsInf(f, 0) {
				return fmt.Errorf("number %q is out of range for %v", tok, dt)
			}
			binary.LittleEndian.PutUint16(dst, h)
		case Float32:
			f32, err := strconv.ParseFloat(tok, 32)
			if err != nil {
				return fmt.Errorf("number %q is out of range for %v", tok, dt)
			}
			binary.LittleEndian.PutUint32(dst, math.Float32bits(float32(f32)))
		default:
			binary.LittleEndian.PutUint64(dst, math.Float64bits(f))
		}
		return nil
	case dt.IsUnsigned():
		if strings.HasPrefix(tok, "-") {
			return fmt.Errorf("number %q is negative, but %v is unsigned", tok, dt)
		}
		u, err := strconv.ParseUint(tok, 0, dt.Bits())
		if err != nil {
			return numberError(tok, dt, err)
		}
		putUint(dst, u)
		return nil
	default:
		v, err := strconv.ParseInt(tok, 0, dt.Bits())
		if err != nil {
			if isHex(tok) {
				if u, uerr := strconv.ParseUint(tok, 0, dt.Bits()); uerr == nil {
					putUint(dst, u)
					return nil
				}
			}
			return numberError(tok, dt, err)
		}
		putUint(dst, uint64(v))
		return nil
	}
}

// parseComplex splits a complex token into the texts of its real and
// imaginary parts: "1+2i" ("j" too, as Python writes), "-1.5e-3-2i",
// "3" (imaginary 0), "2i" (real 0), "nan+infi". The sign splitting the
// parts is the last '+' or '-' that starts neither the token nor an
// exponent.
func parseComplex(tok string, part DType) (re, im string, err error) {
	last := tok[len(tok)-1]
	if last != 'i' && last != 'j' || isHexBits(tok) {
		return tok, "0", nil
	}
	body := tok[:len(tok)-1]
	for k := len(body) - 1; k > 0; k-- {
		c := body[k]
		if c != '+' && c != '-' {
			continue
		}
		if p := body[k-1]; p == 'e' || p == 'E' || p == 'p' || p == 'P' {
			if !isHex(body) || p == 'p' || p == 'P' {
				continue
			}
		}
		re, im = body[:k], body[k:]
		if strings.HasPrefix(im, "+") {
			im = im[1:]
		}
		if im == "" || im == "-" || re == "" {
			return "", "", fmt.Errorf("bad complex number %q (want e.g. 1+2i)", tok)
		}
		return re, im, nil
	}
	if body == "" || body == "-" || body == "+" {
		return "", "", fmt.Errorf("bad complex number %q (want e.g. 1+2i)", tok)
	}
	return "0", strings.TrimPrefix(body, "+"), nil
}

func numberError(tok string, dt DType, err error) error {
	if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
		return fmt.Errorf("number %q is out of range for %v", tok, dt)
	}
	return fmt.Errorf("bad number %q", tok)
}

// isHex reports a 0x-prefixed token.
func isHex(tok string) bool {
	return len(tok) > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')
}

// isHexBits reports a hex integer that, for a float type, is a bit pattern
// (no 'p' exponent, no fraction point).
func isHexBits(tok string) bool {
	return isHex(tok) && !strings.ContainsAny(tok, "pP.")
}

// putUint stores the low len(dst) bytes of u little-endian.
func putUint(dst []byte, u uint64) {
	for i := range dst {
		dst[i] = byte(u >> (8 * i))
	}
}

// F64ToF16 converts a float64 to binary16 bits with a single rounding to
// nearest even (no double rounding through float32); values beyond the f16
// range become ±Inf and NaN stays NaN (quiet).
func F64ToF16(f float64) uint16 {
	// Round to odd into float32 (24 bits ≥ 11+2); rounding that to nearest
	// even in F32ToF16 then gives the correctly rounded f16.
	return F32ToF16(roundToOdd32(f))
}

// Format prints t in the form ParseLiteral reads:
//
//	tensor<2x3xf32>=[[1 2 3] [4 5 6]]
//	tensor<f32>=5
//	tensor<0x3xf32>=[]
//
// Floats print in the shortest form that reads back to the same value of
// their width; non-finite ones as nan, inf and -inf; booleans as true and
// false. When t has more than maxElems elements (maxElems > 0), each
// dimension shows as many leading and trailing entries as fit, at least
// one of each, with "..." between, as numpy does. Strided tensors print in
// logical order. An invalid tensor prints its type and the problem.
func Format(t *Tensor, maxElems int) string {
	if t == nil {
		return "<nil tensor>"
	}
	if err := t.Validate(); err != nil {
		return TypeString(t.DType, t.Shape) + "=<invalid: " + err.Error() + ">"
	}
	var b strings.Builder
	b.WriteString(t.Type())
	b.WriteByte('=')
	if t.Rank() == 0 {
		writeElement(&b, t, 0)
		return b.String()
	}
	edge := -1
	if maxElems > 0 && t.Len() > maxElems {
		edge = formatEdge(t.Shape, maxElems)
	}
	f := formatter{b: &b, t: t, strides: t.strides(), edge: edge}
	f.dim(0, 0)
	return b.String()
}

// formatEdge picks the largest number e ≥ 1 of leading (and trailing)
// entries per dimension such that at most maxElems elements print.
func formatEdge(shape []int, maxElems int) int {
	shown := func(e int) int {
		n := 1
		for _, d := range shape {
			n *= min(d, 2*e)
			if n > maxElems {
				return n
			}
		}
		return n
	}
	largest := 0
	for _, d := range shape {
		largest = max(largest, d)
	}
	// shown is monotone in e: search the last e in [1, largest] that fits.
	e := sort.Search(largest, func(e int) bool { return shown(e+1) > maxElems })
	return max(e, 1)
}

type formatter struct {
	b       *strings.Builder
	t       *Tensor
	strides []int
	edge    int // entries kept at each end of a dim; -1: no elision
}

func (f *formatter) dim(d, off int) {
	f.b.WriteByte('[')
	size := f.t.Shape[d]
	for i := 0; i < size; i++ {
		if i > 0 {
			f.b.WriteByte(' ')
		}
		if f.edge >= 0 && size > 2*f.edge && i == f.edge {
			f.b.WriteString("... ")
			i = size - f.edge
		}
		at := off + i*f.strides[d]
		if d == len(f.t.Shape)-1 {
			writeElement(f.b, f.t, at)
		} else {
			f.dim(d+1, at)
		}
	}
	f.b.WriteByte(']')
}

// writeElement prints the element at element offset off of t's Data.
func writeElement(b *strings.Builder, t *Tensor, off int) {
	switch dt := t.DType; {
	case dt == Bool:
		b.WriteString(strconv.FormatBool(t.Data[off] != 0))
	case dt == Float16:
		b.WriteString(formatF16(le16(t.Data[2*off:])))
	case dt == BFloat16:
		b.WriteString(formatBF16(le16(t.Data[2*off:])))
	case dt.IsComplex():
		c := t.Complex128At(off)
		b.WriteString(FormatComplex(real(c), imag(c), dt.ComplexPart().Bits()))
	case dt == Float32:
		b.WriteString(formatFloat(float64(math.Float32frombits(le32(t.Data[4*off:]))), 32))
	case dt == Float64:
		b.WriteString(formatFloat(math.Float64frombits(le64(t.Data[8*off:])), 64))
	case dt.IsUnsigned():
		b.WriteString(strconv.FormatUint(t.Bits64At(off), 10))
	default:
		b.WriteString(strconv.FormatInt(int64(t.Bits64At(off)), 10))
	}
}

// formatFloat prints f in the shortest form that reads back to the same
// float of bitSize bits.
func formatFloat(f float64, bitSize int) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', -1, bitSize)
}

// formatF16 prints f16 bits in the shortest decimal form that F64ToF16
// reads back to the same bits.
func formatF16(h uint16) string {
	f := float64(F16ToF32(h))
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return formatFloat(f, 64)
	}
	// Find the fewest significant digits that read back to h (at most 5
	// for binary16), then spell that decimal as the wider types do: it has
	// under 15 digits, so its float64 prints back with the same digits.
	for prec := 1; prec < 17; prec++ {
		s := strconv.FormatFloat(f, 'g', prec, 64)
		if g, err := strconv.ParseFloat(s, 64); err == nil && F64ToF16(g) == h {
			return strconv.FormatFloat(g, 'g', -1, 64)
		}
	}
	return strconv.FormatFloat(f, 'g', -1, 32)
}

// formatBF16 prints bf16 bits in the shortest decimal form that F64ToBF16
// reads back to the same bits.
func formatBF16(h uint16) string {
	f := float64(BF16ToF32(h))
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return formatFloat(f, 64)
	}
	for prec := 1; prec < 17; prec++ {
		s := strconv.FormatFloat(f, 'g', prec, 64)
		if g, err := strconv.ParseFloat(s, 64); err == nil && F64ToBF16(g) == h {
			return strconv.FormatFloat(g, 'g', -1, 64)
		}
	}
	return strconv.FormatFloat(f, 'g', -1, 32)
}

// FormatComplex prints re+im·i as ParseLiteral reads it ("1+2i", "0-1i",
// "nan+infi"), each part in the shortest form that reads back to the same
// float of bitSize (32 or 64) bits. A NaN imaginary part prints as +nan.
func FormatComplex(re, im float64, bitSize int) string {
	sign := "+"
	if math.Signbit(im) && !math.IsNaN(im) {
		sign, im = "-", -im
	}
	return formatFloat(re, bitSize) + sign + formatFloat(im, bitSize) + "i"
}
