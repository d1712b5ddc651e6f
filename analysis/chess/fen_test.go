package chess

import (
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	tests := []struct {
		in, out  string
		chess960 bool
	}{
		{StartFEN, StartFEN, false},
		{"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 40", "", false},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "", false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
			"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true},
		// X-FEN: a file letter for a castling rook that is not the outermost.
		{"rr2k2r/8/8/8/8/8/8/1R2K1RR w GBhb - 0 1", "rr2k2r/8/8/8/8/8/8/1R2K1RR w GQkb - 0 1", true},
		{"rr2k2r/8/8/8/8/8/8/1R2K1RR w GQkb - 0 1", "", true},
		// Four fields: the clocks default.
		{"4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false},
		{"4k3/8/8/8/8/8/8/4K3 b - - 0 0", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", false},
	}
	for _, tt := range tests {
		if tt.out == "" {
			tt.out = tt.in
		}
		p, err := ParseFEN(tt.in, tt.chess960)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", tt.in, err)
			continue
		}
		if got := p.FEN(); got != tt.out {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.in, got, tt.out)
		}
	}
}

func TestFENProblems(t *testing.T) {
	// A problem is expected to cover the last occurrence of at in the FEN
	// (the end of the FEN if at is empty); fixed is the FEN after its fix
	// ("" if it has none).
	type problem struct {
		at    string
		kind  FENKind
		msg   string
		fixed string
	}
	const (
		bad  = FENInvalid
		mal  = FENMalformed
		imp  = FENImpossible
		warn = FENWarning
	)
	tests := []struct {
		fen      string
		chess960 bool
		want     []problem
	}{
		{"", false, []problem{{"", bad, "empty FEN", ""}}},
		{"4k3/8/8/8/8/8/8/4K3 w - -", false, []problem{
			{"", warn, "missing halfmove clock and fullmove number: assuming 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0", false, []problem{
			{"", warn, "missing fullmove number: assuming 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 0", false, []problem{
			{"0", warn, "fullmove number 0: numbering starts at 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}},
		// Fewer fields, as python-chess reads them: the defaults are w - - 0 1.
		{"4k3/8/8/8/8/8/8/4K3 b", false, []problem{
			{"", warn, "missing castling rights, en passant square, halfmove clock and fullmove number: assuming - - 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"}}},
		{"4k3/8/8/8/8/8/8/4K3 ", false, []problem{
			{"", warn, "missing side to move, castling rights, en passant square, halfmove clock and fullmove number: assuming w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 "}}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", false, []problem{
			{"extra", bad, "unexpected text after the fullmove number", ""}}},
		{"4k3/8/8 w - - 0 1", false, []problem{
			{"4k3/8/8", bad, "piece placement has 3 ranks, want 8", ""}}},
		{"4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", false, []problem{
			{"/8", bad, "more than 8 ranks", ""}}},
		{"4k3/8/8/8/8/7/8/4K3 w - - 0 1", false, []problem{
			{"7", bad, "rank 3 has 7 squares, want 8", ""}}},
		{"4k3/8/8/8/8/44P/8/4K3 w - - 0 1", false, []problem{
			{"44P", bad, "rank 3 has 9 squares, want 8", ""}}},
		// Digits side by side: one problem per rank, the position is clear.
		{"4k3/8/8/8/8/44/8/4K3 w - - 0 1", false, []problem{
			{"44", mal, `digits side by side in rank 3 ("44"): each run of empty squares is one digit, "8"`, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}},
		{"4k3/8/8/8/8/8/8/4K111 w - - 0 1", false, []problem{
			{"111", mal, `digits side by side in rank 1 ("111"): each run of empty squares is one digit, "3"`, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}},
		{"4k3/8/8/8/8/8/8/13K21 w - - 0 1", false, []problem{
			{"13K21", mal, `digits side by side in rank 1 ("13K21"): each run of empty squares is one digit, "4K3"`, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}},
		{"4k3/8/8/8/8/7x/8/4K3 w - - 0 1", false, []problem{
			{"x", bad, "invalid piece letter 'x' in piece placement", ""}}},
		{"4k3/8/8/8/8/7♞/8/4K3 w - - 0 1", false, []problem{
			{"♞", bad, "invalid character '♞' in piece placement", ""}}},
		{"4k3/8/8/8/8/5xyz/8/4K3 w - - 0 1", false, []problem{
			{"xyz", bad, `invalid characters "xyz" in piece placement`, ""}}},
		// One mistake, one problem: a rank with an invalid character is
		// not also counted short or long.
		{"4k3/8/8/8/8/9/8/4K3 w - - 0 1", false, []problem{
			{"9", bad, "invalid digit '9' in piece placement: a run of empty squares is 1 to 8", ""}}},
		{"4k3/8/8/8/8/08/8/4K3 w - - 1 2", false, []problem{
			{"0", bad, "invalid digit '0' in piece placement: a run of empty squares is 1 to 8", ""}}},
		{"4k3/8/8/8/8/7x1/8/4K3 w - - 0 1", false, []problem{
			{"x", bad, "invalid piece letter 'x' in piece placement", ""}}},
		{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", false, []problem{
			{"x", bad, "side to move must be 'w' or 'b', not \"x\"", ""}}},
		{"4k3/8/8/8/8/8/8/8 w - - 0 1", false, []problem{
			{"4k3/8/8/8/8/8/8/8", bad, "no white king: each side must have exactly one king", ""}}},
		{"4k3/8/8/8/8/8/8/k3K3 w - - 0 1", false, []problem{
			{"k3/8/8/8/8/8/8/k", bad, "2 black kings: each side must have exactly one king", ""}}},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", false, []problem{
			{"P", bad, "white pawn on a8: pawns cannot stand on the first or last rank", ""}}},
		{"PpP1k3/8/8/8/8/8/8/4K3 w - - 0 1", false, []problem{
			{"PpP", bad, "white pawn on a8, black pawn on b8 and white pawn on c8: pawns cannot stand on the first or last rank", ""}}},
		{"4k3/8/8/8/8/8/8/4K2R b - - 0 1", false, nil},
		{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", false, []problem{
			{"w", bad, "it is white's move, but the black king is in check from the white rook on h8", ""}}},
		{"4k2R/8/8/8/8/8/8/4K3", false, []problem{
			{"", warn, "missing side to move, castling rights, en passant square, halfmove clock and fullmove number: assuming w - - 0 1", ""},
			{"4k2R/8/8/8/8/8/8/4K3", bad, "it is white's move, but the black king is in check from the white rook on h8", ""}}},
		// Material and checks that no legal game reaches (python-chess
		// STATUS_TOO_MANY_*, STATUS_TOO_MANY_CHECKERS, STATUS_IMPOSSIBLE_CHECK).
		{"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", false, []problem{
			{"P7/PPPPPPPP", imp, "9 white pawns: a side has at most 8", ""}}},
		{"rnbqkbnr/pppppppp/8/8/8/1N6/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, []problem{
			{"N6/PPPPPPPP/RNBQKBNR", imp, "17 white men (pieces and pawns): a side has at most 16", ""}}},
		{"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, []problem{
			{"P7/PPPPPPPP", imp, "9 white pawns: a side has at most 8", ""}}},
		{"4k3/8/8/8/8/8/8/r3K2r w - - 0 1", false, []problem{
			{"r3K2r", imp, "the white king on e1 is in check from both sides of one line, by the black rook on a1 and black rook on h1: no move gives these two checks", ""}}},
		{"4k3/8/8/8/4q3/3n4/8/r3K3 w - - 0 1", false, []problem{
			{"q3/3n4/8/r3K", imp, "the white king on e1 is in check from 3 pieces, the black rook on a1, black knight on d3 and black queen on e4: no move gives more than a double check", ""}}},
		{"4k3/8/8/8/4q3/3n4/8/4K3 w - - 0 1", false, nil}, // a double check
		// En passant squares the position cannot have are dropped.
		{"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", false, []problem{
			{"e9", bad, "en passant square must be a square such as e3 or '-', not \"e9\"", ""}}},
		{"4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", false, []problem{
			{"e3", warn, "en passant square e3 is impossible with white to move: it must be on rank 6", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"}}},
		{"4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1", false, []problem{
			{"e6", warn, "en passant square e6 is impossible with black to move: it must be on rank 3", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", false, []problem{
			{"e6", warn, "en passant square e6, but there is no black pawn on e5", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}},
		{"4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", false, []problem{
			{"e6", warn, "en passant square e6, but e7 is occupied, so no pawn can just have passed it", "4k3/4n3/8/4p3/8/8/8/4K3 w - - 0 1"}}},
		// The double step an en passant square implies must explain the
		// check (python-chess STATUS_IMPOSSIBLE_CHECK); the square is kept.
		{"4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 1", false, []problem{
			{"d6", imp, "en passant square d6 means that black just played d7-d5, but before that move the white king was in check from the black rook on a1", ""}}},
		{"4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1", false, nil},   // the pawn gives check
		{"4k3/8/8/KPp4r/8/8/8/8 w - c6 0 1", false, nil},    // no check
		{"4b3/8/8/1K1pP3/8/8/8/4k3 w - d6 0 1", false, nil}, // d7-d5 uncovered the bishop
		{"4k3/8/8/1K1pP3/8/8/8/1r6 w - d6 0 1", false, []problem{
			{"d6", imp, "en passant square d6 means that black just played d7-d5, but before that move the white king was in check from the black rook on b1", ""}}},
		// Beyond python-chess: no check now, but one before the double step.
		{"4k3/8/8/1K1p3r/8/8/8/8 w - d6 0 1", false, []problem{
			{"d6", imp, "en passant square d6 means that black just played d7-d5, but before that move the white king was in check from the black rook on h5", ""}}},
		{"4k3/8/4K3/3p4/8/8/8/8 w - d6 0 1", false, []problem{
			{"d6", imp, "en passant square d6 means that black just played d7-d5, but before that move the white king was in check from the black pawn on d7", ""}}},
		{"4k3/8/8/1K1pP2r/8/8/8/8 w - d6 0 1", false, nil},
		{"4k3/8/8/2KpP3/8/1n6/8/2r5 w - d6 0 1", false, []problem{
			{"d6", imp, "en passant square d6 means that black just played d7-d5, which cannot give a double check", ""}}},
		{"4k3/8/8/2KpP3/8/1n6/8/2r5 w - - 0 1", false, nil},
		// Castling rights the position cannot have are dropped.
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", false, []problem{
			{"K", warn, "castling right 'K', but there is no white rook on the kingside of the king on e1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}},
		{"4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", false, []problem{
			{"K", warn, "castling right 'K', but there is no white rook on the kingside of the king on e1", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"}}},
		{"r3k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", false, []problem{
			{"K", warn, "castling right 'K', but there is no white rook on the kingside of the king on e1", "r3k3/8/8/8/8/8/8/4K3 w q - 0 1"},
			{"Q", warn, "castling right 'Q', but there is no white rook on the queenside of the king on e1", "r3k3/8/8/8/8/8/8/4K3 w q - 0 1"},
			{"k", warn, "castling right 'k', but there is no black rook on the kingside of the king on e8", "r3k3/8/8/8/8/8/8/4K3 w q - 0 1"}}},
		{"4k3/8/8/8/8/8/8/R4K2 w Q - 0 1", false, []problem{
			{"Q", warn, "castling right 'Q' needs the white king on e1 unless the game is Chess960", "4k3/8/8/8/8/8/8/R4K2 w - - 0 1"}}},
		{"4k3/8/8/8/8/8/4K3/R7 w Q - 0 1", false, []problem{
			{"Q", warn, "castling right 'Q', but the white king on e2 is not on its back rank", "4k3/8/8/8/8/8/4K3/R7 w - - 0 1"}}},
		{"4k3/8/8/8/8/8/8/2R1K3 w C - 0 1", false, []problem{
			{"C", warn, "castling right 'C' with the rook on c1 is possible only in Chess960", "4k3/8/8/8/8/8/8/2R1K3 w - - 0 1"}}},
		{"4k3/8/8/8/8/8/8/2R1K3 w C - 0 1", true, nil},
		{"4k3/8/8/8/8/8/8/4K3 w D - 0 1", true, []problem{
			{"D", warn, "castling right 'D', but there is no white rook on d1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}},
		{"4k3/8/8/8/8/8/8/R3K2R w KKx - 0 1", false, []problem{
			{"x", bad, "invalid castling right 'x'", ""},
			{"K", warn, "castling right 'K' repeats an earlier one", ""}}},
		{"4k3/8/8/8/8/8/8/R3K2R w KQK - 0 1", false, []problem{
			{"K", warn, "castling right 'K' repeats an earlier one", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"}}},
		// Two rights for one flank: the outermost rook is kept.
		{"4k3/8/8/8/8/8/8/R3KR1R w HF - 0 1", true, []problem{
			{"F", warn, "castling right 'F' conflicts with castling with the rook on h1", "4k3/8/8/8/8/8/8/R3KR1R w H - 0 1"}}},
		{"4k3/8/8/8/8/8/8/R3KR1R w FH - 0 1", true, []problem{
			{"F", warn, "castling right 'F' conflicts with 'H', which names the outer rook on h1", "4k3/8/8/8/8/8/8/R3KR1R w H - 0 1"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - - x 1", false, []problem{
			{"x", bad, "\"x\" is not a non-negative integer", ""}}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999", false, []problem{
			{"99999999999999999999", bad, "number 99999999999999999999 is too large", ""}}},
	}
	for _, tt := range tests {
		p, problems := CheckFEN(tt.fen, tt.chess960)
		if len(problems) != len(tt.want) {
			t.Errorf("CheckFEN(%q) = %v, want %d problems", tt.fen, problems, len(tt.want))
			continue
		}
		for i, e := range problems {
			w := tt.want[i]
			off := strings.LastIndex(tt.fen, w.at)
			if w.at == "" {
				off = len(strings.TrimRight(tt.fen, " "))
			}
			if e.Offset != off || e.End != off+len(w.at) || e.Kind != w.kind || e.Msg != w.msg {
				t.Errorf("CheckFEN(%q) problem %d = [%d,%d) %v %q\n\twant [%d,%d) %v %q", tt.fen, i,
					e.Offset, e.End, e.Kind, e.Msg, off, off+len(w.at), w.kind, w.msg)
			}
			if w.fixed == "" {
				if e.Fix != nil && w.at != "" {
					t.Errorf("CheckFEN(%q) problem %d has an unexpected fix %+v", tt.fen, i, *e.Fix)
				}
				continue
			}
			if e.Fix == nil {
				t.Errorf("CheckFEN(%q) problem %d has no fix, want %q", tt.fen, i, w.fixed)
				continue
			}
			if got := applyFENFix(tt.fen, e.Fix); got != w.fixed {
				t.Errorf("CheckFEN(%q) problem %d: fix %q gives %q, want %q", tt.fen, i, e.Fix.Title, got, w.fixed)
			}
		}
		checkFixes(t, tt.fen, tt.chess960, p, problems)
	}
}

// applyFENFix returns fen with the fix applied.
func applyFENFix(fen string, fix *FENFix) string {
	return fen[:fix.Offset] + fix.New + fen[fix.End:]
}

// checkFixes checks that every fix of a usable FEN removes its problem
// without changing the position.
func checkFixes(t *testing.T, fen string, chess960 bool, p Position, problems []*FENError) {
	t.Helper()
	for _, e := range problems {
		if !e.Usable() {
			return
		}
	}
	for _, e := range problems {
		if e.Fix == nil {
			continue
		}
		fixed := applyFENFix(fen, e.Fix)
		q, after := CheckFEN(fixed, chess960)
		if q != p || len(after) >= len(problems) {
			t.Errorf("CheckFEN(%q): fix %q gives %q, whose position is %q with problems %v; want %q with fewer problems",
				fen, e.Fix.Title, fixed, q.FEN(), after, p.FEN())
		}
	}
}

func TestParseFENError(t *testing.T) {
	_, err := ParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 0", false)
	if err != nil {
		t.Errorf("ParseFEN with a warning only: %v", err)
	}
	_, err = ParseFEN("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", false)
	e, ok := err.(*FENError)
	if !ok || e.Kind != FENInvalid || e.Offset != 24 || e.End != 26 {
		t.Fatalf("ParseFEN error = %#v, want *FENError at [24,26)", err)
	}
	if want := `invalid FEN at offset 24: en passant square must be a square such as e3 or '-', not "e9"`; e.Error() != want {
		t.Errorf("Error() = %q, want %q", e.Error(), want)
	}
	// ParseFEN refuses the positions CheckFEN returns despite an error.
	_, err = ParseFEN("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", false)
	if e, ok := err.(*FENError); !ok || e.Kind != FENImpossible || e.Error() != "impossible position in FEN at offset 12: 9 white pawns: a side has at most 8" {
		t.Errorf("ParseFEN error = %v, want the impossible position", err)
	}
}
