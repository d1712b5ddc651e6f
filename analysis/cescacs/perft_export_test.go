package cescacs

// Perft counts the leaf nodes of the legal-move tree of the given depth
// (depth 0 counts p itself). It allocates its move buffers once.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, maxMovesHint)
	}
	return p.perft(depth, bufs)
}

func (p *Position) perft(depth int, bufs [][]Move) uint64 {
	moves := p.LegalMoves(bufs[0][:0])
	bufs[0] = moves[:0]
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := *p
		q.Play(m)
		n += q.perft(depth-1, bufs[1:])
	}
	return n
}
