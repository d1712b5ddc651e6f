//go:build !unix

package input

import (
	"io/fs"
	"os"
)

// writable reports whether the user may write the file info describes.
func writable(_ string, info fs.FileInfo) bool { return info.Mode().Perm()&0o222 != 0 }

// sameOwner reports whether tmp may replace the file info describes by a
// rename; without Unix owners, it may.
func sameOwner(*os.File, fs.FileInfo) bool { return true }
