package chess

import "fmt"

// ResolveKind classifies why a SAN move does not match a legal move.
type ResolveKind uint8

// The reasons a move fails to resolve.
const (
	ResolveMalformed        ResolveKind = iota // the SAN value is inconsistent (not from ParseSAN)
	ResolveNoPiece                             // no piece of the named kind can reach the destination
	ResolveWrongColor                          // only the opponent could make the move
	ResolveAmbiguous                           // several pieces can make the move
	ResolvePinned                              // the only candidates are pinned
	ResolveSelfCheck                           // the move would leave or put the own king in check
	ResolveCastlingRight                       // the castling right is missing
	ResolveCastlingInCheck                     // castling out of check
	ResolveCastlingBlocked                     // a square between king and rook is occupied
	ResolveCastlingAttacked                    // the king would cross or land on an attacked square
	ResolveMissingPromotion                    // a pawn reaches the last rank without promotion piece
	ResolvePromotionRank                       // a promotion piece on a move that does not reach the last rank
	ResolvePromotionPiece                      // promotion to king or pawn, or by a piece that is not a pawn
	ResolveOccupied                            // the destination holds an own piece, or a pawn moves straight onto a piece
	ResolveNothingToCapture                    // a pawn capture onto an empty square
	ResolveNullInCheck                         // a null move while in check
	ResolveGameOver                            // the game is already over by a rule of the variant
	ResolveVariantRule                         // a rule of the variant forbids the move (a compulsory capture, an explosion, a check in racing kings)
	ResolveDrop                                // a drop that is impossible: not crazyhouse, no such piece in hand, a pawn on the first or last rank
)

// ResolveError explains why a SAN move matches no unique legal move.
type ResolveError struct {
	Kind ResolveKind
	Msg  string // names the relevant pieces and squares of the position
	// Candidates holds, for ResolveAmbiguous, the legal moves that match.
	Candidates []Move
}

// Error returns the message.
func (e *ResolveError) Error() string { return e.Msg }

func resolveErrorf(kind ResolveKind, format string, args ...any) *ResolveError {
	return &ResolveError{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// Resolve returns the unique legal move in p that matches san. It
// examines only the pieces that can reach the destination and does not
// allocate unless it fails.
func (p *Position) Resolve(san SAN) (Move, *ResolveError) {
	switch {
	case san.Null:
		if p.checkers != 0 {
			return NullMove, resolveErrorf(ResolveNullInCheck, "a null move is impossible while the %s king is in check from the %s",
				p.side, describeAll(p, p.checkers))
		}
		return NullMove, nil
	case p.variant > Chess960 || san.Drop:
		return p.resolveVariant(san)
	case san.Castle == CastleShort || san.Castle == CastleLong:
		return p.resolveCastle(san.Castle)
	case san.To >= NoSquare || san.FromFile < -1 || san.FromFile > 7 || san.FromRank < -1 || san.FromRank > 7 ||
		san.Piece > King || san.Promotion > King || san.Castle > CastleLong:
		return NullMove, resolveErrorf(ResolveMalformed, "malformed move")
	}
	pt := san.Piece
	if pt == NoPieceType {
		from := SquareAt(int(san.FromFile), int(san.FromRank))
		if from == NoSquare {
			return NullMove, resolveErrorf(ResolveMalformed, "a move without piece letter must give its origin square")
		}
		switch pc := p.PieceAt(from); {
		case pc == NoPiece:
			return NullMove, resolveErrorf(ResolveNoPiece, "there is no piece on %s", from)
		case pc.Color() != p.side:
			return NullMove, resolveErrorf(ResolveWrongColor, "it is %s's move, but the piece on %s is a %s", p.side, from, pc)
		case pc.Type() == King:
			if side := p.coordinateCastle(from, san.To); side != NoCastle {
				return p.resolveCastle(side)
			}
		}
		pt = p.typeAt(from)
	}
	return p.resolveMove(pt, san)
}

// coordinateCastle returns the castling side if the king move from from
// to to, given in coordinates, denotes castling: the king takes its own
// rook on the back rank, or in standard chess goes from the e-file two
// files sideways (e1g1).
func (p *Position) coordinateCastle(from, to Square) CastleSide {
	if from.Rank() != to.Rank() || from.Rank() != backRank(p.side) {
		return NoCastle
	}
	side := CastleShort
	if to < from {
		side = CastleLong
	}
	switch {
	case p.of(p.side, Rook).Has(to):
		return side
	case !p.chess960 && from.File() == 4 && (to.File() == 6 || to.File() == 2):
		return side
	}
	return NoCastle
}

// resolveCastle returns the castling move to side, if it is legal.
func (p *Position) resolveCastle(side CastleSide) (Move, *ResolveError) {
	us := p.side
	rook := p.castle[us][side-1]
	king := p.kingSquare(us)
	wing := "kingside"
	if side == CastleLong {
		wing = "queenside"
	}
	switch {
	case rook == NoSquare:
		return NullMove, resolveErrorf(ResolveCastlingRight, "%s cannot castle %s: %s", us, wing, p.lostRight(side))
	case p.checkers != 0:
		return NullMove, resolveErrorf(ResolveCastlingInCheck, "%s cannot castle out of check from the %s", us, describeAll(p, p.checkers))
	}
	if sq := p.castleObstacle(rook); sq != NoSquare {
		return NullMove, resolveErrorf(ResolveCastlingBlocked, "%s cannot castle %s: the %s is in the way", us, wing, describe(p, sq))
	}
	if sq := p.castleAttacked(rook); sq != NoSquare {
		verb := "pass through"
		if kingTo, _ := castleTargets(us, king, rook); sq == kingTo {
			verb = "land on"
		}
		occ := p.occupied() &^ (king.bb() | rook.bb())
		return NullMove, resolveErrorf(ResolveCastlingAttacked, "%s cannot castle %s: the king would %s %s, which is attacked by the %s",
			us, wing, verb, sq, describeAll(p, p.attackersTo(sq, occ)&p.colors[us.Other()]))
	}
	return newMove(king, rook, moveCastle), nil
}

// originMask returns the squares allowed as origin by the given file
// and rank (each -1 if absent).
func originMask(file, rank int) Bitboard {
	mask := ^Bitboard(0)
	if file >= 0 {
		mask &= fileBB(file)
	}
	if rank >= 0 {
		mask &= rankBB(rank)
	}
	return mask
}

// pawnCapture reports whether the SAN pawn move captures: it comes from
// another file, or it has a capture mark and does not name its origin
// square. A move that names the square goes where it says whatever its
// mark: "e2xe4" is a push with a false mark, which Lint reports.
func pawnCapture(san SAN) bool {
	if san.FromFile >= 0 && san.FromRank >= 0 {
		return int(san.FromFile) != san.To.File()
	}
	return san.Capture || san.FromFile >= 0 && int(san.FromFile) != san.To.File()
}

// origins returns c's pieces of type t that could move to to, ignoring
// pins, checks and what stands on to. For pawns, capture selects
// captures or pushes.
func (p *Position) origins(c Color, t PieceType, to Square, capture bool) Bitboard {
	own := p.of(c, t)
	if t != Pawn {
		return attacksFrom(t, to, p.occupied()) & own
	}
	if capture {
		return pawnAttacks[c.Other()][to] & own
	}
	dir, doubleRank := -8, 3
	if c == Black {
		dir, doubleRank = 8, 4
	}
	one := Square(int(to) + dir)
	if one >= NoSquare {
		return 0
	}
	if own.Has(one) {
		return one.bb()
	}
	if to.Rank() == doubleRank && !p.occupied().Has(one) {
		return own & Square(int(one)+dir).bb()
	}
	return 0
}

// resolveMove resolves a move of a piece of type pt (not castling).
func (p *Position) resolveMove(pt PieceType, san SAN) (Move, *ResolveError) {
	us, them := p.side, p.side.Other()
	to := san.To
	capture := pt == Pawn && pawnCapture(san)
	switch {
	case p.colors[us].Has(to):
		return NullMove, resolveErrorf(ResolveOccupied, "%s is occupied by a %s", to, describePiece(p, to))
	case pt == Pawn && !capture && p.colors[them].Has(to):
		return NullMove, resolveErrorf(ResolveOccupied, "%s is occupied by a %s, and pawns capture only diagonally", to, describePiece(p, to))
	}
	mask := originMask(int(san.FromFile), int(san.FromRank))
	candidates := p.origins(us, pt, to, capture) & mask
	if candidates == 0 {
		return NullMove, p.unreachable(pt, san, capture, mask)
	}
	enPassant := capture && to == p.ep
	if capture && !enPassant && !p.colors[them].Has(to) {
		return NullMove, resolveErrorf(ResolveNothingToCapture, "there is nothing to capture on %s", to)
	}

	var legal Bitboard
	king := p.kingSquare(us)
	switch {
	case pt == King:
		if p.kingMoveLegal(king, to) {
			legal = candidates
		}
	case enPassant:
		for b := candidates; b != 0; b &= b - 1 {
			if p.enPassantLegal(b.first()) {
				legal |= b.first().bb()
			}
		}
	default:
		for b := candidates; b != 0; b &= b - 1 {
			if p.legalTo(b.first(), to, king) {
				legal |= b.first().bb()
			}
		}
	}
	switch {
	case legal == 0:
		return NullMove, p.illegal(pt, candidates, to)
	case legal.more():
		return NullMove, p.ambiguous(pt, legal, to)
	}
	from := legal.first()

	lastRank := 7
	if us == Black {
		lastRank = 0
	}
	switch {
	case pt == Pawn && to.Rank() == lastRank && san.Promotion == NoPieceType:
		return NullMove, resolveErrorf(ResolveMissingPromotion, "the pawn reaches the last rank on %s and must promote: add =Q, =R, =B or =N", to)
	case pt == Pawn && to.Rank() == lastRank && (san.Promotion == King || san.Promotion == Pawn):
		return NullMove, resolveErrorf(ResolvePromotionPiece, "a pawn cannot promote to a %s", san.Promotion)
	case pt == Pawn && to.Rank() == lastRank:
		return newPromotion(from, to, san.Promotion), nil
	case san.Promotion != NoPieceType && pt != Pawn:
		return NullMove, resolveErrorf(ResolvePromotionPiece, "only pawns promote, but the piece on %s is a %s", from, describePiece(p, from))
	case san.Promotion != NoPieceType:
		return NullMove, resolveErrorf(ResolvePromotionRank, "a pawn promotes only on the last rank, not on %s", to)
	case enPassant:
		return newMove(from, to, moveEnPassant), nil
	}
	return newMove(from, to, moveNormal), nil
}
