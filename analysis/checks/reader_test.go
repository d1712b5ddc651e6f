package checks_test

import (
	"path/filepath"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/checks"
)

// TestReaders runs every analyzer over the records of
// testdata/analysis/reader under both CTL-PGN readers; their ERROR@full
// and ERROR@minimal clauses say what each reports.
func TestReaders(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/analysis/reader/*.ctl-pgn")
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	for _, path := range files {
		for _, r := range []analysis.CTLReader{analysis.FullReader, analysis.MinimalReader} {
			t.Run(filepath.Base(path)+"/"+r.String(), func(t *testing.T) {
				analysistest.Run(t, path, &analysis.Config{CTLReader: r}, checks.All...)
			})
		}
	}
}
