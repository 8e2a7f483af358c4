#!/usr/bin/env python3
"""ULP error of sandjit's complex functions against mpmath (60 digits): the table in internal/wasmmath/doc.go.

    go build -o /tmp/sandjit ./cmd/sandjit && python3 testdata/complex_ulp.py [N] [/tmp/sandjit]

Writes its kernels and inputs under /tmp/complex_ulp_*; needs numpy and mpmath (Debian: python3-mpmath).
"""
import os, subprocess, sys
try:
    import numpy as np
    import mpmath as mp
except ImportError:  # a pyenv python3 ahead of Debian's on PATH
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    raise
mp.mp.dps = 60
N = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
BIN = sys.argv[2] if len(sys.argv) > 2 else "/tmp/sandjit"
rs = np.random.RandomState(14)
def rnd(n, lo, hi):
    mag = 10.0 ** rs.uniform(lo, hi, n)
    return mag * rs.choice([-1.0, 1.0], n)
re, im = rnd(N, -3, 3), rnd(N, -3, 3)
pre, pim = rs.uniform(-3, 3, N), rs.uniform(-3, 3, N)
ere, eim = rs.uniform(-80, 80, N), rs.uniform(-100, 100, N)  # exp arguments: no overflow in f32 parts
K = """func.func @test(%x: tensor<@NxCT@>, %p: tensor<@NxCT@>, %e: tensor<@NxCT@>) -> (tensor<@NxCT@>, tensor<@NxCT@>, tensor<@NxCT@>, tensor<@NxCT@>, tensor<@NxCT@>, tensor<@NxPT@>, tensor<@NxPT@>) {
  %0 = "tf.Exp"(%e) : (tensor<@NxCT@>) -> tensor<@NxCT@>
  %1 = "tf.Log"(%x) : (tensor<@NxCT@>) -> tensor<@NxCT@>
  %2 = "tf.Sqrt"(%x) : (tensor<@NxCT@>) -> tensor<@NxCT@>
  %3 = "tf.Rsqrt"(%x) : (tensor<@NxCT@>) -> tensor<@NxCT@>
  %4 = "tf.Pow"(%x, %p) : (tensor<@NxCT@>, tensor<@NxCT@>) -> tensor<@NxCT@>
  %5 = "tf.ComplexAbs"(%x) : (tensor<@NxCT@>) -> tensor<@NxPT@>
  %6 = "tf.Angle"(%x) : (tensor<@NxCT@>) -> tensor<@NxPT@>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<@NxCT@>, tensor<@NxCT@>, tensor<@NxCT@>, tensor<@NxCT@>, tensor<@NxCT@>, tensor<@NxPT@>, tensor<@NxPT@>
}
"""
def ulp(v, dt):
    v = abs(float(v))
    f = np.float32 if dt == "f32" else np.float64
    if v == 0: return float(np.nextafter(f(0), f(1)))
    v = f(v) if np.isfinite(f(v)) else np.finfo(f).max
    return float(np.spacing(v))
names = ["Exp", "Log", "Sqrt", "Rsqrt", "Pow", "ComplexAbs", "Angle"]
for ct, pt, npc in (("complex<f32>", "f32", np.complex64), ("complex<f64>", "f64", np.complex128)):
    x = (re + 1j * im).astype(npc); p = (pre + 1j * pim).astype(npc); e = (ere + 1j * eim).astype(npc)
    d = "/tmp/complex_ulp_" + pt
    os.makedirs(d, exist_ok=True)
    for n, a in (("x", x), ("p", p), ("e", e)): np.save(f"{d}/{n}.npy", a)
    open(f"{d}/k.mlir", "w").write(K.replace("@N", str(N)).replace("CT@", ct).replace("PT@", pt))
    outs = [f"--output=@{d}/r{i}.npy" for i in range(7)]
    subprocess.run([BIN, "run", f"{d}/k.mlir", f"--input=@{d}/x.npy", f"--input=@{d}/p.npy", f"--input=@{d}/e.npy"] + outs, check=True, capture_output=True)
    for i, name in enumerate(names):
        got = np.load(f"{d}/r{i}.npy")
        worst_c, worst_n, bad = 0.0, 0.0, 0
        for k in range(N):
            X = mp.mpc(float(x[k].real), float(x[k].imag))
            if name == "Exp": ref = mp.exp(mp.mpc(float(e[k].real), float(e[k].imag)))
            elif name == "Log": ref = mp.log(X)
            elif name == "Sqrt": ref = mp.sqrt(X)
            elif name == "Rsqrt": ref = 1 / mp.sqrt(X)
            elif name == "Pow": ref = mp.exp(mp.mpc(float(p[k].real), float(p[k].imag)) * mp.log(X))
            elif name == "ComplexAbs": ref = abs(X)
            else: ref = mp.arg(X)
            g = got[k]
            if np.iscomplexobj(got):
                parts = [(g.real, ref.real), (g.imag, ref.imag)]
                mag = abs(ref)
                nerr = float(abs(mp.mpc(float(g.real), float(g.imag)) - ref) / ulp(mag, pt))
            else:
                parts = [(g, ref)]
                nerr = float(abs(mp.mpf(float(g)) - ref) / ulp(ref, pt))
            if not all(np.isfinite(float(gp)) for gp, _ in parts):
                bad += 1; continue
            cerr = max(float(abs(mp.mpf(float(gp)) - rp) / ulp(rp, pt)) for gp, rp in parts)
            worst_c, worst_n = max(worst_c, cerr), max(worst_n, nerr)
        print(f"{ct:13s} {name:11s} componentwise {worst_c:10.3g} ulp   normwise {worst_n:6.3g} ulp   non-finite {bad}")
