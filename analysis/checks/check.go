package checks

import (
	"context"
	"runtime"
	"slices"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// CheckStream reads the games of gr one by one and analyses them with All
// on every core while later games are still being read, and calls emit
// for each game, in file order, with its diagnostics (game-relative
// spans, sorted). The file-level diagnostics (line endings, encoding)
// are given with the game where they first apply. At most a few games per
// core are held at once, so memory does not grow with the file. It stops
// early when ctx is done.
func CheckStream(ctx context.Context, gr *syntax.GameReader, cfg *analysis.Config, emit func(syntax.StreamGame, []analysis.Diagnostic)) {
	type job struct {
		g     syntax.StreamGame
		file  []analysis.Diagnostic // file-level diagnostics starting in g
		diags []analysis.Diagnostic
		done  chan struct{}
	}
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan *job)
	order := make(chan *job, 4*workers) // bounds the games in flight
	for range workers {
		go func() {
			for j := range jobs {
				j.diags = analysis.Game(j.g.Game, gr.Dialect(), cfg, All)
				close(j.done)
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(jobs)
		var before []syntax.Error
		for ctx.Err() == nil {
			g, ok := gr.Next()
			if !ok {
				return
			}
			j := &job{g: g, done: make(chan struct{})}
			// File-level diagnostics that this game brought.
			after := gr.Facts().Errors()
			var fresh []syntax.Error
			for _, e := range after {
				if !slices.Contains(before, e) {
					e.Span = e.Span.Shift(-g.Start)
					fresh = append(fresh, e)
				}
			}
			before = after
			j.file = analysis.SyntaxDiagnostics(fresh, cfg)
			order <- j
			jobs <- j
		}
	}()
	for j := range order {
		<-j.done
		ds := append(j.diags, j.file...)
		analysis.Sort(ds)
		emit(j.g, ds)
	}
}
