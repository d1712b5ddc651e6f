// Package ctlgames writes C'escacs games played by seeded random legal
// moves, as CTL-PGN records: the input of the C'escacs benchmarks (there
// is no corpus of long C'escacs games to measure on).
package ctlgames

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/pgnls/pgnls/analysis/cescacs"
)

// Options say what to write.
type Options struct {
	Games    int    // number of records
	Seed     uint64 // the same seed writes the same games
	MaxPlies int    // a game stops after this many half-moves unless it ends before
}

// Write writes o.Games records to w. Each game is played from the initial
// position by choosing uniformly among the legal moves until it is over
// (checkmate, stalemate, an automatic draw) or MaxPlies is reached; the
// moves are in canonical notation with check indicators, the last one
// carries the end mark ':' unless it mates, and the result line and tag
// agree with the final position ("*" when the game goes on).
func Write(w io.Writer, o Options) error {
	bw := bufio.NewWriter(w)
	rng := rand.New(rand.NewPCG(o.Seed, 0x5eed))
	letters := cescacs.StandardAlphabet()
	buf := make([]cescacs.Move, 0, 512)
	for i := range o.Games {
		p := cescacs.InitialPosition()
		seen := map[cescacs.RepetitionKey]int{p.RepetitionKey(): 1}
		var moves []string
		result := "*"
		for len(moves) < o.MaxPlies {
			legal := p.LegalMoves(buf[:0])
			if len(legal) == 0 {
				break
			}
			m := legal[rng.IntN(len(legal))]
			moves = append(moves, p.Notation(m, letters, cescacs.StyleE))
			p.Play(m)
			k := p.RepetitionKey()
			seen[k]++
			if s := p.Status().WithRepetitions(seen[k]); s.Over() {
				result = s.Result
				break
			}
		}
		fmt.Fprintf(bw, "[Variant \"C'escacs\"]\n[Event \"Random play %d\"]\n[Site \"pgnls bench\"]\n[Date \"2026-12-01\"]\n[Round \"%d\"]\n[White \"random\"]\n[Black \"random\"]\n[Result \"%s\"]\n\n", o.Seed, i+1, result)
		for j := 0; j < len(moves); j += 2 {
			last := j+2 >= len(moves)
			fmt.Fprintf(bw, "%d. %s", j/2+1, moves[j])
			if j+1 < len(moves) {
				fmt.Fprintf(bw, ", %s", moves[j+1])
			}
			if last && !endsWithMate(moves[len(moves)-1]) {
				bw.WriteString(":")
			}
			bw.WriteString("\n")
		}
		fmt.Fprintf(bw, "%s\n\n", result)
	}
	return bw.Flush()
}

func endsWithMate(move string) bool { return len(move) > 0 && move[len(move)-1] == '#' }
