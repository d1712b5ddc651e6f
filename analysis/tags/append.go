package tags

import (
	"strings"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// Plies returns the half-moves of the main line of g as written: what a
// PlyCount tag gives (moves of variations do not count; a null move
// does).
func Plies(g *syntax.Game) int {
	n := 0
	for _, e := range g.Moves {
		if _, ok := e.(*syntax.Move); ok {
			n++
		}
	}
	return n
}

// Pair returns the text of the tag pair [name "value"] to write into g:
// the value escaped, and in Windows-1252 (Latin-1) when g's text is not
// valid UTF-8, as the file's other bytes are; ok is false when the value
// has a character that encoding cannot hold.
func Pair(g *syntax.Game, name, value string) (string, bool) {
	v, ok := Quoted(g, value)
	return "[" + name + " " + v + "]", ok
}

// Quoted returns value as a quoted tag value to write into g: escaped,
// and in Windows-1252 (Latin-1) when g's text is not valid UTF-8; ok is
// false when the value has a character that encoding cannot hold.
func Quoted(g *syntax.Game, value string) (string, bool) {
	return QuotedIn(!utf8.ValidString(g.Text), value)
}

// QuotedIn is Quoted for a game whose text is Latin-1 (not UTF-8) when
// latin1 is true.
func QuotedIn(latin1 bool, value string) (string, bool) {
	v := syntax.Escape(value)
	if latin1 {
		var b strings.Builder
		for _, r := range v {
			c, ok := syntax.EncodeLatin1(r)
			if !ok {
				return "", false
			}
			b.WriteByte(c)
		}
		v = b.String()
	}
	return `"` + v + `"`, true
}

// Append returns the edits (game-relative) that add the tag pairs pairs
// (their text, brackets included) to g, each on a line of its own after
// its last tag, or, when it has none, before its first element, with a
// blank line before the movetext.
func Append(g *syntax.Game, pairs []string) []analysis.Edit {
	if len(pairs) == 0 {
		return nil
	}
	nl := analysis.LineEnd(g)
	var b strings.Builder
	if n := len(g.Tags); n > 0 {
		for _, p := range pairs {
			b.WriteString(nl + p)
		}
		end := g.Tags[n-1].Sp.End
		return []analysis.Edit{{Span: syntax.Span{Start: end, End: end}, New: b.String()}}
	}
	for _, p := range pairs {
		b.WriteString(p + nl)
	}
	at := syntax.Pos(len(g.Text) - len(strings.TrimLeft(g.Text, " \t\r\n\uFEFF")))
	return []analysis.Edit{{Span: syntax.Span{Start: at, End: at}, New: b.String() + nl}}
}
