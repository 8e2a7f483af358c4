package server

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/sandjit/sandjit/memref"
)

// secretBits is tenant A's secret: an f32 bit pattern no kernel of B
// computes from B's inputs (all zeros and ones).
const secretBits = 0x5EC2E75A

const kernelSumRows = `func.func @sum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %axis = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Sum"(%x, %axis) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}
`

// secretPatterns are the byte patterns that would betray A's data: the
// secret and its negation, little-endian.
func secretPatterns() [][]byte {
	var out [][]byte
	for _, v := range []uint32{secretBits, secretBits ^ 0x80000000} {
		b := make([]byte, 4)
		binary.LittleEndian.PutUint32(b, v)
		out = append(out, b)
	}
	return out
}

// leaks reports whether b holds any secret pattern at any alignment.
func leaks(b []byte) bool {
	for _, p := range secretPatterns() {
		if bytes.Contains(b, p) {
			return true
		}
	}
	return false
}

// TestIsolation: tenant A fills its arena with a secret (inputs and big
// outputs of an outer product); tenant B then runs kernels whose outputs
// would show uninitialised memory (the same kernel and shapes on zeros,
// reductions over empty rows, which only write identities) and allocates
// its whole arena through the engine. No byte of A's secret appears in
// anything B gets. The same holds within A: after its secret runs, A's
// own arena, reused, reads as zeros.
func TestIsolation(t *testing.T) {
	h := newHarness(t, 2, func(c *Config) {
		for i := range c.Tenants {
			c.Tenants[i].Quotas = Quotas{ArenaBytes: 16 << 20, MaxTensorBytes: 8 << 20, MaxResponseBytes: 16 << 20}
		}
	})
	const A, B = 0, 1
	const n, m = 512, 512
	outerA, sumA := h.submit(A, kernelOuter), h.submit(A, kernelSumRows)
	outerB, sumB := h.submit(B, kernelOuter), h.submit(B, kernelSumRows)

	secret := make([]float32, n)
	for i := range secret {
		secret[i] = math.Float32frombits(secretBits)
	}
	ones := make([]float32, m)
	for i := range ones {
		ones[i] = 1
	}
	runNPZ := func(tenant int, id string, inputs ...*memref.Tensor) []byte {
		var files []any
		for i, x := range inputs {
			files = append(files, fmt.Sprintf("arg%d.npy", i), npyBytes(t, x))
		}
		r := h.do("POST", "/v1/kernels/"+id+":run", keyOf(tenant), npzBytes(t, false, files...), "Content-Type", "application/x-npz")
		if r.status != 200 {
			t.Errorf("tenant %d run: %d %s", tenant, r.status, r.body)
		}
		return r.body
	}
	secretRun := func() {
		out := runNPZ(A, outerA, mustTensor(t, []int{n, 1}, secret), mustTensor(t, []int{1, m}, ones))
		if !leaks(out) {
			t.Errorf("A's own output lacks its secret: the test is broken")
		}
	}
	zerosOuter := func(tenant int, id string) []byte {
		return runNPZ(tenant, id, mustTensor(t, []int{n, 1}, make([]float32, n)), mustTensor(t, []int{1, m}, make([]float32, m)))
	}
	emptyRows := func(tenant int, id string) []byte {
		return runNPZ(tenant, id, mustTensor(t, []int{n * m, 0}, []float32{}))
	}

	secretRun()
	for _, b := range [][]byte{zerosOuter(B, outerB), emptyRows(B, sumB)} {
		if leaks(b) {
			t.Fatalf("tenant B's output holds tenant A's secret")
		}
	}
	// Within A: the region its secret run used is handed out again zeroed.
	for _, b := range [][]byte{zerosOuter(A, outerA), emptyRows(A, sumA)} {
		if leaks(b) {
			t.Fatalf("tenant A's later output holds its earlier secret (arena not zeroed)")
		}
	}
	// Every byte of either arena, allocated through the engine, is zero.
	for _, tenant := range []int{A, B} {
		rt := h.srv.tenants[tenant].rt
		x, err := rt.NewTensor(memref.Uint8, []int{15 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if leaks(x.Data) || bytes.ContainsFunc(x.Data, func(r rune) bool { return r != 0 }) {
			t.Errorf("tenant %d's arena hands out non-zero memory", tenant)
		}
		if err := rt.FreeTensor(x); err != nil {
			t.Fatal(err)
		}
	}

	// Concurrently: A's secret runs and B's probing runs interleave.
	var wg sync.WaitGroup
	var mu sync.Mutex
	leaked := false
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				if g%2 == 0 {
					secretRun()
					continue
				}
				for _, b := range [][]byte{zerosOuter(B, outerB), emptyRows(B, sumB)} {
					if leaks(b) {
						mu.Lock()
						leaked = true
						mu.Unlock()
					}
				}
			}
		}()
	}
	wg.Wait()
	if leaked {
		t.Fatalf("tenant B saw tenant A's secret while both ran")
	}
}
