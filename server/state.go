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
	// tenant held rec.ID already (the record is replaced). A non-empty
	// rec.Name is reserved in the same step: it fails with a *nameError
	// (errNameTaken) if another of the tenant's kernels holds the name or
	// rec.ID already has another one. name is the kernel's name after
	// the add: rec.Name, or the name rec.ID kept from before.
	addKernel(ctx context.Context, tenant string, rec kernelRecord, maxKernels int) (known bool, name string, err error)
	// kernel returns the tenant's record of id (errNoRecord if none).
	kernel(ctx context.Context, tenant, id string) (kernelRecord, error)
	// kernelByName returns the id of the tenant's kernel named name
	// (errNoRecord if none).
	kernelByName(ctx context.Context, tenant, name string) (id string, err error)
	// hasKernel reports whether the tenant holds id, without reading the
	// record.
	hasKernel(ctx context.Context, tenant, id string) (bool, error)
	// kernels lists the tenant's records by id, without their source.
	kernels(ctx context.Context, tenant string) ([]kernelRecord, error)
	// deleteKernel forgets the tenant's record of id and frees its name
	// (errNoRecord if none).
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
	ID string `json:"id"`
	// Name is the tenant's name for the kernel ("" for none), unique
	// among the tenant's kernels: its model name on /v2. The stores
	// keep it beside the record, in the tenant's name index.
	Name  string `json:"name,omitempty"`
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
	return kernelInfo{ID: r.ID, Name: r.Name, Entry: r.Entry, Specialize: r.Specialize, Signature: signature{Args: r.Args, Results: r.Results}}
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
	names   map[string]map[string]string       // tenant → name → id
	sems    map[string]*semaphore.Weighted     // tenant + "/" + kind
	buckets map[string]*rate.Limiter           // tenant
}

func newMemState() *memState {
	return &memState{records: map[string]map[string]kernelRecord{}, names: map[string]map[string]string{}, sems: map[string]*semaphore.Weighted{}, buckets: map[string]*rate.Limiter{}}
}

func (m *memState) addKernel(_ context.Context, tenant string, rec kernelRecord, maxKernels int) (bool, string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	recs, names := m.records[tenant], m.names[tenant]
	if recs == nil {
		recs, names = map[string]kernelRecord{}, map[string]string{}
		m.records[tenant], m.names[tenant] = recs, names
	}
	old, known := recs[rec.ID]
	if !known && len(recs) >= maxKernels {
		return false, "", errTooManyKernels
	}
	if rec.Name != "" {
		if old.Name != "" && old.Name != rec.Name {
			return false, "", &nameError{name: rec.Name, old: old.Name}
		}
		if holder, ok := names[rec.Name]; ok && holder != rec.ID {
			return false, "", &nameError{name: rec.Name, holder: holder}
		}
		names[rec.Name] = rec.ID
	} else {
		rec.Name = old.Name
	}
	recs[rec.ID] = rec
	return known, rec.Name, nil
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

func (m *memState) kernelByName(_ context.Context, tenant, name string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.names[tenant][name]
	if !ok {
		return "", errNoRecord
	}
	return id, nil
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
	rec, ok := m.records[tenant][id]
	if !ok {
		return errNoRecord
	}
	delete(m.records[tenant], id)
	if rec.Name != "" {
		delete(m.names[tenant], rec.Name)
	}
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
