package players

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// fileDiagnostics returns the diagnostics of the variant names of f
// (file-absolute, in file order) under cfg, as FileVariants finds them.
func fileDiagnostics(f *syntax.File, cfg *analysis.Config, file *Names, cache *Cache) []analysis.Diagnostic {
	return FileVariants(f, cfg, file, cache).Append(nil, f.Chunks(), analysis.Hint+1, 0)
}

// gameDiagnostics returns the diagnostics (game-relative) of the White
// and Black tags of g whose values are variants in n, under cfg.
func gameDiagnostics(n *Names, g *syntax.Game, cfg *analysis.Config) []analysis.Diagnostic {
	sev, ok := cfg.Resolve(nil, CodeVariant, analysis.Hint)
	if !ok {
		return nil
	}
	return variantDiagnostics(nameTags(g), sev, func(name string) (string, string, bool) {
		canon, ok := n.Canonical(name)
		if !ok {
			return "", "", false
		}
		return canon, n.Message(name, canon), true
	})
}

// gameByGame returns the diagnostics of f as the trees of its games give
// them: every name counted, then each game's.
func gameByGame(f *syntax.File, cfg *analysis.Config) []analysis.Diagnostic {
	var n Names
	for _, r := range f.Games() {
		n.AddGame(r.Game)
	}
	var out []analysis.Diagnostic
	for _, r := range f.Games() {
		for _, d := range gameDiagnostics(&n, r.Game, cfg) {
			out = append(out, d.Shift(r.Start))
		}
	}
	return out
}

// TestCacheEdits holds FileVariants with a Cache, carried through a
// document's random edits (names changed, games added and removed,
// moves typed), and without one, to the diagnostics of the games' trees
// after each edit; and
// checks that the chunks an edit did not touch are read from the
// cache.
func TestCacheEdits(t *testing.T) {
	names := []string{"Carlsen, Magnus", "Carlsen,M", "Carlsen, Magnus ", "Kasparov, Garry", "Kasparov,G", "Tal, Mikhail", "Tal,M", "Polgar, Judit"}
	rng := rand.New(rand.NewSource(3))
	var b strings.Builder
	for i := range 1200 {
		fmt.Fprintf(&b, "[Event \"E%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n", i, names[rng.Intn(len(names))], names[rng.Intn(len(names))])
	}
	f := syntax.ParseCompact("db.pgn", b.String(), syntax.PGN, 2)
	if len(f.Chunks()) < 3 {
		t.Fatalf("%d chunks: the test wants several", len(f.Chunks()))
	}
	cfg := &analysis.Config{}
	var cache Cache
	check := func(what string) {
		t.Helper()
		got, fresh, want := fileDiagnostics(f, cfg, nil, &cache), fileDiagnostics(f, cfg, nil, nil), gameByGame(f, cfg)
		if len(want) == 0 {
			t.Fatalf("%s: no diagnostics: the test wants variants", what)
		}
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(fresh, want) {
			t.Fatalf("%s: with the cache %d diagnostics, without %d, game by game %d", what, len(got), len(fresh), len(want))
		}
	}
	check("first")
	for step := range 60 {
		text := f.Text()
		var e syntax.Edit
		switch step % 4 {
		case 0: // another name
			i := strings.Index(text[rng.Intn(len(text)):], "[White \"")
			if i < 0 {
				continue
			}
			at := syntax.Pos(len(text) - len(text[rng.Intn(len(text)):]) + i)
			at = syntax.Pos(strings.Index(text[at:], "\"")) + at + 1
			end := at + syntax.Pos(strings.Index(text[at:], "\""))
			e = syntax.Edit{Span: syntax.Span{Start: at, End: end}, New: names[rng.Intn(len(names))]}
		case 1: // a move typed
			at := syntax.Pos(strings.Index(text[rng.Intn(len(text)):], "1. e4") + len(text) - len(text[rng.Intn(len(text)):]))
			if at < 0 || int(at)+5 > len(text) || text[at:at+5] != "1. e4" {
				continue
			}
			e = syntax.Edit{Span: syntax.Span{Start: at + 3, End: at + 5}, New: "d4"}
		case 2: // a game added
			at := syntax.Pos(strings.Index(text, "[Event \"E"+fmt.Sprint(rng.Intn(1200))+"\"]"))
			if at < 0 {
				continue
			}
			e = syntax.Edit{Span: syntax.Span{Start: at, End: at}, New: "[White \"" + names[rng.Intn(len(names))] + "\"]\n[Black \"Tal,M\"]\n\n*\n\n"}
		case 3: // a game removed
			at := syntax.Pos(strings.Index(text, "[Event \"E"+fmt.Sprint(rng.Intn(1200))+"\"]"))
			if at < 0 {
				continue
			}
			end := at + syntax.Pos(strings.Index(text[at:], "*\n\n")) + 3
			e = syntax.Edit{Span: syntax.Span{Start: at, End: end}}
		}
		before := make(map[*syntax.Chunk]*chunkNames)
		for k, v := range cache.chunks {
			before[k] = v
		}
		f, _ = syntax.Reparse(f, e)
		counted := cache.counted
		check(fmt.Sprintf("step %d (%+v)", step, e))
		// A move typed spells the same names: they are not counted again;
		// a game added or removed changes them: counted once.
		switch n := cache.counted - counted; {
		case step%4 == 1 && n != 0:
			t.Fatalf("step %d: a move typed counted the names again", step)
		case step%4 >= 2 && n != 1:
			t.Fatalf("step %d: a game added or removed, the names counted %d times", step, n)
		case n > 1:
			t.Fatalf("step %d: the names counted %d times", step, n)
		}
		kept := 0
		for _, ref := range f.Chunks() {
			if c, ok := before[ref.Chunk]; ok && cache.chunks[ref.Chunk] == c {
				kept++
			}
		}
		// The edited chunk becomes at most three: the games before the
		// edit, the games parsed anew, the games after it.
		if kept < len(f.Chunks())-3 {
			t.Fatalf("step %d: %d of %d chunks kept in the cache", step, kept, len(f.Chunks()))
		}
	}
}
