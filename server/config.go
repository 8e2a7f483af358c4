package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sandjit/sandjit/memref"
)

// ErrConfig is matched by every error about an invalid configuration.
var ErrConfig = errors.New("invalid server config")

// Duration is a time.Duration that reads from JSON as a Go duration
// string ("5s", "250ms") or a number of seconds.
type Duration time.Duration

// UnmarshalJSON implements json.Unmarshaler.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		v, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("duration %q: %w", s, err)
		}
		*d = Duration(v)
		return nil
	}
	var secs float64
	if err := json.Unmarshal(b, &secs); err != nil {
		return fmt.Errorf("duration must be a string such as \"5s\" or a number of seconds, got %s", b)
	}
	if secs < 0 || secs > float64(1<<62)/float64(time.Second) {
		return fmt.Errorf("duration of %g seconds is out of range", secs)
	}
	*d = Duration(secs * float64(time.Second))
	return nil
}

// MarshalJSON implements json.Marshaler.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// Quotas bound what one tenant may do. In a config file every field is
// optional: a zero field takes the server's default (Config.Defaults),
// and a zero default takes DefaultQuotas'. Nothing is unlimited.
type Quotas struct {
	// ArenaBytes bounds the tenant's arena: the bytes that its
	// concurrent runs' tensors, temporaries and argument blocks occupy at
	// once (engine.WithMemoryLimit). A run over it gets 507.
	ArenaBytes int64 `json:"arena_bytes,omitempty"`
	// Workers is how many goroutines one run may use (engine.WithWorkers).
	Workers int `json:"workers,omitempty"`
	// MaxRequestBytes bounds a request body (413).
	MaxRequestBytes int64 `json:"max_request_bytes,omitempty"`
	// MaxTensorBytes bounds the bytes of all input tensors of one run
	// together (413).
	MaxTensorBytes int64 `json:"max_tensor_bytes,omitempty"`
	// MaxResponseBytes bounds an encoded response: a run's outputs in the
	// format asked for (413). JSON takes up to ~25 bytes an element.
	MaxResponseBytes int64 `json:"max_response_bytes,omitempty"`
	// MaxSourceBytes bounds the kernel text (413).
	MaxSourceBytes int `json:"max_source_bytes,omitempty"`
	// MaxOps bounds the operations in a kernel module (413).
	MaxOps int `json:"max_ops,omitempty"`
	// MaxDepth bounds the nesting of regions, attributes, types and
	// dense literals in kernel text (413).
	MaxDepth int `json:"max_depth,omitempty"`
	// MaxRank bounds the rank of every input tensor and of every type in
	// a kernel (413).
	MaxRank int `json:"max_rank,omitempty"`
	// MaxElements bounds the elements of one input tensor, of one dense
	// literal, and of every static type in a kernel (413).
	MaxElements int `json:"max_elements,omitempty"`
	// MaxKernels bounds the kernels a tenant holds at once (507).
	MaxKernels int `json:"max_kernels,omitempty"`
	// RunTimeout bounds one run (504).
	RunTimeout Duration `json:"run_timeout,omitempty"`
	// CompileTimeout bounds one compilation (504).
	CompileTimeout Duration `json:"compile_timeout,omitempty"`
	// MaxConcurrentRuns bounds the tenant's runs in flight (429).
	MaxConcurrentRuns int64 `json:"max_concurrent_runs,omitempty"`
	// MaxConcurrentCompiles bounds the tenant's compilations in flight,
	// including ones that outlived their request's budget (429).
	MaxConcurrentCompiles int64 `json:"max_concurrent_compiles,omitempty"`
	// RatePerSecond and Burst are the token bucket every authenticated
	// request (/v1, /v2/models) of the tenant draws one token from (429).
	RatePerSecond float64 `json:"rate_per_second,omitempty"`
	Burst         int     `json:"burst,omitempty"`
}

// DefaultQuotas are the quotas of a tenant that sets none.
func DefaultQuotas() Quotas {
	return Quotas{
		ArenaBytes:            256 << 20,
		Workers:               2,
		MaxRequestBytes:       32 << 20,
		MaxTensorBytes:        16 << 20,
		MaxResponseBytes:      64 << 20,
		MaxSourceBytes:        256 << 10,
		MaxOps:                10_000,
		MaxDepth:              32,
		MaxRank:               8,
		MaxElements:           1 << 22,
		MaxKernels:            64,
		RunTimeout:            Duration(5 * time.Second),
		CompileTimeout:        Duration(10 * time.Second),
		MaxConcurrentRuns:     4,
		MaxConcurrentCompiles: 2,
		RatePerSecond:         100,
		Burst:                 200,
	}
}

// withDefaults fills q's zero fields from d.
func (q Quotas) withDefaults(d Quotas) Quotas {
	set := func(v *int64, def int64) {
		if *v == 0 {
			*v = def
		}
	}
	seti := func(v *int, def int) {
		if *v == 0 {
			*v = def
		}
	}
	set(&q.ArenaBytes, d.ArenaBytes)
	seti(&q.Workers, d.Workers)
	set(&q.MaxRequestBytes, d.MaxRequestBytes)
	set(&q.MaxTensorBytes, d.MaxTensorBytes)
	set(&q.MaxResponseBytes, d.MaxResponseBytes)
	seti(&q.MaxSourceBytes, d.MaxSourceBytes)
	seti(&q.MaxOps, d.MaxOps)
	seti(&q.MaxDepth, d.MaxDepth)
	seti(&q.MaxRank, d.MaxRank)
	seti(&q.MaxElements, d.MaxElements)
	seti(&q.MaxKernels, d.MaxKernels)
	if q.RunTimeout == 0 {
		q.RunTimeout = d.RunTimeout
	}
	if q.CompileTimeout == 0 {
		q.CompileTimeout = d.CompileTimeout
	}
	set(&q.MaxConcurrentRuns, d.MaxConcurrentRuns)
	set(&q.MaxConcurrentCompiles, d.MaxConcurrentCompiles)
	if q.RatePerSecond == 0 {
		q.RatePerSecond = d.RatePerSecond
	}
	seti(&q.Burst, d.Burst)
	return q
}

// check reports the first field out of its range.
func (q Quotas) check() error {
	type bound struct {
		name      string
		v, lo, hi int64
	}
	for _, b := range []bound{
		{"arena_bytes", q.ArenaBytes, 64 << 10, 4 << 30},
		{"workers", int64(q.Workers), 1, 1024},
		{"max_request_bytes", q.MaxRequestBytes, 1, 4 << 30},
		{"max_tensor_bytes", q.MaxTensorBytes, 1, 4 << 30},
		{"max_response_bytes", q.MaxResponseBytes, 1, 16 << 30},
		{"max_source_bytes", int64(q.MaxSourceBytes), 1, 64 << 20},
		{"max_ops", int64(q.MaxOps), 1, 10_000_000},
		{"max_depth", int64(q.MaxDepth), 1, 1024},
		{"max_rank", int64(q.MaxRank), 0, memref.MaxRank},
		{"max_elements", int64(q.MaxElements), 1, memref.MaxElements},
		{"max_kernels", int64(q.MaxKernels), 1, 1 << 20},
		{"run_timeout", int64(q.RunTimeout), int64(time.Millisecond), int64(24 * time.Hour)},
		{"compile_timeout", int64(q.CompileTimeout), int64(time.Millisecond), int64(24 * time.Hour)},
		{"max_concurrent_runs", q.MaxConcurrentRuns, 1, 1 << 16},
		{"max_concurrent_compiles", q.MaxConcurrentCompiles, 1, 1 << 16},
		{"burst", int64(q.Burst), 1, 1 << 30},
	} {
		if b.v < b.lo || b.v > b.hi {
			return fmt.Errorf("%s must be in [%d, %d], got %d", b.name, b.lo, b.hi, b.v)
		}
	}
	if !(q.RatePerSecond > 0 && q.RatePerSecond <= 1e9) {
		return fmt.Errorf("rate_per_second must be in (0, 1e9], got %g", q.RatePerSecond)
	}
	return nil
}

// TenantConfig is one tenant: a name for logs and metrics, its API keys,
// and its quotas.
type TenantConfig struct {
	// Name identifies the tenant in logs and metric labels.
	Name string `json:"name"`
	// Keys are API keys in clear text (handy for tests; prefer KeySHA256).
	Keys []string `json:"keys,omitempty"`
	// KeySHA256 are the hex SHA-256 digests of API keys, so that a config
	// file need not hold the keys themselves.
	KeySHA256 []string `json:"key_sha256,omitempty"`
	// Quotas override the server's defaults field by field.
	Quotas Quotas `json:"quotas"`
}

// Config is the server's configuration, read from a JSON file (LoadConfig)
// or built in Go. Zero fields take the defaults documented on each.
type Config struct {
	// CacheDir, if set, keeps compiled kernels (artifacts and native code)
	// on disk, so that a restarted server or a new replica sharing the
	// directory skips compilation.
	CacheDir string `json:"cache_dir,omitempty"`
	// CacheMaxBytes bounds the compiled kernels kept in memory (default
	// 256 MiB), shared by every tenant.
	CacheMaxBytes int64 `json:"cache_max_bytes,omitempty"`
	// ShutdownGrace is how long a shutdown waits for in-flight requests
	// before cancelling their runs (default 10s).
	ShutdownGrace Duration `json:"shutdown_grace,omitempty"`
	// ShutdownCancelWait is how long a shutdown then waits for cancelled
	// requests to answer before closing their connections (default 2s).
	ShutdownCancelWait Duration `json:"shutdown_cancel_wait,omitempty"`
	// ReadTimeout bounds reading one request, body included (default 30s;
	// a body not read in time gets 408). WriteTimeout bounds writing the
	// response (default: the longest run or compile timeout plus ReadTimeout
	// plus 10s). IdleTimeout closes idle keep-alive connections (default 120s).
	ReadTimeout  Duration `json:"read_timeout,omitempty"`
	WriteTimeout Duration `json:"write_timeout,omitempty"`
	IdleTimeout  Duration `json:"idle_timeout,omitempty"`
	// MetricsToken is the bearer token /metrics requires. Without one
	// /metrics answers 403 to everyone (its labels name the tenants),
	// unless MetricsOpen says on purpose that anyone who reaches the port
	// may read it (a scrape from inside the cluster).
	MetricsToken string `json:"metrics_token,omitempty"`
	MetricsOpen  bool   `json:"metrics_open,omitempty"`
	// Defaults are the quotas of every tenant, field by field, before the
	// tenant's own; zero fields take DefaultQuotas.
	Defaults Quotas `json:"defaults"`
	// Tenants are the tenants; every key belongs to exactly one.
	Tenants []TenantConfig `json:"tenants"`
	// Redis, if set, is where replicas share the tenants' kernels and
	// quotas (README, "Scale-out"). Without it both live in this process.
	Redis *RedisConfig `json:"redis,omitempty"`
}

// maxConfigBytes bounds a config file.
const maxConfigBytes = 4 << 20

// LoadConfig reads a JSON config file.
func LoadConfig(path string) (Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return Config{}, fmt.Errorf("%w: %w", ErrConfig, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxConfigBytes+1))
	if err != nil {
		return Config{}, fmt.Errorf("%w: %s: %w", ErrConfig, path, err)
	}
	if len(b) > maxConfigBytes {
		return Config{}, fmt.Errorf("%w: %s is larger than %d bytes", ErrConfig, path, maxConfigBytes)
	}
	c, err := ParseConfig(b)
	if err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// ParseConfig parses a JSON config. Unknown fields are errors, so that a
// misspelt quota does not silently fall back to its default.
func ParseConfig(b []byte) (Config, error) {
	var c Config
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Config{}, fmt.Errorf("%w: %w", ErrConfig, err)
	}
	if dec.More() {
		return Config{}, fmt.Errorf("%w: trailing data after the JSON object", ErrConfig)
	}
	if _, err := c.resolve(); err != nil {
		return Config{}, err
	}
	return c, nil
}

// tenantSpec is a tenant's resolved configuration.
type tenantSpec struct {
	name   string
	hashes [][sha256.Size]byte
	quotas Quotas
}

// resolved is a validated Config with defaults applied.
type resolved struct {
	Config
	tenants []tenantSpec
}

// resolve validates c and applies the defaults.
func (c Config) resolve() (resolved, error) {
	r := resolved{Config: c}
	if r.CacheMaxBytes == 0 {
		r.CacheMaxBytes = 256 << 20
	}
	if r.CacheMaxBytes < 0 {
		return r, fmt.Errorf("%w: cache_max_bytes must be positive", ErrConfig)
	}
	def := func(d *Duration, v time.Duration) {
		if *d == 0 {
			*d = Duration(v)
		}
	}
	def(&r.ShutdownGrace, 10*time.Second)
	def(&r.ShutdownCancelWait, 2*time.Second)
	def(&r.ReadTimeout, 30*time.Second)
	def(&r.IdleTimeout, 120*time.Second)
	defaults := c.Defaults.withDefaults(DefaultQuotas())
	if err := defaults.check(); err != nil {
		return r, fmt.Errorf("%w: defaults: %w", ErrConfig, err)
	}
	if len(c.Tenants) == 0 {
		return r, fmt.Errorf("%w: no tenants", ErrConfig)
	}
	if len(c.Tenants) > 10_000 {
		return r, fmt.Errorf("%w: %d tenants, more than 10000", ErrConfig, len(c.Tenants))
	}
	names := map[string]bool{}
	keys := map[[sha256.Size]byte]string{}
	longest := time.Duration(0)
	for i, t := range c.Tenants {
		if t.Name == "" || len(t.Name) > 64 || strings.ContainsAny(t.Name, "\"\\\n\r\t ") {
			return r, fmt.Errorf("%w: tenant #%d: name must be 1-64 characters without quotes, backslashes or spaces, got %q", ErrConfig, i, t.Name)
		}
		if names[t.Name] {
			return r, fmt.Errorf("%w: tenant %q appears twice", ErrConfig, t.Name)
		}
		names[t.Name] = true
		spec := tenantSpec{name: t.Name, quotas: t.Quotas.withDefaults(defaults)}
		if err := spec.quotas.check(); err != nil {
			return r, fmt.Errorf("%w: tenant %q: %w", ErrConfig, t.Name, err)
		}
		for _, k := range t.Keys {
			if len(k) < 16 {
				return r, fmt.Errorf("%w: tenant %q: API keys must have at least 16 characters", ErrConfig, t.Name)
			}
			spec.hashes = append(spec.hashes, sha256.Sum256([]byte(k)))
		}
		for _, h := range t.KeySHA256 {
			b, err := hex.DecodeString(h)
			if err != nil || len(b) != sha256.Size {
				return r, fmt.Errorf("%w: tenant %q: key_sha256 entries must be 64 hex digits", ErrConfig, t.Name)
			}
			spec.hashes = append(spec.hashes, [sha256.Size]byte(b))
		}
		if len(spec.hashes) == 0 {
			return r, fmt.Errorf("%w: tenant %q has no keys", ErrConfig, t.Name)
		}
		for _, h := range spec.hashes {
			if other, ok := keys[h]; ok {
				return r, fmt.Errorf("%w: tenants %q and %q share an API key", ErrConfig, other, t.Name)
			}
			keys[h] = t.Name
		}
		longest = max(longest, time.Duration(spec.quotas.RunTimeout), time.Duration(spec.quotas.CompileTimeout))
		r.tenants = append(r.tenants, spec)
	}
	def(&r.WriteTimeout, longest+time.Duration(r.ReadTimeout)+10*time.Second)
	if c.Redis != nil {
		rc := *c.Redis
		if err := rc.resolve(); err != nil {
			return r, fmt.Errorf("%w: %w", ErrConfig, err)
		}
		r.Redis = &rc
	}
	return r, nil
}
