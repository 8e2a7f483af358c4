// Package memref holds sandjit's data at rest: element types, shapes,
// tensors, their file and text forms, the byte layout through which a
// compiled kernel sees its arguments, and the allocator that places tensors
// in a kernel's linear memory. It is a leaf: it imports only the standard
// library, and every other sandjit package may import it.
//
// What it takes: bytes from outside (.npy files, --input literals), Go
// slices, and a Wasm linear memory (a []byte whose base never moves) to
// allocate in.
//
// What it gives:
//   - DType (i1, i8…i64, ui8…ui64, f16, f32, f64, bf16, and for the host
//     side only so far complex<f32>, complex<f64>), shapes bounded by
//     MaxRank and MaxElements, and Tensor: dense, little-endian, row-major
//     or strided (strides in elements; stride 0 broadcasts).
//   - .npy I/O (ReadNPY, WriteNPY and their File forms): numpy's versions
//     1.0 to 3.0, every DType, 0-d and zero-size arrays, big-endian input;
//     written files are byte-identical to numpy.save's.
//   - Text forms: ParseLiteral reads iree-run-module style values
//     ("2x3xf32=1 2 3 4 5 6"); Format prints "tensor<2x3xf32>=[[1 2 3] [4 5 6]]".
//   - The descriptor ABI (ABIVersion, the Arg*/Desc* offsets, ArgLayout,
//     Status): the versioned layout of the argument block that the host
//     writes and the generated Wasm reads.
//   - Arena: a thread-safe allocator of 64-byte aligned, zeroed blocks in a
//     linear memory, bounded by a per-tenant limit, whose tensors kernels
//     read in place.
//
// What it guarantees: input from outside is treated as hostile. Readers
// and parsers check every count and size against their bounds before they
// allocate, return errors that say what is wrong and wrap a sentinel of
// errors.go (ErrNPY, ErrLiteral, ErrShape, ErrABI, ErrArena, ErrArenaFull)
// for errors.Is, and never panic on bad input; a panic starting "BUG:"
// means a broken invariant or a caller's out-of-range index into a layout.
// The arena never hands out overlapping blocks, never lets one caller see
// bytes another wrote, and never exceeds its limit. Nothing here keeps
// global mutable state.
//
// What it is not: not a tensor math library (no arithmetic, broadcasting
// or reductions: those are kernels), not a general numpy reader (no
// Fortran order, objects, strings or structured dtypes, no .npz),
// and not the Wasm side of the ABI (wasmgen emits that reader from the
// constants here). Data is little-endian, as on every host sandjit runs on
// (amd64, arm64) and in Wasm.
package memref
