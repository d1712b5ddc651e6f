package ctllegality

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// TestOccurrences compares the repetition counts of the lines' histories,
// which keep only the positions that can still recur, with a count over every
// position of the line and of the lines it branches from, on random games
// that shuffle pieces back and forth, with nested variations at random
// moves and a pawn move or a capture now and then.
func TestOccurrences(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	letters := cescacs.StandardAlphabet()
	for game := range 40 {
		var b strings.Builder
		b.WriteString("[Variant \"C'escacs\"]\n\n")
		writeShuffle(&b, rng, letters, cescacs.InitialPosition(), 0, 0, 120+rng.IntN(120))
		b.WriteString(" *\n")
		text := b.String()
		var g *syntax.Game
		for _, ref := range syntax.Parse("shuffle.ctl-pgn", text, syntax.CTLPGN).Games() {
			g = ref.Game
		}

		var (
			r     reporter
			hist  [][]cescacs.RepetitionKey // by depth: the positions before each ply, from ply 0
			steps int
			most  int
		)
		Replay(g, StartOf(g), func(st *Step) {
			if st.After == nil {
				t.Fatalf("game %d: %s does not resolve\n%s", game, st.Node.Text, text)
			}
			if st.First || st.Depth >= len(hist) {
				hist = hist[:st.Depth]
				var h []cescacs.RepetitionKey
				if st.Depth > 0 {
					h = append(h, hist[st.Depth-1][:st.Ply]...)
				}
				hist = append(hist, append(h, st.Before.RepetitionKey()))
			}
			h := append(hist[st.Depth], st.After.RepetitionKey())
			hist[st.Depth] = h
			want := 0
			for _, k := range h {
				if k == h[len(h)-1] {
					want++
				}
			}
			ls := r.enter(st)
			r.played(ls, st)
			// Asked now and then, so that the keys are computed both
			// from the moves and move by move.
			if rng.IntN(3) == 0 {
				if got := ls.hist.count(); got != want {
					t.Fatalf("game %d: after %s (ply %d, depth %d) the history counts %d occurrences, want %d\n%s",
						game, st.Node.Text, st.Ply, st.Depth, got, want, text)
				}
			}
			steps++
			most = max(most, want)
		})
		if steps == 0 || most < 3 {
			t.Fatalf("game %d: %d moves, at most %d occurrences: the game does not test repetitions", game, steps, most)
		}
	}
}

// writeShuffle writes n random moves from p as the moves of a line at the
// given depth starting at ply: mostly moves that undo the move played two
// plies before, so positions recur, sometimes any legal move, and after
// some moves a variation (below depth 2) replacing it.
func writeShuffle(b *strings.Builder, rng *rand.Rand, letters *cescacs.Alphabet, p cescacs.Position, ply, depth, n int) {
	var played []cescacs.Move
	buf := make([]cescacs.Move, 0, 256)
	for i := range n {
		legal := p.LegalMoves(buf[:0])
		if len(legal) == 0 {
			return
		}
		m := legal[rng.IntN(len(legal))]
		if k := len(played) - 2; k >= 0 && rng.IntN(10) < 8 {
			for _, u := range legal {
				if u.From == played[k].To && u.To == played[k].From && u.Piece == played[k].Piece && !u.IsCapture() {
					m = u
					break
				}
			}
		} else if rng.IntN(10) < 8 {
			var quiet []cescacs.Move
			for _, u := range legal {
				if u.Piece != cescacs.Pawn && !u.IsCapture() {
					quiet = append(quiet, u)
				}
			}
			if len(quiet) > 0 {
				m = quiet[rng.IntN(len(quiet))]
			}
		}
		b.WriteByte(' ')
		if ply%2 == 0 {
			fmt.Fprintf(b, "%d. ", ply/2+1)
		} else if i == 0 || b.String()[b.Len()-2] == ')' {
			fmt.Fprintf(b, "%d. …, ", ply/2+1)
		}
		b.WriteString(p.Notation(m, letters, cescacs.StyleE))
		if ply%2 == 0 {
			b.WriteByte(',')
		}
		if depth < 2 && rng.IntN(12) == 0 {
			b.WriteString(" (")
			writeShuffle(b, rng, letters, p, ply, depth+1, 10+rng.IntN(60))
			b.WriteString(")")
		}
		p.Play(m)
		played = append(played, m)
		ply++
	}
}
