package ctllegality_test

import (
	"flag"
	"testing"

	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/ctllegality"
)

var update = flag.Bool("update", false, "rewrite the .golden files")

const dir = "../../testdata/analysis/ctllegality/"

func TestMoves(t *testing.T) {
	analysistest.RunWithFixes(t, dir+"moves.ctl-pgn", *update, nil, ctllegality.Analyzer)
}

// TestChecks runs the check indicators of spec §11 Examples 16-20 (and
// their wrong variants) from the PDTLs given there.
func TestChecks(t *testing.T) {
	analysistest.RunWithFixes(t, dir+"checks.ctl-pgn", *update, nil, ctllegality.Analyzer)
}

// TestExamples plays the worked examples of spec §11 about move legality
// (Examples 3-15 and the rule-faithful answers of Example 24) from the
// PDTLs given there, in the specified spelling.
func TestExamples(t *testing.T) {
	analysistest.RunWithFixes(t, dir+"examples.ctl-pgn", *update, nil, ctllegality.Analyzer)
}

// TestNumbers checks the move numbers, ellipses and commas of the pairs.
func TestNumbers(t *testing.T) {
	analysistest.RunWithFixes(t, dir+"numbers.ctl-pgn", *update, nil, ctllegality.Analyzer)
}

// TestResults checks the result line against the Result tag and the
// final position (spec §11 Examples 20-22), and the end marks.
func TestResults(t *testing.T) {
	analysistest.RunWithFixes(t, dir+"results.ctl-pgn", *update, nil, ctllegality.Analyzer)
}

// TestEnd checks the moves written after the end of the game (a mate,
// a stalemate, an automatic draw), in the main line and in variations,
// and the end mark after a mate.
func TestEnd(t *testing.T) {
	analysistest.RunWithFixes(t, dir+"end.ctl-pgn", *update, nil, ctllegality.Analyzer)
}

// TestTags checks the start position (PDTL, DPTL), the alphabet
// (Redefine, FAN) and the Variant tag.
func TestTags(t *testing.T) {
	analysistest.RunWithFixes(t, dir+"tags.ctl-pgn", *update, nil, ctllegality.Analyzer)
}
