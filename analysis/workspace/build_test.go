package workspace

import (
	"strings"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// TestPlacer: the placer, which places each offset from the one before,
// places every token start of a game where place does, in order and
// after a step back, over lines of every ending, non-ASCII names and
// comments, and a byte that is not UTF-8; and for a game that starts in
// the middle of a line.
func TestPlacer(t *testing.T) {
	const text = "junk [Event \"Café\"]\r\n[White \"Ölçü 🐎\"]\n\n1. e4 {é 🐎} e5\r2. Nf3 \xe9 Nc6\n\n3. Bb5 a6 1-0\n"
	gr := syntax.NewGameReader(strings.NewReader(text), "t.pgn", syntax.PGN, false)
	for sg, ok := gr.Next(); ok; sg, ok = gr.Next() {
		var offs []syntax.Pos
		for _, tk := range syntax.Parse("", sg.Game.Text, syntax.PGN).Game(0).Game.Tokens {
			offs = append(offs, tk.Span.Start)
		}
		offs = append(offs, offs[len(offs)/2]) // a step back
		pl := placer{sg: sg}
		for _, rel := range offs {
			line, col := pl.place(rel)
			if wl, wc := place(sg, rel); line != wl || col != wc {
				t.Fatalf("game at %d, offset %d: placed at %d:%d, want %d:%d", sg.Start, rel, line, col, wl, wc)
			}
		}
	}
}
