package chess

// Move is a move in a particular position, packed in 32 bits: origin
// (bits 0-5), destination (6-11), kind (12-14) and the piece a pawn
// promotes to or that is dropped (15-17). A castling move is encoded as
// the king moving to the square of the castling rook; a crazyhouse drop
// has its destination as origin too. The zero Move is the null move.
type Move uint32

// NullMove is the null move ("--" in SAN): the side to move passes.
const NullMove Move = 0

const (
	moveNormal    Move = 0 << 12
	movePromotion Move = 1 << 12
	moveEnPassant Move = 2 << 12
	moveCastle    Move = 3 << 12
	moveDrop      Move = 4 << 12
	moveKindMask  Move = 7 << 12
)

func newMove(from, to Square, kind Move) Move { return Move(from) | Move(to)<<6 | kind }

func newPromotion(from, to Square, t PieceType) Move {
	return newMove(from, to, movePromotion) | Move(t)<<15
}

// newDrop returns the drop of a piece of type t on to (crazyhouse).
func newDrop(t PieceType, to Square) Move { return newMove(to, to, moveDrop) | Move(t)<<15 }

// From returns the origin square of m (the king's square for castling,
// the destination for a drop).
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square of m; for castling it is the
// square of the castling rook, not the king's destination.
func (m Move) To() Square { return Square(m >> 6 & 63) }

func (m Move) kind() Move { return m & moveKindMask }

// Promotion returns the piece type a pawn promotes to (a king only in
// antichess), or NoPieceType.
func (m Move) Promotion() PieceType {
	if m.kind() != movePromotion {
		return NoPieceType
	}
	return PieceType(m >> 15 & 7)
}

// Drop returns the type of the piece a crazyhouse drop puts on the
// board, or NoPieceType if m is not a drop.
func (m Move) Drop() PieceType {
	if m.kind() != moveDrop {
		return NoPieceType
	}
	return PieceType(m >> 15 & 7)
}

// IsCastle reports whether m is a castling move.
func (m Move) IsCastle() bool { return m.kind() == moveCastle }

// IsEnPassant reports whether m is an en passant capture.
func (m Move) IsEnPassant() bool { return m.kind() == moveEnPassant }

// String returns m in coordinate notation, such as "e2e4" or "e7e8q";
// castling prints as the king taking its rook ("e1h1"), a crazyhouse
// drop as "N@f3" and the null move as "0000". See Position.UCI for
// castling in standard chess.
func (m Move) String() string {
	var buf [5]byte
	return string(m.appendTo(buf[:0]))
}

// appendTo appends m as String writes it to b.
func (m Move) appendTo(b []byte) []byte {
	if m == NullMove {
		return append(b, "0000"...)
	}
	if t := m.Drop(); t != NoPieceType {
		return append(append(b, pieceLetters[t], '@'), m.To().String()...)
	}
	b = append(append(b, m.From().String()...), m.To().String()...)
	if t := m.Promotion(); t != NoPieceType {
		b = append(b, pieceLetters[t]+'a'-'A')
	}
	return b
}

// noCastling is the castling field of a position without castling rights.
var noCastling = [2][2]Square{{NoSquare, NoSquare}, {NoSquare, NoSquare}}

// backRank returns the first rank of c: 0 for White, 7 for Black.
func backRank(c Color) int { return 7 * int(c&1) }

// castleTargets returns where king and rook land when c castles with
// the rook on rook, given the king on king.
func castleTargets(c Color, king, rook Square) (kingTo, rookTo Square) {
	back := backRank(c)
	if rook > king {
		return SquareAt(6, back), SquareAt(5, back)
	}
	return SquareAt(2, back), SquareAt(3, back)
}

// castleSide returns the side of the castling move m.
func castleSide(m Move) CastleSide {
	if m.To() > m.From() {
		return CastleShort
	}
	return CastleLong
}

// Make returns the position after m, which must be legal in p (as
// returned by LegalMoves or Resolve); p is left unchanged. Make does not
// allocate. If the origin of m holds no piece of the side to move, Make
// returns p unchanged.
func (p *Position) Make(m Move) Position {
	var q Position
	p.MakeTo(&q, m)
	return q
}

// MakeTo sets *q to the position after m, as Make returns it, without
// copying the position once more on the way: for a replay that plays
// every move of a game into a buffer of its own. q must not be p.
func (p *Position) MakeTo(q *Position, m Move) {
	if p.variant > Chess960 {
		*q = p.makeVariant(m)
		return
	}
	us, them := p.side, p.side.Other()
	*q = *p
	q.side = them
	q.ep = NoSquare
	q.halfmove++
	if us == Black {
		q.fullmove++
	}
	if m == NullMove {
		q.checkers = q.computeCheckers()
		return
	}
	from, to := m.From(), m.To()
	pt := p.typeAt(from)
	if pt == NoPieceType || !p.colors[us].Has(from) {
		*q = *p
		return
	}
	fromTo := from.bb() | to.bb()
	switch m.kind() {
	case moveCastle:
		kingTo, rookTo := castleTargets(us, from, to)
		q.pieces[King-1] ^= from.bb() ^ kingTo.bb()
		q.pieces[Rook-1] ^= to.bb() ^ rookTo.bb()
		q.colors[us] = q.colors[us]&^fromTo | kingTo.bb() | rookTo.bb()
		q.castle[us] = noCastling[us]
	case moveEnPassant:
		capSq := SquareAt(to.File(), from.Rank())
		q.pieces[Pawn-1] ^= fromTo | capSq.bb()
		q.colors[us] ^= fromTo
		q.colors[them] &^= capSq.bb()
		q.halfmove = 0
	default:
		if p.colors[them].Has(to) {
			if ct := p.typeAt(to); ct != NoPieceType {
				q.pieces[ct-1] &^= to.bb()
			}
			q.colors[them] &^= to.bb()
			q.halfmove = 0
		}
		q.pieces[pt-1] ^= fromTo
		q.colors[us] ^= fromTo
		switch pt {
		case Pawn:
			q.halfmove = 0
			if from^to == 16 {
				q.ep = (from + to) / 2
			}
			if promo := m.Promotion(); promo != NoPieceType {
				q.pieces[Pawn-1] &^= to.bb()
				q.pieces[promo-1] |= to.bb()
			}
		case King:
			q.castle[us] = noCastling[us]
		}
		if q.castle != noCastling {
			for c := range q.castle {
				for i, r := range q.castle[c] {
					if r == from || r == to {
						q.castle[c][i] = NoSquare
					}
				}
			}
		}
	}
	q.checkers = q.computeCheckers()
}

// orthodox returns p under the rules of orthodox chess (Chess960
// castling kept), for the variants whose pieces move as in chess: their
// code runs the orthodox code on it.
func (p *Position) orthodox() Position {
	o := *p
	o.variant = Standard
	return o
}
