package legality

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/syntax"
)

// TestNumberBefore holds the analyzer's reading of move numbers (each
// move, as the replay visits it, looks back for its number) to a walk of
// the lines that carries the last number forward, as the analyzer read
// them before: the same numbers, each with the same ply, on the legality
// test files and on lines with comments, NAGs, glyphs, periods,
// variations and stray numbers.
func TestNumberBefore(t *testing.T) {
	type pair struct {
		n   *syntax.MoveNumber
		ply int
	}
	// walk is the forward reading: a number waits for the next move of
	// its line across comments, NAGs, glyphs and periods.
	var walk func(line []syntax.Elem, ply int, out *[]pair)
	walk = func(line []syntax.Elem, ply int, out *[]pair) {
		beforePly := ply
		var pending *syntax.MoveNumber
		for _, e := range line {
			switch n := e.(type) {
			case *syntax.MoveNumber:
				pending = n
			case *syntax.Move:
				if pending != nil {
					*out = append(*out, pair{pending, ply})
					pending = nil
				}
				beforePly = ply
				ply++
			case *syntax.Variation:
				walk(n.Elems, beforePly, out)
				pending = nil
			case *syntax.Comment, *syntax.NAG, *syntax.Glyph, *syntax.Ellipsis:
			default:
				pending = nil
			}
		}
	}
	texts := []string{
		"1. e4 {a} 1... e5 2. Nf3 $1 2... Nc6 3. Bb5 ! 3 . a6 *",
		"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6 {x} 2. d4) 2. Nf3 5. Nc6 *",
		"1. e4 1. 2. e5 ) 3. Nf3 1-0 4. d4",
		"[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 40\"]\n\n40... Kd7 41. Kd2 (41. Ke2 Ke6) 41... Kc6 *",
		"[FEN \"not a fen\"]\n\n1. e4 e5 2. Nf3 *",
		"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# (4. Qxf7 Ke7) 1-0",
	}
	files, _ := filepath.Glob("../../testdata/analysis/legality/*.pgn")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	for _, text := range texts {
		for _, r := range syntax.Parse("n.pgn", text, syntax.PGN).Games() {
			g := r.Game
			start := StartOf(g)
			if !start.Known {
				continue
			}
			var want, got []pair
			ply := 0
			if start.OK && start.Pos.SideToMove() == chess.Black {
				ply = 1
			}
			walk(g.Moves, ply, &want)
			replay(g, start, true, func(st *Step) bool {
				if n := numberBefore(st.Line, st.Index); n != nil {
					got = append(got, pair{n, st.Ply})
				}
				return true
			})
			if !slices.Equal(got, want) {
				t.Errorf("%q: numbers read %v, want %v", g.Text, got, want)
			}
		}
	}
}
