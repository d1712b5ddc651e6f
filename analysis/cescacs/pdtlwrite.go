package cescacs

import (
	"strconv"
	"unicode/utf8"
)

// PDTL returns the PDTL string of p in the specified form (§6) with the
// symbols of letters (nil: standard letters): lines from 28 down to 0,
// each covering all its hexes; castling field RKRrkr, -rkr, RKR-, --;
// special field G15@13, G13@9-11 (lines ascending), F14 or -; move number
// or ? when unknown.
func (p *Position) PDTL(letters *Alphabet) string {
	a := letters.orStandard()
	b := make([]byte, 0, 128)
	b = append(b, '/')
	for l := NumLines - 1; l >= 0; l-- {
		lo, hi := lineStart[l], lineStart[l+1]
		empty := true
		for h := lo; h < hi && empty; h++ {
			empty = p.board[h] == NoPiece
		}
		if empty {
			continue
		}
		b = strconv.AppendInt(b, int64(l), 10)
		b = append(b, ':')
		run := 0
		for h := lo; h < hi; h++ {
			pc := p.board[h]
			if pc == NoPiece {
				run++
				continue
			}
			if run > 0 {
				b = append(b, byte('0'+run))
				run = 0
			}
			b = utf8.AppendRune(b, a.pieceSymbol(pc))
		}
		if run > 0 {
			b = append(b, byte('0'+run))
		}
		b = append(b, '/')
	}
	b = append(b, ' ', "wb"[p.turn&1], ' ')
	b = p.appendCastlingField(b, a)
	b = append(b, ' ')
	b = p.appendSpecial(b)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.clock), 10)
	b = append(b, ' ')
	if p.moveNo > 0 {
		b = strconv.AppendInt(b, int64(p.moveNo), 10)
	} else {
		b = append(b, '?')
	}
	return string(b)
}

// appendCastlingField appends field 3 in the specified form.
func (p *Position) appendCastlingField(b []byte, a *Alphabet) []byte {
	for c := White; c <= Black; c++ {
		r := p.rights[c]
		if r&rightKing == 0 {
			b = append(b, '-')
			continue
		}
		if r&rightQueenRook != 0 {
			b = utf8.AppendRune(b, a.pieceSymbol(MakePiece(c, Rook)))
		}
		b = utf8.AppendRune(b, a.pieceSymbol(MakePiece(c, King)))
		if r&rightKingRook != 0 {
			b = utf8.AppendRune(b, a.pieceSymbol(MakePiece(c, Rook)))
		}
	}
	return b
}

// appendSpecial appends field 4 in the specified form.
func (p *Position) appendSpecial(b []byte) []byte {
	sp := &p.sp
	switch sp.kind {
	case spEnPassant:
		b = appendHex(b, sp.pawn)
		b = append(b, '@')
		l0 := sp.hexes[0].Line()
		if sp.hexes[1] == NoHex {
			return strconv.AppendInt(b, int64(l0), 10)
		}
		l1 := sp.hexes[1].Line()
		b = strconv.AppendInt(b, int64(min(l0, l1)), 10)
		b = append(b, '-')
		return strconv.AppendInt(b, int64(max(l0, l1)), 10)
	case spScornful:
		return appendHex(b, sp.pawn)
	}
	return append(b, '-')
}
