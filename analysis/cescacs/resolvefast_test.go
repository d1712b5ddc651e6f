package cescacs

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestResolveFastPath checks that Resolve, which resolves ordinary moves
// from the legal moves of their origin alone, answers exactly as the
// general path from every legal move does: for every legal move of the
// positions of seeded random games, and for variants of each notation
// with another destination, separator, captured piece or mover.
func TestResolveFastPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	letters := StandardAlphabet()
	var buf [256]Move
	checked := 0
	compare := func(p *Position, text string) {
		n, probs := ParseMove(text, letters)
		if len(probs) > 0 && n.Kind == NotationInvalid {
			return
		}
		m1, e1 := p.Resolve(n)
		m2, e2 := p.resolveGeneral(&n, buf[:0])
		if m1 != m2 || !reflect.DeepEqual(e1, e2) {
			t.Fatalf("%s: %q: Resolve gives %v, %+v; the general path %v, %+v", p.PDTL(letters), text, m1, e1, m2, e2)
		}
		checked++
	}
	for range 12 {
		p := InitialPosition()
		for ply := 0; ply < 120; ply++ {
			legal := p.LegalMoves(buf[:0])
			if len(legal) == 0 {
				break
			}
			moves := append([]Move(nil), legal...)
			for _, m := range moves {
				text := m.String()
				compare(&p, text)
				if rng.IntN(4) == 0 {
					to := Hex(rng.IntN(NumHexes))
					compare(&p, strings.Replace(text, m.To.String(), to.String(), 1))
				}
				if rng.IntN(8) == 0 {
					compare(&p, strings.NewReplacer("-", "×", "×", "-", "@", "-").Replace(text))
				}
				if rng.IntN(8) == 0 && len(text) > 1 {
					compare(&p, "N"+strings.TrimLeft(text, "PEJNGRVDK"))
				}
			}
			p.Play(moves[rng.IntN(len(moves))])
		}
	}
	if checked < 50000 {
		t.Fatalf("only %d notations compared", checked)
	}
	t.Logf("%d notations compared", checked)
}
