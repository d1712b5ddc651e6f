package checks

import (
	"context"
	"slices"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/syntax"
)

// CheckStreamRepeats reads the games of gr one by one and analyses them
// with analyzers (nil: only the parser's diagnostics), jobs games at once
// (every core when jobs < 1), while later games are still being read
// (see analysis.EachGame), and calls emit for each game, in file order,
// with its diagnostics (game-relative spans, sorted). The file-level
// diagnostics (line endings, encoding) are given with the game where they
// first apply, and a game that repeats an earlier game (package
// duplicates) gets that diagnostic too: rep finds them, whose current
// stream (see Repeats.StreamFile) is gr's, across the streams checked
// with rep before too. Memory does not grow with the file, but for a
// fingerprint of each game. It stops early when ctx is done.
func CheckStreamRepeats(ctx context.Context, gr *syntax.GameReader, jobs int, cfg *analysis.Config, analyzers []*analysis.Analyzer, rep *Repeats, emit func(syntax.StreamGame, []analysis.Diagnostic)) {
	type result struct {
		file  []analysis.Diagnostic // file-level diagnostics starting in the game
		diags []analysis.Diagnostic
		fp    duplicates.Fingerprint
		hasFP bool
	}
	rep.streams[len(rep.streams)-1].dialect = gr.Dialect()
	repeats := duplicates.Enabled(cfg, gr.Dialect())
	if repeats {
		analyzers = append(slices.Clip(analyzers), duplicates.Fingerprinter)
	}
	if !analysis.NeedsTokens(analyzers, gr.Dialect(), cfg) {
		// No analyzer that would report anything declares that it reads
		// the tokens (TestNeedsTokens holds the declarations).
		gr.DropTokens()
	}
	var before []syntax.Error
	var seen syntax.FileFacts
	read := func(it *analysis.StreamItem[result]) {
		// File-level diagnostics that this game brought: none unless the
		// facts changed (nearly every game leaves them as they were).
		if *gr.Facts() == seen {
			return
		}
		seen = *gr.Facts()
		after := seen.Errors()
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
	plan := analysis.NewPlan(analyzers, gr.Dialect(), cfg)
	work := func(it *analysis.StreamItem[result]) {
		var pass *analysis.Pass
		it.Value.diags, pass = plan.Run(it.Game.Game)
		if repeats {
			fp := duplicates.FingerprintResult.Of(pass)
			it.Value.fp, it.Value.hasFP = fp.Fingerprint, fp.OK
		}
	}
	analysis.EachGame(ctx, gr, jobs, read, work, func(it *analysis.StreamItem[result]) {
		ds := append(it.Value.diags, it.Value.file...)
		if repeats {
			if d, ok := rep.add(it.Game, it.Value.fp, it.Value.hasFP, cfg); ok {
				ds = append(ds, d)
			}
		}
		analysis.Sort(ds)
		emit(it.Game, ds)
	})
}
