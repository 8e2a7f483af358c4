package cache

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// sharedBlob is what writer w puts for key k in round r: sizes vary (so a
// torn file would be visible), and every version is valid.
func sharedBlob(k, w, r int) []byte {
	n := 1000 + (k*7919+w*104729+r*31)%60000
	return bytes.Repeat([]byte{byte(k), byte(w), byte(r)}, n)
}

func sharedKey(k int) Key { return NewKey([]byte("shared"), []byte(strconv.Itoa(k))) }

const sharedKeys, sharedRounds = 8, 150

// TestDiskSharedHelper is not a test: it is the child process of
// TestDiskSharedByProcesses, writing and reading the same keys as its
// sibling, and exiting non-zero if it ever reads a blob that fails
// verification (a torn or mixed write) or one no writer wrote.
func TestDiskSharedHelper(t *testing.T) {
	dir := os.Getenv("SANDJIT_DISK_SHARED_DIR")
	if dir == "" {
		t.Skip("child process of TestDiskSharedByProcesses")
	}
	w, _ := strconv.Atoi(os.Getenv("SANDJIT_DISK_SHARED_WRITER"))
	d, err := OpenDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	reads := 0
	for r := range sharedRounds {
		for k := range sharedKeys {
			if err := d.Put(sharedKey(k), sharedBlob(k, w, r)); err != nil {
				t.Fatalf("put: %v", err)
			}
			data, err := d.Get(sharedKey((k + 3) % sharedKeys))
			if errors.Is(err, ErrMiss) && err != ErrMiss {
				t.Fatalf("a file was rejected: %v", err) // torn, or mixed from two writers
			}
			if err != nil {
				continue
			}
			reads++
			kk := (k + 3) % sharedKeys
			if len(data) < 3 || data[0] != byte(kk) || !bytes.Equal(data, sharedBlob(kk, int(data[1]), int(data[2]))) {
				t.Fatalf("key %d: read a blob no writer wrote (%d bytes)", kk, len(data))
			}
		}
	}
	fmt.Printf("reads %d\n", reads)
}

// TestDiskSharedByProcesses: two processes write and read the same keys
// of one directory at once (replicas on a shared volume). Every read is a
// whole blob some writer wrote, never a rejected file, and no temporary
// file is left behind.
func TestDiskSharedByProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	var cmds []*exec.Cmd
	var outs []*bytes.Buffer
	for w := range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestDiskSharedHelper$", "-test.v")
		cmd.Env = append(os.Environ(), "SANDJIT_DISK_SHARED_DIR="+dir, "SANDJIT_DISK_SHARED_WRITER="+strconv.Itoa(w))
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, &out)
	}
	start := time.Now()
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("writer %d: %v\n%s", i, err, outs[i])
		} else if !bytes.Contains(outs[i].Bytes(), []byte("reads ")) {
			t.Errorf("writer %d did not run:\n%s", i, outs[i])
		}
	}
	t.Logf("2 processes × %d rounds × %d keys in %v", sharedRounds, sharedKeys, time.Since(start).Round(time.Millisecond))
	d, _ := OpenDisk(dir)
	for k := range sharedKeys {
		data, err := d.Get(sharedKey(k))
		if err != nil || !bytes.Equal(data, sharedBlob(k, int(data[1]), sharedRounds-1)) {
			t.Errorf("key %d after both finished: %v", k, err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != sharedKeys {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %d files, want %d: %v", len(entries), sharedKeys, names)
	}
}
