package nag_test

import (
	"flag"
	"testing"

	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/nag"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithFixes(t, "../../testdata/analysis/nag/nags.pgn", *update, nil, nag.Analyzer)
}
