//go:build unix

package ctlgames_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time, user and system, that the process has
// used so far, or 0 if it cannot be known.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
