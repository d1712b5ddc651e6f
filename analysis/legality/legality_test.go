package legality_test

import (
	"flag"
	"slices"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/syntax"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestMoves(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/legality/moves.pgn", *update, nil, legality.Analyzer)
}

func TestResults(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/legality/results.pgn", *update, nil, legality.Analyzer)
}

func TestVariants(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/legality/variants.pgn", *update, nil, legality.Analyzer)
}

func TestFEN(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/legality/fen.pgn", *update, nil, legality.Analyzer)
}

// TestNullMoveSetting: every null-move spelling (--, Z0 and the UCI 0000)
// is a null-move diagnostic, so one severity setting governs them all.
func TestNullMoveSetting(t *testing.T) {
	cfg := &analysis.Config{Severity: map[analysis.Code]analysis.Severity{legality.CodeNullMove: analysis.Error}}
	f := syntax.Parse("n.pgn", "1. e4 -- 2. d4 Z0 3. c4 0000 *\n", syntax.PGN)
	var got []string
	for _, d := range analysis.Game(f.Game(0).Game, syntax.PGN, cfg, []*analysis.Analyzer{legality.Analyzer}) {
		if d.Code == legality.CodeNullMove {
			got = append(got, d.Severity.String()+" "+f.Game(0).Game.Slice(d.Span))
		}
	}
	if want := []string{"error --", "error Z0", "error 0000"}; !slices.Equal(got, want) {
		t.Errorf("null moves with null-move set to error: got %q, want %q", got, want)
	}
}

// TestDraws: fivefold repetition and the 75-move rule, on python-chess's
// documented example and its variations, in chess and Chess960.
func TestDraws(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/legality/draws.pgn", *update, nil, legality.Draws)
}
