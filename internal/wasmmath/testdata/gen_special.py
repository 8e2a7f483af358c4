#!/usr/bin/env python3
"""Generates the special functions' coefficient tables and reference values.

Run from the repository root:
  python3 internal/wasmmath/testdata/gen_special.py [refs] [refs2] [refs3] [refeval]
Without arguments it writes the coefficient tables only; refs writes the
one-argument references, refs2/refs3 the two-/three-argument ones (100
digits, checked against 80), refeval refeval's set. Each part seeds its own
random generator, so a rerun reproduces the files. Needs Python 3 with
mpmath (Debian: python3-mpmath). The Go tests never run it: they read its
outputs, which are committed.

Outputs:
  internal/wasmmath/special_coeffs.go   Chebyshev/Taylor coefficients (wasmmath)
  internal/refeval/refmath/special_coeffs.go    the same tables for the reference evaluator
  internal/wasmmath/testdata/special/<fn>.txt  inputs and correctly rounded results
  internal/refeval/refmath/testdata/special.txt  a smaller set for refmath's tests

Coefficients: Chebyshev interpolants computed here at 60 digits on the
intervals below, truncated where the terms fall under 2**-60 of the largest;
lgamma's are FreeBSD msun's (e_lgamma_r.c, as in Go's math.Lgamma), read from
the Go toolchain's source so that nothing is retyped.
"""
import math, os, random, re, struct, subprocess, sys
import mpmath as mp

mp.mp.dps = 60
ROOT = os.getcwd()

def f64(v):
    return float(v)

def f32(v):
    return struct.unpack('f', struct.pack('f', float(v)))[0]

# ---------------------------------------------------------------- coefficients

def cheb(f, a, b, nodes=96, tol=mp.mpf(2)**-62):
    """Chebyshev coefficients c[0..n] of f on [a, b] (f ~ c0/2 + sum c_k T_k(u)),
    c0 already halved, truncated at tol relative to max |c|."""
    a, b = mp.mpf(a), mp.mpf(b)
    N = nodes
    fx = []
    for j in range(N):
        th = mp.pi * (j + mp.mpf(1) / 2) / N
        fx.append(f((a + b) / 2 + (b - a) / 2 * mp.cos(th)))
    c = []
    for k in range(N):
        s = mp.fsum(fx[j] * mp.cos(k * mp.pi * (j + mp.mpf(1) / 2) / N) for j in range(N))
        c.append(2 * s / N)
    c[0] /= 2
    big = max(abs(v) for v in c)
    n = N - 1
    while n > 0 and abs(c[n]) < tol * big:
        n -= 1
    if n > N - 8:
        raise SystemExit('no convergence on [%s, %s]' % (a, b))
    # To monomials in u: T_0 = 1, T_1 = u, T_k+1 = 2u·T_k - T_k-1 (exact in mp).
    c = c[:n + 1]
    m = [mp.mpf(0)] * (n + 1)
    tkm1, tk = [mp.mpf(1)], [mp.mpf(0), mp.mpf(1)]
    for k in range(n + 1):
        t = tkm1 if k == 0 else tk
        if k >= 2:
            nxt = [mp.mpf(0)] + [2 * v for v in tk]
            for i, v in enumerate(tkm1):
                nxt[i] -= v
            tkm1, tk = tk, nxt
            t = tk
        for i, v in enumerate(t):
            m[i] += c[k] * v
    growth = mp.fsum(abs(v) for v in m) / abs(m[0]) if m[0] != 0 else mp.fsum(abs(v) for v in m)
    print('  [%s, %s] degree %d, sum|a_k|/|a_0| = %s' % (float(a), float(b), n, mp.nstr(growth, 4)), file=sys.stderr)
    return [f64(v) for v in m]

x0 = mp.findroot(mp.digamma, mp.mpf('1.4616321449683623'))
t0 = x0 - 1
t0hi = f64(t0)
t0lo = f64(t0 - mp.mpf(t0hi))

def psi_over(t):
    return mp.digamma(1 + t) / (t - t0)

def x_of_w(w):
    # erfinv(y) for the y with -log(1-y^2) = w
    if w < 30:
        y = mp.sqrt(-mp.expm1(-w))
        return mp.erfinv(y)
    g = mp.sqrt(w)
    return mp.findroot(lambda x: -mp.log(mp.erfc(x)) - mp.log(1 + mp.erf(x)) - w, g)

def erfinv_ratio_w(w):
    x = x_of_w(w)
    return x / mp.erf(x)

def erfinv_ratio_s(s):
    return erfinv_ratio_w(s * s)

def bessel_asym(nu, x):
    # exp(-x)·I_nu(x) ~ (2πx)**-1/2 · sum (-1)^k a_k(nu) / x^k, x >= 1000
    mu = 4 * nu * nu
    term, s = mp.mpf(1), mp.mpf(1)
    for k in range(1, 40):
        term *= -(mu - (2 * k - 1) ** 2) / (k * 8 * x)
        s += term
    return s / mp.sqrt(2 * mp.pi * x)

def i0e(x):
    if abs(x) >= 1000:
        return bessel_asym(0, abs(x))
    return mp.besseli(0, x) * mp.exp(-abs(x))

def i1e(x):
    if abs(x) >= 1000:
        v = bessel_asym(1, abs(x))
        return v if x > 0 else -v
    return mp.besseli(1, x) * mp.exp(-abs(x))

tables = {}
tables['digammaP'] = ([0, 1], cheb(psi_over, 0, 1))
tables['erfinvW'] = ([0, 6.25], cheb(erfinv_ratio_w, 0, 6.25))
tables['erfinvS1'] = ([2.5, 4], cheb(erfinv_ratio_s, 2.5, 4))
tables['erfinvS2'] = ([4, 8], cheb(erfinv_ratio_s, 4, 8))
tables['erfinvS3'] = ([8, 28], cheb(erfinv_ratio_s, 8, 28))
tables['i0eA'] = ([0, 4], cheb(i0e, 0, 4))
tables['i0eB'] = ([4, 8], cheb(i0e, 4, 8))
tables['i1eA'] = ([0, 4], cheb(lambda x: i1e(x) / x, 0, 4))
tables['i1eB'] = ([4, 8], cheb(lambda x: i1e(x) / x, 4, 8))
# Tails in u = 8/x: sqrt(x)*i_ne(x).
tables['i0eT'] = ([0, 1], cheb(lambda u: mp.sqrt(8 / u) * i0e(8 / u) if u > 0 else 1 / mp.sqrt(2 * mp.pi), 0, 1))
tables['i1eT'] = ([0, 1], cheb(lambda u: mp.sqrt(8 / u) * i1e(8 / u) if u > 0 else 1 / mp.sqrt(2 * mp.pi), 0, 1))

# sin(pi r) = r*S(r^2), cos(pi r) = C(r^2), |r| <= 1/2: Taylor, 13 terms.
sinpi = [f64((-1) ** k * mp.pi ** (2 * k + 1) / mp.factorial(2 * k + 1)) for k in range(13)]
cospi = [f64((-1) ** k * mp.pi ** (2 * k) / mp.factorial(2 * k)) for k in range(13)]

# digamma's asymptotic series: psi(x) = log x - 1/(2x) - sum_k B_2k/(2k x^2k), k = 1..10.
digammaB = [f64(mp.bernoulli(2 * k) / (2 * k)) for k in range(1, 11)]

goroot = subprocess.run(['go', 'env', 'GOROOT'], capture_output=True, text=True, check=True).stdout.strip()
src = open(os.path.join(goroot, 'src', 'math', 'lgamma.go')).read()
lg = {}
for name in ['A', 'R', 'S', 'T', 'U', 'V', 'W']:
    m = re.search(r'var _lgam%s = \[\.\.\.\]float64\{(.*?)\n\}' % name, src, re.S)
    vals = re.findall(r'^\s*([-+]?\d+\.\d+(?:e[-+]\d+)?),', m.group(1), re.M)
    lg[name] = [float(v) for v in vals]

def golist(vs):
    out, line = [], '\t'
    for v in vs:
        s = repr(float(v)) + ', '
        if len(line) + len(s) > 110:
            out.append(line.rstrip())
            line = '\t'
        line += s
    out.append(line.rstrip())
    return '{\n' + '\n'.join(out) + '\n}'

def gofile(pkg):
    w = ['// Code generated by internal/wasmmath/testdata/gen_special.py; DO NOT EDIT.', '',
         'package ' + pkg, '',
         '// A Chebyshev interpolant on [lo, hi] written in monomials of the',
         '// centred variable: f(x) = sum c_k u^k, u = (2x - lo - hi)/(hi - lo).',
         'type chebSeries struct {', '\tlo, hi float64', '\tc      []float64', '}', '']
    for name, (iv, c) in tables.items():
        w.append('var cheb%s = chebSeries{%r, %r, []float64%s}' % (name[0].upper() + name[1:], float(iv[0]), float(iv[1]), golist(c)))
        w.append('')
    w.append('// digamma\'s root x0 - 1 in two pieces.')
    w.append('const (\n\tdigammaT0Hi = %r\n\tdigammaT0Lo = %r\n)' % (t0hi, t0lo))
    w.append('')
    w.append('// Taylor coefficients of sin(πr)/r and cos(πr) in r².')
    w.append('var sinpiC = [...]float64%s' % golist(sinpi))
    w.append('var cospiC = [...]float64%s' % golist(cospi))
    w.append('')
    w.append('// B_2k/(2k), k = 1..10: digamma\'s asymptotic series in 1/x².')
    w.append('var digammaB = [...]float64%s' % golist(digammaB))
    w.append('')
    w.append('// FreeBSD msun e_lgamma_r.c (Go\'s math.Lgamma) coefficients.')
    for name in ['A', 'R', 'S', 'T', 'U', 'V', 'W']:
        w.append('var lgam%s = [...]float64%s' % (name, golist(lg[name])))
    return '\n'.join(w) + '\n'

for pkg, path in [('wasmmath', 'internal/wasmmath/special_coeffs.go'), ('refmath', 'internal/refeval/refmath/special_coeffs.go')]:
    open(os.path.join(ROOT, path), 'w').write(gofile(pkg))
    subprocess.run(['gofmt', '-w', path], check=True)

for name, (iv, c) in tables.items():
    print(name, iv, 'degree', len(c) - 1, file=sys.stderr)

# ---------------------------------------------------------------- references

mp.mp.dps = 40
rnd = random.Random(20261202)

def uni(lo, hi):
    return lambda: lo + (hi - lo) * rnd.random()

def logu(lo, hi, signed=False):
    def g():
        v = lo * (hi / lo) ** rnd.random()
        return -v if signed and rnd.random() < 0.5 else v
    return g

def one_minus(lo, hi, signed=False):
    def g():
        v = 1 - logu(lo, hi)()
        return -v if signed and rnd.random() < 0.5 else v
    return g

def mp_lgamma(x):
    return mp.log(abs(mp.gamma(x))) if x < 0 else mp.loggamma(x)

def mp_erfinv(y):
    return mp.erfinv(y)

def mp_ndtri(p):
    # sqrt(2)·erfinv(2p-1); for small p via erfc's inverse to keep accuracy.
    p = mp.mpf(p)
    if p < mp.mpf('0.25'):
        return -mp.sqrt(2) * mp.findroot(lambda t: mp.log(mp.erfc(t)) - mp.log(2 * p), mp.sqrt(-mp.log(2 * p)))
    return mp.sqrt(2) * mp.erfinv(2 * p - 1)

REF = {
    'lgamma': mp_lgamma, 'digamma': mp.digamma, 'erfinv': mp_erfinv, 'ndtri': mp_ndtri,
    'besseli0e': i0e, 'besseli1e': i1e,
}

# (function, lanes, label, generator, count)
F32MAX = 3.4028234663852886e38
ROWS = [
    ('lgamma', 'both', '(0, 0.5]', uni(0, 0.5)),
    ('lgamma', 'both', '[0.5, 3]', uni(0.5, 3)),
    ('lgamma', 'both', '[3, 8]', uni(3, 8)),
    ('lgamma', 'both', '[8, 1000]', uni(8, 1000)),
    ('lgamma', 'f64', '[1e3, 1e300]', logu(1e3, 1e300)),
    ('lgamma', 'f32', '[1e3, 1e36]', logu(1e3, 1e36)),
    ('lgamma', 'f64', '(0, 1e-30], tiny', logu(1e-300, 1e-30)),
    ('lgamma', 'both', '[-10, 0] (abs)', uni(-10, 0)),
    ('lgamma', 'both', '[-170, -10]', uni(-170, -10)),
    ('digamma', 'both', '(0, 1]', uni(0, 1)),
    ('digamma', 'both', '[1, 2]', uni(1, 2)),
    ('digamma', 'both', '[2, 10]', uni(2, 10)),
    ('digamma', 'both', '[10, 1e4]', logu(10, 1e4)),
    ('digamma', 'f64', '[1e4, 1e300]', logu(1e4, 1e300)),
    ('digamma', 'f64', '(0, 1e-10]', logu(1e-300, 1e-10)),
    ('digamma', 'both', '[-10, 0] (abs)', uni(-10, 0)),
    ('erfinv', 'both', '[-1, 1]', uni(-1, 1)),
    ('erfinv', 'f64', '|y| in [1e-300, 0.5]', logu(1e-300, 0.5, True)),
    ('erfinv', 'f32', '|y| in [1e-30, 0.5]', logu(1e-30, 0.5, True)),
    ('erfinv', 'f64', '1-|y| in [2**-53, 0.5]', one_minus(2 ** -53, 0.5, True)),
    ('erfinv', 'f32', '1-|y| in [2**-24, 0.5]', one_minus(2 ** -24, 0.5, True)),
    ('ndtri', 'both', '(0, 1)', uni(0, 1)),
    ('ndtri', 'f64', 'p in [1e-300, 0.1]', logu(1e-300, 0.1)),
    ('ndtri', 'f64', 'p in [5e-324, 2e-308] (subnormal)', logu(5e-324, 2e-308)),
    ('ndtri', 'f32', 'p in [1e-45, 0.1]', logu(1e-45, 0.1)),
    ('ndtri', 'f64', '1-p in [2**-53, 0.1]', one_minus(2 ** -53, 0.1)),
    ('ndtri', 'f32', '1-p in [2**-24, 0.1]', one_minus(2 ** -24, 0.1)),
    ('besseli0e', 'both', '[-10, 10]', uni(-10, 10)),
    ('besseli0e', 'f64', '|x| in [1e-10, 1e300]', logu(1e-10, 1e300, True)),
    ('besseli0e', 'f32', '|x| in [1e-10, 1e38]', logu(1e-10, 1e38, True)),
    ('besseli1e', 'both', '[-10, 10]', uni(-10, 10)),
    ('besseli1e', 'f64', '|x| in [1e-300, 1e300]', logu(1e-300, 1e300, True)),
    ('besseli1e', 'f32', '|x| in [1e-38, 1e38]', logu(1e-38, 1e38, True)),
]

def ref_value(fn, x):
    v = REF[fn](mp.mpf(x))
    if isinstance(v, mp.mpc):
        v = v.real
    return repr(float(v))

def write_refs(count):
    import gzip
    rnd.seed(20261202)
    out = {}
    for fn, lanes, label, gen in ROWS:
        for lt in (['f32', 'f64'] if lanes == 'both' else [lanes]):
            lines = out.setdefault(fn, [])
            lines.append('range %s %s' % (lt, label))
            seen = 0
            while seen < count:
                x = gen()
                x = f32(x) if lt == 'f32' else float(x)
                if lt == 'f32' and (x == 0 or abs(x) > F32MAX):
                    continue
                lines.append('%r %s' % (x, ref_value(fn, x)))
                seen += 1
    for fn, lines in out.items():
        path = os.path.join(ROOT, 'internal/wasmmath/testdata/special', fn + '.txt.gz')
        with gzip.GzipFile(path, 'wb', mtime=0) as f:
            f.write(('\n'.join(lines) + '\n').encode())

def pair(gx, gy):
    return lambda: (gx(), gy())

def intu(lo, hi):
    return lambda: float(rnd.randint(lo, hi))

def noninteger(g):
    def h():
        while True:
            v = g()
            if v != math.floor(v):
                return v
    return h

def igamma_args(alo, ahi):
    def g():
        a = logu(alo, ahi)()
        return a, (3 * a + 1) * rnd.random()
    return g

def checked(f):
    """f at 80 and 100 digits, which must agree (mpmath's zeta at 40 digits
    is off in the 12th digit for x near 22, q near 47)."""
    def g(*args):
        with mp.workdps(80):
            v = f(*args)
        with mp.workdps(100):
            w = f(*args)
        if v != 0 and abs((v - w) / w) > mp.mpf(10) ** -30:
            raise SystemExit('reference does not converge: %s%r' % (f, args))
        return w
    return g

REF2 = {
    'zeta': checked(lambda x, q: mp.zeta(x, q)),
    'polygamma': checked(lambda n, x: mp.polygamma(int(n), x)),
    'igamma': checked(lambda a, x: mp.gammainc(a, 0, x, regularized=True)),
    'igammac': checked(lambda a, x: mp.gammainc(a, x, mp.inf, regularized=True)),
    'betainc': checked(lambda a, b, x: mp.betainc(a, b, 0, x, regularized=True)),
}

ROWS2 = [
    ('zeta', 'x in [1.01, 30], q in [0.1, 50]', pair(uni(1.01, 30), logu(0.1, 50))),
    ('zeta', 'x in [1.5, 5], q in [50, 1e6]', pair(uni(1.5, 5), logu(50, 1e6))),
    ('zeta', 'integer x in [2, 10], q in (-10, 0)', pair(intu(2, 10), noninteger(uni(-10, 0)))),
    ('polygamma', 'n in {1..5}, x in [0.1, 20]', pair(intu(1, 5), uni(0.1, 20))),
    ('polygamma', 'n in {1..5}, x in (-5, 0)', pair(intu(1, 5), noninteger(uni(-5, 0)))),
    ('polygamma', 'n = 0, x in [0.1, 10]', pair(intu(0, 0), uni(0.1, 10))),
    ('igamma', 'a in [0.05, 10], x in [0, 3a+1]', igamma_args(0.05, 10)),
    ('igamma', 'a in [10, 100], x in [0, 3a+1]', igamma_args(10, 100)),
    ('igammac', 'a in [0.05, 10], x in [0, 3a+1]', igamma_args(0.05, 10)),
    ('igammac', 'a in [10, 100], x in [0, 3a+1]', igamma_args(10, 100)),
]

def triple(ga, gb, gx):
    return lambda: (ga(), gb(), gx())

ROWS3 = [
    ('betainc', 'a, b in [0.1, 10], x in (0, 1)', triple(logu(0.1, 10), logu(0.1, 10), uni(0, 1))),
    ('betainc', 'a, b in [10, 100], x in (0, 1)', triple(logu(10, 100), logu(10, 100), uni(0, 1))),
]

def write_refs3(count):
    import gzip
    rnd.seed(13)
    out = {}
    for fn, label, gen in ROWS3:
        for lt in ['f32', 'f64']:
            lines = out.setdefault(fn, [])
            lines.append('range %s %s' % (lt, label))
            for _ in range(count):
                args = gen()
                if lt == 'f32':
                    args = tuple(f32(v) for v in args)
                v = REF2[fn](*[mp.mpf(a) for a in args])
                lines.append(' '.join(repr(float(a)) for a in args) + ' ' + repr(float(v)))
    for fn, lines in out.items():
        path = os.path.join(ROOT, 'internal/wasmmath/testdata/special', fn + '.txt.gz')
        with gzip.GzipFile(path, 'wb', mtime=0) as f:
            f.write(('\n'.join(lines) + '\n').encode())

def write_refs2(count):
    import gzip
    rnd.seed(11)
    out = {}
    for fn, label, gen in ROWS2:
        for lt in ['f32', 'f64']:
            lines = out.setdefault(fn, [])
            lines.append('range %s %s' % (lt, label))
            for _ in range(count):
                x, y = gen()
                if lt == 'f32':
                    x, y = f32(x), f32(y)
                v = REF2[fn](mp.mpf(x), mp.mpf(y))
                if isinstance(v, mp.mpc):
                    v = v.real
                lines.append('%r %r %s' % (float(x), float(y), repr(float(v))))
    for fn, lines in out.items():
        path = os.path.join(ROOT, 'internal/wasmmath/testdata/special', fn + '.txt.gz')
        with gzip.GzipFile(path, 'wb', mtime=0) as f:
            f.write(('\n'.join(lines) + '\n').encode())

if 'refs' in sys.argv:
    write_refs(int(os.environ.get('SPECIAL_N', '1000')))
if 'refs3' in sys.argv:
    write_refs3(int(os.environ.get('SPECIAL_N2', '500')))
if 'refs2' in sys.argv:
    write_refs2(int(os.environ.get('SPECIAL_N2', '500')))

# ------------------------------------------------ references for refeval

def write_refeval(count):
    rnd.seed(7)
    rows = []
    def add(fn, args, v):
        if isinstance(v, mp.mpc):
            v = v.real
        rows.append(' '.join([fn] + [repr(float(a)) for a in args] + [repr(float(v))]))
    one = {'lgamma': [uni(0, 10), uni(-10, 0), logu(10, 1e300)], 'digamma': [uni(0, 10), uni(-10, 0), logu(10, 1e300)],
           'erfinv': [uni(-1, 1), one_minus(2 ** -53, 0.5, True)], 'ndtri': [uni(0, 1), logu(1e-300, 0.1)],
           'besseli0e': [uni(-10, 10), logu(1e-10, 1e300, True)], 'besseli1e': [uni(-10, 10), logu(1e-300, 1e300, True)]}
    for fn, gens in one.items():
        for g in gens:
            for _ in range(count):
                x = float(g())
                add(fn, [x], REF[fn](mp.mpf(x)))
    for _ in range(count):
        x, q = float(uni(1.01, 30)()), float(logu(0.1, 50)())
        add('zeta', [x, q], REF2['zeta'](x, q))
    for _ in range(count // 4):
        x, q = float(rnd.randint(2, 10)), float(uni(-10, 0)())
        add('zeta', [x, q], REF2['zeta'](x, q))
    for _ in range(count):
        n = float(rnd.randint(1, 5))
        x = float(uni(0.1, 20)() if rnd.random() < 0.75 else uni(-5, 0)())
        add('polygamma', [n, x], REF2['polygamma'](n, x))
    for _ in range(count):
        a = float(logu(0.05, 100)())
        x = float(uni(0, 3 * a + 1)())
        add('igamma', [a, x], REF2['igamma'](a, x))
        add('igammac', [a, x], REF2['igammac'](a, x))
    for _ in range(count):
        a, b, x = float(logu(0.1, 50)()), float(logu(0.1, 50)()), float(uni(0, 1)())
        add('betainc', [a, b, x], REF2['betainc'](a, b, x))
    path = os.path.join(ROOT, 'internal/refeval/refmath/testdata/special.txt')
    open(path, 'w').write('# fn args... want: mpmath at 40 digits, rounded to float64\n' + '\n'.join(rows) + '\n')

if 'refeval' in sys.argv:
    write_refeval(int(os.environ.get('SPECIAL_REFEVAL_N', '200')))
