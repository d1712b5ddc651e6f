package analysis_test

import (
	"flag"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestSyntaxFixes: an evaluation symbol becomes its NAG, punctuation
// between moves goes (fixes.pgn.golden).
func TestSyntaxFixes(t *testing.T) {
	analysistest.RunWithFixes(t, "../testdata/analysis/layout/fixes.pgn", *update, nil)
}

func TestLayout(t *testing.T) {
	analysistest.Run(t, "../testdata/analysis/layout/glued.pgn", nil, analysis.Layout)
}

// TestLayoutMinSeverity checks that hints are skipped when the caller
// asks only for more severe diagnostics.
func TestLayoutMinSeverity(t *testing.T) {
	cfg := &analysis.Config{MinSeverity: analysis.Info}
	_, all := analysistest.Run(t, "../testdata/analysis/layout/noglued.pgn", cfg, analysis.Layout)
	for _, ds := range all {
		for _, d := range ds {
			if d.Severity > analysis.Info {
				t.Errorf("got %s %s with MinSeverity info", d.Severity, d.Code)
			}
		}
	}
}
