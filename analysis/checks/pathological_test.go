package checks_test

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/syntax"
)

// pathologicalLimit bounds each input of TestPathologicalInputs: far
// above what a healthy run takes (well under a second each, several
// under -race), far below a hang.
const pathologicalLimit = 60 * time.Second

// pathological returns the generated inputs: name, text, dialect, and
// whether pgnls must report at least one diagnostic on it.
func pathological() []struct {
	name   string
	text   string
	d      syntax.Dialect
	report bool
} {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 1<<20)
	for i := range random {
		random[i] = byte(rng.UintN(256))
	}
	deep := "[Event \"deep\"]\n\n1. e4 " + strings.Repeat("(1. d4 ", 10000) + strings.Repeat(")", 10000) + " e5 *\n"
	deepOpen := "1. e4 " + strings.Repeat("(1. d4 ", 10000) + "*\n"
	deepCTL := "[Variant \"C'escacs\"]\n\n1. H6-H12, I23-I19\n" + strings.Repeat("(1. H6-H10\n", 10000) + strings.Repeat(")", 10000) + "\n*\n"
	return []struct {
		name   string
		text   string
		d      syntax.Dialect
		report bool
	}{
		{"10000 nested variations", deep, syntax.PGN, false},
		{"10000 unclosed variations", deepOpen, syntax.PGN, true},
		{"10000 nested CTL-PGN variations", deepCTL, syntax.CTLPGN, true},
		{"10 MB comment", "[Event \"c\"]\n\n1. e4 {" + strings.Repeat("words and more words ", 500000) + "} e5 *\n", syntax.PGN, true},
		{"10 MB unclosed comment", "1. e4 {" + strings.Repeat("x", 10<<20), syntax.PGN, true},
		{"1 MB line", "[Event \"l\"]\n\n" + strings.Repeat("1. e4 e5 2. Nf3 Nc6 3. Ng1 Nb8 4. Nf3 Nc6 5. Ng1 Nb8 ", 1<<20/60) + "*\n", syntax.PGN, true},
		{"1 MB of random bytes", string(random), syntax.PGN, true},
		{"1 MB of random bytes as CTL-PGN", string(random), syntax.CTLPGN, true},
		{"NUL bytes", "[Event \"\x00\"]\n\n1. e4\x00 e5 \x00\x00 *\n\x00", syntax.PGN, true},
		{"one huge tag value", "[Event \"" + strings.Repeat("v", 5<<20) + "\"]\n\n*\n", syntax.PGN, true},
		{"one huge unterminated tag value", "[Event \"" + strings.Repeat("v", 5<<20), syntax.PGN, true},
		{"100000 empty games", strings.Repeat("*\n\n", 100000), syntax.PGN, false},
		{"100000 tag-only games", strings.Repeat("[Event \"e\"]\n\n", 100000), syntax.PGN, true},
		{"100000 comments closed by the next tag line", strings.Repeat("1. e4 {\n\n[Event \"x\"]\n\n", 100000), syntax.PGN, true},
		{"100000 comments and one brace", strings.Repeat("1. e4 {a\n", 100000) + "}", syntax.PGN, true},
	}
}

// TestPathologicalInputs runs the whole pipeline of `pgnls check` and
// `pgnls fmt` (parse, every analyzer, the streamed check, the formatter,
// an incremental reparse) over hostile inputs: it must finish in time,
// never panic, keep every byte, and report diagnostics where the input is
// broken.
func TestPathologicalInputs(t *testing.T) {
	for _, in := range pathological() {
		t.Run(in.name, func(t *testing.T) {
			within(t, pathologicalLimit, func() { runPipeline(t, in.text, in.d, in.report) })
		})
	}
}

// TestEveryTruncation cuts a real game at every byte (as an editor shows
// it while it is typed or pasted) and runs the pipeline on each prefix.
func TestEveryTruncation(t *testing.T) {
	for _, f := range []struct {
		path string
		d    syntax.Dialect
	}{
		{"../../testdata/examples/clean.pgn", syntax.PGN},
		{"../../testdata/examples/cescacs.ctl-pgn", syntax.CTLPGN},
	} {
		data, err := os.ReadFile(f.path)
		if err != nil {
			t.Skip(err)
		}
		text := string(data)
		within(t, pathologicalLimit, func() {
			for i := range len(text) + 1 {
				runPipeline(t, text[:i], f.d, false)
			}
		})
	}
}

// within runs f and fails the test when it takes longer than limit.
func within(t *testing.T, limit time.Duration, f func()) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	select {
	case p := <-done:
		if p != nil {
			t.Fatalf("panic: %v", p)
		}
	case <-ctx.Done():
		t.Fatalf("not done after %v", limit)
	}
}

func runPipeline(t *testing.T, text string, d syntax.Dialect, report bool) {
	f := syntax.Parse("in", text, d)
	if f.Text() != text {
		t.Errorf("the parse lost text")
	}
	n := 0
	for _, r := range f.Games() {
		n += len(analysis.Game(r.Game, d, nil, checks.All))
		res := format.Game(r.Game, d, format.Options{})
		if res.Skipped != "" && res.Text != r.Game.Text {
			t.Errorf("a game left unformatted (%s) changed", res.Skipped)
		}
	}
	n += len(f.FileErrors())
	if report && n == 0 {
		t.Errorf("no diagnostic")
	}
	streamed := 0
	gr := syntax.NewGameReader(strings.NewReader(text), "in", d, false)
	checks.CheckStream(context.Background(), gr, nil, func(_ syntax.StreamGame, ds []analysis.Diagnostic) { streamed++ })
	if streamed != f.NumGames() {
		t.Errorf("check streamed %d games, the parse has %d", streamed, f.NumGames())
	}
	if len(text) > 0 {
		mid := syntax.Pos(len(text) / 2)
		syntax.Reparse(f, syntax.Edit{Span: syntax.Span{Start: mid, End: mid}, New: "x"})
	}
}
