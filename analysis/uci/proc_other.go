//go:build !unix

package uci

import "os/exec"

// detach leaves the engine in the driver's process group where there
// are no process groups to choose.
func detach(*exec.Cmd) {}
