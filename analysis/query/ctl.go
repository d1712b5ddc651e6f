package query

import (
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// lettersOf returns the alphabet in force in a CTL-PGN record: the one
// its first Redefine tag declares, or nil for the standard letters.
func lettersOf(g *syntax.Game) *cescacs.Alphabet {
	for _, t := range g.Tags {
		if t.Name == "Redefine" && t.ValueSpan != (syntax.Span{}) {
			a, _ := cescacs.ParseRedefine(t.Value)
			return a
		}
	}
	return nil
}
