package server

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/sandjit/sandjit/memref"
)

// format is a wire format of tensors.
type format uint8

const (
	formatNone      format = iota
	formatJSON             // {"inputs":[…]} / {"outputs":[…]}
	formatNPY              // one .npy array (one input or one result)
	formatNPZ              // a zip of arg0.npy … / result0.npy …
	formatMultipart        // multipart/form-data, one .npy per part
)

// formats lists each format's name (?format=) and media types, the first
// of which is what responses carry.
var formats = []struct {
	f     format
	name  string
	types []string
}{
	{formatJSON, "json", []string{"application/json"}},
	{formatNPY, "npy", []string{"application/x-npy", "application/octet-stream"}},
	{formatNPZ, "npz", []string{"application/x-npz", "application/zip"}},
	{formatMultipart, "multipart", []string{"multipart/form-data", "multipart/mixed"}},
}

func (f format) String() string {
	for _, x := range formats {
		if x.f == f {
			return x.name
		}
	}
	return "none"
}

// formatOfType maps a media type (without parameters) to its format.
func formatOfType(mt string) format {
	for _, x := range formats {
		for _, t := range x.types {
			if strings.EqualFold(mt, t) {
				return x.f
			}
		}
	}
	return formatNone
}

// inputFormat reads the request's Content-Type.
func inputFormat(r *http.Request) (format, map[string]string, error) {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return formatNone, nil, errorf(http.StatusUnsupportedMediaType, kindMediaType,
			"Content-Type must be application/json, multipart/form-data, application/x-npz or application/x-npy")
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return formatNone, nil, errorf(http.StatusUnsupportedMediaType, kindMediaType, "Content-Type %q: %v", clip(ct, 64), err)
	}
	f := formatOfType(mt)
	if f == formatNone {
		return formatNone, nil, errorf(http.StatusUnsupportedMediaType, kindMediaType,
			"Content-Type %q is not application/json, multipart/form-data, application/x-npz or application/x-npy", clip(mt, 64))
	}
	if f == formatMultipart && params["boundary"] == "" {
		return formatNone, nil, errorf(http.StatusBadRequest, kindBadRequest, "multipart Content-Type without a boundary")
	}
	return f, params, nil
}

// outputFormat picks the response format: ?format=, else the first
// acceptable type of the Accept header, else (no Accept, or a wildcard)
// the input's format — npz instead of npy when the kernel returns other
// than one result.
func outputFormat(r *http.Request, in format, results int) (format, error) {
	def := in
	if in == formatNPY && results != 1 {
		def = formatNPZ
	}
	if name := r.URL.Query().Get("format"); name != "" {
		for _, x := range formats {
			if x.name == name {
				return x.f, nil
			}
		}
		return formatNone, errorf(http.StatusNotAcceptable, kindNotAccept, "format must be json, npy, npz or multipart, got %q", clip(name, 32))
	}
	named := false
	for _, h := range r.Header.Values("Accept") {
		for _, part := range strings.Split(h, ",") {
			if strings.TrimSpace(part) == "" {
				continue
			}
			named = true
			mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err != nil {
				continue
			}
			if q, ok := params["q"]; ok {
				if v, err := strconv.ParseFloat(q, 64); err == nil && v == 0 {
					continue
				}
			}
			if mt == "*/*" || mt == "application/*" {
				return def, nil
			}
			if f := formatOfType(mt); f != formatNone {
				return f, nil
			}
		}
	}
	if !named {
		return def, nil
	}
	return formatNone, errorf(http.StatusNotAcceptable, kindNotAccept,
		"Accept names no format this server writes (application/json, application/x-npy, application/x-npz, multipart/form-data)")
}

// encoded is a complete response body.
type encoded struct {
	contentType string
	body        []byte
}

// errResponseTooLarge ends an encoding that outgrew max_response_bytes.
var errResponseTooLarge = errors.New("response too large")

// capBuffer is a bytes.Buffer that refuses to grow past max.
type capBuffer struct {
	bytes.Buffer
	max int64
}

func (b *capBuffer) Write(p []byte) (int, error) {
	if int64(b.Len()+len(p)) > b.max {
		return 0, errResponseTooLarge
	}
	return b.Buffer.Write(p)
}

// encodeOutputs writes the results in format f, whole, within maxBytes.
func encodeOutputs(f format, outs []*memref.Tensor, maxBytes int64) (*encoded, error) {
	buf := &capBuffer{max: maxBytes}
	var ct string
	var err error
	switch f {
	case formatJSON:
		ct = "application/json"
		err = writeJSONOutputs(buf, outs)
	case formatNPY:
		ct = "application/x-npy"
		if len(outs) != 1 {
			return nil, errorf(http.StatusNotAcceptable, kindNotAccept, "npy holds one array, and the kernel returns %d: ask for npz", len(outs))
		}
		err = memref.WriteNPY(buf, outs[0])
	case formatNPZ:
		ct = "application/x-npz"
		zw := zip.NewWriter(buf)
		for i, t := range outs {
			var w interface{ Write([]byte) (int, error) }
			if w, err = zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("result%d.npy", i), Method: zip.Store}); err != nil {
				break
			}
			if err = memref.WriteNPY(w, t); err != nil {
				break
			}
		}
		if err == nil {
			err = zw.Close()
		}
	case formatMultipart:
		mw := multipart.NewWriter(buf)
		ct = mw.FormDataContentType()
		for i, t := range outs {
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="result%d"; filename="result%d.npy"`, i, i))
			h.Set("Content-Type", "application/x-npy")
			var w interface{ Write([]byte) (int, error) }
			if w, err = mw.CreatePart(h); err != nil {
				break
			}
			if err = memref.WriteNPY(w, t); err != nil {
				break
			}
		}
		if err == nil {
			err = mw.Close()
		}
	default:
		return nil, errorf(http.StatusNotAcceptable, kindNotAccept, "no output format")
	}
	if errors.Is(err, errResponseTooLarge) {
		return nil, overLimit(limitResponseBytes, "the %s response is over the tenant's max_response_bytes of %d", f, maxBytes)
	}
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", f, err)
	}
	return &encoded{contentType: ct, body: buf.Bytes()}, nil
}

// writeJSONOutputs writes {"outputs":[{"dtype":…,"shape":[…],"data":[…]}…]}.
// Floats print in their shortest exact form, non-finite ones as the
// strings "nan", "inf" and "-inf"; integers print exactly; a complex
// element prints as [re, im].
func writeJSONOutputs(buf *capBuffer, outs []*memref.Tensor) error {
	b := make([]byte, 0, 4096)
	flush := func() error {
		_, err := buf.Write(b)
		b = b[:0]
		return err
	}
	b = append(b, `{"outputs":[`...)
	for i, t := range outs {
		if i > 0 {
			b = append(b, ',')
		}
		t = t.Contiguous()
		b = append(b, `{"dtype":"`...)
		b = append(b, t.DType.String()...)
		b = append(b, `","shape":[`...)
		for j, d := range t.Shape {
			if j > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(d), 10)
		}
		b = append(b, `],"data":[`...)
		n, size := t.Len(), t.DType.Size()
		for k := range n {
			if k > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, t.DType, t.Data[k*size:(k+1)*size])
			if len(b) >= 4096 {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		b = append(b, "]}"...)
	}
	b = append(b, "]}\n"...)
	return flush()
}

// appendValue appends one element as JSON.
func appendValue(b []byte, dt memref.DType, e []byte) []byte {
	switch dt {
	case memref.Bool:
		return strconv.AppendBool(b, e[0] != 0)
	case memref.Float16:
		return appendF16(b, binary.LittleEndian.Uint16(e))
	case memref.Float32:
		return appendFloat(b, float64(math.Float32frombits(binary.LittleEndian.Uint32(e))), 32)
	case memref.Float64:
		return appendFloat(b, math.Float64frombits(binary.LittleEndian.Uint64(e)), 64)
	case memref.BFloat16:
		return appendBF16(b, binary.LittleEndian.Uint16(e))
	case memref.Complex64, memref.Complex128:
		h := len(e) / 2
		b = append(b, '[')
		b = appendValue(b, dt.ComplexPart(), e[:h])
		b = append(b, ',')
		b = appendValue(b, dt.ComplexPart(), e[h:])
		return append(b, ']')
	}
	var u uint64
	switch len(e) {
	case 1:
		u = uint64(e[0])
	case 2:
		u = uint64(binary.LittleEndian.Uint16(e))
	case 4:
		u = uint64(binary.LittleEndian.Uint32(e))
	default:
		u = binary.LittleEndian.Uint64(e)
	}
	if dt.IsSigned() {
		shift := 64 - 8*len(e)
		return strconv.AppendInt(b, int64(u<<shift)>>shift, 10)
	}
	return strconv.AppendUint(b, u, 10)
}

// appendF16 appends the shortest decimal that reads back (rounding to
// nearest even) to the same f16.
func appendF16(b []byte, h uint16) []byte {
	f := float64(memref.F16ToF32(h))
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return appendFloat(b, f, 32)
	}
	for prec := 1; prec < 17; prec++ {
		s := strconv.AppendFloat(nil, f, 'g', prec, 64)
		if v, err := strconv.ParseFloat(string(s), 64); err == nil && memref.F64ToF16(v) == h {
			return append(b, s...)
		}
	}
	return appendFloat(b, f, 32)
}

// appendBF16 appends the shortest decimal that reads back (rounding to
// nearest even) to the same bf16.
func appendBF16(b []byte, h uint16) []byte {
	f := float64(memref.BF16ToF32(h))
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return appendFloat(b, f, 32)
	}
	for prec := 1; prec < 17; prec++ {
		s := strconv.AppendFloat(nil, f, 'g', prec, 64)
		if v, err := strconv.ParseFloat(string(s), 64); err == nil && memref.F64ToBF16(v) == h {
			return append(b, s...)
		}
	}
	return appendFloat(b, f, 32)
}

func appendFloat(b []byte, f float64, bits int) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, `"nan"`...)
	case math.IsInf(f, 1):
		return append(b, `"inf"`...)
	case math.IsInf(f, -1):
		return append(b, `"-inf"`...)
	}
	return strconv.AppendFloat(b, f, 'g', -1, bits)
}
