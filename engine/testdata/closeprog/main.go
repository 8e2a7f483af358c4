// Command closeprog closes a runtime while 8 goroutines run kernels on it,
// then exits: engine's TestCloseProgram runs it and expects a clean exit
// every time (before Runtime.Close waited for runs, this crashed with
// SIGSEGV).
package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"sync"
	"time"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/memref"
)

// kernel is the kernel the goroutines run.
//
//go:embed kernel.mlir
var kernel string

func main() {
	seed := flag.Int64("seed", 1, "when Close lands (random delay)")
	flag.Parse()
	if err := run(*seed); err != nil {
		fmt.Fprintln(os.Stderr, "closeprog:", err)
		os.Exit(1)
	}
	fmt.Println("closed cleanly")
}

func run(seed int64) error {
	ctx := context.Background()
	rt, err := engine.New(ctx, engine.WithWorkers(2), engine.WithArenaSize(256<<20))
	if err != nil {
		return err
	}
	exe, err := rt.Compile(ctx, []byte(kernel))
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	started := make(chan struct{}, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 64 << (g % 4) // 64..512 rows of 1024: runs of one call and chunked ones
			x, _ := memref.FromSlice([]int{n, 1024}, make([]float32, n*1024))
			started <- struct{}{}
			for {
				_, err := exe.Run(ctx, x)
				if errors.Is(err, engine.ErrClosed) {
					return
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for range 8 {
		<-started
	}
	time.Sleep(time.Duration(rand.New(rand.NewSource(seed)).Intn(20)) * time.Millisecond)
	if err := rt.Close(ctx); err != nil {
		return err
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		return fmt.Errorf("a run failed with %w, want success or ErrClosed", err)
	}
	return nil
}
