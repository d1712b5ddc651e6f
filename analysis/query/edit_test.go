package query

import (
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/syntax"
)

// editCase is a marker test of an editing operation: in has a cursor
// marker ⟦⟧, want is the text after the change with ⟦⟧ where the cursor
// goes, or "error: ..." for an operation that must fail with an error
// holding that text.
type editCase struct {
	name, file, op, in, want string
}

// applyOp runs op ("play MOVE", "promote", "promote-one", "delete-variation",
// "delete-from-here", "nag N", "comment TEXT") at off.
func applyOp(f *syntax.File, off syntax.Pos, op string) (Change, error) {
	verb, arg, _ := strings.Cut(op, " ")
	switch verb {
	case "play":
		return Play(f, off, arg)
	case "promote":
		return Promote(f, off, PromoteToMain)
	case "promote-one":
		return Promote(f, off, PromoteOneLevel)
	case "delete-variation":
		return DeleteVariation(f, off)
	case "delete-from-here":
		return DeleteFromHere(f, off)
	case "nag":
		n, _ := strconv.Atoi(arg)
		return SetNAG(f, off, n)
	case "comment":
		return SetComment(f, off, arg)
	}
	panic("unknown op " + op)
}

// applyChange returns text with the change's edits applied.
func applyChange(text string, c Change) string {
	for i := len(c.Edits) - 1; i >= 0; i-- {
		text = c.Edits[i].Apply(text)
	}
	return text
}

func runEditCase(t *testing.T, c editCase) {
	t.Helper()
	name := c.file
	if name == "" {
		name = "t.pgn"
	}
	i := strings.Index(c.in, "⟦⟧")
	if i < 0 {
		t.Fatalf("%s: no cursor marker", c.name)
	}
	text := c.in[:i] + c.in[i+len("⟦⟧"):]
	f := syntax.Parse(name, text, syntax.DetectDialect(name, text))
	ch, err := applyOp(f, syntax.Pos(i), c.op)
	if want, ok := strings.CutPrefix(c.want, "error: "); ok {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %s: err = %v, want one holding %q", c.name, c.op, err, want)
		}
		return
	}
	if err != nil {
		t.Errorf("%s: %s: %v", c.name, c.op, err)
		return
	}
	out := applyChange(text, ch)
	if ch.Cursor < 0 || int(ch.Cursor) > len(out) {
		t.Fatalf("%s: cursor %d outside the text", c.name, ch.Cursor)
	}
	got := out[:ch.Cursor] + "⟦⟧" + out[ch.Cursor:]
	if got != c.want {
		t.Errorf("%s: %s:\n got: %q\nwant: %q", c.name, c.op, got, c.want)
	}
	// Outside the edits, the text is the same.
	for _, e := range ch.Edits {
		if !strings.HasPrefix(out, text[:e.Start]) || !strings.HasSuffix(out, text[e.End:]) {
			t.Errorf("%s: the edit at %d changes text around it", c.name, e.Start)
		}
	}
}

const str7 = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"

func TestPlay(t *testing.T) {
	for _, c := range []editCase{
		{name: "new game", op: "play e4", in: str7 + "⟦⟧*\n", want: str7 + "1. ⟦⟧e4 *\n"},
		{name: "new game uci", op: "play e2e4", in: str7 + "⟦⟧*\n", want: str7 + "1. ⟦⟧e4 *\n"},
		{name: "append black", op: "play e5", in: str7 + "1. e4⟦⟧ *\n", want: str7 + "1. e4 ⟦⟧e5 *\n"},
		{name: "append white", op: "play Nf3", in: str7 + "1. e4 e5⟦⟧ *\n", want: str7 + "1. e4 e5 2. ⟦⟧Nf3 *\n"},
		{name: "append after comment", op: "play e5", in: str7 + "1. e4 {best}⟦⟧ *\n", want: str7 + "1. e4 {best} 1... ⟦⟧e5 *\n"},
		{name: "append after variation", op: "play e5", in: str7 + "1. e4 (1. d4)⟦⟧ *\n", want: str7 + "1. e4 (1. d4) 1... ⟦⟧e5 *\n"},
		{name: "cursor on earlier move, end of line", op: "play Nc6", in: str7 + "1. e4 e5 2. N⟦⟧f3 *\n", want: str7 + "1. e4 e5 2. Nf3 ⟦⟧Nc6 *\n"},
		{name: "same as next", op: "play e5", in: str7 + "1. e4⟦⟧ e5 *\n", want: str7 + "1. e4 ⟦⟧e5 *\n"},
		{name: "same as next uci", op: "play e7e5", in: str7 + "1. e4⟦⟧ e5 *\n", want: str7 + "1. e4 ⟦⟧e5 *\n"},
		{name: "open variation", op: "play c5", in: str7 + "1. e4⟦⟧ e5 2. Nf3 *\n", want: str7 + "1. e4 e5 (1... ⟦⟧c5) 2. Nf3 *\n"},
		{name: "open variation white", op: "play d4", in: str7 + "⟦⟧1. e4 e5 *\n", want: str7 + "1. e4 (1. ⟦⟧d4) 1... e5 *\n"},
		{name: "after existing variations", op: "play c6", in: str7 + "1. e4⟦⟧ e5 (1... c5) {x} 2. Nf3 *\n", want: str7 + "1. e4 e5 (1... c5) {x} (1... ⟦⟧c6) 2. Nf3 *\n"},
		{name: "step into variation", op: "play c5", in: str7 + "1. e4⟦⟧ e5 (1... c5 2. Nf3) (1... c6) *\n", want: str7 + "1. e4 e5 (1... ⟦⟧c5 2. Nf3) (1... c6) *\n"},
		{name: "step into second variation", op: "play c7c6", in: str7 + "1. e4⟦⟧ e5 (1... c5 2. Nf3) (1... c6) *\n", want: str7 + "1. e4 e5 (1... c5 2. Nf3) (1... ⟦⟧c6) *\n"},
		{name: "in variation append", op: "play Nf3", in: str7 + "1. e4 e5 (1... c5⟦⟧) *\n", want: str7 + "1. e4 e5 (1... c5 2. ⟦⟧Nf3) *\n"},
		{name: "check mark", op: "play Bb5", in: str7 + "1. e4 d6 2. d4 Nf6⟦⟧ *\n", want: str7 + "1. e4 d6 2. d4 Nf6 3. ⟦⟧Bb5+ *\n"},
		{name: "mate", op: "play Qh4", in: str7 + "1. f3 e5 2. g4⟦⟧ *\n", want: strings.Replace(str7, `"*"`, `"0-1"`, 1) + "1. f3 e5 2. g4 ⟦⟧Qh4# 0-1\n"},
		{name: "castling by king move", op: "play e1g1", in: str7 + "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5⟦⟧ *\n", want: str7 + "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. ⟦⟧O-O *\n"},
		{name: "castling onto rook", op: "play e1h1", in: str7 + "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5⟦⟧ *\n", want: str7 + "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. ⟦⟧O-O *\n"},
		{name: "chess960 castling onto rook", op: "play b1a1",
			in:   "[Variant \"Chess960\"]\n[FEN \"rk5r/p7/8/8/8/8/P7/RK4R1 w GAha - 0 1\"]\n\n⟦⟧*\n",
			want: "[Variant \"Chess960\"]\n[FEN \"rk5r/p7/8/8/8/8/P7/RK4R1 w GAha - 0 1\"]\n\n1. ⟦⟧O-O-O *\n"},
		{name: "chess960 castling by king move", op: "play b1g1",
			in:   "[Variant \"Chess960\"]\n[FEN \"rk5r/p7/8/8/8/8/P7/RK4R1 w GAha - 0 1\"]\n\n⟦⟧*\n",
			want: "[Variant \"Chess960\"]\n[FEN \"rk5r/p7/8/8/8/8/P7/RK4R1 w GAha - 0 1\"]\n\n1. ⟦⟧O-O *\n"},
		{name: "crazyhouse drop", op: "play P@d5",
			in:   "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5⟦⟧ *\n",
			want: "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. ⟦⟧P@d5 *\n"},
		{name: "illegal", op: "play e5", in: str7 + "1. e4 e5⟦⟧ *\n", want: "error: cannot be played"},
		{name: "not a move", op: "play hello", in: str7 + "1. e4⟦⟧ *\n", want: "error: not a move"},
		{name: "crlf", op: "play c5", in: strings.ReplaceAll(str7, "\n", "\r\n") + "1. e4⟦⟧ e5 *\r\n", want: strings.ReplaceAll(str7, "\n", "\r\n") + "1. e4 e5 (1... ⟦⟧c5) *\r\n"},
		{name: "in the tags: at the start of the main line", op: "play d4", in: "[Event \"⟦⟧x\"]\n\n1. e4 e5 *\n", want: "[Event \"x\"]\n\n1. e4 (1. ⟦⟧d4) 1... e5 *\n"},
		{name: "in the tags of a new game", op: "play e4", in: "[Event \"⟦⟧x\"]\n\n*\n", want: "[Event \"x\"]\n\n1. ⟦⟧e4 *\n"},
		{name: "in the tags of a game without result", op: "play e4", in: "[Event \"⟦⟧x\"]\n", want: "[Event \"x\"]\n\n1. ⟦⟧e4\n"},
		{name: "after the result: at the end of the main line", op: "play Nf3", in: str7 + "1. e4 e5 *⟦⟧\n", want: str7 + "1. e4 e5 2. ⟦⟧Nf3 *\n"},
	} {
		runEditCase(t, c)
	}
}

// ctlHead is the tag section of a minimal CTL-PGN record.
const ctlHead = "[Variant \"C'escacs\"]\n[Id \"X\"]\n[Annotator \"Y\"]\n\n"

// TestEditCTL holds the operations on CTL-PGN records: moves in CTL-AN
// numbered in pairs, variations after the pair of the move they replace,
// the end mark ':' kept on the last move of the main line.
func TestEditCTL(t *testing.T) {
	// Free layout: the two pairs of the record, and one variation.
	two := "1. H6-H12, I23-I19\n2. G7-G11, G21-G17:\n\n*\n"
	for _, c := range []editCase{
		{name: "append Black's move to its pair", op: "play I23-I19",
			in: "1. H6-H12⟦⟧:\n\n*\n", want: "1. H6-H12, ⟦⟧I23-I19:\n\n*\n"},
		{name: "append a pair: the end mark moves", op: "play G7-G11",
			in: "1. H6-H12, I23-I19⟦⟧:\n\n*\n", want: "1. H6-H12, I23-I19\n2. ⟦⟧G7-G11:\n\n*\n"},
		{name: "new record", op: "play G7-G11", in: "⟦⟧*\n", want: "1. ⟦⟧G7-G11:\n*\n"},
		{name: "not a move", op: "play G7-G12", in: "⟦⟧*\n", want: "error: not a move in CTL-AN"},
		{name: "illegal", op: "play KRK-HIO", in: "⟦⟧*\n", want: "error: cannot be played"},
		{name: "same as next", op: "play I23-I19", in: "1. H6-H12⟦⟧, I23-I19:\n\n*\n", want: "1. H6-H12, ⟦⟧I23-I19:\n\n*\n"},
		{name: "open a variation of White's move after its pair", op: "play G7-G11",
			in: "⟦⟧" + two, want: "1. H6-H12, I23-I19\n(1. ⟦⟧G7-G11)\n2. G7-G11, G21-G17:\n\n*\n"},
		{name: "open a variation of Black's move", op: "play G21-G17",
			in: "1. H6-H12⟦⟧, I23-I19\n2. G7-G11, G21-G17:\n\n*\n", want: "1. H6-H12, I23-I19\n(1. …, ⟦⟧G21-G17)\n2. G7-G11, G21-G17:\n\n*\n"},
		{name: "step into the variation of a White move", op: "play G7-G11",
			in: "⟦⟧1. H6-H12, I23-I19\n(1. G7-G11)\n2. G7-G11, G21-G17:\n\n*\n", want: "1. H6-H12, I23-I19\n(1. ⟦⟧G7-G11)\n2. G7-G11, G21-G17:\n\n*\n"},
		{name: "in a variation", op: "play G21-G17",
			in: "1. H6-H12, I23-I19\n(1. G7-G11⟦⟧)\n2. G7-G11, G21-G17:\n\n*\n", want: "1. H6-H12, I23-I19\n(1. G7-G11, ⟦⟧G21-G17)\n2. G7-G11, G21-G17:\n\n*\n"},
		{name: "promote a White move", op: "promote",
			in:   "1. H6-H12, I23-I19\n(1. ⟦⟧G7-G11, G21-G17\n2. H6-H12)\n2. G7-G11, G21-G17:\n\n*\n",
			want: "1. ⟦⟧G7-G11, G21-G17\n(1. H6-H12, I23-I19\n2. G7-G11, G21-G17)\n2. H6-H12:\n\n*\n"},
		{name: "promote a Black move", op: "promote-one",
			in:   "1. H6-H12, I23-I19\n(1. …, ⟦⟧G21-G17\n2. G7-G11)\n2. G7-G11, G21-G17:\n\n*\n",
			want: "1. H6-H12, ⟦⟧G21-G17\n(1. …, I23-I19\n2. G7-G11, G21-G17)\n2. G7-G11:\n\n*\n"},
		{name: "delete from Black's move: its comma goes", op: "delete-from-here",
			in: "1. H6-H12, I23-I19\n2. G7-G11, ⟦⟧G21-G17:\n\n*\n", want: "1. H6-H12, I23-I19\n2. G7-G11:⟦⟧\n\n*\n"},
		{name: "delete from White's move: its line goes", op: "delete-from-here",
			in: "1. H6-H12, I23-I19\n2. ⟦⟧G7-G11, G21-G17:\n\n*\n", want: "1. H6-H12, I23-I19:⟦⟧\n\n*\n"},
		{name: "delete from here keeps the alternative of a White move", op: "delete-from-here",
			in:   "1. ⟦⟧H6-H12, I23-I19\n(1. G7-G11, G21-G17\n2. H6-H12)\n2. G7-G11, G21-G17:\n\n*\n",
			want: "1. ⟦⟧G7-G11, G21-G17\n2. H6-H12:\n\n*\n"},
		{name: "delete variation", op: "delete-variation",
			in: "1. H6-H12, I23-I19\n(1. …, G21-G17\n2. ⟦⟧G7-G11)\n" + two[len("1. H6-H12, I23-I19\n"):], want: "1. H6-H12, I23-I19⟦⟧\n" + two[len("1. H6-H12, I23-I19\n"):]},
		// Export form (as pgnls fmt writes it) stays export form.
		{name: "export form: promote", op: "promote",
			in:   "1. H6-H12, I23-I19\n(1. …, ⟦⟧G21-G17)\n2. G7-G11, G21-G17:\n*\n",
			want: "1. H6-H12, ⟦⟧G21-G17:\n(1. …, I23-I19\n.2. G7-G11, G21-G17)\n*\n"},
		{name: "export form: play", op: "play G7-G11",
			in:   "⟦⟧1. H6-H12, I23-I19\n(1. …, G21-G17)\n2. G7-G11, G21-G17:\n*\n",
			want: "1. H6-H12, I23-I19\n(1. …, G21-G17)\n(1. ⟦⟧G7-G11)\n2. G7-G11, G21-G17:\n*\n"},
		{name: "export form: delete from here", op: "delete-from-here",
			in:   "1. H6-H12, ⟦⟧I23-I19\n(1. …, G21-G17)\n2. G7-G11, G21-G17:\n*\n",
			want: "1. H6-H12, ⟦⟧G21-G17:\n*\n"},
	} {
		c.file = "t.ctl-pgn"
		c.in = ctlHead + c.in
		if !strings.HasPrefix(c.want, "error: ") {
			c.want = ctlHead + c.want
		}
		runEditCase(t, c)
	}
}

func TestEditVariations(t *testing.T) {
	for _, c := range []editCase{
		{name: "promote one level", op: "promote-one",
			in:   str7 + "1. e4 e5 (1... ⟦⟧c5 2. Nf3) 2. Nf3 *\n",
			want: str7 + "1. e4 ⟦⟧c5 (1... e5 2. Nf3) 2. Nf3 *\n"},
		{name: "promote keeps comments and NAGs", op: "promote",
			in:   str7 + "1. e4 e5 $1 {main} (1... c5 $5 {sicilian} 2. N⟦⟧f3) 2. Nf3 *\n",
			want: str7 + "1. e4 c5 $5 {sicilian} (1... e5 $1 {main} 2. Nf3) 2. ⟦⟧Nf3 *\n"},
		{name: "promote white move", op: "promote",
			in:   str7 + "1. e4 (1. ⟦⟧d4 d5) 1... e5 2. Nf3 *\n",
			want: str7 + "1. ⟦⟧d4 (1. e4 e5 2. Nf3) 1... d5 *\n"},
		{name: "promote keeps sibling order", op: "promote",
			in:   str7 + "1. e4 (1. c4) (1. ⟦⟧d4 (1. b3) d5) (1. f4) *\n",
			want: str7 + "1. ⟦⟧d4 (1. e4) (1. c4) (1. b3) (1. f4) 1... d5 *\n"},
		{name: "promote variation holding variations", op: "promote",
			in:   str7 + "1. e4 e5 2. Nf3 (2. ⟦⟧Bc4 Nf6 (2... Bc5 3. Nf3) 3. d3) 2... Nc6 *\n",
			want: str7 + "1. e4 e5 2. ⟦⟧Bc4 (2. Nf3 Nc6) 2... Nf6 (2... Bc5 3. Nf3) 3. d3 *\n"},
		{name: "promote two levels", op: "promote",
			in:   str7 + "1. e4 e5 (1... c5 2. Nf3 (2. ⟦⟧c3 d5)) 2. Nf3 *\n",
			want: str7 + "1. e4 c5 (1... e5 2. Nf3) 2. ⟦⟧c3 (2. Nf3) 2... d5 *\n"},
		{name: "promote one of two levels", op: "promote-one",
			in:   str7 + "1. e4 e5 (1... c5 2. Nf3 (2. ⟦⟧c3 d5)) 2. Nf3 *\n",
			want: str7 + "1. e4 e5 (1... c5 2. ⟦⟧c3 (2. Nf3) 2... d5) 2. Nf3 *\n"},
		{name: "promote with leading comment", op: "promote",
			in:   str7 + "1. e4 e5 ({Or} 1... ⟦⟧c5) *\n",
			want: str7 + "1. e4 ⟦⟧c5 {Or} (1... e5) *\n"},
		{name: "promote at line start keeps leading comment before", op: "promote",
			in:   str7 + "1. e4 ({Or} 1. ⟦⟧d4) *\n",
			want: str7 + "{Or} 1. ⟦⟧d4 (1. e4) *\n"},
		{name: "promote in main line", op: "promote", in: str7 + "1. e4⟦⟧ *\n", want: "error: no variation"},
		{name: "delete variation", op: "delete-variation",
			in:   str7 + "1. e4 e5 (1... c5 ⟦⟧2. Nf3) 2. Nf3 *\n",
			want: str7 + "1. e4 e5⟦⟧ 2. Nf3 *\n"},
		{name: "delete inner variation", op: "delete-variation",
			in:   str7 + "1. e4 e5 (1... c5 2. Nf3 (2. ⟦⟧c3)) 2. Nf3 *\n",
			want: str7 + "1. e4 e5 (1... c5 2. Nf3⟦⟧) 2. Nf3 *\n"},
		{name: "delete from here", op: "delete-from-here",
			in:   str7 + "1. e4 e5 2. ⟦⟧Nf3 Nc6 (2... d6) 3. Bb5 *\n",
			want: str7 + "1. e4 e5⟦⟧ *\n"},
		{name: "delete from here in variation", op: "delete-from-here",
			in:   str7 + "1. e4 e5 (1... c5 2. ⟦⟧Nf3 d6) 2. Nf3 *\n",
			want: str7 + "1. e4 e5 (1... c5⟦⟧) 2. Nf3 *\n"},
		{name: "delete from first move of variation", op: "delete-from-here",
			in:   str7 + "1. e4 e5 (1... ⟦⟧c5 2. Nf3 d6) 2. Nf3 *\n",
			want: str7 + "1. e4 e5⟦⟧ 2. Nf3 *\n"},
		{name: "delete from here keeps the alternatives: the first takes its place", op: "delete-from-here",
			in:   str7 + "1. e4 ⟦⟧e5 {open} (1... c5 {sicilian} 2. Nf3) (1... e6) 2. Nf3 Nc6 *\n",
			want: str7 + "1. e4 ⟦⟧c5 {sicilian} (1... e6) 2. Nf3 *\n"},
		{name: "delete from here in variation keeps the alternatives", op: "delete-from-here",
			in:   str7 + "1. e4 e5 (1... c5 2. ⟦⟧Nf3 (2. c3 d5) d6) 2. Nf3 *\n",
			want: str7 + "1. e4 e5 (1... c5 2. ⟦⟧c3 d5) 2. Nf3 *\n"},
		{name: "delete from first move of variation keeps its alternatives", op: "delete-from-here",
			in:   str7 + "1. e4 e5 (1... ⟦⟧c5 (1... e6 2. d4) 2. Nf3) 2. Nf3 *\n",
			want: str7 + "1. e4 e5 (1... ⟦⟧e6 2. d4) 2. Nf3 *\n"},
		{name: "delete from here keeps comment before", op: "delete-from-here",
			in:   str7 + "1. e4 e5 {good} 2. ⟦⟧Nf3 *\n",
			want: str7 + "1. e4 e5 {good}⟦⟧ *\n"},
	} {
		runEditCase(t, c)
	}
}

func TestEditAnnotations(t *testing.T) {
	for _, c := range []editCase{
		{name: "add NAG, export form", op: "nag 1", in: str7 + "1. e4⟦⟧ e5 *\n", want: str7 + "1. ⟦⟧e4 $1 1... e5 *\n"},
		{name: "add NAG", op: "nag 1", in: str7 + "1. e4⟦⟧  e5 *\n", want: str7 + "1. ⟦⟧e4 $1  e5 *\n"},
		{name: "replace NAG of the same kind", op: "nag 2", in: str7 + "1. e4 $1⟦⟧ e5 *\n", want: str7 + "1. ⟦⟧e4 $2 e5 *\n"},
		{name: "replace glyph", op: "nag 4", in: str7 + "1. e4!⟦⟧ e5 *\n", want: str7 + "1. ⟦⟧e4 $4 e5 *\n"},
		{name: "add position NAG", op: "nag 14", in: str7 + "1. e4 $1⟦⟧ e5 *\n", want: str7 + "1. ⟦⟧e4 $1 $14 e5 *\n"},
		{name: "NAG already there", op: "nag 14", in: str7 + "1. e4 $14⟦⟧ e5 *\n", want: str7 + "1. ⟦⟧e4 $14 e5 *\n"},
		{name: "NAG on no move", op: "nag 1", in: str7 + "1. e4 {x⟦⟧} *\n", want: "error: no move"},
		{name: "add comment", op: "comment a good move", in: str7 + "1. e4 $1⟦⟧ e5 *\n", want: str7 + "1. ⟦⟧e4 $1 {a good move} e5 *\n"},
		{name: "edit comment", op: "comment better", in: str7 + "1. e4⟦⟧ { old } e5 *\n", want: str7 + "1. ⟦⟧e4 { better } e5 *\n"},
		{name: "comment with brace", op: "comment a } b", in: str7 + "1. e4⟦⟧ e5 *\n", want: "error: cannot hold"},
		{name: "latin-1 comment", op: "comment très bien", in: "[Event \"caf\xe9\"]\n\n1. e4⟦⟧ e5 *\n", want: "[Event \"caf\xe9\"]\n\n1. ⟦⟧e4 {tr\xe8s bien} e5 *\n"},
		{name: "utf-8 comment", op: "comment très bien", in: "[Event \"café\"]\n\n1. e4⟦⟧ e5 *\n", want: "[Event \"café\"]\n\n1. ⟦⟧e4 {très bien} e5 *\n"},
		{name: "ctl-pgn valuation", file: "t.ctl-pgn", op: "nag 5",
			in:   "[Variant \"C'escacs\"]\n[Id \"X\"]\n[Annotator \"Y\"]\n\n1. F4-F6⟦⟧ F24-F22:\n\n*\n",
			want: "[Variant \"C'escacs\"]\n[Id \"X\"]\n[Annotator \"Y\"]\n\n1. ⟦⟧F4-F6 !? F24-F22:\n\n*\n"},
		{name: "ctl-pgn valuation before game mark", file: "t.ctl-pgn", op: "nag 2",
			in:   "[Variant \"C'escacs\"]\n[Id \"X\"]\n[Annotator \"Y\"]\n\n1. F4-F6 F24-F22⟦⟧:\n\n*\n",
			want: "[Variant \"C'escacs\"]\n[Id \"X\"]\n[Annotator \"Y\"]\n\n1. F4-F6 ⟦⟧F24-F22 ?:\n\n*\n"},
		{name: "ctl-pgn no NAG beyond valuations", file: "t.ctl-pgn", op: "nag 14",
			in:   "[Variant \"C'escacs\"]\n[Id \"X\"]\n[Annotator \"Y\"]\n\n1. F4-F6⟦⟧ F24-F22:\n\n*\n",
			want: "error: no valuation"},
		{name: "ctl-pgn comment", file: "t.ctl-pgn", op: "comment good",
			in:   "[Variant \"C'escacs\"]\n[Id \"X\"]\n[Annotator \"Y\"]\n\n1. F4-F6⟦⟧ F24-F22:\n\n*\n",
			want: "[Variant \"C'escacs\"]\n[Id \"X\"]\n[Annotator \"Y\"]\n\n1. ⟦⟧F4-F6 {good} F24-F22:\n\n*\n"},
	} {
		runEditCase(t, c)
	}
}

// exportGame is a game in export form whose movetext fills three lines.
const exportGame = str7 + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\n" +
	"O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15.\n" +
	"Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 *\n"

func TestEditLayout(t *testing.T) {
	for _, c := range []editCase{
		{name: "export form: the paragraph is filled again", op: "play d4",
			in: strings.Replace(exportGame, "Nc6", "Nc6⟦⟧", 1),
			want: str7 + "1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. ⟦⟧d4) 3... a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7.\n" +
				"Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14.\n" +
				"Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 *\n"},
		{name: "free layout: only the insertion", op: "play d4",
			in:   str7 + "1. e4 e5⟦⟧\n2. Nf3   Nc6 *\n",
			want: str7 + "1. e4 e5\n2. Nf3 (2. ⟦⟧d4)   2... Nc6 *\n"},
		{name: "latin-1 file", op: "play c5",
			in:   "[Event \"Caf\xe9\"]\n\n1. e4⟦⟧ {tr\xe8s bien} e5 *\n",
			want: "[Event \"Caf\xe9\"]\n\n1. e4 {tr\xe8s bien} e5 (1... ⟦⟧c5) *\n"},
		{name: "promotion", op: "play e7e8",
			in:   "[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 60\"]\n[SetUp \"1\"]\n\n⟦⟧*\n",
			want: "[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 60\"]\n[SetUp \"1\"]\n\n60. ⟦⟧e8=Q *\n"},
		{name: "underpromotion in UCI", op: "play e7e8r",
			in:   "[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 60\"]\n[SetUp \"1\"]\n\n⟦⟧*\n",
			want: "[FEN \"8/4P3/8/8/8/k7/8/K7 w - - 0 60\"]\n[SetUp \"1\"]\n\n60. ⟦⟧e8=R *\n"},
		{name: "black to move from a FEN", op: "play Kb3",
			in:   "[FEN \"8/4P3/8/8/8/k7/8/K7 b - - 0 60\"]\n[SetUp \"1\"]\n\n⟦⟧*\n",
			want: "[FEN \"8/4P3/8/8/8/k7/8/K7 b - - 0 60\"]\n[SetUp \"1\"]\n\n60... ⟦⟧Kb3 *\n"},
	} {
		runEditCase(t, c)
	}
}

// checkEdits runs every editing operation at off and checks their
// invariants: the edits lie in the file, in order and apart, the cursor
// in the edited text, and the edited file has as many games.
func checkEdits(t testing.TB, f *syntax.File, off syntax.Pos) {
	t.Helper()
	ops := []string{"play e4", "play Nf3", "play e7e5", "promote", "promote-one", "delete-variation", "delete-from-here", "nag 1", "nag 14", "comment x"}
	if ms, err := LegalMoves(f, off); err == nil && len(ms) > 0 {
		ops = append(ops, "play "+ms[len(ms)/2].SAN, "play "+ms[0].UCI)
	}
	_ = EditTargetAt(f, off)
	text := f.Text()
	for _, op := range ops {
		ch, err := applyOp(f, off, op)
		if err != nil {
			continue
		}
		var end syntax.Pos
		for _, e := range ch.Edits {
			if e.Start < end || e.End < e.Start || e.End > f.Len() {
				t.Fatalf("%s at %d: edit %d-%d out of order or outside the file (length %d)", op, off, e.Start, e.End, f.Len())
			}
			end = e.End
		}
		out := applyChange(text, ch)
		if ch.Cursor < 0 || int(ch.Cursor) > len(out) {
			t.Fatalf("%s at %d: cursor %d outside the edited text (length %d)", op, off, ch.Cursor, len(out))
		}
		if n := syntax.Parse(f.Name, out, f.Dialect).NumGames(); n != f.NumGames() {
			t.Fatalf("%s at %d: %d games become %d:\n%s", op, off, f.NumGames(), n, out)
		}
	}
}

// TestEditsCorpus runs the editing operations at moves and other places
// of the corpus files.
func TestEditsCorpus(t *testing.T) {
	for _, path := range corpus(t, 32<<10) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			text := readCorpusFile(t, path)
			f := syntax.Parse(filepath.Base(path), text, syntax.DetectDialect(path, text))
			rng := rand.New(rand.NewPCG(uint64(len(text)), 7))
			n := int(f.Len())
			for range 6 {
				checkEdits(t, f, syntax.Pos(rng.IntN(n+1)))
			}
		})
	}
}

func FuzzEdits(f *testing.F) {
	f.Add(str7+"1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 *\n", uint32(90), false)
	f.Add("[Variant \"C'escacs\"]\n\n1. F4-F6 F24-F22:\n\n*\n", uint32(25), true)
	f.Add("1. e4 (1... e5 ( $", uint32(14), false)
	f.Fuzz(func(t *testing.T, text string, at uint32, ctl bool) {
		d := syntax.PGN
		if ctl {
			d = syntax.CTLPGN
		}
		file := syntax.Parse("fuzz", text, d)
		n := uint32(file.Len()) + 1
		checkEdits(t, file, syntax.Pos(at%n))
	})
}
