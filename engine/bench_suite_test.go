package engine_test

import (
	"context"
	"flag"
	"testing"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/internal/bench"
	"github.com/sandjit/sandjit/memref"
)

// The benchmark suite of internal/bench (what `sandjit bench` runs) under
// go test -bench: BenchmarkSuite runs each kernel through the engine on one
// worker, copy-free as the headline column of `sandjit bench` (RunInArena
// on inputs in the arena, the result freed every call), BenchmarkSuiteGo
// the plain-Go baseline. Compare them with benchstat, or run `sandjit bench` for both
// side by side.
//
//	go test ./engine -run '^$' -bench 'Suite' -suite.size=1024

var suiteSize = flag.Int("suite.size", bench.DefaultSize, "size of BenchmarkSuite's kernels (internal/bench.DimsFor)")

func BenchmarkSuite(b *testing.B) {
	ctx := context.Background()
	d := bench.DimsFor(*suiteSize)
	for _, k := range bench.Suite() {
		b.Run(k.Name, func(b *testing.B) {
			rt, err := engine.New(ctx, engine.WithWorkers(1), engine.WithArenaSize(min(1<<32, 8*k.Bytes(d)+64<<20)))
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Close(ctx)
			c, err := k.Prepare(rt, d, 1)
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			exe, err := rt.Compile(ctx, c.Src, engine.WithSpecialization(engine.SpecializeAlways))
			if err != nil {
				b.Fatal(err)
			}
			res, err := exe.RunInArena(ctx, c.Arena...)
			if err != nil {
				b.Fatal(err)
			}
			c.RunGo()
			_, err = c.Check(res)
			rt.FreeTensor(res[0])
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(k.Bytes(d))
			for b.Loop() {
				res, err := exe.RunInArena(ctx, c.Arena...)
				if err != nil {
					b.Fatal(err)
				}
				rt.FreeTensor(res[0])
			}
			reportSuite(b, k, d)
		})
	}
}

func BenchmarkSuiteGo(b *testing.B) {
	d := bench.DimsFor(*suiteSize)
	for _, k := range bench.Suite() {
		b.Run(k.Name, func(b *testing.B) {
			c, err := k.Prepare(nil, d, 1)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(k.Bytes(d))
			for b.Loop() {
				c.RunGo()
			}
			reportSuite(b, k, d)
		})
	}
}

// reportSuite adds GFLOP/s (the matmul) and the target time per call.
func reportSuite(b *testing.B, k *bench.Kernel, d bench.Dims) {
	if ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N); k.TargetGFLOPs != nil && ns > 0 {
		b.ReportMetric(float64(k.FLOPs(d))/ns, "GFLOP/s")
	}
	ms, _ := k.Target(d, "wazero")
	b.ReportMetric(ms*1e6, "target-ns/op")
}

// TestK9Allocs reports the Go heap allocations of one steady-state call of
// K9 (two [8] vectors added through the public API): Run with the inputs
// in the arena and on the Go heap, and RunInArena. It logs the counts
// rather than failing: zero is a goal, not yet reached.
func TestK9Allocs(t *testing.T) {
	ctx := context.Background()
	rt, err := engine.New(ctx, engine.WithWorkers(1), engine.WithArenaSize(16<<20))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	k := bench.Lookup("K9")
	c, err := k.Prepare(rt, bench.DimsFor(bench.DefaultSize), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	exe, err := rt.Compile(ctx, c.Src)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []struct {
		name string
		in   []*memref.Tensor
	}{{"arena", c.Arena}, {"Go heap", c.Heap}} {
		name, in := v.name, v.in
		for range 10 {
			if _, err := exe.Run(ctx, in...); err != nil {
				t.Fatal(err)
			}
		}
		if err := exe.WaitForCompilations(ctx); err != nil {
			t.Fatal(err)
		}
		var runErr error
		allocs := testing.AllocsPerRun(1000, func() {
			if _, err := exe.Run(ctx, in...); err != nil {
				runErr = err
			}
		})
		if runErr != nil {
			t.Fatal(runErr)
		}
		t.Logf("K9 steady state, inputs on the %s: %.0f allocations per Run", name, allocs)
	}
	if _, err := exe.RunInArena(ctx, c.Arena...); err != nil {
		t.Fatal(err)
	}
	var runErr error
	allocs := testing.AllocsPerRun(1000, func() {
		res, err := exe.RunInArena(ctx, c.Arena...)
		if err != nil {
			runErr = err
		}
		for _, r := range res {
			rt.FreeTensor(r)
		}
	})
	if runErr != nil {
		t.Fatal(runErr)
	}
	t.Logf("K9 steady state, RunInArena on arena inputs (result freed): %.0f allocations per call", allocs)
}
