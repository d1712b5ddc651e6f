package ctllegality

import (
	"sync"

	"github.com/pgnls/pgnls/analysis/cescacs"
)

// repetitions follows the main line for the repetition draw (§5.4).
// After a capture, a pawn move or a promotion no earlier position can
// occur again, so it keeps only the position after the last such move
// and the moves played since, and counts the occurrences of the final
// position once, at the end, by replaying them.
type repetitions struct {
	base  cescacs.Position // the main line's start, or its position after its last irreversible move
	moves []cescacs.Move   // the moves played since base
}

// repetitionPool holds the repetitions that the analyzer reuses from
// game to game.
var repetitionPool = sync.Pool{New: func() any { return new(repetitions) }}

// reset starts from the main line's start position.
func (r *repetitions) reset(start *cescacs.Position) {
	r.base, r.moves = *start, r.moves[:0]
}

// played records the move m of the main line, which led to after.
func (r *repetitions) played(m cescacs.Move, after *cescacs.Position) {
	if after.HalfmoveClock() == 0 {
		r.reset(after)
		return
	}
	r.moves = append(r.moves, m)
}

// count returns how many times final, the position after the moves
// recorded, has occurred since the start (counting itself).
func (r *repetitions) count(final *cescacs.Position) int {
	key := final.RepetitionKey()
	p := r.base
	n := 0
	if p.RepetitionKey() == key {
		n++
	}
	for _, m := range r.moves {
		p.Play(m)
		if p.RepetitionKey() == key {
			n++
		}
	}
	return n
}
