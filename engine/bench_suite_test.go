package engine_test

import (
	"context"
	"flag"
	"testing"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/internal/bench"
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
