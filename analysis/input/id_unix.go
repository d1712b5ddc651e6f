//go:build unix

package input

import (
	"io/fs"
	"syscall"
)

// idOf returns the identity of the file at path, which info describes:
// its device and inode.
func idOf(path string, info fs.FileInfo) ID {
	if st, ok := info.Sys().(*syscall.Stat_t); ok && st.Ino != 0 {
		return ID{dev: uint64(st.Dev), ino: uint64(st.Ino)}
	}
	return pathID(path)
}
