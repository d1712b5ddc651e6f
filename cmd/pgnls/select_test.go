package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis/match"
	"github.com/pgnls/pgnls/syntax"
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
	for _, name := range []string{"--where", "--fen", "--fen-pattern", "--fen-pattern-either", "--pdtl", "--reaches", "--positions-from", "--variations", "--moves", "--material", "--material-white", "--duplicates", "--games", "-v, --invert", "-n", "--matches", "--count", "--locations", "--split", "--split-by", "--name", "-o", "--dialect", "-j, --jobs", "--memory"} {
		if !strings.Contains(out.String(), "\n  "+name+" ") && !strings.Contains(out.String(), "\n  "+name+"\n") {
			t.Errorf("the usage of select does not describe %s", name)
		}
	}
}

// TestSinkPast4GiB: two games of one file are written as they follow
// each other only when the second starts where the first ends, told by
// their 64-bit offsets: past 4 GiB a game's 32-bit Start comes back to
// the values of the games 4 GiB before it, and the sink is not fooled.
func TestSinkPast4GiB(t *testing.T) {
	const first = "[White \"A\"]\n\n1. e4 *"
	game := func(text string, offset int64) match.Selected {
		g := syntax.Parse("f.pgn", text, syntax.PGN).Game(0)
		g.Start = syntax.Pos(int32(uint32(offset)))
		return match.Selected{StreamGame: syntax.StreamGame{GameRef: g, Line: 1}, Name: "f.pgn", Offset: offset}
	}
	for _, tc := range []struct {
		second int64 // the offset of the second game
		want   string
	}{
		{int64(len(first)), first + first},                  // the next game
		{int64(len(first)) + 4<<30, first + "\n\n" + first}, // 4 GiB further: the same Start
		{5<<30 + 7, first + "\n\n" + first},
	} {
		var b strings.Builder
		k := sink{w: &b}
		if err := k.write(game(first, 0)); err != nil {
			t.Fatal(err)
		}
		second := game(first, tc.second)
		if err := k.write(second); err != nil {
			t.Fatal(err)
		}
		if b.String() != tc.want {
			t.Errorf("second game at %d (Start %d): %q, want %q", tc.second, second.Start, b.String(), tc.want)
		}
	}
}
