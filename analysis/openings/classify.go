package openings

import (
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/syntax"
)

// Classifiable reports whether start is the standard start position of
// orthodox chess, the only start the data set names lines from: g has no
// FEN tag (or one of the standard start) and no Variant tag of another
// game.
func Classifiable(start legality.Start) bool {
	if start.Variant != chess.Standard || !start.Known || !start.OK {
		return false
	}
	std := chess.StartPosition()
	return start.FEN == nil || start.Pos.Key() == std.Key()
}

// Classify replays the main line of g up to its first move that cannot
// be played, or until no later position can be named, and returns it as
// a Line watching sets (see NewLine); nil when g does not start from the
// standard start position.
func Classify(g *syntax.Game, sets ...*Set) *Line {
	start := legality.StartOf(g)
	if !Classifiable(start) {
		return nil
	}
	l := NewLine(sets...)
	legality.ReplayMainLine(g, start, func(st *legality.Step) bool {
		return st.After != nil && l.Play(st.After)
	})
	return l
}

// FromMainLine is Classify for a main line the replay resolved already.
func FromMainLine(ml legality.MainLine, sets ...*Set) *Line {
	if !Classifiable(ml.Start) {
		return nil
	}
	l := NewLine(sets...)
	ply := 0
	for pos := range ml.Positions() {
		if ply++; ply > 1 && !l.Play(pos) { // past the start position
			break
		}
	}
	return l
}
