package format_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/format"
)

// TestBrokenAt: a game left as it was says where the problem is, so that
// fmt, fix and the language server can name the line and column of the
// move (or the error, tag or result) that stopped it, not the game's
// first line.
func TestBrokenAt(t *testing.T) {
	const ctl = "[Variant \"C'escacs\"]\n"
	for _, tc := range []struct {
		name, text string
		filter     bool
		at         string // the text at Result.At
		why        string // a part of Result.Skipped
	}{
		{"illegal move", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n", false, "Ke3", "move Ke3 is not legal"},
		{"illegal move in a variation", "[Event \"x\"]\n\n1. e4 (1. d4 d5 2. Kd3) e5 *\n", false, "Kd3", "move Kd3 is not legal"},
		{"syntax error", "[Event \"x\"]\n\n1. e4 e5 {never closed\n", false, "{never", "syntax error"},
		{"invalid FEN", "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n", false, "\"8/8/8", "FEN"},
		{"result tag against the result", "[Result \"1-0\"]\n\n1. e4 e5 0-1\n", false, "0-1\n", "disagree"},
		{"ctl illegal move", ctl + "\n1. H6-H12, I23-I19\n2. EE5-E11, I19-I17\n*\n", false, "EE5-E11", "move EE5-E11 is not legal"},
		{"ctl not valid UTF-8", ctl + "\n1. H6-H12 {caf\xe9}\n*\n", false, "\xe9", "not valid UTF-8"},
		{"filter: not CTL-AN", ctl + "\n1. H6-H12, Q99-Q98\n*\n", true, "Q99-Q98", "not well-formed CTL-AN"},
		{"filter: syntax error", ctl + "\n1. H6-H12 {never closed\n", true, "{never", "syntax error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := parse("test.pgn", tc.text)
			g := f.Game(0).Game
			var res format.Result
			if tc.filter {
				res = format.Filter(g, f.Dialect)
			} else {
				res = format.Game(g, f.Dialect, format.Options{})
			}
			if !res.Broken || !strings.Contains(res.Skipped, tc.why) {
				t.Fatalf("result %+v, want broken for %q", res, tc.why)
			}
			if got := g.Text[res.At:]; !strings.HasPrefix(got, tc.at) {
				t.Errorf("At %d points at %q, want %q", res.At, got[:min(len(got), 12)], tc.at)
			}
		})
	}
}

// TestEditsLeftAt: the games formatting leaves say, file-absolute, where
// their problem is.
func TestEditsLeftAt(t *testing.T) {
	text := "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n"
	f := parse("test.pgn", text)
	_, left := format.Edits(context.Background(), f, format.Options{}, 0, f.NumGames())
	if len(left) != 1 || left[0].Index != 1 {
		t.Fatalf("left %+v, want the second game", left)
	}
	if got := text[left[0].At:]; !strings.HasPrefix(got, "Ke3") {
		t.Errorf("At %d points at %q, want Ke3", left[0].At, got[:min(len(got), 12)])
	}
}
