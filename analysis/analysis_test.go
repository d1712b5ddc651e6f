package analysis_test

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// TestReportInstead checks that an analyzer's diagnostic replaces the
// parser's of the given code inside its span, unless it is switched off.
func TestReportInstead(t *testing.T) {
	g := syntax.Parse("t.pgn", "[Event \"a\"b\"]\n\n*\n", syntax.PGN).Game(0).Game
	if len(g.Errs) != 1 || g.Errs[0].Code != syntax.CodeUnescapedQuote {
		t.Fatalf("parser errors %v, want one unescaped-quote", g.Errs)
	}
	quote := g.Errs[0].Span
	a := &analysis.Analyzer{Name: "instead", Run: func(p *analysis.Pass) {
		p.ReportInstead(analysis.Diagnostic{Span: quote, Severity: analysis.Error, Code: "better", Message: "stray quote"}, syntax.CodeUnescapedQuote)
	}}
	codes := func(cfg *analysis.Config) (out []analysis.Code) {
		for _, d := range analysis.Game(g, syntax.PGN, cfg, []*analysis.Analyzer{a}) {
			out = append(out, d.Code)
		}
		return out
	}
	if got := codes(nil); len(got) != 1 || got[0] != "better" {
		t.Errorf("got %v, want [better]", got)
	}
	off := &analysis.Config{Severity: map[analysis.Code]analysis.Severity{"better": 0}}
	if got := codes(off); len(got) != 1 || got[0] != syntax.CodeUnescapedQuote {
		t.Errorf("with the code off: got %v, want [%s]", got, syntax.CodeUnescapedQuote)
	}
}

// TestShare checks that a value shared by an analyzer is seen by those
// that run after it on the same game, and not on the next game.
func TestShare(t *testing.T) {
	type key struct{}
	f := syntax.Parse("t.pgn", "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n", syntax.PGN)
	var seen []any
	first := &analysis.Analyzer{Name: "first", Run: func(p *analysis.Pass) {
		if _, ok := p.Shared(key{}); !ok {
			p.Share(key{}, p.Game.Tags[0].Value)
		}
	}}
	second := &analysis.Analyzer{Name: "second", Run: func(p *analysis.Pass) {
		v, _ := p.Shared(key{})
		seen = append(seen, v)
	}}
	for _, r := range f.Games() {
		analysis.Game(r.Game, syntax.PGN, nil, []*analysis.Analyzer{second, first, second})
	}
	if len(seen) != 4 || seen[0] != nil || seen[1] != "a" || seen[2] != nil || seen[3] != "b" {
		t.Errorf("second saw %v, want [<nil> a <nil> b]", seen)
	}
}

// TestEachGameJoins: EachGame returns once the goroutines it started
// have ended, whether it read the whole stream or was cancelled.
func TestEachGameJoins(t *testing.T) {
	text := strings.Repeat("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n", 20000)
	for _, cancelled := range []bool{false, true} {
		before := runtime.NumGoroutine()
		ctx, cancel := context.WithCancel(context.Background())
		n := 0
		gr := syntax.NewGameReader(strings.NewReader(text), "x.pgn", syntax.PGN, false)
		analysis.EachGame(ctx, gr, 0, nil, func(*analysis.StreamItem[int]) {}, func(*analysis.StreamItem[int]) {
			if n++; cancelled && n == 100 {
				cancel()
			}
		})
		cancel()
		if !cancelled && n != 20000 {
			t.Fatalf("%d games emitted, want 20000", n)
		}
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before {
			if time.Now().After(deadline) {
				t.Fatalf("cancelled=%v: %d goroutines after EachGame, %d before", cancelled, runtime.NumGoroutine(), before)
			}
			time.Sleep(time.Millisecond)
		}
	}
}

// TestEachGameBatchOneByOne: with batches of one byte, each game is a
// unit of work of its own: the first game's work can wait for the
// second's on another worker, and the games are still emitted in order.
func TestEachGameBatchOneByOne(t *testing.T) {
	gr := syntax.NewGameReader(strings.NewReader("1. e4 *\n\n1. d4 *\n\n1. c4 *\n"), "x.pgn", syntax.PGN, false)
	second := make(chan struct{})
	var order []string
	analysis.EachGameBatch(context.Background(), gr, 2, 1, nil, func(it *analysis.StreamItem[string]) {
		text := it.Game.Game.Text
		switch {
		case strings.HasPrefix(text, "1. e4"):
			select {
			case <-second:
			case <-time.After(10 * time.Second):
				t.Error("the second game was not worked on while the first one was")
			}
		case strings.HasPrefix(text, "1. d4"):
			close(second)
		}
		it.Value = text[:5]
	}, func(it *analysis.StreamItem[string]) {
		order = append(order, it.Value)
	})
	if got := strings.Join(order, ","); got != "1. e4,1. d4,1. c4" {
		t.Errorf("emitted %s", got)
	}
}
