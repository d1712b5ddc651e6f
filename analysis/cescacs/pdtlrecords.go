package cescacs

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// castlingToken is one symbol of the castling field.
type castlingToken struct {
	sym      byte // 'K', 'R' or '-'
	color    Color
	off, end int
}

// castling reads field 3 (§6.4).
func (r *pdtlReader) castling(f pdtlField) {
	var toks []castlingToken
	for k := 0; k < len(f.text); {
		ch, n := utf8.DecodeRuneInString(f.text[k:])
		at := f.off + k
		k += n
		if ch == '-' || ch == '‐' {
			if ch == '‐' {
				r.reportFix(at, at+n, SeverityHint, CodePDTLHyphen, "'-' is the usual hyphen", "-")
			}
			toks = append(toks, castlingToken{sym: '-', off: at, end: at + n})
			continue
		}
		kind, color, st := r.a.lookup(ch)
		if kind != King && kind != Rook {
			r.report(at, at+n, SeverityError, CodePDTLCastling, "unexpected "+quote(string(ch))+" in the castling field")
			return
		}
		if st != symInForce {
			r.reportFix(at, at+n, SeverityWarning, CodePDTLLetters, r.a.statusMessage(string(ch), kind, st), r.a.PieceSymbol(MakePiece(color, kind)))
		}
		toks = append(toks, castlingToken{sym: standardLetters[kind], color: color, off: at, end: at + n})
	}
	i := 0
	var parts [2][]castlingToken
	var dash [2]bool
	for c := White; c <= Black; c++ {
		if i < len(toks) && toks[i].sym == '-' {
			dash[c] = true
			i++
			continue
		}
		j := i
		for j < len(toks) && toks[j].sym != '-' && toks[j].color == c {
			j++
		}
		parts[c], i = toks[i:j], j
	}
	if i < len(toks) {
		r.report(toks[i].off, f.off+len(f.text), SeverityError, CodePDTLCastling,
			"the castling field is the White part (RKR, KR, RK, K or -) then the Black part (rkr, kr, rk, k or -)")
		return
	}
	for c := White; c <= Black; c++ {
		r.applyRights(c, parts[c])
	}
	if !dash[White] && len(parts[White]) == 0 || !dash[Black] && len(parts[Black]) == 0 {
		want := string(r.pos.appendCastlingField(nil, r.a))
		r.reportFix(f.off, f.off+len(f.text), SeverityHint, CodePDTLCastlingEForm,
			"E's castling spelling; the specified form writes '-' for a side whose king has moved", want)
	}
}

// applyRights sets side c's rights from its part of the castling field.
func (r *pdtlReader) applyRights(c Color, part []castlingToken) {
	var pat []byte
	for _, t := range part {
		pat = append(pat, t.sym)
	}
	var rights uint8
	switch string(pat) {
	case "":
	case "RKR":
		rights = rightKing | rightKingRook | rightQueenRook
	case "KR":
		rights = rightKing | rightKingRook
	case "RK":
		rights = rightKing | rightQueenRook
	case "K":
		rights = rightKing
	default:
		r.report(part[0].off, part[len(part)-1].end, SeverityError, CodePDTLCastling,
			"a castling part is RKR, KR, RK, K or -, found "+quote(string(pat)))
		return
	}
	if rights&rightKing != 0 && r.pos.board[kingHome[c]] != MakePiece(c, King) {
		kingTok := part[strings.IndexByte(string(pat), 'K')]
		r.report(kingTok.off, kingTok.end, SeverityWarning, CodePDTLCastlingPiece,
			"the "+c.String()+" king is not on "+kingHome[c].String()+": it has moved")
		return
	}
	for i, t := range part {
		if t.sym != 'R' {
			continue
		}
		right, home := rightQueenRook, queenRookHome[c]
		if i > 0 {
			right, home = rightKingRook, kingRookHome[c]
		}
		if r.pos.board[home] != MakePiece(c, Rook) {
			r.report(t.off, t.end, SeverityWarning, CodePDTLCastlingPiece,
				"no "+c.String()+" rook on "+home.String()+": the right is lost")
			rights &^= uint8(right)
		}
	}
	r.pos.rights[c] = rights
}

// special reads field 4 (§6.5).
func (r *pdtlReader) special(f pdtlField) {
	t, off, end := f.text, f.off, f.off+len(f.text)
	if isDash(t) {
		if t != "-" {
			r.reportFix(off, end, SeverityHint, CodePDTLHyphen, "'-' is the usual hyphen", "-")
		}
		return
	}
	bad := func(msg string) {
		r.report(off, end, SeverityError, CodePDTLSpecial, msg)
	}
	if strings.HasPrefix(t, "P@") {
		r.specialE(f)
		return
	}
	h, n := scanHex(t)
	if n == 0 {
		bad("expected -, a pawn hex with en-passant lines (G15@13, G13@9-11) or a scornful pawn hex (F14)")
		return
	}
	if h == NoHex {
		r.report(off, off+n, SeverityError, CodePDTLSpecial, t[:n]+" is not a hex")
		return
	}
	if n == len(t) {
		r.setScornful(h, NoHex, off, end)
		return
	}
	if t[n] != '@' {
		bad("unexpected " + quote(t[n:]) + " after " + t[:n])
		return
	}
	rest := t[n+1:]
	if h2, m := scanHex(rest); m > 0 && m == len(rest) {
		// E's scornful form CapturerHex@ScornfulHex.
		if h2 == NoHex {
			r.reportFix(off, end, SeverityWarning, CodePDTLSpecial, "meaningless record "+quote(t)+" ignored", "-")
			return
		}
		if r.setScornful(h2, h, off, end) {
			r.reportFix(off, end, SeverityWarning, CodePDTLSpecialEForm, "E's spelling of the scornful record", h2.String())
		}
		return
	}
	var lines []int
	for rest != "" {
		k := 0
		for k < len(rest) && isDigit(rest[k]) {
			k++
		}
		l, err := strconv.Atoi(rest[:k])
		if k == 0 || k > 2 || err != nil {
			bad("bad en-passant line in " + quote(t))
			return
		}
		lines = append(lines, l)
		rest = rest[k:]
		if rest == "" {
			break
		}
		if len(lines) == 2 {
			bad("at most two en-passant lines")
			return
		}
		switch {
		case rest[0] == '-':
			rest = rest[1:]
		case strings.HasPrefix(rest, unicodeHyphen):
			rest = rest[len(unicodeHyphen):]
		default:
			bad("en-passant lines are separated by '-'")
			return
		}
		if rest == "" {
			bad("missing second en-passant line")
			return
		}
	}
	if len(lines) == 0 {
		bad("missing en-passant line after '@'")
		return
	}
	targets := [2]Hex{NoHex, NoHex}
	for i, l := range lines {
		var ok bool
		if targets[i], ok = HexAt(h.Column(), l); !ok {
			bad("no hex on line " + strconv.Itoa(l) + " of the pawn's column")
			return
		}
	}
	if r.setEnPassant(h, targets, off, end) && strings.Contains(t, unicodeHyphen) {
		r.reportFix(off, end, SeverityHint, CodePDTLHyphen, "'-' is the usual hyphen", string(r.pos.appendSpecial(nil)))
	}
}

// specialE reads E's en-passant form P@G9[G11] or P@G9,11[G13].
func (r *pdtlReader) specialE(f pdtlField) {
	t, off, end := f.text, f.off, f.off+len(f.text)
	rest := t[2:]
	first, n := scanHex(rest)
	open := strings.IndexByte(rest, '[')
	if n == 0 || open < n || !strings.HasSuffix(rest, "]") {
		r.report(off, end, SeverityError, CodePDTLSpecial, "bad en-passant record "+quote(t))
		return
	}
	pawn, ok := ParseHex(rest[open+1 : len(rest)-1])
	if first == NoHex || !ok {
		// E writes such bogus records after diagonal pawn captures (§10.3).
		r.reportFix(off, end, SeverityWarning, CodePDTLSpecial, "meaningless record "+quote(t)+" ignored", "-")
		return
	}
	targets := [2]Hex{first, NoHex}
	if mid := rest[n:open]; mid != "" {
		l, err := strconv.Atoi(strings.TrimPrefix(mid, ","))
		if mid[0] != ',' || err != nil {
			r.report(off, end, SeverityError, CodePDTLSpecial, "bad en-passant record "+quote(t))
			return
		}
		if targets[1], ok = HexAt(first.Column(), l); !ok {
			r.reportFix(off, end, SeverityWarning, CodePDTLSpecial, "meaningless record "+quote(t)+" ignored", "-")
			return
		}
	}
	if r.setEnPassant(pawn, targets, off, end) {
		r.reportFix(off, end, SeverityWarning, CodePDTLSpecialEForm, "E's spelling of the en-passant record",
			string(r.pos.appendSpecial(nil)))
	}
}

// specialOwner returns the side that made the previous move.
func (r *pdtlReader) specialOwner() Color { return r.pos.turn.Other() }

// validVictim reports whether h holds a piece that a special capture may
// take: a pawn of the side that just moved, or a piece it has just
// promoted to on its promotion hex (§3.4, §3.8).
func (r *pdtlReader) validVictim(h Hex) bool {
	owner := r.specialOwner()
	pc := r.pos.board[h]
	if pc == NoPiece || pc.Color() != owner || pc.Kind() == King {
		return false
	}
	return pc.Kind() == Pawn || h.IsPromotion(owner)
}

// setEnPassant validates and records an en-passant record.
func (r *pdtlReader) setEnPassant(pawn Hex, targets [2]Hex, off, end int) bool {
	owner := r.specialOwner()
	bad := func(msg string) bool {
		r.reportFix(off, end, SeverityError, CodePDTLSpecial, msg+"; record ignored", "-")
		return false
	}
	if !r.validVictim(pawn) {
		return bad("no " + owner.String() + " pawn on " + pawn.String() + " to be taken en passant")
	}
	// Order the targets: hexes[0] nearer the origin.
	dist := func(t Hex) int {
		d := pawn.Line() - t.Line()
		if owner == Black {
			d = -d
		}
		return d
	}
	if targets[1] != NoHex && dist(targets[1]) > dist(targets[0]) {
		targets[0], targets[1] = targets[1], targets[0]
	}
	for _, t := range targets {
		if t == NoHex {
			continue
		}
		if t.Column() != pawn.Column() {
			return bad("en-passant target not on the pawn's column")
		}
		if r.pos.board[t] != NoPiece {
			return bad("en-passant target " + t.String() + " is occupied")
		}
	}
	switch {
	case targets[0] == NoHex:
		return bad("bad en-passant line")
	case targets[1] == NoHex && dist(targets[0]) != 2,
		targets[1] != NoHex && (dist(targets[0]) != 4 || dist(targets[1]) != 2):
		return bad("the en-passant lines must be the hexes the pawn crossed")
	}
	r.pos.sp = special{kind: spEnPassant, pawn: pawn, hexes: targets}
	return true
}

// setScornful validates and records a scornful record for the pawn on h;
// capturer, if not NoHex, is the scorned pawn named by E's form. When the
// spec form leaves two scorned pawns possible, either may capture (§6.5,
// §12.1), with a hint.
func (r *pdtlReader) setScornful(h, capturer Hex, off, end int) bool {
	owner := r.specialOwner()
	bad := func(msg string) bool {
		r.reportFix(off, end, SeverityError, CodePDTLSpecial, msg+"; record ignored", "-")
		return false
	}
	if !r.validVictim(h) {
		return bad("no " + owner.String() + " pawn on " + h.String() + " that has just sidestepped")
	}
	var found []Hex
	// pawnObliqueDirs lists the step from the lower-column origin first,
	// which orders the two pawns of an ambiguous record.
	for _, d := range pawnObliqueDirs[owner] {
		origin := step[opposite[d]][h]
		if origin == NoHex || r.pos.board[origin] != NoPiece {
			continue
		}
		front := step[forward(owner)][origin]
		if r.pos.board[front] == MakePiece(r.pos.turn, Pawn) && (capturer == NoHex || front == capturer) {
			found = append(found, front)
		}
	}
	switch len(found) {
	case 0:
		return bad("no " + r.pos.turn.String() + " pawn was scorned by the pawn on " + h.String())
	case 1:
		found = append(found, NoHex)
	case 2:
		r.report(off, end, SeverityHint, CodePDTLSpecial, "ambiguous scornful record: the pawns on "+
			found[0].String()+" and "+found[1].String()+" may both have been scorned; either may capture")
	}
	r.pos.sp = special{kind: spScornful, pawn: h, hexes: [2]Hex{found[0], found[1]}}
	return true
}
