package format_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/syntax"
)

// filterOpts asks for the filtered form.
var filterOpts = format.Options{Filter: true}

// TestFilterGolden filters every file of testdata/format/ctl and
// compares with NAME.filtered; -update rewrites the goldens.
func TestFilterGolden(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/format/ctl/*.ctl-pgn")
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	for _, in := range files {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		got := format.File(parse(in, string(data)), filterOpts)
		golden := strings.TrimSuffix(in, ".ctl-pgn") + ".filtered"
		if *update {
			os.WriteFile(golden, []byte(got), 0o644)
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update)", err)
		}
		if got != string(want) {
			t.Errorf("%s: output differs from %s\n%s", in, golden, got)
		}
		checkFiltered(t, in, string(data), got)
	}
}

// TestFilterCorpus filters the shared CTL-PGN records and the records
// of the reader tests with the filter's promises.
func TestFilterCorpus(t *testing.T) {
	shared, _ := filepath.Glob("../../../shared/testdata/ctl-pgn/*.ctl-pgn")
	if len(shared) == 0 {
		t.Fatal("shared test data not found (check out ../shared beside the repository)")
	}
	readers, _ := filepath.Glob("../../testdata/analysis/reader/*.ctl-pgn")
	for _, path := range append(shared, readers...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out := format.File(parse(path, string(data)), filterOpts)
		checkFiltered(t, path, string(data), out)
	}
}

// TestFilterUnplayable: a record whose main line is not its game (a
// move the rules forbid, moves after the end of the game) is left as it
// is, reported as broken at that move.
func TestFilterUnplayable(t *testing.T) {
	for _, tc := range []struct{ name, text, at, reason string }{
		{"illegal move", "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15 2. EE5-E11, G21-G15:\n*\n",
			"EE5-E11", "move EE5-E11 is not legal"},
		{"the record written twice",
			"[Variant \"C'escacs\"]\n\n1. H6-H12, I23-I19 2. JF6-C15, GH26-Z11 3. L5-L7, NG25-L17 4. EH4-H8, GZ11-L5\n" +
				"5. I5-I9, NL17-G9 6. K4-K10, GL5-H6# 1. H6-H12, I23-I19\n0-3\n",
			"H6-H12, I23-I19\n0-3", "move H6-H12 follows the end of the game, after 6. …, GL5-H6#: White is checkmated"},
		{"after an automatic draw", "[Variant \"C'escacs\"]\n[PDTL \"/27:1k/14:3K3/8:3R3/ w -- - 149 80\"]\n\n80. RF8-F10:, KG27-G25\n1-1\n",
			"KG27-G25", "move KG27-G25 follows the end of the game, after 80. RF8-F10: the game is drawn: 150 half-moves without capture or pawn move"},
	} {
		f := parse("x.ctl-pgn", tc.text)
		res := format.Filter(f.Game(0).Game, f.Dialect)
		if res.Text != tc.text || !res.Broken || res.Skipped != tc.reason {
			t.Errorf("%s: Filter = %+v, want the record as it was, broken: %q", tc.name, res, tc.reason)
		}
		if want := strings.LastIndex(tc.text, tc.at); int(res.At) != want {
			t.Errorf("%s: At = %d, want %d (the move)", tc.name, res.At, want)
		}
	}
}

// TestFilterPGN: a PGN game is left as it is, and is not an error.
func TestFilterPGN(t *testing.T) {
	in := "[Event \"x\"]\n\n1. e4 { a comment } e5 (1... c5) 1-0\n"
	f := parse("x.pgn", in)
	if res := format.Filter(f.Game(0).Game, f.Dialect); res.Text != in || res.Skipped == "" || res.Broken {
		t.Errorf("Filter of a PGN game = %+v", res)
	}
	if out := format.File(f, filterOpts); out != in {
		t.Errorf("File with Filter changed a PGN file:\n%s", out)
	}
}

// FuzzFilter checks the filter's promises on arbitrary input read as
// CTL-PGN: the output is a fixed point, a record the filter cannot
// handle is left as it was, the filtered records hold nothing a minimal
// reader does not read, and an input that passes the full reader gives
// an output that passes the minimal one.
func FuzzFilter(f *testing.F) {
	var files []string
	for _, pattern := range []string{"../../testdata/format/ctl/*.ctl-pgn", "../../testdata/analysis/reader/*.ctl-pgn", "../../../shared/testdata/ctl-pgn/*.ctl-pgn"} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
	f.Add("[Variant \"C'escacs\"]\n[Redefine \"T@R\"]\n\n1? …, TC25-C21 (=):\n*\n")
	f.Fuzz(func(t *testing.T, in string) {
		out := format.File(syntax.Parse("fuzz.ctl-pgn", in, syntax.CTLPGN), filterOpts)
		checkFiltered(t, "fuzz.ctl-pgn", in, out)
	})
}

// checkFiltered verifies the filter's promises on one input and its
// output: idempotence; games left as they were when they cannot be
// filtered (or would merge with the game before); for the others, the
// same tags but Redefine, the same main line in the standard letters
// with its game marks, no comment, variation, glyph or NAG, and no move
// the full reader finds illegal or after the end of the game; and that
// the output passes the minimal reader when the input passes the full
// one.
func checkFiltered(t *testing.T, name, in, out string) {
	t.Helper()
	if again := format.File(parse(name, out), filterOpts); again != out {
		t.Errorf("%s: filter not idempotent:\n%s\nthen\n%s", name, out, again)
	}
	before, after := parse(name, in), parse(name, out)
	if before.NumGames() != after.NumGames() {
		t.Errorf("%s: %d games became %d", name, before.NumGames(), after.NumGames())
		return
	}
	for i := range before.NumGames() {
		g0, g1 := before.Game(i).Game, after.Game(i).Game
		if res := format.Filter(g0, before.Dialect); res.Skipped != "" {
			if !strings.Contains(out, strings.TrimRight(g0.Text, " \t\r\n")) {
				t.Errorf("%s: game %d (%s) was not left as it was", name, i, res.Skipped)
			}
			continue
		}
		if strings.TrimSpace(g1.Text) == strings.TrimSpace(g0.Text) {
			continue // left as it was, so as not to merge with the game before
		}
		if d0, d1 := filterDigest(g0), plainDigest(g1); d0 != d1 {
			t.Errorf("%s: game %d: filtered\n%s\nbut got\n%s", name, i, d0, d1)
		}
		// The main line alone is the game: no move of it breaks the
		// rules or follows the end of the game.
		for _, d := range analysis.Game(g1, after.Dialect, nil, checks.All) {
			switch d.Code {
			case ctllegality.CodeIllegal, ctllegality.CodeIncoherent, ctllegality.CodeMovesAfterEnd:
				t.Errorf("%s: game %d: the filtered record is not the game: %s: %s", name, i, d.Code, d.Message)
			}
		}
	}
	if errorsUnder(before, analysis.FullReader) == 0 {
		if n := errorsUnder(after, analysis.MinimalReader); n > 0 {
			t.Errorf("%s: passes the full reader, but its filtered form has %d errors under the minimal one:\n%s", name, n, out)
		}
	}
}

// filterDigest is what the filter keeps of a record: its tags but
// Redefine (PDTL as its position), the main line's moves in the standard
// letters, draw offers and end marks (but for the redundant ':' after a
// move written '#'), and the result.
func filterDigest(g *syntax.Game) string {
	start := ctllegality.StartOf(g)
	var b strings.Builder
	for _, t := range g.Tags {
		switch {
		case t.Name == "Redefine":
		case t == start.PDTL:
			b.WriteString("[" + t.Name + "=" + start.Pos.PDTL(nil) + "]")
		default:
			b.WriteString("[" + t.Name + "=" + t.Value + "]")
		}
	}
	mate := false // after a move written '#'
	for _, e := range g.Moves {
		switch n := e.(type) {
		case *syntax.Move:
			s, _ := cescacs.StandardMove(n.Text, start.Letters)
			b.WriteString(" " + s)
			mate = strings.HasSuffix(s, "#")
		case *syntax.DrawOffer:
			b.WriteString(" (=)")
		case *syntax.EndMark:
			if !mate {
				b.WriteString(" :")
			}
		}
	}
	if g.Result != nil {
		b.WriteString(" " + g.Result.Text)
	}
	return b.String()
}

// plainDigest is filterDigest of a filtered record, which must have
// nothing else: no Redefine, comment, variation, glyph or NAG, and no
// end mark after a move written '#' ("#:", whose ':' '#' makes
// redundant, §7.3).
func plainDigest(g *syntax.Game) string {
	s := filterDigest(g)
	if _, ok := g.TagValue("Redefine"); ok {
		s += " [Redefine left]"
	}
	mate := false
	for _, e := range g.Moves {
		switch n := e.(type) {
		case *syntax.Move:
			mate = strings.HasSuffix(n.Text, "#")
		case *syntax.EndMark:
			if mate {
				s += " [#: written]"
			}
		}
	}
	syntax.Inspect(g.Elems(), func(e syntax.Elem) bool {
		switch e.(type) {
		case *syntax.Comment, *syntax.Variation, *syntax.Glyph, *syntax.NAG:
			s += " [left: " + g.Slice(e.Span()) + "]"
		}
		return true
	})
	return s
}

// errorsUnder counts the error diagnostics pgnls check reports on f
// with the reader r.
func errorsUnder(f *syntax.File, r analysis.CTLReader) int {
	cfg := &analysis.Config{CTLReader: r}
	n := 0
	count := func(ds []analysis.Diagnostic) {
		for _, d := range ds {
			if d.Severity == analysis.Error {
				n++
			}
		}
	}
	count(analysis.FileDiagnostics(f, cfg))
	for _, r := range f.Games() {
		count(analysis.Game(r.Game, f.Dialect, cfg, checks.All))
	}
	return n
}
