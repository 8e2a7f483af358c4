// Package cache is sandjit's generic content-addressed cache. It knows
// nothing of kernels and imports nothing else of sandjit's.
//
// It takes keys (SHA-256 digests of whatever determines a value; NewKey
// builds one from parts) and compute functions. It gives:
//
//   - Cache: in memory, bounded by the total size of its entries (least
//     recently used evicted first), safe for concurrent use. Concurrent
//     misses for one key compute once and the other callers wait for that
//     result (singleflight); a computation every caller has stopped
//     waiting for is cancelled (its context) and not kept; a failed
//     computation is remembered as its error; counters (Stats) say how it
//     is used.
//   - Disk: blobs on disk that survive a restart, written atomically (a
//     temporary file renamed into place) and verified on every read (magic,
//     format version, key, length, SHA-256): a corrupt or foreign file is
//     deleted and reported as a miss, never returned.
//
// It is not a distributed cache, and Disk protects against accidents (bit
// rot, partial writes, another program's files), not against someone who
// can write its directory.
package cache
