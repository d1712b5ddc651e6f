package syntax

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestReparseChains: chains of random edits, each applied by Reparse to
// the file the one before made, as an editor's keystrokes and a
// formatting's many edits are; after every step the file is what a
// fresh parse of its text gives. The pieces hold what makes the
// scanner look ahead: nested braces, tag lines after comments, quotes.
func TestReparseChains(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"1. e4 e5 ", "{a {b} c}", "{é 🩐}", "}", "{", "\r\n", "\n", "\r", "[Event \"x\"]", "[W \"a\"b\"]", "*", "\n\n", "Nf3 ", "(", ")", "; c\n", "1-0"}
	for iter := range 400 {
		var b strings.Builder
		for range 10 + r.IntN(50) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		for _, compact := range []bool{false, true} {
			text := b.String()
			var f *File
			if compact {
				f = ParseCompact("c.pgn", text, PGN, 64)
			} else {
				f = Parse("c.pgn", text, PGN)
			}
			for step := range 12 {
				start := r.IntN(len(text) + 1)
				end := min(start+r.IntN(6), len(text))
				nu := ""
				if r.IntN(3) > 0 {
					nu = pieces[r.IntN(len(pieces))]
				}
				e := Edit{Span: Span{Start: Pos(start), End: Pos(end)}, New: nu}
				before := text
				f, _ = Reparse(f, e)
				text = e.Apply(text)
				if got, want := Dump(f), Dump(Parse("c.pgn", text, PGN)); got != want {
					t.Fatalf("iteration %d (compact %v), step %d: Reparse(%q, %+v) differs from a fresh parse\ngot\n%s\nwant\n%s", iter, compact, step, before, e, got, want)
				}
			}
		}
	}
}
