package wasm

// encodeFunctionSection encodes section 3: each function's type index.
func encodeFunctionSection(funcs []*Func, typeIndex []uint32) []byte {
	b := appendU32(nil, uint32(len(funcs)))
	for i := range funcs {
		b = appendU32(b, typeIndex[i])
	}
	return b
}
