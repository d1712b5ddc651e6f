package match

import (
	"strings"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

const najdorf = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"

func TestPositions(t *testing.T) {
	placement := strings.Fields(najdorf)[0]
	for _, tc := range []struct {
		name string
		spec Spec
		want string
	}{
		{"FEN, transpositions", Spec{FEN: []string{najdorf}}, "1 2 9"},
		{"FEN placement only", Spec{FEN: []string{placement}}, "1 2 9"},
		{"FEN with the wrong side", Spec{FEN: []string{placement + " b"}}, ""},
		{"FEN with castling", Spec{FEN: []string{placement + " w KQkq"}}, "1 2 9"},
		{"FEN with other castling", Spec{FEN: []string{placement + " w Kkq"}}, ""},
		{"FEN in variations", Spec{FEN: []string{najdorf}, Variations: true}, "1 2 4 9"},
		{"either FEN", Spec{FEN: []string{najdorf, "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3"}}, "1 2 3 9"},
		{"start position", Spec{FEN: []string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}, "1 2 3 4 8 9"}, // crazyhouse too
		{"a knight promoted", Spec{FEN: []string{"N7/7k/8/8/8/8/6K1/8 b - - 0 1"}}, "5"},
		{"Chess960 castled", Spec{FEN: []string{"bqnbrrk1/pppppp1p/6n1/6p1/6P1/6N1/PPPPPP1P/BQNBRRK1 w - - 4 4"}}, "7"},
		{"crazyhouse drop", Spec{FEN: []string{"rnb1kbnr/ppp1pppp/8/q2P4/8/2N5/PPPP1PPP/R1BQKBNR"}}, "8"},
		{"reaches", Spec{Reaches: []string{"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6"}}, "1 2 9"},
		{"reaches without numbers", Spec{Reaches: []string{"e4 c5 Nc3 d6 Nge2 Nf6 d4 cxd4 Nxd4 a6"}}, "1 2 9"},
		{"pattern: white pawns on d4 and e4", Spec{FENPattern: []string{"*/*/*/*/???PP???/*/*/*"}}, "1 2 9"},
		{"pattern: white pawns on c4 and d4", Spec{FENPattern: []string{"*/*/*/*/??PP*/*/*/*"}}, "3"},
		{"pattern: home pieces", Spec{FENPattern: []string{"rnbqkbnr/*/*/*/*/*/*/RNBQKBNR"}}, "1 2 3 4 8 9"},
		{"pattern: a knight on a8", Spec{FENPattern: []string{"N*/*/*/*/*/*/*/*"}}, "5"},
		{"pattern: a white piece on a8", Spec{FENPattern: []string{"A7/*/*/*/*/*/*/*"}}, "5 6"},
		{"pattern: queen on a8 as written", Spec{FENPattern: []string{"Q7/*/*/*/*/*/*/*"}}, "6"},
		{"pattern: queen on a1, as written", Spec{FENPattern: []string{"*/*/*/*/*/*/*/q7"}}, ""},
		{"pattern: black queen on a1, either", Spec{FENPatternEither: []string{"*/*/*/*/*/*/*/q7"}}, "6"}, // a white queen on a8
		{"pattern: black queen on a8, either", Spec{FENPatternEither: []string{"q7/*/*/*/*/*/*/*"}}, ""},
		{"pattern with a set", Spec{FENPattern: []string{"[NQ]7/*/*/*/*/*/*/*"}}, "5 6"},
		{"pattern with a side", Spec{FENPattern: []string{"N7/*/*/*/*/*/*/* w"}}, "5"},
		{"pattern: Najdorf's a6 and d6", Spec{FENPattern: []string{"*/*/p2p*/*/*/*/*/*"}}, "1 2 9"},
		{"pattern: a6, d6 and nothing else", Spec{FENPattern: []string{"*/*/p2p4/*/*/*/*/*"}}, ""},
	} {
		if got := selected(t, "positions.pgn", tc.spec); got != tc.want {
			t.Errorf("%s: got games %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestPositionsFrom(t *testing.T) {
	set := NewPositions()
	// The Najdorf line alone: the positions after each of its moves.
	line := syntax.Parse("line.pgn", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n", syntax.PGN)
	for _, r := range line.Games() {
		if n := set.Add(r.Game, syntax.PGN); n != 10 {
			t.Fatalf("added %d positions, want 10", n)
		}
	}
	// Every game with 1. e4 reaches a position of the line.
	if got := selected(t, "positions.pgn", Spec{Positions: set}); got != "1 2 4 8 9" {
		t.Errorf("got games %q, want 1 2 4 8 9", got)
	}
}

func TestFENErrors(t *testing.T) {
	for _, tc := range []struct{ fen, msg string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP", "rank"},
		{"", "empty FEN"},
		{"8/8/8/8/8/8/8/8 w", "king"},
	} {
		_, err := Compile(Spec{FEN: []string{tc.fen}})
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want one about %q", tc.fen, err, tc.msg)
		}
	}
	for _, tc := range []struct{ pat, msg string }{
		{"*/*/*/*/*/*/*", "7 ranks"},
		{"*/*/*/*/*/*/*/*/*", "more than eight"},
		{"9/*/*/*/*/*/*/*", "'9'"},
		{"ppppppppp/*/*/*/*/*/*/*", "9 squares"},
		{"pppp/*/*/*/*/*/*/*", "4 squares"},
		{"[Xp]7/*/*/*/*/*/*/*", "'X' in a set"},
		{"[p7/*/*/*/*/*/*/*", "not closed"},
		{"*/*/*/*/*/*/*/* x", "side to move"},
	} {
		_, err := Compile(Spec{FENPattern: []string{tc.pat}})
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want one about %q", tc.pat, err, tc.msg)
		}
	}
}
