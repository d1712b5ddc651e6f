package chess

// The rules of the variants other than orthodox chess and Chess960. The
// orthodox code paths test p.variant > Chess960 once and branch here, so
// that orthodox move generation and Make stay as they were.

// centre holds d4, e4, d5 and e5, the hill of king of the hill.
const centre Bitboard = 1<<D4 | 1<<E4 | 1<<D5 | 1<<E5

// makeVariant is Make under p's variant: the orthodox move, then what
// the variant adds (drops, pockets, explosions, check counters), and the
// checkers as the variant counts them.
func (p *Position) makeVariant(m Move) Position {
	us, them := p.side, p.side.Other()
	if t := m.Drop(); t != NoPieceType {
		to := m.To()
		if p.variant != Crazyhouse || p.pockets[us][t-1] == 0 || p.occupied().Has(to) {
			return *p
		}
		q := *p
		q.side, q.ep = them, NoSquare
		q.halfmove++
		if us == Black {
			q.fullmove++
		}
		q.pockets[us][t-1]--
		q.pieces[t-1] |= to.bb()
		q.colors[us] |= to.bb()
		q.checkers = q.variantCheckers()
		return q
	}
	from, to := m.From(), m.To()
	capSq, captured := to, NoPieceType
	switch {
	case m == NullMove, m.IsCastle():
	case p.PieceAt(from) == NoPiece || !p.colors[us].Has(from):
		return *p
	case m.IsEnPassant():
		capSq, captured = SquareAt(to.File(), from.Rank()), Pawn
	case p.colors[them].Has(to):
		captured = p.typeAt(to)
	}
	o := p.orthodox()
	q := o.Make(m)
	q.variant = p.variant
	switch p.variant {
	case Crazyhouse:
		if m != NullMove && !m.IsCastle() {
			moved := p.promoted.Has(from) || m.Promotion() != NoPieceType
			q.promoted &^= from.bb() | capSq.bb()
			if moved {
				q.promoted |= to.bb()
			}
		}
		if captured != NoPieceType {
			if p.promoted.Has(capSq) {
				captured = Pawn
			}
			q.pockets[us][captured-1]++
		}
	case Atomic:
		if captured != NoPieceType {
			q.explode(to)
		}
	case Horde:
		if m != NullMove && from.Rank() == backRank(us) {
			q.ep = NoSquare // a double step from the first rank allows no en passant
		}
	}
	q.checkers = q.variantCheckers()
	if p.variant == ThreeCheck && q.checkers != 0 && q.checks[us] > 0 {
		q.checks[us]--
	}
	return q
}

// explode removes the capturing piece on sq and every piece but pawns
// around it, as an atomic capture does, with the castling rights of the
// rooks that go.
func (q *Position) explode(sq Square) {
	blast := kingAttacks[sq]&^q.byType(Pawn) | sq.bb()
	for i := range q.pieces {
		q.pieces[i] &^= blast
	}
	q.colors[White] &^= blast
	q.colors[Black] &^= blast
	for c := range q.castle {
		for i, r := range q.castle[c] {
			if r != NoSquare && blast.Has(r) {
				q.castle[c][i] = NoSquare
			}
		}
	}
}

// variantCheckers returns the pieces giving check to the side to move
// under p's variant: none in antichess, none for a side without king,
// none in atomic while the kings touch.
func (p *Position) variantCheckers() Bitboard {
	us := p.side
	switch p.variant {
	case Antichess:
		return 0
	case Atomic:
		if k := p.of(us, King); k == 0 || k.more() || p.kingsTouch() {
			return 0
		}
	case Horde:
		if k := p.of(us, King); k == 0 || k.more() {
			return 0
		}
	}
	return p.computeCheckers()
}

// kingsTouch reports whether a white king stands next to a black one,
// which in atomic means neither is in check.
func (p *Position) kingsTouch() bool {
	for b := p.of(White, King); b != 0; b &= b - 1 {
		if kingAttacks[b.first()]&p.of(Black, King) != 0 {
			return true
		}
	}
	return false
}

// variantOver reports whether the game has ended by a rule of p's
// variant (not by mate or stalemate): a king on the hill, a third check,
// an exploded king, a side without pieces, a king home in racing kings.
func (p *Position) variantOver() bool {
	switch p.variant {
	case KingOfTheHill:
		return p.byType(King)&centre != 0
	case ThreeCheck:
		return p.checks[White] == 0 || p.checks[Black] == 0
	case Atomic:
		return p.of(White, King) == 0 || p.of(Black, King) == 0
	case Antichess, Horde:
		return p.colors[White] == 0 || p.colors[Black] == 0
	case RacingKings:
		return p.raceOver()
	}
	return false
}

// raceOver applies the racing kings rule for the end of the race: a
// king on the eighth rank ends it, except that when the white king gets
// there first Black has one move to bring its king there too, unless
// no square of the eighth rank next to it is free and safe.
func (p *Position) raceOver() bool {
	home := rankBB(7)
	switch {
	case p.byType(King)&home == 0:
		return false
	case p.side == White || p.of(Black, King)&home != 0:
		return true
	}
	bk := p.of(Black, King)
	if bk == 0 {
		return true
	}
	for b := kingAttacks[bk.first()] & home &^ p.colors[Black]; b != 0; b &= b - 1 {
		if p.attackersTo(b.first(), p.occupied())&p.colors[White] == 0 {
			return false
		}
	}
	return true
}

// appendVariantMoves appends the legal moves of p under its variant.
func (p *Position) appendVariantMoves(dst []Move) []Move {
	if p.variantOver() {
		return dst
	}
	us := p.side
	switch p.variant {
	case Antichess:
		n := len(dst)
		dst = p.appendPseudoMoves(dst, p.colors[us.Other()], true)
		if len(dst) > n {
			return dst
		}
		return p.appendPseudoMoves(dst, ^p.occupied(), false)
	case Atomic:
		return p.appendAtomicMoves(dst)
	case Horde:
		if p.of(us, King) == 0 {
			return p.appendPseudoMoves(dst, ^p.colors[us], true)
		}
	case RacingKings:
		n := len(dst)
		dst = p.appendStandardMoves(dst)
		keep := dst[:n]
		for _, m := range dst[n:] {
			if !p.givesCheck(m) {
				keep = append(keep, m)
			}
		}
		return keep
	case Crazyhouse:
		dst = p.appendStandardMoves(dst)
		return p.appendDrops(dst)
	}
	return p.appendStandardMoves(dst)
}

// appendPseudoMoves appends the moves of the side to move that follow
// how the pieces move, ignoring checks and castling, whose destination is
// in target, with en passant captures if ep is set. Pawns may step twice
// from the first rank (horde) and, in antichess, promote to a king.
func (p *Position) appendPseudoMoves(dst []Move, target Bitboard, ep bool) []Move {
	us, them := p.side, p.side.Other()
	occ := p.occupied()
	target &^= p.colors[us]
	for t := Knight; t <= King; t++ {
		for b := p.of(us, t); b != 0; b &= b - 1 {
			from := b.first()
			dst = appendMoves(dst, from, attacksFrom(t, from, occ)&target)
		}
	}
	pawns := p.of(us, Pawn)
	empty := ^occ
	var single, double Bitboard
	up := 8
	if us == White {
		single = pawns << 8 & empty
		double = single << 8 & empty & (rankBB(2) | rankBB(3))
	} else {
		up = -8
		single = pawns >> 8 & empty
		double = single >> 8 & empty & (rankBB(5) | rankBB(4))
	}
	for b := single & target; b != 0; b &= b - 1 {
		to := b.first()
		dst = p.appendPseudoPawnMove(dst, Square(int(to)-up), to)
	}
	for b := double & target; b != 0; b &= b - 1 {
		to := b.first()
		dst = append(dst, newMove(Square(int(to)-2*up), to, moveNormal))
	}
	for b := pawns; b != 0; b &= b - 1 {
		from := b.first()
		for c := pawnAttacks[us][from] & p.colors[them] & target; c != 0; c &= c - 1 {
			dst = p.appendPseudoPawnMove(dst, from, c.first())
		}
	}
	if ep && p.ep != NoSquare {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			dst = append(dst, newMove(b.first(), p.ep, moveEnPassant))
		}
	}
	return dst
}

// appendPseudoPawnMove appends the pawn move from from to to, expanding
// promotions (to a king too in antichess).
func (p *Position) appendPseudoPawnMove(dst []Move, from, to Square) []Move {
	if r := to.Rank(); r != 0 && r != 7 {
		return append(dst, newMove(from, to, moveNormal))
	}
	dst = append(dst,
		newPromotion(from, to, Queen), newPromotion(from, to, Rook),
		newPromotion(from, to, Bishop), newPromotion(from, to, Knight))
	if p.variant == Antichess {
		dst = append(dst, newPromotion(from, to, King))
	}
	return dst
}

// appendDrops appends the legal crazyhouse drops: on any empty square
// (pawns not on the first or last rank), or between the king and its
// single checker.
func (p *Position) appendDrops(dst []Move) []Move {
	us := p.side
	mask := ^p.occupied()
	switch c := p.checkers; {
	case c.more():
		return dst
	case c != 0:
		mask &= betweenBB[p.kingSquare(us)][c.first()]
	}
	for t := Pawn; t <= Queen; t++ {
		if p.pockets[us][t-1] == 0 {
			continue
		}
		b := mask
		if t == Pawn {
			b &^= rank1 | rankBB(7)
		}
		for ; b != 0; b &= b - 1 {
			dst = append(dst, newDrop(t, b.first()))
		}
	}
	return dst
}

// appendAtomicMoves appends the legal atomic moves: every move that
// keeps the own king on the board and out of check, unless it explodes
// the enemy king; kings that touch are not in check.
func (p *Position) appendAtomicMoves(dst []Move) []Move {
	n := len(dst)
	dst = p.appendPseudoMoves(dst, ^p.colors[p.side], true)
	dst = p.appendAtomicCastling(dst)
	keep := dst[:n]
	for _, m := range dst[n:] {
		if p.atomicLegal(m) {
			keep = append(keep, m)
		}
	}
	return keep
}

// atomicLegal reports whether the pseudo-legal atomic move m is legal.
func (p *Position) atomicLegal(m Move) bool {
	us := p.side
	q := p.Make(m)
	switch {
	case q.of(us, King) == 0:
		return false
	case q.of(us.Other(), King) == 0:
		return true
	}
	return !q.atomicAttacked(us)
}

// atomicAttacked reports whether c's king is attacked in atomic: it is
// attacked by an enemy piece and does not touch the enemy king.
func (p *Position) atomicAttacked(c Color) bool {
	k := p.of(c, King)
	if k == 0 {
		return false
	}
	king := k.first()
	if kingAttacks[king]&p.of(c.Other(), King) != 0 {
		return false
	}
	return p.attackersTo(king, p.occupied())&p.colors[c.Other()] != 0
}

// appendAtomicCastling appends the castling moves whose path is free and
// whose squares, from the king's to its destination, are not attacked,
// a square next to the enemy king counting as safe; atomicLegal tests
// the position after them.
func (p *Position) appendAtomicCastling(dst []Move) []Move {
	us, them := p.side, p.side.Other()
	k := p.of(us, King)
	if k == 0 || k.more() {
		return dst
	}
	king := k.first()
	var safe Bitboard
	for b := p.of(them, King); b != 0; b &= b - 1 {
		safe |= kingAttacks[b.first()]
	}
	for _, rook := range p.castle[us] {
		if rook == NoSquare || p.castleObstacle(rook) != NoSquare {
			continue
		}
		kingTo, rookTo := castleTargets(us, king, rook)
		ok := true
		occ := p.occupied() &^ king.bb()
		for b := (betweenBB[king][kingTo] | king.bb()) &^ safe; b != 0 && ok; b &= b - 1 {
			ok = p.attackersTo(b.first(), occ)&p.colors[them] == 0
		}
		occ = occ&^rook.bb() | rookTo.bb()
		if ok && !safe.Has(kingTo) {
			ok = p.attackersTo(kingTo, occ)&p.colors[them]&^rook.bb() == 0
		}
		if ok {
			dst = append(dst, newMove(king, rook, moveCastle))
		}
	}
	return dst
}
