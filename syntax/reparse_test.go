package syntax

import (
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"
)

// TestReparseReuses checks that an edit inside one game of a many-game
// file reparses only that game and its predecessor and shares the rest.
func TestReparseReuses(t *testing.T) {
	game := "[Event \"E\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n"
	text := strings.Repeat(game, 50)
	old := Parse("x.pgn", text, PGN)
	at := Pos(len(game)*25 + strings.Index(game, "e4"))
	f, kept := Reparse(old, Edit{Span: Span{Start: at, End: at + 2}, New: "d4"})
	if n := f.NumGames() - kept.Prefix - kept.Suffix; n > 2 {
		t.Errorf("kept %+v: %d games parsed anew, want at most 2", kept, n)
	}
	shared := 0
	for i := range f.NumGames() {
		if f.Game(i).Game == old.Game(i).Game {
			shared++
		}
	}
	if shared < 48 {
		t.Errorf("%d games shared with the old file, want >= 48", shared)
	}
	if Dump(f) != Dump(Parse("x.pgn", f.Text(), PGN)) {
		t.Error("incremental parse differs from full parse")
	}
}

// TestReparseRandomEdits applies many random edits to real files and
// compares with a full parse after each, the FuzzReparse oracle in a loop.
func TestReparseRandomEdits(t *testing.T) {
	inserts := []string{"", "x", " ", "\n", "\n\n", "{", "}", "(", ")", "[", "]", "\"", "1-0", "*", "[Event \"N\"]\n", "\r\n", ";", "%", "$1", "e4", "…", "3-0", ",", ".", "\uFEFF"}
	rng := rand.New(rand.NewSource(1))
	for _, path := range corpusFiles(t) {
		b, err := os.ReadFile(path)
		if err != nil || len(b) > 64<<10 || len(b) == 0 {
			continue
		}
		d := DetectDialect(path, string(b))
		f := Parse(path, string(b), d)
		for i := 0; i < 40; i++ {
			start := Pos(rng.Intn(len(f.Text()) + 1))
			end := min(start+Pos(rng.Intn(6)), Pos(len(f.Text())))
			e := Edit{Span: Span{Start: start, End: end}, New: inserts[rng.Intn(len(inserts))]}
			next, _ := Reparse(f, e)
			want := Parse(path, e.Apply(f.Text()), d)
			if Dump(next) != Dump(want) {
				t.Fatalf("%s: edit %+v: incremental parse differs from full parse", path, e)
			}
			if len(b) < 8<<10 {
				if err := checkLines(next); err != nil {
					t.Fatalf("%s: edit %+v: %v", path, e, err)
				}
			}
			f = next
		}
	}
}

// TestReparseManyGames edits a file of many chunks at random places and
// compares each result, line arithmetic included, with a full parse.
func TestReparseManyGames(t *testing.T) {
	var b strings.Builder
	for i := range 1500 {
		fmt.Fprintf(&b, "[Event \"E%d\"]\n[Result \"*\"]\n\n1. e4 {c%d} e5 *\n\n", i, i)
	}
	inserts := []string{"", "x", "\n", "\n\n[Event \"N\"]\n\n*\n", "{", "}", "*", "\r\n"}
	rng := rand.New(rand.NewSource(7))
	f := Parse("many.pgn", b.String(), PGN)
	for i := 0; i < 60; i++ {
		start := Pos(rng.Intn(int(f.Len()) + 1))
		end := min(start+Pos(rng.Intn(40)), f.Len())
		e := Edit{Span: Span{Start: start, End: end}, New: inserts[rng.Intn(len(inserts))]}
		next, _ := Reparse(f, e)
		want := Parse("many.pgn", e.Apply(f.Text()), PGN)
		if Dump(next) != Dump(want) {
			t.Fatalf("edit %d %+v: incremental parse differs from full parse", i, e)
		}
		if i%20 == 0 {
			if err := checkLines(next); err != nil {
				t.Fatalf("edit %d %+v: %v", i, e, err)
			}
		}
		f = next
	}
	if len(f.chunks) < 2 {
		t.Errorf("file has %d chunks; the test wants several", len(f.chunks))
	}
}
