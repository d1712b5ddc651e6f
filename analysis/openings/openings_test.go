package openings_test

import (
	"flag"
	"testing"

	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/openings"
	"github.com/pgnls/pgnls/syntax"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/openings/openings.pgn", *update, nil, openings.Analyzer)
}

// TestData: every line of the data set replays from the start, its
// last position is named after it (or after an earlier line reaching the
// same position), and every ECO code has names.
func TestData(t *testing.T) {
	all := openings.All()
	if len(all) != 3807 {
		t.Errorf("%d openings read, want the data set's 3807", len(all))
	}
	for _, l := range "ABCDE" {
		for n := range 100 {
			code := string(l) + string(rune('0'+n/10)) + string(rune('0'+n%10))
			if len(openings.ByCode(code)) == 0 {
				t.Errorf("no opening named for %s", code)
			}
		}
	}
	for i := range all {
		o := &all[i]
		f := syntax.Parse("line.pgn", o.Moves+" *", syntax.PGN)
		l := openings.Classify(f.Game(0).Game)
		if l == nil || l.Opening() == nil || l.Opening().Moves != o.Moves && l.Opening().Name != o.Name && o.Plies <= l.Opening().Plies {
			t.Errorf("%s %s: %s: classified as %v", o.ECO, o.Name, o.Moves, l.Opening())
		}
	}
}

// TestClassify: well-known lines, and transpositions, get their names.
func TestClassify(t *testing.T) {
	for _, tt := range []struct{ moves, eco, name string }{
		{"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6", "B90", "Sicilian Defense: Najdorf Variation"},
		// The Najdorf by another move order.
		{"1. e4 c5 2. Nf3 d6 3. d4 Nf6 4. Nc3 cxd4 5. Nxd4 a6", "B90", "Sicilian Defense: Najdorf Variation"},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6", "C65", "Ruy Lopez: Berlin Defense"},
		// The last named position counts, not the deepest.
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. d4 Nd6 6. Bxc6 dxc6 7. dxe5 Nf5 8. Qxd8+ Kxd8 9. Nc3", "C67", "Ruy Lopez: Berlin Defense, l'Hermet Variation, Berlin Wall Defense"},
		// Transpositions into the Queen's Gambit Declined.
		{"1. Nf3 d5 2. c4 e6 3. d4 Nf6 4. Nc3", "D37", "Queen's Gambit Declined: Three Knights Variation"},
		{"1. c4 e6 2. Nc3 d5 3. d4 Nf6", "D35", "Queen's Gambit Declined: Normal Defense"},
		{"1. d4 Nf6 2. c4 e6 3. Nc3 d5", "D35", "Queen's Gambit Declined: Normal Defense"},
	} {
		f := syntax.Parse("line.pgn", tt.moves+" *", syntax.PGN)
		l := openings.Classify(f.Game(0).Game)
		if o := l.Opening(); o == nil || o.ECO != tt.eco || o.Name != tt.name {
			t.Errorf("%s: classified as %v, want %s %s", tt.moves, o, tt.eco, tt.name)
		}
	}
}
