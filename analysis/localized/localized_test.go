package localized_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/fix"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/localized"
	"github.com/pgnls/pgnls/syntax"
)

// TestRoundTrip writes games of the shared corpus with figurines and in
// every language, then fixes them: every game's movetext comes back in
// SAN as it was (its tags may not: the fixes of the hints, with
// eco-mismatch, may read the ECO tag from the moves as English SAN reads
// them, as Dutch Pf3 is the pawn move f3); the localized moves were
// reported as localized-san.
func TestRoundTrip(t *testing.T) {
	data, err := os.ReadFile("../../../shared/testdata/pgn/big/pgnmentor-Morphy.pgn")
	if err != nil {
		t.Fatalf("%v (check out ../shared beside the repository)", err)
	}
	f := syntax.Parse("morphy.pgn", string(data), syntax.PGN)
	n := 0
	for i, r := range f.Games() {
		if i%10 != 0 {
			continue // a sample: 22 games, each in 16 notations
		}
		want := format.Game(r.Game, syntax.PGN, format.Options{})
		if want.Skipped != "" {
			continue
		}
		for lang := range chess.Languages {
			opts := format.Options{Lang: lang}
			if lang == "en" {
				opts = format.Options{Notation: "figurine"}
			}
			out := format.Game(r.Game, syntax.PGN, opts).Text
			g := syntax.Parse("out.pgn", out, syntax.PGN).Game(0).Game
			reported := 0
			for _, d := range analysis.Game(g, syntax.PGN, nil, checks.All) {
				if d.Code == localized.Code {
					reported++
				}
			}
			fixed := fix.Game(g, syntax.PGN, fix.Options{})
			back := format.Game(syntax.Parse("back.pgn", fixed.Text, syntax.PGN).Game(0).Game, syntax.PGN, format.Options{})
			if movetext(back.Text) != movetext(want.Text) {
				t.Errorf("game %d in %s (%d localized-san) does not fix back:\n%s\n%s", i, lang, reported, out, back.Text)
				continue
			}
			if strings.ContainsAny(want.Text, "NBRQK") != (reported > 0) && lang != "en" {
				t.Errorf("game %d in %s: %d localized-san", i, lang, reported)
			}
			n++
		}
	}
	if n < 200 {
		t.Errorf("only %d games fixed back", n)
	}
}

// TestEnglish: a game in SAN, with an illegal move, gets no
// localized-san.
func TestEnglish(t *testing.T) {
	g := syntax.Parse("x.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bc4 Nf6 5. Ng5 d5 6. Qd8 *\n", syntax.PGN).Game(0).Game
	for _, d := range analysis.Game(g, syntax.PGN, nil, checks.All) {
		if d.Code == localized.Code {
			t.Errorf("%v", d)
		}
	}
}

// TestTranslate reads the letters of each language back, the longest
// first.
func TestTranslate(t *testing.T) {
	ru, _ := localized.Letters("ru")
	fr, _ := localized.Letters("fr")
	fig, _ := localized.Letters("figurine")
	for _, c := range []struct {
		in   string
		l    *chess.Letters
		want string
	}{
		{"Крe2", &ru, "Ke2"}, {"Кf3", &ru, "Nf3"}, {"e8=Ф+", &ru, "e8=Q+"},
		{"Rf1", &fr, "Kf1"}, {"Txe8#", &fr, "Rxe8#"}, {"O-O", &fr, "O-O"}, {"exd6", &fr, "exd6"},
		{"♘f3", &fig, "Nf3"}, {"b8=♕", &fig, "b8=Q"},
	} {
		if got, _ := localized.Translate(c.in, c.l); got != c.want {
			t.Errorf("Translate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if _, ok := localized.Letters("en"); ok {
		t.Error("English is not a localized language")
	}
	if !slices.Contains(localized.Analyzer.Dialects, syntax.PGN) {
		t.Error("the analyzer does not run on PGN")
	}
}

// movetext returns the movetext of a formatted game: what follows the
// blank line after its tags.
func movetext(s string) string {
	_, m, _ := strings.Cut(s, "\n\n")
	return m
}

// TestReadLang: a language set by hand is the only one read. Hf3 is the
// queen's move in Polish (hetman), which inference tries first, and the
// knight's in Hungarian (huszár); "en" reads SAN only.
func TestReadLang(t *testing.T) {
	g := syntax.Parse("x.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Hf3 *\n", syntax.PGN).Game(0).Game
	for _, tc := range []struct{ set, want string }{
		{"", "Qf3"},
		{"auto", "Qf3"},
		{"pl", "Qf3"},
		{"HU", "Nf3"},
		{"en", ""},
		{"de", ""}, // no German reading plays it
	} {
		lang, ok := localized.ParseReadLang(tc.set)
		if !ok {
			t.Fatalf("ParseReadLang(%q) failed", tc.set)
		}
		got := ""
		for _, d := range analysis.Game(g, syntax.PGN, &analysis.Config{ReadLang: lang}, checks.All) {
			if d.Code == localized.Code {
				got = d.Fixes[0].Edits[0].New
			}
		}
		if got != tc.want {
			t.Errorf("ReadLang %q: fix %q, want %q", tc.set, got, tc.want)
		}
	}
	for _, bad := range []string{"xx", "english", "Figurines"} {
		if _, ok := localized.ParseReadLang(bad); ok {
			t.Errorf("ParseReadLang(%q) accepted", bad)
		}
	}
}
