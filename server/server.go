package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
	"golang.org/x/sync/singleflight"

	"github.com/sandjit/sandjit/engine"
)

// Server is a multi-tenant sandjit server: an http.Handler over one
// engine.Runtime per tenant and one compiled-kernel cache they share.
// It is safe for concurrent use. Make one with New, serve it with Serve
// (or mount Handler yourself), and release it with Close.
type Server struct {
	cfg     resolved
	log     *slog.Logger
	cache   *engine.Cache
	state   state
	tenants []*tenant
	metrics *metrics
	handler http.Handler

	// base is the context of every request; cancelling it (with cause
	// errShutdown) cancels every run and compilation in flight.
	base       context.Context
	cancelBase context.CancelCauseFunc

	ready    atomic.Bool    // /readyz: serving and not draining
	draining atomic.Bool    // new API requests get 503
	inflight sync.WaitGroup // handlers and background compilations
	closeMu  sync.Mutex
	closed   bool
}

// tenant is one tenant: its runtime (arena, instances) and the kernels
// this replica has compiled for it. Its kernel records and quotas live in
// the server's state (in process, or in Redis across replicas).
type tenant struct {
	name   string
	hashes [][sha256.Size]byte
	quotas Quotas
	rt     *engine.Runtime

	mu       sync.Mutex
	compiled map[string]*kernel // by id; at most max_kernels
	loading  singleflight.Group // compilations of records submitted elsewhere, by id
}

// local is the kernel id as this replica compiled it, or nil.
func (t *tenant) local(id string) *kernel {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.compiled[id]
}

// keep adds a compiled kernel, dropping another (it is compiled again
// when needed) when the tenant's records were deleted elsewhere.
func (t *tenant) keep(k *kernel) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.compiled[k.id]; !ok && len(t.compiled) >= t.quotas.MaxKernels {
		for id := range t.compiled {
			delete(t.compiled, id)
			break
		}
	}
	t.compiled[k.id] = k
}

func (t *tenant) forget(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.compiled, id)
}

// Option configures a Server.
type Option func(*Server)

// WithLogger sets the structured logger (default: discard).
func WithLogger(l *slog.Logger) Option { return func(s *Server) { s.log = l } }

// New validates cfg and makes a server: the shared cache (on disk when
// cfg.CacheDir is set) and one runtime per tenant, with the tenant's
// arena quota.
func New(ctx context.Context, cfg Config, opts ...Option) (*Server, error) {
	rc, err := cfg.resolve()
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: rc, log: slog.New(slog.DiscardHandler)}
	for _, o := range opts {
		o(s)
	}
	s.state = newMemState()
	if rc.Redis != nil {
		password := ""
		if env := rc.Redis.PasswordEnv; env != "" {
			var ok bool
			if password, ok = os.LookupEnv(env); !ok {
				return nil, fmt.Errorf("%w: redis: password_env names %s, which is not set", ErrConfig, env)
			}
		}
		s.state = newRedisState(*rc.Redis, password, func(op string) { s.metrics.stateErrors.WithLabelValues(op).Inc() })
	}
	s.cache, err = engine.NewCache(engine.CacheOptions{MaxBytes: rc.CacheMaxBytes, Dir: rc.CacheDir})
	if err != nil {
		return nil, fmt.Errorf("server: kernel cache: %w", err)
	}
	for _, spec := range rc.tenants {
		q := spec.quotas
		// The arena reserves address space (not memory) with room for
		// fragmentation; the quota bounds what is in use at once.
		size := min(int64(4<<30), (2*q.ArenaBytes+(64<<10)-1)&^(64<<10-1))
		rt, err := engine.New(ctx, engine.WithArenaSize(size), engine.WithMemoryLimit(q.ArenaBytes),
			engine.WithWorkers(q.Workers), engine.WithCache(s.cache),
			engine.WithCompileLimits(engine.CompileLimits{Rank: q.MaxRank, Elements: int64(q.MaxElements)}))
		if err != nil {
			s.closeRuntimes(ctx)
			s.cache.Close(ctx)
			s.state.close()
			return nil, fmt.Errorf("server: tenant %q: %w", spec.name, err)
		}
		s.tenants = append(s.tenants, &tenant{name: spec.name, hashes: spec.hashes, quotas: q, rt: rt, compiled: map[string]*kernel{}})
	}
	s.base, s.cancelBase = context.WithCancelCause(context.WithoutCancel(ctx))
	s.metrics = newMetrics(s)
	s.handler = s.routes()
	s.ready.Store(true)
	return s, nil
}

// Handler is the server's HTTP handler. Mounted outside Serve, it drains
// only through Close, which cancels what is in flight.
func (s *Server) Handler() http.Handler { return s.handler }

// CacheStats reports the shared cache of compiled kernels.
func (s *Server) CacheStats() engine.CacheStats { return s.cache.Stats() }

// Serve answers requests on ln until ctx ends, then shuts down: /readyz
// turns 503 and no new connection is accepted; requests in flight get
// cfg.ShutdownGrace to finish, after which their runs are cancelled
// (they answer 503) and, cfg.ShutdownCancelWait later, their connections
// are closed. Every response is complete when written (it carries its
// Content-Length) or not written at all. Serve returns nil after a clean
// shutdown; it does not Close the server.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: min(10*time.Second, time.Duration(s.cfg.ReadTimeout)),
		ReadTimeout:       time.Duration(s.cfg.ReadTimeout),
		WriteTimeout:      time.Duration(s.cfg.WriteTimeout),
		IdleTimeout:       time.Duration(s.cfg.IdleTimeout),
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return s.base },
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	s.log.Info("serving", "addr", ln.Addr().String(), "tenants", len(s.tenants))
	select {
	case err := <-errc:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	s.ready.Store(false)
	s.log.Info("shutting down", "grace", time.Duration(s.cfg.ShutdownGrace).String())
	grace, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Duration(s.cfg.ShutdownGrace))
	err := hs.Shutdown(grace)
	cancel()
	if err != nil {
		s.log.Warn("grace period over; cancelling requests in flight")
		s.draining.Store(true)
		s.cancelBase(errShutdown)
		wait, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Duration(s.cfg.ShutdownCancelWait))
		err = hs.Shutdown(wait)
		cancel()
		if err != nil {
			hs.Close()
		}
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server: %w", err)
	}
	s.log.Info("stopped accepting requests")
	return nil
}

// Close cancels what is still in flight, waits (within ctx) for every
// handler and background compilation to return, and releases the
// runtimes and the cache. If ctx ends first, the runtimes stay open (a
// run may still use its arena) and Close returns ctx's error.
func (s *Server) Close(ctx context.Context) error {
	s.closeMu.Lock()
	defer s.closeMu.Unlock()
	if s.closed {
		return nil
	}
	s.ready.Store(false)
	s.draining.Store(true)
	s.cancelBase(errShutdown)
	done := make(chan struct{})
	go func() { s.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		return fmt.Errorf("server: close: requests still in flight: %w", ctx.Err())
	}
	s.closed = true
	err := s.closeRuntimes(ctx)
	if cerr := s.cache.Close(ctx); err == nil && cerr != nil {
		err = fmt.Errorf("server: close cache: %w", cerr)
	}
	if cerr := s.state.close(); err == nil && cerr != nil {
		err = fmt.Errorf("server: close state: %w", cerr)
	}
	return err
}

func (s *Server) closeRuntimes(ctx context.Context) error {
	var first error
	for _, t := range s.tenants {
		if err := t.rt.Close(ctx); err != nil && first == nil {
			first = fmt.Errorf("server: close tenant %q: %w", t.name, err)
		}
	}
	return first
}

// authenticate finds the tenant of a bearer token. The token's SHA-256 is
// compared with every key's in constant time, and the scan never stops
// early, so timing says nothing about which key or tenant came close.
func (s *Server) authenticate(r *http.Request) *tenant {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return nil
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(token)))
	var found *tenant
	for _, t := range s.tenants {
		for i := range t.hashes {
			if subtle.ConstantTimeCompare(sum[:], t.hashes[i][:]) == 1 {
				found = t
			}
		}
	}
	return found
}

// reply is a complete response.
type reply struct {
	status      int
	contentType string
	body        []byte
	header      http.Header
}

// jsonReply encodes v as one line of JSON (HTML characters unescaped:
// the answers carry MLIR types such as tensor<2xf32>).
func jsonReply(status int, v any) *reply {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		buf.Reset()
		buf.WriteString(`{"error":"internal error encoding the answer","kind":"internal"}` + "\n")
		status = http.StatusInternalServerError
	}
	return &reply{status: status, contentType: "application/json", body: buf.Bytes()}
}

// errorBody is the JSON of every error answer: one line.
type errorBody struct {
	Error       string   `json:"error"`
	Kind        string   `json:"kind"`
	Limit       string   `json:"limit,omitempty"`
	Diagnostics []string `json:"diagnostics,omitempty"`
	RequestID   string   `json:"request_id,omitempty"`
}

// write sends a reply with its Content-Length.
func (rp *reply) write(w http.ResponseWriter) {
	h := w.Header()
	for k, v := range rp.header {
		h[k] = v
	}
	h.Set("Content-Type", rp.contentType)
	h.Set("Content-Length", strconv.Itoa(len(rp.body)))
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(rp.status)
	w.Write(rp.body)
}

// endpoint names label metrics and logs.
const (
	epCreate  = "kernels_create"
	epList    = "kernels_list"
	epGet     = "kernels_get"
	epDelete  = "kernels_delete"
	epRun     = "kernels_run"
	epOps     = "ops"
	epHealth  = "healthz"
	epReady   = "readyz"
	epMetrics = "metrics"
	epOther   = "other"
)

// apiHandler is one endpoint of the authenticated API.
type apiHandler func(ctx context.Context, r *http.Request, t *tenant) (*reply, error)

// request is what the middleware knows of a request, for its log line.
type request struct {
	id       string
	endpoint string
	tenant   string
}

func newRequestID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// serveAPI runs an API endpoint: request id, panic guard, draining check,
// authentication, rate limit, body bound, then the handler; it writes
// the reply or the error, logs one line and counts metrics.
func (s *Server) serveAPI(endpoint string, allow string, h apiHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.inflight.Add(1)
		defer s.inflight.Done()
		start := time.Now()
		req := &request{id: newRequestID(), endpoint: endpoint, tenant: noTenant}
		w.Header().Set("X-Request-Id", req.id)
		var rp *reply
		var err error
		func() {
			defer func() {
				if p := recover(); p != nil {
					err = &apiError{status: http.StatusInternalServerError, kind: kindInternal, msg: "internal error",
						err: fmt.Errorf("panic: %v\n%s", p, debug.Stack())}
				}
			}()
			rp, err = s.dispatch(w, r, req, allow, h)
		}()
		if err != nil {
			rp = s.errorReply(req, err)
		}
		rp.write(w)
		s.observe(r, req, rp, err, time.Since(start))
	}
}

func (s *Server) dispatch(w http.ResponseWriter, r *http.Request, req *request, allow string, h apiHandler) (*reply, error) {
	if s.draining.Load() {
		return nil, errorf(http.StatusServiceUnavailable, kindShutdown, "server shutting down")
	}
	t := s.authenticate(r)
	if t == nil {
		return nil, errorf(http.StatusUnauthorized, kindUnauthorized, "missing or unknown API key (Authorization: Bearer KEY)")
	}
	req.tenant = t.name
	if !methodAllowed(r.Method, allow) {
		return nil, &apiError{status: http.StatusMethodNotAllowed, kind: kindMethod, msg: fmt.Sprintf("method %s not allowed; use %s", r.Method, allow)}
	}
	if err := s.state.allow(r.Context(), t.name, t.quotas); errors.Is(err, errNoSlot) {
		return nil, overLimit(limitRate, "over the tenant's rate_per_second of %g (burst %d)", t.quotas.RatePerSecond, t.quotas.Burst)
	} else if err != nil {
		return nil, stateError(err)
	}
	r.Body = http.MaxBytesReader(w, r.Body, t.quotas.MaxRequestBytes)
	// The request's context ends with the client, and with the server:
	// Close (or the end of Serve's grace period) cancels it with cause
	// errShutdown, however the handler is mounted.
	ctx, cancel := context.WithCancelCause(r.Context())
	defer cancel(nil)
	stop := context.AfterFunc(s.base, func() { cancel(context.Cause(s.base)) })
	defer stop()
	return h(ctx, r, t)
}

func methodAllowed(m, allow string) bool {
	for _, a := range strings.Split(allow, ", ") {
		if m == a || (m == http.MethodHead && a == http.MethodGet) {
			return true
		}
	}
	return false
}

// errorReply turns any error into its JSON answer.
func (s *Server) errorReply(req *request, err error) *reply {
	var ae *apiError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &ae):
	case errors.As(err, &mbe):
		ae = overLimit(limitRequestBytes, "the request body is over the tenant's max_request_bytes of %d", mbe.Limit)
	case isTimeout(err):
		ae = &apiError{status: http.StatusRequestTimeout, kind: kindReadTimeout, msg: "the request body did not arrive within the server's read_timeout", err: err}
	default:
		ae = &apiError{status: http.StatusInternalServerError, kind: kindInternal, msg: "internal error", err: err}
	}
	body := errorBody{Error: ae.msg, Kind: ae.kind, Limit: ae.limit, Diagnostics: ae.diagnostics}
	if ae.status >= 500 {
		body.RequestID = req.id
	}
	rp := jsonReply(ae.status, body)
	rp.header = http.Header{}
	switch ae.status {
	case http.StatusUnauthorized:
		rp.header.Set("WWW-Authenticate", `Bearer realm="sandjit"`)
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		rp.header.Set("Retry-After", "1")
	case http.StatusMethodNotAllowed:
		if req.endpoint != epOther {
			rp.header.Set("Allow", allowOf[req.endpoint])
		}
	}
	return rp
}

// allowOf is each endpoint's methods, for 405 answers.
var allowOf = map[string]string{
	epCreate: "GET, POST", epList: "GET, POST", epGet: "GET, DELETE", epDelete: "GET, DELETE", epRun: "POST", epOps: "GET",
	epHealth: "GET", epReady: "GET", epMetrics: "GET",
	epV2Server: "GET", epV2Live: "GET", epV2Ready: "GET", epV2Model: "GET", epV2ModelReady: "GET", epV2Infer: "POST",
}

// observe logs one line and counts the request.
func (s *Server) observe(r *http.Request, req *request, rp *reply, err error, d time.Duration) {
	code := strconv.Itoa(rp.status)
	s.metrics.requests.WithLabelValues(req.tenant, req.endpoint, code).Inc()
	s.metrics.latency.WithLabelValues(req.tenant, req.endpoint).Observe(d.Seconds())
	attrs := []slog.Attr{
		slog.String("id", req.id), slog.String("method", r.Method), slog.String("endpoint", req.endpoint),
		slog.String("tenant", req.tenant), slog.Int("status", rp.status), slog.Int("bytes", len(rp.body)),
		slog.Float64("ms", float64(d.Microseconds())/1000),
	}
	level := slog.LevelInfo
	if err != nil {
		var ae *apiError
		kind := kindInternal
		if errors.As(err, &ae) {
			kind = ae.kind
			if ae.limit != "" {
				attrs = append(attrs, slog.String("limit", ae.limit))
			}
		}
		s.metrics.errors.WithLabelValues(req.tenant, kind).Inc()
		attrs = append(attrs, slog.String("kind", kind), slog.String("error", oneLine(err.Error())))
		if rp.status >= 500 && rp.status != http.StatusServiceUnavailable && rp.status != http.StatusGatewayTimeout &&
			rp.status != http.StatusInsufficientStorage {
			level = slog.LevelError
			cause := err
			if ae != nil && ae.err != nil {
				cause = ae.err
			}
			attrs = append(attrs, slog.String("cause", cause.Error()))
		}
	}
	s.log.LogAttrs(r.Context(), level, "request", attrs...)
}

// isTimeout reports a network timeout (a body that did not arrive within
// the server's ReadTimeout).
func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// routes builds the mux. Methods are checked by the handlers, so that
// every error (405 included) is the same one-line JSON.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	list := s.serveAPI(epList, "GET, POST", func(ctx context.Context, _ *http.Request, t *tenant) (*reply, error) {
		return s.listKernels(ctx, t)
	})
	create := s.serveAPI(epCreate, "GET, POST", s.createKernel)
	mux.HandleFunc("/v1/kernels", func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			list(w, r)
			return
		}
		create(w, r)
	})
	mux.HandleFunc("/v1/kernels/{ref}", s.serveKernelRef)
	mux.HandleFunc("/v1/ops", s.serveAPI(epOps, "GET", func(context.Context, *http.Request, *tenant) (*reply, error) {
		return s.ops(), nil
	}))
	mux.HandleFunc("/healthz", s.servePlain(epHealth, func(*http.Request) *reply {
		return jsonReply(http.StatusOK, map[string]string{"status": "ok"})
	}))
	mux.HandleFunc("/readyz", s.servePlain(epReady, func(*http.Request) *reply {
		if !s.ready.Load() {
			return jsonReply(http.StatusServiceUnavailable, map[string]string{"status": "draining"})
		}
		return jsonReply(http.StatusOK, map[string]string{"status": "ready"})
	}))
	s.oipRoutes(mux)
	metricsHandler := promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{MaxRequestsInFlight: 4, Timeout: 10 * time.Second})
	mux.HandleFunc("/metrics", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			s.servePlain(epMetrics, nil)(w, r)
			return
		}
		if s.cfg.MetricsToken == "" && !s.cfg.MetricsOpen {
			req := &request{id: newRequestID(), endpoint: epMetrics, tenant: noTenant}
			s.errorReply(req, errorf(http.StatusForbidden, kindForbidden,
				"/metrics needs a token: set metrics_token in the config (or metrics_open: true to serve it to anyone)")).write(w)
			return
		}
		if tok := s.cfg.MetricsToken; tok != "" {
			_, got, _ := strings.Cut(r.Header.Get("Authorization"), " ")
			want, have := sha256.Sum256([]byte(tok)), sha256.Sum256([]byte(strings.TrimSpace(got)))
			if subtle.ConstantTimeCompare(want[:], have[:]) != 1 {
				req := &request{id: newRequestID(), endpoint: epMetrics, tenant: noTenant}
				rp := s.errorReply(req, errorf(http.StatusForbidden, kindForbidden, "/metrics needs the metrics token"))
				rp.write(w)
				return
			}
		}
		metricsHandler.ServeHTTP(w, r)
	})
	mux.HandleFunc("/", s.servePlain(epOther, func(r *http.Request) *reply {
		return s.errorReply(&request{endpoint: epOther}, errorf(http.StatusNotFound, kindNotFound, "no such endpoint: %s", clip(r.URL.Path, 128)))
	}))
	return mux
}

// servePlain serves an unauthenticated GET endpoint (health, readiness,
// unknown paths); a nil f answers 405 for every method.
func (s *Server) servePlain(endpoint string, f func(*http.Request) *reply) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		req := &request{id: newRequestID(), endpoint: endpoint, tenant: noTenant}
		var rp *reply
		var err error
		if f == nil || (endpoint != epOther && r.Method != http.MethodGet && r.Method != http.MethodHead) {
			err = &apiError{status: http.StatusMethodNotAllowed, kind: kindMethod, msg: fmt.Sprintf("method %s not allowed; use GET", r.Method)}
			rp = s.errorReply(req, err)
		} else {
			rp = f(r)
		}
		rp.write(w)
		if endpoint == epOther {
			s.metrics.errors.WithLabelValues(noTenant, kindNotFound).Inc()
			s.metrics.requests.WithLabelValues(noTenant, endpoint, strconv.Itoa(rp.status)).Inc()
			return
		}
		if err != nil {
			s.observe(r, req, rp, err, time.Since(start))
			return
		}
		s.metrics.requests.WithLabelValues(noTenant, endpoint, strconv.Itoa(rp.status)).Inc()
	}
}

// serveKernelRef routes /v1/kernels/{id} (GET, DELETE) and
// /v1/kernels/{id}:run (POST).
func (s *Server) serveKernelRef(w http.ResponseWriter, r *http.Request) {
	ref := r.PathValue("ref")
	if id, ok := strings.CutSuffix(ref, ":run"); ok {
		s.serveAPI(epRun, "POST", func(ctx context.Context, r *http.Request, t *tenant) (*reply, error) {
			return s.run(ctx, r, t, id)
		})(w, r)
		return
	}
	ep := epGet
	if r.Method == http.MethodDelete {
		ep = epDelete
	}
	s.serveAPI(ep, "GET, DELETE", func(ctx context.Context, r *http.Request, t *tenant) (*reply, error) {
		if r.Method == http.MethodDelete {
			return s.deleteKernel(ctx, t, ref)
		}
		rec, err := s.state.kernel(ctx, t.name, ref)
		if errors.Is(err, errNoRecord) {
			return nil, errNoKernel(ref)
		} else if err != nil {
			return nil, stateError(err)
		}
		return jsonReply(http.StatusOK, rec.info()), nil
	})(w, r)
}
