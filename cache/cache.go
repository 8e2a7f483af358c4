package cache

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Key names an entry: a SHA-256 over everything that determines the value
// (the caller decides what; see engine.kernelKey for sandjit's).
type Key [32]byte

// String is the key in hex.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// NewKey hashes parts into a Key. Each part is length-prefixed, so that
// ("ab", "c") and ("a", "bc") differ.
func NewKey(parts ...[]byte) Key {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		l := uint64(len(p))
		for i := range n {
			n[i] = byte(l >> (8 * i))
		}
		h.Write(n[:])
		h.Write(p)
	}
	var k Key
	h.Sum(k[:0])
	return k
}

// Options configure a Cache.
type Options[V any] struct {
	// MaxBytes bounds the total size of the entries kept (the sizes their
	// compute functions report). The least recently used entries are
	// evicted past it. 0 means 256 MiB.
	MaxBytes int64
	// OnEvict, if set, is called with every entry that leaves the cache
	// (evicted or removed) and holds a value (no error), outside the
	// cache's lock: the place to release what the value owns.
	OnEvict func(Key, V)
}

// Stats are a cache's counters since it was made.
type Stats struct {
	Hits        int64         // Get found a finished entry
	Waits       int64         // Get found an entry being computed and waited for it
	Misses      int64         // Get started a computation
	Errors      int64         // computations that failed (their errors are cached too)
	Evictions   int64         // entries dropped to stay under MaxBytes
	Entries     int           // entries held now
	Bytes       int64         // their total size
	ComputeTime time.Duration // total time spent in compute functions
}

// Cache is an in-memory, size-bounded, content-addressed cache of values
// computed on demand. It is safe for concurrent use. Concurrent misses for
// one key run the compute function once; the other callers wait for its
// result. A failed computation is remembered as its error (it is not
// retried until evicted or removed).
type Cache[V any] struct {
	max     int64
	onEvict func(Key, V)

	mu      sync.Mutex
	entries map[Key]*entry[V]
	lru     list.List // of *entry[V], most recently used at the front
	bytes   int64

	hits, waits, misses, errors, evictions atomic.Int64
	running                                atomic.Int64
	computeNanos                           atomic.Int64
}

type entry[V any] struct {
	key   Key
	done  chan struct{} // closed when val/err are set
	val   V
	err   error
	size  int64
	elem  *list.Element // nil until done (a pending entry is never evicted)
	ready bool

	waiters int                // callers waiting for a pending entry (its starter included)
	cancel  context.CancelFunc // cancels the computation's context
}

// New makes a cache.
func New[V any](o Options[V]) *Cache[V] {
	if o.MaxBytes <= 0 {
		o.MaxBytes = 256 << 20
	}
	return &Cache[V]{max: o.MaxBytes, onEvict: o.OnEvict, entries: map[Key]*entry[V]{}}
}

// Get returns the value for key, calling compute on a miss.
//
// compute runs on a goroutine of its own, with a context that keeps the
// caller's values but is cancelled only when every caller waiting for the
// result has gone (its own context ended): a computation nobody waits for
// any more is cancelled, not left running, while one that others still
// wait for goes on for them. Every caller, the one that missed included,
// returns ctx's error as soon as its ctx ends, without waiting for the
// computation to notice. A computation cancelled so is not cached: the
// next Get computes again. Running reports computations not yet returned.
func (c *Cache[V]) Get(ctx context.Context, key Key, compute func(ctx context.Context) (V, int64, error)) (V, error) {
	c.mu.Lock()
	e, ok := c.entries[key]
	switch {
	case ok && e.ready:
		c.lru.MoveToFront(e.elem)
		c.mu.Unlock()
		c.hits.Add(1)
		return e.val, e.err
	case ok:
		e.waiters++
		c.mu.Unlock()
		c.waits.Add(1)
	default:
		cctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		e = &entry[V]{key: key, done: make(chan struct{}), waiters: 1, cancel: cancel}
		c.entries[key] = e
		c.running.Add(1)
		c.mu.Unlock()
		c.misses.Add(1)
		go c.compute(cctx, e, compute)
	}
	select {
	case <-e.done:
		c.leave(e, false)
		return e.val, e.err
	case <-ctx.Done():
		c.leave(e, true)
		var zero V
		return zero, ctx.Err()
	}
}

// compute runs a computation for e and publishes its result.
func (c *Cache[V]) compute(ctx context.Context, e *entry[V], compute func(context.Context) (V, int64, error)) {
	defer c.running.Add(-1)
	defer e.cancel()
	start := time.Now()
	val, size, err := c.run(ctx, compute)
	c.computeNanos.Add(int64(time.Since(start)))
	abandoned := ctx.Err() != nil
	if err != nil {
		c.errors.Add(1)
		size = int64(len(err.Error())) + 64
	}
	c.mu.Lock()
	e.val, e.err, e.size, e.ready = val, err, max(size, 1), true
	var gone []*entry[V]
	switch {
	case abandoned:
		// Cancelled because nobody waited: leave already dropped it.
		if c.entries[e.key] == e {
			delete(c.entries, e.key)
		}
		gone = append(gone, e)
	case c.entries[e.key] == e: // not removed meanwhile
		e.elem = c.lru.PushFront(e)
		c.bytes += e.size
		gone = c.evict()
	default:
		gone = append(gone, e)
	}
	c.mu.Unlock()
	c.release(gone) // before done: a caller's Get returns after its evictions
	close(e.done)
}

// leave records that a caller waiting for e has gone (cancelled: its
// context ended); when it was the last one and the computation is still
// running, the computation is cancelled and the entry dropped, so that no
// new caller waits for a result that will not come.
func (c *Cache[V]) leave(e *entry[V], cancelled bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.waiters--
	if !cancelled || e.waiters > 0 || e.ready {
		return
	}
	e.cancel()
	if c.entries[e.key] == e {
		delete(c.entries, e.key)
	}
}

// Running reports how many computations are running now (including
// cancelled ones that have not returned yet).
func (c *Cache[V]) Running() int { return int(c.running.Load()) }

// release calls OnEvict for entries that left the cache.
func (c *Cache[V]) release(gone []*entry[V]) {
	if c.onEvict == nil {
		return
	}
	for _, e := range gone {
		if e.err == nil {
			c.onEvict(e.key, e.val)
		}
	}
}

// run calls compute, turning a panic into an error so that waiters are
// never left hanging.
func (c *Cache[V]) run(ctx context.Context, compute func(context.Context) (V, int64, error)) (v V, size int64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Value: r}
		}
	}()
	return compute(ctx)
}

// PanicError is the error of a compute function that panicked.
type PanicError struct{ Value any }

func (e *PanicError) Error() string {
	return fmt.Sprintf("cache: compute function panicked: %v", e.Value)
}

// evict drops least recently used finished entries until under max and
// returns them; c.mu is held. The newest entry stays even if it alone is
// over max.
func (c *Cache[V]) evict() []*entry[V] {
	var gone []*entry[V]
	for c.bytes > c.max && c.lru.Len() > 1 {
		e := c.lru.Back().Value.(*entry[V])
		c.lru.Remove(e.elem)
		delete(c.entries, e.key)
		c.bytes -= e.size
		c.evictions.Add(1)
		gone = append(gone, e)
	}
	return gone
}

// Peek returns a finished entry without computing or waiting (counted as
// a hit when there is one).
func (c *Cache[V]) Peek(key Key) (val V, err error, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, found := c.entries[key]
	if !found || !e.ready {
		return val, nil, false
	}
	c.lru.MoveToFront(e.elem)
	c.hits.Add(1)
	return e.val, e.err, true
}

// Remove drops an entry (a pending computation still completes for its
// waiters but is not kept).
func (c *Cache[V]) Remove(key Key) {
	c.mu.Lock()
	e, ok := c.entries[key]
	if !ok {
		c.mu.Unlock()
		return
	}
	delete(c.entries, key)
	ready := e.ready
	if ready {
		c.lru.Remove(e.elem)
		c.bytes -= e.size
	}
	c.mu.Unlock()
	if ready {
		c.release([]*entry[V]{e})
	}
}

// Purge removes every finished entry (calling OnEvict for each).
func (c *Cache[V]) Purge() {
	c.mu.Lock()
	var gone []*entry[V]
	for k, e := range c.entries {
		if e.ready {
			delete(c.entries, k)
			c.lru.Remove(e.elem)
			c.bytes -= e.size
			gone = append(gone, e)
		}
	}
	c.mu.Unlock()
	c.release(gone)
}

// Stats returns the counters.
func (c *Cache[V]) Stats() Stats {
	c.mu.Lock()
	n, b := len(c.entries), c.bytes
	c.mu.Unlock()
	return Stats{Hits: c.hits.Load(), Waits: c.waits.Load(), Misses: c.misses.Load(), Errors: c.errors.Load(),
		Evictions: c.evictions.Load(), Entries: n, Bytes: b, ComputeTime: time.Duration(c.computeNanos.Load())}
}
