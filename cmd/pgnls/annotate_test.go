package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pgnls/pgnls/analysis/uci/ucitest"
)

// TestAnnotateProgress: on a terminal, annotate draws the progress line
// of the file and clears it at the end; the output is the annotated
// file.
func TestAnnotateProgress(t *testing.T) {
	t.Setenv(ucitest.EnvVar, "1") // the engine: this binary, as the fake
	file := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(file, []byte(strings.Repeat("1. e4 e5 2. Nf3 Nc6 *\n\n", 4)), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration) { progressDelay = d }(progressDelay)
	progressDelay = 0
	term := &fakeTerminal{}
	var out bytes.Buffer
	if code := run([]string{"annotate", "--engine", os.Args[0], "--depth", "2", file}, nil, &out, term); code != exitOK {
		t.Fatalf("exit %d: %s", code, term.String())
	}
	if got := term.String(); !strings.Contains(got, "pgnls annotate: ") || !strings.Contains(got, "games.pgn") || !strings.Contains(got, "evaluated 16 moves") {
		t.Errorf("on a terminal: %q", got)
	}
	if n := strings.Count(out.String(), "[%eval"); n != 16 {
		t.Errorf("%d evaluations written, want 16:\n%s", n, out.String())
	}
}
