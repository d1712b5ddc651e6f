package ctllegality

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// TestTokenAt checks that the reporter's cursor answers as
// Game.TokenAt for offsets asked in source order (the order of the
// moves Replay visits), with jumps backwards in between.
func TestTokenAt(t *testing.T) {
	text, err := os.ReadFile("../../testdata/analysis/ctllegality/numbers.ctl-pgn")
	if err != nil {
		t.Fatal(err)
	}
	f := syntax.Parse("numbers.ctl-pgn", string(text), syntax.CTLPGN)
	rng := rand.New(rand.NewPCG(5, 6))
	asked := 0
	for _, ref := range f.Games() {
		g := ref.Game
		r := &reporter{g: g}
		end := syntax.Pos(0)
		if n := len(g.Tokens); n > 0 {
			end = g.Tokens[n-1].Span.End
		}
		for p := syntax.Pos(0); p <= end+1; p += syntax.Pos(1 + rng.IntN(6)) {
			q := p
			if rng.IntN(10) == 0 {
				q = syntax.Pos(rng.IntN(int(end) + 2))
			}
			if got, want := r.tokenAt(q), g.TokenAt(q); got != want {
				t.Fatalf("game at %d: tokenAt(%d) = %d, want %d", ref.Start, q, got, want)
			}
			asked++
		}
	}
	if asked < 100 {
		t.Fatalf("only %d offsets asked", asked)
	}
}
