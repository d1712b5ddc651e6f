package cescacs

// A CastleID names one of the 24 castlings of §4.3 (1..24); 0 means none.
type CastleID uint8

const numCastleIDs = 25

// castleSpec is one row of the castling table of §4.3, for White.
type castleSpec struct {
	side byte   // 'K' king's rook, 'D' queen's rook, 'R' both rooks
	name string // target identifier, e.g. "HIO"
	king string // the king's landing hex
	// Rook slides: direction and number of steps from the home hex, for
	// the king's rook (kn == 0: unused) and the queen's rook (qn == 0).
	kd Direction
	kn int
	qd Direction
	qn int
}

var castleSpecs = [numCastleIDs]castleSpec{
	1:  {side: 'K', name: "II", king: "I5", kd: ColumnUp, kn: 2},
	2:  {side: 'K', name: "IK", king: "I5", kd: FileUp, kn: 1},
	3:  {side: 'K', name: "IH", king: "I5", kd: FileInvUp, kn: 1},
	4:  {side: 'K', name: "HIO", king: "H6", kd: ColumnUp, kn: 1},
	5:  {side: 'K', name: "HIOO", king: "H6", kd: ColumnUp, kn: 2},
	6:  {side: 'K', name: "HH", king: "H6", kd: FileInvUp, kn: 1},
	7:  {side: 'K', name: "HG", king: "H6", kd: FileInvUp, kn: 2},
	8:  {side: 'K', name: "FG", king: "F6", kd: FileInvUp, kn: 2},
	9:  {side: 'K', name: "FE", king: "F6", kd: FileInvUp, kn: 4},
	10: {side: 'K', name: "EF", king: "E5", kd: FileInvUp, kn: 3},
	11: {side: 'K', name: "EE", king: "E5", kd: FileInvUp, kn: 4},
	12: {side: 'D', name: "DD", king: "D2", qd: FileUp, qn: 1},
	13: {side: 'D', name: "DE", king: "D2", qd: FileDown, qn: 2},
	14: {side: 'D', name: "HH", king: "H6", qd: FileUp, qn: 5},
	15: {side: 'D', name: "HG", king: "H6", qd: FileUp, qn: 4},
	16: {side: 'D', name: "FG", king: "F6", qd: FileUp, qn: 4},
	17: {side: 'D', name: "FE", king: "F6", qd: FileUp, qn: 2},
	18: {side: 'D', name: "EF", king: "E5", qd: FileUp, qn: 3},
	19: {side: 'D', name: "ED", king: "E5", qd: FileUp, qn: 1},
	20: {side: 'R', name: "HIH", king: "H6", kd: ColumnUp, kn: 2, qd: FileUp, qn: 5},
	21: {side: 'R', name: "HGG", king: "H6", kd: FileInvUp, kn: 2, qd: FileUp, qn: 4},
	22: {side: 'R', name: "FGG", king: "F6", kd: FileInvUp, kn: 2, qd: FileUp, qn: 4},
	23: {side: 'R', name: "FEE", king: "F6", kd: FileInvUp, kn: 4, qd: FileUp, qn: 2},
	24: {side: 'R', name: "EEF", king: "E5", kd: FileInvUp, kn: 4, qd: FileUp, qn: 3},
}

// rookSlide is one rook's part of a castling: home hex, the hexes it
// crosses and its destination (to == NoHex: this rook does not move).
type rookSlide struct {
	from, to Hex
	right    uint8 // the right it needs
	path     [5]Hex
	n        int // len of path, to included
}

// castleDef is a castling resolved to hexes for one side.
type castleDef struct {
	king  Hex
	rooks [2]rookSlide // king's rook, queen's rook
}

// castleTable[id][colour] gives the hexes of each castling.
var castleTable = func() (t [numCastleIDs][2]castleDef) {
	for id := CastleID(1); id < numCastleIDs; id++ {
		s := &castleSpecs[id]
		for c := White; c <= Black; c++ {
			d := &t[id][c]
			d.king = hexOf(s.king)
			if c == Black {
				d.king = d.king.mirror()
			}
			d.rooks[0] = buildSlide(kingRookHome[c], mirrorDir(s.kd, c), s.kn, rightKingRook)
			d.rooks[1] = buildSlide(queenRookHome[c], mirrorDir(s.qd, c), s.qn, rightQueenRook)
		}
	}
	return t
}()

func buildSlide(from Hex, d Direction, n int, right uint8) rookSlide {
	r := rookSlide{from: from, to: NoHex, right: right}
	if n == 0 {
		return r
	}
	h := from
	for i := range n {
		h = step[d][h]
		r.path[i] = h
	}
	r.to, r.n = h, n
	return r
}

// mirrorDir turns a White orthogonal direction into the direction of side
// c (Black mirrors up and down).
func mirrorDir(d Direction, c Color) Direction {
	if c == Black && d.Orthogonal() {
		return d ^ 1
	}
	return d
}

// Side returns the castling side letter: 'K' (king's rook), 'D' (queen's
// rook) or 'R' (both rooks), or 0 for an invalid id.
func (id CastleID) Side() byte {
	if id == 0 || id >= numCastleIDs {
		return 0
	}
	return castleSpecs[id].side
}

// Name returns the target identifier such as "HIO", or "" for an invalid id.
func (id CastleID) Name() string {
	if id >= numCastleIDs {
		return ""
	}
	return castleSpecs[id].name
}

// String returns the standard notation of the castling, such as
// "KRK-HIO" or "KRR-FEE".
func (id CastleID) String() string {
	return string(appendCastle(nil, id, nil, '-'))
}

// appendCastle appends the notation of castling id with the rook letter of
// a (T under Redefine T@R; letters are kept under FAN, §12.4) and the
// given hyphen.
func appendCastle(b []byte, id CastleID, a *Alphabet, hyphen rune) []byte {
	if id == 0 || id >= numCastleIDs {
		return b
	}
	rook := a.orStandard().letter[Rook]
	side := castleSpecs[id].side
	if side == 'R' {
		side = rook
	}
	b = append(b, 'K', rook, side)
	b = append(b, string(hyphen)...)
	return append(b, castleSpecs[id].name...)
}

// lookupCastle returns the castling with the side letter ('K', 'D' or 'R')
// and identifier name, or 0.
func lookupCastle(side byte, name string) CastleID {
	for id := CastleID(1); id < numCastleIDs; id++ {
		if castleSpecs[id].side == side && castleSpecs[id].name == name {
			return id
		}
	}
	return 0
}

// CastleHexes returns, for side c, the king's landing hex and the origin
// and destination of the rooks moved by castling id (to == NoHex for an
// unused rook; index 0 is the king's rook, 1 the queen's rook).
func CastleHexes(id CastleID, c Color) (king Hex, rookFrom, rookTo [2]Hex) {
	if id == 0 || id >= numCastleIDs {
		return NoHex, [2]Hex{NoHex, NoHex}, [2]Hex{NoHex, NoHex}
	}
	d := &castleTable[id][c&1]
	for i, r := range d.rooks {
		rookFrom[i], rookTo[i] = r.from, r.to
		if r.to == NoHex {
			rookFrom[i] = NoHex
		}
	}
	return d.king, rookFrom, rookTo
}

// castleBlock explains why castling id is not pseudo-legal for the side to
// move, or returns "" if it is (conditions 1–5 of §4.3; condition 6 is the
// general legality test).
func (p *Position) castleBlock(id CastleID, inCheck bool) string {
	us := p.turn & 1
	d := &castleTable[id][us]
	switch {
	case p.rights[us]&rightKing == 0:
		return "the king has moved"
	case inCheck:
		return "the king is in check"
	}
	for _, r := range d.rooks {
		if r.to == NoHex {
			continue
		}
		which := "king's"
		if r.right == rightQueenRook {
			which = "queen's"
		}
		if p.rights[us]&r.right == 0 || p.board[r.from] != MakePiece(us, Rook) {
			return "the " + which + " rook has moved"
		}
		for _, h := range r.path[:r.n] {
			if p.board[h] != NoPiece {
				return "the " + which + " rook's path is blocked on " + h.String()
			}
		}
	}
	switch {
	case p.board[d.king] != NoPiece:
		return "the king's landing hex " + d.king.String() + " is occupied"
	case p.attacked(d.king, us^1):
		return "the king's landing hex " + d.king.String() + " is attacked"
	}
	return ""
}

// genCastlings appends the pseudo-legal castlings of the side to move;
// the caller has checked that the king is unmoved and not in check.
func (p *Position) genCastlings(buf []Move) []Move {
	us := p.turn & 1
	var attackedDone, attackedLeap [5]bool
next:
	for id := CastleID(1); id < numCastleIDs; id++ {
		d := &castleTable[id][us]
		if p.board[d.king] != NoPiece {
			continue
		}
		for _, r := range d.rooks {
			if r.to == NoHex {
				continue
			}
			if p.rights[us]&r.right == 0 || p.board[r.from] != MakePiece(us, Rook) {
				continue next
			}
			for _, h := range r.path[:r.n] {
				if p.board[h] != NoPiece {
					continue next
				}
			}
		}
		li := leapIndex(d.king, us)
		if !attackedDone[li] {
			attackedDone[li] = true
			attackedLeap[li] = p.attacked(d.king, us^1)
		}
		if attackedLeap[li] {
			continue
		}
		buf = append(buf, Move{From: kingHome[us], To: d.king, Piece: King, Kind: MoveCastling, Castle: id})
	}
	return buf
}

// leapIndex returns the index of h among side c's leap hexes.
func leapIndex(h Hex, c Color) int {
	for i, l := range leapHexes[c] {
		if l == h {
			return i
		}
	}
	return 0
}
