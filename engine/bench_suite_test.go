package engine_test

import (
	"context"
	"flag"
	"slices"
	"testing"
	"time"

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

// BenchmarkRunCost splits what Run costs over RunInArena for each suite
// kernel, each variant timed call by call on the same runtime and inputs
// (in the arena): RunInArena (result freed), RunInArena then a copy of the
// result into one kept Go buffer (the floor of any Run that copies its
// result out), RunInArena then a copy into a new Go buffer per call (the
// copy-out Run does: fresh memory the caller owns), and Run. It reports
// each variant's median and p90 per call besides ns/op. Run with
// GODEBUG=gctrace=1 or under perf stat -e page-faults to see where the
// fresh buffer's time goes:
//
//	go test ./engine -run '^$' -bench 'RunCost/K3/' -benchtime 1000x
func BenchmarkRunCost(b *testing.B) {
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
			kept := make([]byte, elemBytes(k.OutShape(d)))
			var last []byte // keeps the fresh copy alive until the next
			inArena := func(copyOut func([]byte)) func() error {
				return func() error {
					res, err := exe.RunInArena(ctx, c.Arena...)
					if err != nil {
						return err
					}
					copyOut(res[0].Data)
					return rt.FreeTensor(res[0])
				}
			}
			for _, v := range []struct {
				name string
				call func() error
			}{
				{"RunInArena", inArena(func([]byte) {})},
				{"RunInArena+copy", inArena(func(d []byte) { copy(kept, d) })},
				{"RunInArena+fresh", inArena(func(d []byte) { last = append([]byte(nil), d...) })},
				{"Run", func() error { _, err := exe.Run(ctx, c.Arena...); return err }},
			} {
				b.Run(v.name, func(b *testing.B) {
					var ds []time.Duration
					for b.Loop() {
						t0 := time.Now()
						if err := v.call(); err != nil {
							b.Fatal(err)
						}
						ds = append(ds, time.Since(t0))
					}
					slices.Sort(ds)
					b.ReportMetric(float64(ds[len(ds)/2].Nanoseconds()), "median-ns")
					b.ReportMetric(float64(ds[len(ds)*9/10].Nanoseconds()), "p90-ns")
				})
			}
			_ = last
		})
	}
}

func elemBytes(shape []int) int {
	n := 4 // the suite's kernels are f32
	for _, d := range shape {
		n *= d
	}
	return n
}
