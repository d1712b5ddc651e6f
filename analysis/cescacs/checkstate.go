package cescacs

// checkState records the check on the king of the side to move (§5.1,
// §5.3). Play keeps it up to date from the move alone: after a legal
// move only the piece that moved and the lines it (or an en-passant
// victim) opened can newly attack the opponent's king. ParsePDTL sets it
// by scanning the board, and so does Play when the rest of the board
// may matter (castling, deferred promotion, an illegal start position).
type checkState struct {
	n  uint8 // the pieces attacking the king: 0, 1, or 2 for two or more
	at Hex   // the checker when n == 1, else 0
	// exposed reports that the side not to move is in check, which only
	// an illegal PDTL gives; Play then scans the board after each move.
	exposed bool
}

// derive sets what Play keeps up to date alongside the board, the check
// state and the awaiting pawns, from the board.
func (p *Position) derive() {
	p.chk = p.scanCheck()
	p.awaiting = p.scanAwaiting()
}

// scanAwaiting returns, for each side, whether one of its pawns stands
// on one of its promotion hexes.
func (p *Position) scanAwaiting() (a [2]bool) {
	for c := range a {
		pawn := MakePiece(Color(c), Pawn)
		for _, h := range promotionHexes[c] {
			if p.board[h] == pawn {
				a[c] = true
			}
		}
	}
	return a
}

// scanCheck returns the check state of p by scanning the board.
func (p *Position) scanCheck() checkState {
	us := p.turn & 1
	var at [2]Hex
	s := checkState{n: uint8(p.scanAttacks(p.king[us], us^1, at[:]))}
	if s.n == 1 {
		s.at = at[0]
	}
	if k := p.king[us^1]; k.Valid() {
		s.exposed = p.attacked(k, us)
	}
	return s
}

// checkers returns the hexes of the pieces checking the side to move,
// two at most, in buf.
func (p *Position) checkers(buf *[2]Hex) []Hex {
	switch p.chk.n {
	case 0:
		return buf[:0]
	case 1:
		buf[0] = p.chk.at
		return buf[:1]
	}
	us := p.turn & 1
	return buf[:p.scanAttacks(p.king[us], us^1, buf[:])]
}

// updateCheck sets p.chk after p.play(m); before is the check state of
// the position m was played in and victim the hex of the piece an en
// passant capture removed (NoHex otherwise).
func (p *Position) updateCheck(m Move, before checkState, victim Hex) {
	them := p.turn & 1
	k := p.king[them]
	if before.exposed || m.Kind == MoveCastling || m.Kind == MoveDeferred ||
		!k.Valid() || !p.king[them^1].Valid() || !m.From.Valid() || !m.To.Valid() {
		p.chk = p.scanCheck()
		return
	}
	var found [3]Hex
	n := 0
	add := func(h Hex) {
		for _, f := range found[:n] {
			if f == h {
				return
			}
		}
		found[n] = h
		n++
	}
	if p.attacksHex(m.To, k) {
		add(m.To)
	}
	if h := p.discovered(k, m.From); h != NoHex {
		add(h)
	}
	if victim != NoHex {
		if h := p.discovered(k, victim); h != NoHex {
			add(h)
		}
	}
	p.chk = checkState{n: uint8(min(n, 2))}
	if n == 1 {
		p.chk.at = found[0]
	}
}

// discovered returns the hex of the piece of the side not to move that
// attacks the king on k along the line from k through the empty hex v,
// or NoHex: the first piece on that line, if it attacks k.
func (p *Position) discovered(k, v Hex) Hex {
	d := dirTo[k][v]
	if d == 0 || int(d-1) >= diagHi {
		return NoHex
	}
	for h := step[d-1][k]; h != NoHex; h = step[d-1][h] {
		if pc := p.board[h]; pc != NoPiece {
			if pc.Color() != p.turn&1 && p.attacksHex(h, k) {
				return h
			}
			return NoHex
		}
	}
	return NoHex
}

// attacksHex reports whether the piece on s attacks h (§5.1): it could
// capture an enemy piece standing there, pins aside.
func (p *Position) attacksHex(s, h Hex) bool {
	if !s.Valid() || !h.Valid() || s == h {
		return false
	}
	pc := p.board[s]
	c := pc.Color()
	d := int(dirTo[s][h]) - 1 // -1 when h is on no line or jump from s
	knight := d >= knightLo
	ortho := d >= orthoLo && d < orthoHi
	diag := d >= diagLo && d < diagHi
	switch pc.Kind() {
	case Pawn:
		return step[pawnCaptureDirs[c][0]][s] == h || step[pawnCaptureDirs[c][1]][s] == h
	case Elephant:
		for e := LineUp; e <= LineInvDown; e++ {
			if step[e][s] == h {
				return true
			}
		}
		f := step[forward(c)][s]
		return f == h || f != NoHex && p.board[f] == NoPiece && step[forward(c)][f] == h
	case Knight:
		return knight
	case Bishop:
		return diag && p.clearPath(s, h, d)
	case Pegasus:
		return knight || diag && p.clearPath(s, h, d)
	case Rook:
		return ortho && p.clearPath(s, h, d)
	case Wyvern:
		return knight || ortho && p.clearPath(s, h, d)
	case Queen:
		return (ortho || diag) && p.clearPath(s, h, d)
	case King:
		return (ortho || diag) && step[d][s] == h ||
			knight && p.rights[c]&rightKing != 0 && s == kingHome[c]
	}
	return false
}

// clearPath reports whether the hexes strictly between s and h, which
// lies on the line from s in direction d, are empty.
func (p *Position) clearPath(s, h Hex, d int) bool {
	for t := step[d][s]; t != h; t = step[d][t] {
		if t == NoHex || p.board[t] != NoPiece {
			return false
		}
	}
	return true
}

// pinnedAt reports whether the own piece on h is pinned to the king of
// the side to move, as pinned().contains(h) would.
func (p *Position) pinnedAt(h Hex) bool {
	us := p.turn & 1
	k := p.king[us]
	if !k.Valid() || !h.Valid() {
		return false
	}
	them := Piece(us^1) << 4
	fwd := forward(us)
	if f := step[fwd][k]; f == h && p.board[step[fwd][f]] == them|Piece(Elephant) {
		return true
	}
	d := int(dirTo[k][h]) - 1
	if d < 0 || d >= diagHi || !p.clearPath(k, h, d) {
		return false
	}
	mask := uint16(maskOrthoSliders)
	if d >= diagLo {
		mask = maskDiagSliders
	}
	for t := step[d][h]; t != NoHex; t = step[d][t] {
		if pc := p.board[t]; pc != NoPiece {
			return pc&blackBit == them && mask&(1<<pc.Kind()) != 0
		}
	}
	return false
}

// dirTo[s][h] is 1 + the direction leading from s to h: a line
// direction when h is on that line (at any distance), a knight direction
// when h is one jump away; 0 otherwise.
var dirTo = func() (t [NumHexes][NumHexes]uint8) {
	for s := Hex(0); s < NumHexes; s++ {
		for d := orthoLo; d < diagHi; d++ {
			for h := step[d][s]; h != NoHex; h = step[d][h] {
				t[s][h] = uint8(d + 1)
			}
		}
		for d := knightLo; d < knightHi; d++ {
			if h := step[d][s]; h != NoHex {
				t[s][h] = uint8(d + 1)
			}
		}
	}
	return t
}()
