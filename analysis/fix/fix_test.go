package fix_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/fix"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/syntax"
)

var update = flag.Bool("update", false, "rewrite the fixed and report sections of testdata/fix/*.txtar")

// TestData runs the archives of testdata/fix. Each holds one input file,
// in.pgn or in.ctl-pgn, optionally a file "only" (the codes to fix, one
// per line), and the golden sections "fixed" (the fixed file) and
// "report" (what was fixed, game by game, what was left, with the
// positions of the input, and the games skipped), which -update
// rewrites. Every archive is also held to the properties of fixing (see
// checkProperties).
func TestData(t *testing.T) {
	files, err := filepath.Glob("../../testdata/fix/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no archives in testdata/fix (%v)", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var in, name string
			var opts fix.Options
			sections := map[string]int{}
			for i, f := range ar.Files {
				sections[f.Name] = i
				switch f.Name {
				case "in.pgn", "in.ctl-pgn":
					in, name = string(f.Data), f.Name
				case "only":
					for c := range strings.FieldsSeq(string(f.Data)) {
						opts.Only = append(opts.Only, analysis.Code(c))
					}
				}
			}
			if name == "" {
				t.Fatal("no in.pgn or in.ctl-pgn")
			}
			file := syntax.Parse(name, in, syntax.DetectDialect(name, in))
			out, report, results := fixFile(file, opts)
			checkProperties(t, file, out, results, opts)
			changed := false
			for _, g := range []struct{ name, got string }{{"fixed", out}, {"report", report}} {
				i, ok := sections[g.name]
				switch {
				case *update && ok:
					ar.Files[i].Data = []byte(g.got)
					changed = true
				case *update:
					ar.Files = append(ar.Files, txtar.File{Name: g.name, Data: []byte(g.got)})
					changed = true
				case !ok:
					t.Errorf("no %s section (run with -update)", g.name)
				case string(ar.Files[i].Data) != g.got:
					t.Errorf("%s differs:\n%s\nwant:\n%s", g.name, g.got, ar.Files[i].Data)
				}
			}
			if changed {
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// fixFile fixes every game of f and returns the fixed text with a report
// of the fixes, in the form of the report sections of testdata/fix, and
// the result of each game as written: a game whose fixed text would merge
// with the game before it is written as it was, as the command does.
func fixFile(f *syntax.File, opts fix.Options) (string, string, []fix.Result) {
	var out, report strings.Builder
	var results []fix.Result
	j := format.NewJoiner(&out, f.Dialect)
	for i, r := range f.Games() {
		res := fix.Game(r.Game, f.Dialect, opts)
		sep, text, _ := j.Next(r.Game, res.Joined())
		out.WriteString(sep + text)
		if text != res.Text {
			fmt.Fprintf(&report, "kept game %d: it would merge with the game before it\n", i+1)
			res = fix.Result{Text: text, Game: r.Game}
		}
		results = append(results, res)
		if res.Skipped != "" {
			fmt.Fprintf(&report, "skipped game %d: %s\n", i+1, res.Skipped)
		}
		for _, a := range res.Fixed {
			fmt.Fprintf(&report, "fixed game %d: %s: %s\n", i+1, a.Code, a.Title)
		}
		for _, l := range res.Left {
			pos := f.Position(r.Start + l.Diagnostic.Span.Start)
			msg, _, _ := strings.Cut(l.Diagnostic.Message, "\n")
			fmt.Fprintf(&report, "left %d:%d: %s: %s (%s)\n", pos.Line, pos.Col, l.Diagnostic.Code, msg, l.Reason)
		}
	}
	out.WriteString(f.Text()[len(f.Text())-trailLen(f):])
	return out.String(), report.String(), results
}

// trailLen is the length of the text after the last game of f.
func trailLen(f *syntax.File) int {
	if f.NumGames() == 0 {
		return len(f.Text())
	}
	last := f.Game(f.NumGames() - 1)
	return len(f.Text()) - int(last.Start) - len(last.Game.Text)
}

// checkProperties holds the fixing of in, which gave out, to the
// properties of the package: out reads as as many games; fixing it again
// changes nothing; no game has more errors of a code than before; and
// every diagnostic with a fix left of a code that was fixed in its game
// is reported as left.
func checkProperties(t *testing.T, in *syntax.File, out string, results []fix.Result, opts fix.Options) {
	t.Helper()
	cfg := opts.Config
	if cfg == nil {
		cfg = analysis.DefaultConfig()
	}
	of := syntax.Parse(in.Name, out, in.Dialect)
	if of.NumGames() != in.NumGames() {
		t.Fatalf("the fixed text has %d games, the input %d:\n%s", of.NumGames(), in.NumGames(), out)
	}
	again, _, _ := fixFile(of, opts)
	if again != out {
		t.Errorf("fixing is not idempotent: fixing the fixed text gives\n%s\nnot\n%s", again, out)
	}
	for i, r := range in.Games() {
		res := results[i]
		before := analysis.Game(r.Game, in.Dialect, cfg, checks.All)
		after := analysis.Game(of.Game(i).Game, in.Dialect, cfg, checks.All)
		errs := func(ds []analysis.Diagnostic) map[analysis.Code]int {
			n := map[analysis.Code]int{}
			for _, x := range ds {
				if x.Severity == analysis.Error {
					n[x.Code]++
				}
			}
			return n
		}
		was := errs(before)
		for code, n := range errs(after) {
			if n > was[code] {
				t.Errorf("game %d: fixing added the error %s", i+1, code)
			}
		}
		for _, a := range res.Fixed {
			left := 0
			for _, l := range res.Left {
				if l.Diagnostic.Code == a.Code {
					left++
				}
			}
			n := 0
			for _, x := range after {
				if x.Code == a.Code && len(x.Fixes) > 0 {
					n++
				}
			}
			if n != left {
				t.Errorf("game %d: %s was fixed, yet %d remain and %d are reported left", i+1, a.Code, n, left)
			}
		}
	}
}

// FuzzFix holds fixing to its properties (see checkProperties) on any
// text, read as PGN or as CTL-PGN; its seeds are the inputs of
// testdata/fix and the analyzers' data files.
func FuzzFix(f *testing.F) {
	archives, _ := filepath.Glob("../../testdata/fix/*.txtar")
	for _, p := range archives {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			continue
		}
		for _, file := range ar.Files {
			if strings.HasPrefix(file.Name, "in.") {
				f.Add(string(file.Data), file.Name == "in.ctl-pgn")
			}
		}
	}
	for _, pattern := range []string{"../../testdata/analysis/legality/*.pgn", "../../testdata/analysis/tags/*.pgn", "../../testdata/analysis/ctllegality/*.ctl-pgn"} {
		files, _ := filepath.Glob(pattern)
		for _, p := range files {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(string(data), strings.HasSuffix(p, ".ctl-pgn"))
			}
		}
	}
	f.Fuzz(func(t *testing.T, in string, ctl bool) {
		d := syntax.PGN
		if ctl {
			d = syntax.CTLPGN
		}
		file := syntax.Parse("fuzz", in, d)
		out, _, results := fixFile(file, fix.Options{})
		checkProperties(t, file, out, results, fix.Options{})
	})
}

// TestLineEndsKept fixes a game with CRLF line ends in ways that add
// lines (roster tags, a result after a line comment): every line end
// written is CRLF too.
func TestLineEndsKept(t *testing.T) {
	in := strings.ReplaceAll("[Event \"E\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 ; mate\n", "\n", "\r\n")
	file := syntax.Parse("crlf.pgn", in, syntax.PGN)
	out, _, results := fixFile(file, fix.Options{})
	if len(results[0].Fixed) < 3 {
		t.Fatalf("fixed %v, want the roster tags, the mate mark and the result", results[0].Fixed)
	}
	if n := strings.Count(out, "\n"); n != strings.Count(out, "\r\n") {
		t.Errorf("a line end without CR in\n%q", out)
	}
	checkProperties(t, file, out, results, fix.Options{})
}

// TestByteOrderMark fixes a file that starts with a byte-order mark and
// lacks the first roster tags: they go on lines of their own after the
// mark, which stays first.
func TestByteOrderMark(t *testing.T) {
	in := "\uFEFF[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n"
	file := syntax.Parse("bom.pgn", in, syntax.PGN)
	out, _, results := fixFile(file, fix.Options{})
	want := "\uFEFF[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n"
	if out != want {
		t.Errorf("fixed\n%q\nwant\n%q", out, want)
	}
	checkProperties(t, file, out, results, fix.Options{})
}

// BenchmarkEdits fixes 64 KB of a real database (some fifty games, a few
// needing a check mark), as the language server's "Fix all in file" does
// for a request that does not ask for its kind.
func BenchmarkEdits(b *testing.B) {
	data, err := os.ReadFile("../../../shared/testdata/pgn/big/pgnmentor-Carlsen.pgn")
	if err != nil {
		b.Skip(err)
	}
	f := syntax.Parse("carlsen.pgn", string(data[:64<<10]), syntax.PGN)
	for b.Loop() {
		fix.Edits(context.Background(), f, fix.Options{}, 0, f.NumGames())
	}
}

// TestInputOffsets: fix tells where a problem of the fixed game is in
// the input: a game whose roster tags it adds (text before the moves)
// and that formatting then leaves for an illegal move maps the move's
// offset back to the input; a syntax error no fix repairs is reported
// at the error.
func TestInputOffsets(t *testing.T) {
	in := "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n"
	g := syntax.Parse("in.pgn", in, syntax.PGN).Game(0).Game
	r := fix.Game(g, syntax.PGN, fix.Options{})
	if r.Text == in {
		t.Fatal("nothing fixed: the roster tags are missing")
	}
	fr := format.Game(r.Game, syntax.PGN, format.Options{})
	if !fr.Broken || !strings.HasPrefix(r.Text[fr.At:], "Ke3") {
		t.Fatalf("formatting the fixed game: %+v, At on %q", fr, r.Text[fr.At:])
	}
	if got := r.Input(fr.At); got > syntax.Pos(len(in)) || !strings.HasPrefix(in[got:], "Ke3") {
		t.Errorf("Input(%d) = %d, want %d (Ke3)", fr.At, got, strings.Index(in, "Ke3"))
	}

	broken := "[Event \"E\"]\n\n1. e4 e5 { never closed\n"
	g = syntax.Parse("in.pgn", broken, syntax.PGN).Game(0).Game
	r = fix.Game(g, syntax.PGN, fix.Options{})
	if !r.Broken || !strings.HasPrefix(broken[r.At:], "{ never") {
		t.Errorf("broken game: %+v, At on %q", r, broken[r.At:])
	}
	if j := r.Joined(); j.At != r.At {
		t.Errorf("Joined().At = %d, want %d", j.At, r.At)
	}
}
