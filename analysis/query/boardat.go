package query

import (
	"strconv"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/syntax"
)

// Board is the position at a place of a game with what a board view
// that follows the cursor shows around it: the answer to pgnls/board.
//
// The position is the one after the move under or before the cursor in
// its line (main line or variation), or the start position of that line
// when the cursor is before its first move: the game's start (the
// standard start, or the FEN or PDTL tag) in the tags and before the
// first move, the position before the move a variation replaces at the
// start of a variation. A move that cannot be played (illegal, not a
// move, or after such a move) stops its line: Moves ends with it, the
// board shows the position before it, and Note says why. A game whose
// start is not usable (an invalid FEN or PDTL, a PGN variant pgnls does
// not know) has every move listed and no position.
type Board struct {
	// Variant is "cescacs" or the rules of a PGN game as chess.Variant
	// names them ("chess", "chess960", "crazyhouse", "atomic",
	// "antichess", "kingofthehill", "3check", "horde", "racingkings"),
	// or "unknown" for a PGN game whose Variant tag names rules pgnls
	// does not know (its moves are not replayed).
	Variant string
	// Position is the FEN (PGN) or PDTL (CTL-PGN) of the position; ""
	// when it is not known.
	Position string
	// Ply is the number of half-moves from White's first move to the
	// position: 0 at the standard start, counted from the move number of
	// a FEN or PDTL (from the record's first move number when a PDTL
	// does not give one).
	Ply int
	// LastMove is the move that led to the position; nil at the start of
	// the game, after a null move, or when the position is not known.
	LastMove *LastMove
	// SVG is the board as hovers draw it, with the last move tinted and
	// (PGN) the arrows and marked squares of Annotations; "" when the
	// position is not known.
	SVG string
	// Text is the board for terminal clients, to show as it is: the
	// diagram as text hovers draw it (when the position is known), the
	// side to move, ply and line, the last move, the eval and clock, the
	// arrows and marked squares, the FEN or PDTL, the moves of the line
	// around the current one (">" marks it) and the note.
	Text string
	// Annotations are the lichess commands of the comments after the
	// move shown (before the first move of the line at its start).
	Annotations Annotations
	// Moves are the moves of the line holding the cursor, in order, up
	// to and including the first one that cannot be played (all of
	// them when the game is not replayed).
	Moves []BoardMove
	// Current is the index in Moves of the move under or before the
	// cursor (the last one when the cursor is past the move that stops
	// the line), -1 before the first move of the line.
	Current int
	// Depth is the nesting of the line: 0 for the main line.
	Depth int
	// LineStart is a file-absolute offset where the cursor shows the
	// position before the first move of the line (Current -1).
	LineStart syntax.Pos
	// Note explains what the board cannot show: a move that stops the
	// line, a start position that is not valid, a variant that is not
	// replayed. "" when there is nothing to say.
	Note string
}

// LastMove is the origin and destination of a move: squares ("e2") or
// hexes ("F14"). Castling is the king's move (e1g1; king takes rook in
// Chess960).
type LastMove struct{ From, To string }

// BoardMove is a move of the line of a Board.
type BoardMove struct {
	SAN     string      // the move as written
	Span    syntax.Span // file-absolute span of the move's text
	Number  string      // its move number as written in a list: "12." or "12..." (CTL-PGN "12." or "12. …,", "1?" when unknown)
	Ply     int         // the Ply of the position after the move
	Illegal bool        // the move cannot be played (it stops the line)
	// Variations are the variations that replace this move, in order:
	// their first moves.
	Variations []BoardVariation
}

// BoardVariation is the first move of a variation, where a client steps
// into it.
type BoardVariation struct {
	SAN  string
	Span syntax.Span // file-absolute
}

// BoardOptions tune the answer of BoardAt.
type BoardOptions struct {
	// Flipped draws the board from Black's side: Black at the bottom
	// (for C'escacs, also the columns from Z to P).
	Flipped bool
}

// BoardAt returns the board at the file-absolute offset off: the position
// of the move under or before it, the line's moves and the annotations
// (see Board). It replays the game under the cursor only, once. It
// returns nil when off is in no game, or in a "game" of blank lines and
// spaces only (an empty document).
func BoardAt(f *syntax.File, off syntax.Pos, opts BoardOptions) *Board {
	r, rel, ok := locate(f, off)
	if !ok {
		return nil
	}
	if _, ok := content(r.Game); !ok {
		return nil
	}
	g := r.Game
	pl := planBoard(g, rel)
	var b *Board
	if f.Dialect == syntax.CTLPGN {
		b = ctlBoardAt(g, pl, opts)
	} else {
		b = pgnBoardAt(g, pl, opts)
	}
	b.LineStart = pl.lineStart + r.Start
	for i := range b.Moves {
		b.Moves[i].Span = b.Moves[i].Span.Shift(r.Start)
		for j := range b.Moves[i].Variations {
			b.Moves[i].Variations[j].Span = b.Moves[i].Variations[j].Span.Shift(r.Start)
		}
	}
	return b
}

// boardPlan is what the cursor selects in the syntax tree, before the
// game is replayed.
type boardPlan struct {
	w         where
	moves     []*syntax.Move              // the moves of the line, in order
	elemIndex []int                       // their indexes in the line
	cur       int                         // index in moves of the move under or before the cursor; -1
	index     map[*syntax.Move]int        // moves → index in moves
	varFirst  map[*syntax.Move]int        // first moves of the line's variations → element index of the variation
	ancestors map[*syntax.Move]bool       // moves of the enclosing lines
	info      map[*syntax.Move]*boardStep // filled by the replay: every move above
	varOrder  []*syntax.Move              // the first moves of the line's variations, in order
	noReplay  bool                        // the start position is not usable: no move is played, none stops the line
	lineStart syntax.Pos                  // game-relative
}

// boardStep is what the replay tells of a move of the plan: its ply
// (the engines' count: legality's from 0 or 1, ctllegality's from
// White's move 1), whether its position was known and whether it was
// played, why not, and the move played.
type boardStep struct {
	ply           int
	known, played bool
	err           string
	from, to      string // the last-move squares or hexes; "" for a null move
	marks         [2]int // the squares or hexes tinted on the board
}

// planBoard places rel in g and lists the moves the replay must report.
func planBoard(g *syntax.Game, rel syntax.Pos) *boardPlan {
	w := whereIs(g, rel)
	pl := &boardPlan{w: w, cur: -1, index: map[*syntax.Move]int{}, varFirst: map[*syntax.Move]int{}, ancestors: map[*syntax.Move]bool{}, info: map[*syntax.Move]*boardStep{}}
	limit := w.index
	if _, ok := w.elem.(*syntax.Move); ok {
		limit++
	}
	for i, e := range w.line {
		switch n := e.(type) {
		case *syntax.Move:
			pl.index[n] = len(pl.moves)
			if i < limit {
				pl.cur = len(pl.moves)
			}
			pl.moves = append(pl.moves, n)
			pl.elemIndex = append(pl.elemIndex, i)
		case *syntax.Variation:
			if m := firstMove(n.Elems); m != nil {
				pl.varFirst[m] = i
				pl.varOrder = append(pl.varOrder, m)
			}
		}
	}
	for _, parent := range w.parents {
		for _, e := range parent {
			if m, ok := e.(*syntax.Move); ok {
				pl.ancestors[m] = true
			}
		}
	}
	switch {
	case len(w.vars) > 0:
		pl.lineStart = w.vars[len(w.vars)-1].Sp.Start + 1
	case len(g.Moves) > 0:
		pl.lineStart = g.Moves[0].Span().Start
	case g.Result != nil:
		pl.lineStart = g.Result.Sp.Start
	default:
		if sp, ok := content(g); ok {
			pl.lineStart = sp.End
		}
	}
	return pl
}

// wants reports whether the replay must report the move n.
func (pl *boardPlan) wants(n *syntax.Move) bool {
	if _, ok := pl.index[n]; ok {
		return true
	}
	if _, ok := pl.varFirst[n]; ok {
		return true
	}
	return pl.ancestors[n]
}

// stop returns the index in moves of the first move that was not
// played, or len(moves).
func (pl *boardPlan) stop() int {
	if pl.noReplay {
		return len(pl.moves)
	}
	for i, m := range pl.moves {
		if s := pl.info[m]; s == nil || !s.played {
			return i
		}
	}
	return len(pl.moves)
}

// shown returns the index in moves of the move whose position the board
// shows (-1: the line's start) and the index of the current move.
func (pl *boardPlan) shown() (shown, current int) {
	stop := pl.stop()
	if pl.cur >= stop {
		return stop - 1, stop
	}
	return pl.cur, pl.cur
}

// predecessor returns the step of the move that leads to the start of
// the line, whose first move has ply first: the played move of ply
// first-1 in the enclosing lines, innermost first; nil for none.
func (pl *boardPlan) predecessor(first int) *boardStep {
	w := pl.w
	for k := len(w.parents) - 1; k >= 0; k-- {
		parent := w.parents[k]
		for _, e := range parent[:min(w.pidx[k], len(parent))] {
			if m, ok := e.(*syntax.Move); ok {
				if s := pl.info[m]; s != nil && s.played && s.ply == first-1 {
					return s
				}
			}
		}
	}
	return nil
}

// listMoves returns the moves of the line up to the one that stops it,
// with their numbers (number gives them from the engine's ply) and the
// variations that replace them.
func (pl *boardPlan) listMoves(plyOf func(enginePly int) int, number func(enginePly int) string) []BoardMove {
	stop := pl.stop()
	n := min(stop+1, len(pl.moves))
	out := make([]BoardMove, n)
	for i, m := range pl.moves[:n] {
		s := pl.info[m]
		out[i] = BoardMove{SAN: m.Text, Span: m.Sp, Illegal: i == stop}
		if s != nil {
			out[i].Ply, out[i].Number = plyOf(s.ply)+1, number(s.ply)
		}
	}
	for _, first := range pl.varOrder {
		at := pl.varFirst[first]
		target := -1
		// The move the variation replaces: the one of the same ply
		// before it, else the move just before it.
		if s := pl.info[first]; s != nil {
			for i := n - 1; i >= 0; i-- {
				if pl.elemIndex[i] < at && pl.info[pl.moves[i]] != nil && pl.info[pl.moves[i]].ply == s.ply {
					target = i
					break
				}
			}
		}
		if target < 0 {
			for i := n - 1; i >= 0; i-- {
				if pl.elemIndex[i] < at {
					target = i
					break
				}
			}
		}
		if target >= 0 && target < n {
			out[target].Variations = append(out[target].Variations, BoardVariation{SAN: first.Text, Span: first.Sp})
		}
	}
	return out
}

// annotations reads the lichess commands of the comments after the move
// moves[shown] in its line, up to the next move or variation (before
// the first move for -1).
func (pl *boardPlan) annotations(shown int, squares bool) Annotations {
	var a Annotations
	from := 0
	if shown >= 0 {
		from = pl.elemIndex[shown] + 1
	}
	for _, e := range pl.w.line[from:] {
		switch n := e.(type) {
		case *syntax.Move, *syntax.Variation:
			return a
		case *syntax.Comment:
			readAnnotations(&a, n.Text, squares)
		}
	}
	return a
}

// replayed keeps the positions of the line the board may show, copied
// during the replay: before its first move, after the current move, and
// before the move that stops it.
type replayed[P any] struct {
	lineStart, after, failBefore          P
	hasLineStart, hasAfter, hasFailBefore bool
	stopSeen                              bool
}

// record notes the step s of node, played in before (nil: unknown) and
// leading to after (nil: not played).
func (rp *replayed[P]) record(pl *boardPlan, node *syntax.Move, s *boardStep, before, after *P) {
	pl.info[node] = s
	i, inLine := pl.index[node]
	if !inLine {
		return
	}
	if i == 0 && before != nil {
		rp.lineStart, rp.hasLineStart = *before, true
	}
	if i == pl.cur && after != nil {
		rp.after, rp.hasAfter = *after, true
	}
	if after == nil && !rp.stopSeen {
		rp.stopSeen = true
		if before != nil {
			rp.failBefore, rp.hasFailBefore = *before, true
		}
	}
}

// pick returns the position the board shows, whether it is known, its
// ply (engine's count) and the step of the move that led to it (nil:
// none). emptyLine gives the position of a line without moves;
// startPly is the engine's ply of the game's first move.
func (rp *replayed[P]) pick(pl *boardPlan, emptyLine func() (P, point, bool), startPly int) (pos P, known bool, ply int, last *boardStep) {
	shown, _ := pl.shown()
	switch {
	case len(pl.moves) == 0:
		var pt point
		pos, pt, known = emptyLine()
		ply = startPly
		if s := pl.info[pt.node]; pt.node != nil && s != nil {
			ply = s.ply
			if pt.after {
				return pos, known, ply + 1, s
			}
		}
		return pos, known, ply, pl.predecessor(ply)
	case shown >= 0 && shown == pl.cur && rp.hasAfter:
		pos, known = rp.after, true
	case shown >= 0:
		pos, known = rp.failBefore, rp.hasFailBefore
	default:
		ply = startPly
		if s := pl.info[pl.moves[0]]; s != nil {
			ply = s.ply
		}
		return rp.lineStart, rp.hasLineStart, ply, pl.predecessor(ply)
	}
	last = pl.info[pl.moves[shown]]
	if last == nil {
		return pos, false, startPly, nil
	}
	return pos, known, last.ply + 1, last
}

// pgnBoardAt is BoardAt for a PGN game.
func pgnBoardAt(g *syntax.Game, pl *boardPlan, opts BoardOptions) *Board {
	start := pgnStart(g)
	b := &Board{Variant: start.Variant.String(), Depth: len(pl.w.vars)}
	if !start.Known {
		b.Variant = "unknown"
	}
	// legality counts plies from 0, or 1 when Black moves first, whatever
	// the FEN's move number: base is the ply of its 0.
	base, startPly := 0, 0
	if start.OK {
		base = 2 * (min(max(start.Pos.FullmoveNumber(), 1), 1<<20) - 1)
		if start.Pos.SideToMove() == chess.Black {
			startPly = 1
		}
	}
	number := func(p int) string {
		a := base + p
		if a%2 == 1 {
			return strconv.Itoa(a/2+1) + "..."
		}
		return strconv.Itoa(a/2+1) + "."
	}
	pl.noReplay = !start.OK
	var rp replayed[chess.Position]
	legality.Replay(g, start, func(st *legality.Step) {
		if !pl.wants(st.Node) {
			return
		}
		s := &boardStep{ply: st.Ply, known: st.Before != nil, played: st.After != nil}
		if st.Err != nil {
			s.err = st.Err.Error()
		}
		if st.After != nil && st.Move != chess.NullMove {
			uci := st.Before.UCI(st.Move)
			s.from, s.to = uci[:2], uci[2:4]
			if st.Move.Drop() != chess.NoPieceType {
				s.from, s.to = uci[2:4], uci[2:4] // a drop: "N@f3"
			}
			s.marks = [2]int{int(st.Move.From()), int(st.Move.To())}
		}
		rp.record(pl, st.Node, s, st.Before, st.After)
	})
	shown, current := pl.shown()
	b.Current = current
	b.Moves = pl.listMoves(func(p int) int { return base + p }, number)
	b.Annotations = pl.annotations(shown, true)
	pos, known, ply, last := rp.pick(pl, func() (chess.Position, point, bool) { return pgnPositionAt(g, pl.w) }, startPly)
	b.Ply = base + ply
	var diagram, turn string
	if known {
		b.Position = pos.FEN()
		var marks []chess.Square
		if last != nil && last.from != "" {
			b.LastMove = &LastMove{From: last.from, To: last.to}
			marks = []chess.Square{chess.Square(last.marks[0]), chess.Square(last.marks[1])}
		}
		b.SVG = annotatedChessSVG(&pos, &b.Annotations, opts.Flipped, marks...)
		diagram, turn = chessText(&pos), pos.SideToMove().String()
	}
	switch {
	case !start.Known:
		b.Note = "Not replayed: the Variant tag names a variant whose rules pgnls does not know."
	case !start.OK:
		b.Note = "Not replayed: the FEN tag is not a valid position."
	default:
		b.Note = pl.stopNote(b)
	}
	b.Text = boardText(b, diagram, turn, "FEN")
	return b
}

// ctlBoardAt is BoardAt for a CTL-PGN record.
func ctlBoardAt(g *syntax.Game, pl *boardPlan, opts BoardOptions) *Board {
	start := ctllegality.StartOf(g)
	letters := start.Letters
	b := &Board{Variant: "cescacs", Depth: len(pl.w.vars)}
	pl.noReplay = !start.OK
	var rp replayed[cescacs.Position]
	ctllegality.Replay(g, start, func(st *ctllegality.Step) {
		if !pl.wants(st.Node) {
			return
		}
		s := &boardStep{ply: st.Ply, known: st.Before != nil, played: st.After != nil}
		if st.Err != nil {
			s.err = st.Err.Msg
		}
		if st.After != nil {
			s.from, s.to = st.Move.From.String(), st.Move.To.String()
			s.marks = [2]int{int(st.Move.From), int(st.Move.To)}
		}
		rp.record(pl, st.Node, s, st.Before, st.After)
	})
	shown, current := pl.shown()
	b.Current = current
	b.Moves = pl.listMoves(func(p int) int { return p }, func(p int) string { return ctlNumber(p, start.NumberKnown) })
	b.Annotations = pl.annotations(shown, false)
	pos, known, ply, last := rp.pick(pl, func() (cescacs.Position, point, bool) {
		pos, _, pt, ok := ctlPositionAt(g, pl.w)
		return pos, pt, ok
	}, start.FirstPly)
	b.Ply = ply
	var diagram, turn string
	if known {
		b.Position = pos.PDTL(letters)
		var marks []cescacs.Hex
		if last != nil {
			b.LastMove = &LastMove{From: last.from, To: last.to}
			marks = []cescacs.Hex{cescacs.Hex(last.marks[0]), cescacs.Hex(last.marks[1])}
		}
		b.SVG = hexSVG(&pos, letters, opts.Flipped, marks...)
		diagram, turn = hexText(&pos, letters), pos.Turn().String()
	}
	if !start.OK {
		b.Note = "Not replayed: the PDTL tag is not a valid position."
	} else {
		b.Note = pl.stopNote(b)
	}
	b.Text = boardText(b, diagram, turn, "PDTL")
	return b
}

// stopNote explains why the line stops, if it does, or why its
// position is not known.
func (pl *boardPlan) stopNote(b *Board) string {
	stop := pl.stop()
	if stop >= len(pl.moves) {
		if b.Position == "" {
			return "The position here is not known: a move before this line cannot be played."
		}
		return ""
	}
	mv := b.Moves[stop]
	s := pl.info[pl.moves[stop]]
	label := mv.Number + " " + mv.SAN
	switch {
	case s == nil || !s.known:
		return label + " is not replayed: a move before this line cannot be played."
	case s.err != "":
		return label + " is illegal here: " + s.err + ". The line stops there."
	}
	return label + " cannot be played here. The line stops there."
}
