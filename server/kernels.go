package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"io"
	"math/bits"
	"mime"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/memref"
)

// kernel is a compiled kernel as one tenant submitted it.
type kernel struct {
	id      string
	entry   string
	mode    engine.Specialization
	args    []string
	results []string
	exe     *engine.JitExecutable
}

// kernelInfo is the JSON of a kernel.
type kernelInfo struct {
	ID         string    `json:"id"`
	Name       string    `json:"name,omitempty"`
	Entry      string    `json:"entry"`
	Specialize string    `json:"specialize"`
	Signature  signature `json:"signature"`
}

type signature struct {
	Args    []string `json:"args"`
	Results []string `json:"results"`
}

func (k *kernel) info() kernelInfo {
	return kernelInfo{ID: k.id, Entry: k.entry, Specialize: k.mode.String(), Signature: signature{Args: k.args, Results: k.results}}
}

func errNoKernel(id string) error {
	return errorf(http.StatusNotFound, kindNotFound, "no kernel %q (kernels are visible only to the tenant that submitted them; submit it again)", clip(id, 80))
}

// kernelRequest is the JSON form of a submission.
type kernelRequest struct {
	Source     string `json:"source"`
	Entry      string `json:"entry"`
	Specialize string `json:"specialize"`
	Name       string `json:"name"` // optional: the kernel's model name on /v2 (see checkModelName)
}

// maxEntryName bounds the entry function's name.
const maxEntryName = 1024

// readKernelRequest reads a submission: JSON, or the kernel text itself
// with ?entry=, ?specialize= and ?name=.
func readKernelRequest(r *http.Request, q Quotas) (kernelRequest, error) {
	var kr kernelRequest
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "application/json" {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return kr, err
		}
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&kr); err != nil {
			return kr, errorf(http.StatusBadRequest, kindBadRequest, `JSON body: %v (want {"source":…, "entry":…, "specialize":…, "name":…})`, err)
		}
		if dec.More() {
			return kr, errorf(http.StatusBadRequest, kindBadRequest, "JSON body: trailing data after the object")
		}
		if len(kr.Source) > q.MaxSourceBytes {
			return kr, overLimit(limitSourceBytes, "the kernel text is %d bytes, over the tenant's max_source_bytes of %d", len(kr.Source), q.MaxSourceBytes)
		}
	} else {
		body, err := io.ReadAll(io.LimitReader(r.Body, int64(q.MaxSourceBytes)+1))
		if err != nil {
			return kr, err
		}
		if len(body) > q.MaxSourceBytes {
			return kr, overLimit(limitSourceBytes, "the kernel text is over the tenant's max_source_bytes of %d", q.MaxSourceBytes)
		}
		kr.Source = string(body)
		kr.Entry = r.URL.Query().Get("entry")
		kr.Specialize = r.URL.Query().Get("specialize")
		kr.Name = r.URL.Query().Get("name")
	}
	if kr.Source == "" {
		return kr, errorf(http.StatusBadRequest, kindBadRequest, "empty kernel text")
	}
	if len(kr.Entry) > maxEntryName {
		return kr, errorf(http.StatusBadRequest, kindBadRequest, "entry name longer than %d bytes", maxEntryName)
	}
	if kr.Name != "" {
		if err := checkModelName(kr.Name); err != nil {
			return kr, err
		}
	}
	return kr, nil
}

// createKernel compiles a submission in the tenant's runtime and adds it
// to the tenant's kernels. The id is the kernel's content hash, so the
// same text from two tenants is compiled once (the shared cache), while
// each tenant sees only what it submitted.
func (s *Server) createKernel(ctx context.Context, r *http.Request, t *tenant) (*reply, error) {
	kr, err := readKernelRequest(r, t.quotas)
	if err != nil {
		return nil, err
	}
	mode := engine.SpecializeEnabled
	if kr.Specialize != "" {
		if mode, err = engine.ParseSpecialization(kr.Specialize); err != nil {
			return nil, errorf(http.StatusBadRequest, kindBadRequest, "%v", err)
		}
	}
	start := time.Now()
	exe, err := s.compile(ctx, t, kr, mode)
	s.metrics.compileSeconds.WithLabelValues(t.name).Observe(time.Since(start).Seconds())
	if err != nil {
		ae := compileError(err)
		result := "error"
		if ae.kind == limitCompileTime {
			result = "timeout"
		}
		s.metrics.compiles.WithLabelValues(t.name, result).Inc()
		return nil, ae
	}
	s.metrics.compiles.WithLabelValues(t.name, "ok").Inc()
	if err := checkKernelTypes(exe.Func(), t.quotas); err != nil {
		return nil, err
	}
	k := newKernel(exe, mode)
	rec := kernelRecord{ID: k.id, Name: kr.Name, Entry: k.entry, RequestEntry: kr.Entry, Specialize: mode.String(),
		Args: k.args, Results: k.results, Source: kr.Source}
	known, name, err := s.state.addKernel(ctx, t.name, rec, t.quotas.MaxKernels)
	var ne *nameError
	switch {
	case errors.Is(err, errTooManyKernels):
		return nil, overLimit(limitKernels, "the tenant holds %d kernels, its max_kernels; DELETE one first", t.quotas.MaxKernels)
	case errors.As(err, &ne):
		return nil, ne.reply(k.id)
	case err != nil:
		return nil, stateError(err)
	}
	t.keep(k)
	status := http.StatusCreated
	if known {
		status = http.StatusOK
	}
	info := k.info()
	info.Name = name
	return jsonReply(status, info), nil
}

func newKernel(exe *engine.JitExecutable, mode engine.Specialization) *kernel {
	args, results := exe.Signature()
	k := &kernel{id: exe.Key().String(), entry: exe.Func().Name, mode: mode, exe: exe}
	for _, a := range args {
		k.args = append(k.args, a.String())
	}
	for _, a := range results {
		k.results = append(k.results, a.String())
	}
	return k
}

// lookup finds the tenant's kernel id, compiled: as this replica compiled
// it, or compiled now from the record another replica stored (once, however
// many requests ask at the same time). It is 404 for an id the tenant does
// not hold — deleted on any replica included.
func (s *Server) lookup(ctx context.Context, t *tenant, id string) (*kernel, error) {
	if k := t.local(id); k != nil {
		ok, err := s.state.hasKernel(ctx, t.name, id)
		if err != nil {
			return nil, stateError(err)
		}
		if !ok {
			t.forget(id)
			return nil, errNoKernel(id)
		}
		return k, nil
	}
	rec, err := s.state.kernel(ctx, t.name, id)
	if errors.Is(err, errNoRecord) {
		return nil, errNoKernel(id)
	} else if err != nil {
		return nil, stateError(err)
	}
	v, err, _ := t.loading.Do(id, func() (any, error) {
		if k := t.local(id); k != nil {
			return k, nil
		}
		mode, err := engine.ParseSpecialization(rec.Specialize)
		if err != nil {
			return nil, fmt.Errorf("kernel record %s: %w", clip(id, 80), err)
		}
		start := time.Now()
		// Not the request's context: other requests wait for this
		// compilation, and the server's context ends it on shutdown.
		exe, err := s.compile(s.base, t, kernelRequest{Source: rec.Source, Entry: rec.RequestEntry}, mode)
		s.metrics.compileSeconds.WithLabelValues(t.name).Observe(time.Since(start).Seconds())
		if err != nil {
			s.metrics.compiles.WithLabelValues(t.name, "error").Inc()
			return nil, compileError(err)
		}
		s.metrics.compiles.WithLabelValues(t.name, "ok").Inc()
		k := newKernel(exe, mode)
		if k.id != id {
			// Another build of sandjit (ids are content hashes of the
			// text, the entry and the compiler) stored this record.
			return nil, fmt.Errorf("kernel record %s compiles to id %s on this replica", clip(id, 80), k.id)
		}
		t.keep(k)
		return k, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*kernel), nil
}

// compile runs Compile in the tenant's runtime within the tenant's
// compile budget. The request gives up at the deadline (504), and the
// engine cancels the compilation then (it looks at its context between
// and inside its phases); the goroutine keeps the tenant's compile slot
// until the compile has returned, and a cut-off one until the tenant's
// runtime has no compilation left running (WaitCompiles), so the tenant
// cannot pile up compilations beyond max_concurrent_compiles, its compile
// time is counted until the work has really stopped, and Close waits for
// it.
func (s *Server) compile(ctx context.Context, t *tenant, kr kernelRequest, mode engine.Specialization) (*engine.JitExecutable, error) {
	release, err := s.state.acquire(ctx, t.name, limitCompiles, t.quotas.MaxConcurrentCompiles)
	if errors.Is(err, errNoSlot) {
		return nil, overLimit(limitCompiles, "the tenant already has %d compilations in flight (max_concurrent_compiles)", t.quotas.MaxConcurrentCompiles)
	} else if err != nil {
		return nil, stateError(err)
	}
	cctx, cancel := context.WithTimeoutCause(ctx, time.Duration(t.quotas.CompileTimeout), errCompileTimeout)
	defer cancel()
	type result struct {
		exe *engine.JitExecutable
		err error
	}
	done := make(chan result, 1)
	s.inflight.Add(1)
	gauge := s.metrics.compiling.WithLabelValues(t.name)
	gauge.Inc()
	go func() {
		defer s.inflight.Done()
		var res result
		defer func() {
			if p := recover(); p != nil {
				res = result{err: fmt.Errorf("%w: panic while compiling: %v", engine.ErrInternal, p)}
			}
			if cctx.Err() != nil && res.err != nil {
				// Cut off at its budget (the request has had its 504):
				// the engine cancelled the work; keep the slot until it
				// has stopped, then give its memory back to the system
				// at once (an idle server would hold it until a GC ran).
				wctx, cancel := context.WithTimeout(context.Background(), max(10*time.Second, time.Duration(t.quotas.CompileTimeout)))
				defer cancel()
				if t.rt.WaitCompiles(wctx) == nil {
					debug.FreeOSMemory()
				}
			}
			// The slot is free before the answer: a client's next
			// submission must not find its finished compilation still
			// holding it (with Redis, the release is a round trip).
			gauge.Dec()
			release()
			done <- res
		}()
		q := t.quotas
		res.exe, res.err = t.rt.Compile(cctx, []byte(kr.Source), engine.WithEntry(kr.Entry), engine.WithSpecialization(mode),
			engine.WithParseLimits(engine.ParseLimits{MaxBytes: q.MaxSourceBytes, MaxOps: q.MaxOps, MaxDepth: q.MaxDepth,
				MaxDenseElements: q.MaxElements}))
	}()
	select {
	case res := <-done:
		if res.err != nil && cctx.Err() != nil && (errors.Is(res.err, context.DeadlineExceeded) || errors.Is(res.err, context.Canceled)) {
			return nil, ctxError(cctx, res.err)
		}
		return res.exe, res.err
	case <-cctx.Done():
		return nil, ctxError(cctx, cctx.Err())
	}
}

// checkKernelTypes holds every type in the kernel (arguments, results,
// every op's results, regions included) to the tenant's max_rank, and
// every static part of a shape to its max_elements.
func checkKernelTypes(fn *mlir.Func, q Quotas) error {
	check := func(t engine.TensorType, pos engine.Pos, what string) error {
		if !t.Ranked {
			return nil
		}
		if t.Rank() > q.MaxRank {
			return overLimit(limitRank, "%s: %s has type %s, whose rank is over the tenant's max_rank of %d", pos, what, t, q.MaxRank)
		}
		n := uint64(1)
		for _, d := range t.Dims {
			if d == engine.Dynamic || d < 0 {
				continue
			}
			hi, lo := bits.Mul64(n, uint64(d))
			if hi != 0 || lo > uint64(q.MaxElements) {
				return overLimit(limitElements, "%s: %s has type %s, with more elements than the tenant's max_elements of %d", pos, what, t, q.MaxElements)
			}
			n = lo
		}
		return nil
	}
	for i, a := range fn.Args {
		if err := check(a.Type, a.Pos, fmt.Sprintf("argument #%d", i)); err != nil {
			return err
		}
	}
	for i, r := range fn.ResultTypes {
		if err := check(r, fn.Pos, fmt.Sprintf("result #%d", i)); err != nil {
			return err
		}
	}
	var walk func(ops []*mlir.Op, depth int) error
	walk = func(ops []*mlir.Op, depth int) error {
		if depth > 64 {
			return nil // the parser bounds nesting; this is a second guard
		}
		for _, op := range ops {
			for _, v := range op.Results {
				if err := check(v.Type, op.Pos, fmt.Sprintf("a result of '%s'", op.Name)); err != nil {
					return err
				}
			}
			for _, rg := range op.Regions {
				for _, a := range rg.Args {
					if err := check(a.Type, op.Pos, fmt.Sprintf("a region argument of '%s'", op.Name)); err != nil {
						return err
					}
				}
				if err := walk(rg.Ops, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(fn.Ops, 0)
}

// listKernels lists the tenant's kernels, by id.
func (s *Server) listKernels(ctx context.Context, t *tenant) (*reply, error) {
	recs, err := s.state.kernels(ctx, t.name)
	if err != nil {
		return nil, stateError(err)
	}
	list := make([]kernelInfo, 0, len(recs))
	for _, r := range recs {
		list = append(list, r.info())
	}
	return jsonReply(http.StatusOK, map[string]any{"kernels": list}), nil
}

// deleteKernel forgets a kernel for this tenant, on every replica (its
// compiled code stays in the shared cache for others until evicted).
func (s *Server) deleteKernel(ctx context.Context, t *tenant, id string) (*reply, error) {
	err := s.state.deleteKernel(ctx, t.name, id)
	t.forget(id)
	if errors.Is(err, errNoRecord) {
		return nil, errNoKernel(id)
	} else if err != nil {
		return nil, stateError(err)
	}
	return jsonReply(http.StatusOK, map[string]string{"deleted": id}), nil
}

// opInfo is one row of GET /v1/ops.
type opInfo struct {
	Name   string   `json:"name"`
	DTypes []string `json:"dtypes"`
	Notes  string   `json:"notes,omitempty"`
}

func (s *Server) ops() *reply {
	var list []opInfo
	for _, o := range lower.SupportMatrix() {
		list = append(list, opInfo{Name: o.Name, DTypes: o.DTypes, Notes: o.Notes})
	}
	return jsonReply(http.StatusOK, map[string]any{"ops": list})
}

// run decodes the inputs, runs the kernel within the tenant's run
// deadline and concurrency, and encodes the outputs whole.
func (s *Server) run(ctx context.Context, r *http.Request, t *tenant, id string) (*reply, error) {
	k, err := s.lookup(ctx, t, id)
	if err != nil {
		return nil, err
	}
	in, params, err := inputFormat(r)
	if err != nil {
		return nil, err
	}
	out, err := outputFormat(r, in, len(k.results))
	if err != nil {
		return nil, err
	}
	if out == formatNPY && len(k.results) != 1 {
		return nil, errorf(http.StatusNotAcceptable, kindNotAccept, "npy holds one array, and the kernel returns %d: ask for npz", len(k.results))
	}
	release, err := s.acquireRun(ctx, t)
	if err != nil {
		return nil, err
	}
	defer release()

	inputs, err := s.decodeInputs(r, in, params, len(k.args), t.quotas)
	if err != nil {
		return nil, err
	}
	if len(inputs) != len(k.args) {
		return nil, errorf(http.StatusBadRequest, kindBadRequest, "the kernel takes %d inputs, got %d", len(k.args), len(inputs))
	}
	outs, err := s.runKernel(ctx, t, k, inputs)
	if err != nil {
		return nil, err
	}
	enc, err := encodeOutputs(out, outs, t.quotas.MaxResponseBytes)
	if err != nil {
		return nil, err
	}
	return &reply{status: http.StatusOK, contentType: enc.contentType, body: enc.body}, nil
}

// acquireRun takes one of the tenant's run slots (max_concurrent_runs,
// across the cluster when the state is shared), or refuses with 429 (503
// if the state does not answer); release gives it back. Every run
// protocol (/v1, /v2) takes its slot here, before it reads the inputs, so
// that decoding too is bounded by the tenant's concurrency.
func (s *Server) acquireRun(ctx context.Context, t *tenant) (release func(), err error) {
	free, err := s.state.acquire(ctx, t.name, limitRuns, t.quotas.MaxConcurrentRuns)
	if errors.Is(err, errNoSlot) {
		return nil, overLimit(limitRuns, "the tenant already has %d runs in flight (max_concurrent_runs)", t.quotas.MaxConcurrentRuns)
	} else if err != nil {
		return nil, stateError(err)
	}
	gauge := s.metrics.inflight.WithLabelValues(t.name)
	gauge.Inc()
	return func() {
		gauge.Dec()
		free()
	}, nil
}

// runKernel runs k on inputs within the tenant's run_timeout and counts
// the run; the caller holds a run slot (acquireRun).
func (s *Server) runKernel(ctx context.Context, t *tenant, k *kernel, inputs []*memref.Tensor) ([]*memref.Tensor, error) {
	rctx, cancel := context.WithTimeoutCause(ctx, time.Duration(t.quotas.RunTimeout), errRunTimeout)
	defer cancel()
	start := time.Now()
	outs, err := k.exe.Run(rctx, inputs...)
	s.metrics.runSeconds.WithLabelValues(t.name).Observe(time.Since(start).Seconds())
	if err != nil {
		ae := runError(rctx, err)
		result := "error"
		if ae.kind == limitRunTimeout {
			result = "timeout"
		}
		s.metrics.runs.WithLabelValues(t.name, result).Inc()
		return nil, ae
	}
	s.metrics.runs.WithLabelValues(t.name, "ok").Inc()
	return outs, nil
}

// decodeInputs reads the body in its format within the tenant's budget.
func (s *Server) decodeInputs(r *http.Request, f format, params map[string]string, nargs int, q Quotas) ([]*memref.Tensor, error) {
	b := newBudget(q)
	switch f {
	case formatNPY:
		t, err := decodeNPY(r.Body, b, "body")
		if err != nil {
			return nil, err
		}
		return []*memref.Tensor{t}, nil
	case formatMultipart:
		return decodeMultipart(r.Body, params["boundary"], nargs, b)
	}
	body, err := readAll(r.Body, r.ContentLength, q.MaxRequestBytes)
	if err != nil {
		return nil, err
	}
	if f == formatNPZ {
		return decodeNPZ(body, nargs, b)
	}
	return decodeJSON(body, nargs, b)
}

// readAll reads a body whose length is bounded by limit (the body is a
// MaxBytesReader), preallocating from a plausible Content-Length.
func readAll(r io.Reader, contentLength, limit int64) ([]byte, error) {
	if contentLength > 0 && contentLength <= limit {
		buf := bytes.NewBuffer(make([]byte, 0, contentLength+1))
		_, err := buf.ReadFrom(r)
		return buf.Bytes(), err
	}
	return io.ReadAll(r)
}
