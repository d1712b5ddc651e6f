package ctllegality

import (
	"hash/maphash"
	"sync"

	"github.com/pgnls/pgnls/analysis/cescacs"
)

// minCycle is the fewest half-moves after which a position can occur
// again: each side moves a piece away and back, at least.
const minCycle = 4

// A history holds the positions of a line of play that can still recur
// (§5.4): the position after its last capture or pawn move and the moves
// played since. The positions' keys are computed only when a repetition
// is asked about, then kept up to date move by move until the next
// capture or pawn move, so a line costs a few bytes a move until its
// moves could repeat.
type history struct {
	known bool             // base is set
	base  cescacs.Position // the position before ply from
	from  int
	moves []cescacs.Move // moves[i] is the move played at ply from+i
	keys  []posKey       // keys[i] identifies the position before ply from+i; they may lag behind moves
}

// A posKey is the repetition key of a position with its hash, which
// tells most different positions apart in one comparison.
type posKey struct {
	hash uint64
	key  cescacs.RepetitionKey
}

// keySeed seeds the hashes of the posKeys.
var keySeed = maphash.MakeSeed()

// keyOf returns the posKey of p.
func keyOf(p *cescacs.Position) posKey {
	k := p.RepetitionKey()
	return posKey{maphash.Comparable(keySeed, k), k}
}

// historyBufs holds the buffers of released histories, reused from line
// to line and game to game.
var historyBufs sync.Pool // of *historyBuf

// historyBuf is the pair of buffers of a history.
type historyBuf struct {
	moves []cescacs.Move
	keys  []posKey
}

// buffers gives h released buffers, if it has none.
func (h *history) buffers() {
	if cap(h.moves) > 0 || cap(h.keys) > 0 {
		return
	}
	if b, ok := historyBufs.Get().(*historyBuf); ok {
		h.moves, h.keys = b.moves, b.keys
	}
}

// release gives h's buffers back for reuse and empties h.
func (h *history) release() {
	if cap(h.moves) > 0 || cap(h.keys) > 0 {
		historyBufs.Put(&historyBuf{h.moves[:0], h.keys[:0]})
	}
	*h = history{}
}

// start begins the history at p, the position before ply.
func (h *history) start(p *cescacs.Position, ply int) {
	h.buffers()
	h.known, h.base, h.from = true, *p, ply
	h.moves, h.keys = h.moves[:0], h.keys[:0]
}

// branch begins h as the history of a variation that replaces the move
// at ply of the line whose history is parent: parent's positions before
// ply. It reports false when parent does not know them.
func (h *history) branch(parent *history, ply int) bool {
	n := ply - parent.from
	if !parent.known || n < 0 || n > len(parent.moves) {
		return false
	}
	h.buffers()
	h.known, h.base, h.from = true, parent.base, parent.from
	h.moves = append(h.moves[:0], parent.moves[:n]...)
	h.keys = append(h.keys[:0], parent.keys[:min(len(parent.keys), n+1)]...)
	return true
}

// play records m, played at ply from before, which made after. A capture
// or a pawn move before leaves nothing earlier to recur: the history
// starts again at before (whose own variations, replacing the move of an
// earlier ply, have been replayed).
func (h *history) play(before *cescacs.Position, m cescacs.Move, after *cescacs.Position, ply int) {
	if before.HalfmoveClock() == 0 && (ply != h.from || len(h.moves) > 0) {
		h.start(before, ply)
	}
	h.moves = append(h.moves, m)
	if len(h.keys) == len(h.moves) {
		h.keys = append(h.keys, keyOf(after))
	}
}

// count returns how many times the line's newest position has occurred
// in the history, that one included.
func (h *history) count() int {
	if len(h.keys) <= len(h.moves) {
		p := h.base
		if len(h.keys) == 0 {
			h.keys = append(h.keys, keyOf(&p))
		}
		for i, m := range h.moves {
			p.Play(m)
			if i+1 == len(h.keys) {
				h.keys = append(h.keys, keyOf(&p))
			}
		}
	}
	last := len(h.keys) - 1
	k := h.keys[last]
	n := 1
	// The side to move alternates: only every other position can match.
	for i := last - 2; i >= 0; i -= 2 {
		if h.keys[i].hash == k.hash && h.keys[i].key == k.key {
			n++
		}
	}
	return n
}
