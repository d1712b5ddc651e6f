//go:build !unix

package ctlgames_test

import "time"

// cpuTime returns 0: the CPU time of the process is not measured here.
func cpuTime() time.Duration { return 0 }
