package analysis

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/syntax"
)

// CodeGluedToken marks a move number written against its move ("1.e4").
const CodeGluedToken Code = "glued-token"

// Layout reports import-format spellings that export format writes
// differently and that the parser accepts silently.
var Layout = &Analyzer{
	Name: "syntax",
	Doc:  "Layout hints: spellings that import format accepts and export format writes differently.",
	Codes: []CodeInfo{
		{Code: CodeGluedToken, Severity: Hint, Layout: true, Doc: "A move number is written against the move after it, for example '1.e4'; export format puts a space between them."},
	},
	NeedsTokens: true, // a move number glued to its move is two tokens, one node
	Run:         runLayout,
}

func runLayout(p *Pass) {
	if !p.Enabled(CodeGluedToken, Hint) {
		return
	}
	toks := p.Game.Tokens
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Kind == syntax.KMoveNumber && toks[i+1].Kind == syntax.KMove {
			p.Report(Diagnostic{
				Span:     syntax.Span{Start: toks[i].Span.Start, End: toks[i+1].Span.End},
				Severity: Hint,
				Code:     CodeGluedToken,
				Message:  "no space between the move number and the move",
				Fixes: []Fix{{
					Title: "Insert a space",
					Edits: []Edit{{Span: syntax.Span{Start: toks[i].Span.End, End: toks[i].Span.End}, New: " "}},
				}},
			})
		}
	}
}

// EvalSymbols maps the evaluation symbols that annotators and ChessBase
// exports write in movetext, which PGN has no token for, to their NAGs
// (PGN standard §10; nag's table holds the same symbols).
var EvalSymbols = map[string]int{
	"=": 10, "∞": 13, "+=": 14, "⩲": 14, "=+": 15, "⩱": 15,
	"+/-": 16, "±": 16, "-/+": 17, "∓": 17, "+-": 18, "-+": 19,
}

// SyntaxFixes returns the repairs of a parser diagnostic e of game g,
// of dialect d: an unknown token that is an evaluation symbol becomes its
// NAG, and one of punctuation only (a comma between moves, a stray
// period) goes, with a blank beside it (Manual: it deletes the token); an
// unescaped quote in a tag value is escaped, which keeps the value the
// parser reads; a game without a termination marker gets the one
// Terminator gives, after its last element.
func SyntaxFixes(g *syntax.Game, d syntax.Dialect, e syntax.Error) []Fix {
	switch e.Code {
	case syntax.CodeUnknownToken:
		return unknownTokenFixes(g, e)
	case syntax.CodeUnescapedQuote:
		if g.Slice(e.Span) == `"` {
			return []Fix{{Title: `Escape the quote`, Edits: []Edit{{Span: e.Span, New: `\"`}}}}
		}
	case syntax.CodeMissingResult:
		term, ok := Terminator(g, d)
		if !ok {
			return nil
		}
		at, sep, ok := resultPlace(g, d)
		if !ok {
			return nil
		}
		return []Fix{{Title: "End the game with " + term, Edits: []Edit{{Span: syntax.Span{Start: at, End: at}, New: sep + term}}}}
	}
	return nil
}

// unknownTokenFixes returns the repairs of an unknown token.
func unknownTokenFixes(g *syntax.Game, e syntax.Error) []Fix {
	if e.Span.Len() == 0 {
		return nil
	}
	text := g.Slice(e.Span)
	if n, ok := EvalSymbols[text]; ok {
		return []Fix{{Title: "Write $" + strconv.Itoa(n), Edits: []Edit{{Span: e.Span, New: "$" + strconv.Itoa(n)}}}}
	}
	for i := 0; i < len(text); i++ {
		if !strings.ContainsRune(`!"#%&'*+,-./:;<=>?@\^_|~`, rune(text[i])) {
			return nil
		}
	}
	sp := e.Span
	if int(sp.End) < len(g.Text) && sp.Start > 0 && isBlank(g.Text[sp.Start-1]) && isBlank(g.Text[sp.End]) {
		sp.End++ // "e4 , e5" becomes "e4 e5"
	}
	return []Fix{{Title: "Remove " + strconv.Quote(text), Edits: []Edit{{Span: sp}},
		Manual: "it deletes the unknown token " + strconv.Quote(text)}}
}

// Terminator returns the termination marker of game g of dialect d: its
// own; without one, the one its Result tag gives, or "*" when it has no
// Result tag (for PGN also when the tag's value is no result). ok is
// false for a CTL-PGN record without a result line whose Result tag is
// not a CTL-PGN result. The formatter writes it, and the fix of
// missing-result inserts it.
func Terminator(g *syntax.Game, d syntax.Dialect) (term string, ok bool) {
	if g.Result != nil {
		return g.Result.Text, true
	}
	v, has := g.TagValue("Result")
	if d == syntax.PGN {
		if slices.Contains(PGNResults, v) {
			return v, true
		}
		return "*", true
	}
	switch {
	case !has:
		return "*", true
	case slices.Contains(CTLResults, v):
		return v, true
	}
	return "", false
}

// PGNResults are the termination markers of PGN (its standard, 8.2.6).
var PGNResults = []string{"1-0", "0-1", "1/2-1/2", "*"}

// CTLResults are the results of CTL-PGN (the C'escacs specification,
// §5.4).
var CTLResults = []string{"3-0", "0-3", "1-1", "2-1", "1-2", "*"}

// resultPlace returns where the termination marker of g goes, after its
// last element, and what separates it from that element: a space in
// PGN movetext, a line end after a line comment, before a CTL-PGN result
// line (which is a line of its own) and after a tag section without
// movetext, where a blank line precedes it. ok is false for a game
// without elements.
func resultPlace(g *syntax.Game, d syntax.Dialect) (at syntax.Pos, sep string, ok bool) {
	nl := LineEnd(g)
	if len(g.Moves) == 0 {
		if len(g.Header) == 0 {
			return 0, "", false
		}
		return g.Header[len(g.Header)-1].Span().End, nl + nl, true
	}
	last := g.Moves[len(g.Moves)-1]
	if c, isComment := last.(*syntax.Comment); isComment && c.Kind != syntax.BraceKind || d != syntax.PGN {
		return last.Span().End, nl, true
	}
	return last.Span().End, " ", true
}

// LineEnd returns the line terminator of game g: "\r\n" when its first
// line ends so, else "\n". The first line decides, not any CRLF: the
// blank lines a game ends with are the separator before the next game,
// which takes the next game's terminator.
func LineEnd(g *syntax.Game) string {
	if i := strings.IndexByte(g.Text, '\n'); i > 0 && g.Text[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// Digits reports whether s is one or more ASCII digits.
func Digits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
