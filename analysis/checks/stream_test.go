package checks_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// TestCheckStreamWithoutTokens: streamed check drops the tokens of PGN
// games when no analyzer that would run needs them (the glued-token hint
// is off by default); it must report exactly what the analysis of the
// whole parse (with tokens) reports, game by game. The analyzers'
// declarations themselves are held by TestNeedsTokens; this checks the
// stream end to end, on the files under 1 MB (the big ones only took
// time: they hold nothing the others do not). The repeated games, which
// a game's own analysis cannot find, are TestRepeatsStream's.
func TestCheckStreamWithoutTokens(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../../shared/testdata/pgn", "../../testdata"} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".pgn") {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Skip("no test data")
	}
	for _, cfg := range []*analysis.Config{{MinSeverity: analysis.Info}, {MinSeverity: analysis.Error}} {
		for _, path := range files {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > 1<<20 {
				continue
			}
			f := syntax.Parse(path, string(data), syntax.PGN)
			fileCodes := map[analysis.Code]bool{} // given with the game where they first apply
			for _, e := range f.FileErrors() {
				fileCodes[analysis.Code(e.Code)] = true
			}
			var want [][]analysis.Diagnostic
			for _, r := range f.Games() {
				want = append(want, analysis.Game(r.Game, syntax.PGN, cfg, checks.All))
			}
			i := 0
			gr := syntax.NewGameReader(strings.NewReader(string(data)), path, syntax.PGN, false)
			checks.CheckStream(context.Background(), gr, cfg, func(g syntax.StreamGame, ds []analysis.Diagnostic) {
				if g.Game.Tokens != nil {
					t.Fatalf("%s: tokens kept", path)
				}
				var game []analysis.Diagnostic
				for _, d := range ds {
					if (d.Source != "syntax" || !fileCodes[d.Code]) && d.Source != "duplicates" {
						game = append(game, d)
					}
				}
				if i < len(want) && !reflect.DeepEqual(game, want[i]) && !(len(game) == 0 && len(want[i]) == 0) {
					t.Fatalf("%s game %d (min %s): streamed %v, whole %v", path, i, cfg.MinSeverity, game, want[i])
				}
				i++
			})
			if i != len(want) {
				t.Fatalf("%s: streamed %d games, whole parse %d", path, i, len(want))
			}
		}
	}
}
