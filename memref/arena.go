package memref

import (
	"fmt"
	"math/bits"
	"sync"
)

// ArenaAlign is the alignment, in bytes, of every block an Arena hands out,
// and the granule its sizes are rounded up to.
const ArenaAlign = 64

// arenaClearUnlocked is the block size from which Free zeroes a block
// without holding the arena's lock.
const arenaClearUnlocked = 64 << 10

// arenaBins is the number of free-list bins: sizes up to 2^26 granules
// (4 GiB) map to bins 1..103.
const arenaBins = 128

// Arena is a thread-safe allocator of ArenaAlign-aligned blocks inside a
// range of a Wasm linear memory. The offsets it hands out are Wasm
// addresses (u32): a kernel reads a tensor at the offset its descriptor
// names, with no copy.
//
// Guarantees: blocks never overlap and lie inside the managed range;
// every block Alloc hands out is zeroed (whatever the memory held before,
// and whatever an earlier owner wrote), so one caller never sees another's
// data — AllocDirty, for callers that overwrite every byte before reading
// any, may hand out bytes an earlier owner in this arena wrote and freed
// with FreeDirty, and nothing else; the bytes in use (sizes rounded up to ArenaAlign) never exceed the
// limit; Free rejects, without changing anything, an offset that is not a
// live block.
//
// Algorithm: a two-level segregated fit in the style of TLSF, with
// boundary tags. Free blocks sit in 103 bins, four per power of two of
// their size in granules, each a doubly linked list of records in one
// slice, with a bitmap of the non-empty bins. A side table of tags, one
// uint32 per granule kept outside the Wasm memory (where a kernel could
// not forge them), marks where each block starts (live: its size; free:
// its record) and where each free block ends, so that Free finds the
// block's size and its free neighbours, and coalesces with them, by
// indexing: no hashing, and a steady stream of Alloc and Free allocates
// nothing. The table is paged: a page (tagPage granules) is allocated
// when a block boundary first falls in it, so it costs at most 1/16 of
// the memory the arena has handed out (4 bytes per 64-byte granule), and
// far less when blocks are large. Alloc takes a block from the first
// non-empty bin whose blocks all fit (two bitmap words), splitting off the
// rest, and only when there is none scans the one bin whose blocks may
// fit: O(1) but for that scan. Free is O(1) plus zeroing the block.
// Memory past the highest block ever handed out is zeroed lazily, when a
// block first reaches it, so a fresh mmap-backed memory is not touched
// ahead of use. Large blocks are zeroed outside the lock.
type Arena struct {
	mem   []byte
	base  uint32 // address of granule 0 (lo rounded up to ArenaAlign)
	ngran uint32 // granules managed
	limit int64  // bytes in use may not exceed this

	mu       sync.Mutex
	tags     []*[tagPage]uint32 // boundary tags by granule, paged (nil: all zero)
	recs     []freeRec          // free blocks; indices are stable
	spare    []int32            // indices of recs no longer in use
	bins     [arenaBins]int32   // first record of each bin, or -1
	nonEmpty [arenaBins / 64]uint64
	fresh    uint32 // granules ≥ fresh were never handed out and may hold old bytes
	inUse    int64  // bytes in live blocks
	peak     int64
	blocks   int

	zero func([]byte) // zeroes a range; clear unless SetZeroFunc set one
}

// Boundary tags. Every block, live or free, tiles the managed range; the
// tag of its first granule says what it is, and a free block of two or
// more granules also tags its last one, so that the block after it finds
// it. Every other granule's tag is zero (a live block's last granule
// included), so that no stale tag is ever read as a block.
const (
	tagPageBits = 12
	tagPage     = 1 << tagPageBits

	tagVal  = 1<<29 - 1 // the low bits: a size in granules or a record index
	tagKind = ^uint32(tagVal)
	tagLive = 1 << 29 // start of a live block | its size
	tagFree = 2 << 29 // start of a free block | its record
	tagFoot = 3 << 29 // last granule of a free block of ≥ 2 granules | its record
	tagBusy = 4 << 29 // start of a block being zeroed by Free outside the lock | its size
)

// SetZeroFunc replaces how the arena zeroes memory (by default, clear):
// an owner of an mmap-backed memory can hand large ranges back to the OS
// instead of writing them. If freshIsZero, memory never handed out is
// known to read as zero and is not zeroed on first use. Call it before
// the first Alloc.
func (a *Arena) SetZeroFunc(zero func([]byte), freshIsZero bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if zero != nil {
		a.zero = zero
	}
	if freshIsZero {
		a.fresh = a.ngran
	}
}

// freeRec is a run of free granules, linked into the bin of its size by
// record index (-1: none).
type freeRec struct {
	start, size uint32
	prev, next  int32
	bin         uint8 // the bin it is linked in
	// dirty: some of its bytes may be an earlier owner's (FreeDirty);
	// Alloc zeroes what it hands out of such a block.
	dirty bool
}

// ArenaStats is a snapshot of an arena's use.
type ArenaStats struct {
	InUse    int64 // bytes in live blocks, each rounded up to ArenaAlign
	Peak     int64 // highest InUse so far
	Limit    int64 // bound on InUse given to NewArena
	Capacity int64 // bytes managed (the range [lo,hi) trimmed to ArenaAlign)
	Blocks   int   // live blocks
}

// NewArena manages mem[lo:hi], where mem is a Wasm linear memory whose base
// never moves and offsets into it are Wasm addresses. lo must be positive
// (address 0 stays unused, so a null offset is never a valid block), lo <
// hi ≤ len(mem). limit bounds the bytes in use, as a per-tenant quota: it
// must be in (0, hi-lo]; pass hi-lo for no quota. The range need not be
// zero: the arena zeroes every block before handing it out.
func NewArena(mem []byte, lo, hi uint32, limit int64) (*Arena, error) {
	switch {
	case lo == 0:
		return nil, fmt.Errorf("%w: lo must be > 0 so that address 0 is never a block", ErrArena)
	case lo >= hi:
		return nil, fmt.Errorf("%w: empty range [%#x,%#x)", ErrArena, lo, hi)
	case uint64(hi) > uint64(len(mem)):
		return nil, fmt.Errorf("%w: range [%#x,%#x) is beyond the memory's %d bytes", ErrArena, lo, hi, len(mem))
	case limit <= 0 || limit > int64(hi-lo):
		return nil, fmt.Errorf("%w: limit %d is outside (0, %d], the range's size", ErrArena, limit, hi-lo)
	}
	base := (uint64(lo) + ArenaAlign - 1) &^ (ArenaAlign - 1)
	end := uint64(hi) &^ (ArenaAlign - 1)
	if end <= base {
		return nil, fmt.Errorf("%w: range [%#x,%#x) holds no %d-byte aligned block", ErrArena, lo, hi, ArenaAlign)
	}
	a := &Arena{
		mem:   mem,
		base:  uint32(base),
		ngran: uint32((end - base) / ArenaAlign),
		limit: limit,
		zero:  func(b []byte) { clear(b) },
	}
	a.tags = make([]*[tagPage]uint32, (a.ngran+tagPage-1)/tagPage)
	for i := range a.bins {
		a.bins[i] = -1
	}
	a.insertFree(a.newRec(0, a.ngran))
	return a, nil
}

// Mem returns the memory the arena was created over.
func (a *Arena) Mem() []byte { return a.mem }

// addr is the Wasm address of granule g.
func (a *Arena) addr(g uint32) uint32 { return a.base + g*ArenaAlign }

// Alloc hands out a zeroed, ArenaAlign-aligned block of at least n bytes
// and returns its address. n = 0 gives a distinct block of ArenaAlign
// bytes. An allocation over the limit, or with no free block large
// enough, fails with an error that wraps ErrArenaFull.
func (a *Arena) Alloc(n int) (uint32, error) { return a.alloc(n, true) }

// AllocDirty is Alloc for a caller that writes or clears every byte of
// the block before anything reads it (a kernel output its kernel stores in
// full; a run's block, whose parts the engine fills or zeroes): a block
// freed by FreeDirty is handed out as it is, not zeroed. It still
// comes only from this arena, so any bytes it holds were written by this
// arena's own users.
func (a *Arena) AllocDirty(n int) (uint32, error) { return a.alloc(n, false) }

func (a *Arena) alloc(n int, zero bool) (uint32, error) {
	if n < 0 {
		return 0, fmt.Errorf("%w: negative size %d", ErrArena, n)
	}
	a.mu.Lock()
	if int64(n) > a.limit {
		err := a.fullError(n, "over the limit")
		a.mu.Unlock()
		return 0, err
	}
	g := max(uint32((int64(n)+ArenaAlign-1)/ArenaAlign), 1)
	size := int64(g) * ArenaAlign
	if a.inUse+size > a.limit {
		err := a.fullError(n, "over the limit")
		a.mu.Unlock()
		return 0, err
	}
	i := a.findFit(g)
	if i < 0 {
		err := a.fullError(n, "no free block that large")
		a.mu.Unlock()
		return 0, err
	}
	start, have, dirty := a.recs[i].start, a.recs[i].size, a.recs[i].dirty
	if have > g {
		a.moveFree(i, start+g, have-g) // the rest: a new start, the same end, as dirty
	} else {
		a.unlink(i)
		a.spare = append(a.spare, i)
		if g > 1 {
			a.setTag(start+g-1, 0) // was the free block's footer
		}
	}
	a.setTag(start, tagLive|g)
	a.inUse += size
	a.peak = max(a.peak, a.inUse)
	a.blocks++
	var zlo, zhi uint32
	if end := start + g; end > a.fresh {
		if start > a.fresh {
			panic(fmt.Sprintf("BUG: memref: arena block %d..%d starts above the fresh mark %d", start, end, a.fresh))
		}
		zlo, zhi = a.fresh, end
		a.fresh = end
	}
	if dirty && zero {
		zlo, zhi = start, start+g
	}
	a.mu.Unlock()
	// The never-used (or dirty) part of the block is this caller's alone:
	// zero it outside the lock.
	if zhi > zlo {
		a.zero(a.mem[a.addr(zlo):a.addr(zhi)])
	}
	return a.addr(start), nil
}

// fullError describes a failed allocation; a.mu is held.
func (a *Arena) fullError(n int, why string) error {
	return fmt.Errorf("%w: %s: requested %d bytes, %d in use, limit %d, capacity %d",
		ErrArenaFull, why, n, a.inUse, a.limit, int64(a.ngran)*ArenaAlign)
}

// Free returns the block at off to the arena, zeroing it first. An offset
// that is not a live block (freed already, or never handed out) is an
// error wrapping ErrArena, and changes nothing.
func (a *Arena) Free(off uint32) error { return a.free(off, true) }

// FreeDirty is Free without the zeroing: the block keeps its bytes until
// it is handed out again, when Alloc zeroes it (AllocDirty does not). A
// block written in full by every use of it (a kernel output freed and
// allocated again run after run) is then never cleared at all.
func (a *Arena) FreeDirty(off uint32) error { return a.free(off, false) }

func (a *Arena) free(off uint32, zero bool) error {
	if off < a.base || off >= a.addr(a.ngran) {
		return fmt.Errorf("%w: free of %#x, outside the arena [%#x,%#x)", ErrArena, off, a.base, a.addr(a.ngran))
	}
	if (off-a.base)%ArenaAlign != 0 {
		return fmt.Errorf("%w: free of %#x, which is not a block start (not %d-byte aligned)", ErrArena, off, ArenaAlign)
	}
	start := (off - a.base) / ArenaAlign
	a.mu.Lock()
	t := a.tag(start)
	if t&tagKind != tagLive {
		a.mu.Unlock()
		return fmt.Errorf("%w: free of %#x, which is not a live block (freed already, or never handed out)", ErrArena, off)
	}
	g := t & tagVal
	data := a.mem[off : off+g*ArenaAlign]
	switch {
	case !zero: // FreeDirty: the next Alloc of these bytes zeroes them
	case len(data) >= arenaClearUnlocked:
		// Between the two critical sections the block is neither live nor
		// free (tagBusy): no one else can free it, be handed it, or
		// coalesce with it.
		a.setTag(start, tagBusy|g)
		a.mu.Unlock()
		a.zero(data)
		a.mu.Lock()
	default:
		clear(data)
	}
	a.inUse -= int64(g) * ArenaAlign
	a.blocks--
	// Coalesce with the free neighbours: the merged block keeps the left
	// one's record, else the right one's; the boundaries inside it lose
	// their tags.
	a.setTag(start, 0)
	lo, hi := start, start+g
	keep := int32(-1)
	dirty := !zero // the merged block is dirty if any part of it is
	if start > 0 {
		if lt := a.tag(start - 1); lt&tagKind == tagFree || lt&tagKind == tagFoot {
			keep = int32(lt & tagVal)
			a.setTag(start-1, 0) // its footer (or its start, set again below)
			lo = a.recs[keep].start
			dirty = dirty || a.recs[keep].dirty
		}
	}
	if hi < a.ngran {
		if rt := a.tag(hi); rt&tagKind == tagFree {
			ri := int32(rt & tagVal)
			a.setTag(hi, 0)
			hi += a.recs[ri].size // its footer is rewritten below
			dirty = dirty || a.recs[ri].dirty
			if keep < 0 {
				keep = ri
			} else {
				a.unlink(ri)
				a.spare = append(a.spare, ri)
			}
		}
	}
	if keep < 0 {
		keep = a.newRec(lo, hi-lo)
		a.insertFree(keep)
	} else {
		a.moveFree(keep, lo, hi-lo)
	}
	a.recs[keep].dirty = dirty
	a.mu.Unlock()
	return nil
}

// NewTensor allocates a zeroed, contiguous tensor in the arena. Its Data
// aliases the arena's memory (its capacity limited to its own bytes), and
// ArenaOffset reports its address.
func (a *Arena) NewTensor(dt DType, shape []int) (*Tensor, error) {
	return a.newTensor(dt, shape, true)
}

func (a *Arena) newTensor(dt DType, shape []int, zero bool) (*Tensor, error) {
	n, err := ByteSize(dt, shape)
	if err != nil {
		return nil, err
	}
	off, err := a.alloc(n, zero)
	if err != nil {
		return nil, fmt.Errorf("allocating %s: %w", TypeString(dt, shape), err)
	}
	end := off + uint32(n)
	t := newHeader(shape)
	t.DType, t.Data, t.arena, t.offset = dt, a.mem[off:end:end], a, off
	return t, nil
}

// NewTensors allocates, as NewTensor does, a zeroed, contiguous tensor in
// the arena for each of shapes, the i-th of dtype dts[i], and returns them
// in a new slice. For one tensor of rank up to 4 the slice and the
// tensor's header are a single Go allocation (the way a kernel returns
// its results, one tensor in a slice, costs no more than the tensor). On
// error no tensor stays allocated.
func (a *Arena) NewTensors(dts []DType, shapes [][]int) ([]*Tensor, error) {
	return a.NewTensorsOverwritten(dts, shapes, nil)
}

// NewTensorsOverwritten is NewTensors where the i-th tensor is allocated
// with AllocDirty when overwritten[i] (the caller writes every byte of it
// before anything reads it): it may hold bytes an earlier owner in this
// arena freed with FreeDirty. overwritten may be nil or short (the rest
// are zeroed).
func (a *Arena) NewTensorsOverwritten(dts []DType, shapes [][]int, overwritten []bool) ([]*Tensor, error) {
	if len(dts) != len(shapes) {
		return nil, fmt.Errorf("%w: NewTensors of %d dtypes for %d shapes", ErrArena, len(dts), len(shapes))
	}
	zero := func(i int) bool { return i >= len(overwritten) || !overwritten[i] }
	if len(shapes) == 1 && len(shapes[0]) <= len(tensorWithShape{}.shape) {
		n, err := ByteSize(dts[0], shapes[0])
		if err != nil {
			return nil, err
		}
		off, err := a.alloc(n, zero(0))
		if err != nil {
			return nil, fmt.Errorf("allocating %s: %w", TypeString(dts[0], shapes[0]), err)
		}
		one := new(struct {
			list [1]*Tensor
			ts   tensorWithShape
		})
		t := one.ts.init(shapes[0])
		end := off + uint32(n)
		t.DType, t.Data, t.arena, t.offset = dts[0], a.mem[off:end:end], a, off
		one.list[0] = t
		return one.list[:], nil
	}
	ts := make([]*Tensor, len(shapes))
	for i := range shapes {
		t, err := a.newTensor(dts[i], shapes[i], zero(i))
		if err != nil {
			for _, t := range ts[:i] {
				a.FreeTensor(t)
			}
			return nil, err
		}
		ts[i] = t
	}
	return ts, nil
}

// FreeTensor frees the block of a tensor NewTensor or NewTensors
// allocated in this arena and detaches the tensor (its Data becomes nil)
// so that it cannot reach the block again. It must not race with other uses of t.
func (a *Arena) FreeTensor(t *Tensor) error { return a.freeTensor(t, true) }

// FreeTensorDirty is FreeTensor with FreeDirty: the block is zeroed when
// Alloc next hands it out, not now.
func (a *Arena) FreeTensorDirty(t *Tensor) error { return a.freeTensor(t, false) }

func (a *Arena) freeTensor(t *Tensor, zero bool) error {
	off, ok := t.ArenaOffset(a)
	if !ok {
		return fmt.Errorf("%w: tensor is not a live tensor of this arena", ErrArena)
	}
	if err := a.free(off, zero); err != nil {
		return err
	}
	t.Data, t.arena, t.offset = nil, nil, 0
	return nil
}

// ArenaOffset reports the Wasm address of t's element 0 when t was
// allocated in a (by NewTensor) and its Data still starts there.
func (t *Tensor) ArenaOffset(a *Arena) (uint32, bool) {
	if t == nil || a == nil || t.arena != a {
		return 0, false
	}
	if cap(t.Data) > 0 && &t.Data[:1][0] != &a.mem[t.offset] {
		return 0, false
	}
	return t.offset, true
}

// Stats returns a snapshot of the arena's use.
func (a *Arena) Stats() ArenaStats {
	a.mu.Lock()
	defer a.mu.Unlock()
	return ArenaStats{
		InUse:    a.inUse,
		Peak:     a.peak,
		Limit:    a.limit,
		Capacity: int64(a.ngran) * ArenaAlign,
		Blocks:   a.blocks,
	}
}

// binOf is the bin of free blocks of g ≥ 1 granules: 1..3 for g < 4, then
// four bins per power of two, split by the two bits below the top one.
func binOf(g uint32) int {
	if g < 4 {
		return int(g)
	}
	fl := bits.Len32(g) - 1
	return 4*(fl-1) + int(g>>(fl-2)&3)
}

// binMin is the smallest size in granules that bin b holds.
func binMin(b int) uint32 {
	if b < 4 {
		return uint32(b)
	}
	return uint32(4+b%4) << (b/4 - 1)
}

// findFit returns the record of a free block of at least g granules, or
// -1; a.mu is held.
func (a *Arena) findFit(g uint32) int32 {
	b := binOf(g)
	if binMin(b) < g {
		b++ // every block of this bin and above fits
	}
	for w := b / 64; w < len(a.nonEmpty); w++ {
		m := a.nonEmpty[w]
		if w == b/64 {
			m &= ^uint64(0) << (b % 64)
		}
		if m != 0 {
			return a.bins[w*64+bits.TrailingZeros64(m)]
		}
	}
	for i := a.bins[binOf(g)]; i >= 0; i = a.recs[i].next {
		if a.recs[i].size >= g {
			return i
		}
	}
	return -1
}

// tag is granule g's boundary tag; a.mu is held.
func (a *Arena) tag(g uint32) uint32 {
	if p := a.tags[g>>tagPageBits]; p != nil {
		return p[g&(tagPage-1)]
	}
	return 0
}

// setTag sets granule g's boundary tag, allocating its page on the first
// non-zero tag in it; a.mu is held.
func (a *Arena) setTag(g, v uint32) {
	p := a.tags[g>>tagPageBits]
	if p == nil {
		if v == 0 {
			return
		}
		p = new([tagPage]uint32)
		a.tags[g>>tagPageBits] = p
	}
	p[g&(tagPage-1)] = v
}

// newRec returns the index of a record for a free block, reusing a spare
// one (so that a steady stream of Alloc and Free allocates nothing); a.mu
// is held.
func (a *Arena) newRec(start, size uint32) int32 {
	r := freeRec{start: start, size: size, prev: -1, next: -1}
	if n := len(a.spare); n > 0 {
		i := a.spare[n-1]
		a.spare = a.spare[:n-1]
		a.recs[i] = r
		return i
	}
	a.recs = append(a.recs, r)
	return int32(len(a.recs) - 1)
}

// insertFree links record i into the bin of its size and tags its start
// and end; a.mu is held.
func (a *Arena) insertFree(i int32) {
	a.link(i)
	a.tagFree(i)
}

// moveFree makes linked record i the free block [start, start+size),
// moving it to another bin only when its bin changes, and tags its start
// and end (clearing its old tags is the caller's job); a.mu is held.
func (a *Arena) moveFree(i int32, start, size uint32) {
	r := &a.recs[i]
	end, oldEnd, oldSize := start+size, r.start+r.size, r.size
	if b := binOf(size); b != int(r.bin) {
		a.unlink(i)
		r.start, r.size = start, size
		a.link(i)
	} else {
		r.start, r.size = start, size
	}
	a.setTag(start, tagFree|uint32(i))
	if size > 1 && (end != oldEnd || oldSize == 1) { // else its end tag stands
		a.setTag(end-1, tagFoot|uint32(i))
	}
}

// tagFree tags the start and end of free block i; a.mu is held.
func (a *Arena) tagFree(i int32) {
	r := &a.recs[i]
	a.setTag(r.start, tagFree|uint32(i))
	if r.size > 1 {
		a.setTag(r.start+r.size-1, tagFoot|uint32(i))
	}
}

// link puts record i at the head of the bin of its size; a.mu is held.
func (a *Arena) link(i int32) {
	r := &a.recs[i]
	b := binOf(r.size)
	r.bin = uint8(b)
	r.prev, r.next = -1, a.bins[b]
	if r.next >= 0 {
		a.recs[r.next].prev = i
	}
	a.bins[b] = i
	a.nonEmpty[b/64] |= 1 << (b % 64)
}

// unlink takes record i out of its bin (its tags are the caller's to
// change); a.mu is held.
func (a *Arena) unlink(i int32) {
	r := &a.recs[i]
	b := int(r.bin)
	if r.prev >= 0 {
		a.recs[r.prev].next = r.next
	} else {
		a.bins[b] = r.next
	}
	if r.next >= 0 {
		a.recs[r.next].prev = r.prev
	}
	r.prev, r.next = -1, -1
	if a.bins[b] < 0 {
		a.nonEmpty[b/64] &^= 1 << (b % 64)
	}
}
