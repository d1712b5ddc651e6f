package input

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWalkerOnce: a walker visits each game file once, in the order
// the paths reach them, however they are reached: named again, through
// a symbolic or a hard link, by a directory holding it or a link to it,
// or by a directory reached twice.
func TestWalkerOnce(t *testing.T) {
	dir := t.TempDir()
	write := func(name string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte("1. e4 *\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.pgn")
	write("games/b.pgn")
	write("games/c.pgn")
	links := map[string]string{ // symbolic links: name -> target
		"link.pgn":        "a.pgn",
		"games/a.pgn":     "../a.pgn",
		"games/back":      "..",
		"games.link":      "games",
		"games/other.pgn": "c.pgn",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	hard := filepath.Join(dir, "hard.pgn")
	hasHard := os.Link(filepath.Join(dir, "a.pgn"), hard) == nil

	var got []string
	w := NewWalker()
	for _, p := range []string{"games", "a.pgn", "link.pgn", "hard.pgn", "games.link", "./games/../a.pgn", "games/b.pgn"} {
		if p == "hard.pgn" && !hasHard {
			continue
		}
		for f, err := range w.Walk(filepath.Join(dir, p)) {
			if err != nil {
				t.Error(err)
				continue
			}
			if f.ID != IDOf(f.Path, f.Info) || f.Info.Size() != 8 {
				t.Errorf("%s: ID %+v, size %d", f.Path, f.ID, f.Info.Size())
			}
			rel, _ := filepath.Rel(dir, f.Path)
			got = append(got, filepath.ToSlash(rel))
		}
	}
	// games/a.pgn is a.pgn; games/back is dir, whose games/ was searched;
	// games/other.pgn is games/c.pgn.
	want := []string{"games/a.pgn", "games/b.pgn", "games/c.pgn"}
	if !slices.Equal(got, want) {
		t.Errorf("visited %q, want %q", got, want)
	}
}

// TestPathID: without inodes, a file is known by its absolute path,
// cleaned, with symbolic links resolved.
func TestPathID(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.pgn")
	if err := os.WriteFile(a, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	same := []string{filepath.Join(dir, "sub", "..", "a.pgn"), filepath.Join(dir, ".", "a.pgn")}
	if err := os.Symlink("a.pgn", filepath.Join(dir, "link.pgn")); err == nil {
		same = append(same, filepath.Join(dir, "link.pgn"))
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, a); err == nil {
			same = append(same, rel)
		}
	}
	want := pathID(a)
	for _, p := range same {
		if got := pathID(p); got != want {
			t.Errorf("pathID(%q) = %+v, want %+v", p, got, want)
		}
	}
	if got := pathID(filepath.Join(dir, "sub")); got == want {
		t.Errorf("pathID of another file = %+v, the same as a.pgn's", got)
	}
}

// TestWalkErrorsAndStop: a path that cannot be read is yielded as an
// error and the walk goes on; a loop that stops early stops the walk.
func TestWalkErrorsAndStop(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.pgn", "b.pgn.gz", "c.txt", ".hidden.pgn", "d.ctl-pgn"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("missing.pgn", filepath.Join(dir, "broken.pgn")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	var got []string
	var errs int
	for f, err := range NewWalker().Walk(dir) {
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("error %v, want a missing file", err)
			}
			errs++
			continue
		}
		got = append(got, filepath.Base(f.Path))
	}
	if want := []string{"a.pgn", "b.pgn.gz", "d.ctl-pgn"}; !slices.Equal(got, want) || errs != 1 {
		t.Errorf("visited %q and %d errors, want %q and the broken link", got, errs, want)
	}
	for f, err := range NewWalker().Walk(filepath.Join(dir, "missing")) {
		if err == nil || f.Path != "" {
			t.Errorf("a missing root: %+v, %v", f, err)
		}
	}
	n := 0
	for range NewWalker().Walk(dir) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("%d files after a break", n)
	}
}
