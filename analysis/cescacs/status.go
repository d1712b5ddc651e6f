package cescacs

// DrawReason tells why a game is drawn automatically.
type DrawReason uint8

// Automatic draws (§5.4). Repetitions need the game history: Status
// cannot see them, WithRepetitions adds them.
const (
	NoDraw                   DrawReason = iota
	DrawInsufficientMaterial            // E's automatic rule
	DrawMoveLimit                       // 150 half-moves without capture or pawn move
	DrawRepetition                      // the position occurred for the fifth time
)

// String describes the reason.
func (r DrawReason) String() string {
	switch r {
	case DrawInsufficientMaterial:
		return "insufficient material"
	case DrawMoveLimit:
		return "150 half-moves without capture or pawn move"
	case DrawRepetition:
		return "the position occurred five times"
	}
	return "no draw"
}

// Half-move clock thresholds of §5.4.
const (
	ClaimableClock = 100 // a draw may be claimed ("50-move rule")
	AutomaticClock = 150 // the game is drawn ("75-move rule")
)

// Status summarises the state of the game for the side to move.
type Status struct {
	Check     CheckMark  // NoCheck, CheckDistant, CheckAdjoining or CheckDouble
	Checkmate bool       // in check without a legal move: the other side wins
	Stalemate bool       // not in check without a legal move: the other side wins 2-1
	Draw      DrawReason // the game is drawn automatically
	Claimable bool       // a draw may be claimed (100 half-moves, or a third repetition)
	// Result is "3-0", "0-3", "2-1", "1-2" or "1-1" once the game is over,
	// "" while it goes on.
	Result string
}

// Over reports whether the game has ended.
func (s Status) Over() bool { return s.Result != "" }

// Status computes the check, checkmate, stalemate and draw state of p
// (§5.3, §5.4). Checkmate and stalemate take precedence over the
// automatic draws.
func (p *Position) Status() Status {
	var at [2]Hex
	checkers := p.checkers(&at)
	s := Status{Check: classifyCheck(p.king[p.turn&1], checkers)}
	moves := p.hasLegalMove(checkers)
	switch {
	case !moves && s.Check != NoCheck:
		s.Checkmate = true
		s.Result = [2]string{"0-3", "3-0"}[p.turn&1]
	case !moves:
		s.Stalemate = true
		s.Result = [2]string{"1-2", "2-1"}[p.turn&1]
	default:
		if s.Draw = p.AutomaticDraw(); s.Draw != NoDraw {
			s.Result = "1-1"
		}
	}
	s.Claimable = s.Result == "" && p.clock >= ClaimableClock
	return s
}

// AutomaticDraw returns the automatic draw that the material or the
// halfmove clock of p makes (§5.4), or NoDraw. It is cheaper than
// Status, which gives checkmate and stalemate precedence over it;
// repetitions need the game history (see WithRepetitions).
func (p *Position) AutomaticDraw() DrawReason {
	switch {
	case p.insufficientMaterial():
		return DrawInsufficientMaterial
	case p.clock >= AutomaticClock:
		return DrawMoveLimit
	}
	return NoDraw
}

// insufficientMaterial applies E's automatic rule (§5.4, [E decides]):
// each side has at most 3 pieces (king included), no pawns, no queen,
// wyvern or rook, and neither side has two pegasi or a pegasus with a
// bishop or knight.
func (p *Position) insufficientMaterial() bool {
	for c := range p.count {
		n := &p.count[c]
		if n[Pawn] > 0 || n[Queen]+n[Wyvern]+n[Rook] > 0 {
			return false // most positions, decided without counting
		}
		total := 0
		for _, k := range n {
			total += int(k)
		}
		minors := n[Bishop] + n[Knight]
		if total > 3 || n[Pegasus] >= 2 || n[Pegasus] >= 1 && minors >= 1 {
			return false
		}
	}
	return true
}

// WithRepetitions returns s for a position that has occurred n times in
// the game (n counts this occurrence): the fifth occurrence draws a game
// that is not already over, the third makes a draw claimable. E does not
// implement repetitions; the spec's rule is followed (§10).
func (s Status) WithRepetitions(n int) Status {
	if s.Over() {
		return s
	}
	if n >= AutomaticRepetitions {
		s.Draw, s.Result, s.Claimable = DrawRepetition, "1-1", false
	} else if n >= ClaimableRepetitions {
		s.Claimable = true
	}
	return s
}

// Repetition counts (§5.4): a draw may be claimed when a position occurs
// for the third time and is automatic at the fifth. Detecting them needs
// the game history, which a Position does not keep; callers compare
// RepetitionKeys.
const (
	ClaimableRepetitions = 3
	AutomaticRepetitions = 5
)

// A RepetitionKey identifies a position for the repetition rules: the
// placement, the side to move, the castling and leap rights, and a pending
// special capture only if it can actually be made. Keys are comparable.
type RepetitionKey struct {
	board  [NumHexes]Piece
	turn   Color
	rights [2]uint8
	sp     special
}

// RepetitionKey returns the key of p for repetition counting.
func (p *Position) RepetitionKey() RepetitionKey {
	k := RepetitionKey{turn: p.turn, rights: p.rights, sp: noSpecial}
	copy(k.board[:], p.board[:NumHexes])
	var arr [8]Move
	for _, m := range p.genSpecialCaptures(arr[:0]) {
		if p.legal(m) {
			k.sp = p.sp
			break
		}
	}
	return k
}
