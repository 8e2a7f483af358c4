package wasm

// encodeImportSection encodes section 2: the one imported memory.
func encodeImportSection(mem *MemoryImport) []byte {
	b := appendU32(nil, 1)
	b = appendName(b, mem.Module)
	b = appendName(b, mem.Name)
	b = append(b, 0x02) // memory
	switch {
	case mem.Shared:
		b = append(b, 0x03)
		b = appendU32(b, mem.Min)
		b = appendU32(b, mem.Max)
		return b
	case mem.HasMax:
		b = append(b, 0x01)
		b = appendU32(b, mem.Min)
		b = appendU32(b, mem.Max)
	default:
		b = append(b, 0x00)
		b = appendU32(b, mem.Min)
	}
	return b
}
