package memref

import "fmt"

// DType is the element type of a tensor. The zero value is Invalid.
//
// Names follow MLIR's builtin types (i1, i8, …, ui8, …, f16, f32, f64,
// bf16, complex<f32>, complex<f64>); the numpy spelling is NumpyDescr.
type DType uint8

// The element types sandjit knows. Their order is part of no ABI; the ABI
// carries no dtype (the compiled kernel knows its types). New types are
// appended, so the existing values never change.
const (
	Invalid    DType = iota
	Bool             // i1, stored as one byte holding 0 or 1
	Int8             // i8
	Int16            // i16
	Int32            // i32
	Int64            // i64
	Uint8            // ui8
	Uint16           // ui16
	Uint32           // ui32
	Uint64           // ui64
	Float16          // f16, IEEE 754 binary16; storage type, computed as f32
	Float32          // f32
	Float64          // f64
	Complex64        // complex<f32>: two f32, real part first (numpy's complex64, "<c8")
	Complex128       // complex<f64>: two f64, real part first (numpy's complex128, "<c16")
	BFloat16         // bf16, bfloat16: the top half of an f32; storage type, computed as f32
	numDTypes
)

// numCompiledDTypes: the types before it are those kernels compile for
// (see Compiled): every type.
const numCompiledDTypes = numDTypes

// dtypeInfo is the table of element types: one entry a line.
var dtypeInfo = [numDTypes]struct {
	mlir  string // MLIR spelling
	numpy string // numpy dtype.str (little-endian)
	size  int    // bytes per element
}{
	Invalid: {"invalid", "", 0},
	Bool:    {"i1", "|b1", 1},
	Int8:    {"i8", "|i1", 1},
	Int16:   {"i16", "<i2", 2},
	Int32:   {"i32", "<i4", 4},
	Int64:   {"i64", "<i8", 8},
	Uint8:   {"ui8", "|u1", 1},
	Uint16:  {"ui16", "<u2", 2},
	Uint32:  {"ui32", "<u4", 4},
	Uint64:  {"ui64", "<u8", 8},
	Float16: {"f16", "<f2", 2},
	Float32: {"f32", "<f4", 4},
	Float64: {"f64", "<f8", 8},
	// numpy has no bfloat16; ml_dtypes' bfloat16 is a void kind, so
	// numpy.save writes its descr as "<V2" (see parseNPYDescr).
	Complex64:  {"complex<f32>", "<c8", 8},
	Complex128: {"complex<f64>", "<c16", 16},
	BFloat16:   {"bf16", "<V2", 2},
}

// dtypeAliases are the other names ParseDTypeName accepts: short forms for
// literals and numpy's and TensorFlow's names.
var dtypeAliases = map[string]DType{
	"c64":        Complex64,
	"complex64":  Complex64,
	"c128":       Complex128,
	"complex128": Complex128,
	"bfloat16":   BFloat16,
}

// AllDTypes lists every valid element type in a fixed order, their values'
// order: i1 … f64, complex<f32>, complex<f64>, then bf16.
func AllDTypes() []DType {
	out := make([]DType, 0, numDTypes-1)
	for d := Bool; d < numDTypes; d++ {
		out = append(out, d)
	}
	return out
}

// CompiledDTypes lists, in AllDTypes' order, the element types the
// compiler takes: what a list of every type an op may support iterates.
func CompiledDTypes() []DType {
	var out []DType
	for _, d := range AllDTypes() {
		if d.Compiled() {
			out = append(out, d)
		}
	}
	return out
}

// Compiled reports whether kernels compile for d (the front end refuses
// the other types as unsupported).
func (d DType) Compiled() bool { return d.Valid() && d < numCompiledDTypes }

// Valid reports whether d is one of the known element types.
func (d DType) Valid() bool { return d > Invalid && d < numDTypes }

// String returns the MLIR spelling ("f32", "ui8", "i1").
func (d DType) String() string {
	if d < numDTypes {
		return dtypeInfo[d].mlir
	}
	return fmt.Sprintf("dtype(%d)", uint8(d))
}

// Size is the number of bytes of one element (1 for Bool, 16 for
// Complex128).
func (d DType) Size() int {
	if d < numDTypes {
		return dtypeInfo[d].size
	}
	return 0
}

// NumpyDescr is the numpy dtype string of d in an .npy header ("<f4").
func (d DType) NumpyDescr() string {
	if d < numDTypes {
		return dtypeInfo[d].numpy
	}
	return ""
}

// IsFloat reports the real floating-point types: f16, f32, f64 and bf16.
func (d DType) IsFloat() bool {
	return d == Float16 || d == Float32 || d == Float64 || d == BFloat16
}

// IsHalf reports the 16-bit float types, f16 and bf16: storage types that
// kernels compute in f32, rounding each stored value to nearest even.
func (d DType) IsHalf() bool { return d == Float16 || d == BFloat16 }

// IsComplex reports complex<f32> and complex<f64>.
func (d DType) IsComplex() bool { return d == Complex64 || d == Complex128 }

// ComplexPart is the type of a complex type's real and imaginary parts
// (f32 for complex<f32>), and Invalid for other types.
func (d DType) ComplexPart() DType {
	switch d {
	case Complex64:
		return Float32
	case Complex128:
		return Float64
	}
	return Invalid
}

// IsInt reports the signed and unsigned integer types (not Bool).
func (d DType) IsInt() bool { return d >= Int8 && d <= Uint64 }

// IsSigned reports the signed integer types.
func (d DType) IsSigned() bool { return d >= Int8 && d <= Int64 }

// IsUnsigned reports the unsigned integer types.
func (d DType) IsUnsigned() bool { return d >= Uint8 && d <= Uint64 }

// Bits is the width of the type in bits (1 for Bool).
func (d DType) Bits() int {
	if d == Bool {
		return 1
	}
	return d.Size() * 8
}

// ParseDType parses an MLIR element type spelling ("f32", "i1", "ui16",
// "bf16", "complex<f32>"). It also accepts the signed spelling "si8"… as
// MLIR does. Some of these types kernels do not compile for (Compiled).
func ParseDType(s string) (DType, bool) {
	switch s {
	case "si8":
		return Int8, true
	case "si16":
		return Int16, true
	case "si32":
		return Int32, true
	case "si64":
		return Int64, true
	}
	for d := Bool; d < numDTypes; d++ {
		if dtypeInfo[d].mlir == s {
			return d, true
		}
	}
	return Invalid, false
}

// ParseDTypeName parses what ParseDType does and the other names a user
// may give a type: c64 and complex64, c128 and complex128, bfloat16.
// Literals and the server's JSON dtype take these.
func ParseDTypeName(s string) (DType, bool) {
	if d, ok := ParseDType(s); ok {
		return d, true
	}
	d, ok := dtypeAliases[s]
	return d, ok
}

// DTypeFromNumpy maps an .npy descr ("<f4", "|b1", "=i8", "<c8") to a
// DType. Byte order must be little-endian or not applicable. A 2-byte void
// ("<V2", "|V2": what numpy.save writes for ml_dtypes' bfloat16) and the
// name "bfloat16" are BFloat16.
func DTypeFromNumpy(descr string) (DType, bool) {
	if descr == "bfloat16" {
		return BFloat16, true
	}
	if len(descr) < 2 {
		return Invalid, false
	}
	norm := descr
	switch descr[0] {
	case '=', '<':
		norm = "<" + descr[1:]
	case '|':
	default:
		return Invalid, false
	}
	for d := Bool; d < numDTypes; d++ {
		want := dtypeInfo[d].numpy
		if want == norm || (want[0] == '|' && "<"+want[1:] == norm) || (want[0] == '<' && "|"+want[1:] == norm) {
			return d, true
		}
	}
	return Invalid, false
}
