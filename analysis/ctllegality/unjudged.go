package ctllegality

import (
	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// Unjudged is the part of a game's text whose moves the Analyzer does
// not judge: the rest of a line after a failed move or from an unknown
// start position (one ctl-unverified-moves report), and the moves after
// the end of the game with the variations written among them (one
// ctl-moves-after-end error). Their move numbers and pairs are not
// judged either, since the reading of the text is in doubt there, and
// the other analyzers of CTL-PGN records skip their findings about
// numbers and pairs in it too.
type Unjudged struct {
	spans []stretch
}

// A stretch is a game-relative span of a line from a move to its end,
// whose moves are not judged, or a variation inside such a stretch whose
// moves are judged all the same: one that replaces a move whose position
// is known, such as the failed move itself. Stretches nest like the
// lines they hold; the innermost decides.
type stretch struct {
	sp     syntax.Span
	judged bool
}

// Contains reports whether the game-relative offset at lies in a stretch
// that is not judged.
func (u *Unjudged) Contains(at syntax.Pos) bool {
	var in *stretch // the innermost stretch holding at
	for i := range u.spans {
		s := &u.spans[i]
		if s.sp.Start <= at && at < s.sp.End && (in == nil || s.sp.Len() < in.sp.Len()) {
			in = s
		}
	}
	return in != nil && !in.judged
}

// UnjudgedResult is the stretches of each record the Analyzer does not
// judge: an analyzer that reads it (UnjudgedOf) requires the Analyzer.
var UnjudgedResult = analysis.NewResult[*Unjudged]("ctllegality.Unjudged")

// UnjudgedOf returns the stretches of the game of p that the Analyzer
// does not judge: the analyzer calling it must require the Analyzer
// (analysis.Analyzer.Requires).
func UnjudgedOf(p *analysis.Pass) *Unjudged { return UnjudgedResult.Of(p) }
