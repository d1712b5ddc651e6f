package chess

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FENError is a problem found in a FEN string.
type FENError struct {
	Offset  int    // byte offset in the FEN string where the problem starts
	End     int    // byte offset just past the problem (End >= Offset)
	Msg     string // description, such as "no white king"
	Warning bool   // the FEN is usable despite the problem
}

// Error returns the message with its offset.
func (e *FENError) Error() string {
	kind := "invalid FEN"
	if e.Warning {
		kind = "FEN warning"
	}
	return fmt.Sprintf("%s at offset %d: %s", kind, e.Offset, e.Msg)
}

// ParseFEN parses a position in Forsyth-Edwards Notation. It returns the
// first error-level problem as a *FENError; warnings are ignored (use
// CheckFEN to see them). With chess960 set, castling rights may name any
// rook (X-FEN or Shredder-FEN); otherwise they must be the standard ones.
func ParseFEN(s string, chess960 bool) (Position, error) {
	p, problems := CheckFEN(s, chess960)
	for _, e := range problems {
		if !e.Warning {
			return Position{}, e
		}
	}
	return p, nil
}

// CheckFEN parses s like ParseFEN but reports every problem it finds,
// errors and warnings, in order of discovery. The position is valid only
// if no problem is an error.
//
// Warnings are issued for a FEN with only 4 or 5 fields (the clocks
// default to 0 and 1), for fullmove number 0 (read as 1) and for
// repeated castling rights.
func CheckFEN(s string, chess960 bool) (Position, []*FENError) {
	f := fenParser{s: s}
	f.pos.ep = NoSquare
	f.pos.fullmove = 1
	f.pos.chess960 = chess960
	f.pos.castle = noCastling
	f.parse()
	if f.failed {
		return Position{}, f.problems
	}
	return f.pos, f.problems
}

type fenField struct {
	off  int
	text string
}

func (fd fenField) end() int { return fd.off + len(fd.text) }

type fenParser struct {
	s        string
	pos      Position
	problems []*FENError
	failed   bool
	sqOff    [64]int // offset of the letter of each piece
}

func (f *fenParser) report(off, end int, warning bool, format string, args ...any) {
	f.problems = append(f.problems, &FENError{Offset: off, End: end, Msg: fmt.Sprintf(format, args...), Warning: warning})
	if !warning {
		f.failed = true
	}
}

func (f *fenParser) errorf(off, end int, format string, args ...any) {
	f.report(off, end, false, format, args...)
}

func (f *fenParser) warnf(off, end int, format string, args ...any) {
	f.report(off, end, true, format, args...)
}

func isFENSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

var fenFieldNames = [...]string{"piece placement", "side to move", "castling rights", "en passant square", "halfmove clock", "fullmove number"}

func (f *fenParser) parse() {
	var buf [6]fenField
	fields := buf[:0]
	for i := 0; i < len(f.s); {
		if isFENSpace(f.s[i]) {
			i++
			continue
		}
		start := i
		for i < len(f.s) && !isFENSpace(f.s[i]) {
			i++
		}
		fields = append(fields, fenField{start, f.s[start:i]})
	}
	end := len(strings.TrimRight(f.s, " \t\r\n"))
	switch n := len(fields); {
	case n == 0:
		f.errorf(0, len(f.s), "empty FEN")
		return
	case n < 4:
		f.errorf(end, end, "missing %s: a FEN has 6 fields", fenFieldNames[n])
	case n < 6:
		f.warnf(end, end, "missing %s: assuming %s", strings.Join(fenFieldNames[n:], " and "),
			[]string{"0 1", "1"}[n-4])
	case n > 6:
		f.errorf(fields[6].off, end, "unexpected text after the fullmove number")
	}

	placed := f.placement(fields[0])
	sideOK := len(fields) > 1 && f.sideToMove(fields[1])
	var castling fenField
	if len(fields) > 2 {
		castling = fields[2]
		f.castlingSyntax(castling)
	}
	ep := NoSquare
	if len(fields) > 3 {
		ep = f.enPassantSyntax(fields[3])
	}
	if len(fields) > 4 {
		if n, ok := f.number(fields[4]); ok {
			f.pos.halfmove = n
		}
	}
	if len(fields) > 5 {
		if n, ok := f.number(fields[5]); ok {
			if n == 0 {
				f.warnf(fields[5].off, fields[5].end(), "fullmove number 0: numbering starts at 1")
				n = 1
			}
			f.pos.fullmove = n
		}
	}
	if !placed || !f.kings(fields[0]) {
		return
	}
	f.castlingRights(castling)
	if !sideOK {
		return
	}
	if ep != NoSquare {
		f.enPassant(fields[3], ep)
	}
	them := f.pos.side.Other()
	if c := f.pos.attackersTo(f.pos.kingSquare(them), f.pos.occupied()) & f.pos.colors[f.pos.side]; c != 0 {
		f.errorf(fields[1].off, fields[1].end(), "it is %s's move, but the %s king is in check from the %s",
			f.pos.side, them, describe(&f.pos, c.first()))
	}
	f.pos.checkers = f.pos.computeCheckers()
}

// placement parses the first field and reports whether it is valid.
func (f *fenParser) placement(fd fenField) bool {
	ok := true
	rank, file, rankStart := 7, 0, fd.off
	endRank := func(off int) {
		if file != 8 {
			f.errorf(rankStart, off, "rank %d has %d squares, want 8", rank+1, file)
			ok = false
		}
	}
	for i := 0; i < len(fd.text); i++ {
		c, off := fd.text[i], fd.off+i
		switch {
		case c == '/':
			endRank(off)
			if rank == 0 {
				f.errorf(off, fd.end(), "more than 8 ranks")
				return false
			}
			rank, file, rankStart = rank-1, 0, off+1
		case c >= '1' && c <= '8':
			file += int(c - '0')
		case letterTypes[c] != NoPieceType:
			if sq := SquareAt(file, rank); sq != NoSquare {
				t := letterTypes[c]
				color := White
				if c >= 'a' {
					color = Black
				}
				f.pos.pieces[t-1] |= sq.bb()
				f.pos.colors[color] |= sq.bb()
				f.sqOff[sq] = off
			}
			file++
		default:
			r, size := utf8.DecodeRuneInString(fd.text[i:])
			what := "character"
			if r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				what = "piece letter"
			}
			f.errorf(off, off+size, "invalid %s %q in piece placement", what, r)
			i += size - 1
			ok = false
			file++
		}
	}
	endRank(fd.end())
	if rank > 0 {
		f.errorf(fd.off, fd.end(), "piece placement has %d ranks, want 8", 8-rank)
		return false
	}
	return ok
}

// kings checks the number of kings and the pawns on the back ranks.
func (f *fenParser) kings(fd fenField) bool {
	ok := true
	for _, c := range []Color{White, Black} {
		if n := f.pos.of(c, King).Count(); n != 1 {
			msg := fmt.Sprintf("no %s king", c)
			if n > 1 {
				msg = fmt.Sprintf("%d %s kings", n, c)
			}
			f.errorf(fd.off, fd.end(), "%s: each side must have exactly one king", msg)
			ok = false
		}
	}
	for b := f.pos.byType(Pawn) & (rankBB(0) | rankBB(7)); b != 0; b &= b - 1 {
		sq := b.first()
		f.errorf(f.sqOff[sq], f.sqOff[sq]+1, "%s on %s: pawns cannot stand on the first or last rank", describePiece(&f.pos, sq), sq)
		ok = false
	}
	return ok
}

func (f *fenParser) sideToMove(fd fenField) bool {
	switch fd.text {
	case "w":
		f.pos.side = White
	case "b":
		f.pos.side = Black
	default:
		f.errorf(fd.off, fd.end(), "side to move must be 'w' or 'b', not %q", fd.text)
		return false
	}
	return true
}

func (f *fenParser) castlingSyntax(fd fenField) {
	if fd.text == "-" {
		return
	}
	for i := 0; i < len(fd.text); i++ {
		c := fd.text[i]
		if strings.IndexByte("KQkqABCDEFGHabcdefgh", c) < 0 {
			r, size := utf8.DecodeRuneInString(fd.text[i:])
			f.errorf(fd.off+i, fd.off+i+size, "invalid castling right %q", r)
			i += size - 1
		}
	}
}

// castlingRights checks the castling field against the placement, which
// is valid, and records the rights.
func (f *fenParser) castlingRights(fd fenField) {
	if fd.text == "-" {
		return
	}
	p := &f.pos
	for i := 0; i < len(fd.text); i++ {
		c, off := fd.text[i], fd.off+i
		if strings.IndexByte("KQkqABCDEFGHabcdefgh", c) < 0 {
			continue // reported by castlingSyntax
		}
		color, back := White, 0
		if c >= 'a' {
			color, back = Black, 7
		}
		king := p.kingSquare(color)
		if king.Rank() != back {
			f.errorf(off, off+1, "castling right %q, but the %s king on %s is not on its back rank", c, color, king)
			continue
		}
		rooks := p.of(color, Rook) & rankBB(back)
		var rook Square
		switch c | 0x20 {
		case 'k':
			rook = NoSquare
			if b := rooks &^ (king.bb()<<1 - 1); b != 0 {
				rook = b.last()
			}
			if rook == NoSquare {
				f.errorf(off, off+1, "castling right %q, but there is no %s rook on the kingside of the king on %s", c, color, king)
				continue
			}
		case 'q':
			rook = NoSquare
			if b := rooks & (king.bb() - 1); b != 0 {
				rook = b.first()
			}
			if rook == NoSquare {
				f.errorf(off, off+1, "castling right %q, but there is no %s rook on the queenside of the king on %s", c, color, king)
				continue
			}
		default:
			rook = SquareAt(int(c|0x20-'a'), back)
			if !rooks.Has(rook) {
				f.errorf(off, off+1, "castling right %q, but there is no %s rook on %s", c, color, rook)
				continue
			}
		}
		if !p.chess960 {
			std := SquareAt(4, back)
			switch {
			case king != std:
				f.errorf(off, off+1, "castling right %q needs the %s king on %s unless the game is Chess960", c, color, std)
				continue
			case rook.File() != 0 && rook.File() != 7:
				f.errorf(off, off+1, "castling right %q with the rook on %s is possible only in Chess960", c, rook)
				continue
			}
		}
		side := CastleShort
		if rook < king {
			side = CastleLong
		}
		switch prev := p.castle[color][side-1]; {
		case prev == rook:
			f.warnf(off, off+1, "castling right %q repeats an earlier one", c)
		case prev != NoSquare:
			f.errorf(off, off+1, "castling right %q conflicts with castling with the rook on %s", c, prev)
		default:
			p.castle[color][side-1] = rook
		}
	}
}

func (f *fenParser) enPassantSyntax(fd fenField) Square {
	if fd.text == "-" {
		return NoSquare
	}
	sq, ok := ParseSquare(fd.text)
	if !ok {
		f.errorf(fd.off, fd.end(), "en passant square must be a square such as e3 or '-', not %q", fd.text)
	}
	return sq
}

// enPassant checks that a pawn of the side not to move could just have
// made a double step over sq.
func (f *fenParser) enPassant(fd fenField, sq Square) {
	p := &f.pos
	them := p.side.Other()
	rank, dir := 5, 8
	if p.side == Black {
		rank, dir = 2, -8
	}
	pawn := Square(int(sq) - dir)
	origin := Square(int(sq) + dir)
	switch {
	case sq.Rank() != rank:
		f.errorf(fd.off, fd.end(), "en passant square %s is impossible with %s to move: it must be on rank %d", sq, p.side, rank+1)
		return
	case p.PieceAt(pawn) != NewPiece(them, Pawn):
		f.errorf(fd.off, fd.end(), "en passant square %s, but there is no %s pawn on %s", sq, them, pawn)
		return
	case p.occupied().Has(sq) || p.occupied().Has(origin):
		occupied := sq
		if !p.occupied().Has(sq) {
			occupied = origin
		}
		f.errorf(fd.off, fd.end(), "en passant square %s, but %s is occupied, so no pawn can just have passed it", sq, occupied)
		return
	}
	p.ep = sq
}

func (f *fenParser) number(fd fenField) (int, bool) {
	for i := 0; i < len(fd.text); i++ {
		if c := fd.text[i]; c < '0' || c > '9' {
			f.errorf(fd.off, fd.end(), "%q is not a non-negative integer", fd.text)
			return 0, false
		}
	}
	n, err := strconv.Atoi(fd.text)
	if err != nil || n > 1<<30 {
		f.errorf(fd.off, fd.end(), "number %s is too large", fd.text)
		return 0, false
	}
	return n, true
}
