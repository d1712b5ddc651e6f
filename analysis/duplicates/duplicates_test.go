package duplicates_test

import (
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/internal/duplicatestest"
	"github.com/pgnls/pgnls/syntax"
)

// check finds the repeated games of f, fingerprinting each game.
func check(f *syntax.File, cfg *analysis.Config) []analysis.Diagnostic {
	return duplicatestest.File(f, cfg)
}

func TestFile(t *testing.T) {
	for _, name := range []string{"games.pgn", "players.pgn"} {
		analysistest.RunFile(t, "../../testdata/analysis/duplicates/"+name, nil, check)
	}
}

// TestSame: Same, comparing moves, agrees with the fingerprints of Of,
// comparing hashes, on games spelt differently, from other positions,
// short games between other players, moves that cannot be played, and
// CTL-PGN.
func TestSame(t *testing.T) {
	game := func(text string, d syntax.Dialect) *syntax.Game {
		return syntax.Parse("t", text, d).Game(0).Game
	}
	const players = "[White \"Carlsen, Magnus\"]\n[Black \"Nakamura, Hikaru\"]\n"
	long := " 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *"
	for _, tc := range []struct {
		a, b string
		db   syntax.Dialect
		same bool
	}{
		{"1. e4 e5 2. Nf3 Nc6" + long, "1. e4 e5 2. Ngf3 Nbc6" + strings.ReplaceAll(long, "O-O", "0-0"), syntax.PGN, true},
		{"1. e4 e5 2. Nf3 Nc6" + long, "1. e4 e5 2. Nf3 Nf6" + long, syntax.PGN, false},
		{"1. e4 e5 2. Nf3 Nc6" + long, "1. e4 e5 2. Nf3 Nc6" + long, syntax.CTLPGN, false},
		{"1. e4 e5 2. Nf3 Nc6" + long, "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 9\"]\n\n1. e4 e5 2. Nf3 Nc6" + long, syntax.PGN, true},
		{"[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. Kd1 *", "[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 0 1\"]\n\n1. Kd1 *", syntax.PGN, false},
		{players + "\n1. e4 e5 *", players + "\n1. e4 e5 *", syntax.PGN, true},
		{players + "\n1. e4 e5 *", "[White \"Carlsen, M.\"]\n[Black \"Caruana, Fabiano\"]\n\n1. e4 e5 *", syntax.PGN, false},
		{"1. e4 e5 2. Qxf7 Kxf7" + long, "1. e4 e5 2. Qxf7 Kxf7" + long, syntax.PGN, true},
		{"1. e4 e5 2. Qxf7 Kxf7" + long, "1. e4 e5 2. Qxf8 Kxf7" + long, syntax.PGN, false},
	} {
		a, b := game(tc.a, syntax.PGN), game(tc.b, tc.db)
		if got := duplicates.Same(a, syntax.PGN, b, tc.db); got != tc.same {
			t.Errorf("Same(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
		fa, okA := duplicates.Of(a, syntax.PGN)
		fb, okB := duplicates.Of(b, tc.db)
		if hashed := okA && okB && fa.Moves == fb.Moves && fa.Check == fb.Check; hashed != tc.same {
			t.Errorf("Of(%q) and Of(%q) agree: %v, want %v", tc.a, tc.b, hashed, tc.same)
		}
	}
}
