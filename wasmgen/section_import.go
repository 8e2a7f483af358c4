package wasmgen

// encodeImportSection encodes section 2: the one imported memory.
func encodeImportSection(mem *MemoryImport) []byte {
	b := appendU32(nil, 1)
	b = appendName(b, mem.Module)
	b = appendName(b, mem.Name)
	b = append(b, 0x02) // memory
	if mem.HasMax {
		b = append(b, 0x01)
		b = appendU32(b, mem.Min)
		b = appendU32(b, mem.Max)
	} else {
		b = append(b, 0x00)
		b = appendU32(b, mem.Min)
	}
	return b
}
