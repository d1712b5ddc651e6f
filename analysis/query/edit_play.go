package query

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/syntax"
)

// PlayMove is a legal move at a place of a game, in the notations a
// client may show or send.
type PlayMove struct {
	SAN string // canonical SAN, check marks included: "Nf3", "O-O", "N@f3", "e8=Q#"
	UCI string // "g1f3", "e1g1" (Chess960: "e1h1"), "N@f3", "e7e8q"
	// From and To are the hexes of a CTL-PGN move, for a board to play
	// it by its pieces: the king's for a castling, the pawn's twice for
	// a deferred promotion. Empty in PGN, whose UCI has the squares.
	From, To string
}

// playPlace is where a move played at the cursor goes: after the move
// at index after in line (-1: at the start of the line), in pos.
type playPlace struct {
	pos    chess.Position
	after  int
	replay map[*syntax.Move]*pgnMove
}

// place returns where a move played at the cursor goes: after the move
// under the cursor, else after the last move before it in its line, else
// at the start of the line.
func (e *gameEdit) place() (playPlace, error) {
	start := pgnStart(e.g)
	if !start.OK {
		return playPlace{}, errors.New("the start position of the game is not known")
	}
	after := e.playAfter()
	pl := playPlace{after: after, replay: replayPGN(e.g, start, allMoves(e.g))}
	w := e.w
	if after >= 0 {
		w.index = after + 1
	} else {
		w.index = 0
	}
	pt, isAfter := pointTarget(w, func(k int) *syntax.Move { return lastMoveBefore(w.parents[k], w.pidx[k]) })
	if pt == nil {
		pl.pos = start.Pos
		return pl, nil
	}
	m := pl.replay[pt]
	switch {
	case m == nil:
		return pl, errors.New("the position at the cursor is not known")
	case isAfter && m.hasAfter:
		pl.pos = m.after
	case !isAfter && m.hasBefore:
		pl.pos = m.before
	default:
		return pl, fmt.Errorf("the position at the cursor is not known: %s cannot be played", pt.Text)
	}
	return pl, nil
}

// playAfter returns the index in the cursor's line of the move a move
// played goes after: the move under the cursor, else the last move
// before it in its line; -1 for the start of the line.
func (e *gameEdit) playAfter() int {
	line := e.w.line
	after := e.moveIndex()
	if after < 0 || isPrefix(e.w.elem) {
		after = -1
		for k := min(e.w.index, len(line)) - 1; k >= 0; k-- {
			if _, ok := line[k].(*syntax.Move); ok {
				after = k
				break
			}
		}
	}
	return after
}

// LegalMoves returns the moves that may be played at the file-absolute
// offset off (see Play), in the order of the engine's generator. In a
// CTL-PGN record SAN is the move in CTL-AN and UCI the same in the
// standard letters without its check mark.
func LegalMoves(f *syntax.File, off syntax.Pos) ([]PlayMove, error) {
	e, err := openEdit(f, off)
	if err != nil {
		return nil, err
	}
	if e.d == syntax.CTLPGN {
		return e.ctlLegalMoves()
	}
	pl, err := e.place()
	if err != nil {
		return nil, err
	}
	var out []PlayMove
	for _, m := range pl.pos.LegalMoves() {
		out = append(out, PlayMove{SAN: pl.pos.SAN(m), UCI: pl.pos.UCI(m)})
	}
	return out, nil
}

// resolveMove reads a move given in SAN or UCI in p. In UCI a castling
// may be given as the king's move to its square or onto its rook (in
// Chess960 too), and a promotion without its piece is to a queen.
func resolveMove(p *chess.Position, s string) (chess.Move, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errors.New("no move given")
	}
	legal := p.LegalMoves()
	for _, m := range legal {
		if p.UCI(m) == s || m.String() == s || p.SAN(m) == s {
			return m, nil
		}
	}
	if len(s) >= 4 {
		from, ok1 := chess.ParseSquare(s[:2])
		to, ok2 := chess.ParseSquare(s[2:4])
		if ok1 && ok2 {
			for _, m := range legal {
				if m.From() != from {
					continue
				}
				switch {
				case m.IsCastle():
					// m goes from the king to its rook; the king
					// lands on the g or c file.
					file := 2
					if m.To().File() > from.File() {
						file = 6
					}
					if to == m.To() || to == chess.SquareAt(file, from.Rank()) {
						return m, nil
					}
				case m.To() == to && len(s) == 4 && m.Promotion() == chess.Queen:
					return m, nil
				}
			}
		}
	}
	san, err := chess.ParseSAN(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a move in SAN or UCI", s)
	}
	m, rerr := p.Resolve(san)
	if rerr != nil {
		return 0, fmt.Errorf("%s cannot be played here: %s", s, rerr.Msg)
	}
	return m, nil
}

// Play plays a move (SAN or UCI) at the file-absolute offset off: after
// the move under the cursor, else after the last move before it in its
// line, else at the start of the line. When no move follows there, the
// move is appended to the line, with its move number when it needs one.
// When the move that follows is the same move, or a variation there
// starts with it, the change only moves the cursor onto it; otherwise a
// new variation holding the move opens after the variations already
// there. The cursor goes on the move played. In a CTL-PGN record the
// move is in CTL-AN, numbered in pairs, and a new variation goes after
// the pair of the move it replaces.
func Play(f *syntax.File, off syntax.Pos, move string) (Change, error) {
	e, err := openEdit(f, off)
	if err != nil {
		return Change{}, err
	}
	if e.d == syntax.CTLPGN {
		return e.ctlPlay(move)
	}
	pl, err := e.place()
	if err != nil {
		return Change{}, err
	}
	m, err := resolveMove(&pl.pos, move)
	if err != nil {
		return Change{}, err
	}
	san := pl.pos.SAN(m)
	line := e.w.line
	next := nextMove(line, pl.after)
	text := e.g.Text
	if next < 0 {
		return e.appendMove(pl, san)
	}
	nm := line[next].(*syntax.Move)
	if r := pl.replay[nm]; r != nil && r.err == nil && r.move == m {
		return Change{Cursor: e.r.Start + nm.Sp.Start}, nil
	}
	// The variations after the next move replace it.
	k := suffixEnd(line, next)
	last := k - 1
	for ; k < len(line); k++ {
		switch x := line[k].(type) {
		case *syntax.Comment:
			last = k
			continue
		case *syntax.Variation:
			if v := firstMove(x.Elems); v != nil {
				if r := pl.replay[v]; r != nil && r.err == nil && r.move == m {
					return Change{Cursor: e.r.Start + v.Sp.Start}, nil
				}
			}
			last = k
			continue
		}
		break
	}
	at := line[last].Span().End
	ins := " (" + number(&pl.pos, true) + san + ")"
	fix := ""
	if k < len(line) {
		// A Black move that followed the next move directly needs its
		// number after the variation.
		if bm, ok := line[k].(*syntax.Move); ok {
			if r := pl.replay[bm]; r != nil && r.hasBefore && r.before.SideToMove() == chess.Black {
				fix = strconv.Itoa(r.before.FullmoveNumber()) + "... "
			}
		}
	}
	nt := text[:at] + ins + text[at:]
	if fix != "" {
		p := line[k].Span().Start + syntax.Pos(len(ins))
		nt = nt[:p] + fix + nt[p:]
	}
	cursor := at + syntax.Pos(len(ins)-1-len(san))
	return e.finish(nt, cursor, true)
}

// appendMove writes the move san at the end of the cursor's line.
func (e *gameEdit) appendMove(pl playPlace, san string) (Change, error) {
	line := e.w.line
	text := e.g.Text
	needNumber := true
	if n := len(line); n > 0 {
		switch line[n-1].(type) {
		case *syntax.Move, *syntax.Glyph, *syntax.NAG:
			needNumber = false
		}
	}
	word := number(&pl.pos, needNumber) + san
	var at syntax.Pos
	var ins string
	switch {
	case len(line) > 0:
		last := line[len(line)-1]
		at, ins = last.Span().End, " "+word
		if c, ok := last.(*syntax.Comment); ok && c.Kind != syntax.BraceKind {
			ins = e.nl + word
		}
	case len(e.w.vars) > 0:
		v := e.w.vars[len(e.w.vars)-1]
		at = v.Sp.Start + 1
		if v.Label != nil {
			at, ins = v.Label.Sp.End, " "+word
		} else {
			ins = word
		}
	case e.g.Result != nil:
		at, ins = e.g.Result.Sp.Start, word+" "
	default:
		sp, ok := content(e.g)
		switch {
		case !ok:
			at, ins = 0, word
		case len(e.g.Header) > 0:
			at, ins = sp.End, e.nl+e.nl+word
		default:
			at, ins = sp.End, " "+word
		}
	}
	nt := text[:at] + ins + text[at:]
	cursor := at + syntax.Pos(strings.Index(ins, word)+len(word)-len(san))
	return e.finish(nt, cursor, true)
}

// number returns the move number to write before a move played in p:
// "5. " for White, "5... " for Black when need is true, else "".
func number(p *chess.Position, need bool) string {
	n := strconv.Itoa(p.FullmoveNumber())
	switch {
	case p.SideToMove() == chess.White:
		return n + ". "
	case need:
		return n + "... "
	}
	return ""
}
