package nag

import (
	"testing"

	"github.com/pgnls/pgnls/analysis"
)

func TestTable(t *testing.T) {
	for _, tc := range []struct {
		n      int
		text   string
		source Source
	}{
		{0, "null annotation", Standard},
		{1, "good move (traditional \"!\")", Standard},
		{7, "forced move (all others lose quickly)", Standard},
		{13, "unclear position", Standard},
		{19, "Black has a decisive advantage", Standard},
		{139, "Black has severe time control pressure", Standard},
		{146, "novelty", Informant},
		{200, "", Unassigned},
		{255, "without", Scid},
	} {
		got, ok := Lookup(tc.n)
		if !ok || got.Text != tc.text || got.Source != tc.source {
			t.Errorf("Lookup(%d) = %+v, %v; want %q from %v", tc.n, got, ok, tc.text, tc.source)
		}
	}
	for _, n := range []int{-1, 256} {
		if _, ok := Lookup(n); ok {
			t.Errorf("Lookup(%d) ok, want out of range", n)
		}
	}
	for n := 0; n < 140; n++ {
		if i, _ := Lookup(n); i.Text == "" {
			t.Errorf("standard NAG $%d has no text", n)
		}
	}
}

func TestGlyphs(t *testing.T) {
	for g, n := range map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6} {
		if Glyphs[g] != n || GlyphFor(n) != g {
			t.Errorf("glyph %q <-> $%d broken", g, n)
		}
	}
	if Glyphs["◇"] != 7 || GlyphFor(7) != "" {
		t.Error("◇ must map to $7 without being PGN's spelling of $7")
	}
	if !IsMoveAssessment(4) || IsMoveAssessment(10) {
		t.Error("IsMoveAssessment wrong")
	}
	if got, _ := Lookup(14); got.Title() != "$14: White has a slight advantage (⩲)" {
		t.Errorf("Title = %q", got.Title())
	}
}

// TestEvalSymbols: the evaluation symbols the syntax fixes turn into
// NAGs name the NAGs of this table (the Unicode ones are its glyphs).
func TestEvalSymbols(t *testing.T) {
	for sym, n := range analysis.EvalSymbols {
		info, _ := Lookup(n)
		g := info.Symbol
		if g == "" {
			t.Errorf("%q: $%d has no symbol", sym, n)
		}
		if sym[0] >= 0x80 && g != sym {
			t.Errorf("%q: $%d's symbol is %q", sym, n, g)
		}
	}
}
