package chess

import (
	"fmt"
	"strings"
)

// resolveVariant resolves san under the rules of p's variant by matching
// it against the legal moves, and explains a failure with the rule that
// forbids the move.
func (p *Position) resolveVariant(san SAN) (Move, *ResolveError) {
	if san.Drop {
		return p.resolveDrop(san)
	}
	if san.To >= NoSquare && san.Castle == NoCastle || san.FromFile < -1 || san.FromFile > 7 || san.FromRank < -1 || san.FromRank > 7 ||
		san.Piece > King || san.Promotion > King || san.Castle > CastleLong {
		return NullMove, resolveErrorf(ResolveMalformed, "malformed move")
	}
	if over, why := p.overWhy(); over {
		return NullMove, resolveErrorf(ResolveGameOver, "the game is over: %s", why)
	}
	pt := san.Piece
	if pt == NoPieceType && san.Castle == NoCastle {
		from := SquareAt(int(san.FromFile), int(san.FromRank))
		switch pc := p.PieceAt(from); {
		case from == NoSquare:
			return NullMove, resolveErrorf(ResolveMalformed, "a move without piece letter must give its origin square")
		case pc == NoPiece:
			return NullMove, resolveErrorf(ResolveNoPiece, "there is no piece on %s", from)
		case pc.Color() != p.side:
			return NullMove, resolveErrorf(ResolveWrongColor, "it is %s's move, but the piece on %s is a %s", p.side, from, pc)
		}
		pt = p.typeAt(from)
	}
	var buf [512]Move
	var foundBuf [8]Move
	found := foundBuf[:0]
	var origins Bitboard
	for _, m := range p.AppendLegalMoves(buf[:0]) {
		if p.sanMatches(san, pt, m, true) {
			found = append(found, m)
			origins |= m.From().bb()
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1 && origins.more():
		return NullMove, p.ambiguous(pt, origins, san.To)
	case len(found) > 1:
		return NullMove, resolveErrorf(ResolveMalformed, "malformed move")
	}
	return NullMove, p.explainVariant(san, pt)
}

// sanMatches reports whether the legal move m fits san, whose piece type
// is pt (the piece on the origin of a coordinate move); with promotion
// unset the promotion piece is not compared.
func (p *Position) sanMatches(san SAN, pt PieceType, m Move, promotion bool) bool {
	switch {
	case m.kind() == moveDrop:
		return false
	case san.Castle != NoCastle:
		return m.IsCastle() && castleSide(m) == san.Castle
	case m.IsCastle():
		return san.Piece == NoPieceType && SquareAt(int(san.FromFile), int(san.FromRank)) == m.From() &&
			p.coordinateCastle(m.From(), san.To) == castleSide(m)
	case m.To() != san.To || p.typeAt(m.From()) != pt || !originMask(int(san.FromFile), int(san.FromRank)).Has(m.From()):
		return false
	case pt == Pawn && san.Piece == Pawn && pawnCapture(san) != (m.From().File() != m.To().File()):
		return false
	}
	return !promotion || m.Promotion() == san.Promotion
}

// explainVariant explains why san, whose piece type is pt, matches no
// legal move of p, whose game is not over.
func (p *Position) explainVariant(san SAN, pt PieceType) *ResolveError {
	us := p.side
	if p.variant != Atomic && p.variant != Antichess && p.of(us, King) != 0 {
		// The orthodox rules decide, but for racing kings' ban on checks.
		o := p.orthodox()
		m, err := o.Resolve(san)
		if err != nil {
			return err
		}
		if p.variant == RacingKings && p.givesCheck(m) {
			return resolveErrorf(ResolveVariantRule, "%s would give check, and racing kings has no checks", strings.TrimRight(p.SAN(m), "+#"))
		}
		return resolveErrorf(ResolveVariantRule, "the move is not legal in %s", p.variant.Name())
	}
	if san.Castle != NoCastle {
		if p.variant == Antichess {
			return resolveErrorf(ResolveCastlingRight, "there is no castling in antichess")
		}
		if p.castle[us][san.Castle-1] == NoSquare {
			return resolveErrorf(ResolveCastlingRight, "%s cannot castle: %s", us, p.lostRight(san.Castle))
		}
		if sq := p.castleObstacle(p.castle[us][san.Castle-1]); sq != NoSquare {
			return resolveErrorf(ResolveCastlingBlocked, "%s cannot castle: the %s is in the way", us, describe(p, sq))
		}
	}
	// The moves the pieces can make, checks and compulsory captures aside.
	var buf [512]Move
	pseudo := p.appendPseudoMoves(buf[:0], ^p.colors[us], true)
	if p.variant == Atomic {
		pseudo = p.appendAtomicCastling(pseudo)
	}
	var m Move
	found := false
	for _, c := range pseudo {
		if p.sanMatches(san, pt, c, false) {
			m, found = c, true
			if c.Promotion() == san.Promotion {
				break
			}
		}
	}
	if !found {
		if san.Castle != NoCastle {
			return resolveErrorf(ResolveCastlingAttacked, "%s cannot castle: the king would pass through or land on an attacked square", us)
		}
		return p.unreachableVariant(san, pt)
	}
	if err := promotionError(san, m); err != nil {
		return err
	}
	switch p.variant {
	case Antichess:
		// The legal moves are the captures; name a few.
		var caps []string
		var legal [512]Move
		for _, c := range p.AppendLegalMoves(legal[:0]) {
			if len(caps) == 4 {
				break
			}
			caps = append(caps, p.SAN(c))
		}
		return resolveErrorf(ResolveVariantRule, "captures are compulsory in antichess: play %s", joinOr(caps))
	case Atomic:
		q := p.Make(m)
		switch {
		case q.of(us, King) == 0 && pt == King:
			return resolveErrorf(ResolveVariantRule, "a king cannot capture in atomic: the explosion would destroy it")
		case q.of(us, King) == 0:
			return resolveErrorf(ResolveVariantRule, "the capture on %s would explode the %s king", m.To(), us)
		}
		king := q.of(us, King).first()
		return resolveErrorf(ResolveSelfCheck, "the %s king would be in check from the %s", us,
			describeAll(&q, q.attackersTo(king, q.occupied())&q.colors[us.Other()]))
	}
	return resolveErrorf(ResolveVariantRule, "the move is not legal in %s", p.variant.Name())
}

// promotionError reports a promotion san gets wrong for the pseudo-legal
// move m it otherwise matches, or nil.
func promotionError(san SAN, m Move) *ResolveError {
	switch {
	case m.Promotion() == san.Promotion:
		return nil
	case san.Promotion == NoPieceType:
		return resolveErrorf(ResolveMissingPromotion, "the pawn reaches the last rank on %s and must promote: add =Q, =R, =B or =N", m.To())
	case m.Promotion() == NoPieceType:
		return resolveErrorf(ResolvePromotionRank, "a pawn promotes only on the last rank, not on %s", m.To())
	}
	return resolveErrorf(ResolvePromotionPiece, "a pawn cannot promote to a %s", san.Promotion)
}

// unreachableVariant explains why no piece of p fits san, in a variant
// where the side to move may have no king.
func (p *Position) unreachableVariant(san SAN, pt PieceType) *ResolveError {
	us, them := p.side, p.side.Other()
	to := san.To
	capture := pt == Pawn && pawnCapture(san)
	switch {
	case p.colors[us].Has(to):
		return resolveErrorf(ResolveOccupied, "%s is occupied by a %s", to, describePiece(p, to))
	case pt == Pawn && !capture && p.colors[them].Has(to):
		return resolveErrorf(ResolveOccupied, "%s is occupied by a %s, and pawns capture only diagonally", to, describePiece(p, to))
	case capture && to != p.ep && !p.colors[them].Has(to) && p.origins(us, Pawn, to, true)&originMask(int(san.FromFile), int(san.FromRank)) != 0:
		return resolveErrorf(ResolveNothingToCapture, "there is nothing to capture on %s", to)
	}
	return p.unreachable(pt, san, capture, originMask(int(san.FromFile), int(san.FromRank)))
}

// resolveDrop resolves a crazyhouse drop.
func (p *Position) resolveDrop(san SAN) (Move, *ResolveError) {
	us := p.side
	t, to := san.Piece, san.To
	switch {
	case p.variant != Crazyhouse:
		return NullMove, resolveErrorf(ResolveDrop, "pieces are dropped only in crazyhouse, not in %s", p.variant.Name())
	case t < Pawn || t > Queen || to >= NoSquare:
		return NullMove, resolveErrorf(ResolveMalformed, "malformed move")
	case p.pockets[us][t-1] == 0:
		return NullMove, resolveErrorf(ResolveDrop, "%s has no %s in hand%s", colorName(us), t, p.handText(us))
	case p.occupied().Has(to):
		return NullMove, resolveErrorf(ResolveOccupied, "%s is occupied by a %s", to, describePiece(p, to))
	case t == Pawn && (to.Rank() == 0 || to.Rank() == 7):
		return NullMove, resolveErrorf(ResolveDrop, "a pawn cannot be dropped on the first or last rank")
	case p.checkers.more():
		return NullMove, resolveErrorf(ResolveSelfCheck, "the %s king is in double check from the %s; only a king move can answer it",
			us, describeAll(p, p.checkers))
	case p.checkers != 0 && !betweenBB[p.kingSquare(us)][p.checkers.first()].Has(to):
		return NullMove, resolveErrorf(ResolveSelfCheck, "the %s king is in check from the %s, and a drop on %s does not block it",
			us, describeAll(p, p.checkers), to)
	}
	return newDrop(t, to), nil
}

// handText lists what c holds in hand, for messages: "; it holds a
// knight and 2 pawns", or "; its hand is empty".
func (p *Position) handText(c Color) string {
	var parts []string
	for t := Queen; t >= Pawn; t-- {
		switch n := p.pockets[c][t-1]; {
		case n == 1:
			parts = append(parts, "a "+t.String())
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, plural(t.String())))
		}
	}
	if len(parts) == 0 {
		return "; its hand is empty"
	}
	return "; it holds " + joinAnd(parts)
}

// joinOr joins words as "a", "a or b", "a, b or c".
func joinOr(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// legalOrigins returns the squares of others from which a piece of the
// side to move may legally move to to under p's variant.
func (p *Position) legalOrigins(others Bitboard, to Square) Bitboard {
	var buf [512]Move
	var legal Bitboard
	for _, m := range p.AppendLegalMoves(buf[:0]) {
		if m.To() == to && others.Has(m.From()) && m.kind() != moveCastle && m.kind() != moveDrop {
			legal |= m.From().bb()
		}
	}
	return legal
}
