package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version prints the module version of pgnls and the Go version it was
// built with.
func version(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "pgnls version: unexpected argument %q\n", args[0])
		return exitUsage
	}
	fmt.Fprintf(stdout, "pgnls %s\n%s %s/%s\n", moduleVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitOK
}

// moduleVersion returns the module version pgnls was built from, or
// "devel".
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
