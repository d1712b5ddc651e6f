package ctllegality

import (
	"math/rand/v2"
	"testing"

	"github.com/pgnls/pgnls/analysis/cescacs"
)

// TestRepetitions compares the occurrences that repetitions counts with
// those of every position of the game, at every ply of seeded random
// games that often take a move back (so that positions recur).
func TestRepetitions(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	var reps repetitions
	repeated := 0
	for range 40 {
		p := cescacs.InitialPosition()
		reps.reset(&p)
		keys := []cescacs.RepetitionKey{p.RepetitionKey()}
		var last [2]cescacs.Move
		for ply := 0; ply < 200; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			if prev := last[ply%2]; rng.IntN(10) < 7 {
				for _, back := range moves {
					if back.From == prev.To && back.To == prev.From && back.Captured == cescacs.NoKind && back.Kind == cescacs.MoveOrdinary {
						m = back
					}
				}
			}
			last[ply%2] = m
			p.Play(m)
			reps.played(m, &p)
			key := p.RepetitionKey()
			keys = append(keys, key)
			want := 0
			for _, k := range keys {
				if k == key {
					want++
				}
			}
			if got := reps.count(&p); got != want {
				t.Fatalf("ply %d: %d occurrences, want %d", ply, got, want)
			}
			if want > 1 {
				repeated++
			}
		}
	}
	if repeated < 100 {
		t.Fatalf("only %d positions recurred", repeated)
	}
	t.Logf("%d positions recurred", repeated)
}
