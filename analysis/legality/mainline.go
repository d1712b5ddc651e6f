package legality

import (
	"iter"

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
	// draw is where the main line is drawn automatically, as the
	// Analyzer's replay found it for the Draws analyzer.
	draw drawEnd
}

// MainLineResult is the main line of each game the Analyzer checks, as
// its replay resolved it (it replays every line anyway): an analyzer that
// reads it (MainLineOf) requires the Analyzer.
var MainLineResult = analysis.NewResult[*MainLine]("legality.MainLine")

// MainLineOf returns the main line of the game of p, which the Analyzer
// replayed: the analyzer calling it must require the Analyzer
// (analysis.Analyzer.Requires). The moves are not replayed for a variant
// whose rules are not known (Moves is empty).
func MainLineOf(p *analysis.Pass) MainLine { return *MainLineResult.Of(p) }

// Positions yields each position of the main line ml, from its start
// (ply 0) to the one after its last move played, with the position's key
// (chess.Key: transpositions have equal keys), each position made from
// the one before by its move: the positions a query by position (pgnls
// select, a workspace index) looks for, without resolving the moves'
// text again. It yields nothing when the start position is not known.
func (ml *MainLine) Positions() iter.Seq2[*chess.Position, chess.Key] {
	return func(yield func(*chess.Position, chess.Key) bool) {
		if !ml.Start.Known || !ml.Start.OK {
			return
		}
		pos := ml.Start.Pos
		if !yield(&pos, pos.Key()) {
			return
		}
		for _, m := range ml.Moves {
			pos = pos.Make(m)
			if !yield(&pos, pos.Key()) {
				return
			}
		}
	}
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
