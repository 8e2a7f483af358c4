package server

import (
	"context"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/sandjit/sandjit/engine"
)

// metrics are one server's Prometheus metrics, in a registry of its own
// (never the global one). Tenant labels come from the config, so their
// number is bounded; requests without a valid key count as tenant "-".
type metrics struct {
	reg            *prometheus.Registry
	requests       *prometheus.CounterVec   // tenant, endpoint, code
	latency        *prometheus.HistogramVec // tenant, endpoint
	compiles       *prometheus.CounterVec   // tenant, result
	compileSeconds *prometheus.HistogramVec // tenant
	runs           *prometheus.CounterVec   // tenant, result
	runSeconds     *prometheus.HistogramVec // tenant
	errors         *prometheus.CounterVec   // tenant, kind
	inflight       *prometheus.GaugeVec     // tenant
	compiling      *prometheus.GaugeVec     // tenant
	stateErrors    *prometheus.CounterVec   // op
}

// noTenant labels requests no tenant could be found for.
const noTenant = "-"

// latencyBuckets span 50 µs to ~30 s.
var latencyBuckets = prometheus.ExponentialBucketsRange(50e-6, 30, 16)

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sandjit_requests_total", Help: "HTTP requests by tenant, endpoint and status code.",
		}, []string{"tenant", "endpoint", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "sandjit_request_duration_seconds", Help: "HTTP request latency by tenant and endpoint.", Buckets: latencyBuckets,
		}, []string{"tenant", "endpoint"}),
		compiles: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sandjit_compiles_total", Help: "Kernel submissions by tenant and result (ok, error, timeout).",
		}, []string{"tenant", "result"}),
		compileSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "sandjit_compile_duration_seconds", Help: "Kernel compilation latency (cache hits included).", Buckets: latencyBuckets,
		}, []string{"tenant"}),
		runs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sandjit_runs_total", Help: "Kernel runs by tenant and result (ok, error, timeout).",
		}, []string{"tenant", "result"}),
		runSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "sandjit_run_duration_seconds", Help: "Kernel run latency (engine time, without decoding and encoding).", Buckets: latencyBuckets,
		}, []string{"tenant"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sandjit_errors_total", Help: "Error answers by tenant and kind (a quota's kind is its limit's name).",
		}, []string{"tenant", "kind"}),
		inflight: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "sandjit_runs_in_flight", Help: "Runs in flight by tenant (from taking a run slot to answering).",
		}, []string{"tenant"}),
		compiling: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "sandjit_compiles_in_flight", Help: "Compilations in flight by tenant, including ones past their request's budget.",
		}, []string{"tenant"}),
		stateErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sandjit_state_errors_total", Help: "Failed calls to the shared state (Redis) by operation; each failed request answered 503 state_unavailable.",
		}, []string{"op"}),
	}
	m.reg.MustRegister(m.stateErrors, m.requests, m.latency, m.compiles, m.compileSeconds, m.runs, m.runSeconds, m.errors, m.inflight, m.compiling,
		&engineCollector{s: s},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for _, t := range s.tenants {
		m.inflight.WithLabelValues(t.name)
		m.compiling.WithLabelValues(t.name)
		m.runs.WithLabelValues(t.name, "ok")
		m.compiles.WithLabelValues(t.name, "ok")
	}
	return m
}

// engineCollector reads the engine's own counters at scrape time: each
// tenant's arena and runtime, and the shared cache of compiled kernels.
type engineCollector struct{ s *Server }

var (
	descArenaInUse = prometheus.NewDesc("sandjit_arena_bytes_in_use", "Bytes of the tenant's arena in live blocks.", []string{"tenant"}, nil)
	descArenaPeak  = prometheus.NewDesc("sandjit_arena_bytes_peak", "Highest arena bytes in use so far.", []string{"tenant"}, nil)
	descArenaLimit = prometheus.NewDesc("sandjit_arena_bytes_limit", "The tenant's arena quota (arena_bytes).", []string{"tenant"}, nil)
	descKernels    = prometheus.NewDesc("sandjit_kernels", "Kernels the tenant holds.", []string{"tenant"}, nil)
	descEngine     = prometheus.NewDesc("sandjit_engine_events_total", "The tenant runtime's counters: compile_hits, compile_misses, executables, specializations, loads, runs.", []string{"tenant", "event"}, nil)
	descCache      = prometheus.NewDesc("sandjit_cache_events_total", "The shared compiled-kernel cache's counters: hits, waits, misses, errors, evictions, disk_hits, disk_misses, disk_rejects.", []string{"event"}, nil)
	descCacheBytes = prometheus.NewDesc("sandjit_cache_bytes", "Bytes of compiled kernels held in memory.", nil, nil)
)

// Describe implements prometheus.Collector.
func (c *engineCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descArenaInUse, descArenaPeak, descArenaLimit, descKernels, descEngine, descCache, descCacheBytes} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (c *engineCollector) Collect(ch chan<- prometheus.Metric) {
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	counter := func(d *prometheus.Desc, v int64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), labels...)
	}
	stateOK := true
	for _, t := range c.s.tenants {
		a := t.rt.ArenaStats()
		gauge(descArenaInUse, float64(a.InUse), t.name)
		gauge(descArenaPeak, float64(a.Peak), t.name)
		gauge(descArenaLimit, float64(a.Limit), t.name)
		if stateOK {
			// With Redis down, one failed call is enough for a scrape.
			n, err := c.s.state.numKernels(context.Background(), t.name)
			if stateOK = err == nil; stateOK {
				gauge(descKernels, float64(n), t.name)
			}
		}
		st := t.rt.Stats()
		for _, e := range []struct {
			name string
			v    int64
		}{{"compile_hits", st.CompileHits}, {"compile_misses", st.CompileMisses}, {"executables", st.Executables},
			{"specializations", st.Specializations}, {"loads", st.Loads}, {"runs", st.Runs}} {
			counter(descEngine, e.v, t.name, e.name)
		}
	}
	cs := c.s.cache.Stats()
	for _, e := range cacheEvents(cs) {
		counter(descCache, e.v, e.name)
	}
	gauge(descCacheBytes, float64(cs.Artifacts.Bytes))
}

type event struct {
	name string
	v    int64
}

func cacheEvents(cs engine.CacheStats) []event {
	return []event{{"hits", cs.Artifacts.Hits}, {"waits", cs.Artifacts.Waits}, {"misses", cs.Artifacts.Misses},
		{"errors", cs.Artifacts.Errors}, {"evictions", cs.Artifacts.Evictions},
		{"disk_hits", cs.DiskHits}, {"disk_misses", cs.DiskMisses}, {"disk_rejects", cs.DiskRejects}}
}
