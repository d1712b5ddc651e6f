// Package duplicatestest holds the reference the finders of repeated
// games (package duplicates) are tested against: the repeated games of
// a whole file, found in one pass over its parsed games.
package duplicatestest

import (
	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/syntax"
)

// File returns the diagnostics of the games of f that repeat earlier
// games of f, file-absolute, under cfg, in file order: those the
// streaming check (checks.Repeats) and the language server's live index
// must give for the same text.
func File(f *syntax.File, cfg *analysis.Config) []analysis.Diagnostic {
	if !duplicates.Enabled(cfg, f.Dialect) {
		return nil
	}
	fingerprint := func(i int) (duplicates.Fingerprint, bool) { return duplicates.Of(f.Game(i).Game, f.Dialect) }
	// Only the rare confirmation of a near-duplicate reads a game's tree.
	x := duplicates.Index{Line: func(i duplicates.Ref, fp duplicates.Fingerprint) ([]uint64, bool) {
		return duplicates.Line(f.Game(i).Game, f.Dialect), true
	}}
	x.Grow(f.NumGames())
	var out []analysis.Diagnostic
	for i := range f.NumGames() {
		fp, ok := fingerprint(i)
		if !ok {
			continue
		}
		found := x.Add(i, fp)
		if found.Kind == duplicates.None {
			continue
		}
		ofp, _ := fingerprint(found.Other)
		sp := ofp.Mark.Shift(f.GameSpan(found.Other).Start)
		where := duplicates.Where(found.Other, f.Position(sp.Start).Line)
		if d, ok := found.Diagnostic(cfg, fp.Mark.Shift(f.GameSpan(i).Start), where, &sp); ok {
			out = append(out, d)
		}
	}
	return out
}
