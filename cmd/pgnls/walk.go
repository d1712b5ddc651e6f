package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// walker finds the game files of the paths named on the command line,
// each file once: a file named twice, reached again through a link
// (symbolic or hard) or by another directory is visited only the first
// time, and each directory is searched once, so a link back to a
// directory met before does not loop. Files and directories are told
// apart by their identity (fileID), not their names.
type walker struct {
	visit  func(path string, info fs.FileInfo)
	report func(error)
	seen   map[fileID]bool // the files and directories met so far
}

// newWalker returns a walker that calls visit for each game file and
// report for each error.
func newWalker(visit func(path string, info fs.FileInfo), report func(error)) *walker {
	return &walker{visit: visit, report: report, seen: map[fileID]bool{}}
}

// walk calls visit for root, when it is a file (whatever its
// extension), or for every game file under root, when it is a directory:
// the files whose names end in .pgn or .ctl-pgn, compressed or not (see
// isGameFile), in lexical order, with names starting with "." skipped.
// Symbolic links are followed, to files and to directories, root
// included. A file or directory met before, under any name, is skipped.
// Errors go to report, and the walk goes on.
func (w *walker) walk(root string) {
	info, err := os.Stat(root)
	if err != nil {
		w.report(err)
		return
	}
	if !info.IsDir() {
		if w.first(root, info) {
			w.visit(root, info)
		}
		return
	}
	w.dir(root, info)
}

// first reports whether the file or directory at path, which info
// describes, is met for the first time, and records it.
func (w *walker) first(path string, info fs.FileInfo) bool {
	id := idOf(path, info)
	if w.seen[id] {
		return false
	}
	w.seen[id] = true
	return true
}

func (w *walker) dir(path string, info fs.FileInfo) {
	if !w.first(path, info) {
		return
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		w.report(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(path, e.Name())
		if !e.IsDir() && !isGameFile(e.Name()) && e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		info, err := os.Stat(p) // follows a link
		if err != nil {
			w.report(err)
			continue
		}
		switch {
		case info.IsDir():
			w.dir(p, info)
		case info.Mode().IsRegular() && isGameFile(e.Name()) && w.first(p, info):
			w.visit(p, info)
		}
	}
}

// fileID identifies a file or directory: by its device and inode where
// the system tells them (inode 0: not told), else by its absolute path,
// cleaned and with symbolic links resolved.
type fileID struct {
	dev, ino uint64
	path     string
}

// pathID is the identity of the file at path by its path alone.
func pathID(path string) fileID {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		path = p
	}
	if p, err := filepath.Abs(path); err == nil {
		path = p
	}
	return fileID{path: filepath.Clean(path)}
}

// isGameFile reports whether a file found in a directory is a game file:
// its name ends in .pgn or .ctl-pgn, or in one of these followed by the
// extension of a compression (games.pgn.gz, games.ctl-pgn.zst).
func isGameFile(name string) bool {
	ext := filepath.Ext(textName(name))
	return strings.EqualFold(ext, ".pgn") || strings.EqualFold(ext, ".ctl-pgn")
}
