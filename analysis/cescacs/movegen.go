package cescacs

// maxMovesHint is the initial capacity of per-ply move buffers.
const maxMovesHint = 256

// LegalMoves appends the legal moves of the side to move to buf and
// returns the extended slice (§5.2). When the forced deferred promotion
// applies (§3.7) those promotions are the only moves. It allocates only if
// buf lacks capacity.
func (p *Position) LegalMoves(buf []Move) []Move {
	start := len(buf)
	inCheck := p.chk.n > 0
	buf = p.pseudoMoves(buf, inCheck)
	var pins, evade hexSet
	if inCheck {
		var at [2]Hex
		evade = p.evasions(p.checkers(&at))
	} else {
		pins = p.pinned()
	}
	n := start
	for _, m := range buf[start:] {
		if inCheck && !mayEvade(m, &evade) {
			continue
		}
		if safe(m, inCheck, &pins) || p.legal(m) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// mayEvade reports whether the pseudo-legal move m, played in check, may
// parry it: a king move, an en-passant capture, or a move landing on
// one of the evasions hexes.
func mayEvade(m Move, evade *hexSet) bool {
	return m.Piece == King || m.Kind == MoveEnPassant || m.Kind == MoveLongEnPassant || evade.contains(m.To)
}

// hasLegalMove reports whether the side to move has a legal move, given
// the hexes of (up to two of) the pieces checking its king. It stops at
// the first legal move: the king's moves are tried first and, in check,
// only the moves that may parry it (see evasions) are played.
func (p *Position) hasLegalMove(checkers []Hex) bool {
	var arr [maxMovesHint]Move
	inCheck := len(checkers) > 0
	if !inCheck && len(p.genDeferred(arr[:0])) > 0 {
		// A deferred promotion moves nothing: it never exposes the king.
		return true
	}
	us := p.turn & 1
	k := p.king[us]
	if k != NoHex {
		for _, m := range p.genFrom(arr[:0], k, inCheck) {
			if p.legal(m) {
				return true
			}
		}
	}
	var evade hexSet
	var pins hexSet
	if inCheck {
		evade = p.evasions(checkers)
	} else {
		pins = p.pinned()
	}
	own := Piece(us) << 4
	for h := Hex(0); h < NumHexes; h++ {
		if pc := p.board[h]; pc == NoPiece || pc&blackBit != own || h == k {
			continue
		}
		for _, m := range p.genFrom(arr[:0], h, inCheck) {
			if inCheck && !mayEvade(m, &evade) {
				continue
			}
			if safe(m, inCheck, &pins) || p.legal(m) {
				return true
			}
		}
	}
	for _, m := range p.genSpecialCaptures(arr[:0]) {
		if p.legal(m) {
			return true
		}
	}
	return false
}

// hexSet is a set of hexes; it has room for any Hex value, NoHex
// included, as a position played with garbage moves may hold pieces
// there.
type hexSet [4]uint64

func (s *hexSet) add(h Hex)           { s[h>>6&3] |= 1 << (h & 63) }
func (s *hexSet) contains(h Hex) bool { return s[h>>6&3]&(1<<(h&63)) != 0 }
func (s *hexSet) or(t *hexSet) {
	for i := range s {
		s[i] |= t[i]
	}
}
func (s *hexSet) and(t *hexSet) {
	for i := range s {
		s[i] &= t[i]
	}
}

// pinned returns the pieces of the side to move whose leaving their hex
// could expose their king: the first own piece on a line from the king
// when an enemy slider moving along that line stands behind it, and the
// own piece right in front of the king when an enemy elephant stands two
// steps ahead (its two-step attack needs the hex between empty).
func (p *Position) pinned() hexSet {
	var set hexSet
	us := p.turn & 1
	k := p.king[us]
	if k == NoHex {
		return set
	}
	them := Piece(us^1) << 4
	for d := orthoLo; d < diagHi; d++ {
		mask := uint16(maskOrthoSliders)
		if d >= diagLo {
			mask = maskDiagSliders
		}
		own := NoHex
		for h := step[d][k]; h != NoHex; h = step[d][h] {
			pc := p.board[h]
			if pc == NoPiece {
				continue
			}
			if pc&blackBit != them {
				if own != NoHex {
					break
				}
				own = h
				continue
			}
			if own != NoHex && mask&(1<<pc.Kind()) != 0 {
				set.add(own)
			}
			break
		}
	}
	fwd := forward(us)
	if f := step[fwd][k]; p.board[f] != NoPiece && p.board[step[fwd][f]] == them|Piece(Elephant) {
		set.add(f)
	}
	return set
}

// safe reports whether the pseudo-legal move m is legal without playing
// it: the mover is not in check and m is an ordinary move or promotion of
// an unpinned piece other than the king.
func safe(m Move, inCheck bool, pins *hexSet) bool {
	return !inCheck && m.Piece != King && (m.Kind == MoveOrdinary || m.Kind == MoveDeferred) && !pins.contains(m.From)
}

// legal reports whether the pseudo-legal move m leaves the mover's king
// unattacked.
func (p *Position) legal(m Move) bool {
	q := *p
	q.play(m)
	return !q.attacked(q.king[p.turn], q.turn)
}

// pseudoMoves appends the pseudo-legal moves of the side to move: moves
// that obey §§2–4 except that they may leave the own king attacked.
func (p *Position) pseudoMoves(buf []Move, inCheck bool) []Move {
	us := p.turn & 1
	if !inCheck {
		n := len(buf)
		if buf = p.genDeferred(buf); len(buf) > n {
			return buf
		}
	}
	own := Piece(us) << 4
	for h := Hex(0); h < NumHexes; h++ {
		if pc := p.board[h]; pc != NoPiece && pc&blackBit == own {
			buf = p.genFrom(buf, h, inCheck)
		}
	}
	return p.genSpecialCaptures(buf)
}

// genFrom appends the pseudo-legal moves of the own piece on h, but not
// its special captures (en passant, scornful captures).
func (p *Position) genFrom(buf []Move, h Hex, inCheck bool) []Move {
	switch p.board[h].Kind() {
	case Pawn:
		buf = p.genPawn(buf, h)
	case Elephant:
		buf = p.genElephant(buf, h)
	case Bishop:
		buf = p.genSlides(buf, h, Bishop, diagLo, diagHi)
	case Knight:
		buf = p.genJumps(buf, h, Knight)
		buf = p.genRides(buf, h)
	case Pegasus:
		buf = p.genSlides(buf, h, Pegasus, diagLo, diagHi)
		buf = p.genJumps(buf, h, Pegasus)
	case Rook:
		buf = p.genSlides(buf, h, Rook, orthoLo, orthoHi)
	case Wyvern:
		buf = p.genSlides(buf, h, Wyvern, orthoLo, orthoHi)
		buf = p.genJumps(buf, h, Wyvern)
	case Queen:
		buf = p.genSlides(buf, h, Queen, orthoLo, diagHi)
	case King:
		for d := orthoLo; d < diagHi; d++ {
			buf = p.addTarget(buf, h, step[d][h], King)
		}
		if !inCheck && p.canLeap(h) {
			buf = p.genJumps(buf, h, King)
			buf = p.genCastlings(buf)
		}
	}
	return buf
}

// legalMovesTo appends to buf the legal moves of the own piece on from
// that land on to, castlings aside, in the order LegalMoves gives them;
// it reports false when the forced deferred promotion applies (§3.7; then
// only those promotions are legal, see LegalMoves). Only these moves are
// tested, and only the king's, those made in check and those of a pinned
// piece are played to test them.
func (p *Position) legalMovesTo(buf []Move, from, to Hex) ([]Move, bool) {
	start := len(buf)
	inCheck := p.chk.n > 0
	if !inCheck && len(p.genDeferred(buf)) > start {
		return buf[:start], false
	}
	buf = p.genTo(buf, from, to, inCheck)
	buf = p.genSpecialCaptures(buf)
	n := start
	pinned := -1 // unknown
	for _, m := range buf[start:] {
		if m.From != from || m.To != to || m.Kind == MoveCastling {
			continue
		}
		ok := false
		if !inCheck && m.Piece != King && m.Kind == MoveOrdinary {
			if pinned < 0 {
				pinned = 0
				if p.pinnedAt(from) {
					pinned = 1
				}
			}
			ok = pinned == 0
		}
		if ok || p.legal(m) {
			buf[n] = m
			n++
		}
	}
	return buf[:n], true
}

// genTo appends the pseudo-legal moves of the own piece on from that
// land on to, castlings and special captures aside, in the order genFrom
// gives them: the one line, jump or step from the origin is followed
// instead of every move of the piece (several moves only for the
// promotion choices).
func (p *Position) genTo(buf []Move, from, to Hex, inCheck bool) []Move {
	if !from.Valid() || !to.Valid() {
		return buf
	}
	k := p.board[from].Kind()
	d := int(dirTo[from][to]) - 1 // -1: no line or jump leads there
	jump := d >= knightLo
	slide := func(lo, hi int) []Move {
		if d >= lo && d < hi && p.clearPath(from, to, d) {
			return p.addTarget(buf, from, to, k)
		}
		return buf
	}
	switch k {
	case Pawn:
		return p.genPawnTo(buf, from, to, d)
	case Elephant:
		fwd := forward(p.turn)
		f := step[fwd][from]
		if f == to || d >= int(LineUp) && d <= int(LineInvDown) && step[d][from] == to ||
			f != NoHex && p.board[f] == NoPiece && step[fwd][f] == to {
			return p.addTarget(buf, from, to, Elephant)
		}
	case Bishop:
		return slide(diagLo, diagHi)
	case Rook:
		return slide(orthoLo, orthoHi)
	case Queen:
		return slide(orthoLo, diagHi)
	case Pegasus:
		if jump {
			return p.addTarget(buf, from, to, k)
		}
		return slide(diagLo, diagHi)
	case Wyvern:
		if jump {
			return p.addTarget(buf, from, to, k)
		}
		return slide(orthoLo, orthoHi)
	case Knight:
		if jump {
			return p.addTarget(buf, from, to, k)
		}
		for e := knightLo; e < knightHi; e++ {
			if mid := step[e][from]; mid != NoHex && step[e][mid] == to {
				if p.board[mid] == NoPiece && p.board[to] == NoPiece {
					buf = append(buf, Move{From: from, To: to, Piece: Knight})
				}
				break
			}
		}
	case King:
		if d >= orthoLo && d < diagHi && step[d][from] == to || jump && !inCheck && p.canLeap(from) {
			return p.addTarget(buf, from, to, k)
		}
	}
	return buf
}

// genPawnTo is genPawn for the moves that land on to, which lies in
// direction d from the pawn on from (d as in genTo).
func (p *Position) genPawnTo(buf []Move, from, to Hex, d int) []Move {
	us := p.turn & 1
	fwd := forward(us)
	m := Move{From: from, To: to, Piece: Pawn}
	switch {
	case d == int(fwd):
		t := from
		for i := range 3 {
			if t = step[fwd][t]; t == NoHex || p.board[t] != NoPiece || i == 2 && !from.IsTripleStep(us) {
				return buf
			}
			if t == to {
				return p.addPawn(buf, m)
			}
		}
	case d < 0 || d >= diagHi || step[d][from] != to: // not one step away
	case d == int(pawnObliqueDirs[us][0]) || d == int(pawnObliqueDirs[us][1]):
		if p.board[to] == NoPiece {
			return p.addPawn(buf, m)
		}
	case d == int(pawnCaptureDirs[us][0]) || d == int(pawnCaptureDirs[us][1]):
		if pc := p.board[to]; pc != NoPiece && pc.Color() != us && pc.Kind() != King {
			m.Captured = pc.Kind()
			return p.addPawn(buf, m)
		}
	}
	return buf
}

// canLeap reports whether the side to move's king on h is unmoved on its
// home hex (§4.2).
func (p *Position) canLeap(h Hex) bool {
	us := p.turn & 1
	return p.rights[us]&rightKing != 0 && h == kingHome[us]
}

// addTarget appends the move of piece k from h to t if t is empty or
// holds an enemy piece other than the king.
func (p *Position) addTarget(buf []Move, h, t Hex, k Kind) []Move {
	if t == NoHex {
		return buf
	}
	pc := p.board[t]
	if pc == NoPiece {
		return append(buf, Move{From: h, To: t, Piece: k})
	}
	if pc.Color() != p.turn && pc.Kind() != King {
		return append(buf, Move{From: h, To: t, Piece: k, Captured: pc.Kind()})
	}
	return buf
}

func (p *Position) genSlides(buf []Move, h Hex, k Kind, lo, hi int) []Move {
	for d := lo; d < hi; d++ {
		for t := step[d][h]; t != NoHex; t = step[d][t] {
			if p.board[t] != NoPiece {
				buf = p.addTarget(buf, h, t, k)
				break
			}
			buf = append(buf, Move{From: h, To: t, Piece: k})
		}
	}
	return buf
}

func (p *Position) genJumps(buf []Move, h Hex, k Kind) []Move {
	for d := knightLo; d < knightHi; d++ {
		buf = p.addTarget(buf, h, step[d][h], k)
	}
	return buf
}

// genRides appends the knight's non-capturing rides: the same jump twice
// over an empty intermediate landing hex (§2.3).
func (p *Position) genRides(buf []Move, h Hex) []Move {
	for d := knightLo; d < knightHi; d++ {
		mid := step[d][h]
		if mid == NoHex || p.board[mid] != NoPiece {
			continue
		}
		if t := step[d][mid]; t != NoHex && p.board[t] == NoPiece {
			buf = append(buf, Move{From: h, To: t, Piece: Knight})
		}
	}
	return buf
}

// genElephant appends the elephant's moves: one or two steps straight
// forward (the second over an empty hex) and the four steep diagonal
// steps, all of them moving or capturing (§2.3).
func (p *Position) genElephant(buf []Move, h Hex) []Move {
	fwd := forward(p.turn)
	if t := step[fwd][h]; t != NoHex {
		buf = p.addTarget(buf, h, t, Elephant)
		if p.board[t] == NoPiece {
			buf = p.addTarget(buf, h, step[fwd][t], Elephant)
		}
	}
	for d := LineUp; d <= LineInvDown; d++ {
		buf = p.addTarget(buf, h, step[d][h], Elephant)
	}
	return buf
}

// genPawn appends the pawn's ordinary moves (§3.1–§3.3), expanded into
// promotions where it lands on a promotion hex.
func (p *Position) genPawn(buf []Move, h Hex) []Move {
	us := p.turn & 1
	fwd := forward(us)
	if t1 := step[fwd][h]; t1 != NoHex && p.board[t1] == NoPiece {
		buf = p.addPawn(buf, Move{From: h, To: t1, Piece: Pawn})
		if t2 := step[fwd][t1]; t2 != NoHex && p.board[t2] == NoPiece {
			buf = p.addPawn(buf, Move{From: h, To: t2, Piece: Pawn})
			if t3 := step[fwd][t2]; t3 != NoHex && p.board[t3] == NoPiece && h.IsTripleStep(us) {
				buf = p.addPawn(buf, Move{From: h, To: t3, Piece: Pawn})
			}
		}
	}
	for _, d := range pawnObliqueDirs[us] {
		if t := step[d][h]; t != NoHex && p.board[t] == NoPiece {
			buf = p.addPawn(buf, Move{From: h, To: t, Piece: Pawn})
		}
	}
	for _, d := range pawnCaptureDirs[us] {
		t := step[d][h]
		if pc := p.board[t]; pc != NoPiece && pc.Color() != us && pc.Kind() != King {
			buf = p.addPawn(buf, Move{From: h, To: t, Piece: Pawn, Captured: pc.Kind()})
		}
	}
	return buf
}

// addPawn appends the pawn move m, expanded into one move per eligible
// promotion, or an awaiting move, when it lands on a promotion hex.
func (p *Position) addPawn(buf []Move, m Move) []Move {
	us := p.turn & 1
	if !m.To.IsPromotion(us) {
		return append(buf, m)
	}
	n := len(buf)
	for _, k := range promotionKinds {
		if p.eligible(us, k, m.To) {
			m.Promotion = k
			buf = append(buf, m)
		}
	}
	if len(buf) == n {
		m.Promotion = Pawn
		buf = append(buf, m)
	}
	return buf
}

// genSpecialCaptures appends the pending en-passant or scornful captures
// (§3.4, §3.5).
func (p *Position) genSpecialCaptures(buf []Move) []Move {
	sp := &p.sp
	if sp.kind == spNone {
		return buf
	}
	us := p.turn & 1
	victim := p.board[sp.pawn]
	if victim == NoPiece || victim.Color() == us || victim.Kind() == King {
		return buf
	}
	pawn := MakePiece(us, Pawn)
	for _, t := range sp.hexes {
		if t == NoHex {
			continue
		}
		switch sp.kind {
		case spEnPassant:
			if p.board[t] != NoPiece {
				continue
			}
			kind := MoveEnPassant
			if l := t.Line() - sp.pawn.Line(); l == 4 || l == -4 {
				kind = MoveLongEnPassant
			}
			for _, d := range pawnSourceDirs[us] {
				if s := step[d][t]; p.board[s] == pawn {
					buf = p.addPawn(buf, Move{From: s, To: t, Piece: Pawn, Captured: victim.Kind(), Kind: kind})
				}
			}
		case spScornful:
			if p.board[t] != pawn {
				continue
			}
			for _, d := range pawnObliqueDirs[us] {
				if step[d][t] == sp.pawn {
					buf = p.addPawn(buf, Move{From: t, To: sp.pawn, Piece: Pawn, Captured: victim.Kind(), Kind: MoveScornful})
				}
			}
		}
	}
	return buf
}

// genDeferred appends the forced deferred promotions (§3.7) of the side to
// move, which is not in check: one move per awaiting pawn and eligible
// kind. It appends nothing when the forced promotion does not apply.
func (p *Position) genDeferred(buf []Move) []Move {
	us := p.turn & 1
	if !p.awaiting[us] {
		return buf
	}
	pawn := MakePiece(us, Pawn)
	for _, h := range promotionHexes[us] {
		if p.board[h] != pawn {
			continue
		}
		for _, k := range promotionKinds {
			if p.eligible(us, k, h) {
				buf = append(buf, Move{From: h, To: h, Piece: Pawn, Promotion: k, Kind: MoveDeferred})
			}
		}
	}
	return buf
}
