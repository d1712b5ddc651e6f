package format_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/syntax"
)

// TestEditsMatchFile checks that per-game formatting edits, applied, give
// what format.File prints, for the corpora of the repository and the
// shared quirky files; that games left as they were get no edit; and that
// formatting a run of games changes nothing outside it.
func TestEditsMatchFile(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../testdata/format/*", "../../testdata/format/ctl/*", "../../testdata/syntax/*/*.pgn", "../../../shared/testdata/ctl-pgn/*.ctl-pgn", "../../../shared/testdata/pgn/quirky/*.pgn"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil || strings.HasSuffix(name, ".golden") || len(data) > 64<<10 {
			continue // the formatter's own tests cover big files
		}
		text := string(data)
		f := syntax.Parse(name, text, syntax.DetectDialect(name, text))
		opts := format.Options{Width: 60}
		edits, _ := format.Edits(context.Background(), f, opts, 0, f.NumGames())
		if got, want := syntax.ApplyEdits(text, edits), format.File(f, opts); got != want {
			t.Errorf("%s: per-game formatting differs from format.File", name)
			continue
		}
		// At most one edit per game, each within its game's text (an
		// insertion at a game's end, of the line ends after it, may also
		// read as one at the next game's start).
		prev := -1
		for _, e := range edits {
			g := f.GameAt(e.Start)
			if e.Start == e.End && g > prev+1 && f.Game(g).Start == e.Start {
				g--
			}
			if g <= prev || e.Start < f.Game(g).Start || e.End > f.Game(g).End() {
				t.Errorf("%s: edit %d-%d is not the one edit of a game", name, e.Start, e.End)
			}
			prev = g
		}
		l := format.NewLayout(f.Dialect, func(start syntax.Pos, old, new string) {
			i := f.GameAt(start)
			r := f.Game(i)
			if res := format.Game(r.Game, f.Dialect, opts); res.Skipped != "" && !strings.HasPrefix(new, r.Game.Text) {
				t.Errorf("%s: game %d, which cannot be formatted (%s), was edited", name, i, res.Skipped)
			}
		})
		for _, r := range f.Games() {
			l.Add(r.Start, r.Game, format.Game(r.Game, f.Dialect, opts))
		}
		l.Flush()
		// A random run of games formats like the whole file does there.
		if n := f.NumGames(); n > 1 {
			from := rng.IntN(n)
			to := from + 1 + rng.IntN(n-from)
			edits, _ := format.Edits(context.Background(), f, opts, from, to)
			got := syntax.ApplyEdits(text, edits)
			if !strings.HasPrefix(got, text[:f.Game(from).Start]) || !strings.HasSuffix(got, text[f.Game(to-1).End():]) {
				t.Errorf("%s: formatting games [%d, %d) changed text outside them", name, from, to)
			}
		}
	}
	if len(files) < 20 {
		t.Fatalf("only %d corpus files found (is ../shared beside the repository?)", len(files))
	}
}
