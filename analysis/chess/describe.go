package chess

import "strings"

// Helpers for the human-readable messages of errors and findings.

// describePiece returns a description of the piece on sq, such as
// "white knight".
func describePiece(p *Position, sq Square) string { return p.PieceAt(sq).String() }

// describe returns a description of the piece on sq with its square,
// such as "white knight on g1".
func describe(p *Position, sq Square) string { return describePiece(p, sq) + " on " + sq.String() }

// describeAll describes the pieces on the squares of b, such as
// "white knight on b1 and black bishop on c4".
func describeAll(p *Position, b Bitboard) string {
	var names []string
	for sq := range b.Squares() {
		names = append(names, describe(p, sq))
	}
	return joinAnd(names)
}

// squareList returns the squares of b as a list, such as "b1, d2 and f3".
func squareList(b Bitboard) string {
	var names []string
	for sq := range b.Squares() {
		names = append(names, sq.String())
	}
	return joinAnd(names)
}

// joinAnd joins words as "a", "a and b" or "a, b and c".
func joinAnd(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// plural returns the plural of a piece name: "knights", "bishops".
func plural(name string) string { return name + "s" }
