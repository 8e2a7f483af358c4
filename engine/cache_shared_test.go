package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDiskCacheLeavesOthersTemporaries: on a directory shared by
// replicas, a starting process leaves alone the temporary files another
// is writing (native code, checksums), and removes only stale ones; the
// checksum sidecars it writes are whole files (written by rename).
func TestDiskCacheLeavesOthersTemporaries(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	c, err := NewCache(CacheOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	rt := newRuntime(t, WithCache(c))
	if _, err := rt.Compile(ctx, []byte(addSrc)); err != nil {
		t.Fatal(err)
	}
	rt.Close(ctx)
	c.Close(ctx)
	native, _ := filepath.Glob(filepath.Join(dir, "native", "*", "*"))
	var sub string
	for _, f := range native {
		if strings.HasSuffix(f, ".tmp") {
			t.Errorf("temporary file left: %s", f)
		}
		sub = filepath.Dir(f)
	}
	if sub == "" {
		t.Fatal("no native code on disk")
	}
	fresh := filepath.Join(sub, "0123.456.tmp")
	stale := filepath.Join(sub, "0123.789.tmp")
	os.WriteFile(fresh, []byte("being written"), 0o600)
	os.WriteFile(stale, []byte("left by a crash"), 0o600)
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(stale, old, old)
	c, err = NewCache(CacheOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	if st := c.Stats(); st.DiskRejects != 0 {
		t.Errorf("rejects at start-up: %+v", st)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("another process's temporary file was removed: %v", err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("a stale temporary file was kept")
	}
}
