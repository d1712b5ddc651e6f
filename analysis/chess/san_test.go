package chess

import (
	"strings"
	"testing"
)

func TestParseSAN(t *testing.T) {
	// san builds the expected SAN: from "" or a file, rank or square.
	san := func(pt PieceType, from string, capture bool, to Square, promo PieceType, check CheckMark, q Quirks) SAN {
		s := SAN{Piece: pt, FromFile: -1, FromRank: -1, Capture: capture, To: to, Promotion: promo, Check: check, Quirks: q}
		for i := 0; i < len(from); i++ {
			if c := from[i]; isFile(c) {
				s.FromFile = int8(c - 'a')
			} else {
				s.FromRank = int8(c - '1')
			}
		}
		return s
	}
	castle := func(side CastleSide, check CheckMark, q Quirks) SAN {
		return SAN{FromFile: -1, FromRank: -1, To: NoSquare, Castle: side, Check: check, Quirks: q}
	}
	null := func(q Quirks) SAN {
		return SAN{FromFile: -1, FromRank: -1, To: NoSquare, Null: true, Quirks: q}
	}
	tests := []struct {
		in   string
		want SAN
	}{
		// Canonical SAN.
		{"e4", san(Pawn, "", false, E4, 0, MarkNone, 0)},
		{"exd5", san(Pawn, "e", true, D5, 0, MarkNone, 0)},
		{"e8=Q", san(Pawn, "", false, E8, Queen, MarkNone, 0)},
		{"bxa1=N+", san(Pawn, "b", true, A1, Knight, MarkCheck, 0)},
		{"Nf3", san(Knight, "", false, F3, 0, MarkNone, 0)},
		{"Nbd2", san(Knight, "b", false, D2, 0, MarkNone, 0)},
		{"R1e2", san(Rook, "1", false, E2, 0, MarkNone, 0)},
		{"Qh4xe1#", san(Queen, "h4", true, E1, 0, MarkMate, 0)},
		{"Kxf7", san(King, "", true, F7, 0, MarkNone, 0)},
		{"Bb5+", san(Bishop, "", false, B5, 0, MarkCheck, 0)},
		{"O-O", castle(CastleShort, MarkNone, 0)},
		{"O-O-O#", castle(CastleLong, MarkMate, 0)},
		{"--", null(0)},

		// Non-canonical spellings.
		{"0-0", castle(CastleShort, MarkNone, QuirkZeroCastle)},
		{"0-0-0+", castle(CastleLong, MarkCheck, QuirkZeroCastle)},
		{"o-o", castle(CastleShort, MarkNone, QuirkLowerCastle)},
		{"O\u2013O", castle(CastleShort, MarkNone, QuirkDash)},
		{"O\u2014O\u2014O", castle(CastleLong, MarkNone, QuirkDash)},
		{"Ng1f3", san(Knight, "g1", false, F3, 0, MarkNone, 0)},
		{"Ng1-f3", san(Knight, "g1", false, F3, 0, MarkNone, QuirkLongForm)},
		{"Ng1\u2013f3", san(Knight, "g1", false, F3, 0, MarkNone, QuirkLongForm|QuirkDash)},
		{"Nd4xe6", san(Knight, "d4", true, E6, 0, MarkNone, 0)},
		{"e2-e4", san(NoPieceType, "e2", false, E4, 0, MarkNone, QuirkCoordinate)},
		{"e2e4", san(NoPieceType, "e2", false, E4, 0, MarkNone, QuirkCoordinate)},
		{"g1f3", san(NoPieceType, "g1", false, F3, 0, MarkNone, QuirkCoordinate)},
		{"e7e8q", san(NoPieceType, "e7", false, E8, Queen, MarkNone, QuirkCoordinate|QuirkPromotion)},
		{"e4xd5", san(NoPieceType, "e4", true, D5, 0, MarkNone, QuirkCoordinate)},
		{"e8Q", san(Pawn, "", false, E8, Queen, MarkNone, QuirkPromotion)},
		{"e8(Q)", san(Pawn, "", false, E8, Queen, MarkNone, QuirkPromotion)},
		{"e8/Q", san(Pawn, "", false, E8, Queen, MarkNone, QuirkPromotion)},
		{"e8=n", san(Pawn, "", false, E8, Knight, MarkNone, QuirkPromotion)},
		{"exd6ep", san(Pawn, "e", true, D6, 0, MarkNone, QuirkEnPassant)},
		{"exd6e.p.", san(Pawn, "e", true, D6, 0, MarkNone, QuirkEnPassant)},
		{"exd6e.p.+", san(Pawn, "e", true, D6, 0, MarkCheck, QuirkEnPassant)},
		{"exd6 e.p.", san(Pawn, "e", true, D6, 0, MarkNone, QuirkEnPassant)},
		{"exd6+\te.p.", san(Pawn, "e", true, D6, 0, MarkCheck, QuirkEnPassant)},
		{"exd6  ep+", san(Pawn, "e", true, D6, 0, MarkCheck, QuirkEnPassant)},
		{"0–0", castle(CastleShort, MarkNone, QuirkZeroCastle|QuirkDash)},
		{"0-0—0", castle(CastleLong, MarkNone, QuirkZeroCastle|QuirkDash)},
		{"0\u20100", castle(CastleShort, MarkNone, QuirkZeroCastle|QuirkDash)},
		{"0\u20110", castle(CastleShort, MarkNone, QuirkZeroCastle|QuirkDash)},
		{"0\u20120\u20120", castle(CastleLong, MarkNone, QuirkZeroCastle|QuirkDash)},
		{"0\u20150", castle(CastleShort, MarkNone, QuirkZeroCastle|QuirkDash)},
		{"0\u22120", castle(CastleShort, MarkNone, QuirkZeroCastle|QuirkDash)},
		{"O\u2010O+", castle(CastleShort, MarkCheck, QuirkDash)},
		{"O\u2212O\u2212O", castle(CastleLong, MarkNone, QuirkDash)},
		{"0\x960", castle(CastleShort, MarkNone, QuirkZeroCastle|QuirkDash)},
		{"Ng1\u2212f3", san(Knight, "g1", false, F3, 0, MarkNone, QuirkLongForm|QuirkDash)},
		{"Ng1\x97f3", san(Knight, "g1", false, F3, 0, MarkNone, QuirkLongForm|QuirkDash)},
		{"e4:d5", san(NoPieceType, "e4", true, D5, 0, MarkNone, QuirkCoordinate|QuirkColon)},
		{"e:d5", san(Pawn, "e", true, D5, 0, MarkNone, QuirkColon)},
		{"N:f3", san(Knight, "", true, F3, 0, MarkNone, QuirkColon)},
		{"ed5", san(Pawn, "e", false, D5, 0, MarkNone, 0)},
		{"Pe4", san(Pawn, "", false, E4, 0, MarkNone, QuirkPawnLetter)},
		{"Z0", null(QuirkNull)},
		{"0000", null(QuirkNull)},
		// Accepted by ParseSAN, rejected by Resolve.
		{"e8=K", san(Pawn, "", false, E8, King, MarkNone, 0)},
		{"e8=P", san(Pawn, "", false, E8, Pawn, MarkNone, 0)},
	}
	for _, tt := range tests {
		got, err := ParseSAN(tt.in)
		if err != nil {
			t.Errorf("ParseSAN(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseSAN(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestParseSANErrors(t *testing.T) {
	tests := []struct {
		in          string
		offset, end int
		msg         string
	}{
		{"", 0, 0, "empty move"},
		{"+", 0, 1, "only a suffix"},
		{"Sf3", 0, 1, "unknown piece letter 'S'"},
		{"Lxe5", 0, 1, "unknown piece letter 'L'"},
		{"♘f3", 0, 3, "unexpected '♘'"},
		{"N", 0, 1, "missing destination"},
		{"Nf", 1, 2, "lacks its rank"},
		{"N4", 1, 2, "lacks its file"},
		{"e9", 1, 2, "no rank 9"},
		{"i4", 0, 1, "no file i"},
		{"e4!", 2, 3, "unexpected '!'"},
		{"e4…", 2, 5, "unexpected '…'"},
		{"Nzf3", 1, 2, `unexpected "z"`},
		{"Nabcf3", 1, 4, `unexpected "abc"`},
		{"xd5", 0, 1, "must name the pawn's file"},
		{"4d5", 0, 1, "by rank"},
		{"Nf-f3", 1, 2, "hyphen"},
		{"Ne8=Q", 0, 1, "only pawns promote"},
		{"e8=X", 3, 4, "'X' as promotion piece"},
		{"OO", 1, 2, "expected '-'"},
		{"O-", 0, 2, "ends with a dash"},
		{"O", 0, 1, "incomplete castling"},
		{"O-O-O-O", 0, 7, "more than three"},
		{"O-X", 2, 3, "'X' in castling"},
		{"Ke4+#", 3, 4, "unexpected '+'"},
		{"nf3", 0, 1, "upper case: N"},
		{"12.", 2, 3, "unexpected '.'"},
		{"e8(Q", 3, 4, "unexpected 'Q'"},
		{"e8(X)", 3, 4, "unexpected 'X'"},
	}
	for _, tt := range tests {
		_, err := ParseSAN(tt.in)
		e, ok := err.(*SANError)
		if !ok {
			t.Errorf("ParseSAN(%q) error = %v, want *SANError", tt.in, err)
			continue
		}
		if e.Offset != tt.offset || e.End != tt.end || !strings.Contains(e.Msg, tt.msg) {
			t.Errorf("ParseSAN(%q) error = [%d,%d) %q, want [%d,%d) containing %q",
				tt.in, e.Offset, e.End, e.Msg, tt.offset, tt.end, tt.msg)
		}
	}
}

func TestQuirksString(t *testing.T) {
	got := (QuirkZeroCastle | QuirkColon).String()
	if want := "zeros instead of the letter O in castling, ':' as capture mark"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// TestParseCanonical holds the fast path of ParseSAN to the general
// parser: on every string of up to five bytes over the characters that
// matter (and longer ones built from moves), what parseCanonical accepts
// the general parser reads alike, without error, and every canonical
// move of a replayed game takes the fast path.
func TestParseCanonical(t *testing.T) {
	const alphabet = "NBRQKPabdeh1458x=+#O-@p.:09 "
	var buf []byte
	var walk func(n int)
	accepted := 0
	check := func(s string) {
		fast, ok := parseCanonical(s)
		if !ok {
			return
		}
		accepted++
		slow, err := parseSAN(s)
		if err != nil || fast != slow {
			t.Fatalf("%q: fast path %+v, general parser %+v, %v", s, fast, slow, err)
		}
	}
	walk = func(n int) {
		check(string(buf))
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			buf = append(buf, alphabet[i])
			walk(n - 1)
			buf = buf[:len(buf)-1]
		}
	}
	walk(5)
	if accepted < 1000 {
		t.Fatalf("only %d strings on the fast path", accepted)
	}
	for _, s := range []string{"exd8=Q+", "exd8=N#", "Nbxd2+", "R1xe5#", "Qh4xe1", "e8=Q+", "axb1=R", "bxa8=B#", "Kxd2+", "Nexd4"} {
		check(s)
	}
	p := StartPosition()
	for _, tok := range benchGame {
		if _, ok := parseCanonical(tok); !ok && tok != "O-O" {
			t.Errorf("%s: not on the fast path", tok)
		}
		san, err := ParseSAN(tok)
		if err != nil {
			t.Fatal(err)
		}
		m, rerr := p.Resolve(san)
		if rerr != nil {
			t.Fatal(rerr)
		}
		p = p.Make(m)
	}
}
