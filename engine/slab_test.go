package engine

import (
	"encoding/binary"
	"sync"
	"testing"
)

// TestRunBlockSlab checks the small run blocks: a block that fits a slot
// comes from the slab until every slot is taken, then from the allocator;
// a bigger one always from the allocator; putBlock returns each where it
// came from, so the allocator ends with nothing in use; concurrent takers
// never share a slot; an arena too small to spare the slab has none.
func TestRunBlockSlab(t *testing.T) {
	rt := newRuntime(t, WithArenaSize(64<<20))
	a := rt.arena
	if a.slab == 0 {
		t.Fatal("a 64 MiB arena has no slab")
	}
	inSlab := func(b uint32) bool { return b >= a.slab && b < a.slab+slabSlots*slabSlot }
	var got []uint32
	seen := map[uint32]bool{}
	for range slabSlots {
		b, err := a.takeBlock(slabSlot)
		if err != nil {
			t.Fatal(err)
		}
		if !inSlab(b) || (b-a.slab)%slabSlot != 0 || seen[b] {
			t.Fatalf("slot %#x (slab %#x)", b, a.slab)
		}
		seen[b] = true
		got = append(got, b)
	}
	if a.alloc.Stats().InUse != 0 {
		t.Errorf("slab blocks counted by the allocator: %+v", a.alloc.Stats())
	}
	over, err := a.takeBlock(100) // every slot taken
	if err != nil {
		t.Fatal(err)
	}
	big, err := a.takeBlock(slabSlot + 1)
	if err != nil {
		t.Fatal(err)
	}
	if inSlab(over) || inSlab(big) || a.alloc.Stats().Blocks != 2 {
		t.Errorf("blocks %#x, %#x from the slab, or not from the allocator: %+v", over, big, a.alloc.Stats())
	}
	for _, b := range append(got, over, big) {
		a.putBlock(b)
	}
	if s := a.alloc.Stats(); s.InUse != 0 || s.Blocks != 0 || a.slabUsed.Load() != 0 {
		t.Errorf("after putBlock: %+v, slab bits %b", s, a.slabUsed.Load())
	}

	// Concurrent takers: each writes its mark into its block, yields the
	// block's lifetime to the others, and finds its mark intact.
	mem := a.be.mem()
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				b, err := a.takeBlock(64)
				if err != nil {
					errs <- err.Error()
					return
				}
				mark := uint32(g<<16 | i)
				binary.LittleEndian.PutUint32(mem[b:], mark)
				for range 3 {
					if binary.LittleEndian.Uint32(mem[b:]) != mark {
						errs <- "a block was shared by two runs"
						a.putBlock(b)
						return
					}
				}
				a.putBlock(b)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
	if s := a.alloc.Stats(); s.InUse != 0 || a.slabUsed.Load() != 0 {
		t.Errorf("after the concurrent takers: %+v, slab bits %b", s, a.slabUsed.Load())
	}

	small := newRuntime(t, WithArenaSize(1<<20))
	if small.arena.slab != 0 {
		t.Errorf("a 1 MiB arena spares a slab at %#x", small.arena.slab)
	}
	b, err := small.arena.takeBlock(64)
	if err != nil {
		t.Fatal(err)
	}
	if small.arena.alloc.Stats().Blocks != 1 {
		t.Error("without a slab, a small block does not come from the allocator")
	}
	small.arena.putBlock(b)
	if small.arena.alloc.Stats().InUse != 0 {
		t.Error("putBlock did not free an allocated block")
	}
}
