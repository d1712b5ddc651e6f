package duplicates_test

import (
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/internal/duplicatestest"
	"github.com/pgnls/pgnls/syntax"
)

// check finds the repeated games of f, fingerprinting each game.
func check(f *syntax.File, cfg *analysis.Config) []analysis.Diagnostic {
	return duplicatestest.File(f, cfg)
}

func TestFile(t *testing.T) {
	for _, name := range []string{"games.pgn", "players.pgn"} {
		analysistest.RunFile(t, "../../testdata/analysis/duplicates/"+name, nil, check)
	}
}
