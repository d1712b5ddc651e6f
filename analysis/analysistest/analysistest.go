// Package analysistest runs analyzers over data files whose comments
// state the expected diagnostics, in the style of go/analysis's
// analysistest and go/parser's ERROR comments.
//
// An expectation is a comment holding one or more clauses
//
//	{ERROR code "regexp"}   or   ; ERROR code "regexp"
//
// (the regexp is optional and matched against the message). It expects a
// diagnostic with that code whose span intersects the element just before
// the comment (a move, a tag, a variation, ...; the number and ellipsis
// before a move and its annotations and game marks after it count as
// part of it, so that "3. G7-E13:" and "2. …, G21-G15" are one anchor,
// and in CTL-PGN a pair is: "2. JF6-C15 ?!, GH26-Z11"). A clause written
// ERROR@full or ERROR@minimal holds only when the configuration reads
// CTL-PGN records with that reader (analysis.CTLReader), so that one file
// states what both readers report. Every diagnostic, syntax ones
// included, must match exactly one clause and every clause one
// diagnostic. Comments holding ERROR clauses are not themselves anchors.
package analysistest

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// expectation is one ERROR clause.
type expectation struct {
	game   int
	anchor syntax.Span // game-relative
	file   string
	line   int
	code   string
	re     *regexp.Regexp
	used   bool
}

var clauseRE = regexp.MustCompile(`ERROR(?:@(full|minimal))?\s+([a-z0-9-]+)(?:\s+("(?:[^"\\]|\\.)*"))?`)

// Run parses path (dialect from its name and first tag), runs analyzers
// with cfg and checks the diagnostics against the ERROR comments. It
// returns the parsed file and the diagnostics per game. A nil cfg is the
// defaults under the export profile, so that every code an analyzer
// reports, its layout codes too, can be tested.
func Run(t *testing.T, path string, cfg *analysis.Config, analyzers ...*analysis.Analyzer) (*syntax.File, [][]analysis.Diagnostic) {
	t.Helper()
	if cfg == nil {
		cfg = &analysis.Config{Profile: analysis.ExportProfile}
	}
	f, want := parse(t, path, cfg)
	all := make([][]analysis.Diagnostic, f.NumGames())
	for gi, r := range f.Games() {
		all[gi] = analysis.Game(r.Game, f.Dialect, cfg, analyzers)
	}
	for gi, ds := range all {
		for _, d := range ds {
			expect(t, f, want, gi, d)
		}
	}
	for gi, d := range analysis.FileDiagnostics(f, cfg) {
		pos := f.Position(d.Span.Start)
		t.Errorf("%s:%d:%d: unexpected file-level %s %s: %s (#%d)", path, pos.Line, pos.Col, d.Severity, d.Code, d.Message, gi)
	}
	unused(t, want)
	return f, all
}

// RunFile is Run for a check across the games of a file: check returns
// diagnostics of the whole of f under cfg, file-absolute, and each must
// match an ERROR comment of the game where it starts, and each comment a
// diagnostic. Only check's diagnostics are matched, not the analyzers'.
func RunFile(t *testing.T, path string, cfg *analysis.Config, check func(*syntax.File, *analysis.Config) []analysis.Diagnostic) (*syntax.File, []analysis.Diagnostic) {
	t.Helper()
	if cfg == nil {
		cfg = &analysis.Config{Profile: analysis.ExportProfile}
	}
	f, want := parse(t, path, cfg)
	ds := check(f, cfg)
	for _, d := range ds {
		gi := f.GameAt(d.Span.Start)
		if gi < 0 {
			pos := f.Position(d.Span.Start)
			t.Errorf("%s:%d:%d: %s %s outside the games: %s", path, pos.Line, pos.Col, d.Severity, d.Code, d.Message)
			continue
		}
		expect(t, f, want, gi, d.Shift(-f.Game(gi).Start))
	}
	unused(t, want)
	return f, ds
}

// parse reads and parses path (dialect from its name and first tag) and
// collects its ERROR clauses that hold under cfg.
func parse(t *testing.T, path string, cfg *analysis.Config) (*syntax.File, []*expectation) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := syntax.Parse(path, string(data), syntax.DetectDialect(path, string(data)))
	var want []*expectation
	for gi := range f.NumGames() {
		want = append(want, expectations(t, f, gi, cfg.CTLReader)...)
	}
	return f, want
}

// expect matches d, a diagnostic of game gi (game-relative), with a
// clause of want, and reports it if none matches.
func expect(t *testing.T, f *syntax.File, want []*expectation, gi int, d analysis.Diagnostic) {
	t.Helper()
	if !match(want, gi, d) {
		pos := f.Position(f.Game(gi).Start + d.Span.Start)
		t.Errorf("%s:%d:%d: unexpected %s %s: %s", f.Name, pos.Line, pos.Col, d.Severity, d.Code, d.Message)
	}
}

// unused reports the clauses no diagnostic matched.
func unused(t *testing.T, want []*expectation) {
	t.Helper()
	for _, w := range want {
		if !w.used {
			t.Errorf("%s:%d: expected diagnostic %s %v not reported", w.file, w.line, w.code, w.re)
		}
	}
}

func match(want []*expectation, game int, d analysis.Diagnostic) bool {
	for _, w := range want {
		if w.used || w.game != game || w.code != string(d.Code) || !intersects(w.anchor, d.Span) {
			continue
		}
		if w.re != nil && !w.re.MatchString(d.Message) {
			continue
		}
		w.used = true
		return true
	}
	return false
}

func intersects(a, b syntax.Span) bool {
	if b.Start == b.End {
		return a.Start <= b.Start && b.Start <= a.End
	}
	return a.Start < b.End && b.Start < a.End
}

// expectations collects the ERROR clauses of game gi that hold under
// reader, each anchored to the element before its comment.
func expectations(t *testing.T, f *syntax.File, gi int, reader analysis.CTLReader) []*expectation {
	t.Helper()
	g := f.Game(gi).Game
	var out []*expectation
	var prev syntax.Elem
	var anchor syntax.Span // prev's, with the parts of its move
	syntax.Inspect(g.Elems(), func(e syntax.Elem) bool {
		c, ok := e.(*syntax.Comment)
		if !ok || !strings.Contains(c.Text, "ERROR") {
			sp := e.Span()
			switch prev.(type) {
			case *syntax.MoveNumber, *syntax.Ellipsis:
				if _, move := e.(*syntax.Move); move || isEllipsis(e) {
					sp.Start = anchor.Start
				}
			case *syntax.Move, *syntax.Glyph, *syntax.NAG, *syntax.DrawOffer, *syntax.EndMark:
				switch e.(type) {
				case *syntax.Glyph, *syntax.NAG, *syntax.DrawOffer, *syntax.EndMark:
					sp.Start = anchor.Start
				case *syntax.Move:
					if f.Dialect == syntax.CTLPGN {
						sp.Start = anchor.Start // Black's move of the pair
					}
				}
			}
			prev, anchor = e, sp
			return true
		}
		line := f.Position(f.Game(gi).Start + c.Sp.Start).Line
		if prev == nil {
			t.Fatalf("%s:%d: ERROR comment with no element before it", f.Name, line)
		}
		for _, m := range clauseRE.FindAllStringSubmatch(c.Text, -1) {
			if m[1] != "" && m[1] != reader.String() {
				continue
			}
			w := &expectation{game: gi, anchor: anchor, file: f.Name, line: line, code: m[2]}
			if m[3] != "" {
				s, err := strconv.Unquote(m[3])
				if err != nil {
					t.Fatalf("%s:%d: bad regexp string %s: %v", f.Name, line, m[3], err)
				}
				if w.re, err = regexp.Compile(s); err != nil {
					t.Fatalf("%s:%d: %v", f.Name, line, err)
				}
			}
			out = append(out, w)
		}
		return true
	})
	return out
}

func isEllipsis(e syntax.Elem) bool {
	_, ok := e.(*syntax.Ellipsis)
	return ok
}

// Describe formats diagnostics one per line as file:line:col: severity
// code: message, for golden comparisons.
func Describe(f *syntax.File, game int, ds []analysis.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		pos := f.Position(f.Game(game).Start + d.Span.Start)
		fmt.Fprintf(&b, "%d:%d: %s %s: %s\n", pos.Line, pos.Col, d.Severity, d.Code, d.Message)
	}
	return b.String()
}

// RunWithFixes is Run followed by a check of the suggested fixes: the
// first fix of every diagnostic is applied (a fix overlapping one already
// applied in the same game is skipped) and the resulting file is compared
// with path+".golden". With update set the golden file is rewritten.
func RunWithFixes(t *testing.T, path string, update bool, cfg *analysis.Config, analyzers ...*analysis.Analyzer) (*syntax.File, [][]analysis.Diagnostic) {
	t.Helper()
	f, all := Run(t, path, cfg, analyzers...)
	var b strings.Builder
	for gi, r := range f.Games() {
		b.WriteString(applyFixes(r.Game.Text, all[gi]))
	}
	golden := path + ".golden"
	if update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return f, all
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run the test with -update)", err)
	}
	if b.String() != string(want) {
		t.Errorf("%s: text after the fixes differs from %s:\n%s", path, golden, b.String())
	}
	return f, all
}

// applyFixes applies the first fix of each diagnostic to a game's text.
func applyFixes(text string, ds []analysis.Diagnostic) string {
	var edits []analysis.Edit
	for _, d := range ds {
		if len(d.Fixes) == 0 {
			continue
		}
		fix := d.Fixes[0].Edits
		overlaps := false
		for _, e := range fix {
			for _, done := range edits {
				if e.Span.Start < done.Span.End && done.Span.Start < e.Span.End || e.Span == done.Span {
					overlaps = true
				}
			}
		}
		if !overlaps {
			edits = append(edits, fix...)
		}
	}
	return syntax.ApplyEdits(text, syntax.Normalize(edits))
}
