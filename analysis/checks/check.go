package checks

import (
	"context"
	"runtime"
	"slices"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// batchBytes is about how much game text one unit of work holds: games are
// handed to the workers in batches so that synchronisation costs little
// next to the analysis.
const batchBytes = 64 << 10

// CheckStream reads the games of gr one by one and analyses them with All
// on every core while later games are still being read, and calls emit
// for each game, in file order, with its diagnostics (game-relative
// spans, sorted). The file-level diagnostics (line endings, encoding)
// are given with the game where they first apply. At most a few batches
// of games per core are held at once, so memory does not grow with the
// file. It stops early when ctx is done.
func CheckStream(ctx context.Context, gr *syntax.GameReader, cfg *analysis.Config, emit func(syntax.StreamGame, []analysis.Diagnostic)) {
	type item struct {
		g     syntax.StreamGame
		file  []analysis.Diagnostic // file-level diagnostics starting in g
		diags []analysis.Diagnostic
	}
	type batch struct {
		items []item
		done  chan struct{}
	}
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan *batch, workers)
	order := make(chan *batch, 4*workers) // bounds the batches in flight
	for range workers {
		go func() {
			for b := range jobs {
				for i := range b.items {
					it := &b.items[i]
					it.diags = analysis.Game(it.g.Game, gr.Dialect(), cfg, All)
				}
				close(b.done)
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(jobs)
		var before []syntax.Error
		b, size := &batch{done: make(chan struct{})}, 0
		send := func() {
			order <- b
			jobs <- b
			b, size = &batch{done: make(chan struct{})}, 0
		}
		for ctx.Err() == nil {
			g, ok := gr.Next()
			if !ok {
				break
			}
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
			b.items = append(b.items, item{g: g, file: analysis.SyntaxDiagnostics(fresh, cfg)})
			if size += len(g.Game.Text); size >= batchBytes {
				send()
			}
		}
		if len(b.items) > 0 {
			send()
		}
	}()
	for b := range order {
		<-b.done
		for _, it := range b.items {
			ds := append(it.diags, it.file...)
			analysis.Sort(ds)
			emit(it.g, ds)
		}
	}
}
