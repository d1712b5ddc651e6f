package chess

import (
	"iter"
	"math/bits"
)

// Square identifies a square of the board: a1 = 0, b1 = 1, ..., h8 = 63.
// NoSquare (64) marks the absence of a square.
type Square uint8

// The squares of the board.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
	NoSquare Square = 64
)

// squareNames holds the names of all squares, two bytes each.
const squareNames = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4" +
	"a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8"

// SquareAt returns the square on the given file (0 = a) and rank
// (0 = first rank), or NoSquare if either is out of range.
func SquareAt(file, rank int) Square {
	if uint(file) > 7 || uint(rank) > 7 {
		return NoSquare
	}
	return Square(rank*8 + file)
}

// ParseSquare parses a square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return SquareAt(int(s[0]-'a'), int(s[1]-'1')), true
}

// File returns the file of s, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the rank of s, 0 (first rank) to 7 (eighth rank).
func (s Square) Rank() int { return int(s >> 3 & 7) }

// String returns the name of s, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return squareNames[2*s : 2*s+2]
}

// SquareColor returns the colour of sq on the board: White for light
// squares and Black for dark ones (a1 is dark).
func SquareColor(sq Square) Color {
	if (sq.File()+sq.Rank())%2 == 0 {
		return Black
	}
	return White
}

// bb returns the bitboard with only s set (empty for NoSquare).
func (s Square) bb() Bitboard { return 1 << s }

// Bitboard is a set of squares, bit n standing for Square n.
type Bitboard uint64

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return b&sq.bb() != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// Squares returns an iterator over the squares in b, in increasing order.
func (b Bitboard) Squares() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for rest := b; rest != 0; rest &= rest - 1 {
			if !yield(rest.first()) {
				return
			}
		}
	}
}

// first returns the lowest square in b, or NoSquare if b is empty.
func (b Bitboard) first() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// last returns the highest square in b; b must not be empty.
func (b Bitboard) last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// more reports whether b has more than one square.
func (b Bitboard) more() bool { return b&(b-1) != 0 }

const (
	fileA Bitboard = 0x0101010101010101
	rank1 Bitboard = 0xff
)

func fileBB(f int) Bitboard { return fileA << f }
func rankBB(r int) Bitboard { return rank1 << (8 * r) }
