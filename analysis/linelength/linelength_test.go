package linelength_test

import (
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/linelength"
)

func TestLines(t *testing.T) {
	analysistest.Run(t, "../../testdata/analysis/linelength/lines.pgn", nil, linelength.Analyzer)
}

func TestLimitsOff(t *testing.T) {
	cfg := &analysis.Config{LineLength: -1, MaxLineLength: -1}
	_, all := analysistest.Run(t, "../../testdata/analysis/linelength/nolimits.pgn", cfg, linelength.Analyzer)
	if len(all) != 1 || len(all[0]) != 0 {
		t.Errorf("got %v, want no diagnostics with limits off", all)
	}
}
