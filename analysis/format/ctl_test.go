package format_test

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/syntax"
)

// TestCTLGolden formats every file of testdata/format/ctl and compares
// with NAME.golden; -update rewrites the goldens.
func TestCTLGolden(t *testing.T) { runGoldens(t, "../../testdata/format/ctl/*.ctl-pgn") }

// gameDigest is the meaning of a game in its dialect.
func gameDigest(d syntax.Dialect, g *syntax.Game) string {
	if d == syntax.CTLPGN {
		return ctlDigest(g)
	}
	return digest(g)
}

// ctlDigest is the meaning of a CTL-PGN record: its tags, and its
// movetext as the moves (canonical, in E's style, when they resolve),
// valuations, NAGs, game marks, comment words (and whether a comment is a
// program's), variation structure and labels, the result and the final
// comments. Comments between tags count as the first comments of the
// movetext, where the formatter moves them; comments and variations that
// split a pair count as following its Black move, where they belong.
func ctlDigest(g *syntax.Game) string {
	var b strings.Builder
	var tagList []string
	for _, t := range g.Tags {
		if t.Name != "Result" {
			tagList = append(tagList, "["+t.Name+"="+t.Value+"]")
		}
	}
	sort.Strings(tagList)
	b.WriteString(strings.Join(tagList, ""))
	start := ctllegality.StartOf(g)
	canon := map[*syntax.Move]string{}
	ply := map[*syntax.Move]int{}
	ctllegality.Replay(g, start, func(st *ctllegality.Step) {
		ply[st.Node] = st.Ply
		if st.After != nil {
			canon[st.Node] = st.Before.Notation(st.Move, nil, cescacs.StyleE)
		}
	})
	comment := func(c *syntax.Comment) {
		text, lead := c.Text, " {"
		if c.Kind == syntax.BraceKind && strings.HasPrefix(text, ":") {
			text, lead = text[1:], " {:"
		}
		b.WriteString(lead + strings.Join(strings.Fields(text), " ") + "}")
	}
	mate := false // the last move mates: an end mark after it means nothing
	var walk func([]syntax.Elem)
	walk = func(elems []syntax.Elem) {
		// A Black move (with its annotations) goes before the comments
		// and variations that separate it from White's.
		annot := func(i int) int {
			for ; i < len(elems); i++ {
				switch elems[i].(type) {
				case *syntax.Glyph, *syntax.NAG, *syntax.DrawOffer, *syntax.EndMark:
				default:
					return i
				}
			}
			return i
		}
		var order []syntax.Elem
		for i := 0; i < len(elems); {
			m, ok := elems[i].(*syntax.Move)
			if !ok || ply[m]%2 == 1 {
				order = append(order, elems[i])
				i++
				continue
			}
			j := annot(i + 1)
			order = append(order, elems[i:j]...)
			k, split := j, false
			for ; k < len(elems); k++ {
				_, c := elems[k].(*syntax.Comment)
				_, v := elems[k].(*syntax.Variation)
				_, num := elems[k].(*syntax.MoveNumber)
				_, ell := elems[k].(*syntax.Ellipsis)
				if !c && !v && !num && !ell {
					break
				}
				split = split || c || v
			}
			if k < len(elems) && split {
				if b, ok := elems[k].(*syntax.Move); ok && ply[b] == ply[m]+1 {
					l := annot(k + 1)
					order = append(order, elems[k:l]...)
					order = append(order, elems[j:k]...)
					i = l
					continue
				}
			}
			i = j
		}
		for _, e := range order {
			switch n := e.(type) {
			case *syntax.Move:
				c, ok := canon[n]
				if !ok {
					c = n.Text
				}
				b.WriteString(" " + c)
				mate = strings.HasSuffix(c, "#")
			case *syntax.NAG:
				b.WriteString(" $" + strconv.Itoa(n.Value))
			case *syntax.Glyph:
				b.WriteString(" " + n.Text)
			case *syntax.DrawOffer:
				b.WriteString(" (=)")
			case *syntax.EndMark:
				if !mate {
					b.WriteString(" :")
				}
			case *syntax.Comment:
				comment(n)
			case *syntax.Variation:
				b.WriteString(" (")
				if n.Label != nil {
					b.WriteString("$[" + strconv.Itoa(n.Label.Number) + "]")
				}
				walk(n.Elems)
				b.WriteString(" )")
			case *syntax.Result:
				b.WriteString(" " + n.Text)
			}
		}
	}
	walk(g.Header)
	walk(g.Moves)
	// Without a result line, the formatter writes the result the final
	// position decides, else the tag's, else "*" (what pgnls fix writes).
	result, _, _ := ctllegality.Terminator(g)
	b.WriteString(" " + result)
	walk(g.After)
	return b.String()
}

// TestCTLCorpus formats every record of the shared CTL-PGN test data: all
// are formatted except the unplayable seed example, and formatting keeps
// their meaning and is idempotent.
func TestCTLCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/testdata/ctl-pgn/*.ctl-pgn")
	if len(files) == 0 {
		t.Fatal("shared test data not found (check out ../shared beside the repository)")
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := parse(path, string(data))
		for i, r := range f.Games() {
			res := format.Game(r.Game, f.Dialect, format.Options{})
			unplayable := filepath.Base(path) == "seed-intro-unfinished.ctl-pgn"
			if (res.Skipped != "") != unplayable {
				t.Errorf("%s: game %d: skipped %q", path, i, res.Skipped)
			}
		}
		for _, style := range []string{format.CTLKeep, format.CTLASCII, format.CTLUnicode} {
			opts := format.Options{CTLStyle: style}
			out := format.File(f, opts)
			checkFormattedWith(t, path, string(data), out, opts)
		}
	}
}

// TestCTLStyle checks the separator styles.
func TestCTLStyle(t *testing.T) {
	in := "[Variant \"C'escacs\"]\n\n1. E7-E13, E21-E15 2. F8-F12, F20-F16 3. E13×F16, E15×F12:\n*\n"
	f := parse("s.ctl-pgn", in)
	for style, want := range map[string]string{
		format.CTLKeep:    "3. E13×F16, E15×F12:",
		format.CTLASCII:   "3. E13*F16, E15*F12:",
		format.CTLUnicode: "2. F8‐F12, F20‐F16",
	} {
		out := format.File(f, format.Options{CTLStyle: style})
		if !strings.Contains(out, "\n"+want+"\n") {
			t.Errorf("style %q: no line %q in\n%s", style, want, out)
		}
		checkFormattedWith(t, "s.ctl-pgn", in, out, format.Options{CTLStyle: style})
	}
}

// FuzzFormatCTL checks the formatter's promises on arbitrary input read
// as CTL-PGN.
func FuzzFormatCTL(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/format/ctl/*.ctl-pgn")
	shared, _ := filepath.Glob("../../../shared/testdata/ctl-pgn/*.ctl-pgn")
	for _, p := range append(files, shared...) {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
	f.Add("1. H6-H12, I23-I19\n(1. …, I23-I21 ?(=))\n2. JF6-C15:\n*\n")
	f.Fuzz(func(t *testing.T, in string) {
		out := format.File(syntax.Parse("fuzz.ctl-pgn", in, syntax.CTLPGN), format.Options{})
		checkFormatted(t, "fuzz.ctl-pgn", in, out)
	})
}
