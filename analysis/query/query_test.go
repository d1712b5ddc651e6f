package query

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/syntax"
)

// at parses text (PGN unless it starts with a Variant C'escacs tag) with
// one cursor marker "|" and returns the file and the cursor offset.
func at(t *testing.T, text string) (*syntax.File, syntax.Pos) {
	t.Helper()
	i := strings.Index(text, "|")
	if i < 0 {
		t.Fatalf("no cursor in %q", text)
	}
	text = text[:i] + text[i+1:]
	return syntax.Parse("test", text, syntax.DetectDialect("test", text)), syntax.Pos(i)
}

// texts returns the texts of spans.
func texts(f *syntax.File, spans []syntax.Span) []string {
	var out []string
	for _, sp := range spans {
		out = append(out, f.Slice(sp))
	}
	return out
}

const ctlHeader = "[Variant \"C'escacs\"]\n"

func TestSemanticTokens(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // "text type depth"
	}{
		{"san split", "1. Nxe4+ *", []string{"1. moveNumber 0", "N piece 0", "x capture 0", "e4 square 0", "+ check 0", "* result 0"}},
		{"pawn capture and promotion", "1. exd8=Q# $1 *", []string{"1. moveNumber 0", "e square 0", "x capture 0", "d8 square 0", "= punctuation 0", "Q piece 0", "# check 0", "$1 nag 0", "* result 0"}},
		{"castling and glyph", "1. O-O-O!? *", []string{"1. moveNumber 0", "O-O-O castling 0", "!? glyph 0", "* result 0"}},
		{"crazyhouse drop", "1. N@f3+ *", []string{"1. moveNumber 0", "N piece 0", "@ punctuation 0", "f3 square 0", "+ check 0", "* result 0"}},
		{"variation depth", "1. e4 (1. d4 (1. c4)) *", []string{"1. moveNumber 0", "e4 square 0", "( variation 1", "1. moveNumber 1", "d4 square 1",
			"( variation 2", "1. moveNumber 2", "c4 square 2", ") variation 2", ") variation 1", "* result 0"}},
		{"multi-line comment", "1. e4 {one\r\ntwo} *", []string{"1. moveNumber 0", "e4 square 0", "{one comment 0", "two} comment 0", "* result 0"}},
		{"tags", "[Event \"x\"]\n\n*", []string{"[ punctuation 0", "Event tagName 0", "\"x\" tagValue 0", "] punctuation 0", "* result 0"}},
		{"ctl move", ctlHeader + "1. GH6×RI3+^, KRK-HIO\n*", []string{"1. moveNumber 0", "G piece 0", "H6 square 0", "× capture 0", "R piece 0", "I3 square 0", "+^ check 0",
			", punctuation 0", "KRK-HIO castling 0", "* result 0"}},
		{"ctl fan and marks", ctlHeader + "[Redefine \"FAN\"]\n1. 🩐D2-B6 !?(=):\n*", []string{"1. moveNumber 0", "🩐 piece 0", "D2 square 0", "- punctuation 0", "B6 square 0",
			"!? glyph 0", "(=) mark 0", ": mark 0", "* result 0"}},
		{"ctl references", ctlHeader + "{ @W: ~EH4 and ~F14, see #12.2 }\n*", []string{"{  comment 0", "@W reference 0", ":  comment 0", "~EH4 reference 0", " and  comment 0",
			"~F14 reference 0", ", see  comment 0", "#12.2 reference 0", " } comment 0", "* result 0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := syntax.Parse("test", tc.text, syntax.DetectDialect("test", tc.text))
			var within syntax.Span // CTL-PGN: after the tags
			if strings.HasPrefix(tc.text, ctlHeader) {
				within = syntax.Span{Start: syntax.Pos(strings.LastIndex(tc.text, "]\n") + 2), End: f.Len()}
			}
			var got []string
			for _, tok := range SemanticTokens(f, within) {
				got = append(got, fmt.Sprintf("%s %s %d", f.Slice(tok.Span), tok.Type, tok.Depth))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestSemanticTokensWithin(t *testing.T) {
	text := "1. e4 e5 2. Nf3 Nc6 *"
	f := syntax.Parse("test", text, syntax.PGN)
	start := syntax.Pos(strings.Index(text, "2."))
	got := SemanticTokens(f, syntax.Span{Start: start, End: start + 6})
	if want := []string{"2.", "N", "f3"}; !slices.Equal(texts(f, spans(got)), want) {
		t.Errorf("tokens within: got %q, want %q", texts(f, spans(got)), want)
	}
}

func spans(toks []SemToken) []syntax.Span {
	var out []syntax.Span
	for _, t := range toks {
		out = append(out, t.Span)
	}
	return out
}

func TestSelectionChain(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"square in a variation", "1. e4 e5 (1... d5 2. exd|5 $1 Qxd5) *", []string{"d5", "exd5", "2. exd5 $1", "(1... d5 2. exd5 $1 Qxd5)", "1. e4 e5 (1... d5 2. exd5 $1 Qxd5) *"}},
		{"glyph", "1. e4!| *", []string{"!", "1. e4!", "1. e4! *"}},
		{"tag value", "[Event \"Li|nares\"]\n[Site \"?\"]\n\n*", []string{"Linares", "\"Linares\"", "[Event \"Linares\"]", "[Event \"Linares\"]\n[Site \"?\"]", "[Event \"Linares\"]\n[Site \"?\"]\n\n*"}},
		{"comment word", "1. e4 {the k|ing pawn} *", []string{"king", "{the king pawn}", "1. e4 {the king pawn} *"}},
		{"ctl pair", ctlHeader + "\n1. H6-H12, I23-I|19 ?!\n*", []string{"I19", "I23-I19", "I23-I19 ?!", "1. H6-H12, I23-I19 ?!\n*", ctlHeader + "\n1. H6-H12, I23-I19 ?!\n*"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, off := at(t, tc.text)
			if got := texts(f, SelectionChain(f, off)); !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestHighlights(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []syntax.Pos // starts of the highlights
	}{
		{"square", "1. e4 e5 2. Nf3 {from g1 to f|3} Nc6 3. Bd3 (3. Bc4 Nf6 {attacks e4}) Nf6 *", []syntax.Pos{13, 28}},
		{"not a square", "1. e4 {the |best} *", nil},
		{"ctl hex", ctlHeader + "1. F8-F|12, F20-F16 { ~F12 and ~PF12 and F12 but not XF120 }\n*", []syntax.Pos{27, 43, 53, 61}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, off := at(t, tc.text)
			var got []syntax.Pos
			for _, sp := range Highlights(f, off) {
				got = append(got, sp.Start)
				if l := sp.Len(); l < 2 || l > 3 {
					t.Errorf("highlight %q is not a square or hex", f.Slice(sp))
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v (%q)", got, tc.want, texts(f, Highlights(f, off)))
			}
		})
	}
}

func TestCoords(t *testing.T) {
	for _, tc := range []struct {
		text string
		d    syntax.Dialect
		want []string
	}{
		{"the e4 pawn, Nxe4+ or exd5; a1-square, the4, 1.d4", syntax.PGN, []string{"e4", "e4", "d5", "d4"}},
		{"lichess [%cal Ge2e4] and e2e4", syntax.PGN, []string{"e2", "e4"}},
		{"~F14 ~gL5-H6+^ JF6-C15 ~J[d] F140 XF12 F0 Z21 Z22", syntax.CTLPGN, []string{"F14", "L5", "H6", "F6", "C15", "F0", "Z21"}},
		{"🩐D2-B6 ♘G25", syntax.CTLPGN, []string{"D2", "B6", "G25"}},
	} {
		var got []string
		for _, c := range commentCoords(tc.d, tc.text) {
			got = append(got, tc.text[c.start:c.end])
			if name := coordName(tc.d, c.key); name != tc.text[c.start:c.end] {
				t.Errorf("%q: key of %q names %s", tc.text, tc.text[c.start:c.end], name)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestSANParts(t *testing.T) {
	for _, tc := range []struct{ san, want string }{
		{"Nbd7", "N:piece b:square d7:square"},
		{"R1a3+", "R:piece 1:square a3:square +:check"},
		{"Ng1-f3", "N:piece g1:square -:punctuation f3:square"},
		{"exd6e.p.", "e:square x:capture d6:square e.p.:capture"},
		{"exd6  ep+", "e:square x:capture d6:square ep:capture +:check"},
		{"0–0—0", "0–0—0:castling"},
		{"0-0", "0-0:castling"},
		{"O-0!", "O-0:castling !:move"},
		{"0-1", "0:move -:punctuation 1:square"},
		{"e8(Q)", "e8:square (:punctuation Q:piece ):punctuation"},
		{"O-O#", "O-O:castling #:check"},
		{"--", "--:punctuation"},
		{"Sf3", "S:move f3:square"},
	} {
		var got []string
		for _, p := range sanParts(nil, tc.san) {
			got = append(got, tc.san[p.start:p.end]+":"+p.typ.String())
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s: got %s, want %s", tc.san, g, tc.want)
		}
	}
}

func TestSymbols(t *testing.T) {
	text := `[Event "Linares"]
[Date "1994.??.??"]
[White "Kasparov"]
[Black "Karpov"]
[Result "1-0"]

1. e4 (1. d4 d5 (1... Nf6)) (1. c4) e5 1-0

1. d4 *

[Variant "x"]
`
	f := syntax.Parse("test", text, syntax.PGN)
	syms := Symbols(f)
	var got []string
	var walk func([]Symbol, string)
	walk = func(ss []Symbol, indent string) {
		for _, s := range ss {
			got = append(got, indent+s.Name+" | "+s.Detail)
			if s.Selection.Start < s.Span.Start || s.Selection.End > s.Span.End {
				t.Errorf("%s: selection %v outside %v", s.Name, s.Selection, s.Span)
			}
			walk(s.Children, indent+"  ")
		}
	}
	walk(syms, "")
	want := []string{
		"Kasparov – Karpov, Linares, 1994.??.??, 1-0 | game 1 · 1 move",
		"  1. d4 | variation · 2 half-moves",
		"    1... Nf6 | variation · 1 half-move",
		"  1. c4 | variation · 1 half-move",
		"Game 2, * | game 2 · 1 move",
		"Game 3 | game 3",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}

	ctl := ctlHeader + "[Id \"Cescacs-X01\"]\n[Title \"Mat del boig\"]\n1. H6-H12\n*\n\n" + ctlHeader + "[Id \"Cescacs-X02\"]\n*\n\n" +
		ctlHeader + "[WhiteNA \"a@b\"]\n[BlackNA \"c@d\"]\n[Result \"1-1\"]\n*\n"
	f = syntax.Parse("test.ctl-pgn", ctl, syntax.CTLPGN)
	got = nil
	for _, s := range Symbols(f) {
		got = append(got, s.Name+" | "+s.Detail)
	}
	want = []string{"Mat del boig | Cescacs-X01 · game 1 · 1 move", "Cescacs-X02 | game 2", "a@b – c@d, 1-1 | game 3"}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestFolds(t *testing.T) {
	text := "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 {a\nb} (1. d4\nd5) *\n"
	f := syntax.Parse("test", text, syntax.PGN)
	var got []string
	for _, fo := range Folds(f) {
		got = append(got, fmt.Sprintf("%d %q", fo.Kind, f.Slice(fo.Span)))
	}
	want := []string{
		fmt.Sprintf("%d %q", FoldRegion, strings.TrimSuffix(text, "\n")),
		fmt.Sprintf("%d %q", FoldRegion, "[Event \"x\"]\n[Site \"y\"]"),
		fmt.Sprintf("%d %q", FoldComment, "{a\nb}"),
		fmt.Sprintf("%d %q", FoldRegion, "(1. d4\nd5)"),
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// labels returns the labels of items.
func labels(items []Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

func TestCompleteTags(t *testing.T) {
	f, off := at(t, "[Event \"x\"]\n[Date \"?\"]\n[|\n\n*")
	items := Complete(f, off, Options{})
	sortItems(items)
	if got := labels(items)[:5]; !slices.Equal(got, []string{"Site", "Round", "White", "Black", "Result"}) {
		t.Errorf("first tags: got %q", got)
	}
	for _, it := range items {
		if it.Label == "Event" || it.Label == "Date" {
			t.Errorf("%s is offered again", it.Label)
		}
		if it.Label == "Site" && (it.InsertText != `Site "` || it.Snippet != `Site "${1:?}"]$0`) {
			t.Errorf("Site inserts %q, snippet %q", it.InsertText, it.Snippet)
		}
		if it.Replace != (syntax.Span{Start: off, End: off}) || it.Kind != ItemTag {
			t.Errorf("%s: replace %v kind %v", it.Label, it.Replace, it.Kind)
		}
	}

	// A closed tag gets no "]"; a name being typed is replaced.
	f, off = at(t, "[Wh|]\n\n*")
	items = Complete(f, off, Options{})
	i := slices.IndexFunc(items, func(it Item) bool { return it.Label == "White" })
	if i < 0 || items[i].InsertText != `White "` || items[i].Snippet != `White "${1:?}"$0` || f.Slice(items[i].Replace) != "Wh" {
		t.Errorf("White item: %+v", items)
	}

	// At the start of a name, the name is replaced; a tag with a value
	// gets the name only.
	f, off = at(t, "[|Ev \"x\"]\n\n*")
	items = Complete(f, off, Options{})
	i = slices.IndexFunc(items, func(it Item) bool { return it.Label == "Event" })
	if i < 0 || items[i].InsertText != "Event" || f.Slice(items[i].Replace) != "Ev" {
		t.Errorf("Event item: %+v", items)
	}

	// Not in the movetext.
	f, off = at(t, "1. e4 [| *")
	if items := Complete(f, off, Options{}); items != nil {
		t.Errorf("tag names in the movetext: %q", labels(items))
	}

	// CTL-PGN: Variant first; a minimal record expects Id, Annotator;
	// Annotator may repeat.
	f, off = at(t, ctlHeader+"[Id \"Cescacs-X01\"]\n[Annotator \"a\"]\n[|\n")
	items = Complete(f, off, Options{})
	sortItems(items)
	if got := labels(items)[0]; got != "Annotator" {
		t.Errorf("CTL first tag: got %q", got)
	}
	if slices.Contains(labels(items), "Variant") || !slices.Contains(labels(items), "PDTL") {
		t.Errorf("CTL tags: %q", labels(items))
	}
}

func TestCompleteValues(t *testing.T) {
	today := Options{Today: testToday}
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"pgn date", "[Date \"|\"]\n\n*", []string{"2025.03.09", "????.??.??"}},
		{"ctl date", ctlHeader + "[Date \"20|\"]\n*", []string{"2025-03-09", "????-??-??"}},
		{"pgn result", "[Result \"|\"]\n\n*", []string{"1-0", "0-1", "1/2-1/2", "*"}},
		{"ctl result", ctlHeader + "[Result \"|\"]\n*", []string{"3-0", "0-3", "2-1", "1-2", "1-1", "*"}},
		{"setup", "[SetUp \"|\"]\n\n*", []string{"0", "1"}},
		{"white type", "[WhiteType \"h|\"]\n\n*", []string{"human", "program"}},
		{"ctl variant", ctlHeader + "[Mode \"|\"]\n*", []string{"OTB", "ICS", "TC", "EM", "BBS"}},
		{"pgn termination", "[Termination \"|\"]\n\n*", []string{"normal", "abandoned", "adjudication", "death", "emergency", "rules infraction", "time forfeit", "unterminated"}},
		{"outside the quotes", "[Result |\"*\"]\n\n*", nil},
		{"free text", "[Event \"|\"]\n\n*", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, off := at(t, tc.text)
			items := Complete(f, off, today)
			sortItems(items)
			if got := labels(items); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			for _, it := range items {
				if r := f.Slice(it.Replace); strings.Contains(r, `"`) || !it.Replace.Contains(off) {
					t.Errorf("%s replaces %q at %v", it.Label, r, it.Replace)
				}
			}
		})
	}
}

func TestCompleteAnnotations(t *testing.T) {
	f, off := at(t, "1. e4 $1| *")
	items := Complete(f, off, Options{})
	if len(items) < 140 || items[0].Label != "$0" || f.Slice(items[1].Replace) != "$1" || items[1].Kind != ItemNAG {
		t.Errorf("NAGs: %d items, first %+v", len(items), items[:min(2, len(items))])
	}
	f, off = at(t, ctlHeader+"1. H6-H12 ?|\n*")
	items = Complete(f, off, Options{})
	if got := labels(items); !slices.Equal(got, []string{"!", "?", "!!", "??", "!?", "?!", "◇"}) {
		t.Errorf("CTL glyphs: %q", got)
	}
}

func TestCompleteMoves(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		opts       Options
		n          int      // number of moves, -1 not checked
		has        []string // labels that must be offered
		replace    string
	}{
		{"pgn start", "|", Options{}, 20, []string{"e4", "Nf3"}, ""},
		{"pgn after number", "1.|", Options{}, 20, nil, ""},
		{"pgn replace", "1. e4 N|f6 *", Options{}, 20, []string{"Nf6", "e5"}, "Nf6"},
		{"pgn variation", "1. e4 e5 2. Nf3 (2. Bc4 |) *", Options{}, -1, []string{"Nf6", "Bc5"}, ""},
		{"pgn after variation", "1. e4 (1. d4) |", Options{}, 20, []string{"e5"}, ""},
		{"pgn fen", "[SetUp \"1\"]\n[FEN \"4k3/8/4K3/8/8/8/8/7R w - - 0 1\"]\n\n1. |", Options{}, -1, []string{"Rh8#", "Kd6"}, ""},
		{"pgn after illegal", "1. e4 Ke3 2. |", Options{}, 0, nil, ""},
		{"crazyhouse drops", "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. |", Options{}, -1, []string{"P@e4", "P@d7+", "Nc3"}, ""},
		{"antichess captures", "[Variant \"Antichess\"]\n\n1. e3 b5 2. |", Options{}, 1, []string{"Bxb5"}, ""},
		{"racing kings start", "[Variant \"Racing Kings\"]\n\n|", Options{}, 21, []string{"Nd3"}, ""},
		{"pgn after result", "1. e4 * |", Options{}, 0, nil, ""},
		{"pgn in comment", "1. e4 {|} *", Options{}, 0, nil, ""},
		{"ctl start", ctlHeader + "|", Options{}, 68, []string{"H6-H12", "JF6-C15", "NE3-D8"}, ""},
		{"ctl letters", ctlHeader + "[Redefine \"A@J, C@N, T@R\"]\n1. |", Options{}, 68, []string{"AF6-C15", "CE3-D8"}, ""},
		{"ctl fan", ctlHeader + "[Redefine \"FAN\"]\n1. |", Options{}, 68, []string{"♗F6-C15", "🩐D2-B6"}, ""},
		{"ctl black", ctlHeader + "1. H6-H12, |\n*", Options{}, -1, []string{"I23-I19"}, ""},
		{"ctl ascii", ctlHeader + "1. H6-H12, I23-I19\n2. JF6-C15, GH26-Z11\n3. L5-L7, NG25-L17\n4. EH4-H8, GZ11-L5\n5. K4-K10, GL5-H6+^\n6. KG1-H4, |\n*", Options{Symbols: "ascii"}, -1, []string{"GH6*RI3", "GH6-K12"}, ""},
		{"ctl unicode", ctlHeader + "1. H6-H12, I23-I19\n2. JF6-C15, GH26-Z11\n3. L5-L7, NG25-L17\n4. EH4-H8, GZ11-L5\n5. K4-K10, GL5-H6+^\n6. KG1-H4, |\n*", Options{Symbols: "unicode"}, -1, []string{"GH6×RI3", "GH6‐K12"}, ""},
		{"ctl as the file", ctlHeader + "1. H6-H12, I23-I19\n2. JF6-C15, GH26-Z11\n3. L5-L7, NG25-L17\n4. EH4-H8, GZ11-L5\n5. K4‐K10, GL5‐H6+^\n6. KG1‐H4, |\n*", Options{}, -1, []string{"GH6‐K12"}, ""},
		{"ctl empty variation", ctlHeader + "1. H6-H12, I23-I19\n(1. |)\n*", Options{}, 68, nil, ""},
		{"ctl numbered variation", ctlHeader + "1. H6-H12, I23-I19\n(1. …, |)\n*", Options{}, -1, []string{"I23-I19"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, off := at(t, tc.text)
			items := Complete(f, off, tc.opts)
			if tc.n >= 0 && len(items) != tc.n {
				t.Errorf("%d moves, want %d: %q", len(items), tc.n, labels(items))
			}
			for _, h := range tc.has {
				if !slices.Contains(labels(items), h) {
					t.Errorf("%s is not offered: %q", h, labels(items))
				}
			}
			for _, it := range items {
				if it.Kind != ItemMove || f.Slice(it.Replace) != tc.replace || it.InsertText != it.Label || it.Detail == "" {
					t.Fatalf("bad item %+v", it)
				}
			}
		})
	}
}

func TestHover(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		span       string   // the text of the hover span
		has        []string // substrings of the Markdown
	}{
		{"nag", "1. e4 $1|4 *", "$14", []string{"**NAG $14**", "White has a slight advantage", "usual symbol ⩲", "PGN standard"}},
		{"unassigned nag", "1. e4 $2|00 *", "$200", []string{"no agreed meaning", "not assigned"}},
		{"out of range nag", "1. e4 $3|00 *", "$300", []string{"out of range"}},
		{"glyph", "1. e4!|? *", "!?", []string{"**Glyph !?**", "$5"}},
		{"ctl glyph", ctlHeader + "1. H6-H12 ◇|\n*", "◇", []string{"forced move", "$7", "CTL-PGN"}},
		{"tag", "[Da|te \"?\"]\n\n*", "Date", []string{"Seven Tag Roster, tag 3", "YYYY.MM.DD"}},
		{"ctl tag", ctlHeader + "[Da|te \"?\"]\n*", "Date", []string{"YYYY-MM-DD"}},
		{"unknown tag", "[date| \"?\"]\n\n*", "date", []string{"did you mean **Date**"}},
		{"result", "1. e4 1-|0", "1-0", []string{"White won"}},
		{"ctl result", ctlHeader + "1. H6-H12:\n2-|1", "2-1", []string{"stalemated"}},
		{"square in move", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc|6 *", "Bxc6", []string{"**Square c6** — light square", "white bishop (before it: black knight)", "attacked by black: pawn b7, pawn d7",
			"**Move 4. Bxc6** — White bishop from b5 to c6, capturing the black knight", "Ply 7 · move 4, white"}},
		{"check kinds", "1. e4 f6 2. d4 g5 3. Qh|5# *", "Qh5#", []string{"checkmate", "FEN `rnbqkbnr/ppppp2p/5p2/6pQ/3PP3/8/PPP2PPP/RNB1KBNR b KQkq - 1 3`"}},
		{"en passant", "[SetUp \"1\"]\n[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. e|xd6 *", "exd6", []string{"capturing the black pawn on d5 en passant"}},
		{"castling", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n1. O-|O-O *", "O-O-O", []string{"White castles queenside"}},
		{"illegal", "1. e4 K|e3 *", "Ke3", []string{"illegal here", "the position before the move, black to move"}},
		{"not replayed", "1. e4 Ke3 2. N|f3 *", "Nf3", []string{"not replayed"}},
		{"crazyhouse drop", "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P|@e4 *", "P@e4", []string{"White pawn dropped on e4",
			"white in hand: -\nblack in hand: p", "FEN `rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 1 3`"}},
		{"three-check counts", "[Variant \"Three-check\"]\n\n1. e4 d5 2. B|b5+ *", "Bb5+", []string{"checks to give: white 2, black 3", "check"}},
		{"king of the hill", "[Variant \"King of the Hill\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/3K4/8/8 w - - 0 1\"]\n\n1. K|d4 *", "Kd4", []string{"White king from d3 to d4: the white king reached the hill on d4"}},
		{"unknown variant", "[Variant \"Bughouse\"]\n\n1. e|4 *", "e4", []string{"position is not known", "not replayed: the Variant tag"}},
		{"square in comment", "1. e4 {the pawn on e|4} *", "e4", []string{"**Square e4** — light square", "after e4: white pawn"}},
		{"square in variation comment", "1. e4 e5 (1... d5 {now d|5 is attacked}) *", "d5", []string{"after d5: black pawn", "attacked by white: pawn e4"}},
		{"fen", "[FEN \"rnbqkbnr/pp|pppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n*", "\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"", []string{"black to move", "4 . . . . P . . ."}},
		{"bad fen", "[FEN \"rnbq|\"]\n\n*", "\"rnbq\"", []string{"not a valid position"}},
		{"ctl hex", ctlHeader + "1. H6-H12 { ~F|14 }\n*", "F14", []string{"**Hex F14** — colour hex", "the centre", "after H6-H12: empty"}},
		{"ctl home hex", ctlHeader + "1. H6-H12 { ~KG|1 }\n*", "G1", []string{"white hex", "white king's home", "white king (K)", "queen E1"}},
		{"ctl move", ctlHeader + "1. H6-H|12\n*", "H6-H12", []string{"**Hex H12** — black hex", "**Move 1. H6-H12** — White pawn from H6 to H12", "PDTL `/28:v/27:dk/", "/12:4P2/"}},
		{"ctl castling", ctlHeader + "[PDTL \"/27:1k/3:R2R/1:1K/ w RKR- - 0 1\"]\n1. KR|K-HIO\n*", "KRK-HIO", nil},
		{"ctl redefine", ctlHeader + "[Redefine \"A@J, T|@R\"]\n*", "\"A@J, T@R\"", []string{"| bishop | J | **A** |", "| rook | R | **T** |", "| knight | N | N |"}},
		{"ctl pdtl letters", ctlHeader + "[Redefine \"T@R\"]\n[PDTL \"/27:1k/3:T|3/1:1K/ w K- - 0 9\"]\n*", "\"/27:1k/3:T3/1:1K/ w K- - 0 9\"", []string{"white to move, move 9", " 3         T   .   .   ."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, off := at(t, tc.text)
			h := HoverAt(f, off, Options{Markup: Markdown})
			if h == nil {
				t.Fatal("no hover")
			}
			if got := f.Slice(h.Span); got != tc.span {
				t.Errorf("span %q, want %q", got, tc.span)
			}
			for _, s := range tc.has {
				if !strings.Contains(h.Text, s) {
					t.Errorf("no %q in\n%s", s, h.Text)
				}
			}
		})
	}
}

func TestHoverNothing(t *testing.T) {
	for _, text := range []string{"1. e4 {no squares |here} *", "1. e4 | *", "|", "[Event \"Lin|ares\"]\n\n*", "1|. e4 *"} {
		f, off := at(t, text)
		if h := HoverAt(f, off, Options{}); h != nil {
			t.Errorf("%q: unexpected hover %+v", text, h)
		}
	}
	if HoverAt(nil, 0, Options{}) != nil || Complete(nil, 0, Options{}) != nil || Symbols(nil) != nil || Folds(nil) != nil ||
		SelectionChain(nil, 0) != nil || SemanticTokens(nil, syntax.Span{}) != nil || Highlights(nil, 0) != nil {
		t.Error("a nil file gives answers")
	}
}

func TestDiagrams(t *testing.T) {
	p := chess.StartPosition()
	want := `8 r n b q k b n r
7 p p p p p p p p
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 P P P P P P P P
1 R N B Q K B N R
  a b c d e f g h`
	if got := chessText(&p); got != want {
		t.Errorf("chess diagram:\n%s\nwant\n%s", got, want)
	}
	if err := wellFormed(chessSVG(&p, chess.E2, chess.E4)); err != nil {
		t.Error(err)
	}

	h := cescacs.InitialPosition()
	a, _ := cescacs.ParseRedefine("B@J, Q@D, W@V")
	got := strings.Split(hexText(&h, a), "\n")
	for i, w := range map[int]string{
		0:  "28               w",
		1:  "27             q   k",
		4:  "24       p   e   b   e   p",
		20: " 8   .   .   .   P   .   .   .",
		27: " 1             Q   K",
		28: " 0               W",
		29: "   P T A B C D E F G H I K L X Z",
	} {
		if got[i] != w {
			t.Errorf("hex diagram row %d: %q, want %q", i, got[i], w)
		}
	}
	// Every piece of the position is drawn once, on its hex.
	pieces := 0
	for _, row := range got[:29] {
		for _, c := range row[3:] {
			if c != ' ' && c != '.' {
				pieces++
			}
		}
	}
	if pieces != 54 {
		t.Errorf("%d pieces drawn, want 54", pieces)
	}
	for _, letters := range []*cescacs.Alphabet{nil, a, cescacs.FANAlphabet()} {
		svg := hexSVG(&h, letters, false, cescacs.KingHome(cescacs.White))
		if err := wellFormed(svg); err != nil {
			t.Error(err)
		}
		if n := strings.Count(svg, `<use xlink:href="#h"`); n != cescacs.NumHexes+1 {
			t.Errorf("%d hexes drawn, want %d and one mark", n, cescacs.NumHexes)
		}
		// Each hex is named once on its own element, for hit-testing.
		for x := cescacs.Hex(0); x < cescacs.NumHexes; x++ {
			if n := strings.Count(svg, ` data-hex="`+x.String()+`" `); n != 1 {
				t.Errorf("hex %v named %d times, want once", x, n)
			}
		}
		if n := strings.Count(svg, "<text") - cescacs.NumColumns - cescacs.NumLines; n != 54 {
			t.Errorf("%d pieces drawn, want 54", n)
		}
	}
	if fan := hexSVG(&h, cescacs.FANAlphabet(), false); !strings.Contains(fan, "🩐") || !strings.Contains(fan, "♚") {
		t.Error("the FAN diagram does not use the glyphs")
	}
}

// coordName returns the name of the square or hex key.
func coordName(d syntax.Dialect, key int) string {
	if d == syntax.CTLPGN {
		return cescacs.Hex(key).String()
	}
	return chess.Square(key).String()
}

// TestHoverMarkups: a move's hover in each markup a client can show. A
// text board comes after the line that says what the move does, an image
// first; plain text has no Markdown; only MarkdownImages has an image,
// drawn small enough to show whole where VS Code cuts hovers.
func TestHoverMarkups(t *testing.T) {
	f, off := at(t, "[Event \"x\"]\n\n1. e4 e5 2. N|f3 *")
	for _, tc := range []struct {
		m      Markup
		prefix string
		not    []string
	}{
		{PlainText, "Move 2. Nf3 — White knight from g1 to f3.\n\n8 r n b q k b n r\n", []string{"**", "`", "data:image"}},
		{Markdown, "**Move 2. Nf3** — White knight from g1 to f3.\n\n```text\n8 r n b q k b n r\n", []string{"data:image"}},
		{MarkdownImages, "![board](data:image/svg+xml;base64,", []string{"```"}},
	} {
		h := HoverAt(f, off, Options{Markup: tc.m})
		if h == nil || h.Markup != tc.m {
			t.Fatalf("markup %d: hover %+v", tc.m, h)
		}
		if !strings.HasPrefix(h.Text, tc.prefix) {
			t.Errorf("markup %d: hover starts %q, want %q", tc.m, h.Text[:min(len(h.Text), 60)], tc.prefix)
		}
		for _, s := range tc.not {
			if strings.Contains(h.Text, s) {
				t.Errorf("markup %d: hover holds %q:\n%s", tc.m, s, h.Text)
			}
		}
		if !strings.Contains(h.Text, "White knight from g1 to f3") {
			t.Errorf("markup %d: no description in\n%s", tc.m, h.Text)
		}
	}
	// The images are shown at a size VS Code's hover shows whole.
	var p chess.Position
	if svg := chessSVG(&p); !strings.Contains(svg, `width="184" height="184"`) {
		t.Errorf("chess board size: %s", svg[:120])
	}
}
