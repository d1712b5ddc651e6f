package duplicates

import (
	"strconv"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// File returns the diagnostics of the games of f that repeat earlier
// games of f, file-absolute, under cfg. fingerprint returns the
// fingerprint of game i (Of, or one kept from an earlier analysis of the
// same game), and false for a game without one.
func File(f *syntax.File, cfg *analysis.Config, fingerprint func(i int) (Fingerprint, bool)) []analysis.Diagnostic {
	if !Enabled(cfg, f.Dialect) {
		return nil
	}
	x := Index{Line: func(i Ref) ([]uint64, bool) { return Line(f.Game(i).Game, f.Dialect), true }}
	var out []analysis.Diagnostic
	for i := range f.NumGames() {
		fp, ok := fingerprint(i)
		if !ok {
			continue
		}
		found := x.Add(i, fp)
		if found.Kind == None {
			continue
		}
		r, o := f.Game(i), f.Game(found.Other)
		other := Span(o.Game).Shift(o.Start)
		where := Where(found.Other, f.Position(other.Start).Line)
		d, ok := found.Diagnostic(cfg, Span(r.Game).Shift(r.Start), where, []analysis.Related{{Span: other, Msg: "the earlier game"}})
		if ok {
			out = append(out, d)
		}
	}
	return out
}

// Where names game i (from 0) of a file, whose diagnostic span starts on
// line (from 1), in messages: "game 13 (line 340)".
func Where(i, line int) string {
	return "game " + strconv.Itoa(i+1) + " (line " + strconv.Itoa(line) + ")"
}
