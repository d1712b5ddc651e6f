// Package spill holds what grows with the number of games when it
// outgrows its memory budget: records sorted on disk (the external sort of
// databases: sorted runs written to temporary files, then merged) and
// append-only files of variable-length data read back by offset.
//
// Its files live in a Dir, a temporary directory made in os.TempDir
// ($TMPDIR on Unix) on first use and removed with everything in it by
// Remove. A program that may be interrupted while it spills calls
// RemoveAll when it receives the signal, before it exits: every Dir not
// removed yet goes.
//
// It owns no knowledge of games: callers give the fixed-size encoding and
// the order of their records (package duplicates is one). It must not
// import the rest of analysis.
package spill

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// Dir is a temporary directory for the files of a process. The zero Dir
// is not usable; use NewDir. It is safe for concurrent use.
type Dir struct {
	mu      sync.Mutex
	path    string // "" until first use
	files   int    // files made so far, to name the next one
	removed bool
}

// dirs are the directories made and not removed yet, for RemoveAll.
var dirs struct {
	sync.Mutex
	live map[*Dir]struct{}
}

// NewDir returns a Dir; nothing is made on disk until a file is.
func NewDir() *Dir { return &Dir{} }

// ErrRemoved is the error of making a file in a Dir removed already (by
// RemoveAll, on an interrupt).
var ErrRemoved = errors.New("spill: the temporary directory was removed")

// Create makes a new empty file in d, and d itself on first use, open for
// reading and writing.
func (d *Dir) Create(kind string) (*os.File, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.removed {
		return nil, ErrRemoved
	}
	if d.path == "" {
		p, err := os.MkdirTemp("", "pgnls-spill-")
		if err != nil {
			return nil, err
		}
		d.path = p
		dirs.Lock()
		if dirs.live == nil {
			dirs.live = make(map[*Dir]struct{})
		}
		dirs.live[d] = struct{}{}
		dirs.Unlock()
	}
	d.files++
	return os.OpenFile(filepath.Join(d.path, kind+"-"+strconv.Itoa(d.files)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
}

// Remove removes the directory and every file in it; files still open
// can be closed after. A Dir removed makes no more files.
func (d *Dir) Remove() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.removed = true
	if d.path == "" {
		return nil
	}
	err := os.RemoveAll(d.path)
	d.path = ""
	dirs.Lock()
	delete(dirs.live, d)
	dirs.Unlock()
	return err
}

// RemoveAll removes every Dir made and not removed yet: what a program
// calls when a signal interrupts it, before it exits.
func RemoveAll() {
	dirs.Lock()
	live := make([]*Dir, 0, len(dirs.live))
	for d := range dirs.live {
		live = append(live, d)
	}
	dirs.Unlock()
	for _, d := range live {
		d.Remove()
	}
}
