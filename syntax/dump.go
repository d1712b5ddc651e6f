package syntax

import (
	"fmt"
	"strconv"
	"strings"
)

// Dump writes a stable text form of f for golden files and tests: every
// game with its span, tokens, typed nodes and diagnostics, then the
// file-level diagnostics.
func Dump(f *File) string {
	var b strings.Builder
	fmt.Fprintf(&b, "file %s dialect=%s games=%d\n", f.Name, f.Dialect, f.NumGames())
	for _, r := range f.Games() {
		dumpGame(&b, r)
	}
	for _, e := range f.FileErrors() {
		fmt.Fprintf(&b, "file-%s\n", e)
	}
	return b.String()
}

func dumpGame(b *strings.Builder, r GameRef) {
	g := r.Game
	fmt.Fprintf(b, "game %d..%d\n", r.Start, r.End())
	b.WriteString("  tokens:")
	for _, t := range g.Tokens {
		fmt.Fprintf(b, " %s%s", t.Kind, strconv.Quote(g.Slice(t.Span)))
	}
	b.WriteString("\n")
	dumpElems(b, g, "header", g.Header, 1)
	dumpElems(b, g, "moves", g.Moves, 1)
	if g.Result != nil {
		fmt.Fprintf(b, "  result %s\n", node(g, g.Result))
	}
	dumpElems(b, g, "after", g.After, 1)
	for _, e := range g.Errs {
		fmt.Fprintf(b, "  %s\n", e)
	}
}

func dumpElems(b *strings.Builder, g *Game, title string, elems []Elem, depth int) {
	if len(elems) == 0 {
		return
	}
	ind := strings.Repeat("  ", depth)
	fmt.Fprintf(b, "%s%s:\n", ind, title)
	for _, e := range elems {
		fmt.Fprintf(b, "%s  %s\n", ind, node(g, e))
		if v, ok := e.(*Variation); ok {
			dumpElems(b, g, "elems", v.Elems, depth+2)
		}
	}
}

// node describes one element on a line.
func node(g *Game, e Elem) string {
	sp := e.Span()
	pos := fmt.Sprintf("%d..%d", sp.Start, sp.End)
	switch n := e.(type) {
	case *Tag:
		return fmt.Sprintf("Tag %s name=%q value=%q closed=%t", pos, n.Name, n.Value, n.Closed)
	case *MoveNumber:
		return fmt.Sprintf("MoveNumber %s n=%d dots=%d unknown=%t", pos, n.Number, n.Dots, n.Unknown)
	case *Move:
		return fmt.Sprintf("Move %s %q", pos, n.Text)
	case *Glyph:
		return fmt.Sprintf("Glyph %s %q", pos, n.Text)
	case *NAG:
		return fmt.Sprintf("NAG %s %d", pos, n.Value)
	case *Comment:
		return fmt.Sprintf("Comment %s kind=%d closed=%t %q", pos, n.Kind, n.Closed, n.Text)
	case *Variation:
		label := ""
		if n.Label != nil {
			label = fmt.Sprintf(" label=%d", n.Label.Number)
		}
		return fmt.Sprintf("Variation %s closed=%t%s", pos, n.Closed, label)
	case *Ellipsis:
		return "Ellipsis " + pos
	case *DrawOffer:
		return "DrawOffer " + pos
	case *EndMark:
		return "EndMark " + pos
	case *Result:
		return fmt.Sprintf("Result %s %q", pos, n.Text)
	case *Bad:
		return fmt.Sprintf("Bad %s %q", pos, n.Text)
	}
	return fmt.Sprintf("%T %s", e, pos)
}
