package query

import (
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// Highlights returns every occurrence, in the moves and comments of the
// game under the cursor, of the square (PGN, "e4") or hex (CTL-PGN,
// "F14", "~F14") under the cursor, in file order. It returns nil when
// the cursor is on no square or hex.
func Highlights(f *syntax.File, off syntax.Pos) []syntax.Span {
	r, rel, ok := locate(f, off)
	if !ok {
		return nil
	}
	g := r.Game
	var letters *cescacs.Alphabet
	if f.Dialect == syntax.CTLPGN {
		letters = lettersOf(g)
	}
	key, _, ok := coordAt(f.Dialect, g, rel, letters)
	if !ok {
		return nil
	}
	var out []syntax.Span
	for _, t := range g.Tokens {
		for _, c := range tokenCoords(f.Dialect, g, t, letters) {
			if c.key == key {
				out = append(out, syntax.Span{Start: t.Span.Start + syntax.Pos(c.start), End: t.Span.Start + syntax.Pos(c.end)}.Shift(r.Start))
			}
		}
	}
	return out
}

// tokenCoords returns the squares or hexes named in a move or comment
// token, with offsets relative to the token.
func tokenCoords(d syntax.Dialect, g *syntax.Game, t syntax.Token, letters *cescacs.Alphabet) []coord {
	switch t.Kind {
	case syntax.KMove:
		return moveCoords(d, g.Slice(t.Span), letters)
	case syntax.KBraceComment, syntax.KLineComment, syntax.KEscape:
		return commentCoords(d, g.Slice(t.Span))
	}
	return nil
}

// coordAt returns the square or hex under the game-relative offset rel
// and its game-relative span.
func coordAt(d syntax.Dialect, g *syntax.Game, rel syntax.Pos, letters *cescacs.Alphabet) (int, syntax.Span, bool) {
	ti := tokenAt(g, rel)
	if ti < 0 {
		return 0, syntax.Span{}, false
	}
	t := g.Tokens[ti]
	for _, c := range tokenCoords(d, g, t, letters) {
		sp := syntax.Span{Start: t.Span.Start + syntax.Pos(c.start), End: t.Span.Start + syntax.Pos(c.end)}
		if sp.Contains(rel) {
			return c.key, sp, true
		}
	}
	return 0, syntax.Span{}, false
}
