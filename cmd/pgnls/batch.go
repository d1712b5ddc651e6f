package main

import (
	"io"
	"os"

	"github.com/pgnls/pgnls/analysis/input"
)

// batch is what the batch verbs (check, fmt, fix, select) share in a
// run: the memory budget (--memory, else GOMEMLIMIT, else 128 MiB), the
// progress line on a terminal, the standard output and error that
// clear that line before they write, and the inputs read with their
// bytes counted on it.
type batch struct {
	budget   int64
	progress *progress // nil: none
	stdout   io.Writer
	stderr   io.Writer
}

// startBatch starts a run of verb within the budget of --memory mem:
// the progress line shows when stderr is a terminal. Call close at the
// end.
func startBatch(verb string, mem memory, stdout, stderr io.Writer) *batch {
	b := &batch{budget: budget(mem), stdout: stdout, stderr: stderr}
	if b.progress = newProgress(stderr, verb); b.progress != nil {
		setInterruptHook(b.progress.interrupted)
		b.stderr = progressWriter{stderr, b.progress}
		if isTerminal(stdout) {
			b.stdout = progressWriter{stdout, b.progress}
		}
	}
	return b
}

// close erases the progress line, if any.
func (b *batch) close() { b.progress.close() }

// open returns the text of the file at path, as input.Open does, its
// bytes counted by the progress line.
func (b *batch) open(path string) (*input.Text, error) {
	if b.progress == nil {
		return input.Open(path)
	}
	return input.OpenThrough(path, func(f io.Reader, size int64) io.Reader {
		return b.progress.file(path, size, f)
	})
}

// stdin returns the text of standard input, named name, as
// input.NewText does, its bytes counted by the progress line.
func (b *batch) stdin(name string, stdin io.Reader) (*input.Text, error) {
	var size int64
	if f, ok := stdin.(*os.File); ok {
		size = regularSize(f)
	}
	return input.NewText(name, b.progress.file(name, size, stdin))
}

// regularSize returns the size of f when it is a regular file, else 0.
func regularSize(f *os.File) int64 {
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		return fi.Size()
	}
	return 0
}
