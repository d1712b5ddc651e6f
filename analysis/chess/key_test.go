package chess

import "testing"

// TestKey: keys are equal for transpositions and leave out the move
// counters, and an en passant square counts only when a capture on it is
// legal.
func TestKey(t *testing.T) {
	play := func(fen string, sans ...string) Position {
		t.Helper()
		p := mustFEN(t, fen, false)
		for _, s := range sans {
			san, err := ParseSAN(s)
			if err != nil {
				t.Fatal(err)
			}
			m, rerr := p.Resolve(san)
			if rerr != nil {
				t.Fatalf("%s: %v", s, rerr)
			}
			p = p.Make(m)
		}
		return p
	}
	tests := []struct {
		name  string
		a, b  Position
		equal bool
	}{
		{"transposition", play(StartFEN, "Nf3", "d5", "c4", "e6", "d4", "Nf6", "Nc3"), play(StartFEN, "d4", "d5", "c4", "e6", "Nc3", "Nf6", "Nf3"), true},
		{"counters left out", mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", false), mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w K - 12 40", false), true},
		{"castling rights count", mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", false), mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 1", false), false},
		{"side to move counts", mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 1", false), mustFEN(t, "4k3/8/8/8/8/8/8/4K2R b - - 0 1", false), false},
		// After 1. d4 no black pawn can take en passant: the square is left out.
		{"no capture, no square", play(StartFEN, "d4"), mustFEN(t, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", false), true},
		{"capture, square", play("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1", "d4"), mustFEN(t, "4k3/8/8/8/3Pp3/8/8/4K3 b - - 0 1", false), false},
		// The pawn on e4 is pinned along the rank: it cannot take.
		{"pinned pawn, no square", play("8/8/8/8/R3p2k/8/3P4/4K3 w - - 0 1", "d4"), mustFEN(t, "8/8/8/8/R2Pp2k/8/8/4K3 b - - 0 1", false), true},
	}
	for _, tt := range tests {
		if got := tt.a.Key() == tt.b.Key(); got != tt.equal {
			t.Errorf("%s: %s and %s: equal keys = %v, want %v", tt.name, tt.a.FEN(), tt.b.FEN(), got, tt.equal)
		}
	}
}

// TestKeyHash: the 400 positions after two plies hash apart, by Hash
// and by Hash2, and a position hashes as its transposition does.
func TestKeyHash(t *testing.T) {
	seen, seen2 := map[uint64]bool{}, map[uint64]bool{}
	p := StartPosition()
	for _, m := range p.LegalMoves() {
		q := p.Make(m)
		for _, r := range q.LegalMoves() {
			s := q.Make(r)
			seen[s.Key().Hash()] = true
			seen2[s.Key().Hash2()] = true
			if s.Key().Hash() == s.Key().Hash2() {
				t.Errorf("%s: Hash and Hash2 agree", s.FEN())
			}
		}
	}
	if len(seen) != 400 || len(seen2) != 400 {
		t.Errorf("%d hashes and %d second hashes for the 400 positions after two plies", len(seen), len(seen2))
	}
	a := mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", false)
	b := mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w K - 7 30", false)
	if a.Key().Hash() != b.Key().Hash() || a.Key().Hash2() != b.Key().Hash2() {
		t.Error("the move counters change the hash")
	}
}
