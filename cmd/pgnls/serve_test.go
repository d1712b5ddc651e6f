package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestIndexBudget: the server's workspace index takes a quarter of
// --memory, else of GOMEMLIMIT, else of 32 MiB, and leaves the runtime's
// memory limit as it was.
func TestIndexBudget(t *testing.T) {
	old := debug.SetMemoryLimit(math.MaxInt64)
	defer debug.SetMemoryLimit(old)
	if got := indexBudget(0); got != 8<<20 {
		t.Errorf("without --memory or GOMEMLIMIT: %d, want 8 MiB", got)
	}
	if got := indexBudget(memory(256 << 20)); got != 64<<20 {
		t.Errorf("--memory 256MiB: %d, want 64 MiB", got)
	}
	debug.SetMemoryLimit(1 << 30) // as GOMEMLIMIT=1GiB sets it
	if got := indexBudget(0); got != 256<<20 {
		t.Errorf("GOMEMLIMIT=1GiB: %d, want 256 MiB", got)
	}
	if got := indexBudget(memory(64 << 20)); got != 16<<20 {
		t.Errorf("--memory 64MiB with GOMEMLIMIT: %d, want 16 MiB (--memory wins)", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<30 {
		t.Errorf("the runtime's limit became %d", got)
	}
}
