package cescacs

// MoveKind distinguishes the special moves.
type MoveKind uint8

// Move kinds.
const (
	MoveOrdinary      MoveKind = iota // a step, slide, jump or ride, capturing or not
	MoveEnPassant                     // pawn capture "@" on the nearer crossed hex or after a double step
	MoveLongEnPassant                 // pawn capture "@@" on the first crossed hex of a triple step
	MoveScornful                      // the scorned pawn captures the scornful pawn "@"
	MoveCastling                      // king and rook(s), Castle says which
	MoveDeferred                      // forced promotion of an awaiting pawn, "F28=R"
)

// A Move is a move of a Position, as returned by LegalMoves or Resolve,
// or a move as written, as returned by Coherent. Only such moves may be
// given to Play.
type Move struct {
	From, To Hex  // origin and destination; the king's for castling; the pawn's hex twice for a deferred promotion
	Piece    Kind // the moving piece (King for castling, Pawn for a deferred promotion)
	Captured Kind // the captured piece, NoKind if none
	// Promotion is the kind the pawn becomes, NoKind if it does not
	// promote, or Pawn for a pawn that reaches its promotion hex without an
	// eligible piece and awaits promotion ("=&").
	Promotion Kind
	Kind      MoveKind
	Castle    CastleID // the castling, for Kind == MoveCastling
}

// IsZero reports whether m is the zero Move (no move).
func (m Move) IsZero() bool { return m.Piece == NoKind }

// IsCapture reports whether m captures a piece.
func (m Move) IsCapture() bool { return m.Captured != NoKind }

// Play makes the move m, which must be a legal move of p (from LegalMoves
// or Resolve) or a coherent one (from Coherent, whose pieces it moves as
// written), and updates the turn, clock, move number, castling rights
// and special-capture record (§5.5 step 6). Other values of m leave p in
// an unspecified state but never cause a panic.
func (p *Position) Play(m Move) {
	before, victim := p.chk, NoHex
	if m.Kind == MoveEnPassant || m.Kind == MoveLongEnPassant {
		victim = p.sp.pawn
	}
	p.play(m)
	p.updateCheck(m, before, victim)
	if m.Promotion == Pawn || p.awaiting != [2]bool{} {
		// Only an awaiting move puts a pawn on a promotion hex; while
		// one stands there any move may remove or promote it.
		p.awaiting = p.scanAwaiting()
	}
}

// play is Play without the check state, which it leaves stale: for
// positions that are only asked whether a king is attacked.
func (p *Position) play(m Move) {
	us := p.turn & 1
	them := us ^ 1
	p.sp = noSpecial
	p.clock++
	switch m.Kind {
	case MoveCastling:
		def := castleTable[m.Castle%numCastleIDs][us]
		p.relocate(m.From, m.To)
		for i := range def.rooks {
			if r := &def.rooks[i]; r.to != NoHex {
				p.relocate(r.from, r.to)
			}
		}
		p.rights[us] = 0
	case MoveDeferred:
		p.promote(m.From, us, m.Promotion)
		p.clock = 0
	default:
		// The pawn captured en passant stands one hex ("@") or two
		// ("@@") past the destination, where the pending record has
		// it after a legal double or triple step (§3.4).
		victim := m.To
		switch m.Kind {
		case MoveEnPassant:
			victim = step[forward(them)][m.To]
		case MoveLongEnPassant:
			victim = step[forward(them)][step[forward(them)][m.To]]
		}
		if p.board[victim] != NoPiece {
			p.remove(victim)
			p.loseRookRight(them, victim)
			p.clock = 0
		}
		p.relocate(m.From, m.To)
		switch m.Piece {
		case King:
			p.rights[us] = 0
		case Pawn:
			p.clock = 0
			p.recordPawnMove(us, m)
			p.promote(m.To, us, m.Promotion)
		}
		p.loseRookRight(us, m.From)
	}
	if us == Black && p.moveNo > 0 {
		p.moveNo++
	}
	p.turn = them
}

// promote replaces side c's pawn on h by a piece of kind k (a regainable
// kind; anything else leaves the pawn).
func (p *Position) promote(h Hex, c Color, k Kind) {
	if !k.Regainable() || p.board[h] != MakePiece(c, Pawn) {
		return
	}
	p.remove(h)
	p.put(h, MakePiece(c, k))
}

// loseRookRight clears side c's rook right tied to home hex h, if any.
func (p *Position) loseRookRight(c Color, h Hex) {
	switch h {
	case kingRookHome[c]:
		p.rights[c] &^= rightKingRook
	case queenRookHome[c]:
		p.rights[c] &^= rightQueenRook
	}
}

// recordPawnMove sets the special-capture record after side c's pawn
// move m: en passant after a double or triple step (whether or not an
// enemy pawn can use it, §12.3), a scornful record after an oblique step
// away from a facing enemy pawn (§3.5).
func (p *Position) recordPawnMove(c Color, m Move) {
	if m.Captured != NoKind {
		return
	}
	fwd := forward(c)
	if m.From.Column() == m.To.Column() {
		crossed1 := step[fwd][m.From]
		if crossed1 == m.To {
			return
		}
		p.sp = special{kind: spEnPassant, pawn: m.To, hexes: [2]Hex{crossed1, NoHex}}
		if crossed2 := step[fwd][crossed1]; crossed2 != m.To {
			p.sp.hexes[1] = crossed2
		}
		return
	}
	if front := step[fwd][m.From]; p.board[front] == MakePiece(c.Other(), Pawn) {
		p.sp = special{kind: spScornful, pawn: m.To, hexes: [2]Hex{front, NoHex}}
	}
}
