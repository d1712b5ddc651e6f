package duplicates_test

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/syntax"
)

// TestLive: after random insertions and removals of games, anywhere, a
// Live index finds what an Index finds over the games in their order
// (games of the same moves and other players among them).
func TestLive(t *testing.T) {
	type game struct {
		fp   duplicates.Fingerprint
		line []uint64
	}
	var pool []game
	for _, name := range []string{"games.pgn", "players.pgn"} {
		data, err := os.ReadFile("../../testdata/analysis/duplicates/" + name)
		if err != nil {
			t.Fatal(err)
		}
		f := syntax.Parse(name, string(data), syntax.PGN)
		for _, r := range f.Games() {
			if fp, ok := duplicates.Of(r.Game, f.Dialect); ok {
				pool = append(pool, game{fp, duplicates.Line(r.Game, f.Dialect)})
			}
		}
	}
	if len(pool) < 5 {
		t.Fatalf("%d games with moves in the test file", len(pool))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var games []*game // the document, in order; a pointer is a game's identity
	var x duplicates.Live[*game]
	order := func(doc []*game) duplicates.Order[*game] {
		pos := make(map[*game]int, len(doc))
		for i, g := range doc {
			pos[g] = i
		}
		return duplicates.Order[*game]{
			Print:  func(g *game) duplicates.Fingerprint { return g.fp },
			Before: func(a, b *game) bool { return pos[a] < pos[b] },
		}
	}
	line := func(g *game) ([]uint64, bool) { return g.line, true }
	nop := func(*game) {}
	var kinds [duplicates.Extended + 1]int
	for step := range 400 {
		old := slices.Clone(games)
		var gone, came []*game
		for range 1 + rng.IntN(3) {
			if len(games) > 0 && rng.IntN(3) == 0 {
				k := rng.IntN(len(games))
				gone = append(gone, games[k])
				games = slices.Delete(games, k, k+1)
				continue
			}
			g := pool[rng.IntN(len(pool))]
			k := rng.IntN(len(games) + 1)
			games = slices.Insert(games, k, &g)
			came = append(came, &g)
		}
		came = slices.DeleteFunc(came, func(g *game) bool { return !slices.Contains(games, g) })
		gone = slices.DeleteFunc(gone, func(g *game) bool { return !slices.Contains(old, g) })
		o, n := order(old), order(games)
		slices.SortFunc(gone, func(a, b *game) int { return slices.Index(old, a) - slices.Index(old, b) })
		slices.SortFunc(came, func(a, b *game) int { return slices.Index(games, a) - slices.Index(games, b) })
		x.Remove(gone, o, nop)
		x.Add(came, n)
		x.Settle(n, line, nop)

		var want duplicates.Index
		want.Line = func(i int, _ duplicates.Fingerprint) ([]uint64, bool) { return games[i].line, true }
		repeats := 0
		for i, g := range games {
			w := want.Add(i, g.fp)
			got, ok := x.Found(g)
			if w.Kind == duplicates.None {
				if ok {
					t.Fatalf("step %d: game %d repeats nothing, Live says %+v", step, i, got)
				}
				continue
			}
			repeats++
			kinds[w.Kind]++
			if !ok {
				t.Fatalf("step %d: game %d: Live finds nothing, Index %+v", step, i, w)
			}
			fd := got.Finding(g.fp, got.Of.fp)
			fd.Other = slices.Index(games, got.Of)
			if fd != w {
				t.Fatalf("step %d: game %d: Live finds %+v, Index %+v", step, i, fd, w)
			}
		}
		if x.Len() != repeats {
			t.Fatalf("step %d: Live holds %d findings, want %d", step, x.Len(), repeats)
		}
	}
	if kinds[duplicates.Duplicate] == 0 || kinds[duplicates.Truncated] == 0 || kinds[duplicates.Extended] == 0 {
		t.Errorf("findings by kind %v: each kind should occur", kinds)
	}
}
