package cescacs

// A Position is a complete game situation: what a PDTL string describes
// (§6). The zero Position holds no pieces; use InitialPosition or
// ParsePDTL to obtain a playable one. Positions are comparable values:
// copy one to keep it before calling Play.
type Position struct {
	board  [256]Piece // indexed by Hex; entries 169..255 stay NoPiece
	turn   Color
	king   [2]Hex   // each side's king, NoHex if it has none
	rights [2]uint8 // castling/leap rights, see rightKing etc.
	sp     special  // pending en-passant or scornful capture
	clock  int      // halfmove clock
	moveNo int      // full-move number, 0 when unknown

	count   [2][numKinds]int8 // pieces on the board per side and kind
	bishops [2][3]int8        // bishops on the board per side and hex colour
	chk     checkState        // the check on the side to move
	// awaiting[c] reports that a pawn of side c stands on one of its
	// promotion hexes (§3.7); only then may a deferred promotion apply.
	awaiting [2]bool
}

// Castling and leap rights of one side. A right is only set while the
// piece it concerns stands unmoved on its home hex (an invariant kept by
// ParsePDTL and Play).
const (
	rightKing      = 1 << iota // king unmoved on its home hex: leap, castling
	rightKingRook              // king's rook unmoved on I3 / I25
	rightQueenRook             // queen's rook unmoved on C3 / C25
)

// specialKind tells which special capture is pending.
type specialKind uint8

const (
	spNone specialKind = iota
	spEnPassant
	spScornful
)

// special records the special capture available on the next move (§3.4,
// §3.5, §6.5).
type special struct {
	kind specialKind
	// pawn is the double/triple-stepped pawn or the scornful pawn (or the
	// piece it promoted to).
	pawn Hex
	// hexes are, for en passant, the crossed target hexes (hexes[1] is
	// NoHex after a double step; after a triple step hexes[0] is the one
	// nearer the origin); for a scornful sidestep, the scorned pawns, the
	// only ones allowed to capture: hexes[0], and hexes[1] when a PDTL
	// record fits two (§6.5, §12.1), else NoHex.
	hexes [2]Hex
}

var noSpecial = special{pawn: NoHex, hexes: [2]Hex{NoHex, NoHex}}

// initialPDTL is the PDTL of the initial position (§2.4).
const initialPDTL = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1"

var initialPosition = func() Position {
	p, probs := ParsePDTL(initialPDTL, nil)
	if len(probs) > 0 {
		panic("cescacs: bad initial PDTL: " + probs[0].Msg)
	}
	return p
}()

// InitialPosition returns the position at the start of a game.
func InitialPosition() Position { return initialPosition }

// emptyPosition returns a position without pieces, rights or records.
func emptyPosition() Position {
	return Position{king: [2]Hex{NoHex, NoHex}, sp: noSpecial}
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// At returns the piece on h (NoPiece if h is empty or not a hex).
func (p *Position) At(h Hex) Piece { return p.board[h] }

// KingHex returns the hex of side c's king, or NoHex if it has none.
func (p *Position) KingHex(c Color) Hex { return p.king[c&1] }

// HalfmoveClock returns the number of half-moves since the last capture
// or pawn move (§6.6).
func (p *Position) HalfmoveClock() int { return p.clock }

// MoveNumber returns the current full-move number, or 0 if unknown.
func (p *Position) MoveNumber() int { return p.moveNo }

// CastlingRights describes what a side may still do with its king and
// rooks (§4.4, §6.4).
type CastlingRights struct {
	King      bool // king unmoved on its home hex (leap, castling)
	KingRook  bool // king's rook unmoved on its home hex
	QueenRook bool // queen's rook unmoved on its home hex
}

// Castling returns the castling and leap rights of side c.
func (p *Position) Castling(c Color) CastlingRights {
	r := p.rights[c&1]
	return CastlingRights{King: r&rightKing != 0, KingRook: r&rightKingRook != 0, QueenRook: r&rightQueenRook != 0}
}

// Count returns how many pieces of kind k side c has on the board.
func (p *Position) Count(c Color, k Kind) int {
	if k >= numKinds {
		return 0
	}
	return int(p.count[c&1][k])
}

// put places pc on the empty hex h, updating the material counts.
func (p *Position) put(h Hex, pc Piece) {
	p.board[h] = pc
	c, k := pc.Color(), pc.Kind()
	p.count[c][k]++
	switch k {
	case Bishop:
		p.bishops[c][h.Color()%3]++
	case King:
		p.king[c] = h
	}
}

// remove empties h, updating the material counts.
func (p *Position) remove(h Hex) {
	pc := p.board[h]
	if pc == NoPiece {
		return
	}
	p.board[h] = NoPiece
	c, k := pc.Color(), pc.Kind()
	p.count[c][k]--
	switch k {
	case Bishop:
		p.bishops[c][h.Color()%3]--
	case King:
		if p.king[c] == h {
			p.king[c] = NoHex
		}
	}
}

// relocate moves the piece on from to the empty hex to. A legal bishop
// move keeps its hex colour; a coherent one (Coherent) may not, and the
// counts follow it.
func (p *Position) relocate(from, to Hex) {
	pc := p.board[from]
	p.board[from] = NoPiece
	p.board[to] = pc
	switch pc.Kind() {
	case King:
		p.king[pc.Color()] = to
	case Bishop:
		if a, b := from.Color()%3, to.Color()%3; a != b {
			p.bishops[pc.Color()][a]--
			p.bishops[pc.Color()][b]++
		}
	}
}

// eligible reports whether side c may promote a pawn to kind k on hex h:
// k is regainable and off the board, a bishop only if c has no bishop on
// the colour of h (§3.6).
func (p *Position) eligible(c Color, k Kind, h Hex) bool {
	switch k {
	case Bishop:
		return p.bishops[c][h.Color()%3] == 0 && p.count[c][Bishop] < complement[Bishop]
	case Queen, Wyvern, Rook, Pegasus, Knight:
		return p.count[c][k] < complement[k]
	}
	return false
}

// promotionHexes lists each side's promotion hexes (§1.5).
var promotionHexes = func() (t [2][NumColumns]Hex) {
	for c := range NumColumns {
		for h := Hex(0); h < NumHexes; h++ {
			if h.Column() != c {
				continue
			}
			if h.IsPromotion(White) {
				t[White][c] = h
			}
			if h.IsPromotion(Black) {
				t[Black][c] = h
			}
		}
	}
	return t
}()
