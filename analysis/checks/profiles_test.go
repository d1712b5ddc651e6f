package checks_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// TestProfileSeverities checks, on every game file of the repository's
// and the shared test data, the severity each code is reported at under
// both profiles against the catalogue (docs/DIAGNOSTICS.md): a layout
// code is never reported under the default profile and always as a
// warning under export; any other code is reported alike under both,
// and at the catalogue's severity, except the few codes whose severity
// depends on what they find (listed below as their documentation in the
// catalogue says; a code that stops varying must leave the list).
func TestProfileSeverities(t *testing.T) {
	// varies: codes reported at more than one severity, by context.
	varies := map[analysis.Code]string{
		"ctl-site-format": "a hint, a warning when the value is clearly wrong (empty, a two-letter code)",
		"ctl-pdtl-form":   "a warning, a hint for an ambiguous scornful record or the U+2010 hyphen of the prose",
		"missing-result":  "an error, a warning in CTL-PGN, whose records often end with '#' or ':'",
	}
	info := map[analysis.Code]analysis.CodeInfo{}
	for _, e := range checks.Catalogue() {
		info[e.Code] = e.CodeInfo
	}
	var files []string
	for _, root := range []string{"../../testdata", "../../../shared/testdata"} {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".pgn") || strings.HasSuffix(path, ".ctl-pgn")) && !strings.Contains(path, "/big/") {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 100 {
		t.Fatalf("only %d files found (is ../shared beside the repository?)", len(files))
	}
	seen := map[analysis.Profile]map[analysis.Code][]analysis.Severity{}
	where := map[string]string{} // "profile code severity" -> an example
	for _, p := range []analysis.Profile{analysis.DefaultProfile, analysis.ExportProfile} {
		seen[p] = map[analysis.Code][]analysis.Severity{}
		cfg := &analysis.Config{Profile: p, MinSeverity: analysis.Hint}
		for _, path := range files {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			gr := syntax.NewGameReader(strings.NewReader(text), path, syntax.DetectDialect(path, text), false)
			checks.CheckStream(context.Background(), gr, cfg, func(_ syntax.StreamGame, ds []analysis.Diagnostic) {
				for _, d := range ds {
					if !slices.Contains(seen[p][d.Code], d.Severity) {
						seen[p][d.Code] = append(seen[p][d.Code], d.Severity)
						where[fmt.Sprint(p, d.Code, d.Severity)] = path
					}
				}
			})
		}
	}
	def, exp := seen[analysis.DefaultProfile], seen[analysis.ExportProfile]
	for code, sevs := range exp {
		ci, ok := info[code]
		switch {
		case !ok:
			t.Errorf("%s: reported, but not in the catalogue", code)
		case ci.Layout:
			if len(def[code]) > 0 {
				t.Errorf("%s: a layout code reported under the default profile (%s)", code, where[fmt.Sprint(analysis.DefaultProfile, code, def[code][0])])
			}
			if len(sevs) != 1 || sevs[0] != analysis.Warning {
				t.Errorf("%s: a layout code reported at %v under export, want warning", code, sevs)
			}
		default:
			slices.Sort(sevs)
			d := slices.Sorted(slices.Values(def[code]))
			if !slices.Equal(sevs, d) {
				t.Errorf("%s: reported at %v under export but %v under default", code, sevs, d)
			}
			if _, ok := varies[code]; ok {
				if len(sevs) < 2 {
					t.Errorf("%s: listed as varying but reported only at %v: take it off the list", code, sevs)
				}
			} else if len(sevs) != 1 || sevs[0] != ci.In(analysis.ExportProfile) {
				t.Errorf("%s: reported at %v, the catalogue says %v (e.g. %s)", code, sevs, ci.In(analysis.ExportProfile), where[fmt.Sprint(analysis.ExportProfile, code, sevs[0])])
			}
		}
	}
	for code := range def {
		if _, ok := exp[code]; !ok {
			t.Errorf("%s: reported under the default profile only", code)
		}
	}
}
