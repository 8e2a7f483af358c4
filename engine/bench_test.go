package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

const softmaxSrc = `func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Softmax"(%x) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}
`

// BenchmarkCompile measures, side by side: a cold compile of a softmax
// kernel (fresh caches: parse, check, lower, fuse, generate Wasm, wazero's
// native compile), a warm hit in the in-memory cache, and a reload after
// a restart from the disk cache (fresh process state, native code and
// artifacts on disk). runtime-only is what creating the Runtime and Cache
// costs by itself, included in cold and disk-reload.
func BenchmarkCompile(b *testing.B) {
	ctx := context.Background()
	newRT := func(c *Cache) *Runtime {
		rt, err := New(ctx, WithArenaSize(1<<20), WithCache(c))
		if err != nil {
			b.Fatal(err)
		}
		return rt
	}
	b.Run("runtime-only", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			c, _ := NewCache(CacheOptions{})
			newRT(c).Close(ctx)
			c.Close(ctx)
		}
	})
	b.Run("cold", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			c, _ := NewCache(CacheOptions{})
			rt := newRT(c)
			if _, err := rt.Compile(ctx, []byte(softmaxSrc), WithSpecialization(SpecializeDisabled)); err != nil {
				b.Fatal(err)
			}
			rt.Close(ctx)
			c.Close(ctx)
		}
	})
	b.Run("warm-hit", func(b *testing.B) {
		c, _ := NewCache(CacheOptions{})
		rt := newRT(c)
		defer rt.Close(ctx)
		src := []byte(softmaxSrc)
		rt.Compile(ctx, src, WithSpecialization(SpecializeDisabled))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := rt.Compile(ctx, src, WithSpecialization(SpecializeDisabled)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("disk-reload", func(b *testing.B) {
		dir := b.TempDir()
		c, _ := NewCache(CacheOptions{Dir: dir})
		rt := newRT(c)
		rt.Compile(ctx, []byte(softmaxSrc), WithSpecialization(SpecializeDisabled))
		rt.Close(ctx)
		c.Close(ctx)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			c, err := NewCache(CacheOptions{Dir: dir})
			if err != nil {
				b.Fatal(err)
			}
			rt := newRT(c)
			if _, err := rt.Compile(ctx, []byte(softmaxSrc), WithSpecialization(SpecializeDisabled)); err != nil {
				b.Fatal(err)
			}
			if c.Stats().DiskHits != 1 {
				b.Fatalf("no disk hit: %+v", c.Stats())
			}
			rt.Close(ctx)
			c.Close(ctx)
		}
	})
}

// BenchmarkSpecializedRun runs softmax over 1024×1024 with the default
// executable (dynamic shapes: run-time sizes, broadcast checks) and with
// the one specialized on the operand's symbolic shape, side by side.
func BenchmarkSpecializedRun(b *testing.B) {
	ctx := context.Background()
	for _, m := range []Specialization{SpecializeDisabled, SpecializeAlways} {
		b.Run(fmt.Sprintf("mode=%s", m), func(b *testing.B) {
			rt, err := New(ctx, WithArenaSize(64<<20), WithWorkers(1))
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Close(ctx)
			exe, err := rt.Compile(ctx, []byte(softmaxSrc), WithSpecialization(m))
			if err != nil {
				b.Fatal(err)
			}
			x, _ := rt.NewTensor(memref.Float32, []int{1024, 1024})
			b.SetBytes(2 * 4 << 20)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := exe.Run(ctx, x); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
