package lsp

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

func rng(l1, c1, l2, c2 int64) *wire.Range {
	return &wire.Range{Start: wire.Position{Line: l1, Character: c1}, End: wire.Position{Line: l2, Character: c2}}
}

func TestApplyChanges(t *testing.T) {
	const fan = "[Variant \"C'escacs\"]\r\n\r\n1. 🩐D2-B6, K5-K7 @@ *\r\n"
	for _, tc := range []struct {
		name    string
		text    string
		changes []wire.ContentChange
		want    string
		clamped int
		err     string
	}{
		{
			name:    "replace after a glyph (UTF-16 columns)",
			text:    fan,
			changes: []wire.ContentChange{{Range: rng(2, 18, 2, 20), Text: "🩐E4-E5"}},
			want:    strings.Replace(fan, "@@", "🩐E4-E5", 1),
		},
		{
			name:    "insertion at 0:0 is not a full replacement",
			text:    "b\n",
			changes: []wire.ContentChange{{Range: rng(0, 0, 0, 0), Text: "a"}},
			want:    "ab\n",
		},
		{
			name: "changes apply in order, each to the previous result",
			text: "1. e4 e5 *\n",
			changes: []wire.ContentChange{
				{Range: rng(0, 9, 0, 10), Text: "1-0"},   // * → 1-0
				{Range: rng(0, 6, 0, 8), Text: "c5"},     // e5 → c5
				{Range: rng(0, 12, 0, 12), Text: " {x}"}, // at the end of the new line
			},
			want: "1. e4 c5 1-0 {x}\n",
		},
		{
			name:    "delete across a CRLF",
			text:    "ab\r\ncd\r\n",
			changes: []wire.ContentChange{{Range: rng(0, 1, 1, 1), Text: ""}},
			want:    "ad\r\n",
		},
		{
			name:    "full replacement",
			text:    "abc\n",
			changes: []wire.ContentChange{{Text: "xyz"}, {Range: rng(0, 3, 0, 3), Text: "!"}},
			want:    "xyz!",
		},
		{
			name:    "column past the line end is clamped to it",
			text:    "ab\ncd\n",
			changes: []wire.ContentChange{{Range: rng(0, 5, 0, 9), Text: "X"}},
			want:    "abX\ncd\n",
			clamped: 2,
		},
		{
			name:    "line past the end is clamped to the end of the file",
			text:    "ab\ncd",
			changes: []wire.ContentChange{{Range: rng(1, 1, 7, 0), Text: "Z"}},
			want:    "ab\ncZ",
			clamped: 1,
		},
		{
			name:    "line just past the last one, column 0, is EOF and exact",
			text:    "ab\n",
			changes: []wire.ContentChange{{Range: rng(1, 0, 1, 0), Text: "c"}},
			want:    "ab\nc",
		},
		{
			name:    "negative numbers are clamped to 0",
			text:    "ab",
			changes: []wire.ContentChange{{Range: rng(-1, -4, 0, 1), Text: ""}},
			want:    "b",
		},
		{
			name:    "inside a surrogate pair snaps to the glyph start",
			text:    "🩐x",
			changes: []wire.ContentChange{{Range: rng(0, 1, 0, 1), Text: "y"}},
			want:    "y🩐x",
			clamped: 2,
		},
		{
			name:    "reversed range: nothing applied",
			text:    "ab\ncd\n",
			changes: []wire.ContentChange{{Range: rng(0, 0, 0, 1), Text: "Q"}, {Range: rng(1, 1, 0, 2), Text: "X"}},
			want:    "ab\ncd\n",
			err:     "precedes its start",
		},
		{
			name:    "reversed on one line",
			text:    "abcd",
			changes: []wire.ContentChange{{Range: rng(0, 3, 0, 1), Text: ""}},
			want:    "abcd",
			err:     "precedes its start",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := syntax.Parse("t.pgn", tc.text, syntax.DetectDialect("t.pgn", tc.text))
			ch, clamped, err := applyChanges(old, tc.changes)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("err = %v, want %q", err, tc.err)
			}
			if err != nil {
				return // nothing applied
			}
			f := ch.File
			text := tc.text
			for _, e := range ch.Edits {
				text = e.Apply(text)
			}
			if text != tc.want {
				t.Errorf("the edits returned give %q, want %q", text, tc.want)
			}
			if got := f.Text(); got != tc.want {
				t.Errorf("text = %q, want %q", got, tc.want)
			}
			if clamped != tc.clamped {
				t.Errorf("clamped = %d, want %d", clamped, tc.clamped)
			}
			if got, want := syntax.Dump(f), syntax.Dump(syntax.Parse("t.pgn", tc.want, old.Dialect)); got != want {
				t.Errorf("incremental parse differs from a full parse:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestFileName(t *testing.T) {
	for uri, want := range map[string]string{
		"file:///home/me/game.ctl-pgn":  "/home/me/game.ctl-pgn",
		"file:///c%3A/My%20Games/a.pgn": "/c:/My Games/a.pgn",
		"untitled:Untitled-1":           "Untitled-1",
		"untitled:x.ctl-pgn":            "x.ctl-pgn",
		"%%%":                           "%%%",
	} {
		if got := fileName(protocol.DocumentURI(uri)); got != want {
			t.Errorf("fileName(%q) = %q, want %q", uri, got, want)
		}
	}
}

// TestApplyChangesBatches: many ranged changes in one didChange, as an
// editor sends the edits of a formatting (each before the previous one,
// or each after it), read in the lines of the original text (inOriginal),
// give exactly what mapping and applying them one by one gives: the text
// and its parse. (session's TestApplyBatches checks the batch's
// application.)
func TestApplyChangesBatches(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"1. e4 e5 ", "{é 🩐}", "\r\n", "\n", "\r", "[Event \"x\"]", "*", "\n\n", "Nf3 ", "ü"}
	for iter := range 300 {
		var b strings.Builder
		for range 20 + r.IntN(40) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		f := session.Parse("t.pgn", text, syntax.PGN)
		// Random edits in ascending order at character boundaries.
		var cuts []int
		for i := 0; i <= len(text); i++ {
			if i == len(text) || utf8.RuneStart(text[i]) && !(i > 0 && text[i-1] == '\r' && text[i] == '\n') {
				cuts = append(cuts, i)
			}
		}
		var edits []syntax.Edit
		at := 0
		for at < len(cuts) {
			start := at + r.IntN(4)
			if start >= len(cuts) {
				break
			}
			end := min(start+r.IntN(3), len(cuts)-1)
			nu := pieces[r.IntN(len(pieces))]
			if r.IntN(3) == 0 {
				nu = ""
			}
			edits = append(edits, syntax.Edit{Span: syntax.Span{Start: syntax.Pos(cuts[start]), End: syntax.Pos(cuts[end])}, New: nu})
			at = end + 1
		}
		if len(edits) < 2 {
			continue
		}
		toWire := func(p protocol.Position) wire.Position {
			return wire.Position{Line: int64(p.Line), Character: int64(p.Character)}
		}
		// Descending: every range is read in the original text.
		var desc []wire.ContentChange
		m := mapper{f}
		for i := len(edits) - 1; i >= 0; i-- {
			rg := m.rangeOf(syntax.Span{Start: edits[i].Start, End: edits[i].End})
			desc = append(desc, wire.ContentChange{Range: &wire.Range{Start: toWire(rg.Start), End: toWire(rg.End)}, Text: edits[i].New})
		}
		// Ascending: each range in the text the changes before it made.
		var asc []wire.ContentChange
		cur, shift := f, syntax.Pos(0)
		for _, e := range edits {
			rg := mapper{cur}.rangeOf(syntax.Span{Start: e.Start + shift, End: e.End + shift})
			asc = append(asc, wire.ContentChange{Range: &wire.Range{Start: toWire(rg.Start), End: toWire(rg.End)}, Text: e.New})
			cur, _ = syntax.Reparse(cur, syntax.Edit{Span: syntax.Span{Start: e.Start + shift, End: e.End + shift}, New: e.New})
			shift += syntax.Pos(len(e.New)) - (e.End - e.Start)
		}
		for _, changes := range [][]wire.ContentChange{desc, asc} {
			if _, ok := inOriginal(f, changes); !ok && !strings.Contains(fmt.Sprint(text, changes), "\r") {
				t.Fatalf("iteration %d: changes in one direction not read in the original text: %+v", iter, changes)
			}
			ch, _, err := applyChanges(f, changes)
			if err != nil {
				t.Fatal(err)
			}
			got := ch.File
			want := f
			for _, c := range changes {
				one, _, _ := applyChanges(want, []wire.ContentChange{c})
				want = one.File
			}
			if got.Text() != want.Text() || syntax.Dump(got) != syntax.Dump(session.Parse("t.pgn", want.Text(), syntax.PGN)) {
				t.Fatalf("iteration %d: batch gives %q, one by one %q (text %q, changes %+v)", iter, got.Text(), want.Text(), text, changes)
			}
		}
	}
}
