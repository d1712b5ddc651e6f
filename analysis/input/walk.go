package input

import (
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"
)

// A File is a game file that a Walker found.
type File struct {
	// Path is the file's name as the walk reached it: the root given,
	// or a root directory joined with the names below it.
	Path string
	// Info describes the file, symbolic links followed: its size and
	// modification time among others.
	Info fs.FileInfo
	// ID is the file's identity, the same under every name.
	ID ID
}

// A Walker finds the game files of paths, each file once: a file named
// twice, reached again through a link (symbolic or hard) or by another
// directory is yielded only the first time, and each directory is
// searched once, so that a link back to a directory met before does not
// loop. Files and directories are told apart by their identity (ID), not
// their names. The zero Walker is not usable; call NewWalker.
type Walker struct {
	seen map[ID]bool // the files and directories met so far
}

// NewWalker returns a Walker that has met no file yet.
func NewWalker() *Walker { return &Walker{seen: map[ID]bool{}} }

// Walk yields root, when it is a file (whatever its extension), or
// every game file under root, when it is a directory: the files whose
// names end in .pgn or .ctl-pgn, compressed or not (see IsGameFile), in
// lexical order, with names starting with "." skipped. Symbolic links
// are followed, to files and to directories, root included. A file or
// directory that this Walker met before, under any name and by any
// earlier Walk, is skipped. An error (a path that cannot be read) is
// yielded with a zero File, and the walk goes on.
func (w *Walker) Walk(root string) iter.Seq2[File, error] {
	return func(yield func(File, error) bool) {
		info, err := os.Stat(root)
		if err != nil {
			yield(File{}, err)
			return
		}
		if !info.IsDir() {
			if id, ok := w.first(root, info); ok {
				yield(File{Path: root, Info: info, ID: id}, nil)
			}
			return
		}
		w.dir(root, info, yield)
	}
}

// first returns the identity of the file or directory at path, which
// info describes, and reports whether it is met for the first time; it
// records it.
func (w *Walker) first(path string, info fs.FileInfo) (ID, bool) {
	id := IDOf(path, info)
	if w.seen[id] {
		return id, false
	}
	w.seen[id] = true
	return id, true
}

// dir yields the game files under the directory at path, which info
// describes; it returns false when yield asked to stop.
func (w *Walker) dir(path string, info fs.FileInfo, yield func(File, error) bool) bool {
	if _, ok := w.first(path, info); !ok {
		return true
	}
	entries, err := os.ReadDir(path)
	if err != nil && !yield(File{}, err) {
		return false
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(path, e.Name())
		if !e.IsDir() && !IsGameFile(e.Name()) && e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		info, err := os.Stat(p) // follows a link
		if err != nil {
			if !yield(File{}, err) {
				return false
			}
			continue
		}
		switch {
		case info.IsDir():
			if !w.dir(p, info, yield) {
				return false
			}
		case info.Mode().IsRegular() && IsGameFile(e.Name()):
			if id, ok := w.first(p, info); ok && !yield(File{Path: p, Info: info, ID: id}, nil) {
				return false
			}
		}
	}
	return true
}

// An ID identifies a file or directory, whatever name reaches it: by its
// device and inode where the system tells them, else by its absolute
// path, cleaned and with symbolic links resolved. IDs are comparable, to
// be map keys.
type ID struct {
	dev, ino uint64
	path     string
}

// IDOf returns the identity of the file at path, which info (from
// os.Stat) describes.
func IDOf(path string, info fs.FileInfo) ID { return idOf(path, info) }

// pathID is the identity of the file at path by its path alone.
func pathID(path string) ID {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		path = p
	}
	if p, err := filepath.Abs(path); err == nil {
		path = p
	}
	return ID{path: filepath.Clean(path)}
}

// IsGameFile reports whether a file found in a directory is a game file:
// its name ends in .pgn or .ctl-pgn, or in one of these followed by the
// extension of a compression (games.pgn.gz, games.ctl-pgn.zst).
func IsGameFile(name string) bool {
	ext := filepath.Ext(TextName(name))
	return strings.EqualFold(ext, ".pgn") || strings.EqualFold(ext, ".ctl-pgn")
}
