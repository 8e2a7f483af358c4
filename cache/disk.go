package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Disk is an on-disk store of byte blobs by key, for artifacts that should
// survive a restart. Every file carries a header with a magic number, the
// format version, the key it was written for, the payload's length and
// its SHA-256; Get checks all of them and treats a file that fails —
// truncated, corrupted, written for another key or by another format —
// as a miss, and deletes it. Writes go to a temporary file that is
// renamed into place, so a reader never sees half a file. Several
// processes may share a directory.
//
// The store detects accidents, not attackers: whoever can write the
// directory can also write valid entries. Keep it as private as the
// binary that reads it.
type Disk struct {
	dir string
}

// diskMagic and diskVersion start every file.
var diskMagic = [8]byte{'S', 'A', 'N', 'D', 'J', 'I', 'T', 0}

const diskVersion = 1

// headerSize is magic, version, key, length, digest.
const headerSize = 8 + 4 + 32 + 8 + 32

// MaxBlob bounds one stored blob.
const MaxBlob = 1 << 30

// ErrMiss is returned by Disk.Get for an absent (or rejected) entry.
var ErrMiss = errors.New("cache: not on disk")

// OpenDisk opens (creating it if needed) a store in dir.
func OpenDisk(dir string) (*Disk, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	return &Disk{dir: dir}, nil
}

// Dir is the store's directory.
func (d *Disk) Dir() string { return d.dir }

func (d *Disk) path(key Key) string { return filepath.Join(d.dir, key.String()+".blob") }

// Get reads the blob stored for key. A missing file is ErrMiss; a file
// that fails verification is deleted and reported as ErrMiss wrapped with
// the reason (errors.Is(err, ErrMiss) holds).
func (d *Disk) Get(key Key) ([]byte, error) {
	p := d.path(key)
	f, err := os.Open(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrMiss
	}
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	defer f.Close()
	data, err := readVerified(f, key)
	if err != nil {
		os.Remove(p)
		return nil, fmt.Errorf("%w: %s rejected: %v", ErrMiss, filepath.Base(p), err)
	}
	return data, nil
}

func readVerified(r io.Reader, key Key) ([]byte, error) {
	var h [headerSize]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return nil, fmt.Errorf("short header: %v", err)
	}
	if !bytes.Equal(h[:8], diskMagic[:]) {
		return nil, errors.New("not a sandjit cache file")
	}
	if v := binary.LittleEndian.Uint32(h[8:]); v != diskVersion {
		return nil, fmt.Errorf("format version %d, want %d", v, diskVersion)
	}
	if !bytes.Equal(h[12:44], key[:]) {
		return nil, errors.New("written for another key")
	}
	n := binary.LittleEndian.Uint64(h[44:])
	if n > MaxBlob {
		return nil, fmt.Errorf("claims %d bytes", n)
	}
	data := make([]byte, n)
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, fmt.Errorf("truncated payload: %v", err)
	}
	if sum := sha256.Sum256(data); !bytes.Equal(sum[:], h[52:84]) {
		return nil, errors.New("checksum mismatch")
	}
	return data, nil
}

// Put stores data for key, replacing any previous entry atomically.
func (d *Disk) Put(key Key, data []byte) error {
	if len(data) > MaxBlob {
		return fmt.Errorf("cache: blob of %d bytes is over the limit", len(data))
	}
	var h [headerSize]byte
	copy(h[:8], diskMagic[:])
	binary.LittleEndian.PutUint32(h[8:], diskVersion)
	copy(h[12:44], key[:])
	binary.LittleEndian.PutUint64(h[44:], uint64(len(data)))
	sum := sha256.Sum256(data)
	copy(h[52:84], sum[:])
	f, err := os.CreateTemp(d.dir, key.String()+".*.tmp")
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err := f.Write(h[:]); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	if err := os.Rename(f.Name(), d.path(key)); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	ok = true
	return nil
}
