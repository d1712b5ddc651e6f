package query

import (
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/syntax"
)

// Place is the position at a place of a game, where the workspace
// search asks which games reach it and which moves they play from it.
type Place struct {
	Dialect syntax.Dialect
	Chess   chess.Position   // the position of a PGN game
	CTL     cescacs.Position // the position of a CTL-PGN record
	// Move is the move under the offset (the position is the one after
	// it); nil when the offset is not on a move.
	Move *syntax.Move
	// Span is Move's file-absolute span.
	Span syntax.Span
}

// PlaceAt returns the position at the file-absolute offset off of f: the
// one after the move under it, else the one the board shows there (after
// the move before it in its line, the start of the line before its first
// move, the game's start in its tags). ok is false outside a game and
// when the position is not known (an illegal move before it, an invalid
// FEN or PDTL, a variant whose rules are not known).
func PlaceAt(f *syntax.File, off syntax.Pos) (pl Place, ok bool) {
	if f == nil || f.NumGames() == 0 {
		return Place{}, false
	}
	i := f.GameAt(off)
	if i < 0 {
		return Place{}, false
	}
	r := f.Game(i)
	g, rel := r.Game, off-r.Start
	pl.Dialect = f.Dialect
	w := whereIs(g, rel)
	mv, onMove := w.elem.(*syntax.Move)
	if !inMovetext(g, rel) {
		onMove = false
	}
	if onMove {
		pl.Move, pl.Span = mv, mv.Sp.Shift(r.Start)
	}
	if f.Dialect == syntax.CTLPGN {
		if onMove {
			start := ctllegality.StartOf(g)
			m := replayCTL(g, start, map[*syntax.Move]bool{mv: true})[mv]
			if m == nil || !m.hasAfter {
				return Place{}, false
			}
			pl.CTL = m.after
			return pl, true
		}
		pos, _, _, ok := ctlPositionAt(g, w)
		pl.CTL = pos
		return pl, ok
	}
	if onMove {
		m := replayPGN(g, pgnStart(g), map[*syntax.Move]bool{mv: true})[mv]
		if m == nil || !m.hasAfter {
			return Place{}, false
		}
		pl.Chess = m.after
		return pl, true
	}
	pos, _, ok := pgnPositionAt(g, w)
	pl.Chess = pos
	return pl, ok
}
