package wasm

// encodeNameSection encodes the custom "name" section (function names), so
// that traps and profiles name our functions.
func encodeNameSection(funcs []*Func) []byte {
	b := appendName(nil, "name")
	var sub []byte
	sub = appendU32(sub, uint32(len(funcs)))
	for _, f := range funcs {
		sub = appendU32(sub, f.Index)
		sub = appendName(sub, f.Name)
	}
	b = append(b, 0x01) // function names
	b = appendU32(b, uint32(len(sub)))
	return append(b, sub...)
}
