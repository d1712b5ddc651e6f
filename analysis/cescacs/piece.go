package cescacs

// Color is a side: White or Black.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Kind is a kind of piece, independent of its colour.
type Kind uint8

// The piece kinds (§2.1). NoKind means "no piece".
const (
	NoKind Kind = iota
	Pawn
	Elephant
	Bishop
	Knight
	Pegasus
	Rook
	Wyvern
	Queen
	King
	numKinds
)

// standardLetters holds the standard upper-case letter of each kind.
const standardLetters = " PEJNGRVDK"

var kindNames = [numKinds]string{"none", "pawn", "elephant", "bishop", "knight", "pegasus", "rook", "wyvern", "queen", "king"}

// String returns the English name of k ("pawn", "queen", …).
func (k Kind) String() string {
	if k >= numKinds {
		return "invalid"
	}
	return kindNames[k]
}

// article returns the name of k with its indefinite article.
func (k Kind) article() string {
	if k == Elephant {
		return "an elephant"
	}
	return "a " + k.String()
}

// Letter returns the standard upper-case letter of k (P, E, J, N, G, R, V,
// D, K), or 0 for NoKind or an invalid kind.
func (k Kind) Letter() byte {
	if k == NoKind || k >= numKinds {
		return 0
	}
	return standardLetters[k]
}

// Regainable reports whether a pawn may promote to k: queen, wyvern, rook,
// pegasus, knight or bishop (§3.6).
func (k Kind) Regainable() bool { return k >= Bishop && k <= Queen }

// complement is the standard number of pieces of each kind per side (§2.4).
var complement = [numKinds]int8{Pawn: 11, Elephant: 4, Bishop: 3, Knight: 2, Pegasus: 2, Rook: 2, Wyvern: 1, Queen: 1, King: 1}

// promotionKinds lists the regainable kinds in the order promotions are
// generated.
var promotionKinds = [...]Kind{Queen, Wyvern, Rook, Pegasus, Knight, Bishop}

// A Piece is a coloured piece, or NoPiece for an empty hex.
type Piece uint8

// NoPiece is the content of an empty hex.
const NoPiece Piece = 0

const blackBit = 0x10

// MakePiece returns the piece of kind k and colour c.
func MakePiece(c Color, k Kind) Piece {
	if k == NoKind || k >= numKinds {
		return NoPiece
	}
	return Piece(k) | Piece(c&1)<<4
}

// Kind returns the kind of p (NoKind for NoPiece).
func (p Piece) Kind() Kind { return Kind(p & 0x0f) }

// Color returns the colour of p; it is meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p>>4) & 1 }

// String returns the PDTL letter of p with the standard alphabet (upper
// case White, lower case Black), or "." for NoPiece.
func (p Piece) String() string {
	if p == NoPiece {
		return "."
	}
	return string(standardAlphabet.pieceSymbol(p))
}
