package ctllegality_test

import (
	"flag"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/syntax"
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

// TestMatePlusColon checks a mate written "+:": the check mark's fix
// writes '#', and the end mark, then redundant, is deleted by its own
// fix (the two edits do not overlap).
func TestMatePlusColon(t *testing.T) {
	g := parse(`[Variant "C'escacs"]
[PDTL "/28:v/27:dk/26:gj1/25:rn1r/24:pejep/23:ppee1p/22:2pjp2/21:3pp3/20:3p3/19:5p2/15:2J5/12:4P2/10:5P1/9:4nP2/8:3PE2/7:3PP1P1/6:2P4/5:PPEE1g/4:PEJ2/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr K10@6-8 0 6"]

6. …, GL5-H6+:
0-3
`)
	var got []string
	for _, d := range analysis.Game(g, syntax.CTLPGN, nil, []*analysis.Analyzer{ctllegality.Analyzer}) {
		for _, f := range d.Fixes {
			for _, e := range f.Edits {
				got = append(got, string(d.Code)+" "+g.Slice(e.Span)+"→"+e.New)
			}
		}
	}
	want := "ctl-check-mark GL5-H6+→GL5-H6#, ctl-end-mark :→"
	if s := strings.Join(got, ", "); s != want {
		t.Errorf("fixes %s, want %s", s, want)
	}
}

// TestTags checks the start position (PDTL, DPTL), the alphabet
// (Redefine, FAN) and the Variant tag.
func TestTags(t *testing.T) {
	analysistest.RunWithFixes(t, dir+"tags.ctl-pgn", *update, nil, ctllegality.Analyzer)
}
