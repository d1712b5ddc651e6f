package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/testscript"
)

// crlf SRC DST writes the text file SRC to DST with CRLF line ends, so
// that scripts can hold files written on Windows.
func crlfCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: crlf SRC DST")
	}
	text := strings.ReplaceAll(ts.ReadFile(args[0]), "\n", "\r\n")
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(text), 0o644))
}

// TestSelectUsage: the usage of select fits in 79 columns and names
// every flag select defines.
func TestSelectUsage(t *testing.T) {
	for line := range strings.SplitSeq(selectUsage, "\n") {
		if n := utf8.RuneCountInString(strings.ReplaceAll(line, "\t", "        ")); n > 79 {
			t.Errorf("usage line of %d columns: %q", n, line)
		}
	}
	var out, errb bytes.Buffer
	selectVerb([]string{"-h"}, nil, &out, &errb)
	for _, name := range []string{"--where", "--fen", "--fen-pattern", "--fen-pattern-either", "--pdtl", "--reaches", "--positions-from", "--variations", "--moves", "--material", "--material-white", "--duplicates", "--games", "-v, --invert", "-n", "--matches", "--count", "--locations", "--split", "--split-by", "--name", "-o", "--dialect", "-j, --jobs"} {
		if !strings.Contains(out.String(), "\n  "+name+" ") && !strings.Contains(out.String(), "\n  "+name+"\n") {
			t.Errorf("the usage of select does not describe %s", name)
		}
	}
}
