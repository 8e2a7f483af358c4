package engine

import (
	"bytes"
	"slices"
	"weak"

	"github.com/sandjit/sandjit/memref"
)

// specHits are the specializations a JitExecutable ran last, newest first
// (at most maxSpecHits), each under the concrete argument shapes (and the
// contents of the value-constrained arguments) it was looked up for. A run
// whose inputs match one takes a reference to its executable with a few
// compares, instead of resolving the symbolic shapes, hashing the
// specialization's key and looking it up in the runtime's cache (about
// 400 ns, which doubled a tiny kernel's call). The lookup is a function of
// the shapes and those contents alone (specKey), so equal inputs find the
// same executable either way. A list is immutable once published.
type specHits struct {
	hits []*specHit
}

const maxSpecHits = 4

// specHit is one ready specialization and the inputs it was found for.
type specHit struct {
	shapes [][]int
	// vals and dts are the contents and dtypes of the value-constrained
	// arguments, by argument index (nil for the others).
	vals [][]byte
	dts  []memref.DType
	// x is weak, as JitExecutable.def is: the runtime's cache owns
	// executables, and an evicted one fails acquire (or is gone).
	x weak.Pointer[Executable]
}

// matches reports whether inputs have h's shapes and values.
func (h *specHit) matches(inputs []*memref.Tensor) bool {
	if len(inputs) != len(h.shapes) {
		return false
	}
	for i, t := range inputs {
		if t == nil || !slices.Equal(t.Shape, h.shapes[i]) {
			return false
		}
	}
	for i, v := range h.vals {
		if v == nil {
			continue
		}
		t := inputs[i]
		if t.Strides != nil || t.DType != h.dts[i] || len(t.Data) < len(v) || !bytes.Equal(t.Data[:len(v)], v) {
			return false
		}
	}
	return true
}

// knownSpec returns a reference to the ready specialization last run on
// inputs like these, or nil (then the caller looks it up in full). Every
// defTouch-th call returns nil, so that the full lookup keeps a
// specialization in use recently used in the runtime's cache.
func (e *JitExecutable) knownSpec(inputs []*memref.Tensor) *Executable {
	hs := e.specs.Load()
	if hs == nil || e.specRuns.Add(1)%defTouch == 0 {
		return nil
	}
	for _, h := range hs.hits {
		if h.matches(inputs) {
			if x := h.x.Value(); x != nil && x.acquire() {
				return x
			}
			return nil
		}
	}
	return nil
}

// rememberSpec records x, the ready specialization for inputs (whose
// value-constrained arguments' contiguous contents are values, by
// argument index), at the front of the list.
func (e *JitExecutable) rememberSpec(x *Executable, inputs, values []*memref.Tensor) {
	for i, v := range values {
		if v != nil && v != inputs[i] {
			return // a strided argument, copied: it would never match
		}
	}
	old := e.specs.Load()
	w := weak.Make(x)
	if old != nil && len(old.hits) > 0 && old.hits[0].x == w && old.hits[0].matches(inputs) {
		return // already first (a touch of the cache, see knownSpec)
	}
	h := &specHit{shapes: make([][]int, len(inputs)), x: w}
	for i, t := range inputs {
		h.shapes[i] = slices.Clone(t.Shape)
	}
	for i, v := range values {
		if v == nil {
			continue
		}
		if h.vals == nil {
			h.vals, h.dts = make([][]byte, len(values)), make([]memref.DType, len(values))
		}
		// Never nil, even for an empty tensor: nil means "not a value".
		h.vals[i] = append([]byte{}, v.Data[:v.Len()*v.DType.Size()]...)
		h.dts[i] = v.DType
	}
	next := &specHits{hits: []*specHit{h}}
	if old != nil {
		for _, o := range old.hits {
			if len(next.hits) == maxSpecHits {
				break
			}
			if !o.matches(inputs) {
				next.hits = append(next.hits, o)
			}
		}
	}
	// A racing run may publish its own list at the same time: either is
	// fine (a lost entry is looked up in full next time).
	e.specs.Store(next)
}
