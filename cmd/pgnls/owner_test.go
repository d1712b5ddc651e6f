//go:build unix

package main

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteKeepsOwner: fmt -w keeps the owner and group of a file that
// belongs to another user (which only root can make here).
func TestWriteKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("giving a file another owner needs root")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "other.pgn")
	if err := os.WriteFile(path, []byte("[Event \"E\"]\n\n1.e4 *\n"), 0o664); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o664); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(path, 65534, 65533); err != nil {
		t.Fatal(err)
	}
	if code := fmtVerb([]string{"-w", path}, nil, io.Discard, io.Discard); code != exitOK {
		t.Fatalf("fmt -w exited %d", code)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := info.Sys().(*syscall.Stat_t)
	if st.Uid != 65534 || st.Gid != 65533 || info.Mode().Perm() != 0o664 {
		t.Errorf("after fmt -w: owner %d:%d, mode %v; want 65534:65533, -rw-rw-r--", st.Uid, st.Gid, info.Mode())
	}
	if data, _ := os.ReadFile(path); string(data[:12]) != "[Event \"E\"]\n" || len(data) < 80 {
		t.Errorf("not formatted: %q", data)
	}
}
