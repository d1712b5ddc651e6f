package chess

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FENKind tells how serious a problem of a FEN is and whether CheckFEN
// still returns a position.
type FENKind uint8

// The kinds of FEN problems, from the most to the least serious.
const (
	// FENInvalid: the FEN is malformed or its position is one the move
	// generator cannot play from (no king, a pawn on the last rank, the
	// side not to move in check). No position is returned.
	FENInvalid FENKind = iota
	// FENMalformed: the FEN breaks the standard in a way readers such as
	// python-chess refuse, but the position it means is clear (digits
	// side by side, as in "44"). The position is returned.
	FENMalformed
	// FENImpossible: the position is one no legal game reaches (nine
	// pawns of a side, a triple check), as python-chess's
	// Board.status() reports; moves can still be played from it, and it
	// is returned.
	FENImpossible
	// FENWarning: the position is sound. The FEN is unusual (missing
	// clocks, full-move number 0) or named a castling right or an en
	// passant square the position cannot have, which was dropped.
	FENWarning
)

// FENError is a problem found in a FEN string.
type FENError struct {
	Offset int     // byte offset in the FEN string where the problem starts
	End    int     // byte offset just past the problem (End >= Offset)
	Msg    string  // description, such as "no white king"
	Kind   FENKind // how serious the problem is
	Fix    *FENFix // a correction, or nil
}

// FENFix is a correction of a FEN problem: replacing the bytes
// [Offset, End) of the FEN string with New removes the problem and
// leaves the position that CheckFEN returned unchanged. The problems of
// one FEN may share a fix.
type FENFix struct {
	Title       string // such as "Drop castling right 'K'"
	Offset, End int
	New         string
}

// Usable reports whether CheckFEN returns a position despite e.
func (e *FENError) Usable() bool { return e.Kind != FENInvalid }

// Error returns the message with its offset.
func (e *FENError) Error() string {
	kind := "invalid FEN"
	switch e.Kind {
	case FENImpossible:
		kind = "impossible position in FEN"
	case FENWarning:
		kind = "FEN warning"
	}
	return fmt.Sprintf("%s at offset %d: %s", kind, e.Offset, e.Msg)
}

// ParseFEN parses a position in Forsyth-Edwards Notation. It returns the
// first problem that is not a warning as a *FENError (use CheckFEN to
// see all of them, and to read positions that are usable despite their
// errors). With chess960 set, castling rights may name any rook (X-FEN
// or Shredder-FEN); otherwise they must be the standard ones.
func ParseFEN(s string, chess960 bool) (Position, error) {
	p, problems := CheckFEN(s, chess960)
	for _, e := range problems {
		if e.Kind != FENWarning {
			return Position{}, e
		}
	}
	return p, nil
}

// CheckFEN parses s like ParseFEN but reports every problem it finds,
// in order of discovery. The position is usable unless a problem is
// FENInvalid (see [FENKind]); it is the zero Position if not.
//
// As in python-chess, missing fields after the piece placement default
// to "w - - 0 1" (with a warning), and a castling right or en passant
// square the position cannot have is dropped with a warning. Each
// mistake is reported once: a run of bad characters, a rank, a side.
func CheckFEN(s string, chess960 bool) (Position, []*FENError) {
	v := Standard
	if chess960 {
		v = Chess960
	}
	return CheckVariantFEN(s, v, chess960)
}

// ParseVariantFEN is ParseFEN for a position of variant v: see
// CheckVariantFEN.
func ParseVariantFEN(s string, v Variant, chess960 bool) (Position, error) {
	p, problems := CheckVariantFEN(s, v, chess960)
	for _, e := range problems {
		if e.Kind != FENWarning {
			return Position{}, e
		}
	}
	return p, nil
}

// CheckVariantFEN is CheckFEN for a position of variant v, with
// Chess960 castling rights if chess960 is set (always for v ==
// Chess960). It reads the FEN forms lichess and python-chess write:
// crazyhouse pockets after the placement in brackets ("[Qn]") or as a
// ninth rank ("/Qn"), with '~' after a promoted piece; the three-check
// counters as the checks still to give before the clocks ("3+3",
// python-chess) or as the checks given after them ("+0+0", lichess),
// 3+3 when absent. The rules of v decide what a valid position is: a
// horde without white king, any number of kings in antichess, kings that
// touch in atomic, no check in racing kings.
func CheckVariantFEN(s string, v Variant, chess960 bool) (Position, []*FENError) {
	tables()
	f := fenParser{s: s}
	f.pos.ep = NoSquare
	f.pos.fullmove = 1
	f.pos.chess960 = chess960 || v == Chess960
	f.pos.variant = v
	if v > RacingKings {
		f.pos.variant = Standard
	}
	if v == ThreeCheck {
		f.pos.checks = [2]uint8{3, 3}
	}
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

func (f *fenParser) report(kind FENKind, off, end int, format string, args ...any) *FENError {
	e := &FENError{Offset: off, End: end, Msg: fmt.Sprintf(format, args...), Kind: kind}
	f.problems = append(f.problems, e)
	if kind == FENInvalid {
		f.failed = true
	}
	return e
}

func (f *fenParser) errorf(off, end int, format string, args ...any) {
	f.report(FENInvalid, off, end, format, args...)
}

func (f *fenParser) warnf(off, end int, format string, args ...any) *FENError {
	return f.report(FENWarning, off, end, format, args...)
}

func isFENSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

var (
	fenFieldNames   = [...]string{"piece placement", "side to move", "castling rights", "en passant square", "halfmove clock", "fullmove number"}
	fenFieldDefault = [...]string{"", "w", "-", "-", "0", "1"}
)

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
	if f.pos.variant == ThreeCheck {
		fields = f.checkCounters(fields)
	}
	if len(fields) > 0 && f.pos.variant == Crazyhouse {
		fields[0] = f.pocket(fields[0])
	}
	switch n := len(fields); {
	case n == 0:
		f.errorf(0, len(f.s), "empty FEN")
		return
	case n < 6:
		names := fenFieldNames[n:]
		assumed := strings.Join(fenFieldDefault[n:], " ")
		e := f.warnf(end, end, "missing %s: assuming %s", joinAnd(names), assumed)
		title := "Add the missing field"
		if len(names) > 1 {
			title += "s"
		}
		e.Fix = &FENFix{Title: title + " " + strconv.Quote(assumed), Offset: end, End: end, New: " " + assumed}
	case n > 6:
		f.errorf(fields[6].off, end, "unexpected text after the fullmove number")
	}

	placed := f.placement(fields[0])
	sideOK := len(fields) < 2 || f.sideToMove(fields[1])
	var castling fenField
	castlingOK := true
	if len(fields) > 2 {
		castling = fields[2]
		castlingOK = f.castlingSyntax(castling)
	}
	ep := NoSquare
	var epField fenField
	if len(fields) > 3 {
		epField = fields[3]
		ep = f.enPassantSyntax(epField)
	}
	if len(fields) > 4 {
		if n, ok := f.number(fields[4]); ok {
			f.pos.halfmove = int32(n)
		}
	}
	if len(fields) > 5 {
		if n, ok := f.number(fields[5]); ok {
			if n == 0 {
				e := f.warnf(fields[5].off, fields[5].end(), "fullmove number 0: numbering starts at 1")
				e.Fix = &FENFix{Title: "Write 1", Offset: fields[5].off, End: fields[5].end(), New: "1"}
				n = 1
			}
			f.pos.fullmove = int32(n)
		}
	}
	if !placed || !f.kings(fields[0]) {
		return
	}
	f.castlingRights(castling, castlingOK)
	f.material()
	if !sideOK {
		return
	}
	if ep != NoSquare {
		f.enPassant(epField, ep)
	}
	them := f.pos.side.Other()
	if c := f.oppositeCheck(); c != 0 {
		side := fields[0]
		if len(fields) > 1 {
			side = fields[1]
		}
		f.errorf(side.off, side.end(), "it is %s's move, but the %s king is in check from the %s",
			f.pos.side, them, describe(&f.pos, c.first()))
		return
	}
	if f.pos.variant > Chess960 {
		f.pos.checkers = f.pos.variantCheckers()
	} else {
		f.pos.checkers = f.pos.computeCheckers()
	}
	if f.pos.variant == RacingKings && f.pos.checkers != 0 {
		off, end := f.spanOf(f.pos.checkers | f.pos.of(f.pos.side, King))
		f.report(FENImpossible, off, end, "the %s king is in check from the %s, and racing kings has no checks",
			f.pos.side, describeAll(&f.pos, f.pos.checkers))
	}
	if f.checks() && f.pos.ep != NoSquare && f.pos.of(f.pos.side, King) != 0 && f.pos.variant != Antichess &&
		!(f.pos.variant == Atomic && f.pos.kingsTouch()) {
		f.enPassantCheck(epField)
	}
}

// oppositeCheck returns the pieces of the side to move that give check
// to the other king, which no legal game allows; kings that touch are
// not in check in atomic, and antichess has no checks.
func (f *fenParser) oppositeCheck() Bitboard {
	p := &f.pos
	them := p.side.Other()
	k := p.of(them, King)
	switch {
	case k == 0 || k.more() || p.variant == Antichess:
		return 0
	case p.variant == Atomic && p.kingsTouch():
		return 0
	}
	return p.attackersTo(k.first(), p.occupied()) & p.colors[p.side]
}

// checkCounters removes the three-check counters from fields and
// records them: the checks each side still has to give ("3+3", before
// the clocks, as python-chess writes them) or the checks each side has
// given ("+0+0", after the clocks, as lichess writes them).
func (f *fenParser) checkCounters(fields []fenField) []fenField {
	for i := len(fields) - 1; i >= 2; i-- {
		fd := fields[i]
		text, given := strings.CutPrefix(fd.text, "+")
		w, b, ok := strings.Cut(text, "+")
		if !ok || len(w) != 1 || len(b) != 1 || !isDigit(w[0]) || !isDigit(b[0]) {
			continue
		}
		if w[0] > '3' || b[0] > '3' {
			f.errorf(fd.off, fd.end(), "three-check counters %q: a side gives at most 3 checks", fd.text)
		}
		rw, rb := w[0]-'0', b[0]-'0'
		if given {
			rw, rb = 3-min(rw, 3), 3-min(rb, 3)
		}
		f.pos.checks = [2]uint8{rw, rb}
		return append(fields[:i:i], fields[i+1:]...)
	}
	return fields
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// pocket cuts the crazyhouse pockets off the placement field fd and
// records them: "[QRn]" after the placement, or a ninth rank "/QRn".
func (f *fenParser) pocket(fd fenField) fenField {
	var pocket fenField
	if i := strings.IndexByte(fd.text, '['); i >= 0 {
		if !strings.HasSuffix(fd.text, "]") {
			f.errorf(fd.off+i, fd.end(), "the crazyhouse pocket %q lacks its closing ']'", fd.text[i:])
			return fenField{fd.off, fd.text[:i]}
		}
		pocket = fenField{fd.off + i + 1, fd.text[i+1 : len(fd.text)-1]}
		fd.text = fd.text[:i]
	} else if strings.Count(fd.text, "/") == 8 {
		i := strings.LastIndexByte(fd.text, '/')
		pocket = fenField{fd.off + i + 1, fd.text[i+1:]}
		fd.text = fd.text[:i]
	}
	for i := 0; i < len(pocket.text); i++ {
		c := pocket.text[i]
		t := letterTypes[c]
		if t == NoPieceType || t == King {
			r, size := utf8.DecodeRuneInString(pocket.text[i:])
			f.errorf(pocket.off+i, pocket.off+i+size, "invalid piece %q in the crazyhouse pocket: only pawns, knights, bishops, rooks and queens are held", r)
			i += size - 1
			continue
		}
		color := White
		if c >= 'a' {
			color = Black
		}
		if f.pos.pockets[color][t-1] < 64 {
			f.pos.pockets[color][t-1]++
		}
	}
	return fd
}

// placement parses the first field and reports whether it is valid
// enough to be used: digits side by side are reported but accepted.
func (f *fenParser) placement(fd fenField) bool {
	ok := true
	rank, file, rankStart := 7, 0, fd.off
	bad := -1                 // start of the current run of invalid characters
	rankBad := false          // the rank holds invalid characters
	digits := -1              // start of the current run of digits
	adjStart, adjEnd := -1, 0 // runs of two or more digits in the rank
	endDigits := func(off int) {
		if digits >= 0 && off-digits > 1 {
			if adjStart < 0 {
				adjStart = digits
			}
			adjEnd = off
		}
		digits = -1
	}
	endBad := func(off int) {
		if bad >= 0 {
			f.badCharacters(bad, off)
			ok, rankBad = false, true
		}
		bad = -1
	}
	endRank := func(off int) {
		endDigits(off)
		endBad(off)
		switch {
		case rankBad:
			// The invalid characters are the mistake: the squares of a
			// rank that cannot be read are not counted against it.
		case file != 8:
			f.errorf(rankStart, off, "rank %d has %d squares, want 8", rank+1, file)
			ok = false
		case adjStart >= 0:
			f.adjacentDigits(rank, adjStart, adjEnd)
		}
		adjStart, rankBad = -1, false
	}
	for i := 0; i < len(fd.text); i++ {
		c, off := fd.text[i], fd.off+i
		t := letterTypes[c]
		isDigit := c >= '1' && c <= '8'
		if digits >= 0 && !isDigit {
			endDigits(off)
		}
		if bad >= 0 && (c == '/' || isDigit || t != NoPieceType) {
			endBad(off)
		}
		switch {
		case c == '/':
			endRank(off)
			if rank == 0 {
				f.errorf(off, fd.end(), "more than 8 ranks")
				return false
			}
			rank, file, rankStart = rank-1, 0, off+1
		case isDigit:
			if digits < 0 {
				digits = off
			}
			file += int(c - '0')
		case c == '~' && f.pos.variant == Crazyhouse && i > 0 && letterTypes[fd.text[i-1]] != NoPieceType:
			// A promoted piece: the letter before it.
			if sq := SquareAt(file-1, rank); sq != NoSquare {
				f.pos.promoted |= sq.bb()
			}
		case t != NoPieceType:
			if sq := SquareAt(file, rank); sq != NoSquare {
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
			if bad < 0 {
				bad = off
			}
			_, size := utf8.DecodeRuneInString(fd.text[i:])
			i += size - 1
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

// badCharacters reports the run of characters [off, end) that are
// neither piece letters, digits 1 to 8 nor '/'.
func (f *fenParser) badCharacters(off, end int) {
	text := f.s[off:end]
	r, size := utf8.DecodeRuneInString(text)
	if size < len(text) {
		f.errorf(off, end, "invalid characters %q in piece placement", text)
		return
	}
	switch {
	case r == '0' || r == '9':
		f.errorf(off, end, "invalid digit %q in piece placement: a run of empty squares is 1 to 8", r)
	case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'):
		f.errorf(off, end, "invalid piece letter %q in piece placement", r)
	default:
		f.errorf(off, end, "invalid character %q in piece placement", r)
	}
}

// adjacentDigits reports digits side by side in a rank of the right
// length, from the first such run at off to the end of the last: the
// position is clear, but readers such as python-chess refuse it.
func (f *fenParser) adjacentDigits(rank, off, end int) {
	text := f.s[off:end]
	var b strings.Builder
	empty := 0
	for i := 0; i < len(text); i++ {
		if c := text[i]; c >= '1' && c <= '8' {
			empty += int(c - '0')
			continue
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
			empty = 0
		}
		b.WriteByte(text[i])
	}
	if empty > 0 {
		b.WriteByte(byte('0' + empty))
	}
	fixed := b.String()
	e := f.report(FENMalformed, off, end, "digits side by side in rank %d (%q): each run of empty squares is one digit, %q", rank+1, text, fixed)
	e.Fix = &FENFix{Title: "Write " + strconv.Quote(fixed), Offset: off, End: end, New: fixed}
}

// spanOf returns the range of the FEN from the first to the last letter
// of the pieces on b, which must not be empty.
func (f *fenParser) spanOf(b Bitboard) (off, end int) {
	off, end = len(f.s), 0
	for ; b != 0; b &= b - 1 {
		o := f.sqOff[b.first()]
		off, end = min(off, o), max(end, o+1)
	}
	return off, end
}

// kings checks the number of kings and the pawns on the back ranks.
func (f *fenParser) kings(fd fenField) bool {
	ok := true
	for _, c := range []Color{White, Black} {
		kings := f.pos.of(c, King)
		switch {
		case f.pos.variant == Antichess:
			continue // kings are ordinary pieces
		case f.pos.variant == Horde && c == White:
			if kings != 0 {
				off, end := f.spanOf(kings)
				f.errorf(off, end, "a white king in horde: the horde has only pawns and pieces")
				ok = false
			}
			continue
		case f.pos.variant == Atomic && c == f.pos.side && kings == 0:
			continue // exploded: the game is over, as python-chess allows
		}
		switch kings.Count() {
		case 1:
		case 0:
			f.errorf(fd.off, fd.end(), "no %s king: each side must have exactly one king", c)
			ok = false
		default:
			off, end := f.spanOf(kings)
			f.errorf(off, end, "%d %s kings: each side must have exactly one king", kings.Count(), c)
			ok = false
		}
	}
	for _, r := range []int{7, 0} {
		b := f.pos.byType(Pawn) & rankBB(r)
		if r == 0 && f.pos.variant == Horde {
			b &^= f.pos.colors[White] // the horde's pawns may stand on the first rank
		}
		if b == 0 {
			continue
		}
		off, end := f.spanOf(b)
		what := describe(&f.pos, b.first())
		if b.more() {
			what = describeAll(&f.pos, b)
		}
		f.errorf(off, end, "%s: pawns cannot stand on the first or last rank", what)
		ok = false
	}
	return ok
}

// material reports a side with more than 8 pawns or 16 men.
func (f *fenParser) material() {
	switch f.pos.variant {
	case Crazyhouse:
		f.crazyhouseMaterial()
		return
	case Horde:
		if men := f.pos.colors[White]; men.Count() > 36 {
			off, end := f.spanOf(men)
			f.report(FENImpossible, off, end, "%d white men: the horde has at most 36", men.Count())
		}
	case RacingKings:
		if b := f.pos.byType(Pawn); b != 0 {
			off, end := f.spanOf(b)
			f.report(FENImpossible, off, end, "%s: racing kings is played without pawns", describeAll(&f.pos, b))
		}
	}
	for _, c := range []Color{White, Black} {
		if c == White && f.pos.variant == Horde {
			continue
		}
		pawns := f.pos.of(c, Pawn)
		extra := max(pawns.Count()-8, 0)
		if extra > 0 {
			off, end := f.spanOf(pawns)
			f.report(FENImpossible, off, end, "%d %s pawns: a side has at most 8", pawns.Count(), c)
		}
		// The pawns beyond 8 are reported above; more than 16 men besides
		// them is a mistake of its own.
		if men := f.pos.colors[c]; men.Count()-extra > 16 {
			off, end := f.spanOf(men)
			f.report(FENImpossible, off, end, "%d %s men (pieces and pawns): a side has at most 16", men.Count(), c)
		}
	}
}

// crazyhouseMaterial reports more pawns or men than a crazyhouse game
// has, counting those on the board and in the hands: 16 pawns, 32 men.
func (f *fenParser) crazyhouseMaterial() {
	p := &f.pos
	pawns, men := p.byType(Pawn).Count(), p.occupied().Count()
	for c := range p.pockets {
		pawns += int(p.pockets[c][Pawn-1])
		for _, n := range p.pockets[c] {
			men += int(n)
		}
	}
	if pawns <= 16 && men <= 32 {
		return
	}
	off, end := f.spanOf(p.occupied())
	if pawns > 16 {
		f.report(FENImpossible, off, end, "%d pawns on the board and in hand: a crazyhouse game has 16", pawns)
	}
	if men > 32 {
		f.report(FENImpossible, off, end, "%d men on the board and in hand: a crazyhouse game has 32", men)
	}
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

const castlingLetters = "KQkqABCDEFGHabcdefgh"

// castlingSyntax reports the characters of the castling field that
// cannot be castling rights, and whether there is none.
func (f *fenParser) castlingSyntax(fd fenField) bool {
	if fd.text == "-" {
		return true
	}
	ok := true
	for i := 0; i < len(fd.text); i++ {
		c := fd.text[i]
		if strings.IndexByte(castlingLetters, c) < 0 {
			r, size := utf8.DecodeRuneInString(fd.text[i:])
			f.errorf(fd.off+i, fd.off+i+size, "invalid castling right %q", r)
			i += size - 1
			ok = false
		}
	}
	return ok
}

// castlingRights checks the castling field against the placement, which
// is valid, and records the rights. A right the position cannot have
// (its king or rook is not on its square, it repeats or conflicts with
// another) is dropped with a warning; the warnings share a fix that
// deletes the dropped rights, offered when the field has no invalid
// character.
func (f *fenParser) castlingRights(fd fenField, syntaxOK bool) {
	if fd.text == "-" || fd.text == "" {
		return
	}
	p := &f.pos
	first := len(f.problems)
	var set [2][2]int // offset of the letter that set each right
	var dropped []int // offsets of the dropped letters
	drop := func(off int, format string, args ...any) {
		f.warnf(off, off+1, format, args...)
		dropped = append(dropped, off)
	}
	for i := 0; i < len(fd.text); i++ {
		c, off := fd.text[i], fd.off+i
		if strings.IndexByte(castlingLetters, c) < 0 {
			continue // reported by castlingSyntax
		}
		color, back := White, 0
		if c >= 'a' {
			color, back = Black, 7
		}
		if v := p.variant; v == Antichess || v == RacingKings {
			drop(off, "castling right %q, but %s has no castling", c, v.Name())
			continue
		}
		if k := p.of(color, King); k == 0 || k.more() {
			drop(off, "castling right %q, but %s has no single king", c, color)
			continue
		}
		king := p.kingSquare(color)
		if king.Rank() != back {
			drop(off, "castling right %q, but the %s king on %s is not on its back rank", c, color, king)
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
				drop(off, "castling right %q, but there is no %s rook on the kingside of the king on %s", c, color, king)
				continue
			}
		case 'q':
			rook = NoSquare
			if b := rooks & (king.bb() - 1); b != 0 {
				rook = b.first()
			}
			if rook == NoSquare {
				drop(off, "castling right %q, but there is no %s rook on the queenside of the king on %s", c, color, king)
				continue
			}
		default:
			rook = SquareAt(int(c|0x20-'a'), back)
			if !rooks.Has(rook) {
				drop(off, "castling right %q, but there is no %s rook on %s", c, color, rook)
				continue
			}
		}
		if !p.chess960 {
			std := SquareAt(4, back)
			switch {
			case king != std:
				drop(off, "castling right %q needs the %s king on %s unless the game is Chess960", c, color, std)
				continue
			case rook.File() != 0 && rook.File() != 7:
				drop(off, "castling right %q with the rook on %s is possible only in Chess960", c, rook)
				continue
			}
		}
		side := CastleShort
		if rook < king {
			side = CastleLong
		}
		switch prev := p.castle[color][side-1]; {
		case prev == NoSquare:
			p.castle[color][side-1], set[color][side-1] = rook, off
		case prev == rook:
			drop(off, "castling right %q repeats an earlier one", c)
		case side == CastleShort && rook > prev || side == CastleLong && rook < prev:
			// As python-chess does, keep the outermost rook of the flank.
			drop(set[color][side-1], "castling right %q conflicts with %q, which names the outer rook on %s",
				f.s[set[color][side-1]], c, rook)
			p.castle[color][side-1], set[color][side-1] = rook, off
		default:
			drop(off, "castling right %q conflicts with castling with the rook on %s", c, prev)
		}
	}
	if len(dropped) == 0 || !syntaxOK {
		return
	}
	var b strings.Builder
	var names []string
	for i := 0; i < len(fd.text); i++ {
		if off := fd.off + i; slices.Contains(dropped, off) {
			names = append(names, strconv.QuoteRune(rune(fd.text[i])))
		} else {
			b.WriteByte(fd.text[i])
		}
	}
	if b.Len() == 0 {
		b.WriteByte('-')
	}
	title := "Drop castling right "
	if len(names) > 1 {
		title = "Drop castling rights "
	}
	fix := &FENFix{Title: title + joinAnd(names), Offset: fd.off, End: fd.end(), New: b.String()}
	for _, e := range f.problems[first:] {
		e.Fix = fix
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
// made a double step over sq, and sets the en passant square if so;
// otherwise it is dropped with a warning.
func (f *fenParser) enPassant(fd fenField, sq Square) {
	p := &f.pos
	them := p.side.Other()
	pawn, origin := enPassantPawn(p.side, sq)
	switch {
	case sq.Rank() != 5 && p.side == White || sq.Rank() != 2 && p.side == Black:
		f.dropEnPassant(fd, "en passant square %s is impossible with %s to move: it must be on rank %d",
			sq, p.side, 6-3*int(p.side))
	case p.PieceAt(pawn) != NewPiece(them, Pawn):
		f.dropEnPassant(fd, "en passant square %s, but there is no %s pawn on %s", sq, them, pawn)
	case p.occupied().Has(sq) || p.occupied().Has(origin):
		occupied := sq
		if !p.occupied().Has(sq) {
			occupied = origin
		}
		f.dropEnPassant(fd, "en passant square %s, but %s is occupied, so no pawn can just have passed it", sq, occupied)
	default:
		p.ep = sq
	}
}

// enPassantPawn returns where the pawn that just passed the en passant
// square sq stands and where it came from, with side to move.
func enPassantPawn(side Color, sq Square) (pawn, origin Square) {
	dir := 8
	if side == Black {
		dir = -8
	}
	return Square(int(sq) - dir), Square(int(sq) + dir)
}

func (f *fenParser) dropEnPassant(fd fenField, format string, args ...any) {
	e := f.warnf(fd.off, fd.end(), format, args...)
	e.Fix = &FENFix{Title: "Drop the en passant square", Offset: fd.off, End: fd.end(), New: "-"}
	f.pos.ep = NoSquare
}

// checks reports the checks of the side to move that no move can give,
// as python-chess does: more than two checkers, or two checkers on one
// line with the king between them. It reports whether there is none.
func (f *fenParser) checks() bool {
	p := &f.pos
	c := p.checkers
	if !c.more() {
		return true
	}
	king := p.kingSquare(p.side)
	off, end := f.spanOf(c | king.bb())
	switch n := c.Count(); {
	case n > 2:
		f.report(FENImpossible, off, end, "the %s king on %s is in check from %d pieces, the %s: no move gives more than a double check",
			p.side, king, n, describeAll(p, c))
	case lineBB[c.first()][c.last()].Has(king):
		f.report(FENImpossible, off, end, "the %s king on %s is in check from both sides of one line, by the %s: no move gives these two checks",
			p.side, king, describeAll(p, c))
	default:
		return true
	}
	return false
}

// enPassantCheck reports an en passant square that contradicts the
// checks of the side to move, which makes the position impossible: the
// double step it implies cannot give a double check, and the side to
// move cannot have been in check before it. The second rule is
// python-chess's impossible check with an en passant square, which looks
// only at a check the step did not give; a check the pawn now blocks, or
// one from the pawn on its origin square, is as impossible. As in
// python-chess, the square is kept.
func (f *fenParser) enPassantCheck(fd fenField) {
	p := &f.pos
	them := p.side.Other()
	pawn, origin := enPassantPawn(p.side, p.ep)
	if p.checkers.more() {
		f.report(FENImpossible, fd.off, fd.end(), "en passant square %s means that %s just played %s-%s, which cannot give a double check",
			p.ep, them, origin, pawn)
		return
	}
	king := p.kingSquare(p.side)
	before := p.attackersTo(king, p.occupied()&^pawn.bb()|origin.bb()) & p.colors[them] &^ pawn.bb()
	if pawnAttacks[them][origin].Has(king) {
		before |= origin.bb()
	}
	if before == 0 {
		return
	}
	what := NewPiece(them, Pawn).String() + " on " + origin.String()
	if sq := before.first(); sq != origin {
		what = describe(p, sq)
	}
	f.report(FENImpossible, fd.off, fd.end(), "en passant square %s means that %s just played %s-%s, but before that move the %s king was in check from the %s",
		p.ep, them, origin, pawn, p.side, what)
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
