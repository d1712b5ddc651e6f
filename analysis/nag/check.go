package nag

import (
	"strconv"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// Codes reported by the Analyzer.
const (
	CodeOutOfRange   = analysis.Code("nag-out-of-range")
	CodeNull         = analysis.Code("null-nag")
	CodeNonStandard  = analysis.Code("nonstandard-nag")
	CodeSuffixGlyph  = analysis.Code("suffix-glyph")
	CodeTwoAssess    = analysis.Code("duplicate-assessment")
	CodeWithoutMove  = analysis.Code("annotation-without-move")
	CodeUnknownGlyph = analysis.Code("unknown-glyph")
)

// Analyzer checks numeric annotation glyphs and suffix glyphs.
var Analyzer = &analysis.Analyzer{
	Name: "nag",
	Doc:  "Annotation glyph checks: NAG range, non-standard NAGs, suffix glyphs and repeated move assessments.",
	Codes: []analysis.CodeInfo{
		{Code: CodeOutOfRange, Severity: analysis.Error, Doc: "A NAG number is above 255, the largest the PGN standard allows."},
		{Code: CodeNull, Severity: analysis.Warning, Doc: "$0 is the null annotation; export format does not write it."},
		{Code: CodeNonStandard, Severity: analysis.Hint, Doc: "A NAG above 139 that no standard or widely used extension assigns a meaning to."},
		{Code: CodeSuffixGlyph, Severity: analysis.Hint, Layout: true, Doc: "A suffix glyph (! ? !! ?? !? ?!) that PGN export format writes as the NAG $1..$6. CTL-PGN writes the glyphs, so this is not reported there."},
		{Code: CodeTwoAssess, Severity: analysis.Warning, Doc: "A move carries more than one move assessment ($1..$9 or their glyphs), for example both '!' and '$1'."},
		{Code: CodeWithoutMove, Severity: analysis.Warning, Doc: "A NAG or glyph does not follow a move (for example right after '(' or a move number)."},
		{Code: CodeUnknownGlyph, Severity: analysis.Error, Doc: "The CTL-PGN glyph '◇' used in a PGN file, or another glyph PGN does not define."},
	},
	Run: run,
}

func run(p *analysis.Pass) {
	check(p, p.Game.Moves)
}

// check walks one line of moves; variations are checked recursively.
func check(p *analysis.Pass, elems []syntax.Elem) {
	var move *syntax.Move
	var assessed syntax.Node // first move assessment on the current move
	for _, e := range elems {
		switch n := e.(type) {
		case *syntax.Move:
			move, assessed = n, nil
		case *syntax.MoveNumber, *syntax.Result, *syntax.Ellipsis:
			move = nil
		case *syntax.Variation:
			check(p, n.Elems)
			move = nil
		case *syntax.NAG:
			value := n.Value
			checkNAG(p, n)
			if move == nil {
				p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Warning, Code: CodeWithoutMove, Message: "$" + strconv.Itoa(value) + " does not follow a move"})
				continue
			}
			if IsMoveAssessment(value) {
				assessed = twice(p, assessed, n)
			}
		case *syntax.Glyph:
			value, ok := Glyphs[n.Text]
			if !ok || (n.Text == "◇" && p.Dialect == syntax.PGN) {
				p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Error, Code: CodeUnknownGlyph, Message: "glyph " + n.Text + " is not a PGN suffix annotation"})
				continue
			}
			if move == nil {
				p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Warning, Code: CodeWithoutMove, Message: n.Text + " does not follow a move"})
				continue
			}
			if p.Dialect == syntax.PGN {
				nag := "$" + strconv.Itoa(value)
				p.Report(analysis.Diagnostic{
					Span: n.Sp, Severity: analysis.Hint, Code: CodeSuffixGlyph,
					Message: n.Text + " is written " + nag + " in export format",
					Fixes:   []analysis.Fix{{Title: "Write " + nag, Edits: []analysis.Edit{{Span: syntax.Span{Start: move.Sp.End, End: n.Sp.End}, New: " " + nag}}}},
				})
			}
			assessed = twice(p, assessed, n)
		}
	}
}

// twice reports n when the move already has an assessment and returns
// the first one.
func twice(p *analysis.Pass, first, n syntax.Node) syntax.Node {
	if first == nil {
		return n
	}
	p.Report(analysis.Diagnostic{
		Span: n.Span(), Severity: analysis.Warning, Code: CodeTwoAssess,
		Message: "the move already has an assessment; keep one",
		Related: []analysis.Related{{Span: first.Span(), Msg: "first assessment"}},
	})
	return first
}

func checkNAG(p *analysis.Pass, n *syntax.NAG) {
	switch info, ok := Lookup(n.Value); {
	case !ok:
		p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Error, Code: CodeOutOfRange, Message: "NAG " + p.Game.Slice(n.Sp) + " is above 255"})
	case n.Value == 0:
		p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Warning, Code: CodeNull, Message: "$0 is the null annotation, not written in export format",
			Fixes: []analysis.Fix{{Title: "Remove $0", Edits: []analysis.Edit{{Span: n.Sp}}, Manual: "it deletes the NAG"}}})
	case info.Source == Unassigned:
		p.Report(analysis.Diagnostic{Span: n.Sp, Severity: analysis.Hint, Code: CodeNonStandard, Message: info.Title() + "; readers may not know it"})
	}
}
