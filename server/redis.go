package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// RedisConfig names the Redis that replicas share (Config.Redis): the
// tenants' kernel records and the cluster-wide quotas live there.
type RedisConfig struct {
	// Addr is HOST:PORT.
	Addr string `json:"addr"`
	// PasswordEnv names the environment variable holding the password
	// (the config file holds none); empty for no password.
	PasswordEnv string `json:"password_env,omitempty"`
	// DB is the database number (default 0).
	DB int `json:"db,omitempty"`
	// KeyPrefix starts every key (default "sandjit:"); replicas of one
	// cluster share it, and two clusters on one Redis must not.
	KeyPrefix string `json:"key_prefix,omitempty"`
	// Timeout bounds every Redis call (default 500ms). A call that takes
	// longer fails, and the request is refused with 503.
	Timeout Duration `json:"timeout,omitempty"`
	// LeaseTTL is how long a run or compile slot outlives a replica that
	// stops renewing it (default 10s). Held slots are renewed every third
	// of it.
	LeaseTTL Duration `json:"lease_ttl,omitempty"`
}

func (c *RedisConfig) resolve() error {
	if c.Addr == "" {
		return errors.New("redis: addr is required")
	}
	if c.DB < 0 || c.DB > 1<<16 {
		return fmt.Errorf("redis: db must be in [0, 65536], got %d", c.DB)
	}
	if c.KeyPrefix == "" {
		c.KeyPrefix = "sandjit:"
	}
	if len(c.KeyPrefix) > 256 {
		return errors.New("redis: key_prefix longer than 256 bytes")
	}
	if c.Timeout == 0 {
		c.Timeout = Duration(500 * time.Millisecond)
	}
	if c.LeaseTTL == 0 {
		c.LeaseTTL = Duration(10 * time.Second)
	}
	if c.Timeout < Duration(time.Millisecond) || c.Timeout > Duration(time.Minute) {
		return fmt.Errorf("redis: timeout must be in [1ms, 1m], got %v", time.Duration(c.Timeout))
	}
	if c.LeaseTTL < Duration(300*time.Millisecond) || c.LeaseTTL > Duration(time.Hour) {
		return fmt.Errorf("redis: lease_ttl must be in [300ms, 1h], got %v", time.Duration(c.LeaseTTL))
	}
	return nil
}

// redisState keeps the state in Redis. Per tenant T (keys hash-tagged
// {T}, so that a tenant's keys share a Redis Cluster slot):
//
//	PREFIX{T}:kernels    hash: kernel id → the record's JSON, without its text
//	PREFIX{T}:sources    hash: kernel id → the kernel text (read only to compile)
//	PREFIX{T}:names      hash: kernel name → kernel id (a name is held once)
//	PREFIX{T}:named      hash: kernel id → its name (for kernels that have one)
//	PREFIX{T}:runs       sorted set: lease id → expiry (ms, Redis's clock)
//	PREFIX{T}:compiles   likewise
//	PREFIX{T}:rate       GCRA's theoretical arrival time (µs, Redis's clock)
//
// Every check-and-change is one Lua script, so replicas never race; the
// scripts read Redis's clock (TIME), so replicas' clocks do not matter.
type redisState struct {
	rdb     *redis.Client
	prefix  string
	timeout time.Duration
	ttl     time.Duration
	replica string // this process's part of lease ids
	seq     atomic.Uint64
	onError func(op string) // counts failures (a metric)
	leases  sync.WaitGroup  // renewal goroutines
}

func newRedisState(c RedisConfig, password string, onError func(string)) *redisState {
	t := time.Duration(c.Timeout)
	rdb := redis.NewClient(&redis.Options{
		Addr: c.Addr, Password: password, DB: c.DB,
		DialTimeout: t, ReadTimeout: t, WriteTimeout: t, PoolTimeout: t,
		ContextTimeoutEnabled: true,
		// One retry (a pooled connection may be stale after a Redis
		// restart); the call's deadline bounds both tries.
		MaxRetries: 1, MinRetryBackoff: time.Millisecond, MaxRetryBackoff: 10 * time.Millisecond,
		// No client-name/HELLO chatter beyond what RESP3 needs.
		DisableIdentity: true,
	})
	var b [6]byte
	rand.Read(b[:])
	return &redisState{rdb: rdb, prefix: c.KeyPrefix, timeout: t, ttl: time.Duration(c.LeaseTTL),
		replica: hex.EncodeToString(b[:]), onError: onError}
}

func (r *redisState) key(tenant, what string) string { return r.prefix + "{" + tenant + "}:" + what }

// fail wraps a Redis error as errStateUnavailable and counts it.
func (r *redisState) fail(op string, err error) error {
	r.onError(op)
	return fmt.Errorf("%w: redis %s: %w", errStateUnavailable, op, err)
}

func (r *redisState) ctx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, r.timeout)
}

// addKernelScript: KEYS the records, sources, names and named hashes;
// ARGV id, record (without its name), max, source, name. Returns {1, name}
// if the id was known (replaced), {0, name} if added — name being the
// kernel's name after the add —, {-1} if the tenant is full, {-2, holder}
// if another kernel holds the name, {-3, old} if the kernel has another
// name. The name is checked and reserved in the same step as the add
// (HSETNX's semantics, plus the kernel's own name), so two replicas never
// both take it.
var addKernelScript = redis.NewScript(`
local known = redis.call('HEXISTS', KEYS[1], ARGV[1])
if known == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then
  return {-1, ''}
end
local name = ARGV[5]
local old = redis.call('HGET', KEYS[4], ARGV[1]) or ''
if name ~= '' then
  if old ~= '' and old ~= name then
    return {-3, old}
  end
  local holder = redis.call('HGET', KEYS[3], name)
  if holder and holder ~= ARGV[1] then
    return {-2, holder}
  end
  redis.call('HSET', KEYS[3], name, ARGV[1])
  redis.call('HSET', KEYS[4], ARGV[1], name)
else
  name = old
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
return {known, name}
`)

// deleteKernelScript: KEYS the records, sources, names and named hashes;
// ARGV id. The kernel's name is freed with it.
var deleteKernelScript = redis.NewScript(`
redis.call('HDEL', KEYS[2], ARGV[1])
local name = redis.call('HGET', KEYS[4], ARGV[1])
if name then
  redis.call('HDEL', KEYS[4], ARGV[1])
  if redis.call('HGET', KEYS[3], name) == ARGV[1] then
    redis.call('HDEL', KEYS[3], name)
  end
end
return redis.call('HDEL', KEYS[1], ARGV[1])
`)

// kernelKeys are the keys of the tenant's kernel scripts, in their order.
func (r *redisState) kernelKeys(tenant string) []string {
	return []string{r.key(tenant, "kernels"), r.key(tenant, "sources"), r.key(tenant, "names"), r.key(tenant, "named")}
}

func (r *redisState) addKernel(ctx context.Context, tenant string, rec kernelRecord, maxKernels int) (bool, string, error) {
	src, name := rec.Source, rec.Name
	rec.Source, rec.Name = "", ""
	b, err := json.Marshal(rec)
	if err != nil {
		return false, "", err
	}
	ctx, cancel := r.ctx(ctx)
	defer cancel()
	res, err := addKernelScript.Run(ctx, r.rdb, r.kernelKeys(tenant), rec.ID, b, maxKernels, src, name).Slice()
	if err != nil {
		return false, "", r.fail("add_kernel", err)
	}
	var code int64
	var str string
	ok := len(res) == 2
	if ok {
		code, ok = res[0].(int64)
	}
	if ok {
		str, ok = res[1].(string)
	}
	if !ok {
		return false, "", fmt.Errorf("redis: add_kernel answered %v", res)
	}
	switch code {
	case -1:
		return false, "", errTooManyKernels
	case -2:
		return false, "", &nameError{name: name, holder: str}
	case -3:
		return false, "", &nameError{name: name, old: str}
	}
	return code == 1, str, nil
}

func (r *redisState) kernel(ctx context.Context, tenant, id string) (kernelRecord, error) {
	var rec kernelRecord
	ctx, cancel := r.ctx(ctx)
	defer cancel()
	var get, src, name *redis.StringCmd
	_, err := r.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		get = p.HGet(ctx, r.key(tenant, "kernels"), id)
		src = p.HGet(ctx, r.key(tenant, "sources"), id)
		name = p.HGet(ctx, r.key(tenant, "named"), id)
		return nil
	})
	if errors.Is(get.Err(), redis.Nil) {
		return rec, errNoRecord
	}
	if err != nil && !errors.Is(err, redis.Nil) {
		return rec, r.fail("get_kernel", err)
	}
	if err := json.Unmarshal([]byte(get.Val()), &rec); err != nil || rec.ID != id || src.Err() != nil {
		return rec, fmt.Errorf("redis: the record of kernel %q is corrupt: %v %v", clip(id, 80), err, src.Err())
	}
	rec.Source = src.Val()
	rec.Name = name.Val() // "" when unnamed (redis.Nil)
	return rec, nil
}

func (r *redisState) kernelByName(ctx context.Context, tenant, name string) (string, error) {
	ctx, cancel := r.ctx(ctx)
	defer cancel()
	id, err := r.rdb.HGet(ctx, r.key(tenant, "names"), name).Result()
	if errors.Is(err, redis.Nil) {
		return "", errNoRecord
	} else if err != nil {
		return "", r.fail("kernel_by_name", err)
	}
	return id, nil
}

func (r *redisState) hasKernel(ctx context.Context, tenant, id string) (bool, error) {
	ctx, cancel := r.ctx(ctx)
	defer cancel()
	ok, err := r.rdb.HExists(ctx, r.key(tenant, "kernels"), id).Result()
	if err != nil {
		return false, r.fail("has_kernel", err)
	}
	return ok, nil
}

func (r *redisState) kernels(ctx context.Context, tenant string) ([]kernelRecord, error) {
	ctx, cancel := r.ctx(ctx)
	defer cancel()
	var all, named *redis.MapStringStringCmd
	_, err := r.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		all = p.HGetAll(ctx, r.key(tenant, "kernels"))
		named = p.HGetAll(ctx, r.key(tenant, "named"))
		return nil
	})
	if err != nil {
		return nil, r.fail("list_kernels", err)
	}
	m, names := all.Val(), named.Val()
	list := make([]kernelRecord, 0, len(m))
	for id, v := range m {
		var rec kernelRecord
		if err := json.Unmarshal([]byte(v), &rec); err != nil || rec.ID != id {
			return nil, fmt.Errorf("redis: the record of kernel %q is corrupt: %v", clip(id, 80), err)
		}
		rec.Name = names[id]
		list = append(list, rec)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	return list, nil
}

func (r *redisState) deleteKernel(ctx context.Context, tenant, id string) error {
	ctx, cancel := r.ctx(ctx)
	defer cancel()
	n, err := deleteKernelScript.Run(ctx, r.rdb, r.kernelKeys(tenant), id).Int()
	if err != nil {
		return r.fail("delete_kernel", err)
	}
	if n == 0 {
		return errNoRecord
	}
	return nil
}

func (r *redisState) numKernels(ctx context.Context, tenant string) (int, error) {
	ctx, cancel := r.ctx(ctx)
	defer cancel()
	n, err := r.rdb.HLen(ctx, r.key(tenant, "kernels")).Result()
	if err != nil {
		return 0, r.fail("count_kernels", err)
	}
	return int(n), nil
}

// Lease scripts: KEYS[1] the tenant's sorted set of leases of a kind,
// scored by expiry in ms of Redis's clock. acquire drops expired leases
// (a dead replica's), then adds one if fewer than max remain.
var (
	acquireScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
redis.call('PEXPIRE', KEYS[1], 2 * ttl)
return 1
`)
	renewScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
local exp = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not exp or tonumber(exp) < now then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 0
end
redis.call('ZADD', KEYS[1], 'XX', now + ttl, ARGV[1])
redis.call('PEXPIRE', KEYS[1], 2 * ttl)
return 1
`)
)

func (r *redisState) acquire(ctx context.Context, tenant, kind string, max int64) (func(), error) {
	key := r.key(tenant, map[string]string{limitRuns: "runs", limitCompiles: "compiles"}[kind])
	id := r.replica + "-" + strconv.FormatUint(r.seq.Add(1), 36)
	ttl := r.ttl.Milliseconds()
	actx, cancel := r.ctx(ctx)
	n, err := acquireScript.Run(actx, r.rdb, []string{key}, id, max, ttl).Int()
	cancel()
	if err != nil {
		// The lease may have been taken before the answer was lost; it
		// expires within the TTL, and a release is best effort.
		r.releaseLease(ctx, key, id)
		return nil, r.fail("acquire", err)
	}
	if n == 0 {
		return nil, errNoSlot
	}
	stop := make(chan struct{})
	r.leases.Add(1)
	go func() {
		defer r.leases.Done()
		tick := time.NewTicker(r.ttl / 3)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			rctx, cancel := r.ctx(context.Background())
			ok, err := renewScript.Run(rctx, r.rdb, []string{key}, id, ttl).Int()
			cancel()
			if err != nil || ok == 0 {
				// Redis was unreachable for a whole TTL, or it lost the
				// lease: the slot may be given to another run meanwhile.
				// The run goes on (it is bounded by run_timeout).
				r.onError("renew")
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(stop)
			r.releaseLease(ctx, key, id)
		})
	}, nil
}

func (r *redisState) releaseLease(ctx context.Context, key, id string) {
	rctx, cancel := r.ctx(context.WithoutCancel(ctx))
	defer cancel()
	if err := r.rdb.ZRem(rctx, key, id).Err(); err != nil {
		r.onError("release") // the lease expires within its TTL
	}
}

// rateScript is GCRA: KEYS[1] the tenant's theoretical arrival time (µs
// of Redis's clock); ARGV the emission interval T (µs, 1/rate) and the
// burst. A request is allowed if, after it, the TAT is at most burst×T
// ahead of now — a token bucket of burst tokens refilled at rate.
var rateScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local T = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local new = tat + T
if new - now > burst * T then
  return 0
end
redis.call('SET', KEYS[1], string.format('%.17g', new), 'PX', math.ceil((new - now) / 1000) + 1)
return 1
`)

func (r *redisState) allow(ctx context.Context, tenant string, q Quotas) error {
	ctx, cancel := r.ctx(ctx)
	defer cancel()
	interval := 1e6 / q.RatePerSecond
	n, err := rateScript.Run(ctx, r.rdb, []string{r.key(tenant, "rate")},
		strconv.FormatFloat(interval, 'g', -1, 64), q.Burst).Int()
	if err != nil {
		return r.fail("rate", err)
	}
	if n == 0 {
		return errNoSlot
	}
	return nil
}

// close stops nothing in flight (releases still run) and closes the client
// once every lease's renewal has stopped.
func (r *redisState) close() error {
	r.leases.Wait()
	return r.rdb.Close()
}

// ping checks that Redis answers.
func (r *redisState) ping(ctx context.Context) error {
	ctx, cancel := r.ctx(ctx)
	defer cancel()
	if err := r.rdb.Ping(ctx).Err(); err != nil {
		return r.fail("ping", err)
	}
	return nil
}
