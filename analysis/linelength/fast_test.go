package linelength

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// TestASCIIPathMatches checks the path for ASCII games with "\n" or
// "\r\n" line ends against the general one, on random lines around the
// limits, with and without warnings wanted.
func TestASCIIPathMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	path := func(f func(p *analysis.Pass, text string, export, max int)) *analysis.Analyzer {
		return &analysis.Analyzer{Name: "linelength", Run: func(p *analysis.Pass) {
			export, max := limits(p.Config)
			if !p.Wants(analysis.Warning) {
				export = -1
			}
			f(p, p.Game.Text, export, max)
		}}
	}
	fast, slow := path(checkASCII), path(checkLines)
	for range 300 {
		var b strings.Builder
		nl := []string{"\n", "\r\n"}[rng.IntN(2)]
		for range rng.IntN(12) {
			b.WriteString(strings.Repeat("x", []int{0, 1, 78, 79, 80, 81, 254, 255, 256, 300}[rng.IntN(10)]))
			b.WriteString(nl)
		}
		b.WriteString(strings.Repeat("y", rng.IntN(300)))
		text := b.String()
		g := syntax.Parse("t.pgn", text, syntax.PGN)
		for _, cfg := range []*analysis.Config{{}, {MinSeverity: analysis.Error}, {LineLength: 40}, {LineLength: -1}} {
			for i := range g.NumGames() {
				game := g.Game(i).Game
				got := fmt.Sprint(analysis.Game(game, syntax.PGN, cfg, []*analysis.Analyzer{fast}))
				want := fmt.Sprint(analysis.Game(game, syntax.PGN, cfg, []*analysis.Analyzer{slow}))
				if got != want {
					t.Fatalf("%q (config %+v):\nfast %s\nslow %s", text, cfg, got, want)
				}
			}
		}
	}
}
