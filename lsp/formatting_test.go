package lsp

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

// applyAll applies ordered, non-overlapping edits with offsets in text.
func applyAll(t *testing.T, text string, edits []syntax.Edit) string {
	t.Helper()
	var b strings.Builder
	at := syntax.Pos(0)
	for _, e := range edits {
		if e.Start < at || e.End < e.Start {
			t.Fatalf("edits out of order or overlapping: %+v", edits)
		}
		b.WriteString(text[at:e.Start])
		b.WriteString(e.New)
		at = e.End
	}
	b.WriteString(text[at:])
	return b.String()
}

func TestDiffEdits(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		edits int
	}{
		{"", "", 0},
		{"a\nb\nc\n", "a\nb\nc\n", 0},
		{"a\nb\nc\n", "a\nB\nc\n", 1},
		{"a\nb\nc\nd\ne\n", "A\nb\nc\nd\nE\n", 2},
		{"x\n", "", 1},
		{"", "x\n", 1},
		{"1. e4 e5\n2. Nf3\n", "1. e4 e5 2. Nf3\n", 1},
		{"é\n", "è\n", 1},
		{"a\r\nb\r\n", "a\r\nc\r\n", 1},
		{"[A \"🩐\"]\n[B \"x\"]\n", "[B \"x\"]\n[A \"🩐\"]\n", 2},
	} {
		edits := diffEdits(tc.a, tc.b)
		if got := applyAll(t, tc.a, edits); got != tc.b {
			t.Errorf("diffEdits(%q, %q) = %+v, applied %q", tc.a, tc.b, edits, got)
		}
		if len(edits) != tc.edits {
			t.Errorf("diffEdits(%q, %q) = %d edits %+v, want %d", tc.a, tc.b, len(edits), edits, tc.edits)
		}
		for _, e := range edits {
			for _, p := range []syntax.Pos{e.Start, e.End} {
				if !boundary(tc.a, int(p)) {
					t.Errorf("diffEdits(%q, %q): edit %+v splits a character or CRLF", tc.a, tc.b, e)
				}
			}
		}
	}
	// An edit inside one line touches only the bytes that change.
	edits := diffEdits("1. e4 e5 2. Ng1f3 *\n", "1. e4 e5 2. Nf3 *\n")
	if len(edits) != 1 || edits[0].End-edits[0].Start != 2 || edits[0].New != "" {
		t.Errorf("one-line edit = %+v, want the deletion of \"g1\"", edits)
	}
}

// FuzzDiffEdits checks that the edits always turn a into b.
func FuzzDiffEdits(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nx\nc\n")
	f.Add("é🩐\r\n", "è🩐\n")
	f.Fuzz(func(t *testing.T, a, b string) {
		if got := applyAll(t, a, diffEdits(a, b)); got != b {
			t.Fatalf("diffEdits(%q, %q) applied gives %q", a, b, got)
		}
	})
}

// TestFormatGamesMatchesFile checks that per-game formatting, applied,
// gives what format.File prints, for the corpora of the repository, and
// that games left as they were get no edit.
func TestFormatGamesMatchesFile(t *testing.T) {
	var files []string
	for _, pat := range []string{"../testdata/format/*", "../testdata/format/ctl/*", "../testdata/syntax/*/*.pgn", "../../shared/testdata/ctl-pgn/*.ctl-pgn", "../../shared/testdata/pgn/quirky/*.pgn"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("no corpus found")
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
		edits := formatEdits(context.Background(), f, opts, 0, f.NumGames())
		if got, want := applyAll(t, text, edits), format.File(f, opts); got != want {
			t.Errorf("%s: per-game formatting differs from format.File", name)
			continue
		}
		for _, g := range formatGames(context.Background(), f, opts, 0, f.NumGames()) {
			r := f.Game(g.index)
			if res := format.Game(r.Game, f.Dialect, opts); res.Skipped != "" && !strings.HasPrefix(g.text, r.Game.Text) {
				t.Errorf("%s: game %d, which cannot be formatted (%s), was edited", name, g.index, res.Skipped)
			}
		}
		// A random run of games formats like the whole file does there.
		if n := f.NumGames(); n > 1 {
			from := rng.IntN(n)
			to := from + 1 + rng.IntN(n-from)
			got := applyAll(t, text, formatEdits(context.Background(), f, opts, from, to))
			if !strings.HasPrefix(got, text[:f.Game(from).Start]) || !strings.HasSuffix(got, text[f.Game(to-1).End():]) {
				t.Errorf("%s: formatting games [%d, %d) changed text outside them", name, from, to)
			}
		}
	}
}
