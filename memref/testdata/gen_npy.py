#!/usr/bin/env python3
"""Regenerates the .npy files memref's tests read (needs python3-numpy).

Run from this directory: python3 gen_npy.py. The Go tests need no Python;
they check these files' values and that WriteNPY reproduces numpy's bytes.
"""
import numpy as np

# Every dtype memref knows: shape (2, 3), values 0..5 (bool: i % 2 == 1).
for name, dt in [("i1", np.bool_), ("i8", np.int8), ("i16", np.int16), ("i32", np.int32),
                 ("i64", np.int64), ("ui8", np.uint8), ("ui16", np.uint16), ("ui32", np.uint32),
                 ("ui64", np.uint64), ("f16", np.float16), ("f32", np.float32), ("f64", np.float64)]:
    a = np.arange(6).reshape(2, 3)
    a = (a % 2 == 1) if dt is np.bool_ else a.astype(dt)
    np.save(f"{name}_2x3.npy", a)

np.save("f32_scalar.npy", np.float32(5.5))              # rank 0
np.save("f64_0x3.npy", np.zeros((0, 3)))                # zero-size
np.save("f32_special.npy", np.array([np.nan, np.inf, -np.inf, -0.0, 1e-45, 3.4028235e38], np.float32))
np.save("i64_negative.npy", np.array([-1, -2**63, 2**63 - 1], np.int64))
np.save("f32_1d_big.npy", np.arange(300, dtype=np.float32))  # shape[0] has 3 digits

# Big-endian data.
np.save("be_f4.npy", np.arange(6, dtype=">f4").reshape(2, 3))
np.save("be_i8.npy", np.array([-1, 2, 3], dtype=">i8"))
np.save("be_f2.npy", np.array([1.5, -2.0], dtype=">f2"))

# Header versions 2.0 and 3.0.
with open("v2_i32.npy", "wb") as f:
    np.lib.format.write_array(f, np.arange(4, dtype=np.int32), version=(2, 0))
with open("v3_f32.npy", "wb") as f:
    np.lib.format.write_array(f, np.arange(4, dtype=np.float32), version=(3, 0))

# Complex: values i - i*1j (i = 0..5); big-endian too.
for name, dt in [("c64", np.complex64), ("c128", np.complex128)]:
    np.save(f"{name}_2x3.npy", (np.arange(6) - 1j * np.arange(6)).astype(dt).reshape(2, 3))
np.save("be_c8.npy", np.array([1.5 - 2j, -0.25 + 8j], dtype=">c8"))

# bfloat16 as ml_dtypes saves it: its dtype is of kind 'V' and its str is
# "<V2", the descr numpy.save writes, followed by the raw 2-byte values (the
# top halves of the float32 values 0..5, which bf16 holds exactly). Written
# by hand, so that ml_dtypes is not needed here.
def save_descr(path, descr, shape, raw):
    with open(path, "wb") as f:
        np.lib.format._write_array_header(f, {"descr": descr, "fortran_order": False, "shape": shape}, (1, 0))
        f.write(raw)

bf16_0to5 = (np.arange(6, dtype="<f4").view("<u4") >> 16).astype("<u2").tobytes()
save_descr("bf16_2x3.npy", "<V2", (2, 3), bf16_0to5)
# The descr str(dtype) gives, which a header written with ml_dtypes
# imported may carry, and a plain 2-byte void (numpy's "|V2").
save_descr("bf16_named.npy", "bfloat16", (6,), bf16_0to5)
np.save("v2_void.npy", np.frombuffer(bf16_0to5, dtype="V2"))

# Unsupported: Fortran order, complex256, structured, unicode, object.
np.save("fortran_f64.npy", np.asfortranarray(np.arange(6, dtype=np.float64).reshape(2, 3)))
np.save("complex256.npy", np.zeros(2, np.clongdouble))
np.save("structured.npy", np.zeros(2, dtype=[("a", "<i4"), ("b", "<f4")]))
np.save("unicode.npy", np.array(["ab", "c"]))
np.save("object.npy", np.array([1, "x"], dtype=object), allow_pickle=True)
