package memref

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

// dirtyMem returns n bytes that are not zero, as a reused memory would be.
func dirtyMem(n int) []byte {
	mem := make([]byte, n)
	for i := range mem {
		mem[i] = 0xA5
	}
	return mem
}

func mustArena(t testing.TB, mem []byte, lo, hi uint32, limit int64) *Arena {
	t.Helper()
	a, err := NewArena(mem, lo, hi, limit)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func roundUp(n int) int64 { return int64(max((n+ArenaAlign-1)/ArenaAlign, 1) * ArenaAlign) }

func isZero(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}

func TestNewArenaErrors(t *testing.T) {
	mem := make([]byte, 4096)
	for _, c := range []struct {
		lo, hi uint32
		limit  int64
		want   string
	}{
		{0, 4096, 4096, "lo must be > 0"},
		{64, 64, 1, "empty range [0x40,0x40)"},
		{128, 64, 1, "empty range"},
		{64, 4097, 100, "beyond the memory's 4096 bytes"},
		{64, 4096, 0, "limit 0 is outside (0, 4032]"},
		{64, 4096, -5, "limit -5"},
		{64, 4096, 4033, "limit 4033"},
		{65, 127, 10, "holds no 64-byte aligned block"},
		{1, 100, 10, "holds no 64-byte aligned block"},
	} {
		_, err := NewArena(mem, c.lo, c.hi, c.limit)
		if !errors.Is(err, ErrArena) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewArena(%d, %d, %d): %v, want %q", c.lo, c.hi, c.limit, err, c.want)
		}
	}
	a := mustArena(t, mem, 1, 4096, 4095)
	if s := a.Stats(); s.Capacity != 4096-64 || s.Limit != 4095 || s.InUse != 0 || s.Blocks != 0 {
		t.Errorf("stats of a new arena: %+v", s)
	}
	if off, err := a.Alloc(1); err != nil || off != 64 {
		t.Errorf("first block at %d (%v), want 64: lo rounds up", off, err)
	}
	if &a.Mem()[0] != &mem[0] {
		t.Error("Mem is not the memory given")
	}
}

func TestArenaAllocErrors(t *testing.T) {
	a := mustArena(t, dirtyMem(64+4096), 64, 64+4096, 4096)
	for _, c := range []struct {
		n    int
		want string
		full bool
	}{
		{-1, "negative size -1", false},
		{4097, "over the limit: requested 4097 bytes, 0 in use, limit 4096, capacity 4096", true},
		{1 << 40, "requested 1099511627776 bytes", true},
	} {
		_, err := a.Alloc(c.n)
		if !strings.Contains(fmt.Sprint(err), c.want) || errors.Is(err, ErrArenaFull) != c.full {
			t.Errorf("Alloc(%d): %v, want %q", c.n, err, c.want)
		}
	}
	if _, err := a.Alloc(4096); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Alloc(0); !errors.Is(err, ErrArenaFull) || !strings.Contains(err.Error(), "requested 0 bytes, 4096 in use") {
		t.Errorf("Alloc(0) of a full arena: %v", err)
	}

	// A limit below the capacity counts rounded sizes.
	q := mustArena(t, make([]byte, 8192), 64, 8192, 1000)
	if _, err := q.Alloc(1000); !errors.Is(err, ErrArenaFull) || !strings.Contains(err.Error(), "over the limit") {
		t.Errorf("1000 bytes round to 1024, over a limit of 1000: %v", err)
	}
	if _, err := q.Alloc(960); err != nil {
		t.Errorf("960 bytes under a limit of 1000: %v", err)
	}

	// Fragmentation: half the arena free, in 64-byte holes.
	f := mustArena(t, make([]byte, 64+4096), 64, 64+4096, 4096)
	var offs []uint32
	for range 64 {
		off, err := f.Alloc(64)
		if err != nil {
			t.Fatal(err)
		}
		offs = append(offs, off)
	}
	for i := 0; i < len(offs); i += 2 {
		if err := f.Free(offs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.Alloc(65); !errors.Is(err, ErrArenaFull) || !strings.Contains(err.Error(), "no free block that large: requested 65 bytes, 2048 in use") {
		t.Errorf("fragmented arena: %v", err)
	}
	if _, err := f.Alloc(64); err != nil {
		t.Errorf("a hole fits 64 bytes: %v", err)
	}
}

func TestArenaFreeErrors(t *testing.T) {
	a := mustArena(t, make([]byte, 8192), 128, 8192, 8192-128)
	off, err := a.Alloc(128)
	if err != nil {
		t.Fatal(err)
	}
	before := a.Stats()
	for _, c := range []struct {
		off  uint32
		want string
	}{
		{0, "outside the arena [0x80,0x2000)"},
		{64, "outside the arena"},
		{8192, "outside the arena"},
		{off + 1, "not a block start"},
		{off + 64, "not a live block (freed already, or never handed out)"},
		{off + 128, "not a live block"},
	} {
		if err := a.Free(c.off); !errors.Is(err, ErrArena) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Free(%#x): %v, want %q", c.off, err, c.want)
		}
	}
	if a.Stats() != before {
		t.Errorf("failed frees changed the stats: %+v, then %+v", before, a.Stats())
	}
	if err := a.Free(off); err != nil {
		t.Fatal(err)
	}
	if err := a.Free(off); !errors.Is(err, ErrArena) || !strings.Contains(err.Error(), "freed already") {
		t.Errorf("double free: %v", err)
	}
	if s := a.Stats(); s.InUse != 0 || s.Blocks != 0 || s.Peak != 128 {
		t.Errorf("stats after freeing everything: %+v", s)
	}
}

// TestArenaModel runs random allocation sequences against a model of the
// live blocks: no overlap, alignment, bounds, zeroed blocks, contents kept
// while live, exact stats, and a failure only when the model agrees that
// no request that size can fit.
func TestArenaModel(t *testing.T) {
	for seed := range uint64(12) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 99))
			size := 4096 + rng.IntN(1<<18)
			mem := dirtyMem(size)
			lo := uint32(1 + rng.IntN(200))
			hi := uint32(size - rng.IntN(100))
			capacity := int64(hi-lo) - 128
			limit := int64(hi - lo)
			if seed%3 == 1 {
				limit = 1 + rng.Int64N(int64(hi-lo))
			}
			a := mustArena(t, mem, lo, hi, limit)
			base := (lo + 63) &^ 63
			end := base + uint32(a.Stats().Capacity)
			if int64(end-base) < capacity || end > hi {
				t.Fatalf("capacity %d for [%d,%d)", a.Stats().Capacity, lo, hi)
			}
			type block struct {
				off  uint32
				size int64
				tag  byte
			}
			var live []block // sorted by off
			var inUse, peak int64
			check := func() {
				t.Helper()
				s := a.Stats()
				if s.InUse != inUse || s.Blocks != len(live) || s.Peak != peak || s.Limit != limit {
					t.Fatalf("stats %+v, model in use %d, %d blocks, peak %d", s, inUse, len(live), peak)
				}
			}
			largestGap := func() int64 {
				prev, gap := base, int64(0)
				for _, b := range live {
					gap = max(gap, int64(b.off-prev))
					prev = b.off + uint32(b.size)
				}
				return max(gap, int64(end-prev))
			}
			for step := range 4000 {
				switch r := rng.IntN(100); {
				case r < 55 || len(live) == 0:
					var n int
					switch rng.IntN(4) {
					case 0:
						n = rng.IntN(3)
					case 1:
						n = rng.IntN(200)
					case 2:
						n = rng.IntN(4000)
					default:
						n = rng.IntN(int(capacity) / 4)
					}
					// A quarter of the allocations may take dirty blocks
					// (AllocDirty); every other must come back zeroed
					// whatever was freed dirty before.
					dirtyOK := rng.IntN(4) == 0
					alloc := a.Alloc
					if dirtyOK {
						alloc = a.AllocDirty
					}
					off, err := alloc(n)
					rs := roundUp(n)
					if err != nil {
						if !errors.Is(err, ErrArenaFull) {
							t.Fatalf("step %d: Alloc(%d): %v", step, n, err)
						}
						if inUse+rs <= limit && largestGap() >= rs {
							t.Fatalf("step %d: Alloc(%d) failed with a %d-byte gap and %d of %d in use: %v", step, n, largestGap(), inUse, limit, err)
						}
						continue
					}
					if off%ArenaAlign != 0 || off < base || int64(off)+rs > int64(end) {
						t.Fatalf("step %d: block [%d,+%d) misaligned or outside [%d,%d)", step, off, rs, base, end)
					}
					i, _ := slices.BinarySearchFunc(live, off, func(b block, off uint32) int { return int(b.off) - int(off) })
					if i > 0 && int64(live[i-1].off)+live[i-1].size > int64(off) ||
						i < len(live) && int64(off)+rs > int64(live[i].off) {
						t.Fatalf("step %d: block [%d,+%d) overlaps a live block", step, off, rs)
					}
					data := mem[off : int64(off)+rs]
					if !dirtyOK && !isZero(data) {
						t.Fatalf("step %d: block [%d,+%d) is not zeroed", step, off, rs)
					}
					tag := byte(step%250 + 1)
					for j := range data {
						data[j] = tag
					}
					live = slices.Insert(live, i, block{off, rs, tag})
					inUse += rs
					peak = max(peak, inUse)
				case r < 95:
					i := rng.IntN(len(live))
					b := live[i]
					for _, v := range mem[b.off : int64(b.off)+b.size] {
						if v != b.tag {
							t.Fatalf("step %d: block [%d,+%d) was overwritten while live", step, b.off, b.size)
						}
					}
					free := a.Free
					if rng.IntN(2) == 0 {
						free = a.FreeDirty
					}
					if err := free(b.off); err != nil {
						t.Fatalf("step %d: %v", step, err)
					}
					live = slices.Delete(live, i, i+1)
					inUse -= b.size
				default:
					// Bad frees: a freed offset, an interior one, a random one.
					bad := []uint32{uint32(rng.IntN(len(mem) + 100))}
					if len(live) > 0 {
						b := live[rng.IntN(len(live))]
						if b.size > 64 {
							bad = append(bad, b.off+64)
						}
					}
					for _, off := range bad {
						_, isLive := slices.BinarySearchFunc(live, off, func(b block, off uint32) int { return int(b.off) - int(off) })
						if isLive {
							continue
						}
						if err := a.Free(off); err == nil {
							t.Fatalf("step %d: Free(%d) of a non-live offset succeeded", step, off)
						}
					}
				}
				check()
				if step%100 == 0 {
					checkTags(t, a)
				}
			}
			for _, b := range live {
				if err := a.Free(b.off); err != nil {
					t.Fatal(err)
				}
			}
			live, inUse = nil, 0
			check()
			// Everything coalesced back into one block.
			if n := int(min(limit, int64(end-base))) &^ (ArenaAlign - 1); n > 0 {
				off, err := a.Alloc(n)
				if err != nil {
					t.Fatalf("after freeing everything: %v", err)
				}
				if !isZero(mem[off : off+uint32(n)]) {
					t.Fatal("the arena is not zero after freeing everything")
				}
			}
		})
	}
}

// TestArenaDirty: FreeDirty leaves a block's bytes, AllocDirty hands them
// out as they are, and Alloc zeroes them — also after the dirty block
// coalesced with clean neighbours or was split.
func TestArenaDirty(t *testing.T) {
	const size = 1 << 20
	mem := dirtyMem(size)
	a := mustArena(t, mem, 64, size, size-64)
	fill := func(off uint32, n int, v byte) {
		for i := range n {
			mem[off+uint32(i)] = v
		}
	}
	for _, n := range []int{100, 3 * arenaClearUnlocked} {
		off, err := a.Alloc(n)
		if err != nil {
			t.Fatal(err)
		}
		fill(off, n, 0xEE)
		if err := a.FreeDirty(off); err != nil {
			t.Fatal(err)
		}
		if mem[off] != 0xEE {
			t.Fatalf("FreeDirty zeroed the %d-byte block", n)
		}
		off2, err := a.AllocDirty(n)
		if err != nil {
			t.Fatal(err)
		}
		if off2 != off || mem[off2] != 0xEE {
			t.Fatalf("AllocDirty(%d) at %#x (freed %#x) holds %#x: the dirty block was zeroed or not reused", n, off2, off, mem[off2])
		}
		if err := a.FreeDirty(off2); err != nil {
			t.Fatal(err)
		}
		off3, err := a.Alloc(n)
		if err != nil {
			t.Fatal(err)
		}
		if !isZero(mem[off3 : off3+uint32(n)]) {
			t.Fatalf("Alloc(%d) after FreeDirty is not zero", n)
		}
		if err := a.Free(off3); err != nil {
			t.Fatal(err)
		}
	}
	// Three neighbours: the middle one freed dirty between two clean
	// frees coalesces into one dirty block; an Alloc spanning it, and
	// smaller ones split from it, are zero.
	var offs [3]uint32
	for i := range offs {
		off, err := a.Alloc(4096)
		if err != nil {
			t.Fatal(err)
		}
		fill(off, 4096, byte(0x10+i))
		offs[i] = off
	}
	a.Free(offs[0])
	a.FreeDirty(offs[1])
	a.Free(offs[2])
	for _, n := range []int{64, 1000, 3 * 4096} {
		off, err := a.Alloc(n)
		if err != nil {
			t.Fatal(err)
		}
		if !isZero(mem[off : off+uint32(n)]) {
			t.Fatalf("Alloc(%d) from a coalesced dirty block is not zero", n)
		}
		a.Free(off)
	}
	checkTags(t, a)
}

// TestArenaZeroesReused checks zeroing of reused blocks both below and
// above the size freed outside the lock, and of never-used memory.
func TestArenaZeroesReused(t *testing.T) {
	const size = 1 << 20
	mem := dirtyMem(size)
	a := mustArena(t, mem, 64, size, size-64)
	for _, n := range []int{1, 100, arenaClearUnlocked - 1, arenaClearUnlocked, 3 * arenaClearUnlocked} {
		off, err := a.Alloc(n)
		if err != nil {
			t.Fatal(err)
		}
		if !isZero(mem[off : off+uint32(n)]) {
			t.Fatalf("fresh block of %d bytes not zero", n)
		}
		for i := range n {
			mem[off+uint32(i)] = 0xEE
		}
		if err := a.Free(off); err != nil {
			t.Fatal(err)
		}
		if !isZero(mem[off : off+uint32(n)]) {
			t.Fatalf("freed block of %d bytes not zeroed", n)
		}
		off2, err := a.Alloc(n)
		if err != nil {
			t.Fatal(err)
		}
		if !isZero(mem[off2 : off2+uint32(n)]) {
			t.Fatalf("reused block of %d bytes not zero", n)
		}
		if err := a.Free(off2); err != nil {
			t.Fatal(err)
		}
	}
	// Memory beyond the highest block ever handed out is left untouched.
	if s := a.Stats(); mem[size-1] != 0xA5 || s.Peak != int64(3*arenaClearUnlocked) {
		t.Errorf("untouched tail was written (%#x), or peak %d", mem[size-1], s.Peak)
	}
}

func TestArenaTensors(t *testing.T) {
	mem := dirtyMem(1 << 16)
	a := mustArena(t, mem, 64, 1<<16, 1<<16-64)
	b := mustArena(t, make([]byte, 4096), 64, 4096, 4032)
	x, err := a.NewTensor(Float32, []int{2, 3})
	if err != nil {
		t.Fatal(err)
	}
	off, ok := x.ArenaOffset(a)
	if !ok || off%ArenaAlign != 0 || len(x.Data) != 24 || cap(x.Data) != 24 || !isZero(x.Data) || !x.IsContiguous() {
		t.Fatalf("tensor at %d (%v), len %d cap %d", off, ok, len(x.Data), cap(x.Data))
	}
	x.Data[0] = 7
	if mem[off] != 7 {
		t.Error("tensor data does not alias the arena's memory")
	}
	if _, ok := x.ArenaOffset(b); ok {
		t.Error("ArenaOffset of another arena")
	}
	if _, ok := Scalar(float32(1)).ArenaOffset(a); ok {
		t.Error("ArenaOffset of a heap tensor")
	}
	view := *x
	view.Data = x.Data[4:]
	if _, ok := view.ArenaOffset(a); ok {
		t.Error("ArenaOffset of a tensor whose Data was resliced")
	}
	if err := b.FreeTensor(x); !errors.Is(err, ErrArena) {
		t.Errorf("FreeTensor in the wrong arena: %v", err)
	}
	if err := a.FreeTensor(Scalar(int8(1))); !errors.Is(err, ErrArena) {
		t.Errorf("FreeTensor of a heap tensor: %v", err)
	}
	if err := a.FreeTensor(x); err != nil {
		t.Fatal(err)
	}
	if x.Data != nil || x.Validate() == nil {
		t.Error("a freed tensor still reaches its block")
	}
	if err := a.FreeTensor(x); !errors.Is(err, ErrArena) {
		t.Errorf("double FreeTensor: %v", err)
	}

	// Zero-size tensors get distinct, valid offsets.
	z1, err := a.NewTensor(Int64, []int{0, 3})
	if err != nil {
		t.Fatal(err)
	}
	z2, _ := a.NewTensor(Int64, []int{0})
	o1, ok1 := z1.ArenaOffset(a)
	o2, ok2 := z2.ArenaOffset(a)
	if !ok1 || !ok2 || o1 == o2 || o1 == 0 || len(z1.Data) != 0 {
		t.Errorf("zero-size tensors at %d (%v) and %d (%v)", o1, ok1, o2, ok2)
	}
	for _, z := range []*Tensor{z1, z2} {
		if err := a.FreeTensor(z); err != nil {
			t.Error(err)
		}
	}

	if _, err := a.NewTensor(Float32, []int{-1}); !errors.Is(err, ErrShape) {
		t.Errorf("negative dim: %v", err)
	}
	if _, err := a.NewTensor(Float64, []int{1 << 20}); !errors.Is(err, ErrArenaFull) || !strings.Contains(err.Error(), "allocating tensor<1048576xf64>") {
		t.Errorf("too large: %v", err)
	}
	if s := a.Stats(); s.InUse != 0 || s.Blocks != 0 {
		t.Errorf("stats after freeing every tensor: %+v", s)
	}
}

// TestArenaHammer runs P goroutines × N iterations of Alloc, NewTensor and
// Free on one arena (meant for -race), each checking that its blocks are
// zeroed on arrival and untouched by the others while live.
func TestArenaHammer(t *testing.T) {
	const (
		P    = 8
		N    = 1500
		size = 4 << 20
	)
	mem := dirtyMem(size)
	a := mustArena(t, mem, 4096, size, size-4096)
	var wg sync.WaitGroup
	errs := make(chan error, P)
	for p := range P {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(p), 7))
			tag := byte(p + 1)
			type held struct {
				off uint32
				n   int
				t   *Tensor
			}
			var mine []held
			fail := func(format string, args ...any) {
				errs <- fmt.Errorf("goroutine %d: "+format, append([]any{p}, args...)...)
			}
			for i := range N {
				if len(mine) < 16 && rng.IntN(2) == 0 {
					n := rng.IntN(1 << uint(rng.IntN(18)))
					var h held
					if rng.IntN(4) == 0 {
						tt, err := a.NewTensor(Uint8, []int{n})
						if errors.Is(err, ErrArenaFull) {
							continue
						} else if err != nil {
							fail("NewTensor: %v", err)
							return
						}
						off, _ := tt.ArenaOffset(a)
						h = held{off, n, tt}
					} else {
						off, err := a.Alloc(n)
						if errors.Is(err, ErrArenaFull) {
							continue
						} else if err != nil {
							fail("Alloc: %v", err)
							return
						}
						h = held{off: off, n: n}
					}
					data := mem[h.off : h.off+uint32(h.n)]
					if !isZero(data) {
						fail("iteration %d: block of %d bytes not zero", i, h.n)
						return
					}
					for j := range data {
						data[j] = tag
					}
					mine = append(mine, h)
				} else if len(mine) > 0 {
					k := rng.IntN(len(mine))
					h := mine[k]
					for _, v := range mem[h.off : h.off+uint32(h.n)] {
						if v != tag {
							fail("iteration %d: block at %d overwritten", i, h.off)
							return
						}
					}
					var err error
					if h.t != nil {
						err = a.FreeTensor(h.t)
					} else {
						err = a.Free(h.off)
					}
					if err != nil {
						fail("free: %v", err)
						return
					}
					mine = slices.Delete(mine, k, k+1)
				}
				if i%100 == 0 {
					if s := a.Stats(); s.InUse > s.Limit || s.InUse < 0 || s.Blocks < 0 || s.Peak < s.InUse {
						fail("stats %+v", s)
						return
					}
				}
			}
			for _, h := range mine {
				if err := a.Free(h.off); err != nil {
					fail("final free: %v", err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if s := a.Stats(); s.InUse != 0 || s.Blocks != 0 {
		t.Fatalf("stats after every goroutine freed its blocks: %+v", s)
	}
	checkTags(t, a)
	off, err := a.Alloc(int(a.Stats().Capacity))
	if err != nil {
		t.Fatalf("the arena did not coalesce back into one block: %v", err)
	}
	if !isZero(mem[off : off+uint32(a.Stats().Capacity)]) {
		t.Fatal("the arena is not all zero after the hammer")
	}
}

func TestArenaBins(t *testing.T) {
	check := func(g uint32) {
		b := binOf(g)
		if b <= 0 || b >= arenaBins || binMin(b) > g || binMin(b+1) <= g {
			t.Fatalf("size %d in bin %d holding [%d,%d)", g, b, binMin(b), binMin(b+1))
		}
	}
	for g := uint32(1); g < 1<<16; g++ {
		check(g)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		check(1 + rng.Uint32N(1<<26))
	}
	check(1 << 26)
	for b := 1; b < binOf(1<<26); b++ {
		if binMin(b) >= binMin(b+1) {
			t.Fatalf("bins %d and %d not increasing", b, b+1)
		}
	}
}

func BenchmarkArenaAllocFree(b *testing.B) {
	const size = 64 << 20
	a := mustArena(b, make([]byte, size), 64, size, size-64)
	rng := rand.New(rand.NewPCG(1, 1))
	live := make([]uint32, 0, 4096)
	for range 2000 {
		off, err := a.Alloc(rng.IntN(8192))
		if err != nil {
			b.Fatal(err)
		}
		live = append(live, off)
	}
	b.ResetTimer()
	for range b.N {
		k := rng.IntN(len(live))
		if err := a.Free(live[k]); err != nil {
			b.Fatal(err)
		}
		off, err := a.Alloc(rng.IntN(8192))
		if err != nil {
			b.Fatal(err)
		}
		live[k] = off
	}
}

// checkTags walks the arena's blocks by their boundary tags and checks the
// allocator's invariants: the blocks tile the range; every granule but a
// block's start and a free block's end has a zero tag; each free block's
// record matches its tags and sits linked in the bin of its size, and no
// record is linked but these; no two free blocks are neighbours (Free
// coalesced them); live blocks and bytes agree with Stats. It returns the
// live blocks as offset → size in bytes.
func checkTags(t testing.TB, a *Arena) map[uint32]int64 {
	t.Helper()
	a.mu.Lock()
	defer a.mu.Unlock()
	live := make(map[uint32]int64)
	linked := make(map[int32]bool)
	for b := range a.bins {
		prev := int32(-1)
		for i := a.bins[b]; i >= 0; i = a.recs[i].next {
			r := a.recs[i]
			if linked[i] || r.prev != prev || binOf(r.size) != b || int(r.bin) != b {
				t.Fatalf("record %d %+v: linked twice, bad prev, or in bin %d", i, r, b)
			}
			linked[i] = true
			prev = i
		}
		if (a.bins[b] >= 0) != (a.nonEmpty[b/64]&(1<<(b%64)) != 0) {
			t.Fatalf("bin %d: bitmap disagrees with the list", b)
		}
	}
	var inUse int64
	prevFree, seen := false, 0
	for g := uint32(0); g < a.ngran; {
		tg := a.tag(g)
		var size uint32
		switch tg & tagKind {
		case tagLive:
			size = tg & tagVal
			if size == 0 || g+size > a.ngran {
				t.Fatalf("granule %d: live block of %d granules", g, size)
			}
			live[a.addr(g)] = int64(size) * ArenaAlign
			inUse += int64(size) * ArenaAlign
			if size > 1 && a.tag(g+size-1) != 0 {
				t.Fatalf("granule %d: live block's last granule tagged %#x", g, a.tag(g+size-1))
			}
			prevFree = false
		case tagFree:
			i := int32(tg & tagVal)
			if int(i) >= len(a.recs) || !linked[i] || a.recs[i].start != g {
				t.Fatalf("granule %d: free tag %d names a record not linked or elsewhere", g, i)
			}
			if prevFree {
				t.Fatalf("granule %d: two free blocks side by side", g)
			}
			size = a.recs[i].size
			if size > 1 && a.tag(g+size-1) != tagFoot|uint32(i) {
				t.Fatalf("granule %d: free block of %d granules has end tag %#x", g, size, a.tag(g+size-1))
			}
			seen++
			prevFree = true
		default:
			t.Fatalf("granule %d: a block starts with tag %#x", g, tg)
		}
		for m := g + 1; m+1 < g+size; m++ {
			if a.tag(m) != 0 {
				t.Fatalf("granule %d inside the block at %d has tag %#x", m, g, a.tag(m))
			}
		}
		g += size
	}
	if seen != len(linked) {
		t.Fatalf("%d free blocks, %d records linked", seen, len(linked))
	}
	if inUse != a.inUse || len(live) != a.blocks {
		t.Fatalf("tags say %d bytes in %d blocks, stats %d in %d", inUse, len(live), a.inUse, a.blocks)
	}
	return live
}

// TestArenaTagsModel runs random Alloc and Free sequences in small arenas
// (so that they fill up, fragment and coalesce often) against a map of the
// live blocks, checking every invariant of the tags after every step.
func TestArenaTagsModel(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 3))
		ngran := 1 + rng.IntN(48)
		if seed%5 == 4 {
			ngran = 2*tagPage + rng.IntN(tagPage) // blocks across tag pages
		}
		size := 64 + ngran*64
		mem := dirtyMem(size)
		a := mustArena(t, mem, 64, uint32(size), int64(size-64))
		model := map[uint32]int64{}
		for step := range 3000 {
			if rng.IntN(2) == 0 || len(model) == 0 {
				n := rng.IntN(1 + 64*min(ngran, 1<<uint(rng.IntN(14))))
				off, err := a.Alloc(n)
				if err != nil {
					if !errors.Is(err, ErrArenaFull) {
						t.Fatalf("seed %d step %d: Alloc(%d): %v", seed, step, n, err)
					}
				} else {
					if off%ArenaAlign != 0 || !isZero(mem[off:int64(off)+roundUp(n)]) {
						t.Fatalf("seed %d step %d: block %#x misaligned or not zero", seed, step, off)
					}
					for i := range roundUp(n) {
						mem[int64(off)+i] = 0x5A
					}
					model[off] = roundUp(n)
				}
			} else {
				offs := slices.Sorted(func(yield func(uint32) bool) {
					for o := range model {
						if !yield(o) {
							return
						}
					}
				})
				off := offs[rng.IntN(len(offs))]
				if err := a.Free(off); err != nil {
					t.Fatalf("seed %d step %d: %v", seed, step, err)
				}
				delete(model, off)
				if err := a.Free(off); !errors.Is(err, ErrArena) {
					t.Fatalf("seed %d step %d: double free: %v", seed, step, err)
				}
			}
			if got := checkTags(t, a); !maps.Equal(got, model) {
				t.Fatalf("seed %d step %d: live blocks %v, model %v", seed, step, got, model)
			}
		}
	}
}

// TestArenaFragmentation fills an arena with one-granule blocks, frees
// every other one (no two free blocks adjacent: nothing larger fits), then
// frees the rest and checks that everything coalesced back into one block.
func TestArenaFragmentation(t *testing.T) {
	const n = 3*tagPage + 5 // across tag pages
	mem := dirtyMem(64 + n*64)
	a := mustArena(t, mem, 64, uint32(len(mem)), int64(len(mem)-64))
	offs := make([]uint32, n)
	for i := range offs {
		off, err := a.Alloc(1)
		if err != nil {
			t.Fatal(err)
		}
		if off != uint32(64+64*i) {
			t.Fatalf("block %d at %#x: not first fit from the bottom", i, off)
		}
		offs[i] = off
	}
	if _, err := a.Alloc(0); !errors.Is(err, ErrArenaFull) {
		t.Fatalf("Alloc in a full arena: %v", err)
	}
	for i := 0; i < n; i += 2 {
		if err := a.Free(offs[i]); err != nil {
			t.Fatal(err)
		}
	}
	checkTags(t, a)
	if _, err := a.Alloc(65); !errors.Is(err, ErrArenaFull) || !strings.Contains(err.Error(), "no free block that large") {
		t.Fatalf("a two-granule Alloc in a fragmented arena: %v", err)
	}
	// Free the rest from the top down and from the middle: every free
	// merges with a free block on both sides.
	for i := n - 2; i > 0; i -= 2 {
		if err := a.Free(offs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if live := checkTags(t, a); len(live) != 0 {
		t.Fatalf("live blocks left: %v", live)
	}
	off, err := a.Alloc(n * 64)
	if err != nil || off != 64 {
		t.Fatalf("the arena did not coalesce back into one block: %#x, %v", off, err)
	}
	if !isZero(mem[64:]) {
		t.Fatal("the arena is not zero after freeing everything")
	}
}

// TestArenaSteadyStateAllocs checks that a steady stream of Alloc and Free
// allocates nothing on the Go heap.
func TestArenaSteadyStateAllocs(t *testing.T) {
	a := mustArena(t, make([]byte, 1<<20), 64, 1<<20, 1<<20-64)
	keep, _ := a.Alloc(1000)
	n := testing.AllocsPerRun(1000, func() {
		x, _ := a.Alloc(32)
		y, _ := a.Alloc(5000)
		a.Free(x)
		a.Free(y)
	})
	if n != 0 {
		t.Errorf("%v allocations per Alloc/Free round", n)
	}
	a.Free(keep)
}

// BenchmarkArenaSmall is the arena's share of a tiny kernel's run: two
// small blocks allocated and freed, with other blocks live around them.
func BenchmarkArenaSmall(b *testing.B) {
	const size = 64 << 20
	a := mustArena(b, make([]byte, size), 64, size, size-64)
	for range 100 {
		if _, err := a.Alloc(256); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		x, _ := a.Alloc(32)
		y, _ := a.Alloc(200)
		if a.Free(y) != nil || a.Free(x) != nil {
			b.Fatal("free failed")
		}
	}
}

func TestArenaNewTensors(t *testing.T) {
	const size = 1 << 16
	mem := dirtyMem(size)
	a := mustArena(t, mem, 64, size, 8192)
	for _, c := range []struct {
		dts    []DType
		shapes [][]int
	}{
		{[]DType{Float32}, [][]int{{8}}},
		{[]DType{Int8}, [][]int{{}}},
		{[]DType{Float64}, [][]int{{1, 2, 3, 4, 1}}}, // rank > 4
		{[]DType{Float32, Int32, Uint8}, [][]int{{2, 3}, {0}, {5}}},
		{nil, nil},
	} {
		ts, err := a.NewTensors(c.dts, c.shapes)
		if err != nil || len(ts) != len(c.shapes) {
			t.Fatalf("NewTensors(%v, %v): %d tensors, %v", c.dts, c.shapes, len(ts), err)
		}
		for i, tt := range ts {
			n, _ := ByteSize(c.dts[i], c.shapes[i])
			if tt.DType != c.dts[i] || !slices.Equal(tt.Shape, c.shapes[i]) || len(tt.Data) != n || cap(tt.Data) != n || !isZero(tt.Data) {
				t.Fatalf("tensor %d: %s, %d bytes (cap %d)", i, tt.Type(), len(tt.Data), cap(tt.Data))
			}
			if _, ok := tt.ArenaOffset(a); !ok {
				t.Fatalf("tensor %d is not in the arena", i)
			}
			if len(c.shapes[i]) > 0 {
				c.shapes[i][0]++ // the tensor has its own copy
				if tt.Shape[0] == c.shapes[i][0] {
					t.Fatal("the tensor's shape aliases the caller's")
				}
				c.shapes[i][0]--
			}
			for j := range tt.Data {
				tt.Data[j] = 0xFF
			}
		}
		for _, tt := range ts {
			if err := a.FreeTensor(tt); err != nil {
				t.Fatal(err)
			}
		}
		if s := a.Stats(); s.InUse != 0 || s.Blocks != 0 {
			t.Fatalf("after freeing: %+v", s)
		}
	}
	for _, c := range []struct {
		dts    []DType
		shapes [][]int
		want   error
	}{
		{[]DType{Float32}, nil, ErrArena},
		{[]DType{Float32}, [][]int{{-1}}, ErrShape},
		{[]DType{Float32}, [][]int{{4096}}, ErrArenaFull},
		{[]DType{Float32, Float32, Float32}, [][]int{{1000}, {1000}, {1000}}, ErrArenaFull}, // the third is over the limit
	} {
		if _, err := a.NewTensors(c.dts, c.shapes); !errors.Is(err, c.want) {
			t.Errorf("NewTensors(%v, %v): %v, want %v", c.dts, c.shapes, err, c.want)
		}
		if s := a.Stats(); s.InUse != 0 || s.Blocks != 0 {
			t.Fatalf("a failed NewTensors left blocks: %+v", s)
		}
	}
	shape := []int{2, 2}
	if n := testing.AllocsPerRun(100, func() {
		ts, _ := a.NewTensors([]DType{Float32}, [][]int{shape})
		a.FreeTensor(ts[0])
	}); n != 1 {
		t.Errorf("NewTensors of one tensor: %v allocations, want 1", n)
	}
}
