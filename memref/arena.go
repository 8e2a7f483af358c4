package memref

// Arena is a placeholder; the real allocator is being written.
type Arena struct{}
