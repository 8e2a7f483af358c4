package wasm

// encodeTypeSection encodes section 1: the function types.
func encodeTypeSection(types []FuncType) []byte {
	b := appendU32(nil, uint32(len(types)))
	for _, t := range types {
		b = append(b, 0x60)
		b = appendU32(b, uint32(len(t.Params)))
		for _, p := range t.Params {
			b = append(b, byte(p))
		}
		b = appendU32(b, uint32(len(t.Results)))
		for _, r := range t.Results {
			b = append(b, byte(r))
		}
	}
	return b
}
