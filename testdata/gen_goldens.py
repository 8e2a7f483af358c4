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
}
NP_TO_MLIR = {v: k for k, v in MLIR_TO_NP.items()}

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
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _floor_div(a, b):
    return 0 if b == 0 else a // b


def _floor_mod(a, b):
    return 0 if b == 0 else a % b  # Python %: sign of the divisor


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
    s = Sum(x, axes, keep_dims)
    if is_int(x):
        return _unint(s, lambda a: _trunc_div(a, n))
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
        dt = MLIR_TO_NP[self.dt]
        a = rs.uniform(self.lo, self.hi, size=self.shape)
        if self.step:
            a = np.round(a / self.step) * self.step
        a = np.array(a, dtype=np.float64).astype(dt)
        flat = a.reshape(-1)
        _inject(flat, rs, self.sp, dt)
        return flat.reshape(self.shape)


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


# @@REGISTRY@@

# ===========================================================================
# kernel files: header and entry signature

_HEADER_RE = re.compile(r"sandjit-test:(.*)")
_FUNC_RE = re.compile(r"(?<![\w.\"])(func\.func|builtin\.func|func)\s+(?:(?:private|public|nested)\s+)?@([\w$.\-]+)\s*\(")
_TENSOR_RE = re.compile(r"tensor<([^<>]*)>")
DEFAULT_TOL = {"f16": (1e-3, 1e-5), "f32": (1e-5, 1e-6), "f64": (1e-12, 1e-14)}


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
    toks = s.strip().split("x")
    elem = toks[-1]
    if toks[:-1] == ["*"]:
        return None, elem
    return [None if d == "?" else int(d) for d in toks[:-1]], elem


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
                results = [_first_type(rest[:rest.index(">") + 1])]
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
        assert NP_TO_MLIR.get(a.dtype) == elem, "%s: dtype %s, signature says %s" % (where, a.dtype, elem)
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
    buf = io.BytesIO()
    np.save(buf, np.array(a, order="C"), allow_pickle=False)  # (ascontiguousarray would make rank 0 rank 1)
    data = buf.getvalue()
    back = np.load(io.BytesIO(data), allow_pickle=False)
    assert back.shape == a.shape and back.dtype == a.dtype and not np.isfortran(back), "npy round trip changed the array"
    return data


def _run(k, inputs, mode, seed=0):
    global MODE, ALT, _PRS
    MODE, ALT, _PRS = mode, mode == "f64", np.random.RandomState(seed)
    try:
        if ALT:
            inputs = [a.astype(np.float64) if a.dtype == np.float32 else a.copy() for a in inputs]
        else:
            inputs = [a.copy() for a in inputs]
        outs = k.fn(*inputs)
    finally:
        MODE, ALT, _PRS = "main", False, None
    if not isinstance(outs, tuple):
        outs = (outs,)
    return [np.asarray(o) for o in outs]


def _ratio(kf, got, want):
    """Worst |got-want| / (atol + rtol*|want|) over the elements (0 if all match)."""
    if want.size == 0:
        return 0.0, 0
    if want.dtype.kind != "f":
        bad = int(np.count_nonzero(got != want))
        return (math.inf if bad else 0.0), bad
    rtol, atol = kf.tol(NP_TO_MLIR[want.dtype])
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
        outs = [o if o.ndim else np.array(o) for o in outs]
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
