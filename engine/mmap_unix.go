//go:build unix

package engine

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// mmapMemory backs a Wasm linear memory with an anonymous mapping reserved
// at its maximum size: its base never moves (so slices of it stay valid
// while kernels run), it is off the Go heap (so an arena does not count
// against GOMEMLIMIT or pace the GC), and pages are only committed when
// touched.
type mmapMemory struct {
	buf []byte // the whole reservation
}

func newMmapMemory(max uint64) (*mmapMemory, error) {
	if max == 0 {
		max = 1
	}
	buf, err := unix.Mmap(-1, 0, int(max), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON|unix.MAP_NORESERVE)
	if err != nil {
		return nil, fmt.Errorf("reserving %d bytes of linear memory: %w", max, err)
	}
	// Transparent huge pages: a first touch faults in 2 MiB, not 4 KiB
	// (on a VM a page fault costs far more than writing the page).
	// Best effort.
	_ = unix.Madvise(buf, unix.MADV_HUGEPAGE)
	return &mmapMemory{buf: buf}, nil
}

// Reallocate implements experimental.LinearMemory.
func (m *mmapMemory) Reallocate(size uint64) []byte {
	if size > uint64(len(m.buf)) {
		return nil
	}
	return m.buf[:size:size]
}

// Free implements experimental.LinearMemory. It does nothing: wazero
// calls it when *any* module instance that uses the memory closes, and
// kernel instances import the arena's memory, so closing a worker would
// unmap the arena under every other worker. The arena unmaps it with
// unmap when it closes.
func (m *mmapMemory) Free() {}

// unmap releases the reservation; nothing may use the memory afterwards.
func (m *mmapMemory) unmap() {
	if m.buf != nil {
		_ = unix.Munmap(m.buf)
		m.buf = nil
	}
}

// release gives the whole pages of [off, off+n) back to the OS, after
// which they read as zero, and returns the page-aligned range it released
// (lo == hi when there was none). The caller zeroes the rest.
func (m *mmapMemory) release(off, n uint64) (lo, hi uint64) {
	const page = 4096
	lo = (off + page - 1) &^ (page - 1)
	hi = (off + n) &^ (page - 1)
	if hi <= lo {
		return off, off
	}
	if err := unix.Madvise(m.buf[lo:hi], unix.MADV_DONTNEED); err != nil {
		clear(m.buf[lo:hi])
	}
	return lo, hi
}
