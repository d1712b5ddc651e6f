package syntax

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// streamDump reads text through a GameReader with the given chunk size
// and dumps the games as Dump does for a whole file.
func streamDump(t *testing.T, name, text string, d Dialect, chunk int) (string, []StreamGame, []Error) {
	t.Helper()
	gr := NewGameReader(iotest.HalfReader(strings.NewReader(text)), name, d, false)
	gr.chunk = chunk
	var b strings.Builder
	var games []StreamGame
	var n int
	for g, ok := gr.Next(); ok; g, ok = gr.Next() {
		dumpGame(&b, g.GameRef)
		games = append(games, g)
		n++
	}
	if gr.Err() != nil {
		t.Fatal(gr.Err())
	}
	var out strings.Builder
	fmt.Fprintf(&out, "file %s dialect=%s games=%d\n", name, d, n)
	out.WriteString(b.String())
	return out.String(), games, gr.Facts().Errors()
}

func wholeDump(f *File) string {
	var b strings.Builder
	fmt.Fprintf(&b, "file %s dialect=%s games=%d\n", f.Name, f.Dialect, f.NumGames())
	for _, r := range f.Games() {
		dumpGame(&b, r)
	}
	return b.String()
}

// TestGameReader checks that streaming yields exactly the games of a whole
// parse, with the same positions and file-level diagnostics, whatever the
// chunk size.
func TestGameReader(t *testing.T) {
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 1<<20 && testing.Short() {
			continue
		}
		d := DetectDialect(path, string(data))
		f := Parse(path, string(data), d)
		want := wholeDump(f)
		for _, chunk := range []int{7, 4096, 1 << 20} {
			if chunk < 4096 && len(data) > 16<<10 || chunk == 4096 && len(data) > 1<<20 {
				continue
			}
			got, games, facts := streamDump(t, path, string(data), d, chunk)
			if got != want {
				t.Fatalf("%s, chunk %d: streamed games differ from a whole parse", path, chunk)
			}
			if !reflect.DeepEqual(facts, f.FileErrors()) {
				t.Errorf("%s, chunk %d: file facts %v, want %v", path, chunk, facts, f.FileErrors())
			}
			if len(data) > 16<<10 {
				continue
			}
			for _, g := range games {
				for p := Pos(0); int(p) <= len(g.Game.Text); p += 7 {
					if got, want := g.Position(p), f.Position(g.Start+p); got != want {
						t.Fatalf("%s, chunk %d: Position(%d) = %v, want %v", path, chunk, g.Start+p, got, want)
					}
					ls := f.LineStart(f.Position(g.Start + p).Line)
					if got, want := g.LineText(p), f.Slice(Span{ls, g.Start + p}); got != want {
						t.Fatalf("%s, chunk %d: LineText(%d) = %q, want %q", path, chunk, g.Start+p, got, want)
					}
				}
			}
		}
	}
}

// TestGameReaderBraces streams text whose braces pair up far apart or not
// at all (random bytes have as many '{' as '}'): a comment's end must not
// depend on text beyond what the reader holds.
func TestGameReaderBraces(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 1<<20)
	for i := range random {
		random[i] = byte(rng.UintN(256))
	}
	braces := "1. e4 {" + strings.Repeat("{a} {", 3000) + "} *\n" + strings.Repeat("[Event \"x\"]\n\n1. d4 { { } d5 *\n\n", 500)
	for _, text := range []string{string(random), braces} {
		want := wholeDump(Parse("in", text, PGN))
		for _, chunk := range []int{4096, 64 << 10} {
			if got, _, _ := streamDump(t, "in", text, PGN, chunk); got != want {
				t.Fatalf("chunk %d: streamed games differ from a whole parse", chunk)
			}
		}
	}
}

// TestDropTokens: with DropTokens the streamed games have no tokens and
// are otherwise those of a whole parse, line endings included.
func TestDropTokens(t *testing.T) {
	noTokens := func(dump string) string {
		var b strings.Builder
		for line := range strings.Lines(dump) {
			if !strings.HasPrefix(line, "  tokens:") {
				b.WriteString(line)
			}
		}
		return b.String()
	}
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 1<<20 {
			continue
		}
		d := DetectDialect(path, string(data))
		f := Parse(path, string(data), d)
		gr := NewGameReader(strings.NewReader(string(data)), path, d, false)
		gr.DropTokens()
		var b strings.Builder
		i := 0
		for g, ok := gr.Next(); ok; g, ok = gr.Next() {
			if g.Game.Tokens != nil {
				t.Fatalf("%s: game %d kept its tokens", path, i)
			}
			if want := f.Game(i).Game.lineEnd; g.Game.lineEnd != want {
				t.Fatalf("%s: game %d line endings %v, want %v", path, i, g.Game.lineEnd, want)
			}
			dumpGame(&b, g.GameRef)
			i++
		}
		var want strings.Builder
		for _, r := range f.Games() {
			dumpGame(&want, r)
		}
		if noTokens(b.String()) != noTokens(want.String()) {
			t.Fatalf("%s: games without tokens differ from a whole parse", path)
		}
	}
}
