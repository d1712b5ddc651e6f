package analysis

import "github.com/pgnls/pgnls/syntax"

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
	Run: runLayout,
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
