package chess

import "sync"

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Position is a chess position: placement, side to move, castling
// rights, en passant square and move counters. See the package
// documentation for its invariants.
type Position struct {
	pieces   [6]Bitboard // indexed by PieceType-1
	colors   [2]Bitboard
	checkers Bitboard     // pieces giving check to the side to move
	promoted Bitboard     // crazyhouse: the pieces that are promoted pawns
	castle   [2][2]Square // [Color][CastleSide-1]: castling rook, or NoSquare
	ep       Square       // en passant target square, or NoSquare
	side     Color        // side to move
	chess960 bool         // print castling rights in X-FEN, moves in 960 UCI
	variant  Variant      // the rules; never Chess960 with chess960 false
	checks   [2]uint8     // three-check: the checks each side still has to give
	pockets  [2][5]uint8  // crazyhouse: pieces in hand by colour and PieceType-1 (pawn to queen)
	halfmove int32        // plies since the last capture or pawn move
	fullmove int32        // starts at 1, incremented after Black's move
}

// StartPosition returns the standard starting position.
func StartPosition() Position { return startPosition() }

var startPosition = sync.OnceValue(func() Position {
	p, _ := ParseFEN(StartFEN, false)
	return p
})

// VariantStart returns the usual starting position of variant v (see
// Variant.StartFEN).
func VariantStart(v Variant) Position {
	if v == Standard || int(v) >= len(variantStarts) {
		return startPosition()
	}
	return variantStarts[v]()
}

var variantStarts = func() (starts [len(variantInfo)]func() Position) {
	for v := range starts {
		starts[v] = sync.OnceValue(func() Position {
			p, _ := ParseVariantFEN(Variant(v).StartFEN(), Variant(v), false)
			return p
		})
	}
	return starts
}()

// byType returns the squares of pieces of type t (of both colours).
func (p *Position) byType(t PieceType) Bitboard { return p.pieces[t-1] }

// of returns the squares of c's pieces of type t.
func (p *Position) of(c Color, t PieceType) Bitboard { return p.pieces[t-1] & p.colors[c] }

func (p *Position) occupied() Bitboard { return p.colors[White] | p.colors[Black] }

func (p *Position) kingSquare(c Color) Square { return p.of(c, King).first() }

// typeAt returns the type of the piece on sq, or NoPieceType.
func (p *Position) typeAt(sq Square) PieceType {
	b := sq.bb()
	for t := Pawn; t <= King; t++ {
		if p.pieces[t-1]&b != 0 {
			return t
		}
	}
	return NoPieceType
}

// PieceAt returns the piece on sq, or NoPiece.
func (p *Position) PieceAt(sq Square) Piece {
	t := p.typeAt(sq)
	if t == NoPieceType {
		return NoPiece
	}
	c := White
	if p.colors[Black].Has(sq) {
		c = Black
	}
	return NewPiece(c, t)
}

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard {
	if t == NoPieceType || t > King {
		return 0
	}
	return p.of(c&1, t)
}

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// EnPassant returns the en passant target square (set after every
// double pawn step, as in FEN), or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the number of plies since the last capture or
// pawn move.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the number of the current full move, starting
// at 1 and incremented after each Black move.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// Chess960 reports whether p was parsed as a Chess960 position, which
// affects how FEN and UCI print castling.
func (p *Position) Chess960() bool { return p.chess960 }

// Variant returns the rules p is played under.
func (p *Position) Variant() Variant { return p.variant }

// RemainingChecks returns, in three-check, how many more checks c must
// give to win (0 once c has won), and 0 in other variants.
func (p *Position) RemainingChecks(c Color) int {
	if p.variant != ThreeCheck {
		return 0
	}
	return int(p.checks[c&1])
}

// InHand returns, in crazyhouse, how many pieces of type t c holds in
// hand, ready to be dropped; 0 in other variants.
func (p *Position) InHand(c Color, t PieceType) int {
	if t < Pawn || t > Queen {
		return 0
	}
	return int(p.pockets[c&1][t-1])
}

// Promoted returns, in crazyhouse, the squares of the pieces that are
// promoted pawns, which go back to the hand as pawns when captured.
func (p *Position) Promoted() Bitboard { return p.promoted }

// CastlingRook returns the square of the rook with which c may castle on
// the given side, or NoSquare if c has no such castling right.
func (p *Position) CastlingRook(c Color, side CastleSide) Square {
	if side != CastleShort && side != CastleLong {
		return NoSquare
	}
	return p.castle[c&1][side-1]
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// Checkers returns the squares of the pieces giving check to the side to
// move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// Attackers returns the squares of by's pieces that attack sq, that is,
// could capture an enemy piece standing there (ignoring pins).
func (p *Position) Attackers(sq Square, by Color) Bitboard {
	if sq >= NoSquare {
		return 0
	}
	return p.attackersTo(sq, p.occupied()) & p.colors[by&1]
}

// attackersTo returns the pieces of both colours attacking sq when the
// occupied squares are occ.
func (p *Position) attackersTo(sq Square, occ Bitboard) Bitboard {
	return pawnAttacks[Black][sq]&p.of(White, Pawn) |
		pawnAttacks[White][sq]&p.of(Black, Pawn) |
		knightAttacks[sq]&p.byType(Knight) |
		kingAttacks[sq]&p.byType(King) |
		bishopAttacks(sq, occ)&(p.byType(Bishop)|p.byType(Queen)) |
		rookAttacks(sq, occ)&(p.byType(Rook)|p.byType(Queen))
}

// computeCheckers returns the enemy pieces attacking the king of the
// side to move. For a side without king (in some variants) the result
// means nothing, but computing it is safe: the variants compute their
// checkers with variantCheckers.
func (p *Position) computeCheckers() Bitboard {
	us, them := p.side, p.side.Other()
	king, occ := p.kingSquare(us)&63, p.occupied()
	return (pawnAttacks[us][king]&p.byType(Pawn) |
		knightAttacks[king]&p.byType(Knight) |
		bishopAttacks(king, occ)&(p.byType(Bishop)|p.byType(Queen)) |
		rookAttacks(king, occ)&(p.byType(Rook)|p.byType(Queen))) & p.colors[them]
}

// Status is the state of a game in a given position.
type Status uint8

// The possible game states. Checkmate and Stalemate take precedence over
// InsufficientMaterial.
const (
	Ongoing              Status = iota
	Checkmate                   // the side to move is checkmated
	Stalemate                   // the side to move has no legal move but is not in check
	InsufficientMaterial        // neither side can ever checkmate
	VariantEnd                  // a rule of the variant ended the game (see Outcome)
)

// String returns a lower-case description such as "checkmate".
func (s Status) String() string {
	switch s {
	case Ongoing:
		return "ongoing"
	case Checkmate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	case InsufficientMaterial:
		return "insufficient material"
	case VariantEnd:
		return "variant end"
	}
	return "unknown status"
}

// Status reports whether the game is over in p, and how; Outcome tells
// who wins.
func (p *Position) Status() Status {
	switch {
	case p.variant > Chess960 && p.variantOver():
		return VariantEnd
	case p.hasLegalMove():
		if p.noMaterialToWin() {
			return InsufficientMaterial
		}
		return Ongoing
	case p.checkers != 0:
		return Checkmate
	}
	return Stalemate
}

// insufficientMaterial reports positions where no sequence of legal
// moves can mate: bare kings, a single minor piece, or only bishops all
// on squares of the same colour.
func (p *Position) insufficientMaterial() bool {
	if p.byType(Pawn)|p.byType(Rook)|p.byType(Queen) != 0 {
		return false
	}
	minors := p.byType(Knight) | p.byType(Bishop)
	if !minors.more() {
		return true
	}
	const dark Bitboard = 0xaa55aa55aa55aa55
	bishops := p.byType(Bishop)
	return p.byType(Knight) == 0 && (bishops&dark == 0 || bishops&^dark == 0)
}

// String returns the FEN of p.
func (p *Position) String() string { return p.FEN() }
