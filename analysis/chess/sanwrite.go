package chess

// SAN returns the Standard Algebraic Notation of m, which must be legal
// in p: minimal disambiguation (file first, then rank, then both), "x"
// for captures, "=Q" for promotions, "O-O"/"O-O-O" for castling, "N@f3"
// and "P@e4" for drops, "--" for the null move, and a "+" or "#" suffix
// as p's variant counts checks (none in antichess; "#" also when the
// check ends the game, as a third check does).
func (p *Position) SAN(m Move) string {
	var buf [10]byte
	return string(p.AppendSAN(buf[:0], m))
}

// AppendSAN appends the SAN of m (see SAN) to b and returns the extended
// slice.
func (p *Position) AppendSAN(b []byte, m Move) []byte {
	from, to := m.From(), m.To()
	pt := p.typeAt(from)
	switch {
	case m == NullMove:
		return append(b, "--"...)
	case m.Drop() != NoPieceType:
		b = append(b, pieceLetters[m.Drop()], '@')
		b = append(b, to.String()...)
	case pt == NoPieceType:
		return append(b, m.String()...) // not a move of p; avoid nonsense
	case m.IsCastle():
		b = append(b, castleSide(m).String()...)
	default:
		capture := p.isCapture(m)
		if pt != Pawn {
			b = append(b, pieceLetters[pt])
		}
		file, rank := p.disambiguation(pt, from, to)
		if file || pt == Pawn && capture {
			b = append(b, byte('a'+from.File()))
		}
		if rank {
			b = append(b, byte('1'+from.Rank()))
		}
		if capture {
			b = append(b, 'x')
		}
		b = append(b, to.String()...)
		if t := m.Promotion(); t != NoPieceType {
			b = append(b, '=', pieceLetters[t])
		}
	}
	switch p.checkMark(m) {
	case MarkCheck:
		b = append(b, '+')
	case MarkMate:
		b = append(b, '#')
	}
	return b
}

// isCapture reports whether m captures a piece in p.
func (p *Position) isCapture(m Move) bool {
	return m.IsEnPassant() || !m.IsCastle() && m != NullMove && p.colors[p.side.Other()].Has(m.To())
}

// checkMark returns the suffix m deserves: MarkMate if it mates,
// MarkCheck if it checks.
func (p *Position) checkMark(m Move) CheckMark { return p.checkMarkAfter(m, nil) }

// checkMarkAfter is checkMark given after = p.Make(m), or nil.
func (p *Position) checkMarkAfter(m Move, after *Position) CheckMark {
	if after == nil {
		if !p.givesCheck(m) {
			return MarkNone
		}
		q := p.Make(m)
		after = &q
	}
	switch {
	case after.checkers == 0:
		return MarkNone
	case after.hasLegalMove():
		return MarkCheck
	}
	return MarkMate
}

// givesCheck reports whether m checks the opponent's king, without
// making the move unless it is special.
func (p *Position) givesCheck(m Move) bool {
	if m == NullMove || m.kind() != moveNormal || p.variant > Chess960 && p.variant != RacingKings {
		q := p.Make(m)
		return q.checkers != 0
	}
	us := p.side
	from, to := m.From(), m.To()
	king := p.kingSquare(us.Other())
	occ := p.occupied()&^from.bb() | to.bb()
	pt := p.typeAt(from)
	switch {
	case pt == Pawn && pawnAttacks[us][to].Has(king):
		return true
	case pt != Pawn && attacksFrom(pt, to, occ).Has(king):
		return true
	}
	// Discovered check by a slider that the move unmasks.
	sliders := p.colors[us] &^ from.bb()
	return bishopAttacks(king, occ)&(p.byType(Bishop)|p.byType(Queen))&sliders != 0 ||
		rookAttacks(king, occ)&(p.byType(Rook)|p.byType(Queen))&sliders != 0
}

// disambiguation reports whether the SAN of the non-castling move of a
// pt from from to to needs the origin file and rank to be unambiguous.
// Pawn captures always show the file, so it is not reported for them.
func (p *Position) disambiguation(pt PieceType, from, to Square) (file, rank bool) {
	if pt == Pawn || pt == King && p.variant != Antichess || !p.of(p.side, pt).more() {
		return false, false // no other piece of the kind
	}
	others := p.origins(p.side, pt, to, false) &^ from.bb()
	if others == 0 {
		return false, false
	}
	if p.variant > Chess960 {
		others = p.legalOrigins(others, to)
	} else {
		king := p.kingSquare(p.side)
		for b := others; b != 0; b &= b - 1 {
			if !p.legalTo(b.first(), to, king) {
				others &^= b.first().bb()
			}
		}
	}
	switch {
	case others == 0:
		return false, false
	case others&fileBB(from.File()) == 0:
		return true, false
	case others&rankBB(from.Rank()) == 0:
		return false, true
	}
	return true, true
}

// UCI returns m in the coordinate notation of the Universal Chess
// Interface: "e2e4", "e7e8q", "P@e4" for a drop, "0000" for the null
// move; castling is
// written as the king's two-square move ("e1g1") in standard chess and
// as the king taking its rook ("e1h1") in Chess960.
func (p *Position) UCI(m Move) string {
	var buf [5]byte
	return string(p.AppendUCI(buf[:0], m))
}

// AppendUCI appends the UCI notation of m (see UCI) to b and returns the
// extended slice.
func (p *Position) AppendUCI(b []byte, m Move) []byte {
	if m.IsCastle() && !p.chess960 {
		kingTo, _ := castleTargets(p.side, m.From(), m.To())
		return append(append(b, m.From().String()...), kingTo.String()...)
	}
	return m.appendTo(b)
}
