//go:build unix

package uci

import (
	"os/exec"
	"syscall"
)

// detach puts the engine in a process group of its own, so that the
// interrupt a terminal sends to the foreground group (Ctrl-C) reaches
// the program that drives it, which stops it, and not the engine.
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
