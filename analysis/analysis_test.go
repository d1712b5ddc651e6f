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

// TestRequires checks the driver against Requires: what an analyzer
// requires runs before it, once per game however many analyzers require
// it and wherever the caller lists it, and its diagnostics are kept only
// when the caller asked for it; its result is the game's, not the one
// before's; a result read without requiring its analyzer panics (a
// consumer that would silently work it out again fails here instead);
// the token need of what is required counts.
func TestRequires(t *testing.T) {
	f := syntax.Parse("t.pgn", "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n", syntax.PGN)
	event := analysis.NewResult[string]("event")
	var log []string
	producer := &analysis.Analyzer{Name: "producer", NeedsTokens: true, Codes: []analysis.CodeInfo{{Code: "made", Severity: analysis.Info}}, Run: func(p *analysis.Pass) {
		log = append(log, "producer")
		p.Report(analysis.Diagnostic{Code: "made", Severity: analysis.Info})
		event.Set(p, p.Game.Tags[0].Value)
	}}
	consumer := func(name string) *analysis.Analyzer {
		return &analysis.Analyzer{Name: name, Requires: []*analysis.Analyzer{producer}, Codes: []analysis.CodeInfo{{Code: "read", Severity: analysis.Info}}, Run: func(p *analysis.Pass) {
			log = append(log, name+" "+event.Of(p))
		}}
	}
	first, second := consumer("first"), consumer("second")
	for _, tc := range []struct {
		analyzers []*analysis.Analyzer
		log       string
		made      int // diagnostics of the producer
	}{
		{[]*analysis.Analyzer{first, second}, "producer first a second a producer first b second b", 0},
		{[]*analysis.Analyzer{second, producer, first}, "producer second a first a producer second b first b", 2},
		{[]*analysis.Analyzer{producer, producer}, "producer producer", 2},
	} {
		log = nil
		made := 0
		for _, r := range f.Games() {
			for _, d := range analysis.Game(r.Game, syntax.PGN, nil, tc.analyzers) {
				if d.Code == "made" {
					made++
				}
			}
		}
		if got := strings.Join(log, " "); got != tc.log || made != tc.made {
			t.Errorf("%d analyzers: ran %q with %d diagnostics of the producer, want %q with %d", len(tc.analyzers), got, made, tc.log, tc.made)
		}
	}
	_, pass := analysis.Run(f.Game(0).Game, syntax.PGN, nil, []*analysis.Analyzer{first})
	if v, ok := event.Lookup(pass); !ok || v != "a" {
		t.Errorf("the caller reads %q, %v; want a, true", v, ok)
	}
	stray := &analysis.Analyzer{Name: "stray", Run: func(p *analysis.Pass) { event.Of(p) }}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("reading a result without requiring its analyzer did not panic")
			}
		}()
		analysis.Game(f.Game(0).Game, syntax.PGN, nil, []*analysis.Analyzer{stray})
	}()
	if !analysis.NeedsTokens([]*analysis.Analyzer{first}, syntax.PGN, nil) {
		t.Error("NeedsTokens leaves out what the analyzers asked for require")
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
