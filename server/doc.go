// Package server is `sandjit serve`: a multi-tenant HTTP server that
// compiles tenants' TensorFlow-dialect kernels and runs them, sandboxed,
// over tensors they send.
//
// # What it takes
//
// A Config (LoadConfig reads it from JSON): tenants, each with API keys
// (in clear or as SHA-256 digests) and Quotas, server-wide defaults for
// the quotas, and an optional cache directory. Then HTTP requests:
//
//	POST   /v1/kernels               kernel text (or JSON {"source","entry","specialize","name"}) → {id, name, entry, specialize, signature}
//	GET    /v1/kernels               the tenant's kernels
//	GET    /v1/kernels/{id}          one kernel
//	DELETE /v1/kernels/{id}          forget it
//	POST   /v1/kernels/{id}:run      inputs as JSON, one .npy, a multipart body of .npy parts, or an .npz → outputs
//	GET    /v1/ops                   the op support matrix
//	GET    /healthz, /readyz         liveness; readiness (503 while draining)
//	GET    /metrics                  Prometheus text format
//	GET    /v2/health/live, /v2/health/ready, /v2     Open Inference Protocol: liveness, readiness, server metadata
//	GET    /v2/models/{name}[/ready]                  a model's metadata; its readiness
//	POST   /v2/models/{name}/infer                    $inference_request → $inference_response (JSON or binary data)
//
// Every /v1 and /v2/models request needs `Authorization: Bearer KEY` (401
// otherwise).
//
// The /v2 endpoints are the Open Inference Protocol (KServe's "v2" REST
// protocol) with Triton's binary tensor data extension
// (Inference-Header-Content-Length, binary_data_size, binary_data,
// binary_data_output). A model is one of the tenant's kernels, named by
// its id or by the name the tenant gave it at submit (unique per tenant,
// across replicas when the state is shared: 409 on conflict); its inputs are input0, input1, … (the kernel's
// arguments, in order) and its outputs output0, output1, … (its results).
// The datatypes are BOOL, UINT8…UINT64, INT8…INT64, FP16, FP32, FP64 and
// BF16, each equal to the kernel's element type; BYTES is refused with a
// 400 that names it. /v2 shares
// /v1's quotas, bounds and statuses, and its errors are {"error": "..."}
// with /v1's kind and limit beside it. No versions, gRPC, model
// repository, shared-memory or classification extension.
//
// # What it gives
//
// Each tenant has its own engine.Runtime, so its own arena (Wasm linear
// memory, bounded by the tenant's arena_bytes) and its own module
// instances; all runtimes share one engine.Cache, so a kernel that two
// tenants submit is lowered and compiled to native code once. A kernel's
// id is its content hash (engine.JitExecutable.Key): the same text, entry
// and compiler give the same id on every replica. A tenant sees only the
// kernels it submitted: any other id, even one another tenant holds, is
// 404, so ids reveal nothing across tenants.
//
// Outputs come in the format asked for (?format=json|npy|npz|multipart,
// else the Accept header, else the input's format). JSON carries floats
// in their shortest exact form and non-finite ones as "nan", "inf" and
// "-inf"; integers exactly, over all 64 bits.
//
// Errors are one line of JSON: {"error": "...", "kind": "...", "limit":
// "..."}; an exceeded quota names its limit (the config's name for it).
// Kernel errors (422) add "diagnostics", one `file:line:col: 'tf.Op' op
// message` each. The status of each error is in README.md's table.
//
// # What it guarantees
//
//   - Bounded: every body is read through a size bound; inputs are checked
//     against the tenant's rank, element and byte quotas before their data
//     is allocated (.npz entries included: an entry is read only up to the
//     bytes its header declares, so zip bombs stop at the budget); a
//     response is built whole within max_response_bytes; compilations and
//     runs are bounded in time and number per tenant, requests in rate.
//   - Isolated: tenants share no arena, instance or kernel table; the
//     engine zeroes every arena block before reuse, and a test shows a
//     tenant never reads bytes another wrote.
//   - Robust: no input makes a handler panic (a recover turns a bug into
//     a 500 with a request id); an exceeded limit or a bad kernel affects
//     only its request.
//   - Complete answers: a response is written with its Content-Length
//     after it is fully encoded, never streamed, so a cut connection is
//     visible to the client. Serve drains on shutdown: requests in flight
//     finish within the grace period or their runs are cancelled (503).
//   - No global state: metrics live in the Server's own registry.
//   - Shared when configured: with Config.Redis, replicas share each
//     tenant's kernel records (any replica runs a kernel another accepted,
//     by /v1 or /v2, compiling it on first use; max_kernels, kernel names
//     and DELETE are cluster-wide) and its quotas in flight (/v1 and /v2
//     runs alike) and in rate (leases that expire within
//     lease_ttl if their replica dies; a GCRA bucket). When Redis does not
//     answer, requests are refused with 503 state_unavailable: quotas fail
//     closed. See the state interface and RATIONALE.md.
//
// # What it is not
//
// Not a scheduler (a run beyond its tenant's concurrency is refused with
// 429, not queued), not a store (kernels live in memory, or in Redis when
// the config names one; after a restart without Redis, or if Redis loses
// its data, tenants submit again — cheap with a shared cache directory),
// not TLS termination (put it behind a proxy or a load
// balancer), and not a config reloader (restart to change tenants).
package server
