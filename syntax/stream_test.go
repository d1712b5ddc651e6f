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
	var b []byte
	var games []StreamGame
	var n int
	for g, ok := gr.Next(); ok; g, ok = gr.Next() {
		b = dumpGame(b, g.GameRef)
		games = append(games, g)
		n++
	}
	if gr.Err() != nil {
		t.Fatal(gr.Err())
	}
	var out strings.Builder
	fmt.Fprintf(&out, "file %s dialect=%s games=%d\n", name, d, n)
	out.Write(b)
	return out.String(), games, gr.Facts().Errors()
}

func wholeDump(f *File) string {
	b := fmt.Appendf(nil, "file %s dialect=%s games=%d\n", f.Name, f.Dialect, f.NumGames())
	for _, r := range f.Games() {
		b = dumpGame(b, r)
	}
	return string(b)
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
		var b []byte
		i := 0
		for g, ok := gr.Next(); ok; g, ok = gr.Next() {
			if g.Game.Tokens != nil {
				t.Fatalf("%s: game %d kept its tokens", path, i)
			}
			if want := f.Game(i).Game.lineEnd; g.Game.lineEnd != want {
				t.Fatalf("%s: game %d line endings %v, want %v", path, i, g.Game.lineEnd, want)
			}
			b = dumpGame(b, g.GameRef)
			i++
		}
		var want []byte
		for _, r := range f.Games() {
			want = dumpGame(want, r)
		}
		if noTokens(string(b)) != noTokens(string(want)) {
			t.Fatalf("%s: games without tokens differ from a whole parse", path)
		}
	}
}

// TestHeadersOnly: with HeadersOnly the streamed games are the games of
// a whole parse, with the same text, tags, header and result, whatever
// the chunk size, on the corpus and on random bytes.
func TestHeadersOnly(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	random := make([]byte, 256<<10)
	const alphabet = "[]{}()\"; \n\n\n1.e4 e5 *1-0 0-1 %abc\\"
	for i := range random {
		random[i] = alphabet[rng.UintN(uint(len(alphabet)))]
	}
	texts := map[string]string{"random.pgn": string(random)}
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 1<<20 && testing.Short() {
			continue
		}
		texts[path] = string(data)
	}
	header := splitKey // what a parse of headers only keeps
	for path, text := range texts {
		d := DetectDialect(path, text)
		f := Parse(path, text, d)
		for _, chunk := range []int{4096, 64 << 10, 1 << 20} {
			if chunk == 4096 && len(text) > 256<<10 || chunk == 64<<10 && len(text) > 2<<20 {
				continue // small chunks of a big file: slow, and no other case
			}
			gr := NewGameReader(iotest.HalfReader(strings.NewReader(text)), path, d, false)
			gr.chunk = chunk
			gr.HeadersOnly()
			i := 0
			for g, ok := gr.Next(); ok; g, ok = gr.Next() {
				if i >= f.NumGames() {
					t.Fatalf("%s, chunk %d: more games than a whole parse (%d)", path, chunk, f.NumGames())
				}
				want := f.Game(i)
				if g.Start != want.Start || g.Game.Text != want.Game.Text {
					t.Fatalf("%s, chunk %d: game %d at %d (%d bytes), want at %d (%d bytes)", path, chunk, i, g.Start, len(g.Game.Text), want.Start, len(want.Game.Text))
				}
				if got, want := header(g.Game), header(want.Game); got != want {
					t.Fatalf("%s, chunk %d: game %d header\n%s\nwant\n%s", path, chunk, i, got, want)
				}
				for _, e := range g.Game.Moves {
					switch e.(type) {
					case *Move, *MoveNumber, *Variation, *NAG, *Glyph:
						t.Fatalf("%s, chunk %d: game %d keeps movetext %T", path, chunk, i, e)
					}
				}
				if g.Game.Tokens != nil || len(g.Game.After) > 0 && len(want.Game.After) == 0 {
					t.Fatalf("%s, chunk %d: game %d keeps tokens or movetext", path, chunk, i)
				}
				i++
			}
			if i != f.NumGames() {
				t.Fatalf("%s, chunk %d: %d games, want %d", path, chunk, i, f.NumGames())
			}
		}
	}
}
