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
// every block handed out is zeroed (whatever the memory held before, and
// whatever an earlier owner wrote), so one caller never sees another's
// data; the bytes in use (sizes rounded up to ArenaAlign) never exceed the
// limit; Free rejects, without changing anything, an offset that is not a
// live block.
//
// Algorithm: a two-level segregated fit in the style of TLSF. Free blocks
// sit in 103 bins, four per power of two of their size in granules, each a
// doubly linked list, with a bitmap of the non-empty bins; two maps, by
// start and by end, find a freed block's free neighbours so that it
// coalesces with them at once. Alloc takes a block from the first
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
	live     map[uint32]uint32     // start granule → size in granules
	byStart  map[uint32]*freeBlock // free blocks by start granule
	byEnd    map[uint32]*freeBlock // free blocks by end granule (start+size)
	spare    []*freeBlock          // entries no longer in use, for reuse
	bins     [arenaBins]*freeBlock
	nonEmpty [arenaBins / 64]uint64
	fresh    uint32 // granules ≥ fresh were never handed out and may hold old bytes
	inUse    int64  // bytes in live blocks
	peak     int64
	blocks   int

	zero func([]byte) // zeroes a range; clear unless SetZeroFunc set one
}

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

// freeBlock is a run of free granules, linked into the bin of its size.
type freeBlock struct {
	start, size uint32
	prev, next  *freeBlock
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
		mem:     mem,
		base:    uint32(base),
		ngran:   uint32((end - base) / ArenaAlign),
		limit:   limit,
		live:    make(map[uint32]uint32),
		byStart: make(map[uint32]*freeBlock),
		byEnd:   make(map[uint32]*freeBlock),
		zero:    func(b []byte) { clear(b) },
	}
	a.insertFree(&freeBlock{start: 0, size: a.ngran})
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
func (a *Arena) Alloc(n int) (uint32, error) {
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
	blk := a.findFit(g)
	if blk == nil {
		err := a.fullError(n, "no free block that large")
		a.mu.Unlock()
		return 0, err
	}
	a.removeFree(blk)
	start := blk.start
	if blk.size > g {
		blk.start += g
		blk.size -= g
		a.insertFree(blk)
	} else {
		a.spare = append(a.spare, blk)
	}
	a.live[start] = g
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
	a.mu.Unlock()
	// The never-used part of the block is this caller's alone: zero it
	// outside the lock.
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
func (a *Arena) Free(off uint32) error {
	if off < a.base || off >= a.addr(a.ngran) {
		return fmt.Errorf("%w: free of %#x, outside the arena [%#x,%#x)", ErrArena, off, a.base, a.addr(a.ngran))
	}
	if (off-a.base)%ArenaAlign != 0 {
		return fmt.Errorf("%w: free of %#x, which is not a block start (not %d-byte aligned)", ErrArena, off, ArenaAlign)
	}
	start := (off - a.base) / ArenaAlign
	a.mu.Lock()
	g, ok := a.live[start]
	if !ok {
		a.mu.Unlock()
		return fmt.Errorf("%w: free of %#x, which is not a live block (freed already, or never handed out)", ErrArena, off)
	}
	delete(a.live, start)
	data := a.mem[off : off+g*ArenaAlign]
	if len(data) >= arenaClearUnlocked {
		// Between the two critical sections the block is neither live nor
		// free: no one else can free or be handed it.
		a.mu.Unlock()
		a.zero(data)
		a.mu.Lock()
	} else {
		clear(data)
	}
	a.inUse -= int64(g) * ArenaAlign
	a.blocks--
	blk := a.newFreeBlock(start, g)
	if left := a.byEnd[start]; left != nil {
		a.removeFree(left)
		blk.start = left.start
		blk.size += left.size
		a.spare = append(a.spare, left)
	}
	if right := a.byStart[start+g]; right != nil {
		a.removeFree(right)
		blk.size += right.size
		a.spare = append(a.spare, right)
	}
	a.insertFree(blk)
	a.mu.Unlock()
	return nil
}

// NewTensor allocates a zeroed, contiguous tensor in the arena. Its Data
// aliases the arena's memory (its capacity limited to its own bytes), and
// ArenaOffset reports its address.
func (a *Arena) NewTensor(dt DType, shape []int) (*Tensor, error) {
	n, err := ByteSize(dt, shape)
	if err != nil {
		return nil, err
	}
	off, err := a.Alloc(n)
	if err != nil {
		return nil, fmt.Errorf("allocating %s: %w", TypeString(dt, shape), err)
	}
	end := off + uint32(n)
	return &Tensor{
		DType:  dt,
		Shape:  append([]int{}, shape...),
		Data:   a.mem[off:end:end],
		arena:  a,
		offset: off,
	}, nil
}

// FreeTensor frees the block of a tensor NewTensor allocated in this arena
// and detaches the tensor (its Data becomes nil) so that it cannot reach
// the block again. It must not race with other uses of t.
func (a *Arena) FreeTensor(t *Tensor) error {
	off, ok := t.ArenaOffset(a)
	if !ok {
		return fmt.Errorf("%w: tensor is not a live tensor of this arena", ErrArena)
	}
	if err := a.Free(off); err != nil {
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

// findFit returns a free block of at least g granules, or nil.
func (a *Arena) findFit(g uint32) *freeBlock {
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
	for blk := a.bins[binOf(g)]; blk != nil; blk = blk.next {
		if blk.size >= g {
			return blk
		}
	}
	return nil
}

// newFreeBlock returns a free-list entry, reusing a spare one (so that a
// steady stream of Alloc and Free allocates nothing); a.mu is held.
func (a *Arena) newFreeBlock(start, size uint32) *freeBlock {
	if n := len(a.spare); n > 0 {
		blk := a.spare[n-1]
		a.spare = a.spare[:n-1]
		*blk = freeBlock{start: start, size: size}
		return blk
	}
	return &freeBlock{start: start, size: size}
}

func (a *Arena) insertFree(blk *freeBlock) {
	a.byStart[blk.start] = blk
	a.byEnd[blk.start+blk.size] = blk
	b := binOf(blk.size)
	blk.prev, blk.next = nil, a.bins[b]
	if blk.next != nil {
		blk.next.prev = blk
	}
	a.bins[b] = blk
	a.nonEmpty[b/64] |= 1 << (b % 64)
}

func (a *Arena) removeFree(blk *freeBlock) {
	delete(a.byStart, blk.start)
	delete(a.byEnd, blk.start+blk.size)
	b := binOf(blk.size)
	if blk.prev != nil {
		blk.prev.next = blk.next
	} else {
		a.bins[b] = blk.next
	}
	if blk.next != nil {
		blk.next.prev = blk.prev
	}
	blk.prev, blk.next = nil, nil
	if a.bins[b] == nil {
		a.nonEmpty[b/64] &^= 1 << (b % 64)
	}
}
