package ctlcheck_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/analysistest"
	"github.com/pgnls/pgnls/analysis/ctlcheck"
	"github.com/pgnls/pgnls/syntax"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const dir = "../../testdata/analysis/ctlcheck"

// TestValues checks the tag-value findings against the file's ERROR
// comments.
func TestValues(t *testing.T) {
	analysistest.Run(t, filepath.Join(dir, "values.ctl-pgn"), nil, ctlcheck.Tags)
}

// TestRefs checks the move references of comments against the file's
// ERROR comments: earlier moves of the comment's line of play are fine.
func TestRefs(t *testing.T) {
	analysistest.Run(t, filepath.Join(dir, "refs.ctl-pgn"), nil, ctlcheck.Movetext)
}

// TestSpacing checks the space between a move and its valuation against
// the file's ERROR comments.
func TestSpacing(t *testing.T) {
	analysistest.Run(t, filepath.Join(dir, "spacing.ctl-pgn"), nil, ctlcheck.Movetext)
}

// TestUnjudged checks that the move numbers and pairs of the stretches
// that ctllegality does not judge (after a failed move, after the end of
// the game) get no finding here either, without ctllegality running:
// the analyzers replay the game themselves then.
func TestUnjudged(t *testing.T) {
	analysistest.Run(t, filepath.Join(dir, "unjudged.ctl-pgn"), nil, ctlcheck.Analyzers...)
}

// run parses a CTL-PGN file and runs the package's analyzers (and the
// syntax check) over each game.
func run(t *testing.T, path string, cfg *analysis.Config) (*syntax.File, [][]analysis.Diagnostic) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := syntax.Parse(path, string(data), syntax.CTLPGN)
	all := make([][]analysis.Diagnostic, f.NumGames())
	for i, r := range f.Games() {
		all[i] = analysis.Game(r.Game, f.Dialect, cfg, ctlcheck.Analyzers)
	}
	return f, all
}

// exportProfile reports every code, the layout ones too.
var exportProfile = &analysis.Config{Profile: analysis.ExportProfile}

// describe lists diagnostics exactly: position, severity, code, message,
// related places and the edits of every fix, positions as line:col.
func describe(f *syntax.File, all [][]analysis.Diagnostic) string {
	var b strings.Builder
	for gi, ds := range all {
		start := f.Game(gi).Start
		pos := func(p syntax.Pos) string {
			q := f.Position(start + p)
			return strconv.Itoa(q.Line) + ":" + strconv.Itoa(q.Col)
		}
		for _, d := range ds {
			fmt.Fprintf(&b, "%s: %s %s: %s\n", pos(d.Span.Start), d.Severity, d.Code, d.Message)
			for _, r := range d.Related {
				fmt.Fprintf(&b, "\trelated %s: %s\n", pos(r.Span.Start), r.Msg)
			}
			for _, fx := range d.Fixes {
				fmt.Fprintf(&b, "\tfix %q\n", fx.Title)
				for _, e := range fx.Edits {
					fmt.Fprintf(&b, "\t\t%s-%s %q\n", pos(e.Span.Start), pos(e.Span.End), e.New)
				}
			}
		}
	}
	return b.String()
}

// TestGolden compares the exact findings on each test file with its
// golden file NAME.ctl-pgn.golden; -update rewrites them.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.ctl-pgn"))
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			got := describe(run(t, path, exportProfile))
			golden := path + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("findings differ from %s (go test -update rewrites it):\n%s", golden, diffLines(string(want), got))
			}
		})
	}
}

// diffLines shows the lines only in want (-) and only in got (+).
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}

// TestEveryCode checks that the test files exercise every code of the
// package's analyzers.
func TestEveryCode(t *testing.T) {
	seen := map[analysis.Code]bool{}
	files, _ := filepath.Glob(filepath.Join(dir, "*.ctl-pgn"))
	for _, path := range files {
		_, all := run(t, path, exportProfile)
		for _, ds := range all {
			for _, d := range ds {
				seen[d.Code] = true
			}
		}
	}
	for _, a := range ctlcheck.Analyzers {
		for _, c := range a.Codes {
			if !seen[c.Code] {
				t.Errorf("code %s of %s is not exercised by any test file", c.Code, a.Name)
			}
		}
	}
}

// TestDialect checks that the analyzers stay silent on PGN games.
func TestDialect(t *testing.T) {
	f := syntax.Parse("x.pgn", "[Event \"x\"]\n[Date \"2023.09.08\"]\n\n1. e4 e5 { inline } 2... Nf6 *\n", syntax.PGN)
	for _, r := range f.Games() {
		for _, a := range ctlcheck.Analyzers {
			if ds := analysis.Game(r.Game, syntax.PGN, nil, []*analysis.Analyzer{a}); len(ds) > len(r.Game.Errs) {
				t.Errorf("%s reports on a PGN game: %v", a.Name, ds)
			}
		}
	}
}

// TestFixes applies every fix offered on the test files and on the
// shared records, and checks that the edits are ordered, disjoint and
// inside the game, and that the finding is gone where it was.
func TestFixes(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.ctl-pgn"))
	shared, _ := filepath.Glob(filepath.Join(sharedDir, "*.ctl-pgn"))
	n := 0
	for _, path := range append(files, shared...) {
		f, all := run(t, path, exportProfile)
		for gi, ds := range all {
			g := f.Game(gi).Game
			for _, d := range ds {
				for _, fx := range d.Fixes {
					n++
					checkFix(t, filepath.Base(path), g, d, fx)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no fixes tried")
	}
}

func checkFix(t *testing.T, name string, g *syntax.Game, d analysis.Diagnostic, fx analysis.Fix) {
	t.Helper()
	var b strings.Builder
	at := syntax.Pos(0)
	shift := syntax.Pos(0)
	for _, e := range fx.Edits {
		if e.Span.Start < at || e.Span.End < e.Span.Start || int(e.Span.End) > len(g.Text) {
			t.Errorf("%s: fix %q of %s: edit %v out of order or bounds", name, fx.Title, d.Code, e.Span)
			return
		}
		b.WriteString(g.Text[at:e.Span.Start])
		b.WriteString(e.New)
		at = e.Span.End
		if e.Span.End <= d.Span.Start {
			shift += syntax.Pos(len(e.New) - e.Span.Len())
		}
	}
	b.WriteString(g.Text[at:])
	f := syntax.Parse("fixed.ctl-pgn", b.String(), syntax.CTLPGN)
	for _, r := range f.Games() {
		for _, e := range analysis.Game(r.Game, syntax.CTLPGN, exportProfile, ctlcheck.Analyzers) {
			if e.Code == d.Code && e.Message == d.Message && r.Start+e.Span.Start == d.Span.Start+shift {
				t.Errorf("%s: fix %q does not remove %s: %s\n%s", name, fx.Title, d.Code, d.Message, b.String())
			}
		}
	}
}

const sharedDir = "../../../shared/testdata/ctl-pgn"

// sharedWant lists, per real record of the shared test data, every
// finding of this package as "line:col severity code". The known defects
// of §10.4 are warnings; the several pairs per line of the seed files
// are hints; nothing is an error.
var sharedWant = map[string][]string{
	"2020-07-20.ctl-pgn": {
		"3:2 warning ctl-tag-order", // Id after Event instead of second (draft A0001-24 with an Event)
	},
	"2022-08-14.1.ctl-pgn": {
		"1:2 warning ctl-missing-tag",          // no Round
		"11:2 warning ctl-tag-order",           // Id, Annotator, AnnotatorId before Result
		"12:2 warning ctl-tag-not-consecutive", // Annotator repeated after Result
	},
	"2023-09-08.ctl-pgn": {
		"5:2 warning ctl-tag-order", // the lenient A0001 order: Date after AnnotatorId
	},
	"seed-annotator-A0001-24-dptl.ctl-pgn": {
		"5:2 warning ctl-tag-order", // Annotator, AnnotatorId before Date
		"7:2 warning ctl-tag-name",  // DPTL
	},
	// Several pairs on a line (ctl-pairs-per-line) are layout, off under
	// the default profile.
	"seed-annotator-draft-2023-09-08.ctl-pgn": nil,
	"seed-intro-unfinished.ctl-pgn":           nil,
	"seed-mat-del-boig-variations.ctl-pgn":    nil,
	"seed-mat-del-boig.ctl-pgn":               nil,
}

// TestShared runs the analyzers over the real records of the shared test
// data and checks that they report exactly the known defects.
func TestShared(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(sharedDir, "*.ctl-pgn"))
	if len(files) == 0 {
		t.Fatal("shared test data not found (check out ../shared beside the repository)")
	}
	for _, path := range files {
		name := filepath.Base(path)
		want, known := sharedWant[name]
		if !known {
			t.Errorf("%s: new shared file; add its expected findings to sharedWant", name)
			continue
		}
		f, all := run(t, path, nil) // the default profile
		var got []string
		for gi, ds := range all {
			for _, d := range ds {
				if d.Source == "syntax" {
					continue
				}
				if d.Severity == analysis.Error {
					t.Errorf("%s: error %s: %s; the real records hold no errors of these kinds", name, d.Code, d.Message)
				}
				pos := f.Position(f.Game(gi).Start + d.Span.Start)
				got = append(got, fmt.Sprintf("%d:%d %s %s", pos.Line, pos.Col, d.Severity, d.Code))
				if d.Code == ctlcheck.CodeTagName && (len(d.Fixes) != 1 || d.Fixes[0].Edits[0].New != "PDTL") {
					t.Errorf("%s: DPTL finding without its fix to PDTL: %+v", name, d.Fixes)
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: findings\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// FuzzAnalyzers runs the analyzers over arbitrary text: they must not
// panic, and every span and edit must lie inside its game.
func FuzzAnalyzers(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.ctl-pgn"))
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("[Variant \"C'escacs\"]\n{ ~ # #1[ #1[#2 #1. ~J[ ~J[d ~P9 @W: }\n1? …, ($[1] .(. .{ }")
	f.Fuzz(func(t *testing.T, text string) {
		file := syntax.Parse("fuzz.ctl-pgn", text, syntax.CTLPGN)
		for _, r := range file.Games() {
			n := syntax.Pos(len(r.Game.Text))
			for _, d := range analysis.Game(r.Game, syntax.CTLPGN, nil, ctlcheck.Analyzers) {
				if d.Span.Start < 0 || d.Span.End < d.Span.Start || d.Span.End > n {
					t.Fatalf("%s: span %v outside the game (%d bytes)", d.Code, d.Span, n)
				}
				for _, fx := range d.Fixes {
					at := syntax.Pos(0)
					for _, e := range fx.Edits {
						if e.Span.Start < at || e.Span.End < e.Span.Start || e.Span.End > n {
							t.Fatalf("%s: fix %q edit %v out of order or bounds", d.Code, fx.Title, e.Span)
						}
						at = e.Span.End
					}
				}
			}
		}
	})
}
