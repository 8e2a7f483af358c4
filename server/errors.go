package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// Error kinds: the "kind" of a JSON error and the label of the errors
// metric. A quota's kind is the name of its limit.
const (
	kindBadRequest   = "bad_request"    // 400: malformed body, inputs that do not fit the kernel
	kindUnauthorized = "unauthorized"   // 401
	kindForbidden    = "forbidden"      // 403 (/metrics with a wrong token)
	kindNotFound     = "not_found"      // 404: no such route, or a kernel this tenant did not submit
	kindMethod       = "method"         // 405
	kindNotAccept    = "not_acceptable" // 406: no output format the client accepts
	kindConflict     = "conflict"       // 409: a kernel name another kernel of the tenant holds
	kindReadTimeout  = "read_timeout"   // 408: the body did not arrive in time
	kindMediaType    = "media_type"     // 415
	kindKernel       = "kernel_error"   // 422: the kernel text is wrong or unsupported
	kindFault        = "kernel_fault"   // 422: the kernel faulted on these inputs (index out of range)
	kindInternal     = "internal"       // 500
	kindShutdown     = "shutting_down"  // 503
	kindCanceled     = "canceled"       // 499: the client went away
)

// statusClientClosed is nginx's status for a client that closed the
// connection before the answer; nobody reads it but logs and metrics.
const statusClientClosed = 499

// apiError is an error answer: its status, its kind, the limit it names
// (for quotas) and a one-line message. Diagnostics are a kernel's
// positioned errors, one per entry.
type apiError struct {
	status      int
	kind        string
	limit       string
	msg         string
	diagnostics []string
	err         error // the cause, for logs
}

func (e *apiError) Error() string { return e.msg }
func (e *apiError) Unwrap() error { return e.err }

func errorf(status int, kind, format string, args ...any) *apiError {
	return &apiError{status: status, kind: kind, msg: fmt.Sprintf(format, args...)}
}

// quotaError names the limit that was exceeded; its kind is the limit.
func quotaError(status int, limit, format string, args ...any) *apiError {
	return &apiError{status: status, kind: limit, limit: limit, msg: fmt.Sprintf(format, args...)}
}

// The limits, by the name a JSON error gives them (and the config uses).
const (
	limitRequestBytes  = "max_request_bytes"
	limitTensorBytes   = "max_tensor_bytes"
	limitResponseBytes = "max_response_bytes"
	limitSourceBytes   = "max_source_bytes"
	limitOps           = "max_ops"
	limitDepth         = "max_depth"
	limitRank          = "max_rank"
	limitElements      = "max_elements"
	limitKernels       = "max_kernels"
	limitArena         = "arena_bytes"
	limitRunTimeout    = "run_timeout"
	limitCompileTime   = "compile_timeout"
	limitRuns          = "max_concurrent_runs"
	limitCompiles      = "max_concurrent_compiles"
	limitRate          = "rate_per_second"
	limitLoopIR        = "max_loop_instructions" // engine.CompileLimits, not configurable
	limitWasm          = "max_wasm_bytes"        // engine.CompileLimits, not configurable
)

// The status of each exceeded limit (README's table).
var limitStatus = map[string]int{
	limitRequestBytes:  http.StatusRequestEntityTooLarge,
	limitTensorBytes:   http.StatusRequestEntityTooLarge,
	limitResponseBytes: http.StatusRequestEntityTooLarge,
	limitSourceBytes:   http.StatusRequestEntityTooLarge,
	limitOps:           http.StatusRequestEntityTooLarge,
	limitDepth:         http.StatusRequestEntityTooLarge,
	limitRank:          http.StatusRequestEntityTooLarge,
	limitElements:      http.StatusRequestEntityTooLarge,
	limitKernels:       http.StatusInsufficientStorage,
	limitArena:         http.StatusInsufficientStorage,
	limitRunTimeout:    http.StatusGatewayTimeout,
	limitCompileTime:   http.StatusGatewayTimeout,
	limitRuns:          http.StatusTooManyRequests,
	limitCompiles:      http.StatusTooManyRequests,
	limitRate:          http.StatusTooManyRequests,
	limitLoopIR:        http.StatusRequestEntityTooLarge,
	limitWasm:          http.StatusRequestEntityTooLarge,
}

// limitError answers a compilation over one of the engine's compile
// limits (the tenant's max_rank and max_elements, which the engine holds
// computed shapes to, or the engine's own).
func limitError(err error) (*apiError, bool) {
	var le *engine.LimitError
	if !errors.As(err, &le) {
		return nil, false
	}
	limit := le.Limit
	if _, ok := limitStatus[limit]; !ok {
		limit = limitLoopIR
	}
	e := overLimit(limit, "%s", oneLine(err.Error()))
	e.err = err
	return e, true
}

// overLimit is the error of an exceeded limit, with the limit's status.
func overLimit(limit, format string, args ...any) *apiError {
	return quotaError(limitStatus[limit], limit, format, args...)
}

// parseLimits maps the bound a kernel-text diagnostic is over
// (engine.Error's Limit: the parser's limits, which the tenant's quotas
// set, and the type format's) to the quota it answers as.
var parseLimits = map[string]string{
	mlir.LimitBytes:         limitSourceBytes,
	mlir.LimitOps:           limitOps,
	mlir.LimitDepth:         limitDepth,
	mlir.LimitDenseElements: limitElements,
	mlir.LimitRank:          limitRank,
	mlir.LimitDim:           limitElements,
}

// compileError turns an error of engine.Runtime.Compile into an answer.
func compileError(err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	if e, ok := limitError(err); ok {
		return e
	}
	var list engine.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		for _, d := range list {
			if limit, ok := parseLimits[d.Limit]; ok {
				e := overLimit(limit, "%s", oneLine(d.Error()))
				e.err = err
				return e
			}
		}
		e := &apiError{status: http.StatusUnprocessableEntity, kind: kindKernel, err: err}
		for _, d := range list {
			e.diagnostics = append(e.diagnostics, oneLine(d.Error()))
		}
		e.msg = e.diagnostics[0]
		if len(list) > 1 {
			e.msg = fmt.Sprintf("%s (and %d more)", e.msg, len(list)-1)
		}
		return e
	}
	switch {
	case errors.Is(err, engine.ErrInternal):
		return &apiError{status: http.StatusInternalServerError, kind: kindInternal, msg: "internal compiler error", err: err}
	case errors.Is(err, engine.ErrClosed):
		return &apiError{status: http.StatusServiceUnavailable, kind: kindShutdown, msg: "server shutting down", err: err}
	case errors.Is(err, engine.ErrSyntax), errors.Is(err, engine.ErrInvalid), errors.Is(err, engine.ErrUnsupported),
		errors.Is(err, engine.ErrArgument):
		e := &apiError{status: http.StatusUnprocessableEntity, kind: kindKernel, msg: oneLine(err.Error()), err: err}
		e.diagnostics = []string{e.msg}
		return e
	case errors.Is(err, memref.ErrArenaFull):
		return &apiError{status: http.StatusInsufficientStorage, kind: limitArena, limit: limitArena,
			msg: "the kernel's constants do not fit the tenant's arena", err: err}
	}
	return &apiError{status: http.StatusInternalServerError, kind: kindInternal, msg: "internal error", err: err}
}

// runError turns an error of a run into an answer. ctx is the run's
// context, whose cause says whose deadline passed.
func runError(ctx context.Context, err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	if ctx.Err() != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)) {
		return ctxError(ctx, err)
	}
	if e, ok := limitError(err); ok {
		return e
	}
	switch {
	case errors.Is(err, memref.ErrArenaFull):
		return &apiError{status: http.StatusInsufficientStorage, kind: limitArena, limit: limitArena,
			msg: "the run does not fit the tenant's arena: " + oneLine(err.Error()), err: err}
	case errors.Is(err, engine.ErrArgument), errors.Is(err, engine.ErrShape):
		return &apiError{status: http.StatusBadRequest, kind: kindBadRequest, msg: oneLine(err.Error()), err: err}
	case errors.Is(err, engine.ErrTrap):
		return &apiError{status: http.StatusUnprocessableEntity, kind: kindFault, msg: oneLine(err.Error()), err: err}
	case errors.Is(err, engine.ErrClosed):
		return &apiError{status: http.StatusServiceUnavailable, kind: kindShutdown, msg: "server shutting down", err: err}
	case errors.Is(err, engine.ErrSyntax), errors.Is(err, engine.ErrInvalid), errors.Is(err, engine.ErrUnsupported):
		// A specialization that cannot be compiled for these inputs.
		return &apiError{status: http.StatusUnprocessableEntity, kind: kindKernel, msg: oneLine(err.Error()), err: err}
	}
	return &apiError{status: http.StatusInternalServerError, kind: kindInternal, msg: "internal error", err: err}
}

// Causes of a context's end, told apart with context.Cause.
var (
	errRunTimeout     = errors.New("run deadline")
	errCompileTimeout = errors.New("compile budget")
	errShutdown       = errors.New("server shutting down")
)

// ctxError answers a request whose context ended.
func ctxError(ctx context.Context, err error) *apiError {
	switch cause := context.Cause(ctx); {
	case errors.Is(cause, errRunTimeout):
		return &apiError{status: http.StatusGatewayTimeout, kind: limitRunTimeout, limit: limitRunTimeout,
			msg: "the run did not finish within the tenant's run_timeout", err: err}
	case errors.Is(cause, errCompileTimeout):
		return &apiError{status: http.StatusGatewayTimeout, kind: limitCompileTime, limit: limitCompileTime,
			msg: "the kernel did not compile within the tenant's compile_timeout", err: err}
	case errors.Is(cause, errShutdown):
		return &apiError{status: http.StatusServiceUnavailable, kind: kindShutdown, msg: "server shutting down; the run was cancelled", err: err}
	}
	return &apiError{status: statusClientClosed, kind: kindCanceled, msg: "request cancelled", err: err}
}

// oneLine keeps the first line of s (internal errors carry stacks).
func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
