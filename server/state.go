package server

import (
	"context"
	"errors"
	"net/http"
	"sort"
	"sync"

	"golang.org/x/sync/semaphore"
	"golang.org/x/time/rate"
)

// state is where the server keeps what its replicas must agree on: each
// tenant's kernel records and the quotas that bound a tenant across the
// cluster (runs and compilations in flight, request rate). memState keeps
// them in this process (no config: every replica is an island, as in a
// single-process deployment); redisState keeps them in Redis, so that any
// replica can serve any tenant. Compiled code is not state: each replica
// compiles a record it has not seen (lazily, on first use), through the
// shared engine.Cache and its disk directory.
//
// Methods fail with an error wrapping errStateUnavailable when the store
// cannot answer (Redis down or slow); the server then refuses the request
// with 503 rather than guess (quotas fail closed).
type state interface {
	// addKernel records rec for tenant, unless the tenant already holds
	// maxKernels others (errTooManyKernels). known reports that the
	// tenant held rec.ID already (the record is replaced).
	addKernel(ctx context.Context, tenant string, rec kernelRecord, maxKernels int) (known bool, err error)
	// kernel returns the tenant's record of id (errNoRecord if none).
	kernel(ctx context.Context, tenant, id string) (kernelRecord, error)
	// hasKernel reports whether the tenant holds id, without reading the
	// record.
	hasKernel(ctx context.Context, tenant, id string) (bool, error)
	// kernels lists the tenant's records by id, without their source.
	kernels(ctx context.Context, tenant string) ([]kernelRecord, error)
	// deleteKernel forgets the tenant's record of id (errNoRecord if none).
	deleteKernel(ctx context.Context, tenant, id string) error
	// numKernels counts the tenant's records.
	numKernels(ctx context.Context, tenant string) (int, error)

	// acquire takes one of the tenant's max slots of the given kind
	// (limitRuns or limitCompiles), or fails with errNoSlot. release
	// gives it back; it may be called once.
	acquire(ctx context.Context, tenant, kind string, max int64) (release func(), err error)
	// allow takes one token of the tenant's request rate, or fails with
	// errNoSlot.
	allow(ctx context.Context, tenant string, q Quotas) error

	close() error
}

// kernelRecord is what a replica needs to compile and describe a kernel a
// tenant submitted, stored whole (JSON, in Redis), so that a field added
// here travels to every replica without a change to the stores.
type kernelRecord struct {
	ID    string `json:"id"`
	Entry string `json:"entry"`
	// RequestEntry is the entry as submitted ("" for the default), part
	// of the id (engine.JitExecutable.Key).
	RequestEntry string   `json:"request_entry,omitempty"`
	Specialize   string   `json:"specialize"`
	Args         []string `json:"args"`
	Results      []string `json:"results"`
	// Source is the kernel text, from which a replica that has not
	// compiled the kernel (or dropped it) compiles it again.
	Source string `json:"source,omitempty"`
}

func (r kernelRecord) info() kernelInfo {
	return kernelInfo{ID: r.ID, Entry: r.Entry, Specialize: r.Specialize, Signature: signature{Args: r.Args, Results: r.Results}}
}

var (
	errNoRecord         = errors.New("no such kernel record")
	errTooManyKernels   = errors.New("too many kernels")
	errNoSlot           = errors.New("quota exhausted")
	errStateUnavailable = errors.New("shared state unavailable")
)

// kindStateUnavailable is the kind of a 503 answered because the shared
// state (Redis) did not answer in time.
const kindStateUnavailable = "state_unavailable"

// stateError turns an error of the state (other than the expected
// sentinels, which callers handle) into its answer.
func stateError(err error) *apiError {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		if !errors.Is(err, errStateUnavailable) {
			return &apiError{status: statusClientClosed, kind: kindCanceled, msg: "request cancelled", err: err}
		}
	}
	return &apiError{status: http.StatusServiceUnavailable, kind: kindStateUnavailable,
		msg: "the shared state (Redis) did not answer; quotas fail closed, retry later", err: err}
}

// memState is the in-process state: a map of records per tenant,
// semaphores and token buckets.
type memState struct {
	mu      sync.Mutex
	records map[string]map[string]kernelRecord // tenant → id → record
	sems    map[string]*semaphore.Weighted     // tenant + "/" + kind
	buckets map[string]*rate.Limiter           // tenant
}

func newMemState() *memState {
	return &memState{records: map[string]map[string]kernelRecord{}, sems: map[string]*semaphore.Weighted{}, buckets: map[string]*rate.Limiter{}}
}

func (m *memState) addKernel(_ context.Context, tenant string, rec kernelRecord, maxKernels int) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	recs := m.records[tenant]
	if recs == nil {
		recs = map[string]kernelRecord{}
		m.records[tenant] = recs
	}
	_, known := recs[rec.ID]
	if !known && len(recs) >= maxKernels {
		return false, errTooManyKernels
	}
	recs[rec.ID] = rec
	return known, nil
}

func (m *memState) kernel(_ context.Context, tenant, id string) (kernelRecord, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	rec, ok := m.records[tenant][id]
	if !ok {
		return rec, errNoRecord
	}
	return rec, nil
}

func (m *memState) hasKernel(_ context.Context, tenant, id string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.records[tenant][id]
	return ok, nil
}

func (m *memState) kernels(_ context.Context, tenant string) ([]kernelRecord, error) {
	m.mu.Lock()
	list := make([]kernelRecord, 0, len(m.records[tenant]))
	for _, r := range m.records[tenant] {
		r.Source = "" // not listed
		list = append(list, r)
	}
	m.mu.Unlock()
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	return list, nil
}

func (m *memState) deleteKernel(_ context.Context, tenant, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.records[tenant][id]; !ok {
		return errNoRecord
	}
	delete(m.records[tenant], id)
	return nil
}

func (m *memState) numKernels(_ context.Context, tenant string) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.records[tenant]), nil
}

func (m *memState) acquire(_ context.Context, tenant, kind string, max int64) (func(), error) {
	m.mu.Lock()
	sem := m.sems[tenant+"/"+kind]
	if sem == nil {
		sem = semaphore.NewWeighted(max)
		m.sems[tenant+"/"+kind] = sem
	}
	m.mu.Unlock()
	if !sem.TryAcquire(1) {
		return nil, errNoSlot
	}
	var once sync.Once
	return func() { once.Do(func() { sem.Release(1) }) }, nil
}

func (m *memState) allow(_ context.Context, tenant string, q Quotas) error {
	m.mu.Lock()
	b := m.buckets[tenant]
	if b == nil {
		b = rate.NewLimiter(rate.Limit(q.RatePerSecond), q.Burst)
		m.buckets[tenant] = b
	}
	m.mu.Unlock()
	if !b.Allow() {
		return errNoSlot
	}
	return nil
}

func (m *memState) close() error { return nil }
