package query

import (
	"os"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// benchFile parses a shared corpus file, skipping the benchmark when it
// is not there.
func benchFile(b *testing.B, path string) *syntax.File {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skip(err)
	}
	return syntax.Parse(path, string(data), syntax.DetectDialect(path, string(data)))
}

func BenchmarkSemanticTokens(b *testing.B) {
	f := benchFile(b, "../../../shared/testdata/pgn/big/twic-01-232games.pgn")
	b.SetBytes(int64(f.Len()))
	for b.Loop() {
		SemanticTokens(f, syntax.Span{})
	}
}

func BenchmarkSymbolsFolds(b *testing.B) {
	f := benchFile(b, "../../../shared/testdata/pgn/big/twic-01-232games.pgn")
	b.SetBytes(int64(f.Len()))
	for b.Loop() {
		Symbols(f)
		Folds(f)
	}
}

// BenchmarkCompleteMoves completes the last move of the first game, the
// worst place: the whole game is replayed.
func BenchmarkCompleteMoves(b *testing.B) {
	benchAtLastMove(b, "no moves", func(f *syntax.File, off syntax.Pos) bool { return len(Complete(f, off, Options{})) > 0 })
}

// BenchmarkHoverMove hovers the last move of the first game.
func BenchmarkHoverMove(b *testing.B) {
	benchAtLastMove(b, "no hover", func(f *syntax.File, off syntax.Pos) bool { return HoverAt(f, off, Options{}) != nil })
}

// BenchmarkBoard asks for the board at the last move of the first
// game, SVG included.
func BenchmarkBoard(b *testing.B) {
	benchAtLastMove(b, "no board", func(f *syntax.File, off syntax.Pos) bool {
		bd := BoardAt(f, off, BoardOptions{})
		return bd != nil && bd.Position != ""
	})
}

// benchAtLastMove runs query at the last move of the first game of a
// PGN and a CTL-PGN file of the shared corpus, one sub-benchmark each;
// query reports whether it found something, else the benchmark fails
// with none.
func benchAtLastMove(b *testing.B, none string, query func(f *syntax.File, off syntax.Pos) bool) {
	for _, path := range []string{"../../../shared/testdata/pgn/big/twic-01-232games.pgn", "../../../shared/testdata/ctl-pgn/2020-07-20.ctl-pgn"} {
		b.Run(path[len("../../../shared/testdata/"):], func(b *testing.B) {
			f := benchFile(b, path)
			g := f.Game(0)
			off := g.Start + lastMove(b, g.Game).Sp.Start
			for b.Loop() {
				if !query(f, off) {
					b.Fatal(none)
				}
			}
		})
	}
}

// lastMove returns the last move of the main line of g.
func lastMove(b *testing.B, g *syntax.Game) *syntax.Move {
	m := lastMoveBefore(g.Moves, len(g.Moves))
	if m == nil {
		b.Fatal("no moves")
	}
	return m
}
