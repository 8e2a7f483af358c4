package main

import (
	"context"
	_ "embed"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/internal/refeval"
	"github.com/sandjit/sandjit/memref"
)

// demoKernel is what `sandjit demo` runs: a bias add, a softmax over the
// last axis and a row maximum, as TensorFlow's tooling would print them.
//
//go:embed demo.mlir
var demoKernel string

func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dump := fs.Bool("dump", false, "also print the loop IR and the Wasm")
	if pos, err := parseInterleaved(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	rt, err := engine.New(ctx, engine.WithArenaSize(64<<20))
	if err != nil {
		return err
	}
	defer rt.Close(ctx)
	exe, err := rt.Compile(ctx, []byte(demoKernel), engine.WithFilename("demo.mlir"))
	if err != nil {
		return err
	}
	const rows, cols = 4, 7
	xs := make([]float32, rows*cols)
	for i := range xs {
		xs[i] = float32(math.Sin(float64(i))) * 3
	}
	x, _ := memref.FromSlice([]int{rows, cols}, xs)
	bias, _ := memref.FromSlice([]int{cols}, []float32{0, 0.5, 1, 1.5, 2, 2.5, 3})
	fmt.Fprintf(stdout, "kernel:\n%s\n", demoKernel)
	fmt.Fprintf(stdout, "input x:    %s\ninput bias: %s\n\n", memref.Format(x, 64), memref.Format(bias, 64))
	def, err := exe.Default(ctx)
	if err != nil {
		return err
	}
	defer def.Release()
	k := def.Kernel()
	fmt.Fprintf(stdout, "compiled to %d loop nests (from %d TF ops), %d bytes of Wasm\n", len(k.Program.Nests), len(k.Func.Ops), len(def.Wasm()))
	if *dump {
		fmt.Fprintf(stdout, "\n%s\n%s\n", k.Program, def.WAT())
	}
	res, err := exe.Run(ctx, x, bias)
	if err != nil {
		return err
	}
	for i, r := range res {
		fmt.Fprintf(stdout, "result[%d]: %s\n", i, memref.Format(r, 64))
	}
	ref, err := refeval.Eval(ctx, exe.Func(), exe.Module(), []*memref.Tensor{x, bias})
	if err != nil {
		return err
	}
	worst := 0.0
	for i := range res {
		for j := 0; j < res[i].Len(); j++ {
			worst = math.Max(worst, math.Abs(res[i].Float64At(j)-ref[i].Float64At(j)))
		}
	}
	if worst > 1e-6 {
		return fmt.Errorf("demo: Wasm and the reference evaluator differ by %g", worst)
	}
	fmt.Fprintf(stdout, "\nmatches the plain-Go reference evaluator (max abs difference %.2g)\n", worst)
	return nil
}
