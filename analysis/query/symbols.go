package query

import (
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/syntax"
)

// Symbols returns the outline of f: one symbol per game, named
// "White – Black, Event, Date, Result" (a CTL-PGN record without players
// is named by its Title or Id), with its variations nested as children.
// Games holding only comments or blank lines are left out.
func Symbols(f *syntax.File) []Symbol {
	if f == nil {
		return nil
	}
	var out []Symbol
	for i, r := range f.Games() {
		if sym, ok := gameSymbol(f.Dialect, r, i); ok {
			out = append(out, sym)
		}
	}
	return out
}

// gameSymbol returns the symbol of game i of a file, r; ok is false for a
// game holding only comments or blank lines.
func gameSymbol(d syntax.Dialect, r syntax.GameRef, i int) (sym Symbol, ok bool) {
	g := r.Game
	sp, ok := content(g)
	if !ok || len(g.Tags) == 0 && firstMove(g.Moves) == nil && g.Result == nil {
		return Symbol{}, false
	}
	name, detail := gameName(d, g, i)
	sel := sp
	if len(g.Tags) > 0 {
		sel = g.Tags[0].Sp
	} else if len(g.Moves) > 0 {
		sel = g.Moves[0].Span()
	}
	// A tag not closed on its line ends after the blanks that follow
	// it, beyond the last token.
	sp.Start, sp.End = min(sp.Start, sel.Start), max(sp.End, sel.End)
	if plies := countMoves(g.Moves); plies > 0 {
		detail += " · " + plural((plies+1)/2, "move")
	}
	return Symbol{
		Name: name, Detail: detail, Kind: SymbolGame,
		Span: sp.Shift(r.Start), Selection: sel.Shift(r.Start),
		Children: variationSymbols(d, g, g.Moves, r.Start),
	}, true
}

// gameName returns the name and detail of the symbol of game i.
func gameName(d syntax.Dialect, g *syntax.Game, i int) (name, detail string) {
	detail = "game " + strconv.Itoa(i+1)
	tag := func(names ...string) string {
		for _, n := range names {
			if v, ok := g.TagValue(n); ok && strings.TrimSpace(v) != "" {
				return strings.TrimSpace(v)
			}
		}
		return ""
	}
	white, black := tag("White"), tag("Black")
	if d == syntax.CTLPGN {
		white, black = tag("White", "WhiteNA", "WhiteAlias"), tag("Black", "BlackNA", "BlackAlias")
		if white == "" && black == "" {
			id, title := tag("Id"), tag("Title")
			switch {
			case title != "":
				if id != "" {
					detail = id + " · " + detail
				}
				return title, detail
			case id != "":
				return id, detail
			}
		}
	}
	var fields []string
	if white != "" || black != "" {
		fields = append(fields, or(white, "?")+" – "+or(black, "?"))
	}
	for _, v := range []string{tag("Event"), tag("Date")} {
		if v != "" {
			fields = append(fields, v)
		}
	}
	if len(fields) == 0 {
		fields = append(fields, "Game "+strconv.Itoa(i+1))
	}
	result := tag("Result")
	if result == "" && g.Result != nil {
		result = g.Result.Text
	}
	if result != "" {
		fields = append(fields, result)
	}
	return strings.Join(fields, ", "), detail
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

// plural returns "1 move", "2 moves".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// countMoves counts the moves of a line, not those of its variations.
func countMoves(line []syntax.Elem) int {
	n := 0
	for _, e := range line {
		if _, ok := e.(*syntax.Move); ok {
			n++
		}
	}
	return n
}

// variationSymbols returns the symbols of the variations of line.
func variationSymbols(d syntax.Dialect, g *syntax.Game, line []syntax.Elem, base syntax.Pos) []Symbol {
	var out []Symbol
	for _, e := range line {
		v, ok := e.(*syntax.Variation)
		if !ok {
			continue
		}
		sel := syntax.Span{Start: v.Sp.Start, End: min(v.Sp.Start+1, v.Sp.End)}
		if m := firstMove(v.Elems); m != nil {
			sel = m.Sp
		}
		out = append(out, Symbol{
			Name:      variationName(d, g, v),
			Detail:    "variation · " + plural(countMoves(v.Elems), "half-move"),
			Kind:      SymbolVariation,
			Span:      v.Span().Shift(base),
			Selection: sel.Shift(base),
			Children:  variationSymbols(d, g, v.Elems, base),
		})
	}
	return out
}

// variationName names a variation by its first move with the move number
// (and ellipsis) before it, as in "4. Nxd4", "4... Qg5" or "6. …, GH6-K12",
// preceded by its CTL-PGN label.
func variationName(d syntax.Dialect, g *syntax.Game, v *syntax.Variation) string {
	var words []string
	if v.Label != nil {
		words = append(words, g.Slice(v.Label.Sp))
	}
	for _, e := range v.Elems {
		switch n := e.(type) {
		case *syntax.MoveNumber:
			words = append(words, g.Slice(n.Sp))
			continue
		case *syntax.Ellipsis:
			w := g.Slice(n.Sp)
			if d == syntax.CTLPGN {
				w += ","
			}
			words = append(words, w)
			continue
		case *syntax.Move:
			words = append(words, n.Text)
		case *syntax.Comment:
			continue
		}
		break
	}
	if len(words) == 0 || v.Label != nil && len(words) == 1 {
		words = append(words, "(empty variation)")
	}
	return strings.Join(words, " ")
}

// GameName returns the name and detail of game i (0-based) of a file of
// dialect d, as its outline symbol has them: "White – Black, Event,
// Date, Result" and "game N". The workspace search names games so.
func GameName(d syntax.Dialect, g *syntax.Game, i int) (name, detail string) {
	return gameName(d, g, i)
}
