package query

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// TestHoverHeadline: the first line of a hover says in words what is
// under the cursor, for every client: a move with its number and what
// it does, a tag and its meaning, a NAG, a glyph, a result, a square or
// a hex with what stands on it, a FEN or PDTL value. Clients that show
// only a hover's first line (Emacs's ElDoc in the echo area) show that,
// not a row of the board. The text board (Markdown, plain text) comes
// after it; the image of MarkdownImages comes first, for VS Code cuts
// a hover at about 250 pixels, then the same line.
func TestHoverHeadline(t *testing.T) {
	const pgn = "[Event \"x\"]\n[WhiteElo \"2700\"]\n\n"
	const ctl = "[Variant \"C'escacs\"]\n[Result \"*\"]\n\n"
	for _, tc := range []struct {
		name, text string
		first      string // the first line, in plain text
		board      bool   // a board follows it
	}{
		{"move", pgn + "1. e4 e5 2. |Nf3 *", "Move 2. Nf3 — White knight from g1 to f3.", true},
		{"black move", pgn + "1. e4 e|5 *", "Move 1... e5 — Black pawn from e7 to e5.", true},
		{"square of a move", pgn + "1. e4 e5 2. Nf|3 *", "Move 2. Nf3 — White knight from g1 to f3.", true},
		{"illegal move", pgn + "1. e4 e5 2. K|e3 *", "Move 2. Ke3 — illegal here: no white king can reach e3; the white king is on e1.", true},
		{"tag", pgn[:13] + "[White|Elo \"2700\"]\n\n*", "Tag WhiteElo — FIDE rating of the White player.", false},
		{"roster tag", "[Ev|ent \"x\"]\n\n*", "Tag Event (Seven Tag Roster, tag 1 of 7) — Name of the tournament or match event.", false},
		{"unknown tag", "[Whi|teelo \"x\"]\n\n*", "Tag Whiteelo — not a tag of the PGN standard or of its common extensions. Tag names are case-sensitive: did you mean WhiteElo?", false},
		{"NAG", pgn + "1. e4 $|1 *", "NAG $1 — good move (traditional \"!\"); the suffix ! stands for it.", false},
		{"glyph", pgn + "1. e4?|! *", "Glyph ?! — questionable move (traditional \"?!\"); the suffix form of $6.", false},
		{"result", pgn + "1. e4 e5 1|-0", "Result 1-0 — White won.", false},
		{"comment square", pgn + "1. e4 {the e|4 pawn} *", "Square e4 — light square; after e4: white pawn", false},
		{"FEN", "[SetUp \"1\"]\n[FEN \"|4k3/8/4K3/8/8/8/8/7R w - - 0 1\"]\n\n*", "FEN — start position, white to move.", true},
		{"ctl move", ctl + "1. H6-|H12, I23-I19\n*", "Move 1. H6-H12 — White pawn from H6 to H12.", true},
		{"ctl black move", ctl + "1. H6-H12, I2|3-I19\n*", "Move 1. …, I23-I19 — Black pawn from I23 to I19.", true},
		{"ctl hex", ctl + "1. H6-H12 { see ~H|12 }, I23-I19\n*", "Hex H12 — black hex, line 12; after H6-H12: white pawn (P)", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, off := at(t, tc.text)
			for _, m := range []Markup{PlainText, Markdown, MarkdownImages} {
				h := HoverAt(f, off, Options{Markup: m})
				if h == nil {
					t.Fatalf("markup %d: no hover", m)
				}
				text := h.Text
				if m == MarkdownImages && tc.board {
					img, rest, ok := strings.Cut(text, "\n\n")
					if !ok || !strings.HasPrefix(img, "![board](data:image/svg+xml;base64,") {
						t.Fatalf("markup %d: no image first:\n%s", m, text)
					}
					text = rest
				}
				first, rest, _ := strings.Cut(text, "\n")
				if m != PlainText {
					first = plain(first)
				}
				if first != tc.first {
					t.Errorf("markup %d: first line\n%q\nwant\n%q", m, first, tc.first)
				}
				if m == Markdown && !strings.HasPrefix(text, "**") {
					t.Errorf("markup %d: the first line is not set in bold: %q", m, text[:min(len(text), 40)])
				}
				rest = strings.TrimLeft(rest, "\n")
				switch {
				case !tc.board || m == MarkdownImages:
				case m == Markdown && !strings.HasPrefix(rest, "```text\n"):
					t.Errorf("markup %d: the text board does not follow the first line:\n%s", m, text)
				case m == PlainText && !boardRow.MatchString(rest):
					t.Errorf("markup %d: the text board does not follow the first line:\n%s", m, text)
				}
			}
		})
	}
}

// boardRow matches the first row of a text board: a chess rank (8 and
// eight squares) or the top hex line of C'escacs.
var boardRow = regexp.MustCompile(`\A(8( [.A-Za-z]){8}\n|28 +\S)`)

// markup matches what plain text must not hold: emphasis and code
// marks, fences, images and links, rules, table rows, headings.
var markup = regexp.MustCompile("\\*\\*|`|!\\[|\\]\\(|(?m)^(---+|\\|.*\\||#+ .*)$")

// TestPlainHasNoMarkup: plain text, for clients that asked for it,
// holds no Markdown at all, single backticks and tables included: the
// hover at every token of the query test files, and the documentation
// of every completion there.
func TestPlainHasNoMarkup(t *testing.T) {
	inputs, _ := filepath.Glob("../../testdata/query/*.*pgn")
	extra := []string{
		"[Variant \"C'escacs\"]\n[Redefine \"A@J, C@N\"]\n[PDTL \"/28:v/0:V/ w - - 0 1\"]\n\n1. H6-H12 { ~F14 }\n*\n",
		"[Event \"x\"]\n[ECO \"C65\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 {d4} 4. Ke3 $19 ?? 1-0\n",
	}
	texts := map[string]string{}
	for _, in := range inputs {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := cutMarkers(t, string(data))
		texts[filepath.Base(in)] = text
	}
	for i, x := range extra {
		texts["extra"+string(rune('0'+i))] = x
	}
	n := 0
	for name, text := range texts {
		f := syntax.Parse(name, text, syntax.DetectDialect(name, text))
		for off := syntax.Pos(0); off < f.Len(); off++ {
			if h := HoverAt(f, off, Options{Markup: PlainText, Today: testToday}); h != nil {
				n++
				if loc := markup.FindStringIndex(h.Text); loc != nil {
					t.Errorf("%s at %d: the plain hover holds %q:\n%s", name, off, h.Text[loc[0]:loc[1]], h.Text)
					return
				}
			}
			for _, it := range Complete(f, off, Options{Markup: PlainText, Today: testToday}) {
				if loc := markup.FindStringIndex(it.Documentation); loc != nil {
					t.Errorf("%s at %d: the plain documentation of %s holds %q:\n%s", name, off, it.Label, it.Documentation[loc[0]:loc[1]], it.Documentation)
					return
				}
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d hovers checked", n)
	}
}
