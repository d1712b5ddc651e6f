package legality_test

import (
	"flag"
	"testing"

	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/legality"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestMoves(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/legality/moves.pgn", *update, nil, legality.Analyzer)
}

func TestResults(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/legality/results.pgn", *update, nil, legality.Analyzer)
}

func TestParseVariant(t *testing.T) {
	for v, want := range map[string]legality.Variant{
		"": legality.Standard, "Standard": legality.Standard, "From Position": legality.Standard,
		"Chess960": legality.Chess960, "chess 960": legality.Chess960, "fischerandom": legality.Chess960, "Fischer Random": legality.Chess960,
		"crazyhouse": legality.Unchecked, "Antichess": legality.Unchecked, "atomic": legality.Unchecked,
	} {
		if got := legality.ParseVariant(v); got != want {
			t.Errorf("ParseVariant(%q) = %d, want %d", v, got, want)
		}
	}
}

func TestFEN(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/legality/fen.pgn", *update, nil, legality.Analyzer)
}
