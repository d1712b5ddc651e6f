package input

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplace: Commit puts the new text in place keeping the mode,
// through a symbolic link (which stays a link) and into a file with
// another hard link (which sees the new text); Close without Commit
// leaves the file as it was; no temporary file remains.
func TestReplace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.pgn")
	if err := os.WriteFile(path, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	replace := func(name, text string, commit bool) {
		t.Helper()
		info, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Replace(name, info)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Write([]byte(text)); err != nil {
			t.Fatal(err)
		}
		if commit {
			if err := r.Commit(); err != nil {
				t.Fatal(err)
			}
		}
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
	}
	want := func(name, text string) {
		t.Helper()
		data, err := os.ReadFile(name)
		if err != nil || string(data) != text {
			t.Errorf("%s: %q, %v; want %q", name, data, err, text)
		}
	}

	replace(path, "new", false)
	want(path, "old")
	replace(path, "new", true)
	want(path, "new")
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o640 {
		t.Errorf("mode after Commit: %v, %v; want -rw-r-----", info.Mode(), err)
	}

	link := filepath.Join(dir, "link.pgn")
	if err := os.Symlink("a.pgn", link); err == nil {
		replace(link, "through the link", true)
		want(path, "through the link")
		if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link", link)
		}
	}
	hard := filepath.Join(dir, "hard.pgn")
	if err := os.Link(path, hard); err == nil {
		replace(path, "both names", true)
		want(hard, "both names")
	}

	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".pgnls-") {
			t.Errorf("temporary file %s left", e.Name())
		}
	}
}

// TestReplaceNotWritable: a file without write permission is not
// replaced, even for a user (root) whom the system would let write it.
func TestReplaceNotWritable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ro.pgn")
	if err := os.WriteFile(path, []byte("old"), 0o444); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := Replace(path, info); err != ErrNotWritable {
		if r != nil {
			r.Close()
		}
		t.Errorf("Replace of a read-only file: %v; want ErrNotWritable", err)
	}
}
