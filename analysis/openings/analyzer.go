package openings

import (
	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

// Codes reported by the Analyzer.
const (
	CodeECO     = analysis.Code("eco-mismatch")
	CodeOpening = analysis.Code("opening-mismatch")
)

// Analyzer checks the ECO, Opening and Variation tags of PGN games
// against the opening their main line reaches.
var Analyzer = &analysis.Analyzer{
	Name: "openings",
	Doc:  "Opening tags: ECO, Opening and Variation against the lichess opening names of the moves of the main line.",
	Codes: []analysis.CodeInfo{
		{Code: CodeECO, Severity: analysis.Hint, Doc: "The ECO tag disagrees with the opening of the main line, as the lichess opening names (embedded, CC0) classify it: the last named position the moves reach, transpositions included. A code is taken as agreeing when the data set gives it to a position the moves reach, to a line through the last named position they reach (a finer code than the data set can tell), to a line ending with a pawn structure they reach with the same side to move, or to a position of the same family as one they reach past the second move; ECO systems still divide some transpositions differently. Only games from the standard start are classified. The fix writes the code of the last named position."},
		{Code: CodeOpening, Severity: analysis.Hint, Doc: "The Opening tag (with the Variation tag) names an opening of the lichess opening names that the main line does not reach: no position of that name (or family) agrees with the moves, as for eco-mismatch but for the family clause. Only names of that data set are judged, letter case, accents and the spelling 'defence' aside: a family ('Ruy Lopez') or a whole name ('Ruy Lopez: Berlin Defense'), or a family in Opening and the rest of a name in Variation; names of other systems ('Spanish', 'QGD') are left alone. The fix writes the name of the last named position, in the same form."},
	},
	Dialects: []syntax.Dialect{syntax.PGN},
	Requires: []*analysis.Analyzer{legality.Analyzer}, // the main line it replayed
	Run:      run,
}

func run(p *analysis.Pass) {
	g := p.Game
	var eco, opening, variation *syntax.Tag
	for _, t := range g.Tags {
		switch {
		case t.ValueSpan == (syntax.Span{}):
		case t.Name == "ECO" && eco == nil:
			eco = t
		case t.Name == "Opening" && opening == nil:
			opening = t
		case t.Name == "Variation" && variation == nil:
			variation = t
		}
	}
	var codeSet, nameSet *Set
	if eco != nil && tags.ValidECO(eco.Value) && p.Enabled(CodeECO, analysis.Hint) {
		codeSet = CodeSet(eco.Value)
	}
	if opening != nil && p.Enabled(CodeOpening, analysis.Hint) {
		v := ""
		if variation != nil {
			v = variation.Value
		}
		nameSet = NameSet(opening.Value, v)
	}
	if codeSet == nil && nameSet == nil {
		return
	}
	l := FromMainLine(legality.MainLineOf(p), codeSet, nameSet)
	if l == nil || l.Opening() == nil {
		return
	}
	last := l.Opening()
	if codeSet != nil && !l.Agrees(0) && !l.SharesFamily(0) {
		p.Report(analysis.Diagnostic{
			Span: eco.ValueSpan, Severity: analysis.Hint, Code: CodeECO,
			Message: "ECO " + eco.Value + " does not agree with the moves: they reach " + last.ECO + " " + last.Name + " (lichess opening names)",
			Fixes:   setValue(g, eco, last.ECO),
		})
	}
	if nameSet != nil && !l.Agrees(1) {
		reportName(p, last, opening, variation)
	}
}

// reportName reports an Opening tag (with its Variation tag, if any)
// that the moves contradict: they reach last.
func reportName(p *analysis.Pass, last *Opening, opening, variation *syntax.Tag) {
	v := ""
	if variation != nil {
		v = variation.Value
	}
	form, _ := formOf(opening.Value, v)
	name := opening.Value
	if form == splitName {
		name += ": " + v
	}
	d := analysis.Diagnostic{
		Span: opening.ValueSpan, Severity: analysis.Hint, Code: CodeOpening,
		Message: "opening \"" + name + "\" does not agree with the moves: they reach " + last.Name + " (lichess opening names)",
	}
	switch form {
	case familyName:
		d.Fixes = setValue(p.Game, opening, last.Family())
	case wholeName:
		d.Fixes = setValue(p.Game, opening, last.Name)
	case splitName:
		fam, va := setValue(p.Game, opening, last.Family()), setValue(p.Game, variation, last.Variation())
		if last.Variation() != "" && fam != nil && va != nil {
			d.Fixes = []analysis.Fix{{Title: "Set Opening and Variation to " + last.Name, Edits: append(fam[0].Edits, va[0].Edits...)}}
		}
	}
	p.Report(d)
}

// setValue returns a fix writing v as the value of t, or none when t's
// value has no closing quote.
func setValue(g *syntax.Game, t *syntax.Tag, v string) []analysis.Fix {
	raw := g.Slice(t.ValueSpan)
	escapes := 0 // backslashes before the last quote
	for i := len(raw) - 2; i > 0 && raw[i] == '\\'; i-- {
		escapes++
	}
	if len(raw) < 2 || raw[len(raw)-1] != '"' || escapes%2 == 1 {
		return nil
	}
	return []analysis.Fix{{Title: "Set " + t.Name + " to " + v, Edits: []analysis.Edit{{Span: t.ValueSpan, New: `"` + syntax.Escape(v) + `"`}}}}
}
