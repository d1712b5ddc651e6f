package checks_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/internal/duplicatestest"
	"github.com/pgnls/pgnls/syntax"
)

// TestRepeatsStream: a streamed check finds the repeated games that the
// check of the whole text finds (duplicatestest.File), at the same places
// and with the same messages, when it can read the text again; and it
// finds them across streams, naming the other stream.
func TestRepeatsStream(t *testing.T) {
	// Two real files with near-duplicates (truncated copies before and
	// after their games), and the test data of package duplicates (with
	// games of the same moves and other players).
	files := []string{
		"../../../shared/testdata/pgn/big/pgnmentor-Lasker.pgn",
		"../../../shared/testdata/pgn/big/pgnmentor-Morphy.pgn",
		"../../testdata/analysis/duplicates/games.pgn",
		"../../testdata/analysis/duplicates/players.pgn",
	}
	cfg := &analysis.Config{MinSeverity: analysis.Info}
	found := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		f := syntax.Parse(path, text, syntax.PGN)
		var want []string
		for _, d := range duplicatestest.File(f, cfg) {
			pos := f.Position(d.Span.Start)
			want = append(want, describe(pos.Line, d))
		}
		got := streamRepeats(t, checks.NewRepeats(), path, text, cfg)
		if !slices.Equal(got, want) {
			t.Errorf("%s: streamed\n%s\nwhole text\n%s", path, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		found += len(want)
	}
	if found < 10 {
		t.Errorf("only %d repeated games found in the test data", found)
	}

	// Across streams: the second copy of a file repeats the first.
	path := "../../testdata/analysis/duplicates/games.pgn"
	data, _ := os.ReadFile(path)
	rep := checks.NewRepeats()
	streamRepeats(t, rep, "a.pgn", string(data), cfg)
	got := streamRepeats(t, rep, "b.pgn", string(data), cfg)
	games, dups, near := rep.Counts()
	if len(got) != games/2 || !strings.Contains(got[0], "duplicate of a.pgn game 1 (line 1)") {
		t.Errorf("second stream: %d repeated games of %d, first %q", len(got), games/2, got[0])
	}
	if dups+near != games/2+len(streamRepeats(t, checks.NewRepeats(), path, string(data), cfg)) {
		t.Errorf("counts: %d games, %d duplicates, %d near-duplicates", games, dups, near)
	}
}

// streamRepeats checks text as stream name with rep, text read again by
// offset, and returns its repeated games as describe writes them.
func streamRepeats(t *testing.T, rep *checks.Repeats, name, text string, cfg *analysis.Config) []string {
	t.Helper()
	rep.Stream(name, func(off int64, n int) (string, bool) { return text[off : off+int64(n)], true })
	gr := syntax.NewGameReader(strings.NewReader(text), name, syntax.PGN, false)
	var out []string
	checks.CheckStreamRepeats(context.Background(), gr, 0, cfg, nil, rep, func(g syntax.StreamGame, ds []analysis.Diagnostic) {
		for _, d := range ds {
			if d.Source == "duplicates" {
				line := g.Line + g.Game.Line(d.Span.Start)
				out = append(out, describe(line, d))
			}
		}
	})
	return out
}

// describe writes a repeated game's diagnostic with its line.
func describe(line int, d analysis.Diagnostic) string {
	return fmt.Sprintf("%d: %s %s: %s", line, d.Severity, d.Code, d.Message)
}
