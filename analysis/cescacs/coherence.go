package cescacs

// Coherent reads the notation n in p as a minimal reader does (§8.9): it
// checks only the algebraic coherence of n, not the rules of the game,
// and returns the move n writes, which Play performs as written. n is
// coherent when
//
//   - its coordinates are hexes (ParseMove already rejects others);
//   - the origin holds a piece of the side to move of the kind n names
//     (for castling: the king and the rooks on their home hexes);
//   - the destination is empty for a quiet move, and holds the named
//     enemy piece (a pawn when none is named, never a king) for a
//     capture;
//   - for "@" and "@@", written by a pawn, the captured pawn (or the
//     named piece it promoted to) stands where that capture finds it: on
//     the destination for the scornful capture ("@" onto an occupied
//     hex), else one hex ("@") or two hexes ("@@") past the empty
//     destination in the captured side's forward direction (§3.4);
//   - a promotion is written only by a pawn that lands on (or, deferred,
//     stands on) a promotion hex of its side, and names a piece a pawn
//     may become;
//   - castling moves its king and rooks to hexes that are empty.
//
// Whether the piece may move so, the turn order of special captures,
// checks, promotion duties and rights are rules, not coherence: a move
// that breaks them is still coherent. Every move that Resolve accepts
// without error is coherent, and Coherent returns that same move. The
// error, of kind ErrIncoherent, names the position's facts; its offsets
// refer to the text n was parsed from.
func (p *Position) Coherent(n Notation) (Move, *ResolveError) {
	whole := Span{0, n.CheckSpan.Offset}
	switch n.Kind {
	case NotationMove:
		return p.coherentMove(n)
	case NotationDeferred:
		return p.coherentDeferred(n)
	case NotationCastling:
		return p.coherentCastling(n, whole)
	}
	return Move{}, rerr(ErrInvalidNotation, whole, "not a move")
}

// incoherent returns an ErrIncoherent error for the part sp of a move.
func incoherent(sp Span, msg string) *ResolveError { return rerr(ErrIncoherent, sp, msg) }

// coherentOrigin checks that the origin of n holds the named piece of
// the side to move.
func (p *Position) coherentOrigin(n Notation) *ResolveError {
	us := p.turn & 1
	if p.board[n.From] != MakePiece(us, n.Mover) {
		return incoherent(Span{0, n.FromSpan.End}, "no "+us.String()+" "+n.Mover.String()+" on "+n.From.String()+": it holds "+p.describe(n.From))
	}
	return nil
}

// coherentVictim checks that hex h holds the enemy piece a capture of n
// takes: the named piece, or a pawn when none is named.
func (p *Position) coherentVictim(n Notation, h Hex) (Kind, *ResolveError) {
	us := p.turn & 1
	want := n.Victim
	if want == NoKind {
		want = Pawn
	}
	if want == King {
		return NoKind, incoherent(n.VictimSpan, "a king is never captured")
	}
	pc := p.board[h]
	switch {
	case pc == NoPiece:
		return NoKind, incoherent(n.ToSpan, "nothing to capture on "+h.String())
	case pc.Color() == us:
		return NoKind, incoherent(n.ToSpan, h.String()+" holds "+p.describe(h)+", a piece of the side to move")
	case pc.Kind() != want:
		return NoKind, incoherent(Span{n.VictimSpan.Offset, n.ToSpan.End}, h.String()+" holds "+p.describe(h)+", not "+want.article())
	}
	return want, nil
}

func (p *Position) coherentMove(n Notation) (Move, *ResolveError) {
	us := p.turn & 1
	if err := p.coherentOrigin(n); err != nil {
		return Move{}, err
	}
	m := Move{From: n.From, To: n.To, Piece: n.Mover, Promotion: n.Promotion}
	if n.Promotion != NoKind {
		switch {
		case n.Mover != Pawn:
			return Move{}, incoherent(n.PromotionSpan, "only a pawn is promoted")
		case n.Promotion != Pawn && !n.Promotion.Regainable():
			return Move{}, incoherent(n.PromotionSpan, "a pawn cannot promote to "+n.Promotion.article())
		case !n.To.IsPromotion(us):
			return Move{}, incoherent(n.PromotionSpan, n.To.String()+" is not a promotion hex for "+us.String())
		}
	}
	dest := p.board[n.To]
	var err *ResolveError
	switch n.Sep {
	case SepQuiet:
		switch {
		case n.Victim != NoKind:
			err = incoherent(n.VictimSpan, "a quiet move captures nothing")
		case dest != NoPiece:
			err = incoherent(n.ToSpan, n.To.String()+" holds "+p.describe(n.To)+": a quiet move needs it empty")
		}
	case SepCapture:
		m.Captured, err = p.coherentVictim(n, n.To)
	default: // "@" or "@@"
		if n.Mover != Pawn {
			return Move{}, incoherent(n.SepSpan, "only a pawn captures with @ or @@")
		}
		them := forward(us ^ 1)
		switch {
		case n.Sep == SepEnPassant && dest != NoPiece:
			m.Kind = MoveScornful
			m.Captured, err = p.coherentVictim(n, n.To)
		case n.Sep == SepEnPassant:
			m.Kind = MoveEnPassant
			m.Captured, err = p.coherentPassed(n, step[them][n.To])
		case dest != NoPiece:
			err = incoherent(n.ToSpan, n.To.String()+" holds "+p.describe(n.To)+": the long en passant @@ needs it empty")
		default:
			m.Kind = MoveLongEnPassant
			m.Captured, err = p.coherentPassed(n, step[them][step[them][n.To]])
		}
	}
	if err != nil {
		return Move{}, err
	}
	return m, nil
}

// coherentPassed checks that hex h, where an en-passant capture onto the
// destination of n finds the pawn that passed it, holds that pawn (or
// the named piece it promoted to).
func (p *Position) coherentPassed(n Notation, h Hex) (Kind, *ResolveError) {
	if h == NoHex {
		return NoKind, incoherent(n.ToSpan, "no hex lies where a pawn that passed "+n.To.String()+" would stand")
	}
	k, err := p.coherentVictim(n, h)
	if err != nil {
		err.Msg = "en passant on " + n.To.String() + " captures on " + h.String() + ": " + err.Msg
	}
	return k, err
}

func (p *Position) coherentDeferred(n Notation) (Move, *ResolveError) {
	us := p.turn & 1
	if err := p.coherentOrigin(n); err != nil {
		return Move{}, err
	}
	switch {
	case !n.Promotion.Regainable():
		return Move{}, incoherent(n.PromotionSpan, "a deferred promotion names a piece a pawn may become")
	case !n.From.IsPromotion(us):
		return Move{}, incoherent(n.FromSpan, n.From.String()+" is not a promotion hex for "+us.String())
	}
	return Move{From: n.From, To: n.From, Piece: Pawn, Promotion: n.Promotion, Kind: MoveDeferred}, nil
}

func (p *Position) coherentCastling(n Notation, whole Span) (Move, *ResolveError) {
	us := p.turn & 1
	king, rookFrom, rookTo := CastleHexes(n.Castle, us)
	if king == NoHex {
		return Move{}, rerr(ErrInvalidNotation, whole, "not a castling")
	}
	home := kingHome[us]
	if p.board[home] != MakePiece(us, King) {
		return Move{}, incoherent(whole, "no "+us.String()+" king on "+home.String()+": it holds "+p.describe(home))
	}
	for i, from := range rookFrom {
		if from != NoHex && p.board[from] != MakePiece(us, Rook) {
			return Move{}, incoherent(whole, "no "+us.String()+" rook on "+from.String()+": it holds "+p.describe(from))
		}
		if to := rookTo[i]; to != NoHex && p.board[to] != NoPiece {
			return Move{}, incoherent(whole, "the rook's destination "+to.String()+" holds "+p.describe(to))
		}
	}
	if p.board[king] != NoPiece {
		return Move{}, incoherent(whole, "the king's destination "+king.String()+" holds "+p.describe(king))
	}
	return Move{From: home, To: king, Piece: King, Kind: MoveCastling, Castle: n.Castle}, nil
}
