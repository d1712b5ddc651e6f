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
	// (the end of the FEN if at is empty).
	type problem struct {
		at      string
		warning bool
		msg     string
	}
	tests := []struct {
		fen      string
		chess960 bool
		want     []problem
	}{
		{"", false, []problem{{"", false, "empty FEN"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - -", false, []problem{
			{"", true, "missing halfmove clock and fullmove number: assuming 0 1"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0", false, []problem{
			{"", true, "missing fullmove number: assuming 1"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 0", false, []problem{
			{"0", true, "fullmove number 0: numbering starts at 1"}}},
		{"4k3/8/8/8/8/8/8/4K3 w", false, []problem{
			{"", false, "missing castling rights: a FEN has 6 fields"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", false, []problem{
			{"extra", false, "unexpected text after the fullmove number"}}},
		{"4k3/8/8 w - - 0 1", false, []problem{
			{"4k3/8/8", false, "piece placement has 3 ranks, want 8"}}},
		{"4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", false, []problem{
			{"/8", false, "more than 8 ranks"}}},
		{"4k3/8/8/8/8/7/8/4K3 w - - 0 1", false, []problem{
			{"7", false, "rank 3 has 7 squares, want 8"}}},
		{"4k3/8/8/8/8/44P/8/4K3 w - - 0 1", false, []problem{
			{"44P", false, "rank 3 has 9 squares, want 8"}}},
		{"4k3/8/8/8/8/7x/8/4K3 w - - 0 1", false, []problem{
			{"x", false, "invalid piece letter 'x' in piece placement"}}},
		{"4k3/8/8/8/8/7♞/8/4K3 w - - 0 1", false, []problem{
			{"♞", false, "invalid character '♞' in piece placement"}}},
		{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", false, []problem{
			{"x", false, "side to move must be 'w' or 'b', not \"x\""}}},
		{"4k3/8/8/8/8/8/8/8 w - - 0 1", false, []problem{
			{"4k3/8/8/8/8/8/8/8", false, "no white king: each side must have exactly one king"}}},
		{"4k3/8/8/8/8/8/8/k3K3 w - - 0 1", false, []problem{
			{"4k3/8/8/8/8/8/8/k3K3", false, "2 black kings: each side must have exactly one king"}}},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", false, []problem{
			{"P", false, "white pawn on a8: pawns cannot stand on the first or last rank"}}},
		{"4k3/8/8/8/8/8/8/4K2R b - - 0 1", false, nil},
		{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", false, []problem{
			{"w", false, "it is white's move, but the black king is in check from the white rook on h8"}}},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", false, []problem{
			{"K", false, "castling right 'K', but there is no white rook on the kingside of the king on e1"}}},
		{"4k3/8/8/8/8/8/8/R4K2 w Q - 0 1", false, []problem{
			{"Q", false, "castling right 'Q' needs the white king on e1 unless the game is Chess960"}}},
		{"4k3/8/8/8/8/8/4K3/R7 w Q - 0 1", false, []problem{
			{"Q", false, "castling right 'Q', but the white king on e2 is not on its back rank"}}},
		{"4k3/8/8/8/8/8/8/2R1K3 w C - 0 1", false, []problem{
			{"C", false, "castling right 'C' with the rook on c1 is possible only in Chess960"}}},
		{"4k3/8/8/8/8/8/8/2R1K3 w C - 0 1", true, nil},
		{"4k3/8/8/8/8/8/8/4K3 w D - 0 1", true, []problem{
			{"D", false, "castling right 'D', but there is no white rook on d1"}}},
		{"4k3/8/8/8/8/8/8/R3K2R w KKx - 0 1", false, []problem{
			{"x", false, "invalid castling right 'x'"},
			{"K", true, "castling right 'K' repeats an earlier one"}}},
		{"4k3/8/8/8/8/8/8/R3KR1R w HF - 0 1", true, []problem{
			{"F", false, "castling right 'F' conflicts with castling with the rook on h1"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", false, []problem{
			{"e9", false, "en passant square must be a square such as e3 or '-', not \"e9\""}}},
		{"4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", false, []problem{
			{"e3", false, "en passant square e3 is impossible with white to move: it must be on rank 6"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", false, []problem{
			{"e6", false, "en passant square e6, but there is no black pawn on e5"}}},
		{"4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", false, []problem{
			{"e6", false, "en passant square e6, but e7 is occupied, so no pawn can just have passed it"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - - x 1", false, []problem{
			{"x", false, "\"x\" is not a non-negative integer"}}},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999", false, []problem{
			{"99999999999999999999", false, "number 99999999999999999999 is too large"}}},
	}
	for _, tt := range tests {
		_, problems := CheckFEN(tt.fen, tt.chess960)
		if len(problems) != len(tt.want) {
			t.Errorf("CheckFEN(%q) = %v, want %d problems", tt.fen, problems, len(tt.want))
			continue
		}
		for i, e := range problems {
			w := tt.want[i]
			off := strings.LastIndex(tt.fen, w.at)
			if e.Offset != off || e.End != off+len(w.at) || e.Warning != w.warning || e.Msg != w.msg {
				t.Errorf("CheckFEN(%q) problem %d = [%d,%d) %v %q\n\twant [%d,%d) %v %q", tt.fen, i,
					e.Offset, e.End, e.Warning, e.Msg, off, off+len(w.at), w.warning, w.msg)
			}
		}
	}
}

func TestParseFENError(t *testing.T) {
	_, err := ParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 0", false)
	if err != nil {
		t.Errorf("ParseFEN with a warning only: %v", err)
	}
	_, err = ParseFEN("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", false)
	e, ok := err.(*FENError)
	if !ok || e.Warning || e.Offset != 24 || e.End != 26 {
		t.Fatalf("ParseFEN error = %#v, want *FENError at [24,26)", err)
	}
	if want := "invalid FEN at offset 24: en passant square e6, but there is no black pawn on e5"; e.Error() != want {
		t.Errorf("Error() = %q, want %q", e.Error(), want)
	}
}
