package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// gameFiles calls visit for root, when it is a file (whatever its
// extension), or for every game file under root, when it is a directory:
// the files whose names end in .pgn or .ctl-pgn, compressed or not (see
// isGameFile), in lexical order, with
// names starting with "." skipped. Symbolic links are followed, to files
// and to directories, root included; each directory is searched once,
// so a link back to a directory met before does not loop. Errors go to
// report, and the walk goes on.
func gameFiles(root string, visit func(path string, info fs.FileInfo), report func(error)) {
	info, err := os.Stat(root)
	if err != nil {
		report(err)
		return
	}
	if !info.IsDir() {
		visit(root, info)
		return
	}
	w := &walker{visit: visit, report: report}
	w.dir(root, info)
}

// walker is the state of one gameFiles walk.
type walker struct {
	visit  func(string, fs.FileInfo)
	report func(error)
	seen   []fs.FileInfo // the directories searched so far
}

func (w *walker) dir(path string, info fs.FileInfo) {
	for _, s := range w.seen {
		if os.SameFile(s, info) {
			return
		}
	}
	w.seen = append(w.seen, info)
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
		case info.Mode().IsRegular() && isGameFile(e.Name()):
			w.visit(p, info)
		}
	}
}

// isGameFile reports whether a file found in a directory is a game file:
// its name ends in .pgn or .ctl-pgn, or in one of these followed by the
// extension of a compression (games.pgn.gz, games.ctl-pgn.zst).
func isGameFile(name string) bool {
	ext := filepath.Ext(textName(name))
	return strings.EqualFold(ext, ".pgn") || strings.EqualFold(ext, ".ctl-pgn")
}
