package checks_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// corpus returns the PGN and CTL-PGN test files under 512 KB: the shared
// ones beside the repository and the repository's own.
func corpus(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"../../../shared/testdata", "../../testdata"} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".pgn") && !strings.HasSuffix(path, ".ctl-pgn") {
				return nil
			}
			if info, err := d.Info(); err == nil && info.Size() < 512<<10 {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Skip("no test data")
	}
	return files
}

// TestNeedsTokens holds the analyzers to their declarations: each one
// that does not declare NeedsTokens reports exactly the same, with every
// code on, on games parsed without tokens as on the same games parsed
// with them, in each dialect it checks (every file is read in both).
func TestNeedsTokens(t *testing.T) {
	cfg := &analysis.Config{Profile: analysis.ExportProfile} // every code on
	files := corpus(t)
	for _, d := range []syntax.Dialect{syntax.PGN, syntax.CTLPGN} {
		var tokenless []*analysis.Analyzer
		for _, a := range checks.All {
			if !a.NeedsTokens && (a.Dialects == nil || slices.Contains(a.Dialects, d)) {
				tokenless = append(tokenless, a)
			}
		}
		for _, path := range files {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			full := syntax.Parse(path, text, d)
			gr := syntax.NewGameReader(strings.NewReader(text), path, d, false)
			gr.DropTokens()
			i := 0
			for g, ok := gr.Next(); ok; g, ok = gr.Next() {
				if g.Game.Tokens != nil {
					t.Fatalf("%s: DropTokens kept the tokens", path)
				}
				with := full.Game(i).Game
				for _, a := range tokenless {
					got := analysis.Game(g.Game, d, cfg, []*analysis.Analyzer{a})
					want := analysis.Game(with, d, cfg, []*analysis.Analyzer{a})
					if !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
						t.Errorf("%s game %d (%s): analyzer %s, which does not declare NeedsTokens, reports without tokens\n%v\nand with them\n%v", path, i, d, a.Name, got, want)
					}
				}
				i++
			}
			if i != full.NumGames() {
				t.Fatalf("%s (%s): %d games streamed, %d parsed", path, d, i, full.NumGames())
			}
		}
	}
}

// TestNeedsTokensDecision: what CheckStream decides from the
// declarations. By default no analyzer of a PGN game reads its tokens,
// so a streamed check drops them; the glued-token hint (when switched on)
// and the CTL-PGN analyzers read them.
func TestNeedsTokensDecision(t *testing.T) {
	for _, tc := range []struct {
		d    syntax.Dialect
		cfg  *analysis.Config
		want bool
	}{
		{syntax.PGN, analysis.DefaultConfig(), false},
		{syntax.PGN, &analysis.Config{MinSeverity: analysis.Error}, false},
		{syntax.PGN, &analysis.Config{Profile: analysis.ExportProfile}, true},
		{syntax.PGN, &analysis.Config{Profile: analysis.ExportProfile, MinSeverity: analysis.Error}, false},
		{syntax.PGN, &analysis.Config{Severity: map[analysis.Code]analysis.Severity{analysis.CodeGluedToken: analysis.Hint}}, true},
		{syntax.CTLPGN, analysis.DefaultConfig(), true},
		{syntax.CTLPGN, &analysis.Config{CTLReader: analysis.MinimalReader}, true},
	} {
		if got := analysis.NeedsTokens(checks.All, tc.d, tc.cfg); got != tc.want {
			t.Errorf("NeedsTokens(All, %s, %+v) = %v, want %v", tc.d, *tc.cfg, got, tc.want)
		}
	}
}
