package wasm

import (
	"fmt"
	"strings"
)

// FuncType is a function signature.
type FuncType struct {
	Params, Results []ValType
}

func (t FuncType) key() string {
	var b strings.Builder
	for _, p := range t.Params {
		b.WriteByte(byte(p))
	}
	b.WriteByte(0)
	for _, r := range t.Results {
		b.WriteByte(byte(r))
	}
	return b.String()
}

// MemoryImport describes the one memory a module imports.
type MemoryImport struct {
	Module, Name string
	Min          uint32 // pages
	Max          uint32 // pages, when HasMax
	HasMax       bool
	Shared       bool // a shared memory (threads proposal); needs HasMax
}

// Export is one exported function.
type Export struct {
	Name string
	Func *Func
}

// Module is a Wasm module under construction. sandjit's modules import
// exactly one memory, define functions, and export some of them; they have
// no tables, globals, data or start function (see doc.go for why).
type Module struct {
	Memory  *MemoryImport
	Funcs   []*Func
	Exports []Export
}

// NewFunc adds a function with the given signature and returns it.
func (m *Module) NewFunc(name string, params, results []ValType) *Func {
	f := &Func{Name: name, Index: uint32(len(m.Funcs)), Params: params, Results: results}
	m.Funcs = append(m.Funcs, f)
	return f
}

// Export makes f visible under name.
func (m *Module) Export(name string, f *Func) {
	m.Exports = append(m.Exports, Export{Name: name, Func: f})
}

// Func returns the function called name, or nil.
func (m *Module) Func(name string) *Func {
	for _, f := range m.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Exported returns the function exported under name, or nil.
func (m *Module) Exported(name string) *Func {
	for _, e := range m.Exports {
		if e.Name == name {
			return e.Func
		}
	}
	return nil
}

// Encode returns the module in the Wasm binary format. It checks the
// structural invariants the builder cannot (balanced blocks); a failure is a
// bug in the code generator and is returned as an error.
func (m *Module) Encode() ([]byte, error) {
	types, typeIndex := m.types()
	out := []byte{0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00}
	out = appendSection(out, 1, encodeTypeSection(types))
	if m.Memory != nil {
		out = appendSection(out, 2, encodeImportSection(m.Memory))
	}
	out = appendSection(out, 3, encodeFunctionSection(m.Funcs, typeIndex))
	if len(m.Exports) > 0 {
		out = appendSection(out, 7, encodeExportSection(m.Exports))
	}
	code, err := encodeCodeSection(m.Funcs)
	if err != nil {
		return nil, err
	}
	out = appendSection(out, 10, code)
	out = appendSection(out, 0, encodeNameSection(m.Funcs))
	return out, nil
}

// types returns the distinct function types in first-use order and each
// function's type index.
func (m *Module) types() ([]FuncType, []uint32) {
	var types []FuncType
	seen := map[string]uint32{}
	idx := make([]uint32, len(m.Funcs))
	for i, f := range m.Funcs {
		t := FuncType{f.Params, f.Results}
		k := t.key()
		j, ok := seen[k]
		if !ok {
			j = uint32(len(types))
			seen[k] = j
			types = append(types, t)
		}
		idx[i] = j
	}
	return types, idx
}

func checkBalanced(f *Func) error {
	depth := 0
	for _, in := range f.Body {
		switch in.Op {
		case OpBlock, OpLoop, OpIf:
			depth++
		case OpEnd:
			depth--
			if depth < 0 {
				return fmt.Errorf("BUG: wasmgen: function %s: unbalanced end", f.Name)
			}
		}
	}
	if depth != 0 {
		return fmt.Errorf("BUG: wasmgen: function %s: %d unclosed blocks", f.Name, depth)
	}
	return nil
}

// MemoryOnlyModule encodes a module that only exports one memory of the
// given pages as "memory": tests instantiate it as the "env" module the
// generated code imports its memory from.
func MemoryOnlyModule(pages uint32) []byte {
	b := []byte{0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00}
	b = appendSection(b, 5, appendU32([]byte{1, 0x00}, pages))
	exp := appendName(appendU32(nil, 1), "memory")
	b = appendSection(b, 7, append(exp, 0x02, 0x00))
	return b
}
