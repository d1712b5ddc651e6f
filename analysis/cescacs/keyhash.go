package cescacs

// Hash returns a 64-bit hash of k, the same in every run, as chess.Key's
// Hash is for chess positions: what indexes positions on disk (the
// workspace index) without keeping the keys themselves.
func (k RepetitionKey) Hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		h ^= v
		h *= 1099511628211
		h ^= h >> 29
	}
	var w uint64
	for i, p := range k.board {
		w = w<<8 | uint64(p)
		if i%8 == 7 {
			mix(w)
			w = 0
		}
	}
	mix(w)
	mix(uint64(k.turn) | uint64(k.rights[0])<<8 | uint64(k.rights[1])<<16 | uint64(k.sp.kind)<<24 |
		uint64(k.sp.pawn)<<32 | uint64(k.sp.hexes[0])<<40 | uint64(k.sp.hexes[1])<<48)
	return h
}
