package chess

import "testing"

func TestStatus(t *testing.T) {
	tests := []struct {
		fen  string
		want Status
	}{
		{StartFEN, Ongoing},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Checkmate},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Stalemate},
		{"8/8/8/4k3/8/8/8/4K3 w - - 0 1", InsufficientMaterial},
		{"8/8/8/4k3/8/8/8/4KN2 w - - 0 1", InsufficientMaterial},
		{"8/8/8/4k3/8/8/8/2B1K3 b - - 0 1", InsufficientMaterial},
		{"5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", InsufficientMaterial}, // same-coloured bishops
		{"2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", Ongoing},              // opposite-coloured bishops
		{"8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", Ongoing},
		{"8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1", Ongoing},
		{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", Ongoing},
		{"7k/5K2/6B1/8/8/8/8/8 b - - 0 1", Stalemate}, // stalemate beats insufficient material
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen, false)
		if got := p.Status(); got != tt.want {
			t.Errorf("%s: Status() = %v, want %v", tt.fen, got, tt.want)
		}
	}
}

func TestAttackers(t *testing.T) {
	p := mustFEN(t, "4k3/8/5n2/1b6/4p3/3P4/5N2/4R1K1 w - - 0 1", false)
	if got, want := squareList(p.Attackers(E4, White)), "e1, f2 and d3"; got != want {
		t.Errorf("white attackers of e4 = %s, want %s", got, want)
	}
	if got, want := squareList(p.Attackers(D3, Black)), "e4 and b5"; got != want {
		t.Errorf("black attackers of d3 = %s, want %s", got, want)
	}
	if got := p.Attackers(NoSquare, White); got != 0 {
		t.Errorf("Attackers(NoSquare) = %v, want none", squareList(got))
	}
}

func TestPositionAccessors(t *testing.T) {
	p := mustFEN(t, "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 3 17", false)
	if p.SideToMove() != White || p.EnPassant() != D6 || p.HalfmoveClock() != 3 || p.FullmoveNumber() != 17 || p.Chess960() {
		t.Errorf("accessors of %s are wrong", p.FEN())
	}
	if p.CastlingRook(White, CastleShort) != H1 || p.CastlingRook(White, CastleLong) != NoSquare ||
		p.CastlingRook(Black, CastleLong) != A8 || p.CastlingRook(Black, NoCastle) != NoSquare {
		t.Errorf("CastlingRook of %s is wrong", p.FEN())
	}
	if got := p.PieceAt(E5); got != NewPiece(White, Pawn) || got.String() != "white pawn" || got.FENChar() != 'P' {
		t.Errorf("PieceAt(e5) = %v", got)
	}
	if got := p.PieceAt(A8); got.Color() != Black || got.Type() != Rook || got.FENChar() != 'r' {
		t.Errorf("PieceAt(a8) = %v", got)
	}
	if got := p.PieceAt(E4); got != NoPiece || got.String() != "no piece" || got.FENChar() != '.' {
		t.Errorf("PieceAt(e4) = %v", got)
	}
	if got := p.Pieces(White, Rook); got != A1.bb()|H1.bb() {
		t.Errorf("Pieces(White, Rook) = %s", squareList(got))
	}
	if p.InCheck() || p.Checkers() != 0 {
		t.Errorf("InCheck() = true")
	}
	if p.String() != p.FEN() {
		t.Errorf("String() = %q, want the FEN", p.String())
	}
	// Make advances the clocks and updates the castling rights.
	q := p.Make(newMove(H1, H8, moveNormal))
	if q.FEN() != "r3k2R/8/8/3pP3/8/8/8/R3K3 b q - 0 17" {
		t.Errorf("after Rxh8+: %s", q.FEN())
	}
	if !q.InCheck() || q.Checkers() != H8.bb() {
		t.Errorf("after Rxh8+: InCheck() = false")
	}
	q = p.Make(NullMove)
	if q.FEN() != "r3k2r/8/8/3pP3/8/8/8/R3K2R b Kq - 4 17" {
		t.Errorf("after null move: %s", q.FEN())
	}
}

func TestSquares(t *testing.T) {
	for sq := A1; sq <= H8; sq++ {
		got, ok := ParseSquare(sq.String())
		if !ok || got != sq || SquareAt(sq.File(), sq.Rank()) != sq {
			t.Errorf("square %d round trip failed", sq)
		}
	}
	for _, s := range []string{"", "e", "e0", "e9", "i1", "E4", "e44"} {
		if _, ok := ParseSquare(s); ok {
			t.Errorf("ParseSquare(%q) succeeded", s)
		}
	}
	if NoSquare.String() != "-" || SquareAt(8, 0) != NoSquare || SquareAt(0, -1) != NoSquare {
		t.Error("NoSquare handling is wrong")
	}
	if SquareColor(A1) != Black || SquareColor(H1) != White || SquareColor(E4) != White || SquareColor(D4) != Black {
		t.Error("SquareColor is wrong")
	}
	b := A1.bb() | E4.bb() | H8.bb()
	var got []Square
	for sq := range b.Squares() {
		got = append(got, sq)
	}
	if !slicesEqual(got, []Square{A1, E4, H8}) || b.Count() != 3 || !b.Has(E4) || b.Has(E5) || b.Has(NoSquare) {
		t.Errorf("Bitboard methods are wrong: %v", got)
	}
}

func TestStrings(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{White.String(), "white"},
		{Black.String(), "black"},
		{Color(7).String(), "Color(7)"},
		{Knight.String(), "knight"},
		{PieceType(9).String(), "PieceType(9)"},
		{NewPiece(Black, Queen).String(), "black queen"},
		{CastleLong.String(), "O-O-O"},
		{NoCastle.String(), ""},
		{Checkmate.String(), "checkmate"},
		{InsufficientMaterial.String(), "insufficient material"},
		{newPromotion(E7, E8, Knight).String(), "e7e8n"},
		{NullMove.String(), "0000"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestUCI(t *testing.T) {
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false)
	m := newMove(E1, H1, moveCastle)
	if got := p.UCI(m); got != "e1g1" {
		t.Errorf("UCI(O-O) = %s, want e1g1", got)
	}
	p = mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true)
	if got := p.UCI(m); got != "e1h1" {
		t.Errorf("UCI(O-O) in Chess960 = %s, want e1h1", got)
	}
}
