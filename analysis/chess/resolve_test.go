package chess

import (
	"strings"
	"testing"
)

func mustFEN(t testing.TB, fen string, chess960 bool) Position {
	t.Helper()
	p, err := ParseFEN(fen, chess960)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func TestResolve(t *testing.T) {
	tests := []struct {
		fen  string
		san  string
		want string // UCI of the move
	}{
		{StartFEN, "e4", "e2e4"},
		{StartFEN, "Nf3", "g1f3"},
		{StartFEN, "g1f3", "g1f3"},
		{StartFEN, "e2-e4", "e2e4"},
		{StartFEN, "Ng1-f3", "g1f3"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "o-o-o", "e8c8"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6e.p.", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "e5d6"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5xd6", "e5d6"},
		// A named origin square decides: a push with a false mark.
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2xe4", "e2e4"},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "Pe2xe3", "e2e3"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q+", "a7a8q"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a7a8n"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8(R)", "a7a8r"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nbd2", "b1d2"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "N1d2", "ambiguous"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "--", "0000"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Z0", "0000"},
		// Chess960: the king on g1 stays, the rook on h1 goes to f1.
		{"n1bb1rkr/qpnppppp/2p5/p7/P1P5/5P2/1P1PPRPP/NQBBN1KR w Hhf - 1 9", "O-O", "g1h1"},
		{"n1bb1rkr/qpnppppp/2p5/p7/P1P5/5P2/1P1PPRPP/NQBBN1KR w Hhf - 1 9", "g1h1", "g1h1"},
		// Chess960: king and rook swap squares.
		{"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", "O-O", "f1g1"},
	}
	for _, tt := range tests {
		chess960 := strings.Contains(tt.fen, "9") && !strings.Contains(tt.fen, "KQkq")
		p := mustFEN(t, tt.fen, chess960)
		san, err := ParseSAN(tt.san)
		if err != nil {
			t.Errorf("ParseSAN(%q): %v", tt.san, err)
			continue
		}
		m, rerr := p.Resolve(san)
		if tt.want == "ambiguous" {
			if rerr == nil || rerr.Kind != ResolveAmbiguous {
				t.Errorf("%s: Resolve(%q) = %v, %v; want ambiguous", tt.fen, tt.san, m, rerr)
			}
			continue
		}
		if rerr != nil {
			t.Errorf("%s: Resolve(%q): %v", tt.fen, tt.san, rerr)
			continue
		}
		if got := p.UCI(m); got != tt.want {
			t.Errorf("%s: Resolve(%q) = %s, want %s", tt.fen, tt.san, got, tt.want)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	const (
		bare     = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
		castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	)
	tests := []struct {
		fen  string
		san  string
		kind ResolveKind
		msg  string
	}{
		{bare, "Nf3", ResolveNoPiece, "there is no white knight on the board"},
		{StartFEN, "Nd4", ResolveNoPiece, "no white knight can reach d4; the white knights are on b1 and g1"},
		{StartFEN, "Nfc3", ResolveNoPiece, "there is no white knight on the f-file; the white knights are on b1 and g1"},
		{StartFEN, "N3c3", ResolveNoPiece, "there is no white knight on rank 3; the white knights are on b1 and g1"},
		{StartFEN, "Ra3", ResolveNoPiece, "the white rook on a1 cannot reach a3: the white pawn on a2 is in the way"},
		{StartFEN, "Bc4", ResolveNoPiece, "the white bishop on f1 cannot reach c4: the white pawn on e2 is in the way"},
		{StartFEN, "Ke3", ResolveNoPiece, "no white king can reach e3; the white king is on e1"},
		{"4k3/8/8/8/8/4N3/4P3/4K3 w - - 0 1", "e4", ResolveNoPiece, "the white pawn on e2 cannot advance to e4: the white knight on e3 is in the way"},
		{"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "Nfd2", ResolveNoPiece, "there is no white knight on the f-file; the white knight is on b1"},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e5", ResolveNoPiece, "no white pawn can move to e5"},
		{StartFEN, "e5", ResolveWrongColor, "it is white's move, but only the black pawn on e7 can move to e5"},
		{"4k3/8/8/3p4/8/8/P7/4K3 w - - 0 1", "axd5", ResolveNoPiece, "no white pawn on the a-file can capture on d5"},
		{StartFEN, "e3e4", ResolveNoPiece, "there is no piece on e3"},
		{StartFEN, "Nf6", ResolveWrongColor, "it is white's move, but only the black knight on g8 can move to f6"},
		{StartFEN, "g8f6", ResolveWrongColor, "it is white's move, but the piece on g8 is a black knight"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", ResolveAmbiguous,
			"the white knights on b1 and f1 can both move to d2; write Nbd2 or Nfd2"},
		{"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qe1", ResolveAmbiguous,
			"the white queens on h1, e4 and h4 can all move to e1; write Q1e1 or Qee1 or Qh4e1"},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nf4", ResolvePinned,
			"the white knight on e2 is pinned to its king on e1 by the black rook on e7"},
		{"4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", "Kd2", ResolveSelfCheck,
			"the white king cannot go to d2: it would be in check from the black rook on f2"},
		{"4k3/8/8/8/7q/8/8/4K1N1 w - - 0 1", "Nh3", ResolveSelfCheck,
			"the white king is in check from the black queen on h4, and moving the knight from g1 to h3 does not answer it"},
		{"4k3/8/8/8/1b6/8/8/r3K1N1 w - - 0 1", "Nf3", ResolveSelfCheck,
			"the white king is in double check from the black rook on a1 and black bishop on b4; only a king move can answer it"},
		{"8/8/8/KPp4r/8/8/8/7k w - c6 0 1", "bxc6", ResolveSelfCheck,
			"capturing en passant with the pawn on b5 would expose the white king to the black rook on h5"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", ResolveCastlingRight,
			"white cannot castle kingside: the king or the rook on h1 has moved"},
		{"r3k2r/8/8/8/8/8/8/R4K1R w kq - 0 1", "O-O", ResolveCastlingRight,
			"white cannot castle kingside: the king is not on e1"},
		{"r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1", "O-O", ResolveCastlingRight,
			"black cannot castle kingside: there is no black rook on h8"},
		{"4k3/8/8/8/8/8/8/qRK5 w - - 0 1", "O-O-O", ResolveCastlingRight,
			"white cannot castle queenside: the king is not on e1"},
		{"r3k2r/8/8/8/1b6/8/8/R3K2R w KQkq - 0 1", "O-O", ResolveCastlingInCheck,
			"white cannot castle out of check from the black bishop on b4"},
		{StartFEN, "O-O", ResolveCastlingBlocked, "white cannot castle kingside: the white bishop on f1 is in the way"},
		{"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "O-O-O", ResolveCastlingBlocked,
			"white cannot castle queenside: the white knight on b1 is in the way"},
		{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O", ResolveCastlingAttacked,
			"white cannot castle kingside: the king would pass through f1, which is attacked by the black rook on f2"},
		{"r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", "O-O", ResolveCastlingAttacked,
			"white cannot castle kingside: the king would land on g1, which is attacked by the black rook on g2"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", ResolveMissingPromotion,
			"the pawn reaches the last rank on a8 and must promote: add =Q, =R, =B or =N"},
		{StartFEN, "e4=Q", ResolvePromotionRank, "a pawn promotes only on the last rank, not on e4"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", ResolvePromotionPiece, "a pawn cannot promote to a king"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=P", ResolvePromotionPiece, "a pawn cannot promote to a pawn"},
		{"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "a1a8q", ResolvePromotionPiece,
			"only pawns promote, but the piece on a1 is a white queen"},
		{StartFEN, "Nd2", ResolveOccupied, "d2 is occupied by a white pawn"},
		{"4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", "e4", ResolveOccupied,
			"e4 is occupied by a black pawn, and pawns capture only diagonally"},
		{StartFEN, "exd3", ResolveNothingToCapture, "there is nothing to capture on d3"},
		{"4k3/8/8/8/1b6/8/8/4K3 w - - 0 1", "--", ResolveNullInCheck,
			"a null move is impossible while the white king is in check from the black bishop on b4"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen, false)
		san, err := ParseSAN(tt.san)
		if err != nil {
			t.Errorf("ParseSAN(%q): %v", tt.san, err)
			continue
		}
		m, rerr := p.Resolve(san)
		if rerr == nil {
			t.Errorf("%s: Resolve(%q) = %v, want error", tt.fen, tt.san, m)
			continue
		}
		if rerr.Kind != tt.kind || rerr.Msg != tt.msg {
			t.Errorf("%s: Resolve(%q) = %d %q\n\twant %d %q", tt.fen, tt.san, rerr.Kind, rerr.Msg, tt.kind, tt.msg)
		}
	}
}

func TestResolveErrors960(t *testing.T) {
	tests := []struct {
		fen  string
		san  string
		kind ResolveKind
		msg  string
	}{
		// The rook on b1 shields the king's destination c1 from the queen.
		{"4k3/8/8/8/8/8/8/qRK5 w B - 0 1", "O-O-O", ResolveCastlingAttacked,
			"white cannot castle queenside: the king would land on c1, which is attacked by the black queen on a1"},
		{"4k3/8/8/8/8/8/8/qRK5 w - - 0 1", "O-O-O", ResolveCastlingRight,
			"white cannot castle queenside: the castling right is gone (the king or that rook has moved)"},
		{"4k3/8/8/8/8/8/8/1RKB4 w B - 0 1", "O-O-O", ResolveCastlingBlocked,
			"white cannot castle queenside: the white bishop on d1 is in the way"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen, true)
		san, err := ParseSAN(tt.san)
		if err != nil {
			t.Fatal(err)
		}
		m, rerr := p.Resolve(san)
		if rerr == nil || rerr.Kind != tt.kind || rerr.Msg != tt.msg {
			t.Errorf("%s: Resolve(%q) = %v, %v\n\twant %d %q", tt.fen, tt.san, m, rerr, tt.kind, tt.msg)
		}
	}
}

func TestResolveAmbiguousCandidates(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", false)
	san, _ := ParseSAN("Nd2")
	_, rerr := p.Resolve(san)
	if rerr == nil || len(rerr.Candidates) != 2 {
		t.Fatalf("Resolve(Nd2) = %v, want 2 candidates", rerr)
	}
	for i, want := range []string{"Nbd2", "Nfd2"} {
		if got := p.SAN(rerr.Candidates[i]); got != want {
			t.Errorf("candidate %d = %s, want %s", i, got, want)
		}
	}
}

func TestResolveMalformed(t *testing.T) {
	p := StartPosition()
	for _, san := range []SAN{
		{To: 99, FromFile: -1, FromRank: -1},
		{To: E4, FromFile: 9, FromRank: -1, Piece: Knight},
		{To: E4, FromFile: -1, FromRank: -1, Piece: NoPieceType},
		{To: E4, FromFile: -1, FromRank: -1, Piece: 42},
	} {
		if _, rerr := p.Resolve(san); rerr == nil || rerr.Kind != ResolveMalformed {
			t.Errorf("Resolve(%+v) = %v, want ResolveMalformed", san, rerr)
		}
	}
}

func TestLint(t *testing.T) {
	const castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	tests := []struct {
		fen       string
		san       string
		kinds     []FindingKind
		canonical string
		msg       string // of the first finding
	}{
		{StartFEN, "Nf3", nil, "", ""},
		{castling, "O-O", nil, "", ""},
		{castling, "0-0", []FindingKind{FindingNotation}, "O-O", "non-standard notation (zeros instead of the letter O in castling)"},
		{castling, "o\u2013o", []FindingKind{FindingNotation}, "O-O", "non-standard notation (lower-case o in castling, a dash other than '-')"},
		{StartFEN, "e2e4", []FindingKind{FindingNotation}, "e4", "non-standard notation (coordinate notation)"},
		{StartFEN, "Ng1-f3", []FindingKind{FindingNotation}, "Nf3", "non-standard notation (long algebraic notation)"},
		{StartFEN, "Pe4", []FindingKind{FindingNotation}, "e4", "non-standard notation (letter P for a pawn)"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q+", []FindingKind{FindingNotation}, "a8=Q+", "non-standard notation (promotion without '=')"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6ep", []FindingKind{FindingNotation}, "exd6", "non-standard notation (en passant suffix)"},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5", []FindingKind{FindingMissingCapture}, "exd5", "the move captures the black pawn on d5 without 'x'"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "ed6", []FindingKind{FindingMissingCapture}, "exd6", "the move captures the black pawn on d5 without 'x'"},
		{"4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1", "Nf3", []FindingKind{FindingMissingCapture}, "Nxf3", "the move captures the black pawn on f3 without 'x'"},
		{StartFEN, "Nxf3", []FindingKind{FindingExtraCapture}, "Nf3", "'x' marks a capture, but f3 is empty"},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e:d5", []FindingKind{FindingNotation}, "exd5", "non-standard notation (':' as capture mark)"},
		{StartFEN, "Ngf3", []FindingKind{FindingDisambiguation}, "Nf3", "the origin needs less disambiguation"},
		{StartFEN, "Ng1f3", []FindingKind{FindingDisambiguation}, "Nf3", ""},
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "N1d2", []FindingKind{FindingDisambiguation}, "Nbd2", "SAN disambiguates by file before rank"},
		{"4k3/8/8/8/8/1N6/8/1N2K3 w - - 0 1", "Nb1d2", []FindingKind{FindingDisambiguation}, "N1d2", ""},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8", []FindingKind{FindingMissingCheck}, "Ra8+", "the move gives check but lacks '+'"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8", []FindingKind{FindingMissingCheck}, "Ra8#", "the move is checkmate but lacks '#'"},
		{StartFEN, "e4+", []FindingKind{FindingExtraCheck}, "e4", "the move does not give check"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+", []FindingKind{FindingWrongCheck}, "Ra8#", "the move is checkmate: mark it with '#', not '+'"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#", []FindingKind{FindingWrongCheck}, "Ra8+", "the move gives check but not mate: mark it with '+', not '#'"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Z0", []FindingKind{FindingNotation}, "--", "non-standard notation (null move not written as --)"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "--+", []FindingKind{FindingExtraCheck}, "--", ""},
		{"4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1", "Ng1-f3", []FindingKind{FindingNotation, FindingMissingCapture}, "Nxf3", ""},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen, false)
		san, err := ParseSAN(tt.san)
		if err != nil {
			t.Errorf("ParseSAN(%q): %v", tt.san, err)
			continue
		}
		m, rerr := p.Resolve(san)
		if rerr != nil {
			t.Errorf("%s: Resolve(%q): %v", tt.fen, tt.san, rerr)
			continue
		}
		findings := p.Lint(san, m)
		var kinds []FindingKind
		for _, f := range findings {
			kinds = append(kinds, f.Kind)
			if f.Canonical != tt.canonical {
				t.Errorf("%s: Lint(%q) canonical = %q, want %q", tt.fen, tt.san, f.Canonical, tt.canonical)
			}
		}
		if !slicesEqual(kinds, tt.kinds) {
			t.Errorf("%s: Lint(%q) = %v, want kinds %v", tt.fen, tt.san, findings, tt.kinds)
			continue
		}
		if tt.msg != "" && findings[0].Msg != tt.msg {
			t.Errorf("%s: Lint(%q) message = %q, want %q", tt.fen, tt.san, findings[0].Msg, tt.msg)
		}
	}
}

func slicesEqual[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSANPrinting(t *testing.T) {
	tests := []struct {
		fen  string
		uci  string
		want string
	}{
		{StartFEN, "e2e4", "e4"},
		{StartFEN, "g1f3", "Nf3"},
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"}, // by file
		{"4k3/8/8/8/8/1N6/8/1N2K3 w - - 0 1", "b1d2", "N1d2"}, // by rank
		{"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1"}, // by both
		{"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1", "Qee1"},  // by file
		{"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h1e1", "Q1e1"},  // by rank
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "f1g3", "Ng3"},   // only one can go
		{"4k3/8/8/8/b7/8/8/1N1NK3 w - - 0 1", "b1c3", "Nbc3"}, // d1 knight is not pinned
		{"4k3/8/8/8/8/8/8/1NrNK3 w - - 0 1", "b1c3", "Nc3"},   // d1 knight is pinned
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q+"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a8=N"},
		{"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8r", "axb8=R+"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8#"},
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen, false)
		uci, err := ParseSAN(tt.uci)
		if err != nil {
			t.Fatal(err)
		}
		m, rerr := p.Resolve(uci)
		if rerr != nil {
			t.Errorf("%s: Resolve(%s): %v", tt.fen, tt.uci, rerr)
			continue
		}
		if got := p.SAN(m); got != tt.want {
			t.Errorf("%s: SAN(%s) = %q, want %q", tt.fen, tt.uci, got, tt.want)
		}
	}
	if p := StartPosition(); p.SAN(NullMove) != "--" {
		t.Errorf("SAN(NullMove) = %q, want --", p.SAN(NullMove))
	}
}

func TestResolveDoesNotAllocate(t *testing.T) {
	p := StartPosition()
	allocs := testing.AllocsPerRun(100, func() {
		san, _ := ParseSAN("Nf3")
		m, _ := p.Resolve(san)
		_ = p.Lint(san, m)
		_ = p.Make(m)
	})
	if allocs != 0 {
		t.Errorf("ParseSAN+Resolve+Lint+Make allocate %v times, want 0", allocs)
	}
}

// TestVariantMovesDoNotAllocate plays a move, and a check, in every
// variant with the calls a replay makes: none may allocate.
func TestVariantMovesDoNotAllocate(t *testing.T) {
	for _, v := range Variants {
		fen := "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" // Ra8, a check but in antichess and racing kings
		switch v {
		case Horde:
			fen = "4k3/8/8/8/8/8/8/R7 w - - 0 1"
		case RacingKings:
			fen = "8/4k3/8/8/8/8/8/R3K3 w - - 0 1"
		}
		checking := mustVariantFEN(t, fen, v)
		for _, p := range []Position{VariantStart(v), checking} {
			moves := p.LegalMoves()
			m := moves[len(moves)/2]
			if p == checking {
				m = newMove(A1, A8, moveNormal)
			}
			san, err := ParseSAN(p.SAN(m))
			if err != nil {
				t.Fatal(err)
			}
			allocs := testing.AllocsPerRun(20, func() {
				var buf [512]Move
				_ = p.AppendLegalMoves(buf[:0])
				r, _ := p.Resolve(san)
				_ = p.Lint(san, r)
				_ = p.Make(r)
			})
			if allocs != 0 {
				t.Errorf("%v %s, %s: AppendLegalMoves+Resolve+Lint+Make allocate %v times, want 0", v, p.FEN(), p.SAN(m), allocs)
			}
		}
	}
}

func mustVariantFEN(t *testing.T, fen string, v Variant) Position {
	t.Helper()
	p, err := ParseVariantFEN(fen, v, false)
	if err != nil {
		t.Fatalf("%v %s: %v", v, fen, err)
	}
	return p
}
