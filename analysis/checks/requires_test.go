package checks_test

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/syntax"
)

// TestRequiresAlone holds the analyzers to their Requires: each one of
// the registry, and the fingerprints of package duplicates, run alone
// on the games of the corpus; one that requires others reports what it
// reports in a run of them all, and the fingerprint is the one worked
// out from the game alone (duplicates.Of). An analyzer that reads a result (the legality
// analyzer's main line, ctllegality's unjudged stretches) without
// requiring its analyzer panics here (analysis.Result.Of), where it used
// to replay the game a second time unseen; and the driver runs a
// required analyzer once (TestRequires in package analysis).
func TestRequiresAlone(t *testing.T) {
	cfg := &analysis.Config{Profile: analysis.ExportProfile} // every code on
	required := 0
	for _, a := range checks.All {
		required += len(a.Requires)
	}
	if required == 0 {
		t.Fatal("no analyzer of the registry requires another: nothing is tested")
	}
	everyone := append(slices.Clip(checks.All), duplicates.Fingerprinter)
	for _, path := range corpus(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []syntax.Dialect{syntax.PGN, syntax.CTLPGN} {
			f := syntax.Parse(path, string(data), d)
			for i := range min(f.NumGames(), 50) {
				g := f.Game(i).Game
				all, pass := analysis.Run(g, d, cfg, everyone)
				for _, a := range checks.All {
					var want []analysis.Diagnostic
					for _, x := range all {
						if x.Source == a.Name {
							want = append(want, x)
						}
					}
					var got []analysis.Diagnostic
					func() {
						defer func() {
							if r := recover(); r != nil {
								t.Fatalf("%s game %d (%s): analyzer %s alone panics: %v", path, i, d, a.Name, r)
							}
						}()
						for _, x := range analysis.Game(g, d, cfg, []*analysis.Analyzer{a}) {
							if x.Source == a.Name {
								got = append(got, x)
							}
						}
					}()
					if len(a.Requires) > 0 && !reflect.DeepEqual(got, want) {
						t.Errorf("%s game %d (%s): analyzer %s alone reports\n%v\nand with the others\n%v", path, i, d, a.Name, got, want)
					}
				}
				_, alone := analysis.Run(g, d, cfg, []*analysis.Analyzer{duplicates.Fingerprinter})
				fp, ok := duplicates.Of(g, d)
				for _, p := range []*analysis.Pass{pass, alone} {
					if got := duplicates.FingerprintResult.Of(p); fmt.Sprint(got) != fmt.Sprint(duplicates.Print{Fingerprint: fp, OK: ok}) {
						t.Errorf("%s game %d (%s): fingerprint %v, want %v %v", path, i, d, got, fp, ok)
					}
				}
			}
		}
	}
}
