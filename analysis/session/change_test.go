package session

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pgnls/pgnls/syntax"
)

// randomEdits returns n random edits of text, each in the coordinates of
// the text the ones before it left, at character boundaries (never
// between a "\r" and a "\n"), going the given way: "down" (each before
// the one before it), "up" (each after it) or "any"; and the text they
// make.
func randomEdits(r *rand.Rand, text string, n int, way string, pieces []string) ([]syntax.Edit, string) {
	var edits []syntax.Edit
	low, high := 0, len(text) // where the next edit may go, for down and up
	for range n {
		var cuts []int
		for i := 0; i <= len(text); i++ {
			if i >= low && i <= high && (i == len(text) || utf8.RuneStart(text[i]) && !(i > 0 && text[i-1] == '\r' && text[i] == '\n')) {
				cuts = append(cuts, i)
			}
		}
		if len(cuts) == 0 {
			break
		}
		a := r.IntN(len(cuts))
		b := min(a+r.IntN(3), len(cuts)-1)
		nu := pieces[r.IntN(len(pieces))]
		if r.IntN(3) == 0 {
			nu = ""
		}
		e := syntax.Edit{Span: syntax.Span{Start: syntax.Pos(cuts[a]), End: syntax.Pos(cuts[b])}, New: nu}
		edits = append(edits, e)
		text = e.Apply(text)
		switch way {
		case "down":
			high = int(e.Start)
		case "up":
			low, high = int(e.Start)+len(e.New), len(text)
		default:
			low, high = 0, len(text)
		}
	}
	return edits, text
}

// TestApplyBatches: edits applied together, as a batch when they go one
// way (either way) and in runs when they do not, give exactly what
// applying them one by one gives: the text and its parse; the edits the
// change reports make the same text; the games it says are kept are the
// old ones.
func TestApplyBatches(t *testing.T) {
	defer func(v int) { wholeParseSpan = v }(wholeParseSpan)
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"1. e4 e5 ", "{é 🩐}", "\r\n", "\n", "\r", "[Event \"x\"]", "*", "\n\n", "Nf3 ", "ü", "\n\n[Event \"y\"]\n\n1. d4 *\n\n"}
	for iter := range 600 {
		var b strings.Builder
		for range 20 + r.IntN(60) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		f := Parse("t.pgn", text, syntax.PGN)
		way := []string{"down", "up", "any"}[iter%3]
		edits, want := randomEdits(r, text, 1+r.IntN(12), way, pieces)
		// Half the time a batch is parsed whole, as a big formatting is.
		wholeParseSpan = []int{1 << 20, 0}[iter/3%2]
		ch := NewChange(f).Apply(edits...)
		if got := ch.File.Text(); got != want {
			t.Fatalf("iteration %d (%s): Apply gives %q, want %q (edits %+v of %q)", iter, way, got, want, edits, text)
		}
		one := f
		for _, e := range edits {
			one, _ = syntax.Reparse(one, e)
		}
		if got, want := syntax.Dump(ch.File), syntax.Dump(one); got != want {
			t.Fatalf("iteration %d (%s): the parse differs from edits one by one:\n%s\nwant:\n%s", iter, way, got, want)
		}
		replayed := text
		for _, e := range ch.Edits {
			replayed = e.Apply(replayed)
		}
		if replayed != want {
			t.Fatalf("iteration %d (%s): the edits reported give %q, want %q", iter, way, replayed, want)
		}
		k := ch.Kept
		if k.Prefix > f.NumGames() || k.Suffix > f.NumGames() || k.Prefix > ch.File.NumGames() || k.Suffix > ch.File.NumGames() {
			t.Fatalf("iteration %d: kept %+v of %d games, now %d", iter, k, f.NumGames(), ch.File.NumGames())
		}
		for i := range k.Prefix {
			if ch.File.Game(i).Game.Text != f.Game(i).Game.Text {
				t.Fatalf("iteration %d: game %d counts as kept but changed", iter, i)
			}
		}
		for i := range k.Suffix {
			if ch.File.Game(ch.File.NumGames()-1-i).Game.Text != f.Game(f.NumGames()-1-i).Game.Text {
				t.Fatalf("iteration %d: game %d from the end counts as kept but changed", iter, i)
			}
		}
	}
}

// TestApplyClamps: an edit outside the text is clamped, and reported as
// clamped, so that the diagnostics carried through it stay in the text.
func TestApplyClamps(t *testing.T) {
	f := Parse("t.pgn", "1. e4 *\n", syntax.PGN)
	ch := NewChange(f).Apply(syntax.Edit{Span: syntax.Span{Start: 6, End: 40}, New: "1-0\n"}, syntax.Edit{Span: syntax.Span{Start: -3, End: 0}, New: "{x} "})
	if got, want := ch.File.Text(), "{x} 1. e4 1-0\n"; got != want {
		t.Errorf("text = %q, want %q", got, want)
	}
	if got, want := fmt.Sprint(ch.Edits), fmt.Sprint([]syntax.Edit{{Span: syntax.Span{Start: 6, End: 8}, New: "1-0\n"}, {Span: syntax.Span{Start: 0, End: 0}, New: "{x} "}}); got != want {
		t.Errorf("edits = %s, want %s", got, want)
	}
}

// TestReplaceReusesGames checks that a full-text change re-parses only
// the games that differ.
func TestReplaceReusesGames(t *testing.T) {
	game := func(i int) string {
		return "[Event \"" + strings.Repeat("x", i) + "\"]\n\n1. e4 e5 *\n\n"
	}
	var b strings.Builder
	for i := range 6 {
		b.WriteString(game(i))
	}
	old := syntax.Parse("t.pgn", b.String(), syntax.PGN)
	text := strings.Replace(b.String(), "\"xxx\"", "\"xyx\"", 1)
	ch := NewChange(old).Replace(text)
	f := ch.File
	if f.Text() != text {
		t.Fatalf("text = %q, want %q", f.Text(), text)
	}
	if f.NumGames() != 6 {
		t.Fatalf("%d games, want 6", f.NumGames())
	}
	for _, i := range []int{0, 5} {
		if f.Game(i).Game != old.Game(i).Game {
			t.Errorf("game %d was parsed again; want it shared", i)
		}
	}
	if f.Game(3).Game == old.Game(3).Game {
		t.Errorf("the changed game 3 was reused")
	}
	at := syntax.Pos(strings.Index(text, "xyx") + 1)
	if want := fmt.Sprint([]syntax.Edit{{Span: syntax.Span{Start: at, End: at + 1}, New: "y"}}); fmt.Sprint(ch.Edits) != want {
		t.Errorf("edits = %v, want %s", ch.Edits, want)
	}
}
