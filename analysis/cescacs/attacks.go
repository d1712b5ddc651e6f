package cescacs

// Kind masks used by the attack scan.
const (
	maskOrthoSliders = 1<<Rook | 1<<Wyvern | 1<<Queen
	maskDiagSliders  = 1<<Bishop | 1<<Pegasus | 1<<Queen
	maskJumpers      = 1<<Knight | 1<<Pegasus | 1<<Wyvern
)

// forward returns the straight-forward direction of side c.
func forward(c Color) Direction { return ColumnUp + Direction(c&1) }

// pawnCaptureDirs are each side's two capture (forward diagonal) steps;
// pawnSourceDirs lead from an attacked hex back to the pawns attacking it.
var (
	pawnCaptureDirs = [2][2]Direction{{LineUp, LineInvUp}, {LineDown, LineInvDown}}
	pawnSourceDirs  = [2][2]Direction{{LineDown, LineInvDown}, {LineUp, LineInvUp}}
	pawnObliqueDirs = [2][2]Direction{{FileUp, FileInvUp}, {FileDown, FileInvDown}}
)

// attacked reports whether side by attacks hex h (§5.1): some piece of by
// could capture an enemy piece standing on h, ignoring pins.
func (p *Position) attacked(h Hex, by Color) bool {
	return p.scanAttacks(h, by, nil) > 0
}

// scanAttacks counts the pieces of side by attacking h (§5.1). If out is
// nil it stops at the first one; otherwise it stores up to len(out) of
// their hexes and stops when out is full.
func (p *Position) scanAttacks(h Hex, by Color, out []Hex) int {
	if !h.Valid() {
		return 0
	}
	n := 0
	found := func(at Hex) bool {
		if out == nil {
			n = 1
			return true
		}
		out[n] = at
		n++
		return n == len(out)
	}
	b := &p.board
	col := Piece(by&1) << 4
	// Pawns.
	for _, d := range pawnSourceDirs[by&1] {
		if s := step[d][h]; b[s] == col|Piece(Pawn) && found(s) {
			return n
		}
	}
	// Elephants: the four steep diagonal steps, one or two steps forward.
	for d := LineUp; d <= LineInvDown; d++ {
		if s := step[d][h]; b[s] == col|Piece(Elephant) && found(s) {
			return n
		}
	}
	back := forward(by.Other())
	if s := step[back][h]; s != NoHex {
		if b[s] == col|Piece(Elephant) {
			if found(s) {
				return n
			}
		} else if b[s] == NoPiece {
			if s2 := step[back][s]; b[s2] == col|Piece(Elephant) && found(s2) {
				return n
			}
		}
	}
	// Knight jumps.
	for d := knightLo; d < knightHi; d++ {
		s := step[d][h]
		if pc := b[s]; pc != NoPiece && pc&blackBit == col && maskJumpers&(1<<pc.Kind()) != 0 && found(s) {
			return n
		}
	}
	// Sliders and the king's steps.
	for d := orthoLo; d < diagHi; d++ {
		mask := uint16(maskOrthoSliders)
		if d >= diagLo {
			mask = maskDiagSliders
		}
		s := step[d][h]
		if s == NoHex {
			continue
		}
		if pc := b[s]; pc != NoPiece {
			if pc&blackBit == col && (mask|1<<King)&(1<<pc.Kind()) != 0 && found(s) {
				return n
			}
			continue
		}
		for s = step[d][s]; s != NoHex; s = step[d][s] {
			if pc := b[s]; pc != NoPiece {
				if pc&blackBit == col && mask&(1<<pc.Kind()) != 0 && found(s) {
					return n
				}
				break
			}
		}
	}
	// An unmoved king on its home hex attacks its leap hexes.
	if p.rights[by&1]&rightKing != 0 {
		home := kingHome[by&1]
		if b[home] == col|Piece(King) && KnightApart(home, h) && found(home) {
			return n
		}
	}
	return n
}

// CheckMark is a check indicator of CTL-AN (§5.3). The zero value means
// no indicator / no check.
type CheckMark uint8

// Check indicators.
const (
	NoCheck        CheckMark = iota
	CheckPlain               // "+": check, unrefined
	CheckDistant             // "+∞": single check from afar
	CheckAdjoining           // "+^": single adjoining or knight-leap check
	CheckDouble              // "++": double check
	CheckMate                // "#": checkmate
)

var checkMarkText = [...]string{"", "+", "+∞", "+^", "++", "#"}

// String returns the indicator text ("", "+", "+∞", "+^", "++", "#").
func (m CheckMark) String() string {
	if int(m) >= len(checkMarkText) {
		return "?"
	}
	return checkMarkText[m]
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.chk.n > 0 }

// checkMark is Check, with CheckMate when the side to move has no legal
// move: the indicator of the move that led to p.
func (p *Position) checkMark() CheckMark {
	var at [2]Hex
	checkers := p.checkers(&at)
	if len(checkers) > 0 && !p.hasLegalMove(checkers) {
		return CheckMate
	}
	return classifyCheck(p.king[p.turn&1], checkers)
}

// classifyCheck classifies the check on the king on k by the pieces on
// checkers (two of them at most are needed).
func classifyCheck(k Hex, checkers []Hex) CheckMark {
	switch len(checkers) {
	case 0:
		return NoCheck
	case 1:
		if Adjacent(k, checkers[0]) || KnightApart(k, checkers[0]) {
			return CheckAdjoining
		}
		return CheckDistant
	}
	return CheckDouble
}

// Checkers returns the hexes of the pieces giving check to the side to
// move (at most 4 are reported).
func (p *Position) Checkers() []Hex {
	var at [4]Hex
	n := p.scanAttacks(p.king[p.turn], p.turn.Other(), at[:])
	return append([]Hex(nil), at[:n]...)
}

// evasions returns the hexes on which a move of a piece other than the
// king may parry the check of the given pieces (at least one): for each
// checker its own hex and, when it stands on a line from the king, the
// empty hexes between them (a slider's path, the hex an elephant's
// two-step attack crosses), intersected over the checkers. Only the en
// passant captures, which remove a piece they do not land on, escape
// this test.
func (p *Position) evasions(checkers []Hex) hexSet {
	k := p.king[p.turn&1]
	var set hexSet
	for i, c := range checkers {
		var s hexSet
		s.add(c)
	rays:
		for d := orthoLo; d < diagHi; d++ {
			var path hexSet
			for h := step[d][k]; h != NoHex; h = step[d][h] {
				if h == c {
					s.or(&path)
					break rays
				}
				if p.board[h] != NoPiece {
					break
				}
				path.add(h)
			}
		}
		if i == 0 {
			set = s
		} else {
			set.and(&s)
		}
	}
	return set
}
