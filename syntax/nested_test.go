package syntax

import "testing"

// TestNestedUnclosedVariations: unclosed variations are closed innermost
// first, so each covers the ones it holds (checkInvariants).
func TestNestedUnclosedVariations(t *testing.T) {
	for _, d := range []Dialect{PGN, CTLPGN} {
		f := Parse("v.pgn", "1. e4 (1. d4 (1. c4 c5 (1... e6\n", d)
		if err := checkInvariants(f); err != nil {
			t.Error(err)
		}
	}
}
