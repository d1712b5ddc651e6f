package checks_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/checks"
)

// TestReaders runs every analyzer over the records of
// testdata/analysis/reader under both CTL-PGN readers; their ERROR@full
// and ERROR@minimal clauses say what each reports, and NAME.full.golden
// and NAME.minimal.golden hold the diagnostics in full (-update rewrites
// them).
func TestReaders(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/analysis/reader/*.ctl-pgn")
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	for _, path := range files {
		for _, r := range []analysis.CTLReader{analysis.FullReader, analysis.MinimalReader} {
			t.Run(filepath.Base(path)+"/"+r.String(), func(t *testing.T) {
				f, all := analysistest.Run(t, path, &analysis.Config{CTLReader: r}, checks.All...)
				var b strings.Builder
				for gi, ds := range all {
					b.WriteString(analysistest.Describe(f, gi, ds))
				}
				golden := strings.TrimSuffix(path, ".ctl-pgn") + "." + r.String() + ".golden"
				if updating() {
					if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with -update)", err)
				}
				if b.String() != string(want) {
					t.Errorf("diagnostics differ from %s:\n%s", golden, b.String())
				}
			})
		}
	}
}
