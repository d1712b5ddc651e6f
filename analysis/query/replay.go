package query

import (
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/syntax"
)

// pgnMove is a PGN move as replayed by package legality, with copies of
// its positions (the Step's are valid only during the visit).
type pgnMove struct {
	before, after       chess.Position
	hasBefore, hasAfter bool
	move                chess.Move
	err                 error
	ply, depth          int
}

// replayPGN replays g from start and returns the moves in want.
func replayPGN(g *syntax.Game, start legality.Start, want map[*syntax.Move]bool) map[*syntax.Move]*pgnMove {
	out := make(map[*syntax.Move]*pgnMove, len(want))
	legality.Replay(g, start, func(st *legality.Step) {
		if !want[st.Node] {
			return
		}
		m := &pgnMove{move: st.Move, err: st.Err, ply: st.Ply, depth: st.Depth}
		if st.Before != nil {
			m.before, m.hasBefore = *st.Before, true
		}
		if st.After != nil {
			m.after, m.hasAfter = *st.After, true
		}
		out[st.Node] = m
	})
	return out
}

// ctlMove is a CTL-PGN move as replayed by package ctllegality, with
// copies of its positions.
type ctlMove struct {
	before, after       cescacs.Position
	hasBefore, hasAfter bool
	move                cescacs.Move
	notation            cescacs.Notation
	err                 *cescacs.ResolveError
	ply, depth          int
}

// replayCTL replays g from start and returns the moves in want.
func replayCTL(g *syntax.Game, start ctllegality.Start, want map[*syntax.Move]bool) map[*syntax.Move]*ctlMove {
	out := make(map[*syntax.Move]*ctlMove, len(want))
	ctllegality.Replay(g, start, func(st *ctllegality.Step) {
		if !want[st.Node] {
			return
		}
		m := &ctlMove{move: st.Move, notation: st.Notation, err: st.Err, ply: st.Ply, depth: st.Depth}
		if st.Before != nil {
			m.before, m.hasBefore = *st.Before, true
		}
		if st.After != nil {
			m.after, m.hasAfter = *st.After, true
		}
		out[st.Node] = m
	})
	return out
}

// pointTarget tells which move fixes the position at the place w: the
// position after the last move before it in its line, else the one
// before the first move of the line, else (an empty variation) the one
// before the move the variation replaces, which replaced names for the
// variation at level k of w.vars. It returns nil for the start position.
func pointTarget(w where, replaced func(k int) *syntax.Move) (node *syntax.Move, after bool) {
	line, index := w.line, w.index
	for k := len(w.vars); ; k-- {
		if m := lastMoveBefore(line, index); m != nil {
			return m, true
		}
		if m := firstMove(line); m != nil {
			return m, false
		}
		if k == 0 {
			return nil, false
		}
		if m := replaced(k - 1); m != nil {
			return m, false
		}
		line, index = w.parents[k-1], w.pidx[k-1]
	}
}

// point is the place of a position in a game: before or after a move,
// or the start (node nil).
type point struct {
	node  *syntax.Move
	after bool
}

// String describes the point: "after Nf3", "before Nf3", "at the start".
func (pt point) String() string {
	switch {
	case pt.node == nil:
		return "at the start"
	case pt.after:
		return "after " + pt.node.Text
	}
	return "before " + pt.node.Text
}

// pgnStart returns the start of g for replaying: not usable when the
// Variant tag names a variant whose rules are not known (the legality
// analyzer checks nothing there either).
func pgnStart(g *syntax.Game) legality.Start {
	start := legality.StartOf(g)
	if !start.Known {
		start.OK = false
	}
	return start
}

// pgnPositionAt returns the position at the place w of g; ok is false
// when it is not known (an illegal move, an invalid FEN or an unknown
// variant before it).
func pgnPositionAt(g *syntax.Game, w where) (pos chess.Position, pt point, ok bool) {
	start := pgnStart(g)
	pt.node, pt.after = pointTarget(w, func(k int) *syntax.Move {
		return lastMoveBefore(w.parents[k], w.pidx[k])
	})
	if pt.node == nil {
		return start.Pos, pt, start.OK
	}
	m := replayPGN(g, start, map[*syntax.Move]bool{pt.node: true})[pt.node]
	switch {
	case m == nil:
		return chess.Position{}, pt, false
	case pt.after:
		return m.after, pt, m.hasAfter
	}
	return m.before, pt, m.hasBefore
}

// ctlPositionAt returns the position at the place w of g and the start
// of the record (for its alphabet); ok is false when the position is not
// known.
func ctlPositionAt(g *syntax.Game, w where) (pos cescacs.Position, start ctllegality.Start, pt point, ok bool) {
	start = ctllegality.StartOf(g)
	pt.node, pt.after = pointTarget(w, func(k int) *syntax.Move {
		return ctlReplaced(g, start, w.parents[k], w.pidx[k], w.vars[k])
	})
	if pt.node == nil {
		return start.Pos, start, pt, start.OK
	}
	m := replayCTL(g, start, map[*syntax.Move]bool{pt.node: true})[pt.node]
	switch {
	case m == nil:
		return cescacs.Position{}, start, pt, false
	case pt.after:
		return m.after, start, pt, m.hasAfter
	}
	return m.before, start, pt, m.hasBefore
}

// ctlReplaced returns the move of parent[:i] that the variation v
// replaces: the one its first move number names (§8.6), else the move
// just before it.
func ctlReplaced(g *syntax.Game, start ctllegality.Start, parent []syntax.Elem, i int, v *syntax.Variation) *syntax.Move {
	if t, ok := ctllegality.NumberedPly(v.Elems); ok {
		want := map[*syntax.Move]bool{}
		for _, e := range parent[:min(i, len(parent))] {
			if m, ok := e.(*syntax.Move); ok {
				want[m] = true
			}
		}
		for node, m := range replayCTL(g, start, want) {
			if m.ply == t {
				return node
			}
		}
	}
	return lastMoveBefore(parent, i)
}
