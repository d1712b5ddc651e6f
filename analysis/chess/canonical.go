package chess

// PlayCanonical plays the move written s, when s is the canonical SAN of
// a legal move of p that is not castling, into q (which must not be p):
// it returns what ParseSAN and Resolve return for s, sets *q to
// p.Make(m), and reports true. That is, the move resolves and Lint has
// nothing to say of it: the piece letter, the origin given exactly when
// SAN needs it, 'x' exactly on captures, '=' and an upper-case letter
// for a promotion, and '+' or '#' exactly when the move checks or mates.
//
// It reports false for anything else, leaving *q undefined: a move that
// does not resolve, castling, a non-canonical spelling, a variant other
// than Chess960; the caller then reads the move with ParseSAN, Resolve
// and LintAfter. Nearly every move of a real game is canonical, and this
// path does what those three do for it at about half the cost (they
// work out the same pieces and lines again and again); TestPlayCanonical
// holds it to them.
func (p *Position) PlayCanonical(s string, q *Position) (SAN, Move, bool) {
	if p.variant > Chess960 {
		return SAN{}, NullMove, false
	}
	san, ok := parseCanonical(s)
	if !ok {
		return san, NullMove, false
	}
	us, them := p.side, p.side.Other()
	to := san.To
	if p.colors[us].Has(to) {
		return san, NullMove, false
	}
	var m Move
	if san.Piece == Pawn {
		if m, ok = p.canonicalPawn(san); !ok {
			return san, NullMove, false
		}
	} else {
		if san.Capture != p.colors[them].Has(to) {
			return san, NullMove, false
		}
		pt := san.Piece
		own := p.of(us, pt)
		candidates := attacksFrom(pt, to, p.occupied()) & own
		if candidates == 0 {
			return san, NullMove, false
		}
		king := p.kingSquare(us)
		var legal Bitboard // every piece of the kind that may go to to
		if pt == King {
			if san.FromFile >= 0 || san.FromRank >= 0 || candidates.more() || !p.kingMoveLegal(king, to) {
				return san, NullMove, false
			}
			legal = candidates
		} else {
			for b := candidates; b != 0; b &= b - 1 {
				if p.legalTo(b.first(), to, king) {
					legal |= b.first().bb()
				}
			}
		}
		match := legal & originMask(int(san.FromFile), int(san.FromRank))
		if match == 0 || match.more() {
			return san, NullMove, false
		}
		from := match.first()
		// The origin SAN gives: what tells the piece from the others.
		needFile, needRank := false, false
		switch others := legal &^ from.bb(); {
		case others == 0:
		case others&fileBB(from.File()) == 0:
			needFile = true
		case others&rankBB(from.Rank()) == 0:
			needRank = true
		default:
			needFile, needRank = true, true
		}
		if needFile != (san.FromFile >= 0) || needRank != (san.FromRank >= 0) {
			return san, NullMove, false
		}
		m = newMove(from, to, moveNormal)
	}
	p.MakeTo(q, m)
	mark := MarkNone
	if q.checkers != 0 {
		mark = MarkMate
		if q.hasLegalMove() {
			mark = MarkCheck
		}
	}
	return san, m, mark == san.Check
}

// canonicalPawn resolves the canonical pawn move san (a push, or a
// capture that gives the pawn's file) as resolveMove does, and reports
// whether it is legal.
func (p *Position) canonicalPawn(san SAN) (Move, bool) {
	us, them := p.side, p.side.Other()
	to := san.To
	var candidates Bitboard
	enPassant := false
	if san.Capture {
		enPassant = to == p.ep
		if !enPassant && !p.colors[them].Has(to) {
			return NullMove, false
		}
		candidates = pawnAttacks[them][to] & p.of(us, Pawn) & fileBB(int(san.FromFile))
	} else {
		if p.colors[them].Has(to) {
			return NullMove, false
		}
		candidates = p.origins(us, Pawn, to, false)
	}
	if candidates == 0 || candidates.more() {
		return NullMove, false
	}
	from := candidates.first()
	if enPassant && !p.enPassantLegal(from) || !enPassant && !p.legalTo(from, to, p.kingSquare(us)) {
		return NullMove, false
	}
	lastRank := 7
	if us == Black {
		lastRank = 0
	}
	switch {
	case to.Rank() == lastRank && san.Promotion == NoPieceType:
		return NullMove, false
	case to.Rank() == lastRank:
		return newPromotion(from, to, san.Promotion), true
	case san.Promotion != NoPieceType:
		return NullMove, false
	case enPassant:
		return newMove(from, to, moveEnPassant), true
	}
	return newMove(from, to, moveNormal), true
}
