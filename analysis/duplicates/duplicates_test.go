package duplicates_test

import (
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/syntax"
)

// check finds the repeated games of f, fingerprinting each game.
func check(f *syntax.File, cfg *analysis.Config) []analysis.Diagnostic {
	return duplicates.File(f, cfg, func(i int) (duplicates.Fingerprint, bool) {
		return duplicates.Of(f.Game(i).Game, f.Dialect)
	})
}

func TestFile(t *testing.T) {
	for _, name := range []string{"games.pgn", "players.pgn"} {
		analysistest.RunFile(t, "../../testdata/analysis/duplicates/"+name, nil, check)
	}
}
