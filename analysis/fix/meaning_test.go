package fix_test

import (
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/fix"
	"github.com/pgnls/pgnls/syntax"
)

// offer is a fix an analyzer of the tests offers: on the first
// occurrence of from in the movetext, a fix writing to.
type offer struct {
	code, from string
	to         []string // one fix per entry
	manual     string
}

// offering returns an analyzer offering the fixes.
func offering(offers ...offer) *analysis.Analyzer {
	a := &analysis.Analyzer{Name: "test", Doc: "Test fixes."}
	for _, o := range offers {
		a.Codes = append(a.Codes, analysis.CodeInfo{Code: analysis.Code(o.code), Severity: analysis.Warning, Doc: "Test."})
	}
	a.Run = func(p *analysis.Pass) {
		g := p.Game
		body := 0
		if len(g.Moves) > 0 {
			body = int(g.Moves[0].Span().Start)
		}
		for _, o := range offers {
			i := strings.Index(g.Text[body:], o.from)
			if i < 0 {
				continue
			}
			sp := syntax.Span{Start: syntax.Pos(body + i), End: syntax.Pos(body + i + len(o.from))}
			d := analysis.Diagnostic{Span: sp, Severity: analysis.Warning, Code: analysis.Code(o.code), Message: "test"}
			for _, to := range o.to {
				d.Fixes = append(d.Fixes, analysis.Fix{Title: "Write " + to, Edits: []analysis.Edit{{Span: sp, New: to}}, Manual: o.manual})
			}
			p.Report(d)
		}
	}
	return a
}

// TestMeaningKept holds fixing to its rule: a fix that would change what
// a game means is not applied, and is reported with why.
func TestMeaningKept(t *testing.T) {
	const game = "[Event \"E\"]\n\n1. e4 e5 {a comment} 2. Nf3 Ke7 3. Ke3 *\n"
	for _, tc := range []struct {
		name   string
		offers []offer
		want   string            // the fixed text
		left   map[string]string // code: a part of the reason
	}{
		{"another move", []offer{{code: "t", from: "Nf3", to: []string{"Nc3"}}}, game,
			map[string]string{"t": "would change the move Nf3 into Nc3"}},
		{"the text of a move that does not resolve", []offer{{code: "t", from: "Ke3", to: []string{"Kd3"}}}, game,
			map[string]string{"t": "would change the move Ke3 into Kd3"}},
		{"a new error", []offer{{code: "t", from: " *", to: []string{""}}}, game,
			map[string]string{"t": "would add the error missing-result"}},
		{"a comment dropped", []offer{{code: "t", from: " {a comment}", to: []string{""}}}, game,
			map[string]string{"t": "would add or drop a comment"}},
		{"a second game", []offer{{code: "t", from: "2. Nf3", to: []string{"*\n\n[Event \"F\"]\n\n2. Nf3"}}}, game,
			map[string]string{"t": "no longer read as one game"}},
		{"the same move, written otherwise", []offer{{code: "t", from: "Nf3", to: []string{"Ng1f3"}}},
			strings.Replace(game, "Nf3", "Ng1f3", 1), nil},
		{"one good fix, one bad", []offer{{code: "good", from: "Nf3", to: []string{"Ng1f3"}}, {code: "bad", from: "e5", to: []string{"e6"}}},
			strings.Replace(game, "Nf3", "Ng1f3", 1), map[string]string{"bad": "would change the move e5 into e6"}},
		// Of two fixes that overlap, the first (by place, then code) is
		// applied; the other, analysed again, is no longer offered.
		{"overlapping fixes", []offer{{code: "b", from: "Nf3", to: []string{"Ngf3"}}, {code: "a", from: "Nf3", to: []string{"Ng1f3"}}},
			strings.Replace(game, "Nf3", "Ng1f3", 1), nil},
		// The first of two overlapping fixes would change the move: the
		// one it overlapped is tried in the same round.
		{"overlapping fixes, the first refused", []offer{{code: "a", from: "N", to: []string{"B"}}, {code: "b", from: "Nf3", to: []string{"Ng1f3"}}},
			strings.Replace(game, "Nf3", "Ng1f3", 1), map[string]string{"a": "would change the move Nf3 into Bg1f3"}},
		// Two fixes that undo each other never settle: the game is left
		// as it was (see TestUnsettled).
		{"a manual fix", []offer{{code: "t", from: "Nf3", to: []string{"Ng1f3"}, manual: "a person must decide"}}, game,
			map[string]string{"t": "a person must decide"}},
		{"a choice", []offer{{code: "t", from: "Nf3", to: []string{"Ng1f3", "Ngf3"}}}, game,
			map[string]string{"t": "a choice between 2 fixes"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := syntax.Parse("", game, syntax.PGN).Game(0).Game
			res := fix.Game(g, syntax.PGN, fix.Options{Analyzers: []*analysis.Analyzer{offering(tc.offers...)}})
			if res.Text != tc.want {
				t.Errorf("fixed text\n%s\nwant\n%s", res.Text, tc.want)
			}
			left := map[string]string{}
			for _, l := range res.Left {
				left[string(l.Diagnostic.Code)] = l.Reason
			}
			for code, reason := range tc.left {
				if !strings.Contains(left[code], reason) {
					t.Errorf("%s left for %q, want %q", code, left[code], reason)
				}
			}
			if len(left) != len(tc.left) {
				t.Errorf("left %v, want %v", left, tc.left)
			}
		})
	}
}

// TestUnsettled fixes a game with two fixes that undo each other, as no
// analyzer should offer: they never settle, and the game is left as it
// was, with why.
func TestUnsettled(t *testing.T) {
	const game = "[Event \"E\"]\n\n1. e4 e5 2. Nf3 *\n"
	g := syntax.Parse("", game, syntax.PGN).Game(0).Game
	a := offering(offer{code: "a", from: "Nf3", to: []string{"Ng1f3"}}, offer{code: "b", from: "Ng1f3", to: []string{"Nf3"}})
	res := fix.Game(g, syntax.PGN, fix.Options{Analyzers: []*analysis.Analyzer{a}})
	if res.Text != game || len(res.Fixed) > 0 || !strings.Contains(res.Skipped, "did not settle") {
		t.Errorf("fixed %q (%v), skipped %q; want the game as it was, skipped as unsettled", res.Text, res.Fixed, res.Skipped)
	}
}
