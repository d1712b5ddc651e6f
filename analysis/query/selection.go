package query

import (
	"unicode"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// SelectionChain returns the spans around off for "expand selection",
// innermost first, each strictly containing the one before: the part of
// a move under the cursor (piece, square, …) or the word of a comment,
// the token, the move with its number and annotations, the enclosing
// variations, the movetext (or the tag and the tag section) and the game.
func SelectionChain(f *syntax.File, off syntax.Pos) []syntax.Span {
	r, rel, ok := locate(f, off)
	if !ok {
		return nil
	}
	g := r.Game
	var chain []syntax.Span
	add := func(sp syntax.Span) {
		if sp.End <= sp.Start || !sp.Contains(rel) {
			return
		}
		if n := len(chain); n > 0 {
			last := chain[n-1]
			if sp.Start > last.Start || sp.End < last.End || sp == last {
				return
			}
		}
		chain = append(chain, sp)
	}
	ti := tokenAt(g, rel)
	if ti >= 0 {
		t := g.Tokens[ti]
		text := g.Slice(t.Span)
		switch t.Kind {
		case syntax.KMove:
			var letters *cescacs.Alphabet
			if f.Dialect == syntax.CTLPGN {
				letters = lettersOf(g)
			}
			for _, p := range parts(nil, f.Dialect, text, letters) {
				add(syntax.Span{Start: t.Span.Start + syntax.Pos(p.start), End: t.Span.Start + syntax.Pos(p.end)})
			}
		case syntax.KBraceComment, syntax.KLineComment, syntax.KEscape:
			add(wordAt(text, int(rel-t.Span.Start)).Shift(t.Span.Start))
		case syntax.KString:
			if len(text) >= 2 {
				add(syntax.Span{Start: t.Span.Start + 1, End: t.Span.End - 1})
			}
		}
		add(t.Span)
	}
	inHeader := false
	if sp, ok := headerSpan(g); ok && rel <= sp.End {
		inHeader = true
		for _, tag := range g.Tags {
			add(tag.Sp)
		}
		add(sp)
	}
	if !inHeader {
		p := rel
		if ti >= 0 {
			p = g.Tokens[ti].Span.Start
		}
		w := whereIs(g, p)
		if sp, ok := moveGroup(w.line, w.index); ok && w.elem != nil {
			add(sp)
		}
		if v, ok := w.elem.(*syntax.Variation); ok {
			add(v.Span())
		}
		for k := len(w.vars) - 1; k >= 0; k-- {
			add(w.vars[k].Span())
		}
		if sp, ok := movetextSpan(g); ok {
			add(sp)
		}
	}
	if sp, ok := content(g); ok {
		add(sp)
	}
	for i := range chain {
		chain[i] = chain[i].Shift(r.Start)
	}
	return chain
}

// wordAt returns the run of non-space runes of text around offset i,
// trimmed of surrounding punctuation; the zero Span if there is none.
func wordAt(text string, i int) syntax.Span {
	isWord := func(r rune) bool { return !unicode.IsSpace(r) && r != '{' && r != '}' && r != ';' }
	lo, hi := i, i
	for lo > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:lo])
		if !isWord(r) {
			break
		}
		lo -= n
	}
	for hi < len(text) {
		r, n := utf8.DecodeRuneInString(text[hi:])
		if !isWord(r) {
			break
		}
		hi += n
	}
	return syntax.Span{Start: syntax.Pos(lo), End: syntax.Pos(hi)}
}
