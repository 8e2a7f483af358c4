package cache

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func key(s string) Key { return NewKey([]byte(s)) }

func TestNewKeyFramesParts(t *testing.T) {
	if NewKey([]byte("ab"), []byte("c")) == NewKey([]byte("a"), []byte("bc")) {
		t.Error("parts are not length-prefixed")
	}
	if NewKey([]byte("x")) != NewKey([]byte("x")) {
		t.Error("keys are not deterministic")
	}
}

func TestGetComputesOnce(t *testing.T) {
	c := New[int](Options[int]{})
	var calls atomic.Int32
	release := make(chan struct{})
	compute := func(ctx context.Context) (int, int64, error) {
		calls.Add(1)
		<-release
		return 42, 8, nil
	}
	const P = 32
	var wg sync.WaitGroup
	results := make([]int, P)
	for i := 0; i < P; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			v, err := c.Get(context.Background(), key("k"), compute)
			if err != nil {
				t.Error(err)
			}
			results[i] = v
		}(i)
	}
	time.Sleep(20 * time.Millisecond)
	close(release)
	wg.Wait()
	if calls.Load() != 1 {
		t.Errorf("compute ran %d times", calls.Load())
	}
	for _, r := range results {
		if r != 42 {
			t.Fatalf("a caller got %d", r)
		}
	}
	st := c.Stats()
	if st.Misses != 1 || st.Hits+st.Waits != P-1 {
		t.Errorf("stats %+v", st)
	}
}

func TestErrorsAreCached(t *testing.T) {
	c := New[string](Options[string]{})
	boom := errors.New("boom")
	calls := 0
	for i := 0; i < 3; i++ {
		_, err := c.Get(context.Background(), key("bad"), func(context.Context) (string, int64, error) {
			calls++
			return "", 0, boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("got %v", err)
		}
	}
	if calls != 1 || c.Stats().Errors != 1 {
		t.Errorf("compute ran %d times, stats %+v", calls, c.Stats())
	}
	c.Remove(key("bad"))
	c.Get(context.Background(), key("bad"), func(context.Context) (string, int64, error) { calls++; return "ok", 1, nil })
	if calls != 2 {
		t.Error("Remove did not forget the error")
	}
}

func TestPanicBecomesError(t *testing.T) {
	c := New[int](Options[int]{})
	_, err := c.Get(context.Background(), key("p"), func(context.Context) (int, int64, error) { panic("oops") })
	var pe *PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("got %v", err)
	}
}

func TestLRUBySize(t *testing.T) {
	c := New[int](Options[int]{MaxBytes: 100})
	put := func(k string, size int64) {
		c.Get(context.Background(), key(k), func(context.Context) (int, int64, error) { return 1, size, nil })
	}
	put("a", 40)
	put("b", 40)
	c.Peek(key("a")) // a is now more recent than b
	put("c", 40)     // over 100: evict b
	if _, _, ok := c.Peek(key("b")); ok {
		t.Error("b should be evicted")
	}
	for _, k := range []string{"a", "c"} {
		if _, _, ok := c.Peek(key(k)); !ok {
			t.Errorf("%s was evicted", k)
		}
	}
	st := c.Stats()
	if st.Bytes != 80 || st.Entries != 2 || st.Evictions != 1 {
		t.Errorf("stats %+v", st)
	}
	put("huge", 1000) // alone over the bound: kept, everything else goes
	if _, _, ok := c.Peek(key("huge")); !ok || c.Stats().Entries != 1 {
		t.Errorf("after a huge entry: %+v", c.Stats())
	}
}

func TestWaiterHonoursContext(t *testing.T) {
	c := New[int](Options[int]{})
	release := make(chan struct{})
	go c.Get(context.Background(), key("slow"), func(context.Context) (int, int64, error) { <-release; return 1, 1, nil })
	time.Sleep(10 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := c.Get(ctx, key("slow"), nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v", err)
	}
	close(release)
}

// TestHammer: many goroutines, many keys, a small bound (run with -race).
func TestHammer(t *testing.T) {
	c := New[string](Options[string]{MaxBytes: 500})
	var wg sync.WaitGroup
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				k := fmt.Sprint((g*7 + i) % 40)
				v, err := c.Get(context.Background(), key(k), func(context.Context) (string, int64, error) {
					return "v" + k, 30, nil
				})
				if err != nil || v != "v"+k {
					t.Errorf("key %s: %q %v", k, v, err)
					return
				}
				if i%50 == 0 {
					c.Remove(key(k))
				}
			}
		}(g)
	}
	wg.Wait()
	if st := c.Stats(); st.Bytes > 500 || st.Bytes != int64(st.Entries)*30 {
		t.Errorf("stats %+v", st)
	}
}

func TestDisk(t *testing.T) {
	d, err := OpenDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	k := key("wasm")
	if _, err := d.Get(k); !errors.Is(err, ErrMiss) {
		t.Fatalf("empty store: %v", err)
	}
	if err := d.Put(k, []byte("payload")); err != nil {
		t.Fatal(err)
	}
	got, err := d.Get(k)
	if err != nil || string(got) != "payload" {
		t.Fatalf("got %q %v", got, err)
	}
	// A second store on the same directory (a restart) sees it.
	d2, _ := OpenDisk(d.Dir())
	if got, err := d2.Get(k); err != nil || string(got) != "payload" {
		t.Fatalf("after reopening: %q %v", got, err)
	}
	if tmp, _ := filepath.Glob(filepath.Join(d.Dir(), "*.tmp")); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

// TestDiskRejectsBadFiles: every way a file can be wrong is a miss, and
// the file is removed.
func TestDiskRejectsBadFiles(t *testing.T) {
	d, _ := OpenDisk(t.TempDir())
	k := key("x")
	corrupt := map[string]func(b []byte) []byte{
		"flipped payload bit": func(b []byte) []byte { b[len(b)-1] ^= 1; return b },
		"truncated":           func(b []byte) []byte { return b[:len(b)-3] },
		"short header":        func(b []byte) []byte { return b[:10] },
		"bad magic":           func(b []byte) []byte { b[0] = 'X'; return b },
		"other version":       func(b []byte) []byte { b[8] = 9; return b },
		"other key":           func(b []byte) []byte { b[20] ^= 0xff; return b },
		"huge length":         func(b []byte) []byte { b[51] = 0x7f; return b },
		"empty":               func(b []byte) []byte { return nil },
	}
	for name, f := range corrupt {
		if err := d.Put(k, []byte("some compiled artifact")); err != nil {
			t.Fatal(err)
		}
		p := d.path(k)
		b, _ := os.ReadFile(p)
		os.WriteFile(p, f(b), 0o600)
		if _, err := d.Get(k); !errors.Is(err, ErrMiss) {
			t.Errorf("%s: got %v, want a miss", name, err)
		}
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s: the bad file was not removed", name)
		}
	}
	// A file copied from another key's name is foreign.
	d.Put(key("a"), []byte("A"))
	b, _ := os.ReadFile(d.path(key("a")))
	os.WriteFile(d.path(key("b")), b, 0o600)
	if _, err := d.Get(key("b")); !errors.Is(err, ErrMiss) {
		t.Errorf("foreign file: %v", err)
	}
}

func BenchmarkGetHit(b *testing.B) {
	c := New[int](Options[int]{})
	k := key("hot")
	c.Get(context.Background(), k, func(context.Context) (int, int64, error) { return 1, 1, nil })
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c.Get(ctx, k, nil)
	}
}

func TestOnEvict(t *testing.T) {
	var evicted []string
	c := New[string](Options[string]{MaxBytes: 10, OnEvict: func(k Key, v string) { evicted = append(evicted, v) }})
	for _, v := range []string{"a", "b", "c"} {
		c.Get(context.Background(), key(v), func(context.Context) (string, int64, error) { return v, 6, nil })
	}
	c.Remove(key("c"))
	c.Get(context.Background(), key("e"), func(context.Context) (string, int64, error) { return "", 1, errors.New("x") })
	c.Purge()
	if fmt.Sprint(evicted) != "[a b c]" {
		t.Errorf("evicted %v", evicted)
	}
}

// TestAbandonedComputationIsCancelled: when every caller waiting for a
// computation has gone, its context is cancelled, it is not cached, and
// the next Get computes again; while one caller still waits it goes on.
func TestAbandonedComputationIsCancelled(t *testing.T) {
	c := New[int](Options[int]{})
	stopped := make(chan error, 1)
	started := make(chan struct{})
	slow := func(ctx context.Context) (int, int64, error) {
		close(started)
		<-ctx.Done()
		stopped <- ctx.Err()
		return 0, 0, ctx.Err()
	}
	ctx, cancel := context.WithCancel(context.Background())
	wctx, wcancel := context.WithCancel(context.Background())
	res := make(chan error, 2)
	go func() { _, err := c.Get(ctx, key("k"), slow); res <- err }()
	<-started
	go func() { _, err := c.Get(wctx, key("k"), nil); res <- err }()
	for c.Stats().Waits == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel() // the starter goes; the other caller still waits
	select {
	case err := <-stopped:
		t.Fatalf("cancelled while a caller still waited: %v", err)
	case <-time.After(20 * time.Millisecond):
	}
	wcancel()
	select {
	case err := <-stopped:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("computation stopped with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("computation not cancelled when every caller had gone")
	}
	for range 2 {
		if err := <-res; !errors.Is(err, context.Canceled) {
			t.Errorf("caller got %v", err)
		}
	}
	v, err := c.Get(context.Background(), key("k"), func(context.Context) (int, int64, error) { return 7, 1, nil })
	if v != 7 || err != nil {
		t.Errorf("after a cancelled computation: %v, %v (want a fresh one)", v, err)
	}
	for c.Running() != 0 {
		time.Sleep(time.Millisecond) // the fresh one publishes, then returns
	}
}
