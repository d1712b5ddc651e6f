package openings

import (
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// TestSelfClassification: every named line of the data set classifies
// to itself, its position compared with the side to move, castling
// rights and en passant square (the data set's EPD), and its own ECO
// code agrees with it (no eco-mismatch).
func TestSelfClassification(t *testing.T) {
	all := All()
	for i := range all {
		o := &all[i]
		f := syntax.Parse("line.pgn", o.Moves+" *", syntax.PGN)
		l := Classify(f.Game(0).Game, CodeSet(o.ECO))
		if got := l.Opening(); got != o {
			t.Errorf("%s %s (%s): classified as %v", o.ECO, o.Name, o.Moves, got)
		}
		if !l.Agrees(0) {
			t.Errorf("%s %s (%s): its own code does not agree", o.ECO, o.Name, o.Moves)
		}
	}
}
