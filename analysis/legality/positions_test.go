package legality_test

import (
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/syntax"
)

// TestPositions: the main line the Analyzer replayed yields its start
// and the position after each move played, with their keys, as a replay
// of the main line reaches them; a transposition has the key of the
// position it transposes to; an unplayable move ends the line.
func TestPositions(t *testing.T) {
	for _, tc := range []struct {
		text  string
		plies int
	}{
		{"1. Nf3 Nf6 2. Nc3 Nc6 3. Nb1 Nb8 4. Ng1 Ng8 *", 8},
		{"1. e4 e5 2. Ke3 Nf6 *", 2},
		{"[Variant \"fairy\"]\n\n1. e4 *", -1},
	} {
		f := syntax.Parse("t.pgn", tc.text+"\n", syntax.PGN)
		g := f.Game(0).Game
		_, pass := analysis.Run(g, syntax.PGN, nil, []*analysis.Analyzer{legality.Analyzer})
		ml := legality.MainLineResult.Of(pass)
		var keys []chess.Key
		for pos, k := range ml.Positions() {
			if pos.Key() != k {
				t.Errorf("%q: a key is not its position's", tc.text)
			}
			keys = append(keys, k)
		}
		if len(keys) != tc.plies+1 {
			t.Fatalf("%q: %d positions, want %d", tc.text, len(keys), tc.plies+1)
		}
		want := []chess.Key{}
		if start := legality.StartOf(g); start.Known {
			want = append(want, start.Pos.Key())
		}
		legality.ReplayMainLine(g, legality.StartOf(g), func(st *legality.Step) bool {
			if st.After != nil {
				want = append(want, st.After.Key())
			}
			return st.After != nil
		})
		for i := range keys {
			if keys[i] != want[i] {
				t.Errorf("%q: key %d differs from the replay's", tc.text, i)
			}
		}
		if tc.plies == 8 && keys[8] != keys[0] {
			t.Errorf("%q: the knights back home do not transpose to the start", tc.text)
		}
	}
}
