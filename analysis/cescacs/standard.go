package cescacs

import (
	"strings"
	"unicode/utf8"
)

// StandardMove returns the move text s, read with the alphabet letters
// (nil: the standard letters), with its piece symbols written in the
// standard letters P E J N G R V D K and every other byte as it was: what
// the minimal reader reads once the Redefine tag is gone (§8.9). Castling
// keeps its letters K, D and R ("KTK-HIO" becomes "KRK-HIO"). ok is false
// when s is not well-formed CTL-AN (ParseMove reports an error), or when
// the text would not read back, with the standard letters, as the same
// move.
func StandardMove(s string, letters *Alphabet) (string, bool) {
	n, probs := ParseMove(s, letters)
	var out string
	switch {
	case n.Kind == NotationInvalid || HasError(probs):
		return s, false
	case n.Kind == NotationCastling:
		side := s[2]
		if side != 'K' && side != 'D' {
			side = 'R'
		}
		out = "KR" + string(side) + s[3:]
	default:
		// Replace the symbols from the last, so that the earlier offsets
		// stay valid.
		out = s
		if k := n.Promotion; k != NoKind && k != Pawn {
			sp := n.PromotionSpan
			out = out[:sp.Offset+1] + string(k.Letter()) + out[sp.End:]
		}
		if sp := n.VictimSpan; n.Victim != NoKind && sp.End > sp.Offset {
			out = out[:sp.Offset] + string(n.Victim.Letter()) + out[sp.End:]
		}
		if sp := n.MoverSpan; sp.End > sp.Offset {
			out = out[:sp.Offset] + string(n.Mover.Letter()) + out[sp.End:]
		}
	}
	back, _ := ParseMove(out, nil)
	return out, back.same(n)
}

// same reports whether n and m are the same move as written, whatever
// their alphabets and the offsets of their parts.
func (n Notation) same(m Notation) bool {
	return n.Kind == m.Kind && n.Mover == m.Mover && n.From == m.From && n.To == m.To && n.Sep == m.Sep &&
		n.Victim == m.Victim && n.Promotion == m.Promotion && n.Castle == m.Castle && n.Check == m.Check
}

// StandardPDTL returns the PDTL s, read with the alphabet letters (nil:
// the standard letters), with the piece symbols of its placement and
// castling fields written in the standard letters, upper case for White
// and lower case for Black (§6.8), and every other byte as it was. ok is
// false when s is not a valid PDTL, or when the text would not read
// back, with the standard letters, as the same position.
func StandardPDTL(s string, letters *Alphabet) (string, bool) {
	want, probs := ParsePDTL(s, letters)
	if HasError(probs) {
		return s, false
	}
	a := letters.orStandard()
	var b strings.Builder
	field, blank := 0, true
	for _, r := range s {
		if r < utf8.RuneSelf && isBlank(byte(r)) {
			if !blank {
				field++
			}
			blank = true
			b.WriteRune(r)
			continue
		}
		blank = false
		if field == 0 || field == 2 { // placement, castling
			if k, c, _ := a.lookup(r); k != NoKind {
				r = standardAlphabet.pieceSymbol(MakePiece(c, k))
			}
		}
		b.WriteRune(r)
	}
	out := b.String()
	got, probs := ParsePDTL(out, nil)
	return out, got == want && !HasError(probs)
}
