package chess

import "strings"

// IsCapture reports whether m, legal in p, takes a piece: a piece of the
// other side on its target square, or en passant (a Chess960 castling
// move onto its own rook takes nothing).
func (p *Position) IsCapture(m Move) bool { return p.isCapture(m) }

// LAN returns the long algebraic notation of m, which must be legal in
// p: the piece letter (none for a pawn), the origin, "-" or "x" for a
// capture, the target, "=Q" for a promotion and the check mark of SAN:
// "e2-e4", "Ng1xf3", "e7-e8=Q+". Castling, drops and the null move are
// written as in SAN ("O-O", "N@f3", "--").
func (p *Position) LAN(m Move) string {
	pt := p.typeAt(m.From())
	if m == NullMove || m.IsCastle() || m.Drop() != NoPieceType || pt == NoPieceType {
		return p.SAN(m)
	}
	var buf [12]byte
	b := buf[:0]
	if pt != Pawn {
		b = append(b, pieceLetters[pt])
	}
	b = append(b, m.From().String()...)
	if p.isCapture(m) {
		b = append(b, 'x')
	} else {
		b = append(b, '-')
	}
	b = append(b, m.To().String()...)
	if t := m.Promotion(); t != NoPieceType {
		b = append(b, '=', pieceLetters[t])
	}
	switch p.checkMark(m) {
	case MarkCheck:
		b = append(b, '+')
	case MarkMate:
		b = append(b, '#')
	}
	return string(b)
}

// Letters are the piece letters of a language, by PieceType (Pawn to
// King); the pawn's is written only in drops.
type Letters [7]string

// English are the letters of SAN.
var English = Letters{"", "P", "N", "B", "R", "Q", "K"}

// Figurines are the Unicode chess figurines FAN writes for both sides.
var Figurines = Letters{"", "♙", "♘", "♗", "♖", "♕", "♔"}

// Languages are the piece letters of other languages, by ISO 639-1 code,
// as the FIDE handbook and pgn-extract's -Wsan tables write them (pawn,
// knight, bishop, rook, queen, king).
var Languages = map[string]Letters{
	"en": English,
	"cs": {"", "P", "J", "S", "V", "D", "K"},
	"da": {"", "B", "S", "L", "T", "D", "K"},
	"de": {"", "B", "S", "L", "T", "D", "K"},
	"es": {"", "P", "C", "A", "T", "D", "R"},
	"fi": {"", "S", "R", "L", "T", "D", "K"},
	"fr": {"", "P", "C", "F", "T", "D", "R"},
	"hu": {"", "G", "H", "F", "B", "V", "K"},
	"it": {"", "P", "C", "A", "T", "D", "R"},
	"nl": {"", "O", "P", "L", "T", "D", "K"},
	"no": {"", "B", "S", "L", "T", "D", "K"},
	"pl": {"", "P", "S", "G", "W", "H", "K"},
	"pt": {"", "P", "C", "B", "T", "D", "R"},
	"ru": {"", "П", "К", "С", "Л", "Ф", "Кр"},
	"sv": {"", "B", "S", "L", "T", "D", "K"},
	"tr": {"", "P", "A", "F", "K", "V", "Ş"},
}

// Localize rewrites a move written in SAN (or LAN) with the piece letters
// l: the letter that starts a piece move or a drop, and the one after
// "=" of a promotion. Castling, squares and marks stay as they are.
func Localize(san string, l *Letters) string {
	if san == "" || san[0] == 'O' || san == "--" {
		return san
	}
	var b strings.Builder
	for i := 0; i < len(san); i++ {
		c := san[i]
		if (i == 0 || san[i-1] == '=') && strings.IndexByte(pieceLetters, c) > 0 {
			b.WriteString(l[strings.IndexByte(pieceLetters, c)])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
