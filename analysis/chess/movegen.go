package chess

// legality holds what is needed to decide whether a move of a piece
// other than the king is legal: pinned pieces and the squares a move
// must reach to answer a check.
type legality struct {
	king      Square
	pinned    Bitboard // side-to-move pieces pinned to their king
	checkMask Bitboard // all squares if not in check, none if in double check
}

func (p *Position) legality() legality {
	us := p.side
	l := legality{king: p.kingSquare(us), checkMask: ^Bitboard(0)}
	if p.checkers != 0 {
		l.checkMask = 0
		if !p.checkers.more() {
			l.checkMask = betweenBB[l.king][p.checkers.first()] | p.checkers
		}
	}
	l.pinned = p.pinned(us, l.king)
	return l
}

// pinned returns c's pieces that are pinned to c's king on king.
func (p *Position) pinned(c Color, king Square) Bitboard {
	them := c.Other()
	snipers := (rookAttacks(king, 0)&(p.of(them, Rook)|p.of(them, Queen)) |
		bishopAttacks(king, 0)&(p.of(them, Bishop)|p.of(them, Queen)))
	occ := p.occupied()
	var pinned Bitboard
	for ; snipers != 0; snipers &= snipers - 1 {
		b := betweenBB[king][snipers.first()] & occ
		if b != 0 && !b.more() {
			pinned |= b & p.colors[c]
		}
	}
	return pinned
}

// legalTo reports whether the side to move's piece on from, not its
// king, may move to to as far as checks and pins are concerned. It is
// cheaper than legality for a few moves, since it looks for a pin only
// when the piece leaves a line through its king.
func (p *Position) legalTo(from, to, king Square) bool {
	switch c := p.checkers; {
	case c.more():
		return false
	case c != 0 && !(betweenBB[king][c.first()] | c).Has(to):
		return false
	}
	line := lineBB[king][from]
	return line == 0 || line.Has(to) || !p.pinnedTo(from, king)
}

// pinnedTo reports whether the side to move's piece on from, which
// shares a line with its king on king, is pinned to it.
func (p *Position) pinnedTo(from, king Square) bool {
	occ := p.occupied()
	if betweenBB[king][from]&occ != 0 {
		return false
	}
	them := p.side.Other()
	var snipers Bitboard
	if rookAttacks(king, 0).Has(from) {
		snipers = rookAttacks(king, occ&^from.bb()) & (p.of(them, Rook) | p.of(them, Queen))
	} else {
		snipers = bishopAttacks(king, occ&^from.bb()) & (p.of(them, Bishop) | p.of(them, Queen))
	}
	for ; snipers != 0; snipers &= snipers - 1 {
		if betweenBB[king][snipers.first()].Has(from) {
			return true
		}
	}
	return false
}

// kingMoveLegal reports whether the side to move's king may step to to.
func (p *Position) kingMoveLegal(king, to Square) bool {
	occ := p.occupied() &^ king.bb()
	return p.attackersTo(to, occ)&p.colors[p.side.Other()] == 0
}

// enPassantLegal reports whether the en passant capture from from is
// legal, by testing the position after it; en passant is the one move
// that can uncover an attack along a rank by removing two pieces.
func (p *Position) enPassantLegal(from Square) bool {
	us := p.side
	capSq := SquareAt(p.ep.File(), from.Rank())
	occ := p.occupied() ^ from.bb() ^ capSq.bb() | p.ep.bb()
	return p.attackersTo(p.kingSquare(us), occ)&p.colors[us.Other()]&^capSq.bb() == 0
}

// castleLegal reports whether the side to move may castle with rook.
func (p *Position) castleLegal(rook Square) bool {
	return p.checkers == 0 && p.castleObstacle(rook) == NoSquare && p.castleAttacked(rook) == NoSquare
}

// castleObstacle returns an occupied square that the king or rook must
// cross or land on when castling with rook, or NoSquare.
func (p *Position) castleObstacle(rook Square) Square {
	us := p.side
	king := p.kingSquare(us)
	kingTo, rookTo := castleTargets(us, king, rook)
	path := betweenBB[king][kingTo] | kingTo.bb() | betweenBB[rook][rookTo] | rookTo.bb()
	if b := path & p.occupied() &^ (king.bb() | rook.bb()); b != 0 {
		return b.first()
	}
	return NoSquare
}

// castleAttacked returns the first attacked square the king crosses or
// lands on when castling with rook, or NoSquare. The squares are tested
// with king and rook lifted off the board, which matters in Chess960
// when the rook shields the king's destination.
func (p *Position) castleAttacked(rook Square) Square {
	us := p.side
	king := p.kingSquare(us)
	kingTo, _ := castleTargets(us, king, rook)
	occ := p.occupied() &^ (king.bb() | rook.bb())
	for b := betweenBB[king][kingTo] | kingTo.bb(); b != 0; b &= b - 1 {
		if p.attackersTo(b.first(), occ)&p.colors[us.Other()] != 0 {
			return b.first()
		}
	}
	return NoSquare
}

// LegalMoves returns the legal moves in p.
func (p *Position) LegalMoves() []Move {
	return p.AppendLegalMoves(make([]Move, 0, 64))
}

// AppendLegalMoves appends the legal moves in p to dst and returns the
// extended slice. It does not allocate if dst has room for 218 moves
// (in crazyhouse, where drops add many more, for 512).
func (p *Position) AppendLegalMoves(dst []Move) []Move {
	if p.variant > Chess960 {
		return p.appendVariantMoves(dst)
	}
	return p.appendStandardMoves(dst)
}

// appendStandardMoves appends the legal moves of p under the rules of
// orthodox chess; the side to move has one king. It is a function of
// its own, not AppendLegalMoves, so that the variants' generators,
// which call it, do not make a cycle of calls, through which escape
// analysis would send every caller's move buffer to the heap.
func (p *Position) appendStandardMoves(dst []Move) []Move {
	us := p.side
	own := p.colors[us]
	occ := p.occupied()
	l := p.legality()

	for b := kingAttacks[l.king] &^ own; b != 0; b &= b - 1 {
		if to := b.first(); p.kingMoveLegal(l.king, to) {
			dst = append(dst, newMove(l.king, to, moveNormal))
		}
	}
	if p.checkers.more() {
		return dst
	}
	target := ^own & l.checkMask
	for b := p.of(us, Knight) &^ l.pinned; b != 0; b &= b - 1 {
		from := b.first()
		dst = appendMoves(dst, from, knightAttacks[from]&target)
	}
	for b := p.of(us, Bishop) | p.of(us, Queen); b != 0; b &= b - 1 {
		from := b.first()
		att := bishopAttacks(from, occ) & target
		if l.pinned.Has(from) {
			att &= lineBB[l.king][from]
		}
		dst = appendMoves(dst, from, att)
	}
	for b := p.of(us, Rook) | p.of(us, Queen); b != 0; b &= b - 1 {
		from := b.first()
		att := rookAttacks(from, occ) & target
		if l.pinned.Has(from) {
			att &= lineBB[l.king][from]
		}
		dst = appendMoves(dst, from, att)
	}
	dst = p.appendPawnMoves(dst, &l, target)
	if p.checkers == 0 {
		for _, rook := range p.castle[us] {
			if rook != NoSquare && p.castleLegal(rook) {
				dst = append(dst, newMove(l.king, rook, moveCastle))
			}
		}
	}
	return dst
}

func appendMoves(dst []Move, from Square, to Bitboard) []Move {
	for ; to != 0; to &= to - 1 {
		dst = append(dst, newMove(from, to.first(), moveNormal))
	}
	return dst
}

// appendPawnMoves appends the legal pawn moves whose destination is in
// target (or that capture en passant).
func (p *Position) appendPawnMoves(dst []Move, l *legality, target Bitboard) []Move {
	us, them := p.side, p.side.Other()
	pawns := p.of(us, Pawn)
	empty := ^p.occupied()
	var single, double Bitboard
	up := 8
	if us == White {
		single = pawns << 8 & empty
		double = (single & rankBB(2)) << 8 & empty
	} else {
		up = -8
		single = pawns >> 8 & empty
		double = (single & rankBB(5)) >> 8 & empty
	}
	for b := single & target; b != 0; b &= b - 1 {
		to := b.first()
		dst = appendPawnMove(dst, l, Square(int(to)-up), to)
	}
	for b := double & target; b != 0; b &= b - 1 {
		to := b.first()
		dst = appendPawnMove(dst, l, Square(int(to)-2*up), to)
	}
	for b := pawns; b != 0; b &= b - 1 {
		from := b.first()
		for c := pawnAttacks[us][from] & p.colors[them] & target; c != 0; c &= c - 1 {
			dst = appendPawnMove(dst, l, from, c.first())
		}
	}
	if p.ep != NoSquare {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			if from := b.first(); p.enPassantLegal(from) {
				dst = append(dst, newMove(from, p.ep, moveEnPassant))
			}
		}
	}
	return dst
}

// appendPawnMove appends the pawn move from from to to if it is legal,
// expanding promotions.
func appendPawnMove(dst []Move, l *legality, from, to Square) []Move {
	if l.pinned.Has(from) && !lineBB[l.king][from].Has(to) {
		return dst
	}
	if r := to.Rank(); r == 0 || r == 7 {
		return append(dst,
			newPromotion(from, to, Queen), newPromotion(from, to, Rook),
			newPromotion(from, to, Bishop), newPromotion(from, to, Knight))
	}
	return append(dst, newMove(from, to, moveNormal))
}

// hasLegalMove reports whether the side to move has a legal move.
func (p *Position) hasLegalMove() bool {
	if k := p.of(p.side, King); p.variant <= Chess960 && k != 0 {
		// A step of the king is the usual answer to a check: one legal
		// step settles it without generating the other moves.
		king := k.first()
		for b := kingAttacks[king] &^ p.colors[p.side]; b != 0; b &= b - 1 {
			if p.kingMoveLegal(king, b.first()) {
				return true
			}
		}
	}
	var buf [256]Move
	if p.variant == Crazyhouse && !p.variantOver() {
		// Drops are many: look at them only without a move on the board.
		return len(p.appendStandardMoves(buf[:0])) > 0 || len(p.appendDrops(buf[:0])) > 0
	}
	return len(p.AppendLegalMoves(buf[:0])) > 0
}
