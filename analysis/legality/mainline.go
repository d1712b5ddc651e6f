package legality

import (
	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/syntax"
)

// MainLine is the main line of a game as the replay resolved it.
type MainLine struct {
	Start Start
	// Moves are the legal moves of the main line up to its first move
	// that cannot be played (or its end): the moves of the game's main
	// line (the *syntax.Move of Game.Moves) from len(Moves) on could not
	// be played.
	Moves []chess.Move
}

// mainLineKey is the key the Analyzer shares the main line under.
type mainLineKey struct{}

// MainLineOf returns the main line of the game of p: the one the
// Analyzer shared when it ran on the game before (it replays every line
// anyway), else a replay of the main line alone. The moves are not
// replayed for a variant whose rules are not known (Moves is empty).
func MainLineOf(p *analysis.Pass) MainLine {
	if v, ok := p.Shared(mainLineKey{}); ok {
		return *v.(*MainLine)
	}
	return MainLineFrom(p.Game)
}

// MainLineFrom replays the main line of g.
func MainLineFrom(g *syntax.Game) MainLine {
	ml := MainLine{Start: StartOf(g)}
	if !ml.Start.Known {
		return ml
	}
	ml.Moves = make([]chess.Move, 0, len(g.Moves))
	ReplayMainLine(g, ml.Start, func(st *Step) bool {
		if st.After == nil {
			return false
		}
		ml.Moves = append(ml.Moves, st.Move)
		return true
	})
	return ml
}
