package cescacs

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParsePDTL reads a PDTL string (§6) written with the symbols of letters
// (nil: the standard letters). It never fails: it returns the position it
// could make out and the problems found, with byte offsets into s.
//
// Besides the specified form it accepts, with a warning or hint where the
// text is not canonical: lines in any order, short line entries, two
// digits in a row, letters or glyphs of another alphabet, E's castling
// spelling (a moved side omitted, single "-", "KR"), E's field-4 forms
// ("P@G9[G11]", "P@G9,11[G13]", "G13@F14"), "-" as clock or move number,
// "?" or a missing move number, and U+2010 hyphens (‐) wherever a field
// has '-', as the specification's prose writes them. Rights whose king or
// rook is not on its home hex are dropped with a warning, as are
// inconsistent special-capture records.
func ParsePDTL(s string, letters *Alphabet) (Position, []Problem) {
	r := pdtlReader{src: s, a: letters.orStandard(), pos: emptyPosition()}
	r.parse()
	r.pos.derive()
	return r.pos, r.probs
}

type pdtlReader struct {
	src    string
	a      *Alphabet
	pos    Position
	probs  []Problem
	placed []Hex          // hexes in reading order
	symOff [NumHexes]int  // offset of each placed symbol
	symLen [NumHexes]int8 // its length in bytes
}

type pdtlField struct {
	text string
	off  int
}

func (r *pdtlReader) report(off, end int, sev Severity, code, msg string) {
	r.probs = append(r.probs, Problem{Offset: off, End: end, Severity: sev, Code: code, Msg: msg})
}

func (r *pdtlReader) reportFix(off, end int, sev Severity, code, msg, fix string) {
	r.probs = append(r.probs, Problem{Offset: off, End: end, Severity: sev, Code: code, Msg: msg, Fix: fix, HasFix: true})
}

func (r *pdtlReader) parse() {
	fields := r.split()
	end := len(r.src)
	if len(fields) == 0 {
		r.report(0, end, SeverityError, CodePDTLFields, "empty PDTL")
		return
	}
	r.placement(fields[0])
	names := [...]string{"", "turn", "castling", "en-passant/scornful", "halfmove clock"}
	for i := len(fields); i < 5; i++ {
		r.report(end, end, SeverityError, CodePDTLFields, "missing "+names[i]+" field")
	}
	if len(fields) > 1 {
		r.turn(fields[1])
	}
	if len(fields) > 2 {
		r.castling(fields[2])
	}
	if len(fields) > 3 {
		r.special(fields[3])
	}
	if len(fields) > 4 {
		r.clock(fields[4])
	}
	switch {
	case len(fields) == 5:
		r.reportFix(end, end, SeverityWarning, CodePDTLMissingMoveNo, "missing move number field (unknown move number)", " ?")
	case len(fields) > 5:
		r.moveNumber(fields[5])
	}
	if len(fields) > 6 {
		f := fields[6]
		r.reportFix(f.off, end, SeverityError, CodePDTLTrailing, "unexpected text after the move number", "")
	}
	r.validate()
}

// split cuts the source into space-separated fields, reporting blanks
// around the PDTL and separators other than a single space.
func (r *pdtlReader) split() []pdtlField {
	var fields []pdtlField
	s := r.src
	for i := 0; i < len(s); {
		j := i
		blank := isBlank(s[i])
		for j < len(s) && isBlank(s[j]) == blank {
			j++
		}
		switch {
		case !blank:
			fields = append(fields, pdtlField{s[i:j], i})
		case i == 0 || j == len(s):
			r.reportFix(i, j, SeverityWarning, CodePDTLFields, "blanks around the PDTL", "")
		case j-i > 1 || s[i] != ' ':
			r.reportFix(i, j, SeverityWarning, CodePDTLFields, "fields must be separated by a single space", " ")
		}
		i = j
	}
	return fields
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// unicodeHyphen is U+2010, which the specification's prose writes where
// the canonical form has '-' (§6.1).
const unicodeHyphen = "‐"

// isDash reports whether a field is a lone hyphen, '-' or U+2010.
func isDash(s string) bool { return s == "-" || s == unicodeHyphen }

// placement reads field 1 (§6.2).
func (r *pdtlReader) placement(f pdtlField) {
	s := f.text
	i := 0
	if strings.HasPrefix(s, "/") {
		i = 1
	} else {
		r.reportFix(f.off, f.off, SeverityWarning, CodePDTLPlacement, "the placement must start with '/'", "/")
	}
	prev := NumLines
	var seen [NumLines]bool
	for i < len(s) {
		j := strings.IndexByte(s[i:], '/')
		if j < 0 {
			j = len(s)
		} else {
			j += i
		}
		entry := s[i:j]
		switch {
		case entry == "" && j < len(s):
			r.reportFix(f.off+i, f.off+j+1, SeverityWarning, CodePDTLPlacement, "empty line entry", "")
		case entry != "":
			if l, ok := r.entry(entry, f.off+i, &seen); ok {
				if l >= prev {
					r.report(f.off+i, f.off+j, SeverityWarning, CodePDTLLineOrder, "line "+strconv.Itoa(l)+" is out of order: lines are written from 28 down to 0")
				}
				prev = l
			}
			if j == len(s) {
				r.reportFix(f.off+j, f.off+j, SeverityWarning, CodePDTLPlacement, "the placement must end with '/'", "/")
			}
		}
		i = j + 1
	}
}

// entry reads one "line:cells" entry at offset off and returns its line.
func (r *pdtlReader) entry(e string, off int, seen *[NumLines]bool) (int, bool) {
	colon := strings.IndexByte(e, ':')
	if colon < 0 {
		r.report(off, off+len(e), SeverityError, CodePDTLPlacement, "expected line:cells, found "+quote(e))
		return 0, false
	}
	num := e[:colon]
	l, err := strconv.Atoi(num)
	switch {
	case num == "" || err != nil || len(num) > 2 || num[0] == '+' || num[0] == '-':
		r.report(off, off+colon, SeverityError, CodePDTLLineNumber, "bad line number "+quote(num))
		return 0, false
	case l > 28:
		r.report(off, off+colon, SeverityError, CodePDTLLineNumber, "line "+num+" does not exist (lines are 0..28)")
		return 0, false
	case seen[l]:
		r.report(off, off+colon, SeverityError, CodePDTLLineNumber, "line "+num+" appears twice")
		return 0, false
	case len(num) > 1 && num[0] == '0':
		r.reportFix(off, off+colon, SeverityWarning, CodePDTLLineNumber, "line number with a leading zero", strconv.Itoa(l))
	}
	seen[l] = true
	body, boff := e[colon+1:], off+colon+1
	if body == "" {
		r.report(off, off+len(e), SeverityError, CodePDTLPlacement, "line "+num+" has no cells")
		return l, true
	}
	size := int(lineStart[l+1] - lineStart[l])
	cells, overflow, prevDigit := 0, -1, false
	for k := 0; k < len(body); {
		ch, n := utf8.DecodeRuneInString(body[k:])
		at := boff + k
		k += n
		if '0' <= ch && ch <= '9' {
			switch {
			case ch == '0':
				r.reportFix(at, at+1, SeverityError, CodePDTLEmptyRun, "0 is not a run of empty hexes", "")
			case prevDigit:
				r.report(at-1, at+1, SeverityWarning, CodePDTLEmptyRun, "two digits in a row: write one run per group of empty hexes")
			}
			cells += int(ch - '0')
			if cells > size && overflow < 0 {
				overflow = at
			}
			prevDigit = true
			continue
		}
		prevDigit = false
		sym := body[k-n : k]
		kind, color, st := r.a.lookup(ch)
		switch {
		case kind == NoKind:
			r.report(at, at+n, SeverityError, CodePDTLPiece, "unknown piece symbol "+quote(sym))
		case st != symInForce:
			r.reportFix(at, at+n, SeverityWarning, CodePDTLLetters, r.a.statusMessage(sym, kind, st), r.a.PieceSymbol(MakePiece(color, kind)))
		}
		if cells >= size {
			if overflow < 0 {
				overflow = at
			}
			cells++
			continue
		}
		if kind != NoKind {
			h := lineStart[l] + Hex(cells)
			r.pos.put(h, MakePiece(color, kind))
			r.placed = append(r.placed, h)
			r.symOff[h], r.symLen[h] = at, int8(n)
		}
		cells++
	}
	switch {
	case overflow >= 0:
		r.report(overflow, boff+len(body), SeverityError, CodePDTLLineOverflow,
			"line "+num+" has "+strconv.Itoa(size)+" hexes; the entry describes "+strconv.Itoa(cells))
	case cells < size:
		r.reportFix(boff+len(body), boff+len(body), SeverityWarning, CodePDTLLineShort,
			"line "+num+" has "+strconv.Itoa(size)+" hexes; the entry describes "+strconv.Itoa(cells), strconv.Itoa(size-cells))
	}
	return l, true
}

// turn reads field 2.
func (r *pdtlReader) turn(f pdtlField) {
	switch f.text {
	case "w":
		r.pos.turn = White
	case "b":
		r.pos.turn = Black
	case "W", "B":
		r.reportFix(f.off, f.off+len(f.text), SeverityError, CodePDTLTurn, "the turn is written in lower case", strings.ToLower(f.text))
		if f.text == "B" {
			r.pos.turn = Black
		}
	default:
		r.report(f.off, f.off+len(f.text), SeverityError, CodePDTLTurn, "the turn must be w or b, found "+quote(f.text))
	}
}

// clock reads field 5 (§6.6).
func (r *pdtlReader) clock(f pdtlField) {
	if isDash(f.text) {
		r.reportFix(f.off, f.off+len(f.text), SeverityHint, CodePDTLClock, "unknown halfmove clock is written 0", "0")
		return
	}
	n, ok := smallNumber(f.text)
	if !ok {
		r.report(f.off, f.off+len(f.text), SeverityError, CodePDTLClock, "the halfmove clock must be a number, found "+quote(f.text))
		return
	}
	r.pos.clock = n
}

// moveNumber reads field 6 (§6.7).
func (r *pdtlReader) moveNumber(f pdtlField) {
	switch {
	case f.text == "?":
		return
	case isDash(f.text):
		r.reportFix(f.off, f.off+len(f.text), SeverityHint, CodePDTLMoveNumber, "unknown move number is written ?", "?")
		return
	}
	n, ok := smallNumber(f.text)
	switch {
	case !ok:
		r.report(f.off, f.off+len(f.text), SeverityError, CodePDTLMoveNumber, "the move number must be a number or ?, found "+quote(f.text))
	case n == 0:
		r.reportFix(f.off, f.off+len(f.text), SeverityWarning, CodePDTLMoveNumber, "move numbers start at 1", "?")
	default:
		r.pos.moveNo = n
	}
}

// smallNumber parses a decimal number of at most 7 digits.
func smallNumber(s string) (int, bool) {
	if s == "" || len(s) > 7 {
		return 0, false
	}
	n := 0
	for i := range len(s) {
		if !isDigit(s[i]) {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// validate checks the material (§6.2). With several kings of a side, the
// one on the lowest hex counts, whatever the order of the entries.
func (r *pdtlReader) validate() {
	p := &r.pos
	p.king = [2]Hex{NoHex, NoHex}
	for h := Hex(NumHexes - 1); h < NumHexes; h-- {
		if pc := p.board[h]; pc.Kind() == King {
			p.king[pc.Color()] = h
		}
	}
	var seen [2][numKinds]int
	var bishopSeen [2][3]int
	for _, h := range r.placed {
		pc := p.board[h]
		c, k := pc.Color(), pc.Kind()
		seen[c][k]++
		off, end := r.symOff[h], r.symOff[h]+int(r.symLen[h])
		switch k {
		case King:
			if seen[c][k] > 1 {
				r.report(off, end, SeverityError, CodePDTLKings, "second "+c.String()+" king")
			}
		case Pawn, Elephant:
			if seen[c][k] == int(complement[k])+1 {
				r.report(off, end, SeverityWarning, CodePDTLUnlikely,
					"more than "+strconv.Itoa(int(complement[k]))+" "+c.String()+" "+k.String()+"s")
			}
			if k == Pawn && (c == White && h.Line() <= 3 || c == Black && h.Line() >= 25) {
				r.report(off, end, SeverityWarning, CodePDTLUnlikely, "a "+c.String()+" pawn can never reach "+h.String())
			}
		default:
			if seen[c][k] > int(complement[k]) {
				r.report(off, end, SeverityError, CodePDTLPieceCount,
					"too many "+c.String()+" "+k.String()+"s (at most "+strconv.Itoa(int(complement[k]))+")")
			}
			if k == Bishop {
				hc := h.Color()
				bishopSeen[c][hc]++
				if bishopSeen[c][hc] == 2 {
					r.report(off, end, SeverityError, CodePDTLBishopColor,
						"second "+c.String()+" bishop on a "+hc.String()+" hex")
				}
			}
		}
	}
	end := len(r.src)
	for c := White; c <= Black; c++ {
		if seen[c][King] == 0 {
			r.report(0, end, SeverityError, CodePDTLKings, "no "+c.String()+" king")
		}
	}
	if seen[White][King] == 1 && seen[Black][King] == 1 && p.attacked(p.king[p.turn.Other()], p.turn) {
		r.report(0, end, SeverityWarning, CodePDTLNotToMoveInCheck,
			"illegal position: the "+p.turn.Other().String()+" king is in check but "+p.turn.String()+" is to move")
	}
}
