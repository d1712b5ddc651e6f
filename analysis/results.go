package analysis

import (
	"slices"
	"strconv"

	"github.com/pgnls/pgnls/syntax"
)

// ResultTag returns the Result tag of g that has a value, or nil.
func ResultTag(g *syntax.Game) *syntax.Tag {
	for _, t := range g.Tags {
		if t.Name == "Result" && t.ValueSpan != (syntax.Span{}) {
			return t
		}
	}
	return nil
}

// resultWords are the words of the messages on the result of a game in
// one dialect.
type resultWords struct {
	game      string   // "game", or "record" in CTL-PGN
	marker    string   // what ends the moves with the result
	full      string   // its full name
	results   []string // the results of the dialect
	notResult string   // what the tag's value is not when it is none of them
}

var (
	pgnWords = resultWords{"game", "marker", "termination marker", PGNResults, "a result"}
	ctlWords = resultWords{"record", "result line", "result line", CTLResults, "a CTL-PGN result"}
)

// CheckResultTag compares the Result tag of g with its termination marker
// (the result line of a CTL-PGN record) and reports code when they
// differ; the legality analyzers of both dialects share it. decided is
// the result the final position of the main line demands, or "" when it
// does not decide one. Of the two fixes, bulk fixing applies the one
// that sets the tag to the marker, or, when the marker is "*", the one
// that ends the game with the tag's result; none when the marker
// contradicts the final position, which the analyzer's check of the
// final position repairs.
func CheckResultTag(p *Pass, g *syntax.Game, decided string, code Code) {
	tag := ResultTag(g)
	if tag == nil || g.Result == nil || tag.Value == g.Result.Text {
		return
	}
	w := pgnWords
	if p.Dialect == syntax.CTLPGN {
		w = ctlWords
	}
	toTag := Fix{Title: "Set the Result tag to " + g.Result.Text, Edits: []Edit{{Span: tag.ValueSpan, New: strconv.Quote(g.Result.Text)}}}
	toMarker := Fix{Title: "End the " + w.game + " with " + tag.Value, Edits: []Edit{{Span: g.Result.Sp, New: tag.Value}}}
	switch {
	case decided != "" && g.Result.Text != decided:
		toTag.Manual = "the final position decides the result"
		toMarker.Manual = toTag.Manual
	case g.Result.Text == "*" && decided == "" && slices.Contains(w.results, tag.Value):
		toTag.Manual = "the Result tag tells more than the " + w.marker + " *"
	default:
		toMarker.Manual = "the " + w.full + ", not the tag, gives the result"
	}
	if !slices.Contains(w.results, tag.Value) {
		toMarker.Manual = "the Result tag's value is not " + w.notResult
	}
	p.Report(Diagnostic{
		Span: g.Result.Sp, Severity: Error, Code: code,
		Message: "the " + w.game + " ends with " + g.Result.Text + " but its Result tag says " + tag.Value,
		Related: []Related{{Span: tag.ValueSpan, Msg: "Result tag"}},
		Fixes:   []Fix{toTag, toMarker},
	})
}
