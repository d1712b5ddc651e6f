package query

import (
	"strconv"
	"strings"
)

// The text of a Board for terminal clients (Neovim, Emacs), which show
// it as it is: the diagram drawn as hovers draw it, then what the board
// cannot show, then the moves of the line around the current one.

// Moves of the line that the text lists: up to textBefore before the
// current one and the rest of textMoves after it.
const (
	textMoves  = 11
	textBefore = 4
)

// boardText returns the text of b: diagram (the board as chessText or
// hexText draws it; "" when the position is not known), a line with the
// side to move (turn, "" when not known), the ply and the line, the last
// move, the eval and clock, the arrows and marked squares, the FEN or
// PDTL (named by posName), the moves of the line (">" marks the current
// one, or "(start)" before the first) with the first moves of the
// variations that replace them, and the note.
func boardText(b *Board, diagram, turn, posName string) string {
	var t strings.Builder
	if diagram != "" {
		t.WriteString(diagram + "\n\n")
	}
	head := []string{}
	if turn != "" {
		head = append(head, capitalize(turn)+" to move")
	}
	head = append(head, "ply "+strconv.Itoa(b.Ply), depthNote(b.Depth))
	t.WriteString(capitalize(strings.Join(head, " · ")) + "\n")
	if lm := b.LastMove; lm != nil {
		t.WriteString("Last move ")
		// The move shown is the current one, or the one before it when
		// the current one cannot be played; before the first move of a
		// variation it is in an enclosing line.
		shown := b.Current
		if shown >= 0 && b.Moves[shown].Illegal {
			shown--
		}
		if shown >= 0 {
			if m := b.Moves[shown]; m.Number != "" {
				t.WriteString(m.Number + " ")
			}
			t.WriteString(b.Moves[shown].SAN + " (" + lm.From + "-" + lm.To + ")\n")
		} else {
			t.WriteString(lm.From + "-" + lm.To + "\n")
		}
	}
	a := &b.Annotations
	var ec []string
	if e := a.Eval; e != nil {
		s := "eval " + e.Text
		if e.Depth > 0 {
			s += " (depth " + strconv.Itoa(e.Depth) + ")"
		}
		ec = append(ec, s)
	}
	if a.Clock != "" {
		ec = append(ec, "clock "+a.Clock)
	}
	if len(ec) > 0 {
		t.WriteString(capitalize(strings.Join(ec, " · ")) + "\n")
	}
	if len(a.Arrows) > 0 {
		s := make([]string, len(a.Arrows))
		for i, ar := range a.Arrows {
			s[i] = ar.Color + " " + ar.From + "-" + ar.To
		}
		t.WriteString("Arrows " + strings.Join(s, ", ") + "\n")
	}
	if len(a.Squares) > 0 {
		s := make([]string, len(a.Squares))
		for i, sq := range a.Squares {
			s[i] = sq.Color + " " + sq.Square
		}
		t.WriteString("Squares " + strings.Join(s, ", ") + "\n")
	}
	if b.Position != "" {
		t.WriteString(posName + " " + b.Position + "\n")
	}
	if len(b.Moves) > 0 {
		t.WriteByte('\n')
		writeMoves(&t, b.Moves, b.Current)
	}
	if b.Note != "" {
		t.WriteString("\nNote: " + b.Note + "\n")
	}
	return strings.TrimSuffix(t.String(), "\n")
}

// writeMoves lists up to textMoves moves of a line around the current
// one, one a line, "…" where the list is cut.
func writeMoves(t *strings.Builder, moves []BoardMove, current int) {
	lo := min(max(current-textBefore, 0), max(len(moves)-textMoves, 0))
	hi := min(len(moves), lo+textMoves)
	mark := func(i int) string {
		if i == current {
			return "> "
		}
		return "  "
	}
	if lo == 0 {
		t.WriteString(mark(-1) + "(start)\n")
	} else {
		t.WriteString("  …\n")
	}
	for i := lo; i < hi; i++ {
		m := moves[i]
		t.WriteString(mark(i))
		if m.Number != "" {
			t.WriteString(m.Number + " ")
		}
		t.WriteString(m.SAN)
		for _, v := range m.Variations {
			t.WriteString("  (" + v.SAN + ")")
		}
		if m.Illegal {
			t.WriteString("  illegal")
		}
		t.WriteByte('\n')
	}
	if hi < len(moves) {
		t.WriteString("  …\n")
	}
}
