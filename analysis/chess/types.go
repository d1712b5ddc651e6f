package chess

import "strconv"

// Color is one of the two sides, White or Black.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opposing side.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// PieceType is a kind of chess piece, independent of colour.
type PieceType uint8

// The piece types. NoPieceType marks the absence of a piece.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

var pieceTypeNames = [...]string{"no piece", "pawn", "knight", "bishop", "rook", "queen", "king"}

// pieceLetters holds the upper-case letter of each piece type.
const pieceLetters = "-PNBRQK"

// letterTypes maps piece letters of either case to piece types.
var letterTypes = [256]PieceType{
	'P': Pawn, 'N': Knight, 'B': Bishop, 'R': Rook, 'Q': Queen, 'K': King,
	'p': Pawn, 'n': Knight, 'b': Bishop, 'r': Rook, 'q': Queen, 'k': King,
}

// String returns the lower-case English name of t, such as "knight".
func (t PieceType) String() string {
	if int(t) < len(pieceTypeNames) {
		return pieceTypeNames[t]
	}
	return "PieceType(" + strconv.Itoa(int(t)) + ")"
}

// Piece is a coloured piece, or NoPiece.
type Piece uint8

// NoPiece is the Piece of an empty square.
const NoPiece Piece = 0

// NewPiece returns the piece of type t and colour c.
func NewPiece(c Color, t PieceType) Piece {
	if t == NoPieceType {
		return NoPiece
	}
	return Piece(c&1)<<3 | Piece(t)
}

// Color returns the colour of p. It is meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

// Type returns the type of p, NoPieceType for NoPiece.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// String returns a description such as "white knight", or "no piece".
func (p Piece) String() string {
	if p.Type() == NoPieceType || p.Type() > King {
		return "no piece"
	}
	return p.Color().String() + " " + p.Type().String()
}

// FENChar returns the FEN letter of p: upper case for White, lower case
// for Black, or '.' for NoPiece.
func (p Piece) FENChar() byte {
	t := p.Type()
	if t == NoPieceType || t > King {
		return '.'
	}
	c := pieceLetters[t]
	if p.Color() == Black {
		c += 'a' - 'A'
	}
	return c
}

// CastleSide says on which side of the board a castling move goes.
type CastleSide uint8

// The castling sides. NoCastle marks a move that is not castling.
const (
	NoCastle    CastleSide = iota
	CastleShort            // O-O, towards the h-file
	CastleLong             // O-O-O, towards the a-file
)

// String returns "O-O", "O-O-O" or "" for NoCastle.
func (s CastleSide) String() string {
	switch s {
	case CastleShort:
		return "O-O"
	case CastleLong:
		return "O-O-O"
	}
	return ""
}
