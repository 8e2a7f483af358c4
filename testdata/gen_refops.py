#!/usr/bin/env python3
"""Regenerates testdata/refops/: single-op goldens for the reference evaluator.

Usage (Python 3 + numpy only; Debian: apt-get install -y python3-numpy):

    python3 testdata/gen_refops.py           # (re)write every case
    python3 testdata/gen_refops.py --check   # verify, write nothing

These are the ops and dtypes the compiler does not take yet (issue 14:
complex<f32>/complex<f64>, bf16, GatherNd, TopKV2, ...), so they are not
kernels of testdata/kernels (which every backend runs) but one op each,
run by internal/refeval's TestRefOpGoldens alone. Each case is a directory

    refops/<case>/op.json        {"op", "attrs", "results": [dtype, ...], "rtol", "atol"}
    refops/<case>/arg<i>.npy     operands, in order
    refops/<case>/result<i>.npy  expected results, in order

attrs: a bool, string or integer is that attribute; {"f": x} a float; a
list of integers or strings an array. The numpy models below are written
from TensorFlow's kernels and XLA's lowering (the comments say which), not
from the Go code. bf16 arrays are stored as ml_dtypes saves them: descr
"<V2", the top half of each float32 (rounded to nearest even). Inputs come
from numpy.random.RandomState(crc32(case)), so runs are byte-identical.
"""

import json
import os
import shutil
import sys
import zlib

try:
    import numpy as np
except ImportError:
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    sys.exit("gen_refops.py needs numpy (apt-get install -y python3-numpy)")

np.seterr(all="ignore")
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "refops")

c64, c128, f32, f64 = np.complex64, np.complex128, np.float32, np.float64
i8, i16, i32, i64, u8, u16 = np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16


class BF16:
    """A bf16 array: bits holds the uint16 patterns."""

    def __init__(self, bits):
        self.bits = np.asarray(bits, dtype=np.uint16)

    @staticmethod
    def round(x):
        """float32 -> bf16, round to nearest even; NaN stays a quiet NaN."""
        u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
        nan = np.isnan(np.asarray(x, dtype=np.float32))
        r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
        r = np.where(nan, ((u >> 16) | 0x40).astype(np.uint16), r)
        return BF16(r)

    def f32(self):
        return (self.bits.astype(np.uint32) << 16).view(np.float32)


def rng(name):
    return np.random.RandomState(zlib.crc32(name.encode()))


def crand(r, shape, dt):
    return (r.uniform(-3, 3, shape) + 1j * r.uniform(-3, 3, shape)).astype(dt)


CASES = {}


def case(name, op, args, results, attrs=None, rtol=None, atol=None):
    CASES[name] = dict(op=op, args=args, results=results, attrs=attrs or {}, rtol=rtol, atol=atol)


def npy_bytes(a):
    import io
    buf = io.BytesIO()
    if isinstance(a, BF16):
        hdr = {"descr": "<V2", "fortran_order": False, "shape": a.bits.shape}
        np.lib.format._write_array_header(buf, hdr, (1, 0))
        buf.write(a.bits.astype("<u2").tobytes())
    else:
        a = np.asarray(a)
        np.save(buf, a if a.flags.c_contiguous else a.copy())  # ascontiguousarray would make a 0-d array 1-d
    return buf.getvalue()


def dtype_name(a):
    if isinstance(a, BF16):
        return "bf16"
    return {np.dtype(np.bool_): "i1", np.dtype(i8): "i8", np.dtype(i16): "i16", np.dtype(i32): "i32",
            np.dtype(i64): "i64", np.dtype(u8): "ui8", np.dtype(u16): "ui16", np.dtype(np.uint32): "ui32",
            np.dtype(np.uint64): "ui64", np.dtype(np.float16): "f16", np.dtype(f32): "f32",
            np.dtype(f64): "f64", np.dtype(c64): "complex<f32>", np.dtype(c128): "complex<f64>"}[np.asarray(a).dtype]


# ---------------------------------------------------------------------------
# complex arithmetic (numpy's rules; TF computes the same up to rounding)

SPECIAL = np.array([complex(np.inf, 1), complex(1, np.nan), complex(-0.0, 0.0), complex(0, -np.inf)])


def complex_cases():
    r = rng("complex")
    x = crand(r, (2, 3), c64)
    y = crand(r, (3,), c64)
    case("complex_addv2_c64", "tf.AddV2", [x, y], [x + y])
    case("complex_sub_c128", "tf.Sub", [x.astype(c128), y.astype(c128)], [x.astype(c128) - y.astype(c128)])
    case("complex_mul_c64", "tf.Mul", [x, y], [x * y])
    case("complex_div_c128", "tf.Div", [x.astype(c128), y.astype(c128)], [x.astype(c128) / y.astype(c128)])
    case("complex_realdiv_c64", "tf.RealDiv", [x, y], [x / y])
    s = SPECIAL.astype(c128)
    case("complex_neg_special", "tf.Neg", [s], [-s])
    # C99 Annex G special values, which numpy follows: every pair of parts
    # from {±0, ±1.5, ±2, ±Inf, NaN}.
    parts = (0.0, -0.0, 1.5, -1.5, np.inf, -np.inf, np.nan)
    grid = np.array([complex(p, q) for p in parts for q in parts[:2] + (2.0, -2.0) + parts[4:]], dtype=c128)
    for name, f in (("Sqrt", np.sqrt), ("Exp", np.exp), ("Log", np.log)):
        case("complex_special_" + name.lower(), "tf." + name, [grid], [f(grid)], rtol=1e-15, atol=0)
    case("complex_special_mul", "tf.Mul", [grid, grid[::-1].copy()], [grid * grid[::-1]], rtol=1e-15, atol=0)
    case("complex_addv2_special", "tf.AddV2", [s, s[::-1].copy()], [s + s[::-1]])
    case("complex_square_c64", "tf.Square", [x], [x * x])
    case("complex_exp_c64", "tf.Exp", [x], [np.exp(x)], rtol=2e-6, atol=2e-6)
    case("complex_log_c128", "tf.Log", [x.astype(c128)], [np.log(x.astype(c128))])
    case("complex_sqrt_c128", "tf.Sqrt", [x.astype(c128)], [np.sqrt(x.astype(c128))])
    case("complex_rsqrt_c64", "tf.Rsqrt", [x], [(1 / np.sqrt(x.astype(c128))).astype(c64)], rtol=2e-6, atol=2e-6)
    xp = crand(r, (4,), c128)
    yp = crand(r, (4,), c128) / 2
    case("complex_pow_c128", "tf.Pow", [xp, yp], [np.exp(yp * np.log(xp))], rtol=1e-11, atol=1e-13)
    case("complex_conj_c64", "tf.Conj", [x], [np.conj(x)])
    case("complex_real_c64", "tf.Real", [x], [x.real.astype(f32)])
    case("complex_imag_c128", "tf.Imag", [x.astype(c128)], [x.astype(c128).imag])
    big = np.array([3e38 + 4e38j, 1e-40 - 1e-40j, complex(np.inf, np.nan), complex(np.nan, 1)], dtype=c64)
    case("complex_abs_c64", "tf.ComplexAbs", [big], [np.abs(big.astype(c128)).astype(f32)])
    case("complex_angle_c64", "tf.Angle", [x], [np.angle(x.astype(c128)).astype(f32)])
    re_, im_ = r.uniform(-2, 2, (2, 3)).astype(f32), r.uniform(-2, 2, (3,)).astype(f32)
    case("complex_complex_f32", "tf.Complex", [re_, im_], [(re_ + 1j * im_).astype(c64)])
    ax1 = np.array([1], dtype=i32)
    case("complex_sum_c64", "tf.Sum", [x, ax1], [x.astype(c128).sum(axis=1).astype(c64)])
    case("complex_prod_c128", "tf.Prod", [x.astype(c128), np.array([0, 1], dtype=i32)], [np.prod(x.astype(c128))],
         rtol=1e-13)
    case("complex_mean_c64", "tf.Mean", [x, np.array([0], dtype=i32)], [x.astype(c128).mean(axis=0, keepdims=True).astype(c64)],
         attrs={"keep_dims": True})
    a, b = crand(r, (2, 3), c64), crand(r, (3, 4), c64)
    case("complex_matmul_c64", "tf.MatMul", [a, b], [(a.astype(c128) @ b.astype(c128)).astype(c64)], rtol=2e-6, atol=2e-6)
    case("complex_matmul_ta_c64", "tf.MatMul", [a.T.copy(), b], [(a.astype(c128) @ b.astype(c128)).astype(c64)],
         attrs={"transpose_a": True}, rtol=2e-6, atol=2e-6)
    ba, bb = crand(r, (2, 3, 2), c128), crand(r, (1, 3, 4), c128)
    adj = np.conj(np.swapaxes(ba, -1, -2))
    case("complex_batchmatmulv2_adj_c128", "tf.BatchMatMulV2", [ba, bb], [np.matmul(adj, bb)], attrs={"adj_x": True})
    case("complex_cast_c64_f32", "tf.Cast", [x], [x.real.astype(f32)])
    fr = r.uniform(-5, 5, (4,))
    case("complex_cast_f64_c128", "tf.Cast", [fr], [fr.astype(c128)])
    case("complex_cast_c128_c64", "tf.Cast", [s], [s.astype(c64)])
    case("complex_cast_i32_c64", "tf.Cast", [np.array([-3, 16777217], dtype=i32)],
         [np.array([-3, 16777216], dtype=c64)])
    case("complex_equal_c64", "tf.Equal", [x, np.where([True, False, True], x[0], 0).astype(c64)],
         [x == np.where([True, False, True], x[0], 0).astype(c64)])


# ---------------------------------------------------------------------------
# bf16: computed in f32, rounded to nearest even when stored

def bf16_cases():
    r = rng("bf16")
    a = BF16.round(r.uniform(-4, 4, (2, 5)).astype(f32))
    b = BF16.round(r.uniform(-4, 4, (5,)).astype(f32))
    case("bf16_addv2", "tf.AddV2", [a, b], [BF16.round(a.f32() + b.f32())], rtol=0, atol=0)
    case("bf16_mul", "tf.Mul", [a, b], [BF16.round(a.f32() * b.f32())], rtol=0, atol=0)
    case("bf16_div", "tf.RealDiv", [a, b], [BF16.round(a.f32() / b.f32())], rtol=0, atol=0)
    ties = np.array([1.00390625, 1.01171875, -1.00390625, 3.3961e38, 1e-45, np.nan, np.inf, 0.1], dtype=f32)
    case("bf16_cast_from_f32", "tf.Cast", [ties], [BF16.round(ties)], rtol=0, atol=0)
    case("bf16_cast_to_f32", "tf.Cast", [a], [a.f32()], rtol=0, atol=0)
    case("bf16_cast_from_i32", "tf.Cast", [np.array([257, 259, -65535, 7], dtype=i32)],
         [BF16.round(np.array([257, 259, -65535, 7], dtype=f32))], rtol=0, atol=0)
    case("bf16_sum", "tf.Sum", [a, np.array([1], dtype=i32)],
         [BF16.round(a.f32().astype(f64).sum(axis=1).astype(f32))], rtol=0, atol=0)
    case("bf16_exp", "tf.Exp", [a], [BF16.round(np.exp(a.f32().astype(f64)).astype(f32))], rtol=0, atol=0)


# ---------------------------------------------------------------------------
# integer bit ops (XLA: an amount outside [0, width) shifts every bit out)

def shift(x, y, left):
    bits = x.dtype.itemsize * 8
    out = []
    for a, s in zip(x.ravel().tolist(), y.ravel().tolist()):
        if s < 0 or s >= bits:
            v = 0 if (left or a >= 0) else -1
        elif left:
            v = a << s
        else:
            v = a >> s
        out.append(v)
    return (np.array(out, dtype=object) & ((1 << bits) - 1)).astype(np.uint64).astype(x.dtype).reshape(x.shape) \
        if x.dtype.kind == "u" else np.array([((v + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1)) for v in out],
                                             dtype=x.dtype).reshape(x.shape)


def bit_cases():
    x8 = np.array([1, -1, 100, -128, 5, -7, 3, 64], dtype=i8)
    s8 = np.array([1, 3, 1, 0, 8, 9, -1, 7], dtype=i8)
    case("leftshift_i8", "tf.LeftShift", [x8, s8], [shift(x8, s8, True)])
    case("rightshift_i8", "tf.RightShift", [x8, s8], [shift(x8, s8, False)])
    xu = np.array([1, 255, 128, 7], dtype=u8)
    su = np.array([7, 1, 8, 200], dtype=u8)
    case("leftshift_ui8", "tf.LeftShift", [xu, su], [shift(xu, su, True)])
    case("rightshift_ui8", "tf.RightShift", [xu, su], [shift(xu, su, False)])
    x32 = np.array([[1, -2147483648], [123456, -5]], dtype=i32)
    s32 = np.array([31, 32], dtype=i32)
    case("rightshift_i32_broadcast", "tf.RightShift", [x32, s32], [shift(x32, np.broadcast_to(s32, x32.shape), False)])
    for dt in (i8, u16, i64):
        v = np.array([0, 1, -1 if dt != u16 else 65535, 0x55, 7], dtype=dt)
        cnt = [bin(int(e) & ((1 << (8 * v.dtype.itemsize)) - 1)).count("1") for e in v.tolist()]
        case("popcount_" + np.dtype(dt).name, "tf.PopulationCount", [v], [np.array(cnt, dtype=u8)])


# ---------------------------------------------------------------------------
# shapes, sequences, scans

def misc_cases():
    r = rng("misc")
    x = r.uniform(-1, 1, (2, 3, 4)).astype(f32)
    case("size_i32", "tf.Size", [x], [np.array(24, dtype=i32)])
    case("size_i64", "tf.Size", [x], [np.array(24, dtype=i64)], attrs={"out_type": "i64"})
    case("rank", "tf.Rank", [x], [np.array(3, dtype=i32)])
    # LinSpace (core/kernels/sequence_ops.cc): step = (stop - start) / (num - 1)
    # in T; value i = start + step * i in T; the last value is stop.
    for dt, start, stop, num in ((f32, 0.1, 1.3, 7), (f64, -2.0, 5.0, 9), (f32, 3.0, 3.0, 1)):
        s, e = dt(start), dt(stop)
        if num == 1:
            want = np.array([s], dtype=dt)
        else:
            step = dt(dt(e - s) / dt(num - 1))
            want = np.array([dt(s + dt(step * dt(i))) for i in range(num - 1)] + [e], dtype=dt)
        case("linspace_%s_%d" % (np.dtype(dt).name, num), "tf.LinSpace", [np.array(s, dtype=dt), np.array(e, dtype=dt),
             np.array(num, dtype=i32)], [want], rtol=0, atol=0)
    case("euclidean_norm_f32", "tf.EuclideanNorm", [x, np.array([0, 2], dtype=i32)],
         [np.sqrt((x.astype(f64) ** 2).sum(axis=(0, 2), keepdims=True)).astype(f32)], attrs={"keep_dims": True})
    # Cumprod: products rounded in T at every step.
    y = r.uniform(0.5, 1.5, (3, 4)).astype(f32)

    def cumprod(a, axis, exclusive, reverse):
        a = np.moveaxis(a, axis, -1)
        if reverse:
            a = a[..., ::-1]
        out = np.empty_like(a)
        acc = np.ones(a.shape[:-1], dtype=a.dtype)
        for j in range(a.shape[-1]):
            if not exclusive:
                acc = (acc * a[..., j]).astype(a.dtype)
            out[..., j] = acc
            if exclusive:
                acc = (acc * a[..., j]).astype(a.dtype)
        if reverse:
            out = out[..., ::-1]
        return np.ascontiguousarray(np.moveaxis(out, -1, axis))
    for ex in (False, True):
        for rev in (False, True):
            case("cumprod_f32_ex%d_rev%d" % (ex, rev), "tf.Cumprod", [y, np.array(1, dtype=i32)],
                 [cumprod(y, 1, ex, rev)], attrs={"exclusive": ex, "reverse": rev}, rtol=0, atol=0)
    yi = r.randint(-4, 5, (4, 2)).astype(i32)
    case("cumprod_i32_axis0_rev", "tf.Cumprod", [yi, np.array(-2, dtype=i32)], [cumprod(yi, 0, False, True)],
         attrs={"reverse": True})
    # MatrixBandPart
    m = r.uniform(-1, 1, (2, 4, 5)).astype(f64)
    for lo, hi in ((1, 0), (-1, 2), (0, -1), (3, 4)):
        ii, jj = np.meshgrid(np.arange(4), np.arange(5), indexing="ij")
        keep = ((lo < 0) | (ii - jj <= lo)) & ((hi < 0) | (jj - ii <= hi))
        case("matrix_band_part_%d_%d" % (lo, hi), "tf.MatrixBandPart",
             [m, np.array(lo, dtype=i64), np.array(hi, dtype=i64)], [np.where(keep, m, 0.0)])
    # MirrorPad
    p = np.arange(12, dtype=i32).reshape(3, 4)
    pads = np.array([[2, 1], [3, 0]], dtype=i32)
    case("mirror_pad_reflect", "tf.MirrorPad", [p, pads], [np.pad(p, pads, mode="reflect")], attrs={"mode": "REFLECT"})
    pads = np.array([[3, 1], [4, 2]], dtype=i64)
    case("mirror_pad_symmetric", "tf.MirrorPad", [p.astype(f32), pads], [np.pad(p.astype(f32), pads, mode="symmetric")],
         attrs={"mode": "SYMMETRIC"})
    # Where: coordinates, row-major
    w = np.array([[0, 1.5, np.nan], [0, -0.0, 2]], dtype=f32)
    case("where_f32", "tf.Where", [w], [np.argwhere(w != 0).astype(i64)])
    wb = r.rand(2, 3, 2) > 0.5
    case("where_bool", "tf.Where", [wb], [np.argwhere(wb).astype(i64)])
    case("where_empty", "tf.Where", [np.zeros((3, 0), dtype=i32)], [np.zeros((0, 2), dtype=i64)])
    cw = np.array([0, 1j, 0, 2], dtype=c64)
    case("where_c64", "tf.Where", [cw], [np.argwhere(cw != 0).astype(i64)])
    # BatchMatMulV3 / BatchMatMul
    a, b = r.uniform(-1, 1, (3, 2, 4)).astype(f32), r.uniform(-1, 1, (4, 5)).astype(f32)
    case("batch_matmul_v3", "tf.BatchMatMulV3", [a, b[None]], [(a.astype(f64) @ b.astype(f64)).astype(f32)])
    case("batch_matmul_adj_y", "tf.BatchMatMul", [a, np.repeat(b.T[None], 3, 0).copy()],
         [(a.astype(f64) @ b.astype(f64)).astype(f32)], attrs={"adj_y": True})


# ---------------------------------------------------------------------------
# gather / scatter (core/kernels/gather_nd_op.cc, scatter_nd_op.cc)

def scatter_cases():
    r = rng("scatter")
    params = r.uniform(-1, 1, (3, 4, 2)).astype(f32)
    idx = np.array([[[0, 1], [2, 3]], [[1, 0], [0, 1]]], dtype=i32)
    case("gather_nd_slices", "tf.GatherNd", [params, idx], [params[idx[..., 0], idx[..., 1]]])
    idx3 = np.array([[2, 3, 1], [0, 0, 0]], dtype=i64)
    case("gather_nd_elements", "tf.GatherNd", [params, idx3], [params[idx3[:, 0], idx3[:, 1], idx3[:, 2]]])
    case("gather_nd_whole", "tf.GatherNd", [params, np.zeros((2, 0), dtype=i32)], [np.stack([params, params])])
    sidx = np.array([[1], [3], [1]], dtype=i32)
    upd = r.uniform(-1, 1, (3, 2)).astype(f32)
    want = np.zeros((5, 2), dtype=f32)
    for k in range(3):
        want[sidx[k, 0]] = (want[sidx[k, 0]] + upd[k]).astype(f32)
    case("scatter_nd_dup_add", "tf.ScatterNd", [sidx, upd, np.array([5, 2], dtype=i32)], [want])
    ti = np.array([[0, 1], [2, 0], [0, 1]], dtype=i32)
    base = np.arange(6, dtype=i32).reshape(3, 2) * 3
    tu = np.array([10, -4, 7], dtype=i32)
    for name, f in (("sub", np.subtract), ("max", np.maximum), ("min", np.minimum)):
        out = base.copy()
        f.at(out, (ti[:, 0], ti[:, 1]), tu)
        case("tensor_scatter_%s_i32" % name, "tf.TensorScatter" + name.capitalize(), [base, ti, tu], [out])
    fb = np.array([1.0, np.nan, 3.0, -2.0], dtype=f32)
    fi = np.array([[0], [1], [2], [0]], dtype=i32)
    fu = np.array([5.0, 1.0, np.nan, -7.0], dtype=f32)
    out = fb.copy()
    for k in range(4):  # NaN propagates either way
        o, u = out[fi[k, 0]], fu[k]
        out[fi[k, 0]] = np.nan if (np.isnan(o) or np.isnan(u)) else max(o, u)
    case("tensor_scatter_max_f32_nan", "tf.TensorScatterMax", [fb, fi, fu], [out])


# ---------------------------------------------------------------------------
# TopKV2, Split, SplitV, Unpack

def multi_cases():
    r = rng("multi")
    x = np.array([[3, 1, 3, 2, 5], [0, 0, -1, 0, 7]], dtype=i32)
    order = np.argsort(-x.astype(i64), axis=-1, kind="stable")[:, :3]
    case("topk_i32_ties", "tf.TopKV2", [x, np.array(3, dtype=i32)],
         [np.take_along_axis(x, order, -1), order.astype(i32)])
    xf = r.uniform(-1, 1, (2, 3, 6)).astype(f32)
    order = np.argsort(-xf, axis=-1, kind="stable")[..., :6]
    case("topk_f32_all", "tf.TopKV2", [xf, np.array(6, dtype=i32)], [np.take_along_axis(xf, order, -1), order.astype(i32)])
    case("topk_k0", "tf.TopKV2", [xf, np.array(0, dtype=i32)], [xf[..., :0], np.zeros((2, 3, 0), dtype=i32)])
    s = np.arange(24, dtype=f32).reshape(2, 6, 2)
    case("split_3", "tf.Split", [np.array(1, dtype=i32), s], list(np.split(s, 3, axis=1)))
    case("split_neg_axis", "tf.Split", [np.array(-1, dtype=i32), s], list(np.split(s, 2, axis=-1)))
    case("splitv_infer", "tf.SplitV", [s, np.array([1, -1, 2], dtype=i32), np.array(1, dtype=i32)],
         list(np.split(s, [1, 4], axis=1)))
    case("splitv_zero_part", "tf.SplitV", [s, np.array([2, 0], dtype=i64), np.array(0, dtype=i32)],
         [s, s[:0]])
    case("unpack_axis1", "tf.Unpack", [s], [np.ascontiguousarray(s[:, k]) for k in range(6)], attrs={"axis": 1})
    case("unpack_axis_neg1", "tf.Unpack", [s], [np.ascontiguousarray(s[..., k]) for k in range(2)], attrs={"axis": -1})


# ---------------------------------------------------------------------------
# convolutions and pooling, channels last (core/kernels/conv_ops.cc,
# conv_ops_3d.cc, depthwise_conv_op.cc, pooling_ops_common.h). SAME puts
# the smaller half of the padding before: total = max((out - 1)·s +
# (k - 1)·d + 1 - in, 0), before = total // 2.

def geometry(n, k, s, d, padding, explicit=None):
    eff = (k - 1) * d + 1
    if padding == "VALID":
        return (n - eff + s) // s, 0
    if padding == "SAME":
        out = (n + s - 1) // s
        return out, max(0, (out - 1) * s + eff - n) // 2
    lo, hi = explicit
    return (n + lo + hi - eff + s) // s, lo


def conv_nd(x, f, strides, dil, padding, explicit=None):
    """x [N, sp..., C], f [sp..., C/G, O] -> [N, out..., O], summed in float64."""
    sp = x.ndim - 2
    geo = [geometry(x.shape[1 + d], f.shape[d], strides[d], dil[d], padding, explicit[d] if explicit else None)
           for d in range(sp)]
    ic, fc, oc = x.shape[-1], f.shape[sp], f.shape[sp + 1]
    groups = ic // fc
    out = np.zeros((x.shape[0],) + tuple(o for o, _ in geo) + (oc,), dtype=np.float64)
    xf, ff = x.astype(np.float64), f.astype(np.float64)
    for idx in np.ndindex(*out.shape[:-1]):
        n, pos = idx[0], idx[1:]
        for co in range(oc):
            g = co // (oc // groups)
            acc = 0.0
            for tap in np.ndindex(*f.shape[:sp]):
                src = [pos[d] * strides[d] - geo[d][1] + tap[d] * dil[d] for d in range(sp)]
                if any(v < 0 or v >= x.shape[1 + d] for d, v in enumerate(src)):
                    continue
                acc += float(np.dot(xf[(n,) + tuple(src)][g * fc:(g + 1) * fc], ff[tap][:, co]))
            out[idx + (co,)] = acc
    return out


def pool_nd(x, ksize, strides, padding, kind):
    sp = x.ndim - 2
    geo = [geometry(x.shape[1 + d], ksize[d], strides[d], 1, padding) for d in range(sp)]
    out = np.zeros((x.shape[0],) + tuple(o for o, _ in geo) + (x.shape[-1],), dtype=np.float64)
    for idx in np.ndindex(*out.shape):
        n, pos, c = idx[0], idx[1:-1], idx[-1]
        vals = []
        for tap in np.ndindex(*ksize):
            src = [pos[d] * strides[d] - geo[d][1] + tap[d] for d in range(sp)]
            if all(0 <= v < x.shape[1 + d] for d, v in enumerate(src)):
                vals.append(float(x[(n,) + tuple(src) + (c,)]))
        if kind == "max":
            out[idx] = np.nan if any(np.isnan(vals)) else max(vals)
        else:
            out[idx] = sum(vals) / len(vals)
    return out


def conv_cases():
    r = rng("conv")
    x = r.uniform(-1, 1, (2, 7, 6, 4)).astype(f32)
    w = r.uniform(-1, 1, (3, 2, 4, 5)).astype(f32)
    case("conv2d_dilated_explicit", "tf.Conv2D", [x, w],
         [conv_nd(x, w, (2, 1), (2, 3), "EXPLICIT", [(1, 2), (0, 3)]).astype(f32)],
         attrs={"strides": [1, 2, 1, 1], "dilations": [1, 2, 3, 1], "padding": "EXPLICIT",
                "explicit_paddings": [0, 0, 1, 2, 0, 3, 0, 0]}, rtol=1e-5, atol=1e-6)
    wg = r.uniform(-1, 1, (2, 2, 2, 6)).astype(f32)  # 2 groups
    case("conv2d_grouped_same", "tf.Conv2D", [x, wg], [conv_nd(x, wg, (3, 2), (1, 1), "SAME").astype(f32)],
         attrs={"strides": [1, 3, 2, 1], "padding": "SAME"}, rtol=1e-5, atol=1e-6)
    x3 = r.uniform(-1, 1, (1, 5, 4, 6, 2)).astype(f32)
    w3 = r.uniform(-1, 1, (2, 3, 2, 2, 3)).astype(f32)
    case("conv3d_same_strided", "tf.Conv3D", [x3, w3], [conv_nd(x3, w3, (2, 1, 2), (1, 1, 1), "SAME").astype(f32)],
         attrs={"strides": [1, 2, 1, 2, 1], "padding": "SAME"}, rtol=1e-5, atol=1e-6)
    case("conv3d_valid_dilated", "tf.Conv3D", [x3.astype(f64), w3.astype(f64)],
         [conv_nd(x3, w3, (1, 1, 1), (2, 1, 2), "VALID")],
         attrs={"strides": [1, 1, 1, 1, 1], "dilations": [1, 2, 1, 2, 1], "padding": "VALID"})
    wd = r.uniform(-1, 1, (3, 3, 4, 2)).astype(f32)  # multiplier 2
    wd_grouped = wd.reshape(3, 3, 1, 8)
    case("depthwise_same_strided", "tf.DepthwiseConv2dNative", [x, wd],
         [conv_nd(x, wd_grouped, (2, 2), (1, 1), "SAME").astype(f32)],
         attrs={"strides": [1, 2, 2, 1], "padding": "SAME"}, rtol=1e-5, atol=1e-6)
    case("depthwise_valid_dilated", "tf.DepthwiseConv2dNative", [x, wd],
         [conv_nd(x, wd_grouped, (1, 1), (2, 2), "VALID").astype(f32)],
         attrs={"strides": [1, 1, 1, 1], "dilations": [1, 2, 2, 1], "padding": "VALID"}, rtol=1e-5, atol=1e-6)
    xp = x.copy()
    xp[0, 1, 1, 0] = np.nan
    for pad in ("SAME", "VALID"):
        case("maxpool_%s" % pad.lower(), "tf.MaxPool", [xp], [pool_nd(xp, (3, 2), (2, 2), pad, "max").astype(f32)],
             attrs={"ksize": [1, 3, 2, 1], "strides": [1, 2, 2, 1], "padding": pad})
        case("avgpool_%s" % pad.lower(), "tf.AvgPool", [x], [pool_nd(x, (3, 3), (2, 1), pad, "avg").astype(f32)],
             attrs={"ksize": [1, 3, 3, 1], "strides": [1, 2, 1, 1], "padding": pad}, rtol=1e-6, atol=1e-7)
    xi = r.randint(-100, 100, (1, 5, 5, 2)).astype(i32)
    case("maxpool_i32_same", "tf.MaxPool", [xi], [pool_nd(xi, (2, 2), (2, 2), "SAME", "max").astype(i32)],
         attrs={"ksize": [1, 2, 2, 1], "strides": [1, 2, 2, 1], "padding": "SAME"})
    case("maxpool3d_same", "tf.MaxPool3D", [x3], [pool_nd(x3, (2, 2, 3), (2, 2, 2), "SAME", "max").astype(f32)],
         attrs={"ksize": [1, 2, 2, 3, 1], "strides": [1, 2, 2, 2, 1], "padding": "SAME"})
    case("avgpool3d_valid", "tf.AvgPool3D", [x3.astype(f64)], [pool_nd(x3.astype(f64), (2, 3, 2), (1, 1, 2), "VALID", "avg")],
         attrs={"ksize": [1, 2, 3, 2, 1], "strides": [1, 1, 1, 2, 1], "padding": "VALID"})
    # _FusedConv2D / _FusedMatMul: each stage rounded to f32.
    bias = r.uniform(-1, 1, (5,)).astype(f32)
    y = conv_nd(x, w, (1, 1), (1, 1), "SAME").astype(f32)
    yb = (y + bias).astype(f32)
    conv_attrs = {"strides": [1, 1, 1, 1], "padding": "SAME", "num_args": 1}
    case("fused_conv2d_bias_relu6", "tf._FusedConv2D", [x, w, bias], [np.clip(yb, 0, 6).astype(f32)],
         attrs=dict(conv_attrs, fused_ops=["BiasAdd", "Relu6"]), rtol=1e-5, atol=1e-6)
    addend = r.uniform(-1, 1, yb.shape).astype(f32)
    case("fused_conv2d_bias_add_relu", "tf._FusedConv2D", [x, w, bias, addend],
         [np.maximum((yb + addend).astype(f32), 0)], attrs=dict(conv_attrs, fused_ops=["BiasAdd", "Add", "Relu"], num_args=2),
         rtol=1e-5, atol=1e-6)
    sc, off, mean, var = (r.uniform(0.5, 1.5, (5,)).astype(f32) for _ in range(4))
    bn = ((y.astype(f64) - mean) / np.sqrt(var.astype(f64) + 0.001) * sc + off).astype(f32)
    case("fused_conv2d_batchnorm_leakyrelu", "tf._FusedConv2D", [x, w, sc, off, mean, var],
         [np.where(bn > 0, bn, (bn * f32(0.3)).astype(f32))],
         attrs=dict(conv_attrs, fused_ops=["FusedBatchNorm", "LeakyRelu"], num_args=4, epsilon={"f": 0.001},
                    leakyrelu_alpha={"f": 0.3}), rtol=1e-5, atol=1e-6)
    a, b = r.uniform(-2, 2, (3, 4)).astype(f32), r.uniform(-2, 2, (4, 5)).astype(f32)
    mb = ((a.astype(f64) @ b.astype(f64)).astype(f32) + bias).astype(f32).astype(f64)
    from math import erf, tanh, sqrt, pi
    gelu_exact = np.vectorize(lambda v: 0.5 * v * (1 + erf(v / sqrt(2))))(mb).astype(f32)
    gelu_tanh = np.vectorize(lambda v: 0.5 * v * (1 + tanh(sqrt(2 / pi) * (v + 0.044715 * v ** 3))))(mb).astype(f32)
    mm_attrs = {"num_args": 1, "transpose_a": False, "transpose_b": False}
    case("fused_matmul_gelu_exact", "tf._FusedMatMul", [a, b, bias], [gelu_exact],
         attrs=dict(mm_attrs, fused_ops=["BiasAdd", "GeluExact"]), rtol=1e-5, atol=1e-6)
    case("fused_matmul_gelu_approximate", "tf._FusedMatMul", [a, b, bias], [gelu_tanh],
         attrs=dict(mm_attrs, fused_ops=["BiasAdd", "GeluApproximate"]), rtol=1e-5, atol=1e-6)
    for act, fn in (("Sigmoid", lambda v: 1 / (1 + np.exp(-v))), ("Tanh", np.tanh), ("Elu", lambda v: np.where(v < 0, np.expm1(v), v))):
        case("fused_matmul_" + act.lower(), "tf._FusedMatMul", [a, b, bias], [fn(mb).astype(f32)],
             attrs=dict(mm_attrs, fused_ops=["BiasAdd", act]), rtol=1e-5, atol=1e-6)
    add2 = r.uniform(-1, 1, (3, 5)).astype(f32)
    case("fused_matmul_bias_add", "tf._FusedMatMul", [a, b, bias, add2], [(mb.astype(f32) + add2).astype(f32)],
         attrs=dict(mm_attrs, fused_ops=["BiasAdd", "Add"], num_args=2), rtol=1e-5, atol=1e-6)


# ---------------------------------------------------------------------------
# matrix diagonals (MatrixDiagV3 / MatrixDiagPartV3 docs: d = col - row,
# band index k1 - d, shorter diagonals padded by align) and Bitcast

def diag_offset(d, dlen, maxlen, align):
    sup, sub = align.split("_")
    if (d >= 0 and sup == "RIGHT") or (d <= 0 and sub == "RIGHT"):
        return maxlen - dlen
    return 0


def diag_part(x, k0, k1, pad, align):
    m, n = x.shape[-2:]
    maxlen = min(m + min(k1, 0), n - max(k0, 0))
    out = np.full(x.shape[:-2] + (k1 - k0 + 1, maxlen), pad, dtype=x.dtype)
    for j, d in enumerate(range(k1, k0 - 1, -1)):
        dlen = min(m + min(d, 0), n - max(d, 0))
        off = diag_offset(d, dlen, maxlen, align)
        for t in range(dlen):
            out[..., j, t + off] = x[..., t + max(-d, 0), t + max(d, 0)]
    return out if k0 != k1 else out[..., 0, :]


def diag_make(dg, k0, k1, rows, cols, pad, align):
    if k0 == k1:
        dg = dg[..., None, :]
    maxlen = dg.shape[-1]
    out = np.full(dg.shape[:-2] + (rows, cols), pad, dtype=dg.dtype)
    for row in range(rows):
        for col in range(cols):
            d = col - row
            if k0 <= d <= k1:
                dlen = min(rows + min(d, 0), cols - max(d, 0))
                i = col - max(d, 0) + diag_offset(d, dlen, maxlen, align)
                if 0 <= i < maxlen:
                    out[..., row, col] = dg[..., k1 - d, i]
    return out


def diag_cases():
    r = rng("diag")
    x = r.uniform(-1, 1, (2, 4, 5)).astype(f32)
    case("matrix_diag_part_v1", "tf.MatrixDiagPart", [x], [np.ascontiguousarray(np.diagonal(x, axis1=-2, axis2=-1))])
    v = r.randint(-9, 9, (3, 4)).astype(i32)
    case("matrix_diag_v1", "tf.MatrixDiag", [v], [np.stack([np.diag(row) for row in v])])
    for k, align in (((-1, 2), "RIGHT_LEFT"), ((-2, 0), "LEFT_RIGHT"), ((1, 1), "RIGHT_LEFT"), ((-3, 3), "LEFT_LEFT")):
        k0, k1 = k
        kk = np.array([k0, k1] if k0 != k1 else k0, dtype=i32)
        pad = f32(9)
        case("matrix_diag_part_v3_%d_%d_%s" % (k0, k1, align.lower()), "tf.MatrixDiagPartV3",
             [x, kk, np.array(pad, dtype=f32)], [diag_part(x, k0, k1, pad, align)], attrs={"align": align})
    for k, rows, cols, align in (((-1, 1), -1, -1, "RIGHT_LEFT"), ((0, 2), 3, -1, "LEFT_RIGHT"), ((-2, -2), -1, 4, "RIGHT_RIGHT")):
        k0, k1 = k
        nd = k1 - k0 + 1
        maxlen = 3
        dg = r.randint(1, 9, (2, nd, maxlen) if nd > 1 else (2, maxlen)).astype(i64)
        minr, minc = maxlen - min(k1, 0), maxlen + max(k0, 0)
        R, C = rows, cols
        if R == -1 and C == -1:
            R = C = max(minr, minc)
        elif R == -1:
            R = minr
        elif C == -1:
            C = minc
        kk = np.array([k0, k1] if nd > 1 else k0, dtype=i32)
        case("matrix_diag_v3_%d_%d_%s" % (k0, k1, align.lower()), "tf.MatrixDiagV3",
             [dg, kk, np.array(rows, dtype=i32), np.array(cols, dtype=i32), np.array(-1, dtype=i64)],
             [diag_make(dg, k0, k1, R, C, -1, align)], attrs={"align": align})
    b = np.array([1.0, -2.5, 3e38], dtype=f32)
    case("bitcast_f32_u8", "tf.Bitcast", [b], [b.view(u8).reshape(3, 4)], attrs={"type": "ui8"})
    bi = np.array([[1, 2], [-3, 40000]], dtype=np.int32).view(i16).reshape(2, 2, 2)
    case("bitcast_i16_i32", "tf.Bitcast", [bi], [bi.reshape(2, 4).view(np.int32)])
    c = np.array([1 + 2j, -3 - 4j], dtype=c64)
    case("bitcast_c64_i64", "tf.Bitcast", [c], [c.view(i64)])
    case("bitcast_f32_i32", "tf.Bitcast", [b], [b.view(i32)])


def build():
    complex_cases()
    bf16_cases()
    bit_cases()
    misc_cases()
    scatter_cases()
    multi_cases()
    conv_cases()
    diag_cases()
    files = {}
    for name, c in CASES.items():
        meta = {"op": c["op"], "attrs": c["attrs"], "results": [dtype_name(x) for x in c["results"]]}
        if c["rtol"] is not None:
            meta["rtol"] = c["rtol"]
        if c["atol"] is not None:
            meta["atol"] = c["atol"]
        files[(name, "op.json")] = (json.dumps(meta, indent=1, sort_keys=True) + "\n").encode()
        for i, a in enumerate(c["args"]):
            files[(name, "arg%d.npy" % i)] = npy_bytes(a)
        for i, a in enumerate(c["results"]):
            files[(name, "result%d.npy" % i)] = npy_bytes(a)
    return files


def main():
    check = "--check" in sys.argv[1:]
    files = build()
    names = {n for n, _ in files}
    bad = []
    if os.path.isdir(OUT):
        for d in sorted(os.listdir(OUT)):
            if d not in names:
                bad.append("stale case " + d)
                if not check:
                    shutil.rmtree(os.path.join(OUT, d))
    for (name, fname), data in sorted(files.items()):
        path = os.path.join(OUT, name, fname)
        old = open(path, "rb").read() if os.path.exists(path) else None
        if old != data:
            bad.append("differs: " + os.path.join(name, fname))
            if not check:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as f:
                    f.write(data)
    if check and bad:
        sys.exit("\n".join(bad))
    print("%d cases, %d files%s" % (len(names), len(files), (", %d changed" % len(bad)) if bad else ""))


if __name__ == "__main__":
    main()
