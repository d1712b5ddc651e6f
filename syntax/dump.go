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
	var b []byte
	b = append(b, "file "...)
	b = append(b, f.Name...)
	b = append(b, " dialect="...)
	b = append(b, f.Dialect.String()...)
	b = append(b, " games="...)
	b = strconv.AppendInt(b, int64(f.NumGames()), 10)
	b = append(b, '\n')
	for _, r := range f.Games() {
		b = dumpGame(b, r)
	}
	for _, e := range f.FileErrors() {
		b = append(b, "file-"...)
		b = append(b, e.String()...)
		b = append(b, '\n')
	}
	return string(b)
}

// The dump is built by appending, not by fmt: the random-edit tests
// dump every version of whole files, and fmt took three quarters of
// their time.

func dumpGame(b []byte, r GameRef) []byte {
	g := r.Game
	b = append(b, "game "...)
	b = appendSpan(b, r.Start, r.End())
	b = append(b, "\n  tokens:"...)
	for _, t := range g.Tokens {
		b = append(b, ' ')
		b = append(b, t.Kind.String()...)
		b = strconv.AppendQuote(b, g.Slice(t.Span))
	}
	b = append(b, '\n')
	b = dumpElems(b, g, "header", g.Header, 1)
	b = dumpElems(b, g, "moves", g.Moves, 1)
	if g.Result != nil {
		b = append(b, "  result "...)
		b = appendNode(b, g.Result)
		b = append(b, '\n')
	}
	b = dumpElems(b, g, "after", g.After, 1)
	for _, e := range g.Errs {
		b = append(b, "  "...)
		b = append(b, e.String()...)
		b = append(b, '\n')
	}
	return b
}

func dumpElems(b []byte, g *Game, title string, elems []Elem, depth int) []byte {
	if len(elems) == 0 {
		return b
	}
	ind := strings.Repeat("  ", depth)
	b = append(b, ind...)
	b = append(b, title...)
	b = append(b, ":\n"...)
	for _, e := range elems {
		b = append(b, ind...)
		b = append(b, "  "...)
		b = appendNode(b, e)
		b = append(b, '\n')
		if v, ok := e.(*Variation); ok {
			b = dumpElems(b, g, "elems", v.Elems, depth+2)
		}
	}
	return b
}

func appendSpan(b []byte, start, end Pos) []byte {
	b = strconv.AppendInt(b, int64(start), 10)
	b = append(b, ".."...)
	return strconv.AppendInt(b, int64(end), 10)
}

// appendNode describes one element on a line.
func appendNode(b []byte, e Elem) []byte {
	sp := e.Span()
	word := func(b []byte, name string) []byte {
		b = append(b, name...)
		b = append(b, ' ')
		return appendSpan(b, sp.Start, sp.End)
	}
	switch n := e.(type) {
	case *Tag:
		b = word(b, "Tag")
		b = append(b, " name="...)
		b = strconv.AppendQuote(b, n.Name)
		b = append(b, " value="...)
		b = strconv.AppendQuote(b, n.Value)
		b = append(b, " closed="...)
		return strconv.AppendBool(b, n.Closed)
	case *MoveNumber:
		b = word(b, "MoveNumber")
		b = append(b, " n="...)
		b = strconv.AppendInt(b, int64(n.Number), 10)
		b = append(b, " dots="...)
		b = strconv.AppendInt(b, int64(n.Dots), 10)
		b = append(b, " unknown="...)
		return strconv.AppendBool(b, n.Unknown)
	case *Move:
		b = append(word(b, "Move"), ' ')
		return strconv.AppendQuote(b, n.Text)
	case *Glyph:
		b = append(word(b, "Glyph"), ' ')
		return strconv.AppendQuote(b, n.Text)
	case *NAG:
		b = append(word(b, "NAG"), ' ')
		return strconv.AppendInt(b, int64(n.Value), 10)
	case *Comment:
		b = word(b, "Comment")
		b = append(b, " kind="...)
		b = strconv.AppendInt(b, int64(n.Kind), 10)
		b = append(b, " closed="...)
		b = strconv.AppendBool(b, n.Closed)
		b = append(b, ' ')
		return strconv.AppendQuote(b, n.Text)
	case *Variation:
		b = word(b, "Variation")
		b = append(b, " closed="...)
		b = strconv.AppendBool(b, n.Closed)
		if n.Label != nil {
			b = append(b, " label="...)
			b = strconv.AppendInt(b, int64(n.Label.Number), 10)
		}
		return b
	case *Ellipsis:
		return word(b, "Ellipsis")
	case *DrawOffer:
		return word(b, "DrawOffer")
	case *EndMark:
		return word(b, "EndMark")
	case *Result:
		b = append(word(b, "Result"), ' ')
		return strconv.AppendQuote(b, n.Text)
	case *Bad:
		b = append(word(b, "Bad"), ' ')
		return strconv.AppendQuote(b, n.Text)
	}
	return word(b, fmt.Sprintf("%T", e))
}
