package ctllegality

import (
	"strconv"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// lineState follows one line of play, the main line or a variation,
// through the replay. Replay visits a variation within the visit of its
// parent, so the lines being replayed form a stack, by depth.
type lineState struct {
	id    *syntax.Elem // the line's first element
	first int          // the ply of its first move
	hist  history      // the positions that can recur, for the repetitions
	last  *syntax.Move // the last move played
	run   *lineRun     // its unverified moves
	end   *gameEnd     // where the game ended, if it did
}

// gameEnd tells where and how the game of a line ended.
type gameEnd struct {
	move     *syntax.Move // the move that ended it; nil if the line's start position was over
	ply      int          // the ply of the first move after the end
	status   cescacs.Status
	turn     cescacs.Color // the side to move in the final position
	reported bool          // a move after the end was reported
	after    syntax.Pos    // the start of that move
}

// enter returns the state of the line of st, a new one at the line's
// first move. A variation written after the reported end of its
// parent's game shares that end: its moves are not judged either.
func (r *reporter) enter(st *Step) *lineState {
	d, id := st.Depth, &st.Line[0]
	if d < len(r.lines) && r.lines[d].id == id {
		r.leave(d + 1)
		return r.lines[d]
	}
	r.leave(min(d, len(r.lines)))
	for len(r.lines) < d {
		r.lines = append(r.lines, &lineState{}) // a line with no move before its variation
	}
	ls := &lineState{id: id, first: st.Ply}
	if d > 0 {
		if e := r.lines[d-1].end; e != nil && e.reported {
			ls.end = e
		}
	}
	r.lines = append(r.lines, ls)
	return ls
}

// leave ends the lines from depth d on, whose variations have been
// replayed, releasing their histories.
func (r *reporter) leave(d int) {
	for _, ls := range r.lines[d:] {
		ls.hist.release()
	}
	r.lines = r.lines[:d]
}

// over reports whether the game of line ls was over before the move of
// st, reporting the first such move. An automatic draw is known from the
// move that made it (see played); a checkmate or a stalemate shows when
// the next move fails, since no move is legal then.
func (r *reporter) over(ls *lineState, st *Step) bool {
	if ls.end == nil && st.Before != nil && st.After == nil {
		if s := st.Before.Status(); s.Checkmate || s.Stalemate {
			var last *syntax.Move
			if st.Ply > ls.first {
				last = ls.last
			}
			ls.end = &gameEnd{move: last, ply: st.Ply, status: s, turn: st.Before.Turn()}
		}
	}
	e := ls.end
	if e == nil {
		return false
	}
	if !e.reported {
		r.afterEnd(st, e)
	}
	return true
}

// played records a move played in line ls: the position it makes, for
// the repetitions, and the end of the game when that position is drawn
// automatically (§5.4). A variation's history starts as its parent's
// before the move it replaces.
func (r *reporter) played(ls *lineState, st *Step) {
	h := &ls.hist
	if !h.known && (st.Depth == 0 || !h.branch(&r.lines[st.Depth-1].hist, st.Ply)) {
		h.start(st.Before, st.Ply)
	}
	h.play(st.Before, st.Move, st.After, st.Ply)
	ls.last = st.Node
	draw := st.After.AutomaticDraw()
	if draw == cescacs.NoDraw && st.After.HalfmoveClock() < (cescacs.AutomaticRepetitions-1)*minCycle {
		return // too few moves since the last capture or pawn move for a fifth occurrence
	}
	reps := h.count()
	if draw == cescacs.NoDraw && reps < cescacs.AutomaticRepetitions {
		return
	}
	if s := st.After.Status().WithRepetitions(reps); s.Over() {
		ls.end = &gameEnd{move: st.Node, ply: st.Ply + 1, status: s, turn: st.After.Turn()}
	}
}

// afterEnd reports the first move after the end of the game e, once for
// all of them.
func (r *reporter) afterEnd(st *Step, e *gameEnd) {
	e.reported, e.after = true, st.Node.Sp.Start
	r.unjudge(st)
	var related []analysis.Related
	if e.move != nil {
		related = []analysis.Related{{Span: e.move.Sp, Msg: "the game ends here"}}
	}
	msg := "the game ended before this move: " + e.where() + " " + howEnded(e.status, e.turn) + "; moves after the end are not part of the game"
	if st.Depth == 0 && st.Number != nil && st.Number.Number == 1 && st.Ply > 1 {
		msg += " (a new record starts with its tag section, [Variant \"C'escacs\"] first)"
	}
	r.p.Report(analysis.Diagnostic{Span: st.Node.Sp, Severity: analysis.Error, Code: CodeMovesAfterEnd, Message: msg, Related: related})
}

// where tells where the game ended: "after 6. …, GL5-H6#", or "in the
// start position of the line".
func (e *gameEnd) where() string {
	if e.move == nil {
		return "in the start position of the line"
	}
	return "after " + pairPrefix(e.ply-1) + e.move.Text
}

// String tells where and how the game ended: "after 6. …, GL5-H6#: White
// is checkmated".
func (e *gameEnd) String() string { return e.where() + ": " + howEnded(e.status, e.turn) }

// pairPrefix writes what precedes the move of a ply in its pair: "6. "
// for White's move 6, "6. …, " for Black's.
func pairPrefix(ply int) string {
	n := strconv.Itoa(ply/2+1) + ". "
	if ply%2 == 1 {
		n += "…, "
	}
	return n
}
