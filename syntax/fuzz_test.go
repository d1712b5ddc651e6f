package syntax

import (
	"os"
	"reflect"
	"testing"
)

// seeds adds the small corpus files to a fuzz target's seed corpus.
func seeds(f *testing.F, add func(text string)) {
	for _, path := range corpusFiles(f) {
		b, err := os.ReadFile(path)
		if err == nil && len(b) <= 4<<10 {
			add(string(b))
		}
	}
}

// FuzzParse checks that parsing never panics, never loses a byte and keeps
// every span inside its game, in both dialects.
func FuzzParse(f *testing.F) {
	seeds(f, func(text string) { f.Add(text, false) })
	f.Fuzz(func(t *testing.T, text string, ctl bool) {
		d := PGN
		if ctl {
			d = CTLPGN
		}
		file := Parse("fuzz", text, d)
		if err := checkInvariants(file); err != nil {
			t.Fatal(err)
		}
		if err := checkLines(file); err != nil {
			t.Fatal(err)
		}
		for _, e := range file.FileErrors() {
			if e.Span.Start < 0 || int(e.Span.End) > len(text) {
				t.Fatalf("file diagnostic %v out of bounds", e)
			}
		}
		sameAsSequential(t, text, d, 1+len(text)%13)
		sameAsParse(t, text, d, 1+len(text)%17, len(text)%3)
		sameWithoutTokens(t, text, d)
	})
}

// sameWithoutTokens checks that a parse that keeps no tokens (whose
// scanner skips blanks) gives the games of a full parse, but for their
// tokens: the same trees, diagnostics, line endings and reach.
func sameWithoutTokens(t *testing.T, text string, d Dialect) {
	t.Helper()
	want := parseGames(text, 0, d, nil)
	got := parseRange(text, 0, len(text), d, nil, modeNoTokens)
	if len(got) != len(want) {
		t.Fatalf("%d games without tokens, %d with", len(got), len(want))
	}
	for i, r := range want {
		r.Game.Tokens = nil // the parse is this test's own
		if got[i].Start != r.Start || !reflect.DeepEqual(got[i].Game, r.Game) {
			t.Fatalf("game %d without tokens differs\n--- without\n%s\n--- with\n%s", i, dumpGames(got[i:i+1]), dumpGames(want[i:i+1]))
		}
	}
}

// FuzzReparse is the oracle for incremental parsing: for any edit,
// Reparse(Parse(text), edit) must dump exactly like Parse(edited text).
func FuzzReparse(f *testing.F) {
	seeds(f, func(text string) {
		n := uint32(len(text))
		f.Add(text, n/2, uint32(1), "x", false)
		f.Add(text, n/3, uint32(0), "\n\n[Event \"x\"]\n", false)
		f.Add(text, n/4, uint32(5), "{", false)
		f.Add(text, n/5, uint32(2), "", true)
	})
	f.Fuzz(func(t *testing.T, text string, at, del uint32, ins string, ctl bool) {
		d := PGN
		if ctl {
			d = CTLPGN
		}
		if len(text) == 0 {
			return
		}
		start := Pos(at % uint32(len(text)+1))
		end := start + Pos(del%8)
		if int(end) > len(text) {
			end = Pos(len(text))
		}
		e := Edit{Span: Span{Start: start, End: end}, New: ins}
		old := Parse("fuzz", text, d)
		got, kept := Reparse(old, e)
		want := Parse("fuzz", e.Apply(text), d)
		if err := checkInvariants(got); err != nil {
			t.Fatal(err)
		}
		if err := checkLines(got); err != nil {
			t.Fatal(err)
		}
		if g, w := Dump(got), Dump(want); g != w {
			t.Fatalf("incremental parse differs from full parse for edit %+v\n--- incremental\n%s\n--- full\n%s", e, g, w)
		}
		// With a budget of one byte, the second dump parses every chunk
		// again, those the edit built from the window it parsed them from.
		compact, _ := Reparse(ParseCompact("fuzz", text, d, 1), e)
		for range 2 {
			if g, w := Dump(compact), Dump(want); g != w {
				t.Fatalf("incremental parse of a compact file differs from full parse for edit %+v\n--- incremental\n%s\n--- full\n%s", e, g, w)
			}
		}
		if kept.Prefix < 0 || kept.Suffix < 0 || kept.Prefix+kept.Suffix > min(old.NumGames(), got.NumGames()) {
			t.Fatalf("kept %+v out of range (%d games before, %d after)", kept, old.NumGames(), got.NumGames())
		}
		same := func(i, j int) bool {
			return dumpGames([]GameRef{{Game: got.Game(i).Game}}) == dumpGames([]GameRef{{Game: old.Game(j).Game}})
		}
		for i := range kept.Prefix {
			if !same(i, i) {
				t.Fatalf("kept %+v, but game %d differs", kept, i)
			}
		}
		for i := range kept.Suffix {
			if !same(got.NumGames()-1-i, old.NumGames()-1-i) {
				t.Fatalf("kept %+v, but game %d from the end differs", kept, i)
			}
		}
	})
}

// TestParseWithoutTokens holds a parse without tokens to the full one on
// texts where blanks decide something: the end of an unclosed tag, split
// tags, an en passant mark after blanks, blanks at the end of the text.
func TestParseWithoutTokens(t *testing.T) {
	for _, text := range []string{
		"[Event \"x\"   \n[Site \"y\"]\n\n1. e4 *",
		"[Event \"x\" \t \r\n[Site\t\"y\"  ]  \r\n\r\n 1.  e4\t e5  *  ",
		"[Event\n\"x\"]\n[White \n \"y\"]\n\n1. e4 *\n",
		"[Event \"x\" junk  \n\n1. e4 *",
		"1. e4 d5 2. e5 f5 3. exf6 e.p.  \tNf6 *   ",
		"{ a } ; b  \n%c  \n  1.e4 ( 1. d4  ) 1-0  \n\n  [Event \"y\"]  \n\n*",
		"   ",
		"\ufeff  [Event \"x\"]",
	} {
		sameWithoutTokens(t, text, PGN)
		sameWithoutTokens(t, text, CTLPGN)
	}
}
