package cescacs

import (
	"fmt"
	"unicode/utf8"
)

// Check classifies the check on the side to move (§5.3): NoCheck,
// CheckDistant, CheckAdjoining or CheckDouble. It does not detect mate.
func (p *Position) Check() CheckMark {
	var at [2]Hex
	return classifyCheck(p.king[p.turn&1], p.checkers(&at))
}

// HasLegalMove reports whether the side to move has at least one legal move.
func (p *Position) HasLegalMove() bool {
	var at [2]Hex
	return p.hasLegalMove(p.checkers(&at))
}

// Format returns the canonical text of n (§7.4) with the symbols of
// letters and the separators of style, including its check indicator as
// written. It returns "" for an invalid notation.
func (n Notation) Format(letters *Alphabet, style Style) string {
	a := letters.orStandard()
	var b []byte
	switch n.Kind {
	case NotationCastling:
		h, _ := utf8.DecodeRuneInString(style.hyphen())
		b = appendCastle(b, n.Castle, a, h)
	case NotationDeferred:
		b = appendHex(b, n.From)
		b = appendPromotion(b, n.Promotion, a)
	case NotationMove:
		if n.Mover != Pawn {
			b = a.appendSymbol(b, n.Mover)
		}
		b = appendHex(b, n.From)
		switch n.Sep {
		case SepQuiet:
			b = append(b, style.hyphen()...)
		case SepCapture:
			b = append(b, style.times()...)
		case SepEnPassant:
			b = append(b, '@')
		case SepLongEnPassant:
			b = append(b, "@@"...)
		}
		if n.Victim != NoKind {
			b = a.appendSymbol(b, n.Victim)
		}
		b = appendHex(b, n.To)
		b = appendPromotion(b, n.Promotion, a)
	default:
		return ""
	}
	return string(b) + n.Check.String()
}

// String formats p as "offset-end: severity code: message".
func (p Problem) String() string {
	return fmt.Sprintf("%d-%d: %s %s: %s", p.Offset, p.End, p.Severity, p.Code, p.Msg)
}

// String returns the stable kebab-case code of k, such as "no-piece",
// usable as a diagnostic code.
func (k ResolveErrorKind) String() string {
	if int(k) >= len(resolveCodes) {
		return "unknown"
	}
	return resolveCodes[k]
}

// Error returns the message.
func (e *ResolveError) Error() string { return e.Msg }

// Findings returns the soft problems of the notation n that resolved to
// the legal move m: a missing, superfluous, unrefined or wrong check
// indicator (§5.3) and an awaiting promotion written without "=&". Each
// carries the canonical replacement. Offsets refer to the text n was
// parsed from.
func (p *Position) Findings(n Notation, m Move) []Problem {
	return findings(&n, m, p.checkAfter(m))
}

// Scornful returns the pending scornful-capture record: the hex of the
// scornful pawn (or of the piece it promoted to) and the hexes of the
// scorned pawns, the only ones allowed to capture it: one after a
// sidestep (scorned[1] is NoHex), two when a PDTL record fits both
// (§6.5, §12.1). ok is false when no scornful capture is pending.
func (p *Position) Scornful() (pawn Hex, scorned [2]Hex, ok bool) {
	if p.sp.kind != spScornful {
		return NoHex, [2]Hex{NoHex, NoHex}, false
	}
	return p.sp.pawn, p.sp.hexes, true
}
