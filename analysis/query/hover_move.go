package query

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/syntax"
)

// moveMarkdown describes the move of token t, and first the square or
// hex under rel when there is one, with the board to show.
func moveMarkdown(d syntax.Dialect, g *syntax.Game, t syntax.Token, rel syntax.Pos) (string, *hoverBoard) {
	node, _ := g.NodeAt(t.Span.Start)
	mv, ok := node.(*syntax.Move)
	if !ok {
		return "", nil
	}
	var letters *cescacs.Alphabet
	if d == syntax.CTLPGN {
		letters = lettersOf(g)
	}
	key, _, onCoord := coordAt(d, g, rel, letters)
	if d == syntax.CTLPGN {
		return ctlMoveMarkdown(g, mv, key, onCoord)
	}
	return pgnMoveMarkdown(g, mv, key, onCoord)
}

// coordMarkdown describes the square or hex key at the place w of g.
func coordMarkdown(d syntax.Dialect, g *syntax.Game, w where, key int) string {
	if d == syntax.CTLPGN {
		pos, start, pt, ok := ctlPositionAt(g, w)
		if !ok {
			return hexMarkdown(cescacs.Hex(key), nil, nil, pt.String(), start.Letters)
		}
		return hexMarkdown(cescacs.Hex(key), &pos, nil, pt.String(), start.Letters)
	}
	pos, pt, ok := pgnPositionAt(g, w)
	if !ok {
		return squareMarkdown(chess.Square(key), nil, nil, pt.String())
	}
	return squareMarkdown(chess.Square(key), &pos, nil, pt.String())
}

// capitalize upper-cases the first letter of an ASCII text.
func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// depthNote describes the nesting of a move.
func depthNote(depth int) string {
	switch depth {
	case 0:
		return "main line"
	case 1:
		return "variation"
	}
	return "variation at depth " + strconv.Itoa(depth)
}

// pgnMoveMarkdown describes a PGN move, with the board to show: first a
// line that says what the move does (the headline of render), then,
// with the cursor on one of its squares, that square, then the move's
// place in the game, the opening reached and the FEN after it.
func pgnMoveMarkdown(g *syntax.Game, node *syntax.Move, key int, onSquare bool) (string, *hoverBoard) {
	start := pgnStart(g)
	m := replayPGN(g, start, map[*syntax.Move]bool{node: true})[node]
	label := node.Text
	if m != nil && m.hasBefore {
		label = chessNumber(&m.before) + " " + node.Text
	}
	var b strings.Builder
	var bd *hoverBoard
	var details []string // the paragraphs after the square
	b.WriteString("**Move " + label + "** — ")
	switch {
	case !start.Known:
		b.WriteString("not replayed: the Variant tag names a variant whose rules are not known.")
	case m == nil || !m.hasBefore:
		b.WriteString("not replayed: an earlier move of its line is illegal, or the start position is invalid.")
	case !m.hasAfter:
		msg := "not a move"
		if m.err != nil {
			msg = m.err.Error()
		}
		b.WriteString("illegal here: " + msg + ".")
		details = append(details, "The board shows the position before the move, "+m.before.SideToMove().String()+" to move.")
		bd = chessBoard(&m.before)
	default:
		b.WriteString(capitalize(describeChessMove(&m.before, &m.after, m.move)) + ".")
		details = append(details, "Ply "+strconv.Itoa(m.ply+1)+" · move "+strconv.Itoa(m.before.FullmoveNumber())+", "+m.before.SideToMove().String()+
			" · "+depthNote(m.depth))
		if o := openingAfter(g, start, node); o != nil {
			details = append(details, "Opening: **"+o.ECO+"** "+o.Name)
		}
		if e := evalNote(g, node, &m.before); e != "" {
			details = append(details, e)
		}
		details = append(details, "FEN `"+m.after.FEN()+"`")
		bd = chessBoard(&m.after, m.move.From(), m.move.To())
	}
	if onSquare {
		var pos, before *chess.Position
		if m != nil && m.hasBefore {
			pos, before = &m.before, &m.before
			if m.hasAfter {
				pos = &m.after
			}
		}
		when := "before " + node.Text
		if m != nil && m.hasAfter {
			when = "after " + node.Text
		}
		b.WriteString("\n\n" + squareMarkdown(chess.Square(key), pos, before, when))
		if len(details) > 0 {
			b.WriteString("\n\n---")
		}
	}
	for _, d := range details {
		b.WriteString("\n\n" + d)
	}
	return b.String(), bd
}

// evalNote describes the [%eval] of the comments of the move node,
// played in before, as pgnls annotate and lichess write it: the
// evaluation after the move from White's point of view, the judgement
// its NAG gives, and the first move of its first variation, the better
// move when the engine wrote it; "" when the move has no evaluation.
func evalNote(g *syntax.Game, node *syntax.Move, before *chess.Position) string {
	after := followingMove(g.Moves, node)
	var a Annotations
	for _, e := range after {
		if c, ok := e.(*syntax.Comment); ok {
			readAnnotations(&a, c.Text, false)
		}
	}
	if a.Eval == nil {
		return ""
	}
	note := "Evaluation **" + a.Eval.Text + "**"
	if a.Eval.Depth > 0 {
		note += " at depth " + strconv.Itoa(a.Eval.Depth)
	}
	note += " (White's point of view)"
	judged := false
	for _, e := range after {
		v := 0
		switch n := e.(type) {
		case *syntax.NAG:
			v = n.Value
		case *syntax.Glyph:
			v = nag.Glyphs[n.Text]
		}
		if word := map[int]string{6: "an inaccuracy", 2: "a mistake", 4: "a blunder"}[v]; word != "" {
			note += " · " + word
			judged = true
		}
	}
	if !judged {
		return note
	}
	for _, e := range after {
		v, ok := e.(*syntax.Variation)
		if !ok {
			continue
		}
		for _, x := range v.Elems {
			if mv, ok := x.(*syntax.Move); ok {
				if mv.Text != node.Text {
					note += " · better: **" + chessNumber(before) + " " + mv.Text + "** (its first variation)"
				}
				return note
			}
		}
	}
	return note
}

// followingMove returns the elements after the move node in its line,
// at any depth, up to the next move.
func followingMove(line []syntax.Elem, node *syntax.Move) []syntax.Elem {
	for i, e := range line {
		switch n := e.(type) {
		case *syntax.Move:
			if n != node {
				continue
			}
			j := i + 1
			for j < len(line) {
				if _, ok := line[j].(*syntax.Move); ok {
					break
				}
				j++
			}
			return line[i+1 : j]
		case *syntax.Variation:
			if out := followingMove(n.Elems, node); out != nil {
				return out
			}
		}
	}
	return nil
}

// chessNumber returns the move number of the move played in p: "12." for
// White, "12..." for Black.
func chessNumber(p *chess.Position) string {
	n := strconv.Itoa(p.FullmoveNumber())
	if p.SideToMove() == chess.Black {
		return n + "..."
	}
	return n + "."
}

// describeChessMove says in words what the legal move m of before does.
func describeChessMove(before, after *chess.Position, m chess.Move) string {
	us := before.SideToMove()
	var s string
	switch {
	case m == chess.NullMove:
		s = us.String() + " passes (null move)"
	case m.IsCastle():
		side := "kingside"
		if m.To().File() < m.From().File() {
			side = "queenside"
		}
		s = us.String() + " castles " + side
	case m.Drop() != chess.NoPieceType:
		s = chess.NewPiece(us, m.Drop()).String() + " dropped on " + m.To().String()
	default:
		s = before.PieceAt(m.From()).String() + " from " + m.From().String() + " to " + m.To().String()
		if m.IsEnPassant() {
			victim := chess.SquareAt(m.To().File(), m.From().Rank())
			s += ", capturing the " + before.PieceAt(victim).String() + " on " + victim.String() + " en passant"
		} else if c := before.PieceAt(m.To()); c != chess.NoPiece {
			s += ", capturing the " + c.String()
		}
		if pt := m.Promotion(); pt != chess.NoPieceType {
			s += ", promoting to a " + pt.String()
		}
	}
	switch after.Status() {
	case chess.Checkmate:
		return s + ", checkmate"
	case chess.Stalemate:
		return s + ", stalemate"
	case chess.VariantEnd:
		return s + ": " + after.Outcome().Reason
	}
	if after.InCheck() {
		if after.Checkers().Count() > 1 {
			return s + ", double check"
		}
		return s + ", check"
	}
	return s
}

// squareMarkdown describes square sq in pos (nil: unknown) at the point
// when; before, if set and different, is shown too. Its first line says
// what stands on the square; the pieces attacking it follow.
func squareMarkdown(sq chess.Square, pos, before *chess.Position, when string) string {
	colour := "dark square"
	if chess.SquareColor(sq) == chess.White {
		colour = "light square"
	}
	var b strings.Builder
	b.WriteString("**Square " + sq.String() + "** — " + colour + "; ")
	if pos == nil {
		b.WriteString(when + ": the position is not known (an illegal move or an invalid start position comes first)")
		return b.String()
	}
	b.WriteString(when + ": " + chessPieceName(pos.PieceAt(sq)))
	if before != nil && before != pos && before.PieceAt(sq) != pos.PieceAt(sq) {
		b.WriteString(" (before it: " + chessPieceName(before.PieceAt(sq)) + ")")
	}
	b.WriteString("\n")
	for _, c := range []chess.Color{chess.White, chess.Black} {
		var names []string
		for s := range pos.Attackers(sq, c).Squares() {
			names = append(names, pos.PieceAt(s).Type().String()+" "+s.String())
		}
		b.WriteString("\n- attacked by " + c.String() + ": " + listOrNothing(names))
	}
	return b.String()
}

func chessPieceName(p chess.Piece) string {
	if p == chess.NoPiece {
		return "empty"
	}
	return p.String()
}

func listOrNothing(names []string) string {
	if len(names) == 0 {
		return "nothing"
	}
	return strings.Join(names, ", ")
}

// ctlMoveMarkdown describes a CTL-AN move, with the board to show.
func ctlMoveMarkdown(g *syntax.Game, node *syntax.Move, key int, onHex bool) (string, *hoverBoard) {
	start := ctllegality.StartOf(g)
	letters := start.Letters
	m := replayCTL(g, start, map[*syntax.Move]bool{node: true})[node]
	label := node.Text
	if m != nil {
		label = ctlNumber(m.ply, start.NumberKnown) + " " + node.Text
	}
	var b strings.Builder
	var bd *hoverBoard
	var details []string // the paragraphs after the hex
	b.WriteString("**Move " + label + "** — ")
	switch {
	case m == nil || !m.hasBefore:
		b.WriteString("not replayed: an earlier move of its line failed, or the start position is invalid.")
	case !m.hasAfter:
		msg := "not a CTL-AN move"
		if m.err != nil {
			msg = m.err.Msg
		}
		b.WriteString("illegal here: " + msg + ".")
		details = append(details, "The board shows the position before the move, "+m.before.Turn().String()+" to move.")
		bd = hexBoard(&m.before, letters)
	default:
		b.WriteString(capitalize(describeHexMove(&m.before, &m.after, m.move)) + ".")
		if m.err != nil {
			details = append(details, "Note: "+m.err.Msg+".")
		}
		ply := "Ply " + strconv.Itoa(m.ply+1) + " · move " + strconv.Itoa(m.ply/2+1) + ", " + m.before.Turn().String()
		if !start.NumberKnown {
			ply += " (counted from 1?; the real number is unknown)"
		}
		details = append(details, ply+" · "+depthNote(m.depth), "PDTL `"+m.after.PDTL(letters)+"`")
		bd = hexBoard(&m.after, letters, m.move.From, m.move.To)
	}
	if onHex {
		var pos, before *cescacs.Position
		if m != nil && m.hasBefore {
			pos, before = &m.before, &m.before
			if m.hasAfter {
				pos = &m.after
			}
		}
		when := "before " + node.Text
		if m != nil && m.hasAfter {
			when = "after " + node.Text
		}
		b.WriteString("\n\n" + hexMarkdown(cescacs.Hex(key), pos, before, when, letters))
		if len(details) > 0 {
			b.WriteString("\n\n---")
		}
	}
	for _, d := range details {
		b.WriteString("\n\n" + d)
	}
	return b.String(), bd
}

// ctlNumber returns the move number of ply as written in CTL-PGN:
// "12." for White, "12. …," for Black, with "?" for unknown numbering.
func ctlNumber(ply int, known bool) string {
	n := strconv.Itoa(ply/2 + 1)
	if !known {
		n += "?"
	} else {
		n += "."
	}
	if ply%2 == 1 {
		n += " …,"
	}
	return n
}

// article returns the name of k with its indefinite article.
func article(k cescacs.Kind) string {
	if k == cescacs.Elephant {
		return "an elephant"
	}
	return "a " + k.String()
}

// describeHexMove says in words what the legal move m of before does.
func describeHexMove(before, after *cescacs.Position, m cescacs.Move) string {
	us, them := before.Turn(), before.Turn().Other()
	var s string
	switch m.Kind {
	case cescacs.MoveCastling:
		with := map[byte]string{'K': "the king's rook", 'D': "the queen's rook", 'R': "both rooks"}[m.Castle.Side()]
		s = us.String() + " castles " + m.Castle.String() + " with " + with
	case cescacs.MoveDeferred:
		s = "the " + us.String() + " pawn on " + m.From.String() + " is promoted to " + article(m.Promotion) + " (deferred promotion)"
	default:
		s = us.String() + " " + m.Piece.String() + " from " + m.From.String() + " to " + m.To.String()
		if m.Captured != cescacs.NoKind {
			victim := them.String() + " " + m.Captured.String()
			switch m.Kind {
			case cescacs.MoveEnPassant:
				s += ", capturing the " + victim + " en passant"
			case cescacs.MoveLongEnPassant:
				s += ", capturing the " + victim + " by long en passant"
			case cescacs.MoveScornful:
				s += ", capturing the scornful " + victim
			default:
				s += ", capturing the " + victim
			}
		}
		switch m.Promotion {
		case cescacs.NoKind:
		case cescacs.Pawn:
			s += ", awaiting promotion"
		default:
			s += ", promoting to " + article(m.Promotion)
		}
	}
	st := after.Status()
	switch {
	case st.Checkmate:
		return s + ", checkmate"
	case st.Stalemate:
		return s + ", stalemate (a minimal win for " + us.String() + ")"
	}
	switch st.Check {
	case cescacs.CheckDistant:
		s += ", check from afar (+∞)"
	case cescacs.CheckAdjoining:
		s += ", adjoining check (+^)"
	case cescacs.CheckDouble:
		s += ", double check (++)"
	case cescacs.CheckPlain:
		s += ", check"
	}
	if st.Draw != cescacs.NoDraw {
		s += ", drawn: " + st.Draw.String()
	}
	return s
}

// hexColours names the hex colours for hovers.
var hexColours = [3]string{cescacs.HexBlack: "black hex", cescacs.HexWhite: "white hex", cescacs.HexColour: "colour hex (the third tint)"}

// hexMarkdown describes hex h in pos (nil: unknown) at the point when;
// before, if set and different, is shown too.
func hexMarkdown(h cescacs.Hex, pos, before *cescacs.Position, when string, letters *cescacs.Alphabet) string {
	if !h.Valid() {
		return ""
	}
	var b strings.Builder
	b.WriteString("**Hex " + h.String() + "** — " + hexColours[h.Color()] + ", line " + strconv.Itoa(h.Line()) + "; ")
	if pos == nil {
		b.WriteString(when + ": the position is not known (a failed move or an invalid start position comes first)")
	} else {
		b.WriteString(when + ": " + hexPieceName(pos.At(h), letters))
		if before != nil && before != pos && before.At(h) != pos.At(h) {
			b.WriteString(" (before it: " + hexPieceName(before.At(h), letters) + ")")
		}
	}
	b.WriteString("\n")
	for _, n := range hexNotes(h) {
		b.WriteString("\n- " + n)
	}
	if pos == nil {
		return b.String()
	}
	for _, c := range []cescacs.Color{cescacs.White, cescacs.Black} {
		var names []string
		at := hexAttackers(pos, h, c)
		slices.Sort(at)
		for _, x := range at {
			names = append(names, pos.At(x).Kind().String()+" "+x.String())
		}
		b.WriteString("\n- attacked by " + c.String() + ": " + listOrNothing(names))
	}
	return b.String()
}

// hexPieceName names a piece with its symbol in force: "white knight (N)".
func hexPieceName(pc cescacs.Piece, letters *cescacs.Alphabet) string {
	if pc == cescacs.NoPiece {
		return "empty"
	}
	return pc.Color().String() + " " + pc.Kind().String() + " (" + letters.PieceSymbol(pc) + ")"
}

// hexNotes lists the special roles of a hex (§1.5).
func hexNotes(h cescacs.Hex) []string {
	var notes []string
	if h.String() == "F14" {
		notes = append(notes, "the centre")
	}
	for _, c := range []cescacs.Color{cescacs.White, cescacs.Black} {
		side := c.String()
		if h.IsPromotion(c) {
			notes = append(notes, side+" promotion hex")
		}
		if h.IsTripleStep(c) {
			notes = append(notes, side+" pawns' triple-step hex")
		}
		if h == cescacs.KingHome(c) {
			notes = append(notes, side+" king's home")
		}
		if h == cescacs.RookHome(c, true) {
			notes = append(notes, side+" king's rook home")
		}
		if h == cescacs.RookHome(c, false) {
			notes = append(notes, side+" queen's rook home")
		}
		if leap := cescacs.LeapHexes(c); slices.Contains(leap[:], h) {
			notes = append(notes, side+" king's leap hex")
		}
	}
	return notes
}
