package chess

// Outcome is how the rules end the game in a position.
type Outcome struct {
	// Result is "1-0", "0-1" or "1/2-1/2", or "" while the game goes on.
	Result string
	// Reason says why in words, such as "White is checkmated" or "the
	// white king reached the hill".
	Reason string
	// NoMaterial marks the draw for want of mating material, which an
	// adjudication or a forfeit may have overridden.
	NoMaterial bool
}

// colorName returns "White" or "Black".
func colorName(c Color) string {
	if c == White {
		return "White"
	}
	return "Black"
}

// win returns the outcome of a game that c wins.
func win(c Color, reason string) Outcome {
	if c == White {
		return Outcome{Result: "1-0", Reason: reason}
	}
	return Outcome{Result: "0-1", Reason: reason}
}

// Outcome returns how the game ends in p under its variant's rules:
// checkmate, stalemate, insufficient material, and the wins and draws
// of the variants (a king on the hill, a third check, an exploded king,
// a side without pieces, a king home in racing kings). Draws a player
// must claim (repetition, fifty moves) are not outcomes.
func (p *Position) Outcome() Outcome {
	if p.variant > Chess960 {
		if o := p.variantOutcome(); o.Result != "" {
			return o
		}
	}
	us := p.side
	switch {
	case p.hasLegalMove():
	case p.variant == Antichess:
		return win(us, colorName(us)+" has no legal move and wins")
	case p.checkers != 0:
		return win(us.Other(), colorName(us)+" is checkmated")
	default:
		return Outcome{Result: "1/2-1/2", Reason: colorName(us) + " is stalemated"}
	}
	if p.noMaterialToWin() {
		return Outcome{Result: "1/2-1/2", Reason: "neither side has mating material", NoMaterial: true}
	}
	return Outcome{}
}

// overWhy reports whether the game has ended by a rule of p's variant,
// and why.
func (p *Position) overWhy() (bool, string) {
	if !p.variantOver() {
		return false, ""
	}
	o := p.variantOutcome()
	return true, o.Reason
}

// variantOutcome returns the outcome of a game ended by a rule of p's
// variant, or the zero Outcome.
func (p *Position) variantOutcome() Outcome {
	if !p.variantOver() {
		return Outcome{}
	}
	switch p.variant {
	case KingOfTheHill:
		c := White
		if p.of(White, King)&centre == 0 {
			c = Black
		}
		return win(c, "the "+c.String()+" king reached the hill on "+(p.of(c, King)&centre).first().String())
	case ThreeCheck:
		switch {
		case p.checks[White] == 0 && p.checks[Black] == 0:
			return Outcome{Result: "1/2-1/2", Reason: "both sides gave three checks"}
		case p.checks[White] == 0:
			return win(White, "White gave the third check")
		}
		return win(Black, "Black gave the third check")
	case Atomic:
		switch {
		case p.of(White, King) == 0 && p.of(Black, King) == 0:
			return Outcome{Result: "1/2-1/2", Reason: "both kings exploded"}
		case p.of(White, King) == 0:
			return win(Black, "the white king exploded")
		}
		return win(White, "the black king exploded")
	case Antichess:
		c := White
		if p.colors[White] != 0 {
			c = Black
		}
		return win(c, colorName(c)+" has lost every piece")
	case Horde:
		switch {
		case p.colors[White] == 0 && p.colors[Black] == 0:
			return Outcome{Result: "1/2-1/2", Reason: "neither side has a piece left"}
		case p.colors[White] == 0:
			return win(Black, "the horde (White) has no piece left")
		}
		return win(White, "Black has no piece left")
	case RacingKings:
		home := rankBB(7)
		switch {
		case p.of(White, King)&home != 0 && p.of(Black, King)&home != 0:
			return Outcome{Result: "1/2-1/2", Reason: "both kings reached the eighth rank"}
		case p.of(White, King)&home != 0:
			return win(White, "the white king reached the eighth rank first")
		}
		return win(Black, "the black king reached the eighth rank first")
	}
	return Outcome{}
}

// noMaterialToWin reports positions where neither side can win any more
// under p's variant (python-chess's insufficient material).
func (p *Position) noMaterialToWin() bool {
	switch p.variant {
	case Standard, Chess960:
		return p.insufficientMaterial()
	case ThreeCheck:
		return p.occupied() == p.byType(King) // any other piece can check
	case Crazyhouse:
		n := p.occupied().Count()
		for c := range p.pockets {
			for t, k := range p.pockets[c] {
				n += int(k)
				if k > 0 && (PieceType(t+1) == Pawn || PieceType(t+1) >= Rook) {
					return false
				}
			}
		}
		return n <= 3 && p.byType(Pawn)|p.byType(Rook)|p.byType(Queen) == 0
	case Atomic:
		return p.atomicNoMaterial(White) && p.atomicNoMaterial(Black)
	case Antichess:
		return p.antichessNoMaterial(White) && p.antichessNoMaterial(Black)
	}
	return false // king of the hill, horde and racing kings can always end
}

const lightSquares Bitboard = 0x55aa55aa55aa55aa

// antichessNoMaterial reports whether c can never lose its pieces: only
// bishops are left, and c's bishops and the opponent's stand on squares
// of different colours, so none can be captured.
func (p *Position) antichessNoMaterial(c Color) bool {
	if p.occupied() != p.byType(Bishop) {
		return false
	}
	ours, theirs := p.colors[c], p.colors[c.Other()]
	return ours&lightSquares != 0 && theirs&lightSquares == 0 || ours&^lightSquares != 0 && theirs&^lightSquares == 0
}

// atomicNoMaterial reports whether c cannot win an atomic game any more.
func (p *Position) atomicNoMaterial(c Color) bool {
	them := c.Other()
	switch {
	case p.of(them, King) == 0:
		return false
	case p.colors[c]&^p.byType(King) == 0:
		return true // a bare king cannot win
	case p.colors[them]&^p.byType(King) != 0:
		// The opponent's pieces can explode next to its king, unless
		// only bishops that can never meet are left.
		if p.occupied() == p.byType(Bishop)|p.byType(King) {
			wb, bb := p.of(White, Bishop), p.of(Black, Bishop)
			if wb&^lightSquares == 0 {
				return bb&lightSquares == 0
			}
			if wb&lightSquares == 0 {
				return bb&^lightSquares == 0
			}
		}
		return false
	case p.byType(Queen)|p.byType(Pawn) != 0:
		return false
	case (p.byType(Knight) | p.byType(Bishop) | p.byType(Rook)).Count() == 1:
		return true
	case p.occupied() == p.byType(Knight)|p.byType(King):
		return p.byType(Knight).Count() <= 2
	}
	return false
}
