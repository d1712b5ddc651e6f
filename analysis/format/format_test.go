package format_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/syntax"
)

var update = flag.Bool("update", false, "rewrite golden files")

func parse(name, text string) *syntax.File {
	return syntax.Parse(name, text, syntax.DetectDialect(name, text))
}

// TestGolden formats every file of testdata/format and compares with
// NAME.golden; -update rewrites the goldens.
func TestGolden(t *testing.T) { runGoldens(t, "../../testdata/format/*.pgn") }

// runGoldens formats every file matching pattern and compares with
// NAME.golden; -update rewrites the goldens.
func runGoldens(t *testing.T, pattern string) {
	t.Helper()
	files, _ := filepath.Glob(pattern)
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	for _, in := range files {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		got := format.File(parse(in, string(data)), format.Options{})
		golden := in + ".golden"
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
		checkFormatted(t, in, string(data), got)
	}
}

// checkFormatted verifies the formatter's promises on one input: the
// output is a fixed point, parses without new syntax errors, keeps the
// meaning of every game and leaves broken games byte-identical.
func checkFormatted(t *testing.T, name, in, out string) {
	t.Helper()
	checkFormattedWith(t, name, in, out, format.Options{})
}

// checkFormattedWith is checkFormatted for output made with opts.
func checkFormattedWith(t *testing.T, name, in, out string, opts format.Options) {
	t.Helper()
	if again := format.File(parse(name, out), opts); again != out {
		t.Errorf("%s: not idempotent", name)
	}
	before, after := parse(name, in), parse(name, out)
	if before.NumGames() != after.NumGames() {
		t.Errorf("%s: %d games became %d", name, before.NumGames(), after.NumGames())
		return
	}
	for i := range before.NumGames() {
		g0, g1 := before.Game(i).Game, after.Game(i).Game
		if res := format.Game(g0, before.Dialect, opts); res.Skipped != "" {
			if !strings.Contains(out, strings.TrimRight(g0.Text, " \t\r\n")) {
				t.Errorf("%s: game %d (%s) was not left as it was", name, i, res.Skipped)
			}
			continue
		}
		if after.Dialect == syntax.CTLPGN && mateEndMark(g1) {
			t.Errorf("%s: game %d: the output writes ':' after '#'", name, i)
		}
		if n0, n1 := errorCount(g0), errorCount(g1); n1 > n0 {
			t.Errorf("%s: game %d has %d syntax errors after formatting, %d before", name, i, n1, n0)
		}
		if d0, d1 := gameDigest(before.Dialect, g0), gameDigest(before.Dialect, g1); d0 != d1 {
			t.Errorf("%s: game %d changed meaning\nbefore: %s\nafter:  %s", name, i, d0, d1)
		}
	}
}

// mateEndMark reports whether a formatted CTL-PGN game writes the end mark ':'
// after a move marked '#' (and its annotations).
func mateEndMark(g *syntax.Game) bool {
	mate := false
	for _, t := range g.Tokens {
		switch t.Kind {
		case syntax.KMove:
			mate = strings.HasSuffix(g.Slice(t.Span), "#")
		case syntax.KEndMark:
			if mate {
				return true
			}
		case syntax.KGlyph, syntax.KNAG, syntax.KDrawOffer:
		default:
			if !t.Kind.IsTrivia() {
				mate = false
			}
		}
	}
	return false
}

func errorCount(g *syntax.Game) int {
	n := 0
	for _, e := range g.Errs {
		if e.Severity == syntax.SevError {
			n++
		}
	}
	return n
}

// digest is the meaning of a game: its tags, and its movetext as the
// canonical moves, NAG values, comment words and variation structure.
func digest(g *syntax.Game) string {
	var b strings.Builder
	var tagList []string
	for _, t := range g.Tags {
		if t.Value == "?" || t.Value == "????.??.??" || t.Name == "Result" {
			continue // placeholders the formatter may add
		}
		tagList = append(tagList, "["+t.Name+"="+t.Value+"]")
	}
	sort.Strings(tagList)
	b.WriteString(strings.Join(tagList, ""))
	canon := map[*syntax.Move]string{}
	start := legality.StartOf(g)
	legality.Replay(g, start, func(st *legality.Step) {
		if st.Err == nil && st.Before != nil {
			canon[st.Node] = st.Before.SAN(st.Move)
		}
	})
	var walk func([]syntax.Elem)
	walk = func(elems []syntax.Elem) {
		for _, e := range elems {
			switch n := e.(type) {
			case *syntax.Move:
				if c, ok := canon[n]; ok {
					b.WriteString(" " + c)
				} else {
					b.WriteString(" " + n.Text)
				}
			case *syntax.NAG:
				b.WriteString(" $" + itoa(n.Value))
			case *syntax.Glyph:
				b.WriteString(" $" + itoa(nag.Glyphs[n.Text]))
			case *syntax.Comment:
				b.WriteString(" {" + strings.Join(strings.Fields(n.Text), " ") + "}")
			case *syntax.Variation:
				b.WriteString(" (")
				walk(n.Elems)
				b.WriteString(" )")
			case *syntax.Result:
				b.WriteString(" " + n.Text)
			}
		}
	}
	for _, e := range g.Header {
		if c, ok := e.(*syntax.Comment); ok {
			b.WriteString(" {" + strings.Join(strings.Fields(c.Text), " ") + "}")
		}
	}
	walk(g.Moves)
	// A missing terminator is the one the final position decides, else
	// the one the Result tag gives, or "*" (what pgnls fix writes).
	if g.Result != nil || len(g.Tags) > 0 || len(g.Moves) > 0 {
		term, _ := legality.Terminator(g)
		b.WriteString(" " + term)
	}
	walk(g.After)
	return b.String()
}

func itoa(n int) string {
	s := ""
	if n == 0 {
		return "0"
	}
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return s
}

// eachSharedFile calls f with the path and text of every PGN and CTL-PGN
// file of the shared test data (the big files only without -short), or
// skips t when there is none.
func eachSharedFile(t *testing.T, f func(path, text string)) {
	var files []string
	filepath.WalkDir("../../../shared/testdata", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".pgn") || strings.HasSuffix(path, ".ctl-pgn")) {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("shared test data not found (check out ../shared beside the repository)")
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if testing.Short() && len(data) > 200<<10 {
			continue
		}
		f(path, string(data))
	}
}

// TestCorpus formats every file of the shared test data and checks the
// formatter's promises on each.
//
// Every file keeps its encoding: the output of a UTF-8 file is UTF-8,
// and that of a Latin-1 file is the Latin-1 form of what its text, read
// as UTF-8, formats to.
func TestCorpus(t *testing.T) {
	latin := 0
	eachSharedFile(t, func(path, text string) {
		out := format.File(parse(path, text), format.Options{})
		checkFormatted(t, path, text, out)
		switch {
		case utf8.ValidString(text):
			if !utf8.ValidString(out) {
				t.Errorf("%s: a UTF-8 file is no longer UTF-8 once formatted", path)
			}
		default:
			latin++
			u := decodeLatin1(text)
			if got, want := decodeLatin1(out), format.File(parse(path, u), format.Options{}); got != want {
				t.Errorf("%s: a Latin-1 file does not format to the Latin-1 form of its text's formatting", path)
			}
		}
	})
	if latin == 0 {
		t.Error("no Latin-1 file in the shared test data")
	}
}

// FuzzFormat checks the promises on arbitrary input.
func FuzzFormat(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/format/*.pgn")
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
	f.Add("1. e4 e5 2. Nf3 (2. f4 {x} exf4) Nc6 *")
	f.Add("{Caf\u00e9} [Event \"Z\u00fcrich\"]\n\n1. e4 e5 * {\u00e9t\u00e9}\n")
	f.Fuzz(func(t *testing.T, in string) {
		out := format.File(parse("fuzz.pgn", in), format.Options{})
		checkFormatted(t, "fuzz.pgn", in, out)
		// The same text in Latin-1 formats to the same text in Latin-1.
		if l, ok := latin1(in); ok {
			lout := format.File(parse("fuzz.pgn", l), format.Options{})
			if got := decodeLatin1(lout); got != out {
				t.Errorf("formatted in Latin-1, %q\nis not the Latin-1 form of\n%q", lout, out)
			}
		}
	})
}

// TestGoldenLatin1 formats each golden input that holds non-ASCII text
// in Latin-1: the output must be the golden's text in Latin-1, not
// UTF-8, nor a mixture.
func TestGoldenLatin1(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/format/*.pgn")
	n := 0
	for _, in := range files {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		l, ok := latin1(string(data))
		if !ok {
			continue
		}
		n++
		want, err := os.ReadFile(in + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		got := format.File(parse(in, l), format.Options{})
		if wantL, _ := encodeLatin1(string(want)); got != wantL {
			t.Errorf("%s in Latin-1: output is not the golden in Latin-1:\n%q", in, got)
		}
	}
	if n == 0 {
		t.Fatal("no golden input with non-ASCII text")
	}
}

// latin1 returns the UTF-8 text s in Windows-1252, when every character
// has a byte there and the result reads as Latin-1: it is not valid
// UTF-8 in any game that has non-ASCII bytes, and has no byte-order mark.
func latin1(s string) (string, bool) {
	l, ok := encodeLatin1(s)
	if !ok || l == s || strings.Contains(l, "\xEF\xBB\xBF") {
		return "", false
	}
	for _, r := range parse("latin1.pgn", l).Games() {
		if text := r.Game.Text; utf8.ValidString(text) && strings.IndexFunc(text, func(r rune) bool { return r >= utf8.RuneSelf }) >= 0 {
			return "", false
		}
	}
	return l, true
}

// encodeLatin1 returns the UTF-8 text s in Windows-1252, if every
// character has a byte there.
func encodeLatin1(s string) (string, bool) {
	if !utf8.ValidString(s) {
		return "", false
	}
	var b strings.Builder
	for _, r := range s {
		c, ok := syntax.EncodeLatin1(r)
		if !ok {
			return "", false
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

// decodeLatin1 reads every byte of s as Windows-1252.
func decodeLatin1(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(syntax.DecodeByte(s[i]))
	}
	return b.String()
}

// TestMixedLineEndings: a game with LF lines followed by one with CRLF
// lines (as when files are concatenated). The separator takes the second
// game's CRLF, so the first game ends in "\n\r\n" on the next run, and must
// still keep its LF lines there.
func TestMixedLineEndings(t *testing.T) {
	in := "[Event \"a\"]\n\n1. e4 e5 *\n[Event \"b\"]\r\n\r\n1. d4 d5 *\r\n"
	out := format.File(parse("mixed.pgn", in), format.Options{})
	checkFormatted(t, "mixed.pgn", in, out)
	if again := format.File(parse("mixed.pgn", out), format.Options{}); again != out {
		t.Errorf("not idempotent:\n%q\n%q", out, again)
	}
}

// TestStreamMatchesFile: Stream, which drops the tokens of PGN games and
// joins games as it goes, writes exactly what File writes for the whole
// parse, on every corpus file.
func TestStreamMatchesFile(t *testing.T) {
	eachSharedFile(t, func(path, text string) {
		want := format.File(parse(path, text), format.Options{})
		var b strings.Builder
		gr := syntax.NewGameReader(strings.NewReader(text), path, syntax.PGN, true)
		j := format.NewJoiner(&b, gr.Dialect())
		format.Stream(context.Background(), gr, 0, format.Options{}, func(g syntax.StreamGame, res format.Result) { j.Add(g.Game, res) })
		if b.String() != want {
			t.Errorf("%s: streamed formatting differs from format.File", path)
		}
	})
}
