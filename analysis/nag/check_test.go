package nag_test

import (
	"testing"

	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/nag"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, "../../testdata/analysis/nag/nags.pgn", nil, nag.Analyzer)
}
