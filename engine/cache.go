package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"

	"github.com/sandjit/sandjit/cache"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/internal/wasmgen"
)

// artifact is a compiled kernel independent of any arena: the checked and
// lowered kernel and its Wasm.
type artifact struct {
	kernel   *lower.Kernel
	bin      []byte
	irDigest [32]byte // SHA-256 of the loop IR text
	opts     wasmgen.Options

	watOnce sync.Once
	wat     string
}

// size estimates the memory an artifact holds.
func (a *artifact) size() int64 { return int64(len(a.bin))*3 + 16<<10 }

// WAT returns the Wasm text (generated again from the loop IR when the
// binary came from disk).
func (a *artifact) WAT() string {
	a.watOnce.Do(func() {
		m, err := wasmgen.CompileWith(a.kernel.Program, a.opts)
		if err != nil {
			a.wat = fmt.Sprintf(";; %v", err)
			return
		}
		a.wat = m.WAT()
	})
	return a.wat
}

// Cache holds compiled kernels by content for every Runtime that uses it
// (WithCache): the lowered kernels and their Wasm in memory, bounded by
// size, and wazero's cache of native code. With a directory, both also go
// to disk, so that a restarted process skips compilation; entries read
// back are verified, and a corrupt or foreign one is deleted and compiled
// again. A Cache is safe for concurrent use.
type Cache struct {
	artifacts *cache.Cache[*artifact]
	disk      *cache.Disk
	native    wazero.CompilationCache
	nativeDir string

	mu     sync.Mutex
	summed map[string]bool // native cache files with a checksum written

	diskHits, diskMisses, diskRejects atomic.Int64

	// life is held by every Runtime using the cache, from New until it is
	// freed: Close frees the native code only once they are all closed.
	life *lifetime
}

// CacheOptions configure a Cache.
type CacheOptions struct {
	// MaxBytes bounds the in-memory artifacts (default 256 MiB).
	MaxBytes int64
	// Dir, if set, keeps artifacts and native code on disk there.
	Dir string
}

// NewCache makes a cache.
func NewCache(o CacheOptions) (*Cache, error) {
	c := &Cache{artifacts: cache.New(cache.Options[*artifact]{MaxBytes: o.MaxBytes}), summed: map[string]bool{},
		life: newLifetime()}
	if o.Dir == "" {
		c.native = wazero.NewCompilationCache()
		return c, nil
	}
	var err error
	if c.disk, err = cache.OpenDisk(filepath.Join(o.Dir, "artifacts")); err != nil {
		return nil, err
	}
	c.nativeDir = filepath.Join(o.Dir, "native")
	if err := os.MkdirAll(c.nativeDir, 0o700); err != nil {
		return nil, err
	}
	c.verifyNative()
	if c.native, err = wazero.NewCompilationCacheWithDir(c.nativeDir); err != nil {
		return nil, err
	}
	return c, nil
}

// Close releases the native code cache. New runtimes can no longer use
// the cache (engine.New fails with ErrClosed); the runtimes already using
// it keep it, and it is released when the last of them is closed (now, if
// none is open). Close does not wait for them, so closing the cache before
// its runtimes cannot deadlock. It is safe to call many times and from any
// goroutine.
func (c *Cache) Close(ctx context.Context) error {
	return c.life.release(func(ctx context.Context) error { return c.native.Close(ctx) })
}

// CacheStats are a Cache's counters.
type CacheStats struct {
	Artifacts   cache.Stats // the in-memory artifact cache
	DiskHits    int64       // artifacts read back from disk
	DiskMisses  int64       // artifacts not on disk
	DiskRejects int64       // disk entries (artifact or native) found corrupt or foreign and deleted
}

// Stats returns the counters.
func (c *Cache) Stats() CacheStats {
	return CacheStats{Artifacts: c.artifacts.Stats(), DiskHits: c.diskHits.Load(), DiskMisses: c.diskMisses.Load(), DiskRejects: c.diskRejects.Load()}
}

// wazero's native code cache has its own checksum but fails compilation
// (rather than recompiling) on a bad file, and checks less than we would
// like before mapping code. So every file it writes gets a sidecar with
// its SHA-256, and at start-up every file without a matching sidecar is
// deleted before wazero can read it.
const sumSuffix = ".sandjit-sha256"

func (c *Cache) verifyNative() {
	_ = filepath.WalkDir(c.nativeDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, sumSuffix) {
			return nil
		}
		if strings.HasSuffix(p, ".tmp") {
			// Another process sharing the directory may be writing it;
			// one left by a crash goes after an hour.
			if info, err := d.Info(); err == nil && time.Since(info.ModTime()) > time.Hour {
				os.Remove(p)
			}
			return nil
		}
		want, _ := os.ReadFile(p + sumSuffix)
		if got, err := fileDigest(p); err != nil || got != strings.TrimSpace(string(want)) {
			os.Remove(p)
			os.Remove(p + sumSuffix)
			c.diskRejects.Add(1)
			return nil
		}
		c.summed[p] = true
		return nil
	})
}

// recordNative writes sidecars for native cache files that lack one.
func (c *Cache) recordNative() {
	if c.nativeDir == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	_ = filepath.WalkDir(c.nativeDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, sumSuffix) || strings.HasSuffix(p, ".tmp") || c.summed[p] {
			return nil
		}
		if sum, err := fileDigest(p); err == nil {
			if writeAtomic(p+sumSuffix, []byte(sum+"\n")) == nil {
				c.summed[p] = true
			}
		}
		return nil
	})
}

// writeAtomic writes a file by rename, so that another process sharing
// the directory (replicas on one volume) never reads it half written.
func writeAtomic(p string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(p), filepath.Base(p)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// purgeNative deletes every native cache file (and its sidecar).
func (c *Cache) purgeNative() {
	c.mu.Lock()
	defer c.mu.Unlock()
	_ = filepath.WalkDir(c.nativeDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Remove(p)
			c.diskRejects.Add(1)
		}
		return nil
	})
	c.summed = map[string]bool{}
}

func fileDigest(p string) (string, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}
