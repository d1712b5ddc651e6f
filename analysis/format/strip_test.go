package format_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/syntax"
)

// stripCases are the strip options the tests try, by the name of their
// golden file: every item of --strip alone, then some together.
var stripCases = []struct {
	name string
	list string
	keep []string
	drop []string
}{
	{name: "comments", list: "comments"},
	{name: "commands", list: "commands"},
	{name: "clk", list: "clk"},
	{name: "emt", list: "emt"},
	{name: "eval", list: "eval"},
	{name: "cal", list: "cal"},
	{name: "csl", list: "csl"},
	{name: "tqu", list: "%tqu"},
	{name: "nags", list: "nags"},
	{name: "variations", list: "variations"},
	{name: "tags", list: "tags"},
	{name: "results", list: "results"},
	{name: "keep-tags", list: "tags", keep: []string{"ECO", "TimeControl"}},
	{name: "drop-tags", drop: []string{"Opening", "Annotator"}},
	{name: "clean", list: "clk,emt,eval,nags,variations,tags"},
	{name: "bare", list: "comments,nags,variations,tags,results"},
}

func stripOptions(t *testing.T, list string, keep, drop []string) format.Options {
	t.Helper()
	s, err := format.ParseStrip(list)
	if err != nil {
		t.Fatal(err)
	}
	s.KeepTags, s.DropTags = keep, drop
	return format.Options{Strip: s}
}

// TestStripGolden strips testdata/format/strip/*.pgn in every way of
// stripCases and compares with NAME.CASE.golden (-update rewrites them);
// the same input in Latin-1 with CRLF line ends must give the golden in
// Latin-1 with CRLF line ends: stripping keeps the encoding and the line
// endings.
func TestStripGolden(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/format/strip/*.pgn")
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	for _, in := range files {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range stripCases {
			opts := stripOptions(t, c.list, c.keep, c.drop)
			got := format.File(parse(in, string(data)), opts)
			golden := in + "." + c.name + ".golden"
			if *update {
				os.WriteFile(golden, []byte(got), 0o644)
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s: --strip %s: output differs from %s\n%s", in, c.list, golden, got)
			}
			checkStripped(t, in, string(data), got, opts)

			// The same in Latin-1, with CRLF line ends.
			l, ok := encodeLatin1(strings.ReplaceAll(string(data), "\n", "\r\n"))
			if !ok || utf8.ValidString(l) {
				t.Fatalf("%s cannot be written in Latin-1 with non-ASCII letters", in)
			}
			wantL, _ := encodeLatin1(strings.ReplaceAll(string(want), "\n", "\r\n"))
			if gotL := format.File(parse(in, l), opts); gotL != wantL {
				t.Errorf("%s in Latin-1 with CRLF: --strip %s: output is not the golden in Latin-1 with CRLF:\n%q", in, c.list, gotL)
			}
		}
	}
}

// TestStripCorpus strips the PGN files of the shared test data up to 32
// kB in every way of stripCases, and two bigger ones (Latin-1 with CRLF,
// and lichess study markup with deep variations) in the ways that strip
// most (to stay fast, under the race detector too), and checks the
// promises of checkStripped.
func TestStripCorpus(t *testing.T) {
	n := 0
	eachSharedFile(t, func(path, text string) {
		if !sampleFile(path, text) {
			return
		}
		n++
		f := parse(path, text)
		for _, c := range stripCases {
			if len(text) > 32<<10 && c.name != "clean" && c.name != "bare" && c.name != "commands" {
				continue
			}
			opts := stripOptions(t, c.list, c.keep, c.drop)
			checkStripped(t, path+" --strip "+c.list, text, format.File(f, opts), opts)
		}
	})
	if n == 0 {
		t.Fatal("no PGN file in the shared test data")
	}
}

// checkStripped checks the promises of stripping on one input: the
// output is a fixed point; its games are those of the input, a game that
// was only stripped parts (a file's header comment) gone; the meaning of
// each stripped game, compared, equals the meaning of its input game with
// the stripped parts taken out of what is compared; a game that could not
// be formatted is left as it was; stripped comments, NAGs, variations,
// tags and results are gone; the line endings are kept.
func checkStripped(t *testing.T, name, in, out string, opts format.Options) {
	t.Helper()
	if again := format.File(parse(name, out), opts); again != out {
		t.Errorf("%s: not idempotent", name)
	}
	before, after := parse(name, in), parse(name, out)
	j := 0
	for i := range before.NumGames() {
		g0 := before.Game(i).Game
		res := format.Game(g0, before.Dialect, opts)
		if res.Skipped != "" {
			if !strings.Contains(out, strings.TrimRight(g0.Text, " \t\r\n")) {
				t.Errorf("%s: game %d (%s) was not left as it was", name, i, res.Skipped)
			}
			j++
			continue
		}
		if res.Text == "" {
			continue // nothing but stripped parts
		}
		if j >= after.NumGames() {
			t.Errorf("%s: game %d is missing from the output", name, i)
			return
		}
		g1 := after.Game(j).Game
		j++
		want := strippedDigest(g0, opts.Strip)
		got := strippedDigest(g1, format.Strip{Results: opts.Strip.Results})
		if want != got {
			t.Errorf("%s: game %d: stripping then comparing differs from comparing then stripping\nwant: %s\ngot:  %s", name, i, want, got)
		}
		if opts.Strip.Results {
			term, ok := g0.TagValue("Result")
			if g0.Result != nil {
				term = g0.Result.Text
			} else if !ok {
				term = "*"
			}
			if tag, _ := g1.TagValue("Result"); g1.Result != nil || tag != term {
				t.Errorf("%s: game %d: termination marker %v and Result tag %q, want none and %q", name, i, g1.Result, tag, term)
			}
		}
		if strings.Contains(g0.Text, "\r\n") != strings.Contains(g1.Text, "\r\n") {
			t.Errorf("%s: game %d does not keep its line endings", name, i)
		}
	}
	if j != after.NumGames() {
		t.Errorf("%s: %d games out, %d expected", name, after.NumGames(), j)
	}
}

// command matches an embedded command "[%name args]" and its name, as
// ChessBase writes them: up to the first "]".
var command = regexp.MustCompile(`\[%([^ \t\r\n\]]*)[^\]]*\]`)

// strippedDigest is digest with the parts s strips left out, computed on
// the input's tree independently of package format: the tags kept are
// the roster, FEN, SetUp, Variant and s.KeepTags (all with s.Tags or
// KeepTags), minus s.DropTags; comments lose the commands s names, and go
// when that leaves them blank; with s.Results the termination marker is
// not compared (g has none).
func strippedDigest(g *syntax.Game, s format.Strip) string {
	var b strings.Builder
	var tagList []string
	for _, t := range g.Tags {
		if t.Value == "?" || t.Value == "????.??.??" || t.Name == "Result" {
			continue // placeholders the formatter may add
		}
		needed := slices.Contains([]string{"Event", "Site", "Date", "Round", "White", "Black", "FEN", "SetUp", "Variant"}, t.Name)
		if !needed && (slices.Contains(s.DropTags, t.Name) || (s.Tags || len(s.KeepTags) > 0) && !slices.Contains(s.KeepTags, t.Name)) {
			continue
		}
		tagList = append(tagList, "["+t.Name+"="+t.Value+"]")
	}
	sort.Strings(tagList)
	b.WriteString(strings.Join(tagList, ""))
	canon := map[*syntax.Move]string{}
	legality.Replay(g, legality.StartOf(g), func(st *legality.Step) {
		if st.Err == nil && st.Before != nil {
			canon[st.Node] = st.Before.SAN(st.Move)
		}
	})
	comment := func(c *syntax.Comment) {
		text := c.Text
		if s.Comments {
			return
		}
		if len(s.Commands) > 0 {
			removed := false
			text = command.ReplaceAllStringFunc(text, func(cmd string) string {
				name := command.FindStringSubmatch(cmd)[1]
				if slices.Contains(s.Commands, "*") || slices.Contains(s.Commands, name) {
					removed = true
					return " "
				}
				return cmd
			})
			if removed && strings.TrimSpace(text) == "" {
				return
			}
		}
		b.WriteString(" {" + strings.Join(strings.Fields(text), " ") + "}")
	}
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
				if !s.NAGs {
					b.WriteString(" $" + itoa(n.Value))
				}
			case *syntax.Glyph:
				if !s.NAGs {
					b.WriteString(" $" + itoa(nag.Glyphs[n.Text]))
				}
			case *syntax.Comment:
				comment(n)
			case *syntax.Variation:
				if !s.Variations {
					b.WriteString(" (")
					walk(n.Elems)
					b.WriteString(" )")
				}
			case *syntax.Result:
				b.WriteString(" " + n.Text)
			}
		}
	}
	for _, e := range g.Header {
		if c, ok := e.(*syntax.Comment); ok {
			comment(c)
		}
	}
	walk(g.Moves)
	if !s.Results && (g.Result != nil || len(g.Tags) > 0 || len(g.Moves) > 0) {
		term, _ := legality.Terminator(g)
		b.WriteString(" " + term)
	}
	walk(g.After)
	return b.String()
}

// TestParseStrip: every item of the usage is read, "%NAME" names any
// command, and anything else is refused.
func TestParseStrip(t *testing.T) {
	for _, item := range format.StripItems {
		if s, err := format.ParseStrip(item); err != nil || s.IsZero() {
			t.Errorf("ParseStrip(%q) = %+v, %v", item, s, err)
		}
	}
	if s, err := format.ParseStrip("%tqu, clk"); err != nil || !slices.Equal(s.Commands, []string{"tqu", "clk"}) {
		t.Errorf("ParseStrip(%%tqu, clk) = %+v, %v", s, err)
	}
	for _, bad := range []string{"comment", "%", "clock", "%a]"} {
		if _, err := format.ParseStrip(bad); err == nil {
			t.Errorf("ParseStrip(%q) succeeded", bad)
		}
	}
	if err := (format.Strip{DropTags: []string{"FEN"}}).Check(syntax.PGN); err == nil {
		t.Error("dropping FEN is allowed")
	}
	if err := (format.Strip{DropTags: []string{"ECO"}}).Check(syntax.PGN); err != nil {
		t.Errorf("dropping ECO: %v", err)
	}
}

// TestStripCTL: the same items apply to CTL-PGN records in their export
// form: every formatted record loses its comments, NAGs, valuation
// glyphs and variations and keeps its main line's moves, and the output
// is a fixed point.
func TestStripCTL(t *testing.T) {
	opts := stripOptions(t, "comments,nags,variations", nil, nil)
	n := 0
	eachSharedFile(t, func(path, text string) {
		if !strings.HasSuffix(path, ".ctl-pgn") {
			return
		}
		before := parse(path, text)
		out := format.File(before, opts)
		if again := format.File(parse(path, out), opts); again != out {
			t.Errorf("%s: not idempotent", path)
		}
		for i := range before.NumGames() {
			g0 := before.Game(i).Game
			res := format.Game(g0, before.Dialect, opts)
			if res.Skipped != "" || res.Text == "" {
				continue
			}
			n++
			g1 := parse(path, res.Text).Game(0).Game
			if got, want := mainMoves(g1), mainMoves(g0); !slices.Equal(got, want) {
				t.Errorf("%s: record %d: main line %v became %v", path, i, want, got)
			}
			syntax.Inspect(append(append(append([]syntax.Elem{}, g1.Header...), g1.Moves...), g1.After...), func(e syntax.Elem) bool {
				switch e.(type) {
				case *syntax.Comment, *syntax.NAG, *syntax.Glyph, *syntax.Variation:
					t.Errorf("%s: record %d keeps %s", path, i, g1.Slice(e.Span()))
				}
				return true
			})
		}
	})
	if n == 0 {
		t.Fatal("no CTL-PGN record formatted")
	}
}

// mainMoves returns the squares of the moves of g's main line: their
// text without separators, capture signs and check marks, which the
// export form may write anew.
func mainMoves(g *syntax.Game) []string {
	var out []string
	for _, e := range g.Moves {
		if m, ok := e.(*syntax.Move); ok {
			out = append(out, strings.Map(func(r rune) rune {
				if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
					return r
				}
				return -1
			}, m.Text))
		}
	}
	return out
}

// sampleFile reports whether the tests of stripping and notations take
// the shared file path: the PGN files up to 32 kB, and two bigger ones
// with what they must keep (Latin-1 and CRLF; commands, variations and
// FEN starts).
func sampleFile(path, text string) bool {
	if strings.HasSuffix(path, ".ctl-pgn") {
		return false
	}
	return len(text) <= 32<<10 || strings.Contains(path, "immortal-games") || strings.Contains(path, "lichess-study-beautiful")
}
