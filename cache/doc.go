// Package cache will hold sandjit's generic content-addressed cache
// (in-memory LRU by size, optional on-disk store, concurrent misses
// computed once, errors remembered). It knows nothing of kernels and
// imports nothing else of sandjit's. It is empty until the specialization
// and caching work lands; the engine compiles on every Compile call.
package cache
