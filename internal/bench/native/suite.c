/*
 * suite.c: the native C peer of sandjit's benchmark suite (package bench,
 * which embeds this file, builds it with $CC or gcc and runs it).
 *
 * Each kernel K1..K10 is a non-inlined function over preallocated, 64-byte
 * aligned buffers, computing exactly what the Go baseline of
 * internal/bench/suite.go computes, in the same loop order (sums in float32
 * in index order, the column sums row by row, the matmul i-k-j) except the
 * transpose, which takes the tiling that was fastest here (8x8 tiles, see
 * k8_transpose). Transcendentals are libm's float functions (tanhf, expf,
 * sqrtf). Built with -O3 -march=native this is the "C -O3"
 * peer of shared/research/peers.md; with -Ofast (-ffast-math: sums
 * reassociated and vectorised, glibc's vector tanhf/expf) the "C -Ofast" one.
 *
 * Usage: suite KERNEL N M E BUDGET_MS IN_FILE... OUT_FILE
 *
 * KERNEL is K1..K10; N, M, E are the suite's sizes (bench.Dims); the input
 * files (as many as the kernel has inputs) hold raw little-endian float32
 * values, exactly as many as the input's shape has elements. It runs
 * warm-up calls, then times samples of back-to-back calls (batched so that
 * a sample lasts at least ~1 ms; the time per call is the sample's over its
 * batch) until BUDGET_MS milliseconds are spent (at least 3 samples),
 * writes the result of one call to OUT_FILE (raw little-endian float32) and
 * prints one JSON line: {"median_ms":…,"p10_ms":…,"p90_ms":…,"mean_ms":…,
 * "min_ms":…,"cpu_ms":…,"calls":…,"samples":…,"batch":…}. Any error is a
 * message on stderr and exit status 2.
 *
 * Plain C11 plus POSIX clock_gettime; libc and libm only.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
/* Keeps the calls of a batch apart: each one's stores must happen. */
#define BARRIER() __asm__ volatile("" ::: "memory")
#else
#define NOINLINE
#define BARRIER() ((void)0)
#endif

enum {
	MAX_N = 16384,          /* N and M: a [16384,16384] float32 is 1 GiB */
	MAX_E = 1 << 26,        /* E */
	MAX_BUDGET_MS = 3600000, /* one hour */
	MAX_SAMPLES = 1 << 20,
	MIN_SAMPLES = 3,
	MAX_INPUTS = 3,
};

static const char *prog = "suite";

static void die(const char *format, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", prog);
	va_start(ap, format);
	vfprintf(stderr, format, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

/* ---- the kernels ---- */

/* K1: out = tanh(x), n elements. */
static NOINLINE void k1_tanh(float *restrict out, const float *restrict x, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = tanhf(x[i]);
}

/* K2: out = max(a*b+c, 0), n elements. */
static NOINLINE void k2_fma_relu(float *restrict out, const float *restrict a, const float *restrict b,
				 const float *restrict c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		float v = a[i] * b[i] + c[i];
		if (v < 0)
			v = 0;
		out[i] = v;
	}
}

/* K3: out[r][j] = x[r][j] + bias[j] over [n,n]. */
static NOINLINE void k3_bias(float *restrict out, const float *restrict x, const float *restrict bias, size_t n)
{
	for (size_t r = 0; r < n; r++) {
		float *o = out + r * n;
		const float *xr = x + r * n;
		for (size_t j = 0; j < n; j++)
			o[j] = xr[j] + bias[j];
	}
}

/* K4: out[r] = the sum of row r of [n,n], in index order. */
static NOINLINE void k4_row_sum(float *restrict out, const float *restrict x, size_t n)
{
	for (size_t r = 0; r < n; r++) {
		const float *xr = x + r * n;
		float s = 0;
		for (size_t j = 0; j < n; j++)
			s += xr[j];
		out[r] = s;
	}
}

/* K5: out[j] = the sum of column j of [n,n], accumulated row by row. */
static NOINLINE void k5_col_sum(float *restrict out, const float *restrict x, size_t n)
{
	memset(out, 0, n * sizeof *out);
	for (size_t r = 0; r < n; r++) {
		const float *xr = x + r * n;
		for (size_t j = 0; j < n; j++)
			out[j] += xr[j];
	}
}

/* K6: softmax of each row of [n,n]: max, exp(x - max) and its sum, scale. */
static NOINLINE void k6_softmax(float *restrict out, const float *restrict x, size_t n)
{
	for (size_t r = 0; r < n; r++) {
		const float *xr = x + r * n;
		float *o = out + r * n;
		float m = xr[0]; /* the Go baseline starts at -Inf: the same for any row */
		for (size_t j = 0; j < n; j++)
			m = xr[j] > m ? xr[j] : m;
		float s = 0;
		for (size_t j = 0; j < n; j++) {
			float e = expf(xr[j] - m);
			o[j] = e;
			s += e;
		}
		float inv = 1 / s;
		for (size_t j = 0; j < n; j++)
			o[j] *= inv;
	}
}

/* K7: out = a·b, all [n,n], in i-k-j order. */
static NOINLINE void k7_matmul(float *restrict out, const float *restrict a, const float *restrict b, size_t n)
{
	memset(out, 0, n * n * sizeof *out);
	for (size_t i = 0; i < n; i++) {
		float *o = out + i * n;
		for (size_t k = 0; k < n; k++) {
			float av = a[i * n + k];
			const float *br = b + k * n;
			for (size_t j = 0; j < n; j++)
				o[j] += av * br[j];
		}
	}
}

/*
 * K8: out = the transpose of [n,n] x, in 8x8 tiles, each written row by
 * row (the Go baseline uses 32x32 tiles read row by row). Of the simple
 * tilings this was much the fastest on the 2-vCPU Zen 3 VM the suite runs
 * on (1024x1024, -O3 -march=native, medians): 8x8 writing rows 1.2-1.4 ms,
 * 16x16 1.7-1.8, 32x32 4.3-4.9 either way, untiled 8.1. With 32 or more
 * rows a tile's writes, 4 KiB apart, fall into one set of an 8-way L1 and
 * evict each other.
 */
static NOINLINE void k8_transpose(float *restrict out, const float *restrict x, size_t n)
{
	enum { tile = 8 };
	for (size_t i0 = 0; i0 < n; i0 += tile) {
		size_t i1 = i0 + tile < n ? i0 + tile : n;
		for (size_t j0 = 0; j0 < n; j0 += tile) {
			size_t j1 = j0 + tile < n ? j0 + tile : n;
			for (size_t j = j0; j < j1; j++)
				for (size_t i = i0; i < i1; i++)
					out[j * n + i] = x[i * n + j];
		}
	}
}

/* K9: out = x + y, e elements: the cost of one call. */
static NOINLINE void k9_add(float *restrict out, const float *restrict x, const float *restrict y, size_t e)
{
	for (size_t i = 0; i < e; i++)
		out[i] = x[i] + y[i];
}

/* K10: layer norm of each row of [n,n]: (x - mean) / sqrt(variance + 1e-5). */
static NOINLINE void k10_layer_norm(float *restrict out, const float *restrict x, size_t n)
{
	float fn = (float)n;
	for (size_t r = 0; r < n; r++) {
		const float *xr = x + r * n;
		float *o = out + r * n;
		float s = 0;
		for (size_t j = 0; j < n; j++)
			s += xr[j];
		float mean = s / fn;
		float ss = 0;
		for (size_t j = 0; j < n; j++) {
			float c = xr[j] - mean;
			o[j] = c;
			ss += c * c;
		}
		float rs = 1 / sqrtf(ss / fn + 1e-5f);
		for (size_t j = 0; j < n; j++)
			o[j] *= rs;
	}
}

/* ---- the command ---- */

struct job {
	int kernel; /* 1..10 */
	size_t n, m, e;
	float *in[MAX_INPUTS];
	float *out;
};

/* The number of inputs of kernel k, the element count of input i, and of the result. */
static int num_inputs(int k)
{
	switch (k) {
	case 2:
		return 3;
	case 3:
	case 7:
	case 9:
		return 2;
	default:
		return 1;
	}
}

static size_t in_elems(const struct job *j, int i)
{
	switch (j->kernel) {
	case 3:
		return i == 0 ? j->n * j->n : j->n;
	case 7:
		return j->m * j->m;
	case 9:
		return j->e;
	default:
		return j->n * j->n;
	}
}

static size_t out_elems(const struct job *j)
{
	switch (j->kernel) {
	case 4:
	case 5:
		return j->n;
	case 7:
		return j->m * j->m;
	case 9:
		return j->e;
	default:
		return j->n * j->n;
	}
}

static void call(const struct job *j)
{
	float *const *in = j->in;
	switch (j->kernel) {
	case 1:
		k1_tanh(j->out, in[0], j->n * j->n);
		break;
	case 2:
		k2_fma_relu(j->out, in[0], in[1], in[2], j->n * j->n);
		break;
	case 3:
		k3_bias(j->out, in[0], in[1], j->n);
		break;
	case 4:
		k4_row_sum(j->out, in[0], j->n);
		break;
	case 5:
		k5_col_sum(j->out, in[0], j->n);
		break;
	case 6:
		k6_softmax(j->out, in[0], j->n);
		break;
	case 7:
		k7_matmul(j->out, in[0], in[1], j->m);
		break;
	case 8:
		k8_transpose(j->out, in[0], j->n);
		break;
	case 9:
		k9_add(j->out, in[0], in[1], j->e);
		break;
	case 10:
		k10_layer_norm(j->out, in[0], j->n);
		break;
	}
}

/* parse_size reads a decimal integer in [1, max] or dies naming what. */
static size_t parse_size(const char *what, const char *s, long max)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (end == s || *end != '\0' || errno != 0 || v < 1 || v > max)
		die("%s must be an integer in [1, %ld], got \"%s\"", what, max, s);
	return (size_t)v;
}

static float *alloc_floats(size_t n)
{
	size_t bytes = (n * sizeof(float) + 63) / 64 * 64;
	float *p = aligned_alloc(64, bytes);
	if (p == NULL)
		die("out of memory allocating %zu bytes", bytes);
	return p;
}

static int little_endian(void)
{
	const uint32_t one = 1;
	unsigned char b;
	memcpy(&b, &one, 1);
	return b == 1;
}

static void swap_words(float *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t w;
		memcpy(&w, &v[i], 4);
		w = (w >> 24) | ((w >> 8) & 0xff00u) | ((w << 8) & 0xff0000u) | (w << 24);
		memcpy(&v[i], &w, 4);
	}
}

/* read_floats fills v with exactly n little-endian float32 values from path. */
static void read_floats(const char *path, float *v, size_t n)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		die("%s: %s", path, strerror(errno));
	size_t got = fread(v, sizeof(float), n, f);
	if (ferror(f))
		die("%s: read error", path);
	if (got != n)
		die("%s: %zu float32 values, want %zu (%zu bytes)", path, got, n, n * sizeof(float));
	if (fgetc(f) != EOF)
		die("%s: longer than %zu float32 values (%zu bytes)", path, n, n * sizeof(float));
	fclose(f);
	if (!little_endian())
		swap_words(v, n);
}

static void write_floats(const char *path, float *v, size_t n)
{
	if (!little_endian())
		swap_words(v, n);
	FILE *f = fopen(path, "wb");
	if (f == NULL)
		die("%s: %s", path, strerror(errno));
	size_t put = fwrite(v, sizeof(float), n, f);
	if (put != n || fclose(f) != 0)
		die("%s: write error", path);
}

static double now_ns(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		die("clock_gettime: %s", strerror(errno));
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* timed_batch runs batch calls back to back and returns their time in ns. */
static double timed_batch(const struct job *j, long batch)
{
	double t0 = now_ns();
	for (long b = 0; b < batch; b++) {
		call(j);
		BARRIER();
	}
	return now_ns() - t0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* quantile interpolates linearly between the closest ranks of sorted s, as the Go side does. */
static double quantile(const double *s, size_t n, double q)
{
	double p = q * (double)(n - 1);
	size_t i = (size_t)p;
	if (i >= n - 1)
		return s[n - 1];
	double f = p - (double)i;
	return s[i] * (1 - f) + s[i + 1] * f;
}

int main(int argc, char **argv)
{
	if (argc > 0 && argv[0] != NULL && argv[0][0] != '\0') {
		const char *slash = strrchr(argv[0], '/');
		prog = slash != NULL ? slash + 1 : argv[0];
	}
	if (argc < 2)
		die("usage: %s KERNEL N M E BUDGET_MS IN_FILE... OUT_FILE", prog);
	struct job j;
	memset(&j, 0, sizeof j);
	static const char *const names[] = {"K1", "K2", "K3", "K4", "K5", "K6", "K7", "K8", "K9", "K10"};
	for (int k = 0; k < 10; k++)
		if (strcmp(argv[1], names[k]) == 0)
			j.kernel = k + 1;
	if (j.kernel == 0)
		die("unknown kernel \"%s\" (want K1 to K10)", argv[1]);
	int nin = num_inputs(j.kernel);
	if (argc != 6 + nin + 1)
		die("%s takes %d input file(s): usage: %s %s N M E BUDGET_MS IN_FILE... OUT_FILE (%d arguments given, want %d)",
		    argv[1], nin, prog, argv[1], argc - 1, 6 + nin);
	j.n = parse_size("N", argv[2], MAX_N);
	j.m = parse_size("M", argv[3], MAX_N);
	j.e = parse_size("E", argv[4], MAX_E);
	double budget_ns = (double)parse_size("BUDGET_MS", argv[5], MAX_BUDGET_MS) * 1e6;
	const char *out_path = argv[6 + nin];

	for (int i = 0; i < nin; i++) {
		size_t n = in_elems(&j, i);
		j.in[i] = alloc_floats(n);
		read_floats(argv[6 + i], j.in[i], n);
	}
	size_t nout = out_elems(&j);
	j.out = alloc_floats(nout);

	/* Warm up: two calls (page faults, caches), then grow the batch until
	 * one lasts at least 1 ms. */
	call(&j);
	BARRIER();
	call(&j);
	BARRIER();
	long batch = 1;
	for (;;) {
		double t = timed_batch(&j, batch);
		if (t >= 1e6 || batch >= (1L << 30))
			break;
		double grow = t > 0 ? 1.2e6 / t : 1000;
		grow = grow < 2 ? 2 : grow > 1000 ? 1000 : grow;
		batch = (long)((double)batch * grow);
	}

	size_t cap = 1024, ns = 0;
	double *samples = malloc(cap * sizeof *samples);
	if (samples == NULL)
		die("out of memory");
	clock_t cpu0 = clock();
	double start = now_ns();
	while (ns < MAX_SAMPLES && (ns < MIN_SAMPLES || now_ns() - start < budget_ns)) {
		if (ns == cap) {
			cap *= 2;
			double *s = realloc(samples, cap * sizeof *samples);
			if (s == NULL)
				die("out of memory");
			samples = s;
		}
		samples[ns++] = timed_batch(&j, batch) / (double)batch;
	}
	clock_t cpu1 = clock();
	double calls = (double)ns * (double)batch;
	double cpu_ms = cpu0 == (clock_t)-1 || cpu1 == (clock_t)-1
				? 0
				: (double)(cpu1 - cpu0) / CLOCKS_PER_SEC * 1e3 / calls;

	double sum = 0;
	for (size_t i = 0; i < ns; i++)
		sum += samples[i];
	qsort(samples, ns, sizeof *samples, cmp_double);

	write_floats(out_path, j.out, nout);
	printf("{\"median_ms\":%.9g,\"p10_ms\":%.9g,\"p90_ms\":%.9g,\"mean_ms\":%.9g,\"min_ms\":%.9g,"
	       "\"cpu_ms\":%.9g,\"calls\":%.0f,\"samples\":%zu,\"batch\":%ld}\n",
	       quantile(samples, ns, 0.5) / 1e6, quantile(samples, ns, 0.1) / 1e6, quantile(samples, ns, 0.9) / 1e6,
	       sum / (double)ns / 1e6, samples[0] / 1e6, cpu_ms, calls, ns, batch);
	if (fflush(stdout) != 0 || ferror(stdout))
		die("writing to stdout failed");
	free(samples);
	for (int i = 0; i < nin; i++)
		free(j.in[i]);
	free(j.out);
	return 0;
}
