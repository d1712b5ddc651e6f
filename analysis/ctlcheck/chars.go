package ctlcheck

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// structuredTags are the tags whose values follow a notation in which an
// en dash can only be a mistaken hyphen.
var structuredTags = []string{"Date", "EventDate", "MatchDate", "Round", "Result", "Id", "Revisited", "Model", "Example", "TimeControl", "AnnotatorId"}

// nextNonASCII returns the offset of the first byte of s from i on that
// is not ASCII, or len(s); eight bytes at a time.
func nextNonASCII(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		// Through a slice of eight bytes, so that the compiler proves the
		// indexes and makes one load of the eight.
		w := s[i : i+8]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		if x&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i
		}
	}
	return len(s)
}

// lookAlike returns the replacement of a character that imitates a
// hyphen or a space, and whether r is one. The en dash is handled apart.
func lookAlike(r rune) (string, bool) {
	switch r {
	case '\u2011', '\u2012', '\u2014', '\u2015', '\u2212', '\uFE63', '\uFF0D':
		return "-", true
	case '\u200B', '\u2060':
		return "", true
	}
	if r >= utf8.RuneSelf && unicode.IsSpace(r) {
		return " ", true
	}
	return "", false
}

func runChars(p *analysis.Pass) {
	g := p.Game
	for _, t := range g.Tags {
		if !slices.Contains(structuredTags, canonicalName(t.Name)) || t.ValueSpan.Len() == 0 {
			continue
		}
		inner := innerSpan(t, g.Text)
		for i, r := range g.Slice(inner) {
			if r != '–' {
				continue
			}
			sp := syntax.Span{Start: inner.Start + syntax.Pos(i), End: inner.Start + syntax.Pos(i+len("–"))}
			p.Report(analysis.Diagnostic{
				Span: sp, Severity: analysis.Warning, Code: CodeEnDash,
				Message: "en dash (U+2013) in the " + t.Name + " value; the notation's hyphen is '-'",
				Fixes:   fix("Write -", sp, "-"),
			})
		}
	}
	// Only the characters past ASCII matter: go from one to the next,
	// looking up the token of each.
	text, toks := g.Text, g.Tokens
	for i := nextNonASCII(text, 0); i < len(text); i = nextNonASCII(text, i) {
		k := g.TokenAt(syntax.Pos(i))
		if k < 0 {
			break
		}
		t := toks[k]
		switch t.Kind {
		case syntax.KSpace, syntax.KNewline, syntax.KBOM, syntax.KBraceComment, syntax.KLineComment, syntax.KEscape,
			syntax.KTagOpen, syntax.KTagName, syntax.KString, syntax.KTagClose:
			i = max(int(t.Span.End), i+1)
			continue
		}
		if int(t.Span.Start) > i {
			i = int(t.Span.Start) // between tokens
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:t.Span.End])
		at := i
		i += size
		if r == utf8.RuneError {
			continue
		}
		sp := syntax.Span{Start: syntax.Pos(at), End: syntax.Pos(at + size)}
		if r == '–' {
			if t.Kind == syntax.KMove {
				continue // ctllegality reports it with the move's other problems
			}
			p.Report(analysis.Diagnostic{
				Span: sp, Severity: analysis.Warning, Code: CodeEnDash,
				Message: "en dash (U+2013) used as a hyphen; the notation writes '-'",
				Fixes:   fix("Write -", sp, "-"),
			})
			continue
		}
		if repl, ok := lookAlike(r); ok {
			title := "Write " + repl
			switch repl {
			case " ":
				title = "Write a space"
			case "":
				title = "Remove it"
			}
			p.Report(analysis.Diagnostic{
				Span: sp, Severity: analysis.Warning, Code: CodeCharacter,
				Message: "character " + strconv.QuoteRune(r) + " (U+" + strings.ToUpper(strconv.FormatInt(int64(r), 16)) + ") is not part of the CTL-PGN notation",
				Fixes:   fix(title, sp, repl),
			})
		}
	}
}
