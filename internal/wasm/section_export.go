package wasm

// encodeExportSection encodes section 7: exported functions by name.
func encodeExportSection(exports []Export) []byte {
	b := appendU32(nil, uint32(len(exports)))
	for _, e := range exports {
		b = appendName(b, e.Name)
		b = append(b, 0x00) // func
		b = appendU32(b, e.Func.Index)
	}
	return b
}
