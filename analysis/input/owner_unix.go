//go:build unix

package input

import (
	"io/fs"
	"os"
	"syscall"
)

// writable reports whether the user may write the file at path, which
// info describes: a file without any write permission is not written,
// even by a user the system would let through.
func writable(path string, info fs.FileInfo) bool {
	return info.Mode().Perm()&0o222 != 0 && syscall.Access(path, 2 /* W_OK */) == nil
}

// sameOwner gives tmp the owner and group of the file info describes,
// when it can, and reports whether tmp may replace that file by a rename:
// it has them, and the file has no other hard link that would keep the
// old text.
func sameOwner(tmp *os.File, info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	if st.Nlink > 1 {
		return false
	}
	ti, err := tmp.Stat()
	if err != nil {
		return false
	}
	if tt, ok := ti.Sys().(*syscall.Stat_t); ok && tt.Uid == st.Uid && tt.Gid == st.Gid {
		return true
	}
	return tmp.Chown(int(st.Uid), int(st.Gid)) == nil
}
