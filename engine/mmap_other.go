//go:build !unix

package engine

// mmapMemory falls back to a Go slice where mmap is unavailable: the base
// is still stable (the slice is allocated at its maximum size up front).
type mmapMemory struct {
	buf []byte
}

func newMmapMemory(max uint64) (*mmapMemory, error) {
	return &mmapMemory{buf: make([]byte, max)}, nil
}

func (m *mmapMemory) Reallocate(size uint64) []byte {
	if size > uint64(len(m.buf)) {
		return nil
	}
	return m.buf[:size:size]
}

// Free implements experimental.LinearMemory; see the unix version.
func (m *mmapMemory) Free() {}

func (m *mmapMemory) unmap() { m.buf = nil }

func (m *mmapMemory) release(off, n uint64) (lo, hi uint64) { return off, off }
