#!/usr/bin/env python3
"""Regenerates the golden tensors under testdata/golden/ for testdata/kernels/.

Usage (Python 3 + numpy only; Debian: apt-get install -y python3-numpy):

    python3 testdata/gen_goldens.py            # (re)write every golden file
    python3 testdata/gen_goldens.py --check    # verify, write nothing
    python3 testdata/gen_goldens.py --only NAME [--only NAME ...]
    python3 testdata/gen_goldens.py --table    # print the kernel -> ops table
    python3 testdata/gen_goldens.py --verbose  # per-kernel cross-check ratios

For each kernel in REGISTRY (below) this script builds its input cases from
fixed seeds, computes the expected results with numpy under the TensorFlow
semantics this project decided on (see testdata/README.md), checks the
inputs and results against the entry function's signature in the .mlir file,
cross-checks float results against the same computation done in float64
(using the kernel's header tolerances), and writes

    golden/<kernel>/c<k>/arg<i>.npy      inputs, in argument order
    golden/<kernel>/c<k>/result<i>.npy   expected results, in result order

The output is deterministic: running the script twice gives byte-identical
files. --check regenerates everything in memory and fails if a kernel has no
goldens, a golden directory has no kernel, or a file on disk differs.
"""

import argparse
import io
import math
import os
import re
import shutil
import sys
import zlib

try:
    import numpy as np
except ImportError:  # e.g. a pyenv python3 ahead of Debian's on PATH
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    sys.exit("gen_goldens.py needs numpy (apt-get install -y python3-numpy)")

np.seterr(all="ignore")

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels")
GOLDEN = os.path.join(HERE, "golden")

# ---------------------------------------------------------------------------
# dtypes

MLIR_TO_NP = {
    "i1": np.dtype(np.bool_), "i8": np.dtype(np.int8), "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32), "i64": np.dtype(np.int64),
    "ui8": np.dtype(np.uint8), "ui16": np.dtype(np.uint16),
    "ui32": np.dtype(np.uint32), "ui64": np.dtype(np.uint64),
    "f16": np.dtype(np.float16), "f32": np.dtype(np.float32), "f64": np.dtype(np.float64),
    "complex<f32>": np.dtype(np.complex64), "complex<f64>": np.dtype(np.complex128),
}
NP_TO_MLIR = {v: k for k, v in MLIR_TO_NP.items()}


class BF16Array(np.ndarray):
    """A bf16 tensor: a float32 array whose values are bf16 values, tagged so that the signature check and
    the .npy writer know it (numpy has no bfloat16). Kernels compute on f32(x) and round results with BF()."""


def BF(x):
    """Round to bf16 as TF stores a bfloat16: from float32 (float64 goes through float32 first, as Eigen's
    bfloat16 constructor), nearest even; NaN becomes the canonical quiet NaN (goldens stay byte-identical)."""
    f = np.array(x, dtype=np.float32, ndmin=1)
    u = f.view(np.uint32).astype(np.uint64)
    r = ((u + np.uint64(0x7FFF) + ((u >> np.uint64(16)) & np.uint64(1))) >> np.uint64(16)).astype(np.uint32)
    r = np.where(np.isnan(f), np.uint32(0x7FC0), r)
    return (r << np.uint32(16)).view(np.float32).reshape(np.shape(x)).view(BF16Array)


def f32(x):
    """A bf16 tensor's values as the f32 it is computed in (f64 in the float64 cross-check)."""
    return np.asarray(x).view(np.ndarray).astype(npdt("f32"))


def elem_name(a):
    """The MLIR element type of an array."""
    return "bf16" if isinstance(a, BF16Array) else NP_TO_MLIR.get(a.dtype)

# The numpy functions run in three modes:
#   "main"    : the goldens (float32 math for f32 kernels).
#   "f64"     : cross-check 1. f32 inputs are widened to f64 and every f32 the
#               kernel produces (constants, casts) is computed as f64 instead.
#   "perturb" : cross-check 2, a model of another correct float32
#               implementation: float reductions (Sum, Prod, Mean, and the sums
#               inside Softmax/LogSoftmax) run sequentially instead of numpy's
#               pairwise order, and every transcendental result (Exp, Log,
#               Log1p, Tanh, Sigmoid, Sin, Cos, Erf, Pow) is moved by a random
#               whole number of units in [-4, 4] of 2**-24 (2**-53 for f64),
#               except exact results (0, +-1, +-Inf, NaN).
# Goldens must agree with both cross-checks within the kernel's tolerances.
MODE = "main"
ALT = False
_PRS = None  # RandomState of the perturb mode


def _perturb(y):
    if MODE != "perturb" or y.dtype.kind != "f" or y.size == 0:
        return y
    u = {2: 2.0**-11, 4: 2.0**-24, 8: 2.0**-53}[y.dtype.itemsize]
    k = _PRS.randint(-4, 5, size=y.shape)
    k[(y == 0) | (np.abs(y) == 1) | ~np.isfinite(y)] = 0  # exact results (exp(0), saturated tanh/erf) stay exact
    return (y.astype(np.float64) * (1.0 + k * u)).astype(y.dtype) if y.dtype.itemsize < 8 else y * (1.0 + k * u)


def npdt(t):
    """numpy dtype for an MLIR element type name (f32 means f64 in ALT mode)."""
    if ALT and t == "f32":
        return np.dtype(np.float64)
    return MLIR_TO_NP[t]


def is_float(a):
    return a.dtype.kind == "f"


def is_int(a):
    return a.dtype.kind in "iu"


def is_bool(a):
    return a.dtype == np.bool_


# ---------------------------------------------------------------------------
# exact integer helpers (object arrays of Python ints, then wrap)


def _obj(a):
    return np.asarray(a).astype(object)


def _wrap(o, dt):
    """Two's-complement wrap of an object array of Python ints into dt."""
    dt = np.dtype(dt)
    bits = dt.itemsize * 8
    m = 1 << bits
    half = m >> 1
    signed = dt.kind == "i"
    o = np.asarray(o, dtype=object)
    flat = []
    for v in o.ravel().tolist():
        v = int(v) % m
        if signed and v >= half:
            v -= m
        flat.append(v)
    return np.array(flat, dtype=dt).reshape(o.shape)


def _binint(x, y, f):
    """Apply f(a, b) -> Python int elementwise with broadcasting, then wrap."""
    assert x.dtype == y.dtype, (x.dtype, y.dtype)
    bx, by = np.broadcast_arrays(x, y)
    out = [f(int(a), int(b)) for a, b in zip(bx.ravel().tolist(), by.ravel().tolist())]
    return _wrap(np.array(out, dtype=object).reshape(bx.shape), x.dtype)


def _unint(x, f):
    out = [f(int(a)) for a in x.ravel().tolist()]
    return _wrap(np.array(out, dtype=object).reshape(x.shape), x.dtype)


def _same(x, y):
    assert x.dtype == y.dtype, "operand dtypes differ: %s vs %s" % (x.dtype, y.dtype)


def _trunc_div(a, b):
    """XLA's integer division: x / 0 == -1 (all ones once wrapped); INT_MIN / -1 wraps to INT_MIN."""
    if b == 0:
        return -1
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _floor_div(a, b):
    """TF's XLA lowering: z = a / b (XLA division), z - 1 if z * b != a and the signs differ.
    By zero: z = -1, so -2 for a < 0 and -1 otherwise."""
    if b == 0:
        return -2 if a < 0 else -1
    return a // b


def _floor_mod(a, b):
    return a if b == 0 else a % b  # Python %: sign of the divisor; XLA's x % 0 == x


def _int_pow(a, b, bits):
    if b < 0:
        if a == 1:
            return 1
        if a == -1:
            return 1 if b % 2 == 0 else -1
        return 0
    return pow(a, b, 1 << bits)  # 0**0 == 1


# ---------------------------------------------------------------------------
# TF ops with the project's semantics. Float math runs in the array's dtype.


def Const(values, t):
    return np.array(values, dtype=npdt(t))


def HexConst(hexstr, t):
    """dense<"0x..."> : a hex blob of raw little-endian element bytes."""
    raw = np.frombuffer(bytes.fromhex(hexstr), dtype=MLIR_TO_NP[t]).copy()
    return raw.astype(npdt(t))


def BitsConst(bits, t):
    """dense<0x7FC00000> : a float given by its bit pattern (or a list of them)."""
    dt = MLIR_TO_NP[t]
    u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[dt.itemsize]
    return np.array(bits, dtype=u).view(dt).astype(npdt(t))


def _c(v, like):
    """A constant of like's dtype (for formulas such as Sigmoid)."""
    return np.array(v, dtype=like.dtype)


def Abs(x):
    return _unint(x, abs) if is_int(x) else np.abs(x)


def Neg(x):
    return _unint(x, lambda a: -a) if is_int(x) else -x


def Square(x):
    return _unint(x, lambda a: a * a) if is_int(x) else x * x


def _fl(x):
    assert is_float(x), "float-only op on %s" % x.dtype
    return x


def Exp(x):
    return _perturb(np.exp(_fl(x)))


def Log(x):
    return _perturb(np.log(_fl(x)))


def Log1p(x):
    return _perturb(np.log1p(_fl(x)))


def Sqrt(x):
    return np.sqrt(_fl(x))


def Rsqrt(x):
    return _c(1, x) / np.sqrt(_fl(x))


def Tanh(x):
    return _perturb(np.tanh(_fl(x)))


def Sigmoid(x):
    return _perturb(_c(1, x) / (_c(1, x) + np.exp(-_fl(x))))


def Sin(x):
    return _perturb(np.sin(_fl(x)))


def Cos(x):
    return _perturb(np.cos(_fl(x)))


def Erf(x):
    _fl(x)
    out = [math.erf(v) for v in x.astype(np.float64).ravel().tolist()]
    return _perturb(np.array(out, dtype=np.float64).reshape(x.shape).astype(x.dtype))


def Relu(x):
    return np.maximum(x, _c(0, x))


def Relu6(x):
    return np.minimum(np.maximum(x, _c(0, x)), _c(6, x))


def Floor(x):
    return np.floor(_fl(x))


def Ceil(x):
    return np.ceil(_fl(x))


def Round(x):
    return x.copy() if is_int(x) else np.round(x)  # half to even


def Rint(x):
    return np.rint(_fl(x))


def Sign(x):
    return np.sign(x)  # NaN -> NaN


def Reciprocal(x):
    if is_int(x):
        return _unint(x, lambda a: _trunc_div(1, a))
    return _c(1, x) / x


def IsFinite(x):
    return np.isfinite(_fl(x))


def LogicalNot(x):
    assert is_bool(x)
    return np.logical_not(x)


def Add(x, y):
    _same(x, y)
    return _binint(x, y, lambda a, b: a + b) if is_int(x) else x + y


AddV2 = Add


def Sub(x, y):
    _same(x, y)
    return _binint(x, y, lambda a, b: a - b) if is_int(x) else x - y


def Mul(x, y):
    _same(x, y)
    return _binint(x, y, lambda a, b: a * b) if is_int(x) else x * y


def Div(x, y):
    _same(x, y)
    return _binint(x, y, _trunc_div) if is_int(x) else x / y


RealDiv = Div


def FloorDiv(x, y):
    _same(x, y)
    if is_int(x):
        return _binint(x, y, _floor_div)
    return np.floor(x / y)


def FloorMod(x, y):
    _same(x, y)
    if is_int(x):
        return _binint(x, y, _floor_mod)
    r = np.fmod(x, y)
    fix = (r != 0) & ((r < 0) != (y < 0))
    return np.where(fix, r + y, r).astype(x.dtype)


def Maximum(x, y):
    _same(x, y)
    return np.maximum(x, y)  # propagates NaN


def Minimum(x, y):
    _same(x, y)
    return np.minimum(x, y)


def Pow(x, y):
    _same(x, y)
    if is_int(x):
        bits = x.dtype.itemsize * 8
        return _binint(x, y, lambda a, b: _int_pow(a, b, bits))
    return _perturb(np.power(x, y))


def SquaredDifference(x, y):
    _same(x, y)
    if is_int(x):
        return _binint(x, y, lambda a, b: (a - b) * (a - b))
    d = x - y
    return d * d


def BiasAdd(x, b, data_format="NHWC"):
    _same(x, b)
    assert b.ndim == 1
    if data_format == "NHWC":
        return Add(x, b)
    assert x.ndim >= 3 and x.shape[1] == b.shape[0]
    return Add(x, b.reshape((b.shape[0],) + (1,) * (x.ndim - 2)))


def _cmp(f):
    def op(x, y):
        _same(x, y)
        return f(x, y)
    return op


Equal = _cmp(np.equal)
NotEqual = _cmp(np.not_equal)
Less = _cmp(np.less)
LessEqual = _cmp(np.less_equal)
Greater = _cmp(np.greater)
GreaterEqual = _cmp(np.greater_equal)


def LogicalAnd(x, y):
    assert is_bool(x) and is_bool(y)
    return np.logical_and(x, y)


def LogicalOr(x, y):
    assert is_bool(x) and is_bool(y)
    return np.logical_or(x, y)


def _bitw(f):
    def op(x, y):
        _same(x, y)
        assert is_int(x)
        return f(x, y)
    return op


BitwiseAnd = _bitw(np.bitwise_and)
BitwiseOr = _bitw(np.bitwise_or)
BitwiseXor = _bitw(np.bitwise_xor)


def Select(c, x, y):
    """tf.Select: cond same shape as x, rank 1 (picks rows of x), or rank 0."""
    assert is_bool(c) and x.shape == y.shape
    _same(x, y)
    if c.ndim == 1 and x.ndim > 1:
        assert c.shape[0] == x.shape[0]
        c = c.reshape((c.shape[0],) + (1,) * (x.ndim - 1))
    else:
        assert c.ndim == 0 or c.shape == x.shape, (c.shape, x.shape)
    return np.where(c, x, y)


def SelectV2(c, x, y):
    assert is_bool(c)
    _same(x, y)
    return np.where(c, x, y)


def _int_to_float_exact(v, mant, maxexp):
    """Round the Python int v to the nearest float with `mant` significand bits."""
    if v == 0:
        return 0.0
    s = -1.0 if v < 0 else 1.0
    a = abs(v)
    e = a.bit_length()
    if e > mant:
        shift = e - mant
        q, r = divmod(a, 1 << shift)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        a = q << shift
    if a.bit_length() > maxexp:
        return s * math.inf
    return s * float(a)


def Cast(x, t):
    dst = npdt(t)
    src = x.dtype
    if dst == np.bool_:
        return x != 0  # NaN -> true
    if src == np.bool_:
        return x.astype(dst)
    if src.kind == "f" and dst.kind in "iu":
        info = np.iinfo(dst)
        out = []
        for v in x.astype(np.float64).ravel().tolist():
            if v != v:
                out.append(0)
            elif v >= info.max:
                out.append(int(info.max))
            elif v <= info.min:
                out.append(int(info.min))
            else:
                out.append(int(v))  # truncates toward zero
        return np.array(out, dtype=object).reshape(x.shape).astype(dst)
    if src.kind in "iu" and dst.kind in "iu":
        return _wrap(_obj(x), dst)
    if src.kind in "iu" and dst.kind == "f":
        mant, maxexp = {2: (11, 16), 4: (24, 128), 8: (53, 1024)}[dst.itemsize]
        out = [_int_to_float_exact(int(v), mant, maxexp) for v in x.ravel().tolist()]
        return np.array(out, dtype=np.float64).reshape(x.shape).astype(dst)
    # float -> float: numpy rounds to nearest even (and overflows to inf)
    return x.astype(dst)


def _axes(x, axes):
    axes = [int(a) for a in np.asarray(axes).reshape(-1).tolist()]
    r = x.ndim
    out = []
    for a in axes:
        assert -r <= a < r, "axis %d out of range for rank %d" % (a, r)
        out.append(a % r if r else a)
    assert len(set(out)) == len(out), "duplicate axes"
    return tuple(sorted(out))


def _count(x, ax):
    n = 1
    for a in ax:
        n *= x.shape[a]
    return n


def _fred(ufunc, x, ax, keep_dims):
    """Float Sum/Prod: numpy's (pairwise) order, or sequential in perturb mode."""
    if MODE != "perturb" or not ax:
        return ufunc.reduce(x, axis=ax, keepdims=keep_dims, dtype=x.dtype)
    rest = [a for a in range(x.ndim) if a not in ax]
    t = np.transpose(x, rest + list(ax))
    n = _count(x, ax)
    t = t.reshape(t.shape[:len(rest)] + (n,))
    if n:
        r = ufunc.accumulate(t, axis=-1, dtype=x.dtype)[..., -1]
    else:
        r = np.full(t.shape[:-1], ufunc.identity, dtype=x.dtype)
    shape = [1 if a in ax else x.shape[a] for a in range(x.ndim)] if keep_dims else [x.shape[a] for a in rest]
    return r.reshape(shape)


def Sum(x, axes, keep_dims=False):
    ax = _axes(x, axes)
    if is_int(x):
        s = np.add.reduce(_obj(x), axis=ax, keepdims=keep_dims, initial=0)
        return _wrap(s, x.dtype)
    return _fred(np.add, x, ax, keep_dims)


def Prod(x, axes, keep_dims=False):
    ax = _axes(x, axes)
    if is_int(x):
        p = np.multiply.reduce(_obj(x), axis=ax, keepdims=keep_dims, initial=1)
        return _wrap(p, x.dtype)
    return _fred(np.multiply, x, ax, keep_dims)


def Max(x, axes, keep_dims=False):
    ax = _axes(x, axes)
    init = -np.inf if is_float(x) else np.iinfo(x.dtype).min
    return np.maximum.reduce(x, axis=ax, keepdims=keep_dims, initial=init)


def Min(x, axes, keep_dims=False):
    ax = _axes(x, axes)
    init = np.inf if is_float(x) else np.iinfo(x.dtype).max
    return np.minimum.reduce(x, axis=ax, keepdims=keep_dims, initial=init)


def Mean(x, axes, keep_dims=False):
    ax = _axes(x, axes)
    n = _count(x, ax)
    if is_int(x):
        # TensorFlow's kernel (reduction_ops.h, CASTING_SPECIALIZATION) sums
        # narrow integers in 64 bits, divides truncating, and casts back.
        wide = np.uint64 if np.issubdtype(x.dtype, np.unsignedinteger) else np.int64
        s = _wrap(np.add.reduce(_obj(x), axis=ax, keepdims=keep_dims, initial=0), wide)
        q = np.vectorize(lambda a: 0 if n == 0 else _trunc_div(int(a), n), otypes=[object])(s)
        return _wrap(q, x.dtype)
    s = Sum(x, axes, keep_dims)
    return (s / np.array(n, dtype=x.dtype)).astype(x.dtype)


def All(x, axes, keep_dims=False):
    assert is_bool(x)
    return np.logical_and.reduce(x, axis=_axes(x, axes), keepdims=keep_dims, initial=True)


def Any(x, axes, keep_dims=False):
    assert is_bool(x)
    return np.logical_or.reduce(x, axis=_axes(x, axes), keepdims=keep_dims, initial=False)


def Softmax(x):
    m = np.maximum.reduce(_fl(x), axis=-1, keepdims=True, initial=-np.inf)
    e = _perturb(np.exp(x - m))
    return e / Sum(e, [-1], True)


def LogSoftmax(x):
    m = np.maximum.reduce(_fl(x), axis=-1, keepdims=True, initial=-np.inf)
    d = x - m
    return d - _perturb(np.log(Sum(_perturb(np.exp(d)), [-1], True)))


# ---------------------------------------------------------------------------
# input specs


def _inject(flat, rs, specials, dt):
    """Put the special values at distinct random positions of flat."""
    if not len(specials) or flat.size == 0:
        return
    k = min(len(specials), flat.size)
    pos = rs.permutation(flat.size)[:k]
    for p, v in zip(pos.tolist(), list(specials)[:k]):
        flat[p] = v


class F:
    """Uniform floats in [lo, hi), optionally snapped to multiples of step."""

    def __init__(self, shape, lo=-1.0, hi=1.0, dt="f32", sp=(), step=None):
        self.shape, self.lo, self.hi, self.dt, self.sp, self.step = tuple(shape), lo, hi, dt, sp, step

    def make(self, rs):
        dt = MLIR_TO_NP["f32" if self.dt == "bf16" else self.dt]
        a = rs.uniform(self.lo, self.hi, size=self.shape)
        if self.step:
            a = np.round(a / self.step) * self.step
        a = np.array(a, dtype=np.float64).astype(dt)
        flat = a.reshape(-1)
        _inject(flat, rs, self.sp, dt)
        return BF(flat.reshape(self.shape)) if self.dt == "bf16" else flat.reshape(self.shape)


class I:
    """Uniform integers in [lo, hi] (inclusive)."""

    def __init__(self, shape, lo, hi, dt="i32", sp=()):
        self.shape, self.lo, self.hi, self.dt, self.sp = tuple(shape), lo, hi, dt, sp

    def make(self, rs):
        dt = MLIR_TO_NP[self.dt]
        a = rs.randint(self.lo, self.hi + 1, size=self.shape, dtype=dt) if self.shape != () else \
            np.array(rs.randint(self.lo, self.hi + 1, dtype=dt), dtype=dt)
        a = np.array(a, dtype=dt)
        flat = a.reshape(-1)
        _inject(flat, rs, self.sp, dt)
        return flat.reshape(self.shape)


class B:
    """Random booleans, true with probability p."""

    def __init__(self, shape, p=0.5):
        self.shape, self.p = tuple(shape), p

    def make(self, rs):
        return np.array(rs.uniform(0, 1, size=self.shape) < self.p, dtype=np.bool_).reshape(self.shape)


class V:
    """Explicit values."""

    def __init__(self, values, dt="f32", shape=None):
        self.values, self.dt, self.shape = values, dt, shape

    def make(self, rs):
        if self.dt == "bf16":
            a = BF(np.array(self.values, dtype=np.float64).astype(np.float32))
            return a if self.shape is None else a.reshape(self.shape)
        dt = MLIR_TO_NP[self.dt]
        if dt.kind == "f":
            a = np.array(self.values, dtype=np.float64).astype(dt)
        elif dt.kind in "iu":
            a = np.array(self.values, dtype=object).astype(dt)
        else:
            a = np.array(self.values, dtype=dt)
        if self.shape is not None:
            a = a.reshape(self.shape)
        return a


class Bits:
    """Floats given by their IEEE bit patterns (ints), e.g. Bits([0x7C00], "f16")."""

    def __init__(self, bits, dt="f16"):
        self.bits, self.dt = list(bits), dt

    def make(self, rs):
        if self.dt == "bf16":
            return (np.array(self.bits, dtype=np.uint32) << np.uint32(16)).view(np.float32).view(BF16Array)
        dt = MLIR_TO_NP[self.dt]
        u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[dt.itemsize]
        return np.array(self.bits, dtype=u).view(dt)


NAN, INF = float("nan"), float("inf")
FSPEC = [NAN, INF, -INF, 0.0, -0.0]  # float specials used everywhere
I32MIN, I32MAX = -(1 << 31), (1 << 31) - 1
I64MIN, I64MAX = -(1 << 63), (1 << 63) - 1

# ---------------------------------------------------------------------------
# registry

REGISTRY = {}


class Kernel:
    def __init__(self, name, fn, cases, alt, alt_skip, note):
        self.name, self.fn, self.cases, self.alt, self.alt_skip, self.note = name, fn, cases, alt, alt_skip, note


def kernel(name, cases, alt=True, alt_skip=(), note=""):
    """Register fn as the numpy model of testdata/kernels/<name>.mlir.

    cases: list of cases, each a list of input specs in argument order.
    alt: run the float64 cross-check (False only with a reason in note).
    alt_skip: (case, result) pairs the cross-check skips, where the result is
      meant to follow float32 rounding that float64 cannot reproduce (say why in note).
    """
    def deco(fn):
        assert name not in REGISTRY, name
        assert alt_skip == () or note, "alt_skip needs a note"
        REGISTRY[name] = Kernel(name, fn, cases, alt, set(alt_skip), note)
        return fn
    return deco


# ===========================================================================
# the kernels (one entry per testdata/kernels/<name>.mlir)

# --- unary -----------------------------------------------------------------


@kernel("unary_abs_neg_square", [
    [F((7, 13), -10, 10, sp=FSPEC + [1e20, -3e19, 1e-30, -1e-25, 1.5e-45])],
    [F((1, 1), -10, 10)],
    [F((0, 5))],
    [F((64, 65), -10000, 10000)],
])
def _(x):
    return Abs(x), Neg(x), Square(x)


@kernel("unary_exp_log", [
    [F((13,), -5, 5, sp=[NAN, INF, -INF, 88.7, 89.0]),
     F((13,), 0, 100, sp=[0.0, -0.0, -1.0, -2.0, INF, -INF, NAN, 1e-38])],
    [V([NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 88.72, 88.73, 100.0, -87.0, -103.0, -104.0, -110.0, 1e-30, 0.5]),
     V([NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, -1.0000001, -0.9999999, 1e-45, 1e-38, 1e-7, -1e-7, 3.4e38, 2.0, 0.5])],
    [F((1,), -1, 1), F((1,), 0, 2)],
    [F((0,)), F((0,))],
    [F((1000,), -80, 80), F((1000,), -0.9, 1.0)],
])
def _(x, y):
    return Exp(x), Log(y), Log1p(y)


@kernel("unary_sqrt_rsqrt", [
    [F((3, 5, 7), 0, 100, sp=FSPEC + [-1.0, -1e-30, 1e-40, 4.0, 0.25, 1e-45, 3.4e38])],
    [F((1, 1, 1), 0, 2)],
    [F((2, 0, 3))],
    [F((4, 16, 17), 0, 10000)],
])
def _(x):
    return Sqrt(x), Rsqrt(x)


@kernel("unary_tanh_sigmoid_erf", [
    [F((7, 13), -10, 10, sp=FSPEC + [1e-8, -1e-8, 20.0, -20.0, 100.0, -100.0, 0.5, -0.5, 1e-30])],
    [F((1, 1), -10, 10)],
    [F((0, 3))],
    [F((40, 50), -6, 6)],
])
def _(x):
    return Tanh(x), Sigmoid(x), Erf(x)


@kernel("unary_relu_relu6", [
    [F((7, 4), -10, 10, sp=FSPEC + [6.0, 6.0000005, 5.9999995, -1e-45, 1e-45])],
    [F((1, 4), -10, 10)],
    [F((0, 4))],
    [F((500, 4), -10, 10)],
])
def _(x):
    return Relu(x), Relu6(x)


HALVES = [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, -3.5, 0.49999997, -0.49999997, 0.50000006, 1.4999999,
          8388607.5, -8388607.5, 8388609.0, 16777217.0, 1e30, -1e30, 0.0, -0.0, NAN, INF, -INF,
          1e-45, -1e-45, 0.25, -0.25, 0.75, -0.75, 2.0, -2.0, 1e-7]


@kernel("unary_rounding", [
    [V(HALVES)],
    [F((1000,), -1000, 1000, step=0.25)],
    [V([-2.5])],
    [F((0,))],
    [F((13,), -3, 3, step=0.5)],
])
def _(x):
    return Floor(x), Ceil(x), Round(x), Rint(x)


@kernel("unary_sign_reciprocal", [
    [F((5, 6), -10, 10, sp=FSPEC + [1e-40, -1e-40, 3e38, -3e38, 1e-45, 0.1, -3.0])],
    [F((1, 1), -1, 1)],
    [F((3, 0))],
    [F((33, 31), -1000, 1000)],
])
def _(x):
    return Sign(x), Reciprocal(x)


@kernel("unary_sin_cos", [
    [F((100,), -100, 100, sp=FSPEC + [3.1415927, -3.1415927, 1.5707964, 6.2831855, 1e-30, 1e-45])],
    [F((1,), -4, 4)],
    [F((0,))],
    [F((2049,), -10, 10)],
])
def _(x):
    return Sin(x), Cos(x)


@kernel("is_finite_logical_not", [
    [F((4, 9), -1e38, 1e38, sp=FSPEC + [3.4028235e38, -3.4028235e38, 1e-45, -1e-45])],
    [V([[NAN]])],
    [F((0, 9))],
    [F((17, 31), -10, 10, sp=[NAN] * 20 + [INF] * 10 + [-INF] * 10)],
])
def _(x):
    f = IsFinite(x)
    return f, LogicalNot(f)


IEDGE32 = [I32MIN, I32MAX, I32MIN + 1, -1, 0, 1, 2, -2, 5, 6, 7, -7, 46340, 46341, -46341, 65536, -65536]


@kernel("unary_ints_i32", [
    [I((24,), -100000, 100000, sp=IEDGE32)],
    [I((1,), -10, 10)],
    [I((0,), 0, 1)],
    [I((1000,), I32MIN, I32MAX, sp=IEDGE32)],
])
def _(x):
    return Abs(x), Neg(x), Square(x), Sign(x), Reciprocal(x), Relu(x), Relu6(x), Round(x)


@kernel("unary_narrow_ints", [
    [I((16,), -128, 127, "i8", sp=[-128, 127, -127, -1, 0, 1]),
     I((16,), -32768, 32767, "i16", sp=[-32768, 32767, 181, 182, -182, 256, -1, 0]),
     I((16,), I64MIN, I64MAX, "i64", sp=[I64MIN, I64MAX, -1, 0, 1, 3037000499, 3037000500, -(1 << 32)])],
    [I((1,), -128, 127, "i8"), I((1,), -5, 5, "i16"), I((1,), -5, 5, "i64")],
    [I((0,), 0, 1, "i8"), I((0,), 0, 1, "i16"), I((0,), 0, 1, "i64")],
    [I((300,), -128, 127, "i8"), I((7,), -400, 400, "i16"), I((13,), -(1 << 40), 1 << 40, "i64")],
])
def _(x8, x16, x64):
    return Abs(x8), Neg(x8), Square(x16), Sign(x16), Abs(x64), Neg(x64), Square(x64)


@kernel("unary_f64", [
    [F((6, 11), -0.99, 20, "f64", sp=FSPEC + [-1.0, -2.0, 1e-300, 5e-324, 710.0, 1e-10])],
    [F((1, 1), 0, 1, "f64")],
    [F((0, 2), 0, 1, "f64")],
    [F((20, 50), -0.5, 30, "f64")],
])
def _(x):
    return Exp(x), Log1p(x), Sqrt(x), Tanh(x), Erf(x), Sigmoid(x), Cos(x)


# --- binary ----------------------------------------------------------------


@kernel("add_rank0_rank3", [
    [F(()), F((2, 3, 4), -10, 10, sp=FSPEC)],
    [F((), -5, 5), F((1, 1, 1))],
    [V(NAN), F((3, 0, 2))],
    [F((), -5, 5), F((7, 1, 13), -10000, 10000)],
    [V(INF), F((2, 2, 2), sp=[-INF, NAN, 1.0])],
])
def _(s, x):
    return AddV2(s, x)


@kernel("binary_arith_broadcast", [
    [F((7, 1), -10, 10, sp=[NAN, INF, 0.0]), F((1, 13), -10, 10, sp=[0.0, -0.0, INF, -INF, NAN])],
    [F((7, 13), -10, 10, sp=FSPEC), F((7, 13), -10, 10, sp=FSPEC + [1e-45, 3e38])],
    [F((1, 13), -10, 10), F((7, 1), -10, 10, sp=[0.0])],
    [F((1, 1)), F((5, 0))],
    [F((13, 7), -10000, 10000), F((1, 7), -10000, 10000)],
    [F((1, 1), 1, 2), F((1, 1), -2, -1)],
])
def _(x, y):
    return Add(x, y), Sub(x, y), Mul(x, y), Div(x, y), RealDiv(y, x)


@kernel("broadcast_ranks", [
    [F((13,), -10, 10), F((2, 7, 13), -10, 10, sp=FSPEC), F((7, 13), -10, 10)],
    [F((1,), -10, 10), F((3, 5, 4), -10, 10), F((5, 1), -10, 10)],
    [F((4,)), F((0, 5, 4)), F((1, 4))],
    [F((1,)), F((1, 1, 1)), F((1, 1))],
])
def _(a, b, c):
    return Sub(a, b), Mul(c, a), AddV2(b, c)


@kernel("floordiv_floormod_f32", alt_skip=[(0, 0)], note="-1e-45 / 3 underflows to -0 in f32, so the f32 "
        "FloorDiv is -0 where float64 gives -1", cases=[
    [V([[7, -7, 7, -7, 7.5, -7.5, 0, -0.0, 5, -5, INF, NAN, 1e30],
       [6, -6, 1, -1, 0.75, 3, -INF, 5, 0, 1e-45, -1e-45, 4, -4]]),
     V([[2, 2, -2, -2, 2, 2, 3, 3, INF, INF, 2, 2, 3],
       [3, 3, 0, 0, 0.25, -INF, 2, -INF, 0, 3, 3, -0.0, 0.5]])],
    [F((3, 13), -100, 100, step=0.25), F((3, 13), -10, 10, step=0.25, sp=[0.0])],
    [F((1, 1), -10, 10), F((1, 1), 1, 3)],
    [F((0, 4)), F((0, 4))],
    [F((40, 50), -10000, 10000), F((40, 50), -100, 100)],
])
def _(x, y):
    return FloorDiv(x, y), FloorMod(x, y)


@kernel("int_division_i32", [
    [I((4, 9), -1000, 1000, sp=[I32MIN, I32MIN, I32MAX, -7, 7, 0, -1, 1]),
     V([0, -1, 1, -2, 3, -3, 7, I32MIN, I32MAX], "i32")],
    [I((1, 1), -10, 10), I((1,), 1, 5)],
    [I((0, 3), -10, 10), I((3,), 1, 5)],
    [I((13, 7), I32MIN, I32MAX, sp=[I32MIN] * 3), I((7,), -20, 20, sp=[0, -1])],
    [I((5, 1), -50, 50), I((6,), -7, 7, sp=[0, -1, 1])],
])
def _(x, y):
    return Div(x, y), FloorDiv(x, y), FloorMod(x, y)


@kernel("int_division_narrow", [
    [V([-128, -128, -128, 127, -7, 7, -7, 7, 0, 5, -5, 100, -100, 1, -1, 3], "i8"),
     V([-1, 0, 1, -1, 2, -2, -2, 2, 0, 3, 3, -7, 7, -128, -128, 0], "i8"),
     V([I64MIN, I64MIN, I64MIN, I64MAX, -7, 7, -7, 7, 0, 5, -5, 10**18, -10**18, 1, -1, 3], "i64"),
     V([-1, 0, 1, -1, 2, -2, -2, 2, 0, 3, 3, -7, 7, I64MIN, I64MIN, 0], "i64"),
     V([65535, 0, 7, 65535, 100, 1, 2, 3, 40000, 65534, 9, 10, 11, 12, 13, 32768], "ui16"),
     V([1, 0, 2, 0, 7, 65535, 3, 3, 3, 65535, 9, 3, 4, 0, 6, 2], "ui16")],
    [I((13,), -128, 127, "i8"), I((13,), -128, 127, "i8", sp=[0, -1]), I((13,), I64MIN, I64MAX, "i64"),
     I((13,), -1000, 1000, "i64", sp=[0, -1]), I((13,), 0, 65535, "ui16"), I((13,), 0, 300, "ui16", sp=[0])],
    [I((1,), -10, 10, "i8"), I((1,), 1, 5, "i8"), I((1,), -10, 10, "i64"), I((1,), 1, 5, "i64"),
     I((1,), 0, 10, "ui16"), I((1,), 1, 5, "ui16")],
    [I((0,), 0, 1, "i8"), I((0,), 0, 1, "i8"), I((0,), 0, 1, "i64"), I((0,), 0, 1, "i64"),
     I((0,), 0, 1, "ui16"), I((0,), 0, 1, "ui16")],
])
def _(x8, y8, x64, y64, u, v):
    return FloorDiv(x8, y8), FloorMod(x8, y8), Div(x64, y64), FloorMod(x64, y64), Div(u, v), FloorDiv(u, v), FloorMod(u, v)


@kernel("int_wraparound", [
    [V([I32MAX, I32MIN, I32MAX, 65536, -65536, 46341, 1, -1, 0, 123456789, I32MIN, 100000], "i32"),
     V([1, -1, I32MAX, 65536, 65536, 46341, I32MIN, I32MIN, 0, 987654321, I32MIN, 100000], "i32"),
     V([32767, -32768, 181, 182, 256, -256, 200, -1, 0, 1000, 12345, -32767], "i16"),
     V([255, 128, 200, 0, 1, 127, 129, 250, 5, 6, 7, 100], "ui8"),
     V([2**64 - 1, 2**63, 2**32, 2**32 + 1, 0, 1, 3, 2**40, 12345678901234, 2**63 - 1, 5, 6], "ui64"),
     V([I64MAX, I64MIN, 2**62, -2**62, 0, 1, -1, 123, 2**63 - 2, -(2**63 - 1), 7, 8], "i64")],
    [I((100,), I32MIN, I32MAX), I((100,), I32MIN, I32MAX), I((100,), -32768, 32767, "i16"),
     I((100,), 0, 255, "ui8"), I((100,), 0, 2**64 - 1, "ui64"), I((100,), I64MIN, I64MAX, "i64")],
    [I((0,), 0, 1), I((0,), 0, 1), I((0,), 0, 1, "i16"), I((0,), 0, 1, "ui8"), I((0,), 0, 1, "ui64"), I((0,), 0, 1, "i64")],
])
def _(a, b, s, u8, u64, l):
    return AddV2(a, b), Sub(a, b), Mul(a, b), Mul(s, s), Add(u8, u8), Sub(u8, u8), Mul(u64, u64), AddV2(l, l)


@kernel("max_min_nan", [
    [F((6, 7), -10, 10, sp=FSPEC + [NAN, INF]), V([NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0])],
    [F((1, 1)), V([NAN])],
    [F((4, 1), -10, 10, sp=[NAN]), F((5,), -10, 10, sp=[INF, -INF])],
    [F((0, 3)), F((3,))],
    [F((6, 7), -10000, 10000, sp=FSPEC), F((1,), -10, 10)],
])
def _(x, y):
    return Maximum(x, y), Minimum(y, x)


@kernel("max_min_ints", [
    [V([2**63, 2**64 - 1, 0, 1, 2**63 - 1, 2**63 + 1, 5, 2**32, 7, 2**62], "ui64"),
     V([2**63 - 1, 0, 2**64 - 1, 2, 2**63, 2**63, 5, 2**31, 8, 2**63 + 5], "ui64"),
     I((3, 10), -128, 127, "i8", sp=[-128, 127, -3, -4, -2]),
     V([32768, 65535, 0, 1, 32767, 40000, 100, 200, 65534, 5], "ui16"),
     V([32767, 0, 65535, 2, 32768, 20000, 100, 300, 65535, 4], "ui16")],
    [I((13,), 0, 2**64 - 1, "ui64"), I((13,), 0, 2**64 - 1, "ui64"), I((1, 1), -128, 127, "i8"),
     I((13,), 0, 65535, "ui16"), I((13,), 0, 65535, "ui16")],
    [I((0,), 0, 1, "ui64"), I((0,), 0, 1, "ui64"), I((0, 5), 0, 1, "i8"), I((0,), 0, 1, "ui16"), I((0,), 0, 1, "ui16")],
])
def _(a, b, c, d, e):
    return Maximum(a, b), Minimum(a, b), Maximum(c, c), Minimum(c, Const(-3, "i8")), Maximum(d, e)


@kernel("pow_f32", [
    [V([[2, -2, -2, 0, 0, 0], [NAN, 1, INF, -INF, -INF, 2], [0.5, 10, -8, 4, 1e-3, -1],
        [-1, 2, 3, 1.0001, 0.9, 100]]),
     V([[3, 3, 0.5, -1, 0, 2], [0, NAN, -1, 3, 2, -INF], [INF, 38, 1 / 3, 0.5, -2, INF],
        [0.5, 128, -0.5, 10000, 200, 0.5]])],
    [F((4, 6), 0, 10), F((4, 6), -3, 3)],
    [F((1, 1), 0, 2), F((1, 1), -1, 1)],
    [F((0, 6)), F((0, 6))],
    [F((30, 30), 0.5, 2), F((30, 30), -20, 20)],
])
def _(x, y):
    return Pow(x, y)


@kernel("pow_ints", [
    [V([2, 2, 3, -2, -2, 1, -1, -1, 0, 0, 2, 7, -7, 10, I32MIN, -1, 5, 2, 46341, 0], "i32"),
     V([10, 31, 40, 3, 31, -5, -3, -4, 0, -1, -1, 0, 3, 9, 1, I32MAX, 13, 32, 2, 5], "i32"),
     V([2, 2, 3, -3, 10, 1, -1, 0, 0, 2, 7, I64MIN, 3, -2, 5, 2, -1, 11, 13, 100], "i64"),
     V([62, 63, 39, 39, 18, -100, -7, 0, -3, -1, 22, 1, 41, 63, 27, 64, I64MIN, 11, 17, 9], "i64")],
    [I((50,), -10, 10), I((50,), -3, 12), I((50,), -10, 10, "i64"), I((50,), -3, 30, "i64")],
    [I((1,), -3, 3), I((1,), 0, 3), I((1,), -3, 3, "i64"), I((1,), 0, 3, "i64")],
    [I((0,), 0, 1), I((0,), 0, 1), I((0,), 0, 1, "i64"), I((0,), 0, 1, "i64")],
])
def _(a, b, c, d):
    return Pow(a, b), Pow(c, d)


@kernel("squared_difference", [
    [F((5, 8), -10, 10, sp=FSPEC), F((5, 1), -10, 10),
     V([I32MAX, I32MIN, 46341, -46341, 0, 7, 65536, 1], "i32"), V([I32MIN, I32MAX, 0, 0, 0, -7, -65536, 65537], "i32")],
    [F((1, 1)), F((1, 1)), I((1,), -9, 9), I((1,), -9, 9)],
    [F((0, 3)), F((0, 1)), I((0,), 0, 1), I((0,), 0, 1)],
    [F((13, 7), -10000, 10000), F((13, 1), -10000, 10000), I((100,), I32MIN, I32MAX), I((100,), I32MIN, I32MAX)],
])
def _(x, y, a, b):
    return SquaredDifference(x, y), SquaredDifference(a, b)


@kernel("bias_add_nhwc", [
    [F((2, 3, 5, 7), -10, 10, sp=FSPEC), F((7,), -1, 1), F((4, 7))],
    [F((1, 1, 1, 1)), F((1,)), F((1, 1))],
    [F((0, 2, 2, 3)), F((3,), sp=[NAN]), F((5, 3))],
    [F((2, 5, 7, 13), -10000, 10000), F((13,), -10000, 10000), F((0, 13))],
])
def _(x, b, x2):
    return BiasAdd(x, b), BiasAdd(x2, b, "NHWC")


@kernel("bias_add_nchw", [
    [F((2, 3, 5, 7), -10, 10, sp=FSPEC), F((3,), -1, 1), F((4, 3, 6))],
    [F((1, 1, 1, 1)), F((1,)), F((2, 1, 3))],
    [F((2, 5, 0, 3)), F((5,), sp=[NAN, INF]), F((0, 5, 2))],
    [F((3, 13, 7, 5), -10000, 10000), F((13,), -10000, 10000), F((1, 13, 9))],
])
def _(x, b, x3):
    return BiasAdd(x, b, "NCHW"), BiasAdd(x3, b, "NCHW")


@kernel("comparisons_f32", [
    [F((8, 9), -3, 3, step=1, sp=FSPEC + [NAN, INF, -INF, 2.5, -0.0]), V([NAN, INF, -INF, 0.0, -0.0, 1, -1, 2, 2.5])],
    [F((1, 1), -1, 1, step=1), F((1,), -1, 1, step=1)],
    [F((0, 9)), F((9,))],
    [F((7, 13), -2, 2, step=0.5, sp=[NAN]), F((1,), -2, 2, step=0.5)],
    [F((50, 20), -2, 2, step=0.5, sp=[NAN] * 10), F((20,), -2, 2, step=0.5)],
])
def _(x, y):
    return Equal(x, y), NotEqual(x, y), Less(x, y), LessEqual(x, y), Greater(x, y), GreaterEqual(x, y)


@kernel("comparisons_ints", [
    [V([2**31, 2**31 - 1, 2**32 - 1, 0, 1, 2**31 + 1, 5, 7, 2**31, 3000000000, 100, 2**32 - 2], "ui32"),
     V([2**31 - 1, 2**31, 0, 2**32 - 1, 1, 2**31, 6, 7, 2**31, 1000000000, 100, 2**32 - 1], "ui32"),
     V([I64MIN, I64MAX, -1, 0, 1, 2**40, -2**40, 5, I64MIN, 2**32, -2**32, 7], "i64"),
     V([I64MAX, I64MIN, 1, 0, -1, 2**40, 2**40, 5, I64MIN + 1, 2**32 + 1, -2**32, -7], "i64"),
     V([-128, 127, 0, -1, 1, -127, 5, -5, 100, -100, 0, 1], "i8"),
     V([-300, 300, -32768, 32767, 0, -301, -299, -300, 1, -1, 65, -300], "i16")],
    [I((100,), 0, 2**32 - 1, "ui32"), I((100,), 0, 2**32 - 1, "ui32"), I((100,), I64MIN, I64MAX, "i64"),
     I((100,), -3, 3, "i64"), I((100,), -128, 127, "i8"), I((100,), -302, -298, "i16")],
    [I((1,), 0, 3, "ui32"), I((1,), 0, 3, "ui32"), I((1,), -3, 3, "i64"), I((1,), -3, 3, "i64"),
     I((1,), -3, 3, "i8"), I((1,), -3, 3, "i16")],
    [I((0,), 0, 3, "ui32"), I((0,), 0, 3, "ui32"), I((0,), -3, 3, "i64"), I((0,), -3, 3, "i64"),
     I((0,), -3, 3, "i8"), I((0,), -3, 3, "i16")],
])
def _(a, b, c, d, e, f):
    return (Less(a, b), GreaterEqual(a, b), Equal(c, d), Greater(c, d), LessEqual(e, Const(0, "i8")),
            NotEqual(f, Const(-300, "i16")))


@kernel("logical_ops", [
    [B((5, 8)), B((8,))],
    [B((1, 1)), B((1,))],
    [B((0, 8)), B((8,))],
    [B((13, 7), 0.3), B((1,), 0.7)],
])
def _(a, b):
    return LogicalAnd(a, b), LogicalOr(b, a), LogicalNot(a), Equal(a, b), NotEqual(a, b)


@kernel("bitwise_signed", [
    [I((4, 8), -128, 127, "i8", sp=[-128, 127, -1, 0]), I((8,), -128, 127, "i8", sp=[-128, -1, 85]),
     I((8,), -32768, 32767, "i16", sp=[-32768, 32767, 0, -1]), I((8,), I32MIN, I32MAX, "i32", sp=[I32MIN, -1, 0]),
     I((8,), I64MIN, I64MAX, "i64", sp=[I64MIN, I64MAX, -1, 0])],
    [I((1, 1), -128, 127, "i8"), I((1,), -128, 127, "i8"), I((1,), -32768, 32767, "i16"),
     I((1,), I32MIN, I32MAX, "i32"), I((1,), I64MIN, I64MAX, "i64")],
    [I((3, 0), -128, 127, "i8"), I((0,), -128, 127, "i8"), I((0,), -32768, 32767, "i16"),
     I((0,), I32MIN, I32MAX, "i32"), I((0,), I64MIN, I64MAX, "i64")],
    [I((7, 13), -128, 127, "i8"), I((13,), -128, 127, "i8"), I((13,), -32768, 32767, "i16"),
     I((13,), I32MIN, I32MAX, "i32"), I((13,), I64MIN, I64MAX, "i64")],
])
def _(a, b, c, d, e):
    return (BitwiseAnd(a, b), BitwiseXor(b, a), BitwiseOr(c, Const(-21846, "i16")),
            BitwiseXor(d, Const(16777215, "i32")), BitwiseAnd(e, Const(-4294967296, "i64")), BitwiseOr(e, e))


@kernel("bitwise_unsigned", [
    [I((9,), 0, 255, "ui8", sp=[255, 0, 128]), I((9,), 0, 255, "ui8", sp=[255, 1]), I((4, 3), 0, 65535, "ui16", sp=[65535, 32768]),
     I((9,), 0, 2**32 - 1, "ui32", sp=[2**32 - 1, 2**31, 0]), I((9,), 0, 2**64 - 1, "ui64", sp=[2**64 - 1, 2**63]),
     I((9,), 0, 2**64 - 1, "ui64", sp=[2**64 - 1, 2**63 + 1])],
    [I((1,), 0, 255, "ui8"), I((1,), 0, 255, "ui8"), I((1, 1), 0, 65535, "ui16"), I((1,), 0, 2**32 - 1, "ui32"),
     I((1,), 0, 2**64 - 1, "ui64"), I((1,), 0, 2**64 - 1, "ui64")],
    [I((0,), 0, 255, "ui8"), I((0,), 0, 255, "ui8"), I((0, 3), 0, 65535, "ui16"), I((0,), 0, 2**32 - 1, "ui32"),
     I((0,), 0, 2**64 - 1, "ui64"), I((0,), 0, 2**64 - 1, "ui64")],
    [I((13,), 0, 255, "ui8"), I((13,), 0, 255, "ui8"), I((7, 3), 0, 65535, "ui16"), I((13,), 0, 2**32 - 1, "ui32"),
     I((13,), 0, 2**64 - 1, "ui64"), I((13,), 0, 2**64 - 1, "ui64")],
])
def _(a, b, c, d, e, f):
    return (BitwiseOr(a, b), BitwiseXor(a, b), BitwiseAnd(c, Const([65535, 255, 61680], "ui16")),
            BitwiseXor(d, Const(4294967295, "ui32")), BitwiseAnd(e, f))


@kernel("select_same_shape", [
    [B((7, 13)), F((7, 13), -10, 10, sp=[NAN]), F((7, 13), -10, 10, sp=[INF])],
    [B((1, 1)), F((1, 1)), F((1, 1))],
    [B((0, 5)), F((0, 5)), F((0, 5))],
    [B((33, 65), 0.2), F((33, 65)), F((33, 65))],
])
def _(c, x, y):
    return Select(c, x, y)


@kernel("select_rows", [
    [B((5,)), F((5, 3, 4), -10, 10), F((5, 3, 4), -10, 10), I((5, 2), -100, 100, "i64"), I((5, 2), -100, 100, "i64")],
    [V([True], "i1"), F((1, 7, 1)), F((1, 7, 1)), I((1, 3), -9, 9, "i64"), I((1, 3), -9, 9, "i64")],
    [B((0,)), F((0, 2, 3)), F((0, 2, 3)), I((0, 2), -9, 9, "i64"), I((0, 2), -9, 9, "i64")],
    [B((13,)), F((13, 1, 5)), F((13, 1, 5)), I((13, 4), I64MIN, I64MAX, "i64"), I((13, 4), I64MIN, I64MAX, "i64")],
])
def _(c, x, y, a, b):
    return Select(c, x, y), Select(c, a, b)


@kernel("select_scalar_cond", [
    [V(True, "i1"), F((3, 5)), F((3, 5)), B((5,))],
    [V(False, "i1"), F((3, 5)), F((3, 5)), B((5,))],
    [V(True, "i1"), F((0, 4)), F((0, 4)), B((0,))],
    [V(False, "i1"), F((1, 1)), F((1, 1)), B((1,))],
])
def _(c, x, y, b):
    return Select(c, x, y), Select(c, b, LogicalNot(b))


@kernel("selectv2_broadcast", [
    [B((4, 1)), F((6,), -10, 10), F(()), B((2, 3, 5)), I((3, 1), -100, 100), I((5,), -100, 100)],
    [B((1, 1)), F((7,)), V(NAN), B((1, 1, 1)), I((1, 1), -9, 9), I((1,), -9, 9)],
    [B((5, 1)), F((1,)), F(()), B((2, 1, 4)), I((3, 1), -9, 9), I((4,), -9, 9)],
    [B((0, 1)), F((3,)), F(()), B((0, 2, 2)), I((2, 2), -9, 9), I((2,), -9, 9)],
])
def _(c, x, y, c3, a, b):
    return SelectV2(c, x, y), SelectV2(c3, a, b)


# --- casts -----------------------------------------------------------------

F2I = [NAN, INF, -INF, 0.0, -0.0, 2.7, -2.7, 0.99999994, -0.99999994, 2147483520.0, 2147483648.0, -2147483648.0,
       -2147483904.0, 3e9, -3e9, 1e20, -1e20, 9.223372e18, -9.223372e18, 127.9, 128.0, -128.9, -129.0,
       4294967040.0, 4294967296.0, 123456.7, -0.5, 1e-45]
I2F = [I32MIN, I32MAX, 16777217, 16777219, -16777217, 0, 1, -1, 2147483520, 2147483584, 2147483583, 33554435,
       33554434, 100000001, -100000001, 7]


@kernel("cast_f32_int", [
    [V(F2I), V(I2F, "i32")],
    [F((1000,), -3e9, 3e9), I((1000,), I32MIN, I32MAX)],
    [F((1,), -200, 200), I((1,), -5, 5)],
    [F((0,)), I((0,), 0, 1)],
    [F((13,), -300, 300), I((0,), 0, 1)],
])
def _(x, i):
    return Cast(x, "i32"), Cast(x, "i64"), Cast(x, "i8"), Cast(x, "ui32"), Cast(i, "f32"), Cast(i, "i64")


@kernel("cast_bool", [
    [V([[NAN, INF, -INF, 0.0, -0.0], [1e-45, -1e-45, 0.5, -2.0, 0.0], [1.0, 0.0, 3e38, -0.0, NAN]]),
     B((3, 5)), V([0, 1, -1, I32MIN, I32MAX, 256], "i32"), V([0, 1, 255, 128, 0, 2], "ui8")],
    [F((1, 1)), B((1, 1)), I((1,), -1, 1), I((1,), 0, 1, "ui8")],
    [F((0, 4)), B((0, 4)), I((0,), -1, 1), I((0,), 0, 1, "ui8")],
    [F((7, 13), -1, 1, step=0.5), B((7, 13)), I((13,), -2, 2), I((13,), 0, 2, "ui8")],
])
def _(x, b, i, u):
    return Cast(x, "i1"), Cast(b, "f32"), Cast(b, "i32"), Cast(i, "i1"), Cast(u, "i1")


F64S = [1e300, -1e300, 1e-50, -1e-50, 1.401298464324817e-45, 2**-150, 2**-150 * 1.0000001, 0.1, NAN, INF, -INF,
        1 + 2**-24, 1 + 3 * 2**-24, 3.4028234663852886e38, 3.4028235677973366e38, 3.4028235677973366e38 * (1 + 2**-30),
        -0.0, 2.5, 1 / 3, 16777217.0]
F32S = [65504.0, 65519.996, 65520.0, 1e5, -1e5, 1e-8, 2**-25, 2**-25 * 1.5, 6e-5, 6.1035156e-05, 5.96e-8, NAN,
        INF, -INF, -0.0, 1 / 3, 2049.0, 2051.0, 0.1, -2.5, 1e-7, 2**-24 * 2.5, 2**-24 * 3.5, 1.0009766]
F16S = [0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFFFF,
        0x3C00, 0x3555, 0x0200]


@kernel("cast_float_widths", [
    [V(F64S, "f64"), V(F32S), Bits(F16S)],
    [F((1000,), -1e5, 1e5, "f64"), F((1000,), -7e4, 7e4), Bits(range(0, 65536, 7))],
    [F((1,), -1, 1, "f64"), F((1,), -1, 1), Bits([0x3C00])],
    [F((0,), 0, 1, "f64"), F((0,)), Bits([])],
    [F((13,), -1e-6, 1e-6, "f64"), F((13,), -1e-4, 1e-4), Bits(range(0, 0x0400, 80))],
])
def _(d, x, h):
    return Cast(d, "f32"), Cast(x, "f16"), Cast(h, "f32")


@kernel("cast_ui8", [
    [V([0, 1, 2, 127, 128, 129, 254, 255, 7, 8, 9, 10, 100, 200, 250, 3], "ui8"),
     V([-1, -0.5, -0.9, 0, 0.5, 1.5, 254.9, 255, 255.5, 256, 300, 1e10, -1e10, NAN, INF, -INF, 127.5, 128, 1e-45, -0.0]),
     V([300, -1, 256, 255, 0, -256, I32MIN, I32MAX, 128, -129], "i32")],
    [I((100,), 0, 255, "ui8"), F((100,), -100, 400), I((100,), -1000, 1000)],
    [I((1,), 0, 255, "ui8"), F((1,), 0, 255), I((1,), 0, 255)],
    [I((0,), 0, 255, "ui8"), F((0,)), I((0,), 0, 255)],
])
def _(u, x, i):
    return Cast(u, "f32"), Cast(x, "ui8"), Cast(u, "i32"), Cast(i, "ui8")


@kernel("cast_int_wrap", [
    [V([I64MIN, I64MAX, 2**32, 2**32 + 5, -2**31 - 1, 2**31, -1, 2**24 + 1, 2**24 + 3, -(2**53 + 1)], "i64"),
     V([I32MIN, I32MAX, 127, 128, 255, 256, -128, -129, -1, 0], "i32"),
     V([-128, 127, -1, 0, 1, -2, 64, -64, 100, -100], "i8"),
     V([2**32 - 1, 2**31, 0, 1, 2**31 - 1, 12345, 2**32 - 2, 7, 8, 9], "ui32"),
     V([2**64 - 1, 2**63, 2**63 + 2**39, 2**63 + 2**40 - 1, 2**24 + 1, 2**53 + 1, 0, 1, 12345678901234567890, 2**40 + 2**16],
       "ui64"),
     V([65535, 32768, 32767, 0, 1, 40000, 65534, 100, 200, 300], "ui16")],
    [I((50,), I64MIN, I64MAX, "i64"), I((50,), I32MIN, I32MAX), I((50,), -128, 127, "i8"),
     I((50,), 0, 2**32 - 1, "ui32"), I((50,), 0, 2**64 - 1, "ui64"), I((50,), 0, 65535, "ui16")],
    [I((0,), 0, 1, "i64"), I((0,), 0, 1), I((0,), 0, 1, "i8"), I((0,), 0, 1, "ui32"), I((0,), 0, 1, "ui64"),
     I((0,), 0, 1, "ui16")],
])
def _(a, b, c, d, e, f):
    return Cast(a, "i32"), Cast(a, "f32"), Cast(b, "i8"), Cast(b, "i64"), Cast(c, "ui64"), Cast(d, "i64"), \
        Cast(e, "f32"), Cast(f, "i16")


@kernel("f16_storage", [
    [F((4, 8), -100, 100, "f16", sp=[NAN, INF, -INF, 0.0, 65504.0, -300.0]), F((8,), 0, 10, sp=[-1e9])],
    [F((1, 1), -2, 2, "f16"), F((1,), 0, 1)],
    [F((0, 3), -2, 2, "f16"), F((3,), 0, 1)],
    [F((13, 7), -10, 10, "f16"), F((7,), 0, 100)],
])
def _(h, b):
    x = Cast(h, "f32")
    return Cast(Sqrt(AddV2(Mul(x, x), b)), "f16")


# --- reductions ------------------------------------------------------------


@kernel("reduce_sum_keepdims", [
    [F((2, 3, 4))],
    [F((7, 13, 5), sp=[NAN, INF])],
    [F((1, 1, 1))],
    [F((3, 0, 4))],
    [F((5, 64, 9), 0, 1)],
])
def _(x):
    return Sum(x, [1], True), Sum(x, [0, 2], False)


@kernel("reduce_neg_axes_i64", [
    [F((3, 4, 5), sp=[NAN, -INF])],
    [F((1, 7, 1))],
    [F((2, 0, 3))],
    [F((6, 13, 7), -10, 10)],
])
def _(x):
    return Sum(x, [-1], False), Max(x, [-3, -1], True), Mean(x, [-2], False)


@kernel("reduce_prod_mean", [
    [F((6, 9), 0.5, 1.5)],
    [F((1, 1), 0.5, 1.5)],
    [F((0, 4))],
    [F((4, 0))],
    [F((13, 7), -2, 2, sp=[0.0, INF])],
])
def _(x):
    return Prod(x, 1, True), Mean(x, [0, 1], False)


@kernel("reduce_max_min_nan", [
    [V([[1, NAN, 3, -INF, 5, 6], [INF, 2, NAN, 0, -0.0, 1], [-1, -2, -3, -4, -5, -6],
        [-INF, -INF, -INF, -INF, -INF, -INF], [0.5, 0.25, INF, 1e-45, -1e-45, 7]])],
    [F((5, 0))],
    [F((0, 5))],
    [F((1, 1))],
    [F((13, 7), -10000, 10000, sp=[NAN, INF, -INF])],
])
def _(x):
    return Max(x, [1]), Min(x, [0]), Max(x, Const([], "i32")), Min(x, [1], True)


@kernel("reduce_full_rank0", [
    [F((2, 3, 4)), F(())],
    [F((1, 1, 1)), V(NAN)],
    [F((0, 3, 2)), F(())],
    [F((10, 10, 10), 0, 1), V(-INF)],
    [F((3, 5, 7), sp=[NAN]), F(())],
])
def _(x, s):
    a = [0, 1, 2]
    return Sum(x, a), Max(x, a), Min(x, a, True), Mean(x, a), Sum(s, Const([], "i32"))


@kernel("reduce_zero_size", [
    [F((3, 0)), I((3, 0), -5, 5)],
    [F((0, 4)), I((0, 4), -5, 5)],
    [F((0, 0)), I((0, 0), -5, 5)],
    [F((2, 5)), I((2, 5), -5, 5)],
])
def _(x, i):
    return (Sum(x, [1]), Prod(x, [1]), Max(x, [1]), Min(x, [1]), Mean(x, [1]),
            Sum(i, [1]), Prod(i, [1]), Max(i, [1]), Min(i, [1]), Mean(i, [1]))


@kernel("reduce_all_any", [
    [B((2, 3, 4), 0.8)],
    [B((1, 1, 1))],
    [B((0, 3, 2))],
    [B((3, 0, 2))],
    [B((5, 7, 13), 0.95)],
    [V([[[True, True], [True, True]]], "i1")],
])
def _(b):
    return All(b, [2], True), Any(b, [0, 1]), All(b, Const([0, 1, 2], "i64")), Any(b, Const([], "i32"))


@kernel("reduce_ints", [
    [V([[I32MAX, 1, 0], [-7, 0, 0], [I32MIN, -1, 0], [5, 5, 6]], "i32"),
     V([[2**40, 3], [2**30, -5], [7, 11]], "i64"),
     V([[200, 100, 7], [250, 0, 255]], "ui8")],
    [I((7, 13), I32MIN, I32MAX), I((13, 3), -1000, 1000, "i64"), I((5, 9), 0, 255, "ui8")],
    [I((3, 0), 0, 1), I((0, 2), 0, 1, "i64"), I((0, 4), 0, 1, "ui8")],
    [I((1, 1), -9, 9), I((1, 1), -9, 9, "i64"), I((1, 1), 0, 255, "ui8")],
    [I((2, 5), -20, 20), I((40, 1), -3, 3, "i64"), I((3, 1), 0, 255, "ui8")],
])
def _(a, b, u):
    return Sum(a, [1]), Mean(a, [1]), Prod(b, [0]), Max(u, [1]), Min(u, [0]), Mean(u, [0, 1]), Sum(u, [0])


# --- softmax ---------------------------------------------------------------

SOFTMAX_CASES = [
    [F((13,), -10, 10), F((7, 13), -10, 10), F((2, 3, 5), -10, 10)],
    [F((1,)), F((1, 1)), F((1, 1, 1))],
    [F((5,)), F((0, 4)), F((2, 0, 3))],
    [V([-INF, 0, 1, 1000, 999]),
     V([[0, 1, 2], [-INF, -INF, -INF], [NAN, 0, 1], [INF, 0, 1], [-INF, 5, -INF], [80, 100, 120]]),
     V([[[1, 2], [-100, 100]], [[3e38, 3e38], [-3e38, 0]]])],
    [F((1000,), -10, 10), F((40, 50), -10, 10), F((4, 5, 64), -30, 30)],
    # NaN, Inf and signed zeros inside rows long enough for the vector loops (softmax's row max ignores
    # them: a NaN or +Inf makes its row NaN through the sum either way).
    [F((37,), -10, 10, sp=[NAN]), F((9, 37), -10, 10, sp=[NAN, INF, -0.0, 0.0, -INF]), F((2, 3, 64), -30, 30, sp=[NAN, -0.0])],
]


@kernel("softmax_ranks", SOFTMAX_CASES)
def _(a, b, c):
    return Softmax(a), Softmax(b), Softmax(c)


@kernel("log_softmax_ranks", SOFTMAX_CASES)
def _(a, b, c):
    return LogSoftmax(a), LogSoftmax(b), LogSoftmax(c)


# --- fusion-shaped ---------------------------------------------------------


@kernel("fused_softmax_primitives", [
    [F((7, 13), -10, 10)],
    [F((1, 1))],
    [F((0, 5))],
    [F((64, 33), -10, 10)],
    [V([[-INF, 0, 1, 2], [1, 1, 1, 1], [100, -100, 50, 88], [INF, 0, 0, 0]])],
])
def _(x):
    m = Max(x, Const([-1], "i32"), True)
    e = Exp(Sub(x, m))
    return RealDiv(e, Sum(e, Const([-1], "i32"), True))


@kernel("fused_layer_norm", [
    [F((7, 13), -10, 10), F((13,), 0.5, 1.5), F((13,), -1, 1)],
    [F((1, 1)), F((1,)), F((1,))],
    [F((0, 13)), F((13,)), F((13,))],
    [F((4, 64), -10000, 10000), F((64,), 0.5, 1.5), F((64,), -1, 1)],
    [F((2, 1)), F((1,)), F((1,))],
    [F((32, 32), -3, 3), F((32,), 0.5, 1.5), F((32,), -1, 1)],
])
def _(x, g, b):
    mean = Mean(x, [1], True)
    d = Sub(x, mean)
    var = Mean(Square(d), [1], True)
    r = Rsqrt(AddV2(var, Const(9.99999974e-6, "f32")))
    return AddV2(Mul(Mul(d, r), g), b)


@kernel("fused_reduce_producers", [
    [F((9, 13), -5, 5), F((9, 13), 0, 1)],
    [F((1, 1)), F((1, 1), 0, 1)],
    [F((0, 5)), F((0, 5), 0, 1)],
    [F((5, 0)), F((5, 0), 0, 1)],
    [F((30, 40), -5, 5), F((30, 40), 0, 1)],
])
def _(x, y):
    l2 = Sqrt(Sum(SquaredDifference(x, y), [1]))
    col = Sum(Mul(Exp(x), y), [0])
    linf = Max(Abs(Sub(x, y)), [1], True)
    return l2, col, linf


@kernel("fused_elementwise_broadcast", [
    [F((2, 5, 7), -3, 3), F((7,), -1, 1), F((), 0.5, 2)],
    [F((1, 1, 1)), F((1,)), F(())],
    [F((3, 0, 7)), F((7,)), F(())],
    [F((4, 9, 7), -10000, 10000, sp=[NAN, INF, -INF]), F((1,), -1, 1), F((), -2, 2)],
])
def _(x, b, s):
    half = Const(0.5, "f32")
    t = Tanh(AddV2(Mul(x, s), b))
    t = AddV2(Mul(t, half), half)
    t = Maximum(t, Const([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], "f32"))
    return SquaredDifference(Mul(t, x), b)


@kernel("fused_col_row_sum", [
    [F((7, 13))],
    [F((1, 1))],
    [F((0, 5))],
    [F((5, 0))],
    [F((64, 65), 0, 1)],
])
def _(x):
    return Sum(x, [0]), Sum(x, [1]), Mean(x, [0], True), Max(x, [1], True)


# --- realistic chains ------------------------------------------------------


@kernel("chain_log_abs_clip", [
    [F((8, 13), -10000, 10000, sp=[NAN, INF, -INF, 0.0]), F((13,), -10000, 10000)],
    [F((1, 1)), F((1,))],
    [F((0, 13)), F((13,))],
    [F((20, 30), -10, 10), F((1,), -10, 10)],
])
def _(x, y):
    c = Maximum(Minimum(Mul(Log(AddV2(Abs(x), Const(1, "f32"))), y), Const(50, "f32")), Const(-50, "f32"))
    return c, Mean(Square(c), [1])


@kernel("chain_reduce_exp_mean", [
    [F((8, 13), -10000, 10000)],
    [F((1, 1))],
    [F((0, 5))],
    [F((16, 33), -10000, 10000, sp=[NAN, -INF, INF])],
])
def _(x):
    s = Mul(Sub(x, Max(x, [1], True)), Const(1e-3, "f32"))
    l = Log(Mean(Exp(s), [1], True))
    return Relu(Sub(s, l)), l


@kernel("chain_select_sqrt", [
    [F((9, 11), -10000, 10000), F((9, 11), -10000, 10000)],
    [F((1, 1)), F((1, 1))],
    [F((0, 3)), F((0, 3))],
    [F((4, 5), -10, 10, sp=[NAN, INF, -INF, 0.0]), F((4, 5), -10, 10, sp=[NAN, 0.0, -0.0])],
])
def _(x, y):
    s = Select(Greater(x, y), x, y)
    a = Abs(s)
    r = Rsqrt(AddV2(a, Const(1, "f32")))
    return Maximum(Sqrt(Neg(s)), r), Sum(Mul(r, a), [1])


@kernel("chain_floormod_sign", [
    [F((6, 10), -10000, 10000), F((10,), -100, 100, sp=[0.0])],
    [F((1, 1)), F((1,), 0.5, 1)],
    [F((0, 10)), F((10,))],
    [F((20, 7), -20, 20, step=0.5), F((7,), -5, 5, step=0.5, sp=[-0.0])],
])
def _(x, y):
    fm = FloorMod(x, y)
    return fm, Square(Sum(Relu6(Mul(Sign(fm), x)), [1]))


@kernel("chain_int_floor_cast", [
    [I((6, 9), -10000, 10000, sp=[I32MIN, I32MAX]), I((9,), -50, 50, sp=[0, -1, 1])],
    [I((1, 1), -9, 9), I((1,), 1, 3)],
    [I((0, 9), -9, 9), I((9,), 1, 3)],
    [I((13, 7), I32MIN, I32MAX), I((7,), I32MIN, I32MAX, sp=[0, -1])],
])
def _(x, y):
    q, r = FloorDiv(x, y), FloorMod(x, y)
    t = AddV2(Mul(q, y), r)
    return t, Equal(t, x), Sum(Mul(Cast(r, "f32"), Const(0.5, "f32")), [0])


@kernel("chain_bias_tanh_grad", [
    [F((2, 3, 4, 5), -5, 5), F((3,))],
    [F((1, 1, 1, 1)), F((1,))],
    [F((2, 3, 0, 5)), F((3,))],
    [F((4, 13, 7, 9), -3, 3, sp=[NAN]), F((13,))],
])
def _(x, b):
    g = Neg(Sub(Const(1, "f32"), Square(Tanh(BiasAdd(x, b, "NCHW")))))
    s = Sum(g, [2, 3])
    return s, Relu(AddV2(s, Const(3, "f32")))


@kernel("chain_round_cast_bitwise", [
    [F((5, 12), -10000, 10000, step=0.5, sp=[NAN, INF, -INF, 0.5, -0.5, 2.5]), I((12,), 0, 1023)],
    [F((1, 1), -300, 300), I((1,), 0, 1023)],
    [F((0, 12)), I((12,), 0, 1023)],
    [F((9, 13), -3e9, 3e9), I((13,), 0, 1023)],
])
def _(x, y):
    i = Cast(Round(x), "i32")
    b = BitwiseXor(BitwiseAnd(i, Const(255, "i32")), y)
    return BitwiseOr(b, i), Sigmoid(RealDiv(Cast(b, "f32"), Const(255, "f32")))


@kernel("chain_gelu", [
    [F((8, 16), -10, 10, sp=[NAN, INF, -INF, 0.0, -0.0])],
    [F((1, 1))],
    [F((0, 16))],
    [F((32, 32), -5, 5)],
])
def _(x):
    one, half = Const(1, "f32"), Const(0.5, "f32")
    exact = Mul(Mul(x, AddV2(Erf(Mul(x, Const(0.707106769, "f32"))), one)), half)
    inner = Mul(AddV2(x, Mul(Pow(x, Const(3, "f32")), Const(0.044715, "f32"))), Const(0.797884583, "f32"))
    approx = Mul(Mul(x, AddV2(Tanh(inner), one)), half)
    return exact, approx


@kernel("chain_bce_loss", [
    [F((6, 10), -4, 4), F((6, 10), 0, 1)],
    [F((1, 1), -4, 4), F((1, 1), 0, 1)],
    [F((0, 10), -4, 4), F((0, 10), 0, 1)],
    [F((40, 25), -4, 4), F((40, 25), 0, 1, step=1)],
])
def _(z, y):
    p = Sigmoid(z)
    s = AddV2(Mul(y, Log(p)), Mul(Sub(Const(1, "f32"), y), Log1p(Neg(p))))
    n = Neg(s)
    return Mean(n, [1]), Mean(n, [0, 1])


@kernel("chain_normalize_pow", [
    [F((7, 13), -10000, 10000)],
    [F((1, 1))],
    [F((3, 0))],
    [V([[0, 0, 0, 0], [3, 4, 0, 0], [NAN, 1, 2, 3], [1e-20, -1e-20, 0, 0], [INF, 1, 1, 1]])],
    [F((0, 13))],
])
def _(x):
    n = Pow(Sum(Square(x), [1], True), Const(0.5, "f32"))
    y = RealDiv(x, AddV2(n, Const(9.99999997e-7, "f32")))
    return y, Max(Abs(y), [1])


@kernel("chain_mixed_int_bool", [
    [I((5, 9), -10**6, 10**6, "i64"), I((9,), -10**6, 10**6, "i64")],
    [I((1, 1), -9, 9, "i64"), I((1,), -9, 9, "i64")],
    [I((0, 9), -9, 9, "i64"), I((9,), -9, 9, "i64")],
    [I((13, 7), -10**6, 10**6, "i64"), I((7,), 0, 10**6, "i64")],
])
def _(a, b):
    lt = Less(a, b)
    both = LogicalAnd(lt, GreaterEqual(a, Const(0, "i64")))
    sel = SelectV2(both, a, b)
    return Sum(Cast(sel, "f32"), [1]), Sum(Cast(both, "i32"), [1]), All(LogicalOr(both, lt), [1]), sel


@kernel("chain_sincos_rotation", [
    [F((6, 8), -10, 10), F((6, 8), -10, 10), F((8,), -3.2, 3.2)],
    [F((1, 1)), F((1, 1)), F((1,))],
    [F((0, 8)), F((0, 8)), F((8,))],
    [F((16, 33), -10, 10), F((16, 33), -10, 10), F((33,), -100, 100)],
])
def _(x, y, t):
    c, s = Cos(t), Sin(t)
    xr = Sub(Mul(x, c), Mul(y, s))
    yr = AddV2(Mul(x, s), Mul(y, c))
    return xr, yr, Sqrt(AddV2(Square(xr), Square(yr)))


# --- syntax variants -------------------------------------------------------


@kernel("syntax_builtin_func_module", [
    [F((3, 5), -3, 3), F((3, 5))],
    [F((4, 1), -3, 3), F((1, 6))],
    [F((0, 3)), F((1, 3))],
    [F((1, 1)), F((1, 1))],
])
def _(x, y):
    return Sub(Exp(x), y)


@kernel("syntax_module_attrs_loc", [
    [F((13,), -5, 5), F((13,), -3, 3, sp=[0.0])],
    [F((1,)), F((1,), 1, 2)],
    [F((0,)), F((0,))],
    [F((7,), -5, 5), F((1,), 0.5, 2)],
])
def _(x, y):
    return FloorMod(Relu6(Mul(x, y)), y)


@kernel("syntax_loc_at_end", [
    [F((3, 5), -3, 3), F((5,), -2, 2)],
    [F((1, 1)), F((1,))],
    [F((0, 4)), F((4,))],
    [F((6, 7), -10000, 10000, sp=[NAN, -INF]), F((7,), -10, 10, sp=[-0.5])],
])
def _(x, b):
    c = Ceil(b)
    return BiasAdd(Pow(x, Const(2, "f32")), c), c


@kernel("syntax_multi_func_entry", [
    [F((4, 6), -5, 5), F((6,), -2, 2)],
    [F((1, 1)), F((1,))],
    [F((0, 3)), F((3,))],
    [F((5, 1), -5, 5), F((7,), -2, 2)],
])
def _(x, b):
    return Minimum(Mul(Sigmoid(x), b), x)


@kernel("syntax_multi_func_default", [
    [V([32767, -32768, 100, 181, 0, -5, 7, 300, -300, 1], "i16"), V([-32768, 32767, 0, 0, 0, 2, -2, 1, -1, 0], "i16")],
    [I((13,), -32768, 32767, "i16"), I((13,), -300, 300, "i16")],
    [I((0,), 0, 1, "i16"), I((0,), 0, 1, "i16")],
])
def _(a, b):
    sd = SquaredDifference(a, b)
    return sd, Div(sd, b)


@kernel("syntax_constraints", [
    [F((2, 3), -4, 4, step=0.5), F((3, 4), -2, 2, step=0.5), F((4,), -1, 1, step=0.5)],
    [F((), -4, 4), F((1, 1)), F((1,))],
    [F((7,), -4, 4, sp=[NAN, INF, -0.0, 1.5, 2.5]), F((0, 2)), F((2,))],
    [F((2, 3, 4), -4, 4), F((5, 3), sp=[NAN, 0.0]), F((3,), sp=[-0.0])],
])
def _(x, y, b):
    return Rint(Square(x)), Sign(AddV2(y, b))


@kernel("syntax_dense_forms", [
    [F((2, 3), -10, 10), I((4,), 0, 255, "ui8"), F((), -10, 10, "f64")],
    [V([[NAN, INF, -INF], [0, -0.0, 1e30]]), V([0, 255, 128, 1], "ui8"), V(NAN, "f64")],
])
def _(x, u, d):
    splat = Const(np.full((2, 3), 1.5), "f32")
    nested = Const([[1.0, -2.0, 3.5], [0.0, -0.0, 1.0e10]], "f32")
    blob = HexConst("0000803F000000C00000C07F", "f32")
    pi = BitsConst(0x40490FDB, "f32")
    i64 = Const([I64MIN, 0, I64MAX], "i64")
    bools = Const([[True, False], [False, True]], "i1")
    u8 = HexConst("00017FFF", "ui8")
    e = BitsConst(0x4005BF0A8B145769, "f64")
    bits = BitsConst([0x7FC00000, 0xFF800000], "f32")
    return (AddV2(x, splat), Mul(Mul(nested, blob), pi), i64, LogicalNot(bools), BitwiseXor(u, u8), Mul(d, e),
            Maximum(bits, pi))


@kernel("syntax_return_forms", [
    [F((3, 7), -10, 10), I((2, 2), -100, 100)],
    [F((1, 1)), I((0, 5), 0, 1)],
    [F((0, 2)), I((1, 1), I32MIN, I32MAX)],
])
def _(x, i):
    c = Cos(x)
    return c, x, i, c


@kernel("syntax_old_func_static", [
    [F((3, 4), -0.5, 10), F((), 0.5, 2), F((4,), -1, 1)],
    [F((3, 4), -1, 1, sp=[-1.0, -2.0, INF]), V(0.0), F((4,))],
])
def _(x, s, b):
    d = Div(Log1p(x), s)
    return d, Sum(SquaredDifference(d, b), [0, 1])


@kernel("syntax_const_only", [
    [],
])
def _():
    return (Mul(Const([38, 33], "i32"), Const([4, -5], "i32")), Sqrt(Const(0.25, "f32")),
            Const([True, False, True], "i1"), Const([[0, 65535], [32768, 7]], "ui16"), Const(-128, "i8"))


@kernel("static_mixed_shapes", [
    [F((2, 5, 3), -5, 5), F((2, 1, 3)), F((3,))],
    [F((2, 1, 3)), F((1, 1, 3)), F((3,))],
    [F((2, 0, 3)), F((2, 1, 3)), F((3,))],
    [F((2, 13, 3), -5, 5, sp=[NAN]), F((1, 1, 3)), F((3,), sp=[-INF])],
])
def _(x, y, s):
    m = Mul(AddV2(x, y), s)
    return m, Max(m, [2], True)


# ===========================================================================
# Issue 4 ops (the op4_* kernels): the rest of the elementwise ops, Tier 2
# (shapes, matmuls, gathers, ...) and Tier 3 (control flow, conv, batch norm,
# einsum). The helpers live in the op4 namespace (op4.MatMul, ...) so they
# cannot collide with helpers other sections add.
#
# Precision model of these helpers (see testdata/README.md, "Issue 4 ops"):
# - Elementary functions (acos, tan, erfc, expm1, ...) are computed in float64
#   and rounded once to the kernel's dtype (perturbed by +-4 units in perturb
#   mode); formulas built from them (Softplus, Selu, Xlogy, ...) round every
#   step to the dtype.
# - Dot products (MatMul, BatchMatMulV2, _FusedMatMul, Conv2D, Einsum) and
#   Cumsum over floats accumulate in float64 in a fixed order and round once
#   (deterministic on every machine); the perturb mode accumulates
#   sequentially in the dtype instead, which models a plain float32 kernel
#   (float64 dot products: in reverse order).
# - Kernels register with op4_kernel, which makes NaNs and zeros of float
#   results canonical (numpy's SIMD and scalar loops disagree on their signs).


class op4:
    """TF ops of issue 4 with the project's semantics."""

    # --- elementary functions -------------------------------------------

    @staticmethod
    def _math(f, *xs):
        """f (a float64 numpy function) of xs, rounded to xs[0]'s dtype."""
        dt = xs[0].dtype
        for x in xs:
            _fl(x)
            _same(xs[0], x)
        y = np.asarray(f(*[x.astype(np.float64) for x in xs]), dtype=np.float64)
        if MODE == "perturb":
            return _perturb(y.astype(dt))
        return y.astype(dt)

    @staticmethod
    def _pyf(fn):
        """A float64 numpy function from a Python math function."""
        u = np.frompyfunc(fn, 1, 1)
        return lambda a: np.asarray(u(a), dtype=np.float64).reshape(np.shape(a))

    @staticmethod
    def Acos(x):
        return op4._math(np.arccos, x)

    @staticmethod
    def Asin(x):
        return op4._math(np.arcsin, x)

    @staticmethod
    def Atan(x):
        return op4._math(np.arctan, x)

    @staticmethod
    def Acosh(x):
        return op4._math(np.arccosh, x)

    @staticmethod
    def Asinh(x):
        return op4._math(np.arcsinh, x)

    @staticmethod
    def Atanh(x):
        return op4._math(np.arctanh, x)

    @staticmethod
    def Cosh(x):
        return op4._math(np.cosh, x)

    @staticmethod
    def Sinh(x):
        return op4._math(np.sinh, x)

    @staticmethod
    def Tan(x):
        return op4._math(np.tan, x)

    @staticmethod
    def Atan2(y, x):
        return op4._math(np.arctan2, y, x)

    @staticmethod
    def Expm1(x):
        return op4._math(np.expm1, x)

    @staticmethod
    def Exp(x):
        return op4._math(np.exp, x)

    @staticmethod
    def Log(x):
        return op4._math(np.log, x)

    @staticmethod
    def Log1p(x):
        return op4._math(np.log1p, x)

    @staticmethod
    def Erfc(x):
        def erfc(v):
            return v if v != v else math.erfc(v)
        return op4._math(op4._pyf(erfc), x)

    # --- activations ------------------------------------------------------

    @staticmethod
    def Elu(x):
        """x if x > 0 else expm1(x) (TF's select on x < 0 gives the same, -0 and NaN included)."""
        return np.where(x > 0, x, op4.Expm1(x))

    SELU_SCALE = 1.0507009873554804934193349852946
    SELU_ALPHA = 1.6732632423543772848170429916717
    SELU_SCALE_ALPHA = 1.7580993408473768599402175208123  # TF's constant: scale * alpha

    @staticmethod
    def Selu(x):
        pos = _c(op4.SELU_SCALE, x) * x
        neg = _c(op4.SELU_SCALE_ALPHA, x) * op4.Expm1(x)
        return np.where(x > 0, pos, neg)

    @staticmethod
    def Softplus(x):
        """log1p(exp(-|x|)) + max(x, 0), each step rounded to the dtype."""
        return op4.Log1p(op4.Exp(-np.abs(_fl(x)))) + np.maximum(x, _c(0, x))

    @staticmethod
    def Softsign(x):
        """x / (1 + |x|): +-Inf gives NaN, as TF's formula does."""
        return _fl(x) / (_c(1, x) + np.abs(x))

    @staticmethod
    def f32attr(v):
        """A float attribute (printed `: f32`) as the op sees it: rounded to f32 first."""
        return float(np.float32(v))

    @staticmethod
    def LeakyRelu(x, alpha):
        """x if x > 0 else x * alpha; alpha is an f32 attribute cast to the dtype."""
        return np.where(_fl(x) > 0, x, x * _c(op4.f32attr(alpha), x))

    # --- binary / special elementwise ---------------------------------------

    @staticmethod
    def ClipByValue(t, lo, hi):
        """TF's CPU kernel (cwise_op_clip.cc): std::max(std::min(t, hi), lo), t, lo and hi broadcast
        together. std::min(a, b) = b < a ? b : a, so NaN t stays NaN, NaN bounds are ignored, lo > hi gives lo."""
        _same(t, lo)
        _same(t, hi)
        t, lo, hi = np.broadcast_arrays(t, lo, hi)
        m = np.where(hi < t, hi, t)
        return np.where(m < lo, lo, m).astype(t.dtype)

    @staticmethod
    def DivNoNan(x, y):
        _same(x, y)
        return np.where(y == 0, _c(0, x), _fl(x) / y)

    @staticmethod
    def MulNoNan(x, y):
        _same(x, y)
        return np.where(y == 0, _c(0, x), _fl(x) * y)

    @staticmethod
    def Xdivy(x, y):
        _same(x, y)
        return np.where(x == 0, _c(0, x), _fl(x) / y)

    @staticmethod
    def Xlogy(x, y):
        _same(x, y)
        return np.where(x == 0, _c(0, x), x * op4.Log(y))

    @staticmethod
    def Xlog1py(x, y):
        _same(x, y)
        return np.where(x == 0, _c(0, x), x * op4.Log1p(y))

    @staticmethod
    def Inv(x):
        return Reciprocal(x)

    @staticmethod
    def Invert(x):
        assert is_int(x)
        return np.invert(x)

    @staticmethod
    def IsInf(x):
        return np.isinf(_fl(x))

    @staticmethod
    def IsNan(x):
        return np.isnan(_fl(x))

    @staticmethod
    def _trunc_mod(a, b):
        return a if b == 0 else a - _trunc_div(a, b) * b  # sign of the dividend; x % 0 == x; INT_MIN % -1 == 0

    @staticmethod
    def Mod(x, y):
        """TF Mod == TruncateMod: C fmod / the C++ % (sign of the dividend); x % 0 == x for integers (XLA)."""
        _same(x, y)
        if is_int(x):
            return _binint(x, y, op4._trunc_mod)
        return np.fmod(x, y)

    TruncateMod = Mod

    @staticmethod
    def TruncateDiv(x, y):
        _same(x, y)
        if is_int(x):
            return _binint(x, y, _trunc_div)
        return np.trunc(x / y)

    @staticmethod
    def ApproximateEqual(x, y, tolerance):
        _same(x, y)
        assert x.shape == y.shape, "TF's ApproximateEqual does not broadcast"
        return np.abs(x - y) < _c(op4.f32attr(tolerance), x)

    @staticmethod
    def NextAfter(x, y, t):
        """numpy nextafter in the kernel's dtype t (also in the float64 cross-check)."""
        dt = MLIR_TO_NP[t]
        return np.nextafter(x.astype(dt), y.astype(dt)).astype(x.dtype)

    @staticmethod
    def ZerosLike(x):
        return np.zeros_like(x)

    @staticmethod
    def OnesLike(x):
        return np.ones_like(x)

    # --- dot products -------------------------------------------------------

    @staticmethod
    def _acc_dtype(dt):
        """The accumulation dtype of a float dot product in the current mode."""
        if MODE == "perturb":
            return dt
        return np.dtype(np.float64)

    @staticmethod
    def _dot(a, b):
        """a (..., M, K) @ b (..., K, N) with broadcast batch dims."""
        _same(a, b)
        assert a.ndim >= 2 and b.ndim >= 2 and a.shape[-1] == b.shape[-2], (a.shape, b.shape)
        batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
        shape = batch + (a.shape[-2], b.shape[-1])
        if is_int(a):
            oa, ob = _obj(a), _obj(b)
            acc = np.zeros(shape, dtype=object)
            for k in range(a.shape[-1]):
                acc = acc + oa[..., :, k:k + 1] * ob[..., k:k + 1, :]
            return _wrap(acc, a.dtype)
        _fl(a)
        acc_dt = op4._acc_dtype(a.dtype)
        aa, bb = a.astype(acc_dt), b.astype(acc_dt)
        acc = np.zeros(shape, dtype=acc_dt)
        order = range(a.shape[-1])
        if MODE == "perturb" and a.dtype.itemsize == 8:
            order = reversed(order)  # another order for float64 kernels
        for k in order:
            acc = acc + aa[..., :, k:k + 1] * bb[..., k:k + 1, :]
        return acc.astype(a.dtype)

    @staticmethod
    def MatMul(a, b, transpose_a=False, transpose_b=False):
        assert a.ndim == 2 and b.ndim == 2
        return op4._dot(a.T if transpose_a else a, b.T if transpose_b else b)

    @staticmethod
    def BatchMatMulV2(x, y, adj_x=False, adj_y=False):
        """Batch dims broadcast; adj_x/adj_y swap the last two dims (real types)."""
        return op4._dot(np.swapaxes(x, -1, -2) if adj_x else x, np.swapaxes(y, -1, -2) if adj_y else y)

    @staticmethod
    def FusedMatMul(a, b, bias, fused_ops, transpose_a=False, transpose_b=False):
        """_FusedMatMul: MatMul, then the fused ops (BiasAdd, then optionally Relu) in the dtype."""
        assert fused_ops[0] == "BiasAdd"
        y = BiasAdd(op4.MatMul(a, b, transpose_a, transpose_b), bias)
        for f in fused_ops[1:]:
            assert f == "Relu", f
            y = Relu(y)
        return y

    @staticmethod
    def Einsum(equation, *ops):
        """Einsum as TF does it, contractions accumulated like _dot (one term per contracted index tuple)."""
        ins, out = equation.replace(" ", "").split("->")
        ins = ins.split(",")
        assert len(ins) == len(ops)
        sizes = {}
        for spec, o in zip(ins, ops):
            assert len(spec) == o.ndim, (spec, o.shape)
            for ch, n in zip(spec, o.shape):
                assert sizes.setdefault(ch, n) == n, "einsum dim %s" % ch
        contracted = sorted(set("".join(ins)) - set(out))
        if not contracted:
            return np.einsum(equation, *ops)  # products only: one rounding each
        import itertools
        dt = ops[0].dtype
        assert dt.kind == "f", "integer Einsum contractions are not modelled"
        acc_dt = op4._acc_dtype(dt)
        acc = np.zeros(tuple(sizes[ch] for ch in out), dtype=acc_dt)
        specs = [",".join("".join(ch for ch in spec if ch not in contracted) for spec in ins) + "->" + out]
        for combo in itertools.product(*[range(sizes[ch]) for ch in contracted]):
            fix = dict(zip(contracted, combo))
            sl = [o[tuple(fix[ch] if ch in fix else slice(None) for ch in spec)].astype(acc_dt)
                  for spec, o in zip(ins, ops)]
            acc = acc + np.einsum(specs[0], *sl)
        return acc.astype(dt)

    @staticmethod
    def Conv2D(x, f, strides, padding, dilations=(1, 1, 1, 1)):
        """NHWC input, HWIO filter; padding SAME or VALID; accumulation as in _dot."""
        _same(x, f)
        n, h, w, c = x.shape
        kh, kw, ci, co = f.shape
        assert ci == c and strides[0] == strides[3] == 1 and dilations[0] == dilations[3] == 1
        sh, sw = strides[1], strides[2]
        dh, dw = dilations[1], dilations[2]
        ekh, ekw = (kh - 1) * dh + 1, (kw - 1) * dw + 1
        if padding == "SAME":
            oh, ow = -(-h // sh), -(-w // sw)
            ph = max((oh - 1) * sh + ekh - h, 0)
            pw = max((ow - 1) * sw + ekw - w, 0)
            pt, pl = ph // 2, pw // 2
        else:
            assert padding == "VALID"
            assert h >= ekh and w >= ekw
            oh, ow = (h - ekh) // sh + 1, (w - ekw) // sw + 1
            ph = pw = pt = pl = 0
        if is_int(x):
            acc_dt = object
        else:
            acc_dt = op4._acc_dtype(x.dtype)
        xp = np.zeros((n, h + ph, w + pw, c), dtype=acc_dt)
        xp[:, pt:pt + h, pl:pl + w, :] = x.astype(acc_dt)
        ff = f.astype(acc_dt)
        acc = np.zeros((n, oh, ow, co), dtype=acc_dt)
        for i in range(kh):
            for j in range(kw):
                r0, c0 = i * dh, j * dw
                patch = xp[:, r0:r0 + (oh - 1) * sh + 1:sh, c0:c0 + (ow - 1) * sw + 1:sw, :]
                if oh == 0 or ow == 0:
                    continue
                for k in range(c):
                    acc = acc + patch[:, :, :, k:k + 1] * ff[i, j, k, :]
        if is_int(x):
            return _wrap(acc, x.dtype)
        return acc.astype(x.dtype)

    @staticmethod
    def FusedBatchNormV3(x, scale, offset, mean, var, epsilon, data_format="NHWC"):
        """Inference (is_training = false). Returns y, batch_mean, batch_variance: the last two are the
        mean and variance inputs (TF's CPU kernel copies them; reserve_space_1/2 are left undefined).
        y = (x - mean) * (rsqrt(var + eps) * scale) + offset in f32 (TF's CPU kernel); the perturb mode
        uses the folded form x * s + (offset - mean * s)."""
        for t in (scale, offset, mean, var):
            _same(scale, t)
            assert t.ndim == 1
        ch = 3 if data_format == "NHWC" else 1
        shp = [1] * x.ndim
        shp[ch] = -1
        u = scale.dtype
        xx = x.astype(u)
        eps = _c(op4.f32attr(epsilon), scale)
        s = (_c(1, scale) / np.sqrt(var + eps)) * scale
        s, m, o = s.reshape(shp), mean.reshape(shp), offset.reshape(shp)
        if MODE == "perturb":
            y = xx * s + (o - m * s)
        else:
            y = (xx - m) * s + o
        return y.astype(x.dtype), mean.copy(), var.copy()

    # --- shapes and data movement -------------------------------------------

    @staticmethod
    def _ints(v):
        return [int(a) for a in np.asarray(v).reshape(-1).tolist()]

    @staticmethod
    def Transpose(x, perm):
        return np.ascontiguousarray(np.transpose(x, op4._ints(perm))) if x.ndim else x.copy()

    @staticmethod
    def Reshape(x, shape):
        shape = op4._ints(shape)
        assert shape.count(-1) <= 1
        if -1 in shape:
            known = 1
            for d in shape:
                if d != -1:
                    known *= d
            assert known != 0, "Reshape: -1 with a zero-size dim is ambiguous (TF rejects it)"
            assert x.size % known == 0
            shape[shape.index(-1)] = x.size // known
        assert int(np.prod(shape)) == x.size, (x.shape, shape)
        return x.reshape(shape).copy()

    @staticmethod
    def ExpandDims(x, dim):
        d = op4._ints(dim)
        assert len(d) == 1
        d = d[0]
        assert -x.ndim - 1 <= d <= x.ndim
        if d < 0:
            d += x.ndim + 1
        return np.expand_dims(x, d).copy()

    @staticmethod
    def Squeeze(x, squeeze_dims=()):
        if not squeeze_dims:
            return x.reshape([d for d in x.shape if d != 1]).copy()
        ax = [a % x.ndim for a in squeeze_dims]
        for a in ax:
            assert x.shape[a] == 1, "Squeeze of a dim that is not 1"
        return x.reshape([d for i, d in enumerate(x.shape) if i not in ax]).copy()

    @staticmethod
    def BroadcastTo(x, shape):
        return np.array(np.broadcast_to(x, op4._ints(shape)), order="C")  # (ascontiguousarray makes rank 0 rank 1)

    @staticmethod
    def ConcatV2(xs, axis):
        a = op4._ints(axis)[0]
        for x in xs:
            _same(xs[0], x)
        return np.concatenate(xs, axis=a % xs[0].ndim)

    @staticmethod
    def Pack(xs, axis=0):
        for x in xs:
            _same(xs[0], x)
            assert x.shape == xs[0].shape
        r = xs[0].ndim + 1
        return np.stack(xs, axis=axis % r)

    @staticmethod
    def Slice(x, begin, size):
        begin, size = op4._ints(begin), op4._ints(size)
        idx = []
        for b, s, d in zip(begin, size, x.shape):
            e = d if s == -1 else b + s
            assert 0 <= b <= e <= d, "Slice out of range"
            idx.append(slice(b, e))
        return x[tuple(idx)].copy()

    @staticmethod
    def StridedSlice(x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                     shrink_axis_mask=0):
        """TF StridedSlice == the Python/numpy slice it describes (TF's clamping is Python's)."""
        begin, end, strides = op4._ints(begin), op4._ints(end), op4._ints(strides)
        idx = []
        for i, (b, e, s) in enumerate(zip(begin, end, strides)):
            bit = 1 << i
            if ellipsis_mask & bit:
                idx.append(Ellipsis)
            elif new_axis_mask & bit:
                idx.append(None)
            elif shrink_axis_mask & bit:
                assert s > 0
                idx.append(b)  # numpy raises IndexError where TF rejects the index
            else:
                assert s != 0
                idx.append(slice(None if begin_mask & bit else b, None if end_mask & bit else e, s))
        return np.array(x[tuple(idx)]).copy()

    @staticmethod
    def ReverseV2(x, axes):
        ax = _axes(x, axes) if x.ndim else ()
        return np.flip(x, ax).copy() if ax else x.copy()

    @staticmethod
    def Tile(x, multiples):
        m = op4._ints(multiples)
        assert len(m) == x.ndim and all(v >= 0 for v in m)
        return np.tile(x, m) if x.ndim else x.copy()

    @staticmethod
    def Pad(x, paddings, value=None):
        p = np.asarray(paddings).reshape(-1, 2).tolist()
        assert len(p) == x.ndim and all(a >= 0 and b >= 0 for a, b in p)
        cv = np.zeros((), dtype=x.dtype) if value is None else np.asarray(value, dtype=x.dtype)
        out = np.full([d + a + b for d, (a, b) in zip(x.shape, p)], cv, dtype=x.dtype)
        out[tuple(slice(a, a + d) for d, (a, _) in zip(x.shape, p))] = x
        return out

    PadV2 = Pad

    @staticmethod
    def Fill(dims, value):
        assert value.ndim == 0
        return np.full(op4._ints(dims), value, dtype=value.dtype)

    @staticmethod
    def Shape(x, t="i32"):
        return np.array(x.shape, dtype=MLIR_TO_NP[t])

    @staticmethod
    def Identity(x):
        return x.copy()

    StopGradient = Identity

    @staticmethod
    def _arg(x, axis, t, f):
        a = op4._ints(axis)[0] % x.ndim
        assert x.shape[a] > 0, "ArgMax/ArgMin over an empty dim is an error in TF"
        if is_float(x):
            assert not np.isnan(x).any(), "NaN in ArgMax/ArgMin input: no golden (implementations differ)"
        return f(x, axis=a).astype(MLIR_TO_NP[t])  # numpy returns the first index of ties, as TF does

    @staticmethod
    def ArgMax(x, axis, t="i64"):
        return op4._arg(x, axis, t, np.argmax)

    @staticmethod
    def ArgMin(x, axis, t="i64"):
        return op4._arg(x, axis, t, np.argmin)

    @staticmethod
    def GatherV2(params, indices, axis=0, batch_dims=0):
        assert is_int(indices)
        axis = op4._ints(axis)[0]
        if axis < 0:
            axis += params.ndim
        if batch_dims < 0:
            batch_dims += indices.ndim
        assert 0 <= batch_dims <= axis < params.ndim and batch_dims <= indices.ndim
        assert params.shape[:batch_dims] == indices.shape[:batch_dims]
        n = params.shape[axis]
        assert ((indices >= 0) & (indices < n)).all(), "out-of-range index (TF errors on CPU): not in goldens"
        shape = params.shape[:axis] + indices.shape[batch_dims:] + params.shape[axis + 1:]
        if batch_dims == 0:
            return np.take(params, indices.astype(np.int64), axis=axis).reshape(shape)
        out = np.zeros(shape, dtype=params.dtype)
        for b in range(params.shape[0]):
            out[b] = op4.GatherV2(params[b], indices[b], axis - 1, batch_dims - 1)
        return out

    @staticmethod
    def Gather(params, indices):
        return op4.GatherV2(params, indices, 0, 0)

    @staticmethod
    def Range(start, limit, delta):
        """start + i * delta (in the dtype) for i < size; size as TF computes it."""
        _same(start, limit)
        _same(start, delta)
        s, l, d = start.item(), limit.item(), delta.item()
        assert d != 0 and ((d > 0 and s <= l) or (d < 0 and s >= l)), "Range: TF rejects these"
        if is_int(start):
            n = (abs(l - s) + abs(d) - 1) // abs(d)
            return _wrap(np.array([s + i * d for i in range(n)], dtype=object), start.dtype)
        q = np.abs((limit - start) / delta)
        n = int(np.ceil(q))
        assert n == math.ceil(abs((l - s) / d)), "Range size depends on rounding: pick other values"
        return (start + np.arange(n).astype(start.dtype) * delta).astype(start.dtype)

    @staticmethod
    def Cumsum(x, axis, exclusive=False, reverse=False):
        a = op4._ints(axis)[0] % x.ndim
        if reverse:
            x = np.flip(x, a)
        if is_int(x):
            c = _wrap(np.cumsum(_obj(x), axis=a), x.dtype) if x.size else x.copy()
        else:
            acc_dt = op4._acc_dtype(x.dtype)
            c = np.cumsum(x.astype(acc_dt), axis=a, dtype=acc_dt).astype(x.dtype)
        if exclusive and c.shape[a]:
            z = np.zeros_like(np.take(c, [0], axis=a))
            c = np.concatenate([z, np.take(c, range(c.shape[a] - 1), axis=a)], axis=a)
        if reverse:
            c = np.flip(c, a)
        return np.ascontiguousarray(c)

    @staticmethod
    def OneHot(indices, depth, on, off, axis=-1):
        assert is_int(indices) and on.ndim == 0 and off.ndim == 0
        _same(on, off)
        d = op4._ints(depth)[0]
        hot = indices.astype(np.int64)[..., None] == np.arange(d)  # out-of-range indices match nothing
        out = np.where(hot, on, off).astype(on.dtype)
        if axis != -1:
            out = np.moveaxis(out, -1, axis)
        return np.ascontiguousarray(out)

    @staticmethod
    def _scatter(tensor, indices, updates, add):
        _same(tensor, updates)
        assert is_int(indices)
        k = indices.shape[-1]
        idx = indices.reshape(-1, k).tolist()
        upd = updates.reshape((len(idx),) + tensor.shape[k:])
        seen = set()
        out = _obj(tensor) if is_int(tensor) else tensor.copy()
        for i, ix in enumerate(idx):
            for v, n in zip(ix, tensor.shape):
                assert 0 <= v < n, "out-of-range scatter index: not in goldens"
            if not add:
                assert tuple(ix) not in seen, "duplicate TensorScatterUpdate index: order is unspecified"
            seen.add(tuple(ix))
            u = _obj(upd[i]) if is_int(tensor) else upd[i]
            out[tuple(ix)] = out[tuple(ix)] + u if add else u
        return _wrap(out, tensor.dtype) if is_int(tensor) else out

    @staticmethod
    def TensorScatterUpdate(tensor, indices, updates):
        return op4._scatter(tensor, indices, updates, False)

    @staticmethod
    def TensorScatterAdd(tensor, indices, updates):
        return op4._scatter(tensor, indices, updates, True)



def op4_kernel(name, cases, **kw):
    """kernel(), with NaNs and zeros of float results made canonical (+NaN, +0).

    numpy picks SIMD or scalar loops by alignment and size, and they disagree on the sign of a NaN
    (and can on the sign of a zero) -- which the comparison ignores but the bytes of a golden would
    not. Canonical values keep the goldens byte-identical from run to run."""
    def deco(fn):
        def canon(*args):
            outs = fn(*args)
            single = not isinstance(outs, tuple)
            res = []
            for o in ((outs,) if single else outs):
                o = np.asarray(o)
                if o.dtype.kind == "f":
                    o = np.where(np.isnan(o), np.array(np.nan, dtype=o.dtype), o)
                    o = np.where(o == 0, np.array(0, dtype=o.dtype), o).astype(o.dtype)
                res.append(o)
            return res[0] if single else tuple(res)
        kernel(name, cases, **kw)(canon)
        return fn
    return deco


# --- issue 4: elementwise ----------------------------------------------------

ACOS_EDGE = [NAN, INF, -INF, 1.0, -1.0, 0.0, -0.0, 1.0000001, -1.0000001, 0.99999994, -0.99999994, 1e-45, 0.5,
             -0.5, 2.0]
WIDE_EDGE = [NAN, INF, -INF, 0.0, -0.0, 1e30, -1e30, 1e-30, -1e-30, 1.0, -1.0, 1e-45]


@op4_kernel("op4_inverse_trig", [
    [F((7, 13), -1, 1, sp=ACOS_EDGE), F((13,), -1e4, 1e4, sp=WIDE_EDGE)],
    [F((1, 1), -1, 1), F((1,), -10, 10)],
    [F((0, 13)), F((0,))],
    [F((33, 31), -1, 1), F((200,), -100, 100)],
])
def _(x, z):
    return op4.Acos(x), op4.Asin(x), op4.Atan(z)


E8 = [NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 1e-45]
E8D = [NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 5e-324]


@op4_kernel("op4_atan2", [
    [V(E8, shape=(8, 1)), V(E8, shape=(1, 8)), V([a for a in E8D for _ in E8D], "f64"), V(E8D * 8, "f64")],
    [F((7, 13), -10, 10), F((7, 13), -10, 10), F((13,), -1e4, 1e4, "f64"), F((13,), -1e4, 1e4, "f64")],
    [F((1, 1)), F((5, 0)), F((0,), dt="f64"), F((1,), dt="f64")],
    [F((13, 1), -1e4, 1e4), F((1, 7), -1e4, 1e4), F((7,), -1, 1, "f64"), F((1,), -1, 1, "f64")],
])
def _(y, x, yd, xd):
    return op4.Atan2(y, x), op4.Atan2(yd, xd)


ACOSH_EDGE = [1.0, 1.0000001, 0.99999994, 0.5, 0.0, -1.0, INF, -INF, NAN, 1e30, 3.4e38, 2.0]
HYP_EDGE = WIDE_EDGE + [89.0, -89.0, 89.5, -89.5, 1e-4, -1e-4]
ATANH_EDGE = [1.0, -1.0, 1.0000001, -1.0000001, 0.99999994, -0.99999994, 0.0, -0.0, NAN, INF, 1e-30, 0.5]
TAN_EDGE = [1.5707964, -1.5707964, 3.1415927, 0.0, -0.0, INF, -INF, NAN, 1e-30, 100.0, 0.7853982]


@op4_kernel("op4_hyperbolic_tan", [
    [F((13,), 1, 100, sp=ACOSH_EDGE), F((7, 13), -100, 100, sp=HYP_EDGE), F((13,), -1, 1, sp=ATANH_EDGE),
     F((13,), -100, 100, sp=TAN_EDGE)],
    [F((1,), 1, 3), F((1, 1), -3, 3), F((1,), -1, 1), F((1,), -1, 1)],
    [F((0,)), F((3, 0)), F((0,)), F((0,))],
    [F((100,), 1, 1e4), F((13, 7), -20, 20), F((100,), -0.999, 0.999), F((100,), -10, 10)],
])
def _(a, b, c, t):
    return op4.Acosh(a), op4.Asinh(b), op4.Cosh(b), op4.Sinh(b), op4.Atanh(c), op4.Tan(t)


@op4_kernel("op4_trig_hyp_f64", [
    [F((13,), -1, 1, "f64", sp=[1.0, -1.0, 1 + 2**-52, -1 - 2**-52, 1 - 2**-53, 0.0, -0.0, NAN, INF, 5e-324]),
     F((13,), 1, 100, "f64", sp=[1.0, 1 + 2**-52, 1 - 2**-53, 0.5, INF, NAN, 1e300]),
     F((17,), -100, 100, "f64", sp=[NAN, INF, -INF, 0.0, -0.0, 710.0, 711.0, -711.0, 1e-300, 1.5707963267948966,
                                    1e4, -1e4])],
    [F((1,), -1, 1, "f64"), F((1,), 1, 2, "f64"), F((1,), -1, 1, "f64")],
    [F((0,), -1, 1, "f64"), F((0,), 1, 2, "f64"), F((0,), -1, 1, "f64")],
    [F((100,), -1, 1, "f64"), F((100,), 1, 1e4, "f64"), F((100,), -20, 20, "f64")],
])
def _(x, a, w):
    return (op4.Acos(x), op4.Asin(x), op4.Atanh(x), op4.Acosh(a), op4.Atan(w), op4.Asinh(w), op4.Cosh(w),
            op4.Sinh(w), op4.Tan(w))


ACT_EDGE = [NAN, INF, -INF, 0.0, -0.0, 1e-8, -1e-8, 1e-30, -1e-30, 20.0, -20.0, 88.0, -88.0, 100.0, -100.0, 1e4,
            -1e4, 3e38, -3e38, 1e-45, -1e-45]


@op4_kernel("op4_activations", [
    [F((2, 7, 13), -10, 10, sp=ACT_EDGE)],
    [F((1, 1, 1), -3, 3)],
    [F((2, 0, 3))],
    [F((3, 13, 7), -1e4, 1e4)],
    [F((1, 5, 64), -1, 1)],
])
def _(x):
    return op4.Elu(x), op4.Selu(x), op4.Softplus(x), op4.Softsign(x), op4.LeakyRelu(x, 0.2), op4.LeakyRelu(x, 0.01)


ACT64_EDGE = [NAN, INF, -INF, 0.0, -0.0, 1e-300, -1e-300, 5e-324, 40.0, -40.0, 745.0, -745.0, 800.0, -800.0,
              1e300, -1e300, 1e-17, -1e-17]


@op4_kernel("op4_activations_f64", [
    [F((7, 13), -10, 10, "f64", sp=ACT64_EDGE)],
    [F((1, 1), -3, 3, "f64")],
    [F((0, 3), dt="f64")],
    [F((13, 7), -1e4, 1e4, "f64")],
])
def _(x):
    return op4.Elu(x), op4.Selu(x), op4.Softplus(x), op4.Softsign(x), op4.LeakyRelu(x, 0.3)


@op4_kernel("op4_clip_by_value", [
    [F((7, 13), -10, 10, sp=[NAN, INF, -INF, -0.0, 0.0]), V(-2.5), V(3.0),
     I((7, 13), -1000, 1000, "i64", sp=[I64MIN, I64MAX]), I((7, 13), -500, 0, "i64"), I((7, 13), 0, 500, "i64")],
    [F((1, 1), -10, 2), V(-1.0), V(1.0), I((1, 1), -9, 9, "i64"), I((1, 1), -5, 0, "i64"), I((1, 1), 0, 5, "i64")],
    [F((0, 13)), V(0.0), V(0.0), I((0, 3), -9, 9, "i64"), I((0, 3), -9, 0, "i64"), I((0, 3), 0, 9, "i64")],
    [F((13, 7), -1e4, 1e4), V(-5000.0), V(INF), I((1, 1), -1000, 1000, "i64"), I((5, 3), -500, 0, "i64"),
     I((5, 3), 0, 500, "i64")],
    [F((7, 1), -10, 10, sp=[NAN]), V(-INF), V(-INF), I((2, 2), -9, 9, "i64"), I((2, 1), -5, 0, "i64"),
     I((1, 2), 0, 5, "i64")],
])
def _(x, lo, hi, a, alo, ahi):
    lo2 = AddV2(Min(x, Const([1], "i32"), True), Const(2.5, "f32"))
    return op4.ClipByValue(x, lo, hi), op4.ClipByValue(x, lo2, Const(5.0, "f32")), op4.ClipByValue(a, alo, ahi)


NONAN_EDGE = [NAN, INF, -INF, 0.0, -0.0, 1.0, -2.5, 1e-45, 0.5, -1.0, 3e38]


@op4_kernel("op4_nonan_ops", [
    [V(NONAN_EDGE, shape=(11, 1)), V(NONAN_EDGE, shape=(1, 11))],
    [F((7, 13), -10, 10, sp=[0.0]), F((7, 13), -0.9, 10, sp=[0.0, -0.0])],
    [F((1, 1)), F((0, 1))],
    [F((13, 1), -1e4, 1e4), F((1, 7), 0, 1e4, sp=[0.0])],
    [F((1, 13), -1, 1), F((7, 1), -1, 1)],
])
def _(x, y):
    return op4.DivNoNan(x, y), op4.MulNoNan(x, y), op4.Xdivy(x, y), op4.Xlogy(x, y), op4.Xlog1py(x, y)


NONAN64 = [NAN, INF, -INF, 0.0, -0.0, 1.0, -2.5, 5e-324, 0.5, -1.0, 1e308, 3.0]


@op4_kernel("op4_nonan_ops_f64", [
    [V(NONAN64, "f64"), V(0.0, "f64")],
    [V(NONAN64, "f64"), V(NAN, "f64")],
    [V(NONAN64, "f64"), V(-0.0, "f64")],
    [V(NONAN64, "f64"), V(2.5, "f64")],
    [V(NONAN64, "f64"), V(INF, "f64")],
    [V(NONAN64, "f64"), V(-1.0, "f64")],
    [F((13,), -10, 10, "f64"), V(1e-300, "f64")],
    [F((0,), dt="f64"), V(3.0, "f64")],
])
def _(x, y):
    return op4.DivNoNan(x, y), op4.MulNoNan(x, y), op4.Xdivy(x, y), op4.Xlogy(x, y), op4.Xlog1py(x, y)


@op4_kernel("op4_inv_invert", [
    [V([0.0, -0.0, 1.0, -2.0, 0.25, 1e-40, -1e-40, 3e38, INF, -INF, NAN, 3.0, 0.1, 1e-45]),
     V([0, 1, -1, 2, -2, I32MIN, I32MAX, 7], "i32"), V([0, 1, -1, 2, I64MIN, I64MAX, -3], "i64"),
     V([-128, 127, 0, -1, 5], "i8"), V([-32768, 32767, 0, -1, 300], "i16"), V([0, 255, 1, 128], "ui8"),
     V([0, 65535, 1, 32768], "ui16"), V([0, 2**32 - 1, 1, 2**31], "ui32"), V([0, 2**64 - 1, 1, 2**63], "ui64")],
    [F((13,), -100, 100), I((13,), -3, 3), I((13,), -3, 3, "i64"), I((13,), -128, 127, "i8"),
     I((13,), -32768, 32767, "i16"), I((13,), 0, 255, "ui8"), I((13,), 0, 65535, "ui16"),
     I((13,), 0, 2**32 - 1, "ui32"), I((13,), 0, 2**64 - 1, "ui64")],
    [F((1,), 1, 2), I((1,), -1, -1), I((1,), 1, 1, "i64"), I((1,), 0, 0, "i8"), I((1,), 0, 0, "i16"),
     I((1,), 0, 0, "ui8"), I((1,), 0, 0, "ui16"), I((1,), 0, 0, "ui32"), I((1,), 0, 0, "ui64")],
    [F((0,)), I((0,), 0, 1), I((0,), 0, 1, "i64"), I((0,), 0, 1, "i8"), I((0,), 0, 1, "i16"), I((0,), 0, 1, "ui8"),
     I((0,), 0, 1, "ui16"), I((0,), 0, 1, "ui32"), I((0,), 0, 1, "ui64")],
])
def _(f, i, l, b, s, ub, us, ui, ul):
    return (op4.Inv(f), op4.Inv(i), op4.Inv(l), op4.Invert(b), op4.Invert(s), op4.Invert(i), op4.Invert(l),
            op4.Invert(ub), op4.Invert(us), op4.Invert(ui), op4.Invert(ul))


@op4_kernel("op4_isinf_isnan", [
    [F((4, 9), -1e38, 1e38, sp=[NAN, INF, -INF, 0.0, -0.0, 3.4028235e38, -3.4028235e38, 1e-45, -NAN]),
     V([NAN, INF, -INF, 0.0, 1.7976931348623157e308, 5e-324, -NAN, 1.0], "f64")],
    [F((1, 1)), F((1,), dt="f64")],
    [F((0, 9)), F((0,), dt="f64")],
    [F((13, 7), sp=[NAN] * 10 + [INF] * 5 + [-INF] * 5), F((13,), dt="f64", sp=[NAN, INF])],
])
def _(x, d):
    return op4.IsInf(x), op4.IsNan(x), op4.IsInf(d), op4.IsNan(d)


@op4_kernel("op4_mod_truncdiv_ints", [
    [I((4, 9), -1000, 1000, sp=[I32MIN, I32MIN, I32MAX, -7, 7, 0, -1, 1]),
     V([0, -1, 1, -2, 3, -3, 7, I32MIN, I32MAX], "i32"),
     V([I64MIN, I64MIN, I64MAX, -7, 7, -7, 7, 0, 5, 10**18], "i64"), V([-1, 0, -1, 2, -2, -2, 2, 0, 0, -7], "i64"),
     V([-128, -128, 127, -7, 7, 5, 0], "i8"), V([-1, 0, -1, 2, -2, 0, 3], "i8"),
     V([255, 7, 0, 200, 3], "ui8"), V([2, 0, 5, 255, 1], "ui8"),
     V([-32768, 32767, -7, 100], "i16"), V([-1, 0, 2, -7], "i16"),
     V([2**32 - 1, 7, 2**31], "ui32"), V([2, 0, 3], "ui32"), V([2**64 - 1, 2**63, 5], "ui64"), V([2, 3, 0], "ui64")],
    [I((7, 13), I32MIN, I32MAX), I((13,), -20, 20, sp=[0, -1]), I((13,), I64MIN, I64MAX, "i64"),
     I((13,), -1000, 1000, "i64", sp=[0, -1]), I((13,), -128, 127, "i8"), I((13,), -128, 127, "i8", sp=[0, -1]),
     I((13,), 0, 255, "ui8"), I((13,), 0, 20, "ui8", sp=[0]), I((13,), -32768, 32767, "i16"),
     I((13,), -300, 300, "i16", sp=[0]), I((13,), 0, 2**32 - 1, "ui32"), I((13,), 0, 1000, "ui32", sp=[0]),
     I((13,), 0, 2**64 - 1, "ui64"), I((13,), 0, 2**40, "ui64", sp=[0])],
    [I((1, 1), -10, 10), I((1,), 1, 5), I((1,), -10, 10, "i64"), I((1,), 1, 5, "i64"), I((1,), -10, 10, "i8"),
     I((1,), 1, 5, "i8"), I((1,), 0, 10, "ui8"), I((1,), 1, 5, "ui8"), I((1,), -10, 10, "i16"), I((1,), 1, 5, "i16"),
     I((1,), 0, 10, "ui32"), I((1,), 1, 5, "ui32"), I((1,), 0, 10, "ui64"), I((1,), 1, 5, "ui64")],
    [I((0, 5), -10, 10), I((5,), 1, 5), I((0,), 0, 1, "i64"), I((0,), 0, 1, "i64"), I((0,), 0, 1, "i8"),
     I((0,), 0, 1, "i8"), I((0,), 0, 1, "ui8"), I((0,), 0, 1, "ui8"), I((0,), 0, 1, "i16"), I((0,), 0, 1, "i16"),
     I((0,), 0, 1, "ui32"), I((0,), 0, 1, "ui32"), I((0,), 0, 1, "ui64"), I((0,), 0, 1, "ui64")],
])
def _(a, b, c, d, e, f, g, h, i, j, k, l, m, n):
    return (op4.Mod(a, b), op4.TruncateMod(a, b), op4.TruncateDiv(a, b), op4.Mod(c, d), op4.TruncateDiv(c, d),
            op4.TruncateDiv(e, f), op4.TruncateDiv(g, h), op4.TruncateDiv(i, j), op4.TruncateDiv(k, l),
            op4.TruncateDiv(m, n))


FMOD_X = [7, -7, 7, -7, 7.5, -7.5, 0, -0.0, 5, INF, -INF, NAN, 1e30, 1e-45, 3.0, -3.0, 1e4, -1e4]
FMOD_Y = [2, 2, -2, -2, 2, 2, 3, 3, 0, 2, 3, 2, 3, 3, INF, -INF, 0.3, 0.7]


@op4_kernel("op4_mod_truncdiv_float", [
    [V(FMOD_X, shape=(2, 9)), V(FMOD_Y, shape=(2, 9)), V(FMOD_X, "f64"), V(FMOD_Y, "f64")],
    [F((3, 13), -100, 100, step=0.25), F((3, 13), -10, 10, step=0.25, sp=[0.0]), F((13,), -1e4, 1e4, "f64"),
     F((13,), -100, 100, "f64")],
    [F((1, 1), -10, 10), F((1, 1), 1, 3), F((1,), -10, 10, "f64"), F((1,), 1, 3, "f64")],
    [F((0, 4)), F((1, 4), 1, 2), F((0,), dt="f64"), F((0,), dt="f64")],
    [F((13, 7), -1e4, 1e4), F((1, 7), 1, 100), F((7,), -1e4, 1e4, "f64"), F((7,), -10, 10, "f64")],
])
def _(x, y, xd, yd):
    return op4.Mod(x, y), op4.TruncateMod(x, y), op4.TruncateDiv(x, y), op4.Mod(xd, yd), op4.TruncateDiv(xd, yd)


@op4_kernel("op4_approximate_equal", [
    [V([1.0, 1.0, 1.0, 1.0, NAN, INF, INF, 0.0, -0.0, 1e-6, 100.0, 3e38], shape=(2, 6)),
     V([1.0, 1.0000038, 1.00002, 1.02, 1.0, INF, 1.0, NAN, 0.0, -1e-6, 100.005, -3e38], shape=(2, 6)),
     V([0.0, 0.5, -0.5, 1.0, NAN, INF, 2.0, 2.25], "f64"), V([0.0, 0.0, 0.0, 0.5, NAN, INF, 1.5, 1.5], "f64")],
    [F((7, 13), 0, 0.05, step=2**-10), F((7, 13), 0, 0.05, step=2**-10), F((13,), -2, 2, "f64", step=0.125),
     F((13,), -2, 2, "f64", step=0.125)],
    [F((1, 1), 0, 0.05, step=2**-10), F((1, 1), 0, 0.05, step=2**-10), F((1,), dt="f64"), F((1,), dt="f64")],
    [F((0, 3)), F((0, 3)), F((0,), dt="f64"), F((0,), dt="f64")],
    [F((13, 7), -1e4, 1e4, step=2**-4), F((13, 7), -1e4, 1e4, step=2**-4, sp=[NAN, INF]), F((13,), -1e4, 1e4, "f64"),
     F((13,), -1e4, 1e4, "f64")],
])
def _(x, y, a, b):
    return op4.ApproximateEqual(x, y, 1e-5), op4.ApproximateEqual(x, y, 0.01), op4.ApproximateEqual(a, b, 0.5)


@op4_kernel("op4_erfc", [
    [F((7, 13), -4, 6, sp=[NAN, INF, -INF, 0.0, -0.0, 9.0, 9.2, 9.5, 10.0, 10.5, -10.0, 1e-30, 0.5, -0.5, 3.0, 5.0,
                           8.0])],
    [F((1, 1), -1, 1)],
    [F((0, 5))],
    [F((33, 31), -3, 10)],
])
def _(x):
    return op4.Erfc(x)


@op4_kernel("op4_erfc_f64", [
    [F((13,), -4, 20, "f64", sp=[NAN, INF, -INF, 0.0, -0.0, 26.0, 26.5, 27.0, 28.0, -6.0, 1e-300, 0.5, 5.0])],
    [F((1,), -1, 1, "f64")],
    [F((0,), dt="f64")],
    [F((100,), -5, 26, "f64")],
])
def _(x):
    return op4.Erfc(x)


NA_X = [1.0, 1.0, 0.0, 0.0, -0.0, 3.4028235e38, -3.4028235e38, 1.0, NAN, 1.0, 1e-45, -1e-45, 1.1754944e-38, INF]
NA_Y = [2.0, 0.0, 1.0, -1.0, 0.0, INF, -INF, 1.0, 1.0, NAN, 0.0, 0.0, 0.0, 0.0]
NA_XD = [1.0, 1.0, 0.0, 0.0, -0.0, 1.7976931348623157e308, -1.7976931348623157e308, 1.0, NAN, 1.0, 5e-324, -5e-324,
         2.2250738585072014e-308, INF]


@op4_kernel("op4_nextafter", [
    [V(NA_X, shape=(2, 7)), V(NA_Y, shape=(2, 7)), V(NA_XD, "f64"), V(NA_Y, "f64")],
    [F((7, 13), -10, 10), F((7, 13), -10, 10), F((13,), -1e4, 1e4, "f64"), F((13,), -1e4, 1e4, "f64")],
    [F((1, 1), -1, 1), F((1, 13), -1, 1), F((1,), dt="f64"), F((7,), dt="f64")],
    [F((0, 3)), F((1, 3)), F((0,), dt="f64"), F((0,), dt="f64")],
])
def _(x, y, xd, yd):
    return op4.NextAfter(x, y, "f32"), op4.NextAfter(xd, yd, "f64")


@op4_kernel("op4_zeros_ones_like", [
    [F((7, 13), sp=[NAN, INF]), F((13,), dt="f64"), B((2, 3)), I((5,), -128, 127, "i8"), I((5,), 0, 255, "ui8"),
     V(7, "i32"), I((2, 3, 4), I64MIN, I64MAX, "i64")],
    [F((1, 1)), F((1,), dt="f64"), B((1, 1)), I((1,), -128, 127, "i8"), I((1,), 0, 255, "ui8"), V(-1, "i32"),
     I((1, 1, 1), -9, 9, "i64")],
    [F((0, 13)), F((0,), dt="f64"), B((0, 2)), I((0,), -128, 127, "i8"), I((0,), 0, 255, "ui8"), V(0, "i32"),
     I((2, 0, 3), -9, 9, "i64")],
])
def _(x, d, b, i8, u8, s, l):
    return (op4.ZerosLike(x), op4.OnesLike(x), op4.OnesLike(d), op4.ZerosLike(b), op4.OnesLike(b),
            op4.OnesLike(i8), op4.ZerosLike(u8), op4.ZerosLike(s), op4.OnesLike(s), op4.OnesLike(l))


# --- issue 4: Tier 2 (matmuls, shapes, data movement, indexing) ---------------


class Op4UniqueIdx:
    """k distinct indices from range(n) in random order, shape (k, 1) (scatter indices)."""

    def __init__(self, n, k, dt="i32"):
        self.n, self.k, self.dt = n, k, dt

    def make(self, rs):
        return rs.permutation(self.n)[:self.k].astype(MLIR_TO_NP[self.dt]).reshape(self.k, 1)


@op4_kernel("op4_matmul", [
    [F((7, 13), sp=[NAN, INF]), F((13, 5)), F((13, 7), sp=[-INF]), F((5, 13))],
    [F((1, 1)), F((1, 1)), F((1, 1)), F((1, 1))],
    [F((0, 13)), F((13, 5)), F((13, 0)), F((5, 13))],
    [F((7, 0)), F((0, 5)), F((0, 7)), F((5, 0))],
    [F((13, 64)), F((64, 7)), F((64, 13)), F((7, 64))],
    [F((5, 13)), F((13, 0)), F((13, 5)), F((0, 13))],
    [F((7, 13), 0, 1e4), F((13, 5), 0, 1e4), F((13, 7), 0, 1e4), F((5, 13), 0, 1e4)],
])
def _(a, b, at, bt):
    return (op4.MatMul(a, b), op4.MatMul(at, b, transpose_a=True), op4.MatMul(a, bt, transpose_b=True),
            op4.MatMul(at, bt, True, True))


@op4_kernel("op4_matmul_f64_int", [
    [F((13, 7), dt="f64"), F((13, 5), dt="f64"), I((7, 13), I32MIN, I32MAX), I((5, 13), I32MIN, I32MAX),
     I((7, 3), I64MIN, I64MAX, "i64"), I((3, 5), I64MIN, I64MAX, "i64")],
    [F((1, 1), dt="f64"), F((1, 1), dt="f64"), I((1, 1), -9, 9), I((1, 1), -9, 9), I((1, 3), -9, 9, "i64"),
     I((3, 1), -9, 9, "i64")],
    [F((0, 4), dt="f64"), F((0, 3), dt="f64"), I((0, 5), -9, 9), I((3, 5), -9, 9), I((0, 3), -9, 9, "i64"),
     I((3, 2), -9, 9, "i64")],
    [F((64, 13), -1e4, 1e4, "f64"), F((64, 7), -1e4, 1e4, "f64"), I((13, 64), -100, 100), I((7, 64), -100, 100),
     I((13, 3), -1000, 1000, "i64"), I((3, 0), -9, 9, "i64")],
])
def _(a, b, ai, bi, al, bl):
    return op4.MatMul(a, b, transpose_a=True), op4.MatMul(ai, bi, transpose_b=True), op4.MatMul(al, bl)


@op4_kernel("op4_batch_matmul", [
    [F((3, 1, 7, 13)), F((2, 13, 5)), F((2, 13, 7)), F((2, 5, 13)), F((4, 5))],
    [F((1, 1, 1, 1)), F((1, 1, 1)), F((1, 1, 1)), F((1, 1, 1)), F((1, 1))],
    [F((0, 1, 7, 3)), F((2, 3, 5)), F((0, 3, 7)), F((1, 5, 3)), F((0, 5))],
    [F((2, 1, 13, 64)), F((3, 64, 7)), F((3, 64, 13)), F((1, 7, 64)), F((13, 7))],
])
def _(x, y, x2, y2, w):
    return op4.BatchMatMulV2(x, y), op4.BatchMatMulV2(x2, y2, True, True), op4.BatchMatMulV2(y, w, adj_y=True)


@op4_kernel("op4_batch_matmul_f64_int", [
    [F((3, 13, 7), dt="f64"), F((1, 13, 5), dt="f64"), I((2, 7, 13), I32MIN, I32MAX), I((13, 5), I32MIN, I32MAX),
     I((2, 7, 13), -10**6, 10**6, "i64"), I((1, 5, 13), -10**6, 10**6, "i64")],
    [F((1, 1, 1), dt="f64"), F((1, 1, 1), dt="f64"), I((1, 1, 1), -9, 9), I((1, 1), -9, 9), I((1, 1, 1), -9, 9, "i64"),
     I((1, 1, 1), -9, 9, "i64")],
    [F((0, 3, 4), dt="f64"), F((1, 3, 2), dt="f64"), I((2, 0, 3), -9, 9), I((3, 4), -9, 9),
     I((2, 3, 0), -9, 9, "i64"), I((2, 4, 0), -9, 9, "i64")],
    [F((2, 64, 13), -1e4, 1e4, "f64"), F((2, 64, 7), -1e4, 1e4, "f64"), I((5, 13, 7), -100, 100),
     I((7, 13), -100, 100), I((1, 7, 13), I64MIN, I64MAX, "i64"), I((3, 13, 13), -9, 9, "i64")],
])
def _(a, b, ai, bi, al, bl):
    return op4.BatchMatMulV2(a, b, adj_x=True), op4.BatchMatMulV2(ai, bi), op4.BatchMatMulV2(al, bl, adj_y=True)


@op4_kernel("op4_fused_matmul", [
    [F((7, 13)), F((13, 5)), F((5,), sp=[NAN, -INF]), F((5, 13)), F((13, 7))],
    [F((1, 1)), F((1, 1)), F((1,)), F((1, 1)), F((1, 1))],
    [F((0, 13)), F((13, 5)), F((5,)), F((5, 13)), F((13, 0))],
    [F((13, 64)), F((64, 7)), F((7,)), F((7, 64)), F((64, 13))],
    [F((7, 0)), F((0, 5)), F((5,)), F((5, 0)), F((0, 7))],
])
def _(a, b, bias, bt, at):
    return (op4.FusedMatMul(a, b, bias, ["BiasAdd"]), op4.FusedMatMul(a, bt, bias, ["BiasAdd", "Relu"], False, True),
            op4.FusedMatMul(at, b, bias, ["BiasAdd", "Relu"], True, False))


@op4_kernel("op4_transpose_const", [
    [F((7, 13), sp=[NAN]), I((2, 7, 13), I64MIN, I64MAX, "i64"), F((2, 5, 7, 3)), B((3, 4, 5)),
     I((13, 7), 0, 255, "ui8")],
    [F((1, 1)), I((1, 1, 1), -9, 9, "i64"), F((1, 1, 1, 1)), B((1, 1, 1)), I((1, 1), 0, 255, "ui8")],
    [F((0, 5)), I((3, 0, 2), -9, 9, "i64"), F((1, 0, 2, 3)), B((0, 1, 1)), I((5, 0), 0, 255, "ui8")],
    [F((64, 65)), I((13, 1, 7), -9, 9, "i64"), F((3, 13, 7, 5)), B((7, 13, 2)), I((1, 13), 0, 255, "ui8")],
])
def _(a, b, c, d, e):
    return (op4.Transpose(a, [1, 0]), op4.Transpose(b, [2, 0, 1]), op4.Transpose(c, [0, 3, 1, 2]),
            op4.Transpose(d, [0, 2, 1]), op4.Transpose(e, [1, 0]))


@op4_kernel("op4_transpose_value_arg", [
    [F((7, 13)), V([1, 0], "i32"), I((2, 3, 4), -99, 99, "i64"), V([2, 0, 1], "i64")],
    [F((2, 7, 13)), V([2, 0, 1], "i32"), I((2, 3, 4), -99, 99, "i64"), V([1, 0, 2], "i64")],
    [F((13,)), V([0], "i32"), I((1, 1, 1), -99, 99, "i64"), V([0, 1, 2], "i64")],
    [F((2, 3, 5, 7)), V([3, 1, 0, 2], "i32"), I((5, 0, 3), -99, 99, "i64"), V([2, 1, 0], "i64")],
    [F((0, 3, 1)), V([1, 2, 0], "i32"), I((7, 13, 1), -99, 99, "i64"), V([0, 2, 1], "i64")],
    [F(()), V([], "i32", shape=(0,)), I((3, 1, 2), -99, 99, "i64"), V([1, 2, 0], "i64")],
])
def _(x, perm, y, perm3):
    return op4.Transpose(x, perm), op4.Transpose(y, perm3)


@op4_kernel("op4_reshape_const", [
    [F((2, 7, 13)), I((28,), -99, 99), F((1, 1)), F((0,))],
    [F((1, 1, 13)), I((14,), -99, 99), F((1, 1), sp=[NAN]), F((0,))],
    [F((0, 3, 13)), I((0,), -99, 99), F((1, 1)), F((0,))],
    [F((13, 1, 13)), I((140,), -99, 99), F((1, 1)), F((0,))],
])
def _(x, y, z, w):
    return (op4.Reshape(x, [-1, 13]), op4.Reshape(y, [7, -1, 2]), op4.Reshape(z, []), op4.Reshape(w, [3, 0, 5]))


@op4_kernel("op4_reshape_shape_of", [
    [F((7, 6)), F((3, 7, 2)), I((42,), I64MIN, I64MAX, "i64")],
    [F((1, 1)), F((1, 1, 1)), I((1,), -9, 9, "i64")],
    [F((0, 5)), F((5, 0, 2)), I((0,), -9, 9, "i64")],
    [F((13, 7), sp=[NAN]), F((7, 13, 1)), I((91,), -9, 9, "i64")],
])
def _(x, y, z):
    return AddV2(op4.Reshape(x, op4.Shape(y, "i32")), y), op4.Reshape(z, op4.Shape(y, "i64"))


@op4_kernel("op4_reshape_value_arg", [
    [F((6, 4)), V([3, -1, 2], "i32")],
    [F((7, 13)), V([-1], "i32")],
    [F((1, 1)), V([], "i32", shape=(0,))],
    [F((0, 5)), V([5, 0], "i32")],
    [F((13, 7)), V([7, 13, 1], "i32")],
    [F((2, 6)), V([-1, 2, 2, 3], "i32")],
])
def _(x, shape):
    return op4.Reshape(x, shape)


@op4_kernel("op4_expand_squeeze", [
    [F((7, 13)), I((13,), -99, 99), F((7, 1, 13, 1))],
    [F((1, 1)), I((1,), -99, 99), F((1, 1, 1, 1))],
    [F((0, 3)), I((0,), -99, 99), F((0, 1, 5, 1))],
    [F((13, 7)), I((7,), -99, 99), F((3, 1, 0, 1))],
])
def _(x, i, s):
    e0 = op4.ExpandDims(x, 0)
    return (e0, op4.ExpandDims(x, [-1]), op4.ExpandDims(i, 1), op4.Squeeze(s, [1, 3]), op4.Squeeze(s, [-1]),
            op4.Squeeze(e0, [0]))


@op4_kernel("op4_squeeze_all", [
    [I((7, 1, 13, 1), -99, 99), F((1, 1, 5))],
    [I((7, 1, 13, 1), -99, 99), F((3, 1, 1))],
    [I((7, 1, 13, 1), -99, 99), F((3, 1, 5))],
    [I((7, 1, 13, 1), -99, 99), F((1, 1, 1))],
    [I((7, 1, 13, 1), -99, 99), F((0, 1, 4))],
    [I((7, 1, 13, 1), -99, 99), F((1, 1, 0))],
])
def _(a, x):
    return op4.Squeeze(a), op4.Squeeze(x)


@op4_kernel("op4_broadcast_to", [
    [F((7, 1)), B((13,)), F((2, 3, 13)), F(()), V([2, 3], "i32")],
    [F((1, 13)), B((1,)), F((1, 1, 1)), V(NAN), V([], "i32", shape=(0,))],
    [F((7, 13)), B((4,)), F((0, 2, 4)), F(()), V([3, 0, 2], "i32")],
    [F((1, 1)), B((1,)), F((5, 7, 13)), F(()), V([1, 1, 13, 1], "i32")],
])
def _(x, b, y, s, shape):
    return op4.BroadcastTo(x, [2, 7, 13]), op4.BroadcastTo(b, op4.Shape(y, "i64")), op4.BroadcastTo(s, shape)


@op4_kernel("op4_concat", [
    [F((7, 13), sp=[NAN]), F((5, 13)), F((7, 1)), F((7, 6)), I((2, 3, 4), -99, 99), I((2, 1, 4), -99, 99),
     I((2, 5, 4), -99, 99), I((2, 0, 4), -99, 99), B((3,)), B((5,))],
    [F((1, 1)), F((1, 1)), F((1, 1)), F((1, 1)), I((1, 1, 1), -9, 9), I((1, 1, 1), -9, 9), I((1, 1, 1), -9, 9),
     I((1, 1, 1), -9, 9), B((1,)), B((1,))],
    [F((0, 3)), F((4, 3)), F((0, 2)), F((0, 0)), I((0, 1, 2), -9, 9), I((0, 3, 2), -9, 9), I((0, 0, 2), -9, 9),
     I((0, 2, 2), -9, 9), B((0,)), B((2,))],
    [F((13, 7)), F((0, 7)), F((13, 0)), F((13, 13)), I((3, 7, 1), -9, 9), I((3, 1, 1), -9, 9), I((3, 0, 1), -9, 9),
     I((3, 13, 1), -9, 9), B((13,)), B((0,))],
])
def _(a, b, c, d, e, f, g, h, p, q):
    return (op4.ConcatV2([a, b], 0), op4.ConcatV2([a, c, d], -1), op4.ConcatV2([e, f, g, h], 1),
            op4.ConcatV2([p, q], 0))


@op4_kernel("op4_pack", [
    [F((7, 13)), F((7, 13), sp=[NAN]), F((7, 13)), V(1, "i32"), V(-2, "i32"), V(I32MAX, "i32"),
     I((13,), I64MIN, I64MAX, "i64"), I((13,), I64MIN, I64MAX, "i64")],
    [F((1, 1)), F((1, 1)), F((1, 1)), V(0, "i32"), V(0, "i32"), V(0, "i32"), I((1,), -9, 9, "i64"),
     I((1,), -9, 9, "i64")],
    [F((0, 5)), F((0, 5)), F((0, 5)), V(I32MIN, "i32"), V(-1, "i32"), V(7, "i32"), I((0,), -9, 9, "i64"),
     I((0,), -9, 9, "i64")],
    [F((13, 7)), F((13, 7)), F((13, 7)), V(3, "i32"), V(2, "i32"), V(1, "i32"), I((7,), -9, 9, "i64"),
     I((7,), -9, 9, "i64")],
])
def _(a, b, c, s0, s1, s2, u, v):
    return (op4.Pack([a, b, c], 0), op4.Pack([a, b], -1), op4.Pack([c], 1), op4.Pack([s0, s1, s2], 0),
            op4.Pack([u, v], 1))


@op4_kernel("op4_slice", [
    [F((7, 13)), I((3, 4, 5), -99, 99)],
    [F((1, 5)), I((2, 1, 0), -99, 99)],
    [F((13, 7), sp=[NAN]), I((2, 7, 13), -99, 99)],
    [F((4, 9)), I((5, 3, 1), -99, 99)],
])
def _(x, y):
    return op4.Slice(x, [1, 2], [-1, 3]), op4.Slice(y, [0, 1, 0], [2, -1, 0]), op4.Slice(x, [0, 0], [-1, -1])


@op4_kernel("op4_strided_slice", [
    [F((5, 7, 13)), I((7, 13), -99, 99)],
    [F((3, 1, 1)), I((1, 1), -99, 99)],
    [F((4, 0, 2)), I((0, 4), -99, 99)],
    [F((13, 7, 5)), I((13, 7), -99, 99)],
    [F((6, 9, 3)), I((3, 6), -99, 99)],
])
def _(x, y):
    ss = op4.StridedSlice
    return (ss(x, [1, 0, 0], [-1, 0, 0], [2, -1, 1], begin_mask=6, end_mask=6),
            ss(x, [2, 0, -1], [3, 0, 0], [1, 1, 1], begin_mask=2, end_mask=2, shrink_axis_mask=5),
            ss(x, [0, 0, 1], [0, 0, 3], [1, 1, 1], ellipsis_mask=1, new_axis_mask=2),
            ss(y, [-1, 1], [-5, 0], [-1, 3], end_mask=2),
            ss(y, [0, 0, 0], [0, 0, 1], [1, 1, 1], begin_mask=2, end_mask=2, new_axis_mask=1, shrink_axis_mask=4),
            ss(x, [0, 5, 0], [0, 1, 0], [-2, -1, 1], begin_mask=1, end_mask=5),
            ss(x, [0, 0, 100], [0, 0, 200], [1, 1, 1], begin_mask=3, end_mask=3))


@op4_kernel("op4_reverse", [
    [F((2, 7, 13), sp=[NAN]), I((7, 13), -99, 99), B((13,))],
    [F((1, 1, 1)), I((1, 1), -99, 99), B((1,))],
    [F((0, 3, 2)), I((3, 0), -99, 99), B((0,))],
    [F((5, 1, 7)), I((1, 13), -99, 99), B((2,))],
])
def _(x, i, b):
    return (op4.ReverseV2(x, [0]), op4.ReverseV2(x, [-1]), op4.ReverseV2(x, [0, 2]), op4.ReverseV2(x, []),
            op4.ReverseV2(i, [1]), op4.ReverseV2(b, [0]))


@op4_kernel("op4_tile", [
    [F((7, 13)), I((2, 3, 4), I64MIN, I64MAX, "i64"), B((5,))],
    [F((1, 1)), I((1, 1, 1), -9, 9, "i64"), B((1,))],
    [F((0, 3)), I((2, 0, 3), -9, 9, "i64"), B((0,))],
    [F((13, 1), sp=[NAN]), I((1, 1, 7), -9, 9, "i64"), B((13,))],
])
def _(x, y, b):
    return op4.Tile(x, [2, 3]), op4.Tile(y, [1, 0, 2]), op4.Tile(b, [3]), op4.Tile(x, [1, 1])


@op4_kernel("op4_pad", [
    [F((7, 13)), I((2, 3, 4), I32MIN, I32MAX), V(NAN), B((5,))],
    [F((1, 1)), I((1, 1, 1), -9, 9), V(-INF), B((1,))],
    [F((0, 3)), I((2, 0, 0), -9, 9), V(-0.0), B((0,))],
    [F((13, 7)), I((3, 1, 5), -9, 9), V(1e4), B((13,))],
])
def _(x, y, c, b):
    p0 = [[1, 2], [0, 3]]
    return (op4.Pad(x, p0), op4.Pad(y, [[0, 0], [2, 2], [1, 0]]), op4.PadV2(x, p0, c),
            op4.PadV2(b, [[3, 1]], Const(True, "i1")))


@op4_kernel("op4_fill", [
    [V(1.5), F((2, 3, 4)), V(-7, "i64"), V([2, 3], "i32"), V(True, "i1")],
    [V(NAN), F((1, 1, 1)), V(I64MAX, "i64"), V([], "i32", shape=(0,)), V(False, "i1")],
    [V(-0.0), F((0, 2, 3)), V(0, "i64"), V([3, 0, 2], "i32"), V(True, "i1")],
    [V(INF), F((7, 1, 13)), V(I64MIN, "i64"), V([1, 1, 1, 1], "i32"), V(True, "i1")],
])
def _(v, x, w, dims, b):
    return op4.Fill([7, 13], v), op4.Fill(op4.Shape(x, "i64"), w), op4.Fill(dims, b), op4.Fill([3, 0], v)


@op4_kernel("op4_shape", [
    [F((2, 7, 13)), F(()), B((3, 4)), I((2, 5), -9, 9, "i8")],
    [F((1, 1, 1)), F(()), B(()), I((2, 1), -9, 9, "i8")],
    [F((0, 3, 0)), F(()), B((2, 0, 1, 5)), I((2, 0), -9, 9, "i8")],
    [F((13, 1, 7)), F(()), B((7,)), I((2, 13), -9, 9, "i8")],
])
def _(x, s, u, z):
    return op4.Shape(x, "i32"), op4.Shape(x, "i64"), op4.Shape(s, "i32"), op4.Shape(u, "i64"), op4.Shape(z, "i32")


@op4_kernel("op4_identity", [
    [F((7, 13), sp=FSPEC), B((13,)), I((7, 13), I64MIN, I64MAX, "i64", sp=[I64MIN, I64MAX]), I((13,), 0, 255, "ui8")],
    [F((1, 1)), B((1,)), I((1, 1), -9, 9, "i64"), I((1,), 0, 255, "ui8")],
    [F((0, 3)), B((0,)), I((3, 0), -9, 9, "i64"), I((0,), 0, 255, "ui8")],
])
def _(x, b, l, u):
    return (op4.Identity(x), op4.StopGradient(x), op4.Identity(b), op4.StopGradient(l), op4.Identity(u),
            Mul(op4.Identity(x), op4.StopGradient(x)))


@op4_kernel("op4_argmax_argmin", [
    [F((7, 13), -3, 3, step=1, sp=[INF, -INF, -0.0, 0.0]), F((13, 7), -2, 2, step=1), I((7, 13), -128, 127, "i8",
     sp=[-128, -128]), I((2, 7, 13), 0, 3, "ui8"), I((5, 13), I64MIN, I64MAX, "i64", sp=[I64MAX, I64MIN]),
     V([0.0, -0.0, 1.0, -INF, -INF, 5e-324], "f64")],
    [F((1, 1)), F((1, 1)), I((1, 1), -9, 9, "i8"), I((1, 1, 1), 0, 9, "ui8"), I((1, 1), -9, 9, "i64"),
     F((1,), dt="f64")],
    [F((0, 5)), F((5, 0)), I((0, 3), -9, 9, "i8"), I((0, 2, 3), 0, 9, "ui8"), I((1, 0), -9, 9, "i64"),
     V([-0.0, 0.0], "f64")],
    [F((13, 64), -1e4, 1e4), F((64, 13)), I((13, 7), -128, 127, "i8"), I((3, 13, 5), 0, 255, "ui8"),
     I((13, 7), -3, 3, "i64"), F((100,), dt="f64")],
])
def _(x, xt, b, u, l, d):
    return (op4.ArgMax(x, 1, "i64"), op4.ArgMin(x, 1, "i32"), op4.ArgMax(xt, 0, "i32"), op4.ArgMin(b, -1, "i64"),
            op4.ArgMax(u, 1, "i64"), op4.ArgMax(l, 0, "i32"), op4.ArgMin(d, 0, "i64"))


@op4_kernel("op4_gather", [
    [F((7, 13), sp=[NAN]), I((2, 3), 0, 6), I((5,), 0, 12, "i64", sp=[0, 12]), I((2, 3, 4), -99, 99),
     I((2, 2), 0, 3), F((3, 7, 5)), I((3, 4), 0, 6), B((13,)), I((), 0, 12)],
    [F((1, 1)), I((1, 1), 0, 0), I((1,), 0, 0, "i64"), I((1, 1, 1), -99, 99), I((1, 1), 0, 0), F((1, 1, 1)),
     I((1, 1), 0, 0), B((1,)), I((), 0, 0)],
    [F((0, 5)), I((0, 2), 0, 0), I((3,), 0, 4, "i64"), I((2, 3, 4), -99, 99), I((0, 3), 0, 3), F((0, 4, 2)),
     I((0, 3), 0, 3), B((3,)), I((), 2, 2)],
    [F((13, 7)), I((4, 5), 0, 12, sp=[0, 12]), I((13,), 0, 6, "i64", sp=[0, 6]), I((3, 1, 7), -99, 99),
     I((5, 1), 0, 6), F((2, 13, 3)), I((2, 13), 0, 12), B((7,)), I((), 0, 6)],
])
def _(p, idx, idx64, q, idx2, r, bidx, bv, sidx):
    return (op4.Gather(p, idx), op4.GatherV2(p, idx64, 1), op4.GatherV2(q, idx2, -1),
            op4.GatherV2(r, bidx, 1, batch_dims=1), op4.GatherV2(bv, sidx, 0))


@op4_kernel("op4_range_const", [
    [],
])
def _():
    return (op4.Range(Const(0, "i32"), Const(13, "i32"), Const(1, "i32")),
            op4.Range(Const(10, "i64"), Const(-3, "i64"), Const(-3, "i64")),
            op4.Range(Const(0.0, "f32"), Const(5.0, "f32"), Const(0.5, "f32")),
            op4.Range(Const(1.5, "f32"), Const(-2.0, "f32"), Const(-0.25, "f32")),
            op4.Range(Const(3, "i32"), Const(3, "i32"), Const(1, "i32")),
            op4.Range(Const(-0.5, "f64"), Const(0.5, "f64"), Const(0.125, "f64")))


@op4_kernel("op4_range_value_args", [
    [V(0, "i32"), V(13, "i32"), V(1, "i32"), V(0, "i64"), V(7, "i64"), V(2, "i64")],
    [V(10, "i32"), V(-3, "i32"), V(-3, "i32"), V(5, "i64"), V(-100, "i64"), V(-7, "i64")],
    [V(3, "i32"), V(3, "i32"), V(1, "i32"), V(-4, "i64"), V(-4, "i64"), V(-1, "i64")],
    [V(-7, "i32"), V(6, "i32"), V(4, "i32"), V(2**40, "i64"), V(2**40 + 13, "i64"), V(1, "i64")],
    [V(I32MAX - 2, "i32"), V(I32MAX, "i32"), V(1, "i32"), V(I64MAX - 10, "i64"), V(I64MAX, "i64"), V(5, "i64")],
])
def _(s, l, d, s64, l64, d64):
    return op4.Range(s, l, d), op4.Range(s64, l64, d64)


@op4_kernel("op4_cumsum", [
    [F((7, 13), 0, 1, sp=[INF, NAN]), I((7, 13), I32MIN, I32MAX), I((13,), I64MIN, I64MAX, "i64")],
    [F((1, 1)), I((1, 1), -9, 9), I((1,), -9, 9, "i64")],
    [F((0, 5)), I((0, 3), -9, 9), I((0,), -9, 9, "i64")],
    [F((13, 64), -1, 1), I((64, 7), -1000, 1000), I((64,), -1000, 1000, "i64")],
    [F((5, 13), 0, 1e4), I((5, 13), -9, 9), I((7,), -9, 9, "i64")],
])
def _(x, i, l):
    return (op4.Cumsum(x, 0), op4.Cumsum(x, 1, exclusive=True), op4.Cumsum(x, 1, reverse=True),
            op4.Cumsum(x, -1, True, True), op4.Cumsum(i, 0), op4.Cumsum(l, 0, exclusive=True))


@op4_kernel("op4_cumsum_f64", [
    [F((7, 13), -1, 1, "f64", sp=[INF, NAN])],
    [F((1, 1), dt="f64")],
    [F((3, 0), dt="f64")],
    [F((13, 7), -1e4, 1e4, "f64")],
    [F((64, 5), 0, 1, "f64")],
])
def _(d):
    return op4.Cumsum(d, 1), op4.Cumsum(d, 0, exclusive=True, reverse=True)


@op4_kernel("op4_one_hot", [
    [V([0, 4, -1, 5, 2, 100, 3, I32MIN], "i32"), I((3, 4), -1, 5, "i64"), V([0, 1, 2, 3, 255], "ui8"), V(2.5),
     V(-1.0)],
    [V([2], "i32"), I((1, 1), 0, 4, "i64"), V([1], "ui8"), V(NAN), V(0.0)],
    [I((0,), 0, 4), I((0, 3), 0, 4, "i64"), I((0,), 0, 2, "ui8"), V(1.0), V(0.0)],
    [I((13,), -2, 6), I((7, 13), -2, 6, "i64"), I((13,), 0, 4, "ui8"), V(1.0), V(0.0)],
])
def _(idx, idx2, idx3, on, off):
    return (op4.OneHot(idx, 5, Const(1.0, "f32"), Const(0.0, "f32"), -1),
            op4.OneHot(idx2, 5, Const(7, "i32"), Const(-1, "i32"), 0), op4.OneHot(idx3, 3, on, off, -1),
            op4.OneHot(idx2, 5, Const(True, "i1"), Const(False, "i1"), 1))


@op4_kernel("op4_tensor_scatter", [
    [F((7, 13)), Op4UniqueIdx(7, 3), F((3, 13), sp=[NAN]), V([[0, 0], [6, 12], [0, 0], [3, 5], [3, 5], [3, 5]], "i32"),
     F((6,)), I((13,), I32MAX - 10, I32MAX), Op4UniqueIdx(13, 5, "i64"), I((5,), 1, 100)],
    [F((1, 1)), Op4UniqueIdx(1, 1), F((1, 1)), V([[0, 0], [0, 0]], "i32"), F((2,)), I((1,), -9, 9),
     Op4UniqueIdx(1, 1, "i64"), I((1,), -9, 9)],
    [F((5, 0)), Op4UniqueIdx(5, 2), F((2, 0)), V([], "i32", shape=(0, 2)), F((0,)), I((0,), -9, 9),
     Op4UniqueIdx(0, 0, "i64"), I((0,), -9, 9)],
    [F((13, 7), -1e4, 1e4), Op4UniqueIdx(13, 13), F((13, 7)), I((20, 2), 0, 6), F((20,)), I((64,), I32MIN, I32MAX),
     Op4UniqueIdx(64, 30, "i64"), I((30,), I32MIN, I32MAX)],
])
def _(t, idx, upd, idx2, upd2, tv, idx3, upd3):
    return (op4.TensorScatterUpdate(t, idx, upd), op4.TensorScatterAdd(t, idx2, upd2),
            op4.TensorScatterAdd(tv, idx3, upd3), op4.TensorScatterUpdate(tv, idx3, upd3))


# --- issue 4: Tier 3 (control flow, batch norm, convolution, einsum) -----------


@op4_kernel("op4_if_func", [
    [V(True, "i1"), F((7, 13)), F((13,))],
    [V(False, "i1"), F((7, 13), -1, 0.4), F((13,))],
    [V(True, "i1"), F((0, 5)), F((5,))],
    [V(False, "i1"), F((1, 1), sp=[NAN]), F((1,))],
    [V(True, "i1"), F((13, 7), -1e4, 1e4), F((1,), -1e4, 1e4)],
])
def _(p, x, b):
    if p:
        r0, r1 = AddV2(x, b), Mul(b, Const(2.0, "f32"))
    else:
        r0, r1 = Sub(x, b), Neg(b)
    pred = Greater(Max(x, [0, 1]), Const(0.5, "f32"))
    return r0, r1, (Square(x) if pred else Neg(x))


@op4_kernel("op4_while_func", [
    [V(7, "i32"), F((13,), -10, 10), F((7, 13), -1e4, 1e4)],
    [V(0, "i32"), F((13,), -10, 10), F((1, 1), -0.9, 0.9)],
    [V(1, "i32"), F((0,)), F((0, 3))],
    [V(13, "i32"), F((1,), -1e4, 1e4, sp=[INF]), F((13, 7), -3, 3, sp=[1.0])],
    [V(-3, "i32"), F((5,)), F((2, 2), sp=[NAN])],
])
def _(n, x, y):
    i = 0
    while i < int(n):
        x = AddV2(Mul(x, Const(0.5, "f32")), Const(1.0, "f32"))
        i += 1
    j = 0
    while GreaterEqual(Max(Abs(y), [0, 1]), Const(1.0, "f32")):
        y = Mul(y, Const(0.5, "f32"))
        j += 1
    return Const(i, "i32"), x, Const(j, "i32"), y


@op4_kernel("op4_if_region", [
    [V(True, "i1"), F((7, 13)), F((7, 13))],
    [V(False, "i1"), F((7, 13), 0, 1), F((7, 13))],
    [V(True, "i1"), F((0, 3)), F((0, 3))],
    [V(False, "i1"), F((1, 1)), F((1, 1))],
    [V(True, "i1"), F((13, 7), -1e4, 1e4), F((13, 7), -1e4, 1e4)],
])
def _(p, x, y):
    r0 = Mul(x, y) if p else Sub(x, y)
    if Less(Min(x, [0, 1]), Const(0.0, "f32")):
        r1 = Sum(Abs(x), [1])
    else:
        r1 = Sum(Square(x), [1])
    return r0, r1


@op4_kernel("op4_while_region", [
    [V(27, "i32"), F((13,), 0, 10), F((13,), 0, 5), V(5, "i32")],
    [V(1, "i32"), F((1,), 0, 10), F((1,), 0, 5), V(0, "i32")],
    [V(6171, "i32"), F((7,), 0, 100), F((7,), 0, 1), V(13, "i32")],
    [V(-5, "i32"), F((0,)), F((0,)), V(1, "i32")],
    [V(97, "i32"), F((13,), 0, 10), F((13,), 0, 5, sp=[-100.0]), V(3, "i32")],
])
def _(n, x, c, m):
    v, steps = int(n), 0
    while v > 1:
        v = v // 2 if v % 2 == 0 else 3 * v + 1
        steps += 1
    i = 0
    while i < int(m):
        x = Sqrt(AddV2(x, c))
        i += 1
    return Const(v, "i32"), Const(steps, "i32"), x


@op4_kernel("op4_fused_batch_norm", [
    [F((2, 5, 7, 3), -3, 3, sp=[NAN]), F((3,), 0.5, 1.5), F((3,), -1, 1), F((3,), -1, 1), F((3,), 0.5, 2)],
    [F((1, 1, 1, 1), -3, 3), F((1,), 0.5, 1.5), F((1,), -1, 1), F((1,), -1, 1), F((1,), 0.5, 2)],
    [F((2, 7, 13, 1), -3, 3), F((1,), 0.5, 1.5), F((1,), -1, 1), F((1,), -1, 1), V([0.0])],
    [F((1, 13, 7, 5), -1e4, 1e4), F((5,), 0.5, 1.5), F((5,), -1, 1), F((5,), -100, 100), F((5,), 1e6, 1e8)],
])
def _(x, scale, offset, mean, var):
    return op4.FusedBatchNormV3(x, scale, offset, mean, var, 1e-3, "NHWC")


@op4_kernel("op4_fused_batch_norm_nchw", [
    [F((2, 3, 5, 7), -3, 3), F((3,), 0.5, 1.5), F((3,), -1, 1), F((3,), -1, 1), F((3,), 0.5, 2)],
    [F((1, 1, 1, 1), -3, 3), F((1,), 0.5, 1.5), F((1,), -1, 1), F((1,), -1, 1), F((1,), 0.5, 2)],
    [F((0, 3, 2, 2)), F((3,), 0.5, 1.5), F((3,), -1, 1), F((3,), -1, 1), F((3,), 0.5, 2)],
    [F((2, 5, 0, 3)), F((5,), 0.5, 1.5), F((5,), -1, 1), F((5,), -1, 1), F((5,), 0.5, 2)],
    [F((1, 13, 7, 5), -3, 3, sp=[INF]), F((13,), 0.5, 1.5), F((13,), -1, 1), F((13,), -1, 1), F((13,), 0.5, 2)],
])
def _(x, scale, offset, mean, var):
    return op4.FusedBatchNormV3(x, scale, offset, mean, var, 1e-4, "NCHW")[0]


@op4_kernel("op4_conv2d", [
    [F((2, 7, 13, 3)), F((3, 3, 3, 4))],
    [F((1, 3, 3, 1)), F((3, 3, 1, 1))],
    [F((0, 5, 5, 2)), F((3, 3, 2, 3))],
    [F((1, 13, 7, 5), sp=[NAN]), F((3, 3, 5, 2))],
    [F((2, 4, 6, 2)), F((3, 3, 2, 3))],
    [F((1, 9, 9, 8)), F((3, 3, 8, 4))],
])
def _(x, f):
    return (op4.Conv2D(x, f, [1, 1, 1, 1], "SAME"), op4.Conv2D(x, f, [1, 2, 2, 1], "VALID"),
            op4.Conv2D(x, f, [1, 2, 2, 1], "SAME"))


@op4_kernel("op4_conv2d_dilated", [
    [F((2, 7, 13, 3)), F((2, 3, 3, 2))],
    [F((1, 3, 5, 1)), F((2, 3, 1, 1))],
    [F((1, 9, 6, 2)), F((2, 3, 2, 3))],
    [F((0, 5, 5, 1)), F((2, 3, 1, 2))],
])
def _(x, f):
    return (op4.Conv2D(x, f, [1, 1, 1, 1], "SAME", [1, 2, 2, 1]), op4.Conv2D(x, f, [1, 1, 1, 1], "VALID", [1, 2, 2, 1]),
            op4.Conv2D(x, f, [1, 1, 2, 1], "SAME"))


@op4_kernel("op4_conv2d_f64_int", [
    [F((2, 7, 13, 3), dt="f64"), F((3, 3, 3, 4), dt="f64"), I((2, 7, 13, 3), I32MIN, I32MAX),
     I((3, 3, 3, 2), I32MIN, I32MAX)],
    [F((1, 1, 1, 1), dt="f64"), F((1, 1, 1, 1), dt="f64"), I((1, 1, 1, 1), -9, 9), I((1, 1, 1, 1), -9, 9)],
    [F((1, 5, 5, 2), dt="f64"), F((2, 2, 2, 1), dt="f64"), I((1, 4, 4, 1), -9, 9), I((4, 4, 1, 1), -9, 9)],
    [F((0, 3, 3, 1), dt="f64"), F((3, 3, 1, 1), dt="f64"), I((0, 3, 3, 2), -9, 9), I((2, 2, 2, 2), -9, 9)],
])
def _(x, f, xi, fi):
    return op4.Conv2D(x, f, [1, 2, 2, 1], "SAME"), op4.Conv2D(xi, fi, [1, 1, 1, 1], "VALID")


@op4_kernel("op4_einsum", [
    [F((7, 13)), F((13, 5)), F((2, 7, 13)), F((2, 13, 5)), F((7, 13)), F((7,)), F((13,)), F((2, 3, 7, 8)),
     F((2, 3, 5, 8))],
    [F((1, 1)), F((1, 1)), F((1, 1, 1)), F((1, 1, 1)), F((1, 1)), F((1,)), F((1,)), F((1, 1, 1, 1)), F((1, 1, 1, 1))],
    [F((0, 5)), F((5, 3)), F((0, 3, 2)), F((0, 2, 4)), F((0, 5)), F((0,)), F((4,)), F((1, 2, 0, 3)), F((1, 2, 4, 3))],
    [F((13, 64)), F((64, 7)), F((3, 13, 64)), F((3, 64, 7)), F((13, 64)), F((13,)), F((0,)), F((1, 4, 13, 64)),
     F((1, 4, 7, 64))],
])
def _(a, b, c, d, a2, v, w, q, k):
    e = op4.Einsum
    return (e("ij,jk->ik", a, b), e("bij,bjk->bik", c, d), e("ij->ji", a), e("ij,ij->i", a, a2), e("i,j->ij", v, w),
            e("bhqd,bhkd->bhqk", q, k))


# --- issue 14: Einsum's remaining equation forms -------------------------------

EINSUM_DIAG_EQS = [('aa->', 'aa->', [(3, 3)], [(5, 5)]), ('aa->a', 'aa->a', [(3, 3)], [(1, 1)]), ('aaa->', 'aaa->', [(3, 3, 3)], [(2, 2, 2)]), ('aaa->a', 'aaa->a', [(3, 3, 3)], [(4, 4, 4)]), ('aab->a', 'aab->a', [(3, 3, 4)], [(2, 2, 0)]), ('aabcc->ac', 'aabcc->ac', [(3, 3, 5, 4, 4)], [(2, 2, 3, 1, 1)]), ('aabcd->ad', 'aabcd->ad', [(3, 3, 5, 4, 4)], [(1, 1, 2, 3, 4)]), ('ijj,k->ik', 'ijj,k->ik', [(2, 3, 3), (4,)], [(3, 1, 1), (2,)]), ('aba,a->b', 'aba,a->b', [(3, 4, 3), (3,)], [(2, 5, 2), (2,)]), ('aab,bc->ac', 'aab,bc->ac', [(2, 2, 3), (3, 4)], [(4, 4, 7), (7, 2)]), ('aab,bcc->ac', 'aab,bcc->ac', [(2, 2, 3), (3, 4, 4)], [(3, 3, 2), (2, 5, 5)]), ('ii', 'ii->', [(4, 4)], [(6, 6)]), ('', '->', [()], [()]), ('->', '->', [()], [()]), ('abc->cab', 'abc->cab', [(3, 4, 5)], [(2, 1, 3)]), ('ij...,jk...->ik...', 'ij...,jk...->ik...', [(3, 2, 1), (2, 4)], [(2, 3, 5), (3, 2)]), ('i...j,j...k->i...k', 'i...j,j...k->i...k', [(3, 1, 2, 2), (2, 2, 3, 1, 4)], [(2, 4, 1, 3), (3, 1, 1, 5, 2)]), ('...ij,...jk->...ik', '...ij,...jk->...ik', [(3, 1, 3, 2), (1, 5, 2, 4)], [(2, 2, 2, 3), (2, 1, 3, 2)]), ('ab,bc->ac', 'ab,bc->ac', [(0, 10), (10, 10)], [(3, 0), (0, 4)]), ('ibnd,ijbn->jnd', 'ibnd,ijbn->jnd', [(1, 0, 5, 10), (1, 1, 0, 5)], [(2, 3, 2, 4), (2, 3, 3, 2)])]


def einsum_model(eq, *ops):
    """Einsum with f32 accumulation as op4.Einsum models it; "..." and scalar forms in f64, rounded once
    (the few terms each sums keep that within the golden tolerance)."""
    if "..." in eq or all(o.ndim == 0 for o in ops):
        return np.asarray(np.einsum(eq, *[o.astype(np.float64) for o in ops])).astype(np.float32)
    return op4.Einsum(eq, *ops)


@op4_kernel("einsum_diagonals", [
    [F((3, 3)), F((3, 3)), F((3, 3, 3)), F((3, 3, 3)), F((3, 3, 4)), F((3, 3, 5, 4, 4)), F((3, 3, 5, 4, 4)), F((2, 3, 3)), F((4,)), F((3, 4, 3)), F((3,)), F((2, 2, 3)), F((3, 4)), F((2, 2, 3)), F((3, 4, 4)), F((4, 4)), F(()), F(()), F((3, 4, 5)), F((3, 2, 1)), F((2, 4)), F((3, 1, 2, 2)), F((2, 2, 3, 1, 4)), F((3, 1, 3, 2)), F((1, 5, 2, 4)), F((0, 10)), F((10, 10)), F((1, 0, 5, 10)), F((1, 1, 0, 5))],
    [F((5, 5)), F((1, 1)), F((2, 2, 2)), F((4, 4, 4)), F((2, 2, 0)), F((2, 2, 3, 1, 1)), F((1, 1, 2, 3, 4)), F((3, 1, 1)), F((2,)), F((2, 5, 2)), F((2,)), F((4, 4, 7)), F((7, 2)), F((3, 3, 2)), F((2, 5, 5)), F((6, 6)), F(()), F(()), F((2, 1, 3)), F((2, 3, 5)), F((3, 2)), F((2, 4, 1, 3)), F((3, 1, 1, 5, 2)), F((2, 2, 2, 3)), F((2, 1, 3, 2)), F((3, 0)), F((0, 4)), F((2, 3, 2, 4)), F((2, 3, 3, 2))],
])
def _(*args):
    outs, i = [], 0
    for _k, m, shapes, _b in EINSUM_DIAG_EQS:
        ops = args[i:i + len(shapes)]
        i += len(shapes)
        outs.append(einsum_model(m, *ops))
    return tuple(outs)


# --- issue 14: TensorScatterSub/Max/Min, ScatterNd, GatherNd -----------------------


def nd_scatter(tensor, indices, updates, how):
    """tensor with updates combined at index vectors, one after another in row-major order (each step
    rounded or wrapped in the element type; a NaN propagates through max and min)."""
    k = indices.shape[-1]
    idx = indices.reshape(-1, k).tolist()
    upd = updates.reshape((len(idx),) + tensor.shape[k:])
    out = tensor.copy()
    with np.errstate(over="ignore", invalid="ignore"):
        for i, ix in enumerate(idx):
            for v, n in zip(ix, tensor.shape):
                assert 0 <= v < n, "out-of-range scatter index: not in goldens"
            ix = tuple(ix)
            cur = out[ix]
            if how == "add":
                new = cur + upd[i]
            elif how == "sub":
                new = cur - upd[i]
            elif how == "max":
                new = np.maximum(cur, upd[i])
            else:
                new = np.minimum(cur, upd[i])
            out[ix] = np.asarray(new).astype(tensor.dtype)
    return out


def gather_nd(params, indices):
    k = indices.shape[-1]
    idx = indices.reshape(-1, k).tolist()
    out = np.stack([params[tuple(ix)] for ix in idx]) if idx else np.zeros((0,) + params.shape[k:], params.dtype)
    return out.reshape(indices.shape[:-1] + params.shape[k:])


@op4_kernel("scatter_gather_nd", [
    [F((5, 6), sp=[NAN]), I((9, 2), 0, 4), F((9,), sp=[NAN, -INF]), I((7,), I32MIN, I32MAX), I((12, 1), 0, 6, "i64"),
     I((12,), I32MIN, I32MAX), I((6, 1), 0, 3), F((6, 5)), V([4, 5], "i64"), F((4, 3, 5)), I((7, 2), 0, 2, "i64"),
     I((2, 3, 3), 0, 2)],
    [F((1, 1)), I((3, 2), 0, 0), F((3,)), I((1,), -5, 5), I((1, 1), 0, 0, "i64"), I((1,), -5, 5), I((2, 1), 0, 0),
     F((2, 1)), V([1, 1], "i64"), F((1, 1, 1)), I((1, 2), 0, 0, "i64"), I((1, 1, 3), 0, 0)],
    [F((3, 4)), I((0, 2), 0, 2), F((0,)), I((4,), -5, 5), I((0, 1), 0, 3, "i64"), I((0,), -5, 5), I((0, 1), 0, 2),
     F((0, 4)), V([3, 4], "i64"), F((3, 0, 2)), I((0, 2), 0, 2, "i64"), I((0, 4, 3), 0, 0)],
])
def _(t, ix, u, ti, ixi, ui, sidx, supd, shape, p, gix, gix3):
    return (nd_scatter(t, ix, u, "sub"), nd_scatter(t, ix, u, "max"), nd_scatter(t, ix, u, "min"),
            nd_scatter(ti, ixi, ui, "sub"), nd_scatter(ti, ixi, ui, "max"), nd_scatter(ti, ixi, ui, "min"),
            nd_scatter(np.zeros(tuple(shape.tolist()), supd.dtype), sidx, supd, "add"), gather_nd(p, gix),
            gather_nd(p, gix3))


# --- issue 14: TopKV2 ----------------------------------------------------------------


def top_k(x, k):
    """TF's TopKV2 (sorted): the k largest along the last axis, descending, equal values in index order; NaN
    above every number (NaNs in index order), -0 equal to +0. Returns (values, i32 indices)."""
    n = x.shape[-1]
    rows = x.reshape(-1, n)
    vals = np.zeros((rows.shape[0], k), x.dtype)
    idx = np.zeros((rows.shape[0], k), np.int32)
    for r, row in enumerate(rows):
        def key(i):
            v = row[i]
            if x.dtype.kind == "f" and np.isnan(v):
                return (0, 0, i)
            return (1, -(float(v) if x.dtype.kind == "f" else int(v)), i)
        order = sorted(range(n), key=key)[:k]
        vals[r], idx[r] = row[order], order
    return vals.reshape(x.shape[:-1] + (k,)), idx.reshape(x.shape[:-1] + (k,))


@op4_kernel("topk", [
    [F((4, 9), sp=[NAN, NAN, INF, -INF, 0.0, -0.0], step=0.25), V(3, "i32"), V([5, -2, 5, I32MAX, I32MIN, 5, -2], "i32"),
     F((2, 3, 6), dt="f16", sp=[NAN, INF, -0.0], step=0.5), I((4, 9), 0, 255, "ui8")],
    [F((3, 5), step=0.5), V(5, "i32"), I((3,), -2, 2), F((2, 1, 6), dt="f16"), I((3, 5), 126, 130, "ui8")],
    [F((2, 4), sp=[NAN]), V(0, "i32"), I((9,), -1, 1), F((2, 0, 6), dt="f16"), I((2, 4), 0, 3, "ui8")],
    [F((0, 1)), V(1, "i32"), I((4,), I32MIN, I32MAX), F((2, 2, 6), dt="f16", step=1.0), I((0, 7), 0, 255, "ui8")],
    [F((1, 1)), V(1, "i32"), V([0, 0, 0, 0], "i32"), F((2, 1, 6), dt="f16", sp=[NAN, NAN, NAN, NAN]), I((1, 1), 0, 255, "ui8")],
])
def _(x, k, y, h, u):
    k = int(k)
    return top_k(x, k) + top_k(y, 3) + top_k(h, 4) + top_k(u, k)


# --- issue 14: Where (one operand) ---------------------------------------------------


def where_coords(x):
    """TF's Where with one operand: the coordinates of the nonzero elements (NaN nonzero, -0 zero), row-major,
    int64 [count, rank]."""
    x = np.asarray(x)
    if x.ndim == 0:
        return np.zeros((1 if x else 0, 0), np.int64)
    return np.argwhere(x).astype(np.int64).reshape(-1, x.ndim)


@op4_kernel("where", [
    [B((2, 3, 4)), F((9,), sp=[NAN, 0.0, -0.0, 0.0], step=0.5), I((3, 4), -1, 1), F((3, 5), dt="f16", sp=[NAN, -0.0], step=1.0),
     V(7, "ui8"), F((4, 5))],
    [B((1, 1, 1)), F((1,), sp=[-0.0]), I((1, 1), 5, 5), F((1, 1), dt="f16"), V(0, "ui8"), F((1, 1), lo=-1.0, hi=-0.5)],
    [B((2, 0, 3)), F((0,)), I((0, 3), 0, 1), F((2, 0), dt="f16"), V(255, "ui8"), F((0, 4))],
    [B((2, 2, 2), p=0.0), F((4,), sp=[0.0, 0.0, 0.0, 0.0]), I((2, 3), 0, 0), F((2, 2), dt="f16", sp=[NAN, NAN, NAN, NAN]),
     V(1, "ui8"), F((3, 2), lo=0.5, hi=1.0)],
])
def _(b, f, i, h, s, x):
    c = where_coords(x > 0)
    return (where_coords(b), where_coords(f), where_coords(i), where_coords(h), where_coords(s), c,
            x[tuple(c.T)] if c.size else np.zeros((0,), x.dtype))


# --- issue 14: Unique, UniqueV2 and the counts forms ----------------------------------


def unique_slices(x, axis=0, idx_dt=np.int32):
    """TF's Unique (UniqueV2 along axis): the distinct slices along axis in order of first occurrence, each
    slice's position among them and the counts. Slices compare elementwise with ==, as TF's hash map does:
    -0 == +0 and a NaN equals nothing, not even itself, so every slice with a NaN is distinct."""
    x = np.asarray(x)
    xs = np.moveaxis(x, axis, 0)
    firsts, pos = [], []
    for i in range(xs.shape[0]):
        for u, f in enumerate(firsts):
            if bool(np.all(xs[f] == xs[i])):
                pos.append(u)
                break
        else:
            pos.append(len(firsts))
            firsts.append(i)
    y = np.moveaxis(xs[firsts] if firsts else xs[:0], 0, axis)
    count = np.bincount(np.array(pos, np.int64), minlength=len(firsts)) if pos else np.zeros(0, np.int64)
    return y, np.array(pos, idx_dt), count.astype(idx_dt)


@op4_kernel("unique", [
    [F((12,), sp=[NAN, NAN, 0.0, -0.0], step=0.5), I((15,), -3, 3), F((10,), dt="f16", sp=[NAN, -0.0, 0.0], step=0.5),
     I((9,), 250, 255, "ui8"), B((7,)), V([[1, 1, 2, 1, 0], [3, 3, NAN, 3, -0.0]], "f32"), F((11,), -3, 3)],
    [F((1,)), I((1,), 5, 5), F((1,), dt="f16"), I((1,), 0, 0, "ui8"), B((1,)), F((1, 1)), F((1,))],
    [F((0,)), I((0,), 0, 1), F((0,), dt="f16"), I((0,), 0, 1, "ui8"), B((0,)), F((2, 0)), F((0,))],
    [F((6,), sp=[NAN] * 6), I((5,), 7, 7), F((4,), dt="f16", sp=[-0.0, 0.0, -0.0, 0.0]), I((6,), 0, 255, "ui8"),
     B((5,), p=1.0), F((0, 3)), F((8,), -1, 1)],
    [F((40,), step=0.25), I((50,), I32MIN, I32MAX), F((33,), dt="f16", step=0.125), I((64,), 0, 3, "ui8"),
     B((9,), p=0.0), F((4, 6), step=1.0), F((30,), -5, 5)],
])
def _(f, i, h, u, b, m, x):
    y0, i0, _ = unique_slices(f)
    y1, i1, c1 = unique_slices(i, idx_dt=np.int64)
    y2, i2, _ = unique_slices(h)
    y3, i3, _ = unique_slices(u, idx_dt=np.int64)
    y4, i4, _ = unique_slices(b)
    y5, i5, c5 = unique_slices(m, axis=1)
    y6, i6, _ = unique_slices(m, axis=0, idx_dt=np.int64)
    y7, i7, _ = unique_slices(np.floor(x))
    return y0, i0, y1, i1, c1, y2, i2, y3, i3, y4, i4, y5, i5, c5, y6, i6, y7, y7[i7]


# --- issue 14: the fused activations of _FusedMatMul and _FusedConv2D -----------------


def fused_stages(y, args, fused, alpha=0.2, eps=1e-4):
    """The stages after the product, each rounded to y's dtype (as the reference evaluator and the separate
    ops do): a bias, or a batch norm computed in float64 and rounded once; then an addend; then one activation
    computed in float64 on the rounded value and rounded."""
    dt = y.dtype
    f64 = lambda v: np.asarray(v, dtype=np.float64)
    if fused[0] == "FusedBatchNorm":
        scale, offset, mean, var = (f64(a) for a in args[:4])
        y = ((f64(y) - mean) / np.sqrt(var + np.float64(np.float32(eps))) * scale + offset).astype(dt)
        rest = args[4:]
    else:
        y = (y + args[0]).astype(dt)
        rest = args[1:]
    ops = list(fused[1:])
    if ops and ops[0] == "Add":
        y = (y + rest[0]).astype(dt)
        ops = ops[1:]
    if not ops:
        return y
    x = f64(y)
    act = ops[0]
    if act == "Relu":
        r = np.maximum(x, 0)
    elif act == "Relu6":
        r = np.minimum(np.maximum(x, 0), 6)
    elif act == "Elu":
        r = np.where(x > 0, x, np.expm1(x))
    elif act == "LeakyRelu":
        a = np.float64(np.float32(alpha)).astype(dt).astype(np.float64)
        r = np.where(x > 0, x, x * a)
    elif act == "Tanh":
        r = np.tanh(x)
    elif act == "Sigmoid":
        r = 1 / (1 + np.exp(-x))
    elif act == "GeluExact":
        erfc = np.vectorize(math.erfc, otypes=[np.float64])
        r = 0.5 * x * erfc(-x / math.sqrt(2)) if x.size else x
    else:
        assert act == "GeluApproximate", act
        r = 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x * x * x)))
    return r.astype(dt)


@op4_kernel("fused_activations", [
    [F((7, 13), -1, 1), F((13, 5), -1, 1), F((5,), -1, 1), F((7, 5)), F((2, 5, 6, 3), -1, 1), F((3, 3, 3, 4), -1, 1),
     F((4,)), F((2, 5, 6, 4)), F((4,), 0.5, 2), F((4,)), F((4,)), F((4,), 0.1, 2)],
    [F((1, 1)), F((1, 1)), F((1,)), F((1, 1)), F((1, 1, 1, 1)), F((1, 1, 1, 1)), F((1,)), F((1, 1, 1, 1)),
     F((1,), 0.5, 2), F((1,)), F((1,)), F((1,), 0.1, 2)],
    [F((0, 13)), F((13, 5)), F((5,)), F((0, 5)), F((0, 4, 4, 2)), F((2, 2, 2, 3)), F((3,)), F((0, 4, 4, 3)),
     F((3,), 0.5, 2), F((3,)), F((3,)), F((3,), 0.1, 2)],
    [F((13, 64), -0.5, 0.5), F((64, 7), -0.5, 0.5), F((7,), -2, 2), F((13, 7)), F((1, 9, 7, 5), -1, 1),
     F((2, 3, 5, 6), -1, 1), F((6,)), F((1, 9, 7, 6)), F((6,), 0.5, 2), F((6,)), F((6,)), F((6,), 0.1, 2)],
])
def _(a, b, bias, addend, x, w, cb, cadd, scale, offset, mean, var):
    p = op4.MatMul(a, b)
    c = op4.Conv2D(x, w, (1, 1, 1, 1), "SAME")
    outs = [fused_stages(p, [bias], ["BiasAdd", act], alpha=0.3 if act == "LeakyRelu" else 0.2)
            for act in ["Relu6", "Elu", "LeakyRelu", "Tanh", "Sigmoid", "GeluExact", "GeluApproximate"]]
    outs += [fused_stages(p, [bias, addend], ["BiasAdd", "Add"]), fused_stages(p, [bias, addend], ["BiasAdd", "Add", "Relu"]),
             fused_stages(c, [cb], ["BiasAdd", "Relu"]), fused_stages(c, [cb, cadd], ["BiasAdd", "Add", "LeakyRelu"], alpha=0.1),
             fused_stages(c, [scale, offset, mean, var], ["FusedBatchNorm", "Relu6"], eps=1e-3)]
    return tuple(outs)


# --- issue 14: Expm1 -----------------------------------------------------------------

EXPM1_SP = [NAN, INF, -INF, 0.0, -0.0, 1e-30, -1e-30, 1e-8, -1e-8, 1e-4, -1e-4, 88.0, 89.0, 100.0, -20.0, -90.0, 0.5]


@op4_kernel("expm1", [
    [F((7, 13), -3, 3, sp=EXPM1_SP), F((17,), -3, 3, "f64", sp=EXPM1_SP + [709.0, 710.0, 1e-300])],
    [F((1, 1)), F((1,), dt="f64")],
    [F((0, 5)), F((0,), dt="f64")],
    [F((33, 31), -10, 10), F((64,), -40, 40, "f64")],
])
def _(x, y):
    return op4.Expm1(x), op4.Expm1(y)


# --- issue 4: realistic mixed chains -------------------------------------------


def op4_argmax_margin(x, axis, rel=1e-5):
    """Goldens must not hang on a near-tie that another correct float32 evaluation could flip."""
    if MODE != "main" or x.size == 0 or x.shape[axis] < 2:
        return
    s = np.sort(x.astype(np.float64), axis=axis)
    top, second = np.take(s, -1, axis=axis), np.take(s, -2, axis=axis)
    d = top - second
    assert not ((d > 0) & (d <= rel * np.abs(top))).any(), "ArgMax near-tie in the inputs: pick other values"


@op4_kernel("op4_chain_attention", [
    [F((2, 7, 8), -3, 3), F((2, 7, 8), -3, 3), F((2, 7, 8), -3, 3)],
    [F((1, 1, 8), -3, 3), F((1, 1, 8), -3, 3), F((1, 1, 8), -3, 3)],
    [F((2, 0, 8)), F((2, 0, 8)), F((2, 0, 8))],
    [F((3, 13, 8), -3, 3), F((3, 13, 8), -3, 3), F((3, 13, 8), -3, 3)],
    [F((1, 5, 8), -30, 30), F((1, 5, 8), -30, 30), F((1, 5, 8), -30, 30)],
])
def _(q, k, v):
    sh = op4.Shape(q, "i32")
    s4 = op4.ConcatV2([op4.StridedSlice(sh, [0], [2], [1]), Const([2, 4], "i32")], 0)

    def heads(t):
        return op4.Transpose(op4.Reshape(t, s4), [0, 2, 1, 3])
    qh, kh, vh = heads(q), heads(k), heads(v)
    p = Softmax(Mul(op4.Einsum("bhqd,bhkd->bhqk", qh, kh), Const(0.5, "f32")))
    o = op4.BatchMatMulV2(p, vh)
    return op4.Reshape(op4.Transpose(o, [0, 2, 1, 3]), sh), Max(p, [3])


@op4_kernel("op4_chain_dense_relu_norm", [
    [F((7, 13)), F((13, 5)), F((5,))],
    [F((1, 1)), F((1, 1)), F((1,))],
    [F((0, 13)), F((13, 5)), F((5,))],
    [F((13, 64), -1e4, 1e4), F((64, 7)), F((7,), -1e3, 1e3)],
    [F((5, 13)), F((13, 1)), F((1,))],
])
def _(x, w, b):
    h = BiasAdd(op4.MatMul(x, w), b)
    op4_argmax_margin(h, 1)
    r = Relu(h)
    d = Sub(r, Mean(r, [1], True))
    y = Mul(d, Rsqrt(AddV2(Mean(Square(d), [1], True), Const(1e-3, "f32"))))
    return y, op4.ArgMax(h, 1, "i64")


@op4_kernel("op4_chain_layernorm_transpose", [
    [F((2, 7, 16), -1e4, 1e4), F((16,), 0.5, 1.5), F((16,))],
    [F((1, 1, 16)), F((16,), 0.5, 1.5), F((16,))],
    [F((0, 3, 16)), F((16,), 0.5, 1.5), F((16,))],
    [F((3, 13, 16)), F((16,), 0.5, 1.5), F((16,))],
])
def _(x, g, b):
    x2 = op4.Reshape(x, [-1, 16])
    d = Sub(x2, Mean(x2, [1], True))
    y = AddV2(Mul(Mul(d, Rsqrt(AddV2(Mean(Square(d), [1], True), Const(1e-5, "f32")))), g), b)
    return op4.Transpose(op4.Reshape(y, op4.Shape(x, "i32")), [1, 0, 2])


@op4_kernel("op4_chain_conv_bn_logits", [
    [F((2, 7, 13, 3)), F((3, 3, 3, 4)), F((4,), 0.5, 1.5), F((4,)), F((4,)), F((4,), 0.5, 2), F((4, 5)), F((5,))],
    [F((1, 1, 1, 3)), F((3, 3, 3, 4)), F((4,), 0.5, 1.5), F((4,)), F((4,)), F((4,), 0.5, 2), F((4, 5)), F((5,))],
    [F((3, 5, 5, 3), -1e4, 1e4), F((3, 3, 3, 4)), F((4,), 0.5, 1.5), F((4,)), F((4,), -100, 100), F((4,), 1e6, 1e8),
     F((4, 5)), F((5,))],
    [F((0, 4, 4, 3)), F((3, 3, 3, 4)), F((4,), 0.5, 1.5), F((4,)), F((4,)), F((4,), 0.5, 2), F((4, 5)), F((5,))],
    [F((1, 0, 3, 3)), F((3, 3, 3, 4)), F((4,), 0.5, 1.5), F((4,)), F((4,)), F((4,), 0.5, 2), F((4, 5)), F((5,))],
])
def _(x, f, scale, offset, mean, var, w, b):
    y = op4.FusedBatchNormV3(op4.Conv2D(x, f, [1, 1, 1, 1], "SAME"), scale, offset, mean, var, 1e-3)[0]
    return LogSoftmax(BiasAdd(op4.MatMul(Mean(Relu6(y), [1, 2]), w), b))


@op4_kernel("op4_chain_embedding_mean", [
    [I((4, 7), 0, 9), F((10, 8)),
     V([[1, 1, 0, 1, 0, 1, 1], [0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1], [1, 0, 0, 0, 0, 0, 0]])],
    [I((1, 1), 0, 0), F((1, 1)), V([[1.0]])],
    [I((0, 5), 0, 3), F((4, 3)), F((0, 5), 0, 1, step=1)],
    [I((13, 7), 0, 99), F((100, 16), -1e4, 1e4), F((13, 7), 0, 1, step=1)],
])
def _(ids, table, mask):
    s = Sum(Mul(op4.GatherV2(table, ids, 0), op4.ExpandDims(mask, -1)), [1])
    r = op4.DivNoNan(s, Sum(mask, [1], True))
    return Mul(r, Rsqrt(Maximum(Sum(Square(r), [1], True), Const(1e-12, "f32"))))


@op4_kernel("op4_chain_onehot_xent", [
    [I((7,), 0, 9, "i64"), F((7, 10), -5, 5)],
    [I((1,), 0, 9, "i64"), F((1, 10), -5, 5)],
    [I((0,), 0, 9, "i64"), F((0, 10))],
    [I((13,), 0, 9, "i64"), F((13, 10), -1e4, 1e4)],
    [I((5,), -1, 10, "i64", sp=[-1, 10]), F((5, 10), -5, 5)],
])
def _(labels, logits):
    ce = Neg(Sum(Mul(op4.OneHot(labels, 10, Const(1.0, "f32"), Const(0.0, "f32")), LogSoftmax(logits)), [1]))
    op4_argmax_margin(logits, 1)
    acc = Mean(Cast(Equal(op4.ArgMax(logits, 1, "i64"), labels), "f32"), [0])
    return ce, Mean(ce, [0]), acc


@op4_kernel("op4_chain_concat_slice_pad", [
    [F((7, 5), 0, 1e4), F((7, 3), 0, 1e4)],
    [F((1, 5), 0, 1e4), F((1, 3), 0, 1e4)],
    [F((0, 5), 0, 1e4), F((0, 3), 0, 1e4)],
    [F((13, 5), 0, 1e4), F((13, 3), 0, 1e4)],
])
def _(a, b):
    s = op4.StridedSlice(op4.ConcatV2([a, b], 1), [0, 1], [0, 0], [1, 2], begin_mask=1, end_mask=3)
    t = op4.Tile(op4.Pad(s, [[1, 0], [0, 2]]), [1, 2])
    return t, op4.Cumsum(op4.ReverseV2(Sum(t, [0]), [0]), 0)


@op4_kernel("op4_chain_running_mean", [
    [F((3, 13), 0, 1e4)],
    [F((1, 1), 0, 1e4)],
    [F((2, 0), 0, 1e4)],
    [F((0, 7), 0, 1e4)],
    [F((5, 64), 0, 1e4)],
])
def _(x):
    t = op4.StridedSlice(op4.Shape(x, "i32"), [1], [2], [1], shrink_axis_mask=1)
    cnt = Cast(op4.Range(Const(1, "i32"), AddV2(t, Const(1, "i32")), Const(1, "i32")), "f32")
    rm = RealDiv(op4.Cumsum(x, 1), cnt)
    return rm, Max(Abs(Sub(x, rm)), [1])


@op4_kernel("op4_chain_softplus_clip_matmul", [
    [F((7, 13), -10, 10), F((7, 5))],
    [F((1, 1), -10, 10), F((1, 1))],
    [F((0, 3), -10, 10), F((0, 4))],
    [F((13, 7), -1e4, 1e4, sp=[NAN, INF, -INF]), F((13, 5))],
])
def _(x, w):
    y = Log(op4.ClipByValue(op4.Softplus(x), Const(1e-3, "f32"), Const(50.0, "f32")))
    return op4.Softsign(op4.Reshape(op4.MatMul(y, w, transpose_a=True), [-1]))


@op4_kernel("op4_chain_broadcast_logsumexp", [
    [F((2, 1, 5)), F((2, 7, 5))],
    [F((1, 1, 1)), F((1, 1, 1))],
    [F((2, 1, 3)), F((2, 0, 3))],
    [F((3, 1, 4), -100, 100), F((3, 13, 4), -100, 100)],
])
def _(x, y):
    q = op4.Squeeze(Sum(Mul(op4.BroadcastTo(x, op4.Shape(y, "i64")), y), [2], True), [2])
    e = op4.ExpandDims(q, 1)
    m = Max(e, [2], True)
    lse = AddV2(Log(Sum(Exp(Sub(e, m)), [2], True)), m)
    return q, op4.Squeeze(lse, [1, 2])


@op4_kernel("op4_chain_scatter_reverse", [
    [F((7, 13)), Op4UniqueIdx(7, 3), F((3, 13)), I((6, 2), 0, 6, "i64"), F((6,))],
    [F((1, 1)), Op4UniqueIdx(1, 1), F((1, 1)), V([[0, 0]], "i64"), F((1,))],
    [F((5, 3)), Op4UniqueIdx(5, 0), F((0, 3)), V([], "i64", shape=(0, 2)), F((0,))],
    [F((13, 7), -1e4, 1e4), Op4UniqueIdx(13, 5), F((5, 7), -1e4, 1e4), I((20, 2), 0, 6, "i64"), F((20,), -1e4, 1e4)],
])
def _(x, idx, upd, idx2, vals):
    a = AddV2(op4.TensorScatterUpdate(op4.ZerosLike(x), idx, upd), x)
    t = op4.TensorScatterAdd(op4.ReverseV2(a, [0]), idx2, vals)
    y = op4.DivNoNan(t, Sum(Abs(t), [1], True))
    return y, Max(y, [0])


@op4_kernel("op4_chain_einsum_mlp", [
    [F((2, 7, 8)), F((8, 16)), F((16, 8))],
    [F((1, 1, 8)), F((8, 16)), F((16, 8))],
    [F((2, 0, 8)), F((8, 16)), F((16, 8))],
    [F((3, 13, 8), -10, 10), F((8, 16)), F((16, 8))],
])
def _(x, w1, w2):
    h = op4.Einsum("ij,jk->ik", op4.Selu(op4.Einsum("ij,jk->ik", op4.Reshape(x, [-1, 8]), w1)), w2)
    e = op4.Elu(AddV2(op4.Reshape(h, op4.Shape(x, "i32")), x))
    return e, Mean(e, [1])


@op4_kernel("op4_chain_int_mod_cumsum", [
    [I((5, 7), -10000, 10000), V([3, -3, 0, 7, -1, 1, 0], "i32")],
    [I((1, 7), -9, 9), I((7,), -3, 3)],
    [I((0, 7), -9, 9), I((7,), 1, 5)],
    [I((13, 7), I32MIN, I32MAX), I((7,), -100, 100, sp=[0, -1])],
])
def _(a, b):
    m = op4.Mod(a, b)
    ok = Equal(AddV2(Mul(op4.TruncateDiv(a, b), b), m), a)
    c = op4.Cumsum(m, 1)
    am = op4.ArgMax(c, 1, "i32")
    oh = op4.OneHot(am, 7, Const(1, "i32"), Const(0, "i32"))
    return Sum(Cast(ok, "i32"), [1]), am, Sum(Mul(oh, c), [1])


@op4_kernel("op4_chain_while_power_iter", [
    [F((7, 5)), F((7,), 0.5, 1), V(10, "i32")],
    [F((1, 1)), F((1,), 0.5, 1), V(3, "i32")],
    [F((13, 13)), F((13,), 0.5, 1), V(0, "i32")],
    [F((13, 64), -10, 10), F((13,)), V(25, "i32")],
])
def _(m, v, n):
    a = op4.MatMul(m, m, transpose_b=True)

    def matvec(u):
        return op4.Squeeze(op4.MatMul(a, op4.ExpandDims(u, 1)), [1])
    for _ in range(max(int(n), 0)):
        w = matvec(v)
        v = RealDiv(w, Sqrt(Sum(Square(w), [0])))
    return v, Sum(Mul(v, matvec(v)), [0])


# --- issue 12: results that forward operands ------------------------------------


@kernel("alias_identity_tanh", [
    [F((13,), -4, 4, sp=[0.0, -0.0, 20.0, -20.0])],
    [F((1,))],
    [F((0,))],
    [F((300,), -3, 3)],
])
def _(a):
    return (Tanh(a),)


@op4_kernel("alias_forwarding_ops", [
    [F((3, 5), -3, 3), F((7,), sp=FSPEC), I((4,), -100, 100)],
    [F((1, 1)), F((0,)), I((0,), -9, 9)],
    [F((0, 4)), F((1,)), I((1,), I32MIN, I32MAX)],
    [F((17, 9), -10, 10, sp=[0.0, -0.0]), F((33,)), I((5,), -9, 9)],
])
def _(x, y, i):
    e, s = Exp(x), Sigmoid(x)
    return (e, s, op4.Identity(y), Const([0.5, -1.5, 2.0], "f32"), Mul(s, e), op4.Identity(i),
            Const([7, -9], "i64"), s)


@op4_kernel("alias_return_forms", [
    [F((4, 7), -3, 3), F((5,), sp=FSPEC)],
    [F((1, 1)), F((1,))],
    [F((0, 5)), F((0,))],
    [F((9, 3), -10, 10, sp=[0.0, -0.0]), F((2,))],
])
def _(x, y):
    s = Softmax(x)
    m = Mul(s, x)
    return (s, m, Sum(m, [1]), op4.Identity(y), op4.Identity(y), s, op4.Reshape(x, [-1]), op4.Shape(x, "i32"),
            op4.Reshape(Abs(x), [-1]))


@op4_kernel("alias_control_flow", [
    [V(True, "i1"), V(3, "i32"), F((5,)), F((5,), -2, 2)],
    [V(False, "i1"), V(0, "i32"), F((7,)), F((7,))],
    [V(True, "i1"), V(-2, "i32"), F((0,)), F((0,))],
    [V(False, "i1"), V(1, "i32"), F((1,), sp=[-0.0]), F((1,))],
])
def _(p, n, x, y):
    if p:
        r0, r1, r2 = op4.Identity(x), op4.Identity(y), Exp(y)
    else:
        r0, r1, r2 = op4.Identity(y), Neg(x), op4.Identity(x)
    i = int(n)
    while i > 0:
        i -= 1
    return r0, r1, r2, op4.Identity(x), Const(i, "i32"), op4.Identity(x)


@op4_kernel("registry_control_forms", [
    [V(True, "i1"), V(3, "i32"), F((5,))],
    [V(False, "i1"), V(0, "i32"), F((7,))],
    [V(True, "i1"), V(-2, "i32"), F((0,))],
    [V(False, "i1"), V(1, "i32"), F((1,), sp=[NAN])],
])
def _(p, n, x):
    two, half = Const(2.0, "f32"), Const(0.5, "f32")
    r0 = Mul(x, two) if p else Neg(x)
    i, v = int(n), x
    while i > 0:
        i, v = i - 1, Mul(v, half)
    return r0, Const(i, "i32"), v, Mul(x, two), Neg(x)


@op4_kernel("legacy_call", [
    [F((3, 6), -2, 2)],
    [F((1, 1), -2, 2)],
    [F((4, 0))],
    [F((2, 9), -2, 2, sp=[NAN, INF])],
])
def _(x):
    return Cumprod(Tanh(x), 1, exclusive=True, reverse=True), op4.Cumsum(x, Const(1, "i32"), reverse=True)


@op4_kernel("fused_batch_norm_v1_v2", [
    [F((2, 3, 5, 3), -3, 3, sp=[NAN]), F((3,), 0.5, 1.5), F((3,), -1, 1), F((3,), -1, 1), F((3,), 0.5, 2)],
    [F((1, 1, 1, 1), -3, 3), F((1,), 0.5, 1.5), F((1,), -1, 1), F((1,), -1, 1), F((1,), 0.5, 2)],
    [F((2, 4, 6, 4), -3, 3), F((4,), 0.5, 1.5), F((4,), -1, 1), F((4,), -1, 1), F((4,), 0.5, 2)],
    [F((0, 2, 3, 2)), F((2,), 0.5, 1.5), F((2,), -1, 1), F((2,), -1, 1), F((2,), 0.5, 2)],
])
def _(x, scale, offset, mean, var):
    y1, _, v1 = op4.FusedBatchNormV3(x, scale, offset, mean, var, 1e-3, "NHWC")
    y2 = op4.FusedBatchNormV3(x, scale, offset, mean, var, 1e-4, "NCHW")[0]
    if x.size == 0:
        v1 = np.full_like(var, np.nan)  # TF's kernel fills batch_mean/batch_variance with NaN for an empty x
    return y1, y2, v1


@op4_kernel("rank", [
    [F((2, 3, 4)), B((3, 5))],
    [F(()), B((0, 2))],
    [F((7,)), B((1, 1))],
    [F((1, 2, 1, 3)), B((4, 0))],
])
def _(x, y):
    return Const(x.ndim, "i32"), Const(y.ndim, "i32"), np.ones((x.ndim,), dtype=np.int32)


# --- TF's special functions (issue 14): values from mpmath at 60 digits, rounded once to the
# kernel's dtype, with TF's (Eigen's) values at the poles and domain edges.

def _spec(fn, *xs):
    """fn (Python floats -> float, via mpmath) elementwise over the broadcast xs, in xs[0]'s dtype."""
    import mpmath
    mpmath.mp.dps = 60
    dt = xs[0].dtype
    bs = np.broadcast_arrays(*[np.asarray(x, dtype=np.float64) for x in xs])
    out = np.empty(bs[0].shape, dtype=np.float64)
    for ix in np.ndindex(*bs[0].shape):
        out[ix] = float(fn(mpmath, *[float(b[ix]) for b in bs]))
    return out.astype(dt)


def _isint(v):
    return math.isfinite(v) and v == math.floor(v)


def _lgamma(mp, x):
    if x != x:
        return NAN
    if math.isinf(x) or (x <= 0 and _isint(x)):
        return INF
    return mp.log(abs(mp.gamma(x)))


def _digamma(mp, x):
    if x != x or x == -INF or (x <= 0 and _isint(x)):
        return NAN
    if x == INF:
        return INF
    return mp.digamma(x)


def _erfinv(mp, y):
    if y != y or abs(y) > 1:
        return NAN
    if abs(y) == 1:
        return math.copysign(INF, y)
    if y == 0:
        return y
    return mp.erfinv(y)


def _ndtri(mp, p):
    if p != p or p < 0 or p > 1:
        return NAN
    if p == 0:
        return -INF
    if p == 1:
        return INF
    return mp.sqrt(2) * mp.erfinv(2 * mp.mpf(p) - 1)


def _i0e(mp, x):
    if x != x:
        return NAN
    if math.isinf(x):
        return 0.0
    return mp.besseli(0, x) * mp.exp(-abs(mp.mpf(x)))


def _i1e(mp, x):
    if x != x:
        return NAN
    if math.isinf(x) or x == 0:
        return math.copysign(0.0, x)
    return mp.besseli(1, x) * mp.exp(-abs(mp.mpf(x)))


def _zeta(mp, x, q):
    if x != x or q != q:
        return NAN
    if x == 1:
        return INF
    if x < 1:
        return NAN
    assert q > 0, "the goldens keep q > 0"
    return mp.zeta(x, q)


def _polygamma(mp, n, x):
    if n != n or x != x or n < 0 or not _isint(n):
        return NAN
    assert x > 0, "the goldens keep x > 0"
    return mp.polygamma(int(n), x)


def _igamma(mp, a, x, upper=False):
    if x == 0:
        return 1.0 if upper else 0.0
    if a != a or x != x or x < 0 or a <= 0:
        return NAN
    if x == INF:
        return 0.0 if upper else 1.0
    if upper:
        return mp.gammainc(a, x, mp.inf, regularized=True)
    return mp.gammainc(a, 0, x, regularized=True)


def _betainc(mp, a, b, x):
    if a != a or b != b or x != x or a <= 0 or b <= 0 or x < 0 or x > 1:
        return NAN
    if x == 0:
        return 0.0
    if x == 1:
        return 1.0
    return mp.betainc(a, b, 0, x, regularized=True)


SPEC_EDGES = [NAN, INF, -INF, 0.0, -0.0, -1.0, -2.0, 1.0, 2.0, -0.5, 0.5, 1e-30, 30.0, -3.5]


ERFINV_EDGES = [1.0, -1.0, 0.0, -0.0, NAN, 1.5, -1.25, 0.999999, -0.9999, 1e-30]
NDTRI_EDGES = [0.0, 1.0, NAN, -0.25, 1.5, 1e-30, 0.5, 0.999999, -0.0]


@op4_kernel("special_unary", [
    [F((5, 7), -6, 8, sp=SPEC_EDGES), F((23,), -1, 1, sp=ERFINV_EDGES), F((19,), 0, 1, sp=NDTRI_EDGES)],
    [F((1, 3), 0.01, 0.99), F((1,), -1, 1), F((1,), 0, 1)],
    [F((0, 4)), F((0,)), F((0,))],
    [F((9, 11), -20, 40), F((64,), -1, 1), F((64,), 1e-6, 1)],
])
def _(x, y, p):
    return (_spec(_lgamma, x), _spec(_digamma, x), _spec(_i0e, x), _spec(_i1e, x), _spec(_erfinv, y),
            _spec(_ndtri, p))


@op4_kernel("special_binary", [
    [F((4, 6), 1.01, 12, "f64", sp=[1.0, 0.5, NAN, 2.0]), F((6,), 0.1, 20, "f64"),
     V([0, 1, 2, 3, 4, 5, 0.5, -1, NAN], "f64"), F((4, 9), 0.1, 8, "f64"),
     F((3, 5), 0.05, 12, "f64", sp=[0.0, -1.0, NAN, 1.0]), F((5,), 0, 25, "f64", sp=[0.0, INF, -1.0, NAN])],
    [F((1, 1), 1.5, 4, "f64"), F((3,), 0.5, 2, "f64"), V([2.0], "f64"), F((2, 1), 0.5, 3, "f64"),
     F((2, 1), 0.5, 3, "f64"), F((4,), 0.1, 6, "f64")],
    [F((0, 3), 2, 3, "f64"), F((3,), 1, 2, "f64"), V([], "f64"), F((2, 0), 1, 2, "f64"),
     F((0, 2), 1, 2, "f64"), F((2,), 0.1, 4, "f64")],
    [F((16, 20), 1.1, 30, "f64"), F((20,), 0.1, 50, "f64"), V([1, 2, 3, 4, 5, 0, 1, 2], "f64"),
     F((12, 8), 0.1, 20, "f64"), F((30, 7), 0.05, 40, "f64"), F((7,), 0, 60, "f64")],
])
def _(x, q, n, xp, a, ax):
    return (_spec(_zeta, x, q), _spec(_polygamma, n, xp), _spec(_igamma, a, ax),
            _spec(lambda mp, a, x: _igamma(mp, a, x, True), a, ax))


@op4_kernel("betainc", [
    [F((3, 7), 0.1, 10, "f64", sp=[0.0, -1.0, NAN]), F((3, 7), 0.1, 10, "f64"),
     F((3, 7), 0, 1, "f64", sp=[0.0, 1.0, -0.5, 1.5, NAN]), V(2.5, "f64"), V(0.5, "f32"), F((5,), 0, 1, "f32")],
    [F((1, 1), 0.5, 3, "f64"), F((1, 1), 0.5, 3, "f64"), F((1, 1), 0, 1, "f64"), V(40.0, "f64"),
     V(0.25, "f32"), F((1,), 0, 1, "f32")],
    [F((0, 2), 0.5, 3, "f64"), F((0, 2), 0.5, 3, "f64"), F((0, 2), 0, 1, "f64"), V(1.0, "f64"),
     V(3.0, "f32"), F((0,), 0, 1, "f32")],
    [F((6, 10), 0.1, 60, "f64"), F((6, 10), 0.1, 60, "f64"), F((6, 10), 0, 1, "f64"), V(12.0, "f64"),
     V(7.5, "f32"), F((40,), 0, 1, "f32")],
])
def _(a, b, x, s, s32, x32):
    return (_spec(_betainc, a, b, x), _spec(_betainc, s, b, x), _spec(_betainc, a, s, x),
            _spec(_betainc, s32, s32, x32))


# --- shifts (XLA: the amount as unsigned; at least the width shifts every bit out), population count, size

def _shift(x, y, left):
    dt = x.dtype
    w = dt.itemsize * 8
    xb, yb = np.broadcast_arrays(x, y)
    out = np.empty(xb.shape, dtype=object)
    for ix in np.ndindex(*xb.shape):
        a, s = int(xb[ix]), int(yb[ix])
        if s < 0 or s >= w:
            out[ix] = 0 if left or a >= 0 else -1
        else:
            out[ix] = a << s if left else a >> s  # Python's >> on a negative int is arithmetic
    return _wrap(out, dt)


def LeftShift(x, y):
    return _shift(x, y, True)


def RightShift(x, y):
    return _shift(x, y, False)


def PopulationCount(x):
    w = x.itemsize * 8
    return np.array([bin(int(v) % (1 << w)).count("1") for v in x.ravel().tolist()],
                    dtype=np.uint8).reshape(x.shape)


@op4_kernel("bits", [
    [I((3, 5), -2**31, 2**31 - 1, sp=[0, -1, I32MIN, I32MAX, 1]), I((5,), -3, 34, sp=[31, 32, -1, 0]),
     I((7,), -128, 127, "i8", sp=[-128, 127, -1]), I((7,), -2, 10, "i8", sp=[7, 8, -1]),
     I((6,), 0, 65535, "ui16"), I((6,), 0, 20, "ui16", sp=[15, 16]),
     I((2, 3), I64MIN, I64MAX, "i64", sp=[I64MIN, -1]), I((2, 3), -2, 70, "i64", sp=[63, 64, -1])],
    [I((1, 1), -100, 100), I((1,), 0, 31), I((1,), -128, 127, "i8"), I((1,), 0, 8, "i8"),
     I((1,), 0, 65535, "ui16"), I((1,), 0, 16, "ui16"), I((1, 1), I64MIN, I64MAX, "i64"), I((1, 1), 0, 63, "i64")],
    [I((0, 4), 0, 1), I((4,), 0, 31), I((0,), 0, 1, "i8"), I((0,), 0, 1, "i8"),
     I((0,), 0, 1, "ui16"), I((0,), 0, 1, "ui16"), I((0, 2), 0, 1, "i64"), I((0, 2), 0, 1, "i64")],
    [I((9, 33), -2**31, 2**31 - 1), I((33,), -40, 40), I((50,), -128, 127, "i8"), I((50,), -9, 9, "i8"),
     I((21,), 0, 65535, "ui16"), I((21,), 0, 17, "ui16"), I((5, 4), I64MIN, I64MAX, "i64"), I((5, 4), -70, 70, "i64")],
])
def _(x, y, a8, s8, u16, su16, x64, s64):
    return (LeftShift(x, y), RightShift(x, y), LeftShift(a8, s8), RightShift(a8, s8), LeftShift(u16, su16),
            RightShift(u16, su16), LeftShift(x64, s64), RightShift(x64, s64), PopulationCount(x),
            PopulationCount(a8), PopulationCount(u16), PopulationCount(x64))


@op4_kernel("size", [
    [F((2, 3)), B((4, 5, 6))],
    [F((0, 7)), B((1, 1, 1))],
    [F((1, 1)), B((3, 0, 2))],
])
def _(x, y):
    return Const(x.size, "i32"), Const(y.size, "i64"), np.ones((x.size,), dtype=np.int32)


def Cumprod(x, axis, exclusive=False, reverse=False):
    """The running product along axis, rounded (wrapped) to x's dtype at every step, as TF's scan."""
    a = axis % x.ndim
    if reverse:
        x = np.flip(x, a)
    xm = np.moveaxis(x, a, 0)
    out = np.empty_like(xm)
    if is_int(x):
        acc = np.ones(xm.shape[1:], dtype=object)
        for k in range(xm.shape[0]):
            if not exclusive:
                acc = _wrap(acc * _obj(xm[k]), x.dtype).astype(object)
            out[k] = _wrap(acc, x.dtype)
            if exclusive:
                acc = _wrap(acc * _obj(xm[k]), x.dtype).astype(object)
    else:
        acc = np.ones(xm.shape[1:], dtype=x.dtype)
        for k in range(xm.shape[0]):
            if not exclusive:
                acc = (acc * xm[k]).astype(x.dtype)
            out[k] = acc
            if exclusive:
                acc = (acc * xm[k]).astype(x.dtype)
    out = np.moveaxis(out, 0, a)
    if reverse:
        out = np.flip(out, a)
    return np.ascontiguousarray(out)


@op4_kernel("cumprod", [
    [F((5, 6), 0.5, 1.5, sp=[NAN, INF, 0.0, -0.0, -1.0]), I((4, 7), -5, 5), F((9,), -2, 2, "f16"), I((6,), -9, 9, "i64")],
    [F((1, 1), 0.5, 1.5), I((1, 1), -5, 5), F((1,), -2, 2, "f16"), I((1,), -9, 9, "i64")],
    [F((0, 3)), I((3, 0), -5, 5), F((0,), dt="f16"), I((0,), 0, 1, "i64")],
    [F((12, 17), 0.8, 1.25), I((30, 3), -3, 3), F((40,), 0.9, 1.1, "f16"), I((70,), -5, 5, "i64")],
])
def _(x, n, h, l):
    return (Cumprod(x, 0), Cumprod(x, 1, exclusive=True), Cumprod(x, 1, reverse=True),
            Cumprod(x, -1, exclusive=True, reverse=True), Cumprod(n, 0), Cumprod(n, 1, exclusive=True, reverse=True),
            Cumprod(h, 0), Cumprod(l, 0, exclusive=True))


@op4_kernel("batch_matmul_v1_v3", [
    [F((3, 7, 13)), F((3, 13, 5)), F((2, 6, 4), dt="f64"), F((2, 5, 6), dt="f64"), I((2, 4, 3), -50, 50), I((1, 3, 2), -50, 50)],
    [F((1, 1, 1)), F((1, 1, 1)), F((1, 1, 1), dt="f64"), F((1, 1, 1), dt="f64"), I((1, 1, 1), -9, 9), I((1, 1, 1), -9, 9)],
    [F((0, 7, 3)), F((0, 3, 5)), F((2, 0, 4), dt="f64"), F((2, 5, 0), dt="f64"), I((0, 4, 3), -9, 9), I((1, 3, 2), -9, 9)],
    [F((4, 9, 33)), F((4, 33, 6)), F((3, 17, 8), dt="f64"), F((3, 5, 17), dt="f64"), I((5, 8, 7), -99, 99), I((5, 7, 3), -99, 99)],
])
def _(x, y, a, b, n, m):
    return op4.BatchMatMulV2(x, y), op4.BatchMatMulV2(a, b, True, True), op4.BatchMatMulV2(n, m)


def MatrixBandPart(x, lower, upper):
    m = np.arange(x.shape[-2])[:, None]
    n = np.arange(x.shape[-1])[None, :]
    keep = ((lower < 0) | (m - n <= lower)) & ((upper < 0) | (n - m <= upper))
    return np.where(keep, x, np.zeros((), dtype=x.dtype)).astype(x.dtype)


@op4_kernel("matrix_band_part", [
    [F((2, 4, 5), sp=[NAN, -0.0]), I((3, 3), -9, 9, "i64"), B((6, 2)), F((3, 3), dt="f16")],
    [F((1, 3, 3)), I((2, 2), -9, 9, "i64"), B((2, 2)), F((3, 3), dt="f16")],
    [F((0, 4, 3)), I((1, 1), -9, 9, "i64"), B((1, 0)), F((0, 1), dt="f16")],
    [F((3, 9, 6)), I((7, 7), -9, 9, "i64"), B((2, 5)), F((8, 9), dt="f16")],
])
def _(x, n, b, h):
    return (MatrixBandPart(x, 1, 0), MatrixBandPart(x, -1, 0), MatrixBandPart(x, 0, -1), MatrixBandPart(n, 1, 1),
            MatrixBandPart(b, 0, 0), MatrixBandPart(h, -1, -1))


def EuclideanNorm(x, axes, keep_dims=False):
    """sqrt of the sum of squares over axes, computed in float64 and rounded once (within the tolerance of
    a float32 sum, which is TF's)."""
    ax = _axes(x, axes)
    s = np.add.reduce(x.astype(np.float64) ** 2, axis=ax, keepdims=keep_dims)
    return np.sqrt(s).astype(x.dtype)


@op4_kernel("euclidean_norm", [
    [F((4, 6), -3, 3, sp=[INF, -0.0]), F((3, 2, 5), dt="f64"), F((7,), -2, 2, "f16")],
    [F((1, 1)), F((1, 1, 1), dt="f64"), F((1,), dt="f16")],
    [F((0, 3)), F((2, 0, 3), dt="f64"), F((0,), dt="f16")],
    [F((33, 17), -10, 10), F((8, 9, 10), dt="f64"), F((100,), -1, 1, "f16")],
])
def _(x, y, h):
    return (EuclideanNorm(x, [1]), EuclideanNorm(x, [0], True), EuclideanNorm(x, [0, 1]),
            EuclideanNorm(y, [0, 2]), EuclideanNorm(h, [0]))


def LinSpace(start, stop, num):
    """TF's LinSpace: step = (stop - start) / (num - 1) in the element type, start + step*i, stop last."""
    dt = start.dtype.type
    num = int(num)
    if num == 1:
        return np.array([start], dtype=start.dtype)
    step = dt(dt(stop - start) / dt(num - 1))
    out = np.array([dt(start + dt(step * dt(i))) for i in range(num - 1)] + [stop], dtype=start.dtype)
    return out


@op4_kernel("linspace", [
    [V(-1.5), V(2.25), V(7, "i32"), V(0.0, "f64"), V(1.0, "f64")],
    [V(3.0), V(-3.0), V(1, "i32"), V(10.0, "f64"), V(-1e-3, "f64")],
    [V(0.1), V(0.7), V(2, "i32"), V(-5.0, "f64"), V(5.0, "f64")],
    [V(1e-3), V(1e3), V(100, "i32"), V(1e300, "f64"), V(-1e300, "f64")],
], alt=False, note="bit-exact: TF's sequence of roundings in the element type, which an f64 recomputation does not follow")
def _(a, b, n, c, d):
    return LinSpace(a, b, n), LinSpace(c, d, 5), LinSpace(a, a, n)


# --- bf16: a storage type, computed in f32 and rounded to nearest even when stored ---------------------
# numpy has no bfloat16: bf16 tensors are BF16Array (float32 holding bf16 values), the models compute on
# f32(x) and round each TF op's result with BF(); the goldens are written as ml_dtypes writes bfloat16.


@kernel("bf16_arith", [
    [F((5, 3), -100, 100, "bf16", sp=[NAN, INF, -INF, 0.0, -0.0, 3e38, -2.0]), F((3,), -10, 10, "bf16", sp=[0.0])],
    [F((1, 3), -2, 2, "bf16"), F((1,), 0.5, 2, "bf16")],
    [F((0, 3), dt="bf16"), F((3,), dt="bf16")],
    [F((64, 3), -1e4, 1e4, "bf16", sp=[1e-38, -1e-39]), F((3,), -1e-3, 1e-3, "bf16", sp=[INF])],
], note="+, -, *, / and sqrt in f32 then rounded are the correctly rounded bf16 results: bit-exact")
def _(x, y):
    xf, yf = f32(x), f32(y)
    c = f32(V([1.5, -0.1, 3.0e38], "bf16").make(None))
    return (BF(Add(xf, yf)), BF(Sub(xf, yf)), BF(Mul(xf, yf)), BF(Div(xf, yf)), BF(Sqrt(xf)), BF(Maximum(xf, yf)),
            BF(Neg(xf)), BF(Mul(xf, np.broadcast_to(c, xf.shape[:-1] + (3,)))))


@kernel("bf16_math", [
    [F((13,), -5, 5, "bf16", sp=[NAN, INF, -INF, 0.0, -0.0]), F((13,), 0, 10, "bf16", sp=[0.0, INF, NAN, 1.0])],
    [F((1,), -1, 1, "bf16"), F((1,), 0, 2, "bf16")],
    [F((0,), dt="bf16"), F((0,), dt="bf16")],
    [F((1000,), -8, 8, "bf16"), F((1000,), 0.01, 100, "bf16")],
])
def _(x, p):
    xf, pf = f32(x), f32(p)
    return (BF(Exp(xf)), BF(Log(pf)), BF(Tanh(xf)), BF(Sigmoid(xf)), BF(Sin(xf)), BF(Erf(xf)), BF(Rsqrt(pf)),
            BF(Pow(pf, xf)))


@kernel("bf16_reduce", [
    [F((6, 9), 0.5, 1.5, "bf16")],
    [F((1, 1), -2, 2, "bf16")],
    [F((0, 4), dt="bf16")],
    [F((4, 0), dt="bf16")],
    [F((13, 7), -2, 2, "bf16", sp=[NAN, INF, -0.0])],
    [F((3, 1000), 0.9, 1.1, "bf16")],
])
def _(x):
    xf = f32(x)
    return BF(Sum(xf, [1])), BF(Mean(xf, [0], True)), BF(Max(xf, [0, 1])), BF(Prod(xf, [1]))


@kernel("bf16_matmul", [
    [F((7, 13), -1, 1, "bf16"), F((5, 13), -1, 1, "bf16"), F((2, 7, 13), 0, 1, "bf16"), F((13, 5), 0, 1, "bf16"),
     F((5,), 0, 1, "bf16")],
    [F((1, 1), dt="bf16"), F((1, 1), dt="bf16"), F((1, 1, 1), 0, 1, "bf16"), F((1, 1), 0, 1, "bf16"),
     F((1,), 0, 1, "bf16")],
    [F((0, 3), dt="bf16"), F((4, 3), dt="bf16"), F((2, 0, 3), 0, 1, "bf16"), F((3, 0), 0, 1, "bf16"),
     F((0,), 0, 1, "bf16")],
    [F((33, 64), -1, 1, "bf16"), F((17, 64), -1, 1, "bf16"), F((3, 20, 64), 0, 1, "bf16"),
     F((64, 17), 0, 1, "bf16"), F((17,), 0, 1, "bf16")],
], note="the batched products are of non-negative values, so that the bias sum does not cancel one bf16 rounding")
def _(a, b, x, y, bias):
    m = BF(op4.BatchMatMulV2(f32(x), f32(y)))
    return BF(op4.MatMul(f32(a), f32(b), False, True)), BF(BiasAdd(f32(m), f32(bias)))


@kernel("bf16_cast", [
    [V([1.0, 1.00390625, 1.01171875, 3.4e38, -3.4e38, NAN, INF, -0.0, 1e-40, 0.1, 65504.0, 1.5e-45], "f32"),
     V([1.00390625, 1.0 + 2.0**-8 + 2.0**-30, 1e300, -1e-300, NAN, 0.1], "f64"),
     V([257, 259, -65535, 7, I32MAX, I32MIN, 16777217, 0], "i32"),
     V([I64MAX, I64MIN, 2**24 + 1, 123456789, -3], "i64"),
     V([65504.0, 6.1e-5, 5.96e-8, NAN, -INF, 1.0009765625, 0.333], "f16"),
     V([1.5, -1.5, 2.5e9, -3e9, NAN, INF, -INF, 255.0, 256.0, -1.0, 0.0, -0.0, 1e-38, 70000.0, 3.0e38], "bf16")],
    [F((100,), -300, 300), F((50,), -1e5, 1e5, "f64"), I((30,), I32MIN, I32MAX), I((30,), I64MIN, I64MAX, "i64"),
     F((40,), -1000, 1000, "f16"), F((200,), -1e4, 1e4, "bf16")],
    [F((0,)), F((0,), dt="f64"), I((0,), 0, 1), I((0,), 0, 1, "i64"), F((0,), dt="f16"), F((0,), dt="bf16")],
], note="to bf16 through f32 (f64 and integers round twice, as Eigen's bfloat16 constructor does)")
def _(f, d, i, l, h, x):
    xv = x.view(np.ndarray)
    return (BF(f), BF(d.astype(np.float32)), BF(Cast(i, "f32")), BF(Cast(l, "f32")), BF(h.astype(np.float32)),
            xv.astype(np.float32), xv.astype(np.float64), Cast(xv, "i32"), Cast(xv, "ui8"), xv.astype(np.float16),
            Cast(xv, "i1"))


@kernel("bf16_softmax", [
    [F((7, 13), -5, 5, "bf16", sp=[-INF])],
    [F((1, 1), dt="bf16")],
    [F((0, 5), dt="bf16")],
    [F((4, 200), -10, 10, "bf16")],
])
def _(x):
    return BF(Softmax(f32(x))), BF(LogSoftmax(f32(x)))
def _window(in_sp, k, s, d, padding, explicit=None):
    """TF's GetWindowedOutputSizeVerbose per spatial axis: output sizes and the padding before (SAME puts
    the odd one after)."""
    outs, before = [], []
    for a, (n, kk, ss, dd) in enumerate(zip(in_sp, k, s, d)):
        eff = (kk - 1) * dd + 1
        if padding == "SAME":
            o = -(-n // ss)
            b = max((o - 1) * ss + eff - n, 0) // 2
        elif padding == "VALID":
            assert n - eff + ss >= 0
            o, b = (n - eff + ss) // ss, 0
        else:
            lo, hi = explicit[a]
            assert n + lo + hi - eff + ss >= 0
            o, b = (n + lo + hi - eff + ss) // ss, lo
        outs.append(o)
        before.append(b)
    return outs, before


def Pool(x, ksize, strides, padding, avg, explicit=None):
    """MaxPool/AvgPool (2-D and 3-D, channels last): the max or mean over the window's elements inside the
    input (padding not counted, as TF divides), computed in float64 and rounded once. MaxPool with EXPLICIT
    padding (explicit: [(before, after)] per spatial axis): a window over padding alone is -inf (XLA's
    identity; TF's CPU kernel gives the type's lowest finite value) or the integer type's minimum."""
    import itertools
    sp = x.ndim - 2
    k, s = ksize[1:-1], strides[1:-1]
    assert ksize[0] == ksize[-1] == strides[0] == strides[-1] == 1
    outs, bef = _window(x.shape[1:-1], k, s, [1] * sp, padding, explicit)
    out = np.zeros((x.shape[0],) + tuple(outs) + (x.shape[-1],), dtype=x.dtype)
    xf = x.astype(np.float64) if x.dtype.kind == "f" else x
    axes = tuple(range(1, 1 + sp))
    for o in itertools.product(*[range(n) for n in outs]):
        sl, cnt = [], 1
        for a in range(sp):
            st = o[a] * s[a] - bef[a]
            lo, hi = max(st, 0), min(st + k[a], x.shape[1 + a])
            assert hi > lo or (explicit and not avg), "a window of padding only"
            sl.append(slice(lo, max(hi, lo)))
            cnt *= max(hi - lo, 0)
        win = xf[(slice(None),) + tuple(sl) + (slice(None),)]
        if cnt == 0:
            low = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
            out[(slice(None),) + o + (slice(None),)] = low
            continue
        r = win.sum(axis=axes) / cnt if avg else win.max(axis=axes)
        out[(slice(None),) + o + (slice(None),)] = r.astype(x.dtype)
    return out


def MaxPool(x, ksize, strides, padding, explicit=None):
    return Pool(x, ksize, strides, padding, False, explicit)


def AvgPool(x, ksize, strides, padding):
    return Pool(x, ksize, strides, padding, True)


def ConvND(x, f, strides, padding, dilations=None, explicit=None, depthwise=False):
    """Conv3D (filter [k..., in, out]) and DepthwiseConv2dNative (filter [kh, kw, in, multiplier]; output
    channel c*M + m is input channel c with filter[..., c, m]), channels last, summed in float64 and
    rounded once."""
    import itertools
    sp = x.ndim - 2
    k = f.shape[:sp]
    s = strides[1:-1]
    d = (dilations or [1] * x.ndim)[1:-1]
    outs, bef = _window(x.shape[1:-1], k, s, d, padding, explicit)
    n, c = x.shape[0], x.shape[-1]
    co = c * f.shape[-1] if depthwise else f.shape[-1]
    assert f.shape[sp] == c
    acc = np.zeros((n,) + tuple(outs) + (co,), dtype=np.float64)
    if 0 in outs or n == 0 or co == 0:
        return acc.astype(x.dtype)
    ext = [max(bef[a] + x.shape[1 + a], (outs[a] - 1) * s[a] + (k[a] - 1) * d[a] + 1) for a in range(sp)]
    xp = np.zeros((n,) + tuple(ext) + (c,), dtype=np.float64)
    xp[(slice(None),) + tuple(slice(bef[a], bef[a] + x.shape[1 + a]) for a in range(sp)) + (slice(None),)] = x
    ff = f.astype(np.float64)
    for t in itertools.product(*[range(kk) for kk in k]):
        patch = xp[(slice(None),) + tuple(slice(t[a] * d[a], t[a] * d[a] + (outs[a] - 1) * s[a] + 1, s[a])
                                          for a in range(sp)) + (slice(None),)]
        if depthwise:
            acc += (patch[..., :, None] * ff[t]).reshape(acc.shape)
        else:
            acc += patch @ ff[t]
    return acc.astype(x.dtype)


# Pools and convolutions read inputs on a grid of 1/8 (1/4 for f16): every sum is exact in the compute
# type, so the goldens hold to the default tolerances whatever the summation order.

@op4_kernel("max_pool", [
    [F((2, 7, 6, 3), -4, 4, step=0.125, sp=[NAN, INF, -INF]), F((2, 3, 2, 5), -4, 4, step=0.125),
     I((2, 5, 4, 3), -100, 100), F((1, 4, 5, 6), -2, 2, "f16", step=0.25), F((2, 5, 4, 3), dt="f64")],
    [F((1, 1, 1, 1), step=0.125), F((1, 1, 1, 1)), I((1, 1, 1, 1), -9, 9), F((1, 1, 1, 1), dt="f16"),
     F((2, 5, 4, 3), dt="f64")],
    [F((0, 3, 4, 2)), F((2, 2, 4, 0)), I((0, 2, 2, 3), -9, 9), F((1, 0, 3, 2), dt="f16"), F((2, 5, 4, 3), dt="f64")],
    [F((3, 12, 17, 9), -4, 4, step=0.125), F((1, 4, 3, 17), -4, 4, step=0.125), I((2, 9, 8, 19), I32MIN, I32MAX),
     F((2, 8, 9, 16), -2, 2, "f16", step=0.25), F((2, 5, 4, 3), dt="f64", sp=[NAN])],
])
def _(x, s, n, h, d):
    return (MaxPool(x, [1, 3, 3, 1], [1, 2, 2, 1], "SAME"), MaxPool(x, [1, 2, 2, 1], [1, 2, 2, 1], "VALID"),
            MaxPool(x, [1, 3, 2, 1], [1, 1, 1, 1], "SAME"), MaxPool(s, [1, 4, 5, 1], [1, 3, 3, 1], "SAME"),
            MaxPool(n, [1, 2, 3, 1], [1, 2, 1, 1], "SAME"), MaxPool(h, [1, 3, 3, 1], [1, 2, 2, 1], "SAME"),
            MaxPool(d, [1, 2, 2, 1], [1, 1, 2, 1], "SAME"))


@op4_kernel("max_pool_explicit", [
    [F((2, 5, 6, 3), -4, 4, step=0.125, sp=[NAN, INF, -INF]), I((1, 4, 3, 2), -128, 127, "i8"),
     F((1, 3, 4, 5), -2, 2, "f16", step=0.25), F((2, 4, 3, 2), dt="f64")],
    [F((1, 1, 1, 1), step=0.125), I((1, 1, 1, 1), -9, 9, "i8"), F((1, 1, 1, 1), dt="f16"), F((2, 4, 3, 2), dt="f64")],
    [F((0, 3, 4, 2)), I((2, 0, 3, 1), -9, 9, "i8"), F((1, 2, 2, 0), dt="f16"), F((2, 4, 3, 2), dt="f64", sp=[NAN])],
    [F((3, 11, 9, 7), -4, 4, step=0.125), I((2, 7, 8, 9), -128, 127, "i8"), F((2, 6, 7, 8), -2, 2, "f16", step=0.25),
     F((2, 4, 3, 2), dt="f64")],
])
def _(x, n, h, d):
    return (MaxPool(x, [1, 2, 2, 1], [1, 1, 1, 1], "EXPLICIT", [(1, 2), (0, 3)]),
            MaxPool(x, [1, 2, 2, 1], [1, 2, 2, 1], "EXPLICIT", [(3, 0), (0, 2)]),
            MaxPool(n, [1, 2, 3, 1], [1, 2, 1, 1], "EXPLICIT", [(2, 2), (1, 0)]),
            MaxPool(h, [1, 3, 3, 1], [1, 2, 2, 1], "EXPLICIT", [(1, 1), (1, 1)]),
            MaxPool(d, [1, 2, 2, 1], [1, 1, 1, 1], "EXPLICIT", [(0, 2), (2, 0)]))


@op4_kernel("avg_pool", [
    [F((2, 7, 6, 3), -4, 4, step=0.125, sp=[INF]), F((2, 3, 2, 5), -4, 4, step=0.125),
     F((1, 4, 5, 6), -2, 2, "f16", step=0.25), F((2, 5, 4, 3), dt="f64")],
    [F((1, 1, 1, 1), step=0.125), F((1, 1, 1, 1)), F((1, 1, 1, 1), dt="f16"), F((2, 5, 4, 3), dt="f64")],
    [F((0, 3, 4, 2)), F((2, 2, 4, 0)), F((1, 0, 3, 2), dt="f16"), F((2, 5, 4, 3), dt="f64")],
    [F((3, 12, 17, 9), -4, 4, step=0.125), F((1, 4, 3, 17), -4, 4, step=0.125),
     F((2, 8, 9, 16), -2, 2, "f16", step=0.25), F((2, 5, 4, 3), dt="f64", sp=[NAN])],
])
def _(x, s, h, d):
    return (AvgPool(x, [1, 3, 3, 1], [1, 2, 2, 1], "SAME"), AvgPool(x, [1, 2, 2, 1], [1, 2, 2, 1], "VALID"),
            AvgPool(x, [1, 3, 2, 1], [1, 1, 1, 1], "SAME"), AvgPool(s, [1, 4, 5, 1], [1, 3, 3, 1], "SAME"),
            AvgPool(h, [1, 3, 3, 1], [1, 2, 2, 1], "SAME"), AvgPool(d, [1, 2, 2, 1], [1, 1, 2, 1], "SAME"),
            AvgPool(d, [1, 3, 3, 1], [1, 2, 1, 1], "VALID"))


@op4_kernel("pool3d", [
    [F((2, 5, 4, 6, 3), -4, 4, step=0.125, sp=[NAN]), F((1, 3, 4, 2, 5), -2, 2, "f16", step=0.25),
     F((1, 4, 3, 5, 2), dt="f64")],
    [F((1, 1, 1, 1, 1), step=0.125), F((1, 1, 1, 1, 1), dt="f16"), F((1, 1, 1, 1, 1), dt="f64")],
    [F((0, 2, 3, 2, 4)), F((1, 2, 0, 2, 1), dt="f16"), F((1, 2, 2, 2, 0), dt="f64")],
    [F((2, 7, 6, 9, 8), -4, 4, step=0.125), F((1, 6, 5, 4, 16), -2, 2, "f16", step=0.25),
     F((2, 5, 6, 7, 5), dt="f64")],
])
def _(x, h, d):
    return (MaxPool(x, [1, 2, 2, 2, 1], [1, 2, 2, 2, 1], "SAME"), AvgPool(x, [1, 3, 2, 3, 1], [1, 1, 2, 1, 1], "SAME"),
            AvgPool(x, [1, 1, 2, 2, 1], [1, 1, 1, 2, 1], "VALID"), MaxPool(h, [1, 2, 3, 2, 1], [1, 1, 2, 1, 1], "SAME"),
            AvgPool(h, [1, 2, 2, 2, 1], [1, 2, 2, 2, 1], "SAME"), AvgPool(d, [1, 3, 3, 3, 1], [1, 2, 2, 2, 1], "SAME"))


@op4_kernel("depthwise_conv2d", [
    [F((2, 7, 6, 3), -4, 4, step=0.125), F((3, 3, 3, 2), -4, 4, step=0.125), F((3, 2, 3, 1), -4, 4, step=0.125),
     F((1, 5, 4, 4), -2, 2, "f16", step=0.25), F((2, 2, 4, 2), -2, 2, "f16", step=0.25),
     F((2, 6, 5, 3), dt="f64"), F((3, 3, 3, 1), dt="f64")],
    [F((1, 1, 1, 1)), F((3, 3, 1, 2)), F((3, 2, 1, 1)), F((1, 1, 1, 2), dt="f16"), F((2, 2, 2, 2), dt="f16"),
     F((1, 1, 1, 3), dt="f64"), F((3, 3, 3, 1), dt="f64")],
    [F((0, 5, 5, 2)), F((3, 3, 2, 2)), F((3, 2, 2, 1)), F((1, 3, 3, 0), dt="f16"), F((2, 2, 0, 2), dt="f16"),
     F((0, 4, 4, 3), dt="f64"), F((3, 3, 3, 1), dt="f64")],
    [F((2, 12, 11, 9), -4, 4, step=0.125), F((3, 3, 9, 2), -4, 4, step=0.125), F((3, 2, 9, 1), -4, 4, step=0.125),
     F((1, 9, 8, 16), -2, 2, "f16", step=0.25), F((2, 2, 16, 3), -2, 2, "f16", step=0.25),
     F((1, 9, 10, 3), dt="f64"), F((3, 3, 3, 1), dt="f64")],
])
def _(x, w, w1, h, hw, d, dw):
    dwc = lambda *a, **kw: ConvND(*a, depthwise=True, **kw)
    return (dwc(x, w, [1, 1, 1, 1], "SAME"), dwc(x, w, [1, 2, 2, 1], "VALID"),
            dwc(x, w, [1, 2, 2, 1], "SAME", [1, 2, 2, 1]), dwc(x, w1, [1, 1, 1, 1], "SAME"),
            dwc(x, w1, [1, 3, 3, 1], "EXPLICIT", [1, 1, 2, 1], [(1, 2), (0, 3)]),
            dwc(h, hw, [1, 1, 1, 1], "SAME"), dwc(d, dw, [1, 2, 2, 1], "SAME"))


@op4_kernel("conv3d", [
    [F((2, 5, 4, 6, 3), -4, 4, step=0.125), F((3, 2, 3, 3, 4), -4, 4, step=0.125),
     F((1, 4, 3, 5, 2), -2, 2, "f16", step=0.25), F((2, 2, 2, 2, 3), -2, 2, "f16", step=0.25),
     F((1, 4, 4, 3, 2), dt="f64"), F((2, 2, 1, 2, 3), dt="f64")],
    [F((1, 1, 1, 1, 3)), F((3, 2, 3, 3, 1)), F((1, 2, 2, 2, 2), dt="f16"), F((2, 2, 2, 2, 1), dt="f16"),
     F((1, 2, 2, 2, 2), dt="f64"), F((2, 2, 1, 2, 1), dt="f64")],
    [F((0, 4, 4, 4, 2)), F((3, 2, 3, 2, 4)), F((1, 2, 2, 2, 2), dt="f16"), F((2, 2, 2, 2, 0), dt="f16"),
     F((1, 3, 2, 2, 2), dt="f64"), F((2, 2, 1, 2, 3), dt="f64")],
    [F((2, 7, 8, 6, 5), -4, 4, step=0.125), F((3, 2, 3, 5, 8), -4, 4, step=0.125),
     F((1, 5, 6, 4, 8), -2, 2, "f16", step=0.25), F((2, 2, 2, 8, 16), -2, 2, "f16", step=0.25),
     F((2, 5, 4, 6, 3), dt="f64"), F((2, 2, 1, 3, 4), dt="f64")],
])
def _(x, w, h, hw, d, dw):
    return (ConvND(x, w, [1, 1, 1, 1, 1], "SAME"), ConvND(x, w, [1, 2, 1, 2, 1], "SAME", [1, 1, 2, 1, 1]),
            ConvND(h, hw, [1, 1, 2, 1, 1], "SAME"), ConvND(d, dw, [1, 1, 1, 1, 1], "VALID"),
            ConvND(d, dw, [1, 2, 2, 2, 1], "VALID", [1, 1, 2, 1, 1]))
def Split(x, axis, n):
    """n equal parts along axis (TF: the dim must divide evenly)."""
    assert x.shape[axis] % n == 0
    return tuple(np.ascontiguousarray(p) for p in np.split(x, n, axis=axis))


def SplitV(x, sizes, axis):
    """parts of the given sizes along axis; one -1 takes the rest."""
    sizes = list(sizes)
    if -1 in sizes:
        sizes[sizes.index(-1)] = x.shape[axis] - (sum(sizes) + 1)
    assert sum(sizes) == x.shape[axis] and min(sizes) >= 0
    return tuple(np.ascontiguousarray(p) for p in np.split(x, np.cumsum(sizes)[:-1], axis=axis))


def Unpack(x, axis):
    """the slices along axis, that axis removed."""
    return tuple(np.ascontiguousarray(p) for p in np.moveaxis(x, axis, 0))


@op4_kernel("split_unpack", [
    [F((2, 4), sp=[NAN, -0.0]), I((3, 6), -99, 99), B((4, 3)), F((2, 3, 3), dt="f16")],
    [F((1, 2)), I((1, 6), -99, 99), B((1, 3)), F((2, 1, 3), dt="f16")],
    [F((0, 6)), I((0, 6), -99, 99), B((0, 3)), F((2, 0, 3), dt="f16")],
    [F((5, 10)), I((7, 6), I32MIN, I32MAX), B((9, 3)), F((2, 5, 3), dt="f16")],
])
def _(x, y, b, h):
    return (Split(x, 1, 2) + Split(y, 0, 1) + Split(y, 1, 3) + SplitV(x, [-1, 1], 1) + SplitV(y, [1, 0, -1, 2], 1)
            + Unpack(b, -1) + Unpack(h, 0))


def MirrorPad(x, pads, mode):
    """TF's MirrorPad: numpy's reflect (edge left out) or symmetric (edge repeated)."""
    pads = np.asarray(pads).reshape(-1, 2)
    lim = 0 if mode == "REFLECT" else 1
    for d, (lo, hi) in enumerate(pads.tolist()):
        assert 0 <= lo <= x.shape[d] - 1 + lim and 0 <= hi <= x.shape[d] - 1 + lim
    return np.pad(x, pads.tolist(), mode=mode.lower())


@op4_kernel("mirror_pad", [
    [F((2, 3, 4), sp=[NAN, INF]), F((3, 4)), V([[2, 1], [3, 0]], "i32"), I((5,), -9, 9, "i64"), B((3, 2))],
    [F((3, 4, 2)), F((4, 2)), V([[0, 0], [0, 0]], "i32"), I((2,), -9, 9, "i64"), B((1, 1))],
    [F((2, 3, 2)), F((3, 2)), V([[1, 1], [2, 2]], "i32"), I((3,), -9, 9, "i64"), B((2, 4))],
    [F((4, 5, 6)), F((5, 6)), V([[3, 3], [0, 5]], "i32"), I((8,), -9, 9, "i64"), B((4, 3))],
])
def _(x, z, p, n, b):
    return (MirrorPad(x, [[1, 1], [1, 2], [0, 1]], "REFLECT"), MirrorPad(x, [[0, 2], [3, 1], [2, 0]], "SYMMETRIC"),
            MirrorPad(z, p, "SYMMETRIC"), MirrorPad(z, p.clip(0, 1), "REFLECT"), MirrorPad(n, [[1, 0]], "REFLECT"),
            MirrorPad(n, [[1, 1]], "SYMMETRIC"), MirrorPad(b, [[1, 0], [0, 1]], "SYMMETRIC"))


def _diag_right(d, align):
    sup, sub = align.split("_")
    return (d > 0 and sup == "RIGHT") or (d < 0 and sub == "RIGHT")


def MatrixDiagPart(x, k=0, pad=0, align="RIGHT_LEFT"):
    """TF's MatrixDiagPartV3: diagonals k0..k1 (d = col - row) at band index k1 - d, shorter ones padded on
    the side align gives (superdiagonals first)."""
    k0, k1 = (k, k) if np.ndim(k) == 0 else (k[0], k[-1])
    m, n = x.shape[-2:]
    maxlen = max(min(m + min(k1, 0), n - max(k0, 0)), 0)
    out = np.full(x.shape[:-2] + (k1 - k0 + 1, maxlen), pad, dtype=x.dtype)
    for j, d in enumerate(range(k1, k0 - 1, -1)):
        dlen = min(m + min(d, 0), n - max(d, 0))
        off = maxlen - dlen if _diag_right(d, align) else 0
        for t in range(dlen):
            out[..., j, t + off] = x[..., t + max(-d, 0), t + max(d, 0)]
    return out if k0 != k1 else out[..., 0, :]


def MatrixDiag(dg, k=0, rows=-1, cols=-1, pad=0, align="RIGHT_LEFT"):
    """TF's MatrixDiagV3: matrices with the band of diagonals dg (as MatrixDiagPart lays them out), -1 sizes
    inferred (square when both are)."""
    k0, k1 = (k, k) if np.ndim(k) == 0 else (k[0], k[-1])
    if k0 == k1:
        dg = dg[..., None, :]
    maxlen = dg.shape[-1]
    minr, minc = maxlen - min(k1, 0), maxlen + max(k0, 0)
    if rows == -1 and cols == -1:
        rows = cols = max(minr, minc)
    rows = minr if rows == -1 else rows
    cols = minc if cols == -1 else cols
    assert rows >= minr and cols >= minc and (rows == minr or cols == minc)
    out = np.full(dg.shape[:-2] + (rows, cols), pad, dtype=dg.dtype)
    for r in range(rows):
        for c in range(cols):
            d = c - r
            if k0 <= d <= k1:
                dlen = min(rows + min(d, 0), cols - max(d, 0))
                out[..., r, c] = dg[..., k1 - d, min(r, c) + (maxlen - dlen if _diag_right(d, align) else 0)]
    return out


@op4_kernel("matrix_diag_part", [
    [F((2, 3, 4), sp=[NAN, -0.0]), I((5, 3), -99, 99, "i64"), B((3, 3)), F((4, 2), dt="f16")],
    [F((1, 4, 4)), I((4, 3), -99, 99, "i64"), B((2, 2)), F((2, 2), dt="f16")],
    [F((2, 5, 3)), I((3, 6), -99, 99, "i64"), B((1, 4)), F((3, 2), dt="f16")],
    [F((0, 3, 4)), I((6, 4), -99, 99, "i64"), B((5, 4)), F((2, 4), dt="f16")],
])
def _(x, y, b, h):
    return (MatrixDiagPart(x), MatrixDiagPart(x, [-1, 1], 9, "RIGHT_LEFT"), MatrixDiagPart(x, [-2, 0], -1, "LEFT_RIGHT"),
            MatrixDiagPart(x, [0, 2], 0, "LEFT_LEFT"), MatrixDiagPart(x, [-1, 2], 5, "RIGHT_RIGHT"),
            MatrixDiagPart(x, [-1, 1], 7, "LEFT_LEFT"), MatrixDiagPart(x, 1, 3),
            MatrixDiagPart(y, [-2, 1], -7, "RIGHT_LEFT"), MatrixDiagPart(y, -2, 0), MatrixDiagPart(b, [0, 1], True),
            MatrixDiagPart(h, [-1, 0], 2, "LEFT_RIGHT"))


@op4_kernel("matrix_diag", [
    [F((2, 3), sp=[NAN, -0.0]), F((2, 3, 3)), V(-1, "i32"), V(-1, "i32"), I((4, 2, 3), -99, 99, "i64"), B((3,))],
    [F((1, 1)), F((1, 3, 2)), V(5, "i32"), V(-1, "i32"), I((1, 2, 2), -99, 99, "i64"), B((1,))],
    [F((3, 0)), F((2, 3, 1)), V(-1, "i32"), V(3, "i32"), I((2, 2, 5), -99, 99, "i64"), B((4,))],
    [F((2, 5)), F((3, 3, 4)), V(7, "i32"), V(6, "i32"), I((3, 2, 4), -99, 99, "i64"), B((0,))],
])
def _(v, w, r, c, y, b):
    r, c = int(r), int(c)
    return (MatrixDiag(v), MatrixDiag(w, [-1, 1], pad=9, align="LEFT_RIGHT"), MatrixDiag(w, [-1, 1], pad=9, align="LEFT_LEFT"),
            MatrixDiag(v, 1, r, c, -2), MatrixDiag(v, -1, pad=3, align="RIGHT_RIGHT"),
            MatrixDiag(w, [0, 2], 6, -1, 0, "RIGHT_LEFT"), MatrixDiag(y, [-1, 0], pad=-5, align="RIGHT_RIGHT"),
            MatrixDiag(b, 0, pad=True))


def Bitcast(x, t):
    """TF's Bitcast (little-endian): equal sizes reinterpret; a wider input gains a last axis of the ratio,
    a narrower one loses its last axis (which must be the ratio)."""
    to = MLIR_TO_NP[t]
    x = np.ascontiguousarray(x)
    if to.itemsize < x.dtype.itemsize:
        return x.view(to).reshape(x.shape + (x.dtype.itemsize // to.itemsize,))
    if to.itemsize > x.dtype.itemsize:
        assert x.shape[-1] == to.itemsize // x.dtype.itemsize
        return x.view(to).reshape(x.shape[:-1])
    return x.view(to)


@op4_kernel("bitcast", [
    [F((2, 3), sp=[NAN, INF, -0.0]), I((3, 4), 0, 255, "ui8"), I((3,), I64MIN, I64MAX, "i64"), I((4, 2), -32768, 32767, "i16"),
     F((5,), -1e300, 1e300, "f64", sp=[-INF, -0.0])],
    [F((1, 3)), I((1, 4), 0, 255, "ui8"), I((1,), -1, 1, "i64"), I((1, 2), -32768, 32767, "i16"), F((1,), dt="f64")],
    [F((0, 3)), I((0, 4), 0, 255, "ui8"), I((0,), -1, 1, "i64"), I((0, 2), -32768, 32767, "i16"), F((0,), dt="f64")],
    [F((9, 3), -1e30, 1e30), I((17, 4), 0, 255, "ui8"), I((11,), I64MIN, I64MAX, "i64"), I((9, 2), -32768, 32767, "i16"),
     F((7,), dt="f64")],
], alt=False, note="bit patterns: the f64 cross-check does not apply; NaNs made of random bits compare as NaN")
def _(x, u, z, h, d):
    return (Bitcast(x, "i32"), Bitcast(x, "ui8"), Bitcast(u, "f32"), Bitcast(u, "i8"), Bitcast(z, "i16"), Bitcast(z, "ui32"),
            Bitcast(z, "f64"), Bitcast(h, "i32"), Bitcast(d, "ui64"), Bitcast(d, "i8"), Bitcast(u, "ui32"))


def MatrixSetDiag(x, dg, k=0, align="RIGHT_LEFT"):
    """TF's MatrixSetDiagV3: x with its band of diagonals k replaced by dg (laid out as MatrixDiagPart gives
    it)."""
    k0, k1 = (k, k) if np.ndim(k) == 0 else (k[0], k[-1])
    if k0 == k1:
        dg = dg[..., None, :]
    m, n = x.shape[-2:]
    maxlen = dg.shape[-1]
    assert maxlen == max(min(m + min(k1, 0), n - max(k0, 0)), 0)
    out = x.copy()
    for r in range(m):
        for c in range(n):
            d = c - r
            if k0 <= d <= k1:
                dlen = min(m + min(d, 0), n - max(d, 0))
                out[..., r, c] = dg[..., k1 - d, min(r, c) + (maxlen - dlen if _diag_right(d, align) else 0)]
    return out


@op4_kernel("matrix_set_diag", [
    [F((2, 3, 4), sp=[NAN, -0.0]), F((2, 3)), F((2, 3, 3)), F((2, 2, 3)), I((4, 2), -99, 99, "i64"), I((3, 2), -99, 99, "i64"), B((3, 3)), B((2, 3))],
    [F((1, 4, 4)), F((1, 4)), F((1, 3, 4)), F((1, 2, 3)), I((2, 2), -99, 99, "i64"), I((3, 2), -99, 99, "i64"), B((2, 2)), B((2, 2))],
    [F((2, 5, 3)), F((2, 3)), F((2, 3, 3)), F((2, 2, 2)), I((3, 6), -99, 99, "i64"), I((3, 3), -99, 99, "i64"), B((1, 4)), B((2, 1))],
    [F((0, 3, 4)), F((0, 3)), F((0, 3, 3)), F((0, 2, 3)), I((6, 4), -99, 99, "i64"), I((3, 4), -99, 99, "i64"), B((5, 4)), B((2, 4))],
])
def _(x, d0, d1, d2, y, e, b, c):
    return (MatrixSetDiag(x, d0), MatrixSetDiag(x, d1, [-1, 1], "LEFT_RIGHT"), MatrixSetDiag(x, d1, [-1, 1], "LEFT_LEFT"),
            MatrixSetDiag(x, d2, [1, 2], "RIGHT_LEFT"), MatrixSetDiag(y, e, [-1, 1], "RIGHT_RIGHT"), MatrixSetDiag(b, c, [0, 1]))

# --- issue 14: complex<f32> and complex<f64> (internal/ops/cplx) --------------
#
# Each part of a complex result is the exact operation rounded to the part type, as the reference
# evaluator computes it (internal/refeval/refmath/complex.go): numpy in complex128 where numpy's
# semantics are the project's (addition, multiplication (ac-bd) + (ad+bc)i, exp, log, sqrt, sums,
# products, matmul), and a mirror of Go's where numpy's differ: division (Smith's algorithm with C99's
# corrections: x/0 is an infinity, numpy's inf+nan*j) and Pow (math/cmplx's exp(y log x), numpy
# multiplies repeatedly for small integer exponents).

CPARTS = [0.0, -0.0, 1.5, -2.0, INF, -INF, NAN]
CSPECIAL = [complex(r, i) for r in CPARTS for i in CPARTS]  # the 49 pairs of special parts
CDT = {"c64": "complex<f32>", "c128": "complex<f64>"}


class C:
    """Complex numbers whose parts are uniform in [lo, hi); sp: values put at random positions."""

    def __init__(self, shape, lo=-1.0, hi=1.0, dt="c64", sp=()):
        self.shape, self.lo, self.hi, self.dt, self.sp = tuple(shape), lo, hi, dt, sp

    def make(self, rs):
        dt = MLIR_TO_NP[CDT[self.dt]]
        a = np.empty(self.shape, dtype=dt)
        a.real = rs.uniform(self.lo, self.hi, size=self.shape)
        a.imag = rs.uniform(self.lo, self.hi, size=self.shape)
        flat = a.reshape(-1)
        _inject(flat, rs, self.sp, dt)
        return flat.reshape(self.shape)


def CV(values, dt="c64", shape=None):
    """Explicit complex values (Python complex keeps each part as given)."""
    return V(values, CDT[dt], shape)


def _c128(x):
    return np.asarray(x).astype(np.complex128)


def _cround(z, like):
    """z (complex128) with each part rounded to like's part type."""
    return np.asarray(z).astype(like.dtype)


def _cmap(f, *xs):
    """f on each element as Python complex, broadcast; each part rounded to the operands' type."""
    xs = [np.asarray(x) for x in xs]
    dt = np.result_type(*xs)
    bs = np.broadcast_arrays(*xs)
    out = np.empty(bs[0].shape, dtype=np.complex128)
    for idx in np.ndindex(out.shape):
        out[idx] = f(*[complex(b[idx]) for b in bs])
    return out.astype(dt)


def _go_div(n, m):
    """Go's complex128 division (runtime/complex.go): Smith's algorithm, then C99's corrections (G.5.1)
    when both parts come out NaN."""
    f = np.float64
    a, b, c, d = f(n.real), f(n.imag), f(m.real), f(m.imag)
    if abs(c) >= abs(d):
        ratio = d / c
        denom = c + ratio * d
        e, g = (a + b * ratio) / denom, (b - a * ratio) / denom
    else:
        ratio = c / d
        denom = d + ratio * c
        e, g = (a * ratio + b) / denom, (b * ratio - a) / denom
    if np.isnan(e) and np.isnan(g):
        inf = f(np.inf)
        unit = lambda v: np.copysign(f(1.0 if np.isinf(v) else 0.0), v)
        if c == 0 and d == 0 and (not np.isnan(a) or not np.isnan(b)):
            e, g = np.copysign(inf, c) * a, np.copysign(inf, c) * b
        elif (np.isinf(a) or np.isinf(b)) and np.isfinite(c) and np.isfinite(d):
            a, b = unit(a), unit(b)
            e, g = inf * (a * c + b * d), inf * (b * c - a * d)
        elif (np.isinf(c) or np.isinf(d)) and np.isfinite(a) and np.isfinite(b):
            c, d = unit(c), unit(d)
            e, g = 0 * (a * c + b * d), 0 * (b * c - a * d)
    return complex(e, g)


def _go_hypot(p, q):
    p, q = abs(np.float64(p)), abs(np.float64(q))
    if np.isinf(p) or np.isinf(q):
        return np.inf
    if np.isnan(p) or np.isnan(q):
        return np.nan
    return float(np.hypot(p, q))


def _go_pow(x, y):
    """math/cmplx.Pow: exp(y log x) with its special cases at x = 0."""
    f = np.float64
    if x == 0:
        if (np.isnan(y.real) or np.isnan(y.imag)) and not (np.isinf(y.real) or np.isinf(y.imag)):
            return complex(np.nan, np.nan)
        if y.real == 0:
            return complex(1, 0)
        if y.real < 0:
            return complex(np.inf, 0) if y.imag == 0 else complex(np.inf, np.inf)
        return complex(0, 0)
    modulus = _go_hypot(x.real, x.imag)
    if modulus == 0:
        return complex(0, 0)
    r = f(modulus) ** f(y.real)
    arg = np.arctan2(f(x.imag), f(x.real))
    theta = f(y.real) * arg
    if y.imag != 0:
        r *= np.exp(-f(y.imag) * arg)
        theta += f(y.imag) * np.log(f(modulus))
    return complex(r * np.cos(theta), r * np.sin(theta))


def CMul(x, y):
    return _cround(_c128(x) * _c128(y), np.result_type(x, y).type(0))


def CDiv(x, y):
    return _cmap(_go_div, x, y)


def CDivNoNan(x, y):
    return _cmap(lambda a, b: 0j if b == 0 else _go_div(a, b), x, y)


def CReciprocal(x):
    return _cmap(lambda a: _go_div(1 + 0j, a), x)


def CUnary(f, x):
    return _cround(f(_c128(x)), x)


def CAbs(x):
    part = np.float32 if x.dtype == np.complex64 else np.float64
    return np.array([_go_hypot(z.real, z.imag) for z in _c128(x).ravel().tolist()], dtype=np.float64).reshape(x.shape).astype(part)


def CAngle(x):
    part = np.float32 if x.dtype == np.complex64 else np.float64
    return np.arctan2(_c128(x).imag, _c128(x).real).astype(part)


def cx_kernel(name, cases, **kw):
    """kernel() with NaN parts of complex results made +NaN and zero parts +0 (see op4_kernel); complex
    results have no float64 cross-check (their goldens are computed in complex128 already)."""
    def deco(fn):
        def canon(*args):
            outs = fn(*args)
            single = not isinstance(outs, tuple)
            res = []
            for o in ((outs,) if single else outs):
                o = np.asarray(o)
                if o.dtype.kind == "c":
                    re, im = o.real.copy(), o.imag.copy()
                    for p in (re, im):
                        p[np.isnan(p)] = np.nan
                        p[p == 0] = 0
                    o = np.empty(o.shape, dtype=o.dtype)
                    o.real, o.imag = re, im
                elif o.dtype.kind == "f":
                    o = np.where(np.isnan(o), np.array(np.nan, dtype=o.dtype), o)
                    o = np.where(o == 0, np.array(0, dtype=o.dtype), o).astype(o.dtype)
                res.append(o)
            return res[0] if single else tuple(res)
        kernel(name, cases, **kw)(canon)
        return fn
    return deco


@cx_kernel("complex_arith", [
    [C((3, 4)), C((4,)), C((2, 1, 3), dt="c128"), C((5, 3), dt="c128")],
    [C((1, 4), -3, 3), C((1,), -3, 3), C((2, 5, 3), -2, 2, dt="c128"), C((1, 3), -2, 2, dt="c128")],
    [C((0, 4)), C((4,)), C((2, 0, 3), dt="c128"), C((0, 3), dt="c128")],
    [C((64, 4), -1e3, 1e3), C((4,), -1e-3, 1e-3), C((2, 70, 3), -1e100, 1e100, dt="c128"), C((70, 3), -1e-100, 1e-100, dt="c128")],
])
def _(a, b, c, d):
    return (_cround(_c128(a) + _c128(b), a), _cround(_c128(a) - _c128(b), a), CMul(a, b), CDiv(a, b),
            CUnary(lambda z: -z, a), CMul(a, a),
            _cround(_c128(c) + _c128(d), c), CDiv(c, d), CDivNoNan(d, c), CReciprocal(c))


@cx_kernel("complex_special", [
    [CV(CSPECIAL, shape=(49, 1)), CV(CSPECIAL, shape=(1, 49)), CV(CSPECIAL, "c128", shape=(49, 1)), CV(CSPECIAL, "c128", shape=(1, 49))],
])
def _(x, y, u, v):
    return (CMul(x, y), CDiv(x, y), _cround(_c128(x) + _c128(y), x), CMul(u, v), CDiv(u, v), _cround(_c128(u) - _c128(v), u),
            CAbs(x), CAngle(x), CAbs(u), CAngle(u))


@cx_kernel("complex_parts", [
    [F((3, 4), -5, 5, sp=FSPEC), F((4,), -5, 5), C((2, 3), -4, 4, sp=[complex(INF, NAN), complex(NAN, 1), complex(-0.0, -0.0)]),
     C((5,), -1e200, 1e200, dt="c128", sp=[complex(-INF, 0), complex(1e-300, -1e-310)])],
    [F((1, 4)), F((1,)), C((1, 1)), C((1,), dt="c128")],
    [F((0, 4)), F((4,)), C((0, 3)), C((0,), dt="c128")],
    [V([[1.5, -0.0, NAN, INF]]), V([-INF, 2.0, 0.5, -1.0]), CV([complex(3.4e38, 3.4e38), complex(1e-45, -1e-45), complex(-1, -0.0)], shape=(1, 3)),
     CV([complex(1.7e308, 1.7e308), complex(5e-324, 5e-324), complex(-1, 0.0), complex(-1, -0.0)], "c128")],
])
def _(re, im, z, w):
    out = np.empty(np.broadcast(re, im).shape, dtype=np.complex128 if re.dtype == np.float64 else np.complex64)
    out.real, out.imag = np.broadcast_arrays(re, im)
    return (out, z.real.copy(), z.imag.copy(), np.conj(z), CAbs(z), CAngle(z),
            w.real.copy(), w.imag.copy(), np.conj(w), CAbs(w), CAngle(w), w)


@cx_kernel("complex_cast", [
    [C((7,), -300, 300, sp=[complex(NAN, 1), complex(0, 2), complex(-0.0, 0), complex(INF, 0), complex(3e9, 1), complex(-2.5, 1e30)]),
     F((7,), -100, 100, sp=[NAN, INF, -0.0]), I((7,), -1000, 1000), B((7,)), C((7,), -1e300, 1e300, dt="c128", sp=[complex(1e300, -1e-300)])],
    [C((0,)), F((0,)), I((0,), 0, 1), B((0,)), C((0,), dt="c128")],
])
def _(z, x, i, b, w):
    def c(v, t):
        out = np.empty(v.shape, dtype=MLIR_TO_NP[t])
        out.real = v.astype(np.float64) if v.dtype != np.bool_ else v.astype(np.float64)
        out.imag = 0
        return out
    return (Cast(z.real.copy(), "f32"), Cast(z.real.copy(), "i32"), z != 0, z.astype(np.complex128), Cast(z.real.copy(), "f16"),
            c(x, "complex<f64>"), c(i, "complex<f32>"), c(b, "complex<f32>"), w.astype(np.complex64), Cast(w.real.copy(), "i64"))



def _cred(f, x, axes, keep):
    ax = tuple(sorted(set(a % x.ndim for a in axes))) if axes else ()
    return _cround(f(_c128(x), axis=ax, keepdims=keep), x)


def CSum(x, axes, keep=False):
    return _cred(np.sum, x, axes, keep)


def CProd(x, axes, keep=False):
    return _cred(np.prod, x, axes, keep)


def CMean(x, axes, keep=False):
    ax = tuple(sorted(set(a % x.ndim for a in axes))) if axes else ()
    s = np.sum(_c128(x), axis=ax, keepdims=keep)
    n = int(np.prod([x.shape[a] for a in ax])) if ax else 1
    out = np.empty(s.shape, dtype=np.complex128)
    with np.errstate(all="ignore"):
        out.real, out.imag = s.real / np.float64(n), s.imag / np.float64(n)  # part by part: 0/0 is NaN
    return out.astype(x.dtype)


@cx_kernel("complex_reduce", [
    [C((4, 5, 3), -2, 2, sp=[complex(INF, 1), complex(NAN, 0)]), C((3, 4), 0.5, 1.5, dt="c128"), C((2, 3, 4), -2, 2)],
    [C((1, 1, 3)), C((1, 1), dt="c128"), C((1, 1, 4))],
    [C((0, 5, 3)), C((0, 4), dt="c128"), C((3, 0, 4))],
    [C((33, 17, 3), -1e3, 1e3), C((9, 40), 0.9, 1.1, dt="c128"), C((20, 30, 4), -3, 3)],
])
def _(x, y, z):
    return (CSum(x, [1], True), CMean(x, [0, -1]), CProd(z, [2]), CSum(y, [0, 1]), CProd(y, [0], True),
            CMean(y, [1]), CSum(y, []), CProd(z, [-1]))



def CRsqrt(x):
    return _cmap(lambda z: _go_div(1 + 0j, complex(np.sqrt(np.complex128(z)))), x)


def CPow(x, y):
    return _cmap(_go_pow, x, y)


@cx_kernel("complex_funcs", [
    [C((5, 7), -3, 3, sp=[complex(0, 0), complex(-0.0, 0), complex(-1, 0), complex(-1, -0.0), complex(0, 1e-30)]),
     C((5, 7), -40, 40, dt="c128", sp=[complex(700, 0.5), complex(-745, 1), complex(1e-300, -1e-300)]),
     C((7,), -2, 2), C((5, 1), -2, 2, dt="c128")],
    [C((1, 7)), C((1, 7), dt="c128"), C((7,)), C((1, 1), dt="c128")],
    [C((0, 7)), C((0, 7), dt="c128"), C((7,)), C((0, 1), dt="c128")],
    [C((40, 7), -1e3, 1e3), C((40, 7), -1e-3, 1e-3, dt="c128"), C((7,), -5, 5), C((40, 1), -5, 5, dt="c128")],
])
def _(x, w, p, q):
    return (CUnary(np.exp, x), CUnary(np.log, x), CUnary(np.sqrt, x), CRsqrt(x), CPow(x, p),
            CUnary(np.exp, w), CUnary(np.log, w), CUnary(np.sqrt, w), CRsqrt(w), CPow(w, q))


@cx_kernel("complex_funcs_special", [
    [CV(CSPECIAL), CV(CSPECIAL, "c128")],
])
def _(x, w):
    return (CUnary(np.exp, x), CUnary(np.log, x), CUnary(np.sqrt, x),
            CUnary(np.exp, w), CUnary(np.log, w), CUnary(np.sqrt, w))



def CMatMul(a, b, ta=False, tb=False, adj=False):
    a, b = _c128(a), _c128(b)
    if ta:
        a = np.swapaxes(a, -1, -2)
        a = np.conj(a) if adj else a
    if tb:
        b = np.swapaxes(b, -1, -2)
        b = np.conj(b) if adj else b
    return np.matmul(a, b)


@cx_kernel("complex_matmul", [
    [C((5, 3)), C((3, 4)), C((4, 2), dt="c128"), C((2, 3, 4, 3), dt="c128"), C((3, 4, 2), dt="c128"), C((3, 2, 4), dt="c128")],
    [C((1, 3)), C((3, 1)), C((4, 2), dt="c128"), C((2, 1, 4, 3), dt="c128"), C((1, 4, 2), dt="c128"), C((1, 2, 4), dt="c128")],
    [C((0, 3)), C((3, 0)), C((4, 2), dt="c128"), C((2, 0, 4, 3), dt="c128"), C((1, 4, 2), dt="c128"), C((1, 2, 4), dt="c128")],
    [C((37, 3), -10, 10), C((3, 70), -10, 10), C((4, 2), -1e5, 1e5, dt="c128"), C((2, 5, 4, 3), -1e5, 1e5, dt="c128"),
     C((5, 4, 2), dt="c128"), C((1, 2, 4), dt="c128")],
])
def _(a, b, c, x, y, z):
    return (CMatMul(a, b).astype(np.complex64), CMatMul(b, a, True, True).astype(np.complex64),
            CMatMul(x, y, ta=True, adj=True), CMatMul(x, c, ta=True, adj=True), CMatMul(x, z, ta=True, tb=True, adj=True))


# @@REGISTRY@@

# ===========================================================================
# kernel files: header and entry signature

_HEADER_RE = re.compile(r"sandjit-test:(.*)")
_FUNC_RE = re.compile(r"(?<![\w.\"])(func\.func|builtin\.func|func)\s+(?:(?:private|public|nested)\s+)?@([\w$.\-]+)\s*\(")
_TENSOR_RE = re.compile(r"tensor<((?:[^<>]|<[^<>]*>)*)>")  # complex<f32> nests
DEFAULT_TOL = {"f16": (1e-3, 1e-5), "f32": (1e-5, 1e-6), "f64": (1e-12, 1e-14), "bf16": (1e-2, 1e-5)}


def _strip_comments(text):
    out, i, n, in_str = [], 0, len(text), False
    while i < n:
        c = text[i]
        if in_str:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
            out.append(c)
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out)


def _match_close(text, i):
    """text[i] is an opening bracket; return the index of its match."""
    pairs = {"(": ")", "<": ">", "{": "}", "[": "]"}
    stack, in_str = [], False
    j = i
    while j < len(text):
        c = text[j]
        if in_str:
            if c == "\\":
                j += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in pairs:
            stack.append(pairs[c])
        elif c in ")>}]":
            if c == ">" and text[j - 1] == "-":  # the '->' arrow
                pass
            else:
                assert stack and stack[-1] == c, "unbalanced %r at %d" % (c, j)
                stack.pop()
                if not stack:
                    return j
        j += 1
    raise ValueError("unbalanced brackets")


def _split_top(text):
    parts, depth, cur, in_str = [], 0, [], False
    for k, c in enumerate(text):
        if in_str:
            if c == '"' and text[k - 1] != "\\":
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "(<{[":
            depth += 1
        elif c in ")}]" or (c == ">" and text[k - 1] != "-"):
            depth -= 1
        elif c == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(c)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return parts


def parse_type(s):
    """'2x?x3xf32' -> (dims or None for unranked, elem)."""
    s = s.strip()
    if s.startswith("*x"):
        return None, s[2:]
    m = re.match(r"((?:(?:\d+|\?)x)*)(.*)$", s)  # the element type may hold an x (complex<f32>)
    return [None if d == "?" else int(d) for d in m.group(1).split("x")[:-1]], m.group(2)


def _first_type(chunk):
    m = _TENSOR_RE.search(chunk)
    assert m, "no tensor type in %r" % chunk
    return parse_type(m.group(1))


class KernelFile:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)[:-len(".mlir")]
        raw = open(path).read()
        self.header = {}
        desc = []
        for line in raw.splitlines():
            s = line.strip()
            if not s:
                continue
            if not s.startswith("//"):
                break
            m = _HEADER_RE.search(s)
            if not m:
                desc.append(s[2:].strip())
            if m:
                for kv in m.group(1).split():
                    k, v = kv.split("=", 1)
                    assert k in ("entry", "rtol", "atol"), "unknown header key %s in %s" % (k, path)
                    self.header[k] = v
        self.description = " ".join(desc)
        text = _strip_comments(raw)
        self.funcs = {}
        bodies = {}
        order = []
        for m in _FUNC_RE.finditer(text):
            name = m.group(2)
            lp = m.end() - 1
            rp = _match_close(text, lp)
            args = [_first_type(a) for a in _split_top(text[lp + 1:rp])]
            rest = text[rp + 1:].lstrip()
            assert rest.startswith("->"), "%s: @%s has no results" % (path, name)
            rest = rest[2:].lstrip()
            if rest.startswith("("):
                rr = _match_close(rest, 0)
                results = [_first_type(r) for r in _split_top(rest[1:rr])]
            else:
                results = [_first_type(rest[:_match_close(rest, rest.index("<")) + 1])]
            self.funcs[name] = (args, results)
            # the body: the first '{' after the signature that does not open an attribute dict
            j = rp + 1
            while True:
                j = text.index("{", j)
                if text[:j].rstrip().endswith("attributes"):
                    j = _match_close(text, j) + 1
                    continue
                break
            bodies[name] = text[j:_match_close(text, j) + 1]
            order.append(name)
        assert order, "%s: no functions" % path
        self.entry = self.header.get("entry") or ("test" if "test" in self.funcs else order[0])
        assert self.entry in self.funcs, "%s: entry @%s not found" % (path, self.entry)
        self.args, self.results = self.funcs[self.entry]
        self.ops = sorted(set(re.findall(r'"(tf\.\w+)"', bodies[self.entry])))

    def tol(self, dtype_name):
        r, a = DEFAULT_TOL.get(dtype_name, (0.0, 0.0))
        return float(self.header.get("rtol", r)), float(self.header.get("atol", a))


def _check_sig(kf, what, arrays, types):
    assert len(arrays) == len(types), "%s: %d %s given, signature has %d" % (kf.name, len(arrays), what, len(types))
    for i, (a, (dims, elem)) in enumerate(zip(arrays, types)):
        where = "%s %s%d" % (kf.name, what, i)
        assert elem_name(a) == elem, "%s: dtype %s, signature says %s" % (where, elem_name(a), elem)
        if dims is None:
            continue
        assert a.ndim == len(dims), "%s: shape %s, signature rank %d" % (where, a.shape, len(dims))
        for d, s in zip(dims, a.shape):
            assert d is None or d == s, "%s: shape %s does not fit %s" % (where, a.shape, dims)


# ===========================================================================
# generation


def _seed(*parts):
    return zlib.crc32("/".join(str(p) for p in parts).encode()) & 0x7FFFFFFF


def _npy_bytes(a):
    if isinstance(a, BF16Array):  # ml_dtypes' bfloat16 as np.save writes it: descr "<V2", the top halves
        buf = io.BytesIO()
        np.lib.format.write_array_header_1_0(buf, {"descr": "<V2", "fortran_order": False, "shape": a.shape})
        buf.write((np.ascontiguousarray(a).view(np.uint32) >> np.uint32(16)).astype("<u2").tobytes())
        return buf.getvalue()
    buf = io.BytesIO()
    np.save(buf, np.array(a, order="C"), allow_pickle=False)  # (ascontiguousarray would make rank 0 rank 1)
    data = buf.getvalue()
    back = np.load(io.BytesIO(data), allow_pickle=False)
    assert back.shape == a.shape and back.dtype == a.dtype and not np.isfortran(back), "npy round trip changed the array"
    return data


# --- issue 14: complex tensors moved, selected, compared and made from constants --------------------
# Moves are exact: the goldens are the inputs' elements (numpy's own indexing).

CMOVE_SP = [complex(NAN, 1), complex(INF, -0.0), complex(-0.0, -INF), complex(1e-45, -3.4e38)]


@cx_kernel("complex_move", [
    [C((4, 3), -5, 5, sp=CMOVE_SP), C((2, 5), -5, 5, dt="c128", sp=[complex(NAN, -0.0), complex(5e-324, INF)]), C((3,)),
     CV([complex(2, -3)], "c128", shape=()), V([6, 2], "i32")],
    [C((1, 3)), C((2, 1), dt="c128"), C((3,), sp=[complex(-0.0, NAN)]), CV([complex(-0.0, INF)], "c128", shape=()), V([3, 1], "i32")],
    [C((0, 3)), C((2, 0), dt="c128"), C((3,)), CV([complex(NAN, NAN)], "c128", shape=()), V([0, 5], "i32")],
    [C((33, 3), -1e30, 1e30), C((2, 17), -1e300, 1e300, dt="c128"), C((3,), -1e30, 1e30), CV([complex(1e300, -1e-300)], "c128", shape=()),
     V([9, 11], "i32")],
])
def _(x, y, b, f, s):
    return (x.T.copy(), x.reshape([int(d) for d in s]), x.copy(), np.broadcast_to(b, (4, 3)).copy(), x[:, 1:3].copy(),
            x[::-1, ::2].copy(), y[:, ::-1].copy(), np.concatenate([x, x], 0), np.stack([b, b], 1), np.tile(y, (2, 1)),
            np.pad(x, [(1, 0), (0, 2)]), np.pad(y, [(0, 1), (1, 1)], constant_values=complex(1.5, -2.5)),
            np.full((2, 2), f, dtype=np.complex128))


@cx_kernel("complex_index", [
    [C((5, 3), -5, 5, sp=CMOVE_SP), V([2, 0, 1, 2, 2, 0, 1], "i32"), C((2, 4), -5, 5, dt="c128", sp=[complex(NAN, -0.0), complex(-INF, 1)]),
     V([[3, 0, 1], [2, 2, 3]], "i64"), B((5,)), B((2, 4))],
    [C((1, 3)), V([0], "i32"), C((2, 4), dt="c128"), V([[0], [3]], "i64"), B((1,)), B((2, 4))],
    [C((0, 3)), V([], "i32"), C((2, 4), dt="c128"), V([[], []], "i64"), B((0,)), B((2, 4))],
    [C((40, 3), -1e30, 1e30), I((50,), 0, 2, "i32"), C((2, 4), -1e300, 1e300, dt="c128"), I((2, 9), 0, 3, "i64"), B((40,)), B((2, 4))],
])
def _(x, i, y, j, c, m):
    k = np.full((4,), complex(-1, 0.5), dtype=np.complex128)
    return (x[i], np.take_along_axis(y, j, 1), x[i], x[i, i], np.where(c[:, None], x, x[:, ::-1]), np.where(m, y, k),
            y[:, :2].copy(), y[:, 2:].copy(), y[:, :1].copy(), y[:, 1:].copy(), y[0].copy(), y[1].copy(),
            np.pad(y, [(1, 1), (2, 2)], mode="symmetric"), np.pad(y, [(1, 0), (1, 3)], mode="reflect"))


@cx_kernel("complex_runs", [
    [C((4, 3), -5, 5, dt="c128", sp=[complex(NAN, -0.0), complex(5e-324, INF), complex(-INF, 1e300)]), C((3,), dt="c128"),
     C((3, 5), -5, 5, sp=CMOVE_SP), C((5,)), V([3, 0, 0, 2, 1], "i32"), V([True, False, True, True], "i1")],
    [C((1, 1), dt="c128"), C((1,), dt="c128"), C((1, 1)), C((1,)), V([0], "i32"), V([False], "i1")],
    [C((0, 2), dt="c128"), C((2,), dt="c128"), C((0, 1)), C((1,)), V([], "i32"), V([], "i1")],
    [C((2, 1), dt="c128"), C((1,), dt="c128"), C((2, 0)), C((0,)), V([1, 1], "i32"), V([True, False], "i1")],
    [C((9, 17), -1e300, 1e300, dt="c128"), C((17,), -1e300, 1e300, dt="c128"), C((7, 33), -1e30, 1e30), C((33,), -1e30, 1e30),
     I((11,), 0, 8, "i32"), B((9,))],
])
def _(x, bx, y, by, i, c):
    cc = np.concatenate([x, x[:, 1:]], 1)
    by_ = _cround(_c128(y) + _c128(by), y)
    return (x + bx, x[:, 1:].copy(), cc, x[i], np.where(c[:, None], x, np.zeros_like(x)), np.tile(x, (1, 2)),
            np.pad(x, [(1, 0), (2, 1)]), x.T.copy(), x.copy(), x.copy(), np.pad(x, [(0, 0), (1, 1)], mode="symmetric"),
            by_, np.concatenate([y, by_], 1))


def tf_addn(xs, add):
    """TF's AddNOp order (core/kernels/aggregate_ops.h): the first r = N mod 8 (8 when 0, 9 when 1 and N > 1)
    left to right, then each further 8 summed left to right and added to the total; add rounds each sum."""
    n = len(xs)
    r = n % 8 + (8 if n % 8 < 2 and n >= 8 else 0)

    def group(lo, hi):
        s = xs[lo]
        for x in xs[lo + 1:hi]:
            s = add(s, x)
        return s
    s = group(0, r)
    for g in range(r, n, 8):
        s = add(s, group(g, g + 8))
    return s


ADDN_SP = [1e8, -1e8, 1.0, 3e38, -3e38, INF, NAN, -0.0]


@kernel("addn", [
    [F((5, 4), -2, 2, sp=ADDN_SP), F((5, 4), -1e8, 1e8, sp=ADDN_SP), F((5, 4), -1, 1, sp=ADDN_SP),
     I((5, 4), -2**31, 2**31 - 1, "i32"), I((5, 4), -2**31, 2**31 - 1, "i32"),
     F((5, 4), -100, 100, "f16", sp=[65504.0, 1e-3, NAN]), F((5, 4), -100, 100, "f16", sp=[2048.0, 0.5]),
     F((5, 4), -100, 100, "bf16", sp=[3e38, 1e-3]), F((5, 4), -100, 100, "bf16", sp=[256.0, 0.5]),
     C((5, 4), -1e8, 1e8, sp=[complex(1e8, -1), complex(INF, 1)]), C((5, 4), -2, 2),
     C((5, 4), -1e16, 1e16, dt="c128", sp=[complex(1e16, 1)]), C((5, 4), -2, 2, dt="c128")],
    [F((1, 4)), F((1, 4)), F((1, 4)), I((1, 4), -9, 9, "i32"), I((1, 4), -9, 9, "i32"), F((1, 4), dt="f16"), F((1, 4), dt="f16"),
     F((1, 4), dt="bf16"), F((1, 4), dt="bf16"), C((1, 4)), C((1, 4)), C((1, 4), dt="c128"), C((1, 4), dt="c128")],
    [F((0, 4)), F((0, 4)), F((0, 4)), I((0, 4), 0, 1, "i32"), I((0, 4), 0, 1, "i32"), F((0, 4), dt="f16"), F((0, 4), dt="f16"),
     F((0, 4), dt="bf16"), F((0, 4), dt="bf16"), C((0, 4)), C((0, 4)), C((0, 4), dt="c128"), C((0, 4), dt="c128")],
    [F((40, 4), -1e8, 1e8, sp=ADDN_SP), F((40, 4), -1, 1), F((40, 4), -1e4, 1e4, sp=ADDN_SP), I((40, 4), -2**31, 2**31 - 1, "i32"),
     I((40, 4), -2**31, 2**31 - 1, "i32"), F((40, 4), -1000, 1000, "f16"), F((40, 4), -1, 1, "f16"), F((40, 4), -1e4, 1e4, "bf16"),
     F((40, 4), -1, 1, "bf16"), C((40, 4), -1e8, 1e8), C((40, 4)), C((40, 4), -1e16, 1e16, dt="c128"), C((40, 4), dt="c128")],
], alt=False, note="bit-exact: TF's order of additions, each rounded in the element type, which an f64 recomputation does not follow")
def _(a, b, c, i, j, h, k, g, l, z, y, w, v):
    with np.errstate(over="ignore", invalid="ignore"):
        f = lambda x, u: (x + u).astype(x.dtype)
        bf = lambda x, u: BF(f32(x) + f32(u))
        return (a.copy(), tf_addn([a, b], f), tf_addn([a, b, c], f), tf_addn([a, b, c] * 3 + [a], f),
                tf_addn(([c, a, b] * 6)[:17], f), tf_addn([i, j, i], f), tf_addn([h, k, h, k, h], f), tf_addn([g, l, g], bf),
                tf_addn([z, y, z], f), tf_addn([w, w, v, w, v, w, v, w, v], f))


@cx_kernel("complex_compare", [
    [CV(CSPECIAL, shape=(49, 1)), CV(CSPECIAL, shape=(1, 49)), CV(CSPECIAL, "c128", shape=(49, 1)), CV(CSPECIAL, "c128", shape=(1, 49)),
     C((2, 4, 3), -5, 5, sp=[complex(NAN, 1), complex(-0.0, -0.0)]), C((3,), sp=[complex(INF, 0)]),
     C((2, 3, 5), -5, 5, dt="c128", sp=[complex(-INF, NAN)]), C((3,), dt="c128")],
    [C((1, 1)), C((1, 0)), C((0, 1), dt="c128"), C((1, 1), dt="c128"), C((2, 0, 3)), C((3,)), C((2, 3, 0), dt="c128"), C((3,), dt="c128")],
    [C((9, 1), -1, 1), C((1, 1), -1, 1), C((1, 1), dt="c128"), C((1, 9), dt="c128"), C((2, 33, 3), -1e30, 1e30), C((3,), -1e30, 1e30),
     C((2, 3, 40), -1e300, 1e300, dt="c128"), C((3,), -1e300, 1e300, dt="c128")],
])
def _(x, y, u, v, a, b, c, d):
    return (x == y, x != y, u == v, u != v, np.zeros_like(a), np.ones_like(c), a + b, c + d[None, :, None],
            np.array(a.shape, dtype=np.int64), np.array(c.size, dtype=np.int32), np.array(3, dtype=np.int32))


@cx_kernel("complex_const", [
    [C((3, 2), -5, 5, sp=[complex(NAN, 1), complex(INF, -0.0)]), C((2,), -5, 5, dt="c128")],
    [C((0, 2)), C((2,), dt="c128", sp=[complex(-0.0, NAN)])],
    [C((50, 2), -1e30, 1e30), C((2,), -1e10, 1e10, dt="c128")],
])
def _(x, y):
    s = np.complex64(complex(2, -0.5))
    l = np.array([1 + 2j, 3 - 4j], dtype=np.complex64)
    h = np.array([1 - 1j, 2 + 0.5j], dtype=np.complex128)
    q = np.array([[1 - 1j, 2 - 2j], [3 - 3j, complex(INF, NAN)]], dtype=np.complex128)
    w = np.full((1, 2), complex(-0.0, 1e300), dtype=np.complex128)
    return (CMul(x, np.full(x.shape, s)), _cround(_c128(x) + _c128(l), x), y - h, np.full((2, 2), -1j, dtype=np.complex64),
            q.reshape(4), np.broadcast_to(w, (3, 2)).copy(), CMul(np.broadcast_to(y, (1, 2)), w))


@cx_kernel("complex_export", [
    [C((3, 8), -5, 5, sp=[complex(NAN, 1), complex(INF, 0.5)])],
    [C((1, 8))],
    [C((0, 8))],
    [C((64, 8), -1e3, 1e3)],
])
def _(x):
    h = 7.071068e-01
    taps = np.array([1, complex(h, -h), -1j, complex(-h, -h), -1, complex(-h, h), 1j, complex(h, h)], dtype=np.complex64)
    t = CMul(x, np.broadcast_to(taps, x.shape)).reshape(-1, 2, 4).transpose(0, 2, 1)
    s = CMul(np.concatenate([t, np.conj(t)], -1), np.full((t.shape[0], 4, 4), np.complex64(0.5)))
    return s, CAbs(s)


# --- issue 12: TF's semantics at the edges, graph-form input (tfsem_*) ----------


def _range_in_dtype(start, limit, delta):
    """TF's Range (core/kernels/sequence_ops.cc): the float size is ceil(abs((limit - start) / delta)) computed
    in the element type (numpy scalars of the dtype round every step); element i is start + i * delta."""
    n = int(np.ceil(np.abs((limit - start) / delta)))
    return (start + np.arange(n).astype(start.dtype) * delta).astype(start.dtype)


@op4_kernel("tfsem_range_float_size", [[]], alt=False,
            note="the size is meant to be computed in the element type; float64 gives other sizes")
def _():
    return (_range_in_dtype(Const(0.0, "f32"), Const(0.3, "f32"), Const(0.1, "f32")),
            _range_in_dtype(Const(0.0, "f16"), Const(0.5, "f16"), Const(0.1, "f16")),
            _range_in_dtype(Const(0.3, "f32"), Const(0.0, "f32"), Const(-0.1, "f32")))


@op4_kernel("tfsem_clip_edges", [
    [V([1, NAN, 5, -5, 2, 2, 0, 3, -0.0], "f32"), V([0, 0, NAN, NAN, 3, 3, NAN, 4, 0], "f32"),
     V([4, 4, 4, 4, 1, NAN, NAN, 4, 0], "f32"),
     V([[-7, 0, 7, 100], [3, -3, 50, 9]], "i32"), V(5, "i32"), V([9, 2, 60, 5], "i32")],
    [F((13,), -3, 3, sp=[NAN]), F((13,), -2, 0, sp=[NAN]), F((13,), -1, 2, sp=[NAN]),
     I((3, 1), -20, 20), V(-4, "i32"), V([-10], "i32")],
])
def _(x, lo, hi, xi, loi, hii):
    return op4.ClipByValue(x, lo, hi), op4.ClipByValue(xi, loi, hii)


@op4_kernel("tfsem_int_div_edges", [
    [V([7, -7, 0, I32MIN, I32MIN, I32MIN, 5, -5, 7, -7, 3], "i32"), V([0, 0, 0, -1, 0, 1, -1, 2, -2, 3, I32MIN], "i32"),
     V([7, 0, 2**32 - 1, 9, 2**32 - 1], "ui32"), V([0, 0, 0, 2**32 - 1, 2], "ui32"),
     V([0, 1, -1, 2, -32768, 32767], "i16")],
    [I((64,), -9, 9), I((64,), -3, 3), I((16,), 0, 5, "ui32"), I((16,), 0, 2, "ui32"), I((8,), -2, 2, "i16")],
])
def _(x, y, xu, yu, r):
    return (Div(x, y), FloorDiv(x, y), FloorMod(x, y), op4.Mod(x, y), op4.TruncateDiv(x, y), op4.TruncateMod(x, y),
            Div(xu, yu), FloorDiv(xu, yu), FloorMod(xu, yu), Reciprocal(r))


@op4_kernel("tfsem_graph_islands", [
    [F((7,), -2, 2), F((7,), -2, 2)],
    [F((1,), -2, 2), F((13,), -2, 2)],
    [F((0,)), F((0,))],
])
def _(x, y):
    s = AddV2(Mul(x, Const(2.0, "f32")), y)
    return Neg(Tanh(s)), s


def _equal_no_error(f, scalar):
    """TF's CPU kernel with incompatible_shape_error = false: a rank-0 `scalar` when the shapes do not broadcast."""
    def op(x, y):
        try:
            np.broadcast_shapes(x.shape, y.shape)
        except ValueError:
            return np.array(scalar)
        return f(x, y)
    return op


@op4_kernel("tfsem_equal_incompatible", [
    [F((2,)), F((3,)), V([1, 2, 3], "i32"), V([1, 5, 3], "i32")],
    [F((2,)), F((3,)), V([4, 2, 3], "i32"), V([2], "i32")],
    [F((2,)), F((3,)), V([1, 2, 3], "i32"), V([1, 2], "i32")],
    [F((2,)), F((3,)), I((0,), -3, 3), I((5,), -3, 3)],
])
def _(a, b, c, d):
    eq, ne = _equal_no_error(Equal, False), _equal_no_error(NotEqual, True)
    return eq(a, b), ne(a, b), eq(c, d), ne(c, d)


@cx_kernel("complex_equal_incompatible", [
    [C((2, 3)), C((4,)), CV([1 + 2j, complex(NAN, 0), 3j], "c128"), CV([1 + 2j, complex(NAN, 0), 3.5j], "c128")],
    [C((2, 3)), C((4,)), CV([1 + 2j, -0.0 + 0j, 3j], "c128"), CV([complex(-0.0, 2)], "c128")],
    [C((2, 3)), C((4,)), CV([1 + 2j, 2j, 3j], "c128"), CV([1 + 2j, 2j], "c128")],
    [C((2, 3)), C((4,)), C((0,), dt="c128"), C((5,), dt="c128")],
])
def _(x, y, u, v):
    eq, ne = _equal_no_error(Equal, False), _equal_no_error(NotEqual, True)
    return eq(x, y), ne(x, y), eq(u, v), ne(u, v)


def _cumsum_c(x, axis, exclusive=False, reverse=False):
    """TF's Cumsum of a complex tensor, each step rounded to the part type (numpy's cumsum keeps the type)."""
    x = np.flip(x, axis) if reverse else x
    out = np.cumsum(x, axis=axis, dtype=x.dtype)
    if exclusive:
        out = np.concatenate([np.zeros_like(np.take(out, [0], axis)), np.delete(out, -1, axis)], axis) if x.shape[axis] else out
    return np.flip(out, axis) if reverse else out


def _scatter_c(t, i, u, f):
    out = t.copy()
    for n in range(i.shape[0]):
        out[i[n, 0]] = f(out[i[n, 0]], u[n])
    return out


@cx_kernel("complex_partwise", [
    [C((2, 3, 4), -5, 5, sp=CMOVE_SP), C((5, 3), -5, 5, dt="c128", sp=[complex(NAN, -0.0), complex(INF, 1)]), C((2, 2, 3), -5, 5),
     V([[4], [0], [4]], "i32"), C((3, 3), -5, 5, dt="c128")],
    [C((1, 3, 4)), C((5, 1), dt="c128"), C((1, 2, 3)), V([[2]], "i32"), C((1, 1), dt="c128")],
    [C((0, 3, 4)), C((0, 3), dt="c128"), C((0, 2, 3)), V([], "i32", shape=(0, 1)), C((0, 3), dt="c128")],
    [C((7, 3, 4), -1e30, 1e30), C((5, 6), -1e300, 1e300, dt="c128"), C((7, 2, 3), -1e30, 1e30), V([[1], [1], [3], [1]], "i32"),
     C((4, 6), -1e300, 1e300, dt="c128")],
])
def _(x, y, d, i, u):
    with np.errstate(over="ignore", invalid="ignore"):
        return (MatrixBandPart(x, 1, 0), MatrixBandPart(y, -1, 1), MatrixDiagPart(x, [-1, 1], np.complex64(9 - 1j), "LEFT_RIGHT"),
                MatrixDiag(d[:, 0, :], 1, -1, 4, np.complex64(0)), MatrixSetDiag(x, d, [0, 1]),
                _scatter_c(y, i, u, lambda a, b: b), _scatter_c(y, i, u, lambda a, b: a + b), _scatter_c(y, i, u, lambda a, b: a - b),
                _scatter_c(np.zeros((5, u.shape[1]), dtype=u.dtype), i, u, lambda a, b: a + b),
                _cumsum_c(x, 2), _cumsum_c(y, 0, exclusive=True, reverse=True))


def _run(k, inputs, mode, seed=0):
    global MODE, ALT, _PRS
    MODE, ALT, _PRS = mode, mode == "f64", np.random.RandomState(seed)
    try:
        if ALT:
            inputs = [a.astype(np.float64) if a.dtype == np.float32 and not isinstance(a, BF16Array) else a.copy()
                      for a in inputs]
        else:
            inputs = [a.copy() for a in inputs]
        outs = k.fn(*inputs)
    finally:
        MODE, ALT, _PRS = "main", False, None
    if not isinstance(outs, tuple):
        outs = (outs,)
    return [np.asanyarray(o) for o in outs]


def _ratio(kf, got, want):
    """Worst |got-want| / (atol + rtol*|want|) over the elements (0 if all match)."""
    if want.size == 0:
        return 0.0, 0
    if want.dtype.kind == "c":  # each part as a float
        (r1, b1), (r2, b2) = _ratio(kf, got.real, want.real), _ratio(kf, got.imag, want.imag)
        return max(r1, r2), b1 + b2
    if want.dtype.kind != "f":
        bad = int(np.count_nonzero(got != want))
        return (math.inf if bad else 0.0), bad
    rtol, atol = kf.tol(elem_name(want))
    g = got.astype(np.float64)
    w = want.astype(np.float64)
    gn, wn = np.isnan(g), np.isnan(w)
    bad = int(np.count_nonzero(gn != wn))
    gi, wi = np.isinf(g), np.isinf(w)
    bad += int(np.count_nonzero((gi | wi) & ~(gn | wn) & (g != w)))
    fin = ~(gn | wn | gi | wi)
    if not fin.any():
        return (math.inf if bad else 0.0), bad
    diff = np.abs(g[fin] - w[fin])
    den = atol + rtol * np.abs(w[fin])
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(diff == 0, 0.0, diff / den)
    worst = float(r.max())
    bad += int(np.count_nonzero(r > 1))
    return (math.inf if bad and worst <= 1 else worst), bad


def build(k, kf):
    """Return ({relpath: bytes}, worst cross-check ratios, ncases, problems)."""
    files = {}
    worst = {"f64": 0.0, "perturb": 0.0}
    problems = []
    for ci, case in enumerate(k.cases):
        inputs = [spec.make(np.random.RandomState(_seed(k.name, ci, ai))) for ai, spec in enumerate(case)]
        _check_sig(kf, "arg", inputs, kf.args)
        outs = _run(k, inputs, "main")
        outs = [o if o.ndim else np.array(o, subok=True) for o in outs]
        _check_sig(kf, "result", outs, kf.results)
        for mode in (("f64", "perturb") if k.alt else ()):
            alts = _run(k, inputs, mode, _seed(k.name, ci, "perturb"))
            for ri, (a, o) in enumerate(zip(alts, outs)):
                if (ci, ri) in k.alt_skip:
                    continue
                a = Cast(a, NP_TO_MLIR[o.dtype]) if (a.dtype.kind == "f" and o.dtype.kind in "iu") else a.astype(o.dtype)
                assert a.shape == o.shape, "cross-check shape differs"
                r, bad = _ratio(kf, a, o)
                worst[mode] = max(worst[mode], r)
                if bad:
                    problems.append("c%d result%d: %d element(s) beyond tolerance in the %s cross-check (worst ratio %.3g)"
                                    % (ci, ri, bad, mode, r))
        d = "c%d" % ci
        for i, a in enumerate(inputs):
            files["%s/arg%d.npy" % (d, i)] = _npy_bytes(a)
        for i, o in enumerate(outs):
            files["%s/result%d.npy" % (d, i)] = _npy_bytes(o)
    return files, worst, len(k.cases), problems


def _disk_files(name):
    root = os.path.join(GOLDEN, name)
    out = {}
    for dp, _, fns in os.walk(root):
        for fn in fns:
            p = os.path.join(dp, fn)
            out[os.path.relpath(p, root).replace(os.sep, "/")] = p
    return out


TIER1 = """Const Abs Neg Exp Log Log1p Sqrt Rsqrt Tanh Sigmoid Relu Relu6 Square Floor Ceil Round Rint Sign
Reciprocal Sin Cos Erf IsFinite LogicalNot Add AddV2 Sub Mul Div RealDiv FloorDiv FloorMod Maximum Minimum
Pow SquaredDifference BiasAdd Equal NotEqual Less LessEqual Greater GreaterEqual LogicalAnd LogicalOr
BitwiseAnd BitwiseOr BitwiseXor Select SelectV2 Cast Sum Prod Max Min Mean All Any Softmax LogSoftmax""".split()


# --- issue 12: run-time shape operands (arguments without a "value" constraint) ---


@op4_kernel("rtshape_reshape", [
    [F((6, 4)), V([3, -1, 2], "i32")],
    [F((6, 4)), V([-1, 1, 1], "i32")],
    [F((6, 4)), V([2, 2, 6], "i32")],
    [F((0, 5)), V([5, 0, 3], "i32")],
    [F((1, 1)), V([1, 1, -1], "i32")],
    [F((13, 7)), V([7, 13, 1], "i32")],
])
def _(x, shape):
    return op4.Reshape(x, shape)


@op4_kernel("rtshape_reshape_rank", [
    [F((6, 4)), V([3, -1, 2], "i64")],
    [F((6, 4)), V([-1], "i64")],
    [F((1, 1)), V([], "i64", shape=(0,))],
    [F((2, 6)), V([-1, 2, 2, 3], "i64")],
    [F((2, 6)), V([2, 6], "i64")],
    [F((0, 4)), V([4, 0, 2, 1, 1], "i64")],
])
def _(x, shape):
    return op4.Reshape(x, shape)


@op4_kernel("rtshape_broadcast_to", [
    [F((1, 3)), V([2, 4, 3], "i64")],
    [F((5, 1)), V([7, 5, 6], "i64")],
    [F((1, 1)), V([1, 1, 1], "i64")],
    [F((2, 3)), V([0, 2, 3], "i64")],
    [F((2, 1)), V([3, 2, 0], "i64")],
])
def _(x, shape):
    return op4.BroadcastTo(x, shape)


@op4_kernel("rtshape_fill", [
    [V([2, 3], "i64"), F(()), V([4, 5], "i32"), I((), -99, 99)],
    [V([], "i64", shape=(0,)), F(()), V([0, 3], "i32"), I((), -99, 99)],
    [V([3, 1, 4, 1], "i64"), F(()), V([1, 1], "i32"), I((), -99, 99)],
    [V([7], "i64"), F(()), V([13, 7], "i32"), I((), -99, 99)],
    [V([2, 0, 2], "i64"), F(()), V([3, 0], "i32"), I((), -99, 99)],
])
def _(d, v, d2, v2):
    return op4.Fill(d, v), op4.Fill(d2, v2)


@op4_kernel("rtshape_range", [
    [V(0, "i32"), V(13, "i32"), V(1, "i32"), V(0, "i64"), V(7, "i64"), V(2, "i64")],
    [V(10, "i32"), V(-3, "i32"), V(-3, "i32"), V(5, "i64"), V(-100, "i64"), V(-7, "i64")],
    [V(3, "i32"), V(3, "i32"), V(1, "i32"), V(-4, "i64"), V(-4, "i64"), V(-1, "i64")],
    [V(-7, "i32"), V(6, "i32"), V(4, "i32"), V(2**40, "i64"), V(2**40 + 13, "i64"), V(1, "i64")],
    [V(I32MAX - 2, "i32"), V(I32MAX, "i32"), V(1, "i32"), V(I64MAX - 10, "i64"), V(I64MAX, "i64"), V(5, "i64")],
    [V(I32MIN, "i32"), V(I32MIN + 9, "i32"), V(2, "i32"), V(-2**50, "i64"), V(-2**50 - 9, "i64"), V(-3, "i64")],
])
def _(s, l, d, s64, l64, d64):
    return op4.Range(s, l, d), op4.Range(s64, l64, d64)


@op4_kernel("rtshape_range_float", [
    [V(0, "f32"), V(5, "f32"), V(1, "f32"), V(3, "f64")],
    [V(10, "f32"), V(-3, "f32"), V(-2.5, "f32"), V(0, "f64")],
    [V(1.5, "f32"), V(1.5, "f32"), V(1, "f32"), V(0.25, "f64")],
    [V(-4, "f32"), V(4, "f32"), V(0.5, "f32"), V(7.75, "f64")],
    [V(0.25, "f32"), V(100, "f32"), V(0.75, "f32"), V(2, "f64")],
])
def _(a, b, c, d):
    return op4.Range(a, b, c), op4.Range(np.array(0, dtype=np.float64), d, np.array(0.5, dtype=np.float64))


@op4_kernel("rtshape_tile", [
    [F((2, 3)), V([1, 1], "i32")],
    [F((2, 3)), V([2, 3], "i32")],
    [F((2, 3)), V([0, 2], "i32")],
    [F((1, 5)), V([7, 1], "i32")],
    [F((0, 3)), V([4, 2], "i32")],
])
def _(x, m):
    return op4.Tile(x, m)


@op4_kernel("rtshape_slice", [
    [F((4, 6)), V([1, 0], "i64"), V([2, -1], "i64")],
    [F((4, 6)), V([0, 0], "i64"), V([4, 6], "i64")],
    [F((4, 6)), V([3, 5], "i64"), V([1, 1], "i64")],
    [F((4, 6)), V([2, 3], "i64"), V([0, 2], "i64")],
    [F((13, 7)), V([5, 2], "i64"), V([-1, 3], "i64")],
])
def _(x, b, n):
    return op4.Slice(x, b, n)


@op4_kernel("rtshape_pad", [
    [F((2, 3)), V([[1, 0], [2, 3]], "i32"), F(())],
    [F((2, 3)), V([[0, 0], [0, 0]], "i32"), F(())],
    [F((1, 1)), V([[3, 4], [0, 1]], "i32"), F(())],
    [F((0, 2)), V([[1, 1], [1, 1]], "i32"), F(())],
])
def _(x, p, c):
    return op4.Pad(x, p), op4.PadV2(x, p, c)


@op4_kernel("rtshape_expand_dims", [
    [F((2, 3)), V(0, "i32")],
    [F((2, 3)), V(1, "i32")],
    [F((2, 3)), V(2, "i32")],
    [F((2, 3)), V(-1, "i32")],
    [F((2, 3)), V(-3, "i32")],
    [F((0, 4)), V(1, "i32")],
])
def _(x, d):
    return Neg(op4.ExpandDims(x, d))


@op4_kernel("rtshape_strided_slice", [
    [F((4, 7)), V([1, 6], "i32"), V([3, 0], "i32")],
    [F((4, 7)), V([0, -1], "i32"), V([4, -8], "i32")],
    [F((4, 7)), V([-1, 3], "i32"), V([4, 3], "i32")],
    [F((4, 7)), V([2, 5], "i32"), V([100, -100], "i32")],
    [F((9, 13)), V([-9, 100], "i32"), V([7, 2], "i32")],
])
def _(x, b, e):
    st = np.array([1, -2], dtype=np.int32)
    return op4.StridedSlice(x, b, e, st), op4.StridedSlice(x, b, e, st, shrink_axis_mask=1)


@op4_kernel("rtshape_strided_slice_strides", [
    [F((5, 6, 7)), V([0, 0, 0], "i64"), V([5, 6, 7], "i64"), V([1, 1, 1], "i64")],
    [F((5, 6, 7)), V([1, 5, 0], "i64"), V([5, -7, 7], "i64"), V([2, -2, 3], "i64")],
    [F((5, 6, 7)), V([-1, 0, 6], "i64"), V([-6, 6, -100], "i64"), V([1, 5, -1], "i64")],
    [F((5, 6, 7)), V([4, 2, 3], "i64"), V([0, 3, 5], "i64"), V([3, 2**40, 1], "i64")],
    [F((1, 3, 9)), V([0, -1, 8], "i64"), V([1, -4, 0], "i64"), V([1, -1, -4], "i64")],
])
def _(x, b, e, st):
    return op4.StridedSlice(x, b, e, st), op4.StridedSlice(x, b, e, st, begin_mask=2, end_mask=4, shrink_axis_mask=1)


@op4_kernel("rtshape_shape_arith", [
    [F((2, 3, 4)), V(1, "i32")],
    [F((2, 3, 4)), V(2, "i32")],
    [F((2, 3, 4)), V(4, "i32")],
    [F((6, 1, 2)), V(3, "i32")],
    [F((5, 7, 3)), V(5, "i32")],
])
def _(x, k):
    s = op4.Shape(x)
    m = Mul(s[1], k)
    a = op4.Reshape(x, op4.Pack([np.array(-1, dtype=np.int32), m]))
    b = op4.Reshape(x, op4.ConcatV2([op4.ExpandDims(k, 0), np.array([-1], dtype=np.int32)], 0))
    lim = Mul(Cast(np.array(np.prod(s), dtype=np.int32), "i64"), Cast(k, "i64"))
    return a, b, op4.Range(np.array(0, dtype=np.int64), lim, Cast(k, "i64"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="verify goldens are complete and up to date; write nothing")
    ap.add_argument("--only", action="append", default=[], help="only this kernel (repeatable)")
    ap.add_argument("--table", action="store_true", help="print the kernel -> ops table (markdown)")
    ap.add_argument("--verbose", "-v", action="store_true")
    opts = ap.parse_args()

    kfiles = {}
    for fn in sorted(os.listdir(KERNELS)):
        if fn.endswith(".mlir"):
            kf = KernelFile(os.path.join(KERNELS, fn))
            kfiles[kf.name] = kf
    errors = []
    for name in sorted(set(kfiles) - set(REGISTRY)):
        errors.append("kernels/%s.mlir has no entry in gen_goldens.py" % name)
    for name in sorted(set(REGISTRY) - set(kfiles)):
        errors.append("gen_goldens.py entry %s has no kernels/%s.mlir" % (name, name))
    if opts.table:
        print("| kernel | cases | tf ops (entry function) | what it checks |")
        print("| --- | --- | --- | --- |")
        for name in sorted(kfiles):
            kf = kfiles[name]
            ops = ", ".join(o[3:] for o in kf.ops)
            print("| %s | %d | %s | %s |" % (name, len(REGISTRY[name].cases) if name in REGISTRY else 0, ops,
                                           kf.description.replace("|", "\\|")))
        used = set(o[3:] for kf in kfiles.values() for o in kf.ops)
        missing = [o for o in TIER1 if o not in used]
        print("\nTier 1 ops not covered: %s" % (", ".join(missing) or "none"))
        return 0

    names = sorted(set(kfiles) & set(REGISTRY))
    if opts.only:
        names = [n for n in names if n in opts.only]
    total_bytes = total_cases = 0
    changed = 0
    for name in names:
        kf, k = kfiles[name], REGISTRY[name]
        try:
            files, worst, ncases, problems = build(k, kf)
        except AssertionError as e:
            errors.append("%s: %s" % (name, e))
            continue
        for p in problems:
            errors.append("%s: %s" % (name, p))
        total_cases += ncases
        total_bytes += sum(len(b) for b in files.values())
        if opts.verbose:
            print("%-32s %2d cases  f64 %-8s perturb %-8s %s" % (
                name, ncases, "%.3g" % worst["f64"], "%.3g" % worst["perturb"],
                " ".join("%s=%s" % kv for kv in sorted(kf.header.items()))))
        disk = _disk_files(name)
        stale = sorted(set(disk) - set(files))
        diff = sorted(p for p in files if p not in disk or open(disk[p], "rb").read() != files[p])
        if opts.check:
            if not disk:
                errors.append("%s: no goldens in golden/%s" % (name, name))
            elif stale or diff:
                errors.append("%s: goldens out of date (%d differ, %d stale)" % (name, len(diff), len(stale)))
            continue
        root = os.path.join(GOLDEN, name)
        for p in stale:
            os.remove(disk[p])
        for p in diff:
            dst = os.path.join(root, p)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "wb") as f:
                f.write(files[p])
        changed += len(diff) + len(stale)
        for dp, dns, fns in sorted(os.walk(root, topdown=False)):
            if not os.listdir(dp):
                os.rmdir(dp)
    if not opts.only and os.path.isdir(GOLDEN):
        for d in sorted(os.listdir(GOLDEN)):
            if d not in REGISTRY:
                if opts.check:
                    errors.append("golden/%s has no kernel" % d)
                else:
                    shutil.rmtree(os.path.join(GOLDEN, d))
                    changed += 1
    print("%d kernels, %d cases, %.1f KiB of goldens%s" % (
        len(names), total_cases, total_bytes / 1024.0, "" if opts.check else ", %d file(s) changed" % changed))
    for e in errors:
        print("error: " + e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
