package syntax

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// sameSplit fails when a parse of headers only (whose movetext goes
// through skipMovetext) and a whole parse of text disagree on a game:
// its boundaries, its header and tags, its result, its line endings.
func sameSplit(t testing.TB, name, text string, d Dialect) {
	t.Helper()
	want := parseGames(text, 0, d, nil)
	got := parseRange(text, 0, len(text), d, nil, modeHeaders)
	for i := range min(len(got), len(want)) {
		g, w := got[i], want[i]
		if g.Start != w.Start || len(g.Game.Text) != len(w.Game.Text) {
			t.Fatalf("%s: game %d at %d (%d bytes) with headers only, at %d (%d bytes) in a whole parse\n%s", name, i, g.Start, len(g.Game.Text), w.Start, len(w.Game.Text), quoteText(g.Game.Text))
		}
		if gh, wh := splitKey(g.Game), splitKey(w.Game); gh != wh {
			t.Fatalf("%s: game %d with headers only\n%s\nin a whole parse\n%s\ntext %s", name, i, gh, wh, quoteText(g.Game.Text))
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d games with headers only, %d in a whole parse", name, len(got), len(want))
	}
}

// splitKey is what a parse of headers only keeps of a game.
func splitKey(g *Game) string {
	var b strings.Builder
	for _, e := range g.Header {
		fmt.Fprintf(&b, "%T %v|", e, e.Span())
	}
	for _, tag := range g.Tags {
		fmt.Fprintf(&b, "%q=%q %v|", tag.Name, tag.Value, tag.Sp)
	}
	if g.Result != nil {
		fmt.Fprintf(&b, "result %q %v|", g.Result.Text, g.Result.Sp)
	}
	fmt.Fprintf(&b, "line ends %v", g.lineEnd)
	return b.String()
}

// trickyPieces are the pieces trickyText builds games from: what decides
// where a game ends, and what only looks like it.
var trickyPieces = []string{
	"[Event \"x\"]\n", "[White \"A\"]\n[Black \"B\"]\n", "[Result \"1-0\"]", "  [Site \"s\"]\r\n",
	"\n", "\n\n", "\r\n\r\n", "\r", " ", "\t",
	"1. e4 e5 ", "2. Nf3 Nc6 ", "1.d4 ", "1... c5 ", "3.O-O 0-0 ", "exd6 e.p. ", "e8=Q+! ", "$1 $23 ", "!? ",
	"1-0", "0-1", "1/2-1/2", "*", " 1-0 ", "...1-0", "1-0!", "1-00", "2-1", "*1.",
	"{ a [comment] }", "{\n[Event \"in a comment\"]\n}", "{ unclosed\n\n[Event \"x\"]\n", "{ {nested} }", "{ } }", "{",
	"; line [comment] {\n", "%escape { [\n", "\n%x 1-0\n", "% not at line start ",
	"( 1... d5 )", "(", ")", "( 2. Nc3 1-0 )", "(1-0)", "( *\n",
	"\"a string ( [ {\" ", "\"unterminated\n", "[", "]", "}", ",", "$", "\x00\x01", "\uFEFF", "\x7f",
	"\n\n1. e4 ", "\n\n1.", "\n\n12. Qh5 ", "\n \n1. e4", "Zz9 ", "...", "\u2026",
}

// trickyText returns a text of n pieces of trickyPieces.
func trickyText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(trickyPieces[rng.IntN(len(trickyPieces))])
	}
	return b.String()
}

// TestSkipMovetext: the games of a parse of headers only, whose movetext
// a byte scan skips, end where those of a whole parse end and keep the
// same tags and results, on the shared files (but the largest, which
// TestHeadersOnly reads) and on texts made of pieces that decide where
// games end.
func TestSkipMovetext(t *testing.T) {
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 1<<20 {
			continue // TestHeadersOnly reads the big ones, this one is for -race too
		}
		sameSplit(t, path, string(data), DetectDialect(path, string(data)))
	}
	rng := rand.New(rand.NewPCG(27, 28))
	for i := range 5000 {
		text := trickyText(rng, 1+rng.IntN(40))
		sameSplit(t, fmt.Sprintf("tricky text %d", i), text, PGN)
	}
}

// TestSkipMovetextTaken: the byte scan reads the movetext of ordinary
// games to their end, rather than giving up on them (the parse would
// then still be right, only slow).
func TestSkipMovetextTaken(t *testing.T) {
	const text = "[Event \"a\"]\n\n1. e4 {[%clk 0:01:00]} e5 (1... c5 2. Nf3 $1) 2. Nf3 ; note\n% escape\n1-0\n\n" +
		"[Event \"b\"]\n\n1. d4 d5 *\n"
	p := &parser{text: text, d: PGN, sc: newScanner(text, PGN, 0), noTokens: true, noMoves: true, limit: len(text)}
	p.sc.skipSpace = true
	p.toks = make([]Token, 0, 16)
	p.newGame(0)
	for p.g.phase != inMoves {
		t, _ := p.peek()
		if t.Kind.IsTrivia() {
			p.take()
			continue
		}
		p.element(t)
	}
	p.skipMovetext()
	want := strings.Index(text, "1-0") + 3
	if p.sc.pos != want || p.g.phase != inAfter || p.g.game.Result == nil {
		t.Fatalf("the scan stopped at %d (phase %d, result %v), want after the result at %d", p.sc.pos, p.g.phase, p.g.game.Result, want)
	}
}

// FuzzSkipMovetext compares a parse of headers only, whose movetext a
// byte scan skips, with a whole parse: the same games, tags and results.
func FuzzSkipMovetext(f *testing.F) {
	seeds(f, func(text string) { f.Add(text) })
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		f.Add(trickyText(rng, 20))
	}
	f.Fuzz(func(t *testing.T, text string) {
		sameSplit(t, "fuzz", text, PGN)
	})
}
