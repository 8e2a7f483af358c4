//go:build !unix

package bench

import "time"

// cpuTime is 0 where there is no getrusage: CPU times read as 0.
func cpuTime() time.Duration { return 0 }
