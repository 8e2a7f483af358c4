package refeval

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// refOpCase is one case of testdata/refops (see testdata/gen_refops.py).
type refOpCase struct {
	Op      string                     `json:"op"`
	Attrs   map[string]json.RawMessage `json:"attrs"`
	Results []string                   `json:"results"`
	Rtol    *float64                   `json:"rtol"`
	Atol    *float64                   `json:"atol"`
}

// refOpAttr converts an attribute of op.json: bool, string, integer,
// {"f": float}, or a list of integers or strings.
func refOpAttr(raw json.RawMessage) (mlir.Attr, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var conv func(v any) (mlir.Attr, error)
	conv = func(v any) (mlir.Attr, error) {
		switch x := v.(type) {
		case bool:
			return mlir.BoolAttr(x), nil
		case string:
			return mlir.StringAttr(x), nil
		case json.Number:
			n, err := x.Int64()
			return mlir.IntAttr{Value: n, Type: "i64"}, err
		case map[string]any:
			f, ok := x["f"].(json.Number)
			if !ok {
				return nil, fmt.Errorf("bad attribute %v", x)
			}
			g, err := f.Float64()
			return mlir.FloatAttr{Value: g, Type: "f32"}, err
		case []any:
			var out mlir.ArrayAttr
			for _, e := range x {
				a, err := conv(e)
				if err != nil {
					return nil, err
				}
				out = append(out, a)
			}
			return out, nil
		}
		return nil, fmt.Errorf("bad attribute %v", v)
	}
	return conv(v)
}

// TestRefOpGoldens runs every case of testdata/refops, one op over numpy's
// inputs, and compares the results with numpy's within the case's
// tolerances (default: f32 and complex<f32> rtol 1e-6 atol 1e-6, f64 and
// complex<f64> 1e-13 and 1e-14, bf16 and f16 exact after rounding,
// integers exactly). NaN matches NaN; an infinity only itself.
func TestRefOpGoldens(t *testing.T) {
	root, err := golden.Root()
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := filepath.Glob(filepath.Join(root, "refops", "*", "op.json"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no cases under testdata/refops: %v", err)
	}
	sort.Strings(dirs)
	ops := map[string]bool{}
	for _, path := range dirs {
		dir := filepath.Dir(path)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var c refOpCase
			if err := json.Unmarshal(raw, &c); err != nil {
				t.Fatal(err)
			}
			ops[c.Op] = true
			var args []*memref.Tensor
			for i := 0; ; i++ {
				a, err := memref.ReadNPYFile(filepath.Join(dir, fmt.Sprintf("arg%d.npy", i)), 1<<20)
				if os.IsNotExist(err) || (err != nil && strings.Contains(err.Error(), "no such file")) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				args = append(args, a)
			}
			var attrs mlir.DictAttr
			names := make([]string, 0, len(c.Attrs))
			for n := range c.Attrs {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				a, err := refOpAttr(c.Attrs[n])
				if err != nil {
					t.Fatalf("attribute %s: %v", n, err)
				}
				attrs = append(attrs, mlir.NamedAttr{Name: n, Value: a})
			}
			types := make([]mlir.TensorType, len(args))
			for i, a := range args {
				types[i] = typeOf(a)
			}
			g := newGraph(types...)
			operands := make([]*mlir.Value, len(args))
			for i := range args {
				operands[i] = g.arg(i)
			}
			g.line++
			op := &mlir.Op{Name: c.Op, Pos: mlir.Pos{File: "k.mlir", Line: g.line, Col: 8}, Operands: operands, Attrs: attrs}
			for _, r := range c.Results {
				dt, ok := memref.ParseDType(r)
				if !ok {
					t.Fatalf("result type %q", r)
				}
				v := &mlir.Value{ID: g.fn.NumValues, Name: itoa(g.fn.NumValues), Type: mlir.Unranked(dt), Def: op}
				g.fn.NumValues++
				op.Results = append(op.Results, v)
			}
			g.fn.Ops = append(g.fn.Ops, op)
			fn := g.ret(op.Results...)
			got, err := Eval(context.Background(), fn, nil, args)
			if err != nil {
				t.Fatal(err)
			}
			for i := range c.Results {
				want, err := memref.ReadNPYFile(filepath.Join(dir, fmt.Sprintf("result%d.npy", i)), 1<<20)
				if err != nil {
					t.Fatal(err)
				}
				rtol, atol := refOpTolerance(want.DType, c)
				if err := compareRef(got[i], want, rtol, atol); err != nil {
					t.Errorf("result%d: %v", i, err)
				}
			}
		})
	}
}

func refOpTolerance(dt memref.DType, c refOpCase) (rtol, atol float64) {
	switch dt {
	case memref.Float32, memref.Complex64:
		rtol, atol = 1e-6, 1e-6
	case memref.Float64, memref.Complex128:
		rtol, atol = 1e-13, 1e-14
	}
	if c.Rtol != nil {
		rtol = *c.Rtol
	}
	if c.Atol != nil {
		atol = *c.Atol
	}
	return rtol, atol
}

// compareRef compares got with want: same type and shape; floats and each
// part of a complex within |got - want| <= atol + rtol·|want|, NaN
// matching NaN and an infinity only itself; integers and i1 exactly.
func compareRef(got, want *memref.Tensor, rtol, atol float64) error {
	if got.Type() != want.Type() {
		return fmt.Errorf("got %s, want %s", got.Type(), want.Type())
	}
	close := func(g, w float64) bool {
		switch {
		case math.IsNaN(w):
			return math.IsNaN(g)
		case math.IsInf(w, 0):
			return g == w
		}
		return math.Abs(g-w) <= atol+rtol*math.Abs(w)
	}
	g, w := got.Contiguous(), want.Contiguous()
	var bad []string
	for i := 0; i < w.Len(); i++ {
		ok := true
		switch dt := w.DType; {
		case dt.IsComplex():
			gc, wc := g.Complex128At(i), w.Complex128At(i)
			ok = close(real(gc), real(wc)) && close(imag(gc), imag(wc))
			if !ok {
				bad = append(bad, fmt.Sprintf("[%d] got %v want %v", i, gc, wc))
			}
			continue
		case dt.IsFloat():
			ok = close(g.Float64At(i), w.Float64At(i))
		default:
			ok = g.Bits64At(i) == w.Bits64At(i)
		}
		if !ok {
			bad = append(bad, fmt.Sprintf("[%d] got %v want %v", i, g.Float64At(i), w.Float64At(i)))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d of %d elements differ (rtol %g atol %g): %s", len(bad), w.Len(), rtol, atol, strings.Join(bad[:min(5, len(bad))], "; "))
	}
	return nil
}
