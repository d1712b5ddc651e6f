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
// limits, with and without warnings wanted; and the same path for games
// of valid UTF-8 without U+0080..U+00BF (lines of "×", "∞" and "é"),
// which counts the characters of the lines with more bytes than a limit.
func TestASCIIPathMatches(t *testing.T) {
	for _, ascii := range []bool{true, false} {
		testFastPath(t, ascii)
	}
}

func testFastPath(t *testing.T, ascii bool) {
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
	fast := path(func(p *analysis.Pass, text string, export, max int) { checkASCII(p, text, export, max, ascii) })
	slow := path(checkLines)
	chars := []string{"x"}
	if !ascii {
		chars = []string{"x", "x", "×", "∞", "é"}
	}
	line := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(chars[rng.IntN(len(chars))])
		}
		return b.String()
	}
	for range 300 {
		var b strings.Builder
		nl := []string{"\n", "\r\n"}[rng.IntN(2)]
		for range rng.IntN(12) {
			b.WriteString(line([]int{0, 1, 26, 27, 40, 78, 79, 80, 81, 254, 255, 256, 300}[rng.IntN(13)]))
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

// TestUTF8PathMatches checks the path for lines of valid UTF-8 against
// the character-by-character one, on random lines around the limits
// mixing ASCII, "×", "∞", "é", "°" (whose lead byte is that of the C1
// controls), a C1 control and Latin-1 bytes.
func TestUTF8PathMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"x", "x", "x", "×", "∞", "é", "°", "\u0085", "\xe9"}
	for range 2000 {
		var b strings.Builder
		kinds := 6 // most lines without the last three, which take the slow path
		if rng.IntN(4) == 0 {
			kinds = len(pieces)
		}
		for range []int{0, 1, 39, 40, 41, 79, 80, 81, 254, 255, 256}[rng.IntN(11)] {
			b.WriteString(pieces[rng.IntN(kinds)])
		}
		line := b.String()
		terminated := rng.IntN(2) == 0
		text := line
		if terminated {
			text += "\n"
		}
		g := syntax.Parse("t.pgn", "*\n", syntax.PGN) // a game for the pass; the line is checked in text
		for _, cfg := range []*analysis.Config{{}, {Profile: analysis.ExportProfile}, {Profile: analysis.ExportProfile, LineLength: 40}, {LineLength: -1}} {
			run := func(f func(p *analysis.Pass, text string, start, end int, terminated bool, export, max int)) string {
				a := &analysis.Analyzer{Name: "linelength", Run: func(p *analysis.Pass) {
					export, max := limits(p.Config)
					f(p, text, 0, len(line), terminated, export, max)
				}}
				return fmt.Sprint(analysis.Game(g.Game(0).Game, syntax.PGN, cfg, []*analysis.Analyzer{a}))
			}
			if got, want := run(checkLine), run(checkChars); got != want {
				t.Fatalf("%q (config %+v):\nfast %s\nslow %s", text, cfg, got, want)
			}
		}
	}
}
