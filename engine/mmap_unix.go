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

// release gives the pages of buf[off:off+n] back to the OS; they read as
// zero afterwards. Used to zero big freed blocks cheaply.
func (m *mmapMemory) release(off, n uint64) {
	const page = 4096
	lo := (off + page - 1) &^ (page - 1)
	hi := (off + n) &^ (page - 1)
	if hi > lo {
		_ = unix.Madvise(m.buf[lo:hi], unix.MADV_DONTNEED)
	}
}
