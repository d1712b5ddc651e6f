package main

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for s, want := range map[string]int64{
		"128MB": 128 << 20, "128MiB": 128 << 20, "128m": 128 << 20, "2GiB": 2 << 30, "1.5G": 3 << 29,
		"500000000": 500000000, "64 KB": 64 << 10, "1t": 1 << 40, "7B": 7,
	} {
		if got, err := parseSize(s); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "MB", "12XB", "-1M", "1e400", "9999999T"} {
		if got, err := parseSize(s); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", s, got)
		}
	}
}

// TestBudget: --memory is the budget and sets the runtime's limit to it
// less the code's reserve and a sixteenth; without it GOMEMLIMIT (the runtime's limit)
// is the budget, and is left alone; without either, 128 MiB.
func TestBudget(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	limitProcess = true
	defer func() { limitProcess = false }()

	debug.SetMemoryLimit(int64(^uint64(0) >> 1)) // no GOMEMLIMIT: math.MaxInt64 is the runtime's "none"
	if got := budget(0); got != defaultMemory || debug.SetMemoryLimit(-1) != runtimeLimit(defaultMemory) {
		t.Errorf("default: budget %d, limit %d", got, debug.SetMemoryLimit(-1))
	}
	debug.SetMemoryLimit(300 << 20) // as GOMEMLIMIT=300MiB
	if got := budget(0); got != 300<<20 || debug.SetMemoryLimit(-1) != 300<<20 {
		t.Errorf("GOMEMLIMIT: budget %d, limit %d", got, debug.SetMemoryLimit(-1))
	}
	if got := budget(memory(64 << 20)); got != 64<<20 || debug.SetMemoryLimit(-1) != 44<<20 {
		t.Errorf("--memory 64MiB over GOMEMLIMIT: budget %d, limit %d", got, debug.SetMemoryLimit(-1))
	}
}

// TestMemoryFlag: a size too small to run in, or not a size, is a usage
// error.
func TestMemoryFlag(t *testing.T) {
	for _, v := range []string{"16MiB", "lots"} {
		var stderr bytes.Buffer
		if code := run([]string{"check", "--memory", v, "-"}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "memory") {
			t.Errorf("--memory %s: exit %d, %s", v, code, stderr.String())
		}
	}
}
