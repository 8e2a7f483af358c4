package engine

import (
	"context"
	"github.com/sandjit/sandjit/internal/mlir"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/refeval"
)

// TestGoldenCorpus runs every testdata kernel through Wasm and compares
// each result with numpy's golden and with the plain-Go reference
// evaluator.
func TestGoldenCorpus(t *testing.T) {
	ctx := context.Background()
	forCorpus(t, []Option{WithArenaSize(256 << 20)}, func(t *testing.T, _ *Runtime, k *golden.Kernel, exe *JitExecutable) {
		for _, c := range k.Cases {
			got, err := exe.Run(ctx, c.Args...)
			if err != nil {
				t.Errorf("%s: run: %v", c.Name, err)
				continue
			}
			ref, err := refeval.Eval(ctx, exe.Func(), exe.Module(), c.Args)
			if err != nil {
				t.Errorf("%s: reference: %v", c.Name, err)
			}
			if len(got) != len(c.Results) {
				t.Fatalf("%s: %d results, want %d", c.Name, len(got), len(c.Results))
			}
			for i, want := range c.Results {
				rtol, atol := k.Tolerance(want.DType)
				if err := golden.Compare(got[i], want, rtol, atol); err != nil {
					t.Errorf("%s: result %d vs golden: %v", c.Name, i, err)
				}
				if ref != nil {
					if err := golden.Compare(got[i], ref[i], rtol, atol); err != nil {
						t.Errorf("%s: result %d vs reference: %v", c.Name, i, err)
					}
				}
			}
		}
	})
}

// forCorpus compiles every corpus kernel on one runtime made with opts
// and calls check on it in a subtest named after the kernel.
func forCorpus(t *testing.T, opts []Option, check func(t *testing.T, rt *Runtime, k *golden.Kernel, exe *JitExecutable)) {
	kernels, err := golden.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(kernels) < 40 {
		t.Fatalf("only %d kernels in the corpus", len(kernels))
	}
	ctx := context.Background()
	rt, err := New(ctx, opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	for _, k := range kernels {
		t.Run(k.Name, func(t *testing.T) {
			exe, err := rt.Compile(ctx, k.Src, WithEntry(entryOf(t, k)), WithFilename(k.Name+".mlir"))
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			check(t, rt, k, exe)
		})
	}
}

// entryOf applies the corpus's entry rule.
func entryOf(t *testing.T, k *golden.Kernel) string {
	m, err := mlir.Parse(k.Name, k.Src, mlir.DefaultParseLimits())
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	var names []string
	for _, f := range m.Funcs {
		names = append(names, f.Name)
	}
	return k.EntryName(names)
}

// TestGoldenCorpusPoisoned runs the corpus through RunInArena on an arena
// whose free memory was filled with 0xFF bytes (NaN, -1, true) and freed
// dirty before every case: results the engine allocates without zeroing
// (loopir.Program.WritesWhole) must still be written in full, and every
// other block must come back zeroed. With WritesWhole forced to true this
// test still passes today (every corpus kernel stores its outputs in
// full): it guards the code generator against a kernel that leaves part
// of an output unwritten; TestWritesWhole tests the analysis itself.
func TestGoldenCorpusPoisoned(t *testing.T) {
	if raceEnabled {
		t.Skip("single-goroutine semantics, and TestGoldenCorpus already runs the corpus under -race")
	}
	ctx := context.Background()
	forCorpus(t, []Option{WithArenaSize(32 << 20), WithWorkers(2)}, func(t *testing.T, rt *Runtime, k *golden.Kernel, exe *JitExecutable) {
		for _, c := range k.Cases {
			// RunInArena: the outputs are arena tensors of their own; Run:
			// they sit in the run's block, taken dirty, and are copied out.
			for _, mode := range []string{"RunInArena", "Run"} {
				poisonArena(t, rt)
				run := exe.RunInArena
				if mode == "Run" {
					run = exe.Run
				}
				got, err := run(ctx, c.Args...)
				if err != nil {
					t.Errorf("%s: %s: %v", c.Name, mode, err)
					continue
				}
				for i, want := range c.Results {
					rtol, atol := k.Tolerance(want.DType)
					if err := golden.Compare(got[i], want, rtol, atol); err != nil {
						t.Errorf("%s: %s: result %d on a poisoned arena: %v", c.Name, mode, i, err)
					}
				}
				for _, o := range got {
					if _, ok := o.ArenaOffset(rt.arena.alloc); ok {
						rt.FreeTensor(o)
					}
				}
			}
		}
	})
}

// poisonArena fills the arena's free memory with 0xFF and frees it dirty.
func poisonArena(t *testing.T, rt *Runtime) {
	t.Helper()
	a := rt.arena.alloc
	var offs []uint32
	for n := int(a.Stats().Capacity); n >= 64; {
		off, err := a.AllocDirty(n)
		if err != nil {
			n /= 2
			continue
		}
		b := a.Mem()[off : off+uint32(n)]
		b[0] = 0xFF
		for i := 1; i < len(b); i *= 2 {
			copy(b[i:], b[:i])
		}
		offs = append(offs, off)
	}
	for _, off := range offs {
		if err := a.FreeDirty(off); err != nil {
			t.Fatal(err)
		}
	}
}
