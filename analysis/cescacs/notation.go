package cescacs

import (
	"strings"
	"unicode/utf8"
)

// Style selects the separator characters of printed moves (§7.4).
type Style uint8

// Output styles. The zero value, StyleE, is the usual form of E and of
// real games.
const (
	StyleE       Style = iota // "-" (hyphen-minus) and "×"
	StyleASCII                // "-" and "*"
	StyleUnicode              // "‐" (U+2010) and "×"
)

func (st Style) hyphen() string {
	if st == StyleUnicode {
		return "‐"
	}
	return "-"
}

func (st Style) times() string {
	if st == StyleASCII {
		return "*"
	}
	return "×"
}

// NotationKind tells which form a parsed move has.
type NotationKind uint8

// Notation kinds.
const (
	NotationInvalid  NotationKind = iota // the text is not understood as a move
	NotationMove                         // [Piece]Origin Sep [Victim]Destination [=X]
	NotationCastling                     // KRK-HIO …
	NotationDeferred                     // F28=R
)

// Separator is the sign between origin and destination.
type Separator uint8

// Separators.
const (
	SepQuiet         Separator = iota // "-" or "‐"
	SepCapture                        // "×" or "*"
	SepEnPassant                      // "@" (en passant or scornful capture)
	SepLongEnPassant                  // "@@"
)

// A Span is a half-open byte range [Offset, End) of a text.
type Span struct{ Offset, End int }

// A Notation is a parsed CTL-AN move (§7.1), independent of any position
// and of the alphabet it was written with.
type Notation struct {
	Kind      NotationKind
	Mover     Kind      // the moving piece: Pawn when no symbol is written; King for castling
	From, To  Hex       // origin and destination; the pawn's hex twice for a deferred promotion
	Sep       Separator // for NotationMove
	Victim    Kind      // the captured-piece symbol, NoKind when absent
	Promotion Kind      // NoKind, the kind after "=", or Pawn for "=&"
	Castle    CastleID  // for NotationCastling
	Check     CheckMark // the check indicator written, NoCheck if none

	// Spans of the parts in the parsed text (empty spans where a part is
	// absent, placed where it would be written).
	MoverSpan, FromSpan, SepSpan, VictimSpan, ToSpan, PromotionSpan, CheckSpan Span

	letters *Alphabet // the alphabet of the parsed text, for fixes
}

// ParseMove parses a CTL-AN move with its optional check indicator
// (§7.1); valuation glyphs and game marks are not part of it. letters is
// the alphabet in force (nil: standard letters). Parsing never fails:
// Kind is NotationInvalid when the text cannot be understood as a move,
// and otherwise the fields are filled even if problems (errors included)
// were reported, such as "x" used as the capture sign.
func ParseMove(s string, letters *Alphabet) (n Notation, probs []Problem) {
	probs = ParseMoveInto(&n, s, letters)
	return n, probs
}

// ParseMoveInto is ParseMove writing the notation to *n, for a caller
// that keeps it in place: a replay parses a move at every ply, and the
// Notation is too large to copy there for nothing.
func ParseMoveInto(n *Notation, s string, letters *Alphabet) []Problem {
	// parse writes the whole of *n before it reports true.
	mp := moveParser{s: s, a: letters.orStandard()}
	if !mp.parse(n) {
		*n = Notation{}
	}
	n.letters = mp.a
	return mp.probs
}

type moveParser struct {
	s     string
	i     int
	a     *Alphabet
	probs []Problem
}

func (mp *moveParser) report(off, end int, sev Severity, code, msg string) {
	mp.probs = append(mp.probs, Problem{Offset: off, End: end, Severity: sev, Code: code, Msg: msg})
}

func (mp *moveParser) reportFix(off, end int, sev Severity, code, msg, fix string) {
	mp.probs = append(mp.probs, Problem{Offset: off, End: end, Severity: sev, Code: code, Msg: msg, Fix: fix, HasFix: true})
}

// fail reports a syntax error from the current offset to the end, and
// false: the text is not a move.
func (mp *moveParser) fail(msg string) bool {
	mp.report(mp.i, len(mp.s), SeverityError, CodeMoveSyntax, msg)
	return false
}

// parse parses mp.s into n, reporting false if it is not a move (n is
// then to be discarded).
func (mp *moveParser) parse(n *Notation) bool {
	if mp.s == "" {
		return mp.fail("empty move")
	}
	if ok, done := mp.castling(n); done {
		return ok
	}
	*n = Notation{Kind: NotationMove, Mover: Pawn, From: NoHex, To: NoHex}
	if !mp.atHex() {
		k, ok := mp.symbol("piece")
		if !ok {
			return mp.fail("expected a piece symbol or a hex")
		}
		if k == Pawn {
			mp.reportFix(0, mp.i, SeverityWarning, CodeMovePawnLetter, "the moving pawn is not written", "")
		}
		n.Mover, n.MoverSpan = k, Span{0, mp.i}
	}
	var ok bool
	if n.From, n.FromSpan, ok = mp.hex("origin"); !ok {
		return false
	}
	if mp.i < len(mp.s) && mp.s[mp.i] == '=' && n.Mover == Pawn {
		n.Kind, n.To = NotationDeferred, n.From
		if !mp.promotion(n) {
			return false
		}
		if n.Promotion == Pawn {
			mp.report(n.PromotionSpan.Offset, n.PromotionSpan.End, SeverityError, CodeMoveSyntax, "a deferred promotion names a piece, not &")
		}
		n.SepSpan, n.VictimSpan, n.ToSpan = Span{n.FromSpan.End, n.FromSpan.End}, Span{n.FromSpan.End, n.FromSpan.End}, n.FromSpan
		mp.finish(n)
		return true
	}
	if !mp.separator(n) {
		return false
	}
	n.VictimSpan = Span{mp.i, mp.i}
	if !mp.atHex() {
		start := mp.i
		k, ok := mp.symbol("captured piece")
		if !ok {
			return mp.fail("expected the captured piece or the destination hex")
		}
		n.Victim, n.VictimSpan = k, Span{start, mp.i}
		switch {
		case n.Sep == SepQuiet:
			mp.reportFix(n.SepSpan.Offset, n.SepSpan.End, SeverityError, CodeMoveSyntax, "a captured piece follows a quiet-move hyphen: write ×", "×")
		case k == Pawn:
			mp.reportFix(start, mp.i, SeverityError, CodeMoveSyntax, "a captured pawn is not written", "")
		case k == King:
			mp.report(start, mp.i, SeverityError, CodeMoveSyntax, "a king is never captured")
		}
	}
	if n.To, n.ToSpan, ok = mp.hex("destination"); !ok {
		return false
	}
	n.PromotionSpan = Span{mp.i, mp.i}
	if mp.i < len(mp.s) && mp.s[mp.i] == '=' {
		if !mp.promotion(n) {
			return false
		}
	}
	mp.finish(n)
	return true
}

// atHex reports whether a column letter followed by a digit comes next.
func (mp *moveParser) atHex() bool {
	rest := mp.s[mp.i:]
	return len(rest) >= 2 && isDigit(rest[1]) && columnIndex[rest[0]] >= 0 // what scanHex consumes
}

// hex reads a hex, reporting what it should be on failure.
func (mp *moveParser) hex(what string) (Hex, Span, bool) {
	start := mp.i
	h, n := scanHex(mp.s[mp.i:])
	if n == 0 {
		mp.fail("expected the " + what + " hex")
		return NoHex, Span{}, false
	}
	mp.i += n
	if h == NoHex {
		mp.report(start, mp.i, SeverityError, CodeMoveHex, mp.s[start:mp.i]+" is not a hex of the board")
		return NoHex, Span{}, false
	}
	return h, Span{start, mp.i}, true
}

// symbol reads a piece symbol, reporting symbols not of the alphabet in
// force; ok is false (nothing consumed) if no piece symbol comes next.
func (mp *moveParser) symbol(what string) (Kind, bool) {
	if mp.i >= len(mp.s) {
		return NoKind, false
	}
	r, n := rune(mp.s[mp.i]), 1
	if r >= utf8.RuneSelf {
		r, n = utf8.DecodeRuneInString(mp.s[mp.i:])
	}
	k, c, st := mp.a.lookup(r)
	if k == NoKind {
		return NoKind, false
	}
	start := mp.i
	mp.i += n
	sym := mp.s[start:mp.i]
	switch {
	case st == symInForce && c == Black && mp.a.fan:
		st = symBlackGlyph
		fallthrough
	case st != symInForce:
		sev := SeverityError
		if st == symBlackGlyph {
			sev = SeverityWarning
		}
		mp.reportFix(start, mp.i, sev, CodeMoveLetters, mp.a.statusMessage(sym, k, st), mp.a.Symbol(k))
	case c == Black:
		mp.reportFix(start, mp.i, SeverityError, CodeMoveLetters, "the "+what+" is written in upper case", mp.a.Symbol(k))
	}
	return k, true
}

// separator reads the sign between origin and destination.
func (mp *moveParser) separator(n *Notation) bool {
	rest := mp.s[mp.i:]
	start := mp.i
	if rest != "" && rest[0] == '-' { // the usual quiet move, first
		mp.i++
		n.Sep, n.SepSpan = SepQuiet, Span{start, mp.i}
		return true
	}
	size := 0
	switch {
	case strings.HasPrefix(rest, "@@"):
		n.Sep, size = SepLongEnPassant, 2
	case strings.HasPrefix(rest, "@"):
		n.Sep, size = SepEnPassant, 1
	case strings.HasPrefix(rest, "-"):
		n.Sep, size = SepQuiet, 1
	case strings.HasPrefix(rest, "‐"):
		n.Sep, size = SepQuiet, len("‐")
	case strings.HasPrefix(rest, "–"):
		n.Sep, size = SepQuiet, len("–")
		mp.reportFix(start, start+size, SeverityWarning, CodeMoveEnDash, "the en dash is not a CTL-AN separator", "-")
	case strings.HasPrefix(rest, "×"):
		n.Sep, size = SepCapture, len("×")
	case strings.HasPrefix(rest, "*"):
		n.Sep, size = SepCapture, 1
	case strings.HasPrefix(rest, "x"):
		n.Sep, size = SepCapture, 1
		mp.reportFix(start, start+size, SeverityError, CodeMoveCaptureX, "x is not a capture sign: write ×", "×")
	default:
		mp.fail("expected a separator (-, ×, @ or @@) after the origin")
		return false
	}
	mp.i += size
	n.SepSpan = Span{start, mp.i}
	return true
}

// promotion reads "=X" or "=&" at the current '='.
func (mp *moveParser) promotion(n *Notation) bool {
	start := mp.i
	mp.i++
	if strings.HasPrefix(mp.s[mp.i:], "&") {
		mp.i++
		n.Promotion, n.PromotionSpan = Pawn, Span{start, mp.i}
		return true
	}
	k, ok := mp.symbol("promotion piece")
	if !ok {
		mp.fail("expected the promotion piece or & after '='")
		return false
	}
	n.Promotion, n.PromotionSpan = k, Span{start, mp.i}
	if !k.Regainable() {
		mp.report(start, mp.i, SeverityError, CodeMoveSyntax, "a pawn cannot promote to "+k.article())
	}
	return true
}

// castling parses K + rook symbol + side + hyphen + identifier into n.
// done is false (and n untouched) if the text is not written as a
// castling; ok is false if it is, but wrongly.
func (mp *moveParser) castling(n *Notation) (ok, done bool) {
	s := mp.s
	if len(s) < 4 || s[0] != 'K' || (s[1] != 'R' && s[1] != 'T') || !strings.ContainsRune("KDRT", rune(s[2])) {
		return false, false
	}
	rook := mp.a.letter[Rook]
	if s[1] != rook {
		st := symReplaced
		if s[1] == 'T' {
			st = symUndeclared
		}
		mp.reportFix(1, 2, SeverityError, CodeMoveLetters, mp.a.statusMessage(s[1:2], Rook, st), string(rook))
	}
	side := s[2]
	if side == 'R' || side == 'T' {
		if side != s[1] {
			mp.reportFix(2, 3, SeverityError, CodeMoveSyntax, "double castling repeats the rook letter", string(rook))
		}
		side = 'R'
	}
	mp.i = 3
	*n = Notation{Kind: NotationCastling, Mover: King, From: NoHex, To: NoHex}
	if !mp.separator(n) || n.Sep != SepQuiet {
		mp.i = 3
		return mp.fail("expected '-' after " + s[:3]), true
	}
	start := mp.i
	for mp.i < len(s) && strings.IndexByte("DEFGHIKO", s[mp.i]) >= 0 {
		mp.i++
	}
	name := s[start:mp.i]
	n.Castle = lookupCastle(side, name)
	n.MoverSpan, n.FromSpan, n.ToSpan = Span{0, 3}, Span{0, 3}, Span{start, mp.i}
	n.VictimSpan, n.PromotionSpan = Span{start, start}, Span{mp.i, mp.i}
	if n.Castle == 0 {
		msg := "unknown castling " + s[:mp.i]
		if side == 'K' && name == "HI" {
			msg += ": write HIO (rook one hex) or HIOO (two hexes)"
		}
		mp.report(0, mp.i, SeverityError, CodeMoveCastlingName, msg)
		return false, true
	}
	mp.finish(n)
	return true, true
}

// finish reads the optional check indicator and rejects trailing text.
func (mp *moveParser) finish(n *Notation) {
	start := mp.i
	rest := mp.s[mp.i:]
	if rest == "" { // no check indicator, nothing after the move
		n.CheckSpan = Span{start, start}
		return
	}
	switch {
	case strings.HasPrefix(rest, "+∞"):
		n.Check, mp.i = CheckDistant, mp.i+len("+∞")
	case strings.HasPrefix(rest, "+^"):
		n.Check, mp.i = CheckAdjoining, mp.i+2
	case strings.HasPrefix(rest, "++"):
		n.Check, mp.i = CheckDouble, mp.i+2
	case strings.HasPrefix(rest, "+"):
		n.Check, mp.i = CheckPlain, mp.i+1
	case strings.HasPrefix(rest, "#"):
		n.Check, mp.i = CheckMate, mp.i+1
	case strings.HasPrefix(rest, "^+"):
		n.Check, mp.i = CheckAdjoining, mp.i+2
		mp.reportFix(start, mp.i, SeverityWarning, CodeMoveLegacyCheck, "legacy spelling of the adjoining check", "+^")
	}
	n.CheckSpan = Span{start, mp.i}
	if mp.i < len(mp.s) {
		mp.reportFix(mp.i, len(mp.s), SeverityError, CodeMoveTrailing, "unexpected "+quote(mp.s[mp.i:])+" after the move", "")
	}
}

func appendPromotion(b []byte, k Kind, a *Alphabet) []byte {
	switch {
	case k == Pawn:
		return append(b, "=&"...)
	case k != NoKind && k < numKinds:
		return a.appendSymbol(append(b, '='), k)
	}
	return b
}

// appendMove appends the canonical text of the move m without check
// indicator (§7.4).
func appendMove(b []byte, m Move, a *Alphabet, style Style) []byte {
	switch m.Kind {
	case MoveCastling:
		h, _ := utf8.DecodeRuneInString(style.hyphen())
		return appendCastle(b, m.Castle, a, h)
	case MoveDeferred:
		return appendPromotion(appendHex(b, m.From), m.Promotion, a)
	}
	if m.Piece != Pawn {
		b = a.appendSymbol(b, m.Piece)
	}
	b = appendHex(b, m.From)
	switch {
	case m.Kind == MoveLongEnPassant:
		b = append(b, "@@"...)
	case m.Kind == MoveEnPassant || m.Kind == MoveScornful:
		b = append(b, '@')
	case m.Captured != NoKind:
		b = append(b, style.times()...)
	default:
		b = append(b, style.hyphen()...)
	}
	if m.Captured != NoKind && m.Captured != Pawn {
		b = a.appendSymbol(b, m.Captured)
	}
	b = appendHex(b, m.To)
	return appendPromotion(b, m.Promotion, a)
}

// String returns the canonical text of the move m without check
// indicator, with the standard letters and StyleE, as in "NE3-C13",
// "E13×JF16", "F12@@G9", "KRK-HIO" or "F28=R".
func (m Move) String() string { return string(appendMove(nil, m, standardAlphabet, StyleE)) }

// Notation returns the canonical CTL-AN text of the legal move m (§7.4)
// with the symbols of letters and the separators of style, followed by
// the refined check indicator or "#" (§5.3).
func (p *Position) Notation(m Move, letters *Alphabet, style Style) string {
	b := appendMove(nil, m, letters.orStandard(), style)
	return string(b) + p.checkAfter(m).String()
}

// checkAfter returns the indicator the move m deserves: NoCheck,
// CheckDistant, CheckAdjoining, CheckDouble or CheckMate.
func (p *Position) checkAfter(m Move) CheckMark {
	q := *p
	q.Play(m)
	return q.checkMark()
}
