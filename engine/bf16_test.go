package engine

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/refeval"
	"github.com/sandjit/sandjit/memref"
)

// f32Type matches the element type f32 where a type names it
// (tensor<2xf32>, T = f32, : f32), not inside other words.
var f32Type = regexp.MustCompile(`([x<\s=(,\[])f32\b`)

// bf16Kernel is a corpus kernel with every f32 made bf16: its types,
// attributes and constants, and its f32 inputs rounded to bf16.
type bf16Kernel struct {
	name, entry string
	src         []byte
	cases       [][]*memref.Tensor // the arguments of each case
}

// bf16Corpus is the golden corpus's kernels that take or make f32, as
// bf16 kernels.
func bf16Corpus(t *testing.T) []bf16Kernel {
	kernels, err := golden.Load()
	if err != nil {
		t.Fatal(err)
	}
	var out []bf16Kernel
	for _, k := range kernels {
		if !bytes.Contains(k.Src, []byte("f32")) {
			continue
		}
		bk := bf16Kernel{name: k.Name, entry: entryOf(t, k), src: f32Type.ReplaceAll(k.Src, []byte("${1}bf16"))}
		for _, c := range k.Cases {
			args := make([]*memref.Tensor, len(c.Args))
			for i, a := range c.Args {
				args[i] = toBF16(t, a)
			}
			bk.cases = append(bk.cases, args)
		}
		out = append(out, bk)
	}
	return out
}

// TestCorpusAsBF16 runs the golden corpus again as bf16 kernels
// (bf16Corpus) and holds Wasm to the reference evaluator, as
// TestDifferential does. numpy has no bf16, so there are no goldens here:
// the testdata kernels bf16_* have those. A kernel that no longer compiles
// (an f32 hex constant, a literal beyond bf16's range, an op that takes f32
// but not f16, as NextAfter, or f32 operands beside bf16 ones, as
// FusedBatchNorm) is skipped; the test fails if too few remain.
func TestCorpusAsBF16(t *testing.T) {
	rt := newRuntime(t, WithWorkers(2))
	ctx := context.Background()
	ran, cases := 0, 0
	var skipped []string
	for _, k := range bf16Corpus(t) {
		exe, err := rt.Compile(ctx, k.src, WithEntry(k.entry), WithFilename(k.name+".bf16.mlir"))
		if err != nil {
			skipped = append(skipped, k.name)
			continue
		}
		ran++
		t.Run(k.name, func(t *testing.T) {
			for c, args := range k.cases {
				got, err := exe.Run(ctx, args...)
				want, rerr := refeval.Eval(ctx, exe.Func(), exe.Module(), args)
				switch {
				case err != nil && rerr != nil:
					continue // both refuse these inputs (a value out of range once rounded)
				case err != nil && strings.Contains(err.Error(), "failed to specialize"):
					t.Skipf("c%d: %v", c, err) // an op that takes f32 but not f16 (LinSpace), seen once shapes are known
				case err != nil || rerr != nil:
					t.Fatalf("c%d: wasm: %v; reference: %v", c, err, rerr)
				}
				cases++
				if r, err := diffCompare(ctx, exe, args, got, want); err != nil {
					t.Errorf("c%d: result %d: %v\nwasm: %s\nref:  %s", c, r, err, memref.Format(got[r], 16), memref.Format(want[r], 16))
				}
			}
		})
	}
	t.Logf("%d kernels ran on bf16 (%d cases); %d skipped: %s", ran, cases, len(skipped), strings.Join(skipped, " "))
	if ran < 100 {
		t.Errorf("only %d corpus kernels compile on bf16", ran)
	}
}

// toBF16 is a with f32 elements rounded to bf16; other types unchanged.
func toBF16(t *testing.T, a *memref.Tensor) *memref.Tensor {
	if a.DType != memref.Float32 {
		return a
	}
	a = a.Contiguous()
	b, err := memref.New(memref.BFloat16, a.Shape)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Len() {
		f := math.Float32frombits(binary.LittleEndian.Uint32(a.Data[4*i:]))
		binary.LittleEndian.PutUint16(b.Data[2*i:], memref.F32ToBF16(f))
	}
	return b
}
