package input

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNotWritable is the error of Replace for a file without any write
// permission, or that the user may not write: it is left as it is, even
// where the system would let the user through.
var ErrNotWritable = errors.New("the file is not writable")

// A Replacement is the new text of a file, written into a temporary file
// beside it, which Commit puts in the file's place. Writing the text of
// a Text back keeps the file's encoding; compressed files are not
// rewritten (their compression level, frames and header fields would
// change, and bzip2 has no encoder in Go's library).
type Replacement struct {
	target string      // the file rewritten: the path, links resolved
	info   fs.FileInfo // of target
	tmp    *os.File
}

// Replace starts replacing the file at path, which info (from os.Stat,
// links followed) describes. Through symbolic links the file itself is
// rewritten, and the links stay. The caller writes the new text, then
// calls Commit to put it in place, and Close in any case, which removes
// the temporary file if it was not committed.
func Replace(path string, info fs.FileInfo) (*Replacement, error) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, err
	}
	if !writable(target, info) {
		return nil, ErrNotWritable
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".pgnls-*")
	if err != nil {
		return nil, err
	}
	return &Replacement{target: target, info: info, tmp: tmp}, nil
}

// TempName returns the path of the temporary file, for a caller that
// removes it itself when a signal ends the process before Close.
func (r *Replacement) TempName() string { return r.tmp.Name() }

// Write writes p to the new text.
func (r *Replacement) Write(p []byte) (int, error) { return r.tmp.Write(p) }

// Commit makes the text written the text of the file, keeping its mode,
// owner and group: by renaming the temporary file over it, atomically,
// when the new file can take its owner and group and it has no other
// hard link (which would keep the old text); else by copying the text
// into it.
func (r *Replacement) Commit() error {
	tmp, info := r.tmp, r.info
	if err := tmp.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return err
	}
	if sameOwner(tmp, info) {
		if err := tmp.Close(); err != nil {
			return err
		}
		return os.Rename(tmp.Name(), r.target)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	out, err := os.OpenFile(r.target, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, tmp)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// Close removes the temporary file, unless Commit renamed it into
// place; the file replaced is left as it is if Commit was not called.
func (r *Replacement) Close() error {
	r.tmp.Close() // closed already after a rename
	err := os.Remove(r.tmp.Name())
	if errors.Is(err, fs.ErrNotExist) {
		return nil // renamed
	}
	return err
}
