package chess

import (
	"fmt"
	"strings"
)

// Explanations of why a SAN move does not resolve.

// lostRight explains why the side to move has no castling right on side.
func (p *Position) lostRight(side CastleSide) string {
	us := p.side
	back := backRank(us)
	if p.chess960 {
		return "the castling right is gone (the king or that rook has moved)"
	}
	king, rook := SquareAt(4, back), SquareAt(7, back)
	if side == CastleLong {
		rook = SquareAt(0, back)
	}
	switch {
	case !p.of(us, King).Has(king):
		return fmt.Sprintf("the king is not on %s", king)
	case !p.of(us, Rook).Has(rook):
		return fmt.Sprintf("there is no %s rook on %s", us, rook)
	}
	return fmt.Sprintf("the king or the rook on %s has moved", rook)
}

// pieceName returns, for messages, the name of c's pieces of type t,
// such as "white knight".
func pieceName(c Color, t PieceType) string { return NewPiece(c, t).String() }

// unreachable explains why no piece of type pt can make the move.
func (p *Position) unreachable(pt PieceType, san SAN, capture bool, mask Bitboard) *ResolveError {
	us, them := p.side, p.side.Other()
	to := san.To
	name := pieceName(us, pt)
	theirs := p.origins(them, pt, to, capture) & mask
	if theirs != 0 && !p.occupied().Has(to) && !(pt == Pawn && capture) {
		return resolveErrorf(ResolveWrongColor, "it is %s's move, but only the %s can move to %s",
			us, describeAll(p, theirs), to)
	}
	own := p.of(us, pt)
	switch {
	case own == 0:
		return resolveErrorf(ResolveNoPiece, "there is no %s on the board", name)
	case own&mask == 0:
		return resolveErrorf(ResolveNoPiece, "there is no %s on %s; %s", name, originText(san), whereAre(name, own))
	case pt == Pawn && capture:
		if san.FromFile >= 0 {
			name += " on " + originText(san)
		}
		return resolveErrorf(ResolveNoPiece, "no %s can capture on %s", name, to)
	case pt == Pawn:
		dir := 8
		if us == Black {
			dir = -8
		}
		from, step := Square(int(to)-2*dir), Square(int(to)-dir)
		if to.Rank() == 3+int(us) && own&mask&from.bb() != 0 && p.occupied().Has(step) {
			return resolveErrorf(ResolveNoPiece, "the %s cannot advance to %s: the %s is in the way",
				describe(p, from), to, describe(p, step))
		}
		return resolveErrorf(ResolveNoPiece, "no %s can move to %s", name, to)
	}
	for b := own & mask; b != 0 && pt != Knight && pt != King; b &= b - 1 {
		from := b.first()
		if attacksFrom(pt, from, 0).Has(to) {
			between := betweenBB[from][to] & p.occupied()
			blocker := between.first()
			if to < from {
				blocker = between.last()
			}
			return resolveErrorf(ResolveNoPiece, "the %s cannot reach %s: the %s is in the way",
				describe(p, from), to, describe(p, blocker))
		}
	}
	return resolveErrorf(ResolveNoPiece, "no %s can reach %s; %s", name, to, whereAre(name, own))
}

// whereAre says where the pieces called name stand: "the white knight
// is on b1" or "the white knights are on b1 and g1".
func whereAre(name string, b Bitboard) string {
	if b.more() {
		return "the " + plural(name) + " are on " + squareList(b)
	}
	return "the " + name + " is on " + squareList(b)
}

// originText describes the origin given in san: "the g-file", "rank 1"
// or "g1".
func originText(san SAN) string {
	switch {
	case san.FromFile >= 0 && san.FromRank >= 0:
		return SquareAt(int(san.FromFile), int(san.FromRank)).String()
	case san.FromFile >= 0:
		return "the " + string(rune('a'+int(san.FromFile))) + "-file"
	}
	return fmt.Sprintf("rank %d", san.FromRank+1)
}

// illegal explains why none of the candidates may move to to.
func (p *Position) illegal(pt PieceType, candidates Bitboard, to Square) *ResolveError {
	var first *ResolveError
	var msgs []string
	for b := candidates; b != 0; b &= b - 1 {
		e := p.whyIllegal(pt, b.first(), to)
		if first == nil {
			first = e
		}
		msgs = append(msgs, e.Msg)
	}
	first.Msg = strings.Join(msgs, "; ")
	return first
}

// whyIllegal explains why the pseudo-legal move from from to to is
// illegal.
func (p *Position) whyIllegal(pt PieceType, from, to Square) *ResolveError {
	us, them := p.side, p.side.Other()
	king := p.kingSquare(us)
	occ := p.occupied()
	if pt == King {
		att := p.attackersTo(to, occ&^king.bb()) & p.colors[them]
		return resolveErrorf(ResolveSelfCheck, "the %s king cannot go to %s: it would be in check from the %s",
			us, to, describeAll(p, att))
	}
	if p.checkers.more() {
		return resolveErrorf(ResolveSelfCheck, "the %s king is in double check from the %s; only a king move can answer it",
			us, describeAll(p, p.checkers))
	}
	if p.pinned(us, king).Has(from) && !lineBB[king][from].Has(to) {
		snipers := (rookAttacks(king, 0)&(p.of(them, Rook)|p.of(them, Queen)) |
			bishopAttacks(king, 0)&(p.of(them, Bishop)|p.of(them, Queen)))
		for ; snipers != 0; snipers &= snipers - 1 {
			if s := snipers.first(); betweenBB[king][s]&occ == from.bb() {
				return resolveErrorf(ResolvePinned, "the %s is pinned to its king on %s by the %s",
					describe(p, from), king, describe(p, s))
			}
		}
	}
	if pt == Pawn && to == p.ep && !p.occupied().Has(to) {
		capSq := SquareAt(to.File(), from.Rank())
		occ := occ ^ from.bb() ^ capSq.bb() | to.bb()
		att := p.attackersTo(king, occ) & p.colors[them] &^ capSq.bb()
		return resolveErrorf(ResolveSelfCheck, "capturing en passant with the pawn on %s would expose the %s king to the %s",
			from, us, describeAll(p, att))
	}
	return resolveErrorf(ResolveSelfCheck, "the %s king is in check from the %s, and moving the %s from %s to %s does not answer it",
		us, describeAll(p, p.checkers), pt, from, to)
}

// ambiguous reports that the pieces on legal can all make the move, which
// is not a pawn move (those are never ambiguous).
func (p *Position) ambiguous(pt PieceType, legal Bitboard, to Square) *ResolveError {
	e := &ResolveError{Kind: ResolveAmbiguous}
	var alternatives []string
	for b := legal; b != 0; b &= b - 1 {
		m := newMove(b.first(), to, moveNormal)
		e.Candidates = append(e.Candidates, m)
		alternatives = append(alternatives, p.SAN(m))
	}
	verb := "can all"
	if legal.Count() == 2 {
		verb = "can both"
	}
	e.Msg = fmt.Sprintf("the %s on %s %s move to %s; write %s",
		plural(pieceName(p.side, pt)), squareList(legal), verb, to, strings.Join(alternatives, " or "))
	return e
}
