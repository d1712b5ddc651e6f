package ctllegality_test

import (
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/bench/ctlgames"
	"github.com/pgnls/pgnls/syntax"
)

// BenchmarkAnalyzer measures the C'escacs legality analyzer alone (the
// replay of every move: notation, resolution, play, check and mate
// marks, repetitions, numbers) on 200 long games of random legal play,
// parsed beforehand: ns per half-move.
func BenchmarkAnalyzer(b *testing.B) {
	var text strings.Builder
	if err := ctlgames.Write(&text, ctlgames.Options{Games: 200, Seed: 1, MaxPlies: 300}); err != nil {
		b.Fatal(err)
	}
	f := syntax.Parse("games.ctl-pgn", text.String(), syntax.CTLPGN)
	var games []*syntax.Game
	plies := 0
	for _, ref := range f.Games() {
		games = append(games, ref.Game)
		for _, e := range ref.Game.Moves {
			if _, ok := e.(*syntax.Move); ok {
				plies++
			}
		}
	}
	analyzers := []*analysis.Analyzer{ctllegality.Analyzer}
	cfg := &analysis.Config{MinSeverity: analysis.Info}
	for b.Loop() {
		for _, g := range games {
			if ds := analysis.Game(g, syntax.CTLPGN, cfg, analyzers); len(ds) > 0 {
				b.Fatalf("%s: %s", ds[0].Code, ds[0].Message)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(plies), "ns/ply")
}
