package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/pgnls/pgnls/analysis/spill"
)

// defaultMemory is the budget of the batch verbs' peak resident memory
// without --memory or GOMEMLIMIT.
const defaultMemory = 128 << 20

// codeReserve is the part of the budget left out of the Go runtime's
// memory limit: the program's code and read-only data, resident when
// used, which the runtime does not count.
const codeReserve = 16 << 20

// memory is the value of --memory: a size in bytes, 0 when not given.
type memory int64

func (m *memory) String() string {
	if *m == 0 {
		return ""
	}
	return strconv.FormatInt(int64(*m), 10)
}

func (m *memory) Set(s string) error {
	n, err := parseSize(s)
	if err != nil {
		return err
	}
	if n < 2*codeReserve {
		return fmt.Errorf("%s is too little to run in (at least %dMiB)", s, 2*codeReserve>>20)
	}
	*m = memory(n)
	return nil
}

// memoryFlag defines --memory SIZE on fl.
func memoryFlag(fl *flag.FlagSet) *memory {
	m := new(memory)
	fl.Var(m, "memory", "")
	return m
}

// parseSize reads a size: a number of bytes, with an optional unit B,
// K, KB, KiB, M, MB, MiB, G, GB, GiB, T, TB or TiB (case aside), all
// powers of 1024 as GOMEMLIMIT's and sort -S's ("128MB" is 128 MiB).
func parseSize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.TrimSpace(t[i:])
	}
	shift := -1
	for k, names := range [][]string{{"", "b"}, {"k", "kb", "kib"}, {"m", "mb", "mib"}, {"g", "gb", "gib"}, {"t", "tb", "tib"}} {
		for _, n := range names {
			if unit == n {
				shift = 10 * k
			}
		}
	}
	v, err := strconv.ParseFloat(num, 64)
	if shift < 0 || err != nil || v < 0 {
		return 0, errors.New("want a size such as 128MB, 2GiB or 500000000")
	}
	v *= float64(int64(1) << shift)
	if v >= math.MaxInt64 {
		return 0, errors.New("the size is too large")
	}
	return int64(v), nil
}

// budget returns the memory budget of a batch verb given --memory m (0:
// not given), and sets the Go runtime's memory limit to it: the budget
// less codeReserve and a margin (runtimeLimit). Without --memory, a
// GOMEMLIMIT in the environment is the runtime's limit as it says, and
// the budget; else the budget is defaultMemory.
func budget(m memory) int64 {
	if m == 0 {
		if limit := debug.SetMemoryLimit(-1); limit != math.MaxInt64 {
			return limit // GOMEMLIMIT
		}
		m = defaultMemory
	}
	if limitProcess {
		debug.SetMemoryLimit(runtimeLimit(int64(m)))
	}
	return int64(m)
}

// runtimeLimit returns the Go runtime's memory limit for a budget of m
// bytes: m less codeReserve and a sixteenth of m, the room the collector
// needs when it falls behind the allocation on a busy machine (the limit
// is soft: select --duplicates peaked at 121 MiB of a 128 MiB budget with
// the cores to itself, at 134 MiB in a CI run beside other test
// processes).
func runtimeLimit(m int64) int64 { return m - codeReserve - m/16 }

// limitProcess tells budget to set the runtime's memory limit, which is
// the process's: main sets it, tests that run a verb in their own
// process do not.
var limitProcess bool

// fingerprintShare is the part of the budget that what grows with the
// number of games takes before it spills to disk: the fingerprints of
// duplicate detection, or, with --fingerprints, those written too.
func fingerprintShare(budget int64) int64 { return budget / 4 }

// The temporary files of the process, removed when it exits (cleanup)
// or is interrupted.
var temps struct {
	sync.Mutex
	dir   *spill.Dir
	files map[string]bool // files made beside their targets (fmt -w)
}

// tempDir returns the process's directory of spilled data, made in
// $TMPDIR on first use.
func tempDir() *spill.Dir {
	temps.Lock()
	defer temps.Unlock()
	if temps.dir == nil {
		temps.dir = spill.NewDir()
	}
	return temps.dir
}

// tempFile records a temporary file made elsewhere, to remove if the
// process is interrupted before it is renamed or removed (untempFile).
func tempFile(path string) {
	temps.Lock()
	defer temps.Unlock()
	if temps.files == nil {
		temps.files = map[string]bool{}
	}
	temps.files[path] = true
}

// untempFile forgets a file recorded by tempFile.
func untempFile(path string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.files, path)
}

// cleanup removes the temporary files of the process.
func cleanup() {
	spill.RemoveAll()
	temps.Lock()
	defer temps.Unlock()
	for f := range temps.files {
		os.Remove(f)
	}
	temps.files = nil
}

// onInterrupt makes SIGINT and SIGTERM remove the temporary files and
// end the process, with the status a shell gives a process the signal
// killed (128 + its number), after calling before (runInterruptHook:
// the progress line is cleared).
func onInterrupt(before func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-ch
		if before != nil {
			before()
		}
		cleanup()
		code := 130
		if s, ok := sig.(syscall.Signal); ok {
			code = 128 + int(s)
		}
		os.Exit(code)
	}()
}

// interruptHook is what onInterrupt calls first: the progress line of
// the run clears itself.
var interruptHook struct {
	sync.Mutex
	f func()
}

func setInterruptHook(f func()) {
	interruptHook.Lock()
	interruptHook.f = f
	interruptHook.Unlock()
}

func runInterruptHook() {
	interruptHook.Lock()
	f := interruptHook.f
	interruptHook.Unlock()
	if f != nil {
		f()
	}
}
