package chess

// Key identifies a position as the repetition rule and opening books do
// (the EPD of the position): the placement of the pieces, the side to
// move, the castling rights and the en passant square, the latter only
// when an en passant capture is legal; the move counters are left out.
// Two positions reached by different move orders (a transposition) have
// equal keys. Keys are comparable, so they can key a map.
type Key struct {
	pieces [6]Bitboard
	colors [2]Bitboard
	castle [2][2]Square
	ep     Square
	side   Color
}

// Key returns the key of p.
func (p *Position) Key() Key {
	k := Key{pieces: p.pieces, colors: p.colors, castle: p.castle, ep: NoSquare, side: p.side}
	if p.enPassantCapturable() {
		k.ep = p.ep
	}
	return k
}

// enPassantCapturable reports whether the side to move has a legal en
// passant capture.
func (p *Position) enPassantCapturable() bool {
	if p.ep == NoSquare {
		return false
	}
	// The pawns of the side to move that attack the en passant square are
	// those a pawn of the other side on it would attack.
	for from := range (pawnAttacks[p.side.Other()][p.ep] & p.of(p.side, Pawn)).Squares() {
		if p.enPassantLegal(from) {
			return true
		}
	}
	return false
}

// Hash returns a 64-bit hash of k, the same in every run.
func (k Key) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		h ^= v
		h *= 1099511628211
		h ^= h >> 29
	}
	for _, b := range k.pieces {
		mix(uint64(b))
	}
	for _, b := range k.colors {
		mix(uint64(b))
	}
	mix(uint64(k.castle[0][0]) | uint64(k.castle[0][1])<<8 | uint64(k.castle[1][0])<<16 | uint64(k.castle[1][1])<<24 | uint64(k.ep)<<32 | uint64(k.side)<<40)
	return h
}

// Hash2 returns another 64-bit hash of k, the same in every run, computed
// apart from Hash (other constants, another mixing), so that two keys
// with the same Hash and the same Hash2 are equal but with odds of about
// 2^-128 rather than 2^-64: what confirms that two games start from the
// same position without keeping the positions.
func (k Key) Hash2() uint64 {
	h := uint64(0x243F6A8885A308D3) // the digits of pi
	mix := func(v uint64) {
		h = (h ^ v) * 0xFF51AFD7ED558CCD
		h ^= h >> 33
		h *= 0xC4CEB9FE1A85EC53
		h ^= h >> 29
	}
	for _, b := range k.colors {
		mix(uint64(b))
	}
	for _, b := range k.pieces {
		mix(uint64(b))
	}
	mix(uint64(k.side) | uint64(k.ep)<<8 | uint64(k.castle[1][1])<<16 | uint64(k.castle[1][0])<<24 | uint64(k.castle[0][1])<<32 | uint64(k.castle[0][0])<<40)
	return h
}
