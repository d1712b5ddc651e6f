package analysis

import (
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

// syntaxFixes returns the obvious repairs of a syntax error of g: an
// unknown token that is an evaluation symbol becomes its NAG; one of
// punctuation only (a comma between moves, a stray period) goes, with a
// blank beside it.
func syntaxFixes(g *syntax.Game, e syntax.Error) []Fix {
	if e.Code != syntax.CodeUnknownToken || e.Span.Len() == 0 {
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
	return []Fix{{Title: "Remove " + strconv.Quote(text), Edits: []Edit{{Span: sp}}}}
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }
