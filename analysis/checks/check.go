package checks

import (
	"context"
	"slices"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// CheckStream reads the games of gr one by one and analyses them with All
// on every core while later games are still being read (see
// analysis.EachGame), and calls emit for each game, in file order, with
// its diagnostics (game-relative spans, sorted). The file-level
// diagnostics (line endings, encoding) are given with the game where they
// first apply. Memory does not grow with the file. It stops early when
// ctx is done.
func CheckStream(ctx context.Context, gr *syntax.GameReader, cfg *analysis.Config, emit func(syntax.StreamGame, []analysis.Diagnostic)) {
	type result struct {
		file  []analysis.Diagnostic // file-level diagnostics starting in the game
		diags []analysis.Diagnostic
	}
	if !analysis.NeedsTokens(All, gr.Dialect(), cfg) {
		// No analyzer that would report anything declares that it reads
		// the tokens (TestNeedsTokens holds the declarations).
		gr.DropTokens()
	}
	var before []syntax.Error
	read := func(it *analysis.StreamItem[result]) {
		// File-level diagnostics that this game brought.
		after := gr.Facts().Errors()
		var fresh []syntax.Error
		for _, e := range after {
			if !slices.Contains(before, e) {
				e.Span = e.Span.Shift(-it.Game.Start)
				fresh = append(fresh, e)
			}
		}
		before = after
		it.Value.file = analysis.SyntaxDiagnostics(fresh, gr.Dialect(), cfg)
	}
	work := func(it *analysis.StreamItem[result]) {
		it.Value.diags = analysis.Game(it.Game.Game, gr.Dialect(), cfg, All)
	}
	analysis.EachGame(ctx, gr, read, work, func(it *analysis.StreamItem[result]) {
		ds := append(it.Value.diags, it.Value.file...)
		analysis.Sort(ds)
		emit(it.Game, ds)
	})
}
